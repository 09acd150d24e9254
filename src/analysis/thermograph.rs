//! Thermographs of canonical short games (Conway, ONAG ch. 9; Berlekamp, Conway and Guy, WW ch. 6;
//! Siegel, CGT II.5), exact.
//!
//! For a game G that is not an integer, with canonical options:
//! - the Left scaffold is `LS(t) = max over G^L of RW(G^L)(t) − t`,
//! - the Right scaffold is `RS(t) = min over G^R of LW(G^R)(t) + t`,
//! - the temperature τ is the least t ≥ −1 with `LS(t) ≤ RS(t)` and the mast value m is
//!   `LS(τ) = RS(τ)`;
//! - the walls are the scaffolds below τ and the vertical mast at m from τ up.
//!
//! An integer n has the mast at n from t = −1 (temperature −1, the usual convention). A number
//! m/2^k in lowest terms goes through the same computation on its canonical form
//! `{x − 2^−k | x + 2^−k}` and gets temperature −2^−k, as in CGSuite and cgt. A value
//! `x + n·↑ + *k` with x an integer that is not a number has temperature 0 and mast x, and its
//! walls below 0 are
//! `x − t` (Left's) and `x + t` (Right's) except that Left's is flat at x when the value is below x
//! and Right's is flat when it is above x (↑ = {0 | *}: Left gains from a move at t < 0, Right
//! only reaches *, whose Left wall is −t); so `^1000000` costs one record, not a million levels.
//! The unit tests check that rule against the general computation on the explicit options.
//!
//! Every distinct subgame is visited once (memoised by [`GameId`]), iteratively, so deep games
//! cost heap, not stack.

use super::wall::{start, Wall};
use crate::kernel::{GameId, Kernel, KernelError, Relation};
use crate::number::Dyadic;
use num_traits::Zero;
use std::collections::HashMap;
use std::rc::Rc;

/// A thermograph: both walls on t ≥ −1, the temperature and the mast value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left's wall (the larger values).
    pub left: Wall,
    /// Right's wall.
    pub right: Wall,
    /// Where the walls meet and the mast begins.
    pub temperature: Dyadic,
    /// The mast value (the mean).
    pub mast: Dyadic,
}

impl Thermograph {
    fn mast_from(x: Dyadic, t: Dyadic) -> Thermograph {
        Thermograph {
            left: Wall::constant(x.clone()),
            right: Wall::constant(x.clone()),
            temperature: t,
            mast: x,
        }
    }

    /// The breakpoints of Left's wall from t = −1 to the foot of the mast.
    pub fn left_points(&self) -> Vec<(Dyadic, Dyadic)> {
        points_to_mast(&self.left, &self.temperature, &self.mast)
    }

    /// The breakpoints of Right's wall from t = −1 to the foot of the mast.
    pub fn right_points(&self) -> Vec<(Dyadic, Dyadic)> {
        points_to_mast(&self.right, &self.temperature, &self.mast)
    }
}

fn points_to_mast(w: &Wall, tau: &Dyadic, mast: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut pts = w.points();
    if let Some(first) = pts.first() {
        if first.0 != *tau && pts.last().is_none_or(|p| p.0 != *tau) {
            pts.push((tau.clone(), mast.clone()));
        }
    }
    if pts.is_empty() {
        pts.push((start(), mast.clone()));
    }
    pts
}

/// Hashes a [`GameId`] (one `u32`) by a multiplication: the memo is probed once per option of
/// every subgame, and the default SipHash was a visible share of the day-3 profile.
#[derive(Default)]
pub struct IdHasher(u64);

impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0 ^ u64::from(n)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type IdMap<V> = HashMap<GameId, V, std::hash::BuildHasherDefault<IdHasher>>;

/// Computes thermographs, memoised by id for as long as it lives.
#[derive(Default)]
pub struct Thermographer {
    memo: IdMap<Rc<Thermograph>>,
}

/// Opaque: its memo of thermographs.
impl std::fmt::Debug for Thermographer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thermographer").finish_non_exhaustive()
    }
}

impl Thermographer {
    /// An empty memo.
    pub fn new() -> Self {
        Thermographer::default()
    }

    /// How many distinct subgames have been visited.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The memoised thermographs, by id.
    pub fn entries(&self) -> impl Iterator<Item = (&GameId, &Rc<Thermograph>)> {
        self.memo.iter()
    }

    /// The thermograph of g.
    pub fn of(&mut self, k: &mut Kernel, g: GameId) -> Result<Rc<Thermograph>, KernelError> {
        if let Some(t) = self.memo.get(&g) {
            return Ok(t.clone());
        }
        // Post-order without recursion: a game is pushed again with its options once they are
        // on the stack above it.
        type Options = (Vec<GameId>, Vec<GameId>);
        let mut stack: Vec<(GameId, Option<Options>)> = vec![(g, None)];
        while let Some((h, ready)) = stack.pop() {
            if self.memo.contains_key(&h) {
                continue;
            }
            if let Some((l, r)) = ready {
                let t = self.combine(&l, &r)?;
                self.memo.insert(h, Rc::new(t));
                continue;
            }
            k.spend()?;
            if let Some(t) = Self::closed(k, h)? {
                self.memo.insert(h, Rc::new(t));
                continue;
            }
            let l = k.left_options(h)?;
            let r = k.right_options(h)?;
            let pending: Vec<GameId> = l
                .iter()
                .chain(&r)
                .copied()
                .filter(|x| !self.memo.contains_key(x))
                .collect();
            stack.push((h, Some((l, r))));
            stack.extend(pending.into_iter().map(|x| (x, None)));
        }
        self.memo
            .get(&g)
            .cloned()
            .ok_or_else(|| KernelError::TooLarge {
                what: "a thermograph that was not computed (internal)".into(),
            })
    }

    /// Integers and number-up-star values that are not numbers, in closed form.
    fn closed(k: &mut Kernel, g: GameId) -> Result<Option<Thermograph>, KernelError> {
        let Some((x, up, nim)) = k.as_nus(g) else {
            return Ok(None);
        };
        if !x.is_integer() {
            // Below t = 0 the walls of x itself spread (x's temperature is −2^−k): the general
            // computation on the options handles it.
            return Ok(None);
        }
        if up.is_zero() && nim.is_zero() {
            return Ok(Some(Thermograph::mast_from(x, Dyadic::from(-1))));
        }
        let xid = k.number(&x);
        let rel = k.compare(g, xid)?;
        let spread_left = Wall::line(&x + &Dyadic::from(1), -1).until(&Dyadic::zero(), x.clone());
        let spread_right = Wall::line(&x - &Dyadic::from(1), 1).until(&Dyadic::zero(), x.clone());
        let left = if rel == Relation::Less {
            Wall::constant(x.clone())
        } else {
            spread_left
        };
        let right = if rel == Relation::Greater {
            Wall::constant(x.clone())
        } else {
            spread_right
        };
        Ok(Some(Thermograph {
            left,
            right,
            temperature: Dyadic::zero(),
            mast: x,
        }))
    }

    /// The thermograph of `{l | r}` from its options' thermographs (all memoised).
    fn combine(&self, l: &[GameId], r: &[GameId]) -> Result<Thermograph, KernelError> {
        let get = |x: &GameId| {
            self.memo
                .get(x)
                .cloned()
                .ok_or_else(|| KernelError::TooLarge {
                    what: "an option's thermograph was missing (internal)".into(),
                })
        };
        // max_i (RW_i(t) − t) = (max_i RW_i)(t) − t: one tilt per side, not one per option.
        let mut ls: Option<Wall> = None;
        for x in l {
            let w = &get(x)?.right;
            ls = Some(ls.map_or_else(|| w.clone(), |a| a.max(w)));
        }
        let mut rs: Option<Wall> = None;
        for x in r {
            let w = &get(x)?.left;
            rs = Some(rs.map_or_else(|| w.clone(), |a| a.min(w)));
        }
        scaffolds_to_thermograph(ls.map(|w| w.tilt(-1)), rs.map(|w| w.tilt(1)))
    }
}

/// Where the scaffolds meet, and the walls they give. A canonical game that is not an integer
/// has options on both sides; a missing side (which only an integer has) is an error, not a guess.
pub fn scaffolds_to_thermograph(
    ls: Option<Wall>,
    rs: Option<Wall>,
) -> Result<Thermograph, KernelError> {
    let (Some(ls), Some(rs)) = (ls, rs) else {
        return Err(KernelError::TooLarge {
            what: "a thermograph of a one-sided non-integer form (internal)".into(),
        });
    };
    let tau = ls
        .first_not_above(&rs)
        .ok_or_else(|| KernelError::TooLarge {
            what: "scaffolds that never meet (internal)".into(),
        })?;
    let mast = ls.at(&tau);
    Ok(Thermograph {
        left: ls.until(&tau, mast.clone()),
        right: rs.until(&tau, mast.clone()),
        temperature: tau,
        mast,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Nimber;
    use num_bigint::BigInt;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    fn thermo(src: &str) -> Thermograph {
        let mut k = Kernel::new();
        let g = k.eval(&crate::syntax::parse(src).unwrap()).unwrap();
        let mut th = Thermographer::new();
        (*th.of(&mut k, g).unwrap()).clone()
    }

    #[test]
    fn textbook_values() {
        let t = thermo("{{3|2}|0}");
        assert_eq!(
            (t.temperature.clone(), t.mast.clone()),
            (d("5/4"), d("5/4"))
        );
        let t = thermo("{1/2|-3}");
        assert_eq!(
            (t.temperature.clone(), t.mast.clone()),
            (d("7/4"), d("-5/4"))
        );
        let t = thermo("{2|-1}");
        assert_eq!((t.temperature, t.mast), (d("3/2"), d("1/2")));
        assert_eq!(thermo("5").temperature, d("-1"));
        assert_eq!(thermo("3/8").temperature, d("-1/8"));
        assert_eq!(thermo("*").temperature, d("0"));
    }

    /// The closed form for `x + n·↑ + *k` agrees with the general computation on its options.
    #[test]
    fn nus_closed_form_matches_options() {
        let mut k = Kernel::new();
        for x in ["0", "5", "-3"] {
            for n in -3i64..=3 {
                for m in 0u64..4 {
                    let g = k.nus(&d(x), &BigInt::from(n), &Nimber::from(m));
                    if k.as_number(g).is_some() {
                        continue;
                    }
                    let closed = Thermographer::closed(&mut k, g).unwrap().unwrap();
                    let mut th = Thermographer::new();
                    let l = k.left_options(g).unwrap();
                    let r = k.right_options(g).unwrap();
                    for &o in l.iter().chain(&r) {
                        th.of(&mut k, o).unwrap();
                    }
                    let general = th.combine(&l, &r).unwrap();
                    assert_eq!(closed, general, "{x} + {n}.up + *{m}");
                }
            }
        }
    }
}
