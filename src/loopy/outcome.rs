//! Who wins a loopy game, infinite play being a draw: a retrograde analysis of the states
//! (vertex, player to move). A player wins at a state when the opponent can be forced, in
//! finitely many moves, to have no move; a state neither player wins is a draw.

use super::{Loopy, Work};
use crate::kernel::KernelError;
use std::fmt;

/// The result of play from one start: who wins, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Result3 {
    /// Left wins.
    LeftWins,
    /// Infinite play.
    Draw,
    /// Right wins.
    RightWins,
}

/// CGSuite's outcome classes of loopy games: the result with Left moving first and with Right
/// moving first (`OutcomeClass.scala` names the four mixed classes `NHat` = (Left wins, draw),
/// `NCheck` = (draw, Right wins), `PHat` = (draw, Left wins), `PCheck` = (Right wins, draw)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The second player wins.
    P,
    /// The first player wins.
    N,
    /// A draw whoever starts.
    D,
    /// Left moving first wins; Right moving first draws.
    NHat,
    /// Left moving first draws; Right moving first wins.
    NCheck,
    /// Left moving first draws; Right moving first loses.
    PHat,
    /// Left moving first loses; Right moving first draws.
    PCheck,
}

impl LoopyOutcome {
    /// The class of (result with Left first, result with Right first).
    pub fn of(left_first: Result3, right_first: Result3) -> LoopyOutcome {
        use LoopyOutcome::*;
        use Result3::*;
        match (left_first, right_first) {
            (LeftWins, LeftWins) => L,
            (RightWins, RightWins) => R,
            (RightWins, LeftWins) => P,
            (LeftWins, RightWins) => N,
            (Draw, Draw) => D,
            (LeftWins, Draw) => NHat,
            (Draw, RightWins) => NCheck,
            (Draw, LeftWins) => PHat,
            (RightWins, Draw) => PCheck,
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// For every vertex: (result with Left to move, result with Right to move).
pub fn results(g: &Loopy, work: &mut Work) -> Result<Vec<(Result3, Result3)>, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    let (rl, rr) = graph.reverse();
    // wins[p][s]: player p (0 Left, 1 Right) wins at state s = 2v + (0 Left to move, 1 Right).
    let mut wins = [vec![false; 2 * n], vec![false; 2 * n]];
    for (p, win) in wins.iter_mut().enumerate() {
        // At a state where p's opponent moves, p wins when every opponent move leads to a
        // p-win; count the moves not yet known to.
        let mut pending: Vec<usize> = (0..2 * n)
            .map(|s| {
                let v = s / 2;
                if s % 2 == 0 {
                    graph.left[v].len()
                } else {
                    graph.right[v].len()
                }
            })
            .collect();
        let opp_to_move = 1 - p; // the state parity where p's opponent moves
        let mut stack: Vec<usize> = (0..n)
            .map(|v| 2 * v + opp_to_move)
            .filter(|&s| pending[s] == 0)
            .collect();
        for &s in &stack {
            win[s] = true;
        }
        while let Some(s) = stack.pop() {
            work.tick(1)?;
            let v = s / 2;
            // Predecessors: states from which one move reaches s.
            let (preds, parity) = if s % 2 == 0 { (&rr[v], 1) } else { (&rl[v], 0) };
            for &u in preds {
                let q = 2 * u as usize + parity;
                if win[q] {
                    continue;
                }
                if parity == p {
                    // p moves at q and can move to s.
                    win[q] = true;
                    stack.push(q);
                } else {
                    pending[q] -= 1;
                    if pending[q] == 0 {
                        win[q] = true;
                        stack.push(q);
                    }
                }
            }
        }
    }
    let res = |s: usize| {
        if wins[0][s] {
            Result3::LeftWins
        } else if wins[1][s] {
            Result3::RightWins
        } else {
            Result3::Draw
        }
    };
    Ok((0..n).map(|v| (res(2 * v), res(2 * v + 1))).collect())
}

/// The outcome class of the game under the loopy convention (infinite play is a draw).
pub fn outcome(g: &Loopy, work: &mut Work) -> Result<LoopyOutcome, KernelError> {
    let r = results(g, work)?;
    let (l, rt) = r[g.root() as usize];
    Ok(LoopyOutcome::of(l, rt))
}
