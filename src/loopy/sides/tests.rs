//! The sides of loopy games against CGSuite's documented values (EvalTest.scala and the
//! loopy-games tutorial of aaron-siegel/cgsuite) and the theory, worked by hand in the
//! comments; and, on random graphs, against sidling by rounds, a different procedure.

use super::*;
use crate::functions::test_eval::show;
use crate::loopy::order;
use crate::loopy::tests::{random_graph, w};
use crate::Kernel;

/// over − over = over + under = over & under. By hand: the sum is G = {under, G | G, over}
/// (Left's pass in under, Right's in over). In the onside Right's pass is useless (Left passes
/// back and infinite play is Left's), so G⁺ = a{under, a | over}, a stopper; its Left option
/// a reverses through over ≤ a to over's Left option 0, under < 0 is dominated, and
/// {0 | over} = over (over = {0 | over}). The offside is the negative of the onside of
/// −G = G, that is under.
#[test]
fn over_minus_over() {
    assert_eq!(show("over - over"), "over & under");
    assert_eq!(show("over + under"), "over & under");
    assert_eq!(show("onside(over - over)"), "over");
    assert_eq!(show("offside(over - over)"), "under");
}

/// upon − upon: its onside is upon's degree. CGSuite's CanonicalStopperTestCase gives the
/// degree of `{0|^<on>||v<on>}` as `^<on>`; here the sides of upon − upon are `^<on>` (the
/// tutorial's uponth `{0||0|0,pass}`) and its negative, and sidling by rounds, a procedure
/// sharing nothing with the pruning but `canonical`, agrees where it settles.
#[test]
fn upon_minus_upon() {
    assert_eq!(show("upon - upon"), "^<on> & v<on>");
    let g = Loopy::upon().add(&Loopy::upon().neg(), &mut w()).unwrap();
    for which in [Side::On, Side::Off] {
        let s = side(&g, which, &mut w()).unwrap();
        if let Some(r) = by_rounds(&g, which, &mut w()).unwrap() {
            assert_eq!(s, r);
        }
    }
}

/// Bach's Carousel is not stopper-sided (CGSuite has no Onside for it): an error, no guess.
#[test]
fn bachs_carousel_has_no_stopper_sides() {
    let mut k = Kernel::new();
    let g =
        crate::loopy::notation::read("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}", &mut k, &mut w()).unwrap();
    for which in [Side::On, Side::Off] {
        match side(&g, which, &mut w()) {
            Err(KernelError::Function { message, .. }) => {
                assert!(message.contains(which.name()), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// For random graphs of at most 6 vertices: where both sides are found, the onside is at
/// least the offside (Siegel VI.4); where sidling by rounds settles, the pruning either finds
/// the same stopper or none; and the two procedures each find some.
#[test]
fn random_sides_agree_with_sidling_by_rounds() {
    let mut seed = 7u64;
    let (mut both, mut agreed, mut sided) = (0, 0, 0);
    for i in 0..150 {
        let n = 1 + i % 6;
        let graph = random_graph(&mut seed, n, 15 + (i as u64 % 4) * 10);
        let g = Loopy::new(&graph, 0).unwrap();
        if g.is_stopper() {
            continue;
        }
        let mut sides = Vec::new();
        for which in [Side::On, Side::Off] {
            let pruned = by_pruning(&g, which, &mut w()).unwrap();
            let rounds = by_rounds(&g, which, &mut w()).unwrap();
            if let (Some(p), Some(r)) = (&pruned, &rounds) {
                assert_eq!(p, r, "{graph:?} {which:?}");
                agreed += 1;
            }
            if rounds.is_some() {
                both += 1;
            }
            sides.push(side(&g, which, &mut w()).ok());
        }
        if let [Some(on), Some(off)] = &sides[..] {
            sided += 1;
            assert!(order::ge(on, off, &mut w()).unwrap(), "{graph:?}");
        }
    }
    assert!(agreed > 10 && sided > 10, "{agreed} {both} {sided}");
}

/// Random graphs in layers (edges inside a layer of 2 or 3 vertices, or down to a lower
/// layer), so that a game has several strongly connected parts: where sidling part by part
/// answers (its answer is not checked against the game inside `by_parts`), it is the stopper
/// that sidling by rounds finds when that settles, and the one deleting edges on the whole
/// graph finds; and it answers often.
#[test]
fn sidling_part_by_part_agrees_with_the_whole_graph() {
    let mut seed = 11u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        seed >> 33
    };
    let (mut answered, mut against_rounds, mut against_pruning) = (0, 0, 0);
    for i in 0..120 {
        let n = 3 + i % 6;
        let layer = |v: u32| v / (2 + (i as u32 % 2));
        let mut graph = Graph::with_vertices(n);
        for v in 0..n as u32 {
            let mut os = [Vec::new(), Vec::new()];
            for t in 0..n as u32 {
                let p = if layer(t) == layer(v) { 30 } else { 20 };
                for o in os.iter_mut() {
                    if layer(t) <= layer(v) && next() % 100 < p {
                        o.push(t);
                    }
                }
            }
            let [l, r] = os;
            graph.set_options(v, l, r);
        }
        // The game is the top vertex, which reaches the layers below.
        let g = Loopy::new(&graph, n as u32 - 1).unwrap();
        if g.is_stopper() {
            continue;
        }
        for which in [Side::On, Side::Off] {
            let Some(s) = parts::by_parts(&g, which, &mut w()).unwrap() else {
                continue;
            };
            answered += 1;
            if let Some(r) = by_rounds(&g, which, &mut w()).unwrap() {
                assert_eq!(s, r, "{graph:?} {which:?}");
                against_rounds += 1;
            }
            if let Some(p) = by_pruning(&g, which, &mut w()).unwrap() {
                assert_eq!(s, p, "{graph:?} {which:?}");
                against_pruning += 1;
            }
        }
    }
    assert!(
        answered > 20 && against_rounds > 10 && against_pruning > 10,
        "{answered} {against_rounds} {against_pruning}"
    );
}

/// Bach's Carousel's sides are not stoppers, and CGSuite prints them simplified
/// (EvalTest.scala, "not stopper-sided", "sided + sided" and "integer * sided"):
/// G = `a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}` is `a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}`, and
/// G + 1 is `a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}`. Those are CGSuite's games, not
/// onag's: each is checked here to have G's side by the order of sides (Siegel VI.4–5: G⁺ ≥
/// H⁺ and H⁺ ≥ G⁺, decided as a Büchi game on G − H, `side_order`), so CGSuite's onside of
/// G is G's onside and its offside G's offside, though neither is a stopper. The other side
/// of each differs (CGSuite's onside game has another offside than G), which shows the
/// comparison tells sides apart.
#[test]
fn cgsuite_sides_of_bachs_carousel_are_its_sides() {
    use crate::loopy::side_order::side_ge;
    let mut k = Kernel::new();
    let mut read = |s: &str| crate::loopy::notation::read(s, &mut k, &mut w()).unwrap();
    let rows = [
        (
            "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}",
            "a{1|1,{1*|a||*}||0}",
            "a{0,{1|||1*|a||*}|0}",
        ),
        (
            "a{1,{2|2,{1*,{2*|2*,a}|1*}}|1}",
            "a{2|2,{2*|a||1*}||1}",
            "a{1,{2|||2*|a||1*}|1}",
        ),
    ];
    for (g, on, off) in rows {
        let (gg, on_g, off_g) = (read(g), read(on), read(off));
        assert!(!on_g.is_stopper() && !off_g.is_stopper(), "{g}");
        for (h, side) in [(&on_g, Side::On), (&off_g, Side::Off)] {
            assert!(side_ge(&gg, h, side, &mut w()).unwrap(), "{g} vs {side:?}");
            assert!(side_ge(h, &gg, side, &mut w()).unwrap(), "{side:?} vs {g}");
        }
        let other = side_ge(&gg, &on_g, Side::Off, &mut w()).unwrap()
            && side_ge(&on_g, &gg, Side::Off, &mut w()).unwrap();
        assert!(!other, "{g}: CGSuite's onside game has G's offside too");
    }
    // G + 1 is the graph of G with every short part moved by 1 (number translation):
    // 1 + * is 1*, 1 + 1* is 2*, written so in the second row, which is G + 1 by the
    // product graph too.
    let g = read("a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    let one = read("1");
    let sum = g.add(&one, &mut w()).unwrap();
    let moved = read("a{1,{2|2,{1*,{2*|2*,a}|1*}}|1}");
    for side in [Side::On, Side::Off] {
        assert!(side_ge(&sum, &moved, side, &mut w()).unwrap());
        assert!(side_ge(&moved, &sum, side, &mut w()).unwrap());
    }
}
