//! The chess-piece Clobber variants (`kings`, `rooks`, `knights`, `queens`, and `clobber`
//! itself) on boards up to 4×4: `outcome_class` of a position against a brute-force minimax
//! written here from the rules (strings, no bit-boards, no symmetries, no values), and the
//! outcome read off the canonical value (`eval --json`'s `outcome`) against the same
//! minimax on 3×3 boards, so the search by play and the search by values agree with the
//! definition and with each other.

mod common;

use common::run::onag_stdin;
use std::collections::HashMap;

/// How a piece moves: its steps, and whether it slides over empty squares.
fn piece(name: &str) -> (Vec<(i32, i32)>, bool) {
    let orth = vec![(-1, 0), (1, 0), (0, -1), (0, 1)];
    let diag = vec![(-1, -1), (-1, 1), (1, -1), (1, 1)];
    let all: Vec<_> = orth.iter().chain(&diag).copied().collect();
    match name {
        "clobber" => (orth, false),
        "kings" => (all, false),
        "rooks" => (orth, true),
        "queens" => (all, true),
        "knights" => (
            vec![
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
            false,
        ),
        _ => panic!("no piece {name}"),
    }
}

/// The minimax of the rules: a stone of the mover steps (or slides over empty squares) onto
/// the first stone in its direction, which must be the opponent's, and removes it.
struct Minimax {
    steps: Vec<(i32, i32)>,
    slides: bool,
    w: i32,
    h: i32,
    memo: HashMap<(Vec<u8>, u8), bool>,
}

impl Minimax {
    fn new(name: &str, board: &str) -> (Minimax, Vec<u8>) {
        let rows: Vec<&str> = board.split('|').collect();
        let (steps, slides) = piece(name);
        let m = Minimax {
            steps,
            slides,
            w: rows[0].len() as i32,
            h: rows.len() as i32,
            memo: HashMap::new(),
        };
        (m, rows.concat().into_bytes())
    }

    fn moves(&self, b: &[u8], me: u8) -> Vec<Vec<u8>> {
        let them = if me == b'x' { b'o' } else { b'x' };
        let mut out = Vec::new();
        for (i, &c) in b.iter().enumerate() {
            if c != me {
                continue;
            }
            let (r, col) = (i as i32 / self.w, i as i32 % self.w);
            for &(dr, dc) in &self.steps {
                let (mut nr, mut nc) = (r + dr, col + dc);
                while self.slides
                    && (0..self.h).contains(&nr)
                    && (0..self.w).contains(&nc)
                    && b[(nr * self.w + nc) as usize] == b'.'
                {
                    nr += dr;
                    nc += dc;
                }
                if (0..self.h).contains(&nr) && (0..self.w).contains(&nc) {
                    let j = (nr * self.w + nc) as usize;
                    if b[j] == them {
                        let mut n = b.to_vec();
                        n[i] = b'.';
                        n[j] = me;
                        out.push(n);
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move (`x` or `o`) wins.
    fn wins(&mut self, b: &[u8], me: u8) -> bool {
        if let Some(&w) = self.memo.get(&(b.to_vec(), me)) {
            return w;
        }
        let other = if me == b'x' { b'o' } else { b'x' };
        let w = self.moves(b, me).iter().any(|n| !self.wins(n, other));
        self.memo.insert((b.to_vec(), me), w);
        w
    }

    fn outcome(name: &str, board: &str) -> &'static str {
        let (mut m, b) = Minimax::new(name, board);
        match (m.wins(&b, b'x'), m.wins(&b, b'o')) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        }
    }
}

/// Boards of `h` rows of `w` squares from a fixed pseudo-random sequence (`x`, `o`, `.` with
/// the empty square rarer), `n` of them.
fn boards(w: usize, h: usize, n: usize, seed: u64) -> Vec<String> {
    let mut s = seed;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) % 5
    };
    (0..n)
        .map(|_| {
            (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| match next() {
                            0 | 1 => 'x',
                            2 | 3 => 'o',
                            _ => '.',
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// `onag eval -` over these lines (each must succeed), one output line per line.
fn eval_lines(args: &[&str], lines: &[String]) -> Vec<String> {
    let mut all = vec!["eval"];
    all.extend(args);
    all.push("-");
    let o = onag_stdin(&all, &(lines.join("\n") + "\n"));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let got: Vec<String> = out.lines().map(|l| l.trim().to_string()).collect();
    assert_eq!(
        got.len(),
        lines.len(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    got
}

const PIECES: [&str; 5] = ["queens", "rooks", "kings", "knights", "clobber"];

#[test]
fn outcome_classes_of_4x4_boards_are_the_minimax() {
    // The board of the report (a 4×4 Queens position that ran past 60 s), and random 4×4
    // boards, under every piece.
    let mut cases: Vec<(String, String)> = Vec::new();
    for p in PIECES {
        cases.push((p.into(), "o.xo|ooxo|xxxo|x.xo".into()));
        for b in boards(4, 4, 3, 17) {
            cases.push((p.into(), b));
        }
    }
    let lines: Vec<String> = cases
        .iter()
        .map(|(p, b)| format!("outcome_class({p}(\"{b}\"))"))
        .collect();
    let got = eval_lines(&[], &lines);
    let mut classes = std::collections::BTreeSet::new();
    for ((p, b), g) in cases.iter().zip(&got) {
        let want = Minimax::outcome(p, b);
        assert_eq!(g, want, "outcome_class({p}(\"{b}\"))");
        classes.insert(want);
    }
    // The sample is not all of one class.
    assert!(classes.len() >= 2, "{classes:?}");
    // The report's board: a first-player win by the naive minimax.
    assert_eq!(got[0], "N");
}

#[test]
fn outcome_by_play_and_by_value_agree_with_the_minimax_on_3x3() {
    let mut cases: Vec<(String, String)> = Vec::new();
    for p in PIECES {
        for b in boards(3, 3, 12, 5) {
            cases.push((p.into(), b));
        }
    }
    let by_play: Vec<String> = cases
        .iter()
        .map(|(p, b)| format!("outcome_class({p}(\"{b}\"))"))
        .collect();
    let by_value: Vec<String> = cases.iter().map(|(p, b)| format!("{p}(\"{b}\")")).collect();
    let play = eval_lines(&[], &by_play);
    let json = eval_lines(&["--json"], &by_value);
    let mut classes = std::collections::BTreeSet::new();
    for (((p, b), g), j) in cases.iter().zip(&play).zip(&json) {
        let want = Minimax::outcome(p, b);
        classes.insert(want);
        assert_eq!(g, want, "outcome_class({p}(\"{b}\"))");
        assert!(
            j.contains(&format!("\"outcome\":\"{want}\"")),
            "{p}(\"{b}\"): {j}"
        );
    }
    assert_eq!(classes.len(), 4, "every class is met: {classes:?}");
}

#[test]
fn outcome_class_of_other_terms_is_by_value() {
    // Not a bare ruleset call: the value's outcome (kings("xo") is {0|0} = *).
    let got = eval_lines(
        &[],
        &[
            r#"outcome_class(kings("xo") + 1)"#.into(),
            r#"outcome_class(kings("xo"))"#.into(),
            r#"outcome_class(queens("xox|ox."))"#.into(),
        ],
    );
    // * + 1 = 1*: Left wins; * is a first-player win; queens("xox|ox.") = ↑ (CGSuite's value),
    // a win for Left.
    assert_eq!(got, ["L", "N", "L"]);
}
