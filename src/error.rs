//! The crate's error type: every failure is a value, never a panic.
//!
//! Each layer keeps its own precise error (`ParseError`, `RuleError`, `KernelError`,
//! `EngineError`, `ProofError`); [`Error`] is what a caller of the library sees, by kind: where
//! bad input is (line and column, or file and line), which limit was reached, which proof step
//! was rejected. [`Error::exit_code`] is the one place kinds become the command line's exit
//! statuses.

use crate::engine::EngineError;
use crate::kernel::KernelError;
use crate::proof::ProofError;
use crate::rules::RuleError;
use crate::syntax::ParseError;
use std::fmt;

/// Exit statuses of the command line, by kind of outcome.
pub mod status {
    /// Success.
    #[cfg(any(test, feature = "cli"))]
    pub const OK: i32 = 0;
    /// The claim is false: games that differ, a rejected proof.
    pub const FALSE: i32 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: i32 = 2;
    /// A limit was reached.
    pub const LIMIT: i32 = 3;
    /// A defect in onag or in a rule, not in the input.
    pub const INTERNAL: i32 = 101;
    /// Interrupted by Ctrl-C (128 + SIGINT, the shell's convention).
    pub const INTERRUPTED: i32 = 130;
}

/// Anything that can go wrong in onag, by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Malformed game text; the error has the line and column and renders a caret.
    Parse(ParseError),
    /// A malformed rule file; the error has the file, line and column.
    RuleFile(RuleError),
    /// A limit was reached: which one (with its value, "60s of time", "1000000 e-nodes"), and
    /// the best term reached if there was one. Never a mathematical answer.
    Limit {
        /// The limit and its value, in words.
        which: String,
        /// The best term reached, printed (or its size), when a run reached one.
        reached: Option<String>,
    },
    /// The rules stopped short of a common form although the values are equal: the run ended
    /// without an answer.
    Incomplete(String),
    /// The caller's cancel flag was set.
    Interrupted {
        /// The best term reached, printed.
        reached: String,
    },
    /// A proof the checker rejected: the lemma (none for the main chain), the step, and why.
    Rejected {
        /// The failing lemma, if the failure is in one.
        lemma: Option<usize>,
        /// The 0-based failing step.
        step: usize,
        /// Why, in words.
        reason: String,
    },
    /// Bad input found while evaluating a call or an infinite brace (a function outside its
    /// domain, such as `niminv(*0)`; a progression that cannot be inferred), with the calls
    /// being evaluated, innermost first. [`Error::at_source`] places it in the text it came from.
    Call {
        /// What went wrong, naming the function.
        message: String,
        /// The calls being evaluated when it failed, innermost first.
        calls: Vec<crate::term::Term>,
    },
    /// A [`Error::Call`] placed in its text: the error has the line and column of the call (or
    /// brace) and renders a caret, as a parse error does.
    At(ParseError),
    /// Input the library refuses that is not a parse error (a function outside its domain,
    /// JSON that is not a proof, a term that cannot be put in the e-graph).
    BadInput(String),
    /// A defect in onag or in a rule (an unsound rule, an unreadable explanation).
    Internal(String),
}

impl Error {
    /// The command line's exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Parse(_)
            | Error::RuleFile(_)
            | Error::BadInput(_)
            | Error::Call { .. }
            | Error::At(_) => status::BAD_INPUT,
            Error::Limit { .. } | Error::Incomplete(_) => status::LIMIT,
            Error::Interrupted { .. } => status::INTERRUPTED,
            Error::Rejected { .. } => status::FALSE,
            Error::Internal(_) => status::INTERNAL,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The caret rendering, without the `error: ` a program adds to every message.
            Error::Parse(e) | Error::At(e) => f.write_str(&strip_error(&e.render())),
            Error::Call { message, .. } => write!(f, "{message}"),
            Error::RuleFile(e) => write!(f, "{e}"),
            Error::Limit {
                which,
                reached: Some(r),
            } => write!(f, "limit reached: {which}; reached so far: {r}"),
            Error::Limit {
                which,
                reached: None,
            } => write!(f, "{which}"),
            Error::Incomplete(s) => {
                // The library's words; the command line adds how to choose more rules there.
                write!(f, "{s}\n  (a larger rule set may reach it)")
            }
            Error::Interrupted { reached } => write!(f, "interrupted; reached so far: {reached}"),
            Error::Rejected {
                lemma,
                step,
                reason,
            } => match lemma {
                Some(k) => write!(
                    f,
                    "the proof does not check: lemma {k}, step {step}: {reason}"
                ),
                None => write!(f, "the proof does not check: step {step}: {reason}"),
            },
            Error::BadInput(s) => write!(f, "{s}"),
            Error::Internal(s) => write!(f, "internal error (please report the input): {s}"),
        }
    }
}

impl std::error::Error for Error {
    /// The layer's own error, where this one wraps it (a parse error, a rule file's error).
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parse(e) | Error::At(e) => Some(e),
            Error::RuleFile(e) => Some(e),
            _ => None,
        }
    }
}

impl Error {
    /// This error placed in `src`, the text of the term whose evaluation raised it: an
    /// [`Error::Call`] whose call is written there becomes [`Error::At`] with the call's line,
    /// column and caret; anything else is unchanged.
    pub fn at_source(self, src: &str) -> Error {
        match self {
            Error::Call { message, calls } => {
                match crate::syntax::call_error(src, &calls, &message) {
                    Some(e) => Error::At(e),
                    None => Error::Call { message, calls },
                }
            }
            e => e,
        }
    }
}

/// A rendering without the `error: ` in front, which a program's message adds.
fn strip_error(r: &str) -> String {
    r.strip_prefix("error: ")
        .unwrap_or(r)
        .trim_end()
        .to_string()
}

impl From<ParseError> for Error {
    /// Bad input, unless the parser stopped at the memory limit (then a limit, with the same
    /// rendering).
    fn from(e: ParseError) -> Self {
        if crate::memory::is_limit_message(&e.message) {
            Error::Limit {
                which: strip_error(&e.render()),
                reached: None,
            }
        } else {
            Error::Parse(e)
        }
    }
}

impl From<RuleError> for Error {
    fn from(e: RuleError) -> Self {
        Error::RuleFile(e)
    }
}

impl From<KernelError> for Error {
    /// A value the kernel refuses to expand, or its budget, is a limit; a function applied
    /// outside its domain, and a name no `where` defines, are bad input.
    fn from(e: KernelError) -> Self {
        match e {
            KernelError::Function { ref calls, .. } if !calls.is_empty() => Error::Call {
                message: e.to_string(),
                calls: calls.clone(),
            },
            KernelError::Function { .. } | KernelError::Unbound { .. } => {
                Error::BadInput(e.to_string())
            }
            _ => Error::Limit {
                which: e.to_string(),
                reached: None,
            },
        }
    }
}

impl From<EngineError> for Error {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Limit { which, reached } => Error::Limit {
                which,
                reached: Some(reached),
            },
            EngineError::Unsupported(s) => Error::BadInput(s),
            EngineError::Interrupted { reached } => Error::Interrupted { reached },
            EngineError::Unsound(_) => Error::Internal(e.to_string()),
        }
    }
}

impl From<ProofError> for Error {
    fn from(e: ProofError) -> Self {
        match e {
            ProofError::Engine(e) => e.into(),
            ProofError::Kernel(e) => e.into(),
            ProofError::Incomplete { .. } => Error::Incomplete(e.to_string()),
            // Reading stopped for want of memory (the parser's check): a limit, not bad input.
            ProofError::Json(ref m) if crate::memory::is_limit_message(m) => Error::Limit {
                which: format!("reading the proof stopped: {m}"),
                reached: None,
            },
            ProofError::Json(_) => Error::BadInput(e.to_string()),
            // The checker stopped at the memory limit: the proof was not judged.
            ProofError::Check(ref c) if c.limit.is_some() => Error::Limit {
                which: e.to_string(),
                reached: None,
            },
            ProofError::Check(c) => Error::Rejected {
                lemma: c.lemma,
                step: c.step,
                reason: c.reason,
            },
            ProofError::SelfCheck(ref c) if c.limit.is_some() => Error::Limit {
                which: e.to_string(),
                reached: None,
            },
            // A user's rule the checker refuses at its step: the input is at fault.
            ProofError::UnsoundRule(_) => Error::BadInput(e.to_string()),
            ProofError::Explanation(_) | ProofError::SelfCheck(_) => Error::Internal(e.to_string()),
        }
    }
}

impl From<crate::loopy::notation::ReadError> for Error {
    /// A loopy game's text: a parse error with its place, or the kernel's error (a limit).
    fn from(e: crate::loopy::notation::ReadError) -> Self {
        match e {
            crate::loopy::notation::ReadError::Parse(p) => p.into(),
            crate::loopy::notation::ReadError::Kernel(k) => k.into(),
        }
    }
}

impl From<crate::number::SurrealError> for Error {
    /// An operation outside the surreals onag computes with: bad input.
    fn from(e: crate::number::SurrealError) -> Self {
        Error::BadInput(e.to_string())
    }
}

impl From<crate::rules::UnknownRule> for Error {
    /// A rule selection naming no rule or group: bad input.
    fn from(e: crate::rules::UnknownRule) -> Self {
        Error::BadInput(e.to_string())
    }
}

impl From<crate::number::On2RangeError> for Error {
    /// A nimber outside the range onag computes with: bad input.
    fn from(e: crate::number::On2RangeError) -> Self {
        Error::BadInput(e.to_string())
    }
}

impl From<crate::term_table::TableError> for Error {
    /// A malformed term table (of a proof file): bad input.
    fn from(e: crate::term_table::TableError) -> Self {
        Error::BadInput(format!("the term table: {e}"))
    }
}

impl From<crate::proof::thermocheck::CertError> for Error {
    /// A thermograph certificate that does not check: a rejected claim, at its entry.
    fn from(e: crate::proof::thermocheck::CertError) -> Self {
        Error::Rejected {
            lemma: None,
            step: e.entry.unwrap_or(0),
            reason: e.reason,
        }
    }
}

impl From<crate::sharing::ExpandError> for Error {
    /// A shared term too large to write out is a limit; a name no `where` defines, bad input.
    fn from(e: crate::sharing::ExpandError) -> Self {
        match e {
            crate::sharing::ExpandError::TooLarge { .. } => Error::Limit {
                which: e.to_string(),
                reached: None,
            },
            _ => Error::BadInput(e.to_string()),
        }
    }
}

impl From<crate::rulesets::RulesetError> for Error {
    /// A position that does not read, or an argument outside the ruleset's domain, is bad
    /// input; the kernel's error keeps its kind.
    fn from(e: crate::rulesets::RulesetError) -> Self {
        match e {
            crate::rulesets::RulesetError::Kernel(k) => k.into(),
            other => Error::BadInput(other.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_exit_status_and_keeps_where_it_happened() {
        let e: Error = crate::syntax::parse("{0|").unwrap_err().into();
        let Error::Parse(p) = &e else { panic!("{e:?}") };
        assert_eq!((p.line, p.column), (1, 4));
        assert_eq!(e.exit_code(), status::BAD_INPUT);

        let mut rules = crate::rules::RuleSet::empty();
        let r = rules
            .add_text(
                "mine.rules",
                "rule x\n  says \"x\"\n  cite \"x\"\n  match { a | b\n  when a <== b\n  yield a\n",
            )
            .unwrap_err();
        let e: Error = r.into();
        let Error::RuleFile(r) = &e else {
            panic!("{e:?}")
        };
        assert_eq!((r.file.as_str(), r.line), ("mine.rules", 5), "{r}");
        assert_eq!(e.exit_code(), status::BAD_INPUT);

        let e: Error = EngineError::Limit {
            which: "5 rounds of rule application".into(),
            reached: "{1|}".into(),
        }
        .into();
        assert_eq!(e.exit_code(), status::LIMIT);
        assert_eq!(
            e.to_string(),
            "limit reached: 5 rounds of rule application; reached so far: {1|}"
        );
        let e: Error = KernelError::Limit {
            which: "10 units of work".into(),
        }
        .into();
        assert!(matches!(e, Error::Limit { reached: None, .. }));
        assert_eq!(e.exit_code(), status::LIMIT);

        let e: Error = ProofError::Check(crate::proof::CheckError {
            lemma: Some(2),
            step: 5,
            reason: "no match".into(),
            limit: None,
        })
        .into();
        assert_eq!(e.exit_code(), status::FALSE);
        assert_eq!(
            e.to_string(),
            "the proof does not check: lemma 2, step 5: no match"
        );
        // The same refusal of a proof onag made itself (a loopy or misère derivation's
        // self-check) is a defect in onag, exit 101 with a request for a report, never a
        // false claim; cut short by a limit it stays a limit.
        let e: Error = ProofError::SelfCheck(crate::proof::CheckError {
            lemma: None,
            step: 0,
            reason: "no match".into(),
            limit: None,
        })
        .into();
        assert_eq!(e.exit_code(), status::INTERNAL);
        assert!(e.to_string().contains("please report"), "{e}");
        assert!(e.to_string().contains("not a false claim"), "{e}");
        let e: Error = EngineError::Interrupted {
            reached: "0".into(),
        }
        .into();
        assert_eq!(e.exit_code(), status::INTERRUPTED);
    }

    #[test]
    fn memory_unbound_names_and_a_check_cut_short_have_their_own_kinds() {
        // A name no `where` defines: bad input, not a limit.
        let e: Error = KernelError::Unbound { name: "A".into() }.into();
        assert!(matches!(e, Error::BadInput(_)), "{e:?}");
        assert_eq!(e.exit_code(), status::BAD_INPUT);
        // A function outside its domain: bad input.
        let e: Error = KernelError::Function {
            name: "atomic".into(),
            message: "not infinitesimal".into(),
            calls: Vec::new(),
        }
        .into();
        assert_eq!(e.exit_code(), status::BAD_INPUT);
        // The parser stopped at the memory limit: a limit, keeping the caret rendering.
        let p = crate::syntax::parse("{0|").unwrap_err();
        let mut m = p.clone();
        m.message = format!("{} 1 MiB of memory", crate::memory::LIMIT_REACHED);
        let e: Error = m.clone().into();
        assert_eq!(e.exit_code(), status::LIMIT);
        assert_eq!(e.to_string(), strip_error(&m.render()));
        assert!(!e.to_string().starts_with("error"), "{e}");
        // A plain parse error prints with its caret.
        let e: Error = p.into();
        assert!(e.to_string().contains('^'), "{e}");
        // Proof JSON read up to the memory limit: a limit; malformed JSON: bad input.
        let msg = format!("{} 1 MiB of memory", crate::memory::LIMIT_REACHED);
        let e: Error = ProofError::Json(msg).into();
        assert_eq!(e.exit_code(), status::LIMIT);
        let e: Error = ProofError::Json("expected `{`".into()).into();
        assert_eq!(e.exit_code(), status::BAD_INPUT);
        // A check stopped by the memory limit judged nothing: a limit, not a rejection.
        let cut = crate::proof::CheckError {
            lemma: None,
            step: 3,
            reason: "out of memory".into(),
            limit: Some(crate::proof::CheckLimit::Memory(
                crate::memory::MemoryLimit {
                    limit: 1 << 20,
                    in_use: 2 << 20,
                },
            )),
        };
        let e: Error = ProofError::Check(cut).into();
        assert_eq!(e.exit_code(), status::LIMIT);
        // Reasoning that cannot be read back is a defect.
        let e: Error = ProofError::Explanation("no rule".into()).into();
        assert_eq!(e.exit_code(), status::INTERNAL);
    }
}
