//! Prove: a checked proof of A = B by rules, or the evidence that A ≠ B (a false claim).

use super::compare::{disproof_json, reasons, symbol};
use super::exit::{Failure, Status};
use super::render::{latex, markdown, proof_json, text, Conclusion, Derivation};
use super::{unsupported, Ctx, Format};
use crate::engine::Engine;
use crate::proof::{prove_eq_with, Disproof, Verdict};
use crate::term::Term;

/// The proof of `x = y` by `engine`, or its disproof, in `ctx`'s format, and the status
/// (false when they differ).
pub(crate) fn prove(
    ctx: &Ctx,
    x: &Term,
    y: &Term,
    engine: &Engine,
) -> Result<(String, Status), Failure> {
    if matches!(ctx.format, Format::Dot | Format::Svg) {
        return Err(unsupported("prove", ctx.format));
    }
    let outcome = prove_eq_with(x, y, engine)?;
    render(ctx, x, y, outcome)
}

/// The proof or disproof of `x = y` in `ctx`'s format, and the status.
pub(crate) fn render(
    ctx: &Ctx,
    x: &Term,
    y: &Term,
    outcome: Verdict,
) -> Result<(String, Status), Failure> {
    match outcome {
        Verdict::Equal(p) => {
            if !matches!(ctx.format, Format::Text | Format::Markdown | Format::Latex) {
                return Ok((proof_json(&p, &ctx.rules, ctx.explain)?, Status::Ok));
            }
            let conclusion = Conclusion::Equal(x.clone(), y.clone());
            // Small shared parts written out for people; JSON keeps the proof as it is.
            let readable;
            let shown = match ctx.format {
                Format::Text | Format::Markdown | Format::Latex => {
                    readable = super::simplify::for_reader(&p);
                    &readable
                }
                _ => &p,
            };
            let d = Derivation::new(shown, ctx.steps, conclusion, &ctx.rules, ctx.explain)?;
            let out = match ctx.format {
                Format::Text => text::derivation(&d, &ctx.style),
                Format::Markdown => markdown::derivation(&d, &ctx.style),
                Format::Latex => latex::derivation(&d),
                _ => proof_json(&p, &ctx.rules, ctx.explain)?,
            };
            Ok((out, Status::Ok))
        }
        Verdict::Different(d) => Ok((different(ctx, x, y, &d), Status::False)),
    }
}

fn different(ctx: &Ctx, x: &Term, y: &Term, d: &Disproof) -> String {
    let style = &ctx.style;
    let ne = if style.unicode { "≠" } else { "!=" };
    let rel = symbol(d.outcome, style);
    let lines = reasons(x, y, d, style);
    match ctx.format {
        Format::Json => format!("{}\n", disproof_json(x, y, d)),
        Format::Markdown => format!(
            "{} {ne} {} (in fact {rel})\n\n{}",
            markdown::code(&style.term(x)),
            markdown::code(&style.term(y)),
            lines
                .iter()
                .map(|l| format!("- {}\n", markdown::escape(l)))
                .collect::<String>()
        ),
        Format::Latex => format!(
            "\\[ {} \\neq {} \\]\n{}\n",
            latex::term(x),
            latex::term(y),
            latex::text(&lines.join(" "))
        ),
        _ => {
            let mut out = format!(
                "{} {ne} {}: in fact {} {rel} {}\n",
                style.term(x),
                style.term(y),
                style.term(x),
                style.term(y)
            );
            for l in lines {
                out.push_str(&format!("  {}\n", style.words(&l, 2, 4)));
            }
            out
        }
    }
}
