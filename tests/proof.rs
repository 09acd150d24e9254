//! Proofs of equalities: produced from engine runs, re-checked without the e-graph, rejected
//! when tampered with, and round-tripped through JSON.

use onag::engine::Engine;
use onag::kernel::{Kernel, Outcome as Class};
use onag::proof::{proof_of_simplification, prove_eq, Outcome, Player, Proof};
use onag::rules::RuleSet;
use onag::syntax::{parse, print};
use onag::Term;
use proptest::prelude::*;

fn t(s: &str) -> Term {
    parse(s).unwrap_or_else(|e| panic!("parse {s}: {e}"))
}

fn i(n: i64) -> Term {
    Term::integer(n)
}
fn q(s: &str) -> Term {
    Term::number(s.parse().expect("a dyadic"))
}
fn nim(k: u64) -> Term {
    Term::nimber(onag::Nimber::from(k))
}
fn g(l: Vec<Term>, r: Vec<Term>) -> Term {
    Term::game(l, r)
}

/// The seed examples, built directly so they do not depend on the parser.
fn seeds() -> Vec<(Term, Term)> {
    let up = Term::up(1.into());
    let ss = g(vec![nim(1)], vec![nim(1)]);
    let n14 = g(vec![nim(1), nim(4)], vec![nim(1), nim(4)]);
    vec![
        (g(vec![i(0), i(1)], vec![i(2)]), q("3/2")),
        (g(vec![i(0)], vec![i(5)]), i(1)),
        (g(vec![i(-5)], vec![i(0), n14]), i(-1)),
        (
            g(vec![ss.clone(), nim(1), nim(3)], vec![ss, nim(1), nim(3)]),
            nim(2),
        ),
        (
            g(vec![i(0), i(-7)], vec![i(1), q("3/2"), q("3/4")]),
            q("1/2"),
        ),
        (
            Term::sum(Term::sum(up.clone(), up.clone()), nim(1)),
            g(vec![i(0)], vec![up]),
        ),
        (
            Term::sum(g(vec![i(2)], vec![i(1)]), q("1/2")),
            g(vec![q("5/2")], vec![q("3/2")]),
        ),
    ]
}

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

/// A checked proof of a term's simplification with the given rules.
fn proof_with(x: &Term, rules: RuleSet) -> (Proof, RuleSet) {
    let engine = Engine::new(rules.clone());
    let mut s = engine.simplify(x).expect("simplifies");
    let p = proof_of_simplification(&mut s, &rules).unwrap_or_else(|e| panic!("{x:?}: {e}"));
    (p, rules)
}

fn equal(a: &Term, b: &Term, rules: &RuleSet) -> Proof {
    match prove_eq(a, b, rules).unwrap_or_else(|e| panic!("{a:?} = {b:?}: {e}")) {
        Outcome::Equal(p) => {
            assert!(p.checked);
            p.check(rules).expect("checks again");
            p
        }
        Outcome::Different(d) => panic!("{a:?} != {b:?}: {d:?}"),
    }
}

#[test]
fn seed_examples_have_checked_proofs() {
    let rules = RuleSet::builtin();
    for (a, b) in seeds() {
        let p = equal(&a, &b, &rules);
        assert_eq!(p.input, a);
        assert_eq!(p.result, b);
        for s in &p.steps {
            assert!(!s.why.is_empty());
        }
    }
}

#[test]
fn seed_examples_simplify_with_checked_proofs_under_the_fundamental_rules() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    for (a, _) in seeds() {
        let (p, _) = proof_with(&a, rules.clone());
        assert!(p.checked);
    }
}

#[test]
fn simplification_proof_reads_like_the_seed() {
    let (p, _) = fundamental_proof();
    assert_eq!(p.result, q("3/2"));
    let dom = p
        .steps
        .iter()
        .find(|s| s.rule == "dominated-left")
        .expect("a dominated option is deleted");
    assert!(dom.why.contains("dominated"), "{}", dom.why);
    assert!(dom.why.contains("0 <= 1"), "{}", dom.why);
}

fn fundamental_proof() -> (Proof, RuleSet) {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    proof_with(&g(vec![i(0), i(1)], vec![i(2)]), rules)
}

/// ↑ + ↑ + * = {0 | ↑} (seed 002's worked sum): an equality between a sum and a game form,
/// proved by rules alone and accepted by the checker.
#[test]
fn up_up_star_equals_zero_up() {
    let rules = RuleSet::builtin();
    match prove_eq(&t("^+^+*"), &t("{0|^}"), &rules).expect("a proof") {
        onag::proof::Outcome::Equal(p) => {
            assert!(p.checked);
            p.check(&rules).expect("checks again");
            assert!(!p.steps.is_empty());
        }
        onag::proof::Outcome::Different(_) => panic!("^+^+* and {{0|^}} are equal"),
    }
}

#[test]
fn reversed_steps_check() {
    // {2|1} + 1/2 under the fundamental rules opens 1/2 and later reads it back (a backward
    // use of dyadic-open).
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let (p, rules) = proof_with(&Term::sum(g(vec![i(2)], vec![i(1)]), q("1/2")), rules);
    assert!(p.steps.iter().any(|s| s.reversed));
    p.check(&rules).unwrap();
    // The whole proof read backwards is a proof too.
    p.reversed().check(&rules).unwrap();
}

fn rejected(p: &Proof, rules: &RuleSet, step: usize) -> String {
    let e = p.check(rules).expect_err("tampered proof must be rejected");
    assert_eq!(e.step, step, "{e}");
    assert!(!e.reason.is_empty());
    e.reason
}

fn dominated_proof() -> (Proof, RuleSet, usize) {
    let (p, rules) = fundamental_proof();
    let i = p
        .steps
        .iter()
        .position(|s| s.rule == "dominated-left")
        .expect("dominated step");
    (p, rules, i)
}

#[test]
fn swapped_witness_is_rejected() {
    let (mut p, rules, i) = dominated_proof();
    let w = &mut p.steps[i].witnesses;
    let a = w.games.iter().position(|(n, _)| n == "a").unwrap();
    let b = w.games.iter().position(|(n, _)| n == "b").unwrap();
    let (ta, tb) = (w.games[a].1.clone(), w.games[b].1.clone());
    w.games[a].1 = tb;
    w.games[b].1 = ta;
    let why = rejected(&p, &rules, i);
    assert!(why.contains("dominated-left"), "{why}");
}

#[test]
fn dropped_step_is_rejected() {
    let (mut p, rules) = fundamental_proof();
    assert!(p.steps.len() >= 2, "{:?}", p.steps);
    p.steps.remove(0);
    rejected(&p, &rules, 0);
    let (mut p, rules) = fundamental_proof();
    let n = p.steps.len();
    p.steps.pop();
    rejected(&p, &rules, n - 1);
}

#[test]
fn changed_term_is_rejected() {
    let (mut p, rules, i) = dominated_proof();
    // Claim the dominated option deleted was 1, keeping 0.
    let s = &mut p.steps[i];
    let to = s.to.clone();
    s.to = swap_leaf(&to, &Term::integer(1), &Term::integer(0));
    let why = rejected(&p, &rules, i);
    assert!(!why.is_empty());
}

fn swap_leaf(x: &Term, from: &Term, to: &Term) -> Term {
    match x {
        _ if x == from => to.clone(),
        Term::Game { left, right } => Term::game(
            left.iter().map(|y| swap_leaf(y, from, to)).collect(),
            right.iter().map(|y| swap_leaf(y, from, to)).collect(),
        ),
        _ => x.clone(),
    }
}

#[test]
fn another_rule_name_is_rejected() {
    let (mut p, rules, i) = dominated_proof();
    p.steps[i].rule = "dominated-right".into();
    let why = rejected(&p, &rules, i);
    assert!(why.contains("dominated-right"), "{why}");
    p.steps[i].rule = "no-such-rule".into();
    let why = rejected(&p, &rules, i);
    assert!(why.contains("no rule named"), "{why}");
}

#[test]
fn a_rule_missing_from_the_set_is_rejected() {
    let (p, rules, i) = dominated_proof();
    let mut fewer = rules.clone();
    fewer.remove("dominated-left");
    rejected(&p, &fewer, i);
}

#[test]
fn json_round_trips_and_is_checked_again() {
    for (a, _) in seeds() {
        let (p, rules) = proof_with(&a, RuleSet::builtin().select("fundamental").unwrap());
        let text = p.to_json();
        let back = Proof::from_json(&text, &rules).unwrap_or_else(|e| panic!("{a:?}: {e}\n{text}"));
        assert!(back.checked);
        assert_eq!(back.steps.len(), p.steps.len());
        assert_eq!(back.to_json(), text);
    }
}

#[test]
fn json_checked_field_is_not_trusted() {
    let (mut p, rules, i) = dominated_proof();
    p.steps[i].rule = "dominated-right".into();
    p.checked = true;
    let text = p.to_json();
    assert!(text.contains("\"checked\": true"));
    assert!(Proof::from_json(&text, &rules).is_err());
    assert!(!Proof::parse_json(&text).unwrap().checked);
}

#[test]
fn disproof_gives_winning_moves() {
    let rules = RuleSet::builtin();
    let Outcome::Different(d) = prove_eq(&nim(1), &i(0), &rules).unwrap() else {
        panic!("* != 0")
    };
    assert_eq!(d.outcome, Class::N);
    assert_eq!(d.moves.len(), 2);
    let Outcome::Different(d) = prove_eq(&i(1), &q("1/2"), &rules).unwrap() else {
        panic!("1 != 1/2")
    };
    assert_eq!(d.outcome, Class::L);
    assert_eq!(d.moves.len(), 1);
    assert_eq!(d.moves[0].player, Player::Left);
}

fn arb_game() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        Just(Term::zero()),
        Just(i(1)),
        Just(i(-1)),
        Just(nim(1)),
        Just(q("1/2")),
        Just(Term::up(1.into())),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Term::game(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_games_prove_or_disprove(a in arb_game(), b in arb_game()) {
        let rules = RuleSet::builtin();
        let mut k = Kernel::new();
        match prove_eq(&a, &b, &rules) {
            Ok(Outcome::Equal(p)) => {
                prop_assert!(p.checked);
                prop_assert!(p.check(&rules).is_ok());
            }
            Ok(Outcome::Different(d)) => {
                prop_assert!(d.outcome != Class::P);
                let zero = k.eval(&Term::zero()).unwrap();
                for m in &d.moves {
                    let g = k.eval(&m.position).unwrap();
                    match m.player {
                        Player::Left => prop_assert!(k.le(zero, g).unwrap()),
                        Player::Right => prop_assert!(k.le(g, zero).unwrap()),
                    }
                }
                let wants = match d.outcome {
                    Class::N => 2,
                    Class::L | Class::R => 1,
                    Class::P => 0,
                };
                prop_assert_eq!(d.moves.len(), wants);
            }
            Err(e) => prop_assert!(false, "{} vs {}: {}", show(&a), show(&b), e),
        }
    }

    #[test]
    fn random_simplifications_check(a in arb_game()) {
        let rules = RuleSet::builtin();
        let mut s = Engine::new(rules.clone()).simplify(&a).unwrap();
        let p = proof_of_simplification(&mut s, &rules);
        prop_assert!(p.is_ok(), "{}: {}", show(&a), p.err().map(|e| e.to_string()).unwrap_or_default());
    }
}

/// `-(-3) + (1 + -3)` traps a first run of the fundamental rules (merged classes leave 0 and 1
/// defined by each other); a fresh run from the term reached goes on, and the proof chains the
/// two runs into one that checks.
#[test]
fn a_trapped_run_is_continued_and_the_proof_chains() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let x = t("-(-3) + (1 + -3)");
    let mut s = Engine::new(rules.clone()).simplify(&x).unwrap();
    assert!(s.canonical, "{:?}", s.stuck);
    assert_eq!(s.result, i(1));
    assert!(
        !s.earlier.is_empty(),
        "the first run was expected to be trapped"
    );
    let p = proof_of_simplification(&mut s, &rules).unwrap();
    assert!(p.checked);
    assert_eq!(p.input, x);
    assert_eq!(p.result, i(1));
    let o = equal(&x, &i(1), &rules);
    assert_eq!(o.result, i(1));
}
