//! Properties read off a canonical form: stops and birthday, memoised since both recurse over
//! the whole form.

use super::{GameId, Kernel};
use crate::number::Dyadic;
use num_bigint::BigInt;
use num_traits::One;

impl Kernel {
    /// (left stop, right stop). A non-closed-form canonical game is never a number, so its
    /// stops come from its options; both sides are non-empty, since `{L|}` is an integer.
    pub(crate) fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(v) = self.arena.nus(g) {
            return (v.number.clone(), v.number.clone());
        }
        if let Some(s) = self.arena.stops.get(&g) {
            return s.clone();
        }
        let (l, r) = self.arena.opts_vec(g);
        let mut ls: Option<Dyadic> = None;
        for &x in l.iter() {
            let s = self.stops(x).1;
            if ls.as_ref().is_none_or(|m| s > *m) {
                ls = Some(s);
            }
        }
        let mut rs: Option<Dyadic> = None;
        for &x in r.iter() {
            let s = self.stops(x).0;
            if rs.as_ref().is_none_or(|m| s < *m) {
                rs = Some(s);
            }
        }
        let out = (ls.unwrap_or_default(), rs.unwrap_or_default());
        self.arena.stops.insert(g, out.clone());
        out
    }

    pub(crate) fn birthday_of(&mut self, g: GameId) -> BigInt {
        if let Some(v) = self.arena.nus(g) {
            return v.birthday();
        }
        if let Some(b) = self.arena.birthdays.get(&g) {
            return b.clone();
        }
        let (l, r) = self.arena.opts_vec(g);
        let mut best = BigInt::from(0);
        for &x in l.iter().chain(r.iter()) {
            let b = self.birthday_of(x);
            if b > best {
                best = b;
            }
        }
        let b = best + BigInt::one();
        self.arena.birthdays.insert(g, b.clone());
        b
    }
}
