//! Compare: the relation between two games and its reasons, read off the difference A − B:
//! A > B exactly when Left wins A − B whoever moves first, and so on (seed 002, the outcome
//! classes); each player's winning first move is the evidence.

use super::exit::Failure;
use super::render::{latex, markdown};
use super::style::Style;
use super::{unsupported, Ctx, Format};
use crate::kernel::{Kernel, OutcomeClass};
use crate::proof::{disprove, Disproof, MoveInGames, Which};
use crate::term::Term;

/// The relation of `x` and `y` with its reasons in `ctx`'s format; each kernel it uses comes
/// from `kernel` (with the face's limits and cancel flag).
pub(crate) fn answer(
    ctx: &Ctx,
    x: &Term,
    y: &Term,
    brief: bool,
    kernel: impl Fn() -> Kernel,
) -> Result<String, Failure> {
    let (mut x, mut y) = (x.clone(), y.clone());
    let mut note = String::new();
    match number_world(ctx, &x, &y, brief, kernel())? {
        World::Answer(text) => return Ok(text),
        World::Games => {}
        // Terms only the number world evaluates (1/3 + 1/3 + 1/3, *w + *w) whose values are
        // short games: compared as those games, with the kernel's reasons.
        World::Evaluated(a, b, said) => {
            (x, y) = (a, b);
            if matches!(ctx.format, Format::Text) && !brief {
                note = said;
            }
        }
    }
    let (rel, d) = compare_in(kernel(), &x, &y)?;
    let style = &ctx.style;
    let text = if brief {
        format!("{}\n", symbol(rel, style))
    } else {
        match ctx.format {
            Format::Text => {
                let mut out = std::mem::take(&mut note);
                out.push_str(&text(&x, &y, rel, &d, style));
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
    Ok(text)
}

/// The relation as an outcome class of A − B, and the disproof-style evidence.
fn compare_in(mut k: Kernel, x: &Term, y: &Term) -> Result<(OutcomeClass, Disproof), Failure> {
    // The disproof writes A − B out as a tree: refuse (exit 3) before a tree that would not
    // fit in memory, instead of being killed. The values are memoised for `disprove`.
    let (gx, gy) = (k.eval(x)?, k.eval(y)?);
    let ny = k.neg(gy);
    let diff = k.add(gx, ny)?;
    let size = k.tree_size(diff);
    if size > num_bigint::BigInt::from(super::value::MAX_TREE) {
        return Err(Failure::limit(format!(
                "A - B written as a tree has {size} nodes, more than the {} onag writes out; `onag eval --json \"(A) - (B)\"` gives its outcome and its value shared",
                super::value::MAX_TREE
            ),
        ));
    }
    let d = disprove(&mut k, x, y)?;
    Ok((d.outcome, d))
}

/// `<`, `>`, `=`, `||` for the outcome of A − B.
pub(crate) fn symbol(o: OutcomeClass, style: &Style) -> &'static str {
    match (o, style.unicode) {
        (OutcomeClass::L, _) => ">",
        (OutcomeClass::R, _) => "<",
        (OutcomeClass::P, _) => "=",
        (OutcomeClass::N, false) => "||",
        (OutcomeClass::N, true) => "‖",
    }
}

fn latex_symbol(o: OutcomeClass) -> &'static str {
    match o {
        OutcomeClass::L => ">",
        OutcomeClass::R => "<",
        OutcomeClass::P => "=",
        OutcomeClass::N => "\\parallel",
    }
}

fn text(x: &Term, y: &Term, rel: OutcomeClass, d: &Disproof, style: &Style) -> String {
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
fn by_definition(x: &Term, y: &Term, depth: usize) -> Result<String, Failure> {
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
    let who = crate::proof::display::who_wins(d.outcome);
    let mut lines = vec![format!(
        "{} = {}: {who} (outcome {}).",
        difference(x, y, style),
        style.term(&d.difference),
        d.outcome.to_string()
    )];
    if d.outcome == OutcomeClass::P {
        lines.push("So the games are equal; `onag prove` gives a proof by rules.".into());
        return lines;
    }
    lines.push(d.moves_in_words(style.unicode));
    lines.extend(d.in_games.iter().map(|m| in_games(x, y, m, style)));
    lines
}

/// A winning first move as a move in the games written: which game, which part, to what.
fn in_games(x: &Term, y: &Term, m: &MoveInGames, style: &Style) -> String {
    let (name, whole) = match m.game {
        Which::A => ("A", x),
        Which::B => ("B", y),
    };
    let moved = if m.at.is_empty() {
        format!("{name} = {}", style.term(whole))
    } else {
        format!("the part {} of {name}", style.term(&m.part))
    };
    let (a2, b2) = match m.game {
        Which::A => (&m.game_after, y),
        Which::B => (x, &m.game_after),
    };
    let how = if m.mover == m.player {
        format!("moving {moved} to {}", style.term(&m.to))
    } else {
        format!(
            "moving in -B, which is {}'s move in {moved} to {}",
            m.mover,
            style.term(&m.to)
        )
    };
    format!(
        "In the games as written: {} moving first wins by {how}, leaving {}.",
        m.player,
        difference(a2, b2, style)
    )
}

fn path_json(at: &[crate::proof::PathElem]) -> Vec<String> {
    at.iter().map(|e| e.to_string()).collect()
}

fn json(x: &Term, y: &Term, rel: OutcomeClass, d: &Disproof) -> serde_json::Value {
    let ascii = |t: &Term| t.to_string();
    serde_json::json!({
        "a": ascii(x),
        "b": ascii(y),
        "relation": symbol(rel, &Style::default()),
        "difference": ascii(&d.difference),
        "outcome": d.outcome.to_string(),
        "moves": d.moves.iter().map(|m| serde_json::json!({
            "player": m.player.to_string(),
            "to": ascii(&m.position),
            "outcome": m.outcome.to_string(),
        })).collect::<Vec<_>>(),
        "moves_in_games": d.in_games.iter().map(|m| serde_json::json!({
            "player": m.player.to_string(),
            "game": match m.game { Which::A => "A", Which::B => "B" },
            "mover": m.mover.to_string(),
            "at": path_json(&m.at),
            "part": ascii(&m.part),
            "to": ascii(&m.to),
            "game_after": ascii(&m.game_after),
        })).collect::<Vec<_>>(),
    })
}

/// The JSON object for `prove` of games that differ.
pub(crate) fn disproof_json(x: &Term, y: &Term, d: &Disproof) -> serde_json::Value {
    let mut v = json(x, y, d.outcome, d);
    v["equal"] = serde_json::Value::Bool(false);
    v
}

/// What the number world makes of a comparison.
enum World {
    /// Both terms are short games the kernel evaluates: its comparison and reasons.
    Games,
    /// Both values are short games, but only the number world evaluates the terms: the
    /// canonical forms to compare, and a line saying so.
    Evaluated(Term, Term, String),
    /// The answer, worked out here.
    Answer(String),
}

/// Two values of which one is not a short game (ω, 1/3, *ω): numbers compare by their normal
/// forms (the first term where they differ decides), a transfinite nimber equals only itself
/// and is confused with every other nimber (their nim sum is a nonzero nimber). A number x
/// that is not a short game against a short game G that is not a number, or a transfinite
/// nimber against a number: decided by G's stops (a number above Left's stop is above G,
/// one below Right's stop below it, one strictly between is confused with it; the stops of
/// ∗α are 0). Anything else (∗ω against ↑) is refused, saying why.
fn number_world(
    ctx: &Ctx,
    x: &Term,
    y: &Term,
    brief: bool,
    mut k: Kernel,
) -> Result<World, Failure> {
    use crate::functions::world::{self, Value};
    let (vx, vy) = (world::eval(&mut k, x)?, world::eval(&mut k, y)?);
    if let (Value::Game(a), Value::Game(b)) = (&vx, &vy) {
        let (a, b) = (*a, *b);
        if k.eval(x).is_ok() && k.eval(y).is_ok() {
            return Ok(World::Games);
        }
        let (ta, tb) = (k.to_term(a), k.to_term(b));
        let style = &ctx.style;
        let said = format!(
            "(evaluated, both are short games: A = {}, B = {})\n",
            style.term(&ta),
            style.term(&tb)
        );
        return Ok(World::Evaluated(ta, tb, said));
    }
    if matches!(vx, Value::Loopy(_)) || matches!(vy, Value::Loopy(_)) {
        return loopy(ctx, &mut k, &vx, &vy, brief).map(World::Answer);
    }
    let mut stops_reason = None;
    let rel = if let Some(o) = world::compare_numbers(&k, &vx, &vy) {
        match o {
            std::cmp::Ordering::Less => OutcomeClass::R,
            std::cmp::Ordering::Equal => OutcomeClass::P,
            std::cmp::Ordering::Greater => OutcomeClass::L,
        }
    } else if let (Some(p), Some(q)) = (vx.as_on2(&k), vy.as_on2(&k)) {
        if p == q {
            OutcomeClass::P
        } else {
            OutcomeClass::N
        }
    } else if let Some((o, why)) = by_stops(&mut k, &vx, &vy, ctx.style.unicode) {
        stops_reason = Some(why);
        o
    } else if let Some((o, why)) = by_stops(&mut k, &vy, &vx, ctx.style.unicode) {
        stops_reason = Some(why);
        match o {
            OutcomeClass::L => OutcomeClass::R,
            OutcomeClass::R => OutcomeClass::L,
            other => other,
        }
    } else {
        let (dx, dy) = (vx.display(&mut k, true), vy.display(&mut k, true));
        return Err(Failure::bad(format!(
            "comparing {dx} with {dy} is not supported: the kernel holds short games only, so a number that is not a short game compares with numbers and (by their stops) with short games, a transfinite nimber with nimbers and numbers; a transfinite nimber against a short game that is neither (*w against ^) has no rule here\n"
        )));
    };
    let style = &ctx.style;
    let sym = symbol(rel, style);
    if brief {
        return Ok(World::Answer(format!("{sym}\n")));
    }
    let (dx, dy) = (
        vx.display(&mut k, !style.unicode),
        vy.display(&mut k, !style.unicode),
    );
    let why = match (rel, stops_reason) {
        (_, Some(why)) => why,
        (OutcomeClass::N, _) => "their nim sum is a nonzero nimber, a first-player win".to_string(),
        _ if vx.as_surreal(&k).is_some() && vy.as_surreal(&k).is_some() => format!(
            "({dx}) − ({dy}) = {}, read off the leading term of the normal form",
            vx.as_surreal(&k)
                .zip(vy.as_surreal(&k))
                .map(|(p, q)| p.sub(&q).display(!style.unicode))
                .unwrap_or_default()
        ),
        _ => "the same nimber".to_string(),
    };
    Ok(World::Answer(match ctx.format {
        Format::Json => format!(
            "{}\n",
            serde_json::json!({"a": vx.display(&mut k, true), "b": vy.display(&mut k, true), "relation": symbol(rel, &Style::default()), "reason": why})
        ),
        _ => format!("{dx} {sym} {dy}\n  {why}\n"),
    }))
}

/// Two values of which one is a loopy game: stoppers by the order of stoppers (G ≥ H when
/// Left, moving second in G − H, never loses, infinite play counting as her survival), sided
/// values by their sides (G ≥ H when G⁺ ≥ H⁺ and G⁻ ≥ H⁻, Siegel VI.5), a side that is not
/// a stopper by the order of sides (a Büchi game on G − H, `loopy::side_order`), so a game
/// that is not stopper-sided (Bach's Carousel) compares too.
fn loopy(
    ctx: &Ctx,
    k: &mut Kernel,
    vx: &crate::functions::world::Value,
    vy: &crate::functions::world::Value,
    brief: bool,
) -> Result<String, Failure> {
    use crate::functions::loopy::{lift, Operand};
    use crate::functions::world::Value;
    use crate::kernel::Relation;
    use crate::loopy::value::Value as Lv;
    let style = &ctx.style;
    let (dx, dy) = (vx.display(k, !style.unicode), vy.display(k, !style.unicode));
    let operand = |v: &Value| match v {
        Value::Game(g) => Some(Operand::Short(*g)),
        Value::Loopy(l) => Some(Operand::Loopy((**l).clone())),
        _ => None,
    };
    let (Some(a), Some(b)) = (operand(vx), operand(vy)) else {
        return Err(Failure::bad(format!(
            "comparing {dx} with {dy} is not supported: a loopy game compares with loopy and short games only\n"
        )));
    };
    let (a, b) = (lift(k, a)?, lift(k, b)?);
    let mut w = crate::loopy::Work::new(k.budget().clone());
    let rel = a.compare(&b, &mut w)?;
    let o = match rel {
        Relation::Greater => OutcomeClass::L,
        Relation::Less => OutcomeClass::R,
        Relation::Equal => OutcomeClass::P,
        Relation::Fuzzy => OutcomeClass::N,
    };
    let sym = symbol(o, style);
    if brief {
        return Ok(format!("{sym}\n"));
    }
    let stoppers = matches!(a, Lv::Stopper(_)) && matches!(b, Lv::Stopper(_));
    let why = if stoppers {
        match rel {
            Relation::Greater => "both are stoppers: Left, moving second in A − B, never loses (infinite play counts as her survival), and Right, moving second, does lose".to_string(),
            Relation::Less => "both are stoppers: Right, moving second in A − B, never loses (infinite play counts as his survival), and Left, moving second, does lose".to_string(),
            Relation::Equal => "both are stoppers: whoever moves second in A − B never loses (infinite play counting as the survival of the player moving second)".to_string(),
            Relation::Fuzzy => "both are stoppers: whoever moves first in A − B can force the other to be stuck".to_string(),
        }
    } else {
        let (ao, bo) = (
            side_text(k, &a, true, &mut w)?,
            side_text(k, &b, true, &mut w)?,
        );
        let (af, bf) = (
            side_text(k, &a, false, &mut w)?,
            side_text(k, &b, false, &mut w)?,
        );
        format!(
            "compared by their sides (G ≥ H when both G's onside ≥ H's and G's offside ≥ H's): onsides {ao} and {bo}, offsides {af} and {bf}"
        )
    };
    Ok(match ctx.format {
        Format::Json => format!(
            "{}\n",
            serde_json::json!({"a": vx.display(k, true), "b": vy.display(k, true), "relation": symbol(o, &Style::default()), "reason": why})
        ),
        _ => format!("{dx} {sym} {dy}\n  {why}\n"),
    })
}

fn side_text(
    k: &mut Kernel,
    v: &crate::loopy::value::Value,
    on: bool,
    w: &mut crate::loopy::Work,
) -> Result<String, Failure> {
    // A side that is not a stopper is written as the game that has it (carousel-simplified,
    // as the value prints it).
    let g = if on {
        v.onside_game()
    } else {
        v.offside_game()
    };
    let g = crate::loopy::carousel::short_first(g, w)?;
    Ok(g.write(k, w)?)
}

/// `x` against `g` by `g`'s stops, when `x` is a number and `g` a short game that is not
/// one, or `x` a number and `g` a transfinite nimber (whose stops are 0): the outcome of
/// x − g and the reason. For a number x and a game G, x > LS(G) implies x > G, x < RS(G)
/// implies x < G, and RS(G) < x < LS(G) that they are confused (Siegel, CGT, II.1, the
/// stops; number avoidance). At a stop itself the stops do not decide: `None`.
fn by_stops(
    k: &mut Kernel,
    x: &crate::functions::world::Value,
    g: &crate::functions::world::Value,
    unicode: bool,
) -> Option<(OutcomeClass, String)> {
    use crate::functions::world::Value;
    use crate::number::Surreal;
    let xs = x.as_surreal(k)?;
    let (ls, rs) = match g {
        Value::Game(h) if k.as_number(*h).is_none() => (k.left_stop(*h), k.right_stop(*h)),
        Value::Nimber(_) => (crate::number::Dyadic::zero(), crate::number::Dyadic::zero()),
        _ => return None,
    };
    let (l, r) = (Surreal::dyadic(&ls), Surreal::dyadic(&rs));
    let (dx, dg) = (x.display(k, !unicode), g.display(k, !unicode));
    let stops = format!("the stops of {dg} are {} (Left) and {} (Right)", ls, rs);
    if xs > l {
        Some((
            OutcomeClass::L,
            format!("{stops}; {dx} is above both, so above {dg}"),
        ))
    } else if xs < r {
        Some((
            OutcomeClass::R,
            format!("{stops}; {dx} is below both, so below {dg}"),
        ))
    } else if xs < l && xs > r {
        Some((
            OutcomeClass::N,
            format!("{stops}; {dx} is strictly between them, so confused with {dg}"),
        ))
    } else {
        None
    }
}
