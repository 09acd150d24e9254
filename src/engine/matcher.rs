//! The rule evaluator (`crate::eval`) on the e-graph: what a node is, which nodes of a class
//! a pattern may look at, and a class's value.
//!
//! A nested game pattern looks inside an option through the class's *inside form* (its active
//! game node, or the opened definition of a closed form); a class that has no such form yet is
//! reported so the engine can open it, which is how definitions are unfolded only on demand.
//! A leaf, sum, negation or `±` pattern looks at every node of that kind in the class.

use super::analysis::CgAnalysis;
use super::lang::{Cg, Leaf};
use crate::eval::{self, Host, LeafRef, Shape, Stop, Want};
use crate::kernel::{GameId, Kernel};
use crate::rules::Rule;
use egg::{EGraph, Id};

/// The e-graph type the engine works on.
pub type Graph = EGraph<Cg, CgAnalysis>;

/// Everything a match on the e-graph bound: children are e-graph ids, slots e-nodes.
pub type Binds = eval::Binds<Id, Cg>;

/// What the matcher needs from the engine: the inside form of a class.
pub trait Inside {
    /// The game node to look inside `class` with, if it has one; otherwise the engine is asked
    /// to open the class.
    fn inside(&self, egraph: &Graph, class: Id) -> Option<Cg>;
    /// Records that a rule wanted to look inside `class`.
    fn want_open(&self, class: Id);
}

/// The e-graph seen by the evaluator.
pub struct EGraphHost<'a> {
    /// The e-graph.
    pub egraph: &'a Graph,
    /// The engine's inside forms.
    pub inside: &'a dyn Inside,
}

impl Host for EGraphHost<'_> {
    type Id = Id;
    type Node = Cg;

    fn shape<'a>(&'a self, node: &'a Cg) -> Shape<'a, Id> {
        match node {
            Cg::Game { .. } => match node.sides() {
                Some((l, r)) => Shape::Game(l, r),
                None => Shape::Other,
            },
            Cg::Sum([a, b]) => Shape::Sum(a, b),
            Cg::Neg([a]) => Shape::Neg(a),
            Cg::PlusMinus(xs) => Shape::PlusMinus(xs),
            Cg::Leaf(Leaf::Nus { number, up, nim }) => {
                Shape::Leaf(LeafRef::Nus { number, up, nim })
            }
            Cg::Leaf(Leaf::Hack(row)) => Shape::Leaf(LeafRef::Hack(row)),
        }
    }

    fn candidates(&self, id: &Id, want: Want) -> Result<Vec<Cg>, Stop> {
        let class = self.egraph.find(*id);
        let of_kind = |keep: fn(&Cg) -> bool| {
            self.egraph[class]
                .nodes
                .iter()
                .filter(|n| keep(n))
                .cloned()
                .collect()
        };
        Ok(match want {
            Want::Game => match self.inside.inside(self.egraph, class) {
                Some(n) => vec![n],
                None => {
                    self.inside.want_open(class);
                    Vec::new()
                }
            },
            Want::Leaf => of_kind(|n| matches!(n, Cg::Leaf(_))),
            Want::Sum => of_kind(|n| matches!(n, Cg::Sum(_))),
            Want::Neg => of_kind(|n| matches!(n, Cg::Neg(_))),
            Want::PlusMinus => of_kind(|n| matches!(n, Cg::PlusMinus(_))),
        })
    }

    fn same(&self, a: &Id, b: &Id) -> Result<bool, Stop> {
        Ok(self.egraph.find(*a) == self.egraph.find(*b))
    }

    fn value(&self, _k: &mut Kernel, id: &Id) -> Result<Option<GameId>, Stop> {
        Ok(self.egraph[self.egraph.find(*id)].data.value)
    }

    fn kernel(&self) -> impl std::ops::DerefMut<Target = Kernel> + '_ {
        self.egraph.analysis.kernel()
    }
}

/// Finds the first way `rule` matches `node` (in class `class`) whose conditions hold and
/// that `skip` does not turn down (the caller skips matches it found to change nothing).
/// `give_up` is asked before each candidate; when it says so the search ends with
/// `Stop::GaveUp`. A kernel limit reached deciding a condition is `Stop::Kernel`.
pub fn find_match(
    egraph: &Graph,
    inside: &dyn Inside,
    rule: &Rule,
    class: Id,
    node: &Cg,
    skip: &dyn Fn(&Binds) -> bool,
    give_up: &dyn Fn() -> bool,
) -> Result<Option<Binds>, Stop> {
    let host = EGraphHost { egraph, inside };
    eval::first(
        &host,
        rule,
        class,
        node.clone(),
        &mut |b| Ok(!skip(b)),
        give_up,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Budget, KernelError};
    use crate::rules::RuleSet;
    use crate::term::Term;

    struct NoInside;
    impl Inside for NoInside {
        fn inside(&self, egraph: &Graph, class: Id) -> Option<Cg> {
            egraph[class]
                .nodes
                .iter()
                .find(|n| matches!(n, Cg::Game { .. }))
                .cloned()
        }
        fn want_open(&self, _class: Id) {}
    }

    /// Adds `t` (games and closed forms only) to the e-graph.
    fn add(g: &mut Graph, t: &Term) -> Id {
        let node = match t {
            Term::Game { left, right } => {
                let l = left.iter().map(|x| add(g, x)).collect();
                let r = right.iter().map(|x| add(g, x)).collect();
                Cg::game(l, r)
            }
            Term::Nus { number, up, nim } => Cg::Leaf(Leaf::Nus {
                number: number.clone(),
                up: up.clone(),
                nim: nim.clone(),
            }),
            Term::Sum(a, b) => Cg::Sum([add(g, a), add(g, b)]),
            _ => panic!("not used in these tests"),
        };
        g.add(node)
    }

    fn graph(text: &str) -> (Graph, Id) {
        let mut g = Graph::new(CgAnalysis::default());
        let t = crate::syntax::parse(text).unwrap();
        let id = add(&mut g, &t);
        g.rebuild();
        (g, id)
    }

    fn node(g: &Graph, id: Id) -> Cg {
        g[g.find(id)].nodes[0].clone()
    }

    #[test]
    fn the_first_match_whose_conditions_hold_is_found_and_skips_are_honoured() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let (g, id) = graph("{0, 1, 2 | 3}");
        let n = node(&g, id);
        let b = find_match(&g, &NoInside, rule, id, &n, &|_| false, &|| false)
            .unwrap()
            .expect("0 <= 1");
        let value_of = |name: &str| {
            let c = g.find(b.game(name).unwrap().id);
            g[c].data
                .value
                .and_then(|v| g.analysis.kernel().as_number(v))
        };
        assert_eq!(value_of("a"), Some(0.into()));
        assert_eq!(value_of("b"), Some(1.into()));
        // Turning that match down gives the next: a = 0, b = 2.
        let first = b.clone();
        let b2 = find_match(&g, &NoInside, rule, id, &n, &|x| *x == first, &|| false)
            .unwrap()
            .expect("0 <= 2");
        assert_ne!(b2, first);
        // Incomparable options: no match.
        let (g, id) = graph("{0, * | 3}");
        let n = node(&g, id);
        let none = find_match(&g, &NoInside, rule, id, &n, &|_| false, &|| false);
        assert_eq!(none, Ok(None));
    }

    #[test]
    fn giving_up_is_a_stop_not_no_match() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let (g, id) = graph("{0, 1 | 3}");
        let n = node(&g, id);
        let r = find_match(&g, &NoInside, rule, id, &n, &|_| false, &|| true);
        assert_eq!(r, Err(Stop::GaveUp));
    }

    /// A kernel budget reached while deciding `a <= b` ends the search with the limit; it is
    /// not taken for "the condition is false".
    #[test]
    fn a_kernel_limit_deciding_a_condition_is_a_stop_not_false() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let x = "{1|-1} + {2|-2} + {3|-3}";
        let (g, id) = graph(&format!("{{{x}, {x} + 1 | 8}}"));
        let n = node(&g, id);
        g.analysis.kernel().set_budget(Budget {
            max_work: 1,
            ..Budget::default()
        });
        match find_match(&g, &NoInside, rule, id, &n, &|_| false, &|| false) {
            Err(Stop::Kernel(KernelError::Limit { .. })) => {}
            other => panic!("expected a kernel limit, got {other:?}"),
        }
        // With the budget lifted the same condition holds.
        g.analysis.kernel().set_budget(Budget::default());
        let b = find_match(&g, &NoInside, rule, id, &n, &|_| false, &|| false);
        assert!(matches!(b, Ok(Some(_))));
    }
}
