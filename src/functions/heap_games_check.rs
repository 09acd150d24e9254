//! The independent check of heap-game openings (`take_and_break`, `grundy`, `wythoff`): the
//! options derived again from the rules, by brute force (every way to write what is left as a
//! sum of positive heaps, each kept or dropped by the constraint tested on the list as a
//! whole), and compared with those an opening lists, as sets.
//!
//! The code is read by the code language's one reader, the producer's too
//! (`rulesets::position::take_and_break`): independence is in the moves, not the language.

use super::rulesets_check::listed_as;
use crate::rulesets::position::take_and_break::{take_and_break_code, Constraint, TbCodeText};
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

/// Most options the brute force derives before giving up (it enumerates every composition).
const MAX_DERIVED: usize = 1 << 16;

pub use super::rulesets_check::size_arg;

/// A set of moves, each the sorted heaps it leaves.
type Moves = BTreeSet<Vec<usize>>;

fn read(code: &str) -> Result<TbCodeText, String> {
    super::rulesets_check::read(take_and_break_code(code))
}

/// Whether the heaps may be left under the constraint, from its words: `!` no two the same,
/// `?` not all the same, `=` all the same; with fewer than two heaps there is nothing to test.
fn allowed(c: Constraint, heaps: &[usize]) -> bool {
    if heaps.len() < 2 {
        return true;
    }
    let mut pairs = heaps
        .iter()
        .enumerate()
        .flat_map(|(i, x)| heaps[i + 1..].iter().map(move |y| x == y));
    match c {
        Constraint::Any => true,
        Constraint::Distinct => !pairs.any(|same| same),
        Constraint::NotAllEqual => !pairs.all(|same| same),
        Constraint::AllEqual => pairs.all(|same| same),
    }
}

/// Every multiset of `j` positive numbers summing to `total` that the constraint allows, each
/// as a sorted list; errors past [`MAX_DERIVED`].
fn compositions(
    total: usize,
    j: usize,
    out: &mut BTreeSet<Vec<usize>>,
    c: Constraint,
) -> Result<(), String> {
    fn go(
        left: usize,
        j: usize,
        cur: &mut Vec<usize>,
        out: &mut BTreeSet<Vec<usize>>,
        c: Constraint,
        work: &mut usize,
    ) -> Result<(), String> {
        *work += 1;
        if *work > MAX_DERIVED * 64 {
            return Err("too many ways to split a heap to check by brute force".into());
        }
        if j == 0 {
            if left == 0 && allowed(c, cur) {
                let mut v = cur.clone();
                v.sort_unstable();
                out.insert(v);
                if out.len() > MAX_DERIVED {
                    return Err("too many options to check by brute force".into());
                }
            }
            return Ok(());
        }
        // Keep the parts in non-increasing order as they are chosen, so each multiset comes
        // from one list only; the test of the constraint sees the whole list.
        let most = cur.last().copied().unwrap_or(left).min(left);
        for x in (1..=most).rev() {
            if x * j < left {
                break;
            }
            cur.push(x);
            go(left - x, j - 1, cur, out, c, work)?;
            cur.pop();
        }
        Ok(())
    }
    let mut work = 0;
    go(total, j, &mut Vec::new(), out, c, &mut work)
}

/// The moves of a heap of n, from the code.
fn heap_moves(code: &TbCodeText, n: usize) -> Result<BTreeSet<Vec<usize>>, String> {
    let mut out = BTreeSet::new();
    let added = code.additive.len() as i64;
    let mut k = -added;
    while k <= n as i64 {
        if let Some(d) = code.digit(k) {
            let left = (n as i64 - k) as usize;
            for j in 0..=left {
                if let Some(c) = d.allows(j) {
                    if j == 0 {
                        if left == 0 {
                            out.insert(vec![]);
                        }
                    } else {
                        compositions(left, j, &mut out, c)?;
                    }
                }
            }
        }
        k += 1;
    }
    if let Some(m) = out.iter().find(|m| m.iter().any(|&h| h >= n)) {
        return Err(format!(
            "a move from a heap of {n} leaves {m:?}: a heap as large as before, so the game is not short"
        ));
    }
    Ok(out)
}

/// The heaps a listed option leaves: `0`, a heap, or a sum of heaps.
fn option_heaps(
    t: &Term,
    one: &dyn Fn(&Term) -> Option<usize>,
    out: &mut Vec<usize>,
) -> Option<()> {
    match t {
        Term::Sum(a, b) => {
            option_heaps(a, one, out)?;
            option_heaps(b, one, out)
        }
        t => {
            out.push(one(t)?);
            Some(())
        }
    }
}

pub(super) fn listed_heaps(
    term: &Term,
    one: &dyn Fn(&Term) -> Option<usize>,
) -> Result<(Moves, Moves), String> {
    listed_as(
        term,
        "a heap",
        |o| {
            let mut v = Vec::new();
            if !o.as_number().is_some_and(|x| x.is_zero()) {
                option_heaps(o, one, &mut v)?;
            }
            v.sort_unstable();
            Some(v)
        },
        |who, o| format!("{who} option {o} is not a sum of heaps of this game"),
        |who, _, v| format!("{who} option {v:?} is listed twice"),
    )
}

/// The listed options against an impartial game's moves, the same for both players.
pub(super) fn same<K: Ord + Clone + std::fmt::Debug>(
    have: (BTreeSet<K>, BTreeSet<K>),
    want: &BTreeSet<K>,
) -> Result<(), String> {
    super::rulesets_check::compare(have, want.clone(), want.clone())
}

/// A heap of n in the take-and-break game `code`, written `name(code_arg, m)` (or `name(m)`
/// when the name fixes the code, as `grundy` does).
pub fn take_and_break(
    name: &str,
    code_arg: Option<&Arg>,
    code: &str,
    n: usize,
    term: &Term,
) -> Result<(), String> {
    let want = heap_moves(&read(code)?, n)?;
    let one = |t: &Term| match t {
        Term::Call { name: n2, args } if n2 == name => match (args.as_slice(), code_arg) {
            ([c, h], Some(code_arg)) if c == code_arg => size_arg(h),
            ([h], None) => size_arg(h),
            _ => None,
        },
        _ => None,
    };
    same(listed_heaps(term, &one)?, &want)
}

/// Wythoff (a, b), from the rules: any number from one heap, or the same from both.
pub fn wythoff(a: usize, b: usize, term: &Term) -> Result<(), String> {
    let mut want = BTreeSet::new();
    for p in 0..=a {
        for q in 0..=b {
            let (da, db) = (a - p, b - q);
            if (da > 0 && db == 0) || (da == 0 && db > 0) || (da > 0 && da == db) {
                want.insert(vec![p, q]);
            }
        }
    }
    same(listed_pairs(term, "wythoff", "a Wythoff position")?, &want)
}

/// The options an opening lists as calls `name(x, y)` of two sizes, each the pair `[x, y]`;
/// another option is not `what`.
pub(super) fn listed_pairs(term: &Term, name: &str, what: &str) -> Result<(Moves, Moves), String> {
    listed_as(
        term,
        "a position",
        |o| match o {
            Term::Call { name: n, args } if n == name => match args.as_slice() {
                [x, y] => Some(vec![size_arg(x)?, size_arg(y)?]),
                _ => None,
            },
            _ => None,
        },
        |_, o| format!("option {o} is not {what}"),
        |_, _, p| format!("option ({}, {}) is listed twice", p[0], p[1]),
    )
}

/// The moves of a heap of `n` in the take-and-break game `code` (an octal code is one), each
/// the sorted positive heaps it leaves: the brute force above, which the misère checker
/// (`proof::misere_moves`) uses as its own move generator for heap games.
pub fn moves(code: &str, n: usize) -> Result<BTreeSet<Vec<usize>>, String> {
    heap_moves(&read(code)?, n)
}
