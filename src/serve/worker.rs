//! Each request computed in a process of its own (see `limits` for why): the server's side
//! ([`compute`]: start `onag serve --worker`, hand it the request, read its answer or end it)
//! and the worker's ([`main`]: read one request from standard input, answer on standard
//! output, exit).
//!
//! The protocol is private to one binary: the request is the operation's name on a line, then
//! the body as the client sent it; the answer is `HTTP EXIT CONTENT-TYPE` on a line, then the
//! body.

use super::limits::{RequestLimits, State};
use super::work::{self, Op, Reply};
use crate::ops::exit::Status;
use serde_json::json;
use std::io::{Read, Write};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

/// The stack of the thread that computes in the worker: evaluation and printing recurse over
/// canonical forms far deeper than anything typed (as in the CLI's worker thread).
const STACK_BYTES: usize = 256 << 20;

/// The content types an answer may have.
const CONTENT_TYPES: [&str; 3] = [
    "application/json",
    "image/svg+xml",
    "text/plain; charset=utf-8",
];

/// Computes `op` on `body` (already checked to be a request) in a worker process; ends it, and
/// answers a limit, at the request's deadline; ends it, and answers 503, when the server stops.
pub async fn compute(state: &State, op: Op, body: &[u8]) -> Reply {
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
        // Dropped (a client that hung up, the deadline, Ctrl-C): the process is killed.
        .kill_on_drop(true);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return internal(format!("cannot start a worker process: {e}"));
        }
    };
    let mut input = format!("{}\n", op.name()).into_bytes();
    input.extend_from_slice(body);
    let stdin = child.stdin.take();
    let run = async move {
        if let Some(mut s) = stdin {
            // A worker that ended early (its hard cap) is reported by its status below.
            let _ = s.write_all(&input).await;
        }
        child.wait_with_output().await
    };
    let mut stopping = state.stopping.subscribe();
    tokio::select! {
        out = run => match out {
            Ok(out) => read_answer(state, &out),
            Err(e) => internal(format!("lost the worker process: {e}")),
        },
        _ = tokio::time::sleep(state.deadline()) => Reply::json(
            422,
            Status::Limit,
            json!({"error": format!(
                "error: limit reached: time: the request ran past its time limit of {} s \
                 (and {:.1} s more to write its answer)",
                state.time.as_secs_f64(),
                (state.deadline() - state.time).as_secs_f64()
            ), "status": 3}),
        ),
        _ = async { let _ = stopping.wait_for(|s| *s).await; } => Reply::json(
            503,
            Status::Interrupted,
            json!({"error": "error: the server is stopping", "status": 130}),
        ),
    }
}

/// The worker's answer, or what its end says: the hard cap (status 3) is the request's memory
/// limit reached; anything else is a defect.
fn read_answer(state: &State, out: &std::process::Output) -> Reply {
    if out.status.success() {
        if let Some(r) = parse_answer(&out.stdout) {
            return r;
        }
    }
    if out.status.code() == Some(crate::ops::exit::LIMIT) {
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
    let why = String::from_utf8_lossy(&out.stderr);
    internal(format!(
        "the request's worker ended unexpectedly ({}){}",
        out.status,
        if why.trim().is_empty() {
            String::new()
        } else {
            format!(": {}", why.trim())
        }
    ))
}

fn parse_answer(stdout: &[u8]) -> Option<Reply> {
    let nl = stdout.iter().position(|&b| b == b'\n')?;
    let head = std::str::from_utf8(&stdout[..nl]).ok()?;
    let mut parts = head.splitn(3, ' ');
    let http: u16 = parts.next()?.parse().ok()?;
    let exit: i32 = parts.next()?.parse().ok()?;
    let ct = parts.next()?;
    let content_type = CONTENT_TYPES.iter().find(|c| **c == ct)?;
    let body = String::from_utf8(stdout[nl + 1..].to_vec()).ok()?;
    Some(Reply {
        http,
        exit: Status::from_code(exit),
        content_type,
        body,
    })
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
        "{} {} {}",
        reply.http,
        reply.exit.code(),
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
