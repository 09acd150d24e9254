//! Markdown: terms as code spans, one numbered item per line of the derivation, so it pastes
//! into notes and issues and renders the same everywhere (no tables: game bars would need
//! escaping inside them).

use super::{position, Conclusion, Derivation, Line};
use crate::ops::style::Style;
use crate::term::Term;

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
    let mut out = String::new();
    // Shared terms first: every line below may name them.
    if !d.terms.is_empty() {
        out.push_str("**Terms.**\n\n");
        for (n, t) in &d.terms {
            out.push_str(&format!("- `#{n}` = {}\n", code(&style.term(t))));
        }
        out.push('\n');
    }
    // Lemmas first: the steps below cite them by number.
    for l in &d.lemmas {
        out.push_str(&format!(
            "**Lemma {}.** {} = {}\n\n",
            l.index,
            code(&style.term(&l.from)),
            code(&style.term(&l.to))
        ));
        chain(&mut out, &l.from, &l.lines, style);
    }
    if !d.lemmas.is_empty() {
        out.push_str("**Proof.**\n\n");
    }
    chain(&mut out, &d.proof.input, &d.lines, style);
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

/// A chain of numbered lines from `input`, each with its reasons, and a blank line after.
fn chain(out: &mut String, input: &Term, lines: &[Line], style: &Style) {
    out.push_str(&format!("{}\n\n", code(&style.term(input))));
    for (i, line) in lines.iter().enumerate() {
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
    if !lines.is_empty() {
        out.push('\n');
    }
}
