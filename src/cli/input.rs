//! Reading input: expressions with caret errors, and batches of lines from standard input or a
//! file.

use super::exit::CliError;
use crate::syntax;
use crate::term::Term;
use std::io::BufRead;

/// Parses one expression; the error carries the syntax module's caret rendering.
pub fn parse(src: &str) -> Result<Term, CliError> {
    syntax::parse(src).map_err(|e| CliError::bad(e.render()))
}

/// Parses an expression that is one of several arguments, saying which one is bad (both
/// render as "line 1").
pub fn parse_named(src: &str, which: &str) -> Result<Term, CliError> {
    syntax::parse(src).map_err(|mut e| {
        e.message = format!("in the {which} game: {}", e.message);
        CliError::bad(e.render())
    })
}

/// Parses an expression read as line `line` of a batch, so the caret names that line.
pub fn parse_line(src: &str, line: usize) -> Result<Term, CliError> {
    syntax::parse(src).map_err(|mut e| {
        e.line = line;
        CliError::bad(e.render())
    })
}

/// Where a batch comes from.
pub enum Source<'a> {
    /// Standard input.
    Stdin,
    /// A file.
    File(&'a str),
}

/// Calls `each(line_number, line)` for every non-blank line (numbered from 1). Stops early
/// when `each` returns `false` (standard output closed).
pub fn each_line(
    source: Source,
    mut each: impl FnMut(usize, &str) -> bool,
) -> Result<(), CliError> {
    let reader: Box<dyn BufRead> = match source {
        Source::Stdin => Box::new(std::io::stdin().lock()),
        Source::File(path) => {
            let f = std::fs::File::open(path)
                .map_err(|e| CliError::bad(format!("cannot read {path}: {e}")))?;
            Box::new(std::io::BufReader::new(f))
        }
    };
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| CliError::bad(format!("reading line {}: {e}", i + 1)))?;
        if line.trim().is_empty() {
            continue;
        }
        if !each(i + 1, &line) {
            break;
        }
    }
    Ok(())
}

/// The whole of standard input or a file, as text.
pub fn read_all(source: Source) -> Result<String, CliError> {
    use std::io::Read;
    let mut text = String::new();
    match source {
        Source::Stdin => std::io::stdin()
            .lock()
            .read_to_string(&mut text)
            .map_err(|e| CliError::bad(format!("reading standard input: {e}")))?,
        Source::File(path) => std::fs::File::open(path)
            .and_then(|mut f| f.read_to_string(&mut text))
            .map_err(|e| CliError::bad(format!("cannot read {path}: {e}")))?,
    };
    Ok(text)
}

/// Splits `A = B` into its two sides; `None` without exactly one `=` (the notation itself never
/// uses `=`).
pub fn split_equation(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('=')?;
    (!b.contains('=')).then_some((a.trim(), b.trim()))
}
