//! The REPL is the commands: each line typed into `onag repl` prints exactly what the
//! subcommand of the same name prints for the same input (the independent source here is the
//! subcommand's own run, a separate process), in every play — normal, loopy, misère and the
//! number world — and its words name its own commands (`:eval`), not the command line's.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

/// The greeting the REPL prints before its first answer.
const GREETING: &str = "onag: type a game, A = B, A ? B, or :help\n";

/// `onag [repl_args] repl` fed `line`: its standard output after the greeting, and its
/// standard error.
fn repl(repl_args: &[&str], line: &str) -> (String, String) {
    let mut args = vec!["repl"];
    args.extend_from_slice(repl_args);
    let o = onag_stdin(&args, &format!("{line}\n:quit\n"));
    assert_eq!(o.status.code(), Some(0), "{line}: {}", stderr(&o));
    let out = stdout(&o);
    let rest = out
        .strip_prefix(GREETING)
        .unwrap_or_else(|| panic!("{line}: no greeting in {out:?}"));
    (rest.to_string(), stderr(&o))
}

/// Each REPL line against the subcommand that must answer it the same way.
#[test]
fn every_line_answers_as_its_command() {
    let cases: &[(&str, &[&str])] = &[
        // normal play
        ("{0,1|2}", &["simplify", "{0,1|2}"]),
        (":simplify {0|5}", &["simplify", "{0|5}"]),
        ("{0|5} = 1", &["prove", "{0|5} = 1"]),
        (":prove ^ + ^ + * = {0|^}", &["prove", "^ + ^ + * = {0|^}"]),
        ("{0|1} = 1", &["prove", "{0|1} = 1"]),
        ("^ ? *", &["compare", "^", "*"]),
        (":compare 1/2 ? {0|1}", &["compare", "1/2", "{0|1}"]),
        (":eval {0,1|2}", &["eval", "{0,1|2}"]),
        (":analyze {2|-1}", &["analyze", "{2|-1}"]),
        (":rules dominated-left", &["rules", "dominated-left"]),
        // loopy play, chosen by the notation as the commands choose it
        ("on + off = dud", &["prove", "on + off = dud"]),
        ("on + off", &["simplify", "on + off"]),
        (":eval on+off", &["eval", "on+off"]),
        // misère play: `:misere` is `--misere`
        (":misere *2+*2", &["simplify", "--misere", "*2+*2"]),
        (":misere {*2|*2} = 0", &["prove", "--misere", "{*2|*2} = 0"]),
        // the number world
        (":eval w+1", &["eval", "w+1"]),
        (":eval 1/3", &["eval", "1/3"]),
        ("1/3 ? 1/2", &["compare", "1/3", "1/2"]),
    ];
    let mut failures = Vec::new();
    for (line, cmd) in cases {
        let (got, err) = repl(&[], line);
        let o = onag(cmd);
        let want = stdout(&o);
        assert!(
            !want.is_empty(),
            "onag {cmd:?} printed nothing: {}",
            stderr(&o)
        );
        if got != want || !err.is_empty() {
            failures.push(format!(
                "{line}\n--- onag {cmd:?} prints\n{want}--- the REPL prints\n{got}--- and on stderr\n{err}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The REPL's options apply to its lines as the subcommand's do.
#[test]
fn the_repls_options_apply() {
    let (got, err) = repl(&["--rules", "fundamental", "--explain", "2"], "{0|5}");
    let want = stdout(&onag(&[
        "simplify",
        "--rules",
        "fundamental",
        "--explain",
        "2",
        "{0|5}",
    ]));
    assert_eq!(got, want, "{err}");
    // fundamental rules only: the simplicity rule is not among them.
    assert!(
        got.contains("reversible-right") && !got.contains("simplicity"),
        "{got}"
    );
}

/// A line with no derivation gets the REPL's own hint, `:eval` of it with the value `onag
/// eval` prints for it (the independent source: the subcommand's own run), and never the
/// command line's words.
#[test]
fn errors_name_the_repls_commands() {
    let value = stdout(&onag(&["eval", "w+1"]));
    let (out, err) = repl(&[], "w+1");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!("(`:eval w+1` gives its value: {})", value.trim())),
        "{err}"
    );
    assert!(!err.contains("onag eval"), "{err}");
    let (out, err) = repl(&[], ":frobnicate 1");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("unknown command `:frobnicate`"), "{err}");
    let (_, err) = repl(&[], ":prove 1");
    assert!(err.contains("`A = B`"), "{err}");
}

/// `:help` lists every command with an example, and every example it gives runs without an
/// error in the REPL.
#[test]
fn help_lists_each_command_with_an_example_that_runs() {
    let (help, _) = repl(&[], ":help");
    for cmd in [
        ":simplify",
        ":prove",
        ":compare",
        ":eval",
        ":analyze",
        ":misere",
        ":rules",
        ":help",
        ":quit",
    ] {
        assert!(help.contains(&format!("  {cmd}")), "{cmd} missing: {help}");
    }
    // Each example is the text after the last run of three or more spaces on a command's
    // line (`:help` and `:quit` have none).
    let mut examples = Vec::new();
    for line in help.lines().filter(|l| l.starts_with("  ")) {
        let Some((_, ex)) = line.trim_end().rsplit_once("   ") else {
            continue;
        };
        let ex = ex.trim();
        if !ex.is_empty()
            && !line.trim_start().starts_with(":help")
            && !line.trim_start().starts_with(":quit")
        {
            examples.push(ex.to_string());
        }
    }
    assert!(examples.len() >= 10, "{examples:?}\n{help}");
    for ex in &examples {
        let (out, err) = repl(&[], ex);
        assert!(err.is_empty() && !out.is_empty(), "`{ex}`: {out}{err}");
    }
    // `onag repl --help` has examples and the same list.
    let o = onag(&["repl", "--help"]);
    let h = stdout(&o);
    assert!(h.contains("Examples:") && h.contains(":eval w+1"), "{h}");
}
