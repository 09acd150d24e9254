//! `onag serve`: the teaching page and the JSON API it calls, on a local HTTP server (axum on
//! tokio). docs/SERVE.md documents the API.
//!
//! - `api`: the routes: reading a request (content type, body cap, UTF-8, JSON) and turning a
//!   [`work::Reply`] into a response.
//! - `work`: the engine work of one request, on tokio's blocking pool, answered in exactly the
//!   JSON (or text) the CLI prints with `--format` (it calls the CLI's own renderers).
//! - `limits`: the bound on concurrent work (a queue, then 503) and each request's limits.
//! - `assets`: the page (HTML, CSS, JS) embedded in the binary: no CDN, works offline.
//!
//! The server binds 127.0.0.1 unless told otherwise and never touches the file system for a
//! request. Ctrl-C stops accepting, asks running work to stop (the engine's cancel flag) and
//! waits briefly for it.

mod api;
mod assets;
mod limits;
mod work;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// What `onag serve` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address to bind.
    pub host: String,
    /// The port (0: any free one).
    pub port: u16,
    /// Open the page in the default browser.
    pub open: bool,
    /// Seconds each request may compute.
    pub time_limit: f64,
    /// Requests worked on at once (None: the number of cores).
    pub jobs: Option<usize>,
    /// Requests that may wait for a worker before 503.
    pub queue: usize,
}

/// The stack of each thread that runs engine work: evaluation and printing recurse over
/// canonical forms far deeper than anything typed (as in the CLI's worker thread).
const STACK_BYTES: usize = 256 << 20;

/// Runs the server until Ctrl-C; returns the exit status.
pub fn run(opts: Options) -> i32 {
    use crate::cli::exit::{BAD_INPUT, OK};
    if !(opts.time_limit.is_finite() && opts.time_limit > 0.0) {
        eprintln!(
            "error: --time-limit must be a positive number of seconds, found {}",
            opts.time_limit
        );
        return BAD_INPUT;
    }
    let ip: IpAddr = match opts.host.parse() {
        Ok(ip) => ip,
        Err(_) if opts.host == "localhost" => IpAddr::from([127, 0, 0, 1]),
        Err(_) => {
            eprintln!(
                "error: --host: `{}` is not an IP address (e.g. 127.0.0.1 or ::1)",
                opts.host
            );
            return BAD_INPUT;
        }
    };
    let jobs = opts
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .clamp(1, 64);
    let state = Arc::new(limits::State::new(
        jobs,
        opts.queue,
        Duration::from_secs_f64(opts.time_limit.min(1e6)),
    ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(jobs + 2)
        .thread_stack_size(STACK_BYTES)
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server's threads: {e}");
            return crate::cli::exit::LIMIT;
        }
    };
    let addr = SocketAddr::new(ip, opts.port);
    let status = runtime.block_on(async {
        let listener = match tokio::net::TcpListener::bind(addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {addr}: {e} (try another --port)");
                return BAD_INPUT;
            }
        };
        // Listen for Ctrl-C before saying we are listening: a signal sent as soon as the line
        // is read must find the handler in place.
        let stop_signal = match interrupt() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: cannot watch for Ctrl-C: {e}");
                return crate::cli::exit::LIMIT;
            }
        };
        let local = listener.local_addr().unwrap_or(addr);
        let url = format!("http://{local}/");
        if !ip.is_loopback() {
            eprintln!(
                "warning: listening on {ip}, not a loopback address: anyone who can reach this \
                 machine can use the server (it has no authentication)"
            );
        }
        // Tests and scripts read the port from this line.
        println!("onag serve: listening on {url} (Ctrl-C to stop)");
        if opts.open {
            open_browser(&url);
        }
        let app = api::router(state.clone());
        let stop = state.clone();
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move {
                stop_signal.await;
                // Running engine work stops at its next check of the flag.
                stop.cancel.store(true, Ordering::SeqCst);
                eprintln!("onag serve: stopping");
            })
            .await;
        match served {
            Ok(()) => OK,
            Err(e) => {
                eprintln!("error: the server stopped: {e}");
                crate::cli::exit::LIMIT
            }
        }
    });
    // Blocking work was told to stop; do not wait long for a stubborn one.
    runtime.shutdown_timeout(Duration::from_secs(5));
    if status == OK {
        eprintln!("onag serve: stopped");
    }
    status
}

/// A future that ends at Ctrl-C (SIGINT; on Unix also SIGTERM), its handler installed now.
fn interrupt() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut int = signal(SignalKind::interrupt())?;
        let mut term = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// Opens `url` with the platform's opener; a failure is reported, not fatal.
fn open_browser(url: &str) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    cmd.arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    match cmd.spawn() {
        // Reaped on a thread of its own, so no zombie is left behind.
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(e) => eprintln!("warning: could not open a browser ({e}); open {url} yourself"),
    }
}
