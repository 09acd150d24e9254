//! Heap games in misère play: the misère canonical form of a heap of an octal game (Kayles is
//! `0.77`, Dawson's Kayles `0.07`; `rulesets::octal` reads codes and lists moves).
//!
//! In misère play a heap is not worth a nimber, so a heap of n is the game whose options are
//! the sums of the heaps each move leaves, each sum taken in misère play ([`Misere::add`]);
//! heaps are computed from 0 up and kept.

use super::{MId, Misere};
use crate::kernel::KernelError;
use crate::rulesets::octal::OctalCode;

/// The misère canonical forms of the heaps of one octal game.
pub struct Heaps {
    code: OctalCode,
    forms: Vec<MId>,
}

impl Heaps {
    /// No heap computed yet.
    pub fn new(code: OctalCode) -> Self {
        Heaps {
            code,
            forms: Vec::new(),
        }
    }

    /// The heap of `n` tokens.
    pub fn heap(&mut self, m: &mut Misere, n: usize) -> Result<MId, KernelError> {
        while self.forms.len() <= n {
            let k = self.forms.len();
            let mut opts = Vec::new();
            for mv in self.code.moves(k) {
                let parts: Vec<MId> = mv.iter().map(|&h| self.forms[h]).collect();
                opts.push(m.sum(&parts)?);
            }
            let g = m.game(opts)?;
            self.forms.push(g);
        }
        Ok(self.forms[n])
    }
}
