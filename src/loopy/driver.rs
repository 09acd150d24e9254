//! Loopy play's one derivation driver, for a stopper, `onside(G)`, `offside(G)`, `A & B` and
//! a game that is not a stopper: every step one rule instance at a named place.
//!
//! The driver owns the step record ([`LoopyStep`]: the rule and witnesses, the place, the
//! game and whole term after), the one step loop (`Run::chain`: ask the chooser, name the
//! vertex, keep the graph minimal and numbered, write it, record the step; its cap and the
//! cap's wording), the budget (each chooser ticks [`Work`], whose budget carries the deadline
//! and Ctrl-C) and the end of a chain (nothing found: done; a side no deletion makes a
//! stopper: `None`, never a guess). Whether a rule applies is the caller's [`super::derive::Rules`]
//! (`eval::loopy`); play-specific here are only the choosers (the next stopper rule instance,
//! else the fusion, [`super::derive::next_edit`]; which deletion to ask about) and the
//! openings (`loopy-sum`, `loopy-sides`).
//!
//! A stopper ([`derive()`]): `loopy-sum` when the input is not written as its graph, then the
//! stopper rules one instance a step until none applies, then the fusion of equal positions.
//!
//! [`super::sides`] finds a side at once, many deletions a pass. Here one option is deleted
//! per step, each a step of a side rule of the rule set the derivation runs
//! (`onside-delete-left` … `offside-delete-right` of `rules/loopy.rules`): this module only
//! chooses which deletion to ask about next, and the caller's rules ([`super::derive::Rules::side_delete`],
//! the one evaluator in `eval::loopy`) say whether the rule applies there, its proviso
//! `keeps_onside(G, a)` decided by the order of sides ([`super::side_order`]); a rule taken
//! out of the set deletes nothing. The side's stopper S is found
//! first by `sides` when it can be, and then each deletion is decided against S and names S
//! in the step (the witness `side`), so deciding and checking it compare the game with S's
//! few positions rather than with the whole graph again; and while the graph has more than
//! [`CUT_ABOVE`] positions, the first deletion from the top down that keeps the side is taken,
//! which cuts off most of a ruleset's graph in a few steps (the stopper rules' checks compare
//! whole games, so they should meet a small one). Otherwise deletions are tried in the order
//! `sides` tries them:
//! first the moves of the player the side does not favour that the favoured player can undo
//! at once (Right's move v → t in the onside when t has v as a Left option), then every other
//! option on an alternating cycle, the disfavoured player's first. Between steps the graph is
//! kept minimal as a form and numbered ([`super::derive::minimal`]), so a place names the same
//! vertex in the graph and in the term. When no alternating cycle is left the side is a
//! stopper (`onside-stopper`), and the stopper rules take it to its simplest form
//! ([`derive()`]). A side that deletions do not make a stopper is not derived
//! (`None`): the caller says so, never guesses.
//!
//! Sums and negatives of sided values ([`sided`]) are taken apart by the theorems of sided
//! values (Siegel VI.4–5): `(A & B) + (C & D) = onside(A + C) & offside(B + D)` (`sidle-sum`,
//! a stopper S beside a sided value first written `S & S`), `-(A & B) = (-B) & (-A)`
//! (`sidle-neg`), each part first derived in place to a stopper or its sides, and the sides of
//! the result then derived as above; two sides that end as the same stopper S are S
//! (`sidle-stopper`), so a sum whose sides agree is proved equal to a stopper. These, and
//! `loopy-sides` and `onside-stopper`, are term rules of the rule set: this module chooses the
//! step (the term at a place and the term to go on from) and asks the caller's rules
//! ([`super::derive::Rules::term_step`], `eval::loopy_terms`) which rule makes it; with none
//! it does not go on (`None`; the two equal sides of `finish` stay `S & S`).

#[cfg(test)]
mod tests;

use super::canonical::canonical;
use super::derive::{
    minimal, next_edit, places, Edit, Hole, LoopyDerivation, LoopyStep, Place, SideAsk, TermAsk,
    Writer, MAX_STEPS,
};
use super::side_order::Side;
use super::sides::cyclic_edges;
use super::{Loopy, Player, Work};
use crate::kernel::KernelError;
use crate::term::{Arg, Term};

/// The most deletions one side's derivation may make.
const MAX_DELETIONS: usize = 5_000;

/// `onside(t)` or `offside(t)`.
pub fn side_term(side: Side, t: Term) -> Term {
    Term::Call {
        name: side.name().to_string(),
        args: vec![Arg::Game(t)],
    }
}

/// `a & b`.
pub fn sidle_term(a: Term, b: Term) -> Term {
    Term::Call {
        name: super::build::SIDLE.to_string(),
        args: vec![Arg::Game(a), Arg::Game(b)],
    }
}

/// The term with every label `l` renamed `xl`: the two arguments of `A & B` are read as one
/// term, in which a label may be defined once, and [`super::derive::tree`] names labels from `a` on in
/// each. (Labels written here are a letter and digits, so `x` and a letter is new.)
fn relabel(t: &Term) -> Term {
    match t {
        Term::Name(n) => Term::Name(format!("x{n}")),
        Term::Game { left, right } => Term::Game {
            left: left.iter().map(relabel).collect(),
            right: right.iter().map(relabel).collect(),
        },
        Term::Call { name, args } => Term::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    Arg::Text(l) if name == super::build::LOOP => Arg::Text(format!("x{l}")),
                    Arg::Game(g) => Arg::Game(relabel(g)),
                    other => other.clone(),
                })
                .collect(),
        },
        other => other.clone(),
    }
}

/// Where a step is: the place of the term it rewrites in the whole term (`A & B`'s and
/// `onside(G)`'s arguments, the parts of sums and negatives), and the whole term made from
/// the term at that place.
#[derive(Clone, Copy)]
struct At<'a> {
    within: &'a [Hole],
    wrap: &'a dyn Fn(Term) -> Term,
}

impl At<'_> {
    /// The step here by `edit` at the vertex `at`, to the term `term` at this place.
    fn step(&self, edit: Edit, at: Place, term: Term, after: Loopy) -> LoopyStep {
        LoopyStep {
            edit,
            within: self.within.to_vec(),
            at,
            term: (self.wrap)(term),
            after,
        }
    }
}

/// One derivation's sinks, the same for every place it visits: the steps so far, the budget,
/// and the writer (with the rules the steps are asked of).
struct Run<'w> {
    steps: Vec<LoopyStep>,
    work: &'w mut Work,
    out: &'w mut dyn Writer,
}

/// A deletion that is a step: the vertex, whose option, its index, the side rule's name and
/// the game after.
type Deletion = (u32, Player, usize, String, Loopy);

/// What a chain's chooser found at the game it is at: a step (the edit, the vertex it acts
/// at, the game after), the end of the chain, or no way on (a side deletions do not make a
/// stopper).
enum Next {
    Step(Edit, u32, Loopy),
    Done,
    Stuck,
}

/// Above this many positions, a side whose stopper is known is first cut down (see
/// [`Run::cutting_deletion`]) before the stopper rules take over: their checks compare the
/// whole game before and after each step, positions pairwise, where a side deletion is
/// checked against the side's stopper, a few positions.
const CUT_ABOVE: usize = 64;

/// Derives one side of `A & B` in place: the side and where it is; the side's simplest form
/// and its term, or `None` when it is not reached.
type Half<'a> =
    dyn FnMut(&mut Run<'_>, Side, At<'_>) -> Result<Option<(Loopy, Term)>, KernelError> + 'a;

impl Run<'_> {
    /// Asks the rules whether deleting `who`'s option `index` of `v` is a step inside
    /// `side(g)` (its side rule's proviso decided against `target` when the side's stopper is
    /// known, else against `g`): the deletion, or `None`.
    fn ask(
        &mut self,
        g: &Loopy,
        side: Side,
        target: Option<&Loopy>,
        (v, who, index): (u32, Player, usize),
    ) -> Result<Option<Deletion>, KernelError> {
        let ask = SideAsk {
            g,
            side,
            target,
            v,
            who,
            index,
        };
        let found = self.out.rules().side_delete(&ask, self.work)?;
        Ok(found.map(|(rule, next)| (v, who, index, rule, next)))
    }

    /// The term step from `at` to `want` at `p`, when a term rule of the set makes it (its
    /// conditions decided on `games`, the graphs of the parts the derivation knows);
    /// `reversed` when the rule is read from `want` to `at`. `false`: no rule makes it, and
    /// the caller cannot go on that way.
    fn term_step(
        &mut self,
        (at, want, reversed): (&Term, &Term, bool),
        games: &[(Term, Loopy)],
        after: &Loopy,
        p: At<'_>,
    ) -> Result<bool, KernelError> {
        let ask = TermAsk {
            at,
            want,
            games,
            reversed,
        };
        let Some(rule) = self.out.rules().term_step(&ask, self.work)? else {
            return Ok(false);
        };
        let edit = Edit::Term { rule, reversed };
        self.steps
            .push(p.step(edit, Vec::new(), want.clone(), after.clone()));
        Ok(true)
    }

    /// The next deletion that keeps `g`'s side, or `None` when none does. The order is the
    /// derivation's: the moves of the player the side does not favour that the favoured player
    /// undoes at once, then every other option on an alternating cycle, the disfavoured
    /// player's first; whether one is a step is its side rule's.
    fn next_deletion(
        &mut self,
        g: &Loopy,
        side: Side,
        target: Option<&Loopy>,
    ) -> Result<Option<Deletion>, KernelError> {
        let graph = g.graph();
        let fav = side.favoured();
        let dis = fav.other();
        let mut tries: Vec<(u32, Player, u32)> = Vec::new();
        // Moves the favoured player undoes at once.
        for v in 0..graph.len() as u32 {
            self.work.tick(1)?;
            for &t in graph.options(v, dis) {
                if graph.options(t, fav).contains(&v) {
                    tries.push((v, dis, t));
                }
            }
        }
        let cyclic = cyclic_edges(graph, self.work)?;
        tries.extend(cyclic.iter().copied().filter(|e| e.1 == dis));
        tries.extend(cyclic.iter().copied().filter(|e| e.1 == fav));
        for (v, who, t) in tries {
            let Some(index) = graph.options(v, who).iter().position(|&x| x == t) else {
                continue;
            };
            // Against the side's stopper when it is known: a few vertices against the whole
            // graph, where `g` is the whole graph again.
            if let Some(d) = self.ask(g, side, target, (v, who, index))? {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// The first option, from the top down (positions in the order a walk from the root meets
    /// them, each one's options in order), whose deletion keeps `g`'s side equal to the
    /// stopper `target`: the deletions that cut off the most of the graph come first.
    fn cutting_deletion(
        &mut self,
        g: &Loopy,
        side: Side,
        target: &Loopy,
    ) -> Result<Option<Deletion>, KernelError> {
        let graph = g.graph();
        for v in graph.reachable(g.root()) {
            for who in [Player::Left, Player::Right] {
                for index in 0..graph.options(v, who).len() {
                    self.work.tick(1)?;
                    if let Some(d) = self.ask(g, side, Some(target), (v, who, index))? {
                        return Ok(Some(d));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The steps deriving `side(g)` at `p` (the call's own place); the side's simplest form
    /// and its term, or `None` when deletions leave an alternating cycle.
    fn side_chain(
        &mut self,
        g: &Loopy,
        side: Side,
        sought: Option<Option<Loopy>>,
        from_definition: bool,
        p: At<'_>,
    ) -> Result<Option<(Loopy, Term)>, KernelError> {
        let cur = minimal(g);
        let inside = deeper(p.within, Hole::Arg(0));
        let pin = At {
            within: &inside,
            wrap: p.wrap,
        };
        if from_definition {
            let t = side_term(side, self.out.write_minimal(&cur)?);
            self.steps
                .push(pin.step(Edit::Sum, Vec::new(), t, cur.clone()));
        }
        // Every deletion is decided, and checked, against the side's stopper when it is known.
        let target = match sought {
            Some(t) => t,
            None => side_stopper(&cur, side, self.work)?,
        };
        let equal_to = match &target {
            Some(s) => Some(self.out.write(s)?),
            None => None,
        };
        let mut next = |run: &mut Run<'_>, cur: &Loopy| -> Result<Next, KernelError> {
            let cut = match &target {
                Some(s) if cur.len() > CUT_ABOVE => run.cutting_deletion(cur, side, s)?,
                _ => None,
            };
            let (v, player, option, rule, next) = match cut {
                Some(d) => d,
                None if cur.is_stopper() => return Ok(Next::Done),
                None => match run.next_deletion(cur, side, target.as_ref())? {
                    Some(d) => d,
                    None => return Ok(Next::Stuck),
                },
            };
            let edit = Edit::SideDelete {
                rule,
                side,
                player,
                option,
                equal_to: equal_to.clone(),
            };
            Ok(Next::Step(edit, v, next))
        };
        let cap = (MAX_DELETIONS, "deletions deriving a side");
        let wrap = |t: Term| side_term(side, t);
        let Some(cur) = self.chain(cur, cap, &mut next, pin, &wrap)? else {
            return Ok(None);
        };
        // `onside-stopper` (or a user's rule of that shape): the side of a stopper is itself.
        let written = self.out.write_minimal(&cur)?;
        let at = side_term(side, written.clone());
        let games = [(written.clone(), cur.clone())];
        if !self.term_step((&at, &written, false), &games, &cur, p)? {
            return Ok(None);
        }
        Ok(Some(self.stopper_chain(&cur, p)?))
    }

    /// The stopper derivation of `g` (minimal, written already) at `p`, one rule instance a
    /// step until none applies, then the fusion of equal positions: its simplest form and
    /// term.
    fn stopper_chain(&mut self, g: &Loopy, p: At<'_>) -> Result<(Loopy, Term), KernelError> {
        let mut next = |run: &mut Run<'_>, cur: &Loopy| {
            Ok(match next_edit(cur, run.work, run.out.rules())? {
                Some((edit, v, h)) => Next::Step(edit, v, h),
                None => Next::Done,
            })
        };
        let cap = (MAX_STEPS, "steps of simplifying a stopper");
        let g = self.chain(minimal(g), cap, &mut next, p, &|t| t)?;
        // The stopper's chooser is never stuck: it ends at the game reached.
        let g = g.unwrap_or_else(Loopy::zero);
        Ok((g.clone(), self.out.write_minimal(&g)?))
    }

    /// The driver's loop over one game graph `cur` (minimal and numbered) at `p`: each step
    /// `next` finds is named by the path to its vertex, the game after it made minimal and
    /// numbered ([`minimal`]) and written (its term at `p` made by `wrap`), until `next` says
    /// done (the game reached) or stuck (`None`). More than `cap.0` steps is the limit
    /// "`cap.0` `cap.1`".
    fn chain(
        &mut self,
        mut cur: Loopy,
        cap: (usize, &str),
        next: &mut dyn FnMut(&mut Self, &Loopy) -> Result<Next, KernelError>,
        p: At<'_>,
        wrap: &dyn Fn(Term) -> Term,
    ) -> Result<Option<Loopy>, KernelError> {
        let mut taken = 0;
        loop {
            let (edit, v, h) = match next(self, &cur)? {
                Next::Step(edit, v, h) => (edit, v, h),
                Next::Done => return Ok(Some(cur)),
                Next::Stuck => return Ok(None),
            };
            taken += 1;
            if taken > cap.0 {
                return Err(super::limit(&format!("{} {}", cap.0, cap.1)));
            }
            let at = places(&cur)
                .get(v as usize)
                .cloned()
                .flatten()
                .unwrap_or_default();
            cur = minimal(&h);
            let t = wrap(self.out.write_minimal(&cur)?);
            self.steps.push(p.step(edit, at, t, cur.clone()));
        }
    }

    /// The stopper `g`, written `written` at `p`, to its simplest form in place: first
    /// written as its graph (`loopy-sum`) when it is written otherwise.
    fn stopper_in_place(
        &mut self,
        g: &Loopy,
        written: &Term,
        p: At<'_>,
    ) -> Result<(Loopy, Term), KernelError> {
        let (ga, _) = self.as_graph(g, Some(written), p)?;
        self.stopper_chain(&ga, p)
    }

    /// `g` kept minimal as a form and written as its graph at `p` by a `loopy-sum` step,
    /// unless it is written so already (`written`); the graph and its term.
    fn as_graph(
        &mut self,
        g: &Loopy,
        written: Option<&Term>,
        p: At<'_>,
    ) -> Result<(Loopy, Term), KernelError> {
        let cur = minimal(g);
        let graph = self.out.write_minimal(&cur)?;
        if written != Some(&graph) {
            self.steps
                .push(p.step(Edit::Sum, Vec::new(), graph.clone(), cur.clone()));
        }
        Ok((cur, graph))
    }

    /// Two sides in simplest form at `p`: when they are the same stopper S, `S & S` is
    /// written S when a rule of the set says so (`sidle-stopper`); else they stay two sides.
    fn finish(
        &mut self,
        on: (Loopy, Term),
        off: (Loopy, Term),
        p: At<'_>,
    ) -> Result<Reached, KernelError> {
        if on.0 == off.0 {
            let at = sidle_term(on.1.clone(), off.1.clone());
            let games = [(on.1.clone(), on.0.clone()), (off.1.clone(), off.0.clone())];
            if self.term_step((&at, &on.1, false), &games, &on.0, p)? {
                return Ok(Reached::Stopper(on.0, on.1));
            }
        }
        Ok(Reached::Sided {
            on: on.0,
            on_term: on.1,
            off: off.0,
            off_term: off.1,
        })
    }

    /// A game that is not a stopper, written `written` at `p`, to its sides: `loopy-sum`
    /// (when it is not written as its graph), `loopy-sides`, each side to its simplest form.
    fn sides_in_place(
        &mut self,
        g: &Loopy,
        written: &Term,
        p: At<'_>,
    ) -> Result<Option<Reached>, KernelError> {
        let (cur, graph) = self.as_graph(g, Some(written), p)?;
        let off = side_term(Side::Off, relabel(&graph));
        // `loopy-sides`: G = onside(G) & offside(G).
        let want = sidle_term(side_term(Side::On, graph.clone()), off.clone());
        let games = [(graph.clone(), cur.clone())];
        if !self.term_step((&graph, &want, false), &games, &cur, p)? {
            return Ok(None);
        }
        self.both_sides(&cur, &cur, false, off, p)
    }

    /// The term `onside(on) & off_term` at `p` (`off_term` the offside as written), each side
    /// derived in place to its simplest form (`from_definition`: the games inside the sides
    /// are not yet written as their graphs), then [`Run::finish`]; `None` when a side is not
    /// reached.
    fn both_sides(
        &mut self,
        on: &Loopy,
        off: &Loopy,
        from_definition: bool,
        off_term: Term,
        p: At<'_>,
    ) -> Result<Option<Reached>, KernelError> {
        // The onside's stopper, sought before its chain, for the offside's below.
        let mut on_stopper: Option<Loopy> = None;
        let mut half = |run: &mut Run<'_>, side: Side, place: At<'_>| {
            let sought = match side {
                Side::On => {
                    on_stopper = side_stopper(on, side, run.work)?;
                    on_stopper.clone()
                }
                Side::Off => mirrored(on, off, on_stopper.as_ref(), run.work)?,
            };
            let g = if side == Side::On { on } else { off };
            run.side_chain(g, side, Some(sought), from_definition, place)
        };
        self.halves(&off_term, p, &mut half)
    }

    /// `A & B` at `p`, its offside written `off_written`, each side derived in place by
    /// `half`: the onside (argument 0) first, beside the offside as written, then the offside
    /// (argument 1) beside the onside's result, its labels renamed (see [`relabel`]); then
    /// [`Run::finish`]. `None` when a side is not reached.
    fn halves(
        &mut self,
        off_written: &Term,
        p: At<'_>,
        half: &mut Half<'_>,
    ) -> Result<Option<Reached>, KernelError> {
        let wrap_on = |u: Term| (p.wrap)(sidle_term(u, off_written.clone()));
        let on_place = deeper(p.within, Hole::Arg(0));
        let at_on = At {
            within: &on_place,
            wrap: &wrap_on,
        };
        let Some(on) = half(self, Side::On, at_on)? else {
            return Ok(None);
        };
        let on_term = on.1.clone();
        let wrap_off = |u: Term| (p.wrap)(sidle_term(on_term.clone(), relabel(&u)));
        let off_place = deeper(p.within, Hole::Arg(1));
        let at_off = At {
            within: &off_place,
            wrap: &wrap_off,
        };
        let Some(off) = half(self, Side::Off, at_off)? else {
            return Ok(None);
        };
        let off = (off.0, relabel(&off.1));
        Ok(Some(self.finish(on, off, p)?))
    }

    /// `A & B` at `p` for stoppers A and B, each with the term it is written as there: each
    /// side to its simplest form in place (see [`Run::halves`]).
    fn stopper_halves(
        &mut self,
        [(a, ta), (b, tb)]: [(Loopy, Term); 2],
        p: At<'_>,
    ) -> Result<Option<Reached>, KernelError> {
        let mut half = |run: &mut Run<'_>, side: Side, place: At<'_>| {
            let (g, written) = if side == Side::On {
                (&a, &ta)
            } else {
                (&b, &tb)
            };
            run.stopper_in_place(g, written, place).map(Some)
        };
        self.halves(&tb, p, &mut half)
    }

    /// A stopper `g` whose term at `p` is a sum or a negative: written as its graph
    /// (`loopy-sum`) and simplified.
    fn stopper_of_parts(&mut self, g: &Loopy, p: At<'_>) -> Result<Reached, KernelError> {
        let (ga, _) = self.as_graph(g, None, p)?;
        let (g, t) = self.stopper_chain(&ga, p)?;
        Ok(Reached::Stopper(g, t))
    }

    /// The part `t` of the whole term at `p` to a stopper or its sides, each in simplest
    /// form; `None` when the rules do not reach a side.
    fn part(
        &mut self,
        t: &Term,
        p: At<'_>,
        leaf: &mut Leaf<'_>,
    ) -> Result<Option<Reached>, KernelError> {
        self.work.tick(1)?;
        match t {
            Term::Call { args, .. } if is_sidle(t) => {
                let (Arg::Game(x), Arg::Game(y)) = (&args[0], &args[1]) else {
                    return Ok(None);
                };
                let (gx, gy) = (leaf(x)?, leaf(y)?);
                if !gx.is_stopper() || !gy.is_stopper() {
                    return Ok(None);
                }
                self.stopper_halves([(gx, x.clone()), (gy, y.clone())], p)
            }
            Term::Sum(x, y) if has_sidle(t) => {
                // A part without `&` first, while the other keeps the sum a sum of sided
                // values.
                let loopy = |u: &Term| has_sidle(u) || side_call(u).is_some();
                let order = if loopy(x) && !loopy(y) {
                    [1, 0]
                } else {
                    [0, 1]
                };
                let mut cur = [x.as_ref().clone(), y.as_ref().clone()];
                let mut reached: [Option<Reached>; 2] = [None, None];
                for i in order {
                    let (place, w) = sum_part(i, cur[1 - i].clone(), p);
                    let at = At {
                        within: &place,
                        wrap: &w,
                    };
                    let Some(r) = self.part(&cur[i], at, leaf)? else {
                        return Ok(None);
                    };
                    cur[i] = r.term();
                    reached[i] = Some(r);
                }
                let [Some(rx), Some(ry)] = reached else {
                    return Ok(None);
                };
                if let (Reached::Stopper(a, _), Reached::Stopper(b, _)) = (&rx, &ry) {
                    // A sum of stoppers need not be a stopper (over + under): then its sides.
                    let g = a.add(b, self.work)?;
                    if g.is_stopper() {
                        return self.stopper_of_parts(&g, p).map(Some);
                    }
                    let [x, y] = cur;
                    let written = Term::Sum(Box::new(x), Box::new(y));
                    return self.sides_in_place(&g, &written, p);
                }
                // A stopper beside sided values is written S & S (`sidle-stopper` read right
                // to left).
                for (i, r) in [&rx, &ry].into_iter().enumerate() {
                    let Reached::Stopper(g, s) = r else {
                        continue;
                    };
                    let split = sidle_term(s.clone(), relabel(s));
                    let (place, w) = sum_part(i, cur[1 - i].clone(), p);
                    let at = At {
                        within: &place,
                        wrap: &w,
                    };
                    let games = [(s.clone(), g.clone()), (relabel(s), g.clone())];
                    if !self.term_step((s, &split, true), &games, g, at)? {
                        return Ok(None);
                    }
                    cur[i] = split;
                }
                let (a, ta, b, tb) = rx.sides();
                let (c, tc, d, td) = ry.sides();
                let sum = |x: &Term, y: &Term| Term::Sum(Box::new(x.clone()), Box::new(y.clone()));
                let off_sum = side_term(Side::Off, sum(&tb, &td));
                // `sidle-sum`: (A & B) + (C & D) = onside(A + C) & offside(B + D).
                let at = sum(&cur[0], &cur[1]);
                let want = sidle_term(side_term(Side::On, sum(&ta, &tc)), off_sum.clone());
                let games = [
                    (ta, a.clone()),
                    (tb, b.clone()),
                    (tc, c.clone()),
                    (td, d.clone()),
                ];
                // A sided value has no one game after it: the step records 0 there.
                if !self.term_step((&at, &want, false), &games, &Loopy::zero(), p)? {
                    return Ok(None);
                }
                let (on_sum, off_sum_g) = (a.add(&c, self.work)?, b.add(&d, self.work)?);
                self.both_sides(&on_sum, &off_sum_g, true, off_sum, p)
            }
            Term::Call { .. } if side_call(t).is_some() => {
                // onside(G), offside(G) in a sum: the side derived in place, a stopper.
                let Some((side, x)) = side_call(t) else {
                    return Ok(None);
                };
                let g = leaf(x)?;
                let from_definition = self.out.write_minimal(&minimal(&g))? != *x;
                let Some((g, s)) = self.side_chain(&g, side, None, from_definition, p)? else {
                    return Ok(None);
                };
                Ok(Some(Reached::Stopper(g, s)))
            }
            Term::Neg(x) if has_sidle(t) => {
                let w = |u: Term| (p.wrap)(Term::Neg(Box::new(u)));
                let inner = deeper(p.within, Hole::Neg);
                let at = At {
                    within: &inner,
                    wrap: &w,
                };
                let Some(r) = self.part(x, at, leaf)? else {
                    return Ok(None);
                };
                let (a, ta, b, tb) = match r {
                    Reached::Stopper(s, _) => return self.stopper_of_parts(&s.neg(), p).map(Some),
                    r => r.sides(),
                };
                let neg = |x: &Term| Term::Neg(Box::new(x.clone()));
                let neg_a = neg(&ta);
                // `sidle-neg`: -(A & B) = (-B) & (-A).
                let at = neg(&sidle_term(ta.clone(), tb.clone()));
                let want = sidle_term(neg(&tb), neg_a.clone());
                let games = [(ta, a.clone()), (tb.clone(), b.clone())];
                // A sided value has no one game after it: the step records 0 there.
                if !self.term_step((&at, &want, false), &games, &Loopy::zero(), p)? {
                    return Ok(None);
                }
                // The new onside is −B, the new offside −A.
                self.stopper_halves([(b.neg(), neg(&tb)), (a.neg(), neg_a)], p)
            }
            _ => {
                let g = leaf(t)?;
                if g.is_stopper() {
                    let (g, s) = self.stopper_in_place(&g, t, p)?;
                    return Ok(Some(Reached::Stopper(g, s)));
                }
                self.sides_in_place(&g, t, p)
            }
        }
    }
}

/// The stopper `side(g)` is, found at once ([`super::sides::side`], part by part) when it
/// can be; `None` when `g` is a stopper (its side is itself) or no stopper is found.
fn side_stopper(g: &Loopy, side: Side, work: &mut Work) -> Result<Option<Loopy>, KernelError> {
    let cur = minimal(g);
    if cur.is_stopper() {
        return Ok(None);
    }
    match super::sides::side(&cur, side, work) {
        Ok(s) => Ok(Some(s)),
        Err(KernelError::Function { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The derivation of `onside(g)` or `offside(g)` (the term `side(t)` with `t` written as
/// `g`'s graph unless `from_definition`) to the side's simplest form; `None` when deletions
/// leave an alternating cycle.
pub fn side(
    g: &Loopy,
    side: Side,
    from_definition: bool,
    work: &mut Work,
    out: &mut dyn Writer,
) -> Result<Option<LoopyDerivation>, KernelError> {
    let (steps, got) = from_top(work, out, |run, top| {
        run.side_chain(g, side, None, from_definition, top)
    })?;
    Ok(got.map(|(g, t)| Reached::Stopper(g, t).derivation(steps)))
}

/// The derivation of `g`'s simplest form. `from_definition` says the input term was not
/// already the graph written out (a sum, a negative, a named game): then the first step is
/// `loopy-sum`, writing the graph. A game that is not a stopper gets only that step.
pub fn derive(
    g: &Loopy,
    from_definition: bool,
    work: &mut Work,
    out: &mut dyn Writer,
) -> Result<LoopyDerivation, KernelError> {
    let cur = minimal(g);
    let stopper = cur.is_stopper();
    let (steps, (result, term)) = from_top(work, out, |run, top| {
        if from_definition {
            let t = run.out.write_minimal(&cur)?;
            run.steps
                .push(top.step(Edit::Sum, Vec::new(), t, cur.clone()));
        }
        match stopper {
            true => run.stopper_chain(&cur, top),
            false => Ok((cur.clone(), run.out.write_minimal(&cur)?)),
        }
    })?;
    Ok(LoopyDerivation {
        steps,
        result,
        term,
        stopper,
        offside: None,
    })
}

/// The steps that `go` makes from the top of the whole term, and what it reached.
fn from_top<R>(
    work: &mut Work,
    out: &mut dyn Writer,
    go: impl FnOnce(&mut Run<'_>, At<'_>) -> Result<R, KernelError>,
) -> Result<(Vec<LoopyStep>, R), KernelError> {
    let mut run = Run {
        steps: Vec::new(),
        work,
        out,
    };
    let top = At {
        within: &[],
        wrap: &|t| t,
    };
    let r = go(&mut run, top)?;
    Ok((run.steps, r))
}

/// What a part of a term reached: a stopper in simplest form, or two different sides in
/// simplest form, each with the term it is written as in the whole term.
enum Reached {
    Stopper(Loopy, Term),
    Sided {
        on: Loopy,
        on_term: Term,
        off: Loopy,
        off_term: Term,
    },
}

impl Reached {
    /// The term written at the part's place.
    fn term(&self) -> Term {
        match self {
            Reached::Stopper(_, t) => t.clone(),
            Reached::Sided {
                on_term, off_term, ..
            } => sidle_term(on_term.clone(), off_term.clone()),
        }
    }

    /// The derivation by `steps` that reached this.
    fn derivation(self, steps: Vec<LoopyStep>) -> LoopyDerivation {
        let (result, term, stopper, offside) = match self {
            Reached::Stopper(g, term) => (g, term, true, None),
            Reached::Sided {
                on,
                on_term,
                off,
                off_term,
            } => (on, sidle_term(on_term, off_term), false, Some(off)),
        };
        LoopyDerivation {
            steps,
            result,
            term,
            stopper,
            offside,
        }
    }

    /// The sides: a stopper S is `S & S` (its term written twice).
    fn sides(self) -> (Loopy, Term, Loopy, Term) {
        match self {
            Reached::Stopper(g, t) => (g.clone(), t.clone(), g, relabel(&t)),
            Reached::Sided {
                on,
                on_term,
                off,
                off_term,
            } => (on, on_term, off, off_term),
        }
    }
}

/// The graph of a term with no `&` in it (short parts by the kernel).
pub type Leaf<'a> = dyn FnMut(&Term) -> Result<Loopy, KernelError> + 'a;

fn is_sidle(t: &Term) -> bool {
    matches!(t, Term::Call { name, args } if name == super::build::SIDLE && args.len() == 2)
}

/// `onside(G)` or `offside(G)`: which side, and G.
pub fn side_call(t: &Term) -> Option<(Side, &Term)> {
    match t {
        Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
            [Arg::Game(x)] => Some((
                if name == "onside" {
                    Side::On
                } else {
                    Side::Off
                },
                x,
            )),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `A & B` is written in the term, at the top or in parts of sums and negatives, or
/// `onside(G)`, `offside(G)` in such a part.
pub fn has_sidle(t: &Term) -> bool {
    match t {
        Term::Sum(a, b) => {
            has_sidle(a) || has_sidle(b) || side_call(a).is_some() || side_call(b).is_some()
        }
        Term::Neg(a) => has_sidle(a) || side_call(a).is_some(),
        _ => is_sidle(t),
    }
}

fn deeper(within: &[Hole], h: Hole) -> Vec<Hole> {
    let mut w = within.to_vec();
    w.push(h);
    w
}

/// The place of part `i` (0 the left, 1 the right) of a sum at `p` whose other part is
/// written `other`, and the whole term made from the term at that place.
fn sum_part<'a>(i: usize, other: Term, p: At<'a>) -> (Vec<Hole>, impl Fn(Term) -> Term + 'a) {
    let hole = if i == 0 {
        Hole::SumLeft
    } else {
        Hole::SumRight
    };
    let w = move |u: Term| {
        let (x, y) = if i == 0 {
            (u, other.clone())
        } else {
            (other.clone(), u)
        };
        (p.wrap)(Term::Sum(Box::new(x), Box::new(y)))
    };
    (deeper(p.within, hole), w)
}

/// The offside's stopper of `off`: when `off` is `on` and G = −G (a symmetric position,
/// Backsliding Toads and Frogs' `tttt..ffff` read from the other end), the negative of the
/// onside's stopper `on_stopper` (G⁻ = (−G)⁻ = −(G⁺), Siegel VI.4), which is not sought again;
/// else sought.
fn mirrored(
    on: &Loopy,
    off: &Loopy,
    on_stopper: Option<&Loopy>,
    work: &mut Work,
) -> Result<Option<Loopy>, KernelError> {
    if let Some(s) = on_stopper {
        if on == off && super::value::self_negative(on, work)? {
            return Ok(Some(canonical(&s.neg(), work)?));
        }
    }
    side_stopper(off, Side::Off, work)
}

/// The derivation of a term by its sides: `A & B` each side in place; a game that is not a
/// stopper to its sides (`loopy-sides`); `onside(G)`, `offside(G)` in a sum or negative to
/// the side's simplest form; sums and negatives of sided values by `sidle-sum` and
/// `sidle-neg` (a stopper beside sided values written `S & S`), each side then derived in
/// place, and a sum of two stoppers written as its graph, simplified or, when it is not a
/// stopper, taken to its sides; two sides that are the same stopper S written S (`sidle-stopper`). `leaf`
/// gives the graph of a part without `&`. `None` when a side is not reached (or `&` joins
/// games that are not stoppers).
pub fn sided(
    t: &Term,
    leaf: &mut Leaf<'_>,
    work: &mut Work,
    out: &mut dyn Writer,
) -> Result<Option<LoopyDerivation>, KernelError> {
    let (steps, got) = from_top(work, out, |run, top| run.part(t, top, leaf))?;
    Ok(got.map(|r| r.derivation(steps)))
}
