//! The short-game kernel: hash-consed canonical forms with memoised sums and comparisons.
//!
//! STUB: the public API below is the contract other layers code against; the kernel work
//! package implements it (and may add to it, but not change these signatures).

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
#[derive(Default)]
pub struct Kernel {}

impl Kernel {
    /// An empty arena.
    pub fn new() -> Self {
        todo!()
    }
    /// The canonical game with these options: duplicates removed, reversible options bypassed,
    /// dominated options deleted.
    pub fn from_options(&mut self, _left: &[GameId], _right: &[GameId]) -> GameId {
        todo!()
    }
    /// The number x.
    pub fn number(&mut self, _x: &Dyadic) -> GameId {
        todo!()
    }
    /// `number + up·↑ + *nim`, in closed form.
    pub fn nus(&mut self, _number: &Dyadic, _up: &BigInt, _nim: &Nimber) -> GameId {
        todo!()
    }
    /// Evaluates a term to its canonical value.
    pub fn eval(&mut self, _t: &Term) -> Result<GameId, KernelError> {
        todo!()
    }
    /// The canonical form as a term, with CGSuite's sugar: numbers, number-up-star, ±, Tiny/Miny.
    pub fn to_term(&mut self, _g: GameId) -> Term {
        todo!()
    }
    /// a + b.
    pub fn add(&mut self, _a: GameId, _b: GameId) -> GameId {
        todo!()
    }
    /// -a.
    pub fn neg(&mut self, _a: GameId) -> GameId {
        todo!()
    }
    /// a ≤ b.
    pub fn le(&mut self, _a: GameId, _b: GameId) -> bool {
        todo!()
    }
    /// The relation between a and b.
    pub fn compare(&mut self, _a: GameId, _b: GameId) -> Relation {
        todo!()
    }
    /// The outcome class.
    pub fn outcome(&mut self, _g: GameId) -> Outcome {
        todo!()
    }
    /// The number g equals, if it is one.
    pub fn as_number(&self, _g: GameId) -> Option<Dyadic> {
        todo!()
    }
    /// The nimber g equals, if it is one.
    pub fn as_nimber(&self, _g: GameId) -> Option<Nimber> {
        todo!()
    }
    /// `(number, up, nim)` if g equals a number-up-star value.
    pub fn as_nus(&self, _g: GameId) -> Option<(Dyadic, BigInt, Nimber)> {
        todo!()
    }
    /// The birthday of g.
    pub fn birthday(&mut self, _g: GameId) -> BigInt {
        todo!()
    }
    /// The left stop.
    pub fn left_stop(&mut self, _g: GameId) -> Dyadic {
        todo!()
    }
    /// The right stop.
    pub fn right_stop(&mut self, _g: GameId) -> Dyadic {
        todo!()
    }
    /// The canonical Left options of g.
    pub fn left_options(&mut self, _g: GameId) -> Result<Vec<GameId>, KernelError> {
        todo!()
    }
    /// The canonical Right options of g.
    pub fn right_options(&mut self, _g: GameId) -> Result<Vec<GameId>, KernelError> {
        todo!()
    }
}
