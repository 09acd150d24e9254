//! `onag check`: reads a proof in JSON and checks it again, step by step, against the chosen
//! rules ([`crate::ops::check`]). The file's own `checked` field is never believed.

use super::{emit, Ctx};
use crate::ops::exit::Failure;
use std::io::Read;

pub(super) fn run(ctx: &Ctx, file: &str) -> Result<i32, Failure> {
    // `--time-limit` counts the file's reading too.
    let started = std::time::Instant::now();
    let text = if file == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::bad(format!("reading standard input: {e}")))?;
        s
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| Failure::bad(format!("cannot read {file}: {e}")))?
    };
    let (out, status) = crate::ops::check::check(ctx, text, started)?;
    emit(&out);
    Ok(status.code())
}
