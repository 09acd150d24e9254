//! Proofs of equalities between games, their independent checker, and disproofs.
//!
//! A [`Proof`] is a chain of [`Step`]s, each one rule of `rules/` applied at one position, from
//! the input term to the result. [`simplify`] builds it: a term without sums of games is one
//! engine run, read from egg's explanation; a sum is proved the way it is computed, each
//! distinct part once as a [`Lemma`] that later steps cite by number, so the proof grows with
//! the work and not with the sum's expansion. Nothing trusts the e-graph: [`Proof::check`]
//! re-verifies each step from the terms and the rule set alone (lemmas first, each citing only
//! earlier ones), and a proof read back from JSON is checked again.
//!
//! When two games differ there is no chain of rules between them; [`prove_eq`] then gives a
//! [`Disproof`]: who wins the difference, and a winning first move for each player who has one.
//!
//! ```no_run
//! use onag::proof::{prove_eq, Outcome};
//! use onag::rules::RuleSet;
//! let rules = RuleSet::builtin();
//! let a = onag::syntax::parse("{0,1|2}").unwrap();
//! let b = onag::syntax::parse("3/2").unwrap();
//! match prove_eq(&a, &b, &rules).unwrap() {
//!     Outcome::Equal(p) => assert!(p.checked),
//!     Outcome::Different(d) => panic!("{d:?}"),
//! }
//! ```

mod check;
mod compare;
mod compose;
mod explain;
pub mod inequality;
pub mod json;
pub(crate) mod matcher;
pub mod step;
mod tidy;

pub use check::{CheckError, ConditionProof};
pub use compare::{compare, Comparison};
pub use inequality::{Definitional, Inequality, Memo, Reason};
pub use step::{PathElem, Step, Witnesses, LEMMA};

use crate::engine::{Engine, EngineError, Simplified};
use crate::kernel::{Kernel, KernelError, Outcome as Class};
use crate::rules::RuleSet;
use crate::term::Term;
use std::fmt;

/// A proof that `input` equals `result`: each step one rule instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The term the proof starts from, as the engine holds it (notation such as `Tiny` or
    /// `3.G` written out).
    pub input: Term,
    /// The term the proof ends at.
    pub result: Term,
    /// The rule applications, in order.
    pub steps: Vec<Step>,
    /// Equalities proved once and cited by number from steps (`Step::lemma`): each option sum
    /// of a sum of games is a lemma, so a proof grows with the number of distinct sums, as the
    /// kernel's work does, rather than with the size of the sum's expansion. A lemma's steps
    /// may cite only lemmas before it.
    pub lemmas: Vec<Lemma>,
    /// Whether [`Proof::check`] accepted it in this process. Never read from input: a proof
    /// from elsewhere is checked again.
    pub checked: bool,
}

/// An equality proved once within a proof and cited by its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lemma {
    /// The left side.
    pub from: Term,
    /// The right side.
    pub to: Term,
    /// The steps from `from` to `to`.
    pub steps: Vec<Step>,
}

/// `steps` with every lemma index moved up by `by`, for a proof whose lemmas are put after
/// `by` others.
fn shift(steps: &[Step], by: usize) -> Vec<Step> {
    steps
        .iter()
        .map(|s| Step {
            lemma: s.lemma.map(|k| k + by),
            parts: shift(&s.parts, by),
            ..s.clone()
        })
        .collect()
}

/// Why no proof could be produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofError {
    /// The engine failed (a limit, an unsupported term).
    Engine(EngineError),
    /// The kernel could not evaluate something.
    Kernel(KernelError),
    /// egg's explanation could not be read as rule steps.
    Explanation(String),
    /// The proof read from the run did not pass the checker: an engine defect, reported rather
    /// than passed off as a proof.
    Check(CheckError),
    /// The rules did not bring the two sides to the same form although their values are equal.
    Incomplete {
        /// Where each side stopped.
        left: Box<Term>,
        /// Where each side stopped.
        right: Box<Term>,
    },
    /// The JSON text is not a proof.
    Json(String),
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |t: &Term| crate::syntax::print(t, &Default::default());
        match self {
            ProofError::Engine(e) => write!(f, "{e}"),
            ProofError::Kernel(e) => write!(f, "{e}"),
            ProofError::Explanation(s) => write!(f, "cannot read the explanation: {s}"),
            ProofError::Check(e) => write!(f, "the proof does not check: {e}"),
            ProofError::Incomplete { left, right } => write!(
                f,
                "the values are equal, but the rules stop at {} and {}",
                show(left),
                show(right)
            ),
            ProofError::Json(s) => write!(f, "not a proof: {s}"),
        }
    }
}

impl std::error::Error for ProofError {}

impl From<EngineError> for ProofError {
    fn from(e: EngineError) -> Self {
        ProofError::Engine(e)
    }
}

impl From<KernelError> for ProofError {
    fn from(e: KernelError) -> Self {
        ProofError::Kernel(e)
    }
}

impl From<CheckError> for ProofError {
    fn from(e: CheckError) -> Self {
        ProofError::Check(e)
    }
}

impl Proof {
    /// The proof read from a run, not yet checked. Takes the run mutably because egg builds
    /// explanations inside the e-graph.
    pub fn from_run(s: &mut Simplified) -> Result<Proof, ProofError> {
        let (input, result, steps) = explain::steps_of(s, None)?;
        let steps = tidy::tidy(&input, steps);
        Ok(Proof {
            input,
            result,
            steps,
            lemmas: Vec::new(),
            checked: false,
        })
    }

    /// The proof of `b = a` from a proof of `a = b`: the steps read backwards.
    pub fn reversed(&self) -> Proof {
        Proof {
            input: self.result.clone(),
            result: self.input.clone(),
            steps: self.steps.iter().rev().map(Step::inverse).collect(),
            lemmas: self.lemmas.clone(),
            checked: false,
        }
    }

    /// The proof of `a = c` from proofs of `a = b` and `b = c`; `None` if they do not meet.
    /// They meet when `b` is the same game in both, its options perhaps listed in another
    /// order (options are sets). The lemmas of `next` follow those of `self`, renumbered.
    pub fn then(&self, next: &Proof) -> Option<Proof> {
        let by = self.lemmas.len();
        let moved = next.lemmas.iter().map(|l| Lemma {
            steps: shift(&l.steps, by),
            ..l.clone()
        });
        step::same_form(&self.result, &next.input).then(|| Proof {
            input: self.input.clone(),
            result: next.result.clone(),
            steps: self
                .steps
                .iter()
                .cloned()
                .chain(shift(&next.steps, by))
                .collect(),
            lemmas: self.lemmas.iter().cloned().chain(moved).collect(),
            checked: false,
        })
    }

    /// How many steps the proof has, its lemmas' steps included.
    pub fn size(&self) -> usize {
        self.steps.len() + self.lemmas.iter().map(|l| l.steps.len()).sum::<usize>()
    }
}

/// The proof that a run's input equals its result, checked against `rules` (the rules the
/// engine ran with).
pub fn proof_of_simplification(s: &mut Simplified, rules: &RuleSet) -> Result<Proof, ProofError> {
    let (input, result, steps) = explain::steps_of(s, Some(rules))?;
    let steps = tidy::tidy(&input, steps);
    let mut p = Proof {
        input,
        result,
        steps,
        lemmas: Vec::new(),
        checked: false,
    };
    p.verify(rules)?;
    Ok(p)
}

/// A term simplified as far as the rules go, with the proof of each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Simplification {
    /// The checked proof from the input (notation written out) to the result.
    pub proof: Proof,
    /// Whether the result is the canonical form.
    pub canonical: bool,
    /// Why the rules stopped short of the canonical form: `Some` exactly when `canonical` is
    /// false.
    pub stuck: Option<String>,
}

/// The reason a simplification stopped short, given whenever it did.
fn stuck_reason(canonical: bool, why: Option<String>) -> Option<String> {
    (!canonical).then(|| why.unwrap_or_else(|| "the chosen rules apply no further".into()))
}

impl Simplification {
    /// Where the rules ended.
    pub fn result(&self) -> &Term {
        &self.proof.result
    }
}

/// Simplifies `t` with `engine` and proves every step; the proof is checked before it is
/// returned. A sum of two games that are not closed forms is proved by lemmas, one for each
/// distinct sum met on the way (see [`Proof::lemmas`]), so its proof grows with the work
/// rather than with the expansion; anything else is one engine run, explained.
///
/// ```
/// use onag::engine::Engine;
/// use onag::rules::RuleSet;
/// let engine = Engine::new(RuleSet::builtin());
/// let t = onag::syntax::parse("{1|-1} + {2|-2} + {3|-3}").unwrap();
/// let s = onag::proof::simplify(&t, &engine).unwrap();
/// assert!(s.canonical && s.proof.checked);
/// // Each distinct sum of options is proved once, as a lemma, and cited.
/// assert!(!s.proof.lemmas.is_empty());
/// assert_eq!(onag::syntax::print(s.result(), &Default::default()), "{6|4||2|0|||0|-2||-4|-6}");
/// ```
pub fn simplify(t: &Term, engine: &Engine) -> Result<Simplification, ProofError> {
    let rules = engine.rules();
    let written = crate::engine::notation::written_out(t, engine.limits())?;
    let mut c = compose::Composer::new(engine);
    if !c.wants(&written) {
        let mut s = engine.simplify(t)?;
        let proof = proof_of_simplification(&mut s, rules)?;
        return Ok(Simplification {
            proof,
            canonical: s.canonical,
            stuck: stuck_reason(s.canonical, s.stuck),
        });
    }
    let (result, steps) = c.simplify(&written)?;
    let mut proof = Proof {
        input: written,
        result,
        steps,
        lemmas: std::mem::take(&mut c.lemmas),
        checked: false,
    };
    proof.verify(rules)?;
    let canonical = crate::engine::is_canonical(&mut Kernel::new(), &proof.result).is_ok();
    let stuck = stuck_reason(canonical, c.stuck.take());
    Ok(Simplification {
        proof,
        canonical,
        stuck,
    })
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left.
    Left,
    /// Right.
    Right,
}

/// A winning first move in `a − b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// Who moves.
    pub player: Player,
    /// The position after the move: an option of the canonical form of `a − b`, whose value is
    /// ≥ 0 for Left (Left wins moving second from it) or ≤ 0 for Right.
    pub position: Term,
    /// The outcome class of that position.
    pub outcome: Class,
}

/// Why two games differ: the outcome of their difference and the moves that win it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disproof {
    /// The canonical form of `a − b`.
    pub difference: Term,
    /// Its outcome class: never P (that would mean `a = b`).
    pub outcome: Class,
    /// A winning first move for each player who wins `a − b` moving first.
    pub moves: Vec<WinningMove>,
}

/// Either a proof of `a = b` or the evidence that `a ≠ b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `a = b`: a's simplification followed by b's read backwards.
    Equal(Proof),
    /// `a ≠ b`.
    Different(Disproof),
}

/// Proves `a = b` by simplifying both to the same form, or shows `a ≠ b` by the play of `a − b`.
pub fn prove_eq(a: &Term, b: &Term, rules: &RuleSet) -> Result<Outcome, ProofError> {
    prove_eq_with(a, b, &Engine::new(rules.clone()))
}

/// [`prove_eq`] with an engine of the caller's (its rules, limits and cancel flag).
pub fn prove_eq_with(a: &Term, b: &Term, engine: &Engine) -> Result<Outcome, ProofError> {
    let rules = engine.rules();
    let mut k = Kernel::new();
    let ga = k.eval(a)?;
    let gb = k.eval(b)?;
    if ga != gb {
        return Ok(Outcome::Different(disprove(&mut k, a, b)?));
    }
    let sa = simplify(a, engine)?;
    let sb = simplify(b, engine)?;
    let incomplete = |sa: &Simplification, sb: &Simplification| ProofError::Incomplete {
        left: Box::new(sa.result().clone()),
        right: Box::new(sb.result().clone()),
    };
    let (pa, pb) = (&sa.proof, &sb.proof);
    // Two canonical forms of one value can still be written differently (`v*`, `{0|0,*}`);
    // opening the closed forms by their definitions brings them together.
    let bridge = if step::same_form(sa.result(), sb.result()) {
        None
    } else if sa.canonical && sb.canonical {
        let mut j = engine
            .join(sa.result(), sb.result())?
            .ok_or_else(|| incomplete(&sa, &sb))?;
        let input = j.run.input;
        let (ia, ra, sa_steps) = explain::run_steps(&mut j.run, input, &j.meet.0, Some(rules))?;
        let (ib, rb, sb_steps) = explain::run_steps(&mut j.run, j.b, &j.meet.1, Some(rules))?;
        let to_meet = Proof {
            input: ia,
            result: ra,
            steps: sa_steps,
            lemmas: Vec::new(),
            checked: false,
        };
        let from_meet = Proof {
            input: ib,
            result: rb,
            steps: sb_steps,
            lemmas: Vec::new(),
            checked: false,
        }
        .reversed();
        Some(
            to_meet
                .then(&from_meet)
                .ok_or_else(|| ProofError::Explanation("the join does not meet".into()))?,
        )
    } else {
        return Err(incomplete(&sa, &sb));
    };
    let pa = match bridge {
        Some(b) => pa.then(&b),
        None => Some(pa.clone()),
    };
    let mut p = pa
        .and_then(|pa| pa.then(&pb.reversed()))
        .ok_or_else(|| ProofError::Explanation("the two proofs do not meet".into()))?;
    // The two halves may pass through the same terms: cut the loop at the seam.
    p.steps = tidy::tidy(&p.input, std::mem::take(&mut p.steps));
    p.verify(rules)?;
    Ok(Outcome::Equal(p))
}

/// The evidence that `a ≠ b`, from the kernel: the difference's outcome, and for each player who
/// wins it moving first, an option that wins (Definition 2.5 of seed 002: G ≤ 0 unless some
/// G^L ≥ 0, so Left wins moving first exactly when such an option exists).
pub fn disprove(k: &mut Kernel, a: &Term, b: &Term) -> Result<Disproof, ProofError> {
    let ga = k.eval(a)?;
    let gb = k.eval(b)?;
    let nb = k.neg(gb);
    let d = k.add(ga, nb)?;
    let zero = k.number(&crate::number::Dyadic::zero());
    let outcome = k.outcome(d)?;
    let mut moves = Vec::new();
    for player in [Player::Left, Player::Right] {
        let wins_first = match player {
            Player::Left => matches!(outcome, Class::L | Class::N),
            Player::Right => matches!(outcome, Class::R | Class::N),
        };
        if !wins_first {
            continue;
        }
        // Options are opened only for a player who wins: a huge closed form may refuse.
        let options = match player {
            Player::Left => k.left_options(d)?,
            Player::Right => k.right_options(d)?,
        };
        for o in options {
            // A winning move for Left lands on a position ≥ 0; for Right, ≤ 0.
            let wins = match player {
                Player::Left => k.le(zero, o)?,
                Player::Right => k.le(o, zero)?,
            };
            if wins {
                moves.push(WinningMove {
                    player,
                    position: k.to_term(o),
                    outcome: k.outcome(o)?,
                });
                break;
            }
        }
    }
    Ok(Disproof {
        difference: k.to_term(d),
        outcome,
        moves,
    })
}
