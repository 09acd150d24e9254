//! The outcome class of a ruleset position by play alone: a memoised minimax over whole
//! positions, asking only "does the player to move win?" for Left moving first and for Right
//! moving first. No canonical form is built.
//!
//! Why: a position's outcome needs only who wins, while its canonical value can be a hot game
//! of thousands of distinct parts whose every domination and reversibility test is a
//! comparison (the 4×4 Queens board `o.xo|ooxo|xxxo|x.xo` ran past 60 s on values; by play it
//! visits some tens of thousands of positions). A search stops at the first winning move, so
//! it usually sees a small fraction of the positions the value needs.
//!
//! The positions are whole (a sum of regions is not split: the outcome of a sum is not a
//! function of its parts' outcomes), so a position of many independent regions can need far
//! more positions than its value needs. The search therefore has a ceiling on the positions
//! it remembers, and reports `None` past it, so that its caller can take the value instead.

use super::search::Rules;
use crate::kernel::{Kernel, KernelError};
use rustc_hash::FxHashMap;

/// The four outcome classes of a short game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
}

impl Outcome {
    /// The class from who wins moving first: Left moving first, Right moving first.
    pub fn of(left_first_wins: bool, right_first_wins: bool) -> Outcome {
        match (left_first_wins, right_first_wins) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// CGSuite's letter: `L`, `R`, `N`, `P`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}

/// How many positions the search may remember before it gives up (about 64 bytes each with
/// the table's overhead for a bit-board position, so some 250 MB at most).
pub const MAX_POSITIONS: usize = 1 << 22;

/// How often (in positions opened) the kernel's budget is checked.
const CHECK_EVERY: usize = 1 << 12;

/// The memo and counters of one search.
struct Search<'r, R: Rules> {
    rules: &'r R,
    /// (position, Left to move) → whether the player to move wins.
    memo: FxHashMap<(R::Pos, bool), bool>,
    max_positions: usize,
    opened: usize,
}

/// One position being searched: its moves, and the next one to try.
struct Frame<P> {
    key: (P, bool),
    moves: Vec<P>,
    next: usize,
}

impl<R: Rules> Search<'_, R> {
    /// Whether the player to move (`left`) wins from `p`; `None` when the memo is full.
    /// The walk keeps its own stack, so a deep position costs heap, not call stack.
    fn wins(
        &mut self,
        p: &R::Pos,
        left: bool,
        kernel: &mut Kernel,
    ) -> Result<Option<bool>, KernelError> {
        if let Some(&w) = self.memo.get(&(p.clone(), left)) {
            return Ok(Some(w));
        }
        let mut stack: Vec<Frame<R::Pos>> = Vec::new();
        if !self.open(p.clone(), left, &mut stack, kernel)? {
            return Ok(None);
        }
        // The answer of the frame just closed, for its parent.
        let mut child: Option<bool> = None;
        while let Some(top) = stack.last_mut() {
            // A move to a position where the opponent loses wins.
            let won = child.take() == Some(false);
            if won || top.next >= top.moves.len() {
                let done = stack.pop().map(|f| f.key);
                if let Some(key) = done {
                    self.memo.insert(key, won);
                }
                child = Some(won);
                continue;
            }
            let q = top.moves[top.next].clone();
            let to_move = !top.key.1;
            top.next += 1;
            match self.memo.get(&(q.clone(), to_move)) {
                Some(&w) => child = Some(w),
                None => {
                    if self.memo.len() + stack.len() >= self.max_positions {
                        return Ok(None);
                    }
                    self.open(q, to_move, &mut stack, kernel)?;
                }
            }
        }
        Ok(child)
    }

    /// Pushes a frame for `p` with `left` to move; false when the memo is full.
    fn open(
        &mut self,
        p: R::Pos,
        left: bool,
        stack: &mut Vec<Frame<R::Pos>>,
        kernel: &mut Kernel,
    ) -> Result<bool, KernelError> {
        self.opened += 1;
        if self.opened.is_multiple_of(CHECK_EVERY) {
            kernel.check_budget()?;
        }
        if self.memo.len() >= self.max_positions {
            return Ok(false);
        }
        let mut moves = Vec::new();
        self.rules.moves_into(&p, left, &mut moves);
        stack.push(Frame {
            key: (p, left),
            moves,
            next: 0,
        });
        Ok(true)
    }
}

/// The outcome class of position `p` by play, remembering at most `max_positions` positions;
/// `None` when that was not enough (the caller can take the canonical value instead). The
/// kernel's budget (deadline, cancel flag, memory) is checked as the search goes.
pub fn outcome<R: Rules>(
    rules: &R,
    p: &R::Pos,
    kernel: &mut Kernel,
    max_positions: usize,
) -> Result<Option<Outcome>, KernelError> {
    let mut s = Search {
        rules,
        memo: FxHashMap::default(),
        max_positions,
        opened: 0,
    };
    let Some(l) = s.wins(p, true, kernel)? else {
        return Ok(None);
    };
    let Some(r) = s.wins(p, false, kernel)? else {
        return Ok(None);
    };
    Ok(Some(Outcome::of(l, r)))
}
