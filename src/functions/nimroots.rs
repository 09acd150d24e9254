//! The nim inverse and square root by their mex definitions (seed 000, I.6a), as one level of a
//! derivation, and the independent check of that level.
//!
//! ```text
//! q = 1/p = mex { 0, ((p' ⊕ p) ⊗ q' ⊕ 1) ⊗ (1/p') : 0 < p' < p, q' < q }
//! r = √s  = mex { √s', (a ⊗ b ⊕ s) ⊗ 1/(a ⊕ b) : s' < s, a < b < r }
//! ```
//!
//! The sets range over `q' < q` (and `a, b < r`), values below the one being defined: the
//! definition is read as the seed computes it, by growing the set until its mex stops moving.
//! That process ends at the *least* q with `mex S(q) = q` (the mex of a growing set only grows,
//! so every step stays at or below any fixed point). So one level of the definition is the
//! impartial game whose options are S(q) for that least fixed point: [`open`] writes it with
//! q from the fast inverse (or square root), each smaller inverse, root and product a call that
//! the derivation proves in turn, and [`check`] accepts it only when, by arithmetic of its own
//! written from the mex definitions, the options are exactly S(Q) for the claimed range Q and Q
//! is the least fixed point.
//!
//! Only nimbers below [`LIMIT`] (the field GF(16)) are opened: each level has up to p·q options
//! and the products under them are derived too. Above it `open` says so and `onag eval` gives
//! the value.

use super::Opening;
use crate::kernel::{Kernel, KernelError};
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

/// Nimbers below `*LIMIT` have their inverses and square roots derived.
pub const LIMIT: u64 = 16;

const CITE: &str = "seed 000 §I.6a (1/p and √s by mex)";

fn nim(n: u64) -> Term {
    Term::nimber(crate::number::Nimber::from(n))
}

fn call(name: &str, args: Vec<Term>) -> Term {
    Term::Call {
        name: name.to_string(),
        args: args.into_iter().map(Arg::Game).collect(),
    }
}

/// The one argument of `name(*n)` as a nimber below [`LIMIT`].
fn operand(name: &str, args: &[Arg], k: &mut Kernel) -> Result<u64, KernelError> {
    let [Arg::Game(t)] = args else {
        return Err(super::args::error(name, format!("{name} takes one nimber")));
    };
    let g = k.eval(t)?;
    let n = k.as_nimber(g).ok_or_else(|| {
        super::args::error(
            name,
            "the mex definition opens the inverse or square root of a nimber",
        )
    })?;
    n.to_u64().filter(|&x| x < LIMIT).ok_or_else(|| KernelError::TooLarge {
        what: format!(
            "{name}: *{n} is beyond the nimbers below *{LIMIT} whose mex definition is derived; `onag::evaluate` computes it by the fast algorithm"
        ),
    })
}

/// The value `name(*n)` has by the fast path, as a finite nimber.
fn fast(name: &str, n: u64, k: &mut Kernel) -> Result<u64, KernelError> {
    let g = super::value(k, name, &[Arg::Game(nim(n))])?;
    k.as_nimber(g)
        .and_then(|x| x.to_u64())
        .ok_or_else(|| super::args::error(name, "the value is not a finite nimber"))
}

/// One level of the mex definition of `niminv(*p)` or `nimsqrt(*s)`.
pub fn open(name: &str, args: &[Arg], k: &mut Kernel) -> Result<Option<Opening>, KernelError> {
    let n = operand(name, args, k)?;
    if name == "niminv" && n == 0 {
        return Err(super::args::error(name, "*0 has no nim inverse"));
    }
    let q = fast(name, n, k)?;
    let mut options = if name == "niminv" {
        vec![Term::zero()]
    } else {
        Vec::new()
    };
    if name == "niminv" {
        for p1 in 1..n {
            for q1 in 0..q {
                let inner = call("nimmul", vec![Term::sum(nim(p1), nim(n)), nim(q1)]);
                options.push(call(
                    "nimmul",
                    vec![Term::sum(inner, nim(1)), call("niminv", vec![nim(p1)])],
                ));
            }
        }
    } else {
        for s1 in 0..n {
            options.push(call("nimsqrt", vec![nim(s1)]));
        }
        for a in 0..q {
            for b in a + 1..q {
                let prod = call("nimmul", vec![nim(a), nim(b)]);
                options.push(call(
                    "nimmul",
                    vec![
                        Term::sum(prod, nim(n)),
                        call("niminv", vec![Term::sum(nim(a), nim(b))]),
                    ],
                ));
            }
        }
    }
    let (rule, says) = if name == "niminv" {
        (
            "nim-inverse-definition",
            format!("1/*{n} is the mex of 0 and ((*p' + *{n}) ⊗ *q' + *1) ⊗ 1/*p' for 0 < p' < {n} and q' below it, the least value that is the mex of its own set: *{q}"),
        )
    } else {
        (
            "nim-sqrt-definition",
            format!("√*{n} is the mex of √*s' for s' < {n} and (*a ⊗ *b + *{n}) ⊗ 1/(*a + *b) for a < b below it, the least value that is the mex of its own set: *{q}"),
        )
    };
    Ok(Some(Opening {
        term: Term::game(options.clone(), options),
        rule,
        says,
        cite: CITE,
    }))
}

/// Checks that `term` is one level of the mex definition of `name(args)`, by arithmetic of its
/// own (nim products by their mex definition, inverses and roots by search).
pub fn check(name: &str, args: &[Arg], term: &Term) -> Result<(), String> {
    let [Arg::Game(x)] = args else {
        return Err(format!("{name} takes one nimber"));
    };
    let n = naive::nimber(x).ok_or("the argument is not a nimber")?;
    if n >= LIMIT {
        return Err(format!("checked for nimbers below *{LIMIT} only"));
    }
    let Term::Game { left, right } = term else {
        return Err("the opening is an impartial game {options | options}".into());
    };
    let t = naive::Table::new();
    let inverse = name == "niminv";
    if inverse && n == 0 {
        return Err("*0 has no nim inverse".into());
    }
    // The option an entry of the set stands for, as a key: its value's ingredients.
    let read = |o: &Term| -> Option<Key> {
        if inverse {
            naive::inverse_option(n, o)
        } else {
            naive::sqrt_option(n, o)
        }
    };
    let mut sides = Vec::new();
    for (who, side) in [("Left", left), ("Right", right)] {
        let mut have = BTreeSet::new();
        for o in side {
            let key = read(o).ok_or_else(|| {
                format!(
                    "{who} option {} is not a term of the definition",
                    crate::syntax::print(o, &Default::default())
                )
            })?;
            if !have.insert(key) {
                return Err(format!(
                    "{who} lists {} twice",
                    crate::syntax::print(o, &Default::default())
                ));
            }
        }
        sides.push(have);
    }
    if sides[0] != sides[1] {
        return Err("the two players' options differ".into());
    }
    // The least fixed point of the definition, grown as the seed grows it.
    let set = |q: u64| -> BTreeSet<Key> {
        let mut s = BTreeSet::new();
        if inverse {
            s.insert(Key::Zero);
            for p1 in 1..n {
                for q1 in 0..q {
                    s.insert(Key::Inverse(p1, q1));
                }
            }
        } else {
            for s1 in 0..n {
                s.insert(Key::Root(s1));
            }
            for a in 0..q {
                for b in a + 1..q {
                    s.insert(Key::Pair(a, b));
                }
            }
        }
        s
    };
    let value = |k: &Key| -> u64 {
        match *k {
            Key::Zero => 0,
            Key::Inverse(p1, q1) => t.mul(t.mul(p1 ^ n, q1) ^ 1, t.inverse(p1)),
            Key::Root(s1) => t.sqrt(s1),
            Key::Pair(a, b) => t.mul(t.mul(a, b) ^ n, t.inverse(a ^ b)),
        }
    };
    let mex = |s: &BTreeSet<Key>| -> u64 {
        let values: BTreeSet<u64> = s.iter().map(value).collect();
        (0..).find(|v| !values.contains(v)).unwrap_or(0)
    };
    let mut q = 0;
    loop {
        let m = mex(&set(q));
        if m == q {
            break;
        }
        q = m;
        if q >= LIMIT {
            return Err("the definition's set grows past the field".into());
        }
    }
    let want = set(q);
    if sides[0] != want {
        return Err(format!(
            "the options are not the definition's set for the value *{q} (the least that is the mex of its own set)"
        ));
    }
    Ok(())
}

/// An option of the definition by what it is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    /// The inverse's option 0.
    Zero,
    /// ((p' ⊕ p) ⊗ q' ⊕ 1) ⊗ 1/p'.
    Inverse(u64, u64),
    /// √s'.
    Root(u64),
    /// (a ⊗ b ⊕ s) ⊗ 1/(a ⊕ b), a < b.
    Pair(u64, u64),
}

/// The check's own arithmetic and readers: nothing from the kernel or the fast nimber code.
mod naive {
    use super::*;
    use num_traits::Zero;

    /// Nim products below [`LIMIT`] by the mex definition, inverses and square roots by search.
    pub struct Table {
        mul: Vec<Vec<u64>>,
    }

    impl Table {
        pub fn new() -> Table {
            let n = LIMIT as usize;
            let mut mul = vec![vec![0u64; n]; n];
            for a in 0..n {
                for b in 0..n {
                    let mut seen = BTreeSet::new();
                    for a1 in 0..a {
                        for b1 in 0..b {
                            seen.insert(mul[a1][b] ^ mul[a][b1] ^ mul[a1][b1]);
                        }
                    }
                    mul[a][b] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
                }
            }
            Table { mul }
        }
        pub fn mul(&self, a: u64, b: u64) -> u64 {
            self.mul[a as usize][b as usize]
        }
        /// The x with p ⊗ x = 1 (0 for p = 0, which no option reaches: p' and a ⊕ b are
        /// nonzero there).
        pub fn inverse(&self, p: u64) -> u64 {
            (0..LIMIT).find(|&x| self.mul(p, x) == 1).unwrap_or(0)
        }
        pub fn sqrt(&self, s: u64) -> u64 {
            (0..LIMIT).find(|&x| self.mul(x, x) == s).unwrap_or(0)
        }
    }

    /// A nimber written as `*n` (or `0`).
    pub fn nimber(t: &Term) -> Option<u64> {
        match t {
            Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() => nim.to_u64(),
            _ => None,
        }
    }

    /// The nim sum of the nimbers of a sum `*a + *b + …`.
    fn nim_sum(t: &Term) -> Option<u64> {
        match t {
            Term::Sum(a, b) => Some(nim_sum(a)? ^ nim_sum(b)?),
            _ => nimber(t),
        }
    }

    fn args<'a>(t: &'a Term, name: &str) -> Option<&'a [Arg]> {
        match t {
            Term::Call { name: n, args } if n == name => Some(args),
            _ => None,
        }
    }

    fn game(a: &Arg) -> Option<&Term> {
        match a {
            Arg::Game(t) => Some(t),
            Arg::Text(_) => None,
        }
    }

    /// `nimmul(nimmul(*p' + *p, *q') + *1, niminv(*p'))`.
    pub fn inverse_option(p: u64, t: &Term) -> Option<Key> {
        if nimber(t) == Some(0) {
            return Some(Key::Zero);
        }
        let [x, y] = args(t, "nimmul")? else {
            return None;
        };
        let Term::Sum(inner, one) = game(x)? else {
            return None;
        };
        if nimber(one)? != 1 {
            return None;
        }
        let [u, v] = args(inner, "nimmul")? else {
            return None;
        };
        let [w] = args(game(y)?, "niminv")? else {
            return None;
        };
        let p1 = nimber(game(w)?)?;
        let q1 = nimber(game(v)?)?;
        let Term::Sum(a, b) = game(u)? else {
            return None;
        };
        let pair = [nimber(a)?, nimber(b)?];
        (p1 > 0 && p1 < p && (pair == [p1, p] || pair == [p, p1])).then_some(Key::Inverse(p1, q1))
    }

    /// `nimsqrt(*s')` or `nimmul(nimmul(*a, *b) + *s, niminv(*a + *b))`.
    pub fn sqrt_option(s: u64, t: &Term) -> Option<Key> {
        if let Some([s1]) = args(t, "nimsqrt") {
            return Some(Key::Root(nimber(game(s1)?)?));
        }
        let [x, y] = args(t, "nimmul")? else {
            return None;
        };
        let Term::Sum(prod, plus) = game(x)? else {
            return None;
        };
        if nimber(plus)? != s {
            return None;
        }
        let [u, v] = args(prod, "nimmul")? else {
            return None;
        };
        let (a, b) = (nimber(game(u)?)?, nimber(game(v)?)?);
        let [w] = args(game(y)?, "niminv")? else {
            return None;
        };
        let (lo, hi) = (a.min(b), a.max(b));
        (lo < hi && nim_sum(game(w)?)? == a ^ b).then_some(Key::Pair(lo, hi))
    }
}
