//! The checker fed one lemma at a time, for a proof read as it streams.
//!
//! [`Proof::check`](super::Proof::check) needs the whole proof in memory, every step of every
//! lemma parsed at once: for Σ_{k≤30} {k|−k} that is 685,567 steps and gigabytes. A citation
//! only needs the lemma's two sides, so once a lemma is checked its steps can go: this keeps
//! each checked lemma's statement and nothing else, and judges exactly as `check` does — the
//! same `check_chain` on the same lemmas in the same order, then the main chain (`check_main_chain`).

use super::check::{check_lemma, check_main_chain, CheckError};
use super::check_limits::CheckLimits;
use super::inequality::Memo;
use super::matcher::TermRules;
use super::step::Step;
use super::{Lemma, TermTable};
use crate::rules::RuleSet;
use crate::term::Term;

/// A check in progress: the lemmas so far checked, by their statements.
pub(crate) struct Incremental<'r> {
    rules: &'r RuleSet,
    interp: TermRules<'r>,
    /// Lemma k's two sides, with no steps: all a citation of it is checked against.
    proved: Vec<Lemma>,
}

impl<'r> Incremental<'r> {
    /// A check of a proof whose term table is `terms`, under the caller's `limits` (and the
    /// checker's usual work at most).
    pub(crate) fn new(rules: &'r RuleSet, terms: TermTable, limits: &CheckLimits) -> Self {
        Incremental {
            rules,
            interp: TermRules::with_memo(rules, terms, Memo::with_limits(limits.clone())),
            proved: Vec::new(),
        }
    }

    /// Checks the next lemma, citing only the lemmas before it, and keeps its statement. The
    /// lemma's steps are handed back, for the caller to free where it made them (a thread
    /// freeing another's many small blocks cost both threads more than the check).
    pub(crate) fn lemma(&mut self, l: Lemma) -> (Result<(), CheckError>, Vec<Step>) {
        let verdict = check_lemma(&mut self.interp, self.rules, &self.proved, &l);
        if verdict.is_ok() {
            self.proved.push(Lemma {
                from: l.from,
                to: l.to,
                steps: Vec::new(),
            });
        }
        (verdict, l.steps)
    }

    /// Takes the next lemma's statement unchecked, for citations by the lemmas after it:
    /// the lemma is checked on another thread (`proof::json::stream`), whose verdict on it
    /// comes before any verdict this check gives on a later lemma. A check that cites a
    /// false claim may pass, but the claim's own failure is earlier in the file and is the
    /// one reported, so the verdict is the one-thread check's.
    pub(crate) fn claim(&mut self, from: Term, to: Term) {
        self.proved.push(Lemma {
            from,
            to,
            steps: Vec::new(),
        });
    }

    /// The term table, once the check is done: the file's entries as read, and after them any
    /// the check interned (references in the file name only the former).
    /// With the statements kept, each lemma's two sides, for the caller to free where it
    /// chooses (a large proof's are many small blocks).
    pub(crate) fn into_table(self) -> (TermTable, Vec<Lemma>) {
        (self.interp.terms, self.proved)
    }

    /// Checks the main chain from `input` to `result`, citing any lemma.
    pub(crate) fn finish(
        &mut self,
        input: &Term,
        result: &Term,
        steps: &[Step],
    ) -> Result<(), CheckError> {
        check_main_chain(
            &mut self.interp,
            self.rules,
            &self.proved,
            input,
            result,
            steps,
        )
    }
}
