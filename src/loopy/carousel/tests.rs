//! Sides that are not stoppers against CGSuite's EvalTest.scala rows for Bach's Carousel
//! (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/EvalTest.scala: "not
//! stopper-sided", "sided + sided", "integer * sided"), each answer also checked by the order
//! of sides against sums of the game as written (the product graph, by the definition of +),
//! which shares nothing with the simplification but the order of sides.

use super::*;
use crate::functions::world;
use crate::loopy::side_order::side_ge;
use crate::loopy::value::Value;
use crate::syntax::parse;
use crate::Kernel;

fn w() -> Work {
    Work::default()
}

const CAROUSEL: &str = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";

fn value(k: &mut Kernel, src: &str) -> world::Value {
    let t = parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
    world::eval(k, &t).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn show(src: &str) -> String {
    let mut k = Kernel::new();
    let v = value(&mut k, src);
    v.display(&mut k, true)
}

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
