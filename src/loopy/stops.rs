//! The stops of a stopper (Siegel, *Combinatorial Game Theory* VI.3; CGSuite's
//! `CanonicalStopper.Stop`, `LeftStop`, `RightStop`): where play settles when both players
//! move alternately, Left starting (the left stop) or Right starting (the right stop).
//!
//! A stop of a loopy game is a **pseudonumber**: a number x, `x over` = `{x|pass}`,
//! `x under` = `{pass|x}`, `on` or `off`; a pseudonumber is its own stops. Otherwise the left
//! stop is the largest right stop of a Left option and the right stop the smallest left stop of
//! a Right option. The recursion alternates Left and Right, and in a stopper alternating play
//! never goes on forever, so it ends (a cycle found on the way means the game is no stopper,
//! and the answer is an error, never a guess). The pseudonumbers are totally ordered:
//! off < x under < x < x over < y under for x < y, and everything < on.

use super::{Loopy, Player, Work};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use std::cmp::Ordering;

/// A pseudonumber: the value of a stop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pseudo {
    /// `off`.
    Off,
    /// A number, `x under` (−1), x (0), `x over` (+1).
    Num(Dyadic, i8),
    /// `on`.
    On,
}

impl Ord for Pseudo {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Pseudo::Off, Pseudo::Off) | (Pseudo::On, Pseudo::On) => Ordering::Equal,
            (Pseudo::Off, _) | (_, Pseudo::On) => Ordering::Less,
            (_, Pseudo::Off) | (Pseudo::On, _) => Ordering::Greater,
            (Pseudo::Num(x, a), Pseudo::Num(y, b)) => x.cmp(y).then(a.cmp(b)),
        }
    }
}

impl PartialOrd for Pseudo {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Pseudo {
    /// The strong stop: `x over` and `x under` are x (CGSuite's `strongStop`).
    pub fn strong(&self) -> Pseudo {
        match self {
            Pseudo::Num(x, _) => Pseudo::Num(x.clone(), 0),
            p => p.clone(),
        }
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self, Pseudo::Num(x, 0) if x.is_zero())
    }

    /// Whether it is a number (not on, off, over or under).
    pub fn is_number(&self) -> bool {
        matches!(self, Pseudo::Num(_, 0))
    }

    /// The pseudonumber as a stopper: a short number, `on`, `off`, `{x|pass}` or `{pass|x}`.
    pub fn to_loopy(&self, kernel: &mut Kernel, work: &mut Work) -> Result<Loopy, KernelError> {
        Ok(match self {
            Pseudo::Off => Loopy::off(),
            Pseudo::On => Loopy::on(),
            Pseudo::Num(x, a) => {
                let id = number(kernel, x);
                let n = Loopy::from_short(kernel, id, work)?;
                match a.cmp(&0) {
                    Ordering::Equal => n,
                    Ordering::Greater => Loopy::over().add(&n, work)?.canonical(work)?,
                    Ordering::Less => Loopy::under().add(&n, work)?.canonical(work)?,
                }
            }
        })
    }
}

fn number(kernel: &mut Kernel, x: &Dyadic) -> GameId {
    kernel.nus(
        x,
        &num_bigint::BigInt::default(),
        &crate::number::Nimber::zero(),
    )
}

/// The pseudonumber each vertex of a graph is, read off its options: `on` `{pass|}`, `off`
/// `{|pass}`, a short number, `{x|pass}`, `{pass|x}` (meant for a simplest stopper, where
/// these are the only forms of pseudonumbers).
pub fn pseudonumbers(
    g: &Loopy,
    kernel: &mut Kernel,
    work: &mut Work,
) -> Result<Vec<Option<Pseudo>>, KernelError> {
    let short = super::translate::short_parts(g, kernel, work)?;
    let num = |kernel: &Kernel, v: u32| short[v as usize].and_then(|id| kernel.as_number(id));
    let graph = g.graph();
    let mut out = Vec::with_capacity(g.len());
    for v in 0..g.len() as u32 {
        out.push(match (graph.left(v), graph.right(v)) {
            _ if short[v as usize].is_some() => num(kernel, v).map(|x| Pseudo::Num(x, 0)),
            ([a], []) if *a == v => Some(Pseudo::On),
            ([], [b]) if *b == v => Some(Pseudo::Off),
            ([a], [b]) if *b == v && *a != v => num(kernel, *a).map(|x| Pseudo::Num(x, 1)),
            ([a], [b]) if *a == v && *b != v => num(kernel, *b).map(|x| Pseudo::Num(x, -1)),
            _ => None,
        });
    }
    Ok(out)
}

/// The left and right stops of every vertex of a stopper's graph: `stops[v]` is
/// (left stop, right stop). An error when a vertex has no options for the player to start
/// (CGSuite has no stop there either) or the game is not a stopper.
pub fn stops(
    g: &Loopy,
    kernel: &mut Kernel,
    work: &mut Work,
) -> Result<(Pseudo, Pseudo), KernelError> {
    if !g.is_stopper() {
        return Err(super::not_stopper("stops"));
    }
    let pseudo = pseudonumbers(g, kernel, work)?;
    let mut memo: Vec<[Option<Pseudo>; 2]> = vec![[None, None]; g.len()];
    let l = stop(g, g.root(), Player::Left, &pseudo, &mut memo, work, 0)?;
    let r = stop(g, g.root(), Player::Right, &pseudo, &mut memo, work, 0)?;
    Ok((l, r))
}

fn stop(
    g: &Loopy,
    v: u32,
    who: Player,
    pseudo: &[Option<Pseudo>],
    memo: &mut Vec<[Option<Pseudo>; 2]>,
    work: &mut Work,
    depth: usize,
) -> Result<Pseudo, KernelError> {
    work.tick(1)?;
    if let Some(p) = &pseudo[v as usize] {
        return Ok(p.clone());
    }
    let slot = usize::from(who == Player::Right);
    if let Some(p) = &memo[v as usize][slot] {
        return Ok(p.clone());
    }
    // Alternating play in a stopper visits each (vertex, mover) state at most once.
    if depth > 2 * g.len() {
        return Err(super::not_stopper("stops"));
    }
    let other = who.other();
    let mut best: Option<Pseudo> = None;
    for &t in g.graph().options(v, who) {
        let s = stop(g, t, other, pseudo, memo, work, depth + 1)?;
        best = Some(match best {
            None => s,
            Some(b) => match who {
                Player::Left => b.max(s),
                Player::Right => b.min(s),
            },
        });
    }
    let Some(best) = best else {
        let name = match who {
            Player::Left => "left_stop",
            Player::Right => "right_stop",
        };
        let why = "a follower that is no pseudonumber has no option for the player to move: it has no stop";
        return Err(super::error(name, why));
    };
    memo[v as usize][slot] = Some(best.clone());
    Ok(best)
}
