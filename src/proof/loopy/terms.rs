//! The checker's reading of loopy play's term rules (`&`, `onside(…)`, `offside(…)` in the
//! pattern or result, `stopper(X)` a condition): a step by one is re-matched from the rule the
//! rule set holds by the checker's one rule interpreter ([`crate::proof::pattern`]), never by
//! `eval::loopy_terms`; this module is loopy play's host for it (`Terms`).
//!
//! The rule's pattern is matched on the term before the step (a name binds a game, never a
//! side; `A & B`, `onside(G)`, sums and negatives match their parts; a name bound twice must be
//! the same game form, by bisimulation); its conditions are decided by the checker's stopper
//! test (no alternating cycle) and its order of stoppers (survival); its result is built from
//! the bound parts and must be the term after the step, part by part (games compared as
//! graphs: sums as product graphs, negatives with the players swapped).
//!
//! Matching and conditions say that the step is an instance of the rule; they do not make the
//! rule true. A shipped rule as `rules/loopy.rules` states it is a theorem of sides (Siegel,
//! CGT VI.4–5), and its instance is taken. Any other term rule (a user's, or a shipped name
//! stating something else) is verified at its step by the definitions, as misère play checks
//! a user's rule by simplest forms: the values of the terms before and after, by their sides
//! (`Sides`), must be equal, each side at least the other by the checker's own search of
//! the order of sides ([`crate::proof::loopy_sides`]). A true instance of a false rule is
//! taken; a false one is refused at its step.

use super::notes::{as_failure, Notes};
use super::*;
use crate::definitional::inequality::Undecided;
use crate::proof::pattern::{self, Binds, Failure, Got, Host, Kinds, Look};
use crate::rules::check::bindings;
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
    /// `t`, all by the checker's one interpreter ([`pattern`]) with loopy play's places
    /// ([`Terms`]); unless `known` (a shipped rule as shipped), the values of `f` and `t` are
    /// equal by the definitions too.
    pub(super) fn term_step(
        &mut self,
        rule: &Rule,
        known: bool,
        f: &Shape,
        t: &Shape,
    ) -> Result<(), Stop> {
        let wrong = |m: String| Err(Stop::Wrong(format!("{}: {m}", rule.name)));
        let kinds = match bindings(&rule.pattern) {
            Ok(k) => k,
            Err(m) => return wrong(m),
        };
        let mut h = Terms {
            c: self,
            n: Notes::default(),
        };
        let mut accept = |h: &mut Terms<'_, '_>, built: &Shape| h.expect(&rule.result, built, t);
        let got = pattern::rewrites(&mut h, rule, &kinds, f, &Binds::default(), &mut accept);
        h.n.verdict(&rule.name, got)?;
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
}

/// Loopy play's places for the checker's interpreter: a whole term ([`Shape`]) at the step's
/// place, matched as the term grammar writes it (`A & B`, `onside(…)`, `offside(…)`, sums
/// and negatives their parts). A name stands for a game only (a shape with no side in it), two
/// bindings of one name for the same game form (bisimulation); `stopper(X)` is the
/// alternating-cycle test and `A >= B` the order of stoppers by survival; a result is built
/// from the bound parts (sums and negatives kept as written; `Checker::game_of` reads them as
/// graphs where a game is needed).
struct Terms<'c, 't> {
    c: &'c mut Checker<'t>,
    /// Why the match went as it did.
    n: Notes,
}

impl Terms<'_, '_> {
    /// The game a place writes, if it is one (no side in it).
    fn game(&mut self, s: &Shape) -> Got<G> {
        let r = self.c.game_of(s);
        self.n.keep(r)
    }

    /// The matches of two parts, `pa` on `x` then `pb` on `y`.
    fn pair(
        &mut self,
        (pa, x): (&Pattern, &Shape),
        (pb, y): (&Pattern, &Shape),
        b: &Binds<Shape>,
        out: &mut Vec<Binds<Shape>>,
        d: usize,
    ) {
        let mut mid = Vec::new();
        pattern::matches(self, pa, x, false, b, &mut mid, d + 1);
        for m in mid {
            pattern::matches(self, pb, y, false, &m, out, d + 1);
        }
    }

    /// Whether `built` (the rule's result `t` under the match) is the term `s` after the
    /// step, part by part; else names the part that differs.
    fn expect(&mut self, t: &Template, built: &Shape, s: &Shape) -> Result<(), Failure> {
        let differs = |m: String| Err(Failure::Result(m));
        match (t, built, s) {
            (Template::Call(LoopyCall::Sidle, ts), Shape::Sidle(b1, b2), Shape::Sidle(x, y))
                if ts.len() == 2 =>
            {
                self.expect(&ts[0], b1, x)?;
                self.expect(&ts[1], b2, y)
            }
            (
                Template::Call(c @ (LoopyCall::Onside | LoopyCall::Offside), ts),
                Shape::Side(_, want),
                Shape::Side(on, g),
            ) if (*c == LoopyCall::Onside) == *on && ts.len() == 1 => {
                if !self.same_game(want, g)? {
                    return differs(format!(
                        "the game in {}(…) after the step is not {}",
                        c.name(),
                        ts[0]
                    ));
                }
                Ok(())
            }
            (Template::Call(..), _, _) => differs(format!("the term after the step is not {t}")),
            _ => {
                let (want, got) = (self.game(built), self.game(s));
                let (want, got) = (want.map_err(as_failure)?, got.map_err(as_failure)?);
                let (Some(want), Some(got)) = (want, got) else {
                    return differs(format!("the term after the step is not {t}"));
                };
                if !self.same_game(&want, &got)? {
                    return differs(format!("the game after the step is not {t}"));
                }
                Ok(())
            }
        }
    }

    /// Whether two graphs are the same game form, for [`Terms::expect`].
    fn same_game(&mut self, a: &G, b: &G) -> Result<bool, Failure> {
        let r = self.c.same(a, b);
        self.n.keep(r).map_err(as_failure)
    }

    /// Whether `g` is a stopper (no alternating cycle).
    fn stopper(&mut self, g: &G) -> Result<bool, Undecided> {
        let r = self.c.stopper(g);
        self.n.keep(r)
    }
}

impl Host for Terms<'_, '_> {
    type Place = Shape;
    /// Term rules match no game braces (a game's options are the stopper and side rules'),
    /// so no view is ever made.
    type View = (Vec<Shape>, Vec<Shape>);

    fn sides(v: &Self::View) -> (&[Shape], &[Shape]) {
        (&v.0, &v.1)
    }

    fn look(&mut self, _: &Shape) -> Look<Shape> {
        Look::Same
    }

    fn games(&mut self, _: &Shape, _: bool) -> Vec<Self::View> {
        self.n
            .unmatched
            .get_or_insert("loopy play's term rules match terms, not the options of a game".into());
        Vec::new()
    }

    fn bound(&mut self, _: &Pattern, t: &Shape, _: bool) -> Vec<Shape> {
        vec![t.clone()]
    }

    fn other(
        &mut self,
        p: &Pattern,
        t: &Shape,
        b: &Binds<Shape>,
        out: &mut Vec<Binds<Shape>>,
        d: usize,
    ) {
        match (p, t) {
            (Pattern::Sum(pa, pb), Shape::Sum(x, y)) => self.pair((pa, x), (pb, y), b, out, d),
            (Pattern::Neg(pa), Shape::Neg(x)) => {
                pattern::matches(self, pa, x, false, b, out, d + 1)
            }
            (Pattern::Call(LoopyCall::Sidle, ps), Shape::Sidle(x, y)) if ps.len() == 2 => {
                self.pair((&ps[0], x), (&ps[1], y), b, out, d)
            }
            (
                Pattern::Call(c @ (LoopyCall::Onside | LoopyCall::Offside), ps),
                Shape::Side(on, g),
            ) if (*c == LoopyCall::Onside) == *on && ps.len() == 1 => {
                let g = Shape::Game(g.clone());
                pattern::matches(self, &ps[0], &g, false, b, out, d + 1)
            }
            _ => {
                self.n
                    .unmatched
                    .get_or_insert(format!("the term before the step is not {p}"));
            }
        }
    }

    fn takes(&mut self, v: &str, t: &Shape) -> bool {
        let got = self.game(t);
        if let Ok(Some(_)) = got {
            return true;
        }
        self.n
            .unmatched
            .get_or_insert(format!("`{v}` stands for a game, and here it is not one"));
        false
    }

    fn same(&mut self, a: &Shape, b: &Shape) -> bool {
        a == b
    }

    fn equal(&mut self, a: &Shape, b: &Shape) -> Result<bool, Undecided> {
        let r = self.c.same_shape(a, b);
        let same = self.n.keep(r)?;
        if !same {
            self.n.unmatched.get_or_insert(
                "a name is bound twice, to games that are not the same game form".into(),
            );
        }
        Ok(same)
    }

    fn same_set(&mut self, a: &[Shape], b: &[Shape]) -> bool {
        a == b
    }

    fn limit(&mut self) -> &mut Option<String> {
        &mut self.n.limit
    }

    fn decide(&mut self, c: &Condition, b: &Binds<Shape>, _: &Kinds) -> Got<bool> {
        match c {
            Condition::Pred {
                negated,
                pred: Predicate::Stopper,
                args,
            } => {
                let Some(a) = args.first() else {
                    return Ok(None);
                };
                let Some(s) = b.game(a).cloned() else {
                    self.n
                        .failed
                        .get_or_insert(format!("{c:?} names no bound game"));
                    return Ok(None);
                };
                let Some(g) = self.game(&s)? else {
                    return Ok(None);
                };
                let stopper = self.stopper(&g)?;
                if stopper == *negated {
                    self.n.failed.get_or_insert(if *negated {
                        format!("`not stopper({a})` does not hold: {a} is a stopper")
                    } else {
                        format!(
                            "`stopper({a})` does not hold: {a} has an alternating cycle, so it \
                             is not a stopper"
                        )
                    });
                    return Ok(Some(false));
                }
                Ok(Some(true))
            }
            Condition::Compare(x, rel, y) => {
                let said = format!("{x} {} {y}", rel.symbol());
                let (Some(sx), Some(sy)) = (self.make(x, b)?, self.make(y, b)?) else {
                    self.n
                        .failed
                        .get_or_insert(format!("`{said}` names no bound game"));
                    return Ok(None);
                };
                let (Some(g), Some(h)) = (self.game(&sx)?, self.game(&sy)?) else {
                    self.n
                        .failed
                        .get_or_insert(format!("`{said}` compares games, and one is a side"));
                    return Ok(None);
                };
                if !self.stopper(&g)? || !self.stopper(&h)? {
                    self.n.failed.get_or_insert(format!(
                        "`{said}` compares stoppers, and one of them is not a stopper"
                    ));
                    return Ok(Some(false));
                }
                let ge = self.c.ge_at(&g, g.root, &h, h.root);
                let ge = self.n.keep(ge)?;
                let le = self.c.ge_at(&h, h.root, &g, g.root);
                let le = self.n.keep(le)?;
                let holds = rel.by_order(ge, le);
                if !holds {
                    self.n
                        .failed
                        .get_or_insert(format!("`{said}` does not hold by the order of stoppers"));
                }
                Ok(Some(holds))
            }
            other => {
                self.n.failed.get_or_insert(format!(
                    "the condition {other:?} means nothing to loopy play's term rules"
                ));
                Ok(None)
            }
        }
    }

    fn make(&mut self, t: &Template, b: &Binds<Shape>) -> Got<Shape> {
        Ok(match t {
            Template::Var(v) => b.game(v).cloned(),
            Template::Sum(x, y) => match (self.make(x, b)?, self.make(y, b)?) {
                (Some(x), Some(y)) => Some(Shape::Sum(Box::new(x), Box::new(y))),
                _ => None,
            },
            Template::Neg(x) => self.make(x, b)?.map(|x| Shape::Neg(Box::new(x))),
            Template::Call(LoopyCall::Sidle, ts) if ts.len() == 2 => {
                match (self.make(&ts[0], b)?, self.make(&ts[1], b)?) {
                    (Some(x), Some(y)) => Some(Shape::Sidle(Box::new(x), Box::new(y))),
                    _ => None,
                }
            }
            Template::Call(c @ (LoopyCall::Onside | LoopyCall::Offside), ts) if ts.len() == 1 => {
                match self.make(&ts[0], b)? {
                    Some(x) => self
                        .game(&x)?
                        .map(|g| Shape::Side(*c == LoopyCall::Onside, g)),
                    None => None,
                }
            }
            _ => None,
        })
    }

    /// Only a witness's words use it, and a term step has none (its messages name the
    /// rule's own variables).
    fn show(&mut self, _: &Shape) -> String {
        "a part of the term".into()
    }
}
