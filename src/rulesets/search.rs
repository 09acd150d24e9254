//! The search shared by the partizan rulesets: independent parts summed, a transposition table
//! keyed by each part's canonical encoding, and the kernel's canonical values underneath.
//!
//! The walk keeps its own stack (a position many moves deep costs heap, not call stack) and
//! asks the kernel for `{L | R}` once per distinct part, so a value is never a tree: it is the
//! kernel's hash-consed id of the canonical form.

use super::search_shared::{Exchange, Link};
use super::RulesetError;
use crate::kernel::{GameId, Kernel, KernelError};
use rustc_hash::{FxHashMap, FxHashSet};
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

pub use crate::threads::threads;

/// A ruleset as the search sees it.
pub trait Rules {
    /// A position, or a part of one, in whatever encoding the ruleset keys its table by.
    type Pos: Clone + Eq + Hash;
    /// The independent parts of `p` (their values add up to p's), each in its canonical
    /// encoding, with `true` when the part's value is the negative of the encoded position's
    /// (a Domineering region transposed, a Clobber region with its colours swapped). Parts
    /// with value 0 known from the rules alone may be left out.
    fn parts(&self, p: &Self::Pos) -> Vec<(Self::Pos, bool)>;
    /// The positions Left (`left`) or Right can move to from the canonical part `p`. A ruleset
    /// may leave out a move that a move it lists dominates for a reason it can prove from the
    /// position alone (Domineering's columns and rows of three): the value is the same.
    fn moves(&self, p: &Self::Pos, left: bool) -> Vec<Self::Pos>;
    /// [`Rules::parts`] appended to `out`: the search calls this once per option, so a
    /// ruleset that can fill a buffer in place saves an allocation per option.
    fn parts_into(&self, p: &Self::Pos, out: &mut Vec<(Self::Pos, bool)>) {
        out.extend(self.parts(p));
    }
    /// [`Rules::moves`] appended to `out`.
    fn moves_into(&self, p: &Self::Pos, left: bool, out: &mut Vec<Self::Pos>) {
        out.extend(self.moves(p, left));
    }
    /// A slot in a dense array for small parts, below [`Rules::dense_len`]: small parts are
    /// most of the parts met, and an array index costs no hashing and few cache misses.
    fn dense_key(&self, _p: &Self::Pos) -> Option<usize> {
        None
    }
    /// How many slots [`Rules::dense_key`] uses.
    fn dense_len(&self) -> usize {
        0
    }
    /// A one-word key for a part of middling size, when it has one (equal parts, equal keys;
    /// different parts, different keys): a table entry of 16 bytes instead of the position's,
    /// so more of the table stays in cache.
    fn compact_key(&self, _p: &Self::Pos) -> Option<u64> {
        None
    }
    /// Whether the table should remember each part's canonical value by its options' values:
    /// worth it where many different parts have the same options (the chess boards' groups,
    /// whose canonical forms are mostly comparisons the ≤ memo answers over and over), not
    /// where nearly every part's options are new (its memory would be spent for nothing).
    fn memo_options(&self) -> bool {
        false
    }
    /// Four smaller positions `[P, Q, R, S]` whose values may settle the canonical part `p`'s
    /// without its options being valued, appended to `out`, with this promise (the ruleset's
    /// theorem): if P and Q have equal values then p = R + Q, and if R and S have equal values
    /// then p = S + P. `from` says where to start looking (0 at first, then what the last call
    /// returned); `None` (and nothing appended) when there is no further group. The search
    /// takes a group only when the table (or another thread) knows the values it needs, one
    /// group at a time, and falls back on `p`'s moves when none settles it (Domineering's
    /// bridges).
    fn shortcut_into(
        &self,
        _p: &Self::Pos,
        _from: usize,
        _out: &mut Vec<Self::Pos>,
    ) -> Option<usize> {
        None
    }
    /// A one-word key of the pair of positions `(with, without)` of a
    /// [`Rules::shortcut_into`] group (P and Q, or R and S), the same for every pair the
    /// same up to what cannot change whether their values are equal (for Domineering, a
    /// translation), and different for pairs that differ otherwise; `None` when there is
    /// none. The search remembers under it whether the two values were equal, so a later
    /// group with the same pair needs neither position valued to know it.
    fn pair_key(&self, _with: &Self::Pos, _without: &Self::Pos) -> Option<u64> {
        None
    }
    /// A one-word key of a whole position before it is split into parts (an option, or a
    /// [`Rules::shortcut_into`] group's position), nonzero, equal for two positions only when
    /// their values are equal (for Domineering, the same live squares up to a translation and
    /// a flip that keeps vertical vertical); `None` when there is none. The search remembers an
    /// option's value (the sum of its parts') under it, so that the same option met from
    /// another part needs no split, look-ups or sum.
    fn position_key(&self, _p: &Self::Pos) -> Option<u64> {
        None
    }
}

/// A transposition table: canonical part → value, bounded in entries.
pub struct Table<P> {
    map: FxHashMap<P, GameId>,
    /// Values of the small parts, by [`Rules::dense_key`] (allocated on first use).
    dense: Vec<Option<GameId>>,
    /// Values of the parts with a [`Rules::compact_key`].
    compact: crate::kernel::idmap::IdMap,
    /// Canonical values by options, for [`Rules::memo_options`]: the Left options' ids
    /// sorted and deduplicated, then the Right's, after their count.
    by_options: FxHashMap<Box<[u32]>, GameId>,
    /// Parts whose value [`Table::by_options`] gave without a canonical form worked out.
    pub by_options_hits: usize,
    /// Whether the two positions of a group's pair were found equal, by [`Rules::pair_key`].
    pairs: PairCache,
    /// Values of whole positions (options), by [`Rules::position_key`].
    positions: PositionCache,

    max_entries: usize,
    /// How many times the table was full and emptied.
    pub clears: usize,
    /// Parts whose value was worked out (not found in the table).
    pub solved: usize,
    /// Of those, parts settled by a [`Rules::shortcut_into`] group.
    pub shortcuts: usize,
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// An empty table holding at most `max_entries` parts; when full it is emptied and refilled,
    /// which costs time, never correctness.
    pub fn new(max_entries: usize) -> Self {
        Table {
            map: FxHashMap::default(),
            dense: Vec::new(),
            compact: Default::default(),
            by_options: FxHashMap::default(),
            by_options_hits: 0,
            pairs: PairCache::default(),
            positions: PositionCache::default(),
            max_entries: max_entries.max(1 << 10),
            clears: 0,
            solved: 0,
            shortcuts: 0,
        }
    }
    /// A table sized by the kernel's budget: as many parts as the kernel may hold games.
    pub fn for_kernel(kernel: &Kernel) -> Self {
        Table::new(kernel.budget().max_games.min(1 << 26))
    }
    /// Parts stored now in the hashed tables (the dense array of small parts not counted).
    pub fn len(&self) -> usize {
        self.map.len() + self.compact.len()
    }
    fn get<R: Rules<Pos = P>>(&self, rules: &R, p: &P) -> Option<GameId> {
        if let Some(i) = rules.dense_key(p) {
            return self.dense.get(i).copied().flatten();
        }
        match rules.compact_key(p) {
            Some(k) => self.compact.get(k),
            None => self.map.get(p).copied(),
        }
    }
    /// Starts loading where [`Table::get`] of `p` looks (a part with a one-word key), so
    /// that a frame's many look-ups wait for their cache misses together.
    fn prefetch<R: Rules<Pos = P>>(&self, rules: &R, p: &P) {
        if rules.dense_key(p).is_none() {
            if let Some(k) = rules.compact_key(p) {
                self.compact.prefetch(k);
            }
        }
    }
    fn insert<R: Rules<Pos = P>>(&mut self, rules: &R, p: P, g: GameId) {
        if let Some(i) = rules.dense_key(&p) {
            if self.dense.len() < rules.dense_len() {
                self.dense.resize(rules.dense_len(), None);
            }
            if let Some(slot) = self.dense.get_mut(i) {
                *slot = Some(g);
                return;
            }
        }
        if self.len() >= self.max_entries {
            self.map.clear();
            self.compact.clear();
            self.by_options.clear();
            self.pairs.clear();
            self.clears += 1;
        }
        match rules.compact_key(&p) {
            Some(k) => {
                self.compact.insert(k, g);
            }
            None => {
                self.map.insert(p, g);
            }
        }
    }
}

/// Whether a [`Rules::shortcut_into`] group's pair of positions have equal values, by
/// [`Rules::pair_key`]: a cache that forgets (one slot per key's hash, the last answer kept),
/// so that it costs a fixed 2 MiB however long the search. A forgotten answer is worked out
/// again from the table; a remembered one is a fact about the two values, true whenever asked.
#[derive(Default)]
struct PairCache {
    /// [`PAIR_SLOTS`] words or none yet: the key with the answer in bit 63, or 0 (no key is 0,
    /// and keys leave bit 63 clear).
    slots: Vec<u64>,
}

/// How many answers [`PairCache`] holds at most.
const PAIR_SLOTS: usize = 1 << 18;
/// The answer's bit in a [`PairCache`] slot.
const PAIR_EQUAL: u64 = 1 << 63;

impl PairCache {
    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 46) as usize & (PAIR_SLOTS - 1)
    }

    fn get(&self, key: u64) -> Option<bool> {
        let e = *self.slots.get(Self::slot(key))?;
        (e != 0 && e & !PAIR_EQUAL == key).then_some(e & PAIR_EQUAL != 0)
    }

    fn insert(&mut self, key: u64, equal: bool) {
        if key == 0 || key & PAIR_EQUAL != 0 {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![0; PAIR_SLOTS];
        }
        if let Some(e) = self.slots.get_mut(Self::slot(key)) {
            *e = key | if equal { PAIR_EQUAL } else { 0 };
        }
    }

    fn clear(&mut self) {
        self.slots = Vec::new();
    }
}

/// Values of whole positions by [`Rules::position_key`]: a direct-mapped cache that forgets
/// (one slot per key's hash, the last value kept). It starts small and grows fourfold each time
/// it has taken as many values as it has slots, up to [`POSITION_SLOTS`] (32 MiB): a small
/// board's search then costs a few kilobytes, not the 32 MiB a 6×6 board's needs, which would
/// count against a tight `--max-memory`. A value read back is the kernel's id of the position's
/// value, so it is the same as the one worked out again; the table's clearing leaves it alone
/// (the kernel's ids stay valid).
#[derive(Default)]
struct PositionCache {
    /// A power of two of entries, or none yet: the key in the low 64 bits and the id above, or
    /// 0 (no key is 0). Allocated zeroed, so its pages cost only once touched.
    slots: Vec<u128>,
    /// Values stored since the cache last grew.
    stored: usize,
}

/// How many values [`PositionCache`] holds at most.
const POSITION_SLOTS: usize = 1 << 21;
/// How many values [`PositionCache`] holds at first.
const FIRST_POSITION_SLOTS: usize = 1 << 12;

impl PositionCache {
    /// The slot of `key` among `len` slots (a power of two, at least 2).
    fn slot(key: u64, len: usize) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - len.trailing_zeros())) as usize
    }

    #[inline]
    fn get(&self, key: u64) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let e = *self.slots.get(Self::slot(key, self.slots.len()))?;
        (key != 0 && e as u64 == key).then_some(GameId((e >> 64) as u32))
    }

    /// Starts loading the slot [`PositionCache::get`] of `key` reads.
    #[inline]
    fn prefetch(&self, key: u64) {
        if self.slots.is_empty() {
            return;
        }
        if let Some(e) = self.slots.get(Self::slot(key, self.slots.len())) {
            crate::kernel::idmap::prefetch(e);
        }
    }

    fn insert(&mut self, key: u64, g: GameId) {
        if key == 0 {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![0; FIRST_POSITION_SLOTS];
        } else if self.stored >= self.slots.len() && self.slots.len() < POSITION_SLOTS {
            self.grow();
        }
        self.put(u128::from(key) | u128::from(g.0) << 64);
        self.stored += 1;
    }

    /// Writes the entry `e` (key and value) into its slot.
    fn put(&mut self, e: u128) {
        let len = self.slots.len();
        if let Some(slot) = self.slots.get_mut(Self::slot(e as u64, len)) {
            *slot = e;
        }
    }

    /// Four times the slots, keeping what the cache holds.
    fn grow(&mut self) {
        let len = (self.slots.len() * 4).min(POSITION_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![0; len]);
        for e in old.into_iter().filter(|&e| e != 0) {
            self.put(e);
        }
        self.stored = 0;
    }
}

impl<P> Table<P> {
    /// `kernel.from_options(l, r)`, remembered by the options: the canonical form is a
    /// function of the options' values, so a part whose options' values were met before gets
    /// the same id without its dominance and reversibility tests asked again.
    fn canonical_by_options(
        &mut self,
        l: &[GameId],
        r: &[GameId],
        kernel: &mut Kernel,
    ) -> Result<GameId, KernelError> {
        let side = |v: &[GameId]| {
            let mut v: Vec<u32> = v.iter().map(|g| g.0).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let (ls, rs) = (side(l), side(r));
        let mut key = Vec::with_capacity(1 + ls.len() + rs.len());
        key.push(ls.len() as u32);
        key.extend(ls);
        key.extend(rs);
        let key = key.into_boxed_slice();
        if let Some(&g) = self.by_options.get(&key) {
            self.by_options_hits += 1;
            return Ok(g);
        }
        let g = kernel.from_options(l, r)?;
        self.by_options.insert(key, g);
        Ok(g)
    }
}

/// One part being worked out: its options' parts, the values of those parts found in the
/// table when the frame was opened, and the options' values found so far. Frames are kept
/// for reuse when popped (their buffers cleared, not freed), so a search of millions of parts
/// allocates only as many frames as its deepest path.
struct Frame<P> {
    part: P,
    /// The options (positions one move away), Left's then Right's.
    options: Vec<P>,
    /// Every option's parts, one option after another.
    parts: Vec<(P, bool)>,
    /// Where each option's parts start in `parts`, and a last entry for the end.
    starts: Vec<usize>,
    /// By option: its [`Rules::position_key`] (0 for none), and its value when the table's
    /// [`PositionCache`] had it when the frame was opened (then it has no parts).
    keys: Vec<u64>,
    cached: Vec<Option<GameId>>,
    /// By part: its value if the table had it when the frame was opened.
    known: Vec<Option<GameId>>,
    left_count: usize,
    values: Vec<GameId>,
    /// The part's value when a [`Rules::shortcut_into`] group settled it ([`fill`]): then
    /// its options are not looked at.
    settled: Option<GameId>,
}

/// The value of position `p`: the sum of its parts' values.
pub fn value<R: Rules>(
    rules: &R,
    p: &R::Pos,
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
) -> Result<GameId, RulesetError> {
    let parts = rules.parts(p);
    for (part, _) in &parts {
        solve(rules, part, table, kernel)?;
    }
    let known: Vec<Option<GameId>> = parts.iter().map(|(q, _)| table.get(rules, q)).collect();
    Ok(sum_parts(&parts, &known, kernel)?.unwrap_or(kernel.zero()))
}

/// The sum of the parts' values if all are known, added in id order so that the same parts
/// meet in the same order and the kernel's sum memo answers.
fn sum_parts<P>(
    parts: &[(P, bool)],
    known: &[Option<GameId>],
    kernel: &mut Kernel,
) -> Result<Option<GameId>, KernelError> {
    let mut values: Vec<GameId> = Vec::new();
    sum_parts_with(parts, known, kernel, &mut values)
}

/// [`sum_parts`] with a caller's scratch buffer (cleared here), so the search's millions of
/// options cost no allocation each.
fn sum_parts_with<P>(
    parts: &[(P, bool)],
    known: &[Option<GameId>],
    kernel: &mut Kernel,
    values: &mut Vec<GameId>,
) -> Result<Option<GameId>, KernelError> {
    values.clear();
    for ((_, negated), v) in parts.iter().zip(known) {
        let Some(v) = *v else {
            return Ok(None);
        };
        values.push(if *negated { kernel.neg(v) } else { v });
    }
    values.sort_unstable();
    let mut total: Option<GameId> = None;
    for &v in values.iter() {
        total = Some(match total {
            None => v,
            Some(t) => kernel.add(t, v)?,
        });
    }
    Ok(Some(total.unwrap_or(kernel.zero())))
}

/// Puts the value of the canonical part `root` into the table, and returns it.
fn solve<R: Rules>(
    rules: &R,
    root: &R::Pos,
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
) -> Result<GameId, RulesetError> {
    solve_linked(rules, root, table, kernel, None, false)
}

/// [`solve`], sharing values with other threads through `link` when given: each part solved
/// is published, and a part missing from the table is taken from the exchange when another
/// thread has published it. `reverse` walks every part's options last first, so that a
/// helper thread starts where the main thread will come last. A helper (`reverse`) returns
/// early, with no value, once the exchange says stop.
fn solve_linked<R: Rules>(
    rules: &R,
    root: &R::Pos,
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
    mut link: Option<&mut Link<'_>>,
    reverse: bool,
) -> Result<GameId, RulesetError> {
    if let Some(v) = table.get(rules, root) {
        return Ok(v);
    }
    if let (Some(link), Some(key)) = (link.as_deref_mut(), rules.compact_key(root)) {
        if let Some(v) = link.take(key, kernel)? {
            table.insert(rules, root.clone(), v);
            return Ok(v);
        }
    }
    let mut last = kernel.zero();
    let mut sh = Shared { kernel, link };
    // `stack[..depth]` are the frames in use; those above are spare, kept for their buffers.
    let mut stack: Vec<Frame<R::Pos>> = Vec::new();
    let mut depth = 0;
    let mut scratch: Vec<GameId> = Vec::new();
    open(
        rules,
        root.clone(),
        table,
        &mut sh,
        &mut stack,
        &mut depth,
        reverse,
    )?;
    if let Some(link) = sh.link.as_deref() {
        link.set_path(depth, Some(rules.compact_key(root).unwrap_or(0)));
    }
    while let Some(frame) = depth.checked_sub(1).and_then(|d| stack.get_mut(d)) {
        let i = frame.values.len();
        if frame.settled.is_none() {
            if let Some(Some(v)) = frame.cached.get(i) {
                frame.values.push(*v);
                continue;
            }
        }
        let settled = frame.settled;
        let next = match (settled, frame.starts.get(i), frame.starts.get(i + 1)) {
            (None, Some(&from), Some(&to)) => Some((from, to)),
            _ => None,
        };
        let Some((from, to)) = next else {
            let g = if let Some(g) = settled {
                table.shortcuts += 1;
                g
            } else {
                let (l, r) = frame.values.split_at(frame.left_count);
                if rules.memo_options() {
                    table.canonical_by_options(l, r, sh.kernel)?
                } else {
                    sh.kernel.from_options(l, r)?
                }
            };
            let part = frame.part.clone();
            depth -= 1;
            table.solved += 1;
            if let Some(link) = sh.link.as_deref_mut() {
                link.set_path(depth, None);
                if let Some(key) = rules.compact_key(&part) {
                    link.give(key, g, sh.kernel)?;
                }
                if reverse && link.exchange().stopped() {
                    return Ok(g);
                }
            }
            table.insert(rules, part, g);
            last = g;
            continue;
        };
        let (Some(parts), Some(known)) = (frame.parts.get(from..to), frame.known.get_mut(from..to))
        else {
            break;
        };
        // A part missing when the frame was opened may have been solved since.
        for (k, (q, _)) in known.iter_mut().zip(parts) {
            if k.is_none() {
                *k = table.get(rules, q);
            }
        }
        match sum_parts_with(parts, known, sh.kernel, &mut scratch)? {
            Some(v) => {
                frame.values.push(v);
                if let Some(&key) = frame.keys.get(i) {
                    table.positions.insert(key, v);
                }
            }
            None => {
                // Some part is missing: work out the first one, then come back to this option.
                let mut missing = parts
                    .iter()
                    .zip(known.iter())
                    .find_map(|((q, _), k)| k.is_none().then(|| q.clone()));
                // Unless another thread is working it out now: then first a missing part of
                // this or a later option that no other thread has begun, if there is one.
                if let (Some(link), Some(q)) = (sh.link.as_deref(), missing.as_ref()) {
                    if rules
                        .compact_key(q)
                        .is_some_and(|k| link.begun_elsewhere(k))
                    {
                        if let Some(q) = unclaimed(rules, table, link, frame, from) {
                            missing = Some(q);
                        }
                    }
                }
                if let Some(q) = missing {
                    // Another thread may have solved it: its value is cheaper to carry over
                    // than to search for.
                    let shared = match (sh.link.as_deref_mut(), rules.compact_key(&q)) {
                        (Some(link), Some(key)) => link.take(key, sh.kernel)?,
                        _ => None,
                    };
                    match shared {
                        Some(v) => table.insert(rules, q, v),
                        None => {
                            let key = rules.compact_key(&q).unwrap_or(0);
                            open(rules, q, table, &mut sh, &mut stack, &mut depth, reverse)?;
                            if let Some(link) = sh.link.as_deref() {
                                link.set_path(depth, Some(key));
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(last)
}

/// The first part of `frame`'s options from the one starting at part `from` on that is
/// missing from the table (looked up again: it may have been solved since the frame was
/// opened) and that no other thread has begun.
fn unclaimed<R: Rules>(
    rules: &R,
    table: &Table<R::Pos>,
    link: &Link<'_>,
    frame: &mut Frame<R::Pos>,
    from: usize,
) -> Option<R::Pos> {
    let parts = frame.parts.get(from..)?;
    let known = frame.known.get_mut(from..)?;
    for (k, (q, _)) in known.iter_mut().zip(parts) {
        if k.is_none() {
            *k = table.get(rules, q);
            if k.is_none()
                && !rules
                    .compact_key(q)
                    .is_some_and(|key| link.begun_elsewhere(key))
            {
                return Some(q.clone());
            }
        }
    }
    None
}

/// Opens a frame for `part` at `stack[*depth]` (reusing a spare frame's buffers) and counts
/// it in: its options split into parts, and the parts' values looked up in one pass. The
/// look-ups are independent loads from a table of millions of entries, so done back to back
/// their cache misses overlap; done one option at a time, between the kernel's sums, each
/// miss was waited for alone (a quarter of the 5×6 Domineering profile).
fn open<R: Rules>(
    rules: &R,
    part: R::Pos,
    table: &mut Table<R::Pos>,
    shared: &mut Shared<'_, '_>,
    stack: &mut Vec<Frame<R::Pos>>,
    depth: &mut usize,
    reverse: bool,
) -> Result<(), KernelError> {
    if stack.len() <= *depth {
        stack.push(Frame {
            part: part.clone(),
            options: Vec::new(),
            parts: Vec::new(),
            starts: Vec::new(),
            keys: Vec::new(),
            cached: Vec::new(),
            known: Vec::new(),
            left_count: 0,
            values: Vec::new(),
            settled: None,
        });
    }
    let Some(f) = stack.get_mut(*depth) else {
        return Ok(());
    };
    *depth += 1;
    f.part = part;
    fill(rules, f, table, shared, reverse)
}

/// Fills frame `f` for its part: settled by the first [`Rules::shortcut_into`] group whose
/// values the table (or another thread) has and that settles it, if any; else its moves, the
/// options' parts and their values in the table.
///
/// A group is worth its values only when they are known: solving its positions for it
/// (regions the search would not meet otherwise, with all their followers) cost more than the
/// parts it settled saved (6×6: 23 % more CPU time). So a group's positions are valued here
/// one at a time, each only when the promise still needs it: P first (both conclusions need
/// it), then Q, then R (needed by either), then S unless P = Q settled it already.
///
/// Whether P = Q (and R = S) is remembered by the pair ([`Rules::pair_key`]): the same side
/// of a bridge with the same stub comes back in many regions, each with another square
/// across, and 45 % of the groups looked at on the empty 5×6 board had all four values known
/// and both pairs unequal. With the pairs remembered, a fifth of the groups are passed
/// without a position valued and most others value two positions instead of four
/// (instructions on the empty 4×7 board −3.7 %).
fn fill<R: Rules>(
    rules: &R,
    f: &mut Frame<R::Pos>,
    table: &mut Table<R::Pos>,
    shared: &mut Shared<'_, '_>,
    reverse: bool,
) -> Result<(), KernelError> {
    f.settled = None;
    f.values.clear();
    let mut from = Some(0);
    while let Some(at) = from {
        f.options.clear();
        from = rules.shortcut_into(&f.part, at, &mut f.options);
        if from.is_none() {
            break;
        }
        // Whether P = Q and whether R = S, when a group with the same pair was looked at
        // before: a group both of whose pairs are known unequal is passed without a value.
        let known_pair = |t: &Table<R::Pos>, i: usize| {
            let (a, b) = (f.options.get(i)?, f.options.get(i + 1)?);
            t.pairs.get(rules.pair_key(a, b)?)
        };
        let (pq, rs) = (known_pair(table, 0), known_pair(table, 2));
        if pq == Some(false) && rs == Some(false) {
            continue;
        }
        let Some(p) = known_value(rules, f, 0, table, shared)? else {
            continue;
        };
        let pq = match pq {
            Some(equal) => Some(equal),
            None => known_value(rules, f, 1, table, shared)?
                .map(|q| remember_pair(rules, f, 0, table, q == p)),
        };
        let Some(r) = known_value(rules, f, 2, table, shared)? else {
            continue;
        };
        if pq == Some(true) {
            f.settled = Some(shared.kernel.add(r, p)?);
            return Ok(());
        }
        let rs = match rs {
            Some(equal) => Some(equal),
            None => known_value(rules, f, 3, table, shared)?
                .map(|s| remember_pair(rules, f, 2, table, s == r)),
        };
        if rs == Some(true) {
            f.settled = Some(shared.kernel.add(r, p)?);
            return Ok(());
        }
    }
    f.options.clear();
    rules.moves_into(&f.part, true, &mut f.options);
    f.left_count = f.options.len();
    rules.moves_into(&f.part, false, &mut f.options);
    if reverse {
        let (l, r) = f.options.split_at_mut(f.left_count);
        l.reverse();
        r.reverse();
    }
    f.parts.clear();
    f.starts.clear();
    f.keys.clear();
    f.keys
        .extend(f.options.iter().map(|o| rules.position_key(o).unwrap_or(0)));
    for &k in &f.keys {
        table.positions.prefetch(k);
    }
    f.cached.clear();
    for (o, &k) in f.options.iter().zip(&f.keys) {
        f.starts.push(f.parts.len());
        let v = table.positions.get(k);
        f.cached.push(v);
        if v.is_none() {
            rules.parts_into(o, &mut f.parts);
        }
    }
    f.starts.push(f.parts.len());
    // The look-ups' cache misses asked for together, and then the negatives' that the
    // options' sums will read (a transposed part's value is negated).
    for (q, _) in &f.parts {
        table.prefetch(rules, q);
    }
    f.known.clear();
    f.known
        .extend(f.parts.iter().map(|(q, _)| table.get(rules, q)));
    for ((_, negated), k) in f.parts.iter().zip(&f.known) {
        if let (true, Some(v)) = (*negated, *k) {
            shared.kernel.prefetch_neg(v);
        }
    }
    f.values.clear();
    Ok(())
}

/// Remembers whether the pair `f.options[i]`, `f.options[i + 1]` of a group has equal
/// values; returns `equal`.
fn remember_pair<R: Rules>(
    rules: &R,
    f: &Frame<R::Pos>,
    i: usize,
    table: &mut Table<R::Pos>,
    equal: bool,
) -> bool {
    if let (Some(a), Some(b)) = (f.options.get(i), f.options.get(i + 1)) {
        if let Some(k) = rules.pair_key(a, b) {
            table.pairs.insert(k, equal);
        }
    }
    equal
}

/// The value of `f.options[i]` (a position of a [`Rules::shortcut_into`] group) if the table
/// or another thread has all its parts', else `None`; `f`'s part buffers are the scratch.
fn known_value<R: Rules>(
    rules: &R,
    f: &mut Frame<R::Pos>,
    i: usize,
    table: &mut Table<R::Pos>,
    shared: &mut Shared<'_, '_>,
) -> Result<Option<GameId>, KernelError> {
    let Some(o) = f.options.get(i) else {
        return Ok(None);
    };
    let key = rules.position_key(o).unwrap_or(0);
    if let Some(v) = table.positions.get(key) {
        return Ok(Some(v));
    }
    f.parts.clear();
    rules.parts_into(o, &mut f.parts);
    f.known.clear();
    f.known
        .extend(f.parts.iter().map(|(q, _)| table.get(rules, q)));
    take_shared(rules, table, shared, &f.parts, &mut f.known)?;
    let v = sum_parts_with(&f.parts, &f.known, shared.kernel, &mut f.values)?;
    if let Some(v) = v {
        table.positions.insert(key, v);
    }
    Ok(v)
}

/// The kernel and, when threads search together, this thread's link to the others: what
/// [`take_shared`] needs to carry another thread's values over.
struct Shared<'k, 'l> {
    kernel: &'k mut Kernel,
    link: Option<&'k mut Link<'l>>,
}

/// The parts missing from `known` (and from the table) that another thread has published,
/// carried into this thread's kernel and table. For a [`Rules::shortcut_into`] group only:
/// a group is taken when its values are known, and a value another thread found is as good
/// as one of this thread's (the same canonical form, so the same answer); without this the
/// two threads' tables, filled in different orders, each missed groups the other could have
/// settled, and opened those regions' options instead.
fn take_shared<R: Rules>(
    rules: &R,
    table: &mut Table<R::Pos>,
    shared: &mut Shared<'_, '_>,
    parts: &[(R::Pos, bool)],
    known: &mut [Option<GameId>],
) -> Result<(), KernelError> {
    let Some(link) = shared.link.as_deref_mut() else {
        return Ok(());
    };
    for (k, (q, _)) in known.iter_mut().zip(parts) {
        if k.is_some() {
            continue;
        }
        *k = table.get(rules, q);
        if k.is_some() {
            continue;
        }
        let Some(key) = rules.compact_key(q) else {
            continue;
        };
        match link.take(key, shared.kernel)? {
            Some(v) => {
                table.insert(rules, q.clone(), v);
                *k = Some(v);
            }
            // One value missing everywhere leaves the position unknown: the others are not
            // worth a look in the exchange.
            None => break,
        }
    }
    Ok(())
}

/// The sum of the values of the positions `ps` (a board's regions), with their distinct
/// parts solved by `threads` threads when there are two or more to share out: each thread
/// has a kernel and a table of its own (the kernel is one `&mut` arena) and takes the parts
/// one by one, largest first; the values are carried into `kernel` through their options,
/// memoised by id, and entered in `table`, and the sum is made there. With one thread, or one
/// part, this is the plain search.
///
/// With fewer distinct parts than threads (the empty board is one region) the threads search
/// the same parts together instead, passing solved parts between their kernels
/// (`solve_together`). Splitting one part by its options without such passing (a frontier a
/// few moves down, handed out like independent parts) was measured on the empty 5×6 board:
/// two threads spent 2.2× the CPU time of one, because the options' searches meet the same
/// sub-positions and each thread had to solve them again in its own kernel.
pub fn value_parallel<R>(
    rules: &R,
    ps: &[R::Pos],
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError>
where
    R: Rules + Sync,
    R::Pos: Send + Sync,
{
    if threads > 1 {
        let mut seen: FxHashSet<R::Pos> = FxHashSet::default();
        let mut tasks: Vec<R::Pos> = Vec::new();
        for p in ps {
            for (q, _) in rules.parts(p) {
                if table.get(rules, &q).is_none() && seen.insert(q.clone()) {
                    tasks.push(q);
                }
            }
        }
        if !tasks.is_empty() && tasks.len() < threads {
            // Too few parts to go round: all threads search them together, sharing values.
            solve_together(rules, &tasks, table, kernel, threads)?;
        } else if tasks.len() > 1 {
            // Largest first (most moves), so that no thread is left with a big part at the end.
            tasks.sort_by_cached_key(|q| {
                std::cmp::Reverse(rules.moves(q, true).len() + rules.moves(q, false).len())
            });
            let solved = solve_in_threads(rules, &tasks, kernel, threads.min(tasks.len()))?;
            for (mut from, values) in solved {
                let mut memo = FxHashMap::default();
                for (i, g) in values {
                    let v = transfer(&mut from, g, kernel, &mut memo)?;
                    table.insert(rules, tasks[i].clone(), v);
                }
            }
        }
    }
    let mut total = kernel.zero();
    for p in ps {
        let v = value(rules, p, table, kernel)?;
        total = kernel.add(total, v)?;
    }
    Ok(total)
}

/// The tasks' values entered in `table`, found by this thread with `kernel` while
/// `threads - 1` helpers search the same tasks (last first, each part's options last first)
/// with kernels and tables of their own; every part any thread solves is published in an
/// [`Exchange`], and a part missing from a thread's table is taken from there when it is
/// published; a thread about to begin a part that is on another thread's search path begins
/// a missing part no other thread has begun first, if its frame has one (see
/// [`super::search_shared`]). The values are this thread's own or carried over
/// structurally, so they are the same whatever the threads' timing; the helpers start once
/// this thread has solved
/// [`super::search_shared::HELPERS_AFTER`] parts and stop when it is done, and a
/// helper's error (a limit) only ends that helper. A helper also stops once the process uses
/// more than half its memory limit, so that sharing never makes a search run out of memory
/// that one thread alone would finish.
fn solve_together<R>(
    rules: &R,
    tasks: &[R::Pos],
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<(), RulesetError>
where
    R: Rules + Sync,
    R::Pos: Send + Sync,
{
    let ex = Exchange::new(threads);
    let budget = kernel.budget().clone();
    let max_entries = Table::<R::Pos>::for_kernel(kernel).max_entries;
    let helper = |me: usize| {
        // Nothing is allocated before the start: a search done sooner costs no second kernel.
        if !ex.wait_for_start() {
            ex.helper_done();
            return;
        }
        let mut k = Kernel::new();
        let mut b = budget.clone();
        b.max_memory = b.max_memory.min(crate::memory::limit()) / 2;
        k.set_budget(b);
        let mut t = Table::new(max_entries);
        let mut link = Link::new(&ex, me);
        for task in tasks.iter().rev() {
            if ex.stopped() {
                break;
            }
            // A helper's error is a limit of its own: the main thread goes on alone.
            if solve_linked(rules, task, &mut t, &mut k, Some(&mut link), true).is_err() {
                break;
            }
        }
        // A helper that stopped short leaves no parts shown as begun.
        link.set_path(0, None);
        ex.helper_done();
    };
    std::thread::scope(|s| {
        for me in 1..threads {
            let helper = &helper;
            s.spawn(move || helper(me));
        }
        // The helpers are told to stop however this thread leaves, so none waits forever.
        struct Finish<'a>(&'a Exchange);
        impl Drop for Finish<'_> {
            fn drop(&mut self) {
                self.0.finish();
            }
        }
        let _finish = Finish(&ex);
        let mut link = Link::new(&ex, 0);
        let mut result = Ok(());
        for task in tasks {
            if let Err(e) = solve_linked(rules, task, table, kernel, Some(&mut link), false) {
                result = Err(e);
                break;
            }
        }
        result
    })
}

/// Each task's value, worked out by `threads` threads taking the tasks in order: per thread,
/// its kernel and the (task, value) pairs it found.
#[allow(clippy::type_complexity)]
fn solve_in_threads<R>(
    rules: &R,
    tasks: &[R::Pos],
    kernel: &Kernel,
    threads: usize,
) -> Result<Vec<(Kernel, Vec<(usize, GameId)>)>, RulesetError>
where
    R: Rules + Sync,
    R::Pos: Send + Sync,
{
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let budget = kernel.budget().clone();
    let max_entries = Table::<R::Pos>::for_kernel(kernel).max_entries / threads;
    let work = || -> Result<(Kernel, Vec<(usize, GameId)>), RulesetError> {
        let mut k = Kernel::new();
        k.set_budget(budget.clone());
        let mut t = Table::new(max_entries);
        let mut done = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(i) else { break };
            match solve(rules, task, &mut t, &mut k) {
                Ok(v) => done.push((i, v)),
                Err(e) => {
                    // One thread at a limit stops the others at their next task.
                    stop.store(true, Ordering::Relaxed);
                    return Err(e);
                }
            }
        }
        Ok((k, done))
    };
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.into_iter().collect()
}

/// The game `g` of kernel `from` as a game of kernel `to`: closed forms directly, other games
/// through their options, memoised by id, so a value is carried over in one pass over its
/// distinct followers (never as a tree).
pub fn transfer(
    from: &mut Kernel,
    g: GameId,
    to: &mut Kernel,
    memo: &mut FxHashMap<GameId, GameId>,
) -> Result<GameId, KernelError> {
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    // An explicit stack: (game, whether its options were pushed).
    let mut stack = vec![(g, false)];
    while let Some((x, expanded)) = stack.pop() {
        if memo.contains_key(&x) {
            continue;
        }
        if let Some((n, u, s)) = from.as_nus(x) {
            let v = to.nus(&n, &u, &s);
            memo.insert(x, v);
            continue;
        }
        let (l, r) = (from.left_options(x)?, from.right_options(x)?);
        if expanded {
            // Every option was carried over before its parent came back off the stack.
            let map = |v: &[GameId]| -> Option<Vec<GameId>> {
                v.iter().map(|y| memo.get(y).copied()).collect()
            };
            let (Some(ml), Some(mr)) = (map(&l), map(&r)) else {
                return Err(KernelError::TooLarge {
                    what: "a game whose options could not be carried between kernels".into(),
                });
            };
            let v = to.from_options(&ml, &mr)?;
            memo.insert(x, v);
        } else {
            stack.push((x, true));
            for y in l.into_iter().chain(r) {
                if !memo.contains_key(&y) {
                    stack.push((y, false));
                }
            }
        }
    }
    Ok(memo.get(&g).copied().unwrap_or(to.zero()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` keys from a xorshift generator started at `seed`: spread over every bit.
    fn xorshift(mut x: u64, n: usize) -> impl Iterator<Item = u64> {
        (0..n).map(move |_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
    }

    /// The positions' cache gives back the last value stored under a key or nothing, never
    /// another key's value (keys spread over every bit, values over every id bit), and it
    /// forgets once more keys than slots are stored; key 0 is never kept.
    #[test]
    fn position_cache_is_right_or_forgets() {
        let mut c = PositionCache::default();
        assert_eq!(c.get(7), None);
        let keys: Vec<u64> = xorshift(0x9e37_79b9_7f4a_7c15, 2 * POSITION_SLOTS)
            .map(|x| x.max(1))
            .collect();
        let value = |k: u64| GameId((k >> 17) as u32 ^ (k as u32));
        for &k in &keys {
            c.insert(k, GameId(!value(k).0));
            c.insert(k, value(k));
            assert_eq!(c.get(k), Some(value(k)));
        }
        let found = keys.iter().filter(|&&k| c.get(k).is_some()).count();
        for &k in &keys {
            assert!(c.get(k).is_none_or(|v| v == value(k)));
        }
        assert!(
            found > POSITION_SLOTS / 2 && found <= POSITION_SLOTS,
            "{found}"
        );
        c.insert(0, GameId(3));
        assert_eq!(c.get(0), None);
        assert_eq!(c.slots.len(), POSITION_SLOTS);
    }

    /// A few values keep the positions' cache at its first size, and growing keeps what it held.
    #[test]
    fn position_cache_starts_small_and_grows_keeping_its_values() {
        let mut c = PositionCache::default();
        assert!(c.slots.is_empty());
        let keys: Vec<u64> = xorshift(0x1234_5678_9abc_def1, FIRST_POSITION_SLOTS)
            .map(|x| x.max(1))
            .collect();
        let value = |k: u64| GameId(k as u32);
        for &k in keys.iter().take(100) {
            c.insert(k, value(k));
        }
        assert_eq!(c.slots.len(), FIRST_POSITION_SLOTS);
        for &k in keys.iter().skip(100) {
            c.insert(k, value(k));
        }
        // As many values as slots: still the first size; the next value makes it grow.
        assert_eq!(c.slots.len(), FIRST_POSITION_SLOTS);
        let held: Vec<u64> = keys
            .iter()
            .copied()
            .filter(|&k| c.get(k).is_some())
            .collect();
        assert!(held.len() > FIRST_POSITION_SLOTS / 2, "{}", held.len());
        c.grow();
        assert_eq!(c.slots.len(), 4 * FIRST_POSITION_SLOTS);
        for &k in &held {
            assert_eq!(c.get(k), Some(value(k)));
        }
    }

    /// The pairs' cache gives back the last answer stored under a key or nothing, never
    /// another key's answer, and it forgets once more keys than slots are stored.
    #[test]
    fn pair_cache_is_right_or_forgets() {
        let mut c = PairCache::default();
        assert_eq!(c.get(5), None);
        let keys: Vec<u64> = xorshift(0x2545_f491_4f6c_dd1d, 2 * PAIR_SLOTS)
            .map(|x| (x >> 2).max(1))
            .collect();
        // Answers a function of the key, so a stale or foreign slot would show.
        let answer = |k: u64| k.count_ones().is_multiple_of(2);
        for &k in &keys {
            c.insert(k, !answer(k));
            c.insert(k, answer(k));
            assert_eq!(c.get(k), Some(answer(k)));
        }
        let found = keys.iter().filter(|&&k| c.get(k).is_some()).count();
        for &k in &keys {
            assert!(c.get(k).is_none_or(|a| a == answer(k)));
        }
        assert!(found > PAIR_SLOTS / 2 && found <= PAIR_SLOTS, "{found}");
        // Keys that would clash with the answer's bit, and 0, are not kept.
        c.insert(0, true);
        c.insert(PAIR_EQUAL | 3, true);
        assert_eq!(c.get(0), None);
        c.clear();
        assert_eq!(c.get(keys[0]), None);
    }
}
