//! Mem (CGSuite's `game.heap.Mem`, a `GenMem` with `j >= memory`): a heap of n with a memory
//! k, the number of tokens the previous move took. A move takes a tokens, 1 ≤ a ≤ n, with
//! a ≥ k, and leaves (n − a, a). A game starts with memory 0.
//!
//! G(n, k) is the mex of G(n − a, a) over a from max(k, 1) to n; as k falls the set only
//! grows, so row n is filled from k = n down in one pass with a running mex: the table up to
//! n costs O(n²) and is refused past [`MAX_HEAP`].

use super::RulesetError;
use crate::kernel::Budget;

/// Largest heap valued (the table holds about n²/2 values).
pub const MAX_HEAP: usize = 4096;

/// The options of (n, k): (n − a, a) for max(k, 1) ≤ a ≤ n.
pub fn moves(n: usize, k: usize) -> Vec<(usize, usize)> {
    (k.max(1)..=n).map(|a| (n - a, a)).collect()
}

/// G(n, k).
pub fn value(n: usize, k: usize, budget: &Budget) -> Result<u64, RulesetError> {
    if n > MAX_HEAP {
        return Err(super::too_large(format!(
            "Mem with a heap of {n} (at most {MAX_HEAP})"
        )));
    }
    if k > n {
        return Ok(0);
    }
    // rows[m][j] = G(m, j) for 1 ≤ j ≤ m (G(m, j) = 0 for j > m; G(m, 0) = G(m, 1)).
    let rows = super::running_mex::rows(
        n,
        budget,
        |m| (1..=m).rev(),
        |rows, m, a| {
            let r = m - a;
            if a <= r {
                rows[r][a]
            } else {
                0
            }
        },
    )?;
    Ok(rows[n][k.max(1).min(n)] as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tests::mex_by_definition;
    use std::collections::HashMap;

    #[test]
    fn the_table_is_the_definition() {
        let mut memo = HashMap::new();
        for n in 0..40 {
            for k in 0..45 {
                assert_eq!(
                    value(n, k, &Budget::default()).unwrap(),
                    mex_by_definition((n, k), &|&(n, k)| moves(n, k), &mut memo),
                    "({n}, {k})"
                );
            }
        }
    }

    /// CGSuite's GameHeapTest: `game.heap.Mem((10, n)).NimValue` for n = 0 … 20, and
    /// `Mem((10,10)).Options.Size` = 1.
    #[test]
    fn cgsuites_row_ten() {
        let row: Vec<u64> = (0..=20)
            .map(|k| value(10, k, &Budget::default()).unwrap())
            .collect();
        assert_eq!(
            row,
            [3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        assert_eq!(moves(10, 10).len(), 1);
    }

    #[test]
    fn too_large_a_heap_is_a_limit() {
        assert!(value(MAX_HEAP + 1, 0, &Budget::default()).is_err());
    }
}
