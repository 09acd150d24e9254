//! Games on graphs through the `onag` binary, positions in CGSuite's graph notation: `snort`,
//! `col`, `arc_kayles`, `childish_hackenbush` and `hackenbush` reading CGSuite's strings. Values
//! against CGSuite's own expected values (lib/core/src/test/scala/org/cgsuite/lang/
//! GameGraphTest.scala), Arc Kayles on paths against Dawson's Kayles and on looped paths against
//! Kayles; bad input (exit 2 with the place) and limits (exit 3).

mod common;

use common::run::{eval, run as onag, star};

/// Asserts that `expr` equals the value CGSuite writes as `expected` (read by onag's CGSuite
/// notation), by their difference being 0.
fn equals(expr: &str, expected: &str) {
    assert_eq!(
        eval(&format!("{expr} - ({expected})")),
        "0",
        "{expr} = {} should be {expected}",
        eval(expr)
    );
}

#[test]
fn cgsuite_col_and_snort_values() {
    equals(r#"col("R-.-R-.-L-.-R-.-R-.")"#, "7/8");
    equals(r#"snort("L-.-.-.-L")"#, "{4|0,+-1}");
    equals(r#"snort(".-.-.(-.;-.)")"#, "+-{3|2}");
}

#[test]
fn cgsuite_hackenbush_values() {
    for (text, value) in [
        ("lrlrrllr", "77/128"),
        ("l(l;rl)", "3/2"),
        ("eeeeeee", "*7"),
        ("lrlerrr", "3/4v[3]*"),
        ("e(ee(e;e);e(eee;ee);e(ee;e))", "*5"),
        // Winning Ways' green girl (ch. 7, figure 3).
        ("e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", "*2"),
    ] {
        equals(&format!("hackenbush(\"{text}\")"), value);
    }
    // CGSuite's strings and onag's own forms of the same pictures agree.
    equals(r#"hackenbush("lrlrrllr")"#, r#"hackenbush("LRLRRLLR")"#);
    equals(r#"hackenbush("l(l;rl)")"#, r#"hackenbush("L(L,RL)")"#);
    equals(
        r#"hackenbush(":Geeee:G")"#,
        r#"hackenbush("_ E a E b E c E _")"#,
    );
    equals(
        r#"hackenbush("ee:Aeeee:A")"#,
        r#"hackenbush("_ E a E b E c E d E e E b")"#,
    );
    // The bare ground.
    assert_eq!(eval(r#"hackenbush(".")"#), "0");
}

#[test]
fn cgsuite_childish_hackenbush_values() {
    for (text, value) in [
        ("l(l;rl)", "2"),
        (":{ground}llllllrrrr:{ground}", "{4|-2}"),
        ("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))", "15/16"),
        ("(e:B;e:Bllllllrrr:B)", "{0|^[4]*||vv}"),
    ] {
        equals(&format!("childish_hackenbush(\"{text}\")"), value);
    }
    assert_eq!(
        eval(r#"atomic_weight(childish_hackenbush("(e:B;e:B;e:Blllllllllrr:B)"))"#),
        "3/2"
    );
}

/// CGSuite's GameGraphTest: Arc Kayles on paths of 1 to 50 vertices.
const PATHS: [u32; 50] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5,
];

/// CGSuite's GameGraphTest: Arc Kayles on paths of 1 to 50 vertices with a loop at each.
const LOOPED: [u32; 50] = [
    1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1,
    8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2,
];

fn path(n: usize) -> String {
    if n == 1 {
        ".".into()
    } else {
        "-".repeat(n - 1)
    }
}

fn looped_path(n: usize) -> String {
    (0..n)
        .map(|i| format!(":{{{i}}}-:{{{i}}}"))
        .collect::<Vec<_>>()
        .join("-")
}

#[test]
fn arc_kayles_on_paths_is_dawsons_kayles() {
    // A move on a path of n vertices removes two adjacent ones, leaving paths of a and b
    // vertices with a + b = n - 2: a heap of n in octal 0.07, the same game.
    for (i, &g) in PATHS.iter().enumerate() {
        let n = i + 1;
        let ak = format!("arc_kayles(\"{}\")", path(n));
        assert_eq!(eval(&ak), star(g), "{ak}");
        if n % 5 == 0 {
            assert_eq!(eval(&format!("{ak} + octal(\"0.07\", {n})")), "0", "{ak}");
        }
    }
}

#[test]
fn arc_kayles_on_looped_paths_is_kayles() {
    // A loop's move removes its one vertex: remove one vertex or two adjacent ones, Kayles
    // (0.77).
    for (i, &g) in LOOPED.iter().enumerate() {
        let n = i + 1;
        if n <= 20 || n % 3 == 0 {
            let ak = format!("arc_kayles(\"{}\")", looped_path(n));
            assert_eq!(eval(&ak), star(g), "{ak}");
            if n % 7 == 0 {
                assert_eq!(eval(&format!("{ak} + octal(\"0.77\", {n})")), "0", "{ak}");
            }
        }
    }
}

#[test]
fn small_positions_from_the_rules() {
    // Snort: a lone vertex is * (either may colour it); one tinted L only Left may colour (1);
    // two joined vertices: whoever colours one leaves the other tinted for herself, ±1.
    assert_eq!(eval(r#"snort(".")"#), "*");
    assert_eq!(eval(r#"snort("L")"#), "1");
    assert_eq!(eval(r#"snort("-")"#), "+-1");
    // Col: a vertex tinted L only Right may colour (-1); two joined vertices: the other is left
    // tinted against its colourer, so the opponent gets a move: {-1 | 1} = 0.
    assert_eq!(eval(r#"col("L")"#), "-1");
    assert_eq!(eval(r#"col("-")"#), "0");
    assert_eq!(eval(r#"col(".;.")"#), "0");
    // Arc Kayles: one edge is *, a triangle * (every move clears it), the empty graph 0.
    assert_eq!(eval(r#"arc_kayles("-")"#), "*");
    assert_eq!(eval(r#"arc_kayles(":A--:A")"#), "*");
    assert_eq!(eval(r#"arc_kayles("")"#), "0");
    // Childish Hackenbush: a blue edge under a red one may not be cut (the red would fall).
    assert_eq!(eval(r#"childish_hackenbush("lr")"#), "0");
    assert_eq!(eval(r#"hackenbush("lr")"#), "1/2");
}

/// Bad text: exit 2, the line and column, and a caret under the culprit.
fn refused(expr: &str, column: usize, says: &str) {
    let (code, _, err) = onag(&["eval", expr]);
    assert_eq!(code, 2, "{expr}: {err}");
    assert!(
        err.contains(&format!("line 1, column {column}")),
        "{expr}: {err}"
    );
    assert!(err.contains(says), "{expr}: {err}");
    assert!(err.contains('^'), "{expr}: {err}");
}

#[test]
fn bad_graphs_are_refused_with_the_place() {
    refused(r#"col("L-X")"#, 3, "character 'X'");
    refused(r#"snort("l-.")"#, 1, "write 'L'");
    refused(r#"col("L-.(")"#, 4, "not closed");
    refused(r#"col("L-.)")"#, 4, "closes nothing");
    refused(r#"snort("-(-;-)-")"#, 7, "group ends its chain");
    refused(r#"col("L:A-:A")"#, 6, "named \"A\"");
    refused(r#"arc_kayles("->")"#, 2, "directed");
    refused(r#"arc_kayles("-:")"#, 2, "a name must follow");
    refused(r#"arc_kayles("-{a")"#, 2, "not closed");
    refused(r#"arc_kayles("L")"#, 1, "character 'L'");
    refused(r#"hackenbush("l-r")"#, 2, "unlabelled edge");
    refused(r#"hackenbush("lrlr;lr")"#, 6, "not connected");
    refused(r#"hackenbush("")"#, 1, "no ground");
    refused(r#"childish_hackenbush("lx")"#, 2, "character 'x'");
    // Mixed case is onag's own tree form, whose colours are capitals.
    refused(r#"hackenbush("Lr")"#, 2, "write 'R'");
}

#[test]
fn graphs_beyond_the_search_are_limits() {
    let (code, _, err) = onag(&["eval", &format!("arc_kayles(\"{}\")", "-".repeat(128))]);
    assert_eq!(code, 3, "{err}");
    let (code, _, err) = onag(&["eval", &format!("snort(\"{}\")", "-".repeat(128))]);
    assert_eq!(code, 3, "{err}");
}

#[test]
fn proofs_through_graph_games_check() {
    // CGSuite's GameGraphTest values, and Dawson's Kayles on a path of 6 vertices (*3).
    common::run::proofs_check(
        "graph-games",
        &[
            (r#"snort("L-.-.-.-L")"#, "{4|0,+-1}"),
            (r#"col("R-.-R-.-L-.-R-.-R-.")"#, "7/8"),
            (r#"arc_kayles("-----")"#, "*3"),
            (r#"childish_hackenbush("l(l;rl)")"#, "2"),
            (r#"hackenbush("l(l;rl)")"#, "3/2"),
        ],
    );
}
