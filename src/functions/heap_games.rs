//! Heap games beyond octal codes, as functions: `take_and_break("4!.0", n)` in CGSuite's whole
//! code language, `grundy(n)` (Grundy's game, `4!.0`) and `wythoff(a, b)` (Wythoff's game on
//! two heaps), and `grundys_game(n)`, CGSuite's name for `grundy(n)`. Each value is a nimber
//! from the ruleset (`crate::rulesets`); each opening lists the positions one move reaches, and
//! `check_open` re-derives them with the naive generators of [`super::heap_games_check`].

use super::heap_games_check as naive;
use super::rulesets::{call, checked, heap_moves, heaps_term, impartial, int, integer};
use super::rulesets::{kernel_error, nim_value, opening, size, sizes, too_many, MAX_LISTED};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::take_and_break::{TakeAndBreak as Code, TbSequence};
use crate::rulesets::wythoff;
use crate::term::{Arg, Term};
use num_bigint::BigInt;

fn code_of(f: &dyn Function, text: &str) -> Result<Code, KernelError> {
    Code::parse(text).map_err(|e| kernel_error(f.name(), e))
}

fn heap_value(
    f: &dyn Function,
    code: Code,
    n: &BigInt,
    kernel: &mut Kernel,
) -> Result<GameId, KernelError> {
    nim_value(f.name(), kernel, |budget| {
        TbSequence::new(code).value(n, budget).map(|g| g as u64)
    })
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
    if f.name() == "grundy" {
        impartial(
            opts,
            "grundy",
            format!("A heap of {n} in Grundy's game is the impartial game of the two unequal heaps each split leaves"),
            "Winning Ways (Grundy's game); Grundy, Mathematics and games (1939)",
        )
    } else {
        impartial(
            opts,
            "take-and-break",
            format!(
                "A heap of {n} is the impartial game of the heaps its moves leave (code {})",
                code.text()
            ),
            "Winning Ways (take-and-break games); CGSuite (take-and-break codes: research/cgsuite.md §3)",
        )
    }
}

/// The most tokens in a heap whose moves are described in words (a reader's heap: the page
/// lists at most 40 moves anyway, and a code that splits into many heaps has many).
const MAX_DESCRIBED: usize = 200;

/// The moves of a heap of `n` in words, each with the option [`heap_open`] writes for it;
/// `None` past [`MAX_DESCRIBED`] tokens or when the moves take more than a second to list.
fn described(code: &Code, n: usize, heap: impl Fn(usize) -> Term) -> Option<Vec<super::Move>> {
    if n > MAX_DESCRIBED {
        return None;
    }
    let budget = crate::kernel::Budget {
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(1)),
        ..Default::default()
    };
    Some(heap_moves(n, &code.moves(n, &budget).ok()?, heap))
}

/// A heap of a take-and-break game: `take_and_break("4!.0", n)`, its code the first argument,
/// or `grundy(n)`, its code fixed.
pub struct TakeAndBreak {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    /// The code, when the function fixes it.
    fixed: Option<&'static str>,
}

/// `take_and_break("4!.0", n)`.
pub static TAKE_AND_BREAK: TakeAndBreak = TakeAndBreak {
    name: "take_and_break",
    usage: "take_and_break(\"4!.0\", n)",
    summary: "a heap of n in the take-and-break game with this code, as CGSuite writes codes (0.77 Kayles, 4!.0 Grundy's game, 0.3F, 0.[3] Nim)",
    fixed: None,
};

/// `grundy(n)`: Grundy's game.
pub static GRUNDY: TakeAndBreak = TakeAndBreak {
    name: "grundy",
    usage: "grundy(n)",
    summary: "a heap of n in Grundy's game (split a heap into two unequal heaps; CGSuite's GrundysGame, code 4!.0)",
    fixed: Some("4!.0"),
};

impl TakeAndBreak {
    /// The code and the index of the heap's argument, the last.
    fn read(&self, a: &[Arg]) -> Result<(Code, usize), KernelError> {
        let i = usize::from(self.fixed.is_none());
        args::arity(self, a, i + 1)?;
        let text = match self.fixed {
            Some(code) => code,
            None => args::text(self, a, 0)?,
        };
        Ok((code_of(self, text)?, i))
    }
    /// A heap of m, its code written as in the call `a`.
    fn heap(&self, a: &[Arg], m: usize) -> Term {
        let code = a.iter().take(usize::from(self.fixed.is_none())).cloned();
        call(self.name, code.chain([int(m)]).collect())
    }
    /// The code's argument (none when fixed), the code and the heap's argument.
    fn written<'a>(&self, a: &'a [Arg]) -> Option<(Option<&'a Arg>, &'a str, &'a Arg)> {
        match (self.fixed, a) {
            (Some(code), [n]) => Some((None, code, n)),
            (None, [c @ Arg::Text(code), n]) => Some((Some(c), code, n)),
            _ => None,
        }
    }
}

impl Function for TakeAndBreak {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (code, i) = self.read(a)?;
        let n = integer(self, a, i, kernel)?;
        heap_value(self, code, &n, kernel)
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (code, i) = self.read(a)?;
        let n = size(self, a, i, kernel)?;
        heap_open(self, &code, n, |m| self.heap(a, m), kernel)
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let (_, code, n) = self.written(a)?;
        let code = Code::parse(code).ok()?;
        described(&code, naive::size_arg(n)?, |m| self.heap(a, m))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let verdict = self.written(a).and_then(|(code_arg, code, n)| {
            let n = naive::size_arg(n)?;
            Some(naive::take_and_break(self.name, code_arg, code, n, term))
        });
        checked(self, verdict)
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
        nim_value(self.name(), kernel, |budget| wythoff::value(x, y, budget))
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
        impartial(
            opts,
            "wythoff",
            format!("Wythoff's game on heaps of {x} and {y} is the impartial game of the positions left by taking from one heap or the same number from both"),
            "Wythoff, A modification of the game of Nim (1907)",
        )
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<super::Move>> {
        let [x, y] = a else { return None };
        let (x, y) = (naive::size_arg(x)?, naive::size_arg(y)?);
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
        checked(self, sizes(a).map(|[x, y]| naive::wythoff(x, y, term)))
    }
}

/// A function under CGSuite's name where onag chose another (`grundys_game` for `grundy`):
/// the same function, listed under both names, its calls opened to the target's calls.
pub struct Alias {
    /// CGSuite's name, in snake case.
    pub name: &'static str,
    /// onag's function.
    pub target: &'static str,
    /// How to call it.
    pub usage: &'static str,
    /// What it is.
    pub summary: &'static str,
}

/// `grundys_game(n)`, CGSuite's `GrundysGame(n)`: onag's `grundy(n)`.
pub static GRUNDYS_GAME: Alias = Alias {
    name: "grundys_game",
    target: "grundy",
    usage: "grundys_game(n)",
    summary: "CGSuite's name (game.heap.GrundysGame) for grundy(n): a heap of n in Grundy's game, split a heap into two unequal heaps",
};

impl Alias {
    fn target(&self) -> Result<&'static dyn Function, KernelError> {
        super::lookup(self.target).ok_or_else(|| {
            args::error(
                self.name,
                format!("its function {} is missing", self.target),
            )
        })
    }
}

impl Function for Alias {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        self.target()?.value(a, kernel)
    }
    /// The call under onag's name: one step, so the target's own opening (and its check)
    /// follows as the next.
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        Ok(opening(
            call(self.target, a.to_vec()),
            self.name,
            format!("{} is CGSuite's name for {}", self.name, self.target),
            "CGSuite's ruleset library (game.heap.GrundysGame)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match term {
            Term::Call { name, args } if name == self.target && args.as_slice() == a => Ok(()),
            _ => Err(format!(
                "{}(…) opens to {}(…) with the same arguments",
                self.name, self.target
            )),
        })
    }
    fn congruent(&self) -> bool {
        self.target().map_or(true, |f| f.congruent())
    }
}
