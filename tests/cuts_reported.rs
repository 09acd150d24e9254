//! Infinite braces report what they were read as (issue 18 point 4): the progression inferred
//! from the terms before `…` (arithmetic with its step, geometric with its ratio, partial sums
//! of a geometric series), and the simplicity rule's step naming the cut, in text and JSON.
//! The values are seed 000 II.5b's: {0,1,2,…|} = ω, {0|1,1/2,1/4,…} = 1/ω,
//! {0,1,2,…|ω,ω−1,ω−2,…} = ω/2; {0,1/2,3/4,…|1} = 1 − 1/ω (seed 001, 0.999… is not 1 as a
//! game: the rows LRRR… and L(R) differ from 1 by an infinitesimal).

mod common;
use common::run::{onag, stderr, stdout};

fn text(expr: &str) -> String {
    let o = onag(&["eval", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o)
}

fn json(expr: &str) -> serde_json::Value {
    let o = onag(&["eval", "--json", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

#[test]
fn seed_000_ii_5b_omega_reports_an_arithmetic_progression() {
    let out = text("{0,1,2,…|}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "w");
    assert_eq!(
        lines[1],
        "  inferred (left options): arithmetic progression 0, 1, 2, ... (step 1)"
    );
    assert!(
        lines[2].starts_with("  simplicity rule (seed 000 II.5b")
            && lines[2].contains("{0, 1, 2, ... | } = w"),
        "{out}"
    );
    let v = json("{0,1,2,…|}");
    assert_eq!(v["value"], "w");
    let cut = &v["cuts"][0];
    assert_eq!(cut["rule"], "simplicity");
    assert_eq!(cut["cut"], "{0, 1, 2, ... | }");
    assert_eq!(cut["value"], "w");
    assert_eq!(cut["inferred"][0]["side"], "left");
    assert_eq!(cut["inferred"][0]["kind"], "arithmetic");
}

#[test]
fn seed_000_ii_5b_epsilon_reports_a_geometric_progression() {
    let out = text("{0|1,1/2,1/4,…}");
    assert!(out.starts_with("w^-1\n"), "{out}");
    assert!(
        out.contains("inferred (right options): geometric progression 1, 1/2, 1/4, ... (ratio 1/2), converging to 0 from above"),
        "{out}"
    );
    let v = json("{0|1,1/2,1/4,…}");
    assert_eq!(v["cuts"][0]["inferred"][0]["kind"], "geometric");
    assert_eq!(v["cuts"][0]["inferred"][0]["side"], "right");
}

#[test]
fn seed_000_ii_5b_half_omega_reports_both_sides() {
    let v = json("{0,1,2,…|w,w-1,w-2,…}");
    assert_eq!(v["value"], "w*1/2");
    let inf = v["cuts"][0]["inferred"].as_array().unwrap();
    assert_eq!(inf.len(), 2);
    assert_eq!(
        inf[1]["text"],
        "arithmetic progression w, w-1, w-2, ... (step -1)"
    );
}

#[test]
fn partial_sums_and_a_short_game_value_are_reported() {
    let out = text("{0,1/2,3/4,7/8,…|1}");
    assert!(out.starts_with("1-w^-1\n"), "{out}");
    assert!(
        out.contains("partial sums 0, 1/2, 3/4, 7/8, ... of a geometric series (first term 1/2, ratio 1/2), converging to 1 from below"),
        "{out}"
    );
    // the simplest number below 2 above every partial sum is 1, a short game
    let v = json("{0,1/2,3/4,7/8,…|2}");
    assert_eq!(v["canonical"], "1");
    assert_eq!(v["cuts"][0]["value"], "1");
    // a geometric progression growing without bound: ω, like the integers
    let out = text("{1,2,4,…|}");
    assert!(
        out.starts_with("w\n") && out.contains("(ratio 2), unbounded above"),
        "{out}"
    );
}

#[test]
fn a_value_without_infinite_braces_reports_nothing_more() {
    assert_eq!(text("w + 1"), "w+1\n");
    let v = json("1/3");
    assert!(v.get("cuts").is_none(), "{v}");
}
