//! `backsliding_toads_and_frogs("…")` through the command line: CGSuite's strip alphabet, a
//! value worked out by hand from the rules, and bad input placed with exit status 2,
//! oversized strips exit 3. (The brute-force comparison of every strip of at most six squares
//! is the unit test `functions::tests::backsliding_toads`.)

mod common;

use common::run::{eval, run as onag};

/// `t.f` by hand: every move is forced. Left first: t.f → .tf (the toad steps), Right's only
/// move jumps the frog back over it, ft. , Left's only move is f.t , Right's only move
/// backslides the frog, .ft , and Left has no move. Right first is the mirror image. Every
/// play ends and the second player wins: a stopper in which the second player wins is 0
/// (G ≥ 0 when Left moving second survives; Winning Ways ch. 11, Siegel VI).
#[test]
fn a_forced_strip_is_zero() {
    let g = "backsliding_toads_and_frogs(\"t.f\")";
    assert_eq!(eval(g), "0");
    assert_eq!(eval(&format!("outcome_class({g})")), "P");
    assert_eq!(eval(&format!("onside({g})")), "0");
    assert_eq!(eval(&format!("is_stopper({g})")), "true");
    assert_eq!(eval("backsliding_toads_and_frogs(\"\")"), "0");
}

#[test]
fn bad_strips_exit_2_with_the_place_marked() {
    let (code, _, err) = onag(&["eval", "backsliding_toads_and_frogs(\"t.F\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("write 'f'"), "{err}");
    assert!(err.contains("line 1, column 3"), "{err}");
    assert!(err.contains("  t.F\n    ^"), "{err}");
    let (code, _, err) = onag(&["eval", "backsliding_toads_and_frogs(\"t f\")"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("space"), "{err}");
    let (code, _, err) = onag(&["eval", "backsliding_toads_and_frogs(1)"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn oversized_strips_exit_3() {
    let long = format!("backsliding_toads_and_frogs(\"{}\")", ".".repeat(257));
    let (code, _, err) = onag(&["eval", &long]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("256"), "{err}");
}

/// A game whose sides take longer than the time limit (`tttt...ffff`: past 40 s in a release
/// build on 2026-11-29, 20 times the limit; `ttt...fff`, used before, now takes 1.8 s) must end as the command's error with the limit's status when
/// its time runs out, never as a sentence printed in the value's place with status 0.
#[test]
fn a_value_that_cannot_be_written_in_time_is_an_error() {
    let (code, out, err) = onag(&[
        "eval",
        "--time-limit",
        "2",
        r#"backsliding_toads_and_frogs("tttt...ffff")"#,
    ]);
    assert_eq!(code, 3, "stdout: {out} stderr: {err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("deadline"), "{err}");
}
