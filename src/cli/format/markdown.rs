//! Markdown: terms as code spans, one numbered item per line of the derivation, so it pastes
//! into notes and issues and renders the same everywhere (no tables: game bars would need
//! escaping inside them).

use super::{position, Conclusion, Derivation};
use crate::cli::style::Style;

/// Escapes the characters Markdown would read as markup in running text.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A term as an inline code span (a span may contain backticks only if fenced by more; terms
/// never contain them).
pub fn code(s: &str) -> String {
    format!("`{s}`")
}

/// A derivation in Markdown, ending in a newline.
pub fn derivation(d: &Derivation, style: &Style) -> String {
    let mut out = format!("{}\n\n", code(&style.term(&d.proof.input)));
    for (i, line) in d.lines.iter().enumerate() {
        out.push_str(&format!("{}. = {}\n", i + 1, code(&style.term(&line.to))));
        for r in &line.reasons {
            let dir = if r.reversed { ", right to left," } else { "" };
            out.push_str(&format!(
                "   - by **{}**{dir} at {}: {}\n",
                r.rule,
                if line.at.is_empty() {
                    position(&line.at)
                } else {
                    code(&position(&line.at))
                },
                escape(&style.symbols(&r.why))
            ));
            for c in &r.conditions {
                out.push_str("\n     ```text\n");
                for l in c.lines() {
                    out.push_str(&format!("     {}\n", style.symbols(l)));
                }
                out.push_str("     ```\n\n");
            }
        }
    }
    if !d.lines.is_empty() {
        out.push('\n');
    }
    match &d.conclusion {
        Conclusion::Canonical { result, stuck } => match stuck {
            None => out.push_str(&format!("Canonical form: {}\n", code(&style.term(result)))),
            Some(why) => out.push_str(&format!(
                "The rules stop at {}, which is not canonical: {}\n",
                code(&style.term(result)),
                escape(why)
            )),
        },
        Conclusion::Equal(a, b) => out.push_str(&format!(
            "Proved: {} = {}{}\n",
            code(&style.term(a)),
            code(&style.term(b)),
            if d.proof.checked {
                " (every step checked)"
            } else {
                " (not checked)"
            }
        )),
    }
    out
}
