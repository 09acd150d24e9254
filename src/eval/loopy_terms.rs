//! Loopy play's term rules: the rules of `rules/loopy.rules` that act on a whole term rather
//! than on one position of a game graph — `A & B`, `onside(G)`, `offside(G)` in their pattern
//! or result, or a `stopper(G)` proviso (`loopy-sides`, `onside-stopper`, `sidle-stopper`,
//! `sidle-sum`, `sidle-neg`, or a user's of that shape under any name).
//!
//! Such a rule is matched on terms: a name binds a part of the term, `A & B` matches the call
//! `sidle(A, B)` the term grammar reads it as, `onside(…)`, sums and negatives match
//! themselves, and a name bound twice must be the same game form. What its conditions mean is
//! loopy play's: `stopper(X)` says X's game graph has no alternating cycle, `A >= B` (and the
//! other comparisons) is the order of stoppers (false unless both are stoppers). The games are
//! the derivation's: the side derivation (`loopy::driver`) knows the graph of every part
//! it names, and hands them with the question ([`TermAsk::games`]); a part it does not know
//! decides no condition, so the rule does not apply.
//!
//! The derivation chooses which step to ask about next — the term at a place, and the term it
//! can go on from ([`TermAsk::want`]) — and a rule of the set says whether that is a step: the
//! first term rule whose instance at the place builds that term (up to the naming of labels,
//! which a derivation renames where one game is written twice) is the step's rule. A rule read
//! right to left (`S & S` written for a stopper S) is asked with [`TermAsk::reversed`]: its
//! pattern is matched on the term the step writes and its result must be the term before. No
//! rule: no step, and the derivation says it cannot go on.

use super::play_rules::PlayRules;
use crate::kernel::KernelError;
use crate::loopy::derive::{minimal, TermAsk};
use crate::loopy::{order, Loopy, Work};
use crate::rules::Template;
use crate::rules::{Condition, LoopyCall, Pattern, Predicate, Rule, RuleSet};
use crate::term::{Arg, Term};
use std::collections::BTreeMap;

/// The term rules of a rule set: its `reduce` rules of the group `loopy` that are term rules,
/// lower priority first, then in the set's order (held as every play's rules are).
pub struct TermRules(PlayRules);

impl TermRules {
    /// The term rules of `set`.
    pub fn new(set: &RuleSet) -> Self {
        TermRules(PlayRules::new_where(set, Some("loopy"), Rule::is_term_rule))
    }

    /// The first rule whose instance is the step `ask` describes: its name, or `None`.
    pub fn step(&self, ask: &TermAsk<'_>, work: &mut Work) -> Result<Option<String>, KernelError> {
        let (from, to) = if ask.reversed {
            (ask.want, ask.at)
        } else {
            (ask.at, ask.want)
        };
        for rule in self.0.rules() {
            work.tick(1)?;
            let mut b = Binds {
                names: BTreeMap::new(),
                games: ask.games,
            };
            if !b.matches(&rule.pattern, from) {
                continue;
            }
            if !b.conditions(&rule.conditions, work)? {
                continue;
            }
            if let Some(built) = b.build(&rule.result) {
                if same_up_to_labels(&built, to) {
                    return Ok(Some(rule.name.clone()));
                }
            }
        }
        Ok(None)
    }
}

/// A match's bindings: each name's part of the term.
struct Binds<'a> {
    names: BTreeMap<String, Term>,
    games: &'a [(Term, Loopy)],
}

impl Binds<'_> {
    /// The graph of a part the derivation knows.
    fn graph(&self, t: &Term) -> Option<&Loopy> {
        self.games.iter().find(|(u, _)| u == t).map(|(_, g)| g)
    }

    fn bind(&mut self, name: &str, t: &Term) -> bool {
        match self.names.get(name) {
            None => {
                self.names.insert(name.to_string(), t.clone());
                true
            }
            Some(u) if u == t => true,
            // Bound twice: the same game form (labels may be named apart).
            Some(u) => match (self.graph(u), self.graph(t)) {
                (Some(g), Some(h)) => minimal(g) == minimal(h),
                _ => false,
            },
        }
    }

    /// Whether `p` matches `t`, binding its names.
    fn matches(&mut self, p: &Pattern, t: &Term) -> bool {
        match (p, t) {
            (Pattern::Var(v), _) => self.bind(v, t),
            (Pattern::Bind(v, inner), _) => self.bind(v, t) && self.matches(inner, t),
            (Pattern::Sum(pa, pb), Term::Sum(a, b)) => self.matches(pa, a) && self.matches(pb, b),
            (Pattern::Neg(pa), Term::Neg(a)) => self.matches(pa, a),
            (Pattern::Call(call, ps), Term::Call { name, args }) => {
                name == call.name()
                    && ps.len() == args.len()
                    && ps.iter().zip(args).all(|(p, a)| match a {
                        Arg::Game(a) => self.matches(p, a),
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    /// The graph bound to a template that names one game.
    fn bound(&self, t: &Template) -> Option<&Loopy> {
        match t {
            Template::Var(v) => self.graph(self.names.get(v)?),
            _ => None,
        }
    }

    /// Whether every condition holds in loopy play (one it gives no meaning to is false).
    fn conditions(&self, cs: &[Condition], work: &mut Work) -> Result<bool, KernelError> {
        for c in cs {
            let holds = match c {
                Condition::Pred {
                    negated,
                    pred: Predicate::Stopper,
                    args,
                } => match args.first().and_then(|a| self.graph(self.names.get(a)?)) {
                    Some(g) => g.is_stopper() != *negated,
                    None => false,
                },
                Condition::Compare(x, rel, y) => match (self.bound(x), self.bound(y)) {
                    (Some(g), Some(h)) if g.is_stopper() && h.is_stopper() => {
                        let (ge, le) = (order::ge(g, h, work)?, order::ge(h, g, work)?);
                        rel.by_order(ge, le)
                    }
                    _ => false,
                },
                _ => false,
            };
            if !holds {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The term a result builds: bound parts, `&`, `onside(…)`, `offside(…)`, sums and
    /// negatives; `None` for anything else (a game built from options is no term rule's).
    fn build(&self, t: &Template) -> Option<Term> {
        Some(match t {
            Template::Var(v) => self.names.get(v)?.clone(),
            Template::Sum(a, b) => Term::Sum(Box::new(self.build(a)?), Box::new(self.build(b)?)),
            Template::Neg(a) => Term::Neg(Box::new(self.build(a)?)),
            Template::Call(call, args) => call_term(*call, args, |a| self.build(a))?,
            _ => return None,
        })
    }
}

fn call_term(
    call: LoopyCall,
    args: &[Template],
    mut build: impl FnMut(&Template) -> Option<Term>,
) -> Option<Term> {
    Some(Term::Call {
        name: call.name().to_string(),
        args: args
            .iter()
            .map(|a| build(a).map(Arg::Game))
            .collect::<Option<_>>()?,
    })
}

/// Whether two terms are the same up to a renaming of their labels: where one defines a
/// label `a` (`a{…}`) the other defines one, `xa` say, and inside it `a` of the one stands
/// where `xa` of the other does (a label refers to the nearest brace it labels).
pub fn same_up_to_labels(a: &Term, b: &Term) -> bool {
    a == b || relabelled(a) == relabelled(b)
}

/// `t` with each label named by how many labels stand around it, and each name bound to a
/// label by that label's new name: two terms the same up to their labels' names then read
/// alike. A new name starts with a NUL, which no written name does, so a free name (kept as
/// it is) never meets one.
fn relabelled(t: &Term) -> Term {
    fn walk(t: &mut Term, scope: &mut Vec<String>) {
        let depth = |d: usize| format!("\0{d}");
        match t {
            Term::Name(x) => {
                if let Some(d) = scope.iter().rposition(|p| p == x) {
                    *x = depth(d);
                }
            }
            Term::Call { name, args } if name == crate::loopy::build::LOOP => {
                if let [Arg::Text(x), Arg::Game(g)] = &mut args[..] {
                    scope.push(std::mem::replace(x, depth(scope.len())));
                    walk(g, scope);
                    scope.pop();
                }
            }
            _ => {
                for c in crate::term::children_mut(t) {
                    walk(c, scope);
                }
            }
        }
    }
    let mut t = t.clone();
    walk(&mut t, &mut Vec::new());
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::Graph;
    use crate::rules::RuleKind;

    /// The game of `edges` (each vertex's `[left, right]` options), vertex 0 the root.
    fn game(edges: Vec<[Vec<u32>; 2]>) -> Loopy {
        Loopy::new(&Graph::from_edges(edges), 0).unwrap()
    }

    /// 1 = {0|}, 0 = {|}, and on = {pass|} (one vertex, Left's move to itself).
    fn one() -> Loopy {
        game(vec![[vec![1], vec![]], [vec![], vec![]]])
    }
    fn zero() -> Loopy {
        game(vec![[vec![], vec![]]])
    }
    fn on() -> Loopy {
        game(vec![[vec![0], vec![]]])
    }
    fn dud() -> Loopy {
        game(vec![[vec![0], vec![0]]])
    }

    /// A part of a term the derivation knows the game of (a call standing for it: a name
    /// would read as a label, which terms are compared up to).
    fn named(n: &str) -> Term {
        Term::Call {
            name: n.to_string(),
            args: Vec::new(),
        }
    }
    fn call(name: &str, args: Vec<Term>) -> Term {
        Term::Call {
            name: name.to_string(),
            args: args.into_iter().map(Arg::Game).collect(),
        }
    }
    fn neg(t: Term) -> Term {
        Term::Neg(Box::new(t))
    }

    fn step(at: &Term, want: &Term, games: &[(Term, Loopy)], reversed: bool) -> Option<String> {
        let ask = TermAsk {
            at,
            want,
            games,
            reversed,
        };
        TermRules::new(&RuleSet::loopy())
            .step(&ask, &mut Work::default())
            .unwrap()
    }

    #[test]
    fn the_shipped_term_rules_are_read_and_none_is_manual_but_the_openings() {
        let set = RuleSet::loopy();
        let terms: Vec<&str> = set
            .rules()
            .iter()
            .filter(|r| r.is_term_rule())
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(
            terms,
            [
                "loopy-sides",
                "onside-stopper",
                "offside-stopper",
                "sidle-stopper",
                "sidle-sum",
                "sidle-neg"
            ]
        );
        let manual: Vec<&str> = set
            .rules()
            .iter()
            .filter(|r| r.kind == RuleKind::Manual)
            .map(|r| r.name.as_str())
            .collect();
        assert_eq!(manual, ["loopy-sum", "loopy-fusion"]);
        // The mirror of onside(G) = G is offside(G) = G, derived by negation.
        let off = set.get("offside-stopper").unwrap();
        assert_eq!(off.pattern.to_string(), "offside(G)");
    }

    /// −(A & B) = (−B) & (−A) needs A ≥ B, both stoppers: 1 ≥ 0 (1 = {0|} is Left's win
    /// moving second in 1 − 0, by the definition), not 0 ≥ 1.
    #[test]
    fn sidle_neg_holds_by_its_conditions() {
        let (a, b) = (named("a"), named("b"));
        let games = [(a.clone(), one()), (b.clone(), zero())];
        let at = neg(call("sidle", vec![a.clone(), b.clone()]));
        let want = call("sidle", vec![neg(b.clone()), neg(a.clone())]);
        assert_eq!(
            step(&at, &want, &games, false).as_deref(),
            Some("sidle-neg")
        );
        // The sides kept in place: no rule builds that.
        let wrong = call("sidle", vec![neg(a.clone()), neg(b.clone())]);
        assert_eq!(step(&at, &wrong, &games, false), None);
        // 0 & 1: the onside below the offside, no sided value.
        let games = [(a.clone(), zero()), (b.clone(), one())];
        assert_eq!(step(&at, &want, &games, false), None);
        // A side that is not a stopper: dud has an alternating cycle.
        let games = [(a.clone(), dud()), (b.clone(), zero())];
        assert_eq!(step(&at, &want, &games, false), None);
    }

    /// S & S = S for a stopper S, the two S the same form (labels named apart allowed); read
    /// right to left it writes S as S & S.
    #[test]
    fn sidle_stopper_binds_one_game_twice() {
        let s = named("s");
        let t = named("t");
        let games = [(s.clone(), on()), (t.clone(), on())];
        let at = call("sidle", vec![s.clone(), t.clone()]);
        assert_eq!(
            step(&at, &s, &games, false).as_deref(),
            Some("sidle-stopper")
        );
        assert_eq!(
            step(&s, &at, &games, true).as_deref(),
            Some("sidle-stopper")
        );
        // Two different stoppers: on & 1 is no S & S.
        let games = [(s.clone(), on()), (t.clone(), one())];
        assert_eq!(step(&at, &s, &games, false), None);
        // A game the derivation did not name decides nothing.
        assert_eq!(step(&at, &s, &[], false), None);
    }

    /// onside(G) = G only for a stopper; G = onside(G) & offside(G) only for a game that is
    /// not one.
    #[test]
    fn sides_by_the_stopper_test() {
        let g = named("g");
        let on_g = call("onside", vec![g.clone()]);
        let sides = call(
            "sidle",
            vec![on_g.clone(), call("offside", vec![g.clone()])],
        );
        let stopper = [(g.clone(), on())];
        let loopy = [(g.clone(), dud())];
        assert_eq!(
            step(&on_g, &g, &stopper, false).as_deref(),
            Some("onside-stopper")
        );
        assert_eq!(step(&on_g, &g, &loopy, false), None);
        assert_eq!(
            step(&g, &sides, &loopy, false).as_deref(),
            Some("loopy-sides")
        );
        assert_eq!(step(&g, &sides, &stopper, false), None);
        // Without the rule, no step.
        let mut set = RuleSet::loopy();
        assert!(set.remove("loopy-sides"));
        let ask = TermAsk {
            at: &g,
            want: &sides,
            games: &loopy,
            reversed: false,
        };
        assert_eq!(
            TermRules::new(&set)
                .step(&ask, &mut Work::default())
                .unwrap(),
            None
        );
    }

    #[test]
    fn labels_are_compared_up_to_their_names() {
        let lab = |l: &str| call_text(l);
        assert!(same_up_to_labels(&lab("a"), &lab("xa")));
        // One label in both sides of `&`, named apart in the other term.
        let pair = |x: &str, y: &str| call("sidle", vec![lab(x), lab(y)]);
        assert!(same_up_to_labels(&pair("a", "a"), &pair("a", "xa")));
        assert!(same_up_to_labels(&pair("a", "b"), &pair("xa", "xb")));
        // A free name is itself.
        assert!(!same_up_to_labels(&named_free("a"), &named_free("b")));
        assert!(same_up_to_labels(&named_free("a"), &named_free("a")));
    }

    fn named_free(n: &str) -> Term {
        Term::Name(n.to_string())
    }

    /// `l{0|l}`: a labelled brace whose Right option is itself.
    fn call_text(l: &str) -> Term {
        Term::Call {
            name: crate::loopy::build::LOOP.to_string(),
            args: vec![
                Arg::Text(l.to_string()),
                Arg::Game(Term::Game {
                    left: vec![Term::zero()],
                    right: vec![Term::Name(l.to_string())],
                }),
            ],
        }
    }
}
