//! What the output may use: Unicode symbols, colour, a width to wrap to.
//!
//! Decided once by the face (the command line from its flags and the terminal; the server:
//! plain ASCII, as in a pipe), then passed to every formatter, so the
//! formatters are pure functions of their input and can be tested byte for byte.

use crate::syntax::{self, PrintOptions};
use crate::term::Term;

/// How to print.
#[derive(Debug, Clone, Default)]
pub struct Style {
    /// ↑ ↓ ± − ≤ ≥ instead of ASCII.
    pub unicode: bool,
    /// ANSI colour for rule names.
    pub color: bool,
    /// Wrap to this many columns; `None`: never wrap.
    pub width: Option<usize>,
    /// Games in nested braces rather than slash notation (`--braces`; the page's default):
    /// easier for a student to read, and read back as the same game.
    pub braces: bool,
}

impl Style {
    /// A term on one line, whatever the width (for tables, JSON and labels).
    pub fn term(&self, t: &Term) -> String {
        syntax::print(
            t,
            &PrintOptions {
                unicode: self.unicode,
                width: None,
                braces: self.braces,
            },
        )
    }

    /// A term wrapped to the width minus `indent` columns, continuation lines indented.
    pub fn term_wrapped(&self, t: &Term, indent: usize) -> String {
        let width = self.width.map(|w| w.saturating_sub(indent).max(20));
        let s = syntax::print(
            t,
            &PrintOptions {
                unicode: self.unicode,
                width,
                braces: self.braces,
            },
        );
        s.replace('\n', &format!("\n{}", " ".repeat(indent)))
    }

    /// A rule name, in bold cyan on a colour terminal.
    pub fn rule(&self, name: &str) -> String {
        if self.color {
            format!("\x1b[1;36m{name}\x1b[0m")
        } else {
            name.to_string()
        }
    }

    /// The relation words of the proof module's reasons (`<=`, `>=`) as ≤ ≥ when Unicode is on.
    pub fn symbols(&self, text: &str) -> String {
        crate::proof::display::symbols(text, self.unicode)
    }

    /// Text wrapped at word boundaries to the width, with `indent` spaces before every line
    /// after the first (the first line's indent is the caller's). Laid out with `pretty`, the
    /// same engine that breaks long terms.
    pub fn words(&self, text: &str, first_indent: usize, indent: usize) -> String {
        let Some(width) = self.width else {
            return text.to_string();
        };
        type Doc = pretty::RcDoc<'static, ()>;
        let words: Vec<Doc> = text
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(|w| Doc::text(w.to_string()))
            .collect();
        let body = Doc::intersperse(words, Doc::softline()).nest(indent as isize);
        // The first line starts `first_indent` columns in; a spacer of that width makes pretty
        // count it, and is cut off again after rendering.
        let doc = Doc::text(" ".repeat(first_indent)).append(body).group();
        let mut out = String::new();
        let _ = doc.render_fmt(width.max(first_indent + 20), &mut out);
        out.split_off(first_indent.min(out.len()))
    }
}
