//! The process's thread count (`--threads N`): how many threads the parts of a computation that
//! split may use — the rulesets' searches, the misère quotient sweeps, the checkers of a proof.
//!
//! It sits at the bottom of the layers, beside the memory limit, because every layer that splits
//! work asks it and none owns it (it lived in the rulesets' search, where the checkers had to
//! reach up for it). Whatever the count, the answers are the same: only the work is shared out.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The count set; 0 means one per core.
static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the number of threads (`--threads N`); 0 means one per core. The values found are the
/// same with any count: each is a canonical form, and a proof's verdict does not depend on it.
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// The number of threads to use now: the count set, or one per core.
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
}
