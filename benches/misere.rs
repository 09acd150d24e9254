//! Misère play's targets (issue 32): the misère canonical form of a game of birthday 6 in
//! ≤ 10 ms, and misère Kayles' quotient (order 40, heaps 1..80) in ≤ 1 s. Each iteration
//! starts from an empty arena, so the figures are cold costs. Also the misère derivation of
//! Kayles' row of 7 as a proof file, and its check; the nim heap *[4096] (issue 44); and
//! issue 48's quotients, Kayles to heap 200 and Dawson's Kayles to heaps 25 and 33; issue 49's
//! sweep of every two-digit octal code on one thread and two.
//! `cargo bench --bench misere`.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::{misere_quotient, misere_quotients, Budget, MId, Misere, MisereHeapGame, OctalCode};
use std::hint::black_box;

/// A game tree of birthday 6 built from the leaves: on each day, every game whose options
/// are three of the previous day's games chosen by a fixed xorshift sequence, plus the
/// previous day's games themselves (so the new game is born on that day). The canonical form
/// of the day-6 root is computed bottom-up, simplifying at every node.
fn birthday_six(m: &mut Misere) -> MId {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut day: Vec<MId> = vec![m.zero()];
    for _ in 0..6 {
        let mut new_day = Vec::new();
        for _ in 0..8 {
            let mut opts: Vec<MId> = (0..3)
                .map(|_| day[(next() % day.len() as u64) as usize])
                .collect();
            // Keep the latest game so every new game is born on this day.
            opts.push(*day.last().expect("nonempty"));
            new_day.push(m.game(opts).expect("small"));
        }
        day = new_day;
    }
    // The root: all of day 5's survivors' sums with the heap *2 as options.
    let two = m.heap(2).expect("small");
    let mut opts = Vec::new();
    for &g in &day {
        opts.push(m.add(g, two).expect("small"));
    }
    m.game(opts).expect("small")
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("misere");
    g.sample_size(10);
    g.bench_function("canonical_form_birthday_6", |b| {
        b.iter(|| {
            let mut m = Misere::new(Budget::default());
            black_box(birthday_six(&mut m))
        })
    });
    // Issue 44: the nim heap at the notation's cap, *[4096], built from an empty arena (each
    // heap interned as its own simplest form; the general simplifier took 24.6 s for *[400]).
    g.bench_function("nim_heap_4096", |b| {
        b.iter(|| {
            let mut m = Misere::new(Budget::default());
            black_box(m.heap(4096).expect("within the default budget"))
        })
    });
    let kayles = OctalCode::parse("0.77").expect("Kayles");
    g.bench_function("kayles_quotient_heaps_1_to_80", |b| {
        b.iter(|| {
            let q = misere_quotient(&kayles, KAYLES_BOUND, &Budget::default()).expect("quotient");
            black_box(q)
        })
    });
    // Issue 48's targets: Kayles to heap 200 (one split, at heap 9) and Dawson's Kayles to
    // heap 25, where heap 25 splits classes and the quotient grows from 24 to 144 elements.
    g.bench_function("kayles_quotient_heaps_1_to_200", |b| {
        b.iter(|| black_box(misere_quotient(&kayles, 200, &Budget::default()).expect("quotient")))
    });
    let dawson = OctalCode::parse("0.07").expect("Dawson's Kayles");
    g.bench_function("dawsons_kayles_quotient_heaps_1_to_25", |b| {
        b.iter(|| black_box(misere_quotient(&dawson, 25, &Budget::default()).expect("quotient")))
    });
    // Issue 48's other target: Dawson's Kayles to heap 33 (order 638, P-portion 109, the
    // partial quotient Plambeck and Siegel report), against the reference solver's time on
    // the same machine (BENCHMARKS.md). Seconds an iteration, so ten samples are minutes.
    g.bench_function("dawsons_kayles_quotient_heaps_1_to_33", |b| {
        b.iter(|| black_box(misere_quotient(&dawson, 33, &Budget::default()).expect("quotient")))
    });
    // Issue 49's sweep: every 0.d1d2 code to heap SWEEP_BOUND with one thread and two (the
    // codes shared out; ≥ 1.6× on two cores is the target).
    let codes: Vec<MisereHeapGame> = (1..64)
        .map(|d| {
            let c = OctalCode::parse(&format!("0.{}{}", d / 8, d % 8)).expect("an octal code");
            MisereHeapGame::Octal(c)
        })
        .collect();
    for threads in [1, 2] {
        g.bench_function(
            format!("sweep_two_digit_codes_heaps_1_to_{SWEEP_BOUND}_threads_{threads}"),
            |b| {
                b.iter(|| {
                    let budget = Budget::default();
                    black_box(
                        misere_quotients(&codes, SWEEP_BOUND, 4096, &budget, threads)
                            .expect("no shared limit"),
                    )
                })
            },
        );
    }
    // Issue 32's derivation target: `simplify --misere 'kayles(7)' --format json` (the proof
    // written, its forms a DAG in the term table) and its check, each under a second.
    let k7 = onag::parse("kayles(7)").expect("parses");
    let misere = onag::Engine::default().with_play(onag::Play::Misere);
    g.bench_function("derivation_kayles_7_json", |b| {
        b.iter(|| {
            let s = onag::simplify(&k7, &misere).expect("derives");
            black_box(s.proof.to_json())
        })
    });
    let json = onag::simplify(&k7, &misere)
        .expect("derives")
        .proof
        .to_json();
    let rules = onag::RuleSet::builtin();
    g.bench_function("check_kayles_7_json", |b| {
        b.iter(|| black_box(onag::check(&json, &rules).is_ok()))
    });
    g.finish();
}

/// Kayles to heap 80: every element of the quotient (40, the last generator at heap 27) and
/// the last exceptional heap (70) with a period of 12 after it (docs/MISERE.md), with one
/// rebuild (at heap 9).
const KAYLES_BOUND: usize = 80;

/// The sweep's heap bound: every two-digit code to it takes seconds, no code most of them.
const SWEEP_BOUND: usize = 16;

criterion_group!(benches_group, benches);
criterion_main!(benches_group);
