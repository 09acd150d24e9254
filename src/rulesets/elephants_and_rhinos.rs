//! Elephants and Rhinos (CGSuite's `game.strip.ElephantsAndRhinos`, its `GenToadsAndFrogs` with
//! `maxJump => 0`): Toads and Frogs without jumps. Left's elephants `t` step one square right
//! into an empty square, Right's rhinos `f` one square left. Notation CGSuite's Toads and Frogs
//! strips (`rulesets::position::strips`): `"tttt..fff"`.
//!
//! Search: with no jumps, an elephant just left of a rhino (`tf`) and the rhino never move
//! again (each waits for the other's square), so the strip falls apart there into parts whose
//! values add; rhinos at a part's left end and elephants at its right end are dead and cut
//! off. A part read backwards with the pieces swapped is the same game with the players
//! swapped, so the key is the lesser of the two, negated when the mirror is taken.

use super::search::{self, Rules, Table};
use super::toads::{self, EMPTY, FROG, TOAD};
pub use super::toads::{parse_strip as parse, print_strip as print};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// A strip: each square `0` empty, `1` an elephant (Left's), `2` a rhino (Right's).
pub type Strip = Box<[u8]>;

/// The strips one step of Left (`left`, an elephant right) or Right (a rhino left) reaches.
pub fn moves(s: &[u8], left: bool) -> Vec<Strip> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        let to = if left && s[i] == TOAD {
            Some(i + 1).filter(|&j| j < s.len())
        } else if !left && s[i] == FROG {
            i.checked_sub(1)
        } else {
            None
        };
        if let Some(j) = to.filter(|&j| s[j] == EMPTY) {
            let mut next = s.to_vec();
            next.swap(i, j);
            out.push(next.into_boxed_slice());
        }
    }
    out
}

/// The Elephants and Rhinos rules for the search.
pub struct ElephantsAndRhinos;

impl Rules for ElephantsAndRhinos {
    type Pos = Strip;

    fn parts(&self, p: &Strip) -> Vec<(Strip, bool)> {
        let mut out = Vec::new();
        let mut start = 0;
        for i in 0..=p.len() {
            let wall = i == p.len() || (i + 1 < p.len() && p[i] == TOAD && p[i + 1] == FROG);
            if !wall {
                continue;
            }
            let end = if i == p.len() { i } else { i + 1 };
            let seg = &p[start..end];
            start = end;
            let from = seg.iter().position(|&c| c != FROG).unwrap_or(seg.len());
            let to = seg.iter().rposition(|&c| c != TOAD).map_or(from, |e| e + 1);
            let core = &seg[from..to.max(from)];
            if !core.contains(&EMPTY) || core.iter().all(|&c| c == EMPTY) {
                continue;
            }
            out.push(toads::least_mirror(core));
        }
        out
    }

    fn moves(&self, p: &Strip, left: bool) -> Vec<Strip> {
        moves(p, left)
    }
}

/// The value of a strip.
pub fn value(s: &[u8], kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    search::value(&ElephantsAndRhinos, &s.into(), &mut table, kernel)
}
