//! Nimber arithmetic against values from independent sources: seed 000 §I.6a, the research
//! notes' §5 vectors (each cross-checked by two implementations there), OEIS, the field laws,
//! and S. Tatham's `nimber` crate as an oracle.

use nimber::FiniteNimber;
use num_bigint::BigUint;
use onag::*;
use proptest::prelude::*;

fn pow2(k: u32) -> Nimber {
    Nimber::new(BigUint::from(1u32) << k)
}

fn n(x: u128) -> Nimber {
    Nimber::new(BigUint::from(x))
}

#[test]
fn seed_000_nim_field() {
    assert_eq!(nim_mul_u64(2, 2), 3);
    assert_eq!(nim_inv_u64(2), Some(3));
    assert_eq!(nim_mul_u64(2, 3), 1);
    assert_eq!(nim_mul_u64(16, 16), 24);
    assert_eq!(nim_mul_u64(1 << 63, 1 << 62), 0xb9c5_9257_c544_5713);
    // ω³ = 2 needs 2 to have no cube root in any finite field: 2⊗2⊗2 = 1, so 2 has order 3.
    assert_eq!(nim_mul_u64(nim_mul_u64(2, 2), 2), 1);
}

#[test]
fn research_products() {
    let cases: [(u64, u64, u64); 9] = [
        (2, 2, 3),
        (4, 4, 6),
        (8, 8, 13),
        (16, 16, 24),
        (256, 256, 384),
        (1 << 32, 1 << 32, 0x1_8000_0000),
        (0x1234_5678_9abc_def0, 0x76, 0x8494_6b8c_f1e1_1ef9),
        (
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            0x9f9f_f4b9_15a1_7a0e,
        ),
        (u64::MAX, u64::MAX, 0x9caf_97a4_9cfc_97f7),
    ];
    for (a, b, p) in cases {
        assert_eq!(nim_mul_u64(a, b), p, "{a:#x}⊗{b:#x}");
        assert_eq!(nim_mul_u64(b, a), p);
        assert_eq!(nim_mul_u128(a.into(), b.into()), p.into());
        assert_eq!(Nimber::from(a).nim_mul(&Nimber::from(b)), Nimber::from(p));
    }
    let wide: [(u128, u128, u128); 4] = [
        (1 << 64, 1 << 64, 3 << 63),
        (
            u128::MAX,
            u128::MAX,
            0x9caf_97a4_9cfc_97f7_9caf_d5dd_9cfc_d58e,
        ),
        (
            1 << 127,
            1 << 126,
            0xb9c5_9257_c544_5713_9257_14f0_5713_43e3,
        ),
        (
            1 << 127,
            1 << 127,
            0xde4a_e3a9_4a88_a921_e3a9_2850_a921_8171,
        ),
    ];
    for (a, b, p) in wide {
        assert_eq!(nim_mul_u128(a, b), p, "{a:#x}⊗{b:#x}");
        assert_eq!(n(a).nim_mul(&n(b)), n(p));
    }
}

#[test]
fn fermat_two_powers() {
    // Distinct Fermat 2-powers multiply ordinarily; equal ones give 3/2 of themselves.
    for i in 0..11u32 {
        let fi = pow2(1 << i);
        let three_halves = Nimber::new(BigUint::from(3u32) << ((1u32 << i) - 1));
        assert_eq!(fi.nim_mul(&fi), three_halves);
        assert_eq!(fi.nim_square(), three_halves);
        for j in 0..i {
            assert_eq!(
                fi.nim_mul(&pow2(1 << j)),
                pow2((1 << i) + (1 << j)),
                "F{i}⊗F{j}"
            );
        }
    }
}

#[test]
fn research_inverses() {
    for (a, i) in [
        (2u64, 3u64),
        (4, 15),
        (8, 10),
        (16, 170),
        (1 << 32, 0xd963_d963_d963_d963),
    ] {
        assert_eq!(nim_inv_u64(a), Some(i));
        assert_eq!(nim_inv_u64(i), Some(a));
        assert_eq!(Nimber::from(a).nim_inv(), Some(Nimber::from(i)));
    }
    assert_eq!(nim_inv_u64(u64::MAX), Some(0xc9c9_0000_0000));
    assert_eq!(
        nim_inv_u128(1 << 64),
        Some(0xada9_1d55_ada9_1d55_ada9_1d55_ada9_1d55)
    );
    assert_eq!(nim_inv_u64(0), None);
    assert_eq!(nim_inv_u128(0), None);
    assert_eq!(Nimber::zero().nim_inv(), None);
    assert_eq!(pow2(300).nim_mul(&Nimber::zero()).nim_inv(), None);
    assert_eq!(Nimber::from(7).nim_div(&Nimber::zero()), None);
}

#[test]
fn research_square_roots() {
    for (a, r) in [
        (2u64, 3u64),
        (3, 2),
        (4, 7),
        (8, 14),
        (1 << 63, 0xe880_8000_8000_0000),
    ] {
        assert_eq!(nim_sqrt_u64(a), r);
        assert_eq!(nim_square_u64(r), a);
    }
    assert_eq!(nim_sqrt_u128(1 << 64), 0x1_e880_8000_8000_0000);
    assert_eq!(
        nim_sqrt_u128(1 << 127),
        0xe880_8000_8000_0000_8000_0000_0000_0000
    );
    assert_eq!(nim_square_u64(0x80), 0xde);
    assert_eq!(nim_square_u64(0x8000), 0xde4a);
    assert_eq!(nim_sqrt_u64(0xde4a), 0x8000);
}

#[test]
fn research_artin_schreier() {
    let cases: [(u64, u128); 8] = [
        (1, 2),
        (8, 16),
        (0x80, 0x100),
        (1 << 31, 1 << 32),
        (1 << 63, 1 << 64),
        (0x2345_6789, 0x4aec_00e4),
        (0xabcd_ef01, 0x1_5b7a_c2e8),
        (0xdead_beef, 0x1_81f4_2bb2),
    ];
    for (a, x) in cases {
        assert_eq!(nim_solve_artin_schreier_u64(a), x, "x²+x={a:#x}");
        assert_eq!(nim_mul_u128(x, x) ^ x, a.into());
        assert_eq!(Nimber::from(a).solve_artin_schreier(), n(x));
    }
    assert_eq!(nim_solve_artin_schreier_u128(1 << 127), None);
    // Bit 127 set: the roots are in GF(2^256); x = 2^128 by the same argument as 2^63 → 2^64.
    let x = n(1 << 127).solve_artin_schreier();
    assert_eq!(x, pow2(128));
    assert_eq!(x.nim_square().nim_add(&x), n(1 << 127));
}

#[test]
fn oeis_prefixes() {
    // A051775: the nim-product table read by antidiagonals.
    let a051775 = [
        0, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 3, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 8, 2, 8, 5, 0,
    ];
    let mut got = Vec::new();
    for d in 0..7u64 {
        for i in 0..=d {
            got.push(nim_mul_u64(i, d - i));
        }
    }
    assert_eq!(got, a051775);
    // A006042: nim-squares.
    let a006042 = [
        0, 1, 3, 2, 6, 7, 5, 4, 13, 12, 14, 15, 11, 10, 8, 9, 24, 25, 27, 26,
    ];
    assert_eq!((0..20).map(nim_square_u64).collect::<Vec<_>>(), a006042);
    // A160679: nim square roots.
    let a160679 = [0, 1, 3, 2, 7, 6, 4, 5, 14, 15, 13, 12, 9, 8, 10, 11, 30, 31];
    assert_eq!((0..18).map(nim_sqrt_u64).collect::<Vec<_>>(), a160679);
    // A051917: nim inverses from 1.
    let a051917 = [
        1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170, 160, 109, 107, 131,
    ];
    let inv: Vec<u64> = (1..21).map(|x| nim_inv_u64(x).unwrap_or(0)).collect();
    assert_eq!(inv, a051917);
    // A006017: 2^n ⊗ 2^n.
    let a006017 = [1, 3, 6, 13, 24, 52, 103, 222];
    assert_eq!(
        (0..8)
            .map(|k| nim_mul_u64(1 << k, 1 << k))
            .collect::<Vec<_>>(),
        a006017
    );
    // CGSuite's 8⊗n test.
    let eight = [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128];
    assert_eq!(
        (1..17).map(|k| nim_mul_u64(8, k)).collect::<Vec<_>>(),
        eight
    );
}

#[test]
fn pow_and_orders() {
    // The multiplicative group of GF(2^64) has order 2^64 - 1.
    let g = Nimber::from(0x1234_5678_9abc_def1);
    assert_eq!(g.nim_pow(u64::MAX), Nimber::from(1));
    assert_eq!(Nimber::from(2).nim_pow(3), Nimber::from(1));
    assert_eq!(Nimber::zero().nim_pow(0), Nimber::from(1));
}

fn big_value() -> impl Strategy<Value = Nimber> {
    prop::collection::vec(any::<u32>(), 7).prop_map(|mut v| {
        v[6] &= 0xff; // 200 bits
        Nimber::new(BigUint::new(v))
    })
}

fn to_oracle(x: u128) -> FiniteNimber {
    FiniteNimber::from(&[x as u64, (x >> 64) as u64])
}

fn from_oracle(x: &FiniteNimber) -> u128 {
    let s = x.as_slice();
    s.iter()
        .take(2)
        .enumerate()
        .fold(0u128, |acc, (i, &w)| acc | (u128::from(w) << (64 * i)))
}

proptest! {
    #[test]
    fn field_laws_u64(a: u64, b: u64, c: u64) {
        prop_assert_eq!(nim_mul_u64(a, b), nim_mul_u64(b, a));
        prop_assert_eq!(nim_mul_u64(nim_mul_u64(a, b), c), nim_mul_u64(a, nim_mul_u64(b, c)));
        prop_assert_eq!(nim_mul_u64(a, b ^ c), nim_mul_u64(a, b) ^ nim_mul_u64(a, c));
        prop_assert_eq!(nim_mul_u64(a, 1), a);
        prop_assert_eq!(nim_square_u64(a), nim_mul_u64(a, a));
        prop_assert_eq!(nim_square_u64(nim_sqrt_u64(a)), a);
        if let Some(i) = nim_inv_u64(a) {
            prop_assert_eq!(nim_mul_u64(a, i), 1);
        } else {
            prop_assert_eq!(a, 0);
        }
        let x = nim_solve_artin_schreier_u64(a);
        prop_assert_eq!(x & 1, 0);
        prop_assert_eq!(nim_mul_u128(x, x) ^ x, u128::from(a));
        prop_assert_eq!(x >> 64 != 0, a >> 63 != 0);
        prop_assert_eq!(Nimber::from(a).nim_mul(&Nimber::from(b)), Nimber::from(nim_mul_u64(a, b)));
    }

    #[test]
    fn field_laws_u128(a: u128, b: u128, c: u128) {
        prop_assert_eq!(nim_mul_u128(a, b), nim_mul_u128(b, a));
        prop_assert_eq!(nim_mul_u128(nim_mul_u128(a, b), c), nim_mul_u128(a, nim_mul_u128(b, c)));
        prop_assert_eq!(nim_mul_u128(a, b ^ c), nim_mul_u128(a, b) ^ nim_mul_u128(a, c));
        prop_assert_eq!(nim_square_u128(a), nim_mul_u128(a, a));
        prop_assert_eq!(nim_square_u128(nim_sqrt_u128(a)), a);
        match nim_inv_u128(a) {
            Some(i) => prop_assert_eq!(nim_mul_u128(a, i), 1),
            None => prop_assert_eq!(a, 0),
        }
        match nim_solve_artin_schreier_u128(a) {
            Some(x) => {
                prop_assert_eq!(x & 1, 0);
                prop_assert_eq!(nim_mul_u128(x, x) ^ x, a);
            }
            None => prop_assert!(a >> 127 != 0),
        }
        // The 64-bit kernel is the restriction of the 128-bit one (GF(2^64) is a subfield).
        let (a0, b0) = (a as u64, b as u64);
        prop_assert_eq!(nim_mul_u128(a0.into(), b0.into()), nim_mul_u64(a0, b0).into());
    }

    #[test]
    fn field_laws_200_bits(a in big_value(), b in big_value(), c in big_value()) {
        prop_assert_eq!(a.nim_mul(&b), b.nim_mul(&a));
        prop_assert_eq!(a.nim_mul(&b).nim_mul(&c), a.nim_mul(&b.nim_mul(&c)));
        prop_assert_eq!(a.nim_mul(&b.nim_add(&c)), a.nim_mul(&b).nim_add(&a.nim_mul(&c)));
        prop_assert_eq!(a.nim_square(), a.nim_mul(&a));
        prop_assert_eq!(a.nim_sqrt().nim_square(), a.clone());
        prop_assert!(a.nim_sqrt().value().bits() == a.value().bits());
        match a.nim_inv() {
            Some(i) => prop_assert_eq!(a.nim_mul(&i), Nimber::from(1)),
            None => prop_assert!(a.is_zero()),
        }
        let x = a.solve_artin_schreier();
        prop_assert!(!x.value().bit(0));
        prop_assert_eq!(x.nim_square().nim_add(&x), a);
    }

    /// The BigUint recursion against the u128 kernel, with values that fit in 128 bits.
    #[test]
    fn big_path_agrees_with_u128(a: u128, b: u128) {
        // Multiplying by a Fermat 2-power 2^256 beyond both operands is an ordinary shift, and
        // dividing it back out forces the limb recursion on a 512-bit level.
        let shifted = n(a).nim_mul(&pow2(256));
        prop_assert_eq!(shifted.clone(), Nimber::new(BigUint::from(a) << 256u32));
        let prod = shifted.nim_mul(&n(b));
        prop_assert_eq!(prod, Nimber::new(BigUint::from(nim_mul_u128(a, b)) << 256u32));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn oracle_u64(a: u64, b: u64) {
        let p = &FiniteNimber::from(a) * &FiniteNimber::from(b);
        prop_assert_eq!(from_oracle(&p), u128::from(nim_mul_u64(a, b)));
        let s = FiniteNimber::from(a).sqrt();
        prop_assert_eq!(from_oracle(&s), u128::from(nim_sqrt_u64(a)));
        let i = FiniteNimber::from(a).inverse().map(|x| from_oracle(&x) as u64);
        prop_assert_eq!(i, nim_inv_u64(a));
    }

    #[test]
    fn oracle_u128(a: u128, b: u128) {
        let p = &to_oracle(a) * &to_oracle(b);
        prop_assert_eq!(from_oracle(&p), nim_mul_u128(a, b));
        prop_assert_eq!(from_oracle(&to_oracle(a).sqrt()), nim_sqrt_u128(a));
        let i = to_oracle(a).inverse().map(|x| from_oracle(&x));
        prop_assert_eq!(i, nim_inv_u128(a));
        let (r0, r1) = to_oracle(a).quadratic1();
        let mine = n(a).solve_artin_schreier();
        let theirs = [r0, r1].map(|r| {
            let s = r.as_slice();
            Nimber::new(BigUint::new(s.iter().flat_map(|&w| [w as u32, (w >> 32) as u32]).collect()))
        });
        prop_assert!(theirs.contains(&mine));
    }
}
