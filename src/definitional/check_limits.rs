//! When a check must stop: the caller's deadline, cancel flag, memory and work, which every
//! checker (normal play's memo, the misère and loopy checkers' own counters, the streaming
//! reader) looks at as it goes.
//!
//! A checker's limit is never a verdict: it stops with a [`crate::proof::CheckError`] whose `limit` is
//! set, and the library says [`crate::Error::Limit`] (the command line exit 3). The checkers
//! own their decisions and share nothing with the producer; this is only the caller's bounds,
//! so it is its own small type and not the kernel's budget.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How many units of a checker's work pass between looks at the clock and the cancel flag.
pub(crate) const LOOK_EVERY: u64 = 256;

/// The bounds one check runs under. The default has none beyond each checker's own budget of
/// work and the process's memory limit.
#[derive(Clone, Debug)]
pub(crate) struct CheckLimits {
    /// When to give up.
    pub deadline: Option<Instant>,
    /// Set from another thread to stop the check.
    pub cancel: Option<Arc<AtomicBool>>,
    /// The most bytes the process may hold.
    pub max_memory: usize,
    /// The most units of work each checker may do (its own budget applies too, whichever is
    /// smaller).
    pub max_work: u64,
    /// The threads a check may use (`--threads`; 0: one per core). Not a bound on the
    /// verdict, which is the same with any number: only on how the work is shared.
    pub threads: usize,
    /// The units of work the checkers under these bounds spent, each checker's added as it
    /// ends (its memo or counter dropped): shared by every clone, so a check on several
    /// threads sums its checkers' work without any of them reporting back. A fresh tally
    /// per check ([`CheckLimits::tallied`]) is what `onag::CheckedFile::work` says.
    pub spent: Arc<AtomicU64>,
}

impl Default for CheckLimits {
    fn default() -> Self {
        CheckLimits {
            deadline: None,
            cancel: None,
            max_memory: crate::memory::limit(),
            max_work: u64::MAX,
            threads: 0,
            spent: Arc::default(),
        }
    }
}

impl CheckLimits {
    /// The threads the check uses: `threads`, or one per core when that is 0.
    pub(crate) fn threads(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
    }

    /// The same bounds with a tally of their own, from zero: a check's work counted apart
    /// from any other check the caller ran under `self`.
    pub(crate) fn tallied(&self) -> Self {
        CheckLimits {
            spent: Arc::default(),
            ..self.clone()
        }
    }

    /// Adds a checker's `work` to the tally, as the checker ends.
    pub(crate) fn tally(&self, work: u64) {
        self.spent.fetch_add(work, Ordering::Relaxed);
    }

    /// The units of work tallied so far.
    pub(crate) fn spent(&self) -> u64 {
        self.spent.load(Ordering::Relaxed)
    }

    /// Whether the check may go on: the cancel flag, the deadline and the memory, in that
    /// order; the limit in words when not.
    pub(crate) fn look(&self) -> Result<(), String> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err("cancelled by the caller".into());
        }
        if self.deadline.is_some_and(|d| Instant::now() > d) {
            return Err("the deadline of its time limit passed".into());
        }
        crate::memory::check(self.max_memory).map_err(|m| m.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn each_bound_stops_and_names_itself() {
        assert!(CheckLimits::default().look().is_ok());
        let past = CheckLimits {
            deadline: Instant::now().checked_sub(Duration::from_millis(1)),
            ..CheckLimits::default()
        };
        assert!(past.look().unwrap_err().contains("deadline"));
        let flag = Arc::new(AtomicBool::new(false));
        let cancelled = CheckLimits {
            cancel: Some(flag.clone()),
            ..CheckLimits::default()
        };
        assert!(cancelled.look().is_ok());
        flag.store(true, Ordering::Relaxed);
        assert!(cancelled.look().unwrap_err().contains("cancelled"));
    }
}
