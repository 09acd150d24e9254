//! Rulesets of numbers as functions: `cutcake(3, 2)`, `octal("0.77", 10)`,
//! `subtraction("1,2,3", 10)`, `nim(3, 5)`; and what every ruleset function shares (reading
//! sizes and texts, wording a ruleset's errors, writing options as calls, impartial openings,
//! the frame of a check). The rulesets whose position is a text are [`super::boards`]. Each
//! value comes from the ruleset's search (`crate::rulesets`); each opening lists the positions
//! one move reaches, each distinct position once, as calls.
//!
//! `check_open` re-derives an opening with a second, deliberately naive move generator
//! (`rulesets_check`, from the rules of each game), so a derivation step "position → game" is
//! checked independently of the search that made it.

use super::{args, rulesets_check as naive, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::{self, cutcake, hackenbush, octal, RulesetError};
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
        let (w, h) = (naive::size_arg(w)?, naive::size_arg(h)?);
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
        checked(self, sizes(a).map(|[w, h]| naive::cutcake(w, h, term)))
    }
}

/// The moves of a heap of `n` in words ("take 1 from the heap of 5, leaving 1 and 3", "split
/// the heap of 5 into 1 and 4"), each the heaps it leaves, written as a sum of `heap` calls.
pub(super) fn heap_moves(
    n: usize,
    moves: &[Vec<usize>],
    heap: impl Fn(usize) -> Term,
) -> Vec<super::Move> {
    let list = |hs: &[usize]| -> String {
        let words: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => words.join(""),
        }
    };
    let moves = moves.iter().map(|hs| {
        let k = n - hs.iter().sum::<usize>();
        let words = match (hs.len(), k) {
            (0, _) => format!("take all {n} from the heap of {n}"),
            (1, _) => format!("take {k} from the heap of {n}, leaving {}", hs[0]),
            (_, 0) => format!("split the heap of {n} into {}", list(hs)),
            _ => format!("take {k} from the heap of {n}, leaving {}", list(hs)),
        };
        super::Move::in_words("either", words, heaps_term(hs, &heap))
    });
    moves.collect()
}

/// The sum of heap calls a move leaves (0 when it leaves none).
pub(super) fn heaps_term(heaps: &[usize], heap: impl Fn(usize) -> Term) -> Term {
    let mut it = heaps.iter();
    match it.next() {
        None => Term::zero(),
        Some(&h) => it.fold(heap(h), |acc, &x| Term::sum(acc, heap(x))),
    }
}

/// Most options an opening of a heap lists.
pub(super) const MAX_LISTED: usize = 10_000;

/// The error for a position with more than [`MAX_LISTED`] options.
pub(super) fn too_many(name: &str, what: String) -> KernelError {
    KernelError::TooLarge {
        what: format!("{name}: the options of {what} (at most {MAX_LISTED} are listed)"),
    }
}

/// The nim-value `value` finds within the kernel's budget, as the nimber it is.
pub(super) fn nim_value(
    name: &str,
    kernel: &mut Kernel,
    value: impl FnOnce(&crate::kernel::Budget) -> Result<u64, RulesetError>,
) -> Result<GameId, KernelError> {
    let budget = kernel.budget().clone();
    let g = value(&budget).map_err(|e| kernel_error(name, e))?;
    Ok(nimber(kernel, g))
}

/// An impartial position's opening: the same options for both players.
pub(super) fn impartial(
    opts: Vec<Term>,
    rule: &'static str,
    says: String,
    cite: &'static str,
) -> Result<Option<Opening>, KernelError> {
    Ok(opening(game_of(opts.clone(), opts), rule, says, cite))
}

/// A check's verdict on arguments it could read (`Some`), and on others that they are not the
/// function's.
pub(super) fn checked(
    f: &dyn Function,
    verdict: Option<Result<(), String>>,
) -> Option<Result<(), String>> {
    Some(verdict.unwrap_or_else(|| Err(expected(f))))
}

/// The arguments as `N` sizes (whole numbers written out), as a check reads them.
pub(super) fn sizes<const N: usize>(a: &[Arg]) -> Option<[usize; N]> {
    let sizes: Option<Vec<usize>> = a.iter().map(naive::size_arg).collect();
    sizes?.try_into().ok()
}

/// An octal or subtraction game: a heap and the code or set that says its moves.
pub struct Coded {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    /// The code, from the code's or set's text.
    code: fn(&str) -> Result<octal::OctalCode, RulesetError>,
    /// The check's own reading of that text.
    digits: fn(&str) -> Result<Vec<u8>, String>,
}

/// `octal("0.77", n)`.
pub static OCTAL: Coded = Coded {
    name: "octal",
    usage: "octal(\"0.77\", n)",
    summary: "a heap of n in the octal game with this code (0.77 Kayles, 0.07 Dawson's Kayles)",
    code: octal::OctalCode::parse,
    digits: naive::octal_digits,
};

/// `subtraction("1,2,3", n)`.
pub static SUBTRACTION: Coded = Coded {
    name: "subtraction",
    usage: "subtraction(\"1,2,3\", n)",
    summary: "a heap of n in the subtraction game with this set (take k tokens, k in the set)",
    // The set language's one reader (docs/POSITIONS.md), which the proof checker also uses.
    code: |set| octal::OctalCode::subtraction(&rulesets::position::subtraction_set(set)?),
    digits: naive::subtraction_digits,
};

impl Coded {
    fn code(&self, a: &[Arg]) -> Result<octal::OctalCode, KernelError> {
        args::arity(self, a, 2)?;
        (self.code)(args::text(self, a, 0)?).map_err(|e| err(self, e))
    }
}

impl Function for Coded {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let code = self.code(a)?;
        let n = integer(self, a, 1, kernel)?;
        let budget = kernel.budget().clone();
        let g = octal::NimSequence::new(code)
            .value(&n, &budget)
            .map_err(|e| err(self, e))?;
        Ok(nimber(kernel, g as u64))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let code = self.code(a)?;
        let n = size(self, a, 1, kernel)?;
        if n > MAX_LISTED {
            return Err(too_many(self.name, format!("a heap of {n}")));
        }
        let heap = |m: usize| call(self.name, vec![a[0].clone(), int(m)]);
        let opts = code
            .moves(n)
            .iter()
            .map(|hs| heaps_term(hs, heap))
            .collect();
        let says = format!(
            "A heap of {n} is the impartial game of the heaps its moves leave (code {})",
            code.print()
        );
        impartial(
            opts,
            self.name,
            says,
            "Winning Ways (Taking and breaking: octal games)",
        )
    }
    /// `None` past the heaps [`Function::open`] lists.
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [code_arg @ Arg::Text(c), n] = a else {
            return None;
        };
        let (code, n) = ((self.code)(c).ok()?, naive::size_arg(n)?);
        let heap = |m: usize| call(self.name, vec![code_arg.clone(), int(m)]);
        (n <= MAX_LISTED).then(|| heap_moves(n, &code.moves(n), heap))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        checked(
            self,
            match a {
                [code @ Arg::Text(c), n] => match ((self.digits)(c), naive::size_arg(n)) {
                    (Err(why), _) => Some(Err(why)),
                    (Ok(d), Some(n)) => Some(naive::heap(self.name, code, &d, n, term)),
                    _ => None,
                },
                _ => None,
            },
        )
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
