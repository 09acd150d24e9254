//! Analyze: one summary of a game — canonical form, outcome, stops, winning moves, mean,
//! temperature, atomic weight, reduced form, thermograph — computed by `crate::analysis` and
//! only formatted here.

use super::exit::Failure;
use super::render::{latex, markdown, thermograph};
use super::{Ctx, Format};
use crate::analysis::summary::{analyze, Move, Summary};
use crate::kernel::Kernel;
use crate::number::Dyadic;
use crate::term::Term;

/// The thermograph of every distinct subgame of `t`, as JSON for `onag check`, computed in
/// `k` (whose budget bounds it).
pub(crate) fn certificate(k: &mut Kernel, src: &str, t: &Term) -> Result<String, Failure> {
    // A call's error (an unknown name, an argument outside the domain) is placed at the call.
    let g = k
        .eval(t)
        .map_err(|e| Failure::from(e).at_source(src, 1, None))?;
    let cert = crate::analysis::certificate::build(k, g)?;
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&cert).unwrap_or_default()
    ))
}

/// The summary of `t` (typed as `src`) in `ctx`'s format, computed in `k` (whose budget bounds
/// it).
pub(crate) fn answer(ctx: &Ctx, src: &str, t: &Term, k: &mut Kernel) -> Result<String, Failure> {
    let s = analyze(k, t).map_err(|e| Failure::from(e).at_source(src, 1, None))?;
    let text = match ctx.format {
        Format::Text => text(ctx, src, &s),
        Format::Markdown => md(ctx, src, &s),
        Format::Latex => tex(src, &s),
        Format::Json => {
            let mut v = s.to_json();
            if let Some(o) = v.as_object_mut() {
                o.insert("input".into(), serde_json::json!(src));
                if ctx.style.braces {
                    braced(&s, o);
                }
            }
            format!("{v}\n")
        }
        Format::Svg => thermograph::svg(&s.left_wall, &s.right_wall, &s.mean, &s.temperature),
        Format::Dot => return Err(super::unsupported("analyze", Format::Dot)),
    };
    Ok(text)
}

/// The summary's games written again with nested braces (`--braces`: `{1|{0|-5}}`, not
/// `{1||0|-5}`), as the text formats write them; [`Summary::to_json`] writes CGSuite's slash
/// notation, and the numbers and the outcome it writes have no other spelling. Only the
/// braces change: JSON stays ASCII whatever the terminal's style.
fn braced(s: &Summary, o: &mut serde_json::Map<String, serde_json::Value>) {
    use serde_json::json;
    let style = super::style::Style {
        braces: true,
        ..Default::default()
    };
    let term = |t: &Term| json!(style.term(t));
    let mv = |m: &Move| match &m.component {
        None => term(&m.to),
        Some((i, c)) => json!({ "component": i, "in": style.term(c), "to": style.term(&m.to) }),
    };
    o.insert("canonical".into(), term(&s.canonical));
    o.insert("reduced".into(), term(&s.reduced));
    match &s.atomic_weight {
        Ok(w) => {
            o.insert("atomic_weight".into(), term(w));
        }
        // Why there is none names the game as CGSuite writes it: as the answer writes it here.
        Err(why) => {
            let plain = crate::syntax::print(&s.canonical, &Default::default());
            let why = why.replace(&plain, &style.term(&s.canonical));
            o.insert("atomic_weight_error".into(), json!(why));
        }
    }
    o.insert(
        "left_winning_moves".into(),
        s.left_winning_moves.iter().map(mv).collect(),
    );
    o.insert(
        "right_winning_moves".into(),
        s.right_winning_moves.iter().map(mv).collect(),
    );
}

fn moves(ctx: &Ctx, ms: &[Move]) -> String {
    if ms.is_empty() {
        return "none".into();
    }
    ms.iter()
        .map(|m| match &m.component {
            None => ctx.style.term(&m.to),
            Some((i, c)) => format!(
                "{} -> {} (part {})",
                ctx.style.term(c),
                ctx.style.term(&m.to),
                i + 1
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn points(pts: &[(Dyadic, Dyadic)]) -> String {
    pts.iter()
        .map(|(t, x)| format!("({t}, {x})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn aw(ctx: &Ctx, s: &Summary) -> String {
    match &s.atomic_weight {
        Ok(w) => ctx.style.term(w),
        Err(why) => format!("undefined: {why}"),
    }
}

/// The rows every format shows, in order: (label, value).
fn rows(ctx: &Ctx, s: &Summary) -> Vec<(&'static str, String)> {
    vec![
        ("canonical", ctx.style.term(&s.canonical)),
        ("outcome", s.outcome_words().to_string()),
        ("left stop", s.left_stop.to_string()),
        ("right stop", s.right_stop.to_string()),
        (
            "confusion interval",
            format!("from {} to {}", s.right_stop, s.left_stop),
        ),
        ("mean", s.mean.to_string()),
        ("temperature", s.temperature.to_string()),
        ("atomic weight", aw(ctx, s)),
        ("reduced", ctx.style.term(&s.reduced)),
        ("Left wins moving to", moves(ctx, &s.left_winning_moves)),
        ("Right wins moving to", moves(ctx, &s.right_winning_moves)),
        ("Left wall (t, x)", points(&s.left_wall)),
        ("Right wall (t, x)", points(&s.right_wall)),
        ("mast", format!("{} from t = {} up", s.mean, s.temperature)),
    ]
}

fn text(ctx: &Ctx, src: &str, s: &Summary) -> String {
    let rows = rows(ctx, s);
    let w = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let mut out = format!("{:w$}  {}\n", "game", src.trim());
    for (l, v) in rows {
        out.push_str(&format!("{l:w$}  {v}\n"));
    }
    out
}

fn md(ctx: &Ctx, src: &str, s: &Summary) -> String {
    let mut out = format!(
        "Analysis of {}\n\n| | |\n|---|---|\n",
        markdown::code(src.trim())
    );
    for (l, v) in rows(ctx, s) {
        out.push_str(&format!("| {} | {} |\n", l, markdown::escape(&v)));
    }
    out
}

fn tex(src: &str, s: &Summary) -> String {
    let term = |t: &crate::term::Term| format!("${}$", latex::term(t));
    let mv = |ms: &[Move]| {
        if ms.is_empty() {
            return "none".to_string();
        }
        ms.iter()
            .map(|m| match &m.component {
                None => term(&m.to),
                Some((i, c)) => format!("{} $\\to$ {} (part {})", term(c), term(&m.to), i + 1),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let num = |d: &Dyadic| format!("${d}$");
    let pts = |p: &[(Dyadic, Dyadic)]| {
        p.iter()
            .map(|(t, x)| format!("$({t}, {x})$"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let rows: Vec<(&str, String)> = vec![
        ("canonical", term(&s.canonical)),
        ("outcome", latex::text(s.outcome_words())),
        ("left stop", num(&s.left_stop)),
        ("right stop", num(&s.right_stop)),
        ("mean", num(&s.mean)),
        ("temperature", num(&s.temperature)),
        (
            "atomic weight",
            match &s.atomic_weight {
                Ok(w) => term(w),
                Err(why) => latex::text(&format!("undefined: {why}")),
            },
        ),
        ("reduced", term(&s.reduced)),
        ("Left wins moving to", mv(&s.left_winning_moves)),
        ("Right wins moving to", mv(&s.right_winning_moves)),
        ("Left wall $(t, x)$", pts(&s.left_wall)),
        ("Right wall $(t, x)$", pts(&s.right_wall)),
    ];
    let mut out = format!(
        "% onag analyze {}\n\\begin{{tabular}}{{ll}}\n",
        src.trim().replace('\n', " ")
    );
    for (l, v) in rows {
        out.push_str(&format!("{l} & {v} \\\\\n"));
    }
    out.push_str("\\end{tabular}\n");
    out
}

/// The most options a side lists in [`options`]: the page draws each one's thermograph, and a
/// game with more is better read from its summary.
pub const MAX_OPTIONS: usize = 24;

/// The thermograph of each option of `t`'s canonical form, for the page to draw beside the
/// game's on the same axes (`POST /api/analyze` with `"options": true`; the CLI's answer has
/// none of it): `{"left": [..], "right": [..], "more_left", "more_right"}`, each option
/// `{"canonical", "left_stop", "right_stop", "mean", "temperature", "thermograph"}` as
/// [`Summary::to_json`] writes them, at most [`MAX_OPTIONS`] a side (`more_*`: how many were
/// left out); with `braces`, each canonical form in nested braces as the answer's own (see
/// [`answer`]). Computed in `k`, whose budget bounds it.
#[cfg_attr(not(feature = "serve"), allow(dead_code))]
pub(crate) fn options(
    k: &mut Kernel,
    src: &str,
    t: &Term,
    braces: bool,
) -> Result<serde_json::Value, Failure> {
    use serde_json::json;
    let at = |e: crate::kernel::KernelError| Failure::from(e).at_source(src, 1, None);
    let g = k.eval(t).map_err(at)?;
    let mut th = crate::analysis::Thermographer::new();
    let pts = |p: &[(Dyadic, Dyadic)]| {
        p.iter()
            .map(|(t, x)| json!([t.to_string(), x.to_string()]))
            .collect::<Vec<_>>()
    };
    let mut sides = Vec::new();
    for left in [true, false] {
        let opts = if left {
            k.left_options(g)
        } else {
            k.right_options(g)
        }
        .map_err(at)?;
        let mut list = Vec::new();
        for &o in opts.iter().take(MAX_OPTIONS) {
            let tg = th.of(k, o).map_err(at)?;
            let canonical = crate::analysis::written(k, o).map_err(at)?;
            list.push(json!({
                "canonical": crate::syntax::print(&canonical, &crate::syntax::PrintOptions { braces, ..Default::default() }),
                "left_stop": k.left_stop(o).to_string(),
                "right_stop": k.right_stop(o).to_string(),
                "mean": tg.mast.to_string(),
                "temperature": tg.temperature.to_string(),
                "thermograph": {
                    "left_wall": pts(&tg.left_points()),
                    "right_wall": pts(&tg.right_points()),
                    "mast": tg.mast.to_string(),
                },
            }));
        }
        sides.push((list, opts.len().saturating_sub(MAX_OPTIONS)));
    }
    let (right, more_right) = sides.pop().unwrap_or_default();
    let (left, more_left) = sides.pop().unwrap_or_default();
    Ok(json!({"left": left, "right": right, "more_left": more_left, "more_right": more_right}))
}
