//! The server's bounds: how many requests compute at once, how many may wait, and what each
//! one may spend.
//!
//! **Each request in a process of its own** (`worker`). The counting allocator of
//! src/memory.rs keeps one count per process, and a path with no check of its own is stopped
//! only by its hard cap, which ends the process; and a computation that does not look at the
//! clock cannot be stopped from another thread. So the server computes nothing itself: each
//! request runs in a child `onag serve --worker` with
//!
//! - **its own memory limit**: `--max-memory` divided among the `--jobs` workers (at least
//!   [`MIN_REQUEST_MEMORY`]); the child's hard cap is half as much again, so all running
//!   requests together stay under 1.5 × `--max-memory`, and a request that reaches its hard
//!   cap ends its own process only: the server answers it as a limit (HTTP 422, `x-onag-exit:
//!   3`) and goes on. Its memory goes back to the system when the child exits.
//! - **its own time limit**: `--time-limit` seconds given to the engine and the kernel, and a
//!   deadline a little later ([`State::deadline`]) at which the server kills the child and
//!   answers a limit: the worker is free the moment the answer is written, whatever the
//!   computation was doing. The wait in the queue is not counted.
//! - **cancellation**: a client that hangs up, one that reads nothing of its answer for the
//!   idle timeout (the write timeout, `mod.rs`), and Ctrl-C, kill the child (`kill_on_drop`).
//!   A permit is held until the answer is written, not only computed: the child lives until
//!   then, with its memory (`worker`).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// The least memory a request's process is given, whatever `--max-memory / --jobs` is: enough
/// to start and read the rules.
pub const MIN_REQUEST_MEMORY: usize = 64 << 20;

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
    /// Each request's memory limit, in bytes.
    pub request_memory: usize,
    /// How long a connection may send nothing (headers, a body, between requests).
    pub idle: Duration,
    /// The program to run a request in (this one).
    pub exe: std::path::PathBuf,
    /// Becomes `true` on Ctrl-C: running requests are ended.
    pub stopping: watch::Sender<bool>,
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
    /// `jobs` workers, `queue` places to wait, `time` and `request_memory` per request,
    /// connections idle at most `idle`, requests run in `exe`.
    pub fn new(
        jobs: usize,
        queue: usize,
        time: Duration,
        request_memory: usize,
        idle: Duration,
        exe: std::path::PathBuf,
    ) -> State {
        State {
            permits: Arc::new(Semaphore::new(jobs)),
            waiting: AtomicUsize::new(0),
            queue,
            jobs,
            time,
            request_memory,
            idle,
            exe,
            stopping: watch::channel(false).0,
        }
    }

    /// A worker's permit, at once or after waiting in the queue; `Busy` when the queue is full.
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

    /// When the server gives up on a request's process: its time limit, and a grace for
    /// writing what it reached (a tenth of the limit, from half a second to two).
    pub fn deadline(&self) -> Duration {
        self.time + grace(self.time)
    }
}

/// The time a request's process is given beyond its limit to write its answer.
pub fn grace(time: Duration) -> Duration {
    (time / 10).clamp(Duration::from_millis(500), Duration::from_secs(2))
}

/// The limits of one request, inside its process.
#[derive(Clone)]
pub struct RequestLimits {
    time: Duration,
    deadline: Instant,
    /// Never set: the server ends a request by ending its process. The engine's limits want one.
    cancel: Arc<AtomicBool>,
}

impl RequestLimits {
    /// `time` from now.
    pub fn new(time: Duration) -> RequestLimits {
        RequestLimits {
            time,
            deadline: Instant::now() + time,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The engine's limits: the request's time; memory is the process's limit (the request's).
    pub fn engine(&self) -> crate::engine::Limits {
        crate::engine::Limits {
            time: self.time,
            cancel: Some(self.cancel.clone()),
            ..crate::engine::Limits::default()
        }
    }

    /// A kernel's budget: the request's deadline.
    pub fn budget(&self) -> crate::kernel::Budget {
        crate::kernel::Budget {
            deadline: Some(self.deadline),
            cancel: Some(self.cancel.clone()),
            ..crate::kernel::Budget::default()
        }
    }

    /// A kernel under [`Self::budget`].
    pub fn kernel(&self) -> crate::kernel::Kernel {
        let mut k = crate::kernel::Kernel::new();
        k.set_budget(self.budget());
        k
    }
}
