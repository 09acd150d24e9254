//! `onag eval` and the number world under the time limit: every computation ends with exit
//! status 3 and "limit reached" at a small `--time-limit`, never runs on and never prints a
//! partial value (issue 18, budgets). The same inputs with the default limit are not run here
//! (they take seconds to minutes); each case is chosen to take far longer than its limit.

mod common;
use common::run::{onag, stderr, stdout};

/// Runs `onag ARGS`, asserts exit 3, the message, nothing on standard output, and that it
/// stopped within a generous multiple of the limit.
fn limited(args: &[&str], limit_seconds: f64) {
    let start = std::time::Instant::now();
    let o = onag(args);
    let took = start.elapsed().as_secs_f64();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{args:?}: {err}");
    assert!(
        err.contains("limit reached") || err.contains("deadline"),
        "{args:?}: {err}"
    );
    assert!(stdout(&o).is_empty(), "{args:?}: printed {}", stdout(&o));
    assert!(
        took < limit_seconds + 5.0,
        "{args:?} stopped only after {took:.1} s"
    );
}

#[test]
fn eval_of_short_games_stops_at_the_time_limit() {
    // heating ↑ by 1, 4000 levels deep (took minutes before eval had a time limit)
    limited(&["eval", "--time-limit", "0.3", "heat(^4000, 1)"], 0.3);
    // a sum of 80 switches {k|-k}: 2^80 leaves, found by the kernel's sums (40 of them took
    // 0.30-0.37 s by 2026-11, too close to the limit to tell)
    let s = (1..=80)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ");
    limited(&["eval", "--time-limit", "0.3", &s], 0.3);
}

#[test]
fn number_world_arithmetic_stops_at_the_time_limit() {
    // a product of normal forms whose exponents need exact rationals beyond a machine word
    let a = (2..90)
        .map(|i| format!("w^(1/{i})"))
        .collect::<Vec<_>>()
        .join(" + ");
    let p = format!("({a}) * ({a}) * ({a})");
    limited(&["eval", "--time-limit", "0.3", &p], 0.3);
    // nim powers of a 100,000-bit nimber with a 47-bit exponent
    let n = "7".repeat(30_000);
    let e = format!("nimpow(*{n}, 123456789012345)");
    limited(&["eval", "--time-limit", "0.3", &e], 0.3);
}

#[test]
fn lexicode_stops_at_the_time_limit() {
    // 2^22 words, every one taken at distance 1: the check is quadratic in the code
    limited(&["lexicode", "--time-limit", "0.3", "2", "22", "1"], 0.3);
}

#[test]
fn a_batch_gives_each_line_the_limit_and_reports_the_worst() {
    let dir = std::env::temp_dir().join(format!("onag-eval-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("lines.txt");
    std::fs::write(&f, "*2 ⊗ *3\nheat(^4000, 1)\n1/3 + 1/3\n").unwrap();
    let o = onag(&["eval", "--time-limit", "0.3", "--file", f.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(out.contains('*') && out.contains("2/3"), "{out}");
    assert!(stderr(&o).contains("deadline"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_time_limit_that_is_not_a_positive_number_is_bad_input() {
    for bad in ["0", "-1", "NaN", "inf"] {
        let o = onag(&["eval", "--time-limit", bad, "1"]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("--time-limit"), "{}", stderr(&o));
    }
    // and a generous one changes nothing
    let o = onag(&["eval", "--time-limit", "30", "*2 ⊗ *3"]);
    assert_eq!(stdout(&o), "*\n");
}
