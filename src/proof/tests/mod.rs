//! Tests of the proof layer's internals (the comparison's certificates, the shared-term table,
//! openings built by hand), moved here from tests/ when the modules became crate-private.

mod grid_openings;
mod inequality;
mod openings;
mod proof_scale;

use super::{Proof, Step};
use crate::rules::RuleSet;
use crate::term::Term;
use crate::{parse, Engine, Kernel};

/// A step's place: a lemma's number and the step's there, or `None` and a step of the proof.
type Place = (Option<usize>, usize);

/// The first opening by `rule` with at least two options a side: in a lemma, or else in the
/// proof's own steps (the tampering tests' target).
fn wide_opening(p: &Proof, rule: &str) -> Option<Place> {
    let wide = |st: &Step| {
        st.rule == rule
            && matches!(&st.to, Term::Game { left, right } if left.len() >= 2 && right.len() >= 2)
    };
    p.lemmas
        .iter()
        .enumerate()
        .find_map(|(k, l)| l.steps.iter().position(wide).map(|i| (Some(k), i)))
        .or_else(|| p.steps.iter().position(wide).map(|i| (None, i)))
}

/// The step at `place`, to tamper with.
fn step_at(p: &mut Proof, place: Place) -> &mut Step {
    match place {
        (Some(k), i) => &mut p.lemmas[k].steps[i],
        (None, i) => &mut p.steps[i],
    }
}

/// The opening at `place` of `text`'s proof `p` with one option fewer on each side is
/// refused as the fault of the opening `rule`; its options are returned for more tampering.
fn assert_fewer_options_refused(
    p: &Proof,
    place: Place,
    rule: &str,
    text: &str,
    rules: &RuleSet,
) -> (Vec<Term>, Vec<Term>) {
    let Term::Game { left, right } = step_at(&mut p.clone(), place).to.clone() else {
        panic!("an opening gives a game");
    };
    let mut p = p.clone();
    step_at(&mut p, place).to = Term::game(left[1..].to_vec(), right[1..].to_vec());
    let e = p.check(rules).unwrap_err();
    assert!(
        e.reason.contains(&format!("opening `{rule}`")),
        "{text}: {e}"
    );
    (left, right)
}

/// The checked proof of Σ_{k=1..n} {k|−k} under `rules`: the sums whose many lemmas the
/// checker's threads and the pipeline's batches are tested on.
pub(crate) fn switches_proof(n: i64, rules: &crate::rules::RuleSet) -> super::Proof {
    let src = (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+");
    let t = crate::syntax::parse(&src).expect("the sum parses");
    super::simplify(&t, &crate::engine::Engine::new(rules.clone()))
        .expect("the sum simplifies")
        .proof
}

/// A shipped rule file (`file`, its text `text`) with the rule `name` cut out of it, up to the
/// next `rule` (a mirror written in its block goes too): the misère and loopy derivation tests
/// see a rule's steps leave with it.
pub(crate) fn without_rule(file: &str, text: &str, name: &str) -> crate::rules::RuleSet {
    let start = text
        .find(&format!("rule {name}\n"))
        .expect("the rule is in the file");
    let end = text[start + 1..]
        .find("\nrule ")
        .map_or(text.len(), |e| start + 1 + e);
    let mut rules = crate::rules::RuleSet::empty();
    rules
        .add_text(file, &format!("{}{}", &text[..start], &text[end..]))
        .unwrap();
    assert!(rules.get(name).is_none());
    rules
}

/// A proof whose first step is a user's rule: checked against the shipped rules the step is
/// refused, the reason saying `why`, and against `rules`, which hold the user's rule, the
/// proof passes.
pub(crate) fn assert_checked_only_by(
    proof: &super::Proof,
    rules: &crate::rules::RuleSet,
    why: &str,
) {
    let e = proof.check(&crate::rules::RuleSet::builtin()).unwrap_err();
    assert_eq!(e.step, 0);
    assert!(e.reason.contains(why), "{}", e.reason);
    assert!(proof.check(rules).is_ok());
}

/// The checker's refusal of the user's rule `rule` that stopped a derivation `r` (the misère
/// and loopy tests of unsound rules read its step and reason).
pub(crate) fn refusal_of<T: std::fmt::Debug>(
    r: Result<T, super::ProofError>,
    rule: &str,
) -> super::CheckError {
    match r {
        Err(super::ProofError::UnsoundRule(u)) => {
            assert_eq!(u.rule, rule);
            u.check
        }
        other => panic!("the unsound step was not caught: {other:?}"),
    }
}

fn simplify(text: &str) -> crate::proof::Simplification {
    let engine = Engine::new(RuleSet::builtin());
    crate::proof::simplify(&parse(text).unwrap(), &engine).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The proof ends at the canonical form the kernel computes from the ruleset's own fast path.
fn agrees_with_the_kernel(text: &str) {
    let s = simplify(text);
    assert!(s.canonical, "{text}: {:?}", s.stuck);
    assert!(s.proof.checked, "{text}");
    s.proof.check(&RuleSet::builtin()).unwrap();
    let mut k = Kernel::new();
    let value = k.eval(&parse(text).unwrap()).unwrap();
    let result = s.proof.expand(s.result(), 1 << 20).unwrap();
    assert_eq!(k.eval(&result).unwrap(), value, "{text}");
}

/// The words the file's writer puts straight into a lemma's line (`explain::words_into`) are
/// those `explain::write_reasons` writes into the step, and a lemma's line written so is the
/// line of the lemma with its words written: on proofs whose steps cite lemmas, group
/// deletions into parts, delete an option equal to another written otherwise (whose words
/// name both forms), reverse an option and bind values, under the shipped rules and the
/// fundamental ones.
#[test]
fn words_written_into_a_line_are_the_words_written_into_its_step() {
    use super::explain::{words_into, write_reasons};
    let shipped = RuleSet::builtin();
    let fundamental = shipped.select("fundamental").unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for (rules, text) in [
        (&shipped, "{1|-1}+{2|-2}+{3|-3}+{4|-4}"),
        (&shipped, "{1,{2|0}|}"),
        (&shipped, "^3 + *2"),
        (&fundamental, "{0,1,2|5}"),
        (&fundamental, "{0,{|}|}"),
        (&fundamental, "{{2|-1}|}"),
        (&fundamental, "{*,{0|0}|0}"),
    ] {
        let p = super::simplify(&parse(text).unwrap(), &Engine::new(rules.clone()))
            .unwrap()
            .proof;
        let unworded = |steps: &[Step]| {
            let mut steps = steps.to_vec();
            for s in &mut steps {
                s.edit(&mut |_| {}, &mut String::clear);
            }
            steps
        };
        let chains = std::iter::once((&p.input, &p.steps))
            .chain(p.lemmas.iter().map(|l| (&l.from, &l.steps)));
        for (start, bare) in chains.map(|(start, steps)| (start, unworded(steps))) {
            let mut worded = bare.clone();
            write_reasons(&mut worded, rules);
            let mut at = start;
            for (s, w) in bare.iter().zip(&worded) {
                let mut got = String::from("before: ");
                words_into(s, at, rules, &mut got);
                at = &s.to;
                assert_eq!(got, format!("before: {}", w.why), "{text}: {}", s.rule);
                seen.insert(match () {
                    _ if !s.parts.is_empty() => "parts".to_string(),
                    _ if w.why.contains("are equal games") => "equal options".to_string(),
                    _ if !s.witnesses.values.is_empty() => "values".to_string(),
                    _ => s.rule.to_string(),
                });
            }
        }
        for l in &p.lemmas {
            let bare = super::Lemma {
                steps: unworded(&l.steps),
                ..l.clone()
            };
            let mut worded = bare.clone();
            write_reasons(&mut worded.steps, rules);
            assert_eq!(
                super::json::lemma_line_worded(&bare, rules),
                super::json::lemma_line(&worded),
                "{text}"
            );
        }
    }
    for kind in [
        "lemma",
        "parts",
        "equal options",
        "values",
        "dominated-left",
        "dominated-right",
        "reversible-left",
    ] {
        assert!(seen.contains(kind), "no step of kind {kind} among {seen:?}");
    }
}
