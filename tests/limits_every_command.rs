//! Every command keeps its `--time-limit` on the heaviest inputs of each play (issue 44,
//! point 3): normal play (sums of hot games in `eval`, `analyze`, `simplify`, `prove`,
//! `compare`, `check`), misère play (`*[4096] + *[4096]`, whose simplest form is far too
//! large to finish), loopy play (a long Backsliding Toads and Frogs strip, a loopy sum),
//! rulesets (a large empty Domineering board), the number world (`lexicode`) and the REPL.
//!
//! Each input is run by the binary with `--time-limit 1` and must end with exit status 3 and
//! a message naming the limit ("limit reached" or the kernel's "deadline"), within 1.5 s of
//! its own wall clock plus the process's start-up. The start-up is measured first, by the
//! slowest of three trivial runs (`onag eval 0`), since on a loaded machine starting the
//! binary alone can take a noticeable share of a second. The runs are made one after another
//! in one test, so that at most one such process competes with the rest of the suite.
//!
//! Each input is heavy by construction, checked independently of onag: Σ_{k≤n} {k||0|−k}
//! and Σ_{k≤n} {k|−k} have canonical forms with 2^n leaves (each switch doubles the options
//! of the sum, none dominated or reversible); `*[4096] + *[4096]` has 4097² distinct
//! followers `*[a] + *[b]`, each to be put in simplest form; the empty 11×11 Domineering
//! board is far beyond any published exhaustive search; lexicode 2 22 1 walks all 2^22 words.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a run ended.
struct Ended {
    code: Option<i32>,
    out: String,
    err: String,
    took: Duration,
}

/// `onag ARGS` with `stdin` on standard input, killed when it runs past `kill_after`.
fn run(args: &[String], stdin: Option<&str>, kill_after: Duration) -> Ended {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run onag");
    if let (Some(text), Some(mut pipe)) = (stdin, child.stdin.take()) {
        // The child may stop reading early; its exit status says what happened.
        let _ = pipe.write_all(text.as_bytes());
    }
    // Read the pipes on threads, so that a child writing much cannot block on a full pipe.
    let mut so = child.stdout.take().expect("a pipe");
    let mut se = child.stderr.take().expect("a pipe");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut so, &mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut se, &mut v);
        v
    });
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break Some(s);
        }
        if start.elapsed() > kill_after {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed();
    let text = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    Ended {
        code: status.and_then(|s| s.code()),
        out: text(out.join().unwrap_or_default()),
        err: text(err.join().unwrap_or_default()),
        took,
    }
}

/// Σ_{k=1..n} {k||0|−k}.
fn hot_sum(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}||0|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Σ_{k=1..n} {k|−k}.
fn switches(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The time limit every heavy run is given, in seconds.
const LIMIT: f64 = 1.0;

/// One heavy run: what it is, its arguments (after `--time-limit` is added), and its input.
struct Case {
    what: &'static str,
    args: Vec<String>,
    stdin: Option<String>,
}

fn case(what: &'static str, args: &[&str]) -> Case {
    Case {
        what,
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: None,
    }
}

/// The heavy runs, one or more per command and per play. `--time-limit` goes right after
/// the subcommand.
fn cases(proof_file: &str) -> Vec<Case> {
    let hot = hot_sum(12);
    let hot40 = hot_sum(40);
    let sw = switches(60);
    let misere = "*[4096] + *[4096]";
    let board = format!("domineering(\"{}\")", ["..........."; 11].join("|"));
    let strip = format!(
        "backsliding_toads_and_frogs(\"{}..{}\")",
        "t".repeat(6),
        "f".repeat(6)
    );
    let loopy_sum = (1..=40)
        .map(|k| format!("{{{k}|a{{-{k}|{{a|*}}}}}}"))
        .collect::<Vec<_>>()
        .join(" + ");
    vec![
        // Normal play.
        case("analyze of Σ12 {k||0|-k}", &["analyze", &hot]),
        case(
            "analyze --certificate of Σ40 {k||0|-k}",
            &["analyze", "--certificate", &hot40],
        ),
        case("eval of Σ40 {k||0|-k}", &["eval", &hot40]),
        case("eval of Σ60 {k|-k}", &["eval", &sw]),
        case("simplify of Σ60 {k|-k}", &["simplify", &sw]),
        case("prove of Σ60 {k|-k} = 0", &["prove", &sw, "0"]),
        case("compare of Σ60 {k|-k} with 0", &["compare", &sw, "0"]),
        case(
            "check --threads 1 of a large proof",
            &["check", "--threads", "1", proof_file],
        ),
        // Misère play.
        case(
            "eval misere_canonical_form(*[4096] + *[4096])",
            &["eval", &format!("misere_canonical_form({misere})")],
        ),
        case(
            "simplify --misere *[4096] + *[4096]",
            &["simplify", "--misere", misere],
        ),
        case(
            "prove --misere *[4096] + *[4096] = 0",
            &["prove", "--misere", misere, "0"],
        ),
        // Loopy play.
        case("simplify of a loopy ruleset strip", &["simplify", &strip]),
        case("eval of a loopy ruleset strip", &["eval", &strip]),
        case("simplify of a loopy sum", &["simplify", &loopy_sum]),
        // Rulesets.
        case(
            "eval of an empty 11×11 Domineering board",
            &["eval", &board],
        ),
        case(
            "eval --ruleset domineering of an empty 11×11 board",
            &[
                "eval",
                "--ruleset",
                "domineering",
                &["..........."; 11].join("\n"),
            ],
        ),
        // The number world.
        case("lexicode 2 22 1", &["lexicode", "2", "22", "1"]),
        // The REPL: the line's answer is the limit's message and the session goes on to its
        // end (exit 0), unless the line overran the limit and its grace, which ends the
        // session with the watch's exit 3; either is a limit kept.
        Case {
            what: "repl",
            args: vec!["repl".to_string()],
            stdin: Some(format!("{sw}\n")),
        },
    ]
}

/// A proof that takes seconds to check: `simplify` of Σ34 {k|−k} as JSON, written to a temporary
/// file, checked on one thread. Its check takes 3.6 s on one core of the development machine
/// (2026-12-03) and 2.3 s on two. Smaller proofs stopped testing the limit as the checker got
/// faster: CI's machine checked Σ22 whole inside the 1 s limit (2026-11-30), then Σ30 on two
/// threads (1.3 s here, 2026-12-03); one thread keeps the case a few times the limit.
fn large_proof() -> std::path::PathBuf {
    let args: Vec<String> = ["simplify", "--format", "json", &switches(34)]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let e = run(&args, None, Duration::from_secs(600));
    assert_eq!(e.code, Some(0), "the proof to check: {}", e.err);
    let path = std::env::temp_dir().join(format!("onag-limits-{}.json", std::process::id()));
    std::fs::write(&path, e.out).expect("write the proof");
    path
}

#[test]
fn every_command_ends_within_one_and_a_half_times_its_time_limit() {
    // The start-up: the slowest of three trivial runs.
    let mut startup = Duration::ZERO;
    for _ in 0..3 {
        let e = run(
            &["eval".to_string(), "0".to_string()],
            None,
            Duration::from_secs(60),
        );
        assert_eq!(e.code, Some(0), "onag eval 0: {}", e.err);
        assert_eq!(e.out.trim(), "0");
        startup = startup.max(e.took);
    }
    let bound = Duration::from_secs_f64(1.5 * LIMIT) + startup;
    let proof = large_proof();
    let mut failures = Vec::new();
    let mut times = Vec::new();
    for c in cases(&proof.to_string_lossy()) {
        let mut args = c.args.clone();
        args.splice(1..1, ["--time-limit".to_string(), LIMIT.to_string()]);
        let e = run(&args, c.stdin.as_deref(), bound + Duration::from_secs(60));
        times.push(format!("{}: {:.2} s", c.what, e.took.as_secs_f64()));
        // A size limit named as such ("too large: …", exit 3) stops a command as surely.
        let named = e.err.contains("limit reached")
            || e.err.contains("deadline")
            || e.err.contains("too large");
        let code_ok = if c.stdin.is_some() {
            e.code == Some(0) || e.code == Some(3)
        } else {
            e.code == Some(3)
        };
        if !code_ok || !named || e.took > bound {
            failures.push(format!(
                "{}: exit {:?} after {:.2} s (bound {:.2} s)\n  stderr: {}\n  stdout: {}",
                c.what,
                e.code,
                e.took.as_secs_f64(),
                bound.as_secs_f64(),
                e.err.chars().take(400).collect::<String>(),
                e.out.chars().take(200).collect::<String>(),
            ));
        }
    }
    let _ = std::fs::remove_file(&proof);
    eprintln!(
        "start-up {:.3} s; {}",
        startup.as_secs_f64(),
        times.join("; ")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A nim heap is its own misère simplest form, so `*[n]` up to the cap is made without the
/// simplifier (it took 24.6 s for `*[400]`, 50 s for `*[4000]`): under the default limit it
/// finishes, with the misère nim-value the definition gives. G⁻ of *0 is 1 (no move: the player
/// to move wins), of *1 the mex of {1}, 0, and of *n for n ≥ 2 the mex of {1, 0, 2, …, n−1},
/// which is n.
#[test]
fn a_nim_heap_at_the_cap_is_made_in_misere_play() {
    for (expr, value) in [
        ("misere_nim_value(*[4096])", "4096"),
        ("misere_nim_value(*[4000] + *[1])", "4001"),
    ] {
        let args: Vec<String> = ["eval", expr].iter().map(|s| s.to_string()).collect();
        let e = run(&args, None, Duration::from_secs(120));
        assert_eq!(e.code, Some(0), "{expr}: {}", e.err);
        assert_eq!(e.out.trim(), value, "{expr}");
    }
}
