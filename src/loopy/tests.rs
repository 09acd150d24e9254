//! The loopy games against the theory's identities (Winning Ways ch. 11; Siegel VI) worked out
//! by hand in the comments, the kernel's short games, and a brute-force game search.

use super::canonical::canonical;
use super::order::{compare, ge, ge_matrix};
use super::outcome::{outcome, LoopyOutcome};
use super::print::write;
use super::sides::{offside, onside};
use super::*;
use crate::kernel::{Kernel, Relation};
use crate::term::Term;

/// A fresh default budget, for the tests of the loopy modules.
pub(super) fn w() -> Work {
    Work::default()
}

/// The canonical short game of a term.
fn short(k: &mut Kernel, text: &str) -> Loopy {
    let t: Term = crate::syntax::parse(text).unwrap();
    let id = k.eval(&t).unwrap();
    Loopy::from_short(k, id, &mut w()).unwrap()
}

fn rel(a: &Loopy, b: &Loopy) -> Relation {
    compare(a, b, &mut w()).unwrap()
}

fn text(k: &mut Kernel, g: &Loopy) -> String {
    write(g, k, &mut w()).unwrap()
}

/// `{pass|*}`.
fn upon(k: &mut Kernel) -> Loopy {
    let star = short(k, "*");
    let mut g = Graph::with_vertices(1);
    let base = g.len() as u32;
    for v in 0..star.len() as u32 {
        let nv = g.add_vertex();
        let l = star.graph().left(v).iter().map(|t| t + base).collect();
        let r = star.graph().right(v).iter().map(|t| t + base).collect();
        g.set_options(nv, l, r);
    }
    g.set_options(0, vec![0], vec![base + star.root()]);
    Loopy::new(&g, 0).unwrap()
}

#[test]
fn stoppers_and_not() {
    // on, off, over, under are stoppers: the only cycle is one player's pass.
    for g in [Loopy::on(), Loopy::off(), Loopy::over(), Loopy::under()] {
        assert!(g.is_stopper(), "{g:?}");
        assert!(!g.is_loopfree());
    }
    // dud = {pass|pass}: Left passes, Right passes, forever.
    assert!(!Loopy::dud().is_stopper());
    // on + off: Left passes in on, Right in off, forever.
    let s = Loopy::on().add(&Loopy::off(), &mut w()).unwrap();
    assert!(!s.is_stopper());
    assert!(Loopy::zero().is_stopper() && Loopy::zero().is_loopfree());
}

#[test]
fn outcomes() {
    let mut k = Kernel::new();
    let o = |g: &Loopy| outcome(g, &mut w()).unwrap();
    // on: Left passes for ever and Right, having no move, loses whoever starts.
    assert_eq!(o(&Loopy::on()), LoopyOutcome::L);
    assert_eq!(o(&Loopy::off()), LoopyOutcome::R);
    // over: Left moves to 0 and wins; Right can only pass back to over.
    assert_eq!(o(&Loopy::over()), LoopyOutcome::L);
    // dud: neither can ever be stuck.
    assert_eq!(o(&Loopy::dud()), LoopyOutcome::D);
    // on + off: each passes in their own part for ever.
    let s = Loopy::on().add(&Loopy::off(), &mut w()).unwrap();
    assert_eq!(o(&s), LoopyOutcome::D);
    // upon = {pass|*}: Right's only move is to *, where Left moves to 0 and wins; Left moving
    // first passes, and the same happens.
    assert_eq!(o(&upon(&mut k)), LoopyOutcome::L);
    // Short games: the kernel's outcomes.
    for (t, c) in [
        ("0", LoopyOutcome::P),
        ("*", LoopyOutcome::N),
        ("1", LoopyOutcome::L),
        ("{1|-1}", LoopyOutcome::N),
        ("-1/2", LoopyOutcome::R),
    ] {
        assert_eq!(o(&short(&mut k, t)), c, "{t}");
    }
    // {pass|0} + {0|pass} = under + over: Right moves first to 0 + over (Left then wins by
    // moving to 0) or passes; Left moving first moves over to 0 and Right answers under to 0.
    // The kernel cannot say; the brute-force search below checks the whole table.
    // Mixed classes: G = {pass|0} moving first... (checked generally by `brute_outcomes`).
}

/// Whether `winner` can force a win within `d` moves from (vertex, mover), for every state at
/// once by value iteration on the depth: an independent definition of the least fixed point
/// the retrograde analysis computes.
fn wins_within(g: &Graph, v: u32, left_to_move: bool, winner_left: bool, d: usize) -> bool {
    let n = g.len();
    // win[s], s = 2v + (0 Left to move, 1 Right to move): a win within the current depth.
    let mut win = vec![false; 2 * n];
    for _ in 0..=d {
        let mut next = vec![false; 2 * n];
        for u in 0..n as u32 {
            for (p, ltm) in [(0usize, true), (1, false)] {
                let opts = if ltm { g.left(u) } else { g.right(u) };
                let after = |t: u32| win[2 * t as usize + (1 - p)];
                next[2 * u as usize + p] = if ltm == winner_left {
                    opts.iter().any(|&t| after(t))
                } else {
                    opts.iter().all(|&t| after(t))
                };
            }
        }
        win = next;
    }
    win[2 * v as usize + usize::from(!left_to_move)]
}

/// A small random graph from a seed (a linear congruential generator: no dependency); the
/// sides' tests draw theirs from it too.
pub(super) fn random_graph(seed: &mut u64, n: usize, density: u64) -> Graph {
    let mut next = || {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    };
    let mut g = Graph::with_vertices(n);
    for v in 0..n as u32 {
        let mut l = Vec::new();
        let mut r = Vec::new();
        for t in 0..n as u32 {
            if next() % 100 < density {
                l.push(t);
            }
            if next() % 100 < density {
                r.push(t);
            }
        }
        g.set_options(v, l, r);
    }
    g
}

/// `count` random stoppers from `seed`, each the root of a graph of 1 to `most` vertices
/// ([`random_graph`] at `density`), the graphs that are not stoppers passed over.
fn random_stoppers(mut seed: u64, count: usize, most: u64, density: u64) -> Vec<Loopy> {
    let mut out = Vec::new();
    while out.len() < count {
        let n = 1 + (seed % most) as usize;
        let g = Loopy::new(&random_graph(&mut seed, n, density), 0).unwrap();
        if g.is_stopper() {
            out.push(g);
        }
    }
    out
}

#[test]
fn brute_outcomes() {
    let mut seed = 7;
    for _ in 0..300 {
        let n = 1 + (seed % 5) as usize;
        let g = random_graph(&mut seed, n, 30);
        let game = Loopy::new(&g, 0).unwrap();
        let res = super::outcome::results(&game, &mut w()).unwrap();
        let gr = game.graph();
        let d = 4 * gr.len() + 2;
        for v in 0..gr.len() as u32 {
            for (i, ltm) in [true, false].into_iter().enumerate() {
                let lw = wins_within(gr, v, ltm, true, d);
                let rw = wins_within(gr, v, ltm, false, d);
                let got = if i == 0 {
                    res[v as usize].0
                } else {
                    res[v as usize].1
                };
                let want = match (lw, rw) {
                    (true, false) => super::outcome::Result3::LeftWins,
                    (false, true) => super::outcome::Result3::RightWins,
                    (false, false) => super::outcome::Result3::Draw,
                    _ => panic!("both win"),
                };
                assert_eq!(got, want, "{gr:?} at {v}");
            }
        }
    }
}

#[test]
fn brute_order() {
    // a ≥ b exactly when Right, moving first in a − b, cannot force a win: checked against
    // the recursive search on the explicit graph of a − b (the sum with the negative).
    let mut seed = 11;
    let mut checked = 0;
    for _ in 0..400 {
        let n = 1 + (seed % 4) as usize;
        let g = Loopy::new(&random_graph(&mut seed, n, 35), 0).unwrap();
        let m = 1 + (seed % 4) as usize;
        let h = Loopy::new(&random_graph(&mut seed, m, 35), 0).unwrap();
        let matrix = ge_matrix(&g, &h, &mut w()).unwrap();
        let diff = g.add(&h.neg(), &mut w()).unwrap();
        let d = 4 * diff.len() + 2;
        let right_wins = wins_within(diff.graph(), diff.root(), false, false, d);
        assert_eq!(matrix[0], !right_wins, "{g:?} vs {h:?}");
        checked += 1;
    }
    assert_eq!(checked, 400);
}

#[test]
fn on_is_above_every_short_game() {
    let mut k = Kernel::new();
    let on = Loopy::on();
    let off = Loopy::off();
    for t in [
        "0",
        "1",
        "100",
        "-5",
        "*",
        "^",
        "{1|-1}",
        "{10|-10}",
        "1/8*3",
        "{2|{1|-3}}",
    ] {
        let g = short(&mut k, t);
        assert_eq!(rel(&on, &g), Relation::Greater, "on vs {t}");
        assert_eq!(rel(&off, &g), Relation::Less, "off vs {t}");
    }
}

#[test]
fn short_games_order_as_in_the_kernel() {
    let mut k = Kernel::new();
    let games = [
        "0", "*", "^", "v", "1", "-1", "1/2", "{1|-1}", "^*", "*2", "{0|^}", "{2|1}",
    ];
    for a in games {
        for b in games {
            let (ga, gb) = (short(&mut k, a), short(&mut k, b));
            let ia = ga.to_short(&mut k, &mut w()).unwrap().unwrap();
            let ib = gb.to_short(&mut k, &mut w()).unwrap().unwrap();
            assert_eq!(rel(&ga, &gb), k.compare(ia, ib).unwrap(), "{a} vs {b}");
        }
    }
}

#[test]
fn over_is_a_positive_infinitesimal() {
    let mut k = Kernel::new();
    let over = Loopy::over();
    // 0 < over: in over − 0 Right can only pass, and Left then moves to 0.
    assert_eq!(rel(&over, &Loopy::zero()), Relation::Greater);
    for t in ["1", "1/2", "1/8", "1/1024"] {
        assert_eq!(rel(&over, &short(&mut k, t)), Relation::Less, "over vs {t}");
    }
    // over > ↑: in over + ↓ with Right to move, Right's move ↓ → 0 lets Left move over to 0,
    // and after Right's pass Left moves ↓ to * and wins; in ↑ + under with Right to move,
    // Right moves ↑ to * and wins whatever Left does (worked out by hand).
    assert_eq!(rel(&over, &short(&mut k, "^")), Relation::Greater);
    assert_eq!(rel(&Loopy::under(), &short(&mut k, "v")), Relation::Less);
    // over is not comparable with *: Right moving first in over + * moves * to 0 and
    // passes after Left's move... no: checked against the brute force search instead.
    let star = short(&mut k, "*");
    let g = over.add(&star.neg(), &mut w()).unwrap();
    let right_first = wins_within(g.graph(), g.root(), false, false, 40);
    assert_eq!(ge(&over, &star, &mut w()).unwrap(), !right_first);
}

#[test]
fn upon_value_and_sides() {
    let mut k = Kernel::new();
    let up = upon(&mut k);
    assert!(up.is_stopper());
    // upon > 0 (Right's only move, to *, lets Left move to 0).
    assert_eq!(rel(&up, &Loopy::zero()), Relation::Greater);
    // upon ‖ *: in upon + * Right moves upon → *, leaving * + * = 0 with Left to move; in
    // * + {*|pass} (= * − upon) Right moves * → 0, Left's only move is to *, Right moves to 0.
    assert_eq!(rel(&up, &short(&mut k, "*")), Relation::Fuzzy);
    // A stopper is its own onside and offside.
    let c = canonical(&up, &mut w()).unwrap();
    assert_eq!(onside(&up, &mut w()).unwrap(), c);
    assert_eq!(offside(&up, &mut w()).unwrap(), c);
    // CGSuite writes upon `^[on]`.
    assert_eq!(text(&mut k, &c), "^[on]");
}

#[test]
fn on_plus_off_is_dud() {
    // dud = on & off (Winning Ways ch. 11): its onside is on and its offside off, and so are
    // those of on + off.
    let s = Loopy::on().add(&Loopy::off(), &mut w()).unwrap();
    for g in [&s, &Loopy::dud()] {
        assert_eq!(onside(g, &mut w()).unwrap(), Loopy::on());
        assert_eq!(offside(g, &mut w()).unwrap(), Loopy::off());
    }
}

#[test]
fn canonical_forms_of_named_stoppers() {
    let mut k = Kernel::new();
    for (g, t) in [
        (Loopy::on(), "on"),
        (Loopy::off(), "off"),
        (Loopy::over(), "over"),
        (Loopy::under(), "under"),
    ] {
        let c = canonical(&g, &mut w()).unwrap();
        assert_eq!(text(&mut k, &c), t);
        assert_eq!(c.len(), g.len());
    }
    // {on|} = on: Left's option on is as good as passing (fusion of equal vertices).
    let g = Loopy::from_options(&[&Loopy::on()], &[], &mut w()).unwrap();
    assert_eq!(canonical(&g, &mut w()).unwrap(), Loopy::on());
    // {on|on}: Right's move to on reverses (on ≥ G) and is bypassed to nothing: on again.
    let g = Loopy::from_options(&[&Loopy::on()], &[&Loopy::on()], &mut w()).unwrap();
    assert_eq!(canonical(&g, &mut w()).unwrap(), Loopy::on());
    // Not a stopper: an error, not an answer.
    assert!(canonical(&Loopy::dud(), &mut w()).is_err());
}

#[test]
fn canonical_of_short_games_is_the_kernels() {
    let mut k = Kernel::new();
    let mut seed = 5;
    for _ in 0..300 {
        // A random loopfree graph: edges only to higher vertices.
        let n = 1 + (seed % 6) as usize;
        let mut g = random_graph(&mut seed, n, 40);
        for v in 0..n as u32 {
            let l = g.left(v).iter().copied().filter(|&t| t > v).collect();
            let r = g.right(v).iter().copied().filter(|&t| t > v).collect();
            g.set_options(v, l, r);
        }
        let game = Loopy::new(&g, 0).unwrap();
        let id = game.to_short(&mut k, &mut w()).unwrap().unwrap();
        let c = canonical(&game, &mut w()).unwrap();
        // The simplest form has one vertex per follower of the kernel's canonical form.
        let kc = Loopy::from_short(&mut k, id, &mut w()).unwrap();
        assert_eq!(c, super::canonical::number(&kc), "{g:?}");
        assert_eq!(text(&mut k, &c), k.to_term(id).to_string());
    }
}

#[test]
fn canonical_forms_of_random_stoppers_are_equal_and_no_larger() {
    for g in random_stoppers(3, 400, 6, 30) {
        let c = canonical(&g, &mut w()).unwrap();
        assert!(c.is_stopper());
        assert_eq!(rel(&c, &g), Relation::Equal, "{g:?} -> {c:?}");
        assert!(c.len() <= g.len(), "{g:?} -> {c:?}");
        // Idempotent, and equal games have identical forms.
        assert_eq!(canonical(&c, &mut w()).unwrap(), c);
    }
}

#[test]
fn equal_stoppers_have_identical_canonical_forms() {
    let mut seed = 17;
    let mut found = 0;
    let mut forms: Vec<(Loopy, Loopy)> = Vec::new();
    for _ in 0..600 {
        let n = 1 + (seed % 4) as usize;
        let g = Loopy::new(&random_graph(&mut seed, n, 30), 0).unwrap();
        if !g.is_stopper() {
            continue;
        }
        let c = canonical(&g, &mut w()).unwrap();
        for (h, d) in &forms {
            let same = rel(&g, h) == Relation::Equal;
            assert_eq!(same, &c == d, "{g:?} / {h:?}");
            found += same as usize;
        }
        forms.push((g, c));
    }
    assert!(found > 10, "too few equal pairs to test: {found}");
}

#[test]
fn the_budget_stops_a_large_sum() {
    let mut k = Kernel::new();
    let g = short(&mut k, "{5|{4|{3|{2|{1|0}}}}}");
    let mut work = Work::new(crate::kernel::Budget {
        max_games: 20,
        ..Default::default()
    });
    let mut s = g.clone();
    let mut failed = false;
    for _ in 0..6 {
        match s.add(&g, &mut work) {
            Ok(t) => s = t,
            Err(KernelError::Limit { .. }) => {
                failed = true;
                break;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(failed);
}

fn read_text(k: &mut Kernel, s: &str) -> Loopy {
    match super::notation::read(s, k, &mut w()) {
        Ok(g) => g,
        Err(e) => panic!("{s}: {e:?}"),
    }
}

fn read_err(k: &mut Kernel, s: &str) -> crate::syntax::ParseError {
    match super::notation::read(s, k, &mut w()) {
        Err(super::notation::ReadError::Parse(e)) => e,
        other => panic!("{s}: {other:?}"),
    }
}

#[test]
fn notation_reads_cgsuites_loopy_games() {
    let mut k = Kernel::new();
    let c = |g: &Loopy| canonical(g, &mut w()).unwrap();
    // The constants as CGSuite defines them (loopy-games tutorial: on := {pass|} …).
    assert_eq!(c(&read_text(&mut k, "{pass|}")), Loopy::on());
    assert_eq!(c(&read_text(&mut k, "on")), Loopy::on());
    assert_eq!(c(&read_text(&mut k, "{|pass}")), Loopy::off());
    assert_eq!(c(&read_text(&mut k, "{0|pass}")), Loopy::over());
    assert_eq!(c(&read_text(&mut k, "a{0|a}")), Loopy::over());
    assert_eq!(c(&read_text(&mut k, "{pass|0}")), Loopy::under());
    assert_eq!(read_text(&mut k, "{pass|pass}"), Loopy::dud());
    assert_eq!(c(&read_text(&mut k, "upon")), c(&upon(&mut k)));
    assert_eq!(c(&read_text(&mut k, "{pass|*}")), c(&upon(&mut k)));
    // Inside a short game's braces too (CanonicalStopperTestCase.scala's inputs; their values
    // and CGSuite's texts are asserted by tests/loopy.rs).
    for (a, b) in [
        ("{0|||0||0|{|pass}}", "{0|{0||0|off}}"),
        ("{{pass|}|0||0}", "{on|0||0}"),
        ("{0|||0||pass|0}", "{0||0|under}"),
    ] {
        assert_eq!(c(&read_text(&mut k, a)), c(&read_text(&mut k, b)), "{a}");
    }
    // Slashes: a{0||0|a} = a{0|{0|a}}.
    assert_eq!(
        c(&read_text(&mut k, "a{0||0|a}")),
        c(&read_text(&mut k, "a{0|{0|a}}"))
    );
    // Nested labels: b refers to the inner braces, a to the outer.
    let g = read_text(&mut k, "a{0|b{a|b}}");
    assert!(g.len() >= 3);
    // A label is scoped to its braces, as in CGSuite: two summands may each define `a`, and
    // each `a` refers to its own braces (a{0|a} is over, a{a|0} is under).
    let two = read_text(&mut k, "a{0|a} + a{a|0}");
    let over_under = read_text(&mut k, "over + under");
    assert_eq!(onside(&two, &mut w()), onside(&over_under, &mut w()));
    assert_eq!(
        c(&onside(&two, &mut w()).unwrap()),
        c(&read_text(&mut k, "over"))
    );
    let e = read_err(&mut k, "a{0|a} + {1|a}");
    assert!(e.message.contains("never defined"), "{}", e.message);
    // Sums with spaces.
    let s = read_text(&mut k, "on + off");
    assert_eq!(onside(&s, &mut w()).unwrap(), Loopy::on());
    assert_eq!(c(&read_text(&mut k, "- over")), Loopy::under());
    // Short leaves.
    let half = read_text(&mut k, "{0|1}");
    assert_eq!(rel(&half, &short(&mut k, "1/2")), Relation::Equal);
}

#[test]
fn notation_errors_are_placed() {
    let mut k = Kernel::new();
    let e = read_err(&mut k, "{0|a}");
    assert_eq!((e.line, e.column), (1, 4));
    assert!(e.message.contains("never defined"), "{}", e.message);
    let e = read_err(&mut k, "a{0|a{a|}}");
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.message.contains("defined twice"), "{}", e.message);
    let e = read_err(&mut k, "pass");
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message.contains("pass"), "{}", e.message);
    let e = read_err(&mut k, "{0|\n pass + 1}");
    assert_eq!(e.line, 2);
    // The one reader marks where the end came, and names the `{` it left open.
    let e = read_err(&mut k, "{0|pass");
    assert_eq!((e.line, e.column), (1, 8));
    assert!(e.message.contains("line 1, column 1"), "{}", e.message);
    let e = read_err(&mut k, "{0|1/3}");
    assert_eq!(e.line, 1);
    // A label's game may not be summed before it is complete.
    let e = read_err(&mut k, "a{0|a + 1}");
    assert!(e.message.contains("still being read"), "{}", e.message);
}

#[test]
fn printed_forms_read_back_to_the_same_value() {
    let mut k = Kernel::new();
    for g in random_stoppers(23, 300, 6, 30) {
        let c = canonical(&g, &mut w()).unwrap();
        let t = text(&mut k, &c);
        let back = read_text(&mut k, &t);
        assert_eq!(canonical(&back, &mut w()).unwrap(), c, "{t}");
    }
}

/// Subordination undoes the ordinal sum: whenever subordinate(G, B) gives an H, B : H equals
/// G by the stopper order (each of B's options missing from G is dominated or reversible in
/// B : H, which is what subordinate checks), for random stoppers G (in simplest form, as the
/// functions pass them) and short and loopy bases; and 1 : subordinate(on, 1) is on again.
#[test]
fn subordinate_undoes_the_ordinal_sum() {
    use super::ordinal::{ordinal_sum, subordinate};
    let mut k = Kernel::new();
    let mut bases: Vec<Loopy> = ["0", "1", "*", "^", "-1", "{1|-1}", "1/2"]
        .iter()
        .map(|t| short(&mut k, t))
        .collect();
    bases.push(Loopy::over());
    bases.push(upon(&mut k));
    let mut found = 0;
    for g in random_stoppers(23, 300, 5, 35) {
        let g = canonical(&g, &mut w()).unwrap();
        for b in &bases {
            if let Ok(h) = subordinate(&g, b, &mut w()) {
                found += 1;
                let back = ordinal_sum(b, &h, &mut w()).unwrap();
                assert_eq!(rel(&back, &g), Relation::Equal, "{g:?} over {b:?}: {h:?}");
            }
        }
    }
    assert!(found > 50, "only {found} subordinates found");
    let one = short(&mut k, "1");
    let h = subordinate(&Loopy::on(), &one, &mut w()).unwrap();
    assert_eq!(rel(&h, &Loopy::on()), Relation::Equal);
}

/// Every label a derivation or the printer writes reads back as the label of its braces,
/// whose body names it: the 22nd was once `v` (read as a down) and the 27th `a1` (a name and
/// a number).
#[test]
fn every_label_written_reads_back_as_a_label() {
    let mut seen = std::collections::HashSet::new();
    for k in 0..2_000 {
        let l = super::print::label_name(k);
        assert!(seen.insert(l.clone()), "label {k} ({l}) given twice");
        let t =
            crate::syntax::parse(&format!("{l}{{0|{l}}}")).unwrap_or_else(|e| panic!("{l}: {e:?}"));
        let Term::Call { name, args } = &t else {
            panic!("{l}: {t:?}")
        };
        assert_eq!(name, "loop", "{l}");
        assert_eq!(args[0], crate::term::Arg::Text(l.clone()));
        let crate::term::Arg::Game(Term::Game { right, .. }) = &args[1] else {
            panic!("{l}: {t:?}")
        };
        assert_eq!(right[..], [Term::Name(l.clone())], "{l}");
    }
}
