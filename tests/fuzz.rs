//! The CI fuzzer (issue 6, part 3): proptest generators aimed at each input layer, driving
//! `common::drive`, which states what every input must satisfy. A short, seeded pass runs in CI;
//! `FUZZ_CASES=n` runs n cases per target for a long hunt (and `cargo fuzz` in `fuzz/` runs the
//! same drivers under libFuzzer). Whatever a run finds goes into `tests/corpus/`, which
//! `tests/fuzz_corpus.rs` replays on every test run.

mod common;
use common::drive;
use onag::print;
use onag::proof_of_simplification;
use onag::Engine;
use onag::RuleSet;
use onag::{Dyadic, Nimber, Pebble, Term};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

/// Cases per target: `FUZZ_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A runner with a fixed seed (so CI runs the same cases each time) unless `FUZZ_SEED` is set.
fn runner(default_cases: u32) -> TestRunner {
    let seed = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    TestRunner::new(Config {
        cases: cases(default_cases),
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    })
}

/// Pieces of the game notation, including malformed and edge-case ones, glued at random.
fn game_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "{", "}", "|", "||", "|||", ",", "(", ")", "+", "-", "+-", "±", "*", "∗", "/", ".",
            "^", "v", "↑", "↓", "⇑", "⇓", "vv", "^^", " ", "\n", "\t", "Tiny", "Miny", "hs",
            "\"", "\"LRE\"", "\"ABC\"", "−", "x", "@", "\u{0}", "é",
        ]).prop_map(str::to_string),
        2 => (0u64..20).prop_map(|n| n.to_string()),
        1 => prop::sample::select(vec![
            "0", "1", "2", "3", "4", "8", "16", "64", "65", "1024",
            "18446744073709551616", "340282366920938463463374607431768211457",
        ]).prop_map(str::to_string),
        1 => any::<char>().prop_map(|c| c.to_string()),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

/// Random game terms of every kind of node, small enough for the engine. Up multiples stay
/// small: the proof of `{^6|}` already has 2,029 steps (see the ignored test in
/// `tests/adversarial.rs`), so larger ones would measure that known defect, not find new ones.
fn term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        (-4i64..5, 0u64..3, -1i64..2, 0u64..5).prop_map(|(n, e, u, k)| Term::Nus {
            number: Dyadic::new(n.into(), e),
            up: u.into(),
            nim: Nimber::from(k),
        }),
        prop::collection::vec(
            prop::sample::select(vec![Pebble::Left, Pebble::Right, Pebble::Neutral]),
            0..5
        )
        .prop_map(Term::Hackenstring),
    ];
    leaf.prop_recursive(3, 20, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.clone().prop_map(Term::neg),
            prop::collection::vec(inner.clone(), 1..3).prop_map(Term::PlusMinus),
            (-2i64..3, inner.clone()).prop_map(|(n, g)| Term::Tiny {
                number: Dyadic::from(n),
                sub: Box::new(g)
            }),
            (-2i64..3, inner.clone()).prop_map(|(n, g)| Term::Miny {
                number: Dyadic::from(n),
                sub: Box::new(g)
            }),
            (-2i64..3, inner).prop_map(|(n, g)| Term::Multiple {
                count: n.into(),
                game: Box::new(g)
            }),
        ]
    })
}

/// Edits to a text: delete, duplicate or replace a range, or insert a piece.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

fn edits(pieces: Vec<&'static str>) -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), 0usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), 0usize..40).prop_map(|(a, n)| Edit::Duplicate(a, n)),
        (any::<usize>(), prop::sample::select(pieces)).prop_map(|(a, p)| Edit::Insert(a, p.into())),
        (any::<usize>(), any::<char>()).prop_map(|(a, c)| Edit::Replace(a, c)),
    ];
    prop::collection::vec(edit, 1..4)
}

/// Applies edits at character positions (taken modulo the length), keeping valid UTF-8.
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut cs: Vec<char> = text.chars().collect();
    for e in edits {
        let n = cs.len().max(1);
        match e {
            Edit::Delete(a, k) => {
                let a = a % n;
                let b = (a + k).min(cs.len());
                if a < b {
                    cs.drain(a..b);
                }
            }
            Edit::Duplicate(a, k) => {
                let a = a % n;
                let b = (a + k).min(cs.len());
                if a < b {
                    let copy: Vec<char> = cs[a..b].to_vec();
                    cs.splice(b..b, copy);
                }
            }
            Edit::Insert(a, p) => {
                let a = a % (cs.len() + 1);
                cs.splice(a..a, p.chars());
            }
            Edit::Replace(a, c) => {
                if !cs.is_empty() {
                    let a = a % cs.len();
                    cs[a] = *c;
                }
            }
        }
    }
    cs.into_iter().collect()
}

/// The game parser on random notation and on arbitrary strings.
#[test]
fn fuzz_game_parser() {
    runner(4000)
        .run(&game_text(), |s| {
            drive::syntax(&s);
            Ok(())
        })
        .unwrap();
    runner(1000)
        .run(&any::<String>(), |s| {
            drive::syntax(&s);
            Ok(())
        })
        .unwrap();
}

/// The rule-file parser on edited copies of the shipped rule files.
#[test]
fn fuzz_rule_parser() {
    let pieces = vec![
        "{",
        "}",
        "|",
        "..",
        "@",
        ",",
        "(",
        ")",
        "+",
        "-",
        "\"",
        "#",
        "\n",
        "rule x\n",
        "match",
        "when",
        "yield",
        "not",
        "num(",
        "nim(",
        "mex(",
        "<=",
        "||",
        "<|",
        "1/3",
        "0",
        "-1",
        "priority 99999999999",
        "kind open",
        "group",
        "  ",
        "∀",
    ];
    // The rule files `RuleSet::builtin` reads, from the repository's rules/ directory.
    let files: Vec<String> = [
        "sets",
        "definitions",
        "dominated",
        "reversible",
        "gift-horse",
        "shortcuts",
    ]
    .iter()
    .map(|n| {
        let path = format!("{}/rules/{n}.rules", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    })
    .collect();
    let strategy = (prop::sample::select(files), edits(pieces));
    runner(400)
        .run(&strategy, |(text, es)| {
            drive::rules(&apply(&text, &es));
            Ok(())
        })
        .unwrap();
}

/// The engine on random terms of every kind, given as text as a user would.
#[test]
fn fuzz_engine() {
    runner(300)
        .run(&term(), |t| {
            let text = print(&t, &Default::default());
            if std::env::var("FUZZ_TRACE").is_ok() {
                std::fs::write("/tmp/fuzz_last.engine", &text).unwrap();
            }
            drive::engine(&text);
            Ok(())
        })
        .unwrap();
}

/// The proof reader and checker on edited proofs of random games: whatever it accepts must be
/// a true equality.
#[test]
fn fuzz_proof_checker() {
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    let pieces = vec![
        "0",
        "1",
        "-1",
        "*",
        "^",
        "{0|}",
        "{|}",
        "L0",
        "R0",
        "L1",
        "sum.0",
        "neg",
        "true",
        "false",
        "\"",
        ",",
        "[",
        "]",
        "{",
        "}",
        "dominated-left",
        "reversible-right",
        "mex",
        "integer-fold",
        "simplicity",
        "number-avoidance-left",
        "1/2",
        "3/2",
    ];
    let small_game = (
        prop::collection::vec(term(), 0..3),
        prop::collection::vec(term(), 0..3),
    )
        .prop_map(|(l, r)| Term::game(l, r));
    runner(300)
        .run(&(small_game, edits(pieces)), |(t, es)| {
            if std::env::var("FUZZ_TRACE").is_ok() {
                std::fs::write("/tmp/fuzz_last.term", print(&t, &Default::default())).unwrap();
            }
            let Ok(mut s) = engine.saturate(&t) else {
                return Ok(());
            };
            if s.steps().count() > drive::KNOWN_BLOWUP_STEPS {
                return Ok(());
            }
            let Ok(p) = proof_of_simplification(&mut s, &rules) else {
                return Ok(());
            };
            let text = apply(&p.to_json(), &es);
            if std::env::var("FUZZ_TRACE").is_ok() {
                std::fs::write("/tmp/fuzz_last.json", &text).unwrap();
            }
            drive::json(&text);
            Ok(())
        })
        .unwrap();
}
