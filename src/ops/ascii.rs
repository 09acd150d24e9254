//! Text for a reader who asked for ASCII (`--ascii`, or output into a pipe): every character
//! outside ASCII in the text a command writes, to standard output or standard error, is
//! written as the ASCII that onag and CGSuite read for it (`↑` as `^`, `ω` as `omega`, `−` as
//! `-`), or in words. The printers already write ASCII when asked; this is the one place that
//! also catches the messages, reasons and names that carry a symbol of their own.

use std::borrow::Cow;

/// `text` with every non-ASCII character replaced; borrowed when there is none. A source
/// line quoted under an error (`1 | …`) keeps its carets under the same characters: where a
/// character becomes several, so does the mark beneath it.
pub fn ascii(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < lines.len() {
        let quoted = source_line(lines[i]).zip(lines.get(i + 1).and_then(|l| caret_line(l)));
        if let Some(((head, src), (bar, marks))) = quoted {
            let (src, marks) = aligned(src, marks);
            out.push_str(head);
            out.push_str(&src);
            out.push('\n');
            out.push_str(bar);
            out.push_str(&marks);
            i += 2;
        } else {
            out.push_str(&line(lines[i]));
            i += 1;
        }
        if i < lines.len() {
            out.push('\n');
        }
    }
    Cow::Owned(out)
}

/// `12 | text`: the head up to and with `| `, and the text.
fn source_line(l: &str) -> Option<(&str, &str)> {
    let k = l.find(" | ")?;
    (k > 0 && l[..k].bytes().all(|b| b.is_ascii_digit())).then(|| l.split_at(k + 3))
}

/// `   |    ^^^`: the head up to and with `| `, and the marks (spaces and carets only).
fn caret_line(l: &str) -> Option<(&str, &str)> {
    let k = l.find("| ")?;
    let (head, marks) = l.split_at(k + 2);
    (head[..k].bytes().all(|b| b == b' ') && marks.bytes().all(|b| b == b' ' || b == b'^'))
        .then_some((head, marks))
}

/// The quoted text in ASCII and its marks widened to match, character by character.
fn aligned(src: &str, marks: &str) -> (String, String) {
    let marks: Vec<char> = marks.chars().collect();
    let (mut text, mut under) = (String::new(), String::new());
    for (j, c) in src.chars().enumerate() {
        let spelt = if c.is_ascii() {
            Cow::Owned(c.to_string())
        } else if let Some(d) = script(c) {
            let mark = if SUPERSCRIPTS.contains(c) { '^' } else { '_' };
            Cow::Owned(format!("{mark}{d}"))
        } else {
            spelled(c)
        };
        let mark = marks.get(j).copied().unwrap_or(' ');
        text.push_str(&spelt);
        under.extend(std::iter::repeat_n(mark, spelt.len()));
    }
    // A caret past the end (at the end of the input) stays one column past the text.
    under.extend(marks.iter().skip(src.chars().count()));
    (text, under.trim_end().to_string())
}

/// One line, not a quoted source line.
fn line(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii() {
            out.push(c);
        } else if let Some(d) = script(c) {
            // A run of superscripts is one exponent (ω¹⁰ is omega^10, x⁻¹ is x^-1), a run of
            // subscripts one index.
            let (mark, up) = if SUPERSCRIPTS.contains(c) {
                ('^', true)
            } else {
                ('_', false)
            };
            out.push(mark);
            out.push(d);
            while let Some(&n) = chars.peek() {
                match script(n) {
                    Some(d) if SUPERSCRIPTS.contains(n) == up => {
                        out.push(d);
                        chars.next();
                    }
                    _ => break,
                }
            }
        } else {
            out.push_str(&spelled(c));
        }
    }
    out
}

const SUPERSCRIPTS: &str = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺";
const SUBSCRIPTS: &str = "₀₁₂₃₄₅₆₇₈₉₋₊";

/// The ASCII of a superscript or subscript digit or sign.
fn script(c: char) -> Option<char> {
    let k = SUPERSCRIPTS
        .chars()
        .position(|s| s == c)
        .or_else(|| SUBSCRIPTS.chars().position(|s| s == c))?;
    "0123456789-+".chars().nth(k)
}

/// One character in ASCII: the spelling onag reads where there is one.
fn spelled(c: char) -> Cow<'static, str> {
    Cow::Borrowed(match c {
        '−' | '–' | '‐' => "-",
        '—' => "--",
        '↑' => "^",
        '↓' => "v",
        '⇑' => "^^",
        '⇓' => "vv",
        '±' => "+-",
        '≤' => "<=",
        '≥' => ">=",
        '≠' => "!=",
        '⧏' => "<|",
        '⧐' => "|>",
        '‖' => "||",
        '≅' | '≡' => "==",
        '≈' => "~",
        '×' | '·' | '⋅' => "*",
        '÷' => "/",
        '…' => "...",
        '→' => "->",
        '←' => "<-",
        '⇒' => "=>",
        // Not `"`: the text may be a JSON string.
        '“' | '”' | '„' => "'",
        '‘' | '’' => "'",
        '•' => "*",
        '°' => " degrees",
        '½' => "1/2",
        '¼' => "1/4",
        '¾' => "3/4",
        '∞' => "infinity",
        '∈' => " in ",
        '∑' | 'Σ' => "Sum",
        'ω' => "omega",
        'ε' => "epsilon",
        'α' => "alpha",
        'β' => "beta",
        'γ' => "gamma",
        'δ' => "delta",
        'λ' => "lambda",
        'μ' => "mu",
        'π' => "pi",
        'τ' => "tau",
        '§' => "section ",
        '⊗' => "(x)",
        '⊕' => "(+)",
        '√' => "sqrt",
        '∗' => "*",
        '↦' => "|->",
        '∫' => "integral ",
        'χ' => "chi",
        '⊲' => "<|",
        '⊳' => "|>",
        '⌊' | '⌈' => "[",
        '⌋' | '⌉' => "]",
        'ℓ' => "l",
        '□' => "[]",
        '≰' => "!<=",
        '≱' => "!>=",
        '∪' => "u",
        '∩' => "n",
        '∘' => "o",
        '⇄' | '↔' => "<->",
        '․' => ".",
        '✓' => "ok",
        'é' => "e",
        'è' => "e",
        'ü' => "u",
        'ö' => "o",
        'ä' => "a",
        '\u{a0}' | '\u{2009}' | '\u{202f}' => " ",
        _ => return Cow::Owned(format!("<U+{:04X}>", c as u32)),
    })
}

#[cfg(test)]
mod tests {
    use super::ascii;

    #[test]
    fn symbols_become_what_onag_reads() {
        assert_eq!(ascii("↑ + ⇓ − ω·2 ≤ ±1…"), "^ + vv - omega*2 <= +-1...");
        assert_eq!(ascii("misère Σ_{k≤8}"), "misere Sum_{k<=8}");
        assert_eq!(ascii("plain"), "plain");
        assert!(matches!(ascii("plain"), std::borrow::Cow::Borrowed(_)));
        // Whatever else: a code point, never a byte outside ASCII.
        assert_eq!(ascii("a☃b"), "a<U+2603>b");
        // Exponents and indices keep their meaning.
        assert_eq!(ascii("ω¹⁰ + x⁻¹ + a₁₂"), "omega^10 + x^-1 + a_12");
        assert_eq!(ascii("seed 002, §2.4"), "seed 002, section 2.4");
        assert_eq!(ascii("“a”"), "'a'");
    }

    #[test]
    fn carets_stay_under_what_they_mark() {
        let shown =
            "error: bad\n --> line 1, column 5\n  |\n1 | 1 + {0,1,5,…|}\n  |     ^^^^^^^^^^\n";
        assert_eq!(
            ascii(shown),
            "error: bad\n --> line 1, column 5\n  |\n1 | 1 + {0,1,5,...|}\n  |     ^^^^^^^^^^^^\n"
        );
        // A mark after the text (the end of the input) stays one column past it.
        assert_eq!(ascii("1 | −{0|\n  |       ^"), "1 | -{0|\n  |       ^");
        assert_eq!(ascii("1 | ω\n  | ^"), "1 | omega\n  | ^^^^^");
    }
}
