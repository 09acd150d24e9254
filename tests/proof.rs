//! Proofs of equalities: produced from engine runs, re-checked without the e-graph, rejected
//! when tampered with, and round-tripped through JSON.

use onag::Engine;
use onag::RuleSet;
use onag::Term;
use onag::{parse, print};
use onag::{proof_of_simplification, Player, Proof, Verdict};
use onag::{Kernel, OutcomeClass as Class};
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
    let mut s = engine.saturate(x).expect("simplifies");
    let p = proof_of_simplification(&mut s, &rules).unwrap_or_else(|e| panic!("{x:?}: {e}"));
    (p, rules)
}

fn equal(a: &Term, b: &Term, rules: &RuleSet) -> Proof {
    match onag::prove(a, b, &Engine::new(rules.clone()))
        .unwrap_or_else(|e| panic!("{a:?} = {b:?}: {e}"))
    {
        Verdict::Equal(p) => {
            assert!(p.checked());
            p.check(rules).expect("checks again");
            p
        }
        Verdict::Different(d) => panic!("{a:?} != {b:?}: {d:?}"),
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
        assert!(p.checked());
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
    match onag::prove(&t("^+^+*"), &t("{0|^}"), &Engine::new(rules.clone())).expect("a proof") {
        onag::Verdict::Equal(p) => {
            assert!(p.checked());
            p.check(&rules).expect("checks again");
            assert!(!p.steps.is_empty());
        }
        onag::Verdict::Different(_) => panic!("^+^+* and {{0|^}} are equal"),
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
        let mut back = Proof::from_json(&text).unwrap_or_else(|e| panic!("{a:?}: {e}\n{text}"));
        assert!(!back.checked());
        back.verify(&rules)
            .unwrap_or_else(|e| panic!("{a:?}: {e}\n{text}"));
        assert!(back.checked());
        assert_eq!(back.steps.len(), p.steps.len());
        assert_eq!(back.to_json(), text);
    }
}

#[test]
fn json_checked_field_is_not_trusted() {
    let (mut p, rules, i) = dominated_proof();
    p.steps[i].rule = "dominated-right".into();
    // The proof was checked before the tampering; its flag stays set (a caller cannot set it).
    assert!(p.checked());
    let text = p.to_json();
    assert!(text.contains("\"checked\": true"));
    assert!(onag::check(&text, &rules).is_err());
    let mut back = Proof::from_json(&text).unwrap();
    assert!(!back.checked());
    assert!(back.verify(&rules).is_err() && !back.checked());
}

#[test]
fn disproof_gives_winning_moves() {
    let rules = RuleSet::builtin();
    let Verdict::Different(d) = onag::prove(&nim(1), &i(0), &Engine::new(rules.clone())).unwrap()
    else {
        panic!("* != 0")
    };
    let onag::Evidence::Normal(d) = d.evidence else {
        panic!("normal play")
    };
    assert_eq!(d.outcome, Class::N);
    assert_eq!(d.moves.len(), 2);
    let Verdict::Different(d) = onag::prove(&i(1), &q("1/2"), &Engine::new(rules.clone())).unwrap()
    else {
        panic!("1 != 1/2")
    };
    let onag::Evidence::Normal(d) = d.evidence else {
        panic!("normal play")
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

/// The number of cases: `PROPTEST_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Another term of the same value as `a`, by a route the rules must undo, or (`how` = 0) an
/// unrelated game.
fn partner(a: &Term, other: &Term, how: u8) -> Term {
    match how {
        0 => other.clone(),
        1 => {
            let mut k = Kernel::new();
            let v = k.eval(a).unwrap();
            k.to_term(v)
        }
        2 => Term::neg(Term::neg(a.clone())),
        _ => Term::sum(
            a.clone(),
            Term::sum(other.clone(), Term::neg(other.clone())),
        ),
    }
}

/// A tampered copy of a proof: a step dropped, a rule renamed, or a term changed. `None` when
/// the proof has no steps to tamper with.
fn tamper(p: &Proof, which: usize, how: u8) -> Option<Proof> {
    if p.steps.is_empty() {
        return None;
    }
    let mut p = p.clone();
    let i = which % p.steps.len();
    match how {
        0 => {
            p.steps.remove(i);
        }
        1 => {
            let s = &mut p.steps[i];
            // Another rule whose pattern cannot match here (renaming a deletion of a repeated
            // option to `dominated-left` would still be a valid step: x <= x).
            s.rule = if s.rule == "plus-minus-definition" {
                "hackenstring-definition".into()
            } else {
                "plus-minus-definition".into()
            };
        }
        _ => {
            // Replace the step's result by a different game: one more Left option 7.
            let s = &mut p.steps[i];
            s.to = match &s.to {
                Term::Game { left, right } => {
                    let mut l = left.clone();
                    l.push(Term::integer(7));
                    Term::game(l, right.clone())
                }
                other => Term::sum(other.clone(), Term::integer(0)),
            };
        }
    }
    Some(p)
}

proptest! {
    // Thousands of pairs; about a third are equal by construction.
    #![proptest_config(ProptestConfig::with_cases(cases(1500)))]
    #[test]
    fn random_games_prove_or_disprove(
        a in arb_game(), other in arb_game(), how in 0u8..4, which in 0usize..64, t in 0u8..3
    ) {
        let b = partner(&a, &other, how);
        let rules = RuleSet::builtin();
        // Small games: a run reaching the engine's time limit is a defect to report (as the
        // error it returns), not to wait for.
        let engine = Engine::new(rules.clone()).with_limits(onag::Limits {
            time: std::time::Duration::from_secs(10),
            ..Default::default()
        });
        let mut k = Kernel::new();
        match onag::prove(&a, &b, &engine) {
            Ok(Verdict::Equal(p)) => {
                prop_assert!(how != 0 || k.eval(&a).unwrap() == k.eval(&b).unwrap());
                prop_assert!(p.checked());
                prop_assert!(p.check(&rules).is_ok());
                // The ends are the inputs as the engine holds them (notation such as a Tiny
                // written out), so compare values.
                prop_assert_eq!(k.eval(&p.input).unwrap(), k.eval(&a).unwrap());
                prop_assert_eq!(k.eval(&p.result).unwrap(), k.eval(&b).unwrap());
                if let Some(bad) = tamper(&p, which, t) {
                    prop_assert!(bad.check(&rules).is_err(), "tampered ({}) but accepted", t);
                }
            }
            Ok(Verdict::Different(d)) => {
                prop_assert_eq!(how, 0, "equal by construction, but disproved");
                let onag::Evidence::Normal(d) = d.evidence else {
                    panic!("normal play")
                };
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
        let mut s = Engine::new(rules.clone()).saturate(&a).unwrap();
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
    let mut s = Engine::new(rules.clone()).saturate(&x).unwrap();
    assert!(s.canonical, "{:?}", s.stuck);
    assert_eq!(s.result, i(1));
    assert!(
        !s.earlier.is_empty(),
        "the first run was expected to be trapped"
    );
    let p = proof_of_simplification(&mut s, &rules).unwrap();
    assert!(p.checked());
    assert_eq!(p.input, x);
    assert_eq!(p.result, i(1));
    let o = equal(&x, &i(1), &rules);
    assert_eq!(o.result, i(1));
}

/// Seed 004's first example keeps one dominated option; a game with three reads as one step
/// deleting all three, each with its witness, and the checker verifies each part.
#[test]
fn dominated_options_of_one_game_are_one_step() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let (p, rules) = proof_with(&t("{0,1,2,3|}"), rules);
    let s = &p.steps[0];
    assert_eq!(s.rule, "dominated-left");
    assert_eq!(s.parts.len(), 3, "{:?}", p.steps);
    assert_eq!(s.to, t("{3|}"));
    for w in ["0 <= 1", "1 <= 2", "2 <= 3"] {
        assert!(s.why.contains(w), "{}", s.why);
    }
    // The same step's side conditions, one per part.
    let conds = p.side_conditions(0, &rules, 1).unwrap();
    assert_eq!(conds.len(), 3);
    assert!(conds
        .iter()
        .all(|c| c.inequalities.len() == 1 && c.inequalities[0].holds));
    // Tampering with a part is caught, and named.
    let mut bad = p.clone();
    bad.steps[0].parts[1]
        .witnesses
        .games
        .iter_mut()
        .for_each(|(n, t)| {
            if n == "b" {
                *t = Term::integer(0);
            }
        });
    let e = bad.check(&rules).unwrap_err();
    assert_eq!(e.step, 0);
    assert!(e.reason.contains("part 1"), "{e}");
    // A group survives JSON.
    let mut back = Proof::from_json(&p.to_json()).unwrap();
    assert_eq!(back.steps[0].parts.len(), 3);
    back.verify(&rules).unwrap();
    assert!(back.checked());
}

/// Seed 004: in {0|5} the Right option 5 reverses through 4, because 4 >= {0|5}. Expanded, the
/// side condition is proved by the definition down to numbers.
#[test]
fn side_conditions_expand_into_their_own_proofs() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let (p, rules) = proof_with(&t("{0|5}"), rules);
    let i = p
        .steps
        .iter()
        .position(|s| s.rule == "reversible-right")
        .expect("5 reverses");
    let conds = p.side_conditions(i, &rules, 3).unwrap();
    assert_eq!(conds.len(), 1);
    let q = &conds[0].inequalities;
    assert_eq!(q.len(), 1, "B >= G is one inequality: G <= B");
    assert!(q[0].holds);
    assert!(
        matches!(q[0].reason, onag::Reason::Definition { .. }),
        "{}",
        q[0]
    );
    // At depth 0 the same condition is stated, not expanded.
    let flat = p.side_conditions(i, &rules, 0).unwrap();
    assert_eq!(flat[0].inequalities[0].reason, onag::Reason::Unexpanded);
    assert!(q[0].size() > flat[0].inequalities[0].size());
}

/// The arguments seed 004 gives for its worked examples appear in the proofs the fundamental
/// rules produce: the same theorem, about options of the same values.
#[test]
fn seed_004_arguments_appear_in_the_proofs() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let mut k = Kernel::new();
    let mut val = |t: &Term| k.eval(t).unwrap();
    // (example, rule, [(witness, value)]) – each a step the seed describes.
    let cases = [
        // "0 is dominated by 1, so we may delete it"
        ("{0,1|2}", "dominated-left", vec![("a", "0"), ("b", "1")]),
        // "{*,*4|*,*4} is dominated by 0 (in fact, they're equal)": either may go.
        (
            "{-5|0,{*,*4|*,*4}}",
            "dominated-right",
            vec![("a", "0"), ("b", "0")],
        ),
        // "the right option 5={4|} has a left option 4>={0|5}, so 5 reverses through 4"
        ("{0|5}", "reversible-right", vec![("A", "5"), ("B", "4")]),
        // "*3 has a right option *2 that's equal to G, so the left *3 reverses through *2"
        (
            "{{*|*},*,*3|{*|*},*,*3}",
            "reversible-left",
            vec![("A", "*3"), ("B", "*2")],
        ),
        (
            "{{*|*},*,*3|{*|*},*,*3}",
            "reversible-right",
            vec![("A", "*3"), ("B", "*2")],
        ),
        // "{0,-7|1,1+1/2,3/4} is {0|1}": -7 goes for 0.
        (
            "{0,-7|1,3/2,3/4}",
            "dominated-left",
            vec![("a", "-7"), ("b", "0")],
        ),
    ];
    for (src, rule, want) in cases {
        let (p, _) = proof_with(&t(src), rules.clone());
        let instances: Vec<&onag::Step> = p
            .steps
            .iter()
            .flat_map(|s| {
                if s.parts.is_empty() {
                    vec![s]
                } else {
                    s.parts.iter().collect()
                }
            })
            .filter(|s| s.rule == rule)
            .collect();
        let found = instances.iter().any(|s| {
            want.iter()
                .all(|(w, v)| s.witnesses.game(w).is_some_and(|x| val(x) == val(&t(v))))
        });
        assert!(found, "{src}: no {rule} step with {want:?}: {:#?}", p.steps);
    }
}
