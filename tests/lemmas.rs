//! Proofs of sums by lemmas: each distinct sum proved once and cited. The results are checked
//! against the kernel's canonical forms, the proofs by the independent checker, and tampered
//! lemma proofs must be rejected at the lemma or the step that goes wrong.

use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use onag::Term;
use onag::{parse, print};
use onag::{simplify, Proof, Verdict, LEMMA};

fn t(s: &str) -> Term {
    parse(s).unwrap_or_else(|e| panic!("parse {s}: {e}"))
}

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

/// Σ_{k=1..n} {k|−k}, written left to right.
fn switches(n: usize) -> Term {
    t(&(1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+"))
}

/// Whether `r` is, form for form, the canonical form of `x`'s value (the kernel hash-conses
/// canonical games, so equal values are one id).
fn is_canonical_form_of(r: &Term, x: &Term) -> bool {
    let mut k = Kernel::new();
    let (gx, gr) = (k.eval(x).unwrap(), k.eval(r).unwrap());
    gx == gr && onag::is_canonical(&mut k, r).is_ok()
}

/// A checked proof of `x`'s simplification, whose result is the kernel's canonical form.
fn proved(x: &Term, rules: &RuleSet) -> Proof {
    let s = simplify(x, &Engine::new(rules.clone())).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.canonical, "{} stops at {}", show(x), show(s.result()));
    assert!(s.proof.checked());
    s.proof.check(rules).expect("checks again");
    // Large parts of the result are shared through the proof's term table: written out, it
    // must be the canonical form form for form.
    let result = s
        .proof
        .expand(s.result(), 1 << 22)
        .expect("the result writes out");
    assert!(
        is_canonical_form_of(&result, x),
        "{} gives {}, which is not its canonical form",
        show(x),
        show(&result),
    );
    s.proof
}

#[test]
fn sums_of_switches_are_proved_by_lemmas_and_agree_with_the_kernel() {
    let rules = RuleSet::builtin();
    let mut sizes = Vec::new();
    for n in 1..=6 {
        let p = proved(&switches(n), &rules);
        if n >= 2 {
            assert!(!p.lemmas.is_empty(), "n = {n} has no lemmas");
        }
        sizes.push(p.size());
    }
    // Each further switch adds the sums of the new switch with the subgames of the sum so
    // far: the proof about doubles, where the flat proof (every step a whole expansion)
    // grew past memory at n = 8.
    for w in sizes.windows(2).skip(2) {
        assert!(w[1] <= 3 * w[0], "proof sizes {sizes:?}");
    }
}

#[test]
fn the_sum_of_eight_switches_has_a_checked_proof_of_bounded_size() {
    let rules = RuleSet::builtin();
    let p = proved(&switches(8), &rules);
    assert!(p.lemmas.len() < 1_000, "{} lemmas", p.lemmas.len());
    assert!(p.size() < 4_000, "{} steps", p.size());
}

#[test]
fn the_fundamental_rules_prove_sums_by_lemmas_too() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    for n in 1..=4 {
        let p = proved(&switches(n), &rules);
        for l in &p.lemmas {
            for s in &l.steps {
                assert!(
                    s.lemma.is_some() || rules.get(&s.rule).is_some(),
                    "{} is not a fundamental rule",
                    s.rule
                );
            }
        }
    }
}

#[test]
fn sums_inside_games_and_notation_are_proved_by_lemmas() {
    let rules = RuleSet::builtin();
    for src in [
        "{ {1|-1} + {2|-2} | 0 }",
        "{2|1} + {1|0} + 1/2",
        "3.{1|-1} + {2|-2}",
        "-({1|-1} + {2|-2}) + {3|*}",
        "+-({1|-1} + {1/2|-1/2})",
        "{0|{1|-1} + {1|-1}} + {3/2|-3/2}",
    ] {
        proved(&t(src), &rules);
    }
}

#[test]
fn equal_sums_written_differently_are_proved_equal_through_shared_lemmas() {
    let rules = RuleSet::builtin();
    let a = t("{1|-1} + {2|-2} + {3|-3}");
    let b = t("{3|-3} + ({2|-2} + {1|-1})");
    match onag::prove(&a, &b, &Engine::new(rules.clone())).unwrap() {
        Verdict::Equal(p) => {
            assert!(p.checked());
            assert!(!p.lemmas.is_empty());
            p.check(&rules).unwrap();
            // Read back from JSON and checked again, lemmas and all.
            let mut back = Proof::from_json(&p.to_json()).unwrap();
            back.verify(&rules).unwrap();
            assert_eq!(back.lemmas.len(), p.lemmas.len());
            assert_eq!(back.to_json(), p.to_json());
        }
        Verdict::Different(d) => panic!("{d:?}"),
    }
}

/// A proof with lemmas to tamper with.
fn sample() -> (Proof, RuleSet) {
    let rules = RuleSet::builtin();
    let p = proved(&switches(3), &rules);
    assert!(p.lemmas.len() >= 3);
    (p, rules)
}

/// The first main-chain step citing a lemma.
fn citing(p: &Proof) -> usize {
    p.steps
        .iter()
        .position(|s| s.lemma.is_some())
        .expect("a step cites a lemma")
}

#[test]
fn a_lemma_with_a_false_side_is_rejected() {
    let (mut p, rules) = sample();
    let k = p.lemmas.len() - 1;
    p.lemmas[k].to = t("{100|-100}");
    let e = p.check(&rules).unwrap_err();
    assert_eq!(e.lemma, Some(k), "{e}");
    assert!(e.reason.contains("not the claimed result"), "{e}");
}

#[test]
fn a_lemma_missing_a_step_is_rejected() {
    let (mut p, rules) = sample();
    let k = p
        .lemmas
        .iter()
        .position(|l| l.steps.len() >= 2)
        .expect("a lemma of two steps");
    p.lemmas[k].steps.remove(0);
    let e = p.check(&rules).unwrap_err();
    assert_eq!(e.lemma, Some(k), "{e}");
    assert_eq!(e.step, 0, "{e}");
}

#[test]
fn citing_a_lemma_not_proved_before_is_rejected() {
    let (mut p, rules) = sample();
    let i = citing(&p);
    p.steps[i].lemma = Some(p.lemmas.len());
    let e = p.check(&rules).unwrap_err();
    assert_eq!((e.lemma, e.step), (None, i), "{e}");
    assert!(e.reason.contains("not proved before"), "{e}");

    // Inside a lemma, only earlier lemmas may be cited: no circular proofs.
    let (mut p, rules) = sample();
    let (k, j) = p
        .lemmas
        .iter()
        .enumerate()
        .find_map(|(k, l)| {
            l.steps
                .iter()
                .position(|s| s.lemma.is_some())
                .map(|j| (k, j))
        })
        .expect("a lemma citing another");
    p.lemmas[k].steps[j].lemma = Some(k);
    let e = p.check(&rules).unwrap_err();
    assert_eq!((e.lemma, e.step), (Some(k), j), "{e}");
}

#[test]
fn citing_the_wrong_lemma_is_rejected() {
    let (mut p, rules) = sample();
    let i = citing(&p);
    let cited = p.steps[i].lemma.unwrap();
    let other = (0..p.lemmas.len())
        .find(|&k| k != cited && p.lemmas[k].from != p.lemmas[cited].from)
        .unwrap();
    p.steps[i].lemma = Some(other);
    let e = p.check(&rules).unwrap_err();
    assert_eq!(e.step, i, "{e}");
    assert!(e.reason.contains(&format!("lemma {other} proves")), "{e}");
}

#[test]
fn a_citation_read_the_wrong_way_or_renamed_is_rejected() {
    let (mut p, rules) = sample();
    let i = citing(&p);
    p.steps[i].reversed = true;
    assert_eq!(p.check(&rules).unwrap_err().step, i);

    let (mut p, rules) = sample();
    let i = citing(&p);
    assert_eq!(p.steps[i].rule, LEMMA);
    p.steps[i].rule = "sum-definition".into();
    let e = p.check(&rules).unwrap_err();
    assert_eq!(e.step, i, "{e}");

    // A rule step cannot pass itself off as a citation either.
    let (mut p, rules) = sample();
    let j = p.steps.iter().position(|s| s.lemma.is_none()).unwrap();
    p.steps[j].lemma = Some(0);
    assert_eq!(p.check(&rules).unwrap_err().step, j);
}

#[test]
fn hostile_lemma_json_is_refused_not_believed() {
    let rules = RuleSet::builtin();
    // A proof claiming {1|-1} + {2|-2} = 0 by citing a lemma that "proves" it in no steps.
    let text = r#"{
      "input": "{1|-1} + {2|-2}", "result": "0", "checked": true,
      "steps": [ { "from": "{1|-1} + {2|-2}", "to": "0", "rule": "lemma", "at": [], "lemma": 0 } ],
      "lemmas": [ { "from": "{1|-1} + {2|-2}", "to": "0", "steps": [] } ]
    }"#;
    let e = onag::check(text, &rules).unwrap_err();
    assert!(e.to_string().contains("lemma 0"), "{e}");
    // An index far out of range.
    let text = text.replace("\"lemma\": 0", "\"lemma\": 18446744073709551615");
    assert!(onag::check(&text, &rules).is_err());
}
