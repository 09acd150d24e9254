//! A few helper threads kept for the whole of one misère quotient, given one short job after
//! another. The walks of `super::quotient` split into thousands of pieces of a millisecond or
//! so; a thread started for each piece (some 7,100 threads for Dawson's Kayles to heap 33)
//! cost more than the second core gave back, so the helpers are started once, wait on a
//! condition variable between jobs, and are stopped when the quotient is done.
//!
//! A job borrows the caller's data for the length of [`Team::run`] only: `run` does its own
//! share, then waits until every helper has finished its share (even when its own share
//! panics) before it returns, so nothing a helper reads outlives the call. Which piece a
//! thread runs never changes a result: the callers put the pieces' results back in order.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, MutexGuard};

/// A job as the helpers see it: its lifetime erased (see [`Team::run`] for why that holds).
type Job = &'static (dyn Fn(usize) + Sync);

/// What the calling thread and the helpers share.
#[derive(Default)]
struct State {
    /// The job being run, if any.
    job: Option<Job>,
    /// Counts the jobs handed out, so a helper knows a job is new.
    round: u64,
    /// How many helpers take part in this round (helpers 1..=helpers).
    helpers: usize,
    /// Helpers of this round not yet done.
    pending: usize,
    /// A helper's panic, passed on to the caller.
    panic: Option<Box<dyn std::any::Any + Send>>,
    /// Set when the team is done: the helpers leave.
    quit: bool,
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Signals a new round, or quitting, to the helpers.
    start: Condvar,
    /// Signals the caller that the last helper of a round is done.
    done: Condvar,
}

impl Shared {
    /// The state, whether or not a thread panicked holding it (every change to it is
    /// complete before anything that may panic runs).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Helper `me`'s loop: each round it takes part in, `job(me)`, until told to quit.
    fn serve(&self, me: usize) {
        let mut seen = 0;
        loop {
            let job = {
                let mut st = self.lock();
                while st.round == seen && !st.quit {
                    st = self.start.wait(st).unwrap_or_else(|e| e.into_inner());
                }
                if st.quit {
                    return;
                }
                seen = st.round;
                if me > st.helpers {
                    continue;
                }
                st.job
            };
            let outcome = job.map(|f| catch_unwind(AssertUnwindSafe(|| f(me))));
            let mut st = self.lock();
            if let Some(Err(p)) = outcome {
                st.panic.get_or_insert(p);
            }
            st.pending -= 1;
            if st.pending == 0 {
                self.done.notify_one();
            }
        }
    }
}

/// The calling thread and its helpers (none for a team of one).
pub(super) struct Team<'s> {
    shared: Option<&'s Shared>,
    size: usize,
}

/// A team of one: every job runs on the calling thread.
pub(super) const ALONE: Team<'static> = Team {
    shared: None,
    size: 1,
};

/// `f` with a team of `threads` threads (the calling one and `threads - 1` helpers started
/// here), the helpers stopped when `f` returns or panics.
pub(super) fn with_team<R>(threads: usize, f: impl FnOnce(&Team) -> R) -> R {
    if threads <= 1 {
        return f(&ALONE);
    }
    let shared = Shared::default();
    std::thread::scope(|s| {
        for me in 1..threads {
            let shared = &shared;
            s.spawn(move || shared.serve(me));
        }
        /// Tells the helpers to leave however `f` ends, so the scope's join never waits.
        struct Quit<'a>(&'a Shared);
        impl Drop for Quit<'_> {
            fn drop(&mut self) {
                self.0.lock().quit = true;
                self.0.start.notify_all();
            }
        }
        let _quit = Quit(&shared);
        f(&Team {
            shared: Some(&shared),
            size: threads,
        })
    })
}

impl Team<'_> {
    /// How many threads the team has, the calling one included.
    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// `f(0)`, …, `f(jobs - 1)`, at most [`Team::size`] of them (more are not run), each on
    /// its own thread, `f(0)` on the calling one; returns when all are done, passing on a
    /// panic of any.
    pub(super) fn run(&self, jobs: usize, f: &(dyn Fn(usize) + Sync)) {
        let helpers = jobs.min(self.size).saturating_sub(1);
        let Some(shared) = self.shared.filter(|_| helpers > 0) else {
            if jobs > 0 {
                f(0);
            }
            return;
        };
        // SAFETY: only the lifetime changes (the same fat reference). The helpers call the
        // job only between this round's start and their `pending` count reaching 0, and this
        // function does not return (nor unwind, thanks to `Wait`) before `pending` is 0 and
        // the job is taken back out of the state; so `f` is never called after it is gone.
        let job: Job = unsafe { std::mem::transmute::<&(dyn Fn(usize) + Sync), Job>(f) };
        {
            let mut st = shared.lock();
            st.job = Some(job);
            st.helpers = helpers;
            st.pending = helpers;
            st.round += 1;
        }
        shared.start.notify_all();
        /// Waits for the round's helpers however the caller's own share ends.
        struct Wait<'a>(&'a Shared);
        impl Drop for Wait<'_> {
            fn drop(&mut self) {
                let mut st = self.0.lock();
                while st.pending > 0 {
                    st = self.0.done.wait(st).unwrap_or_else(|e| e.into_inner());
                }
                st.job = None;
            }
        }
        let wait = Wait(shared);
        f(0);
        drop(wait);
        if let Some(p) = shared.lock().panic.take() {
            resume_unwind(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every job of every round runs exactly once, on as many threads as the team has, and
    /// the borrowed data each round reads is the round's own.
    #[test]
    fn each_job_runs_once_per_round() {
        for threads in 1..=3 {
            with_team(threads, |team| {
                for round in 0..200usize {
                    let data: Vec<usize> = (0..team.size()).map(|i| round * 10 + i).collect();
                    let hits: Vec<AtomicUsize> =
                        (0..team.size()).map(|_| AtomicUsize::new(0)).collect();
                    let jobs = 1 + round % team.size();
                    team.run(jobs, &|i| {
                        hits[i].fetch_add(data[i], Ordering::Relaxed);
                    });
                    for (i, h) in hits.iter().enumerate() {
                        let want = if i < jobs { round * 10 + i } else { 0 };
                        assert_eq!(h.load(Ordering::Relaxed), want, "{threads} {round} {i}");
                    }
                }
            });
        }
    }

    /// A helper's panic reaches the caller, and the team still serves the next round.
    #[test]
    fn a_helpers_panic_is_passed_on() {
        with_team(2, |team| {
            let r = catch_unwind(AssertUnwindSafe(|| {
                team.run(2, &|i| {
                    if i == 1 {
                        panic!("helper");
                    }
                })
            }));
            assert!(r.is_err());
            let n = AtomicUsize::new(0);
            team.run(2, &|_| {
                n.fetch_add(1, Ordering::Relaxed);
            });
            assert_eq!(n.load(Ordering::Relaxed), 2);
        });
    }
}
