//! Values passed between threads that search one part together, each with its own kernel (a
//! kernel is one `&mut` arena): what a thread solves it publishes, kernel-independently, and
//! a thread that misses a part in its own table takes the other's value instead of searching.
//!
//! A published game is a closed form or its canonical options as indices into the same
//! thread's published games, so a value crosses kernels in one pass over the followers the
//! receiving thread has not taken yet, each interned as it stands ([`Kernel::intern_canonical`]:
//! a canonical form is canonical in every kernel, so nothing is re-decided). Parts are found
//! by their one-word keys ([`super::search::Rules::compact_key`]); parts without one are not
//! shared. The value of a part is the same whichever thread found it, so the answer does not
//! depend on the threads' timing, only the work does.
//!
//! The helpers wait until the main thread has solved [`HELPERS_AFTER`] parts, and the main
//! thread publishes nothing before: most searches are over long before that, and a helper
//! started at once cost them its whole kernel and a second core's time for nothing (the
//! 4×4 Rooks board took twice the CPU time of one thread, at the same wall time).
//!
//! Each thread also shows the parts on its search path (the parts it has begun and not
//! finished), and a thread about to begin a part that another has begun turns to a part no
//! other has begun, coming back to the first one later (by then, most often, published).
//! Without that the threads did the same work side by side: on a board with a symmetry the
//! helper's first option (the main thread's last, reversed) has the same key as the main
//! thread's first, and after that the two walks kept meeting in the same sub-parts, so the
//! second core gained nothing on the 6×6 board. Which part a thread begins first changes
//! only the work, never a value.

use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, RwLock};

/// Parts the main thread solves alone before the helpers start (a few tens of milliseconds
/// of search): a search that ends sooner costs one thread's time and memory, with any count.
pub(crate) const HELPERS_AFTER: usize = 20_000;

/// A game as another kernel rebuilds it.
enum Node {
    /// `number + up·↑ + *nim`.
    Nus(Dyadic, BigInt, Nimber),
    /// Canonical options: the first `left` of `ids` are Left's, the rest Right's; each an
    /// index into the publishing thread's games, published before this one.
    Opts { left: u32, ids: Box<[u32]> },
}

/// Shards of the part map, so that two threads seldom wait on one lock.
const SHARDS: usize = 64;

/// The deepest frames whose parts a thread shows on its path; deeper ones (not met on
/// boards up to 8×8, whose paths are at most 32 parts long) are not shown.
const PATH: usize = 64;

/// What the threads of one search share.
pub(crate) struct Exchange {
    /// By thread: the games it published, in order.
    games: Vec<RwLock<Vec<Node>>>,
    /// Part key → (thread, index of its value among that thread's games), sharded by key.
    parts: Vec<Mutex<FxHashMap<u64, (u32, u32)>>>,
    /// Set when the main thread has its answer (or failed): helpers stop at their next step.
    pub(crate) stop: AtomicBool,
    /// Helpers still searching: with none left, nothing published would be read again.
    helpers: AtomicUsize,
    /// Whether the helpers may start (set by the main thread's [`HELPERS_AFTER`]th part, or
    /// with `stop`), under the lock the helpers wait on.
    started: (Mutex<bool>, Condvar),
    /// Set with `started`, read without the lock on every step that asks whether a part is
    /// on another thread's path.
    running: AtomicBool,
    /// By thread: the keys of the parts on its search path, outermost first (a part without
    /// a key shows as 0, which no part's key is), of which the first `depths[thread]` hold.
    /// Read racily: a stale key only makes a thread choose its next part less well.
    paths: Vec<Box<[AtomicU64]>>,
    /// By thread: how many of its `paths` entries hold.
    depths: Vec<AtomicUsize>,
}

impl Exchange {
    /// An exchange for `threads` threads.
    pub(crate) fn new(threads: usize) -> Self {
        Exchange {
            games: (0..threads).map(|_| RwLock::new(Vec::new())).collect(),
            parts: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            stop: AtomicBool::new(false),
            helpers: AtomicUsize::new(threads.saturating_sub(1)),
            started: (Mutex::new(false), Condvar::new()),
            running: AtomicBool::new(false),
            paths: (0..threads)
                .map(|_| (0..PATH).map(|_| AtomicU64::new(0)).collect())
                .collect(),
            depths: (0..threads).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Lets the waiting helpers go.
    fn start(&self) {
        let (lock, cv) = &self.started;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.running.store(true, Ordering::Relaxed);
        cv.notify_all();
    }

    /// Tells the helpers to stop (waking any still waiting to start).
    pub(crate) fn finish(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.start();
    }

    /// A helper waits here until the main thread has done enough alone to be worth helping;
    /// returns whether to search (false once the main thread is done).
    pub(crate) fn wait_for_start(&self) -> bool {
        let (lock, cv) = &self.started;
        let mut go = lock.lock().unwrap_or_else(|e| e.into_inner());
        while !*go {
            go = cv.wait(go).unwrap_or_else(|e| e.into_inner());
        }
        !self.stopped()
    }

    /// Whether the helpers should stop.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A helper says it has stopped.
    pub(crate) fn helper_done(&self) {
        self.helpers.fetch_sub(1, Ordering::Relaxed);
    }

    fn shard(&self, key: u64) -> Option<&Mutex<FxHashMap<u64, (u32, u32)>>> {
        let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58;
        self.parts.get(h as usize % SHARDS)
    }
}

/// One thread's end of an [`Exchange`]: which of its games it has published, and which of the
/// others' it has taken into its kernel.
pub(crate) struct Link<'a> {
    ex: &'a Exchange,
    me: u32,
    /// Own game → index among own published games.
    published: FxHashMap<GameId, u32>,
    /// How many games this thread has published.
    count: u32,
    /// By thread: its published index → the game in this thread's kernel.
    taken: Vec<FxHashMap<u32, GameId>>,
    /// Parts this thread has offered (the main thread starts the helpers at
    /// [`HELPERS_AFTER`]).
    offered: usize,
}

/// A poisoned lock (a thread panicked holding it) only means a thread died; the data, append
/// only, is still whole, so it is read on.
fn read<T>(l: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(|e| e.into_inner())
}

impl<'a> Link<'a> {
    /// Thread `me`'s end of `ex`.
    pub(crate) fn new(ex: &'a Exchange, me: usize) -> Self {
        Link {
            ex,
            me: me as u32,
            published: FxHashMap::default(),
            count: 0,
            taken: (0..ex.games.len()).map(|_| FxHashMap::default()).collect(),
            offered: 0,
        }
    }

    /// The exchange.
    pub(crate) fn exchange(&self) -> &'a Exchange {
        self.ex
    }

    /// Shows that this thread's path is `depth` parts long, the last keyed `key` (0 for a part
    /// without a key) when `key` is given; without it, that the path was cut back to `depth`.
    pub(crate) fn set_path(&self, depth: usize, key: Option<u64>) {
        let me = self.me as usize;
        if let (Some(k), Some(slot)) = (
            key,
            depth
                .checked_sub(1)
                .and_then(|d| self.ex.paths.get(me)?.get(d)),
        ) {
            slot.store(k, Ordering::Relaxed);
        }
        if let Some(d) = self.ex.depths.get(me) {
            d.store(depth, Ordering::Relaxed);
        }
    }

    /// Whether the part keyed `key` is on another thread's path (begun there and not
    /// finished), while the threads search together.
    pub(crate) fn begun_elsewhere(&self, key: u64) -> bool {
        if !self.ex.running.load(Ordering::Relaxed) || self.ex.stopped() {
            return false;
        }
        self.ex
            .paths
            .iter()
            .zip(&self.ex.depths)
            .enumerate()
            .any(|(t, (path, depth))| {
                let n = depth.load(Ordering::Relaxed).min(PATH);
                t != self.me as usize
                    && path
                        .iter()
                        .take(n)
                        .any(|k| k.load(Ordering::Relaxed) == key)
            })
    }

    /// The value of the part keyed `key` if some thread has published it, as a game of
    /// `kernel`.
    pub(crate) fn take(
        &mut self,
        key: u64,
        kernel: &mut Kernel,
    ) -> Result<Option<GameId>, KernelError> {
        let Some(shard) = self.ex.shard(key) else {
            return Ok(None);
        };
        let found = shard
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .copied();
        match found {
            Some((t, i)) => self.import(t, i, kernel).map(Some),
            None => Ok(None),
        }
    }

    /// Publishes `g`, the value of the part keyed `key`, unless a value is there already (or,
    /// from the main thread, before the helpers start or when none is left to read it).
    pub(crate) fn give(
        &mut self,
        key: u64,
        g: GameId,
        kernel: &mut Kernel,
    ) -> Result<(), KernelError> {
        if self.me == 0 {
            self.offered += 1;
            if self.offered < HELPERS_AFTER {
                return Ok(());
            }
            if self.offered == HELPERS_AFTER {
                self.ex.start();
            }
            if self.ex.helpers.load(Ordering::Relaxed) == 0 {
                return Ok(());
            }
        }
        let Some(shard) = self.ex.shard(key) else {
            return Ok(());
        };
        if shard
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(&key)
        {
            return Ok(());
        }
        let i = self.export(g, kernel)?;
        shard
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_insert((self.me, i));
        Ok(())
    }

    /// Publishes `g` and every follower not published yet (options before the games that
    /// have them), in one append; returns g's index.
    fn export(&mut self, g: GameId, kernel: &mut Kernel) -> Result<u32, KernelError> {
        if let Some(&i) = self.published.get(&g) {
            return Ok(i);
        }
        let mut out: Vec<Node> = Vec::new();
        // (game, whether its options were pushed)
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.published.contains_key(&x) {
                continue;
            }
            if let Some((n, u, s)) = kernel.as_nus(x) {
                self.published.insert(x, self.count);
                self.count += 1;
                out.push(Node::Nus(n, u, s));
                continue;
            }
            let (l, r) = (kernel.left_options(x)?, kernel.right_options(x)?);
            if expanded {
                let ids: Option<Box<[u32]>> = l
                    .iter()
                    .chain(&r)
                    .map(|y| self.published.get(y).copied())
                    .collect();
                let Some(ids) = ids else {
                    return Err(KernelError::TooLarge {
                        what: "a game whose options could not be published".into(),
                    });
                };
                self.published.insert(x, self.count);
                self.count += 1;
                out.push(Node::Opts {
                    left: l.len() as u32,
                    ids,
                });
            } else {
                stack.push((x, true));
                for y in l.into_iter().chain(r) {
                    if !self.published.contains_key(&y) {
                        stack.push((y, false));
                    }
                }
            }
        }
        if let Some(games) = self.ex.games.get(self.me as usize) {
            games.write().unwrap_or_else(|e| e.into_inner()).extend(out);
        }
        Ok(self.published.get(&g).copied().unwrap_or(0))
    }

    /// Thread t's published game i as a game of `kernel`, its followers first.
    fn import(&mut self, t: u32, i: u32, kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (Some(games), Some(taken)) = (
            self.ex.games.get(t as usize),
            self.taken.get_mut(t as usize),
        ) else {
            return Err(lost());
        };
        if let Some(&g) = taken.get(&i) {
            return Ok(g);
        }
        let games = read(games);
        let mut stack = vec![(i, false)];
        while let Some((x, expanded)) = stack.pop() {
            if taken.contains_key(&x) {
                continue;
            }
            match games.get(x as usize) {
                Some(Node::Nus(n, u, s)) => {
                    let g = kernel.nus(n, u, s);
                    taken.insert(x, g);
                }
                Some(Node::Opts { left, ids }) if expanded => {
                    let mapped: Option<Vec<GameId>> =
                        ids.iter().map(|y| taken.get(y).copied()).collect();
                    let Some(mut l) = mapped else {
                        return Err(lost());
                    };
                    let r = l.split_off((*left as usize).min(l.len()));
                    let g = kernel.intern_canonical(l, r)?;
                    taken.insert(x, g);
                }
                Some(Node::Opts { ids, .. }) => {
                    stack.push((x, true));
                    for &y in ids.iter() {
                        if !taken.contains_key(&y) {
                            stack.push((y, false));
                        }
                    }
                }
                None => return Err(lost()),
            }
        }
        taken.get(&i).copied().ok_or_else(lost)
    }
}

/// A published game that refers to one not published: a broken exchange, reported rather than
/// guessed around.
fn lost() -> KernelError {
    KernelError::TooLarge {
        what: "a game whose options were not found among another thread's published games".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::domineering::{value as dom_value, Position};

    /// A value published by one kernel and taken by another is the value the other finds by
    /// itself: the 4×4 and 3×5 boards (hot games with deep followers) and a few closed forms.
    #[test]
    fn values_cross_kernels_whole() {
        let ex = Exchange::new(2);
        let (mut a, mut b) = (Kernel::new(), Kernel::new());
        let (mut from, mut to) = (Link::new(&ex, 1), Link::new(&ex, 0));
        let boards = ["....|....|....|....", ".....|.....|.....", "..|..", ".|."];
        for (key, text) in boards.iter().enumerate() {
            let p = Position::parse(text).unwrap();
            // b's own value first, with a's kernel made different by a warm-up, so that ids
            // differ between the kernels.
            let want = dom_value(&p, &mut b).unwrap();
            dom_value(&Position::parse("...|...").unwrap(), &mut a).unwrap();
            let g = dom_value(&p, &mut a).unwrap();
            from.give(key as u64, g, &mut a).unwrap();
            let got = to.take(key as u64, &mut b).unwrap();
            assert_eq!(got, Some(want), "{text}");
            // Taking it again reads the memo and gives the same id.
            assert_eq!(to.take(key as u64, &mut b).unwrap(), Some(want));
        }
        assert_eq!(to.take(99, &mut b).unwrap(), None);
        // A key published twice keeps its first value.
        let one = a.nus(&Dyadic::from(1i64), &BigInt::from(0), &Nimber::from(0u64));
        from.give(0, one, &mut a).unwrap();
        let first = dom_value(&Position::parse("....|....|....|....").unwrap(), &mut b).unwrap();
        assert_eq!(to.take(0, &mut b).unwrap(), Some(first));
    }
}
