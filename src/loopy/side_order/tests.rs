//! The order of sides started from a bound (issue 49): the fixed point reached from any
//! superset of the answer is the answer reached from every pair, on random graphs; and the
//! bound the part-by-part search gives its trial deletions (the matrix of the graph before
//! the deletion) is such a superset.

use super::*;
use crate::loopy::tests::{random_graph, w};
use crate::loopy::Graph;

/// A linear congruential generator (no dependency), as `random_graph` draws.
fn step(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

/// `g` with each of `who`'s edges at the first `m` vertices dropped with probability 1/3.
fn drop_some(g: &Graph, m: usize, who: Player, seed: &mut u64) -> Graph {
    let mut h = g.clone();
    for v in 0..m.min(g.len()) as u32 {
        let kept: Vec<u32> = g
            .options(v, who)
            .iter()
            .copied()
            .filter(|_| !step(seed).is_multiple_of(3))
            .collect();
        h.set_side(v, who, kept);
    }
    h
}

/// From every pair, from the answer widened by random pairs, and from the answer itself:
/// one matrix. The widened start is the general case of the argument in [`solve`]'s doc.
#[test]
fn any_superset_of_the_answer_gives_the_answer() {
    let mut seed = 5u64;
    let mut rejected = 0;
    for i in 0..300 {
        let n = 1 + i % 7;
        let g = Loopy::new(&random_graph(&mut seed, n, 30), 0).unwrap();
        let h = Loopy::new(&random_graph(&mut seed, n, 30), 0).unwrap();
        for side in [Side::On, Side::Off] {
            let full = solve(&g, &h, side, &[], None, &mut w()).unwrap().unwrap();
            let wide: Vec<bool> = full
                .iter()
                .map(|&x| x || step(&mut seed).is_multiple_of(2))
                .collect();
            rejected += wide.iter().zip(&full).filter(|(a, b)| a != b).count();
            for start in [&wide, &full] {
                let from = solve(&g, &h, side, &[], Some(start), &mut w()).unwrap();
                assert_eq!(from.as_ref(), Some(&full), "{g:?} {h:?} {side:?}");
            }
        }
    }
    assert!(
        rejected > 100,
        "the widened starts added only {rejected} pairs"
    );
}

/// A trial deletion's question (is every one of the first m vertices' side kept?) answered
/// with the graph's own matrix as the bound, as `sides::parts` asks it, and without: the same
/// answers, both "kept" and "changed" met.
#[test]
fn the_matrix_before_a_deletion_bounds_the_trial() {
    let mut seed = 9u64;
    let (mut kept, mut changed) = (0, 0);
    for i in 0..400 {
        let n = 2 + i % 7;
        let m = 1 + i % n;
        let g = Loopy::new(&random_graph(&mut seed, n, 30), 0).unwrap();
        for side in [Side::On, Side::Off] {
            let bound = side_ge_matrix(&g, &g, side, &mut w()).unwrap();
            for who in [Player::Left, Player::Right] {
                // Numbered as g is (`Loopy::new` would renumber what the root still reaches).
                let next = Loopy {
                    graph: drop_some(g.graph(), m, who, &mut seed),
                    root: 0,
                };
                let (a, b) = match who {
                    Player::Left => (&next, &g),
                    Player::Right => (&g, &next),
                };
                let plain = side_ge_diagonal(a, b, side, m, None, &mut w()).unwrap();
                let bounded = side_ge_diagonal(a, b, side, m, Some(&bound), &mut w()).unwrap();
                assert_eq!(plain, bounded, "{g:?} {next:?} {side:?} {who:?}");
                let matrix = side_ge_matrix(a, b, side, &mut w()).unwrap();
                assert!(matrix.iter().zip(&bound).all(|(&x, &y)| !x || y));
                if plain {
                    kept += 1;
                } else {
                    changed += 1;
                }
            }
        }
    }
    assert!(
        kept > 100 && changed > 100,
        "{kept} kept, {changed} changed"
    );
}
