//! Issue 33's target: every function of the expression language in ≤ 10 ms on games of
//! birthday ≤ 5. The cases (`common/function_cases.rs`, a few per function: hot games,
//! switches, sums of ups, nimbers, positions of rulesets) cover every name of
//! `onag::function_names()`, which `tests/function_cases.rs` checks.
//!
//! Each evaluation starts from a fresh kernel (`onag::evaluate_any`), so the figures are cold
//! costs, including reading the argument's value. First a plain pass times each case alone
//! (the least of a few runs, thread CPU time) and prints the slowest and whether every case
//! is within 10 ms; then criterion times each function over all its cases together (the sum:
//! a sum within 10 ms has every case within it).
//! `cargo bench --bench functions [-- FILTER]`.

#[path = "common/function_cases.rs"]
#[allow(dead_code)] // RULESETS is for tests/function_cases.rs
mod function_cases;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

/// The target of issue 33, per call.
const TARGET: Duration = Duration::from_millis(10);

/// This thread's CPU time (the machine is shared: wall time would count other builds).
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec we own; the clock id is a constant.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Every case read once: (function, text, term).
fn parsed() -> Vec<(&'static str, String, onag::Term)> {
    let mut out = Vec::new();
    for (name, exprs) in function_cases::cases() {
        for e in exprs {
            let t = onag::parse(&e).unwrap_or_else(|err| panic!("{e}: {err}"));
            out.push((name, e, t));
        }
    }
    out
}

/// The least CPU time of `runs` evaluations of `t`.
fn least(t: &onag::Term, runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let start = thread_cpu();
            black_box(onag::evaluate_any(black_box(t)).ok());
            thread_cpu() - start
        })
        .min()
        .unwrap_or_default()
}

/// Each case alone: the slowest twenty, and whether all are within the target.
fn per_case() {
    let mut times: Vec<(Duration, &'static str, String)> = parsed()
        .into_iter()
        .map(|(name, text, t)| (least(&t, 5), name, text))
        .collect();
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    let over = times.iter().filter(|(d, _, _)| *d > TARGET).count();
    println!(
        "functions: {} cases of {} functions; {} over {} ms (least of 5 runs, thread CPU time)",
        times.len(),
        onag::function_names().len(),
        over,
        TARGET.as_millis()
    );
    for (d, name, text) in times.iter().take(20) {
        println!("  {:>10.3} ms  {name:<24} {text}", d.as_secs_f64() * 1e3);
    }
}

fn bench(c: &mut Criterion) {
    per_case();
    let cases = parsed();
    let mut group = c.benchmark_group("functions");
    for name in onag::function_names() {
        let terms: Vec<&onag::Term> = cases
            .iter()
            .filter(|(n, _, _)| *n == name)
            .map(|(_, _, t)| t)
            .collect();
        group.bench_function(name, |b| {
            b.iter(|| {
                for t in &terms {
                    black_box(onag::evaluate_any(black_box(t)).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
