//! Domineering's general rules: a board or region of any size as the bits of a `u128`
//! ([`Board`]) and the search's rules over such boards ([`Domineering`]): regions, their
//! canonical keys under the rectangle's symmetries, the dense table of small regions, moves.
//! Below both the positions as written (`domineering`) and the 8×8 word encoding
//! (`domineering_small`), which hands it the regions too large for a word.

use super::grid::Shape;
use super::search::Rules;
use std::sync::OnceLock;

/// A board, or one region of one: the empty squares as bits of a `u128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The dimensions.
    pub shape: Shape,
    /// Empty squares (bit `r·w + c`).
    pub empty: u128,
}

impl Board {
    /// Squares where Left can put the top of a vertical domino.
    pub fn left_moves(&self) -> u128 {
        self.empty & (self.empty >> self.shape.w)
    }
    /// Squares where Right can put the left end of a horizontal domino.
    pub fn right_moves(&self) -> u128 {
        self.empty & (self.empty >> 1) & self.shape.not_last_col()
    }

    /// The canonical key of a region: the least image under the eight symmetries, and whether
    /// it is transposed (its value is then the negative of the key's). A non-square board's
    /// least image is the one with the smaller width, so only the four images of that
    /// orientation are looked at; the four images of one orientation are the flips of one
    /// board (one transpose, then bit reversals and row swaps instead of eight permutations).
    pub fn canonical(&self) -> (Board, bool) {
        let (w, h) = (self.shape.w, self.shape.h);
        let mut best: Option<(Board, bool)> = None;
        if h >= w {
            best = Some((least_flip(self.shape, self.empty), false));
        }
        if w >= h {
            let (shape, empty) = self.shape.transform(self.empty, 4);
            let t = least_flip(shape, empty);
            if best.is_none_or(|(b, _)| t.empty < b.empty) {
                best = Some((t, true));
            }
        }
        best.unwrap_or((*self, false))
    }
}

/// The least of a board's four images under the flips that keep its orientation (identity,
/// left-right, top-bottom, half turn).
fn least_flip(shape: Shape, bits: u128) -> Board {
    let (w, h) = (shape.w as u32, shape.h as u32);
    let n = w * h;
    let half_turn = |x: u128| {
        if n == 0 {
            0
        } else {
            x.reverse_bits() >> (128 - n)
        }
    };
    let row_mask = if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    let mut top_bottom = 0u128;
    for r in 0..h {
        top_bottom |= ((bits >> (r * w)) & row_mask) << ((h - 1 - r) * w);
    }
    let least = bits
        .min(half_turn(bits))
        .min(top_bottom)
        .min(half_turn(top_bottom));
    Board {
        shape,
        empty: least,
    }
}

/// Boxes of at most this many squares are small parts, valued in a dense array.
const DENSE_AREA: usize = 16;

/// The first slot of each small box shape (`w * 17 + h`), and the number of slots.
fn dense_offsets() -> &'static (Vec<usize>, usize) {
    static O: OnceLock<(Vec<usize>, usize)> = OnceLock::new();
    O.get_or_init(|| {
        let mut offsets = vec![usize::MAX; 17 * 17];
        let mut next = 0;
        for w in 1..=DENSE_AREA {
            for h in 1..=DENSE_AREA / w {
                offsets[w * 17 + h] = next;
                next += 1 << (w * h);
            }
        }
        (offsets, next)
    })
}

/// The dense slot of a small board: its shape's first slot plus its bits.
fn dense_slot(b: &Board) -> Option<usize> {
    if b.shape.area() > DENSE_AREA {
        return None;
    }
    let base = *dense_offsets()
        .0
        .get(b.shape.w as usize * 17 + b.shape.h as usize)?;
    (base != usize::MAX).then_some(base + b.empty as usize)
}

/// The Domineering rules for the search.
pub struct Domineering;

impl Rules for Domineering {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        let shape = p.shape;
        // Live squares: empty with an empty neighbour.
        let live = p.empty & shape.neighbours(p.empty);
        shape
            .regions(live)
            .into_iter()
            .map(|r| {
                let (s, bits) = shape.trim(r);
                let b = Board {
                    shape: s,
                    empty: bits,
                };
                // Small parts live in the dense table under their own bits: finding the
                // least image would cost more than solving the few images met.
                if dense_slot(&b).is_some() {
                    (b, false)
                } else {
                    b.canonical()
                }
            })
            .collect()
    }

    fn dense_key(&self, p: &Board) -> Option<usize> {
        dense_slot(p)
    }

    fn dense_len(&self) -> usize {
        dense_offsets().1
    }

    fn compact_key(&self, p: &Board) -> Option<u64> {
        let (w, h) = (p.shape.w as u64, p.shape.h as u64);
        (w < 16 && h < 16 && w * h <= 56).then_some(p.empty as u64 | w << 56 | h << 60)
    }

    fn moves(&self, p: &Board, left: bool) -> Vec<Board> {
        let (mut at, step) = if left {
            (p.left_moves(), p.shape.w as u32)
        } else {
            (p.right_moves(), 1)
        };
        let mut out = Vec::with_capacity(at.count_ones() as usize);
        while at != 0 {
            let i = at.trailing_zeros();
            at &= at - 1;
            let covered = (1u128 << i) | (1u128 << (i + step));
            out.push(Board {
                shape: p.shape,
                empty: p.empty & !covered,
            });
        }
        out
    }
}
