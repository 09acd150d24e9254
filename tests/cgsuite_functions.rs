//! CGSuite's methods as functions (issue 33 point 2), through `onag eval`, against
//! - CGSuite's own expectations for 25 canonical short games (`CanonicalShortGameTestCase.scala`
//!   in aaron-siegel/cgsuite: the published values of `LeftOptions`, `Followers`,
//!   `FollowerCount`, `Incentives`, `StopCount`, `Companion`, `UptimalExpansion` and the
//!   predicates, read and restated here as data, no code copied). CGSuite prints sets as `{a,b}`
//!   in its order; onag prints lists `[a,b]` in the same order, so each expected element is
//!   evaluated by onag and the list compared as printed. CGSuite's printed uptimals are written
//!   here with onag's functions (`^[4]` as `pow_to(^,4)`, `^<2>` as `pow(^,2)`) and a number
//!   before `^`/`v` with a `+`, so the table does not depend on how uptimal notation is read;
//! - values computed by hand from the definitions (each says how);
//! - the number utilities on integers, dyadics and rationals, and their errors.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A list: each expected element is evaluated by onag.
    List,
    /// A value: the expected expression is evaluated by onag.
    Value,
    /// Text printed exactly as CGSuite prints it (`true`, `0.1`, `*.1-`).
    Text,
    /// Not defined: an error (exit status 2).
    Error,
}
use Kind::*;

/// `onag eval -` over these lines, one output line per line (every line must succeed).
fn eval_lines(lines: &[String]) -> Vec<String> {
    let input = lines.join("\n") + "\n";
    let o = onag_stdin(&["eval", "-"], &input);
    let out = stdout(&o);
    let got: Vec<String> = out.lines().map(|l| l.trim().to_string()).collect();
    assert_eq!(
        got.len(),
        lines.len(),
        "one line per input expected; stderr: {}",
        stderr(&o)
    );
    got
}

/// `onag eval EXPR`, its output, asserting success.
fn eval(expr: &str) -> String {
    let o = onag(&["eval", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

/// `onag eval EXPR` must fail with status 2 and a message containing `needle`.
fn fails(expr: &str, needle: &str) {
    let o = onag(&["eval", expr]);
    assert_eq!(o.status.code(), Some(2), "{expr}: {}", stdout(&o));
    assert!(stderr(&o).contains(needle), "{expr}: {}", stderr(&o));
}

#[test]
fn cgsuite_canonical_short_game_cases() {
    // Every call and every expected element, evaluated in one batch.
    let mut lines = Vec::new();
    for (kind, f, g, expected) in CASES {
        if *kind == Error {
            continue;
        }
        lines.push(format!("{f}({g})"));
        if matches!(kind, List | Value) {
            lines.extend(expected.iter().map(|e| e.to_string()));
        }
    }
    let out = eval_lines(&lines);
    let mut i = 0;
    for (kind, f, g, expected) in CASES {
        match kind {
            Error => fails(&format!("{f}({g})"), "not an uptimal"),
            Text => {
                assert_eq!(out[i], expected[0], "{f}({g})");
                i += 1;
            }
            Value => {
                assert_eq!(out[i], out[i + 1], "{f}({g}) should be {}", expected[0]);
                i += 2;
            }
            List => {
                let want = format!("[{}]", out[i + 1..i + 1 + expected.len()].join(","));
                assert_eq!(out[i], want, "{f}({g}) should be {expected:?}");
                i += 1 + expected.len();
            }
        }
    }
}

#[test]
fn introspection_by_hand() {
    // {1|0}: Left's only move is to 1, Right's to 0.
    assert_eq!(eval("left_options({1|0})"), "[1]");
    assert_eq!(eval("right_options({1|0})"), "[0]");
    assert_eq!(eval("size(left_options({1|0}))"), "1");
    // *2 = {0,*|0,*} is impartial; {1|0} is not.
    assert_eq!(eval("options(*2)"), "[0,*]");
    fails("options({1|0})", "partizan");
    // {2|0}: 2 - {2|0} = 2 + {0|-2} = {2|0}, and {2|0} - 0 = {2|0}: one incentive.
    assert_eq!(eval("incentives({2|0})"), format!("[{}]", eval("{2|0}")));
    // ↑'s followers are ↑, * and 0; its stopping positions 0 (Left), then * → 0 twice.
    assert_eq!(eval("follower_count(^)"), "3");
    assert_eq!(eval("stop_count(^)"), "3");
    assert_eq!(eval("companion(0)"), "*");
    assert_eq!(eval("companion(*)"), "0");
    assert_eq!(eval("uptimal_expansion(^)"), "0.1");
    assert_eq!(eval("uptimal_expansion(v*)"), "*.1-");
    fails("uptimal_expansion({1|-1})", "not an uptimal");
    fails("size(3)", "not a list");
}

#[test]
fn positions_of_rulesets_are_their_own_moves() {
    // Kayles (octal 0.77) with 3 pins: take 1 (leaving 2, or 1 and 1) or 2 (leaving 1).
    // Its value *3 has 4 followers (*3, *2, *, 0); the position has 5: 3, 2, 1+1, 1, 0.
    assert_eq!(eval("follower_count(octal(\"0.77\", 3))"), "5");
    assert_eq!(eval("follower_count(*3)"), "4");
    assert_eq!(
        eval("options(octal(\"0.77\", 3))"),
        "[octal(\"0.77\",2),octal(\"0.77\",1) + octal(\"0.77\",1),octal(\"0.77\",1)]"
    );
    // A 1×2 Domineering board: one player has a move (to 0), the other none.
    let l = eval("size(left_options(domineering(\"..\")))");
    let r = eval("size(right_options(domineering(\"..\")))");
    let mut both = [l, r];
    both.sort();
    assert_eq!(both, ["0".to_string(), "1".to_string()]);
}

#[test]
fn predicates_by_hand() {
    // ↑ = {0|*}: 0 is even-tempered and * odd-tempered, so ↑ is neither.
    assert_eq!(eval("is_even_tempered(^)"), "false");
    assert_eq!(eval("is_odd_tempered(^)"), "false");
    // 1* = {1|1}: every option is a number, so it is odd-tempered.
    assert_eq!(eval("is_odd_tempered(1*)"), "true");
    // 2 = {1|}, 1 = {0|}, 0 even: 1 odd, 2 even.
    assert_eq!(eval("is_even(2)"), "true");
    assert_eq!(eval("is_odd(2)"), "false");
    // The misère predicates stay the misère ones for a misère form.
    assert_eq!(eval("is_even(*[1])"), "false");
    assert_eq!(eval("nim_value(*5 + *3)"), "6");
    fails("nim_value(^)", "not impartial");
    // The number world's values.
    assert_eq!(eval("is_number(1/3)"), "true");
    assert_eq!(eval("is_dyadic(1/3)"), "false");
    assert_eq!(eval("is_ordinal(w + 1)"), "true");
    assert_eq!(eval("is_ordinal(-1)"), "false");
    assert_eq!(eval("is_integer(w)"), "false");
    assert_eq!(eval("is_nimber(*w)"), "true");
    assert_eq!(eval("nim_value(*w)"), "w");
    assert_eq!(eval("is_infinitesimal(^ + *)"), "true");
    assert_eq!(eval("is_numberish({1|-1})"), "false");
}

#[test]
fn number_utilities() {
    for (expr, want) in [
        ("floor(7/2)", "3"),
        ("floor(-7/2)", "-4"),
        ("ceiling(-7/2)", "-3"),
        ("floor(-1/3)", "-1"),
        ("ceiling(1/3)", "1"),
        ("abs(-1/3)", "1/3"),
        ("numerator(6/4)", "3"),
        ("denominator(6/4)", "2"),
        ("denominator(1/3)", "3"),
        ("numerator(-2/6)", "-1"),
        ("gcd(12, 18)", "6"),
        ("gcd(-4, 6)", "2"),
        ("gcd(0, 0)", "0"),
        // CGSuite's % and Div truncate toward zero, as Java's BigInteger does.
        ("mod(-7, 3)", "-1"),
        ("mod(7, -3)", "1"),
        ("mod(7/2, 1)", "1/2"),
        ("int_div(-7, 3)", "-2"),
        ("int_div(7, 2)", "3"),
        ("div(-7, 3)", "-7/3"),
        ("max(1/3, 1/4)", "1/3"),
        ("min(1/3, 1/4)", "1/4"),
        ("sign(-5)", "-1"),
        ("sign(0)", "0"),
        ("sign(1/3)", "1"),
        ("lb(1024)", "10"),
        ("lb(1023)", "9"),
        ("isqrt(99)", "9"),
        (
            "isqrt(100000000000000000000000000000000000000000)",
            "316227766016837933199",
        ),
        ("is_evil(3)", "true"),
        ("is_odious(7)", "true"),
        ("is_evil(0)", "true"),
        ("is_two_power(1024)", "true"),
        ("is_two_power(12)", "false"),
        ("is_two_power(1/2)", "false"),
        (
            "floor(123456789012345678901234567890/7)",
            "17636684144620811271604938270",
        ),
    ] {
        assert_eq!(eval(expr), want, "{expr}");
    }
    fails("mod(1, 0)", "divides by zero");
    fails("int_div(1, 0)", "divides by zero");
    fails("int_div(1/2, 1)", "must be an integer");
    fails("lb(0)", "> 0");
    fails("isqrt(-1)", ">= 0");
    fails("floor(w)", "rational");
    fails("floor(^)", "must be a number");
}

#[test]
fn products_and_sums_by_hand() {
    // Numbers multiply as numbers, nimbers as nimbers (*2 ⊗ *3 = *1).
    assert_eq!(eval("conway_product(2, 3)"), "6");
    assert_eq!(eval("conway_product(1/2, -3/4)"), "-3/8");
    assert_eq!(eval("conway_product(*2, *3)"), "*");
    // G : 0 = G; 1 : * = {0, 1 | 1} = 1*; * : * = {0, * | 0, *} = *2.
    assert_eq!(eval("ordinal_sum({2|-1}, 0)"), eval("{2|-1}"));
    assert_eq!(eval("ordinal_sum(1, *)"), "1*");
    assert_eq!(eval("ordinal_sum(*, *)"), "*2");
    // Conjunctive: * ∧ * = {0∧0 | 0∧0} = {0|0} = *. Selective: * ∨ * = {*, *, 0 | …} = *2.
    assert_eq!(eval("conjunctive_sum(*, *)"), "*");
    assert_eq!(eval("selective_sum(*, *)"), "*2");
    // ↑² = ↑.Pow(2) = {0 | ↓*} (CGSuite's {0|^<2>} is {0||0|v*}); ↑^[4] = {0|*||*|||*||||*}.
    assert_eq!(eval("pow(^, 2)"), eval("{0|v*}"));
    assert_eq!(eval("pow_to(^, 4)"), eval("{0|*||*|||*||||*}"));
    assert_eq!(eval("subordinate(ordinal_sum(^, 3), ^)"), "3");
    fails("pow(1, 2)", "{0|H}");
    // Cooling below 0 (CGSuite): 1/2 has temperature -1/2 ≥ -3/4, so it cools to
    // {0 + 3/4 | 1 - 3/4} = {3/4|1/4}; by -1/4 (above its temperature) it is its mast, 1/2.
    assert_eq!(eval("cool(1/2, -3/4)"), eval("{3/4|1/4}"));
    assert_eq!(eval("cool(1/2, -1/4)"), "1/2");
    fails("cool(1/2, -1)", "greater than -1");
    // `*` between games: an integer times a game is that many copies in either order (CGSuite's
    // Times); any other pair is undefined there too, and the hint names the products that exist,
    // not the sum of a number and a nimber, which is the hint only where one is each.
    // A `*` right after ups is the literal's star whatever the spacing (CGSuite's upstar
    // literal, its lexer skipping spaces): `^ * 2` is ↑∗2; copies of ↑ are written `(^) * 2`.
    assert_eq!(eval("(^) * 2"), eval("^ + ^"));
    assert_eq!(eval("^ * 2"), eval("^*2"));
    assert_eq!(eval("^ * 2"), eval("^ + *2"));
    assert_eq!(eval("2 * {3|1}"), eval("{3|1} + {3|1}"));
    fails("{3|1} * ^^", "conway_product(G, H)");
    let o = onag(&["eval", "{3|1} * ^^"]);
    assert!(!stderr(&o).contains("nimber write"), "{}", stderr(&o));
    fails("1/2 * *3", "to add a number and a nimber");
}

const CASES: &[(Kind, &str, &str, &[&str])] = &[
    (List, "left_options", "0", &[]),
    (List, "right_options", "0", &[]),
    (List, "followers", "0", &["0"]),
    (List, "incentives", "0", &[]),
    (List, "left_incentives", "0", &[]),
    (List, "right_incentives", "0", &[]),
    (Value, "follower_count", "0", &["1"]),
    (Value, "stop_count", "0", &["1"]),
    (Value, "companion", "0", &["*"]),
    (Text, "uptimal_expansion", "0", &["0.0"]),
    (Text, "is_all_small", "0", &["true"]),
    (Text, "is_atomic", "0", &["true"]),
    (Text, "is_even", "0", &["true"]),
    (Text, "is_even_tempered", "0", &["true"]),
    (Text, "is_infinitesimal", "0", &["true"]),
    (Text, "is_integer", "0", &["true"]),
    (Text, "is_nimber", "0", &["true"]),
    (Text, "is_number", "0", &["true"]),
    (Text, "is_numberish", "0", &["true"]),
    (Text, "is_number_tiny", "0", &["true"]),
    (Text, "is_odd", "0", &["false"]),
    (Text, "is_odd_tempered", "0", &["false"]),
    (Text, "is_ordinal", "0", &["true"]),
    (Text, "is_uptimal", "0", &["true"]),
    (List, "left_options", "5", &["4"]),
    (List, "right_options", "5", &[]),
    (List, "followers", "5", &["0", "1", "2", "3", "4", "5"]),
    (List, "incentives", "5", &["-1"]),
    (List, "left_incentives", "5", &["-1"]),
    (List, "right_incentives", "5", &[]),
    (Value, "follower_count", "5", &["6"]),
    (Value, "stop_count", "5", &["1"]),
    (Value, "companion", "5", &["5"]),
    (Text, "uptimal_expansion", "5", &["5.0"]),
    (Text, "is_all_small", "5", &["false"]),
    (Text, "is_atomic", "5", &["false"]),
    (Text, "is_even", "5", &["false"]),
    (Text, "is_even_tempered", "5", &["true"]),
    (Text, "is_infinitesimal", "5", &["false"]),
    (Text, "is_integer", "5", &["true"]),
    (Text, "is_nimber", "5", &["false"]),
    (Text, "is_number", "5", &["true"]),
    (Text, "is_numberish", "5", &["true"]),
    (Text, "is_number_tiny", "5", &["true"]),
    (Text, "is_odd", "5", &["true"]),
    (Text, "is_odd_tempered", "5", &["false"]),
    (Text, "is_ordinal", "5", &["true"]),
    (Text, "is_uptimal", "5", &["true"]),
    (List, "left_options", "-1823437481924", &[]),
    (List, "right_options", "-1823437481924", &["-1823437481923"]),
    (List, "incentives", "-1823437481924", &["-1"]),
    (List, "left_incentives", "-1823437481924", &[]),
    (List, "right_incentives", "-1823437481924", &["-1"]),
    (Value, "follower_count", "-1823437481924", &["1823437481925"]),
    (Value, "stop_count", "-1823437481924", &["1"]),
    (Value, "companion", "-1823437481924", &["-1823437481924"]),
    (Text, "uptimal_expansion", "-1823437481924", &["-1823437481924.0"]),
    (Text, "is_all_small", "-1823437481924", &["false"]),
    (Text, "is_atomic", "-1823437481924", &["false"]),
    (Text, "is_even", "-1823437481924", &["true"]),
    (Text, "is_even_tempered", "-1823437481924", &["true"]),
    (Text, "is_infinitesimal", "-1823437481924", &["false"]),
    (Text, "is_integer", "-1823437481924", &["true"]),
    (Text, "is_nimber", "-1823437481924", &["false"]),
    (Text, "is_number", "-1823437481924", &["true"]),
    (Text, "is_numberish", "-1823437481924", &["true"]),
    (Text, "is_number_tiny", "-1823437481924", &["true"]),
    (Text, "is_odd", "-1823437481924", &["false"]),
    (Text, "is_odd_tempered", "-1823437481924", &["false"]),
    (Text, "is_ordinal", "-1823437481924", &["false"]),
    (Text, "is_uptimal", "-1823437481924", &["true"]),
    (List, "left_options", "-1/2", &["-1"]),
    (List, "right_options", "-1/2", &["0"]),
    (List, "followers", "-1/2", &["-1", "-1/2", "0"]),
    (List, "incentives", "-1/2", &["-1/2"]),
    (List, "left_incentives", "-1/2", &["-1/2"]),
    (List, "right_incentives", "-1/2", &["-1/2"]),
    (Value, "follower_count", "-1/2", &["3"]),
    (Value, "stop_count", "-1/2", &["1"]),
    (Value, "companion", "-1/2", &["-1/2"]),
    (Text, "uptimal_expansion", "-1/2", &["-1/2.0"]),
    (Text, "is_all_small", "-1/2", &["false"]),
    (Text, "is_atomic", "-1/2", &["false"]),
    (Text, "is_even", "-1/2", &["false"]),
    (Text, "is_even_tempered", "-1/2", &["true"]),
    (Text, "is_infinitesimal", "-1/2", &["false"]),
    (Text, "is_integer", "-1/2", &["false"]),
    (Text, "is_nimber", "-1/2", &["false"]),
    (Text, "is_number", "-1/2", &["true"]),
    (Text, "is_numberish", "-1/2", &["true"]),
    (Text, "is_number_tiny", "-1/2", &["true"]),
    (Text, "is_odd", "-1/2", &["false"]),
    (Text, "is_odd_tempered", "-1/2", &["false"]),
    (Text, "is_ordinal", "-1/2", &["false"]),
    (Text, "is_uptimal", "-1/2", &["true"]),
    (List, "left_options", "25/16", &["3/2"]),
    (List, "right_options", "25/16", &["13/8"]),
    (List, "followers", "25/16", &["0", "1", "3/2", "25/16", "13/8", "7/4", "2"]),
    (List, "incentives", "25/16", &["-1/16"]),
    (List, "left_incentives", "25/16", &["-1/16"]),
    (List, "right_incentives", "25/16", &["-1/16"]),
    (Value, "follower_count", "25/16", &["7"]),
    (Value, "stop_count", "25/16", &["1"]),
    (Value, "companion", "25/16", &["25/16"]),
    (Text, "uptimal_expansion", "25/16", &["25/16.0"]),
    (Text, "is_all_small", "25/16", &["false"]),
    (Text, "is_atomic", "25/16", &["false"]),
    (Text, "is_even", "25/16", &["false"]),
    (Text, "is_even_tempered", "25/16", &["true"]),
    (Text, "is_infinitesimal", "25/16", &["false"]),
    (Text, "is_integer", "25/16", &["false"]),
    (Text, "is_nimber", "25/16", &["false"]),
    (Text, "is_number", "25/16", &["true"]),
    (Text, "is_numberish", "25/16", &["true"]),
    (Text, "is_number_tiny", "25/16", &["true"]),
    (Text, "is_odd", "25/16", &["false"]),
    (Text, "is_odd_tempered", "25/16", &["false"]),
    (Text, "is_ordinal", "25/16", &["false"]),
    (Text, "is_uptimal", "25/16", &["true"]),
    (List, "left_options", "*8", &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"]),
    (List, "right_options", "*8", &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"]),
    (List, "followers", "*8", &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7", "*8"]),
    (List, "incentives", "*8", &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"]),
    (List, "left_incentives", "*8", &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"]),
    (List, "right_incentives", "*8", &["*8", "*9", "*10", "*11", "*12", "*13", "*14", "*15"]),
    (Value, "follower_count", "*8", &["9"]),
    (Value, "stop_count", "*8", &["4374"]),
    (Value, "companion", "*8", &["*8"]),
    (Text, "uptimal_expansion", "*8", &["*8.0"]),
    (Text, "is_all_small", "*8", &["true"]),
    (Text, "is_atomic", "*8", &["true"]),
    (Text, "is_even", "*8", &["false"]),
    (Text, "is_even_tempered", "*8", &["false"]),
    (Text, "is_infinitesimal", "*8", &["true"]),
    (Text, "is_integer", "*8", &["false"]),
    (Text, "is_nimber", "*8", &["true"]),
    (Text, "is_number", "*8", &["false"]),
    (Text, "is_numberish", "*8", &["true"]),
    (Text, "is_number_tiny", "*8", &["false"]),
    (Text, "is_odd", "*8", &["false"]),
    (Text, "is_odd_tempered", "*8", &["false"]),
    (Text, "is_ordinal", "*8", &["false"]),
    (Text, "is_uptimal", "*8", &["true"]),
    (List, "left_options", "9/8+*", &["9/8"]),
    (List, "right_options", "9/8+*", &["9/8"]),
    (List, "followers", "9/8+*", &["0", "1", "9/8", "5/4", "3/2", "2", "9/8*"]),
    (List, "incentives", "9/8+*", &["*"]),
    (List, "left_incentives", "9/8+*", &["*"]),
    (List, "right_incentives", "9/8+*", &["*"]),
    (Value, "follower_count", "9/8+*", &["7"]),
    (Value, "stop_count", "9/8+*", &["2"]),
    (Value, "companion", "9/8+*", &["9/8*"]),
    (Text, "uptimal_expansion", "9/8+*", &["9/8*.0"]),
    (Text, "is_all_small", "9/8+*", &["false"]),
    (Text, "is_atomic", "9/8+*", &["false"]),
    (Text, "is_even", "9/8+*", &["false"]),
    (Text, "is_even_tempered", "9/8+*", &["false"]),
    (Text, "is_infinitesimal", "9/8+*", &["false"]),
    (Text, "is_integer", "9/8+*", &["false"]),
    (Text, "is_nimber", "9/8+*", &["false"]),
    (Text, "is_number", "9/8+*", &["false"]),
    (Text, "is_numberish", "9/8+*", &["true"]),
    (Text, "is_number_tiny", "9/8+*", &["false"]),
    (Text, "is_odd", "9/8+*", &["false"]),
    (Text, "is_odd_tempered", "9/8+*", &["true"]),
    (Text, "is_ordinal", "9/8+*", &["false"]),
    (Text, "is_uptimal", "9/8+*", &["true"]),
    (List, "left_options", "^", &["0"]),
    (List, "right_options", "^", &["*"]),
    (List, "followers", "^", &["0", "*", "^"]),
    (List, "incentives", "^", &["^*"]),
    (List, "left_incentives", "^", &["v"]),
    (List, "right_incentives", "^", &["^*"]),
    (Value, "follower_count", "^", &["3"]),
    (Value, "stop_count", "^", &["3"]),
    (Value, "companion", "^", &["^*"]),
    (Text, "uptimal_expansion", "^", &["0.1"]),
    (Text, "is_all_small", "^", &["true"]),
    (Text, "is_atomic", "^", &["true"]),
    (Text, "is_even", "^", &["false"]),
    (Text, "is_even_tempered", "^", &["false"]),
    (Text, "is_infinitesimal", "^", &["true"]),
    (Text, "is_integer", "^", &["false"]),
    (Text, "is_nimber", "^", &["false"]),
    (Text, "is_number", "^", &["false"]),
    (Text, "is_numberish", "^", &["true"]),
    (Text, "is_number_tiny", "^", &["false"]),
    (Text, "is_odd", "^", &["false"]),
    (Text, "is_odd_tempered", "^", &["false"]),
    (Text, "is_ordinal", "^", &["false"]),
    (Text, "is_uptimal", "^", &["true"]),
    (List, "left_options", "v*", &["0"]),
    (List, "right_options", "v*", &["0", "*"]),
    (List, "followers", "v*", &["0", "*", "v*"]),
    (List, "incentives", "v*", &["^*"]),
    (List, "left_incentives", "v*", &["^*"]),
    (List, "right_incentives", "v*", &["v", "v*"]),
    (Value, "follower_count", "v*", &["3"]),
    (Value, "stop_count", "v*", &["4"]),
    (Value, "companion", "v*", &["v"]),
    (Text, "uptimal_expansion", "v*", &["*.1-"]),
    (Text, "is_all_small", "v*", &["true"]),
    (Text, "is_atomic", "v*", &["true"]),
    (Text, "is_even", "v*", &["false"]),
    (Text, "is_even_tempered", "v*", &["false"]),
    (Text, "is_infinitesimal", "v*", &["true"]),
    (Text, "is_integer", "v*", &["false"]),
    (Text, "is_nimber", "v*", &["false"]),
    (Text, "is_number", "v*", &["false"]),
    (Text, "is_numberish", "v*", &["true"]),
    (Text, "is_number_tiny", "v*", &["false"]),
    (Text, "is_odd", "v*", &["false"]),
    (Text, "is_odd_tempered", "v*", &["false"]),
    (Text, "is_ordinal", "v*", &["false"]),
    (Text, "is_uptimal", "v*", &["true"]),
    (List, "left_options", "6+^*", &["6", "6*"]),
    (List, "right_options", "6+^*", &["6"]),
    (List, "followers", "6+^*", &["0", "1", "2", "3", "4", "5", "6", "6*", "6+^*"]),
    (List, "incentives", "6+^*", &["^*"]),
    (List, "left_incentives", "6+^*", &["v", "v*"]),
    (List, "right_incentives", "6+^*", &["^*"]),
    (Value, "follower_count", "6+^*", &["9"]),
    (Value, "stop_count", "6+^*", &["4"]),
    (Value, "companion", "6+^*", &["6+^*"]),
    (Text, "uptimal_expansion", "6+^*", &["6*.1"]),
    (Text, "is_all_small", "6+^*", &["false"]),
    (Text, "is_atomic", "6+^*", &["false"]),
    (Text, "is_even", "6+^*", &["false"]),
    (Text, "is_even_tempered", "6+^*", &["false"]),
    (Text, "is_infinitesimal", "6+^*", &["false"]),
    (Text, "is_integer", "6+^*", &["false"]),
    (Text, "is_nimber", "6+^*", &["false"]),
    (Text, "is_number", "6+^*", &["false"]),
    (Text, "is_numberish", "6+^*", &["true"]),
    (Text, "is_number_tiny", "6+^*", &["false"]),
    (Text, "is_odd", "6+^*", &["false"]),
    (Text, "is_odd_tempered", "6+^*", &["false"]),
    (Text, "is_ordinal", "6+^*", &["false"]),
    (Text, "is_uptimal", "6+^*", &["true"]),
    (List, "left_options", "^*6", &["0"]),
    (List, "right_options", "^*6", &["*7"]),
    (List, "followers", "^*6", &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7", "^*6"]),
    (List, "incentives", "^*6", &["^*"]),
    (List, "left_incentives", "^*6", &["v*6"]),
    (List, "right_incentives", "^*6", &["^*"]),
    (Value, "follower_count", "^*6", &["9"]),
    (Value, "stop_count", "^*6", &["1459"]),
    (Value, "companion", "^*6", &["^*6"]),
    (Text, "uptimal_expansion", "^*6", &["*6.1"]),
    (Text, "is_all_small", "^*6", &["true"]),
    (Text, "is_atomic", "^*6", &["true"]),
    (Text, "is_even", "^*6", &["false"]),
    (Text, "is_even_tempered", "^*6", &["false"]),
    (Text, "is_infinitesimal", "^*6", &["true"]),
    (Text, "is_integer", "^*6", &["false"]),
    (Text, "is_nimber", "^*6", &["false"]),
    (Text, "is_number", "^*6", &["false"]),
    (Text, "is_numberish", "^*6", &["true"]),
    (Text, "is_number_tiny", "^*6", &["false"]),
    (Text, "is_odd", "^*6", &["false"]),
    (Text, "is_odd_tempered", "^*6", &["false"]),
    (Text, "is_ordinal", "^*6", &["false"]),
    (Text, "is_uptimal", "^*6", &["true"]),
    (List, "left_options", "73/16+v9*8", &["73/16+v8*9"]),
    (List, "right_options", "73/16+v9*8", &["73/16"]),
    (List, "incentives", "73/16+v9*8", &["^*"]),
    (List, "left_incentives", "73/16+v9*8", &["^*"]),
    (List, "right_incentives", "73/16+v9*8", &["v9*8"]),
    (Value, "follower_count", "73/16+v9*8", &["28"]),
    (Value, "stop_count", "73/16+v9*8", &["13131"]),
    (Value, "companion", "73/16+v9*8", &["73/16+v9*8"]),
    (Text, "uptimal_expansion", "73/16+v9*8", &["73/16*8.9-"]),
    (Text, "is_all_small", "73/16+v9*8", &["false"]),
    (Text, "is_atomic", "73/16+v9*8", &["false"]),
    (Text, "is_even", "73/16+v9*8", &["false"]),
    (Text, "is_even_tempered", "73/16+v9*8", &["false"]),
    (Text, "is_infinitesimal", "73/16+v9*8", &["false"]),
    (Text, "is_integer", "73/16+v9*8", &["false"]),
    (Text, "is_nimber", "73/16+v9*8", &["false"]),
    (Text, "is_number", "73/16+v9*8", &["false"]),
    (Text, "is_numberish", "73/16+v9*8", &["true"]),
    (Text, "is_number_tiny", "73/16+v9*8", &["false"]),
    (Text, "is_odd", "73/16+v9*8", &["false"]),
    (Text, "is_odd_tempered", "73/16+v9*8", &["false"]),
    (Text, "is_ordinal", "73/16+v9*8", &["false"]),
    (Text, "is_uptimal", "73/16+v9*8", &["true"]),
    (List, "left_options", "{0|*||*|||*||||*}", &["pow_to(^,3)"]),
    (List, "right_options", "{0|*||*|||*||||*}", &["*"]),
    (List, "followers", "{0|*||*|||*||||*}", &["0", "*", "^", "pow_to(^,2)", "pow_to(^,3)", "pow_to(^,4)"]),
    (List, "incentives", "{0|*||*|||*||||*}", &["pow_to(^,4)+*"]),
    (List, "left_incentives", "{0|*||*|||*||||*}", &["-pow(^,4)"]),
    (List, "right_incentives", "{0|*||*|||*||||*}", &["pow_to(^,4)+*"]),
    (Value, "follower_count", "{0|*||*|||*||||*}", &["6"]),
    (Value, "stop_count", "{0|*||*|||*||||*}", &["9"]),
    (Value, "companion", "{0|*||*|||*||||*}", &["pow_to(^,4)+*"]),
    (Text, "uptimal_expansion", "{0|*||*|||*||||*}", &["0.1111"]),
    (Text, "is_all_small", "{0|*||*|||*||||*}", &["true"]),
    (Text, "is_atomic", "{0|*||*|||*||||*}", &["true"]),
    (Text, "is_even", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_even_tempered", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_infinitesimal", "{0|*||*|||*||||*}", &["true"]),
    (Text, "is_integer", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_nimber", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_number", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_numberish", "{0|*||*|||*||||*}", &["true"]),
    (Text, "is_number_tiny", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_odd", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_odd_tempered", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_ordinal", "{0|*||*|||*||||*}", &["false"]),
    (Text, "is_uptimal", "{0|*||*|||*||||*}", &["true"]),
    (List, "left_options", "{0||0|v*}", &["0"]),
    (List, "right_options", "{0||0|v*}", &["pow(^,2)"]),
    (List, "followers", "{0||0|v*}", &["0", "*", "v*", "pow(^,2)", "{0|pow(^,2)}"]),
    (List, "incentives", "{0||0|v*}", &["pow_to(^,2)+*"]),
    (List, "left_incentives", "{0||0|v*}", &["{-pow(^,2)|0}"]),
    (List, "right_incentives", "{0||0|v*}", &["pow_to(^,2)+*"]),
    (Value, "follower_count", "{0||0|v*}", &["5"]),
    (Value, "stop_count", "{0||0|v*}", &["6"]),
    (Value, "companion", "{0||0|v*}", &["{0|pow(^,2)+*}"]),
    (Text, "uptimal_expansion", "{0||0|v*}", &["*.12"]),
    (Text, "is_all_small", "{0||0|v*}", &["true"]),
    (Text, "is_atomic", "{0||0|v*}", &["true"]),
    (Text, "is_even", "{0||0|v*}", &["false"]),
    (Text, "is_even_tempered", "{0||0|v*}", &["false"]),
    (Text, "is_infinitesimal", "{0||0|v*}", &["true"]),
    (Text, "is_integer", "{0||0|v*}", &["false"]),
    (Text, "is_nimber", "{0||0|v*}", &["false"]),
    (Text, "is_number", "{0||0|v*}", &["false"]),
    (Text, "is_numberish", "{0||0|v*}", &["true"]),
    (Text, "is_number_tiny", "{0||0|v*}", &["false"]),
    (Text, "is_odd", "{0||0|v*}", &["false"]),
    (Text, "is_odd_tempered", "{0||0|v*}", &["false"]),
    (Text, "is_ordinal", "{0||0|v*}", &["false"]),
    (Text, "is_uptimal", "{0||0|v*}", &["true"]),
    (List, "left_options", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["{0||0,v*|vv}"]),
    (List, "right_options", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["{{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}"]),
    (List, "incentives", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["pow_to(^,4)+*"]),
    (List, "left_incentives", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["{0|pow_to(^,3)+*||0,pow_to(^,3)+*|||0}"]),
    (List, "right_incentives", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["pow_to(^,4)+*"]),
    (Value, "follower_count", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["10"]),
    (Value, "stop_count", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["79"]),
    (Value, "companion", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["{0,{0,*||*,v|vv*}||{0,*||*,v|vv*|||vv*,{*,v|vv*}},{0,*||*,v|vv*}|{0,*||*,v|vv*|||vv*,{*,v|vv*}||||vv*}}"]),
    (Text, "uptimal_expansion", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["0.0202"]),
    (Text, "is_all_small", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["true"]),
    (Text, "is_atomic", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["true"]),
    (Text, "is_even", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_even_tempered", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_infinitesimal", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["true"]),
    (Text, "is_integer", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_nimber", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_number", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_numberish", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["true"]),
    (Text, "is_number_tiny", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_odd", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_odd_tempered", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_ordinal", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["false"]),
    (Text, "is_uptimal", "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}", &["true"]),
    (List, "left_options", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["0", "*", "*2", "*3", "{0,*,*2,*3,*4||*4,v*5|vv*4}"]),
    (List, "right_options", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["{{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}"]),
    (List, "incentives", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["pow_to(^,4)+*"]),
    (List, "right_incentives", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["pow_to(^,4)+*"]),
    (Value, "follower_count", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["13"]),
    (Value, "stop_count", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["1509"]),
    (Value, "companion", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}"]),
    (Text, "uptimal_expansion", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["*4.0202"]),
    (Text, "is_all_small", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["true"]),
    (Text, "is_atomic", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["true"]),
    (Text, "is_even", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_even_tempered", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_infinitesimal", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["true"]),
    (Text, "is_integer", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_nimber", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_number", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_numberish", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["true"]),
    (Text, "is_number_tiny", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_odd", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_odd_tempered", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_ordinal", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["false"]),
    (Text, "is_uptimal", "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*,*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}", &["true"]),
    (List, "left_options", "{0||0|vvv}", &["0"]),
    (List, "right_options", "{0||0|vvv}", &["{0|v3}"]),
    (List, "followers", "{0||0|vvv}", &["0", "*", "v3", "vv*", "v", "{0|v3}", "{0||0|v3}"]),
    (List, "incentives", "{0||0|vvv}", &["{^3,{^3|0}|0}"]),
    (List, "left_incentives", "{0||0|vvv}", &["{^3|0||0}"]),
    (List, "right_incentives", "{0||0|vvv}", &["{^3,{^3|0}|0}"]),
    (Value, "follower_count", "{0||0|vvv}", &["7"]),
    (Value, "stop_count", "{0||0|vvv}", &["7"]),
    (Value, "companion", "{0||0|vvv}", &["{0,*||*|v3*}"]),
    (Error, "uptimal_expansion", "{0||0|vvv}", &[]),
    (Text, "is_all_small", "{0||0|vvv}", &["true"]),
    (Text, "is_atomic", "{0||0|vvv}", &["true"]),
    (Text, "is_even", "{0||0|vvv}", &["false"]),
    (Text, "is_even_tempered", "{0||0|vvv}", &["false"]),
    (Text, "is_infinitesimal", "{0||0|vvv}", &["true"]),
    (Text, "is_integer", "{0||0|vvv}", &["false"]),
    (Text, "is_nimber", "{0||0|vvv}", &["false"]),
    (Text, "is_number", "{0||0|vvv}", &["false"]),
    (Text, "is_numberish", "{0||0|vvv}", &["true"]),
    (Text, "is_number_tiny", "{0||0|vvv}", &["false"]),
    (Text, "is_odd", "{0||0|vvv}", &["false"]),
    (Text, "is_odd_tempered", "{0||0|vvv}", &["false"]),
    (Text, "is_ordinal", "{0||0|vvv}", &["false"]),
    (Text, "is_uptimal", "{0||0|vvv}", &["false"]),
    (List, "left_options", "{^^^|vv}", &["^3"]),
    (List, "right_options", "{^^^|vv}", &["vv"]),
    (List, "followers", "{^^^|vv}", &["0", "*", "vv", "v*", "^", "^^*", "^3", "{^3|vv}"]),
    (List, "incentives", "{^^^|vv}", &["{^5|0}"]),
    (List, "left_incentives", "{^^^|vv}", &["{^5|0}"]),
    (List, "right_incentives", "{^^^|vv}", &["{^5|0}"]),
    (Value, "follower_count", "{^^^|vv}", &["8"]),
    (Value, "stop_count", "{^^^|vv}", &["10"]),
    (Value, "companion", "{^^^|vv}", &["{^3*|vv*}"]),
    (Error, "uptimal_expansion", "{^^^|vv}", &[]),
    (Text, "is_all_small", "{^^^|vv}", &["true"]),
    (Text, "is_atomic", "{^^^|vv}", &["true"]),
    (Text, "is_even", "{^^^|vv}", &["false"]),
    (Text, "is_even_tempered", "{^^^|vv}", &["false"]),
    (Text, "is_infinitesimal", "{^^^|vv}", &["true"]),
    (Text, "is_integer", "{^^^|vv}", &["false"]),
    (Text, "is_nimber", "{^^^|vv}", &["false"]),
    (Text, "is_number", "{^^^|vv}", &["false"]),
    (Text, "is_numberish", "{^^^|vv}", &["true"]),
    (Text, "is_number_tiny", "{^^^|vv}", &["false"]),
    (Text, "is_odd", "{^^^|vv}", &["false"]),
    (Text, "is_odd_tempered", "{^^^|vv}", &["false"]),
    (Text, "is_ordinal", "{^^^|vv}", &["false"]),
    (Text, "is_uptimal", "{^^^|vv}", &["false"]),
    (List, "left_options", "{0||0|-3/2}", &["0"]),
    (List, "right_options", "{0||0|-3/2}", &["{0|-3/2}"]),
    (List, "followers", "{0||0|-3/2}", &["-2", "-3/2", "-1", "0", "{0|-3/2}", "Tiny(3/2)"]),
    (List, "incentives", "{0||0|-3/2}", &["{3/2,{3/2|0}|0}"]),
    (List, "left_incentives", "{0||0|-3/2}", &["Miny(3/2)"]),
    (List, "right_incentives", "{0||0|-3/2}", &["{3/2,{3/2|0}|0}"]),
    (Value, "follower_count", "{0||0|-3/2}", &["6"]),
    (Value, "stop_count", "{0||0|-3/2}", &["3"]),
    (Value, "companion", "{0||0|-3/2}", &["{0,*||*|-3/2}"]),
    (Error, "uptimal_expansion", "{0||0|-3/2}", &[]),
    (Text, "is_all_small", "{0||0|-3/2}", &["false"]),
    (Text, "is_atomic", "{0||0|-3/2}", &["true"]),
    (Text, "is_even", "{0||0|-3/2}", &["false"]),
    (Text, "is_even_tempered", "{0||0|-3/2}", &["false"]),
    (Text, "is_infinitesimal", "{0||0|-3/2}", &["true"]),
    (Text, "is_integer", "{0||0|-3/2}", &["false"]),
    (Text, "is_nimber", "{0||0|-3/2}", &["false"]),
    (Text, "is_number", "{0||0|-3/2}", &["false"]),
    (Text, "is_numberish", "{0||0|-3/2}", &["true"]),
    (Text, "is_number_tiny", "{0||0|-3/2}", &["true"]),
    (Text, "is_odd", "{0||0|-3/2}", &["false"]),
    (Text, "is_odd_tempered", "{0||0|-3/2}", &["false"]),
    (Text, "is_ordinal", "{0||0|-3/2}", &["false"]),
    (Text, "is_uptimal", "{0||0|-3/2}", &["false"]),
    (List, "left_options", "{0|||0||-1|-3}", &["0"]),
    (List, "right_options", "{0|||0||-1|-3}", &["{0||-1|-3}"]),
    (List, "followers", "{0|||0||-1|-3}", &["-3", "-2", "-1", "0", "{-1|-3}", "{0||-1|-3}", "Tiny({3|1})"]),
    (List, "incentives", "{0|||0||-1|-3}", &["{3+Tiny({3|1})|1+Tiny({3|1}),{2,{3|1}|0}||0}"]),
    (List, "left_incentives", "{0|||0||-1|-3}", &["Miny({3|1})"]),
    (List, "right_incentives", "{0|||0||-1|-3}", &["{3+Tiny({3|1})|1+Tiny({3|1}),{2,{3|1}|0}||0}"]),
    (Value, "follower_count", "{0|||0||-1|-3}", &["7"]),
    (Value, "stop_count", "{0|||0||-1|-3}", &["4"]),
    (Value, "companion", "{0|||0||-1|-3}", &["{0,*|||*||-1|-3}"]),
    (Error, "uptimal_expansion", "{0|||0||-1|-3}", &[]),
    (Text, "is_all_small", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_atomic", "{0|||0||-1|-3}", &["true"]),
    (Text, "is_even", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_even_tempered", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_infinitesimal", "{0|||0||-1|-3}", &["true"]),
    (Text, "is_integer", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_nimber", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_number", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_numberish", "{0|||0||-1|-3}", &["true"]),
    (Text, "is_number_tiny", "{0|||0||-1|-3}", &["true"]),
    (Text, "is_odd", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_odd_tempered", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_ordinal", "{0|||0||-1|-3}", &["false"]),
    (Text, "is_uptimal", "{0|||0||-1|-3}", &["false"]),
    (List, "left_options", "{5||3|1|||0||||0}", &["{5||3|1|||0}"]),
    (List, "right_options", "{5||3|1|||0||||0}", &["0"]),
    (List, "incentives", "{5||3|1|||0||||0}", &["{5+Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}"]),
    (List, "left_incentives", "{5||3|1|||0||||0}", &["{5+Tiny({5||3|1})|{3,{3|1}|||3|1||0|-2,{-2|-4}},{{4|2},{5||3|1}|0}||0}"]),
    (List, "right_incentives", "{5||3|1|||0||||0}", &["Miny({5||3|1})"]),
    (Value, "follower_count", "{5||3|1|||0||||0}", &["10"]),
    (Value, "stop_count", "{5||3|1|||0||||0}", &["5"]),
    (Value, "companion", "{5||3|1|||0||||0}", &["{5||3|1|||*||||0,*}"]),
    (Error, "uptimal_expansion", "{5||3|1|||0||||0}", &[]),
    (Text, "is_all_small", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_atomic", "{5||3|1|||0||||0}", &["true"]),
    (Text, "is_even", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_even_tempered", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_infinitesimal", "{5||3|1|||0||||0}", &["true"]),
    (Text, "is_integer", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_nimber", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_number", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_numberish", "{5||3|1|||0||||0}", &["true"]),
    (Text, "is_number_tiny", "{5||3|1|||0||||0}", &["true"]),
    (Text, "is_odd", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_odd_tempered", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_ordinal", "{5||3|1|||0||||0}", &["false"]),
    (Text, "is_uptimal", "{5||3|1|||0||||0}", &["false"]),
    (List, "left_options", "{1|^^||^}", &["{1|^^}"]),
    (List, "right_options", "{1|^^||^}", &["^"]),
    (List, "followers", "{1|^^||^}", &["0", "1", "*", "^", "^*", "^^", "{1|^^}", "{1|^^||^}"]),
    (List, "incentives", "{1|^^||^}", &["{1+v|^||0}", "{{1+v|^},{1+v||1+vv|0}|0,{^|0,{0|-1+^^}}}"]),
    (List, "left_incentives", "{1|^^||^}", &["{{1+v|^},{1+v||1+vv|0}|0,{^|0,{0|-1+^^}}}"]),
    (List, "right_incentives", "{1|^^||^}", &["{1+v|^||0}"]),
    (Value, "follower_count", "{1|^^||^}", &["8"]),
    (Value, "stop_count", "{1|^^||^}", &["9"]),
    (Value, "companion", "{1|^^||^}", &["{1|^^*||^*}"]),
    (Error, "uptimal_expansion", "{1|^^||^}", &[]),
    (Text, "is_all_small", "{1|^^||^}", &["false"]),
    (Text, "is_atomic", "{1|^^||^}", &["true"]),
    (Text, "is_even", "{1|^^||^}", &["false"]),
    (Text, "is_even_tempered", "{1|^^||^}", &["false"]),
    (Text, "is_infinitesimal", "{1|^^||^}", &["true"]),
    (Text, "is_integer", "{1|^^||^}", &["false"]),
    (Text, "is_nimber", "{1|^^||^}", &["false"]),
    (Text, "is_number", "{1|^^||^}", &["false"]),
    (Text, "is_numberish", "{1|^^||^}", &["true"]),
    (Text, "is_number_tiny", "{1|^^||^}", &["false"]),
    (Text, "is_odd", "{1|^^||^}", &["false"]),
    (Text, "is_odd_tempered", "{1|^^||^}", &["false"]),
    (Text, "is_ordinal", "{1|^^||^}", &["false"]),
    (Text, "is_uptimal", "{1|^^||^}", &["false"]),
    (List, "left_options", "{1|^^^||^}", &["{1|^3}"]),
    (List, "right_options", "{1|^^^||^}", &["^"]),
    (List, "followers", "{1|^^^||^}", &["0", "1", "*", "^", "^^*", "^3", "{1|^3}", "{1|^3||^}"]),
    (List, "incentives", "{1|^^^||^}", &["{1+v|^^||0}", "{{1+v|^^},{1+v||1+v3|0}|0,{^^|0,{0|-1+^3}}}"]),
    (List, "left_incentives", "{1|^^^||^}", &["{{1+v|^^},{1+v||1+v3|0}|0,{^^|0,{0|-1+^3}}}"]),
    (List, "right_incentives", "{1|^^^||^}", &["{1+v|^^||0}"]),
    (Value, "follower_count", "{1|^^^||^}", &["8"]),
    (Value, "stop_count", "{1|^^^||^}", &["9"]),
    (Value, "companion", "{1|^^^||^}", &["{1|^3*||^*}"]),
    (Error, "uptimal_expansion", "{1|^^^||^}", &[]),
    (Text, "is_all_small", "{1|^^^||^}", &["false"]),
    (Text, "is_atomic", "{1|^^^||^}", &["false"]),
    (Text, "is_even", "{1|^^^||^}", &["false"]),
    (Text, "is_even_tempered", "{1|^^^||^}", &["false"]),
    (Text, "is_infinitesimal", "{1|^^^||^}", &["true"]),
    (Text, "is_integer", "{1|^^^||^}", &["false"]),
    (Text, "is_nimber", "{1|^^^||^}", &["false"]),
    (Text, "is_number", "{1|^^^||^}", &["false"]),
    (Text, "is_numberish", "{1|^^^||^}", &["true"]),
    (Text, "is_number_tiny", "{1|^^^||^}", &["false"]),
    (Text, "is_odd", "{1|^^^||^}", &["false"]),
    (Text, "is_odd_tempered", "{1|^^^||^}", &["false"]),
    (Text, "is_ordinal", "{1|^^^||^}", &["false"]),
    (Text, "is_uptimal", "{1|^^^||^}", &["false"]),
    (List, "left_options", "{3||2+*|1+*}", &["3"]),
    (List, "right_options", "{3||2+*|1+*}", &["{2*|1*}"]),
    (List, "followers", "{3||2+*|1+*}", &["0", "1", "2", "3", "1*", "2*", "{3||2*|1*}", "{2*|1*}"]),
    (List, "incentives", "{3||2+*|1+*}", &["{2*|1*||0}"]),
    (List, "left_incentives", "{3||2+*|1+*}", &["{2*|1*||0}"]),
    (List, "right_incentives", "{3||2+*|1+*}", &["{2*|1*||0}"]),
    (Value, "follower_count", "{3||2+*|1+*}", &["8"]),
    (Value, "stop_count", "{3||2+*|1+*}", &["5"]),
    (Value, "companion", "{3||2+*|1+*}", &["{3||2*|1*}"]),
    (Error, "uptimal_expansion", "{3||2+*|1+*}", &[]),
    (Text, "is_all_small", "{3||2+*|1+*}", &["false"]),
    (Text, "is_atomic", "{3||2+*|1+*}", &["false"]),
    (Text, "is_even", "{3||2+*|1+*}", &["false"]),
    (Text, "is_even_tempered", "{3||2+*|1+*}", &["false"]),
    (Text, "is_infinitesimal", "{3||2+*|1+*}", &["false"]),
    (Text, "is_integer", "{3||2+*|1+*}", &["false"]),
    (Text, "is_nimber", "{3||2+*|1+*}", &["false"]),
    (Text, "is_number", "{3||2+*|1+*}", &["false"]),
    (Text, "is_numberish", "{3||2+*|1+*}", &["false"]),
    (Text, "is_number_tiny", "{3||2+*|1+*}", &["false"]),
    (Text, "is_odd", "{3||2+*|1+*}", &["false"]),
    (Text, "is_odd_tempered", "{3||2+*|1+*}", &["true"]),
    (Text, "is_ordinal", "{3||2+*|1+*}", &["false"]),
    (Text, "is_uptimal", "{3||2+*|1+*}", &["false"]),
    (List, "left_options", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{3/2*|1/2}"]),
    (List, "right_options", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{0|-3}", "{-1*,{-1/2|-1*}|-5/2}"]),
    (List, "incentives", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}", "{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}"]),
    (List, "left_incentives", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}},{9/2*|7/2||3/2*|1/2}|0}"]),
    (List, "right_incentives", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{4*|3||{5/2|3/2*},{5/2|2*||3/2*|1}|||0,{5/2|1*,{1*|1/2}||-1/2|-2*,{-2*|-5/2}}}", "{{9/2*|7/2||{3|0},{2*,{5/2|2*}|1/2}},{9/2*|7/2||3/2*|1/2}|0,{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}}"]),
    (Value, "follower_count", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["17"]),
    (Value, "stop_count", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["11"]),
    (Value, "companion", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}"]),
    (Error, "uptimal_expansion", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &[]),
    (Text, "is_all_small", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_atomic", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_even", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_even_tempered", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_infinitesimal", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_integer", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_nimber", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_number", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_numberish", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_number_tiny", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_odd", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_odd_tempered", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_ordinal", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
    (Text, "is_uptimal", "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", &["false"]),
];

/// CGSuite's `GeneralizedOrdinal` rows of `Abs` and `Sign` (GameTest.scala, "implement unary
/// methods correctly": x, Abs, Sign), with its printed ω written as onag reads it.
const GENERALIZED_ORDINAL_ROWS: &[(&str, &str, &str)] = &[
    ("omega", "omega", "1"),
    ("-omega", "omega", "-1"),
    ("omega+5", "omega+5", "1"),
    ("omega-5", "omega-5", "1"),
    ("-omega+5", "omega-5", "-1"),
    ("omega*5", "omega*5", "1"),
    (
        "omega^omega-5*omega^19+omega^2+1",
        "omega^omega-5*omega^19+omega^2+1",
        "1",
    ),
];

#[test]
fn abs_and_sign_of_omega_expressions() {
    let mut lines = Vec::new();
    for (x, abs, sign) in GENERALIZED_ORDINAL_ROWS {
        lines.push(format!("abs({x})"));
        lines.push(abs.to_string());
        lines.push(format!("sign({x})"));
        lines.push(sign.to_string());
    }
    // By the definitions: |x| = x for x ≥ 0, else −x; sign is that of the leading term.
    for (expr, want) in [
        ("abs(1/w)", "1/w"),
        ("abs(-1/w)", "1/w"),
        ("abs(-w+1)", "w-1"),
        ("sign(w-5)", "1"),
        ("sign(-1/w)", "-1"),
        ("sign(1/w - 1/w)", "0"),
        ("abs(-w^(1/2) + w^(1/3))", "w^(1/2) - w^(1/3)"),
        ("max(w, w + 1/w)", "w + 1/w"),
        ("min(w, -w)", "-w"),
        ("max(1/2, 1/w)", "1/2"),
        ("min(1/2, 1/w)", "1/w"),
    ] {
        lines.push(expr.to_string());
        lines.push(want.to_string());
    }
    let out = eval_lines(&lines);
    for (pair, src) in out.chunks(2).zip(lines.chunks(2)) {
        assert_eq!(pair[0], pair[1], "{} should be {}", src[0], src[1]);
    }
    // Still only for numbers.
    fails("abs(*2)", "must be a number");
    fails("sign(^)", "must be a number");
}

/// CGSuite's `CompoundGameTestCase` rows of `OrdinalProduct` whose arguments are canonical
/// forms (onag's functions take their arguments' canonical forms): g, h, the canonical form
/// of `g OrdinalProduct h`. CGSuite's fifth row writes its g as the form '{*|*}' (value 0),
/// whose product with 3 is 0 as for the form 0; its sixth row's g, the misère form
/// *[[[2]],[2],0], is a non-canonical form of * whose product CGSuite takes from the form
/// (*10, where the canonical * gives *5), so it is left out.
const ORDINAL_PRODUCT_ROWS: &[(&str, &str, &str)] = &[
    ("1/2", "1/4", "11/32"),
    ("*5", "*6", "*30"),
    ("+-1", "^^", "+-1"),
    ("{1|0}", "0", "0"),
    ("{*|*}", "3", "0"),
];

#[test]
fn ordinal_product_by_cgsuite_and_the_definition() {
    let mut lines = Vec::new();
    for (g, h, want) in ORDINAL_PRODUCT_ROWS {
        lines.push(format!("ordinal_product({g}, {h})"));
        lines.push(want.to_string());
    }
    // Finite nimbers: *a · *b = *(ab), the ordinal product a·b = sup{a·j + k : j < b, k < a}.
    for a in 0..6 {
        for b in 0..6 {
            lines.push(format!("ordinal_product(*{a}, *{b})"));
            lines.push(format!("*{}", a * b));
        }
    }
    // Integers: n·m = {n·(m−1) : (n−1) |} = n·m; 1·H = {1·Hᴸ : 0 | 1·Hᴿ : 0} = H for any H;
    // G·0 and 0·H have no options.
    for (expr, want) in [
        ("ordinal_product(3, 4)", "12"),
        ("ordinal_product(5, 1)", "5"),
        ("ordinal_product(1, ^^)", "^^"),
        ("ordinal_product(1, {1|0})", "{1|0}"),
        ("ordinal_product(1, {2|-1||-3})", "{2|-1||-3}"),
        ("ordinal_product({1|0}, 0)", "0"),
        ("ordinal_product(0, {3|-2})", "0"),
    ] {
        lines.push(expr.to_string());
        lines.push(want.to_string());
    }
    let out = eval_lines(&lines);
    for (pair, src) in out.chunks(2).zip(lines.chunks(2)) {
        assert_eq!(pair[0], pair[1], "{} should be {}", src[0], src[1]);
    }
    fails("ordinal_product(1)", "argument");
}
