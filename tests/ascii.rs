//! `--ascii` means ASCII in everything a command writes: terms, reasons, messages, errors,
//! rule statements, analysis tables, in every text format. Each command below runs with
//! `--ascii` (and once with no flag, into a pipe, where ASCII is the default); every byte of its
//! standard output and standard error must be ASCII, and the same command with `--unicode`
//! must show that the case has a symbol to replace (else the case tests nothing).

#[path = "common/run.rs"]
mod run;

use run::{onag, onag_stdin, stderr, stdout};

/// Commands whose output, in Unicode, holds symbols: ↑, −, ω, ≤, …, ε, Σ.
const CASES: &[&[&str]] = &[
    &["simplify", "{0|^*} + v"],
    &["simplify", "--explain", "1", "{0,{1|0}|5}"],
    &["simplify", "--format", "markdown", "{-1|{2|-3}}"],
    &["prove", "^ + ^", "{0|^*}"],
    &["prove", "^", "*"],
    &["compare", "{1|-1}", "-1/2"],
    &["compare", "^", "*"],
    &["eval", "omega + 1"],
    &["eval", "*omega + *2"],
    &["eval", "-3/4"],
    &["eval", "--format", "json", "-3/4 + omega"],
    &["analyze", "{3|-1} + {1|-2}"],
    &["rules"],
    // Errors: messages and carets.
    &["simplify", "omega"],
    &["eval", "{0|"],
    &["eval", "niminv(*0)"],
];

fn ascii_only(what: &str, bytes: &[u8]) {
    if let Some(i) = bytes.iter().position(|b| !b.is_ascii()) {
        let text = String::from_utf8_lossy(bytes);
        let at = text
            .char_indices()
            .find(|(_, c)| !c.is_ascii())
            .map_or(0, |(k, _)| k);
        panic!(
            "{what}: byte {i} is not ASCII, near {:?}",
            &text[at.saturating_sub(40)..(at + 20).min(text.len())]
        );
    }
}

#[test]
fn ascii_output_is_ascii_in_every_command() {
    let mut symbols = 0;
    for case in CASES {
        let unicode: Vec<&str> = std::iter::once("--unicode")
            .chain(case.iter().copied())
            .collect();
        let u = onag(&unicode);
        if !u.stdout.is_ascii() || !u.stderr.is_ascii() {
            symbols += 1;
        }
        for flag in [Some("--ascii"), None] {
            let args: Vec<&str> = flag.into_iter().chain(case.iter().copied()).collect();
            let o = onag(&args);
            // The same answer: ASCII changes the spelling, not the status.
            assert_eq!(o.status.code(), u.status.code(), "{args:?}");
            ascii_only(&format!("{args:?}, stdout"), &o.stdout);
            ascii_only(&format!("{args:?}, stderr"), &o.stderr);
        }
    }
    // Most cases have a symbol to replace in Unicode; an ASCII run of them proves something.
    assert!(
        symbols * 4 >= CASES.len() * 3,
        "{symbols} of {}",
        CASES.len()
    );
}

#[test]
fn ascii_terms_read_back_to_the_same_value() {
    // What --ascii prints reads back: the canonical form of ↑ + ↑ + * in ASCII is a term.
    for t in ["^ + ^ + *", "{0|^*} + v", "-3/4 + v", "{1|-1} - 1"] {
        let o = onag(&["--ascii", "eval", t]);
        assert!(o.status.success(), "{t}");
        let printed = stdout(&o);
        let c = onag(&["compare", printed.trim(), t]);
        assert!(stdout(&c).contains(" = "), "{t} printed as {printed}");
    }
}

#[test]
fn batch_errors_name_their_line_once() {
    let o = onag_stdin(&["--ascii", "prove", "-"], "{0|\n0 = 0\n");
    let err = stderr(&o);
    assert!(err.starts_with("line 1: "), "{err}");
    assert_eq!(err.matches("line 1:").count(), 1, "{err}");
    assert_eq!(o.status.code(), Some(2));
}
