//! Many misère quotients at once, as a researcher sweeps a family of codes (every 0.d1d2,
//! say): the codes are independent, so they are shared out among threads, each thread
//! taking the next code not yet taken. The answers come back in the order of the codes and
//! are the same whatever the number of threads, because each code's computation depends
//! only on the code, the heap bound, the order bound and its own share of the budget's work
//! — never on what runs beside it or on how fast.
//!
//! A limit a code meets alone (its share of the work, the order bound) or a refusal is
//! that code's answer, and the sweep goes on. A limit the codes share (the deadline, the
//! caller's cancel flag, the memory limit) strikes at a moment that depends on the
//! threads' timing, so it stops the whole sweep with that error: a partial table that
//! changed with the timing would be a silent, nondeterministic answer.

use super::quotient::{quotient_share, HeapGame, Quotient, Short};
use crate::kernel::{Budget, KernelError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Each code's answer: its quotient, or why it stopped (a limit of its own, or a refusal).
pub type SweepAnswers = Vec<Result<Quotient, KernelError>>;

/// The misère quotients of heaps 1..=n of each of `games`, with the order bound `max_order`,
/// each under an equal share of the budget's work, computed by up to `threads` threads (0 or
/// 1: this thread alone). `Err` only when a shared limit stopped the sweep.
pub fn quotients(
    games: &[HeapGame],
    n: usize,
    max_order: usize,
    budget: &Budget,
    threads: usize,
) -> Result<SweepAnswers, KernelError> {
    budget.check()?;
    let share = budget.max_work / games.len().max(1) as u64;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let work = || {
        let mut done: Vec<(usize, Result<Quotient, Short>)> = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(game) = games.get(i) else { break };
            let r = quotient_share(game, n, max_order, budget, share);
            if matches!(r, Err(Short::Shared(_))) {
                stop.store(true, Ordering::Relaxed);
            }
            done.push((i, r));
        }
        done
    };
    let threads = threads.clamp(1, games.len().max(1));
    let mut done = if threads == 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
            let mut done = work();
            for h in helpers {
                done.extend(h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)));
            }
            done
        })
    };
    done.sort_by_key(|d| d.0);
    let mut answers = Vec::with_capacity(games.len());
    for (_, r) in done {
        answers.push(match r {
            Ok(q) => Ok(q),
            Err(Short::Own(e)) => Err(e),
            Err(Short::Shared(e)) => return Err(e),
        });
    }
    if answers.len() < games.len() {
        // Only a shared limit stops the threads early, and it was returned above; should
        // that ever change, a short table is still never returned as a whole one.
        budget.check()?;
        return Err(KernelError::Limit {
            which: format!(
                "the sweep of misère quotients stopped after {} of its {} codes",
                answers.len(),
                games.len()
            ),
        });
    }
    Ok(answers)
}
