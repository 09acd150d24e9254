//! Running the `onag` binary from a test: arguments, standard input, the output as text.
//! Each test file uses some of these (`tests/ascii.rs` includes this file alone).
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `onag ARGS`.
pub fn onag(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag")
}

/// `onag ARGS` with `input` on standard input. The child may stop reading early (at a limit,
/// say): a broken pipe is not an error here, its exit status says what happened.
pub fn onag_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run onag");
    let mut stdin = child.stdin.take().expect("a pipe");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("onag ends")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `onag ARGS`: the exit status (-1 for a signal), standard output and standard error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = onag(args);
    (out.status.code().unwrap_or(-1), stdout(&out), stderr(&out))
}

/// `onag eval --ascii EXPR`, which must succeed: the value as printed, trimmed.
pub fn eval(expr: &str) -> String {
    let (code, out, err) = run(&["eval", "--ascii", expr]);
    assert_eq!(code, 0, "{expr}: {err}");
    out.trim().to_string()
}

/// The nimber ∗n as onag prints it: `0`, `*`, `*2`, ….
pub fn star(n: impl TryInto<u64>) -> String {
    match n.try_into().ok().expect("a nimber's index is not negative") {
        0 => "0".into(),
        1 => "*".into(),
        n => format!("*{n}"),
    }
}

/// For each pair `a = b`: `onag prove --format json a b` succeeds and `onag check` accepts
/// the proof it wrote (in a fresh directory named after `tag`).
pub fn proofs_check(tag: &str, pairs: &[(&str, &str)]) {
    let dir = std::env::temp_dir().join(format!("onag-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (a, b) in pairs {
        let file = dir.join("p.json");
        let (code, out, err) = run(&["prove", "--format", "json", a, b]);
        assert_eq!(code, 0, "{a} = {b}: {err}");
        std::fs::write(&file, out).unwrap();
        let (code, out, err) = run(&["check", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{a} = {b}: {out}{err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `onag eval --ascii --json -` on many expressions in one process: for each, its value as
/// `eval` prints it, or `None` when that line was an error (its message is on standard error,
/// placed by line). The JSON lines name their input, so a failed line cannot shift the rest.
pub fn eval_all(exprs: &[String]) -> Vec<Option<String>> {
    let input: String = exprs.iter().map(|e| format!("{e}\n")).collect();
    let o = onag_stdin(&["eval", "--ascii", "--json", "-"], &input);
    let text = stdout(&o);
    let mut lines = text.lines().map(|l| {
        serde_json::from_str::<serde_json::Value>(l).unwrap_or_else(|e| panic!("{l}: {e}"))
    });
    let mut next = lines.next();
    exprs
        .iter()
        .map(|e| match &next {
            Some(v) if v["input"] == e.as_str() => {
                let out = v
                    .get("value")
                    .or_else(|| v.get("canonical"))
                    .and_then(|x| x.as_str())
                    .map(str::to_string);
                next = lines.next();
                out
            }
            _ => None,
        })
        .collect()
}

/// `onag check -` on this text: its exit status and what it printed (both streams).
pub fn check(json: &str) -> (i32, String) {
    let o = onag_stdin(&["check", "-"], json);
    (o.status.code().unwrap_or(-1), stdout(&o) + &stderr(&o))
}

/// What `onag` prints with these arguments, which must succeed.
pub fn json_of(args: &[&str]) -> String {
    let o = onag(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
}
