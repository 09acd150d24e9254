//! The independent checker: a proof re-verified from its text and the rule set alone.
//!
//! Nothing the e-graph computed is consulted. Each step's rule is re-read by name, re-matched
//! against the subterm at the step's position by the term-level matcher, its side conditions
//! decided again by the kernel on the bound terms, and its result rebuilt and compared with the
//! claimed one. A proof that passes is a chain of literal rule instances from input to result.

use super::matcher::{Failure, TermRules};
use super::step::{path_string, replace_at, subterm_at};
use super::Proof;
use crate::rules::RuleSet;
use std::fmt;

/// Why a proof was rejected: the first failing step and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The 0-based index of the failing step (the number of steps when the chain as a whole
    /// does not reach the claimed result).
    pub step: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.step, self.reason)
    }
}

impl std::error::Error for CheckError {}

fn show(t: &crate::term::Term) -> String {
    crate::syntax::print(t, &Default::default())
}

impl Proof {
    /// Re-verifies every step without the e-graph. Does not change `checked`; see
    /// [`Proof::verify`] for that.
    pub fn check(&self, rules: &RuleSet) -> Result<(), CheckError> {
        let fail = |step: usize, reason: String| CheckError { step, reason };
        let mut interp = TermRules::new(rules);
        if self.steps.is_empty() && self.input != self.result {
            return Err(fail(
                0,
                format!(
                    "no steps, but the input {} is not the result {}",
                    show(&self.input),
                    show(&self.result)
                ),
            ));
        }
        let mut at = self.input.clone();
        for (i, s) in self.steps.iter().enumerate() {
            if s.from != at {
                return Err(fail(
                    i,
                    if i == 0 {
                        format!(
                            "the first step starts from {}, not the input {}",
                            show(&s.from),
                            show(&at)
                        )
                    } else {
                        format!(
                            "the step starts from {}, but the previous step ended at {}",
                            show(&s.from),
                            show(&at)
                        )
                    },
                ));
            }
            let where_ = path_string(&s.at);
            let (Some(before), Some(after)) =
                (subterm_at(&s.from, &s.at), subterm_at(&s.to, &s.at))
            else {
                return Err(fail(i, format!("there is no subterm at position {where_}")));
            };
            if replace_at(&s.from, &s.at, after).as_ref() != Some(&s.to) {
                return Err(fail(
                    i,
                    format!("the step changes the term outside position {where_}"),
                ));
            }
            let Some(rule) = rules.get(&s.rule) else {
                return Err(fail(i, format!("there is no rule named `{}`", s.rule)));
            };
            let (src, dst) = if s.reversed {
                (after, before)
            } else {
                (before, after)
            };
            if let Err(f) = interp.rewrites(rule, src, dst, &s.witnesses) {
                let dir = if s.reversed {
                    " (read right to left)"
                } else {
                    ""
                };
                let msg = match f {
                    Failure::NoMatch => format!(
                        "rule `{}`{dir} does not match {} at position {where_}",
                        s.rule,
                        show(src)
                    ),
                    other => format!(
                        "rule `{}`{dir} at position {where_}: {}",
                        s.rule,
                        other.message()
                    ),
                };
                return Err(fail(i, msg));
            }
            at = s.to.clone();
        }
        if at != self.result {
            return Err(fail(
                self.steps.len(),
                format!(
                    "the steps end at {}, not the claimed result {}",
                    show(&at),
                    show(&self.result)
                ),
            ));
        }
        Ok(())
    }

    /// Checks the proof and records the outcome in `checked`.
    pub fn verify(&mut self, rules: &RuleSet) -> Result<(), CheckError> {
        let r = self.check(rules);
        self.checked = r.is_ok();
        r
    }
}
