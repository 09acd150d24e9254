//! The independent check of the grid openings (`cram`, `kings`, `rooks`, `knights`, `queens`,
//! `amazons`): a second move generator per ruleset, written from the rules on the board's
//! characters (rows of characters and coordinates; no bit-boards, groups or symmetries), and
//! a comparison of the boards it reaches with those an opening lists, as sets: every option
//! once, nothing missing, nothing extra. Clobber's own check is here too ([`clobber`]), its
//! piece a rook that does not slide.
//!
//! The boards are read by the one reader of their language (`rulesets::position::grids`, the
//! producer's too): independence is in the moves, not the language.

use super::rulesets_check::{compare, join, listed as listed_one, listed_as, read, text_of};
use crate::rulesets::position::{grids, Board};
use crate::rulesets::RulesetError;
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

type Rows = Vec<Vec<char>>;

/// A reader of a board language.
type Reader = fn(&str) -> Result<Board, RulesetError>;

/// Left's and Right's options, as boards' texts.
pub type Options = (BTreeSet<String>, BTreeSet<String>);

/// The reader of ruleset `name`'s language.
fn reader(name: &str) -> Option<Reader> {
    Some(match name {
        "cram" => grids::cram,
        "clobber" => crate::rulesets::position::clobber,
        "kings" => grids::kings,
        "rooks" => grids::rooks,
        "knights" => grids::knights,
        "queens" => grids::queens,
        "amazons" => grids::amazons,
        _ => return None,
    })
}

/// The square (r, c) moved by (dr, dc), if on the board.
fn go(rows: &Rows, (r, c): (usize, usize), (dr, dc): (i32, i32)) -> Option<(usize, usize)> {
    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
    if nr < 0 || nc < 0 {
        return None;
    }
    let (nr, nc) = (nr as usize, nc as usize);
    rows.get(nr).and_then(|row| row.get(nc)).map(|_| (nr, nc))
}

/// The options an opening lists, Left's and Right's, each as its board's text in the
/// canonical spelling; an option that is not a board of ruleset `name` is an error.
fn listed(name: &str, term: &Term) -> Result<Options, String> {
    let read_one = reader(name).ok_or_else(|| format!("{name} is not a grid ruleset"))?;
    listed_as(
        term,
        "a position",
        |o| match o {
            Term::Call { name: n, args } if n == name => match args.as_slice() {
                [Arg::Text(t)] => read_one(t).ok().map(|b| join(&b.rows())),
                _ => None,
            },
            _ => None,
        },
        |who, o| format!("{who} option {o} is not a position of this ruleset"),
        |who, _, board| format!("{who} option {board:?} is listed twice"),
    )
}

/// Cram from the rules: a domino on two empty squares side by side or one above the other,
/// for either player.
pub fn cram_moves(board: &str) -> Result<BTreeSet<String>, String> {
    Ok(cram_boards(board)?.into_iter().collect())
}

/// The boards Cram's moves leave, in the board's order (row by row, each square's domino
/// across before the one down): the misère checker's generator too (`proof::misere_moves`).
pub fn cram_boards(board: &str) -> Result<Vec<String>, String> {
    let rows = read(grids::cram(board))?.rows();
    let mut out = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            for d in [(0, 1), (1, 0)] {
                if let Some((r2, c2)) = go(&rows, (r, c), d) {
                    if rows[r][c] == '.' && rows[r2][c2] == '.' {
                        let mut n = rows.clone();
                        n[r][c] = '#';
                        n[r2][c2] = '#';
                        out.push(join(&n));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Checks a Cram opening.
pub fn cram(board: &str, term: &Term) -> Result<(), String> {
    let all = cram_moves(board)?;
    compare(listed("cram", term)?, all.clone(), all)
}

/// The ways a piece of the Clobber variant `name` may go: the steps, and whether it repeats
/// them over empty squares.
fn piece(name: &str) -> Option<(Vec<(i32, i32)>, bool)> {
    let rook = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let knight = vec![
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    let both = || rook.iter().chain(&bishop).copied().collect::<Vec<_>>();
    Some(match name {
        "kings" => (both(), false),
        "queens" => (both(), true),
        "rooks" => (rook.clone(), true),
        "clobber" => (rook.clone(), false),
        "knights" => (knight, false),
        _ => return None,
    })
}

/// Clobber or a Clobber variant from the rules: a stone goes one of its ways (sliding over empty squares
/// for rooks and queens) onto a stone of the other colour, which is removed; Left's moves and
/// Right's.
pub fn clobber_variant_moves(name: &str, board: &str) -> Result<Options, String> {
    let read_one = reader(name).ok_or_else(|| format!("{name} is not a grid ruleset"))?;
    let (ways, slides) = piece(name).ok_or_else(|| format!("{name} is not a Clobber variant"))?;
    let rows = read(read_one(board))?.rows();
    let (mut left, mut right) = (BTreeSet::new(), BTreeSet::new());
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            let (me, foe) = match rows[r][c] {
                'x' => ('x', 'o'),
                'o' => ('o', 'x'),
                _ => continue,
            };
            for &d in &ways {
                let mut at = go(&rows, (r, c), d);
                if slides {
                    while let Some((a, b)) = at.filter(|&(a, b)| rows[a][b] == '.') {
                        at = go(&rows, (a, b), d);
                    }
                }
                if let Some((a, b)) = at {
                    if rows[a][b] == foe {
                        let mut n = rows.clone();
                        n[a][b] = me;
                        n[r][c] = '.';
                        if me == 'x' { &mut left } else { &mut right }.insert(join(&n));
                    }
                }
            }
        }
    }
    Ok((left, right))
}

/// Clobber from the rules: a stone moves onto an orthogonally adjacent stone of the other
/// colour, which is removed (its piece a rook that does not slide); its options read as
/// `rulesets_check`'s one-text rulesets' are.
pub fn clobber(text: &str, term: &Term) -> Result<(), String> {
    let (left, right) = clobber_variant_moves("clobber", text)?;
    let got = listed_one(term, |t| {
        let b = crate::rulesets::position::clobber(text_of(t, "clobber")?).ok()?;
        Some(join(&b.rows()))
    })?;
    compare(got, left, right)
}

/// Checks an opening of a Clobber variant.
pub fn clobber_variant(name: &str, board: &str, term: &Term) -> Result<(), String> {
    let (left, right) = clobber_variant_moves(name, board)?;
    compare(listed(name, term)?, left, right)
}

/// Amazons from the rules: an amazon goes like a queen over empty squares, then from where it
/// lands an arrow goes like a queen over empty squares (the one it left is empty now) and
/// burns the square it stops on; Left's moves and Right's.
pub fn amazons_moves(board: &str) -> Result<Options, String> {
    let rows = read(grids::amazons(board))?.rows();
    let queen = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    // The empty squares a queen at `from` reaches on `rows`.
    let reach = |rows: &Rows, from: (usize, usize)| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for &d in &queen {
            let mut at = go(rows, from, d);
            while let Some((a, b)) = at {
                if rows[a][b] != '.' {
                    break;
                }
                out.push((a, b));
                at = go(rows, (a, b), d);
            }
        }
        out
    };
    let (mut left, mut right) = (BTreeSet::new(), BTreeSet::new());
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            let me = rows[r][c];
            if me != 'x' && me != 'o' {
                continue;
            }
            for (a, b) in reach(&rows, (r, c)) {
                let mut moved = rows.clone();
                moved[r][c] = '.';
                moved[a][b] = me;
                for (p, q) in reach(&moved, (a, b)) {
                    let mut n = moved.clone();
                    n[p][q] = '#';
                    if me == 'x' { &mut left } else { &mut right }.insert(join(&n));
                }
            }
        }
    }
    Ok((left, right))
}

/// Checks an Amazons opening.
pub fn amazons(board: &str, term: &Term) -> Result<(), String> {
    let (left, right) = amazons_moves(board)?;
    compare(listed("amazons", term)?, left, right)
}
