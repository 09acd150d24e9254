//! The rewrite engine against the seeds' worked examples and against the kernel.

use onag::Kernel;
use onag::RuleSet;
use onag::Term;
use onag::{parse, print};
use onag::{Engine, Limits, Saturation};
use proptest::prelude::*;

fn simplify_with(rules: &RuleSet, src: &str) -> Saturation {
    let t = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    Engine::new(rules.clone())
        .saturate(&t)
        .unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

fn rules_used(s: &Saturation) -> Vec<String> {
    s.steps().map(|st| st.rule.clone()).collect()
}

const SEED_EXAMPLES: [(&str, &str); 10] = [
    // seed 004 and seed 002
    ("{0,1|2}", "3/2"),
    ("{0|5}", "1"),
    ("{-5|0,{*,*4|*,*4}}", "-1"),
    ("{{*|*},*,*3|{*|*},*,*3}", "*2"),
    ("{0,-7|1,3/2,3/4}", "1/2"),
    ("{0,*|0,*}", "*2"),
    ("{0,*5|0,*5}", "*"),
    ("{0,1|2,3}", "3/2"),
    ("{1|}", "2"),
    ("{{*|*}|}", "1"),
];

#[test]
fn seed_examples_with_all_rules() {
    let all = RuleSet::builtin();
    for (src, want) in SEED_EXAMPLES {
        let s = simplify_with(&all, src);
        assert!(
            s.canonical,
            "{src}: {} is not canonical ({:?})",
            show(&s.result),
            s.stuck
        );
        assert_eq!(show(&s.result), want, "{src}");
    }
}

#[test]
fn seed_examples_with_fundamental_rules_only() {
    let fundamental = RuleSet::builtin().select("fundamental").unwrap();
    for (src, want) in SEED_EXAMPLES {
        let s = simplify_with(&fundamental, src);
        assert!(
            s.canonical,
            "{src}: {} is not canonical ({:?})",
            show(&s.result),
            s.stuck
        );
        assert_eq!(show(&s.result), want, "{src}");
        for r in rules_used(&s) {
            assert!(fundamental.get(&r).is_some(), "{src} used {r}");
        }
    }
}

#[test]
fn the_seeds_reasons_are_the_rules_used() {
    let fundamental = RuleSet::builtin().select("fundamental").unwrap();
    // seed 004: "5 reverses through 4 ... {0|5} = {0|} = 1"
    let s = simplify_with(&fundamental, "{0|5}");
    let used = rules_used(&s);
    assert!(used.contains(&"reversible-right".to_string()), "{used:?}");
    assert!(used.contains(&"integer-fold".to_string()), "{used:?}");
    // seed 004: "in {0,1|2}, 0 is dominated by 1, so we may delete it, leaving {1|2}"
    let s = simplify_with(&fundamental, "{0,1|2}");
    assert_eq!(rules_used(&s)[0], "dominated-left");
    // seed 004: "*3 has a right option *2 that's equal to G ... reverses through *2"
    let s = simplify_with(&fundamental, "{{*|*},*,*3|{*|*},*,*3}");
    let used = rules_used(&s);
    assert!(used.contains(&"reversible-left".to_string()), "{used:?}");
    assert!(used.contains(&"reversible-right".to_string()), "{used:?}");
    // With the shortcuts, the mex rule does it in one step at the top (seed 004's remark).
    let s = simplify_with(&RuleSet::builtin(), "{0,*,*3|0,*,*3}");
    assert_eq!(rules_used(&s), vec!["mex"]);
}

#[test]
fn sums_and_number_avoidance() {
    let all = RuleSet::builtin();
    let fundamental = all.select("fundamental").unwrap();
    for rules in [&all, &fundamental] {
        for (src, want) in [
            ("^+^", "{0|^*}"),
            ("^+^+*", "{0|^}"),
            ("{2|1} + 1/2", "{5/2|3/2}"),
            ("{1|-1} + {1|-1}", "{2|0||0|-2}"),
            ("* + *", "0"),
            ("*2 + *3", "*"),
            ("-{2|1}", "{-1|-2}"),
            ("+-1", "+-1"),
        ] {
            let s = simplify_with(rules, src);
            assert!(s.canonical, "{src}: {} ({:?})", show(&s.result), s.stuck);
            // The expected forms are the seeds' (not always CGSuite's printed sugar), so compare
            // the values through the kernel.
            let mut k = Kernel::new();
            let a = k.eval(&s.result).unwrap();
            let b = k.eval(&parse(want).unwrap()).unwrap();
            assert_eq!(a, b, "{src}: engine gave {}", show(&s.result));
        }
    }
    let s = simplify_with(&all, "{2|1} + 1/2");
    assert!(
        rules_used(&s)
            .iter()
            .any(|r| r.starts_with("number-avoidance")),
        "{:?}",
        rules_used(&s)
    );
}

#[test]
fn hackenstrings() {
    let all = RuleSet::builtin();
    for (src, want) in [
        ("hs\"LR\"", "1/2"),
        ("hs\"LRR\"", "1/4"),
        ("hs\"LLR\"", "3/2"),
        ("hs\"LRL\"", "3/4"),
        ("hs\"E\"", "*"),
    ] {
        let s = simplify_with(&all, src);
        assert!(s.canonical, "{src}");
        assert_eq!(show(&s.result), want, "{src}");
    }
}

#[test]
fn big_closed_forms_are_not_unfolded() {
    let all = RuleSet::builtin();
    let s = simplify_with(&all, "{0|1000000}");
    assert_eq!(show(&s.result), "1");
    assert!(s.run.nodes() < 100, "{} e-nodes", s.run.nodes());
    let s = simplify_with(&all, &format!("{{{}|}}", "9".repeat(400)));
    assert!(s.canonical);
}

#[test]
fn removing_rules_changes_the_route_or_stops_short() {
    let all = RuleSet::builtin();
    // Without the reversible rules, {0|5} has nothing to delete: the engine stops short and says so.
    let mut no_rev = all.clone();
    assert!(no_rev.remove("reversible-left") && no_rev.remove("reversible-right"));
    let fundamental_no_rev = no_rev.select("fundamental").unwrap();
    let s = simplify_with(&fundamental_no_rev, "{0|5}");
    assert!(!s.canonical);
    assert!(
        s.stuck
            .as_deref()
            .unwrap_or("")
            .contains("not in canonical form"),
        "{:?}",
        s.stuck
    );
    // Without mex, {0,*,*3|0,*,*3} takes the longer route through reversible options.
    let mut no_mex = all.clone();
    assert!(no_mex.remove("mex"));
    let s = simplify_with(&no_mex, "{0,*,*3|0,*,*3}");
    assert!(s.canonical);
    assert_eq!(show(&s.result), "*2");
    assert!(!rules_used(&s).contains(&"mex".to_string()));
}

#[test]
fn a_rule_file_loaded_at_run_time_is_used() {
    // A toy rule: a game whose only options are 1 on the Left is 2 (the integer-fold rule with
    // a different name). Remove the built-in one and add this one at run time.
    let mut rules = RuleSet::builtin().select("fundamental").unwrap();
    assert!(rules.remove("integer-fold"));
    rules
        .add_text(
            "extra.rules",
            "rule my-integer-fold\n  says \"{n|} is n+1 for n >= 0\"\n  cite \"seed 002 §2.4\"\n  match { int(n) | }\n  when n >= 0\n  yield int(n + 1)\n",
        )
        .unwrap();
    let s = simplify_with(&rules, "{1|}");
    assert_eq!(show(&s.result), "2");
    assert!(rules_used(&s).contains(&"my-integer-fold".to_string()));
}

#[test]
fn limits_end_with_a_clear_error() {
    let t = parse("{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}").unwrap();
    let engine = Engine::new(RuleSet::builtin()).with_limits(Limits {
        max_nodes: 50,
        ..Limits::default()
    });
    let err = match engine.saturate(&t) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("the node limit was not reached"),
    };
    assert!(
        err.contains("50 e-nodes") && err.contains("reached so far"),
        "{err}"
    );
}

/// Inputs on which earlier versions of the engine went round in circles or stopped short:
/// after class merges a head can lead back to its own class. Each must reach the kernel's
/// canonical form with every rule set.
#[test]
fn merged_classes_do_not_trap_the_rules() {
    let inputs = [
        "1/2 + {|^}",
        "-1 + {*2|}",
        "{|*2} + 1",
        "1/2 + {-v*|*3}",
        "{|v*} + (3 + 1/2)",
        "{{|},{|*2}|}",
        "{1/2|1/2} + ^",
        "v* + *2 + (^ + -1)",
        "-(1/2 + {*|})",
        "-(-3) + (1 + -3)",
    ];
    for src in inputs {
        let t = parse(src).unwrap();
        let mut k = Kernel::new();
        let want = k.eval(&t).unwrap();
        for set in ["all", "fundamental"] {
            let rules = if set == "all" {
                RuleSet::builtin()
            } else {
                RuleSet::builtin().select(set).unwrap()
            };
            let s = Engine::new(rules)
                .saturate(&t)
                .unwrap_or_else(|e| panic!("{src} ({set}): {e}"));
            assert!(s.canonical, "{src} ({set}) -> {}", show(&s.result));
            assert_eq!(k.eval(&s.result).unwrap(), want, "{src} ({set})");
        }
    }
}

/// The number of cases: `PROPTEST_CASES` if set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// `PROPTEST_RNG_SEED` when set (proptest reads it), else a fixed seed.
fn seed() -> proptest::test_runner::RngSeed {
    match std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(n) => proptest::test_runner::RngSeed::Fixed(n),
        None => proptest::test_runner::RngSeed::Fixed(0x6f6e_6167),
    }
}

/// Random small game terms: explicit games over a few leaves, sums and negations.
fn arb_term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        (-3i64..4).prop_map(Term::integer),
        (0u64..4).prop_map(|n| Term::nimber(n.into())),
        Just(parse("1/2").unwrap()),
        Just(parse("^").unwrap()),
        Just(parse("v*").unwrap()),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.prop_map(Term::neg),
        ]
    })
}

proptest! {
    // Thousands of terms by default; PROPTEST_CASES raises it for a longer hunt.
    // A fixed sample unless PROPTEST_RNG_SEED asks for another: CI must not pass or fail by
    // the draw (a hunt for new inputs sets the seed and raises PROPTEST_CASES).
    #![proptest_config(ProptestConfig {
        cases: cases(3000),
        rng_seed: seed(),
        ..ProptestConfig::default()
    })]

    #[test]
    fn engine_agrees_with_kernel_all_rules(t in arb_term()) {
        let s = Engine::new(RuleSet::builtin())
            .saturate(&t)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", show(&t))))?;
        prop_assert!(s.canonical, "{} -> {} ({:?})", show(&t), show(&s.result), s.stuck);
        let mut k = Kernel::new();
        prop_assert_eq!(k.eval(&s.result).unwrap(), k.eval(&t).unwrap());
    }

    #[test]
    fn engine_agrees_with_kernel_fundamental_rules(t in arb_term()) {
        let rules = RuleSet::builtin().select("fundamental").unwrap();
        let limits = Limits { time: std::time::Duration::from_secs(20), ..Limits::default() };
        let s = Engine::new(rules)
            .with_limits(limits)
            .saturate(&t)
            .map_err(|e| TestCaseError::fail(format!("{}: {e}", show(&t))))?;
        prop_assert!(s.canonical, "{} -> {} ({:?})", show(&t), show(&s.result), s.stuck);
        let mut k = Kernel::new();
        prop_assert_eq!(k.eval(&s.result).unwrap(), k.eval(&t).unwrap());
    }
}

/// Found by the fundamental-rules proptest: this run grew for minutes among its own merged
/// classes (-1 + *2 + ^, {-1, -1 + *|…} + ^, …) and ended at the time limit. A run still going
/// after its round budget now hands the simplest term it reached to a fresh run.
#[test]
fn a_run_lost_in_its_merges_is_continued_afresh() {
    let fundamental = RuleSet::builtin().select("fundamental").unwrap();
    let src = "-1 + {|*2} + ^";
    let s = simplify_with(&fundamental, src);
    assert!(s.canonical, "{src} stops at {}", show(&s.result));
    assert!(!s.earlier.is_empty(), "{src} finished in one run");
    let mut k = Kernel::new();
    assert_eq!(
        k.eval(&s.result).unwrap(),
        k.eval(&parse(src).unwrap()).unwrap()
    );
    assert!(onag::is_canonical(&mut k, &s.result).is_ok());
    // The runs chain into one checked proof.
    let mut s = s;
    let p = onag::proof_of_simplification(&mut s, &fundamental).unwrap();
    assert!(p.checked());
}

/// Found by a random draw of the fundamental-rules proptest (2026-11-23): under the
/// fundamental rules alone the engine's saturation run on this sum is still going at a 20 s
/// limit, while the proof by lemmas (`onag simplify --rules fundamental`) finishes it at once.
/// A known gap (docs/GUARANTEES.md); run with `--ignored` to see it.
#[test]
#[ignore = "known gap: the fundamental-rules saturation run does not finish this sum"]
fn fundamental_saturation_of_a_sum_with_down_star() {
    let fundamental = RuleSet::builtin().select("fundamental").unwrap();
    let src = "1/2 + {v*,*2|} + (3 + v*)";
    let limits = Limits {
        time: std::time::Duration::from_secs(20),
        ..Limits::default()
    };
    let s = Engine::new(fundamental)
        .with_limits(limits)
        .saturate(&parse(src).unwrap())
        .unwrap();
    assert!(s.canonical, "{src} stops at {}", show(&s.result));
}
