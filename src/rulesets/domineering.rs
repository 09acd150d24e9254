//! Domineering: players take turns placing dominoes on the empty squares of a board; **Left
//! places them vertically** (covering a square and the one below it), **Right horizontally**
//! (a square and the one to its right) — the convention of Winning Ways and CGSuite. Whoever
//! cannot place a domino loses.
//!
//! Notation (CGSuite's): rows top to bottom separated by `|` (or line breaks), `.` an empty
//! square, `#` a filled one: `"..#|...|..."`.
//!
//! Search: filled squares and empty squares with no empty neighbour are dead; the remaining
//! empty squares fall into 4-connected regions no domino can join, whose values add. Each region
//! is cut to its bounding box and keyed by the least of its eight images under the rectangle's
//! symmetries: the four that keep the board's orientation keep the value, the four that
//! transpose it swap vertical and horizontal, so swap the players and negate the value.
//! Regions of at most 16 squares in their box skip the symmetries and are valued in a dense
//! array indexed by shape and bits (most regions met are small); regions up to 56 squares are
//! keyed by one 64-bit word. That is [`Domineering`](super::domineering_board::Domineering),
//! the rules over [`Board`]s of any size; [`value`] searches with
//! [`super::domineering_small::Fast`], which keeps every region within 8×8 as one word (all of
//! them, on boards up to 8×8) and hands larger ones to `Domineering`. `Fast` leaves out a
//! region's moves that another move of the same player provably dominates (see
//! `domineering_small::dominated_left`); the canonical form, so the value, is the one the
//! full option lists give. It also settles a region with a bridge from four smaller regions'
//! values, when the table has them and the bridge theorem applies (see
//! `domineering_small::bridge`), without valuing the region's options; whether a side's stub
//! is worthless is remembered by the side's shape (`Rules::pair_key`), for the next region
//! with the same side.

pub use super::domineering_board::Board;
use super::domineering_small::{part_of, Cells, Fast};
use super::grid::{self, Shape, MAX_REGION};
use super::search::{self, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A board as written, before it is split into regions: any size up to
/// `position::MAX_BOARD_SQUARES`, each square empty (`true`) or filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Squares per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Row-major, `true` for an empty square.
    pub empty: Vec<bool>,
}

impl Position {
    /// Reads `"..#|...|..."`.
    pub fn parse(text: &str) -> Result<Position, RulesetError> {
        let g = super::position::domineering(text)?;
        Ok(Position {
            width: g.width,
            height: g.height,
            empty: g.cells.iter().map(|&c| c == '.').collect(),
        })
    }

    /// An empty `rows` × `cols` board.
    pub fn empty(rows: usize, cols: usize) -> Position {
        Position {
            width: cols,
            height: rows,
            empty: vec![true; rows * cols],
        }
    }

    /// The board in the notation it is read in.
    pub fn print(&self) -> String {
        let rows: Vec<String> = self
            .empty
            .chunks(self.width.max(1))
            .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
            .collect();
        rows.join("|")
    }

    fn is_empty_at(&self, r: usize, c: usize) -> bool {
        r < self.height && c < self.width && self.empty[r * self.width + c]
    }

    /// The live regions (empty squares that have an empty neighbour, 4-connected), each as a
    /// bit-board of its bounding box. A region larger than `MAX_REGION` squares is refused.
    pub fn regions(&self) -> Result<Vec<Board>, RulesetError> {
        let (w, h) = (self.width, self.height);
        let mut seen = vec![false; w * h];
        let mut out = Vec::new();
        for start in 0..w * h {
            if seen[start] || !self.empty[start] {
                continue;
            }
            // Flood fill the region of `start`.
            let mut cells = vec![start];
            seen[start] = true;
            let mut k = 0;
            while let Some(&i) = cells.get(k) {
                k += 1;
                let (r, c) = (i / w, i % w);
                let mut nbrs = Vec::with_capacity(4);
                if r > 0 {
                    nbrs.push((r - 1, c));
                }
                if c > 0 {
                    nbrs.push((r, c - 1));
                }
                nbrs.push((r + 1, c));
                nbrs.push((r, c + 1));
                for (nr, nc) in nbrs {
                    if self.is_empty_at(nr, nc) && !seen[nr * w + nc] {
                        seen[nr * w + nc] = true;
                        cells.push(nr * w + nc);
                    }
                }
            }
            if cells.len() < 2 {
                continue;
            }
            let (r0, r1) = bounds(cells.iter().map(|&i| i / w));
            let (c0, c1) = bounds(cells.iter().map(|&i| i % w));
            let (bw, bh) = (c1 - c0 + 1, r1 - r0 + 1);
            if bw * bh > MAX_REGION {
                return Err(super::too_large(format!(
                    "a Domineering region of {} empty squares in a {bh}×{bw} box (the search takes boxes of at most {MAX_REGION} squares)",
                    cells.len()
                )));
            }
            let mut bits = 0u128;
            for &i in &cells {
                bits |= grid::bit(bw, i / w - r0, i % w - c0);
            }
            out.push(Board {
                shape: Shape {
                    w: bw as u8,
                    h: bh as u8,
                },
                empty: bits,
            });
        }
        Ok(out)
    }
}

fn bounds(xs: impl Iterator<Item = usize>) -> (usize, usize) {
    xs.fold((usize::MAX, 0), |(lo, hi), x| (lo.min(x), hi.max(x)))
}

/// The value of a board, with a fresh transposition table sized by the kernel's budget.
pub fn value(position: &Position, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    value_with(position, kernel, &mut table)
}

/// The value of a board with a caller's table (kept between boards, it carries what the
/// search learned; it belongs to this kernel), its regions shared out over
/// [`search::threads`] threads.
pub fn value_with(
    position: &Position,
    kernel: &mut Kernel,
    table: &mut Table<Cells>,
) -> Result<GameId, RulesetError> {
    value_threads(position, kernel, table, search::threads())
}

/// [`value_with`] with the regions' parts shared out over `threads` threads; the value is
/// the same for every count.
pub fn value_threads(
    position: &Position,
    kernel: &mut Kernel,
    table: &mut Table<Cells>,
    threads: usize,
) -> Result<GameId, RulesetError> {
    let regions: Vec<Cells> = position.regions()?.iter().map(part_of).collect();
    search::value_parallel(&Fast, &regions, table, kernel, threads)
}

/// The positions one move reaches, as boards of the original size: Left's, then Right's. For
/// derivations, which list the options by sub-position.
pub fn options(position: &Position, left: bool) -> Vec<Position> {
    let (w, h) = (position.width, position.height);
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
            if position.is_empty_at(r, c) && position.is_empty_at(r2, c2) {
                let mut next = position.clone();
                next.empty[r * w + c] = false;
                next.empty[r2 * w + c2] = false;
                out.push(next);
            }
        }
    }
    out
}
