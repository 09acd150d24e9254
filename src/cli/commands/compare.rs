//! `onag compare`: the relation between two games and its reasons
//! ([`crate::ops::compare`]).

use super::{emit, Ctx};
use crate::cli::input;
use crate::ops::compare::answer;
use crate::ops::exit::{Failure, OK};

pub(super) fn run(ctx: &Ctx, a: &str, b: &str, brief: bool) -> Result<i32, Failure> {
    let x = input::parse_named(a, "first")?;
    let y = input::parse_named(b, "second")?;
    // Bad input raised by a call is placed in the game whose text has the call.
    // Every kernel the answer asks for works to the one deadline, the limit from now.
    let budget = super::kernel_budget(ctx);
    let kernel = || {
        let mut k = crate::kernel::Kernel::new();
        k.set_budget(budget.clone());
        k
    };
    let text = answer(ctx, &x, &y, brief, kernel)
        .map_err(|e| e.at_sources(&[(a, 1, Some("first")), (b, 1, Some("second"))]))?;
    emit(&text);
    Ok(OK)
}
