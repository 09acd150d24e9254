//! Amazons (Walter Zamkauskas, 1988; CGSuite's `game.grid.Amazons`): Left moves an `x`
//! amazon and Right an `o` amazon like a chess queen (any distance along a row, column or
//! diagonal, over empty squares only), and the amazon that moved then shoots an arrow the same
//! way from its new square, over empty squares (the square it left now counts as empty), onto
//! an empty square, which is burnt for good. Notation (CGSuite's): rows separated by `|`, `x`,
//! `o`, `.` an empty square, `#` a burnt one: `"x..#|....|.#.o"`.
//!
//! Search: an amazon and its arrows move only through squares that are not burnt, one
//! king-step at a time, so the 8-connected regions of unburnt squares never interact: their
//! values add, and a region without an amazon is 0. Each region is cut to its bounding box
//! (the squares of the box outside it burnt) and keyed by the least of its images under the
//! board's eight symmetries and the colour swap (which swaps the players and negates the
//! value).

use super::grid::Shape;
use super::grid_parts::{self, at, squares, step, COMPASS};
use super::search::{self, Rules};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A board or one region of one (`#` a burnt square).
pub type Board = grid_parts::Pieces;

/// Reads `"x..#|....|.#.o"`; boards of more than
/// [`MAX_REGION`](super::grid::MAX_REGION) squares are refused (a limit).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    grid_parts::read_pieces(&super::position::grids::amazons(text)?, "Amazons")
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    grid_parts::write_pieces(b.shape, b.x, b.o, b.open)
}

/// The squares reached from `from` along each compass direction over squares of `free`.
fn lines(shape: Shape, from: usize, free: u128) -> impl Iterator<Item = usize> {
    let start = at(shape, from);
    COMPASS.iter().flat_map(move |&d| {
        (1..)
            .map(move |n| step(shape, start, d, n))
            .take_while(move |j| j.is_some_and(|j| free & (1 << j) != 0))
            .flatten()
    })
}

/// The boards one move of Left (`left`) or Right reaches: an amazon's move and its arrow.
pub fn moves(b: &Board, left: bool) -> Vec<Board> {
    let mine = if left { b.x } else { b.o };
    let empty = b.open & !b.x & !b.o;
    let mut out = Vec::new();
    for i in squares(mine) {
        for to in lines(b.shape, i, empty) {
            let after = (empty | (1 << i)) & !(1 << to);
            let moved = (mine & !(1 << i)) | (1 << to);
            for arrow in lines(b.shape, to, after) {
                let (x, o) = if left { (moved, b.o) } else { (b.x, moved) };
                out.push(Board {
                    shape: b.shape,
                    x,
                    o,
                    open: b.open & !(1 << arrow),
                });
            }
        }
    }
    out
}

/// The Amazons rules for the search.
pub struct Amazons;

impl Rules for Amazons {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        grid_parts::groups(p.shape, p.open, |a, b| {
            a.0.abs_diff(b.0) <= 1 && a.1.abs_diff(b.1) <= 1
        })
        .into_iter()
        .filter(|&g| g & (p.x | p.o) != 0)
        .map(|g| p.part(g, p.open))
        .collect()
    }

    fn moves(&self, p: &Board, left: bool) -> Vec<Board> {
        moves(p, left)
    }
}

/// The value of a board, its regions shared out over [`search::threads`] threads.
pub fn value(b: &Board, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    super::value_in_threads(&Amazons, b, kernel, search::threads())
}
