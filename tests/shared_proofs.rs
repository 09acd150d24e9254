//! Proofs at scale (issue 14): large subterms are written once in the proof's term table and
//! referred to as `#n`. A proof with a table must check exactly like the same proof written out,
//! and every kind of damage to the table or to a reference must be caught.

use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use onag::Term;
use onag::{parse, print};
use onag::{simplify, Proof, Verdict};
use proptest::prelude::*;

fn t(s: &str) -> Term {
    parse(s).unwrap_or_else(|e| panic!("parse {s}: {e}"))
}

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

/// S(n) = Σ_{k=1..n} {k|−k}.
fn switches(n: usize) -> Term {
    t(&(1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+"))
}

fn has_refs(t: &Term) -> bool {
    show(t).contains('#')
}

/// The proof of S(n)'s simplification, as JSON.
fn switches_json(n: usize) -> (String, Proof) {
    let s = simplify(&switches(n), &Engine::new(RuleSet::builtin())).unwrap();
    assert!(s.canonical && s.proof.checked());
    (s.proof.to_json(), s.proof)
}

fn rejects(json: &str) -> String {
    match onag::check(json, &RuleSet::builtin()) {
        Ok(_) => panic!("a damaged proof was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_large_proof_shares_its_terms_and_writes_out_to_a_proof_that_checks() {
    let rules = RuleSet::builtin();
    let (_, p) = switches_json(6);
    assert!(!p.terms.is_empty(), "S(6) shares nothing");
    assert!(has_refs(&p.result), "{}", show(&p.result));
    // Written out, the same proof checks, and ends at the kernel's canonical form.
    let w = p.written_out(1 << 20).expect("S(6) writes out");
    assert!(w.terms.is_empty() && !has_refs(&w.result));
    w.check(&rules).expect("the written-out proof checks");
    let mut k = Kernel::new();
    let g = k.eval(&switches(6)).unwrap();
    assert_eq!(k.eval(&w.result).unwrap(), g);
    assert!(onag::is_canonical(&mut k, &w.result).is_ok());
    // JSON writes the table once and reads back to a proof that checks.
    let mut back = Proof::from_json(&p.to_json()).unwrap();
    assert_eq!(back.terms.len(), p.terms.len());
    back.verify(&rules).unwrap();
    assert!(back.checked());
}

#[test]
fn small_proofs_have_no_table() {
    for src in [
        "{0,1|2}",
        "{0|5}",
        "{2|1} + 1/2",
        "^+^+*",
        "{1|-1} + {2|-2}",
    ] {
        let s = simplify(&t(src), &Engine::new(RuleSet::builtin())).unwrap();
        assert!(s.proof.terms.is_empty(), "{src}");
        assert!(!s.proof.to_json().contains("\"terms\""), "{src}");
    }
}

/// The producer shares every game of two options or more, but a small proof's words are
/// written from its terms written out: `{1/2|0||0|-1/2}` with its slashes, where putting each
/// shared option in place of its `#n` would read `{{1/2|0}|{0|-1/2}}`.
#[test]
fn small_proofs_words_read_as_written_out() {
    let s = simplify(&t("{1/2|0} + {0|-1/2}"), &Engine::new(RuleSet::builtin())).unwrap();
    let whys: Vec<&str> = s.proof.steps.iter().map(|s| s.why.as_str()).collect();
    let reversible = whys
        .iter()
        .find(|w| w.starts_with("Left option {1/2|0} is reversible"))
        .unwrap_or_else(|| panic!("{whys:#?}"));
    assert!(
        reversible.contains("because {|} <= {1/2|0||0|-1/2};"),
        "{reversible}"
    );
    assert!(
        whys.iter().all(|w| !w.contains('#') && !w.contains("{{")),
        "{whys:#?}"
    );
}

#[test]
fn both_sides_of_an_equality_share_one_table_and_the_proof_checks() {
    // S(8) against its canonical form as the kernel prints it (with ± and slashes).
    let rules = RuleSet::builtin();
    let s8 = switches(8);
    let mut k = Kernel::new();
    let g = k.eval(&s8).unwrap();
    let printed = show(&k.to_term(g));
    let c = t(&printed);
    let Verdict::Equal(p) = onag::prove(&s8, &c, &Engine::new(rules.clone())).unwrap() else {
        panic!("S(8) differs from its canonical form")
    };
    assert!(p.checked());
    assert!(!p.terms.is_empty());
    assert!(onag::check(&p.to_json(), &rules).is_ok());
}

#[test]
fn an_unknown_schema_version_is_refused() {
    let (json, _) = switches_json(3);
    let bad = json.replacen("\"version\": 3", "\"version\": 4", 1);
    assert_ne!(bad, json);
    let e = rejects(&bad);
    assert!(e.contains("schema version 4"), "{e}");
}

/// The proof's JSON as a value, to damage one field.
fn value(json: &str) -> serde_json::Value {
    serde_json::from_str(json).unwrap()
}

#[test]
fn a_changed_table_entry_is_caught() {
    let (json, p) = switches_json(6);
    let v = value(&json);
    let refs = |text: &str| -> Vec<usize> {
        text.split('#')
            .skip(1)
            .map(|part| {
                let digits: String = part.chars().take_while(|c| c.is_ascii_digit()).collect();
                digits.parse().unwrap()
            })
            .collect()
    };
    // Each entry the result refers to, and each entry those refer to, changed to another game.
    let mut victims = refs(v["result"].as_str().unwrap());
    assert!(!victims.is_empty(), "the result of S(6) shares nothing");
    for n in victims.clone() {
        victims.extend(refs(&show(p.terms.view(n as u32).unwrap())));
    }
    for victim in victims {
        let mut bad = v.clone();
        let entry = bad["terms"][victim].as_str().unwrap().to_string();
        // Another game: one more Left option, 99.
        let changed = match entry.strip_prefix('{') {
            Some(rest) => format!("{{99,{rest}"),
            None => format!("{{99|{entry}}}"),
        };
        bad["terms"][victim] = serde_json::Value::String(changed);
        let e = rejects(&bad.to_string());
        assert!(!e.is_empty(), "entry {victim}");
    }
}

#[test]
fn a_changed_reference_in_a_step_is_caught() {
    let (json, _) = switches_json(6);
    let v = value(&json);
    // Every step of the lemmas and of the main chain, as (where in the JSON, what is cited).
    let mut places: Vec<(Option<usize>, usize)> = Vec::new();
    for (k, l) in v["lemmas"].as_array().unwrap().iter().enumerate() {
        places.extend((0..l["steps"].as_array().unwrap().len()).map(|i| (Some(k), i)));
    }
    places.extend((0..v["steps"].as_array().unwrap().len()).map(|i| (None, i)));
    let mut tried = 0;
    for (k, i) in places {
        let step = match k {
            Some(k) => &v["lemmas"][k]["steps"][i],
            None => &v["steps"][i],
        };
        let to = step["to"].as_str().unwrap();
        let Some(at) = to.find('#') else { continue };
        let digits: String = to[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        let n: u32 = digits.parse().unwrap();
        let other = if n == 0 { 1 } else { n - 1 };
        let changed = format!("{}#{other}{}", &to[..at], &to[at + 1 + digits.len()..]);
        let mut bad = v.clone();
        let slot = match k {
            Some(k) => &mut bad["lemmas"][k]["steps"][i]["to"],
            None => &mut bad["steps"][i]["to"],
        };
        *slot = serde_json::Value::String(changed);
        let e = rejects(&bad.to_string());
        let named = match k {
            Some(k) => format!("lemma {k}"),
            None => "step".to_string(),
        };
        assert!(e.contains(&named), "{e}");
        tried += 1;
        if tried >= 5 {
            break;
        }
    }
    assert!(tried > 0, "no step refers to the table");
}

/// A minimal version-2 proof around a given table and claim.
fn hostile(terms: &[String], input: &str, result: &str) -> String {
    serde_json::json!({
        "version": 2,
        "terms": terms,
        "input": input,
        "result": result,
        "steps": [],
    })
    .to_string()
}

#[test]
fn hostile_tables_are_refused_naming_the_entry() {
    let cases: Vec<(Vec<String>, &str, &str, &str)> = vec![
        (
            vec!["{#0|}".into()],
            "#0",
            "#0",
            "term #0: refers to itself",
        ),
        (
            vec!["{#1|}".into(), "{1|}".into()],
            "#1",
            "#1",
            "term #0: refers to #1, which is not an earlier entry",
        ),
        (
            vec!["{1|0}".into(), "{1|0}".into()],
            "#0",
            "#0",
            "term #1: repeats an earlier entry",
        ),
        (
            vec!["{1|0}".into()],
            "#7",
            "#7",
            "the input refers to #7, but the term table has 1 entries",
        ),
        (
            vec!["{1|0}".into()],
            "#0",
            "{#0|#3}",
            "the result refers to #3",
        ),
        (
            vec!["{1|0}".into()],
            "#0",
            "#99999999999",
            "is not a term number",
        ),
        (vec!["{1|0".into()], "0", "0", "term #0"),
    ];
    for (terms, input, result, want) in cases {
        let e = rejects(&hostile(&terms, input, result));
        assert!(e.contains(want), "{want:?} not in {e:?}");
    }
    // A reference outside any proof's table is not a game.
    assert!(parse("#3").is_err());
}

#[test]
fn a_million_deep_chain_is_refused_without_recursion() {
    // Entry k = {#(k-1)|}: the integer k+2, a DAG a million levels deep. The claim that it is
    // 5 is false; the checker must say so, not overflow its stack or run for ever. It runs on
    // a thread with a small stack to make recursion down the chain fail loudly.
    let n = 1_000_000;
    let mut terms = Vec::with_capacity(n);
    terms.push("{1|}".to_string());
    for k in 1..n {
        terms.push(format!("{{#{}|}}", k - 1));
    }
    let json = hostile(&terms, &format!("#{}", n - 1), "5");
    let e = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || rejects(&json))
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert!(e.contains("is not the result"), "{e}");
}

fn arb_game() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        Just(Term::zero()),
        Just(Term::integer(1)),
        Just(Term::integer(-2)),
        Just(Term::nimber(onag::Nimber::from(1))),
        Just(t("1/2")),
        Just(Term::up(1.into())),
    ];
    leaf.prop_recursive(3, 10, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Term::game(l, r))
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    /// A proof with a table, written out, is a proof of the same equality that checks; its
    /// result is the kernel's canonical form.
    #[test]
    fn shared_proofs_expand_to_tree_proofs(games in prop::collection::vec(arb_game(), 1..4), k in 3usize..6) {
        let mut sum = switches(k);
        for g in games {
            sum = Term::sum(sum, g);
        }
        let rules = RuleSet::builtin();
        let s = simplify(&sum, &Engine::new(rules.clone())).unwrap();
        prop_assert!(s.proof.checked());
        let w = s.proof.written_out(1 << 22).expect("writes out");
        prop_assert!(w.terms.is_empty());
        prop_assert!(w.check(&rules).is_ok(), "{}", show(&sum));
        let mut kern = Kernel::new();
        let g = kern.eval(&sum).unwrap();
        let r = kern.eval(&w.result).unwrap();
        prop_assert_eq!(g, r);
        if s.canonical {
            prop_assert!(onag::is_canonical(&mut kern, &w.result).is_ok());
        }
    }
}

/// A bad term or value inside a lemma's step is refused naming the step and the lemma, by the
/// streaming checker and by the whole-proof reader alike (the name is written only for the
/// error, so this is the one place it shows).
#[test]
fn a_bad_reference_or_value_in_a_lemma_names_its_step_and_lemma() {
    let proof = |step: serde_json::Value| {
        serde_json::json!({
            "version": 3,
            "terms": ["{1|0}"],
            "input": "0",
            "result": "0",
            "steps": [],
            "lemmas": [
                {"from": "#0", "to": "#0", "steps": [{"to": "#0", "rule": "dominated-left"}]},
                {"from": "#0", "to": "#0", "steps": [step]},
            ],
        })
        .to_string()
    };
    let cases = [
        (
            serde_json::json!({"to": "{#5|0}", "rule": "dominated-left"}),
            "step 0 of lemma 1 refers to #5, but the term table has 1 entries",
        ),
        (
            serde_json::json!({"to": "#0", "rule": "number-up-star-sum",
                               "witnesses": {"values": {"a": "*"}}}),
            "step 0 of lemma 1: `*` is not a number",
        ),
        (
            serde_json::json!({"to": "#0", "rule": "number-up-star-sum",
                               "witnesses": {"values": {"a": "#0"}}}),
            "step 0 of lemma 1: `#0` is not a number",
        ),
    ];
    for (step, want) in cases {
        let text = proof(step);
        let e = rejects(&text);
        assert!(e.contains(want), "{want:?} not in {e:?}");
        let whole = Proof::from_json(&text).map(|_| ()).unwrap_err().to_string();
        assert!(whole.contains(want), "{want:?} not in {whole:?}");
    }
}
