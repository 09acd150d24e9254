//! The page, embedded in the binary: plain HTML, CSS and JavaScript with no build step and no
//! network (no CDN, no web fonts), so `onag serve` works offline.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
/// The page's other scripts, each with one job, loaded after app.js: the state in the URL and
/// the keyboard (`state.js`), `#n` references and paged lemma and term lists (`refs.js`), the
/// analysis view and its thermograph (`analyze.js`).
const SCRIPTS: [(&str, &str); 3] = [
    ("state.js", include_str!("assets/state.js")),
    ("refs.js", include_str!("assets/refs.js")),
    ("analyze.js", include_str!("assets/analyze.js")),
];
const STYLE: &str = include_str!("assets/style.css");
/// The seeds' worked examples the page offers in its menu.
const EXAMPLES: &str = include_str!("assets/examples.json");

fn asset(body: &'static str, content_type: &'static str) -> Response {
    let mut r = body.into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    r
}

/// `GET /`.
pub fn page() -> Response {
    asset(PAGE, "text/html; charset=utf-8")
}

/// `GET /app.js`.
pub fn script() -> Response {
    asset(SCRIPT, "text/javascript; charset=utf-8")
}

/// `GET /state.js`, `/refs.js`, `/analyze.js` (None: no such script).
pub fn named_script(name: &str) -> Option<Response> {
    SCRIPTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, body)| asset(body, "text/javascript; charset=utf-8"))
}

/// `GET /style.css`.
pub fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// `GET /examples.json`.
pub fn examples() -> Response {
    asset(EXAMPLES, "application/json")
}
