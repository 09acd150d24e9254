//! Heap games beyond octal codes through the `onag` binary: `take_and_break` in CGSuite's code
//! language, `grundy` and `wythoff`, their values against published tables, their bad input
//! (exit 2 with the place) and their limits (exit 3), and proofs through them checked by
//! `onag check`.

mod common;

use common::run::{eval, run as onag, star};

/// OEIS A002188, Grundy's game, n = 0..59.
const A002188: [u32; 60] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
];

#[test]
fn grundys_game_by_both_names() {
    for (n, &g) in A002188.iter().enumerate() {
        if n % 7 == 0 || n > 50 {
            assert_eq!(eval(&format!("grundy({n})")), star(g), "grundy({n})");
            assert_eq!(
                eval(&format!("take_and_break(\"4!.0\", {n})")),
                star(g),
                "4!.0 at {n}"
            );
        }
    }
}

#[test]
fn codes_agree_with_octal_and_with_each_other() {
    // Kayles, in both functions (OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6).
    for (n, g) in [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6].into_iter().enumerate() {
        assert_eq!(eval(&format!("take_and_break(\"0.77\", {n})")), star(g));
        assert_eq!(eval(&format!("octal(\"0.77\", {n})")), star(g));
    }
    // A heap of 10^30 in Kayles: read off its proved period 12 from heap 71, like octal's.
    assert_eq!(
        eval("take_and_break(\"0.77\", 10^30)"),
        eval("octal(\"0.77\", 10^30)")
    );
    // Nim written as a code; a sum with a Nim heap.
    assert_eq!(eval("take_and_break(\"0.[3]\", 37)"), "*37");
    assert_eq!(eval("take_and_break(\"0.[3]\", 5) + nim(5)"), "0");
    // Lower case digits are read as CGSuite reads them.
    assert_eq!(
        eval("take_and_break(\"0.3f\", 12)"),
        eval("take_and_break(\"0.3F\", 12)")
    );
}

#[test]
fn wythoff_values() {
    // The first P-positions (Wythoff 1907) and a few nim-values by the definition:
    // (1, 1) has options (0, 1), (1, 0), (0, 0), worth *1, *1, 0, so it is *2.
    for (a, b) in [
        (0, 0),
        (1, 2),
        (2, 1),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
    ] {
        assert_eq!(eval(&format!("wythoff({a}, {b})")), "0", "({a}, {b})");
    }
    assert_eq!(eval("wythoff(1, 1)"), "*2");
    assert_eq!(eval("wythoff(0, 9)"), "*9");
    assert_ne!(eval("wythoff(3, 4)"), "0");
}

#[test]
fn bad_codes_are_placed_and_loopy_codes_refused() {
    for (expr, column) in [
        ("take_and_break(\"0.7x\", 3)", "column 4"),
        ("take_and_break(\"077\", 3)", "column 4"),
        ("take_and_break(\"0.[3\", 3)", "column 5"),
    ] {
        let (code, out, err) = onag(&["eval", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(column), "{expr}: {err}");
    }
    let (code, _, err) = onag(&["eval", "take_and_break(\"20.0\", 3)"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("loopy"), "{err}");
    let (code, _, err) = onag(&["eval", "grundy(-1)"]);
    assert_eq!(code, 2, "{err}");
    // Past the limits: exit 3, never an answer.
    let (code, out, err) = onag(&["eval", "grundy(10^12)"]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    let (code, _, err) = onag(&["eval", "wythoff(100000, 100000)"]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn proofs_through_heap_games_check() {
    common::run::proofs_check(
        "heaps",
        &[
            ("grundy(9)", "*"),
            // G + G = 0 for every impartial G.
            (
                "take_and_break(\"0.3F\", 7) + take_and_break(\"0.3F\", 7)",
                "0",
            ),
            ("wythoff(2, 3) + wythoff(2, 3)", "0"),
            ("wythoff(1, 1)", "*2"),
        ],
    );
}
