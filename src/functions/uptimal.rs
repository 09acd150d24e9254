//! Uptimal expansions (Siegel, CGT ch. II.5; CGSuite's `G.UptimalExpansion`): a game equal to
//! `x + d₁·↑ + d₂·↑² + … + dₙ·↑ⁿ + *m`, written as CGSuite prints it, `x*m.d₁d₂…dₙ`
//! (`0.1` is ↑, `*.1-` is ↓*, `73/16*8.9-` is 73/16 + 9·↓ + *8).
//!
//! **How an expansion is found.** A number-up-star is its own expansion. For any other game
//! the candidates come from its Right option: an uptimal whose last digit is positive has one
//! Right option, its expansion with every digit lowered by one (up to some length) and `*`
//! added; so the candidates are that Right option's expansion raised back, to its own length or
//! one past the longest Left option's (and the same for −G, for a last digit that is negative).
//! A candidate is accepted only when the game it denotes, built from ↑ⁿ = `pow(↑, n)`
//! ([`super::products::pow`]), **is** G: the search proposes, construction decides, so a wrong
//! proposal can miss an expansion but never give a false one.

use super::products;
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::collections::HashMap;

/// An uptimal expansion: number part, nimber part and digits d₁…dₙ (the last nonzero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The number part x.
    pub number: Dyadic,
    /// The nimber part m.
    pub nim: Nimber,
    /// The digits d₁…dₙ, dₙ ≠ 0.
    pub digits: Vec<BigInt>,
}

impl Expansion {
    fn new(number: Dyadic, nim: Nimber, mut digits: Vec<BigInt>) -> Expansion {
        while digits.last().is_some_and(|d| d.is_zero()) {
            digits.pop();
        }
        Expansion {
            number,
            nim,
            digits,
        }
    }

    fn neg(&self) -> Expansion {
        Expansion::new(
            -self.number.clone(),
            self.nim.clone(),
            self.digits.iter().map(|d| -d).collect(),
        )
    }

    /// Every digit up to `len` raised by one (digits past the end become 1), `*` added.
    fn raised(&self, len: usize) -> Expansion {
        let n = len.max(self.digits.len());
        let digits = (0..n)
            .map(|i| match self.digits.get(i) {
                Some(d) if i < len => d + 1,
                Some(d) => d.clone(),
                None => BigInt::one(),
            })
            .collect();
        Expansion::new(
            self.number.clone(),
            self.nim.nim_add(&Nimber::from(1)),
            digits,
        )
    }

    /// CGSuite's printing: the number part unless it is 0 beside a nimber part, `*` or `*m`,
    /// a point, then each digit (0–9, A–Z for 10–35, `(n)` beyond) followed by `-` when negative;
    /// `0` when there are no digits.
    pub fn print(&self) -> String {
        let mut s = String::new();
        if self.nim.is_zero() || !self.number.is_zero() {
            s.push_str(&self.number.to_string());
        }
        if !self.nim.is_zero() {
            s.push('*');
            if self.nim != Nimber::from(1) {
                s.push_str(&self.nim.to_string());
            }
        }
        s.push('.');
        if self.digits.is_empty() {
            s.push('0');
        }
        for d in &self.digits {
            let a = d.abs();
            match a.to_u32() {
                Some(v) if v < 10 => s.push(char::from(b'0' + v as u8)),
                Some(v) if v < 36 => s.push(char::from(b'A' + (v - 10) as u8)),
                _ => s.push_str(&format!("({a})")),
            }
            if d.is_negative() {
                s.push('-');
            }
        }
        s
    }

    /// CGSuite's order of expansions: by number part, then digit by digit, then the shorter
    /// first, then by nimber part.
    pub fn cmp_cgsuite(&self, other: &Expansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                for (a, b) in self.digits.iter().zip(&other.digits) {
                    match a.cmp(b) {
                        Ordering::Equal => {}
                        o => return o,
                    }
                }
                self.digits.len().cmp(&other.digits.len())
            })
            .then_with(|| self.nim.cmp(&other.nim))
    }
}

/// Most digits an expansion is searched to: each candidate is built and compared, so a limit
/// on the work, not an answer (a game of birthday b has at most b digits).
const MAX_DIGITS: usize = 64;

/// Finds uptimal expansions, remembering them.
#[derive(Default)]
pub struct Uptimals {
    memo: HashMap<GameId, Option<Expansion>>,
    powers: HashMap<usize, GameId>,
}

impl Uptimals {
    /// A finder with nothing remembered.
    pub fn new() -> Uptimals {
        Uptimals::default()
    }

    /// G's uptimal expansion, or `None` when G is not an uptimal.
    pub fn of(&mut self, k: &mut Kernel, g: GameId) -> Result<Option<Expansion>, KernelError> {
        self.of_depth(k, g, 0)
    }

    fn of_depth(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        depth: usize,
    ) -> Result<Option<Expansion>, KernelError> {
        if let Some((x, up, nim)) = k.as_nus(g) {
            return Ok(Some(Expansion::new(x, nim, vec![up])));
        }
        if let Some(e) = self.memo.get(&g) {
            return Ok(e.clone());
        }
        if depth > super::depth::MAX_DEPTH {
            return Err(super::depth::too_deep("an uptimal expansion"));
        }
        k.check_budget()?;
        let mut e = self.positive(k, g, depth)?;
        if e.is_none() {
            let n = k.neg(g);
            e = self.positive(k, n, depth)?.map(|e| e.neg());
        }
        self.memo.insert(g, e.clone());
        Ok(e)
    }

    /// An expansion of G whose last digit is positive, if there is one.
    fn positive(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        depth: usize,
    ) -> Result<Option<Expansion>, KernelError> {
        let right = k.right_options(g)?;
        let [gr] = right.as_slice() else {
            return Ok(None);
        };
        let Some(er) = self.of_depth(k, *gr, depth + 1)? else {
            return Ok(None);
        };
        let mut longest = 0;
        for gl in k.left_options(g)? {
            match self.of_depth(k, gl, depth + 1)? {
                Some(e) if e.number == er.number => longest = longest.max(e.digits.len()),
                _ => return Ok(None),
            }
        }
        let mut candidates = Vec::new();
        if er.digits.last().is_some_and(|d| d.is_positive()) {
            candidates.push(er.raised(er.digits.len()));
        }
        candidates.push(er.raised(er.digits.len().max(longest) + 1));
        for c in candidates {
            if c.digits.len() <= MAX_DIGITS && self.build(k, &c)? == g {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }

    /// The game an expansion denotes: x + Σ dᵢ·↑ⁱ + *m.
    pub fn build(&mut self, k: &mut Kernel, e: &Expansion) -> Result<GameId, KernelError> {
        let mut sum = k.nus(&e.number, &BigInt::zero(), &e.nim);
        for (i, d) in e.digits.iter().enumerate() {
            if d.is_zero() {
                continue;
            }
            let p = self.up_power(k, i + 1)?;
            let term = k.multiple(d, p)?;
            sum = k.add(sum, term)?;
        }
        Ok(sum)
    }

    /// ↑ⁿ.
    fn up_power(&mut self, k: &mut Kernel, n: usize) -> Result<GameId, KernelError> {
        if let Some(&p) = self.powers.get(&n) {
            return Ok(p);
        }
        let up = k.nus(&Dyadic::zero(), &BigInt::one(), &Nimber::zero());
        let p = products::pow(k, up, &Dyadic::from(n as i64))?;
        self.powers.insert(n, p);
        Ok(p)
    }
}
