//! Misère outcomes of partizan games, by direct search of the game tree (as CGSuite's
//! `MisereOutcomeClass`): the player who cannot move **wins**.
//!
//! Left moving first wins G when Left has no move, or has a move to a G^L that Right, moving
//! first there, loses; symmetrically for Right. The outcome is L, R, N (first player) or P
//! (second player). Misère outcomes depend on the form, not the normal-play value (`{-1|1}`
//! and `0` differ), so explicit braces are searched as written, and so is a ruleset position
//! (a Domineering board), one level at a time through the opener the caller passes (the
//! functions layer, which knows the rulesets); any other term (a number, ↑) is searched
//! through its normal-play canonical form, as CGSuite's canonical games are.

use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::Term;
use std::collections::HashMap;

/// Who wins moving first: (Left first, Right first).
pub type Wins = (bool, bool);

/// The misère outcome letter of two first-player results.
pub fn letter(w: Wins) -> char {
    match w {
        (true, true) => 'N',
        (true, false) => 'L',
        (false, true) => 'R',
        (false, false) => 'P',
    }
}

/// One level of a position's definition: `Some(term of its options)` for a ruleset call,
/// `None` for any other term.
pub type Opener = dyn Fn(&mut Kernel, &Term) -> Result<Option<Term>, KernelError>;

/// Searches forms and canonical values, memoising canonical values by id.
/// How deep the search may recurse: a game tree deeper than this (the integer 10^30 written as
/// its options is 10^30 deep) is a "too large" error, not a stack overflow.
const MAX_DEPTH: usize = 2_000;

#[derive(Default)]
pub struct Search {
    memo: HashMap<GameId, Wins>,
    /// Ruleset positions searched so far, by their call.
    positions: HashMap<Term, Wins>,
    depth: usize,
}

impl Search {
    /// Who wins `t` moving first, in misère play.
    pub fn term(&mut self, k: &mut Kernel, t: &Term, open: &Opener) -> Result<Wins, KernelError> {
        if let Some(&w) = self.positions.get(t) {
            return Ok(w);
        }
        self.enter()?;
        let w = self.term_inner(k, t, open);
        self.depth -= 1;
        w
    }

    /// One level deeper, or the error that says the tree is too deep to search.
    fn enter(&mut self) -> Result<(), KernelError> {
        if self.depth >= MAX_DEPTH {
            return Err(KernelError::TooLarge {
                what: format!(
                    "a game tree more than {MAX_DEPTH} moves deep for the misère outcome search"
                ),
            });
        }
        self.depth += 1;
        Ok(())
    }

    fn term_inner(&mut self, k: &mut Kernel, t: &Term, open: &Opener) -> Result<Wins, KernelError> {
        k.check_budget()?;
        if let Some(opened) = open(k, t)? {
            let w = self.term_inner(k, &opened, open)?;
            self.positions.insert(t.clone(), w);
            return Ok(w);
        }
        match t {
            Term::Game { left, right } => {
                let mut lw = left.is_empty();
                for o in left {
                    if lw {
                        break;
                    }
                    lw = !self.term(k, o, open)?.1;
                }
                let mut rw = right.is_empty();
                for o in right {
                    if rw {
                        break;
                    }
                    rw = !self.term(k, o, open)?.0;
                }
                Ok((lw, rw))
            }
            _ => {
                let g = k.eval(t)?;
                self.id(k, g)
            }
        }
    }

    /// Who wins the canonical form `g` moving first, in misère play.
    pub fn id(&mut self, k: &mut Kernel, g: GameId) -> Result<Wins, KernelError> {
        if let Some(&w) = self.memo.get(&g) {
            return Ok(w);
        }
        self.enter()?;
        let w = self.id_inner(k, g);
        self.depth -= 1;
        w
    }

    fn id_inner(&mut self, k: &mut Kernel, g: GameId) -> Result<Wins, KernelError> {
        k.check_budget()?;
        let (ls, rs) = (k.left_options(g)?, k.right_options(g)?);
        let mut lw = ls.is_empty();
        for o in ls {
            if lw {
                break;
            }
            lw = !self.id(k, o)?.1;
        }
        let mut rw = rs.is_empty();
        for o in rs {
            if rw {
                break;
            }
            rw = !self.id(k, o)?.0;
        }
        self.memo.insert(g, (lw, rw));
        Ok((lw, rw))
    }
}
