//! The simplest form of a stopper (Siegel, *Combinatorial Game Theory* VI.3; Winning Ways
//! ch. 11): in a stopper, as in a short game,
//!
//! - a **dominated** option may be removed (a Left option below another, a Right option above
//!   another; of two equal options one is kept);
//! - a **reversible** option may be bypassed: a Left option Gᴸ with a Right option Gᴸᴿ ≤ G is
//!   replaced by the Left options of Gᴸᴿ (and a Right option Gᴿ with Gᴿᴸ ≥ G by the Right
//!   options of Gᴿᴸ);
//!
//! and each step leaves the value of every vertex unchanged, so the order computed once on the
//! graph stays true while edges change (the replacements are vertices already there, and a
//! bypass cannot make an alternating cycle: it would have been one before). When no option is
//! dominated or reversible, equal vertices are **fused** into one; a stopper with none of the
//! three left is its simplest form, unique up to the naming of its vertices. The vertices are
//! then numbered canonically (stable colour refinement, then breadth first from the game), so
//! two stoppers are equal exactly when their canonical forms are identical.

use super::order::ge_matrix;
use super::{Graph, Loopy, Player, Work};
use crate::kernel::KernelError;

/// Rounds of simplification allowed before giving up (each round changes some edge; the
/// budget's work count bounds them too).
const MAX_ROUNDS: usize = 100_000;

/// The simplest form of a stopper; an error when the game is not a stopper.
pub fn canonical(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    if !g.is_stopper() {
        return Err(super::not_stopper("canonical form"));
    }
    let (graph, roots) = simplest(g.graph().clone(), vec![g.root()], work)?;
    let root = roots.first().copied().unwrap_or(0);
    Ok(number(
        &Loopy::new(&graph, root).unwrap_or_else(Loopy::zero),
    ))
}

/// The simplest forms of the games at `roots` of one graph, a stopper from each of them,
/// found together: each step of the simplification keeps the value of every vertex, so the
/// graph simplified once holds every root's simplest form (what a root reaches in a graph
/// with no dominated or reversible option and no two equal vertices is such a graph too).
/// One comparison of the graph with itself a round, where simplifying each root on its own
/// compared each root's part again (`sides::parts` asks for every vertex of a component:
/// an eighth of `tttt..ffff`'s time). An error when a root's game is not a stopper.
pub fn canonical_each(
    graph: &Graph,
    roots: &[u32],
    work: &mut Work,
) -> Result<Vec<Loopy>, KernelError> {
    if !graph.check() || roots.iter().any(|&r| r as usize >= graph.len()) {
        return Err(super::limit("a root out of its graph"));
    }
    if roots
        .iter()
        .any(|&r| !Loopy::new(graph, r).is_some_and(|g| g.is_stopper()))
    {
        return Err(super::not_stopper("canonical form"));
    }
    let (graph, roots) = simplest(graph.clone(), roots.to_vec(), work)?;
    Ok(roots
        .iter()
        .map(|&r| number(&Loopy::new(&graph, r).unwrap_or_else(Loopy::zero)))
        .collect())
}

/// Dominated options removed, reversible ones bypassed, then equal vertices fused, to a
/// fixed point, on a stopper graph: the graph and where the `roots` went.
fn simplest(
    graph: Graph,
    roots: Vec<u32>,
    work: &mut Work,
) -> Result<(Graph, Vec<u32>), KernelError> {
    let (mut cur, mut roots) = graph.reached(&roots);
    for _ in 0..MAX_ROUNDS {
        let n = cur.len();
        let whole = Loopy {
            graph: cur,
            root: 0,
        };
        let ge = ge_matrix(&whole, &whole, work)?;
        cur = whole.graph;
        let at = |a: u32, b: u32| ge[a as usize * n + b as usize];
        let mut graph = cur.clone();
        let mut changed = false;
        // Dominated options.
        for v in 0..n as u32 {
            let keep_l = undominated(graph.left(v), at);
            let keep_r = undominated(graph.right(v), |y, x| at(x, y));
            if keep_l.len() != graph.left(v).len() || keep_r.len() != graph.right(v).len() {
                changed = true;
                graph.set_options(v, keep_l, keep_r);
            }
            work.tick(1)?;
        }
        // Reversible options, one bypass per vertex and side per round: a Left option Gᴸ
        // with a Gᴸᴿ ≤ G, then a Right option Gᴿ with a Gᴿᴸ ≥ G.
        for v in 0..n as u32 {
            work.tick(1)?;
            for who in [Player::Left, Player::Right] {
                let left = who == Player::Left;
                let reverses = |o: u32| if left { at(v, o) } else { at(o, v) };
                let mine = graph.options(v, who).to_vec();
                let hit = mine.iter().find_map(|&x| {
                    let back = graph.options(x, who.other());
                    back.iter().find(|&&o| reverses(o)).map(|&o| (x, o))
                });
                if let Some((x, o)) = hit {
                    let mut os: Vec<u32> = mine.into_iter().filter(|&y| y != x).collect();
                    os.extend_from_slice(graph.options(o, who));
                    let theirs = graph.options(v, who.other()).to_vec();
                    let (l, r) = if left { (os, theirs) } else { (theirs, os) };
                    graph.set_options(v, l, r);
                    changed = true;
                }
            }
        }
        if changed {
            (cur, roots) = graph.reached(&roots);
            continue;
        }
        // Fusion: each vertex to the first vertex equal to it.
        let rep: Vec<u32> = (0..n as u32)
            .map(|a| (0..=a).find(|&b| at(a, b) && at(b, a)).unwrap_or(a))
            .collect();
        if rep.iter().enumerate().all(|(a, &r)| a as u32 == r) {
            return Ok((cur, roots));
        }
        let fused = graph.mapped(0..n as u32, &rep);
        let moved: Vec<u32> = roots.iter().map(|&r| rep[r as usize]).collect();
        (cur, roots) = fused.reached(&moved);
    }
    Err(super::limit("100000 rounds of simplifying a stopper"))
}

/// The options `os` that no other one dominates, `better(y, x)` saying y is at least as good
/// as x for their player; of equal options the first in `os`' order (the smallest) is kept.
fn undominated(os: &[u32], better: impl Fn(u32, u32) -> bool) -> Vec<u32> {
    let beaten = |x: u32| {
        os.iter()
            .any(|&y| y != x && better(y, x) && (!better(x, y) || y < x))
    };
    os.iter().copied().filter(|&x| !beaten(x)).collect()
}

/// The same game with its vertices numbered canonically: colours refined from the options'
/// colours until stable (the rank of each vertex's signature among all signatures, so the
/// colours do not depend on the input's numbering), then breadth first from the game, options
/// in colour order. In a fused simplest form no two vertices share a colour (two that did
/// would unfold to the same game tree, hence be equal), so the numbering is canonical.
pub fn number(g: &Loopy) -> Loopy {
    let graph = g.graph();
    let n = graph.len();
    let sig = super::refine::option_classes(graph, false);
    // Without a budget to stop it (at most n rounds of n signatures).
    let colour: Vec<u32> = match super::refine::refine(n, &sig, &mut |_| Ok(())) {
        Ok((c, _)) => c.into_iter().map(|c| c as u32).collect(),
        Err(_) => (0..n as u32).collect(),
    };
    // Breadth first from the root, options in colour order.
    let mut order = vec![g.root()];
    let mut index = vec![u32::MAX; n];
    if let Some(i) = index.get_mut(g.root() as usize) {
        *i = 0;
    }
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for side in [graph.left(v), graph.right(v)] {
            let mut os = side.to_vec();
            os.sort_by_key(|&t| (colour[t as usize], t));
            for t in os {
                if index[t as usize] == u32::MAX {
                    index[t as usize] = order.len() as u32;
                    order.push(t);
                }
            }
        }
    }
    Loopy {
        graph: graph.mapped(order.iter().copied(), &index),
        root: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Relation;
    use crate::loopy::order::compare;
    use crate::loopy::tests::random_graph;

    /// Random graphs of up to eight vertices, every vertex whose game is a stopper a root:
    /// the forms found together are the forms found one root at a time (the simplest form
    /// is unique up to naming, Siegel VI.3, and `number` names it canonically), and each is
    /// equal to its root's game by the order of stoppers.
    #[test]
    fn forms_found_together_are_each_roots_form() {
        let mut seed = 23u64;
        let mut compared = 0;
        for i in 0..300 {
            let graph = random_graph(&mut seed, 1 + i % 8, [10, 20, 30][i % 3]);
            let roots: Vec<u32> = (0..graph.len() as u32)
                .filter(|&r| Loopy::new(&graph, r).is_some_and(|g| g.is_stopper()))
                .collect();
            let together = canonical_each(&graph, &roots, &mut Work::default()).unwrap();
            assert_eq!(together.len(), roots.len());
            for (&r, form) in roots.iter().zip(&together) {
                let g = Loopy::new(&graph, r).unwrap();
                assert_eq!(
                    form,
                    &canonical(&g, &mut Work::default()).unwrap(),
                    "{graph:?} at {r}"
                );
                let rel = compare(form, &g, &mut Work::default()).unwrap();
                assert_eq!(rel, Relation::Equal, "{graph:?} at {r}");
                compared += 1;
            }
        }
        assert!(compared > 300, "{compared}");
    }

    /// A root whose game is not a stopper is an error, not a form.
    #[test]
    fn a_root_that_is_not_a_stopper_is_refused() {
        let mut graph = Graph::with_vertices(2);
        graph.set_options(0, vec![1], vec![]);
        graph.set_options(1, vec![], vec![0]);
        assert!(canonical_each(&graph, &[1], &mut Work::default()).is_err());
        assert!(canonical_each(&graph, &[2], &mut Work::default()).is_err());
    }
}
