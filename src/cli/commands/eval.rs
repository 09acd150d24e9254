//! `onag eval`: the value only, from the fast kernel; no rules, no derivation.

use super::{batch, emit, Ctx, Input};
use crate::cli::args::{Format, TreeChoice};
use crate::cli::exit::{CliError, OK};
use crate::cli::format::{dot, latex, markdown, svg, tree};
use crate::cli::input;
use crate::kernel::{Kernel, Outcome};
use crate::term::Term;

pub(super) fn run(ctx: &Ctx, inp: Input, json: bool) -> Result<i32, CliError> {
    let format = if json { Format::Json } else { ctx.format };
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

/// The value of one term in the chosen format, ending in a newline.
fn one(ctx: &Ctx, format: Format, k: &mut Kernel, src: &str, t: &Term) -> Result<String, CliError> {
    let g = k.eval(t)?;
    let canonical = k.to_term(g);
    let style = &ctx.style;
    Ok(match format {
        Format::Text => format!("{}\n", style.term_wrapped(&canonical, 0)),
        Format::Markdown => format!(
            "{} = {}\n",
            markdown::code(&style.term(t)),
            markdown::code(&style.term(&canonical))
        ),
        Format::Latex => format!("$ {} = {} $\n", latex::term(t), latex::term(&canonical)),
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

/// The outcome class as a letter (L, R, N, P).
pub(crate) fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
}
