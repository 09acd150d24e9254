//! The workloads of the allocator benchmark (`benches/alloc_system.rs` and
//! `benches/alloc_counting.rs`): the same code in two binaries that differ only in their global
//! allocator, so the difference of their figures is the cost of counting every allocation.
//! Each workload allocates heavily: parsing, the kernel on a fresh arena, an engine run, and a
//! proof by lemmas with its check.

use criterion::Criterion;
use onag::engine::Engine;
use onag::kernel::Kernel;
use onag::rules::RuleSet;
use onag::syntax::parse;
use std::hint::black_box;
use std::time::Duration;

#[path = "workloads.rs"]
mod workloads;
use workloads::{day3_terms, switches_text};

/// Runs every workload under the group name `group` (the allocator's name).
pub fn run(c: &mut Criterion, group: &str) {
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
        b.iter(|| engine.simplify(black_box(&s4)).unwrap())
    });
    let s5 = parse(&switches_text(5)).unwrap();
    g.bench_function("proof: simplify, prove and check S(5)", |b| {
        b.iter(|| onag::proof::simplify(black_box(&s5), &engine).unwrap())
    });
    g.finish();
}
