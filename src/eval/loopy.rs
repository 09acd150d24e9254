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
//! `empty(S)` says a bound set is empty; `keeps_onside(G, a)` and `keeps_offside(G, a)`, a side
//! rule's proviso, say that deleting the option bound to `a` from the position bound to `G`
//! keeps that side of the whole game, by the order of sides (`loopy::side_order`), against the
//! side's stopper when the side's derivation knows it. A condition loopy play gives no meaning
//! to (numbers, `P(X)`, a side proviso outside a side's derivation) is false: the rule does not
//! apply.
//!
//! A side rule (one with such a proviso) is tried only inside a side's derivation
//! (`loopy::driver`), which chooses the deletion to ask about and calls
//! [`Rules::side_delete`]: the host then asks about that one instance ([`Places::asks`]), so
//! the order of sides is decided once, for the deletion the derivation chose.
//!
//! [`LoopyRules`] is the [`Rules`] a loopy derivation (`loopy::derive`) is given: it tries the
//! rule set's `reduce` rules of the group `loopy`, lower priority first, each at every position
//! in order, and the first match whose conditions hold and whose result changes the graph is
//! the step. A result is written into the graph at the position matched: a game `{…|…}` sets
//! its options (a nested game or `0` a new position), a bound position makes the matched one
//! that position's copy. The step's witnesses are the indices of the options the pattern named
//! (`removed`, `by` of a dominated option): the checker (`proof::loopy`) decides each by its own
//! survival search, sharing none of this code.

use super::loopy_terms::TermRules;
use super::play_rules::{apply, predicate, Places, PlayRules};
use super::{BindsOf, Built, Leaf, Stop};
use crate::kernel::KernelError;
use crate::loopy::derive::{Edit, Rules, SideAsk, TermAsk};
use crate::loopy::side_order::{keeps, without, Side};
use crate::loopy::{Graph, Loopy, Player, Work};
use crate::rules::{Condition, Pattern, Predicate, Rel, Rule, RuleSet, SideDeletion, Template};
use num_traits::Zero;
use std::cell::{Cell, RefCell};

/// A stopper's game graph as the evaluator sees it (or, inside a side's derivation, any game
/// graph).
pub struct LoopyHost<'a> {
    g: &'a Loopy,
    /// The order of the graph's positions: `ge[a * n + b]` says a >= b (empty inside a side's
    /// derivation, where the graph need not be a stopper: no comparison holds there).
    ge: &'a [bool],
    /// The rules tried: their variables' kinds and the kernel for leaves (`0` as a result).
    rules: &'a PlayRules,
    /// Inside a side's derivation: the deletion it asks about.
    asked: Option<&'a Asked<'a>>,
}

/// The deletion a side's derivation asks about, as the host decides it: `keeps_onside(G, a)`
/// (or `keeps_offside`) holds when `G` is the vertex asked about, `a` the option asked about,
/// and the game without it has the same side (against the side's stopper when known).
struct Asked<'a> {
    ask: &'a SideAsk<'a>,
    /// The option asked about (a position).
    option: u32,
    /// The budget the order of sides runs in.
    work: RefCell<&'a mut Work>,
    /// Whether the deletion keeps the side, once decided.
    kept: Cell<Option<bool>>,
    /// The game after the deletion, once its proviso was found to hold.
    after: RefCell<Option<Loopy>>,
}

impl Asked<'_> {
    /// Whether `G` and `a` of the proviso are bound to the vertex and option asked about.
    fn binds(&self, g: &str, a: &str, b: &BindsOf<LoopyHost<'_>>) -> bool {
        let id = |n: &str| b.game(n).map(|x| x.id);
        id(g) == Some(self.ask.v) && id(a) == Some(self.option)
    }

    /// Whether the deletion keeps the side, by the order of sides (decided once); the game
    /// after is kept.
    fn keeps(&self) -> Result<bool, Stop> {
        if let Some(k) = self.kept.get() {
            return Ok(k);
        }
        let ask = self.ask;
        let next = without(ask.g, ask.v, ask.who, ask.index);
        let was = ask.target.unwrap_or(ask.g);
        let mut work = self.work.borrow_mut();
        let holds = keeps(&next, was, ask.who, ask.side, &mut work).map_err(Stop::Kernel)?;
        if holds {
            *self.after.borrow_mut() = Some(next);
        }
        self.kept.set(Some(holds));
        Ok(holds)
    }
}

/// The side `keeps_onside`/`keeps_offside` is about.
fn kept_side(p: Predicate) -> Option<Side> {
    match p {
        Predicate::KeepsOnside => Some(Side::On),
        Predicate::KeepsOffside => Some(Side::Off),
        _ => None,
    }
}

/// A side rule's proviso: its `keeps_onside(G, a)` or `keeps_offside(G, a)` condition, as
/// (side, `G`, `a`).
fn proviso(rule: &Rule) -> Option<(Side, &str, &str)> {
    rule.conditions.iter().find_map(|c| match c {
        Condition::Pred { pred, args, .. } => match (kept_side(*pred), &args[..]) {
            (Some(side), [g, a]) => Some((side, g.as_str(), a.as_str())),
            _ => None,
        },
        _ => None,
    })
}

/// Whether `rule` is a side rule (it has a `keeps_onside` or `keeps_offside` proviso): tried
/// inside a side's derivation only, never on a stopper. Loading refuses one that is no
/// deletion ([`Rule::side_deletion`]).
fn is_side_rule(rule: &Rule) -> bool {
    rule.has_side_proviso()
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
        decide(self, c, b)
    }

    /// Inside a side's derivation, only the deletion it asks about: a side rule's instances
    /// binding its proviso's `G` and `a` to another vertex or option are not tried now.
    fn asks(&self, rule: &Rule, b: &BindsOf<Self>) -> bool {
        match (self.asked, proviso(rule)) {
            (Some(asked), Some((_, g, a))) => asked.binds(g, a, b),
            _ => true,
        }
    }
}

/// One condition in loopy play; one loopy play gives no meaning to is false. A limit reached
/// deciding the order of sides is the error.
fn decide(host: &LoopyHost<'_>, c: &Condition, b: &BindsOf<LoopyHost<'_>>) -> Result<bool, Stop> {
    Ok(match c {
        Condition::Compare(x, rel, y) => {
            let (Some(x), Some(y)) = (host.position(x, b), host.position(y, b)) else {
                return Ok(false);
            };
            let (ge, le) = (host.at_least(x, y), host.at_least(y, x));
            // The graph is kept minimal as a form, so equal positions are the same one.
            match rel {
                Rel::Eq => x == y,
                Rel::Ne => x != y,
                other => other.by_order(ge, le),
            }
        }
        // Outside a side's derivation no side is kept; inside one, only the deletion asked
        // about is decided (`asks` turned the other instances down).
        Condition::Pred { .. } => predicate(c, b, |pred, arg| {
            Ok::<_, Stop>(match (pred, host.asked) {
                (Predicate::KeepsOnside | Predicate::KeepsOffside, Some(asked))
                    if kept_side(pred) == Some(asked.ask.side)
                        && asked.binds(arg(0), arg(1), b) =>
                {
                    Some(asked.keeps()?)
                }
                _ => None,
            })
        })?,
        Condition::InEvery { .. } => false,
    })
}

/// The rules of a rule set applied to a stopper's positions: the [`Rules`] a loopy derivation
/// is given. Only `reduce` rules of the group `loopy` are tried, lower priority first, then in
/// the set's order; the side rules (a `keeps_onside`/`keeps_offside` proviso) only inside a
/// side's derivation, where it asks about one deletion at a time ([`Rules::side_delete`]).
pub struct LoopyRules {
    /// The rules tried on a stopper's positions.
    stopper: PlayRules,
    /// The side rules.
    sides: PlayRules,
    /// The term rules (`&`, `onside`, `offside`, `stopper(…)`: `eval::loopy_terms`).
    terms: TermRules,
}

impl LoopyRules {
    /// The `reduce` rules of the group `loopy` in `rules`, for loopy derivations.
    pub fn new(rules: &RuleSet) -> Self {
        LoopyRules {
            stopper: PlayRules::new_where(rules, Some("loopy"), |r| {
                !is_side_rule(r) && !r.is_term_rule()
            }),
            sides: PlayRules::new_where(rules, Some("loopy"), is_side_rule),
            terms: TermRules::new(rules),
        }
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
            rules: &self.stopper,
            asked: None,
        };
        // Rules of one priority are tried position by position (each position with each
        // rule in turn); a lower priority is tried everywhere first.
        for group in self.stopper.by_priority() {
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

    /// The side rules deleting `ask.who`'s option inside `ask.side` (by their proviso and
    /// pattern, [`Rule::side_deletion`], whatever their names), in their order, at the vertex
    /// asked about, the proviso bound to the option asked about and decided by the order of
    /// sides (once, however many rules ask): the first whose result written there is the
    /// graph without that option is the step, its name and the game after.
    fn side_delete(
        &mut self,
        ask: &SideAsk<'_>,
        work: &mut Work,
    ) -> Result<Option<(String, Loopy)>, KernelError> {
        let Some(&option) = ask.g.graph().options(ask.v, ask.who).get(ask.index) else {
            return Ok(None);
        };
        let asked = Asked {
            ask,
            option,
            work: RefCell::new(work),
            kept: Cell::new(None),
            after: RefCell::new(None),
        };
        let host = LoopyHost {
            g: ask.g,
            ge: &[],
            rules: &self.sides,
            asked: Some(&asked),
        };
        let wanted = SideDeletion {
            onside: ask.side == Side::On,
            left: ask.who == Player::Left,
        };
        for rule in self.sides.rules() {
            if rule.side_deletion() != Some(wanted) {
                continue;
            }
            let found = apply(&host, rule, ask.v, ask.v, |built, b| {
                let w = written(ask.g, ask.v, &built, b)?;
                (asked.after.borrow().as_ref() == Some(&w)).then_some(w)
            })?;
            if let Some((_, after)) = found {
                return Ok(Some((rule.name.clone(), after)));
            }
        }
        Ok(None)
    }

    /// The term rule making the step a side derivation asks about ([`TermRules::step`]).
    fn term_step(
        &mut self,
        ask: &TermAsk<'_>,
        work: &mut Work,
    ) -> Result<Option<String>, KernelError> {
        self.terms.step(ask, work)
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
    use crate::loopy::derive::Writer;
    use crate::loopy::driver::derive;
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

    /// The onside of a = {0 | {a | 0}}, by hand: Right's move a → {a|0} is undone by Left
    /// at once, so deleting it keeps the onside, and what is left, {0 |}, is 1 (so is the
    /// published value, tests/loopy_sides.rs). The deletion is the side rule's step.
    fn undo_game() -> Loopy {
        game(vec![
            [vec![1], vec![2]],
            [vec![], vec![]],
            [vec![0], vec![1]],
        ])
    }

    #[test]
    fn a_side_deletion_is_the_side_rules_step() {
        use crate::loopy::driver::side;
        let mut w = NoTerms(LoopyRules::shipped());
        let d = side(&undo_game(), Side::On, false, &mut Work::default(), &mut w)
            .unwrap()
            .expect("the onside is reached");
        let rules = rules_of(&d);
        assert_eq!(
            rules.first().map(String::as_str),
            Some("onside-delete-right")
        );
        assert!(rules.contains(&"onside-stopper".to_string()), "{rules:?}");
        // {0 |}: one Left option with no options, no Right option.
        let r = d.result.graph();
        let root = d.result.root();
        assert_eq!(r.right(root).len(), 0, "{rules:?}");
        assert_eq!(r.left(root).len(), 1, "{rules:?}");
        let zero = r.left(root)[0];
        assert!(r.left(zero).is_empty() && r.right(zero).is_empty());
    }

    /// Without `onside-delete-right` no Right option may be deleted inside an onside: the
    /// only other deletion on the cycle, Left's move back to a, changes the onside ({0|-1}
    /// is not 1), so no side is reached. The rule set is what runs.
    #[test]
    fn removing_a_side_rule_changes_the_side_derivation() {
        use crate::loopy::driver::side;
        let mut rules = RuleSet::loopy();
        assert!(rules.remove("onside-delete-right"));
        let mut w = NoTerms(LoopyRules::new(&rules));
        let d = side(&undo_game(), Side::On, false, &mut Work::default(), &mut w).unwrap();
        assert!(d.is_none(), "{:?}", d.map(|d| rules_of(&d)));
        // Its mirror still runs in the offside: there Left's move back to a is the one the
        // favoured player (Right) undoes at once; the offside is {0 | -1}.
        let d = side(&undo_game(), Side::Off, false, &mut Work::default(), &mut w)
            .unwrap()
            .expect("the offside is reached");
        assert_eq!(
            rules_of(&d).first().map(String::as_str),
            Some("offside-delete-left")
        );
    }

    /// The side rules are never tried on a stopper: a stopper's derivation with only them
    /// makes no step (the onside of a stopper is itself, and `keeps_onside` has no side to
    /// keep outside a side's derivation).
    #[test]
    fn side_rules_are_not_stopper_rules() {
        let mut rules = RuleSet::empty();
        for name in ["onside-delete-left", "onside-delete-right"] {
            rules
                .add(RuleSet::loopy().get(name).unwrap().clone())
                .unwrap();
        }
        // {0, 1 |}: a stopper with a dominated option, which a side rule would delete.
        let g = game(vec![
            [vec![1, 2], vec![]],
            [vec![], vec![]],
            [vec![1], vec![]],
        ]);
        let mut w = NoTerms(LoopyRules::new(&rules));
        let d = derive(&g, false, &mut Work::default(), &mut w).unwrap();
        assert!(
            !rules_of(&d).iter().any(|r| r.contains("side-delete")),
            "{:?}",
            rules_of(&d)
        );
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
