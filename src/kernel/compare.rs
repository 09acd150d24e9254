//! Order: `a ≤ b` by the definition (seed 002 Definition 2.5) with closed forms for
//! number-up-star pairs, number avoidance (seed 002 Theorem 5.6), and a lossless memo. The
//! recursion reads every answer already known for a game's options before it recurses on any.

use super::arena::{Kind, Quick};
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
        quick_le(self.arena.quick(a)?, self.arena.quick(b)?)
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
        self.le_open(a, b)
    }

    /// `a ≤ b` by the options, for a question that [`Kernel::le_known`] found unanswered.
    ///
    /// An answer that the first pass over the options' known answers settles (no recursion)
    /// goes to the memo's small lossy cache, not its lossless table: on the empty 5×6
    /// Domineering board 64 % of the answers were such, two thirds of them never read again,
    /// and working one out again costs a few look-ups. The lossless table then holds only the
    /// answers that needed a recursion, which are the costly ones to lose (one thread on the
    /// empty 6×6: peak 1.22 GB → 0.79 GB with all of them left out).
    pub(super) fn le_open(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        self.spend()?;
        let mut open = Open::default();
        let first = self.le_first(a, b, &mut open)?;
        if let Some(r) = first.settled {
            self.arena.les.insert_cheap(a, b, r);
            return Ok(r);
        }
        let r = self.le_rest(a, b, first, &mut open)?;
        self.arena.les.insert(a, b, r);
        Ok(r)
    }

    /// What is known of `a ≤ b` without opening either game: the fast checks, closed forms and
    /// the memo. `None` when only the recursion can tell.
    #[inline(always)]
    pub(super) fn le_known(&self, a: GameId, b: GameId) -> Option<bool> {
        if let Some(r) = self.le_fast(a, b) {
            return Some(r);
        }
        if let (Some(x), Some(y)) = (self.arena.nus(a), self.arena.nus(b)) {
            return Some(x.le(y));
        }
        self.arena.les.get(a, b)
    }

    /// `a ≤ b` by the options: no `a^L ≥ b` and no `b^R ≤ a`. A number's own options never need trying against a
    /// non-number (number avoidance), which also keeps huge numbers from being opened up.
    ///
    /// One refutation settles `a ≰ b` whichever it is (seed 002 Definition 2.5 asks for none
    /// of them), so every question that is answered already (stops, signatures, the memo) is
    /// read first, and only when none refutes does the recursion start, on the questions
    /// left open, likeliest refutation first ([`Open::likeliest_first`]). Among all-small
    /// games, where stops never decide, 59 % of the recursive questions on the 4×4 Kings
    /// board were refutations, and one that a later option's signature showed at once used
    /// to wait behind the whole recursion on the options before it: reading first cut Kings'
    /// recursions from 3.01 M to 2.57 M and the 4×4 Queens board's time by a tenth.
    ///
    /// This is the first pass, over the questions already answered: it settles `a ≤ b` when
    /// one of them refutes it or when all are answered and none does; else the questions left
    /// open are in `open` for [`Kernel::le_rest`].
    fn le_first(&mut self, a: GameId, b: GameId, open: &mut Open) -> Result<First, KernelError> {
        let a_opens = !self.arena.is_number(a);
        let b_opens = !self.arena.is_number(b);
        let mut first = First {
            a_opens,
            b_opens,
            b_seen: false,
            settled: None,
        };
        // The questions below, asked ahead so their memo misses overlap.
        if a_opens {
            if let Some(sp) = self.arena.span(a) {
                for i in 0..sp.nl {
                    self.arena.les.prefetch(b, self.arena.flat_at(sp.left(i)));
                }
            }
        }
        if b_opens {
            if let Some(sp) = self.arena.span(b) {
                for i in 0..sp.nr {
                    self.arena.les.prefetch(self.arena.flat_at(sp.right(i)), a);
                }
            }
        }
        if a_opens {
            let sp = self.ensure_options(a)?;
            for i in 0..sp.nl {
                let x = self.arena.flat_at(sp.left(i));
                if self.known_or_open(b, x, open) {
                    first.settled = Some(false);
                    return Ok(first);
                }
            }
        }
        // b's options are read here only if already open: opening a closed form can fail,
        // and the definition's order opens b only after a's options found no refutation.
        first.b_seen = b_opens && self.arena.span(b).is_some();
        if first.b_seen {
            if let Some(sp) = self.arena.span(b) {
                for i in 0..sp.nr {
                    let y = self.arena.flat_at(sp.right(i));
                    if self.known_or_open(y, a, open) {
                        first.settled = Some(false);
                        return Ok(first);
                    }
                }
            }
        }
        if open.pairs().is_empty() && !open.overflow && (first.b_seen || !b_opens) {
            first.settled = Some(true);
        }
        Ok(first)
    }

    /// The recursion on the questions [`Kernel::le_first`] left open, then the full loops
    /// where its list overflowed or b's options were not open.
    fn le_rest(
        &mut self,
        a: GameId,
        b: GameId,
        first: First,
        open: &mut Open,
    ) -> Result<bool, KernelError> {
        let First {
            a_opens,
            b_opens,
            b_seen,
            ..
        } = first;
        // Any one refutation settles a ≰ b, so the likeliest go first (with the same order in
        // the reversibility tests and the dominance pass's last dominator first, the 4×4
        // Kings board's units of work fell from 2.54 M to 1.79 M).
        open.likeliest_first(&self.arena);
        for &(p, q) in open.pairs() {
            if self.le_open(p, q)? {
                return Ok(false);
            }
        }
        // The full loops, when the open questions overflowed their list (answered ones
        // cost a look-up again) or b's options were not open.
        if open.overflow && a_opens {
            let sp = self.ensure_options(a)?;
            for i in 0..sp.nl {
                let x = self.arena.flat_at(sp.left(i));
                if self.le(b, x)? {
                    return Ok(false);
                }
            }
        }
        if b_opens && (open.overflow || !b_seen) {
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

    /// Whether `p ≤ q` is known true; a question nothing answers yet goes on `open`.
    #[inline]
    pub(super) fn known_or_open(&self, p: GameId, q: GameId, open: &mut Open) -> bool {
        match self.le_known(p, q) {
            Some(r) => r,
            None => {
                open.push(p, q);
                false
            }
        }
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

    /// `G ≤ h` for the game G = {gl | gr} that is not built yet and is known not to be a number;
    /// `gq` is G's stops and signature (as [`super::arena::Arena::stops_of_options`] and
    /// `sig_of_options` give them), which settle most questions, at every depth of the
    /// recursion, before any option is opened.
    pub(crate) fn virt_le(
        &mut self,
        gl: &[GameId],
        gr: &[GameId],
        gq: Quick,
        h: GameId,
    ) -> Result<bool, KernelError> {
        if let Some(d) = self.arena.quick(h).and_then(|hq| quick_le(gq, hq)) {
            return Ok(d);
        }
        // Known refutations first, as in `le_first`.
        let mut open = Open::default();
        for &x in gl {
            if self.known_or_open(h, x, &mut open) {
                return Ok(false);
            }
        }
        open.likeliest_first(&self.arena);
        for &(p, q) in open.pairs() {
            if self.le_open(p, q)? {
                return Ok(false);
            }
        }
        if open.overflow {
            for &x in gl {
                if self.le(h, x)? {
                    return Ok(false);
                }
            }
        }
        if !self.arena.is_number(h) {
            let sp = self.ensure_options(h)?;
            for i in 0..sp.nr {
                let y = self.arena.flat_at(sp.right(i));
                if self.virt_ge(gl, gr, gq, y)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// `h ≤ G` for the unbuilt non-number G = {gl | gr}, `gq` as for [`Kernel::virt_le`].
    pub(crate) fn virt_ge(
        &mut self,
        gl: &[GameId],
        gr: &[GameId],
        gq: Quick,
        h: GameId,
    ) -> Result<bool, KernelError> {
        if let Some(d) = self.arena.quick(h).and_then(|hq| quick_le(hq, gq)) {
            return Ok(d);
        }
        let mut open = Open::default();
        for &y in gr {
            if self.known_or_open(y, h, &mut open) {
                return Ok(false);
            }
        }
        open.likeliest_first(&self.arena);
        for &(p, q) in open.pairs() {
            if self.le_open(p, q)? {
                return Ok(false);
            }
        }
        if open.overflow {
            for &y in gr {
                if self.le(y, h)? {
                    return Ok(false);
                }
            }
        }
        if !self.arena.is_number(h) {
            let sp = self.ensure_options(h)?;
            for i in 0..sp.nl {
                let x = self.arena.flat_at(sp.left(i));
                if self.virt_le(gl, gr, gq, x)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}

/// `a ≤ b` when the stops and signatures of a and b settle it, else `None`. Both are
/// functions of the value, so this holds as well for a game not built yet (the
/// reversibility tests' G) as for a stored one.
#[inline(always)]
pub(super) fn quick_le(qa: Quick, qb: Quick) -> Option<bool> {
    // Stops are monotone, so a stop of a above the same stop of b settles a ≰ b; and a
    // number x with LS(a) < x < RS(b) lies above a and below b, so LS(a) < RS(b) settles
    // a < b (seed 002 §5, stops). Most comparisons end here, without the memo.
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

/// What [`Kernel::le_first`] found: whether each game is opened, whether b's options were
/// read, and the answer if the known answers settled it.
#[derive(Clone, Copy)]
pub(super) struct First {
    a_opens: bool,
    b_opens: bool,
    b_seen: bool,
    settled: Option<bool>,
}

/// How many open questions [`Open`] holds before it overflows.
const OPEN_MAX: usize = 24;

/// The questions `p ≤ q` a first pass over known answers left open, for the recursion to
/// take up after it: on the stack (no allocation in a routine that runs millions of times),
/// and when more than [`OPEN_MAX`] are open the caller's full loop runs instead, so nothing
/// is ever dropped.
pub(super) struct Open {
    pairs: [(GameId, GameId); OPEN_MAX],
    len: usize,
    /// Whether a question did not fit.
    pub(super) overflow: bool,
}

impl Default for Open {
    fn default() -> Self {
        Open {
            pairs: [(GameId(0), GameId(0)); OPEN_MAX],
            len: 0,
            overflow: false,
        }
    }
}

impl Open {
    #[inline]
    fn push(&mut self, p: GameId, q: GameId) {
        match self.pairs.get_mut(self.len) {
            Some(slot) => {
                *slot = (p, q);
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// The open questions, in the order they were met.
    pub(super) fn pairs(&self) -> &[(GameId, GameId)] {
        self.pairs.get(..self.len).unwrap_or(&[])
    }

    /// Puts the questions `p ≤ q` likeliest true first, for a caller that stops at the first
    /// true one (a refutation): by the gap between q's and p's signature heights, greatest
    /// first, the order met among equal gaps. An open question has a gap of 0 or more (p ≤ q
    /// puts every reference below p below q and every one above q above p), and a wider gap
    /// leaves more room for p ≤ q. A heuristic: only the order of the questions changes, and
    /// with it which answers the memo holds, never an answer.
    pub(super) fn likeliest_first(&mut self, arena: &super::arena::Arena) {
        if self.len < 2 {
            return;
        }
        let Some(ps) = self.pairs.get_mut(..self.len) else {
            return;
        };
        // Each gap worked out once, from the heights the arena keeps, and moved with its
        // question by a stable insertion sort (a few questions are open at a time): a sort by
        // key counted both signatures' bits at every comparison, 4 % of the 4×4 Kings board's
        // instructions.
        let h = |g: GameId| arena.height(g);
        let mut gaps = [0i32; OPEN_MAX];
        for (gap, &(p, q)) in gaps.iter_mut().zip(ps.iter()) {
            *gap = h(q) - h(p);
        }
        for i in 1..ps.len() {
            let mut j = i;
            while let (Some(&before), Some(&here)) = (gaps.get(j.wrapping_sub(1)), gaps.get(j)) {
                if before >= here {
                    break;
                }
                gaps.swap(j - 1, j);
                ps.swap(j - 1, j);
                j -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::{Dyadic, Nimber};
    use num_bigint::BigInt;

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The questions come out as a stable sort by the signature-height gap, widest first,
    /// would put them (the order met kept among equal gaps), for lists of every length up to
    /// the limit and games of many heights, repeated pairs included.
    #[test]
    fn likeliest_first_is_the_stable_order_by_gap() {
        let mut k = Kernel::new();
        let mut pool: Vec<GameId> = Vec::new();
        for up in -6i64..=6 {
            for nim in 0u64..3 {
                pool.push(k.nus(&Dyadic::from(0), &BigInt::from(up), &Nimber::from(nim)));
            }
        }
        let mut seed = 0x1234_5678_9abc_def1u64;
        for _ in 0..60 {
            let n = pool.len() as u64;
            let pick = |s: &mut u64| pool[(next(s) % n) as usize];
            let (l, r) = (
                vec![pick(&mut seed), pick(&mut seed)],
                vec![pick(&mut seed)],
            );
            if let Ok(g) = k.from_options(&l, &r) {
                pool.push(g);
            }
        }
        let h = |k: &Kernel, g: GameId| k.arena.sig(g).map_or(0, crate::kernel::sig::height);
        let gaps: Vec<i32> = pool
            .iter()
            .flat_map(|&p| pool.iter().map(move |&q| (p, q)))
            .map(|(p, q)| h(&k, q) - h(&k, p))
            .collect();
        // The pool spans many gaps, so the sort has work to do.
        assert!(gaps.iter().max() > Some(&4) && gaps.iter().min() < Some(&-4));
        for round in 0..2000 {
            let len = round % (OPEN_MAX + 1);
            let mut open = Open::default();
            let mut want: Vec<(GameId, GameId)> = Vec::new();
            for _ in 0..len {
                let n = pool.len() as u64;
                let p = pool[(next(&mut seed) % n) as usize];
                let q = pool[(next(&mut seed) % n) as usize];
                open.push(p, q);
                want.push((p, q));
            }
            want.sort_by_key(|&(p, q)| std::cmp::Reverse(h(&k, q) - h(&k, p)));
            open.likeliest_first(&k.arena);
            assert_eq!(open.pairs(), want.as_slice());
            assert!(!open.overflow);
        }
    }
}
