//! Linked games and distinguishers (Conway, ONAG ch. 12, the theorems behind "simplest forms
//! that differ are different games"; CGSuite's `IsLinkedTo`, `Link`, `Distinguisher`).
//!
//! G is *linked* to H when some T makes both G + T and H + T misère P-positions. For simplest
//! forms, G and H are linked exactly when neither is an option of the other, and the proof
//! builds T: its options are, for each G', a game X with G' + X a P-position and H + X an
//! N-position, and for each H' one the other way round. Then every option G' + T of G + T has
//! the P-position G' + X as an option, and every G + X has one too (G' + X, or X was chosen so
//! that G + X is an N-position); so G + T, and likewise H + T, is a P-position. If H were an
//! option of G, G + T would have H + T as an option, so no T links them.
//!
//! A *P-N distinguisher* of G from H (G ≠ H) is a T with G + T a P-position and H + T an
//! N-position. Some option of one is linked to the other (else G and H would be equal), and
//! a game D linking G' to H tells G and H apart (G + D has the P-position G' + D as an
//! option, H + D is one). If G + D is the N-position, T = {mates of G's options, D} turns it
//! round: G' + G'⁻ is always a P-position, so G + T is one, and H + T has H + D.
//!
//! Each construction is checked by computing the outcomes of the sums it promises; a
//! failure is an error, never a wrong answer. The options are visited in CGSuite's printed
//! order, so the games found are the same each time.

use super::notation;
use super::{MId, Misere};
use crate::kernel::KernelError;
use std::collections::HashMap;

/// The games found so far, so the recursion meets each pair once.
#[derive(Default)]
pub struct Links {
    link: HashMap<(MId, MId), Option<MId>>,
    pn: HashMap<(MId, MId), MId>,
}

fn broken(what: &str) -> KernelError {
    KernelError::TooLarge {
        what: format!("a misère {what} that failed its own check (please report this)"),
    }
}

impl Links {
    /// Whether `g` is linked to `h` (both simplest forms).
    pub fn is_linked(&mut self, m: &Misere, g: MId, h: MId) -> bool {
        !(m.has_option(g, h) || m.has_option(h, g))
    }

    /// A game T with G + T and H + T both misère P-positions, or `None` when G and H are not
    /// linked.
    pub fn link(&mut self, m: &mut Misere, g: MId, h: MId) -> Result<Option<MId>, KernelError> {
        let key = (g.min(h), g.max(h));
        if let Some(&t) = self.link.get(&key) {
            return Ok(t);
        }
        m.tick()?;
        let t = if g == MId(0) && h == MId(0) {
            Some(m.heap(1)?)
        } else if !self.is_linked(m, g, h) {
            None
        } else {
            let mut opts = Vec::new();
            for gp in notation::sorted_options(m, g)? {
                opts.push(self.distinguisher(m, gp, h)?);
            }
            for hp in notation::sorted_options(m, h)? {
                opts.push(self.distinguisher(m, hp, g)?);
            }
            let t = m.game(opts)?;
            let (a, b) = (m.add(g, t)?, m.add(h, t)?);
            if m.gminus(a) != 0 || m.gminus(b) != 0 {
                return Err(broken("link"));
            }
            Some(t)
        };
        self.link.insert(key, t);
        Ok(t)
    }

    /// A game T with G + T a misère P-position and H + T an N-position (G ≠ H), or `None`
    /// when G = H.
    pub fn distinguisher_pn(
        &mut self,
        m: &mut Misere,
        g: MId,
        h: MId,
    ) -> Result<Option<MId>, KernelError> {
        if g == h {
            return Ok(None);
        }
        self.distinguisher(m, g, h).map(Some)
    }

    fn distinguisher(&mut self, m: &mut Misere, g: MId, h: MId) -> Result<MId, KernelError> {
        if let Some(&t) = self.pn.get(&(g, h)) {
            return Ok(t);
        }
        m.tick()?;
        let d = self.any_distinguisher(m, g, h)?;
        let gd = m.add(g, d)?;
        let t = if m.gminus(gd) == 0 {
            d
        } else {
            let mut opts = Vec::new();
            for gp in notation::sorted_options(m, g)? {
                opts.push(m.mate(gp)?);
            }
            opts.push(d);
            m.game(opts)?
        };
        let (a, b) = (m.add(g, t)?, m.add(h, t)?);
        if m.gminus(a) != 0 || m.gminus(b) == 0 {
            return Err(broken("distinguisher"));
        }
        self.pn.insert((g, h), t);
        Ok(t)
    }

    /// A game D such that G + D and H + D have different misère outcomes (G ≠ H).
    fn any_distinguisher(&mut self, m: &mut Misere, g: MId, h: MId) -> Result<MId, KernelError> {
        let zero = MId(0);
        if (g == zero && m.gminus(h) == 0) || (h == zero && m.gminus(g) == 0) {
            return Ok(zero);
        }
        for gp in notation::sorted_options(m, g)? {
            if let Some(t) = self.link(m, h, gp)? {
                return Ok(t);
            }
        }
        for hp in notation::sorted_options(m, h)? {
            if let Some(t) = self.link(m, g, hp)? {
                return Ok(t);
            }
        }
        Err(broken("distinguisher"))
    }
}
