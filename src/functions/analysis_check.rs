//! The independent check of `cool` and `heat` openings: a second, deliberately naive
//! implementation of the definitions, written on terms, that calls nothing in
//! `crate::analysis` and nothing in the kernel.
//!
//! It reads the call's game argument as written into its own small hash-consed arena, confirms
//! that the form is canonical by the definitions (no dominated option, no reversible one, with
//! a comparison `G ≤ H` by the recursive definition, memoised), derives the canonical forms of
//! closed forms `x + n·↑ + *k` itself (`↑ = {0|*}`, `*k = {*0,…,*(k−1) | *0,…,*(k−1)}`, sums by
//! the definition of `+`, then the same reduction), and computes thermographs for t ≥ 0 from
//! the options' walls. Then it says what one level of the definition must be and compares the
//! opening with it, options as sets.
//!
//! Theorems it leans on, each standard (Siegel, *Combinatorial Game Theory*, II.3–II.5):
//! - a form whose options are all numbers, every Left one below every Right one, equals the
//!   simplest number between them (the simplicity theorem), so such a form is read as that
//!   number;
//! - number translation: for a number x and a game G not equal to a number,
//!   `x ≤ G` iff no `G^R ≤ x`, `G ≤ x` iff no `G^L ≥ x`, and `x + G = {x + G^L | x + G^R}`
//!   (used only on forms already confirmed canonical, which are numbers exactly when they are
//!   read as numbers);
//! - a canonical game that is not a number has both kinds of options, its left stop is at least
//!   its right stop, and its temperature is at least 0, so its walls for t ≥ 0 are the scaffolds
//!   `max RW(G^L)(t) − t`, `min LW(G^R)(t) + t` up to the least t ≥ 0 where they meet, and the
//!   mast above.

use crate::number::Dyadic;
use crate::term::{Arg, Term};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use std::collections::HashMap;

/// How many comparisons a check may make before it gives up (and rejects, saying so).
const MAX_WORK: u64 = 20_000_000;
/// The largest `n` in `n·↑` and `k` in `*k` whose canonical form the check derives.
const MAX_CLOSED: u64 = 32;
/// The largest exponent of a dyadic's denominator the check accepts (its comparisons descend
/// through the number's options one denominator at a time).
const MAX_EXP: u64 = 1024;
/// The deepest term the check reads (each level is a stack frame here and in the comparisons).
const MAX_TERM_DEPTH: usize = 512;

type Id = u32;

/// A form: a number (read as its value) or explicit options, each side sorted and without
/// repeats.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Num(Dyadic),
    Opts(Vec<Id>, Vec<Id>),
}

/// A wall for t ≥ 0: pieces `(t_i, x_i, s_i)`, the value `x_i + s_i (t − t_i)` from `t_i` to the
/// next piece (the last goes on for ever); the first starts at t = 0.
type Pl = Vec<(Dyadic, Dyadic, i64)>;

/// A thermograph for t ≥ 0.
#[derive(Clone, Debug)]
struct Thermo {
    left: Pl,
    right: Pl,
    /// The temperature, when the game is not a number.
    temperature: Option<Dyadic>,
    mast: Dyadic,
}

/// The arena, its memos and the work done.
#[derive(Default)]
struct Naive {
    nodes: Vec<Node>,
    index: HashMap<Node, Id>,
    /// Forms confirmed canonical.
    canonical: HashMap<Id, bool>,
    le_memo: HashMap<(Id, Id), bool>,
    neg_memo: HashMap<Id, Id>,
    add_memo: HashMap<(Id, Id), Id>,
    thermo: HashMap<Id, Thermo>,
    work: u64,
    depth: usize,
}

type R<T> = Result<T, String>;

fn show(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

impl Naive {
    fn tick(&mut self) -> R<()> {
        self.work += 1;
        if self.work > MAX_WORK {
            return Err(format!(
                "the independent check gave up after {MAX_WORK} steps (the game is too large for it)"
            ));
        }
        Ok(())
    }

    fn num(&mut self, x: Dyadic) -> R<Id> {
        if x.denominator_exp() > MAX_EXP {
            return Err(format!(
                "the number {x} has a denominator above 2^{MAX_EXP}, too fine for the independent check"
            ));
        }
        Ok(self.intern(Node::Num(x)))
    }

    fn intern(&mut self, n: Node) -> Id {
        if let Some(&i) = self.index.get(&n) {
            return i;
        }
        let i = self.nodes.len() as Id;
        self.nodes.push(n.clone());
        self.index.insert(n, i);
        i
    }

    fn as_num(&self, i: Id) -> Option<&Dyadic> {
        match &self.nodes[i as usize] {
            Node::Num(x) => Some(x),
            Node::Opts(..) => None,
        }
    }

    /// `{l | r}`: the simplest number between when every option is a number and every Left
    /// one is below every Right one (the simplicity theorem), else the form itself.
    fn form(&mut self, mut l: Vec<Id>, mut r: Vec<Id>) -> R<Id> {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        let ln: Option<Vec<Dyadic>> = l.iter().map(|&i| self.as_num(i).cloned()).collect();
        let rn: Option<Vec<Dyadic>> = r.iter().map(|&i| self.as_num(i).cloned()).collect();
        if let (Some(ln), Some(rn)) = (ln, rn) {
            let lo = ln.into_iter().max();
            let hi = rn.into_iter().min();
            let below = match (&lo, &hi) {
                (Some(a), Some(b)) => a < b,
                _ => true,
            };
            if below {
                if let Some(x) = Dyadic::simplest_between(lo.as_ref(), hi.as_ref()) {
                    return self.num(x);
                }
            }
        }
        Ok(self.intern(Node::Opts(l, r)))
    }

    /// Options one level down: a number's are those of its canonical form (`n = {n−1|}` for
    /// n > 0, `{|n+1}` for n < 0, `m/2^k = {(m−1)/2^k | (m+1)/2^k}`).
    fn options(&mut self, i: Id) -> R<(Vec<Id>, Vec<Id>)> {
        match self.nodes[i as usize].clone() {
            Node::Opts(l, r) => Ok((l, r)),
            Node::Num(x) => {
                let one = Dyadic::from(1);
                if x.is_integer() {
                    if x > Dyadic::zero() {
                        Ok((vec![self.num(&x - &one)?], vec![]))
                    } else if x < Dyadic::zero() {
                        Ok((vec![], vec![self.num(&x + &one)?]))
                    } else {
                        Ok((vec![], vec![]))
                    }
                } else {
                    let ulp = one.mul_pow2(-(x.denominator_exp() as i64));
                    Ok((vec![self.num(&x - &ulp)?], vec![self.num(&x + &ulp)?]))
                }
            }
        }
    }

    fn is_canonical(&self, i: Id) -> bool {
        matches!(self.nodes[i as usize], Node::Num(_))
            || self.canonical.get(&i).copied().unwrap_or(false)
    }

    /// `a ≤ b` by the definition: no `a^L ≥ b` and no `b^R ≤ a`; between a number and a form
    /// confirmed canonical (so not a number), by number translation.
    fn le(&mut self, a: Id, b: Id) -> R<bool> {
        if a == b {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (self.as_num(a), self.as_num(b)) {
            return Ok(x <= y);
        }
        if let Some(&v) = self.le_memo.get(&(a, b)) {
            return Ok(v);
        }
        self.tick()?;
        let v = if self.as_num(a).is_some() && self.is_canonical(b) {
            let (_, br) = self.options(b)?;
            let mut ok = true;
            for c in br {
                if self.le(c, a)? {
                    ok = false;
                    break;
                }
            }
            ok
        } else if self.as_num(b).is_some() && self.is_canonical(a) {
            let (al, _) = self.options(a)?;
            let mut ok = true;
            for c in al {
                if self.le(b, c)? {
                    ok = false;
                    break;
                }
            }
            ok
        } else {
            let (al, _) = self.options(a)?;
            let (_, br) = self.options(b)?;
            let mut ok = true;
            for c in al {
                if self.le(b, c)? {
                    ok = false;
                    break;
                }
            }
            if ok {
                for c in br {
                    if self.le(c, a)? {
                        ok = false;
                        break;
                    }
                }
            }
            ok
        };
        self.le_memo.insert((a, b), v);
        Ok(v)
    }

    /// The canonical form of `{l | r}` whose options are canonical: dominated options removed,
    /// reversible ones bypassed, until neither is left.
    fn reduce(&mut self, mut l: Vec<Id>, mut r: Vec<Id>) -> R<Id> {
        loop {
            self.tick()?;
            l = self.undominated(l, true)?;
            r = self.undominated(r, false)?;
            let g = self.form(l.clone(), r.clone())?;
            if self.as_num(g).is_some() {
                return Ok(g);
            }
            let mut changed = false;
            // A reversible option is bypassed: Left's first, then Right's.
            'sides: for left in [true, false] {
                let side = if left { &mut l } else { &mut r };
                for idx in 0..side.len() {
                    let (ol, or) = self.options(side[idx])?;
                    for x in if left { or } else { ol } {
                        if if left { self.le(x, g)? } else { self.le(g, x)? } {
                            let (xl, xr) = self.options(x)?;
                            side.remove(idx);
                            side.extend(if left { xl } else { xr });
                            changed = true;
                            break 'sides;
                        }
                    }
                }
            }
            if !changed {
                self.canonical.insert(g, true);
                return Ok(g);
            }
        }
    }

    /// The options no other option beats (for Left the greater, for Right the smaller).
    fn undominated(&mut self, mut v: Vec<Id>, left: bool) -> R<Vec<Id>> {
        v.sort_unstable();
        v.dedup();
        let mut keep = Vec::new();
        for (i, &a) in v.iter().enumerate() {
            let mut beaten = false;
            for (j, &b) in v.iter().enumerate() {
                if i != j && if left { self.le(a, b)? } else { self.le(b, a)? } {
                    beaten = true;
                    break;
                }
            }
            if !beaten {
                keep.push(a);
            }
        }
        Ok(keep)
    }

    /// Confirms that a form is canonical (its options first).
    fn confirm(&mut self, i: Id) -> R<()> {
        if self.is_canonical(i) {
            return Ok(());
        }
        let (l, r) = self.options(i)?;
        for &o in l.iter().chain(&r) {
            self.confirm(o)?;
        }
        if self.reduce(l, r)? != i {
            return Err("the game is not written in canonical form".into());
        }
        Ok(())
    }

    fn neg(&mut self, i: Id) -> R<Id> {
        if let Some(&n) = self.neg_memo.get(&i) {
            return Ok(n);
        }
        let n = match self.nodes[i as usize].clone() {
            Node::Num(x) => self.num(-x)?,
            Node::Opts(l, r) => {
                let mut nl = Vec::new();
                for x in r {
                    nl.push(self.neg(x)?);
                }
                let mut nr = Vec::new();
                for x in l {
                    nr.push(self.neg(x)?);
                }
                let n = self.form(nl, nr)?;
                if self.is_canonical(i) {
                    self.canonical.insert(n, true);
                }
                n
            }
        };
        self.neg_memo.insert(i, n);
        Ok(n)
    }

    /// The canonical form of `a + b`, both canonical.
    fn add(&mut self, a: Id, b: Id) -> R<Id> {
        if let Some(&s) = self.add_memo.get(&(a, b)) {
            return Ok(s);
        }
        self.tick()?;
        let s = match (self.as_num(a).cloned(), self.as_num(b).cloned()) {
            (Some(x), Some(y)) => self.num(&x + &y)?,
            (Some(x), None) => self.translate(&x, b)?,
            (None, Some(y)) => self.translate(&y, a)?,
            (None, None) => {
                let (al, ar) = self.options(a)?;
                let (bl, br) = self.options(b)?;
                let mut l = Vec::new();
                let mut r = Vec::new();
                for &x in &al {
                    l.push(self.add(x, b)?);
                }
                for &x in &bl {
                    l.push(self.add(a, x)?);
                }
                for &x in &ar {
                    r.push(self.add(x, b)?);
                }
                for &x in &br {
                    r.push(self.add(a, x)?);
                }
                self.reduce(l, r)?
            }
        };
        self.add_memo.insert((a, b), s);
        Ok(s)
    }

    /// `x + G` for a canonical G that is not a number: `{x + G^L | x + G^R}`, then reduced.
    fn translate(&mut self, x: &Dyadic, g: Id) -> R<Id> {
        if x.is_zero() {
            return Ok(g);
        }
        self.tick()?;
        let (l, r) = self.options(g)?;
        let xi = self.num(x.clone())?;
        let mut nl = Vec::new();
        for o in l {
            nl.push(self.add(xi, o)?);
        }
        let mut nr = Vec::new();
        for o in r {
            nr.push(self.add(xi, o)?);
        }
        // Number translation gives the value; the reduction confirms the form is canonical
        // (bypassing a reversible option should a translated number option need it).
        self.reduce(nl, nr)
    }

    /// The canonical form of `x + n·↑ + *k`, derived from `↑ = {0|*}` and `*k`'s definition.
    fn closed(&mut self, x: &Dyadic, up: &BigInt, nim: &crate::number::Nimber) -> R<Id> {
        let small = |v: Option<u64>| v.filter(|&v| v <= MAX_CLOSED);
        let (Some(n), Some(k)) = (small(up.magnitude().to_u64()), small(nim.to_u64())) else {
            return Err(format!(
                "the independent check derives n·↑ + *k only for n and k up to {MAX_CLOSED}"
            ));
        };
        let zero = self.num(Dyadic::zero())?;
        // *0 … *k by the definition.
        let mut stars = vec![zero];
        for _ in 0..k {
            let s = self.form(stars.clone(), stars.clone())?;
            self.canonical.insert(s, true);
            stars.push(s);
        }
        let star = if k >= 1 {
            stars[1]
        } else {
            self.closed_star()?
        };
        let mut g = stars[k as usize];
        let u = self.reduce(vec![zero], vec![star])?;
        let step = if up.sign() == num_bigint::Sign::Minus {
            self.neg(u)?
        } else {
            u
        };
        for _ in 0..n {
            g = self.add(g, step)?;
        }
        let xi = self.num(x.clone())?;
        self.add(xi, g)
    }

    fn closed_star(&mut self) -> R<Id> {
        let zero = self.num(Dyadic::zero())?;
        let s = self.form(vec![zero], vec![zero])?;
        self.canonical.insert(s, true);
        Ok(s)
    }

    /// The form a term writes. Closed forms are derived here; `±`, Tiny and Miny by their
    /// definitions; a sum of forms by the definition of `+` (each part reduced first).
    fn node(&mut self, t: &Term) -> R<Id> {
        self.tick()?;
        self.depth += 1;
        if self.depth > MAX_TERM_DEPTH {
            return Err(format!(
                "the game is nested more than {MAX_TERM_DEPTH} levels deep, too deep for the independent check"
            ));
        }
        let out = self.node_inner(t);
        self.depth -= 1;
        out
    }

    fn node_inner(&mut self, t: &Term) -> R<Id> {
        match t {
            Term::Nus { number, up, nim } => {
                if up.is_zero() && nim.is_zero() {
                    self.num(number.clone())
                } else {
                    self.closed(number, up, nim)
                }
            }
            Term::Game { left, right } => {
                let mut l = Vec::new();
                for x in left {
                    l.push(self.node(x)?);
                }
                let mut r = Vec::new();
                for x in right {
                    r.push(self.node(x)?);
                }
                self.form(l, r)
            }
            Term::PlusMinus(xs) => {
                let mut l = Vec::new();
                let mut r = Vec::new();
                for x in xs {
                    let a = self.node(x)?;
                    l.push(a);
                    r.push(self.neg(a)?);
                }
                self.form(l, r)
            }
            Term::Neg(a) => {
                let a = self.node(a)?;
                self.neg(a)
            }
            // x + Tiny(G) = {x || x | x − G}; x + Miny(G) = {x + G | x || x}.
            Term::Tiny { number, sub } | Term::Miny { number, sub } => {
                let x = self.num(number.clone())?;
                let s = self.node(sub)?;
                self.confirm(s)?;
                let tiny = matches!(t, Term::Tiny { .. });
                let s = if tiny { self.neg(s)? } else { s };
                let y = self.add(x, s)?;
                let inner = if tiny {
                    self.form(vec![x], vec![y])?
                } else {
                    self.form(vec![y], vec![x])?
                };
                if tiny {
                    self.form(vec![x], vec![inner])
                } else {
                    self.form(vec![inner], vec![x])
                }
            }
            Term::Sum(a, b) => {
                let a = self.node(a)?;
                let b = self.node(b)?;
                self.confirm(a)?;
                self.confirm(b)?;
                self.add(a, b)
            }
            other => Err(format!(
                "the independent check reads games written with braces, closed forms, ±, Tiny, Miny, sums and negations; not {}",
                show(other)
            )),
        }
    }

    /// The thermograph for t ≥ 0 of a canonical form.
    fn thermograph(&mut self, g: Id) -> R<Thermo> {
        if let Some(th) = self.thermo.get(&g) {
            return Ok(th.clone());
        }
        self.tick()?;
        let th = if let Some(x) = self.as_num(g).cloned() {
            let wall = vec![(Dyadic::zero(), x.clone(), 0)];
            Thermo {
                left: wall.clone(),
                right: wall,
                temperature: None,
                mast: x,
            }
        } else {
            let (l, r) = self.options(g)?;
            if l.is_empty() || r.is_empty() {
                return Err(
                    "a canonical game that is not a number has options on both sides".into(),
                );
            }
            let mut lw = Vec::new();
            for o in l {
                lw.push(self.thermograph(o)?.right);
            }
            let mut rw = Vec::new();
            for o in r {
                rw.push(self.thermograph(o)?.left);
            }
            let ls = shift(&envelope(&lw, true)?, -1);
            let rs = shift(&envelope(&rw, false)?, 1);
            let tau = meet(&ls, &rs)?;
            let (a, b) = (eval(&ls, &tau), eval(&rs, &tau));
            if a != b {
                return Err(format!(
                    "the scaffolds do not meet at t = {tau} ({a} and {b}): not a canonical game"
                ));
            }
            Thermo {
                left: cut(&ls, &tau, &a),
                right: cut(&rs, &tau, &a),
                temperature: Some(tau),
                mast: a,
            }
        };
        self.thermo.insert(g, th.clone());
        Ok(th)
    }
}

/// The value of a wall at t ≥ 0.
fn eval(p: &Pl, t: &Dyadic) -> Dyadic {
    let piece = p.iter().rev().find(|q| q.0 <= *t).or(p.first());
    match piece {
        Some((t0, x0, s)) => x0 + &(&Dyadic::from(*s) * &(t - t0)),
        None => Dyadic::zero(),
    }
}

/// The slope of the piece in force just after t.
fn slope_at(p: &Pl, t: &Dyadic) -> i64 {
    p.iter()
        .rev()
        .find(|q| q.0 <= *t)
        .or(p.first())
        .map(|q| q.2)
        .unwrap_or(0)
}

/// `x / n` for n = 1 or 2 (the slopes differ by at most 2 between walls and scaffolds).
fn divide(x: &Dyadic, n: i64) -> R<Dyadic> {
    match n {
        1 => Ok(x.clone()),
        2 => Ok(x.half()),
        _ => Err(format!("two walls cross with slopes {n} apart")),
    }
}

/// The upper (`max`) or lower envelope of walls.
fn envelope(ws: &[Pl], max: bool) -> R<Pl> {
    let mut ts: Vec<Dyadic> = ws
        .iter()
        .flat_map(|w| w.iter().map(|q| q.0.clone()))
        .collect();
    ts.push(Dyadic::zero());
    ts.sort();
    ts.dedup();
    let mut out: Pl = Vec::new();
    for (j, t0) in ts.iter().enumerate() {
        let end = ts.get(j + 1);
        let mut t = t0.clone();
        loop {
            // The line on top just after t: the greatest value, then the steepest upward.
            let lines: Vec<(Dyadic, i64)> =
                ws.iter().map(|w| (eval(w, &t), slope_at(w, &t))).collect();
            let best = lines
                .iter()
                .cloned()
                .max_by(|a, b| {
                    if max {
                        a.0.cmp(&b.0).then(a.1.cmp(&b.1))
                    } else {
                        b.0.cmp(&a.0).then(b.1.cmp(&a.1))
                    }
                })
                .ok_or("an envelope of no walls")?;
            out.push((t.clone(), best.0.clone(), best.1));
            // The first line to overtake it before the next breakpoint.
            let mut next: Option<Dyadic> = None;
            for (v, s) in &lines {
                let gain = if max { s - best.1 } else { best.1 - s };
                if gain > 0 {
                    let gap = if max { &best.0 - v } else { v - &best.0 };
                    let at = &t + &divide(&gap, gain)?;
                    if at > t
                        && end.is_none_or(|e| at < *e)
                        && next.as_ref().is_none_or(|n| at < *n)
                    {
                        next = Some(at);
                    }
                }
            }
            match next {
                Some(at) => t = at,
                None => break,
            }
        }
    }
    Ok(out)
}

/// `w(t) + sign·t`.
fn shift(p: &Pl, sign: i64) -> Pl {
    p.iter()
        .map(|(t, x, s)| (t.clone(), x + &(&Dyadic::from(sign) * t), s + sign))
        .collect()
}

/// The least t ≥ 0 where `ls(t) ≤ rs(t)`.
fn meet(ls: &Pl, rs: &Pl) -> R<Dyadic> {
    let mut ts: Vec<Dyadic> = ls.iter().chain(rs).map(|q| q.0.clone()).collect();
    ts.sort();
    ts.dedup();
    for (j, t) in ts.iter().enumerate() {
        let d = &eval(ls, t) - &eval(rs, t);
        if d <= Dyadic::zero() {
            return Ok(t.clone());
        }
        let s = slope_at(ls, t) - slope_at(rs, t);
        if s < 0 {
            let at = t + &divide(&d, -s)?;
            if ts.get(j + 1).is_none_or(|e| at < *e) {
                return Ok(at);
            }
        }
    }
    Err("the scaffolds never meet: not a canonical game".into())
}

/// The wall up to tau, then the mast.
fn cut(p: &Pl, tau: &Dyadic, mast: &Dyadic) -> Pl {
    let mut out: Pl = p.iter().filter(|q| q.0 < *tau).cloned().collect();
    out.push((tau.clone(), mast.clone(), 0));
    out
}

/// The temperature (None for a number) and mean of a game written in canonical form, computed
/// by this module alone: for tests that compare it with `crate::analysis`.
#[cfg(test)]
pub fn temperature_and_mean(game: &Term) -> Result<(Option<Dyadic>, Dyadic), String> {
    let mut n = Naive::default();
    let g = n.node(game)?;
    n.confirm(g)?;
    let th = n.thermograph(g)?;
    Ok((th.temperature, th.mast))
}

/// The game argument: read and confirmed canonical.
fn game_arg(n: &mut Naive, a: &[Arg], name: &str) -> R<Id> {
    let (Some(Arg::Game(g)), Some(Arg::Game(_)), 2) = (a.first(), a.get(1), a.len()) else {
        return Err(format!("{name} takes a game and a game: {name}(G, t)"));
    };
    let g = n.node(g)?;
    n.confirm(g)?;
    Ok(g)
}

/// One option `name(X, t) + s` of an opening: X's form, after checking the call's t and the
/// shift s.
fn option_of(n: &mut Naive, o: &Term, name: &str, t: Id, shift: Id) -> R<Id> {
    let bad = || format!("the option {} is not {name}(X, t) ± t", show(o));
    let Term::Sum(call, s) = o else {
        return Err(bad());
    };
    let Term::Call { name: f, args } = &**call else {
        return Err(bad());
    };
    let (Some(Arg::Game(x)), Some(Arg::Game(tt)), 2) = (args.first(), args.get(1), args.len())
    else {
        return Err(bad());
    };
    if f != name {
        return Err(bad());
    }
    if n.node(tt)? != t {
        return Err(format!(
            "the option {} calls {name} with another t",
            show(o)
        ));
    }
    if n.node(s)? != shift {
        return Err(format!(
            "the option {} is shifted by the wrong amount",
            show(o)
        ));
    }
    n.node(x)
}

/// `{name(G^L, t) + ls | name(G^R, t) + rs}` over g's options, as sets.
fn definition(n: &mut Naive, term: &Term, g: Id, name: &str, t: Id, ls: Id, rs: Id) -> R<()> {
    let Term::Game { left, right } = term else {
        return Err(format!(
            "one level of the definition is a game {{{name}(G^L, t) ± t | {name}(G^R, t) ± t}}, not {}",
            show(term)
        ));
    };
    let (gl, gr) = n.options(g)?;
    for (who, opts, want, shift) in [("Left", left, gl, ls), ("Right", right, gr, rs)] {
        let mut got = Vec::new();
        for o in opts {
            got.push(option_of(n, o, name, t, shift)?);
        }
        got.sort_unstable();
        got.dedup();
        if got != want {
            return Err(format!(
                "{who}'s options are not those of the game as written"
            ));
        }
    }
    Ok(())
}

/// Checks an opening of `cool(G, t)`: the number itself when G is a number; G's mast value when
/// t is above its temperature; else `{cool(G^L, t) − t | cool(G^R, t) + t}` over G's options as
/// written (a closed form's: those of its canonical form).
pub fn cool(a: &[Arg], term: &Term) -> Result<(), String> {
    let mut n = Naive::default();
    let g = game_arg(&mut n, a, "cool")?;
    let Some(Arg::Game(tt)) = a.get(1) else {
        return Err("cool(G, t) takes a temperature".into());
    };
    let t = n.node(tt)?;
    let Some(tv) = n.as_num(t).cloned() else {
        return Err(format!("the temperature {} is not a number", show(tt)));
    };
    if tv < Dyadic::zero() {
        return Err(format!("cooling is defined for t >= 0, not {tv}"));
    }
    if let Some(x) = n.as_num(g).cloned() {
        return if n.node(term)? == g {
            Ok(())
        } else {
            Err(format!("a number cools to itself: cool({x}, {tv}) = {x}"))
        };
    }
    let th = n.thermograph(g)?;
    let tau = th.temperature.clone().unwrap_or_default();
    if tv > tau {
        let m = n.num(th.mast.clone())?;
        return if n.node(term)? == m {
            Ok(())
        } else {
            Err(format!(
                "t = {tv} is above the temperature {tau}, so the game cools to its mast value {}",
                th.mast
            ))
        };
    }
    let minus = n.num(-tv.clone())?;
    definition(&mut n, term, g, "cool", t, minus, t).map_err(|e| {
        format!("t = {tv} is at most the temperature {tau}, so cooling is one level of the definition: {e}")
    })
}

/// Checks an opening of `heat(G, t)`: G itself when G is a number, else
/// `{heat(G^L, t) + t | heat(G^R, t) − t}` over G's options as written.
pub fn heat(a: &[Arg], term: &Term) -> Result<(), String> {
    let mut n = Naive::default();
    let g = game_arg(&mut n, a, "heat")?;
    let Some(Arg::Game(tt)) = a.get(1) else {
        return Err("heat(G, t) takes a game t".into());
    };
    let t = n.node(tt)?;
    if n.as_num(g).is_some() {
        return if n.node(term)? == g {
            Ok(())
        } else {
            Err("a number heats to itself".into())
        };
    }
    let nt = n.neg(t)?;
    definition(&mut n, term, g, "heat", t, t, nt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(s: &str) -> Term {
        crate::syntax::parse(s).unwrap()
    }

    #[test]
    fn closed_forms_are_derived() {
        let mut n = Naive::default();
        for (closed, written) in [
            ("^", "{0|*}"),
            ("^*", "{0,*|0}"),
            ("^^", "{0|^*}"),
            ("*2", "{0,*|0,*}"),
            ("1/2^", "{1/2|1/2*}"),
        ] {
            let a = n.node(&term(closed)).unwrap();
            let b = n.node(&term(written)).unwrap();
            assert_eq!(a, b, "{closed} = {written}");
            n.confirm(b).unwrap();
        }
    }

    #[test]
    fn non_canonical_forms_are_refused() {
        let mut n = Naive::default();
        // {*|*} = 0 (both options reverse), 0 is dominated by 1, -1 by -2 for Right.
        for s in ["{*|*}", "{1,0|-1}", "{2|-1,-2}"] {
            let g = n.node(&term(s)).unwrap();
            assert!(n.confirm(g).is_err(), "{s} is not canonical");
        }
        let g = n.node(&term("{2|-1}")).unwrap();
        n.confirm(g).unwrap();
    }

    #[test]
    fn temperatures_of_textbook_examples() {
        let d = |s: &str| s.parse::<Dyadic>().unwrap();
        for (g, t, m) in [
            ("{{3|2}|0}", "5/4", "5/4"),
            ("{1/2|-3}", "7/4", "-5/4"),
            ("{1|-1}", "1", "0"),
            ("*", "0", "0"),
            ("^", "0", "0"),
        ] {
            let (tt, mm) = temperature_and_mean(&term(g)).unwrap();
            assert_eq!(tt, Some(d(t)), "{g}");
            assert_eq!(mm, d(m), "{g}");
        }
    }
}
