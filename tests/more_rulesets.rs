//! Toppling Dominoes, Mem and Spawning through the `onag` binary, written as CGSuite writes
//! them: values against CGSuite's own test expectations and against the rules evaluated
//! directly (the game tree written out from the rules, valued by the kernel), bad input
//! placed (exit 2), limits (exit 3), and proofs through them checked by `onag check`.

mod common;

use common::run::{eval, run as onag, star};

/// A strip as a game written out from the rules: every domino of the mover's colour or grey
/// toppled left (it and all to its left fall) or right.
fn toppling_by_the_rules(s: &[char]) -> String {
    let side = |mine: char| -> Vec<String> {
        let mut v = Vec::new();
        for i in 0..s.len() {
            if s[i] == mine || s[i] == 'e' {
                v.push(toppling_by_the_rules(&s[i + 1..]));
                v.push(toppling_by_the_rules(&s[..i]));
            }
        }
        v
    };
    format!("{{{}|{}}}", side('l').join(","), side('r').join(","))
}

#[test]
fn toppling_dominoes_agrees_with_cgsuite() {
    // CGSuite's GameStripTest: "lrrlrrl" is Tiny(1/2) = {0||0|-1/2}, "lere" is {1|0,{0|-1}}.
    for (strip, value) in [("lrrlrrl", "{0||0|-1/2}"), ("lere", "{1|0,{0|-1}}")] {
        assert_eq!(
            eval(&format!("toppling_dominoes(\"{strip}\") - {value}")),
            "0",
            "{strip}"
        );
    }
}

#[test]
fn toppling_dominoes_is_its_rules() {
    // Rows of one colour are integers, a grey domino is *, "lr" is {0,-1|0,1} = *, and empty
    // squares change nothing (a toppling knocks down its whole side).
    for (strip, value) in [
        ("", "0"),
        ("....", "0"),
        ("lll", "3"),
        ("rr", "-2"),
        ("e", "*"),
        ("lr", "*"),
        ("l..r", "*"),
    ] {
        assert_eq!(
            eval(&format!("toppling_dominoes(\"{strip}\")")),
            value,
            "{strip}"
        );
    }
    // Every strip of up to four dominoes from "lr" and some with grey, against the game
    // written out from the rules.
    let mut strips: Vec<String> = Vec::new();
    for len in 1..=4u32 {
        for code in 0..2u32.pow(len) {
            strips.push(
                (0..len)
                    .map(|i| if code >> i & 1 == 1 { 'r' } else { 'l' })
                    .collect(),
            );
        }
    }
    strips.extend(["le", "ere", "lerl", "eele", "rlel", "lrlre"].map(String::from));
    for s in strips {
        let chars: Vec<char> = s.chars().collect();
        let expr = format!(
            "toppling_dominoes(\"{s}\") - {}",
            toppling_by_the_rules(&chars)
        );
        assert_eq!(eval(&expr), "0", "{s}");
    }
}

#[test]
fn mem_agrees_with_cgsuite() {
    // CGSuite's GameHeapTest: [Mem((10, n)).NimValue for n from 0 to 20].
    let row = [
        3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    for (k, g) in row.into_iter().enumerate() {
        assert_eq!(eval(&format!("mem(10, {k})")), star(g), "mem(10, {k})");
    }
    assert_eq!(eval("mem(10)"), eval("mem(10, 0)"));
    // By the rules: mem(1) = mex{mem(0, 1)} = mex{0} = *; mem(1, 1) = * likewise, so
    // mem(2) = mex{mem(1, 1), mem(0, 2)} = mex{1, 0} = *2; mem(2, 2) = mex{mem(0, 2)} = *.
    assert_eq!(eval("mem(1)"), "*");
    assert_eq!(eval("mem(2)"), "*2");
    assert_eq!(eval("mem(2, 2)"), "*");
    assert_eq!(eval("mem(2, 3)"), "0");
}

#[test]
fn spawning_agrees_with_cgsuite() {
    // CGSuite's GameHeapTest, heaps 1 … 20 (the whole lists are checked in the unit tests of
    // rulesets::spawning): Mock Turtles, Ruler, Turnips, Grunt.
    for (code, values) in [
        ("1-3", [1, 2, 4, 7, 8, 11, 13, 14]),
        ("1+C", [1, 2, 1, 4, 1, 2, 1, 8]),
        ("3E", [0, 0, 1, 0, 0, 1, 2, 2]),
        ("4FS", [0, 0, 0, 1, 0, 2, 1, 0]),
    ] {
        for (i, g) in values.into_iter().enumerate() {
            let n = i + 1;
            assert_eq!(
                eval(&format!("spawning(\"{code}\", {n})")),
                star(g),
                "{code} at {n}"
            );
        }
    }
    assert_eq!(eval("spawning(\"1-3\", 0)"), "0");
}

#[test]
fn bad_positions_are_placed_and_limits_are_limits() {
    for (expr, column) in [
        ("toppling_dominoes(\"lrL\")", "column 3"),
        ("toppling_dominoes(\"lxr\")", "column 2"),
        ("spawning(\"1-3X\", 4)", "column 4"),
        ("spawning(\"1,\", 4)", "column 3"),
        ("spawning(\"1-3C(5\", 4)", "column 7"),
    ] {
        let (code, out, err) = onag(&["eval", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(column), "{expr}: {err}");
    }
    let (code, _, err) = onag(&["eval", "mem(-1)"]);
    assert_eq!(code, 2, "{err}");
    for expr in ["mem(100000)", "spawning(\"1+\", 60)"] {
        let (code, out, err) = onag(&["eval", expr]);
        assert_eq!(code, 3, "{expr}: {err}");
        assert!(out.is_empty());
    }
}

#[test]
fn proofs_through_them_check() {
    common::run::proofs_check(
        "more-rulesets",
        &[
            ("toppling_dominoes(\"lere\")", "{1|0,{0|-1}}"),
            ("toppling_dominoes(\"lr\")", "*"),
            ("mem(10, 4)", "*2"),
            ("spawning(\"1-3\", 5)", "*8"),
            ("spawning(\"4FS\", 6)", "*2"),
        ],
    );
}
