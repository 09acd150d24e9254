//! Cram: Domineering with both players allowed to place a domino either way, so an impartial
//! game whose values are nimbers (CGSuite's `game.grid.Cram`, its Domineering's impartial
//! variant; Winning Ways ch. 23). Notation (CGSuite's, Domineering's): rows separated by `|`,
//! `.` an empty square, `#` a filled one: `"...|.#."`.
//!
//! Search: as in Domineering, 4-connected regions of empty squares are independent and a region
//! of one square is 0; each region is cut to its bounding box and keyed by the least of its
//! images under all eight symmetries of the rectangle, every one of which keeps the value (a
//! transposition swaps horizontal and vertical, which Cram does not tell apart).

use super::grid::{self, Shape};
use super::grid_parts::{self, least_image};
use super::search::{self, Rules};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A board, or one region of one: its empty squares as bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The dimensions.
    pub shape: Shape,
    /// The empty squares.
    pub empty: u128,
}

/// Reads `"...|.#."`; boards of more than [`MAX_REGION`](super::grid::MAX_REGION) squares
/// are refused (a limit).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    let g = super::position::grids::cram(text)?;
    Ok(Board {
        shape: grid_parts::shape_of(&g, "Cram")?,
        empty: grid::mask(&g.cells, |c| c == '.'),
    })
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    grid::text(b.shape, |m| if b.empty & m != 0 { '.' } else { '#' })
}

/// The boards one domino reaches (the same for both players): horizontal placements first.
pub fn moves(b: &Board) -> Vec<Board> {
    let e = b.empty;
    let w = b.shape.w as u32;
    let across = e & (e >> 1) & b.shape.not_last_col();
    let down = e & e.checked_shr(w).unwrap_or(0);
    let mut out = Vec::new();
    for (pairs, other) in [(across, 1u32), (down, w)] {
        for i in grid_parts::squares(pairs) {
            let covered = (1u128 << i) | (1u128 << (i as u32 + other));
            out.push(Board {
                shape: b.shape,
                empty: e & !covered,
            });
        }
    }
    out
}

/// The Cram rules for the search.
pub struct Cram;

impl Rules for Cram {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        p.shape
            .regions(p.empty)
            .into_iter()
            .filter(|r| r.count_ones() >= 2)
            .map(|r| {
                let (shape, [empty]) = grid_parts::trim(p.shape, r, [p.empty]);
                let ((shape, [empty]), _) = least_image(shape, [empty], false);
                (Board { shape, empty }, false)
            })
            .collect()
    }

    fn moves(&self, p: &Board, _left: bool) -> Vec<Board> {
        moves(p)
    }
}

/// The value of a board (a nimber), its regions shared out over [`search::threads`] threads.
pub fn value(b: &Board, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    super::value_in_threads(&Cram, b, kernel, search::threads())
}
