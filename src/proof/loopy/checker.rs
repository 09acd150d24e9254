//! The loopy checker's decision of each step by the definitions, sharing nothing with the
//! producer: the whole term followed to the step's place, where a rule instance is re-matched
//! from its rule (`positions` for the stopper and side rules, `terms` for the term rules,
//! whatever their names), or the two `kind manual` rules checked (a sum written out, a
//! fusion). It reads terms by `read` and decides on graphs by `graphs`.

use super::positions::{index, GraphRule, Inside};
use super::*;

impl<'t> Checker<'t> {
    /// One rule instance, read from `f` to `t`, at the place `at` of `f`'s graph.
    pub(super) fn rule(&mut self, s: &Step, at: &[PathElem], f: &G, t: &G) -> Result<(), Stop> {
        if s.rule == "loopy-sum" {
            if !at.is_empty() {
                return Err(Stop::Wrong("loopy-sum applies at the top".into()));
            }
            // The same game form; or, for stoppers (a short part such as `1/2 + *` stands
            // for its canonical form, not the sum written out), equal by the order.
            if self.same(f, t)? {
                return Ok(());
            }
            if self.stopper(f)? && self.stopper(t)? && self.equal(f, t)? {
                return Ok(());
            }
            // A game that is not a stopper: the same form once every short part stands for
            // its value (`{{|1},pass|pass}` is written `{0,pass|pass}`, `{|1}` being 0).
            if self.same_up_to_short(f, t)? {
                return Ok(());
            }
            return Err(Stop::Wrong(
                "the two sides are not the same game by the definitions".into(),
            ));
        }
        if !self.stopper(f)? {
            return Err(Stop::Wrong(format!(
                "{} simplifies stoppers, and this game has an infinite alternating play",
                s.rule
            )));
        }
        // `loopy-fusion` identifies positions anywhere in the graph, not one rewrite at a
        // place (`kind manual`, rules/loopy.rules): checked against all pairs.
        if s.rule == "loopy-fusion" {
            if !at.is_empty() {
                return Err(Stop::Wrong("loopy-fusion applies at the top".into()));
            }
            self.fused(f, t)?;
            if !self.stopper(t)? {
                return Err(Stop::Wrong(
                    "the game after the step is not a stopper".into(),
                ));
            }
            if !self.equal(f, t)? {
                return Err(Stop::Wrong(
                    "the games before and after the step are not equal".into(),
                ));
            }
            return Ok(());
        }
        // Every other step on a stopper is a rule's instance, re-matched from the rule set.
        let Some(g) = self
            .graph_rule(&s.rule)
            .filter(|g| g.side.is_none())
            .cloned()
        else {
            return Err(Stop::Wrong(format!(
                "`{}` is not a rule of loopy games on a stopper's positions (rules/loopy.rules)",
                s.rule
            )));
        };
        let v = self.follow(f, at)?;
        self.graph_step(&g, s, v, f, t, None)
    }

    /// Checks that every position of `t` is a position of `f` with its options moved to
    /// positions equal to them (by [`Checker::ge`] on both graphs together).
    pub(super) fn fused(&mut self, f: &G, t: &G) -> Result<(), Stop> {
        let mut u = f.clone();
        let off = u.append(t);
        let n = u.len();
        let ge = self.ge(&u)?;
        let eq = |a: usize, b: usize| ge[a * n + b] && ge[b * n + a];
        // Each vertex's class: the first vertex equal to it.
        let class: Vec<usize> = (0..n)
            .map(|a| (0..=a).find(|&b| eq(a, b)).unwrap_or(a))
            .collect();
        for w in off..n {
            self.tick(off as u64)?;
            let (lw, rw) = (set_of(&u.l[w], &class), set_of(&u.r[w], &class));
            let found = (0..off).any(|x| {
                class[x] == class[w]
                    && set_of(&u.l[x], &class) == lw
                    && set_of(&u.r[x], &class) == rw
            });
            if !found {
                return Err(Stop::Wrong(
                    "a position after the step is not a position before it with its options \
                     moved to equal positions"
                        .into(),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn step(&mut self, prev: &Shape, s: &Step) -> Result<Shape, Stop> {
        if s.rule == open::RULE || matches!(prev, Shape::Unopened(_)) {
            return open::step(self, prev, s);
        }
        if s.lemma.is_some() || !s.parts.is_empty() {
            return Err(Stop::Wrong(
                "a loopy step is a single rule instance (no lemma, no parts)".into(),
            ));
        }
        if !self.names.iter().any(|n| *n == s.rule) {
            return Err(Stop::Wrong(format!(
                "`{}` is not a rule of loopy games (rules/loopy.rules, or a `reduce` rule of \
                 the group `loopy` in the rules given)",
                s.rule
            )));
        }
        // The term the last step ended at, read then: the same term reads the same.
        let from = match self.last_to.take() {
            Some((term, shape)) if term == s.from => shape,
            _ => self.shape(&s.from)?,
        };
        if !self.same_shape(prev, &from)? {
            return Err(Stop::Wrong(format!(
                "it starts from {}, which is not where the chain is",
                show(&s.from)
            )));
        }
        let to = self.shape(&s.to)?;
        if s.reversed {
            self.apply(s, &s.at, &to, &from)?;
        } else {
            self.apply(s, &s.at, &from, &to)?;
        }
        self.last_to = Some((s.to.clone(), to.clone()));
        Ok(to)
    }

    /// Where the chain is after step `s`, as [`Checker::step`] (or the opening's step) leaves
    /// it: the opening reads its `to` with any calls left unopened, every other rule as a
    /// whole term.
    pub(super) fn after(&mut self, s: &Step) -> Result<Shape, Stop> {
        if s.rule == open::RULE {
            open::at_term(self, &s.to)
        } else {
            let to = self.shape(&s.to)?;
            self.last_to = Some((s.to.clone(), to.clone()));
            Ok(to)
        }
    }

    /// A whole term: `onside(G)`, `offside(G)`, `A & B`, sums and negatives of these, or a
    /// game.
    pub(super) fn shape(&mut self, t: &Term) -> Result<Shape, Stop> {
        self.shape_at(t, 0)
    }

    /// [`Checker::shape`] at `depth` levels of `&`, sums and negatives (table references
    /// may nest them without end; the depth is bounded as in [`Checker::node`]).
    pub(super) fn shape_at(&mut self, t: &Term, depth: usize) -> Result<Shape, Stop> {
        if depth > 1000 {
            return Err(Stop::Limit(
                "terms nested more than 1000 levels deep".into(),
            ));
        }
        self.tick(1)?;
        let t = match t {
            Term::Ref(n) => self
                .table
                .unfold(t)
                .ok_or_else(|| Stop::Wrong(format!("#{n} is not in the term table")))?,
            _ => t.clone(),
        };
        Ok(match &t {
            Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
                [Arg::Game(x)] => Shape::Side(name == "onside", self.read(x)?),
                _ => return Err(Stop::Wrong(format!("{name} takes one game"))),
            },
            Term::Call { name, args } if name == crate::loopy::build::SIDLE => match &args[..] {
                [Arg::Game(a), Arg::Game(b)] => Shape::Sidle(
                    Box::new(self.shape_at(a, depth + 1)?),
                    Box::new(self.shape_at(b, depth + 1)?),
                ),
                _ => return Err(Stop::Wrong("`&` joins two games".into())),
            },
            Term::Sum(a, b) => Shape::Sum(
                Box::new(self.shape_at(a, depth + 1)?),
                Box::new(self.shape_at(b, depth + 1)?),
            ),
            Term::Neg(a) => Shape::Neg(Box::new(self.shape_at(a, depth + 1)?)),
            _ => Shape::Game(self.read(&t)?),
        })
    }

    /// The game a shape writes when it has no `onside`, `offside` or `&` in it: sums as
    /// product graphs, negatives with the players swapped, by the definitions.
    pub(super) fn game_of(&mut self, a: &Shape) -> Result<Option<G>, Stop> {
        Ok(match a {
            Shape::Game(g) => Some(g.clone()),
            Shape::Sum(x, y) => match (self.game_of(x)?, self.game_of(y)?) {
                (Some(x), Some(y)) => Some(self.sum(&x, &y)?),
                _ => None,
            },
            Shape::Neg(x) => self.game_of(x)?.map(|x| G {
                l: x.r,
                r: x.l,
                root: x.root,
            }),
            Shape::Side(..) | Shape::Sidle(..) | Shape::Unopened(_) => None,
        })
    }

    /// Whether two whole terms are the same: the same shape, their games the same forms.
    pub(super) fn same_shape(&mut self, a: &Shape, b: &Shape) -> Result<bool, Stop> {
        if let (Some(x), Some(y)) = (self.game_of(a)?, self.game_of(b)?) {
            return self.same(&x, &y);
        }
        match (a, b) {
            (Shape::Sum(a1, b1), Shape::Sum(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Neg(a1), Shape::Neg(a2)) => self.same_shape(a1, a2),
            (Shape::Game(x), Shape::Game(y)) => self.same(x, y),
            (Shape::Side(p, x), Shape::Side(q, y)) => Ok(p == q && self.same(x, y)?),
            (Shape::Sidle(a1, b1), Shape::Sidle(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Unopened(a), Shape::Unopened(b)) => Ok(a == b),
            _ => Ok(false),
        }
    }

    /// One rule instance from the whole term `f` to `t` at `at`: the arguments of `A & B`
    /// and of `onside(…)` are followed first (`arg0`, `arg1`), the rest of the terms must be
    /// unchanged.
    pub(super) fn apply(
        &mut self,
        s: &Step,
        at: &[PathElem],
        f: &Shape,
        t: &Shape,
    ) -> Result<(), Stop> {
        let outside =
            || Stop::Wrong("the step changes the term outside the place it names".to_string());
        let no_place = || {
            Stop::Wrong(format!(
                "the place {} is not in the term",
                crate::proof::step::path_string(&s.at)
            ))
        };
        // A side deletion, known by its proviso.
        let side_rule = self
            .graph_rule(&s.rule)
            .filter(|g| g.side.is_some())
            .cloned();
        // Sums and negatives of games are games.
        // A step inside a part of a sum or negative keeps it as its parts.
        let into_part = matches!(
            at.first(),
            Some(PathElem::SumLeft | PathElem::SumRight | PathElem::NegInner)
        );
        let flat = !into_part && (!matches!(f, Shape::Game(_)) || !matches!(t, Shape::Game(_)));
        match (self.game_of(f)?, self.game_of(t)?) {
            (Some(g), Some(g2)) if flat => {
                return self.apply(s, at, &Shape::Game(g), &Shape::Game(g2));
            }
            _ => {}
        }
        // A term rule (`&`, `onside`, `offside`, `stopper(…)`) acts on the whole term at its
        // place: re-matched from the rule set by this checker's own matcher.
        if at.is_empty() {
            if let Some((rule, known)) = self.term_rule(&s.rule).cloned() {
                return self.term_step(&rule, known, f, t);
            }
        }
        let term_rule = self.term_rule(&s.rule).is_some();
        match f {
            // A sum's parts or `A & B`'s sides: the step is inside one, the other kept.
            Shape::Sum(a, b) | Shape::Sidle(a, b) => {
                let sum = matches!(f, Shape::Sum(..));
                let (Shape::Sum(a2, b2) | Shape::Sidle(a2, b2)) = t else {
                    return Err(outside());
                };
                if sum != matches!(t, Shape::Sum(..)) {
                    return Err(outside());
                }
                let (into_a, into_b) = match sum {
                    true => (PathElem::SumLeft, PathElem::SumRight),
                    false => (PathElem::CallArg(0), PathElem::CallArg(1)),
                };
                let (inside, kept, inside2, kept2) = match at.first() {
                    Some(&e) if e == into_a => (a, b, a2, b2),
                    Some(&e) if e == into_b => (b, a, b2, a2),
                    _ => return Err(no_place()),
                };
                if !self.same_shape(kept, kept2)? {
                    return Err(outside());
                }
                self.apply(s, &at[1..], inside, inside2)
            }
            Shape::Neg(a) => {
                let Shape::Neg(a2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::NegInner) => self.apply(s, &at[1..], a, a2),
                    _ => Err(no_place()),
                }
            }
            Shape::Side(on, g) => {
                let which = if *on { "onside" } else { "offside" };
                match at.first() {
                    None => Err(Stop::Wrong(format!(
                        "{} does not apply to an {which} (a term rule such as {which}-stopper \
                         does, and the rules inside it apply at arg0)",
                        s.rule
                    ))),
                    Some(PathElem::CallArg(0)) => {
                        let Shape::Side(on2, g2) = t else {
                            return Err(outside());
                        };
                        if on2 != on {
                            return Err(outside());
                        }
                        match side_rule {
                            Some(rule) => {
                                let rule_on = rule.side.is_some_and(|d| d.onside);
                                if rule_on != *on {
                                    return Err(Stop::Wrong(format!(
                                        "{} applies inside an {}, and this is an {which}",
                                        s.rule,
                                        if rule_on { "onside" } else { "offside" }
                                    )));
                                }
                                self.side_delete(s, &at[1..], &rule, g, g2)
                            }
                            None if term_rule => Err(no_place()),
                            None => self.rule(s, &at[1..], g, g2),
                        }
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Game(g) => {
                if term_rule {
                    return Err(Stop::Wrong(format!(
                        "{} applies to a whole term at its place, not inside a game",
                        s.rule
                    )));
                }
                if side_rule.is_some() {
                    return Err(Stop::Wrong(format!(
                        "{} applies inside onside(…) or offside(…), and this is a game",
                        s.rule
                    )));
                }
                let Shape::Game(g2) = t else {
                    return Err(outside());
                };
                self.rule(s, at, g, g2)
            }
            // `step` hands every step from a term with a call to `open`.
            Shape::Unopened(_) => Err(outside()),
        }
    }

    /// A side rule's step (a `keeps_onside`/`keeps_offside` proviso, whatever its name,
    /// `g`) inside an onside (`on`) or offside: re-matched at the position `at` of `f` by
    /// [`Checker::graph_step`], its proviso decided by the checker's own search of the order
    /// of sides ([`crate::proof::loopy_sides`]), against the side's stopper when the step
    /// names it (the witness `side`, which must be a stopper).
    pub(super) fn side_delete(
        &mut self,
        s: &Step,
        at: &[PathElem],
        g: &GraphRule,
        f: &G,
        t: &G,
    ) -> Result<(), Stop> {
        let Some(d) = g.side else {
            return Err(Stop::Wrong(format!("{} is not a side rule", s.rule)));
        };
        let player = if d.left { Player::Left } else { Player::Right };
        let v = self.follow(f, at)?;
        let i = index(s, "option")?;
        if i >= f.side(v, player).len() {
            return Err(Stop::Wrong(format!(
                "the position at {} has no {} option {}{i}",
                if at.is_empty() {
                    "the top".to_string()
                } else {
                    crate::proof::step::path_string(at)
                },
                name(player),
                letter(player)
            )));
        }
        let stopper = match s.witnesses.game("side") {
            Some(w) => {
                let side = self.read(w)?;
                if !self.stopper(&side)? {
                    return Err(Stop::Wrong(
                        "the witness `side` has an infinite alternating play, so it is not a \
                         stopper"
                            .into(),
                    ));
                }
                Some(side)
            }
            None => None,
        };
        let inside = Inside {
            on: d.onside,
            stopper,
        };
        self.graph_step(g, s, v, f, t, Some(inside))
    }

    /// The onside (or offside) of `a` is at least that of `b`, by the checker's own search.
    /// The last few answers are kept: a chain of deletions compares the game after one step
    /// with the side's stopper both ways, and the same game, before the next step, again.
    pub(super) fn side_ge(&mut self, a: &G, b: &G, on: bool) -> Result<bool, Stop> {
        let key = (a.clone(), b.clone(), on);
        if let Some((_, known)) = self.sides_known.iter().find(|(k, _)| *k == key) {
            return Ok(*known);
        }
        let ga = crate::proof::loopy_sides::Graph { l: &a.l, r: &a.r };
        let gb = crate::proof::loopy_sides::Graph { l: &b.l, r: &b.r };
        let mut tick = |n: u64| self.tick(n);
        let ge = crate::proof::loopy_sides::side_ge(&ga, a.root, &gb, b.root, on, &mut tick)?;
        if self.sides_known.len() == 4 {
            self.sides_known.pop_front();
        }
        self.sides_known.push_back((key, ge));
        Ok(ge)
    }
}
