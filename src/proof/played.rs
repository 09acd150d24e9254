//! The framing shared by the proofs that carry their own checker (`misere`, `loopy`): a
//! derivation proved by its own play, whose every step is decided again by that play's
//! definitions, never by the normal-play checker. A proof of this kind is one chain of single
//! rule instances from the input to the result, and cites no lemmas.

use super::pattern::{Binds, Failure};
use super::step::Step;
use super::{CheckError, CheckLimit, Play, Proof, ProofError, TermTable};
use crate::definitional::check_limits::CheckLimits;
use crate::definitional::inequality::Undecided;
use crate::kernel::Budget;
use crate::rules::{RuleSet, Template, TemplateItem};
use crate::term::Term;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A term as the played proofs' messages write it (CGSuite's notation, ASCII).
pub(crate) fn show(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

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

/// A limit or an unreadable term met deciding a condition, as the interpreter says it.
impl From<Stop> for Undecided {
    fn from(e: Stop) -> Self {
        match e {
            Stop::Limit(which) => Undecided::Limit(which),
            Stop::Wrong(why) => Undecided::Unreadable(why),
        }
    }
}

/// A limit or an unreadable term met putting a result in place, as a step's failure.
impl From<Stop> for Failure {
    fn from(e: Stop) -> Self {
        match e {
            Stop::Limit(which) => Failure::Limit(which),
            Stop::Wrong(why) => Failure::Other(why),
        }
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
    /// Where the chain is after step `s`, read from `s` alone: what [`Played::step`] returns
    /// when `s` checks. A second thread starts its run of steps here, so it must depend on
    /// nothing but the step (its `to`, and its rule where that changes how `to` reads).
    fn after(&mut self, s: &Step) -> Result<Self::At, Stop>;
    /// Whether the chain, at `at`, has reached `result` (the reason when not).
    fn end(&mut self, at: &Self::At, result: &Term) -> Result<(), Stop>;
}

/// The steps of a derivation from `input` (the term it starts from), each made by `make`
/// from the term the chain is at: a played proof is one chain of single rule instances.
pub(crate) fn chained<S>(
    input: &Term,
    steps: &[S],
    mut make: impl FnMut(Term, &S) -> Step,
) -> Vec<Step> {
    let mut prev = input.clone();
    let mut out = Vec::with_capacity(steps.len());
    for s in steps {
        let st = make(prev, s);
        prev = st.to.clone();
        out.push(st);
    }
    out
}

/// The chain of a proof that A = B: A's steps to where both derivations meet, then B's read
/// backwards.
pub(crate) fn meeting(mut a: Vec<Step>, b: &[Step]) -> Vec<Step> {
    a.extend(b.iter().rev().map(Step::inverse));
    a
}

/// A step of a played proof: one instance of `rule` at `at`, read left to right, with its
/// witnesses (no parts, no lemma: a played proof cites none).
pub(crate) fn step(
    (from, to): (Term, Term),
    rule: &str,
    at: Vec<super::step::PathElem>,
    why: String,
    witnesses: super::step::Witnesses,
) -> Step {
    Step {
        from,
        to,
        rule: rule.into(),
        at,
        why,
        witnesses,
        reversed: false,
        parts: Vec::new(),
        lemma: None,
    }
}

/// The options one side of a game a rule's result builds lists: each `G` built by `one`, each
/// `..S` the set bound to it; `None` when one is unbound or builds nothing, or for an item
/// that lists numbers (no played checker gives those a meaning). Each played checker builds
/// its own positions; what a side lists is read alike in every play.
pub(crate) fn listed<P: Clone, E>(
    items: &[TemplateItem],
    b: &Binds<P>,
    mut one: impl FnMut(&Template) -> Result<Option<P>, E>,
) -> Result<Option<Vec<P>>, E> {
    let mut out = Vec::new();
    for item in items {
        match item {
            TemplateItem::One(t) => match one(t)? {
                Some(x) => out.push(x),
                None => return Ok(None),
            },
            TemplateItem::Splice(s) => match b.set(s) {
                Some(v) => out.extend_from_slice(v),
                None => return Ok(None),
            },
            _ => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// A = B in a play with its own checker: proved, or why not. What a play says of two games
/// it tells apart (`Apart`), and of two its definitions find equal where its rules reach no
/// proof (`Unproved`; never, `Infallible`, for a play whose rules always do), are its own;
/// the rest is read alike in every play. The aliases `MisereVerdict` and `LoopyVerdict`
/// name each play's.
#[derive(Clone, Debug)]
pub enum PlayedVerdict<Apart, Unproved = std::convert::Infallible> {
    /// A = B: the proof (checked) and the form both reach as CGSuite writes it (for the
    /// command line's text; the library's `Verdict` values the proof's result itself).
    Equal(
        Box<Proof>,
        #[cfg_attr(not(feature = "cli"), allow(dead_code))] String,
    ),
    /// A ≠ B: the forms each reaches as CGSuite writes them, and what the play says of how
    /// they differ.
    Different {
        /// A's form.
        a: String,
        /// B's form.
        b: String,
        /// How they differ, in the play's terms.
        apart: Apart,
    },
    /// Equal by the play's definitions, with no proof: what the play says of it.
    Unproved(Unproved),
}

/// Chains shorter than this are checked on one thread: a second checker reads its terms
/// afresh, which costs more than half of a short chain's check.
const TWO_THREADS_FROM: usize = 16;

/// Checks a proof of play `kind` ("misère", "loopy") with checkers made by `make`: no lemmas,
/// each step from where the chain is, the end at `result`; a failure named by its step.
///
/// With more than one of `threads`, the steps are cut into runs that the threads take in
/// turn, each thread with a checker of its own; a run starts where its previous step says
/// the chain is ([`Played::after`]), and that step is checked, in its own run, to end there.
/// So every step is checked from where the chain is, as on one thread, and the failure
/// reported is the first in the chain's order whatever the threads' timing: the same verdict
/// and the same words with any number of threads. Only a limit of work may be met at another
/// step, each checker counting its own.
pub(crate) fn check<C: Played>(
    make: impl Fn() -> C + Sync,
    threads: usize,
    kind: &str,
    chain: Chain,
) -> Result<(), CheckError> {
    let Chain {
        input,
        result,
        steps,
        lemmas,
        ..
    } = chain;
    if lemmas > 0 {
        return Err(error(
            0,
            Stop::Wrong(format!(
                "a {kind} proof cites no lemmas, and this one has some"
            )),
        ));
    }
    let threads = threads.clamp(1, (steps.len() / (TWO_THREADS_FROM / 2)).max(1));
    if threads == 1 {
        let mut c = make();
        return run(&mut c, input, result, steps, 0, steps.len());
    }
    // Runs of about equal count, several per thread: the steps' costs differ widely (a side
    // step may cost a thousand renamings), and a thread that is done takes the next run.
    let runs = (threads * 4).min(steps.len());
    let bounds: Vec<usize> = (0..=runs).map(|r| r * steps.len() / runs).collect();
    let next = AtomicUsize::new(0);
    // The first failure known so far: runs after it need not be checked.
    let first_bad = AtomicUsize::new(usize::MAX);
    let failures = Mutex::new(Vec::<(usize, CheckError)>::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut c = make();
                loop {
                    let r = next.fetch_add(1, Ordering::Relaxed);
                    if r >= runs || bounds[r] > first_bad.load(Ordering::Relaxed) {
                        break;
                    }
                    if let Err(e) = run(&mut c, input, result, steps, bounds[r], bounds[r + 1]) {
                        first_bad.fetch_min(e.step, Ordering::Relaxed);
                        if let Ok(mut f) = failures.lock() {
                            f.push((r, e));
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap_or_default();
    // A run's failure to start (at step k - 1) is the previous run's at the same step too,
    // and that one's words are those of one thread: by step, then by run.
    match failures.into_iter().min_by_key(|(r, e)| (e.step, *r)) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// The steps `from..to` of the chain, checked with `c`: from the input when `from` is 0, else
/// from where step `from - 1` says the chain is; and at the end of the chain, whether it
/// reaches `result`.
fn run<C: Played>(
    c: &mut C,
    input: &Term,
    result: &Term,
    steps: &[Step],
    from: usize,
    to: usize,
) -> Result<(), CheckError> {
    let mut at = match from {
        0 => c.start(input).map_err(|e| error(0, e))?,
        k => c.after(&steps[k - 1]).map_err(|e| error(k - 1, e))?,
    };
    for (i, s) in steps.iter().enumerate().take(to).skip(from) {
        at = c.step(&at, s).map_err(|e| error(i, e))?;
    }
    if to == steps.len() {
        c.end(&at, result).map_err(|e| error(steps.len(), e))?;
    }
    Ok(())
}

/// A failure at `step` as the checker reports it.
fn error(step: usize, stop: Stop) -> CheckError {
    match stop {
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
    }
}

/// What a play's own checker is given: the chain from `input` to `result` by `steps`, how many
/// lemmas the proof cites (a played proof cites none), and the table the terms are read from.
/// One value, so that the plays' checkers and their callers name these five once.
#[derive(Clone, Copy)]
pub(crate) struct Chain<'a> {
    pub input: &'a Term,
    pub result: &'a Term,
    pub steps: &'a [Step],
    pub lemmas: usize,
    pub table: &'a TermTable,
}

impl Proof {
    /// A proof in `play` (one with its own checker) of `input` = `result` by `steps`, their
    /// terms' entries in `terms`: it cites no lemmas, and is not checked yet.
    pub(crate) fn played(
        play: Play,
        input: Term,
        result: Term,
        steps: Vec<Step>,
        terms: TermTable,
    ) -> Proof {
        Proof {
            input,
            result,
            steps,
            lemmas: Vec::new(),
            terms,
            checked: false,
            play,
        }
    }

    /// This proof's chain, as its play's checker reads it.
    pub(crate) fn chain(&self) -> Chain<'_> {
        Chain {
            input: &self.input,
            result: &self.result,
            steps: &self.steps,
            lemmas: self.lemmas.len(),
            table: &self.terms,
        }
    }
}

/// A play's own proof checker: the chain, the rules the steps may name, and the limits.
pub(crate) type Checker = fn(Chain, &RuleSet, &CheckLimits) -> Result<(), CheckError>;

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
    match checker(p.chain(), rules, &limits) {
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

#[cfg(test)]
mod tests {
    use super::super::{loopy, misere_check, Proof};
    use super::CheckLimits;
    use super::Checker;
    use crate::kernel::Budget;
    use crate::rules::RuleSet;

    /// `p` checked by `checker` on `threads` threads: its verdict, the step and the words.
    fn verdict(
        p: &Proof,
        checker: Checker,
        rules: &RuleSet,
        threads: usize,
    ) -> Result<(), (usize, String)> {
        let limits = CheckLimits {
            threads,
            ..CheckLimits::default()
        };
        checker(p.chain(), rules, &limits).map_err(|e| (e.step, e.reason))
    }

    /// Every step of `p` forged in turn (it ends where the next step ends, skipping that
    /// one; the last one ends at the input), and two steps forged at once: each judged the
    /// same on 1, 2, 3 and 5 threads, refused at the first forged step.
    fn judged_alike(p: &Proof, checker: Checker, rules: &RuleSet) {
        let n = p.steps.len();
        assert!(n >= super::TWO_THREADS_FROM, "{n} steps: too few to split");
        for t in [1, 2, 3, 5] {
            assert_eq!(verdict(p, checker, rules, t), Ok(()), "{t} threads");
        }
        let forge = |i: usize, q: &mut Proof| {
            q.steps[i].to = match q.steps.get(i + 1) {
                Some(s) => s.to.clone(),
                None => q.input.clone(),
            };
        };
        for i in 0..n {
            let mut q = p.clone();
            forge(i, &mut q);
            let one = verdict(&q, checker, rules, 1);
            let (step, _) = one.clone().expect_err("a forged step checks");
            assert!(step == i || step == i + 1, "forged {i}, refused at {step}");
            for t in [2, 3, 5] {
                assert_eq!(
                    verdict(&q, checker, rules, t),
                    one,
                    "forged {i}, {t} threads"
                );
            }
        }
        let mut q = p.clone();
        forge(n - 3, &mut q);
        forge(2, &mut q);
        for t in [1, 2, 3, 5] {
            let (step, _) = verdict(&q, checker, rules, t).expect_err("forged steps check");
            assert!(
                step <= 3,
                "{t} threads: refused at {step}, after the first forgery"
            );
        }
    }

    #[test]
    fn a_loopy_chain_is_judged_alike_on_any_number_of_threads() {
        let t = crate::syntax::parse(r#"backsliding_toads_and_frogs("tt..ff")"#).unwrap();
        let s = loopy::simplify_loopy(&t, &Budget::default()).unwrap();
        judged_alike(&s.proof, loopy::check, &RuleSet::loopy());
    }

    #[test]
    fn a_misere_chain_is_judged_alike_on_any_number_of_threads() {
        let t = crate::syntax::parse("kayles(10)").unwrap();
        let mut m = crate::misere::Misere::default();
        let s = super::super::misere::simplify_misere(&mut m, &t).unwrap();
        judged_alike(&s.proof, misere_check::check, &RuleSet::misere());
    }
}
