//! The server's bounds: how many requests compute at once, how many may wait, and what each
//! one may spend.
//!
//! **Memory per request.** The count behind every memory check is process-wide (the counting
//! allocator of src/memory.rs), so a per-request budget cannot be isolated from its neighbours.
//! The choice: every request's engine and kernel check the one process-wide limit
//! (`--max-memory`), and at most `jobs` requests compute at once. So all running requests
//! together stay under the limit; the request whose allocation crosses it stops with a limit
//! answer (HTTP 422), possibly one that is small itself but ran beside a large one, and the
//! server goes on. The allocator's hard cap (1.5 × the limit) remains the last resort for a
//! path with no check, as in the CLI.
//!
//! **Time per request.** `--time-limit` seconds of computing, given to the engine (`Limits::time`)
//! and the kernel (`Budget::deadline`); the wait in the queue is not counted.

use crate::engine::Limits;
use crate::kernel::Budget;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What every request shares.
pub struct State {
    permits: Arc<Semaphore>,
    /// Requests waiting for a permit.
    waiting: AtomicUsize,
    /// The most that may wait.
    queue: usize,
    /// The workers.
    pub jobs: usize,
    /// Each request's computing time.
    pub time: Duration,
    /// Set on Ctrl-C: running work stops at its next check.
    pub cancel: Arc<AtomicBool>,
}

/// The queue is full: answered 503.
pub struct Busy;

/// Counts a request as waiting while it lives (a client that hangs up while queued leaves the
/// queue: its future, and this guard, are dropped).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl State {
    /// `jobs` workers, `queue` places to wait, `time` per request.
    pub fn new(jobs: usize, queue: usize, time: Duration) -> State {
        State {
            permits: Arc::new(Semaphore::new(jobs)),
            waiting: AtomicUsize::new(0),
            queue,
            jobs,
            time,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A worker's permit, at once or after waiting in the queue; `Busy` when the queue is full.
    /// The permit moves into the blocking task, so it is held until the work really ends.
    pub async fn admit(&self) -> Result<OwnedSemaphorePermit, Busy> {
        if let Ok(p) = self.permits.clone().try_acquire_owned() {
            return Ok(p);
        }
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(Busy);
        }
        let _waiting = Waiting(&self.waiting);
        self.permits.clone().acquire_owned().await.map_err(|_| Busy)
    }

    /// Requests computing now and waiting now.
    pub fn load(&self) -> (usize, usize) {
        (
            self.jobs - self.permits.available_permits().min(self.jobs),
            self.waiting.load(Ordering::SeqCst),
        )
    }

    /// One request's limits, as a [`Budget`] and engine [`Limits`] starting now.
    pub fn request(&self) -> RequestLimits {
        RequestLimits {
            time: self.time,
            deadline: Instant::now() + self.time,
            cancel: self.cancel.clone(),
        }
    }
}

/// The limits of one request.
#[derive(Clone)]
pub struct RequestLimits {
    time: Duration,
    deadline: Instant,
    cancel: Arc<AtomicBool>,
}

impl RequestLimits {
    /// The engine's limits: the request's time, the server's cancel flag, the process-wide
    /// memory limit.
    pub fn engine(&self) -> Limits {
        Limits {
            time: self.time,
            cancel: Some(self.cancel.clone()),
            ..Limits::default()
        }
    }

    /// A kernel's budget: the request's deadline and the server's cancel flag.
    pub fn budget(&self) -> Budget {
        Budget {
            deadline: Some(self.deadline),
            cancel: Some(self.cancel.clone()),
            ..Budget::default()
        }
    }

    /// A kernel under [`Self::budget`].
    pub fn kernel(&self) -> crate::kernel::Kernel {
        let mut k = crate::kernel::Kernel::new();
        k.set_budget(self.budget());
        k
    }
}
