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

/// Each member's class (numbered by the order of signatures, from 0), and how many classes.
/// `sig(i, classes)` is member i's signature under the current classes; `tick` is called once
/// a round with `n` and may stop the refinement.
pub fn refine<S: Ord>(
    n: usize,
    sig: &dyn Fn(usize, &[usize]) -> S,
    tick: &mut dyn FnMut(u64) -> Result<(), KernelError>,
) -> Result<(Vec<usize>, usize), KernelError> {
    let mut class = vec![0usize; n];
    let mut count = usize::from(n > 0);
    loop {
        tick(n as u64)?;
        let sigs: Vec<(usize, S)> = (0..n).map(|i| (class[i], sig(i, &class))).collect();
        let mut ranks: BTreeMap<&(usize, S), usize> = BTreeMap::new();
        for s in &sigs {
            ranks.insert(s, 0);
        }
        for (k, r) in ranks.values_mut().enumerate() {
            *r = k;
        }
        let next: Vec<usize> = sigs.iter().map(|s| ranks[s]).collect();
        let now = ranks.len();
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
