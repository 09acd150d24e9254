//! Atomic weight (Berlekamp, Conway and Guy, WW ch. 7–8; Siegel CGT II.7) and the all-small test.
//!
//! The atomic weight of an infinitesimal G is the game W with `G ~ W.↑` (Norton product). It is
//! computed by the atomic weight calculus: `x + n·↑ + *k` weighs n; otherwise
//! `W₀ = {aw(G^L) − 2 | aw(G^R) + 2}`, and when W₀ is an integer the "eccentric" cases are settled
//! by comparing G with a far star `*N` (N beyond every nimber among G's subgames): if G < *N the
//! weight is the least integer n with n ⧐ every `aw(G^L) − 2`, if G > *N the greatest with
//! n ⧏ every `aw(G^R) + 2`, else W₀. The result is accepted only when G is atomic: every
//! all-small game is, and otherwise `G − W.↑` must lie within `±(↑* + *M : −1)` (the red kite,
//! M the power of two at or above the far star), as CGSuite checks. Anything else is an error
//! that says why: a game that is not infinitesimal, or not atomic.

use super::cool::{norton, too_deep, MAX_DEPTH};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::HashMap;

fn err(message: String) -> KernelError {
    super::cool::domain("atomic_weight", message)
}

/// Whether G is infinitesimal: both stops are 0.
pub fn is_infinitesimal(k: &mut Kernel, g: GameId) -> bool {
    k.left_stop(g).is_zero() && k.right_stop(g).is_zero()
}

/// Whether every subgame of G has moves for both players or for neither.
pub fn is_all_small(k: &mut Kernel, g: GameId) -> Result<bool, KernelError> {
    let mut seen: HashMap<GameId, bool> = HashMap::new();
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        if seen.contains_key(&h) {
            continue;
        }
        seen.insert(h, true);
        if let Some((x, _, _)) = k.as_nus(h) {
            if !x.is_zero() {
                return Ok(false);
            }
            continue;
        }
        let l = k.left_options(h)?;
        let r = k.right_options(h)?;
        if l.is_empty() != r.is_empty() {
            return Ok(false);
        }
        stack.extend(l);
        stack.extend(r);
    }
    Ok(true)
}

/// One more than the largest nimber among G's subgames (at least 1).
fn far_star(
    k: &mut Kernel,
    g: GameId,
    memo: &mut HashMap<GameId, BigInt>,
    depth: usize,
) -> Result<BigInt, KernelError> {
    if let Some(n) = memo.get(&g) {
        return Ok(n.clone());
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("a far star"));
    }
    let out = if let Some(n) = k.as_nimber(g) {
        BigInt::from(n.value().clone()) + 1
    } else {
        let mut best = BigInt::from(1);
        let l = k.left_options(g)?;
        let r = k.right_options(g)?;
        for x in l.into_iter().chain(r) {
            let f = far_star(k, x, memo, depth + 1)?;
            if f > best {
                best = f;
            }
        }
        best
    };
    memo.insert(g, out.clone());
    Ok(out)
}

/// The atomic weight of G.
pub fn atomic_weight(k: &mut Kernel, g: GameId) -> Result<GameId, KernelError> {
    if !is_infinitesimal(k, g) {
        let (l, r) = (k.left_stop(g), k.right_stop(g));
        let shown = super::shown(k, g);
        return Err(err(format!(
            "{shown} is not infinitesimal (its stops are {l} and {r}); atomic weight is defined for infinitesimals"
        )));
    }
    let mut fs = HashMap::new();
    let mut memo = HashMap::new();
    let w = naive(k, g, &mut memo, &mut fs, 0)?;
    if is_all_small(k, g)? || within_red_kite(k, g, w, &mut fs)? {
        Ok(w)
    } else {
        let shown = super::shown(k, g);
        Err(err(format!("{shown} is infinitesimal but not atomic")))
    }
}

fn within_red_kite(
    k: &mut Kernel,
    g: GameId,
    w: GameId,
    fs: &mut HashMap<GameId, BigInt>,
) -> Result<bool, KernelError> {
    let up = k.nus(&Dyadic::zero(), &BigInt::from(1), &Nimber::zero());
    let wu = norton(k, w, up)?;
    let nwu = k.neg(wu);
    let diff = k.add(g, nwu)?;
    let far = far_star(k, g, fs, 0)?;
    let mut m = BigInt::from(2);
    while m < far {
        m *= 2;
    }
    let m = m
        .to_biguint()
        .ok_or_else(|| err("a negative far star (internal)".into()))?;
    let below: Vec<GameId> = nimbers_below(k, &m)?;
    let mut right = below.clone();
    right.push(k.nus(&Dyadic::zero(), &BigInt::zero(), &Nimber::new(m)));
    let kite = k.from_options(&below, &right)?;
    let upstar = k.nus(&Dyadic::zero(), &BigInt::from(1), &Nimber::from(1));
    let eps = k.add(upstar, kite)?;
    let neps = k.neg(eps);
    Ok(k.le(diff, eps)? && k.le(neps, diff)?)
}

fn nimbers_below(k: &mut Kernel, m: &num_bigint::BigUint) -> Result<Vec<GameId>, KernelError> {
    use num_traits::ToPrimitive;
    let n = m
        .to_u64()
        .filter(|&n| n <= 1 << 16)
        .ok_or_else(|| KernelError::TooLarge {
            what: format!("a far star *{m} for the atomicity test"),
        })?;
    Ok((0..n)
        .map(|i| k.nus(&Dyadic::zero(), &BigInt::zero(), &Nimber::from(i)))
        .collect())
}

fn naive(
    k: &mut Kernel,
    g: GameId,
    memo: &mut HashMap<GameId, GameId>,
    fs: &mut HashMap<GameId, BigInt>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if depth > MAX_DEPTH {
        return Err(too_deep("an atomic weight"));
    }
    if let Some((_, up, _)) = k.as_nus(g) {
        return Ok(k.number(&Dyadic::integer(up)));
    }
    if let Some(&w) = memo.get(&g) {
        return Ok(w);
    }
    k.spend()?;
    let two = k.number(&Dyadic::from(2));
    let mtwo = k.number(&Dyadic::from(-2));
    let mut l = Vec::new();
    for x in k.left_options(g)? {
        let w = naive(k, x, memo, fs, depth + 1)?;
        l.push(k.add(w, mtwo)?);
    }
    let mut r = Vec::new();
    for x in k.right_options(g)? {
        let w = naive(k, x, memo, fs, depth + 1)?;
        r.push(k.add(w, two)?);
    }
    let w0 = k.from_options(&l, &r)?;
    let mut out = w0;
    if k.as_number(w0).is_some_and(|x| x.is_integer()) {
        let far = far_star(k, g, fs, 0)?;
        let far = far
            .to_biguint()
            .ok_or_else(|| err("a negative far star (internal)".into()))?;
        let star = k.nus(&Dyadic::zero(), &BigInt::zero(), &Nimber::new(far));
        let le = k.le(g, star)?;
        let ge = k.le(star, g)?;
        if le != ge {
            // Below *far, the least integer n with n ⧐ every Left option l (n ≤ l fails);
            // above it, the greatest with n <| every Right option r.
            let mut best: Option<BigInt> = None;
            for &x in if le { &l } else { &r } {
                let (mut n, beyond) = match le {
                    true => (k.right_stop(x).ceil(), BigInt::from(1)),
                    false => (k.left_stop(x).floor(), BigInt::from(-1)),
                };
                let nid = k.number(&Dyadic::integer(n.clone()));
                // n is not yet past the option: one more step.
                let short = if le { k.le(nid, x)? } else { k.le(x, nid)? };
                if short {
                    n += &beyond;
                }
                if best
                    .as_ref()
                    .is_none_or(|b| (&n - b) * &beyond > BigInt::zero())
                {
                    best = Some(n);
                }
            }
            out = k.number(&Dyadic::integer(best.unwrap_or_default()));
        }
    }
    memo.insert(g, out);
    Ok(out)
}
