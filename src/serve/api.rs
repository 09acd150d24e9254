//! The routes: the page's assets, and the JSON API (docs/SERVE.md).
//!
//! A request is read here, before any engine work: a JSON content type (else 415), at most
//! [`BODY_CAP`] bytes (else 413, without reading further), UTF-8 (else 400), a JSON object of
//! the known fields (else 400 with serde's line and column). Then it waits for a worker
//! (`limits`; a full queue is 503), and `work` computes on the blocking pool.

use super::limits::State;
use super::work::{self, Op, Reply, Request};
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
        .route("/api/health", get(health))
        .route("/api/parse", api(Op::Parse))
        .route("/api/simplify", api(Op::Simplify))
        .route("/api/prove", api(Op::Prove))
        .route("/api/compare", api(Op::Compare))
        .route("/api/analyze", api(Op::Analyze))
        .route("/api/tree", api(Op::Tree))
        .fallback(|| async {
            reply(Reply::json(
                404,
                crate::cli::exit::BAD_INPUT,
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
    h.insert(EXIT_HEADER, HeaderValue::from(r.exit));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}

/// `GET /api/rules`: every rule, as `onag rules --format json` prints it.
async fn rules() -> Response {
    let all = crate::rules::RuleSet::builtin();
    let list = crate::cli::commands::rules::json_list(&all);
    reply(Reply {
        http: 200,
        exit: 0,
        content_type: "application/json",
        body: format!("{}\n", serde_json::Value::Array(list)),
    })
}

/// `GET /api/health`: the load and the memory count, for monitoring (and the load test).
async fn health(Shared(state): Shared<Arc<State>>) -> Response {
    let (running, waiting) = state.load();
    reply(Reply::json(
        200,
        0,
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
    let body = match read(req).await {
        Ok(b) => b,
        Err(r) => return reply(r),
    };
    let request = match decode(&body) {
        Ok(r) => r,
        Err(r) => return reply(r),
    };
    let permit = match state.admit().await {
        Ok(p) => p,
        Err(_) => {
            return reply(Reply::json(
                503,
                crate::cli::exit::LIMIT,
                json!({"error": "error: the server is busy: every worker is computing and the queue is full; try again shortly", "status": 3}),
            ))
        }
    };
    let limits = state.request();
    let task = tokio::task::spawn_blocking(move || {
        let r = work::answer(op, &request, &limits);
        drop(permit);
        r
    });
    // The engine stops itself at the time limit; this is a backstop for work that does not
    // look at the clock often enough (the blocking task keeps its permit until it ends).
    let backstop = state.time * 2 + Duration::from_secs(5);
    match tokio::time::timeout(backstop, task).await {
        Ok(Ok(r)) => reply(r),
        Ok(Err(_)) => reply(Reply::json(
            500,
            101,
            json!({"error": "error: internal error (a bug in onag); please report the input", "status": 101}),
        )),
        Err(_) => reply(Reply::json(
            503,
            crate::cli::exit::LIMIT,
            json!({"error": format!("error: limit reached: the request ran past {:.1} s", backstop.as_secs_f64()), "status": 3}),
        )),
    }
}

/// The body, after the content type and size checks.
async fn read(req: HttpRequest) -> Result<Bytes, Reply> {
    let json_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_type {
        return Err(Reply::json(
            415,
            crate::cli::exit::BAD_INPUT,
            json!({"error": "error: the request must be JSON: send the header content-type: application/json", "status": 2}),
        ));
    }
    let too_large = || {
        Reply::json(
            413,
            crate::cli::exit::BAD_INPUT,
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
    match axum::body::to_bytes(body, BODY_CAP).await {
        Ok(b) => Ok(b),
        Err(_) => Err(too_large()),
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

/// The request object, or 400 with what is wrong and where.
fn decode(body: &[u8]) -> Result<Request, Reply> {
    let text = std::str::from_utf8(body).map_err(|e| {
        Reply::bad(format!(
            "the request body is not UTF-8 (byte {} is not part of a character)",
            e.valid_up_to()
        ))
    })?;
    serde_json::from_str::<Request>(text).map_err(|e| {
        Reply::error(
            crate::cli::exit::CliError::bad(format!("the request is not the JSON expected: {e}")),
            json!({"line": e.line(), "column": e.column()}),
        )
    })
}
