//! CGSuite's remaining heap and strip rulesets as functions, each written as CGSuite writes it:
//! `take_away(r, n, k)` (its `game.heap.TakeAway(r)((n, k))`), `fibonacci_nim(n, k)` (its
//! `game.heap.FibonacciNim((n, k))`, which is `TakeAway(2)`), `maundy_cake(m, n)` (its
//! `game.heap.MaundyCake((m, n))`) and `turning("1-3", "htth")` (its
//! `game.strip.Turning("1-3")("htth")`). Values come from `crate::rulesets`; each opening
//! lists the positions one move reaches, and `check_open` derives them again with the naive
//! generators of [`super::cgsuite_rulesets_check`].

use super::cgsuite_rulesets_check as naive;
use super::more_rulesets::MAX_LISTED;
use super::rulesets::{call, expected, game_of, int, kernel_error, nimber, opening, size};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::rulesets::spawning::Spawning as Code;
use crate::rulesets::{maundy_cake as maundy, take_away, turning as coins};
use crate::term::{Arg, Term};
use num_bigint::BigInt;

/// The heap and memory arguments, at `from` and the next.
fn heap_memory(
    f: &dyn Function,
    a: &[Arg],
    from: usize,
    kernel: &mut Kernel,
) -> Result<(usize, usize), KernelError> {
    Ok((size(f, a, from, kernel)?, size(f, a, from + 1, kernel)?))
}

/// The opening of a Take-Away position (n, k) with ratio r: (n − a, a) for 1 ≤ a ≤ min(n, r·k),
/// each written by `pos`.
fn take_away_open(
    r: &Dyadic,
    n: usize,
    k: usize,
    rule: &'static str,
    pos: &dyn Fn(usize, usize) -> Term,
) -> Result<Option<Opening>, KernelError> {
    if n > MAX_LISTED {
        return Err(KernelError::TooLarge {
            what: format!("{rule}: the options of a heap of {n} (at most {MAX_LISTED} are listed)"),
        });
    }
    let opts: Vec<Term> = take_away::moves(r, n, k)
        .into_iter()
        .map(|(m, j)| pos(m, j))
        .collect();
    Ok(opening(
        game_of(opts.clone(), opts),
        rule,
        format!("A heap of {n} after a move of {k} is the impartial game of (n − a, a) for each a from 1 to n with a ≤ {r}·{k}"),
        "CGSuite game.heap.TakeAway (GenMem with a ≤ r·k); Fibonacci Nim is TakeAway(2)",
    ))
}

/// `take_away(r, n, k)`: a heap of n after a move of k; take at most r·k.
pub struct TakeAway;

impl Function for TakeAway {
    described!("take_away", "take_away(r, n, k)",
        "Take-Away: a heap of n whose previous move took k; take from 1 to r·k (CGSuite's game.heap.TakeAway(r)((n, k)))");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 3)?;
        let r = args::number(self, a, 0, kernel)?;
        let (n, k) = heap_memory(self, a, 1, kernel)?;
        let budget = kernel.budget().clone();
        let g = take_away::value(&r, n, k, &budget).map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 3)?;
        let r = args::number(self, a, 0, kernel)?;
        let (n, k) = heap_memory(self, a, 1, kernel)?;
        let ratio = Term::number(r.clone());
        take_away_open(&r, n, k, "take_away", &|m, j| {
            call("take_away", vec![Arg::Game(ratio.clone()), int(m), int(j)])
        })
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [Arg::Game(r), n, k] => match (r.as_number(), naive::size_arg(n), naive::size_arg(k)) {
                (Some(r), Some(n), Some(k)) => naive::take_away("take_away", Some(r), n, k, term),
                _ => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
    }
}

/// `fibonacci_nim(n, k)`: Take-Away with r = 2.
pub struct FibonacciNim;

impl Function for FibonacciNim {
    described!("fibonacci_nim", "fibonacci_nim(n, k)",
        "Fibonacci Nim: a heap of n whose previous move took k; take from 1 to 2k (CGSuite's game.heap.FibonacciNim((n, k)))");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 2)?;
        let (n, k) = heap_memory(self, a, 0, kernel)?;
        let budget = kernel.budget().clone();
        let g = take_away::value(&Dyadic::from(2), n, k, &budget)
            .map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let (n, k) = heap_memory(self, a, 0, kernel)?;
        take_away_open(&Dyadic::from(2), n, k, "fibonacci_nim", &|m, j| {
            call("fibonacci_nim", vec![int(m), int(j)])
        })
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [n, k] => match (naive::size_arg(n), naive::size_arg(k)) {
                (Some(n), Some(k)) => naive::take_away("fibonacci_nim", None, n, k, term),
                _ => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
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
        let side = |left: bool| -> Vec<Term> {
            maundy::moves(m, n, left)
                .into_iter()
                .map(|(d, (x, y))| {
                    let cake = call(
                        "maundy_cake",
                        vec![
                            Arg::Game(Term::integer(x as i64)),
                            Arg::Game(Term::integer(y as i64)),
                        ],
                    );
                    copies(d, cake)
                })
                .collect()
        };
        Ok(opening(
            game_of(side(true), side(false)),
            "maundy_cake",
            format!("The Maundy Cake ({m}, {n}) is the game of its divisions: Left divides {n} into d ≥ 2 equal parts, leaving d cakes (m, n/d); Right divides {m}, leaving d cakes (m/d, n)"),
            "Winning Ways (Maundy Cake); CGSuite game.heap.MaundyCake",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [m, n] => match (naive::size_arg(m), naive::size_arg(n)) {
                (Some(m), Some(n)) => naive::maundy_cake(m as u64, n as u64, term),
                _ => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
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
        let budget = kernel.budget().clone();
        let g = coins::value(&code, &strip, &budget).map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (code, strip) = self.read(a)?;
        let moves =
            coins::moves(&code, &strip, MAX_LISTED).map_err(|e| kernel_error(self.name(), e))?;
        let code_arg = a[0].clone();
        let opts: Vec<Term> = moves
            .iter()
            .map(|s| {
                call(
                    "turning",
                    vec![code_arg.clone(), Arg::Text(coins::print(s))],
                )
            })
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "turning",
            format!(
                "The coin strip {} is the impartial game of its moves: turn a set of coins the code allows, the rightmost from heads to tails",
                coins::print(&strip)
            ),
            "Winning Ways (coin-turning games); CGSuite game.strip.Turning",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [code @ Arg::Text(c), Arg::Text(s)] => naive::turning(code, c, s, term),
            _ => Err(expected(self)),
        })
    }
}
