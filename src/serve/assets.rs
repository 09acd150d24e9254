//! The page, embedded in the binary: plain HTML, CSS and JavaScript with no build step and no
//! network (no CDN, no web fonts), so `onag serve` works offline.

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("assets/index.html");
/// The page's script: the step view (`steps.js`: what a step changed, marked, and the trees
/// before and after; first, as `app.js` calls it), app.js (the derivation stepper) and, after
/// it, the files that add to it, each with one job: the state in the URL and the keyboard
/// (`state.js`), `#n` references and the paged lemma and term lists (`refs.js`), the analysis
/// and its thermograph (`analyze.js`), and the plays and the page's memory (`plays.js`: the
/// play switch, misère and loopy results and analyses, why a result is final, the history of
/// computations). Served as one file, so the page costs one request for
/// its script.
const SCRIPT: &str = concat!(
    include_str!("assets/steps.js"),
    "\n",
    include_str!("assets/app.js"),
    "\n",
    include_str!("assets/state.js"),
    "\n",
    include_str!("assets/refs.js"),
    "\n",
    include_str!("assets/analyze.js"),
    "\n",
    include_str!("assets/plays.js"),
);
/// The page's style: the page's (`style.css`) and the step view's (`steps.css`), one file.
const STYLE: &str = concat!(
    include_str!("assets/style.css"),
    "\n",
    include_str!("assets/steps.css"),
);
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

/// `GET /style.css`.
pub fn style() -> Response {
    asset(STYLE, "text/css; charset=utf-8")
}

/// `GET /examples.json`.
pub fn examples() -> Response {
    asset(EXAMPLES, "application/json")
}
