//! The loopy checker's own decision of G ≥ H for one pair of stoppers, from the definition,
//! never by `crate::loopy::order`.
//!
//! G ≥ H when Left, moving second in G − H, survives: Right cannot force her, in finitely
//! many moves, to a position where she has no move (Siegel, *Combinatorial Game Theory*
//! VI.1; an infinite play is a draw, which she survives). The positions from which Right can
//! force that are the least fixed point of one round of retrograde reasoning (a position with
//! Left to move is lost for her when every move she has leads to a lost one, none included; a
//! position with Right to move when one of his does). Here it is grown by a worklist (the
//! attractor) over only the positions reachable from G − H with Right to move, so one
//! comparison costs those positions' moves once. The checker's all-pairs table
//! (`Checker::ge`) answers every pair of a graph at once, for the fusion of positions; a rule's
//! condition and a step's "the game is unchanged" each ask one pair, and on the graphs of a
//! ruleset's position (hundreds of positions) the table's rounds over all pairs cost minutes
//! where the pair's own positions cost milliseconds.

use super::loopy_sides::Graph;
use std::collections::HashMap;

/// Whether stopper vertex `a` of `g` is at least stopper vertex `b` of `h`. `tick` is called
/// with units of work and may stop the search.
pub(crate) fn ge<E>(
    g: &Graph<'_>,
    a: usize,
    h: &Graph<'_>,
    b: usize,
    tick: &mut dyn FnMut(u64) -> Result<(), E>,
) -> Result<bool, E> {
    if a >= g.l.len() || b >= h.l.len() {
        return Ok(false);
    }
    // A position: (vertex of G, vertex of H, Left to move). Left moves in G by her options and
    // in −H by H's Right options; Right the other way.
    let moves = |&(x, y, left): &(usize, usize, bool)| -> Vec<(usize, usize, bool)> {
        let (in_g, in_h) = if left {
            (&g.l[x], &h.r[y])
        } else {
            (&g.r[x], &h.l[y])
        };
        in_g.iter()
            .map(|&x2| (x2, y, !left))
            .chain(in_h.iter().map(|&y2| (x, y2, !left)))
            .collect()
    };
    // The positions reachable from the start, numbered as found, with their moves.
    let start = (a, b, false);
    let mut index: HashMap<(usize, usize, bool), usize> = HashMap::new();
    let mut states = vec![start];
    index.insert(start, 0);
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let ms = moves(&states[i]);
        tick(1 + ms.len() as u64)?;
        let mut targets = Vec::with_capacity(ms.len());
        for m in ms {
            let k = *index.entry(m).or_insert_with(|| {
                states.push(m);
                states.len() - 1
            });
            targets.push(k);
        }
        out.push(targets);
        i += 1;
    }
    let n = states.len();
    let mut into: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (s, ts) in out.iter().enumerate() {
        for &t in ts {
            into[t].push(s);
        }
    }
    // Lost for Left: with Left to move once every move of hers is lost (at once when she has
    // none); with Right to move once one of his is.
    let mut left_over: Vec<usize> = out.iter().map(Vec::len).collect();
    let mut lost = vec![false; n];
    let mut queue: Vec<usize> = (0..n)
        .filter(|&s| states[s].2 && out[s].is_empty())
        .collect();
    for &s in &queue {
        lost[s] = true;
    }
    while let Some(t) = queue.pop() {
        tick(1 + into[t].len() as u64)?;
        for &s in &into[t] {
            if lost[s] {
                continue;
            }
            if states[s].2 {
                left_over[s] -= 1;
                if left_over[s] > 0 {
                    continue;
                }
            }
            lost[s] = true;
            queue.push(s);
        }
    }
    Ok(!lost[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ge_of(g: (&[Vec<usize>], &[Vec<usize>]), h: (&[Vec<usize>], &[Vec<usize>])) -> bool {
        let (g, h) = (Graph { l: g.0, r: g.1 }, Graph { l: h.0, r: h.1 });
        ge::<()>(&g, 0, &h, 0, &mut |_| Ok(())).unwrap()
    }

    /// on > 1 > 0 > off, * is confused with 0, over > 0, and each is at least itself
    /// (Siegel VI.1; Winning Ways ch. 11).
    #[test]
    fn the_order_of_small_stoppers() {
        let zero = (&[vec![]][..], &[vec![]][..]);
        let one = (&[vec![1], vec![]][..], &[vec![], vec![]][..]);
        let star = (&[vec![1], vec![]][..], &[vec![1], vec![]][..]);
        let on = (&[vec![0]][..], &[vec![]][..]);
        let off = (&[vec![]][..], &[vec![0]][..]);
        // over = {0 | pass}
        let over = (&[vec![1], vec![]][..], &[vec![0], vec![]][..]);
        let all = [zero, one, star, on, off, over];
        for x in all {
            assert!(ge_of(x, x));
        }
        assert!(ge_of(on, one) && !ge_of(one, on));
        assert!(ge_of(one, zero) && !ge_of(zero, one));
        assert!(ge_of(zero, off) && !ge_of(off, zero));
        assert!(!ge_of(star, zero) && !ge_of(zero, star));
        assert!(ge_of(over, zero) && !ge_of(zero, over));
        assert!(ge_of(one, over) && !ge_of(over, one));
    }

    /// A graph of up to six vertices, each option drawn from them (self-moves, `pass`,
    /// included).
    fn graph() -> impl Strategy<Value = Vec<(Vec<usize>, Vec<usize>)>> {
        (1usize..=6).prop_flat_map(|n| {
            let side = proptest::collection::vec(0..n, 0..=3);
            proptest::collection::vec((side.clone(), side), n)
        })
    }

    proptest! {
        // Most random graphs have an alternating cycle and are drawn again.
        #![proptest_config(ProptestConfig {
            cases: 400,
            max_global_rejects: 100_000,
            ..ProptestConfig::default()
        })]

        /// For every pair of vertices of a random stopper, this search agrees with the
        /// producer's order of stoppers (`crate::loopy::order`, all pairs at once by its own
        /// fixed point): two procedures, one definition.
        #[test]
        fn agrees_with_the_producers_order(edges in graph()) {
            let n = edges.len();
            let mut lg = crate::loopy::Graph::with_vertices(n);
            for (v, (l, r)) in edges.iter().enumerate() {
                let to = |os: &[usize]| os.iter().map(|&o| o as u32).collect();
                lg.set_options(v as u32, to(l), to(r));
            }
            prop_assume!(lg.is_alternating_acyclic());
            // The vertices reached from 0, which `Loopy::new` keeps, numbered in that order.
            let order = lg.reachable(0);
            let m = order.len();
            let mut at = vec![0usize; n];
            for (i, &v) in order.iter().enumerate() {
                at[v as usize] = i;
            }
            let whole = crate::loopy::Loopy::new(&lg, 0).unwrap();
            let table = crate::loopy::order::ge_matrix(&whole, &whole, &mut Default::default())
                .unwrap();
            let l: Vec<Vec<usize>> = edges.iter().map(|e| e.0.clone()).collect();
            let r: Vec<Vec<usize>> = edges.iter().map(|e| e.1.clone()).collect();
            let g = Graph { l: &l, r: &r };
            for &a in &order {
                for &b in &order {
                    let (a, b) = (a as usize, b as usize);
                    let mine = ge::<()>(&g, a, &g, b, &mut |_| Ok(())).unwrap();
                    let theirs = table[at[a] * m + at[b]];
                    prop_assert_eq!(mine, theirs, "{} >= {} in {:?}", a, b, edges);
                }
            }
        }
    }
}
