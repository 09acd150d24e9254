//! The one shape of a result for every play: a [`Simplification`] with its checked proof and
//! its [`Value`], and a [`Verdict`] that is a proof of equality or a [`Disproof`].
//!
//! The proof layer keeps its own result types per play (`proof::Simplification`,
//! `proof::misere::MisereVerdict`, `proof::loopy::LoopyVerdict`, …); the calls in `api` convert
//! them here, so those internals can change without changing what a caller sees.

use super::value::{MisereForm, Value};
use crate::kernel::Relation;
use crate::misere::MisereOutcome;
use crate::play::Play;
use crate::proof::Proof;
use crate::term::Term;
use std::fmt;

/// A term simplified in some play, with the proof of every step (checked by the play's own
/// checker) and the value reached.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play};
/// let normal = Engine::default();
/// let s = onag::simplify(&onag::parse("{0, 1 | 2}")?, &normal)?;
/// assert!(s.canonical && s.proof.checked());
/// assert_eq!((s.play(), s.value.to_string()), (Play::Normal, "3/2".to_string()));
/// // The same call in misère play: the proof's play says which.
/// let misere = Engine::default().with_play(Play::Misere);
/// let s = onag::simplify(&onag::parse("{*2,{*|*}|*2,{*|*}}")?, &misere)?;
/// assert_eq!((s.play(), s.value.to_string()), (Play::Misere, "*[1]".to_string()));
/// // And in loopy play.
/// let loopy = Engine::default().with_play(Play::Loopy);
/// let s = onag::simplify(&onag::parse("{pass|3/2}")?, &loopy)?;
/// assert_eq!(s.value.to_string(), "3/2under");
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Simplification {
    /// The checked proof from the input (notation written out) to the result.
    pub proof: Proof,
    /// The value the input has in the proof's play: normal play's canonical form, misère
    /// play's simplest form, a loopy game's simplest form or sides.
    pub value: Value,
    /// Whether the proof reaches the value's form (the canonical form, the simplest form).
    pub canonical: bool,
    /// Why the rules stopped short of it: `Some` exactly when `canonical` is false.
    pub stuck: Option<String>,
    /// The units of work the derivation spent, where its play counts them in one place
    /// (misère play: the misère arena's forms simplified, rules tried and P-position
    /// questions answered; loopy play: its rules' searches and the comparisons writing its
    /// graphs), not its check's: the same on every run, what the regression gate
    /// (`tests/work_gate.rs`) records, as a proof's size does not grow when the search for
    /// it does. `None` in normal play, whose e-graph run counts its work in
    /// [`crate::Saturation`].
    pub work: Option<u64>,
}

impl Simplification {
    /// Where the rules ended, as the proof writes it.
    pub fn result(&self) -> &Term {
        &self.proof.result
    }

    /// The play the proof holds in.
    pub fn play(&self) -> Play {
        self.proof.play
    }
}

/// A proof that `a = b`, or the evidence that `a ≠ b`, in any play. Printed, it is the proof's
/// derivation or the disproof's sentences.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play, Verdict};
/// let p = |s| onag::parse(s);
/// let v = onag::prove(&p("{1|1}")?, &p("1*")?, &Engine::default())?;
/// assert!(matches!(v, Verdict::Equal(ref proof) if proof.checked()));
/// assert!(v.to_string().contains("proved: {1|1} = 1* ("), "{v}");
/// // In misère play *2 + *2 is not 0: a different simplest form.
/// let misere = Engine::default().with_play(Play::Misere);
/// let Verdict::Different(d) = onag::prove(&p("*2 + *2")?, &p("0")?, &misere)? else {
///     panic!()
/// };
/// assert_eq!((d.play, d.a.to_string(), d.b.to_string()), (Play::Misere, "*[2[2]]".into(), "*[0]".into()));
/// assert!(d.to_string().contains("in misère play"), "{d}");
/// # Ok(())
/// # }
/// ```
// A proof is returned once per call, and matched by value; a box would only add a step.
#[allow(clippy::large_enum_variant)]
// Not `#[non_exhaustive]`: equal or not is the whole answer in any play; a new play adds
// evidence (`Evidence`), not a verdict.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// `a = b`: the checked proof, whose `play` says in which play.
    Equal(Proof),
    /// `a ≠ b`, and why.
    Different(Disproof),
}

/// Why `a ≠ b` in some play: the two values, and the play's evidence.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Disproof {
    /// The play in which they differ.
    pub play: Play,
    /// A's value.
    pub a: Value,
    /// B's value.
    pub b: Value,
    /// The evidence, by play.
    pub evidence: Evidence,
}

/// The evidence that two games differ, as each play gives it.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Evidence {
    /// Normal play: the outcome of `a − b` and the first moves that win it.
    Normal(Box<crate::proof::Disproof>),
    /// Misère play: different simplest forms are different games (ONAG ch. 12); a small game
    /// X telling them apart, when one born by day 4 does.
    Misere(Option<Distinguisher>),
    /// Loopy play: how A compares with B (stoppers by their order, sided values side by side).
    Loopy(Relation),
}

/// A game X such that A + X and B + X have different misère outcomes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Distinguisher {
    /// X, a misère simplest form.
    pub x: MisereForm,
    /// The misère outcome of A + X.
    pub a_plus_x: MisereOutcome,
    /// The misère outcome of B + X.
    pub b_plus_x: MisereOutcome,
}

impl fmt::Display for Verdict {
    /// The proof's derivation, or the disproof's sentences; `{:#}` writes Unicode.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, f.alternate()) {
            (Verdict::Equal(p), false) => write!(f, "{p}"),
            (Verdict::Equal(p), true) => write!(f, "{p:#}"),
            (Verdict::Different(d), false) => write!(f, "{d}"),
            (Verdict::Different(d), true) => write!(f, "{d:#}"),
        }
    }
}

fn letter(o: MisereOutcome) -> &'static str {
    match o {
        MisereOutcome::P => "P",
        MisereOutcome::N => "N",
    }
}

impl fmt::Display for Disproof {
    /// In words, as `onag prove` says it; `{:#}` writes Unicode.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (&self.a, &self.b);
        match &self.evidence {
            Evidence::Normal(d) if f.alternate() => write!(f, "{d:#}"),
            Evidence::Normal(d) => write!(f, "{d}"),
            Evidence::Misere(x) => {
                write!(
                    f,
                    "a != b in misère play: their simplest forms {a} and {b} differ, and \
                     different simplest forms are different games (ONAG ch. 12)"
                )?;
                if let Some(x) = x {
                    let an = if x.b_plus_x == MisereOutcome::N {
                        "n"
                    } else {
                        ""
                    };
                    write!(
                        f,
                        "; with X = {}: A + X is a misère {}-position, B + X a{an} {}-position",
                        x.x,
                        letter(x.a_plus_x),
                        letter(x.b_plus_x)
                    )?;
                }
                Ok(())
            }
            Evidence::Loopy(r) => {
                let rel = match r {
                    Relation::Greater => ">",
                    Relation::Less => "<",
                    Relation::Fuzzy => "<>",
                    Relation::Equal => "=",
                };
                write!(f, "a {rel} b in loopy play: their values are {a} and {b}")
            }
        }
    }
}
