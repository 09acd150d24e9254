//! Exit statuses (issue 6) and the one error type every command returns.
//!
//! Commands never print errors themselves: they return a [`CliError`] whose status says what
//! kind of failure it was, so the mapping from library errors to statuses lives in one place.

use crate::engine::EngineError;
use crate::kernel::KernelError;
use crate::proof::ProofError;

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
    /// Bad input or usage.
    pub fn bad(msg: impl Into<String>) -> Self {
        CliError::with(BAD_INPUT, msg)
    }

    /// An error with a given status; `error: ` is prefixed unless the message has it.
    pub fn with(status: i32, msg: impl Into<String>) -> Self {
        let mut message: String = msg.into();
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
    /// The status is the library's ([`crate::Error::exit_code`]), the message its text.
    fn from(e: crate::Error) -> Self {
        CliError::with(e.exit_code(), e.to_string())
    }
}

impl From<KernelError> for CliError {
    fn from(e: KernelError) -> Self {
        match e {
            KernelError::Function { .. } | KernelError::Unbound { .. } => {
                CliError::bad(e.to_string())
            }
            _ => CliError::with(LIMIT, e.to_string()),
        }
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> Self {
        crate::Error::from(e).into()
    }
}

impl From<ProofError> for CliError {
    fn from(e: ProofError) -> Self {
        match e {
            ProofError::Engine(e) => e.into(),
            ProofError::Kernel(e) => e.into(),
            // The chosen rules stop short of a common form: the run ended without an answer,
            // which is what a limit means to the caller.
            ProofError::Incomplete { .. } => CliError::with(
                LIMIT,
                format!("{e}\n  (try a larger rule set, e.g. --rules all)"),
            ),
            // Reading stopped for want of memory (the parser's check): a limit, not bad input.
            ProofError::Json(ref m) if crate::memory::is_limit_message(m) => {
                CliError::with(LIMIT, format!("reading the proof stopped: {m}"))
            }
            ProofError::Json(_) => CliError::bad(e.to_string()),
            // The checker stopped at the memory limit: the proof was not judged.
            ProofError::Check(ref c) if c.limit.is_some() => CliError::with(LIMIT, e.to_string()),
            ProofError::Check(_) => CliError::with(FALSE, e.to_string()),
            ProofError::Explanation(_) => CliError::with(
                101,
                format!("internal error (please report the input): {e}"),
            ),
        }
    }
}
