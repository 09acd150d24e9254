//! Hostile inputs (issue 6, part 4): each gives a clear error or a result, never a panic, a
//! stack overflow or unbounded work. Every case states what it expects; the ones that expose a
//! defect outside the input layers are kept as `#[ignore]`d tests naming the defect, so that the
//! fix can un-ignore them.
//!
//! The engine runs with a short time limit here (the default is 60 s) so that a case which ends
//! at a limit costs CI two seconds, and the message is checked to say which limit and what was
//! reached.

use num_bigint::BigUint;
use onag::{parse, print, MAX_NESTING};
use onag::{proof_of_simplification, Proof, ProofError};
use onag::{Engine, EngineError, Limits};
use onag::{Kernel, KernelError};
use onag::{Nimber, Term};
use onag::{RuleSet, MAX_RULE_NESTING};
use std::time::{Duration, Instant};

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

fn engine(time_secs: u64) -> Engine {
    Engine::new(RuleSet::builtin()).with_limits(Limits {
        time: Duration::from_secs(time_secs),
        ..Limits::default()
    })
}

/// Parses, expecting an error whose message contains `needle`, at the given column of line 1.
fn parse_error(src: &str, column: usize, needle: &str) {
    let onag::Error::Parse(e) = parse(src).expect_err("a parse error") else {
        panic!("{src:?}: not a parse error")
    };
    assert_eq!((e.line, e.column), (1, column), "{e}");
    assert!(e.message.contains(needle), "wanted `{needle}` in {e}");
    // The rendering shows a window around the culprit, not the whole megabyte line.
    assert!(e.render().len() < 1_000, "{}", e.render().len());
}

// ---------------------------------------------------------------------------------------------
// The parser.

/// A million of each nesting construct is refused at level MAX_NESTING + 1, where the error
/// points; none of them overflows the stack.
#[test]
fn a_million_levels_of_nesting_are_refused() {
    let m = 1_000_000;
    let limit = "nested too deeply";
    parse_error(&"{".repeat(m), MAX_NESTING + 1, limit);
    parse_error(
        &format!("{}0{}", "(".repeat(m), ")".repeat(m)),
        MAX_NESTING + 1,
        limit,
    );
    parse_error(&format!("{}0", "-".repeat(m)), MAX_NESTING + 1, limit);
    parse_error(&format!("{}0", "+".repeat(m)), MAX_NESTING + 1, limit);
    parse_error(&format!("{}0", "+-".repeat(m)), 2 * MAX_NESTING + 1, limit);
    // A sum of a million terms nests too (the term is a left-leaning tree).
    parse_error(&vec!["1"; m].join("+"), 2 * MAX_NESTING + 2, limit);
    parse_error(
        &format!("{}0", "Tiny(".repeat(m)),
        5 * (MAX_NESTING + 1),
        limit,
    );
    // Closing braces with nothing open, and a million bars.
    parse_error(&"}".repeat(m), 1, "expected a game");
    // A million bars are one separator: {0|…|0} is {0|0}.
    let t = parse(&format!("{{0{}0}}", "|".repeat(m))).unwrap();
    assert_eq!(t, Term::game(vec![Term::zero()], vec![Term::zero()]));
}

/// The deepest legal term goes through the parser, the kernel, the engine and the proof checker
/// on a test thread's ordinary stack.
#[test]
fn the_deepest_legal_term_is_handled_everywhere() {
    // Each brace costs about two levels (the braces and the game they build).
    let nest = |n: usize| format!("{}0{}", "{".repeat(n), "|}".repeat(n));
    let depth = (1..=MAX_NESTING)
        .rev()
        .find(|&n| parse(&nest(n)).is_ok())
        .unwrap();
    assert!(depth >= MAX_NESTING / 2 - 1, "{depth}");
    let t = parse(&nest(depth)).unwrap();
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    // {{…{0|}…|}|} with n braces is the integer n.
    assert_eq!(k.as_number(v), Some(onag::Dyadic::from(depth as i64)));
    let rules = RuleSet::builtin();
    let mut s = engine(20).saturate(&t).unwrap();
    assert!(s.canonical);
    assert_eq!(show(&s.result), depth.to_string());
    let p = proof_of_simplification(&mut s, &rules).unwrap();
    assert!(p.checked());
    let back = onag::check(&p.to_json(), &rules).unwrap();
    assert_eq!(back.result, s.result);
}

/// A million options: equal ones collapse (options are sets), both in the kernel and the engine.
#[test]
fn a_million_equal_options() {
    let src = format!("{{{}|}}", vec!["0"; 1_000_000].join(","));
    let t = parse(&src).unwrap();
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    assert_eq!(k.as_number(v), Some(onag::Dyadic::from(1)));
    let s = engine(30).saturate(&t).unwrap();
    assert!(s.canonical);
    assert_eq!(show(&s.result), "1");
}

/// A million different options: the kernel answers; the engine answers or stops at its time
/// limit with a small overshoot. It ran for minutes past a 2 s limit: the class analysis looked
/// up each child's value by a linear search (quadratic in the options), the time limit was not
/// checked while the input was added, and the limit error ran egg's extraction over the whole
/// e-graph. Adding a million options alone takes longer than 2 s on CI, so the time limit is
/// what this case reaches.
#[test]
fn a_million_different_options() {
    let src = format!(
        "{{{}|}}",
        (0..1_000_000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let t = parse(&src).unwrap();
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    assert_eq!(k.as_number(v), Some(onag::Dyadic::from(1_000_000)));
    let start = Instant::now();
    match engine(2).saturate(&t) {
        Ok(s) => assert_eq!(show(&s.result), "1000000"),
        Err(EngineError::Limit { which, reached }) => {
            assert!(which.contains("time"), "{which}");
            assert!(reached.starts_with(onag::TOO_LARGE), "{reached:.100}");
        }
        Err(e) => panic!("{e}"),
    }
    // At most twice the limit.
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
}

/// Integers of a million digits are read exactly and stay closed forms; a fraction over a power
/// of two and a non-dyadic fraction of that size are decided without a gcd.
#[test]
fn integers_with_a_million_digits() {
    let digits = "7".repeat(1_000_000);
    let start = Instant::now();
    let t = parse(&digits).unwrap();
    let Term::Nus { number, .. } = &t else {
        panic!("not a number leaf")
    };
    assert_eq!(number.numerator().to_str_radix(16), {
        // An independent route to the same integer: 7·(10^n − 1)/9.
        let ten = BigUint::from(10u32).pow(1_000_000u32);
        ((ten - 1u32) / 9u32 * 7u32).to_str_radix(16)
    });
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    assert_eq!(k.as_number(v).as_ref(), Some(number));
    let s = engine(20).saturate(&t).unwrap();
    assert!(s.canonical);
    assert_eq!(&s.result, &t);
    // Over 2^20: the same numerator, exponent 20.
    let half = parse(&format!("{digits}/1048576")).unwrap();
    assert_eq!(half.as_number().unwrap().denominator_exp(), 20);
    // Over 3: not dyadic (7…7 is not a multiple of 3 when the digit sum 7·10^6 is not).
    parse_error(&format!("{digits}/3"), 1, "not a dyadic rational");
    // Over 14 = 2·7: 7…7/7 = 1…1, so it is 1…1/2.
    let q = parse(&format!("{digits}/14")).unwrap();
    let q = q.as_number().unwrap();
    assert_eq!(q.denominator_exp(), 1);
    let ones = (BigUint::from(10u32).pow(1_000_000u32) - 1u32) / 9u32;
    assert_eq!(q.numerator().magnitude(), &ones);
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

/// `*n` for huge n: nimber sums are exact (XOR), canonical leaves stay leaves, and asking for the
/// 10^1000 options of such a nimber is an error that says so.
#[test]
fn nimbers_of_huge_numbers() {
    let a = "9".repeat(100_000);
    let b = "8".repeat(100_000);
    let t = parse(&format!("*{a} + *{b}")).unwrap();
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    let want = a.parse::<BigUint>().unwrap() ^ b.parse::<BigUint>().unwrap();
    assert_eq!(k.as_nimber(v), Some(Nimber::new(want)));
    let s = engine(20).saturate(&t).unwrap();
    assert!(s.canonical);
    assert_eq!(k.eval(&s.result).unwrap(), v);
    // {0 | *n}: the kernel must look at *n's options to decide the value.
    let t = parse(&format!("{{0|*{}}}", "9".repeat(1000))).unwrap();
    assert!(matches!(
        k.eval(&t),
        Err(KernelError::TooManyOptions { .. })
    ));
    // The engine returns a result flagged as not canonical, with the reason.
    let s = engine(5).saturate(&t).unwrap();
    assert!(!s.canonical);
    assert!(s.stuck.is_some());
    // And a million-digit nimber is still one leaf.
    let t = parse(&format!("*{}", "9".repeat(1_000_000))).unwrap();
    assert!(engine(20).saturate(&t).unwrap().canonical);
}

/// `^n` for huge n stays closed; copies beyond the engine's limit are refused with the limit
/// named; a sum the kernel cannot expand is an error, and the engine stops at its time limit.
#[test]
fn up_multiples_of_a_million() {
    let mut k = Kernel::new();
    for src in ["^1000000", "v1000000*7", "1000000.^", "1000000*^"] {
        let t = parse(src).unwrap();
        let v = k.eval(&t).unwrap();
        let (x, u, n) = k.as_nus(v).unwrap();
        assert!(x.is_zero());
        assert_eq!(u.magnitude(), &BigUint::from(1_000_000u32), "{src}");
        assert!(n.is_zero() || n == Nimber::from(7), "{src}");
    }
    let s = engine(5).saturate(&parse("^1000000").unwrap()).unwrap();
    assert!(s.canonical);
    match engine(5).saturate(&parse("1000000.^").unwrap()) {
        Err(EngineError::Unsupported(m)) => assert!(m.contains("at most 64"), "{m}"),
        other => panic!("{:?}", other.map(|s| show(&s.result))),
    }
    let big = parse(&format!("^{}", "9".repeat(1_000_000))).unwrap();
    assert!(engine(20).saturate(&big).unwrap().canonical);
    // ^1000000 + {1|0}: the kernel would have to expand a million ups against a general game.
    let t = parse("^1000000 + {1|0}").unwrap();
    assert!(matches!(k.eval(&t), Err(KernelError::TooLarge { .. })));
    match engine(2).saturate(&t) {
        Err(EngineError::Limit { which, reached }) => {
            assert!(which.contains("time"), "{which}");
            assert!(reached.contains("^1000000"), "{reached}");
        }
        other => panic!("{:?}", other.map(|s| show(&s.result))),
    }
}

/// `{^1000000 |}` is 1 (the kernel knows at once). The definitions open `^n` one level per
/// step (^n = ^ + ^(n-1)), which ran into the time limit; the `canonical-open` shortcuts open
/// `^1000000` straight to `{0 | ^999999*}`, whose Right option reverses through `{0 | ^999998}`
/// to leave `{0 |}` = 1 in a handful of steps.
#[test]
fn an_option_of_a_million_ups() {
    let t = parse("{^1000000|}").unwrap();
    let mut k = Kernel::new();
    let v = k.eval(&t).unwrap();
    assert_eq!(k.as_number(v), Some(onag::Dyadic::from(1)));
    let start = Instant::now();
    let s = engine(5).saturate(&t).unwrap();
    let took = start.elapsed();
    assert!(s.canonical);
    assert_eq!(k.eval(&s.result).unwrap(), v);
    assert_eq!(show(&s.result), "1");
    // A few openings and reversals, not a million.
    assert!(s.steps().count() <= 20, "{} steps", s.steps().count());
    assert!(took < Duration::from_secs(1), "{took:?}");
    // Under the fundamental rules alone the definitions still open one level at a time.
    let fundamental = RuleSet::builtin().select("fundamental").unwrap();
    assert!(fundamental.get("up-multiple-open-canonical").is_none());
    assert!(fundamental.get("up-multiple-open").is_some());
}

/// Σ of forty switches: the canonical form is huge; under a 2 s limit the engine stops and
/// says which limit and where it was. The e-node limit likewise.
#[test]
fn sums_of_many_switches_hit_a_limit() {
    let src = (1..=40)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+");
    let t = parse(&src).unwrap();
    let start = Instant::now();
    match engine(2).saturate(&t) {
        Err(EngineError::Limit { which, reached }) => {
            assert!(which.contains("time"), "{which}");
            assert!(!reached.is_empty());
            // Either the form reached, which parses back, or its size when it is too large to
            // print (the sum's expansion written out is millions of nodes).
            assert!(
                reached.starts_with(onag::TOO_LARGE) || parse(&reached).is_ok(),
                "{reached:.200}"
            );
        }
        Ok(s) => panic!("finished: {}", show(&s.result)),
        Err(e) => panic!("{e}"),
    }
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let small = Engine::new(RuleSet::builtin()).with_limits(Limits {
        max_nodes: 200,
        ..Limits::default()
    });
    match small.saturate(&t) {
        Err(EngineError::Limit { which, .. }) => assert!(which.contains("200 e-nodes"), "{which}"),
        other => panic!("{:?}", other.map(|s| show(&s.result))),
    }
}

/// Σ of twelve hot games `{n||0|-n}`: the engine stops at its time limit with a clear error.
#[test]
fn sums_of_hot_games_stop_at_the_limit() {
    let t = parse(&hot_sum()).unwrap();
    let start = Instant::now();
    let r = engine(2).saturate(&t);
    assert!(
        matches!(&r, Err(EngineError::Limit { which, .. }) if which.contains("time")),
        "{:?}",
        r.map(|s| show(&s.result))
    );
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
}

fn hot_sum() -> String {
    (1..=12)
        .map(|i| format!("{{{i}||0|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// The same sum straight to the kernel (what `onag eval` does). Since the kernel's sums and
/// comparisons were made fast it answers within seconds under its default budget; the test
/// gives it 20 s on a watchdog thread.
#[test]
fn the_kernel_answers_hot_sums_or_refuses_quickly() {
    let t = parse(&hot_sum()).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut k = Kernel::new();
        let _ = tx.send(k.eval(&t).is_ok());
    });
    assert!(
        rx.recv_timeout(Duration::from_secs(20)).is_ok(),
        "no answer in 20 s"
    );
}

fn hot_games(n: usize) -> Term {
    parse(
        &(1..=n)
            .map(|i| format!("{{{i}||0|-{i}}}"))
            .collect::<Vec<_>>()
            .join("+"),
    )
    .unwrap()
}

/// The kernel's own budget: a cap on the games interned, on work, a deadline and a cancel flag.
/// Each stops a sum of hot games quickly with `KernelError::Limit` naming the limit, and the
/// kernel stays usable: with the budget lifted it gives the same value as a fresh kernel.
#[test]
fn the_kernel_stops_at_its_budget() {
    use onag::Budget;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    let big = hot_games(16);
    let cases: Vec<(Budget, &str)> = vec![
        (
            Budget {
                max_games: 2_000,
                ..Budget::default()
            },
            "2000 games interned",
        ),
        (
            Budget {
                max_work: 5_000,
                ..Budget::default()
            },
            "5000 units of work",
        ),
        (
            Budget {
                deadline: Some(Instant::now() + Duration::from_millis(50)),
                ..Budget::default()
            },
            "deadline",
        ),
        (
            Budget {
                cancel: Some(Arc::new(AtomicBool::new(true))),
                ..Budget::default()
            },
            "cancelled",
        ),
    ];
    for (budget, needle) in cases {
        let mut k = Kernel::new();
        k.set_budget(budget);
        let start = Instant::now();
        match k.eval(&big) {
            Err(KernelError::Limit { which }) => {
                assert!(which.contains(needle), "{which}");
                assert_eq!(k.limit_reached(), Some(which.as_str()));
            }
            other => panic!("{needle}: {other:?}"),
        }
        assert!(
            start.elapsed() < Duration::from_secs(1),
            "{needle}: {:?}",
            start.elapsed()
        );
        // Still usable, and right, once the budget is lifted.
        k.set_budget(Budget::default());
        let small = hot_games(4);
        let v = k.eval(&small).unwrap();
        let mut fresh = Kernel::new();
        let w = fresh.eval(&small).unwrap();
        assert_eq!(k.to_term(v), fresh.to_term(w));
    }
}

/// The engine hands its deadline to its kernel: a class value the kernel would take long to
/// work out (Σ of sixteen hot games, in the analysis of the input's classes) no longer carries
/// the run past its time limit.
#[test]
fn the_engine_passes_its_deadline_to_the_kernel() {
    let t = hot_games(16);
    let start = Instant::now();
    let r = Engine::new(RuleSet::builtin())
        .with_limits(Limits {
            time: Duration::from_secs(1),
            ..Limits::default()
        })
        .saturate(&t);
    match r {
        Err(EngineError::Limit { which, reached }) => {
            assert!(which.contains("time"), "{which}");
            assert!(!reached.is_empty());
        }
        other => panic!("{:?}", other.map(|s| show(&s.result))),
    }
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
}

/// The memory limit: an estimate of what the e-graph and its kernel hold, checked each round,
/// within rounds and while the input is added. A small cap stops a growing sum of switches and
/// a wide input quickly, with the limit and what was reached in the error.
#[test]
fn the_memory_limit_stops_a_run() {
    let switches = parse(
        &(1..=40)
            .map(|i| format!("{{{i}|-{i}}}"))
            .collect::<Vec<_>>()
            .join("+"),
    )
    .unwrap();
    let wide = parse(&format!(
        "{{{}|}}",
        (0..200_000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    ))
    .unwrap();
    for (t, cap) in [(&switches, 8usize << 20), (&wide, 16 << 20)] {
        let start = Instant::now();
        let r = Engine::new(RuleSet::builtin())
            .with_limits(Limits {
                max_memory: cap,
                ..Limits::default()
            })
            .saturate(t);
        match r {
            Err(EngineError::Limit { which, reached }) => {
                assert!(which.contains("MiB of memory"), "{which}");
                assert!(which.contains(&format!("{}.0 MiB", cap >> 20)), "{which}");
                assert!(
                    reached.starts_with(onag::TOO_LARGE) || parse(&reached).is_ok(),
                    "{reached:.200}"
                );
            }
            other => panic!("{:?}", other.map(|s| show(&s.result))),
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{:?}",
            start.elapsed()
        );
    }
    // The default leaves room for everything else here: the day-3 games and this wide input
    // are far below it.
    assert!(Limits::default().max_memory >= 1 << 30);
}

/// Hackenstring rows of a million pebbles: coloured rows are numbers by sign expansion; neutral
/// pebbles beyond the kernel's bound are an error that says so.
#[test]
fn a_million_pebbles() {
    let mut k = Kernel::new();
    let t = parse(&format!("hs\"{}\"", "L".repeat(1_000_000))).unwrap();
    let v = k.eval(&t).unwrap();
    assert_eq!(k.as_number(v), Some(onag::Dyadic::from(1_000_000)));
    let t = parse(&format!("hs\"{}\"", "E".repeat(1_000_000))).unwrap();
    assert!(matches!(k.eval(&t), Err(KernelError::TooLarge { .. })));
}

// ---------------------------------------------------------------------------------------------
// Rule files.

/// Malformed rule files: each error names the file, the line and the column, and a file nested a
/// million deep is refused instead of overflowing the stack.
#[test]
fn malformed_rule_files_say_file_line_and_column() {
    let head = "rule x\n  says \"s\"\n  cite \"c\"\n";
    let deep_match = format!("{head}  match {}\n", "{".repeat(1_000_000));
    let deep_yield = format!(
        "{head}  match {{ a | }}\n  yield {}a\n",
        "-".repeat(1_000_000)
    );
    let long_chain = format!(
        "{head}  match {{ a | }}\n  yield {}\n",
        vec!["a"; 1_000_000].join(" + ")
    );
    let deep_value = format!(
        "{head}  match {{ num(x) | }}\n  yield num({}x{})\n",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let cases: Vec<(String, usize, usize, &str)> = vec![
        (deep_match, 4, 9 + MAX_RULE_NESTING, "nested too deeply"),
        (deep_yield, 5, 9 + MAX_RULE_NESTING, "nested too deeply"),
        (long_chain, 5, 0, "nested too deeply"),
        (deep_value, 5, 0, "nested too deeply"),
        (
            format!("{head}  match {{ a | }}\n  yield {{ a |"),
            5,
            0,
            "expected",
        ),
        (
            format!("{head}  match {{ a | }}\n  when a <= \n"),
            6,
            0,
            "expected",
        ),
        ("rule\n".into(), 2, 0, "expected"),
        ("rule x says".into(), 1, 0, "expected"),
        (
            format!("{head}  priority 99999999999999999999999\n"),
            4,
            0,
            "",
        ),
        (format!("{head}  match {{ num(1/3) | }}\n"), 4, 0, ""),
        (
            format!("{head}  match {{ a | }}\n  yield nus(1,2)\n"),
            5,
            0,
            "",
        ),
        ("\u{0}\u{1}\u{2}".into(), 1, 1, "unexpected character"),
        ("rule x\n  says \"s\u{202e}\"\n  ∀".into(), 3, 3, ""),
    ];
    for (src, line, column, needle) in cases {
        let mut set = RuleSet::empty();
        let err = set.add_text("hostile.rules", &src).unwrap_err();
        let shown: String = src.chars().take(80).collect();
        assert_eq!(err.file, "hostile.rules");
        assert_eq!(err.line, line, "{shown:?}: {err}");
        if column > 0 {
            assert_eq!(err.column, column, "{shown:?}: {err}");
        }
        assert!(err.column >= 1);
        assert!(
            err.message.contains(needle),
            "{shown:?}: wanted `{needle}` in {err}"
        );
        assert!(err.to_string().contains("hostile.rules:"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// Proof JSON.

fn a_proof() -> (Proof, RuleSet) {
    let rules = RuleSet::builtin();
    let mut s = Engine::new(rules.clone())
        .saturate(&parse("{0,1|2}").unwrap())
        .unwrap();
    (proof_of_simplification(&mut s, &rules).unwrap(), rules)
}

/// What the reader refuses in `text`, or (`check: …`) what the checker rejects in it.
fn json_error(text: &str, rules: &RuleSet) -> String {
    match Proof::from_json(text).map(|mut p| p.verify(rules).map(|()| p)) {
        Err(ProofError::Json(m)) => m,
        Ok(Err(c)) => format!("check: {c}"),
        Err(e) => panic!("unexpected error kind: {e}"),
        Ok(Ok(p)) => panic!("accepted: {} = {}", show(&p.input), show(&p.result)),
    }
}

/// Hostile proof JSON: deep nesting, huge documents, terms nested past the parser's limit,
/// million-digit values, wrong types, and a proof that lies about being checked. Every one is
/// an error of the right kind, quickly.
#[test]
fn hostile_proof_json() {
    let (p, rules) = a_proof();
    let good = p.to_json();
    assert!(onag::check(&good, &rules).is_ok());
    let start = Instant::now();
    // Nesting: refused by type at the first bracket, or by serde_json's 128-level limit.
    let deep = format!("{}{}", "[".repeat(1_000_000), "]".repeat(1_000_000));
    json_error(&deep, &rules);
    let deep_obj = format!("{}1{}", "{\"a\":".repeat(100_000), "}".repeat(100_000));
    json_error(&deep_obj, &rules);
    // A term nested a million deep inside a well-formed proof.
    let hostile_term = good.replacen(
        "\"input\": \"{0,1|2}\"",
        &format!("\"input\": \"{}\"", "{".repeat(1_000_000)),
        1,
    );
    assert!(json_error(&hostile_term, &rules).contains("nested too deeply"));
    // A value witness of a million digits over 3.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let steps = v["steps"].as_array().unwrap().len();
    assert!(steps > 0);
    v["steps"][0]["witnesses"]["values"]["n"] =
        serde_json::Value::String(format!("{}/3", "7".repeat(1_000_000)));
    let m = json_error(&v.to_string(), &rules);
    assert!(m.contains("not a number") && m.len() < 500, "{}", m.len());
    // Wrong types and missing fields.
    for bad in [
        "",
        "null",
        "[]",
        "{}",
        "{\"input\": 1, \"result\": \"0\", \"steps\": []}",
        "{\"input\": \"0\", \"result\": \"0\", \"steps\": {}}",
        "{\"input\": \"0\", \"result\": \"0\", \"steps\": [{\"from\": \"0\"}]}",
        "{\"input\": \"0\", \"result\": \"1\", \"steps\": []}",
        "{\"input\": \"0\", \"result\": \"0\", \"steps\": [], \"checked\": \"yes\"}",
    ] {
        json_error(bad, &rules);
    }
    // A path element that points nowhere, and one that is not a path element.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["steps"][0]["at"] = serde_json::json!(["L99999999999999999999"]);
    json_error(&v.to_string(), &rules);
    v["steps"][0]["at"] = serde_json::json!(["L7"]);
    assert!(json_error(&v.to_string(), &rules).starts_with("check"));
    // Lying about `checked`: a proof of a false claim that says it was checked.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["result"] = serde_json::Value::String("2".into());
    v["checked"] = serde_json::Value::Bool(true);
    assert!(json_error(&v.to_string(), &rules).starts_with("check"));
    // A huge document: the valid proof's steps repeated 50,000 times (the chain breaks at the
    // second copy, which the checker reports without looking further).
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    let one = v["steps"].as_array().unwrap().clone();
    let many: Vec<serde_json::Value> = (0..50_000).flat_map(|_| one.clone()).collect();
    v["steps"] = serde_json::Value::Array(many);
    let text = v.to_string();
    assert!(text.len() > 5_000_000);
    let m = json_error(&text, &rules);
    assert!(m.starts_with("check: step"), "{m}");
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}

/// Found by the fuzzers: `-2*(hs"REE" + ^*4)` (= 2vv; proptest, seed 77) and `{|*999+99}`
/// (= 0; libFuzzer) ran 6 s and 15–20 s under a 2 s limit when limits were checked only
/// between rounds; now the time limit is also checked between the forms of a round and inside
/// the matcher's search, and a term too large to print is described by its size.
///
/// The bound is on the processor time of the thread that runs the engine (the engine runs on
/// the caller's thread), not on the wall clock: under the test harness's parallel tests on a
/// shared two-core machine a run that stopped at its 2 s deadline was measured at 3.7 s of
/// wall time while waiting for a core (CI, 2026-11-29). A limit not checked inside a round
/// shows as processor time, as the fuzzers' 6 s and 15–20 s runs did.
#[test]
fn limits_hold_within_a_round() {
    for src in ["{|*999+99}", "-2*(hs\"REE\" + ^*4)"] {
        let t = parse(src).unwrap();
        let start = thread_cpu_time();
        let wall = Instant::now();
        let r = engine(2).saturate(&t);
        assert!(
            matches!(&r, Ok(s) if s.canonical) || matches!(&r, Err(EngineError::Limit { .. })),
            "{src}: {:?}",
            r.map(|s| show(&s.result))
        );
        let used = thread_cpu_time().saturating_sub(start);
        assert!(
            used < Duration::from_secs(3),
            "{src}: {used:?} of processor time ({:?} wall)",
            wall.elapsed()
        );
    }
}

/// A proof is read out of egg's explanation after the run, and that explanation, written out
/// term by term, can be far larger than the run: `-2*(hs"REE" + ^*4)` spent 98 % of an
/// unbounded run there, where egg has no clock, so a library caller (who has no command line's
/// watch) waited past any limit. Reading it now asks the run's limits as it goes.
#[test]
fn reading_a_proof_out_keeps_the_limit() {
    let src = "-2*(hs\"REE\" + ^*4)";
    let t = parse(src).unwrap();
    let start = thread_cpu_time();
    let wall = Instant::now();
    match onag::simplify(&t, &engine(2)) {
        Ok(s) => {
            assert!(s.proof.checked(), "{src}");
            let mut k = Kernel::new();
            let v = k.eval(&t).unwrap();
            assert_eq!(
                k.eval(&s.proof.expand(s.result(), 1 << 20).unwrap())
                    .unwrap(),
                v
            );
        }
        Err(onag::Error::Limit { which, .. }) => {
            assert!(
                which.contains("time") || which.contains("memory"),
                "{which}"
            )
        }
        Err(e) => panic!("{src}: {e}"),
    }
    let used = thread_cpu_time().saturating_sub(start);
    assert!(
        used < Duration::from_secs(3),
        "{src}: {used:?} of processor time ({:?} wall)",
        wall.elapsed()
    );
}

/// The processor time the calling thread has used.
fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    assert!(ok, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

// ---------------------------------------------------------------------------------------------
// Proofs.

/// The proof of `{^n|}` (= 1) grew exponentially with n when up multiples were opened by
/// their definitions (^n = ^ + ^(n-1), then the sum's definition): 2,029 steps, 6 s and 1.3 GB
/// for n = 6, and `{3/2^6*2|}` exhausted 3 GB. With the `canonical-open` shortcuts each level is
/// one step, so the proof stays within a small multiple of the engine's steps and under
/// `MAX_PROOF_STEPS` (the engine needs 10 or fewer for each of these). Under the fundamental
/// rules alone the definitions still open one level at a time (docs/GUARANTEES.md, known gaps).
#[test]
fn proofs_of_opened_up_multiples_stay_small() {
    const MAX_PROOF_STEPS: usize = 40;
    let rules = RuleSet::builtin();
    let mut k = Kernel::new();
    for src in [
        "{^6|}",
        "{3/2+^6*2|}",
        "v* + *2 + (^ + -1)",
        "{^30*3|}",
        "^4 + {1|0}",
    ] {
        let start = Instant::now();
        let t = parse(src).unwrap();
        let mut s = Engine::new(rules.clone()).saturate(&t).unwrap();
        assert!(s.canonical, "{src}");
        assert_eq!(k.eval(&s.result).unwrap(), k.eval(&t).unwrap(), "{src}");
        let engine_steps = s.steps().count();
        let p = proof_of_simplification(&mut s, &rules).unwrap();
        assert!(p.checked(), "{src}");
        assert_eq!(p.result, s.result, "{src}");
        assert!(
            p.steps.len() <= 4 * engine_steps.max(1) && p.steps.len() <= MAX_PROOF_STEPS,
            "{src}: {} proof steps for {engine_steps} engine steps",
            p.steps.len()
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{src}: {:?}",
            start.elapsed()
        );
    }
}

/// Under the fundamental rules alone an up multiple opens only by its definition
/// (^n = ^ + ^(n-1)), and the flat proof of the run grew exponentially with n: `{^6|}` gave
/// 2,029 steps and `v* + *2 + (^ + -1)` 18,373 on 2026-11-21. Proved by lemmas (each sum of
/// the opened multiples once), the proof grows linearly in n.
#[test]
fn proofs_under_the_fundamental_rules_stay_small() {
    let rules = RuleSet::builtin().select("fundamental").unwrap();
    let engine = Engine::new(rules.clone());
    let mut k = Kernel::new();
    let mut proved = |src: &str| {
        let t = parse(src).unwrap();
        let s = onag::simplify(&t, &engine).unwrap();
        assert!(s.canonical && s.proof.checked(), "{src}");
        s.proof.check(&rules).unwrap();
        assert_eq!(k.eval(s.result()).unwrap(), k.eval(&t).unwrap(), "{src}");
        s.proof.size()
    };
    let (four, eight) = (proved("{^4|}"), proved("{^8|}"));
    // Linear growth: doubling n at most about doubles the proof (exponential growth made
    // {^6|} alone nine times {^4|}).
    assert!(eight < 3 * four, "{{^4|}}: {four} steps, {{^8|}}: {eight}");
    assert!(proved("{^6|}") < 1_000);
    assert!(proved("v* + *2 + (^ + -1)") < 1_000);
    assert!(proved("^+^+*") < 300);
}

/// Found by libFuzzer (`fuzz/`, target `parse`): 500 minus signs before `-0` parse (the last
/// `-0` is a literal), but the term printed as `----…-(0)` needed one level more than the limit,
/// so printing and parsing back failed at the boundary. `(0)` now costs no level.
#[test]
fn the_deepest_negation_prints_and_parses_back() {
    let src = format!("{}0", "- ".repeat(MAX_NESTING + 1));
    let t = parse(&src).unwrap();
    let printed = show(&t);
    assert!(
        printed.ends_with("-(0)"),
        "{}",
        &printed[printed.len() - 10..]
    );
    assert_eq!(parse(&printed).unwrap(), t);
    // One more is refused, as before.
    assert!(parse(&format!("{}0", "- ".repeat(MAX_NESTING + 2))).is_err());
    // A bare number in parentheses is still just that number.
    assert_eq!(parse("(1/2)").unwrap(), parse("1/2").unwrap());
    assert_eq!(parse("-(3)").unwrap(), Term::neg(Term::integer(3)));
}

/// Found by libFuzzer (`fuzz/`, target `parse`; the input is in `tests/corpus/syntax/`): a
/// 2,595-character sum that parses within the nesting limit ended in `+-0**`, which printed as
/// `+-(0.*)`, one level deeper than it parsed, so `parse(print(t))` failed. Copies after `+-`
/// now print bare.
#[test]
fn printing_never_needs_more_nesting_than_parsing() {
    let src = include_str!("corpus/syntax/print-depth-found-by-libfuzzer.txt");
    let t = parse(src).unwrap();
    let printed = show(&t);
    assert_eq!(parse(&printed).map_err(|e| e.to_string()), Ok(t));
    assert_eq!(show(&parse("+-0**").unwrap()), "+-0.*");
    assert_eq!(show(&parse("+-(3*{1|0})").unwrap()), "+-3*{1|0}");
}
