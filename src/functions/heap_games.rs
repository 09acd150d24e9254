//! Heap games beyond octal codes, as functions: `take_and_break("4!.0", n)` in CGSuite's whole
//! code language, `grundy(n)` (Grundy's game, `4!.0`) and `wythoff(a, b)` (Wythoff's game on
//! two heaps). Each value is a nimber from the ruleset (`crate::rulesets`); each opening lists
//! the positions one move reaches, and `check_open` re-derives them with the naive generators
//! of [`super::heap_games_check`].

use super::heap_games_check as naive;
use super::rulesets::{call, expected, game_of, int, integer, kernel_error, nimber, opening, size};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::take_and_break::{TakeAndBreak as Code, TbSequence};
use crate::rulesets::wythoff;
use crate::term::{Arg, Term};
use num_bigint::BigInt;

/// Most options an opening lists.
const MAX_LISTED: usize = 10_000;

fn too_many(name: &str, what: String) -> KernelError {
    KernelError::TooLarge {
        what: format!("{name}: the options of {what} (at most {MAX_LISTED} are listed)"),
    }
}

/// The sum of heap calls a move leaves (0 when it leaves none).
fn heaps_term(heaps: &[usize], heap: impl Fn(usize) -> Term) -> Term {
    let mut it = heaps.iter();
    match it.next() {
        None => Term::zero(),
        Some(&h) => it.fold(heap(h), |acc, &x| Term::sum(acc, heap(x))),
    }
}

fn code_of(f: &dyn Function, text: &str) -> Result<Code, KernelError> {
    Code::parse(text).map_err(|e| kernel_error(f.name(), e))
}

fn heap_value(
    f: &dyn Function,
    code: Code,
    n: &BigInt,
    kernel: &mut Kernel,
) -> Result<GameId, KernelError> {
    let budget = kernel.budget().clone();
    let g = TbSequence::new(code)
        .value(n, &budget)
        .map_err(|e| kernel_error(f.name(), e))?;
    Ok(nimber(kernel, g as u64))
}

fn heap_open(
    f: &dyn Function,
    code: &Code,
    n: usize,
    heap: impl Fn(usize) -> Term,
    kernel: &mut Kernel,
) -> Result<Option<Opening>, KernelError> {
    let budget = kernel.budget().clone();
    if n > MAX_LISTED {
        return Err(too_many(f.name(), format!("a heap of {n}")));
    }
    let moves = code
        .moves(n, &budget)
        .map_err(|e| kernel_error(f.name(), e))?;
    if moves.len() > MAX_LISTED {
        return Err(too_many(f.name(), format!("a heap of {n}")));
    }
    let opts: Vec<Term> = moves.iter().map(|m| heaps_term(m, &heap)).collect();
    let (rule, says, cite) = if f.name() == "grundy" {
        (
            "grundy",
            format!("A heap of {n} in Grundy's game is the impartial game of the two unequal heaps each split leaves"),
            "Winning Ways (Grundy's game); Grundy, Mathematics and games (1939)",
        )
    } else {
        (
            "take-and-break",
            format!(
                "A heap of {n} is the impartial game of the heaps its moves leave (code {})",
                code.text()
            ),
            "Winning Ways (take-and-break games); CGSuite (take-and-break codes: research/cgsuite.md §3)",
        )
    };
    Ok(opening(game_of(opts.clone(), opts), rule, says, cite))
}

/// The most tokens in a heap whose moves are described in words (a reader's heap: the page
/// lists at most 40 moves anyway, and a code that splits into many heaps has many).
const MAX_DESCRIBED: usize = 200;

/// The moves of a heap of `n` in words ("take 1 from the heap of 5, leaving 1 and 3", "split
/// the heap of 5 into 1 and 4"), each with the option [`heap_open`] writes for it; `None` past
/// [`MAX_DESCRIBED`] tokens or when the moves take more than a second to list.
fn heap_moves(code: &Code, n: usize, heap: impl Fn(usize) -> Term) -> Option<Vec<super::Move>> {
    if n > MAX_DESCRIBED {
        return None;
    }
    let budget = crate::kernel::Budget {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(1)),
        ..Default::default()
    };
    let moves = code.moves(n, &budget).ok()?;
    let list = |hs: &[usize]| -> String {
        let words: Vec<String> = hs.iter().map(|h| h.to_string()).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => words.join(""),
        }
    };
    Some(
        moves
            .iter()
            .map(|hs| {
                let k = n - hs.iter().sum::<usize>();
                let words = match (hs.len(), k) {
                    (0, _) => format!("take all {n} from the heap of {n}"),
                    (1, _) => format!("take {k} from the heap of {n}, leaving {}", hs[0]),
                    (_, 0) => format!("split the heap of {n} into {}", list(hs)),
                    _ => format!("take {k} from the heap of {n}, leaving {}", list(hs)),
                };
                super::Move::in_words("either", words, heaps_term(hs, &heap))
            })
            .collect(),
    )
}

/// A heap's size written as a whole number (a move description's argument), else `None`.
fn written_size(a: &Arg) -> Option<usize> {
    match a {
        Arg::Game(t) => t.as_number()?.to_integer()?.try_into().ok(),
        Arg::Text(_) => None,
    }
}

/// `take_and_break("0.77", n)`.
pub struct TakeAndBreak;

impl Function for TakeAndBreak {
    described!("take_and_break", "take_and_break(\"4!.0\", n)",
        "a heap of n in the take-and-break game with this code, as CGSuite writes codes (0.77 Kayles, 4!.0 Grundy's game, 0.3F, 0.[3] Nim)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let code = code_of(self, args::text(self, a, 0)?)?;
        let n = integer(self, a, 1, kernel)?;
        heap_value(self, code, &n, kernel)
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let code = code_of(self, args::text(self, a, 0)?)?;
        let n = size(self, a, 1, kernel)?;
        let code_arg = a[0].clone();
        heap_open(
            self,
            &code,
            n,
            |m| call("take_and_break", vec![code_arg.clone(), int(m)]),
            kernel,
        )
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [code_arg @ Arg::Text(c), n] = a else {
            return None;
        };
        let code = Code::parse(c).ok()?;
        heap_moves(&code, written_size(n)?, |m| {
            call("take_and_break", vec![code_arg.clone(), int(m)])
        })
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [code @ Arg::Text(c), n] => match naive::size_arg(n) {
                Some(n) => naive::take_and_break("take_and_break", Some(code), c, n, term),
                None => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
    }
}

/// Grundy's game's code.
const GRUNDY: &str = "4!.0";

/// `grundy(n)`: Grundy's game.
pub struct Grundy;

impl Function for Grundy {
    described!("grundy", "grundy(n)",
        "a heap of n in Grundy's game (split a heap into two unequal heaps; CGSuite's GrundysGame, code 4!.0)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 1)?;
        let n = integer(self, a, 0, kernel)?;
        heap_value(self, code_of(self, GRUNDY)?, &n, kernel)
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 1)?;
        let n = size(self, a, 0, kernel)?;
        heap_open(
            self,
            &code_of(self, GRUNDY)?,
            n,
            |m| call("grundy", vec![int(m)]),
            kernel,
        )
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [n] = a else { return None };
        let code = Code::parse(GRUNDY).ok()?;
        heap_moves(&code, written_size(n)?, |m| call("grundy", vec![int(m)]))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [n] => match naive::size_arg(n) {
                Some(n) => naive::take_and_break("grundy", None, GRUNDY, n, term),
                None => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
    }
}

/// `wythoff(a, b)`: Wythoff's game.
pub struct Wythoff;

impl Function for Wythoff {
    described!("wythoff", "wythoff(a, b)",
        "Wythoff's game on heaps of a and b: take any number from one heap, or the same number from both");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let (x, y) = (size(self, a, 0, kernel)?, size(self, a, 1, kernel)?);
        let budget = kernel.budget().clone();
        let g = wythoff::value(x, y, &budget).map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let (x, y) = (size(self, a, 0, kernel)?, size(self, a, 1, kernel)?);
        if x.saturating_add(y).saturating_add(x.min(y)) > MAX_LISTED {
            return Err(too_many(self.name(), format!("Wythoff ({x}, {y})")));
        }
        let opts: Vec<Term> = wythoff::moves(x, y)
            .into_iter()
            .map(|(p, q)| call("wythoff", vec![int(p), int(q)]))
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "wythoff",
            format!("Wythoff's game on heaps of {x} and {y} is the impartial game of the positions left by taking from one heap or the same number from both"),
            "Wythoff, A modification of the game of Nim (1907)",
        ))
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [x, y] = a else { return None };
        let (x, y) = (written_size(x)?, written_size(y)?);
        if x.saturating_add(y) > MAX_DESCRIBED {
            return None;
        }
        Some(
            wythoff::moves(x, y)
                .into_iter()
                .map(|(p, q)| {
                    // Winning Ways' heaps, and CGSuite's queen on a quarter-infinite board
                    // moving toward the corner (0, 0): the same move said both ways.
                    let what = match (x - p, y - q) {
                        (k, 0) => format!("take {k} from the first heap"),
                        (0, k) => format!("take {k} from the second heap"),
                        (k, _) => format!("take {k} from both heaps"),
                    };
                    let words = format!(
                        "{what}, leaving heaps of {p} and {q} (the queen from ({x}, {y}) to ({p}, {q}))"
                    );
                    super::Move::in_words("either", words, call("wythoff", vec![int(p), int(q)]))
                })
                .collect(),
        )
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [x, y] => match (naive::size_arg(x), naive::size_arg(y)) {
                (Some(x), Some(y)) => naive::wythoff(x, y, term),
                _ => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
    }
}
