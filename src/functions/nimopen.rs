//! The mex definition of the nim product as one level of a derivation, and its independent
//! check.
//!
//! Seed 000 §I.6a and seed 003 (Definition 32; the product of impartial games `x × y`, line
//! "x × y := {(x'×y) + (x×y') + (x'×y')}") define
//!
//! ```text
//! *a ⊗ *b = mex { (*a' ⊗ *b) ⊕ (*a ⊗ *b') ⊕ (*a' ⊗ *b') : a' < a, b' < b }
//! ```
//!
//! As a game, that mex is the impartial game whose options (the same for both players) are the
//! sums `f(*a', *b) + f(*a, *b') + f(*a', *b')`: a sum of nimbers is their nim sum and an
//! impartial game of nimbers is the mex of them, both by rules the simplifier already has. So
//! [`open`] writes `nimmul(*a, *b)` (or `mul(G, H)` for two impartial games, seed 003's G×H) as
//! that game, each smaller product a call, and the derivation proves each distinct call once.
//!
//! Only products of nimbers below [`LIMIT`] are opened: the opening has a·b options, and the
//! derivation under it every smaller product. Above that `open` says the derivation is too
//! large and that `onag eval` computes the value by the fast product — never a wrong term.
//! Transfinite nimbers have infinitely many options and are refused the same way.
//!
//! The nim inverse and square root of seed 000 §I.6a range over values below the one being
//! defined; they open in [`super::nimroots`], which reads the definition as its least fixed
//! point.
//!
//! [`check`] re-derives the option set from the definition alone, reading nimbers from the
//! terms by a naive Sprague–Grundy evaluation of its own (no kernel), and compares the sets
//! exactly, in any order, each option listed once.

use super::world::{self, Value};
use super::Opening;
use crate::kernel::{Kernel, KernelError};
use crate::number::Nimber;
use crate::term::{Arg, Term};
use std::collections::BTreeSet;

/// Nimbers from `*0` up to `*(LIMIT − 1)` are opened by the definition.
pub const LIMIT: u64 = 256;

/// The citation of the definition.
const CITE: &str = "seed 000 §I.6a (p⊗q = mex{(p'⊗q)⊕(p⊗q')⊕(p'⊗q')}); seed 003, Definition 32 and the product x × y of impartial games";

/// One level of the mex definition of `name(a, b)` (`nimmul` or `mul`); an error when an
/// argument is a nimber too large to derive (or transfinite), and for `nimmul` when one is not
/// a nimber. `mul` of two arguments that are not both impartial has no derivation here
/// (`None`): it is the product of numbers.
pub fn open(
    name: &'static str,
    args: &[Arg],
    k: &mut Kernel,
) -> Result<Option<Opening>, KernelError> {
    let Some((a, b)) = operands(name, args, k)? else {
        return Ok(None);
    };
    let nim = |n: u64| Term::nimber(Nimber::from(n));
    let call = |x: u64, y: u64| Term::Call {
        name: name.to_string(),
        args: vec![Arg::Game(nim(x)), Arg::Game(nim(y))],
    };
    let mut options = Vec::with_capacity((a * b) as usize);
    for a1 in 0..a {
        for b1 in 0..b {
            options.push(Term::sum(Term::sum(call(a1, b), call(a, b1)), call(a1, b1)));
        }
    }
    let op = if name == "mul" { "×" } else { "⊗" };
    Ok(Some(Opening {
        term: Term::game(options.clone(), options),
        rule: if name == "mul" {
            "impartial-product-definition"
        } else {
            "nim-product-definition"
        },
        says: format!(
            "*{a} {op} *{b} is the impartial game whose options are (*a' {op} *{b}) + (*{a} {op} *b') + (*a' {op} *b') for all a' < {a} and b' < {b}: its value is their mex"
        ),
        cite: CITE,
    }))
}

/// The two operands as finite nimbers below [`LIMIT`]; `None` for `mul` of operands that are
/// not both nimbers.
fn operands(name: &str, args: &[Arg], k: &mut Kernel) -> Result<Option<(u64, u64)>, KernelError> {
    if args.len() != 2 {
        return Err(super::args::error(
            name,
            format!("expected 2 arguments, found {}", args.len()),
        ));
    }
    let mut out = [0u64; 2];
    let mut nimbers = Vec::with_capacity(2);
    for (i, a) in args.iter().enumerate() {
        let Arg::Game(t) = a else {
            return Err(super::args::error(
                name,
                format!("argument {} must be an expression, not a string", i + 1),
            ));
        };
        let v = world::eval(k, t)?;
        let shown = v.display(k, true);
        let n = match &v {
            Value::Game(g) => k.as_nimber(*g),
            Value::Nimber(_) => {
                return Err(KernelError::TooLarge {
                    what: format!(
                        "{name}: argument {} is the transfinite nimber {shown}, whose mex definition has infinitely many options; `onag::evaluate` computes the product",
                        i + 1
                    ),
                })
            }
            _ => None,
        };
        let Some(n) = n else {
            if name == "mul" {
                return Ok(None);
            }
            return Err(super::args::error(
                name,
                format!(
                    "the mex definition opens a product of two nimbers (impartial games); argument {} is {shown}",
                    i + 1
                ),
            ));
        };
        nimbers.push(n);
    }
    for (i, n) in nimbers.iter().enumerate() {
        out[i] = match n.to_u64().filter(|&x| x < LIMIT) {
            Some(x) => x,
            None => {
                return Err(KernelError::TooLarge {
                    what: format!(
                        "{name}: argument {} is *{n}; the mex definition is derived for nimbers below *{LIMIT} only (too large to derive); `onag::evaluate` computes the product by the fast algorithm",
                        i + 1
                    ),
                })
            }
        };
    }
    Ok(Some((out[0], out[1])))
}

/// Checks that `term` is exactly one level of the mex definition of `name(args)`, by a
/// re-derivation from the definition that shares nothing with [`open`] or the kernel.
pub fn check(name: &str, args: &[Arg], term: &Term) -> Result<(), String> {
    let [Arg::Game(x), Arg::Game(y)] = args else {
        return Err(format!("{name} takes two games"));
    };
    let a = naive::grundy(x).ok_or("the first argument is not an impartial game")?;
    let b = naive::grundy(y).ok_or("the second argument is not an impartial game")?;
    if a >= LIMIT || b >= LIMIT {
        return Err(format!(
            "the definition is checked for nimbers below *{LIMIT} only"
        ));
    }
    let Term::Game { left, right } = term else {
        return Err("the opening of a nim product is an impartial game {options | options}".into());
    };
    let want: BTreeSet<(u64, u64)> = (0..a).flat_map(|p| (0..b).map(move |q| (p, q))).collect();
    for (who, side) in [("Left", left), ("Right", right)] {
        let mut have = BTreeSet::new();
        for o in side {
            let key = naive::option(name, a, b, o).ok_or_else(|| {
                format!(
                    "{who} option {} is not ({name}(*a', *{b}) + {name}(*{a}, *b') + {name}(*a', *b')) for any a' < {a}, b' < {b}",
                    crate::syntax::print(o, &Default::default())
                )
            })?;
            if !have.insert(key) {
                return Err(format!(
                    "{who} lists the option for a' = {}, b' = {} twice",
                    key.0, key.1
                ));
            }
        }
        if let Some((p, q)) = want.difference(&have).next() {
            return Err(format!("{who} misses the option for a' = {p}, b' = {q}"));
        }
    }
    Ok(())
}

/// The re-derivation's own readers: Sprague–Grundy values of terms from the definition (an
/// impartial game's value is the mex of its options' values), no kernel.
mod naive {
    use super::*;
    use num_traits::Zero;

    /// Deepest term read.
    const DEPTH: usize = 64;

    /// The nimber an impartial term equals: `*n`, or `{…}` with the same options on both
    /// sides (as a set of values), each impartial, valued by the mex.
    pub fn grundy(t: &Term) -> Option<u64> {
        grundy_at(t, 0)
    }

    fn grundy_at(t: &Term, depth: usize) -> Option<u64> {
        if depth > DEPTH {
            return None;
        }
        match t {
            Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() => nim.to_u64(),
            Term::Game { left, right } => {
                let values = |side: &[Term]| -> Option<BTreeSet<u64>> {
                    side.iter().map(|o| grundy_at(o, depth + 1)).collect()
                };
                let (l, r) = (values(left)?, values(right)?);
                if l != r {
                    return None;
                }
                (0..).find(|n| !l.contains(n))
            }
            _ => None,
        }
    }

    /// The (a', b') of an option `name(*a', *b) + name(*a, *b') + name(*a', *b')`, its three
    /// products in any order and grouping.
    pub fn option(name: &str, a: u64, b: u64, t: &Term) -> Option<(u64, u64)> {
        let mut parts = Vec::new();
        summands(t, &mut parts);
        if parts.len() != 3 {
            return None;
        }
        let mut calls = Vec::new();
        for p in parts {
            let Term::Call { name: n, args } = p else {
                return None;
            };
            let [Arg::Game(x), Arg::Game(y)] = args.as_slice() else {
                return None;
            };
            if n != name {
                return None;
            }
            calls.push((grundy(x)?, grundy(y)?));
        }
        // the product of the two smaller operands names a' and b'
        let &(p, q) = calls.iter().find(|(p, q)| *p < a && *q < b)?;
        let mut got = calls.clone();
        got.sort_unstable();
        let mut want = vec![(p, b), (a, q), (p, q)];
        want.sort_unstable();
        (got == want).then_some((p, q))
    }

    fn summands<'a>(t: &'a Term, out: &mut Vec<&'a Term>) {
        match t {
            Term::Sum(x, y) => {
                summands(x, out);
                summands(y, out);
            }
            _ => out.push(t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &str, b: &str) -> Vec<Arg> {
        vec![
            Arg::Game(crate::syntax::parse(a).unwrap()),
            Arg::Game(crate::syntax::parse(b).unwrap()),
        ]
    }

    #[test]
    fn opens_and_checks() {
        let mut k = Kernel::new();
        for (x, y) in [("*2", "*3"), ("0", "*5"), ("*", "*"), ("{0,*|0,*}", "*3")] {
            let a = args(x, y);
            let o = open("nimmul", &a, &mut k).unwrap().unwrap();
            assert_eq!(check("nimmul", &a, &o.term), Ok(()), "{x} ⊗ {y}");
        }
    }
}
