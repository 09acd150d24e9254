//! Clobber (Albert, Grossman, Nowakowski, Wolfe 2005): stones on a board; **Left moves an `x`
//! stone, Right an `o` stone**, onto an orthogonally adjacent stone of the other colour, which
//! is removed ("clobbered"); the square left behind is empty. Notation (CGSuite's): rows
//! separated by `|`, `x` Left's stone, `o` Right's, `.` an empty square: `"xo.|ox."`.
//!
//! Clobber is the instance of CGSuite's `GenClobber` schema whose stones step one square
//! orthogonally (`super::gen_clobber`, `Piece::Clobber`): the board, its reading and printing,
//! its moves and its search are that module's. Search: 4-connected groups of stones never
//! interact, so they are summed; a group of one colour is 0 and dropped; each group is keyed
//! by the least of its images under the board's eight symmetries and the colour swap (which
//! swaps the players and negates the value).

use super::gen_clobber::{self, Piece};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

pub use super::gen_clobber::Board;

/// Reads `"xo.|ox."`; boards of more than [`MAX_REGION`](super::grid::MAX_REGION) squares
/// are refused (a limit).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    gen_clobber::parse(text, Piece::Clobber)
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    gen_clobber::print(b)
}

/// The boards one move reaches: Left's (an x clobbers an o) or Right's.
pub fn moves(b: &Board, left: bool) -> Vec<Board> {
    gen_clobber::moves(b, Piece::Clobber, left)
}

/// The value of a board, its independent regions shared out over
/// [`search::threads`](super::search::threads) threads.
pub fn value(b: &Board, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    gen_clobber::value(b, Piece::Clobber, kernel)
}

/// The value of a board with its regions shared out over `threads` threads; the value is the
/// same for every count (the tests compare counts).
#[cfg(test)]
pub fn value_threads(
    b: &Board,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError> {
    gen_clobber::value_threads(b, Piece::Clobber, kernel, threads)
}
