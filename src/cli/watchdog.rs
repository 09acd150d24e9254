//! The time limit's last resort: a command that runs past its `--time-limit` (plus a grace
//! for writing its answer) ends with "limit reached" and exit status 3.
//!
//! The engine, the kernel and the proof composer watch the time limit themselves and stop
//! cleanly with the best they reached. What comes after them — compacting a large proof,
//! checking it again, laying it out as text or JSON — has no deadline of its own, so without
//! this a command could run far past the limit its user set. One thread, started once, looks
//! at the armed deadline fifty times a second; a command (or each line of a batch) arms it
//! and the guard disarms it when the work is done.

use std::io::Write;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// What the watch thread looks at: when the armed work must end, and its limit in seconds.
static ARMED: Mutex<Option<(Instant, f64)>> = Mutex::new(None);
static STARTED: OnceLock<()> = OnceLock::new();

/// The time allowed beyond the limit itself: the computations stop at the limit and still
/// write what they reached, so the watch only steps in when that writing itself runs long.
/// A quarter of the limit, from a quarter of a second to 10 s: with the watch's look every
/// [`LOOK_EVERY`] a command with a limit of a second or more ends within 1.5 times its limit
/// whatever it was doing (issue 44; `tests/limits_every_command.rs`). The floor is for small
/// limits on a loaded machine: a computation that saw its deadline and stopped can still be
/// kept off the processor for tens of milliseconds before it writes, and the watch must not
/// take that for a runaway (a batch would lose its later lines).
pub(crate) fn grace(limit: f64) -> Duration {
    Duration::from_secs_f64((limit / 4.0).clamp(0.25, 10.0))
}

/// How often the watch looks at the clock.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Disarms the watch when dropped.
pub(crate) struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        if let Ok(mut a) = ARMED.lock() {
            *a = None;
        }
    }
}

/// Arms the watch for work allowed `limit` seconds (not finite or not positive: no watch).
pub(crate) fn arm(limit: f64) -> Guard {
    if limit.is_finite() && limit > 0.0 {
        let at = Instant::now() + Duration::from_secs_f64(limit.min(1e6)) + grace(limit);
        if let Ok(mut a) = ARMED.lock() {
            *a = Some((at, limit));
        }
        STARTED.get_or_init(|| {
            std::thread::spawn(watch);
        });
    }
    Guard
}

/// Gives the armed work its whole allowance again from now: each line of a batch has the
/// limit for itself, as the flag says.
pub(crate) fn rearm() {
    if let Ok(mut a) = ARMED.lock() {
        if let Some((_, limit)) = *a {
            *a = Some((
                Instant::now() + Duration::from_secs_f64(limit.min(1e6)) + grace(limit),
                limit,
            ));
        }
    }
}

fn watch() {
    loop {
        std::thread::sleep(LOOK_EVERY);
        let due = match ARMED.lock() {
            Ok(a) => a.and_then(|(at, limit)| (Instant::now() >= at).then_some(limit)),
            Err(_) => None,
        };
        if let Some(limit) = due {
            let _ = std::io::stdout().flush();
            eprintln!(
                "error: limit reached: time: the command ran past its time limit of {limit} s \
                 (and {:.2} s more to write its answer); raise it with --time-limit",
                grace(limit).as_secs_f64()
            );
            std::process::exit(crate::ops::exit::LIMIT);
        }
    }
}
