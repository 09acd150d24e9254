//! Loopy derivations run by the rules they are given: a rule removed from a copy of
//! `rules/loopy.rules` takes its steps with it, a user's sound rule is applied and its step
//! checked, and a user's unsound rule is caught by the checker at its step. Who wins is
//! worked out here from the definitions (Left moving first in a game with no Left option
//! loses at once), independently of the library.

use super::loopy::{simplify_loopy_by, LoopySimplification};
use super::tests::refusal_of;
use super::ProofError;
use crate::kernel::Budget;
use crate::rules::{RuleSet, LOOPY_FILE};

fn parse(s: &str) -> crate::term::Term {
    crate::syntax::parse(s).unwrap()
}

/// `rules/loopy.rules` with the rule `name` (and its mirror) cut out of its text.
fn without(name: &str) -> RuleSet {
    super::tests::without_rule("loopy.rules", LOOPY_FILE, name)
}

fn simplify(s: &str, rules: &RuleSet) -> Result<LoopySimplification, ProofError> {
    simplify_loopy_by(&parse(s), &Budget::default(), rules)
}

fn names(s: &LoopySimplification) -> Vec<&str> {
    s.proof.steps.iter().map(|s| s.rule.as_str()).collect()
}

#[test]
fn removing_a_rule_from_a_copy_of_the_file_changes_the_derivation() {
    // {0, 1 | pass}: Left's 0 is at most her 1 (1 − 0 = 1 > 0), so it is dominated.
    let input = "{0,{0|}|pass}";
    let s = simplify(input, &RuleSet::loopy()).unwrap();
    assert!(s.proof.checked);
    assert_eq!(names(&s), ["loopy-dominated-left"]);
    // {1 | pass} = 1 + over, which CGSuite writes `1over`.
    assert_eq!(s.notation, "1over");
    // Without the dominated rules (the file's rule and its mirror) nothing else applies:
    // 0 and 1 have no Right option to reverse through, and no two positions are equal.
    let fewer = without("loopy-dominated-left");
    assert!(fewer.get("loopy-dominated-right").is_none());
    let s = simplify(input, &fewer).unwrap();
    assert!(s.proof.checked);
    assert!(names(&s).is_empty(), "{:?}", names(&s));
    assert_eq!(s.proof.result, parse(input));
    assert_ne!(s.notation, "1over");
}

/// "Left's options can be dropped": false. over = {0 | pass}: Left moving first wins by
/// moving to 0 (Right then has no move); in {| pass} Left moving first has no move and loses.
const UNSOUND: &str = "
rule left-options-forgotten
  says  \"A stopper's Left options can be deleted.\"
  cite  \"none: it is false\"
  group loopy
  priority 5
  match { x, ..L | ..R }
  yield { ..L | ..R }
";

#[test]
fn an_unsound_user_rule_is_caught_by_the_checker_at_its_step() {
    let mut rules = RuleSet::loopy();
    rules.add_text("user.rules", UNSOUND).unwrap();
    let e = refusal_of(simplify("{0|pass}", &rules), "left-options-forgotten");
    assert_eq!(e.step, 0, "{e:?}");
    assert!(e.limit.is_none(), "{e:?}");
    assert!(e.reason.contains("not equal"), "{}", e.reason);
}

/// Siegel's dominated options for stoppers, stated again by a user (Left's side only).
const SOUND: &str = "
rule left-dominated-again
  says  \"A Left option of a stopper at most another Left option can be deleted.\"
  cite  \"Siegel, CGT, VI.3 (dominated options)\"
  group loopy
  priority 5
  match { worse, better, ..L | ..R }
  when  worse <= better
  yield { better, ..L | ..R }
";

#[test]
fn a_sound_user_rule_is_applied_and_its_step_checked() {
    let mut rules = without("loopy-dominated-left");
    rules.add_text("user.rules", SOUND).unwrap();
    let s = simplify("{0,{0|}|pass}", &rules).unwrap();
    assert!(s.proof.checked);
    assert_eq!(names(&s), ["left-dominated-again"]);
    assert_eq!(s.notation, "1over");
    // Checked against rules that do not hold it, the step is refused: it names no rule of
    // loopy games there.
    super::tests::assert_checked_only_by(&s.proof, &rules, "not a rule of loopy games");
}

/// Issue 45: the steps on whole terms are rules of the file (term rules, run by the
/// evaluator), so each cut out of a copy of `rules/loopy.rules` (with its mirror) changes the
/// derivation: it stops saying the rules do not reach the sides, or ends where the remaining
/// rules reach with a proof that checks and no step of the rule cut out. Each input's full
/// derivation takes that rule's step and checks.
#[test]
fn removing_a_term_rule_from_a_copy_of_the_file_changes_the_derivation() {
    for (rule, input) in [
        ("loopy-sides", "over + under"),
        ("onside-stopper", "onside(a{0|{a|0}})"),
        ("sidle-sum", "(over & v) + (over & v)"),
        ("sidle-neg", "-(over & v)"),
        ("sidle-stopper", "over + upon"),
    ] {
        let full = simplify(input, &RuleSet::loopy()).unwrap();
        assert!(full.proof.checked, "{rule}");
        assert!(names(&full).contains(&rule), "{rule}: {:?}", names(&full));
        let fewer = without(rule);
        match simplify(input, &fewer) {
            Ok(s) => {
                assert!(s.proof.checked, "{rule}");
                assert!(!names(&s).contains(&rule), "{rule}: {:?}", names(&s));
                assert_ne!(names(&s), names(&full), "{rule}");
            }
            Err(e) => assert!(
                format!("{e:?}").contains("not reached by the rules"),
                "{rule}: {e:?}"
            ),
        }
    }
}
