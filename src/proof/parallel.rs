//! The check of a large proof held in memory, on two threads.
//!
//! A lemma's check needs only the statements of the lemmas before it, and a proof in memory has
//! them all from the start: so the lemmas split into two runs of about equal steps, each
//! checked on its own thread with its own interpreter (the checker's memo is not `Send`, and
//! sharing it would serialise the threads) over one copy of the table, the second run then
//! the main chain. Each half
//! judges exactly as [`Proof::check`] does, with `check_lemma` and `Proof::check_main` (the
//! main chain by `check_main_chain`, as there), and the first failure in the proof's order is
//! the one reported. The memos do some work twice (a comparison both halves meet), so this
//! pays only for proofs of many lemmas; smaller ones are checked in one go.

use super::check::{check_lemma, CheckError};
use super::matcher::TermRules;
use super::{Proof, TermTable};
use crate::definitional::inequality::{Memo, MAX_WORK};
use crate::rules::RuleSet;

/// Proofs with fewer lemmas than this are checked on one thread: starting a thread and
/// building a second memo cost more than half of their check.
const TWO_THREADS_FROM: usize = 256;

impl Proof {
    /// [`Proof::verify`], on two threads when the proof has many lemmas.
    pub(crate) fn verify_parallel(&mut self, rules: &RuleSet) -> Result<(), CheckError> {
        let r = self.check_parallel(rules);
        self.checked = r.is_ok();
        r
    }

    /// [`Proof::check`], on two threads when the proof has many lemmas. Each thread's
    /// interpreter has the checker's whole budget of work.
    pub(crate) fn check_parallel(&self, rules: &RuleSet) -> Result<(), CheckError> {
        // The played checkers take a proof whole; only normal play's lemmas split.
        if self.lemmas.len() < TWO_THREADS_FROM || self.play != super::Play::Normal {
            return self.check(rules);
        }
        // Split where half of the lemmas' steps are behind.
        let total: usize = self.lemmas.iter().map(|l| l.steps.len() + 1).sum();
        let mut behind = 0;
        let mid = self
            .lemmas
            .iter()
            .position(|l| {
                behind += l.steps.len() + 1;
                behind * 2 >= total
            })
            .map_or(self.lemmas.len(), |k| k + 1);
        // One copy of the table, which both halves read and neither changes: each interns
        // into a table of its own over it.
        let base = std::sync::Arc::new(self.terms.clone());
        let lemmas_from = |from: usize, to: usize| -> Result<(), CheckError> {
            let terms = TermTable::over(std::sync::Arc::clone(&base));
            let mut interp = TermRules::with_memo(rules, terms, Memo::with_budget(MAX_WORK));
            for k in from..to {
                check_lemma(&mut interp, rules, &self.lemmas[..k], &self.lemmas[k])?;
            }
            if to == self.lemmas.len() {
                self.check_main(&mut interp, rules)?;
            }
            Ok(())
        };
        std::thread::scope(|s| {
            let first = s.spawn(|| lemmas_from(0, mid));
            let second = lemmas_from(mid, self.lemmas.len());
            let first = first.join().unwrap_or_else(|_| {
                Err(CheckError {
                    lemma: None,
                    step: 0,
                    reason: "the checker stopped unexpectedly".into(),
                    limit: None,
                })
            });
            // The first failure in the proof's order: the first half's, then the second's.
            first.and(second)
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::engine::Engine;
    use crate::rules::RuleSet;

    #[test]
    fn two_threads_judge_as_one() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(8, &rules);
        assert!(p.lemmas.len() >= super::TWO_THREADS_FROM);
        assert_eq!(p.check_parallel(&rules), p.check(&rules));
        assert!(p.check_parallel(&rules).is_ok());
        // Damage in the first half, in the second half, in both, in the main chain: the
        // verdict, lemma and step named are the one-thread check's.
        for (ks, bad) in damaged(&p) {
            let one = bad.check(&rules);
            assert!(one.is_err(), "{ks:?}");
            assert_eq!(bad.check_parallel(&rules), one, "{ks:?}");
        }
    }

    /// `p` damaged early, late, in two lemmas (the later one first) and in the main chain: a
    /// lemma's last step made to end at 7, or the claimed result made 7; with the lemmas
    /// damaged (none for the main chain).
    pub(crate) fn damaged(p: &crate::proof::Proof) -> Vec<(Vec<usize>, crate::proof::Proof)> {
        let n = p.lemmas.len();
        [vec![3], vec![n - 2], vec![n / 2 + 1, 5], vec![]]
            .into_iter()
            .map(|ks| {
                let mut bad = p.clone();
                for &k in &ks {
                    let last = bad.lemmas[k].steps.len() - 1;
                    bad.lemmas[k].steps[last].to = crate::term::Term::integer(7);
                }
                if ks.is_empty() {
                    bad.result = crate::term::Term::integer(7);
                }
                (ks, bad)
            })
            .collect()
    }

    #[test]
    fn the_json_written_during_the_check_is_the_json_written_after_it() {
        let engine = Engine::new(RuleSet::builtin());
        for src in [
            "{0,1|2}",
            "{1|-1} + {2|-2} + {3|-3}",
            "{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}",
            "{0||0|-3} + {2|1} + ^ + *3",
        ] {
            let t = crate::syntax::parse(src).unwrap();
            let after = crate::proof::simplify(&t, &engine).unwrap();
            let (during, json) = crate::proof::simplify_as_json(&t, &engine).unwrap();
            assert!(after.proof.checked && during.proof.checked, "{src}");
            assert_eq!(json, after.proof.to_json(), "{src}");
            assert!(json.contains("\"checked\": true"), "{src}");
        }
    }
}
