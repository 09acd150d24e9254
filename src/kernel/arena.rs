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
    /// Explicit games by their options: the key is the Left count, then the Left options,
    /// then the Right options (each sorted), so a lookup borrows a slice built in
    /// [`Arena::key_scratch`] and allocates nothing when the game is there already.
    pub(crate) opt_ids: FxHashMap<Box<[GameId]>, GameId>,
    /// The key being looked up in `opt_ids`, kept for its buffer.
    key_scratch: Vec<GameId>,
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
            opt_ids: FxHashMap::default(),
            key_scratch: Vec::new(),
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
        let mut key = std::mem::take(&mut self.key_scratch);
        key.clear();
        key.push(GameId(left.len() as u32));
        key.extend_from_slice(&left);
        key.extend_from_slice(&right);
        let found = self.opt_ids.get(key.as_slice()).copied();
        let id = match found {
            Some(id) => id,
            None => {
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
                self.opt_ids.insert(key.as_slice().into(), id);
                id
            }
        };
        self.key_scratch = key;
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
