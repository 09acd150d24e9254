//! The rulesets' values against published tables and brute force, moved here from tests/ when
//! the modules became crate-private (the command-line part stays in tests/rulesets/main.rs).

mod grid_games;
mod rulesets;

use crate::{parse, print};
use crate::{GameId, Kernel};
use std::collections::HashMap;
use std::hash::Hash;

fn value_of(k: &mut Kernel, text: &str) -> GameId {
    k.eval(&parse(text).unwrap()).unwrap()
}

fn show(k: &mut Kernel, g: GameId) -> String {
    print(&k.to_term(g), &Default::default())
}

/// A tiny deterministic generator (xorshift), so the random positions are the same every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        crate::xorshift(&mut self.0) % n
    }
}

/// The value of `p` by the definition, {Left's options | Right's options}, from the rules
/// alone (`moves` gives each player's positions after a move), memoised on the position only:
/// every brute force these tests (and the functions' tests) compare a ruleset's search with.
pub(crate) fn by_definition<P, I>(
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
    let mut values = |os: I| -> Vec<GameId> {
        os.into_iter()
            .map(|o| by_definition(k, &o, moves, memo))
            .collect()
    };
    let (l, r) = (values(left), values(right));
    let g = k.from_options(&l, &r).unwrap();
    memo.insert(p.clone(), g);
    g
}

/// The nim value of `p` by the definition, the mex of the values of the positions `moves`
/// reaches, memoised: the brute force the impartial games' tables are compared with.
pub(crate) fn mex_by_definition<P, I>(
    p: P,
    moves: &dyn Fn(&P) -> I,
    memo: &mut HashMap<P, u64>,
) -> u64
where
    P: Clone + Eq + Hash,
    I: IntoIterator<Item = P>,
{
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let vals: Vec<u64> = moves(&p)
        .into_iter()
        .map(|q| mex_by_definition(q, moves, memo))
        .collect();
    let g = (0..).find(|v| !vals.contains(v)).unwrap();
    memo.insert(p, g);
    g
}
