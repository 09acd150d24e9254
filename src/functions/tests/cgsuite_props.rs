//! CGSuite's methods as functions (issue 33 point 2) against their definitions, evaluated here
//! directly on random small games with nothing but the kernel's options, sums and comparisons:
//! the parity and temperament predicates, the stop-based predicates, incentives, companions,
//! Conway's product restricted to numbers and to nimbers, ordinal sums with 0, and uptimal
//! expansions read back from the games they denote.

use crate::functions::{introspect, predicates, products, uptimal};
use crate::kernel::{GameId, Kernel};
use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;
use proptest::prelude::*;
use std::collections::HashMap;

fn small_term() -> impl Strategy<Value = Term> {
    let leaf = (-2i64..=2, 0u64..=1, -1i64..=1, 0u64..=2).prop_map(|(n, e, u, k)| Term::Nus {
        number: Dyadic::new(BigInt::from(n), e),
        up: BigInt::from(u),
        nim: Nimber::from(k),
    });
    leaf.prop_recursive(3, 8, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
        ]
    })
}

fn options(k: &mut Kernel, g: GameId) -> Vec<GameId> {
    let mut v = k.left_options(g).unwrap();
    v.extend(k.right_options(g).unwrap());
    v
}

/// Even: 0, or every option odd. Odd: not 0, and every option even.
fn even_odd(k: &mut Kernel, g: GameId) -> (bool, bool) {
    let os = options(k, g);
    let ps: Vec<_> = os.iter().map(|&o| even_odd(k, o)).collect();
    (
        ps.iter().all(|p| p.1),
        g != k.zero() && ps.iter().all(|p| p.0),
    )
}

/// Even-tempered: a number, or every option odd-tempered. Odd-tempered: not a number, and
/// every option even-tempered.
fn tempered(k: &mut Kernel, g: GameId) -> (bool, bool) {
    if k.as_number(g).is_some() {
        return (true, false);
    }
    let os = options(k, g);
    let ps: Vec<_> = os.iter().map(|&o| tempered(k, o)).collect();
    (ps.iter().all(|p| p.1), ps.iter().all(|p| p.0))
}

fn sub(k: &mut Kernel, a: GameId, b: GameId) -> GameId {
    let nb = k.neg(b);
    k.add(a, nb).unwrap()
}

/// Companion by its definition alone: 0° = *, *° = 0, *m° = *m for m ≥ 2; otherwise
/// {GL°, 0 if G ≥ 0 | GR°, 0 if G ≤ 0} (Siegel, CGT III.2).
fn companion(k: &mut Kernel, g: GameId) -> GameId {
    if let Some(n) = k.as_nimber(g) {
        if n <= Nimber::from(1) {
            return k.nus(
                &Dyadic::zero(),
                &BigInt::from(0),
                &n.nim_add(&Nimber::from(1)),
            );
        }
        return g;
    }
    let zero = k.zero();
    let mut l: Vec<GameId> = Vec::new();
    for x in k.left_options(g).unwrap() {
        l.push(companion(k, x));
    }
    let mut r: Vec<GameId> = Vec::new();
    for x in k.right_options(g).unwrap() {
        r.push(companion(k, x));
    }
    if k.le(zero, g).unwrap() {
        l.push(zero);
    }
    if k.le(g, zero).unwrap() {
        r.push(zero);
    }
    k.from_options(&l, &r).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn predicates_agree_with_their_definitions(t in small_term()) {
        let mut k = Kernel::new();
        let g = k.eval(&t).unwrap();
        let (e, o) = even_odd(&mut k, g);
        prop_assert_eq!(predicates::holds(&mut k, "is_even", g).unwrap(), e);
        prop_assert_eq!(predicates::holds(&mut k, "is_odd", g).unwrap(), o);
        let (et, ot) = tempered(&mut k, g);
        prop_assert_eq!(predicates::holds(&mut k, "is_even_tempered", g).unwrap(), et);
        prop_assert_eq!(predicates::holds(&mut k, "is_odd_tempered", g).unwrap(), ot);
        // Infinitesimal: strictly between -1/64 and 1/64 (small games' stops are multiples of 1/8).
        let eps = k.number(&Dyadic::new(BigInt::from(1), 6));
        let neps = k.neg(eps);
        let inf = !k.le(eps, g).unwrap() && !k.le(g, neps).unwrap()
            && k.le(neps, g).unwrap() && k.le(g, eps).unwrap();
        prop_assert_eq!(predicates::holds(&mut k, "is_infinitesimal", g).unwrap(), inf);
        // Numberish: G - x is infinitesimal for the number x = its left stop.
        let x = k.left_stop(g);
        let xg = k.number(&x);
        let d = sub(&mut k, g, xg);
        let ls = k.left_stop(d);
        let rs = k.right_stop(d);
        prop_assert_eq!(
            predicates::holds(&mut k, "is_numberish", g).unwrap(),
            ls.is_zero() && rs.is_zero()
        );
        prop_assert_eq!(
            predicates::holds(&mut k, "is_number", g).unwrap(),
            k.as_number(g).is_some()
        );
    }

    #[test]
    fn incentives_and_companion_by_definition(t in small_term()) {
        let mut k = Kernel::new();
        let g = k.eval(&t).unwrap();
        // Every incentive GL - G, G - GR, and the undominated ones kept.
        let mut all = Vec::new();
        for gl in k.left_options(g).unwrap() {
            all.push(sub(&mut k, gl, g));
        }
        for gr in k.right_options(g).unwrap() {
            all.push(sub(&mut k, g, gr));
        }
        all.sort();
        all.dedup();
        let mut want: Vec<GameId> = Vec::new();
        for &x in &all {
            let mut beaten = false;
            for &y in &all {
                if x != y && k.le(x, y).unwrap() {
                    beaten = true;
                }
            }
            if !beaten {
                want.push(x);
            }
        }
        let mut got = introspect::incentives(&mut k, g, true, true).unwrap();
        got.sort();
        want.sort();
        prop_assert_eq!(got, want);
        let c = introspect::companion(&mut k, g, &mut HashMap::new(), 0).unwrap();
        prop_assert_eq!(c, companion(&mut k, g));
        // Ordinal sums with 0 on either side change nothing.
        let z = k.zero();
        prop_assert_eq!(products::ordinal_sum(&mut k, g, z).unwrap(), g);
        prop_assert_eq!(products::ordinal_sum(&mut k, z, g).unwrap(), g);
    }

    #[test]
    fn conway_product_restricts_to_numbers_and_nimbers(
        a in -4i64..=4, ea in 0u64..=2, b in -4i64..=4, eb in 0u64..=2,
        m in 0u64..8, n in 0u64..8,
    ) {
        let mut k = Kernel::new();
        let (x, y) = (Dyadic::new(BigInt::from(a), ea), Dyadic::new(BigInt::from(b), eb));
        let (gx, gy) = (k.number(&x), k.number(&y));
        let p = products::conway_by_definition(&mut k, gx, gy).unwrap();
        prop_assert_eq!(k.as_number(p), Some(x * y));
        let z = BigInt::from(0);
        let (sm, sn) = (Nimber::from(m), Nimber::from(n));
        let gm = k.nus(&Dyadic::zero(), &z, &sm);
        let gn = k.nus(&Dyadic::zero(), &z, &sn);
        let q = products::conway_by_definition(&mut k, gm, gn).unwrap();
        prop_assert_eq!(k.as_nimber(q), Some(sm.nim_mul(&sn)));
    }

    #[test]
    fn uptimal_expansions_read_back(
        x in -2i64..=2, m in 0u64..=2,
        digits in prop::collection::vec(-2i64..=2, 0..4),
    ) {
        let mut k = Kernel::new();
        let mut up = uptimal::Uptimals::new();
        let mut ds: Vec<BigInt> = digits.iter().map(|&d| BigInt::from(d)).collect();
        while ds.last().is_some_and(|d| *d == BigInt::from(0)) {
            ds.pop();
        }
        let e = uptimal::Expansion {
            number: Dyadic::from(x),
            nim: Nimber::from(m),
            digits: ds,
        };
        let g = up.build(&mut k, &e).unwrap();
        let found = uptimal::Uptimals::new().of(&mut k, g).unwrap();
        prop_assert_eq!(found, Some(e));
    }
}
