//! `onag prove`: a checked proof of A = B by rules, or the evidence that A ≠ B (exit 1).

use super::compare::{disproof_json, reasons, symbol};
use super::{batch, emit, unsupported, Ctx};
use crate::cli::args::Format;
use crate::cli::exit::{CliError, FALSE, OK};
use crate::cli::format::{latex, markdown, proof_json, text, Conclusion, Derivation};
use crate::cli::input::{self, Source};
use crate::cli::progress::Spinner;
use crate::proof::{prove_eq_with, Disproof, Outcome};
use crate::term::Term;

pub(super) fn run(
    ctx: &Ctx,
    a: Option<&str>,
    b: Option<&str>,
    file: &Option<String>,
) -> Result<i32, CliError> {
    let source = match (a, file) {
        (_, Some(f)) => Some(Source::File(f)),
        (Some("-"), None) if b.is_none() => Some(Source::Stdin),
        _ => None,
    };
    if let Some(source) = source {
        return batch(source, "\n", |n, line| {
            let (x, y) = input::split_equation(line).ok_or_else(|| {
                CliError::bad(format!("line {n}: expected `A = B`, got `{line}`"))
            })?;
            let (a, b) = (x, y);
            let x = input::parse_line(a, n)?;
            let y = input::parse_line(b, n)?;
            one(ctx, &x, &y).map_err(|e| e.at_sources(&[(a, n, None), (b, n, None)]))
        });
    }
    let (x, y, texts) = match (a, b) {
        (Some(a), Some(b)) => (
            input::parse_named(a, "first")?,
            input::parse_named(b, "second")?,
            (a, b),
        ),
        (Some(eq), None) => {
            let (a, b) = input::split_equation(eq).ok_or_else(|| {
                CliError::bad(
                    "give two games, or one argument `A = B`\n  e.g. onag prove \"{0|5} = 1\"",
                )
            })?;
            (
                input::parse_named(a, "first")?,
                input::parse_named(b, "second")?,
                (a, b),
            )
        }
        _ => return Err(CliError::bad("give two games, or one argument `A = B`")),
    };
    let (text, status) = one(ctx, &x, &y)
        .map_err(|e| e.at_sources(&[(texts.0, 1, Some("first")), (texts.1, 1, Some("second"))]))?;
    emit(&text);
    Ok(status)
}

/// The proof or disproof of `x = y`, and the status (1 when they differ).
pub(crate) fn one(ctx: &Ctx, x: &Term, y: &Term) -> Result<(String, i32), CliError> {
    if matches!(ctx.format, Format::Dot | Format::Svg) {
        return Err(unsupported("prove", ctx.format));
    }
    let spinner = Spinner::start("proving");
    let running = crate::cli::progress::Running::start();
    let outcome = prove_eq_with(x, y, &super::engine(ctx))?;
    drop(running);
    drop(spinner);
    render(ctx, x, y, outcome)
}

/// The proof or disproof of `x = y` in `ctx`'s format, and the status; `onag serve` calls
/// this with its own engine.
pub(crate) fn render(
    ctx: &Ctx,
    x: &Term,
    y: &Term,
    outcome: Outcome,
) -> Result<(String, i32), CliError> {
    match outcome {
        Outcome::Equal(p) => {
            if !matches!(ctx.format, Format::Text | Format::Markdown | Format::Latex) {
                return Ok((proof_json(&p, &ctx.rules, ctx.explain)?, OK));
            }
            let conclusion = Conclusion::Equal(x.clone(), y.clone());
            // Small shared parts written out for people; JSON keeps the proof as it is.
            let readable;
            let shown = match ctx.format {
                Format::Text | Format::Markdown | Format::Latex => {
                    readable = p.readable(crate::proof::table::READ_UP_TO);
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
            Ok((out, OK))
        }
        Outcome::Different(d) => Ok((different(ctx, x, y, &d), FALSE)),
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
