//! Mirror images of rules: the right-hand version of a left-hand theorem, derived by negation.
//!
//! A rule that holds for Left holds for Right with the players swapped, because −G swaps the
//! sides of G (seed 002, Definition 2.7): `{G^L | G^R}` ↦ `{−G^R | −G^L}`. A rule file says so
//! with a `mirror NAME` clause, and this module writes the mirror from the rule itself, so the
//! two can never drift apart. The mirror matches a game H exactly when the rule matches −H,
//! every name binding the negative of what it bound there:
//!
//! - patterns and built games swap their two sides; sums and negations keep their shape;
//! - a number, integer or up multiple leaf (`num`, `int`, `up`, the first two places of `nus`)
//!   has its payload negated, a nimber's is kept (−∗n = ∗n);
//! - a comparison between games flips (`a <= b` ↦ `a >= b`, `<|` ↦ `|>`); a comparison between
//!   values that mentions a negated payload is negated on both sides and flipped (`n > 0` ↦
//!   `n < 0`); `fits(S, T)` ↦ `fits(T, S)`, `adjacent(x, y)` ↦ `adjacent(y, x)`,
//!   `simplest(S, T)` ↦ `simplest(T, S)`, `keeps_onside` ↦ `keeps_offside` and back (the
//!   onside of −G is the negative of G's offside); the other predicates and functions are
//!   unchanged by negation;
//! - a name ending in an upper-case `L` or `R` (the side it comes from: `..L`, `..AR`) has that
//!   letter swapped, so in the mirror `..L` still names Left's options.
//!
//! `pm(..X)` and Hackenstring rows (`hack`, `left_cuts`) have no mirror here: a rule using them
//! cannot say `mirror` (an error at load time).
//!
//! A rule about a sum has a second kind of mirror: the same theorem with the summands the
//! other way round (`G + 0 = G` beside `0 + G = G`), since + is commutative (seed 002,
//! Theorem 2.8). `mirror NAME by swapping the summands` derives it by [`swapped`]: every sum
//! in the pattern, the conditions and the result has its two parts swapped, so the mirror
//! matches b + a exactly where the rule matches a + b, binding the same names to the same
//! terms, and builds the same value.

use super::ast::*;
use super::check::{bindings, is_value_template, VarKind};
use std::collections::BTreeMap;

/// The mirror of `rule`, named `name`, with its own `says` and `cite`. `Err` says why the rule
/// has none.
pub fn mirror(rule: &Rule, name: &str, says: String, cite: String) -> Result<Rule, String> {
    let kinds = bindings(&rule.pattern)?;
    let odd = odd_values(&rule.pattern);
    let m = Mirror {
        kinds: &kinds,
        odd: &odd,
    };
    let pattern = m.pattern(&rule.pattern)?;
    let conditions = rule
        .conditions
        .iter()
        .map(|c| m.condition(c))
        .collect::<Result<_, _>>()?;
    let result = m.game(&rule.result)?;
    let mut out = derived(
        rule,
        name,
        (says, cite),
        (pattern, conditions, result),
        false,
    );
    rename(&mut out);
    Ok(out)
}

/// A rule derived from `rule`: its groups, kind and priority, with its own name, statement,
/// citation, pattern, conditions and result.
fn derived(
    rule: &Rule,
    name: &str,
    (says, cite): (String, String),
    (pattern, conditions, result): (Pattern, Vec<Condition>, Template),
    swapped: bool,
) -> Rule {
    Rule {
        name: name.to_string(),
        says,
        cite,
        groups: rule.groups.clone(),
        kind: rule.kind,
        priority: rule.priority,
        pattern,
        conditions,
        result,
        source: rule.source.clone(),
        mirror_of: Some(rule.name.clone()),
        swapped,
    }
}

/// The mirror of `rule` by commutativity, named `name`: every sum's two parts swapped in its
/// pattern, conditions and result. `Err` when its pattern has no sum to swap.
pub fn swapped(rule: &Rule, name: &str, says: String, cite: String) -> Result<Rule, String> {
    fn pattern(p: &Pattern) -> Pattern {
        match p {
            Pattern::Sum(a, b) => Pattern::Sum(Box::new(pattern(b)), Box::new(pattern(a))),
            Pattern::Bind(v, inner) => Pattern::Bind(v.clone(), Box::new(pattern(inner))),
            Pattern::Neg(a) => Pattern::Neg(Box::new(pattern(a))),
            Pattern::Game(l, r) => Pattern::Game(side(l), side(r)),
            Pattern::Call(c, args) => Pattern::Call(*c, args.iter().map(pattern).collect()),
            other => other.clone(),
        }
    }
    fn side(s: &SidePattern) -> SidePattern {
        SidePattern {
            picks: s.picks.iter().map(pattern).collect(),
            rest: s.rest.clone(),
        }
    }
    fn template(t: &Template) -> Template {
        match t {
            Template::Sum(a, b) => Template::Sum(Box::new(template(b)), Box::new(template(a))),
            Template::Neg(a) => Template::Neg(Box::new(template(a))),
            Template::Game(l, r) => Template::Game(items(l), items(r)),
            Template::Call(c, args) => Template::Call(*c, args.iter().map(template).collect()),
            other => other.clone(),
        }
    }
    fn items(items: &[TemplateItem]) -> Vec<TemplateItem> {
        items
            .iter()
            .map(|i| match i {
                TemplateItem::One(t) => TemplateItem::One(template(t)),
                TemplateItem::Map { over, body } => TemplateItem::Map {
                    over: over.clone(),
                    body: template(body),
                },
                other => other.clone(),
            })
            .collect()
    }
    fn has_sum(p: &Pattern) -> bool {
        match p {
            Pattern::Sum(..) => true,
            Pattern::Bind(_, inner) | Pattern::Neg(inner) => has_sum(inner),
            Pattern::Game(l, r) => l.picks.iter().chain(&r.picks).any(has_sum),
            Pattern::Call(_, args) => args.iter().any(has_sum),
            _ => false,
        }
    }
    if !has_sum(&rule.pattern) {
        return Err("its pattern has no sum whose summands could be swapped".into());
    }
    let conditions = rule
        .conditions
        .iter()
        .map(|c| match c {
            Condition::Compare(a, rel, b) => Condition::Compare(template(a), *rel, template(b)),
            other => other.clone(),
        })
        .collect();
    let parts = (pattern(&rule.pattern), conditions, template(&rule.result));
    Ok(derived(rule, name, (says, cite), parts, true))
}

/// The value variables whose payload negation negates: those of `num`, `int`, `up` and the
/// first two places of `nus`.
fn odd_values(p: &Pattern) -> BTreeMap<String, bool> {
    fn walk(p: &Pattern, out: &mut BTreeMap<String, bool>) {
        let mut note = |a: &ValueArg, odd: bool| {
            if let ValueArg::Var(v) = a {
                out.insert(v.clone(), odd);
            }
        };
        match p {
            Pattern::Var(_) | Pattern::PlusMinus(_) => {}
            Pattern::Bind(_, inner) | Pattern::Neg(inner) => walk(inner, out),
            Pattern::Sum(a, b) => {
                walk(a, out);
                walk(b, out);
            }
            Pattern::Game(l, r) => {
                for pick in l.picks.iter().chain(&r.picks) {
                    walk(pick, out);
                }
            }
            Pattern::Call(_, args) => args.iter().for_each(|a| walk(a, out)),
            Pattern::Leaf(leaf) => match leaf {
                LeafPattern::Num(a) | LeafPattern::Int(a) | LeafPattern::Up(a) => note(a, true),
                LeafPattern::Nim(a) => note(a, false),
                LeafPattern::Nus(x, u, n) => {
                    note(x, true);
                    note(u, true);
                    note(n, false);
                }
                LeafPattern::Hack(_) => {}
            },
        }
    }
    let mut out = BTreeMap::new();
    walk(p, &mut out);
    out
}

struct Mirror<'a> {
    kinds: &'a BTreeMap<String, VarKind>,
    odd: &'a BTreeMap<String, bool>,
}

impl Mirror<'_> {
    fn pattern(&self, p: &Pattern) -> Result<Pattern, String> {
        Ok(match p {
            Pattern::Var(v) => Pattern::Var(v.clone()),
            Pattern::Bind(v, inner) => Pattern::Bind(v.clone(), Box::new(self.pattern(inner)?)),
            Pattern::Game(l, r) => Pattern::Game(self.side(r)?, self.side(l)?),
            Pattern::Sum(a, b) => {
                Pattern::Sum(Box::new(self.pattern(a)?), Box::new(self.pattern(b)?))
            }
            Pattern::Neg(a) => Pattern::Neg(Box::new(self.pattern(a)?)),
            Pattern::PlusMinus(_) => return Err("`pm(..X)` has no mirror".into()),
            Pattern::Call(call, args) => {
                let args = args
                    .iter()
                    .map(|a| self.pattern(a))
                    .collect::<Result<Vec<_>, _>>()?;
                let (call, args) = mirror_call(*call, args);
                Pattern::Call(call, args)
            }
            Pattern::Leaf(leaf) => Pattern::Leaf(match leaf {
                LeafPattern::Num(a) => LeafPattern::Num(neg_arg(a)),
                LeafPattern::Int(a) => LeafPattern::Int(neg_arg(a)),
                LeafPattern::Up(a) => LeafPattern::Up(neg_arg(a)),
                LeafPattern::Nim(a) => LeafPattern::Nim(a.clone()),
                LeafPattern::Nus(x, u, n) => LeafPattern::Nus(neg_arg(x), neg_arg(u), n.clone()),
                LeafPattern::Hack(_) => return Err("a Hackenstring row has no mirror".into()),
            }),
        })
    }

    fn side(&self, s: &SidePattern) -> Result<SidePattern, String> {
        Ok(SidePattern {
            picks: s
                .picks
                .iter()
                .map(|p| self.pattern(p))
                .collect::<Result<_, _>>()?,
            rest: s.rest.clone(),
        })
    }

    fn condition(&self, c: &Condition) -> Result<Condition, String> {
        Ok(match c {
            Condition::Compare(a, rel, b) => {
                if is_value_template(a, self.kinds) && is_value_template(b, self.kinds) {
                    let (a2, b2) = (self.value_template(a), self.value_template(b));
                    if self.mentions_odd(a) || self.mentions_odd(b) {
                        Condition::Compare(neg_template(a2), flip(*rel), neg_template(b2))
                    } else {
                        Condition::Compare(a2, *rel, b2)
                    }
                } else {
                    Condition::Compare(self.game(a)?, flip(*rel), self.game(b)?)
                }
            }
            Condition::Pred {
                negated,
                pred,
                args,
            } => {
                let swap = match pred {
                    Predicate::Fits => true,
                    Predicate::Adjacent => args.iter().any(|a| self.is_odd(a)),
                    _ => false,
                };
                let mut args = args.clone();
                if swap {
                    args.reverse();
                }
                // onside(-G) = -offside(G): a deletion keeps the onside of -G exactly when
                // its mirror keeps the offside of G.
                let pred = match pred {
                    Predicate::KeepsOnside => Predicate::KeepsOffside,
                    Predicate::KeepsOffside => Predicate::KeepsOnside,
                    other => *other,
                };
                Condition::Pred {
                    negated: *negated,
                    pred,
                    args,
                }
            }
            // Options of both sides, compared by equality: negation maps it to itself.
            Condition::InEvery { game, of, but } => Condition::InEvery {
                game: self.game(game)?,
                of: of.clone(),
                but: but.clone(),
            },
        })
    }

    fn is_odd(&self, v: &str) -> bool {
        self.odd.get(v).copied().unwrap_or(false)
    }

    fn mentions_odd(&self, t: &Template) -> bool {
        match t {
            Template::Var(v) => self.is_odd(v),
            Template::Value(e) => self.expr_mentions_odd(e),
            Template::Sum(a, b) => self.mentions_odd(a) || self.mentions_odd(b),
            Template::Neg(a) => self.mentions_odd(a),
            Template::Game(..) | Template::Leaf(_) | Template::Call(..) => false,
        }
    }

    fn expr_mentions_odd(&self, e: &ValueExpr) -> bool {
        match e {
            ValueExpr::Lit(_) => false,
            ValueExpr::Var(v) => self.is_odd(v),
            ValueExpr::Add(a, b) | ValueExpr::Sub(a, b) => {
                self.expr_mentions_odd(a) || self.expr_mentions_odd(b)
            }
            ValueExpr::Neg(a) => self.expr_mentions_odd(a),
            ValueExpr::Call(f, _, args) => {
                matches!(f, ValueFn::Simplest | ValueFn::NumVal)
                    || args.iter().any(|a| self.expr_mentions_odd(a))
            }
        }
    }

    /// A value template in the mirror's names: the same value as `t` in the rule's.
    fn value_template(&self, t: &Template) -> Template {
        match t {
            Template::Var(v) if self.is_odd(v) => Template::Neg(Box::new(Template::Var(v.clone()))),
            Template::Value(e) => Template::Value(self.expr(e)),
            Template::Sum(a, b) => Template::Sum(
                Box::new(self.value_template(a)),
                Box::new(self.value_template(b)),
            ),
            Template::Neg(a) => neg_template(self.value_template(a)),
            other => other.clone(),
        }
    }

    /// A value expression in the mirror's names: the same value as `e` in the rule's.
    fn expr(&self, e: &ValueExpr) -> ValueExpr {
        match e {
            ValueExpr::Lit(_) => e.clone(),
            ValueExpr::Var(v) if self.is_odd(v) => neg_expr(e.clone()),
            ValueExpr::Var(_) => e.clone(),
            ValueExpr::Add(a, b) => ValueExpr::Add(Box::new(self.expr(a)), Box::new(self.expr(b))),
            ValueExpr::Sub(a, b) => ValueExpr::Sub(Box::new(self.expr(a)), Box::new(self.expr(b))),
            ValueExpr::Neg(a) => neg_expr(self.expr(a)),
            ValueExpr::Call(f, sets, args) => {
                let args: Vec<ValueExpr> = args.iter().map(|a| self.expr(a)).collect();
                match f {
                    // −simplest(−S, −T) is simplest(T, S) in the mirror's sets.
                    ValueFn::Simplest => {
                        let mut sets = sets.clone();
                        sets.reverse();
                        neg_expr(ValueExpr::Call(*f, sets, args))
                    }
                    ValueFn::NumVal => neg_expr(ValueExpr::Call(*f, sets.clone(), args)),
                    // ulp(−x) = ulp(x).
                    ValueFn::Ulp => {
                        ValueExpr::Call(*f, sets.clone(), args.into_iter().map(strip_neg).collect())
                    }
                    _ => ValueExpr::Call(*f, sets.clone(), args),
                }
            }
        }
    }

    /// The game template whose value is the negative of `t`'s, in the mirror's names.
    fn game(&self, t: &Template) -> Result<Template, String> {
        Ok(match t {
            Template::Var(v) => Template::Var(v.clone()),
            Template::Game(l, r) => Template::Game(self.items(r)?, self.items(l)?),
            Template::Sum(a, b) => Template::Sum(Box::new(self.game(a)?), Box::new(self.game(b)?)),
            Template::Neg(a) => Template::Neg(Box::new(self.game(a)?)),
            Template::Leaf(leaf) => Template::Leaf(match leaf {
                LeafTemplate::Num(e) => LeafTemplate::Num(neg_expr(self.expr(e))),
                LeafTemplate::Int(e) => LeafTemplate::Int(neg_expr(self.expr(e))),
                LeafTemplate::Up(e) => LeafTemplate::Up(neg_expr(self.expr(e))),
                LeafTemplate::Nim(e) => LeafTemplate::Nim(self.expr(e)),
                LeafTemplate::Nus(x, u, n) => {
                    LeafTemplate::Nus(neg_expr(self.expr(x)), neg_expr(self.expr(u)), self.expr(n))
                }
            }),
            Template::Value(_) => return Err("a value stands where a game is built".into()),
            Template::Call(call, args) => {
                let args = args
                    .iter()
                    .map(|a| self.game(a))
                    .collect::<Result<Vec<_>, _>>()?;
                let (call, args) = mirror_call(*call, args);
                Template::Call(call, args)
            }
        })
    }

    fn items(&self, items: &[TemplateItem]) -> Result<Vec<TemplateItem>, String> {
        items
            .iter()
            .map(|i| {
                Ok(match i {
                    TemplateItem::One(t) => TemplateItem::One(self.game(t)?),
                    TemplateItem::Splice(s) => TemplateItem::Splice(s.clone()),
                    TemplateItem::Map { over, body } => TemplateItem::Map {
                        over: over.clone(),
                        body: self.game(body)?,
                    },
                    TemplateItem::Nims(e) => TemplateItem::Nims(self.expr(e)),
                    TemplateItem::Cuts { .. } => {
                        return Err("a Hackenstring row's cuts have no mirror".into())
                    }
                })
            })
            .collect()
    }
}

/// A loopy call of the negatives of its arguments, as the negative of the call: −onside(G) =
/// offside(−G) (swapping the players swaps which side counts an infinite play for whom) and
/// −(A & B) = (−B) & (−A).
fn mirror_call<T>(call: LoopyCall, mut args: Vec<T>) -> (LoopyCall, Vec<T>) {
    match call {
        LoopyCall::Sidle => {
            args.reverse();
            (LoopyCall::Sidle, args)
        }
        LoopyCall::Onside => (LoopyCall::Offside, args),
        LoopyCall::Offside => (LoopyCall::Onside, args),
    }
}

fn neg_arg(a: &ValueArg) -> ValueArg {
    match a {
        ValueArg::Lit(c) => ValueArg::Lit(-c.clone()),
        other => other.clone(),
    }
}

fn flip(rel: Rel) -> Rel {
    match rel {
        Rel::Le => Rel::Ge,
        Rel::Ge => Rel::Le,
        Rel::Lt => Rel::Gt,
        Rel::Gt => Rel::Lt,
        Rel::LessOrFuzzy => Rel::GreaterOrFuzzy,
        Rel::GreaterOrFuzzy => Rel::LessOrFuzzy,
        Rel::Eq | Rel::Ne | Rel::Fuzzy => rel,
    }
}

/// `−e`, written the way a person (and the rule parser) would: `−(a + b)` as `−a − b`,
/// `−(−a)` as `a`, a negative literal as `−c` with `c` positive.
fn neg_expr(e: ValueExpr) -> ValueExpr {
    match e {
        ValueExpr::Lit(c) if c.is_zero() => ValueExpr::Lit(c),
        ValueExpr::Lit(c) if c.signum() < 0 => ValueExpr::Lit(-c),
        ValueExpr::Neg(a) => *a,
        ValueExpr::Add(a, b) => ValueExpr::Sub(Box::new(neg_expr(*a)), b),
        ValueExpr::Sub(a, b) => ValueExpr::Add(Box::new(neg_expr(*a)), b),
        ValueExpr::Call(ValueFn::Mid, sets, args) => {
            ValueExpr::Call(ValueFn::Mid, sets, args.into_iter().map(neg_expr).collect())
        }
        other => ValueExpr::Neg(Box::new(other)),
    }
}

fn strip_neg(e: ValueExpr) -> ValueExpr {
    match e {
        ValueExpr::Neg(a) => *a,
        other => other,
    }
}

/// `−t` for a value template, written as [`neg_expr`] writes expressions.
fn neg_template(t: Template) -> Template {
    match t {
        Template::Neg(a) => *a,
        Template::Value(ValueExpr::Lit(c)) if c.is_zero() => Template::Value(ValueExpr::Lit(c)),
        Template::Value(ValueExpr::Lit(c)) if c.signum() < 0 => Template::Value(ValueExpr::Lit(-c)),
        Template::Value(e @ (ValueExpr::Lit(_) | ValueExpr::Var(_))) => {
            Template::Neg(Box::new(Template::Value(e)))
        }
        Template::Value(e) => Template::Value(neg_expr(e)),
        Template::Sum(a, b) => {
            Template::Sum(Box::new(neg_template(*a)), Box::new(neg_template(*b)))
        }
        other => Template::Neg(Box::new(other)),
    }
}

/// The name a variable has in the mirror: a final upper-case `L` and `R` swapped.
fn mirror_name(v: &str) -> String {
    match v.strip_suffix('L') {
        Some(stem) => format!("{stem}R"),
        None => match v.strip_suffix('R') {
            Some(stem) => format!("{stem}L"),
            None => v.to_string(),
        },
    }
}

fn rename(rule: &mut Rule) {
    fn pattern(p: &mut Pattern) {
        match p {
            Pattern::Var(v) | Pattern::PlusMinus(v) => *v = mirror_name(v),
            Pattern::Bind(v, inner) => {
                *v = mirror_name(v);
                pattern(inner);
            }
            Pattern::Game(l, r) => {
                for side in [l, r] {
                    side.picks.iter_mut().for_each(pattern);
                    if let Some(rest) = &mut side.rest {
                        *rest = mirror_name(rest);
                    }
                }
            }
            Pattern::Sum(a, b) => {
                pattern(a);
                pattern(b);
            }
            Pattern::Neg(a) => pattern(a),
            Pattern::Call(_, args) => args.iter_mut().for_each(pattern),
            Pattern::Leaf(leaf) => match leaf {
                LeafPattern::Num(a)
                | LeafPattern::Int(a)
                | LeafPattern::Nim(a)
                | LeafPattern::Up(a) => arg(a),
                LeafPattern::Nus(x, u, n) => {
                    arg(x);
                    arg(u);
                    arg(n);
                }
                LeafPattern::Hack(r) => *r = mirror_name(r),
            },
        }
    }
    fn arg(a: &mut ValueArg) {
        if let ValueArg::Var(v) = a {
            *v = mirror_name(v);
        }
    }
    fn template(t: &mut Template) {
        match t {
            Template::Var(v) => *v = mirror_name(v),
            Template::Game(l, r) => {
                for i in l.iter_mut().chain(r.iter_mut()) {
                    match i {
                        TemplateItem::One(t) => template(t),
                        TemplateItem::Splice(s) => *s = mirror_name(s),
                        TemplateItem::Map { over, body } => {
                            if !over.is_empty() {
                                *over = mirror_name(over);
                            }
                            template(body);
                        }
                        TemplateItem::Nims(e) => expr(e),
                        TemplateItem::Cuts { row, .. } => *row = mirror_name(row),
                    }
                }
            }
            Template::Sum(a, b) => {
                template(a);
                template(b);
            }
            Template::Neg(a) => template(a),
            Template::Call(_, args) => args.iter_mut().for_each(template),
            Template::Leaf(leaf) => match leaf {
                LeafTemplate::Num(e)
                | LeafTemplate::Int(e)
                | LeafTemplate::Nim(e)
                | LeafTemplate::Up(e) => expr(e),
                LeafTemplate::Nus(x, u, n) => {
                    expr(x);
                    expr(u);
                    expr(n);
                }
            },
            Template::Value(e) => expr(e),
        }
    }
    fn expr(e: &mut ValueExpr) {
        match e {
            ValueExpr::Lit(_) => {}
            ValueExpr::Var(v) => *v = mirror_name(v),
            ValueExpr::Add(a, b) | ValueExpr::Sub(a, b) => {
                expr(a);
                expr(b);
            }
            ValueExpr::Neg(a) => expr(a),
            ValueExpr::Call(_, sets, args) => {
                sets.iter_mut().for_each(|s| *s = mirror_name(s));
                args.iter_mut().for_each(expr);
            }
        }
    }
    pattern(&mut rule.pattern);
    for c in &mut rule.conditions {
        match c {
            Condition::Compare(a, _, b) => {
                template(a);
                template(b);
            }
            Condition::Pred { args, .. } => args.iter_mut().for_each(|a| *a = mirror_name(a)),
            Condition::InEvery { game, of, but } => {
                template(game);
                *of = mirror_name(of);
                if let Some(s) = but {
                    *s = mirror_name(s);
                }
            }
        }
    }
    template(&mut rule.result);
}

#[cfg(test)]
mod tests {
    use super::super::print::rule_text;
    use super::super::{check, parse_rules, RuleSet};
    use super::*;

    /// Everything that decides what a rule does and how it is shown, but not where it was written.
    fn meaning(r: &Rule) -> impl PartialEq + std::fmt::Debug + '_ {
        (
            &r.name,
            &r.says,
            &r.cite,
            &r.groups,
            r.kind,
            r.priority,
            (&r.pattern, &r.conditions, &r.result),
        )
    }

    #[test]
    fn every_derived_mirror_is_the_rule_that_was_written_by_hand() {
        let old = parse_rules(
            "hand_written_mirrors.rules",
            include_str!("hand_written_mirrors.rules"),
        )
        .unwrap();
        assert_eq!(old.len(), 12);
        let builtin = RuleSet::builtin();
        for hand in &old {
            let derived = builtin
                .get(&hand.name)
                .unwrap_or_else(|| panic!("no rule `{}` is derived", hand.name));
            // The shipped set is validated (a map's set filled in); validate the old text too.
            let mut hand = hand.clone();
            check::validate(&mut hand).unwrap();
            assert_eq!(meaning(derived), meaning(&hand), "{}", hand.name);
            let of = derived.mirror_of.as_deref().unwrap_or_default();
            assert!(builtin.get(of).is_some(), "{} mirrors `{of}`", hand.name);
            assert!(derived
                .source
                .text
                .contains(&format!("the mirror of `{of}`")));
        }
    }

    #[test]
    fn the_builtin_set_keeps_all_47_rules_each_left_rule_next_to_its_mirror() {
        let rules = RuleSet::builtin();
        let names: Vec<&str> = rules.names().collect();
        assert_eq!(names.len(), 47);
        let at = |n: &str| names.iter().position(|m| *m == n).unwrap();
        for (l, r) in [
            ("dominated-left", "dominated-right"),
            ("reversible-left", "reversible-right"),
            ("up-open", "down-open"),
            ("integer-fold", "negative-integer-fold"),
        ] {
            assert_eq!(at(l) + 1, at(r), "{r} follows {l}");
        }
    }

    #[test]
    fn mirroring_twice_gives_the_rule_back() {
        for rule in RuleSet::builtin().rules() {
            if let Ok(m) = mirror(rule, "m", rule.says.clone(), rule.cite.clone()) {
                let back = mirror(&m, &rule.name, rule.says.clone(), rule.cite.clone()).unwrap();
                assert_eq!(meaning(&back), meaning(rule), "{}", rule.name);
            }
        }
    }

    #[test]
    fn every_rule_printed_parses_back_to_itself() {
        for rule in RuleSet::builtin().rules() {
            let text = rule_text(rule);
            let mut back = parse_rules("printed", &text)
                .unwrap_or_else(|e| panic!("{text}\n{e}"))
                .remove(0);
            check::validate(&mut back).unwrap();
            assert_eq!(meaning(&back), meaning(rule), "{text}");
        }
    }

    #[test]
    fn a_rule_on_rows_or_plus_minus_says_it_has_no_mirror_where_it_asks_for_one() {
        for (body, why) in [
            (
                "match hack(r)\n  yield { ..left_cuts(r) | }",
                "Hackenstring",
            ),
            ("match pm(..X)\n  yield { ..X | }", "pm"),
        ] {
            let text =
                format!("rule r\n  says \"s\"\n  cite \"c\"\n  {body}\n  mirror r-mirrored\n");
            let e = parse_rules("x.rules", &text).unwrap_err();
            assert_eq!((e.line, e.column), (6, 3), "{e}");
            assert!(e.message.contains(why), "{e}");
        }
    }

    #[test]
    fn after_mirror_only_its_says_and_cite_may_follow() {
        let text = "rule r\n  says \"s\"\n  cite \"c\"\n  match { a | }\n  mirror m\n    says \"t\"\n  yield a\n";
        let e = parse_rules("x.rules", text).unwrap_err();
        assert_eq!(e.line, 7, "{e}");
        assert!(e.message.contains("after `mirror`"), "{e}");
        // Without its own says and cite the mirror keeps the rule's.
        let text = "rule r\n  says \"s\"\n  cite \"c\"\n  match { a | }\n  yield a\n  mirror m\n";
        let rules = parse_rules("x.rules", text).unwrap();
        assert_eq!(rules[1].name, "m");
        assert_eq!((rules[1].says.as_str(), rules[1].cite.as_str()), ("s", "c"));
        assert_eq!(rules[1].pattern.to_string(), "{ | a }");
    }

    #[test]
    fn a_mirror_by_swapping_swaps_every_sum_and_needs_one() {
        let text = "rule r\n  says \"s\"\n  cite \"c\"\n  match -(a + { b | }) + int(1)\n  when a + b <= 0\n  yield { a + b | }\n  mirror m by swapping the summands\n";
        let rules = parse_rules("x.rules", text).unwrap();
        assert!(rules[1].swapped && !rules[0].swapped);
        assert_eq!(rules[1].pattern.to_string(), "int(1) + -({ b | } + a)");
        assert_eq!(rules[1].result.to_string(), "{ b + a | }");
        let text = "rule r\n  says \"s\"\n  cite \"c\"\n  match { a | }\n  yield a\n  mirror m by swapping the summands\n";
        let e = parse_rules("x.rules", text).unwrap_err();
        assert!(e.message.contains("no sum"), "{e}");
        let text = "rule r\n  says \"s\"\n  cite \"c\"\n  match a + b\n  yield a\n  mirror m by swapping\n";
        let e = parse_rules("x.rules", text).unwrap_err();
        assert!(e.message.contains("by swapping the summands"), "{e}");
    }
}
