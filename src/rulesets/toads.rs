//! Toads and Frogs (Winning Ways ch. 1): a row of squares; **Left's toads `T` move right**,
//! **Right's frogs `F` move left**, each either one step into an empty square or a jump over
//! one creature of the other kind into the empty square just beyond. Notation (CGSuite's):
//! `"TT..FF"`, `.` an empty square.
//!
//! Search: frogs at the left end and toads at the right end can never move again, so they are
//! cut off; a row read backwards with toads and frogs swapped is the same game with the players
//! swapped, so the key is the lesser of the two, negated when the mirror is taken.

use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A square: empty, a toad (Left's) or a frog (Right's); the strips of Elephants and Rhinos
/// and Backsliding Toads and Frogs are rows of the same squares.
pub(super) const EMPTY: u8 = 0;
pub(super) const TOAD: u8 = 1;
pub(super) const FROG: u8 = 2;

/// A row: each square `0` empty, `1` a toad, `2` a frog.
pub type Row = Box<[u8]>;

/// Reads `"TT..FF"` by the row language of [`super::position::toads`] (docs/POSITIONS.md),
/// the one reader the proof checker's naive move generator also uses.
pub fn parse(text: &str) -> Result<Row, RulesetError> {
    Ok(squares(super::position::toads(text)?, 'T', 'F'))
}

/// The row in its notation.
pub fn print(row: &[u8]) -> String {
    write(row, 'T', 'F')
}

/// Reads a strip in CGSuite's Toads and Frogs notation (`"tt..ff"`,
/// [`super::position::strips`]), in which Elephants and Rhinos and Backsliding Toads
/// and Frogs write their positions.
pub fn parse_strip(text: &str) -> Result<Row, RulesetError> {
    Ok(squares(
        super::position::strips::toads_and_frogs(text)?,
        't',
        'f',
    ))
}

/// A strip in that notation (`t`, `f`, `.`), which [`parse_strip`] reads back.
pub fn print_strip(strip: &[u8]) -> String {
    write(strip, 't', 'f')
}

/// The squares of a row read by a notation that writes a toad `toad` and a frog `frog`.
fn squares(cells: impl IntoIterator<Item = char>, toad: char, frog: char) -> Row {
    cells
        .into_iter()
        .map(|c| match c {
            c if c == toad => TOAD,
            c if c == frog => FROG,
            _ => EMPTY,
        })
        .collect()
}

/// A row written with `toad` and `frog` for the pieces and `.` for an empty square.
fn write(row: &[u8], toad: char, frog: char) -> String {
    row.iter()
        .map(|&c| match c {
            TOAD => toad,
            FROG => frog,
            _ => '.',
        })
        .collect()
}

/// The search key of a part: a row read backwards with toads and frogs swapped is the same
/// game with the players swapped, so the lesser of the two, and whether it is the mirror
/// (whose value is negated).
pub(super) fn least_mirror(core: &[u8]) -> (Row, bool) {
    let mirror: Row = core
        .iter()
        .rev()
        .map(|&c| match c {
            TOAD => FROG,
            FROG => TOAD,
            e => e,
        })
        .collect();
    if *mirror < *core {
        (mirror, true)
    } else {
        (core.into(), false)
    }
}

/// The rows one move reaches: Left's (a toad moves) or Right's (a frog moves), by square.
pub fn moves(row: &[u8], left: bool) -> Vec<Row> {
    let n = row.len();
    let mut out = Vec::new();
    for i in 0..n {
        let (me, other) = if left { (TOAD, FROG) } else { (FROG, TOAD) };
        if row[i] != me {
            continue;
        }
        // The square one step forward and two steps forward, if on the board.
        let step = |k: usize| {
            if left {
                i.checked_add(k).filter(|&j| j < n)
            } else {
                i.checked_sub(k)
            }
        };
        let to = match step(1) {
            Some(j) if row[j] == EMPTY => Some(j),
            Some(j) if row[j] == other => step(2).filter(|&k| row[k] == EMPTY),
            _ => None,
        };
        if let Some(j) = to {
            let mut next = row.to_vec();
            next[i] = EMPTY;
            next[j] = me;
            out.push(next.into_boxed_slice());
        }
    }
    out
}

/// The Toads and Frogs rules for the search.
pub struct ToadsAndFrogs;

impl Rules for ToadsAndFrogs {
    type Pos = Row;

    fn parts(&self, p: &Row) -> Vec<(Row, bool)> {
        let start = p.iter().position(|&c| c != FROG).unwrap_or(p.len());
        let end = p
            .iter()
            .rposition(|&c| c != TOAD)
            .map_or(start, |e| e + 1)
            .max(start);
        let core = &p[start..end];
        if !core.contains(&TOAD) && !core.contains(&FROG) {
            return Vec::new();
        }
        vec![least_mirror(core)]
    }

    fn moves(&self, p: &Row, left: bool) -> Vec<Row> {
        moves(p, left)
    }
}

/// The value of a row.
pub fn value(row: &[u8], kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    search::value(&ToadsAndFrogs, &row.into(), &mut table, kernel)
}
