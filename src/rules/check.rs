//! Static checks of a rule: every name it uses is bound by its pattern, with the right kind.
//!
//! Catching a misspelt variable when the file is loaded, with its position, is what makes a
//! rule file a safe thing to edit: a rule that loads can always be applied.

use super::ast::*;
use super::RuleError;
use std::collections::BTreeMap;

/// What a pattern variable stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// One game (an e-class, or a subterm for the checker).
    Game,
    /// A set of games: the rest of a side.
    Set,
    /// A payload value: a number, an up multiple or a nimber.
    Value,
    /// A Hackenstring row.
    Row,
}

/// The variables a pattern binds, with their kinds.
pub fn bindings(p: &Pattern) -> Result<BTreeMap<String, VarKind>, String> {
    let mut out = BTreeMap::new();
    collect(p, &mut out)?;
    Ok(out)
}

fn bind(out: &mut BTreeMap<String, VarKind>, name: &str, kind: VarKind) -> Result<(), String> {
    match out.get(name) {
        Some(k) if *k != kind || kind == VarKind::Set => Err(format!(
            "`{name}` is bound twice with different meanings (or as two rest sets)"
        )),
        _ => {
            out.insert(name.to_string(), kind);
            Ok(())
        }
    }
}

fn collect(p: &Pattern, out: &mut BTreeMap<String, VarKind>) -> Result<(), String> {
    match p {
        Pattern::Var(v) => bind(out, v, VarKind::Game),
        Pattern::Bind(v, inner) => {
            bind(out, v, VarKind::Game)?;
            collect(inner, out)
        }
        Pattern::Game(l, r) => {
            for side in [l, r] {
                for pick in &side.picks {
                    collect(pick, out)?;
                }
                if let Some(rest) = &side.rest {
                    bind(out, rest, VarKind::Set)?;
                }
            }
            Ok(())
        }
        Pattern::Sum(a, b) => {
            collect(a, out)?;
            collect(b, out)
        }
        Pattern::Neg(a) => collect(a, out),
        Pattern::Call(_, args) => args.iter().try_for_each(|a| collect(a, out)),
        Pattern::PlusMinus(s) => bind(out, s, VarKind::Set),
        Pattern::Leaf(leaf) => {
            let args: Vec<&ValueArg> = match leaf {
                LeafPattern::Num(a)
                | LeafPattern::Int(a)
                | LeafPattern::Nim(a)
                | LeafPattern::Up(a) => {
                    vec![a]
                }
                LeafPattern::Nus(a, b, c) => vec![a, b, c],
                LeafPattern::Hack(r) => return bind(out, r, VarKind::Row),
            };
            for a in args {
                if let ValueArg::Var(v) = a {
                    bind(out, v, VarKind::Value)?;
                }
            }
            Ok(())
        }
    }
}

/// Whether a template denotes a value (payload arithmetic) rather than a game.
pub fn is_value_template(t: &Template, kinds: &BTreeMap<String, VarKind>) -> bool {
    match t {
        Template::Value(_) => true,
        Template::Var(v) => kinds.get(v) == Some(&VarKind::Value),
        Template::Sum(a, b) => is_value_template(a, kinds) && is_value_template(b, kinds),
        Template::Neg(a) => is_value_template(a, kinds),
        Template::Game(..) | Template::Leaf(_) | Template::Call(..) => false,
    }
}

/// Converts a value-typed template into a value expression.
pub fn as_value_expr(t: &Template) -> Option<ValueExpr> {
    Some(match t {
        Template::Value(v) => v.clone(),
        Template::Var(v) => ValueExpr::Var(v.clone()),
        Template::Sum(a, b) => {
            ValueExpr::Add(Box::new(as_value_expr(a)?), Box::new(as_value_expr(b)?))
        }
        Template::Neg(a) => ValueExpr::Neg(Box::new(as_value_expr(a)?)),
        Template::Game(..) | Template::Leaf(_) | Template::Call(..) => return None,
    })
}

struct Ctx<'a> {
    kinds: &'a BTreeMap<String, VarKind>,
}

impl Ctx<'_> {
    fn need(&self, name: &str, kinds: &[VarKind], what: &str) -> Result<(), String> {
        match self.kinds.get(name) {
            None => Err(format!("`{name}` is not bound by the rule's pattern")),
            Some(k) if !kinds.contains(k) => Err(format!("`{name}` is not {what}")),
            Some(_) => Ok(()),
        }
    }

    fn value(&self, v: &ValueExpr) -> Result<(), String> {
        match v {
            ValueExpr::Lit(_) => Ok(()),
            ValueExpr::Var(name) => self.need(
                name,
                &[VarKind::Value],
                "a value (bound inside num(…), nim(…), up(…) or nus(…))",
            ),
            ValueExpr::Add(a, b) | ValueExpr::Sub(a, b) => {
                self.value(a)?;
                self.value(b)
            }
            ValueExpr::Neg(a) => self.value(a),
            ValueExpr::Call(f, sets, values) => {
                for s in sets {
                    let kinds: &[VarKind] = match f {
                        ValueFn::NumVal | ValueFn::NimVal => &[VarKind::Game],
                        _ => &[VarKind::Set],
                    };
                    self.need(s, kinds, "of the kind this function takes")?;
                }
                values.iter().try_for_each(|v| self.value(v))
            }
        }
    }

    /// Checks a template; `elem` is the set variable standing for one member inside a map.
    fn template(&self, t: &Template, elem: Option<&str>) -> Result<(), String> {
        match t {
            Template::Var(v) if Some(v.as_str()) == elem => Ok(()),
            Template::Var(v) => self.need(v, &[VarKind::Game, VarKind::Value], "a game or a value"),
            Template::Game(l, r) => {
                for item in l.iter().chain(r) {
                    self.item(item)?;
                }
                Ok(())
            }
            Template::Sum(a, b) => {
                self.template(a, elem)?;
                self.template(b, elem)
            }
            Template::Neg(a) => self.template(a, elem),
            Template::Leaf(leaf) => match leaf {
                LeafTemplate::Num(v)
                | LeafTemplate::Int(v)
                | LeafTemplate::Nim(v)
                | LeafTemplate::Up(v) => self.value(v),
                LeafTemplate::Nus(a, b, c) => {
                    self.value(a)?;
                    self.value(b)?;
                    self.value(c)
                }
            },
            Template::Value(v) => self.value(v),
            Template::Call(_, args) => args.iter().try_for_each(|a| {
                self.template(a, elem)?;
                if is_value_template(a, self.kinds) {
                    return Err("`&`, onside(…) and offside(…) take games, not values".into());
                }
                Ok(())
            }),
        }
    }

    fn item(&self, item: &TemplateItem) -> Result<(), String> {
        match item {
            TemplateItem::One(t) => self.template(t, None),
            TemplateItem::Splice(s) => {
                self.need(s, &[VarKind::Set], "a set of options (bound by `..`)")
            }
            TemplateItem::Map { over, body } => {
                self.need(over, &[VarKind::Set], "a set of options")?;
                self.template(body, Some(over))
            }
            TemplateItem::Nims(v) => self.value(v),
            TemplateItem::Cuts { row, .. } => self.need(row, &[VarKind::Row], "a Hackenstring row"),
        }
    }
}

fn set_vars_in(t: &Template, kinds: &BTreeMap<String, VarKind>, out: &mut Vec<String>) {
    match t {
        Template::Var(v) => {
            if kinds.get(v) == Some(&VarKind::Set) && !out.contains(v) {
                out.push(v.clone());
            }
        }
        Template::Sum(a, b) => {
            set_vars_in(a, kinds, out);
            set_vars_in(b, kinds, out);
        }
        Template::Neg(a) => set_vars_in(a, kinds, out),
        Template::Game(..) | Template::Leaf(_) | Template::Value(_) | Template::Call(..) => {}
    }
}

/// Fills in which set each `..(…)` map iterates: the one set variable its body mentions.
fn resolve_maps(t: &mut Template, kinds: &BTreeMap<String, VarKind>) -> Result<(), String> {
    match t {
        Template::Game(l, r) => {
            for item in l.iter_mut().chain(r.iter_mut()) {
                if let TemplateItem::Map { over, body } = item {
                    let mut sets = Vec::new();
                    set_vars_in(body, kinds, &mut sets);
                    if sets.len() != 1 {
                        return Err(format!(
                            "a `..( … )` map must mention exactly one set of options; this one mentions {}",
                            if sets.is_empty() { "none".to_string() } else { sets.join(", ") }
                        ));
                    }
                    *over = sets.remove(0);
                    resolve_maps(body, kinds)?;
                } else if let TemplateItem::One(t) = item {
                    resolve_maps(t, kinds)?;
                }
            }
            Ok(())
        }
        Template::Sum(a, b) => {
            resolve_maps(a, kinds)?;
            resolve_maps(b, kinds)
        }
        Template::Neg(a) => resolve_maps(a, kinds),
        Template::Call(_, args) => args.iter_mut().try_for_each(|a| resolve_maps(a, kinds)),
        _ => Ok(()),
    }
}

/// Validates a rule and resolves its maps; errors point at the rule's `rule` line.
pub fn validate(rule: &mut Rule) -> Result<(), RuleError> {
    let fail = |msg: String| RuleError {
        file: rule.source.file.clone(),
        line: rule.source.line,
        column: 1,
        message: format!("in rule `{}`: {msg}", rule.name),
        source_line: rule.source.text.lines().next().unwrap_or("").to_string(),
    };
    let kinds = bindings(&rule.pattern).map_err(fail)?;
    let ctx = Ctx { kinds: &kinds };
    for c in &rule.conditions {
        match c {
            Condition::Compare(a, _, b) => {
                ctx.template(a, None).map_err(fail)?;
                ctx.template(b, None).map_err(fail)?;
                if is_value_template(a, &kinds) != is_value_template(b, &kinds) {
                    return Err(fail(
                        "a comparison must be between two games or between two values".into(),
                    ));
                }
            }
            Condition::Pred { pred, args, .. } => {
                let want: &[VarKind] = match pred {
                    Predicate::Number | Predicate::Nimber => &[VarKind::Game],
                    Predicate::Numbers
                    | Predicate::Nimbers
                    | Predicate::Same
                    | Predicate::Fits
                    | Predicate::InitialNimbers
                    | Predicate::Empty
                    | Predicate::Within => &[VarKind::Set],
                    Predicate::PPosition
                    | Predicate::KeepsOnside
                    | Predicate::KeepsOffside
                    | Predicate::Stopper => &[VarKind::Game],
                    Predicate::Integer | Predicate::Adjacent => &[VarKind::Value],
                };
                for a in args {
                    ctx.need(a, want, &format!("of the kind `{}` takes", pred.name()))
                        .map_err(fail)?;
                }
            }
            Condition::InEvery { game, of, but } => {
                ctx.template(game, None).map_err(fail)?;
                if is_value_template(game, &kinds) {
                    return Err(fail(
                        "`in every option of` needs a game, not a value".into(),
                    ));
                }
                ctx.need(
                    of,
                    &[VarKind::Game],
                    "of the kind `in every option of` takes",
                )
                .map_err(fail)?;
                if let Some(s) = but {
                    ctx.need(s, &[VarKind::Set], "of the kind `but` takes")
                        .map_err(fail)?;
                }
            }
        }
    }
    let mut result = rule.result.clone();
    resolve_maps(&mut result, &kinds).map_err(fail)?;
    ctx.template(&result, None).map_err(fail)?;
    if is_value_template(&result, &kinds) {
        return Err(fail(
            "the result must be a game, not a bare value (wrap it: num(…), nim(…))".into(),
        ));
    }
    rule.result = result;
    if rule.has_side_proviso() && rule.side_deletion().is_none() {
        return Err(side_proviso_error(rule));
    }
    Ok(())
}

/// A rule with a `keeps_onside`/`keeps_offside` proviso that is no side deletion
/// ([`Rule::side_deletion`]): loopy play could never run it, so it is refused, the caret at
/// the proviso.
fn side_proviso_error(rule: &Rule) -> RuleError {
    let (line, column, text) = rule
        .source
        .text
        .lines()
        .enumerate()
        .find_map(|(i, l)| {
            let c = l.find("keeps_on").or_else(|| l.find("keeps_off"))?;
            Some((rule.source.line + i, c + 1, l.to_string()))
        })
        .unwrap_or((rule.source.line, 1, String::new()));
    RuleError {
        file: rule.source.file.clone(),
        line,
        column,
        message: format!(
            "in rule `{}`: a `keeps_onside`/`keeps_offside` proviso makes a side rule, which \
             deletes the option `a` of the position `G` and nothing else: `match G @ {{ a, ..L | \
             ..R }} when keeps_onside(G, a) yield {{ ..L | ..R }}` (or `a` on the Right; one \
             such proviso, not negated); this rule is no such deletion, so loopy play could \
             never run it",
            rule.name
        ),
        source_line: text,
    }
}
