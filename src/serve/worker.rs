//! Each request computed in a process of its own (see `limits` for why): the server's side
//! ([`compute`]: start `onag serve --worker`, hand it the request, wait for its answer's first
//! line or end it) and the worker's ([`main`]: read one request from standard input, answer on
//! standard output, exit).
//!
//! The protocol is private to one binary: the request is the operation's name on a line, then
//! the body as the client sent it; the answer is `HTTP EXIT LENGTH CONTENT-TYPE` on a line,
//! then LENGTH bytes of body.
//!
//! **The body is never held by the server.** An answer can be megabytes (Σ15's derivation is
//! 8 MB), and a client that does not read it would otherwise keep it in the server's memory
//! (measured on 3f6e6b9: 40 clients that sent Σ15 and read nothing took the server from 14 MB
//! to 205 MB resident while they hung and 365 MB after they closed, about 8 MB a client, the
//! size of one answer). So the body is streamed from the worker's standard output
//! ([`WorkerBody`]), a chunk at a time, as hyper asks for it, which is when the socket has taken
//! the previous ones: a client that reads nothing stops the worker at its pipe, the server
//! holds at most a chunk and hyper's write buffer for it, and the write timeout (`mod.rs`)
//! drops the connection, which drops the body and so kills the worker. The worker's permit
//! goes with the body: a worker writing its answer is still a worker (its memory is counted
//! in `--max-memory`), so at most `--jobs` processes ever exist.

use super::limits::{RequestLimits, State};
use super::work::{self, Op, Reply};
use crate::ops::exit::Status;
use axum::body::Bytes;
use serde_json::json;
use std::io::{Read, Write};
use std::pin::Pin;
use std::process::Stdio;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader, ReadBuf};
use tokio::process::{Child, ChildStdout};
use tokio::sync::OwnedSemaphorePermit;

/// The stack of the thread that computes in the worker: evaluation and printing recurse over
/// canonical forms far deeper than anything typed (as in the CLI's worker thread).
const STACK_BYTES: usize = 256 << 20;

/// The content types an answer may have.
const CONTENT_TYPES: [&str; 3] = [
    "application/json",
    "image/svg+xml",
    "text/plain; charset=utf-8",
];

/// The longest first line of an answer: `HTTP EXIT LENGTH CONTENT-TYPE` is far shorter.
const HEADER_CAP: u64 = 256;

/// The most of a worker's standard error kept for the message of a worker that died: the rest
/// is read and thrown away, so the worker never waits on a full pipe.
const STDERR_CAP: u64 = 16 << 10;

/// The body is read from the worker and handed to hyper this many bytes at a time.
const CHUNK: usize = 64 << 10;

/// What a request's worker gave: an answer of the server's own (a limit, a worker that died,
/// the server stopping), or the worker's answer, its body still in the worker's pipe.
pub enum Outcome {
    /// Answered whole: small, made here.
    Reply(Reply),
    /// The worker's answer: its head read, its body to stream.
    Stream(Box<Streamed>),
}

/// The head of a worker's answer and its body, streamed.
pub struct Streamed {
    /// The HTTP status.
    pub http: u16,
    /// How the work ended (the `x-onag-exit` header).
    pub exit: Status,
    /// The content type.
    pub content_type: &'static str,
    /// The body, read from the worker as the client reads it.
    pub body: WorkerBody,
}

/// A worker's answer body: its standard output after the first line, exactly `left` bytes
/// more. Owns the worker process (killed when this is dropped: the answer written, the
/// connection closed or timed out, the server stopped) and the worker's permit.
pub struct WorkerBody {
    out: BufReader<ChildStdout>,
    left: u64,
    buf: Box<[u8]>,
    _child: Child,
    _permit: OwnedSemaphorePermit,
}

impl WorkerBody {
    /// The body's length in bytes (the `content-length`).
    pub fn length(&self) -> u64 {
        self.left
    }
}

impl hyper::body::Body for WorkerBody {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Bytes>, std::io::Error>>> {
        let this = self.get_mut();
        if this.left == 0 {
            return Poll::Ready(None);
        }
        let want = this
            .buf
            .len()
            .min(usize::try_from(this.left).unwrap_or(usize::MAX));
        let mut rb = ReadBuf::new(&mut this.buf[..want]);
        match Pin::new(&mut this.out).poll_read(cx, &mut rb) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
            Poll::Ready(Ok(())) if rb.filled().is_empty() => {
                // The worker ended before the length it announced: the connection is cut,
                // so the client sees a short answer as broken, never as whole.
                Poll::Ready(Some(Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    format!(
                        "the worker ended with {} bytes of its answer unwritten",
                        this.left
                    ),
                ))))
            }
            Poll::Ready(Ok(())) => {
                let chunk = Bytes::copy_from_slice(rb.filled());
                this.left -= chunk.len() as u64;
                Poll::Ready(Some(Ok(hyper::body::Frame::data(chunk))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        hyper::body::SizeHint::with_exact(self.left)
    }
}

/// How the worker's computation ended: its answer's first line, or its process.
enum Head {
    /// The first line (with its newline, if any) and the rest of the output.
    Line(Vec<u8>, BufReader<ChildStdout>),
    /// No line: the process ended with this status.
    Ended(std::io::Result<std::process::ExitStatus>),
}

/// Computes `op` on `body` (already checked to be a request) in a worker process, holding
/// `permit` until its answer is written; ends it, and answers a limit, when it has not
/// answered by the request's deadline; ends it, and answers 503, when the server stops.
pub async fn compute(state: &State, op: Op, body: &[u8], permit: OwnedSemaphorePermit) -> Outcome {
    let mut cmd = tokio::process::Command::new(&state.exe);
    cmd.arg("--max-memory")
        .arg(state.request_memory.to_string())
        .arg("serve")
        .arg("--worker")
        .arg("--time-limit")
        .arg(state.time.as_secs_f64().to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Dropped (a client that hung up or stopped reading, the deadline, Ctrl-C): the
        // process is killed.
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Outcome::Reply(internal(format!("cannot start a worker process: {e}")));
        }
    };
    let mut input = format!("{}\n", op.name()).into_bytes();
    input.extend_from_slice(body);
    let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
    let errors = child.stderr.take().map(|e| tokio::spawn(read_capped(e)));
    let head = async {
        if let Some(mut s) = stdin {
            // A worker that ended early (its hard cap) is reported by its status below.
            let _ = s.write_all(&input).await;
        }
        let Some(out) = stdout else {
            return Head::Ended(child.wait().await);
        };
        let mut out = BufReader::new(out);
        let mut line = Vec::new();
        let _ = (&mut out)
            .take(HEADER_CAP)
            .read_until(b'\n', &mut line)
            .await;
        if line.is_empty() {
            Head::Ended(child.wait().await)
        } else {
            Head::Line(line, out)
        }
    };
    let mut stopping = state.stopping.subscribe();
    let head = tokio::select! {
        h = head => h,
        _ = tokio::time::sleep(state.deadline()) => return Outcome::Reply(Reply::json(
            422,
            Status::Limit,
            json!({"error": format!(
                "error: limit reached: time: the request ran past its time limit of {} s \
                 (and {:.1} s more to write its answer)",
                state.time.as_secs_f64(),
                (state.deadline() - state.time).as_secs_f64()
            ), "status": 3}),
        )),
        _ = async { let _ = stopping.wait_for(|s| *s).await; } => return Outcome::Reply(Reply::json(
            503,
            Status::Interrupted,
            json!({"error": "error: the server is stopping", "status": 130}),
        )),
    };
    match head {
        Head::Line(line, out) => match parse_head(&line) {
            Some((http, exit, length, content_type)) => Outcome::Stream(Box::new(Streamed {
                http,
                exit,
                content_type,
                body: WorkerBody {
                    out,
                    left: length,
                    buf: vec![0; CHUNK].into_boxed_slice(),
                    _child: child,
                    _permit: permit,
                },
            })),
            None => Outcome::Reply(internal(format!(
                "a worker answered with a malformed first line: {:?}",
                String::from_utf8_lossy(&line)
            ))),
        },
        Head::Ended(Err(e)) => Outcome::Reply(internal(format!("lost the worker process: {e}"))),
        Head::Ended(Ok(status)) => {
            let stderr = match errors {
                Some(task) => task.await.unwrap_or_default(),
                None => Vec::new(),
            };
            Outcome::Reply(ended(state, status, &stderr))
        }
    }
}

/// A worker's standard error: the first [`STDERR_CAP`] bytes kept, the rest read and dropped.
async fn read_capped(mut err: tokio::process::ChildStderr) -> Vec<u8> {
    let mut kept = Vec::new();
    let _ = (&mut err).take(STDERR_CAP).read_to_end(&mut kept).await;
    let _ = tokio::io::copy(&mut err, &mut tokio::io::sink()).await;
    kept
}

/// What a worker's end says when it wrote no answer: the hard cap (status 3) is the request's
/// memory limit reached; anything else is a defect.
fn ended(state: &State, status: std::process::ExitStatus, stderr: &[u8]) -> Reply {
    if status.code() == Some(crate::ops::exit::LIMIT) {
        return Reply::json(
            422,
            Status::Limit,
            json!({"error": format!(
                "error: memory limit reached: {} of memory, the request's share of --max-memory \
                 (a step with no check of its own went on allocating, so its worker was stopped)",
                crate::memory::show_bytes(state.request_memory)
            ), "status": 3}),
        );
    }
    let why = String::from_utf8_lossy(stderr);
    internal(format!(
        "the request's worker ended unexpectedly ({status}){}",
        if why.trim().is_empty() {
            String::new()
        } else {
            format!(": {}", why.trim())
        }
    ))
}

/// `HTTP EXIT LENGTH CONTENT-TYPE\n`, as [`main`] writes it.
fn parse_head(line: &[u8]) -> Option<(u16, Status, u64, &'static str)> {
    let line = std::str::from_utf8(line).ok()?.strip_suffix('\n')?;
    let mut parts = line.splitn(4, ' ');
    let http: u16 = parts.next()?.parse().ok()?;
    let exit: i32 = parts.next()?.parse().ok()?;
    let length: u64 = parts.next()?.parse().ok()?;
    let ct = parts.next()?;
    let content_type = CONTENT_TYPES.iter().find(|c| **c == ct)?;
    Some((http, Status::from_code(exit), length, content_type))
}

fn internal(message: String) -> Reply {
    Reply::json(
        500,
        Status::Internal,
        json!({"error": format!("error: internal error (a bug in onag): {message}"), "status": 101}),
    )
}

/// The worker: one request from standard input, its answer on standard output, computed
/// within `time`; returns the exit status.
pub fn main(time: Duration) -> i32 {
    let mut input = Vec::new();
    if std::io::stdin().read_to_end(&mut input).is_err() {
        return crate::ops::exit::BAD_INPUT;
    }
    let reply = std::thread::Builder::new()
        .name("onag-request".into())
        .stack_size(STACK_BYTES)
        .spawn(move || one(&input, time))
        .ok()
        .and_then(|h| h.join().ok())
        .unwrap_or_else(|| internal("the request's computation panicked".into()));
    let mut out = std::io::stdout().lock();
    let written = writeln!(
        out,
        "{} {} {} {}",
        reply.http,
        reply.exit.code(),
        reply.body.len(),
        reply.content_type
    )
    .and_then(|_| out.write_all(reply.body.as_bytes()))
    .and_then(|_| out.flush());
    // The process ends here: nothing is freed piece by piece.
    std::mem::forget(reply);
    if written.is_ok() {
        crate::ops::exit::OK
    } else {
        crate::ops::exit::INTERRUPTED
    }
}

fn one(input: &[u8], time: Duration) -> Reply {
    let nl = input
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(input.len());
    let op = std::str::from_utf8(&input[..nl])
        .ok()
        .and_then(Op::from_name);
    let Some(op) = op else {
        return internal("a worker was sent no operation".into());
    };
    let body = input.get(nl + 1..).unwrap_or(&[]);
    let request = match work::decode(body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if matches!(op, Op::Simplify | Op::Prove) {
        crate::memory::CountingAlloc::prefer_small_pages();
    }
    work::answer(op, &request, &RequestLimits::new(time))
}
