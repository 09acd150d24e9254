//! A winning first move in A − B told as a move in the games the user wrote: which game (A, or
//! B), which part of it (a summand of a sum), from what to what.
//!
//! By the definition of ≤ (seed 002, Definition 2.5), Left wins G moving first exactly when
//! some Left option of G is ≥ 0, and this holds for every form of G, not only the canonical
//! one. The Left options of A − B as written are A^L − B (Left moves in A) and A − B^R (Left
//! moves in −B, which is the Right move B → B^R), where A^L ranges over A's options as written:
//! an explicit `{…|…}` offers its options, a sum a move in either part, and anything else (a
//! number, `*3`, a call) the options of its canonical form. So a player who wins A − B moving
//! first always has such a move, and it is one the user can find in what they typed.

use super::step::PathElem;
use super::{Player, ProofError};
use crate::kernel::{GameId, Kernel};
use crate::term::Term;

/// Which of the two games a move is made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The first game, A.
    A,
    /// The second game, B (the move in −B is the other player's move in B).
    B,
}

/// A winning first move in A − B, as a move in A or in B.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInGames {
    /// Who wins A − B by moving first so.
    pub player: Player,
    /// The game moved in.
    pub game: Which,
    /// Whose move it is in that game: `player` in A, the other player in B.
    pub mover: Player,
    /// Where in that game the part moved in is (empty: the whole game).
    pub at: Vec<PathElem>,
    /// The part moved in, as written.
    pub part: Term,
    /// The option of that part moved to.
    pub to: Term,
    /// The game (A or B) after the move.
    pub game_after: Term,
}

fn other(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

/// A move in `t` by `p`: where the part moved in is, the part, the option, and `t` after it.
type Move = (Vec<PathElem>, Term, Term, Term);

/// Every move `p` has in `t` as written (module docs), in order.
fn moves(k: &mut Kernel, t: &Term, p: Player) -> Result<Vec<Move>, ProofError> {
    Ok(match t {
        Term::Game { left, right } => {
            let opts = match p {
                Player::Left => left,
                Player::Right => right,
            };
            opts.iter()
                .map(|o| (Vec::new(), t.clone(), o.clone(), o.clone()))
                .collect()
        }
        Term::Sum(a, b) => {
            let mut out = Vec::new();
            for (mut at, part, to, a2) in moves(k, a, p)? {
                at.insert(0, PathElem::SumLeft);
                out.push((at, part, to, Term::Sum(Box::new(a2), b.clone())));
            }
            for (mut at, part, to, b2) in moves(k, b, p)? {
                at.insert(0, PathElem::SumRight);
                out.push((at, part, to, Term::Sum(a.clone(), Box::new(b2))));
            }
            out
        }
        _ => {
            let g = k.eval(t)?;
            let opts = match p {
                Player::Left => k.left_options(g)?,
                Player::Right => k.right_options(g)?,
            };
            opts.into_iter()
                .map(|o| {
                    let o = k.to_term(o);
                    (Vec::new(), t.clone(), o.clone(), o)
                })
                .collect()
        }
    })
}

/// A winning first move in A − B for `player`, as a move in `a` or `b` (module docs); `None`
/// when `player` loses A − B moving first.
pub fn winning_move_in_games(
    k: &mut Kernel,
    a: &Term,
    b: &Term,
    player: Player,
) -> Result<Option<MoveInGames>, ProofError> {
    let ga = k.eval(a)?;
    let gb = k.eval(b)?;
    // Left wins by a move to a position ≥ 0, that is A' ≥ B (in A) or A ≥ B' (in B); Right
    // by one ≤ 0.
    let wins = |k: &mut Kernel, x: GameId, y: GameId| -> Result<bool, ProofError> {
        Ok(match player {
            Player::Left => k.le(y, x)?,
            Player::Right => k.le(x, y)?,
        })
    };
    for (at, part, to, a2) in moves(k, a, player)? {
        let g = k.eval(&a2)?;
        if wins(k, g, gb)? {
            return Ok(Some(MoveInGames {
                player,
                game: Which::A,
                mover: player,
                at,
                part,
                to,
                game_after: a2,
            }));
        }
    }
    for (at, part, to, b2) in moves(k, b, other(player))? {
        let g = k.eval(&b2)?;
        if wins(k, ga, g)? {
            return Ok(Some(MoveInGames {
                player,
                game: Which::B,
                mover: other(player),
                at,
                part,
                to,
                game_after: b2,
            }));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Term {
        crate::syntax::parse(s).unwrap()
    }

    /// The winning move of `who` in `a − b`, told as a move in `a` or in `b`, if any.
    fn win(a: &str, b: &str, who: Player) -> Option<MoveInGames> {
        winning_move_in_games(&mut Kernel::new(), &parse(a), &parse(b), who).unwrap()
    }

    #[test]
    fn the_move_is_in_the_game_as_written() {
        // {0|1} < 1: Right wins {0|1} - 1 by moving {0|1} to 1, leaving 1 - 1 = 0.
        let m = win("{0|1}", "1", Player::Right).unwrap();
        assert_eq!((m.game, m.mover), (Which::A, Player::Right));
        assert_eq!(m.to, parse("1"));
        assert!(win("{0|1}", "1", Player::Left).is_none());
        // {1|} + {0|5} = 2 + 1 = 3 > 2: Right moving first has no move that wins.
        assert!(win("{1|} + {0|5}", "2", Player::Right).is_none());
        // A sum: * + * vs * ; A - B = * , Left wins moving first by a move in a summand of A
        // (* + * -> 0 + *, and * - * = 0) — the first summand, to 0.
        let m = win("{0|0} + {0|0}", "*", Player::Left).unwrap();
        assert_eq!(m.game, Which::A);
        assert_eq!(m.at, vec![PathElem::SumLeft]);
        assert_eq!(m.to, parse("0"));
        assert_eq!(m.game_after, parse("0 + {0|0}"));
    }

    #[test]
    fn a_move_in_b_is_the_other_players() {
        // {|-1} = -2, so 0 - {|-1} = 2: A = 0 has no move, and Left wins moving first by
        // Right's move in B to -1 (0 - (-1) = 1 >= 0).
        let m = win("0", "{|-1}", Player::Left).unwrap();
        assert_eq!((m.game, m.mover), (Which::B, Player::Right));
        assert_eq!(m.to, parse("-1"));
    }
}
