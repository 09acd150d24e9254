//! `u64 → GameId` by open addressing with linear probing over 16-byte slots: the kernel's sum
//! and negation memos, and the rulesets' transposition tables keyed by a one-word position. A
//! lookup that finds its key reads one cache line, where a general hash map reads a control
//! group and then an entry: on tables of millions of sums or parts, which is what a ruleset
//! search builds, each lookup is mostly a cache miss, so halving them matters.

use super::GameId;

/// A slot: the key, the id, and whether it is taken.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    id: u32,
    taken: bool,
}

/// `u64 → GameId`, at most three quarters full; lossless (never evicts).
#[derive(Default)]
pub(crate) struct IdMap {
    /// A power of two many slots, or none yet.
    slots: Vec<Slot>,
    len: usize,
}

impl IdMap {
    /// The key of an ordered pair of ids.
    pub(crate) fn pair(a: GameId, b: GameId) -> u64 {
        (u64::from(a.0) << 32) | u64::from(b.0)
    }

    /// The slot to start probing at: Fibonacci hashing, the high bits of the product.
    fn home(key: u64, mask: usize) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Starts loading the cache line where [`IdMap::get`] of `key` looks first, so that a
    /// caller about to look up many keys waits for their misses together. A hint only.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if let Some(s) = self
            .slots
            .get(Self::home(key, self.slots.len().wrapping_sub(1)))
        {
            prefetch(s);
        }
    }

    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        loop {
            let s = self.slots.get(i)?;
            if !s.taken {
                return None;
            }
            if s.key == key {
                return Some(GameId(s.id));
            }
            i = (i + 1) & mask;
        }
    }

    pub(crate) fn insert(&mut self, key: u64, id: GameId) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        if self.place(key, id.0) {
            self.len += 1;
        }
    }

    /// Puts the pair in its probe sequence; whether the key is new.
    fn place(&mut self, key: u64, id: u32) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        while let Some(s) = self.slots.get_mut(i) {
            if !s.taken {
                *s = Slot {
                    key,
                    id,
                    taken: true,
                };
                return true;
            }
            if s.key == key {
                s.id = id;
                return false;
            }
            i = (i + 1) & mask;
        }
        false
    }

    /// Empties the map and gives its memory back (a transposition table over its budget).
    pub(crate) fn clear(&mut self) {
        self.slots = Vec::new();
        self.len = 0;
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(1 << 10);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); cap]);
        for s in old.into_iter().filter(|s| s.taken) {
            self.place(s.key, s.id);
        }
    }
}

/// Starts loading the cache line holding `at`: a hint to the cache, nothing is read or
/// changed (the memo tables' prefetches, [`IdMap::prefetch`] and `LeMemo::prefetch`).
#[inline]
pub(crate) fn prefetch<T>(at: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint to the cache; it reads nothing the program sees and
    // cannot fault, and `at` points into a live value besides.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (at as *const T).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    /// Against a plain map on many keys, with growth, overwrites, zero and all-ones keys.
    #[test]
    fn agrees_with_a_map() {
        let mut m = IdMap::default();
        let mut want: FxHashMap<u64, GameId> = FxHashMap::default();
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for n in 0..100_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let key = match n % 5 {
                0 => x % 1000,
                1 => u64::MAX - x % 3,
                2 => IdMap::pair(GameId(n % 300), GameId((x >> 40) as u32 % 300)),
                _ => x,
            };
            m.insert(key, GameId(n));
            want.insert(key, GameId(n));
        }
        assert_eq!(m.len(), want.len());
        for (&k, &v) in &want {
            assert_eq!(m.get(k), Some(v));
        }
        let absent = (0..2000u64)
            .map(|i| i * 0x9e37_79b9 + 12345)
            .filter(|k| !want.contains_key(k));
        for k in absent {
            assert_eq!(m.get(k), None);
        }
        m.clear();
        assert_eq!((m.len(), m.get(0)), (0, None));
    }
}
