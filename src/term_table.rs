//! A term table: each distinct subterm stored once and referred to as `#n` ([`Term::Ref`]).
//!
//! Proofs store their terms here, and so does the proof producer's evaluator (`crate::eval`)
//! while it matches rules on plain terms: the table sits below both, so neither reaches into
//! the other (the proof's own additions, such as [`TermTable::subterm`] along a path, are in
//! `proof::table`).
//!
//! Games are DAGs: the canonical form of Σ_{k=1..n} {k|−k} has 2^n leaves written out but only
//! O(n³) distinct subgames. A proof that wrote every step's terms out as trees grew with the
//! trees; here a large subterm is an entry of the table and steps hold [`Term::Ref`] leaves
//! pointing at it, so a step costs what its own node costs.
//!
//! Entries are hash-consed: an entry is stored as its *view*, its top node with every child that
//! is not a leaf replaced by a reference (leaves — closed forms, Hackenstring rows, references —
//! stay inline), so equal terms get equal numbers however they were written (expanded, or with
//! references). An entry refers only to entries before it, so the table has no cycles, and every
//! walk over it can go entry by entry in order instead of recursing down a DAG's depth.
//!
//! A loopy game's cycles stay inside entries where CGSuite's notation can write them: an entry
//! is a closed part, and a labelled brace with the uses of its label is written within one
//! entry (`#3 = a{0|#1,a}`, read by the same grammar as the input). A label is seen only inside
//! its braces, so a position reached along two paths inside a cycle would be written twice, and
//! such a graph grows exponentially when written so. A loopy proof therefore writes such a graph
//! through the table itself: one entry per position, `{#4,#7|pass}`, which may name any entry,
//! itself and later ones included ([`TermTable::cyclic`]). Only a loopy proof's table may; its
//! readers say so once they know the play. An entry whose written-out size is not finite (it is
//! on a cycle through the table, or names one) has size `u64::MAX` and is never written out.

use crate::kernel::generated_name;
use crate::loopy::build::{CONSTANTS, LOOP, PASS};
use crate::term::{children, children_mut, Arg, Term};
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Larger subterms than this (written out, in nodes) are shared through the table when a proof
/// stores them; smaller ones (a closed form, a game of one closed option) are kept written
/// out. Every game of two options or more is then one `#n` in the steps that hold it, so
/// lifting a part's steps into its parent copies numbers, not games: S(8)'s proof and check
/// took 16.8 ms sharing above 8 nodes, 11 ms above 2 (and 20.6 ms above 16). Small proofs
/// are written out again for their readers (`proof::table::SMALL_WRITTEN_UP_TO`).
pub const SHARE_ABOVE: u64 = 2;

/// How deep [`TermTable::open_up`] writes a term out (a term nested deeper is a limit, not
/// a stack overflow).
pub const OPEN_DEPTH: usize = 1000;

/// The term table of a proof.
///
/// A table may lie over a *base*, a table shared read-only with others ([`TermTable::over`]):
/// its first entries are the base's and what it interns goes to entries of its own after them.
/// The checkers of a proof read its table so, each interning what its own comparisons need:
/// a copy each had doubled the memory of a check on two threads (Σ_{k≤30} {k|−k}'s table
/// is 170 MB) and cost each checker but one the copy's time.
#[derive(Clone, Debug, Default)]
pub struct TermTable {
    /// The entries below `first()`, shared.
    base: Option<Arc<TermTable>>,
    /// The view of entry `first() + i`, at `i`.
    views: Vec<Term>,
    /// The entries of `views` (their numbers), by their views' hashes ([`view_hash`]); the
    /// base's are in its own index. A map keyed by the views held each view twice: Σ_{k≤30}
    /// {k|−k}'s proof has 239,000 entries, and the composer's table and its self-check's each
    /// held 69 MB of copies beside their 65 MB of views.
    index: hashbrown::HashTable<u32>,
    /// Entry `first() + i`'s [`view_hash`], at `i`: the index grows, and entries are taken out
    /// of it, without hashing a view again (each a walk of its parts, whose memory is cold).
    hashes: Vec<u64>,
    /// The entry numbers of the parts [`TermTable::intern_parts`] has interned, a stack of
    /// one run per call under way (empty between calls): room reused, not allocated a node.
    parts: Vec<u32>,
    /// Entry `first() + i`'s size written out, in nodes (saturating), at `i`.
    sizes: Vec<u64>,
    /// Entry n's entry with options in a fixed order, once asked (every entry, the base's
    /// too: each table normalises for itself).
    normal: Vec<Option<u32>>,
    /// Every entry below this one has its `normal` entry.
    normalised: usize,
    /// The first entry that names itself or a later entry, if any.
    cyclic: Option<u32>,
}

/// Why a table read from elsewhere is not a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The offending entry.
    pub entry: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "term #{}: {}", self.entry, self.reason)
    }
}

impl std::error::Error for TableError {}

fn is_leaf(t: &Term) -> bool {
    matches!(t, Term::Nus { .. } | Term::Hackenstring(_) | Term::Ref(_))
}

/// `t`'s top node with its children replaced, in order, by `kids`.
fn with_children(t: &Term, mut kids: impl Iterator<Item = Term>) -> Term {
    let mut next = || kids.next().unwrap_or_else(Term::zero);
    match t {
        Term::Game { left, right } => {
            let l = left.iter().map(|_| next()).collect();
            let r = right.iter().map(|_| next()).collect();
            Term::Game { left: l, right: r }
        }
        Term::Sum(..) => {
            let a = next();
            let b = next();
            Term::sum(a, b)
        }
        Term::Neg(_) => Term::neg(next()),
        Term::PlusMinus(xs) => Term::PlusMinus(xs.iter().map(|_| next()).collect()),
        Term::Tiny { number, .. } => Term::Tiny {
            number: number.clone(),
            sub: Box::new(next()),
        },
        Term::Miny { number, .. } => Term::Miny {
            number: number.clone(),
            sub: Box::new(next()),
        },
        Term::Multiple { count, .. } => Term::Multiple {
            count: count.clone(),
            game: Box::new(next()),
        },
        Term::Call { name, args } => Term::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    crate::term::Arg::Game(_) => crate::term::Arg::Game(next()),
                    crate::term::Arg::Text(s) => crate::term::Arg::Text(s.clone()),
                })
                .collect(),
        },
        other => other.clone(),
    }
}

/// `t`'s top node with each child replaced, in order, by `f` of it: [`with_children`] of
/// [`children`], without the list of children for games, sums and negations (nearly every
/// node a proof's walks rebuild; the list was an allocation a node).
fn map_children(t: &Term, mut f: impl FnMut(&Term) -> Term) -> Term {
    match t {
        Term::Game { left, right } => Term::Game {
            left: left.iter().map(&mut f).collect(),
            right: right.iter().map(&mut f).collect(),
        },
        Term::Sum(a, b) => {
            let a = f(a);
            Term::sum(a, f(b))
        }
        Term::Neg(a) => Term::neg(f(a)),
        _ => with_children(t, children(t).into_iter().map(f)),
    }
}

/// The most pairs of nodes [`TermTable::alike`] looks at before leaving a comparison to
/// [`TermTable::normal`]: a step's terms are a few nodes over references.
const ALIKE_NODES: u32 = 256;

/// The hash a view is found by in a table's index. A game's and a sum's are made from their
/// parts alone (a reference by its number, another leaf by its own hash), so
/// [`TermTable::intern`] can look a game or sum up by its parts' entries before it builds the
/// view ([`parts_hash`]); any other view is hashed whole.
fn view_hash(view: &Term) -> u64 {
    match view {
        Term::Game { left, right } => parts_hash(
            GAME_TAG,
            left.len(),
            left.iter().chain(right).map(Part::of_leaf),
        ),
        Term::Sum(a, b) => parts_hash(SUM_TAG, 0, [Part::of_leaf(a), Part::of_leaf(b)]),
        other => {
            use std::hash::BuildHasher;
            rustc_hash::FxBuildHasher.hash_one(other)
        }
    }
}

const GAME_TAG: u64 = 0x9e37_79b9_7f4a_7c15;
const SUM_TAG: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// A part of a view as [`parts_hash`] reads it: an entry's number, or a leaf written in place.
#[derive(Clone, Copy)]
enum Part<'t> {
    Entry(u32),
    Leaf(&'t Term),
}

impl<'t> Part<'t> {
    /// A part of a view (a leaf: a reference, a closed form, a row).
    fn of_leaf(t: &'t Term) -> Part<'t> {
        match t {
            Term::Ref(n) => Part::Entry(*n),
            other => Part::Leaf(other),
        }
    }

    /// Whether the view's part `t` is this one.
    fn is(self, t: &Term) -> bool {
        match (self, t) {
            (Part::Entry(n), Term::Ref(m)) => n == *m,
            (Part::Leaf(a), b) => a == b,
            _ => false,
        }
    }
}

/// The hash of a game (`left` of its parts Left's) or a sum with these parts, in order.
fn parts_hash<'t>(tag: u64, left: usize, parts: impl IntoIterator<Item = Part<'t>>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    h.write_u64(tag);
    h.write_usize(left);
    for p in parts {
        match p {
            Part::Entry(n) => h.write_u32(n),
            Part::Leaf(t) => t.hash(&mut h),
        }
    }
    h.finish()
}

/// Two tables are equal when they hold the same entries in the same order (with the same
/// base, normal forms and sizes); the index is the views', so it is not compared itself.
impl PartialEq for TermTable {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base
            && self.views == other.views
            && self.sizes == other.sizes
            && self.normal == other.normal
            && self.normalised == other.normalised
            && self.cyclic == other.cyclic
    }
}

impl Eq for TermTable {}

impl TermTable {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// A table whose first entries are `base`'s, shared rather than copied: what it interns
    /// is its own, after them, and `base` is never changed. (`views` then gives only its own
    /// entries: a table over a base is a checker's, never written out.)
    pub fn over(base: Arc<TermTable>) -> TermTable {
        TermTable {
            normal: base.normal.clone(),
            normalised: base.normalised,
            cyclic: base.cyclic,
            base: Some(base),
            ..TermTable::default()
        }
    }

    /// The base this table lies over, let go here (so that its other holders may take it
    /// back whole), and the rest of the table, which names the base's entries and is only
    /// to be dropped (wherever the caller likes: it may be large).
    pub fn unshare(mut self) -> (Option<Arc<TermTable>>, impl Send + 'static) {
        (self.base.take(), self)
    }

    /// The number of the first entry of this table's own (the base's length).
    fn first(&self) -> usize {
        self.base.as_ref().map_or(0, |b| b.len())
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        self.first() + self.views.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entry `n`'s view: its top node, children that are not leaves as references.
    pub fn view(&self, n: u32) -> Option<&Term> {
        match &self.base {
            Some(b) if (n as usize) < b.len() => b.view(n),
            Some(b) => self.views.get(n as usize - b.len()),
            None => self.views.get(n as usize),
        }
    }

    /// Entry `n`'s size written out.
    #[inline]
    fn entry_size(&self, n: u32) -> Option<u64> {
        match &self.base {
            Some(b) if (n as usize) < b.len() => b.entry_size(n),
            Some(b) => self.sizes.get(n as usize - b.len()).copied(),
            None => self.sizes.get(n as usize).copied(),
        }
    }

    /// The entry whose view is `view`, if there is one.
    fn find(&self, view: &Term) -> Option<u32> {
        let base = self.base.as_ref().and_then(|b| b.find(view));
        let own = &self.views;
        let first = self.first();
        base.or_else(|| {
            self.index
                .find(view_hash(view), |&m| own[m as usize - first] == *view)
                .copied()
        })
    }

    /// The views in order: entry n refers only to entries before n. (A table over a base:
    /// its own entries', from `len()` of the base.)
    pub fn views(&self) -> &[Term] {
        &self.views
    }

    fn insert_view(&mut self, view: Term) -> u32 {
        let hash = view_hash(&view);
        self.insert_hashed(view, hash)
    }

    /// [`TermTable::insert_view`] with the view's hash known ([`view_hash`]).
    fn insert_hashed(&mut self, view: Term, hash: u64) -> u32 {
        let n = self.len() as u32;
        if let Some(m) = self.base.as_ref().and_then(|b| b.find(&view)) {
            return m;
        }
        // One lookup, whether the view is new or not: a table read from a proof hashes each
        // of its entries once.
        let first = self.first();
        let own = &self.views;
        let hashes = &self.hashes;
        match self.index.entry(
            hash,
            |&m| own[m as usize - first] == view,
            |&m| hashes[m as usize - first],
        ) {
            hashbrown::hash_table::Entry::Occupied(e) => return *e.get(),
            hashbrown::hash_table::Entry::Vacant(e) => {
                e.insert(n);
            }
        }
        self.push_new(view, hash, n)
    }

    /// Appends `view`, hashed `hash`, as entry `n` (the next), already in the index.
    fn push_new(&mut self, view: Term, hash: u64, n: u32) -> u32 {
        // A reference to this entry or a later one: not finite written out.
        let mut size = 1u64;
        each_child(&view, &mut |c| {
            size = size.saturating_add(match c {
                Term::Ref(m) => self.entry_size(*m).unwrap_or(u64::MAX),
                other => other.size() as u64,
            })
        });
        if self.cyclic.is_none() && max_ref(&view).is_some_and(|m| m >= n) {
            self.cyclic = Some(n);
        }
        self.sizes.push(size);
        self.normal.push(None);
        self.views.push(view);
        self.hashes.push(hash);
        n
    }

    /// Appends a view made by another table, returning its number here: the entry's number
    /// there when this table holds that table's entries before it, in order (a repeat returns
    /// the earlier entry's number, which the caller can tell).
    pub(crate) fn push_view(&mut self, view: Term) -> u32 {
        self.insert_view(view)
    }

    /// [`TermTable::push_view`] of a view whose hash the other table kept
    /// ([`TermTable::hashes`]): the view names the same entries here, so it is not hashed again.
    pub(crate) fn push_view_hashed(&mut self, view: Term, hash: u64) -> u32 {
        debug_assert_eq!(hash, view_hash(&view));
        self.insert_hashed(view, hash)
    }

    /// The hashes of the views of [`TermTable::views`], in the same order.
    pub(crate) fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Appends the entries of a loopy game graph's positions, which may name each other:
    /// `views[i]` becomes entry `len() + i`, and names the others by those numbers. Each view
    /// is a brace whose options are references, `0` or `pass`, none of them the view of an
    /// entry already here (the caller has looked: see `proof::loopy`'s graph writer). Returns
    /// the first new entry's number, or `None` (the table unchanged) if a view repeats an
    /// entry, which the caller treats as its own error.
    pub fn push_graph(&mut self, views: Vec<Term>) -> Option<u32> {
        let base = self.len();
        if views.iter().any(|v| self.find(v).is_some()) {
            return None;
        }
        for v in views {
            let n = self.insert_view(v);
            if n as usize != self.len() - 1 {
                // Two views alike: undo, so the table stays as it was.
                self.truncate(base);
                return None;
            }
        }
        Some(base as u32)
    }

    /// Drops the entries from `len` on (only entries just pushed: nothing refers to them; a
    /// base's stay).
    fn truncate(&mut self, len: usize) {
        let len = len.max(self.first());
        let own = len - self.first();
        let first = self.first();
        for (k, &h) in self.hashes.iter().enumerate().skip(own) {
            let n = (first + k) as u32;
            if let Ok(e) = self.index.find_entry(h, |&m| m == n) {
                e.remove();
            }
        }
        self.views.truncate(own);
        self.hashes.truncate(own);
        self.sizes.truncate(own);
        self.normal.truncate(len);
        self.normalised = self.normalised.min(len);
        if self.cyclic.is_some_and(|c| c as usize >= len) {
            self.cyclic = None;
        }
    }

    /// The first entry that names itself or a later entry (a loopy game graph written through
    /// the table), if any: only a loopy proof's table may have one.
    pub fn cyclic(&self) -> Option<u32> {
        self.cyclic
    }

    /// Why the table is not one whose entries name only earlier ones (what every proof's table
    /// but a loopy one must be): the first entry that names itself or a later one.
    pub fn backwards_only(&self) -> Result<(), TableError> {
        let Some(n) = self.cyclic else {
            return Ok(());
        };
        let mut bad = None;
        if let Some(v) = self.view(n) {
            check_refs(v, n as usize, n as usize, &mut bad);
        }
        Err(TableError {
            entry: n as usize,
            reason: bad.unwrap_or_default(),
        })
    }

    /// The entry of `t` (its references must be entries of this table), adding what is new.
    pub fn intern(&mut self, t: &Term) -> u32 {
        if let Term::Ref(n) = t {
            return *n;
        }
        if loopy_notation(t) {
            let view = self.fold_loopy(t);
            self.insert_view(view)
        } else {
            self.intern_plain(t)
        }
    }

    /// The entry of `t`, known to be written without the loopy notation.
    fn intern_plain(&mut self, t: &Term) -> u32 {
        match t {
            Term::Ref(n) => *n,
            Term::Game { left, right } => self.intern_parts(GAME_TAG, left.len(), left, right),
            Term::Sum(a, b) => self.intern_parts(
                SUM_TAG,
                0,
                std::slice::from_ref(&**a),
                std::slice::from_ref(&**b),
            ),
            _ => {
                let view = self.fold_plain(t);
                self.insert_view(view)
            }
        }
    }

    /// The entry of the game (`tag` [`GAME_TAG`], `left` Left's options) or sum
    /// ([`SUM_TAG`]) whose parts are `a` then `b`, without the loopy notation: its parts that
    /// are not leaves are interned first, in order (as [`TermTable::fold_plain`] interns them),
    /// and the entry is looked up by their numbers, so that its view is built only when it is
    /// new. Nearly every node a proof interns is an entry already.
    fn intern_parts(&mut self, tag: u64, left: usize, a: &[Term], b: &[Term]) -> u32 {
        let start = self.parts.len();
        for c in a.iter().chain(b) {
            if !is_leaf(c) {
                let n = self.intern_plain(c);
                self.parts.push(n);
            }
        }
        /// Part `c` of the view, the numbers of its interned parts read from `ids` in order.
        fn part<'t>(c: &'t Term, ids: &mut std::slice::Iter<'_, u32>) -> Part<'t> {
            if is_leaf(c) {
                Part::of_leaf(c)
            } else {
                Part::Entry(ids.next().copied().unwrap_or(u32::MAX))
            }
        }
        let mut ids = self.parts[start..].iter();
        let hash = parts_hash(tag, left, a.iter().chain(b).map(|c| part(c, &mut ids)));
        let is_view = |v: &Term, parts: &[u32]| -> bool {
            let mut ids = parts.iter();
            let (vl, vr): (&[Term], &[Term]) = match v {
                Term::Game { left: l, right: r } if tag == GAME_TAG => (l, r),
                Term::Sum(x, y) if tag == SUM_TAG => {
                    (std::slice::from_ref(&**x), std::slice::from_ref(&**y))
                }
                _ => return false,
            };
            vl.len() == a.len()
                && vr.len() == b.len()
                && a.iter()
                    .chain(b)
                    .zip(vl.iter().chain(vr))
                    .all(|(c, w)| part(c, &mut ids).is(w))
        };
        let found = {
            let first = self.first();
            let parts = &self.parts[start..];
            let base = self.base.as_ref().and_then(|t| {
                let own = &t.views;
                let tf = t.first();
                // A base without a base of its own (a checker's table lies over one).
                t.base
                    .is_none()
                    .then(|| {
                        t.index
                            .find(hash, |&m| is_view(&own[m as usize - tf], parts))
                    })
                    .flatten()
                    .copied()
            });
            let own = &self.views;
            base.or_else(|| {
                self.index
                    .find(hash, |&m| is_view(&own[m as usize - first], parts))
                    .copied()
            })
        };
        let n = match found {
            Some(n) => n,
            None if self.base.as_ref().is_some_and(|t| t.base.is_some()) => {
                // Not reached (no table lies over a table over a base): looked up whole.
                let view = self.parts_view(tag, a, b, start);
                self.insert_view(view)
            }
            None => {
                let view = self.parts_view(tag, a, b, start);
                let n = self.len() as u32;
                let hashes = &self.hashes;
                let first = self.first();
                self.index
                    .insert_unique(hash, n, |&m| hashes[m as usize - first]);
                self.push_new(view, hash, n)
            }
        };
        self.parts.truncate(start);
        n
    }

    /// The view of the game or sum whose parts are `a` then `b`, its interned parts' numbers
    /// at `self.parts[start..]`.
    fn parts_view(&self, tag: u64, a: &[Term], b: &[Term], start: usize) -> Term {
        let mut ids = self.parts[start..].iter();
        let mut fold = |c: &Term| {
            if is_leaf(c) {
                c.clone()
            } else {
                Term::Ref(ids.next().copied().unwrap_or(u32::MAX))
            }
        };
        if tag == GAME_TAG {
            Term::Game {
                left: a.iter().map(&mut fold).collect(),
                right: b.iter().map(&mut fold).collect(),
            }
        } else {
            let x = a.first().map_or_else(Term::zero, &mut fold);
            Term::sum(x, b.first().map_or_else(Term::zero, &mut fold))
        }
    }

    /// `t`'s top node with its non-leaf children interned (in the loopy notation, only the
    /// parts an entry can stand for: see [`TermTable::fold_loopy`]).
    fn fold_children(&mut self, t: &Term) -> Term {
        if loopy_notation(t) {
            self.fold_loopy(t)
        } else {
            self.fold_plain(t)
        }
    }

    fn fold_plain(&mut self, t: &Term) -> Term {
        // Games and sums, nearly every node a proof interns, are rebuilt directly: the list
        // of children and the list of folded ones were two allocations a node.
        match t {
            Term::Game { left, right } => Term::Game {
                left: left.iter().map(|c| self.fold_child(c)).collect(),
                right: right.iter().map(|c| self.fold_child(c)).collect(),
            },
            Term::Sum(a, b) => {
                let a = self.fold_child(a);
                Term::sum(a, self.fold_child(b))
            }
            _ => {
                let kids: Vec<Term> = children(t)
                    .into_iter()
                    .map(|c| self.fold_child(c))
                    .collect();
                with_children(t, kids.into_iter())
            }
        }
    }

    /// A child of a view: a leaf as it is, anything else by its entry.
    fn fold_child(&mut self, c: &Term) -> Term {
        if is_leaf(c) {
            c.clone()
        } else {
            Term::Ref(self.intern_plain(c))
        }
    }

    /// The view of a term in the loopy notation. An entry is a game on its own, so only a
    /// closed part (every label it names defined inside it) becomes an entry; a part naming a
    /// label of the braces around it stays written in its parent's entry (its own closed parts
    /// still entries), and so does the brace of a label (`a{…}` is one node). A cycle is then
    /// a labelled brace inside one entry, `#3 = a{0|#1,a}`, and entries still refer only to
    /// earlier ones. `pass`, `on` … `dud` and a label's use are one node each: written in
    /// place, like numbers.
    fn fold_loopy(&mut self, t: &Term) -> Term {
        let is_loop = matches!(t, Term::Call { name, .. } if name == LOOP);
        let kids: Vec<Term> = children(t)
            .into_iter()
            .map(|c| {
                let atom = is_leaf(c)
                    || matches!(c, Term::Name(_))
                    || matches!(c, Term::Call { args, .. } if args.is_empty());
                if atom {
                    c.clone()
                } else if is_loop || !closed(c, &mut Vec::new()) {
                    self.fold_loopy(c)
                } else {
                    Term::Ref(self.intern(c))
                }
            })
            .collect();
        with_children(t, kids.into_iter())
    }

    /// `t` as a proof stores it: a reference when it is larger than `SHARE_ABOVE` written
    /// out, otherwise written out (its references replaced by what they stand for).
    pub fn share(&mut self, t: &Term) -> Term {
        if self.size(t) > SHARE_ABOVE {
            match t {
                Term::Ref(_) => t.clone(),
                _ => Term::Ref(self.intern(t)),
            }
        } else {
            self.expand(t, SHARE_ABOVE as usize)
                .unwrap_or_else(|| t.clone())
        }
    }

    /// `t`'s top node with its children that are not leaves interned: what a rule looks at
    /// when it matches at `t`. Its clones are as cheap as its own node, whatever the depth.
    pub fn shallow(&mut self, t: &Term) -> Term {
        match t {
            Term::Ref(n) => self.view(*n).cloned().unwrap_or_else(|| t.clone()),
            _ => self.fold_children(t),
        }
    }

    /// `t` with each reference to an entry of at most `max` nodes written out, larger ones
    /// kept: terms a reader sees stay written out where they are small.
    #[inline]
    pub fn written(&self, t: &Term, max: usize) -> Term {
        self.written_renumbered(t, max, &[])
    }

    /// [`TermTable::written`] with each reference it keeps renumbered by `map` (as
    /// [`renumber`] would renumber the result), in the same walk.
    ///
    /// A reference kept, most of what it is asked (Σ_{k≤30} {k|−k}: 1.6 million calls on the
    /// composer's thread), is answered here; any other node is rebuilt by
    /// [`TermTable::written_node`], out of line, whose frame a reference does not pay for.
    #[inline]
    fn written_renumbered(&self, t: &Term, max: usize, map: &[u32]) -> Term {
        match t {
            Term::Ref(n) => match self.written_out_view(*n, max) {
                Some(v) => self.written_node(v, max, map),
                None => Term::Ref(map.get(*n as usize).copied().unwrap_or(*n)),
            },
            _ => self.written_node(t, max, map),
        }
    }

    /// [`TermTable::written_renumbered`] of a node that is not a reference kept.
    #[inline(never)]
    fn written_node(&self, t: &Term, max: usize, map: &[u32]) -> Term {
        match t {
            Term::Ref(_) => self.written_renumbered(t, max, map),
            _ => map_children(t, |c| self.written_renumbered(c, max, map)),
        }
    }

    /// The view [`TermTable::written`] writes `#n` out as, or `None` where it keeps `#n`.
    #[inline]
    fn written_out_view(&self, n: u32, max: usize) -> Option<&Term> {
        // `size(&Term::Ref(n))`, without making (and dropping) the reference.
        let size = self.entry_size(n).unwrap_or(1);
        if size <= max as u64 && size < u64::MAX {
            self.view(n)
        } else {
            None
        }
    }

    /// The references [`TermTable::written`]`(t, max)` keeps, pushed to `out` (repeats
    /// included), found without writing anything out: each entry it would write out is walked
    /// once (`seen`, one flag per entry).
    pub fn kept_by_written(&self, t: &Term, max: usize, seen: &mut [bool], out: &mut Vec<u32>) {
        match t {
            Term::Ref(n) => match self.written_out_view(*n, max) {
                Some(v) => {
                    if let Some(s) = seen.get_mut(*n as usize) {
                        if !*s {
                            *s = true;
                            self.kept_by_written(v, max, seen, out);
                        }
                    }
                }
                None => out.push(*n),
            },
            _ => {
                for c in children(t) {
                    self.kept_by_written(c, max, seen, out);
                }
            }
        }
    }

    /// The references `text` keeps once `write_out_text_with` has written it out with `max`:
    /// those it leaves as `#n`, and those inside the entries it writes out (as
    /// [`TermTable::kept_by_written`]).
    pub fn kept_in_text(&self, text: &str, max: u64, seen: &mut [bool], out: &mut Vec<u32>) {
        for n in refs_in_text(text) {
            if self.writes_out_in_text(n, max) {
                self.kept_by_written(&Term::Ref(n), max as usize, seen, out);
            } else {
                out.push(n);
            }
        }
    }

    /// Whether [`write_out_text_with`] replaces `#n` by the entry written out.
    fn writes_out_in_text(&self, n: u32, max: u64) -> bool {
        (n as usize) < self.len() && self.size(&Term::Ref(n)) <= max
    }

    /// `t` with the entries it names written once each: `t where A = …, B = …`, one
    /// definition per entry it reaches, named by capital letters in the table's order, so each
    /// definition names only earlier ones and the text reads back as the same game. `t` itself
    /// when it names no entry; `None` when an entry it reaches is missing or names itself or a
    /// later one (a position on a cycle of a loopy game graph).
    pub fn as_where(&self, t: &Term) -> Option<Term> {
        let mut reached = std::collections::BTreeSet::new();
        let mut stack = vec![t];
        while let Some(u) = stack.pop() {
            if let Term::Ref(n) = u {
                if reached.insert(*n) {
                    let v = self.view(*n)?;
                    if max_ref(v).is_some_and(|m| m >= *n) {
                        return None;
                    }
                    stack.push(v);
                }
            } else {
                stack.extend(children(u));
            }
        }
        if reached.is_empty() {
            return Some(t.clone());
        }
        let names: FxHashMap<u32, String> = reached
            .iter()
            .enumerate()
            .map(|(i, &n)| (n, generated_name(i)))
            .collect();
        fn rename(t: &mut Term, names: &FxHashMap<u32, String>) {
            if let Term::Ref(n) = t {
                if let Some(name) = names.get(n) {
                    *t = Term::Name(name.clone());
                }
                return;
            }
            for c in children_mut(t) {
                rename(c, names);
            }
        }
        let mut defs = Vec::with_capacity(reached.len());
        for &n in &reached {
            let mut v = self.view(n)?.clone();
            rename(&mut v, &names);
            defs.push((names[&n].clone(), v));
        }
        let mut body = t.clone();
        rename(&mut body, &names);
        Some(Term::Where {
            body: Box::new(body),
            defs,
        })
    }

    /// `t` with every reference written out except to an entry that names itself or a later
    /// entry (a position on a cycle of a loopy game graph written through the table), which
    /// stays `#n`; an error past `max` nodes or 1000 (`OPEN_DEPTH`) levels, saying which. Every
    /// entry written out names only earlier ones, so this ends even in a table with cycles:
    /// what a reader of a loopy proof's steps sees.
    pub fn open_up(&self, t: &Term, max: usize) -> Result<Term, String> {
        fn go(
            table: &TermTable,
            t: &Term,
            nodes: &mut usize,
            max: usize,
            depth: usize,
        ) -> Result<Term, String> {
            *nodes += 1;
            if *nodes > max {
                return Err(format!("a term of more than {max} nodes written out"));
            }
            if depth > OPEN_DEPTH {
                return Err(format!("terms nested more than {OPEN_DEPTH} levels deep"));
            }
            match t {
                Term::Ref(n) => match table.view(*n) {
                    Some(v) if max_ref(v).is_some_and(|m| m >= *n) => Ok(t.clone()),
                    Some(v) => go(table, v, nodes, max, depth + 1),
                    None => Ok(t.clone()),
                },
                _ => {
                    let kids = children(t)
                        .into_iter()
                        .map(|k| go(table, k, nodes, max, depth + 1))
                        .collect::<Result<Vec<_>, _>>()?;
                    Ok(with_children(t, kids.into_iter()))
                }
            }
        }
        go(self, t, &mut 0, max, 0)
    }

    /// The size of `t` written out, in nodes (saturating at `u64::MAX`).
    pub fn size(&self, t: &Term) -> u64 {
        match t {
            Term::Ref(n) => self.entry_size(*n).unwrap_or(1),
            _ => {
                let mut size = 1u64;
                each_child(t, &mut |c| size = size.saturating_add(self.size(c)));
                size
            }
        }
    }

    /// `t` with every reference written out, if that takes at most `max` nodes.
    pub fn expand(&self, t: &Term, max: usize) -> Option<Term> {
        let size = self.size(t);
        if size > max as u64 || size == u64::MAX {
            return None;
        }
        Some(self.expand_unchecked(t))
    }

    fn expand_unchecked(&self, t: &Term) -> Term {
        match t {
            Term::Ref(n) => match self.view(*n) {
                Some(v) => self.expand_unchecked(v),
                None => t.clone(),
            },
            _ => map_children(t, |c| self.expand_unchecked(c)),
        }
    }

    /// The entry of `t` with options in a fixed order, recursively: two terms are the same game
    /// written with options in another order exactly when these agree.
    pub fn normal(&mut self, t: &Term) -> u32 {
        let n = self.intern(t);
        self.normal_of(n)
    }

    fn normal_of(&mut self, n: u32) -> u32 {
        // Entries refer only to earlier ones, so normalising every entry up to n in order
        // needs no recursion, however deep the DAG.
        while self.normalised <= n as usize && self.normalised < self.len() {
            let i = self.normalised;
            if self.normal[i].is_none() {
                let m = self.normalise_entry(i);
                self.normal[i] = Some(m);
                if let Some(slot) = self.normal.get_mut(m as usize) {
                    *slot = Some(m);
                }
            }
            self.normalised += 1;
        }
        self.normal.get(n as usize).copied().flatten().unwrap_or(n)
    }

    /// Entry i with options sorted, its children's normal forms already known.
    fn normalise_entry(&mut self, i: usize) -> u32 {
        let Some(view) = self.view(i as u32).cloned() else {
            return i as u32;
        };
        let norm_child = |s: &Self, c: &Term| match c {
            Term::Ref(m) => {
                let k = s.normal.get(*m as usize).copied().flatten().unwrap_or(*m);
                match s.view(k) {
                    Some(v) if is_leaf(v) => v.clone(),
                    _ => Term::Ref(k),
                }
            }
            other => other.clone(),
        };
        let normal_view = match &view {
            Term::Game { left, right } => {
                let mut l: Vec<Term> = left.iter().map(|c| norm_child(self, c)).collect();
                let mut r: Vec<Term> = right.iter().map(|c| norm_child(self, c)).collect();
                l.sort_by(Term::structural_cmp);
                r.sort_by(Term::structural_cmp);
                Term::Game { left: l, right: r }
            }
            Term::PlusMinus(xs) => {
                let mut v: Vec<Term> = xs.iter().map(|c| norm_child(self, c)).collect();
                v.sort_by(Term::structural_cmp);
                Term::PlusMinus(v)
            }
            other => {
                let kids: Vec<Term> = children(other)
                    .into_iter()
                    .map(|c| norm_child(self, c))
                    .collect();
                with_children(other, kids.into_iter())
            }
        };
        self.insert_view(normal_view)
    }

    /// Whether `a` and `b` are the same game written alike up to the order of options.
    pub fn same(&mut self, a: &Term, b: &Term) -> bool {
        a == b || self.alike(a, b) || self.normal(a) == self.normal(b)
    }

    /// Whether `a` and `b` are one term once their references are written out, options in
    /// the same order: a reference on one side is looked through to its entry's view where the
    /// other side writes that entry out. A checker matching a rule binds a shared option by
    /// its view (`{1|-1}` where the step wrote `#0`), so most terms it compares differ only
    /// so; finding that node by node allocates nothing, where [`TermTable::normal`] interns
    /// both terms (a tenth of a large proof's check). `false` says only "not found alike": a
    /// different order of options, or more than [`ALIKE_NODES`] pairs of nodes looked at, is
    /// left to `normal`. A table with cycles (a loopy proof's) is always left to it.
    ///
    /// Walked by recursion, at most [`ALIKE_NODES`] deep: a list of the pairs still to look at
    /// was an allocation on every comparison, and the checker's matcher kept a walk of its own
    /// beside this one to avoid it. Each pair looked at (a reference looked through to another
    /// reference counts again) spends one of the budget, so a "yes" is found for exactly the
    /// pairs of terms it was found for in any order of walking.
    pub(crate) fn alike(&self, a: &Term, b: &Term) -> bool {
        fn go(table: &TermTable, a: &Term, b: &Term, budget: &mut u32) -> bool {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let (a, b) = match (a, b) {
                (Term::Ref(m), Term::Ref(n)) if m == n => return true,
                (Term::Ref(m), _) => match table.view(*m) {
                    Some(v) => (v, b),
                    None => return false,
                },
                (_, Term::Ref(n)) => match table.view(*n) {
                    Some(v) => (a, v),
                    None => return false,
                },
                _ => (a, b),
            };
            if matches!(a, Term::Ref(_)) || matches!(b, Term::Ref(_)) {
                return go(table, a, b, budget);
            }
            let mut both = |xs: &[Term], ys: &[Term]| {
                xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| go(table, x, y, budget))
            };
            match (a, b) {
                (
                    Term::Game {
                        left: l1,
                        right: r1,
                    },
                    Term::Game {
                        left: l2,
                        right: r2,
                    },
                ) => l1.len() == l2.len() && r1.len() == r2.len() && both(l1, l2) && both(r1, r2),
                (Term::Sum(a1, b1), Term::Sum(a2, b2)) => {
                    go(table, a1, a2, budget) && go(table, b1, b2, budget)
                }
                (Term::Neg(x), Term::Neg(y)) => go(table, x, y, budget),
                (Term::PlusMinus(xs), Term::PlusMinus(ys)) => both(xs, ys),
                // Anything else is compared as written.
                (a, b) => a == b,
            }
        }
        let mut budget = ALIKE_NODES;
        self.cyclic.is_none() && go(self, a, b, &mut budget)
    }

    /// `t`'s top node written out one level if it is a reference.
    pub fn unfold(&self, t: &Term) -> Option<Term> {
        // Followed by reference, and only the node reached copied: a copy of `t` (and of each
        // view on the way), each dropped, was half the clones the checker's `unfold` made.
        let mut cur = t;
        while let Term::Ref(n) = cur {
            cur = self.view(*n)?;
        }
        Some(cur.clone())
    }

    /// Tells `kernel` the value of each entry `t` depends on (the entries it names, those they
    /// name, and so on) that it has not been told yet, each after the entries it names.
    ///
    /// Valuing every entry below the largest one named, in order, as this did before, needed no
    /// stack; but a producer's table also holds the sums it was asked to simplify (its memo's
    /// keys), and valuing those computed each sum in the kernel a second time, beside the
    /// proof that simplifies it: a tenth of the composer's instructions on Σ_{k≤20} {k|−k},
    /// for values no rule asked for. A rule asks for the values of options, which name only
    /// results.
    pub fn tell_needed_values(
        &self,
        kernel: &mut crate::kernel::Kernel,
        t: &Term,
    ) -> Result<(), crate::kernel::KernelError> {
        fn untold(t: &Term, kernel: &crate::kernel::Kernel, out: &mut Vec<(u32, bool)>) {
            match t {
                Term::Ref(n) => {
                    if kernel.reference_value(*n).is_none() {
                        out.push((*n, false));
                    }
                }
                _ => {
                    for c in children(t) {
                        untold(c, kernel, out);
                    }
                }
            }
        }
        let mut todo = Vec::new();
        untold(t, kernel, &mut todo);
        // Entries whose names were pushed: met again (a cycle, which only a loopy table has),
        // an entry is valued as it is, and the kernel says which reference it lacks.
        let mut opened: Vec<u32> = Vec::new();
        // Each entry is pushed as `(n, false)` to push what it names, then valued as `(n, true)`
        // once those are (an explicit stack: a DAG may be deeper than the thread's stack).
        while let Some((n, ready)) = todo.pop() {
            if kernel.reference_value(n).is_some() {
                continue;
            }
            let Some(view) = self.view(n) else {
                return Err(crate::kernel::KernelError::TooLarge {
                    what: format!("#{n}, which is not in the proof's term table"),
                });
            };
            if ready || opened.contains(&n) {
                let g = kernel.eval(view)?;
                kernel.set_reference(n, g);
                continue;
            }
            if self.cyclic.is_some() {
                opened.push(n);
            }
            todo.push((n, true));
            untold(view, kernel, &mut todo);
        }
        Ok(())
    }

    /// Adds `other`'s entries to this table; entry n of `other` is entry `map[n]` here.
    pub fn absorb(&mut self, other: &TermTable) -> Vec<u32> {
        if other.cyclic.is_some() || self.cyclic.is_some() {
            return self.absorb_cyclic(other);
        }
        let mut map = Vec::with_capacity(other.len());
        for v in (0..other.len() as u32).filter_map(|n| other.view(n)) {
            let v = renumber(v, &map);
            map.push(self.intern(&v));
        }
        map
    }

    /// [`TermTable::absorb`] when a table has cycles (a loopy proof's game graphs): entries
    /// are the same when their views are alike with the entries they name taken as the same,
    /// found for both tables together by partition refinement (the coarsest such sameness);
    /// each of `other`'s entries is an entry of this table the same as it, or a new one.
    fn absorb_cyclic(&mut self, other: &TermTable) -> Vec<u32> {
        let base = self.len();
        let all: Vec<&Term> = (0..base as u32)
            .filter_map(|n| self.view(n))
            .chain((0..other.len() as u32).filter_map(|n| other.view(n)))
            .collect();
        // Entry i of the union: this table's i, or `other`'s i − base (its references moved).
        let at = |i: usize, r: u32| -> usize {
            if i < base {
                r as usize
            } else {
                base + r as usize
            }
        };
        let last = all.len().saturating_sub(1);
        let sig = |i: usize, colour: &[usize]| {
            crate::term::Structural(renumber_with(all[i], &|r| {
                colour[at(i, r).min(last)] as u32
            }))
        };
        let colour = match crate::loopy::refine::refine(all.len(), &sig, &mut |_| Ok(())) {
            Ok((c, _)) => c,
            // Not reached (nothing stops the refinement): every entry its own.
            Err(_) => (0..all.len()).collect(),
        };
        let mut number: FxHashMap<usize, u32> = FxHashMap::default();
        for (i, c) in colour.iter().enumerate().take(base) {
            number.entry(*c).or_insert(i as u32);
        }
        let mut fresh = Vec::new();
        let mut map = Vec::with_capacity(other.len());
        for (i, c) in colour.iter().enumerate().skip(base) {
            let n = *number.entry(*c).or_insert_with(|| {
                fresh.push(i);
                (base + fresh.len() - 1) as u32
            });
            map.push(n);
        }
        let views: Vec<Term> = fresh.iter().map(|&i| renumber(all[i], &map)).collect();
        for v in views {
            self.insert_view(v);
        }
        map
    }

    /// The entries `roots` refer to, directly or through other entries, as a table of their
    /// own (in the same order, so entries still refer only backwards); entry n here is entry
    /// `map[n]` there (`u32::MAX` for an entry left out).
    pub fn compact<'t>(&self, roots: impl IntoIterator<Item = &'t Term>) -> (TermTable, Vec<u32>) {
        let mut keep = vec![false; self.len()];
        let mut pending = Vec::new();
        let mark = |t: &Term, keep: &mut Vec<bool>, pending: &mut Vec<u32>| {
            let mut stack = vec![t];
            while let Some(x) = stack.pop() {
                if let Term::Ref(n) = x {
                    if let Some(k) = keep.get_mut(*n as usize) {
                        if !*k {
                            *k = true;
                            pending.push(*n);
                        }
                    }
                } else {
                    stack.extend(children(x));
                }
            }
        };
        for t in roots {
            mark(t, &mut keep, &mut pending);
        }
        while let Some(n) = pending.pop() {
            if let Some(v) = self.view(n) {
                mark(v, &mut keep, &mut pending);
            }
        }
        // Numbers first, so an entry naming a later one (a loopy proof's cycle) is renumbered
        // too; kept entries are distinct, and stay so renumbered.
        let mut map = vec![u32::MAX; self.len()];
        let mut next = 0;
        for (n, m) in map.iter_mut().enumerate() {
            if keep[n] {
                *m = next;
                next += 1;
            }
        }
        let mut out = TermTable::new();
        for (n, v) in (0..self.len() as u32).filter_map(|n| Some((n as usize, self.view(n)?))) {
            if keep[n] {
                out.insert_view(renumber(v, &map));
            }
        }
        (out, map)
    }

    /// Reads a table from its views (a proof's JSON): each entry may refer only to entries
    /// before it, except a brace, which may name any entry (a loopy game graph written through
    /// the table: [`TermTable::cyclic`] then says where, and the reader refuses it unless the
    /// proof is loopy); no entry is only a reference, and none repeats another.
    pub fn from_views(views: Vec<Term>) -> Result<TermTable, TableError> {
        Self::read(views, true)
    }

    /// [`TermTable::from_views`] for a proof known not to be loopy: every entry, a brace too,
    /// names only earlier ones (the first that does not is the error).
    pub fn from_views_backwards(views: Vec<Term>) -> Result<TermTable, TableError> {
        Self::read(views, false)
    }

    fn read(views: Vec<Term>, braces_forward: bool) -> Result<TermTable, TableError> {
        let mut table = TermTable::new();
        let len = views.len();
        // Room in the index for every entry at once: growing it as it fills hashed each entry
        // again at every doubling (a fifth of reading Σ_{k≤30} {k|−k}'s table of 239,000
        // entries). The vectors grow by copying, which is cheap, and keep the room doubling
        // leaves for the entries a check interns.
        table.index.reserve(len, |&m| table.hashes[m as usize]);
        for (i, v) in views.into_iter().enumerate() {
            if let Term::Ref(n) = v {
                return Err(TableError {
                    entry: i,
                    reason: format!("is only a reference (#{n}): an entry is a term of its own"),
                });
            }
            let mut bad = None;
            let brace = braces_forward && matches!(v, Term::Game { .. });
            check_refs(&v, i, if brace { len } else { i }, &mut bad);
            if let Some(reason) = bad {
                return Err(TableError { entry: i, reason });
            }
            // A stored view is folded again, so a view written out further than necessary
            // gets the number its folded form has.
            let before = table.len();
            // A view whose parts are all leaves (references, closed forms) is its own folded
            // form: most entries of a proof's table, kept as read rather than rebuilt.
            let folded = if parts_are_leaves(&v) {
                tight(v)
            } else {
                table.fold_children(&v)
            };
            if table.len() > before {
                return Err(TableError {
                    entry: i,
                    reason: "writes out a part that is an entry of its own: a part larger than \
                             a leaf is a reference to an earlier entry (in a loopy game, every \
                             closed part)"
                        .into(),
                });
            }
            // A repeat gets the earlier entry's number: one lookup tells.
            let n = table.insert_view(folded);
            if n as usize != i {
                return Err(TableError {
                    entry: i,
                    reason: "repeats an earlier entry".into(),
                });
            }
        }
        Ok(table)
    }
}

/// Whether `t` is a game, a sum or a negation whose parts are all leaves: then folding it
/// (interning every part that is not a leaf) gives `t` again.
fn parts_are_leaves(t: &Term) -> bool {
    match t {
        Term::Game { left, right } => left.iter().chain(right).all(is_leaf),
        Term::Sum(a, b) => is_leaf(a) && is_leaf(b),
        Term::Neg(a) => is_leaf(a),
        _ => false,
    }
}

/// `t` with its lists of options holding no spare room: the parser's lists grow as they are
/// read, and a table keeps its views for good (Σ_{k≤30} {k|−k}'s table held 43 MB more kept
/// as parsed).
fn tight(mut t: Term) -> Term {
    if let Term::Game { left, right } = &mut t {
        left.shrink_to_fit();
        right.shrink_to_fit();
    }
    t
}

/// Whether `t` is written in the loopy notation above its references (a labelled brace,
/// `pass`, or one of the named loopy games), so its view is made by `fold_loopy`.
fn loopy_notation(t: &Term) -> bool {
    match t {
        Term::Call { name, .. } if name == LOOP || name == PASS => true,
        Term::Call { name, args } if args.is_empty() && CONSTANTS.contains(&name.as_str()) => true,
        // Without a list of the children: this walk is asked of every term interned. A
        // leaf holds no call, and a game's or sum's walk stops at the first that is one.
        Term::Ref(_) | Term::Nus { .. } | Term::Hackenstring(_) => false,
        Term::Game { left, right } => left.iter().chain(right).any(loopy_notation),
        Term::Sum(a, b) => loopy_notation(a) || loopy_notation(b),
        _ => {
            let mut found = false;
            each_child(t, &mut |c| found = found || loopy_notation(c));
            found
        }
    }
}

/// Whether every label `t` names is defined inside it (or in `bound`).
fn closed<'t>(t: &'t Term, bound: &mut Vec<&'t str>) -> bool {
    match t {
        Term::Name(n) => bound.contains(&n.as_str()),
        Term::Call { name, args } if name == LOOP => {
            let label = args.iter().find_map(|a| match a {
                Arg::Text(l) => Some(l.as_str()),
                Arg::Game(_) => None,
            });
            bound.extend(label);
            let ok = children(t).into_iter().all(|c| closed(c, bound));
            if label.is_some() {
                bound.pop();
            }
            ok
        }
        _ => children(t).into_iter().all(|c| closed(c, bound)),
    }
}

/// The largest reference in `t`.
fn max_ref(t: &Term) -> Option<u32> {
    match t {
        Term::Ref(n) => Some(*n),
        _ => {
            let mut max = None;
            each_child(t, &mut |c| max = max.max(max_ref(c)));
            max
        }
    }
}

/// Whether an entry of a table with these views names itself or a later entry. When none
/// does, [`TermTable::from_views`] and [`TermTable::from_views_backwards`] read them alike,
/// into a table with no cycle, whatever the play turns out to be.
pub(crate) fn names_forward(views: &[Term]) -> bool {
    views
        .iter()
        .enumerate()
        .any(|(i, v)| max_ref(v).is_some_and(|m| m as usize >= i))
}

/// `f` on each of `t`'s children, in the order of [`children`], without listing them first:
/// reading a table walks every entry's children three times (its references checked, its size,
/// its largest reference), and a vector each time was a tenth of reading Σ_{k≤30} {k|−k}'s
/// table, which every checker waits for.
fn each_child<'t>(t: &'t Term, f: &mut impl FnMut(&'t Term)) {
    match t {
        Term::Game { left, right } => left.iter().chain(right).for_each(f),
        Term::Sum(a, b) => {
            f(a);
            f(b);
        }
        Term::Neg(a) => f(a),
        Term::Nus { .. } | Term::Hackenstring(_) | Term::Ref(_) => {}
        _ => children(t).into_iter().for_each(f),
    }
}

/// `t` with each reference `#n` replaced by `#f(n)`.
fn renumber_with(t: &Term, f: &dyn Fn(u32) -> u32) -> Term {
    match t {
        Term::Ref(n) => Term::Ref(f(*n)),
        _ => map_children(t, |c| renumber_with(c, f)),
    }
}

/// `t` with each reference `#n` replaced by `#map[n]` (kept when `map` has no entry n).
pub fn renumber(t: &Term, map: &[u32]) -> Term {
    match t {
        Term::Ref(n) => Term::Ref(map.get(*n as usize).copied().unwrap_or(*n)),
        _ => map_children(t, |c| renumber(c, map)),
    }
}

/// [`renumber`] in place: no node is copied, so renumbering a whole proof costs a walk, not a
/// second proof in memory. A term as a proof holds it is a few nodes above its references, so
/// the walk recurses to a small depth and only a deeper term gets an explicit stack (a stack
/// allocated for every term was a third of the pipeline's renumbering).
pub fn renumber_in_place(t: &mut Term, map: &[u32]) {
    renumber_shallow(t, map, 0)
}

/// How deep [`renumber_in_place`] recurses before it walks with a stack.
const RENUMBER_DEPTH: usize = 32;

fn renumber_shallow(t: &mut Term, map: &[u32], depth: usize) {
    if depth >= RENUMBER_DEPTH {
        return renumber_deep(t, map);
    }
    match t {
        Term::Ref(n) => *n = map.get(*n as usize).copied().unwrap_or(*n),
        Term::Nus { .. } | Term::Hackenstring(_) => {}
        Term::Game { left, right } => {
            for c in left.iter_mut().chain(right.iter_mut()) {
                renumber_shallow(c, map, depth + 1);
            }
        }
        Term::Sum(a, b) => {
            renumber_shallow(a, map, depth + 1);
            renumber_shallow(b, map, depth + 1);
        }
        other => {
            for c in children_mut(other) {
                renumber_shallow(c, map, depth + 1);
            }
        }
    }
}

fn renumber_deep(t: &mut Term, map: &[u32]) {
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        match x {
            Term::Ref(n) => *n = map.get(*n as usize).copied().unwrap_or(*n),
            // Leaves hold no reference; games and sums are most of a proof's nodes.
            Term::Nus { .. } | Term::Hackenstring(_) => {}
            Term::Game { left, right } => {
                stack.extend(left.iter_mut());
                stack.extend(right.iter_mut());
            }
            Term::Sum(a, b) => {
                stack.push(a);
                stack.push(b);
            }
            other => stack.extend(children_mut(other)),
        }
    }
}

/// Entries written out once each, for writing out many terms and texts with one table and
/// one `max`: a derivation's steps name the same entries over and over (the results of the
/// lemmas they cite), and printing each anew was most of the text of Σ_{k≤14} {k|−k}.
#[derive(Default)]
pub struct Written {
    terms: FxHashMap<u32, Term>,
    texts: FxHashMap<u32, String>,
}

impl TermTable {
    /// [`TermTable::written`] with each reference it keeps renumbered by `map` (none when
    /// `map` is empty), each entry written out once into `cache` (which must be used with this
    /// table, this `max` and this `map` only).
    pub fn written_with(&self, t: &Term, max: usize, map: &[u32], cache: &mut Written) -> Term {
        match t {
            Term::Ref(n) => {
                if let Some(w) = cache.terms.get(n) {
                    return w.clone();
                }
                let w = self.written_renumbered(t, max, map);
                cache.terms.insert(*n, w.clone());
                w
            }
            _ => map_children(t, |c| self.written_with(c, max, map, cache)),
        }
    }
}

/// `text` with each `#n` naming an entry of at most `max` nodes replaced by the entry written
/// out (as `written` writes a term), each entry printed once into `cache` (used with this
/// table and this `max` only).
pub fn write_out_text_with(text: &str, table: &TermTable, max: u64, cache: &mut Written) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find('#') {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let entry = rest[..digits]
            .parse::<u32>()
            .ok()
            .filter(|n| table.writes_out_in_text(*n, max));
        match entry {
            Some(n) => {
                let printed = cache.texts.entry(n).or_insert_with(|| {
                    let t = table.written(&Term::Ref(n), max as usize);
                    crate::syntax::print(&t, &Default::default())
                });
                out.push_str(printed);
            }
            None => {
                out.push('#');
                out.push_str(&rest[..digits]);
            }
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

/// The entries `text` names as `#n`.
pub fn refs_in_text(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.split('#').skip(1).filter_map(|rest| {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        rest[..digits].parse::<u32>().ok()
    })
}

/// `text` with every `#n` it names replaced by `#map[n]` (kept when `map` has no entry n): the
/// words of a step (`why`) print its terms, so they name entries as the terms do.
pub fn renumber_text(text: &str, map: &[u32]) -> String {
    if !text.contains('#') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(k) = rest.find('#') {
        out.push_str(&rest[..=k]);
        rest = &rest[k + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<usize>() {
            Ok(n) => {
                let m = map.get(n).copied().map_or(n, |m| m as usize);
                out.push_str(&m.to_string());
            }
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
    out
}

/// Whether every reference in `t`, the view of entry `entry`, is below `limit` (`entry` for
/// most entries, the table's length for a brace).
fn check_refs(t: &Term, entry: usize, limit: usize, bad: &mut Option<String>) {
    if bad.is_some() {
        return;
    }
    match t {
        Term::Ref(n) if *n as usize >= limit => {
            *bad = Some(if *n as usize == entry {
                "refers to itself".into()
            } else if limit == entry {
                format!("refers to #{n}, which is not an earlier entry")
            } else {
                format!("refers to #{n}, which is not an entry of the table")
            });
        }
        _ => each_child(t, &mut |c| check_refs(c, entry, limit, bad)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    /// The index finds each entry by its view as a map from views to numbers would (the
    /// independent definition here), over many entries and through the index's growth; a
    /// graph refused for repeating an entry takes its own views out of the index again.
    #[test]
    fn the_index_finds_entries_by_view_as_a_map_of_views_would() {
        let mut t = TermTable::new();
        let mut want: std::collections::HashMap<Term, u32> = std::collections::HashMap::new();
        for k in 0..3000i64 {
            // Each a game of earlier entries and integers: many alike in shape, none equal.
            let l = if k > 0 {
                Term::Ref(((k * 37 + 11) % k) as u32)
            } else {
                Term::integer(0)
            };
            let v = Term::game(vec![l], vec![Term::integer(k)]);
            let n = t.push_view(v.clone());
            assert_eq!(n as usize, want.len());
            want.insert(v, n);
        }
        for (v, &n) in &want {
            assert_eq!(t.push_view(v.clone()), n);
            assert_eq!(t.find(v), Some(n));
        }
        let len = t.len();
        let fresh = Term::game(vec![Term::integer(-1)], vec![Term::integer(-2)]);
        let other = Term::game(vec![Term::integer(-3)], vec![Term::integer(-4)]);
        // Two views alike in the graph itself: the first two are entered, then taken out.
        assert_eq!(
            t.push_graph(vec![fresh.clone(), other.clone(), fresh.clone()]),
            None
        );
        assert_eq!(t.len(), len);
        assert_eq!((t.find(&fresh), t.find(&other)), (None, None));
        // Pushed again, it gets the next number, as it would have before.
        assert_eq!(t.push_view(fresh.clone()), len as u32);
        assert_eq!(t.find(&fresh), Some(len as u32));
        // A table read from the same views is equal to it, and finds alike.
        let back = TermTable::from_views(t.views().to_vec()).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.find(&fresh), Some(len as u32));
    }

    #[test]
    fn equal_subterms_are_one_entry_and_expand_back() {
        let mut t = TermTable::new();
        let g = parse("{{3|2}|{3|2}, {1|0}} + {3|2}").unwrap();
        let n = t.intern(&g);
        // {3|2}, {1|0}, the game, the sum: four entries, {3|2} once.
        assert_eq!(t.len(), 4);
        assert_eq!(t.expand(&Term::Ref(n), 100).unwrap(), g);
        assert_eq!(t.size(&Term::Ref(n)), g.size() as u64);
        assert_eq!(t.intern(&g), n);
    }

    #[test]
    fn same_is_equality_up_to_the_order_of_options() {
        let mut t = TermTable::new();
        let a = parse("{{1|0}, 2 | {3|*}}").unwrap();
        let b = parse("{2, {1|0} | {3|*}}").unwrap();
        let c = parse("{2, {0|1} | {3|*}}").unwrap();
        assert!(t.same(&a, &b));
        assert!(!t.same(&a, &c));
        let r = Term::Ref(t.intern(&a));
        assert!(t.same(&r, &b));
    }

    /// A term written out and its entry (whose view names the parts by reference) are found
    /// the same node by node; a part written otherwise is not, and options in another order
    /// are left to `normal`.
    #[test]
    fn a_reference_and_its_entry_written_out_are_alike() {
        let mut t = TermTable::new();
        let a = parse("{{1|0}, 2 | {3|*}} + {5|{1|0}}").unwrap();
        let n = t.intern(&a);
        let view = t.view(n).unwrap().clone();
        assert_ne!(view, a);
        assert!(t.alike(&view, &a));
        assert!(t.alike(&a, &Term::Ref(n)));
        assert!(t.same(&a, &Term::Ref(n)));
        let c = parse("{{0|1}, 2 | {3|*}} + {5|{1|0}}").unwrap();
        assert!(!t.alike(&c, &Term::Ref(n)));
        assert!(!t.same(&c, &Term::Ref(n)));
        let d = parse("{2, {1|0} | {3|*}} + {5|{1|0}}").unwrap();
        assert!(!t.alike(&d, &Term::Ref(n)));
        assert!(t.same(&d, &Term::Ref(n)));
        // A sum is not its parts swapped, nor a negation its inside.
        let e = parse("{5|{1|0}} + {{1|0}, 2 | {3|*}}").unwrap();
        assert!(!t.same(&e, &Term::Ref(n)));
        assert!(!t.alike(&parse("-{5|{1|0}}").unwrap(), &parse("{5|{1|0}}").unwrap()));
    }

    /// A loopy term's entries are closed games: a labelled brace stays whole in one entry with
    /// its label's uses, its closed parts are entries of their own, and the views read back as
    /// the same table.
    #[test]
    fn loopy_entries_are_closed_and_read_back() {
        let mut t = TermTable::new();
        let g = parse("a{{2|1}||{2|1}, b{0|a, b}|a} + on").unwrap();
        let n = t.intern(&g);
        let shown: Vec<String> = t
            .views()
            .iter()
            .map(|v| crate::syntax::print(v, &Default::default()))
            .collect();
        // {2|1} once; the brace labelled a with b's brace (which names a) inside it; the sum,
        // with `on` in place.
        assert_eq!(
            shown,
            ["{2|1}", "a{#0||#0,b{0|a,b}|a}", "#1 + on"],
            "{shown:?}"
        );
        assert_eq!(t.expand(&Term::Ref(n), 100).unwrap(), g);
        let back = TermTable::from_views(t.views().to_vec()).unwrap();
        assert_eq!(back.views(), t.views());
        // A brace whose label is not used is one entry too (the label is not moved away from
        // it), and `{pass|pass}` is an entry of its own.
        let mut u = TermTable::new();
        let h = parse("{a{0|1}, {pass|pass} | 0}").unwrap();
        u.intern(&h);
        let shown: Vec<String> = u
            .views()
            .iter()
            .map(|v| crate::syntax::print(v, &Default::default()))
            .collect();
        assert_eq!(shown, ["a{0|1}", "{pass|pass}", "{#0,#1|0}"], "{shown:?}");
    }

    /// over's graph and upon's, through the table: `#0 = {0|#0}` is over ({0|pass}),
    /// `#1 = {#1|#2}`, `#2 = {0|0}` is upon ({pass|*}).
    fn cyclic_table(order: bool) -> (TermTable, u32, u32) {
        let mut t = TermTable::new();
        let star = t.intern(&parse("{0|0}").unwrap());
        let first = t.len() as u32;
        let (over, upon) = if order {
            (first, first + 1)
        } else {
            (first + 1, first)
        };
        let mut views = vec![
            Term::game(vec![Term::zero()], vec![Term::Ref(over)]),
            Term::game(vec![Term::Ref(upon)], vec![Term::Ref(star)]),
        ];
        if !order {
            views.reverse();
        }
        assert_eq!(t.push_graph(views), Some(first));
        (t, over, upon)
    }

    #[test]
    fn a_table_with_cycles_compacts_and_is_absorbed_by_sameness() {
        let (t, over, upon) = cyclic_table(true);
        assert_eq!(t.cyclic(), Some(over));
        assert_eq!(t.size(&Term::Ref(over)), u64::MAX);
        assert_eq!(t.expand(&Term::Ref(over), 1000), None);
        // Compacted to upon alone: its entry and *'s, renumbered, the cycle kept.
        let (c, map) = t.compact([&Term::Ref(upon)]);
        assert_eq!(c.len(), 2);
        let u = map[upon as usize];
        assert_eq!(
            c.view(u),
            Some(&Term::game(vec![Term::Ref(u)], vec![Term::Ref(map[0])]))
        );
        // Absorbed into a table holding the same games numbered otherwise: no new entry.
        let (mut other, over2, upon2) = cyclic_table(false);
        let before = other.len();
        let m = other.absorb(&t);
        assert_eq!(other.len(), before);
        assert_eq!((m[over as usize], m[upon as usize]), (over2, upon2));
        // Into an empty table: every entry, renumbered alike.
        let mut empty = TermTable::new();
        let m = empty.absorb(&t);
        assert_eq!(empty.views(), t.views());
        assert_eq!(m, vec![0, 1, 2]);
        // Read back from its views, the same table.
        let back = TermTable::from_views(t.views().to_vec()).unwrap();
        assert_eq!(back.views(), t.views());
        assert!(TermTable::from_views_backwards(t.views().to_vec()).is_err());
    }

    #[test]
    fn a_table_read_back_refers_only_backwards() {
        let v = |s: &str| parse(s).unwrap();
        let ok = TermTable::from_views(vec![v("{1|0}"), Term::game(vec![Term::Ref(0)], vec![])]);
        assert!(ok.is_ok());
        // A brace may name a later entry or itself (a loopy proof's graph), which the table
        // tells, and which every other proof's reader refuses by `backwards_only`.
        let fwd = TermTable::from_views(vec![Term::game(vec![Term::Ref(1)], vec![]), v("{1|0}")])
            .unwrap();
        assert_eq!(fwd.cyclic(), Some(0));
        assert_eq!(fwd.backwards_only().unwrap_err().entry, 0);
        let own = TermTable::from_views(vec![Term::game(vec![Term::Ref(0)], vec![])]).unwrap();
        assert!(own.backwards_only().unwrap_err().reason.contains("itself"));
        // Any other entry names only earlier ones; none is only a reference.
        let sum = TermTable::from_views(vec![v("{1|0}"), Term::sum(Term::Ref(1), Term::Ref(0))]);
        assert!(sum.unwrap_err().reason.contains("itself"));
        let bare = TermTable::from_views(vec![v("{1|0}"), Term::Ref(0)]).unwrap_err();
        assert!(bare.reason.contains("only a reference"), "{}", bare.reason);
        let beyond = TermTable::from_views(vec![Term::game(vec![Term::Ref(5)], vec![])]);
        assert!(beyond
            .unwrap_err()
            .reason
            .contains("not an entry of the table"));
        let dup = TermTable::from_views(vec![v("{1|0}"), v("{1|0}")]).unwrap_err();
        assert_eq!(dup.entry, 1);
        // A repeat whose parts are all references, read without folding, is found too.
        let twice = Term::sum(Term::Ref(0), Term::Ref(0));
        let dup = TermTable::from_views(vec![v("{1|0}"), twice.clone(), twice]).unwrap_err();
        assert_eq!(
            (dup.entry, dup.reason.as_str()),
            (2, "repeats an earlier entry")
        );
    }

    /// A table over a shared base numbers what it interns as a copy of the base would, reads
    /// the base's entries through, and leaves the base as it was.
    #[test]
    fn a_table_over_a_base_is_a_copy_that_shares() {
        let mut base = TermTable::new();
        for s in ["{1|-1} + {2|-2}", "{{1|-1}, 2 | {2|-2}}", "-{3|1}"] {
            base.intern(&parse(s).unwrap());
        }
        let shared = Arc::new(base.clone());
        let mut copy = base.clone();
        let mut over = TermTable::over(Arc::clone(&shared));
        assert_eq!((over.len(), over.cyclic()), (base.len(), None));
        // Old games (the base's numbers), new ones, and sameness up to the order of
        // options, which interns the normal forms.
        for s in [
            "{1|-1} + {2|-2}",
            "{2, {1|-1} | {2|-2}}",
            "{{3|1}|{1|-1}} + -{3|1}",
            "{2|-2} + {1|-1}",
            "{2|-2}",
        ] {
            let g = parse(s).unwrap();
            assert_eq!(over.intern(&g), copy.intern(&g), "{s}");
            let h = parse("{2, {1|-1} | {2|-2}}").unwrap();
            assert_eq!(over.same(&g, &h), copy.same(&g, &h), "{s}");
            assert_eq!(over.normal(&g), copy.normal(&g), "{s}");
        }
        assert!(over.len() > base.len() + 2, "{}", over.len());
        assert_eq!(over.len(), copy.len());
        for n in 0..copy.len() as u32 {
            assert_eq!(over.view(n), copy.view(n), "#{n}");
            let r = Term::Ref(n);
            assert_eq!(over.size(&r), copy.size(&r), "#{n}");
            assert_eq!(over.expand(&r, 1000), copy.expand(&r, 1000), "#{n}");
        }
        // Its own entries only, after the base's.
        assert_eq!(over.views(), &copy.views()[base.len()..]);
        assert_eq!(*shared, base);
        let (b, rest) = over.unshare();
        drop(rest);
        drop(b);
        assert_eq!(Arc::try_unwrap(shared).ok(), Some(base));
    }

    #[test]
    fn a_table_read_back_from_its_views_is_the_table() {
        // Games, sums and negations over references and closed forms, some written with
        // their parts out: the table interning them, read back from its views, is itself.
        let mut t = TermTable::new();
        for s in [
            "{1|-1} + {2|-2} + {3|-3}",
            "-({1|-1} + {2|-2})",
            "{{1|-1}, *2 | {2|-2} + {1|-1}, 1/2}",
            "{0|{0|{0|-1}}}",
        ] {
            t.intern(&parse(s).unwrap());
        }
        assert!(t.len() >= 10, "{}", t.len());
        let read = TermTable::from_views(t.views().to_vec()).unwrap();
        assert_eq!(read, t);
        let read = TermTable::from_views_backwards(t.views().to_vec()).unwrap();
        assert_eq!(read, t);
    }
}
