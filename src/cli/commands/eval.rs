//! `onag eval`: the value only, from the fast kernel; no rules, no derivation.

use super::{batch, emit, Ctx, Input};
use crate::cli::args::{Format, TreeChoice};
use crate::cli::exit::{CliError, OK};
use crate::cli::format::{dot, latex, markdown, svg, tree};
use crate::cli::input;
use crate::cli::value;
use crate::functions::world::{self, Value};
use crate::kernel::{Budget, Kernel, Outcome};
use crate::number::signs;
use crate::term::Term;
use std::time::{Duration, Instant};

/// The kernel's budget for one expression: `--time-limit` seconds from now, Ctrl-C, and the
/// process-wide memory limit. The kernel checks it on every unit of work and the number world
/// between its operations, so a long evaluation ends with "limit reached" (exit status 3).
pub(super) fn budget(time_limit: f64) -> Result<Budget, CliError> {
    if !(time_limit.is_finite() && time_limit > 0.0) {
        return Err(CliError::bad(format!(
            "--time-limit must be a positive number of seconds, found {time_limit}"
        )));
    }
    Ok(Budget {
        deadline: Some(Instant::now() + Duration::from_secs_f64(time_limit.min(1e6))),
        cancel: Some(crate::cli::progress::cancel_flag()),
        ..Budget::default()
    })
}

/// A kernel under a fresh budget.
fn kernel(time_limit: f64) -> Result<Kernel, CliError> {
    let mut k = Kernel::new();
    k.set_budget(budget(time_limit)?);
    Ok(k)
}

pub(super) fn run(
    ctx: &Ctx,
    inp: Input,
    json: bool,
    tree_size: bool,
    time_limit: f64,
) -> Result<i32, CliError> {
    let format = if json { Format::Json } else { ctx.format };
    let one = |ctx: &Ctx, format, k: &mut Kernel, src: &str, t: &Term| {
        one(ctx, format, k, src, t, tree_size)
    };
    match inp {
        Input::One(src) => {
            // Parse before building a kernel: bad input is reported without any evaluation.
            let t = input::parse(src)?;
            let text = one(ctx, format, &mut kernel(time_limit)?, src, &t)
                .map_err(|e| e.at_source(src, 1, None))?;
            emit(&text);
            Ok(OK)
        }
        Input::Batch(source) => {
            // Built at the first good line, so that a batch of bad lines needs no kernel; one
            // kernel for all lines so work is shared.
            let mut kernel: Option<Kernel> = None;
            batch(source, "", |n, line| {
                let t = input::parse_line(line, n)?;
                let k = kernel.get_or_insert_with(Kernel::new);
                // each line gets the whole time limit
                k.set_budget(budget(time_limit)?);
                let text = one(ctx, format, k, line, &t).map_err(|e| e.at_source(line, n, None))?;
                Ok((text, OK))
            })
        }
    }
}

/// Rulesets whose position is one text argument, as `--ruleset` takes them.
const BOARD_RULESETS: [&str; 4] = ["domineering", "clobber", "toads", "hackenbush"];

/// How many values `--ruleset octal` computes while looking for a period.
const PERIOD_SEARCH: usize = 1 << 14;

/// `onag eval --ruleset octal CODE` (or `subtraction SET`): the first nim-values and the
/// period, when the Guy–Smith theorem proves one from the values computed.
fn nim_sequence(name: &str, text: &str, time_limit: f64) -> Result<i32, CliError> {
    use crate::rulesets::octal::{NimSequence, OctalCode};
    let text = text.trim();
    let code = if name == "octal" {
        OctalCode::parse(text)
    } else {
        crate::functions::rulesets::subtraction_set(text).and_then(|s| OctalCode::subtraction(&s))
    }
    .map_err(|e| CliError::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let mut seq = NimSequence::new(code);
    let budget = budget(time_limit)?;
    let period = seq
        .find_period(PERIOD_SEARCH, &budget)
        .map_err(|e| CliError::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let shown = seq
        .values_to(99, &budget)
        .map_err(|e| CliError::from(crate::functions::rulesets::kernel_error(name, e)))?;
    let values: Vec<String> = shown.iter().map(|v| v.to_string()).collect();
    let mut out = format!("{} G(0..99): {}\n", seq.code().print(), values.join(" "));
    out.push_str(&match period {
        Some(p) => format!(
            "periodic: period {} from heap {} (proved by the Guy–Smith theorem from G(0..{}))\n",
            p.period,
            p.preperiod,
            seq.computed().len() - 1
        ),
        None => format!(
            "not yet periodic: no period is proved by G(0..{})\n",
            seq.computed().len() - 1
        ),
    });
    emit(&out);
    Ok(OK)
}

/// `onag eval --ruleset NAME`: the whole input is one position; `--format svg` draws it.
pub(super) fn run_ruleset(
    ctx: &Ctx,
    name: &str,
    inp: Input,
    json: bool,
    time_limit: f64,
) -> Result<i32, CliError> {
    if !BOARD_RULESETS.contains(&name) && name != "octal" && name != "subtraction" {
        return Err(CliError::bad(format!(
            "--ruleset {name}: not a ruleset read from a position (one of {}, or octal and subtraction for a nim-sequence)",
            BOARD_RULESETS.join(", ")
        )));
    }
    let text = match inp {
        Input::One(src) => src.to_string(),
        Input::Batch(source) => input::read_all(source)?,
    };
    if name == "octal" || name == "subtraction" {
        return nim_sequence(name, &text, time_limit);
    }
    let format = if json { Format::Json } else { ctx.format };
    if format == Format::Svg {
        let picture = crate::rulesets::svg::draw(name, &text)
            .map_err(|e| CliError::from(crate::functions::rulesets::kernel_error(name, e)))?;
        emit(&picture);
        return Ok(OK);
    }
    let call = Term::Call {
        name: name.to_string(),
        args: vec![crate::term::Arg::Text(text.trim_end().to_string())],
    };
    let shown = crate::syntax::print(&call, &Default::default());
    let out = one(ctx, format, &mut kernel(time_limit)?, &shown, &call, false)?;
    emit(&out);
    Ok(OK)
}

/// The value of one term in the chosen format, ending in a newline, followed by what each
/// infinite brace (`{0,1,2,…|}`) was read as: the progressions inferred and the simplicity
/// rule's step (text and Markdown: indented lines; JSON: a `cuts` array).
fn one(
    ctx: &Ctx,
    format: Format,
    k: &mut Kernel,
    src: &str,
    t: &Term,
    tree_size: bool,
) -> Result<String, CliError> {
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
) -> Result<String, CliError> {
    let g = match world::eval(k, t)? {
        Value::Game(g) => g,
        v => return Ok(number_world(ctx, format, k, src, t, &v)),
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
                "outcome": outcome_letter(k.outcome(g)?),
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

/// The outcome class as a letter (L, R, N, P).
pub(crate) fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
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
                Value::Misere { kind, .. } => (*kind, None, None),
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
