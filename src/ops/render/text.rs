//! Plain text for people: the input, then `= term` per line with the rule and its witnesses
//! indented below, then the conclusion.
//!
//! Terms wrap to the width (through the syntax printer's `pretty` layout) and so do the
//! reasons; rule names are coloured when the [`Style`] allows.

use super::{position, Conclusion, Derivation, Line};
use crate::ops::style::Style;
use crate::term::Term;

/// Columns before a term on a step line (`  = `).
const TERM_INDENT: usize = 4;
/// Columns before a reason.
const REASON_INDENT: usize = 6;

/// A derivation as text, ending in a newline.
pub fn derivation(d: &Derivation, style: &Style) -> String {
    let mut out = String::new();
    // Shared terms first: every line below may name them.
    if !d.terms.is_empty() {
        out.push_str("terms (each written once, named #n below):\n");
        for (n, t) in &d.terms {
            out.push_str(&format!("  #{n} = {}\n", style.term(t)));
        }
        out.push('\n');
    }
    // Lemmas first: the steps below cite them by number.
    for l in &d.lemmas {
        out.push_str(&format!(
            "lemma {}: {} = {}\n",
            l.index,
            style.term(&l.from),
            style.term(&l.to)
        ));
        chain(&mut out, &l.from, &l.lines, style);
        out.push('\n');
    }
    if !d.lemmas.is_empty() {
        out.push_str("proof:\n");
    }
    chain(&mut out, &d.proof.input, &d.lines, style);
    match &d.conclusion {
        Conclusion::Canonical {
            result,
            stuck: None,
        } => {
            out.push_str(&format!(
                "canonical form: {}\n",
                style.term_wrapped(result, 16)
            ));
        }
        Conclusion::Canonical {
            result,
            stuck: Some(why),
        } => {
            out.push_str(&format!(
                "the rules stop at {}, which is not canonical: {}\n",
                style.term(result),
                style.symbols(why)
            ));
        }
        Conclusion::Equal(a, b) => {
            let steps = d.proof.steps.len();
            let plural = if steps == 1 { "" } else { "s" };
            let lemmas = match d.lemmas.len() {
                0 => String::new(),
                1 => ", 1 lemma".to_string(),
                n => format!(", {n} lemmas"),
            };
            let checked = if d.proof.checked {
                "checked: every step re-matched and its conditions decided again"
            } else {
                "NOT checked"
            };
            out.push_str(&format!(
                "proved: {} = {} ({steps} step{plural}{lemmas}; {checked})\n",
                style.term(a),
                style.term(b)
            ));
        }
    }
    out
}

/// A chain of lines from `input`, each with its reasons.
fn chain(out: &mut String, input: &Term, lines: &[Line], style: &Style) {
    out.push_str(&format!(
        "{}{}\n",
        " ".repeat(TERM_INDENT),
        style.term_wrapped(input, TERM_INDENT)
    ));
    for line in lines {
        out.push_str(&format!(
            "  = {}\n",
            style.term_wrapped(&line.to, TERM_INDENT)
        ));
        let at = position(&line.at);
        for r in &line.reasons {
            let dir = if r.reversed { ", right to left," } else { "" };
            let head = format!("by {}{dir} at {at}: ", r.rule);
            let why = style.symbols(&r.why);
            // Wrap the plain text, then colour the rule name inside it: escape codes would
            // otherwise count as columns.
            let plain = style.words(&format!("{head}{why}"), REASON_INDENT, REASON_INDENT + 2);
            let shown = plain.replacen(&r.rule, &style.rule(&r.rule), 1);
            out.push_str(&format!("{}{shown}\n", " ".repeat(REASON_INDENT)));
            for c in &r.conditions {
                for (k, l) in c.lines().enumerate() {
                    let lead = if k == 0 { "where " } else { "  " };
                    out.push_str(&format!(
                        "{}{lead}{}\n",
                        " ".repeat(REASON_INDENT + 2),
                        style.symbols(l)
                    ));
                }
            }
        }
    }
}
