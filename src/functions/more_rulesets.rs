//! Three more of CGSuite's rulesets as functions, each written as CGSuite writes it:
//! `toppling_dominoes("lrrlrrl")` (its `game.strip.TopplingDominoes`), `mem(n, k)` (its
//! `game.heap.Mem((n, k))`; `mem(n)` is memory 0) and `spawning("1-3", n)` (its
//! `game.heap.Spawning("1-3")(n)`, the heap form of a coin-turning game). Values come from
//! `crate::rulesets`; each opening lists the positions one move reaches, and `check_open`
//! derives them again with the naive generators of [`super::more_rulesets_check`].

use super::more_rulesets_check as naive;
use super::rulesets::{
    call, expected, game_of, int, kernel_error, nimber, opened_by, opening, read_text, size,
    text_check,
};
use super::{args, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::{mem, spawning::Spawning as Code, toppling_dominoes as td};
use crate::term::{Arg, Term};

/// Most options an opening of `mem` or `spawning` lists.
pub const MAX_LISTED: usize = 10_000;

/// `toppling_dominoes("lre.")`.
pub struct TopplingDominoes;

impl Function for TopplingDominoes {
    described!("toppling_dominoes", "toppling_dominoes(\"lrrlrrl\")",
        "a Toppling Dominoes strip (l Left's, r Right's, e grey, . empty): topple one of yours left or right, knocking down that whole side");
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let s = read_text(self, a, td::parse)?;
        td::value(&s, kernel).map_err(|e| kernel_error(self.name(), e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let s = read_text(self, a, td::parse)?;
        Ok(opening(
            opened_by(|left| td::moves(&s, left), |q| call("toppling_dominoes", vec![Arg::Text(td::print(q))])),
            "toppling-dominoes",
            format!(
                "The Toppling Dominoes strip {} is the game of its moves: a player topples one of its own or a grey domino left or right, knocking down every square on that side",
                td::print(&s)
            ),
            "Fink, Nowakowski, Siegel, Wolfe, Toppling Conjectures (2015); CGSuite game.strip.TopplingDominoes",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| naive::toppling_dominoes(t, term))
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
        let budget = kernel.budget().clone();
        let g = mem::value(n, k, &budget).map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let (n, k) = self.position(a, kernel)?;
        if n > MAX_LISTED {
            return Err(KernelError::TooLarge {
                what: format!(
                    "mem: the options of a heap of {n} (at most {MAX_LISTED} are listed)"
                ),
            });
        }
        let opts: Vec<Term> = mem::moves(n, k)
            .into_iter()
            .map(|(m, j)| call("mem", vec![int(m), int(j)]))
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "mem",
            format!("Mem with a heap of {n} after a move of {k} is the impartial game of (n − a, a) for each a from max(k, 1) to n"),
            "CGSuite game.heap.Mem (GenMem with a ≥ k)",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        let sizes: Option<Vec<usize>> = a.iter().map(naive::size_arg).collect();
        Some(match sizes.as_deref() {
            Some([n]) => naive::mem(*n, 0, term),
            Some([n, k]) => naive::mem(*n, *k, term),
            _ => Err(expected(self)),
        })
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
        let budget = kernel.budget().clone();
        let g = code
            .values(n, &budget)
            .map_err(|e| kernel_error(self.name(), e))?;
        Ok(nimber(kernel, g[n]))
    }
    fn open(&self, a: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        args::arity(self, a, 2)?;
        let text = args::text(self, a, 0)?;
        let code = Code::parse(text).map_err(|e| kernel_error(self.name(), e))?;
        let n = size(self, a, 1, kernel)?;
        let moves = code
            .moves(n, MAX_LISTED)
            .map_err(|e| kernel_error(self.name(), e))?;
        let code_arg = a[0].clone();
        let opts: Vec<Term> = moves
            .iter()
            .map(|m| {
                m.iter()
                    .map(|&h| call("spawning", vec![code_arg.clone(), int(h)]))
                    .reduce(Term::sum)
                    .unwrap_or_else(Term::zero)
            })
            .collect();
        Ok(opening(
            game_of(opts.clone(), opts),
            "spawning",
            format!("A heap of {n} in the spawning game {text} is the impartial game of the heaps a₁ … a_(k−1) left by turning coins a₁ < … < a_k = {n} as the code allows"),
            "Winning Ways (coin-turning games); CGSuite game.heap.Spawning",
        ))
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        Some(match a {
            [code @ Arg::Text(c), n] => match naive::size_arg(n) {
                Some(n) => naive::spawning(code, c, n, term),
                None => Err(expected(self)),
            },
            _ => Err(expected(self)),
        })
    }
}
