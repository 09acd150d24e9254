//! Derived mirrors do what they claim: on every game born by day 3 (written out, and as the
//! kernel writes it with closed forms), a rule's mirror applies at G exactly when the rule
//! applies at −G, as often, and builds the negatives of what the rule builds there.
//!
//! −G is worked out by the kernel (`Kernel::neg`) and written by the same two writers, not by
//! the mirror code, so the test and the derivation share nothing but the rule.

use super::differential_tests::{days, explicit};
use super::terms::TermHost;
use super::Host;
use crate::kernel::{GameId, Kernel};
use crate::rules::check::bindings;
use crate::rules::{Rule, RuleSet};
use crate::term::Term;

/// The values of what `rule` builds at `t`, one for each match whose conditions hold, sorted.
fn results(host: &TermHost, rule: &Rule, t: &Term) -> Vec<GameId> {
    let kinds = bindings(&rule.pattern).unwrap();
    let mut out = Vec::new();
    for b in host.matches(&rule.pattern, t).unwrap() {
        if super::conditions(host, rule, &b, &kinds).unwrap() {
            let built = super::build(host, &rule.result, &b).unwrap().unwrap();
            out.push(host.eval(&host.term(&built, &b)).unwrap());
        }
    }
    out.sort();
    out
}

/// −t written out by the definition of negation (seed 002, Definition 2.7) on games, and by
/// the kernel on closed forms.
fn negate(k: &mut Kernel, t: &Term) -> Term {
    match t {
        Term::Game { left, right } => Term::game(
            right.iter().map(|x| negate(k, x)).collect(),
            left.iter().map(|x| negate(k, x)).collect(),
        ),
        other => {
            let g = k.eval(other).unwrap();
            let minus = k.neg(g);
            k.to_term(minus)
        }
    }
}

/// Games that are not canonical, so dominated, reversible and repeated options occur: every
/// `{A | B}` with A and B lists of at most two games born by day 1, repeats allowed, written
/// with closed forms and written out.
fn uncanonical(k: &mut Kernel, day1: &[GameId]) -> Vec<Term> {
    let mut lists: Vec<Vec<GameId>> = vec![vec![]];
    for (i, &a) in day1.iter().enumerate() {
        lists.push(vec![a]);
        for &b in &day1[i..] {
            lists.push(vec![a, b]);
        }
    }
    let mut out = Vec::new();
    for l in &lists {
        for r in &lists {
            let writers: [fn(&mut Kernel, GameId) -> Term; 2] = [Kernel::to_term, explicit];
            for write in writers {
                out.push(Term::game(
                    l.iter().map(|&g| write(k, g)).collect(),
                    r.iter().map(|&g| write(k, g)).collect(),
                ));
            }
        }
    }
    out
}

#[test]
fn a_mirror_applies_at_g_exactly_where_its_rule_applies_at_minus_g() {
    let rules = RuleSet::builtin();
    let pairs: Vec<(&Rule, &Rule)> = rules
        .rules()
        .iter()
        .filter(|m| !m.swapped)
        .filter_map(|m| Some((rules.get(m.mirror_of.as_deref()?)?, m)))
        .collect();
    assert_eq!(pairs.len(), 12);
    let mut k = Kernel::new();
    let days = days(&mut k);
    let mut terms: Vec<Term> = uncanonical(&mut k, &days[1]);
    for &g in days.iter().flatten() {
        terms.push(explicit(&mut k, g));
        terms.push(k.to_term(g));
    }
    let host = TermHost::new(&rules);
    let mut applied = vec![0usize; pairs.len()];
    for t in &terms {
        let neg_t = negate(&mut k, t);
        {
            for (i, (rule, mirror)) in pairs.iter().enumerate() {
                let here = results(&host, mirror, t);
                let there: Vec<GameId> = results(&host, rule, &neg_t);
                // The host's kernel values both; negate the rule's results in that kernel.
                let mut negated: Vec<GameId> = {
                    let mut hk = host.kernel();
                    there.iter().map(|&x| hk.neg(x)).collect()
                };
                negated.sort();
                assert_eq!(
                    here, negated,
                    "{} at {t} against {} at {neg_t}",
                    mirror.name, rule.name
                );
                applied[i] += here.len();
            }
        }
    }
    // Each pair is exercised: every mirror applies somewhere among these games .
    for ((_, mirror), n) in pairs.iter().zip(&applied) {
        assert!(*n > 0, "{} never applied", mirror.name);
    }
}

#[test]
fn a_mirror_by_swapping_applies_at_a_plus_b_exactly_where_its_rule_applies_at_b_plus_a() {
    let rules = RuleSet::builtin();
    let pairs: Vec<(&Rule, &Rule)> = rules
        .rules()
        .iter()
        .filter(|m| m.swapped)
        .filter_map(|m| Some((rules.get(m.mirror_of.as_deref()?)?, m)))
        .collect();
    let names: Vec<&str> = pairs.iter().map(|(_, m)| m.name.as_str()).collect();
    assert_eq!(names, ["zero-sum-right", "number-avoidance-right"]);
    let mut k = Kernel::new();
    let days = days(&mut k);
    // Summands: games born by day 2 written out and as the kernel prints them (numbers among
    // them as leaves, so number avoidance and 0 + G apply), and a few closed forms.
    let mut parts: Vec<Term> = Vec::new();
    for &g in days.iter().take(3).flatten() {
        parts.push(explicit(&mut k, g));
        parts.push(k.to_term(g));
    }
    for s in ["1/2", "-3", "^*", "*2"] {
        parts.push(crate::syntax::parse(s).unwrap());
    }
    let host = TermHost::new(&rules);
    let mut applied = vec![0usize; pairs.len()];
    for a in &parts {
        for b in &parts {
            let (ab, ba) = (
                Term::sum(a.clone(), b.clone()),
                Term::sum(b.clone(), a.clone()),
            );
            for (i, (rule, mirror)) in pairs.iter().enumerate() {
                let here = results(&host, mirror, &ab);
                let there = results(&host, rule, &ba);
                assert_eq!(
                    here, there,
                    "{} at {ab} against {} at {ba}",
                    mirror.name, rule.name
                );
                applied[i] += here.len();
            }
        }
    }
    for ((_, mirror), n) in pairs.iter().zip(&applied) {
        assert!(*n > 0, "{} never applied", mirror.name);
    }
}

#[test]
fn the_mirrors_by_swapping_are_the_rules_once_written_by_hand() {
    // The two right-hand rules as rules/shortcuts.rules wrote them before they were derived.
    let by_hand = r#"
rule zero-sum-right
  says  "G + 0 = G."
  cite  "seed 002, Theorem 2.8 (0 is the identity of +); ONAG and Winning Ways, the books seed 002 follows (it names no chapter for its §2)"
  group shortcut, arithmetic
  priority 2
  match G + int(0)
  yield G

rule number-avoidance-right
  says  "Adding a number x to a game G that is not a number only shifts G's options: G + x = {G^L + x | G^R + x}."
  cite  "seed 002, Theorem 5.6 (strong number avoidance); ONAG, ch. 8–9 and Winning Ways, ch. 2 and 6 (as seed 002 §5 cites them: games and numbers)"
  group shortcut
  priority 50
  match (G @ { ..GL | ..GR }) + X @ num(x)
  when  not number(G)
  yield { ..(GL + X) | ..(GR + X) }
"#;
    let mut old = RuleSet::empty();
    old.add_text("by-hand.rules", by_hand).unwrap();
    let rules = RuleSet::builtin();
    for o in old.rules() {
        let d = rules.get(&o.name).unwrap();
        assert!(d.swapped, "{}", o.name);
        assert_eq!(
            (
                &d.pattern,
                &d.conditions,
                &d.result,
                &d.says,
                &d.cite,
                &d.groups,
                d.priority
            ),
            (
                &o.pattern,
                &o.conditions,
                &o.result,
                &o.says,
                &o.cite,
                &o.groups,
                o.priority
            ),
            "{}",
            o.name
        );
    }
}
