//! `simplify --misere` and `prove --misere`: misère derivations and proofs of impartial games
//! (`proof::misere`), written as the normal-play ones are: a line per step naming the rule of
//! `rules/misere.rules`, where it applied and its witnesses, then the simplest form as CGSuite
//! prints it; or the proof JSON, with `"play": "misere"`.

use super::exit::Status;
use super::played::{
    chain_placed, different_json, json_with_claim, play_command, proved, why_final, Answer,
};
use super::{Ctx, Format};
use crate::kernel::Budget;
use crate::misere::Misere;
use crate::proof::misere::{prove_misere_by, simplify_misere_by, MisereVerdict};
use crate::proof::step::Step;
use crate::proof::Proof;
use crate::rules::RuleSet;
use crate::term::Term;

/// The misère derivation of `t` in `ctx`'s format (text or JSON), under `budget`.
pub(crate) fn simplify(ctx: &Ctx, t: &Term, budget: Budget) -> Answer {
    let rules = play_command(ctx, "simplify --misere", RuleSet::misere())?;
    let mut m = Misere::new(budget);
    let s = simplify_misere_by(&mut m, t, &rules)?;
    let out = match ctx.format {
        Format::Json => json_with_claim(&s.proof),
        _ => {
            let why = why_final(ctx, &s.proof);
            format!(
                "{}misère simplest form: {}\n{why}",
                chain(ctx, s.proof),
                s.notation
            )
        }
    };
    Ok((out, Status::Ok))
}

/// The proof that `x` = `y` in misère play, or why not (status false), in `ctx`'s format.
pub(crate) fn prove(ctx: &Ctx, x: &Term, y: &Term, budget: Budget) -> Answer {
    let rules = play_command(ctx, "prove --misere", RuleSet::misere())?;
    let mut m = Misere::new(budget);
    let style = &ctx.style;
    match prove_misere_by(&mut m, x, y, &rules)? {
        MisereVerdict::Equal(p, form) => {
            let out = match ctx.format {
                Format::Json => json_with_claim(&p),
                _ => proved(
                    ctx,
                    &p,
                    chain(ctx, (*p).clone()),
                    x,
                    y,
                    &format!("both have the simplest form {form}"),
                    "the definitions",
                ),
            };
            Ok((out, Status::Ok))
        }
        MisereVerdict::Different {
            a,
            b,
            apart: distinguisher,
        } => {
            let letter = |p: bool| if p { "P" } else { "N" };
            let out = match ctx.format {
                Format::Json => different_json(
                    "misere",
                    x,
                    y,
                    serde_json::json!({
                        "a_simplest": a,
                        "b_simplest": b,
                        "distinguisher": distinguisher.as_ref().map(|(g, pa, pb)| serde_json::json!({
                            "x": g,
                            "a_plus_x": letter(*pa),
                            "b_plus_x": letter(*pb),
                        })),
                    }),
                ),
                _ => {
                    let ne = if style.unicode { "≠" } else { "!=" };
                    let mut out = format!(
                        "{} {ne} {} in misère play: their simplest forms {a} and {b} \
                         differ, and different simplest forms are different games (ONAG ch. 12)\n",
                        style.term(x),
                        style.term(y)
                    );
                    if let Some((g, pa, pb)) = distinguisher {
                        out.push_str(&format!(
                            "  with X = {g}: A + X is a misère {}-position, B + X a{} {}-position\n",
                            letter(pa),
                            if pb { "" } else { "n" },
                            letter(pb)
                        ));
                    }
                    out
                }
            };
            Ok((out, Status::False))
        }
    }
}

/// The steps in words. A step rewrites its G at every occurrence (`the top` when G is the
/// whole term); forms of more than `READ_UP_TO` nodes stay `#n`, and the entries they name
/// are written after the steps, each once, so the text grows with the DAG, not the tree.
/// It takes the proof: made readable in place, not copied (a sixth of `kayles(22)`'s run).
fn chain(ctx: &Ctx, p: Proof) -> String {
    let r = p.into_readable(crate::proof::table::READ_UP_TO);
    let place = |s: &Step| {
        let g = s.witnesses.game("G")?;
        let whole = if s.reversed { &s.to } else { &s.from };
        (g != whole).then(|| format!("every occurrence of {}", ctx.style.term(g)))
    };
    let mut out = chain_placed(ctx, &r, 0, &place);
    if !r.terms.is_empty() {
        out.push_str("  where\n");
        for (n, v) in r.terms.views().iter().enumerate() {
            out.push_str(&format!("    #{n} = {}\n", ctx.style.term(v)));
        }
    }
    out
}

/// The misère arena's budget for one term: the command's time limit as its deadline.
pub(crate) fn budget(ctx: &Ctx) -> Budget {
    Budget {
        deadline: ctx.time_limit.and_then(|s| {
            std::time::Instant::now().checked_add(std::time::Duration::try_from_secs_f64(s).ok()?)
        }),
        ..Budget::default()
    }
}
