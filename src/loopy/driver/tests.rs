//! The driver's own ends, whatever the rules: a chain whose rules find nothing ends where it
//! is (after the fusion of equal positions, for a stopper), a rule set that never stops is
//! refused at the cap in the cap's words, and a side no deletion makes a stopper is not
//! derived (`None`, never a guess).

use super::{derive, side};
use crate::kernel::KernelError;
use crate::loopy::canonical::canonical;
use crate::loopy::derive::{minimal, tree, Edit, LoopyDerivation, Rules, SideAsk, TermAsk, Writer};
use crate::loopy::side_order::Side;
use crate::loopy::{Graph, Loopy, Work};
use crate::term::Term;

/// Rules that never apply, or (`loops`) always apply and leave the game as it was: a user's
/// rule set that loops.
struct Fixed {
    loops: bool,
}

impl Rules for Fixed {
    fn next(
        &mut self,
        g: &Loopy,
        _ge: &[bool],
        _work: &mut Work,
    ) -> Result<Option<(Edit, u32, Loopy)>, KernelError> {
        let edit = Edit::Rule {
            name: "loops".into(),
            witnesses: Vec::new(),
        };
        Ok(self.loops.then(|| (edit, g.root(), g.clone())))
    }

    fn side_delete(
        &mut self,
        ask: &SideAsk<'_>,
        _work: &mut Work,
    ) -> Result<Option<(String, Loopy)>, KernelError> {
        Ok(self.loops.then(|| ("loops".to_string(), ask.g.clone())))
    }

    fn term_step(
        &mut self,
        _ask: &TermAsk<'_>,
        _work: &mut Work,
    ) -> Result<Option<String>, KernelError> {
        Ok(None)
    }
}

/// The loopy notation's writer, with the rules above.
struct Out(Fixed);

impl Writer for Out {
    fn write(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        Ok(tree(&minimal(g))?.unwrap_or_else(Term::zero))
    }
    fn rules(&mut self) -> &mut dyn Rules {
        &mut self.0
    }
}

fn game(edges: Vec<[Vec<u32>; 2]>) -> Loopy {
    Loopy::new(&Graph::from_edges(edges), 0).unwrap()
}

fn rules_of(d: &LoopyDerivation) -> Vec<&str> {
    d.steps.iter().map(|s| s.edit.rule()).collect()
}

/// `dud` = {pass | pass}: not a stopper.
fn dud() -> Loopy {
    game(vec![[vec![0], vec![0]]])
}

#[test]
fn rules_that_find_nothing_leave_the_fusion() {
    // {0, {-1 | 1} |}: the two Left options are equal (both 0) but different forms, so with
    // no rule applying, the fusion alone makes them one, and the value is kept (1).
    let g = game(vec![
        [vec![1, 2], vec![]],
        [vec![], vec![]],
        [vec![3], vec![4]],
        [vec![], vec![1]],
        [vec![1], vec![]],
    ]);
    let mut out = Out(Fixed { loops: false });
    let d = derive(&g, false, &mut Work::default(), &mut out).unwrap();
    assert_eq!(rules_of(&d), ["loopy-fusion"]);
    assert!(d.stopper && d.offside.is_none());
    assert!(d.result.len() < minimal(&g).len());
    let one = game(vec![[vec![1], vec![]], [vec![], vec![]]]);
    let c = |x: &Loopy| canonical(x, &mut Work::default()).unwrap();
    assert_eq!(c(&d.result), c(&g));
    assert_eq!(c(&d.result), c(&one));
    // Each step's game is minimal, and its term is that game written.
    let s = &d.steps[0];
    assert_eq!(s.after, minimal(&s.after));
    assert_eq!(Some(s.term.clone()), tree(&s.after).unwrap());
    assert_eq!(d.term, s.term);
}

#[test]
fn a_game_that_is_not_a_stopper_gets_only_its_opening() {
    let mut out = Out(Fixed { loops: true });
    let d = derive(&dud(), true, &mut Work::default(), &mut out).unwrap();
    assert_eq!(rules_of(&d), ["loopy-sum"]);
    assert!(!d.stopper);
    let d = derive(&dud(), false, &mut Work::default(), &mut out).unwrap();
    assert!(d.steps.is_empty() && !d.stopper);
}

#[test]
fn a_rule_set_that_loops_is_refused_at_the_cap() {
    let one = game(vec![[vec![1], vec![]], [vec![], vec![]]]);
    let mut out = Out(Fixed { loops: true });
    let e = derive(&one, false, &mut Work::default(), &mut out).unwrap_err();
    let limit = |which: &str| KernelError::Limit {
        which: which.into(),
    };
    assert_eq!(e, limit("20000 steps of simplifying a stopper"));
    let e = side(&dud(), Side::On, false, &mut Work::default(), &mut out).unwrap_err();
    assert_eq!(e, limit("5000 deletions deriving a side"));
}

#[test]
fn a_side_no_deletion_makes_a_stopper_is_not_derived() {
    let mut out = Out(Fixed { loops: false });
    for s in [Side::On, Side::Off] {
        let got = side(&dud(), s, false, &mut Work::default(), &mut out).unwrap();
        assert_eq!(got, None);
    }
}
