//! Anti-Clobber (CGSuite's `game.grid.AntiClobber`, its `GenClobber` with `clobbered => {0}`
//! and `leftBehind => {Left => 2, Right => 1}`): Clobber played backwards. Left moves an `x`
//! stone one square orthogonally onto an **empty** square, and an `o` stone appears on the
//! square it left; Right moves an `o` stone likewise, leaving an `x`. `#` is a square no stone
//! may enter. Notation CGSuite's (character map `.xo#`): `"xoxo|oo.."`.
//!
//! Search: stones never leave the board and `#` squares never change, so the regions of
//! non-`#` squares (orthogonally connected) never interact and their values add; a region with
//! no empty square or no stone has no move and is left out (a region of one colour is not 0:
//! that colour still moves). Each region is keyed by the least of its images under the board's eight symmetries
//! and the colour swap (which swaps the players and negates the value).

use super::grid_parts::{self, at, squares, step, ORTHOGONAL};
use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A board or one region of one (`#` a blocked square).
pub type Board = grid_parts::Pieces;

/// Reads `"xoxo|oo.."`; boards of more than [`MAX_REGION`](super::grid::MAX_REGION) squares
/// are refused (a limit).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    grid_parts::read_pieces(&super::position::grids::anti_clobber(text)?, "Anti-Clobber")
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    grid_parts::write_pieces(b.shape, b.x, b.o, b.open)
}

/// The boards one move of Left (`left`) or Right reaches.
pub fn moves(b: &Board, left: bool) -> Vec<Board> {
    let (mine, theirs) = if left { (b.x, b.o) } else { (b.o, b.x) };
    let empty = b.open & !b.x & !b.o;
    let mut out = Vec::new();
    for i in squares(mine) {
        let from = at(b.shape, i);
        for &d in &ORTHOGONAL {
            let Some(j) = step(b.shape, from, d, 1).filter(|&j| empty & (1 << j) != 0) else {
                continue;
            };
            let (m, t) = ((mine & !(1 << i)) | (1 << j), theirs | (1 << i));
            let (x, o) = if left { (m, t) } else { (t, m) };
            out.push(Board {
                shape: b.shape,
                x,
                o,
                open: b.open,
            });
        }
    }
    out
}

/// The Anti-Clobber rules for the search.
pub struct AntiClobber;

impl Rules for AntiClobber {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        let stones = p.x | p.o;
        p.shape
            .regions(p.open)
            .into_iter()
            .filter(|&g| g & stones != 0 && g & !stones != 0)
            // A region's open squares are the region itself.
            .map(|g| p.part(g, g))
            .collect()
    }

    fn moves(&self, p: &Board, left: bool) -> Vec<Board> {
        moves(p, left)
    }
}

/// The value of a board.
pub fn value(b: &Board, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    search::value(&AntiClobber, b, &mut table, kernel)
}
