//! Opening rules: the statement that a function call equals one level of its definition.
//!
//! A rule of the ordinary kind is a pattern and a template, applied by the rule evaluator. An
//! opening cannot be written that way: the options of a Domineering board come from its move
//! generator, those of `cool(G, t)` from G's options and a test against its temperature. So an
//! opening rule declares the theorem (its name, statement, citation and groups, as any rule)
//! and names the function whose [`open`](crate::functions::Function::open) instantiates it; the
//! checker accepts a step by it only through the function's independent
//! [`check_open`](crate::functions::Function::check_open).
//!
//! ```text
//! opening domineering
//!   says  "A Domineering position is the game of its moves: …"
//!   cite  "Winning Ways (Domineering)"
//!   group fundamental, definitions, openings, rulesets
//!   opens domineering
//! ```

use super::{RuleError, RuleSource};

/// A declared opening: `opens(args) = the term its function's opening gives`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningRule {
    /// The rule's name, as proof steps name it; unique among all rules.
    pub name: String,
    /// The statement in words.
    pub says: String,
    /// Where the definition comes from (keys of docs/REFERENCES.md).
    pub cite: String,
    /// The groups it belongs to, as for any rule.
    pub groups: Vec<String>,
    /// The function of the expression language it opens.
    pub opens: String,
    /// Where it was written.
    pub source: RuleSource,
}

/// Reads the `opening` blocks of a file: each starts with `opening NAME` and has one `says`,
/// `cite`, `group` and `opens` line, indented; `#` starts a comment.
pub fn parse_openings(file: &str, text: &str) -> Result<Vec<OpeningRule>, RuleError> {
    let mut out: Vec<OpeningRule> = Vec::new();
    let err = |line: usize, column: usize, message: String| {
        RuleError::at(file, text, line, column, message)
    };
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let indent = content.len() - content.trim_start().len();
        let trimmed = content.trim();
        let (word, rest) = trimmed
            .split_once(char::is_whitespace)
            .map(|(w, r)| (w, r.trim()))
            .unwrap_or((trimmed, ""));
        if indent == 0 {
            if word != "opening" {
                return Err(err(
                    line,
                    1,
                    format!("expected `opening NAME`, found `{word}`"),
                ));
            }
            let name_ok = !rest.is_empty()
                && rest
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !name_ok {
                return Err(err(
                    line,
                    9,
                    "an opening's name is letters, digits, `-` and `_`".into(),
                ));
            }
            out.push(OpeningRule {
                name: rest.to_string(),
                says: String::new(),
                cite: String::new(),
                groups: Vec::new(),
                opens: String::new(),
                source: RuleSource {
                    file: file.to_string(),
                    line,
                    text: raw.to_string(),
                },
            });
            continue;
        }
        let Some(cur) = out.last_mut() else {
            return Err(err(
                line,
                indent + 1,
                "an indented line outside an `opening` block".into(),
            ));
        };
        cur.source.text.push('\n');
        cur.source.text.push_str(raw);
        let column = indent + word.len() + 2;
        let quoted = |rest: &str| -> Result<String, RuleError> {
            rest.strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .filter(|s| !s.contains('"'))
                .map(str::to_string)
                .ok_or_else(|| err(line, column, "expected a text in double quotes".into()))
        };
        match word {
            "says" => cur.says = quoted(rest)?,
            "cite" => cur.cite = quoted(rest)?,
            "group" => {
                cur.groups = rest
                    .split(',')
                    .map(|g| g.trim().to_string())
                    .filter(|g| !g.is_empty())
                    .collect()
            }
            "opens" => {
                if crate::functions::lookup(rest).is_none() {
                    return Err(err(
                        line,
                        column,
                        format!("`{rest}` is not a function of the expression language"),
                    ));
                }
                cur.opens = rest.to_string();
            }
            other => {
                return Err(err(
                    line,
                    indent + 1,
                    format!("unknown field `{other}` (says, cite, group, opens)"),
                ))
            }
        }
    }
    for o in &out {
        if o.says.is_empty() || o.cite.is_empty() || o.opens.is_empty() {
            return Err(err(
                o.source.line,
                1,
                format!(
                    "opening `{}` needs a `says`, a `cite` and an `opens` line",
                    o.name
                ),
            ));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_block_and_names_what_is_wrong() {
        let ok = parse_openings(
            "t",
            "# c\nopening d\n  says \"s\"\n  cite \"c\"\n  group a, b\n  opens domineering\n",
        )
        .unwrap();
        assert_eq!(ok.len(), 1);
        assert_eq!(ok[0].name, "d");
        assert_eq!(ok[0].groups, vec!["a", "b"]);
        assert_eq!(ok[0].opens, "domineering");
        let e = parse_openings(
            "t",
            "opening d\n  says \"s\"\n  cite \"c\"\n  opens nosuch\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (4, 9));
        assert!(e.message.contains("nosuch"));
        let e = parse_openings("t", "opening d\n  says \"s\"\n").unwrap_err();
        assert!(e.message.contains("needs"), "{}", e.message);
        let e = parse_openings("t", "  says \"s\"\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn the_shipped_openings_read() {
        let o = parse_openings("openings.rules", super::super::OPENINGS_FILE).unwrap();
        assert!(o
            .iter()
            .any(|r| r.name == "cool-definition" && r.opens == "cool"));
        assert!(o.iter().any(|r| r.name == "domineering"));
    }
}
