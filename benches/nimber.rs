//! Nimber kernels on random operands: throughput per operation over a batch of 4096 inputs, so
//! the figures include neither table construction nor random-number generation.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use num_bigint::BigUint;
use onag::*;

const BATCH: usize = 4096;

/// xorshift64*: deterministic operands, no dependency on a RNG crate.
fn words(seed: u64, count: usize) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    nim_warm_up();
    eprintln!("PCLMULQDQ kernel in use: {}", nim_mul_uses_clmul());
    let a = words(1, BATCH);
    let b = words(2, BATCH);
    let a128: Vec<u128> = words(3, 2 * BATCH)
        .chunks(2)
        .map(|w| u128::from(w[0]) | (u128::from(w[1]) << 64))
        .collect();
    let b128: Vec<u128> = words(4, 2 * BATCH)
        .chunks(2)
        .map(|w| u128::from(w[0]) | (u128::from(w[1]) << 64))
        .collect();
    let big = |seed| -> Vec<Nimber> {
        words(seed, 4 * 256)
            .chunks(4)
            .map(|w| {
                let digits = w
                    .iter()
                    .flat_map(|&x| [x as u32, (x >> 32) as u32])
                    .collect();
                Nimber::new(BigUint::new(digits))
            })
            .collect()
    };
    let (a256, b256) = (big(5), big(6));

    let mut g = c.benchmark_group("nimber");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("mul_u64", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for (&x, &y) in a.iter().zip(&b) {
                acc ^= nim_mul_u64(black_box(x), black_box(y));
            }
            acc
        })
    });
    g.bench_function("mul_u64_portable", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for (&x, &y) in a.iter().zip(&b) {
                acc ^= nim_mul_u64_portable(black_box(x), black_box(y));
            }
            acc
        })
    });
    g.bench_function("mul_u128_portable", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for (&x, &y) in a128.iter().zip(&b128) {
                acc ^= nim_mul_u128_portable(black_box(x), black_box(y));
            }
            acc
        })
    });
    g.bench_function("mul_u128", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for (&x, &y) in a128.iter().zip(&b128) {
                acc ^= nim_mul_u128(black_box(x), black_box(y));
            }
            acc
        })
    });
    g.bench_function("inv_u64", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for &x in &a {
                acc ^= nim_inv_u64(black_box(x)).unwrap_or(0);
            }
            acc
        })
    });
    g.bench_function("sqrt_u64", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for &x in &a {
                acc ^= nim_sqrt_u64(black_box(x));
            }
            acc
        })
    });
    g.bench_function("artin_schreier_u64", |bench| {
        bench.iter(|| {
            let mut acc = 0;
            for &x in &a {
                acc ^= nim_solve_artin_schreier_u64(black_box(x));
            }
            acc
        })
    });
    g.throughput(Throughput::Elements(a256.len() as u64));
    g.bench_function("mul_biguint_256", |bench| {
        bench.iter(|| {
            a256.iter()
                .zip(&b256)
                .map(|(x, y)| black_box(x).nim_mul(black_box(y)))
                .fold(0u64, |acc, p| {
                    acc ^ p.value().iter_u64_digits().next().unwrap_or(0)
                })
        })
    });
    g.bench_function("inv_biguint_256", |bench| {
        bench.iter(|| {
            a256.iter()
                .filter_map(|x| black_box(x).nim_inv())
                .fold(0u64, |acc, p| {
                    acc ^ p.value().iter_u64_digits().next().unwrap_or(0)
                })
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
