//! The command line's [`Style`]: decided once from the flags and the terminal.

use super::args::{ColorChoice, StyleArgs};
use crate::ops::style::Style;
use std::borrow::Cow;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Whether the command writes Unicode: set once from the flags, read by everything that writes
/// to standard output or standard error ([`shown`]).
static UNICODE: AtomicBool = AtomicBool::new(false);

/// Text as the command writes it: in ASCII unless Unicode was chosen, whoever wrote it.
pub(crate) fn shown(text: &str) -> Cow<'_, str> {
    if UNICODE.load(Relaxed) {
        Cow::Borrowed(text)
    } else {
        crate::ops::ascii::ascii(text)
    }
}

/// From the flags: unspecified choices follow standard output (a terminal gets Unicode when
/// the locale says UTF-8, colour unless NO_COLOR is set, and its own width; a pipe gets
/// ASCII, no colour and one line per term, so scripts see stable text).
pub(crate) fn from_args(out: &StyleArgs) -> Style {
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
    UNICODE.store(unicode, Relaxed);
    Style {
        unicode,
        color,
        width,
        braces: out.braces,
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
