//! A rule's result under a match, made by a [`Make`] from the template and the matched parts.
//!
//! The engine builds a [`Built`] tree whose leaves are the matched parts themselves and adds it
//! to the e-graph (a bound part by the very id the match used); the producer writes the term a
//! step shows straight from the template (`terms::Written`), with no tree in between.

use super::decide::Eval;
use super::leaf::{cuts, nims, Leaf, MAX_OPEN};
use super::{settle, BindsOf, Defined, Fail, Host, Stop};
use crate::rules::{Template, TemplateItem};

/// A result built from a template.
#[derive(Clone, Debug, PartialEq)]
pub enum Built<I> {
    /// A child the match bound (a member of a set, a game bound by name to a child).
    Id(I),
    /// The node the match looked at in this slot (a game bound where a pattern looked inside).
    Slot(usize),
    /// A new closed form.
    Leaf(Leaf),
    /// A new game.
    Game(Vec<Built<I>>, Vec<Built<I>>),
    /// A new sum.
    Sum(Box<Built<I>>, Box<Built<I>>),
    /// A new negation.
    Neg(Box<Built<I>>),
}

/// Builds `t` under the match `b`; `None` when the result does not exist here (a value that is
/// not an integer where one is needed, a nimber too large to open).
pub fn build<H: Host>(
    host: &H,
    t: &crate::rules::Template,
    b: &BindsOf<H>,
) -> Result<Option<Built<H::Id>>, Stop> {
    build_into(host, t, b, &AsBuilt)
}

/// What a result is built as: [`Built`] (the engine adds it to the e-graph), or straight into
/// the host's own form (the producer writes a term, without the tree of boxes in between).
pub trait Make<H: Host> {
    /// The result's type.
    type Out;
    /// A child the match bound.
    fn id(&self, id: &H::Id) -> Self::Out;
    /// The node the match looked at in slot `s` of `b`.
    fn slot(&self, b: &BindsOf<H>, s: usize) -> Self::Out;
    /// A new closed form.
    fn leaf(&self, leaf: Leaf) -> Self::Out;
    /// A new game.
    fn game(&self, left: Vec<Self::Out>, right: Vec<Self::Out>) -> Self::Out;
    /// A new sum.
    fn sum(&self, a: Self::Out, b: Self::Out) -> Self::Out;
    /// A new negation.
    fn neg(&self, a: Self::Out) -> Self::Out;
}

/// Results built as [`Built`] trees.
struct AsBuilt;

impl<H: Host> Make<H> for AsBuilt {
    type Out = Built<H::Id>;
    fn id(&self, id: &H::Id) -> Built<H::Id> {
        Built::Id(id.clone())
    }
    fn slot(&self, _: &BindsOf<H>, s: usize) -> Built<H::Id> {
        Built::Slot(s)
    }
    fn leaf(&self, leaf: Leaf) -> Built<H::Id> {
        Built::Leaf(leaf)
    }
    fn game(&self, left: Vec<Built<H::Id>>, right: Vec<Built<H::Id>>) -> Built<H::Id> {
        Built::Game(left, right)
    }
    fn sum(&self, a: Built<H::Id>, b: Built<H::Id>) -> Built<H::Id> {
        Built::Sum(Box::new(a), Box::new(b))
    }
    fn neg(&self, a: Built<H::Id>) -> Built<H::Id> {
        Built::Neg(Box::new(a))
    }
}

/// [`build`], the result made by `make`: the same template read in the same order (the
/// kernel asked the same things), each part handed to `make` as [`build`] would put it in
/// the tree.
pub fn build_into<H: Host, M: Make<H>>(
    host: &H,
    t: &crate::rules::Template,
    b: &BindsOf<H>,
    make: &M,
) -> Result<Option<M::Out>, Stop> {
    settle(
        Builder {
            ev: Eval { host, b },
            make,
        }
        .template(t, None),
    )
}

struct Builder<'a, H: Host, M> {
    ev: Eval<'a, H>,
    make: &'a M,
}

impl<H: Host, M: Make<H>> Builder<'_, H, M> {
    fn template(&self, t: &Template, elem: Option<(&str, &H::Id)>) -> Result<M::Out, Fail> {
        let b = self.ev.b;
        Ok(match t {
            Template::Var(v) => {
                if let Some((name, id)) = elem {
                    if name == v {
                        return Ok(self.make.id(id));
                    }
                }
                if let Some(g) = b.game(v) {
                    return Ok(match g.slot {
                        Some(s) => self.make.slot(b, s),
                        None => self.make.id(&g.id),
                    });
                }
                self.make.leaf(Leaf::number(b.value(v).defined()?.clone()))
            }
            Template::Game(l, r) => {
                let left = self.items(l)?;
                self.make.game(left, self.items(r)?)
            }
            Template::Sum(x, y) => {
                let a = self.template(x, elem)?;
                self.make.sum(a, self.template(y, elem)?)
            }
            Template::Neg(x) => self.make.neg(self.template(x, elem)?),
            Template::Leaf(leaf) => {
                let leaf = {
                    let mut k = self.ev.host.kernel();
                    self.ev.leaf(&mut k, leaf)?
                };
                self.make.leaf(leaf)
            }
            Template::Value(v) => {
                let x = {
                    let mut k = self.ev.host.kernel();
                    self.ev.value(&mut k, v)?
                };
                self.make.leaf(Leaf::number(x))
            }
            // Loopy play's terms (`A & B`, `onside(G)`) are built on terms by
            // `eval::loopy_terms`, not into a host's nodes.
            Template::Call(..) => return Err(Fail::Undefined),
        })
    }

    fn items(&self, items: &[TemplateItem]) -> Result<Vec<M::Out>, Fail> {
        let b = self.ev.b;
        let mut out = Vec::new();
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(self.template(t, None)?),
                TemplateItem::Splice(s) => {
                    out.extend(b.set(s).defined()?.iter().map(|id| self.make.id(id)))
                }
                TemplateItem::Map { over, body } => {
                    for m in b.set(over).defined()? {
                        out.push(self.template(body, Some((over, m)))?);
                    }
                }
                TemplateItem::Nims(n) => {
                    let n = {
                        let mut k = self.ev.host.kernel();
                        self.ev.value(&mut k, n)?
                    };
                    out.extend(
                        nims(&n, MAX_OPEN)
                            .defined()?
                            .into_iter()
                            .map(|l| self.make.leaf(l)),
                    );
                }
                TemplateItem::Cuts { left, row } => out.extend(
                    cuts(b.row(row).defined()?, *left)
                        .into_iter()
                        .map(|l| self.make.leaf(l)),
                ),
            }
        }
        Ok(out)
    }
}
