//! Exit statuses (issue 6) and the one error type every command returns.
//!
//! Commands never print errors themselves: they return a [`CliError`], made from an
//! [`onag::Error`](crate::Error) whose [`exit_code`](crate::Error::exit_code) is the one
//! mapping from kinds of failure to statuses. Successful verdicts (`1` for a false claim) are
//! results, not errors, and name their status directly.

use crate::engine::EngineError;
use crate::kernel::KernelError;
use crate::proof::ProofError;
use crate::syntax::ParseError;

pub use crate::error::status::{BAD_INPUT, FALSE, INTERRUPTED, LIMIT, OK};

/// An error ready for standard error, with its exit status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    /// The exit status.
    pub status: i32,
    /// The whole message, ending in a newline (parse errors carry their caret lines).
    pub message: String,
}

impl CliError {
    /// Bad input or usage ([`crate::Error::BadInput`]).
    pub fn bad(msg: impl Into<String>) -> Self {
        crate::Error::BadInput(msg.into()).into()
    }

    /// A limit the command line itself keeps (a tree too large to write out), as
    /// [`crate::Error::Limit`].
    pub fn limit(msg: impl Into<String>) -> Self {
        crate::Error::Limit {
            which: msg.into(),
            reached: None,
        }
        .into()
    }

    /// A defect in onag, not in the input ([`crate::Error::Internal`]).
    pub fn internal(msg: impl Into<String>) -> Self {
        crate::Error::Internal(msg.into()).into()
    }

    /// The message with `error: ` in front unless it has it, and a final newline.
    fn new(status: i32, msg: String) -> Self {
        let mut message = msg;
        if !message.starts_with("error") {
            message = format!("error: {message}");
        }
        if !message.ends_with('\n') {
            message.push('\n');
        }
        CliError { status, message }
    }
}

impl From<crate::Error> for CliError {
    /// The only way a status is chosen for an error: [`crate::Error::exit_code`].
    fn from(e: crate::Error) -> Self {
        CliError::new(e.exit_code(), e.to_string())
    }
}

/// Each layer's error reaches the command line through [`crate::Error`], which decides its
/// kind (and so its status) in one place.
macro_rules! through_the_library_error {
    ($($t:ty),*) => {$(
        impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                crate::Error::from(e).into()
            }
        }
    )*};
}

through_the_library_error!(KernelError, EngineError, ProofError, ParseError);
