//! The `onag` binary end to end: canonical forms, JSON, comparisons, stdin batches, exit
//! statuses and error carets.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn onag(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag")
}

fn onag_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run onag");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

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
