//! A rule's result under a match, as a tree whose leaves are the matched parts themselves.
//!
//! The host turns the tree into its own form: the engine adds it to the e-graph (a bound
//! part by the very id the match used), the producer writes it as a term.

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
    settle(
        Builder {
            ev: Eval { host, b },
        }
        .template(t, None),
    )
}

struct Builder<'a, H: Host> {
    ev: Eval<'a, H>,
}

impl<H: Host> Builder<'_, H> {
    fn template(&self, t: &Template, elem: Option<(&str, &H::Id)>) -> Result<Built<H::Id>, Fail> {
        let b = self.ev.b;
        Ok(match t {
            Template::Var(v) => {
                if let Some((name, id)) = elem {
                    if name == v {
                        return Ok(Built::Id(id.clone()));
                    }
                }
                if let Some(g) = b.game(v) {
                    return Ok(match g.slot {
                        Some(s) => Built::Slot(s),
                        None => Built::Id(g.id.clone()),
                    });
                }
                Built::Leaf(Leaf::number(b.value(v).defined()?.clone()))
            }
            Template::Game(l, r) => Built::Game(self.items(l)?, self.items(r)?),
            Template::Sum(x, y) => Built::Sum(
                Box::new(self.template(x, elem)?),
                Box::new(self.template(y, elem)?),
            ),
            Template::Neg(x) => Built::Neg(Box::new(self.template(x, elem)?)),
            Template::Leaf(leaf) => {
                let mut k = self.ev.host.kernel();
                Built::Leaf(self.ev.leaf(&mut k, leaf)?)
            }
            Template::Value(v) => {
                let mut k = self.ev.host.kernel();
                Built::Leaf(Leaf::number(self.ev.value(&mut k, v)?))
            }
            // Loopy play's terms (`A & B`, `onside(G)`) are built on terms by
            // `eval::loopy_terms`, not into a host's nodes.
            Template::Call(..) => return Err(Fail::Undefined),
        })
    }

    fn items(&self, items: &[TemplateItem]) -> Result<Vec<Built<H::Id>>, Fail> {
        let b = self.ev.b;
        let mut out = Vec::new();
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(self.template(t, None)?),
                TemplateItem::Splice(s) => {
                    out.extend(b.set(s).defined()?.iter().cloned().map(Built::Id))
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
                    out.extend(nims(&n, MAX_OPEN).defined()?.into_iter().map(Built::Leaf));
                }
                TemplateItem::Cuts { left, row } => out.extend(
                    cuts(b.row(row).defined()?, *left)
                        .into_iter()
                        .map(Built::Leaf),
                ),
            }
        }
        Ok(out)
    }
}
