//! `onag prove`: a checked proof of A = B by rules, or the evidence that A ≠ B (exit 1),
//! from [`crate::ops::prove`].

use super::{batch, emit, Ctx};
use crate::cli::input::{self, Source};
use crate::cli::progress::Spinner;
use crate::ops::exit::Failure;
use crate::ops::prove::prove;
use crate::term::Term;

pub(super) fn run(
    ctx: &Ctx,
    a: Option<&str>,
    b: Option<&str>,
    file: &Option<String>,
    misere: bool,
) -> Result<i32, Failure> {
    let one = |x: &Term, y: &Term| {
        if misere {
            crate::ops::misere::prove(ctx, x, y, crate::ops::misere::budget(ctx))
                .map(|(t, s)| (t, s.code()))
        } else if crate::ops::loopy::is_loopy(x) || crate::ops::loopy::is_loopy(y) {
            // Loopy games have their own proofs, chosen by their notation.
            crate::ops::loopy::prove(ctx, x, y, crate::ops::misere::budget(ctx))
                .map(|(t, s)| (t, s.code()))
        } else {
            one(ctx, x, y)
        }
    };
    let source = match (a, file) {
        (_, Some(f)) => Some(Source::File(f)),
        (Some("-"), None) if b.is_none() => Some(Source::Stdin),
        _ => None,
    };
    if let Some(source) = source {
        return batch(source, "\n", |n, line| {
            let (x, y) = input::split_equation(line)
                .ok_or_else(|| Failure::bad(format!("expected `A = B`, got `{line}`")))?;
            let (a, b) = (x, y);
            let x = input::parse_line(a, n)?;
            let y = input::parse_line(b, n)?;
            one(&x, &y).map_err(|e| e.at_sources(&[(a, n, None), (b, n, None)]))
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
                Failure::bad(
                    "give two games, or one argument `A = B`\n  e.g. onag prove \"{0|5} = 1\"",
                )
            })?;
            (
                input::parse_named(a, "first")?,
                input::parse_named(b, "second")?,
                (a, b),
            )
        }
        _ => return Err(Failure::bad("give two games, or one argument `A = B`")),
    };
    let (text, status) = one(&x, &y)
        .map_err(|e| e.at_sources(&[(texts.0, 1, Some("first")), (texts.1, 1, Some("second"))]))?;
    emit(&text);
    Ok(status)
}

/// The proof or disproof of `x = y`, and the status (1 when they differ).
pub(crate) fn one(ctx: &Ctx, x: &Term, y: &Term) -> Result<(String, i32), Failure> {
    let spinner = Spinner::start("proving");
    let running = crate::cli::progress::Running::start();
    let answer = prove(ctx, x, y, &super::engine(ctx));
    drop(running);
    drop(spinner);
    answer.map(|(text, status)| (text, status.code()))
}
