//! Shared terms written out: `body where A = …, B = …` ([`Term::Where`]) by substitution.
//!
//! A shared term is the text of a DAG: Σ_{k=1..30} {k|−k} has a canonical form of 2^30 leaves
//! as a tree but a few thousand distinct parts, and `where` writes each part once. The kernel
//! evaluates such a term directly (an environment of values). Everything that needs the tree
//! itself, the rewrite engine and the proofs, asks this module to write it out, which it does
//! only when the tree is small enough: the size written out is computed first, exactly (a
//! `BigInt`), in time proportional to the text, so a huge tree is refused before any of it is
//! built.

use crate::term::{children, Arg, Term};
use num_bigint::BigInt;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;
use std::fmt;

/// Why a shared term could not be written out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpandError {
    /// A name that no enclosing `where` defines before its use (a term built by a program;
    /// the parser rejects such text).
    Unbound(String),
    /// Written out, the term would have `size` nodes, more than `max`.
    TooLarge {
        /// The exact number of nodes of the written-out tree.
        size: BigInt,
        /// The most allowed.
        max: usize,
    },
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpandError::Unbound(n) => write!(f, "`{n}` is not defined by a `where` before its use"),
            ExpandError::TooLarge { size, max } => write!(
                f,
                "the term written out without `where` would have {size} nodes, more than the {max} allowed"
            ),
        }
    }
}

impl std::error::Error for ExpandError {}

/// Scoped bindings: each name maps to a stack of values, innermost last, so an inner `where`
/// may reuse an outer name and lookups cost O(1) however many definitions there are.
struct Env<V> {
    map: FxHashMap<String, Vec<V>>,
}

impl<V: Clone> Env<V> {
    fn new() -> Self {
        Env {
            map: FxHashMap::default(),
        }
    }
    fn push(&mut self, name: &str, v: V) {
        self.map.entry(name.to_string()).or_default().push(v);
    }
    fn pop(&mut self, name: &str) {
        if let Some(stack) = self.map.get_mut(name) {
            stack.pop();
            if stack.is_empty() {
                self.map.remove(name);
            }
        }
    }
    fn get(&self, name: &str) -> Option<&V> {
        self.map.get(name).and_then(|s| s.last())
    }
}

/// Whether the term contains a `where` or a name anywhere (if not, it is its own expansion).
pub fn is_shared(t: &Term) -> bool {
    match t {
        Term::Name(_) | Term::Where { .. } => true,
        Term::Game { left, right } => left.iter().chain(right).any(is_shared),
        Term::Sum(a, b) => is_shared(a) || is_shared(b),
        Term::Neg(a) => is_shared(a),
        Term::PlusMinus(xs) => xs.iter().any(is_shared),
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => is_shared(sub),
        Term::Multiple { game, .. } => is_shared(game),
        Term::Call { args, .. } => args.iter().any(|a| match a {
            Arg::Game(t) => is_shared(t),
            Arg::Text(_) => false,
        }),
        Term::Nus { .. } | Term::Hackenstring(_) | Term::Ref(_) => false,
    }
}

/// The exact number of nodes of the term written out ([`Term::size`] of [`expand`]'s result),
/// computed without writing it out: each definition's size once.
pub fn expanded_size(t: &Term) -> Result<BigInt, ExpandError> {
    size_in(t, &mut Env::new())
}

fn size_in(t: &Term, env: &mut Env<BigInt>) -> Result<BigInt, ExpandError> {
    let sum = |xs: &[Term], env: &mut Env<BigInt>| -> Result<BigInt, ExpandError> {
        let mut s = BigInt::zero();
        for x in xs {
            s += size_in(x, env)?;
        }
        Ok(s)
    };
    Ok(match t {
        Term::Name(n) => env
            .get(n)
            .cloned()
            .ok_or_else(|| ExpandError::Unbound(n.clone()))?,
        Term::Where { body, defs } => {
            let mut bound = 0;
            let mut result = Ok(BigInt::zero());
            for (name, d) in defs {
                match size_in(d, env) {
                    Ok(s) => {
                        env.push(name, s);
                        bound += 1;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_ok() {
                result = size_in(body, env);
            }
            for (name, _) in defs.iter().take(bound) {
                env.pop(name);
            }
            result?
        }
        Term::Game { left, right } => BigInt::one() + sum(left, env)? + sum(right, env)?,
        Term::Sum(a, b) => BigInt::one() + size_in(a, env)? + size_in(b, env)?,
        Term::Neg(a) => BigInt::one() + size_in(a, env)?,
        Term::PlusMinus(xs) => BigInt::one() + sum(xs, env)?,
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => BigInt::one() + size_in(sub, env)?,
        Term::Multiple { game, .. } => BigInt::one() + size_in(game, env)?,
        Term::Call { args, .. } => {
            let mut s = BigInt::one();
            for a in args {
                s += match a {
                    Arg::Game(t) => size_in(t, env)?,
                    Arg::Text(_) => BigInt::one(),
                };
            }
            s
        }
        Term::Nus { .. } | Term::Hackenstring(_) | Term::Ref(_) => BigInt::one(),
    })
}

/// The term with every `where` written out by substitution, when the result (and every
/// definition written out) has at most `max_nodes` nodes; otherwise [`ExpandError::TooLarge`]
/// with the exact size, found before anything is built. A term without `where` is returned as
/// it is.
pub fn expand(t: &Term, max_nodes: usize) -> Result<Term, ExpandError> {
    if !is_shared(t) {
        return Ok(t.clone());
    }
    check_sizes(t, max_nodes, &mut Env::new())?;
    Ok(subst(t, &mut Env::new()))
}

/// Every definition's and the whole term's written-out size within `max`.
fn check_sizes(t: &Term, max: usize, env: &mut Env<BigInt>) -> Result<(), ExpandError> {
    let size = expanded_size(t)?;
    let too_large = |size: BigInt| ExpandError::TooLarge { size, max };
    if size > BigInt::from(max) {
        return Err(too_large(size));
    }
    // The whole is within bounds; a definition the body never uses could still be huge.
    let mut defs_ok = Ok(());
    visit_defs(t, env, &mut |s| {
        if defs_ok.is_ok() && *s > BigInt::from(max) {
            defs_ok = Err(too_large(s.clone()));
        }
    })?;
    defs_ok
}

/// Calls `f` with the written-out size of every definition of every `where` in `t`.
fn visit_defs(
    t: &Term,
    env: &mut Env<BigInt>,
    f: &mut dyn FnMut(&BigInt),
) -> Result<(), ExpandError> {
    match t {
        Term::Where { body, defs } => {
            let mut bound = 0;
            let mut result = Ok(());
            for (name, d) in defs {
                let r = visit_defs(d, env, f).and_then(|_| size_in(d, env));
                match r {
                    Ok(s) => {
                        f(&s);
                        env.push(name, s);
                        bound += 1;
                    }
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
            if result.is_ok() {
                result = visit_defs(body, env, f);
            }
            for (name, _) in defs.iter().take(bound) {
                env.pop(name);
            }
            result
        }
        _ => {
            for c in children(t) {
                visit_defs(c, env, f)?;
            }
            Ok(())
        }
    }
}

/// Substitution, sizes already checked (so every name is bound).
fn subst(t: &Term, env: &mut Env<Term>) -> Term {
    let all = |xs: &[Term], env: &mut Env<Term>| xs.iter().map(|x| subst(x, env)).collect();
    match t {
        Term::Name(n) => env.get(n).cloned().unwrap_or_else(|| t.clone()),
        Term::Where { body, defs } => {
            for (name, d) in defs {
                let v = subst(d, env);
                env.push(name, v);
            }
            let b = subst(body, env);
            for (name, _) in defs {
                env.pop(name);
            }
            b
        }
        Term::Game { left, right } => Term::game(all(left, env), all(right, env)),
        Term::Sum(a, b) => Term::sum(subst(a, env), subst(b, env)),
        Term::Neg(a) => Term::neg(subst(a, env)),
        Term::PlusMinus(xs) => Term::PlusMinus(all(xs, env)),
        Term::Tiny { number, sub } => Term::Tiny {
            number: number.clone(),
            sub: Box::new(subst(sub, env)),
        },
        Term::Miny { number, sub } => Term::Miny {
            number: number.clone(),
            sub: Box::new(subst(sub, env)),
        },
        Term::Multiple { count, game } => Term::Multiple {
            count: count.clone(),
            game: Box::new(subst(game, env)),
        },
        Term::Call { name, args } => Term::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    Arg::Game(t) => Arg::Game(subst(t, env)),
                    Arg::Text(s) => Arg::Text(s.clone()),
                })
                .collect(),
        },
        Term::Nus { .. } | Term::Hackenstring(_) | Term::Ref(_) => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(n: &str) -> Term {
        Term::Name(n.to_string())
    }

    #[test]
    fn sizes_count_each_use_written_out() {
        // {A|A} where A = {B|B}, B = {1|0}: B has 3 nodes, A 7, the whole 15.
        let b = Term::game(vec![Term::integer(1)], vec![Term::integer(0)]);
        let a = Term::game(vec![name("B")], vec![name("B")]);
        let t = Term::Where {
            body: Box::new(Term::game(vec![name("A")], vec![name("A")])),
            defs: vec![("B".into(), b.clone()), ("A".into(), a)],
        };
        assert_eq!(expanded_size(&t), Ok(BigInt::from(15)));
        let out = expand(&t, 15).unwrap();
        let a_out = Term::game(vec![b.clone()], vec![b]);
        assert_eq!(out, Term::game(vec![a_out.clone()], vec![a_out]));
        assert_eq!(BigInt::from(out.size()), BigInt::from(15));
        assert_eq!(
            expand(&t, 14),
            Err(ExpandError::TooLarge {
                size: BigInt::from(15),
                max: 14
            })
        );
    }

    #[test]
    fn a_chain_of_doublings_is_sized_exactly_without_building() {
        // A0 = 1, A(k+1) = A(k) + A(k): 2^(k+1) − 1 nodes; k = 200 is far beyond any memory.
        let mut defs = vec![("A".to_string(), Term::integer(1))];
        let mut prev = "A".to_string();
        for _ in 0..200 {
            let next = format!("{prev}A");
            defs.push((next.clone(), Term::sum(name(&prev), name(&prev))));
            prev = next;
        }
        let t = Term::Where {
            body: Box::new(name(&prev)),
            defs,
        };
        let expected: BigInt = (BigInt::one() << 201u32) - 1;
        assert_eq!(expanded_size(&t), Ok(expected.clone()));
        assert!(
            matches!(expand(&t, 1 << 20), Err(ExpandError::TooLarge { size, .. }) if size == expected)
        );
    }

    #[test]
    fn unbound_and_shadowed_names() {
        assert_eq!(
            expanded_size(&name("X")),
            Err(ExpandError::Unbound("X".into()))
        );
        // (A where A = 2) + A where A = 1: the inner A is 2, the outer 1.
        let inner = Term::Where {
            body: Box::new(name("A")),
            defs: vec![("A".into(), Term::integer(2))],
        };
        let t = Term::Where {
            body: Box::new(Term::sum(inner, name("A"))),
            defs: vec![("A".into(), Term::integer(1))],
        };
        assert_eq!(
            expand(&t, 100),
            Ok(Term::sum(Term::integer(2), Term::integer(1)))
        );
        // A definition too large to write out is refused even when the body does not use it.
        let mut defs = vec![("A".to_string(), Term::integer(1))];
        for k in 0..30 {
            defs.push((
                format!("B{k}"),
                Term::sum(name(&defs[k].0), name(&defs[k].0)),
            ));
        }
        let t = Term::Where {
            body: Box::new(Term::integer(0)),
            defs,
        };
        assert!(matches!(
            expand(&t, 1000),
            Err(ExpandError::TooLarge { .. })
        ));
    }
}
