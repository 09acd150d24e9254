//! Nimbers: finite ordinals under nim addition (XOR) and nim multiplication.
//!
//! The nimbers below a Fermat 2-power `2^(2^k)` form the field GF(2^(2^k)), and the finite
//! nimbers are their union (seed 003; seed 000 §I.6a). Products, inverses, square roots and the
//! roots of `x² ⊕ x = a` all follow from the single relation `t⊗t = t ⊕ t/2` for a Fermat 2-power
//! `t` (research notes `nimbers-surreals.md` §1–§2), applied recursively:
//!
//! - [`word`] holds the table-driven 64- and 128-bit kernels, which are what games use;
//! - [`limbs`] lifts them to any size by Karatsuba over the Fermat tower of `u64` limbs;
//! - [`Nimber`] picks the narrowest path that holds its operands.

mod limbs;
mod word;

pub use word::{
    nim_inv_u128, nim_inv_u64, nim_mul_u128, nim_mul_u128_portable, nim_mul_u64,
    nim_mul_u64_portable, nim_mul_uses_clmul, nim_solve_artin_schreier_u128,
    nim_solve_artin_schreier_u64, nim_sqrt_u128, nim_sqrt_u64, nim_square_u128, nim_square_u64,
    nim_warm_up,
};

use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;

/// A finite nimber `*n`, of any size, with nim arithmetic.
///
/// ```
/// use onag::Nimber;
/// let (two, three) = (Nimber::from(2), Nimber::from(3));
/// // *2 x *3 = *1 in the field of four elements; *16 x *16 = *24 (16 is a Fermat 2-power).
/// assert_eq!(two.nim_mul(&three), Nimber::from(1));
/// assert_eq!(Nimber::from(16).nim_mul(&Nimber::from(16)).to_string(), "24");
/// ```
// Equality is field-wise, as derived, so the derived hash agrees with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Debug, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Nimber(BigUint);

/// The derived equality, limb by limb (see `dyadic::big_eq`).
impl PartialEq for Nimber {
    fn eq(&self, other: &Nimber) -> bool {
        super::dyadic::biguint_eq(&self.0, &other.0)
    }
}

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

    /// Nim multiplication: the product that makes the nimbers a field.
    ///
    /// ```
    /// use onag::Nimber;
    /// let two = Nimber::from(2);
    /// assert_eq!(two.nim_mul(&two), Nimber::from(3));
    /// ```
    pub fn nim_mul(&self, other: &Nimber) -> Nimber {
        if let (Some(a), Some(b)) = (self.to_u64(), other.to_u64()) {
            return Nimber::from(nim_mul_u64(a, b));
        }
        if let (Some(a), Some(b)) = (self.to_u128(), other.to_u128()) {
            return Nimber(BigUint::from(nim_mul_u128(a, b)));
        }
        let n = level_limbs(&[self, other]);
        let (a, b) = (self.limbs(n), other.limbs(n));
        if n == 4 {
            let half =
                |v: &[u64], i: usize| u128::from(v[2 * i]) | (u128::from(v[2 * i + 1]) << 64);
            let p = word::nim_mul_u256([half(&a, 0), half(&a, 1)], [half(&b, 0), half(&b, 1)]);
            let digits = p
                .iter()
                .flat_map(|&x| [x as u64, (x >> 64) as u64])
                .collect::<Vec<_>>();
            return Nimber(from_limbs(&digits));
        }
        Nimber(from_limbs(&limbs::mul(&a, &b)))
    }

    /// `self ⊗ self`, cheaper than [`Nimber::nim_mul`] because squaring is linear.
    pub fn nim_square(&self) -> Nimber {
        if let Some(a) = self.to_u64() {
            return Nimber::from(nim_square_u64(a));
        }
        if let Some(a) = self.to_u128() {
            return Nimber(BigUint::from(nim_square_u128(a)));
        }
        let n = level_limbs(&[self]);
        Nimber(from_limbs(&limbs::square(&self.limbs(n))))
    }

    /// The unique nim square root (the Frobenius map is an automorphism); it has the same bit
    /// length as `self`.
    ///
    /// ```
    /// use onag::Nimber;
    /// assert_eq!(Nimber::from(2).nim_sqrt(), Nimber::from(3));
    /// ```
    pub fn nim_sqrt(&self) -> Nimber {
        if let Some(a) = self.to_u64() {
            return Nimber::from(nim_sqrt_u64(a));
        }
        if let Some(a) = self.to_u128() {
            return Nimber(BigUint::from(nim_sqrt_u128(a)));
        }
        let n = level_limbs(&[self]);
        Nimber(from_limbs(&limbs::sqrt(&self.limbs(n))))
    }

    /// The nim inverse, or `None` for `*0`.
    ///
    /// ```
    /// use onag::Nimber;
    /// assert_eq!(Nimber::from(2).nim_inv(), Some(Nimber::from(3))); // 1/2 = 3 (seed 000 §I.6a)
    /// assert_eq!(Nimber::zero().nim_inv(), None);
    /// ```
    pub fn nim_inv(&self) -> Option<Nimber> {
        if let Some(a) = self.to_u64() {
            return nim_inv_u64(a).map(Nimber::from);
        }
        if let Some(a) = self.to_u128() {
            return nim_inv_u128(a).map(|x| Nimber(BigUint::from(x)));
        }
        let n = level_limbs(&[self]);
        limbs::inv(&self.limbs(n)).map(|v| Nimber(from_limbs(&v)))
    }

    /// Nim division `self ⊗ other⁻¹`, or `None` when dividing by `*0`.
    pub fn nim_div(&self, other: &Nimber) -> Option<Nimber> {
        other.nim_inv().map(|i| self.nim_mul(&i))
    }

    /// `self` raised to the `e`-th nim power by square-and-multiply.
    pub fn nim_pow(&self, mut e: u64) -> Nimber {
        let mut base = self.clone();
        let mut acc = Nimber::from(1);
        while e != 0 {
            if e & 1 == 1 {
                acc = acc.nim_mul(&base);
            }
            e >>= 1;
            if e != 0 {
                base = base.nim_square();
            }
        }
        acc
    }

    /// The even root `x` of `x² ⊕ x = self`; the other root is `x ⊕ 1`.
    ///
    /// Every finite nimber has such roots, but not always in its own field: at level `2^(2^k)`
    /// the equation is solvable exactly when bit `2^k - 1` (the trace) is clear, and otherwise
    /// the roots lie one Fermat level up. This is why the finite nimbers are quadratically closed.
    ///
    /// ```
    /// use onag::Nimber;
    /// let a = Nimber::from(8);
    /// let x = a.solve_artin_schreier();
    /// assert_eq!(x, Nimber::from(16)); // 16⊗16 ⊕ 16 = 24 ⊕ 16 = 8
    /// assert_eq!(x.nim_square().nim_add(&x), a);
    /// ```
    pub fn solve_artin_schreier(&self) -> Nimber {
        if let Some(a) = self.to_u64() {
            return Nimber(BigUint::from(nim_solve_artin_schreier_u64(a)));
        }
        if let Some(x) = self.to_u128().and_then(nim_solve_artin_schreier_u128) {
            return Nimber(BigUint::from(x));
        }
        let mut n = level_limbs(&[self]);
        let mut a = self.limbs(n);
        if a[n - 1] >> 63 != 0 {
            n *= 2;
            a.resize(n, 0);
        }
        // With the top bit of the level clear, the recursion always succeeds.
        match limbs::artin_schreier(&a) {
            Some(x) => Nimber(from_limbs(&x)),
            None => Nimber::zero(),
        }
    }

    /// The value as a `u128`, when it fits.
    pub fn to_u128(&self) -> Option<u128> {
        u128::try_from(&self.0).ok()
    }

    /// Little-endian `u64` limbs, zero-padded to `n`.
    fn limbs(&self, n: usize) -> Vec<u64> {
        let mut v = self.0.to_u64_digits();
        v.resize(n.max(v.len()), 0);
        v
    }
}

/// The number of limbs of the smallest field GF(2^(64n)) (`n` a power of two) holding every
/// operand.
fn level_limbs(xs: &[&Nimber]) -> usize {
    let words = xs
        .iter()
        .map(|x| x.0.bits().div_ceil(64))
        .max()
        .unwrap_or(1)
        .max(1);
    usize::try_from(words)
        .unwrap_or(usize::MAX)
        .next_power_of_two()
}

fn from_limbs(v: &[u64]) -> BigUint {
    BigUint::new(
        v.iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect(),
    )
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definitions of seed 000 §I.6a evaluated literally: `a⊕b = mex{a'⊕b, a⊕b'}` and
    /// `a⊗b = mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')}`, memoised, sharing nothing with the fast code.
    fn definitional_tables(n: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
        fn mex_of(seen: &mut [bool]) -> usize {
            let m = seen.iter().position(|&s| !s).unwrap_or(seen.len());
            seen.iter_mut().for_each(|s| *s = false);
            m
        }
        // Products of nimbers below 64 stay below 256 (the field GF(2^8)), so sums must cover 256.
        let m = 4 * n;
        let mut add = vec![vec![0usize; m]; m];
        let mut seen = vec![false; m * m];
        for a in 0..m {
            for b in 0..m {
                for a2 in 0..a {
                    seen[add[a2][b]] = true;
                }
                for b2 in 0..b {
                    seen[add[a][b2]] = true;
                }
                add[a][b] = mex_of(&mut seen);
            }
        }
        let mut mul = vec![vec![0usize; n]; n];
        for a in 0..n {
            for b in 0..n {
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = add[add[mul[a2][b]][mul[a][b2]]][mul[a2][b2]];
                        seen[v] = true;
                    }
                }
                mul[a][b] = mex_of(&mut seen);
            }
        }
        (add, mul)
    }

    #[test]
    fn mex_definitions_agree_below_64() {
        let (add, mul) = definitional_tables(64);
        for a in 0..64u64 {
            for b in 0..64u64 {
                let (x, y) = (Nimber::from(a), Nimber::from(b));
                assert_eq!(
                    x.nim_add(&y).to_u64(),
                    Some(add[a as usize][b as usize] as u64)
                );
                assert_eq!(
                    nim_mul_u64(a, b),
                    mul[a as usize][b as usize] as u64,
                    "{a}⊗{b}"
                );
                assert_eq!(x.nim_mul(&y).to_u64(), Some(nim_mul_u64(a, b)));
            }
        }
    }

    #[test]
    fn table_kernel_agrees_with_bit_recursion() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            crate::xorshift(&mut x);
            let y = x.rotate_left(29) ^ 0x5851_f42d_4c95_7f2d;
            let expected = word::nim_mul_bits(x, y, 64);
            assert_eq!(nim_mul_u64_portable(x, y), expected);
            assert_eq!(nim_mul_u64(x, y), expected);
        }
    }

    #[test]
    fn mex_matches_small_sets() {
        let set: Vec<Nimber> = [0u64, 1, 2, 4, 5].into_iter().map(Nimber::from).collect();
        assert_eq!(mex(&set), Nimber::from(3));
        assert_eq!(mex(&[]), Nimber::zero());
    }

    fn split(x: u128) -> [u64; 2] {
        [x as u64, (x >> 64) as u64]
    }

    fn join(v: &[u64]) -> u128 {
        u128::from(v[0]) | (u128::from(v[1]) << 64)
    }

    proptest! {
        /// The PCLMULQDQ kernel (when this CPU has it) against the table kernel.
        #[test]
        fn dispatched_kernels_agree_with_tables(a: u128, b: u128) {
            prop_assert_eq!(nim_mul_u64(a as u64, b as u64), nim_mul_u64_portable(a as u64, b as u64));
            prop_assert_eq!(nim_mul_u128(a, b), nim_mul_u128_portable(a, b));
        }

        /// The allocation-free 256-bit path against the general limb recursion.
        #[test]
        fn u256_path_agrees_with_limbs(a: [u64; 4], b: [u64; 4]) {
            let wide = |v: &[u64; 4]| [u128::from(v[0]) | u128::from(v[1]) << 64, u128::from(v[2]) | u128::from(v[3]) << 64];
            let p = word::nim_mul_u256(wide(&a), wide(&b));
            let q = limbs::mul(&a, &b);
            prop_assert_eq!(p, wide(&[q[0], q[1], q[2], q[3]]));
        }

        /// The limb recursion (64-bit base case only) against the separate u128 kernel, at the
        /// 128-bit level and embedded in the 256-bit level (GF(2^128) is a subfield).
        #[test]
        fn limb_recursion_agrees_with_u128(a: u128, b: u128) {
            prop_assert_eq!(join(&limbs::mul(&split(a), &split(b))), nim_mul_u128(a, b));
            let mut wide_a = split(a).to_vec();
            wide_a.extend([0, 0]);
            let mut wide_b = split(b).to_vec();
            wide_b.extend([0, 0]);
            let wide = limbs::mul(&wide_a, &wide_b);
            prop_assert_eq!(&wide[2..], &[0, 0]);
            prop_assert_eq!(join(&wide), nim_mul_u128(a, b));
            prop_assert_eq!(join(&limbs::square(&split(a))), nim_square_u128(a));
            prop_assert_eq!(join(&limbs::sqrt(&split(a))), nim_sqrt_u128(a));
            prop_assert_eq!(limbs::inv(&split(a)).map(|v| join(&v)), nim_inv_u128(a));
            prop_assert_eq!(
                limbs::artin_schreier(&split(a)).map(|v| join(&v)),
                nim_solve_artin_schreier_u128(a)
            );
        }
    }
}
