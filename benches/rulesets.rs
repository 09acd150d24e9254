//! Ruleset benchmarks: Domineering boards, octal nim-sequences and the outcome classes of
//! 4×4 chess-piece Clobber boards, each on a fresh kernel (the
//! transposition table and the kernel's memos start empty), so the figures are cold costs.
//! 6×6 Domineering takes minutes and is timed by `examples/rulesets_table.rs`, not here.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::{domineering_value as value, set_search_threads, DomineeringPosition as Position};
use onag::{Budget, Kernel};
use onag::{NimSequence, OctalCode};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("rulesets");
    g.sample_size(10);
    // One thread, as these rows were first measured (an empty board is one region, which
    // then went to one thread whatever the setting).
    set_search_threads(1);
    for (r, cols) in [(4, 4), (5, 5), (5, 6)] {
        g.bench_function(format!("domineering_empty_{r}x{cols}"), |b| {
            b.iter(|| {
                let mut k = Kernel::new();
                black_box(value(&Position::empty(r, cols), &mut k).unwrap())
            })
        });
    }
    // Two independent regions (5×5 and 5×5 with a corner filled), one thread and two: the
    // regions are shared out only when there are threads to share them.
    let two =
        Position::parse(".....#.....|.....#.....|.....#.....|.....#.....|.....#....#").unwrap();
    for threads in [1, 2] {
        g.bench_function(
            format!("domineering_two_5x5_regions_threads_{threads}"),
            |b| {
                // A fresh kernel and transposition table each time, as before; the thread count
                // is the searches' setting (the public call reads it).
                set_search_threads(threads);
                b.iter(|| {
                    let mut k = Kernel::new();
                    black_box(value(&two, &mut k).unwrap())
                })
            },
        );
    }
    // One region (the empty 5×6 board), one thread and two: two threads search it together,
    // passing the parts they solve between their kernels (issue 49 point 2).
    for threads in [1, 2] {
        g.bench_function(
            format!("domineering_one_5x6_region_threads_{threads}"),
            |b| {
                set_search_threads(threads);
                b.iter(|| {
                    let mut k = Kernel::new();
                    black_box(value(&Position::empty(5, 6), &mut k).unwrap())
                })
            },
        );
    }
    set_search_threads(0);
    // The 4×4 chess-piece Clobber boards of issue 44/49 (the Queens one ran past 60 s): the
    // outcome class by play, the whole expression through the public evaluator.
    for piece in ["queens", "rooks", "kings", "knights"] {
        let t = onag::parse(&format!("outcome_class({piece}(\"o.xo|ooxo|xxxo|x.xo\"))")).unwrap();
        g.bench_function(format!("outcome_class_{piece}_4x4"), |b| {
            b.iter(|| black_box(onag::evaluate_any(&t).unwrap()))
        });
    }
    // Their canonical values (issue 49 point 3), one thread; Queens' value (a form printed in
    // 6.6 MB) takes over a minute and is timed whole-process in BENCHMARKS.md instead.
    set_search_threads(1);
    for piece in ["rooks", "kings", "knights"] {
        let t = onag::parse(&format!("{piece}(\"o.xo|ooxo|xxxo|x.xo\")")).unwrap();
        g.bench_function(format!("value_{piece}_4x4"), |b| {
            b.iter(|| black_box(onag::evaluate_any(&t).unwrap()))
        });
    }
    set_search_threads(0);
    g.bench_function("kayles_nim_values_to_40000_with_period", |b| {
        b.iter(|| {
            let mut s = NimSequence::new(OctalCode::parse("0.77").unwrap());
            let v = s.values_to(40_000, &Budget::default()).unwrap();
            assert_eq!(s.periodicity().map(|p| p.period), Some(12));
            black_box(v.len())
        })
    });
    g.bench_function("kayles_nim_values_to_40000_one_by_one", |b| {
        b.iter(|| {
            // The same values computed heap by heap, no period used (the worst case of a
            // sequence with no period in sight): 0.77 written as 4.77's relative would be
            // periodic too, so the plain mex loop is timed directly.
            let g = plain_kayles(40_000);
            black_box(g.len())
        })
    });
    g.finish();
}

/// Kayles heap by heap: G(n) = mex{G(a) ⊕ G(n−k−a) : k ∈ {1,2}, 0 ≤ a ≤ n−k}.
fn plain_kayles(n: usize) -> Vec<u8> {
    let mut g: Vec<u8> = Vec::with_capacity(n + 1);
    for m in 0..=n {
        let mut seen = [false; 32];
        for k in 1..=2usize.min(m) {
            let rest = m - k;
            for a in 0..=rest / 2 {
                seen[(g[a] ^ g[rest - a]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(31) as u8);
    }
    g
}

criterion_group!(rulesets, benches);
criterion_main!(rulesets);
