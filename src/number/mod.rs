//! Exact arithmetic: the two number systems short games need.
//!
//! Short games contain only dyadic rationals as numbers, so [`Dyadic`] (an arbitrary-precision
//! numerator over a power of two) is exact for every number a short game can equal. Nimbers
//! ([`Nimber`]) are finite ordinals under nim addition and nim multiplication, a field of
//! characteristic two.

mod dyadic;
mod lexicode;
mod nimber;
mod on2;
mod ordinal;
pub mod signs;
mod surreal;

/// The Cantor/Conway normal form of a sum of terms `ω^e·c` given in any order: leading
/// exponent first, like exponents added, zero coefficients dropped. Ordinals and surreals
/// share it, so both normal forms are built by one rule.
fn normal_terms<E: Ord, C: std::ops::AddAssign + num_traits::Zero>(
    mut terms: Vec<(E, C)>,
) -> Vec<(E, C)> {
    terms.sort_by(|a, b| b.0.cmp(&a.0));
    let mut out: Vec<(E, C)> = Vec::with_capacity(terms.len());
    for (e, c) in terms {
        match out.last_mut() {
            Some(last) if last.0 == e => last.1 += c,
            _ => out.push((e, c)),
        }
    }
    out.retain(|t| !t.1.is_zero());
    out
}

pub(crate) use dyadic::big_eq;
pub use dyadic::{Dyadic, ParseDyadicError, Sign};
pub use lexicode::{Closure, Lexicode};
pub use nimber::{
    mex, nim_inv_u128, nim_inv_u64, nim_mul_u128, nim_mul_u128_portable, nim_mul_u64,
    nim_mul_u64_portable, nim_mul_uses_clmul, nim_solve_artin_schreier_u128,
    nim_solve_artin_schreier_u64, nim_sqrt_u128, nim_sqrt_u64, nim_square_u128, nim_square_u64,
    nim_warm_up, Nimber,
};
pub use on2::{On2, On2RangeError};
pub use ordinal::Ordinal;
pub use surreal::{Surreal, SurrealError};
