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
//! ```
//! use onag::engine::Engine;
//! use onag::rules::RuleSet;
//! let engine = Engine::new(RuleSet::builtin());
//! let t = onag::syntax::parse("{0,1|2}").unwrap();
//! let out = engine.simplify(&t).unwrap();
//! assert!(out.canonical);
//! assert_eq!(onag::syntax::print(&out.result, &Default::default()), "3/2");
//! ```

pub mod analysis;
pub mod lang;
pub mod matcher;
pub mod notation;

use crate::eval::{Built, Stop as EvalStop};
use crate::kernel::{Budget, GameId, Kernel};
use crate::number::Dyadic;
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

/// Bounds on one simplification. Reaching one is an error that says which and what was reached.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most e-nodes the e-graph may hold.
    pub max_nodes: usize,
    /// The most rounds of rule application.
    pub max_rounds: usize,
    /// The most wall-clock time.
    pub time: Duration,
    /// The most copies `n.G` may expand to.
    pub max_copies: u64,
    /// The most memory, in bytes, the run's e-graph (nodes, classes, explanation records, the
    /// engine's own bookkeeping) and its kernel may hold, by an estimate from their sizes
    /// ([`Run::memory`]): checked with the time limit, within rounds and while the input is
    /// added, so a run is stopped before it exhausts the machine. The estimate is of these
    /// tables only, not the process's resident size; leave headroom.
    pub max_memory: usize,
    /// Set from another thread (a Ctrl-C handler) to stop the run after the current round,
    /// with [`EngineError::Interrupted`] and the best term reached.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 1_000_000,
            max_rounds: 100_000,
            time: Duration::from_secs(60),
            max_copies: 64,
            max_memory: 4 << 30,
            cancel: None,
        }
    }
}

/// Why the engine could not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// A limit was reached.
    Limit {
        /// Which limit, in words.
        which: String,
        /// The best term reached so far, printed.
        reached: String,
    },
    /// The input cannot be put in the e-graph (for example too many copies).
    Unsupported(String),
    /// A rule merged two classes of different values: the rule is unsound.
    Unsound(String),
    /// The caller's cancel flag was set.
    Interrupted {
        /// The best term reached so far, printed.
        reached: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Limit { which, reached } => {
                write!(f, "limit reached: {which}; reached so far: {reached}")
            }
            EngineError::Unsupported(s) => write!(f, "{s}"),
            EngineError::Unsound(s) => write!(f, "a rule is unsound: {s}"),
            EngineError::Interrupted { reached } => {
                write!(f, "interrupted; reached so far: {reached}")
            }
        }
    }
}

impl std::error::Error for EngineError {}

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
    pub binds: Binds,
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
    /// The e-graph, explanations on.
    pub egraph: Graph,
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

/// The outcome of [`Engine::simplify`].
pub struct Simplified {
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
    /// [`Engine::simplify`]); empty for most inputs.
    pub earlier: Vec<Run>,
}

/// The engine: a rule set and limits.
#[derive(Clone)]
pub struct Engine {
    rules: RuleSet,
    limits: Limits,
}

impl Engine {
    /// An engine using these rules with default limits.
    pub fn new(rules: RuleSet) -> Self {
        Engine {
            rules,
            limits: Limits::default(),
        }
    }

    /// Replaces the limits.
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

    /// Simplifies a term as far as the rules go.
    ///
    /// A run can get trapped: merging equal classes may leave a class whose only game forms
    /// lead back to the class itself (0 = {|1} with 1 = {0|}), where every bypass rebuilds the
    /// form it started from. The same term put into a fresh e-graph has no such history, so a
    /// run that stops short of the canonical form is followed by a fresh run from the simplest
    /// term it reached, as long as that term is new. The proof chains the runs.
    pub fn simplify(&self, input: &Term) -> Result<Simplified, EngineError> {
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
            if !self.saturate(&mut run, &reduce, &open, start, rounds, cap)? {
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
                self.saturate(&mut run, &reduce, &open, start, rounds, None)?;
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
                    return Ok(Simplified {
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
    pub fn join(&self, a: &Term, b: &Term) -> Result<Option<Joined>, EngineError> {
        let (reduce, open) = self.by_kind();
        let start = Instant::now();
        let mut run = Run::new(a.clone(), &self.limits, start);
        run.input = run.add_term(a, &self.limits)?;
        let rb = run.add_term(b, &self.limits)?;
        run.roots.push(rb);
        let mut rounds = 0;
        for _ in 0..MAX_OPENINGS {
            self.saturate(&mut run, &reduce, &open, start, rounds, None)?;
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
    fn saturate(
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

/// The most nodes a term reached at a limit may have to be printed in the error.
const MAX_PRINTED: u64 = 20_000;

/// What a limit error says instead of a term too large to print.
pub const TOO_LARGE: &str = "a term too large to print";

/// Bytes per e-node added beyond its four copies of `Cg` (node list, explanation memo, memo,
/// class): egg's explanation record and hash-table overhead, and the heap of a leaf's integers.
const PER_ID_EXTRA: usize = 512;

/// Bytes per child id: one in each copy of its node and one in the child's parent list.
const PER_CHILD: usize = 24;

/// Bytes per e-class: egg's class record, its union-find entry, the analysis data and the
/// engine's state for it.
const PER_CLASS: usize = 160;

/// Bytes per value the kernel holds: its record, the hash tables that intern it and the memo
/// entries that typically come with it.
const PER_KERNEL_GAME: usize = 512;

/// The above the e-graph size of which a limit error describes the term reached from the heads
/// instead of running egg's extraction, which takes seconds on a million nodes.
const MAX_EXTRACTED: usize = 200_000;

/// Why a run stops before it is done.
enum Stop {
    /// The caller's cancel flag.
    Cancel,
    /// A limit, in words.
    Limit(String),
}

/// The limits a run checks as it goes (see [`Limits`]).
#[derive(Default)]
struct Guard {
    deadline: Option<Instant>,
    time: Duration,
    cancel: Option<Arc<AtomicBool>>,
    max_memory: usize,
    /// How many of egg's nodes have had their children counted, and how many children.
    counted: Cell<(usize, usize)>,
    /// The kernel's size when last read.
    kernel_len: Cell<usize>,
}

/// A byte count in words.
fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut v = n as f64;
    let mut unit = "bytes";
    for u in UNITS {
        if v < 1024.0 {
            break;
        }
        v /= 1024.0;
        unit = u;
    }
    format!("{v:.1} {unit}")
}

/// A term for a limit error: printed, or its size when too large to print.
fn describe(t: &Term) -> String {
    let n = t.size() as u64;
    if n > MAX_PRINTED {
        format!("{TOO_LARGE} ({n} nodes written out)")
    } else {
        crate::syntax::print(t, &Default::default())
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

impl Simplified {
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

    /// The run's result: the simplest term extraction finds when it is the canonical form,
    /// else the chain of heads when that is; with the verdict on whether it is canonical.
    /// Extraction comes first because it prefers closed forms: the heads may have reached
    /// `{|}` after a step on a class that already held `0`.
    fn result(&self) -> (Term, Result<(), String>) {
        let mut candidates = vec![self.best(self.input)];
        if let Some(t) = self.head_term(self.input) {
            candidates.push(t);
        }
        let mut verdicts = Vec::new();
        {
            let mut k = self.egraph.analysis.kernel();
            for t in &candidates {
                verdicts.push(is_canonical(&mut k, t));
            }
        }
        let pick = verdicts.iter().position(|v| v.is_ok()).unwrap_or(0);
        (candidates.swap_remove(pick), verdicts.swap_remove(pick))
    }

    /// A form of class `a` and a form of class `b` that are the same game up to the order of
    /// options, built from heads and inside forms: the same term when the classes are one,
    /// else two game forms whose options meet pairwise.
    fn meet(&self, a: Id, b: Id, depth: usize) -> Option<(Term, Term)> {
        let (a, b) = (self.egraph.find(a), self.egraph.find(b));
        if a == b {
            let t = self.head_term(a)?;
            return Some((t.clone(), t));
        }
        if depth > 64 || self.egraph[a].data.value != self.egraph[b].data.value {
            return None;
        }
        let games = |c: Id| -> Vec<Cg> {
            let st = self.state_of(c);
            [Some(st.head), st.inside]
                .into_iter()
                .flatten()
                .filter(|n| matches!(n, Cg::Game { .. }))
                .collect()
        };
        for fa in games(a) {
            for fb in games(b) {
                if let Some(m) = self.meet_games(&fa, &fb, depth) {
                    return Some(m);
                }
            }
        }
        None
    }

    /// Two game nodes whose options meet pairwise (options of a canonical form differ in
    /// value, so each option of one is paired with the option of the same value).
    fn meet_games(&self, fa: &Cg, fb: &Cg, depth: usize) -> Option<(Term, Term)> {
        let ((al, ar), (bl, br)) = (fa.sides()?, fb.sides()?);
        let side = |xs: &[Id], ys: &[Id]| -> Option<(Vec<Term>, Vec<Term>)> {
            if xs.len() != ys.len() {
                return None;
            }
            // Each term keeps its own node's order, so it stays a form of its own class.
            let mut ty: Vec<Option<Term>> = vec![None; ys.len()];
            let mut tx = Vec::new();
            for &x in xs {
                let (j, m) = ys.iter().enumerate().find_map(|(j, &y)| {
                    if ty[j].is_some() {
                        return None;
                    }
                    self.meet(x, y, depth + 1).map(|m| (j, m))
                })?;
                tx.push(m.0);
                ty[j] = Some(m.1);
            }
            Some((tx, ty.into_iter().collect::<Option<Vec<_>>>()?))
        };
        let (lx, ly) = side(al, bl)?;
        let (rx, ry) = side(ar, br)?;
        Some((Term::game(lx, rx), Term::game(ly, ry)))
    }

    /// Whether the time limit has run out, the memory estimate is over its limit, or the
    /// caller asked to stop.
    fn stopped(&self) -> bool {
        self.interrupt().is_some()
    }

    /// What stops the run now, if anything: the caller's flag, the memory estimate, the clock.
    /// Cheap enough to ask before every candidate match (the memory estimate is kept up to
    /// date incrementally).
    fn interrupt(&self) -> Option<Stop> {
        let g = &self.guard;
        if g.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Stop::Cancel);
        }
        if let Some(which) = self.halted.borrow().clone() {
            return Some(Stop::Limit(which));
        }
        let used = self.memory();
        if used > g.max_memory {
            return Some(Stop::Limit(format!(
                "{} of memory (an estimated {} held by the e-graph and its kernel)",
                bytes(g.max_memory as u64),
                bytes(used as u64)
            )));
        }
        if g.deadline.is_some_and(|at| Instant::now() > at) {
            return Some(Stop::Limit(format!("{:?} of time", g.time)));
        }
        if let Ok(k) = self.egraph.analysis.kernel.try_lock() {
            if let Some(which) = k.limit_reached() {
                return Some(Stop::Limit(format!("the kernel's budget ({which})")));
            }
        }
        None
    }

    /// Lifts the run's deadline from its kernel once the run is over: a proof built from the
    /// run later asks the same kernel, and must not find a deadline long past.
    fn release_kernel(&self) {
        self.egraph.analysis.kernel().set_budget(Budget::default());
    }

    /// An estimate, in bytes, of the memory the run holds: every e-node added (egg keeps each
    /// in its node list, its explanation table and, once, in the memo and its class), each
    /// child id in those copies and in its class's parent list, each class, the engine's record
    /// of steps and visited forms, and the kernel's tables. Sizes are counted, not measured, so
    /// the estimate is cheap: the children of nodes added since the last call are added up.
    pub fn memory(&self) -> usize {
        let nodes = self.egraph.nodes();
        let (mut seen, mut kids) = self.guard.counted.get();
        if nodes.len() > seen {
            kids += nodes[seen..]
                .iter()
                .map(|n| n.children().len())
                .sum::<usize>();
            seen = nodes.len();
            self.guard.counted.set((seen, kids));
        }
        // The kernel is locked only when free: the matcher may hold it while it asks whether
        // to stop. Its size changes slowly, so the last reading serves meanwhile.
        if let Ok(k) = self.egraph.analysis.kernel.try_lock() {
            self.guard.kernel_len.set(k.len());
        }
        let node = std::mem::size_of::<Cg>();
        let per_id = 4 * node + PER_ID_EXTRA;
        let visited = std::mem::size_of::<(Id, Role, Cg)>() + 16;
        seen.saturating_mul(per_id)
            .saturating_add(kids.saturating_mul(PER_CHILD))
            .saturating_add(self.egraph.number_of_classes().saturating_mul(PER_CLASS))
            .saturating_add(self.visited.len().saturating_mul(visited))
            .saturating_add(
                self.steps
                    .len()
                    .saturating_mul(std::mem::size_of::<StepRecord>() + 64),
            )
            .saturating_add(self.guard.kernel_len.get().saturating_mul(PER_KERNEL_GAME))
    }

    /// Asks for every reachable closed form not yet opened to be opened; whether there was one.
    fn want_closed_forms_open(&mut self) -> bool {
        let mut any = false;
        for (class, role, node) in self.active() {
            if role == Role::Head
                && matches!(node, Cg::Leaf(_))
                && self.state_of(class).inside.is_none()
            {
                self.wants.borrow_mut().push(class);
                any = true;
            }
        }
        any
    }

    /// Adds a term, giving each new class its node as head. The time, memory and cancel
    /// limits hold here too: a game of a million options takes seconds to add.
    fn add_term(&mut self, t: &Term, limits: &Limits) -> Result<Id, EngineError> {
        match self.interrupt() {
            None => {}
            Some(Stop::Cancel) => {
                return Err(EngineError::Interrupted {
                    reached: describe(&self.start),
                })
            }
            Some(Stop::Limit(which)) => {
                return Err(EngineError::Limit {
                    which,
                    reached: describe(&self.start),
                })
            }
        }
        if let Some(w) = notation::head(t, limits)? {
            return self.add_term(&w, limits);
        }
        let node = match t {
            Term::Game { left, right } => {
                let l = left
                    .iter()
                    .map(|x| self.add_term(x, limits))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = right
                    .iter()
                    .map(|x| self.add_term(x, limits))
                    .collect::<Result<Vec<_>, _>>()?;
                Cg::game(l, r)
            }
            Term::Nus { number, up, nim } => Cg::Leaf(Leaf::Nus {
                number: number.clone(),
                up: up.clone(),
                nim: nim.clone(),
            }),
            Term::Hackenstring(row) => Cg::Leaf(Leaf::Hack(row.clone())),
            // Written out by `notation::head` above.
            Term::Tiny { .. } | Term::Miny { .. } | Term::Multiple { .. } | Term::Call { .. } => {
                return Err(EngineError::Unsupported(
                    "notation that was not written out".into(),
                ))
            }
            Term::Sum(a, b) => Cg::Sum([self.add_term(a, limits)?, self.add_term(b, limits)?]),
            Term::Neg(a) => Cg::Neg([self.add_term(a, limits)?]),
            Term::PlusMinus(xs) => Cg::PlusMinus(
                xs.iter()
                    .map(|x| self.add_term(x, limits))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        Ok(self.add_node(node))
    }

    /// Adds a node uncanonically and gives a new class the node as its head.
    fn add_node(&mut self, node: Cg) -> Id {
        let id = self.egraph.add_uncanonical(node.clone());
        let class = self.egraph.find(id);
        self.states.entry(class).or_insert(State {
            head: node,
            inside: None,
        });
        id
    }

    fn state_of(&self, class: Id) -> State {
        let class = self.egraph.find(class);
        if let Some(s) = self.states.get(&class) {
            return s.clone();
        }
        let mut nodes = self.egraph[class].nodes.clone();
        nodes.sort_by_key(rank);
        State {
            head: nodes
                .first()
                .cloned()
                .unwrap_or(Cg::Leaf(Leaf::number(Dyadic::zero()))),
            inside: None,
        }
    }

    /// The active forms reachable from the input, innermost first.
    fn active(&self) -> Vec<(Id, Role, Cg)> {
        let mut out = Vec::new();
        let mut seen = FxHashSet::default();
        // Iterative post-order, so deep terms cannot overflow the stack.
        let mut stack: Vec<(Id, bool)> = std::iter::once(self.input)
            .chain(self.roots.iter().copied())
            .map(|r| (self.egraph.find(r), false))
            .collect();
        while let Some((class, expanded)) = stack.pop() {
            let class = self.egraph.find(class);
            let s = self.state_of(class);
            if expanded {
                out.push((class, Role::Head, s.head.clone()));
                if let Some(i) = s.inside {
                    out.push((class, Role::Inside, i));
                }
                continue;
            }
            if !seen.insert(class) {
                continue;
            }
            stack.push((class, true));
            let mut kids: Vec<Id> = s.head.children().to_vec();
            if let Some(i) = &s.inside {
                kids.extend(i.children());
            }
            for k in kids.into_iter().rev() {
                let k = self.egraph.find(k);
                if !seen.contains(&k) {
                    stack.push((k, false));
                }
            }
        }
        out
    }

    /// One round: each active form gets the first rule (by priority) that matches it, unless
    /// one of its options changed this round; then closed forms that a rule wanted to look
    /// inside are opened.
    fn round(&mut self, reduce: &[&Rule], open: &[&Rule]) -> bool {
        let mut changed = false;
        let mut touched: FxHashSet<Id> = FxHashSet::default();
        for (class, role, node) in self.active() {
            if self.stopped() {
                // The round ends here; the loop around it says which limit.
                return true;
            }
            let class = self.egraph.find(class);
            let current = self.state_of(class);
            let still = match role {
                Role::Head => current.head == node,
                Role::Inside => current.inside.as_ref() == Some(&node),
                Role::Other => true,
            };
            if !still
                || node
                    .children()
                    .iter()
                    .any(|c| touched.contains(&self.egraph.find(*c)))
            {
                continue;
            }
            for rule in reduce {
                // An inside form exists to be looked into: it may be expanded or simplified,
                // but never folded back into a closed form.
                if role == Role::Inside && !matches!(rule.result, Template::Game(..)) {
                    continue;
                }
                if self.apply_first(rule, class, role, &node) {
                    touched.insert(self.egraph.find(class));
                    changed = true;
                    break;
                }
            }
        }
        let mut wants: Vec<Id> = self
            .wants
            .borrow_mut()
            .drain(..)
            .map(|c| self.egraph.find(c))
            .collect();
        wants.sort();
        wants.dedup();
        for class in wants {
            if self.stopped() {
                return true;
            }
            let class = self.egraph.find(class);
            if self.inside(&self.egraph, class).is_some() || self.state_of(class).inside.is_some() {
                continue;
            }
            let leaves: Vec<Cg> = self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Leaf(_)))
                .cloned()
                .collect();
            'open: for rule in open {
                for leaf in &leaves {
                    if self.apply_first(rule, class, Role::Inside, leaf) {
                        changed = true;
                        break 'open;
                    }
                }
            }
        }
        changed
    }

    /// When no active form moves: rewrites the other sum and negation nodes of the reachable
    /// classes, which congruence put there and the active forms cannot see.
    fn round_others(&mut self, reduce: &[&Rule]) -> bool {
        let mut classes: Vec<Id> = self.active().into_iter().map(|(c, _, _)| c).collect();
        classes.dedup();
        let mut changed = false;
        for class in classes {
            if self.stopped() {
                return true;
            }
            let class = self.egraph.find(class);
            let s = self.state_of(class);
            let key_head = self.form_key(&s.head);
            let others: Vec<Cg> = self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Sum(_) | Cg::Neg(_) | Cg::PlusMinus(_)))
                .filter(|n| self.form_key(n) != key_head)
                .cloned()
                .collect();
            'class: for node in others {
                for rule in reduce {
                    if self.apply_first(rule, class, Role::Other, &node) {
                        changed = true;
                        break 'class;
                    }
                }
            }
        }
        changed
    }

    /// Whether `node` would be a better head for `class` than its current one: a lower rank
    /// (a closed form beats a game, a game beats a sum), or a way out of a cycle. Merging
    /// equal classes can leave a head whose options lead back to its own class (x = {0 | y}
    /// with y = {x | ...}); the rules then only ever rewrite x into itself, so a node whose
    /// options do not lead back is preferred.
    fn better_head(&self, class: Id, node: &Cg) -> bool {
        let head = self.state_of(class).head;
        if rank(node) < rank(&head) {
            return true;
        }
        if !matches!(node, Cg::Game { .. }) {
            return false;
        }
        if self.heads_reach(head.children(), class) && !self.heads_reach(node.children(), class) {
            return true;
        }
        // A head whose options all have finished game forms beats one that waits on a sum or
        // negation no rule can open (its only game form would lead back to this class).
        let finished = |n: &Cg| n.children().iter().all(|&c| self.head_term(c).is_some());
        finished(node) && !finished(&head)
    }

    /// Whether following heads from `from` reaches `target`.
    fn heads_reach(&self, from: &[Id], target: Id) -> bool {
        let target = self.egraph.find(target);
        let mut seen = FxHashSet::default();
        let mut stack: Vec<Id> = from.to_vec();
        while let Some(c) = stack.pop() {
            let c = self.egraph.find(c);
            if c == target {
                return true;
            }
            if seen.insert(c) {
                stack.extend_from_slice(self.state_of(c).head.children());
            }
        }
        false
    }

    /// Applies the first match of `rule` on `node` that changes something. A match can be an
    /// identity once classes have merged (bypassing a reversible option of x through x itself
    /// gives back the same node); applying it would count as progress forever, so such matches
    /// are skipped and the next one tried.
    fn apply_first(&mut self, rule: &Rule, class: Id, role: Role, node: &Cg) -> bool {
        let mut skipped: Vec<Binds> = Vec::new();
        loop {
            let found = find_match(
                &self.egraph,
                self,
                rule,
                class,
                node,
                &|b| skipped.contains(b),
                &|| self.stopped(),
            );
            let b = match found {
                Ok(Some(b)) => b,
                Ok(None) => return false,
                Err(stop) => return self.halt(stop),
            };
            match self.apply(rule, class, role, b.clone()) {
                Ok(Applied::Changed) => return true,
                Ok(Applied::Failed) => return false,
                Ok(Applied::Identity) => skipped.push(b),
                Err(stop) => return self.halt(stop),
            }
        }
    }

    /// Records a limit the evaluator reached, so the run ends with it (the round stops at its
    /// next check of the limits); `false`, nothing was applied.
    fn halt(&self, stop: EvalStop) -> bool {
        if let EvalStop::Kernel(e) = stop {
            let which = match e {
                crate::kernel::KernelError::Limit { which } => {
                    format!("the kernel's budget ({which})")
                }
                other => other.to_string(),
            };
            self.halted.borrow_mut().get_or_insert(which);
        }
        // `GaveUp` is the run's own limit, which its next check reports.
        false
    }

    /// The node with each child replaced by its class and each side sorted, duplicates kept.
    fn sorted_form(&self, node: &Cg) -> Cg {
        let node = node.clone().map_children(|c| self.egraph.find(c));
        match node.sides() {
            Some((l, r)) => {
                let (mut l, mut r) = (l.to_vec(), r.to_vec());
                l.sort();
                r.sort();
                Cg::game(l, r)
            }
            None => node,
        }
    }

    /// The node with each child replaced by its class and each side sorted: equal keys are
    /// the same game form up to the order of options.
    fn form_key(&self, node: &Cg) -> Cg {
        let node = node.clone().map_children(|c| self.egraph.find(c));
        match node.sides() {
            Some((l, r)) => {
                let (mut l, mut r) = (l.to_vec(), r.to_vec());
                l.sort();
                l.dedup();
                r.sort();
                r.dedup();
                Cg::game(l, r)
            }
            None => node,
        }
    }

    /// Applies one match: builds the instance and the result from the same ids, unions them
    /// with a label naming the rule and the step, and moves the role's active form.
    fn apply(&mut self, rule: &Rule, class: Id, role: Role, b: Binds) -> Result<Applied, EvalStop> {
        let mut slot_ids = vec![Id::from(0); b.slots.len()];
        for s in (0..b.slots.len()).rev() {
            let mut node = b.slots[s].node.clone();
            for (c, child) in b.slots.iter().enumerate().skip(s + 1) {
                if let Some((p, pos)) = child.parent {
                    if p == s {
                        if let Some(k) = node.children_mut().get_mut(pos) {
                            *k = slot_ids[c];
                        }
                    }
                }
            }
            slot_ids[s] = self.egraph.add_uncanonical(node);
        }
        let from = slot_ids[0];
        let Some(to) = self.build(&rule.result, &b, &slot_ids)? else {
            return Ok(Applied::Failed);
        };
        let to_node = self.egraph.id_to_node(to).clone();
        let from_node = &b.slots[0].node;
        let here = self.egraph.find(class);
        let own = |n: &Cg| n.children().iter().any(|&c| self.egraph.find(c) == here);
        if self.form_key(&to_node) == self.form_key(from_node)
            && to_node.children().len() >= from_node.children().len()
        {
            return Ok(Applied::Identity);
        }
        // A step on another node of the class offers a new head: it is remembered as one.
        let as_role = if role == Role::Other {
            Role::Head
        } else {
            role
        };
        let seen = (here, as_role, self.sorted_form(&to_node));
        let grows = to_node.children().len() >= from_node.children().len();
        if (grows || role == Role::Other) && self.visited.contains(&seen) {
            // Merged classes can make a chain of steps lead back to a form this class had
            // (bypass an option, then drop the duplicates the bypass brought): skip it. Only
            // a step that does not shrink the form can close such a circle.
            return Ok(Applied::Identity);
        }
        if matches!(to_node, Cg::Game { .. })
            && role != Role::Other
            && (own(&to_node) || self.heads_reach(to_node.children(), here))
            && !(own(from_node) || self.heads_reach(from_node.children(), here))
        {
            // A game among whose options is the game itself: merged classes let a bypass
            // reach back to where it started. Such a form is never a step towards the
            // canonical form, whose options are all born earlier.
            return Ok(Applied::Identity);
        }
        let step = self.steps.len();
        if role == Role::Other && !self.better_head(class, &to_node) {
            // Only a better head is worth a step here; anything else the active forms reach
            // on their own.
            return Ok(Applied::Identity);
        }
        if role != Role::Other {
            self.visited
                .insert((here, role, self.sorted_form(from_node)));
        }
        self.visited.insert(seen);
        self.steps.push(StepRecord {
            rule: rule.name.clone(),
            from,
            to,
            binds: b,
        });
        let (cf, ct) = (self.egraph.find(from), self.egraph.find(to));
        let merged_to = self.states.get(&ct).cloned();
        self.egraph
            .union_trusted(from, to, format!("{}#{}", rule.name, step));
        let root = self.egraph.find(class);
        let mut s = self.states.remove(&cf).unwrap_or_else(|| self.state_of(cf));
        match role {
            Role::Head => s.head = to_node,
            Role::Inside => s.inside = Some(to_node),
            // `better_head` said yes above.
            Role::Other => s.head = to_node,
        }
        if ct != cf {
            if let Some(other) = merged_to {
                self.states.remove(&ct);
                s = merge_states(s, other);
            }
        }
        self.states.insert(root, s);
        Ok(Applied::Changed)
    }

    /// Builds a template's result as new e-nodes: a bound part is the very id the match used
    /// (a node looked inside is the instance's rebuilt id in `slot_ids`).
    fn build(&mut self, t: &Template, b: &Binds, slot_ids: &[Id]) -> Result<Option<Id>, EvalStop> {
        let built = {
            let host = matcher::EGraphHost {
                egraph: &self.egraph,
                inside: self,
            };
            crate::eval::build(&host, t, b)?
        };
        Ok(built.and_then(|r| self.add_built(&r, slot_ids)))
    }

    fn add_built(&mut self, r: &Built<Id>, slot_ids: &[Id]) -> Option<Id> {
        let node = match r {
            Built::Id(id) => return Some(*id),
            Built::Slot(s) => return slot_ids.get(*s).copied(),
            Built::Leaf(l) => Cg::Leaf(l.clone()),
            Built::Game(l, r) => {
                let l = l
                    .iter()
                    .map(|x| self.add_built(x, slot_ids))
                    .collect::<Option<Vec<_>>>()?;
                let r = r
                    .iter()
                    .map(|x| self.add_built(x, slot_ids))
                    .collect::<Option<Vec<_>>>()?;
                Cg::game(l, r)
            }
            Built::Sum(x, y) => {
                Cg::Sum([self.add_built(x, slot_ids)?, self.add_built(y, slot_ids)?])
            }
            Built::Neg(x) => Cg::Neg([self.add_built(x, slot_ids)?]),
        };
        Some(self.add_node(node))
    }

    /// Re-keys the class states after rebuilding merged classes.
    fn rekey(&mut self) {
        let old = std::mem::take(&mut self.states);
        let mut keys: Vec<Id> = old.keys().copied().collect();
        keys.sort();
        let mut old = old;
        for k in keys {
            if let Some(s) = old.remove(&k) {
                let root = self.egraph.find(k);
                let merged = match self.states.remove(&root) {
                    Some(prev) => merge_states(prev, s),
                    None => s,
                };
                self.states.insert(root, merged);
            }
        }
    }

    /// The best term reached, printed for an error message; a term too large to print (the
    /// e-graph shares subterms a printed term repeats) is described by its size instead.
    fn reached(&self) -> String {
        if self.egraph.nodes().len() > MAX_EXTRACTED {
            // Extraction over a huge e-graph would carry the run seconds past its limit; the
            // heads are the forms the rules had reached.
            let mut budget = MAX_PRINTED;
            if self.head_size(self.input, &mut FxHashSet::default(), &mut budget) {
                if let Some(t) = self.head_term(self.input) {
                    return crate::syntax::print(&t, &Default::default());
                }
            }
            return format!(
                "{TOO_LARGE} (the e-graph holds {} e-nodes)",
                self.egraph.nodes().len()
            );
        }
        let ex = Extractor::new(
            &self.egraph,
            SimplestCost {
                egraph: &self.egraph,
            },
        );
        let (_, expr) = ex.find_best(self.egraph.find(self.input));
        let mut size: Vec<u64> = Vec::with_capacity(expr.as_ref().len());
        for node in expr.as_ref() {
            let kids = node
                .children()
                .iter()
                .map(|&c| size.get(usize::from(c)).copied().unwrap_or(0))
                .fold(0u64, u64::saturating_add);
            size.push(kids.saturating_add(1));
        }
        match size.last() {
            Some(&n) if n > MAX_PRINTED => {
                format!("{TOO_LARGE} ({n} nodes written out)")
            }
            _ => crate::syntax::print(&expr_to_term(&expr), &Default::default()),
        }
    }

    /// The simplest term of a class: extraction by (birthday, size).
    pub fn best(&self, id: Id) -> Term {
        expr_to_term(&self.simplest(id))
    }

    /// The simplest expression of a class, its shared subterms written once.
    fn simplest(&self, id: Id) -> RecExpr<Cg> {
        let ex = Extractor::new(
            &self.egraph,
            SimplestCost {
                egraph: &self.egraph,
            },
        );
        ex.find_best(self.egraph.find(id)).1
    }

    /// [`Run::best`], unless written out as a tree it would have more than `max` nodes (the
    /// extraction shares subterms a tree repeats, so a small e-graph can stand for a term of
    /// millions of nodes).
    fn best_within(&self, id: Id, max: u64) -> Option<Term> {
        let expr = self.simplest(id);
        let nodes = expr.as_ref();
        let mut size: Vec<u64> = Vec::with_capacity(nodes.len());
        for n in nodes {
            let below = n
                .children()
                .iter()
                .fold(1u64, |acc, c| acc.saturating_add(size[usize::from(*c)]));
            size.push(below);
        }
        (size.last().copied().unwrap_or(0) <= max).then(|| expr_to_term(&expr))
    }

    /// The term made of each class's head, if it is a finite game term: `None` when the heads
    /// are not all games and closed forms, or when a class's head reaches the class again
    /// (after merges a head can mention its own class).
    pub fn head_term(&self, id: Id) -> Option<Term> {
        let mut path = FxHashSet::default();
        self.head_term_in(id, &mut path)
    }

    /// Whether the head term of `id` exists and has at most `budget` nodes written out; stops
    /// counting as soon as it has more.
    fn head_size(&self, id: Id, path: &mut FxHashSet<Id>, budget: &mut u64) -> bool {
        let class = self.egraph.find(id);
        if *budget == 0 || path.len() > 2_000 || !path.insert(class) {
            return false;
        }
        *budget -= 1;
        let head = self.state_of(class).head;
        let ok = match &head {
            Cg::Leaf(_) => true,
            Cg::Game { kids, .. } => kids.iter().all(|&c| self.head_size(c, path, budget)),
            _ => false,
        };
        path.remove(&class);
        ok
    }

    fn head_term_in(&self, id: Id, path: &mut FxHashSet<Id>) -> Option<Term> {
        let class = self.egraph.find(id);
        if path.len() > 2_000 || !path.insert(class) {
            return None;
        }
        let s = self.state_of(class);
        let out = match &s.head {
            Cg::Leaf(leaf) => leaf.to_term(),
            Cg::Game { .. } => {
                let (l, r) = s.head.sides()?;
                let mut side = |ids: &[Id]| -> Option<Vec<Term>> {
                    ids.iter().map(|&c| self.head_term_in(c, path)).collect()
                };
                let l = side(l);
                let r = side(r);
                Term::game(l?, r?)
            }
            _ => return None,
        };
        path.remove(&class);
        Some(out)
    }

    /// How many e-nodes the e-graph holds.
    pub fn nodes(&self) -> usize {
        self.egraph.total_number_of_nodes()
    }
}

fn merge_states(a: State, b: State) -> State {
    let head = if rank(&b.head) < rank(&a.head) {
        b.head
    } else {
        a.head
    };
    let inside = match (a.inside, b.inside) {
        (Some(x), Some(y)) => Some(if rank(&y) < rank(&x) { y } else { x }),
        (x, y) => x.or(y),
    };
    State { head, inside }
}

/// Extraction cost: (birthday, size), with sums, negations and rows never preferred over a game.
struct SimplestCost<'a> {
    egraph: &'a Graph,
}

const INF: u64 = u64::MAX / 4;

impl CostFunction<Cg> for SimplestCost<'_> {
    type Cost = (u64, u64);

    fn cost<C: FnMut(Id) -> Self::Cost>(&mut self, enode: &Cg, mut costs: C) -> Self::Cost {
        match enode {
            Cg::Leaf(Leaf::Nus { .. }) => {
                let b = self
                    .egraph
                    .lookup(enode.clone())
                    .and_then(|c| self.egraph[c].data.value)
                    .map(|v| self.egraph.analysis.kernel().birthday(v))
                    .and_then(|b: BigInt| b.to_u64())
                    .unwrap_or(INF);
                // A leaf weighs 1 + its birthday: less than its own expansion (a game node over
                // options born a day earlier), more than a younger leaf in the same place.
                (b.min(INF), b.saturating_add(1).min(INF))
            }
            Cg::Game { kids, .. } => {
                // A game node costs more than a leaf of the same birthday: `0` beats `{|}`.
                let mut b = 0u64;
                let mut s = 2u64;
                for &k in kids {
                    let (kb, ks) = costs(k);
                    b = b.max(kb.saturating_add(1));
                    s = s.saturating_add(ks);
                }
                (b.min(INF), s.min(INF))
            }
            _ => (INF, INF),
        }
    }
}

/// Whether a term is exactly the canonical form of its value; otherwise says where it is not.
pub fn is_canonical(k: &mut Kernel, t: &Term) -> Result<(), String> {
    canonical_value(k, t).map(|_| ())
}

fn canonical_value(k: &mut Kernel, t: &Term) -> Result<GameId, String> {
    let show = |t: &Term| crate::syntax::print(t, &Default::default());
    match t {
        Term::Nus { number, up, nim } => Ok(k.nus(number, up, nim)),
        Term::Game { left, right } => {
            let l = left
                .iter()
                .map(|x| canonical_value(k, x))
                .collect::<Result<Vec<_>, _>>()?;
            let r = right
                .iter()
                .map(|x| canonical_value(k, x))
                .collect::<Result<Vec<_>, _>>()?;
            let g = k.from_options(&l, &r).map_err(|e| e.to_string())?;
            let same = |mut a: Vec<GameId>, mut b: Vec<GameId>| {
                let n = a.len();
                a.sort();
                a.dedup();
                b.sort();
                n == a.len() && a == b
            };
            let cl = k.left_options(g).map_err(|e| e.to_string())?;
            let cr = k.right_options(g).map_err(|e| e.to_string())?;
            if same(l, cl) && same(r, cr) {
                Ok(g)
            } else {
                Err(format!("{} is not in canonical form", show(t)))
            }
        }
        other => Err(format!("{} is not a game in canonical form", show(other))),
    }
}
