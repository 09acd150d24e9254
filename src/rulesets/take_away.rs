//! Take-Away games (CGSuite's `game.heap.TakeAway(r)`, a `GenMem` with `a ≤ r·k`) and Fibonacci
//! Nim (`game.heap.FibonacciNim`, which CGSuite defines as `TakeAway(2)`): a heap of n with a
//! memory k, the number of tokens the previous move took. A move takes a tokens,
//! 1 ≤ a ≤ n, with a ≤ r·k, and leaves (n − a, a). With memory 0 there is no move, as in
//! CGSuite (`FibonacciNim((10, 0))` is 0); the usual start of Fibonacci Nim, "take any number
//! but not all", is (n, (n − 1)/2 rounded down) for r = 2.
//!
//! G(n, k) depends on k only through c = min(n, ⌊r·k⌋), the most that may be taken, and
//! H(n, c) = mex{ G(n − a, a) : 1 ≤ a ≤ c } is a running mex as c grows: row n is filled from
//! c = 0 up in one pass, so the table up to n costs O(n²) and is refused past [`MAX_HEAP`].

use super::RulesetError;
use crate::kernel::Budget;
use crate::number::Dyadic;
use num_traits::{Signed, ToPrimitive};

/// Largest heap valued (the table holds about n²/2 values).
pub const MAX_HEAP: usize = 4096;

/// The most tokens a move may take after a move of k, for the ratio r: ⌊r·k⌋, at least 0,
/// at most `cap` (a heap never gives more than it holds).
pub fn most_taken(r: &Dyadic, k: usize, cap: usize) -> usize {
    let f = (r * &Dyadic::from(k as i64)).floor();
    if f.is_negative() {
        0
    } else {
        f.to_usize().map_or(cap, |f| f.min(cap))
    }
}

/// The options of (n, k): (n − a, a) for 1 ≤ a ≤ min(n, ⌊r·k⌋).
pub fn moves(r: &Dyadic, n: usize, k: usize) -> Vec<(usize, usize)> {
    (1..=most_taken(r, k, n)).map(|a| (n - a, a)).collect()
}

/// G(n, k) for the ratio r.
pub fn value(r: &Dyadic, n: usize, k: usize, budget: &Budget) -> Result<u64, RulesetError> {
    if n > MAX_HEAP {
        return Err(super::too_large(format!(
            "Take-Away with a heap of {n} (at most {MAX_HEAP})"
        )));
    }
    // lim[a] = min(⌊r·a⌋, n): the most the next move may take after a move of a.
    let lim: Vec<usize> = (0..=n).map(|a| most_taken(r, a, n)).collect();
    // rows[m][c] = H(m, c) for c ≤ m.
    let rows = super::running_mex::rows(
        n,
        budget,
        |m| 1..=m,
        |rows, m, a| {
            let rest = m - a;
            rows[rest][lim[a].min(rest)]
        },
    )?;
    Ok(rows[n][most_taken(r, k, n)] as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tests::mex_by_definition;
    use std::collections::HashMap;

    /// The definition: the mex of the options' values, the options tested by a ≤ r·k in exact
    /// arithmetic (no floor).
    fn by_definition(
        r: &Dyadic,
        n: usize,
        k: usize,
        memo: &mut HashMap<(usize, usize), u64>,
    ) -> u64 {
        let moves = |&(n, k): &(usize, usize)| {
            let limit = r * &Dyadic::from(k as i64);
            let take = move |a: usize| Dyadic::from(a as i64) <= limit;
            (1..=n).filter(move |&a| take(a)).map(move |a| (n - a, a))
        };
        mex_by_definition((n, k), &moves, memo)
    }

    #[test]
    fn the_table_is_the_definition() {
        for r in [
            Dyadic::from(2),
            Dyadic::from(3),
            Dyadic::from(1),
            Dyadic::from(1).half(),
            Dyadic::from(3).half(),
            Dyadic::from(0),
            Dyadic::from(-1),
        ] {
            let mut memo = HashMap::new();
            for n in 0..30 {
                for k in 0..35 {
                    assert_eq!(
                        value(&r, n, k, &Budget::default()).unwrap(),
                        by_definition(&r, n, k, &mut memo),
                        "r = {r}, ({n}, {k})"
                    );
                }
            }
        }
    }

    /// CGSuite's GameHeapTest: `FibonacciNim((10, n)).NimValue` and `TakeAway(3)((10, n))`
    /// for n = 0 … 20, and `Options.Size` of (10, 10), 10 for both.
    #[test]
    fn cgsuites_rows_ten() {
        let row = |r: i64| -> Vec<u64> {
            (0..=20)
                .map(|k| value(&Dyadic::from(r), 10, k, &Budget::default()).unwrap())
                .collect()
        };
        let mut fib = vec![0, 2, 2, 2];
        fib.extend([5; 17]);
        assert_eq!(row(2), fib);
        let mut three = vec![0, 2, 2];
        three.extend([6; 18]);
        assert_eq!(row(3), three);
        assert_eq!(moves(&Dyadic::from(2), 10, 10).len(), 10);
        assert_eq!(moves(&Dyadic::from(3), 10, 10).len(), 10);
    }

    #[test]
    fn too_large_a_heap_is_a_limit() {
        assert!(value(&Dyadic::from(2), MAX_HEAP + 1, 0, &Budget::default()).is_err());
    }
}
