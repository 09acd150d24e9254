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
    let one = |x: &Term, y: &Term| pair(ctx, x, y, misere);
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
    let (a, b) = match (a, b) {
        (Some(a), Some(b)) => (a, b),
        (Some(eq), None) => input::split_equation(eq).ok_or_else(|| {
            Failure::bad("give two games, or one argument `A = B`\n  e.g. onag prove \"{0|5} = 1\"")
        })?,
        _ => return Err(Failure::bad("give two games, or one argument `A = B`")),
    };
    let (text, status) = equation(ctx, a, b, misere)?;
    emit(&text);
    Ok(status)
}

/// The proof or disproof of the equation `a = b` given as two texts, `onag prove [--misere]`
/// and the REPL's `A = B` / `:misere A = B` (one code path, so they answer alike): its text
/// and status (1 when they differ).
pub(crate) fn equation(
    ctx: &Ctx,
    a: &str,
    b: &str,
    misere: bool,
) -> Result<(String, i32), Failure> {
    let x = input::parse_named(a, "first")?;
    let y = input::parse_named(b, "second")?;
    pair(ctx, &x, &y, misere)
        .map_err(|e| e.at_sources(&[(a, 1, Some("first")), (b, 1, Some("second"))]))
}

/// `x = y` in the play chosen: misère when asked, loopy when either is written in the loopy
/// notation, else normal play by rules.
fn pair(ctx: &Ctx, x: &Term, y: &Term, misere: bool) -> Result<(String, i32), Failure> {
    if misere {
        crate::ops::misere::prove(ctx, x, y, crate::ops::misere::budget(ctx))
            .map(|(t, s)| (t, s.code()))
    } else if crate::ops::loopy::is_loopy(x) || crate::ops::loopy::is_loopy(y) {
        // Loopy games have their own proofs, chosen by their notation.
        crate::cli::combos::normal_play_only("loopy")?;
        crate::ops::loopy::prove(ctx, x, y, crate::ops::misere::budget(ctx))
            .map(|(t, s)| (t, s.code()))
    } else {
        one(ctx, x, y)
    }
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
