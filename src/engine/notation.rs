//! Notation the engine writes out before it rewrites: `Tiny(G)`, `Miny(G)`, `n.G` and the
//! empty Hackenstring are names for terms, not forms of their own, so no rule mentions them.
//!
//! The e-graph and the lemma-based proofs must start from the same written-out term, or a
//! proof built one way would not connect to a step built the other; both ask this module.

use super::{EngineError, Limits};
use crate::number::Dyadic;
use crate::term::Term;
use num_traits::{Signed, ToPrimitive};

/// What the head of `t` stands for when it is notation; `None` when `t` is a form itself.
/// Only the head is written out: its parts are returned as they were.
pub fn head(t: &Term, limits: &Limits) -> Result<Option<Term>, EngineError> {
    Ok(Some(match t {
        // Tiny(G) = {0||0|-G}.
        Term::Tiny { number, sub } => {
            let inner = Term::game(vec![Term::zero()], vec![Term::neg((**sub).clone())]);
            let tiny = Term::game(vec![Term::zero()], vec![inner]);
            Term::sum(Term::number(number.clone()), tiny)
        }
        // Miny(G) = {G|0||0}.
        Term::Miny { number, sub } => {
            let inner = Term::game(vec![(**sub).clone()], vec![Term::zero()]);
            let miny = Term::game(vec![inner], vec![Term::zero()]);
            Term::sum(Term::number(number.clone()), miny)
        }
        Term::Multiple { count, game } => {
            let n = count
                .abs()
                .to_u64()
                .filter(|n| *n <= limits.max_copies)
                .ok_or_else(|| {
                    EngineError::Unsupported(format!(
                        "{count} copies is more than the engine expands (at most {}); `onag::evaluate` computes large multiples directly",
                        limits.max_copies
                    ))
                })?;
            let g = if count.is_negative() {
                Term::neg((**game).clone())
            } else {
                (**game).clone()
            };
            let mut acc = Term::zero();
            for i in 0..n {
                acc = if i == 0 {
                    g.clone()
                } else {
                    Term::sum(acc, g.clone())
                };
            }
            acc
        }
        Term::Hackenstring(row) if row.is_empty() => Term::number(Dyadic::zero()),
        Term::Ref(n) => {
            return Err(EngineError::Unsupported(format!(
                "#{n} refers to a proof's term table; the engine takes written-out terms"
            )))
        }
        // A call is opened by the proof composer (`crate::proof`), which cites its function's
        // definition; a saturation run has no node for it.
        Term::Call { name, .. } => {
            return Err(EngineError::Unsupported(format!(
                "{name}(…) is opened by its definition in a proof (`onag::simplify`), not inside a saturation run"
            )))
        }
        // Rules work on trees: a `where` is written out when the tree fits the node limit.
        Term::Where { .. } => crate::sharing::expand(t, limits.max_nodes).map_err(|e| match e {
            crate::sharing::ExpandError::TooLarge { .. } => EngineError::Limit {
                which: format!("{e}; `onag::evaluate` evaluates it as written"),
                reached: "nothing (the input was not written out)".into(),
            },
            crate::sharing::ExpandError::Unbound(_) => EngineError::Unsupported(e.to_string()),
        })?,
        Term::Name(n) => {
            return Err(EngineError::Unsupported(format!(
                "`{n}` is not defined by a `where` around it"
            )))
        }
        _ => return Ok(None),
    }))
}

/// `t` with every piece of notation written out, as the engine holds it.
pub fn written_out(t: &Term, limits: &Limits) -> Result<Term, EngineError> {
    // A call stays a call (a proof opens it by its definition); its game arguments are
    // written out like any other part.
    if let Term::Call { name, args } = t {
        let args = args
            .iter()
            .map(|a| match a {
                crate::term::Arg::Game(g) => Ok(crate::term::Arg::Game(written_out(g, limits)?)),
                crate::term::Arg::Text(s) => Ok(crate::term::Arg::Text(s.clone())),
            })
            .collect::<Result<Vec<_>, EngineError>>()?;
        return Ok(Term::Call {
            name: name.clone(),
            args,
        });
    }
    if let Some(w) = head(t, limits)? {
        return written_out(&w, limits);
    }
    let all = |xs: &[Term]| {
        xs.iter()
            .map(|x| written_out(x, limits))
            .collect::<Result<Vec<_>, _>>()
    };
    Ok(match t {
        Term::Game { left, right } => Term::game(all(left)?, all(right)?),
        Term::Sum(a, b) => Term::sum(written_out(a, limits)?, written_out(b, limits)?),
        Term::Neg(a) => Term::neg(written_out(a, limits)?),
        Term::PlusMinus(xs) => Term::PlusMinus(all(xs)?),
        other => other.clone(),
    })
}
