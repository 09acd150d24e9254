//! The onside and offside of a loopy game, by sidling (Winning Ways ch. 11, "sidling";
//! Siegel, *Combinatorial Game Theory* VI.4–5).
//!
//! The onside G⁺ is the game with infinite play counted a win for Left, the offside G⁻ with
//! it counted for Right; G is *stopper-sided* when both are stoppers, and then G = G⁺ & G⁻.
//! Sidling approximates them: start every vertex that reaches an alternating cycle at `on`
//! (for the onside) or `off` (for the offside), every other vertex at its own simplest form
//! (it is a stopper, its own sides), and replace each vertex's approximation by
//! `{approximations of its Left options | of its Right options}`, simplified. From `on` the
//! approximations only decrease (from `off` only increase); when a round changes none of
//! them they are the sides. When they have not settled after [`MAX_ROUNDS`] rounds the answer
//! is an error saying so, never a guess.

use super::canonical::canonical;
use super::order::compare;
use super::{Loopy, Work};
use crate::kernel::{KernelError, Relation};

/// Rounds of sidling tried before giving up.
pub const MAX_ROUNDS: usize = 64;

/// Which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Infinite play a win for Left: approximated from `on`.
    On,
    /// Infinite play a win for Right: approximated from `off`.
    Off,
}

/// The onside or offside of `g` as a canonical stopper, or an error when sidling does not
/// settle.
pub fn side(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_stopper() {
        return canonical(g, work);
    }
    let n = g.len();
    let mut approx: Vec<Loopy> = Vec::with_capacity(n);
    let mut exact = vec![false; n];
    for v in 0..n as u32 {
        let f = g.follower(v).unwrap_or_else(Loopy::zero);
        if f.is_stopper() {
            exact[v as usize] = true;
            approx.push(canonical(&f, work)?);
        } else {
            approx.push(match which {
                Side::On => Loopy::on(),
                Side::Off => Loopy::off(),
            });
        }
    }
    for _ in 0..MAX_ROUNDS {
        let mut next = approx.clone();
        let mut settled = true;
        for v in 0..n as u32 {
            if exact[v as usize] {
                continue;
            }
            let l: Vec<&Loopy> = g
                .graph()
                .left(v)
                .iter()
                .map(|&t| &approx[t as usize])
                .collect();
            let r: Vec<&Loopy> = g
                .graph()
                .right(v)
                .iter()
                .map(|&t| &approx[t as usize])
                .collect();
            let s = canonical(&Loopy::from_options(&l, &r, work)?, work)?;
            if s != approx[v as usize] && compare(&s, &approx[v as usize], work)? != Relation::Equal
            {
                settled = false;
            }
            next[v as usize] = s;
        }
        approx = next;
        if settled {
            return Ok(approx.swap_remove(g.root() as usize));
        }
    }
    let name = match which {
        Side::On => "onside",
        Side::Off => "offside",
    };
    Err(KernelError::Function {
        name: name.to_string(),
        message: format!(
            "sidling did not settle in {MAX_ROUNDS} rounds: the {name} may not be a stopper"
        ),
        calls: Vec::new(),
    })
}

/// The onside.
pub fn onside(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(g, Side::On, work)
}

/// The offside.
pub fn offside(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(g, Side::Off, work)
}
