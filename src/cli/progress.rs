//! Feedback for long runs: a spinner on standard error, and a clean end on Ctrl-C.
//!
//! The engine has no progress callback, so the spinner shows only elapsed time. Ctrl-C during a
//! rule run sets the engine's cancel flag: the run stops after its current round and the
//! command reports the best term reached, with status 130. Outside a run (or on a second
//! Ctrl-C) the handler flushes what was printed and exits with status 130 at once.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a run may take before the spinner appears: shorter runs print nothing extra.
const QUIET_FOR: Duration = Duration::from_millis(700);

/// The flag engine runs watch; set by Ctrl-C while a run is in progress.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: std::sync::OnceLock<Arc<AtomicBool>> = std::sync::OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
        .clone()
}

/// Whether an engine run that watches [`cancel_flag`] is in progress.
static RUNNING: AtomicBool = AtomicBool::new(false);

/// Marks an engine run in progress while it lives, so Ctrl-C stops the run, not the process.
pub struct Running;

impl Running {
    /// Marks a run as started.
    pub fn start() -> Running {
        cancel_flag().store(false, Ordering::SeqCst);
        RUNNING.store(true, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.store(false, Ordering::SeqCst);
    }
}

/// Installs the Ctrl-C handler once per process.
pub fn install_interrupt_handler() {
    // An error means a handler is already installed (a second call in tests): keep it.
    let _ = ctrlc::set_handler(|| {
        let flag = cancel_flag();
        if RUNNING.load(Ordering::SeqCst) && !flag.swap(true, Ordering::SeqCst) {
            // The run stops after its round and reports what it reached.
            return;
        }
        let _ = std::io::stdout().flush();
        eprintln!(
            "\ninterrupted: the run was stopped before it finished; results printed above are \
             complete, the one in progress is lost"
        );
        std::process::exit(crate::ops::exit::INTERRUPTED);
    });
}

/// A spinner that runs while it lives; dropping it clears the line.
pub struct Spinner {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Spinner {
    /// Starts a spinner saying `what` (only when standard error is a terminal).
    pub fn start(what: &str) -> Spinner {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Spinner { stop, handle: None };
        }
        let flag = stop.clone();
        let what = what.to_string();
        let handle = std::thread::Builder::new()
            .name("onag-progress".into())
            .spawn(move || {
                let start = Instant::now();
                let frames = ['|', '/', '-', '\\'];
                let mut shown = false;
                let mut i = 0;
                while !flag.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if start.elapsed() < QUIET_FOR {
                        continue;
                    }
                    shown = true;
                    eprint!(
                        "\r{} {what}… {:.1} s (Ctrl-C to stop) ",
                        frames[i % frames.len()],
                        start.elapsed().as_secs_f64()
                    );
                    i += 1;
                }
                if shown {
                    // Clear the spinner's line so the result starts clean.
                    eprint!("\r\x1b[2K");
                }
            })
            .ok();
        Spinner { stop, handle }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
