//! Issue 49's "proof + check ≤ 10× `eval`", whole process, as a user runs the three commands:
//! for each Σ_{k=1..n} {k|−k}, the release binary's `eval`, `simplify --format json` and `check`
//! of that proof, each spawned and timed, median over many rounds, and the ratio
//! (json + check) ÷ eval.
//!
//! The three commands are interleaved, one of each a round, rather than timed in blocks of one
//! command (as hyperfine does): on the 2-core machine a block meets the machine's drift, and
//! two rounds of blocks of one binary swung the Σ12 ratio by 20 % (BENCHMARKS.md, session 48),
//! while interleaved rounds spread the drift over all three. Each time includes the spawn.
//!
//! `cargo bench --bench proof_ratio` (sizes 8 to 16, 30 rounds); `ONAG_RATIO_SIZES=10,12` and
//! `ONAG_RATIO_ROUNDS=60` choose others.

use std::process::{Command, Stdio};
use std::time::Instant;

#[path = "common/workloads.rs"]
mod workloads;
use workloads::switches_text;

/// Milliseconds one run of `args` takes, its output thrown away; `None` if it failed.
fn run_ms(args: &[&str]) -> Option<f64> {
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    status
        .success()
        .then(|| start.elapsed().as_secs_f64() * 1e3)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

fn list(var: &str, default: &[u64]) -> Vec<u64> {
    std::env::var(var)
        .ok()
        .map(|v| v.split(',').filter_map(|s| s.trim().parse().ok()).collect())
        .filter(|v: &Vec<u64>| !v.is_empty())
        .unwrap_or_else(|| default.to_vec())
}

fn main() {
    let sizes = list("ONAG_RATIO_SIZES", &[8, 9, 10, 11, 12, 13, 14, 15, 16]);
    let rounds = list("ONAG_RATIO_ROUNDS", &[30])[0].max(1);
    let dir = std::env::temp_dir();
    for n in sizes {
        let game = switches_text(n as i64);
        let file = dir.join(format!("onag-proof-ratio-{}-{n}.json", std::process::id()));
        let json = [
            "simplify",
            "--format",
            "json",
            "--time-limit",
            "1000",
            &game,
        ];
        let proof = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(json)
            .output()
            .expect("onag simplify runs");
        assert!(proof.status.success(), "simplify Σ{n} failed");
        std::fs::write(&file, &proof.stdout).expect("the proof file is written");
        let path = file.to_str().expect("a UTF-8 temporary path");
        let commands: [&[&str]; 3] = [
            &["eval", "--time-limit", "1000", &game],
            &json,
            &["check", "--time-limit", "1000", path],
        ];
        let mut times: [Vec<f64>; 3] = Default::default();
        for round in 0..rounds + 3 {
            for (c, t) in commands.iter().zip(times.iter_mut()) {
                let ms = run_ms(c).unwrap_or_else(|| panic!("onag {c:?} failed on Σ{n}"));
                // The first three rounds warm the caches and are not counted.
                if round >= 3 {
                    t.push(ms);
                }
            }
        }
        let _ = std::fs::remove_file(&file);
        let [eval, json, check] = times.map(median);
        println!(
            "Σ{n}: eval {eval:.1} ms, simplify --format json {json:.1} ms, check {check:.1} ms; \
             (json + check) / eval = {:.2}× ({rounds} interleaved rounds, medians)",
            (json + check) / eval
        );
    }
}
