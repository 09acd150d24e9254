//! The rulesets through the `onag` binary: positions read from the command line and standard
//! input, bad ones reported with a position and exit 2, limits with exit 3, nim-sequences and
//! their periods printed; and the values of octal games and Cutcake through the library
//! (`values`). The values that need crate-private modules are tested beside the code, in
//! src/rulesets/tests/.

mod values;

/// OEIS A002186, Kayles (octal game 0.77), n = 0..104.
pub(crate) const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

#[path = "../common/run.rs"]
mod run;

/// `onag ARGS` (with `stdin` on standard input): exit status, standard output, standard error.
fn onag(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let out = match stdin {
        Some(s) => run::onag_stdin(args, s),
        None => run::onag(args),
    };
    (
        out.status.code().unwrap_or(-1),
        run::stdout(&out),
        run::stderr(&out),
    )
}

#[test]
fn command_line_reads_positions_and_reports_bad_ones() {
    // A board on several lines from standard input.
    let (code, out, _) = onag(
        &["eval", "--ruleset", "domineering", "-"],
        Some("...\n...\n...\n"),
    );
    assert_eq!((code, out.trim()), (0, "+-1"));
    // In an expression, with other games.
    let (code, out, _) = onag(&["eval", "domineering(\"..|..\") + ^"], None);
    assert_eq!((code, out.trim()), (0, "{1^|-1^}"));
    // Bad input: a positioned error and exit 2.
    let (code, _, err) = onag(&["eval", "--ruleset", "domineering", "-"], Some("..\n.x\n"));
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 2"), "{err}");
    let (code, _, err) = onag(&["eval", "domineering(\"..|...\")"], None);
    assert_eq!(code, 2, "{err}");
    let (code, _, _) = onag(&["eval", "octal(\"0.9\", 3)"], None);
    assert_eq!(code, 2);
    let (code, _, _) = onag(&["eval", "hackenbush(\"_ L\")"], None);
    assert_eq!(code, 2);
    let (code, _, _) = onag(&["eval", "--ruleset", "chess", "x"], None);
    assert_eq!(code, 2);
    // Beyond the search: exit 3, never an answer.
    let big = vec![".".repeat(20); 20].join("|");
    let (code, _, _) = onag(&["eval", "--ruleset", "domineering", &big], None);
    assert_eq!(code, 3);
    let (code, _, _) = onag(
        &["eval", "--ruleset", "domineering", "-"],
        Some(&".".repeat(1_000_000)),
    );
    assert_eq!(code, 3);
    // A picture.
    let (code, out, _) = onag(
        &["eval", "--ruleset", "toads", "--format", "svg", "TT.FF"],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("<svg"));
}

#[test]
fn command_line_prints_nim_sequences_and_periods() {
    let (code, out, _) = onag(&["eval", "--ruleset", "octal", "0.77"], None);
    assert_eq!(code, 0);
    let first: Vec<String> = A002186.iter().take(100).map(|v| v.to_string()).collect();
    assert!(
        out.starts_with(&format!("0.77 G(0..99): {}\n", first.join(" "))),
        "{out}"
    );
    assert!(out.contains("periodic: period 12 from heap 71"), "{out}");
    let (_, out, _) = onag(&["eval", "--ruleset", "subtraction", "1,2,3"], None);
    assert!(out.contains("period 4 from heap 0"), "{out}");
    // 0.106 has no known period (Winning Ways; computed far beyond 2^14 heaps).
    let (code, out, _) = onag(&["eval", "--ruleset", "octal", "0.106"], None);
    assert_eq!(code, 0);
    assert!(out.contains("not yet periodic"), "{out}");
    let (code, _, err) = onag(&["eval", "--ruleset", "octal", "0.78"], None);
    assert_eq!(code, 2);
    assert!(err.contains("column 4"), "{err}");
}

/// Every ruleset's bad input through the command line: exit 2 with the place for bad text, 3
/// for sizes beyond the limits, and no value in either case. (The library's own errors for the
/// same inputs are tested in src/rulesets/tests/rulesets.rs.)
#[test]
fn every_ruleset_refuses_bad_input_on_the_command_line() {
    for (args, stdin, want) in [
        (
            vec!["eval", "--ruleset", "clobber", "-"],
            Some("xo\nxoo\n"),
            2,
        ),
        (vec!["eval", "clobber(\"xo|x?\")"], None, 2),
        (vec!["eval", "toads(\"T..Q\")"], None, 2),
        (vec!["eval", "cutcake(1000000, 2)"], None, 3),
        (vec!["eval", "octal(\"0.7a\", 3)"], None, 2),
        (vec!["eval", "hackenbush(\"_ L a, a R\")"], None, 2),
        (
            vec!["eval", "--ruleset", "toads", "-"],
            Some(&*".".repeat(1_000_000)),
            3,
        ),
    ] {
        let (code, out, err) = onag(&args, stdin);
        assert_eq!(code, want, "{args:?}: {err}");
        assert!(out.trim().is_empty(), "{args:?}: {out}");
        if want == 2 {
            assert!(err.contains("column"), "{args:?}: {err}");
        }
    }
}
