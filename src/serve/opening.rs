//! Which option of a misère opening each move gives (`"moves"` of `POST /api/step` for a
//! `misere-opening` step). A normal-play opening writes each option as the call of the
//! position a move leaves (`octal("0.77", 3)`), so a move is matched to its option by the
//! term; a misère opening writes the whole game tree out instead (`{*2,#0,#1|*2,#0,#1}`, each
//! distinct position once), so here a move is matched by game trees: the position it leaves,
//! played out by the ruleset's own opening (`functions::misere::open_position`), is the same
//! tree as the option it gives. Impartial trees only, compared as identical forms (options as
//! sets) in the arena misère derivations write their forms in ([`Forms`], read by
//! [`form_of_opened`], within its limits and the request's budget): past them, no option is
//! named.

use crate::kernel::Kernel;
use crate::misere::derive::{form_of_opened, FId, Forms};
use crate::misere::Misere;
use crate::syntax::parse_with_refs;
use crate::term::{children_mut, Arg, Term};

/// The name of the call that stands for a table entry `#n` in a term given to the arena's
/// reader, which opens it as it opens a ruleset position: once, the entries being a DAG that
/// written out could be exponentially larger.
const ENTRY: &str = "#";

/// Impartial game trees, each a form of one arena.
pub struct Trees<'a> {
    k: &'a mut Kernel,
    /// The proof's term table, for `#n` (each entry read when first met).
    table: &'a [String],
    m: Misere,
    forms: Forms,
}

impl<'a> Trees<'a> {
    pub fn new(k: &'a mut Kernel, table: &'a [String]) -> Trees<'a> {
        let m = Misere::new(k.budget().clone());
        Trees {
            k,
            table,
            m,
            forms: Forms::new(),
        }
    }

    /// The game tree of `t`: braces whose two sides agree, nim heaps, sums, `#n` of the table,
    /// and ruleset positions (opened by their moves). `None` for anything else (a partizan
    /// game, a number), or past the limits.
    pub fn tree(&mut self, t: &Term) -> Option<FId> {
        let (k, table) = (&mut *self.k, self.table);
        let mut open = |c: &Term| {
            let Term::Call { name, args } = c else {
                return Ok(None);
            };
            if name != ENTRY {
                return Ok(crate::functions::misere::open_position(k, c)?);
            }
            let entry = match &args[..] {
                [Arg::Text(n)] => n.parse::<usize>().ok().and_then(|n| table.get(n)),
                _ => None,
            };
            Ok(entry.and_then(|src| parse_with_refs(src).ok()).map(entries))
        };
        form_of_opened(&mut self.m, &mut self.forms, &entries(t.clone()), &mut open).ok()
    }

    /// `t` read one level: a `#n` replaced by its table entry.
    pub fn resolve(&self, t: &Term) -> Option<Term> {
        match t {
            Term::Ref(n) => parse_with_refs(self.table.get(usize::try_from(*n).ok()?)?).ok(),
            t => Some(t.clone()),
        }
    }
}

/// `t` with each `#n` the call [`ENTRY`]`("n")`.
fn entries(mut t: Term) -> Term {
    fn mark(t: &mut Term) {
        if let Term::Ref(n) = *t {
            *t = Term::Call {
                name: ENTRY.into(),
                args: vec![Arg::Text(n.to_string())],
            };
        }
        children_mut(t).into_iter().for_each(mark);
    }
    mark(&mut t);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(trees: &mut Trees, src: &str) -> Option<FId> {
        trees.tree(&crate::syntax::parse_with_refs(src).unwrap())
    }

    #[test]
    fn a_position_is_the_tree_of_its_moves() {
        let mut k = Kernel::new();
        let table = vec!["{*|*}".to_string()];
        let mut t = Trees::new(&mut k, &table);
        // A row of 2 Kayles pins: one pin (a heap of 1, *) or none: *2 as a tree.
        assert_eq!(tree(&mut t, "kayles(2)"), tree(&mut t, "*2"));
        // A row of 3 and rows of 1 and 2 are the same tree: each can go to a row of 2, rows
        // of 1 and 1, or a row of 1 (Kayles by hand).
        assert_eq!(
            tree(&mut t, "kayles(3)"),
            tree(&mut t, "kayles(1) + kayles(2)")
        );
        assert_ne!(tree(&mut t, "kayles(3)"), tree(&mut t, "*3"));
        // #0 is {*|*}: the heap of 2's options are 0 and *, not *.
        assert_ne!(tree(&mut t, "#0"), tree(&mut t, "*2"));
        assert_eq!(tree(&mut t, "#0"), tree(&mut t, "{*|*}"));
        // Partizan and unknown terms have no tree.
        assert_eq!(tree(&mut t, "{0|*}"), None);
        assert_eq!(tree(&mut t, "#7"), None);
    }
}
