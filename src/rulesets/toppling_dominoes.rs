//! Toppling Dominoes, as CGSuite defines it (`game.strip.TopplingDominoes`): a strip of
//! dominoes, Left's `l`, Right's `r` and grey `e` either may topple, `.` an empty square. A
//! move topples one of one's own dominoes (or a grey one) left or right, and it knocks down
//! every square on that side, itself included, gaps and all.
//!
//! Search: since a toppling clears everything on its side, empty squares change nothing and
//! are dropped from the key; the strip read backwards is the same game, so the key is the
//! lesser of the two.

use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

const EMPTY: u8 = 0;
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const GREY: u8 = 3;

/// A strip: each square `0` empty, `1` Left's, `2` Right's, `3` grey.
pub type Strip = Box<[u8]>;

/// Reads a strip by the one reader of its language, [`super::position::strips`].
pub fn parse(text: &str) -> Result<Strip, RulesetError> {
    Ok(super::position::strips::toppling_dominoes(text)?
        .into_iter()
        .map(|c| match c {
            'l' => LEFT,
            'r' => RIGHT,
            'e' => GREY,
            _ => EMPTY,
        })
        .collect())
}

/// The strip in its notation.
pub fn print(s: &[u8]) -> String {
    s.iter()
        .map(|&c| match c {
            LEFT => 'l',
            RIGHT => 'r',
            GREY => 'e',
            _ => '.',
        })
        .collect()
}

/// The strips one move of Left (`left`) or Right reaches, the strip keeping its length: for
/// each domino the player may topple, leftwards then rightwards.
pub fn moves(s: &[u8], left: bool) -> Vec<Strip> {
    let me = if left { LEFT } else { RIGHT };
    let mut out = Vec::new();
    for i in 0..s.len() {
        if s[i] == me || s[i] == GREY {
            let mut l = s.to_vec();
            l[..=i].fill(EMPTY);
            out.push(l.into_boxed_slice());
            let mut r = s.to_vec();
            r[i..].fill(EMPTY);
            out.push(r.into_boxed_slice());
        }
    }
    out
}

/// The Toppling Dominoes rules for the search.
pub struct TopplingDominoes;

impl Rules for TopplingDominoes {
    type Pos = Strip;

    fn parts(&self, p: &Strip) -> Vec<(Strip, bool)> {
        let core: Strip = p.iter().copied().filter(|&c| c != EMPTY).collect();
        if core.is_empty() {
            return Vec::new();
        }
        let back: Strip = core.iter().rev().copied().collect();
        vec![(if back < core { back } else { core }, false)]
    }

    fn moves(&self, p: &Strip, left: bool) -> Vec<Strip> {
        moves(p, left)
    }
}

/// The value of a strip.
pub fn value(s: &[u8], kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    search::value(&TopplingDominoes, &s.into(), &mut table, kernel)
}
