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

/// Frees `garbage` on a thread of its own when the caller may use more than one thread: a
/// large structure of many small blocks (a proof's term table, its lemmas' statements) takes a
/// tenth of a second or more to free, and the caller need not wait for that. With one thread
/// it is freed here, and so it is when no thread can be started (the closure holding it is
/// dropped then).
pub fn free_later<T: Send + 'static>(garbage: T, threads: usize) {
    if threads <= 1 {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("onag-free".into())
        .spawn(move || drop(garbage));
}

#[cfg(test)]
mod tests {
    use super::free_later;
    use std::sync::mpsc;

    /// Says on which thread it was dropped.
    struct Tell(mpsc::Sender<std::thread::ThreadId>);

    impl Drop for Tell {
        fn drop(&mut self) {
            let _ = self.0.send(std::thread::current().id());
        }
    }

    #[test]
    fn garbage_is_freed_here_on_one_thread_and_elsewhere_on_more() {
        let here = std::thread::current().id();
        let (tx, rx) = mpsc::channel();
        free_later(Tell(tx.clone()), 1);
        assert_eq!(rx.try_recv(), Ok(here));
        free_later(Tell(tx), 2);
        let there = rx.recv_timeout(std::time::Duration::from_secs(60));
        assert!(there.is_ok_and(|id| id != here), "{there:?}");
    }
}
