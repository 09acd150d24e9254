//! `onag check` of a proof text as the proof tests ask it: the status and everything printed,
//! a proof that must check, and one that must be rejected at a named step for a named reason.
//! Every text checked here is also driven through the library's reader (`drive::json`), so the
//! CLI and the library are held to the same verdicts.

use super::drive;
use super::run::{onag_stdin, stderr, stdout};

/// `onag check -` of `json`: its exit status and both streams.
pub fn check(json: &str) -> (i32, String) {
    let o = onag_stdin(&["check", "-"], json);
    (o.status.code().unwrap_or(-1), stdout(&o) + &stderr(&o))
}

/// The proof checks (status 0).
pub fn checks(json: &str) {
    let (code, out) = check(json);
    assert_eq!(code, 0, "{out}\n{json}");
    drive::json(json);
}

/// The proof (`what`, for the messages) is rejected (status 1); what was printed.
pub fn rejected(text: &str, what: &str) -> String {
    let (code, out) = check(text);
    assert_eq!(code, 1, "{what}: accepted\n{text}\n{out}");
    assert!(out.starts_with("rejected"), "{what}: {out}");
    drive::json(text);
    out
}

/// The proof is rejected (status 1) at `step`, the message saying `because`.
pub fn rejected_at(text: &str, what: &str, step: usize, because: &str) {
    let out = rejected(text, what);
    assert!(out.contains(&format!("step {step}")), "{what}: {out}");
    assert!(out.contains(because), "{what}: {out}");
}
