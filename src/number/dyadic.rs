//! Dyadic rationals `n / 2^k` with an arbitrary-precision numerator.
//!
//! Every number that a short game can equal is dyadic (seed 000 II.5, seed 002 §3), so this type
//! is exact for all of short-game number arithmetic: sums, differences, products and halving never
//! round, never overflow, and `2^4000 + 2^-4000` is held exactly.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A dyadic rational `num / 2^exp`, always in lowest terms: `exp == 0` or `num` is odd.
///
/// Because the representation is normalised, derived equality and hashing are value equality.
/// Ordering is numeric.
///
/// ```
/// use onag::Dyadic;
/// let x: Dyadic = "3/8".parse().unwrap();
/// let y = Dyadic::from(1).half();          // 1/2
/// assert_eq!((&x + &y).to_string(), "7/8");
/// assert!(x < y);
/// ```
// Equality is field-wise, as derived, so the derived hash agrees with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Eq, Hash, Debug)]
pub struct Dyadic {
    num: BigInt,
    exp: u64,
}

/// The derived equality, with the numerator compared limb by limb (see `big_eq`).
impl PartialEq for Dyadic {
    fn eq(&self, other: &Dyadic) -> bool {
        self.exp == other.exp && big_eq(&self.num, &other.num)
    }
}

/// `a == b` for integers, limb by limb in a loop: the derived comparison calls `memcmp` for the
/// limbs, and terms compare millions of one-limb integers (a tenth of a large proof's time).
pub(crate) fn big_eq(a: &BigInt, b: &BigInt) -> bool {
    a.sign() == b.sign() && biguint_eq(a.magnitude(), b.magnitude())
}

/// [`big_eq`] for naturals.
pub(crate) fn biguint_eq(a: &num_bigint::BigUint, b: &num_bigint::BigUint) -> bool {
    let (mut x, mut y) = (a.iter_u64_digits(), b.iter_u64_digits());
    x.len() == y.len() && x.all(|d| y.next() == Some(d))
}

/// The sign of a value: used for sign expansions (Hackenstring rows) and outcome tests.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Sign {
    /// A Left pebble: `+`.
    Plus,
    /// A Right pebble: `-`.
    Minus,
}

impl Dyadic {
    /// Zero.
    pub fn zero() -> Self {
        Dyadic {
            num: BigInt::zero(),
            exp: 0,
        }
    }

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: BigInt, exp: u64) -> Self {
        let mut d = Dyadic { num, exp };
        d.normalize();
        d
    }

    /// The integer `n`.
    pub fn integer(n: BigInt) -> Self {
        Dyadic { num: n, exp: 0 }
    }

    fn normalize(&mut self) {
        if self.num.is_zero() {
            self.exp = 0;
            return;
        }
        if self.exp == 0 {
            return;
        }
        let tz = self.num.trailing_zeros().unwrap_or(0);
        let shift = tz.min(self.exp);
        if shift > 0 {
            self.num >>= shift;
            self.exp -= shift;
        }
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The exponent `k` of the denominator `2^k` in lowest terms.
    pub fn denominator_exp(&self) -> u64 {
        self.exp
    }

    /// True when the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// The value as an integer, when it is one.
    pub fn to_integer(&self) -> Option<&BigInt> {
        (self.exp == 0).then_some(&self.num)
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.num.is_zero() {
            0
        } else if self.num.is_positive() {
            1
        } else {
            -1
        }
    }

    /// Half of the value: exact.
    pub fn half(&self) -> Self {
        if self.num.is_zero() {
            return self.clone();
        }
        if self.exp == 0 && self.num.is_even() {
            return Dyadic {
                num: &self.num >> 1u32,
                exp: 0,
            };
        }
        Dyadic {
            num: self.num.clone(),
            exp: self.exp + 1,
        }
    }

    /// `self · 2^k` for any integer k: exact.
    pub fn mul_pow2(&self, k: i64) -> Self {
        if k >= 0 {
            let k = k as u64;
            if k <= self.exp {
                Dyadic::new(self.num.clone(), self.exp - k)
            } else {
                Dyadic::new(&self.num << (k - self.exp), 0)
            }
        } else {
            Dyadic::new(self.num.clone(), self.exp + k.unsigned_abs())
        }
    }

    /// The greatest integer ≤ self.
    pub fn floor(&self) -> BigInt {
        if self.exp == 0 {
            self.num.clone()
        } else {
            // Arithmetic shift on BigInt rounds toward negative infinity.
            &self.num >> self.exp
        }
    }

    /// The least integer ≥ self.
    pub fn ceil(&self) -> BigInt {
        if self.exp == 0 {
            self.num.clone()
        } else {
            self.floor() + 1
        }
    }

    /// Absolute value.
    pub fn abs(&self) -> Self {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }

    /// The simplest number strictly between `lo` and `hi`, where an absent bound is unbounded
    /// (the simplicity rule: seed 002 Corollary 5.2, seed 000 II.5 facts 7–10).
    ///
    /// Returns `None` when `lo ≥ hi`. The simplest number is the one of least birthday: an integer
    /// of least absolute value if any integer fits, otherwise the fitting dyadic with the smallest
    /// denominator (which is unique).
    ///
    /// ```
    /// use onag::Dyadic;
    /// let d = |s: &str| s.parse::<Dyadic>().unwrap();
    /// assert_eq!(Dyadic::simplest_between(Some(&d("1")), Some(&d("2"))), Some(d("3/2")));
    /// assert_eq!(Dyadic::simplest_between(Some(&d("-7")), Some(&d("3/4"))), Some(d("0")));
    /// assert_eq!(Dyadic::simplest_between(Some(&d("5/2")), None), Some(d("3")));
    /// assert_eq!(Dyadic::simplest_between(None, Some(&d("-5/2"))), Some(d("-3")));
    /// assert_eq!(Dyadic::simplest_between(Some(&d("1")), Some(&d("1"))), None);
    /// ```
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        // Integers strictly inside (lo, hi).
        let first_int: Option<BigInt> = lo.map(|l| l.floor() + 1); // least integer > lo
        let last_int: Option<BigInt> = hi.map(|h| h.ceil() - 1); // greatest integer < hi
        let int_fits = match (&first_int, &last_int) {
            (Some(a), Some(b)) => a <= b,
            _ => true,
        };
        if int_fits {
            let zero = BigInt::zero();
            let pick = match (&first_int, &last_int) {
                (Some(a), _) if a > &zero => a.clone(),
                (_, Some(b)) if b < &zero => b.clone(),
                _ => zero,
            };
            return Some(Dyadic::integer(pick));
        }
        // Both bounds exist and lie within one unit interval [m, m+1]: find the dyadic with the
        // least denominator strictly inside, by bisection of that interval (at most as many
        // steps as the bounds have binary digits).
        let (l, h) = (lo?, hi?);
        let mut a = Dyadic::integer(l.floor());
        let mut b = &a + &Dyadic::from(1);
        loop {
            let mid = (&a + &b).half();
            if &mid <= l {
                a = mid;
            } else if &mid >= h {
                b = mid;
            } else {
                return Some(mid);
            }
        }
    }

    /// The birthday of the number: the day on which it is first created.
    ///
    /// An integer n is born on day |n|; a non-integer `m/2^k` in lowest terms on day
    /// `⌊|x|⌋ + 1 + k` (seed 000 II.5; CGSuite gives 3/16 ↦ 5).
    ///
    /// ```
    /// use onag::Dyadic;
    /// let d = |s: &str| s.parse::<Dyadic>().unwrap();
    /// assert_eq!(d("3/16").birthday().to_string(), "5");
    /// assert_eq!(d("-3/16").birthday().to_string(), "5");
    /// assert_eq!(d("-4").birthday().to_string(), "4");
    /// ```
    pub fn birthday(&self) -> BigInt {
        if self.exp == 0 {
            self.num.abs()
        } else {
            self.abs().floor() + 1 + BigInt::from(self.exp)
        }
    }

    /// The sign expansion (Hackenstring row) of the number: `+` for a Left pebble, `-` for Right.
    ///
    /// Its length is the birthday. Returns `None` only when the birthday exceeds `limit`
    /// pebbles, so that a 10,000-digit integer does not allocate a row of 10^10000 signs.
    ///
    /// ```
    /// use onag::{Dyadic, Sign::{Plus as L, Minus as R}};
    /// let d = |s: &str| s.parse::<Dyadic>().unwrap();
    /// assert_eq!(d("3/4").sign_expansion(100).unwrap(), vec![L, R, L]);
    /// assert_eq!(d("-3/8").sign_expansion(100).unwrap(), vec![R, L, L, R]);
    /// ```
    pub fn sign_expansion(&self, limit: u64) -> Option<Vec<Sign>> {
        let b = self.birthday();
        if b > BigInt::from(limit) {
            return None;
        }
        let neg = self.signum() < 0;
        let x = self.abs();
        let (lead, first_opp) = if neg {
            (Sign::Minus, Sign::Plus)
        } else {
            (Sign::Plus, Sign::Minus)
        };
        let mut out = Vec::new();
        if x.is_integer() {
            let n = x.num.to_u64()?;
            out.extend(std::iter::repeat_n(lead, n as usize));
            return Some(out);
        }
        // x = n + f with 0 < f < 1: n+1 leading signs, then the opposite sign, then one sign per
        // binary digit of f after the first, chosen by walking the bisection towards x.
        let n = x.floor();
        let n64 = n.to_u64()?;
        out.extend(std::iter::repeat_n(lead, n64 as usize + 1));
        out.push(first_opp);
        let mut cur = &Dyadic::integer(n) + &Dyadic::from(1).half();
        let mut step = Dyadic::from(1).half().half();
        while cur != x {
            if x > cur {
                out.push(lead);
                cur = &cur + &step;
            } else {
                out.push(first_opp);
                cur = &cur - &step;
            }
            step = step.half();
        }
        Some(out)
    }

    /// The number whose sign expansion is `signs` (a Hackenstring row of L and R pebbles).
    ///
    /// ```
    /// use onag::{Dyadic, Sign::{Plus as L, Minus as R}};
    /// assert_eq!(Dyadic::from_sign_expansion(&[L, R]).to_string(), "1/2");
    /// assert_eq!(Dyadic::from_sign_expansion(&[L, L, R]).to_string(), "3/2");
    /// assert_eq!(Dyadic::from_sign_expansion(&[L, R, R]).to_string(), "1/4");
    /// ```
    pub fn from_sign_expansion(signs: &[Sign]) -> Dyadic {
        let Some(&first) = signs.first() else {
            return Dyadic::zero();
        };
        let unit = |s: Sign| {
            if s == Sign::Plus {
                Dyadic::from(1)
            } else {
                Dyadic::from(-1)
            }
        };
        let run = signs.iter().take_while(|&&s| s == first).count();
        let mut value = Dyadic::from(run as i64);
        if first == Sign::Minus {
            value = -&value;
        }
        if run == signs.len() {
            return value;
        }
        // After the first change of sign, the pebble j places after the change is worth 2^-j.
        let mut w = Dyadic::from(1);
        for &s in &signs[run..] {
            w = w.half();
            value = &value + &(&unit(s) * &w);
        }
        // The first changed pebble is worth 1/2 of the opposite sign; the rule above counts it
        // as 1/2 already, since j = 1 for it.
        value
    }

    /// Converts to `f64`, rounding; for display and plotting only, never for decisions.
    pub fn to_f64_lossy(&self) -> f64 {
        let n = self.num.to_f64().unwrap_or(f64::NAN);
        n / 2f64.powf(self.exp as f64)
    }
}

impl Default for Dyadic {
    fn default() -> Self {
        Dyadic::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(BigInt::from(n))
    }
}

impl From<BigInt> for Dyadic {
    fn from(n: BigInt) -> Self {
        Dyadic::integer(n)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The machine-word fast path: both numerators fit an `i64` and the exponents differ by less
/// than 64, so each numerator scaled to the common exponent fits an `i128` (|n| < 2^63, shifted
/// by at most 63 bits) and so does their sum. Exact; `None` sends the caller to the `BigInt`
/// path. (Walls, stops and scaffolds are almost always small: the analysis profile's top was
/// `BigInt` allocation in comparison, subtraction and `Dyadic::new`.)
fn small_aligned(a: &Dyadic, b: &Dyadic) -> Option<(i128, i128, u64)> {
    let (x, y) = (a.num.to_i64()?, b.num.to_i64()?);
    let e = a.exp.max(b.exp);
    let (da, db) = (e - a.exp, e - b.exp);
    if da >= 64 || db >= 64 {
        return None;
    }
    Some(((x as i128) << da, (y as i128) << db, e))
}

/// `n / 2^e` in lowest terms from a machine-word numerator.
fn from_small(n: i128, e: u64) -> Dyadic {
    if n == 0 {
        return Dyadic::zero();
    }
    let shift = u64::from(n.trailing_zeros()).min(e);
    Dyadic {
        num: BigInt::from(n >> shift),
        exp: e - shift,
    }
}

impl Dyadic {
    /// Comparison on `BigInt`s only (the reference the fast path is tested against).
    fn cmp_big(&self, other: &Self) -> Ordering {
        match self.exp.cmp(&other.exp) {
            Ordering::Equal => self.num.cmp(&other.num),
            Ordering::Less => (&self.num << (other.exp - self.exp)).cmp(&other.num),
            Ordering::Greater => self.num.cmp(&(&other.num << (self.exp - other.exp))),
        }
    }

    /// Sum or difference on `BigInt`s only.
    fn add_big(&self, rhs: &Dyadic, negate: bool) -> Dyadic {
        let (x, y, e) = align(self, rhs);
        Dyadic::new(if negate { x - y } else { x + y }, e)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Signs first: no shift is needed when they differ.
        let (a, b) = (self.num.sign(), other.num.sign());
        if a != b {
            return a.cmp(&b);
        }
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        if let Some((x, y, _)) = small_aligned(self, other) {
            return x.cmp(&y);
        }
        self.cmp_big(other)
    }
}

fn align(a: &Dyadic, b: &Dyadic) -> (BigInt, BigInt, u64) {
    match a.exp.cmp(&b.exp) {
        Ordering::Equal => (a.num.clone(), b.num.clone(), a.exp),
        Ordering::Less => (&a.num << (b.exp - a.exp), b.num.clone(), b.exp),
        Ordering::Greater => (a.num.clone(), &b.num << (a.exp - b.exp), a.exp),
    }
}

impl std::ops::Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, rhs: &Dyadic) -> Dyadic {
        if rhs.num.is_zero() {
            return self.clone();
        }
        if self.num.is_zero() {
            return rhs.clone();
        }
        match small_aligned(self, rhs) {
            Some((x, y, e)) => from_small(x + y, e),
            None => self.add_big(rhs, false),
        }
    }
}

impl std::ops::Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, rhs: &Dyadic) -> Dyadic {
        if rhs.num.is_zero() {
            return self.clone();
        }
        match small_aligned(self, rhs) {
            Some((x, y, e)) => from_small(x - y, e),
            None => self.add_big(rhs, true),
        }
    }
}

impl std::ops::Mul for &Dyadic {
    type Output = Dyadic;
    fn mul(self, rhs: &Dyadic) -> Dyadic {
        Dyadic::new(&self.num * &rhs.num, self.exp + rhs.exp)
    }
}

impl std::ops::Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: -&self.num,
            exp: self.exp,
        }
    }
}

impl std::ops::Add for Dyadic {
    type Output = Dyadic;
    fn add(self, rhs: Dyadic) -> Dyadic {
        &self + &rhs
    }
}

impl std::ops::Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, rhs: Dyadic) -> Dyadic {
        &self - &rhs
    }
}

impl std::ops::Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, rhs: Dyadic) -> Dyadic {
        &self * &rhs
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

/// Prints as CGSuite does: an integer, or an improper fraction `n/d` (never a mixed number).
impl Dyadic {
    /// The text [`Display`](fmt::Display) writes, appended to `out`: an integer that fits a
    /// machine word without the formatting machinery (a proof's witnesses are mostly small
    /// integers, and its writer writes hundreds of thousands of them).
    pub(crate) fn push_to(&self, out: &mut String) {
        match (self.num.to_i64(), self.exp) {
            (Some(n), 0) => out.push_str(itoa::Buffer::new().format(n)),
            _ => {
                use fmt::Write as _;
                let _ = write!(out, "{self}");
            }
        }
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Machine-word numerators and denominators are written without the big-integer
        // conversion (proofs write millions of small numbers); the text is the same.
        match (self.num.to_i64(), self.exp) {
            (Some(n), 0) => write!(f, "{n}"),
            (Some(n), e @ 1..=62) => write!(f, "{n}/{}", 1i64 << e),
            _ if self.exp == 0 => write!(f, "{}", self.num),
            _ => write!(f, "{}/{}", self.num, BigInt::one() << self.exp),
        }
    }
}

/// Why a string is not a dyadic rational.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseDyadicError {
    /// Not of the form `n` or `n/d` with decimal integers.
    Syntax,
    /// The denominator is zero.
    ZeroDenominator,
    /// The fraction in lowest terms has a denominator that is not a power of two.
    NotDyadic,
}

impl fmt::Display for ParseDyadicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseDyadicError::Syntax => write!(f, "expected an integer or a fraction n/d"),
            ParseDyadicError::ZeroDenominator => write!(f, "the denominator is zero"),
            ParseDyadicError::NotDyadic => write!(
                f,
                "not a dyadic rational: short games have only numbers whose denominator is a power of two"
            ),
        }
    }
}

impl std::error::Error for ParseDyadicError {}

impl Dyadic {
    /// The fraction `n/d` when it is dyadic: reduces it first, so `6/12` is `1/2`.
    pub fn from_fraction(n: &BigInt, d: &BigInt) -> Result<Dyadic, ParseDyadicError> {
        if d.is_zero() {
            return Err(ParseDyadicError::ZeroDenominator);
        }
        let g = n.gcd(d);
        let (mut n, mut d) = (n / &g, d / &g);
        if d.is_negative() {
            n = -n;
            d = -d;
        }
        let tz = d.trailing_zeros().unwrap_or(0);
        if d != (BigInt::one() << tz) {
            return Err(ParseDyadicError::NotDyadic);
        }
        Ok(Dyadic::new(n, tz))
    }
}

impl FromStr for Dyadic {
    type Err = ParseDyadicError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parse_int = |t: &str| -> Result<BigInt, ParseDyadicError> {
            let t = t.trim();
            let digits = t.strip_prefix('-').unwrap_or(t);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseDyadicError::Syntax);
            }
            t.parse::<BigInt>().map_err(|_| ParseDyadicError::Syntax)
        };
        match s.split_once('/') {
            None => Ok(Dyadic::integer(parse_int(s)?)),
            Some((n, d)) => Dyadic::from_fraction(&parse_int(n)?, &parse_int(d)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn huge_values_are_exact() {
        let big = Dyadic::from(1).mul_pow2(4000);
        let tiny = Dyadic::from(1).mul_pow2(-4000);
        let sum = &big + &tiny;
        assert_eq!(&sum - &big, tiny);
        assert_eq!(&sum - &tiny, big);
        assert_eq!(sum.denominator_exp(), 4000);
        let ten_k: BigInt = format!("1{}", "0".repeat(9999)).parse().unwrap();
        let x = Dyadic::integer(ten_k.clone());
        assert_eq!((&x + &x).to_integer().unwrap(), &(ten_k * 2));
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(d("6/16").to_string(), "3/8");
        assert_eq!(d("-3/8").to_string(), "-3/8");
        assert_eq!(d("4/2").to_string(), "2");
        assert_eq!("1/3".parse::<Dyadic>(), Err(ParseDyadicError::NotDyadic));
        assert_eq!(
            "1/0".parse::<Dyadic>(),
            Err(ParseDyadicError::ZeroDenominator)
        );
        assert_eq!("x".parse::<Dyadic>(), Err(ParseDyadicError::Syntax));
        assert_eq!(d("3/-4").to_string(), "-3/4");
    }

    /// The machine-word path of `Display` writes what the big-integer path writes, at the
    /// edges of the word too, and reads back to the same number.
    #[test]
    fn small_and_large_print_alike() {
        let big = |x: &Dyadic| {
            if x.exp == 0 {
                x.num.to_string()
            } else {
                format!("{}/{}", x.num, BigInt::one() << x.exp)
            }
        };
        let mut cases = Vec::new();
        for num in [
            BigInt::from(0),
            BigInt::from(3),
            BigInt::from(-5),
            BigInt::from(i64::MAX),
            BigInt::from(i64::MIN),
            BigInt::from(i64::MAX) + 1,
            BigInt::from(i64::MIN) - 1,
        ] {
            for exp in [0, 1, 61, 62, 63, 64, 200] {
                // Odd numerators keep their exponent.
                let n = if exp > 0 { &num * 2 + 1 } else { num.clone() };
                cases.push(Dyadic::new(n, exp));
            }
        }
        for x in cases {
            assert_eq!(x.to_string(), big(&x));
            assert_eq!(x.to_string().parse::<Dyadic>(), Ok(x.clone()));
        }
    }

    #[test]
    fn floor_ceil() {
        assert_eq!(d("-3/2").floor(), BigInt::from(-2));
        assert_eq!(d("-3/2").ceil(), BigInt::from(-1));
        assert_eq!(d("3/2").floor(), BigInt::from(1));
        assert_eq!(d("3/2").ceil(), BigInt::from(2));
    }

    #[test]
    fn simplest_examples() {
        let s = |a: Option<&str>, b: Option<&str>| {
            Dyadic::simplest_between(a.map(d).as_ref(), b.map(d).as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some("0"), None).as_deref(), Some("1"));
        assert_eq!(s(Some("0"), Some("1")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("1/2"), Some("1")).as_deref(), Some("3/4"));
        assert_eq!(s(Some("0"), Some("3/4")).as_deref(), Some("1/2"));
        assert_eq!(s(Some("-1"), Some("-1/2")).as_deref(), Some("-3/4"));
        assert_eq!(s(Some("-1"), Some("1")).as_deref(), Some("0"));
        assert_eq!(s(Some("2"), Some("3")).as_deref(), Some("5/2"));
        assert_eq!(s(Some("1/4"), Some("5/16")).as_deref(), Some("9/32"));
    }

    /// The simplest number by brute force: walk numbers in birthday order. Bounds with
    /// denominators up to 2^3 have a simplest number with denominator at most 2^4.
    fn simplest_by_search(lo: &Dyadic, hi: &Dyadic) -> Dyadic {
        for day in 0u64.. {
            // every dyadic of denominator up to 2^4 in [-day, day] born on this day
            let mut best: Option<Dyadic> = None;
            for k in 0..=day.min(4) {
                let bound = day as i64 * (1i64 << k);
                for n in -bound..=bound {
                    let x = Dyadic::new(BigInt::from(n), k);
                    if &x > lo && &x < hi && x.birthday() == BigInt::from(day) {
                        best = Some(x);
                    }
                }
            }
            if let Some(b) = best {
                return b;
            }
        }
        unreachable!()
    }

    /// Numerators: small ones, ones at the edges of `i64`, and ones far beyond it.
    fn edge() -> impl Strategy<Value = BigInt> {
        prop_oneof![
            (-40i64..40).prop_map(BigInt::from),
            any::<i64>().prop_map(BigInt::from),
            (-3i64..3).prop_map(|d| BigInt::from(i64::MAX) + d),
            (-3i64..3).prop_map(|d| BigInt::from(i64::MIN) + d),
            (any::<i64>(), 1u32..200).prop_map(|(n, s)| BigInt::from(n) << s),
        ]
    }

    proptest! {
        #[test]
        fn simplest_matches_search(a in -24i64..24, b in -24i64..24, k in 0u64..4) {
            let (lo, hi) = (Dyadic::new(a.into(), k), Dyadic::new(b.into(), k));
            prop_assume!(lo < hi);
            prop_assert_eq!(Dyadic::simplest_between(Some(&lo), Some(&hi)).unwrap(), simplest_by_search(&lo, &hi));
        }

        #[test]
        fn field_laws(a in -1000i64..1000, b in -1000i64..1000, c in -1000i64..1000, i in 0u64..70, j in 0u64..70, k in 0u64..70) {
            let (x, y, z) = (Dyadic::new(a.into(), i), Dyadic::new(b.into(), j), Dyadic::new(c.into(), k));
            prop_assert_eq!(&(&x + &y) + &z, &x + &(&y + &z));
            prop_assert_eq!(&x + &y, &y + &x);
            prop_assert_eq!(&(&x * &y) * &z, &x * &(&y * &z));
            prop_assert_eq!(&x * &(&y + &z), &(&x * &y) + &(&x * &z));
            prop_assert_eq!(&(&x - &x), &Dyadic::zero());
            prop_assert_eq!(&x.half() + &x.half(), x.clone());
            prop_assert_eq!(x < y, (&y - &x).signum() > 0);
        }

        #[test]
        fn against_rationals(a in any::<i32>(), b in any::<i32>(), i in 0u64..40, j in 0u64..40) {
            use num_rational::BigRational;
            let q = |n: i32, e: u64| BigRational::new(BigInt::from(n), BigInt::one() << e);
            let (x, y) = (Dyadic::new(a.into(), i), Dyadic::new(b.into(), j));
            let to_q = |v: &Dyadic| BigRational::new(v.numerator().clone(), BigInt::one() << v.denominator_exp());
            prop_assert_eq!(to_q(&(&x + &y)), q(a, i) + q(b, j));
            prop_assert_eq!(to_q(&(&x * &y)), q(a, i) * q(b, j));
            prop_assert_eq!(x.cmp(&y), q(a, i).cmp(&q(b, j)));
        }

        /// The machine-word paths of `+`, `-` and comparison agree with the `BigInt` ones,
        /// around the edges of `i64` and of the 64-bit exponent gap too.
        #[test]
        fn fast_paths_match_bigint(a in edge(), b in edge(), i in 0u64..140, j in 0u64..140) {
            let (x, y) = (Dyadic::new(a.clone(), i), Dyadic::new(b.clone(), j));
            prop_assert_eq!(&x + &y, x.add_big(&y, false));
            prop_assert_eq!(&x - &y, x.add_big(&y, true));
            prop_assert_eq!(&y - &x, y.add_big(&x, true));
            prop_assert_eq!(x.cmp(&y), x.cmp_big(&y));
            prop_assert_eq!(y.cmp(&x), y.cmp_big(&x));
            // Results are in lowest terms, as `Dyadic::new` leaves them.
            let s = &x + &y;
            prop_assert_eq!(Dyadic::new(s.numerator().clone(), s.denominator_exp()), s);
        }

        #[test]
        fn sign_expansion_roundtrip(a in -5000i64..5000, k in 0u64..8) {
            let x = Dyadic::new(a.into(), k);
            let signs = x.sign_expansion(1 << 20).unwrap();
            prop_assert_eq!(BigInt::from(signs.len()), x.birthday());
            prop_assert_eq!(Dyadic::from_sign_expansion(&signs), x);
        }
    }
}
