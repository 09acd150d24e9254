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
//! rule true. A shipped rule as `rules/loopy.rules` states it is a theorem of sides (Siegel,
//! CGT VI.4–5), and its instance is taken. Any other term rule (a user's, or a shipped name
//! stating something else) is verified at its step by the definitions, as misère play checks
//! a user's rule by simplest forms: the values of the terms before and after, by their sides
//! (`Sides`), must be equal, each side at least the other by the checker's own search of
//! the order of sides ([`crate::proof::loopy_sides`]). A true instance of a false rule is
//! taken; a false one is refused at its step.

use super::*;
use crate::rules::{Condition, LoopyCall, Pattern, Predicate, Rule, Template};

/// One side of a term's value: the onside (`on`) or the offside of a game graph.
#[derive(Clone)]
struct Part {
    g: G,
    on: bool,
}

/// A whole term's value by its sides: two games are equal when their onsides are equal and
/// their offsides are (Siegel, CGT VI.4). A game G is (G's onside, G's offside);
/// `onside(G)` is the game both of whose sides are G's onside (Siegel's G⁺, its own onside
/// and offside when it is a stopper, which is where the rules use it), `offside(G)` likewise;
/// `A & B` is (A's onside, B's offside); a sum adds the sides, a negative swaps them and the
/// players.
struct Sides {
    on: Part,
    off: Part,
}

impl Checker<'_> {
    /// The term rule of the rule set named `name`, if it is one, and whether it is a shipped
    /// rule as shipped (its theorem known).
    pub(super) fn term_rule(&self, name: &str) -> Option<&(Rule, bool)> {
        self.terms.iter().find(|(r, _)| r.name == name)
    }

    /// A step by the term rule `rule` from `f` to `t` (the terms at the step's place): its
    /// pattern matches `f`, its conditions hold, and its result built from the bound games is
    /// `t`; unless `known` (a shipped rule as shipped), the values of `f` and `t` are equal
    /// by the definitions too.
    pub(super) fn term_step(
        &mut self,
        rule: &Rule,
        known: bool,
        f: &Shape,
        t: &Shape,
    ) -> Result<(), Stop> {
        let wrong = |m: String| Err(Stop::Wrong(format!("{}: {m}", rule.name)));
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
        if !known {
            if let Err(m) = self.same_value(f, t)? {
                return wrong(format!(
                    "this rule is not one of rules/loopy.rules as shipped, so its step is \
                     checked by the definitions, and {m}: the rule is not sound here"
                ));
            }
        }
        Ok(())
    }

    /// Whether two whole terms have the same value by their sides; the inner `Err` says
    /// which side differs, or why they cannot be compared.
    fn same_value(&mut self, f: &Shape, t: &Shape) -> Result<Result<(), String>, Stop> {
        let (a, b) = match (self.sides(f)?, self.sides(t)?) {
            (Ok(a), Ok(b)) => (a, b),
            (Err(m), _) | (_, Err(m)) => return Ok(Err(m)),
        };
        for (x, y, which) in [(&a.on, &b.on, "onside"), (&a.off, &b.off, "offside")] {
            let said = format!("the {which}s of the terms before and after the step");
            match (self.part_ge(x, y)?, self.part_ge(y, x)?) {
                (Some(true), Some(true)) => {}
                (Some(_), Some(_)) => {
                    return Ok(Err(format!("{said} differ (by the order of sides)")))
                }
                _ => {
                    return Ok(Err(format!(
                        "{said} are an onside and an offside of games that are not stoppers, \
                         which the checker does not compare"
                    )))
                }
            }
        }
        Ok(Ok(()))
    }

    /// A whole term's value by its sides ([`Sides`]); `Err` when it has a part the
    /// definitions give no sides here (a call not yet opened, a sum of an onside and an
    /// offside neither of which is a stopper).
    fn sides(&mut self, s: &Shape) -> Result<Result<Sides, String>, Stop> {
        Ok(Ok(match s {
            Shape::Game(g) => Sides {
                on: Part {
                    g: g.clone(),
                    on: true,
                },
                off: Part {
                    g: g.clone(),
                    on: false,
                },
            },
            Shape::Side(on, g) => {
                let p = Part {
                    g: g.clone(),
                    on: *on,
                };
                Sides {
                    on: p.clone(),
                    off: p,
                }
            }
            Shape::Sidle(a, b) => match (self.sides(a)?, self.sides(b)?) {
                (Ok(a), Ok(b)) => Sides {
                    on: a.on,
                    off: b.off,
                },
                (Err(m), _) | (_, Err(m)) => return Ok(Err(m)),
            },
            Shape::Sum(a, b) => match (self.sides(a)?, self.sides(b)?) {
                (Ok(a), Ok(b)) => {
                    let on = match self.add(a.on, b.on)? {
                        Ok(p) => p,
                        Err(m) => return Ok(Err(m)),
                    };
                    let off = match self.add(a.off, b.off)? {
                        Ok(p) => p,
                        Err(m) => return Ok(Err(m)),
                    };
                    Sides { on, off }
                }
                (Err(m), _) | (_, Err(m)) => return Ok(Err(m)),
            },
            Shape::Neg(a) => match self.sides(a)? {
                Ok(a) => {
                    let neg = |p: Part| Part {
                        g: G {
                            l: p.g.r,
                            r: p.g.l,
                            root: p.g.root,
                        },
                        on: !p.on,
                    };
                    Sides {
                        on: neg(a.off),
                        off: neg(a.on),
                    }
                }
                Err(m) => return Ok(Err(m)),
            },
            Shape::Unopened(_) => {
                return Ok(Err(
                    "a term with a call not yet opened has no sides here".into()
                ))
            }
        }))
    }

    /// The side of a sum: the same side of the two parts' sum graph. A stopper is its own
    /// onside and offside, so it takes the other part's side; an onside and an offside of
    /// games that are not stoppers make no side here.
    fn add(&mut self, a: Part, b: Part) -> Result<Result<Part, String>, Stop> {
        let on = if a.on == b.on || self.stopper(&a.g)? {
            b.on
        } else if self.stopper(&b.g)? {
            a.on
        } else {
            return Ok(Err(
                "a sum of an onside and an offside of games that are not stoppers has no \
                 side the checker compares"
                    .into(),
            ));
        };
        Ok(Ok(Part {
            g: self.sum(&a.g, &b.g)?,
            on,
        }))
    }

    /// One side at least another, by the checker's own search of the order of sides. The
    /// order compares two onsides or two offsides; a stopper is its own onside and offside,
    /// so it is compared as the side the other is. `None` for an onside against an offside
    /// of games that are not stoppers (the order of sides does not compare those).
    fn part_ge(&mut self, a: &Part, b: &Part) -> Result<Option<bool>, Stop> {
        let on = if a.on == b.on || self.stopper(&b.g)? {
            a.on
        } else if self.stopper(&a.g)? {
            b.on
        } else {
            return Ok(None);
        };
        self.side_ge(&a.g, &b.g, on).map(Some)
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
