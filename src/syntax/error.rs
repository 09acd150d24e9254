//! Positions, parse errors and their caret rendering.

use std::fmt;

/// A 1-based line and column, the column counted in characters (not bytes) so that carets line
/// up under `↑` and `±`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

/// A source range `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub start: Pos,
    pub end: Pos,
}

impl Span {
    pub fn new(start: Pos, end: Pos) -> Span {
        Span { start, end }
    }
    pub fn point(p: Pos) -> Span {
        Span { start: p, end: p }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A parse error with its position and what was expected.
///
/// It carries the offending source line so that it can be rendered (see [`ParseError::render`])
/// without the source at hand, for example after being sent across a thread or printed by the
/// CLI for one line of a batch.
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
    /// How many characters the caret underlines (at least 1; clipped to the line).
    pub length: usize,
}

impl ParseError {
    pub(crate) fn at(src: &str, span: Span, message: impl Into<String>) -> ParseError {
        let source_line = src
            .split('\n')
            .nth(span.start.line - 1)
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        let line_len = source_line.chars().count();
        let length = if span.end.line == span.start.line {
            span.end.column.saturating_sub(span.start.column)
        } else {
            (line_len + 1).saturating_sub(span.start.column)
        };
        ParseError {
            line: span.start.line,
            column: span.start.column,
            message: message.into(),
            source_line,
            length: length.max(1),
        }
    }

    /// The error in the style of rustc, with the source line and a caret under the culprit:
    ///
    /// ```text
    /// error: 1/3 is not a dyadic rational …
    ///  --> line 1, column 2
    ///   |
    /// 1 | {1/3|}
    ///   |  ^^^
    /// ```
    pub fn render(&self) -> String {
        let num = self.line.to_string();
        let pad = " ".repeat(num.len());
        // Tabs would shift the caret: show them as single spaces, which keeps columns honest.
        let chars: Vec<char> = self
            .source_line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        // A line of a million braces is shown as a window around the culprit.
        let at = self.column.saturating_sub(1).min(chars.len());
        let from = at.saturating_sub(WINDOW);
        // A culprit longer than the window (a million-digit literal) is shown by its start.
        let culprit = self.length.clamp(1, WINDOW);
        let to = (at + culprit + WINDOW).min(chars.len()).max(at);
        let mut shown: String = chars[from..to].iter().collect();
        let mut before = at - from;
        if from > 0 {
            shown.insert(0, '…');
            before += 1;
        }
        if to < chars.len() {
            shown.push('…');
        }
        let carets = culprit.min(to.saturating_sub(at).max(1));
        format!(
            "error: {}\n{pad}--> line {}, column {}\n{pad} |\n{num} | {shown}\n{pad} | {}{}\n",
            self.message,
            self.line,
            self.column,
            " ".repeat(before),
            "^".repeat(carets),
        )
    }
}

/// How many characters of context `render` shows on each side of the culprit.
const WINDOW: usize = 60;

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}
