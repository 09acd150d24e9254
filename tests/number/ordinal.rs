//! Ordinals in Cantor normal form: seed 000 II.5b's facts of ordinal arithmetic, and the laws
//! of both sums and both products, on small ordinals and against the naturals.

use num_bigint::BigUint;
use onag::Ordinal;
use proptest::prelude::*;

fn n(k: u64) -> Ordinal {
    Ordinal::from(k)
}
fn w() -> Ordinal {
    Ordinal::omega()
}

/// Ordinals below ω^ω^2 as small trees, to drive the algebraic laws.
fn ordinal() -> impl Strategy<Value = Ordinal> {
    let exp = prop::collection::vec((0u64..4, 0u64..3), 0..3).prop_map(|t| {
        Ordinal::from_terms(
            t.into_iter()
                .map(|(e, c)| (Ordinal::from(e), BigUint::from(c)))
                .collect(),
        )
    });
    prop::collection::vec((exp, 0u64..4), 0..4).prop_map(|t| {
        Ordinal::from_terms(t.into_iter().map(|(e, c)| (e, BigUint::from(c))).collect())
    })
}

#[test]
fn seed_000_ordinal_facts() {
    // Seed 000 II.5b: ordinal arithmetic differs from surreal arithmetic.
    assert_eq!(n(1).add(&w()), w());
    assert_ne!(w().add(&n(1)), w());
    assert_eq!(n(2).mul(&w()), w());
    assert_eq!(w().mul(&n(2)), w().add(&w()));
    assert_eq!(w().natural_add(&n(1)), n(1).natural_add(&w()));
    assert_eq!(w().add(&n(1)).mul(&w()).to_string(), "ω^2", "(ω+1)·ω = ω²");
    assert_eq!(w().mul(&w().add(&n(1))).to_string(), "ω^2+ω");
    assert_eq!(
        w().add(&n(1)).natural_mul(&w().add(&n(1))).to_string(),
        "ω^2+ω·2+1"
    );
    assert_eq!(w().pow(3).to_string(), "ω^3");
    let ww = Ordinal::omega_pow(w());
    assert_eq!(ww.to_string(), "ω^ω");
    assert!(ww > w().pow(1000));
    assert_eq!(Ordinal::omega_pow(w().add(&n(1))).display(true), "w^(w+1)");
}

proptest! {
    #[test]
    fn ordinal_laws(a in ordinal(), b in ordinal(), c in ordinal()) {
        // associativity, distributivity on the left, monotonicity in the right argument
        prop_assert_eq!(a.add(&b).add(&c), a.add(&b.add(&c)));
        prop_assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        prop_assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        prop_assert!(a.add(&b) >= b);
        if b < c { prop_assert!(a.add(&b) < a.add(&c)); }
        // natural operations form a commutative semiring
        prop_assert_eq!(a.natural_add(&b), b.natural_add(&a));
        prop_assert_eq!(a.natural_mul(&b), b.natural_mul(&a));
        prop_assert_eq!(a.natural_mul(&b.natural_add(&c)), a.natural_mul(&b).natural_add(&a.natural_mul(&c)));
        prop_assert!(a.natural_add(&b) >= a.add(&b));
        // comparison is a total order consistent with addition
        prop_assert_eq!(a.cmp(&b), b.cmp(&a).reverse());
        // left subtraction undoes the ordinal sum
        prop_assert_eq!(a.add(&b).left_sub(&a), Some(b.clone()));
        if let Some(d) = b.left_sub(&a) { prop_assert_eq!(a.add(&d), b.clone()); } else { prop_assert!(a > b); }
    }

    /// On naturals all four operations are the usual ones.
    #[test]
    fn naturals_agree(x in 0u64..1000, y in 0u64..1000) {
        prop_assert_eq!(n(x).add(&n(y)), n(x + y));
        prop_assert_eq!(n(x).natural_add(&n(y)), n(x + y));
        prop_assert_eq!(n(x).mul(&n(y)), n(x * y));
        prop_assert_eq!(n(x).natural_mul(&n(y)), n(x * y));
        prop_assert_eq!(n(x).cmp(&n(y)), x.cmp(&y));
    }
}
