//! Rulesets against published values and against brute-force evaluations written here from the
//! rules alone (no regions, no symmetries, no transposition table beyond a plain memo).

use super::{show, value_of, Rng};
use crate::parse;
use crate::rulesets::domineering;
use crate::{GameId, Kernel};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Domineering

/// Domineering by its definition on the whole board: Left covers (r,c),(r+1,c), Right
/// (r,c),(r,c+1); the value is {Left's results | Right's results}. Memoised on the board only.
fn domineering_brute(
    k: &mut Kernel,
    rows: usize,
    cols: usize,
    board: Vec<bool>,
    memo: &mut HashMap<Vec<bool>, GameId>,
) -> GameId {
    let moves = |board: &Vec<bool>| {
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for r in 0..rows {
            for c in 0..cols {
                if !board[r * cols + c] {
                    continue;
                }
                if r + 1 < rows && board[(r + 1) * cols + c] {
                    let mut b = board.clone();
                    b[r * cols + c] = false;
                    b[(r + 1) * cols + c] = false;
                    left.push(b);
                }
                if c + 1 < cols && board[r * cols + c + 1] {
                    let mut b = board.clone();
                    b[r * cols + c] = false;
                    b[r * cols + c + 1] = false;
                    right.push(b);
                }
            }
        }
        (left, right)
    };
    super::by_definition(k, &board, &moves, memo)
}

fn dom(k: &mut Kernel, text: &str) -> GameId {
    domineering::value(&domineering::Position::parse(text).unwrap(), k).unwrap()
}

#[test]
fn domineering_published_small_boards() {
    let mut k = Kernel::new();
    // Winning Ways: the empty 2×2 and 3×3 boards are both ±1.
    let pm1 = value_of(&mut k, "+-1");
    assert_eq!(dom(&mut k, "..|.."), pm1);
    assert_eq!(dom(&mut k, "...|...|..."), pm1);
    // One vertical slot is Left's move: 1; a horizontal one is Right's: -1.
    let one = value_of(&mut k, "1");
    assert_eq!(dom(&mut k, ".|."), one);
    let minus_one = value_of(&mut k, "-1");
    assert_eq!(dom(&mut k, ".."), minus_one);
    // Regions that cannot interact add: two vertical slots are 2.
    assert_eq!(dom(&mut k, ".#.|.#."), value_of(&mut k, "2"));
    // A board with no two adjacent empty squares is 0.
    assert_eq!(dom(&mut k, ".#.|#.#"), k.zero());
}

#[test]
fn domineering_transposing_negates() {
    let mut k = Kernel::new();
    for (a, b) in [("...|..#", ".#|..|.."), ("....|.#..", "..|#.|..|..")] {
        let ga = dom(&mut k, a);
        let gb = dom(&mut k, b);
        // b is a's transpose (rows become columns).
        assert_eq!(gb, k.neg(ga), "{a} vs {b}");
    }
}

/// A board (`true` an empty square) valued by the search and by the brute force, which agree.
fn search_matches_brute_force(k: &mut Kernel, rows: usize, cols: usize, board: Vec<bool>) {
    let text: Vec<String> = board
        .chunks(cols)
        .map(|r| r.iter().map(|&e| if e { '.' } else { '#' }).collect())
        .collect();
    let text = text.join("|");
    let fast = dom(k, &text);
    let brute = domineering_brute(k, rows, cols, board, &mut HashMap::new());
    let (f, b) = (show(k, fast), show(k, brute));
    assert_eq!(fast, brute, "{text}: search {f}, brute force {b}");
}

#[test]
fn domineering_random_boards_match_brute_force() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut k = Kernel::new();
    for _ in 0..300 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(5) as usize;
        let board: Vec<bool> = (0..rows * cols).map(|_| rng.below(5) != 0).collect();
        search_matches_brute_force(&mut k, rows, cols, board);
    }
}

/// Boards whose regions are wider or taller than 8 (kept in the general encoding) and boards
/// whose regions fill 4×5 and 3×6 boxes (the 64-bit word encoding, with every symmetry met),
/// against the brute force.
#[test]
fn domineering_wide_and_word_sized_boards_match_brute_force() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut k = Kernel::new();
    let shapes = [
        (2, 9),
        (9, 2),
        (2, 10),
        (10, 2),
        (1, 12),
        (4, 5),
        (5, 4),
        (3, 6),
        (6, 3),
    ];
    for i in 0..90 {
        let (rows, cols) = shapes[i % shapes.len()];
        let board: Vec<bool> = (0..rows * cols).map(|_| rng.below(6) != 0).collect();
        search_matches_brute_force(&mut k, rows, cols, board);
    }
}

#[test]
fn domineering_full_small_rectangles_match_brute_force() {
    let mut k = Kernel::new();
    for rows in 1..=4 {
        for cols in 1..=4 {
            let fast =
                domineering::value(&domineering::Position::empty(rows, cols), &mut k).unwrap();
            let brute = domineering_brute(
                &mut k,
                rows,
                cols,
                vec![true; rows * cols],
                &mut HashMap::new(),
            );
            assert_eq!(fast, brute, "{rows}×{cols}");
        }
    }
}

/// Every filling of the 4×4, 3×5 and 5×3 boards, searched with one table shared by all of
/// a shape's boards, against the brute force. Regions within 4×4 are keyed by their own
/// image and larger ones by their least (`domineering_small::small_parts`), so each
/// small image is solved on its own and meets, in the shared table, the images other boards
/// left there, transposed and reflected ones included.
#[test]
fn domineering_every_filling_of_small_rectangles_matches_brute_force() {
    every_filling_matches_brute_force(&[(4, 4), (3, 5), (5, 3)]);
}

/// Searches every filling of each `rows × cols` shape, with one table shared by a shape's
/// boards, and compares each value with the brute force's.
fn every_filling_matches_brute_force(shapes: &[(usize, usize)]) {
    use crate::rulesets::domineering::{value_threads, Position};
    use crate::rulesets::search::Table;
    let mut k = Kernel::new();
    for &(rows, cols) in shapes {
        let mut table = Table::new(1 << 20);
        let mut memo = HashMap::new();
        let n = rows * cols;
        for bits in 0u32..1 << n {
            let board: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            let position = Position {
                width: cols,
                height: rows,
                empty: board.clone(),
            };
            let fast = value_threads(&position, &mut k, &mut table, 1).unwrap();
            let brute = domineering_brute(&mut k, rows, cols, board, &mut memo);
            if fast != brute {
                let (f, b) = (show(&mut k, fast), show(&mut k, brute));
                panic!("{}: search {f}, brute force {b}", position.print());
            }
        }
    }
}

/// The same over every filling of the 3×6 and 6×3 boards, whose columns and rows of three
/// are where the search leaves out dominated moves (`domineering_small::dominated_left`): a
/// move left out that was not dominated would change some board's canonical form.
#[test]
fn domineering_every_filling_of_three_by_six_matches_brute_force() {
    every_filling_matches_brute_force(&[(3, 6), (6, 3)]);
}

/// A random set of squares within a `rows` × `cols` box, one bit a square (`8r + c`), each
/// square in it but for one chance in `one_in`.
fn random_word(rng: &mut Rng, rows: usize, cols: usize, one_in: u64) -> u64 {
    let mut x = 0u64;
    for r in 0..rows {
        for c in 0..cols {
            if rng.below(one_in) != 0 {
                x |= 1 << (8 * r + c);
            }
        }
    }
    x
}

/// Each move the search leaves out as dominated is, by the brute force, no better for its
/// player than some move it keeps; and a player with moves keeps at least one. Regions drawn
/// at random within a 4×5 box, one bit a square (`8r + c`).
#[test]
fn domineering_moves_left_out_are_dominated_by_moves_kept() {
    use crate::rulesets::domineering_small::{
        dominated_left, dominated_right, left_moves, right_moves,
    };
    let (rows, cols) = (4usize, 5usize);
    let mut rng = Rng(0x51ed_2701_9abc_0042);
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    let mut left_out = 0;
    for _ in 0..1500 {
        let x = random_word(&mut rng, rows, cols, 4);
        let board_of = |y: u64| -> Vec<bool> {
            (0..rows * cols)
                .map(|i| y >> (8 * (i / cols) + i % cols) & 1 == 1)
                .collect()
        };
        for (left, all, dropped, step) in [
            (true, left_moves(x), dominated_left(x), 8),
            (false, right_moves(x), dominated_right(x), 1),
        ] {
            assert_eq!(dropped & !all, 0, "{x:#x}: only moves are left out");
            let kept = all & !dropped;
            assert!(all == 0 || kept != 0, "{x:#x}: a move is kept");
            let value = |k: &mut Kernel, memo: &mut HashMap<_, _>, i: u32| {
                let y = x & !(1 << i | 1 << (i + step));
                domineering_brute(k, rows, cols, board_of(y), memo)
            };
            let mut rest = dropped;
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                left_out += 1;
                let worse = value(&mut k, &mut memo, i);
                let mut dominated = false;
                let mut ks = kept;
                while ks != 0 && !dominated {
                    let j = ks.trailing_zeros();
                    ks &= ks - 1;
                    let better = value(&mut k, &mut memo, j);
                    dominated = if left {
                        k.le(worse, better).unwrap()
                    } else {
                        k.le(better, worse).unwrap()
                    };
                }
                assert!(dominated, "{x:#x}: move at {i} (left {left}) left out");
            }
        }
    }
    // The draw meets the rule often enough to test it.
    assert!(left_out > 50, "{left_out}");
}

/// The bridge theorem (`domineering_small::bridge`) against the brute force: for horizontal
/// bridges x joining A and B in random regions within a 5×5 box, (A + x) + (x + B) ≤ G ≤
/// (A + x) + B and G ≤ A + (x + B) (for vertical ones each ≤ turned over), and each equality
/// the search settles a region by holds.
#[test]
fn domineering_bridges_bound_their_regions() {
    use crate::rulesets::domineering_small::{bridge, flood, Cells};
    let (rows, cols) = (5usize, 5usize);
    let mut rng = Rng(0xb41d_6e00_5eed_0049);
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    let board_of = |y: u64| -> Vec<bool> {
        (0..rows * cols)
            .map(|i| y >> (8 * (i / cols) + i % cols) & 1 == 1)
            .collect()
    };
    let (mut bridges, mut settled) = (0, 0);
    for _ in 0..600 {
        let y = random_word(&mut rng, rows, cols, 3);
        // One region: the squares connected to the first.
        let x = flood(y & y.wrapping_neg(), y);
        let v = |k: &mut Kernel, memo: &mut HashMap<_, _>, y: u64| {
            domineering_brute(k, rows, cols, board_of(y), memo)
        };
        let g = v(&mut k, &mut memo, x);
        let mut from = 0;
        let mut out = Vec::new();
        while let Some(next) = bridge(x, from, &mut out) {
            from = next;
            let words: Vec<u64> = out
                .drain(..)
                .map(|c| match c {
                    Cells::Small(w) => w,
                    Cells::Big(_) => unreachable!(),
                })
                .collect();
            let [bx, b, ax, a] = words[..] else {
                panic!("a group is four positions")
            };
            // The four are x's two sides, with and without x.
            assert_eq!(ax & bx, ax ^ a, "{x:#x}");
            assert_eq!(ax | bx, x, "{x:#x}");
            assert_eq!(a & b, 0, "{x:#x}");
            bridges += 1;
            let (p, q) = (v(&mut k, &mut memo, bx), v(&mut k, &mut memo, b));
            let (r, s) = (v(&mut k, &mut memo, ax), v(&mut k, &mut memo, a));
            let lower = k.add(r, p).unwrap();
            let upper_b = k.add(r, q).unwrap();
            let upper_a = k.add(s, p).unwrap();
            // A vertical bridge is the transpose: the players swap and the bounds turn over.
            let across = (ax & bx) >> 1 & x != 0;
            let ordered = |k: &mut Kernel, lo: GameId, hi: GameId| {
                if across {
                    k.le(lo, hi).unwrap()
                } else {
                    k.le(hi, lo).unwrap()
                }
            };
            assert!(ordered(&mut k, lower, g), "{x:#x}: (A + x) + (x + B)");
            assert!(ordered(&mut k, g, upper_b), "{x:#x}: (A + x) + B");
            assert!(ordered(&mut k, g, upper_a), "{x:#x}: A + (x + B)");
            if p == q {
                assert_eq!(g, upper_b, "{x:#x}");
                settled += 1;
            }
            if r == s {
                assert_eq!(g, upper_a, "{x:#x}");
                settled += 1;
            }
        }
    }
    // The draw meets bridges, and settles some regions, often enough to test both.
    assert!(
        bridges > 200 && settled > 50,
        "{bridges} bridges, {settled} settled"
    );
}

#[test]
fn domineering_bad_boards_are_positioned_errors() {
    use crate::RulesetError;
    let err = |t: &str| match domineering::Position::parse(t) {
        Err(RulesetError::Input(e)) => (e.line, e.column, e.message),
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(err("..|...").0, 1);
    assert_eq!(err("..|...").1, 4);
    assert!(err("..|...").2.contains("equal lengths"));
    let (l, c, m) = err("..\n.x");
    assert_eq!((l, c), (2, 2));
    assert!(m.contains("'x'"), "{m}");
    assert!(err("").2.contains("at least one square"));
    // A million squares is refused as too large (a limit), before anything is built.
    let huge = ".".repeat(1_000_000);
    assert!(matches!(
        domineering::Position::parse(&huge),
        Err(RulesetError::Kernel(_))
    ));
    // A region too big for the search is a limit, not an answer.
    let big = vec![".".repeat(20); 20].join("|");
    let mut k = Kernel::new();
    assert!(matches!(
        domineering::value(&domineering::Position::parse(&big).unwrap(), &mut k),
        Err(RulesetError::Kernel(_))
    ));
}

// ---------------------------------------------------------------------------------------------
// Octal games (the rest, through the public API, in tests/rulesets/values.rs)

use crate::Budget;
use crate::{NimSequence, OctalCode};

#[test]
fn subtraction_games_and_nim() {
    // Subtraction game {1, 2, 3}: G(n) = n mod 4, by its definition.
    let mut s = NimSequence::new(OctalCode::subtraction(&[1, 2, 3]).unwrap());
    let v = s.values_to(100, &Budget::default()).unwrap();
    for (n, &g) in v.iter().enumerate() {
        assert_eq!(g as usize, n % 4);
    }
    let p = s.find_period(1000, &Budget::default()).unwrap();
    assert_eq!(p.map(|p| (p.preperiod, p.period)), Some((0, 4)));
    // Subtraction game {2, 5}: brute force by the rules.
    let mut s = NimSequence::new(OctalCode::subtraction(&[2, 5]).unwrap());
    let v = s.values_to(200, &Budget::default()).unwrap();
    let moves = |&n: &usize| {
        [2, 5]
            .into_iter()
            .filter(move |&k| k <= n)
            .map(move |k| n - k)
    };
    let mut memo = HashMap::new();
    let b: Vec<u32> = (0..=200)
        .map(|n| super::mex_by_definition(n, &moves, &mut memo) as u32)
        .collect();
    assert_eq!(v, b);
    // Nim: heaps 3, 5, 6 nim-add to 0.
    let z = crate::rulesets::octal::nim(&[3.into(), 5.into(), 6.into()]).unwrap();
    assert!(z.is_zero());
}

// ---------------------------------------------------------------------------------------------
// Toads and Frogs

use crate::rulesets::toads;

/// Toads and Frogs by the rules on the whole row, memoised by the row only: the moves by the
/// proof checker's naive generator (`functions::rulesets_check::strip_moves`), written apart
/// from the search.
fn toads_brute(k: &mut Kernel, row: &str, memo: &mut HashMap<String, GameId>) -> GameId {
    let moves = |r: &String| {
        let row: Vec<char> = r.chars().collect();
        crate::functions::rulesets_check::strip_moves(&row, ['T', 'F'], true)
    };
    super::by_definition(k, &row.to_string(), &moves, memo)
}

fn toad(k: &mut Kernel, text: &str) -> GameId {
    toads::value(&toads::parse(text).unwrap(), k).unwrap()
}

#[test]
fn toads_and_frogs_published_positions() {
    let mut k = Kernel::new();
    // Winning Ways ch. 1 and Erickson, "New Toads and Frogs results" (1996), worked examples.
    assert_eq!(toad(&mut k, "T.F"), value_of(&mut k, "*"));
    assert_eq!(toad(&mut k, "TFTF."), k.zero());
    assert_eq!(toad(&mut k, "TF.TF"), k.zero());
    assert_eq!(toad(&mut k, "TFT.F"), value_of(&mut k, "*"));
    assert_eq!(toad(&mut k, "T.TFF"), value_of(&mut k, "^"));
    // With no frog in the way, two toads have two squares each to walk: Left's 4 moves.
    assert_eq!(toad(&mut k, "TT.."), value_of(&mut k, "4"));
}

#[test]
fn toads_and_frogs_random_rows_match_brute_force() {
    let mut rng = Rng(0x2545f4914f6cdd1d);
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    for _ in 0..400 {
        let n = 1 + rng.below(9) as usize;
        let text: String = (0..n)
            .map(|_| ['.', 'T', 'F'][rng.below(3) as usize])
            .collect();
        let fast = toad(&mut k, &text);
        let brute = toads_brute(&mut k, &text, &mut memo);
        assert_eq!(fast, brute, "{text}");
    }
    // Starting positions T^a □^b F^c.
    for a in 1..=3 {
        for b in 1..=3 {
            for c in 1..=3 {
                let text = format!("{}{}{}", "T".repeat(a), ".".repeat(b), "F".repeat(c));
                let brute = toads_brute(&mut k, &text, &mut memo);
                assert_eq!(toad(&mut k, &text), brute, "{text}");
            }
        }
    }
    assert!(matches!(toads::parse("TT.X"), Err(crate::RulesetError::Input(e)) if e.column == 4));
}

// ---------------------------------------------------------------------------------------------
// Clobber

use crate::rulesets::clobber;

/// Clobber by the rules on the whole board, memoised by the board only: the moves by the proof
/// checker's naive generator (`functions::grid_games_check`, Clobber's piece a rook that does
/// not slide), written apart from the search.
fn clobber_brute(k: &mut Kernel, text: &str, memo: &mut HashMap<String, GameId>) -> GameId {
    let moves = |t: &String| {
        crate::functions::grid_games_check::clobber_variant_moves("clobber", t).unwrap()
    };
    super::by_definition(k, &text.to_string(), &moves, memo)
}

fn clob(k: &mut Kernel, text: &str) -> GameId {
    clobber::value(&clobber::parse(text).unwrap(), k).unwrap()
}

#[test]
fn clobber_small_positions() {
    let mut k = Kernel::new();
    // By hand from the rules: xo = {0|0} = *; xoo = {.xo | o.o} = {*|0} = v.
    assert_eq!(clob(&mut k, "xo"), value_of(&mut k, "*"));
    assert_eq!(clob(&mut k, "xoo"), value_of(&mut k, "v"));
    assert_eq!(clob(&mut k, "xxo"), value_of(&mut k, "^"));
    // Stones of one colour only, or stones apart, cannot move.
    assert_eq!(clob(&mut k, "xx.|..x"), k.zero());
    assert_eq!(clob(&mut k, "x.o|.x."), k.zero());
}

#[test]
fn clobber_random_boards_match_brute_force() {
    let mut rng = Rng(0x853c49e6748fea9b);
    let mut k = Kernel::new();
    for _ in 0..150 {
        let rows = 1 + rng.below(3) as usize;
        let cols = 1 + rng.below(4) as usize;
        let b: Vec<char> = (0..rows * cols)
            .map(|_| ['.', 'x', 'o', 'x', 'o'][rng.below(5) as usize])
            .collect();
        let text: Vec<String> = b.chunks(cols).map(|r| r.iter().collect()).collect();
        let text = text.join("|");
        let fast = clob(&mut k, &text);
        let brute = clobber_brute(&mut k, &text, &mut HashMap::new());
        assert_eq!(fast, brute, "{text}");
    }
}

// ---------------------------------------------------------------------------------------------
// Hackenbush

use crate::rulesets::hackenbush::{self, Picture};

/// Hackenbush by the rules on whole pictures: a picture is a sorted list of edges (a, b, c)
/// with node 0 the ground; cutting an edge drops every edge no path joins to the ground.
fn hackenbush_brute(
    k: &mut Kernel,
    edges: Vec<(usize, usize, char)>,
    memo: &mut HashMap<Vec<(usize, usize, char)>, GameId>,
) -> GameId {
    super::by_definition(k, &edges, &|e: &Edges| hackenbush_moves(e), memo)
}

/// A picture, as [`hackenbush_brute`] writes it.
type Edges = Vec<(usize, usize, char)>;

/// Each player's pictures after one cut.
fn hackenbush_moves(edges: &[(usize, usize, char)]) -> (Vec<Edges>, Vec<Edges>) {
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for i in 0..edges.len() {
        let mut rest = edges.to_vec();
        let (_, _, c) = rest.remove(i);
        let reach = grounded(&rest);
        let mut next: Vec<_> = rest.into_iter().filter(|e| reach.contains(&e.0)).collect();
        next.sort_unstable();
        if c != 'R' {
            left.push(next.clone());
        }
        if c != 'L' {
            right.push(next);
        }
    }
    (left, right)
}

/// The nodes of a picture that some path of its edges joins to the ground (node 0).
fn grounded(edges: &[(usize, usize, char)]) -> Vec<usize> {
    let mut reach = vec![0usize];
    loop {
        let before = reach.len();
        for &(a, b, _) in edges {
            if reach.contains(&a) && !reach.contains(&b) {
                reach.push(b);
            }
            if reach.contains(&b) && !reach.contains(&a) {
                reach.push(a);
            }
        }
        if reach.len() == before {
            return reach;
        }
    }
}

fn hb(k: &mut Kernel, text: &str) -> GameId {
    hackenbush::value(&Picture::parse(text).unwrap(), k).unwrap()
}

#[test]
fn hackenbush_strings_are_hackenstrings() {
    let mut rng = Rng(0xda942042e4dd58b5);
    let mut k = Kernel::new();
    for _ in 0..200 {
        let n = 1 + rng.below(8) as usize;
        let s: String = (0..n)
            .map(|_| ['L', 'R', 'E'][rng.below(3) as usize])
            .collect();
        let a = hb(&mut k, &s);
        let b = value_of(&mut k, &format!("hs\"{s}\""));
        assert_eq!(a, b, "{s}");
    }
    // A string longer than the search takes goes to the Hackenstring rule.
    let long = "LR".repeat(200);
    assert_eq!(
        hb(&mut k, &long),
        value_of(&mut k, &format!("hs\"{long}\""))
    );
}

#[test]
fn hackenbush_trees_and_graphs() {
    let mut k = Kernel::new();
    // Green trees: the colon principle (Winning Ways ch. 7): branches on a stalk add as Nim
    // heaps, E:(*1 + *1) = E:0 = *1 and E:(*2 + *1) = E:*3 = *4.
    assert_eq!(hb(&mut k, "E(E,E)"), value_of(&mut k, "*"));
    assert_eq!(hb(&mut k, "E(EE,E)"), value_of(&mut k, "*4"));
    // Two stalks on the ground add: L + R = 0, LL + R = 1.
    assert_eq!(hb(&mut k, "L,R"), k.zero());
    assert_eq!(hb(&mut k, "LL,R"), value_of(&mut k, "1"));
    // The graph form: a triangle standing on the ground at both ends of its base.
    let tri = hb(&mut k, "_ L a R b L _");
    let brute = hackenbush_brute(
        &mut k,
        vec![(0, 1, 'L'), (1, 2, 'R'), (0, 2, 'L')],
        &mut HashMap::new(),
    );
    assert_eq!(tri, brute);
    // Tree form and graph form of one picture agree.
    assert_eq!(hb(&mut k, "L(R,E)"), hb(&mut k, "_ L a R b, a E c"));
}

#[test]
fn hackenbush_random_graphs_match_brute_force() {
    let mut rng = Rng(0x6a09e667f3bcc908);
    let mut k = Kernel::new();
    for _ in 0..150 {
        let nodes = 2 + rng.below(4) as usize;
        let m = 1 + rng.below(7) as usize;
        let mut edges = Vec::new();
        for _ in 0..m {
            let a = rng.below(nodes as u64) as usize;
            let mut b = rng.below(nodes as u64) as usize;
            if a == b {
                b = (b + 1) % nodes;
            }
            edges.push((a, b, ['L', 'R', 'E'][rng.below(3) as usize]));
        }
        let name = |n: usize| {
            if n == 0 {
                "_".to_string()
            } else {
                format!("v{n}")
            }
        };
        let text: Vec<String> = edges
            .iter()
            .map(|&(a, b, c)| format!("{} {c} {}", name(a), name(b)))
            .collect();
        let text = text.join(", ");
        // An edge off the ground as written is an error at it (issue 33.5), never dropped.
        let reach = grounded(&edges);
        if edges.iter().any(|e| !reach.contains(&e.0)) {
            let e = Picture::parse(&text).unwrap_err();
            assert!(
                e.to_string().contains("not joined to the ground"),
                "{text}: {e}"
            );
            continue;
        }
        let fast = hb(&mut k, &text);
        let mut start: Vec<_> = edges.clone();
        start.sort_unstable();
        let brute = if start.is_empty() {
            k.zero()
        } else {
            hackenbush_brute(&mut k, start, &mut HashMap::new())
        };
        assert_eq!(fast, brute, "{text}");
    }
}

#[test]
fn hackenbush_bad_pictures() {
    use crate::RulesetError;
    let col = |t: &str| match Picture::parse(t) {
        Err(RulesetError::Input(e)) => e.column,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(col("LXR"), 2);
    assert_eq!(col("_ L a Q b"), 7);
    assert_eq!(col("_ L"), 3);
    assert_eq!(col("L(R"), 4);
    assert_eq!(col(""), 1);
}

// ---------------------------------------------------------------------------------------------
// Openings: "position → game" steps, checked by the naive move generators

#[test]
fn openings_equal_their_positions_and_pass_the_naive_check() {
    use crate::functions::lookup;
    let mut k = Kernel::new();
    for src in [
        "domineering(\"...|..#|...\")",
        "domineering(\"....\")",
        "clobber(\"xox|o.x\")",
        "toads(\"TT.F.F\")",
        "cutcake(5, 3)",
        "octal(\"0.77\", 9)",
        "octal(\"4.07\", 6)",
        "subtraction(\"1,3,4\", 8)",
        "hackenbush(\"L(R,E)\")",
        "hackenbush(\"LR,LR,E\")",
        "hackenbush(\"L(R(E,L),R,R)\")",
        "hackenbush(\"_ L a R b, a E c, b L _, c R _\")",
        "hackenbush(\"_ E a E _, a L b\")",
    ] {
        let t = parse(src).unwrap();
        let crate::Term::Call { name, args } = &t else {
            panic!("{src}")
        };
        let f = lookup(name).unwrap();
        let opening = f.open(args, &mut k).unwrap().unwrap();
        // The opening has the position's value.
        let v = k.eval(&t).unwrap();
        assert_eq!(k.eval(&opening.term).unwrap(), v, "{src}");
        assert_eq!(f.check_open(args, &opening.term), Some(Ok(())), "{src}");
        // Tampered openings are rejected: an option dropped, an option listed twice, the
        // players' options swapped (when they differ).
        let crate::Term::Game { left, right } = &opening.term else {
            panic!()
        };
        if let Some(first) = left.first() {
            let dropped = crate::Term::game(left[1..].to_vec(), right.clone());
            assert!(
                matches!(f.check_open(args, &dropped), Some(Err(_))),
                "{src} dropped"
            );
            let mut twice = left.clone();
            twice.push(first.clone());
            let twice = crate::Term::game(twice, right.clone());
            assert!(
                matches!(f.check_open(args, &twice), Some(Err(_))),
                "{src} twice"
            );
        }
        if left != right {
            let swapped = crate::Term::game(right.clone(), left.clone());
            assert!(
                matches!(f.check_open(args, &swapped), Some(Err(_))),
                "{src} swapped"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pictures and the command line

fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a non-empty image");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// Pixels that are mostly blue, mostly red, dark grey.
fn colours(p: &resvg::tiny_skia::Pixmap) -> (usize, usize, usize) {
    let (mut b, mut r, mut g) = (0, 0, 0);
    for px in p.pixels() {
        let (pr, pg, pb) = (px.red() as i32, px.green() as i32, px.blue() as i32);
        if pb > pr + 60 && pb > pg + 40 {
            b += 1;
        } else if pr > pb + 60 && pr > pg + 60 {
            r += 1;
        } else if (pr - 0x55).abs() < 8 && (pg - 0x55).abs() < 8 && (pb - 0x55).abs() < 8 {
            g += 1;
        }
    }
    (b, r, g)
}

#[test]
fn pictures_of_positions_render() {
    use crate::rulesets::svg::draw;
    // A 2×3 board with one filled square: 6 squares of 40 px, one of them dark grey.
    let p = render(&draw("domineering", "..#|...").unwrap());
    assert_eq!((p.width(), p.height()), (122, 82));
    let (_, _, grey) = colours(&p);
    assert!(grey > 30 * 30 && grey < 42 * 42, "{grey}");
    // Clobber: two blue stones and one red one.
    let (b, r, _) = colours(&render(&draw("clobber", "xo|x.").unwrap()));
    assert!(b > r * 3 / 2 && r > 500, "{b} {r}");
    // Toads and Frogs: blue toads and red frogs.
    let (b, r, _) = colours(&render(&draw("toads", "T.F").unwrap()));
    assert!(b > 500 && r > 500, "{b} {r}");
    // Hackenbush: a blue edge and a red edge.
    let (b, r, _) = colours(&render(&draw("hackenbush", "LR").unwrap()));
    assert!(b > 100 && r > 100, "{b} {r}");
    assert!(draw("domineering", "..|.").is_err());
}

#[test]
fn hackenbush_openings_are_checked_from_the_rules() {
    use crate::functions::lookup;
    let f = lookup("hackenbush").unwrap();
    let mut k = Kernel::new();
    let open = |k: &mut Kernel, text: &str| {
        let args = [crate::Arg::Text(text.into())];
        let o = f.open(&args, k).unwrap().unwrap();
        (args, o.term)
    };
    let parts = |t: &crate::Term| match t {
        crate::Term::Game { left, right } => (left.clone(), right.clone()),
        _ => panic!("{t:?}"),
    };
    let hb = |s: &str| parse(&format!("hackenbush(\"{s}\")")).unwrap();
    // "LR": Left cuts the L (everything falls: 0), Right cuts the R (an L is left).
    let (args, term) = open(&mut k, "LR");
    assert_eq!(f.check_open(&args, &term), Some(Ok(())));
    let (l, r) = parts(&term);
    assert_eq!((l.len(), r.len()), (1, 1));
    // A cut of the wrong colour: Left given Right's cut.
    let wrong = crate::Term::game(vec![hb("L")], r.clone());
    assert!(matches!(f.check_open(&args, &wrong), Some(Err(_))));
    // An option added that no cut reaches (the position itself), and one removed.
    let added = crate::Term::game(vec![l[0].clone(), hb("LR")], r.clone());
    assert!(matches!(f.check_open(&args, &added), Some(Err(_))));
    let removed = crate::Term::game(vec![], r.clone());
    assert!(matches!(f.check_open(&args, &removed), Some(Err(_))));
    // Isomorphic sub-pictures are one position, listed once: in "LR,LR,E" Left's two cuts of
    // an L leave the same picture, and so do Right's two cuts of an R.
    let (args, term) = open(&mut k, "LR,LR,E");
    let (l, r) = parts(&term);
    // Left: cut an L (one shape: LR,E), cut the E (LR,LR); Right: cut an R (L,LR,E), the E.
    assert_eq!((l.len(), r.len()), (2, 2), "{term:?}");
    assert_eq!(f.check_open(&args, &term), Some(Ok(())));
    // Written in another order the same shape is still the same option.
    let reordered = crate::Term::game(vec![hb("E,LR"), hb("LR,LR")], r.clone());
    assert_eq!(f.check_open(&args, &reordered), Some(Ok(())));
    // A cycle through the ground: "_ L a L b, b R _". Left cuts "_ L a" (a R stalk with an L
    // on top stands: "RL") or "a L b" (two stalks "L,R"); Right cuts "b R _" ("LL").
    let (args, term) = open(&mut k, "_ L a L b, b R _");
    assert_eq!(f.check_open(&args, &term), Some(Ok(())));
    let by_hand = crate::Term::game(vec![hb("L,R"), hb("RL")], vec![hb("LL")]);
    assert_eq!(f.check_open(&args, &by_hand), Some(Ok(())));
    // An option with the colours the other way up is another picture.
    let upside_down = crate::Term::game(vec![hb("L,R"), hb("LR")], vec![hb("LL")]);
    assert!(matches!(f.check_open(&args, &upside_down), Some(Err(_))));
    // An option written with a hanging edge is refused (issue 33.5: a picture's part off the
    // ground is an error, never dropped silently), by the checker as by the producer.
    let hanging = crate::Term::game(vec![hb("L,R"), hb("_ R b, b L a, c L d")], vec![hb("LL")]);
    assert!(matches!(f.check_open(&args, &hanging), Some(Err(_))));
}

// ---------------------------------------------------------------------------------------------
// Threads: the same values with any count

#[test]
fn domineering_threads_give_the_same_values() {
    use crate::rulesets::domineering::{value_threads, Position};
    use crate::rulesets::search::Table;
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut boards: Vec<String> = vec![
        "....|....|....|....".into(),
        ".....|.....|.....|.....".into(),
        "....#....|....#....|....#....|....#....".into(),
        "...#...#...|...#...#...|.#.#.#.#.#.".into(),
    ];
    for _ in 0..12 {
        let (h, w) = (2 + rng.below(4), 2 + rng.below(7));
        let rows: Vec<String> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| if rng.below(4) == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        boards.push(rows.join("|"));
    }
    for b in &boards {
        let p = Position::parse(b).unwrap();
        let mut printed = Vec::new();
        for threads in [1, 2, 4] {
            let mut k = Kernel::new();
            let mut t = Table::for_kernel(&k);
            let g = value_threads(&p, &mut k, &mut t, threads).unwrap();
            printed.push(crate::print(&k.to_term(g), &Default::default()));
        }
        assert_eq!(printed[0], printed[1], "{b}");
        assert_eq!(printed[0], printed[2], "{b}");
    }
    // And the threaded value of two regions is the sum of their values found apart.
    let mut k = Kernel::new();
    let both = value_of(&mut k, "domineering(\"...#....|...#....|...#....\")");
    let apart = value_of(
        &mut k,
        "domineering(\"...|...|...\") + domineering(\"....|....|....\")",
    );
    assert_eq!(both, apart);
}

/// One region searched by two and three threads together (the helpers walking the options
/// last first, values passed between kernels) against the definition on the whole board:
/// every rectangle up to 4×4 and random one-region boards up to 4×5.
#[test]
fn domineering_one_region_on_threads_matches_brute_force() {
    use crate::rulesets::domineering::{value_threads, Position};
    use crate::rulesets::search::Table;
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut boards: Vec<(usize, usize, Vec<bool>)> = Vec::new();
    for rows in 2..=4 {
        for cols in 2..=4 {
            boards.push((rows, cols, vec![true; rows * cols]));
        }
    }
    while boards.len() < 30 {
        let (rows, cols) = (3 + rng.below(2) as usize, 3 + rng.below(3) as usize);
        let cells: Vec<bool> = (0..rows * cols).map(|_| rng.below(6) != 0).collect();
        let text: Vec<String> = cells
            .chunks(cols)
            .map(|r| r.iter().map(|&e| if e { '.' } else { '#' }).collect())
            .collect();
        // Only boards that are one region: the case the threads share.
        if Position::parse(&text.join("|"))
            .unwrap()
            .regions()
            .unwrap()
            .len()
            == 1
        {
            boards.push((rows, cols, cells));
        }
    }
    for (rows, cols, cells) in boards {
        let p = Position {
            width: cols,
            height: rows,
            empty: cells.clone(),
        };
        for threads in [2, 3] {
            let mut k = Kernel::new();
            let brute = domineering_brute(&mut k, rows, cols, cells.clone(), &mut HashMap::new());
            let mut t = Table::for_kernel(&k);
            let g = value_threads(&p, &mut k, &mut t, threads).unwrap();
            assert_eq!(g, brute, "{} on {threads} threads", p.print());
        }
    }
}

/// Boards large enough that the helpers start (the main thread alone solves more than
/// `HELPERS_AFTER` parts), so that values really cross kernels and the threads steer around
/// the parts others have begun: the same printed value on one, two and three threads, and
/// the 5×6 board's value is the negative of the 6×5 board's (transposing swaps the players).
#[test]
fn domineering_threads_share_large_regions() {
    use crate::rulesets::domineering::{value_threads, Position};
    use crate::rulesets::search::Table;
    let b = "......|......|......|......|......";
    let mut printed = Vec::new();
    for threads in [1, 2, 3] {
        let mut k = Kernel::new();
        let mut t = Table::for_kernel(&k);
        let g = value_threads(&Position::parse(b).unwrap(), &mut k, &mut t, threads).unwrap();
        assert!(t.solved > 20_000, "the helpers never started");
        printed.push(crate::print(&k.to_term(g), &Default::default()));
    }
    assert_eq!(printed[0], printed[1]);
    assert_eq!(printed[0], printed[2]);
    let mut k = Kernel::new();
    let five_by_six = value_of(
        &mut k,
        "domineering(\"......|......|......|......|......\")",
    );
    let six_by_five = value_of(
        &mut k,
        "domineering(\".....|.....|.....|.....|.....|.....\")",
    );
    assert_eq!(k.neg(five_by_six), six_by_five);
}

#[test]
fn clobber_threads_give_the_same_values() {
    use crate::rulesets::clobber::{parse as clobber_parse, value_threads};
    for b in [
        "xox.oxo|ox..xox",
        "xoxo.xo.ox|oxox.ox.xo",
        "xo.ox.xxo|.o..o..o.",
    ] {
        let p = clobber_parse(b).unwrap();
        let mut printed = Vec::new();
        for threads in [1, 2, 3] {
            let mut k = Kernel::new();
            let g = value_threads(&p, &mut k, threads).unwrap();
            printed.push(crate::print(&k.to_term(g), &Default::default()));
        }
        assert_eq!(printed[0], printed[1], "{b}");
        assert_eq!(printed[0], printed[2], "{b}");
    }
}

/// (The same inputs through the command line are in tests/rulesets/main.rs.)
#[test]
fn every_ruleset_refuses_bad_input_with_a_place_or_a_limit() {
    use crate::rulesets::{hackenbush::Picture, RulesetError};
    let place = |r: Result<(), RulesetError>| match r {
        Err(RulesetError::Input(e)) => (e.line, e.column),
        other => panic!("{other:?}"),
    };
    let limit = |r: Result<(), RulesetError>| matches!(r, Err(RulesetError::Kernel(_)));
    // Clobber: ragged rows, an unknown character, an empty board, a million squares.
    let c = |t: &str| clobber::parse(t).map(|_| ());
    assert_eq!(place(c("xo|xoo")), (1, 4));
    assert_eq!(place(c("xo\nx#")), (2, 2));
    assert_eq!(place(c("")), (1, 1));
    assert!(limit(c(&"x".repeat(1_000_000))));
    // Toads and Frogs: an unknown character, an empty row, a million squares.
    let t = |s: &str| toads::parse(s).map(|_| ());
    assert_eq!(place(t("T.x.F")), (1, 3));
    assert_eq!(place(t("")), (1, 1));
    assert!(limit(t(&".".repeat(1_000_000))));
    // Hackenbush: an unknown colour, an edge that ends without its node, an empty picture.
    let h = |s: &str| Picture::parse(s).map(|_| ());
    assert_eq!(place(h("_ L a X b")), (1, 7));
    assert_eq!(place(h("_ L a, a R")), (1, 10));
    assert_eq!(place(h("LR,L(")), (1, 6));
}
