//! The functions' bench (`benches/functions.rs`) times every function of the expression
//! language: its list of cases covers `onag::function_names()` exactly, and every case
//! evaluates to a value (a case that failed would time an error message).

#[path = "../benches/common/function_cases.rs"]
mod function_cases;

use function_cases::{cases, RULESETS};

#[test]
fn the_bench_covers_every_function_and_only_functions() {
    let names = onag::function_names();
    let cases = cases();
    let missing: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| !cases.iter().any(|(c, _)| c == n))
        .collect();
    assert!(
        missing.is_empty(),
        "functions the bench does not time: {missing:?}"
    );
    let unknown: Vec<&str> = cases
        .iter()
        .map(|(c, _)| *c)
        .filter(|c| !names.contains(c))
        .collect();
    assert!(
        unknown.is_empty(),
        "bench cases for no function: {unknown:?}"
    );
    for (name, exprs) in &cases {
        assert!(!exprs.is_empty(), "{name} has no case");
    }
}

#[test]
fn every_case_evaluates() {
    let mut failed = Vec::new();
    for (name, exprs) in cases() {
        for e in exprs {
            let v = onag::parse(&e)
                .map_err(|e| e.to_string())
                .and_then(|t| onag::evaluate_any(&t).map_err(|e| e.to_string()));
            if let Err(why) = v {
                failed.push(format!("{name}: {e}: {why}"));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "cases that do not evaluate:\n{}",
        failed.join("\n")
    );
}

/// The target is for games of birthday ≤ 5: every ruleset case is a position whose value is
/// born by day 5.
#[test]
fn ruleset_positions_are_born_by_day_5() {
    for (name, exprs) in cases() {
        if !RULESETS.contains(&name) {
            continue;
        }
        for e in exprs {
            let t = onag::parse(&format!("birthday({e})")).unwrap();
            let day: u32 = onag::evaluate_any(&t).unwrap().to_string().parse().unwrap();
            assert!(day <= 5, "{e} is born on day {day}");
        }
    }
}
