//! Exit statuses (issue 6) and the one error type every command returns.
//!
//! Commands never print errors themselves: they return a [`CliError`] whose status says what
//! kind of failure it was, so the mapping from library errors to statuses lives in one place.

use crate::engine::EngineError;
use crate::kernel::KernelError;
use crate::proof::ProofError;

/// Success.
pub const OK: i32 = 0;
/// The claim is false: games that differ, a rejected proof.
pub const FALSE: i32 = 1;
/// Bad input or usage.
pub const BAD_INPUT: i32 = 2;
/// A limit was reached.
pub const LIMIT: i32 = 3;
/// Interrupted by Ctrl-C (128 + SIGINT, the shell's convention).
pub const INTERRUPTED: i32 = 130;

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

impl From<KernelError> for CliError {
    /// A kernel error is a size the kernel refuses to expand (a limit), except a function
    /// applied outside its domain, which is bad input.
    fn from(e: KernelError) -> Self {
        match e {
            KernelError::Function { .. } => CliError::bad(e.to_string()),
            _ => CliError::with(LIMIT, e.to_string()),
        }
    }
}

impl From<EngineError> for CliError {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Limit { .. } => CliError::with(LIMIT, e.to_string()),
            EngineError::Unsupported(_) => CliError::bad(e.to_string()),
            EngineError::Interrupted { .. } => CliError::with(INTERRUPTED, e.to_string()),
            // A rule merged unequal classes: a defect in a rule, not in the input.
            EngineError::Unsound(_) => CliError::with(
                101,
                format!("internal error (please report the input): {e}"),
            ),
        }
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
            ProofError::Json(_) => CliError::bad(e.to_string()),
            ProofError::Check(_) => CliError::with(FALSE, e.to_string()),
            ProofError::Explanation(_) => CliError::with(
                101,
                format!("internal error (please report the input): {e}"),
            ),
        }
    }
}
