//! CGSuite's remaining method names on loopy values, each the snake_case function of the same
//! meaning: `StrongStop(Left)`/`StrongStop(Right)`, `GameValue`, `CanonicalForm`, `IsFinite`,
//! `IsAllSmall`, `IsUptimal`. Expected values from CGSuite's definitions (CanonicalStopper:
//! a strong stop is the stop with its over or under dropped; NormalValue's `IsAllSmall` and
//! `IsUptimal` are false for every loopy value, which CanonicalStopperTestCase and
//! SidedValueTestCase assert for `IsUptimal`; SidedValue's `IsFinite` is true), and CGSuite's
//! test texts where it has one (GameTest: `CanonicalForm` of a loopy game is an error naming
//! `GameValue`).

use super::show_or_error as show;

#[test]
fn strong_stops_drop_over_and_under() {
    for (g, left, right, strong_left, strong_right) in [
        // over = {0|pass}: stops 0over and 0over (Left's move to 0; Right passes forever).
        ("over", "over", "over", "0", "0"),
        ("1 + over", "1over", "1over", "1", "1"),
        ("-2 + under", "-2under", "-2under", "-2", "-2"),
        ("on", "on", "on", "on", "on"),
        // A short game's stops are numbers, its strong stops the same.
        ("{3|-1}", "3", "-1", "3", "-1"),
        ("upon", "0", "0", "0", "0"),
    ] {
        assert_eq!(show(&format!("left_stop({g})")), left, "{g}");
        assert_eq!(show(&format!("right_stop({g})")), right, "{g}");
        assert_eq!(show(&format!("left_strong_stop({g})")), strong_left, "{g}");
        assert_eq!(
            show(&format!("right_strong_stop({g})")),
            strong_right,
            "{g}"
        );
    }
}

#[test]
fn game_value_and_canonical_form() {
    // GameValue of a loopy ruleset position is its value (CGSuite's loopy tutorial uses
    // G.GameValue on BackslidingToadsAndFrogs); of a short game, its canonical form.
    assert_eq!(
        show("game_value(backsliding_toads_and_frogs(\"t.f\"))"),
        show("backsliding_toads_and_frogs(\"t.f\")")
    );
    assert_eq!(show("game_value({1|*} + {2|0})"), show("{1|*} + {2|0}"));
    assert_eq!(show("game_value(a{0|a})"), "over");
    assert_eq!(show("canonical_form({0|1,{1|2}})"), "1/2");
    // A loopfree game written in the loopy notation is the short game it is.
    assert_eq!(show("canonical_form(a{0|1})"), "1/2");
    let e = show("canonical_form(on)");
    assert!(
        e.starts_with("error") && e.contains("not a short game") && e.contains("game_value"),
        "{e}"
    );
}

#[test]
fn normal_value_predicates_of_loopy_values() {
    for g in ["on", "over", "upon", "dud", "over & v", "Tiny(on)"] {
        assert_eq!(show(&format!("is_all_small({g})")), "false", "{g}");
        assert_eq!(show(&format!("is_uptimal({g})")), "false", "{g}");
        assert_eq!(show(&format!("is_finite({g})")), "true", "{g}");
    }
    // Loopfree values written loopily keep the short games' answers: {0|{0|0}} is ↑, an
    // all-small uptimal; 1 is neither all-small nor uptimal.
    assert_eq!(show("is_all_small(a{0|{0|0}})"), "true");
    assert_eq!(show("is_uptimal(a{0|{0|0}})"), "true");
    assert_eq!(show("is_all_small(a{0|})"), "false");
    // Finite: short games are; numbers that are not short games are not.
    assert_eq!(show("is_finite({1|*})"), "true");
    assert_eq!(show("is_finite(1/3)"), "false");
    assert_eq!(show("is_finite(omega)"), "false");
}
