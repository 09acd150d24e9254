//! The e-class analysis: the value of every class, as a kernel id.
//!
//! Every term in a class has the same value, so "the value of this class" is a sound fact to
//! store; the kernel computes it from the children's values. Rules read it to decide side
//! conditions ("a ≤ b") and never to build terms, so no canonical form enters the e-graph except
//! through a rule.

use super::lang::{Cg, Leaf};
use crate::kernel::{GameId, Kernel};
use crate::term::Term;
use egg::{Analysis, DidMerge, EGraph, Id, Language};
use std::sync::Mutex;

/// The analysis state: the kernel that evaluates classes.
pub struct CgAnalysis {
    /// The kernel. A mutex because egg hands analyses out behind `&` and the kernel memoises.
    pub kernel: Mutex<Kernel>,
    /// Set when two classes of different values were merged: a rule is unsound.
    pub unsound: Mutex<Option<String>>,
}

impl Default for CgAnalysis {
    fn default() -> Self {
        CgAnalysis {
            kernel: Mutex::new(Kernel::new()),
            unsound: Mutex::new(None),
        }
    }
}

/// The facts kept for a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassData {
    /// The class's value, or `None` if the kernel could not evaluate it (then no rule whose
    /// condition needs it applies).
    pub value: Option<GameId>,
}

impl CgAnalysis {
    /// Locks the kernel. A poisoned lock only means an earlier panic elsewhere; the kernel's
    /// memo tables are still valid, so recover them.
    pub fn kernel(&self) -> std::sync::MutexGuard<'_, Kernel> {
        self.kernel.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The value of a node given its children's values.
pub fn node_value(
    k: &mut Kernel,
    node: &Cg,
    child: impl Fn(Id) -> Option<GameId>,
) -> Option<GameId> {
    match node {
        Cg::Leaf(Leaf::Nus { number, up, nim }) => Some(k.nus(number, up, nim)),
        Cg::Leaf(Leaf::Hack(row)) => k.eval(&Term::Hackenstring(row.clone())).ok(),
        Cg::Game { .. } => {
            let (l, r) = node.sides()?;
            let l: Option<Vec<GameId>> = l.iter().map(|&c| child(c)).collect();
            let r: Option<Vec<GameId>> = r.iter().map(|&c| child(c)).collect();
            k.from_options(&l?, &r?).ok()
        }
        Cg::Sum([a, b]) => {
            let (a, b) = (child(*a)?, child(*b)?);
            k.add(a, b).ok()
        }
        Cg::Neg([a]) => {
            let a = child(*a)?;
            Some(k.neg(a))
        }
        Cg::PlusMinus(xs) => {
            let l: Option<Vec<GameId>> = xs.iter().map(|&c| child(c)).collect();
            let l = l?;
            let r: Vec<GameId> = l.iter().map(|&g| k.neg(g)).collect();
            k.from_options(&l, &r).ok()
        }
    }
}

impl Analysis<Cg> for CgAnalysis {
    type Data = ClassData;

    fn make(egraph: &mut EGraph<Cg, Self>, enode: &Cg, _id: Id) -> ClassData {
        // A map, not a list searched per child: a game of a million options would make that
        // search quadratic (minutes for `{0,1,…,999999|}`).
        let values: rustc_hash::FxHashMap<Id, Option<GameId>> = enode
            .children()
            .iter()
            .map(|&c| (c, egraph[c].data.value))
            .collect();
        let lookup = |c: Id| values.get(&c).copied().flatten();
        let mut k = egraph.analysis.kernel();
        ClassData {
            value: node_value(&mut k, enode, lookup),
        }
    }

    fn merge(&mut self, a: &mut ClassData, b: ClassData) -> DidMerge {
        match (a.value, b.value) {
            (Some(x), Some(y)) if x != y => {
                let mut u = self.unsound.lock().unwrap_or_else(|p| p.into_inner());
                u.get_or_insert_with(|| {
                    format!("merged classes of different values {x:?} and {y:?}")
                });
                DidMerge(false, false)
            }
            (None, Some(_)) => {
                a.value = b.value;
                DidMerge(true, false)
            }
            (Some(_), None) => DidMerge(false, true),
            _ => DidMerge(false, false),
        }
    }
}
