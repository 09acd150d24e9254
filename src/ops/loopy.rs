//! `simplify` and `prove` of loopy games (`proof::loopy`): a stopper's derivation to its
//! simplest form (or a game's onside and offside, each to its simplest form), a line per
//! step naming the rule of `rules/loopy.rules` and its place, then
//! the form as CGSuite writes it; or the proof JSON, with `"play": "loopy"`. Chosen when the
//! input is written in the loopy notation (`on`, `pass`, `a{0|a}`, …) or calls a loopy
//! ruleset (its opening is the first step), so no flag is needed.

use super::exit::{Failure, Status};
use super::played::{
    chain, different_json, graph_entries, json_with_claim, play_command, proved, why_final, Answer,
};
use super::{Ctx, Format};
use crate::kernel::{Budget, Relation};
use crate::proof::loopy::{prove_loopy_by, simplify_loopy_by, LoopyVerdict};
use crate::rules::RuleSet;
use crate::term::Term;

/// Whether a term is loopy, so `simplify` and `prove` take this path: written in the loopy
/// notation, or calling a loopy ruleset (`backsliding_toads_and_frogs("t.f")`, opened first).
pub(crate) fn is_loopy(t: &Term) -> bool {
    crate::loopy::build::is_loopy(t) || crate::proof::loopy::open::mentions(t)
}

/// The derivation of a loopy `t` in `ctx`'s format (text or JSON), under `budget`.
pub(crate) fn simplify(ctx: &Ctx, t: &Term, budget: Budget) -> Answer {
    let rules = play_command(ctx, "simplify of a loopy game", RuleSet::loopy())?;
    let s = simplify_loopy_by(t, &budget, &rules)?;
    let out = match ctx.format {
        // The claim that the result is final, when it is a stopper or a value `A & B` of
        // stoppers.
        Format::Json => json_with_claim(&s.proof),
        _ => {
            let mut out = chain(ctx, &s.proof);
            out.push_str(&graph_entries(&s.proof));
            let why = why_final(ctx, &s.proof);
            if s.sides {
                out.push_str(&format!(
                    "value by its sides (onside & offside, each in simplest form): {}\n",
                    s.value.as_deref().unwrap_or(&s.notation)
                ));
            } else if s.stopper {
                out.push_str(&format!("simplest form: {}\n", s.notation));
            } else {
                out.push_str(&format!(
                    "not a stopper (an infinite alternating play starts here), so there is no \
                     simplest form to derive; its value by its sides: {}\n",
                    s.value
                        .as_deref()
                        .unwrap_or("unknown (sidling did not settle: a side may not be a stopper)")
                ));
            }
            out.push_str(&why);
            out
        }
    };
    Ok((out, Status::Ok))
}

/// The proof that loopy `x` = `y`, or why not (status false), in `ctx`'s format.
pub(crate) fn prove(ctx: &Ctx, x: &Term, y: &Term, budget: Budget) -> Answer {
    let rules = play_command(ctx, "prove of loopy games", RuleSet::loopy())?;
    let style = &ctx.style;
    match prove_loopy_by(x, y, &budget, &rules)? {
        LoopyVerdict::Equal(p, form) => {
            let out = match ctx.format {
                Format::Json => format!("{}\n", p.to_json()),
                _ => proved(
                    ctx,
                    &p,
                    chain(ctx, &p) + &graph_entries(&p),
                    x,
                    y,
                    &format!("both reach {form}"),
                    "the checker's own search",
                ),
            };
            Ok((out, Status::Ok))
        }
        LoopyVerdict::Different {
            a,
            b,
            apart: relation,
        } => {
            let rel = match relation {
                Relation::Greater => ">",
                Relation::Less => "<",
                Relation::Fuzzy => "<>",
                Relation::Equal => "=",
            };
            let out = match ctx.format {
                Format::Json => different_json(
                    "loopy",
                    x,
                    y,
                    serde_json::json!({ "a_value": a, "b_value": b, "relation": rel }),
                ),
                _ => format!(
                    "{} {rel} {}: their values are {a} and {b}\n",
                    style.term(x),
                    style.term(y)
                ),
            };
            Ok((out, Status::False))
        }
        LoopyVerdict::Unproved(v) => Err(Failure::limit(format!(
            "{} and {} are equal by their sides (both {v}), but the side rules do not take both \
             to the same sides, so there is no proof (`onag compare` compares them)",
            x, y
        ))),
    }
}
