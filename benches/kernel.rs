//! Kernel benchmarks. Each iteration that would otherwise hit the kernel's lossless memo uses a
//! fresh `Kernel` (built in the untimed setup of `iter_batched`), so the figures are cold costs.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use num_bigint::BigInt;
use onag::{GameId, Kernel};
use onag::{Nimber, Term};
use std::hint::black_box;

#[path = "common/workloads.rs"]
mod workloads;
use workloads::day3_terms;

fn int(n: i64) -> Term {
    Term::integer(n)
}

fn sum_all(ts: Vec<Term>) -> Term {
    ts.into_iter().reduce(Term::sum).unwrap_or_else(Term::zero)
}

fn benches(c: &mut Criterion) {
    let day3 = day3_terms();
    assert_eq!(day3.len(), 1474);
    c.bench_function(
        "day3_all_ordered_pairs_compare (fresh kernel; setup evaluates the 1474 games)",
        |b| {
            b.iter_batched(
                || {
                    let mut k = Kernel::new();
                    let ids: Vec<GameId> = day3.iter().map(|t| k.eval(t).unwrap()).collect();
                    (k, ids)
                },
                |(mut k, ids)| {
                    let mut n = 0usize;
                    for &a in &ids {
                        for &b in &ids {
                            if k.le(a, b).unwrap() {
                                n += 1;
                            }
                        }
                    }
                    black_box(n)
                },
                BatchSize::PerIteration,
            )
        },
    );

    let switches = |n: i64| {
        sum_all(
            (1..=n)
                .map(|k| Term::game(vec![int(k)], vec![int(-k)]))
                .collect(),
        )
    };
    let hot = |n: i64| {
        sum_all(
            (1..=n)
                .map(|k| Term::game(vec![int(2 * k)], vec![int(k)]))
                .collect(),
        )
    };
    let tinies = |n: i64| {
        sum_all(
            (1..=n)
                .map(|k| Term::game(vec![int(0)], vec![Term::game(vec![int(0)], vec![int(-k)])]))
                .collect(),
        )
    };
    for (name, t) in [
        ("sum_k=1..16 {k|-k} (fresh kernel)", switches(16)),
        ("sum_k=1..20 {k|-k} (fresh kernel)", switches(20)),
        ("sum_k=1..16 {2k|k} (fresh kernel)", hot(16)),
        ("sum_k=1..32 {2k|k} (fresh kernel)", hot(32)),
        ("sum_k=1..10 {0||0|-k} (fresh kernel)", tinies(10)),
        ("sum_k=1..14 {0||0|-k} (fresh kernel)", tinies(14)),
    ] {
        c.bench_function(name, |b| {
            b.iter_batched(
                Kernel::new,
                |mut k| black_box(k.eval(&t).unwrap()),
                BatchSize::PerIteration,
            )
        });
    }

    let star = Term::nimber(Nimber::from(1));
    let up1 = Term::up(BigInt::from(1));
    c.bench_function(
        "n.^ + * for n = 10^6 as a Multiple term (closed form)",
        |b| {
            let t = Term::sum(
                Term::Multiple {
                    count: BigInt::from(1_000_000),
                    game: Box::new(up1.clone()),
                },
                star.clone(),
            );
            let mut k = Kernel::new();
            b.iter(|| black_box(k.eval(&t).unwrap()))
        },
    );
    c.bench_function(
        "n.^ + * for n = 1..10^6 by 10^6 successive additions of ^",
        |b| {
            b.iter_batched(
                Kernel::new,
                |mut k| {
                    let u = k.eval(&up1).unwrap();
                    let mut acc = k.eval(&star).unwrap();
                    for _ in 0..1_000_000 {
                        acc = k.add(acc, u).unwrap();
                    }
                    black_box(acc)
                },
                BatchSize::PerIteration,
            )
        },
    );
}

/// `onag eval S(n)`: the value of Σ_{k=1..n} {k|−k}, then its canonical form printed shared
/// (the tree has 2^n leaves; the shared text a few thousand definitions).
fn shared_print(c: &mut Criterion) {
    for n in [20i64, 30, 40] {
        let t = sum_all(
            (1..=n)
                .map(|k| Term::game(vec![int(k)], vec![int(-k)]))
                .collect(),
        );
        c.bench_function(
            &format!("S({n}) evaluate and print shared (fresh kernel)"),
            |b| {
                b.iter_batched(
                    Kernel::new,
                    |mut k| {
                        let g = k.eval(&t).unwrap();
                        let shared = k.to_shared_term(g, 100_000);
                        black_box(onag::print(&shared, &Default::default()).len())
                    },
                    BatchSize::PerIteration,
                )
            },
        );
    }
}

criterion_group! {
    name = kernel;
    config = Criterion::default().sample_size(10);
    targets = benches, shared_print
}
criterion_main!(kernel);
