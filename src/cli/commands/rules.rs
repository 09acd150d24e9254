//! `onag rules`: every rule with its statement and citation, or one rule as written
//! ([`crate::ops::rules`]).

use super::{emit, Ctx};
use crate::ops::exit::{Failure, OK};

pub(super) fn run(ctx: &Ctx, name: Option<&str>) -> Result<i32, Failure> {
    emit(&crate::ops::rules::answer(ctx, name)?);
    Ok(OK)
}
