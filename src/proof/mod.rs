//! Proofs of equalities between games, their independent checker, and disproofs.
//!
//! A [`Proof`] is a chain of [`Step`]s, each one rule of `rules/` applied at one position, from
//! the input term to the result. [`simplify`] builds it: a term without sums of games is one
//! engine run, read from egg's explanation; a sum is proved the way it is computed, each
//! distinct part once as a [`Lemma`] that later steps cite by number, so the proof grows with
//! the work and not with the sum's expansion. Nothing trusts the e-graph: [`Proof::check`]
//! re-verifies each step from the terms and the rule set alone (lemmas first, each citing only
//! earlier ones), and a proof read back from JSON is checked again.
//!
//! When two games differ there is no chain of rules between them; [`prove_eq_with`] then gives a
//! [`Disproof`]: who wins the difference, and a winning first move for each player who has one.
//!
//! Its parts, producer side and checker side kept apart (`tests/boundary.rs`):
//! - normal play's producer: `explain` (the engine's record read as steps), `compose` and
//!   `pipeline`/`parallel`/`incremental` (sums proved by lemmas, through `eval`), `tidy`,
//!   `table` (the proof's term table);
//! - normal play's checker: `check` with its own rule interpreter (`matcher`) and the order by
//!   the definition with its canonical forms and stops (`crate::definitional`, below `functions`,
//!   whose check of `cool`/`heat` openings decides on the same forms), under the caller's limits (`definitional::check_limits`);
//!   `thermocheck` for thermograph certificates;
//! - relations with reasons: `compare`, `play` (winning moves of a disproof);
//! - played proofs, one chain of rule steps in one frame (`played`): misère (`misere` the
//!   producer; `misere_check` and `misere_moves` its checker, P-positions by its own search)
//!   and loopy (`loopy` the producer with `loopy/write` and `loopy/open`; `loopy/read`,
//!   `loopy/graphs`, `loopy/checker`, `loopy_order` (the stopper order by survival) and
//!   `loopy_sides` (the side order) its checker);
//! - the claim that a result is final: `final_claim` (its types and naming, deciding nothing),
//!   `final_form` (the producer, deciding by the kernels), `final_check` (the checker, by the
//!   definitions);
//! - the file: `json` (the one reader and writer, the streaming check), `display` (text),
//!   `step` (a step's place and witnesses).
//!
//! ```no_run
//! use onag::{Engine, Verdict, RuleSet};
//! let engine = Engine::new(RuleSet::builtin());
//! let a = onag::parse("{0,1|2}").unwrap();
//! let b = onag::parse("3/2").unwrap();
//! match onag::prove(&a, &b, &engine).unwrap() {
//!     Verdict::Equal(p) => assert!(p.checked()),
//!     Verdict::Different(d) => panic!("{d:?}"),
//! }
//! ```

mod check;
mod compare;
mod compose;
pub(crate) mod display;
mod explain;
pub mod final_check;
pub mod final_claim;
/// The final claim's producer, which only the faces' operations (`ops`) call.
#[cfg(feature = "cli")]
pub mod final_form;
mod incremental;
pub mod json;
pub mod loopy;
mod loopy_order;
#[cfg(test)]
mod loopy_rules_tests;
mod loopy_sides;
pub(crate) mod matcher;
pub mod misere;
mod misere_check;
mod misere_moves;
#[cfg(test)]
mod misere_rules_tests;
mod parallel;
pub(crate) mod pattern;
mod pipeline;
pub mod play;
mod played;
pub mod step;
pub mod table;
pub mod thermocheck;
mod tidy;

pub use crate::definitional::inequality::{Inequality, Reason, Undecided};
pub use check::{CheckError, CheckLimit, ConditionProof};
pub use compare::{compare, Comparison};
#[cfg(feature = "cli")]
pub(crate) use misere_check::form_of as misere_form_of;
pub use play::{MoveInGames, Which};
pub use step::{PathElem, Step, Witnesses, LEMMA};
pub use table::TermTable;

use crate::definitional::check_limits::CheckLimits;
use crate::engine::{Engine, EngineError, Saturation};
use crate::kernel::{Kernel, KernelError, OutcomeClass as Class};
use crate::rules::RuleSet;
use crate::term::Term;
use std::fmt;
use std::time::Instant;

/// Proofs of at most this many steps have their term tables compacted (see `Proof::tidied`).
pub(crate) const COMPACT_UP_TO: usize = 256;

/// A proof that `input` equals `result`: each step one rule instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The term the proof starts from, as the engine holds it (notation such as `Tiny` or
    /// `3.G` written out).
    pub input: Term,
    /// The term the proof ends at.
    pub result: Term,
    /// The rule applications, in order.
    pub steps: Vec<Step>,
    /// Equalities proved once and cited by number from steps (`Step::lemma`): each option sum
    /// of a sum of games is a lemma, so a proof grows with the number of distinct sums, as the
    /// kernel's work does, rather than with the size of the sum's expansion. A lemma's steps
    /// may cite only lemmas before it.
    pub lemmas: Vec<Lemma>,
    /// The subterms written once and referred to as `#n` by the terms above (see
    /// `TermTable`); empty for a proof that writes every term out.
    pub terms: TermTable,
    /// Whether [`Proof::check`] accepted it in this process ([`Proof::checked`]). Never read
    /// from input: a proof from elsewhere is checked again. Set only by the checker's callers
    /// in this crate, so a caller cannot mark a proof checked.
    pub(crate) checked: bool,
    /// The play convention its equalities hold in: normal play (every proof the engine
    /// makes), or misère play (`onag simplify --misere`, checked by the module `proof::misere`, its own checker).
    pub play: Play,
}

pub use crate::play::Play;

impl Proof {
    /// Whether the checker accepted this proof in this process (a proof read from JSON is not,
    /// until [`Proof::verify`] accepts it).
    pub fn checked(&self) -> bool {
        self.checked
    }
}

// The caller's limits turned into a check's, and the public entry point that takes them, live
// here and not beside `CheckLimits` (`crate::definitional`, below the engine and the kernel), so
// that the checker's own files never name the engine or the kernel (tests/boundary.rs).
impl CheckLimits {
    /// A caller's limits as a check's: the time from now, the cancel flag, memory and work.
    /// The threads are the process's (`onag::set_search_threads`, `--threads`; one per core
    /// unless set), so a caller can ask for a check on one thread, whose count of work
    /// (`onag::CheckedFile::work`) is the same on every run.
    pub(crate) fn from_now(limits: &crate::engine::Limits) -> Self {
        CheckLimits {
            deadline: Instant::now().checked_add(limits.time),
            cancel: limits.cancel.clone(),
            max_memory: limits.max_memory,
            max_work: limits.max_work,
            threads: crate::threads::threads(),
            spent: Default::default(),
        }
    }

    /// A kernel budget's deadline, cancel flag and memory as a check's: the limits a producer's
    /// own check of its proof keeps (its derivation ran under the same budget). Work is not
    /// carried over: the budget counts the producer's units, not the checker's. The threads
    /// are the process's (`--threads`), as the producer's searches use.
    pub(crate) fn from_budget(b: &crate::kernel::Budget) -> Self {
        CheckLimits {
            deadline: b.deadline,
            cancel: b.cancel.clone(),
            max_memory: b.max_memory,
            max_work: u64::MAX,
            threads: crate::threads::threads(),
            spent: Default::default(),
        }
    }
}

impl Proof {
    /// [`Proof::check`](Proof::check) under a caller's [`Limits`](crate::engine::Limits): its time from
    /// now, cancel flag, memory and work. Reaching one stops the check with a [`CheckError`]
    /// whose `limit` is set: the proof was not judged.
    ///
    /// ```
    /// use onag::{Engine, Limits, RuleSet};
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let rules = RuleSet::builtin();
    /// let s = onag::simplify(&onag::parse("{0,1|2}").unwrap(), &Engine::new(rules.clone())).unwrap();
    /// assert!(s.proof.check_with(&rules, &Limits::default()).is_ok());
    /// // A cancel flag already set stops it before its first step.
    /// let cancelled = Limits { cancel: Some(Arc::new(AtomicBool::new(true))), ..Limits::default() };
    /// let e = s.proof.check_with(&rules, &cancelled).unwrap_err();
    /// assert!(e.limit.is_some() && e.reason.contains("cancelled"), "{e}");
    /// ```
    pub fn check_with(
        &self,
        rules: &RuleSet,
        limits: &crate::engine::Limits,
    ) -> Result<(), CheckError> {
        self.check_under(rules, &CheckLimits::from_now(limits))
    }
}

impl Play {
    /// The convention named `s` in a proof file, or the error both readers give.
    pub(crate) fn read(s: &str) -> Result<Play, ProofError> {
        match s {
            "normal" => Ok(Play::Normal),
            "misere" => Ok(Play::Misere),
            "loopy" => Ok(Play::Loopy),
            other => Err(ProofError::Json(format!(
                "`play` is \"normal\", \"misere\" or \"loopy\", not {other:?}"
            ))),
        }
    }
}

/// An equality proved once within a proof and cited by its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lemma {
    /// The left side.
    pub from: Term,
    /// The right side.
    pub to: Term,
    /// The steps from `from` to `to`.
    pub steps: Vec<Step>,
}

/// `steps` with every lemma index moved up by `by`, for a proof whose lemmas are put after
/// `by` others.
fn shift(steps: &[Step], by: usize) -> Vec<Step> {
    steps
        .iter()
        .map(|s| Step {
            lemma: s.lemma.map(|k| k + by),
            parts: shift(&s.parts, by),
            ..s.clone()
        })
        .collect()
}

/// A user's rule refused at its step in a producer's own check ([`ProofError::UnsoundRule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsoundRule {
    /// The rule's name.
    pub rule: String,
    /// Where the rule was written (`file:line`).
    pub written: String,
    /// The step's place in the term before it (`L0/R1`; empty for the whole term).
    pub place: String,
    /// The checker's refusal of the step.
    pub check: CheckError,
}

/// Why no proof could be produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// The engine failed (a limit, an unsupported term).
    Engine(EngineError),
    /// The kernel could not evaluate something.
    Kernel(KernelError),
    /// egg's explanation could not be read as rule steps.
    Explanation(String),
    /// The proof read from the run did not pass the checker: an engine defect, reported rather
    /// than passed off as a proof.
    Check(CheckError),
    /// A proof a producer of this library made (the loopy and misère derivations) did not
    /// pass its own checker: a defect in onag, never a verdict on the claim, so it is an
    /// internal error (exit 101), not a false claim (exit 1). A check cut short by a limit
    /// stays a limit.
    SelfCheck(CheckError),
    /// A proof a producer made (loopy, misère) did not pass its own checker at a step by a
    /// rule the caller gave, one that is not a shipped rule as shipped: that rule is not
    /// sound there. The input's fault (exit 2), not onag's, so the rule and the step are
    /// named.
    UnsoundRule(Box<UnsoundRule>),
    /// The rules did not bring the two sides to the same form although their values are equal.
    Incomplete {
        /// Where each side stopped.
        left: Box<Term>,
        /// Where each side stopped.
        right: Box<Term>,
    },
    /// The JSON text is not a proof.
    Json(String),
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |t: &Term| crate::syntax::print(t, &Default::default());
        match self {
            ProofError::Engine(e) => write!(f, "{e}"),
            ProofError::Kernel(e) => write!(f, "{e}"),
            ProofError::Explanation(s) => write!(f, "cannot read the explanation: {s}"),
            // Stopped by a limit: the proof was not judged.
            ProofError::Check(e) if e.limit.is_some() => write!(f, "the check stopped: {e}"),
            ProofError::Check(e) => write!(f, "the proof does not check: {e}"),
            ProofError::SelfCheck(e) if e.limit.is_some() => {
                write!(f, "checking the proof stopped: {e}")
            }
            ProofError::SelfCheck(e) => write!(
                f,
                "the proof onag made does not pass its own checker ({e}); this is a defect in \
                 onag, not a false claim"
            ),
            ProofError::UnsoundRule(u) => write!(
                f,
                "the rule `{}` ({}) is not sound: its step {} (at {}) does not \
                 check: {}",
                u.rule,
                u.written,
                u.check.step,
                if u.place.is_empty() {
                    "the whole term"
                } else {
                    &u.place
                },
                u.check.reason
            ),
            ProofError::Incomplete { left, right } => write!(
                f,
                "the values are equal, but the rules stop at {} and {}",
                show(left),
                show(right)
            ),
            ProofError::Json(s) => write!(f, "not a proof: {s}"),
        }
    }
}

impl std::error::Error for ProofError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProofError::Engine(e) => Some(e),
            ProofError::Kernel(e) => Some(e),
            ProofError::Check(e) | ProofError::SelfCheck(e) => Some(e),
            ProofError::UnsoundRule(u) => Some(&u.check),
            _ => None,
        }
    }
}

impl From<EngineError> for ProofError {
    fn from(e: EngineError) -> Self {
        ProofError::Engine(e)
    }
}

impl From<KernelError> for ProofError {
    fn from(e: KernelError) -> Self {
        ProofError::Kernel(e)
    }
}

/// The checker's own error reaches callers as the kernel's kinds of the same failures: a
/// limit, or a term it cannot read.
impl From<Undecided> for ProofError {
    fn from(e: Undecided) -> Self {
        ProofError::Kernel(match e {
            Undecided::Limit(which) => KernelError::Limit { which },
            Undecided::Unreadable(what) => KernelError::TooLarge { what },
        })
    }
}

impl From<CheckError> for ProofError {
    fn from(e: CheckError) -> Self {
        ProofError::Check(e)
    }
}

/// What a proof read out of a run's e-graph was doing when a limit stopped it.
const READING: &str = "reading the proof out of the e-graph";

impl Proof {
    /// The proof read from a run, not yet checked. Takes the run mutably because egg builds
    /// explanations inside the e-graph.
    pub fn from_run(s: &mut Saturation) -> Result<Proof, ProofError> {
        let watch = s.watch();
        let stop = || Ok(watch.check(READING)?);
        let (input, result, steps) = explain::steps_of(s, None, &stop)?;
        let steps = tidy::tidy(&input, steps);
        Ok(Proof {
            input,
            result,
            steps,
            lemmas: Vec::new(),
            terms: TermTable::new(),
            checked: false,
            play: Play::Normal,
        })
    }

    /// The proof of `b = a` from a proof of `a = b`: the steps read backwards.
    pub fn reversed(&self) -> Proof {
        Proof {
            input: self.result.clone(),
            result: self.input.clone(),
            steps: self.steps.iter().rev().map(Step::inverse).collect(),
            lemmas: self.lemmas.clone(),
            terms: self.terms.clone(),
            checked: false,
            play: self.play,
        }
    }

    /// The proof of `a = c` from proofs of `a = b` and `b = c`; `None` if they do not meet.
    /// They meet when `b` is the same game in both, its options perhaps listed in another
    /// order (options are sets). The lemmas of `next` follow those of `self`, renumbered, and
    /// its term table is merged into this one.
    pub fn then(&self, next: &Proof) -> Option<Proof> {
        let by = self.lemmas.len();
        let mut terms = self.terms.clone();
        let next = if next.terms.is_empty() || next.terms == self.terms {
            next.clone()
        } else {
            let map = terms.absorb(&next.terms);
            let mut moved = next.clone();
            moved.edit(&mut |t| table::renumber_in_place(t, &map), &mut |why| {
                *why = table::renumber_text(why, &map)
            });
            moved
        };
        let moved = next.lemmas.iter().map(|l| Lemma {
            steps: shift(&l.steps, by),
            ..l.clone()
        });
        let meets = terms.same(&self.result, &next.input);
        meets.then(|| Proof {
            input: self.input.clone(),
            result: next.result.clone(),
            steps: self
                .steps
                .iter()
                .cloned()
                .chain(shift(&next.steps, by))
                .collect(),
            lemmas: self.lemmas.iter().cloned().chain(moved).collect(),
            terms,
            checked: false,
            play: self.play,
        })
    }

    /// The proof with every term passed through `f` (to renumber references).
    fn map_terms(&self, f: &impl Fn(&Term) -> Term) -> Proof {
        Proof {
            input: f(&self.input),
            result: f(&self.result),
            steps: self.steps.iter().map(|s| s.map_terms(f)).collect(),
            lemmas: self
                .lemmas
                .iter()
                .map(|l| Lemma {
                    from: f(&l.from),
                    to: f(&l.to),
                    steps: l.steps.iter().map(|s| s.map_terms(f)).collect(),
                })
                .collect(),
            terms: self.terms.clone(),
            checked: false,
            play: self.play,
        }
    }

    /// Passes every term of the proof and every step's words to `f` and `g`, in place.
    fn edit(&mut self, f: &mut impl FnMut(&mut Term), g: &mut impl FnMut(&mut String)) {
        f(&mut self.input);
        f(&mut self.result);
        for s in &mut self.steps {
            s.edit(f, g);
        }
        for l in &mut self.lemmas {
            f(&mut l.from);
            f(&mut l.to);
            for s in &mut l.steps {
                s.edit(f, g);
            }
        }
    }

    /// The same proof with only the table entries its terms (and the words of its steps, which
    /// print terms) refer to, renumbered in order. Renumbers in place: no second copy of the
    /// proof is made.
    pub fn compacted(mut self) -> Proof {
        if self.terms.is_empty() {
            return self;
        }
        let mut named: Vec<Term> = Vec::new();
        self.edit(&mut |_| {}, &mut |why| {
            if why.contains('#') {
                named.extend(table::refs_in_text(why).map(Term::Ref));
            }
        });
        let mut roots: Vec<&Term> = vec![&self.input, &self.result];
        roots.extend(named.iter());
        fn step_terms<'p>(s: &'p Step, out: &mut Vec<&'p Term>) {
            out.push(&s.from);
            out.push(&s.to);
            for (_, t) in &s.witnesses.games {
                out.push(t);
            }
            for (_, ts) in &s.witnesses.sets {
                out.extend(ts.iter());
            }
            for p in &s.parts {
                step_terms(p, out);
            }
        }
        for s in &self.steps {
            step_terms(s, &mut roots);
        }
        for l in &self.lemmas {
            roots.push(&l.from);
            roots.push(&l.to);
            for s in &l.steps {
                step_terms(s, &mut roots);
            }
        }
        let (terms, map) = self.terms.compact(roots);
        // Every entry kept keeps its number (only entries after the last one used were left
        // out): no reference changes, and the walk renumbering them all is skipped.
        if map
            .iter()
            .enumerate()
            .all(|(n, &m)| m == n as u32 || m == u32::MAX)
        {
            return Proof {
                terms,
                checked: false,
                ..self
            };
        }
        self.edit(&mut |t| table::renumber_in_place(t, &map), &mut |why| {
            if why.contains('#') {
                *why = table::renumber_text(why, &map);
            }
        });
        Proof {
            terms,
            checked: false,
            ..self
        }
    }

    /// The proof [`compacted`](Proof::compacted) when it is small, as it is then read by people
    /// and costs little to compact; a large one keeps the entries its producer made on the way
    /// that no step cites, a few bytes each in its file, where compacting would walk and
    /// renumber every term of it (15% of the time of S(16)'s proof).
    ///
    /// A small proof also has its small entries written out again (`table::SMALL_WRITTEN_UP_TO`):
    /// the composer shares every part above `table::SHARE_ABOVE` nodes, which is what makes a
    /// large proof cheap, but a small one reads best, in every format, with `{3|1}` written
    /// where it stands.
    fn tidied(mut self, rules: &RuleSet) -> Proof {
        if self.size() > COMPACT_UP_TO {
            return self;
        }
        if !self.terms.is_empty() {
            let terms = std::mem::take(&mut self.terms);
            let max = table::SMALL_WRITTEN_UP_TO as usize;
            self.edit(&mut |t| *t = terms.written(t, max), &mut |_| {});
            explain::reword(&mut self.steps, rules);
            for l in &mut self.lemmas {
                explain::reword(&mut l.steps, rules);
            }
            self.terms = terms;
        }
        self.compacted()
    }

    /// The same proof for a reader: every reference to an entry of at most `max` nodes
    /// written out, in its terms and in its steps' words, so only large parts keep their
    /// `#n` names (the table is compacted to those). The proof stores parts larger than
    /// `table::SHARE_ABOVE` in its table, which is what keeps producing and checking it
    /// cheap; people read small parts best written out (`table::READ_UP_TO`).
    pub fn readable(&self, max: u64) -> Proof {
        self.clone().into_readable(max)
    }

    /// [`Proof::readable`] of a proof the caller no longer needs: no copy of its steps and
    /// table is made (a misère derivation's proof of tens of megabytes spent a sixth of its
    /// time copying itself).
    ///
    /// The result is [`Proof::compacted`]: the entries its terms and words still name are
    /// found first, on the proof as it is (references not yet written out, so the walk is
    /// short), and the terms are written out and renumbered in one walk. Compacting after
    /// writing out walked the written-out proof twice more: a sixth of `simplify`'s text of
    /// Σ_{k≤16} {k|−k}.
    pub fn into_readable(mut self, max: u64) -> Proof {
        if self.terms.is_empty() {
            return self;
        }
        let terms = std::mem::take(&mut self.terms);
        let found = std::cell::RefCell::new((vec![false; terms.len()], Vec::new()));
        self.edit(
            &mut |t| {
                let (seen, kept) = &mut *found.borrow_mut();
                terms.kept_by_written(t, max as usize, seen, kept);
            },
            &mut |why| {
                if why.contains('#') {
                    let (seen, kept) = &mut *found.borrow_mut();
                    terms.kept_in_text(why, max, seen, kept);
                }
            },
        );
        let roots: Vec<Term> = found.into_inner().1.into_iter().map(Term::Ref).collect();
        let (compact, map) = terms.compact(&roots);
        // As `compacted`: when every entry kept keeps its number, nothing is renumbered.
        let same = map
            .iter()
            .enumerate()
            .all(|(n, &m)| m == n as u32 || m == u32::MAX);
        let map: &[u32] = if same { &[] } else { &map };
        // Both closures write out entries: each entry once, for both.
        let cache = std::cell::RefCell::new(crate::term_table::Written::default());
        self.edit(
            &mut |t| *t = terms.written_with(t, max as usize, map, &mut cache.borrow_mut()),
            &mut |why| {
                if why.contains('#') {
                    *why = table::write_out_text_with(why, &terms, max, &mut cache.borrow_mut());
                    if !same && why.contains('#') {
                        *why = table::renumber_text(why, map);
                    }
                }
            },
        );
        Proof {
            terms: compact,
            checked: false,
            ..self
        }
    }

    /// The same proof with no term table: every `#n` written out, when no term then takes
    /// more than `max` nodes. It checks exactly when this one does; small proofs are
    /// easiest to read this way.
    pub fn written_out(&self, max: usize) -> Option<Proof> {
        let too_large = std::cell::Cell::new(false);
        let p = self.map_terms(&|t| {
            self.terms.expand(t, max).unwrap_or_else(|| {
                too_large.set(true);
                t.clone()
            })
        });
        (!too_large.get()).then_some(Proof {
            terms: TermTable::new(),
            ..p
        })
    }

    /// `t` with its references written out, when that takes at most `max` nodes.
    pub fn expand(&self, t: &Term, max: usize) -> Option<Term> {
        self.terms.expand(t, max)
    }

    /// How many steps the proof has, its lemmas' steps included.
    pub fn size(&self) -> usize {
        self.steps.len() + self.lemmas.iter().map(|l| l.steps.len()).sum::<usize>()
    }
}

/// The proof that a run's input equals its result, checked against `rules` (the rules the
/// engine ran with).
pub fn proof_of_simplification(s: &mut Saturation, rules: &RuleSet) -> Result<Proof, ProofError> {
    let watch = s.watch();
    let stop = || Ok(watch.check(READING)?);
    let (input, result, steps) = explain::steps_of(s, Some(rules), &stop)?;
    let steps = tidy::tidy(&input, steps);
    let mut p = Proof {
        input,
        result,
        steps,
        lemmas: Vec::new(),
        terms: TermTable::new(),
        checked: false,
        play: Play::Normal,
    };
    p.verify(rules)?;
    Ok(p)
}

/// A term simplified as far as the rules go, with the proof of each step.
///
/// ```
/// use onag::{Engine, RuleSet};
/// let fundamental = Engine::new(RuleSet::builtin().select("fundamental").unwrap());
/// let s = onag::simplify(&onag::parse("{0|5}").unwrap(), &fundamental).unwrap();
/// assert!(s.canonical && s.stuck.is_none());
/// assert_eq!(s.result().to_string(), "1");
/// // Seed 004's derivation: 5 reverses through 4 (4 >= {0|5}), so {0|5} = {0|} = 1.
/// assert!(s.proof.to_string().contains("by reversible-right at the top"));
/// // Without the rules for numbers the run stops short, and says where and why.
/// let bare = Engine::new(RuleSet::builtin().select("dominated-left").unwrap());
/// let s = onag::simplify(&onag::parse("{0|5}").unwrap(), &bare).unwrap();
/// assert!(!s.canonical && s.stuck.is_some());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simplification {
    /// The checked proof from the input (notation written out) to the result.
    pub proof: Proof,
    /// Whether the result is the canonical form.
    pub canonical: bool,
    /// Why the rules stopped short of the canonical form: `Some` exactly when `canonical` is
    /// false.
    pub stuck: Option<String>,
}

/// The reason a simplification stopped short, given whenever it did.
fn stuck_reason(canonical: bool, why: Option<String>) -> Option<String> {
    (!canonical).then(|| why.unwrap_or_else(|| "the chosen rules apply no further".into()))
}

impl Simplification {
    /// Where the rules ended.
    pub fn result(&self) -> &Term {
        &self.proof.result
    }
}

/// Simplifies `t` with `engine` and proves every step; the proof is checked before it is
/// returned. A sum of two games that are not closed forms is proved by lemmas, one for each
/// distinct sum met on the way (see [`Proof::lemmas`]), so its proof grows with the work
/// rather than with the expansion; anything else is one engine run, explained.
///
/// ```
/// use onag::Engine;
/// use onag::RuleSet;
/// let engine = Engine::new(RuleSet::builtin());
/// let t = onag::parse("{1|-1} + {2|-2} + {3|-3}").unwrap();
/// let s = onag::simplify(&t, &engine).unwrap();
/// assert!(s.canonical && s.proof.checked());
/// // Each distinct sum of options is proved once, as a lemma, and cited.
/// assert!(!s.proof.lemmas.is_empty());
/// assert_eq!(onag::print(s.result(), &Default::default()), "{6|4||2|0|||0|-2||-4|-6}");
/// ```
pub fn simplify(t: &Term, engine: &Engine) -> Result<Simplification, ProofError> {
    let (mut s, verdict, _) = composed(t, engine, false, |_| ())?;
    match verdict.map(|(v, ())| v) {
        Some(v) => {
            s.proof.checked = v.is_ok();
            v?;
        }
        None => s.proof.verify_parallel(engine.rules())?,
    }
    Ok(s)
}

/// [`simplify`] and the proof written as JSON ([`Proof::to_json`]). A proof checked while it
/// was made has its lemmas' lines written as the checker thread hands them back (the rest
/// after), and is returned without its lemmas: they are in the text.
/// Otherwise the writing is done while the proof is checked (the two are independent;
/// `onag simplify --format json` spent a tenth of its time writing after the check). The text
/// says `"checked": true` and is returned only when the check passed; in pieces, so that a
/// large one is written out without being copied into one string first.
#[cfg(any(test, feature = "cli"))]
pub(crate) fn simplify_as_json_text(
    t: &Term,
    engine: &Engine,
) -> Result<(Simplification, json::ProofText), ProofError> {
    // The text before the lemmas and the claim that the result is final need only what the
    // composer made: they are written while the checker thread checks the last lemmas (after
    // it, they were a tail of the run on one core, Σ_{k≤12} {k|−k}: 90 M instructions). The
    // text says the proof is checked; it is returned only if it is.
    let (mut s, verdict, lines) = composed(t, engine, true, |p| {
        p.checked = true;
        (p.json_head(), final_form::claim(p))
    })?;
    if let Some((v, (head, claim))) = verdict {
        s.proof.checked = v.is_ok();
        v?;
        let mut json = Proof::with_head(head, lines);
        json.claim = Some(claim);
        return Ok((s, json));
    }
    s.proof.checked = true;
    let proof = &s.proof;
    let (verdict, json) = std::thread::scope(|scope| {
        let writer = scope.spawn(|| proof.to_json());
        let verdict = proof.check_parallel(engine.rules());
        (verdict, writer.join())
    });
    s.proof.checked = verdict.is_ok();
    verdict?;
    let json =
        json.map_err(|_| ProofError::Explanation("the JSON writer stopped unexpectedly".into()))?;
    Ok((s, json::ProofText::whole(json)))
}

/// [`simplify_as_json_text`] with the text in one string.
#[cfg(test)]
pub(crate) fn simplify_as_json(
    t: &Term,
    engine: &Engine,
) -> Result<(Simplification, String), ProofError> {
    simplify_as_json_text(t, engine).map(|(s, text)| (s, text.into_string()))
}

/// The composer's proof of `t`, lemmas and table attached, and the verdict on it when it was
/// checked while it was made (a large proof: `pipeline.rs`); `None` when it is still to be
/// checked. The composer is gone when this returns, so its memo is not held through a check.
/// With `lines`, a proof checked while it was made comes with its lemmas' lines of the file
/// (`json::lemma_line_worded`), written as the checker thread handed them back, instead of
/// its lemmas: they are in the lines (Σ_{k≤30} {k|−k} held its lemmas' steps and its whole
/// text at once, then their statements beside the lines).
/// `meanwhile` is given the proof (its lemmas not attached yet) while the check of a large
/// one finishes on the other threads, and what it returns comes with the verdict.
#[allow(clippy::type_complexity)]
fn composed<R>(
    t: &Term,
    engine: &Engine,
    lines: bool,
    meanwhile: impl FnOnce(&mut Proof) -> R,
) -> Result<
    (
        Simplification,
        Option<(Result<(), CheckError>, R)>,
        Vec<String>,
    ),
    ProofError,
> {
    let mut c = compose::Composer::new(engine);
    c.pipeline = true;
    c.lines = lines;
    let mut s = simplify_with(t, engine, &mut c)?;
    let lemmas = std::mem::take(&mut c.lemmas);
    let feed = c.feed.take();
    let terms = c.take_terms();
    let p = &s.proof;
    let finishing = feed.map(|f| f.finish(&terms, &p.input, &p.result, &p.steps));
    // Freed while the checker thread does the last lemmas.
    drop(c);
    if let Some(finishing) = finishing {
        // Lemmas are handed over only until the composer finishes: none is left behind.
        debug_assert!(lemmas.is_empty());
        s.proof.terms = terms;
        // The waiting (handing the checked lemmas on to the writer) takes a thread of its
        // own, so that this one is free for `meanwhile`.
        let (waited, extra) = std::thread::scope(|scope| {
            let waiting = scope.spawn(move || finishing.wait());
            let extra = meanwhile(&mut s.proof);
            (waiting.join(), extra)
        });
        let (settled, v) = waited.map_err(|_| {
            ProofError::Explanation("the thread waiting for the check stopped unexpectedly".into())
        })?;
        s.proof.lemmas = settled.lemmas;
        // Not tidied: the checker thread starts only once the lemmas hold more than
        // `COMPACT_UP_TO` steps, and `tidied` leaves such a proof as it is.
        return Ok((s, Some((v, extra)), settled.lines.unwrap_or_default()));
    }
    s.proof.lemmas = lemmas;
    s.proof.terms = terms;
    s.proof = s.proof.tidied(engine.rules());
    Ok((s, None, Vec::new()))
}

/// [`simplify`] with a composer the caller may use again (both sides of an equality share
/// one term table and one memo of parts), not yet checked. The proof's steps may cite the
/// composer's lemmas, which the caller attaches (with its term table).
fn simplify_with(
    t: &Term,
    engine: &Engine,
    c: &mut compose::Composer,
) -> Result<Simplification, ProofError> {
    let written = crate::engine::notation::written_out(t, engine.limits())?;
    if !c.wants(&written) {
        let mut s = engine.saturate(t)?;
        let watch = s.watch();
        let stop = || Ok(watch.check(READING)?);
        let (input, result, steps) = explain::steps_of(&mut s, Some(engine.rules()), &stop)?;
        let steps = tidy::tidy(&input, steps);
        let proof = Proof {
            input,
            result,
            steps,
            lemmas: Vec::new(),
            terms: TermTable::new(),
            checked: false,
            play: Play::Normal,
        };
        return Ok(Simplification {
            proof,
            canonical: s.canonical,
            stuck: stuck_reason(s.canonical, s.stuck),
        });
    }
    let (result, mut steps) = c.simplify(&written)?;
    explain::chained(&written, &mut steps);
    explain::write_reasons(&mut steps, engine.rules());
    let canonical = c.is_canonical(&result);
    // The answer is written out where it is small, as it reads best (the proof stores parts
    // above `SHARE_ABOVE` nodes in its table; the chain ends at it all the same).
    let result = c.written(&result, table::READ_UP_TO);
    let proof = Proof {
        input: written,
        result,
        steps,
        lemmas: Vec::new(),
        terms: TermTable::new(),
        checked: false,
        play: Play::Normal,
    };
    let stuck = stuck_reason(canonical, c.stuck.take());
    Ok(Simplification {
        proof,
        canonical,
        stuck,
    })
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left.
    Left,
    /// Right.
    Right,
}

/// A winning first move in `a − b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// Who moves.
    pub player: Player,
    /// The position after the move: an option of the canonical form of `a − b`, whose value is
    /// ≥ 0 for Left (Left wins moving second from it) or ≤ 0 for Right.
    pub position: Term,
    /// The outcome class of that position.
    pub outcome: Class,
}

/// Why two games differ: the outcome of their difference and the moves that win it.
///
/// ```
/// use onag::{Engine, OutcomeClass, Player, RuleSet, Verdict};
/// let engine = Engine::new(RuleSet::builtin());
/// let (a, b) = (onag::parse("^").unwrap(), onag::parse("*").unwrap());
/// let Verdict::Different(d) = onag::prove(&a, &b, &engine).unwrap() else { panic!() };
/// let onag::Evidence::Normal(d) = d.evidence else { panic!() };
/// // ^ - * = ^*, a first-player win: Left moves to 0 (or *), Right to 0.
/// assert_eq!(d.outcome, OutcomeClass::N);
/// assert_eq!(d.difference.to_string(), "^*");
/// assert!(d.moves.iter().any(|m| m.player == Player::Left));
/// assert!(d.to_string().starts_with("a - b = ^*: whoever moves first wins it (outcome N)."));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disproof {
    /// The canonical form of `a − b`.
    pub difference: Term,
    /// Its outcome class: never P (that would mean `a = b`).
    pub outcome: Class,
    /// A winning first move for each player who wins `a − b` moving first.
    pub moves: Vec<WinningMove>,
    /// The same players' winning first moves told as moves in `a` or in `b` as written
    /// (`play`): which game, which part, to what.
    pub in_games: Vec<MoveInGames>,
}

/// Either a proof of `a = b` or the evidence that `a ≠ b`. Printed, it is the proof's
/// derivation or the disproof's sentences, as `onag prove` writes them.
///
/// ```
/// use onag::{Engine, RuleSet, Verdict};
/// let engine = Engine::new(RuleSet::builtin());
/// let v = onag::prove(&onag::parse("{1|1}").unwrap(), &onag::parse("1*").unwrap(), &engine).unwrap();
/// assert!(matches!(v, Verdict::Equal(ref p) if p.checked()));
/// let text = v.to_string();
/// assert!(text.starts_with("    {1|1}\n  = "), "{text}");
/// assert!(text.contains("proved: {1|1} = 1* ("), "{text}");
/// ```
// A proof is returned once per call, and matched by value; a box would only add a step.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `a = b`: a's simplification followed by b's read backwards.
    Equal(Proof),
    /// `a ≠ b`.
    Different(Disproof),
}

/// Proves `a = b` by simplifying both to the same form with the caller's engine (its rules,
/// limits and cancel flag), or shows `a ≠ b` by the play of `a − b`.
pub fn prove_eq_with(a: &Term, b: &Term, engine: &Engine) -> Result<Verdict, ProofError> {
    let rules = engine.rules();
    let mut k = Kernel::new();
    // The values and a disproof's play are computed here, not in a run: they get the command's
    // limits themselves (a disproof of a large sum could otherwise outlive its time limit).
    k.set_budget(engine.limits().budget_from_now());
    let ga = k.eval(a)?;
    let gb = k.eval(b)?;
    if ga != gb {
        return Ok(Verdict::Different(disprove(&mut k, a, b)?));
    }
    // Both sides are simplified with one composer: a part met on both sides is proved once,
    // and both sides' terms share one table.
    let mut c = compose::Composer::new(engine);
    let sa = simplify_with(a, engine, &mut c)?;
    let sb = simplify_with(b, engine, &mut c)?;
    let lemmas = std::mem::take(&mut c.lemmas);
    let mut terms = c.take_terms();
    let incomplete = |sa: &Simplification, sb: &Simplification| ProofError::Incomplete {
        left: Box::new(sa.result().clone()),
        right: Box::new(sb.result().clone()),
    };
    // Two canonical forms of one value can still be written differently (`v*`, `{0|0,*}`);
    // opening the closed forms by their definitions brings them together.
    let bridge: Vec<Step> = if terms.same(sa.result(), sb.result()) {
        Vec::new()
    } else if sa.canonical && sb.canonical {
        let too_large = || incomplete(&sa, &sb);
        let ra = terms
            .expand(sa.result(), MAX_JOINED)
            .ok_or_else(too_large)?;
        let rb = terms
            .expand(sb.result(), MAX_JOINED)
            .ok_or_else(too_large)?;
        let mut j = engine.join(&ra, &rb)?.ok_or_else(too_large)?;
        let input = j.run.input;
        let watch = j.run.watch();
        let stop = || Ok(watch.check(READING)?);
        let (ia, ra, sa_steps) =
            explain::run_steps(&mut j.run, input, &j.meet.0, Some(rules), &stop)?;
        let (ib, rb, sb_steps) =
            explain::run_steps(&mut j.run, j.b, &j.meet.1, Some(rules), &stop)?;
        let to_meet = Proof {
            input: ia,
            result: ra,
            steps: sa_steps,
            lemmas: Vec::new(),
            terms: TermTable::new(),
            checked: false,
            play: Play::Normal,
        };
        let from_meet = Proof {
            input: ib,
            result: rb,
            steps: sb_steps,
            lemmas: Vec::new(),
            terms: TermTable::new(),
            checked: false,
            play: Play::Normal,
        }
        .reversed();
        to_meet
            .then(&from_meet)
            .ok_or_else(|| ProofError::Explanation("the join does not meet".into()))?
            .steps
    } else {
        return Err(incomplete(&sa, &sb));
    };
    let (pa, pb) = (sa.proof, sb.proof);
    let steps: Vec<Step> = pa
        .steps
        .into_iter()
        .chain(bridge)
        .chain(pb.steps.iter().rev().map(Step::inverse))
        .collect();
    // The two halves may pass through the same terms: cut the loop at the seam.
    let steps = tidy::tidy(&pa.input, steps);
    let mut p = Proof {
        input: pa.input,
        result: pb.input,
        steps,
        lemmas,
        terms,
        checked: false,
        play: Play::Normal,
    }
    .tidied(rules);
    p.verify_parallel(rules)?;
    Ok(Verdict::Equal(p))
}

/// The largest canonical form, written out, that two differently written canonical forms are
/// joined at by opening their closed forms.
const MAX_JOINED: usize = 200_000;

/// The evidence that `a ≠ b`, from the kernel: the difference's outcome, and for each player who
/// wins it moving first, an option that wins (Definition 2.5 of seed 002: G ≤ 0 unless some
/// G^L ≥ 0, so Left wins moving first exactly when such an option exists).
pub fn disprove(k: &mut Kernel, a: &Term, b: &Term) -> Result<Disproof, ProofError> {
    let ga = k.eval(a)?;
    let gb = k.eval(b)?;
    let nb = k.neg(gb);
    let d = k.add(ga, nb)?;
    let zero = k.number(&crate::number::Dyadic::zero());
    let outcome = k.outcome(d)?;
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        let wins_first = match player {
            Player::Left => matches!(outcome, Class::L | Class::N),
            Player::Right => matches!(outcome, Class::R | Class::N),
        };
        if !wins_first {
            continue;
        }
        // Options are opened only for a player who wins: a huge closed form may refuse.
        let options = match player {
            Player::Left => k.left_options(d)?,
            Player::Right => k.right_options(d)?,
        };
        for o in options {
            // A winning move for Left lands on a position ≥ 0; for Right, ≤ 0.
            let wins = match player {
                Player::Left => k.le(zero, o)?,
                Player::Right => k.le(o, zero)?,
            };
            if wins {
                moves.push(WinningMove {
                    player,
                    position: k.to_shared_term(o, WRITTEN_OUT_UP_TO),
                    outcome: k.outcome(o)?,
                });
                break;
            }
        }
    }
    let mut in_games = Vec::new();
    for m in &moves {
        in_games.extend(play::winning_move_in_games(k, a, b, m.player)?);
    }
    Ok(Disproof {
        difference: k.to_shared_term(d, WRITTEN_OUT_UP_TO),
        outcome,
        moves,
        in_games,
    })
}

/// The most nodes a disproof writes a value with as a tree; a larger canonical form (Σ40's
/// has 2^40 leaves) is written shared, each repeated part named once, so a false claim about a
/// large sum is answered in the size of its distinct parts instead of exhausting memory.
const WRITTEN_OUT_UP_TO: u64 = 1 << 16;

#[cfg(test)]
pub(crate) mod tests;
