//! The onside and offside of a loopy game (Winning Ways ch. 11, "sidling"; Siegel,
//! *Combinatorial Game Theory* VI.4–5).
//!
//! The onside G⁺ is the game with infinite play counted a win for Left, the offside G⁻ with
//! it counted for Right; G is *stopper-sided* when both are stoppers, and then G = G⁺ & G⁻.
//! Sidling by rounds (Winning Ways) approximates them from `on` and `off` and settles only
//! when the side has no cycle the approximations must go round infinitely often (over, upon,
//! `a{0||0|a}` are limits of short games), so the sides are found on the graph instead, as
//! CGSuite does: first part by part (`parts`: each strongly connected component on a small
//! graph of its own, from the bottom up), else on the whole graph, edges of alternating cycles
//! are deleted while the order of sides (`side_order`, decided on the graph) says the side is
//! unchanged, stopper followers of equal value are fused, until the game is a stopper; its
//! simplest form is then checked against the game by the same order. When no stopper is found the answer is an error, never a
//! guess; small graphs are also sidled by rounds before giving up.

use super::canonical::canonical;
use super::order::compare;
pub use super::side_order::Side;
use super::side_order::{keeps, side_ge, side_ge_matrix};
use super::{Graph, Loopy, Player, Work};
use crate::kernel::{KernelError, Relation};

/// Rounds of sidling tried before giving up.
pub const MAX_ROUNDS: usize = 64;

/// The onside or offside of `g` as a canonical stopper, or an error when no stopper was
/// found equal to it.
pub fn side(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_stopper() {
        return canonical(g, work);
    }
    let g = Loopy::new(g.graph(), g.root()).unwrap_or_else(Loopy::zero);
    // Part by part first: small comparisons, fast on a ruleset's large graph.
    if let Some(s) = parts::by_parts(&g, which, work)? {
        if checked(&g, &s, which, work)? {
            return Ok(s);
        }
    }
    if let Some(s) = by_pruning(&g, which, work)? {
        return Ok(s);
    }
    if g.len() <= ROUNDS_UP_TO {
        // Pruning left an alternating cycle: sidling by rounds sometimes settles there.
        if let Some(s) = by_rounds(&g, which, work)? {
            if checked(&g, &s, which, work)? {
                return Ok(s);
            }
        }
    }
    let name = which.name();
    Err(super::error(
        name,
        format!(
            "sidling did not settle: no stopper equal to the {name} was found (the {name} may not be a stopper)"
        ),
    ))
}

/// The side by deleting edges of alternating cycles ([`prune`]), as a canonical stopper
/// checked against the game; `None` when the pruned game is still not a stopper.
pub fn by_pruning(g: &Loopy, which: Side, work: &mut Work) -> Result<Option<Loopy>, KernelError> {
    let candidate = prune(g, which, work)?;
    if !candidate.is_stopper() {
        return Ok(None);
    }
    let s = canonical(&candidate, work)?;
    Ok(checked(g, &s, which, work)?.then_some(s))
}

/// Whether the stopper `s` is the side of `g`: each at least the other, by the order of sides.
/// Every step that led to `s` was checked already; this is the answer checked against the
/// game itself, so a wrong step could only ever give no answer, never a wrong one.
fn checked(g: &Loopy, s: &Loopy, which: Side, work: &mut Work) -> Result<bool, KernelError> {
    Ok(side_ge(g, s, which, work)? && side_ge(s, g, which, work)?)
}

/// Graphs of at most this many vertices are also sidled by rounds when pruning fails.
const ROUNDS_UP_TO: usize = 64;

impl Side {
    /// `onside` or `offside`.
    pub fn name(self) -> &'static str {
        match self {
            Side::On => "onside",
            Side::Off => "offside",
        }
    }

    /// The player whose infinite play wins on this side.
    pub(crate) fn favoured(self) -> Player {
        match self {
            Side::On => Player::Left,
            Side::Off => Player::Right,
        }
    }
}

/// Deletes, at the first `m` vertices, the disfavoured player's moves that the favoured one
/// undoes at once: answering such a move by undoing it keeps the side (the play that repeats
/// goes on forever, which the side counts for the favoured player), so these deletions need
/// no check. Shared by the whole-graph pruning and the part-by-part search (`parts`).
pub(crate) fn drop_undone(
    graph: &mut Graph,
    m: usize,
    fav: Player,
    work: &mut Work,
) -> Result<(), KernelError> {
    let dis = fav.other();
    for v in 0..m as u32 {
        work.tick(1)?;
        let keep: Vec<u32> = graph
            .options(v, dis)
            .iter()
            .copied()
            .filter(|&t| !graph.options(t, fav).contains(&v))
            .collect();
        if keep.len() != graph.options(v, dis).len() {
            graph.set_side(v, dis, keep);
        }
    }
    Ok(())
}

/// Deletes edges on alternating cycles while the side of the game stays the same, until the
/// game is a stopper or no such edge can go.
///
/// First, without a check, every move of the disfavoured player (Right for the onside) that
/// the favoured player can undo at once: in G − G' Left answers it by undoing it, and the play,
/// if it goes on forever, moves in G forever, which the onside counts for Left (and G' ≥ G
/// because G' only lacks a Right option). Then every other edge on an alternating cycle, the
/// disfavoured player's first, each deletion kept only when the side order says the game's
/// side is unchanged (a Right edge gone can only help Left, so one direction is checked).
fn prune(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let fav = which.favoured();
    let dis = fav.other();
    let mut graph = g.graph().clone();
    let n = graph.len();
    drop_undone(&mut graph, n, fav, work)?;
    let mut cur = Loopy::new(&graph, g.root()).unwrap_or_else(Loopy::zero);
    if !cur.is_stopper() {
        cur = fuse(&cur, which, work)?;
    }
    // Passes over the cyclic edges, each deletion tried once per pass on the graph as it is
    // then (the numbering kept, so the list of edges stays valid), until a pass deletes none.
    let mut graph = cur.graph().clone();
    let root = cur.root();
    loop {
        if cur.is_stopper() {
            break;
        }
        let cyclic = cyclic_edges(&graph, work)?;
        let mut order: Vec<(u32, Player, u32)> =
            cyclic.iter().copied().filter(|e| e.1 == dis).collect();
        order.extend(cyclic.iter().copied().filter(|e| e.1 == fav));
        let mut deleted = false;
        for (v, who, t) in order {
            if cur.is_stopper() {
                break;
            }
            let mut trial = graph.clone();
            parts::delete_edge(&mut trial, v, who, t);
            let next = Loopy::new(&trial, root).unwrap_or_else(Loopy::zero);
            if keeps(&next, &cur, who, which, work)? {
                graph = trial;
                cur = next;
                deleted = true;
            }
        }
        if !deleted {
            break;
        }
    }
    Ok(cur)
}

/// The game with the stopper vertices whose values are equal (by [`side_ge_matrix`], all pairs at
/// once) fused into one, their options merged. This shrinks a large graph (a ruleset's
/// positions) to about as many vertices as it has distinct values before the trial deletions;
/// the answer is checked against the game itself at the end, so nothing rests on it.
fn fuse(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let n = g.len();
    let ge = side_ge_matrix(g, g, which, work)?;
    let at = |a: usize, b: usize| ge[a * n + b];
    // Only followers that are stoppers are fused: two vertices on alternating cycles with
    // equal sides need not be interchangeable (CGSuite fuses only such vertices too).
    let mut stopper = vec![false; n];
    for (v, s) in stopper.iter_mut().enumerate() {
        work.tick(n as u64)?;
        *s = g.follower(v as u32).is_some_and(|f| f.is_stopper());
    }
    let mut rep: Vec<u32> = (0..n as u32).collect();
    for a in 0..n {
        work.tick(1)?;
        if !stopper[a] {
            continue;
        }
        if let Some(b) = (0..a).find(|&b| stopper[b] && rep[b] == b as u32 && at(a, b) && at(b, a))
        {
            rep[a] = b as u32;
        }
    }
    if rep.iter().enumerate().all(|(a, &r)| a as u32 == r) {
        return Ok(g.clone());
    }
    let fused = g.graph().mapped(0..n as u32, &rep);
    Ok(Loopy::new(&fused, rep[g.root() as usize]).unwrap_or_else(Loopy::zero))
}

/// The edges (vertex, mover, target) that lie on an alternating cycle: the state (vertex,
/// mover to move) and the state (target, the other to move) are in one strongly connected
/// component of the graph of states.
pub(crate) fn cyclic_edges(
    graph: &Graph,
    work: &mut Work,
) -> Result<Vec<(u32, Player, u32)>, KernelError> {
    let n = graph.len();
    // State 2v: Left to move at v; 2v + 1: Right to move. A move leads to the other's turn.
    let target = |s: usize, t: u32| 2 * t as usize + 1 - s % 2;
    let (comp, _) = parts::strongly_connected(
        2 * n,
        |s, out| {
            let who = if s % 2 == 0 {
                Player::Left
            } else {
                Player::Right
            };
            out.extend(
                graph
                    .options((s / 2) as u32, who)
                    .iter()
                    .map(|&t| target(s, t)),
            );
        },
        work,
    )?;
    let mut out = Vec::new();
    for v in 0..n as u32 {
        for (who, s) in [
            (Player::Left, 2 * v as usize),
            (Player::Right, 2 * v as usize + 1),
        ] {
            for &t in graph.options(v, who) {
                if comp[s] == comp[target(s, t)] {
                    out.push((v, who, t));
                }
            }
        }
    }
    Ok(out)
}

/// Sidling by rounds (Winning Ways ch. 11): every vertex that is not a stopper starts at `on`
/// (for the onside) or `off`, and is replaced by `{its Left options' approximations | its
/// Right options'}`, simplified, until a round changes nothing. `None` when [`MAX_ROUNDS`]
/// rounds do not settle (the approximations may converge only in the limit).
pub fn by_rounds(g: &Loopy, which: Side, work: &mut Work) -> Result<Option<Loopy>, KernelError> {
    let n = g.len();
    let mut approx: Vec<Loopy> = Vec::with_capacity(n);
    let mut exact = vec![false; n];
    for v in 0..n as u32 {
        let f = g.follower(v).unwrap_or_else(Loopy::zero);
        if f.is_stopper() {
            exact[v as usize] = true;
            approx.push(canonical(&f, work)?);
        } else {
            approx.push(match which {
                Side::On => Loopy::on(),
                Side::Off => Loopy::off(),
            });
        }
    }
    for _ in 0..MAX_ROUNDS {
        let mut next = approx.clone();
        let mut settled = true;
        for v in 0..n as u32 {
            if exact[v as usize] {
                continue;
            }
            let at = |os: &[u32]| os.iter().map(|&t| &approx[t as usize]).collect::<Vec<_>>();
            let (l, r) = (at(g.graph().left(v)), at(g.graph().right(v)));
            let s = canonical(&Loopy::from_options(&l, &r, work)?, work)?;
            if s != approx[v as usize] && compare(&s, &approx[v as usize], work)? != Relation::Equal
            {
                settled = false;
            }
            next[v as usize] = s;
        }
        approx = next;
        if settled {
            return Ok(Some(approx.swap_remove(g.root() as usize)));
        }
    }
    Ok(None)
}

/// The onside.
pub fn onside(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(g, Side::On, work)
}

/// The offside.
pub fn offside(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(g, Side::Off, work)
}

mod parts;
pub(crate) use parts::{append, components, delete_edge};
#[cfg(test)]
mod tests;
