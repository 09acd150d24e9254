//! Misère derivations run by the rules they are given: a rule removed from a copy of
//! `rules/misere.rules` takes its steps with it, a user's sound rule is applied and its step
//! checked, and a user's unsound rule is caught by the checker at its step. The games' misère
//! outcomes are played out here by brute force (the last player to move loses), independently
//! of the library.

use super::misere::simplify_misere_by;
use super::played::show;
use super::tests::refusal_of;
use crate::misere::Misere;
use crate::rules::{RuleSet, MISERE_FILE};

fn parse(s: &str) -> crate::term::Term {
    crate::syntax::parse(s).unwrap()
}

/// `rules/misere.rules` with the rule `name` cut out of its text.
fn without(name: &str) -> RuleSet {
    super::tests::without_rule("misere.rules", MISERE_FILE, name)
}

/// A brute-force impartial game: its options.
#[derive(Clone)]
struct G(Vec<G>);

fn heap(n: usize) -> G {
    G((0..n).map(heap).collect())
}

fn sum(a: &G, b: &G) -> G {
    let mut o: Vec<G> = a.0.iter().map(|x| sum(x, b)).collect();
    o.extend(b.0.iter().map(|y| sum(a, y)));
    G(o)
}

/// Whether the player to move wins in misère play (no move: the player to move wins).
fn next_wins(g: &G) -> bool {
    g.0.is_empty() || g.0.iter().any(|x| !next_wins(x))
}

#[test]
fn removing_a_rule_from_a_copy_of_the_file_changes_the_derivation() {
    let input = parse("{*2,{*|*}|*2,{*|*}}");
    let all = RuleSet::misere();
    let s = simplify_misere_by(&mut Misere::default(), &input, &all).unwrap();
    let rules: Vec<&str> = s.proof.steps.iter().map(|s| s.rule.as_str()).collect();
    // {*} = 0 by the proviso, then in {0, *2} the option *2 reverses through * (ONAG ch. 12).
    assert_eq!(rules, ["misere-reversible-zero", "misere-reversible"]);
    assert_eq!(show(&s.proof.result), "*");
    // Without misere-reversible only the proviso's step is left, and {0, *2} stays.
    let fewer = without("misere-reversible");
    let s = simplify_misere_by(&mut Misere::default(), &input, &fewer).unwrap();
    assert!(s.proof.checked);
    let rules: Vec<&str> = s.proof.steps.iter().map(|s| s.rule.as_str()).collect();
    assert_eq!(rules, ["misere-reversible-zero"]);
    assert_eq!(show(&s.proof.result), "{0,*2|0,*2}");
    // Without the proviso's rule, nothing applies at {*}: no step at all.
    let fewer = without("misere-reversible-zero");
    let s = simplify_misere_by(&mut Misere::default(), &input, &fewer).unwrap();
    assert!(s.proof.steps.is_empty());
    let result = s.proof.terms.expand(&s.proof.result, usize::MAX).unwrap();
    assert!(show(&result).contains("{*|*}"), "{}", show(&result));
}

/// The proviso without its P-position: "every option of G has 0 as an option, so G = 0".
/// {*2} is the counterexample: its one move is to *2, from which the next player wins, so
/// {*2} is a misère P-position while 0 is not.
const UNSOUND: &str = "
rule proviso-forgotten
  says  \"If every option of G has 0 as an option, then G = 0.\"
  cite  \"none: it is false\"
  group misere
  priority 30
  match G @ { ..GL | ..GR }
  when  { | } in every option of G
  yield { | }
";

#[test]
fn an_unsound_user_rule_is_caught_by_the_checker_at_its_step() {
    let star2 = G(vec![heap(2)]);
    assert!(!next_wins(&star2), "{{*2}} is a misère P-position");
    assert!(next_wins(&G(vec![])), "0 is a misère N-position");
    let mut rules = RuleSet::misere();
    rules.add_text("user.rules", UNSOUND).unwrap();
    let r = simplify_misere_by(&mut Misere::default(), &parse("{*2|*2}"), &rules);
    let e = refusal_of(r, "proviso-forgotten");
    assert_eq!(e.step, 0, "{e:?}");
    assert!(e.limit.is_none(), "{e:?}");
    assert!(e.reason.contains("proviso-forgotten"), "{}", e.reason);
    assert!(e.reason.contains("not sound"), "{}", e.reason);
}

/// The proviso for a game of one option (a textbook special case, ONAG ch. 12).
const SOUND: &str = "
rule proviso-one-option
  says  \"A game whose one option X is a P-position with 0 as an option is 0.\"
  cite  \"ONAG, ch. 12 (the proviso)\"
  group misere
  match G @ { X | X }
  when  P(X), { | } in every option of G
  yield { | }
";

#[test]
fn a_sound_user_rule_is_applied_and_its_step_checked() {
    // {*} and 0 agree in every sum with a heap up to *4 (brute force), as G = 0 needs.
    let g = G(vec![heap(1)]);
    for n in 0..5 {
        assert_eq!(
            next_wins(&sum(&g, &heap(n))),
            next_wins(&heap(n)),
            "{{*}} + *{n}"
        );
    }
    let mut rules = without("misere-reversible-zero");
    rules.add_text("user.rules", SOUND).unwrap();
    let s = simplify_misere_by(&mut Misere::default(), &parse("{*|*}"), &rules).unwrap();
    assert!(s.proof.checked);
    let names: Vec<&str> = s.proof.steps.iter().map(|s| s.rule.as_str()).collect();
    assert_eq!(names, ["proviso-one-option"]);
    assert_eq!(show(&s.proof.result), "0");
    assert_eq!(s.notation, "*[0]");
    // Checked against rules that do not hold it, the step is refused: it names no rule of
    // misère play there.
    super::tests::assert_checked_only_by(&s.proof, &rules, "not a rule of misère play");
}

/// The rule with no proviso at all (issue 45's example): a game of one option is 0. It
/// matches {*2} as written, so only the checker's own simplest forms can refuse the step:
/// {*2} is a misère P-position (brute force), 0 is not.
const NO_PROVISO: &str = "
rule one-option-is-zero
  says  \"A game of one option is 0.\"
  cite  \"none: it is false\"
  group misere
  priority 30
  match G @ { X | X }
  yield { | }
";

#[test]
fn a_user_rule_with_no_proviso_is_caught_at_its_step() {
    assert!(
        !next_wins(&G(vec![heap(2)])),
        "{{*2}} is a misère P-position"
    );
    assert!(next_wins(&G(vec![])), "0 is a misère N-position");
    let mut rules = RuleSet::misere();
    rules.add_text("user.rules", NO_PROVISO).unwrap();
    let r = simplify_misere_by(&mut Misere::default(), &parse("{*2|*2}"), &rules);
    let e = refusal_of(r, "one-option-is-zero");
    assert_eq!(e.step, 0, "{e:?}");
    assert!(e.reason.contains("one-option-is-zero"), "{}", e.reason);
    assert!(e.reason.contains("not sound"), "{}", e.reason);
}

/// A shipped rule's name is no warrant: the proviso's rule redefined without `P(X)` in the
/// rules checked against is a user's theorem, so its false instance {*2} = 0 is refused,
/// while its true instance {*} = 0 (brute force: {*} and 0 agree beside *0..*4) checks.
#[test]
fn a_shipped_rule_redefined_without_its_proviso_is_not_trusted() {
    let weakened = MISERE_FILE.replace(
        "  when  P(X), { | } in every option of G\n",
        "  when  { | } in every option of G\n",
    );
    assert_ne!(weakened, MISERE_FILE, "the proviso's line is in the file");
    let mut rules = RuleSet::empty();
    rules.add_text("weakened.rules", &weakened).unwrap();
    let r = simplify_misere_by(&mut Misere::default(), &parse("{*2|*2}"), &rules);
    let e = refusal_of(r, "misere-reversible-zero");
    assert!(e.reason.contains("misere-reversible-zero"), "{}", e.reason);
    assert!(e.reason.contains("not sound"), "{}", e.reason);
    for n in 0..5 {
        let g = G(vec![heap(1)]);
        assert_eq!(
            next_wins(&sum(&g, &heap(n))),
            next_wins(&heap(n)),
            "{{*}} + *{n}"
        );
    }
    let s = simplify_misere_by(&mut Misere::default(), &parse("{*|*}"), &rules).unwrap();
    assert!(s.proof.checked);
    assert_eq!(show(&s.proof.result), "0");
}

/// A sound user rule's step with a forged witness is refused: the checker matches the rule
/// again and the witness X must be what its match binds ({*}'s one option is *, not *2).
#[test]
fn a_sound_user_rules_step_with_a_forged_witness_is_refused() {
    let mut rules = without("misere-reversible-zero");
    rules.add_text("user.rules", SOUND).unwrap();
    let s = simplify_misere_by(&mut Misere::default(), &parse("{*|*}"), &rules).unwrap();
    assert!(s.proof.check(&rules).is_ok());
    let step = &s.proof.steps[0];
    let x = step.witnesses.game("X").expect("the step names its X");
    assert_eq!(show(x), "*");
    let mut forged = s.proof.clone();
    for (n, t) in &mut forged.steps[0].witnesses.games {
        if n.as_str() == "X" {
            *t = parse("*2");
        }
    }
    let e = forged.check(&rules).unwrap_err();
    assert_eq!(e.step, 0, "{e:?}");
    assert!(e.reason.contains("witness X"), "{}", e.reason);
}
