//! `onag lexicode`: a lexicographic code, its size and the closure theorems checked on it.

use super::{emit, Ctx};
use crate::cli::args::Format;
use crate::number::Lexicode;
use crate::ops::exit::{Failure, OK};

pub(super) fn run(
    ctx: &Ctx,
    base: u64,
    length: u32,
    distance: u32,
    words: bool,
    time_limit: f64,
) -> Result<i32, Failure> {
    if !matches!(ctx.format, Format::Text | Format::Json) {
        return Err(Failure::bad(
            "`onag lexicode` writes text or json only (--format text|json): a code has no \
             derivation to typeset and no game tree to draw",
        ));
    }
    // The search and the checks stop at the time limit, Ctrl-C or the memory limit (exit 3).
    let mut kernel = crate::kernel::Kernel::new();
    kernel.set_budget(super::eval::budget(time_limit)?);
    let limited = std::cell::Cell::new(false);
    let mut check = || {
        kernel.check_budget().map_err(|e| {
            limited.set(true);
            e.to_string()
        })
    };
    let code = Lexicode::new_within(base, length, distance, &mut check).map_err(|e| {
        if limited.get() {
            Failure::limit(format!("lexicode: {e}\n"))
        } else {
            Failure::bad(format!("lexicode: {e}\n"))
        }
    })?;
    let c = code
        .verify_within(&mut check)
        .map_err(|e| Failure::limit(format!("lexicode: {e}\n")))?;
    let word = |w: &Vec<u64>| {
        if base <= 10 {
            w.iter().map(|d| d.to_string()).collect::<String>()
        } else {
            w.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(".")
        }
    };
    let claim = |x: Option<bool>| match x {
        Some(true) => "yes",
        Some(false) => "NO (the theorem fails: please report)",
        None => "no claim for this base",
    };
    let text = if ctx.format == Format::Json {
        let v = serde_json::json!({
            "base": base, "length": length, "distance": distance,
            "size": code.words.len(),
            "min_distance": c.min_distance,
            "closed_under_nim_sum": c.nim_sum,
            "closed_under_scalars": c.scalar,
            "words": words.then(|| code.words.iter().map(word).collect::<Vec<_>>()),
        });
        format!("{v}\n")
    } else {
        let mut out = format!(
            "lexicode over 0..{base}, length {length}, distance {distance}: {} words\n",
            code.words.len()
        );
        if let Some(d) = c.min_distance {
            out.push_str(&format!("  least distance between two words: {d}\n"));
        }
        out.push_str(&format!(
            "  closed under nim addition: {}\n  closed under nim multiplication by scalars: {}\n",
            claim(c.nim_sum),
            claim(c.scalar)
        ));
        if words {
            for w in &code.words {
                out.push_str(&format!("  {}\n", word(w)));
            }
        }
        out
    };
    emit(&text);
    Ok(OK)
}
