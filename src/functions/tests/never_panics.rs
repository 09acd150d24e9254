//! Every function of the registry, called with arguments of random kinds (games, numbers,
//! nimbers, transfinite values, huge numbers, strings, nothing), answers with a value or an
//! error, never a panic (issue 28: `cut({0|1/4}, "right")` indexed an empty list). Each call
//! runs under a short deadline so that a heavy argument ends as a limit error, which is fine.

use crate::functions::{world, REGISTRY};
use crate::kernel::{Budget, Kernel};
use crate::syntax::parse;
use crate::term::{Arg, Term};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Game arguments of every kind the functions read: short games, numbers, nimbers, huge
/// numbers and nimbers, transfinite values, sums of them, and calls.
const GAMES: &[&str] = &[
    "0",
    "{|}",
    "1",
    "-1",
    "1/4",
    "-3/8",
    "*",
    "*2",
    "*7",
    "^",
    "v*",
    "{0|1/4}",
    "{1|-1}",
    "{2|-2}+{1|-1}",
    "+-1",
    "{0,*}",
    "{0||0|-1}",
    "Tiny(1)",
    "hs\"LRE\"",
    "123456789012345678901234567890",
    "2^100",
    "*(2^70)",
    "*(2^64 - 1)",
    "w",
    "-w",
    "w^2 + 1",
    "1/w",
    "*w",
    "*(w^2)",
    "epsilon",
    "1/3",
    "2/3",
    "sqrt(2)",
    "cool({2|-2}, 1)",
    "nim(5)",
];

/// String arguments: flags, boards, positions, heaps, and junk.
const TEXTS: &[&str] = &[
    "",
    "left",
    "right",
    "both",
    "Left",
    "x",
    "..",
    "..|..",
    "#.|..",
    "xo.",
    "T.F",
    "t.",
    "0.07",
    "4.07",
    "1,2,3",
    "3",
    "-1",
    "99999999999999999999",
    "_ L a",
    "a L _, _ R a",
    "\u{0}",
    "\r",
    "∗",
    "{0|1}",
];

#[derive(Clone, Debug)]
enum A {
    Game(usize),
    Text(usize),
}

fn arg() -> impl Strategy<Value = A> {
    prop_oneof![
        (0..GAMES.len()).prop_map(A::Game),
        (0..TEXTS.len()).prop_map(A::Text),
    ]
}

fn args(xs: &[A]) -> Vec<Arg> {
    xs.iter()
        .map(|a| match a {
            A::Game(i) => Arg::Game(parse(GAMES[*i]).unwrap_or_else(|e| panic!("{}", e.render()))),
            A::Text(i) => Arg::Text(TEXTS[*i].to_string()),
        })
        .collect()
}

/// A kernel that gives up after a short while.
fn kernel() -> Kernel {
    let mut k = Kernel::new();
    k.set_budget(Budget {
        deadline: Some(Instant::now() + Duration::from_millis(300)),
        max_games: 1 << 18,
        ..Budget::default()
    });
    k
}

/// Calls every face of function `f` with these arguments; a panic is the failure.
fn call_all(f: usize, xs: &[A]) -> Result<(), String> {
    let func = REGISTRY[f];
    let args = args(xs);
    let call = Term::Call {
        name: func.name().to_string(),
        args: args.clone(),
    };
    let r = catch_unwind(AssertUnwindSafe(|| {
        let _ = func.value(&args, &mut kernel());
        let _ = world::eval(&mut kernel(), &call);
        if let Ok(Some(o)) = func.open(&args, &mut kernel()) {
            let _ = func.check_open(&args, &o.term);
        }
        let _ = func.check_open(&args, &Term::zero());
    }));
    r.map_err(|e| {
        let msg = e
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        format!("{}({xs:?}) panicked: {msg}", func.name())
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn no_function_panics_on_any_arguments(
        f in 0..REGISTRY.len(),
        xs in prop::collection::vec(arg(), 0..4),
    ) {
        let r = call_all(f, &xs);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// Every function with no arguments, one, and two of each kind: a deterministic sweep, so
/// every function meets every kind whatever the random draw.
#[test]
fn every_function_meets_every_kind_of_argument() {
    let mut failures = Vec::new();
    let kinds: Vec<A> = (0..GAMES.len())
        .map(A::Game)
        .chain((0..TEXTS.len()).map(A::Text))
        .collect();
    for f in 0..REGISTRY.len() {
        let mut lists: Vec<Vec<A>> = vec![vec![]];
        lists.extend(kinds.iter().map(|a| vec![a.clone()]));
        // A game first and a string second (a board, a flag, a temperature) and the reverse.
        for a in &kinds {
            lists.push(vec![A::Game(11), a.clone()]);
            lists.push(vec![a.clone(), A::Text(1)]);
        }
        for xs in lists {
            if let Err(e) = call_all(f, &xs) {
                failures.push(e);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The calls issue 28 names: errors, not panics, and not values.
#[test]
fn cut_refuses_what_it_does_not_define() {
    for src in [
        r#"cut({0|1/4}, "right")"#,
        r#"cut({|}, "both")"#,
        r#"cut({0,1,2|}, "sideways")"#,
        r#"cut({0,1|}, "left")"#,
    ] {
        let t = parse(src).unwrap();
        let mut k = kernel();
        let r = catch_unwind(AssertUnwindSafe(|| world::eval(&mut k, &t)));
        match r {
            Ok(Err(_)) => {}
            Ok(Ok(v)) => panic!("{src} = {}", v.display(&mut k, true)),
            Err(_) => panic!("{src} panicked"),
        }
    }
    // What the parser writes still works: {0,1,2,…|} = ω.
    let t = parse("{0,1,2,...|}").unwrap();
    let mut k = kernel();
    let v = world::eval(&mut k, &t).unwrap();
    assert_eq!(v.display(&mut k, true), "w");
}
