//! Output formats: one module per format, each a pure function from a result and a [`Style`]
//! to text, so golden tests can compare them byte for byte.
//!
//! A derivation (from `onag simplify` or `onag prove`) is shown as [`Derivation`]: the proof's
//! steps, optionally grouped by position, plus the sentence that concludes it.

pub mod dot;
pub mod latex;
pub mod markdown;
pub mod svg;
pub mod text;
pub mod tree;

use super::args::StepsChoice;
use crate::proof::{PathElem, Proof, Step};
use crate::term::Term;

/// A proof prepared for display.
pub struct Derivation<'a> {
    /// The proof.
    pub proof: &'a Proof,
    /// The lines to show, each one or more steps.
    pub lines: Vec<Line>,
    /// What the derivation establishes: `Canonical(term)` for `simplify`, `Equal(a, b)` for
    /// `prove`.
    pub conclusion: Conclusion,
}

/// What a derivation ends with.
pub enum Conclusion {
    /// The input's canonical form (or where the rules stopped, with the reason).
    Canonical {
        /// The last term.
        result: Term,
        /// `None` when `result` is canonical; else why the rules stopped.
        stuck: Option<String>,
    },
    /// `a = b`, proved.
    Equal(Term, Term),
}

/// One displayed line: the term after one step, or after a group of steps at one position.
pub struct Line {
    /// The whole term after the line's steps.
    pub to: Term,
    /// The position the steps rewrote.
    pub at: Vec<PathElem>,
    /// The rules and their witnesses in words, in order.
    pub reasons: Vec<Reason>,
}

/// One rule application, as shown.
pub struct Reason {
    /// The rule's name.
    pub rule: String,
    /// The witnesses in words (from the proof).
    pub why: String,
    /// Applied right to left (the second half of a proof of A = B).
    pub reversed: bool,
}

impl<'a> Derivation<'a> {
    /// Prepares a proof; `Grouped` merges consecutive steps at the same position.
    pub fn new(proof: &'a Proof, steps: StepsChoice, conclusion: Conclusion) -> Self {
        let mut lines: Vec<Line> = Vec::new();
        for s in &proof.steps {
            let reason = reason(s);
            match lines.last_mut() {
                Some(last) if steps == StepsChoice::Grouped && last.at == s.at => {
                    last.to = s.to.clone();
                    last.reasons.push(reason);
                }
                _ => lines.push(Line {
                    to: s.to.clone(),
                    at: s.at.clone(),
                    reasons: vec![reason],
                }),
            }
        }
        Derivation {
            proof,
            lines,
            conclusion,
        }
    }
}

fn reason(s: &Step) -> Reason {
    Reason {
        rule: s.rule.clone(),
        why: with_sets(s),
        reversed: s.reversed,
    }
}

/// The proof's reason, plus the set witnesses when the reason names no witnesses at all (the
/// proof module's generic wording lists game and value witnesses but not sets, so `simplicity`
/// and `mex` would otherwise show none).
fn with_sets(s: &Step) -> String {
    let w = &s.witnesses;
    if s.why.contains("; with ") || w.sets.is_empty() || !w.games.is_empty() {
        return s.why.clone();
    }
    let show = |t: &Term| crate::syntax::print(t, &Default::default());
    let sets: Vec<String> = w
        .sets
        .iter()
        .map(|(n, ts)| {
            let items: Vec<String> = ts.iter().map(show).collect();
            format!("{n} = ({})", items.join(", "))
        })
        .collect();
    format!("{}; with {}", s.why, sets.join(", "))
}

/// A position in words: "the whole game", or the path from the root, e.g. `L0/R1`, read
/// "Left option 0, then its Right option 1".
pub fn position(at: &[PathElem]) -> String {
    if at.is_empty() {
        "the top".to_string()
    } else {
        crate::proof::step::path_string(at)
    }
}
