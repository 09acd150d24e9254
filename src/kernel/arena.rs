//! Storage: the hash-consed table of canonical games and the memo tables.
//!
//! Every value that equals a number-up-star is stored as a closed-form record and never as
//! explicit options, so `2^-4000` or `*2^1000` cost one record. Everything else is stored as its
//! canonical options, sorted by id: since canonical forms are unique, two records with the same
//! options are the same value, and interning them makes value equality id equality.

use super::GameId;
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use rustc_hash::FxHashMap;

/// `number + up·↑ + *nim` in closed form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) up: BigInt,
    pub(crate) nim: Nimber,
}

impl Nus {
    pub(crate) fn is_number(&self) -> bool {
        self.up.is_zero() && self.nim.is_zero()
    }
}

/// A closed form small enough for machine arithmetic: `num/2^exp + up·↑ + *nim` with
/// |num| < 2^31, exp ≤ 30 and |up| < 2^62, so aligned numerators and up differences fit in i64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Small {
    num: i64,
    exp: u32,
    up: i64,
    nim: u64,
}

impl Small {
    pub(crate) fn of(v: &Nus) -> Option<Small> {
        let num = v
            .number
            .numerator()
            .to_i64()
            .filter(|n| n.unsigned_abs() < 1 << 31)?;
        let exp = u32::try_from(v.number.denominator_exp())
            .ok()
            .filter(|&e| e <= 30)?;
        let up = v.up.to_i64().filter(|u| u.unsigned_abs() < 1 << 62)?;
        let nim = v.nim.to_u64()?;
        Some(Small { num, exp, up, nim })
    }

    /// The same sum as [`Nus::add`], in machine words and in the lowest terms [`Small::of`]
    /// reads off a [`Dyadic`]; `None` when the sum leaves its bounds. Aligned numerators are
    /// below 2^61 and ups below 2^62, so nothing here overflows.
    pub(crate) fn add(&self, o: &Small) -> Option<Small> {
        let e = self.exp.max(o.exp);
        let mut num = (self.num << (e - self.exp)) + (o.num << (e - o.exp));
        let mut exp = e;
        if num == 0 {
            exp = 0;
        } else {
            let shift = num.trailing_zeros().min(exp);
            num >>= shift;
            exp -= shift;
        }
        let up = self.up.checked_add(o.up)?;
        (num.unsigned_abs() < 1 << 31 && up.unsigned_abs() < 1 << 62).then_some(Small {
            num,
            exp,
            up,
            nim: self.nim ^ o.nim,
        })
    }

    /// The same negative as [`Nus::neg`]: the bounds are symmetric, so it always fits.
    pub(crate) fn neg(&self) -> Small {
        Small {
            num: -self.num,
            exp: self.exp,
            up: -self.up,
            nim: self.nim,
        }
    }

    /// The same rule as [`Nus::le`], in machine words.
    pub(crate) fn le(&self, o: &Small) -> bool {
        let e = self.exp.max(o.exp);
        let a = self.num << (e - self.exp);
        let b = o.num << (e - o.exp);
        if a != b {
            return a < b;
        }
        let d = o.up - self.up;
        let m = self.nim ^ o.nim;
        d > 1 || (d == 1 && m != 1) || (d == 0 && m == 0)
    }
}

/// [`Arena::small`]'s mark for an id with no machine-word closed form.
const NO_SMALL: u32 = u32::MAX;

/// A stored canonical game.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A number-up-star value, never expanded in storage. Boxed: the closed forms are few
    /// and a `Nus` is 96 bytes, which every explicit game's record paid in a kernel of
    /// millions (the 6×6 Domineering board's), where a box costs the record 8.
    Nus(Box<Nus>),
    /// A canonical game that is not number-up-star; its options, each side sorted by id, are
    /// read from [`Arena::flat`] through its span ([`Arena::opts`]).
    Opts,
}

/// The tables behind a [`super::Kernel`].
pub(crate) struct Arena {
    pub(crate) nodes: Vec<Node>,
    /// Closed forms that fit machine words ([`Small`]), by that compact key.
    pub(crate) small_ids: FxHashMap<Small, GameId>,
    /// The other closed forms.
    pub(crate) nus_ids: FxHashMap<Nus, GameId>,
    /// Explicit games by their options ([`OptIndex`]): ids only, the options themselves read
    /// from `flat` where the game keeps them anyway.
    opt_ids: OptIndex,
    /// Sums by id pair (smaller id first, [`super::idmap::IdMap::pair`]): lossless, so a sum
    /// is never computed twice.
    pub(crate) sums: super::idmap::IdMap,
    /// Negatives by id (both ways).
    pub(crate) negs: super::idmap::IdMap,
    /// `a ≤ b` by ordered id pair.
    pub(crate) les: super::memo::LeMemo,
    pub(crate) stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    pub(crate) birthdays: FxHashMap<GameId, BigInt>,
    /// By id: where its closed form in machine words sits in [`Arena::smalls`], or
    /// [`NO_SMALL`]: four bytes an id where an `Option<Small>` cost forty, for the few
    /// closed forms among millions of explicit games.
    small: Vec<u32>,
    /// The closed forms that fit machine words, for allocation-free comparison and sums.
    smalls: Vec<Small>,
    /// By id: where the options sit in `flat`: always for an explicit game, and for a closed
    /// form once opened up, so hot loops never rebuild them.
    pub(crate) spans: Vec<Option<Span>>,
    /// Every option list of `spans`, Left then Right, appended and never moved, so that a span
    /// stays valid while the loop reading it adds more.
    pub(crate) flat: Vec<GameId>,
    /// By id: (left stop, right stop) scaled by 2^32 when exact in an i64 (see [`scaled`]),
    /// computed when the game is interned from its options' stops, and the game's order
    /// against the small infinitesimals of [`super::sig`]: side by side, so the order's fast
    /// path reads both in one cache line.
    pub(crate) quick: Vec<Quick>,
    /// By id: the signature's height ([`super::sig::height`]), kept apart so that putting
    /// open questions in order by it (`compare::Open::likeliest_first`, at every comparison
    /// that recurses) reads a byte where counting a signature's bits costs a dozen
    /// instructions a game (the baseline x86-64 target has no population-count instruction):
    /// 2.5 % of the 4×4 Kings board's instructions.
    heights: Vec<i8>,
    /// By id: what kind of game it is, for the order's fast paths.
    pub(crate) kinds: Vec<Kind>,
}

/// What the order reads first about a game: its scaled stops and its signature.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Quick {
    pub(crate) stops: Option<(i64, i64)>,
    pub(crate) sig: super::sig::Sig,
}

/// The kind of a stored game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Explicit canonical options.
    Opts,
    /// A number-up-star value that is not a number.
    Nus,
    /// A number.
    Number,
}

/// Where a game's options sit in [`Arena::flat`]: `nl` Left options from `start`, then `nr`
/// Right options.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Span {
    pub(crate) start: usize,
    pub(crate) nl: usize,
    pub(crate) nr: usize,
}

impl Span {
    /// The index in `flat` of the i-th Left option.
    pub(crate) fn left(&self, i: usize) -> usize {
        self.start + i
    }
    /// The index in `flat` of the i-th Right option.
    pub(crate) fn right(&self, i: usize) -> usize {
        self.start + self.nl + i
    }
}

/// What a foreign id (one this kernel never handed out) reads as: zero, so that no lookup panics.
static ZERO_NODE: std::sync::OnceLock<Node> = std::sync::OnceLock::new();

impl Arena {
    pub(crate) fn new() -> Self {
        let mut a = Arena {
            nodes: Vec::new(),
            small_ids: FxHashMap::default(),
            nus_ids: FxHashMap::default(),
            opt_ids: OptIndex::default(),
            sums: Default::default(),
            negs: Default::default(),
            les: super::memo::LeMemo::default(),
            stops: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            small: Vec::new(),
            smalls: Vec::new(),
            spans: Vec::new(),
            flat: Vec::new(),
            quick: Vec::new(),
            heights: Vec::new(),
            kinds: Vec::new(),
        };
        a.intern_nus(Nus {
            number: Dyadic::zero(),
            up: BigInt::zero(),
            nim: Nimber::zero(),
        });
        a
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
        match self.nodes.get(g.0 as usize) {
            Some(n) => n,
            None => ZERO_NODE.get_or_init(|| {
                Node::Nus(Box::new(Nus {
                    number: Dyadic::zero(),
                    up: BigInt::zero(),
                    nim: Nimber::zero(),
                }))
            }),
        }
    }

    /// The closed form of g, if it is one. The kind (a byte per id, mostly in cache) is read
    /// first, so the common answer for an explicit game costs no read of `nodes` (records
    /// of tens of bytes, a cache miss each on a kernel of millions of games).
    #[inline]
    pub(crate) fn nus(&self, g: GameId) -> Option<&Nus> {
        if self.kind(g) == Kind::Opts {
            return None;
        }
        match self.node(g) {
            Node::Nus(n) => Some(n.as_ref()),
            Node::Opts => None,
        }
    }

    /// The closed form of g in machine words, if it is one that fits.
    #[inline(always)]
    pub(crate) fn small(&self, g: GameId) -> Option<&Small> {
        let i = *self.small.get(g.0 as usize)?;
        self.smalls.get(i as usize)
    }

    /// The kind of g; a foreign id reads as 0, a number.
    pub(crate) fn kind(&self, g: GameId) -> Kind {
        self.kinds
            .get(g.0 as usize)
            .copied()
            .unwrap_or(Kind::Number)
    }

    pub(crate) fn is_number(&self, g: GameId) -> bool {
        self.kind(g) == Kind::Number
    }

    /// The stops and signature of g; `None` for a foreign id.
    #[inline(always)]
    pub(crate) fn quick(&self, g: GameId) -> Option<Quick> {
        self.quick.get(g.0 as usize).copied()
    }

    /// The signature of g ([`super::sig`]); `None` for a foreign id.
    #[inline(always)]
    pub(crate) fn sig(&self, g: GameId) -> Option<super::sig::Sig> {
        self.quick.get(g.0 as usize).map(|q| q.sig)
    }

    /// The height of g's signature ([`super::sig::height`]); 0 for a foreign id, as its
    /// signature reads as none.
    #[inline(always)]
    pub(crate) fn height(&self, g: GameId) -> i32 {
        self.heights.get(g.0 as usize).map_or(0, |&h| i32::from(h))
    }

    /// Records the height of the signature of the game being interned.
    fn push_height(&mut self, sig: super::sig::Sig) {
        // A height lies in −32..=32 (one bit per reference each way), so it fits a byte.
        self.heights
            .push(i8::try_from(super::sig::height(sig)).unwrap_or(0));
    }

    /// The signature of `{left | right}` (any form: it depends on the value only); a foreign
    /// option reads as 0, as everywhere in the arena.
    pub(crate) fn sig_of_options(&self, left: &[GameId], right: &[GameId]) -> super::sig::Sig {
        let zero = self.sig(GameId(0)).unwrap_or(0);
        let get = |g: &GameId| self.sig(*g).unwrap_or(zero);
        super::sig::of_options(left.iter().map(get), right.iter().map(get))
    }

    /// The stops of g scaled by 2^32, when exact in machine words.
    pub(crate) fn fast_stops(&self, g: GameId) -> Option<(i64, i64)> {
        self.quick.get(g.0 as usize).and_then(|q| q.stops)
    }

    pub(crate) fn intern_nus(&mut self, v: Nus) -> GameId {
        let small = Small::of(&v);
        let found = match &small {
            Some(s) => self.small_ids.get(s),
            None => self.nus_ids.get(&v),
        };
        if let Some(&id) = found {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        match small {
            Some(s) => self.small_ids.insert(s, id),
            None => self.nus_ids.insert(v.clone(), id),
        };
        match small {
            Some(s) if self.smalls.len() < NO_SMALL as usize => {
                self.small.push(self.smalls.len() as u32);
                self.smalls.push(s);
            }
            _ => self.small.push(NO_SMALL),
        }
        self.spans.push(None);
        let s = scaled(&v.number);
        let sig = super::sig::of_order(|up, nim| {
            let x = Nus::new(Dyadic::zero(), BigInt::from(up), Nimber::from(nim));
            (x.le(&v), v.le(&x))
        });
        self.quick.push(Quick {
            stops: s.map(|s| (s, s)),
            sig,
        });
        self.push_height(sig);
        self.kinds.push(if v.is_number() {
            Kind::Number
        } else {
            Kind::Nus
        });
        self.nodes.push(Node::Nus(Box::new(v)));
        id
    }

    /// Interns a canonical non-NUS game; the caller guarantees canonicity and non-NUS-ness.
    pub(crate) fn intern_opts(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let tag = OptIndex::tag(&left, &right);
        let (spans, flat) = (&self.spans, &self.flat);
        let same = |g: GameId| {
            let Some(Some(sp)) = spans.get(g.0 as usize) else {
                return false;
            };
            sp.nl == left.len()
                && sp.nr == right.len()
                && flat.get(sp.left(0)..sp.right(0)) == Some(left.as_slice())
                && flat.get(sp.right(0)..sp.right(sp.nr)) == Some(right.as_slice())
        };
        if let Some(id) = self.opt_ids.find(tag, same) {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        let stops = self.stops_of_options(&left, &right);
        self.small.push(NO_SMALL);
        let span = self.push_span(&left, &right);
        self.spans.push(Some(span));
        let sig = self.sig_of_options(&left, &right);
        self.quick.push(Quick { stops, sig });
        self.push_height(sig);
        self.kinds.push(Kind::Opts);
        self.nodes.push(Node::Opts);
        self.opt_ids.insert(tag, id);
        id
    }
}

impl Arena {
    /// The stops (scaled, see [`scaled`]) of a game `{left | right}` that equals no number,
    /// when every option's are known: a non-number's left stop is its Left options' greatest
    /// right stop, and its right stop their least left stop. `None` when a side is empty
    /// (`{L|}` is an integer) or an option's stops do not fit.
    pub(crate) fn stops_of_options(&self, left: &[GameId], right: &[GameId]) -> Option<(i64, i64)> {
        let ls = left.iter().try_fold(None, |m: Option<i64>, &x| {
            let s = self.fast_stops(x)?.1;
            Some(Some(m.map_or(s, |m| m.max(s))))
        });
        let rs = right.iter().try_fold(None, |m: Option<i64>, &x| {
            let s = self.fast_stops(x)?.0;
            Some(Some(m.map_or(s, |m| m.min(s))))
        });
        ls.flatten().zip(rs.flatten())
    }
}

/// x·2^32 when x = n/2^e with |n| < 2^30 and e ≤ 32, so that it fits an i64 exactly.
pub(crate) fn scaled(x: &Dyadic) -> Option<i64> {
    use num_traits::ToPrimitive;
    let n = x
        .numerator()
        .to_i64()
        .filter(|n| n.unsigned_abs() < 1 << 30)?;
    let e = x.denominator_exp();
    (e <= 32).then(|| n << (32 - e))
}

impl Arena {
    /// Appends option lists to `flat`.
    pub(crate) fn push_span(&mut self, left: &[GameId], right: &[GameId]) -> Span {
        let span = Span {
            start: self.flat.len(),
            nl: left.len(),
            nr: right.len(),
        };
        self.flat.extend_from_slice(left);
        self.flat.extend_from_slice(right);
        span
    }

    /// Where g's options are, if they are available without opening up a closed form.
    pub(crate) fn span(&self, g: GameId) -> Option<Span> {
        self.spans.get(g.0 as usize).copied().flatten()
    }

    /// The options of an explicit game, Left and Right, each sorted by id (empty for a closed
    /// form, whose options are never stored as such).
    pub(crate) fn opts(&self, g: GameId) -> (&[GameId], &[GameId]) {
        let Some(sp) = self.span(g).filter(|_| matches!(self.node(g), Node::Opts)) else {
            return (&[], &[]);
        };
        let side = |from: usize, n: usize| self.flat.get(from..from + n).unwrap_or(&[]);
        (side(sp.left(0), sp.nl), side(sp.right(0), sp.nr))
    }

    /// [`Arena::opts`], copied.
    pub(crate) fn opts_vec(&self, g: GameId) -> (Vec<GameId>, Vec<GameId>) {
        let (l, r) = self.opts(g);
        (l.to_vec(), r.to_vec())
    }

    /// The option at index i of `flat` (from a [`Span`]); reads as 0 out of range, never
    /// panics.
    pub(crate) fn flat_at(&self, i: usize) -> GameId {
        self.flat.get(i).copied().unwrap_or(GameId(0))
    }
}

/// The explicit games by their options, as ids alone: one 8-byte slot a game (the id and 32 bits
/// of its options' hash), where a map from boxed option lists cost a heap key and a 24-byte entry
/// a game, about 150 MB of the empty 6×6 Domineering board's 2 M games in each thread's
/// kernel, all of it memory first touched (which costs time here: the page zeroing was 8.7 % of
/// that board's profile). A lookup compares the options of the games whose hash bits match,
/// read from [`Arena::flat`], where every explicit game keeps them anyway. Open addressing with
/// linear probing, at most three quarters full; lossless (never evicts), so interning stays
/// exact: two games with the same options always get the same id.
#[derive(Default)]
struct OptIndex {
    /// A power of two many slots (or none yet): `tag << 32 | id`, or [`OptIndex::EMPTY`]. No
    /// explicit game has id 0 (the zero game, interned first as a closed form), so a taken slot
    /// is never 0.
    slots: Vec<u64>,
    len: usize,
}

impl OptIndex {
    const EMPTY: u64 = 0;

    /// 32 well-mixed bits of the options (Left then Right, each sorted), the Left count mixed
    /// in first so the split between the sides counts.
    fn tag(left: &[GameId], right: &[GameId]) -> u32 {
        const K: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut h = (left.len() as u64 + 1).wrapping_mul(K);
        for g in left.iter().chain(right) {
            h = (h.rotate_left(23) ^ u64::from(g.0)).wrapping_mul(K);
        }
        h ^= h >> 31;
        (h.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 32) as u32
    }

    /// The game among those whose hash bits are `tag` that `same` accepts.
    fn find(&self, tag: u32, same: impl Fn(GameId) -> bool) -> Option<GameId> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut i = tag as usize & mask;
        loop {
            let e = *self.slots.get(i)?;
            if e == Self::EMPTY {
                return None;
            }
            if (e >> 32) as u32 == tag && same(GameId(e as u32)) {
                return Some(GameId(e as u32));
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a game that [`OptIndex::find`] did not find.
    fn insert(&mut self, tag: u32, id: GameId) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let cap = (self.slots.len() * 2).max(1 << 10);
            let old = std::mem::replace(&mut self.slots, vec![Self::EMPTY; cap]);
            for e in old.into_iter().filter(|&e| e != Self::EMPTY) {
                self.place(e);
            }
        }
        self.place((u64::from(tag) << 32) | u64::from(id.0));
        self.len += 1;
    }

    /// Puts a slot's word at the first free place of its probe sequence (the table is never
    /// full: at most three quarters).
    fn place(&mut self, e: u64) {
        let mask = self.slots.len() - 1;
        let mut i = (e >> 32) as usize & mask;
        while let Some(s) = self.slots.get_mut(i) {
            if *s == Self::EMPTY {
                *s = e;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index against a plain map, with growth, and with every game under one tag so
    /// that each lookup walks a long probe run and only the options tell games apart.
    #[test]
    fn opt_index_agrees_with_a_map() {
        for shared_tag in [false, true] {
            let mut idx = OptIndex::default();
            let mut want: FxHashMap<u32, GameId> = FxHashMap::default();
            let n: u32 = if shared_tag { 600 } else { 20_000 };
            let tag = |k: u32| {
                if shared_tag {
                    7
                } else {
                    OptIndex::tag(&[GameId(k)], &[GameId(k / 3)])
                }
            };
            for k in 1..=n {
                // A game's "options" are its key k: id k + 100 holds k.
                let keys = |g: GameId| g.0.checked_sub(100);
                assert_eq!(idx.find(tag(k), |g| keys(g) == Some(k)), None);
                idx.insert(tag(k), GameId(k + 100));
                want.insert(k, GameId(k + 100));
            }
            for k in 1..=n + 50 {
                let keys = |g: GameId| g.0.checked_sub(100);
                let got = idx.find(tag(k), |g| keys(g) == Some(k));
                assert_eq!(got, want.get(&k).copied());
            }
            assert!(idx.slots.len() * 3 >= idx.len * 4);
        }
    }

    /// Interning the same options twice, in any order and with repeats, gives the same id, and
    /// different options different ids: games that agree on one side only, or with a Left
    /// option moved to the Right, are told apart.
    #[test]
    fn intern_opts_is_exact() {
        let mut a = Arena::new();
        let ids: Vec<GameId> = (1..=5)
            .map(|k| {
                a.intern_nus(Nus {
                    number: Dyadic::from(k),
                    up: BigInt::zero(),
                    nim: Nimber::zero(),
                })
            })
            .collect();
        let g = |i: usize| ids[i];
        let x = a.intern_opts(vec![g(1), g(0)], vec![g(3)]);
        assert_eq!(a.intern_opts(vec![g(0), g(1), g(0)], vec![g(3), g(3)]), x);
        let y = a.intern_opts(vec![g(0)], vec![g(1), g(3)]);
        let z = a.intern_opts(vec![g(0), g(1), g(3)], vec![]);
        let w = a.intern_opts(vec![g(1), g(0)], vec![g(4)]);
        let all = [x, y, z, w];
        for (i, p) in all.iter().enumerate() {
            for q in &all[i + 1..] {
                assert_ne!(p, q);
            }
        }
        assert_eq!(a.intern_opts(vec![g(0)], vec![g(3), g(1)]), y);
        assert_eq!(a.opts(w), (&[g(0), g(1)][..], &[g(4)][..]));
    }
}
