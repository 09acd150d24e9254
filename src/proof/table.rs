//! A proof's term table: the [`TermTable`] (in `crate::term_table`, below the producer's
//! evaluator, which keeps one too) with what only proofs add: how much of it a reader sees
//! written out, and subterms along a step's path.

use super::step::PathElem;
use crate::term::Term;
pub use crate::term_table::*;

/// A small proof (`Proof::tidied`) has references to entries of at most this many nodes
/// written out again, so it reads as it did before parts this small were shared.
pub const SMALL_WRITTEN_UP_TO: u64 = 8;

/// Parts of at most this many nodes are written out where a person reads a proof (text,
/// Markdown, LaTeX: [`Proof::readable`](super::Proof::readable)).
pub const READ_UP_TO: u64 = 48;

impl TermTable {
    /// The subterm of `t` at `path`, looking through references.
    pub fn subterm(&self, t: &Term, path: &[PathElem]) -> Option<Term> {
        let mut cur = t.clone();
        for p in path {
            while let Term::Ref(n) = cur {
                cur = self.view(n)?.clone();
            }
            cur = super::step::subterm_at(&cur, std::slice::from_ref(p))?.clone();
        }
        Some(cur)
    }
}
