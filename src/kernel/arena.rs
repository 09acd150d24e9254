//! Storage: the hash-consed table of canonical games and the memo tables.
//!
//! Every value that equals a number-up-star is stored as a closed-form record and never as
//! explicit options, so `2^-4000` or `*2^1000` cost one record. Everything else is stored as its
//! canonical options, sorted by id: since canonical forms are unique, two records with the same
//! options are the same value, and interning them makes value equality id equality.

use super::GameId;
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::Zero;
use rustc_hash::FxHashMap;

/// `number + up·↑ + *nim` in closed form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) up: BigInt,
    pub(crate) nim: Nimber,
}

impl Nus {
    pub(crate) fn is_number(&self) -> bool {
        self.up.is_zero() && self.nim.is_zero()
    }
}

/// A stored canonical game.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A number-up-star value, never expanded in storage.
    Nus(Nus),
    /// A canonical game that is not number-up-star: its options, each side sorted by id.
    Opts {
        left: Box<[GameId]>,
        right: Box<[GameId]>,
    },
}

/// The tables behind a [`super::Kernel`].
pub(crate) struct Arena {
    pub(crate) nodes: Vec<Node>,
    pub(crate) nus_ids: FxHashMap<Nus, GameId>,
    pub(crate) opt_ids: FxHashMap<(Box<[GameId]>, Box<[GameId]>), GameId>,
    /// Sums by id pair (smaller id first): lossless, so a sum is never computed twice.
    pub(crate) sums: FxHashMap<(GameId, GameId), GameId>,
    pub(crate) negs: FxHashMap<GameId, GameId>,
    /// `a ≤ b` by ordered id pair.
    pub(crate) les: FxHashMap<(GameId, GameId), bool>,
    pub(crate) stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    pub(crate) birthdays: FxHashMap<GameId, BigInt>,
}

/// What a foreign id (one this kernel never handed out) reads as: zero, so that no lookup panics.
static ZERO_NODE: std::sync::OnceLock<Node> = std::sync::OnceLock::new();

impl Arena {
    pub(crate) fn new() -> Self {
        let mut a = Arena {
            nodes: Vec::new(),
            nus_ids: FxHashMap::default(),
            opt_ids: FxHashMap::default(),
            sums: FxHashMap::default(),
            negs: FxHashMap::default(),
            les: FxHashMap::default(),
            stops: FxHashMap::default(),
            birthdays: FxHashMap::default(),
        };
        a.intern_nus(Nus {
            number: Dyadic::zero(),
            up: BigInt::zero(),
            nim: Nimber::zero(),
        });
        a
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
        match self.nodes.get(g.0 as usize) {
            Some(n) => n,
            None => ZERO_NODE.get_or_init(|| {
                Node::Nus(Nus {
                    number: Dyadic::zero(),
                    up: BigInt::zero(),
                    nim: Nimber::zero(),
                })
            }),
        }
    }

    pub(crate) fn nus(&self, g: GameId) -> Option<&Nus> {
        match self.node(g) {
            Node::Nus(n) => Some(n),
            Node::Opts { .. } => None,
        }
    }

    pub(crate) fn is_number(&self, g: GameId) -> bool {
        self.nus(g).is_some_and(Nus::is_number)
    }

    pub(crate) fn intern_nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.nus_ids.get(&v) {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node::Nus(v.clone()));
        self.nus_ids.insert(v, id);
        id
    }

    /// Interns a canonical non-NUS game; the caller guarantees canonicity and non-NUS-ness.
    pub(crate) fn intern_opts(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.opt_ids.get(&key) {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        self.nodes.push(Node::Opts {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.opt_ids.insert(key, id);
        id
    }
}
