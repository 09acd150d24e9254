//! Terms to values. Recursion follows term depth only (never term size or game size), so the
//! parser's nesting cap bounds the stack.

use super::arena::Nus;
use super::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber, Sign};
use crate::term::{Pebble, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};

/// Longest Hackenstring row with neutral pebbles that is built option by option (quadratic).
const MAX_NEUTRAL_ROW: usize = 4096;
/// Largest count of copies of a general (not number-up-star) game.
const MAX_MULTIPLE: u64 = 1 << 20;

impl Kernel {
    pub(crate) fn eval_term(&mut self, t: &Term) -> Result<GameId, KernelError> {
        match t {
            Term::Nus { number, up, nim } => {
                Ok(self.nus_id(Nus::new(number.clone(), up.clone(), nim.clone())))
            }
            Term::Game { left, right } => {
                let l = self.eval_all(left)?;
                let r = self.eval_all(right)?;
                self.try_from_options(&l, &r)
            }
            Term::Sum(a, b) => {
                let a = self.eval_term(a)?;
                let b = self.eval_term(b)?;
                self.try_add(a, b)
            }
            Term::Neg(a) => {
                let a = self.eval_term(a)?;
                Ok(self.negate(a))
            }
            Term::PlusMinus(xs) => {
                let l = self.eval_all(xs)?;
                let r: Vec<GameId> = l.iter().map(|&x| self.negate(x)).collect();
                self.try_from_options(&l, &r)
            }
            Term::Tiny { number, sub } => {
                let g = self.eval_term(sub)?;
                let t = self.tiny(g)?;
                let x = self.number(number);
                self.try_add(x, t)
            }
            Term::Miny { number, sub } => {
                let g = self.eval_term(sub)?;
                let t = self.tiny(g)?;
                let m = self.negate(t);
                let x = self.number(number);
                self.try_add(x, m)
            }
            Term::Multiple { count, game } => {
                let g = self.eval_term(game)?;
                self.multiple(count, g)
            }
            Term::Hackenstring(row) => self.hackenstring(row),
        }
    }

    fn eval_all(&mut self, ts: &[Term]) -> Result<Vec<GameId>, KernelError> {
        ts.iter().map(|t| self.eval_term(t)).collect()
    }

    /// `Tiny(G) = {0 || 0 | −G}`.
    pub(crate) fn tiny(&mut self, g: GameId) -> Result<GameId, KernelError> {
        let zero = self.zero();
        let ng = self.negate(g);
        let inner = self.try_from_options(&[zero], &[ng])?;
        self.try_from_options(&[zero], &[inner])
    }

    /// `count · g` by binary doubling; number-up-star values multiply in closed form.
    pub fn multiple(&mut self, count: &BigInt, g: GameId) -> Result<GameId, KernelError> {
        if let Some(v) = self.arena.nus(g) {
            let m = Nus::new(
                &v.number * &Dyadic::integer(count.clone()),
                &v.up * count,
                if count.is_odd() {
                    v.nim.clone()
                } else {
                    Nimber::zero()
                },
            );
            return Ok(self.nus_id(m));
        }
        let n = match count.abs().to_u64() {
            Some(n) if n <= MAX_MULTIPLE => n,
            _ => {
                return Err(KernelError::TooLarge {
                    what: format!("{count} copies of a game that is not number-up-star"),
                })
            }
        };
        let mut base = if count.is_negative() {
            self.negate(g)
        } else {
            g
        };
        let mut acc = self.zero();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                acc = self.try_add(acc, base)?;
            }
            n >>= 1;
            if n > 0 {
                base = self.try_add(base, base)?;
            }
        }
        Ok(acc)
    }

    /// A row's value: a number by its sign expansion when every pebble is coloured, otherwise
    /// built over prefixes, since removing pebble j leaves the prefix of length j.
    fn hackenstring(&mut self, row: &[Pebble]) -> Result<GameId, KernelError> {
        if !row.contains(&Pebble::Neutral) {
            let signs: Vec<Sign> = row
                .iter()
                .map(|p| {
                    if *p == Pebble::Left {
                        Sign::Plus
                    } else {
                        Sign::Minus
                    }
                })
                .collect();
            let x = Dyadic::from_sign_expansion(&signs);
            return Ok(self.number(&x));
        }
        if row.len() > MAX_NEUTRAL_ROW {
            return Err(KernelError::TooLarge {
                what: format!(
                    "a Hackenstring row of {} pebbles with neutral pebbles",
                    row.len()
                ),
            });
        }
        let mut prefix: Vec<GameId> = vec![self.zero()];
        for n in 1..=row.len() {
            let mut l = Vec::new();
            let mut r = Vec::new();
            for (j, p) in row.iter().take(n).enumerate() {
                let Some(&v) = prefix.get(j) else { continue };
                if matches!(p, Pebble::Left | Pebble::Neutral) {
                    l.push(v);
                }
                if matches!(p, Pebble::Right | Pebble::Neutral) {
                    r.push(v);
                }
            }
            let g = self.try_from_options(&l, &r)?;
            prefix.push(g);
        }
        Ok(prefix.last().copied().unwrap_or(GameId(0)))
    }
}
