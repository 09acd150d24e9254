//! Sides that are not stoppers, simplified (issue 44, point 7; CGSuite's `SidedValue` of a game
//! that is not stopper-sided, such as Bach's Carousel `a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}`).
//!
//! When a side of G is equal to no stopper, no simplest form is known (there is no simplicity
//! theorem for such games: CGSuite simplifies them by a heuristic that its source says "it's
//! not clear when to stop"). onag keeps such a side as a game graph made smaller by steps each
//! of which provably keeps the side of the game:
//!
//! - bisimilar vertices are merged (same plays move for move, so nothing to check): in a sum
//!   of copies the twins x + y and y + x; again after every pass;
//! - every follower that is a stopper is replaced by its simplest form, equal followers shared
//!   (a side of a game is unchanged when a follower is replaced by one with the same side, and
//!   a stopper is its own onside and offside; Siegel, *Combinatorial Game Theory* VI.4–5);
//! - the disfavoured player's moves that the favoured player undoes at once are dropped
//!   (`sides::drop_undone`, the argument is there);
//! - vertices of equal side are fused, and options dominated by another option of the same
//!   vertex deleted: without a check where one of the two does not reach the other (`free`:
//!   a copying argument proves every vertex keeps its side; in `n * G` by doubling this is
//!   nearly every step, and checking each was most of the time), else where the order of
//!   sides says the game's side stays the same (all at once, else by halves: fusing every
//!   class of G + G's onside at once does not keep it);
//! - reversible options are bypassed where that makes the game smaller and the order of
//!   sides says its side stays the same;
//! - then every edge in turn is deleted when the order of sides (`side_order`, a Büchi game
//!   on G − G′) says the game's side is unchanged: without a Left edge the game can only be
//!   smaller, without a Right edge only larger, so the other direction decides;
//!
//! until nothing changes. The result is checked against the game itself by the side order in
//! both directions; were that ever to fail, the game as given is kept (still its own side), so
//! no step can change a value. On CGSuite's rows (EvalTest.scala "not stopper-sided" and
//! "sided + sided") this gives CGSuite's own text; it is not claimed to be the simplest game
//! with that side (none is known to exist), only that no single deletion, bypass or fusion
//! of it keeps its side and makes it smaller (the tests check this by the order of sides).

use super::canonical::canonical;
use super::side_order::{keeps, side_ge, side_ge_matrix, Side};
use super::sides::{append, cyclic_edges, delete_edge, drop_undone};
use super::{Graph, Loopy, Player, Work};
use crate::kernel::KernelError;
use std::collections::HashMap;

mod free;

/// Passes over the edges allowed before stopping (each pass that continues deletes an edge,
/// so a game of e edges needs at most e + 1; the budget's work count bounds them too).
const MAX_PASSES: usize = 10_000;

/// Games of at most this many vertices also have each edge tried on its own ([`delete_edges`]:
/// a comparison of the whole game per edge); larger ones (sums of such sides, before they are
/// simplified) first lose their dominated options in batches.
const EDGEWISE_UP_TO: usize = 60;

/// The `which` side of `g`, as a game with the same side made smaller: the simplest form when
/// the side is a stopper this way, else a graph that is not a stopper.
pub fn simplify(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_stopper() {
        return canonical(g, work);
    }
    let fav = which.favoured();
    let mut graph = g.graph().clone();
    let n = graph.len();
    drop_undone(&mut graph, n, fav, work)?;
    let merged = bisimilar_merged(
        &Loopy {
            graph,
            root: g.root(),
        },
        work,
    )?;
    let mut cur = stopper_parts(&merged, work)?;
    let mut seen = std::collections::HashSet::new();
    for _ in 0..MAX_PASSES {
        if cur.is_stopper() {
            break;
        }
        let fused = fuse_equal(&cur, which, work)?;
        let mut next = drop_dominated(&fused, which, work)?;
        if next.len() <= EDGEWISE_UP_TO && !next.is_stopper() {
            next = bypass_reversible(&next, which, work)?;
        }
        if next.len() <= EDGEWISE_UP_TO && !next.is_stopper() {
            next = delete_edges(&next, which, work)?;
        }
        let next = bisimilar_merged(&next, work)?;
        // A bypass adds edges that a deletion may take away again: a game met before ends
        // the loop as a pass that changes nothing does.
        if next == cur || !seen.insert(next.clone()) {
            break;
        }
        cur = stopper_parts(&next, work)?;
    }
    if cur.is_stopper() {
        cur = canonical(&cur, work)?;
    }
    if side_ge(g, &cur, which, work)? && side_ge(&cur, g, which, work)? {
        Ok(cur)
    } else {
        Ok(Loopy::new(g.graph(), g.root()).unwrap_or_else(Loopy::zero))
    }
}

/// Whether each vertex of `graph` is a stopper: no vertex it reaches (by moves of either
/// player, as [`Loopy::is_stopper`] looks at every state of every follower) lies on an
/// alternating cycle.
pub(crate) fn stopper_vertices(graph: &Graph, work: &mut Work) -> Result<Vec<bool>, KernelError> {
    let n = graph.len();
    let mut bad = vec![false; n];
    let mut stack = Vec::new();
    for (v, _, _) in cyclic_edges(graph, work)? {
        if !std::mem::replace(&mut bad[v as usize], true) {
            stack.push(v);
        }
    }
    let (rl, rr) = graph.reverse();
    while let Some(v) = stack.pop() {
        work.tick(1)?;
        for &u in rl[v as usize].iter().chain(&rr[v as usize]) {
            if !std::mem::replace(&mut bad[u as usize], true) {
                stack.push(u);
            }
        }
    }
    Ok(bad.into_iter().map(|b| !b).collect())
}

/// The game with each stopper follower replaced by its simplest form, equal ones shared: the
/// vertices that are not stoppers first (in their order), then the stoppers they move to.
fn stopper_parts(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let g = Loopy::new(g.graph(), g.root()).unwrap_or_else(Loopy::zero);
    let graph = g.graph();
    let stopper = stopper_vertices(graph, work)?;
    if stopper[g.root() as usize] {
        return canonical(&g, work);
    }
    let keep: Vec<u32> = (0..graph.len() as u32)
        .filter(|&v| !stopper[v as usize])
        .collect();
    let mut index = vec![u32::MAX; graph.len()];
    for (i, &v) in keep.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    let mut out = Graph::with_vertices(keep.len());
    let mut shared: HashMap<Loopy, u32> = HashMap::new();
    let mut made: HashMap<u32, u32> = HashMap::new();
    let mut edges = Vec::with_capacity(keep.len());
    for &v in &keep {
        let mut both = [Vec::new(), Vec::new()];
        for (k, who) in [Player::Left, Player::Right].into_iter().enumerate() {
            for &t in graph.options(v, who) {
                let target = if !stopper[t as usize] {
                    index[t as usize]
                } else if let Some(&u) = made.get(&t) {
                    u
                } else {
                    let f = g.follower(t).unwrap_or_else(Loopy::zero);
                    let s = canonical(&f, work)?;
                    work.vertices(out.len() + s.len())?;
                    let u = append(&mut out, &s, &mut shared);
                    made.insert(t, u);
                    u
                };
                both[k].push(target);
            }
        }
        edges.push(both);
    }
    for (i, [l, r]) in edges.into_iter().enumerate() {
        out.set_options(i as u32, l, r);
    }
    Ok(Loopy::new(&out, index[g.root() as usize]).unwrap_or_else(Loopy::zero))
}

/// The game with its bisimilar vertices merged: vertices whose Left options and Right options
/// lie in the same classes, refined until stable (partition refinement). The merged graph
/// has the same plays as the game, move for move, so every value is kept (this needs no
/// check); in a sum of copies it merges the twins x + y and y + x.
fn bisimilar_merged(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    let mut class = vec![0u32; n];
    let mut count = 1usize;
    loop {
        let mut ids: HashMap<(u32, Vec<u32>, Vec<u32>), u32> = HashMap::new();
        let mut next = vec![0u32; n];
        for v in 0..n as u32 {
            work.tick(1)?;
            let sig = |os: &[u32]| {
                let mut c: Vec<u32> = os.iter().map(|&t| class[t as usize]).collect();
                c.sort_unstable();
                c.dedup();
                c
            };
            let key = (class[v as usize], sig(graph.left(v)), sig(graph.right(v)));
            let fresh = ids.len() as u32;
            next[v as usize] = *ids.entry(key).or_insert(fresh);
        }
        let now = ids.len();
        class = next;
        if now == count {
            break;
        }
        count = now;
    }
    if count == n {
        return Ok(g.clone());
    }
    // Each class's first vertex stands for it.
    let mut first = vec![u32::MAX; count];
    for (v, &c) in class.iter().enumerate() {
        if first[c as usize] == u32::MAX {
            first[c as usize] = v as u32;
        }
    }
    let to: Vec<u32> = class.iter().map(|&c| first[c as usize]).collect();
    let merged = graph.mapped(0..n as u32, &to);
    let root = to[g.root() as usize];
    Ok(Loopy::new(&merged, root).unwrap_or_else(Loopy::zero))
}

/// The game with the vertices whose sides are equal (by the order of sides, all pairs at
/// once) fused: every move to a vertex of a class goes to one vertex of the class. Where one
/// of the two does not reach the other the fusion needs no check (`free`, the lemma is
/// there), which is most of them in a sum of copies. Fusion of vertices on one cycle is known
/// to keep the value for stoppers only (two vertices on alternating cycles with equal sides
/// need not be interchangeable: fusing every class of G + G's onside at once gives a larger
/// onside), so those fusions are checked against the game by the order of sides in both
/// directions: all at once, else each half in turn, down to single vertices.
fn fuse_equal(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let n = g.len();
    let m = side_ge_matrix(g, g, which, work)?;
    let mut cur = g.graph().clone();
    let mut root = g.root();
    let rep = free::fuse(&mut cur, &mut root, &m, work)?;
    let moved: Vec<u32> = (0..n as u32)
        .filter(|&a| rep[a as usize] != u32::MAX)
        .collect();
    let rep: Vec<u32> = rep
        .iter()
        .enumerate()
        .map(|(a, &r)| if r == u32::MAX { a as u32 } else { r })
        .collect();
    fuse_batch(&mut cur, &mut root, &rep, &moved, which, work)?;
    Ok(Loopy::new(&cur, root).unwrap_or_else(Loopy::zero))
}

/// Whether the games at `a` and `b` of two graphs have the same `which` side, comparing only
/// the parts each root reaches.
fn same_side(
    ga: &Graph,
    a: u32,
    gb: &Graph,
    b: u32,
    which: Side,
    work: &mut Work,
) -> Result<bool, KernelError> {
    let x = Loopy::new(ga, a).unwrap_or_else(Loopy::zero);
    let y = Loopy::new(gb, b).unwrap_or_else(Loopy::zero);
    Ok(side_ge(&x, &y, which, work)? && side_ge(&y, &x, which, work)?)
}

/// Redirects the moves to the vertices of `batch` to their representatives in `rep` when the
/// side of the game at `root` stays the same; else tries the halves of the batch in turn.
fn fuse_batch(
    graph: &mut Graph,
    root: &mut u32,
    rep: &[u32],
    batch: &[u32],
    which: Side,
    work: &mut Work,
) -> Result<(), KernelError> {
    if batch.is_empty() {
        return Ok(());
    }
    let n = graph.len();
    let mut to: Vec<u32> = (0..n as u32).collect();
    for &a in batch {
        to[a as usize] = rep[a as usize];
    }
    work.tick(n as u64)?;
    let fused = graph.mapped(0..n as u32, &to);
    let to_root = to[*root as usize];
    if same_side(&fused, to_root, graph, *root, which, work)? {
        *graph = fused;
        *root = to_root;
        return Ok(());
    }
    if batch.len() > 1 {
        let (a, b) = batch.split_at(batch.len() / 2);
        fuse_batch(graph, root, rep, a, which, work)?;
        fuse_batch(graph, root, rep, b, which, work)?;
    }
    Ok(())
}

/// The reversible options bypassed where that keeps the side: a Left option x of v with a
/// Right option z whose side is at most v's (Right would answer the move to x by the move
/// to z) is replaced by z's Left options; the mirror for Right. For stoppers this keeps the
/// value (the simplification of stoppers); here x may lie on an alternating cycle, so each
/// bypass is checked by the order of sides in both directions, one at a time (the order
/// computed once only proposes them), and made only when the game gets smaller (fewer
/// vertices, else fewer edges): a bypass to an option of the same side as the one bypassed,
/// which a fusion would undo, is no simplification.
fn bypass_reversible(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let n = g.len();
    let m = side_ge_matrix(g, g, which, work)?;
    let root = g.root();
    let mut graph = g.graph().clone();
    for v in 0..n as u32 {
        for who in [Player::Left, Player::Right] {
            let back = who.other();
            for x in g.graph().options(v, who).to_vec() {
                for &z in g.graph().options(x, back) {
                    work.tick(1)?;
                    let reverses = match who {
                        Player::Left => m[v as usize * n + z as usize],
                        Player::Right => m[z as usize * n + v as usize],
                    };
                    if !reverses || !graph.options(v, who).contains(&x) {
                        continue;
                    }
                    let mut os: Vec<u32> = graph
                        .options(v, who)
                        .iter()
                        .copied()
                        .filter(|&t| t != x)
                        .collect();
                    os.extend_from_slice(graph.options(z, who));
                    let mut trial = graph.clone();
                    trial.set_side(v, who, os);
                    let before = Loopy::new(&graph, root).unwrap_or_else(Loopy::zero);
                    let after = Loopy::new(&trial, root).unwrap_or_else(Loopy::zero);
                    if size(&after) < size(&before)
                        && same_side(&trial, root, &graph, root, which, work)?
                    {
                        graph = trial;
                    }
                }
            }
        }
    }
    Ok(Loopy::new(&graph, root).unwrap_or_else(Loopy::zero))
}

/// A game's size: its vertices, then its edges.
fn size(g: &Loopy) -> (usize, usize) {
    let edges = (0..g.len() as u32)
        .map(|v| g.graph().left(v).len() + g.graph().right(v).len())
        .sum();
    (g.len(), edges)
}

/// One pass: each edge of `g` in turn (vertices in their order, Left's options then Right's),
/// deleted when the game's `which` side stays the same; the game after the pass.
fn delete_edges(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let root = g.root();
    let mut graph = g.graph().clone();
    for v in 0..graph.len() as u32 {
        for who in [Player::Left, Player::Right] {
            for t in graph.options(v, who).to_vec() {
                let mut trial = graph.clone();
                delete_edge(&mut trial, v, who, t);
                let cur = Loopy {
                    graph: graph.clone(),
                    root,
                };
                let next = Loopy { graph: trial, root };
                if keeps(&next, &cur, who, which, work)? {
                    graph = next.graph;
                }
            }
        }
    }
    Ok(Loopy::new(&graph, root).unwrap_or_else(Loopy::zero))
}

/// The options dominated by another option of the same vertex, by the order of sides (all
/// pairs of vertices compared at once): a Left option x when some other Left option y has
/// y ≥ x, a Right option x when some other has y ≤ x (of two equal ones the later goes).
/// Where y does not reach the vertex the deletion needs no check (`free`); otherwise that a
/// dominated option can go is not assumed (an option on an alternating cycle may matter
/// though it is dominated): each player's batch of those is deleted when the game's side
/// stays the same, else its halves are tried, and so on down to single edges.
fn drop_dominated(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    let m = side_ge_matrix(g, g, which, work)?;
    let mut graph_now = g.graph().clone();
    let left = free::drop_dominated(&mut graph_now, &m, work)?;
    for who in [Player::Left, Player::Right] {
        let batch: Vec<(u32, Player, u32)> = left.iter().copied().filter(|e| e.1 == who).collect();
        delete_batch(&mut graph_now, g.root(), &batch, which, work)?;
    }
    Ok(Loopy::new(&graph_now, g.root()).unwrap_or_else(Loopy::zero))
}

/// Deletes the edges of `batch` (all one player's) from `graph` if the side of the game at
/// `root` stays the same; else tries its halves in turn.
fn delete_batch(
    graph: &mut Graph,
    root: u32,
    batch: &[(u32, Player, u32)],
    which: Side,
    work: &mut Work,
) -> Result<(), KernelError> {
    let Some(&(_, who, _)) = batch.first() else {
        return Ok(());
    };
    let mut trial = graph.clone();
    for &(v, _, t) in batch {
        delete_edge(&mut trial, v, who, t);
    }
    let cur = Loopy::new(graph, root).unwrap_or_else(Loopy::zero);
    let next = Loopy::new(&trial, root).unwrap_or_else(Loopy::zero);
    if keeps(&next, &cur, who, which, work)? {
        *graph = trial;
        return Ok(());
    }
    if batch.len() > 1 {
        let (a, b) = batch.split_at(batch.len() / 2);
        delete_batch(graph, root, a, which, work)?;
        delete_batch(graph, root, b, which, work)?;
    }
    Ok(())
}

/// The same game numbered for printing as CGSuite prints a game that is not a stopper: at
/// each vertex the options that reach no cycle (short games) before those that do, each group
/// in the order it had (CGSuite's `SimplifiedLoopyGame` sorts short options first). The root
/// need not be vertex 0 of the result, which is only meant for the printer.
pub fn short_first(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    // Components are numbered sinks first, so one pass in that order settles reachability.
    let (comp, members) = super::sides::components(graph, work)?;
    let mut loopy = vec![false; n];
    for vs in &members {
        work.tick(vs.len() as u64)?;
        let cyclic = vs.iter().any(|&v| {
            members[comp[v as usize]].len() > 1
                || graph.left(v).contains(&v)
                || graph.right(v).contains(&v)
                || graph
                    .left(v)
                    .iter()
                    .chain(graph.right(v))
                    .any(|&t| loopy[t as usize])
        });
        for &v in vs {
            loopy[v as usize] = cyclic;
        }
    }
    let mut order: Vec<u32> = (0..n as u32).filter(|&v| !loopy[v as usize]).collect();
    order.extend((0..n as u32).filter(|&v| loopy[v as usize]));
    let mut index = vec![0u32; n];
    for (i, &v) in order.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    Ok(Loopy {
        graph: graph.mapped(order.iter().copied(), &index),
        root: index[g.root() as usize],
    })
}

#[cfg(test)]
mod tests;
