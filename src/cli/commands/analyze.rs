//! `onag analyze`: one summary of a game ([`crate::ops::analyze`]). `--certificate` writes
//! the thermograph of every distinct subgame instead, for `onag check` to verify
//! independently.

use super::{emit, Ctx};
use crate::cli::input;
use crate::kernel::{Budget, Kernel};
use crate::ops::analyze::answer;
use crate::ops::exit::{Failure, OK};
use std::time::{Duration, Instant};

pub(super) fn run(
    ctx: &Ctx,
    src: &str,
    certificate: bool,
    time_limit: f64,
) -> Result<i32, Failure> {
    let t = input::parse(src)?;
    let mut k = Kernel::new();
    if !(time_limit.is_finite() && time_limit > 0.0) {
        return Err(Failure::bad(format!(
            "--time-limit must be a positive number of seconds, found {time_limit}"
        )));
    }
    k.set_budget(Budget {
        deadline: Some(Instant::now() + Duration::from_secs_f64(time_limit.min(1e6))),
        cancel: Some(crate::cli::progress::cancel_flag()),
        ..Budget::default()
    });
    if certificate {
        emit(&crate::ops::analyze::certificate(&mut k, src, &t)?);
        return Ok(OK);
    }
    emit(&answer(ctx, src, &t, &mut k)?);
    Ok(OK)
}
