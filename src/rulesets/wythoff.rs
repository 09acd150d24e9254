//! Wythoff's game (Winning Ways ch. 3): two heaps; a move takes any number of tokens from one
//! heap, or the same number from both. A position (a, b) is worth the nimber G(a, b), the mex
//! of its options' values.
//!
//! Every option of (i, j) lies in row i to its left, in column j above it, or on its diagonal
//! above-left, so G(i, j) is the least value missing from three sets: the values met so far in
//! row i, in column j and on diagonal i − j. Keeping those sets as bit sets, the table up to
//! (a, b) costs O(a·b·(a + b)/64) word operations; G(i, j) ≤ i + j, so each set has a + b + 1 bits.

use super::RulesetError;
use crate::kernel::Budget;

/// Most cells of the table computed for one value.
pub const MAX_CELLS: usize = 1 << 24;

/// The options of (a, b), each position once: from the first heap, from the second, from both.
pub fn moves(a: usize, b: usize) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = (0..a).map(|p| (p, b)).collect();
    out.extend((0..b).map(|q| (a, q)));
    out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    out
}

struct Bits {
    words: Vec<u64>,
    per: usize,
}

impl Bits {
    fn new(sets: usize, bits: usize) -> Bits {
        let per = bits.div_ceil(64).max(1);
        Bits {
            words: vec![0; sets * per],
            per,
        }
    }
    fn set(&mut self, s: usize, v: usize) {
        self.words[s * self.per + v / 64] |= 1 << (v % 64);
    }
    fn row(&self, s: usize) -> &[u64] {
        &self.words[s * self.per..(s + 1) * self.per]
    }
}

/// G(a, b), computing the table (a + 1) × (b + 1).
pub fn value(a: usize, b: usize, budget: &Budget) -> Result<u64, RulesetError> {
    // The game is symmetric: compute with a ≤ b.
    let (a, b) = (a.min(b), a.max(b));
    let cells = (a + 1).checked_mul(b + 1).filter(|&c| c <= MAX_CELLS);
    if cells.is_none() {
        return Err(super::too_large(format!(
            "Wythoff ({a}, {b}): the table of values up to it has more than {MAX_CELLS} cells"
        )));
    }
    let bits = a + b + 2;
    let mut rows = Bits::new(a + 1, bits);
    let mut cols = Bits::new(b + 1, bits);
    // Diagonal i − j + b, from 0 to a + b.
    let mut diags = Bits::new(a + b + 1, bits);
    let mut last = 0;
    for i in 0..=a {
        budget.check()?;
        for j in 0..=b {
            let d = i + b - j;
            let (r, c, g) = (rows.row(i), cols.row(j), diags.row(d));
            let mut v = 0;
            for w in 0..rows.per {
                let used = r[w] | c[w] | g[w];
                if used != u64::MAX {
                    v = w * 64 + (!used).trailing_zeros() as usize;
                    break;
                }
            }
            rows.set(i, v);
            cols.set(j, v);
            diags.set(d, v);
            last = v;
        }
    }
    Ok(last as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tests::mex_by_definition;
    use std::collections::HashMap;

    #[test]
    fn the_table_is_the_definition() {
        let mut memo = HashMap::new();
        for a in 0..24 {
            for b in 0..24 {
                assert_eq!(
                    value(a, b, &Budget::default()).unwrap(),
                    mex_by_definition((a, b), &|&(a, b)| moves(a, b), &mut memo),
                    "({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn p_positions_are_wythoffs_pairs() {
        // Wythoff (1907): the P-positions are (⌊kφ⌋, ⌊kφ²⌋) and their mirror images, with
        // ⌊kφ⌋ = ⌊(k + √(5k²))/2⌋, computed here in integers (OEIS A000201 and A001950).
        let mut pairs = std::collections::HashSet::new();
        for k in 0u64..40 {
            let r = (5 * k * k).isqrt();
            let lower = (k + r) / 2;
            pairs.insert((lower as usize, (lower + k) as usize));
        }
        for a in 0..60 {
            for b in a..60 {
                let p = value(a, b, &Budget::default()).unwrap() == 0;
                assert_eq!(p, pairs.contains(&(a, b)), "({a}, {b})");
            }
        }
        // The first pairs as published: (1, 2), (3, 5), (4, 7), (6, 10), (8, 13).
        for pair in [(1, 2), (3, 5), (4, 7), (6, 10), (8, 13)] {
            assert!(pairs.contains(&pair));
        }
    }

    #[test]
    fn one_heap_is_nim() {
        for n in 0..50 {
            assert_eq!(value(0, n, &Budget::default()).unwrap(), n as u64);
        }
    }

    #[test]
    fn too_large_a_table_is_a_limit() {
        assert!(value(1 << 20, 1 << 20, &Budget::default()).is_err());
    }
}
