//! The checker fed one lemma at a time, for a proof read as it streams.
//!
//! [`Proof::check`](super::Proof::check) needs the whole proof in memory, every step of every
//! lemma parsed at once: for Σ_{k≤30} {k|−k} that is 685,567 steps and gigabytes. A citation
//! only needs the lemma's two sides, so once a lemma is checked its steps can go: this keeps
//! each checked lemma's statement and nothing else, and judges exactly as `check` does — the
//! same `check_chain` on the same lemmas in the same order, then the main chain (`check_main_chain`).

use super::check::{check_lemma, check_main_chain, CheckError, Statements};
use super::matcher::TermRules;
use super::step::Step;
use super::{Lemma, TermTable};
use crate::definitional::check_limits::CheckLimits;
use crate::definitional::inequality::Memo;
use crate::rules::RuleSet;
use crate::term::Term;
use std::sync::Arc;

/// Lemmas' two sides, in order.
pub(crate) type Claims = Vec<(Term, Term)>;

/// The statements of the lemmas checked or taken so far, in order: runs this check moved in
/// a lemma at a time, and batches shared with the other checkers of a file read on several
/// threads (`proof::json::stream` publishes each batch's statements once, and every checker
/// cites from that one copy: on two threads each checker's own copy of all of Σ_{k≤30}
/// {k|−k}'s 160,000 statements, beside the published one, was a quarter of a gigabyte).
/// Only the first `visible` may be cited: a check's own batch, shared before its lemmas are
/// checked, becomes citable a lemma at a time as they pass.
#[derive(Default)]
pub(crate) struct Proved {
    /// Each run with the number of its first lemma.
    runs: Vec<(usize, Run)>,
    /// The statements held.
    total: usize,
    /// The statements that may be cited: lemmas `0..visible`.
    visible: usize,
}

enum Run {
    Own(Claims),
    Shared(Arc<Claims>),
}

impl Run {
    fn get(&self, i: usize) -> Option<&(Term, Term)> {
        match self {
            Run::Own(c) => c.get(i),
            Run::Shared(c) => c.get(i),
        }
    }
}

impl Proved {
    /// The next lemma's statement, moved in, citable at once.
    fn push(&mut self, from: Term, to: Term) {
        if self.visible < self.total {
            // A shared run not yet all citable: the lemma is its next, already held.
            self.visible += 1;
            return;
        }
        match self.runs.last_mut() {
            Some((_, Run::Own(c))) => c.push((from, to)),
            _ => self.runs.push((self.total, Run::Own(vec![(from, to)]))),
        }
        self.total += 1;
        self.visible += 1;
    }

    /// The next lemmas' statements, shared, citable at once (`citable`) or each as it passes
    /// its check ([`Incremental::lemma`]).
    fn share(&mut self, claims: Arc<Claims>, citable: bool) {
        let n = claims.len();
        self.runs.push((self.total, Run::Shared(claims)));
        self.total += n;
        if citable {
            self.visible = self.total;
        }
    }
}

impl Statements for Proved {
    fn count(&self) -> usize {
        self.visible
    }

    fn statement(&self, k: usize) -> Option<(&Term, &Term)> {
        if k >= self.visible {
            return None;
        }
        let run = self
            .runs
            .partition_point(|(first, _)| *first <= k)
            .checked_sub(1)?;
        let (first, r) = &self.runs[run];
        r.get(k - first).map(|(a, b)| (a, b))
    }
}

/// A checker's memo under `limits`. On several threads it reads the table's entries as its
/// conditions need them: each checker reading every entry in order, as the lone checker does,
/// made each of them all the table's forms (a fifth of the two-thread check's extra work for
/// Σ_{k≤30} {k|−k}). The lone checker's reading, and so its work, is unchanged.
fn memo(limits: &CheckLimits) -> Memo {
    Memo::with_limits(limits.clone()).reading_by_need(limits.threads() > 1)
}

/// A check in progress: the lemmas so far checked, by their statements.
pub(crate) struct Incremental<'r> {
    rules: &'r RuleSet,
    interp: TermRules<'r>,
    /// Lemma k's two sides: all a citation of it is checked against.
    proved: Proved,
}

impl<'r> Incremental<'r> {
    /// A check of a proof whose term table is `terms`, under the caller's `limits` (and the
    /// checker's usual work at most).
    pub(crate) fn new(rules: &'r RuleSet, terms: TermTable, limits: &CheckLimits) -> Self {
        Incremental {
            rules,
            interp: TermRules::with_memo(rules, terms, memo(limits)),
            proved: Proved::default(),
        }
    }

    /// Checks the next lemma, citing only the lemmas before it, and keeps its statement. The
    /// lemma's steps are handed back, for the caller to free where it made them (a thread
    /// freeing another's many small blocks cost both threads more than the check).
    pub(crate) fn lemma(&mut self, l: Lemma) -> (Result<(), CheckError>, Vec<Step>) {
        let verdict = check_lemma(&mut self.interp, self.rules, &self.proved, &l);
        if verdict.is_ok() {
            self.proved.push(l.from, l.to);
        }
        (verdict, l.steps)
    }

    /// [`Incremental::lemma`], the lemma handed back whole when it fails: a check over the
    /// table's first entries (`proof::json::stream`'s early check) gives no verdict of its own,
    /// and a lemma it does not pass is checked again over the whole table. (Boxed: a failure
    /// is rare, and a lemma is large to hand back by value.)
    pub(crate) fn lemma_or_back(&mut self, l: Lemma) -> Result<Vec<Step>, Box<Lemma>> {
        if check_lemma(&mut self.interp, self.rules, &self.proved, &l).is_err() {
            return Err(Box::new(l));
        }
        self.proved.push(l.from, l.to);
        Ok(l.steps)
    }

    /// Lemma `k`'s statement, if it may be cited now.
    pub(crate) fn statement(&self, k: usize) -> Option<(&Term, &Term)> {
        self.proved.statement(k)
    }

    /// The check going on over `terms`, a table holding this one's first `len` entries (the
    /// file's: all this check's references name) and more, with the statements it holds and
    /// its memo: what the memo decided holds over any table (a fresh memo re-read and
    /// re-decided all that `proof::json::stream`'s early check had). What the memo read of
    /// this table's own entries is forgotten, and this table is handed back, for the caller
    /// to free where it chooses.
    pub(crate) fn rebase(mut self, terms: TermTable, len: usize) -> (Incremental<'r>, TermTable) {
        let old = self.interp.retable(terms, len);
        (self, old)
    }

    /// Takes the next lemmas' statements unchecked, for citations by the lemmas after them:
    /// they are checked on another thread (`proof::json::stream`), whose verdict on them
    /// comes before any verdict this check gives on a later lemma. A check that cites a
    /// false claim may pass, but the claim's own failure is earlier in the file and is the
    /// one reported, so the verdict is the one-thread check's.
    pub(crate) fn claim(&mut self, claims: Arc<Claims>) {
        self.proved.share(claims, true);
    }

    /// Takes the statements of the next lemmas this check is to check, shared with the other
    /// checkers: each becomes citable only once [`Incremental::lemma`] has passed it, so the
    /// lemmas given next must be these, in order.
    pub(crate) fn own(&mut self, claims: Arc<Claims>) {
        self.proved.share(claims, false);
    }

    /// The term table, once the check is done: the file's entries as read, and after them any
    /// the check interned (references in the file name only the former).
    /// With the statements kept, each lemma's two sides, for the caller to free where it
    /// chooses (a large proof's are many small blocks).
    pub(crate) fn into_table(self) -> (TermTable, Proved) {
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
