//! Number-up-star values in closed form: their sums, order, birthdays and canonical options.
//!
//! The canonical options used here (for n ≥ 1; negatives by symmetry, numbers by translation):
//! `n·↑*k = {0 | (n−1)·↑*(k⊕1)}` except `↑* = {0,* | 0}`; `*k = {0,*,…,*(k−1) | same}`.
//! They are checked against general construction in the tests rather than trusted.

use super::arena::{Nus, Span};
use super::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The most options a nimber part may expand to when a closed form must be opened up.
pub(crate) const MAX_NIM_OPTIONS: u64 = 1 << 16;
/// The largest up multiple expanded when a closed form meets a general game in a sum: each
/// unit of ↑ is one level of recursion.
pub(crate) const MAX_UP_EXPANSION: u64 = 1 << 10;

impl Nus {
    pub(crate) fn new(number: Dyadic, up: BigInt, nim: Nimber) -> Self {
        Nus { number, up, nim }
    }

    pub(crate) fn add(&self, o: &Nus) -> Nus {
        Nus {
            number: &self.number + &o.number,
            up: &self.up + &o.up,
            nim: self.nim.nim_add(&o.nim),
        }
    }

    pub(crate) fn neg(&self) -> Nus {
        Nus {
            number: -&self.number,
            up: -&self.up,
            nim: self.nim.clone(),
        }
    }

    /// `self ≤ o`, from `o − self = d·↑*m`: that is ≥ 0 iff d ≥ 2, or d = 1 and m ≠ 1, or
    /// d = 0 and m = 0.
    pub(crate) fn le(&self, o: &Nus) -> bool {
        match self.number.cmp(&o.number) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let d = &o.up - &self.up;
                let m = self.nim.nim_add(&o.nim);
                if d > BigInt::one() {
                    true
                } else if d.is_one() {
                    m != Nimber::from(1)
                } else if d.is_zero() {
                    m.is_zero()
                } else {
                    false
                }
            }
        }
    }

    /// The birthday: that of the number plus that of the infinitesimal part, since the
    /// canonical options of `x + ε` are those of ε translated by x.
    pub(crate) fn birthday(&self) -> BigInt {
        let b = self.number.birthday();
        let k = self.nim.value();
        let inf: BigInt = if self.up.is_zero() {
            BigInt::from(k.clone())
        } else {
            let n = self.up.abs();
            let odd = (&n % 2u32).is_one();
            // Unrolling n↑*k = {0 | (n−1)↑*(k⊕1)} down to ↑*k' with k' = k or k⊕1.
            let kp = if odd {
                k.clone()
            } else {
                k ^ num_bigint::BigUint::one()
            };
            let tail: BigInt = if kp.is_one() {
                BigInt::one()
            } else {
                BigInt::from(kp ^ num_bigint::BigUint::one())
            };
            // b(↑*k') = 1 + b(*(k'⊕1)) = 1 + (k'⊕1), or 2 for ↑* = {0,*|0}.
            &n + tail
        };
        b + inf
    }
}

impl Kernel {
    pub(crate) fn nus_id(&mut self, v: Nus) -> GameId {
        self.arena.intern_nus(v)
    }

    /// The canonical options of a closed-form value, or an error when there are too many.
    pub(crate) fn nus_options(
        &mut self,
        v: &Nus,
    ) -> Result<(Vec<GameId>, Vec<GameId>), KernelError> {
        if v.up.is_negative() {
            let (l, r) = self.nus_options(&v.neg())?;
            let nl = r.into_iter().map(|g| self.neg(g)).collect();
            let nr = l.into_iter().map(|g| self.neg(g)).collect();
            return Ok((nl, nr));
        }
        let x = &v.number;
        if v.up.is_zero() && v.nim.is_zero() {
            return Ok(number_options(x)
                .map(|(l, r)| {
                    (
                        l.into_iter()
                            .map(|n| self.nus_id(Nus::new(n, BigInt::zero(), Nimber::zero())))
                            .collect(),
                        r.into_iter()
                            .map(|n| self.nus_id(Nus::new(n, BigInt::zero(), Nimber::zero())))
                            .collect(),
                    )
                })
                .unwrap_or_default());
        }
        if v.up.is_zero() {
            let k = match v.nim.to_u64() {
                Some(k) if k <= MAX_NIM_OPTIONS => k,
                _ => {
                    return Err(KernelError::TooManyOptions {
                        what: format!("the options of a value with nimber part *{}", v.nim),
                    })
                }
            };
            let opts: Vec<GameId> = (0..k)
                .map(|j| self.nus_id(Nus::new(x.clone(), BigInt::zero(), Nimber::from(j))))
                .collect();
            return Ok((opts.clone(), opts));
        }
        let zero = self.nus_id(Nus::new(x.clone(), BigInt::zero(), Nimber::zero()));
        if v.up.is_one() && v.nim == Nimber::from(1) {
            let star = self.nus_id(Nus::new(x.clone(), BigInt::zero(), Nimber::from(1)));
            return Ok((vec![zero, star], vec![zero]));
        }
        let r = Nus::new(x.clone(), &v.up - 1, v.nim.nim_add(&Nimber::from(1)));
        let r = self.nus_id(r);
        Ok((vec![zero], vec![r]))
    }

    /// The options of g, opened up from closed form when needed.
    pub(crate) fn options(&mut self, g: GameId) -> Result<(Vec<GameId>, Vec<GameId>), KernelError> {
        let sp = self.ensure_options(g)?;
        let l = (0..sp.nl).map(|i| self.arena.flat_at(sp.left(i))).collect();
        let r = (0..sp.nr)
            .map(|i| self.arena.flat_at(sp.right(i)))
            .collect();
        Ok((l, r))
    }

    /// Makes g's options readable from `arena.flat` (opening up and caching a closed form
    /// once) and says where they are.
    #[inline]
    pub(crate) fn ensure_options(&mut self, g: GameId) -> Result<Span, KernelError> {
        match self.arena.span(g) {
            Some(sp) => Ok(sp),
            None => self.open_options(g),
        }
    }

    /// Opens up a closed form (or reads a foreign id as 0) for [`Kernel::ensure_options`].
    #[inline(never)]
    fn open_options(&mut self, g: GameId) -> Result<Span, KernelError> {
        let Some(v) = self.arena.nus(g).cloned() else {
            return Ok(Span::default());
        };
        let (l, r) = self.nus_options(&v)?;
        let sp = self.arena.push_span(&l, &r);
        if let Some(slot) = self.arena.spans.get_mut(g.0 as usize) {
            *slot = Some(sp);
        }
        Ok(sp)
    }

    /// Refuses to open a closed form whose expansion would recurse too deeply in a sum.
    pub(crate) fn check_expandable(&self, g: GameId) -> Result<(), KernelError> {
        if let Some(v) = self.arena.nus(g) {
            if v.up.abs().to_u64().is_none_or(|u| u > MAX_UP_EXPANSION) {
                return Err(KernelError::TooLarge {
                    what: format!("a multiple of ↑ of {} in a sum with a general game", v.up),
                });
            }
            if v.nim.to_u64().is_none_or(|k| k > MAX_NIM_OPTIONS) {
                return Err(KernelError::TooManyOptions {
                    what: format!("the options of *{}", v.nim),
                });
            }
        }
        Ok(())
    }
}

/// The canonical options of a number: `{n−1|}` for n > 0, `{|n+1}` for n < 0, and
/// `{(m−1)/2^e | (m+1)/2^e}` for `m/2^e` with m odd.
pub(crate) fn number_options(x: &Dyadic) -> Option<(Vec<Dyadic>, Vec<Dyadic>)> {
    if x.is_zero() {
        return Some((vec![], vec![]));
    }
    if x.is_integer() {
        if x.signum() > 0 {
            return Some((vec![x - &Dyadic::from(1)], vec![]));
        }
        return Some((vec![], vec![x + &Dyadic::from(1)]));
    }
    let e = x.denominator_exp();
    let unit = Dyadic::new(BigInt::one(), e);
    Some((vec![x - &unit], vec![x + &unit]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::arena::Small;

    fn nus(n: i64, e: u64, u: i64, k: u64) -> Nus {
        Nus::new(
            Dyadic::new(BigInt::from(n), e),
            BigInt::from(u),
            Nimber::from(k),
        )
    }

    /// The machine-word order is the BigInt order wherever both apply.
    #[test]
    fn small_order_matches_big_order() {
        let mut vals = Vec::new();
        for n in -3..=3 {
            for e in 0..=2 {
                for u in -3..=3 {
                    for k in 0..=3 {
                        vals.push(nus(n, e, u, k));
                    }
                }
            }
        }
        for a in &vals {
            for b in &vals {
                let (sa, sb) = (Small::of(a).unwrap(), Small::of(b).unwrap());
                assert_eq!(sa.le(&sb), a.le(b), "{a:?} <= {b:?}");
            }
        }
        assert!(Small::of(&nus(1, 31, 0, 0)).is_none());
    }

    /// The machine-word sum and negative are the BigInt ones, in the same lowest terms (the
    /// table of small closed forms is keyed by them), and refuse exactly where the BigInt
    /// result leaves the machine-word bounds: values near those bounds, with cancelling
    /// numerators and odd denominators among them.
    #[test]
    fn small_sums_match_big_sums() {
        let mut vals = Vec::new();
        let nums = [
            0,
            1,
            -1,
            2,
            3,
            -6,
            7,
            12,
            (1 << 30) + 1,
            (1 << 31) - 1,
            -(1 << 31) + 1,
        ];
        let ups = [0, 1, -1, 2, (1 << 61) + 5, (1 << 62) - 1, -(1 << 62) + 1];
        for &n in &nums {
            for e in [0, 1, 2, 5, 29, 30] {
                for &u in &ups {
                    for k in [0, 1, 3, u64::MAX] {
                        vals.push(nus(n, e, u, k));
                    }
                }
            }
        }
        let smalls: Vec<(Small, &Nus)> = vals
            .iter()
            .filter_map(|v| Some((Small::of(v)?, v)))
            .collect();
        assert!(smalls.len() > 1000, "the bounds are exercised");
        let mut refused = 0;
        for (i, (sa, a)) in smalls.iter().enumerate() {
            assert_eq!(Some(sa.neg()), Small::of(&a.neg()), "-{a:?}");
            // Every pair would be 10^6 sums; a stride keeps the mix of all kinds.
            for (sb, b) in smalls.iter().skip(i % 7).step_by(7) {
                let big = Small::of(&a.add(b));
                assert_eq!(sa.add(sb), big, "{a:?} + {b:?}");
                refused += usize::from(big.is_none());
            }
        }
        assert!(refused > 0, "some sums leave the bounds");
    }

    /// Known birthdays: ↑ = {0|*} is born on day 2, ⇑ = {0|↑*} on day 3, ↑*2 = {0|*3} on 4.
    #[test]
    fn closed_form_birthdays() {
        assert_eq!(nus(0, 0, 1, 0).birthday(), BigInt::from(2));
        assert_eq!(nus(0, 0, 1, 1).birthday(), BigInt::from(2));
        assert_eq!(nus(0, 0, 2, 0).birthday(), BigInt::from(3));
        assert_eq!(nus(0, 0, 1, 2).birthday(), BigInt::from(4));
        assert_eq!(nus(0, 0, -2, 0).birthday(), BigInt::from(3));
        assert_eq!(nus(3, 1, 0, 2).birthday(), BigInt::from(5));
        assert_eq!(nus(-2, 0, 1, 0).birthday(), BigInt::from(4));
    }
}
