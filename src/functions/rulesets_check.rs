//! The independent check of ruleset openings: a second move generator per ruleset, written
//! from the rules on the position's characters (rows and indices; no bit-boards, no regions,
//! no symmetries), and a comparison of the options it finds with those an opening lists, as
//! sets: every option once, nothing missing, nothing extra.
//!
//! The positions themselves are read by the same readers as the producer's
//! (`rulesets::position`, the grammars of docs/POSITIONS.md): independence is in the moves,
//! not in the language, and two readers of one language that disagreed let false proofs check.

use crate::rulesets::{position, RulesetError};
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

/// A position text as the one reader of its language (`rulesets::position`, the producer's
/// too) reads it, or why not: the checker reads every position by the same grammar as the
/// producer, so a text the producer would refuse is refused here, and one it accepts means
/// the same position here (docs/POSITIONS.md). Only the moves are generated independently.
pub(crate) fn read<T>(r: Result<T, RulesetError>) -> Result<T, String> {
    r.map_err(|e| match e {
        RulesetError::Input(p) => p.to_string(),
        e => e.to_string(),
    })
}

/// The options an opening lists, each read by `read` into a comparable key.
pub(super) fn listed<K: Ord>(
    term: &Term,
    read: impl Fn(&Term) -> Option<K>,
) -> Result<(BTreeSet<K>, BTreeSet<K>), String> {
    listed_as(
        term,
        "a position",
        read,
        |who, o| format!("{who} option {o} is not a position of this ruleset"),
        |who, o, _| format!("{who} option {o} is listed twice"),
    )
}

/// [`listed`] in a ruleset check's own words: what the opening is of (`a position`, `a
/// heap`), why an option that `read` does not read is refused, and how a repeated one is
/// named (each given the player and the option as printed; a repeat also its key).
pub(super) fn listed_as<K: Ord>(
    term: &Term,
    of: &str,
    read: impl Fn(&Term) -> Option<K>,
    unread: impl Fn(&str, &str) -> String,
    twice: impl Fn(&str, &str, &K) -> String,
) -> Result<(BTreeSet<K>, BTreeSet<K>), String> {
    let Term::Game { left, right } = term else {
        return Err(format!(
            "an opening of {of} is a game {{left options | right options}}"
        ));
    };
    let side = |opts: &[Term], who: &str| -> Result<BTreeSet<K>, String> {
        let mut set = BTreeSet::new();
        for o in opts {
            let shown = || crate::syntax::print(o, &Default::default());
            let k = read(o).ok_or_else(|| unread(who, &shown()))?;
            if set.contains(&k) {
                return Err(twice(who, &shown(), &k));
            }
            set.insert(k);
        }
        Ok(set)
    };
    Ok((side(left, "Left")?, side(right, "Right")?))
}

pub(super) fn compare<K: Ord + std::fmt::Debug>(
    listed: (BTreeSet<K>, BTreeSet<K>),
    left: BTreeSet<K>,
    right: BTreeSet<K>,
) -> Result<(), String> {
    for (who, have, want) in [("Left", &listed.0, &left), ("Right", &listed.1, &right)] {
        if let Some(x) = want.difference(have).next() {
            return Err(format!("{who}'s move to {x:?} is missing"));
        }
        if let Some(x) = have.difference(want).next() {
            return Err(format!("{who} has no move to {x:?}"));
        }
    }
    Ok(())
}

/// The text of `name("…")`.
pub(super) fn text_of<'a>(t: &'a Term, name: &str) -> Option<&'a str> {
    match t {
        Term::Call { name: n, args } if n == name => match args.as_slice() {
            [Arg::Text(s)] => Some(s),
            _ => None,
        },
        _ => None,
    }
}

/// A board's rows written as its text, `|` between rows.
pub(crate) fn join(rows: &[Vec<char>]) -> String {
    let r: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    r.join("|")
}

/// Domineering from the rules: Left covers a square and the one below, Right a square and the
/// one to its right, both empty (`.`). An opening writes each position reached as a sum of
/// boards, one per region (4-connected empty squares, at least two), each possibly reflected,
/// rotated or transposed (a transposed board negated, since it swaps the players' moves); so
/// both sides are compared by the multiset of their regions' keys (see [`region_key`]).
pub fn domineering(text: &str, term: &Term) -> Result<(), String> {
    let (left, right) = domineering_moves(text)?;
    let key = |v: Vec<Vec<Vec<char>>>| v.iter().map(|n| position_key(n)).collect();
    let got = listed(term, option_key)?;
    compare(got, key(left), key(right))
}

/// Whole boards: a Domineering board's rows after each move of Left and of Right.
type Boards = Vec<Vec<Vec<char>>>;

/// The boards one domino reaches, Left's and Right's, whole (no regions, no symmetries).
fn domineering_moves(text: &str) -> Result<(Boards, Boards), String> {
    let b = read(position::domineering(text))?.rows();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for r in 0..b.len() {
        for c in 0..b[r].len() {
            if b[r][c] != '.' {
                continue;
            }
            if b.get(r + 1).and_then(|row| row.get(c)) == Some(&'.') {
                let mut n = b.clone();
                n[r][c] = '#';
                n[r + 1][c] = '#';
                left.push(n);
            }
            if b[r].get(c + 1) == Some(&'.') {
                let mut n = b.clone();
                n[r][c] = '#';
                n[r][c + 1] = '#';
                right.push(n);
            }
        }
    }
    Ok((left, right))
}

/// A region up to the board's symmetries: its least image (as text) under the eight, and the
/// sign of its value relative to that image: 1 when only reflections and rotations by 180°
/// reach it, -1 when only transpositions do, 0 when both do (then G = -G, so G = 0).
type RegionKey = (String, i8);

/// The keys of a board's regions, sorted: a position up to regions and symmetries.
fn position_key(b: &[Vec<char>]) -> Vec<RegionKey> {
    let h = b.len();
    let w = b.iter().map(Vec::len).max().unwrap_or(0);
    let empty = |r: usize, c: usize| b.get(r).and_then(|row| row.get(c)) == Some(&'.');
    let mut seen = vec![vec![false; w]; h];
    let mut keys = Vec::new();
    for r0 in 0..h {
        for c0 in 0..w {
            if seen[r0][c0] || !empty(r0, c0) {
                continue;
            }
            seen[r0][c0] = true;
            let mut cells = vec![(r0, c0)];
            let mut k = 0;
            while k < cells.len() {
                let (r, c) = cells[k];
                k += 1;
                let mut next = vec![(r + 1, c), (r, c + 1)];
                if r > 0 {
                    next.push((r - 1, c));
                }
                if c > 0 {
                    next.push((r, c - 1));
                }
                for (nr, nc) in next {
                    if empty(nr, nc) && !seen[nr][nc] {
                        seen[nr][nc] = true;
                        cells.push((nr, nc));
                    }
                }
            }
            if cells.len() >= 2 {
                keys.push(region_key(&cells));
            }
        }
    }
    keys.sort();
    keys
}

/// A symmetry of the square, as a map of (row, column).
type Symmetry = fn((i64, i64)) -> (i64, i64);

/// The key of one region given by its squares.
fn region_key(cells: &[(usize, usize)]) -> RegionKey {
    // The eight symmetries of the square as maps of (row, column); the last four transpose.
    let maps: [Symmetry; 8] = [
        |(r, c)| (r, c),
        |(r, c)| (r, -c),
        |(r, c)| (-r, c),
        |(r, c)| (-r, -c),
        |(r, c)| (c, r),
        |(r, c)| (c, -r),
        |(r, c)| (-c, r),
        |(r, c)| (-c, -r),
    ];
    let mut best: Option<String> = None;
    let (mut plain, mut transposed) = (false, false);
    for (i, m) in maps.iter().enumerate() {
        let image: Vec<(i64, i64)> = cells
            .iter()
            .map(|&(r, c)| m((r as i64, c as i64)))
            .collect();
        let text = picture(&image);
        let better = match &best {
            None => true,
            Some(b) => text < *b,
        };
        if better {
            best = Some(text.clone());
            plain = false;
            transposed = false;
        }
        if best.as_deref() == Some(text.as_str()) {
            if i < 4 {
                plain = true;
            } else {
                transposed = true;
            }
        }
    }
    let sign = match (plain, transposed) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    };
    (best.unwrap_or_default(), sign)
}

/// Squares drawn in their bounding box, rows joined by `|`.
fn picture(cells: &[(i64, i64)]) -> String {
    let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
    let r1 = cells.iter().map(|p| p.0).max().unwrap_or(0);
    let c1 = cells.iter().map(|p| p.1).max().unwrap_or(0);
    let mut rows = vec![vec!['#'; (c1 - c0 + 1) as usize]; (r1 - r0 + 1) as usize];
    for &(r, c) in cells {
        rows[(r - r0) as usize][(c - c0) as usize] = '.';
    }
    join(&rows)
}

/// The key of an option as an opening writes it: `0`, or a sum of `domineering("…")` and
/// `-domineering("…")`, each board one region.
fn option_key(t: &Term) -> Option<Vec<RegionKey>> {
    fn parts(t: &Term, sign: i8, out: &mut Vec<RegionKey>) -> Option<()> {
        match t {
            Term::Sum(a, b) => {
                parts(a, sign, out)?;
                parts(b, sign, out)
            }
            Term::Neg(a) => parts(a, -sign, out),
            _ => {
                let board = position::domineering(text_of(t, "domineering")?).ok()?;
                let mut keys = position_key(&board.rows());
                let [(image, s)] = keys.as_mut_slice() else {
                    return None;
                };
                out.push((std::mem::take(image), *s * sign));
                Some(())
            }
        }
    }
    if t.as_number().is_some_and(|x| x.is_zero()) {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    parts(t, 1, &mut out)?;
    out.sort();
    Some(out)
}

/// Toads and Frogs from the rules, on its T/F rows ([`strip_moves`]).
pub fn toads(text: &str, term: &Term) -> Result<(), String> {
    let (left, right) = strip_moves(&read(position::toads(text))?, ['T', 'F'], true);
    let got = listed(term, |t| {
        let row = position::toads(text_of(t, "toads")?).ok()?;
        Some(row.into_iter().collect::<String>())
    })?;
    compare(got, left, right)
}

/// Toads and Frogs (`jumps`) or Elephants and Rhinos from the rules, on a row whose toads are
/// `toad` and frogs `frog` (onag's `T`/`F` rows, CGSuite's `t`/`f` strips): a toad steps right
/// into a `.`, or (with jumps) over one frog into the `.` beyond; a frog the same to the left.
/// The rows one move reaches, Left's (a toad) and Right's (a frog).
pub(crate) fn strip_moves(
    row: &[char],
    [toad, frog]: [char; 2],
    jumps: bool,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut left, mut right) = (BTreeSet::new(), BTreeSet::new());
    for i in 0..row.len() {
        let (dir, other, set): (isize, char, &mut BTreeSet<String>) = match row[i] {
            c if c == toad => (1, frog, &mut left),
            c if c == frog => (-1, toad, &mut right),
            _ => continue,
        };
        let at = |k: isize| -> Option<char> {
            let j = i as isize + dir * k;
            (j >= 0).then(|| row.get(j as usize).copied()).flatten()
        };
        let to = if at(1) == Some('.') {
            Some(1)
        } else if jumps && at(1) == Some(other) && at(2) == Some('.') {
            Some(2)
        } else {
            None
        };
        if let Some(k) = to {
            let mut n = row.to_vec();
            n.swap(i, (i as isize + dir * k) as usize);
            set.insert(n.into_iter().collect::<String>());
        }
    }
    (left, right)
}

/// A size argument written as an integer leaf.
pub fn size_arg(a: &Arg) -> Option<usize> {
    match a {
        Arg::Game(t) => t.as_number()?.to_integer()?.try_into().ok(),
        Arg::Text(_) => None,
    }
}

/// Cutcake from the rules: Left cuts a w-wide cake into a- and (w−a)-wide ones, Right cuts
/// across the height; an option is an unordered pair of cakes.
pub fn cutcake(w: usize, h: usize, term: &Term) -> Result<(), String> {
    if w == 0 || h == 0 {
        return Err(format!("a cake is at least 1×1, not {w}×{h}"));
    }
    let pair = |x: (usize, usize), y: (usize, usize)| if x <= y { (x, y) } else { (y, x) };
    let left: BTreeSet<_> = (1..w).map(|a| pair((a, h), (w - a, h))).collect();
    let right: BTreeSet<_> = (1..h).map(|b| pair((w, b), (w, h - b))).collect();
    let cake = |t: &Term| match t {
        Term::Call { name, args } if name == "cutcake" => match args.as_slice() {
            [a, b] => Some((size_arg(a)?, size_arg(b)?)),
            _ => None,
        },
        _ => None,
    };
    let got = listed(term, |t| match t {
        Term::Sum(a, b) => Some(pair(cake(a)?, cake(b)?)),
        _ => None,
    })?;
    compare(got, left, right)
}

/// A take-away game from its digits: `digits[k]` for taking k tokens, bit 1 leaving nothing,
/// bit 2 one heap, bit 4 two nonempty heaps (`digits[0]` bit 4: split without taking). An
/// option is the sorted list of heaps left; both players have the same options.
pub fn heap(
    name: &str,
    code_arg: &Arg,
    digits: &[u8],
    n: usize,
    term: &Term,
) -> Result<(), String> {
    let mut opts = BTreeSet::new();
    for (k, &d) in digits.iter().enumerate() {
        if k > n {
            break;
        }
        let m = n - k;
        if k > 0 && m == 0 && d & 1 != 0 {
            opts.insert(vec![]);
        }
        if k > 0 && m > 0 && d & 2 != 0 {
            opts.insert(vec![m]);
        }
        if d & 4 != 0 {
            for a in 1..m {
                let mut v = vec![a, m - a];
                v.sort_unstable();
                opts.insert(v);
            }
        }
    }
    let one = |t: &Term| match t {
        Term::Call { name: n2, args } if n2 == name => match args.as_slice() {
            [c, h] if c == code_arg => size_arg(h),
            _ => None,
        },
        _ => None,
    };
    let got = listed(term, |t| match t {
        t if t.as_number().is_some_and(|x| x.is_zero()) => Some(vec![]),
        Term::Sum(a, b) => {
            let mut v = vec![one(a)?, one(b)?];
            v.sort_unstable();
            Some(v)
        }
        t => one(t).map(|h| vec![h]),
    })?;
    compare(got, opts.clone(), opts)
}

/// The digits of an octal code written `d0.d1d2…`, by the code language's one reader.
pub fn octal_digits(code: &str) -> Result<Vec<u8>, String> {
    read(position::octal_code(code))
}

/// The digits of a subtraction set `"1,2,3"` (by the set language's one reader): 3 (leave
/// nothing or one heap) at each k.
pub fn subtraction_digits(set: &str) -> Result<Vec<u8>, String> {
    let ks = read(position::subtraction_set(set))?;
    let mut digits = vec![0u8; ks.iter().max().copied().unwrap_or(0) + 1];
    for k in ks {
        digits[k] = 3;
    }
    Ok(digits)
}

/// Most edges of a picture the naive Hackenbush check takes (it recurses along the picture and
/// takes quadratic time; an opening of a larger picture is itself too large to write).
const MAX_CHECKED_EDGES: usize = 2048;

/// A Hackenbush picture as the naive checker keeps it: edges between named nodes (as the
/// picture language's one reader returns them), `_` the ground.
type Edges = Vec<position::Edge>;

/// The edges still joined to the ground (by any path of edges).
fn hackenbush_standing(edges: &[(String, char, String)]) -> Edges {
    let mut reach: BTreeSet<&str> = BTreeSet::from(["_"]);
    loop {
        let before = reach.len();
        for (a, _, b) in edges {
            if reach.contains(a.as_str()) || reach.contains(b.as_str()) {
                reach.insert(a);
                reach.insert(b);
            }
        }
        if reach.len() == before {
            break;
        }
    }
    edges
        .iter()
        .filter(|(a, _, _)| reach.contains(a.as_str()))
        .cloned()
        .collect()
}

/// What a Hackenbush picture is, for comparing pictures: a forest on the ground by its shape
/// (each node's branches written in sorted order, so node names and edge order do not
/// matter), any other picture by its edges with their node names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum PictureKey {
    Forest(String),
    Graph(Vec<(String, char, String)>),
}

fn hackenbush_key(edges: &[(String, char, String)]) -> PictureKey {
    fn below(node: &str, from: Option<usize>, edges: &[(String, char, String)]) -> Option<String> {
        let mut branches = Vec::new();
        for (i, (a, c, b)) in edges.iter().enumerate() {
            if Some(i) == from || (a != node && b != node) {
                continue;
            }
            let other = if a == node { b } else { a };
            if other == node || other == "_" {
                return None; // a loop, or an edge back to the ground: not a forest
            }
            branches.push(format!("{c}({})", below(other, Some(i), edges)?));
        }
        branches.sort();
        Some(branches.join(","))
    }
    // A forest on the ground has one edge fewer than its nodes off the ground, and every node
    // is reached once from the ground.
    let nodes: BTreeSet<&str> = edges
        .iter()
        .flat_map(|(a, _, b)| [a.as_str(), b.as_str()])
        .filter(|n| *n != "_")
        .collect();
    if nodes.len() == edges.len() {
        if let Some(s) = below("_", None, edges) {
            return PictureKey::Forest(s);
        }
    }
    let mut g: Vec<_> = edges
        .iter()
        .map(|(a, c, b)| {
            if a <= b {
                (a.clone(), *c, b.clone())
            } else {
                (b.clone(), *c, a.clone())
            }
        })
        .collect();
    g.sort();
    PictureKey::Graph(g)
}

/// Hackenbush from the rules: Left cuts an `L` or `E` edge, Right an `R` or `E` edge, and the
/// edges no longer joined to the ground fall. An option is `0` (nothing left) or another
/// `hackenbush("…")` picture, compared by [`PictureKey`].
pub fn hackenbush(text: &str, term: &Term) -> Result<(), String> {
    hackenbush_like("hackenbush", false, text, term)
}

/// [`hackenbush`] for the function `name`, in Childish Hackenbush when `childish` (a blue or
/// red edge may be cut only when no other edge falls with it).
pub fn hackenbush_like(name: &str, childish: bool, text: &str, term: &Term) -> Result<(), String> {
    let (left, right) = hackenbush_moves(text, childish)?;
    let key = |v: Vec<Edges>| v.iter().map(|e| hackenbush_key(e)).collect();
    let got = listed(term, |t| {
        if t.as_number().is_some_and(|x| x.is_zero()) {
            return Some(hackenbush_key(&[]));
        }
        let e = position::hackenbush(text_of(t, name)?).ok()?;
        (e.len() <= MAX_CHECKED_EDGES).then(|| hackenbush_key(&hackenbush_standing(&e)))
    })?;
    compare(got, key(left), key(right))
}

/// The pictures one cut reaches, Left's and Right's: the edges still standing.
fn hackenbush_moves(text: &str, childish: bool) -> Result<(Vec<Edges>, Vec<Edges>), String> {
    let edges = hackenbush_standing(&read(position::hackenbush(text))?);
    if edges.len() > MAX_CHECKED_EDGES {
        return Err(format!(
            "a Hackenbush picture of {} edges is more than the naive check takes ({MAX_CHECKED_EDGES})",
            edges.len()
        ));
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, (_, c, _)) in edges.iter().enumerate() {
        let mut rest = edges.clone();
        rest.remove(i);
        let standing = hackenbush_standing(&rest);
        if childish && *c != 'E' && standing.len() != rest.len() {
            continue;
        }
        if *c != 'R' {
            left.push(standing.clone());
        }
        if *c != 'L' {
            right.push(standing);
        }
    }
    Ok((left, right))
}

/// The options the naive move generator of ruleset `name` finds from the position `text`,
/// Left's and Right's, each as a term of the ruleset (whole positions, no regions or
/// symmetries; `0` for an empty Hackenbush picture), or why the text is not a position: for
/// tests that compare it with the producer's moves by value.
#[cfg(test)]
pub fn options(name: &str, text: &str) -> Result<(Vec<Term>, Vec<Term>), String> {
    let call = |s: String| Term::Call {
        name: name.to_string(),
        args: vec![Arg::Text(s)],
    };
    let boards = |v: Boards| v.iter().map(|b| call(join(b))).collect();
    let texts = |v: BTreeSet<String>| v.into_iter().map(call).collect();
    let pictures = |v: Vec<Edges>| {
        v.iter()
            .map(|e| {
                if e.is_empty() {
                    return Term::zero();
                }
                let parts: Vec<String> = e.iter().map(|(a, c, b)| format!("{a} {c} {b}")).collect();
                call(parts.join(", "))
            })
            .collect()
    };
    Ok(match name {
        "domineering" => {
            let (l, r) = domineering_moves(text)?;
            (boards(l), boards(r))
        }
        "clobber" => {
            let (l, r) = super::grid_games_check::clobber_variant_moves("clobber", text)?;
            (texts(l), texts(r))
        }
        "toads" => {
            let (l, r) = strip_moves(&read(position::toads(text))?, ['T', 'F'], true);
            (texts(l), texts(r))
        }
        "hackenbush" => {
            let (l, r) = hackenbush_moves(text, false)?;
            (pictures(l), pictures(r))
        }
        _ => return Err(format!("{name} is not a ruleset of one position text")),
    })
}
