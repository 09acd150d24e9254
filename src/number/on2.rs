//! Transfinite nimbers: Conway's field On₂ on the ordinals below `ω^ω`.
//!
//! Every ordinal below `ω^ω` is `Σ ω^n·c_n` with finite `n` and finite coefficients `c_n`, and
//! in On₂ this Cantor normal form is also the nim sum of the nim products `ω^n ⊗ c_n` (seed 000
//! §I.6a: `n⊗ω = nω`; research notes §3). Nim addition is therefore term-wise nim addition of
//! the coefficients. Nim multiplication of powers of ω follows from writing the exponent in
//! base 3: `ω^(3^k)` are the generators `χ_k`, distinct generators multiply ordinarily, and
//! `χ_k^3 = χ_{k-1}`, `χ_0^3 = ω^3 = 2` (Lenstra; seed 000 "ω⊗ω² = 2"). So the exponents add
//! digit-wise in base 3, a carry out of digit k feeds digit k−1, and a carry out of digit 0
//! multiplies by the finite nimber 2.
//!
//! The ordinals below `ω^ω` form a subfield (the union of the fields of degree `2^(2^j)·3^k`
//! over GF(2)), so inverses and square roots stay inside: `x⁻¹ = x^(2^m − 2)` and
//! `√x = x^(2^(m−1))` where `2^m` is the size of a finite field holding x. Beyond `ω^ω` the
//! next generator `ω^ω` has `(ω^ω)^5 = α_5 = 4` and Lenstra's excess values come in; that range
//! is not supported and is rejected by [`On2::from_ordinal`].

use super::nimber::Nimber;
use super::ordinal::Ordinal;
use num_traits::ToPrimitive;
use std::convert::Infallible;
use std::fmt;

/// An ordinal below `ω^ω` under nim arithmetic: `(exponent, coefficient)` pairs with exponents
/// strictly decreasing and coefficients nonzero finite nimbers.
///
/// ```
/// use onag::{On2, Nimber};
/// let w = On2::omega();
/// assert_eq!(w.mul(&w).to_string(), "ω^2");          // ω⊗ω = ω²
/// assert_eq!(w.mul(&w).mul(&w), On2::finite(Nimber::from(2))); // ω³ = 2
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct On2 {
    terms: Vec<(u64, Nimber)>,
}

/// Why an ordinal cannot be a transfinite nimber here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct On2RangeError(pub String);

impl fmt::Display for On2RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for On2RangeError {}

impl On2 {
    /// `*0`.
    pub fn zero() -> Self {
        On2 { terms: Vec::new() }
    }
    /// ω.
    pub fn omega() -> Self {
        On2::monomial(1, Nimber::from(1))
    }
    /// A finite nimber.
    pub fn finite(n: Nimber) -> Self {
        On2::monomial(0, n)
    }
    /// `ω^e ⊗ c`.
    pub fn monomial(e: u64, c: Nimber) -> Self {
        On2::from_terms(vec![(e, c)])
    }
    /// Nim sum of `ω^e ⊗ c` over the terms given, in any order.
    pub fn from_terms(mut terms: Vec<(u64, Nimber)>) -> Self {
        terms.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut out: Vec<(u64, Nimber)> = Vec::with_capacity(terms.len());
        for (e, c) in terms {
            match out.last_mut() {
                Some(last) if last.0 == e => last.1 = last.1.nim_add(&c),
                _ => out.push((e, c)),
            }
        }
        out.retain(|t| !t.1.is_zero());
        On2 { terms: out }
    }
    /// The terms, leading first.
    pub fn terms(&self) -> &[(u64, Nimber)] {
        &self.terms
    }
    /// True for `*0`.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }
    /// The finite nimber, when the ordinal is finite.
    pub fn as_finite(&self) -> Option<Nimber> {
        match self.terms.as_slice() {
            [] => Some(Nimber::zero()),
            [(0, c)] => Some(c.clone()),
            _ => None,
        }
    }

    /// The ordinal as a transfinite nimber, or an error naming why it is out of range.
    pub fn from_ordinal(o: &Ordinal) -> Result<On2, On2RangeError> {
        let mut terms = Vec::with_capacity(o.terms().len());
        for (e, c) in o.terms() {
            let Some(n) = e.to_natural() else {
                return Err(On2RangeError(format!(
                    "*({o}) is beyond the supported range: nim multiplication is implemented for ordinals below ω^ω (the exponent {e} is infinite)"
                )));
            };
            let Some(n) = n.to_u64() else {
                return Err(On2RangeError(format!(
                    "*({o}) is beyond the supported range: exponents of ω must be below 2^64"
                )));
            };
            terms.push((n, Nimber::new(c.clone())));
        }
        Ok(On2::from_terms(terms))
    }

    /// The ordinal this nimber is.
    pub fn to_ordinal(&self) -> Ordinal {
        Ordinal::from_terms(
            self.terms
                .iter()
                .map(|(e, c)| (Ordinal::from(*e), c.value().clone()))
                .collect(),
        )
    }

    /// Nim addition: coefficient-wise.
    pub fn add(&self, other: &On2) -> On2 {
        On2::from_terms(self.terms.iter().chain(&other.terms).cloned().collect())
    }

    /// Nim multiplication.
    pub fn mul(&self, other: &On2) -> On2 {
        match self.mul_checked(other, &mut || Ok::<(), Infallible>(())) {
            Ok(p) => p,
            Err(never) => match never {},
        }
    }

    /// [`On2::mul`], asking `check` between rows of the product (each row multiplies one term
    /// by every term of `other`) and every 4096 terms of their merge: an `Err`
    /// stops it and is returned. The rows are put in order one by one and then merged, so no
    /// single step orders the whole product (millions of terms for `niminv(*(w^10000000 + 1))`,
    /// half a second past a deadline when it was sorted at once).
    pub fn mul_checked<E>(&self, other: &On2, check: Check<'_, E>) -> Result<On2, E> {
        let mut rows = Vec::with_capacity(self.terms.len());
        for (a, c) in &self.terms {
            check()?;
            let row = other
                .terms
                .iter()
                .map(|(b, d)| {
                    let (e, two) = monomial_product(*a, *b);
                    let mut coef = c.nim_mul(d);
                    if two {
                        coef = coef.nim_mul(&Nimber::from(2));
                    }
                    (e, coef)
                })
                .collect();
            rows.push(On2::from_terms(row).terms);
        }
        merge_checked(rows, check)
    }

    /// `self ⊗ self`: squaring is additive in characteristic 2, so each term squares alone.
    pub fn square(&self) -> On2 {
        On2::from_terms(
            self.terms
                .iter()
                .map(|(e, c)| {
                    let (f, two) = monomial_product(*e, *e);
                    let mut c2 = c.nim_square();
                    if two {
                        c2 = c2.nim_mul(&Nimber::from(2));
                    }
                    (f, c2)
                })
                .collect(),
        )
    }

    /// `self^[⊗n]` by square-and-multiply.
    pub fn pow(&self, mut n: u64) -> On2 {
        let mut base = self.clone();
        let mut acc = On2::finite(Nimber::from(1));
        while n != 0 {
            if n & 1 == 1 {
                acc = acc.mul(&base);
            }
            n >>= 1;
            if n != 0 {
                base = base.square();
            }
        }
        acc
    }

    /// `m` with `x^(2^m) = x` for every x in the smallest field this nimber's field tower
    /// reaches: `2^j·3^k` where the coefficients lie below `2^(2^j)` (j ≥ 1, since `ω³ = 2`
    /// needs GF(4)) and the exponents below `3^k`.
    fn field_degree(&self) -> u128 {
        let mut j = 1u32;
        let mut k = 0u32;
        for (e, c) in &self.terms {
            while c.value().bits() > (1u64 << j) {
                j += 1;
            }
            while u128::from(*e) >= 3u128.pow(k) {
                k += 1;
            }
        }
        (1u128 << j) * 3u128.pow(k)
    }

    /// Repeated squaring `x ↦ x^(2^times)`, asking `check` before each square.
    fn frobenius<E>(&self, times: u128, check: Check<'_, E>) -> Result<On2, E> {
        let mut x = self.clone();
        for _ in 0..times {
            check()?;
            x = x.square();
        }
        Ok(x)
    }

    /// The unique nim square root (squaring is a field automorphism).
    ///
    /// ```
    /// use onag::{On2, Nimber};
    /// let w = On2::omega();
    /// assert_eq!(w.sqrt().to_string(), "ω^2·2"); // √ω = ω²·2
    /// ```
    pub fn sqrt(&self) -> On2 {
        match self.sqrt_checked(&mut || Ok::<(), Infallible>(())) {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }

    /// [`On2::sqrt`], asking `check` between its squarings (a transfinite nimber's field
    /// degree `m` can be in the millions: the root is `x^(2^(m−1))`). A finite nimber takes
    /// its root directly, in one step.
    pub fn sqrt_checked<E>(&self, check: Check<'_, E>) -> Result<On2, E> {
        if let Some(c) = self.as_finite() {
            return Ok(On2::finite(c.nim_sqrt()));
        }
        let m = self.field_degree();
        self.frobenius(m - 1, check)
    }

    /// The nim inverse, or `None` for `*0`: `x^(2^m − 2) = Π_{i=1}^{m−1} x^(2^i)`.
    ///
    /// ```
    /// use onag::On2;
    /// assert_eq!(On2::omega().inv().unwrap().to_string(), "ω^2·3"); // 1/ω = ω²·3
    /// ```
    pub fn inv(&self) -> Option<On2> {
        match self.inv_checked(&mut || Ok::<(), Infallible>(())) {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }

    /// [`On2::inv`], asking `check` between its `m` squarings and products.
    pub fn inv_checked<E>(&self, check: Check<'_, E>) -> Result<Option<On2>, E> {
        if self.is_zero() {
            return Ok(None);
        }
        if let Some(c) = self.as_finite() {
            return Ok(c.nim_inv().map(On2::finite));
        }
        let m = self.field_degree();
        let mut x = self.square();
        let mut acc = x.clone();
        for _ in 2..m {
            check()?;
            x = x.square();
            acc = acc.mul_checked(&x, check)?;
        }
        Ok(Some(acc))
    }

    /// Nim division, or `None` when dividing by `*0`.
    pub fn div(&self, other: &On2) -> Option<On2> {
        other.inv().map(|i| self.mul(&i))
    }

    /// [`On2::div`] under `check`, as [`On2::inv_checked`].
    pub fn div_checked<E>(&self, other: &On2, check: Check<'_, E>) -> Result<Option<On2>, E> {
        match other.inv_checked(check)? {
            Some(i) => self.mul_checked(&i, check).map(Some),
            None => Ok(None),
        }
    }

    /// The most bits of any coefficient: a finite nimber's size, which bounds the time of one
    /// product (Karatsuba on its limbs) before any loop can ask a budget.
    pub fn coefficient_bits(&self) -> u64 {
        self.terms
            .iter()
            .map(|(_, c)| c.value().bits())
            .max()
            .unwrap_or(0)
    }

    /// Prints as an ordinal (`ω^2·3+ω+1`, or with `w` and `*` in ASCII).
    pub fn display(&self, ascii: bool) -> String {
        self.to_ordinal().display(ascii)
    }
}

/// What a long computation asks between its steps: the caller's budget (a deadline, Ctrl-C,
/// the memory limit). An `Err` stops the computation and is handed back unchanged; the number
/// layer knows no budgets of its own.
pub type Check<'a, E> = &'a mut dyn FnMut() -> Result<(), E>;

/// How many terms [`On2::mul_checked`]'s merge takes between two calls of its check.
const MERGE_CHECK: usize = 4096;

/// The nim sum of `rows`, each in order (leading term first, exponents distinct): a merge by
/// a heap of the rows' next exponents, equal exponents added, asking `check` every
/// [`MERGE_CHECK`] terms.
fn merge_checked<E>(rows: Vec<Vec<(u64, Nimber)>>, check: Check<'_, E>) -> Result<On2, E> {
    let mut rest: Vec<std::vec::IntoIter<(u64, Nimber)>> =
        rows.into_iter().map(Vec::into_iter).collect();
    let mut next: Vec<Option<(u64, Nimber)>> = rest.iter_mut().map(Iterator::next).collect();
    let mut heap: std::collections::BinaryHeap<(u64, usize)> = next
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.as_ref().map(|t| (t.0, i)))
        .collect();
    let mut out: Vec<(u64, Nimber)> = Vec::new();
    let mut taken = 0usize;
    while let Some((e, i)) = heap.pop() {
        taken += 1;
        if taken.is_multiple_of(MERGE_CHECK) {
            check()?;
        }
        let Some((_, c)) = next[i].take() else {
            continue;
        };
        match out.last_mut() {
            Some(last) if last.0 == e => last.1 = last.1.nim_add(&c),
            _ => out.push((e, c)),
        }
        next[i] = rest[i].next();
        if let Some(t) = &next[i] {
            heap.push((t.0, i));
        }
    }
    out.retain(|t| !t.1.is_zero());
    Ok(On2 { terms: out })
}

/// `ω^a ⊗ ω^b = ω^e ⊗ (2 if the second is true)`: base-3 digit addition where a carry out of
/// digit k > 0 goes to digit k−1 (`χ_k³ = χ_{k−1}`) and a carry out of digit 0 is the factor 2.
fn monomial_product(a: u64, b: u64) -> (u64, bool) {
    let mut digits = [0u8; 41];
    let (mut x, mut y) = (a, b);
    let mut top = 0;
    while x != 0 || y != 0 {
        digits[top] = (x % 3) as u8 + (y % 3) as u8;
        x /= 3;
        y /= 3;
        top += 1;
    }
    let mut two = false;
    for k in (0..top).rev() {
        if digits[k] >= 3 {
            digits[k] -= 3;
            if k == 0 {
                two = true;
            } else {
                digits[k - 1] += 1;
            }
        }
    }
    // A carry into digit k−1 can push it to 3 again only when it was already 2+2: handled
    // above because the loop walks downwards after the carry lands.
    let mut e: u64 = 0;
    for k in (0..top).rev() {
        // digits[k] < 3 and the result has no more digits than the larger operand, so this
        // stays below 3^top ≤ max(a, b)·3 < 2^64·3; saturate rather than wrap regardless.
        e = e.saturating_mul(3).saturating_add(u64::from(digits[k]));
    }
    (e, two)
}

impl fmt::Display for On2 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display(false))
    }
}
