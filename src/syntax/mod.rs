//! Text ⇄ terms, in CGSuite's notation.
//!
//! STUB: the syntax work package fills this in. Fixed API:
//! `parse(&str) -> Result<Term, ParseError>`, `print(&Term, &PrintOptions) -> String`.

use crate::term::Term;
use std::fmt;

/// A parse error with its position and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What went wrong and what was expected.
    pub message: String,
    /// The offending source line, for the caret display.
    pub source_line: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "error at line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// How to print.
#[derive(Debug, Clone, Default)]
pub struct PrintOptions {
    /// Use ↑ ↓ ⇑ ⇓ ± ∗ instead of ASCII.
    pub unicode: bool,
}

/// Parses an expression.
pub fn parse(_src: &str) -> Result<Term, ParseError> {
    todo!()
}

/// Prints a term in CGSuite notation.
pub fn print(_t: &Term, _opts: &PrintOptions) -> String {
    todo!()
}
