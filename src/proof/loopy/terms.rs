//! The checker's own reading of loopy play's term rules (`&`, `onside(…)`, `offside(…)` in
//! the pattern or result, `stopper(X)` a condition): a step by one is re-matched from the rule
//! the rule set holds, by this checker's code, never `eval::loopy_terms`.
//!
//! The rule's pattern is matched on the term before the step (a name binds a game, `A & B`
//! the checker's sided shape, `onside(G)` its side shape, sums and negatives their parts; a
//! name bound twice must be the same game form, by bisimulation); its conditions are decided
//! by the checker's stopper test (no alternating cycle) and its order of stoppers (survival);
//! its result is built from the bound games (sums as product graphs, negatives with the
//! players swapped) and must be the term after the step, part by part.
//!
//! Matching and conditions say that the step is an instance of the rule; they do not make the
//! rule true. A term rule's theorem is one of `THEOREMS`, the identities of sides this
//! checker knows (Siegel, CGT VI.4–5): a rule of the set is accepted only when, up to the names
//! of its variables, it states one of them — a user's `onside(S) = S when stopper(S)` under
//! another name is, a user's rule without the stopper proviso is not (it is no theorem).

use super::*;
use crate::rules::{parse_rules, Condition, LoopyCall, Pattern, Predicate, Rule, Template};

/// The identities of sides the checker knows, in the rule language. Each is a theorem of
/// loopy games (Siegel, CGT VI.4–5; Winning Ways ch. 11): a game is its sides; a stopper is
/// its own onside and offside, so `S & S = S`; the sides of a sum of stopper-sided values are
/// those of the sums of their sides; a negative swaps the sides.
pub(super) const THEOREMS: &str = r#"
rule sides     says "G = G+ & G-"  cite "Siegel, CGT VI.4"
               match G               when not stopper(G) yield onside(G) & offside(G)
rule onside    says "S+ = S"       cite "Siegel, CGT VI.4"
               match onside(G)       when stopper(G)     yield G
rule offside   says "S- = S"       cite "Siegel, CGT VI.4"
               match offside(G)      when stopper(G)     yield G
rule sidle     says "S & S = S"    cite "Siegel, CGT VI.4"
               match S & S           when stopper(S)     yield S
rule sidle-sum says "(A & B) + (C & D) = (A + C)+ & (B + D)-" cite "Siegel, CGT VI.5"
               match (A & B) + (C & D)
               when stopper(A), stopper(B), stopper(C), stopper(D), A >= B, C >= D
               yield onside(A + C) & offside(B + D)
rule sidle-neg says "-(A & B) = (-B) & (-A)" cite "Siegel, CGT VI.5"
               match -(A & B)        when stopper(A), stopper(B), A >= B yield (-B) & (-A)
"#;

/// A rule in a normal form: its variables renamed `v0`, `v1`, … in the order its pattern
/// binds them, its pattern, result and conditions (sorted) written out; `None` when it has a
/// part no theorem of sides has (a game pattern, a leaf).
fn normal(rule: &Rule) -> Option<String> {
    fn pat(p: &Pattern, names: &mut Vec<String>) -> Option<String> {
        Some(match p {
            Pattern::Var(v) => var(v, names),
            Pattern::Sum(a, b) => format!("({} + {})", pat(a, names)?, pat(b, names)?),
            Pattern::Neg(a) => format!("-({})", pat(a, names)?),
            Pattern::Call(c, args) => {
                let args: Option<Vec<String>> = args.iter().map(|a| pat(a, names)).collect();
                format!("{}({})", c.name(), args?.join(", "))
            }
            _ => return None,
        })
    }
    fn var(v: &str, names: &mut Vec<String>) -> String {
        let i = match names.iter().position(|n| n == v) {
            Some(i) => i,
            None => {
                names.push(v.to_string());
                names.len() - 1
            }
        };
        format!("v{i}")
    }
    fn tem(t: &Template, names: &[String]) -> Option<String> {
        Some(match t {
            Template::Var(v) => format!("v{}", names.iter().position(|n| n == v)?),
            Template::Sum(a, b) => format!("({} + {})", tem(a, names)?, tem(b, names)?),
            Template::Neg(a) => format!("-({})", tem(a, names)?),
            Template::Call(c, args) => {
                let args: Option<Vec<String>> = args.iter().map(|a| tem(a, names)).collect();
                format!("{}({})", c.name(), args?.join(", "))
            }
            _ => return None,
        })
    }
    let mut names = Vec::new();
    let p = pat(&rule.pattern, &mut names)?;
    let r = tem(&rule.result, &names)?;
    let mut cs = Vec::new();
    for c in &rule.conditions {
        cs.push(match c {
            Condition::Pred {
                negated,
                pred: Predicate::Stopper,
                args,
            } => format!(
                "{}stopper({})",
                if *negated { "not " } else { "" },
                tem(&Template::Var(args.first()?.clone()), &names)?
            ),
            Condition::Compare(a, rel, b) => {
                format!("{} {} {}", tem(a, &names)?, rel.symbol(), tem(b, &names)?)
            }
            _ => return None,
        });
    }
    cs.sort();
    Some(format!("{p} => {r} when {}", cs.join(", ")))
}

/// The normal forms of `THEOREMS`.
fn theorems() -> Vec<String> {
    parse_rules("<the checker's theorems of sides>", THEOREMS)
        .map(|rs| rs.iter().filter_map(normal).collect())
        .unwrap_or_default()
}

impl Checker<'_> {
    /// The term rule of the rule set named `name`, if it is one.
    pub(super) fn term_rule(&self, name: &str) -> Option<&Rule> {
        self.terms.iter().find(|r| r.name == name)
    }

    /// A step by the term rule `rule` from `f` to `t` (the terms at the step's place): the
    /// rule states a theorem of sides, its pattern matches `f`, its conditions hold, and its
    /// result built from the bound games is `t`.
    pub(super) fn term_step(&mut self, rule: &Rule, f: &Shape, t: &Shape) -> Result<(), Stop> {
        let wrong = |m: String| Err(Stop::Wrong(format!("{}: {m}", rule.name)));
        let known = normal(rule).is_some_and(|n| theorems().contains(&n));
        if !known {
            return wrong(
                "this term rule states none of the identities of sides the checker knows \
                 (G = onside(G) & offside(G) for G not a stopper, onside(S) = S and S & S = S \
                 for a stopper S, the sum and negative of stopper-sided values), so its step \
                 is not taken on trust"
                    .into(),
            );
        }
        let mut b: Vec<(String, G)> = Vec::new();
        if let Err(m) = self.bind(&rule.pattern, f, &mut b)? {
            return wrong(m);
        }
        for c in &rule.conditions {
            if let Err(m) = self.condition(c, &b)? {
                return wrong(m);
            }
        }
        if let Err(m) = self.expect(&rule.result, t, &b)? {
            return wrong(m);
        }
        Ok(())
    }

    /// Matches `p` on `s`, binding names to games; the inner `Err` says why it does not.
    fn bind(
        &mut self,
        p: &Pattern,
        s: &Shape,
        b: &mut Vec<(String, G)>,
    ) -> Result<Result<(), String>, Stop> {
        let no = |what: &str| Ok(Err(format!("the term before the step is not {what}")));
        match (p, s) {
            (Pattern::Var(v), _) => {
                let Some(g) = self.game_of(s)? else {
                    return Ok(Err(format!(
                        "`{v}` stands for a game, and here it is not one"
                    )));
                };
                if let Some((_, h)) = b.iter().find(|(n, _)| n == v) {
                    let h = h.clone();
                    if !self.same(&h, &g)? {
                        return Ok(Err(format!(
                            "`{v}` is bound twice, to games that are not the same game form"
                        )));
                    }
                    return Ok(Ok(()));
                }
                b.push((v.clone(), g));
                Ok(Ok(()))
            }
            (Pattern::Sum(pa, pb), Shape::Sum(x, y)) => match self.bind(pa, x, b)? {
                Ok(()) => self.bind(pb, y, b),
                e => Ok(e),
            },
            (Pattern::Neg(pa), Shape::Neg(x)) => self.bind(pa, x, b),
            (Pattern::Call(LoopyCall::Sidle, ps), Shape::Sidle(x, y)) => match &ps[..] {
                [pa, pb] => match self.bind(pa, x, b)? {
                    Ok(()) => self.bind(pb, y, b),
                    e => Ok(e),
                },
                _ => no(&p.to_string()),
            },
            (
                Pattern::Call(c @ (LoopyCall::Onside | LoopyCall::Offside), ps),
                Shape::Side(on, g),
            ) if (*c == LoopyCall::Onside) == *on => match &ps[..] {
                [pa] => self.bind(pa, &Shape::Game(g.clone()), b),
                _ => no(&p.to_string()),
            },
            _ => no(&p.to_string()),
        }
    }

    /// One condition on the bound games; the inner `Err` says why it does not hold.
    fn condition(&mut self, c: &Condition, b: &[(String, G)]) -> Result<Result<(), String>, Stop> {
        let game = |n: &str| b.iter().find(|(m, _)| m == n).map(|(_, g)| g.clone());
        match c {
            Condition::Pred {
                negated,
                pred: Predicate::Stopper,
                args,
            } => {
                let Some(g) = args.first().and_then(|a| game(a)) else {
                    return Ok(Err(format!("{c:?} names no bound game")));
                };
                let a = &args[0];
                if self.stopper(&g)? == *negated {
                    return Ok(Err(if *negated {
                        format!("`not stopper({a})` does not hold: {a} is a stopper")
                    } else {
                        format!(
                            "`stopper({a})` does not hold: {a} has an alternating cycle, so it \
                             is not a stopper"
                        )
                    }));
                }
                Ok(Ok(()))
            }
            Condition::Compare(Template::Var(x), rel, Template::Var(y)) => {
                let (Some(g), Some(h)) = (game(x), game(y)) else {
                    return Ok(Err(format!("`{x}` or `{y}` is no bound game")));
                };
                let said = format!("{x} {} {y}", rel.symbol());
                if !self.stopper(&g)? || !self.stopper(&h)? {
                    return Ok(Err(format!(
                        "`{said}` compares stoppers, and one of them is not a stopper"
                    )));
                }
                let ge = self.ge_at(&g, g.root, &h, h.root)?;
                let le = self.ge_at(&h, h.root, &g, g.root)?;
                let holds = rel.by_order(ge, le);
                if !holds {
                    return Ok(Err(format!(
                        "`{said}` does not hold by the order of stoppers"
                    )));
                }
                Ok(Ok(()))
            }
            other => Ok(Err(format!(
                "the condition {other:?} means nothing to loopy play's term rules"
            ))),
        }
    }

    /// The game a result template builds from the bound games (sums and negatives by the
    /// definitions); `None` when it names a side or `&`.
    fn built(&mut self, t: &Template, b: &[(String, G)]) -> Result<Option<G>, Stop> {
        Ok(match t {
            Template::Var(v) => b.iter().find(|(n, _)| n == v).map(|(_, g)| g.clone()),
            Template::Sum(x, y) => match (self.built(x, b)?, self.built(y, b)?) {
                (Some(x), Some(y)) => Some(self.sum(&x, &y)?),
                _ => None,
            },
            Template::Neg(x) => self.built(x, b)?.map(|g| G {
                l: g.r,
                r: g.l,
                root: g.root,
            }),
            _ => None,
        })
    }

    /// Whether the result template `t`, built from the bound games, is the term `s` after the
    /// step, part by part; the inner `Err` names the part that differs.
    fn expect(
        &mut self,
        t: &Template,
        s: &Shape,
        b: &[(String, G)],
    ) -> Result<Result<(), String>, Stop> {
        match (t, s) {
            (Template::Call(LoopyCall::Sidle, ts), Shape::Sidle(x, y)) if ts.len() == 2 => {
                match self.expect(&ts[0], x, b)? {
                    Ok(()) => self.expect(&ts[1], y, b),
                    e => Ok(e),
                }
            }
            (
                Template::Call(c @ (LoopyCall::Onside | LoopyCall::Offside), ts),
                Shape::Side(on, g),
            ) if (*c == LoopyCall::Onside) == *on && ts.len() == 1 => {
                let Some(want) = self.built(&ts[0], b)? else {
                    return Ok(Err(format!("{t} names no game")));
                };
                if !self.same(&want, g)? {
                    return Ok(Err(format!(
                        "the game in {}(…) after the step is not {}",
                        c.name(),
                        ts[0]
                    )));
                }
                Ok(Ok(()))
            }
            (Template::Call(..), _) => Ok(Err(format!("the term after the step is not {t}"))),
            _ => {
                let (Some(want), Some(got)) = (self.built(t, b)?, self.game_of(s)?) else {
                    return Ok(Err(format!("the term after the step is not {t}")));
                };
                if !self.same(&want, &got)? {
                    return Ok(Err(format!("the game after the step is not {t}")));
                }
                Ok(Ok(()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every theorem reads, and each shipped term rule of `rules/loopy.rules` states one.
    #[test]
    fn the_shipped_term_rules_state_the_checkers_theorems() {
        let known = theorems();
        assert_eq!(known.len(), 6, "{known:?}");
        let set = RuleSet::loopy();
        let terms: Vec<&Rule> = set.rules().iter().filter(|r| r.is_term_rule()).collect();
        assert_eq!(terms.len(), 6);
        for r in terms {
            let n = normal(r).unwrap_or_default();
            assert!(known.contains(&n), "{}: {n}", r.name);
        }
    }

    /// A rule without the stopper proviso (`onside(G) = G` for every G: false for G = dud,
    /// whose onside is on) states no theorem; with it, under any name and any variable
    /// names, it does.
    #[test]
    fn a_users_rule_is_known_by_its_statement_not_its_name() {
        let read = |text: &str| parse_rules("user.rules", text).unwrap().remove(0);
        let known = theorems();
        let good = read(
            "rule my-onside says \"S+ = S\" cite \"CGT\" group loopy\n match onside(X) \
             when stopper(X) yield X",
        );
        assert!(known.contains(&normal(&good).unwrap()));
        let bad = read(
            "rule onside-stopper says \"G+ = G\" cite \"none\" group loopy\n match onside(X) \
             yield X",
        );
        assert!(!known.contains(&normal(&bad).unwrap()));
        let swapped = read(
            "rule my-neg says \"no\" cite \"none\" group loopy\n match -(P & Q) \
             when stopper(P), stopper(Q), P >= Q yield (-P) & (-Q)",
        );
        assert!(!known.contains(&normal(&swapped).unwrap()));
    }
}
