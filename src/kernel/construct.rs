//! Canonical form from options (seed 002 Definitions 2.18–2.25): a number test by the
//! simplicity theorem first, then reversible options bypassed on the unpruned lists, dominated
//! options deleted, and finally recognition of number-up-star shapes so that closed forms stay
//! closed.

use super::arena::{Kind, Nus, Quick};
use super::{GameId, Kernel, KernelError};
use crate::number::{mex, Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

impl Kernel {
    /// `{left | right}` when these options are exactly its canonical form's (none repeated,
    /// dominated or reversible; order free), else `None`: how a written game is known to be
    /// canonical already.
    pub fn canonical_game(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>, KernelError> {
        let g = self.from_options(left, right)?;
        let same = |a: &[GameId], b: Vec<GameId>| {
            let mut a = a.to_vec();
            let n = a.len();
            a.sort();
            a.dedup();
            let mut b = b;
            b.sort();
            n == a.len() && a == b
        };
        let (cl, cr) = (self.left_options(g)?, self.right_options(g)?);
        Ok((same(left, cl) && same(right, cr)).then_some(g))
    }

    /// The canonical game `{left | right}`, or an error when an option is a closed form too
    /// large to open up (for example `*2^1000` as an option that must be bypassed).
    pub fn from_options(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, KernelError> {
        self.canonical(left.to_vec(), right.to_vec())
    }

    /// The game whose canonical options are `left` and `right`, interned as they are, with
    /// none of [`Kernel::from_options`]'s checks: for a canonical form carried over from
    /// another kernel option by option (the threads of one search), where the checks would
    /// redo the other kernel's work. The caller vouches that the lists are exactly a canonical
    /// form's (no option dominated or reversible) and that the game is not a number-up-star
    /// value (those are carried as closed forms); the ids' order is free.
    pub(crate) fn intern_canonical(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> Result<GameId, KernelError> {
        self.spend()?;
        Ok(self.arena.intern_opts(left, right))
    }

    /// [`Kernel::from_options`] on owned lists.
    pub(crate) fn canonical(
        &mut self,
        mut l: Vec<GameId>,
        mut r: Vec<GameId>,
    ) -> Result<GameId, KernelError> {
        self.spend()?;
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(m) = self.mex_shortcut(&l, &r) {
            return Ok(self.nus_id(Nus::new(Dyadic::zero(), BigInt::zero(), m)));
        }
        if let Some(x) = self.number_value_of(&l, &r)? {
            return Ok(self.nus_id(Nus::new(x, BigInt::zero(), Nimber::zero())));
        }
        // Dominated options first: they are most of a ruleset position's options, and every
        // reversibility test below loops over both lists. Deleting them keeps the value, and
        // bypassing cannot make an option dominated that was not, except by the options it
        // brings in, hence the second pass.
        let mut l = self.undominated(&l, true)?;
        let mut r = self.undominated(&r, false)?;
        // G's stops and signature: bypassing keeps G's value, so they hold for every list the
        // bypasses pass through, and they settle most tests `y ≤ G` before any option is
        // opened.
        let gq = Quick {
            stops: self.arena.stops_of_options(&l, &r),
            sig: self.arena.sig_of_options(&l, &r),
        };
        let bypassed_left = self.bypass_left(&mut l, &r, gq)?;
        let bypassed_right = self.bypass_right(&l, &mut r, gq)?;
        // Without a bypass the lists are those of the first pass, already undominated.
        if bypassed_left {
            l = self.undominated(&l, true)?;
        }
        if bypassed_right {
            r = self.undominated(&r, false)?;
        }
        if let Some(v) = self.recognise_nus(&l, &r)? {
            return Ok(self.nus_id(v));
        }
        Ok(self.arena.intern_opts(l, r))
    }

    /// When every option is a nimber and both sides have the same mex m, the game is *m
    /// (a move to *j with j ≠ m is answered by the opponent's move to *j on the other side),
    /// which also spares opening up huge nimbers: `{*2^1000 | *2^1000}` is 0 at once.
    fn mex_shortcut(&self, l: &[GameId], r: &[GameId]) -> Option<Nimber> {
        // The kind bytes first: a ruleset position's options are mostly explicit games, and
        // reading each closed form's record (and cloning its nimber) before meeting one cost
        // an allocation a game.
        if l.iter().chain(r).any(|&g| self.arena.kind(g) == Kind::Opts) {
            return None;
        }
        let nim = |g: &GameId| self.as_nimber(*g);
        let ln: Vec<Nimber> = l.iter().map(nim).collect::<Option<_>>()?;
        let rn: Vec<Nimber> = r.iter().map(nim).collect::<Option<_>>()?;
        let (ml, mr) = (mex(&ln), mex(&rn));
        (ml == mr).then_some(ml)
    }

    /// The number `{l | r}` equals, if any: by the simplicity theorem it is the simplest x with
    /// every Left option ⊲ x ⊲ every Right option. Those x form an interval whose interior is
    /// (max right stop of the Left options, min left stop of the Right options), so only the
    /// simplest interior number and the two ends need testing.
    fn number_value_of(
        &mut self,
        l: &[GameId],
        r: &[GameId],
    ) -> Result<Option<Dyadic>, KernelError> {
        // The same refusal in machine words first, when every stop fits one: most hot games
        // end here without building a big-integer stop.
        let lo = l.iter().try_fold(None, |m: Option<i64>, &g| {
            let s = self.arena.fast_stops(g)?.1;
            Some(Some(m.map_or(s, |m| m.max(s))))
        });
        let hi = r.iter().try_fold(None, |m: Option<i64>, &g| {
            let s = self.arena.fast_stops(g)?.0;
            Some(Some(m.map_or(s, |m| m.min(s))))
        });
        if let (Some(Some(lo)), Some(Some(hi))) = (lo, hi) {
            if lo > hi {
                return Ok(None);
            }
        }
        // When every stop fits a machine word the ends are read off the words (scaled by
        // 2^32): an all-small ruleset position (Clobber, Kings) has every stop 0 and gets here
        // for each of its millions of parts, where the big-integer stops cost a map look-up
        // and two clones an option.
        let unscaled = |s: i64| Dyadic::new(BigInt::from(s), 32);
        let (lo, hi) = match (lo, hi) {
            (Some(lo), Some(hi)) => (lo.map(unscaled), hi.map(unscaled)),
            _ => {
                let mut lo: Option<Dyadic> = None;
                for &g in l {
                    let s = self.right_stop(g);
                    if lo.as_ref().is_none_or(|m| s > *m) {
                        lo = Some(s);
                    }
                }
                let mut hi: Option<Dyadic> = None;
                for &g in r {
                    let s = self.left_stop(g);
                    if hi.as_ref().is_none_or(|m| s < *m) {
                        hi = Some(s);
                    }
                }
                (lo, hi)
            }
        };
        if let (Some(a), Some(b)) = (&lo, &hi) {
            if a > b {
                return Ok(None);
            }
        }
        let mut cands: Vec<Dyadic> = Vec::new();
        if let Some(s) = Dyadic::simplest_between(lo.as_ref(), hi.as_ref()) {
            cands.push(s);
        }
        cands.extend(lo.iter().cloned());
        // Equal ends (every stop 0 in an all-small game) are one candidate, tested once.
        cands.extend(hi.into_iter().filter(|h| lo.as_ref() != Some(h)));
        let mut best: Option<(BigInt, Dyadic)> = None;
        for x in cands {
            let bx = x.birthday();
            if best.as_ref().is_some_and(|(b, _)| *b <= bx) {
                continue;
            }
            let xid = self.nus_id(Nus::new(x.clone(), BigInt::zero(), Nimber::zero()));
            let mut ok = true;
            for &g in l {
                if self.le(xid, g)? {
                    ok = false;
                    break;
                }
            }
            if ok {
                for &g in r {
                    if self.le(g, xid)? {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                best = Some((bx, x));
            }
        }
        Ok(best.map(|(_, x)| x))
    }

    /// Replaces each Left option x with a Right option y ≤ G by y's Left options; whether
    /// any was replaced. `gq` is G's stops and signature, which settle most tests without
    /// the recursion ([`super::compare::quick_le`]).
    fn bypass_left(
        &mut self,
        l: &mut Vec<GameId>,
        r: &[GameId],
        gq: Quick,
    ) -> Result<bool, KernelError> {
        let mut bypassed = false;
        let mut i = 0;
        'outer: while i < l.len() {
            let Some(&x) = l.get(i) else { break };
            let sx = self.ensure_options(x)?;
            for j in 0..sx.nr {
                let y = self.arena.flat_at(sx.right(j));
                let reversible = self.virt_ge(l, r, gq, y)?;
                if reversible {
                    let sy = self.ensure_options(y)?;
                    l.remove(i);
                    bypassed = true;
                    for k in 0..sy.nl {
                        let z = self.arena.flat_at(sy.left(k));
                        if !l.contains(&z) {
                            l.push(z);
                        }
                    }
                    continue 'outer;
                }
            }
            i += 1;
        }
        Ok(bypassed)
    }

    /// Replaces each Right option x with a Left option y ≥ G by y's Right options; whether
    /// any was replaced. `gq` as for [`Kernel::bypass_left`], mirrored.
    fn bypass_right(
        &mut self,
        l: &[GameId],
        r: &mut Vec<GameId>,
        gq: Quick,
    ) -> Result<bool, KernelError> {
        let mut bypassed = false;
        let mut i = 0;
        'outer: while i < r.len() {
            let Some(&x) = r.get(i) else { break };
            let sx = self.ensure_options(x)?;
            for j in 0..sx.nl {
                let y = self.arena.flat_at(sx.left(j));
                let reversible = self.virt_le(l, r, gq, y)?;
                if reversible {
                    let sy = self.ensure_options(y)?;
                    r.remove(i);
                    bypassed = true;
                    for k in 0..sy.nr {
                        let z = self.arena.flat_at(sy.right(k));
                        if !r.contains(&z) {
                            r.push(z);
                        }
                    }
                    continue 'outer;
                }
            }
            i += 1;
        }
        Ok(bypassed)
    }

    /// Keeps the options not dominated by another (Left keeps maxima, Right minima). The
    /// options are distinct values, so the survivors are found in one pass that compares each
    /// option with the survivors so far (a few) rather than with every other option: an
    /// option below a survivor is dropped (the survivor, or whatever later drops it, dominates
    /// it), and an option that survives drops the survivors below it.
    fn undominated(&mut self, opts: &[GameId], left: bool) -> Result<Vec<GameId>, KernelError> {
        // Likely dominators first: the options sorted by a rank that the order respects (for
        // Left, y ≤ x gives rank(x) ≤ rank(y) in every component: higher stops first, then,
        // among equal stops as in an all-small game, a greater signature height), so a
        // dominated option mostly meets a survivor above it at once instead of surviving a
        // while and costing a comparison with each later option. The buffers are the
        // kernel's, kept between calls: this runs for every canonical form.
        let mut order = std::mem::take(&mut self.dominance_order);
        let mut keep = std::mem::take(&mut self.dominance_keep);
        order.clear();
        keep.clear();
        order.extend(
            opts.iter()
                .map(|&g| rank(self.arena.quick(g), self.arena.height(g), left, g)),
        );
        order.sort_unstable();
        let found = self.survivors(&order, &mut keep, left);
        let out = found.map(|()| {
            let mut out: Vec<GameId> = keep.iter().map(|r| r.id).collect();
            out.sort_unstable();
            out
        });
        self.dominance_order = order;
        self.dominance_keep = keep;
        out
    }

    /// [`Kernel::undominated`]'s pass over the ranked options, leaving the survivors in `keep`.
    fn survivors(
        &mut self,
        order: &[Ranked],
        keep: &mut Vec<Ranked>,
        left: bool,
    ) -> Result<(), KernelError> {
        'next: for &x in order {
            // Both questions about each survivor, asked ahead so their memo misses overlap.
            for y in keep.iter() {
                self.arena.les.prefetch(x.id, y.id);
                self.arena.les.prefetch(y.id, x.id);
            }
            // A survivor known to dominate x (signature, memo) drops it before any recursion.
            let mut open = super::compare::Open::default();
            for (i, y) in keep.iter().enumerate() {
                let (p, q) = if left { (x.id, y.id) } else { (y.id, x.id) };
                if self.known_or_open(p, q, &mut open) {
                    to_front(keep, i);
                    continue 'next;
                }
            }
            for &(p, q) in open.pairs() {
                if self.le_open(p, q)? {
                    let d = if left { q } else { p };
                    if let Some(i) = keep.iter().position(|r| r.id == d) {
                        to_front(keep, i);
                    }
                    continue 'next;
                }
            }
            if open.overflow {
                for y in keep.iter() {
                    let d = if left {
                        self.le(x.id, y.id)?
                    } else {
                        self.le(y.id, x.id)?
                    };
                    if d {
                        continue 'next;
                    }
                }
            }
            // x survives; it drops the survivors it dominates. A survivor y came first, so
            // rank(y) ≤ rank(x); x dominating y would give rank(x) ≤ rank(y) componentwise,
            // so only a survivor of the same rank can be dominated (when both ranks are
            // exact), and the others are passed without a question.
            let mut i = 0;
            while i < keep.len() {
                let Some(&y) = keep.get(i) else { break };
                let d = if x.exact && y.exact && y.key != x.key {
                    false
                } else if left {
                    self.le(y.id, x.id)?
                } else {
                    self.le(x.id, y.id)?
                };
                if d {
                    keep.swap_remove(i);
                } else {
                    i += 1;
                }
            }
            keep.push(x);
        }
        Ok(())
    }

    /// Whether the canonical options `{l | r}` (of a non-number) are those of a
    /// number-up-star value. Candidates are read off the known shapes and confirmed by
    /// comparing options exactly, so a wrong guess costs time, never correctness.
    fn recognise_nus(&mut self, l: &[GameId], r: &[GameId]) -> Result<Option<Nus>, KernelError> {
        let mut cands: Vec<Nus> = Vec::new();
        let nus = |k: &Kernel, g: GameId| k.arena.nus(g).cloned();
        if let (true, Some(&first)) = (l == r, l.first()) {
            if let Some(v) = nus(self, first) {
                cands.push(Nus::new(
                    v.number,
                    BigInt::zero(),
                    Nimber::from(l.len() as u64),
                ));
            }
        }
        match (l, r) {
            ([a], [b]) => {
                if let (Some(a), Some(b)) = (nus(self, *a), nus(self, *b)) {
                    if a.is_number() && b.number == a.number && !b.up.is_negative() {
                        cands.push(Nus::new(
                            a.number.clone(),
                            &b.up + 1,
                            b.nim.nim_add(&Nimber::from(1)),
                        ));
                    }
                    if b.is_number() && a.number == b.number && !a.up.is_positive() {
                        cands.push(Nus::new(
                            b.number.clone(),
                            &a.up - 1,
                            a.nim.nim_add(&Nimber::from(1)),
                        ));
                    }
                }
            }
            ([_, _], [b]) => {
                if let Some(b) = nus(self, *b) {
                    cands.push(Nus::new(b.number, BigInt::one(), Nimber::from(1)));
                }
            }
            ([a], [_, _]) => {
                if let Some(a) = nus(self, *a) {
                    cands.push(Nus::new(a.number, -BigInt::one(), Nimber::from(1)));
                }
            }
            _ => {}
        }
        for c in cands {
            let (mut cl, mut cr) = self.nus_options(&c)?;
            cl.sort_unstable();
            cr.sort_unstable();
            if cl == l && cr == r {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }
}

/// An option as [`Kernel::undominated`] sorts it: its rank, then its id (for a deterministic
/// order among equal ranks).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Ranked {
    /// For Left (−right stop, −left stop, −signature height), for Right (left stop, right
    /// stop, height): if y ≤ x then Left's key of x is ≤ y's in every component and Right's
    /// key of y is ≤ x's, since stops are monotone and y ≤ x puts every reference below y
    /// below x and every reference above x above y.
    key: (i64, i64, i32),
    id: GameId,
    /// Whether the key is the game's (its stops fit machine words): an unknown one is
    /// ranked last, and ranks nothing.
    exact: bool,
}

/// Moves the survivor at `i` to the front, keeping the others' order: a survivor that has
/// just dominated an option is asked first about the next (options of one position often
/// share a dominator), so fewer recursive questions are spent on survivors that do not
/// dominate it. Only the order of the questions changes, never the survivors.
fn to_front(keep: &mut [Ranked], i: usize) {
    if let Some(k) = keep.get_mut(..=i) {
        k.rotate_right(1);
    }
}

/// `g`'s rank for [`Kernel::undominated`] on the given side, from its stops and the height
/// `h` of its signature.
fn rank(q: Option<Quick>, h: i32, left: bool, g: GameId) -> Ranked {
    match q.and_then(|q| q.stops.map(|s| (s, h))) {
        None => Ranked {
            key: (i64::MAX, i64::MAX, 0),
            id: g,
            exact: false,
        },
        Some(((ls, rs), h)) => Ranked {
            key: if left { (-rs, -ls, -h) } else { (ls, rs, h) },
            id: g,
            exact: true,
        },
    }
}
