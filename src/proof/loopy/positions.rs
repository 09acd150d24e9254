//! The checker's reading of loopy play's rules on a game graph's positions: the stopper rules
//! (`loopy-dominated-*`, `loopy-reversible-*`, a user's under any name) and the side rules
//! (a `keeps_onside`/`keeps_offside` proviso, whatever the name). A step by one is re-matched
//! from the rule the rule set holds by the checker's one rule interpreter
//! ([`crate::proof::pattern`]), never by `eval::loopy`; this module is loopy play's host for
//! it on the checker's own graph (`Positions`).
//!
//! The producer matches these rules on the positions of a graph kept minimal as a form, so
//! the checker means what it means, on the graph it read: a place is a position, its options
//! the positions its edges reach (in the order written; nested patterns look one position
//! further, cycles never unfolded); a name bound twice, `==` and `!=` compare forms (the
//! classes of the coarsest bisimulation); `<=` and the other comparisons are the order of
//! stoppers by the checker's survival search ([`crate::proof::loopy_order`]), and mean
//! nothing (do not hold) inside a side, whose game need not be a stopper; `keeps_onside(G, a)`
//! (`keeps_offside`) deletes the option bound to `a` from the position bound to `G`, every
//! position of that form alike, and compares that side of the game before and after by the
//! checker's own order of sides ([`crate::proof::loopy_sides`]), or each against the side's
//! stopper S when the step names one (the witness `side`). A result is the matched
//! position's new options, the rest of the graph shared; it must be the step's `to` graph as
//! a form.
//!
//! A step names the options its pattern picked by their indices among their position's
//! options on their side (`removed`, `by`, `option`, `through`; a side rule's deleted option
//! is its step's `option`, whatever the rule calls it): a variable with a witness binds only
//! the option at that index, so the witnesses agree with the match or nothing matches.
//!
//! Matching and conditions say that the step is an instance of the rule; they do not make a
//! rule true. Every step on a stopper is also checked to leave a stopper equal to the game
//! before it (which is how a user's unsound rule is caught at its step); a side rule's
//! proviso is decided by the definitions themselves, and a rule not shipped as shipped has
//! the sides before and after compared again after its match.

use super::notes::{as_failure, Notes};
use super::*;
use crate::definitional::inequality::Undecided;
use crate::proof::pattern::{self, Binds, Failure, Got, Host, Kinds, Look};
use crate::proof::played::listed;
use crate::rules::check::{bindings, VarKind};
use crate::rules::{Condition, Pattern, Predicate, Rel, Rule, SideDeletion, Template};

/// A rule of the set on a graph's positions, as the checker holds it.
#[derive(Clone)]
pub(super) struct GraphRule {
    pub(super) rule: Rule,
    /// A shipped rule as `rules/loopy.rules` states it.
    pub(super) known: bool,
    /// What a side rule deletes (its proviso's side, whose option); none for a stopper rule.
    pub(super) side: Option<SideDeletion>,
}

impl GraphRule {
    pub(super) fn new(rule: Rule, known: bool) -> Self {
        let side = rule.side_deletion();
        GraphRule { rule, known, side }
    }
}

/// Where a step by a side rule is: inside an onside (`on`) or offside, and the side's stopper
/// S when the step names it.
pub(super) struct Inside {
    pub(super) on: bool,
    pub(super) stopper: Option<G>,
}

/// A place of the graph the step starts from.
#[derive(Clone, Debug, PartialEq)]
enum Place {
    /// A position, and where the pattern picked it: (its parent, the parent's side, its
    /// index there); none for the step's place itself.
    At(usize, Option<(usize, Player, usize)>),
    /// A position a result builds: its Left and Right options.
    Built(Vec<Place>, Vec<Place>),
}

impl Checker<'_> {
    /// The rule on positions named `name` in the rules the proof is checked against.
    pub(super) fn graph_rule(&self, name: &str) -> Option<&GraphRule> {
        self.graph_rules.iter().find(|r| r.rule.name == name)
    }

    /// A step by `g` at the position `v` of `f`, to `t`: its pattern re-matched at `v` with
    /// the step's witnesses, its conditions decided and its result built by [`Positions`],
    /// the result compared with `t`. A stopper rule's step (`inside` none) must start at a
    /// stopper and leave an equal stopper.
    pub(super) fn graph_step(
        &mut self,
        g: &GraphRule,
        s: &Step,
        v: usize,
        f: &G,
        t: &G,
        inside: Option<Inside>,
    ) -> Result<(), Stop> {
        let rule = &g.rule;
        let wrong = |m: String| Err(Stop::Wrong(format!("{}: {m}", rule.name)));
        let kinds = match bindings(&rule.pattern) {
            Ok(k) => k,
            Err(m) => return wrong(m),
        };
        let mut witness = Vec::new();
        for (n, _) in &s.witnesses.values {
            let mut var = n.to_string();
            // A side step names the option it deletes `option`, whatever the rule calls it.
            if let Some((_, a)) = proviso(rule).filter(|_| g.side.is_some() && n == "option") {
                var = a.to_string();
            }
            if !matches!(kinds.get(var.as_str()), Some(VarKind::Game)) {
                return wrong(format!("the witness `{n}` is not an option the rule names"));
            }
            witness.push((var, index(s, n)?));
        }
        if let Some((n, _)) = s.witnesses.games.iter().find(|(n, _)| n != "side") {
            return wrong(format!("the witness `{n}` is not one a loopy step names"));
        }
        let (q, class) = self.quotient(f)?;
        let mut h = Positions {
            c: self,
            f,
            t,
            v,
            q,
            class,
            witness,
            inside,
            same_as_t: None,
            n: Notes::default(),
        };
        let mut accept = |h: &mut Positions<'_, '_>, built: &Place| h.accept(built);
        let top = Place::At(v, None);
        let got = pattern::rewrites(&mut h, rule, &kinds, &top, &Binds::default(), &mut accept);
        h.n.verdict(&rule.name, got)?;
        let Positions { inside, .. } = h;
        match inside {
            // The proviso decided the deletion of the option it names; a rule not shipped as
            // shipped has the two games' sides compared once more (the answers are kept, so
            // this costs nothing when the result is that deletion).
            Some(inside) if !g.known => {
                if let Err(m) = self.side_kept(f, t, &inside, "the step")? {
                    return wrong(m);
                }
            }
            Some(_) => {}
            None => {
                if !self.stopper(t)? {
                    return wrong("the game after the step is not a stopper".into());
                }
                if !self.equal(f, t)? {
                    return wrong("the games before and after the step are not equal".into());
                }
            }
        }
        Ok(())
    }

    /// Whether `a` and `b` have the same side (`inside.on`): each at least the other by the
    /// checker's own search, or, with the side's stopper S, each equal to S (so to each other,
    /// by the order's transitivity; each comparison is then against S's few vertices instead
    /// of the other whole graph). The inner `Err` says which comparison fails.
    fn side_kept(
        &mut self,
        a: &G,
        b: &G,
        inside: &Inside,
        what: &str,
    ) -> Result<Result<(), String>, Stop> {
        let which = if inside.on { "onside" } else { "offside" };
        match &inside.stopper {
            Some(side) => {
                for (g, when) in [(a, "before"), (b, "after")] {
                    if !(self.side_ge(g, side, inside.on)? && self.side_ge(side, g, inside.on)?) {
                        return Ok(Err(format!(
                            "the {which} {when} {what} is not the witness `side`"
                        )));
                    }
                }
                Ok(Ok(()))
            }
            None if self.side_ge(a, b, inside.on)? && self.side_ge(b, a, inside.on)? => Ok(Ok(())),
            None => Ok(Err(format!("{what} changes the {which}"))),
        }
    }
}

/// A side rule's proviso `keeps_onside(G, a)` (or `keeps_offside`): `G` and `a`.
fn proviso(rule: &Rule) -> Option<(&str, &str)> {
    rule.conditions.iter().find_map(|c| match c {
        Condition::Pred {
            pred: Predicate::KeepsOnside | Predicate::KeepsOffside,
            args,
            ..
        } => match &args[..] {
            [g, a] => Some((g.as_str(), a.as_str())),
            _ => None,
        },
        _ => None,
    })
}

/// The witness `k` of step `s`, an option index.
pub(super) fn index(s: &Step, k: &str) -> Result<usize, Stop> {
    let d = s
        .witnesses
        .value(k)
        .ok_or_else(|| Stop::Wrong(format!("the witness `{k}` is missing")))?;
    let i = d
        .is_integer()
        .then(|| usize::try_from(d.numerator().clone()));
    i.and_then(Result::ok)
        .ok_or_else(|| Stop::Wrong(format!("the witness `{k}` is not an index")))
}

/// Options `os` without the `i`-th.
pub(super) fn without(os: &[usize], i: usize) -> Vec<usize> {
    let kept = os.iter().enumerate().filter(|&(k, _)| k != i);
    kept.map(|(_, &o)| o).collect()
}

/// Loopy play's places for the checker's interpreter on a graph: the positions of the graph
/// `f` a step starts from (see the module's doc for what each condition means here).
struct Positions<'c, 't> {
    c: &'c mut Checker<'t>,
    /// The graph before the step, and after it.
    f: &'c G,
    t: &'c G,
    /// The step's place.
    v: usize,
    /// `f` with one vertex per form, and each vertex's form: a result edits it.
    q: G,
    class: Vec<usize>,
    /// The option each witnessed variable names: its index among its position's options.
    witness: Vec<(String, usize)>,
    /// Inside a side: which, and its stopper when the step names it.
    inside: Option<Inside>,
    /// The last graph compared with `t`, and whether it is `t`'s form.
    same_as_t: Option<(G, bool)>,
    /// Why the match went as it did.
    n: Notes,
}

impl Positions<'_, '_> {
    /// The form of a place in the edited quotient `q`, built positions added to it.
    fn form(&self, q: &mut G, p: &Place) -> usize {
        match p {
            Place::At(x, _) => self.class[*x],
            Place::Built(l, r) => {
                let l: Vec<usize> = l.iter().map(|x| self.form(q, x)).collect();
                let r: Vec<usize> = r.iter().map(|x| self.form(q, x)).collect();
                let n = q.add();
                (q.l[n], q.r[n]) = (sorted(l), sorted(r));
                n
            }
        }
    }

    /// `f` with the step's position given the options `built` names (every position of its
    /// form alike: they are one game); a bound position as a result makes it that one's copy.
    fn edit(&self, built: &Place) -> G {
        let mut q = self.q.clone();
        let c = self.class[self.v];
        let (l, r) = match built {
            Place::Built(l, r) => (
                l.iter().map(|x| self.form(&mut q, x)).collect(),
                r.iter().map(|x| self.form(&mut q, x)).collect(),
            ),
            Place::At(x, _) => (
                self.q.l[self.class[*x]].clone(),
                self.q.r[self.class[*x]].clone(),
            ),
        };
        (q.l[c], q.r[c]) = (sorted(l), sorted(r));
        q
    }

    /// Whether `g` is the step's `to` graph as a form (the last answer kept: the proviso of
    /// a side rule and its result ask about the same graph).
    fn is_t(&mut self, g: &G) -> Result<bool, Undecided> {
        if let Some((known, same)) = &self.same_as_t {
            if known == g {
                return Ok(*same);
            }
        }
        let r = self.c.same(g, self.t);
        let same = self.n.keep(r)?;
        self.same_as_t = Some((g.clone(), same));
        Ok(same)
    }

    /// Whether the result built is the game after the step.
    fn accept(&mut self, built: &Place) -> Result<(), Failure> {
        let after = self.edit(built);
        if self.is_t(&after).map_err(as_failure)? {
            return Ok(());
        }
        Err(Failure::Result(
            "the game after the step is not the game before with the options the rule's \
             result names"
                .into(),
        ))
    }

    /// The position a condition's template names.
    fn position(&mut self, t: &Template, b: &Binds<Place>) -> Option<usize> {
        match t {
            Template::Var(v) => match b.game(v) {
                Some(Place::At(x, _)) => Some(*x),
                _ => None,
            },
            _ => None,
        }
    }

    /// A condition that says nothing of a loopy game's positions: it does not hold, and the
    /// failure says why.
    fn meaningless(&mut self, c: &Condition) -> Option<bool> {
        self.n.failed.get_or_insert(format!(
            "the condition {c:?} means nothing on a loopy game's positions"
        ));
        None
    }

    /// `keeps_onside(G, a)` (`on`) or `keeps_offside(G, a)` under `b`: deleting `a` from
    /// `G`'s options keeps that side of the game.
    fn keeps(&mut self, on: bool, args: &[String], b: &Binds<Place>) -> Got<bool> {
        let which = if on { "onside" } else { "offside" };
        let Some(stopper) = self
            .inside
            .as_ref()
            .filter(|i| i.on == on)
            .map(|i| i.stopper.clone())
        else {
            self.n.failed.get_or_insert(format!(
                "`keeps_{which}` is decided inside an {which} only, and the step is not in one"
            ));
            return Ok(Some(false));
        };
        let (Some(g), Some(a)) = (args.first(), args.get(1)) else {
            return Ok(None);
        };
        let (Some(Place::At(v, _)), Some(Place::At(_, Some((parent, who, i))))) =
            (b.game(g), b.game(a))
        else {
            self.n
                .failed
                .get_or_insert(format!("`{a}` is not an option of the position `{g}`"));
            return Ok(Some(false));
        };
        let (v, parent, who, i) = (*v, *parent, *who, *i);
        if parent != v {
            self.n
                .failed
                .get_or_insert(format!("`{a}` is not an option of the position `{g}`"));
            return Ok(Some(false));
        }
        let mut q = self.q.clone();
        let c = self.class[v];
        let kept = sorted(
            without(self.f.side(v, who), i)
                .iter()
                .map(|&x| self.class[x])
                .collect(),
        );
        match who {
            Player::Left => q.l[c] = kept,
            Player::Right => q.r[c] = kept,
        }
        // The game after the step is that deletion, when it is: its sides were compared
        // with the side's stopper by the step before (the answers are kept).
        let after = if self.is_t(&q)? { self.t.clone() } else { q };
        let inside = Inside { on, stopper };
        let what = format!("deleting {}'s option {}{i}", name(who), letter(who));
        let r = self.c.side_kept(self.f, &after, &inside, &what);
        match self.n.keep(r)? {
            Ok(()) => Ok(Some(true)),
            Err(m) => {
                self.n.failed.get_or_insert(m);
                Ok(Some(false))
            }
        }
    }

    /// `x` `rel` `y` for positions: forms for `==`, `!=`, else the order of stoppers.
    fn compare(&mut self, x: usize, rel: Rel, y: usize) -> Result<bool, Undecided> {
        let f = self.f;
        let ge = |h: &mut Self, a: usize, b: usize| {
            let r = h.c.ge_at(f, a, f, b);
            h.n.keep(r)
        };
        Ok(match rel {
            Rel::Eq => self.class[x] == self.class[y],
            Rel::Ne => self.class[x] != self.class[y],
            Rel::Le => ge(self, y, x)?,
            Rel::Ge => ge(self, x, y)?,
            other => {
                let (a, b) = (ge(self, x, y)?, ge(self, y, x)?);
                other.by_order(a, b)
            }
        })
    }

    /// A place in words: an option by its side and index.
    fn words(p: &Place) -> String {
        match p {
            Place::At(_, Some((_, who, i))) => format!("{}{i}", letter(*who)),
            Place::At(_, None) => "the position at the step's place".into(),
            Place::Built(..) => "the game the result builds".into(),
        }
    }
}

fn sorted(mut xs: Vec<usize>) -> Vec<usize> {
    xs.sort_unstable();
    xs.dedup();
    xs
}

impl Host for Positions<'_, '_> {
    type Place = Place;
    type View = (Vec<Place>, Vec<Place>);

    fn sides(v: &Self::View) -> (&[Place], &[Place]) {
        (&v.0, &v.1)
    }

    fn look(&mut self, _: &Place) -> Look<Place> {
        Look::Same
    }

    fn games(&mut self, t: &Place, _: bool) -> Vec<Self::View> {
        let Place::At(v, _) = t else {
            return Vec::new();
        };
        let opts = |who: Player| -> Vec<Place> {
            let os = self.f.side(*v, who).iter().enumerate();
            os.map(|(i, &o)| Place::At(o, Some((*v, who, i)))).collect()
        };
        vec![(opts(Player::Left), opts(Player::Right))]
    }

    fn bound(&mut self, _: &Pattern, t: &Place, _: bool) -> Vec<Place> {
        vec![t.clone()]
    }

    fn other(
        &mut self,
        p: &Pattern,
        _: &Place,
        _: &Binds<Place>,
        _: &mut Vec<Binds<Place>>,
        _: usize,
    ) {
        self.n.unmatched.get_or_insert(format!(
            "a position of a loopy game is matched by game patterns and names, not by {p}"
        ));
    }

    /// A witnessed variable takes only the option at the witness's index.
    fn takes(&mut self, v: &str, t: &Place) -> bool {
        let Some(&(_, want)) = self.witness.iter().find(|(n, _)| n == v) else {
            return true;
        };
        if matches!(t, Place::At(_, Some((_, _, i))) if *i == want) {
            return true;
        }
        self.n.unmatched.get_or_insert(format!(
            "the witness {v} = {want} names no option the rule's `{v}` matches here"
        ));
        false
    }

    fn same(&mut self, a: &Place, b: &Place) -> bool {
        match (a, b) {
            (Place::At(x, _), Place::At(y, _)) => x == y,
            _ => a == b,
        }
    }

    fn equal(&mut self, a: &Place, b: &Place) -> Result<bool, Undecided> {
        let same = match (a, b) {
            (Place::At(x, _), Place::At(y, _)) => self.class[*x] == self.class[*y],
            _ => false,
        };
        if !same {
            self.n.unmatched.get_or_insert(
                "a name is bound twice, to positions that are not the same game form".into(),
            );
        }
        Ok(same)
    }

    fn same_set(&mut self, a: &[Place], b: &[Place]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| self.same(x, y))
    }

    fn limit(&mut self) -> &mut Option<String> {
        &mut self.n.limit
    }

    fn decide(&mut self, c: &Condition, b: &Binds<Place>, _: &Kinds) -> Got<bool> {
        match c {
            Condition::Compare(x, rel, y) => {
                let said = format!("{x} {} {y}", rel.symbol());
                let (Some(px), Some(py)) = (self.position(x, b), self.position(y, b)) else {
                    self.n
                        .failed
                        .get_or_insert(format!("`{said}` names no bound position"));
                    return Ok(None);
                };
                if !matches!(rel, Rel::Eq | Rel::Ne) && self.inside.is_some() {
                    self.n.failed.get_or_insert(format!(
                        "`{said}` compares by the order of stoppers, and inside a side the game \
                         need not be one"
                    ));
                    return Ok(Some(false));
                }
                let holds = self.compare(px, *rel, py)?;
                if !holds {
                    let (wx, wy) = (b.game(&x.to_string()), b.game(&y.to_string()));
                    let show = |w: Option<&Place>| w.map_or("?".into(), Self::words);
                    self.n.failed.get_or_insert(format!(
                        "`{said}` does not hold by the order of stoppers ({x} = {}, {y} = {})",
                        show(wx),
                        show(wy)
                    ));
                }
                Ok(Some(holds))
            }
            Condition::Pred {
                negated,
                pred,
                args,
            } => Ok(match pred {
                Predicate::Empty => args
                    .first()
                    .and_then(|s| b.set(s))
                    .map(|s| s.is_empty() != *negated),
                Predicate::KeepsOnside | Predicate::KeepsOffside => self
                    .keeps(*pred == Predicate::KeepsOnside, args, b)?
                    .map(|h| h != *negated),
                _ => return Ok(self.meaningless(c)),
            }),
            Condition::InEvery { .. } => Ok(self.meaningless(c)),
        }
    }

    fn make(&mut self, t: &Template, b: &Binds<Place>) -> Got<Place> {
        Ok(match t {
            Template::Var(v) => b.game(v).cloned(),
            Template::Game(l, r) => {
                let Some(l) = listed(l, b, |x| self.make(x, b))? else {
                    return Ok(None);
                };
                let Some(r) = listed(r, b, |x| self.make(x, b))? else {
                    return Ok(None);
                };
                Some(Place::Built(l, r))
            }
            _ => None,
        })
    }

    fn show(&mut self, p: &Place) -> String {
        Self::words(p)
    }
}
