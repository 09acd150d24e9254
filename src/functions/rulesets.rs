//! Rulesets as functions: `domineering("..|..")`, `clobber("xo")`, `toads("T.F")`,
//! `cutcake(3, 2)`, `octal("0.77", 10)`, `subtraction("1,2,3", 10)`, `nim(3, 5)`,
//! `hackenbush("LR")`. Each value comes from the ruleset's search (`crate::rulesets`); each
//! opening lists the positions one move reaches, each distinct position once, as calls.
//!
//! `check_open` re-derives an opening with a second, deliberately naive move generator written
//! here from the rules of each game (strings and indices, no bit-boards, no symmetries), so a
//! derivation step "position → game" is checked independently of the search that made it.

use super::{args, rulesets_check as naive, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::{
    self, clobber, cutcake, domineering, hackenbush, octal, toads, RulesetError,
};
use crate::term::{Arg, Term};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

/// A ruleset's error as the function's error: bad text and bad arguments are the function's
/// (bad input), limits stay limits.
fn err(f: &dyn Function, e: RulesetError) -> KernelError {
    match e {
        RulesetError::Argument(m) => args::error(f.name(), format!("{m} ({})", f.usage())),
        e => kernel_error(f.name(), e),
    }
}

/// The one text argument of a function of this file, read by `read`, its errors as [`err`]
/// words them.
fn read_own<T>(
    f: &dyn Function,
    a: &[Arg],
    read: impl Fn(&str) -> Result<T, RulesetError>,
) -> Result<T, KernelError> {
    args::arity(f, a, 1)?;
    read(args::text(f, a, 0)?).map_err(|e| err(f, e))
}

/// A ruleset's error as a kernel error of the function `name`: bad text is bad input (with
/// the line, column and caret in the text), limits stay limits.
pub fn kernel_error(name: &str, e: RulesetError) -> KernelError {
    match e {
        RulesetError::Input(p) => {
            args::error(name, format!("in the position text, {}", p.render()))
        }
        RulesetError::Argument(m) => args::error(name, m),
        RulesetError::Kernel(k) => k,
    }
}

/// Argument `i` as an integer.
pub(super) fn integer(
    f: &dyn Function,
    a: &[Arg],
    i: usize,
    kernel: &mut Kernel,
) -> Result<BigInt, KernelError> {
    let x = args::number(f, a, i, kernel)?;
    x.to_integer().cloned().ok_or_else(|| {
        args::error(
            f.name(),
            format!(
                "argument {} must be an integer, found {x} ({})",
                i + 1,
                f.usage()
            ),
        )
    })
}

/// Argument `i` as a size (a nonnegative integer that fits a machine word).
pub(super) fn size(
    f: &dyn Function,
    a: &[Arg],
    i: usize,
    kernel: &mut Kernel,
) -> Result<usize, KernelError> {
    let n = integer(f, a, i, kernel)?;
    if n.is_negative() {
        return Err(args::error(
            f.name(),
            format!(
                "argument {} must be at least 0, found {n} ({})",
                i + 1,
                f.usage()
            ),
        ));
    }
    n.to_usize().ok_or_else(|| KernelError::TooLarge {
        what: format!("{}: argument {} = {n}", f.name(), i + 1),
    })
}

pub(super) fn call(name: &str, args: Vec<Arg>) -> Term {
    Term::Call {
        name: name.to_string(),
        args,
    }
}

pub(super) fn text_call(name: &str, text: String) -> Term {
    call(name, vec![Arg::Text(text)])
}

/// A Hackenbush picture as a call `name("…")`, or 0 when no edge is left.
pub(super) fn picture_call(name: &str, q: &hackenbush::Picture) -> Term {
    if q.edges.is_empty() {
        Term::zero()
    } else {
        text_call(name, q.print())
    }
}

/// A region's bit-board in the board notation (`.` empty, `#` filled).
fn board_text(b: &domineering::Board) -> String {
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if b.empty & crate::rulesets::grid::bit(w, r, c) != 0 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The nimber *g as a game.
pub(super) fn nimber(kernel: &mut Kernel, g: u64) -> GameId {
    kernel.nus(
        &crate::Dyadic::zero(),
        &BigInt::from(0),
        &crate::Nimber::from(g),
    )
}

/// What a check says of arguments that are not the function's.
pub(super) fn expected(f: &dyn Function) -> String {
    format!("expected {}", f.usage())
}

/// The check of an opening of a function whose one argument is a position's text.
pub(super) fn text_check(
    f: &dyn Function,
    a: &[Arg],
    check: impl FnOnce(&str) -> Result<(), String>,
) -> Option<Result<(), String>> {
    Some(match a {
        [Arg::Text(t)] => check(t),
        _ => Err(expected(f)),
    })
}

/// The one text argument, read by `read`.
pub(super) fn read_text<T>(
    f: &dyn Function,
    a: &[Arg],
    read: impl Fn(&str) -> Result<T, RulesetError>,
) -> Result<T, KernelError> {
    args::arity(f, a, 1)?;
    read(args::text(f, a, 0)?).map_err(|e| kernel_error(f.name(), e))
}

pub(super) fn int(n: usize) -> Arg {
    Arg::Game(Term::integer(n as i64))
}

/// `{left | right}` with repeated options listed once.
pub(super) fn game_of(mut left: Vec<Term>, mut right: Vec<Term>) -> Term {
    dedup_keep_order(&mut left);
    dedup_keep_order(&mut right);
    Term::game(left, right)
}

/// A partizan position opened by its moves: each player's positions after one move
/// (`moves(left)`) written as terms by `term`, repeats dropped as [`game_of`] drops them.
pub(super) fn opened_by<P>(moves: impl Fn(bool) -> Vec<P>, term: impl Fn(&P) -> Term) -> Term {
    let side = |left| moves(left).iter().map(&term).collect();
    game_of(side(true), side(false))
}

fn dedup_keep_order(v: &mut Vec<Term>) {
    let mut seen = std::collections::HashSet::new();
    v.retain(|t| seen.insert(t.clone()));
}

pub(super) fn opening(
    term: Term,
    rule: &'static str,
    says: String,
    cite: &'static str,
) -> Option<Opening> {
    Some(Opening {
        term,
        rule,
        says,
        cite,
    })
}

/// A Domineering position as its opening writes an option: the sum of its regions, each in its
/// least orientation (negated when transposed), in a fixed order; 0 when none is left. (The
/// page names the move that gives each option by it, `serve::marks`.)
pub(crate) fn domineering_option(q: &domineering::Position) -> Result<Term, RulesetError> {
    let mut parts: Vec<Term> = q
        .regions()?
        .iter()
        .map(|r| {
            let (b, negated) = r.canonical();
            let c = text_call("domineering", board_text(&b));
            if negated {
                Term::neg(c)
            } else {
                c
            }
        })
        .collect();
    parts.sort_by(Term::structural_cmp);
    Ok(parts
        .into_iter()
        .reduce(Term::sum)
        .unwrap_or_else(Term::zero))
}

/// `domineering("..#|...")`.
pub struct Domineering;

impl Function for Domineering {
    described!("domineering", "domineering(\"..#|...\")",
        "a Domineering board (rows separated by |, . empty, # filled; Left places vertical dominoes, Right horizontal)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let p = read_own(self, a, domineering::Position::parse)?;
        domineering::value(&p, kernel).map_err(|e| err(self, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let p = read_own(self, a, domineering::Position::parse)?;
        // Each option is written as the sum of its regions, each in its least orientation (a
        // transposed one negated): regions no domino can join are independent, and a
        // reflection keeps the value while a transposition swaps the players. So a position
        // met again in another place or orientation is one call, proved once.
        let side = |left: bool| -> Result<Vec<Term>, KernelError> {
            domineering::options(&p, left)
                .iter()
                .map(|q| domineering_option(q).map_err(|e| err(self, e)))
                .collect()
        };
        let (left, right) = (side(true)?, side(false)?);
        Ok(opening(
            game_of(left, right),
            "domineering",
            format!(
                "The Domineering board {} is the game of its moves: Left places a vertical domino, Right a horizontal one; each position reached is the sum of its regions, each turned to its least orientation (negated when transposed)",
                p.print()
            ),
            "Winning Ways (Domineering); CGSuite's notation",
        ))
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [Arg::Text(text)] = a else { return None };
        let p = domineering::Position::parse(text).ok()?;
        let mut out = Vec::new();
        for (left, player) in [(true, "Left"), (false, "Right")] {
            for q in domineering::options(&p, left) {
                // The domino's squares: empty before, filled after (row, column from 1).
                let cells: Vec<[usize; 2]> = (0..p.empty.len())
                    .filter(|&i| p.empty[i] && !q.empty[i])
                    .map(|i| [i / p.width.max(1) + 1, i % p.width.max(1) + 1])
                    .collect();
                let squares: Vec<String> =
                    cells.iter().map(|[r, c]| format!("({r}, {c})")).collect();
                out.push(super::Move {
                    player,
                    // Left's domino is vertical, Right's horizontal (the page says so once).
                    words: format!("covers {}", squares.join("–")),
                    // The board the move leaves, as a call onag reads back to the option's
                    // value: the option itself is written region by region, a Right move's
                    // regions often turned (negated transposes), which a student cannot
                    // match with the board drawn.
                    leaves: Some(text_call("domineering", q.print())),
                    board: Some(q.print()),
                    cells,
                    option: domineering_option(&q).ok()?,
                });
            }
        }
        Some(out)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::domineering(t, term))
    }
}

/// `clobber("xo.|ox.")`.
pub struct Clobber;

impl Function for Clobber {
    described!("clobber", "clobber(\"xo.|ox.\")",
        "a Clobber board (x Left's stone, o Right's, . empty; a stone clobbers an adjacent enemy stone)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let b = read_own(self, a, clobber::parse)?;
        clobber::value(&b, kernel).map_err(|e| err(self, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let b = read_own(self, a, clobber::parse)?;
        Ok(opening(
            opened_by(|left| clobber::moves(&b, left), |q| text_call("clobber", clobber::print(q))),
            "clobber",
            format!(
                "The Clobber board {} is the game of its moves: a stone moves onto an adjacent stone of the other colour, which is removed",
                clobber::print(&b)
            ),
            "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber (2005)",
        ))
    }
    /// Each move as the squares it joins, (row, column) from the top left as Domineering's
    /// are: "moves the x on (1, 1) onto the o on (1, 2), clobbering it", drawn as the board
    /// it leaves (the mover's stone now on the square it clobbered).
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [Arg::Text(text)] = a else { return None };
        let b = clobber::parse(text).ok()?;
        let w = usize::from(b.shape.w).max(1);
        let place = |i: usize| [i / w + 1, i % w + 1];
        let mut out = Vec::new();
        for (left, player, (mine, theirs)) in
            [(true, "Left", ('x', 'o')), (false, "Right", ('o', 'x'))]
        {
            let before = if left { b.x } else { b.o };
            for q in clobber::moves(&b, left) {
                let after = if left { q.x } else { q.o };
                // The mover's stone leaves one square and stands on another, the clobbered one.
                let from = (before & !after).trailing_zeros() as usize;
                let to = (after & !before).trailing_zeros() as usize;
                let (f, t) = (place(from), place(to));
                out.push(super::Move {
                    leaves: None,
                    player,
                    words: format!(
                        "moves the {mine} on ({}, {}) onto the {theirs} on ({}, {}), clobbering it",
                        f[0], f[1], t[0], t[1]
                    ),
                    board: Some(clobber::print(&q)),
                    cells: vec![f, t],
                    option: text_call("clobber", clobber::print(&q)),
                });
            }
        }
        Some(out)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::clobber(t, term))
    }
}

/// `toads("TT..FF")`.
pub struct Toads;

impl Function for Toads {
    described!(
        "toads",
        "toads(\"TT..FF\")",
        "a Toads and Frogs row (T Left's toads move right, F Right's frogs move left, . empty)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let row = read_own(self, a, toads::parse)?;
        toads::value(&row, kernel).map_err(|e| err(self, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let row = read_own(self, a, toads::parse)?;
        Ok(opening(
            opened_by(|left| toads::moves(&row, left), |q| text_call("toads", toads::print(q))),
            "toads",
            format!(
                "The Toads and Frogs row {} is the game of its moves: a toad steps or jumps a frog to the right, a frog steps or jumps a toad to the left",
                toads::print(&row)
            ),
            "Winning Ways (Toads and Frogs)",
        ))
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [Arg::Text(text)] = a else { return None };
        let row = toads::parse(text).ok()?;
        let mut out = Vec::new();
        for (left, player, piece) in [(true, "Left", "toad"), (false, "Right", "frog")] {
            for q in toads::moves(&row, left) {
                // The square left and the square reached (from 1), read off the two rows.
                let was: Vec<usize> = (0..row.len())
                    .filter(|&i| row[i] != 0 && q[i] == 0)
                    .collect();
                let now: Vec<usize> = (0..row.len())
                    .filter(|&i| row[i] == 0 && q[i] != 0)
                    .collect();
                let (&[from], &[to]) = (was.as_slice(), now.as_slice()) else {
                    return None;
                };
                let how = if from.abs_diff(to) == 1 {
                    "steps"
                } else {
                    "jumps"
                };
                out.push(super::Move {
                    leaves: None,
                    player,
                    words: format!(
                        "the {piece} on square {} {how} to square {}",
                        from + 1,
                        to + 1
                    ),
                    board: Some(toads::print(&q)),
                    cells: vec![[1, to + 1]],
                    option: text_call("toads", toads::print(&q)),
                });
            }
        }
        Some(out)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::toads(t, term))
    }
}

/// `cutcake(w, h)`.
pub struct Cutcake;

impl Function for Cutcake {
    described!(
        "cutcake",
        "cutcake(w, h)",
        "a w-wide, h-high Cutcake (Left cuts vertically, Right horizontally)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let (w, h) = (size(self, a, 0, kernel)?, size(self, a, 1, kernel)?);
        cutcake::Cutcake::new()
            .value(w, h, kernel)
            .map_err(|e| err(self, e))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let (w, h) = (size(self, a, 0, kernel)?, size(self, a, 1, kernel)?);
        if w == 0 || h == 0 {
            return Err(args::error(
                self.name(),
                format!("a cake is at least 1×1, not {w}×{h}"),
            ));
        }
        Ok(opening(
            opened_by(|left| cutcake::options(w, h, left), |[(a1, b1), (a2, b2)]| {
                    Term::sum(
                        call("cutcake", vec![int(*a1), int(*b1)]),
                        call("cutcake", vec![int(*a2), int(*b2)]),
                    )
                }),
            "cutcake",
            format!("A {w}-wide, {h}-high cake is the game of its cuts: Left cuts it into two narrower cakes, Right into two lower ones"),
            "Winning Ways (Cutcake)",
        ))
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [w, h] = a else { return None };
        let (w, h) = (written_size(w)?, written_size(h)?);
        if w == 0 || h == 0 || w > 1000 || h > 1000 {
            return None;
        }
        let mut out = Vec::new();
        for (left, player, way) in [
            (true, "Left", "across its width"),
            (false, "Right", "across its height"),
        ] {
            for [(a1, b1), (a2, b2)] in cutcake::options(w, h, left) {
                out.push(super::Move::in_words(
                    player,
                    format!("cuts the {w}×{h} cake {way} into {a1}×{b1} and {a2}×{b2}"),
                    Term::sum(
                        call("cutcake", vec![int(a1), int(b1)]),
                        call("cutcake", vec![int(a2), int(b2)]),
                    ),
                ));
            }
        }
        Some(out)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match a {
            [w, h] => match (naive::size_arg(w), naive::size_arg(h)) {
                (Some(w), Some(h)) => Some(naive::cutcake(w, h, term)),
                _ => Some(Err(expected(self))),
            },
            _ => Some(Err(expected(self))),
        }
    }
}

/// The heap argument and the sequence of a take-away game.
fn heap_value(
    f: &dyn Function,
    code: octal::OctalCode,
    a: &[Arg],
    kernel: &mut Kernel,
) -> Result<GameId, KernelError> {
    let n = integer(f, a, 1, kernel)?;
    let budget = kernel.budget().clone();
    let g = octal::NimSequence::new(code)
        .value(&n, &budget)
        .map_err(|e| err(f, e))?;
    Ok(nimber(kernel, g as u64))
}

/// The opening of a heap: every option, the same for both players.
fn heap_open(
    f: &dyn Function,
    code: &octal::OctalCode,
    code_arg: &Arg,
    a: &[Arg],
    kernel: &mut Kernel,
) -> Result<Option<Opening>, KernelError> {
    let n = size(f, a, 1, kernel)?;
    if n > 10_000 {
        return Err(KernelError::TooLarge {
            what: format!(
                "{}: the options of a heap of {n} (at most 10000 are listed)",
                f.name()
            ),
        });
    }
    let heap = |m: usize| call(f.name(), vec![code_arg.clone(), int(m)]);
    let opts: Vec<Term> = code
        .moves(n)
        .into_iter()
        .map(|heaps| match heaps.as_slice() {
            [] => Term::zero(),
            [m] => heap(*m),
            [x, y] => Term::sum(heap(*x), heap(*y)),
            _ => Term::zero(),
        })
        .collect();
    Ok(opening(
        game_of(opts.clone(), opts),
        if f.name() == "octal" {
            "octal"
        } else {
            "subtraction"
        },
        format!(
            "A heap of {n} is the impartial game of the heaps its moves leave (code {})",
            code.print()
        ),
        "Winning Ways (Taking and breaking: octal games)",
    ))
}

/// A size written as a whole number (a move description's argument), else `None`.
fn written_size(a: &Arg) -> Option<usize> {
    match a {
        Arg::Game(t) => t.as_number()?.to_integer()?.try_into().ok(),
        Arg::Text(_) => None,
    }
}

/// The moves of a heap of `n` in words ("take 2 from the heap of 5, leaving 1 and 2"), each
/// with the option [`heap_open`] writes for it; `None` past the heaps it lists.
fn heap_moves(
    name: &str,
    code: &octal::OctalCode,
    code_arg: &Arg,
    n: usize,
) -> Option<Vec<super::Move>> {
    if n > 10_000 {
        return None;
    }
    let heap = |m: usize| call(name, vec![code_arg.clone(), int(m)]);
    let moves = code.moves(n);
    let mut out = Vec::with_capacity(moves.len());
    for heaps in moves {
        let left: usize = heaps.iter().sum();
        let k = n - left;
        let (words, option) = match heaps.as_slice() {
            [] => (format!("take all {n} from the heap of {n}"), Term::zero()),
            [m] => (
                format!("take {k} from the heap of {n}, leaving {m}"),
                heap(*m),
            ),
            [x, y] if k == 0 => (
                format!("split the heap of {n} into {x} and {y}"),
                Term::sum(heap(*x), heap(*y)),
            ),
            [x, y] => (
                format!("take {k} from the heap of {n}, leaving {x} and {y}"),
                Term::sum(heap(*x), heap(*y)),
            ),
            _ => return None,
        };
        out.push(super::Move::in_words("either", words, option));
    }
    Some(out)
}

/// `octal("0.77", n)`.
pub struct Octal;

impl Function for Octal {
    described!(
        "octal",
        "octal(\"0.77\", n)",
        "a heap of n in the octal game with this code (0.77 Kayles, 0.07 Dawson's Kayles)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let code = octal::OctalCode::parse(args::text(self, a, 0)?).map_err(|e| err(self, e))?;
        heap_value(self, code, a, kernel)
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let code = octal::OctalCode::parse(args::text(self, a, 0)?).map_err(|e| err(self, e))?;
        heap_open(self, &code, &a[0], a, kernel)
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [code_arg @ Arg::Text(c), n] = a else {
            return None;
        };
        let code = octal::OctalCode::parse(c).ok()?;
        heap_moves(self.name(), &code, code_arg, written_size(n)?)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match a {
            [code @ Arg::Text(c), n] => match (naive::octal_digits(c), naive::size_arg(n)) {
                (Err(why), _) => Some(Err(why)),
                (Ok(d), Some(n)) => Some(naive::heap("octal", code, &d, n, term)),
                _ => Some(Err(expected(self))),
            },
            _ => Some(Err(expected(self))),
        }
    }
}

/// Reads a subtraction set `"1,2,3"` by the set language's one reader (docs/POSITIONS.md),
/// which the proof checker also uses.
pub fn subtraction_set(text: &str) -> Result<Vec<usize>, RulesetError> {
    rulesets::position::subtraction_set(text)
}

/// `subtraction("1,2,3", n)`.
pub struct Subtraction;

impl Function for Subtraction {
    described!(
        "subtraction",
        "subtraction(\"1,2,3\", n)",
        "a heap of n in the subtraction game with this set (take k tokens, k in the set)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let set = subtraction_set(args::text(self, a, 0)?).map_err(|e| err(self, e))?;
        let code = octal::OctalCode::subtraction(&set).map_err(|e| err(self, e))?;
        heap_value(self, code, a, kernel)
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let set = subtraction_set(args::text(self, a, 0)?).map_err(|e| err(self, e))?;
        let code = octal::OctalCode::subtraction(&set).map_err(|e| err(self, e))?;
        heap_open(self, &code, &a[0], a, kernel)
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [code_arg @ Arg::Text(c), n] = a else {
            return None;
        };
        let code = octal::OctalCode::subtraction(&subtraction_set(c).ok()?).ok()?;
        heap_moves(self.name(), &code, code_arg, written_size(n)?)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match a {
            [set @ Arg::Text(c), n] => match (naive::subtraction_digits(c), naive::size_arg(n)) {
                (Err(why), _) => Some(Err(why)),
                (Ok(d), Some(n)) => Some(naive::heap("subtraction", set, &d, n, term)),
                _ => Some(Err(expected(self))),
            },
            _ => Some(Err(expected(self))),
        }
    }
}

/// `nim(a, b, …)`.
pub struct Nim;

impl Function for Nim {
    described!(
        "nim",
        "nim(a, b, …)",
        "a Nim position with heaps a, b, …: the nimber *(a ⊕ b ⊕ …)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let mut heaps = Vec::with_capacity(a.len());
        for i in 0..a.len() {
            heaps.push(integer(self, a, i, kernel)?);
        }
        let n = octal::nim(&heaps).map_err(|e| err(self, e))?;
        Ok(kernel.nus(&crate::Dyadic::zero(), &BigInt::from(0), &n))
    }
}

/// `hackenbush("…")`.
pub struct Hackenbush;

impl Function for Hackenbush {
    described!("hackenbush", "hackenbush(\"LRE\") or hackenbush(\"_ L a R b, a E c\")",
        "a Hackenbush picture: a string of L/R/E edges from the ground, a tree L(R,E), or paths between named nodes with _ the ground");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let p = read_own(self, a, hackenbush::Picture::parse)?;
        hackenbush::value(&p, kernel).map_err(|e| err(self, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let p = read_own(self, a, hackenbush::Picture::parse)?;
        Ok(opening(
            opened_by(|left| p.moves(left), |q| picture_call("hackenbush", q)),
            "hackenbush",
            format!(
                "The Hackenbush picture {} is the game of its cuts: Left cuts an L or E edge, Right an R or E edge, and what no longer reaches the ground falls",
                p.print()
            ),
            "Winning Ways, vol. 1 (Hackenbush, as seed 001 cites it); seed 001 (Hackenstrings)",
        ))
    }
    /// A Hackenbush string's cuts in words: which edge, counted up from the ground, and the
    /// string left standing (what was above the cut falls). Pictures that are not one string
    /// have no words here.
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        use hackenbush::Colour;
        let [Arg::Text(text)] = a else { return None };
        let p = hackenbush::Picture::parse(text).ok()?;
        let colours = p.as_string()?;
        let letters = |cs: &[Colour]| -> String {
            cs.iter()
                .map(|c| match c {
                    Colour::L => 'L',
                    Colour::R => 'R',
                    Colour::E => 'E',
                })
                .collect()
        };
        let mut out = Vec::new();
        for (left, player) in [(true, "Left"), (false, "Right")] {
            for q in p.moves(left) {
                // A cut at edge k (from 0) of a string leaves exactly the k edges below it.
                let rest = q.as_string()?;
                let k = rest.len();
                let colour = match colours.get(k)? {
                    Colour::L => "blue (L)",
                    Colour::R => "red (R)",
                    Colour::E => "green (E)",
                };
                let fall = match colours.len() - k - 1 {
                    0 => String::new(),
                    1 => " (the edge above falls)".to_string(),
                    n => format!(" (the {n} edges above fall)"),
                };
                let left_standing = if rest.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("\"{}\"", letters(&rest))
                };
                let words = format!(
                    "cuts the {colour} edge {} up from the ground{fall}, leaving {left_standing}",
                    k + 1
                );
                out.push(super::Move::in_words(
                    player,
                    words,
                    picture_call("hackenbush", &q),
                ));
            }
        }
        Some(out)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::hackenbush(t, term))
    }
}
