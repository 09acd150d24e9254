//! The functions of loopy games (`crate::loopy`), CGSuite's methods of `CanonicalStopper`,
//! `StopperSidedValue` and `LoopyGame` by the one rule (`G.Onside` → `onside(G)`,
//! `G.OutcomeClass` → `outcome_class(G)`, `a.Upsum(b)` → `upsum(a, b)`), and the evaluation of
//! the terms of the loopy notation (`on`, `{pass|*}`, `a{0|a}`, `A & B`) to values.
//!
//! The number world (`super::world`) hands a term here when it has anything loopy in it, and a
//! call here when its name is a loopy one or its argument is loopy; the parts with nothing
//! loopy in them come back to the number world through the `eval` it passes (this family
//! never imports it). A loopy expression whose value is loopfree is the short game it is.

use super::args::error;
use crate::kernel::{GameId, Kernel, KernelError, Relation};
use crate::loopy::build::{build, is_loopy, CONSTANTS, FUNCTIONS, LOOP, PASS, SIDLE};
use crate::loopy::ordinal;
use crate::loopy::outcome::LoopyOutcome;
use crate::loopy::sides::{side, Side};
use crate::loopy::value::{side_game, Value as Lv};
use crate::loopy::variety;
use crate::loopy::{Loopy, Work};
use crate::term::{Arg, Term};

/// What an operand evaluates to: a short game or a loopy value (anything else is the number
/// world's error).
#[derive(Clone, Debug)]
pub enum Operand {
    /// A short game.
    Short(GameId),
    /// A loopy value.
    Loopy(Lv),
}

/// A function's answer.
#[derive(Clone, Debug)]
pub enum Answer {
    /// A short game.
    Game(GameId),
    /// A loopy value that is not a short game.
    Loopy(Lv),
    /// A predicate's answer.
    Bool(bool),
    /// An outcome class, as CGSuite prints it.
    Text(String),
    /// Options.
    List(Vec<Answer>),
}

/// The number world's evaluator, handed in.
pub type Eval<'a> = dyn FnMut(&mut Kernel, &Term) -> Result<Operand, KernelError> + 'a;

/// The functions of this family, with their usage.
pub const NAMES: [(&str, &str); 48] = [
    ("onside", "onside(G): the onside of a stopper-sided game, infinite play won by Left (CGSuite's G.Onside)"),
    ("offside", "offside(G): the offside of a stopper-sided game, infinite play won by Right (CGSuite's G.Offside)"),
    ("sidle", "A & B or sidle(A, B): the value with onside A and offside B, stoppers with A ≥ B"),
    ("upsum", "upsum(G, H): the onside of G + H, for stoppers (CGSuite's G.Upsum(H))"),
    ("downsum", "downsum(G, H): the offside of G + H, for stoppers (CGSuite's G.Downsum(H))"),
    ("outcome_class", "outcome_class(G): L, R, P, N, or with draws D, PHat, NHat, PCheck, NCheck (CGSuite's G.OutcomeClass)"),
    ("outcome", "outcome(G): outcome_class(G)"),
    ("is_loopfree", "is_loopfree(G): whether no play can go on forever (a short game)"),
    ("is_stopper", "is_stopper(G): whether no infinite alternating play starts at any follower"),
    ("is_stopper_sided", "is_stopper_sided(G): whether the onside and offside are stoppers"),
    ("is_plumtree", "is_plumtree(G): whether a stopper's only cycles are passes (moves to the position itself)"),
    ("is_pseudonumber", "is_pseudonumber(G): whether a stopper is a number, on, off, or a number plus over or under"),
    ("is_idempotent", "is_idempotent(G): whether G + G = G"),
    ("options", "options(G): Left's and Right's options"),
    ("left_options", "left_options(G): Left's options (of a ruleset position: the positions Left's moves leave)"),
    ("loop", "a{…}: braces labelled a, inside which a refers back to them"),
    ("right_options", "right_options(G): Right's options (of a ruleset position: the positions Right's moves leave)"),
    ("left_stop", "left_stop(G): where alternate play settles with Left starting, a pseudonumber (on, off, x, x over, x under) (CGSuite's G.LeftStop)"),
    ("right_stop", "right_stop(G): where alternate play settles with Right starting, a pseudonumber (CGSuite's G.RightStop)"),
    ("degree", "degree(G): the onside of G - G, 0 for a loopfree game (CGSuite's G.Degree)"),
    ("variety", "variety(G): the up-variety of a stable stopper for its degree (CGSuite's G.Variety)"),
    ("is_stable", "is_stable(G): whether the up- and down-varieties of a stopper for its degree agree (CGSuite's G.IsStable)"),
    ("upsum_variety", "upsum_variety(G, D): the onside of G + (the offside of -G - D), D idempotent (CGSuite's G.UpsumVariety(D))"),
    ("downsum_variety", "downsum_variety(G, D): the offside of G + (the onside of -G + D), D idempotent (CGSuite's G.DownsumVariety(D))"),
    ("follower_count", "follower_count(G): the number of vertices of the simplest graph of a stopper (CGSuite's G.FollowerCount; of a ruleset position, the positions reachable)"),
    ("followers", "followers(G): the followers of a stopper, each vertex of its simplest graph (CGSuite's G.Followers; of a ruleset position, the positions reachable)"),
    ("is_infinitesimal", "is_infinitesimal(G): whether both strong stops are 0 (for a sided value, of both sides)"),
    ("is_numberish", "is_numberish(G): whether the strong stops are one number"),
    ("is_number_tiny", "is_number_tiny(G): whether a stopper is x + Tiny(H) or x + Miny(H), H at least over"),
    ("is_zero", "is_zero(G): whether G is 0 (false for every loopy value)"),
    ("is_number", "is_number(G): whether G is a number (false for every loopy value)"),
    ("is_integer", "is_integer(G): whether G is an integer (false for every loopy value)"),
    ("is_nimber", "is_nimber(G): whether G is a nimber (false for every loopy value)"),
    ("is_ordinal", "is_ordinal(G): whether G is an ordinal, for a short game a non-negative integer (false for every loopy value)"),
    ("tiny", "tiny(G): {0||0|-G}, tiny-G (CGSuite's G.Tiny: tiny(on) is Tiny(on), tiny(2) is Tiny(2))"),
    ("miny", "miny(G): {G|0||0}, miny-G, the negative of tiny(G) (CGSuite's G.Miny)"),
    ("ordinal_sum", "ordinal_sum(G, H): the ordinal sum G:H = {GL, G:HL | GR, G:HR} of stoppers (CGSuite's G : H)"),
    ("subordinate", "subordinate(G, B): the stopper H with B : H = G (CGSuite's G.Subordinate(B)), an error when there is none"),
    ("pow_to", "pow_to(G, x): G : subordinate(x, 1) for a pseudonumber x such as on or {5|pass} (CGSuite's G.PowTo(x); pow_to(^, on) is ^[on])"),
    ("pow", "pow(G, x): {0 | -pow_to(G, x-1) + H} for G = {0|H} and a pseudonumber x (CGSuite's G.Pow(x); pow(^, on) is ^<on>)"),
    ("left_strong_stop", "left_strong_stop(G): the left stop without its over or under, a number, on or off (CGSuite's G.StrongStop(Left))"),
    ("right_strong_stop", "right_strong_stop(G): the right stop without its over or under (CGSuite's G.StrongStop(Right))"),
    ("game_value", "game_value(G): the value of G: its canonical form when it is loopfree, else its stopper or sided value (CGSuite's G.GameValue)"),
    ("canonical_form", "canonical_form(G): the canonical form of a short game; an error for a loopy game (CGSuite's G.CanonicalForm: use game_value)"),
    ("is_all_small", "is_all_small(G): whether every follower is infinitesimal (false for every loopy value, as in CGSuite)"),
    ("is_uptimal", "is_uptimal(G): whether G is an uptimal (false for every loopy value, as in CGSuite)"),
    ("is_finite", "is_finite(G): whether G has finitely many distinct followers (true for every loopy game here, whose graph is finite)"),
    ("backsliding_toads_and_frogs", "backsliding_toads_and_frogs(\"ttt..fff\"): a Backsliding Toads and Frogs strip (t Left's toads, f Right's frogs, . empty; a piece may also step back), a loopy game (CGSuite's game.strip.BackslidingToadsAndFrogs)"),
];

/// The names of this family that short games have too: this family's only when an argument
/// is loopy (the number world asks [`mentions_loopy`]).
pub const SHARED: [&str; 24] = [
    "game_value",
    "canonical_form",
    "is_all_small",
    "is_uptimal",
    "is_finite",
    "ordinal_sum",
    "subordinate",
    "pow_to",
    "pow",
    "options",
    "left_options",
    "right_options",
    "left_stop",
    "right_stop",
    "follower_count",
    "followers",
    "is_infinitesimal",
    "is_numberish",
    "is_number_tiny",
    "is_zero",
    "is_number",
    "is_integer",
    "is_nimber",
    "is_ordinal",
];

/// CGSuite's loopy ruleset, a call whose value is a loopy game whatever its argument.
const RULESET: &str = "backsliding_toads_and_frogs";

/// Whether `name` is a function of this family or of the notation.
pub fn handles(name: &str) -> bool {
    NAMES.iter().any(|(n, _)| *n == name) || name == PASS || CONSTANTS.contains(&name)
}

/// Whether a call's game arguments have anything loopy in them: then a name shared with short
/// games (`left_options`, `left_stop`, …) is this family's.
pub fn mentions_loopy(args: &[Arg]) -> bool {
    args.iter().any(|a| match a {
        Arg::Game(t) => is_loopy(t) || mentions_loopy_call(t),
        Arg::Text(_) => false,
    })
}

fn mentions_loopy_call(t: &Term) -> bool {
    match t {
        Term::Call { name, args } => {
            FUNCTIONS.contains(&name.as_str()) || name == RULESET || mentions_loopy(args)
        }
        _ => crate::term::children(t)
            .into_iter()
            .any(mentions_loopy_call),
    }
}

fn work(k: &Kernel) -> Work {
    Work::new(k.budget().clone())
}

/// A loopy value as an answer: the short game when it is loopfree.
pub fn settle(k: &mut Kernel, v: Lv) -> Result<Answer, KernelError> {
    if let Lv::Stopper(g) = &v {
        if let Some(id) = g.to_short(k, &mut work(k))? {
            return Ok(Answer::Game(id));
        }
    }
    Ok(Answer::Loopy(v))
}

/// An operand's value as a loopy value.
pub fn lift(k: &mut Kernel, x: Operand) -> Result<Lv, KernelError> {
    match x {
        Operand::Loopy(v) => Ok(v),
        Operand::Short(g) => {
            let mut w = work(k);
            Ok(Lv::Stopper(Loopy::from_short(k, g, &mut w)?))
        }
    }
}

/// The value of a loopy term.
pub fn value(k: &mut Kernel, t: &Term, eval: &mut Eval<'_>) -> Result<Answer, KernelError> {
    k.check_budget()?;
    let v = match t {
        Term::Sum(a, b) => {
            let (x, y) = (eval(k, a)?, eval(k, b)?);
            let mut w = work(k);
            match (x, y) {
                // A short part is not made a graph when the sum is found without one: `on`,
                // `off`, `dud` absorb it, a stopper is translated by a number
                // (`crate::loopy::translate`).
                (Operand::Loopy(v), Operand::Short(s)) | (Operand::Short(s), Operand::Loopy(v)) => {
                    match crate::loopy::translate::add_short(&v, s, k, &mut w)? {
                        Some(r) => r,
                        None => {
                            let y = lift(k, Operand::Short(s))?;
                            v.add(&y, &mut w)?
                        }
                    }
                }
                (x, y) => {
                    let (x, y) = (lift(k, x)?, lift(k, y)?);
                    x.add(&y, &mut w)?
                }
            }
        }
        Term::Neg(a) => {
            let x = eval(k, a)?;
            lift(k, x)?.neg()
        }
        Term::Call { name, args } if name == SIDLE => return call(k, name, args, eval),
        Term::Multiple { count, game } => {
            let x = eval(k, game)?;
            let g = lift(k, x)?;
            copies(&g, count, &mut work(k))?
        }
        _ => {
            let mut w = work(k);
            // A sided value as an option or a summand stands for its onside in the game's
            // onside and for its offside in its offside (Siegel VI.5: a side of a game is
            // unchanged when a part is replaced by that part's same side), as CGSuite
            // reads `{2&-2|1&-2}`.
            let mut sided = false;
            let mut leaf = |s: &Term| -> Result<Loopy, KernelError> {
                let x = eval(k, s)?;
                let v = lift(k, x)?;
                sided |= !matches!(v, Lv::Stopper(_));
                Ok(v.onside_game().clone())
            };
            let g = build(t, &mut leaf, &mut w)?;
            if sided {
                let mut leaf = |s: &Term| -> Result<Loopy, KernelError> {
                    let x = eval(k, s)?;
                    Ok(lift(k, x)?.offside_game().clone())
                };
                let h = build(t, &mut leaf, &mut w)?;
                let on = side_game(&g, Side::On, &mut w)?;
                let off = side_game(&h, Side::Off, &mut w)?;
                Lv::of_sides(on, off, &mut w)?
            } else {
                Lv::of(&g, &mut w)?
            }
        }
    };
    settle(k, v)
}

/// `n * G`, CGSuite's `G.NCopies(n)`: a sum by doubling, each partial sum a value (so in
/// simplest form) before it is added again; a sum of unsimplified copies grows as a power.
/// Any count is taken: about 2 log₂ n sums, each within the budget (`99…9 * on` is `on`).
fn copies(g: &Lv, count: &num_bigint::BigInt, w: &mut Work) -> Result<Lv, KernelError> {
    use num_traits::Signed;
    let n = count.magnitude();
    let mut power = if count.is_negative() {
        g.neg()
    } else {
        g.clone()
    };
    let mut acc = Lv::Stopper(Loopy::zero());
    let bits = n.bits();
    for i in 0..bits {
        w.tick(1)?;
        if n.bit(i) {
            acc = acc.add(&power, w)?;
        }
        if i + 1 < bits {
            power = power.add(&power, w)?;
        }
    }
    Ok(acc)
}

fn arg<'t>(name: &str, a: &'t [Arg], i: usize) -> Result<&'t Term, KernelError> {
    match a.get(i) {
        Some(Arg::Game(t)) => Ok(t),
        Some(Arg::Text(_)) => Err(error(name, format!("argument {} must be a game", i + 1))),
        None => Err(error(name, format!("argument {} is missing", i + 1))),
    }
}

fn arity(name: &str, a: &[Arg], n: usize) -> Result<(), KernelError> {
    if a.len() == n {
        Ok(())
    } else {
        let usage = NAMES
            .iter()
            .find(|(m, _)| *m == name)
            .map_or(name, |(_, u)| u.split(':').next().unwrap_or(name));
        Err(error(
            name,
            format!("expected {n} argument(s) ({usage}), found {}", a.len()),
        ))
    }
}

fn operand(
    k: &mut Kernel,
    name: &str,
    a: &[Arg],
    i: usize,
    eval: &mut Eval<'_>,
) -> Result<Lv, KernelError> {
    let t = arg(name, a, i)?;
    let x = eval(k, t)?;
    lift(k, x)
}

/// The first operand of a function of `n` games, their count checked before any is evaluated.
fn first(
    k: &mut Kernel,
    name: &str,
    a: &[Arg],
    n: usize,
    eval: &mut Eval<'_>,
) -> Result<Lv, KernelError> {
    arity(name, a, n)?;
    operand(k, name, a, 0, eval)
}

fn stopper<'v>(name: &str, v: &'v Lv) -> Result<&'v Loopy, KernelError> {
    match v {
        Lv::Stopper(g) => Ok(g),
        _ => Err(error(
            name,
            "defined for stoppers (games with no infinite alternating play); this game is not one",
        )),
    }
}

/// The functions of one game that a short game answers through the kernel, without a graph
/// of its positions (`is_loopfree(-1823437481924)` would build 1,823,437,481,925).
const SHORT_ANSWERED: [&str; 16] = [
    "is_loopfree",
    "is_stopper",
    "is_stopper_sided",
    "is_plumtree",
    "is_pseudonumber",
    "is_idempotent",
    "onside",
    "offside",
    "game_value",
    "degree",
    "outcome_class",
    "outcome",
    "left_stop",
    "right_stop",
    "left_strong_stop",
    "right_strong_stop",
];

/// `name(G)` for a short game G, by the definitions: a short game has no cycle, so it is
/// loopfree, a stopper, a plumtree, its own onside and offside (and so stopper-sided), of
/// degree 0 (the onside of G − G = 0), idempotent only when it is 0 (G + G = G), a
/// pseudonumber exactly when it is a number; its outcome and stops are the short game's.
fn short_answer(k: &mut Kernel, name: &str, g: GameId) -> Result<Option<Answer>, KernelError> {
    Ok(Some(match name {
        "is_loopfree" | "is_stopper" | "is_stopper_sided" | "is_plumtree" => Answer::Bool(true),
        "is_pseudonumber" => Answer::Bool(k.as_number(g).is_some()),
        "is_idempotent" => Answer::Bool(g == k.zero()),
        "onside" | "offside" | "game_value" => Answer::Game(g),
        "degree" => Answer::Game(k.zero()),
        "outcome_class" | "outcome" => Answer::Text(k.outcome(g)?.to_string()),
        "left_stop" | "left_strong_stop" => {
            let d = k.left_stop(g);
            Answer::Game(k.number(&d))
        }
        "right_stop" | "right_strong_stop" => {
            let d = k.right_stop(g);
            Answer::Game(k.number(&d))
        }
        _ => return Ok(None),
    }))
}

/// Evaluates `name(args)` for a loopy name or loopy arguments.
pub fn call(
    k: &mut Kernel,
    name: &str,
    a: &[Arg],
    eval: &mut Eval<'_>,
) -> Result<Answer, KernelError> {
    k.check_budget()?;
    let mut w = work(k);
    // A function of one game whose argument is short is answered through the kernel; a loopy
    // argument, evaluated here once, is handed to the function below.
    let mut pre: Option<(*const Term, Operand)> = None;
    // A ruleset position's outcome is played out (who wins, no canonical form built), before
    // the argument would be evaluated to its value.
    if matches!(name, "outcome_class" | "outcome") && a.len() == 1 {
        if let Some(o) = super::boards::outcome_by_play(k, arg(name, a, 0)?)? {
            return Ok(Answer::Text(o.to_string()));
        }
    }
    if SHORT_ANSWERED.contains(&name) && a.len() == 1 {
        if let Some(Arg::Game(t)) = a.first() {
            match eval(k, t)? {
                Operand::Short(g) => {
                    if let Some(answer) = short_answer(k, name, g)? {
                        return Ok(answer);
                    }
                }
                x => pre = Some((t as *const Term, x)),
            }
        }
    }
    let outer = eval;
    let mut cached = |k: &mut Kernel, t: &Term| -> Result<Operand, KernelError> {
        match pre.take() {
            Some((p, x)) if std::ptr::eq(p, t) => Ok(x),
            _ => outer(k, t),
        }
    };
    let eval: &mut Eval<'_> = &mut cached;
    match name {
        n if CONSTANTS.contains(&n) => {
            arity(name, a, 0)?;
            let g = crate::loopy::build::constant(n).unwrap_or_else(Loopy::zero);
            settle(k, Lv::of(&g, &mut w)?)
        }
        PASS => Err(error(
            PASS,
            "`pass` stands for a move to the game itself, so it may only be an option inside braces",
        )),
        LOOP => {
            let t = Term::Call {
                name: LOOP.to_string(),
                args: a.to_vec(),
            };
            value(k, &t, eval)
        }
        SIDLE => {
            let (on, off) = (first(k, name, a, 2, eval)?, operand(k, name, a, 1, eval)?);
            // A's onside and B's offside (CGSuite's `A & B` of sided values too).
            let (on, off) = (on.onside_game().clone(), off.offside_game().clone());
            settle(k, Lv::of_sides(on, off, &mut w)?)
        }
        "onside" | "offside" => {
            let v = first(k, name, a, 1, eval)?;
            let s = if name == "onside" {
                v.onside_game()
            } else {
                v.offside_game()
            };
            // CGSuite's `Onside` is a method of stopper-sided values only (SidedValueTestCase:
            // Bach's Carousel's `Onside` is "Not a method … of class game.SidedValue").
            if !s.is_stopper() {
                return Err(crate::loopy::value::not_sided(name));
            }
            settle(k, Lv::Stopper(s.clone()))
        }
        "upsum" | "downsum" => {
            let (x, y) = (first(k, name, a, 2, eval)?, operand(k, name, a, 1, eval)?);
            let (g, h) = (stopper(name, &x)?, stopper(name, &y)?);
            let which = if name == "upsum" { Side::On } else { Side::Off };
            let s = side(&g.add(h, &mut w)?, which, &mut w)?;
            settle(k, Lv::Stopper(s))
        }
        RULESET => {
            arity(name, a, 1)?;
            let Some(Arg::Text(text)) = a.first() else {
                return Err(error(
                    name,
                    "argument 1 must be a quoted strip, as backsliding_toads_and_frogs(\"ttt..fff\")",
                ));
            };
            let strip = crate::rulesets::backsliding_toads::parse(text)
                .map_err(|e| super::rulesets::kernel_error(name, e))?;
            let v = crate::rulesets::backsliding_toads::value(&strip, &mut w)?;
            settle(k, v)
        }
        "outcome_class" | "outcome" => {
            let v = first(k, name, a, 1, eval)?;
            Ok(Answer::Text(outcome(&v, &mut w)?.to_string()))
        }
        "is_loopfree" | "is_stopper" | "is_stopper_sided" | "is_plumtree" => {
            let v = first(k, name, a, 1, eval)?;
            Ok(Answer::Bool(match (&v, name) {
                (Lv::Stopper(g), "is_loopfree") => g.is_loopfree(),
                (Lv::Stopper(g), "is_plumtree") => crate::loopy::props::is_plumtree(g),
                (Lv::Stopper(_), _) => true,
                (Lv::Sided { .. }, n) => n == "is_stopper_sided",
                (Lv::Graph(_), _) => false,
            }))
        }
        "is_idempotent" => {
            let v = first(k, name, a, 1, eval)?;
            let twice = v.add(&v, &mut w)?;
            Ok(Answer::Bool(twice.compare(&v, &mut w)? == Relation::Equal))
        }
        "is_pseudonumber" => {
            let v = first(k, name, a, 1, eval)?;
            Ok(Answer::Bool(match &v {
                Lv::Stopper(g) => crate::loopy::props::is_pseudonumber(k, g, &mut w)?,
                _ => false,
            }))
        }
        "options" | "left_options" | "right_options" => {
            let v = first(k, name, a, 1, eval)?;
            let g = match &v {
                Lv::Stopper(g) => g.clone(),
                Lv::Graph(s) if s.onside == s.offside => s.onside.clone(),
                _ => return Err(error(name, "a sided value A & B has no options of its own")),
            };
            let side = |who| -> Vec<u32> { g.graph().options(g.root(), who).to_vec() };
            let mut ls = Vec::new();
            let mut rs = Vec::new();
            for (out, who) in [
                (&mut ls, crate::loopy::Player::Left),
                (&mut rs, crate::loopy::Player::Right),
            ] {
                for t in side(who) {
                    let f = g.follower(t).unwrap_or_else(Loopy::zero);
                    let fv = Lv::of(&f, &mut w)?;
                    out.push(settle(k, fv)?);
                }
            }
            Ok(match name {
                "left_options" => Answer::List(ls),
                "right_options" => Answer::List(rs),
                _ => Answer::List(vec![Answer::List(ls), Answer::List(rs)]),
            })
        }
        "left_stop" | "right_stop" | "degree" | "variety" | "is_stable" | "follower_count"
        | "followers" => {
            let v = first(k, name, a, 1, eval)?;
            let g = stopper(name, &v)?.clone();
            match name {
                "left_stop" | "right_stop" => {
                    let (l, r) = crate::loopy::stops::stops(&g, k, &mut w)?;
                    let s = if name == "left_stop" { l } else { r };
                    let s = s.to_loopy(k, &mut w)?;
                    settle(k, Lv::Stopper(s))
                }
                "degree" => settle(k, Lv::Stopper(variety::degree(&g, &mut w)?)),
                "variety" => settle(k, Lv::Stopper(variety::variety(&g, &mut w)?)),
                "is_stable" => Ok(Answer::Bool(variety::is_stable(&g, &mut w)?)),
                "follower_count" => {
                    let n = crate::number::Dyadic::integer(num_bigint::BigInt::from(g.len()));
                    Ok(Answer::Game(k.number(&n)))
                }
                _ => {
                    let mut out = Vec::with_capacity(g.len());
                    for u in 0..g.len() as u32 {
                        let f = g.follower(u).unwrap_or_else(Loopy::zero);
                        let fv = Lv::of(&f, &mut w)?;
                        out.push(settle(k, fv)?);
                    }
                    Ok(Answer::List(out))
                }
            }
        }
        "upsum_variety" | "downsum_variety" => {
            let (x, y) = (first(k, name, a, 2, eval)?, operand(k, name, a, 1, eval)?);
            let (g, d) = (stopper(name, &x)?, stopper(name, &y)?);
            let s = if name == "upsum_variety" {
                variety::upsum_variety(g, d, &mut w)?
            } else {
                variety::downsum_variety(g, d, &mut w)?
            };
            settle(k, Lv::Stopper(s))
        }
        "is_infinitesimal" | "is_numberish" | "is_number_tiny" => {
            let v = first(k, name, a, 1, eval)?;
            Ok(Answer::Bool(match (&v, name) {
                (Lv::Stopper(g), "is_infinitesimal") => variety::is_infinitesimal(g, k, &mut w)?,
                (Lv::Stopper(g), "is_numberish") => variety::is_numberish(g, k, &mut w)?,
                (Lv::Stopper(g), _) => variety::is_number_tiny(g, k, &mut w)?,
                (Lv::Sided { onside, offside }, "is_infinitesimal") => {
                    variety::is_infinitesimal(onside, k, &mut w)?
                        && variety::is_infinitesimal(offside, k, &mut w)?
                }
                (Lv::Sided { onside, offside }, "is_numberish") => {
                    variety::sided_is_numberish(onside, offside, k, &mut w)?
                }
                // A sided value is no x + Tiny(H); a game whose sides are not stoppers has
                // no stops (CGSuite answers false for both).
                _ => false,
            }))
        }
        "is_zero" | "is_number" | "is_integer" | "is_nimber" | "is_ordinal" => {
            // Reached when the argument is written with loopy notation: a loopy value is none
            // of these; a loopfree one is answered as the short game it is.
            arity(name, a, 1)?;
            let t = arg(name, a, 0)?;
            let id = match eval(k, t)? {
                Operand::Short(id) => id,
                Operand::Loopy(v) => match settle(k, v)? {
                    Answer::Game(id) => id,
                    _ => return Ok(Answer::Bool(false)),
                },
            };
            let x = k.as_number(id);
            Ok(Answer::Bool(match name {
                "is_zero" => id == k.zero(),
                "is_number" => x.is_some(),
                "is_integer" => x.is_some_and(|x| x.is_integer()),
                "is_nimber" => k.as_nimber(id).is_some(),
                _ => x.is_some_and(|x| x.is_integer() && x.signum() >= 0),
            }))
        }
        "left_strong_stop" | "right_strong_stop" => {
            let v = first(k, name, a, 1, eval)?;
            let g = stopper(name, &v)?.clone();
            let (l, r) = crate::loopy::stops::stops(&g, k, &mut w)?;
            let s = if name == "left_strong_stop" { l } else { r };
            let s = s.strong().to_loopy(k, &mut w)?;
            settle(k, Lv::Stopper(s))
        }
        "game_value" => {
            let v = first(k, name, a, 1, eval)?;
            settle(k, v)
        }
        "canonical_form" | "is_all_small" | "is_uptimal" | "is_finite" => {
            // Reached when the argument is written with loopy notation: a loopfree value is
            // answered as the short game it is; a loopy one has no canonical form
            // (CGSuite's NotShortGameException), is finite, and is neither all-small nor
            // uptimal (CGSuite's NormalValue defaults, which its stoppers keep).
            let v = first(k, name, a, 1, eval)?;
            match settle(k, v)? {
                Answer::Game(id) => match name {
                    "canonical_form" => Ok(Answer::Game(id)),
                    "is_finite" => Ok(Answer::Bool(true)),
                    _ => Ok(Answer::Bool(super::predicates::holds(k, name, id)?)),
                },
                _ => match name {
                    "canonical_form" => Err(error(
                        name,
                        "that is not a short game; if that is intentional, try game_value in place of canonical_form (CGSuite's words)",
                    )),
                    "is_finite" => Ok(Answer::Bool(true)),
                    _ => Ok(Answer::Bool(false)),
                },
            }
        }
        "tiny" | "miny" => {
            let v = first(k, name, a, 1, eval)?;
            let g = stopper(name, &v)?;
            let zero = Loopy::zero();
            let inner = Loopy::from_options(&[&zero], &[&g.neg()], &mut w)?;
            let mut t = Loopy::from_options(&[&zero], &[&inner], &mut w)?;
            if name == "miny" {
                t = t.neg();
            }
            settle(k, Lv::of(&t, &mut w)?)
        }
        "ordinal_sum" | "subordinate" | "pow_to" | "pow" => {
            let (x, y) = (first(k, name, a, 2, eval)?, operand(k, name, a, 1, eval)?);
            let (g, h) = (stopper(name, &x)?, stopper(name, &y)?);
            if name.starts_with("pow") && !crate::loopy::props::is_pseudonumber(k, h, &mut w)? {
                return Err(error(
                    name,
                    "the exponent must be a pseudonumber: a number, on, off, or a number plus over or under",
                ));
            }
            let r = match name {
                "ordinal_sum" => ordinal::ordinal_sum(g, h, &mut w)?,
                "subordinate" => ordinal::subordinate(g, h, &mut w)?,
                "pow_to" => ordinal::pow_to(g, h, &mut w)?,
                _ => ordinal::pow(g, h, &mut w)?,
            };
            settle(k, Lv::of(&r, &mut w)?)
        }
        _ => Err(error(name, "not a function of loopy games")),
    }
}

/// The outcome class of a loopy value: of the game itself, or of a sided value by its sides
/// (Siegel VI.5). Left moving first wins G (in finitely many moves) exactly when she wins G⁻,
/// where infinite play is Right's, so a win of Left's there is a finite one; Right moving
/// first wins G exactly when he wins G⁺. What neither forces is a draw. The same for Right
/// first with the roles turned. Each side is read in a game that has it (its win in finitely
/// many moves is the side's, decided by the side's value).
fn outcome(v: &Lv, w: &mut Work) -> Result<LoopyOutcome, KernelError> {
    use crate::loopy::outcome::Result3::*;
    if let Lv::Stopper(g) = v {
        return g.outcome(w);
    }
    let (on_g, off_g) = (v.onside_game(), v.offside_game());
    if on_g == off_g {
        return on_g.outcome(w);
    }
    let on = crate::loopy::outcome::results(on_g, w)?[on_g.root() as usize];
    let off = crate::loopy::outcome::results(off_g, w)?[off_g.root() as usize];
    let left_first = match (off.0, on.0) {
        (LeftWins, _) => LeftWins,
        (_, RightWins) => RightWins,
        _ => Draw,
    };
    let right_first = match (on.1, off.1) {
        (RightWins, _) => RightWins,
        (_, LeftWins) => LeftWins,
        _ => Draw,
    };
    Ok(LoopyOutcome::of(left_first, right_first))
}
