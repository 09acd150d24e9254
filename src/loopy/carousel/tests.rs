//! Sides that are not stoppers against CGSuite's EvalTest.scala rows for Bach's Carousel
//! (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala: "not
//! stopper-sided", "sided + sided", "integer * sided"), each answer also checked by the order
//! of sides against sums of the game as written (the product graph, by the definition of +),
//! which shares nothing with the simplification but the order of sides.

use super::*;
use crate::functions::test_eval::{show, value};
use crate::functions::world;
use crate::loopy::side_order::side_ge;
use crate::loopy::tests::w;
use crate::loopy::value::Value;
use crate::Kernel;

const CAROUSEL: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

fn loopy(k: &mut Kernel, src: &str) -> Value {
    match value(k, src) {
        world::Value::Loopy(v) => *v,
        other => panic!("{src}: not loopy: {:?}", other),
    }
}

/// The game `src` as written, summed `n` times by the product graph (no simplification).
fn written_times(k: &mut Kernel, src: &str, n: usize) -> Loopy {
    let g = crate::loopy::notation::read(src, k, &mut w()).unwrap();
    let mut sum = g.clone();
    for _ in 1..n {
        sum = sum.add(&g, &mut w()).unwrap();
    }
    sum
}

/// Whether the value's onside is the onside of `game` and its offside the offside of `game`,
/// by the order of sides in both directions.
fn has_sides_of(v: &Value, game: &Loopy) -> bool {
    let mut ok = true;
    for (s, which) in [(v.onside_game(), Side::On), (v.offside_game(), Side::Off)] {
        ok &= side_ge(s, game, which, &mut w()).unwrap()
            && side_ge(game, s, which, &mut w()).unwrap();
    }
    ok
}

/// EvalTest's "not stopper-sided" and "sided + sided" rows: CGSuite's text exactly, and the
/// sides behind the text are the game's own (and G + 1's, by the product graph).
#[test]
fn bachs_carousel_prints_cgsuites_sides() {
    assert_eq!(show(CAROUSEL), "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}");
    assert_eq!(
        show(&format!("{CAROUSEL} + 1")),
        "a{2|2,{2*|a||1*}||1} & a{1,{2|||2*|a||1*}|1}"
    );
    let mut k = Kernel::new();
    let g = written_times(&mut k, CAROUSEL, 1);
    let v = loopy(&mut k, CAROUSEL);
    assert!(has_sides_of(&v, &g));
    let one = crate::loopy::notation::read("1", &mut k, &mut w()).unwrap();
    let plus_one = g.add(&one, &mut w()).unwrap();
    let v1 = loopy(&mut k, &format!("{CAROUSEL} + 1"));
    assert!(has_sides_of(&v1, &plus_one));
    // The two sides differ: G's onside is not its offside.
    assert!(!has_sides_of(&v, &v.onside_game().clone()));
}

/// EvalTest's "integer * sided" row, 3 · G: CGSuite's answer read back (its `&` of two games
/// that are not stoppers) has the sides of G + G + G written out, and so has onag's.
#[test]
fn three_carousels_have_cgsuites_sides() {
    let cgsuite = "{a{2*|||2|2,{a|1*}||1}|2||d{2|b{1|1,{1*||b|0|||*}},{2*|c{1*|||1|1,{c|*}||0},d||0}||1}} & {0||0|a{1*||0,{1|a}|0|||*}}";
    let mut k = Kernel::new();
    let thrice = written_times(&mut k, CAROUSEL, 3);
    let theirs = loopy(&mut k, cgsuite);
    assert!(has_sides_of(&theirs, &thrice));
    let t0 = std::time::Instant::now();
    let ours = loopy(&mut k, &format!("3*{CAROUSEL}"));
    eprintln!(
        "TIMING 3G {:?} {}",
        t0.elapsed(),
        show(&format!("3*{CAROUSEL}"))
    );
    assert!(has_sides_of(&ours, &thrice));
    assert_eq!(
        theirs.compare(&ours, &mut w()).unwrap(),
        crate::kernel::Relation::Equal
    );
}

/// n · G by doubling for n = 2..4 has the sides of G + … + G written out (the product
/// graph of n copies, unsimplified: up to 10⁴ vertices), and 4 · G, the sum of two 2 · G,
/// compares equal to 2 · G + G + G.
#[test]
fn multiples_of_the_carousel_by_doubling() {
    let mut k = Kernel::new();
    for n in 2..=4 {
        let sum = written_times(&mut k, CAROUSEL, n);
        let v = loopy(&mut k, &format!("{n}*{CAROUSEL}"));
        assert!(has_sides_of(&v, &sum), "{n} * G");
    }
    let four = loopy(&mut k, &format!("4*{CAROUSEL}"));
    let other = loopy(&mut k, &format!("2*{CAROUSEL} + {CAROUSEL} + {CAROUSEL}"));
    assert_eq!(
        four.compare(&other, &mut w()).unwrap(),
        crate::kernel::Relation::Equal
    );
}

/// On random graphs that are not stoppers, the simplified side has the game's side (the
/// simplification checks it too; here the check is made again from outside), and a side that
/// sidling finds as a stopper is found equal here.
#[test]
fn random_simplified_sides_keep_the_side() {
    let mut seed = 5u64;
    let mut checked = 0;
    for i in 0..80 {
        let n = 2 + i % 6;
        let graph = crate::loopy::tests::random_graph(&mut seed, n, 20 + (i as u64 % 3) * 10);
        let g = Loopy::new(&graph, 0).unwrap();
        if g.is_stopper() {
            continue;
        }
        for which in [Side::On, Side::Off] {
            let s = simplify(&g, which, &mut w()).unwrap();
            assert!(side_ge(&s, &g, which, &mut w()).unwrap(), "{graph:?}");
            assert!(side_ge(&g, &s, which, &mut w()).unwrap(), "{graph:?}");
            if let Ok(t) = crate::loopy::sides::side(&g, which, &mut w()) {
                assert!(
                    side_ge(&s, &t, which, &mut w()).unwrap()
                        && side_ge(&t, &s, which, &mut w()).unwrap()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

/// Whether `a` and `b` have the same `which` side, by the order of sides both ways.
fn same_side_of(a: &Loopy, b: &Loopy, which: Side) -> bool {
    side_ge(a, b, which, &mut w()).unwrap() && side_ge(b, a, which, &mut w()).unwrap()
}

/// What keeps the `which` side `s` from being as simple as the steps of simplification can
/// make it, each property tried by the order of sides alone (no step of `simplify` is used):
/// a stopper not in the project's canonical form; two options of one player at one vertex
/// of equal side; a reversible option (a Left option x of v with a Right option z ≤ v, or
/// the mirror) whose bypass keeps the side and makes the game smaller; an edge (a dominated option among them) whose
/// deletion keeps the side; two vertices of equal side whose fusion (every move to one sent
/// to the other) keeps the side. `None` when there is none. A dominated option may stay when
/// deleting it changes the side (an option on an alternating cycle: CGSuite's own onside of
/// G, `a{1|1,{1*|a||*}||0}`, keeps the dominated Right option 1).
fn simplest_fault(s: &Loopy, which: Side) -> Option<String> {
    if s.is_stopper() {
        let c = crate::loopy::canonical::canonical(s, &mut w()).unwrap();
        return (c != *s).then(|| "a stopper not in canonical form".to_string());
    }
    let n = s.len();
    let m = crate::loopy::side_order::side_ge_matrix(s, s, which, &mut w()).unwrap();
    let ge = |a: u32, b: u32| m[a as usize * n + b as usize];
    let graph = s.graph();
    for v in 0..n as u32 {
        for who in [Player::Left, Player::Right] {
            let os = graph.options(v, who);
            for &x in os {
                for &y in os.iter().filter(|&&y| y != x) {
                    if ge(x, y) && ge(y, x) {
                        return Some(format!("vertex {v}: equal options {x} and {y}"));
                    }
                }
                let back = match who {
                    Player::Left => graph.right(x),
                    Player::Right => graph.left(x),
                };
                for &z in back {
                    let reverses = match who {
                        Player::Left => ge(v, z),
                        Player::Right => ge(z, v),
                    };
                    if reverses {
                        // Bypassed: x replaced by z's options of the same player.
                        let mut os2: Vec<u32> = os.iter().copied().filter(|&t| t != x).collect();
                        os2.extend_from_slice(graph.options(z, who));
                        let mut trial = graph.clone();
                        trial.set_side(v, who, os2);
                        let t = Loopy::new(&trial, s.root()).unwrap();
                        if size(&t) < size(s) && same_side_of(&t, s, which) {
                            return Some(format!(
                                "vertex {v}: option {x} reversible through {z} can be bypassed"
                            ));
                        }
                    }
                }
                let mut trial = graph.clone();
                crate::loopy::sides::delete_edge(&mut trial, v, who, x);
                let t = Loopy::new(&trial, s.root()).unwrap();
                if same_side_of(&t, s, which) {
                    return Some(format!("vertex {v}: edge to {x} can go"));
                }
            }
        }
    }
    for u in 0..n as u32 {
        for v in (0..n as u32).filter(|&v| v != u && ge(u, v) && ge(v, u)) {
            let mut fused = Graph::with_vertices(n);
            for x in 0..n as u32 {
                let map = |os: &[u32]| os.iter().map(|&t| if t == u { v } else { t }).collect();
                fused.set_options(x, map(graph.left(x)), map(graph.right(x)));
            }
            let root = if s.root() == u { v } else { s.root() };
            let t = Loopy::new(&fused, root).unwrap();
            if same_side_of(&t, s, which) {
                return Some(format!("vertices {u} and {v} can be fused"));
            }
        }
    }
    None
}

/// n · G for n = 2..4: each side, when not a stopper, has none of the faults a simplest
/// form would lack (`simplest_fault`, by the order of sides alone), and is not a stopper
/// (CGSuite: G is "not stopper-sided", nor are its multiples' sides stoppers here).
#[test]
fn multiples_of_the_carousel_have_simplified_sides() {
    let mut k = Kernel::new();
    for n in 1..=4 {
        let v = loopy(&mut k, &format!("{n}*{CAROUSEL}"));
        for (s, which) in [(v.onside_game(), Side::On), (v.offside_game(), Side::Off)] {
            if let Some(fault) = simplest_fault(s, which) {
                panic!("{n} * G, {}: {fault}", which.name());
            }
        }
    }
}

/// n · G for n = 5..8 (release: `cargo test --release --lib carousel -- --ignored`): the
/// sum is associative by the order of sides, n · G = (n − k) · G + k · G for several k, and
/// n · G has the sides of (n − 1) · G's side games plus G as written, added by the product
/// graph without simplification; each side has none of `simplest_fault`'s faults. (G is not
/// above 0, its outcome is N as CGSuite's Bach's Carousel, so n · G > (n − 1) · G is not
/// asserted; nor is n · G − (n − 1) · G = G, which fails for loopy games.)
#[test]
#[ignore = "about a minute in the dev profile; run in release"]
fn larger_multiples_of_the_carousel_are_consistent() {
    let mut k = Kernel::new();
    let g = written_times(&mut k, CAROUSEL, 1);
    let mut prev = loopy(&mut k, CAROUSEL);
    for n in 2..=8usize {
        let v = loopy(&mut k, &format!("{n}*{CAROUSEL}"));
        let on = prev.onside_game().add(&g, &mut w()).unwrap();
        let off = prev.offside_game().add(&g, &mut w()).unwrap();
        assert!(
            same_side_of(v.onside_game(), &on, Side::On),
            "{n} * G onside"
        );
        assert!(
            same_side_of(v.offside_game(), &off, Side::Off),
            "{n} * G offside"
        );
        for kk in [1, 2, n / 2] {
            if kk == 0 || kk >= n {
                continue;
            }
            let split = loopy(&mut k, &format!("{}*{CAROUSEL} + {kk}*{CAROUSEL}", n - kk));
            assert_eq!(
                v.compare(&split, &mut w()).unwrap(),
                crate::kernel::Relation::Equal,
                "{n} * G against {} * G + {kk} * G",
                n - kk
            );
        }
        for (s, which) in [(v.onside_game(), Side::On), (v.offside_game(), Side::Off)] {
            if let Some(fault) = simplest_fault(s, which) {
                panic!("{n} * G, {}: {fault}", which.name());
            }
        }
        prev = v;
    }
}
