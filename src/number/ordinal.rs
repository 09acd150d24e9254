//! Ordinals below ε₀ in Cantor normal form, with ordinal and natural (Hessenberg) arithmetic.
//!
//! An ordinal below ε₀ is `ω^{e_1}·c_1 + … + ω^{e_n}·c_n` with exponents `e_1 > … > e_n`
//! themselves ordinals below ε₀ (so the form is a finite tree) and natural coefficients `c_i ≥ 1`
//! (seed 000 II.5b "Ordinals"; seed 002 §3 on ordinals). Comparison reads the terms from the
//! top: the first exponent that differs, else the first coefficient, else the longer form wins.
//!
//! Two sums: the ordinal sum `a + b` (not commutative: `1 + ω = ω`) absorbs every term of `a`
//! below the leading term of `b`; the natural sum `a ⊕ b` adds coefficients of like exponents,
//! and is the surreal sum of the two ordinals. Likewise the ordinal product `a·b` (`2·ω = ω`)
//! and the natural product (the surreal product). Birthdays: an ordinal is born on day itself.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::cmp::Ordering;
use std::fmt;

/// An ordinal `< ε₀` in Cantor normal form.
///
/// ```
/// use onag::Ordinal;
/// let w = Ordinal::omega();
/// let one = Ordinal::from(1u64);
/// assert_eq!(one.add(&w), w);                          // 1 + ω = ω
/// assert_eq!(w.add(&one).to_string(), "ω+1");
/// assert_eq!(one.natural_add(&w).to_string(), "ω+1"); // natural sum commutes
/// assert_eq!(Ordinal::from(2u64).mul(&w), w);         // 2·ω = ω
/// assert_eq!(w.mul(&Ordinal::from(2u64)).to_string(), "ω·2");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Ordinal {
    /// `(exponent, coefficient)` with exponents strictly decreasing and coefficients nonzero.
    terms: Vec<(Ordinal, BigUint)>,
}

impl Ordinal {
    /// Zero.
    pub fn zero() -> Self {
        Ordinal { terms: Vec::new() }
    }
    /// ω.
    pub fn omega() -> Self {
        Ordinal::omega_pow(Ordinal::one())
    }
    /// One.
    pub fn one() -> Self {
        Ordinal::from(1u64)
    }
    /// `ω^e`.
    pub fn omega_pow(e: Ordinal) -> Self {
        Ordinal {
            terms: vec![(e, BigUint::one())],
        }
    }
    /// Builds `Σ ω^{e_i}·c_i` from terms in any order: like exponents add, zero coefficients go.
    pub fn from_terms(terms: Vec<(Ordinal, BigUint)>) -> Self {
        Ordinal {
            terms: super::normal_terms(terms),
        }
    }
    /// The terms, leading first.
    pub fn terms(&self) -> &[(Ordinal, BigUint)] {
        &self.terms
    }
    /// True for 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }
    /// The value when it is a natural number.
    pub fn to_natural(&self) -> Option<BigUint> {
        match self.terms.as_slice() {
            [] => Some(BigUint::zero()),
            [(e, c)] if e.is_zero() => Some(c.clone()),
            _ => None,
        }
    }
    /// True when every exponent (recursively) is finite, i.e. the ordinal is below `ω^ω`.
    pub fn below_omega_omega(&self) -> bool {
        self.terms.iter().all(|(e, _)| e.to_natural().is_some())
    }
    /// How deeply exponents nest: 0 for naturals, 1 below `ω^ω`, …
    pub fn height(&self) -> usize {
        self.terms
            .first()
            .map_or(0, |(e, _)| if e.is_zero() { 0 } else { 1 + e.height() })
    }

    /// The ordinal sum `self + other`: terms of `self` below `other`'s leading exponent vanish.
    pub fn add(&self, other: &Ordinal) -> Ordinal {
        let Some((lead, c)) = other.terms.first() else {
            return self.clone();
        };
        let mut terms: Vec<(Ordinal, BigUint)> = Vec::new();
        for (e, d) in &self.terms {
            match e.cmp(lead) {
                Ordering::Greater => terms.push((e.clone(), d.clone())),
                Ordering::Equal => {
                    terms.push((e.clone(), d + c));
                    terms.extend(other.terms[1..].iter().cloned());
                    return Ordinal { terms };
                }
                Ordering::Less => break,
            }
        }
        terms.extend(other.terms.iter().cloned());
        Ordinal { terms }
    }

    /// The `d` with `m + d = self` (ordinal left subtraction), when `m ≤ self`: what is left of
    /// a run of length `self` after its first `m` signs. `−1 + ω = ω`, `−ω + (ω·2+3) = ω+3`.
    pub fn left_sub(&self, m: &Ordinal) -> Option<Ordinal> {
        if m > self {
            return None;
        }
        let (mt, nt) = (&m.terms, &self.terms);
        let mut i = 0;
        while i < mt.len() && i < nt.len() && mt[i] == nt[i] {
            i += 1;
        }
        let mut rest: Vec<(Ordinal, BigUint)> = nt[i..].to_vec();
        // m has a term where self has a larger one: a larger exponent absorbs all of m's
        // remaining terms; an equal exponent leaves the difference of the coefficients.
        if let (Some((e, c)), Some(first)) = (mt.get(i), rest.first_mut()) {
            if *e == first.0 {
                first.1 -= c;
            }
        }
        Some(Ordinal::from_terms(rest))
    }

    /// The natural (Hessenberg) sum: coefficients of like exponents add. It is commutative and
    /// is the surreal sum of two ordinals.
    pub fn natural_add(&self, other: &Ordinal) -> Ordinal {
        Ordinal::from_terms(self.terms.iter().chain(&other.terms).cloned().collect())
    }

    /// The ordinal product `self · other`: for each term `ω^f·d` of `other`, `ω^(e₁+f)·d` when
    /// `f > 0` and, for the finite part `d`, `self` with its leading coefficient times `d`.
    pub fn mul(&self, other: &Ordinal) -> Ordinal {
        let Some((lead, c)) = self.terms.first() else {
            return Ordinal::zero();
        };
        let mut terms = Vec::new();
        for (f, d) in &other.terms {
            if f.is_zero() {
                terms.push((lead.clone(), c * d));
                terms.extend(self.terms[1..].iter().cloned());
            } else {
                terms.push((lead.add(f), d.clone()));
            }
        }
        Ordinal { terms }
    }

    /// The natural (Hessenberg) product: `Σ ω^{e_i ⊕ f_j}·c_i·d_j`; the surreal product.
    pub fn natural_mul(&self, other: &Ordinal) -> Ordinal {
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for (e, c) in &self.terms {
            for (f, d) in &other.terms {
                terms.push((e.natural_add(f), c * d));
            }
        }
        Ordinal::from_terms(terms)
    }

    /// `self^n` for a natural exponent, by ordinal multiplication.
    pub fn pow(&self, n: u64) -> Ordinal {
        let mut acc = Ordinal::one();
        for _ in 0..n {
            acc = acc.mul(self);
        }
        acc
    }

    /// The birthday of an ordinal, as a surreal number, is the ordinal itself.
    pub fn birthday(&self) -> Ordinal {
        self.clone()
    }

    /// Prints with `w` for ω and `*` for the coefficient's product when `ascii` (the form the
    /// expression parser reads back), else `ω` and `·`.
    pub fn display(&self, ascii: bool) -> String {
        if self.terms.is_empty() {
            return "0".to_string();
        }
        let mut out = String::new();
        for (i, (e, c)) in self.terms.iter().enumerate() {
            if i > 0 {
                out.push('+');
            }
            let exponent = (!e.is_zero()).then(|| {
                let simple = e.to_natural().is_some() || *e == Ordinal::omega();
                (e.is_one(), e.display(ascii), simple)
            });
            write_term(&mut out, ascii, exponent, c.is_one(), &c.to_string());
        }
        out
    }

    /// True for 1.
    pub fn is_one(&self) -> bool {
        self.to_natural().is_some_and(|n| n.is_one())
    }
}

impl From<u64> for Ordinal {
    fn from(n: u64) -> Self {
        Ordinal::from(BigUint::from(n))
    }
}

impl From<BigUint> for Ordinal {
    fn from(n: BigUint) -> Self {
        if n.is_zero() {
            Ordinal::zero()
        } else {
            Ordinal {
                terms: vec![(Ordinal::zero(), n)],
            }
        }
    }
}

impl PartialOrd for Ordinal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ordinal {
    /// Cantor normal forms compare term by term from the top (exponent, then coefficient),
    /// and a form that is a proper prefix of the other is smaller.
    fn cmp(&self, other: &Self) -> Ordering {
        for (a, b) in self.terms.iter().zip(&other.terms) {
            match a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        self.terms.len().cmp(&other.terms.len())
    }
}

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display(false))
    }
}

/// Writes one term `ω^e·c` of a normal form (Cantor's for ordinals, Conway's for surreals)
/// as both print it: `exponent` is `None` for ω^0 (the coefficient alone), else whether e is
/// 1 (no `^e`), e printed, and whether it needs no parentheses (an integer or ω); a
/// coefficient of 1 is not written. `w` and `*` when `ascii` (the parser reads them back),
/// else `ω` and `·`.
pub(crate) fn write_term(
    out: &mut String,
    ascii: bool,
    exponent: Option<(bool, String, bool)>,
    coefficient_is_one: bool,
    coefficient: &str,
) {
    let Some((exponent_is_one, inner, simple)) = exponent else {
        out.push_str(coefficient);
        return;
    };
    let (w, dot) = if ascii { ("w", "*") } else { ("ω", "·") };
    out.push_str(w);
    if !exponent_is_one {
        out.push('^');
        if simple {
            out.push_str(&inner);
        } else {
            out.push('(');
            out.push_str(&inner);
            out.push(')');
        }
    }
    if !coefficient_is_one {
        out.push_str(dot);
        out.push_str(coefficient);
    }
}
