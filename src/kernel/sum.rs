//! Sums and negation, memoised losslessly by id, with number translation: a number's own
//! options never enter a sum with a non-number (seed 002 Theorem 5.6), and `x + H` for canonical
//! non-number H is `{x + H^L | x + H^R}` already in canonical form.

use super::arena::Kind;
use super::idmap::IdMap;
use super::{GameId, Kernel, KernelError};

impl Kernel {
    /// a + b, or an error when a closed form too large to open up meets a general game.
    pub fn add(&mut self, a: GameId, b: GameId) -> Result<GameId, KernelError> {
        if let Some(s) = self.small_sum(a, b) {
            return Ok(s);
        }
        if let (Some(x), Some(y)) = (self.arena.nus(a), self.arena.nus(b)) {
            let v = x.add(y);
            return Ok(self.nus_id(v));
        }
        let key = if a <= b {
            IdMap::pair(a, b)
        } else {
            IdMap::pair(b, a)
        };
        if let Some(s) = self.arena.sums.get(key) {
            return Ok(s);
        }
        // G + (−G) = 0. Canonical forms are interned, so b is −a exactly when the negatives'
        // table (filled by `negate`, both ways) says so; checked only when that is already
        // known, so no negative is built here. Without it, `{1|*4097} - {1|*4097}` built
        // {1|*4097} + *4097 through its 4,097 partial sums with *j, each simplified by
        // comparing its options pairwise: a minute, for a value that is 0 by definition.
        if self.arena.negs.get(u64::from(a.0)) == Some(b) {
            let z = self.zero();
            self.arena.sums.insert(key, z);
            return Ok(z);
        }
        self.spend()?;
        let (a, b) = if self.arena.is_number(b) {
            (b, a)
        } else {
            (a, b)
        };
        let s = if self.arena.is_number(a) {
            // Number translation: b is a canonical non-number and so is the result.
            let sb = self.ensure_options(b)?;
            let mut l = Vec::with_capacity(sb.nl);
            for i in 0..sb.nl {
                let x = self.arena.flat_at(sb.left(i));
                l.push(self.add(a, x)?);
            }
            let mut r = Vec::with_capacity(sb.nr);
            for i in 0..sb.nr {
                let x = self.arena.flat_at(sb.right(i));
                r.push(self.add(a, x)?);
            }
            self.arena.intern_opts(l, r)
        } else {
            self.check_expandable(a)?;
            self.check_expandable(b)?;
            // Options read by span from the append-only list: no copies of the option lists.
            let sa = self.ensure_options(a)?;
            let sb = self.ensure_options(b)?;
            let mut l = Vec::with_capacity(sa.nl + sb.nl);
            for i in 0..sa.nl {
                let x = self.arena.flat_at(sa.left(i));
                l.push(self.add(x, b)?);
            }
            for i in 0..sb.nl {
                let x = self.arena.flat_at(sb.left(i));
                l.push(self.add(a, x)?);
            }
            let mut r = Vec::with_capacity(sa.nr + sb.nr);
            for i in 0..sa.nr {
                let x = self.arena.flat_at(sa.right(i));
                r.push(self.add(x, b)?);
            }
            for i in 0..sb.nr {
                let x = self.arena.flat_at(sb.right(i));
                r.push(self.add(a, x)?);
            }
            self.canonical(l, r)?
        };
        self.arena.sums.insert(key, s);
        Ok(s)
    }

    /// a + b for two closed forms that fit machine words, when the sum is interned already:
    /// a ruleset's search adds and negates its parts' small numbers and infinitesimals
    /// millions of times, and the general sum builds big integers and hashes a `Nus` each
    /// time. `None` sends the sum to the general path, which interns it.
    #[inline]
    fn small_sum(&self, a: GameId, b: GameId) -> Option<GameId> {
        if self.arena.kind(a) == Kind::Opts || self.arena.kind(b) == Kind::Opts {
            return None;
        }
        let s = self.arena.small(a)?.add(self.arena.small(b)?)?;
        self.arena.small_ids.get(&s).copied()
    }

    /// Starts loading the memo entry [`Kernel::neg`] of `a` reads first, for a caller about
    /// to negate several games (a search's parts): their cache misses then overlap. A hint
    /// only: nothing is computed or changed.
    #[inline]
    pub fn prefetch_neg(&self, a: GameId) {
        if self.arena.kind(a) == Kind::Opts {
            self.arena.negs.prefetch(u64::from(a.0));
        }
    }

    /// Negation never fails: closed forms negate in closed form, and the negative of a
    /// canonical form is canonical, so no reduction is needed.
    pub(crate) fn negate(&mut self, a: GameId) -> GameId {
        if self.arena.kind(a) != Kind::Opts {
            // As in `small_sum`: machine words when the negative is interned already.
            let n = self.arena.small(a).map(|s| s.neg());
            if let Some(&id) = n.as_ref().and_then(|n| self.arena.small_ids.get(n)) {
                return id;
            }
        }
        if let Some(v) = self.arena.nus(a) {
            let v = v.neg();
            return self.nus_id(v);
        }
        if let Some(n) = self.arena.negs.get(u64::from(a.0)) {
            return n;
        }
        let (l, r) = self.arena.opts_vec(a);
        let nl: Vec<GameId> = r.iter().map(|&x| self.negate(x)).collect();
        let nr: Vec<GameId> = l.iter().map(|&x| self.negate(x)).collect();
        let n = self.arena.intern_opts(nl, nr);
        self.arena.negs.insert(u64::from(a.0), n);
        self.arena.negs.insert(u64::from(n.0), a);
        n
    }
}
