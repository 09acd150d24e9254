//! Limits: what bounds a run, how a run notices it has reached one, and the error that says so.

use super::*;

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
    /// The most memory, in bytes: checked with the time limit, within rounds and while the
    /// input is added, so a run is stopped before it exhausts the machine. When the program
    /// counts allocation ([`crate::memory::CountingAlloc`], as the `onag` binary does) this is
    /// the bytes the whole process holds; otherwise an estimate of what the run's e-graph
    /// (nodes, classes, explanation records, the engine's own bookkeeping) and its kernel hold
    /// (`super::Run::memory`), which is of these tables only; leave headroom. Default: the
    /// process-wide `crate::memory::limit`.
    pub max_memory: usize,
    /// Set from another thread (a Ctrl-C handler) to stop the run after the current round,
    /// with [`EngineError::Interrupted`] and the best term reached.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The most units of kernel work (sums, comparisons, canonical forms not found in a memo)
    /// of the work done outside the e-graph: a value, a comparison, a misère or loopy
    /// derivation. Default: no bound but the time and memory.
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: 1_000_000,
            max_rounds: 100_000,
            time: Duration::from_secs(60),
            max_copies: 64,
            max_memory: crate::memory::limit(),
            cancel: None,
            max_work: u64::MAX,
        }
    }
}

impl Limits {
    /// The kernel budget of work done outside a run but within the same command (a disproof's
    /// outcome and winning moves): the same time from now, cancel flag and memory, so no part
    /// of a command outlives its time limit.
    pub fn budget_from_now(&self) -> Budget {
        Budget {
            deadline: Instant::now().checked_add(self.time),
            cancel: self.cancel.clone(),
            max_memory: self.max_memory,
            max_work: self.max_work,
            ..Budget::default()
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

/// The most nodes a term reached at a limit may have to be printed in the error.
pub(super) const MAX_PRINTED: u64 = 20_000;

/// What a limit error says instead of a term too large to print.
pub const TOO_LARGE: &str = "a term too large to print";

/// Bytes per e-node added beyond its four copies of `Cg` (node list, explanation memo, memo,
/// class): egg's explanation record and hash-table overhead, and the heap of a leaf's integers.
pub(super) const PER_ID_EXTRA: usize = 512;

/// Bytes per child id: one in each copy of its node and one in the child's parent list.
pub(super) const PER_CHILD: usize = 24;

/// Bytes per e-class: egg's class record, its union-find entry, the analysis data and the
/// engine's state for it.
pub(super) const PER_CLASS: usize = 160;

/// Bytes per value the kernel holds: its record, the hash tables that intern it and the memo
/// entries that typically come with it.
pub(super) const PER_KERNEL_GAME: usize = 512;

/// The above the e-graph size of which a limit error describes the term reached from the heads
/// instead of running egg's extraction, which takes seconds on a million nodes.
pub(super) const MAX_EXTRACTED: usize = 200_000;

/// Why a run stops before it is done.
pub(super) enum Stop {
    /// The caller's cancel flag.
    Cancel,
    /// A limit, in words.
    Limit(String),
}

/// The limits a run checks as it goes (see [`Limits`]).
#[derive(Default)]
pub(super) struct Guard {
    pub(super) deadline: Option<Instant>,
    pub(super) time: Duration,
    pub(super) cancel: Option<Arc<AtomicBool>>,
    pub(super) max_memory: usize,
    /// How many of egg's nodes have had their children counted, and how many children.
    pub(super) counted: Cell<(usize, usize)>,
    /// The kernel's size when last read.
    pub(super) kernel_len: Cell<usize>,
}

/// A byte count in words.
pub(super) fn bytes(n: u64) -> String {
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
pub(super) fn describe(t: &Term) -> String {
    let n = t.size() as u64;
    if n > MAX_PRINTED {
        format!("{TOO_LARGE} ({n} nodes written out)")
    } else {
        t.to_string()
    }
}

/// A finished run's limits, held apart from the run: what the work done afterwards with the
/// run's e-graph (reading egg's explanation, which has no clock of its own) asks, while the
/// e-graph itself is borrowed for that work.
#[derive(Clone, Debug)]
pub struct Watch {
    deadline: Option<Instant>,
    time: Duration,
    cancel: Option<Arc<AtomicBool>>,
    max_memory: usize,
}

impl Watch {
    /// An error when the caller's flag is set, memory is over its limit or the run's deadline
    /// has passed; `doing` says what was under way, for the error's "reached so far".
    pub fn check(&self, doing: &str) -> Result<(), EngineError> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(EngineError::Interrupted {
                reached: doing.to_string(),
            });
        }
        if let Err(m) = crate::memory::check(self.max_memory) {
            return Err(EngineError::Limit {
                which: m.to_string(),
                reached: doing.to_string(),
            });
        }
        if self.deadline.is_some_and(|at| Instant::now() > at) {
            return Err(EngineError::Limit {
                which: format!("{:?} of time", self.time),
                reached: doing.to_string(),
            });
        }
        Ok(())
    }
}

impl Saturation {
    /// The limits of the last run, to be kept by what is done with its e-graph afterwards.
    pub fn watch(&self) -> Watch {
        self.run.watch()
    }
}

impl Run {
    /// The limits of the run, to be kept by what is done with its e-graph afterwards.
    pub fn watch(&self) -> Watch {
        let g = &self.guard;
        Watch {
            deadline: g.deadline,
            time: g.time,
            cancel: g.cancel.clone(),
            max_memory: g.max_memory,
        }
    }
}

impl Run {
    /// Whether the time limit has run out, the memory estimate is over its limit, or the
    /// caller asked to stop.
    pub(super) fn stopped(&self) -> bool {
        self.interrupt().is_some()
    }

    /// What stops the run now, if anything: the caller's flag, the memory estimate, the clock.
    /// Cheap enough to ask before every candidate match (the memory estimate is kept up to
    /// date incrementally).
    pub(super) fn interrupt(&self) -> Option<Stop> {
        let g = &self.guard;
        if g.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Some(Stop::Cancel);
        }
        if let Some(which) = self.halted.borrow().clone() {
            return Some(Stop::Limit(which));
        }
        // Counted allocation when the program counts it; the estimate otherwise.
        if let Err(m) = crate::memory::check(g.max_memory) {
            return Some(Stop::Limit(m.to_string()));
        }
        if crate::memory::in_use().is_none() {
            let used = self.memory();
            if used > g.max_memory {
                return Some(Stop::Limit(format!(
                    "{} of memory (an estimated {} held by the e-graph and its kernel)",
                    bytes(g.max_memory as u64),
                    bytes(used as u64)
                )));
            }
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
    pub(super) fn release_kernel(&self) {
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
}
