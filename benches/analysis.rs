//! Analysis benchmarks: thermographs of the 1,474 games born by day 3 and of Σ_{k=1..16} {k|−k},
//! each beside the kernel's canonical-form time for the same games (the target: within 2×).
//! Fresh kernels and thermograph memos in the untimed setup, so the figures are cold costs.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use onag::parse;
use onag::Thermographer;
use onag::{GameId, Kernel};
use std::hint::black_box;

#[path = "common/workloads.rs"]
mod workloads;
use workloads::{day3_terms, switches_text};

fn benches(c: &mut Criterion) {
    let day3 = day3_terms();
    assert_eq!(day3.len(), 1474);
    c.bench_function("day3_canonical_forms (fresh kernel)", |b| {
        b.iter_batched(
            Kernel::new,
            |mut k| {
                for t in &day3 {
                    black_box(k.eval(t).unwrap());
                }
            },
            BatchSize::LargeInput,
        )
    });
    c.bench_function(
        "day3_thermographs (canonical forms given, fresh memo)",
        |b| {
            b.iter_batched(
                || {
                    let mut k = Kernel::new();
                    let ids: Vec<GameId> = day3.iter().map(|t| k.eval(t).unwrap()).collect();
                    (k, ids)
                },
                |(mut k, ids)| {
                    let mut th = Thermographer::new();
                    for &g in &ids {
                        black_box(th.of(&mut k, g).unwrap());
                    }
                },
                BatchSize::LargeInput,
            )
        },
    );
    let sw = parse(&switches_text(16)).unwrap();
    c.bench_function("switches16_canonical_form (fresh kernel)", |b| {
        b.iter_batched(
            Kernel::new,
            |mut k| black_box(k.eval(&sw).unwrap()),
            BatchSize::LargeInput,
        )
    });
    c.bench_function(
        "switches16_thermograph (canonical form given, fresh memo)",
        |b| {
            b.iter_batched(
                || {
                    let mut k = Kernel::new();
                    let g = k.eval(&sw).unwrap();
                    (k, g)
                },
                |(mut k, g)| black_box(Thermographer::new().of(&mut k, g).unwrap()),
                BatchSize::LargeInput,
            )
        },
    );
}

criterion_group! {
    name = analysis;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(analysis);
