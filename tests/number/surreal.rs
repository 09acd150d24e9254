//! Surreal numbers in Conway normal form: seed 000 II.5b's arithmetic, square roots, and the
//! field laws, with a term-by-term product as the independent side.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
use onag::{Dyadic, Ordinal, Surreal};
use proptest::prelude::*;

/// The birthday of a rational number: finite for a dyadic (the length of its sign
/// expansion), ω for any other rational (seed 000 II.5b: every non-dyadic real is born on
/// day ω).
fn rational_birthday(r: &BigRational) -> Ordinal {
    let d = r.denom();
    let k = d.trailing_zeros().unwrap_or(0);
    if *d == BigInt::one() << k {
        let b = Dyadic::new(r.numer().clone(), k).birthday();
        Ordinal::from(b.to_biguint().unwrap_or_default())
    } else {
        Ordinal::omega()
    }
}

fn q(n: i64, d: i64) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}
fn int(n: i64) -> Surreal {
    Surreal::integer(n)
}
fn w() -> Surreal {
    Surreal::omega()
}

/// Surreals with integer and one-level exponents, to drive the ring laws.
fn surreal() -> impl Strategy<Value = Surreal> {
    prop::collection::vec((-3i64..4, -4i64..5, 1i64..4), 0..4).prop_map(|t| {
        Surreal::from_terms(t.into_iter().map(|(e, n, d)| (int(e), q(n, d))).collect())
    })
}

#[test]
fn seed_000_arithmetic() {
    // Seed 000 II.5b: ω−1, 1/ω, ω/2, 1/(2ω); and ω·(1/ω) = 1.
    let eps = int(1).div(&w()).unwrap();
    assert_eq!(eps, Surreal::epsilon());
    assert_eq!(w().mul(&eps), int(1));
    assert_eq!(w().div(&int(2)).unwrap().to_string(), "ω·1/2");
    assert_eq!(
        int(1).div(&w().scale(&q(2, 1))).unwrap().to_string(),
        "ω^-1·1/2"
    );
    assert!(w().sub(&int(1)) > int(1_000_000));
    assert!(w().sub(&int(1)) < w());
    assert!(eps > int(0) && eps < Surreal::rational(q(1, 1_000_000)));
    // √ω = ω^{1/2}; √(ω²+2ω+1) = ω+1; √2 is irrational
    assert_eq!(w().sqrt().unwrap().to_string(), "ω^(1/2)");
    let sq = w().add(&int(1)).mul(&w().add(&int(1)));
    assert_eq!(sq.sqrt().unwrap(), w().add(&int(1)));
    assert!(int(2).sqrt().unwrap_err().0.contains("not the square"));
    assert!(w()
        .add(&int(1))
        .sqrt()
        .unwrap_err()
        .0
        .contains("infinite series"));
    assert!(int(-1).sqrt().unwrap_err().0.contains("negative"));
    // 1/(ω+1) is an infinite series; (ω²−1)/(ω+1) = ω−1 is finite.
    let e = int(1).div(&w().add(&int(1))).unwrap_err();
    assert!(e.0.contains("infinite series"), "{e}");
    let p = w().mul(&w()).sub(&int(1));
    assert_eq!(p.div(&w().add(&int(1))).unwrap(), w().sub(&int(1)));
    assert_eq!(int(1).div(&int(3)).unwrap().to_string(), "1/3");
    assert!(int(1).div(&int(0)).is_err());
    // ordinals embed: the natural sum is the surreal sum
    let o = Ordinal::omega().add(&Ordinal::from(2u64));
    assert_eq!(Surreal::from_ordinal(&o), w().add(&int(2)));
    assert_eq!(Surreal::from_ordinal(&o).to_ordinal(), Some(o));
    assert_eq!(w().sub(&int(1)).to_ordinal(), None);
}

#[test]
fn birthdays_of_rationals() {
    // research notes §4: 3/16 → 5, 6/23 → ω
    assert_eq!(rational_birthday(&q(3, 16)), Ordinal::from(5u64));
    assert_eq!(rational_birthday(&q(-3, 16)), Ordinal::from(5u64));
    assert_eq!(rational_birthday(&q(6, 23)), Ordinal::omega());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn ring_laws(a in surreal(), b in surreal(), c in surreal()) {
        prop_assert_eq!(a.add(&b), b.add(&a));
        prop_assert_eq!(a.mul(&b), b.mul(&a));
        prop_assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        prop_assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        prop_assert_eq!(a.sub(&a), Surreal::zero());
        // an ordered ring: a < b iff 0 < b − a; positive times positive is positive
        prop_assert_eq!(a.cmp(&b), a.sub(&b).signum().cmp(&0));
        if a.signum() > 0 && b.signum() > 0 { prop_assert!(a.mul(&b).signum() > 0); }
        // division undoes multiplication, and so does the square root of a square
        if !b.is_zero() {
            prop_assert_eq!(a.mul(&b).div(&b).unwrap(), a.clone());
        }
        // the machine-word path agrees with the general loop
        let mut general = Vec::new();
        for (x, r) in a.terms() {
            for (y, s) in b.terms() {
                general.push((x.add(y), r * s));
            }
        }
        prop_assert_eq!(a.mul(&b), Surreal::from_terms(general));
        let aa = a.mul(&a);
        let r = aa.sqrt().unwrap();
        prop_assert!(r == a || r == a.neg());
    }
}
