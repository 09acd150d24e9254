//! `onag simplify`: the derivation of a canonical form, one rule application per step.

use super::{batch, emit, Ctx, Input};
use crate::cli::args::{Format, TreeChoice};
use crate::cli::exit::{CliError, LIMIT, OK};
use crate::cli::format::{
    dot, latex, markdown, proof_json, svg, text, tree, Conclusion, Derivation,
};
use crate::cli::input;
use crate::cli::progress::Spinner;
use crate::kernel::Kernel;
use crate::proof::simplify;
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, inp: Input) -> Result<i32, CliError> {
    match inp {
        Input::One(src) => {
            let t = input::parse(src)?;
            let (text, status) = derive(ctx, &t, |s, json| {
                let out = rendered(ctx, &s, json);
                // The process ends with this command: freeing a large proof node by node
                // costs a tenth of its run (S(16): 48,566 steps) and gives nothing back.
                std::mem::forget(s);
                out
            })
            .map_err(|e| e.at_source(src, 1, None))?;
            emit(&text);
            Ok(status)
        }
        // Derivations are several lines each: a blank line between them.
        Input::Batch(source) => batch(source, "\n", |n, line| {
            let t = input::parse_line(line, n)?;
            one(ctx, &t).map_err(|e| e.at_source(line, n, None))
        }),
    }
}

/// One term's derivation (or picture) and its status: a limit when the chosen rules stop
/// short of the canonical form.
pub(crate) fn one(ctx: &Ctx, t: &Term) -> Result<(String, i32), CliError> {
    derive(ctx, t, |s, json| rendered(ctx, &s, json))
}

/// [`render`], or the JSON already written for `s` when there is one.
fn rendered(
    ctx: &Ctx,
    s: &crate::proof::Simplification,
    json: Option<String>,
) -> Result<(String, i32), CliError> {
    match json {
        Some(json) => Ok((json, if s.stuck.is_some() { LIMIT } else { OK })),
        None => render(ctx, s),
    }
}

/// [`one`], the simplification handed to `then` to render (and to keep or free).
fn derive(
    ctx: &Ctx,
    t: &Term,
    then: impl FnOnce(crate::proof::Simplification, Option<String>) -> Result<(String, i32), CliError>,
) -> Result<(String, i32), CliError> {
    if matches!(ctx.format, Format::Dot | Format::Svg) {
        return Ok((picture(ctx, t)?, OK));
    }
    let spinner = Spinner::start("simplifying");
    let running = crate::cli::progress::Running::start();
    // The plain JSON proof is written while it is checked.
    if matches!(ctx.format, Format::Json) && ctx.explain == 0 {
        let (s, mut json) = crate::proof::simplify_as_json(t, &super::engine(ctx))?;
        drop(running);
        drop(spinner);
        json.push('\n');
        return then(s, Some(json));
    }
    let s = simplify(t, &super::engine(ctx))?;
    drop(running);
    drop(spinner);
    then(s, None)
}

/// A simplification in `ctx`'s format, and its status (a limit when the rules stopped short);
/// `onag serve` calls this with its own engine.
pub(crate) fn render(
    ctx: &Ctx,
    s: &crate::proof::Simplification,
) -> Result<(String, i32), CliError> {
    // Small shared parts written out for people; JSON keeps the proof as it is.
    let readable;
    let proof = match ctx.format {
        Format::Text | Format::Markdown | Format::Latex => {
            readable = s.proof.readable(crate::proof::table::READ_UP_TO);
            &readable
        }
        _ => &s.proof,
    };
    let stuck = s.stuck.clone();
    let status = if stuck.is_some() { LIMIT } else { OK };
    // Pictures returned above; JSON needs no lines laid out.
    if matches!(ctx.format, Format::Json | Format::Dot | Format::Svg) {
        return Ok((proof_json(proof, &ctx.rules, ctx.explain)?, status));
    }
    // The answer is written out as `onag eval` would write it, up to the `--share` threshold;
    // beyond it, it keeps the names of the glossary above it.
    let written = match ctx.share {
        crate::cli::args::Share::Above(n) => {
            proof.expand(&proof.result, n.min(10_000_000) as usize)
        }
        crate::cli::args::Share::Never => proof.expand(&proof.result, 10_000_000),
    };
    let conclusion = Conclusion::Canonical {
        result: written.unwrap_or_else(|| proof.result.clone()),
        stuck,
    };
    let d = Derivation::new(proof, ctx.steps, conclusion, &ctx.rules, ctx.explain)?;
    let out = match ctx.format {
        Format::Text => text::derivation(&d, &ctx.style),
        Format::Markdown => markdown::derivation(&d, &ctx.style),
        Format::Latex => latex::derivation(&d),
        Format::Json | Format::Dot | Format::Svg => proof_json(proof, &ctx.rules, ctx.explain)?,
    };
    Ok((out, status))
}

/// The game tree of the canonical form (from the kernel) or of the input as written.
fn picture(ctx: &Ctx, t: &Term) -> Result<String, CliError> {
    let tr = match ctx.tree {
        TreeChoice::Input => tree::input(t, &ctx.style)?,
        TreeChoice::Canonical => {
            let mut k = Kernel::new();
            let g = k.eval(t)?;
            tree::canonical(&mut k, g, &ctx.style)?
        }
    };
    Ok(if ctx.format == Format::Dot {
        dot::tree(&tr)
    } else {
        svg::tree(&tr)
    })
}
