//! `onag serve`: the teaching page and the JSON API it calls, on a local HTTP server (axum on
//! tokio). docs/SERVE.md documents the API.
//!
//! - `api`: the routes: reading a request (content type, body cap, UTF-8, JSON) and turning a
//!   [`work::Reply`] into a response.
//! - `work`: the engine work of one request, answered in exactly the JSON (or text) the CLI
//!   prints with `--format` (both call `crate::ops`).
//! - `worker`: each request computed in a process of its own, ended at its deadline.
//! - `limits`: the bound on concurrent work (a queue, then 503) and each request's limits.
//! - `assets`: the page (HTML, CSS, JS) embedded in the binary: no CDN, works offline.
//! - `braced`: a proof answer's input, result and final claim again in nested braces, for
//!   the page's headline and why-final list (`"braces": true`; the proof's fields untouched).
//! - `marks` (with `spans`): what one step changed, placed in its texts, for the page to mark
//!   (`POST /api/step`; page-only, never part of a proof), with `"braces"` in nested braces,
//!   and a ruleset opening's moves in the ruleset's own words (`functions::Move`, each
//!   ruleset's `Function::moves`) beside the options they give.
//! - `opening`: which option of a misère opening (the position written out as its game
//!   tree) each move gives, by comparing game trees, for `marks`.
//! - `place`: where a step acts, in words ("the offside (right of &)"), for the step view
//!   (`"at_words"` of `POST /api/step`) instead of the proof's path (`arg1`).
//!
//! Connections are served by hyper directly (`serve_connections`): a header read timeout and
//! keep-alive idle timeout, a write timeout (a client that reads nothing of its answer is
//! dropped), a cap on open connections. An answer's body is streamed from its worker as the
//! client reads it (`worker`): the server keeps no answer for a client that does not read. The server binds 127.0.0.1 unless told
//! otherwise and never touches the file system for a request. Ctrl-C stops accepting, ends the
//! running requests' processes, gives the connections a moment to write their answers, and
//! exits.

mod api;
mod assets;
mod braced;
mod limits;
mod marks;
mod opening;
mod place;
mod played;
mod spans;
mod work;
mod worker;

use std::net::{IpAddr, SocketAddr};
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
    /// Seconds a connection may send nothing (headers, a body, between requests).
    pub idle_timeout: f64,
    /// Connections open at once; more wait to be accepted.
    pub max_connections: usize,
    /// Be a worker: compute one request from standard input (`worker::main`).
    pub worker: bool,
}

/// How long, after Ctrl-C, connections have to write the answers of the requests ended.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// Runs the server until Ctrl-C; returns the exit status.
pub fn run(opts: Options) -> i32 {
    use crate::ops::exit::{BAD_INPUT, LIMIT, OK};
    for (flag, v) in [
        ("--time-limit", opts.time_limit),
        ("--idle-timeout", opts.idle_timeout),
    ] {
        if !(v.is_finite() && v > 0.0) {
            eprintln!("error: {flag} must be a positive number of seconds, found {v}");
            return BAD_INPUT;
        }
    }
    let time = Duration::from_secs_f64(opts.time_limit.min(1e6));
    if opts.worker {
        return worker::main(time);
    }
    if opts.max_connections == 0 {
        eprintln!("error: --max-connections must be at least 1");
        return BAD_INPUT;
    }
    let exe = match std::env::current_exe() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot find this program to run requests in: {e}");
            return LIMIT;
        }
    };
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
    let idle = Duration::from_secs_f64(opts.idle_timeout.min(1e6));
    // Each request's process gets its share of the memory limit (see `limits`).
    let request_memory = (crate::memory::limit() / jobs).max(limits::MIN_REQUEST_MEMORY);
    let state = Arc::new(limits::State::new(
        jobs,
        opts.queue,
        time,
        request_memory,
        idle,
        exe,
    ));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server's threads: {e}");
            return LIMIT;
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
                return LIMIT;
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
        serve_connections(listener, app, &state, opts.max_connections, stop_signal).await;
        OK
    });
    // Every request's process was ended; nothing on the runtime is worth waiting for.
    runtime.shutdown_timeout(Duration::from_millis(500));
    if status == OK {
        eprintln!("onag serve: stopped");
    }
    status
}

/// Accepts connections until `stop`, at most `max` open at once, each served by hyper with
/// the idle timeout for its headers, between its requests, and for each write of an answer
/// (a client that reads nothing for that long is dropped). At `stop`: the running
/// requests are ended (their processes killed), every connection is asked to close after its
/// answer, and those still open after [`SHUTDOWN_GRACE`] are dropped.
async fn serve_connections(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    state: &Arc<limits::State>,
    max: usize,
    stop: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let open = Arc::new(tokio::sync::Semaphore::new(max));
    let mut conns = tokio::task::JoinSet::new();
    let (closing, closed) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    loop {
        // At the cap, wait for a connection to close before accepting another: the rest
        // wait in the listen backlog, and the descriptors never run out.
        let permit = tokio::select! {
            p = open.clone().acquire_owned() => match p { Ok(p) => p, Err(_) => break },
            _ = &mut stop => break,
        };
        let stream = tokio::select! {
            a = listener.accept() => match a {
                Ok((s, _)) => s,
                Err(_) => {
                    // Out of descriptors or a connection reset before it was accepted: wait a
                    // little rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        // Reap finished connections' tasks as we go.
        while conns.try_join_next().is_some() {}
        let service = TowerToHyperService::new(app.clone());
        let idle = state.idle;
        let mut closed = closed.clone();
        conns.spawn(async move {
            let _permit = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                // Headers (the first request's, and each next one's on a kept-alive
                // connection) must arrive within the idle timeout: an idle or slow client is
                // cut off.
                .header_read_timeout(idle)
                .keep_alive(true);
            // A client that reads nothing of its answer for the idle timeout is dropped:
            // with the answer's body, its worker is killed and its permit given back.
            let mut stream = tokio_io_timeout::TimeoutStream::new(stream);
            stream.set_write_timeout(Some(idle));
            let conn = http.serve_connection(TokioIo::new(Box::pin(stream)), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = async { let _ = closed.wait_for(|c| *c).await; } => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    eprintln!("onag serve: stopping");
    // Running requests end now (their processes are killed) and answer 503.
    let _ = state.stopping.send(true);
    let _ = closing.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    conns.abort_all();
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
