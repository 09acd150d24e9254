//! Canonical forms back to terms, with CGSuite's sugar (research notes cgsuite.md §1): closed
//! forms as leaves, switches as ±, Tiny/Miny, and a deterministic option order so that equal
//! values always print alike.

use super::arena::Node;
use super::{GameId, Kernel};
use crate::term::Term;
use std::cmp::Ordering;
use std::sync::Arc;

/// How a canonical value is written one level deep: its sugar and the values it is written
/// with. The tree printer and the shared printer both write values from this, so a shared
/// term written out is exactly the tree.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    /// A number-up-star leaf.
    Leaf(Term),
    /// `±{a, b, …}` (the Left options, sorted).
    PlusMinus(Vec<GameId>),
    /// `x + Tiny(sub)`.
    Tiny(crate::number::Dyadic, GameId),
    /// `x + Miny(sub)`.
    Miny(crate::number::Dyadic, GameId),
    /// `{L | R}`, each side sorted.
    Game(Vec<GameId>, Vec<GameId>),
}

impl Shape {
    /// The values the shape is written with, in printing order.
    pub(crate) fn children(&self) -> Vec<GameId> {
        match self {
            Shape::Leaf(_) => vec![],
            Shape::PlusMinus(xs) => xs.clone(),
            Shape::Tiny(_, s) | Shape::Miny(_, s) => vec![*s],
            Shape::Game(l, r) => l.iter().chain(r).copied().collect(),
        }
    }

    /// The term, with `kid` writing each value it is written with.
    pub(crate) fn assemble(&self, mut kid: impl FnMut(GameId) -> Term) -> Term {
        match self {
            Shape::Leaf(t) => t.clone(),
            Shape::PlusMinus(xs) => Term::PlusMinus(xs.iter().map(|&x| kid(x)).collect()),
            Shape::Tiny(number, s) => Term::Tiny {
                number: number.clone(),
                sub: Box::new(kid(*s)),
            },
            Shape::Miny(number, s) => Term::Miny {
                number: number.clone(),
                sub: Box::new(kid(*s)),
            },
            Shape::Game(l, r) => Term::Game {
                left: l.iter().map(|&x| kid(x)).collect(),
                right: r.iter().map(|&x| kid(x)).collect(),
            },
        }
    }
}

impl Kernel {
    pub(crate) fn term_of(&mut self, g: GameId) -> Term {
        let shape = self.shape(g);
        shape.assemble(|x| self.term_of(x))
    }

    /// How g is written one level deep.
    pub(crate) fn shape(&mut self, g: GameId) -> Shape {
        let (l, r) = match self.arena.node(g) {
            Node::Nus(v) => {
                return Shape::Leaf(Term::Nus {
                    number: v.number.clone(),
                    up: v.up.clone(),
                    nim: v.nim.clone(),
                })
            }
            Node::Opts => self.arena.opts_vec(g),
        };
        if self.negate(g) == g {
            return Shape::PlusMinus(self.sorted(l));
        }
        if let Some(t) = self.tiny_shape(&l, &r) {
            return t;
        }
        let l = self.sorted(l);
        Shape::Game(l, self.sorted(r))
    }

    /// `{x || x | y}` with x a number and y's left stop below x is `x + Tiny(x − y)`, and
    /// dually for Miny. The stop test is sufficient for CGSuite's "mean of y below x".
    fn tiny_shape(&mut self, l: &[GameId], r: &[GameId]) -> Option<Shape> {
        let (&[a], &[b]) = (l, r) else { return None };
        if let Some(x) = self.as_number(a) {
            if let Some((left, right)) = self.opts_of(b) {
                if let (&[bl], &[y]) = (&left[..], &right[..]) {
                    if bl == a && self.left_stop(y) < x {
                        let ny = self.negate(y);
                        let sub = self.add(a, ny).ok()?;
                        return Some(Shape::Tiny(x, sub));
                    }
                }
            }
        }
        if let Some(x) = self.as_number(b) {
            if let Some((left, right)) = self.opts_of(a) {
                if let (&[y], &[ar]) = (&left[..], &right[..]) {
                    if ar == b && self.right_stop(y) > x {
                        let nb = self.negate(b);
                        let sub = self.add(y, nb).ok()?;
                        return Some(Shape::Miny(x, sub));
                    }
                }
            }
        }
        None
    }

    fn opts_of(&self, g: GameId) -> Option<(Vec<GameId>, Vec<GameId>)> {
        match self.arena.node(g) {
            Node::Opts => Some(self.arena.opts_vec(g)),
            Node::Nus(_) => None,
        }
    }

    fn sorted(&mut self, mut v: Vec<GameId>) -> Vec<GameId> {
        v.sort_by(|&a, &b| self.det_cmp(a, b));
        v
    }

    /// CGSuite's deterministic order: numbers by value, then nimbers, then other closed forms,
    /// then other games by their sorted option lists.
    ///
    /// Memoised (each pair of games with options, and each game's sorted lists): the order
    /// recurses into both games' options and sorts them, so unmemoised it costs time
    /// exponential in the depth of the DAG (Σ_{k≤12} {k||0|−k} ran for minutes, unchecked,
    /// inside the printer). Ids are never reused, so an entry stays true.
    pub(crate) fn det_cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let rank = |k: &Kernel, g: GameId| match k.arena.nus(g) {
            Some(v) if v.is_number() => 0,
            Some(v) if v.number.is_zero() && num_traits::Zero::is_zero(&v.up) => 1,
            Some(_) => 2,
            None => 3,
        };
        let (ra, rb) = (rank(self, a), rank(self, b));
        if ra != rb {
            return ra.cmp(&rb);
        }
        match (self.arena.node(a), self.arena.node(b)) {
            (Node::Nus(x), Node::Nus(y)) => x
                .number
                .cmp(&y.number)
                .then_with(|| x.nim.cmp(&y.nim))
                .then_with(|| x.up.cmp(&y.up)),
            (Node::Opts, Node::Opts) => {
                let key = (a.min(b), a.max(b));
                let forward = |o: Ordering| if a < b { o } else { o.reverse() };
                if let Some(&o) = self.det_order.get(&key) {
                    return forward(o);
                }
                let (al, ar) = self.det_sorted(a);
                let (bl, br) = self.det_sorted(b);
                let o = match self.lex(&al, &bl) {
                    Ordering::Equal => self.lex(&ar, &br),
                    o => o,
                };
                // Stored as key.0 against key.1.
                self.det_order.insert(key, forward(o));
                o
            }
            _ => a.cmp(&b),
        }
    }

    /// g's Left and Right options, each in the deterministic order, memoised.
    fn det_sorted(&mut self, g: GameId) -> (Arc<[GameId]>, Arc<[GameId]>) {
        if let Some((l, r)) = self.det_sorted.get(&g) {
            return (l.clone(), r.clone());
        }
        let (l, r) = self.arena.opts_vec(g);
        let (l, r): (Arc<[GameId]>, Arc<[GameId]>) = (self.sorted(l).into(), self.sorted(r).into());
        self.det_sorted.insert(g, (l.clone(), r.clone()));
        (l, r)
    }

    fn lex(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (x, y) in a.iter().zip(b) {
            let c = self.det_cmp(*x, *y);
            if c != Ordering::Equal {
                return c;
            }
        }
        a.len().cmp(&b.len())
    }
}
