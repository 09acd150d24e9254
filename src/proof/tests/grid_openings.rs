//! Proofs through the grid rulesets beyond Domineering and Clobber (`cram`, `kings`, `rooks`,
//! `knights`, `queens`, `amazons`): each board opens by its moves, the proof simplifies to the
//! value the kernel computes, the checker accepts it, and a tampered opening is rejected by the
//! naive move generators (`functions::grid_games_check`).

use crate::parse;
use crate::proof::{Proof, Step};
use crate::RuleSet;
use crate::{Engine, Kernel, Term};

fn simplify(text: &str) -> crate::proof::Simplification {
    let engine = Engine::new(RuleSet::builtin());
    crate::proof::simplify(&parse(text).unwrap(), &engine).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn grid_boards_simplify_to_their_values_with_checked_proofs() {
    let rules = RuleSet::builtin();
    for text in [
        r#"cram("...|...")"#,
        r#"cram("..#|...|.#.")"#,
        r#"kings("xox|ox.")"#,
        r#"rooks("xox|ox.")"#,
        r#"knights("xo.|..o|x..")"#,
        r#"queens("xox|ox.")"#,
        r#"amazons("x..|..o")"#,
        r#"cram("...") + kings("xo")"#,
    ] {
        let s = simplify(text);
        assert!(s.canonical, "{text}: {:?}", s.stuck);
        assert!(s.proof.checked, "{text}");
        s.proof.check(&rules).unwrap();
        let mut k = Kernel::new();
        let value = k.eval(&parse(text).unwrap()).unwrap();
        let result = s.proof.expand(s.result(), 1 << 20).unwrap();
        assert_eq!(k.eval(&result).unwrap(), value, "{text}");
    }
    // CGSuite's expected values (GameGridTest.scala) come out of the proofs too.
    for (text, value) in [
        (r#"queens("xox|ox.")"#, "^"),
        (r#"rooks("xox|ox.")"#, "{^^*|0,*}"),
        (r#"cram("...|...")"#, "*"),
    ] {
        let mut k = Kernel::new();
        let s = simplify(text);
        let got = k
            .eval(&s.proof.expand(s.result(), 1 << 20).unwrap())
            .unwrap();
        assert_eq!(got, k.eval(&parse(value).unwrap()).unwrap(), "{text}");
    }
}

/// The step at `place`: (lemma, step), or a step of the proof itself.
fn step_at(p: &mut Proof, place: (Option<usize>, usize)) -> &mut Step {
    match place {
        (Some(k), i) => &mut p.lemmas[k].steps[i],
        (None, i) => &mut p.steps[i],
    }
}

#[test]
fn a_tampered_grid_opening_is_rejected() {
    let rules = RuleSet::builtin();
    for (text, rule) in [
        (r#"cram("...|...")"#, "cram"),
        (r#"kings("xox|ox.")"#, "kings"),
        (r#"rooks("x.o|o.x")"#, "rooks"),
        (r#"knights("xo.|o.o|.ox")"#, "knights"),
        (r#"queens("xox|ox.")"#, "queens"),
        (r#"amazons("x..|..o")"#, "amazons"),
    ] {
        let s = simplify(text);
        s.proof.check(&rules).unwrap();
        // The first opening by `rule` with two options a side: in a lemma, or else in the
        // proof's own steps.
        let wide = |st: &Step| {
            st.rule == rule
                && matches!(&st.to, Term::Game { left, right } if left.len() >= 2 && right.len() >= 2)
        };
        let place = s
            .proof
            .lemmas
            .iter()
            .enumerate()
            .find_map(|(k, l)| l.steps.iter().position(wide).map(|i| (Some(k), i)))
            .or_else(|| s.proof.steps.iter().position(wide).map(|i| (None, i)))
            .unwrap_or_else(|| panic!("{text}: no opening with two options a side"));
        let mut p = s.proof.clone();
        let Term::Game { left, right } = step_at(&mut p, place).to.clone() else {
            panic!("an opening gives a game");
        };
        // One option fewer on each side.
        let mut p = s.proof.clone();
        step_at(&mut p, place).to = Term::game(left[1..].to_vec(), right[1..].to_vec());
        let e = p.check(&rules).unwrap_err();
        assert!(
            e.reason.contains(&format!("opening `{rule}`")),
            "{text}: {e}"
        );
        // An option listed twice in place of another.
        let mut p = s.proof.clone();
        let mut l = left.clone();
        l[0] = l[l.len() - 1].clone();
        step_at(&mut p, place).to = Term::game(l, right.clone());
        assert!(p.check(&rules).is_err(), "{text}");
        // The players' options swapped (the impartial Cram excepted).
        if rule != "cram" {
            let mut p = s.proof.clone();
            step_at(&mut p, place).to = Term::game(right.clone(), left.clone());
            assert!(p.check(&rules).is_err(), "{text}");
        }
        // Another ruleset's opening named for it.
        let mut p = s.proof.clone();
        step_at(&mut p, place).rule = if rule == "kings" { "queens" } else { "kings" }.into();
        assert!(p.check(&rules).is_err(), "{text}");
    }
}
