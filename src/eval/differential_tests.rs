//! The differential test: the shared evaluator ([`crate::eval`], on terms) and the checker's
//! own interpreter (`proof::matcher`) run every rule on the same terms and must agree on every
//! match (each variable's binding, in the same order), on every side condition of every match
//! (each decided alone), and on the result built where the conditions hold.
//!
//! The terms: every game born by day 3, written out as explicit trees and as the kernel prints
//! it (closed forms where it can, so `kind open` rules and leaf patterns are exercised), every
//! sum and negation of games born by day 2, and random terms by proptest.

use super::terms::TermHost;
use crate::kernel::{GameId, Kernel, Relation};
use crate::proof::matcher::TermRules;
use crate::rules::check::bindings;
use crate::rules::{Rule, RuleSet};
use crate::term::Term;
use proptest::prelude::*;

/// Runs both on `rule` at `t`; the number of matches compared, or what differs.
fn agree(host: &TermHost, checker: &mut TermRules, rule: &Rule, t: &Term) -> Result<usize, String> {
    let show = |t: &Term| t.to_string();
    let ours = host
        .matches(&rule.pattern, t)
        .map_err(|e| format!("the evaluator stopped: {e}"))?;
    let theirs = checker.matches(rule, t);
    if ours.len() != theirs.len() {
        return Err(format!(
            "rule {} at {}: the evaluator finds {} matches, the checker {}",
            rule.name,
            show(t),
            ours.len(),
            theirs.len()
        ));
    }
    let kinds = bindings(&rule.pattern).map_err(|e| e.to_string())?;
    for (i, (b, w)) in ours.iter().zip(&theirs).enumerate() {
        let full = host.full(b);
        let games = full.game_terms();
        if games != w.games || full.sets != w.sets || b.values != w.values || b.rows != w.rows {
            return Err(format!(
                "rule {} at {}: match {i} differs:\n  evaluator {full:?}\n  checker   {w:?}",
                rule.name,
                show(t)
            ));
        }
        let mut all = true;
        for (j, c) in rule.conditions.iter().enumerate() {
            let one = Rule {
                conditions: vec![c.clone()],
                ..rule.clone()
            };
            let mine = super::conditions(host, &one, b, &kinds).map_err(|e| e.to_string())?;
            let checks = checker.conditions(&one, w, &kinds).is_ok();
            if mine != checks {
                return Err(format!(
                    "rule {} at {}: match {i}, condition {j}: evaluator {mine}, checker {checks}",
                    rule.name,
                    show(t)
                ));
            }
            all &= mine;
        }
        if all {
            let built = super::build(host, &rule.result, b)
                .map_err(|e| e.to_string())?
                .map(|r| host.expanded(&host.term(&r, b)));
            let theirs = checker
                .build(&rule.result, w, None)
                .map_err(|e| format!("the checker stopped: {e}"))?;
            if built != theirs {
                return Err(format!(
                    "rule {} at {}: match {i} builds {:?} here, {:?} in the checker",
                    rule.name,
                    show(t),
                    built.as_ref().map(show),
                    theirs.as_ref().map(show)
                ));
            }
        }
    }
    Ok(ours.len())
}

/// Every rule at `t`; the matches compared.
fn agree_all(rules: &RuleSet, t: &Term) -> Result<usize, String> {
    let host = TermHost::new(rules);
    let mut checker = TermRules::new(rules);
    let mut n = 0;
    for rule in rules.rules() {
        n += agree(&host, &mut checker, rule, t)?;
    }
    Ok(n)
}

/// The games born by each day up to 3 (1, 4, 22, 1474 of them): day n+1 is every {L|R} with L
/// and R antichains of day n (a dominated option never changes the value).
pub(super) fn days(k: &mut Kernel) -> Vec<Vec<GameId>> {
    fn antichains(
        k: &mut Kernel,
        xs: &[GameId],
        i: usize,
        cur: &mut Vec<GameId>,
    ) -> Vec<Vec<GameId>> {
        if i == xs.len() {
            return vec![cur.clone()];
        }
        let mut out = antichains(k, xs, i + 1, cur);
        let x = xs[i];
        if cur.iter().all(|&y| k.compare(x, y) == Ok(Relation::Fuzzy)) {
            cur.push(x);
            out.extend(antichains(k, xs, i + 1, cur));
            cur.pop();
        }
        out
    }
    let mut out = vec![vec![k.zero()]];
    for _ in 0..3 {
        let day = out.last().cloned().unwrap_or_default();
        let acs = antichains(k, &day, 0, &mut Vec::new());
        let mut next = std::collections::BTreeSet::new();
        for l in &acs {
            for r in &acs {
                if let Ok(g) = k.from_options(l, r) {
                    next.insert(g);
                }
            }
        }
        out.push(next.into_iter().collect());
    }
    out
}

/// The canonical tree of `g` written out down to `{|}`.
pub(super) fn explicit(k: &mut Kernel, g: GameId) -> Term {
    let l = k.left_options(g).unwrap_or_default();
    let r = k.right_options(g).unwrap_or_default();
    Term::game(
        l.into_iter().map(|x| explicit(k, x)).collect(),
        r.into_iter().map(|x| explicit(k, x)).collect(),
    )
}

#[test]
fn the_day_counts_are_the_published_ones() {
    // OEIS A065401: 1, 4, 22, 1474 games born by day 0..3.
    let mut k = Kernel::new();
    let sizes: Vec<usize> = days(&mut k).iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![1, 4, 22, 1474]);
}

#[test]
fn both_evaluators_agree_on_every_rule_and_every_game_born_by_day_3() {
    let rules = RuleSet::builtin();
    let mut k = Kernel::new();
    let days = days(&mut k);
    let mut compared = 0;
    let mut fail = Vec::new();
    for &g in days.iter().flatten() {
        for t in [explicit(&mut k, g), k.to_term(g)] {
            match agree_all(&rules, &t) {
                Ok(n) => compared += n,
                Err(e) => fail.push(e),
            }
        }
    }
    assert!(
        fail.is_empty(),
        "{} disagreements, first: {}",
        fail.len(),
        fail[0]
    );
    // The patterns match often enough for the comparison to mean something.
    assert!(compared > 10_000, "only {compared} matches compared");
}

#[test]
fn both_evaluators_agree_on_sums_and_negations_of_games_born_by_day_2() {
    let rules = RuleSet::builtin();
    let mut k = Kernel::new();
    let days = days(&mut k);
    let small: Vec<Term> = days[..3]
        .iter()
        .flatten()
        .flat_map(|&g| [k.to_term(g), explicit(&mut k, g)])
        .collect();
    let mut compared = 0;
    for a in &small {
        compared += agree_all(&rules, &Term::neg(a.clone())).unwrap();
        for b in &small {
            compared += agree_all(&rules, &Term::sum(a.clone(), b.clone())).unwrap();
        }
    }
    assert!(compared > 1_000, "only {compared} matches compared");
}

/// Small terms of every shape the rules match: games, closed forms, sums, negations, ±.
fn term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        Just("0"),
        Just("1"),
        Just("-1"),
        Just("1/2"),
        Just("*"),
        Just("*2"),
        Just("*3"),
        Just("^"),
        Just("v*"),
        Just("^2*"),
        Just("3/4^*2"),
        Just("hs\"LRL\""),
        Just("hs\"LE\""),
        Just("{|}"),
    ]
    .prop_map(|s| crate::syntax::parse(s).unwrap_or_else(|_| Term::zero()));
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..4),
                prop::collection::vec(inner.clone(), 0..4)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.clone().prop_map(Term::neg),
            prop::collection::vec(inner, 1..3).prop_map(Term::PlusMinus),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn both_evaluators_agree_on_random_terms(t in term()) {
        let rules = RuleSet::builtin();
        if let Err(e) = agree_all(&rules, &t) {
            prop_assert!(false, "{}", e);
        }
    }
}
