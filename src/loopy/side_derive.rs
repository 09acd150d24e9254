//! The onside and offside of a game step by step: a derivation whose every step is one
//! instance of a rule of `rules/loopy.rules` at a named place, for `onag simplify` of
//! `onside(G)`, `offside(G)`, `A & B` and of a game that is not a stopper.
//!
//! [`super::sides`] finds a side at once, many deletions a pass. Here one option is deleted
//! per step (`onside-delete-left` … `offside-delete-right`), each kept only when the order of
//! sides ([`super::side_order`]) says the side is unchanged, in the order `sides` tries them:
//! first the moves of the player the side does not favour that the favoured player can undo
//! at once (Right's move v → t in the onside when t has v as a Left option), then every other
//! option on an alternating cycle, the disfavoured player's first. Between steps the graph is
//! kept minimal as a form and numbered ([`super::derive::minimal`]), so a place names the same
//! vertex in the graph and in the term. When no alternating cycle is left the side is a
//! stopper (`onside-stopper`), and the stopper rules take it to its simplest form
//! ([`super::derive::derive`]). A side that deletions do not make a stopper is not derived
//! (`None`): the caller says so, never guesses.

use super::derive::{derive, minimal, places, write, Edit, LoopyDerivation, LoopyStep};
use super::side_order::{side_ge, Side};
use super::sides::cyclic_edges;
use super::{Loopy, Player, Work};
use crate::kernel::KernelError;
use crate::term::{Arg, Term};

/// The most deletions one side's derivation may make.
const MAX_DELETIONS: usize = 5_000;

fn other(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

fn favoured(side: Side) -> Player {
    match side {
        Side::On => Player::Left,
        Side::Off => Player::Right,
    }
}

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
/// term, in which a label may be defined once, and [`write`] names labels from `a` on in
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

/// `g` without option `index` of vertex `v` for `who`.
fn without(g: &Loopy, v: u32, who: Player, index: usize) -> Loopy {
    let mut h = g.graph().clone();
    let opts: Vec<u32> = h
        .options(v, who)
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != index)
        .map(|(_, &o)| o)
        .collect();
    let keep = h.options(v, other(who)).to_vec();
    match who {
        Player::Left => h.set_options(v, opts, keep),
        Player::Right => h.set_options(v, keep, opts),
    }
    Loopy::new(&h, g.root()).unwrap_or_else(Loopy::zero)
}

/// The next deletion that keeps `g`'s side: (vertex, whose option, its index, the game
/// after), or `None` when none does.
fn next_deletion(
    g: &Loopy,
    side: Side,
    work: &mut Work,
) -> Result<Option<(u32, Player, usize, Loopy)>, KernelError> {
    let graph = g.graph();
    let fav = favoured(side);
    let dis = other(fav);
    let mut tries: Vec<(u32, Player, u32)> = Vec::new();
    // Moves the favoured player undoes at once.
    for v in 0..graph.len() as u32 {
        work.tick(1)?;
        for &t in graph.options(v, dis) {
            if graph.options(t, fav).contains(&v) {
                tries.push((v, dis, t));
            }
        }
    }
    let cyclic = cyclic_edges(graph, work)?;
    tries.extend(cyclic.iter().copied().filter(|e| e.1 == dis));
    tries.extend(cyclic.iter().copied().filter(|e| e.1 == fav));
    for (v, who, t) in tries {
        let Some(index) = graph.options(v, who).iter().position(|&x| x == t) else {
            continue;
        };
        let next = without(g, v, who, index);
        // Without a Left option the game's side can only be smaller, without a Right option
        // larger: the other direction decides.
        let same = match who {
            Player::Left => side_ge(&next, g, side, work)?,
            Player::Right => side_ge(g, &next, side, work)?,
        };
        if same {
            return Ok(Some((v, who, index, next)));
        }
    }
    Ok(None)
}

/// The steps deriving `side(g)` at the place `within` of the whole term (the call's own
/// place), each whole term made by `wrap` from the term at that place; the side's simplest
/// form and its term, or `None` when deletions leave an alternating cycle.
fn side_chain(
    g: &Loopy,
    side: Side,
    from_definition: bool,
    within: &[usize],
    wrap: &dyn Fn(Term) -> Term,
    steps: &mut Vec<LoopyStep>,
    work: &mut Work,
) -> Result<Option<(Loopy, Term)>, KernelError> {
    let mut cur = minimal(g);
    let mut inside = within.to_vec();
    inside.push(0);
    if from_definition {
        steps.push(LoopyStep {
            edit: Edit::Sum,
            within: inside.clone(),
            at: Vec::new(),
            term: wrap(side_term(side, write(&cur)?)),
            after: cur.clone(),
        });
    }
    let mut count = 0;
    while !cur.is_stopper() {
        count += 1;
        if count > MAX_DELETIONS {
            return Err(super::limit(&format!(
                "{MAX_DELETIONS} deletions deriving a side"
            )));
        }
        let Some((v, player, option, next)) = next_deletion(&cur, side, work)? else {
            return Ok(None);
        };
        let at = places(&cur)
            .get(v as usize)
            .cloned()
            .flatten()
            .unwrap_or_default();
        let after = minimal(&next);
        steps.push(LoopyStep {
            edit: Edit::SideDelete {
                side,
                player,
                option,
            },
            within: inside.clone(),
            at,
            term: wrap(side_term(side, write(&after)?)),
            after: after.clone(),
        });
        cur = after;
    }
    steps.push(LoopyStep {
        edit: Edit::SideStopper(side),
        within: within.to_vec(),
        at: Vec::new(),
        term: wrap(write(&cur)?),
        after: cur.clone(),
    });
    Ok(Some(stopper_chain(&cur, within, wrap, steps, work)?))
}

/// The stopper derivation of `g` (written already) at `within`: its simplest form and term.
fn stopper_chain(
    g: &Loopy,
    within: &[usize],
    wrap: &dyn Fn(Term) -> Term,
    steps: &mut Vec<LoopyStep>,
    work: &mut Work,
) -> Result<(Loopy, Term), KernelError> {
    let d = derive(g, false, work)?;
    for s in d.steps {
        steps.push(LoopyStep {
            within: within.to_vec(),
            term: wrap(s.term),
            ..s
        });
    }
    Ok((d.result, d.term))
}

/// The derivation of `onside(g)` or `offside(g)` (the term `side(t)` with `t` written as
/// `g`'s graph unless `from_definition`) to the side's simplest form; `None` when deletions
/// leave an alternating cycle.
pub fn side(
    g: &Loopy,
    side: Side,
    from_definition: bool,
    work: &mut Work,
) -> Result<Option<LoopyDerivation>, KernelError> {
    let mut steps = Vec::new();
    let id = |t: Term| t;
    let Some((result, term)) = side_chain(g, side, from_definition, &[], &id, &mut steps, work)?
    else {
        return Ok(None);
    };
    Ok(Some(LoopyDerivation {
        steps,
        result,
        term,
        stopper: true,
        offside: None,
    }))
}

/// The derivation of a game that is not a stopper to its sides: `loopy-sum` (when the input
/// is not its graph written out), `loopy-sides` (G = onside(G) & offside(G)), then each side
/// to its simplest form. `None` when a side is not reached.
pub fn sides(
    g: &Loopy,
    from_definition: bool,
    work: &mut Work,
) -> Result<Option<LoopyDerivation>, KernelError> {
    let cur = minimal(g);
    let mut steps = Vec::new();
    let graph = write(&cur)?;
    if from_definition {
        steps.push(LoopyStep {
            edit: Edit::Sum,
            within: Vec::new(),
            at: Vec::new(),
            term: graph.clone(),
            after: cur.clone(),
        });
    }
    let off = side_term(Side::Off, relabel(&graph));
    steps.push(LoopyStep {
        edit: Edit::Sides,
        within: Vec::new(),
        at: Vec::new(),
        term: sidle_term(side_term(Side::On, graph), off.clone()),
        after: cur.clone(),
    });
    let wrap_on = |t: Term| sidle_term(t, off.clone());
    let Some((on, on_term)) = side_chain(&cur, Side::On, false, &[0], &wrap_on, &mut steps, work)?
    else {
        return Ok(None);
    };
    let wrap_off = |t: Term| sidle_term(on_term.clone(), relabel(&t));
    let Some((offside, off_term)) =
        side_chain(&cur, Side::Off, false, &[1], &wrap_off, &mut steps, work)?
    else {
        return Ok(None);
    };
    Ok(Some(LoopyDerivation {
        steps,
        result: on,
        term: sidle_term(on_term, relabel(&off_term)),
        stopper: false,
        offside: Some(offside),
    }))
}

/// The derivation of `a & b` for stoppers `a` and `b`, given as their graphs and the terms
/// written for them in the input: each to its simplest form in place (first written as its
/// graph when the input wrote it otherwise). `None` when either is not a stopper.
pub fn sidle(
    a: (&Loopy, &Term),
    b: (&Loopy, &Term),
    work: &mut Work,
) -> Result<Option<LoopyDerivation>, KernelError> {
    if !a.0.is_stopper() || !b.0.is_stopper() {
        return Ok(None);
    }
    let (ga, gb) = (minimal(a.0), minimal(b.0));
    let (ta, tb) = (write(&ga)?, write(&gb)?);
    let orig_b = b.1.clone();
    let mut steps = Vec::new();
    if ta != *a.1 {
        steps.push(LoopyStep {
            edit: Edit::Sum,
            within: vec![0],
            at: Vec::new(),
            term: sidle_term(ta.clone(), orig_b.clone()),
            after: ga.clone(),
        });
    }
    let wrap_a = |t: Term| sidle_term(t, orig_b.clone());
    let (on, on_term) = stopper_chain(&ga, &[0], &wrap_a, &mut steps, work)?;
    if tb != orig_b {
        steps.push(LoopyStep {
            edit: Edit::Sum,
            within: vec![1],
            at: Vec::new(),
            term: sidle_term(on_term.clone(), relabel(&tb)),
            after: gb.clone(),
        });
    }
    let wrap_b = |t: Term| sidle_term(on_term.clone(), relabel(&t));
    let (off, off_term) = stopper_chain(&gb, &[1], &wrap_b, &mut steps, work)?;
    Ok(Some(LoopyDerivation {
        steps,
        result: on,
        term: sidle_term(on_term, relabel(&off_term)),
        stopper: false,
        offside: Some(off),
    }))
}
