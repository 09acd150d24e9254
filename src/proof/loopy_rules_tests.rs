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

/// Issue 45, point 3: a step on a stopper's positions or inside a side is re-matched from its
/// rule's pattern by the checker's one interpreter, whatever the rule's name. A proof of one
/// step written by hand (`play: loopy`), checked against the shipped rules; `Err` is the
/// checker's reason, at the step asserted here.
fn check_one(
    input: &str,
    rule: &str,
    at: &[&str],
    to: &str,
    values: &[(&str, &str)],
) -> Result<(), String> {
    let values: serde_json::Map<String, serde_json::Value> = values
        .iter()
        .map(|(n, v)| (n.to_string(), serde_json::Value::from(*v)))
        .collect();
    let text = serde_json::json!({
        "version": 3, "play": "loopy", "input": input, "result": to,
        "steps": [{"to": to, "rule": rule, "at": at, "witnesses": {"values": values}}],
    })
    .to_string();
    let p = crate::proof::Proof::from_json(&text).unwrap();
    match p.check(&RuleSet::loopy()) {
        Ok(()) => Ok(()),
        Err(e) => {
            assert_eq!(e.step, 0, "{e}");
            assert!(e.limit.is_none(), "{e}");
            Err(e.reason)
        }
    }
}

#[test]
fn forged_stopper_steps_are_refused_at_their_step_by_the_rules_pattern() {
    // {0, 1 | pass}: Left's 0 is dominated by her 1 (1 − 0 > 0), so the honest step checks.
    let (input, to) = ("{0,{0|}|pass}", "{{0|}|pass}");
    let honest = [("removed", "0"), ("by", "1")];
    let dominated = |to, w: &[_]| check_one(input, "loopy-dominated-left", &[], to, w);
    assert_eq!(dominated(to, &honest), Ok(()));
    // 1 is not at most 0: the same deletion witnessed the other way round fails the
    // condition `removed <= by`, and the rule's words say so.
    let e = dominated("{0|pass}", &[("removed", "1"), ("by", "0")]).unwrap_err();
    assert!(e.contains("loopy-dominated-left"), "{e}");
    assert!(e.contains("removed <= by"), "{e}");
    assert!(e.contains("does not hold"), "{e}");
    // Witnesses naming an option the game lacks, or the wrong option for the step: no
    // match of the pattern agrees with them.
    let e = dominated(to, &[("removed", "5"), ("by", "1")]).unwrap_err();
    assert!(e.contains("removed = 5"), "{e}");
    let e = dominated(to, &[("removed", "0"), ("by", "0")]).unwrap_err();
    assert!(e.contains("by = 0"), "{e}");
    // A witness the rule does not name.
    let e = dominated(to, &[("removed", "0"), ("over", "1")]).unwrap_err();
    assert!(e.contains("`over`"), "{e}");
    // The honest deletion, cited as the mirror rule: Right's options are `pass` alone.
    let e = check_one(input, "loopy-dominated-right", &[], to, &honest).unwrap_err();
    assert!(e.contains("loopy-dominated-right"), "{e}");
}

#[test]
fn a_reversible_step_through_an_option_not_at_most_the_game_is_refused() {
    // G = {{0|*}|0} is * (normal play's canonical form, a short game being a stopper):
    // Left's {0|*} has the Right option * <= G, so it reverses to *'s Left option 0, and
    // {0|0} = * is the honest step. In G = {{0|*,5}|0} (also *: Right's 5 is dominated),
    // 5 <= G fails (5 − * is a win for Left whoever starts), so Left's {0|*,5} may not be
    // replaced by 5's Left option 4.
    let honest = [("option", "0"), ("through", "0")];
    let reversible = |from, to, w: &[_]| check_one(from, "loopy-reversible-left", &[], to, w);
    assert_eq!(reversible("{{0|*}|0}", "{0|0}", &honest), Ok(()));
    let e = reversible("{{0|*,5}|0}", "{4|0}", &[("option", "0"), ("through", "1")]).unwrap_err();
    assert!(e.contains("through <= G"), "{e}");
    assert!(e.contains("does not hold"), "{e}");
    // A result that is not the rule's: the reversal through * replaced by nothing.
    let e = reversible("{{0|*}|0}", "{|0}", &honest).unwrap_err();
    assert!(e.contains("not the game before with the options"), "{e}");
}

#[test]
fn a_stopper_rule_cited_at_a_game_that_is_not_a_stopper_is_refused() {
    // dud = {pass|pass} plays forever: no stopper rule applies to it, whatever the witnesses.
    let e = check_one(
        "{0,pass|pass}",
        "loopy-dominated-left",
        &[],
        "{pass|pass}",
        &[("removed", "0"), ("by", "1")],
    )
    .unwrap_err();
    assert!(e.contains("infinite alternating play"), "{e}");
}

#[test]
fn a_side_deletion_changing_the_onside_is_refused_by_its_proviso() {
    // a = {0 | {a|0}}: Right's move to {a|0} is undone by Left at once, so deleting it keeps
    // the onside (1); deleting Left's 0 instead leaves {| {a|0}}, whose onside is not 1
    // (Left moving first has no move).
    let delete = |from, rule, to| check_one(from, rule, &["arg0"], to, &[("option", "0")]);
    let a = "onside(a{0|{a|0}})";
    assert_eq!(delete(a, "onside-delete-right", "onside({0|})"), Ok(()));
    let e = delete(a, "onside-delete-left", "onside(a{|{a|0}})").unwrap_err();
    assert!(e.contains("onside-delete-left"), "{e}");
    assert!(e.contains("changes the onside"), "{e}");
    // The honest deletion in the offside: there Left's undo is not the favoured player's.
    let e = delete(
        "offside(a{0|{a|0}})",
        "onside-delete-right",
        "offside({0|})",
    )
    .unwrap_err();
    assert!(e.contains("applies inside an onside"), "{e}");
}

/// `rules/loopy.rules`' rule `name` (with its mirror) copied under new names, the originals
/// cut out: a user's rule that states the same under a name of its own.
fn renamed(name: &str, mirror: &str, new: &str, new_mirror: &str) -> RuleSet {
    let start = LOOPY_FILE.find(&format!("rule {name}\n")).unwrap();
    let end = LOOPY_FILE[start + 1..]
        .find("\nrule ")
        .map_or(LOOPY_FILE.len(), |e| start + 1 + e);
    let text = LOOPY_FILE[start..end]
        .replace(&format!("rule {name}\n"), &format!("rule {new}\n"))
        .replace(
            &format!("mirror {mirror}\n"),
            &format!("mirror {new_mirror}\n"),
        );
    let mut rules = without(name);
    rules.add_text("user.rules", &text).unwrap();
    rules
}

#[test]
fn a_users_stopper_rule_under_its_own_name_runs_and_is_checked_by_its_pattern() {
    let rules = renamed(
        "loopy-dominated-left",
        "loopy-dominated-right",
        "my-dominated",
        "my-dominated-right",
    );
    let s = simplify("{0,{0|}|pass}", &rules).unwrap();
    assert!(s.proof.checked);
    assert_eq!(names(&s), ["my-dominated"]);
    assert_eq!(s.notation, "1over");
    // Its step is re-matched from its pattern: the witnesses swapped fail its condition.
    let mut forged = s.proof.clone();
    let w = &mut forged.steps[0].witnesses.values;
    let (a, b) = (w[0].1.clone(), w[1].1.clone());
    (w[0].1, w[1].1) = (b, a);
    let e = forged.check(&rules).unwrap_err();
    assert_eq!(e.step, 0);
    assert!(e.reason.contains("my-dominated"), "{}", e.reason);
    assert!(e.reason.contains("removed <= by"), "{}", e.reason);
    // The same rule without its condition deletes any Left option: unsound, and caught at
    // its step (over = {0 | pass} is a win for Left moving first, {| pass} is not).
    let unsound = LOOPY_FILE[LOOPY_FILE.find("rule loopy-dominated-left\n").unwrap()..]
        .split("\nrule ")
        .next()
        .unwrap()
        .replace("rule loopy-dominated-left\n", "rule my-deletion\n")
        .replace(
            "mirror loopy-dominated-right\n",
            "mirror my-deletion-right\n",
        )
        .replace("  when  removed <= by\n", "")
        .replace("{ by, ..L | ..R }", "{ ..L | ..R }")
        .replace("{ removed, by, ..L | ..R }", "{ removed, ..L | ..R }");
    let mut rules = without("loopy-dominated-left");
    rules.add_text("user.rules", &unsound).unwrap();
    match simplify("{0|pass}", &rules) {
        Err(ProofError::UnsoundRule(u)) => {
            assert_eq!(u.rule, "my-deletion");
            assert_eq!(u.check.step, 0, "{:?}", u.check);
            assert!(u.check.reason.contains("not equal"), "{}", u.check.reason);
        }
        other => panic!("the unsound step was not caught: {other:?}"),
    }
}

#[test]
fn a_users_side_rule_under_its_own_name_runs_and_is_checked_by_its_proviso() {
    let rules = renamed(
        "onside-delete-right",
        "offside-delete-left",
        "undo-right",
        "undo-left",
    );
    let s = simplify("onside(a{0|{a|0}})", &rules).unwrap();
    assert!(s.proof.checked);
    assert_eq!(names(&s), ["undo-right", "onside-stopper"]);
    assert_eq!(s.notation, "1");
    // Its mirror runs in the offside, by its own name too.
    let s2 = simplify("offside(a{0|{a|0}})", &rules).unwrap();
    assert!(s2.proof.checked);
    assert_eq!(names(&s2).first(), Some(&"undo-left"), "{:?}", names(&s2));
    // The same rule with its proviso dropped is no side rule (it deletes any Right option):
    // the step inside the onside, checked against it, is refused at once, since the game
    // in the onside is not a stopper.
    let start = LOOPY_FILE.find("rule onside-delete-right\n").unwrap();
    let text = LOOPY_FILE[start..].split("\nrule ").next().unwrap();
    let unsound = text
        .replace("rule onside-delete-right\n", "rule undo-right\n")
        .replace("mirror offside-delete-left\n", "mirror undo-left\n")
        .replace("  when  keeps_onside(G, a)\n", "");
    let mut bad = without("onside-delete-right");
    bad.add_text("user.rules", &unsound).unwrap();
    let e = s.proof.check(&bad).unwrap_err();
    assert_eq!(e.step, 0, "{e}");
    assert!(
        e.reason.contains("infinite alternating play"),
        "{}",
        e.reason
    );
    // Its step with the witness naming an option the position lacks (a has one Right
    // option), or cited as its mirror, an offside's rule: each refused at the step.
    let mut forged = s.proof.clone();
    forged.steps[0].witnesses.values[0].1 = crate::number::Dyadic::from(1);
    let e = forged.check(&rules).unwrap_err();
    assert_eq!(e.step, 0, "{e}");
    assert!(e.reason.contains("no Right option R1"), "{}", e.reason);
    let mut forged = s.proof.clone();
    forged.steps[0].rule = "undo-left".into();
    let e = forged.check(&rules).unwrap_err();
    assert_eq!(e.step, 0, "{e}");
    assert!(
        e.reason.contains("applies inside an offside"),
        "{}",
        e.reason
    );
}

/// A step written by hand: (from, to, rule, at, option), `from` omitted when it is where
/// the chain is.
type HandStep<'a> = (
    Option<&'a str>,
    &'a str,
    &'a str,
    &'a [&'a str],
    Option<&'a str>,
);

/// A chain of loopy steps written by hand from `input`, checked against the shipped rules.
/// `Err` is the step refused and the checker's reason.
fn check_chain(input: &str, steps: &[HandStep<'_>]) -> Result<(), (usize, String)> {
    let steps: Vec<serde_json::Value> = steps
        .iter()
        .map(|(from, to, rule, at, option)| {
            let mut s = serde_json::json!({"to": to, "rule": rule, "at": at});
            if let Some(f) = from {
                s["from"] = serde_json::Value::from(*f);
            }
            if let Some(o) = option {
                s["witnesses"] = serde_json::json!({"values": {"option": o}});
            }
            s
        })
        .collect();
    let result = steps.last().map_or(input.into(), |s| s["to"].clone());
    let text = serde_json::json!({
        "version": 3, "play": "loopy", "input": input, "result": result, "steps": steps,
    })
    .to_string();
    let p = crate::proof::Proof::from_json(&text).unwrap();
    p.check(&RuleSet::loopy()).map_err(|e| {
        assert!(e.limit.is_none(), "{e}");
        (e.step, e.reason)
    })
}

/// The checker takes a graph equal vertex for vertex to another as the same form without
/// refining, and reads a step's `from` no more when it is the term the last step ended at
/// (issue 49): the half of `A & B` a step leaves alone, changed by one option, and a chain
/// that jumps to another game, are still refused at their step.
#[test]
fn a_step_changing_the_other_half_or_starting_elsewhere_is_refused() {
    // a = {0 | {a|0}}: Right's move to {a|0} is undone by Left at once, so deleting it keeps
    // the onside (1). The offside half, b = {0 | {b|0}}, is left alone.
    let input = "onside(a{0|{a|0}}) & offside(b{0|{b|0}})";
    let deleted = "onside({0|}) & offside(b{0|{b|0}})";
    let delete = (
        None,
        deleted,
        "onside-delete-right",
        &["arg0", "arg0"][..],
        Some("0"),
    );
    // onside-stopper: the onside of the stopper {0|} is {0|} (its proof starts where the
    // deletion ended, written again or not).
    let stop = "{0|} & offside(b{0|{b|0}})";
    let stopper = (None, stop, "onside-stopper", &["arg0"][..], None);
    assert_eq!(check_chain(input, &[delete, stopper]), Ok(()));
    let again = (Some(deleted), stop, "onside-stopper", &["arg0"][..], None);
    assert_eq!(check_chain(input, &[delete, again]), Ok(()));
    // The same deletion with the offside's 0 turned into 1: the step changes the term
    // outside its place.
    let changed = "onside({0|}) & offside(b{0|{b|1}})";
    let forged = (
        None,
        changed,
        "onside-delete-right",
        &["arg0", "arg0"][..],
        Some("0"),
    );
    let (step, why) = check_chain(input, &[forged]).unwrap_err();
    assert_eq!(step, 0, "{why}");
    assert!(why.contains("outside the place"), "{why}");
    // The second step starting from that changed term instead of where the chain is.
    let elsewhere = (
        Some(changed),
        "{0|} & offside(b{0|{b|1}})",
        "onside-stopper",
        &["arg0"][..],
        None,
    );
    let (step, why) = check_chain(input, &[delete, elsewhere]).unwrap_err();
    assert_eq!(step, 1, "{why}");
    assert!(why.contains("not where the chain is"), "{why}");
}
