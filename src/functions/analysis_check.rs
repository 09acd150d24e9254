//! The independent check of `cool` and `heat` openings: a second, deliberately naive
//! implementation of the definitions that calls nothing in `crate::analysis` and nothing in
//! the kernel.
//!
//! Its games are the proof checker's own forms (`definitional::inequality`: hash-consed, compared
//! by the definition, made canonical by the definitions in `definitional::values`), both being
//! the checker side. The call's game argument is read as written, each game's options sorted and
//! without repeats, and confirmed canonical: a game whose options are canonical is canonical
//! exactly when the checker's canonical form of it is itself, or is the closed form
//! `x + n·↑ + *k` whose options (by that closed form's definition) are the game's; such a game
//! is held as that closed form, so that a game written with braces and the closed form naming
//! it are one form, as they are one canonical form. Sums are read as the canonical form of the
//! sum, `±`, Tiny and Miny by their definitions. Then it computes thermographs for t ≥ 0 from
//! the options' walls, says what one level of the definition must be, and compares the
//! opening with it, options as sets of forms as written (not of values: heating is not a
//! function of the value).
//!
//! Theorems it leans on, each standard (Siegel, *Combinatorial Game Theory*, II.3–II.5):
//! - a form whose options are all numbers, every Left one below every Right one, equals the
//!   simplest number between them (the simplicity theorem), so such a form is read as that
//!   number;
//! - a canonical game that is not a number has both kinds of options, its left stop is at least
//!   its right stop, and its temperature is at least 0, so its walls for t ≥ 0 are the scaffolds
//!   `max RW(G^L)(t) − t`, `min LW(G^R)(t) + t` up to the least t ≥ 0 where they meet, and the
//!   mast above.

use crate::definitional::inequality::{Definitional, Form, FormId as Id, Memo, Undecided};
use crate::number::Dyadic;
use crate::term::{Arg, Term};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use std::collections::{HashMap, HashSet};

/// How much work (the checker's forms made, options listed, pairs compared) a check may do
/// before it gives up (and rejects, saying so).
const MAX_WORK: u64 = 20_000_000;
/// The largest `n` in `n·↑` and `k` in `*k` the check reads.
const MAX_CLOSED: u64 = 32;
/// The largest exponent of a dyadic's denominator the check accepts.
const MAX_EXP: u64 = 1024;
/// The deepest term the check reads (each level is a stack frame here).
const MAX_TERM_DEPTH: usize = 512;

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

/// The checker's forms, the games among them confirmed canonical, and the thermographs found.
struct Naive {
    memo: Memo,
    /// Games (not closed forms, which are canonical by their notation) confirmed canonical.
    canonical: HashSet<Id>,
    thermo: HashMap<Id, Thermo>,
    depth: usize,
}

impl Default for Naive {
    fn default() -> Self {
        Naive {
            memo: Memo::with_budget(MAX_WORK),
            canonical: HashSet::new(),
            thermo: HashMap::new(),
            depth: 0,
        }
    }
}

type R<T> = Result<T, String>;

/// The checker's refusal in this check's words: a limit is this check giving up.
fn undecided(u: Undecided) -> String {
    match u {
        Undecided::Limit(_) => format!(
            "the independent check gave up after {MAX_WORK} steps (the game is too large for it)"
        ),
        Undecided::Unreadable(why) => why,
    }
}

impl Naive {
    fn num(&mut self, x: Dyadic) -> R<Id> {
        if x.denominator_exp() > MAX_EXP {
            return Err(format!(
                "the number {x} has a denominator above 2^{MAX_EXP}, too fine for the independent check"
            ));
        }
        self.memo
            .leaf(x, BigInt::zero(), crate::number::Nimber::zero())
            .map_err(undecided)
    }

    fn as_num(&self, i: Id) -> Option<&Dyadic> {
        match self.memo.form(i) {
            Form::Leaf(x, u, n) if u.is_zero() && n.is_zero() => Some(x),
            _ => None,
        }
    }

    fn is_canonical(&self, i: Id) -> bool {
        matches!(self.memo.form(i), Form::Leaf(..)) || self.canonical.contains(&i)
    }

    /// Options one level down, each side sorted: a closed form's are those of its definition.
    fn options(&mut self, i: Id) -> R<(Vec<Id>, Vec<Id>)> {
        let o = self.memo.options(i).map_err(undecided)?;
        let (mut l, mut r) = (o.0.clone(), o.1.clone());
        l.sort_unstable();
        r.sort_unstable();
        Ok((l, r))
    }

    /// `{l | r}` as written, options sorted and without repeats: the simplest number between
    /// when every option is a number and every Left one is below every Right one (the
    /// simplicity theorem); the closed form it is, when it is that closed form's canonical
    /// form; else the game, confirmed canonical when it is.
    fn game(&mut self, mut l: Vec<Id>, mut r: Vec<Id>) -> R<Id> {
        for side in [&mut l, &mut r] {
            side.sort_unstable();
            side.dedup();
        }
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
        let whole = l.iter().chain(&r).all(|&o| self.is_canonical(o));
        let g = self
            .memo
            .intern(Form::Game(l.clone(), r.clone()))
            .map_err(undecided)?;
        if whole {
            let c = Definitional::new(&mut self.memo, None)
                .canonical(g)
                .map_err(undecided)?;
            if c == g {
                self.canonical.insert(g);
            } else if matches!(self.memo.form(c), Form::Leaf(..)) && self.options(c)? == (l, r) {
                return Ok(c);
            }
        }
        Ok(g)
    }

    /// Confirms that a form is canonical as written.
    fn confirm(&self, i: Id) -> R<()> {
        if self.is_canonical(i) {
            Ok(())
        } else {
            Err("the game is not written in canonical form".into())
        }
    }

    fn neg(&mut self, i: Id) -> R<Id> {
        match self.memo.form(i).clone() {
            Form::Leaf(x, u, n) => self.memo.leaf(-x, -u, n).map_err(undecided),
            _ => {
                let (l, r) = self.options(i)?;
                let nl = r.iter().map(|&x| self.neg(x)).collect::<R<_>>()?;
                let nr = l.iter().map(|&x| self.neg(x)).collect::<R<_>>()?;
                self.game(nl, nr)
            }
        }
    }

    /// The canonical form of `a + b`, both canonical, by the checker's canonical forms.
    fn add(&mut self, a: Id, b: Id) -> R<Id> {
        let s = self.memo.intern(Form::Sum(a, b)).map_err(undecided)?;
        let c = Definitional::new(&mut self.memo, None)
            .canonical(s)
            .map_err(undecided)?;
        if !matches!(self.memo.form(c), Form::Leaf(..)) {
            self.canonical.insert(c);
        }
        Ok(c)
    }

    /// The form a term writes. Closed forms by their notation; `±`, Tiny and Miny by their
    /// definitions; a sum of canonical forms by its canonical form.
    fn node(&mut self, t: &Term) -> R<Id> {
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
                let small = |v: Option<u64>| v.filter(|&v| v <= MAX_CLOSED).is_some();
                if !small(up.magnitude().to_u64()) || !small(nim.to_u64()) {
                    return Err(format!(
                        "the independent check derives n·↑ + *k only for n and k up to {MAX_CLOSED}"
                    ));
                }
                self.num(number.clone())?;
                self.memo
                    .leaf(number.clone(), up.clone(), nim.clone())
                    .map_err(undecided)
            }
            Term::Game { left, right } => {
                let l = left.iter().map(|x| self.node(x)).collect::<R<_>>()?;
                let r = right.iter().map(|x| self.node(x)).collect::<R<_>>()?;
                self.game(l, r)
            }
            Term::PlusMinus(xs) => {
                let mut l = Vec::new();
                let mut r = Vec::new();
                for x in xs {
                    let a = self.node(x)?;
                    l.push(a);
                    r.push(self.neg(a)?);
                }
                self.game(l, r)
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
                if tiny {
                    let inner = self.game(vec![x], vec![y])?;
                    self.game(vec![x], vec![inner])
                } else {
                    let inner = self.game(vec![y], vec![x])?;
                    self.game(vec![inner], vec![x])
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
                "the independent check reads games written with braces, closed forms, ±, Tiny, Miny, sums and negations; not {other}"
            )),
        }
    }

    /// The thermograph for t ≥ 0 of a canonical form.
    fn thermograph(&mut self, g: Id) -> R<Thermo> {
        if let Some(th) = self.thermo.get(&g) {
            return Ok(th.clone());
        }
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
    let bad = || format!("the option {o} is not {name}(X, t) ± t");
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
        return Err(format!("the option {o} calls {name} with another t"));
    }
    if n.node(s)? != shift {
        return Err(format!("the option {o} is shifted by the wrong amount"));
    }
    n.node(x)
}

/// `{name(G^L, t) + ls | name(G^R, t) + rs}` over g's options, as sets.
fn definition(n: &mut Naive, term: &Term, g: Id, name: &str, t: Id, ls: Id, rs: Id) -> R<()> {
    let Term::Game { left, right } = term else {
        return Err(format!(
            "one level of the definition is a game {{{name}(G^L, t) ± t | {name}(G^R, t) ± t}}, not {term}"
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
        return Err(format!("the temperature {tt} is not a number"));
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

    #[test]
    fn games_are_one_form_with_their_closed_forms_and_apart_from_equal_forms() {
        let mut n = Naive::default();
        // A canonical game written with braces is the closed form it is, at any depth.
        let up = n.node(&term("^")).unwrap();
        for s in ["{0|{0|0}}", "{0|*}", "-{{0|0}|0}"] {
            assert_eq!(n.node(&term(s)).unwrap(), up, "{s}");
        }
        assert_ne!(n.node(&term("^*")).unwrap(), up);
        // A form equal to ^ but not canonical is a form of its own, and not confirmed.
        let other = n.node(&term("{0,{*|*}|*}")).unwrap();
        assert_ne!(other, up);
        assert!(n.confirm(other).is_err());
        // Sums are read as their canonical forms: ^ + ^ + * is ^^*, one form with {0|^}.
        let sum = n.node(&term("^ + ^ + *")).unwrap();
        assert_eq!(sum, n.node(&term("{0|^}")).unwrap());
        assert_eq!(sum, n.node(&term("^^*")).unwrap());
    }

    #[test]
    fn an_option_listed_as_an_equal_form_is_not_the_option_written() {
        // {*|-1} is canonical; * listed as {0,{*|*}|0} (equal to it, not its form) is refused:
        // heating is not a function of the value.
        let args = [Arg::Game(term("{*|-1}")), Arg::Game(term("1"))];
        let good = term("{heat(*,1) + 1|heat(-1,1) - 1}");
        assert_eq!(heat(&args, &good), Ok(()));
        let equal = term("{heat({0,{*|*}|0},1) + 1|heat(-1,1) - 1}");
        assert_eq!(
            heat(&args, &equal),
            Err("Left's options are not those of the game as written".into())
        );
    }
}
