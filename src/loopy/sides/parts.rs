//! The sides of a game found part by part: the strongly connected components of its graph,
//! from the bottom up.
//!
//! A play that leaves a component never comes back to it, so a vertex's side depends on the
//! vertices below its component only through their sides: in the Büchi game that decides the
//! order of sides (`side_order`), an infinite play that ends up below stays there and is
//! judged there. So each component is sidled on a small graph of its own: its vertices, and
//! for every move out of it the canonical stopper already found for the target (equal ones
//! shared). Edges of alternating cycles are deleted there in batches, a batch kept when the
//! side order on that small graph says that the side of *every* vertex of the component is
//! unchanged (a rejected batch is halved and its halves tried in turn), until the component
//! is a stopper; then each of its vertices gets its canonical stopper. A ruleset's graph
//! (Backsliding Toads and Frogs: jumps cannot be undone, so its 560 positions of `ttt..fff`
//! fall into 20 components of 28) is then sidled in many small comparisons instead of a few
//! hundred on the whole graph.
//!
//! This asks more than the game needs (every vertex's side a stopper, not only the game's), so
//! it may give no answer where deleting edges on the whole graph gives one; its caller then
//! falls back to that, and checks whatever is found against the game itself.

use super::Side;
use crate::kernel::KernelError;
use crate::loopy::canonical::{canonical_each, number};
use crate::loopy::side_order::{side_ge_diagonal, side_ge_matrix};
use crate::loopy::{Graph, Loopy, Player, Work};
use std::collections::HashMap;

/// The `which` side of `g` as a canonical stopper, found component by component; `None` when
/// some component's vertices do not all get stopper sides this way.
pub fn by_parts(g: &Loopy, which: Side, work: &mut Work) -> Result<Option<Loopy>, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    // Components come sinks first: every move out of one leads to one whose sides are known.
    let (comp, members) = components(graph, work)?;
    let mut sides: Vec<Option<Loopy>> = vec![None; n];
    let mut pos = vec![u32::MAX; n];
    for (c, vs) in members.iter().enumerate() {
        work.tick(vs.len() as u64)?;
        for (i, &v) in vs.iter().enumerate() {
            pos[v as usize] = i as u32;
        }
        let Some(mut local) = local_graph(graph, vs, &comp, c, &pos, &sides, work)? else {
            return Ok(None);
        };
        let m = vs.len();
        if !local.is_alternating_acyclic() && !prune_part(&mut local, m, which, work)? {
            return Ok(None);
        }
        let roots: Vec<u32> = (0..m as u32).collect();
        for (&v, s) in vs.iter().zip(canonical_each(&local, &roots, work)?) {
            sides[v as usize] = Some(s);
        }
    }
    Ok(sides.get_mut(g.root() as usize).and_then(Option::take))
}

/// The graph of one component: its vertices first (vertex i is `vs[i]`), then one copy of
/// each distinct stopper its moves out of it reach.
fn local_graph(
    graph: &Graph,
    vs: &[u32],
    comp: &[usize],
    c: usize,
    pos: &[u32],
    sides: &[Option<Loopy>],
    work: &mut Work,
) -> Result<Option<Graph>, KernelError> {
    let mut local = Graph::with_vertices(vs.len());
    // Each stopper's vertices keyed by their followers' simplest forms (canonically
    // numbered), so stoppers with common followers share them.
    let mut shared: HashMap<Loopy, u32> = HashMap::new();
    let mut edges = Vec::with_capacity(vs.len());
    for &v in vs {
        let mut both = [Vec::new(), Vec::new()];
        for (k, who) in [Player::Left, Player::Right].into_iter().enumerate() {
            for &t in graph.options(v, who) {
                if comp[t as usize] == c {
                    both[k].push(pos[t as usize]);
                    continue;
                }
                let Some(s) = sides[t as usize].as_ref() else {
                    return Ok(None);
                };
                work.vertices(local.len() + s.len())?;
                both[k].push(append(&mut local, s, &mut shared));
            }
        }
        edges.push(both);
    }
    for (i, [l, r]) in edges.into_iter().enumerate() {
        local.set_options(i as u32, l, r);
    }
    Ok(Some(local))
}

/// Adds the canonical stopper `s` to `graph`, each of its vertices once per value (`shared`
/// holds the vertices already there by value); the number of its root there.
pub(crate) fn append(graph: &mut Graph, s: &Loopy, shared: &mut HashMap<Loopy, u32>) -> u32 {
    let mut fresh = Vec::new();
    let ids: Vec<u32> = (0..s.len() as u32)
        .map(|u| {
            let key = number(&s.follower(u).unwrap_or_else(Loopy::zero));
            *shared.entry(key).or_insert_with(|| {
                fresh.push(u);
                graph.add_vertex()
            })
        })
        .collect();
    for u in fresh {
        let map = |os: &[u32]| os.iter().map(|&t| ids[t as usize]).collect();
        graph.set_options(
            ids[u as usize],
            map(s.graph().left(u)),
            map(s.graph().right(u)),
        );
    }
    ids[s.root() as usize]
}

/// Deletes edges of alternating cycles among the first `m` vertices of `local` (the
/// component; the rest are stoppers) while every one of them keeps its side; whether the
/// graph became a stopper.
fn prune_part(
    local: &mut Graph,
    m: usize,
    which: Side,
    work: &mut Work,
) -> Result<bool, KernelError> {
    let fav = which.favoured();
    let dis = fav.other();
    super::drop_undone(local, m, fav, work)?;
    // Every deletion kept below keeps the side of every vertex (the component's, checked;
    // the stoppers below it, untouched), so the order of their sides is this matrix
    // throughout. A trial without Right edges asks cur ≥ next, and next's sides are at least
    // cur's (a Right option gone only helps Left), so its answer lies inside the matrix; the
    // same for Left edges (next ≤ cur). Each trial starts its fixed point from the matrix,
    // and one that keeps every side ends after a round (issue 49: most of `tttt..ffff`'s
    // time was these trials' rounds from every pair).
    let bound = side_ge_matrix(
        &Loopy {
            graph: local.clone(),
            root: 0,
        },
        &Loopy {
            graph: local.clone(),
            root: 0,
        },
        which,
        work,
    )?;
    loop {
        if local.is_alternating_acyclic() {
            return Ok(true);
        }
        let cyclic = super::cyclic_edges(local, work)?;
        let mut deleted = false;
        for who in [dis, fav] {
            let batch: Vec<(u32, Player, u32)> =
                cyclic.iter().copied().filter(|e| e.1 == who).collect();
            deleted |= delete_batch(local, &batch, m, which, &bound, work)?;
            if local.is_alternating_acyclic() {
                return Ok(true);
            }
        }
        if !deleted {
            return Ok(false);
        }
    }
}

/// Deletes `who`'s edge from `v` to `t` in `graph`, the other player's options at `v` kept:
/// a trial deletion, here (a batch at a time) and in the deletion by rounds of [`super`].
pub(crate) fn delete_edge(graph: &mut Graph, v: u32, who: Player, t: u32) {
    let opts: Vec<u32> = graph
        .options(v, who)
        .iter()
        .copied()
        .filter(|&x| x != t)
        .collect();
    graph.set_side(v, who, opts);
}

/// Deletes the edges of `batch` (all one player's) if that keeps the side of each of the
/// first `m` vertices; else tries its halves in turn. Whether any edge was deleted.
fn delete_batch(
    graph: &mut Graph,
    batch: &[(u32, Player, u32)],
    m: usize,
    which: Side,
    bound: &[bool],
    work: &mut Work,
) -> Result<bool, KernelError> {
    let Some(&(_, who, _)) = batch.first() else {
        return Ok(false);
    };
    let mut trial = graph.clone();
    for &(v, _, t) in batch {
        delete_edge(&mut trial, v, who, t);
    }
    let cur = Loopy {
        graph: graph.clone(),
        root: 0,
    };
    let next = Loopy {
        graph: trial,
        root: 0,
    };
    // Without Left edges each vertex can only be smaller, without Right edges larger: the
    // other direction decides, vertex against the same vertex.
    let kept = match who {
        Player::Left => side_ge_diagonal(&next, &cur, which, m, Some(bound), work)?,
        Player::Right => side_ge_diagonal(&cur, &next, which, m, Some(bound), work)?,
    };
    if kept {
        *graph = next.graph;
        return Ok(true);
    }
    if batch.len() == 1 {
        return Ok(false);
    }
    let (a, b) = batch.split_at(batch.len() / 2);
    let x = delete_batch(graph, a, m, which, bound, work)?;
    let y = delete_batch(graph, b, m, which, bound, work)?;
    Ok(x || y)
}

/// The strongly connected components of `graph`'s moves (either player's): each vertex's
/// component and each component's vertices in increasing order, numbered as
/// [`strongly_connected`] numbers them (a component's moves out lead to lower numbers). The
/// sides, the carousel, the derivations and the proof writer all walk a graph this way.
pub(crate) fn components(
    graph: &Graph,
    work: &mut Work,
) -> Result<(Vec<usize>, Vec<Vec<u32>>), KernelError> {
    let (comp, count) = strongly_connected(
        graph.len(),
        |v, out| {
            out.extend(graph.left(v as u32).iter().map(|&t| t as usize));
            out.extend(graph.right(v as u32).iter().map(|&t| t as usize));
        },
        work,
    )?;
    let mut members: Vec<Vec<u32>> = vec![Vec::new(); count];
    for (v, &c) in comp.iter().enumerate() {
        members[c].push(v as u32);
    }
    Ok((comp, members))
}

/// Tarjan's strongly connected components of the graph on `0..n` whose successors `succ`
/// writes, without recursion: each node's component, numbered in the order completed (a
/// component only reaches components numbered lower), and how many there are.
pub(crate) fn strongly_connected(
    n: usize,
    succ: impl Fn(usize, &mut Vec<usize>),
    work: &mut Work,
) -> Result<(Vec<usize>, usize), KernelError> {
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![usize::MAX; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut comps = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // Frames (node, its successors, the next one to look at).
        let mut call: Vec<(usize, Vec<usize>, usize)> = Vec::new();
        let mut enter = Some(root);
        loop {
            if let Some(s) = enter.take() {
                index[s] = next;
                low[s] = next;
                next += 1;
                stack.push(s);
                on_stack[s] = true;
                let mut os = Vec::new();
                succ(s, &mut os);
                call.push((s, os, 0));
            }
            let Some((s, os, i)) = call.last_mut() else {
                break;
            };
            work.tick(1)?;
            let s = *s;
            if *i < os.len() {
                let u = os[*i];
                *i += 1;
                if index[u] == usize::MAX {
                    enter = Some(u);
                } else if on_stack[u] {
                    low[s] = low[s].min(index[u]);
                }
                continue;
            }
            call.pop();
            if let Some((parent, _, _)) = call.last() {
                low[*parent] = low[*parent].min(low[s]);
            }
            if low[s] == index[s] {
                while let Some(u) = stack.pop() {
                    on_stack[u] = false;
                    comp[u] = comps;
                    if u == s {
                        break;
                    }
                }
                comps += 1;
            }
        }
    }
    Ok((comp, comps))
}
