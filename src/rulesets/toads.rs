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

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;

/// A row: each square `0` empty, `1` a toad, `2` a frog.
pub type Row = Box<[u8]>;

/// Reads `"TT..FF"` by the row language of [`super::position::toads`] (docs/POSITIONS.md),
/// the one reader the proof checker's naive move generator also uses.
pub fn parse(text: &str) -> Result<Row, RulesetError> {
    Ok(super::position::toads(text)?
        .into_iter()
        .map(|c| match c {
            'T' => TOAD,
            'F' => FROG,
            _ => EMPTY,
        })
        .collect())
}

/// The row in its notation.
pub fn print(row: &[u8]) -> String {
    row.iter()
        .map(|&c| match c {
            TOAD => 'T',
            FROG => 'F',
            _ => '.',
        })
        .collect()
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
            vec![(mirror, true)]
        } else {
            vec![(core.into(), false)]
        }
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
