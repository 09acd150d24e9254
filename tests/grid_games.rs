//! CGSuite's grid rulesets through the `onag` binary: `cram`, `kings`, `rooks`, `knights`,
//! `queens` and `amazons` with CGSuite's own expected values (GameGridTest.scala), bad boards
//! (exit 2 with the line, column and caret), boards past the search's size (exit 3), and
//! proofs through them checked by `onag check`.

mod common;

use common::run::{eval, run as onag};

#[test]
fn cgsuite_values_print_as_cgsuite_prints_them() {
    for (expr, want) in [
        (r#"kings("xox|ox.")"#, "{^^*|*,v[2]}"),
        (r#"rooks("xox|ox.")"#, "{^^*|0,*}"),
        (r#"queens("xox|ox.")"#, "^"),
        (r#"cram(".........|##.######")"#, "*4"),
        (
            r#"amazons("x...|o...")"#,
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
        ),
    ] {
        assert_eq!(eval(expr), want, "{expr}");
    }
    // A sum of rulesets, and a ruleset beside a value.
    assert_eq!(eval(r#"cram("....") + cram("....")"#), "0");
    assert_eq!(eval(r#"kings("xo") - kings("xo")"#), "0");
}

#[test]
fn bad_boards_exit_2_with_the_place() {
    for (expr, column) in [
        (r#"cram("..|.x")"#, "column 5"),
        (r#"kings("xo|oX")"#, "column 5"),
        (r#"rooks("x#o")"#, "column 2"),
        (r#"amazons("x.|o..")"#, "column 4"),
        (r#"queens("")"#, "column 1"),
    ] {
        let (code, out, err) = onag(&["eval", expr]);
        assert_eq!(code, 2, "{expr}: {err}");
        assert!(out.is_empty(), "{expr}");
        assert!(err.contains(column), "{expr}: {err}");
        assert!(err.contains('^'), "{expr}: {err}");
    }
    let (code, _, err) = onag(&["eval", "cram(3)"]);
    assert_eq!(code, 2, "{err}");
    // More squares than the bit-board search takes: a limit, exit 3.
    let big = vec![".".repeat(12); 11].join("|");
    let (code, out, err) = onag(&["eval", &format!("amazons(\"{big}\")")]);
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
}

#[test]
fn proofs_through_grid_rulesets_check() {
    common::run::proofs_check(
        "grids",
        &[
            (r#"queens("xox|ox.")"#, "^"),
            (r#"cram("...|...")"#, "*"),
            (r#"kings("xo.|.ox") - kings("xo.|.ox")"#, "0"),
            // Either amazon steps into the middle and burns the square it left: {0|0}.
            (r#"amazons("x.o")"#, "*"),
            (r#"rooks("x..o")"#, r#"rooks("xo")"#),
        ],
    );
}
