//! The relation between two games, with its reasons.
//!
//! a ≤ b and b ≤ a are each proved or refuted by the definition ([`Inequality`]). A refutation
//! is a winning move: a ≤ b fails exactly when Left, moving first in a − b, wins, either by
//! moving in a to some a^L ≥ b or by moving in −b (Right's b^R ≤ a, negated).

use super::ProofError;
use crate::definitional::inequality::{Definitional, Inequality, Memo, Reason};
use crate::kernel::Relation;
use crate::term::Term;
use std::fmt;

/// `a` against `b`: the relation and the two inequalities that decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// a < b, a = b, a > b or a ‖ b.
    pub relation: Relation,
    /// a ≤ b, proved or refuted.
    pub le: Inequality,
    /// b ≤ a, proved or refuted.
    pub ge: Inequality,
}

/// Compares `a` and `b` by the definition, writing each inequality out `depth` levels deep.
///
/// ```
/// use onag::Relation;
/// use onag::compare_with_proof as compare;
/// let up = onag::parse("^").unwrap();
/// let star = onag::parse("*").unwrap();
/// let c = compare(&up, &star, 2).unwrap();
/// assert_eq!(c.relation, Relation::Fuzzy);
/// assert!(!c.le.holds && !c.ge.holds);
/// ```
pub fn compare(a: &Term, b: &Term, depth: usize) -> Result<Comparison, ProofError> {
    let mut memo = Memo::default();
    let mut d = Definitional::new(&mut memo, None);
    let le = Inequality::prove(&mut d, a, b, depth)?;
    let ge = Inequality::prove(&mut d, b, a, depth)?;
    let relation = match (le.holds, ge.holds) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Less,
        (false, true) => Relation::Greater,
        (false, false) => Relation::Fuzzy,
    };
    Ok(Comparison { relation, le, ge })
}

fn show(t: &Term) -> String {
    t.to_string()
}

/// The winning first move a refuted `g ≤ h` stands for, in words.
fn winning_move(q: &Inequality) -> Option<String> {
    let Reason::Counterexample(c) = &q.reason else {
        return None;
    };
    let (g, h) = (show(&q.left), show(&q.right));
    Some(if c.left == q.right {
        format!(
            "Left wins {g} - {h} moving first, to {} in {g}",
            show(&c.right)
        )
    } else {
        format!(
            "Left wins {g} - {h} moving first, by moving -({h}) to -({})",
            show(&c.left)
        )
    })
}

impl fmt::Display for Comparison {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = (show(&self.le.left), show(&self.le.right));
        let sym = match self.relation {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Fuzzy => "||",
        };
        writeln!(f, "{a} {sym} {b}")?;
        for q in [&self.le, &self.ge] {
            if let Some(m) = winning_move(q) {
                writeln!(f, "{m}:")?;
            }
            for line in q.to_string().lines() {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}
