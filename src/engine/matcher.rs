//! Matching rule patterns against e-graph nodes, and deciding their side conditions.
//!
//! Options are matched as sets: each picked option is any one not already picked, and `..X`
//! takes the rest. A nested game pattern looks inside an option through the class's *inside
//! form* (its active game node, or the opened definition of a closed form); a class that has no
//! such form yet is reported so the engine can open it, which is how definitions are unfolded
//! only on demand.

use super::analysis::CgAnalysis;
use super::lang::{Cg, Leaf};
use crate::kernel::{GameId, Kernel, Relation};
use crate::number::{mex, Dyadic, Nimber};
use crate::rules::check::{as_value_expr, is_value_template, VarKind};
use crate::rules::*;
use crate::term::{Pebble, Term};
use egg::{EGraph, Id};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use std::collections::BTreeMap;

/// The e-graph type the engine works on.
pub type Graph = EGraph<Cg, CgAnalysis>;

/// A game bound by a pattern: its class, and the matched node's slot if the pattern looked
/// inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRef {
    /// The (canonical at match time) class.
    pub class: Id,
    /// The child id as it appears in the matched parent node (or the class, at the top).
    pub id: Id,
    /// The slot of the node matched inside it, if any.
    pub slot: Option<usize>,
}

/// A node the match looked at: the active node itself (slot 0) or one inside an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The node, with the child ids it has in the e-graph.
    pub node: Cg,
    /// The class holding it.
    pub class: Id,
    /// Where it sits: the parent slot and the child position in the parent's node.
    pub parent: Option<(usize, usize)>,
}

/// Everything a successful match bound.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Binds {
    /// Game variables.
    pub games: Vec<(String, GameRef)>,
    /// Set variables: the child ids of the rest of a side.
    pub sets: Vec<(String, Vec<Id>)>,
    /// Value variables (numbers, up multiples and nimbers, all as dyadics).
    pub values: Vec<(String, Dyadic)>,
    /// Row variables.
    pub rows: Vec<(String, Vec<Pebble>)>,
    /// The nodes looked at; slot 0 is the matched node.
    pub slots: Vec<Slot>,
}

impl Binds {
    /// The game bound to `name`.
    pub fn game(&self, name: &str) -> Option<&GameRef> {
        self.games.iter().find(|(n, _)| n == name).map(|(_, g)| g)
    }
    /// The set bound to `name`.
    pub fn set(&self, name: &str) -> Option<&[Id]> {
        self.sets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.as_slice())
    }
    /// The value bound to `name`.
    pub fn value(&self, name: &str) -> Option<&Dyadic> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
    /// The row bound to `name`.
    pub fn row(&self, name: &str) -> Option<&[Pebble]> {
        self.rows
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.as_slice())
    }
}

/// What the matcher needs from the engine: the inside form of a class.
pub trait Inside {
    /// The game node to look inside `class` with, if it has one; otherwise the engine is asked
    /// to open the class.
    fn inside(&self, egraph: &Graph, class: Id) -> Option<Cg>;
    /// Records that a rule wanted to look inside `class`.
    fn want_open(&self, class: Id);
}

struct Matcher<'a> {
    egraph: &'a Graph,
    inside: &'a dyn Inside,
    rule: &'a Rule,
    /// The kinds of the rule's variables, worked out on the first candidate match: most calls
    /// find none (a rule tried on each of a million options), and working them out for each
    /// call was a third of the time on `{0,1,…,999999|}`.
    kinds: std::cell::OnceCell<Option<BTreeMap<String, VarKind>>>,
}

/// Finds the first way `rule` matches `node` (in class `class`) whose conditions hold and
/// that `skip` does not turn down (the caller skips matches it found to change nothing).
/// `give_up` is asked before each candidate; when it says so the search ends with `None` (a
/// limit was reached).
pub fn find_match(
    egraph: &Graph,
    inside: &dyn Inside,
    rule: &Rule,
    class: Id,
    node: &Cg,
    skip: &dyn Fn(&Binds) -> bool,
    give_up: &dyn Fn() -> bool,
) -> Option<Binds> {
    let m = Matcher {
        egraph,
        inside,
        rule,
        kinds: std::cell::OnceCell::new(),
    };
    let mut binds = Binds::default();
    binds.slots.push(Slot {
        node: node.clone(),
        class,
        parent: None,
    });
    let mut found = None;
    m.pat_node(&rule.pattern, 0, class, class, &mut binds, &mut |b| {
        // A wide game has many candidate matches; a limit reached meanwhile ends the search.
        if give_up() {
            return true;
        }
        if !skip(b) && m.conditions_hold(b) {
            found = Some(b.clone());
            true
        } else {
            false
        }
    });
    found
}

type Cont<'c> = dyn FnMut(&Binds) -> bool + 'c;

impl Matcher<'_> {
    /// Matches pattern `p` against the node in `slot` (of class `class`, reached through child
    /// id `id`).
    fn pat_node(
        &self,
        p: &Pattern,
        slot: usize,
        class: Id,
        id: Id,
        b: &mut Binds,
        k: &mut Cont,
    ) -> bool {
        let node = b.slots[slot].node.clone();
        match p {
            Pattern::Var(v) => self.bind_game(
                v,
                GameRef {
                    class,
                    id,
                    slot: Some(slot),
                },
                b,
                k,
            ),
            Pattern::Bind(v, inner) => {
                let g = GameRef {
                    class,
                    id,
                    slot: Some(slot),
                };
                let mark = b.games.len();
                if !self.push_game(v, g, b) {
                    return false;
                }
                let stop = self.pat_node(inner, slot, class, id, b, k);
                b.games.truncate(mark);
                stop
            }
            Pattern::Game(lp, rp) => {
                let Some((l, r)) = node.sides() else {
                    return false;
                };
                let (l, r) = (l.to_vec(), r.to_vec());
                let nl = l.len();
                self.side(lp, &l, 0, slot, b, &mut |b2| {
                    let mut b3 = b2.clone();
                    self.side(rp, &r, nl, slot, &mut b3, k)
                })
            }
            Pattern::Sum(pa, pb) => {
                let Cg::Sum([a, c]) = node else { return false };
                self.pat_class(pa, a, slot, 0, b, &mut |b2| {
                    let mut b3 = b2.clone();
                    self.pat_class(pb, c, slot, 1, &mut b3, k)
                })
            }
            Pattern::Neg(pa) => {
                let Cg::Neg([a]) = node else { return false };
                self.pat_class(pa, a, slot, 0, b, k)
            }
            Pattern::PlusMinus(s) => {
                let Cg::PlusMinus(xs) = &node else {
                    return false;
                };
                let mark = b.sets.len();
                b.sets.push((s.clone(), xs.clone()));
                let stop = k(b);
                b.sets.truncate(mark);
                stop
            }
            Pattern::Leaf(lp) => {
                let Cg::Leaf(leaf) = &node else { return false };
                self.leaf(lp, leaf, b, k)
            }
        }
    }

    /// Matches pattern `p` against the class of child `child` at position `pos` of `parent`.
    fn pat_class(
        &self,
        p: &Pattern,
        child: Id,
        parent: usize,
        pos: usize,
        b: &mut Binds,
        k: &mut Cont,
    ) -> bool {
        let class = self.egraph.find(child);
        match p {
            Pattern::Var(v) => self.bind_game(
                v,
                GameRef {
                    class,
                    id: child,
                    slot: None,
                },
                b,
                k,
            ),
            Pattern::Bind(v, inner) => match **inner {
                Pattern::Var(_) => {
                    let g = GameRef {
                        class,
                        id: child,
                        slot: None,
                    };
                    let mark = b.games.len();
                    if !self.push_game(v, g, b) {
                        return false;
                    }
                    let stop = self.pat_class(inner, child, parent, pos, b, k);
                    b.games.truncate(mark);
                    stop
                }
                _ => self.pat_class_nodes(inner, Some(v), child, class, parent, pos, b, k),
            },
            _ => self.pat_class_nodes(p, None, child, class, parent, pos, b, k),
        }
    }

    /// Tries `p` against each candidate node of a class, recording the node in a new slot.
    #[allow(clippy::too_many_arguments)]
    fn pat_class_nodes(
        &self,
        p: &Pattern,
        bind: Option<&str>,
        child: Id,
        class: Id,
        parent: usize,
        pos: usize,
        b: &mut Binds,
        k: &mut Cont,
    ) -> bool {
        let candidates: Vec<Cg> = match p {
            Pattern::Game(..) => match self.inside.inside(self.egraph, class) {
                Some(n) => vec![n],
                None => {
                    self.inside.want_open(class);
                    return false;
                }
            },
            Pattern::Var(_) | Pattern::Bind(..) => {
                return self.pat_class(p, child, parent, pos, b, k)
            }
            Pattern::Leaf(_) => self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Leaf(_)))
                .cloned()
                .collect(),
            Pattern::Sum(..) => self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Sum(_)))
                .cloned()
                .collect(),
            Pattern::Neg(_) => self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Neg(_)))
                .cloned()
                .collect(),
            Pattern::PlusMinus(_) => self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::PlusMinus(_)))
                .cloned()
                .collect(),
        };
        for node in candidates {
            b.slots.push(Slot {
                node,
                class,
                parent: Some((parent, pos)),
            });
            let slot = b.slots.len() - 1;
            let marks = (b.games.len(), b.slots.len());
            let bound = match bind {
                Some(v) => self.push_game(
                    v,
                    GameRef {
                        class,
                        id: child,
                        slot: Some(slot),
                    },
                    b,
                ),
                None => true,
            };
            let stop = bound && self.pat_node(p, slot, class, child, b, k);
            b.games.truncate(marks.0);
            b.slots.truncate(slot);
            if stop {
                return true;
            }
        }
        false
    }

    /// Matches one side's picks (in any order, each a different option) and rest.
    fn side(
        &self,
        sp: &SidePattern,
        kids: &[Id],
        offset: usize,
        slot: usize,
        b: &mut Binds,
        k: &mut Cont,
    ) -> bool {
        let mut used = vec![false; kids.len()];
        self.picks(sp, 0, kids, offset, slot, &mut used, b, k)
    }

    #[allow(clippy::too_many_arguments)]
    fn picks(
        &self,
        sp: &SidePattern,
        i: usize,
        kids: &[Id],
        offset: usize,
        slot: usize,
        used: &mut [bool],
        b: &mut Binds,
        k: &mut Cont,
    ) -> bool {
        if i == sp.picks.len() {
            let rest: Vec<Id> = kids
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(c, _)| *c)
                .collect();
            return match &sp.rest {
                Some(name) => {
                    let mark = b.sets.len();
                    b.sets.push((name.clone(), rest));
                    let stop = k(b);
                    b.sets.truncate(mark);
                    stop
                }
                None if rest.is_empty() => k(b),
                None => false,
            };
        }
        for p in 0..kids.len() {
            if used[p] {
                continue;
            }
            used[p] = true;
            let mut cont = |b2: &Binds| {
                let mut b3 = b2.clone();
                let mut used2 = used.to_vec();
                self.picks(sp, i + 1, kids, offset, slot, &mut used2, &mut b3, k)
            };
            let stop = self.pat_class(&sp.picks[i], kids[p], slot, offset + p, b, &mut cont);
            used[p] = false;
            if stop {
                return true;
            }
        }
        false
    }

    fn push_game(&self, v: &str, g: GameRef, b: &mut Binds) -> bool {
        if let Some(prev) = b.game(v) {
            return self.egraph.find(prev.class) == self.egraph.find(g.class);
        }
        b.games.push((v.to_string(), g));
        true
    }

    fn bind_game(&self, v: &str, g: GameRef, b: &mut Binds, k: &mut Cont) -> bool {
        let mark = b.games.len();
        if !self.push_game(v, g, b) {
            return false;
        }
        let stop = k(b);
        b.games.truncate(mark);
        stop
    }

    fn leaf(&self, lp: &LeafPattern, leaf: &Leaf, b: &mut Binds, k: &mut Cont) -> bool {
        let mark = b.values.len();
        let ok = match (lp, leaf) {
            (LeafPattern::Hack(r), Leaf::Hack(row)) => {
                b.rows.push((r.clone(), row.clone()));
                let stop = k(b);
                b.rows.pop();
                return stop;
            }
            (LeafPattern::Hack(_), _) | (_, Leaf::Hack(_)) => false,
            (lp, Leaf::Nus { number, up, nim }) => {
                let nim_d = Dyadic::integer(BigInt::from(nim.value().clone()));
                let up_d = Dyadic::integer(up.clone());
                let pure = up.is_zero() && nim.is_zero();
                match lp {
                    LeafPattern::Num(a) => pure && self.arg(a, number.clone(), b),
                    LeafPattern::Int(a) => {
                        pure && number.is_integer() && self.arg(a, number.clone(), b)
                    }
                    LeafPattern::Nim(a) => {
                        number.is_zero() && up.is_zero() && self.arg(a, nim_d, b)
                    }
                    LeafPattern::Up(a) => number.is_zero() && nim.is_zero() && self.arg(a, up_d, b),
                    LeafPattern::Nus(x, u, n) => {
                        self.arg(x, number.clone(), b)
                            && self.arg(u, up_d, b)
                            && self.arg(n, nim_d, b)
                    }
                    LeafPattern::Hack(_) => false,
                }
            }
        };
        let stop = ok && k(b);
        b.values.truncate(mark);
        stop
    }

    fn arg(&self, a: &ValueArg, v: Dyadic, b: &mut Binds) -> bool {
        match a {
            ValueArg::Any => true,
            ValueArg::Lit(l) => *l == v,
            ValueArg::Var(name) => match b.value(name) {
                Some(prev) => *prev == v,
                None => {
                    b.values.push((name.clone(), v));
                    true
                }
            },
        }
    }

    // ---- conditions ----

    fn conditions_hold(&self, b: &Binds) -> bool {
        let kinds = self
            .kinds
            .get_or_init(|| crate::rules::check::bindings(&self.rule.pattern).ok());
        // A rule whose variables have no consistent kinds (never one from a checked rule set)
        // matches nothing.
        let Some(kinds) = kinds else {
            return false;
        };
        let mut kernel = self.egraph.analysis.kernel();
        let ctx = Eval {
            egraph: self.egraph,
            binds: b,
            kinds,
        };
        self.rule
            .conditions
            .iter()
            .all(|c| ctx.condition(&mut kernel, c).unwrap_or(false))
    }
}

/// Evaluates templates, values and conditions under a match.
pub struct Eval<'a> {
    /// The e-graph.
    pub egraph: &'a Graph,
    /// The match.
    pub binds: &'a Binds,
    /// The kinds of the rule's variables.
    pub kinds: &'a BTreeMap<String, VarKind>,
}

fn relation_holds(rel: Rel, r: Relation) -> bool {
    use Relation::*;
    match rel {
        Rel::Le => matches!(r, Less | Equal),
        Rel::Lt => r == Less,
        Rel::Ge => matches!(r, Greater | Equal),
        Rel::Gt => r == Greater,
        Rel::Eq => r == Equal,
        Rel::Ne => r != Equal,
        Rel::Fuzzy => r == Fuzzy,
        Rel::LessOrFuzzy => matches!(r, Less | Fuzzy),
        Rel::GreaterOrFuzzy => matches!(r, Greater | Fuzzy),
    }
}

/// Whether `rel` holds between two numbers.
pub fn number_relation_holds(rel: Rel, a: &Dyadic, b: &Dyadic) -> bool {
    let r = match a.cmp(b) {
        std::cmp::Ordering::Less => Relation::Less,
        std::cmp::Ordering::Equal => Relation::Equal,
        std::cmp::Ordering::Greater => Relation::Greater,
    };
    relation_holds(rel, r)
}

impl Eval<'_> {
    fn class_value(&self, id: Id) -> Option<GameId> {
        self.egraph[self.egraph.find(id)].data.value
    }

    /// The value of each member of a bound set.
    pub fn set_values(&self, name: &str) -> Option<Vec<GameId>> {
        self.binds
            .set(name)?
            .iter()
            .map(|&c| self.class_value(c))
            .collect()
    }

    /// Decides a condition; `None` when something could not be evaluated (then it fails).
    pub fn condition(&self, k: &mut Kernel, c: &Condition) -> Option<bool> {
        match c {
            Condition::Compare(a, rel, b) => {
                if is_value_template(a, self.kinds) {
                    let x = self.value(k, &as_value_expr(a)?)?;
                    let y = self.value(k, &as_value_expr(b)?)?;
                    Some(number_relation_holds(*rel, &x, &y))
                } else {
                    let x = self.template_value(k, a, None)?;
                    let y = self.template_value(k, b, None)?;
                    Some(relation_holds(*rel, k.compare(x, y).ok()?))
                }
            }
            Condition::Pred {
                negated,
                pred,
                args,
            } => {
                let holds = self.predicate(k, *pred, args)?;
                Some(holds != *negated)
            }
        }
    }

    fn numbers_of(&self, k: &Kernel, name: &str) -> Option<Vec<Dyadic>> {
        self.set_values(name)?
            .into_iter()
            .map(|g| k.as_number(g))
            .collect()
    }

    fn predicate(&self, k: &mut Kernel, pred: Predicate, args: &[String]) -> Option<bool> {
        let a0 = args.first()?;
        Some(match pred {
            Predicate::Number => k
                .as_number(self.class_value(self.binds.game(a0)?.class)?)
                .is_some(),
            Predicate::Nimber => k
                .as_nimber(self.class_value(self.binds.game(a0)?.class)?)
                .is_some(),
            Predicate::Numbers => self.numbers_of(k, a0).is_some(),
            Predicate::Nimbers => self
                .set_values(a0)?
                .into_iter()
                .all(|g| k.as_nimber(g).is_some()),
            Predicate::Same => {
                let mut x = self.set_values(a0)?;
                let mut y = self.set_values(args.get(1)?)?;
                x.sort();
                x.dedup();
                y.sort();
                y.dedup();
                x == y
            }
            Predicate::Integer => self.binds.value(a0)?.is_integer(),
            Predicate::Fits => {
                let Some(l) = self.numbers_of(k, a0) else {
                    return Some(false);
                };
                let Some(r) = self.numbers_of(k, args.get(1)?) else {
                    return Some(false);
                };
                Dyadic::simplest_between(l.iter().max(), r.iter().min()).is_some()
            }
            Predicate::Adjacent => {
                let x = self.binds.value(a0)?;
                let y = self.binds.value(args.get(1)?)?;
                let e = x.denominator_exp().max(y.denominator_exp());
                let step = Dyadic::from(1).mul_pow2(-(i64::try_from(e).ok()?));
                (y - x) == step
            }
            Predicate::InitialNimbers => {
                let members = self.binds.set(a0)?;
                let mut ks: Vec<BigInt> = Vec::new();
                for &m in members {
                    let class = self.egraph.find(m);
                    let nim = self.egraph[class].nodes.iter().find_map(|n| match n {
                        Cg::Leaf(Leaf::Nus { number, up, nim })
                            if number.is_zero() && up.is_zero() =>
                        {
                            Some(BigInt::from(nim.value().clone()))
                        }
                        _ => None,
                    })?;
                    ks.push(nim);
                }
                ks.sort();
                ks.iter().enumerate().all(|(i, v)| *v == BigInt::from(i))
            }
            Predicate::Empty => self.binds.set(a0)?.is_empty(),
        })
    }

    /// Evaluates a value expression.
    pub fn value(&self, k: &mut Kernel, v: &ValueExpr) -> Option<Dyadic> {
        Some(match v {
            ValueExpr::Lit(x) => x.clone(),
            ValueExpr::Var(n) => self.binds.value(n)?.clone(),
            ValueExpr::Add(a, b) => &self.value(k, a)? + &self.value(k, b)?,
            ValueExpr::Sub(a, b) => &self.value(k, a)? - &self.value(k, b)?,
            ValueExpr::Neg(a) => -&self.value(k, a)?,
            ValueExpr::Call(f, sets, vals) => match f {
                ValueFn::Simplest => {
                    let l = self.numbers_of(k, sets.first()?)?;
                    let r = self.numbers_of(k, sets.get(1)?)?;
                    Dyadic::simplest_between(l.iter().max(), r.iter().min())?
                }
                ValueFn::Mex => {
                    let nims: Option<Vec<Nimber>> = self
                        .set_values(sets.first()?)?
                        .into_iter()
                        .map(|g| k.as_nimber(g))
                        .collect();
                    Dyadic::integer(BigInt::from(mex(nims?.iter()).value().clone()))
                }
                ValueFn::NimAdd => {
                    let a = nat(&self.value(k, vals.first()?)?)?;
                    let b = nat(&self.value(k, vals.get(1)?)?)?;
                    Dyadic::integer(BigInt::from(a.nim_add(&b).value().clone()))
                }
                ValueFn::Ulp => {
                    let x = self.value(k, vals.first()?)?;
                    Dyadic::from(1).mul_pow2(-(i64::try_from(x.denominator_exp()).ok()?))
                }
                ValueFn::Mid => {
                    (&self.value(k, vals.first()?)? + &self.value(k, vals.get(1)?)?).half()
                }
                ValueFn::Count => {
                    Dyadic::from(i64::try_from(self.binds.set(sets.first()?)?.len()).ok()?)
                }
                ValueFn::NumVal => {
                    k.as_number(self.class_value(self.binds.game(sets.first()?)?.class)?)?
                }
                ValueFn::NimVal => {
                    let n =
                        k.as_nimber(self.class_value(self.binds.game(sets.first()?)?.class)?)?;
                    Dyadic::integer(BigInt::from(n.value().clone()))
                }
            },
        })
    }

    /// The value of a template; `elem` is the member standing for a map's set variable.
    pub fn template_value(
        &self,
        k: &mut Kernel,
        t: &Template,
        elem: Option<(&str, Id)>,
    ) -> Option<GameId> {
        match t {
            Template::Var(v) => {
                if let Some((name, id)) = elem {
                    if name == v {
                        return self.class_value(id);
                    }
                }
                if let Some(g) = self.binds.game(v) {
                    return self.class_value(g.class);
                }
                let x = self.binds.value(v)?.clone();
                Some(k.number(&x))
            }
            Template::Game(l, r) => {
                let lv = self.items_values(k, l)?;
                let rv = self.items_values(k, r)?;
                k.from_options(&lv, &rv).ok()
            }
            Template::Sum(a, b) => {
                let x = self.template_value(k, a, elem)?;
                let y = self.template_value(k, b, elem)?;
                k.add(x, y).ok()
            }
            Template::Neg(a) => {
                let x = self.template_value(k, a, elem)?;
                Some(k.neg(x))
            }
            Template::Leaf(leaf) => {
                let l = self.leaf(k, leaf)?;
                match l {
                    Leaf::Nus { number, up, nim } => Some(k.nus(&number, &up, &nim)),
                    Leaf::Hack(row) => k.eval(&Term::Hackenstring(row)).ok(),
                }
            }
            Template::Value(v) => {
                let x = self.value(k, v)?;
                Some(k.number(&x))
            }
        }
    }

    fn items_values(&self, k: &mut Kernel, items: &[TemplateItem]) -> Option<Vec<GameId>> {
        let mut out = Vec::new();
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(self.template_value(k, t, None)?),
                TemplateItem::Splice(s) => out.extend(self.set_values(s)?),
                TemplateItem::Map { over, body } => {
                    for &m in self.binds.set(over)? {
                        out.push(self.template_value(k, body, Some((over, m)))?);
                    }
                }
                TemplateItem::Nims(n) => {
                    for leaf in nims(&self.value(k, n)?, MAX_OPEN)? {
                        if let Leaf::Nus { number, up, nim } = leaf {
                            out.push(k.nus(&number, &up, &nim));
                        }
                    }
                }
                TemplateItem::Cuts { left, row } => {
                    for t in cuts(self.binds.row(row)?, *left) {
                        out.push(k.eval(&t.to_term()).ok()?);
                    }
                }
            }
        }
        Some(out)
    }

    /// Builds a leaf from a leaf template.
    pub fn leaf(&self, k: &mut Kernel, leaf: &LeafTemplate) -> Option<Leaf> {
        let zero = || Dyadic::zero();
        let (number, up, nim) = match leaf {
            LeafTemplate::Num(x) => (self.value(k, x)?, zero(), zero()),
            LeafTemplate::Int(x) => {
                let v = self.value(k, x)?;
                if !v.is_integer() {
                    return None;
                }
                (v, zero(), zero())
            }
            LeafTemplate::Nim(n) => (zero(), zero(), self.value(k, n)?),
            LeafTemplate::Up(u) => (zero(), self.value(k, u)?, zero()),
            LeafTemplate::Nus(x, u, n) => (self.value(k, x)?, self.value(k, u)?, self.value(k, n)?),
        };
        Some(Leaf::Nus {
            number,
            up: up.to_integer()?.clone(),
            nim: nat(&nim)?,
        })
    }
}

/// The most options a definition may open a closed form into (`*n` has n options).
pub const MAX_OPEN: usize = 4096;

fn nat(x: &Dyadic) -> Option<Nimber> {
    let n = x.to_integer()?;
    Some(Nimber::new(n.to_biguint()?))
}

/// The nimber leaves `*0 … *(n−1)`, refusing absurd n.
pub fn nims(n: &Dyadic, max: usize) -> Option<Vec<Leaf>> {
    let n = n.to_integer()?.to_usize()?;
    if n > max {
        return None;
    }
    Some(
        (0..n as u64)
            .map(|i| Leaf::Nus {
                number: Dyadic::zero(),
                up: BigInt::zero(),
                nim: Nimber::from(i),
            })
            .collect(),
    )
}

/// The rows a player can leave by one move: cutting at each of their pebbles (or a neutral one).
/// The empty row is the number 0.
pub fn cuts(row: &[Pebble], left: bool) -> Vec<Leaf> {
    row.iter()
        .enumerate()
        .filter(|(_, p)| **p == Pebble::Neutral || (**p == Pebble::Left) == left)
        .map(|(i, _)| {
            if i == 0 {
                Leaf::number(Dyadic::zero())
            } else {
                Leaf::Hack(row[..i].to_vec())
            }
        })
        .collect()
}
