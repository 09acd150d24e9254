//! `onag simplify`: the derivation of a canonical form, one rule application per step
//! (computed and written by [`crate::ops::simplify`]).

use super::{batch, emit, Ctx, Input};
use crate::cli::input;
use crate::cli::progress::Spinner;
use crate::kernel::Kernel;
use crate::ops::exit::{Failure, Status};
use crate::ops::simplify::{derive, picture, rendered};
use crate::ops::Format;
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, inp: Input, misere: bool) -> Result<i32, Failure> {
    if misere {
        return run_misere(ctx, inp);
    }
    if let Input::One(src) = &inp {
        let src: &str = src;
        // A loopy game (`on + off`, `a{0|a}`) has its own derivation, chosen by its notation.
        let t = input::parse(src)?;
        if crate::ops::loopy::is_loopy(&t) {
            let (text, status) = loopy(ctx, &t).map_err(|e| e.at_source(src, 1, None))?;
            emit(&text);
            return Ok(status);
        }
    }
    match inp {
        Input::One(src) => {
            let t = input::parse(src)?;
            let (text, status) = with_spinner(ctx, &t, |s, json| {
                let out = rendered(ctx, &s, json);
                // The process ends with this command: freeing a large proof node by node
                // costs a tenth of its run (S(16): 48,566 steps) and gives nothing back.
                std::mem::forget(s);
                out
            })
            .map_err(|e| e.at_source(src, 1, None))?;
            emit(&text);
            Ok(status.code())
        }
        // Derivations are several lines each: a blank line between them.
        Input::Batch(source) => batch(source, "\n", |n, line| {
            let t = input::parse_line(line, n)?;
            one(ctx, &t).map_err(|e| e.at_source(line, n, None))
        }),
    }
}

/// `simplify --misere`: each term's misère derivation ([`crate::ops::misere::simplify`]).
fn run_misere(ctx: &Ctx, inp: Input) -> Result<i32, Failure> {
    let one = |t: &Term| crate::ops::misere::simplify(ctx, t, crate::ops::misere::budget(ctx));
    match inp {
        Input::One(src) => {
            let t = input::parse(src)?;
            let (text, status) = one(&t).map_err(|e| e.at_source(src, 1, None))?;
            emit(&text);
            Ok(status.code())
        }
        Input::Batch(source) => batch(source, "\n", |n, line| {
            let t = input::parse_line(line, n)?;
            one(&t)
                .map(|(t, s)| (t, s.code()))
                .map_err(|e| e.at_source(line, n, None))
        }),
    }
}

/// One term's derivation (or picture) and its status: a limit when the chosen rules stop
/// short of the canonical form. A loopy term (a line of a batch, the REPL's `simplify`) takes
/// the loopy derivation, as a lone argument does.
pub(crate) fn one(ctx: &Ctx, t: &Term) -> Result<(String, i32), Failure> {
    if crate::ops::loopy::is_loopy(t) {
        return loopy(ctx, t);
    }
    with_spinner(ctx, t, |s, json| rendered(ctx, &s, json)).map(|(t, s)| (t, s.code()))
}

/// A loopy term's derivation ([`crate::ops::loopy::simplify`]), under the command's budget.
fn loopy(ctx: &Ctx, t: &Term) -> Result<(String, i32), Failure> {
    crate::ops::loopy::simplify(ctx, t, crate::ops::misere::budget(ctx)).map(|(t, s)| (t, s.code()))
}

/// [`derive()`] with the spinner shown while the engine runs.
fn with_spinner(
    ctx: &Ctx,
    t: &Term,
    then: impl FnOnce(crate::proof::Simplification, Option<String>) -> Result<(String, Status), Failure>,
) -> Result<(String, Status), Failure> {
    if matches!(ctx.format, Format::Dot | Format::Svg) {
        return Ok((picture(ctx, t, Kernel::new)?, Status::Ok));
    }
    let spinner = Spinner::start("simplifying");
    let running = crate::cli::progress::Running::start();
    let mut shown = Some((spinner, running));
    derive(ctx, t, &super::engine(ctx), Kernel::new, |s, json| {
        drop(shown.take());
        then(s, json)
    })
}
