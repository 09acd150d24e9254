//! The sweep of many codes (`onag::misere_quotients`): its answers are the one-by-one
//! answers, in the codes' order, whatever the number of threads; they agree with the
//! reference solver's stored sweep; a code's own limit is that code's row, a shared limit
//! stops the whole sweep with an error.

use super::{reference_sweep, verified_order};
use onag::{
    misere_quotient_of, misere_quotients, Budget, KernelError, MisereHeapGame, MisereQuotient,
    OctalCode,
};
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn games(codes: &[&str]) -> Vec<MisereHeapGame> {
    codes
        .iter()
        .map(|c| MisereHeapGame::Octal(OctalCode::parse(c).unwrap()))
        .collect()
}

/// Two answers are the same: the same quotient, numbered alike, or the same error text.
fn same(a: &Result<MisereQuotient, KernelError>, b: &Result<MisereQuotient, KernelError>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => {
            x.monoid == y.monoid && x.heaps == y.heaps && x.generators == y.generators
        }
        (Err(x), Err(y)) => x.to_string() == y.to_string(),
        _ => false,
    }
}

#[test]
fn the_sweep_of_every_two_digit_code_is_the_one_by_one_answers_for_any_threads() {
    // Every 0.d1d2 to heap 12: each code's quotient alone, checked by the independent
    // verifier (or stopped at a limit), then the sweep with 1, 2 and 3 threads must give
    // exactly those answers in that order.
    let codes: Vec<String> = (1..64).map(|d| format!("0.{}{}", d / 8, d % 8)).collect();
    let refs: Vec<&str> = codes.iter().map(String::as_str).collect();
    let gs = games(&refs);
    let alone: Vec<_> = gs
        .iter()
        .map(|g| misere_quotient_of(g, 12, 4096, &Budget::default()))
        .collect();
    let mut answered = 0;
    for (c, a) in codes.iter().zip(&alone) {
        match a {
            Ok(q) => {
                verified_order(q, &super::octal_moves(c));
                answered += 1;
            }
            Err(e) => assert!(matches!(e, KernelError::Limit { .. }), "{c}: {e}"),
        }
    }
    assert!(answered >= 55, "{answered} codes answered");
    for threads in [1, 2, 3] {
        let swept = misere_quotients(&gs, 12, 4096, &Budget::default(), threads).unwrap();
        assert_eq!(swept.len(), codes.len());
        for ((c, a), s) in codes.iter().zip(&alone).zip(&swept) {
            assert!(same(a, s), "{c} with {threads} threads");
        }
    }
}

#[test]
fn the_sweep_agrees_with_the_reference_solver_for_any_threads() {
    // The codes MisereSolver took to heap 30 in under 0.2 s of CPU (tests/data, not onag's
    // answers): the sweep's order and P-portion size for each, with 1 and 2 threads.
    let reference: Vec<_> = reference_sweep()
        .into_iter()
        .filter(|r| r.done && r.cpu < 0.2)
        .collect();
    assert!(reference.len() >= 50, "{} codes", reference.len());
    let refs: Vec<&str> = reference.iter().map(|r| r.code.as_str()).collect();
    let gs = games(&refs);
    for threads in [1, 2] {
        let swept = misere_quotients(&gs, 30, 4096, &Budget::default(), threads).unwrap();
        for (r, s) in reference.iter().zip(&swept) {
            let q = s
                .as_ref()
                .unwrap_or_else(|e| panic!("{} ({threads} threads): {e}", r.code));
            assert_eq!(q.monoid.order(), r.order, "order of {}", r.code);
            assert_eq!(
                q.monoid.p.iter().filter(|p| **p).count(),
                r.p_portion,
                "P-portion of {}",
                r.code
            );
        }
    }
}

/// The work share below which Dawson's Kayles to heap 25 stops and Kayles to 25 does not.
const SHARE: u64 = 40_000;

#[test]
fn a_code_past_its_share_of_the_work_stops_alone_and_the_sweep_goes_on() {
    // Three codes share 3 × SHARE units of work: each gets SHARE, as if computed alone with
    // that budget. Kayles finishes; Dawson's Kayles (order 144 at heap 25) stops at its limit
    // in its own row; the answers are the same with one thread or two.
    let gs = games(&["0.77", "0.07", "0.04"]);
    let budget = Budget {
        max_work: 3 * SHARE,
        ..Budget::default()
    };
    let own = Budget {
        max_work: SHARE,
        ..Budget::default()
    };
    let alone: Vec<_> = gs
        .iter()
        .map(|g| misere_quotient_of(g, 25, 4096, &own))
        .collect();
    assert!(
        alone[0].is_ok(),
        "Kayles within its share: {:?}",
        alone[0].as_ref().err()
    );
    assert!(
        matches!(&alone[1], Err(KernelError::Limit { which }) if which.contains("too many states")),
        "Dawson's Kayles stops at its share: {:?}",
        alone[1].as_ref().map(|q| q.monoid.order())
    );
    for threads in [1, 2] {
        let swept = misere_quotients(&gs, 25, 4096, &budget, threads).unwrap();
        for (i, (a, s)) in alone.iter().zip(&swept).enumerate() {
            assert!(same(a, s), "code {i} with {threads} threads");
        }
    }
}

#[test]
fn a_shared_limit_stops_the_whole_sweep_with_an_error() {
    let gs = games(&["0.77", "0.07", "0.07", "0.07"]);
    // A deadline already past, and one that passes in the middle of the sweep (each Dawson's
    // Kayles to heap 33 takes seconds).
    for wait in [Duration::ZERO, Duration::from_millis(100)] {
        for threads in [1, 2] {
            let budget = Budget {
                deadline: Some(Instant::now() + wait),
                ..Budget::default()
            };
            let start = Instant::now();
            let e = misere_quotients(&gs, 33, 4096, &budget, threads).unwrap_err();
            assert!(
                matches!(&e, KernelError::Limit { which } if which.contains("deadline")),
                "{e}"
            );
            assert!(start.elapsed() < Duration::from_secs(5), "stopped promptly");
        }
    }
    // The caller's cancel flag.
    let budget = Budget {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Budget::default()
    };
    let e = misere_quotients(&gs, 33, 4096, &budget, 2).unwrap_err();
    assert!(
        matches!(&e, KernelError::Limit { which } if which.contains("cancelled")),
        "{e}"
    );
}

fn eval(threads: &str, expr: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["eval", "--ascii", "--threads", threads, expr])
        .output()
        .expect("run onag");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_function_prints_the_same_table_whatever_the_threads() {
    // One row a code, in the order given: the order and presentation misere_quotient gives
    // for that code alone; past the order bound (Dawson's Kayles has 144 elements at heap
    // 25) the row says it stopped at a limit, and the other rows are still there.
    let expr = r#"misere_quotients("0.77, 0.07 0.15", "0.04", 25, 100)"#;
    let (code, one, err) = eval("1", expr);
    assert_eq!(code, 0, "{err}");
    for threads in ["2", "3"] {
        assert_eq!(eval(threads, expr).1, one, "{threads} threads");
    }
    let rows: Vec<&str> = one.lines().skip(2).filter(|l| !l.is_empty()).collect();
    assert_eq!(rows.len(), 4, "{one}");
    for (row, code) in rows.iter().zip(["0.77", "0.07", "0.15", "0.04"]) {
        let f: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(f[0], code, "{one}");
        if code == "0.07" {
            assert!(
                row.contains("stopped at a limit") && row.contains("order bound 100"),
                "{row}"
            );
            continue;
        }
        let alone = |f: &str| {
            let (c, out, err) = eval("1", &format!(r#"{f}("{code}", 25)"#));
            assert_eq!(c, 0, "{err}");
            out.trim().to_string()
        };
        assert_eq!(f[1], alone("misere_quotient_order"), "{row}");
        assert!(row.ends_with(&alone("misere_quotient")), "{row}");
    }
    // A code that does not read is the call's error, with a nonzero exit.
    let (code, _, err) = eval("2", r#"misere_quotients("0.77 0.7x", 10)"#);
    assert_ne!(code, 0);
    assert!(err.contains("misere_quotients"), "{err}");
}
