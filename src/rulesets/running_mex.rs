//! The table both memory games (Mem, Take-Away) fill: a heap of n with a memory, whose value
//! for each memory is the mex of a set that only grows as the memory moves one way, so a row
//! is one pass with a running mex rather than a mex per entry.

use super::RulesetError;
use crate::kernel::Budget;

/// `rows[m][a]` for m ≤ n and the a that `order(m)` yields: the mex of `option(rows, m, b)`
/// over the moves b that `order(m)` yields up to and including a (entries it never yields stay
/// 0). `option` may read only rows below m; the budget is checked once a row.
pub fn rows<I: Iterator<Item = usize>>(
    n: usize,
    budget: &Budget,
    order: impl Fn(usize) -> I,
    option: impl Fn(&[Vec<u16>], usize, usize) -> u16,
) -> Result<Vec<Vec<u16>>, RulesetError> {
    let mut rows: Vec<Vec<u16>> = Vec::with_capacity(n + 1);
    for m in 0..=n {
        budget.check().map_err(RulesetError::from)?;
        let mut row = vec![0u16; m + 1];
        let mut seen = vec![false; m + 2];
        let mut mex = 0usize;
        for a in order(m) {
            let g = option(&rows, m, a) as usize;
            if g < seen.len() {
                seen[g] = true;
            }
            while mex < seen.len() && seen[mex] {
                mex += 1;
            }
            row[a] = mex as u16;
        }
        rows.push(row);
    }
    Ok(rows)
}
