//! Rulesets against published values and against brute-force evaluations written here from the
//! rules alone (no regions, no symmetries, no transposition table beyond a plain memo).

use onag::kernel::{GameId, Kernel};
use onag::rulesets::domineering;
use onag::syntax::{parse, print};
use std::collections::HashMap;

fn value_of(k: &mut Kernel, text: &str) -> GameId {
    k.eval(&parse(text).unwrap()).unwrap()
}

fn show(k: &mut Kernel, g: GameId) -> String {
    let t = k.to_term(g);
    print(&t, &Default::default())
}

/// A tiny deterministic generator (xorshift), so the random positions are the same every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

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
    if let Some(&g) = memo.get(&board) {
        return g;
    }
    let mut left = Vec::new();
    let mut right = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if !board[r * cols + c] {
                continue;
            }
            if r + 1 < rows && board[(r + 1) * cols + c] {
                let mut b = board.clone();
                b[r * cols + c] = false;
                b[(r + 1) * cols + c] = false;
                left.push(domineering_brute(k, rows, cols, b, memo));
            }
            if c + 1 < cols && board[r * cols + c + 1] {
                let mut b = board.clone();
                b[r * cols + c] = false;
                b[r * cols + c + 1] = false;
                right.push(domineering_brute(k, rows, cols, b, memo));
            }
        }
    }
    let g = k.from_options(&left, &right).unwrap();
    memo.insert(board, g);
    g
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

#[test]
fn domineering_random_boards_match_brute_force() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut k = Kernel::new();
    for _ in 0..300 {
        let rows = 1 + rng.below(4) as usize;
        let cols = 1 + rng.below(5) as usize;
        let board: Vec<bool> = (0..rows * cols).map(|_| rng.below(5) != 0).collect();
        let text: Vec<String> = board
            .chunks(cols)
            .map(|r| r.iter().map(|&e| if e { '.' } else { '#' }).collect())
            .collect();
        let text = text.join("|");
        let fast = dom(&mut k, &text);
        let brute = domineering_brute(&mut k, rows, cols, board, &mut HashMap::new());
        let (f, b) = (show(&mut k, fast), show(&mut k, brute));
        assert_eq!(fast, brute, "{text}: search {f}, brute force {b}");
    }
}

#[test]
fn domineering_full_small_rectangles_match_brute_force() {
    let mut k = Kernel::new();
    for rows in 1..=4 {
        for cols in 1..=4 {
            let fast = domineering::value(&domineering::Position::empty(rows, cols), &mut k).unwrap();
            let brute = domineering_brute(&mut k, rows, cols, vec![true; rows * cols], &mut HashMap::new());
            assert_eq!(fast, brute, "{rows}×{cols}");
        }
    }
}

#[test]
fn domineering_bad_boards_are_positioned_errors() {
    use onag::rulesets::RulesetError;
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
