//! The framing shared by the proofs that carry their own checker (`misere`, `loopy`): a
//! derivation proved by its own play, whose every step is decided again by that play's
//! definitions, never by the normal-play checker. A proof of this kind is one chain of single
//! rule instances from the input to the result, and cites no lemmas.

use super::check_limits::CheckLimits;
use super::step::Step;
use super::{CheckError, CheckLimit, Proof, ProofError, TermTable};
use crate::kernel::Budget;
use crate::rules::RuleSet;
use crate::term::Term;

/// A failure: a wrong step, or the budget spent (a limit, not a verdict).
pub(crate) enum Stop {
    Wrong(String),
    Limit(String),
}

impl From<String> for Stop {
    fn from(s: String) -> Self {
        Stop::Wrong(s)
    }
}

/// A play's own checker: where a chain starts, each step from where it is, and whether it ends
/// at the claimed result.
pub(crate) trait Played {
    /// The checker's own reading of a term.
    type At;
    /// The input, read.
    fn start(&mut self, input: &Term) -> Result<Self::At, Stop>;
    /// One step from `at`, checked: where the chain is after it.
    fn step(&mut self, at: &Self::At, s: &Step) -> Result<Self::At, Stop>;
    /// Whether the chain, at `at`, has reached `result` (the reason when not).
    fn end(&mut self, at: &Self::At, result: &Term) -> Result<(), Stop>;
}

/// Checks a proof of play `kind` ("misère", "loopy") with `c`: no lemmas, each step from where
/// the chain is, the end at `result`; a failure named by its step.
pub(crate) fn check<C: Played>(
    c: &mut C,
    kind: &str,
    input: &Term,
    result: &Term,
    steps: &[Step],
    lemmas: usize,
) -> Result<(), CheckError> {
    let err = |step: usize, stop: Stop| match stop {
        Stop::Wrong(reason) => CheckError {
            lemma: None,
            step,
            reason,
            limit: None,
        },
        Stop::Limit(what) => CheckError {
            lemma: None,
            step,
            reason: format!("stopped at {what}"),
            limit: Some(CheckLimit::Work(what)),
        },
    };
    if lemmas > 0 {
        return Err(err(
            0,
            Stop::Wrong(format!(
                "a {kind} proof cites no lemmas, and this one has some"
            )),
        ));
    }
    let mut at = c.start(input).map_err(|e| err(0, e))?;
    for (i, s) in steps.iter().enumerate() {
        at = c.step(&at, s).map_err(|e| err(i, e))?;
    }
    c.end(&at, result).map_err(|e| err(steps.len(), e))
}

/// A play's own proof checker: input, result, steps, the number of lemmas cited, the term
/// table the steps' terms are read from, the rules the steps may name, and the limits.
pub(crate) type Checker =
    fn(&Term, &Term, &[Step], usize, &TermTable, &RuleSet, &CheckLimits) -> Result<(), CheckError>;

/// `p` checked by its play's `checker`, as the producer's own check of what it made, under
/// the derivation's deadline, cancel flag and memory: marked checked, or the failure. A step
/// refused whose rule is the caller's (in `rules`, and not as `shipped` states it) is that
/// rule's fault, not onag's: [`ProofError::UnsoundRule`].
pub(crate) fn verified(
    mut p: Proof,
    checker: Checker,
    rules: &RuleSet,
    shipped: &RuleSet,
    budget: &Budget,
) -> Result<Proof, ProofError> {
    let limits = CheckLimits::from_budget(budget);
    match checker(
        &p.input,
        &p.result,
        &p.steps,
        p.lemmas.len(),
        &p.terms,
        rules,
        &limits,
    ) {
        Ok(()) => {
            p.checked = true;
            Ok(p)
        }
        Err(e) => Err(users_fault(&p, rules, shipped, e)),
    }
}

/// The refusal `e` of a step of `p`: [`ProofError::UnsoundRule`] when the step's rule is one of
/// `rules` that `shipped` does not state so (a user's rule, or a shipped name restated),
/// else the producer's defect.
fn users_fault(p: &Proof, rules: &RuleSet, shipped: &RuleSet, e: super::CheckError) -> ProofError {
    let user = e
        .limit
        .is_none()
        .then(|| p.steps.get(e.step))
        .flatten()
        .and_then(|s| Some((s, rules.get(&s.rule)?)))
        .filter(|(s, r)| !shipped.get(&s.rule).is_some_and(|o| o.same_statement(r)));
    match user {
        Some((s, r)) => ProofError::UnsoundRule(Box::new(super::UnsoundRule {
            rule: r.name.clone(),
            written: format!("{}:{}", r.source.file, r.source.line),
            place: if s.at.is_empty() {
                String::new()
            } else {
                super::step::path_string(&s.at)
            },
            check: e,
        })),
        None => ProofError::SelfCheck(e),
    }
}
