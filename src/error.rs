//! The crate's error type: every failure is a value, never a panic.

use std::fmt;

/// Anything that can go wrong in onag, by layer.
#[derive(Debug, Clone)]
pub enum Error {
    /// Malformed input text.
    Parse(crate::syntax::ParseError),
    /// A value the kernel cannot build.
    Kernel(crate::kernel::KernelError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => write!(f, "{e}"),
            Error::Kernel(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<crate::syntax::ParseError> for Error {
    fn from(e: crate::syntax::ParseError) -> Self {
        Error::Parse(e)
    }
}

impl From<crate::kernel::KernelError> for Error {
    fn from(e: crate::kernel::KernelError) -> Self {
        Error::Kernel(e)
    }
}
