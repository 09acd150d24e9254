//! Eval: the value only, from the fast kernel (no rules, no derivation), in every format.

use super::exit::Failure;
use super::render::{dot, latex, markdown, svg, tree};
use super::{value, Ctx, Format, TreeChoice};
use crate::functions::world::{self, Value};
use crate::kernel::Kernel;
use crate::number::signs;
use crate::term::Term;

/// The value of one term in the chosen format, ending in a newline, followed by what each
/// infinite brace (`{0,1,2,…|}`) was read as: the progressions inferred and the simplicity
/// rule's step (text and Markdown: indented lines; JSON: a `cuts` array).
pub(crate) fn one(
    ctx: &Ctx,
    format: Format,
    k: &mut Kernel,
    src: &str,
    t: &Term,
    tree_size: bool,
) -> Result<String, Failure> {
    let text = value_of(ctx, format, k, src, t, tree_size)?;
    let cuts = world::cut_reports(k, t)?;
    if cuts.is_empty() {
        return Ok(text);
    }
    Ok(match format {
        Format::Text | Format::Markdown => {
            let mut out = text;
            for c in &cuts {
                for i in &c.inferred {
                    out.push_str(&format!("  inferred ({} options): {}\n", i.side, i.text));
                }
                out.push_str(&format!("  {} rule ({}): {}\n", c.rule, c.cite, c.says));
            }
            out
        }
        Format::Json => {
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            let list: Vec<serde_json::Value> = cuts
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "cut": c.cut,
                        "inferred": c.inferred.iter().map(|i| serde_json::json!({
                            "side": i.side, "kind": i.kind, "text": i.text,
                        })).collect::<Vec<_>>(),
                        "rule": c.rule,
                        "cite": c.cite,
                        "value": c.value,
                        "says": c.says,
                    })
                })
                .collect();
            if let Some(obj) = v.as_object_mut() {
                obj.insert("cuts".into(), list.into());
            }
            format!("{v}\n")
        }
        _ => text,
    })
}

/// The value of one term in the chosen format, ending in a newline. Above the `--share`
/// threshold the canonical form is a shared term (`G where A = …`), which every format
/// writes a definition to a line.
fn value_of(
    ctx: &Ctx,
    format: Format,
    k: &mut Kernel,
    src: &str,
    t: &Term,
    tree_size: bool,
) -> Result<String, Failure> {
    let g = match world::eval(k, t)? {
        Value::Game(g) => g,
        v => {
            // A loopy value is written out before it is shown, so that one which cannot be
            // written (its sides did not settle by the deadline) is the command's error, with
            // its status, not a sentence printed in its place with status 0.
            if let Value::Loopy(l) = &v {
                let mut work = crate::loopy::Work::new(k.budget().clone());
                l.write(k, &mut work)?;
            }
            return Ok(number_world(ctx, format, k, src, t, &v));
        }
    };
    let canonical = if matches!(format, Format::Dot | Format::Svg) {
        Term::zero()
    } else {
        value::written(k, g, ctx.share)?
    };
    let style = &ctx.style;
    let size = tree_size.then(|| k_size(k, g));
    let size_line = |text: &str| match &size {
        Some(n) => format!("{text}{n}\n"),
        None => String::new(),
    };
    Ok(match format {
        Format::Text => format!(
            "{}\n{}",
            style.term_wrapped(&canonical, 0),
            size_line("tree size: ")
        ),
        Format::Markdown if matches!(canonical, Term::Where { .. }) => format!(
            "{} =\n\n```\n{}\n```\n{}",
            markdown::code(&style.term(t)),
            style.term(&canonical),
            size_line("\ntree size: ")
        ),
        Format::Markdown => format!(
            "{} = {}\n{}",
            markdown::code(&style.term(t)),
            markdown::code(&style.term(&canonical)),
            size_line("\ntree size: ")
        ),
        Format::Latex => {
            let mut out = match &canonical {
                Term::Where { body, defs } => {
                    let mut out = format!(
                        "$ {} = {} $ where\n\\begin{{align*}}\n",
                        latex::term(t),
                        latex::term(body)
                    );
                    for (i, (name, d)) in defs.iter().enumerate() {
                        let end = if i + 1 < defs.len() { " \\\\" } else { "" };
                        out.push_str(&format!(
                            "  \\mathrm{{{name}}} &= {}{end}\n",
                            latex::term(d)
                        ));
                    }
                    out.push_str("\\end{align*}\n");
                    out
                }
                _ => format!("$ {} = {} $\n", latex::term(t), latex::term(&canonical)),
            };
            out.push_str(&size_line("\ntree size: "));
            out
        }
        Format::Json => {
            // JSON is for programs: one line, ASCII, whatever --width and --unicode say.
            let ascii = |t: &Term| t.to_string();
            let value = serde_json::json!({
                "input": src,
                "canonical": ascii(&canonical),
                "outcome": k.outcome(g)?.to_string(),
                "number": k.as_number(g).map(|x| x.to_string()),
                "nimber": k.as_nimber(g).map(|n| n.to_string()),
                "birthday": k.birthday(g).to_string(),
                "tree_size": k_size(k, g),
                "shared": matches!(canonical, Term::Where { .. }),
                "sign_expansion": k.as_number(g).and_then(|x| x.sign_expansion(1 << 16)).map(|v| {
                    v.iter().map(|s| if *s == crate::number::Sign::Plus { '+' } else { '-' }).collect::<String>()
                }),
            });
            format!("{value}\n")
        }
        Format::Dot | Format::Svg => {
            let tr = match ctx.tree {
                TreeChoice::Canonical => tree::canonical(k, g, style)?,
                TreeChoice::Input => tree::input(t, style)?,
            };
            if format == Format::Dot {
                dot::tree(&tr)
            } else {
                svg::tree(&tr)
            }
        }
    })
}

/// The exact size of g's tree, in decimal.
fn k_size(k: &mut Kernel, g: crate::kernel::GameId) -> String {
    k.tree_size(g).to_string()
}

/// A value that is not a short game (ω, 1/3, *ω): its normal form; JSON adds the kind, the
/// birthday and the sign expansion when they are in the supported fragment (else null).
fn number_world(
    ctx: &Ctx,
    format: Format,
    k: &mut Kernel,
    src: &str,
    t: &Term,
    v: &Value,
) -> String {
    let style = &ctx.style;
    let shown = v.display(k, !style.unicode);
    match format {
        Format::Json => {
            let ascii = v.display(k, true);
            let (kind, birthday, signs) = match v {
                Value::Surreal(s) => {
                    let e = signs::sign_expansion(s).ok();
                    (
                        if s.to_ordinal().is_some() {
                            "ordinal"
                        } else {
                            "surreal"
                        },
                        e.as_ref().map(|e| e.length().display(true)),
                        e.map(|e| e.signs(true)),
                    )
                }
                // *α is born on day α.
                Value::Nimber(n) => ("nimber", Some(n.to_ordinal().display(true)), None),
                Value::Game(_) => ("game", None, None),
                Value::Misere { kind, .. } | Value::Text { kind, .. } => (*kind, None, None),
                Value::Bool(_) => ("boolean", None, None),
                Value::List(_) => ("list", None, None),
                Value::Loopy(l) => (
                    match **l {
                        crate::loopy::value::Value::Stopper(_) => "stopper",
                        crate::loopy::value::Value::Sided { .. } => "stopper-sided value",
                        crate::loopy::value::Value::Graph(_) => "loopy game",
                    },
                    None,
                    None,
                ),
            };
            let value = serde_json::json!({
                "input": src,
                "value": ascii,
                "kind": kind,
                "birthday": birthday,
                "sign_expansion": signs,
            });
            format!("{value}\n")
        }
        Format::Markdown => format!(
            "{} = {}\n",
            markdown::code(&style.term(t)),
            markdown::code(&shown)
        ),
        Format::Latex => format!(
            "$ {} = {} $\n",
            latex::term(t),
            shown.replace('ω', "\\omega ")
        ),
        _ => format!("{shown}\n"),
    }
}
