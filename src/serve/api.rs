//! The routes: the page's assets, and the JSON API (docs/SERVE.md).
//!
//! A request is read here, before any engine work: a JSON content type (else 415), at most
//! [`BODY_CAP`] bytes (else 413, without reading further), UTF-8 (else 400), a JSON object of
//! the known fields (else 400 with serde's line and column); a body not received within the
//! idle timeout is 408. Then it waits for a worker (`limits`; a full queue is 503), and
//! `worker` computes it in a process of its own, whose answer is streamed to the client.

use super::limits::State;
use super::work::{decode, Op, Reply};
use super::worker::{Outcome, Streamed};
use crate::ops::exit::Status;
use axum::body::{Body, Bytes};
use axum::extract::{Request as HttpRequest, State as Shared};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body: an expression typed or pasted into the page is far smaller.
pub const BODY_CAP: usize = 1 << 20;

/// The header that carries the CLI's exit status for the same work (0, 1, 2, 3).
pub const EXIT_HEADER: &str = "x-onag-exit";

/// Every route.
pub fn router(state: Arc<State>) -> Router {
    let api = |op: Op| post(move |s: Shared<Arc<State>>, req: HttpRequest| handle(op, s, req));
    Router::new()
        .route("/", get(|| async { super::assets::page() }))
        .route("/app.js", get(|| async { super::assets::script() }))
        .route("/style.css", get(|| async { super::assets::style() }))
        .route("/examples.json", get(|| async { super::assets::examples() }))
        .route("/api/rules", get(rules))
        .route("/api/rules/misere", get(misere_rules))
        .route("/api/health", get(health))
        .route("/api/parse", api(Op::Parse))
        .route("/api/simplify", api(Op::Simplify))
        .route("/api/prove", api(Op::Prove))
        .route("/api/compare", api(Op::Compare))
        .route("/api/analyze", api(Op::Analyze))
        .route("/api/tree", api(Op::Tree))
        .route("/api/step", api(Op::Step))
        .route("/api/picture", api(Op::Picture))
        .fallback(|| async {
            reply(Reply::json(
                404,
                Status::BadInput,
                json!({"error": "error: no such page or endpoint (docs/SERVE.md lists them)", "status": 2}),
            ))
        })
        .with_state(state)
}

fn reply(r: Reply) -> Response {
    let status = StatusCode::from_u16(r.http).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut resp = (status, r.body).into_response();
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(r.content_type),
    );
    h.insert(EXIT_HEADER, HeaderValue::from(r.exit.code()));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// `GET /api/rules`: every rule, as `onag rules --format json` prints it (in ASCII, as into a
/// pipe).
async fn rules() -> Response {
    rule_list(&crate::rules::RuleSet::builtin())
}

/// `GET /api/rules/misere`: the rules of misère play (`rules/misere.rules`), listed as
/// `/api/rules` lists the others, for the page's words on a misère step.
async fn misere_rules() -> Response {
    rule_list(&crate::rules::RuleSet::misere())
}

/// A rule set as `onag rules --format json` lists it, in ASCII.
fn rule_list(rules: &crate::rules::RuleSet) -> Response {
    let list = crate::ops::rules::json_list(rules);
    let body = format!("{}\n", serde_json::Value::Array(list));
    reply(Reply {
        http: 200,
        exit: Status::Ok,
        content_type: "application/json",
        body: crate::ops::ascii::ascii(&body).into_owned(),
    })
}

/// `GET /api/health`: the load and the memory count, for monitoring (and the load test).
async fn health(Shared(state): Shared<Arc<State>>) -> Response {
    let (running, waiting) = state.load();
    reply(Reply::json(
        200,
        Status::Ok,
        json!({
            "ok": true,
            "running": running,
            "waiting": waiting,
            "jobs": state.jobs,
            "memory_in_use": crate::memory::in_use(),
            "memory_peak": crate::memory::peak(),
            "memory_limit": crate::memory::limit(),
        }),
    ))
}

async fn handle(op: Op, Shared(state): Shared<Arc<State>>, req: HttpRequest) -> Response {
    let body = match read(req, state.idle).await {
        Ok(b) => b,
        Err(r) => return reply(r),
    };
    // Checked here, so bad input costs no process; the worker reads it again.
    if let Err(r) = decode(&body) {
        return reply(r);
    }
    let permit = match state.admit().await {
        Ok(p) => p,
        Err(_) => {
            return reply(Reply::json(
                503,
                Status::Limit,
                json!({"error": "error: the server is busy: every worker is computing and the queue is full; try again shortly", "status": 3}),
            ))
        }
    };
    match super::worker::compute(&state, op, &body, permit).await {
        Outcome::Reply(r) => reply(r),
        Outcome::Stream(s) => streamed(*s),
    }
}

/// A worker's answer: its head now, its body streamed from the worker as the client reads it
/// (see `worker`), with its length, so the client knows when it has all of it.
fn streamed(s: Streamed) -> Response {
    let status = StatusCode::from_u16(s.http).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let length = s.body.length();
    let mut resp = Response::new(Body::new(s.body));
    *resp.status_mut() = status;
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(s.content_type),
    );
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    h.insert(EXIT_HEADER, HeaderValue::from(s.exit.code()));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// The body, after the content type and size checks.
async fn read(req: HttpRequest, idle: Duration) -> Result<Bytes, Reply> {
    let json_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return Err(Reply::json(
            415,
            Status::BadInput,
            json!({"error": "error: the request must be JSON: send the header content-type: application/json", "status": 2}),
        ));
    }
    let too_large = || {
        Reply::json(
            413,
            Status::BadInput,
            json!({"error": format!("error: the request body is larger than {} bytes", BODY_CAP), "status": 2}),
        )
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let mut body: Body = req.into_body();
    if declared.is_some_and(|n| n > BODY_CAP as u64) {
        drain(&mut body).await;
        return Err(too_large());
    }
    // A client that sends its body slowly holds a connection, not a worker; it has the idle
    // timeout for the whole body.
    match tokio::time::timeout(idle, axum::body::to_bytes(body, BODY_CAP)).await {
        Ok(Ok(b)) => Ok(b),
        Ok(Err(_)) => Err(too_large()),
        Err(_) => Err(Reply::json(
            408,
            Status::BadInput,
            json!({"error": format!("error: the request body did not arrive within {} s", idle.as_secs_f64()), "status": 2}),
        )),
    }
}

/// The most of an oversized body read (and thrown away) before answering 413.
const DRAIN_CAP: u64 = 64 << 20;

/// Reads and discards a body that is too large, up to [`DRAIN_CAP`], so the client, still
/// sending, reads the 413 rather than a reset connection. Nothing is kept.
async fn drain(body: &mut Body) {
    use axum::body::HttpBody;
    let mut seen: u64 = 0;
    while seen < DRAIN_CAP {
        let frame = std::future::poll_fn(|cx| std::pin::Pin::new(&mut *body).poll_frame(cx)).await;
        match frame {
            Some(Ok(f)) => seen += f.data_ref().map_or(0, |d| d.len() as u64),
            _ => break,
        }
    }
}
