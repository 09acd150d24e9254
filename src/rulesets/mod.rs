//! Rulesets: the games people study by name, read from their boards and valued by search.
//!
//! Each ruleset is one module with a position type, a parser whose errors give the line and
//! column, a move generator for both players and a printer. Values come from [`search`]: a
//! position is split into independent parts (whose values add), each part is reduced to a
//! canonical encoding under the board's symmetries, and a transposition table keyed by that
//! encoding holds the kernel's hash-consed [`GameId`] of every part met,
//! so the search never builds a game tree, only canonical values.
//!
//! Impartial take-away games (Nim, subtraction games, octal games) are valued by their
//! nim-sequences in [`octal`], with periodicity detected by the Guy–Smith theorem.
//!
//! Besides one module per ruleset: `position` (one strict reader per position language,
//! docs/POSITIONS.md, which the proof checker's naive move generators call too), `grid` and
//! `grid_parts` (bit-board geometry), [`search`] (independent parts summed, a bounded
//! transposition table keyed by each part's least symmetric image), `outcome` (a position's
//! outcome class by a memoised minimax, no canonical form built) and `svg` (pictures).

pub mod amazons;
pub mod anti_clobber;
pub mod arc_kayles;
pub mod backsliding_toads;
pub mod clobber;
pub mod col;
pub mod cram;
pub mod cutcake;
pub mod domineering;
pub mod domineering_board;
pub mod domineering_small;
pub mod elephants_and_rhinos;
pub mod gen_clobber;
mod gen_clobber_small;
pub mod grid;
pub mod grid_parts;
pub mod hackenbush;
pub mod maundy_cake;
pub mod mem;
pub mod octal;
pub mod outcome;
pub mod partizan_arc_kayles;
pub mod position;
mod running_mex;
pub mod search;
mod search_shared;
pub mod spawning;
pub mod svg;
pub mod take_and_break;
pub mod take_away;
pub mod toads;
pub mod toppling_dominoes;
pub mod turning;
pub mod wythoff;

use crate::kernel::{GameId, Kernel, KernelError};
use std::fmt;

/// The value of one position of `rules`, in a table of its own, its parts shared out over
/// `threads` threads (the value is the same for every count).
fn value_in_threads<R>(
    rules: &R,
    p: &R::Pos,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError>
where
    R: search::Rules + Sync,
    R::Pos: Send + Sync,
{
    let mut table = search::Table::for_kernel(kernel);
    search::value_parallel(rules, std::slice::from_ref(p), &mut table, kernel, threads)
}

/// Bad text for a position: where it is and what is wrong, with the offending line for a caret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
    /// The offending line, for the caret.
    pub source_line: String,
}

impl PositionError {
    /// An error at the character with this index (counted in characters) of `text`.
    pub fn at(text: &str, index: usize, message: impl Into<String>) -> PositionError {
        let (mut line, mut column) = (1, 1);
        for c in text.chars().take(index) {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        let source_line = text
            .split('\n')
            .nth(line - 1)
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        PositionError {
            line,
            column,
            message: message.into(),
            source_line,
        }
    }

    /// The error with its line and a caret under the culprit (long lines are cut around it).
    pub fn render(&self) -> String {
        let chars: Vec<char> = self.source_line.chars().collect();
        let from = self.column.saturating_sub(40);
        let to = (self.column + 40).min(chars.len());
        // Invisible characters (a carriage return, a tab, a byte order mark) are shown as
        // U+FFFD, one column each, so the caret stays under the culprit.
        let shown: String = chars
            .get(from..to)
            .unwrap_or(&[])
            .iter()
            .map(|&c| if visible(c) { c } else { '\u{fffd}' })
            .collect();
        let lead = if from > 0 { "…" } else { "" };
        let caret = " ".repeat(self.column - 1 - from + lead.chars().count());
        format!("{self}\n  {lead}{shown}\n  {caret}^")
    }
}

/// Whether a character shows as itself on one line of a terminal.
fn visible(c: char) -> bool {
    !c.is_control()
        && !matches!(c, '\u{feff}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{206f}')
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PositionError {}

/// Why a position has no value: bad text (bad input) or a limit of the search or the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetError {
    /// The text is not a position of the ruleset.
    Input(PositionError),
    /// The kernel or the search stopped: a limit, never an answer.
    Kernel(KernelError),
    /// An argument outside the ruleset's domain (a negative heap), in words.
    Argument(String),
}

impl From<KernelError> for RulesetError {
    fn from(e: KernelError) -> Self {
        RulesetError::Kernel(e)
    }
}

impl From<PositionError> for RulesetError {
    fn from(e: PositionError) -> Self {
        RulesetError::Input(e)
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesetError::Input(e) => write!(f, "{}", e.render()),
            RulesetError::Kernel(e) => write!(f, "{e}"),
            RulesetError::Argument(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for RulesetError {}

/// A size beyond what a search will take on, as a kernel error (a limit, exit 3).
pub(crate) fn too_large(what: impl Into<String>) -> RulesetError {
    RulesetError::Kernel(KernelError::TooLarge { what: what.into() })
}

#[cfg(test)]
pub(crate) mod tests;
