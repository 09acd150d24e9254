//! `onag compare`: the relation between two games and its reasons, read off the difference
//! A − B: A > B exactly when Left wins A − B whoever moves first, and so on (seed 002, the
//! outcome classes); each player's winning first move is the evidence.

use super::eval::outcome_letter;
use super::{emit, unsupported, Ctx};
use crate::cli::args::Format;
use crate::cli::exit::{CliError, OK};
use crate::cli::format::{latex, markdown};
use crate::cli::input;
use crate::cli::style::Style;
use crate::kernel::{Kernel, Outcome};
use crate::proof::{disprove, Disproof, Player};
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, a: &str, b: &str, brief: bool) -> Result<i32, CliError> {
    let x = input::parse_named(a, "first")?;
    let y = input::parse_named(b, "second")?;
    let (rel, d) = compare(&x, &y)?;
    let style = &ctx.style;
    let text = if brief {
        format!("{}\n", symbol(rel, style))
    } else {
        match ctx.format {
            Format::Text => {
                let mut out = text(&x, &y, rel, &d, style);
                if ctx.explain > 0 {
                    out.push_str(&by_definition(&x, &y, ctx.explain)?);
                }
                out
            }
            Format::Markdown => format!(
                "{} {} {}\n\n{}",
                markdown::code(&style.term(&x)),
                symbol(rel, style),
                markdown::code(&style.term(&y)),
                reasons(&x, &y, &d, style)
                    .iter()
                    .map(|l| format!("- {}\n", markdown::escape(l)))
                    .collect::<String>()
            ),
            Format::Latex => format!(
                "\\[ {} {} {} \\]\n{}\n",
                latex::term(&x),
                latex_symbol(rel),
                latex::term(&y),
                latex::text(&reasons(&x, &y, &d, style).join(" "))
            ),
            Format::Json => format!("{}\n", json(&x, &y, rel, &d)),
            f => return Err(unsupported("compare", f)),
        }
    };
    emit(&text);
    Ok(OK)
}

/// The relation as an outcome class of A − B, and the disproof-style evidence.
pub(crate) fn compare(x: &Term, y: &Term) -> Result<(Outcome, Disproof), CliError> {
    let mut k = Kernel::new();
    let d = disprove(&mut k, x, y)?;
    Ok((d.outcome, d))
}

/// `<`, `>`, `=`, `||` for the outcome of A − B.
pub(crate) fn symbol(o: Outcome, style: &Style) -> &'static str {
    match (o, style.unicode) {
        (Outcome::L, _) => ">",
        (Outcome::R, _) => "<",
        (Outcome::P, _) => "=",
        (Outcome::N, false) => "||",
        (Outcome::N, true) => "‖",
    }
}

fn latex_symbol(o: Outcome) -> &'static str {
    match o {
        Outcome::L => ">",
        Outcome::R => "<",
        Outcome::P => "=",
        Outcome::N => "\\parallel",
    }
}

fn text(x: &Term, y: &Term, rel: Outcome, d: &Disproof, style: &Style) -> String {
    let mut out = format!(
        "{} {} {}\n",
        style.term(x),
        symbol(rel, style),
        style.term(y)
    );
    for line in reasons(x, y, d, style) {
        out.push_str(&format!("  {}\n", style.words(&line, 2, 4)));
    }
    out
}

/// Both inequalities written out by the definition of ≤, `depth` levels deep (`--explain`).
fn by_definition(x: &Term, y: &Term, depth: usize) -> Result<String, CliError> {
    let c = crate::proof::compare(x, y, depth)?;
    let mut out = String::from("  By the definition of <= (seed 002, Definition 2.5):\n");
    for q in [&c.le, &c.ge] {
        for line in q.to_string().lines() {
            out.push_str(&format!("    {line}\n"));
        }
    }
    Ok(out)
}

/// `A - B` as it would be typed.
pub(crate) fn difference(x: &Term, y: &Term, style: &Style) -> String {
    let minus = if style.unicode { "−" } else { "-" };
    let wrap = |t: &Term| {
        let s = style.term(t);
        if matches!(t, Term::Sum(..)) {
            format!("({s})")
        } else {
            s
        }
    };
    format!("{} {minus} {}", wrap(x), wrap(y))
}

/// The reasons in sentences: the outcome of A − B and each player's first move.
pub(crate) fn reasons(x: &Term, y: &Term, d: &Disproof, style: &Style) -> Vec<String> {
    let who = match d.outcome {
        Outcome::L => "Left wins it whoever moves first",
        Outcome::R => "Right wins it whoever moves first",
        Outcome::N => "whoever moves first wins it",
        Outcome::P => "whoever moves first loses it",
    };
    let mut lines = vec![format!(
        "{} = {}: {who} (outcome {}).",
        difference(x, y, style),
        style.term(&d.difference),
        outcome_letter(d.outcome)
    )];
    if d.outcome == Outcome::P {
        lines.push("So the games are equal; `onag prove` gives a proof by rules.".into());
        return lines;
    }
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        let name = match player {
            Player::Left => "Left",
            Player::Right => "Right",
        };
        match d.moves.iter().find(|m| m.player == player) {
            Some(m) => moves.push(format!(
                "{name} moving first wins by moving to {} (outcome {}).",
                style.term(&m.position),
                outcome_letter(m.outcome)
            )),
            None => moves.push(format!("{name} moving first has no winning move.")),
        }
    }
    lines.push(moves.join(" "));
    lines
}

fn json(x: &Term, y: &Term, rel: Outcome, d: &Disproof) -> serde_json::Value {
    let ascii = |t: &Term| t.to_string();
    serde_json::json!({
        "a": ascii(x),
        "b": ascii(y),
        "relation": symbol(rel, &Style::default()),
        "difference": ascii(&d.difference),
        "outcome": outcome_letter(d.outcome),
        "moves": d.moves.iter().map(|m| serde_json::json!({
            "player": match m.player { Player::Left => "Left", Player::Right => "Right" },
            "to": ascii(&m.position),
            "outcome": outcome_letter(m.outcome),
        })).collect::<Vec<_>>(),
    })
}

/// The JSON object for `prove` of games that differ.
pub(crate) fn disproof_json(x: &Term, y: &Term, d: &Disproof) -> serde_json::Value {
    let mut v = json(x, y, d.outcome, d);
    v["equal"] = serde_json::Value::Bool(false);
    v
}
