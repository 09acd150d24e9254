//! Proofs through the grid rulesets beyond Domineering and Clobber (`cram`, `kings`, `rooks`,
//! `knights`, `queens`, `amazons`): each board opens by its moves, the proof simplifies to the
//! value the kernel computes, the checker accepts it, and a tampered opening is rejected by the
//! naive move generators (`functions::grid_games_check`).

use super::{
    agrees_with_the_kernel, assert_fewer_options_refused, simplify, step_at, wide_opening,
};
use crate::parse;
use crate::RuleSet;
use crate::{Kernel, Term};

#[test]
fn grid_boards_simplify_to_their_values_with_checked_proofs() {
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
        agrees_with_the_kernel(text);
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
        let place = wide_opening(&s.proof, rule)
            .unwrap_or_else(|| panic!("{text}: no opening with two options a side"));
        // One option fewer on each side.
        let (left, right) = assert_fewer_options_refused(&s.proof, place, rule, text, &rules);
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
