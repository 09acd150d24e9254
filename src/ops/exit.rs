//! How an operation ended ([`Status`]) and the one error type every operation returns
//! ([`Failure`]).
//!
//! Operations never print errors themselves: they return a [`Failure`], made from an
//! [`onag::Error`](crate::Error) whose [`exit_code`](crate::Error::exit_code) is the one
//! mapping from kinds of failure to statuses. Successful verdicts (a false claim) are results,
//! not errors, and name their [`Status`] directly. Each face maps a status its own way: the
//! command line to its process exit code ([`Status::code`]), the server to an HTTP status and
//! the `x-onag-exit` header.

use crate::engine::EngineError;
use crate::kernel::KernelError;
use crate::proof::ProofError;
use crate::syntax::ParseError;

pub use crate::error::status::{BAD_INPUT, FALSE, INTERRUPTED, LIMIT, OK};

/// How an operation ended, by kind; the command line's exit status is [`Status::code`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Success.
    Ok,
    /// The claim is false (games that differ, a rejected proof).
    False,
    /// Bad input or usage.
    BadInput,
    /// A limit was reached (also: the chosen rules stopped short of the canonical form).
    Limit,
    /// A defect in onag, not in the input.
    Internal,
    /// Stopped by the caller (Ctrl-C).
    Interrupted,
}

impl Status {
    /// The command line's exit status: 0, 1, 2, 3, 101, 130.
    pub fn code(self) -> i32 {
        match self {
            Status::Ok => OK,
            Status::False => FALSE,
            Status::BadInput => BAD_INPUT,
            Status::Limit => LIMIT,
            Status::Internal => crate::error::status::INTERNAL,
            Status::Interrupted => INTERRUPTED,
        }
    }

    /// The status whose [`Status::code`] is `code` (anything unknown is internal).
    pub fn from_code(code: i32) -> Status {
        match code {
            OK => Status::Ok,
            FALSE => Status::False,
            BAD_INPUT => Status::BadInput,
            LIMIT => Status::Limit,
            INTERRUPTED => Status::Interrupted,
            _ => Status::Internal,
        }
    }
}

/// An operation's error, ready for standard error or an HTTP answer, with its status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// How the operation ended.
    pub status: Status,
    /// The whole message, ending in a newline (parse errors carry their caret lines).
    pub message: String,
    /// For bad input found while evaluating a call ([`crate::Error::Call`]): the calls,
    /// innermost first, so [`Failure::at_source`] can place the error in the text.
    calls: Vec<crate::term::Term>,
    /// Whether the rules stopped short of an answer ([`crate::Error::Incomplete`]): each face
    /// says in its own words how to choose more rules.
    incomplete: bool,
}

impl Failure {
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

    /// Whether the rules stopped short of an answer ([`crate::Error::Incomplete`]), for the
    /// face to say how more rules are chosen there.
    pub fn is_incomplete(&self) -> bool {
        self.incomplete
    }

    /// A defect in onag, not in the input ([`crate::Error::Internal`]).
    pub fn internal(msg: impl Into<String>) -> Self {
        crate::Error::Internal(msg.into()).into()
    }

    /// This error placed in `src`, the text the evaluated term was read from, whose first line
    /// is line `first_line` of the input (a batch numbers its lines): bad input raised by a call
    /// written in `src` gets the call's line, column and caret, as a parse error does
    /// ([`crate::Error::at_source`]); `which` names the game when a command reads two. Any
    /// other error is unchanged; so is one whose call is not written in `src` (a call in
    /// another of the command's texts, or one built by the program).
    pub fn at_source(self, src: &str, first_line: usize, which: Option<&str>) -> Failure {
        let Some(pos) = self.position(src, first_line, which) else {
            return self;
        };
        crate::Error::At(pos).into()
    }

    /// [`Failure::at_source`] for a command that read several texts, each with its first
    /// line and its name: placed in the first text that has the call.
    pub fn at_sources(self, texts: &[(&str, usize, Option<&str>)]) -> Failure {
        let found = texts
            .iter()
            .find_map(|&(src, line, which)| self.position(src, line, which));
        match found {
            Some(pos) => crate::Error::At(pos).into(),
            None => self,
        }
    }

    /// Where in `src` (see [`Failure::at_source`]) the call this error was raised by is
    /// written, as a positioned error; `None` unless it is.
    pub fn position(
        &self,
        src: &str,
        first_line: usize,
        which: Option<&str>,
    ) -> Option<ParseError> {
        let message = self.message.trim_end();
        let message = message.strip_prefix("error: ").unwrap_or(message);
        let mut e = crate::syntax::call_error(src, &self.calls, message)?;
        e.line = first_line + e.line.saturating_sub(1);
        if let Some(w) = which {
            e.message = format!("in the {w} game: {}", e.message);
        }
        Some(e)
    }

    /// The message with `error: ` in front unless it has it, and a final newline.
    fn new(status: Status, msg: String) -> Self {
        let mut message = msg;
        if !message.starts_with("error") {
            message = format!("error: {message}");
        }
        if !message.ends_with('\n') {
            message.push('\n');
        }
        Failure {
            status,
            message,
            calls: Vec::new(),
            incomplete: false,
        }
    }
}

impl From<crate::Error> for Failure {
    /// The only way a status is chosen for an error: [`crate::Error::exit_code`].
    fn from(e: crate::Error) -> Self {
        let mut c = Failure::new(Status::from_code(e.exit_code()), e.to_string());
        c.incomplete = matches!(e, crate::Error::Incomplete(_));
        if let crate::Error::Call { calls, .. } = e {
            c.calls = calls;
        }
        c
    }
}

/// Each layer's error reaches the command line through [`crate::Error`], which decides its
/// kind (and so its status) in one place.
macro_rules! through_the_library_error {
    ($($t:ty),*) => {$(
        impl From<$t> for Failure {
            fn from(e: $t) -> Self {
                crate::Error::from(e).into()
            }
        }
    )*};
}

through_the_library_error!(KernelError, EngineError, ProofError, ParseError);
