//! Issue 28, point 1, through the `onag` binary: the proofs `onag check` accepted because the
//! producer and the checker read a position differently are now rejected (exit 1), the true
//! claims it refused are proved, and the position languages of docs/POSITIONS.md are read as
//! written there: strictly, with the offending character named at its line and column.

mod common;

/// `onag ARGS` with `stdin` (or nothing) on standard input: exit status, output, errors.
fn onag(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let out = common::run::onag_stdin(args, stdin.unwrap_or(""));
    (
        out.status.code().unwrap_or(-1),
        common::run::stdout(&out),
        common::run::stderr(&out),
    )
}

/// A file in the temporary directory holding `text`, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("onag-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The false proofs of issue 28, as JSON: each opens a position to `{|}` (no move) and folds
/// it to 0, though `toads("t.")` is 1, `domineering(".\r.")` is −1 and `clobber("x\ro")` is ∗
/// to the producer that read them. Each is now rejected, naming the character.
#[test]
fn false_proofs_of_misread_positions_are_rejected() {
    for (name, json, named) in [
        (
            "toads",
            r#"{"version":3,"input":"toads(\"t.\")","result":"0","steps":[{"to":"{|}","rule":"toads","why":"x"},{"to":"0","rule":"zero-fold","why":"x"}]}"#,
            "character 't'",
        ),
        (
            "domineering",
            r#"{"version":3,"input":"domineering(\".\r.\")","result":"0","steps":[{"to":"{|}","rule":"domineering","why":"x"},{"to":"0","rule":"zero-fold","why":"x"}]}"#,
            "carriage return",
        ),
        (
            "clobber",
            r#"{"version":3,"input":"clobber(\"x\ro\")","result":"0","steps":[{"to":"{|}","rule":"clobber","why":"x"},{"to":"0","rule":"zero-fold","why":"x"}]}"#,
            "carriage return",
        ),
    ] {
        let file = TempFile::new(&format!("{name}.json"), json);
        let (code, out, err) = onag(&["check", file.path()], None);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.contains("rejected"), "{name}: {out}{err}");
        assert!(
            out.contains(named) || err.contains(named),
            "{name}: {out}{err}"
        );
    }
}

/// The same texts given to the producer: refused as bad input (exit 2), naming the character
/// at its column, by `eval` and by `simplify` (which said "the proof does not check").
#[test]
fn misread_positions_are_bad_input_everywhere() {
    for (expr, column, named) in [
        ("toads(\"t.\")", "column 1", "character 't'"),
        ("toads(\"TF.f\")", "column 4", "write 'F'"),
        (
            "domineering(\".\r.\")",
            "column 2",
            "carriage return (U+000D)",
        ),
        ("clobber(\"x\ro\")", "column 2", "carriage return (U+000D)"),
        ("clobber(\"X.o\")", "column 1", "write 'x'"),
        ("hackenbush(\"_ e a\")", "column 3", "write 'E'"),
        ("domineering(\"..\t\")", "column 3", "tab (U+0009)"),
        (
            "toads(\"\u{feff}T.\")",
            "column 1",
            "byte order mark (U+FEFF)",
        ),
        ("toads(\"Т.\")", "column 1", "not ASCII"),
    ] {
        for command in ["eval", "simplify"] {
            let (code, out, err) = onag(&[command, expr], None);
            assert_eq!(code, 2, "{command} {expr:?}: {out}{err}");
            assert!(err.contains(column), "{command} {expr:?}: {err}");
            assert!(err.contains(named), "{command} {expr:?}: {err}");
            assert!(!err.contains("does not check"), "{command} {expr:?}: {err}");
        }
    }
}

/// `hackenbush("_ E a, a E _, _ L _")` (two parallel green edges and a blue loop on the
/// ground) is 1: `compare` said so, but `prove` exited 1 ("listed twice"). Now `eval`,
/// `compare`, `prove`, `simplify` and `check` of the proof all agree.
#[test]
fn parallel_hackenbush_edges_are_proved() {
    let pic = "hackenbush(\"_ E a, a E _, _ L _\")";
    let (code, out, err) = onag(&["eval", pic], None);
    assert_eq!((code, out.trim()), (0, "1"), "{err}");
    let (code, out, err) = onag(&["compare", pic, "1"], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains(" = 1"), "{out}");
    let (code, out, err) = onag(&["prove", pic, "1"], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("proved"), "{out}");
    let (code, out, err) = onag(&["simplify", pic], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("canonical form: 1"), "{out}");
    let (code, proof, err) = onag(&["simplify", "--format", "json", pic], None);
    assert_eq!(code, 0, "{err}");
    let file = TempFile::new("hackenbush.json", &proof);
    let (code, out, err) = onag(&["check", file.path()], None);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("checks"), "{out}");
}

/// `--ruleset NAME --file` reads rows on lines, CRLF line breaks included (read as line
/// breaks before the position language, which has no carriage return), and a bad square is
/// still reported at the file's line and column.
#[test]
fn ruleset_files_with_crlf_line_breaks_are_read() {
    let unix = TempFile::new("board-lf.txt", "..#\n...\n...\n");
    let dos = TempFile::new("board-crlf.txt", "..#\r\n...\r\n...\r\n");
    let (code, lf, err) = onag(
        &["eval", "--ruleset", "domineering", "--file", unix.path()],
        None,
    );
    assert_eq!((code, lf.trim()), (0, "+-3/2"), "{err}");
    let (code, crlf, err) = onag(
        &["eval", "--ruleset", "domineering", "--file", dos.path()],
        None,
    );
    assert_eq!((code, crlf.trim()), (0, "+-3/2"), "{err}");
    let bad = TempFile::new("board-bad.txt", "xo\r\nxO\r\n");
    let (code, _, err) = onag(
        &["eval", "--ruleset", "clobber", "--file", bad.path()],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 2, column 2"), "{err}");
    assert!(err.contains("write 'o'"), "{err}");
}
