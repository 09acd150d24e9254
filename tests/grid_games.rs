//! CGSuite's grid rulesets through the `onag` binary: `cram`, `kings`, `rooks`, `knights`,
//! `queens` and `amazons` with CGSuite's own expected values (GameGridTest.scala), bad boards
//! (exit 2 with the line, column and caret), boards past the search's size (exit 3), and
//! proofs through them checked by `onag check`.

use std::process::Command;

fn onag(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn eval(expr: &str) -> String {
    let (code, out, err) = onag(&["eval", "--ascii", expr]);
    assert_eq!(code, 0, "{expr}: {err}");
    out.trim().to_string()
}

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
    let dir = std::env::temp_dir().join(format!("onag-grids-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (a, b) in [
        (r#"queens("xox|ox.")"#, "^"),
        (r#"cram("...|...")"#, "*"),
        (r#"kings("xo.|.ox") - kings("xo.|.ox")"#, "0"),
        // Either amazon steps into the middle and burns the square it left: {0|0}.
        (r#"amazons("x.o")"#, "*"),
        (r#"rooks("x..o")"#, r#"rooks("xo")"#),
    ] {
        let file = dir.join("p.json");
        let (code, out, err) = onag(&["prove", "--format", "json", a, b]);
        assert_eq!(code, 0, "{a} = {b}: {err}");
        std::fs::write(&file, out).unwrap();
        let (code, out, err) = onag(&["check", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{a} = {b}: {out}{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}
