//! Reduced canonical forms and comparison modulo infinitesimals (Calistrate; Grossman and Siegel,
//! "Reductions of partizan games"; Siegel CGT II.6).
//!
//! G ≥ H modulo infinitesimals when G + ε ≥ H for some infinitesimal ε, which for short games is
//! decided by a stop: it holds exactly when the right stop of G − H is at least 0. G and H are
//! equal modulo infinitesimals when G − H is infinitesimal (both stops 0).
//!
//! The reduced canonical form is the simplest game infinitesimally close to G, with options
//! neither dominated nor reversible modulo infinitesimals, so it is unique. It is computed as
//! CGSuite's `ReducedCanonicalForm` does: `x + n·↑ + *k` reduces to x; otherwise heat by `*`
//! (`∫^* G`, which turns every infinitesimal difference among the options into a comparable
//! one) and take the star projection (replace every `x*` follower by x, bottom up).
//! The tests check the defining property: two games are equal modulo infinitesimals exactly
//! when their reduced forms are identical.

use super::cool::{heat, too_deep, MAX_DEPTH};
use crate::kernel::{GameId, Kernel, KernelError, Relation};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::HashMap;

/// The reduced canonical form of G.
pub fn reduced(k: &mut Kernel, g: GameId) -> Result<GameId, KernelError> {
    if let Some((x, _, _)) = k.as_nus(g) {
        return Ok(k.number(&x));
    }
    let star = k.nus(&Dyadic::zero(), &BigInt::zero(), &Nimber::from(1));
    let h = heat(k, g, star)?;
    let mut memo = HashMap::new();
    star_projection(k, h, &mut memo, 0)
}

fn star_projection(
    k: &mut Kernel,
    g: GameId,
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if depth > MAX_DEPTH {
        return Err(too_deep("a star projection"));
    }
    if k.as_number(g).is_some() {
        return Ok(g);
    }
    if let Some((x, up, nim)) = k.as_nus(g) {
        if up.is_zero() && nim == Nimber::from(1) {
            return Ok(k.number(&x));
        }
    }
    if let Some(&p) = memo.get(&g) {
        return Ok(p);
    }
    k.spend()?;
    let mut l = Vec::new();
    for x in k.left_options(g)? {
        l.push(star_projection(k, x, memo, depth + 1)?);
    }
    let mut r = Vec::new();
    for x in k.right_options(g)? {
        r.push(star_projection(k, x, memo, depth + 1)?);
    }
    let out = k.from_options(&l, &r)?;
    memo.insert(g, out);
    Ok(out)
}

/// How G and H compare modulo infinitesimals.
pub fn compare_mod_inf(k: &mut Kernel, g: GameId, h: GameId) -> Result<Relation, KernelError> {
    let nh = k.neg(h);
    let d = k.add(g, nh)?;
    let ge = k.right_stop(d) >= Dyadic::zero();
    let le = k.left_stop(d) <= Dyadic::zero();
    Ok(match (ge, le) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Greater,
        (false, true) => Relation::Less,
        (false, false) => Relation::Fuzzy,
    })
}
