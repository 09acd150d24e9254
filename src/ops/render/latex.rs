//! LaTeX for lecture notes: a derivation as an `align*` block (package amsmath), each line
//! `&= term` with the rule's name at the right and its witnesses as a small `\intertext`, so a
//! long reason wraps like prose instead of running off the page.

use super::{Conclusion, Derivation, Line};
use crate::syntax::{self, PrintOptions};
use crate::term::Term;

/// A term in math mode: the Unicode printer's output with its symbols mapped to LaTeX's.
pub fn term(t: &Term) -> String {
    let s = syntax::print(
        t,
        &PrintOptions {
            unicode: true,
            width: None,
            ..Default::default()
        },
    );
    math(&s)
}

/// Maps printed notation to math mode. The printer's alphabet is small (digits, `{ } | , / +
/// ( ) . *`, arrows, ±, −, `hs"…"` rows and the names Tiny and Miny), so a character map is
/// exact.
fn math(s: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => {
                let mut n = 0;
                while i < chars.len() && chars[i] == '|' {
                    n += 1;
                    i += 1;
                }
                out.push_str(&format!("\\mathbin{{{}}}", "|".repeat(n)));
                continue;
            }
            '*' => out.push_str("{\\ast}"),
            // A reference to the proof's table of terms: `#12` is T_{12}.
            '#' => {
                let mut digits = String::new();
                while i + 1 < chars.len() && chars[i + 1].is_ascii_digit() {
                    i += 1;
                    digits.push(chars[i]);
                }
                out.push_str(&format!("T_{{{digits}}}"));
            }
            '↑' => out.push_str("{\\uparrow}"),
            '↓' => out.push_str("{\\downarrow}"),
            '⇑' => out.push_str("{\\Uparrow}"),
            '⇓' => out.push_str("{\\Downarrow}"),
            '±' => out.push_str("\\pm "),
            '−' => out.push('-'),
            ',' => out.push_str(",\\,"),
            '"' => {
                // A Hackenstring row: hs"LRE" (the `hs` was already emitted as a name).
                let mut row = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    row.push(chars[i]);
                    i += 1;
                }
                out.push_str(&format!("\\texttt{{{row}}}"));
            }
            c if c.is_ascii_alphabetic() => {
                let mut name = String::new();
                while i < chars.len() && chars[i].is_ascii_alphabetic() {
                    name.push(chars[i]);
                    i += 1;
                }
                out.push_str(&format!("\\mathrm{{{name}}}"));
                continue;
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// Text-mode escaping for the reasons (which contain braces, bars and `<=`); the relations
/// become the usual symbols.
pub fn text(s: &str) -> String {
    let s = s
        .replace(" <= ", " ≤ ")
        .replace(" >= ", " ≥ ")
        .replace(" != ", " ≠ ");
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '{' => out.push_str("\\{"),
            '}' => out.push_str("\\}"),
            '|' => out.push_str("\\textbar{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '\\' => out.push_str("\\textbackslash{}"),
            '_' | '&' | '%' | '$' | '#' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '↑' => out.push_str("$\\uparrow$"),
            '↓' => out.push_str("$\\downarrow$"),
            '⇑' => out.push_str("$\\Uparrow$"),
            '⇓' => out.push_str("$\\Downarrow$"),
            '±' => out.push_str("$\\pm$"),
            '−' => out.push('-'),
            '≤' => out.push_str("$\\le$"),
            '≥' => out.push_str("$\\ge$"),
            '≠' => out.push_str("$\\ne$"),
            c => out.push(c),
        }
    }
    out
}

/// A derivation as an `align*` block, ending in a newline.
pub fn derivation(d: &Derivation) -> String {
    let mut out = String::from("% onag derivation; needs \\usepackage{amsmath}\n");
    // Shared terms first: every line below may name them.
    if !d.terms.is_empty() {
        out.push_str("\\paragraph{Terms.}\n\\begin{align*}\n");
        for (n, t) in &d.terms {
            out.push_str(&format!("T_{{{n}}} &= {} \\\\\n", term(t)));
        }
        out.push_str("\\end{align*}\n");
    }
    // Lemmas first: the steps below cite them by number.
    for l in &d.lemmas {
        out.push_str(&format!(
            "\\paragraph{{Lemma {}.}} ${} = {}$\n",
            l.index,
            term(&l.from),
            term(&l.to)
        ));
        chain(&mut out, &l.from, &l.lines);
    }
    if !d.lemmas.is_empty() {
        out.push_str("\\paragraph{Proof.}\n");
    }
    chain(&mut out, &d.proof.input, &d.lines);
    match &d.conclusion {
        Conclusion::Canonical {
            result,
            stuck: None,
        } => {
            out.push_str(&format!("% canonical form: ${}$\n", term(result)));
        }
        Conclusion::Canonical {
            result,
            stuck: Some(_),
        } => {
            out.push_str(&format!(
                "% the rules stop at ${}$ (not canonical)\n",
                term(result)
            ));
        }
        Conclusion::Equal(a, b) => {
            out.push_str(&format!(
                "% proved: ${} = {}${}\n",
                term(a),
                term(b),
                if d.proof.checked {
                    ", every step checked"
                } else {
                    ""
                }
            ));
        }
    }
    out
}

/// One aligned block from `input`: each line preceded by its reasons.
fn chain(out: &mut String, input: &Term, lines: &[Line]) {
    out.push_str("\\begin{align*}\n");
    out.push_str(&format!("  & {}", term(input)));
    // Each reason comes before the line it justifies, as running text between the aligned
    // rows: the block then never ends in an \intertext (which would leave an empty row).
    for line in lines {
        let whys: Vec<String> = line
            .reasons
            .iter()
            .map(|r| {
                let dir = if r.reversed { " (right to left)" } else { "" };
                // Side conditions expanded by --explain: one line each, indented by depth.
                let mut conds = String::new();
                for c in &r.conditions {
                    for l in c.lines() {
                        let depth = (l.len() - l.trim_start().len()) / 2 + 1;
                        conds.push_str(&format!(
                            "\\newline\\hspace*{{{}em}}{}",
                            depth,
                            text(l.trim_start())
                        ));
                    }
                }
                format!("{}{dir}{conds}", text(&r.why))
            })
            .collect();
        let rules: Vec<String> = line
            .reasons
            .iter()
            .map(|r| format!("\\textsf{{{}}}", text(&r.rule)))
            .collect();
        out.push_str(" \\\\\n");
        out.push_str(&format!(
            "  \\intertext{{\\footnotesize\\quad {}:}}\n",
            whys.join("; ")
        ));
        out.push_str(&format!(
            "  &= {} && \\text{{{}}}",
            term(&line.to),
            rules.join(", ")
        ));
    }
    out.push('\n');
    out.push_str("\\end{align*}\n");
}
