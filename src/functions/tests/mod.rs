//! Tests of the function registry's internals (openings and their checks, the number world's
//! evaluator, sign expansions), moved here from tests/ when the modules became crate-private.

mod analysis_openings;
mod backsliding_toads;
mod cgsuite_names;
mod cgsuite_props;
mod cgsuite_rulesets;
mod graph_games;
mod never_panics;
mod nim_openings;
mod number_world;
mod ruleset_readers;
mod seed_examples;

use crate::functions::test_eval::show;
use crate::functions::world;
use crate::syntax::parse;
use crate::Kernel;
use std::collections::BTreeSet;

/// An expression's value in the number world as `onag eval` prints it (ASCII), or its error.
fn shown(src: &str) -> Result<String, String> {
    let mut k = Kernel::new();
    let t = parse(src).unwrap_or_else(|e| panic!("{src}: {}", e.render()));
    let v = world::eval(&mut k, &t).map_err(|e| e.to_string())?;
    Ok(v.display(&mut k, true))
}

/// [`shown`], an error written `error: …` (for the rows whose expected answer is one).
fn show_or_error(src: &str) -> String {
    shown(src).unwrap_or_else(|e| format!("error: {e}"))
}

/// Every word of at most `max` of the three letters, the empty word first, shortest first.
fn words(letters: [char; 3], max: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut last = vec![String::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|s| letters.map(|c| format!("{s}{c}")))
            .collect();
        all.extend(last.iter().cloned());
    }
    all
}

/// `*n` as onag prints it.
fn star(n: u128) -> String {
    match n {
        0 => "0".into(),
        1 => "*".into(),
        n => format!("*{n}"),
    }
}

/// The nim products below `n` by seed 000 §I.6a's mex definition evaluated literally:
/// a⊗b = mex{(a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b')}.
fn mex_table(n: usize) -> Vec<Vec<u64>> {
    let mut mul = vec![vec![0u64; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = BTreeSet::new();
            for a2 in 0..a {
                for b2 in 0..b {
                    seen.insert(mul[a2][b] ^ mul[a][b2] ^ mul[a2][b2]);
                }
            }
            mul[a][b] = (0..).find(|x| !seen.contains(x)).unwrap();
        }
    }
    mul
}
