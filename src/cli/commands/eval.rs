//! `onag eval`: the value only, from the fast kernel; no rules, no derivation.

use super::{batch, emit, Ctx, Input};
use crate::cli::args::{Format, TreeChoice};
use crate::cli::exit::{CliError, OK};
use crate::cli::format::{dot, latex, markdown, svg, tree};
use crate::cli::input;
use crate::cli::value;
use crate::kernel::{Kernel, Outcome};
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, inp: Input, json: bool, tree_size: bool) -> Result<i32, CliError> {
    let format = if json { Format::Json } else { ctx.format };
    let one = |ctx: &Ctx, format, k: &mut Kernel, src: &str, t: &Term| {
        one(ctx, format, k, src, t, tree_size)
    };
    match inp {
        Input::One(src) => {
            // Parse before building a kernel: bad input is reported without any evaluation.
            let t = input::parse(src)?;
            let text = one(ctx, format, &mut Kernel::new(), src, &t)?;
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
                Ok((one(ctx, format, k, line, &t)?, OK))
            })
        }
    }
}

/// The value of one term in the chosen format, ending in a newline. Above the `--share`
/// threshold the canonical form is a shared term (`G where A = …`), which every format
/// writes a definition to a line.
fn one(
    ctx: &Ctx,
    format: Format,
    k: &mut Kernel,
    src: &str,
    t: &Term,
    tree_size: bool,
) -> Result<String, CliError> {
    let g = k.eval(t)?;
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
            let ascii = |t: &Term| crate::syntax::print(t, &Default::default());
            let value = serde_json::json!({
                "input": src,
                "canonical": ascii(&canonical),
                "outcome": outcome_letter(k.outcome(g)?),
                "number": k.as_number(g).map(|x| x.to_string()),
                "nimber": k.as_nimber(g).map(|n| n.to_string()),
                "birthday": k.birthday(g).to_string(),
                "tree_size": k_size(k, g),
                "shared": matches!(canonical, Term::Where { .. }),
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
