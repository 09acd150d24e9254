//! Exact arithmetic: the two number systems short games need.
//!
//! Short games contain only dyadic rationals as numbers, so [`Dyadic`] (an arbitrary-precision
//! numerator over a power of two) is exact for every number a short game can equal. Nimbers
//! ([`Nimber`]) are finite ordinals under nim addition and nim multiplication, a field of
//! characteristic two.

mod dyadic;
mod nimber;

pub use dyadic::{Dyadic, Sign};
pub use nimber::{mex, Nimber};
