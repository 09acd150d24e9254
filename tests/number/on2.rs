//! On₂ below ω^ω: CGSuite's transfinite nim-product vectors and seed 000 §I.6a's facts, and the
//! field laws.

use num_bigint::BigUint;
use onag::{Nimber, On2, Ordinal};
use proptest::prelude::*;

fn nimber_of(n: u64) -> Nimber {
    Nimber::new(BigUint::from(n))
}
fn w(e: u64, c: u64) -> On2 {
    On2::monomial(e, nimber_of(c))
}
fn fin(c: u64) -> On2 {
    On2::finite(nimber_of(c))
}

/// CGSuite's `GameTest.scala` transfinite vectors below ω^ω (research notes §5) and seed
/// 000 §I.6a's facts.
#[test]
fn seed_000_and_cgsuite_vectors() {
    assert_eq!(w(1, 1).mul(&fin(7)), w(1, 7)); // n⊗ω = nω
    assert_eq!(w(1, 1).mul(&w(1, 1)), w(2, 1)); // ω⊗ω = ω²
    assert_eq!(w(1, 1).mul(&w(2, 1)), fin(2)); // ω⊗ω² = 2
    assert_eq!(w(3, 1).mul(&w(3, 1)), w(6, 1));
    assert_eq!(w(3, 1).mul(&w(6, 1)), w(1, 1));
    assert_eq!(w(3, 1).mul(&w(8, 1)), fin(2));
    assert_eq!(w(8, 1).mul(&w(8, 1)), w(5, 2));
    assert_eq!(w(1, 1).pow(3), fin(2));
    assert_eq!(w(3, 1).pow(9), fin(2));
    assert_eq!(w(27, 1).pow(81), fin(2));
    // (ω³)⊗3 = ω (seed 000, closing remarks of §I.6a), i.e. ω³ ⊗ 3 read as the cube
    assert_eq!(w(3, 1).pow(3), w(1, 1));
    let a = On2::from_terms(vec![(3, nimber_of(9)), (0, nimber_of(11))]).add(&w(3, 0));
    let b = On2::from_terms(vec![(3, nimber_of(5)), (1, nimber_of(1))]);
    assert_eq!(a.add(&b).to_string(), "ω^3·12+ω+11");
    // research notes §3.3 item 4, checked by hand there
    assert_eq!(w(1, 1).inv().unwrap(), w(2, 3));
    assert_eq!(w(1, 1).sqrt(), w(2, 2));
    let w1 = w(1, 1).add(&fin(1));
    assert_eq!(
        w1.inv().unwrap(),
        On2::from_terms(vec![
            (2, nimber_of(2)),
            (1, nimber_of(2)),
            (0, nimber_of(2))
        ])
    );
    assert_eq!(fin(0).inv(), None);
}

#[test]
fn range_is_checked() {
    let ww = Ordinal::omega_pow(Ordinal::omega());
    let e = On2::from_ordinal(&ww).unwrap_err();
    assert!(e.0.contains("below ω^ω"), "{e}");
    let ok = Ordinal::omega().mul(&Ordinal::from(3u64));
    assert_eq!(On2::from_ordinal(&ok).unwrap(), w(1, 3));
}

fn on2() -> impl Strategy<Value = On2> {
    prop::collection::vec((0u64..12, 0u64..300), 0..4)
        .prop_map(|t| On2::from_terms(t.into_iter().map(|(e, c)| (e, nimber_of(c))).collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Field axioms below ω^ω.
    #[test]
    fn field_axioms(a in on2(), b in on2(), c in on2()) {
        prop_assert_eq!(a.mul(&b), b.mul(&a));
        prop_assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        prop_assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        prop_assert_eq!(a.square(), a.mul(&a));
        prop_assert_eq!(a.sqrt().square(), a.clone());
        if let Some(i) = a.inv() {
            prop_assert_eq!(a.mul(&i), fin(1));
        } else {
            prop_assert!(a.is_zero());
        }
    }
}
