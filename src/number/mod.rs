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
