//! `onag rules`: every rule with its statement and citation, or one rule as written.

use super::{emit, unsupported, Ctx};
use crate::cli::args::Format;
use crate::cli::exit::{CliError, OK};
use crate::cli::format::markdown;
use crate::rules::Rule;

pub(super) fn run(ctx: &Ctx, name: Option<&str>) -> Result<i32, CliError> {
    let style = &ctx.style;
    let text = match name {
        Some(name) => {
            let rule = ctx.rules.get(name).ok_or_else(|| unknown(ctx, name))?;
            match ctx.format {
                Format::Json => format!("{}\n", json(rule)),
                Format::Markdown => format!(
                    "`rules/{}` line {}:\n\n```\n{}\n```\n",
                    rule.source.file,
                    rule.source.line,
                    rule.source.text.trim_end()
                ),
                Format::Text => format!(
                    "# rules/{}, line {}\n{}\n",
                    rule.source.file,
                    rule.source.line,
                    rule.source.text.trim_end()
                ),
                f => return Err(unsupported("rules", f)),
            }
        }
        None => match ctx.format {
            Format::Json => format!(
                "{}\n",
                serde_json::Value::Array(ctx.rules.rules().iter().map(json).collect())
            ),
            Format::Markdown => ctx
                .rules
                .rules()
                .iter()
                .map(|r| {
                    format!(
                        "- **{}** ({}): {} *{}*\n",
                        r.name,
                        r.groups.join(", "),
                        markdown::escape(&r.says),
                        markdown::escape(&r.cite)
                    )
                })
                .collect(),
            Format::Text => ctx
                .rules
                .rules()
                .iter()
                .map(|r| {
                    format!(
                        "{}  [{}]\n    {}\n    {}\n",
                        style.rule(&r.name),
                        r.groups.join(", "),
                        style.words(&r.says, 4, 4),
                        style.words(&r.cite, 4, 4)
                    )
                })
                .collect(),
            f => return Err(unsupported("rules", f)),
        },
    };
    emit(&text);
    Ok(OK)
}

pub(crate) fn json(r: &Rule) -> serde_json::Value {
    serde_json::json!({
        "name": r.name,
        "says": r.says,
        "cite": r.cite,
        "groups": r.groups,
        "file": r.source.file,
        "line": r.source.line,
        "text": r.source.text,
    })
}

/// An unknown rule name, with the closest names as a suggestion.
fn unknown(ctx: &Ctx, name: &str) -> CliError {
    let close = crate::cli::suggest::nearest(name, ctx.rules.names());
    let hint = if close.is_empty() {
        "`onag rules` lists them all".to_string()
    } else {
        format!("did you mean {}?", close.join(", "))
    };
    CliError::bad(format!(
        "no rule named `{name}` in the chosen rules; {hint}"
    ))
}
