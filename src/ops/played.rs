//! What the misère and loopy faces share: a derivation proved by its own play (`proof::misere`,
//! `proof::loopy`), written as a chain of steps, in text or JSON only.

use super::exit::Failure;
use super::{unsupported, Ctx, Format};
use crate::proof::step::path_string;
use crate::proof::step::Step;
use crate::proof::{Play, Proof};
use crate::rules::RuleSet;
use crate::term::Term;

/// The most nodes a loopy step's term is written out to in the chain.
const SHOWN: usize = 100_000;

/// The most positions of game graphs written through a loopy proof's table that the text
/// lists (past that, the JSON has them).
const LISTED: usize = 300;

/// Text or JSON; any other format is refused for `cmd`, as `unsupported` says.
pub(crate) fn only_text_or_json(ctx: &Ctx, cmd: &str) -> Result<(), Failure> {
    match ctx.format {
        Format::Text | Format::Json => Ok(()),
        f => Err(unsupported(cmd, f)),
    }
}

/// What a play's `simplify` or `prove` answers: the text and its status, or the failure.
pub(crate) type Answer = Result<(String, super::exit::Status), Failure>;

/// The opening of a play's `simplify` or `prove` (`what` names it for a refusal): text or
/// JSON only, and the rules it runs, the play's `shipped` rules chosen by `--rules` and
/// added to by `--rules-file`, as in normal play.
pub(crate) fn play_command(ctx: &Ctx, what: &str, shipped: RuleSet) -> Result<RuleSet, Failure> {
    only_text_or_json(ctx, what)?;
    super::play_rules(ctx, shipped)
}

/// The proof's JSON with the claim that its result is final, when there is one
/// (`proof::final_form`).
pub(crate) fn json_with_claim(p: &Proof) -> String {
    let claim = crate::proof::final_form::claim(p);
    crate::proof::final_form::attach(p.to_json(), claim.as_ref())
}

/// Under `--explain`, why the result is final: each option and why no rule applies, the
/// steps' conditions said once to be decided by definitions; empty otherwise.
pub(crate) fn why_final(ctx: &Ctx, p: &Proof) -> String {
    if ctx.explain == 0 {
        return String::new();
    }
    super::simplify::decided_by_definitions(p.play).to_string()
        + &super::simplify::final_lines(p, &ctx.style)
}

/// The JSON line of a `prove` in `play` that found `x` and `y` different: what the play says
/// of each (`fields`, an object) beside the names every play writes.
pub(crate) fn different_json(play: &str, x: &Term, y: &Term, fields: serde_json::Value) -> String {
    let mut v = serde_json::json!({
        "play": play,
        "a": x.to_string(),
        "b": y.to_string(),
        "equal": false,
    });
    if let (Some(o), serde_json::Value::Object(f)) = (v.as_object_mut(), fields) {
        o.extend(f);
    }
    format!("{v}\n")
}

/// The steps as the normal-play derivation writes them: the input, then `= term` and `by rule
/// at place: witnesses` for each step, each term written out from the proof's table (a loopy
/// proof keeps its steps' terms there; people read them whole).
pub(crate) fn chain(ctx: &Ctx, p: &Proof) -> String {
    chain_placed(ctx, p, usize::MAX, &|_| None)
}

/// [`chain`], each term's references written out when that takes at most `max` nodes (larger
/// ones stay `#n`, for a table the caller writes), and a step's place in the words `place`
/// gives for it (its path, or `the top`, when `None`).
pub(crate) fn chain_placed(
    ctx: &Ctx,
    p: &Proof,
    max: usize,
    place: &dyn Fn(&Step) -> Option<String>,
) -> String {
    let style = &ctx.style;
    let mut out = format!("    {}\n", style.term(&p.input));
    for s in &p.steps {
        let at = place(s).unwrap_or_else(|| {
            if s.at.is_empty() {
                "the top".to_string()
            } else {
                path_string(&s.at)
            }
        });
        let back = if s.reversed {
            ", read right to left"
        } else {
            ""
        };
        let to = match p.play {
            // A game graph written through the table stays `#n` ([`graph_entries`]).
            Play::Loopy => p.terms.open_up(&s.to, max.min(SHOWN)).ok(),
            _ => p.terms.expand(&s.to, max),
        }
        .unwrap_or_else(|| s.to.clone());
        out.push_str(&format!("  = {}\n", style.term(&to)));
        out.push_str(&format!(
            "      by {}{back} at {at}: {}\n",
            s.rule,
            style.words(&s.why, 6, 8)
        ));
    }
    out
}

/// The positions of game graphs that a loopy proof writes through its term table (a graph
/// CGSuite's notation could write only by copying a position inside a cycle), which the
/// chain names `#n`: one line each, `#n = {#m,0|pass}`, or a line saying where to find them
/// when there are more than [`LISTED`]. Empty when the chain names none.
pub(crate) fn graph_entries(p: &Proof) -> String {
    if p.play != Play::Loopy || p.terms.cyclic().is_none() {
        return String::new();
    }
    let mut seen = std::collections::BTreeSet::new();
    let mut stack: Vec<u32> = Vec::new();
    let named = |t: &Term, stack: &mut Vec<u32>| {
        if let Ok(o) = p.terms.open_up(t, SHOWN) {
            refs(&o, stack);
        }
    };
    named(&p.input, &mut stack);
    for s in &p.steps {
        named(&s.to, &mut stack);
    }
    let mut lines = Vec::new();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        if seen.len() > LISTED {
            return format!(
                "  (#n: positions of game graphs written through the proof's term table, more \
                 than {LISTED}; `--format json` lists them all)\n"
            );
        }
        let Some(view) = p.terms.view(n) else {
            continue;
        };
        let shown = p
            .terms
            .open_up(view, SHOWN)
            .unwrap_or_else(|_| view.clone());
        named(&shown, &mut stack);
        lines.push((n, shown));
    }
    lines.sort_by_key(|l| l.0);
    let mut out = String::from(
        "  where (positions of game graphs written through the proof's term table):\n",
    );
    for (n, t) in lines {
        out.push_str(&format!("    #{n} = {t}\n"));
    }
    out
}

/// The references in `t`, pushed onto `out`.
fn refs(t: &Term, out: &mut Vec<u32>) {
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        match x {
            Term::Ref(n) => out.push(*n),
            _ => stack.extend(crate::term::children(x)),
        }
    }
}

/// The text of an equality proved in a play with its own checker: the chain (`steps`, as the
/// play writes it), then one line: `x = y`, what both reach (`both`) and what decided the
/// steps again (`how`).
pub(crate) fn proved(
    ctx: &Ctx,
    p: &Proof,
    steps: String,
    x: &Term,
    y: &Term,
    both: &str,
    how: &str,
) -> String {
    let n = p.steps.len();
    format!(
        "{steps}proved{}: {} = {} ({both}; {n} step{}; checked: every step's conditions \
         decided again by {how})\n",
        match p.play {
            Play::Misere => " in misère play",
            _ => "",
        },
        ctx.style.term(x),
        ctx.style.term(y),
        if n == 1 { "" } else { "s" }
    )
}
