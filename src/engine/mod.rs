//! The rewrite engine: game terms in an egg e-graph, simplified by the rules of `rules/`.
//!
//! The engine holds no simplification of its own; it only knows how to run rules:
//!
//! * **Active forms.** Each class has a *head*, the form the rules are working on (at first the
//!   term it was built from; after each rewrite, its result), and on demand an *inside form*:
//!   the opened definition of a closed form such as `5` (`{4|}`), used only when a rule must look
//!   at a closed form's options. Rules run on active forms only, in priority order, one rewrite
//!   per form per round, innermost options first. So k dominated options give k steps, never 2^k
//!   subsets, and `1000000` is opened one level when a rule needs it, never a million.
//! * **Side conditions** are decided by the kernel from each class's value (the analysis). The
//!   kernel never builds a term: every form in the e-graph was built by a rule's `yield`.
//! * **Every union is a literal rule instance**: the rewritten term is rebuilt from the very ids
//!   the match used (`add_uncanonical`), and the union is labelled `rule#step`, with the match's
//!   witnesses kept in [`Run::steps`]. egg's explanations are on, so the proof layer can recover
//!   the chain of steps from the input to the result.
//!
//! Its parts: `lang` (the egg language), `notation` (notation written out), `analysis` (each
//! class's kernel value), `matcher` (the e-graph as the rule evaluator sees it), `rounds` (the
//! rounds of rule application), `limits` (time, memory, e-nodes, rounds, and the errors that
//! report them), `extract` (extraction and the canonical-form check).
//!
//! ```
//! use onag::Engine;
//! use onag::RuleSet;
//! let engine = Engine::new(RuleSet::builtin());
//! let t = onag::parse("{0,1|2}").unwrap();
//! let out = engine.saturate(&t).unwrap();
//! assert!(out.canonical);
//! assert_eq!(out.result.to_string(), "3/2");
//! ```

pub mod analysis;
mod extract;
pub mod lang;
mod limits;
pub mod matcher;
pub mod notation;
mod rounds;

pub use extract::is_canonical;
use limits::*;
pub use limits::{EngineError, Limits, Watch, TOO_LARGE};

use crate::eval::{Built, Stop as EvalStop};
use crate::kernel::{Budget, GameId, Kernel};
use crate::number::Dyadic;
use crate::play::Play;
use crate::rules::{Rule, RuleKind, RuleSet, Template};
use crate::term::Term;
use analysis::CgAnalysis;
use egg::{CostFunction, EGraph, Extractor, Id, Language, RecExpr};
use lang::{expr_to_term, Cg, Leaf};
use matcher::{find_match, Binds, Graph, Inside};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::{Cell, RefCell};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One rule application: the union of `from` (the matched instance) with `to` (the result).
#[derive(Clone, Debug)]
pub struct StepRecord {
    /// The rule's name.
    pub rule: String,
    /// The instance the rule matched (an id whose `id_to_expr` is exactly it).
    pub from: Id,
    /// What it became.
    pub to: Id,
    /// What the match bound: the witnesses of the side conditions.
    pub(crate) binds: Binds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Role {
    Head,
    Inside,
    /// A node of the class that is neither its head nor its inside form: a sum or negation
    /// that congruence merged into a class whose head is a game. Rewriting it can only offer
    /// the class a better head.
    Other,
}

#[derive(Clone, Debug)]
struct State {
    head: Cg,
    inside: Option<Cg>,
}

fn rank(n: &Cg) -> (u8, usize) {
    match n {
        Cg::Leaf(Leaf::Nus { .. }) => (0, 0),
        Cg::Game { kids, .. } => (1, kids.len()),
        _ => (2, 0),
    }
}

/// A finished run: the e-graph with its explanations, and the record of every rule application.
pub struct Run {
    /// The e-graph, explanations on (its node type is the engine's own; see [`Run::nodes`]).
    pub(crate) egraph: Graph,
    /// Every rule application, indexed by the number after `#` in the union's label.
    pub steps: Vec<StepRecord>,
    /// The id of the input term.
    pub input: Id,
    /// Rounds of rule application.
    pub rounds: usize,
    /// The term the run started from.
    pub start: Term,
    /// Further terms the rules work on beside the input ([`Engine::join`]).
    roots: Vec<Id>,
    /// The limits checked between the forms of a round and while the input is added, so one
    /// long round or one huge input cannot run far past them.
    guard: Guard,
    states: FxHashMap<Id, State>,
    wants: RefCell<Vec<Id>>,
    /// Every active form each class has had, by (class, role, form with options sorted): a rule
    /// that would bring a form back is going round in a circle.
    visited: FxHashSet<(Id, Role, Cg)>,
    /// A limit the evaluator reached deciding a condition or building a result (the kernel's
    /// budget): the run ends with it, it is never taken for a failed condition.
    halted: RefCell<Option<String>>,
}

/// Opaque: an e-graph with its explanations and the record of its rule applications.
impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run").finish_non_exhaustive()
    }
}

/// What applying one match did.
enum Applied {
    /// The active form moved.
    Changed,
    /// The result is the form the match started from.
    Identity,
    /// The result could not be built (a built-in was out of its range).
    Failed,
}

/// Two terms brought together by [`Engine::join`].
pub struct Joined {
    /// The run; its input is the first term.
    pub run: Run,
    /// The class of the second term.
    pub b: Id,
    /// Where they meet: a form of the first term's class and a form of the second's, the same
    /// game up to the order of options (the same term when the classes merged).
    pub meet: (Term, Term),
}

/// What [`Engine::saturate`] reached by saturation, before any proof is built from it
/// ([`crate::Simplification`] is the proved result).
pub struct Saturation {
    /// The input.
    pub input: Term,
    /// The simplest form the rules reached.
    pub result: Term,
    /// Whether `result` is the canonical form (the kernel's, compared form by form).
    pub canonical: bool,
    /// When not canonical: where the rules stopped short, in words.
    pub stuck: Option<String>,
    /// The last run, for proofs and statistics.
    pub run: Run,
    /// The runs before it, when a run was trapped and a fresh one took over (see
    /// [`Engine::saturate`]); empty for most inputs.
    pub earlier: Vec<Run>,
}

/// What was reached (the runs themselves are opaque).
impl std::fmt::Debug for Saturation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Saturation")
            .field("input", &self.input)
            .field("result", &self.result)
            .field("canonical", &self.canonical)
            .field("stuck", &self.stuck)
            .finish_non_exhaustive()
    }
}

/// The engine: a rule set, limits, and the play its calls work in.
#[derive(Clone, Debug)]
pub struct Engine {
    rules: RuleSet,
    limits: Limits,
    play: Play,
}

impl Default for Engine {
    /// The shipped rules (`RuleSet::builtin`), the default limits, normal play.
    fn default() -> Self {
        Engine::new(RuleSet::builtin())
    }
}

impl Engine {
    /// An engine using these rules with default limits, in normal play.
    #[must_use]
    pub fn new(rules: RuleSet) -> Self {
        Engine {
            rules,
            limits: Limits::default(),
            play: Play::Normal,
        }
    }

    /// Sets the play the library's calls (`onag::simplify`, `onag::prove`, `onag::compare`,
    /// `onag::evaluate`, [`Engine::simplify`]) work in. [`Engine::saturate`] is the
    /// normal-play e-graph run, whatever the play.
    #[must_use]
    pub fn with_play(mut self, play: Play) -> Self {
        self.play = play;
        self
    }

    /// The play the library's calls work in.
    pub fn play(&self) -> Play {
        self.play
    }

    /// Replaces the limits.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The rule set the engine runs.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    /// Saturates a term with the rules as far as they go: the e-graph run itself, each rule
    /// applied and its witnesses recorded, without a proof ([`crate::proof_of_simplification`]
    /// builds one from it) and in normal play only. Most callers want
    /// [`Engine::simplify`], which returns the checked [`crate::Simplification`] in the engine's
    /// play, as `onag::simplify` does.
    ///
    /// A run can get trapped: merging equal classes may leave a class whose only game forms
    /// lead back to the class itself (0 = {|1} with 1 = {0|}), where every bypass rebuilds the
    /// form it started from. The same term put into a fresh e-graph has no such history, so a
    /// run that stops short of the canonical form is followed by a fresh run from the simplest
    /// term it reached, as long as that term is new. The proof chains the runs.
    pub fn saturate(&self, input: &Term) -> Result<Saturation, EngineError> {
        let (reduce, open) = self.by_kind();
        let start = Instant::now();
        let mut earlier: Vec<Run> = Vec::new();
        let mut tried: FxHashSet<Term> = FxHashSet::default();
        let mut from = input.clone();
        let mut rounds = 0;
        loop {
            tried.insert(from.clone());
            let mut run = Run::new(from.clone(), &self.limits, start);
            run.input = run.add_term(&from, &self.limits)?;
            let cap = Some(ROUNDS_BEFORE_FRESH_START);
            if !self.saturate_run(&mut run, &reduce, &open, start, rounds, cap)? {
                // Still growing after many rounds: most likely lost among its own merges
                // (under the fundamental rules, -1 + {|*2} + ^ grows for minutes), while a
                // fresh run from the simplest term reached finishes at once.
                // Not when a limit is due, or on an e-graph too large to extract from quickly:
                // the run then goes on as it would have, under its limits.
                let fresh = earlier.len() < MAX_RESTARTS
                    && run.interrupt().is_none()
                    && run.egraph.nodes().len() <= MAX_EXTRACTED;
                let best = if fresh {
                    run.best_within(run.input, MAX_PRINTED)
                        .filter(|t| !tried.contains(t))
                } else {
                    None
                };
                if let Some(best) = best {
                    rounds += run.rounds;
                    earlier.push(run);
                    from = best;
                    continue;
                }
                self.saturate_run(&mut run, &reduce, &open, start, rounds, None)?;
            }
            rounds += run.rounds;
            let (result, verdict) = run.result();
            let next = match &verdict {
                Ok(()) => None,
                Err(_) if earlier.len() >= MAX_RESTARTS => None,
                Err(_) => Some(run.best(run.input)).filter(|t| !tried.contains(t)),
            };
            match next {
                Some(next) => {
                    earlier.push(run);
                    from = next;
                }
                None => {
                    run.release_kernel();
                    let (canonical, stuck) = match verdict {
                        Ok(()) => (true, None),
                        Err(why) => (false, Some(why)),
                    };
                    return Ok(Saturation {
                        input: input.clone(),
                        result,
                        canonical,
                        stuck,
                        run,
                        earlier,
                    });
                }
            }
        }
    }

    /// The reducing and the opening rules, each in priority order.
    pub(crate) fn by_kind(&self) -> (Vec<&Rule>, Vec<&Rule>) {
        let of = |kind: RuleKind| {
            let mut v: Vec<&Rule> = self
                .rules
                .rules()
                .iter()
                .filter(|r| r.kind == kind)
                .collect();
            v.sort_by_key(|r| r.priority);
            v
        };
        (of(RuleKind::Reduce), of(RuleKind::Open))
    }

    /// Brings two terms of the same value into one e-class, when simplifying each alone left
    /// them written differently: a closed form such as `v*` and its game form `{0|0,*}` are
    /// both canonical, and no rule folds the one into the other. Both go into one e-graph, and
    /// the closed forms met on the way are opened by their definitions, a level at a time,
    /// until the two classes meet. The run returned explains `a ≡ b` (its input is `a`); `None`
    /// if they do not meet.
    pub(crate) fn join(&self, a: &Term, b: &Term) -> Result<Option<Joined>, EngineError> {
        let (reduce, open) = self.by_kind();
        let start = Instant::now();
        let mut run = Run::new(a.clone(), &self.limits, start);
        run.input = run.add_term(a, &self.limits)?;
        let rb = run.add_term(b, &self.limits)?;
        run.roots.push(rb);
        let mut rounds = 0;
        for _ in 0..MAX_OPENINGS {
            self.saturate_run(&mut run, &reduce, &open, start, rounds, None)?;
            rounds = run.rounds;
            if run.egraph.find(run.input) == run.egraph.find(rb) {
                run.release_kernel();
                return Ok(Some(Joined {
                    b: rb,
                    meet: (b.clone(), b.clone()),
                    run,
                }));
            }
            // Options are sets: forms that differ only in the order of their options meet.
            if let Some(meet) = run.meet(run.input, rb, 0) {
                run.release_kernel();
                return Ok(Some(Joined { b: rb, meet, run }));
            }
            if !run.want_closed_forms_open() {
                break;
            }
        }
        Ok(None)
    }

    /// Applies rules to the run's terms until nothing changes (`true`), a limit is reached (an
    /// error), or the run has had `cap` rounds (`false`). `start` and `rounds_before` count what
    /// earlier runs of the same simplification used.
    fn saturate_run(
        &self,
        run: &mut Run,
        reduce: &[&Rule],
        open: &[&Rule],
        start: Instant,
        rounds_before: usize,
        cap: Option<usize>,
    ) -> Result<bool, EngineError> {
        let first = run.rounds;
        loop {
            if cap.is_some_and(|c| run.rounds - first >= c) {
                return Ok(false);
            }
            let changed = run.round(reduce, open) || run.round_others(reduce);
            run.egraph.rebuild();
            run.rekey();
            run.rounds += 1;
            if let Some(u) = run
                .egraph
                .analysis
                .unsound
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone()
            {
                let last: Vec<String> = run
                    .steps
                    .iter()
                    .rev()
                    .take(3)
                    .map(|s| s.rule.clone())
                    .collect();
                return Err(EngineError::Unsound(format!(
                    "{u}; the last rules applied were {}",
                    last.join(", ")
                )));
            }
            if !changed {
                return Ok(true);
            }
            let stop = run.interrupt();
            if let Some(Stop::Cancel) = stop {
                let reached = run.reached();
                return Err(EngineError::Interrupted { reached });
            }
            let which = if run.egraph.total_number_of_nodes() > self.limits.max_nodes {
                Some(format!("{} e-nodes", self.limits.max_nodes))
            } else if rounds_before + run.rounds >= self.limits.max_rounds {
                Some(format!(
                    "{} rounds of rule application",
                    self.limits.max_rounds
                ))
            } else if let Some(Stop::Limit(which)) = stop {
                Some(which)
            } else if start.elapsed() > self.limits.time {
                Some(format!("{:?} of time", self.limits.time))
            } else {
                None
            };
            if let Some(which) = which {
                let reached = run.reached();
                return Err(EngineError::Limit { which, reached });
            }
        }
    }
}

/// How many rounds a run has before a fresh run from the simplest term it reached is tried
/// instead (a run rarely needs more than a few dozen; one that does is usually growing without
/// end among its merged classes).
const ROUNDS_BEFORE_FRESH_START: usize = 64;

/// How many fresh runs may follow a trapped one.
const MAX_RESTARTS: usize = 8;

/// How many levels of closed forms [`Engine::join`] opens before it gives up.
const MAX_OPENINGS: usize = 12;

impl Saturation {
    /// Every run, first to last: each later run starts from the term the one before reached.
    pub fn runs(&self) -> impl Iterator<Item = &Run> {
        self.earlier.iter().chain(std::iter::once(&self.run))
    }

    /// Every rule application of every run, in order.
    pub fn steps(&self) -> impl Iterator<Item = &StepRecord> {
        self.runs().flat_map(|r| r.steps.iter())
    }
}

impl Inside for Run {
    fn inside(&self, egraph: &Graph, class: Id) -> Option<Cg> {
        let s = self.states.get(&egraph.find(class))?;
        if matches!(s.head, Cg::Game { .. }) {
            return Some(s.head.clone());
        }
        match &s.inside {
            Some(n @ Cg::Game { .. }) => Some(n.clone()),
            _ => None,
        }
    }

    fn want_open(&self, class: Id) {
        self.wants.borrow_mut().push(class);
    }
}

impl Run {
    /// The e-classes the run's e-graph holds.
    pub fn classes(&self) -> usize {
        self.egraph.number_of_classes()
    }

    /// An empty run for `start`, explanations on.
    fn new(start: Term, limits: &Limits, began: Instant) -> Run {
        let egraph = EGraph::new(CgAnalysis::default())
            .with_explanations_enabled()
            .without_explanation_length_optimization();
        let deadline = began.checked_add(limits.time);
        // The kernel stops with the run: a class value that would take the kernel past the
        // deadline is left unknown, and the run reports the time limit.
        egraph.analysis.kernel().set_budget(Budget {
            deadline,
            cancel: limits.cancel.clone(),
            max_memory: limits.max_memory,
            ..Budget::default()
        });
        Run {
            egraph,
            steps: Vec::new(),
            input: Id::from(0),
            rounds: 0,
            start,
            roots: Vec::new(),
            // A time too large to add to the clock is no limit at all.
            guard: Guard {
                deadline,
                time: limits.time,
                cancel: limits.cancel.clone(),
                max_memory: limits.max_memory,
                counted: Cell::new((0, 0)),
                kernel_len: Cell::new(0),
            },
            states: FxHashMap::default(),
            visited: FxHashSet::default(),
            wants: RefCell::new(Vec::new()),
            halted: RefCell::new(None),
        }
    }
}
