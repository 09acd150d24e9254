//! The one evaluator of the rule language: patterns (set patterns included), side conditions,
//! value expressions and templates.
//!
//! The engine matches rules against e-graph nodes and the proof producer (`proof::compose`)
//! against plain terms; both go through this module, so what a rule means is written once. What
//! differs between them is only how a game is held: a [`Host`] says what a node looks like
//! ([`Host::shape`]), which nodes a pattern may look at below the top ([`Host::candidates`]:
//! the engine offers a class's nodes and asks for a closed form to be opened, a term offers
//! itself and opens a closed form by the rule set's `kind open` rules), when one name bound
//! twice stands for the same game, and a child's value in the kernel.
//!
//! The checker (`proof::check`) deliberately does not use this module: it has its own small
//! interpreter (`proof::matcher`) and decides `≤` by the definition, so an error here is not
//! confirmed by the code that made it. The differential test (`eval/differential_tests.rs`) runs
//! both on every rule and every game born by day 3 and requires them to agree.
//!
//! A limit reached while deciding a condition (the kernel's budget, its deadline, the caller's
//! cancel flag) is a [`Stop`], never a false or true condition.
//!
//! Its parts: `matching` (patterns), `decide` (conditions, with normal play's `Decider`),
//! `build` and `leaf` (results); the hosts: `terms` (plain terms, for the proof producer),
//! `misere` and `loopy` (the played games' own nodes, each with its play's `Decider`),
//! `loopy_terms` (loopy play's rules on whole terms: `&`, sides) and `play_rules` (the
//! derivation driver's core that misère and loopy play share).

mod build;
mod decide;
mod leaf;
pub mod loopy;
pub mod loopy_terms;
mod matching;
pub mod misere;
pub mod play_rules;
pub mod terms;

#[cfg(test)]
mod differential_tests;
#[cfg(test)]
mod mirror_tests;

pub use build::{build, build_into, Built, Make};
pub use decide::{conditions, Decider, NormalPlay};
pub use leaf::Leaf;
pub use matching::{first, first_in, may_match};

use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use crate::rules::Name;
use crate::term::Pebble;
use num_bigint::BigInt;
use std::fmt;
use std::ops::DerefMut;
use std::rc::Rc;

/// The kinds of a rule's variables, by name.
pub type Kinds = std::collections::BTreeMap<String, crate::rules::check::VarKind>;

/// Why an evaluation stopped without an answer. Never a mathematical answer: a caller ends
/// its run with "limit reached".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The kernel's budget ran out (games interned, work, its deadline, the cancel flag).
    Kernel(KernelError),
    /// The caller's own limit (asked before each candidate match) said to stop.
    GaveUp,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Kernel(e) => write!(f, "{e}"),
            Stop::GaveUp => write!(f, "a limit was reached while matching"),
        }
    }
}

/// What a failed step of evaluation means: a value that does not exist here (the condition
/// or the result simply does not apply), or a limit.
#[derive(Debug)]
pub(crate) enum Fail {
    /// Not defined for these bindings (a set that is not all numbers, a value too large).
    Undefined,
    /// A limit: passed on, never turned into an answer.
    Stop(Stop),
}

impl From<KernelError> for Fail {
    fn from(e: KernelError) -> Self {
        match e {
            KernelError::Limit { .. } => Fail::Stop(Stop::Kernel(e)),
            // A value the kernel will not build (too many options, too large) is undefined
            // here: the rule does not apply, nothing is claimed.
            _ => Fail::Undefined,
        }
    }
}

impl From<Stop> for Fail {
    fn from(s: Stop) -> Self {
        Fail::Stop(s)
    }
}

/// `Option` to [`Fail::Undefined`].
pub(crate) trait Defined<T> {
    fn defined(self) -> Result<T, Fail>;
}

impl<T> Defined<T> for Option<T> {
    fn defined(self) -> Result<T, Fail> {
        self.ok_or(Fail::Undefined)
    }
}

/// Ends a `Result<_, Fail>` chain: undefined becomes `None`, a limit stays an error.
pub(crate) fn settle<T>(r: Result<T, Fail>) -> Result<Option<T>, Stop> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(Fail::Undefined) => Ok(None),
        Err(Fail::Stop(s)) => Err(s),
    }
}

/// A closed-form leaf as a pattern sees it.
#[derive(Clone, Copy, Debug)]
pub enum LeafRef<'a> {
    /// number + up·↑ + *nim.
    Nus {
        /// The number part.
        number: &'a Dyadic,
        /// The up multiple.
        up: &'a BigInt,
        /// The nimber part.
        nim: &'a Nimber,
    },
    /// A Hackenstring row.
    Hack(&'a [Pebble]),
    /// The number 0 written another way (the empty Hackenstring row).
    Zero,
}

/// What a node is, with its children as the host holds them.
#[derive(Debug)]
pub enum Shape<'a, I> {
    /// `{left | right}`.
    Game(&'a [I], &'a [I]),
    /// `a + b`.
    Sum(&'a I, &'a I),
    /// `-a`.
    Neg(&'a I),
    /// `±{xs}`.
    PlusMinus(&'a [I]),
    /// A closed form.
    Leaf(LeafRef<'a>),
    /// Nothing a pattern matches (a function call).
    Other,
}

/// Which kind of node a pattern below the top wants to look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// A game form `{…|…}` (a closed form is opened by its definition).
    Game,
    /// A closed-form leaf.
    Leaf,
    /// A sum.
    Sum,
    /// A negation.
    Neg,
    /// A `±`.
    PlusMinus,
}

/// How games are held: e-graph classes for the engine, terms for the proof producer.
pub trait Host {
    /// A child as a parent node holds it (an e-graph id, a term).
    type Id: Clone + PartialEq + fmt::Debug;
    /// A node a pattern looked at (an e-node, a term).
    type Node: Clone + PartialEq + fmt::Debug;

    /// What `node` is.
    fn shape<'a>(&'a self, node: &'a Self::Node) -> Shape<'a, Self::Id>;
    /// The nodes of child `id` that a pattern wanting `want` may look at, in order.
    fn candidates(&self, id: &Self::Id, want: Want) -> Result<Vec<Self::Node>, Stop>;
    /// Whether two children stand for the same game (a name bound twice).
    fn same(&self, a: &Self::Id, b: &Self::Id) -> Result<bool, Stop>;
    /// The value of a child in the kernel, if the host knows it.
    fn value(&self, k: &mut Kernel, id: &Self::Id) -> Result<Option<GameId>, Stop>;
    /// The kernel conditions are decided with. Not held across calls back into the host.
    fn kernel(&self) -> impl DerefMut<Target = Kernel> + '_;
    /// The kinds of `rule`'s variables (`None` for a rule whose variables have no consistent
    /// kinds). A host that tries the same rules over and over may keep them.
    /// The play the conditions are decided in: normal play (the kernel) unless the host
    /// holds another play's games.
    fn decider(&self) -> &dyn Decider<Self>
    where
        Self: Sized,
    {
        &NormalPlay
    }
    /// Whether the caller asks about this instance of `rule` at all: a driver that tries a
    /// rule's instances in its own order (a loopy side's derivation, one deletion at a time)
    /// turns the others down here, before their conditions are decided. Not a condition: an
    /// instance turned down is not claimed false, only not tried now.
    fn asks(&self, _rule: &crate::rules::Rule, _b: &BindsOf<Self>) -> bool
    where
        Self: Sized,
    {
        true
    }
    fn kinds(&self, rule: &crate::rules::Rule) -> Option<Rc<Kinds>> {
        crate::rules::check::bindings(&rule.pattern)
            .ok()
            .map(Rc::new)
    }
}

/// A game bound by a pattern: the child it is, and the slot of the node a pattern looked at
/// inside it, if any (an opened closed form, say).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound<I> {
    /// The child as the parent node holds it (at the top, what the match started from).
    pub id: I,
    /// The slot of the node matched inside it, if the pattern looked inside.
    pub slot: Option<usize>,
}

/// A node the match looked at: the matched node itself (slot 0) or one inside an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot<I, N> {
    /// The node.
    pub node: N,
    /// The child it was reached through (at the top, what the match started from).
    pub id: I,
    /// Where it sits: the parent slot and the child position in the parent's node.
    pub parent: Option<(usize, usize)>,
}

/// Everything a successful match bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Binds<I, N> {
    /// Game variables.
    pub games: Vec<(Name, Bound<I>)>,
    /// Set variables: the children in the rest of a side.
    pub sets: Vec<(Name, Vec<I>)>,
    /// Value variables (numbers, up multiples and nimbers, all as dyadics).
    pub values: Vec<(Name, Dyadic)>,
    /// Row variables.
    pub rows: Vec<(Name, Vec<Pebble>)>,
    /// The nodes looked at; slot 0 is the matched node.
    pub slots: Vec<Slot<I, N>>,
}

impl<I, N> Default for Binds<I, N> {
    fn default() -> Self {
        Binds {
            games: Vec::new(),
            sets: Vec::new(),
            values: Vec::new(),
            rows: Vec::new(),
            slots: Vec::new(),
        }
    }
}

/// The entry named `name` in a list of bindings.
fn lookup<'a, T>(list: &'a [(Name, T)], name: &str) -> Option<&'a T> {
    list.iter().find_map(|(n, x)| (n == name).then_some(x))
}

impl<I, N> Binds<I, N> {
    /// No bindings, the vectors' room kept.
    pub fn clear(&mut self) {
        self.games.clear();
        self.sets.clear();
        self.values.clear();
        self.rows.clear();
        self.slots.clear();
    }
    /// The game bound to `name`.
    pub fn game(&self, name: &str) -> Option<&Bound<I>> {
        lookup(&self.games, name)
    }
    /// The set bound to `name`.
    pub fn set(&self, name: &str) -> Option<&[I]> {
        lookup(&self.sets, name).map(Vec::as_slice)
    }
    /// The value bound to `name`.
    pub fn value(&self, name: &str) -> Option<&Dyadic> {
        lookup(&self.values, name)
    }
    /// The row bound to `name`.
    pub fn row(&self, name: &str) -> Option<&[Pebble]> {
        lookup(&self.rows, name).map(Vec::as_slice)
    }
}

/// The match type of a host.
pub type BindsOf<H> = Binds<<H as Host>::Id, <H as Host>::Node>;
