//! CGSuite's remaining rulesets (`take_away`, `fibonacci_nim`, `maundy_cake`, `turning`,
//! `toads_and_frogs`, `elephants_and_rhinos`, `partizan_arc_kayles`, `anti_clobber`) and the
//! name `grundys_game`:
//! - against CGSuite's own test rows (lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest,
//!   GameStripTest, GameGraphTest and GameGridTest in aaron-siegel/cgsuite, restated as data);
//! - against each game's value by its definition, computed here from the rules on plain data
//!   (strings, lists, exact fractions) and the kernel's `{L | R}`, with no search, table or
//!   symmetry;
//! - each opening accepted by its naive checker, and refused once an option is dropped or one
//!   is added.

use super::{show_or_error as show, star, words};
use crate::functions;
use crate::rulesets::tests::{by_definition, mex_by_definition};
use crate::syntax::parse;
use crate::term::Term;
use crate::{Arg, GameId, Kernel};
use std::collections::HashMap;

/// Whether two expressions have one value.
fn same(a: &str, b: &str) -> bool {
    show(&format!("{a} - ({b})")) == "0"
}

fn value_of(k: &mut Kernel, src: &str) -> GameId {
    k.eval(&parse(src).unwrap())
        .unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn mex(v: &[u64]) -> u64 {
    (0..).find(|x| !v.contains(x)).unwrap()
}

// ---------------------------------------------------------------------------------------
// Take-Away and Fibonacci Nim

/// Take-Away with ratio p/q at (n, k) by its definition: take a, 1 ≤ a ≤ n, a·q ≤ p·k.
fn take_away_def(
    p: i64,
    q: i64,
    n: usize,
    k: usize,
    memo: &mut HashMap<(usize, usize), u64>,
) -> u64 {
    let moves = |&(n, k): &(usize, usize)| {
        let taken = (1..=n).filter(move |&a| a as i64 * q <= p * k as i64);
        taken.map(move |a| (n - a, a))
    };
    mex_by_definition((n, k), &moves, memo)
}

#[test]
fn take_away_agrees_with_cgsuite() {
    // GameHeapTest: [FibonacciNim((10, n)).NimValue for n from 0 to 20] and the same of
    // TakeAway(3); their Genus rows are the same lists (no misère difference shows at heap
    // 10); Options.Size of (10, 10) is 10 for both.
    let mut fib = vec![0, 2, 2, 2];
    fib.extend([5; 17]);
    let mut three = vec![0, 2, 2];
    three.extend([6; 18]);
    for (k, (&f, &t)) in fib.iter().zip(&three).enumerate() {
        assert_eq!(show(&format!("fibonacci_nim(10, {k})")), star(f), "({k})");
        assert_eq!(show(&format!("take_away(3, 10, {k})")), star(t), "({k})");
    }
    assert_eq!(show("size(options(fibonacci_nim(10, 10)))"), "10");
    assert_eq!(show("size(options(take_away(3, 10, 10)))"), "10");
}

#[test]
fn take_away_is_its_definition() {
    for (p, q) in [(2, 1), (3, 1), (1, 1), (1, 2), (3, 2), (5, 4)] {
        let mut memo = HashMap::new();
        for n in 0..=14 {
            for k in 0..=16 {
                let want = star(take_away_def(p, q, n, k, &mut memo).into());
                assert_eq!(
                    show(&format!("take_away({p}/{q}, {n}, {k})")),
                    want,
                    "{p}/{q} ({n},{k})"
                );
                if (p, q) == (2, 1) {
                    assert_eq!(show(&format!("fibonacci_nim({n}, {k})")), want, "({n},{k})");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Maundy Cake

/// Maundy Cake by its definition: Left divides n into d ≥ 2 equal parts (d copies of
/// (m, n/d), added one by one), Right m likewise.
fn maundy_def(m: u64, n: u64, k: &mut Kernel, memo: &mut HashMap<(u64, u64), GameId>) -> GameId {
    if let Some(&g) = memo.get(&(m, n)) {
        return g;
    }
    let mut side = |x: u64, part: &dyn Fn(u64) -> (u64, u64), k: &mut Kernel| -> Vec<GameId> {
        let mut out = Vec::new();
        for d in 2..=x {
            if x.is_multiple_of(d) {
                let (a, b) = part(d);
                let one = maundy_def(a, b, k, memo);
                let mut sum = k.zero();
                for _ in 0..d {
                    sum = k.add(sum, one).unwrap();
                }
                out.push(sum);
            }
        }
        out
    };
    let l = side(n, &|d| (m, n / d), k);
    let r = side(m, &|d| (m / d, n), k);
    let g = k.from_options(&l, &r).unwrap();
    memo.insert((m, n), g);
    g
}

#[test]
fn maundy_cake_agrees_with_cgsuite() {
    // GameHeapTest: [MaundyCake((8, n)).CanonicalForm for n from 0 to 8] and
    // MaundyCake((8, 8)).LeftOptions.Size = 3.
    for (n, v) in [-7, -7, -3, -3, -1, -3, -1, -3, 0].into_iter().enumerate() {
        assert_eq!(
            show(&format!("maundy_cake(8, {n})")),
            v.to_string(),
            "(8, {n})"
        );
    }
    assert_eq!(show("size(left_options(maundy_cake(8, 8)))"), "3");
}

#[test]
fn maundy_cake_is_its_definition() {
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    for m in 0..=13u64 {
        for n in 0..=13u64 {
            let want = maundy_def(m, n, &mut k, &mut memo);
            let got = value_of(&mut k, &format!("maundy_cake({m}, {n})"));
            assert_eq!(got, want, "({m}, {n})");
        }
    }
    // A few larger sides with many divisors, against the same definition.
    for (m, n) in [(1u64, 96u64), (2, 60), (30, 4), (64, 1)] {
        let want = maundy_def(m, n, &mut k, &mut memo);
        assert_eq!(
            value_of(&mut k, &format!("maundy_cake({m}, {n})")),
            want,
            "({m}, {n})"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Turning

/// A coin-turning game by its definition, on strips as bit masks (bit i: coin i + 1 heads):
/// a move turns a set of coins whose largest is a head, the set allowed by `allowed`.
fn turning_def(
    s: u32,
    len: usize,
    allowed: &dyn Fn(&[usize]) -> bool,
    memo: &mut HashMap<u32, u64>,
) -> u64 {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let mut opts = Vec::new();
    for n in 1..=len {
        if s & (1 << (n - 1)) == 0 {
            continue;
        }
        for below in 0u32..(1 << (n - 1)) {
            let mut coins: Vec<usize> = (1..n).filter(|&c| below & (1 << (c - 1)) != 0).collect();
            coins.push(n);
            if allowed(&coins) {
                let t = coins.iter().fold(s, |acc, &c| acc ^ (1 << (c - 1)));
                opts.push(turning_def(t, len, allowed, memo));
            }
        }
    }
    let g = mex(&opts);
    memo.insert(s, g);
    g
}

#[test]
fn turning_agrees_with_cgsuite() {
    // GameStripTest: Turning("1-3")("htththtth").NimValue = 29.
    assert_eq!(show("turning(\"1-3\", \"htththtth\")"), "*29");
}

#[test]
fn turning_is_its_definition() {
    let count = |lo: usize, hi: usize| move |c: &[usize]| (lo..=hi).contains(&c.len());
    let ruler = |c: &[usize]| c.windows(2).all(|w| w[1] == w[0] + 1);
    let turnips = |c: &[usize]| c.len() == 3 && c[1] - c[0] == c[2] - c[1];
    type Allows<'a> = &'a dyn Fn(&[usize]) -> bool;
    let codes: [(&str, Allows); 5] = [
        ("1-3", &count(1, 3)),
        ("1-2", &count(1, 2)),
        ("2", &count(2, 2)),
        ("1+C", &ruler),
        ("3E", &turnips),
    ];
    for (code, allowed) in codes {
        for len in 0..=7usize {
            let mut memo = HashMap::new();
            for s in 0u32..(1 << len) {
                let text: String = (0..len)
                    .map(|i| if s & (1 << i) != 0 { 'h' } else { 't' })
                    .collect();
                let want = star(turning_def(s, len, allowed, &mut memo).into());
                assert_eq!(
                    show(&format!("turning(\"{code}\", \"{text}\")")),
                    want,
                    "{code} {text}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Toads and Frogs, Elephants and Rhinos

/// A strip by its definition: a `t` steps right into a `.` or (with jumps) over one `f` into
/// the `.` beyond; an `f` the same to the left (the proof checker's naive generator,
/// `rulesets_check::strip_moves`, written apart from the search).
fn strip_def(s: &str, jumps: bool, k: &mut Kernel, memo: &mut HashMap<String, GameId>) -> GameId {
    let moves = |s: &String| {
        let c: Vec<char> = s.chars().collect();
        crate::functions::rulesets_check::strip_moves(&c, ['t', 'f'], jumps)
    };
    by_definition(k, &s.to_string(), &moves, memo)
}

#[test]
fn strips_agree_with_cgsuite() {
    // GameStripTest: ElephantsAndRhinos("tttt..fff") = 1 and
    // ToadsAndFrogs("ttttt..fffff").CanonicalForm as CGSuite prints it.
    assert_eq!(show("elephants_and_rhinos(\"tttt..fff\")"), "1");
    assert!(same(
        "toads_and_frogs(\"ttttt..fffff\")",
        "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
    ));
}

#[test]
fn strips_are_their_definitions() {
    let mut k = Kernel::new();
    let (mut with, mut without) = (HashMap::new(), HashMap::new());
    for s in words(['t', 'f', '.'], 7) {
        for (name, jumps, memo) in [
            ("toads_and_frogs", true, &mut with),
            ("elephants_and_rhinos", false, &mut without),
        ] {
            let want = strip_def(&s, jumps, &mut k, memo);
            assert_eq!(value_of(&mut k, &format!("{name}(\"{s}\")")), want, "{s}");
        }
    }
    // onag's own spelling of Toads and Frogs is the same game.
    assert!(same(
        "toads_and_frogs(\"tt.t..ff.f\")",
        "toads(\"TT.T..FF.F\")"
    ));
}

// ---------------------------------------------------------------------------------------
// Partizan Arc Kayles

/// A path by its definition, written as the colours of its edges in order (`"lre"`: four
/// vertices): taking edge i removes vertices i and i + 1, leaving the edges before i − 1 and
/// after i + 1 as two paths.
fn path_def(e: &str, k: &mut Kernel, memo: &mut HashMap<String, GameId>) -> GameId {
    if let Some(&g) = memo.get(e) {
        return g;
    }
    let c: Vec<char> = e.chars().collect();
    let mut sides = (Vec::new(), Vec::new());
    for i in 0..c.len() {
        let before: String = c[..i.saturating_sub(1)].iter().collect();
        let after: String = c.get(i + 2..).unwrap_or(&[]).iter().collect();
        let a = path_def(&before, k, memo);
        let b = path_def(&after, k, memo);
        let g = k.add(a, b).unwrap();
        if c[i] != 'r' {
            sides.0.push(g);
        }
        if c[i] != 'l' {
            sides.1.push(g);
        }
    }
    let g = k.from_options(&sides.0, &sides.1).unwrap();
    memo.insert(e.to_string(), g);
    g
}

#[test]
fn partizan_arc_kayles_agrees_with_cgsuite() {
    // GameGraphTest: PartizanArcKayles("llr") = 1/2, and the graph with green edges.
    assert_eq!(show("partizan_arc_kayles(\"llr\")"), "1/2");
    assert!(same(
        "partizan_arc_kayles(\"lrlr(ll;ree(rl;l))\")",
        "{3*|2*||3/2,3/2*|1/2*}"
    ));
}

#[test]
fn partizan_arc_kayles_is_its_definition() {
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    for e in words(['l', 'r', 'e'], 7) {
        let want = path_def(&e, &mut k, &mut memo);
        let text = if e.is_empty() {
            ".".to_string()
        } else {
            e.clone()
        };
        assert_eq!(
            value_of(&mut k, &format!("partizan_arc_kayles(\"{text}\")")),
            want,
            "{e}"
        );
    }
    // With only green edges it is Arc Kayles; a triangle of green edges is *.
    assert!(same(
        "partizan_arc_kayles(\"eeeeee\")",
        "arc_kayles(\"------\")"
    ));
    assert_eq!(
        show("partizan_arc_kayles(\":Aee:Ae\")"),
        show("arc_kayles(\":A--:A-\")")
    );
}

// ---------------------------------------------------------------------------------------
// Anti-Clobber

/// Anti-Clobber by its definition: a stone steps onto an orthogonally adjacent `.`, and the
/// other colour's stone appears where it stood (the proof checker's naive generator,
/// `cgsuite_rulesets_check::anti_clobber_moves`, written apart from the search).
fn anti_def(text: &str, k: &mut Kernel, memo: &mut HashMap<String, GameId>) -> GameId {
    let moves =
        |t: &String| crate::functions::cgsuite_rulesets_check::anti_clobber_moves(t).unwrap();
    by_definition(k, &text.to_string(), &moves, memo)
}

#[test]
fn anti_clobber_agrees_with_cgsuite() {
    // GameGridTest: AntiClobber("xoxo|oo..").CanonicalForm = {*|-1}.
    assert!(same("anti_clobber(\"xoxo|oo..\")", "{*|-1}"));
}

#[test]
fn anti_clobber_is_its_definition() {
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    for (h, w, alphabet) in [
        (1usize, 5usize, &['x', 'o', '.', '#'][..]),
        (2, 2, &['x', 'o', '.', '#'][..]),
        (2, 3, &['x', 'o', '.'][..]),
        (3, 2, &['x', 'o', '.'][..]),
    ] {
        let cells = h * w;
        let base = alphabet.len();
        for code in 0..base.pow(cells as u32) {
            let mut x = code;
            let mut rows = vec![vec!['.'; w]; h];
            for i in 0..cells {
                rows[i / w][i % w] = alphabet[x % base];
                x /= base;
            }
            let text: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
            let text = text.join("|");
            let want = anti_def(&text, &mut k, &mut memo);
            assert_eq!(
                value_of(&mut k, &format!("anti_clobber(\"{text}\")")),
                want,
                "{text}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// grundys_game

#[test]
fn grundys_game_is_cgsuites_name_for_grundy() {
    // GameHeapTest: [GrundysGame(n).NimValue for n from 1 to 20], GrundysGame(0) = 0 and
    // GrundysGame(20).Options.Size = 9.
    let row = [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0];
    for (i, g) in row.into_iter().enumerate() {
        assert_eq!(
            show(&format!("grundys_game({})", i + 1)),
            star(g),
            "{}",
            i + 1
        );
    }
    assert_eq!(show("grundys_game(0)"), "0");
    assert_eq!(show("size(options(grundys_game(20)))"), "9");
    assert!(functions::names().any(|n| n == "grundys_game"));
    // CGSuite's capitalised name is suggested as it.
    let e = show("GrundysGame(3)");
    assert!(e.contains("did you mean `grundys_game`"), "{e}");
}

// ---------------------------------------------------------------------------------------
// Openings and their naive checks

fn int(n: i64) -> Arg {
    Arg::Game(Term::integer(n))
}
fn text(s: &str) -> Arg {
    Arg::Text(s.into())
}

#[test]
fn openings_pass_their_checks_and_wrong_ones_fail() {
    let half = Arg::Game(parse("3/2").unwrap());
    let cases: Vec<(&str, Vec<Arg>)> = vec![
        ("take_away", vec![int(3), int(10), int(2)]),
        ("take_away", vec![half, int(9), int(4)]),
        ("fibonacci_nim", vec![int(12), int(5)]),
        ("maundy_cake", vec![int(12), int(18)]),
        ("maundy_cake", vec![int(8), int(0)]),
        ("turning", vec![text("1-3"), text("htththtth")]),
        ("turning", vec![text("1+C"), text("hthh")]),
        ("toads_and_frogs", vec![text("tt.f.tf.f")]),
        ("elephants_and_rhinos", vec![text("t.t.ff..f")]),
        ("partizan_arc_kayles", vec![text("lrlr(ll;ree(rl;l))")]),
        ("partizan_arc_kayles", vec![text(":Alre:A")]),
        ("anti_clobber", vec![text("xoxo|oo..")]),
        ("anti_clobber", vec![text("x.#o|.o.x")]),
    ];
    let mut k = Kernel::new();
    for (name, args) in cases {
        let f = functions::lookup(name).unwrap();
        let o = f.open(&args, &mut k).unwrap().unwrap();
        assert_eq!(f.check_open(&args, &o.term), Some(Ok(())), "{name}");
        // The opening's value is the function's.
        let g = f.value(&args, &mut k).unwrap();
        assert_eq!(k.eval(&o.term).unwrap(), g, "{name}");
        let Term::Game { left, right } = &o.term else {
            panic!("{name}: not a game")
        };
        // One option dropped.
        if !left.is_empty() {
            let wrong = Term::game(left[1..].to_vec(), right.clone());
            assert!(
                matches!(f.check_open(&args, &wrong), Some(Err(_))),
                "{name}"
            );
        }
        // A move that is not one: the position itself as its own option.
        let me = Term::Call {
            name: name.to_string(),
            args: args.clone(),
        };
        let mut more = right.clone();
        more.push(me);
        let wrong = Term::game(left.clone(), more);
        assert!(
            matches!(f.check_open(&args, &wrong), Some(Err(_))),
            "{name}"
        );
    }
}

#[test]
fn grundys_game_opens_to_grundy() {
    let mut k = Kernel::new();
    let f = functions::lookup("grundys_game").unwrap();
    let a = vec![int(9)];
    let o = f.open(&a, &mut k).unwrap().unwrap();
    assert_eq!(o.rule, "grundys_game");
    assert_eq!(
        o.term,
        Term::Call {
            name: "grundy".into(),
            args: a.clone()
        }
    );
    assert_eq!(f.check_open(&a, &o.term), Some(Ok(())));
    let wrong = Term::Call {
        name: "grundy".into(),
        args: vec![int(8)],
    };
    assert!(matches!(f.check_open(&a, &wrong), Some(Err(_))));
}
