//! The command line's [`Style`]: decided once from the flags and the terminal.

use super::args::{ColorChoice, OutputArgs};
use crate::ops::style::Style;
use std::io::IsTerminal;

/// From the flags: unspecified choices follow standard output (a terminal gets Unicode when
/// the locale says UTF-8, colour unless NO_COLOR is set, and its own width; a pipe gets
/// ASCII, no colour and one line per term, so scripts see stable text).
pub(crate) fn from_args(out: &OutputArgs) -> Style {
    let tty = std::io::stdout().is_terminal();
    let unicode = if out.unicode {
        true
    } else if out.ascii {
        false
    } else {
        tty && locale_is_utf8()
    };
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = match out.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => tty && !no_color,
    };
    let width = out.width.or_else(|| {
        if tty {
            terminal_size::terminal_size().map(|(w, _)| usize::from(w.0))
        } else {
            None
        }
    });
    Style {
        unicode,
        color,
        width,
    }
}

/// Whether the locale asks for UTF-8 (the first of LC_ALL, LC_CTYPE, LANG that is set).
fn locale_is_utf8() -> bool {
    for var in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Ok(v) = std::env::var(var) {
            if !v.is_empty() {
                let v = v.to_ascii_lowercase();
                return v.contains("utf-8") || v.contains("utf8");
            }
        }
    }
    false
}
