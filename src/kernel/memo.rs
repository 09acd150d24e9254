//! The memo of `a ≤ b`: a dense two-bit matrix for the first [`DENSE_MAX`] ids, where the
//! small, hot games live, and an open-addressing table of single machine words beyond.
//!
//! The matrix keeps row `a` contiguous, so a loop over many `b` for one `a` stays in a few
//! cache lines; it grows by doubling its side up to `DENSE_MAX` (4 MiB). In the table, each
//! entry packs the ordered pair and the answer into one `u64` (`a` in bits 32..63, `b` in
//! bits 0..32, the answer in bit 63), so an entry costs 8 bytes where a general hash map of
//! `(u64, bool)` costs 16, and a lookup is a multiply, a shift and a short linear probe. Ids of
//! 2^31 and above (which no kernel reaches in practice) go to an ordinary map, so the memo is
//! lossless for every id.
//!
//! Beside the table, answers that are cheap to work out again (settled by the options' known
//! answers, without recursion: [`LeMemo::insert_cheap`]) go to a direct-mapped cache that
//! forgets: on the Domineering boards they are two thirds of the answers and most are never
//! read again, so keeping them all only grew the table (and each doubling touches fresh
//! memory, which costs time here). What the cache forgets, the recursion finds again; the
//! answers are the same either way.

use super::GameId;
use rustc_hash::FxHashMap;

/// The answer bit.
const ANSWER: u64 = 1 << 63;
/// An empty slot. No stored key is 0: that would be the pair (0, 0), and `a ≤ a` is never
/// stored.
const EMPTY: u64 = 0;

/// Pairs of ids below this are kept in the dense matrix.
const DENSE_MAX: usize = 1 << 12;
/// The matrix's smallest side: a row is then a whole number of words.
const DENSE_MIN: usize = 1 << 6;

#[derive(Default)]
pub(crate) struct LeMemo {
    /// `dim × dim` two-bit cells, row by row: 0 unknown, 2 false, 3 true.
    dense: Vec<u64>,
    /// The matrix's side: 0, or a power of two from `DENSE_MIN` to `DENSE_MAX`.
    dim: usize,
    /// How many cells are known.
    dense_len: usize,
    /// Power-of-two many slots (or none yet), at most three quarters full.
    slots: Vec<u64>,
    len: usize,
    /// Pairs with an id of 2^31 or more.
    wide: FxHashMap<(GameId, GameId), bool>,
    /// The cheap answers ([`LeMemo::insert_cheap`]): [`CHEAP_SLOTS`] entries or none yet,
    /// each slot holding the last one whose key hashed there.
    cheap: Vec<u64>,
}

/// The cheap answers' cache: 8 MiB, most of it in the last-level cache of the machines this
/// is measured on, and allocated zeroed so that its pages cost only once touched. With 2^20
/// slots the empty 4×7 Domineering board runs as many instructions as with every cheap answer
/// kept (1,820,941,158 against 1,820,941,957); with 2^16, 1.2 % more.
const CHEAP_SLOTS: usize = 1 << 20;

impl LeMemo {
    fn key(a: GameId, b: GameId) -> Option<u64> {
        (a.0 < 1 << 31 && a != b).then(|| (u64::from(a.0) << 32) | u64::from(b.0))
    }

    /// The slot to start probing at: Fibonacci hashing of the key.
    fn home(key: u64, mask: usize) -> usize {
        let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & mask
    }

    /// The word and shift of a cell, for ids below `dim`.
    fn cell(&self, a: usize, b: usize) -> (usize, u32) {
        let i = a * self.dim + b;
        (i >> 5, ((i & 31) * 2) as u32)
    }

    /// Starts loading the cache line that [`LeMemo::get`] of (a, b) will read first, so that
    /// a loop about to ask several pairs waits for their misses together rather than one
    /// after another. A hint only: nothing is read or changed.
    #[inline]
    pub(crate) fn prefetch(&self, a: GameId, b: GameId) {
        let (i, j) = (a.0 as usize, b.0 as usize);
        let at: &u64 = if i < DENSE_MAX && j < DENSE_MAX {
            if i >= self.dim || j >= self.dim {
                return;
            }
            let (w, _) = self.cell(i, j);
            match self.dense.get(w) {
                Some(x) => x,
                None => return,
            }
        } else {
            let Some(key) = Self::key(a, b) else { return };
            // `get` reads the cheap answers' slot first: its miss too, alongside the table's.
            if let Some(c) = self
                .cheap
                .get(Self::home(key, self.cheap.len().wrapping_sub(1)))
            {
                super::idmap::prefetch(c);
            }
            if self.slots.is_empty() {
                return;
            }
            match self.slots.get(Self::home(key, self.slots.len() - 1)) {
                Some(x) => x,
                None => return,
            }
        };
        super::idmap::prefetch(at);
    }

    pub(crate) fn get(&self, a: GameId, b: GameId) -> Option<bool> {
        let (i, j) = (a.0 as usize, b.0 as usize);
        if i < DENSE_MAX && j < DENSE_MAX {
            if i >= self.dim || j >= self.dim {
                return None;
            }
            let (w, sh) = self.cell(i, j);
            let v = (self.dense.get(w)? >> sh) & 3;
            return (v != 0).then_some(v == 3);
        }
        let Some(key) = Self::key(a, b) else {
            return self.wide.get(&(a, b)).copied();
        };
        // The cheap answers first: one slot, where a miss in the table probes several.
        if !self.cheap.is_empty() {
            let e = *self.cheap.get(Self::home(key, self.cheap.len() - 1))?;
            if e != EMPTY && e & !ANSWER == key {
                return Some(e & ANSWER != 0);
            }
        }
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        loop {
            let e = *self.slots.get(i)?;
            if e == EMPTY {
                return None;
            }
            if e & !ANSWER == key {
                return Some(e & ANSWER != 0);
            }
            i = (i + 1) & mask;
        }
    }

    /// Keeps an answer that is cheap to work out again where it may be forgotten: in the
    /// cache of [`CHEAP_SLOTS`] slots, replacing the answer that was there. Pairs of small ids
    /// go to the matrix as [`LeMemo::insert`] puts them (its size does not depend on how many
    /// answers it holds), and pairs with a wide id are not kept.
    pub(crate) fn insert_cheap(&mut self, a: GameId, b: GameId, r: bool) {
        if (a.0 as usize) < DENSE_MAX && (b.0 as usize) < DENSE_MAX {
            self.insert(a, b, r);
            return;
        }
        let Some(key) = Self::key(a, b) else { return };
        if self.cheap.is_empty() {
            self.cheap = vec![EMPTY; CHEAP_SLOTS];
        }
        let mask = self.cheap.len() - 1;
        if let Some(slot) = self.cheap.get_mut(Self::home(key, mask)) {
            *slot = key | if r { ANSWER } else { 0 };
        }
    }

    pub(crate) fn insert(&mut self, a: GameId, b: GameId, r: bool) {
        let (i, j) = (a.0 as usize, b.0 as usize);
        if i < DENSE_MAX && j < DENSE_MAX {
            let need = (i.max(j) + 1).next_power_of_two().max(DENSE_MIN);
            if need > self.dim {
                self.grow_dense(need);
            }
            let (w, sh) = self.cell(i, j);
            if let Some(word) = self.dense.get_mut(w) {
                if (*word >> sh) & 3 == 0 {
                    self.dense_len += 1;
                }
                *word = (*word & !(3 << sh)) | ((2 | u64::from(r)) << sh);
            }
            return;
        }
        let Some(key) = Self::key(a, b) else {
            self.wide.insert((a, b), r);
            return;
        };
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let entry = key | if r { ANSWER } else { 0 };
        self.place(entry, true);
    }

    /// Puts an entry in its probe sequence, replacing the same key's entry if there is one.
    fn place(&mut self, entry: u64, count: bool) {
        let mask = self.slots.len() - 1;
        let key = entry & !ANSWER;
        let mut i = Self::home(key, mask);
        while let Some(slot) = self.slots.get_mut(i) {
            if *slot == EMPTY {
                *slot = entry;
                if count {
                    self.len += 1;
                }
                return;
            }
            if *slot & !ANSWER == key {
                *slot = entry;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Re-lays the matrix out with side `dim`, row by row.
    fn grow_dense(&mut self, dim: usize) {
        let mut dense = vec![0u64; dim * dim / 32];
        let (old_row, new_row) = (self.dim / 32, dim / 32);
        for a in 0..self.dim {
            let (from, to) = (a * old_row, a * new_row);
            if let (Some(src), Some(dst)) = (
                self.dense.get(from..from + old_row),
                dense.get_mut(to..to + old_row),
            ) {
                dst.copy_from_slice(src);
            }
        }
        self.dense = dense;
        self.dim = dim;
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(1 << 12);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; cap]);
        for e in old.into_iter().filter(|&e| e != EMPTY) {
            self.place(e, false);
        }
    }

    /// How many answers are stored.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.dense_len + self.len + self.wide.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against a plain map on many keys, including growth, overwrites and wide ids.
    #[test]
    fn agrees_with_a_map() {
        let mut m = LeMemo::default();
        let mut want: FxHashMap<(GameId, GameId), bool> = FxHashMap::default();
        let mut x: u64 = 12345;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = if x & 1 == 0 {
                (x >> 8) as u32 % 3000
            } else {
                (x >> 8) as u32
            };
            let b = (x >> 40) as u32 % 3000;
            let r = (x >> 20) & 1 != 0;
            if a != b {
                m.insert(GameId(a), GameId(b), r);
                want.insert((GameId(a), GameId(b)), r);
            }
        }
        assert_eq!(m.len(), want.len());
        for (&(a, b), &r) in &want {
            assert_eq!(m.get(a, b), Some(r));
        }
        for a in (0..100).chain(4090..4100) {
            for b in (0..100).chain(4090..4100) {
                let (a, b) = (GameId(a), GameId(b));
                assert_eq!(m.get(a, b), want.get(&(a, b)).copied());
            }
        }
    }

    /// The cheap answers: never a wrong answer (a slot's key is compared whole), the last
    /// answer of a pair wins, small pairs are kept for good, and the table's answers stand
    /// beside them.
    #[test]
    fn cheap_answers_are_right_or_forgotten() {
        let mut m = LeMemo::default();
        let mut want: FxHashMap<(GameId, GameId), bool> = FxHashMap::default();
        let mut kept: FxHashMap<(GameId, GameId), bool> = FxHashMap::default();
        let mut x: u64 = 987_654_321;
        for n in 0..3_000_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let a = GameId((x >> 8) as u32 % 5_000_000);
            let b = GameId((x >> 40) as u32 % 5_000_000);
            if a == b {
                continue;
            }
            // Answers a function of the pair, so a stale slot would show as a wrong one.
            let r = (a.0 ^ b.0) & 1 == 0;
            if n.is_multiple_of(3) {
                m.insert(a, b, r);
                kept.insert((a, b), r);
            } else {
                m.insert_cheap(a, b, r);
            }
            want.insert((a, b), r);
        }
        let small = (GameId(5), GameId(7));
        m.insert_cheap(small.0, small.1, true);
        let mut found = 0;
        for (&(a, b), &r) in &want {
            match m.get(a, b) {
                Some(got) => {
                    assert_eq!(got, r);
                    found += 1;
                }
                None => assert!(!kept.contains_key(&(a, b))),
            }
        }
        // The cache held some of the cheap answers, not all: it forgets.
        assert!(found > kept.len() && found < want.len());
        assert_eq!(m.get(small.0, small.1), Some(true));
        for (&(a, b), &r) in &kept {
            assert_eq!(m.get(a, b), Some(r));
        }
    }
}
