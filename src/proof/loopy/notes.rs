//! What loopy play's hosts for the checker's rule interpreter ([`crate::proof::pattern`]) keep
//! while a step is matched, and the step's verdict from it: the same for the term rules
//! (`terms`) and the rules on a graph's positions (`positions`). A host says why in the
//! rule's own words (the pattern's miss, a failed condition with its witnesses), which the
//! interpreter's general failure cannot.

use super::Stop;
use crate::definitional::inequality::Undecided;
use crate::proof::pattern::{Binds, Failure};

/// Why a step's match went as it did, each the first met.
#[derive(Default)]
pub(super) struct Notes {
    /// A limit reached.
    pub(super) limit: Option<String>,
    /// A refusal by the definitions (not a limit): the step is wrong.
    pub(super) wrong: Option<String>,
    /// Why the pattern did not match.
    pub(super) unmatched: Option<String>,
    /// Why a condition failed.
    pub(super) failed: Option<String>,
}

impl Notes {
    /// The checker's answer, its refusals and limits kept for the step's verdict.
    pub(super) fn keep<T>(&mut self, r: Result<T, Stop>) -> Result<T, Undecided> {
        r.map_err(|e| {
            match &e {
                Stop::Limit(which) => self.limit.get_or_insert_with(|| which.clone()),
                Stop::Wrong(m) => self.wrong.get_or_insert_with(|| m.clone()),
            };
            e.into()
        })
    }

    /// The verdict on a step by the rule `rule` from the interpreter's answer `got`: a
    /// refusal names the rule and says why in the host's words where it has some.
    pub(super) fn verdict<P>(
        &mut self,
        rule: &str,
        got: Result<Binds<P>, Failure>,
    ) -> Result<(), Stop> {
        let wrong = |m: String| Err(Stop::Wrong(format!("{rule}: {m}")));
        // A refusal by the definitions on the way (a graph too large, say) is the step's.
        if let Some(m) = self.wrong.take() {
            return wrong(m);
        }
        match got {
            Ok(_) => Ok(()),
            Err(Failure::Limit(which)) => Err(Stop::Limit(which)),
            Err(e @ Failure::NoMatch) => wrong(self.unmatched.take().unwrap_or(e.message())),
            Err(e @ Failure::Condition(_)) => wrong(self.failed.take().unwrap_or(e.message())),
            Err(e) => wrong(e.message()),
        }
    }
}

/// An undecided answer as the step's failure.
pub(super) fn as_failure(e: Undecided) -> Failure {
    match e {
        Undecided::Limit(which) => Failure::Limit(which),
        Undecided::Unreadable(m) => Failure::Other(m),
    }
}
