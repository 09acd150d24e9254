//! The short-game kernel: hash-consed canonical forms with memoised sums and comparisons.
//!
//! The kernel is the exact oracle behind rewriting: it decides side conditions such as `0 ≤ 1`
//! and evaluates terms fast. Values live in an arena ([`Kernel`]) and are named by [`GameId`]s;
//! because every stored game is canonical and interned, equal values have equal ids, so equality
//! is an integer comparison. Numbers, nimbers and `x + n·↑ + *k` are kept in closed form, so
//! `2^-4000`, `*2^1000` and `^1000000` each cost one record and add in O(digits).
//!
//! No method panics. Where an operation would have to open up a closed form too large to expand
//! (the options of `*2^1000`, a sum of `^10^6` with a general game) it returns a
//! [`KernelError`]: a fallback value would be a silently wrong answer.
//!
//! Its parts: `arena` (the records, kinds and the budget), `construct` (canonical forms:
//! dominated and reversible options), `sum`, `compare` (the order, cheapest tests first) over
//! `memo` and `idmap` (the memo tables), `nus` (number-up-star closed forms), `props`,
//! `eval` (a term's games evaluated, calls by the caller's resolver), `display` and `shared`
//! (canonical values printed, as a tree or with each repeated part named once).
//!
//! ```
//! use onag::Kernel;
//! use onag::{Dyadic, Term};
//! let mut k = Kernel::new();
//! // {0, 1 | 2}: Left's 0 is dominated by 1, and the simplest number between 1 and 2 is 3/2.
//! let g = k.eval(&Term::game(vec![Term::integer(0), Term::integer(1)], vec![Term::integer(2)])).unwrap();
//! assert_eq!(k.as_number(g), Some("3/2".parse::<Dyadic>().unwrap()));
//! assert_eq!(g, k.number(&"3/2".parse().unwrap()));
//! ```

mod arena;
mod compare;
mod construct;
mod display;
mod eval;
pub(crate) mod idmap;
mod memo;
mod nus;
mod props;
mod shared;
mod sig;
mod sum;

pub(crate) use shared::generated_name;

use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The id of a canonical short game in a [`Kernel`]. Equal values have equal ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// The outcome class of a game: who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OutcomeClass {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G ‖ 0).
    N,
    /// The second player wins (G = 0).
    P,
}

/// The class's letter, as CGSuite prints it: `L`, `R`, `N` or `P`.
impl fmt::Display for OutcomeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutcomeClass::L => "L",
            OutcomeClass::R => "R",
            OutcomeClass::N => "N",
            OutcomeClass::P => "P",
        })
    }
}

/// How two games compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// a < b
    Less,
    /// a = b
    Equal,
    /// a > b
    Greater,
    /// a ‖ b (confused, incomparable)
    Fuzzy,
}

/// Why the kernel could not produce a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelError {
    /// A closed-form value whose explicit options were asked for has too many of them
    /// (for example the 2^64 options of `*2^64`).
    TooManyOptions {
        /// What was being expanded.
        what: String,
    },
    /// A count or size beyond what the kernel will build (for example a Hackenstring row or a
    /// multiple too large to expand).
    TooLarge {
        /// What was too large, in words.
        what: String,
    },
    /// The kernel's [`Budget`] ran out (games interned, work, time, or the caller's cancel
    /// flag) before the answer was found.
    Limit {
        /// Which limit, in words.
        which: String,
    },
    /// A function of the expression language (`crate::functions`) cannot be applied to its
    /// arguments: an unknown name, a wrong number or kind of arguments, or an argument outside
    /// the function's domain (the atomic weight of a game that is not infinitesimal). Bad input,
    /// not a limit.
    Function {
        /// The function's name.
        name: String,
        /// Why, in words.
        message: String,
        /// The calls (and infinite braces, which are calls of `cut`) being evaluated when it
        /// failed, innermost first, so a caller holding the source text can point at the one
        /// written there (`syntax::locate_call`). Empty when it was not raised inside a call.
        calls: Vec<Term>,
    },
    /// A name ([`Term::Name`]) that no enclosing `where` defines: bad input (the parser never
    /// produces one; a term built by a program can).
    Unbound {
        /// The name.
        name: String,
    },
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::TooManyOptions { what } => write!(f, "too many options to list: {what}"),
            KernelError::TooLarge { what } => write!(f, "too large: {what}"),
            KernelError::Limit { which } => write!(f, "kernel limit reached: {which}"),
            KernelError::Function { name, message, .. } => write!(f, "{name}: {message}"),
            KernelError::Unbound { name } => {
                write!(f, "`{name}` is not defined by a `where` around it")
            }
        }
    }
}

impl std::error::Error for KernelError {}

impl KernelError {
    /// This error, noting that it was raised while evaluating `call` (a [`Term::Call`]): the
    /// call is added after those already noted, so the list runs from the innermost call out.
    /// Only errors about a function's input (bad input) keep their calls; others are unchanged.
    pub fn in_call(mut self, call: &Term) -> KernelError {
        if let KernelError::Function { calls, .. } = &mut self {
            calls.push(call.clone());
        }
        self
    }
}

/// The arena of canonical short games.
///
/// Results are memoised for the kernel's lifetime and never evicted: sums and comparisons by id
/// pair, so a sum of many switches reuses every partial sum it meets.
///
/// ```
/// use onag::{Kernel, OutcomeClass, Relation};
/// use onag::{Dyadic, Nimber, Term};
/// use num_bigint::BigInt;
/// let mut k = Kernel::new();
/// let zero = k.zero();
/// // ↑ = {0 | *}: built from options, it is recognised as the closed form 1·↑.
/// let star = k.nus(&Dyadic::zero(), &BigInt::from(0), &Nimber::from(1));
/// let up = k.from_options(&[zero], &[star]).unwrap();
/// assert_eq!(up, k.nus(&Dyadic::zero(), &BigInt::from(1), &Nimber::zero()));
/// // ↑ is positive but smaller than every positive number; ↑ and * are confused.
/// assert_eq!(k.outcome(up).unwrap(), OutcomeClass::L);
/// let tiny_number = k.number(&Dyadic::new(BigInt::from(1), 4000)); // 2^-4000, one record
/// assert_eq!(k.compare(up, tiny_number).unwrap(), Relation::Less);
/// assert_eq!(k.compare(up, star).unwrap(), Relation::Fuzzy);
/// // ↑ + ↑ + * = {0 | ↑}, printed back in closed form.
/// let s = k.add(up, up).unwrap();
/// let s = k.add(s, star).unwrap();
/// assert_eq!(k.left_options(s).unwrap(), vec![zero]);
/// assert_eq!(k.right_options(s).unwrap(), vec![up]);
/// assert_eq!(k.to_term(s), Term::Nus { number: Dyadic::zero(), up: BigInt::from(2), nim: Nimber::from(1) });
/// ```
pub struct Kernel {
    arena: arena::Arena,
    budget: Budget,
    /// Units of work done so far: one per sum, comparison or canonical form not found in a memo.
    work: u64,
    /// The last limit reached, kept so that a caller who sees only a missing value (the
    /// engine's class analysis) can say why.
    limit_hit: Option<String>,
    /// The values of `#n` references ([`Term::Ref`]), as their owner told them.
    refs: rustc_hash::FxHashMap<u32, GameId>,
    /// The values of the names of the `where`s being evaluated.
    scope: shared::Scope,
    /// The size of each value's canonical form written as a tree ([`Kernel::tree_size`]).
    tree_sizes: rustc_hash::FxHashMap<GameId, BigInt>,
    /// The printer's deterministic order of two games with options (`display::det_cmp`),
    /// the lesser id first.
    det_order: rustc_hash::FxHashMap<(GameId, GameId), std::cmp::Ordering>,
    /// Each game's options in that order.
    det_sorted: rustc_hash::FxHashMap<GameId, DetSorted>,
    /// The dominance pass's buffers (`construct::undominated`), kept so that the pass, run
    /// for every canonical form, allocates only its result.
    dominance_order: Vec<construct::Ranked>,
    dominance_keep: Vec<construct::Ranked>,
}

/// Opaque: an arena of hash-consed games and its memos.
impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel").finish_non_exhaustive()
    }
}

/// A game's Left and Right options in the printer's order.
type DetSorted = (std::sync::Arc<[GameId]>, std::sync::Arc<[GameId]>);

/// What a [`Kernel`] may spend before it gives up with [`KernelError::Limit`].
///
/// Sums and canonical forms of hot games can grow without bound (Σ of n switches has 2^n
/// options before simplification), so the kernel checks its budget on every sum, comparison and
/// canonical form it has to work out rather than read from a memo. The defaults allow every
/// computation the tests and benchmarks make and stop well before a machine's memory runs out.
///
/// ```
/// use onag::{Budget, Kernel, KernelError};
/// let mut k = Kernel::new();
/// k.set_budget(Budget { max_games: 100, ..Budget::default() });
/// let t = onag::parse("{1||0|-1} + {2||0|-2} + {3||0|-3} + {4||0|-4}").unwrap();
/// assert!(matches!(k.eval(&t), Err(KernelError::Limit { .. })));
/// ```
#[derive(Clone, Debug)]
pub struct Budget {
    /// The most distinct values the arena may hold (each costs a few hundred bytes with its
    /// memo entries).
    pub max_games: usize,
    /// The most units of work: sums, comparisons and canonical forms not found in a memo.
    pub max_work: u64,
    /// When to give up, checked every `CHECK_EVERY` units of work.
    pub deadline: Option<Instant>,
    /// Set from another thread to stop the computation, checked with the deadline.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The most bytes the process may have allocated, checked on every unit of work when the
    /// binary counts allocation (`crate::memory`); default the process-wide limit.
    pub max_memory: usize,
}

/// How many units of work pass between looks at the clock and the cancel flag.
pub const CHECK_EVERY: u64 = 256;

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_games: 1 << 24,
            max_work: u64::MAX,
            deadline: None,
            cancel: None,
            max_memory: crate::memory::limit(),
        }
    }
}

impl Budget {
    /// Whether the work may go on: the cancel flag, the deadline and the memory limit, in that
    /// order. For loops outside the kernel's own accounting (rulesets, misère play, loopy
    /// games), which call it at their own pace.
    pub fn check(&self) -> Result<(), KernelError> {
        let which = if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            "cancelled by the caller".to_string()
        } else if self.deadline.is_some_and(|d| Instant::now() > d) {
            "the deadline of its time limit passed".to_string()
        } else if let Err(m) = crate::memory::check(self.max_memory) {
            m.to_string()
        } else {
            return Ok(());
        };
        Err(KernelError::Limit { which })
    }
}

impl Default for Kernel {
    fn default() -> Self {
        Kernel::new()
    }
}

impl Kernel {
    /// An empty arena.
    pub fn new() -> Self {
        Kernel {
            arena: arena::Arena::new(),
            budget: Budget::default(),
            work: 0,
            limit_hit: None,
            refs: Default::default(),
            scope: Default::default(),
            tree_sizes: Default::default(),
            det_order: Default::default(),
            det_sorted: Default::default(),
            dominance_order: Vec::new(),
            dominance_keep: Vec::new(),
        }
    }

    /// Tells the kernel the value of the reference `#n`, so terms holding it can be evaluated.
    pub fn set_reference(&mut self, n: u32, value: GameId) {
        self.refs.insert(n, value);
    }

    /// The value of `#n`, if it was told.
    pub fn reference_value(&self, n: u32) -> Option<GameId> {
        self.refs.get(&n).copied()
    }

    pub(crate) fn reference(&self, n: u32) -> Result<GameId, KernelError> {
        self.reference_value(n)
            .ok_or_else(|| KernelError::TooLarge {
                what: format!("#{n}, a reference whose value was not given"),
            })
    }

    /// Replaces the budget; the work counted so far and the last limit reached are reset, so
    /// a kernel kept between computations can be given a fresh allowance.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.work = 0;
        self.limit_hit = None;
    }

    /// The budget in force.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// Units of work spent since the budget was last set (sums, comparisons and canonical
    /// forms worked out rather than read from a memo): a measure of work that does not
    /// depend on the machine, for the regression gate of `benches/work_counts.txt`.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The last limit of the budget reached since it was set, in words.
    pub fn limit_reached(&self) -> Option<&str> {
        self.limit_hit.as_deref()
    }

    /// Counts one unit of work and checks the budget: called before each sum, comparison and
    /// canonical form that is worked out rather than read from a memo. A result already
    /// memoised is always correct, so stopping between units leaves the kernel usable.
    pub(crate) fn spend(&mut self) -> Result<(), KernelError> {
        self.work += 1;
        let which = if self.arena.nodes.len() > self.budget.max_games {
            Some(format!("{} games interned", self.budget.max_games))
        } else if self.work > self.budget.max_work {
            Some(format!("{} units of work", self.budget.max_work))
        } else if let Err(m) = crate::memory::check(self.budget.max_memory) {
            Some(m.to_string())
        } else if self.work.is_multiple_of(CHECK_EVERY) {
            self.interrupted()
        } else {
            None
        };
        self.stop_at(which)
    }

    /// Checks the deadline, the cancel flag and the memory limit at once (not every
    /// `CHECK_EVERY` units): for callers outside the kernel whose single steps are coarse,
    /// such as the number world's arithmetic (`functions::world`) between its operations.
    pub fn check_budget(&mut self) -> Result<(), KernelError> {
        let which = match crate::memory::check(self.budget.max_memory) {
            Err(m) => Some(m.to_string()),
            Ok(()) => self.interrupted(),
        };
        self.stop_at(which)
    }

    /// The cancel flag or the deadline, whichever has ended the work, in words.
    fn interrupted(&self) -> Option<String> {
        if self
            .budget
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some("cancelled by the caller".to_string())
        } else if self.budget.deadline.is_some_and(|d| Instant::now() > d) {
            Some("the deadline of its time limit passed".to_string())
        } else {
            None
        }
    }

    /// Records the limit reached, if any, and reports it.
    fn stop_at(&mut self, which: Option<String>) -> Result<(), KernelError> {
        match which {
            None => Ok(()),
            Some(which) => {
                self.limit_hit = Some(which.clone());
                Err(KernelError::Limit { which })
            }
        }
    }

    /// The id of 0.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// How many distinct values the arena holds.
    pub fn len(&self) -> usize {
        self.arena.nodes.len()
    }

    /// Never true: 0 is always present.
    pub fn is_empty(&self) -> bool {
        self.arena.nodes.is_empty()
    }

    /// The number x.
    pub fn number(&mut self, x: &Dyadic) -> GameId {
        self.nus_id(arena::Nus::new(x.clone(), BigInt::from(0), Nimber::zero()))
    }
    /// `number + up·↑ + *nim`, in closed form.
    pub fn nus(&mut self, number: &Dyadic, up: &BigInt, nim: &Nimber) -> GameId {
        self.nus_id(arena::Nus::new(number.clone(), up.clone(), nim.clone()))
    }
    /// The canonical form as a term, with CGSuite's sugar: numbers, number-up-star, ±, Tiny/Miny.
    pub fn to_term(&mut self, g: GameId) -> Term {
        self.term_of(g)
    }
    /// -a.
    pub fn neg(&mut self, a: GameId) -> GameId {
        self.negate(a)
    }
    /// The outcome class, or an error as for [`Kernel::compare`].
    pub fn outcome(&mut self, g: GameId) -> Result<OutcomeClass, KernelError> {
        Ok(match self.compare(g, GameId(0))? {
            Relation::Greater => OutcomeClass::L,
            Relation::Less => OutcomeClass::R,
            Relation::Equal => OutcomeClass::P,
            Relation::Fuzzy => OutcomeClass::N,
        })
    }
    /// The number g equals, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.arena
            .nus(g)
            .filter(|v| v.is_number())
            .map(|v| v.number.clone())
    }
    /// The nimber g equals, if it is one.
    pub fn as_nimber(&self, g: GameId) -> Option<Nimber> {
        use num_traits::Zero;
        self.arena
            .nus(g)
            .filter(|v| v.number.is_zero() && v.up.is_zero())
            .map(|v| v.nim.clone())
    }
    /// `(number, up, nim)` if g equals a number-up-star value.
    pub fn as_nus(&self, g: GameId) -> Option<(Dyadic, BigInt, Nimber)> {
        self.arena
            .nus(g)
            .map(|v| (v.number.clone(), v.up.clone(), v.nim.clone()))
    }
    /// The birthday of g.
    pub fn birthday(&mut self, g: GameId) -> BigInt {
        self.birthday_of(g)
    }
    /// The left stop.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }
    /// The right stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }
    /// The canonical Left options of g.
    pub fn left_options(&mut self, g: GameId) -> Result<Vec<GameId>, KernelError> {
        self.options(g).map(|(l, _)| l)
    }
    /// The canonical Right options of g.
    pub fn right_options(&mut self, g: GameId) -> Result<Vec<GameId>, KernelError> {
        self.options(g).map(|(_, r)| r)
    }
}
