//! Loopy games' target (issue 31): the canonical (simplest) form of a stopper of 100
//! vertices in ≤ 0.1 s; and the proof of CGSuite's Backsliding Toads and Frogs strip
//! `ttt..fff` (560 positions), derived and checked. `cargo bench --bench loopy`.
//!
//! The stoppers are built deterministically: a ring of Left moves (vertex i to i + 1, and
//! i + 2 as a second, dominated-or-not option, every tenth vertex with a pass for Left), each
//! vertex with one Right move to a short integer from a chain 0, −1, …, −7. Right's moves all
//! leave the ring, so no alternating play goes on forever: a stopper. The second is the sum
//! of two such rings of 10 (the product graph, its 100 pairs of ring vertices among the rest).

use criterion::{criterion_group, criterion_main, Criterion};
use onag::{Loopy, LoopyGraph, LoopyWork};
use std::hint::black_box;

/// A ring of `n` vertices as above, and the 8 integer vertices 0, −1, …, −7 after them.
fn ring(n: u32) -> Loopy {
    let ints = 8u32;
    let mut g = LoopyGraph::with_vertices((n + ints) as usize);
    // Integer −k at n + k: {| −(k−1)}, and 0 with no options.
    for k in 1..ints {
        g.set_options(n + k, vec![], vec![n + k - 1]);
    }
    for i in 0..n {
        let mut left = vec![(i + 1) % n, (i + 2) % n];
        if i % 10 == 0 {
            left.push(i);
        }
        let right = vec![n + (i * 3 + 1) % ints];
        g.set_options(i, left, right);
    }
    Loopy::new(&g, 0).expect("edges in range")
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("loopy");
    g.sample_size(10);
    let big = ring(92);
    assert_eq!(big.len(), 100);
    assert!(big.is_stopper());
    g.bench_function("canonical_stopper_100_vertices", |b| {
        b.iter(|| black_box(big.canonical(&mut LoopyWork::default()).expect("stopper")))
    });
    let small = ring(10);
    let sum = small
        .add(&small.neg().neg(), &mut LoopyWork::default())
        .expect("small");
    assert!(sum.is_stopper());
    g.bench_function("canonical_stopper_sum_of_two_rings_of_10", |b| {
        b.iter(|| black_box(sum.canonical(&mut LoopyWork::default()).expect("stopper")))
    });
    // CGSuite's strip: its sides derived step by step, the proof written and checked
    // (`onag simplify --format json`), and the proof checked again from its JSON (`onag check`).
    let strip = onag::parse("backsliding_toads_and_frogs(\"ttt..fff\")").expect("parses");
    let loopy = onag::Engine::default().with_play(onag::Play::Loopy);
    g.bench_function("derivation_ttt_fff_json", |b| {
        b.iter(|| {
            let s = onag::simplify(&strip, &loopy).expect("derives");
            black_box(s.proof.to_json())
        })
    });
    let json = onag::simplify(&strip, &loopy)
        .expect("derives")
        .proof
        .to_json();
    let rules = onag::RuleSet::builtin();
    g.bench_function("check_ttt_fff_json", |b| {
        b.iter(|| black_box(onag::check(&json, &rules).is_ok()))
    });
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
