//! The readers of CGSuite's other grid rulesets (its `game.grid` package): Cram's boards are
//! Domineering's language, the Clobber variants' (Kings, Rooks, Knights, Queens) Clobber's,
//! and Amazons' the board language over `.`, `x`, `o` and `#`. Each is the board reader of
//! [`super`] with its alphabet (the grammar of docs/POSITIONS.md, "Boards"), so the producer
//! (`rulesets::cram`, `rulesets::gen_clobber`, `rulesets::amazons`) and the proof checker
//! (`functions::grid_games_check`) read a text as one position.

use super::{board, Board};
use crate::rulesets::RulesetError;

/// Reads a Cram board: `.` an empty square, `#` a filled one (Domineering's language).
pub fn cram(text: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', '#'],
        "a Cram board",
        ". is an empty square, # a filled one",
    )
}

/// Reads a board of one of Clobber's variants: `x` Left's stone, `o` Right's, `.` an empty
/// square (Clobber's language); `what` names the board in errors.
fn clobber_variant(text: &str, what: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', 'x', 'o'],
        what,
        "x is Left's stone, o Right's, . an empty square",
    )
}

/// Reads a Kings board (Clobber's language).
pub fn kings(text: &str) -> Result<Board, RulesetError> {
    clobber_variant(text, "a Kings board")
}

/// Reads a Rooks board (Clobber's language).
pub fn rooks(text: &str) -> Result<Board, RulesetError> {
    clobber_variant(text, "a Rooks board")
}

/// Reads a Knights board (Clobber's language).
pub fn knights(text: &str) -> Result<Board, RulesetError> {
    clobber_variant(text, "a Knights board")
}

/// Reads a Queens board (Clobber's language).
pub fn queens(text: &str) -> Result<Board, RulesetError> {
    clobber_variant(text, "a Queens board")
}

/// Reads an Amazons board: `x` Left's amazon, `o` Right's, `.` an empty square, `#` a
/// burnt square (an arrow).
pub fn amazons(text: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', 'x', 'o', '#'],
        "an Amazons board",
        "x is Left's amazon, o Right's, . an empty square, # a burnt one",
    )
}

/// Reads an Anti-Clobber board (CGSuite's `AntiClobber`, character map `.xo#`): `x` Left's
/// stone, `o` Right's, `.` an empty square, `#` a square no stone may enter.
pub fn anti_clobber(text: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', 'x', 'o', '#'],
        "an Anti-Clobber board",
        "x is Left's stone, o Right's, . an empty square, # a blocked one",
    )
}
