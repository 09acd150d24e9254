//! The shape of a loopy side rule, read from its text: a rule whose proviso is
//! `keeps_onside(G, a)` or `keeps_offside(G, a)` deletes the option `a` of the position `G`.
//!
//! Grammar, not judgement: the producer (`eval::loopy`) and the checker (`proof::loopy`) both
//! ask which side and whose option a side rule deletes, and each then decides the proviso by
//! its own order of sides. What makes a rule a side rule is its proviso, never its name, so a
//! user's rule under any name runs and is checked like the shipped `onside-delete-left` …; a
//! rule with the proviso that is no such deletion is refused when it is loaded
//! ([`super::check::validate`]), never silently left unrun.

use super::ast::{Condition, Pattern, Predicate, Rule, SidePattern, Template, TemplateItem};

/// What a side rule deletes: the option of one player inside one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideDeletion {
    /// Inside the onside (`keeps_onside`), else the offside.
    pub onside: bool,
    /// A Left option is deleted, else a Right one.
    pub left: bool,
}

impl Rule {
    /// Whether the rule is a loopy term rule: `&`, `onside` or `offside` in its pattern or
    /// result, or a `stopper(…)` condition. Grammar, like a side rule's shape: the producer
    /// never tries such a rule on a stopper's positions, and the checker reads its step as a
    /// rewrite of the whole term.
    pub fn is_term_rule(&self) -> bool {
        fn pattern(p: &Pattern) -> bool {
            match p {
                Pattern::Call(..) => true,
                Pattern::Bind(_, x) | Pattern::Neg(x) => pattern(x),
                Pattern::Sum(a, b) => pattern(a) || pattern(b),
                Pattern::Game(l, r) => l.picks.iter().chain(&r.picks).any(pattern),
                _ => false,
            }
        }
        fn template(t: &Template) -> bool {
            match t {
                Template::Call(..) => true,
                Template::Neg(x) => template(x),
                Template::Sum(a, b) => template(a) || template(b),
                Template::Game(l, r) => l.iter().chain(r).any(|i| match i {
                    TemplateItem::One(t) | TemplateItem::Map { body: t, .. } => template(t),
                    _ => false,
                }),
                _ => false,
            }
        }
        pattern(&self.pattern)
            || template(&self.result)
            || self.conditions.iter().any(|c| {
                matches!(
                    c,
                    Condition::Pred {
                        pred: Predicate::Stopper,
                        ..
                    }
                )
            })
    }

    /// Whether the rule has a `keeps_onside`/`keeps_offside` proviso (negated or not).
    pub fn has_side_proviso(&self) -> bool {
        self.conditions.iter().any(|c| {
            matches!(
                c,
                Condition::Pred {
                    pred: Predicate::KeepsOnside | Predicate::KeepsOffside,
                    ..
                }
            )
        })
    }

    /// The deletion a side rule makes: its one proviso `keeps_onside(G, a)` (or
    /// `keeps_offside`), its pattern `G @ { … }` with `a` picked on one side, and its result
    /// that game pattern without `a` (`{ ..L | ..R }` for `G @ { a, ..L | ..R }`). `None` for
    /// any other rule.
    pub fn side_deletion(&self) -> Option<SideDeletion> {
        let mut provisos = self.conditions.iter().filter_map(|c| match c {
            Condition::Pred {
                negated,
                pred: pred @ (Predicate::KeepsOnside | Predicate::KeepsOffside),
                args,
            } => Some((*negated, *pred, args)),
            _ => None,
        });
        let (negated, pred, args) = provisos.next()?;
        if negated || provisos.next().is_some() {
            return None;
        }
        let [g, a] = &args[..] else {
            return None;
        };
        let Pattern::Bind(name, inner) = &self.pattern else {
            return None;
        };
        let Pattern::Game(l, r) = inner.as_ref() else {
            return None;
        };
        if name != g {
            return None;
        }
        let picked = |s: &SidePattern| s.picks.iter().filter(|p| pick_name(p) == Some(a)).count();
        let left = match (picked(l), picked(r)) {
            (1, 0) => true,
            (0, 1) => false,
            _ => return None,
        };
        let Template::Game(tl, tr) = &self.result else {
            return None;
        };
        (same_items(tl, &without(l, a)?) && same_items(tr, &without(r, a)?)).then_some(
            SideDeletion {
                onside: pred == Predicate::KeepsOnside,
                left,
            },
        )
    }
}

/// The name a pick binds (`a`, or `a` of `a @ {…}`).
fn pick_name(p: &Pattern) -> Option<&String> {
    match p {
        Pattern::Var(n) | Pattern::Bind(n, _) => Some(n),
        _ => None,
    }
}

/// A side of a game pattern as the items that rebuild it, without the pick `a`.
fn without(s: &SidePattern, a: &str) -> Option<Vec<TemplateItem>> {
    let mut items = Vec::new();
    for p in &s.picks {
        let n = pick_name(p)?;
        if n != a {
            items.push(TemplateItem::One(Template::Var(n.clone())));
        }
    }
    if let Some(rest) = &s.rest {
        items.push(TemplateItem::Splice(rest.clone()));
    }
    Some(items)
}

/// The same items, in any order (a side is a set).
fn same_items(a: &[TemplateItem], b: &[TemplateItem]) -> bool {
    let key = |xs: &[TemplateItem]| {
        let mut k: Vec<String> = xs.iter().map(|x| format!("{x:?}")).collect();
        k.sort();
        k
    };
    key(a) == key(b)
}
