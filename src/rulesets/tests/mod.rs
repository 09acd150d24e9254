//! The rulesets' values against published tables and brute force, moved here from tests/ when
//! the modules became crate-private (the command-line part stays in tests/rulesets/main.rs).

mod grid_games;
mod rulesets;

use crate::{GameId, Kernel};
use std::collections::HashMap;
use std::hash::Hash;

/// The value of `p` by the definition, {Left's options | Right's options}, from the rules
/// alone (`moves` gives each player's positions after a move), memoised on the position only:
/// every brute force these tests compare a ruleset's search with.
fn by_definition<P, I>(
    k: &mut Kernel,
    p: &P,
    moves: &dyn Fn(&P) -> (I, I),
    memo: &mut HashMap<P, GameId>,
) -> GameId
where
    P: Clone + Eq + Hash,
    I: IntoIterator<Item = P>,
{
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let (left, right) = moves(p);
    let l: Vec<GameId> = left
        .into_iter()
        .map(|o| by_definition(k, &o, moves, memo))
        .collect();
    let r: Vec<GameId> = right
        .into_iter()
        .map(|o| by_definition(k, &o, moves, memo))
        .collect();
    let g = k.from_options(&l, &r).unwrap();
    memo.insert(p.clone(), g);
    g
}
