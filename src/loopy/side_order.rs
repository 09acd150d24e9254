//! The order of the sides of arbitrary loopy games (Siegel, *Combinatorial Game Theory*
//! VI.4–5; Winning Ways ch. 11, "onsides and offsides"): whether G⁺ ≥ H⁺ (or G⁻ ≥ H⁻) for
//! games G and H that need not be stoppers.
//!
//! G⁺ − H⁺ is G⁺ + (−H)⁻: an infinite play confined to the G component is won by Left (the
//! onside of G), one confined to the −H component by Right (the offside of −H). So G⁺ ≥ H⁺
//! exactly when Left, moving second in G − H, never gets stuck and, when play is infinite,
//! makes sure the G component is moved in infinitely often. For the offsides the roles turn:
//! G⁻ ≥ H⁻ when Left survives and the H component is moved in infinitely often. (When G and H
//! are stoppers no infinite play stays in one component, both conditions hold trivially, and
//! this is the stopper order of `order`.)
//!
//! That is a Büchi game on the states (vertex of G, vertex of H, player to move), the
//! "progress" moves being those in the favoured component. It is solved here as Büchi games
//! are: W starts as every state; the states from which Left can force, inside W, a progress
//! move into W (or Right being stuck) are computed as a least fixed point by counting, and W
//! becomes them; until W no longer shrinks. Left wins exactly from the states left in W.

use super::order::Pairs;
use super::{Loopy, Player, Work};
use crate::kernel::KernelError;

/// Which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Infinite play a win for Left: approximated from `on`.
    On,
    /// Infinite play a win for Right: approximated from `off`.
    Off,
}

/// For every vertex a of `g` and b of `h`: whether the `side` of g at a is at least the same
/// side of h at b. Indexed `a * h.len() + b`.
pub fn side_ge_matrix(
    g: &Loopy,
    h: &Loopy,
    side: Side,
    work: &mut Work,
) -> Result<Vec<bool>, KernelError> {
    // Nothing is watched, so the fixed point is always reached.
    Ok(solve(g, h, side, &[], None, work)?.unwrap_or_default())
}

/// Whether the `side` of `g` at vertex i is at least that of `h` at vertex i for every i
/// below `m`: the question a trial deletion of edges asks (`sides::parts`). The same fixed
/// point as [`side_ge_matrix`], given up as soon as one of these pairs leaves it.
///
/// `bound`, when given, is a superset of the answer's matrix (indexed as
/// [`side_ge_matrix`]'s): every pair outside it is known to fail. The fixed point is then
/// sought from it instead of from every pair, and is the same (see [`solve`]); a trial
/// deletion that keeps every side ends after one round, since the answer is the bound.
pub fn side_ge_diagonal(
    g: &Loopy,
    h: &Loopy,
    side: Side,
    m: usize,
    bound: Option<&[bool]>,
    work: &mut Work,
) -> Result<bool, KernelError> {
    let nb = h.len();
    let watch: Vec<usize> = (0..m.min(g.len()).min(nb)).map(|i| i * nb + i).collect();
    Ok(solve(g, h, side, &watch, bound, work)?.is_some_and(|ge| watch.iter().all(|&p| ge[p])))
}

/// The Büchi game's winning pairs, as [`side_ge_matrix`] gives them; `None` as soon as a pair
/// of `watch` is known to lose. The winning set only shrinks from one round to the next (a
/// state becomes good only inside it), so a pair out of it at the end of a round is out of
/// the fixed point: a caller that needs all of `watch` learns the answer without the rounds
/// left (issue 49: the trial deletions that `sides::parts` rejects were most of
/// `tttt..ffff`'s time).
///
/// `bound` (pairs, as the answer is indexed) starts W at the states with Right to move of
/// those pairs, and every state with Left to move, instead of every state. W only shrinks,
/// each round to W ∩ F(W) for the monotone F a round computes, so it stays a superset of the
/// greatest fixed point as long as it starts as one (gfp = F(gfp) ⊆ F(W) when gfp ⊆ W), and a
/// W with W ⊆ F(W) lies inside the gfp (Knaster–Tarski): from any superset of the answer the
/// rounds end at the answer itself. A bound of the wrong length is ignored.
fn solve(
    g: &Loopy,
    h: &Loopy,
    side: Side,
    watch: &[usize],
    bound: Option<&[bool]>,
    work: &mut Work,
) -> Result<Option<Vec<bool>>, KernelError> {
    let pr = Pairs::new(g, h, work)?;
    let nb = pr.nb;
    // Moves in G are progress for the onside, moves in H for the offside.
    let g_progress = side == Side::On;
    let h_progress = !g_progress;
    // State 2p: Left to move at pair p; 2p + 1: Right to move.
    let states = 2 * pr.pairs;
    let mut win = vec![true; states];
    if let Some(bound) = bound.filter(|b| b.len() == pr.pairs) {
        for (p, &b) in bound.iter().enumerate() {
            win[2 * p + 1] = b;
        }
        if watch.iter().any(|&p| !win[2 * p + 1]) {
            return Ok(None);
        }
    }
    let mut good = vec![false; states];
    // For Right states: how many Right moves are not yet known harmless to Left.
    let mut count = vec![0u32; states];
    let mut stack: Vec<usize> = Vec::new();
    loop {
        good.iter_mut().for_each(|x| *x = false);
        stack.clear();
        for a in 0..pr.na {
            work.tick(1)?;
            for b in 0..nb {
                let p = a * nb + b;
                // Left to move: a progress move into W makes the state good at once.
                let sl = 2 * p;
                if win[sl] {
                    let via_g = g_progress
                        && pr
                            .ga
                            .left(a as u32)
                            .iter()
                            .any(|&x| win[2 * (x as usize * nb + b) + 1]);
                    let via_h = h_progress
                        && pr
                            .gb
                            .right(b as u32)
                            .iter()
                            .any(|&y| win[2 * (a * nb + y as usize) + 1]);
                    if via_g || via_h {
                        good[sl] = true;
                        stack.push(sl);
                    }
                }
                // Right to move: every move that is not a progress move into W must lead to
                // a good state.
                let sr = 2 * p + 1;
                if win[sr] {
                    let bad_g = pr
                        .ga
                        .right(a as u32)
                        .iter()
                        .filter(|&&x| !(g_progress && win[2 * (x as usize * nb + b)]))
                        .count();
                    let bad_h = pr
                        .gb
                        .left(b as u32)
                        .iter()
                        .filter(|&&y| !(h_progress && win[2 * (a * nb + y as usize)]))
                        .count();
                    count[sr] = (bad_g + bad_h) as u32;
                    if count[sr] == 0 {
                        good[sr] = true;
                        stack.push(sr);
                    }
                }
            }
        }
        // Units of work popped but not yet counted: the budget is told every 256 (a call per
        // state was a tenth of the time).
        let mut pops = 0u64;
        while let Some(s) = stack.pop() {
            pops += 1;
            if pops == 256 {
                work.tick(pops)?;
                pops = 0;
            }
            let p = s / 2;
            let (a, b) = (p / nb, p % nb);
            // Only the moves in the component that is not progress matter: a progress move
            // into W was counted when the round began (for Left) or never counted as bad (for
            // Right), and `s` is in W. So one of the two components' moves is read, not both.
            if s % 2 == 1 {
                // Right to move here: Left moved here from (x, b) with a ∈ xᴸ (a move in G)
                // or from (a, y) with b ∈ yᴿ (a move in −H); it is good if W kept it.
                let mut reach = |q: usize| {
                    if win[q] && !good[q] {
                        good[q] = true;
                        stack.push(q);
                    }
                };
                if g_progress {
                    pr.brr[b]
                        .iter()
                        .for_each(|&y| reach(2 * (a * nb + y as usize)));
                } else {
                    pr.arl[a]
                        .iter()
                        .for_each(|&x| reach(2 * (x as usize * nb + b)));
                }
            } else {
                // Left to move here: Right moved here from (x, b) with a ∈ xᴿ or from (a, y)
                // with b ∈ yᴸ; one bad move fewer there.
                let mut reach = |q: usize| {
                    if win[q] && !good[q] {
                        count[q] -= 1;
                        if count[q] == 0 {
                            good[q] = true;
                            stack.push(q);
                        }
                    }
                };
                if g_progress {
                    pr.brl[b]
                        .iter()
                        .for_each(|&y| reach(2 * (a * nb + y as usize) + 1));
                } else {
                    pr.arr[a]
                        .iter()
                        .for_each(|&x| reach(2 * (x as usize * nb + b) + 1));
                }
            }
        }
        work.tick(pops)?;
        if good == win {
            break;
        }
        std::mem::swap(&mut win, &mut good);
        if watch.iter().any(|&p| !win[2 * p + 1]) {
            return Ok(None);
        }
    }
    Ok(Some((0..pr.pairs).map(|p| win[2 * p + 1]).collect()))
}

/// Whether the `side` of `g` is at least the same side of `h`.
pub fn side_ge(g: &Loopy, h: &Loopy, side: Side, work: &mut Work) -> Result<bool, KernelError> {
    let p = g.root() as usize * h.len() + h.root() as usize;
    Ok(solve(g, h, side, &[p], None, work)?.is_some_and(|ge| ge[p]))
}

/// `g` without `who`'s option `index` of vertex `v`: the edit of a side rule
/// (`onside-delete-left` …).
pub fn without(g: &Loopy, v: u32, who: Player, index: usize) -> Loopy {
    let mut h = g.graph().clone();
    let opts: Vec<u32> = h
        .options(v, who)
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != index)
        .map(|(_, &o)| o)
        .collect();
    h.set_side(v, who, opts);
    Loopy::new(&h, g.root()).unwrap_or_else(Loopy::zero)
}

/// Whether `next`, a game without one of `who`'s options, has the same `side` as `was` (the
/// game before, or the side's stopper). Without a Left option the side can only be smaller,
/// without a Right option larger: the other direction decides (the checker asks both).
pub fn keeps(
    next: &Loopy,
    was: &Loopy,
    who: Player,
    side: Side,
    work: &mut Work,
) -> Result<bool, KernelError> {
    match who {
        Player::Left => side_ge(next, was, side, work),
        Player::Right => side_ge(was, next, side, work),
    }
}

#[cfg(test)]
mod tests;
