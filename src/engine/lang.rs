//! The egg language for game terms, and conversions to and from [`Term`].
//!
//! A game node keeps its options positionally (`kids[..nl]` Left, the rest Right): egg's
//! hash-consing cannot treat children as sets without breaking explanations
//! (research/egg.md §1), so "options are sets" is a rule and set-matching lives in the matcher.

use crate::number::Nimber;
use crate::term::{row_text, Pebble, Term};
use egg::{Id, Language, RecExpr};
use std::fmt;

pub use crate::eval::Leaf;

/// An e-node.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cg {
    /// `{kids[..nl] | kids[nl..]}`.
    Game {
        /// How many of the kids are Left options.
        nl: usize,
        /// Left options, then Right options.
        kids: Vec<Id>,
    },
    /// A closed form.
    Leaf(Leaf),
    /// a + b.
    Sum([Id; 2]),
    /// -a.
    Neg([Id; 1]),
    /// ±{xs}.
    PlusMinus(Vec<Id>),
}

impl Cg {
    /// The Left and Right children of a game node.
    pub fn sides(&self) -> Option<(&[Id], &[Id])> {
        match self {
            Cg::Game { nl, kids } => Some(kids.split_at((*nl).min(kids.len()))),
            _ => None,
        }
    }

    /// A game node from its two sides.
    pub fn game(left: Vec<Id>, right: Vec<Id>) -> Cg {
        let nl = left.len();
        let mut kids = left;
        kids.extend(right);
        Cg::Game { nl, kids }
    }

    /// The node of `t`'s top, its children added by `child`; `None` for notation the engine
    /// writes out before adding a term (`Tiny`, a multiple, a call, a reference, a `where`),
    /// which each caller reports in its own words. The engine's input and the proof's reading
    /// of a result both come here, so the two cannot disagree on what a term's node is.
    pub fn of_term<E>(
        t: &Term,
        mut child: impl FnMut(&Term) -> Result<Id, E>,
    ) -> Result<Option<Cg>, E> {
        fn all<E>(
            xs: &[Term],
            child: &mut impl FnMut(&Term) -> Result<Id, E>,
        ) -> Result<Vec<Id>, E> {
            xs.iter().map(child).collect()
        }
        Ok(Some(match t {
            Term::Game { left, right } => {
                let l = all(left, &mut child)?;
                Cg::game(l, all(right, &mut child)?)
            }
            Term::Nus { number, up, nim } => Cg::Leaf(Leaf::Nus {
                number: number.clone(),
                up: up.clone(),
                nim: nim.clone(),
            }),
            Term::Hackenstring(row) => Cg::Leaf(Leaf::Hack(row.clone())),
            Term::Sum(a, b) => {
                let a = child(a)?;
                Cg::Sum([a, child(b)?])
            }
            Term::Neg(a) => Cg::Neg([child(a)?]),
            Term::PlusMinus(xs) => Cg::PlusMinus(all(xs, &mut child)?),
            Term::Tiny { .. }
            | Term::Miny { .. }
            | Term::Multiple { .. }
            | Term::Call { .. }
            | Term::Ref(_)
            | Term::Name(_)
            | Term::Where { .. } => return Ok(None),
        }))
    }
}

/// Which kind of node, for egg's discriminant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CgKind {
    /// Game with this split and arity.
    Game(usize, usize),
    /// A leaf with its payload.
    Leaf(Leaf),
    /// Sum.
    Sum,
    /// Negation.
    Neg,
    /// Plus-minus of this arity.
    PlusMinus(usize),
}

impl Language for Cg {
    type Discriminant = CgKind;

    fn discriminant(&self) -> CgKind {
        match self {
            Cg::Game { nl, kids } => CgKind::Game(*nl, kids.len()),
            Cg::Leaf(l) => CgKind::Leaf(l.clone()),
            Cg::Sum(_) => CgKind::Sum,
            Cg::Neg(_) => CgKind::Neg,
            Cg::PlusMinus(xs) => CgKind::PlusMinus(xs.len()),
        }
    }

    fn matches(&self, other: &Self) -> bool {
        self.discriminant() == other.discriminant()
    }

    fn children(&self) -> &[Id] {
        match self {
            Cg::Game { kids, .. } => kids,
            Cg::Leaf(_) => &[],
            Cg::Sum(k) => k,
            Cg::Neg(k) => k,
            Cg::PlusMinus(k) => k,
        }
    }

    fn children_mut(&mut self) -> &mut [Id] {
        match self {
            Cg::Game { kids, .. } => kids,
            Cg::Leaf(_) => &mut [],
            Cg::Sum(k) => k,
            Cg::Neg(k) => k,
            Cg::PlusMinus(k) => k,
        }
    }
}

impl fmt::Display for Cg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cg::Game { nl, .. } => write!(f, "G{nl}"),
            Cg::Leaf(Leaf::Nus { number, up, nim }) => write!(f, "nus:{number}:{up}:{nim}"),
            Cg::Leaf(Leaf::Hack(row)) => write!(f, "hs:{}", row_text(row)),
            Cg::Sum(_) => write!(f, "+"),
            Cg::Neg(_) => write!(f, "neg"),
            Cg::PlusMinus(_) => write!(f, "pm"),
        }
    }
}

impl egg::FromOp for Cg {
    type Error = String;

    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, String> {
        let bad = || format!("not a node: {op} with {} children", children.len());
        if let Some(nl) = op.strip_prefix('G') {
            let nl: usize = nl.parse().map_err(|_| bad())?;
            if nl > children.len() {
                return Err(bad());
            }
            return Ok(Cg::Game { nl, kids: children });
        }
        if let Some(rest) = op.strip_prefix("nus:") {
            let parts: Vec<&str> = rest.split(':').collect();
            if parts.len() != 3 || !children.is_empty() {
                return Err(bad());
            }
            let number = parts[0].parse().map_err(|_| bad())?;
            let up = parts[1].parse().map_err(|_| bad())?;
            let nim = Nimber::new(parts[2].parse().map_err(|_| bad())?);
            return Ok(Cg::Leaf(Leaf::Nus { number, up, nim }));
        }
        if let Some(row) = op.strip_prefix("hs:") {
            let row = row
                .chars()
                .map(|c| Pebble::from_letter(c).ok_or_else(bad))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Cg::Leaf(Leaf::Hack(row)));
        }
        match (op, children.as_slice()) {
            ("+", [a, b]) => Ok(Cg::Sum([*a, *b])),
            ("neg", [a]) => Ok(Cg::Neg([*a])),
            ("pm", _) => Ok(Cg::PlusMinus(children)),
            _ => Err(bad()),
        }
    }
}

/// Rebuilds a term from an extracted expression.
pub fn expr_to_term(expr: &RecExpr<Cg>) -> Term {
    fn go(expr: &RecExpr<Cg>, id: Id) -> Term {
        match &expr[id] {
            Cg::Game { nl, kids } => {
                let (l, r) = kids.split_at((*nl).min(kids.len()));
                Term::game(
                    l.iter().map(|&k| go(expr, k)).collect(),
                    r.iter().map(|&k| go(expr, k)).collect(),
                )
            }
            Cg::Leaf(leaf) => leaf.to_term(),
            Cg::Sum([a, b]) => Term::sum(go(expr, *a), go(expr, *b)),
            Cg::Neg([a]) => Term::neg(go(expr, *a)),
            Cg::PlusMinus(xs) => Term::PlusMinus(xs.iter().map(|&k| go(expr, k)).collect()),
        }
    }
    let root = Id::from(expr.as_ref().len().saturating_sub(1));
    go(expr, root)
}
