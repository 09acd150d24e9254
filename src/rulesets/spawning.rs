//! Spawning games: the heap representation of coin-turning games (Winning Ways ch. 14), as
//! CGSuite's `Spawning("1-3")` defines them. A heap of n is a head at position n of a strip
//! of coins; a move turns some coins at positions a₁ < … < a_k = n, as the turning code
//! allows, and leaves the heaps a₁, …, a_{k−1}. Two equal heaps cancel in normal play, so the
//! heaps are the coin-turning game's heads.
//!
//! Values: heap by heap, the mex of the nim-sums the moves leave. A heap may have very many
//! moves (any set of coins: 2^(n−1)), so the moves walked are counted against
//! [`MAX_WORK`] and the budget.
//!
//! Where the code's meaning is CGSuite's by definition rather than by its program: a move
//! turning one coin is allowed under `E` (CGSuite divides by zero there) and, under `F`, only
//! from the heap of 1 (the first coin must be among those turned).

use super::position::spawning::{spawning_code, Spacing, SpawnElement};
use super::RulesetError;
use crate::kernel::Budget;

/// Most moves walked to value one heap (all heaps below it included).
pub const MAX_WORK: u64 = 1 << 24;

/// A code, read.
#[derive(Clone, Debug)]
pub struct Spawning {
    elements: Vec<SpawnElement>,
}

impl Spawning {
    /// Reads a turning code (docs/POSITIONS.md).
    pub fn parse(text: &str) -> Result<Spawning, RulesetError> {
        Ok(Spawning {
            elements: spawning_code(text)?,
        })
    }

    /// Calls `f` with the heaps of each move from a heap of n (a move allowed by two elements
    /// comes twice), stopping at `f`'s first error.
    pub fn for_each_move<E>(
        &self,
        n: usize,
        f: &mut dyn FnMut(&[usize]) -> Result<(), E>,
    ) -> Result<(), E> {
        if n == 0 {
            return Ok(());
        }
        let mut buf = Vec::new();
        for e in &self.elements {
            let span = e.span.map_or(n, |s| s.min(n as u64) as usize);
            let most = e.max_coins.map_or(n as u64, |m| m.min(n as u64)) as usize;
            let most = most.min(span);
            let least = e.min_coins as usize;
            // The first coin position allowed: within the span ending at n.
            let earliest = n + 1 - span;
            for coins in least..=most {
                let h = coins - 1;
                if h == 0 {
                    if !e.first || n == 1 {
                        f(&[])?;
                    }
                    continue;
                }
                let first = |c0: usize| !e.first || c0 == 1;
                match e.spacing {
                    Spacing::Any => {
                        choose(earliest, n - 1, h, e.first, &mut buf, f)?;
                    }
                    Spacing::Consecutive => {
                        if n > h && n - h >= earliest && first(n - h) {
                            buf.clear();
                            buf.extend(n - h..n);
                            f(&buf)?;
                        }
                    }
                    Spacing::Equal => {
                        let mut d = 1;
                        while d * h < n && n - d * h >= earliest {
                            let c0 = n - d * h;
                            if first(c0) {
                                buf.clear();
                                buf.extend((0..h).map(|i| c0 + d * i));
                                f(&buf)?;
                            }
                            d += 1;
                        }
                    }
                    Spacing::Symmetric => {
                        for c0 in earliest..n {
                            if !first(c0) {
                                continue;
                            }
                            let inner = h - 1;
                            let sum = c0 + n;
                            if inner % 2 == 1 && sum % 2 == 1 {
                                continue;
                            }
                            // Pairs (x, sum − x) with c0 < x < sum / 2, and the centre when
                            // the number inside is odd.
                            let hi = (sum - 1) / 2;
                            let mut pick = Vec::new();
                            choose_pairs(c0 + 1, hi, inner / 2, &mut pick, &mut |xs| {
                                buf.clear();
                                buf.push(c0);
                                buf.extend_from_slice(xs);
                                buf.extend(xs.iter().map(|x| sum - x));
                                if inner % 2 == 1 {
                                    buf.push(sum / 2);
                                }
                                f(&buf)
                            })?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The moves of a heap of n, each its heaps sorted, each move once; errors past `limit`.
    pub fn moves(&self, n: usize, limit: usize) -> Result<Vec<Vec<usize>>, RulesetError> {
        let mut set = std::collections::BTreeSet::new();
        let mut walked = 0usize;
        self.for_each_move(n, &mut |m| {
            walked += 1;
            if walked > limit.saturating_mul(4) || set.len() >= limit {
                return Err(super::too_large(format!(
                    "the moves of a heap of {n} (more than {limit})"
                )));
            }
            let mut v = m.to_vec();
            v.sort_unstable();
            set.insert(v);
            Ok(())
        })?;
        Ok(set.into_iter().collect())
    }

    /// The nim-values of heaps 0 … n.
    pub fn values(&self, n: usize, budget: &Budget) -> Result<Vec<u64>, RulesetError> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        g.push(0);
        let mut work = 0u64;
        let mut seen: Vec<bool> = Vec::new();
        for m in 1..=n {
            seen.clear();
            self.for_each_move(m, &mut |heaps| {
                work += 1;
                if work > MAX_WORK {
                    return Err(super::too_large(format!(
                        "a heap of {n} in this spawning game (more than {MAX_WORK} moves to walk)"
                    )));
                }
                if work.is_multiple_of(4096) {
                    budget.check().map_err(RulesetError::from)?;
                }
                let x = heaps.iter().fold(0, |a, &h| a ^ g[h]);
                if let Ok(x) = usize::try_from(x) {
                    if x < (1 << 26) {
                        if x >= seen.len() {
                            seen.resize(x + 1, false);
                        }
                        seen[x] = true;
                    }
                }
                Ok(())
            })?;
            let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            g.push(mex as u64);
        }
        Ok(g)
    }
}

/// Every set of `h` distinct numbers from `lo..=hi` (containing 1 when `with_one`).
fn choose<E>(
    lo: usize,
    hi: usize,
    h: usize,
    with_one: bool,
    buf: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> Result<(), E>,
) -> Result<(), E> {
    buf.clear();
    if lo > hi {
        return Ok(());
    }
    if with_one {
        if lo != 1 {
            return Ok(());
        }
        buf.push(1);
        return choose_pairs(2, hi, h, buf, f);
    }
    choose_pairs(lo, hi, h, buf, f)
}

/// Every set of `k` distinct numbers from `lo..=hi`.
fn choose_pairs<E>(
    lo: usize,
    hi: usize,
    k: usize,
    pick: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> Result<(), E>,
) -> Result<(), E> {
    if pick.len() == k {
        return f(pick);
    }
    let need = k - pick.len();
    let mut x = lo;
    while x + need <= hi + 1 {
        pick.push(x);
        choose_pairs(x + 1, hi, k, pick, f)?;
        pick.pop();
        x += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(code: &str) -> Vec<u64> {
        Spawning::parse(code)
            .unwrap()
            .values(20, &Budget::default())
            .unwrap()[1..]
            .to_vec()
    }

    fn count(code: &str, n: usize) -> usize {
        let mut k = 0;
        Spawning::parse(code)
            .unwrap()
            .for_each_move::<()>(n, &mut |_| {
                k += 1;
                Ok(())
            })
            .unwrap();
        k
    }

    /// CGSuite's GameHeapTest: the nim-values of heaps 1 … 20 and the number of options of a
    /// heap of 20, for the coin-turning games of Winning Ways ch. 14.
    #[test]
    fn cgsuites_expected_sequences() {
        for (code, options, values) in [
            (
                "1-3",
                191,
                vec![
                    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38,
                ],
            ),
            (
                "1-9",
                169766,
                vec![
                    1, 2, 4, 8, 16, 32, 64, 128, 256, 511, 512, 1024, 2048, 4096, 7711, 8192,
                    16384, 26215, 32768, 43691,
                ],
            ),
            (
                "3",
                171,
                vec![
                    0, 0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35,
                ],
            ),
            (
                "1+C",
                20,
                vec![1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16, 1, 2, 1, 4],
            ),
            (
                "1-3C(5)",
                11,
                vec![1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8, 1, 2, 4, 7, 8],
            ),
            (
                "3C(5)",
                6,
                vec![0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4, 0, 0, 1, 2, 4],
            ),
            (
                "1-5C",
                5,
                vec![1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4, 1, 2, 1, 4],
            ),
            (
                "3E",
                9,
                vec![0, 0, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 0, 0, 1, 2, 2, 1, 4, 4],
            ),
            (
                "4FS",
                9,
                vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3],
            ),
            (
                "1+S",
                2046,
                vec![
                    1, 2, 4, 3, 6, 7, 8, 16, 18, 25, 32, 11, 64, 31, 128, 10, 256, 5, 512, 28,
                ],
            ),
        ] {
            assert_eq!(seq(code), values, "{code}");
            assert_eq!(count(code, 20), options, "{code}");
        }
    }

    #[test]
    fn too_much_work_is_a_limit() {
        let s = Spawning::parse("1+").unwrap();
        assert!(matches!(
            s.values(40, &Budget::default()),
            Err(RulesetError::Kernel(_))
        ));
        assert!(s.moves(30, 10_000).is_err());
    }
}
