//! Order: `a ≤ b` by the definition (seed 002 Definition 2.5) with closed forms for
//! number-up-star pairs, number avoidance (seed 002 Theorem 5.6), and a lossless memo.

use super::arena::Kind;
use super::{GameId, Kernel, KernelError};

impl Kernel {
    /// `a ≤ b`, or an error if a closed form too large to open up meets a general game.
    #[inline]
    pub fn le(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        match self.le_fast(a, b) {
            Some(r) => Ok(r),
            None => self.le_slow(a, b),
        }
    }

    /// The checks that need neither the memo nor the options: identity, closed forms in
    /// machine words, stops, and signatures (`super::sig`).
    #[inline(always)]
    fn le_fast(&self, a: GameId, b: GameId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if self.arena.kind(a) != Kind::Opts && self.arena.kind(b) != Kind::Opts {
            if let (Some(x), Some(y)) = (self.arena.small(a), self.arena.small(b)) {
                return Some(x.le(y));
            }
        }
        // Stops are monotone, so a stop of a above the same stop of b settles a ≰ b; and a
        // number x with LS(a) < x < RS(b) lies above a and below b, so LS(a) < RS(b) settles
        // a < b (seed 002 §5, stops). Most comparisons end here, without the memo.
        let (qa, qb) = (self.arena.quick(a)?, self.arena.quick(b)?);
        if let (Some((al, ar)), Some((bl, br))) = (qa.stops, qb.stops) {
            if al > bl || ar > br {
                return Some(false);
            }
            if al < br {
                return Some(true);
            }
        }
        // Among games whose stops agree (infinitesimals above all), their order against the
        // references of `sig` settles most questions.
        super::sig::decide(qa.sig, qb.sig)
    }

    /// Closed forms beyond machine words, then the memo, then the options.
    #[inline(never)]
    fn le_slow(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        if let (Some(x), Some(y)) = (self.arena.nus(a), self.arena.nus(b)) {
            return Ok(x.le(y));
        }
        if let Some(r) = self.arena.les.get(a, b) {
            return Ok(r);
        }
        self.spend()?;
        let r = self.le_by_options(a, b)?;
        self.arena.les.insert(a, b, r);
        Ok(r)
    }

    /// No `a^L ≥ b` and no `b^R ≤ a`. A number's own options never need trying against a
    /// non-number (number avoidance), which also keeps huge numbers from being opened up.
    fn le_by_options(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        // The questions below, asked ahead so their memo misses overlap.
        if !self.arena.is_number(a) {
            if let Some(sp) = self.arena.span(a) {
                for i in 0..sp.nl {
                    self.arena.les.prefetch(b, self.arena.flat_at(sp.left(i)));
                }
            }
        }
        if !self.arena.is_number(b) {
            if let Some(sp) = self.arena.span(b) {
                for i in 0..sp.nr {
                    self.arena.les.prefetch(self.arena.flat_at(sp.right(i)), a);
                }
            }
        }
        if !self.arena.is_number(a) {
            let sp = self.ensure_options(a)?;
            for i in 0..sp.nl {
                let x = self.arena.flat_at(sp.left(i));
                if self.le(b, x)? {
                    return Ok(false);
                }
            }
        }
        if !self.arena.is_number(b) {
            let sp = self.ensure_options(b)?;
            for i in 0..sp.nr {
                let y = self.arena.flat_at(sp.right(i));
                if self.le(y, a)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The relation between a and b, or an error as for [`Kernel::le`].
    pub fn compare(&mut self, a: GameId, b: GameId) -> Result<super::Relation, KernelError> {
        use super::Relation::*;
        if a == b {
            return Ok(Equal);
        }
        let ab = self.le(a, b)?;
        let ba = self.le(b, a)?;
        Ok(match (ab, ba) {
            (true, true) => Equal,
            (true, false) => Less,
            (false, true) => Greater,
            (false, false) => Fuzzy,
        })
    }

    /// `G ≤ h` for the game G = {gl | gr} that is not built yet and is known not to be a number.
    pub(crate) fn virt_le(
        &mut self,
        gl: &[GameId],
        gr: &[GameId],
        h: GameId,
    ) -> Result<bool, KernelError> {
        for &x in gl {
            if self.le(h, x)? {
                return Ok(false);
            }
        }
        if !self.arena.is_number(h) {
            let sp = self.ensure_options(h)?;
            for i in 0..sp.nr {
                let y = self.arena.flat_at(sp.right(i));
                if self.virt_ge(gl, gr, y)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// `h ≤ G` for the unbuilt non-number G = {gl | gr}.
    pub(crate) fn virt_ge(
        &mut self,
        gl: &[GameId],
        gr: &[GameId],
        h: GameId,
    ) -> Result<bool, KernelError> {
        for &y in gr {
            if self.le(y, h)? {
                return Ok(false);
            }
        }
        if !self.arena.is_number(h) {
            let sp = self.ensure_options(h)?;
            for i in 0..sp.nl {
                let x = self.arena.flat_at(sp.left(i));
                if self.virt_le(gl, gr, x)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}
