//! Running the `onag` binary from a test: arguments, standard input, the output as text.

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
