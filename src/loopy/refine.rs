//! Partition refinement: the coarsest partition of `0..n` in which two members share a class
//! only when their signatures (made from the classes of the current partition) agree.
//!
//! Three places need it, each with its own signature: a game graph kept minimal as a form
//! ([`super::derive::minimal`]: options as sets of classes), a proof's graph writer matching
//! positions with those written before (options in order), and a term table absorbing a table
//! with cycles (views with references read as classes). It starts from one class and splits
//! until a round splits nothing, so the result is the greatest fixed point: bisimilarity for
//! the signature's notion of "the same".

use crate::kernel::KernelError;
use std::collections::BTreeMap;

/// The signature of a game graph's vertex `v`: the sorted classes of its Left options and of
/// its Right options, each list without repeats when `set` (options as a set of classes, as
/// [`super::derive::minimal`] takes them; in order with repeats for a canonical numbering).
pub fn option_classes(
    graph: &super::Graph,
    set: bool,
) -> impl Fn(usize, &[usize]) -> (Vec<usize>, Vec<usize>) + '_ {
    move |v, class| {
        let side = |os: &[u32]| {
            let mut c: Vec<usize> = os.iter().map(|&t| class[t as usize]).collect();
            c.sort_unstable();
            if set {
                c.dedup();
            }
            c
        };
        (side(graph.left(v as u32)), side(graph.right(v as u32)))
    }
}

/// Each member's class (numbered by the order of signatures, from 0), and how many classes.
/// `sig(i, classes)` is member i's signature under the current classes; `tick` is called once
/// a round with the number of members signed (at least 1) and may stop the refinement.
pub fn refine<S: Ord>(
    n: usize,
    sig: &dyn Fn(usize, &[usize]) -> S,
    tick: &mut dyn FnMut(u64) -> Result<(), KernelError>,
) -> Result<(Vec<usize>, usize), KernelError> {
    let mut class = vec![0usize; n];
    let mut count = usize::from(n > 0);
    loop {
        // Each member's new class is the rank of (its class, its signature) among all such
        // pairs: classes in order, and within a class its distinct signatures in order. A
        // member alone in its class keeps a rank of its own whatever its signature, so only
        // the classes of two or more are signed (a path of n vertices takes n rounds, most of
        // them splitting one vertex off; signing every vertex each round made it quadratic
        // in signatures and in the map's work).
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (i, &c) in class.iter().enumerate() {
            members[c].push(i);
        }
        let signed: usize = members.iter().filter(|m| m.len() > 1).map(Vec::len).sum();
        tick(signed.max(1) as u64)?;
        let mut next = vec![0usize; n];
        let mut now = 0;
        for m in &members {
            if let [i] = m.as_slice() {
                next[*i] = now;
                now += 1;
                continue;
            }
            let sigs: Vec<S> = m.iter().map(|&i| sig(i, &class)).collect();
            let mut ranks: BTreeMap<&S, usize> = BTreeMap::new();
            for s in &sigs {
                ranks.insert(s, 0);
            }
            for (k, r) in ranks.values_mut().enumerate() {
                *r = now + k;
            }
            for (&i, s) in m.iter().zip(&sigs) {
                next[i] = ranks[s];
            }
            now += ranks.len();
        }
        class = next;
        if now == count {
            return Ok((class, count));
        }
        count = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Refinement as first written: every member signed each round into one map of (class,
    /// signature) pairs, each member's new class the rank of its pair.
    fn every_member_signed<S: Ord>(
        n: usize,
        sig: &dyn Fn(usize, &[usize]) -> S,
    ) -> (Vec<usize>, usize) {
        let mut class = vec![0usize; n];
        let mut count = usize::from(n > 0);
        loop {
            let sigs: Vec<(usize, S)> = (0..n).map(|i| (class[i], sig(i, &class))).collect();
            let mut distinct: Vec<&(usize, S)> = sigs.iter().collect();
            distinct.sort();
            distinct.dedup();
            class = sigs
                .iter()
                .map(|s| distinct.binary_search(&s).unwrap_or(usize::MAX))
                .collect();
            if distinct.len() == count {
                return (class, count);
            }
            count = distinct.len();
        }
    }

    /// Signing only the classes of two or more gives every member the class the first
    /// algorithm gave it (the canonical numbering of stoppers depends on the classes' order,
    /// not only on the partition): random graphs of up to 12 vertices, options as sets of
    /// classes in each player's list, as the simplest form's numbering signs them, and paths
    /// (one vertex split off a round).
    #[test]
    fn the_classes_are_those_of_signing_every_member() {
        use crate::loopy::tests::random_graph;
        let mut seed = 7u64;
        for i in 0..300 {
            let g = random_graph(&mut seed, i % 13, [5, 15, 30][i % 3]);
            let sorted = |os: &[u32], c: &[usize]| -> Vec<usize> {
                let mut v: Vec<usize> = os.iter().map(|&t| c[t as usize]).collect();
                v.sort_unstable();
                v
            };
            let sig =
                |v: usize, c: &[usize]| (sorted(g.left(v as u32), c), sorted(g.right(v as u32), c));
            let fast = refine(g.len(), &sig, &mut |_| Ok(())).unwrap();
            assert_eq!(fast, every_member_signed(g.len(), &sig), "graph {i}");
        }
        for n in [1usize, 2, 7, 40] {
            let sig = |i: usize, c: &[usize]| -> Vec<usize> {
                if i + 1 < n {
                    vec![c[i + 1]]
                } else {
                    vec![]
                }
            };
            let fast = refine(n, &sig, &mut |_| Ok(())).unwrap();
            assert_eq!(fast.1, n);
            assert_eq!(fast, every_member_signed(n, &sig), "path of {n}");
        }
    }

    /// A path 0 → 1 → 2 and a cycle 3 → 3: 2 (no successor) differs from all; 1 and 0 differ
    /// by their distance from it; the cycle is its own class.
    #[test]
    fn a_path_splits_by_distance_and_a_cycle_stays_whole() {
        let succ: [Vec<usize>; 4] = [vec![1], vec![2], vec![], vec![3]];
        let sig = |i: usize, c: &[usize]| -> Vec<usize> { succ[i].iter().map(|&t| c[t]).collect() };
        let (class, count) = refine(4, &sig, &mut |_| Ok(())).unwrap();
        assert_eq!(count, 4);
        let mut seen = class.clone();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 4);
        // Two cycles of different lengths unfold to the same tree: one class.
        let succ: [Vec<usize>; 3] = [vec![0], vec![2], vec![1]];
        let sig = |i: usize, c: &[usize]| -> Vec<usize> { succ[i].iter().map(|&t| c[t]).collect() };
        let (class, count) = refine(3, &sig, &mut |_| Ok(())).unwrap();
        assert_eq!((count, class), (1, vec![0, 0, 0]));
    }
}
