//! `onag eval`: the value only, from the fast kernel; no rules, no derivation
//! ([`crate::ops::eval`]).

use super::{batch, emit, Ctx, Input};
use crate::cli::input;
use crate::kernel::{Budget, Kernel};
use crate::ops::eval::one;
use crate::ops::exit::{Failure, OK};
use crate::ops::Format;
use crate::term::Term;
use std::time::{Duration, Instant};

/// The kernel's budget for one expression: `--time-limit` seconds from now, Ctrl-C, and the
/// process-wide memory limit. The kernel checks it on every unit of work and the number world
/// between its operations, so a long evaluation ends with "limit reached" (exit status 3).
pub(super) fn budget(time_limit: f64) -> Result<Budget, Failure> {
    if !(time_limit.is_finite() && time_limit > 0.0) {
        return Err(Failure::bad(format!(
            "--time-limit must be a positive number of seconds, found {time_limit}"
        )));
    }
    Ok(Budget {
        deadline: Some(Instant::now() + Duration::from_secs_f64(time_limit.min(1e6))),
        cancel: Some(crate::cli::progress::cancel_flag()),
        ..Budget::default()
    })
}

/// A kernel under a fresh budget.
fn kernel(time_limit: f64) -> Result<Kernel, Failure> {
    let mut k = Kernel::new();
    k.set_budget(budget(time_limit)?);
    Ok(k)
}

pub(super) fn run(
    ctx: &Ctx,
    inp: Input,
    json: bool,
    tree_size: bool,
    time_limit: f64,
) -> Result<i32, Failure> {
    let format = if json { Format::Json } else { ctx.format };
    let one = |ctx: &Ctx, format, k: &mut Kernel, src: &str, t: &Term| {
        one(ctx, format, k, src, t, tree_size)
    };
    match inp {
        Input::One(src) => {
            emit(&single(ctx, src, format, tree_size, time_limit)?);
            Ok(OK)
        }
        Input::Batch(source) => {
            // Built at the first good line, so that a batch of bad lines needs no kernel; one
            // kernel for all lines so work is shared.
            let mut kernel: Option<Kernel> = None;
            batch(source, "", |n, line| {
                let t = input::parse_line(line, n)?;
                let k = kernel.get_or_insert_with(Kernel::new);
                // each line gets the whole time limit
                k.set_budget(budget(time_limit)?);
                let text = one(ctx, format, k, line, &t).map_err(|e| e.at_source(line, n, None))?;
                Ok((text, OK))
            })
        }
    }
}

/// The value of one expression given whole, `onag eval SRC` and the REPL's `:eval` (one code
/// path, so they answer alike), under a fresh kernel and `time_limit`.
pub(crate) fn single(
    ctx: &Ctx,
    src: &str,
    format: Format,
    tree_size: bool,
    time_limit: f64,
) -> Result<String, Failure> {
    // Parse before building a kernel: bad input is reported without any evaluation.
    let t = input::parse(src)?;
    one(ctx, format, &mut kernel(time_limit)?, src, &t, tree_size)
        .map_err(|e| e.at_source(src, 1, None))
}

/// Rulesets whose position is one text argument, as `--ruleset` takes them.
const BOARD_RULESETS: [&str; 4] = ["domineering", "clobber", "toads", "hackenbush"];

/// How many values `--ruleset octal` computes while looking for a period.
const PERIOD_SEARCH: usize = 1 << 14;

/// `onag eval --ruleset octal CODE` (or `subtraction SET`): the first nim-values and the
/// period, when the Guy–Smith theorem proves one from the values computed.
fn nim_sequence(name: &str, text: &str, time_limit: f64) -> Result<i32, Failure> {
    use crate::rulesets::octal::{NimSequence, OctalCode};
    let text = text.trim();
    let code = if name == "octal" {
        OctalCode::parse(text)
    } else {
        crate::rulesets::position::subtraction_set(text).and_then(|s| OctalCode::subtraction(&s))
    }
    .map_err(|e| Failure::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let mut seq = NimSequence::new(code);
    let budget = budget(time_limit)?;
    let period = seq
        .find_period(PERIOD_SEARCH, &budget)
        .map_err(|e| Failure::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let shown = seq
        .values_to(99, &budget)
        .map_err(|e| Failure::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let values: Vec<String> = shown.iter().map(|v| v.to_string()).collect();
    let mut out = format!("{} G(0..99): {}\n", seq.code().print(), values.join(" "));
    out.push_str(&match period {
        Some(p) => format!(
            "periodic: period {} from heap {} (proved by the Guy–Smith theorem from G(0..{}))\n",
            p.period,
            p.preperiod,
            seq.computed().len() - 1
        ),
        None => format!(
            "not yet periodic: no period is proved by G(0..{})\n",
            seq.computed().len() - 1
        ),
    });
    emit(&out);
    Ok(OK)
}

/// `onag eval --ruleset NAME`: the whole input is one position; `--format svg` draws it.
pub(super) fn run_ruleset(
    ctx: &Ctx,
    name: &str,
    inp: Input,
    json: bool,
    time_limit: f64,
) -> Result<i32, Failure> {
    if !BOARD_RULESETS.contains(&name) && name != "octal" && name != "subtraction" {
        return Err(Failure::bad(format!(
            "--ruleset {name}: not a ruleset read from a position (one of {}, or octal and subtraction for a nim-sequence)",
            BOARD_RULESETS.join(", ")
        )));
    }
    let text = match inp {
        Input::One(src) => src.to_string(),
        Input::Batch(source) => input::read_all(source)?,
    };
    // A file's CRLF line breaks are read as line breaks and its trailing blank lines and
    // spaces dropped, before the position language (docs/POSITIONS.md), which has neither.
    let text = text.replace("\r\n", "\n").trim_end().to_string();
    if name == "octal" || name == "subtraction" {
        return nim_sequence(name, &text, time_limit);
    }
    let format = if json { Format::Json } else { ctx.format };
    if format == Format::Svg {
        let picture = crate::rulesets::svg::draw(name, &text)
            .map_err(|e| Failure::from(crate::functions::rulesets::kernel_error(name, e)))?;
        emit(&picture);
        return Ok(OK);
    }
    // A board's rows on lines are read there, so errors name the file's line and column, and
    // then written in the canonical spelling, rows separated by `|`.
    let board = match name {
        "domineering" => Some(crate::rulesets::position::domineering(&text)),
        "clobber" => Some(crate::rulesets::position::clobber(&text)),
        _ => None,
    };
    let text = match board {
        Some(b) => {
            b.map_err(|e| Failure::from(crate::functions::rulesets::kernel_error(name, e)))?;
            text.replace('\n', "|")
        }
        None => text,
    };
    let call = Term::Call {
        name: name.to_string(),
        args: vec![crate::term::Arg::Text(text)],
    };
    let shown = crate::syntax::print(&call, &Default::default());
    let out = one(ctx, format, &mut kernel(time_limit)?, &shown, &call, false)?;
    emit(&out);
    Ok(OK)
}
