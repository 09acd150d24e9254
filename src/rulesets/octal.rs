//! Octal games (Guy and Smith; Winning Ways ch. 4) and their nim-sequences.
//!
//! A code `d0.d1d2…dt` of octal digits says how many tokens a move may take from one heap and
//! what it must leave: digit `dk` (k ≥ 1) allows taking k tokens when it leaves no heap
//! (bit 1), one heap (bit 2), or two nonempty heaps (bit 4). `d0` is 0, or 4 to allow splitting
//! a heap into two without taking anything. Kayles is `0.77`, Dawson's Kayles `0.07`; a
//! subtraction game with set S is the code with digit 3 at each k in S; Nim is any heap size
//! taken, whose nim-values are the heap sizes themselves.
//!
//! A heap of n tokens is worth the nimber G(n) (Sprague–Grundy), computed by the mex over its
//! options, each a heap or the nim-sum of two. **Periodicity** is claimed only when the
//! Guy–Smith theorem proves it: if G(n + p) = G(n) for every n with n0 ≤ n < 2·n0 + p + t
//! (t the code's last digit position), then for all n ≥ n0. Values past a proved period are
//! read off it, so a heap of 10^100 tokens costs one division.

use super::RulesetError;
use crate::kernel::Budget;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

/// Most digits a code may have.
pub const MAX_DIGITS: usize = super::position::MAX_CODE_DIGITS;
/// Most nim-values computed one by one; past it, a heap needs a proved period.
pub const MAX_COMPUTED: usize = 1 << 24;

/// An octal code: `digits[k]` for k = 0..=t, with `digits[t] != 0` unless every digit is 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Reads `"0.77"`, `".07"`, `"4.07"`. Errors give the column of the offending character.
    pub fn parse(text: &str) -> Result<OctalCode, RulesetError> {
        // The code language's one reader (docs/POSITIONS.md), shared with the proof checker.
        let mut digits = super::position::octal_code(text)?;
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The subtraction game with this set: take k ∈ S tokens from a heap.
    pub fn subtraction(set: &[usize]) -> Result<OctalCode, RulesetError> {
        let max = set.iter().copied().max().unwrap_or(0);
        if max > MAX_DIGITS {
            return Err(super::too_large(format!(
                "a subtraction set with {max} (at most {MAX_DIGITS})"
            )));
        }
        let mut digits = vec![0u8; max + 1];
        for &k in set {
            if k > 0 {
                digits[k] = 3;
            }
        }
        Ok(OctalCode { digits })
    }

    /// The digits d0, d1, …, dt.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// t: the most tokens a move may take.
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The code as written, `0.77`.
    pub fn print(&self) -> String {
        let tail: String = self.digits[1..]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        format!(
            "{}.{}",
            self.digits[0],
            if tail.is_empty() { "0".into() } else { tail }
        )
    }

    /// The heaps (zero, one or two, each nonempty) a move from a heap of n can leave, one
    /// entry per move: for derivations, which list options by position.
    pub fn moves(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            if k > n {
                break;
            }
            let m = n - k;
            if k > 0 && d & 1 != 0 && m == 0 {
                out.push(vec![]);
            }
            if k > 0 && d & 2 != 0 && m > 0 {
                out.push(vec![m]);
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=m / 2 {
                    out.push(vec![a, m - a]);
                }
            }
        }
        out
    }
}

/// A proved period: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first heap size from which the sequence repeats.
    pub preperiod: usize,
    /// The (least proved) period.
    pub period: usize,
    /// How many values the proof compared (the Guy–Smith range checked).
    pub checked_to: usize,
}

/// The nim-values of a code, computed heap by heap.
#[derive(Clone, Debug)]
pub struct NimSequence {
    code: OctalCode,
    values: Vec<u32>,
    /// `seen[v] == stamp` marks value v as an option of the current heap.
    seen: Vec<u32>,
    stamp: u32,
    periodicity: Option<Periodicity>,
}

impl NimSequence {
    /// The sequence of `code`, nothing computed yet.
    pub fn new(code: OctalCode) -> Self {
        NimSequence {
            code,
            values: Vec::new(),
            seen: vec![0; 2],
            stamp: 0,
            periodicity: None,
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The values computed one by one so far, G(0), G(1), ….
    pub fn computed(&self) -> &[u32] {
        &self.values
    }

    /// The period, once proved.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.periodicity
    }

    fn mark(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.seen.len() {
            self.seen.resize((v + 1).next_power_of_two(), 0);
        }
        self.seen[v] = self.stamp;
    }

    /// Computes G(len) from the values before it.
    fn push_next(&mut self) {
        let n = self.values.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let digits = std::mem::take(&mut self.code.digits);
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let m = n - k;
            if k > 0 && d & 1 != 0 && m == 0 {
                self.mark(0);
            }
            if k > 0 && d & 2 != 0 && m > 0 {
                self.mark(self.values[m]);
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=m / 2 {
                    let v = self.values[a] ^ self.values[m - a];
                    self.mark(v);
                }
            }
        }
        self.code.digits = digits;
        let mut g = 0usize;
        while self.seen.get(g) == Some(&self.stamp) {
            g += 1;
        }
        self.values.push(g as u32);
    }

    /// Computes values until G(n) is known, trying to prove a period at each power of two;
    /// once a period is proved nothing more is computed. Checks the budget's deadline and
    /// cancel flag as it goes.
    pub fn extend_to(&mut self, n: usize, budget: &Budget) -> Result<(), RulesetError> {
        if self.periodicity.is_some() {
            return Ok(());
        }
        if n >= MAX_COMPUTED {
            // Perhaps a period is proved before the cap.
            self.extend_to(MAX_COMPUTED - 1, budget)?;
            if self.periodicity.is_some() {
                return Ok(());
            }
            return Err(super::too_large(format!(
                "heap {n} of {}: no period proved within {MAX_COMPUTED} values",
                self.code.print()
            )));
        }
        while self.values.len() <= n {
            self.push_next();
            let len = self.values.len();
            if len.is_multiple_of(1024) {
                budget.check()?;
            }
            if len >= 16 && len.is_power_of_two() {
                self.periodicity = self.prove_period();
                if self.periodicity.is_some() {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    /// Tries to prove a period from the values computed so far (see the module doc). Games
    /// with `d0 = 4` are outside the theorem as stated, so nothing is claimed for them.
    pub fn prove_period(&self) -> Option<Periodicity> {
        if self.code.digits[0] != 0 {
            return None;
        }
        let g = &self.values;
        let big_n = g.len();
        let t = self.code.max_take();
        for p in 1..=big_n / 2 {
            // The longest tail with G(n + p) = G(n) for all n0 ≤ n < N - p.
            let mut n0 = big_n - p;
            while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
                n0 -= 1;
            }
            // Guy–Smith needs n0 ≤ n < 2·n0 + p + t, i.e. N - p ≥ 2·n0 + p + t.
            if big_n >= 2 * n0 + 2 * p + t {
                return Some(Periodicity {
                    preperiod: n0,
                    period: p,
                    checked_to: 2 * n0 + p + t,
                });
            }
        }
        None
    }

    /// Computes values (at most `up_to + 1` of them) until a period is proved; `None` means
    /// "not yet periodic": no period is proved by the values up to `up_to`.
    pub fn find_period(
        &mut self,
        up_to: usize,
        budget: &Budget,
    ) -> Result<Option<Periodicity>, RulesetError> {
        self.extend_to(up_to, budget)?;
        if self.periodicity.is_none() {
            self.periodicity = self.prove_period();
        }
        Ok(self.periodicity)
    }

    /// G(n), computing as far as needed; past a proved period it is read off the period.
    pub fn value(&mut self, n: &BigInt, budget: &Budget) -> Result<u32, RulesetError> {
        if n.is_negative() {
            return Err(RulesetError::Argument(format!(
                "a heap has at least 0 tokens, not {n}"
            )));
        }
        if let Some(i) = n.to_usize().filter(|&i| i < self.values.len()) {
            return Ok(self.values[i]);
        }
        let want = n.to_usize().unwrap_or(usize::MAX);
        self.extend_to(want.min(MAX_COMPUTED), budget)?;
        if let Some(i) = n.to_usize().filter(|&i| i < self.values.len()) {
            return Ok(self.values[i]);
        }
        match self.periodicity {
            Some(p) => {
                let offset = (n - BigInt::from(p.preperiod)) % BigInt::from(p.period);
                let i = p.preperiod + offset.to_usize().unwrap_or(0);
                Ok(self.values[i])
            }
            None => Err(super::too_large(format!(
                "heap {n} of {}: no period proved within {MAX_COMPUTED} values",
                self.code.print()
            ))),
        }
    }

    /// G(0), …, G(n) (from the period where proved).
    pub fn values_to(&mut self, n: usize, budget: &Budget) -> Result<Vec<u32>, RulesetError> {
        self.extend_to(n, budget)?;
        let mut out: Vec<u32> = self.values.iter().take(n + 1).copied().collect();
        if let Some(p) = self.periodicity {
            while out.len() <= n {
                let i = p.preperiod + (out.len() - p.preperiod) % p.period;
                out.push(self.values[i]);
            }
        }
        Ok(out)
    }
}

/// The nim-sum of Nim heaps: the value of a Nim position.
pub fn nim(heaps: &[BigInt]) -> Result<crate::Nimber, RulesetError> {
    let mut acc = crate::Nimber::zero();
    for h in heaps {
        let Some(u) = h.to_biguint().filter(|_| !h.is_negative()) else {
            return Err(RulesetError::Argument(format!(
                "a heap has at least 0 tokens, not {h}"
            )));
        };
        acc = acc.nim_add(&crate::Nimber::new(u));
    }
    Ok(acc)
}
