//! Maundy Cake (Winning Ways ch. 2; CGSuite's `game.heap.MaundyCake`, the `GenCutcake` of
//! `TakeAndBreak("{2+}=.0")` for both players): a cake at coordinates (m, n); **Left divides
//! the second coordinate**, moving to d equal cakes (m, n/d) for a divisor d ≥ 2 of n, and
//! **Right the first**, moving to d cakes (m/d, n). The coordinates are CGSuite's: its
//! `MaundyCake((8, 0))` is −7 (Right alone can move), so a coordinate may be 0, where that
//! player has no move.
//!
//! Values: d equal cakes are d times one cake, so v(m, n) = { d·v(m, n/d) | d·v(m/d, n) };
//! the cakes met are the pairs of divisors of m and of n, each worked out once (memoised)
//! from the smaller ones, the multiples by doubling sums.

use super::RulesetError;
use crate::kernel::{GameId, Kernel, KernelError};
use rustc_hash::FxHashMap;

/// Largest coordinate (divisors are found by trial division up to its square root).
pub const MAX_SIDE: u64 = 1 << 40;

/// The divisors d ≥ 2 of n, increasing (none for n < 2).
pub fn splits(n: u64) -> Vec<u64> {
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1u64;
    while d * d <= n {
        if n.is_multiple_of(d) {
            small.push(d);
            if d * d != n {
                large.push(n / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    small.retain(|&d| d >= 2);
    small
}

/// The moves of (m, n) for Left (`left`) or Right: each a number of equal cakes and the cake.
pub fn moves(m: u64, n: u64, left: bool) -> Vec<(u64, (u64, u64))> {
    if left {
        splits(n).into_iter().map(|d| (d, (m, n / d))).collect()
    } else {
        splits(m).into_iter().map(|d| (d, (m / d, n))).collect()
    }
}

/// d copies of g added up, by doubling.
pub fn times(kernel: &mut Kernel, g: GameId, d: u64) -> Result<GameId, KernelError> {
    let mut total = kernel.zero();
    let mut power = g;
    let mut rest = d;
    while rest > 0 {
        if rest & 1 == 1 {
            total = kernel.add(total, power)?;
        }
        rest >>= 1;
        if rest > 0 {
            power = kernel.add(power, power)?;
        }
    }
    Ok(total)
}

/// The value of the cake (m, n).
pub fn value(m: u64, n: u64, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    if m > MAX_SIDE || n > MAX_SIDE {
        return Err(super::too_large(format!(
            "a Maundy Cake ({m}, {n}) (coordinates of at most {MAX_SIDE})"
        )));
    }
    let mut memo: FxHashMap<(u64, u64), GameId> = FxHashMap::default();
    // The cakes reachable are (a, b) for a divisor a of m and b of n: worked out smallest
    // first, so each one's options are known.
    let mut rows: Vec<u64> = splits(m);
    rows.push(1);
    if m == 0 {
        rows = vec![0];
    }
    rows.sort_unstable();
    rows.dedup();
    let mut cols: Vec<u64> = splits(n);
    cols.push(1);
    if n == 0 {
        cols = vec![0];
    }
    cols.sort_unstable();
    cols.dedup();
    for &a in &rows {
        for &b in &cols {
            kernel.check_budget()?;
            let side = |left: bool, kernel: &mut Kernel| -> Result<Vec<GameId>, RulesetError> {
                let mut out = Vec::new();
                for (d, cake) in moves(a, b, left) {
                    let g = *memo
                        .get(&cake)
                        .ok_or_else(|| super::too_large("a Maundy Cake out of order (internal)"))?;
                    out.push(times(kernel, g, d)?);
                }
                Ok(out)
            };
            let left = side(true, kernel)?;
            let right = side(false, kernel)?;
            let g = kernel.from_options(&left, &right)?;
            memo.insert((a, b), g);
        }
    }
    memo.get(&(m, n))
        .copied()
        .ok_or_else(|| super::too_large("a Maundy Cake not in the table (internal)"))
}
