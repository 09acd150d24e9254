//! The offside of a game equal to its negative taken from its onside (issue 49): whether
//! G = −G is checked against a bisimulation written here as a greatest fixed point on pairs
//! (no partition refinement), and the value so found against both sides sought one by one.

use super::*;
use crate::loopy::tests::{random_graph, w};
use crate::loopy::Player;

/// Whether vertex u of `g` and vertex v of −g unfold to the same game, for all u, v: the
/// largest relation in which each Left option of u has a related Left option of v in −g (a
/// Right option of v in g) and back, and the same for Right.
fn bisimilar_to_negative(g: &Loopy) -> Vec<Vec<bool>> {
    let gr = g.graph();
    let n = gr.len();
    let mut rel = vec![vec![true; n]; n];
    let matched = |rel: &Vec<Vec<bool>>, a: &[u32], b: &[u32]| {
        a.iter()
            .all(|&x| b.iter().any(|&y| rel[x as usize][y as usize]))
            && b.iter()
                .all(|&y| a.iter().any(|&x| rel[x as usize][y as usize]))
    };
    loop {
        let mut changed = false;
        for u in 0..n {
            for v in 0..n {
                if !rel[u][v] {
                    continue;
                }
                let (u32_, v32) = (u as u32, v as u32);
                let ok = matched(&rel, gr.left(u32_), gr.options(v32, Player::Right))
                    && matched(&rel, gr.right(u32_), gr.options(v32, Player::Left));
                if !ok {
                    rel[u][v] = false;
                    changed = true;
                }
            }
        }
        if !changed {
            return rel;
        }
    }
}

/// Random graphs of up to six vertices at each root, and sums G − G (always equal to their
/// negative: (a, b) ↦ (b, a)): the refinement and the fixed point agree, both answers met.
#[test]
fn self_negative_is_bisimilarity_with_the_negative() {
    let mut seed = 3u64;
    let (mut yes, mut no) = (0, 0);
    for i in 0..300 {
        let n = 1 + i % 6;
        let gr = random_graph(&mut seed, n, 25);
        let rel = bisimilar_to_negative(&Loopy {
            graph: gr.clone(),
            root: 0,
        });
        for root in 0..n as u32 {
            let g = Loopy::new(&gr, root).unwrap();
            let want = rel[root as usize][root as usize];
            assert_eq!(
                self_negative(&g, &mut w()).unwrap(),
                want,
                "{gr:?} at {root}"
            );
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        if n <= 3 {
            let g = Loopy::new(&gr, 0).unwrap();
            let d = g.add(&g.neg(), &mut w()).unwrap();
            assert!(self_negative(&d, &mut w()).unwrap(), "{gr:?}: G - G");
            assert!(bisimilar_to_negative(&d)[d.root() as usize][d.root() as usize]);
            yes += 1;
        }
    }
    assert!(
        yes > 50 && no > 50,
        "{yes} equal to their negative, {no} not"
    );
}

/// For games equal to their negative the value with the offside taken from the onside is
/// the value with both sides sought: G − G for random G, and the symmetric strips of
/// Backsliding Toads and Frogs.
#[test]
fn the_offside_from_the_onside_is_the_offside() {
    let mut seed = 17u64;
    let mut games = Vec::new();
    for i in 0..120 {
        let gr = random_graph(&mut seed, 1 + i % 3, 30);
        let g = Loopy::new(&gr, 0).unwrap();
        games.push(g.add(&g.neg(), &mut w()).unwrap());
    }
    for s in ["t.f", "tt.ff", "t..f", "tt..ff", "t.t.f.f", "ttt..fff"] {
        let strip = crate::rulesets::backsliding_toads::parse(s).unwrap();
        games.push(crate::rulesets::backsliding_toads::graph(&strip, &mut w()).unwrap());
    }
    let mut sided = 0;
    for g in &games {
        assert!(self_negative(g, &mut w()).unwrap());
        let value = Value::of(g, &mut w()).unwrap();
        if g.is_stopper() {
            continue;
        }
        let on = side_game(g, Side::On, &mut w()).unwrap();
        let off = side_game(g, Side::Off, &mut w()).unwrap();
        assert_eq!(value, Value::of_sides(on, off, &mut w()).unwrap(), "{g:?}");
        sided += 1;
    }
    assert!(sided > 20, "{sided}");
}
