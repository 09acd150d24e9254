//! Issue 44, point 2: a ruleset call means the position in every function.
//!
//! - `misere_outcome_class` of partizan boards is searched in misère play at every level (a
//!   board's options are sums of regions, some negated and transposed; none may be replaced by
//!   its normal-play value). Checked against a brute-force misère search written here from
//!   the rules alone (no regions, no symmetry, no canonical forms): every Domineering board of
//!   1×1 to 3×3 (every subset of filled squares, 682 boards), a sample of 4×4 boards, and, as
//!   a guard, Cram and Clobber boards.
//! - `left_options`, `right_options`, `followers`, `follower_count` of the loopy ruleset's
//!   call (`backsliding_toads_and_frogs("t.f")`) are the strips, enumerated here by hand and by
//!   a move generator written from the rules.

use std::collections::{BTreeSet, HashMap};

fn eval(expr: &str) -> String {
    let t = onag::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e:?}"));
    onag::evaluate_any(&t)
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
        .to_string()
}

/// A board of `rows` × `cols` squares; `cells[r * cols + c]` is its square's character.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Board {
    fn text(&self) -> String {
        self.cells
            .chunks(self.cols)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect::<Vec<_>>()
            .join("|")
    }
    fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }
    fn with(&self, changes: &[(usize, usize, u8)]) -> Board {
        let mut b = self.clone();
        for &(r, c, x) in changes {
            b.cells[r * self.cols + c] = x;
        }
        b
    }
}

/// The positions one move reaches, by the rules of each game.
type Moves = fn(&Board, bool) -> Vec<Board>;

/// Domineering (Winning Ways ch. 5; docs/POSITIONS.md): Left places a vertical domino on two
/// empty squares one above the other, Right a horizontal one on two side by side.
fn domineering(b: &Board, left: bool) -> Vec<Board> {
    let mut out = Vec::new();
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    for r in 0..b.rows - dr {
        for c in 0..b.cols - dc {
            if b.at(r, c) == b'.' && b.at(r + dr, c + dc) == b'.' {
                out.push(b.with(&[(r, c, b'#'), (r + dr, c + dc, b'#')]));
            }
        }
    }
    out
}

/// Cram: either player places a domino either way.
fn cram(b: &Board, _left: bool) -> Vec<Board> {
    let mut out = domineering(b, true);
    out.extend(domineering(b, false));
    out
}

/// Clobber: a player's stone (Left `x`, Right `o`) moves onto an orthogonally adjacent stone
/// of the other colour, which is removed.
fn clobber(b: &Board, left: bool) -> Vec<Board> {
    let (me, other) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut out = Vec::new();
    for r in 0..b.rows {
        for c in 0..b.cols {
            if b.at(r, c) != me {
                continue;
            }
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (r2, c2) in near {
                if r2 < b.rows && c2 < b.cols && b.at(r2, c2) == other {
                    out.push(b.with(&[(r, c, b'.'), (r2, c2, me)]));
                }
            }
        }
    }
    out
}

/// Who wins moving first in misère play (the player who cannot move wins): (Left first,
/// Right first), by the definition over the whole game tree, memoised by board.
fn brute(b: &Board, moves: Moves, memo: &mut HashMap<Board, (bool, bool)>) -> (bool, bool) {
    if let Some(&w) = memo.get(b) {
        return w;
    }
    let ls = moves(b, true);
    let lw = ls.is_empty() || ls.iter().any(|q| !brute(q, moves, memo).1);
    let rs = moves(b, false);
    let rw = rs.is_empty() || rs.iter().any(|q| !brute(q, moves, memo).0);
    memo.insert(b.clone(), (lw, rw));
    (lw, rw)
}

fn letter((l, r): (bool, bool)) -> &'static str {
    match (l, r) {
        (true, true) => "N",
        (true, false) => "L",
        (false, true) => "R",
        (false, false) => "P",
    }
}

/// Every board of `rows` × `cols` over the alphabet.
fn every_board(rows: usize, cols: usize, alphabet: &[u8]) -> Vec<Board> {
    let n = rows * cols;
    let total = alphabet.len().pow(n as u32);
    (0..total)
        .map(|mut i| {
            let mut cells = Vec::with_capacity(n);
            for _ in 0..n {
                cells.push(alphabet[i % alphabet.len()]);
                i /= alphabet.len();
            }
            Board { rows, cols, cells }
        })
        .collect()
}

/// A small deterministic generator (xorshift), so the sample is the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn random_board(rng: &mut Rng, rows: usize, cols: usize, alphabet: &[u8]) -> Board {
    let cells = (0..rows * cols)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect();
    Board { rows, cols, cells }
}

/// The boards (of the ruleset `name`) whose misère outcome onag gives differently from the
/// brute force, with both answers.
fn disagreements(name: &str, boards: &[Board], moves: Moves) -> Vec<String> {
    let mut memo = HashMap::new();
    let mut wrong = Vec::new();
    for b in boards {
        let expr = format!("misere_outcome_class({name}(\"{}\"))", b.text());
        let got = eval(&expr);
        let want = letter(brute(b, moves, &mut memo));
        if got != want {
            wrong.push(format!("{expr}: onag {got}, brute force {want}"));
        }
    }
    wrong
}

fn sizes_up_to_3x3() -> impl Iterator<Item = (usize, usize)> {
    (1..=3).flat_map(|r| (1..=3).map(move |c| (r, c)))
}

/// By hand (squares (row, column) from 0; the player who cannot move wins). In `#.#|#..|...`
/// Right moving first plays (2,0)-(2,1); Left must then place (0,1)-(1,1) or (1,2)-(2,2), and
/// either leaves Right no move: Right wins. Left moving first: after (1,1)-(2,1) Right has no
/// move and wins; after (0,1)-(1,1) or (1,2)-(2,2) Right plays (2,0)-(2,1), Left has exactly
/// one move left, then Right none: Right wins. So R.
#[test]
fn a_domineering_board_by_hand() {
    assert_eq!(
        eval("misere_outcome_class(domineering(\"#.#|#..|...\"))"),
        "R"
    );
}

/// Every Domineering board of 1×1 to 3×3: each of the 2^(rows·cols) sets of filled squares
/// (2 + 4 + 8 + 4 + 16 + 64 + 8 + 64 + 512 = 682 boards).
#[test]
fn every_domineering_board_up_to_3x3() {
    let mut boards = Vec::new();
    for (r, c) in sizes_up_to_3x3() {
        boards.extend(every_board(r, c, b".#"));
    }
    assert_eq!(boards.len(), 682);
    let wrong = disagreements("domineering", &boards, domineering);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Two the brute force gives, named (the empty 3×3 board was L before issue 44).
    let mut memo = HashMap::new();
    let empty = Board {
        rows: 3,
        cols: 3,
        cells: b".........".to_vec(),
    };
    assert_eq!(letter(brute(&empty, domineering, &mut memo)), "P");
    assert_eq!(
        eval("misere_outcome_class(domineering(\"...|...|...\"))"),
        "P"
    );
}

/// A sample of 4×4 Domineering boards (each square filled with probability 1/4, so most have
/// several regions), the empty board among them.
#[test]
fn a_sample_of_4x4_domineering_boards() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut boards = vec![Board {
        rows: 4,
        cols: 4,
        cells: vec![b'.'; 16],
    }];
    for _ in 0..60 {
        boards.push(random_board(&mut rng, 4, 4, b"...#"));
    }
    let wrong = disagreements("domineering", &boards, domineering);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Sums and negatives of boards are searched as sums: a board plus the negative of another
/// (the conjugate: Left and Right swapped, which for Domineering is the board transposed).
#[test]
fn sums_and_negatives_of_boards() {
    let a = "..|..|.#";
    let b = "...|.#.";
    let transposed_b = "..|.#|..";
    let board = |t: &str| {
        let rows: Vec<&str> = t.split('|').collect();
        Board {
            rows: rows.len(),
            cols: rows[0].len(),
            cells: rows.concat().into_bytes(),
        }
    };
    // The sum as one board: a and transposed b side by side with a filled column between
    // (no domino crosses it), so the brute force plays both at once by the rules alone.
    let (ba, bt) = (board(a), board(transposed_b));
    let mut cells = Vec::new();
    for r in 0..3 {
        cells.extend_from_slice(&ba.cells[r * 2..r * 2 + 2]);
        cells.push(b'#');
        cells.extend_from_slice(&bt.cells[r * 2..r * 2 + 2]);
    }
    let joined = Board {
        rows: 3,
        cols: 5,
        cells,
    };
    let want = letter(brute(&joined, domineering, &mut HashMap::new()));
    assert_eq!(
        eval(&format!(
            "misere_outcome_class(domineering(\"{a}\") + -domineering(\"{b}\"))"
        )),
        want
    );
    assert_eq!(
        eval(&format!(
            "misere_outcome_class(domineering(\"{a}\") + domineering(\"{transposed_b}\"))"
        )),
        want
    );
    assert_eq!(
        eval(&format!(
            "misere_outcome_class(domineering(\"{}\"))",
            joined.text()
        )),
        want
    );
}

/// Cram (impartial, so P or N) on every board of 1×1 to 3×3.
#[test]
fn every_cram_board_up_to_3x3() {
    let mut boards = Vec::new();
    for (r, c) in sizes_up_to_3x3() {
        boards.extend(every_board(r, c, b".#"));
    }
    let wrong = disagreements("cram", &boards, cram);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Clobber on every board of 1×1 to 2×2 and 1×3, 1×4, and a sample of 2×3 and 3×3 boards.
#[test]
fn clobber_boards() {
    let mut boards = Vec::new();
    for (r, c) in [(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1), (1, 4)] {
        boards.extend(every_board(r, c, b"xo."));
    }
    let mut rng = Rng(12345);
    for _ in 0..40 {
        boards.push(random_board(&mut rng, 2, 3, b"xo."));
        boards.push(random_board(&mut rng, 3, 3, b"xxoo."));
    }
    let wrong = disagreements("clobber", &boards, clobber);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Backsliding Toads and Frogs from its rules (Winning Ways ch. 12; CGSuite's
/// `BackslidingToadsAndFrogs`): a toad `t` (Left) steps one square right or left into an empty
/// square, or jumps right over one frog into the empty square beyond; a frog `f` (Right)
/// likewise in the other direction.
fn toads_moves(s: &str, left: bool) -> BTreeSet<String> {
    let b = s.as_bytes();
    let (me, other, fwd): (u8, u8, isize) = if left {
        (b't', b'f', 1)
    } else {
        (b'f', b't', -1)
    };
    let at = |i: usize, d: isize| -> Option<usize> {
        let j = i as isize + d;
        (0..b.len() as isize).contains(&j).then_some(j as usize)
    };
    let mut out = BTreeSet::new();
    for i in 0..b.len() {
        if b[i] != me {
            continue;
        }
        let mut to = Vec::new();
        for d in [fwd, -fwd] {
            if let Some(j) = at(i, d).filter(|&j| b[j] == b'.') {
                to.push(j);
            }
        }
        if at(i, fwd).is_some_and(|j| b[j] == other) {
            if let Some(j) = at(i, 2 * fwd).filter(|&j| b[j] == b'.') {
                to.push(j);
            }
        }
        for j in to {
            let mut n = b.to_vec();
            n[i] = b'.';
            n[j] = me;
            out.insert(String::from_utf8(n).unwrap());
        }
    }
    out
}

/// The strips named in a printed list of `backsliding_toads_and_frogs("…")` calls.
fn strips(list: &str) -> BTreeSet<String> {
    let inner = list
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .unwrap_or_else(|| panic!("not a list: {list}"));
    if inner.is_empty() {
        return BTreeSet::new();
    }
    inner
        .split(',')
        .map(|item| {
            let item = item.trim();
            item.strip_prefix("backsliding_toads_and_frogs(\"")
                .and_then(|i| i.strip_suffix("\")"))
                .unwrap_or_else(|| panic!("not a strip's call: {item} in {list}"))
                .to_string()
        })
        .collect()
}

fn set(xs: &[&str]) -> BTreeSet<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

/// `t.f` by hand: Left's toad can only step right (`.tf`), Right's frog only left (`tf.`);
/// from `.tf` the frog jumps the toad (`ft.`), from `tf.` the toad jumps the frog (`.ft`);
/// then `f.t` is reached from both. Six strips in all, every one reachable, the start
/// included (the graph is the one `backsliding_toads_and_frogs` values).
#[test]
fn the_loopy_ruleset_call_is_the_position() {
    let g = "backsliding_toads_and_frogs(\"t.f\")";
    assert_eq!(strips(&eval(&format!("left_options({g})"))), set(&[".tf"]));
    assert_eq!(strips(&eval(&format!("right_options({g})"))), set(&["tf."]));
    let all = set(&["t.f", ".tf", "tf.", "ft.", ".ft", "f.t"]);
    assert_eq!(strips(&eval(&format!("followers({g})"))), all);
    assert_eq!(eval(&format!("follower_count({g})")), "6");
    // The value is still the loopy game's (0, worked out in tests/backsliding_toads.rs).
    assert_eq!(eval(g), "0");
}

/// Options and followers of longer strips against the move generator above, by a walk over
/// every strip reachable.
#[test]
fn loopy_ruleset_positions_against_the_rules() {
    for start in [
        "t.f", "tt.f", "t..f", "t.tf.", "tt..ff", ".t.f.", "f.t", "tf",
    ] {
        let g = format!("backsliding_toads_and_frogs(\"{start}\")");
        assert_eq!(
            strips(&eval(&format!("left_options({g})"))),
            toads_moves(start, true),
            "{g}"
        );
        assert_eq!(
            strips(&eval(&format!("right_options({g})"))),
            toads_moves(start, false),
            "{g}"
        );
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.to_string()];
        while let Some(s) = stack.pop() {
            if seen.insert(s.clone()) {
                stack.extend(toads_moves(&s, true));
                stack.extend(toads_moves(&s, false));
            }
        }
        assert_eq!(strips(&eval(&format!("followers({g})"))), seen, "{g}");
        assert_eq!(
            eval(&format!("follower_count({g})")),
            seen.len().to_string(),
            "{g}"
        );
    }
}

/// A position of Kayles rows (Winning Ways ch. 4: a move knocks down one pin or two adjacent
/// ones, either player) beside a Domineering board: misère play of the sum by the rules.
fn kayles_and_board(
    rows: &[usize],
    b: &Board,
    memo: &mut HashMap<(Vec<usize>, Board), (bool, bool)>,
) -> (bool, bool) {
    let key = (rows.to_vec(), b.clone());
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut pins: Vec<Vec<usize>> = Vec::new();
    for (i, &m) in rows.iter().enumerate() {
        for take in 1..=2.min(m) {
            for left_part in 0..=m - take {
                let mut next: Vec<usize> = rows.to_vec();
                next.remove(i);
                next.extend(
                    [left_part, m - take - left_part]
                        .into_iter()
                        .filter(|&x| x > 0),
                );
                next.sort_unstable();
                pins.push(next);
            }
        }
    }
    let mut wins = [false, false];
    for (side, left) in [true, false].into_iter().enumerate() {
        let board_moves = domineering(b, left);
        let mut any = false;
        let mut w = false;
        for p in &pins {
            any = true;
            let o = kayles_and_board(p, b, memo);
            w |= if left { !o.1 } else { !o.0 };
        }
        for q in &board_moves {
            any = true;
            let o = kayles_and_board(rows, q, memo);
            w |= if left { !o.1 } else { !o.0 };
        }
        wins[side] = !any || w;
    }
    memo.insert(key, (wins[0], wins[1]));
    (wins[0], wins[1])
}

/// A heap ruleset inside a partizan sum is its position too (not its normal-play nimber):
/// Kayles rows beside Domineering boards, against the brute force of the whole sum.
#[test]
fn kayles_rows_beside_domineering_boards() {
    let mut memo = HashMap::new();
    let mut wrong = Vec::new();
    for text in ["..", ".|.", "..|..", "...|.#.", "#..|...", "..|.."] {
        let rows: Vec<&str> = text.split('|').collect();
        let b = Board {
            rows: rows.len(),
            cols: rows[0].len(),
            cells: rows.concat().into_bytes(),
        };
        for n in 0..=6 {
            for m in [0, 1, 3] {
                let expr = format!(
                    "misere_outcome_class(kayles({n}) + kayles({m}) + domineering(\"{text}\"))"
                );
                let heaps: Vec<usize> = {
                    let mut h: Vec<usize> = [n, m].into_iter().filter(|&x| x > 0).collect();
                    h.sort_unstable();
                    h
                };
                let want = letter(kayles_and_board(&heaps, &b, &mut memo));
                let got = eval(&expr);
                if got != want {
                    wrong.push(format!("{expr}: onag {got}, brute force {want}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
