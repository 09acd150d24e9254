//! The number world's targets (issue 18): ⊗ on transfinite nimbers below ω^ω at the ω level
//! (≤ 1 µs), surreal normal-form products of 100 terms (≤ 1 ms), and the 64-bit ⊗ of the
//! expression language's fast path (≤ 10 ns, the kernel itself, for comparison).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use onag::*;

/// xorshift64*: deterministic operands.
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

/// `ω²·a + ω·b + c` with 64-bit coefficients: an ω-level transfinite nimber.
fn on2(seed: u64) -> On2 {
    let w = words(seed, 3);
    On2::from_terms(
        w.iter()
            .enumerate()
            .map(|(i, &c)| (2 - i as u64, Nimber::new(BigUint::from(c))))
            .collect(),
    )
}

/// A surreal with `n` terms: exponents n−1 … 0 shifted by a half, small rational coefficients.
fn surreal(seed: u64, n: usize) -> Surreal {
    let w = words(seed, n);
    Surreal::from_terms(
        w.iter()
            .enumerate()
            .map(|(i, &x)| {
                let e = Surreal::rational(BigRational::new(
                    BigInt::from(2 * i as i64 - n as i64),
                    BigInt::from(2),
                ));
                let c = BigRational::new(
                    BigInt::from((x % 1000) as i64 - 500),
                    BigInt::from(x % 7 + 1),
                );
                (e, c)
            })
            .collect(),
    )
}

fn bench(c: &mut Criterion) {
    nim_warm_up();
    let (a, b) = (on2(1), on2(2));
    assert_eq!(a.mul(&b), b.mul(&a));
    c.bench_function("on2 ⊗ of two ω²a+ωb+c (64-bit coefficients)", |bn| {
        bn.iter(|| black_box(&a).mul(black_box(&b)))
    });
    let (w, w1) = (
        On2::omega(),
        On2::omega().add(&On2::finite(Nimber::from(1))),
    );
    c.bench_function("on2 ω ⊗ (ω+1)", |bn| {
        bn.iter(|| black_box(&w).mul(black_box(&w1)))
    });
    c.bench_function("on2 inverse of ω²a+ωb+c", |bn| {
        bn.iter(|| black_box(&a).inv())
    });
    let (x, y) = (surreal(3, 100), surreal(4, 100));
    c.bench_function("surreal product of two 100-term normal forms", |bn| {
        bn.iter(|| black_box(&x).mul(black_box(&y)))
    });
    // the mex definition of *255 ⊗ *255 opened (65,025 options) and checked independently
    let args = vec![
        onag::Arg::Game(onag::Term::nimber(Nimber::from(255))),
        onag::Arg::Game(onag::Term::nimber(Nimber::from(255))),
    ];
    let nimmul = onag::function("nimmul").expect("nimmul");
    let mut k = onag::Kernel::new();
    let opened = nimmul.open(&args, &mut k).unwrap().unwrap();
    c.bench_function("open *255 ⊗ *255 by the mex definition", |bn| {
        bn.iter(|| nimmul.open(black_box(&args), &mut k).unwrap())
    });
    c.bench_function("check_open of *255 ⊗ *255", |bn| {
        bn.iter(|| nimmul.check_open(black_box(&args), &opened.term))
    });
    let (p, q) = (words(5, 1)[0], words(6, 1)[0]);
    c.bench_function("64-bit nim product (fast path)", |bn| {
        bn.iter(|| nim_mul_u64(black_box(p), black_box(q)))
    });
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
