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
use super::{Loopy, Work};
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
    let Pairs {
        ga,
        gb,
        na,
        nb,
        pairs,
        arl,
        arr,
        brl,
        brr,
    } = Pairs::new(g, h, work)?;
    // Moves in G are progress for the onside, moves in H for the offside.
    let g_progress = side == Side::On;
    let h_progress = !g_progress;
    // State 2p: Left to move at pair p; 2p + 1: Right to move.
    let states = 2 * pairs;
    let mut win = vec![true; states];
    let mut good = vec![false; states];
    // For Right states: how many Right moves are not yet known harmless to Left.
    let mut count = vec![0usize; states];
    let mut stack: Vec<usize> = Vec::new();
    loop {
        good.iter_mut().for_each(|x| *x = false);
        stack.clear();
        for a in 0..na {
            work.tick(1)?;
            for b in 0..nb {
                let p = a * nb + b;
                // Left to move: a progress move into W makes the state good at once.
                let sl = 2 * p;
                if win[sl] {
                    let via_g = g_progress
                        && ga
                            .left(a as u32)
                            .iter()
                            .any(|&x| win[2 * (x as usize * nb + b) + 1]);
                    let via_h = h_progress
                        && gb
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
                    let bad_g = ga
                        .right(a as u32)
                        .iter()
                        .filter(|&&x| !(g_progress && win[2 * (x as usize * nb + b)]))
                        .count();
                    let bad_h = gb
                        .left(b as u32)
                        .iter()
                        .filter(|&&y| !(h_progress && win[2 * (a * nb + y as usize)]))
                        .count();
                    count[sr] = bad_g + bad_h;
                    if count[sr] == 0 {
                        good[sr] = true;
                        stack.push(sr);
                    }
                }
            }
        }
        while let Some(s) = stack.pop() {
            work.tick(1)?;
            let p = s / 2;
            let (a, b) = (p / nb, p % nb);
            if s % 2 == 1 {
                // Right to move here: Left moved here from (x, b) with a ∈ xᴸ (a move in G)
                // or from (a, y) with b ∈ yᴿ (a move in −H).
                let from_g = arl[a]
                    .iter()
                    .map(|&x| (2 * (x as usize * nb + b), g_progress));
                let from_h = brr[b]
                    .iter()
                    .map(|&y| (2 * (a * nb + y as usize), h_progress));
                for (q, progress) in from_g.chain(from_h) {
                    // A progress move into W counted already; otherwise into a good state.
                    if !progress && win[q] && !good[q] {
                        good[q] = true;
                        stack.push(q);
                    }
                }
            } else {
                // Left to move here: Right moved here from (x, b) with a ∈ xᴿ or from (a, y)
                // with b ∈ yᴸ.
                let from_g = arr[a]
                    .iter()
                    .map(|&x| (2 * (x as usize * nb + b) + 1, g_progress));
                let from_h = brl[b]
                    .iter()
                    .map(|&y| (2 * (a * nb + y as usize) + 1, h_progress));
                for (q, progress) in from_g.chain(from_h) {
                    // A progress move into W was never counted as bad.
                    if progress && win[s] {
                        continue;
                    }
                    if win[q] && !good[q] {
                        count[q] -= 1;
                        if count[q] == 0 {
                            good[q] = true;
                            stack.push(q);
                        }
                    }
                }
            }
        }
        if good == win {
            break;
        }
        std::mem::swap(&mut win, &mut good);
    }
    Ok((0..pairs).map(|p| win[2 * p + 1]).collect())
}

/// Whether the `side` of `g` is at least the same side of `h`.
pub fn side_ge(g: &Loopy, h: &Loopy, side: Side, work: &mut Work) -> Result<bool, KernelError> {
    Ok(side_ge_matrix(g, h, side, work)?[g.root() as usize * h.len() + h.root() as usize])
}
