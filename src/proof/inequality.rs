//! Inequalities between games, decided and proved by the definition.
//!
//! Seed 002 Definition 2.5: G ≤ H unless some G^L ≥ H or some H^R ≤ G. The checker decides every
//! side condition with [`Definitional`], a second comparison written straight from that
//! definition, so a proof's conditions do not rest on the kernel's faster comparison (stops,
//! memoised shortcuts) that computed them in the first place. Only three shortcuts are taken,
//! each a stated theorem:
//!
//! * numbers compare as rationals (seed 000 II.5);
//! * closed forms x + n·↑ + *m compare by their formula: equal x, then n·↑ + *m ≥ 0 exactly when
//!   n ≥ 2, or n = 1 and m ≠ 1, or n = 0 and m = 0 (seed 002 §4 on ↑ and *); a written-out
//!   proof uses it only where the depth asked for runs out;
//! * a number x and a game H that is not a number: x ≤ H exactly when no H^R ≤ x, and H ≤ x
//!   exactly when no H^L ≥ x (number avoidance, seed 002 Theorem 5.6).
//!
//! [`Inequality`] is the same decision written out as a tree, to the depth a reader asks for.

use crate::kernel::{GameId, Kernel, KernelError};
use crate::rules::Rel;
use crate::term::Term;
use num_bigint::BigInt;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;
use std::fmt;

/// How deep the definition may recurse before it gives up with an error rather than risk the
/// stack.
const MAX_DEPTH: usize = 1_500;

/// Game options each expansion may list before the proof tree says "and so on".
const MAX_LISTED: usize = 64;

/// `G ≤ H` decided by the definition, with a memo. The kernel it is given supplies values and
/// canonical options only, never its own comparison.
pub struct Definitional<'k> {
    kernel: &'k mut Kernel,
    memo: &'k mut Memo,
}

/// What [`Definitional`] has decided, kept between uses.
#[derive(Default)]
pub struct Memo(FxHashMap<(GameId, GameId), bool>);

impl<'k> Definitional<'k> {
    /// A decider over `kernel`'s values, remembering in `memo`.
    pub fn new(kernel: &'k mut Kernel, memo: &'k mut Memo) -> Self {
        Definitional { kernel, memo }
    }

    /// The kernel, for evaluating terms.
    pub fn kernel(&mut self) -> &mut Kernel {
        self.kernel
    }

    /// Whether `a ≤ b`.
    pub fn le(&mut self, a: GameId, b: GameId) -> Result<bool, KernelError> {
        self.le_at(a, b, 0)
    }

    /// The relation between `a` and `b`.
    pub fn compare(
        &mut self,
        a: GameId,
        b: GameId,
    ) -> Result<crate::kernel::Relation, KernelError> {
        use crate::kernel::Relation::*;
        let ab = self.le(a, b)?;
        let ba = self.le(b, a)?;
        Ok(match (ab, ba) {
            (true, true) => Equal,
            (true, false) => Less,
            (false, true) => Greater,
            (false, false) => Fuzzy,
        })
    }

    fn le_at(&mut self, a: GameId, b: GameId, depth: usize) -> Result<bool, KernelError> {
        if a == b {
            return Ok(true);
        }
        if let Some(r) = closed_forms_le(self.kernel, a, b) {
            return Ok(r);
        }
        if let Some(&r) = self.memo.0.get(&(a, b)) {
            return Ok(r);
        }
        if depth > MAX_DEPTH {
            return Err(KernelError::TooLarge {
                what: format!("a comparison by the definition more than {MAX_DEPTH} levels deep"),
            });
        }
        let r = self.by_options(a, b, depth)?;
        self.memo.0.insert((a, b), r);
        Ok(r)
    }

    /// No a^L ≥ b and no b^R ≤ a; a number's own options are never tried (number avoidance).
    fn by_options(&mut self, a: GameId, b: GameId, depth: usize) -> Result<bool, KernelError> {
        if self.kernel.as_number(a).is_none() {
            for x in self.kernel.left_options(a)? {
                if self.le_at(b, x, depth + 1)? {
                    return Ok(false);
                }
            }
        }
        if self.kernel.as_number(b).is_none() {
            for y in self.kernel.right_options(b)? {
                if self.le_at(y, a, depth + 1)? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }
}

/// `a ≤ b` when both are closed forms x + n·↑ + *m, by the formula; `None` otherwise.
fn closed_forms_le(k: &Kernel, a: GameId, b: GameId) -> Option<bool> {
    let (x, n, m) = k.as_nus(a)?;
    let (y, p, q) = k.as_nus(b)?;
    if x != y {
        return Some(x < y);
    }
    // b − a = (p − n)·↑ + *(m ⊕ q), and a ≤ b when that is ≥ 0.
    let ups: BigInt = p - n;
    let star = m.nim_add(&q);
    let one = crate::number::Nimber::new(One::one());
    Some(if ups >= BigInt::from(2) {
        true
    } else if ups.is_one() {
        star != one
    } else if ups.is_zero() {
        star.is_zero()
    } else {
        false
    })
}

/// Why an inequality holds or fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Both sides are numbers; they compare as rationals.
    Numbers,
    /// Both sides are closed forms x + n·↑ + *m; they compare by the formula.
    ClosedForms,
    /// G ≤ H holds by the definition: each entry refutes one way it could fail (`H ≤ G^L`
    /// fails for every Left option of G, `H^R ≤ G` fails for every Right option of H). When
    /// one side is a number, its options are not tried (number avoidance).
    Definition {
        /// The refutations, one per option tried.
        refutations: Vec<Inequality>,
        /// Options not listed (beyond [`MAX_LISTED`]); each was decided all the same.
        unlisted: usize,
        /// A side was a number whose options number avoidance lets us skip.
        avoided: bool,
    },
    /// G ≤ H fails: a Left option G^L with H ≤ G^L, or a Right option H^R with H^R ≤ G.
    Counterexample(Box<Inequality>),
    /// Decided by the definition but not written out: the depth asked for is used up.
    Unexpanded,
}

/// A proof that `left ≤ right` holds, or that it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inequality {
    /// G.
    pub left: Term,
    /// H.
    pub right: Term,
    /// Whether G ≤ H.
    pub holds: bool,
    /// Why.
    pub reason: Reason,
}

/// Whether a term is written as a number.
fn number_term(t: &Term) -> bool {
    matches!(t, Term::Nus { up, nim, .. } if up.is_zero() && nim.is_zero())
}

/// The options of a term as a reader sees them: an explicit game's own options; any other term
/// (a closed form, a sum) by the options of its canonical form.
fn options(d: &mut Definitional, t: &Term) -> Result<(Vec<Term>, Vec<Term>), KernelError> {
    if let Term::Game { left, right } = t {
        return Ok((left.clone(), right.clone()));
    }
    let g = d.kernel.eval(t)?;
    let l = d.kernel.left_options(g)?;
    let r = d.kernel.right_options(g)?;
    let l = l.into_iter().map(|x| d.kernel.to_term(x)).collect();
    let r = r.into_iter().map(|x| d.kernel.to_term(x)).collect();
    Ok((l, r))
}

impl Inequality {
    /// The proof that `g ≤ h` holds or fails, written out `depth` levels deep.
    pub fn prove(
        d: &mut Definitional,
        g: &Term,
        h: &Term,
        depth: usize,
    ) -> Result<Inequality, KernelError> {
        let a = d.kernel.eval(g)?;
        let b = d.kernel.eval(h)?;
        let holds = d.le(a, b)?;
        let mut out = Inequality {
            left: g.clone(),
            right: h.clone(),
            holds,
            reason: Reason::Unexpanded,
        };
        // The shortcuts apply to what the reader sees: a number written as a number, not a
        // game form whose value happens to be one (that would assume what is being shown).
        if number_term(g) && number_term(h) {
            out.reason = Reason::Numbers;
            return Ok(out);
        }
        if depth == 0 {
            // Out of depth: closed forms still get their formula as the reason; a reader who
            // asks for more depth sees them opened up by the definition instead.
            if matches!(g, Term::Nus { .. }) && matches!(h, Term::Nus { .. }) {
                out.reason = Reason::ClosedForms;
            }
            return Ok(out);
        }
        // Number avoidance: a number's options need no trying against a game that is not one.
        let skip_g = number_term(g) && d.kernel.as_number(b).is_none();
        let skip_h = number_term(h) && d.kernel.as_number(a).is_none();
        let (gl, _) = if skip_g {
            (Vec::new(), Vec::new())
        } else {
            options(d, g)?
        };
        let (_, hr) = if skip_h {
            (Vec::new(), Vec::new())
        } else {
            options(d, h)?
        };
        // The ways G ≤ H could fail: H ≤ G^L, or H^R ≤ G.
        let tries = gl
            .iter()
            .map(|x| (h.clone(), x.clone()))
            .chain(hr.iter().map(|y| (y.clone(), g.clone())));
        if holds {
            let mut refutations = Vec::new();
            let mut unlisted = 0;
            for (x, y) in tries {
                if refutations.len() >= MAX_LISTED {
                    unlisted += 1;
                    continue;
                }
                refutations.push(Inequality::prove(d, &x, &y, depth - 1)?);
            }
            out.reason = Reason::Definition {
                refutations,
                unlisted,
                avoided: skip_g || skip_h,
            };
        } else {
            for (x, y) in tries {
                let (vx, vy) = (d.kernel.eval(&x)?, d.kernel.eval(&y)?);
                if d.le(vx, vy)? {
                    out.reason =
                        Reason::Counterexample(Box::new(Inequality::prove(d, &x, &y, depth - 1)?));
                    break;
                }
            }
        }
        Ok(out)
    }

    /// Every inequality, holding or failing, that makes `a rel b` true or false.
    pub fn for_relation(
        d: &mut Definitional,
        a: &Term,
        rel: Rel,
        b: &Term,
        depth: usize,
    ) -> Result<Vec<Inequality>, KernelError> {
        let le = |d: &mut Definitional, x: &Term, y: &Term| Inequality::prove(d, x, y, depth);
        // a ⊳ b says a ≤ b fails; a ⊲ b says b ≤ a fails.
        Ok(match rel {
            Rel::Le | Rel::GreaterOrFuzzy => vec![le(d, a, b)?],
            Rel::Ge | Rel::LessOrFuzzy => vec![le(d, b, a)?],
            Rel::Lt | Rel::Gt | Rel::Eq | Rel::Ne | Rel::Fuzzy => {
                vec![le(d, a, b)?, le(d, b, a)?]
            }
        })
    }

    /// The number of inequalities in the tree.
    pub fn size(&self) -> usize {
        1 + match &self.reason {
            Reason::Definition { refutations, .. } => refutations.iter().map(|r| r.size()).sum(),
            Reason::Counterexample(c) => c.size(),
            _ => 0,
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, indent: usize) -> fmt::Result {
        let show = |t: &Term| t.to_string();
        let pad = "  ".repeat(indent);
        let (g, h) = (show(&self.left), show(&self.right));
        let claim = if self.holds {
            format!("{g} <= {h}")
        } else {
            format!("not {g} <= {h}")
        };
        match &self.reason {
            Reason::Numbers => writeln!(f, "{pad}{claim}: numbers compare as rationals"),
            Reason::ClosedForms => writeln!(
                f,
                "{pad}{claim}: closed forms x + n.^ + *m compare by their formula"
            ),
            Reason::Unexpanded => writeln!(f, "{pad}{claim}"),
            Reason::Counterexample(c) => {
                let which = if c.left == self.right {
                    format!("Left option {} of {g} has {h} <= it", show(&c.right))
                } else {
                    format!("Right option {} of {h} has it <= {g}", show(&c.left))
                };
                writeln!(f, "{pad}{claim}, because {which}:")?;
                c.write(f, indent + 1)
            }
            Reason::Definition {
                refutations,
                unlisted,
                avoided,
            } => {
                let how = if refutations.is_empty() && *unlisted == 0 {
                    "there is no Left option of the first game and no Right option of the second"
                } else {
                    "no Left option of the first game is >= the second, and no Right option of the second is <= the first"
                };
                let avoid = if *avoided {
                    " (a number's own options need no trying: number avoidance)"
                } else {
                    ""
                };
                writeln!(f, "{pad}{claim}, by the definition: {how}{avoid}:")?;
                for r in refutations {
                    r.write(f, indent + 1)?;
                }
                if *unlisted > 0 {
                    writeln!(f, "{pad}  ... and {unlisted} more, likewise")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Inequality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0)
    }
}
