//! CGSuite's notation for loopy games, read by the one reader of the expression language
//! (`crate::syntax`, which knows `pass`, `on` … `dud`, labels `a{0|a}` and `A & B`) and built
//! into a game graph by [`super::build`]. This is the library's shortcut for a text holding
//! one loopy game with short parts (no functions); `onag eval` reads the same text through the
//! number world, which also knows the functions.

use super::build::build;
use super::{Loopy, Work};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::syntax::ParseError;
use crate::term::{Arg, Term};

/// What went wrong reading a loopy game.
#[derive(Debug)]
pub enum ReadError {
    /// Bad input, with its place.
    Parse(ParseError),
    /// A short game could not be evaluated, or the budget ran out.
    Kernel(KernelError),
}

impl From<KernelError> for ReadError {
    fn from(e: KernelError) -> Self {
        ReadError::Kernel(e)
    }
}

impl std::fmt::Display for ReadError {
    /// A parse error with its caret (without the `error: ` a program's message adds).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Parse(e) => {
                let r = e.render();
                f.write_str(r.strip_prefix("error: ").unwrap_or(&r).trim_end())
            }
            ReadError::Kernel(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadError::Parse(e) => Some(e),
            ReadError::Kernel(e) => Some(e),
        }
    }
}

fn no_calls(_: &mut Kernel, name: &str, _: &[Arg]) -> Result<GameId, KernelError> {
    let why = "functions are not read here (onag::parse and the number world read them)";
    Err(super::error(name, why))
}

/// Reads `src` as a loopy game: its graph, as written.
pub fn read(src: &str, kernel: &mut Kernel, work: &mut Work) -> Result<Loopy, ReadError> {
    let t = crate::syntax::parse(src).map_err(ReadError::Parse)?;
    let mut leaf = |t: &Term| -> Result<Loopy, KernelError> {
        let g = kernel.eval_with(t, no_calls)?;
        Loopy::from_short(kernel, g, &mut Work::default())
    };
    match build(&t, &mut leaf, work) {
        Ok(g) => Ok(g),
        Err(KernelError::Function { message, calls, .. }) if !calls.is_empty() => {
            match crate::syntax::call_error(src, &calls, &message) {
                Some(e) => Err(ReadError::Parse(e)),
                None => Err(ReadError::Kernel(KernelError::Function {
                    name: "loop".to_string(),
                    message,
                    calls,
                })),
            }
        }
        Err(e) => Err(ReadError::Kernel(e)),
    }
}
