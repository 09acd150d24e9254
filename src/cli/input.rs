//! Reading input: expressions with caret errors, and batches of lines from standard input or a
//! file.

use crate::ops::exit::Failure;
use crate::syntax;
use crate::term::Term;
use std::io::BufRead;

/// A parse error as the CLI reports it: through [`crate::Error`] (bad input, unless the parser
/// stopped at the memory limit).
pub(crate) fn error(e: syntax::ParseError) -> Failure {
    e.into()
}

/// Parses one expression; the error carries the syntax module's caret rendering.
pub fn parse(src: &str) -> Result<Term, Failure> {
    syntax::parse(src).map_err(error)
}

/// Parses an expression that is one of several arguments, saying which one is bad (both
/// render as "line 1").
pub fn parse_named(src: &str, which: &str) -> Result<Term, Failure> {
    syntax::parse(src).map_err(|mut e| {
        e.message = format!("in the {which} game: {}", e.message);
        error(e)
    })
}

/// Parses an expression read from line `line` of a batch on, so the caret names the line of
/// the batch (a shared term takes several lines).
pub fn parse_line(src: &str, line: usize) -> Result<Term, Failure> {
    syntax::parse(src).map_err(|mut e| {
        e.line = line + e.line.saturating_sub(1);
        error(e)
    })
}

/// Where a batch comes from.
pub enum Source<'a> {
    /// Standard input.
    Stdin,
    /// A file.
    File(&'a str),
}

/// Whether `next` continues the expression `sofar`: a shared term, as onag prints it, goes on
/// with a line that starts with `where` or follows a line ending in `,` or `where` (no
/// expression can end so or start with `where`, so this joins nothing that stood alone before).
fn continues(sofar: &str, next: &str) -> bool {
    let next = next.trim_start();
    let sofar = sofar.trim_end();
    let word = |s: &str| !s.ends_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    sofar.ends_with(',')
        || sofar.strip_suffix("where").is_some_and(word)
        || next
            .strip_prefix("where")
            .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// Calls `each(line_number, expression)` for every expression: a non-blank line (numbered
/// from 1), with the lines that continue it ([`continues`]) joined to it. Stops early when
/// `each` returns `false` (standard output closed).
pub fn each_line(source: Source, mut each: impl FnMut(usize, &str) -> bool) -> Result<(), Failure> {
    let reader: Box<dyn BufRead> = match source {
        Source::Stdin => Box::new(std::io::stdin().lock()),
        Source::File(path) => {
            let f = std::fs::File::open(path)
                .map_err(|e| Failure::bad(format!("cannot read {path}: {e}")))?;
            Box::new(std::io::BufReader::new(f))
        }
    };
    let mut pending: Option<(usize, String)> = None;
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| Failure::bad(format!("reading line {}: {e}", i + 1)))?;
        if line.trim().is_empty() {
            continue;
        }
        if let Some((_, sofar)) = pending.as_mut().filter(|(_, s)| continues(s, &line)) {
            sofar.push('\n');
            sofar.push_str(&line);
            continue;
        }
        if let Some((n, expr)) = pending.replace((i + 1, line)) {
            if !each(n, &expr) {
                return Ok(());
            }
        }
    }
    if let Some((n, expr)) = pending {
        each(n, &expr);
    }
    Ok(())
}

/// Splits `A = B` into its two sides; `None` without exactly one `=`, or with a `where`
/// (whose definitions use `=`: give such a side as an argument of its own).
/// The whole of standard input or a file, as text.
pub fn read_all(source: Source) -> Result<String, Failure> {
    use std::io::Read;
    let mut text = String::new();
    match source {
        Source::Stdin => std::io::stdin()
            .lock()
            .read_to_string(&mut text)
            .map_err(|e| Failure::bad(format!("reading standard input: {e}")))?,
        Source::File(path) => std::fs::File::open(path)
            .and_then(|mut f| f.read_to_string(&mut text))
            .map_err(|e| Failure::bad(format!("cannot read {path}: {e}")))?,
    };
    Ok(text)
}

/// Splits `A = B` into its two sides; `None` without exactly one `=` (the notation itself never
/// uses `=`).
pub fn split_equation(s: &str) -> Option<(&str, &str)> {
    if s.contains("where") {
        return None;
    }
    let (a, b) = s.split_once('=')?;
    (!b.contains('=')).then_some((a.trim(), b.trim()))
}
