//! One test per exit status of the binary, each status coming from `onag::Error::exit_code`
//! (the CLI maps errors nowhere else): 0 success, 1 a false claim or a rejected proof, 2 bad
//! input, 3 a limit reached.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

#[test]
fn status_2_is_bad_input_with_where_it_is() {
    let o = onag(&["eval", "{0|"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("line 1, column 4"), "{err}");
    assert!(err.contains('^'), "{err}");
    // A file that is not a proof.
    let o = onag_stdin(&["check", "-"], "not json");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // A rule set that does not exist.
    let o = onag(&["simplify", "--rules", "nonsense", "{0|1}"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn status_3_is_a_limit_never_an_answer() {
    let o = onag(&["simplify", "--format", "svg", "*12"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("too large to draw"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let o = onag(&["--max-memory", "2M", "eval", &sum_of_switches(30)]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("--max-memory"), "{}", stderr(&o));
}

/// `--time-limit` holds for the whole command, not only for the computation that watches it:
/// the engine stops at the limit by itself, and a phase with no deadline of its own (here the
/// check of a large proof) is ended by the command line's watch, with status 3 and a message
/// naming the limit, never left to run on.
#[test]
fn status_3_when_a_command_runs_past_its_time_limit() {
    let s16 = sum_of_switches(16);
    // The engine's own deadline: the lemmas of S(16) take longer than 0.2 s.
    let o = onag(&["simplify", "--time-limit", "0.2", &s16]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("limit reached"), "{}", stderr(&o));
    // Checking S(22)'s proof (about 186,000 steps, seconds of work) under a limit of 0.05 s
    // stops at the checker's own deadline (or, were a part of it without a clock to run long,
    // by the watch after its grace of a quarter second), naming the limit and its flag.
    let proof = onag(&["simplify", "--format", "json", &sum_of_switches(22)]);
    assert_eq!(proof.status.code(), Some(0), "{}", stderr(&proof));
    let o = onag_stdin(&["check", "--time-limit", "0.05", "-"], &stdout(&proof));
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("limit reached: time") || err.contains("deadline of its time limit passed"),
        "{err}"
    );
    assert!(err.contains("--time-limit"), "{err}");
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    // Without the limit the same proof checks.
    let o = onag_stdin(&["check", "-"], &stdout(&proof));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A limit that is not a positive number of seconds is bad input.
    let o = onag(&["prove", "--time-limit", "-1", "1 = 1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

fn sum_of_switches(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

#[test]
fn status_1_is_a_false_claim_or_a_rejected_proof() {
    let o = onag(&["prove", "{0|1} = 1"]);
    assert_eq!(o.status.code(), Some(1));
    // A proof that checks, then the same proof with its result changed.
    let o = onag(&["prove", "--format", "json", "{0|5} = 1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    let ok = onag_stdin(&["check", "-"], &json);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    let mut v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let steps = v["steps"].as_array().map_or(0, Vec::len);
    assert!(steps > 0, "{json}");
    v["steps"][steps - 1]["to"] = serde_json::Value::String("2".into());
    let bad = onag_stdin(&["check", "-"], &v.to_string());
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
}
