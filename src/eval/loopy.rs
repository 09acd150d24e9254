//! Loopy play in the one evaluator: the rules of `rules/loopy.rules` (or a user's) matched on
//! the positions of a stopper's game graph and their conditions decided by the stopper order.
//!
//! A position of the graph ([`Loopy`], cycles allowed) is its own node and its own child: its
//! shape is a game whose Left and Right options are the positions its edges reach, so a
//! pattern matches one position's options (and, nested, an option's options), which is all
//! these rules need; a cycle is never unfolded, since a pattern is finite. What a condition
//! means is the loopy decider's ([`Places::decide`]): `<=`, `<`, `>=`, `>`, `<|`, `|>`, `||` compare
//! the bound positions by the order of stoppers (G >= H when Left, moving second in G − H,
//! survives; `loopy::order`, all pairs of the graph computed once per step); `==`, `!=` and a
//! name bound twice compare positions (one position or two: the graph is kept minimal as a
//! form, so two positions are two different forms, as misère play compares its forms);
//! `empty(S)` says a bound set is empty. A condition loopy play gives no meaning to (numbers,
//! `P(X)`) is false: the rule does not apply.
//!
//! [`LoopyRules`] is the [`Rules`] a loopy derivation (`loopy::derive`) is given: it tries the
//! rule set's `reduce` rules of the group `loopy`, lower priority first, each at every position
//! in order, and the first match whose conditions hold and whose result changes the graph is
//! the step. A result is written into the graph at the position matched: a game `{…|…}` sets
//! its options (a nested game or `0` a new position), a bound position makes the matched one
//! that position's copy. The step's witnesses are the indices of the options the pattern named
//! (`removed`, `by` of a dominated option): the checker (`proof::loopy`) decides each by its own
//! survival search, sharing none of this code.

use super::play_rules::{apply, Places, PlayRules};
use super::{BindsOf, Built, Leaf, Stop};
use crate::kernel::KernelError;
use crate::loopy::derive::{Edit, Rules};
use crate::loopy::{Graph, Loopy, Player, Work};
use crate::rules::{Condition, Pattern, Predicate, Rel, RuleSet, Template};
use num_traits::Zero;

/// A stopper's game graph as the evaluator sees it.
pub struct LoopyHost<'a> {
    g: &'a Loopy,
    /// The order of the graph's positions: `ge[a * n + b]` says a >= b.
    ge: &'a [bool],
    /// The rules tried: their variables' kinds and the kernel for leaves (`0` as a result).
    rules: &'a PlayRules,
}

impl LoopyHost<'_> {
    /// Whether position `a` is at least position `b` in the order of stoppers.
    fn at_least(&self, a: u32, b: u32) -> bool {
        let n = self.g.len();
        self.ge
            .get(a as usize * n + b as usize)
            .copied()
            .unwrap_or(false)
    }

    /// The position a template names under `b`: a bound game, else none (no position a
    /// condition compares).
    fn position(&self, t: &Template, b: &BindsOf<Self>) -> Option<u32> {
        match t {
            Template::Var(v) => b.game(v).map(|g| g.id),
            _ => None,
        }
    }
}

/// A position's options are the positions its edges reach; a name bound twice stands for one
/// position (see the module's doc).
impl Places for LoopyHost<'_> {
    type Place = u32;

    fn options(&self, v: u32) -> (&[u32], &[u32]) {
        let graph = self.g.graph();
        (graph.left(v), graph.right(v))
    }

    fn rules(&self) -> &PlayRules {
        self.rules
    }

    fn decide(&self, c: &Condition, b: &BindsOf<Self>) -> Result<bool, Stop> {
        Ok(decide(self, c, b))
    }
}

/// One condition in loopy play; one loopy play gives no meaning to is false.
fn decide(host: &LoopyHost<'_>, c: &Condition, b: &BindsOf<LoopyHost<'_>>) -> bool {
    match c {
        Condition::Compare(x, rel, y) => {
            let (Some(x), Some(y)) = (host.position(x, b), host.position(y, b)) else {
                return false;
            };
            let (ge, le) = (host.at_least(x, y), host.at_least(y, x));
            match rel {
                Rel::Eq => x == y,
                Rel::Ne => x != y,
                Rel::Le => le,
                Rel::Ge => ge,
                Rel::Lt => le && !ge,
                Rel::Gt => ge && !le,
                Rel::Fuzzy => !ge && !le,
                Rel::LessOrFuzzy => !ge,
                Rel::GreaterOrFuzzy => !le,
            }
        }
        Condition::Pred {
            negated,
            pred,
            args,
        } => {
            let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
            let holds = match pred {
                Predicate::Empty => match b.set(arg(0)) {
                    Some(s) => s.is_empty(),
                    None => return false,
                },
                _ => return false,
            };
            holds != *negated
        }
        Condition::InEvery { .. } => false,
    }
}

/// The rules of a rule set applied to a stopper's positions: the [`Rules`] a loopy derivation
/// is given. Only `reduce` rules of the group `loopy` are tried, lower priority first, then in
/// the set's order.
pub struct LoopyRules(PlayRules);

impl LoopyRules {
    /// The `reduce` rules of the group `loopy` in `rules`, for loopy derivations.
    pub fn new(rules: &RuleSet) -> Self {
        LoopyRules(PlayRules::new(rules, Some("loopy")))
    }

    /// The shipped rules of `rules/loopy.rules`.
    #[cfg(test)]
    pub fn shipped() -> Self {
        LoopyRules::new(&RuleSet::loopy())
    }
}

impl Rules for LoopyRules {
    fn next(
        &mut self,
        g: &Loopy,
        ge: &[bool],
        work: &mut Work,
    ) -> Result<Option<(Edit, u32, Loopy)>, KernelError> {
        let host = LoopyHost {
            g,
            ge,
            rules: &self.0,
        };
        // Rules of one priority are tried position by position (each position with each
        // rule in turn); a lower priority is tried everywhere first.
        for group in self.0.by_priority() {
            for v in 0..g.len() as u32 {
                work.tick(1)?;
                for rule in group {
                    let found = apply(&host, rule, v, v, |built, b| written(g, v, &built, b))?;
                    if let Some((b, after)) = found {
                        let mut witnesses = Vec::new();
                        named_options(g, &rule.pattern, 0, &b, &mut witnesses);
                        let edit = Edit::Rule {
                            name: rule.name.clone(),
                            witnesses,
                        };
                        return Ok(Some((edit, v, after)));
                    }
                }
            }
        }
        Ok(None)
    }
}

/// The graph with the rule's result written at `v`; `None` when the result is nothing loopy
/// play can write there (a sum, a number other than 0) or changes nothing.
fn written(g: &Loopy, v: u32, built: &Built<u32>, b: &BindsOf<LoopyHost<'_>>) -> Option<Loopy> {
    let mut graph = g.graph().clone();
    let before = graph.len();
    let (left, right) = match built {
        Built::Game(l, r) => (positions(&mut graph, l, b)?, positions(&mut graph, r, b)?),
        // The position matched becomes a copy of another: the same options.
        other => {
            let x = position(&mut graph, other, b)?;
            (graph.left(x).to_vec(), graph.right(x).to_vec())
        }
    };
    let sorted = |mut xs: Vec<u32>| {
        xs.sort_unstable();
        xs.dedup();
        xs
    };
    let (left, right) = (sorted(left), sorted(right));
    if graph.len() == before && left == graph.left(v) && right == graph.right(v) {
        return None;
    }
    graph.set_options(v, left, right);
    Loopy::new(&graph, g.root())
}

/// The positions a side of a built game names, new ones added to `graph`.
fn positions(
    graph: &mut Graph,
    items: &[Built<u32>],
    b: &BindsOf<LoopyHost<'_>>,
) -> Option<Vec<u32>> {
    items.iter().map(|x| position(graph, x, b)).collect()
}

/// The position a built part is: a bound position, or a new one (`0`, a game).
fn position(graph: &mut Graph, x: &Built<u32>, b: &BindsOf<LoopyHost<'_>>) -> Option<u32> {
    match x {
        Built::Id(p) => Some(*p),
        Built::Slot(s) => b.slots.get(*s).map(|s| s.node),
        Built::Leaf(Leaf::Nus { number, up, nim })
            if number.is_zero() && up.is_zero() && nim.is_zero() =>
        {
            Some(graph.add_vertex())
        }
        Built::Game(l, r) => {
            let (l, r) = (positions(graph, l, b)?, positions(graph, r, b)?);
            let p = graph.add_vertex();
            graph.set_options(p, l, r);
            Some(p)
        }
        Built::Leaf(_) | Built::Sum(..) | Built::Neg(_) => None,
    }
}

/// The witnesses of a step: each option the pattern named, by its index among its
/// position's options on its side (the position matched in slot `slot`).
fn named_options(
    g: &Loopy,
    p: &Pattern,
    slot: usize,
    b: &BindsOf<LoopyHost<'_>>,
    out: &mut Vec<(String, usize)>,
) {
    match p {
        Pattern::Bind(_, inner) => named_options(g, inner, slot, b, out),
        Pattern::Game(lp, rp) => {
            let Some(u) = b.slots.get(slot).map(|s| s.node) else {
                return;
            };
            for (sp, who) in [(lp, Player::Left), (rp, Player::Right)] {
                let os = g.graph().options(u, who);
                for pick in &sp.picks {
                    let (name, inner) = match pick {
                        Pattern::Var(n) => (n, None),
                        Pattern::Bind(n, inner) => (n, Some(&**inner)),
                        _ => continue,
                    };
                    let Some(bound) = b.game(name) else {
                        continue;
                    };
                    if let Some(i) = os.iter().position(|&o| o == bound.id) {
                        out.push((name.to_string(), i));
                    }
                    if let (Some(inner), Some(s)) = (inner, bound.slot) {
                        named_options(g, inner, s, b, out);
                    }
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::derive::{derive, Writer};
    use crate::term::Term;

    /// Writes nothing a test reads: the steps' edits are what is compared.
    struct NoTerms(LoopyRules);

    impl Writer for NoTerms {
        fn write(&mut self, _g: &Loopy) -> Result<Term, KernelError> {
            Ok(Term::zero())
        }
        fn rules(&mut self) -> &mut dyn Rules {
            &mut self.0
        }
    }

    /// The game of `edges` (each vertex's `[left, right]` options), vertex 0 the root.
    fn game(edges: Vec<[Vec<u32>; 2]>) -> Loopy {
        Loopy::new(&crate::loopy::Graph::from_edges(edges), 0).unwrap()
    }

    fn rules_of(d: &crate::loopy::derive::LoopyDerivation) -> Vec<String> {
        d.steps.iter().map(|s| s.edit.rule().to_string()).collect()
    }

    #[test]
    fn a_dominated_option_is_deleted_by_the_rule() {
        // {0, 1 |}: 0 <= 1, so Left's option 0 is dominated; {1|} = 2 is simplest.
        let g = game(vec![
            [vec![1, 2], vec![]],
            [vec![], vec![]],
            [vec![1], vec![]],
        ]);
        let mut w = NoTerms(LoopyRules::shipped());
        let d = derive(&g, false, &mut Work::default(), &mut w).unwrap();
        assert_eq!(rules_of(&d), ["loopy-dominated-left"]);
        let Edit::Rule { witnesses, .. } = &d.steps[0].edit else {
            panic!("{:?}", d.steps[0].edit);
        };
        let names: Vec<&str> = witnesses.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["removed", "by"]);
        // The option removed is the one with no options (0), the one kept has one (1).
        let (removed, by) = (witnesses[0].1, witnesses[1].1);
        let r = d.result.graph();
        assert_eq!(r.left(d.result.root()).len(), 1);
        let one = r.left(d.result.root())[0];
        assert_eq!(r.left(one).len(), 1);
        assert_ne!(removed, by);
    }

    /// Without the dominated rules the option stays: the rule set is what runs.
    #[test]
    fn removing_a_rule_removes_its_steps() {
        let g = game(vec![
            [vec![1, 2], vec![]],
            [vec![], vec![]],
            [vec![1], vec![]],
        ]);
        let mut rules = RuleSet::loopy();
        assert!(rules.remove("loopy-dominated-left"));
        let mut w = NoTerms(LoopyRules::new(&rules));
        let d = derive(&g, false, &mut Work::default(), &mut w).unwrap();
        assert!(!rules_of(&d).iter().any(|r| r == "loopy-dominated-left"));
        assert_eq!(d.result.graph().left(d.result.root()).len(), 2);
    }
}
