//! Cooling, freezing, heating, overheating and Norton multiplication, on canonical forms.
//!
//! - Cooling (Conway ONAG ch. 9; Siegel CGT II.5): `G_t = {G^L_t − t | G^R_t + t}` unless
//!   `G_t'` is infinitely close to a number x for some t' **strictly** below t, in which case
//!   `G_t = x`. That happens exactly when t is above G's temperature, and x is G's mast value
//!   ([`super::thermograph`]); so cooling by exactly the temperature leaves an infinitesimal
//!   (`{1|-1}` cooled by 1 is `*`). Integers and, for t ≥ 0, all numbers cool to themselves;
//!   for −1 < t < 0 cooling is CGSuite's (see [`cool`]).
//! - Freezing: G cooled by its own temperature (a number stays itself).
//! - Heating (Berlekamp's integral `∫^t G`): G if G is a number, else `{∫^t G^L + t | ∫^t G^R − t}`.
//!   Like CGSuite's `Heat`, it is taken on the canonical form and t may be any game.
//! - Overheating `∫_s^t G`: `G.s` (n copies of s) if G is an integer n, else
//!   `{∫_s^t G^L + t | ∫_s^t G^R − t}`, as CGSuite's `Overheat(s, t)`.
//! - Norton multiplication `G.U` for U > 0 (WW ch. 8 extras; CGSuite's `NortonProduct`): n copies
//!   of U if G is an integer n, else `{G^L.U + (U + I) | G^R.U − (U + I)}` where I ranges over
//!   U's incentives `U^L − U` and `U − U^R`. It depends on U's form; the canonical one is used.

use super::thermograph::Thermographer;
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use std::collections::HashMap;

/// How deep the recursive operations here go into a game before refusing (each level is a stack
/// frame; the kernel's own canonical forms of such games are deep too).
pub const MAX_DEPTH: usize = 4_096;

/// The error for a game deeper than [`MAX_DEPTH`].
pub(crate) fn too_deep(what: &str) -> KernelError {
    KernelError::TooLarge {
        what: format!("{what} of a game more than {MAX_DEPTH} levels deep"),
    }
}

pub(super) fn domain(name: &str, message: String) -> KernelError {
    KernelError::Function {
        name: name.to_string(),
        message,
        calls: Vec::new(),
    }
}

/// G cooled by t (t > −1). For −1 < t < 0 cooling is CGSuite's: an integer is itself, a game
/// whose temperature is below t its mast value, any other `{G^L_t − t | G^R_t + t}` — so a
/// number that is not an integer may warm up (`cool(1/2, -3/4)` = `{3/4|1/4}`).
pub fn cool(
    k: &mut Kernel,
    th: &mut Thermographer,
    g: GameId,
    t: &Dyadic,
) -> Result<GameId, KernelError> {
    if *t <= Dyadic::from(-1) {
        return Err(domain(
            "cool",
            format!("the temperature must be greater than -1, found {t}"),
        ));
    }
    cool_rec(k, th, g, t, &mut HashMap::new(), 0)
}

/// One recursion for both signs of t: what cools to itself is every number for t ≥ 0 (and
/// everything for t = 0), only integers for t < 0; the rest is the mast above the temperature
/// and the definition below it.
fn cool_rec(
    k: &mut Kernel,
    th: &mut Thermographer,
    g: GameId,
    t: &Dyadic,
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if let Some(&c) = memo.get(&g) {
        return Ok(c);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("cooling"));
    }
    let fixed = match k.as_number(g) {
        Some(x) if *t < Dyadic::zero() => x.is_integer(),
        Some(_) => true,
        None => t.is_zero(),
    };
    if fixed {
        return Ok(g);
    }
    k.check_budget()?;
    let thermo = th.of(k, g)?;
    let out = if *t > thermo.temperature {
        k.number(&thermo.mast)
    } else {
        let tid = k.number(t);
        let ntid = k.number(&-t);
        let mut l = Vec::new();
        for x in k.left_options(g)? {
            let c = cool_rec(k, th, x, t, memo, depth + 1)?;
            l.push(k.add(c, ntid)?);
        }
        let mut r = Vec::new();
        for x in k.right_options(g)? {
            let c = cool_rec(k, th, x, t, memo, depth + 1)?;
            r.push(k.add(c, tid)?);
        }
        k.from_options(&l, &r)?
    };
    memo.insert(g, out);
    Ok(out)
}

/// G cooled by its temperature; a number is itself.
pub fn freeze(k: &mut Kernel, th: &mut Thermographer, g: GameId) -> Result<GameId, KernelError> {
    if k.as_number(g).is_some() {
        return Ok(g);
    }
    let t = th.of(k, g)?.temperature.clone();
    cool(k, th, g, &t)
}

/// `∫^t G`, heating by any game t.
pub fn heat(k: &mut Kernel, g: GameId, t: GameId) -> Result<GameId, KernelError> {
    let mut memo = HashMap::new();
    heat_rec(k, g, None, t, &mut memo, 0)
}

/// `∫_s^t G`, overheating from s to t.
pub fn overheat(k: &mut Kernel, g: GameId, s: GameId, t: GameId) -> Result<GameId, KernelError> {
    let mut memo = HashMap::new();
    heat_rec(k, g, Some(s), t, &mut memo, 0)
}

/// `{G^L + t | G^R − t}` over the options heated the same way, down to the numbers: heating
/// (`s` none) leaves a number as it is, overheating from `s` makes an integer n into n·s.
fn heat_rec(
    k: &mut Kernel,
    g: GameId,
    s: Option<GameId>,
    t: GameId,
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    match s {
        None if k.as_number(g).is_some() => return Ok(g),
        Some(s) => {
            if let Some(n) = k.as_number(g).and_then(|x| x.to_integer().cloned()) {
                return k.multiple(&n, s);
            }
        }
        None => {}
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    if depth > MAX_DEPTH {
        let what = s.map_or("heating", |_| "overheating");
        return Err(too_deep(what));
    }
    k.spend()?;
    let nt = k.neg(t);
    let mut l = Vec::new();
    for x in k.left_options(g)? {
        let h = heat_rec(k, x, s, t, memo, depth + 1)?;
        l.push(k.add(h, t)?);
    }
    let mut r = Vec::new();
    for x in k.right_options(g)? {
        let h = heat_rec(k, x, s, t, memo, depth + 1)?;
        r.push(k.add(h, nt)?);
    }
    let out = k.from_options(&l, &r)?;
    memo.insert(g, out);
    Ok(out)
}

/// The Norton product `G.U` for U > 0.
pub fn norton(k: &mut Kernel, g: GameId, u: GameId) -> Result<GameId, KernelError> {
    if k.compare(u, k.zero())? != crate::kernel::Relation::Greater {
        let shown = super::shown(k, u);
        return Err(domain(
            "norton",
            format!("the unit must be a positive game, found {shown}"),
        ));
    }
    // U + I for every incentive I of U.
    let mut steps = Vec::new();
    for ul in k.left_options(u)? {
        steps.push(ul); // U + (U^L − U) = U^L
    }
    for ur in k.right_options(u)? {
        let nur = k.neg(ur);
        let twice = k.add(u, u)?;
        steps.push(k.add(twice, nur)?); // U + (U − U^R)
    }
    let mut memo = HashMap::new();
    norton_rec(k, g, u, &steps, &mut memo, 0)
}

fn norton_rec(
    k: &mut Kernel,
    g: GameId,
    u: GameId,
    steps: &[GameId],
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if let Some(n) = k.as_number(g).and_then(|x| x.to_integer().cloned()) {
        return k.multiple(&n, u);
    }
    if let Some(&h) = memo.get(&g) {
        return Ok(h);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("a Norton product"));
    }
    k.spend()?;
    let mut l = Vec::new();
    for x in k.left_options(g)? {
        let p = norton_rec(k, x, u, steps, memo, depth + 1)?;
        for &s in steps {
            l.push(k.add(p, s)?);
        }
    }
    let mut r = Vec::new();
    for x in k.right_options(g)? {
        let p = norton_rec(k, x, u, steps, memo, depth + 1)?;
        for &s in steps {
            let ns = k.neg(s);
            r.push(k.add(p, ns)?);
        }
    }
    let out = k.from_options(&l, &r)?;
    memo.insert(g, out);
    Ok(out)
}
