//! Arc Kayles (Winning Ways ch. 15; CGSuite's `game.graph.ArcKayles`), impartial: a move
//! picks an edge and removes both its ends (and so every edge at them). A loop's move removes
//! its one vertex. On a path of n vertices this is Dawson's Kayles, octal 0.07, on a heap of n;
//! on a path with a loop at every vertex, Kayles (0.77).
//!
//! Positions are written in CGSuite's graph notation (`rulesets::position::graph`) with
//! unlabelled vertices and edges: `"---"` is a path of four vertices, `":A-:A"` a loop.
//!
//! It is Partizan Arc Kayles with every edge green, and is searched as that (its board,
//! moves and parts are [`super::partizan_arc_kayles`]'s).

use super::partizan_arc_kayles::Board;
use super::position::graph::{self as notation, GraphText};
use super::search::{self, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// Reads a position by the graph notation's one reader.
pub fn read(text: &str) -> Result<GraphText, RulesetError> {
    notation::graph(text, &notation::ARC_KAYLES)
}

/// The board of a position text's graph, every edge green; more than
/// [`MAX_VERTICES`](super::partizan_arc_kayles::MAX_VERTICES) vertices is a limit.
pub fn board(g: &GraphText) -> Result<Board, RulesetError> {
    Board::of(g, "an Arc Kayles graph", false)
}

/// The value of a position text's graph (a nimber).
pub fn value(g: &GraphText, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let board = board(g)?;
    let mut table = Table::for_kernel(kernel);
    search::value(&board, &board.start(), &mut table, kernel)
}
