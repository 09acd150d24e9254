//! The independent check of the openings of CGSuite's remaining rulesets (`take_away`,
//! `fibonacci_nim`, `maundy_cake`, `turning`, `toads_and_frogs`, `elephants_and_rhinos`,
//! `anti_clobber`): the options derived again from the rules, naively (every amount tested
//! by a ≤ r·k in exact arithmetic, every divisor tried, every set of coins tested against the
//! turning code by its words, strings of squares), and compared with those an opening lists,
//! as sets. `partizan_arc_kayles` is checked with the other graphs in
//! [`super::graph_games_check`]. Texts are read by the producer's readers
//! (`rulesets::position`): independence is in the moves, not in the language.

use super::more_rulesets_check::allows;
use super::rulesets_check::{compare, join, listed, read, strip_moves, text_of};
use crate::number::Dyadic;
use crate::rulesets::position::grids;
use crate::rulesets::position::spawning::spawning_code;
use crate::rulesets::position::strips::{toads_and_frogs, turning as coins};
use crate::term::{Arg, Term};
use num_traits::ToPrimitive;
use std::collections::BTreeSet;

pub use super::rulesets_check::size_arg;

/// Most candidates (amounts, divisors, sets of coins) a brute force tries.
const MAX_TRIED: u64 = 1 << 22;

/// Take-Away (n, k) with ratio r (`None`: Fibonacci Nim, r = 2), from the rules: take a
/// tokens, 1 ≤ a ≤ n, a ≤ r·k.
pub fn take_away(
    name: &str,
    r: Option<&Dyadic>,
    n: usize,
    k: usize,
    term: &Term,
) -> Result<(), String> {
    if n as u64 > MAX_TRIED {
        return Err(format!("a heap of {n} is more than the naive check tries"));
    }
    let two = Dyadic::from(2);
    let ratio = r.unwrap_or(&two);
    let limit = ratio * &Dyadic::from(k as i64);
    let want: BTreeSet<(usize, usize)> = (1..=n)
        .filter(|&a| Dyadic::from(a as i64) <= limit)
        .map(|a| (n - a, a))
        .collect();
    let got = listed(term, |t| match t {
        Term::Call { name: f, args } if f == name => match (args.as_slice(), r) {
            ([Arg::Game(q), m, j], Some(r)) if q.as_number() == Some(r) => {
                size_arg(m).zip(size_arg(j))
            }
            ([m, j], None) => size_arg(m).zip(size_arg(j)),
            _ => None,
        },
        _ => None,
    })?;
    compare(got, want.clone(), want)
}

/// The cakes an option of Maundy Cake writes, with their counts: `d·maundy_cake(a, b)`,
/// `maundy_cake(a, b)` and sums of them.
fn cakes(t: &Term, times: u64, out: &mut Vec<((u64, u64), u64)>) -> Option<()> {
    match t {
        Term::Sum(a, b) => {
            cakes(a, times, out)?;
            cakes(b, times, out)
        }
        Term::Multiple { count, game } => cakes(game, times.checked_mul(count.to_u64()?)?, out),
        Term::Call { name, args } if name == "maundy_cake" => match args.as_slice() {
            [a, b] => {
                out.push(((size_arg(a)? as u64, size_arg(b)? as u64), times));
                Some(())
            }
            _ => None,
        },
        _ => None,
    }
}

/// Maundy Cake (m, n) from the rules: Left divides n into d ≥ 2 equal parts, every d from 2
/// to n tried, Right m likewise; an option is d cakes, all the same.
pub fn maundy_cake(m: u64, n: u64, term: &Term) -> Result<(), String> {
    if m.max(n) > MAX_TRIED {
        return Err(format!(
            "a Maundy Cake ({m}, {n}) is more than the naive check tries (coordinates up to {MAX_TRIED})"
        ));
    }
    let divide = |x: u64| (2..=x).filter(move |d| x.is_multiple_of(*d));
    let left: BTreeSet<(u64, (u64, u64))> = divide(n).map(|d| (d, (m, n / d))).collect();
    let right: BTreeSet<(u64, (u64, u64))> = divide(m).map(|d| (d, (m / d, n))).collect();
    let got = listed(term, |t| {
        let mut v = Vec::new();
        cakes(t, 1, &mut v)?;
        let cake = v.first()?.0;
        if v.iter().any(|(c, _)| *c != cake) {
            return None;
        }
        Some((v.iter().map(|(_, d)| d).sum::<u64>(), cake))
    })?;
    compare(got, left, right)
}

/// A coin strip in a turning game, from the rules: for every head n, every set of coins below
/// n (with n) that an element of the code allows, by its words; the coins are turned.
pub fn turning(code_arg: &Arg, code: &str, text: &str, term: &Term) -> Result<(), String> {
    let elements = read(spawning_code(code))?;
    let strip: Vec<bool> = read(coins(text))?.into_iter().map(|c| c == 'h').collect();
    let mut want = BTreeSet::new();
    let mut tried = 0u64;
    for n in 1..=strip.len() {
        if !strip[n - 1] {
            continue;
        }
        // Every subset of the coins 1 … n − 1, by its bits, as long as it is small.
        if n > 40 {
            return Err("a strip this long is more than the naive check tries".into());
        }
        for bits in 0u64..(1u64 << (n - 1)) {
            tried += 1;
            if tried > MAX_TRIED {
                return Err(format!(
                    "too many sets of coins to check by brute force (more than {MAX_TRIED})"
                ));
            }
            let mut set: Vec<usize> = (1..n).filter(|&c| bits & (1 << (c - 1)) != 0).collect();
            set.push(n);
            if elements.iter().any(|e| allows(e, &set)) {
                let mut next = strip.clone();
                for &c in &set {
                    next[c - 1] = !next[c - 1];
                }
                want.insert(
                    next.iter()
                        .map(|&h| if h { 'h' } else { 't' })
                        .collect::<String>(),
                );
            }
        }
    }
    let got = listed(term, |t| match t {
        Term::Call { name, args } if name == "turning" => match args.as_slice() {
            [c, Arg::Text(s)] if c == code_arg => coins(s).ok().map(|v| v.into_iter().collect()),
            _ => None,
        },
        _ => None,
    })?;
    compare(got, want.clone(), want)
}

/// Toads and Frogs (`jumps`) or Elephants and Rhinos on CGSuite's strips, from the rules
/// ([`strip_moves`]).
pub fn strip(name: &str, jumps: bool, text: &str, term: &Term) -> Result<(), String> {
    let row = read(toads_and_frogs(text))?;
    let (left, right) = strip_moves(&row, ['t', 'f'], jumps);
    let got = listed(term, |t| {
        Some(
            read(toads_and_frogs(text_of(t, name)?))
                .ok()?
                .into_iter()
                .collect::<String>(),
        )
    })?;
    compare(got, left, right)
}

/// Anti-Clobber from the rules, on rows of characters: a player's stone (`x` Left's, `o`
/// Right's) steps up, down, left or right onto a `.`, and the other player's stone is put
/// where it stood.
pub fn anti_clobber(text: &str, term: &Term) -> Result<(), String> {
    let (left, right) = anti_clobber_moves(text)?;
    let got = listed(term, |t| {
        let g = grids::anti_clobber(text_of(t, "anti_clobber")?).ok()?;
        Some(join(&g.rows()))
    })?;
    compare(got, left, right)
}

/// The boards one Anti-Clobber move reaches, Left's and Right's.
pub(crate) fn anti_clobber_moves(
    text: &str,
) -> Result<(BTreeSet<String>, BTreeSet<String>), String> {
    let b = read(grids::anti_clobber(text))?;
    let rows = b.rows();
    let (h, w) = (b.height, b.width);
    let (mut left, mut right) = (BTreeSet::new(), BTreeSet::new());
    for r in 0..h {
        for c in 0..w {
            let (theirs, set) = match rows[r][c] {
                'x' => ('o', &mut left),
                'o' => ('x', &mut right),
                _ => continue,
            };
            let mine = rows[r][c];
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (nr, nc) in near {
                if nr < h && nc < w && rows[nr][nc] == '.' {
                    let mut next = rows.clone();
                    next[nr][nc] = mine;
                    next[r][c] = theirs;
                    set.insert(join(&next));
                }
            }
        }
    }
    Ok((left, right))
}
