//! Cutcake (Winning Ways ch. 2): a cake of squares; **Left cuts it vertically** (a w-wide
//! piece becomes an a-wide and a (w−a)-wide piece, same height), **Right horizontally**.
//! Pieces then lie apart, so a position is a sum of rectangles; a 1×1 piece is dead.
//!
//! `cutcake(w, h)` is the w-wide, h-high cake. Values are memoised by (w, h); turning a cake a
//! quarter turn swaps the players, so `v(h, w) = −v(w, h)` and only `w ≥ h` is worked out.

use super::RulesetError;
use crate::kernel::{GameId, Kernel};
use rustc_hash::FxHashMap;

/// Largest side of a cake (the table has side² entries, each made from 2·side sums).
pub const MAX_SIDE: usize = 256;

/// Values of cakes met so far, for one kernel.
#[derive(Default)]
pub struct Cutcake {
    memo: FxHashMap<(usize, usize), GameId>,
}

/// Opaque: its memo of cakes.
impl std::fmt::Debug for Cutcake {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cutcake").finish_non_exhaustive()
    }
}

impl Cutcake {
    /// An empty table.
    pub fn new() -> Self {
        Cutcake::default()
    }

    /// The value of the w-wide, h-high cake.
    pub fn value(
        &mut self,
        w: usize,
        h: usize,
        kernel: &mut Kernel,
    ) -> Result<GameId, RulesetError> {
        if w == 0 || h == 0 {
            return Err(RulesetError::Argument(format!(
                "a cake is at least 1×1, not {w}×{h}"
            )));
        }
        if w > MAX_SIDE || h > MAX_SIDE {
            return Err(super::too_large(format!(
                "a {w}×{h} cake (sides of at most {MAX_SIDE})"
            )));
        }
        // Fill the table bottom-up over the smaller cakes, so nothing recurses.
        for hh in 1..=h.max(w) {
            for ww in hh..=w.max(h) {
                if self.memo.contains_key(&(ww, hh)) {
                    continue;
                }
                let g = self.work_out(ww, hh, kernel)?;
                self.memo.insert((ww, hh), g);
            }
        }
        self.get(w, h, kernel)
    }

    fn get(&mut self, w: usize, h: usize, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
        let (key, flip) = if w >= h {
            ((w, h), false)
        } else {
            ((h, w), true)
        };
        let g =
            self.memo.get(&key).copied().ok_or_else(|| {
                super::too_large(format!("cake {w}×{h} not in the table (internal)"))
            })?;
        Ok(if flip { kernel.neg(g) } else { g })
    }

    /// `{ v(a,h) + v(w−a,h) | v(w,b) + v(w,h−b) }`, all smaller cakes known.
    fn work_out(
        &mut self,
        w: usize,
        h: usize,
        kernel: &mut Kernel,
    ) -> Result<GameId, RulesetError> {
        let mut left = Vec::new();
        for a in 1..=w / 2 {
            let x = self.get(a, h, kernel)?;
            let y = self.get(w - a, h, kernel)?;
            left.push(kernel.add(x, y)?);
        }
        let mut right = Vec::new();
        for b in 1..=h / 2 {
            let x = self.get(w, b, kernel)?;
            let y = self.get(w, h - b, kernel)?;
            right.push(kernel.add(x, y)?);
        }
        Ok(kernel.from_options(&left, &right)?)
    }
}

/// The positions one cut reaches from a w-wide, h-high cake, as pairs of pieces: Left's
/// (vertical) or Right's (horizontal), each split once (a and w−a with a ≤ w−a).
pub fn options(w: usize, h: usize, left: bool) -> Vec<[(usize, usize); 2]> {
    if left {
        (1..=w / 2).map(|a| [(a, h), (w - a, h)]).collect()
    } else {
        (1..=h / 2).map(|b| [(w, b), (w, h - b)]).collect()
    }
}
