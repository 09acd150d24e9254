//! Nimbers: finite ordinals under nim addition (XOR) and nim multiplication.
//!
//! STUB: the API below is fixed; the numbers work package fills in the bodies (seed 003,
//! ../shared/research/nimbers-surreals.md).

use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;

/// A finite nimber `*n`, of any size.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Nimber(BigUint);

impl Nimber {
    /// `*0`.
    pub fn zero() -> Self {
        Nimber(BigUint::zero())
    }
    /// Wraps a natural number.
    pub fn new(n: BigUint) -> Self {
        Nimber(n)
    }
    /// The natural number n of `*n`.
    pub fn value(&self) -> &BigUint {
        &self.0
    }
    /// True for `*0`.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
    /// The value as a `u64`, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }
    /// Nim addition: bitwise exclusive or.
    pub fn nim_add(&self, other: &Nimber) -> Nimber {
        Nimber(&self.0 ^ &other.0)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber(BigUint::from(n))
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The minimal excluded natural number of a set (seed 002 Definition 7.3).
pub fn mex<'a>(values: impl IntoIterator<Item = &'a Nimber>) -> Nimber {
    let mut seen: Vec<&BigUint> = values.into_iter().map(|n| &n.0).collect();
    seen.sort();
    seen.dedup();
    let mut m = BigUint::zero();
    for v in seen {
        if *v == m {
            m += 1u32;
        } else if *v > m {
            break;
        }
    }
    Nimber(m)
}
