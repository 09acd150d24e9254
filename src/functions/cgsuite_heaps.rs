//! CGSuite's remaining heap and strip rulesets as functions, each written as CGSuite writes it:
//! `take_away(r, n, k)` (its `game.heap.TakeAway(r)((n, k))`), `fibonacci_nim(n, k)` (its
//! `game.heap.FibonacciNim((n, k))`, which is `TakeAway(2)`), `maundy_cake(m, n)` (its
//! `game.heap.MaundyCake((m, n))`), `turning("1-3", "htth")` (its
//! `game.strip.Turning("1-3")("htth")`), `mem(n, k)` (its `game.heap.Mem((n, k))`; `mem(n)` is
//! memory 0) and `spawning("1-3", n)` (its `game.heap.Spawning("1-3")(n)`, the heap form of a
//! coin-turning game). Values come from `crate::rulesets`; each opening lists the positions one
//! move reaches, and `check_open` derives them again with the naive generators of
//! [`super::cgsuite_rulesets_check`] and [`super::more_rulesets_check`].

use super::rulesets::{call, checked, heaps_term, impartial, int, kernel_error, nim_value};
use super::rulesets::{opened_by, opening};
use super::rulesets::{size, sizes, too_many, MAX_LISTED};
use super::{args, Function, Opening};
use super::{cgsuite_rulesets_check as naive, more_rulesets_check};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::rulesets::spawning::Spawning as Code;
use crate::rulesets::{maundy_cake as maundy, mem, take_away, turning as coins};
use crate::term::{Arg, Term};
use num_bigint::BigInt;

/// A Take-Away position (n, k): a heap of n after a move of k; take at most r·k, the ratio r
/// the first argument (`take_away(r, n, k)`) or fixed at 2 (`fibonacci_nim(n, k)`).
pub struct TakeAway {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    /// Whether the ratio is 2 and not an argument.
    fibonacci: bool,
}

/// `take_away(r, n, k)`.
pub static TAKE_AWAY: TakeAway = TakeAway {
    name: "take_away",
    usage: "take_away(r, n, k)",
    summary: "Take-Away: a heap of n whose previous move took k; take from 1 to r·k (CGSuite's game.heap.TakeAway(r)((n, k)))",
    fibonacci: false,
};

/// `fibonacci_nim(n, k)`: Take-Away with r = 2.
pub static FIBONACCI_NIM: TakeAway = TakeAway {
    name: "fibonacci_nim",
    usage: "fibonacci_nim(n, k)",
    summary: "Fibonacci Nim: a heap of n whose previous move took k; take from 1 to 2k (CGSuite's game.heap.FibonacciNim((n, k)))",
    fibonacci: true,
};

impl TakeAway {
    /// The ratio, the heap and the memory.
    fn read(&self, a: &[Arg], kernel: &mut Kernel) -> Result<(Dyadic, usize, usize), KernelError> {
        let i = usize::from(!self.fibonacci);
        args::arity(self, a, i + 2)?;
        let r = match self.fibonacci {
            true => Dyadic::from(2),
            false => args::number(self, a, 0, kernel)?,
        };
        Ok((r, size(self, a, i, kernel)?, size(self, a, i + 1, kernel)?))
    }
}

impl Function for TakeAway {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (r, n, k) = self.read(a, kernel)?;
        nim_value(self.name, kernel, |budget| {
            take_away::value(&r, n, k, budget)
        })
    }
    /// (n − a, a) for 1 ≤ a ≤ min(n, r·k).
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (r, n, k) = self.read(a, kernel)?;
        if n > MAX_LISTED {
            return Err(too_many(self.name, format!("a heap of {n}")));
        }
        let ratio = (!self.fibonacci).then(|| Arg::Game(Term::number(r.clone())));
        let opts = take_away::moves(&r, n, k).into_iter().map(|(m, j)| {
            call(
                self.name,
                ratio.iter().cloned().chain([int(m), int(j)]).collect(),
            )
        });
        impartial(
            opts.collect(),
            self.name,
            format!("A heap of {n} after a move of {k} is the impartial game of (n − a, a) for each a from 1 to n with a ≤ {r}·{k}"),
            "CGSuite game.heap.TakeAway (GenMem with a ≤ r·k); Fibonacci Nim is TakeAway(2)",
        )
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let verdict = match (self.fibonacci, a) {
            (true, _) => sizes(a).map(|[n, k]| (None, n, k)),
            (false, [Arg::Game(r), rest @ ..]) => r
                .as_number()
                .zip(sizes(rest))
                .map(|(r, [n, k])| (Some(r), n, k)),
            _ => None,
        };
        let verdict = verdict.map(|(r, n, k)| naive::take_away(self.name, r, n, k, term));
        checked(self, verdict)
    }
}

/// Most cakes an option of Maundy Cake writes as a sum; more are written `d * cake`.
const MAX_SUMMED: u64 = 64;

/// `d` cakes: the sum `cake + cake + …` while `d` ≤ [`MAX_SUMMED`], so a proof opens each
/// cake by its definition (the composer opens a call in a sum; a multiple of a call would be
/// handed whole to a saturation run, which has no node for a call), else `d * cake`.
fn copies(d: u64, cake: Term) -> Term {
    if d > MAX_SUMMED {
        return Term::Multiple {
            count: BigInt::from(d),
            game: Box::new(cake),
        };
    }
    let mut sum = cake.clone();
    for _ in 1..d {
        sum = Term::sum(sum, cake.clone());
    }
    sum
}

/// `maundy_cake(m, n)`.
pub struct MaundyCake;

impl MaundyCake {
    fn sides(&self, a: &[Arg], kernel: &mut Kernel) -> Result<(u64, u64), KernelError> {
        args::arity(self, a, 2)?;
        Ok((
            size(self, a, 0, kernel)? as u64,
            size(self, a, 1, kernel)? as u64,
        ))
    }
}

impl Function for MaundyCake {
    described!("maundy_cake", "maundy_cake(m, n)",
        "Maundy Cake at CGSuite's coordinates (m, n): Left divides n, Right divides m, into d ≥ 2 equal parts (CGSuite's game.heap.MaundyCake((m, n)))");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (m, n) = self.sides(a, kernel)?;
        maundy::value(m, n, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (m, n) = self.sides(a, kernel)?;
        if m > maundy::MAX_SIDE || n > maundy::MAX_SIDE {
            return Err(KernelError::TooLarge {
                what: format!("maundy_cake: coordinates of at most {}", maundy::MAX_SIDE),
            });
        }
        let cake = |(d, (x, y)): &(u64, (u64, u64))| {
            copies(
                *d,
                call("maundy_cake", vec![int(*x as usize), int(*y as usize)]),
            )
        };
        Ok(opening(
            opened_by(|left| maundy::moves(m, n, left), cake),
            "maundy_cake",
            format!("The Maundy Cake ({m}, {n}) is the game of its divisions: Left divides {n} into d ≥ 2 equal parts, leaving d cakes (m, n/d); Right divides {m}, leaving d cakes (m/d, n)"),
            "Winning Ways (Maundy Cake); CGSuite game.heap.MaundyCake",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let verdict = |[m, n]: [usize; 2]| naive::maundy_cake(m as u64, n as u64, term);
        checked(self, sizes(a).map(verdict))
    }
}

/// `turning("1-3", "htth")`.
pub struct Turning;

impl Turning {
    fn read(&self, a: &[Arg]) -> Result<(Code, coins::Strip), KernelError> {
        args::arity(self, a, 2)?;
        let code =
            Code::parse(args::text(self, a, 0)?).map_err(|e| kernel_error(self.name(), e))?;
        let strip =
            coins::parse(args::text(self, a, 1)?).map_err(|e| kernel_error(self.name(), e))?;
        Ok((code, strip))
    }
}

impl Function for Turning {
    described!("turning", "turning(\"1-3\", \"htth\")",
        "a coin-turning game on a strip of heads h and tails t, by its turning code (1-3 Mock Turtles, 1+C Ruler, 3E Turnips): turn coins the code allows, the rightmost from heads to tails (CGSuite's game.strip.Turning)");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (code, strip) = self.read(a)?;
        nim_value(self.name(), kernel, |budget| {
            coins::value(&code, &strip, budget)
        })
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (code, strip) = self.read(a)?;
        let moves =
            coins::moves(&code, &strip, MAX_LISTED).map_err(|e| kernel_error(self.name(), e))?;
        let option =
            |s: &Vec<bool>| call("turning", vec![a[0].clone(), Arg::Text(coins::print(s))]);
        impartial(
            moves.iter().map(option).collect(),
            "turning",
            format!(
                "The coin strip {} is the impartial game of its moves: turn a set of coins the code allows, the rightmost from heads to tails",
                coins::print(&strip)
            ),
            "Winning Ways (coin-turning games); CGSuite game.strip.Turning",
        )
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        checked(
            self,
            match a {
                [code @ Arg::Text(c), Arg::Text(s)] => Some(naive::turning(code, c, s, term)),
                _ => None,
            },
        )
    }
}

/// `mem(n, k)`: Mem, a heap of n whose previous move took k.
pub struct Mem;

impl Mem {
    fn position(&self, a: &[Arg], kernel: &mut Kernel) -> Result<(usize, usize), KernelError> {
        match a.len() {
            1 => Ok((size(self, a, 0, kernel)?, 0)),
            _ => {
                args::arity(self, a, 2)?;
                Ok((size(self, a, 0, kernel)?, size(self, a, 1, kernel)?))
            }
        }
    }
}

impl Function for Mem {
    described!("mem", "mem(n, k)",
        "Mem: a heap of n; take at least k, the number the previous move took (mem(n) is k = 0); CGSuite's game.heap.Mem((n, k))");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let (n, k) = self.position(a, kernel)?;
        nim_value(self.name(), kernel, |budget| mem::value(n, k, budget))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (n, k) = self.position(a, kernel)?;
        if n > MAX_LISTED {
            return Err(too_many("mem", format!("a heap of {n}")));
        }
        let opts: Vec<Term> = mem::moves(n, k)
            .into_iter()
            .map(|(m, j)| call("mem", vec![int(m), int(j)]))
            .collect();
        impartial(
            opts,
            "mem",
            format!("Mem with a heap of {n} after a move of {k} is the impartial game of (n − a, a) for each a from max(k, 1) to n"),
            "CGSuite game.heap.Mem (GenMem with a ≥ k)",
        )
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let sizes: Option<Vec<usize>> = a.iter().map(more_rulesets_check::size_arg).collect();
        checked(
            self,
            match sizes.as_deref() {
                Some([n]) => Some(more_rulesets_check::mem(*n, 0, term)),
                Some([n, k]) => Some(more_rulesets_check::mem(*n, *k, term)),
                _ => None,
            },
        )
    }
}

/// `spawning("1-3", n)`.
pub struct Spawning;

impl Function for Spawning {
    described!("spawning", "spawning(\"1-3\", n)",
        "a heap of n in the spawning game of a turning code (1-3 Mock Turtles, 1+C Ruler, 3E Turnips, 4FS Grunt): the heap form of a coin-turning game");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let code =
            Code::parse(args::text(self, a, 0)?).map_err(|e| kernel_error(self.name(), e))?;
        let n = size(self, a, 1, kernel)?;
        nim_value(self.name(), kernel, |budget| Ok(code.values(n, budget)?[n]))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let text = args::text(self, a, 0)?;
        let code = Code::parse(text).map_err(|e| kernel_error(self.name(), e))?;
        let n = size(self, a, 1, kernel)?;
        let moves = code
            .moves(n, MAX_LISTED)
            .map_err(|e| kernel_error(self.name(), e))?;
        let heap = |h| call("spawning", vec![a[0].clone(), int(h)]);
        impartial(
            moves.iter().map(|m| heaps_term(m, heap)).collect(),
            "spawning",
            format!("A heap of {n} in the spawning game {text} is the impartial game of the heaps a₁ … a_(k−1) left by turning coins a₁ < … < a_k = {n} as the code allows"),
            "Winning Ways (coin-turning games); CGSuite game.heap.Spawning",
        )
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        checked(
            self,
            match a {
                [code @ Arg::Text(c), n] => more_rulesets_check::size_arg(n)
                    .map(|n| more_rulesets_check::spawning(code, c, n, term)),
                _ => None,
            },
        )
    }
}
