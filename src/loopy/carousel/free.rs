//! The steps of `carousel` that need no check: fusions of vertices of equal side and
//! deletions of dominated options that a mirror argument proves keep every vertex's side.
//!
//! **Lemma.** Let x and y be vertices of a graph G with y's side at least x's (by the order of
//! sides on G × G, `side_order`), and let y not reach x (no path of moves of either player
//! from y to x). Let G′ be G with every move to x sent to y instead, where the sides of x and
//! y are equal. Then every vertex has the same side in G′ as in G. *Proof*: in G′ − G (and
//! G − G′) the second player copies each move in the other component, answering a move to x
//! by the move to y and back; a play that copies forever moves in both components infinitely
//! often, so it is won on either side. When the copy reaches y in G′ against x in G, the part
//! of G′ that y reaches is the part of G that y reaches (it has no move to x), so the game
//! from there is y − x in G, which the second player wins since y ≥ x.
//!
//! The same argument deletes a Left option x of v when another Left option y of v has y ≥ x
//! and y does not reach v (the copy answers the move to x by the move to y, and y's part
//! lacks the deleted edge); Right's options mirror it. In each case every vertex keeps its
//! side, so the order of sides computed once stays true while such steps are made one after
//! the other (reachability is asked of the graph as it is then). Fusions and deletions whose
//! vertices reach each other (on a cycle through both) are left to the checked steps: there
//! the copy can come back to the changed vertex, and fusion need not keep the side.

use super::super::{Graph, Player, Work};
use crate::kernel::KernelError;

/// Whether `to` is reachable from `from` in `graph` by moves of either player (`from`
/// reaches itself). `seen` is scratch space of the graph's length.
fn reaches(
    graph: &Graph,
    from: u32,
    to: u32,
    seen: &mut [bool],
    work: &mut Work,
) -> Result<bool, KernelError> {
    seen.iter_mut().for_each(|s| *s = false);
    let mut stack = vec![from];
    seen[from as usize] = true;
    while let Some(v) = stack.pop() {
        work.tick(1)?;
        if v == to {
            return Ok(true);
        }
        for &t in graph.left(v).iter().chain(graph.right(v)) {
            if !std::mem::replace(&mut seen[t as usize], true) {
                stack.push(t);
            }
        }
    }
    Ok(false)
}

/// Sends every move to `x` to `y` instead.
fn redirect(graph: &mut Graph, x: u32, y: u32, work: &mut Work) -> Result<(), KernelError> {
    for v in 0..graph.len() as u32 {
        work.tick(1)?;
        if graph.left(v).contains(&x) || graph.right(v).contains(&x) {
            let map = |os: &[u32]| os.iter().map(|&t| if t == x { y } else { t }).collect();
            let (l, r) = (map(graph.left(v)), map(graph.right(v)));
            graph.set_options(v, l, r);
        }
    }
    Ok(())
}

/// Fuses the vertices of equal side (`ge` the order of sides on the graph, `a * n + b` for
/// a ≥ b) where the lemma allows it, in place; the root follows its vertex. Returns for each
/// vertex not fused this way but of equal side to another its class's vertex (`u32::MAX` for
/// the rest), for the checked fusions.
pub(super) fn fuse(
    graph: &mut Graph,
    root: &mut u32,
    ge: &[bool],
    work: &mut Work,
) -> Result<Vec<u32>, KernelError> {
    let n = graph.len();
    let eq = |a: usize, b: usize| ge[a * n + b] && ge[b * n + a];
    // Each class's first vertex names it; `target[c]` is the vertex its fused members go to.
    let mut class = vec![u32::MAX; n];
    let mut target: Vec<u32> = (0..n as u32).collect();
    let mut left = Vec::new();
    let mut seen = vec![false; n];
    for a in 0..n {
        work.tick(a as u64 + 1)?;
        let Some(c) = (0..a).find(|&b| class[b] == b as u32 && eq(a, b)) else {
            class[a] = a as u32;
            continue;
        };
        class[a] = c as u32;
        let t = target[c];
        let a = a as u32;
        if !reaches(graph, t, a, &mut seen, work)? {
            redirect(graph, a, t, work)?;
            if *root == a {
                *root = t;
            }
        } else if !reaches(graph, a, t, &mut seen, work)? {
            redirect(graph, t, a, work)?;
            if *root == t {
                *root = a;
            }
            target[c] = a;
        } else {
            left.push(a);
        }
    }
    let mut out = vec![u32::MAX; n];
    for a in left {
        out[a as usize] = target[class[a as usize] as usize];
    }
    Ok(out)
}

/// Deletes, in place, the options dominated by another option of the same vertex that does
/// not reach it (`ge` as for [`fuse`]); returns the dominated options left, (vertex, player,
/// option), for the checked deletions.
pub(super) fn drop_dominated(
    graph: &mut Graph,
    ge: &[bool],
    work: &mut Work,
) -> Result<Vec<(u32, Player, u32)>, KernelError> {
    let n = graph.len();
    let at = |a: u32, b: u32| ge[a as usize * n + b as usize];
    let mut seen = vec![false; n];
    let mut left = Vec::new();
    for v in 0..n as u32 {
        for who in [Player::Left, Player::Right] {
            let mut i = 0;
            while i < graph.options(v, who).len() {
                work.tick(1)?;
                let os = graph.options(v, who).to_vec();
                let x = os[i];
                // y dominates x; of two equal options the later goes.
                let dominating: Vec<u32> = os
                    .iter()
                    .copied()
                    .filter(|&y| {
                        y != x
                            && match who {
                                Player::Left => at(y, x) && (!at(x, y) || y < x),
                                Player::Right => at(x, y) && (!at(y, x) || y < x),
                            }
                    })
                    .collect();
                if dominating.is_empty() {
                    i += 1;
                    continue;
                }
                let mut free = false;
                for y in dominating {
                    if !reaches(graph, y, v, &mut seen, work)? {
                        free = true;
                        break;
                    }
                }
                if free {
                    let rest: Vec<u32> = os.into_iter().filter(|&t| t != x).collect();
                    graph.set_side(v, who, rest);
                } else {
                    left.push((v, who, x));
                    i += 1;
                }
            }
        }
    }
    Ok(left)
}
