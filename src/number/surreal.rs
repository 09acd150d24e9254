//! Surreal numbers in Conway normal form with finitely many terms.
//!
//! A [`Surreal`] is `Σ ω^{y_i}·r_i`: finitely many terms, exponents `y_1 > y_2 > …` that are
//! themselves such surreals, and nonzero rational coefficients `r_i` (seed 000 II.5a–b; ONAG
//! ch. 5). This holds every dyadic and rational, the ordinals below ε₀, ω−1, 1/ω = ω^{-1},
//! ω/2, √ω = ω^{1/2} and their sums and products: a ring closed under `+ − ×`, ordered by the
//! sign of the leading coefficient of the difference. It is not a field: `1/(ω+1)` is the
//! infinite series `ω^{-1} − ω^{-2} + …`, so [`Surreal::div`] and [`Surreal::sqrt`] answer only
//! when the result is again a finite normal form, and otherwise say why not.

use super::dyadic::Dyadic;
use super::ordinal::Ordinal;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::fmt;

/// Most terms a quotient or square root may have before the search for a finite normal form
/// gives up (it says so; it never answers with a truncated series).
pub const MAX_SERIES_TERMS: usize = 10_000;

/// A surreal number `Σ ω^{y_i}·r_i` (finite sum, rational coefficients).
///
/// ```
/// use onag::Surreal;
/// let w = Surreal::omega();
/// let one = Surreal::integer(1);
/// let x = w.sub(&one);                                     // ω − 1
/// assert_eq!(x.to_string(), "ω-1");
/// assert_eq!(x.mul(&w.add(&one)).to_string(), "ω^2-1");  // (ω−1)(ω+1)
/// assert_eq!(one.div(&w).unwrap().to_string(), "ω^-1");   // 1/ω
/// assert!(one.div(&w.add(&one)).is_err());                // 1/(ω+1) is an infinite series
/// assert!(w > Surreal::integer(1_000_000));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Surreal {
    /// `(exponent, coefficient)`, exponents strictly decreasing, coefficients nonzero.
    terms: Vec<(Surreal, BigRational)>,
}

/// Why a quotient or root is not a finite normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurrealError(pub String);

impl fmt::Display for SurrealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SurrealError {}

impl Surreal {
    /// Zero.
    pub fn zero() -> Self {
        Surreal { terms: Vec::new() }
    }
    /// ω.
    pub fn omega() -> Self {
        Surreal::monomial(Surreal::integer(1), BigRational::one())
    }
    /// ε = 1/ω = ω^{-1}.
    pub fn epsilon() -> Self {
        Surreal::monomial(Surreal::integer(-1), BigRational::one())
    }
    /// An integer.
    pub fn integer(n: i64) -> Self {
        Surreal::rational(BigRational::from_integer(BigInt::from(n)))
    }
    /// A rational number.
    pub fn rational(r: BigRational) -> Self {
        Surreal::monomial(Surreal::zero(), r)
    }
    /// A dyadic rational.
    pub fn dyadic(d: &Dyadic) -> Self {
        let den = BigInt::one() << d.denominator_exp();
        Surreal::rational(BigRational::new(d.numerator().clone(), den))
    }
    /// `ω^y·r`.
    pub fn monomial(y: Surreal, r: BigRational) -> Self {
        if r.is_zero() {
            Surreal::zero()
        } else {
            Surreal {
                terms: vec![(y, r)],
            }
        }
    }
    /// `ω^y`.
    pub fn omega_pow(y: Surreal) -> Self {
        Surreal::monomial(y, BigRational::one())
    }
    /// An ordinal below ε₀, term by term.
    pub fn from_ordinal(o: &Ordinal) -> Self {
        Surreal {
            terms: o
                .terms()
                .iter()
                .map(|(e, c)| {
                    (
                        Surreal::from_ordinal(e),
                        BigRational::from_integer(BigInt::from(c.clone())),
                    )
                })
                .collect(),
        }
    }
    /// The ordinal this number is, if it is one: every exponent an ordinal and every
    /// coefficient a positive integer.
    pub fn to_ordinal(&self) -> Option<Ordinal> {
        let mut terms = Vec::with_capacity(self.terms.len());
        for (e, c) in &self.terms {
            if !c.is_integer() || !c.is_positive() {
                return None;
            }
            let c = c.to_integer().to_biguint()?;
            terms.push((e.to_ordinal()?, c));
        }
        Some(Ordinal::from_terms(terms))
    }
    /// Builds a normal form from terms in any order (like exponents add, zeros go).
    pub fn from_terms(terms: Vec<(Surreal, BigRational)>) -> Self {
        Surreal {
            terms: super::normal_terms(terms),
        }
    }
    /// The terms, leading first.
    pub fn terms(&self) -> &[(Surreal, BigRational)] {
        &self.terms
    }
    /// True for 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }
    /// −1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match self.terms.first() {
            None => 0,
            Some((_, c)) if c.is_positive() => 1,
            Some(_) => -1,
        }
    }
    /// The value when it is a rational number (no ω terms).
    pub fn to_rational(&self) -> Option<BigRational> {
        match self.terms.as_slice() {
            [] => Some(BigRational::zero()),
            [(e, c)] if e.is_zero() => Some(c.clone()),
            _ => None,
        }
    }
    /// The value when it is a dyadic rational, so a short game.
    pub fn to_dyadic(&self) -> Option<Dyadic> {
        let r = self.to_rational()?;
        let d = r.denom();
        let k = d.trailing_zeros().unwrap_or(0);
        if *d != BigInt::one() << k {
            return None;
        }
        Some(Dyadic::new(r.numer().clone(), k))
    }
    /// The value when it is an integer.
    pub fn to_integer(&self) -> Option<BigInt> {
        self.to_rational()
            .filter(|r| r.is_integer())
            .map(|r| r.to_integer())
    }

    /// `self + other`.
    pub fn add(&self, other: &Surreal) -> Surreal {
        // Merge two descending lists.
        let mut out = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut i, mut j) = (0, 0);
        while i < self.terms.len() && j < other.terms.len() {
            let (a, b) = (&self.terms[i], &other.terms[j]);
            match a.0.cmp(&b.0) {
                Ordering::Greater => {
                    out.push(a.clone());
                    i += 1;
                }
                Ordering::Less => {
                    out.push(b.clone());
                    j += 1;
                }
                Ordering::Equal => {
                    let c = &a.1 + &b.1;
                    if !c.is_zero() {
                        out.push((a.0.clone(), c));
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend(self.terms[i..].iter().cloned());
        out.extend(other.terms[j..].iter().cloned());
        Surreal { terms: out }
    }
    /// `−self`.
    pub fn neg(&self) -> Surreal {
        Surreal {
            terms: self.terms.iter().map(|(e, c)| (e.clone(), -c)).collect(),
        }
    }
    /// `self − other`.
    pub fn sub(&self, other: &Surreal) -> Surreal {
        self.add(&other.neg())
    }
    /// `self × other`: `ω^x·ω^y = ω^{x+y}`, distributed over the terms.
    pub fn mul(&self, other: &Surreal) -> Surreal {
        if self.terms.len() == 1 && self.terms[0].0.is_zero() {
            return other.scale(&self.terms[0].1);
        }
        if other.terms.len() == 1 && other.terms[0].0.is_zero() {
            return self.scale(&other.terms[0].1);
        }
        if let Some(p) = self.mul_rational_exponents(other) {
            return p;
        }
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for (x, r) in &self.terms {
            for (y, s) in &other.terms {
                terms.push((x.add(y), r * s));
            }
        }
        Surreal::from_terms(terms)
    }

    /// The product when every exponent is rational and, scaled to common denominators, every
    /// exponent and coefficient fits a machine word: exponents add and coefficients multiply as
    /// integers (no gcd per pair), like terms meet in a hash map, and each distinct exponent's
    /// coefficient is reduced once. `None` hands the product to the general loop.
    fn mul_rational_exponents(&self, other: &Surreal) -> Option<Surreal> {
        use num_integer::Integer;
        let lcm =
            |xs: &mut dyn Iterator<Item = &BigInt>| xs.fold(BigInt::one(), |acc, d| acc.lcm(d));
        let exps: Vec<BigRational> = self
            .terms
            .iter()
            .chain(&other.terms)
            .map(|(e, _)| e.to_rational())
            .collect::<Option<_>>()?;
        let l = lcm(&mut exps.iter().map(|e| e.denom()));
        let d1 = lcm(&mut self.terms.iter().map(|(_, c)| c.denom()));
        let d2 = lcm(&mut other.terms.iter().map(|(_, c)| c.denom()));
        let word = |x: BigRational| -> Option<i64> {
            let x = x.to_integer();
            i64::try_from(&x)
                .ok()
                .filter(|v| v.unsigned_abs() < 1 << 62)
        };
        let lr = BigRational::from_integer(l.clone());
        let scaled = |terms: &[(Surreal, BigRational)], e: &[BigRational], d: &BigInt| {
            let dr = BigRational::from_integer(d.clone());
            terms
                .iter()
                .zip(e)
                .map(|((_, c), e)| Some((word(e * &lr)?, word(c * &dr)?)))
                .collect::<Option<Vec<(i64, i64)>>>()
        };
        let n = self.terms.len();
        let a = scaled(&self.terms, &exps[..n], &d1)?;
        let b = scaled(&other.terms, &exps[n..], &d2)?;
        let mut acc: rustc_hash::FxHashMap<i64, i128> = rustc_hash::FxHashMap::default();
        acc.reserve(a.len() + b.len());
        for &(ea, ca) in &a {
            for &(eb, cb) in &b {
                let v = acc.entry(ea + eb).or_insert(0);
                *v = v.checked_add(i128::from(ca) * i128::from(cb))?;
            }
        }
        let mut keys: Vec<(i64, i128)> = acc.into_iter().filter(|(_, v)| *v != 0).collect();
        keys.sort_unstable_by_key(|x| std::cmp::Reverse(x.0));
        let den = d1 * d2;
        Some(Surreal {
            terms: keys
                .into_iter()
                .map(|(e, v)| {
                    (
                        Surreal::rational(BigRational::new(BigInt::from(e), l.clone())),
                        BigRational::new(BigInt::from(v), den.clone()),
                    )
                })
                .collect(),
        })
    }
    /// Multiplication by a rational.
    pub fn scale(&self, r: &BigRational) -> Surreal {
        if r.is_zero() {
            return Surreal::zero();
        }
        Surreal {
            terms: self.terms.iter().map(|(e, c)| (e.clone(), c * r)).collect(),
        }
    }

    /// The exact quotient, when it is a finite normal form.
    ///
    /// Long division by leading terms: each step divides the remainder's leading term by the
    /// divisor's. A finite quotient q has least exponent `min(self) − min(other)` (the least
    /// terms of a product multiply), so the division stops with an error as soon as the next
    /// quotient term would lie below that: the quotient is then an infinite series.
    pub fn div(&self, other: &Surreal) -> Result<Surreal, SurrealError> {
        let Some((lead_e, lead_c)) = other.terms.first() else {
            return Err(SurrealError("division by zero".into()));
        };
        if other.terms.len() == 1 {
            let inv = Surreal::monomial(lead_e.neg(), lead_c.recip());
            return Ok(self.mul(&inv));
        }
        let Some((min_a, _)) = self.terms.last() else {
            return Ok(Surreal::zero());
        };
        let min_q = min_a.sub(&other.terms[other.terms.len() - 1].0);
        let mut rem = self.clone();
        let mut q = Vec::new();
        while let Some((e, c)) = rem.terms.first() {
            let qe = e.sub(lead_e);
            if qe < min_q || q.len() >= MAX_SERIES_TERMS {
                return Err(SurrealError(format!(
                    "({self})/({other}) has no finite normal form: the quotient is an infinite series (its next term would be ω^({qe}))"
                )));
            }
            let qc = c / lead_c;
            let t = Surreal::monomial(qe.clone(), qc.clone());
            rem = rem.sub(&other.mul(&t));
            q.push((qe, qc));
        }
        Ok(Surreal { terms: q })
    }

    /// The square root, when it is a finite normal form with rational coefficients.
    ///
    /// `√(ω^y·r) = ω^{y/2}·√r` for a rational square `r > 0`; for several terms the root is
    /// built from the top like a quotient, and it stops with an error once the next term would
    /// lie below half the least exponent (a finite root's least term squares to the least term).
    pub fn sqrt(&self) -> Result<Surreal, SurrealError> {
        let Some((lead_e, lead_c)) = self.terms.first() else {
            return Ok(Surreal::zero());
        };
        if lead_c.is_negative() {
            return Err(SurrealError(format!(
                "√({self}) is not a surreal number: {self} is negative"
            )));
        }
        let root_c = rational_sqrt(lead_c).ok_or_else(|| {
            SurrealError(format!(
                "√({self}) has no normal form with rational coefficients: {lead_c} is not the square of a rational"
            ))
        })?;
        let half = BigRational::new(BigInt::one(), BigInt::from(2));
        let lead = Surreal::monomial(lead_e.scale(&half), root_c);
        let min_root = self.terms[self.terms.len() - 1].0.scale(&half);
        let mut root = lead.clone();
        let twice_lead = lead.scale(&BigRational::from_integer(BigInt::from(2)));
        loop {
            let rem = self.sub(&root.mul(&root));
            let Some((e, c)) = rem.terms.first() else {
                return Ok(root);
            };
            let te = e.sub(&twice_lead.terms[0].0);
            if te < min_root || root.terms.len() >= MAX_SERIES_TERMS {
                return Err(SurrealError(format!(
                    "√({self}) has no finite normal form: the root is an infinite series"
                )));
            }
            let tc = c / &twice_lead.terms[0].1;
            root = root.add(&Surreal::monomial(te, tc));
        }
    }

    /// Prints with `w`, `*` and `^` (the form the parser reads back) when `ascii`, else with
    /// `ω` and `·`. Terms are `ω^y·r`; `ω^0·r` is `r`, and exponents other than an integer or
    /// ω are parenthesised.
    pub fn display(&self, ascii: bool) -> String {
        if self.terms.is_empty() {
            return "0".to_string();
        }
        let mut out = String::new();
        for (i, (e, c)) in self.terms.iter().enumerate() {
            let neg = c.is_negative();
            if i > 0 {
                out.push(if neg { '-' } else { '+' });
            } else if neg {
                out.push('-');
            }
            let a = c.abs();
            let exponent = (!e.is_zero()).then(|| {
                let simple = e.to_integer().is_some() || *e == Surreal::omega();
                (*e == Surreal::integer(1), e.display(ascii), simple)
            });
            super::ordinal::write_term(&mut out, ascii, exponent, a.is_one(), &a.to_string());
        }
        out
    }
}

/// `√r` when r is the square of a rational.
fn rational_sqrt(r: &BigRational) -> Option<BigRational> {
    if r.is_negative() {
        return None;
    }
    let n = r.numer().to_biguint()?;
    let d = r.denom().to_biguint()?;
    let (sn, sd) = (n.sqrt(), d.sqrt());
    (&sn * &sn == n && &sd * &sd == d).then(|| BigRational::new(BigInt::from(sn), BigInt::from(sd)))
}

impl PartialOrd for Surreal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Surreal {
    /// The sign of `self − other`, read without building the difference: the first term where
    /// the two normal forms differ decides.
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |c: &BigRational| {
            if c.is_positive() {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        };
        let (mut i, mut j) = (0, 0);
        loop {
            match (self.terms.get(i), other.terms.get(j)) {
                (None, None) => return Ordering::Equal,
                (Some((_, c)), None) => return sign(c),
                (None, Some((_, d))) => return sign(d).reverse(),
                (Some((e, c)), Some((f, d))) => match e.cmp(f) {
                    Ordering::Greater => return sign(c),
                    Ordering::Less => return sign(d).reverse(),
                    Ordering::Equal => match c.cmp(d) {
                        Ordering::Equal => {
                            i += 1;
                            j += 1;
                        }
                        o => return o,
                    },
                },
            }
        }
    }
}

impl fmt::Display for Surreal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display(false))
    }
}
