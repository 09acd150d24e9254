//! `onag simplify`: the derivation of a canonical form, one rule application per step
//! (computed and written by [`crate::ops::simplify`]).

use super::{batch, emit, emit_pieces, Ctx, Input};
use crate::cli::input;
use crate::cli::progress::Spinner;
use crate::kernel::Kernel;
use crate::ops::exit::{Failure, Status};
use crate::ops::simplify::{derive, finished, picture, rendered, Afterwards};
use crate::ops::Format;
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, inp: Input, misere: bool) -> Result<i32, Failure> {
    match inp {
        Input::One(src) => {
            let (text, status) = single(ctx, src, misere, Ends::Process).map_err(|mut e| {
                // A game with no derivation that has a value: the command that gives it.
                if !misere && e.status == Status::BadInput {
                    if let Some(hint) = super::evaluate_hint(ctx, src, super::Face::Command) {
                        e.message.push_str(&hint);
                    }
                }
                e
            })?;
            emit(&text);
            Ok(status)
        }
        // Derivations are several lines each: a blank line between them.
        Input::Batch(source) => batch(source, "\n", |n, line| {
            let t = input::parse_line(line, n)?;
            if misere {
                misere_one(ctx, &t)
            } else {
                one(ctx, &t)
            }
            .map_err(|e| e.at_source(line, n, None))
        }),
    }
}

/// What follows a derivation of [`single`]: the end of the process (a lone argument), or
/// more work in the same process (a line of the REPL).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ends {
    Process,
    Session,
}

/// The derivation of one expression given whole, `onag simplify [--misere] SRC` and the
/// REPL's `:simplify` / `:misere` (one code path, so they answer alike): its text and status.
pub(crate) fn single(
    ctx: &Ctx,
    src: &str,
    misere: bool,
    ends: Ends,
) -> Result<(String, i32), Failure> {
    let t = input::parse(src)?;
    if misere {
        return misere_one(ctx, &t).map_err(|e| e.at_source(src, 1, None));
    }
    // A loopy game (`on + off`, `a{0|a}`) has its own derivation, chosen by its notation.
    if crate::ops::loopy::is_loopy(&t) {
        return loopy(ctx, &t).map_err(|e| e.at_source(src, 1, None));
    }
    let afterwards = match ends {
        Ends::Process => Afterwards::Forget,
        Ends::Session => Afterwards::Free,
    };
    with_spinner(ctx, &t, |s, json| match (json, ends) {
        // The process ends with this command: the proof's JSON is written out piece by piece
        // (`ProofText`), never copied into one string (Σ_{k≤30} {k|−k}: 147 MB, the peak of
        // the run's memory), and nothing is left for the caller to print.
        (Some(json), Ends::Process) => {
            let (json, status) = finished(s, json, afterwards);
            emit_pieces(json.pieces());
            Ok((String::new(), status))
        }
        (json, _) => rendered(ctx, s, json, afterwards),
    })
    .map(|(t, s)| (t, s.code()))
    .map_err(|e| e.at_source(src, 1, None))
}

/// One term's misère derivation ([`crate::ops::misere::simplify`]).
fn misere_one(ctx: &Ctx, t: &Term) -> Result<(String, i32), Failure> {
    crate::ops::misere::simplify(ctx, t, crate::ops::misere::budget(ctx))
        .map(|(t, s)| (t, s.code()))
}

/// One term's derivation (or picture) and its status: a limit when the chosen rules stop
/// short of the canonical form. A loopy term (a line of a batch, the REPL's `simplify`) takes
/// the loopy derivation, as a lone argument does.
pub(crate) fn one(ctx: &Ctx, t: &Term) -> Result<(String, i32), Failure> {
    if crate::ops::loopy::is_loopy(t) {
        return loopy(ctx, t);
    }
    with_spinner(ctx, t, |s, json| rendered(ctx, s, json, Afterwards::Free))
        .map(|(t, s)| (t, s.code()))
}

/// A loopy term's derivation ([`crate::ops::loopy::simplify`]), under the command's budget.
fn loopy(ctx: &Ctx, t: &Term) -> Result<(String, i32), Failure> {
    crate::cli::combos::normal_play_only("loopy")?;
    crate::ops::loopy::simplify(ctx, t, crate::ops::misere::budget(ctx)).map(|(t, s)| (t, s.code()))
}

/// [`derive()`] with the spinner shown while the engine runs.
fn with_spinner(
    ctx: &Ctx,
    t: &Term,
    then: impl FnOnce(
        crate::proof::Simplification,
        Option<crate::proof::json::ProofText>,
    ) -> Result<(String, Status), Failure>,
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
