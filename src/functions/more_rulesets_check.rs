//! The independent check of the openings of `toppling_dominoes`, `mem` and `spawning`: the
//! options derived again from the rules, naively (characters of the strip; every set of
//! coins, tested against each element of the code by its definition), and compared with those
//! an opening lists, as sets. Texts are read by the producer's readers
//! (`rulesets::position`): independence is in the moves, not in the language.

use super::heap_games_check::{listed_heaps, listed_pairs, same};
use super::rulesets_check::{compare, listed_as, read};
use crate::rulesets::position::spawning::{spawning_code, Spacing, SpawnElement};
use crate::rulesets::position::strips::toppling_dominoes as read_strip;
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

pub use super::rulesets_check::size_arg;

/// Most sets of coins the brute force tries.
const MAX_TRIED: u64 = 1 << 20;

/// Toppling Dominoes from the rules: for every domino of the mover's colour or grey, the strip
/// with it and everything left of it laid flat, and with it and everything right of it.
pub fn toppling_dominoes(text: &str, term: &Term) -> Result<(), String> {
    let strip = read(read_strip(text))?;
    let mut want = (BTreeSet::new(), BTreeSet::new());
    for (i, &c) in strip.iter().enumerate() {
        for (mine, set) in [('l', &mut want.0), ('r', &mut want.1)] {
            if c == mine || c == 'e' {
                let flat = |keep: &dyn Fn(usize) -> bool| -> String {
                    (0..strip.len())
                        .map(|j| if keep(j) { strip[j] } else { '.' })
                        .collect()
                };
                set.insert(flat(&|j| j > i));
                set.insert(flat(&|j| j < i));
            }
        }
    }
    let listed = listed_as(
        term,
        "a position",
        |o| match o {
            Term::Call { name, args } if name == "toppling_dominoes" => match args.as_slice() {
                [Arg::Text(s)] => read_strip(s).ok().map(|v| v.into_iter().collect()),
                _ => None,
            },
            _ => None,
        },
        |who, o| format!("{who} option {o} is not a Toppling Dominoes strip"),
        |who, o, _| format!("{who} option {o} is listed twice"),
    )?;
    compare(listed, want.0, want.1)
}

/// Mem from the rules: take a tokens, at least one, at least k, at most n.
pub fn mem(n: usize, k: usize, term: &Term) -> Result<(), String> {
    let want: BTreeSet<Vec<usize>> = (1..=n)
        .filter(|&a| a >= k)
        .map(|a| vec![n - a, a])
        .collect();
    let listed = listed_pairs(term, "mem", "a Mem position mem(n, k)")?;
    same(listed, &want)
}

/// Whether turning the coins `coins` (increasing, the last one n) is a move of the element,
/// by its words: how many, within what span, how arranged, with the first coin or not.
pub(super) fn allows(e: &SpawnElement, coins: &[usize]) -> bool {
    let k = coins.len() as u64;
    let (c0, n) = (coins[0], coins[coins.len() - 1]);
    if k < e.min_coins || e.max_coins.is_some_and(|m| k > m) {
        return false;
    }
    if e.span.is_some_and(|s| (n - c0 + 1) as u64 > s) {
        return false;
    }
    if e.first && c0 != 1 {
        return false;
    }
    let gaps: Vec<usize> = coins.windows(2).map(|w| w[1] - w[0]).collect();
    match e.spacing {
        Spacing::Any => true,
        Spacing::Consecutive => gaps.iter().all(|&g| g == 1),
        Spacing::Equal => gaps.windows(2).all(|w| w[0] == w[1]),
        Spacing::Symmetric => {
            (0..coins.len()).all(|i| coins[i] + coins[coins.len() - 1 - i] == c0 + n)
        }
    }
}

/// A heap of n in the spawning game `code`: every set of coins below n, with n, tried
/// against every element; the heaps left are the coins below n.
pub fn spawning(code_arg: &Arg, code: &str, n: usize, term: &Term) -> Result<(), String> {
    let elements = read(spawning_code(code))?;
    let most = elements
        .iter()
        .map(|e| e.max_coins.unwrap_or(u64::MAX))
        .max()
        .unwrap_or(0)
        .min(n as u64) as usize;
    let mut want = BTreeSet::new();
    if n > 0 {
        let mut tried = 0u64;
        // Sets of h coins below n, for h from 0 to most − 1, in increasing order.
        let mut coins: Vec<usize> = Vec::new();
        fn go(
            from: usize,
            n: usize,
            left: usize,
            coins: &mut Vec<usize>,
            elements: &[SpawnElement],
            want: &mut BTreeSet<Vec<usize>>,
            tried: &mut u64,
        ) -> Result<(), String> {
            *tried += 1;
            if *tried > MAX_TRIED {
                return Err(format!(
                    "too many sets of coins to check by brute force (more than {MAX_TRIED})"
                ));
            }
            if left == 0 {
                let mut all = coins.clone();
                all.push(n);
                if elements.iter().any(|e| allows(e, &all)) {
                    want.insert(coins.clone());
                }
                return Ok(());
            }
            for x in from..n {
                coins.push(x);
                go(x + 1, n, left - 1, coins, elements, want, tried)?;
                coins.pop();
            }
            Ok(())
        }
        for h in 0..most {
            go(1, n, h, &mut coins, &elements, &mut want, &mut tried)?;
        }
    }
    let one = |t: &Term| match t {
        Term::Call { name, args } if name == "spawning" => match args.as_slice() {
            [c, h] if c == code_arg => size_arg(h),
            _ => None,
        },
        _ => None,
    };
    same(listed_heaps(term, &one)?, &want)
}
