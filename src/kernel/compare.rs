//! Order: `a ≤ b` by the definition (seed 002 Definition 2.5) with closed forms for
//! number-up-star pairs, number avoidance (seed 002 Theorem 5.6), and a lossless memo.

use super::{GameId, Kernel, KernelError};

impl Kernel {
    /// `a ≤ b`, or an error if a closed form too large to open up meets a general game.
    pub fn try_le(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        if a == b {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (self.arena.nus(a), self.arena.nus(b)) {
            return Ok(x.le(y));
        }
        if let Some(&r) = self.arena.les.get(&(a, b)) {
            return Ok(r);
        }
        let r = self.le_by_options(a, b)?;
        self.arena.les.insert((a, b), r);
        Ok(r)
    }

    /// No `a^L ≥ b` and no `b^R ≤ a`. A number's own options never need trying against a
    /// non-number (number avoidance), which also keeps huge numbers from being opened up.
    fn le_by_options(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        let a_num = self.arena.is_number(a);
        let b_num = self.arena.is_number(b);
        if !a_num {
            let (al, _) = self.options(a)?;
            for x in al {
                if self.try_le(b, x)? {
                    return Ok(false);
                }
            }
        }
        if !b_num {
            let (_, br) = self.options(b)?;
            for y in br {
                if self.try_le(y, a)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The relation between a and b, or an error as for [`Kernel::try_le`].
    pub fn try_compare(&mut self, a: GameId, b: GameId) -> Result<super::Relation, KernelError> {
        use super::Relation::*;
        if a == b {
            return Ok(Equal);
        }
        let ab = self.try_le(a, b)?;
        let ba = self.try_le(b, a)?;
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
            if self.try_le(h, x)? {
                return Ok(false);
            }
        }
        if !self.arena.is_number(h) {
            let (_, hr) = self.options(h)?;
            for y in hr {
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
            if self.try_le(y, h)? {
                return Ok(false);
            }
        }
        if !self.arena.is_number(h) {
            let (hl, _) = self.options(h)?;
            for x in hl {
                if self.virt_le(gl, gr, x)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}
