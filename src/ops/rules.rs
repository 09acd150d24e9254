//! Rules: every rule with its statement and citation, or one rule as written.

use super::exit::Failure;
use super::render::markdown;
use super::{unsupported, Ctx, Format};
use crate::rules::{OpeningRule, Rule, RuleSource};

/// What the listing shows of a rule or of a function's opening rule.
struct Listed<'a> {
    name: &'a str,
    says: &'a str,
    cite: &'a str,
    groups: &'a [String],
    source: &'a RuleSource,
    /// The function an opening rule opens.
    opens: Option<&'a str>,
    /// A rule's statement in its own letters, a mirror's too: what it matches, when, and what
    /// it builds (the page names a step's witnesses in these letters).
    statement: Option<(String, Vec<String>, String)>,
}

impl<'a> From<&'a Rule> for Listed<'a> {
    fn from(r: &'a Rule) -> Self {
        Listed {
            name: &r.name,
            says: &r.says,
            cite: &r.cite,
            groups: &r.groups,
            source: &r.source,
            opens: None,
            statement: Some((
                r.pattern.to_string(),
                r.conditions.iter().map(|c| c.to_string()).collect(),
                r.result.to_string(),
            )),
        }
    }
}

impl<'a> From<&'a OpeningRule> for Listed<'a> {
    fn from(o: &'a OpeningRule) -> Self {
        Listed {
            name: &o.name,
            says: &o.says,
            cite: &o.cite,
            groups: &o.groups,
            source: &o.source,
            opens: Some(&o.opens),
            statement: None,
        }
    }
}

/// Every rule, then every opening rule, in the order they were added.
fn all(ctx: &Ctx) -> Vec<Listed<'_>> {
    listed(&ctx.rules)
}

fn listed(rules: &crate::rules::RuleSet) -> Vec<Listed<'_>> {
    let (misere, loopy): (&[Rule], &[Rule]) = if shipped(rules) {
        (misere().rules(), loopy().rules())
    } else {
        (&[], &[])
    };
    rules
        .rules()
        .iter()
        .map(Listed::from)
        .chain(rules.openings().iter().map(Listed::from))
        .chain(misere.iter().map(Listed::from))
        .chain(loopy.iter().map(Listed::from))
        .collect()
}

/// The rules of `rules/misere.rules`, which misère derivations run through the rule
/// evaluator with misère play's decider (`eval::misere`): listed after the engine's rules,
/// with the shipped rules.
fn misere() -> &'static crate::rules::RuleSet {
    static MISERE: std::sync::OnceLock<crate::rules::RuleSet> = std::sync::OnceLock::new();
    MISERE.get_or_init(crate::rules::RuleSet::misere)
}

/// The rules of `rules/loopy.rules` (stoppers and the sides of loopy games), which loopy
/// derivations run through the rule evaluator with loopy play's decider (`eval::loopy`):
/// listed after the engine's rules, with the shipped rules.
fn loopy() -> &'static crate::rules::RuleSet {
    static LOOPY: std::sync::OnceLock<crate::rules::RuleSet> = std::sync::OnceLock::new();
    LOOPY.get_or_init(crate::rules::RuleSet::loopy)
}

/// Whether `rules` holds every shipped rule of the engine.
fn shipped(rules: &crate::rules::RuleSet) -> bool {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        crate::rules::RuleSet::builtin()
            .names()
            .map(str::to_string)
            .collect()
    });
    names.iter().all(|n| rules.get(n).is_some())
}

/// Every rule and opening rule of `rules` as `onag rules --format json` lists them (the
/// page's list of rules; the CLI writes the same objects as it goes).
#[cfg(feature = "serve")]
pub(crate) fn json_list(rules: &crate::rules::RuleSet) -> Vec<serde_json::Value> {
    listed(rules).iter().map(json).collect()
}

/// The rules of `ctx` (or the one named) in `ctx`'s format.
pub(crate) fn answer(ctx: &Ctx, name: Option<&str>) -> Result<String, Failure> {
    let style = &ctx.style;
    let text = match name {
        Some(name) => {
            let rule = ctx
                .rules
                .get(name)
                .map(Listed::from)
                .or_else(|| ctx.rules.opening(name).map(Listed::from))
                .or_else(|| misere().get(name).map(Listed::from))
                .or_else(|| loopy().get(name).map(Listed::from))
                .ok_or_else(|| unknown(ctx, name))?;
            let rule = &rule;
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
                serde_json::Value::Array(all(ctx).iter().map(json).collect())
            ),
            Format::Markdown => all(ctx)
                .iter()
                .map(|r| {
                    format!(
                        "- **{}** ({}): {} *{}*\n",
                        r.name,
                        r.groups.join(", "),
                        markdown::escape(r.says),
                        markdown::escape(r.cite)
                    )
                })
                .collect(),
            Format::Text => all(ctx)
                .iter()
                .map(|r| {
                    format!(
                        "{}  [{}]\n    {}\n    {}\n",
                        style.rule(r.name),
                        r.groups.join(", "),
                        style.words(r.says, 4, 4),
                        style.words(r.cite, 4, 4)
                    )
                })
                .collect(),
            f => return Err(unsupported("rules", f)),
        },
    };
    Ok(text)
}

fn json(r: &Listed) -> serde_json::Value {
    let mut v = serde_json::json!({
        "name": r.name,
        "says": r.says,
        "cite": r.cite,
        "groups": r.groups,
        "file": r.source.file,
        "line": r.source.line,
        "text": r.source.text,
    });
    if let (Some(f), Some(map)) = (r.opens, v.as_object_mut()) {
        map.insert("opens".into(), f.into());
    }
    if let (Some((m, when, y)), Some(map)) = (&r.statement, v.as_object_mut()) {
        map.insert("match".into(), m.as_str().into());
        map.insert("when".into(), when.clone().into());
        map.insert("yield".into(), y.as_str().into());
    }
    v
}

/// An unknown rule name, with the closest names as a suggestion.
fn unknown(ctx: &Ctx, name: &str) -> Failure {
    let names = ctx
        .rules
        .names()
        .chain(ctx.rules.openings().iter().map(|o| o.name.as_str()));
    let close = super::suggest::nearest(name, names);
    let hint = if close.is_empty() {
        "`onag rules` lists them all".to_string()
    } else {
        format!("did you mean {}?", close.join(", "))
    };
    Failure::bad(format!(
        "no rule named `{name}` in the chosen rules; {hint}"
    ))
}
