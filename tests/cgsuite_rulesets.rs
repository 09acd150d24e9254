//! CGSuite's remaining rulesets through the `onag` binary: their names listed, bad positions
//! placed (exit 2), and proofs through them (which open each call by its definition) checked
//! by `onag check`, the claimed values worked out by hand from the rules:
//! - `fibonacci_nim(2, 1)`: take 1 to (1, 1) = ∗ or 2 to (0, 2) = 0, so mex{1, 0} = ∗2;
//! - `take_away(3, 2, 1)` likewise ∗2;
//! - `maundy_cake(2, 1)`: only Right moves, to two (1, 1) = 0, so {|0} = −1; `maundy_cake(2, 2)`:
//!   Left to 2·(2, 1) = −2, Right to 2·(1, 2) = 2, so {−2 | 2} = 0;
//! - `turning("1-3", "th")`: turn coin 2 (to "tt" = 0) or coins 1 and 2 (to "ht" = ∗): ∗2;
//! - `elephants_and_rhinos("t..f")`: each side's one move leads to a position worth ∗ by
//!   symmetry, so {∗|∗} = 0;
//! - `partizan_arc_kayles("llr")` = 1/2 (CGSuite's GameGraphTest; by hand {−1, 0 | 1});
//! - `anti_clobber("x.")`: Left's one move fills the board, {0|} = 1;
//! - `grundys_game(5)`: 5 splits into 4+1 (0) or 3+2 (∗ + 0): mex{0, 1} = ∗2.

mod common;

use common::run::run as onag;

#[test]
fn proofs_through_them_check() {
    common::run::proofs_check(
        "cgsuite-rulesets",
        &[
            ("fibonacci_nim(2, 1)", "*2"),
            ("take_away(3, 2, 1)", "*2"),
            ("maundy_cake(2, 1)", "-1"),
            ("maundy_cake(2, 2)", "0"),
            ("turning(\"1-3\", \"th\")", "*2"),
            ("elephants_and_rhinos(\"t..f\")", "0"),
            ("toads_and_frogs(\"t.f\")", "toads(\"T.F\")"),
            ("partizan_arc_kayles(\"llr\")", "1/2"),
            ("anti_clobber(\"x.\")", "1"),
            ("grundys_game(5)", "*2"),
        ],
    );
}

#[test]
fn bad_positions_are_placed() {
    for (expr, column) in [
        ("turning(\"1-3\", \"htH\")", "column 3"),
        ("elephants_and_rhinos(\"t.T\")", "column 3"),
        ("toads_and_frogs(\"tx\")", "column 2"),
        ("anti_clobber(\"x.|o\")", "column 4"),
        ("partizan_arc_kayles(\"l-x\")", "column 2"),
    ] {
        let (code, out, err) = onag(&["eval", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(column), "{expr}: {err}");
    }
    let (code, _, err) = onag(&["eval", "take_away(2, -1, 0)"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = onag(&["eval", "fibonacci_nim(100000, 5)"]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn the_names_are_listed_and_suggested() {
    let (_, _, err) = onag(&["eval", "frobnicate(1)"]);
    for name in [
        "take_away",
        "fibonacci_nim",
        "maundy_cake",
        "turning",
        "toads_and_frogs",
        "elephants_and_rhinos",
        "partizan_arc_kayles",
        "anti_clobber",
        "grundys_game",
    ] {
        assert!(err.contains(name), "{name}: {err}");
    }
    let (code, _, err) = onag(&["eval", "FibonacciNim(3, 2)"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `fibonacci_nim`"), "{err}");
}
