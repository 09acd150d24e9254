//! The `onag` binary end to end: canonical forms, JSON, comparisons, stdin batches, exit
//! statuses and error carets.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

use std::process::{Command, Stdio};

#[test]
fn bad_input_exits_2_with_a_caret() {
    let o = onag(&["eval", "{1/3|}"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("1/3 is not a dyadic rational"), "{err}");
    assert!(err.contains("1 | {1/3|}\n  |  ^^^"), "{err}");
    assert!(stdout(&o).is_empty());
}

#[test]
fn ambiguous_bars_exit_2() {
    let o = onag(&["eval", "{3|2|1}"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ambiguous"));
}

#[test]
fn compare_reports_bad_input() {
    let o = onag(&["compare", "{", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("in the first game"), "{}", stderr(&o));
    assert!(stderr(&o).contains("^"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(onag(&[]).status.code(), Some(2));
    assert_eq!(onag(&["eval"]).status.code(), Some(2));
    assert_eq!(onag(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(onag(&["compare", "0"]).status.code(), Some(2));
    let help = onag(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("eval"));
}

#[test]
fn deep_input_is_an_error_not_a_crash() {
    // A single argument is limited to 128 KiB on Linux; a million braces go through stdin.
    let o = onag(&["eval", &"{".repeat(100_000)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nested too deeply"));
    let o = onag_stdin(&["eval", "-"], &("{".repeat(1_000_000) + "\n"));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("nested too deeply"));
}

#[test]
fn stdin_all_bad_lines_exit_2_and_report_each() {
    let o = onag_stdin(&["eval", "-"], "{1|\n\n{1/3|}\n");
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("line 1, column 4"), "{err}");
    assert!(err.contains("line 3, column 2"), "{err}");
}

#[test]
fn eval_prints_the_canonical_form() {
    let cases = [
        ("{0,1|2}", "3/2"),
        ("{0|0}", "*"),
        ("{0|*}", "^"),
        ("^ + ^", "^^"),
        ("{1|-1}", "+-1"),
        ("{3|{2|1}}", "{3||2|1}"),
        ("1/2 + 1/4", "3/4"),
        ("{|}", "0"),
        ("*2 + *3", "*"),
        ("hs\"LR\"", "1/2"),
        // {1|0} = 1/2 +- 1/2, and +-1/2 + +-1/2 = 0, so three copies are 1 + {1|0}.
        ("3*{1|0}", "{2|1}"),
    ];
    for (input, want) in cases {
        let o = onag(&["eval", input]);
        assert_eq!(o.status.code(), Some(0), "{input}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{input}");
    }
    let o = onag(&["eval", "--unicode", "{0|*}"]);
    assert_eq!(stdout(&o), "↑\n");
}

#[test]
fn leading_minus_is_an_expression_not_a_flag() {
    let o = onag(&["eval", "-1/2*"]);
    assert_eq!(stdout(&o), "-1/2*\n", "{}", stderr(&o));
    let o = onag(&["compare", "--brief", "-1", "-2"]);
    assert_eq!(stdout(&o), ">\n", "{}", stderr(&o));
}

#[test]
fn eval_json() {
    let o = onag(&["eval", "--json", "{0,1|2}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["input"], "{0,1|2}");
    assert_eq!(v["canonical"], "3/2");
    assert_eq!(v["outcome"], "L");
    assert_eq!(v["number"], "3/2");
    assert_eq!(v["nimber"], serde_json::Value::Null);
    assert_eq!(v["birthday"], "3");
    let o = onag(&["eval", "--json", "*2"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], "2");
    assert_eq!(v["number"], serde_json::Value::Null);
}

#[test]
fn compare_prints_the_relation() {
    for (a, b, want) in [
        ("^", "0", ">"),
        ("v", "0", "<"),
        ("{1|}", "2", "="),
        ("1", "2", "<"),
        ("{1|}", "3", "<"),
        ("{0|0}", "*", "="),
        ("*", "0", "||"),
        ("-1", "-1", "="),
    ] {
        let o = onag(&["compare", "--brief", a, b]);
        assert_eq!(o.status.code(), Some(0), "{a} {b}: {}", stderr(&o));
        assert_eq!(stdout(&o), format!("{want}\n"), "{a} vs {b}");
    }
}

#[test]
fn stdin_mixes_good_and_bad_lines() {
    let o = onag_stdin(&["eval", "-"], "{0|0}\n\n  \n{1/3|}\n{0,1|2}\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "*\n3/2\n");
    assert!(stderr(&o).contains("line 4, column 2"));
}

#[test]
fn big_numbers_work() {
    let big = format!("1{}", "0".repeat(100_000));
    let o = onag(&["eval", &format!("{big} + 0")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), big);
    let n = num_bigint::BigUint::from(1u8) << 1000usize;
    let o = onag(&["eval", &format!("*{n} + *{n}")]);
    assert_eq!(stdout(&o).trim(), "0");
}

#[test]
fn simplify_names_each_rule_and_its_witnesses() {
    let o = onag(&["simplify", "--rules", "fundamental", "{0,1|2}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].trim(), "{0,1|2}");
    assert_eq!(lines[1].trim(), "= {1|2}");
    assert!(lines[2].contains("by dominated-left"), "{out}");
    assert!(lines[2].contains("because 0 <= 1"), "{out}");
    assert_eq!(lines.last().copied(), Some("canonical form: 3/2"));
    // A pipe gets no colour, even without NO_COLOR; --color always forces it.
    assert!(!out.contains('\x1b'));
    let o = onag(&["simplify", "--color", "always", "{0|5}"]);
    assert!(stdout(&o).contains("\x1b[1;36m"), "{}", stdout(&o));
}

#[test]
fn prove_gives_a_checked_proof_or_exit_1_with_the_winning_move() {
    for args in [&["prove", "{0|5}", "1"][..], &["prove", "{0|5} = 1"][..]] {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains("proved: {0|5} = 1"), "{}", stdout(&o));
        assert!(stdout(&o).contains("checked"));
    }
    let o = onag(&["prove", "{0|1} = 1"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("{0|1} != 1: in fact {0|1} < 1"), "{out}");
    assert!(out.contains("{0|1} - 1 = -1/2"), "{out}");
    assert!(
        out.contains("Right moving first wins by moving to 0"),
        "{out}"
    );
    assert!(
        out.contains("Left moving first has no winning move"),
        "{out}"
    );
    let o = onag(&["prove", "{0|1}"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("A = B"));
}

#[test]
fn check_accepts_a_proof_and_rejects_a_tampered_one() {
    let o = onag(&[
        "prove",
        "--format",
        "json",
        "--rules",
        "fundamental",
        "{0,1|2}",
        "3/2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    let ok = onag_stdin(&["check", "-"], &json);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(stdout(&ok).starts_with("ok: the proof that {0,1|2} = 3/2 checks"));
    // Claim that 0 is dominated by 2 instead of 1: the checker re-matches and refuses.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let steps = v["steps"].as_array_mut().unwrap();
    let dom = steps
        .iter_mut()
        .find(|s| s["rule"] == "dominated-left")
        .expect("a dominated step");
    dom["witnesses"]["games"]["b"] = serde_json::Value::String("2".into());
    let bad = onag_stdin(&["check", "-"], &v.to_string());
    assert_eq!(bad.status.code(), Some(1), "{}", stdout(&bad));
    assert!(stdout(&bad).starts_with("rejected:"), "{}", stdout(&bad));
    let garbage = onag_stdin(&["check", "-"], "{\"input\": 3}");
    assert_eq!(garbage.status.code(), Some(2));
}

#[test]
fn compare_gives_reasons() {
    let o = onag(&["compare", "^", "0"]);
    let out = stdout(&o);
    assert!(out.starts_with("^ > 0\n"), "{out}");
    assert!(
        out.contains("Left wins it whoever moves first (outcome L)"),
        "{out}"
    );
    let o = onag(&["compare", "--format", "json", "*", "0"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["relation"], "||");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(2));
}

#[test]
fn limits_exit_3() {
    // *12's game tree has thousands of nodes: too many to draw.
    let o = onag(&["simplify", "--format", "svg", "*12"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("too large to draw"), "{}", stderr(&o));
    // A neutral-pebble row longer than the kernel expands.
    let row = format!("hs\"{}\"", "E".repeat(300));
    let o = onag(&["eval", &row]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}

#[test]
fn teaching_controls() {
    // --explain expands side conditions by the definition of <=; depth 0 only states them.
    let deep = onag(&[
        "simplify",
        "--rules",
        "fundamental",
        "--explain",
        "3",
        "{0|5}",
    ]);
    assert_eq!(deep.status.code(), Some(0), "{}", stderr(&deep));
    let deep = stdout(&deep);
    assert!(deep.contains("where {3|} >= {0|{{3|}|}}"), "{deep}");
    assert!(
        deep.contains("{0|{{3|}|}} <= {3|}, by the definition"),
        "{deep}"
    );
    let flat = stdout(&onag(&["simplify", "--rules", "fundamental", "{0|5}"]));
    assert!(
        !flat.contains("where ") && !flat.contains("by the definition"),
        "{flat}"
    );
    let o = onag(&["simplify", "--rules", "nonsense", "{0|5}"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no rule or group named `nonsense`"));
    // Only the named rules are used.
    let o = onag(&["simplify", "--rules", "fundamental", "{0|5}"]);
    let out = stdout(&o);
    assert!(
        out.contains("reversible-right") && !out.contains("simplicity"),
        "{out}"
    );
    // Grouping puts the steps at one position on one line.
    let all = stdout(&onag(&[
        "simplify",
        "--rules",
        "fundamental",
        "{0,-7|1,3/2,3/4}",
    ]));
    let grouped = stdout(&onag(&[
        "simplify",
        "--rules",
        "fundamental",
        "--steps",
        "grouped",
        "{0,-7|1,3/2,3/4}",
    ]));
    let eq_lines = |s: &str| s.lines().filter(|l| l.starts_with("  = ")).count();
    assert!(eq_lines(&grouped) < eq_lines(&all), "{all}\n{grouped}");
    assert_eq!(all.matches("by ").count(), grouped.matches("by ").count());
}

#[test]
fn rules_lists_and_shows() {
    let o = onag(&["rules"]);
    let out = stdout(&o);
    assert!(
        out.contains("dominated-left  [fundamental, dominated]"),
        "{out}"
    );
    assert!(out.contains("seed 004, Dominated Options, fact 5"));
    let o = onag(&["rules", "reversible-left"]);
    assert!(stdout(&o).contains("when  B <= G"), "{}", stdout(&o));
    let o = onag(&["rules", "dominated-lft"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("did you mean dominated-left"));
}

#[test]
fn every_command_has_help_with_an_example() {
    for cmd in [
        "eval", "simplify", "prove", "compare", "rules", "check", "repl",
    ] {
        let o = onag(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        assert!(stdout(&o).contains("Example"), "{cmd}: {}", stdout(&o));
    }
    let top = stdout(&onag(&["--help"]));
    assert!(top.contains("1  the claim is false"), "{top}");
    assert!(top.contains("3  a limit was reached"));
}

#[test]
fn wrong_commands_and_flags_get_a_suggestion_and_exit_2() {
    let o = onag(&["simplfy", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'simplify'"), "{}", stderr(&o));
    let o = onag(&["simplify", "--formt", "json", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("'--format'"), "{}", stderr(&o));
}

#[test]
fn batches_from_stdin_and_files() {
    let o = onag_stdin(&["simplify", "-"], "{0|5}\n\n{1|\n{0,1|2}\n");
    assert_eq!(o.status.code(), Some(2));
    let out = stdout(&o);
    assert!(out.contains("canonical form: 1\n\n"), "{out}");
    assert!(out.ends_with("canonical form: 3/2\n"), "{out}");
    assert!(stderr(&o).contains("line 3, column 4"), "{}", stderr(&o));
    let path = std::env::temp_dir().join(format!("onag-batch-{}.txt", std::process::id()));
    std::fs::write(&path, "{0|5} = 1\n{0|1} = 1\n").unwrap();
    let o = onag(&["prove", "--file", path.to_str().unwrap()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(o.status.code(), Some(1), "one of the claims is false");
    assert!(stdout(&o).contains("proved: {0|5} = 1"));
    assert!(stdout(&o).contains("{0|1} != 1"));
}

#[test]
fn repl_reads_lines() {
    let o = onag_stdin(
        &["repl"],
        "{0,1|2}\n^ ? *\n{0|5} = 1\n:eval ^+^\n:bogus\n:quit\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("canonical form: 3/2"), "{out}");
    assert!(out.contains("^ || *"), "{out}");
    assert!(out.contains("proved: {0|5} = 1"), "{out}");
    assert!(out.contains("^^\n"), "{out}");
    assert!(stderr(&o).contains("unknown command `:bogus`"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_long_run_with_status_130() {
    // A sum of twenty-six switches takes its proof many seconds (fourteen took under half a
    // second once proofs stopped copying terms, and this test then saw the run end on its own);
    // interrupt it after half a second. The proof stops at its next part and says where.
    let sum = (1..=26)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+");
    let child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["simplify", &sum])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run onag");
    std::thread::sleep(std::time::Duration::from_millis(500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
    assert!(stderr(&o).contains("reached so far: "), "{}", stderr(&o));
}

/// `compare --explain N` adds both inequalities written out by the definition of ≤.
#[test]
fn compare_explains_by_the_definition() {
    let o = onag(&["compare", "--explain", "2", "{0|5}", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("{0|5} = 1\n"), "{out}");
    assert!(out.contains("By the definition of <="), "{out}");
    assert!(out.contains("{0|5} <= 1, by the definition"), "{out}");
    assert!(out.contains("1 <= {0|5}, by the definition"), "{out}");
    let plain = stdout(&onag(&["compare", "{0|5}", "1"]));
    assert!(!plain.contains("By the definition"), "{plain}");
}

/// A sum of games is derived by lemmas: listed first, each with its own steps, then cited by
/// number in the proof; `onag check` counts their steps and names a failing lemma.
#[test]
fn sums_are_derived_by_lemmas_and_checked_lemma_by_lemma() {
    let o = onag(&["simplify", "{1|-1} + {2|-2}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("lemma 0: "), "{out}");
    assert!(out.contains("\nproof:\n"), "{out}");
    assert!(
        out.contains("by lemma 3 at R1: {1|-1} + -2 = {-1|-3}"),
        "{out}"
    );
    assert!(out.ends_with("canonical form: {3|1||-1|-3}\n"), "{out}");

    let o = onag(&[
        "prove",
        "--format",
        "json",
        "{1|-1} + {2|-2}",
        "{3|1||-1|-3}",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut proof: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let lemmas = proof["lemmas"].as_array().unwrap().len();
    assert_eq!(lemmas, 4);
    let dir = std::env::temp_dir().join(format!("onag-lemmas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sum.json");
    std::fs::write(&file, proof.to_string()).unwrap();
    let o = onag(&["check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("in 4 lemmas and the main chain"),
        "{}",
        stdout(&o)
    );
    // A lemma that claims too much is rejected, and the message says which lemma.
    proof["lemmas"][1]["to"] = serde_json::json!("{3|2}");
    std::fs::write(&file, proof.to_string()).unwrap();
    let o = onag(&["check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("lemma 1, step 3"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// The long options a `--help` lists: those of the command itself (before the global
/// heading), and those under "Global options".
fn listed_options(help: &str) -> (Vec<String>, Vec<String>) {
    let (own, global) = help.split_once("Global options:").unwrap_or((help, ""));
    let longs = |text: &str| -> Vec<String> {
        let mut v: Vec<String> = text
            .lines()
            .filter_map(|l| {
                let l = l.trim_start();
                let l = l
                    .strip_prefix("-h, ")
                    .or(l.strip_prefix("-V, "))
                    .unwrap_or(l);
                let name = l.strip_prefix("--")?;
                Some(
                    name.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                        .next()?
                        .to_string(),
                )
            })
            .collect();
        v.sort();
        v
    };
    (longs(own), longs(global))
}

/// Every subcommand's `--help` lists exactly the options it reads (what each command does
/// with its inputs, written out here from the commands' definitions: `eval` uses no rules,
/// `compare` has no tree to draw, `lexicode` no game), and the process-wide ones in one short
/// "Global options" group.
#[test]
fn each_help_lists_only_the_options_its_command_uses() {
    let table: &[(&str, &[&str])] = &[
        (
            "eval",
            &[
                "file",
                "json",
                "tree-size",
                "ruleset",
                "format",
                "tree",
                "share",
                "time-limit",
            ],
        ),
        (
            "simplify",
            &[
                "misere",
                "file",
                "format",
                "tree",
                "share",
                "rules",
                "rules-file",
                "explain",
                "steps",
                "time-limit",
            ],
        ),
        (
            "prove",
            &[
                "misere",
                "file",
                "format",
                "rules",
                "rules-file",
                "explain",
                "steps",
                "time-limit",
            ],
        ),
        ("compare", &["brief", "format", "explain", "time-limit"]),
        ("lexicode", &["words", "format", "time-limit"]),
        ("rules", &["format", "rules", "rules-file"]),
        ("analyze", &["certificate", "format", "time-limit"]),
        ("check", &["format", "rules", "rules-file", "time-limit"]),
        (
            "repl",
            &[
                "share",
                "rules",
                "rules-file",
                "explain",
                "steps",
                "time-limit",
            ],
        ),
    ];
    let mut global = vec![
        "ascii",
        "braces",
        "color",
        "max-memory",
        "threads",
        "unicode",
        "width",
    ];
    global.sort();
    for (cmd, own) in table {
        let o = onag(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let help = stdout(&o);
        let (listed, listed_global) = listed_options(&help);
        let mut want: Vec<&str> = own.to_vec();
        want.push("help");
        want.sort();
        assert_eq!(listed, want, "onag {cmd} --help lists:\n{help}");
        assert_eq!(listed_global, global, "onag {cmd} --help, global:\n{help}");
    }
}

/// An option that does not apply to a command is refused in one line saying why, exit 2 —
/// never accepted and ignored.
#[test]
fn options_that_do_not_apply_are_refused() {
    let cases: &[&[&str]] = &[
        &["eval", "--rules", "fundamental", "{0|5}"],
        &["eval", "--explain", "3", "{0|5}"],
        &["eval", "--steps", "grouped", "1"],
        &["compare", "--rules", "fundamental", "1", "2"],
        &["compare", "--share", "0", "1", "2"],
        &["analyze", "--explain", "1", "{2|-1}"],
        &["rules", "--explain", "1"],
        &["lexicode", "--rules", "all", "2", "7", "3"],
    ];
    for args in cases {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(args[1]) && err.contains("does not apply"),
            "{args:?}: {err}"
        );
    }
    // A format a command cannot write is refused, in one line.
    for args in [
        &["lexicode", "--format", "svg", "2", "7", "3"][..],
        &["lexicode", "--format", "latex", "2", "7", "3"][..],
    ] {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    // lexicode's JSON is JSON: the Hamming code [7,4,3] has 16 words (Conway and Sloane).
    let o = onag(&["lexicode", "--format", "json", "2", "7", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["size"], 16, "{v}");
    // Global options apply on either side of the command.
    for args in [
        &["--ascii", "eval", "{0|^}"][..],
        &["eval", "--ascii", "{0|^}"][..],
    ] {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

/// An option of the command that the rest of the line leaves unread is refused in one line
/// naming it and why, exit 2 (issue 46: flags that sometimes apply): normal play's options
/// in misère play or for a loopy term, `--tree` without a picture, `--brief` with what it
/// does not print, `--certificate` with a format, `--ruleset octal` with a value's options,
/// `--json` with another format, `--threads` where nothing searches. The same options where
/// they do apply are read (exit 0).
#[test]
fn options_a_combination_leaves_unread_are_refused() {
    let refused: &[(&str, &[&str])] = &[
        // `prove` in misère play prints no side condition to expand (`simplify --explain`
        // prints why the result is final, below among the options read).
        (
            "explain",
            &["prove", "--misere", "--explain", "1", "*2+*2", "0"],
        ),
        (
            "steps",
            &["prove", "--misere", "--steps", "grouped", "*2+*2", "0"],
        ),
        ("share", &["simplify", "--misere", "--share", "0", "*2"]),
        ("tree", &["simplify", "--tree", "input", "{0|1}"]),
        ("tree", &["eval", "--tree", "input", "{0|1}"]),
        (
            "explain",
            &["compare", "--brief", "--explain", "1", "1", "2"],
        ),
        (
            "format",
            &["compare", "--brief", "--format", "json", "1", "2"],
        ),
        (
            "format",
            &["analyze", "--certificate", "--format", "markdown", "{2|-1}"],
        ),
        (
            "format",
            &["eval", "--ruleset", "octal", "--format", "json", "0.77"],
        ),
        (
            "tree-size",
            &["eval", "--ruleset", "octal", "--tree-size", "0.77"],
        ),
        (
            "tree-size",
            &["eval", "--ruleset", "domineering", "--tree-size", "..|.."],
        ),
        ("format", &["eval", "--json", "--format", "svg", "1"]),
        ("threads", &["rules", "--threads", "2"]),
        ("threads", &["--threads", "2", "lexicode", "2", "7", "3"]),
        // A loopy term is derived by loopy play's own rules: normal play's options go unread.
        ("explain", &["prove", "--explain", "1", "on + off", "dud"]),
        ("steps", &["simplify", "--steps", "grouped", "on + off"]),
    ];
    for (flag, args) in refused {
        let o = onag(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.contains(&format!("--{flag} does not apply")),
            "{args:?}: {err}"
        );
    }
    let read: &[&[&str]] = &[
        &["simplify", "--tree", "input", "--format", "dot", "{0|1}"],
        &["compare", "--explain", "1", "1", "2"],
        // Issue 47: the steps and why the result is final, in misère and loopy play too.
        &["simplify", "--misere", "--explain", "1", "*2+*2"],
        &["simplify", "--explain", "1", "on + off"],
        &["compare", "--brief", "1", "2"],
        &["analyze", "--certificate", "{2|-1}"],
        &["eval", "--ruleset", "octal", "0.77"],
        &["eval", "--json", "--format", "json", "1"],
        &["simplify", "--misere", "--format", "json", "*2"],
        &["simplify", "--explain", "1", "{0,1|2}"],
        &["simplify", "on + off"],
        &["eval", "--threads", "2", "domineering(\"..|..\")"],
    ];
    for args in read {
        let o = onag(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

/// A game with no derivation that has a value: the library's message names no command, and
/// the command line adds its own hint, `onag eval` with the value that `onag eval` itself
/// prints (the independent source: its own run).
#[test]
fn a_game_without_a_derivation_is_pointed_to_eval_in_the_command_lines_words() {
    let value = stdout(&onag(&["eval", "w+1"]));
    let value = value.trim();
    assert!(!value.is_empty());
    let o = onag(&["simplify", "w+1"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("(`onag eval` gives its value: {value})")),
        "{err}"
    );
    assert!(!err.contains("`:eval"), "{err}");
}
