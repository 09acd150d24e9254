//! The misère checker's own move generators: what a ruleset position's moves leave, derived
//! from the rules of the game, never by the producer's code (`rulesets`, `functions::…::open`,
//! `misere::derive`), so that the opening step of a misère derivation (`misere-opening`: a
//! position is the game of the positions its moves reach) is checked independently.
//!
//! Each move is the list of positions it leaves, to be summed (none: the empty game 0); a
//! position is written as the call that names it, so the checker memoises by the call.
//! Wythoff, subtraction games and Arc Kayles are played here from their rules; Cram and the heap
//! games with a take-and-break code (`kayles`, `dawsons_kayles`, `octal`, `take_and_break`,
//! `grundy`) use the normal-play opening checker's generators, written apart from the producer
//! (`functions::grid_games_check`'s, `functions::heap_games_check`'s brute force over every way
//! to split what is left).
//! Positions are read by their languages' one readers (`rulesets::position`): independence is
//! in the moves, not the language, as in `functions::grid_games_check`.

use crate::functions::rulesets_check::{read, size_arg};
use crate::functions::{grid_games_check, heap_games_check};
use crate::rulesets::position::{graph, subtraction_set};
use crate::term::{Arg, Term};

/// The rulesets whose positions a misère derivation may open (the heap games `kayles`,
/// `dawsons_kayles`, `octal`, `subtraction` and `take_and_break`, then `grundy`, `wythoff`,
/// `cram`, `arc_kayles`).
pub const RULESETS: &[&str] = &[
    "kayles",
    "dawsons_kayles",
    "octal",
    "subtraction",
    "take_and_break",
    "grundy",
    "wythoff",
    "cram",
    "arc_kayles",
];

/// The most vertices of an Arc Kayles position this checker plays (a set of them is a `u64`).
const MAX_VERTICES: usize = 64;

/// A move: the positions it leaves, to be summed.
pub type Move = Vec<Term>;

fn int(n: usize) -> Arg {
    Arg::Game(Term::integer(n as i64))
}

fn call(name: &str, args: Vec<Arg>) -> Term {
    Term::Call {
        name: name.to_string(),
        args,
    }
}

/// The moves from `t`, or `None` when `t` is no call of a ruleset in [`RULESETS`]; an error
/// when its arguments do not read.
pub fn moves(t: &Term) -> Option<Result<Vec<Move>, String>> {
    let Term::Call { name, args } = t else {
        return None;
    };
    let bad = || Err(format!("`{t}` is not a position of {name}"));
    Some(match (name.as_str(), args.as_slice()) {
        ("kayles", [n]) => heap(n, "0.77", |h| call("kayles", vec![int(h)])),
        ("dawsons_kayles", [n]) => heap(n, "0.07", |h| call("dawsons_kayles", vec![int(h)])),
        ("grundy", [n]) => heap(n, "4!.0", |h| call("grundy", vec![int(h)])),
        ("octal" | "take_and_break", [c @ Arg::Text(code), n]) => {
            heap(n, code, |h| call(name, vec![c.clone(), int(h)]))
        }
        ("subtraction", [s @ Arg::Text(set), n]) => subtraction(s, set, n),
        ("wythoff", [a, b]) => match (size_arg(a), size_arg(b)) {
            (Some(a), Some(b)) => Ok(wythoff(a, b)),
            _ => bad(),
        },
        ("cram", [Arg::Text(board)]) => cram(board),
        ("arc_kayles", [Arg::Text(g)]) => arc_kayles(g),
        _ if RULESETS.contains(&name.as_str()) => bad(),
        _ => return None,
    })
}

/// A heap of a take-and-break game: each move leaves some heaps, each the same call with its
/// size.
fn heap(n: &Arg, code: &str, pos: impl Fn(usize) -> Term) -> Result<Vec<Move>, String> {
    let n = size_arg(n).ok_or("a heap's size is a whole number")?;
    Ok(heap_games_check::moves(code, n)?
        .into_iter()
        .map(|left| left.into_iter().map(&pos).collect())
        .collect())
}

/// A subtraction game: take s tokens, s in the set and at most the heap.
fn subtraction(s: &Arg, set: &str, n: &Arg) -> Result<Vec<Move>, String> {
    let set = read(subtraction_set(set))?;
    let n = size_arg(n).ok_or("a heap's size is a whole number")?;
    Ok(set
        .iter()
        .filter(|&&k| k > 0 && k <= n)
        .map(|&k| match n - k {
            0 => vec![],
            h => vec![call("subtraction", vec![s.clone(), int(h)])],
        })
        .collect())
}

/// Wythoff's game: any number from one heap, or the same number from both.
fn wythoff(a: usize, b: usize) -> Vec<Move> {
    let pos = |p: usize, q: usize| vec![call("wythoff", vec![int(p), int(q)])];
    let mut out = Vec::new();
    for p in 0..a {
        out.push(pos(p, b));
    }
    for q in 0..b {
        out.push(pos(a, q));
    }
    for k in 1..=a.min(b) {
        out.push(pos(a - k, b - k));
    }
    out
}

/// Cram: a domino on two empty squares side by side or one above the other, by the normal-play
/// opening checker's generator (`functions::grid_games_check`), apart from the producer's.
fn cram(board: &str) -> Result<Vec<Move>, String> {
    let boards = grid_games_check::cram_boards(board)?;
    Ok(boards
        .into_iter()
        .map(|b| vec![call("cram", vec![Arg::Text(b)])])
        .collect())
}

/// Arc Kayles: a move takes an edge and both its ends (a loop's one end). The position left
/// is written with the vertices that still have an edge (a vertex with none takes no part in
/// any move), or is 0 when no edge is left.
fn arc_kayles(text: &str) -> Result<Vec<Move>, String> {
    let g = read(graph::graph(text, &graph::ARC_KAYLES))?;
    let n = g.vertices.len();
    if n > MAX_VERTICES {
        return Err(format!(
            "an Arc Kayles position of {n} vertices is more than the misère checker plays ({MAX_VERTICES})"
        ));
    }
    let edges: Vec<(usize, usize)> = g.edges.iter().map(|&(a, b, _, _)| (a, b)).collect();
    let mut out = Vec::new();
    for &(a, b) in &edges {
        let left: Vec<(usize, usize)> = edges
            .iter()
            .copied()
            .filter(|&(x, y)| x != a && x != b && y != a && y != b)
            .collect();
        if left.is_empty() {
            out.push(vec![]);
            continue;
        }
        // Renumber the vertices that remain on an edge, in their order.
        let mut index = vec![usize::MAX; n];
        let mut count = 0;
        for (v, at) in index.iter_mut().enumerate() {
            if left.iter().any(|&(x, y)| x == v || y == v) {
                *at = count;
                count += 1;
            }
        }
        let labels = vec![""; count];
        let es: Vec<(usize, usize, &str)> = left
            .iter()
            .map(|&(x, y)| (index[x], index[y], ""))
            .collect();
        out.push(vec![call(
            "arc_kayles",
            vec![Arg::Text(graph::write(&labels, &es))],
        )]);
    }
    Ok(out)
}
