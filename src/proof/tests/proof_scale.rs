//! Proofs at scale (issue 14): parts larger than `SHARE_ABOVE` nodes are entries of the proof's
//! term table, a part met twice (written out, or with references) is one lemma, the words of a
//! step name the entries of the compacted table, a reader's copy of a proof writes small
//! entries out and still checks, and the checker's "nothing changes outside the step's
//! position" is checked without rebuilding the term (tampering off the path is caught).

use crate::engine::Engine;
use crate::kernel::Kernel;
use crate::proof::table::{READ_UP_TO, SHARE_ABOVE};
use crate::proof::{simplify, PathElem, Proof, LEMMA};
use crate::rules::RuleSet;
use crate::syntax::parse;
use crate::Term;

/// Σ_{k=1..n} {k|−k}.
fn switches(n: usize) -> Term {
    let text = (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+");
    parse(&text).unwrap()
}

fn proved(x: &Term) -> (Proof, RuleSet) {
    let rules = RuleSet::builtin();
    let s = simplify(x, &Engine::new(rules.clone())).unwrap();
    assert!(s.canonical && s.proof.checked);
    (s.proof, rules)
}

/// Every reference in `t`.
fn refs(t: &Term, out: &mut Vec<u32>) {
    match t {
        Term::Ref(n) => out.push(*n),
        Term::Game { left, right } => left.iter().chain(right).for_each(|c| refs(c, out)),
        Term::Sum(a, b) => {
            refs(a, out);
            refs(b, out);
        }
        Term::Neg(a) => refs(a, out),
        Term::PlusMinus(xs) => xs.iter().for_each(|c| refs(c, out)),
        _ => {}
    }
}

#[test]
fn a_part_met_twice_is_one_lemma_however_it_is_written() {
    let (p, rules) = proved(&switches(8));
    p.check(&rules).unwrap();
    let mut table = p.terms.clone();
    // No two lemmas prove the same left side, up to references and the order of options.
    let sides: Vec<Term> = p.lemmas.iter().map(|l| l.from.clone()).collect();
    let mut normal: Vec<u32> = sides.iter().map(|s| table.normal(s)).collect();
    normal.sort_unstable();
    let before = normal.len();
    normal.dedup();
    assert_eq!(normal.len(), before, "a left side is proved twice");
    // The result is the kernel's value of the sum.
    let mut k = Kernel::new();
    let written = p.expand(&p.result, 1 << 20).unwrap();
    assert_eq!(
        k.eval(&written).unwrap(),
        k.eval(&switches(8)).unwrap(),
        "the result is not the sum's value"
    );
}

#[test]
fn a_small_result_is_written_out() {
    // S(3)'s canonical form (15 nodes) is above the sharing threshold but small enough to read.
    let (small, _) = proved(&switches(3));
    let mut r = Vec::new();
    refs(&small.result, &mut r);
    assert!(r.is_empty(), "{}", small.result);
    assert!(small.result.size() as u64 > SHARE_ABOVE);
    // The sum's value, in canonical form.
    let mut k = Kernel::new();
    let g = k.eval(&switches(3)).unwrap();
    assert_eq!(k.eval(&small.result).unwrap(), g);
    assert!(crate::engine::is_canonical(&mut k, &small.result).is_ok());
}

#[test]
fn the_words_of_a_citation_name_the_entries_of_the_compacted_table() {
    let (p, _) = proved(&switches(8));
    let mut cited = 0;
    for l in &p.lemmas {
        for s in &l.steps {
            if let Some(k) = s.lemma {
                assert_eq!(s.rule, LEMMA);
                let to = &p.lemmas[k].to;
                assert!(
                    s.why.ends_with(&format!(" = {to}")),
                    "step citing lemma {k} says `{}`, but the lemma ends at {to}",
                    s.why
                );
                cited += 1;
            }
            for n in crate::proof::table::refs_in_text(&s.why) {
                assert!((n as usize) < p.terms.len(), "`{}` names #{n}", s.why);
            }
        }
    }
    assert!(cited > 100);
}

#[test]
fn a_readers_copy_writes_small_entries_out_and_still_checks() {
    let (p, rules) = proved(&switches(7));
    let r = p.readable(READ_UP_TO);
    r.check(&rules).unwrap();
    assert_eq!(r.size(), p.size());
    let mut seen = Vec::new();
    refs(&r.input, &mut seen);
    refs(&r.result, &mut seen);
    for l in &r.lemmas {
        refs(&l.from, &mut seen);
        refs(&l.to, &mut seen);
        for s in &l.steps {
            refs(&s.from, &mut seen);
            refs(&s.to, &mut seen);
        }
    }
    assert!(
        !seen.is_empty(),
        "S(7) has parts larger than {READ_UP_TO} nodes"
    );
    for n in seen {
        let size = r.terms.size(&Term::Ref(n));
        assert!(size > READ_UP_TO, "#{n} of {size} nodes is not written out");
    }
}

/// `into_readable` finds the entries it keeps before writing anything out and renumbers as it
/// writes; here against its definition, step by step: every term written out by
/// `TermTable::written`, every step's words by `write_out_text_with`, then `compacted`. Several
/// bounds, so entries are dropped and the rest renumbered (and, with 0, none written out).
#[test]
fn a_readers_copy_is_the_proof_written_out_then_compacted() {
    let (p, _) = proved(&switches(7));
    for max in [0, 8, READ_UP_TO, 200, 5_000] {
        let mut by_definition = p.clone();
        let terms = by_definition.terms.clone();
        let mut cache = crate::term_table::Written::default();
        by_definition.edit(&mut |t| *t = terms.written(t, max as usize), &mut |why| {
            if why.contains('#') {
                *why = crate::proof::table::write_out_text_with(why, &terms, max, &mut cache);
            }
        });
        let by_definition = by_definition.compacted();
        let readable = p.readable(max);
        assert_eq!(readable.terms.len(), by_definition.terms.len(), "max {max}");
        assert!(
            readable == by_definition,
            "max {max}: the readable copies differ"
        );
    }
    // The bounds are not all alike: some entries are written out at READ_UP_TO, not all.
    let r = p.readable(READ_UP_TO);
    assert!(!r.terms.is_empty() && r.terms.len() < p.terms.len());
}

/// The first step of some lemma that rewrites below the root of a game, with the index of
/// the lemma and the step.
fn deep_step(p: &Proof) -> Option<(usize, usize)> {
    p.lemmas.iter().enumerate().find_map(|(k, l)| {
        l.steps.iter().enumerate().find_map(|(i, s)| {
            let inside = matches!(s.at.first(), Some(PathElem::Left(_) | PathElem::Right(_)));
            let game = matches!(&s.to, Term::Game { left, right } if left.len() + right.len() > 1);
            (inside && game).then_some((k, i))
        })
    })
}

#[test]
fn a_change_off_the_steps_path_is_rejected() {
    let (p, rules) = proved(&switches(5));
    let (k, i) = deep_step(&p).expect("a step inside a game of several options");
    let s = &p.lemmas[k].steps[i];
    // Change an option the step's path does not go through, in `to` only.
    let Term::Game { left, right } = &s.to else {
        unreachable!()
    };
    let on_path = s.at[0];
    let mut bad = p.clone();
    let (mut l2, mut r2) = (left.clone(), right.clone());
    let slot = match on_path {
        PathElem::Left(j) => {
            if l2.len() > 1 {
                &mut l2[(j + 1) % left.len()]
            } else {
                &mut r2[0]
            }
        }
        _ => {
            let j = if let PathElem::Right(j) = on_path {
                j
            } else {
                0
            };
            if r2.len() > 1 {
                &mut r2[(j + 1) % right.len()]
            } else {
                &mut l2[0]
            }
        }
    };
    *slot = Term::sum(slot.clone(), Term::integer(1));
    bad.lemmas[k].steps[i].to = Term::game(l2, r2);
    let e = bad
        .check(&rules)
        .expect_err("a change off the path must be rejected");
    assert_eq!(e.lemma, Some(k));
    assert_eq!(e.step, i, "{e}");
    assert!(e.reason.contains("outside position"), "{e}");
    // A path into a part the term does not have is rejected too.
    let mut bad = p.clone();
    bad.lemmas[k].steps[i].at = vec![PathElem::Left(99)];
    let e = bad
        .check(&rules)
        .expect_err("a path to nowhere must be rejected");
    assert_eq!((e.lemma, e.step), (Some(k), i), "{e}");
}
