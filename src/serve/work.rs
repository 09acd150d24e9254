//! The engine work of one request, run in a worker process of its own (`worker`). Answers
//! are what the CLI prints: the same operations (`crate::ops`), given a context whose format
//! is the request's (`json` unless asked otherwise), so `POST /api/simplify` and `onag
//! simplify --format json` write the same bytes. Errors carry the CLI's message and status.

use super::limits::RequestLimits;
use crate::engine::Engine;
use crate::ops::exit::{Failure, Status};
use crate::ops::render::tree::{Side, Tree};
use crate::ops::style::Style;
use crate::ops::{analyze, compare, prove, simplify, Ctx, Format, Share, StepsChoice, TreeChoice};
use crate::rules::RuleSet;
use crate::term::Term;
use serde::Deserialize;
use serde_json::json;

/// The deepest `"explain"` a request may ask for: each level expands every side condition's
/// inequalities once more, and the output grows with it.
pub const MAX_EXPLAIN: usize = 8;

/// What the endpoints do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `POST /api/parse`: the expression read back, or the parse error with its position.
    Parse,
    /// `POST /api/simplify`.
    Simplify,
    /// `POST /api/prove`.
    Prove,
    /// `POST /api/compare`.
    Compare,
    /// `POST /api/analyze`.
    Analyze,
    /// `POST /api/tree`: the game tree of a term as written (or its canonical form's), as
    /// JSON for the page to draw.
    Tree,
    /// `POST /api/step`: where one proof step's change sits in its texts (`marks`), for the
    /// page to mark; page-only, not an answer of the CLI.
    Step,
    /// `POST /api/picture`: the picture of a ruleset's position (`domineering("..|..")`), as
    /// `onag eval --format svg` draws it; page-only.
    Picture,
}

impl Op {
    /// The endpoint's last word (`simplify` for `/api/simplify`).
    pub fn name(self) -> &'static str {
        match self {
            Op::Parse => "parse",
            Op::Simplify => "simplify",
            Op::Prove => "prove",
            Op::Compare => "compare",
            Op::Analyze => "analyze",
            Op::Tree => "tree",
            Op::Step => "step",
            Op::Picture => "picture",
        }
    }

    /// The operation [`Op::name`] names.
    pub fn from_name(name: &str) -> Option<Op> {
        [
            Op::Parse,
            Op::Simplify,
            Op::Prove,
            Op::Compare,
            Op::Analyze,
            Op::Tree,
            Op::Step,
            Op::Picture,
        ]
        .into_iter()
        .find(|op| op.name() == name)
    }
}

/// A request body.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The game (parse, simplify, analyze, tree).
    pub expr: Option<String>,
    /// The left game (prove, compare).
    pub left: Option<String>,
    /// The right game (prove, compare).
    pub right: Option<String>,
    /// Rule groups or names, as `--rules`: one string (`"fundamental,reversible"`) or a list.
    pub rules: Option<Rules>,
    /// Side conditions expanded this many levels deep, as `--explain`.
    pub explain: Option<usize>,
    /// `json` (the default), `text`, `markdown`, `latex`, or `svg` (simplify: the canonical
    /// form's tree; analyze: the thermograph).
    pub format: Option<String>,
    /// For `tree`: `input` (as written, the default) or `canonical`.
    pub tree: Option<String>,
    /// For `step`: the proof step, as the proof JSON writes it (with `from`).
    pub step: Option<super::marks::StepRequest>,
    /// For `simplify` and `prove`: misère play, as `--misere` (`json` or `text`); for
    /// `analyze`, the page's table of misère values (`played`).
    pub misere: Option<bool>,
    /// Write the terms with nested braces instead of slash notation (`{1|{0|-5}}`, not
    /// `{1||0|-5}`), as `--braces`: for `step` the terms, witnesses and reason; for `analyze`
    /// and the text formats every game; for a `simplify` or `prove` JSON answer a page-only
    /// `"braced"` field (input, result, final claim) beside the proof's own.
    pub braces: Option<bool>,
    /// For `analyze` (JSON only): also each option's thermograph, for the page to draw on the
    /// game's axes (`"options"` in the answer; page-only, not the CLI's answer).
    pub options: Option<bool>,
}

/// `"rules"`: a string as `--rules` takes it, or a list of its parts.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
pub enum Rules {
    /// `"fundamental,reversible"`.
    One(String),
    /// `["fundamental", "reversible"]`.
    Many(Vec<String>),
}

/// An answer: its HTTP status, the status of the same work (the `x-onag-exit` header: what
/// `onag` would have exited with), and the body.
#[derive(Debug)]
pub struct Reply {
    /// The HTTP status.
    pub http: u16,
    /// How the work ended (its [`Status::code`] is the `x-onag-exit` header).
    pub exit: Status,
    /// The content type.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

/// The HTTP status of an error with this status. An answer the operation wrote (a proof, a
/// disproof, a simplification the chosen rules left short) is 200 whatever its status.
pub fn http_status(status: Status) -> u16 {
    match status {
        Status::Ok | Status::False => 200,
        Status::BadInput => 400,
        Status::Limit => 422,
        Status::Interrupted => 503,
        Status::Internal => 500,
    }
}

impl Reply {
    /// A JSON body.
    pub fn json(http: u16, exit: Status, v: serde_json::Value) -> Reply {
        Reply {
            http,
            exit,
            content_type: "application/json",
            body: format!("{v}\n"),
        }
    }

    /// An error as JSON: `{"error": the CLI's message, "status": its exit status}` plus
    /// `extra` fields.
    pub fn error(e: Failure, extra: serde_json::Value) -> Reply {
        let message = crate::ops::ascii::ascii(e.message.trim_end());
        let mut v = json!({"error": message, "status": e.status.code()});
        if let (Some(o), Some(x)) = (v.as_object_mut(), extra.as_object()) {
            o.extend(x.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
        Reply::json(http_status(e.status), e.status, v)
    }

    /// Bad input with a message of our own (a missing field, say).
    pub fn bad(msg: impl Into<String>) -> Reply {
        Reply::error(Failure::bad(msg), json!({}))
    }

    /// An answer the operation wrote: 200, with its status in the header. In ASCII, as the
    /// command line writes it into a pipe, so that the two faces answer byte for byte alike.
    fn rendered(text: String, exit: Status, format: Format) -> Reply {
        let text = match crate::ops::ascii::ascii(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(a) => a,
        };
        Reply {
            http: 200,
            exit,
            content_type: match format {
                Format::Json => "application/json",
                Format::Svg => "image/svg+xml",
                _ => "text/plain; charset=utf-8",
            },
            body: text,
        }
    }
}

/// The rule set every request starts from, read once.
fn builtin() -> &'static RuleSet {
    static RULES: std::sync::OnceLock<RuleSet> = std::sync::OnceLock::new();
    RULES.get_or_init(RuleSet::builtin)
}

/// Does `op` for `req` within `limits`.
pub fn answer(op: Op, req: &Request, limits: &RequestLimits) -> Reply {
    let mut reply = match run(op, req, limits) {
        Ok(r) | Err(r) => r,
    };
    if matches!(op, Op::Simplify | Op::Prove)
        && req.braces == Some(true)
        && reply.http == 200
        && reply.content_type == "application/json"
    {
        reply.body = super::braced::add(&reply.body);
    }
    reply
}

fn run(op: Op, req: &Request, limits: &RequestLimits) -> Result<Reply, Reply> {
    let format = format(req, op)?;
    let ctx = context(req, format)?;
    let cli = |e: Failure| Reply::error(e, json!({}));
    match op {
        Op::Parse => {
            let t = parse(expr(req)?, None)?;
            Ok(Reply::json(
                200,
                Status::Ok,
                json!({"ok": true, "term": t.to_string()}),
            ))
        }
        Op::Simplify if req.misere == Some(true) => {
            let t = parse(expr(req)?, None)?;
            let (text, exit) = crate::ops::misere::simplify(&ctx, &t, limits.budget())
                .map_err(|e| positioned(e, req))?;
            Ok(Reply::rendered(text, exit, format))
        }
        Op::Prove if req.misere == Some(true) => {
            let (x, y) = two(req)?;
            let (text, exit) = crate::ops::misere::prove(&ctx, &x, &y, limits.budget())
                .map_err(|e| positioned(e, req))?;
            Ok(Reply::rendered(text, exit, format))
        }
        Op::Simplify => {
            let t = parse(expr(req)?, None)?;
            if crate::ops::loopy::is_loopy(&t) {
                // A loopy game has its own derivation, chosen by its notation as in the CLI.
                let (text, exit) = crate::ops::loopy::simplify(&ctx, &t, limits.budget())
                    .map_err(|e| positioned(e, req))?;
                return Ok(Reply::rendered(text, exit, format));
            }
            let engine = Engine::new(ctx.rules.clone()).with_limits(limits.engine());
            let (text, exit) = simplify::derive(
                &ctx,
                &t,
                &engine,
                || limits.kernel(),
                |s, json| simplify::rendered(&ctx, s, json, simplify::Afterwards::Free),
            )
            .map_err(|e| positioned(e, req))?;
            Ok(Reply::rendered(text, exit, format))
        }
        Op::Prove => {
            let (x, y) = two(req)?;
            if crate::ops::loopy::is_loopy(&x) || crate::ops::loopy::is_loopy(&y) {
                let (text, exit) = crate::ops::loopy::prove(&ctx, &x, &y, limits.budget())
                    .map_err(|e| positioned(e, req))?;
                return Ok(Reply::rendered(text, exit, format));
            }
            let engine = Engine::new(ctx.rules.clone()).with_limits(limits.engine());
            let (text, exit) =
                prove::prove(&ctx, &x, &y, &engine).map_err(|e| positioned(e, req))?;
            Ok(Reply::rendered(text, exit, format))
        }
        Op::Compare => {
            let (x, y) = two(req)?;
            let text = compare::answer(&ctx, &x, &y, false, || limits.kernel())
                .map_err(|e| positioned(e, req))?;
            Ok(Reply::rendered(text, Status::Ok, format))
        }
        Op::Analyze => {
            let src = expr(req)?;
            let t = parse(src, None)?;
            let mut k = limits.kernel();
            if req.misere == Some(true) || crate::ops::loopy::is_loopy(&t) {
                // Misère and loopy play: the page's table of their values (`played`).
                if format != Format::Json || req.options.is_some() {
                    return Err(Reply::bad(
                        "analyze in misère or loopy play answers JSON only, without \"options\"",
                    ));
                }
                let v = super::played::analysis(src, &t, req.misere == Some(true), &mut k);
                return Ok(Reply::json(200, Status::Ok, v));
            }
            let mut text = analyze::answer(&ctx, src, &t, &mut k).map_err(cli)?;
            if req.options == Some(true) {
                // The CLI's object with one field more.
                let opts = analyze::options(&mut k, src, &t, ctx.style.braces).map_err(cli)?;
                let mut v: serde_json::Value = serde_json::from_str(&text)
                    .map_err(|e| cli(Failure::internal(format!("the analysis' JSON: {e}"))))?;
                if let Some(o) = v.as_object_mut() {
                    o.insert("options".into(), opts);
                }
                text = format!("{v}\n");
            }
            Ok(Reply::rendered(text, Status::Ok, format))
        }
        Op::Tree => {
            let src = expr(req)?;
            // Proof terms may name entries of their term table (`#3`): drawn as leaves.
            let t = crate::syntax::parse_with_refs(src).map_err(|e| parse_error(e, None))?;
            let tree = match req.tree.as_deref().unwrap_or("input") {
                "input" => crate::ops::render::tree::input(&t, &ctx.style).map_err(cli)?,
                "canonical" => {
                    let mut k = limits.kernel();
                    let g = k.eval(&t).map_err(|e| cli(e.into()))?;
                    crate::ops::render::tree::canonical(&mut k, g, &ctx.style).map_err(cli)?
                }
                other => {
                    return Err(Reply::bad(format!(
                        "\"tree\": expected \"input\" or \"canonical\", found \"{other}\""
                    )))
                }
            };
            Ok(Reply::json(200, Status::Ok, tree_json(&tree)))
        }
        Op::Picture => {
            let src = expr(req)?;
            let t = parse(src, None)?;
            let svg = picture(&t).map_err(Reply::bad)?;
            Ok(Reply {
                http: 200,
                exit: Status::Ok,
                content_type: "image/svg+xml",
                body: svg,
            })
        }
        Op::Step => {
            let step = req.step.as_ref().ok_or_else(|| {
                Reply::bad("the request needs \"step\": a proof step with its \"from\", e.g. {\"step\": {\"from\": \"{1,0|}\", \"to\": \"{1|}\", \"rule\": \"dominated-left\"}}")
            })?;
            let mut k = limits.kernel();
            let v = super::marks::describe(step, req.braces.unwrap_or(false), &mut k)
                .map_err(Reply::bad)?;
            Ok(Reply::json(200, Status::Ok, v))
        }
    }
}

/// The picture of a position written as one ruleset call with its position as text
/// (`domineering("..|..")`, `clobber`, `toads`, `hackenbush`), or why there is none.
fn picture(t: &Term) -> Result<String, String> {
    use crate::term::Arg;
    match t {
        Term::Call { name, args } => match args.as_slice() {
            [Arg::Text(text)] => crate::rulesets::svg::draw(name, text).map_err(|e| e.to_string()),
            _ => Err(format!("{name}(…): a picture is drawn of a position written as text")),
        },
        _ => Err("a picture is drawn of a ruleset's position: domineering(\"..|..\"), clobber, toads or hackenbush".into()),
    }
}

/// A drawn tree as `{"label": …, "children": [{"side": "L"|"R", "tree": …}, …]}`.
fn tree_json(t: &Tree) -> serde_json::Value {
    json!({
        "label": t.label,
        "children": t.children.iter().map(|(side, c)| json!({
            "side": match side { Side::Left => "L", Side::Right => "R" },
            "tree": tree_json(c),
        })).collect::<Vec<_>>(),
    })
}

fn format(req: &Request, op: Op) -> Result<Format, Reply> {
    let f = match req.format.as_deref().unwrap_or("json") {
        "json" => Format::Json,
        "text" => Format::Text,
        "markdown" => Format::Markdown,
        "latex" => Format::Latex,
        "svg" if matches!(op, Op::Simplify | Op::Analyze) => Format::Svg,
        other => {
            return Err(Reply::bad(format!(
                "\"format\": expected \"json\", \"text\", \"markdown\" or \"latex\" (\"svg\" for simplify and analyze), found \"{other}\""
            )))
        }
    };
    if f != Format::Json && matches!(op, Op::Parse | Op::Tree | Op::Step | Op::Picture) {
        return Err(Reply::bad("\"format\": this endpoint answers JSON only"));
    }
    if req.options.is_some() && (op != Op::Analyze || f != Format::Json) {
        return Err(Reply::bad(
            "\"options\": only analyze, in JSON, draws the options' thermographs",
        ));
    }
    Ok(f)
}

/// The CLI's context for one request: plain ASCII output (as in a pipe), the chosen rules.
fn context(req: &Request, format: Format) -> Result<Ctx, Reply> {
    let explain = req.explain.unwrap_or(0);
    if explain > MAX_EXPLAIN {
        return Err(Reply::bad(format!(
            "\"explain\": at most {MAX_EXPLAIN} levels, found {explain}"
        )));
    }
    let spec = match &req.rules {
        None => "all".to_string(),
        Some(Rules::One(s)) => s.clone(),
        Some(Rules::Many(v)) if v.is_empty() => {
            return Err(Reply::bad("\"rules\": an empty list chooses no rules"))
        }
        Some(Rules::Many(v)) => v.join(","),
    };
    let rules = builtin()
        .select(&spec)
        .map_err(|e| Reply::bad(format!("\"rules\": {e}")))?;
    Ok(Ctx {
        style: Style {
            braces: req.braces == Some(true),
            ..Style::default()
        },
        format,
        steps: StepsChoice::All,
        tree: TreeChoice::Canonical,
        rules,
        selection: spec,
        user_rules: crate::rules::RuleSet::empty(),
        explain,
        share: Share::Above(100_000),
        // The server's requests have limits of their own; the command line's watch, which
        // ends the process, is never armed here.
        time_limit: None,
    })
}

fn expr(req: &Request) -> Result<&str, Reply> {
    if req.left.is_some() || req.right.is_some() {
        return Err(Reply::bad(
            "this endpoint takes {\"expr\": …}; \"left\" and \"right\" are for prove and compare",
        ));
    }
    req.expr.as_deref().ok_or_else(|| {
        Reply::bad("the request needs \"expr\": the game, e.g. {\"expr\": \"{0,1|2}\"}")
    })
}

fn two(req: &Request) -> Result<(Term, Term), Reply> {
    match (&req.left, &req.right, &req.expr) {
        (Some(a), Some(b), None) => Ok((parse(a, Some("first"))?, parse(b, Some("second"))?)),
        _ => Err(Reply::bad(
            "this endpoint takes {\"left\": …, \"right\": …}, e.g. {\"left\": \"{0|5}\", \"right\": \"1\"}",
        )),
    }
}

/// An error of a two-game request, with the position of the call that raised it when one of
/// the texts has it (bad input found while evaluating a call or an infinite brace), reported
/// as a parse error's position is.
fn positioned(e: Failure, req: &Request) -> Reply {
    let texts = [
        (&req.left, Some("first")),
        (&req.right, Some("second")),
        (&req.expr, None),
    ];
    let found = texts.iter().find_map(|(src, which)| {
        let src = src.as_deref()?;
        Some((e.position(src, 1, None)?, *which))
    });
    match found {
        Some((p, which)) => parse_error(p, which),
        None => Reply::error(e, json!({})),
    }
}

/// Parses like the CLI (`cli::input::parse_named`), keeping the position for the page.
fn parse(src: &str, which: Option<&str>) -> Result<Term, Reply> {
    crate::syntax::parse(src).map_err(|e| parse_error(e, which))
}

fn parse_error(mut e: crate::syntax::ParseError, which: Option<&str>) -> Reply {
    if let Some(w) = which {
        e.message = format!("in the {w} game: {}", e.message);
    }
    let extra = json!({
        "line": e.line,
        "column": e.column,
        "length": e.length,
        "message": e.message,
        "side": which,
    });
    Reply::error(e.into(), extra)
}

/// The request object, or 400 with what is wrong and where.
pub fn decode(body: &[u8]) -> Result<Request, Reply> {
    let text = std::str::from_utf8(body).map_err(|e| {
        Reply::bad(format!(
            "the request body is not UTF-8 (byte {} is not part of a character)",
            e.valid_up_to()
        ))
    })?;
    serde_json::from_str::<Request>(text).map_err(|e| {
        Reply::error(
            crate::ops::exit::Failure::bad(format!("the request is not the JSON expected: {e}")),
            json!({"line": e.line(), "column": e.column()}),
        )
    })
}
