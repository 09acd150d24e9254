//! The workloads of the allocator benchmark (`benches/alloc_system.rs` and
//! `benches/alloc_counting.rs`): the same code in two binaries that differ only in their global
//! allocator, so the difference of their figures is the cost of counting every allocation.
//! Each workload allocates heavily: parsing, the kernel on a fresh arena, an engine run, and a
//! proof by lemmas with its check.

use criterion::Criterion;
use onag::parse;
use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use std::hint::black_box;
use std::time::Duration;

#[path = "workloads.rs"]
mod workloads;
use workloads::{day3_terms, switches_text};

/// This thread's CPU time: on a machine shared with other jobs, wall-clock figures of two
/// binaries run at different moments differ by more than the allocator, CPU time much less.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// Prints the least CPU time of `f` over `runs` runs, after one warm-up run.
fn cpu(group: &str, name: &str, runs: usize, mut f: impl FnMut()) {
    f();
    let best = (0..runs)
        .map(|_| {
            let start = thread_cpu();
            f();
            thread_cpu() - start
        })
        .min()
        .unwrap_or_default();
    println!("{group} | {name} | least CPU time of {runs} runs: {best:.2?}");
}

/// Runs every workload under the group name `group` (the allocator's name): first the least
/// CPU time of each (printed), then criterion's wall-clock distributions.
pub fn run(c: &mut Criterion, group: &str) {
    {
        let wide = {
            let opts: Vec<String> = (0..20_000).map(|k| k.to_string()).collect();
            format!("{{{}|}}", opts.join(","))
        };
        cpu(group, "parse {0,1,...,19999|}", 30, || {
            black_box(parse(&wide).unwrap());
        });
        let day3 = day3_terms();
        cpu(group, "kernel: the 1474 day-3 games", 30, || {
            let mut k = Kernel::new();
            for t in &day3 {
                black_box(k.eval(t).unwrap());
            }
        });
        let s16 = parse(&switches_text(16)).unwrap();
        cpu(group, "kernel: evaluate and print S(16)", 20, || {
            let mut k = Kernel::new();
            let v = k.eval(&s16).unwrap();
            black_box(k.to_term(v));
        });
        let engine = Engine::new(RuleSet::builtin());
        let s4 = parse(&switches_text(4)).unwrap();
        cpu(group, "engine: simplify S(4)", 20, || {
            black_box(engine.saturate(&s4).unwrap());
        });
        let s5 = parse(&switches_text(5)).unwrap();
        cpu(group, "proof: simplify, prove and check S(5)", 10, || {
            black_box(onag::simplify(&s5, &engine).unwrap());
        });
    }
    let mut g = c.benchmark_group(group);
    g.measurement_time(Duration::from_secs(4)).sample_size(20);
    let wide = {
        let opts: Vec<String> = (0..20_000).map(|k| k.to_string()).collect();
        format!("{{{}|}}", opts.join(","))
    };
    g.bench_function("parse {0,1,...,19999|}", |b| {
        b.iter(|| parse(black_box(&wide)).unwrap())
    });
    let day3 = day3_terms();
    g.bench_function(
        "kernel: evaluate the 1474 games born by day 3 (fresh kernel)",
        |b| {
            b.iter(|| {
                let mut k = Kernel::new();
                for t in &day3 {
                    black_box(k.eval(t).unwrap());
                }
            })
        },
    );
    let s16 = parse(&switches_text(16)).unwrap();
    g.bench_function("kernel: evaluate and print S(16) (fresh kernel)", |b| {
        b.iter(|| {
            let mut k = Kernel::new();
            let v = k.eval(&s16).unwrap();
            black_box(k.to_term(v))
        })
    });
    let engine = Engine::new(RuleSet::builtin());
    let s4 = parse(&switches_text(4)).unwrap();
    g.bench_function("engine: simplify S(4)", |b| {
        b.iter(|| engine.saturate(black_box(&s4)).unwrap())
    });
    let s5 = parse(&switches_text(5)).unwrap();
    g.bench_function("proof: simplify, prove and check S(5)", |b| {
        b.iter(|| onag::simplify(black_box(&s5), &engine).unwrap())
    });
    g.finish();
}
