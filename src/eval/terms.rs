//! The evaluator on plain terms: how the proof producer takes a step the engine did not record.
//!
//! A term is its own node and its own child. A nested game pattern looks inside an option that
//! is a game, or inside a closed form opened by the rule set's first `kind open` rule that
//! makes it a game; the term a rule starts from is never opened. A name bound twice must stand
//! for equal games (equal values in the kernel).

use super::{build, first, Binds, BindsOf, Built, Host, LeafRef, Shape, Stop, Want};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::proof::table::TermTable;
use crate::rules::{Rule, RuleKind, RuleSet};
use crate::term::Term;
use std::cell::{Cell, RefCell, RefMut};

/// The most candidate matches tried for one rule at one term; beyond it the rule is taken not
/// to apply there (the checker refuses such a step as too ambiguous to check).
pub const MAX_MATCHES: usize = 20_000;

/// Shared parts of at most this many nodes are written out in the terms a step shows.
const WRITTEN_UP_TO: usize = crate::proof::table::SHARE_ABOVE as usize;

/// A match on terms.
pub type TermBinds = Binds<Term, Term>;

impl TermBinds {
    /// Each game variable and the term it stands for: the opened form where a pattern looked
    /// inside a closed form, else the subterm itself.
    pub fn game_terms(&self) -> Vec<(String, Term)> {
        self.games
            .iter()
            .map(|(n, g)| {
                let t = g
                    .slot
                    .and_then(|s| self.slots.get(s))
                    .map_or(&g.id, |s| &s.node);
                (n.clone(), t.clone())
            })
            .collect()
    }
}

/// Rules applied to terms, with a kernel of its own to decide conditions.
pub struct TermHost<'r> {
    rules: &'r RuleSet,
    kernel: RefCell<Kernel>,
    /// The proof's term table: `#n` in a term is entry n, looked into as a pattern needs it
    /// and valued in the kernel entry by entry.
    pub terms: RefCell<TermTable>,
    /// Every entry below this one has its value told to the kernel.
    valued: Cell<usize>,
}

impl<'r> TermHost<'r> {
    /// A host for `rules` with a fresh kernel.
    pub fn new(rules: &'r RuleSet) -> Self {
        Self::with_kernel(rules, Kernel::new())
    }

    /// A host deciding conditions with `kernel` (with a budget, say).
    pub fn with_kernel(rules: &'r RuleSet, kernel: Kernel) -> Self {
        TermHost {
            rules,
            kernel: RefCell::new(kernel),
            terms: RefCell::new(TermTable::new()),
            valued: Cell::new(0),
        }
    }

    /// Tells `k` the value of every entry `t` refers to, in order (entries refer only to
    /// earlier ones, so there is no recursion down the DAG).
    fn value_refs(&self, k: &mut Kernel, t: &Term) -> Result<(), KernelError> {
        let valued = self.terms.borrow().tell_values(k, self.valued.get(), t)?;
        self.valued.set(valued);
        Ok(())
    }

    /// A reference's entry written out one level; any other term as it is.
    fn unfold(&self, t: &Term) -> Option<Term> {
        match t {
            Term::Ref(_) => self.terms.borrow().unfold(t),
            _ => Some(t.clone()),
        }
    }

    /// The value of a term that may refer to the table.
    pub fn eval(&self, t: &Term) -> Result<GameId, KernelError> {
        let mut k = self.kernel.borrow_mut();
        self.value_refs(&mut k, t)?;
        k.eval(t)
    }

    /// The host's kernel.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        self.kernel.get_mut()
    }

    /// The first match of `rule` at the top of `t` whose side conditions hold and whose result
    /// can be built, and that result.
    pub fn apply(&self, rule: &Rule, t: &Term) -> Result<Option<(TermBinds, Term)>, Stop> {
        let node = self.shallow(t);
        self.apply_shallow(rule, &node)
    }

    /// `t` as a match looks at it: its top node, its parts entries of the term table, so the
    /// bindings a set pattern copies for each candidate are the size of a node, not of the
    /// subterms below it. Made once for all the rules tried at one term.
    pub fn shallow(&self, t: &Term) -> Term {
        self.terms.borrow_mut().shallow(t)
    }

    /// [`Self::apply`] at a term made by [`Self::shallow`].
    pub fn apply_shallow(
        &self,
        rule: &Rule,
        node: &Term,
    ) -> Result<Option<(TermBinds, Term)>, Stop> {
        if !super::may_match(self, &rule.pattern, node) {
            return Ok(None);
        }
        let node = node.clone();
        let tried = Cell::new(0usize);
        let mut built = None;
        let found = first(
            self,
            rule,
            node.clone(),
            node,
            &mut |b| {
                built = build(self, &rule.result, b)?.map(|r| self.term(&r, b));
                Ok(built.is_some())
            },
            &|| {
                tried.set(tried.get() + 1);
                tried.get() > MAX_MATCHES
            },
        );
        match found {
            Ok(Some(b)) => Ok(built.map(|t| (self.written(b), self.written_term(&t)))),
            Ok(None) | Err(Stop::GaveUp) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A term with its small shared parts written out again, as a reader expects.
    fn written_term(&self, t: &Term) -> Term {
        self.terms.borrow().written(t, WRITTEN_UP_TO)
    }

    /// A match with its bound terms written out where they are small.
    fn written(&self, mut b: TermBinds) -> TermBinds {
        for (_, g) in &mut b.games {
            g.id = self.written_term(&g.id);
        }
        for (_, set) in &mut b.sets {
            for t in set.iter_mut() {
                *t = self.written_term(t);
            }
        }
        for s in &mut b.slots {
            s.node = self.written_term(&s.node);
            s.id = self.written_term(&s.id);
        }
        b
    }

    /// Every match of `pattern` at the top of `t` (at most [`MAX_MATCHES`]), in order: what
    /// the differential and mirror tests compare.
    #[cfg(test)]
    pub fn matches(
        &self,
        pattern: &crate::rules::Pattern,
        t: &Term,
    ) -> Result<Vec<BindsOf<Self>>, Stop> {
        let mut out = Vec::new();
        super::matching::matches(self, pattern, t.clone(), t.clone(), &mut |b| {
            out.push(b.clone());
            Ok(out.len() >= MAX_MATCHES)
        })?;
        Ok(out)
    }

    /// Opens a closed form with the first `kind open` rule that makes it a game.
    pub fn open(&self, t: &Term) -> Result<Option<Term>, Stop> {
        if !matches!(t, Term::Nus { .. }) {
            return Ok(None);
        }
        for rule in self
            .rules
            .rules()
            .iter()
            .filter(|r| r.kind == RuleKind::Open)
        {
            if let Some((_, g @ Term::Game { .. })) = self.apply(rule, t)? {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }

    /// A built result written as a term.
    pub fn term(&self, r: &Built<Term>, b: &BindsOf<Self>) -> Term {
        match r {
            Built::Id(t) => t.clone(),
            Built::Slot(s) => match b.slots.get(*s) {
                Some(slot) => slot.node.clone(),
                // Slots come from the same match; an out-of-range one cannot be built.
                None => Term::zero(),
            },
            Built::Leaf(l) => l.to_term(),
            Built::Game(l, r) => Term::game(
                l.iter().map(|x| self.term(x, b)).collect(),
                r.iter().map(|x| self.term(x, b)).collect(),
            ),
            Built::Sum(x, y) => Term::sum(self.term(x, b), self.term(y, b)),
            Built::Neg(x) => Term::neg(self.term(x, b)),
        }
    }
}

impl Host for TermHost<'_> {
    type Id = Term;
    type Node = Term;

    fn shape<'a>(&'a self, node: &'a Term) -> Shape<'a, Term> {
        match node {
            Term::Game { left, right } => Shape::Game(left, right),
            Term::Sum(a, b) => Shape::Sum(a, b),
            Term::Neg(a) => Shape::Neg(a),
            Term::PlusMinus(xs) => Shape::PlusMinus(xs),
            Term::Nus { number, up, nim } => Shape::Leaf(LeafRef::Nus { number, up, nim }),
            Term::Hackenstring(row) if row.is_empty() => Shape::Leaf(LeafRef::Zero),
            Term::Hackenstring(row) => Shape::Leaf(LeafRef::Hack(row)),
            _ => Shape::Other,
        }
    }

    fn candidates(&self, t: &Term, want: Want) -> Result<Vec<Term>, Stop> {
        let Some(unfolded) = self.unfold(t) else {
            return Ok(Vec::new());
        };
        let t = &unfolded;
        let fits = match want {
            Want::Game => {
                if matches!(t, Term::Game { .. }) {
                    true
                } else {
                    return Ok(self.open(t)?.into_iter().collect());
                }
            }
            Want::Leaf => matches!(t, Term::Nus { .. } | Term::Hackenstring(_)),
            Want::Sum => matches!(t, Term::Sum(..)),
            Want::Neg => matches!(t, Term::Neg(_)),
            Want::PlusMinus => matches!(t, Term::PlusMinus(_)),
        };
        Ok(if fits { vec![t.clone()] } else { Vec::new() })
    }

    fn same(&self, a: &Term, b: &Term) -> Result<bool, Stop> {
        if a == b {
            return Ok(true);
        }
        let mut k = self.kernel();
        let (Some(x), Some(y)) = (self.value(&mut k, a)?, self.value(&mut k, b)?) else {
            return Ok(false);
        };
        Ok(x == y)
    }

    fn value(&self, k: &mut Kernel, t: &Term) -> Result<Option<GameId>, Stop> {
        let valued = self.value_refs(k, t).and_then(|()| k.eval(t));
        match super::settle(valued.map_err(super::Fail::from)) {
            Ok(v) => Ok(v),
            Err(e) => Err(e),
        }
    }

    fn kernel(&self) -> impl std::ops::DerefMut<Target = Kernel> + '_ {
        let k: RefMut<'_, Kernel> = self.kernel.borrow_mut();
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Budget, KernelError};
    use crate::number::Dyadic;
    use crate::syntax::parse;

    fn t(s: &str) -> Term {
        parse(s).expect("test input parses")
    }

    /// A rule set of one rule, `says` and `cite` filled in after its first line.
    fn rules(text: &str) -> RuleSet {
        let (head, body) = text.split_once('\n').unwrap_or((text, ""));
        let text = format!("{head}\n  says \"test\"\n  cite \"test\"\n{body}");
        let mut r = RuleSet::empty();
        r.add_text("test.rules", &text).expect("test rules parse");
        r
    }

    /// The quick shape test skips only rules that match nothing: over every built-in rule
    /// and terms of every kind and side size, a rule it turns down has no match at all.
    #[test]
    fn a_rule_turned_down_by_its_shape_has_no_match() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let terms = [
            "{|}",
            "{0|}",
            "{|0}",
            "{0|0}",
            "{0,*|0,*}",
            "{0,1,2|3}",
            "{1|0,*,-1}",
            "{^|v}",
            "{0||0|-1}",
            "{{1|0}|}",
            "{0,*2,*|*,0}",
            "{1/2|1,2,3,4}",
            "{1|-1} + {2|-2}",
            "-{1|0}",
            "+-{1,2}",
            "3",
            "*2",
            "^*",
            "1/2",
            "{5|4} + 1",
        ];
        let mut skipped = 0;
        for src in terms {
            let term = t(src);
            let node = host.shallow(&term);
            for rule in r.rules() {
                if !crate::eval::may_match(&host, &rule.pattern, &node) {
                    skipped += 1;
                    let found = host.matches(&rule.pattern, &term).unwrap_or_default();
                    assert!(found.is_empty(), "{} matches {src}", rule.name);
                }
            }
        }
        // It does turn most rules down somewhere (else it would spare nothing).
        assert!(skipped > terms.len() * r.rules().len() / 4, "{skipped}");
    }

    fn show(t: &Term) -> String {
        t.to_string()
    }

    #[test]
    fn picks_take_each_option_in_turn_and_the_rest_is_the_others() {
        let r = rules("rule pick\n  match { a, ..L | ..R }\n  yield { a | }\n");
        let host = TermHost::new(&r);
        let ms = host
            .matches(&r.rules()[0].pattern, &t("{0, 1, 2 | *}"))
            .unwrap();
        let got: Vec<(String, Vec<String>, Vec<String>)> = ms
            .iter()
            .map(|b| {
                let set = |n: &str| {
                    b.sets
                        .iter()
                        .find(|(k, _)| k == n)
                        .map(|(_, s)| s.iter().map(show).collect())
                        .unwrap_or_default()
                };
                (show(&b.game_terms()[0].1), set("L"), set("R"))
            })
            .collect();
        let s = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            got,
            vec![
                ("0".into(), s(&["1", "2"]), s(&["*"])),
                ("1".into(), s(&["0", "2"]), s(&["*"])),
                ("2".into(), s(&["0", "1"]), s(&["*"])),
            ]
        );
    }

    #[test]
    fn a_side_without_rest_must_be_matched_entirely() {
        let r = rules("rule one\n  match { a | }\n  yield a\n");
        let host = TermHost::new(&r);
        let p = &r.rules()[0].pattern;
        assert_eq!(host.matches(p, &t("{1|}")).unwrap().len(), 1);
        assert!(host.matches(p, &t("{1, 2|}")).unwrap().is_empty());
        assert!(host.matches(p, &t("{1|2}")).unwrap().is_empty());
    }

    #[test]
    fn a_name_bound_twice_must_stand_for_equal_games() {
        let r = rules("rule twice\n  match { a | a }\n  yield int(0)\n");
        let host = TermHost::new(&r);
        let p = &r.rules()[0].pattern;
        // Written differently, equal in value: {0|} = 1.
        assert_eq!(host.matches(p, &t("{1 | {0|}}")).unwrap().len(), 1);
        assert!(host.matches(p, &t("{1 | 2}")).unwrap().is_empty());
    }

    #[test]
    fn leaf_patterns_bind_values_and_check_literals() {
        let r = rules("rule n\n  match int(n) + nim(1)\n  yield int(n + 1)\n");
        let host = TermHost::new(&r);
        let rule = &r.rules()[0];
        let (m, out) = host.apply(rule, &t("3 + *")).unwrap().expect("matches");
        assert_eq!(m.values, vec![("n".to_string(), Dyadic::from(3))]);
        assert_eq!(show(&out), "4");
        assert!(host.apply(rule, &t("1/2 + *")).unwrap().is_none());
        assert!(host.apply(rule, &t("3 + *2")).unwrap().is_none());
    }

    #[test]
    fn a_closed_option_is_opened_by_its_definition_but_the_top_never_is() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        // reversible-left looks inside a Left option: `^` = {0|*} is opened to be looked in.
        let rule = r.get("reversible-left").unwrap();
        let (_, out) = host
            .apply(rule, &t("{^ | 1}"))
            .unwrap()
            .expect("^ reverses");
        let mut k = Kernel::new();
        assert_eq!(k.eval(&out), k.eval(&t("{^ | 1}")));
        // At the top a closed form is what is written there: no game pattern matches `^`.
        let pick = rules("rule g\n  match { ..L | ..R }\n  yield int(0)\n");
        let host = TermHost::new(&pick);
        assert!(host
            .matches(&pick.rules()[0].pattern, &t("^"))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn conditions_decide_by_value_and_results_are_built_from_the_parts() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let rule = r.get("dominated-left").unwrap();
        let (m, out) = host.apply(rule, &t("{0, 1 | 2}")).unwrap().expect("0 <= 1");
        assert_eq!(show(&m.game_terms()[0].1), "0");
        assert_eq!(show(&out), "{1|2}");
        // Incomparable options: nothing is dominated.
        assert!(host.apply(rule, &t("{0, * | 2}")).unwrap().is_none());
    }

    /// A limit reached deciding a condition is an error, never a false condition: with the
    /// kernel cancelled, the same step that applies with a fresh kernel gives `Stop`.
    #[test]
    fn a_kernel_limit_while_deciding_a_condition_is_a_stop_not_false() {
        let r = RuleSet::builtin();
        let rule = r.get("dominated-left").unwrap();
        let g = t("{{1|-1} + {2|-2} + {3|-3}, {1|-1} + {2|-2} + {3|-3} + 1 | 8}");
        assert!(TermHost::new(&r).apply(rule, &g).unwrap().is_some());
        for budget in [
            Budget {
                max_work: 1,
                ..Budget::default()
            },
            Budget {
                max_games: 4,
                ..Budget::default()
            },
        ] {
            let mut k = Kernel::new();
            k.set_budget(budget);
            let host = TermHost::with_kernel(&r, k);
            match host.apply(rule, &g) {
                Err(Stop::Kernel(KernelError::Limit { .. })) => {}
                other => panic!("expected a kernel limit, got {other:?}"),
            }
            // The condition on its own says the same.
            let ms = host.matches(&rule.pattern, &g).unwrap();
            let kinds = crate::rules::check::bindings(&rule.pattern).unwrap();
            assert!(matches!(
                crate::eval::conditions(&host, rule, &ms[0], &kinds),
                Err(Stop::Kernel(KernelError::Limit { .. }))
            ));
        }
    }
}
