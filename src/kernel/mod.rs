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
//! ```
//! use onag::kernel::Kernel;
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
mod memo;
mod nus;
mod props;
mod sum;

use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;
use std::fmt;

/// The id of a canonical short game in a [`Kernel`]. Equal values have equal ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub u32);

/// The outcome class of a game: who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G ‖ 0).
    N,
    /// The second player wins (G = 0).
    P,
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
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelError::TooManyOptions { what } => write!(f, "too many options to list: {what}"),
            KernelError::TooLarge { what } => write!(f, "too large: {what}"),
        }
    }
}

impl std::error::Error for KernelError {}

/// The arena of canonical short games.
///
/// Results are memoised for the kernel's lifetime and never evicted: sums and comparisons by id
/// pair, so a sum of many switches reuses every partial sum it meets.
///
/// ```
/// use onag::kernel::{Kernel, Outcome, Relation};
/// use onag::{Dyadic, Nimber, Term};
/// use num_bigint::BigInt;
/// let mut k = Kernel::new();
/// let zero = k.zero();
/// // ↑ = {0 | *}: built from options, it is recognised as the closed form 1·↑.
/// let star = k.nus(&Dyadic::zero(), &BigInt::from(0), &Nimber::from(1));
/// let up = k.from_options(&[zero], &[star]).unwrap();
/// assert_eq!(up, k.nus(&Dyadic::zero(), &BigInt::from(1), &Nimber::zero()));
/// // ↑ is positive but smaller than every positive number; ↑ and * are confused.
/// assert_eq!(k.outcome(up).unwrap(), Outcome::L);
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
    /// Evaluates a term to its canonical value.
    pub fn eval(&mut self, t: &Term) -> Result<GameId, KernelError> {
        self.eval_term(t)
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
    pub fn outcome(&mut self, g: GameId) -> Result<Outcome, KernelError> {
        Ok(match self.compare(g, GameId(0))? {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Fuzzy => Outcome::N,
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
