//! Function calls in proofs: a call opens by its definition (an opening rule of `rules/`), each
//! distinct call is proved once as a lemma, and the checker accepts an opening only through the
//! function's independent re-derivation (`check_open`).

use super::{
    agrees_with_the_kernel, assert_fewer_options_refused, simplify, step_at, wide_opening,
};
use crate::parse;
use crate::proof::{PathElem, Proof, Step, TermTable, Witnesses};
use crate::Kernel;
use crate::RuleSet;
use crate::Term;

#[test]
fn boards_simplify_to_their_values_with_checked_proofs() {
    for text in [
        r#"domineering("..|..")"#,
        r#"domineering("...|...|...")"#,
        r#"domineering("..#|...|#..")"#,
        r#"domineering("....")"#,
        r#"domineering(".|.|.|.")"#,
        r#"domineering("...|...")"#,
        r#"clobber("xo|ox")"#,
        r#"clobber("xox.o")"#,
        r#"toads("TT..FF")"#,
        r#"toads("T.F")"#,
        r#"cutcake(3, 2)"#,
        r#"cutcake(4, 1)"#,
        r#"octal("0.77", 5)"#,
        r#"subtraction("1,2", 6)"#,
        r#"domineering("..|..") + domineering("...|...") + ^"#,
    ] {
        agrees_with_the_kernel(text);
    }
}

#[test]
fn published_values_come_out_of_the_proof() {
    // Winning Ways ch. 5: the empty 2x2 and 3x3 Domineering boards are both ±1 = {1|-1}.
    for b in [r#"domineering("..|..")"#, r#"domineering("...|...|...")"#] {
        let s = simplify(b);
        assert_eq!(s.result().to_string(), "{1|-1}", "{b}");
    }
    // A vertical strip of two squares is one move for Left: 1.
    assert_eq!(simplify(r#"domineering(".|.")"#).result().to_string(), "1");
}

#[test]
fn each_distinct_position_is_one_lemma() {
    let s = simplify(r#"domineering("...|...|...")"#);
    let mut froms: Vec<String> = s.proof.lemmas.iter().map(|l| l.from.to_string()).collect();
    let n = froms.len();
    froms.sort();
    froms.dedup();
    assert_eq!(froms.len(), n, "a position proved twice");
    // Every lemma about a position starts with the opening by the ruleset's moves.
    for l in &s.proof.lemmas {
        if matches!(l.from, Term::Call { .. }) {
            assert_eq!(l.steps[0].rule, "domineering", "{}", l.from);
        }
    }
}

/// The first step by `rule` in the proof's lemmas that opens into a game with Left and Right
/// options: (lemma, step).
fn find(p: &Proof, rule: &str) -> (usize, usize) {
    for (k, l) in p.lemmas.iter().enumerate() {
        let two_sided = |s: &Step| matches!(&s.to, Term::Game { left, right } if !left.is_empty() && !right.is_empty());
        if let Some(i) = l.steps.iter().position(|s| s.rule == rule && two_sided(s)) {
            return (k, i);
        }
    }
    panic!("no step by {rule}");
}

#[test]
fn a_tampered_opening_is_rejected_by_the_naive_move_generator() {
    let rules = RuleSet::builtin();
    let s = simplify(r#"domineering("...|...|...")"#);
    let (k, i) = find(&s.proof, "domineering");
    // Drop one Left option from the opened game.
    let mut p = s.proof.clone();
    let step = &mut p.lemmas[k].steps[i];
    let Term::Game { left, right } = step.to.clone() else {
        panic!("an opening gives a game");
    };
    assert!(!left.is_empty());
    step.to = Term::game(left[1..].to_vec(), right.clone());
    let e = p.check(&rules).unwrap_err();
    assert_eq!(e.lemma, Some(k), "{e}");
    assert!(e.reason.contains("opening `domineering`"), "{e}");
    // Give the call's options to the other player.
    let mut p = s.proof.clone();
    p.lemmas[k].steps[i].to = Term::game(right, left);
    assert!(p.check(&rules).is_err());
    // Name another game's opening.
    let mut p = s.proof.clone();
    p.lemmas[k].steps[i].rule = "clobber".into();
    let e = p.check(&rules).unwrap_err();
    assert!(
        e.reason.contains("opens clobber(…), not domineering(…)"),
        "{e}"
    );
    // Without the opening rule in the rule set the step has no rule.
    let mut fewer = rules.clone();
    assert!(fewer.remove("domineering"));
    assert!(s.proof.check(&fewer).is_err());
    // The untouched proof checks.
    s.proof.check(&rules).unwrap();
}

#[test]
fn a_proof_with_openings_survives_json() {
    let rules = RuleSet::builtin();
    let s = simplify(r#"domineering("..#|...|#..") + cutcake(2, 2)"#);
    let mut back = Proof::from_json(&s.proof.to_json()).unwrap();
    back.verify(&rules).unwrap();
    assert!(back.checked);
    assert_eq!(back.result, s.proof.result);
}

fn step_inside(call: &str, rule: &str, to: &str) -> Proof {
    let from = parse(call).unwrap();
    let to = parse(to).unwrap();
    Proof {
        input: from.clone(),
        result: to.clone(),
        steps: vec![Step {
            from,
            to,
            rule: rule.into(),
            at: vec![PathElem::CallArg(0)],
            why: String::new(),
            witnesses: Witnesses::default(),
            reversed: false,
            parts: Vec::new(),
            lemma: None,
        }],
        lemmas: Vec::new(),
        terms: TermTable::new(),
        checked: false,
        play: crate::proof::Play::Normal,
    }
}

#[test]
fn steps_go_inside_an_argument_only_where_the_value_depends_on_the_value() {
    let rules = RuleSet::builtin();
    // birthday(G) is the birthday of G's canonical form: {0|} may become 1 inside it.
    step_inside("birthday({0|})", "integer-fold", "birthday(1)")
        .check(&rules)
        .unwrap();
    // formbirthday(G) reads the form as written: {0|} (born on day 2) is not 1 there... both
    // are born on day 2 here, but {0|} and 1 are different forms, so no rule may go inside.
    let e = step_inside("formbirthday({0|})", "integer-fold", "formbirthday(1)")
        .check(&rules)
        .unwrap_err();
    assert!(
        e.reason.contains("depends on how the argument is written"),
        "{e}"
    );
    // A wrong step inside an argument is still wrong.
    assert!(step_inside("birthday({0|})", "integer-fold", "birthday(2)")
        .check(&rules)
        .is_err());
}

#[test]
fn arguments_are_simplified_before_the_call_opens() {
    // cutcake's sizes are games: 1 + 1 is simplified to 2 inside the call first.
    let s = simplify("cutcake(1 + 1, 1)");
    assert!(s.proof.checked);
    let first = &s.proof.steps[0];
    assert_eq!(
        first.at.first(),
        Some(&PathElem::CallArg(0)),
        "{}",
        first.rule
    );
    let opening = s
        .proof
        .steps
        .iter()
        .find(|st| st.rule == "cutcake")
        .expect("the call opens");
    assert_eq!(opening.from.to_string(), "cutcake(2,1)");
}

/// The board text with each row reversed (a reflection: the same value).
fn reflected(b: &str) -> String {
    b.split('|')
        .map(|r| r.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// The board text transposed (the players' moves swapped: the negative value).
fn transposed(b: &str) -> String {
    let rows: Vec<Vec<char>> = b.split('|').map(|r| r.chars().collect()).collect();
    (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c]).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn a_domineering_option_may_be_any_orientation_of_its_regions_but_a_transposed_one_is_negated() {
    use crate::Arg;
    let f = crate::functions::lookup("domineering").unwrap();
    let args = vec![Arg::Text("....|....".into())];
    let mut k = Kernel::new();
    let opened = f.open(&args, &mut k).unwrap().unwrap().term;
    assert_eq!(f.check_open(&args, &opened), Some(Ok(())));
    let Term::Game { left, right } = &opened else {
        panic!("a game")
    };
    // Left's move in the first column leaves a 2x3 region: one call, perhaps negated.
    let board_of = |t: &Term| match t {
        Term::Call { args, .. } => match args.as_slice() {
            [Arg::Text(b)] if b.matches('.').count() == 6 => Some(b.clone()),
            _ => None,
        },
        _ => None,
    };
    let (i, board, negated) = left
        .iter()
        .enumerate()
        .find_map(|(i, o)| match o {
            Term::Neg(inner) => board_of(inner).map(|b| (i, b, true)),
            _ => board_of(o).map(|b| (i, b, false)),
        })
        .expect("a single-region option");
    let with = |o: Term| {
        let mut l = left.clone();
        l[i] = o;
        Term::game(l, right.clone())
    };
    let call = |b: String, neg: bool| {
        let c = Term::Call {
            name: "domineering".into(),
            args: vec![Arg::Text(b)],
        };
        if neg {
            Term::neg(c)
        } else {
            c
        }
    };
    assert_eq!(
        f.check_open(&args, &with(call(reflected(&board), negated))),
        Some(Ok(()))
    );
    assert!(matches!(
        f.check_open(&args, &with(call(transposed(&board), negated))),
        Some(Err(_))
    ));
    assert_eq!(
        f.check_open(&args, &with(call(transposed(&board), !negated))),
        Some(Ok(()))
    );
    // A region that is not the one the move leaves.
    assert!(matches!(
        f.check_open(&args, &with(call("...|.#.".into(), negated))),
        Some(Err(_))
    ));
    // Another board altogether.
    assert!(matches!(
        f.check_open(&args, &with(call("..|..".into(), false))),
        Some(Err(_))
    ));
}

#[test]
fn heap_games_simplify_to_their_values_with_checked_proofs() {
    for text in [
        r#"take_and_break("0.77", 6)"#,
        r#"take_and_break("4!.0", 7)"#,
        r#"take_and_break("0.3F!", 7)"#,
        r#"take_and_break("80.0", 6)"#,
        r#"take_and_break("0.[3]", 4)"#,
        r#"grundy(8)"#,
        r#"wythoff(2, 3)"#,
        r#"wythoff(3, 5) + wythoff(1, 1)"#,
    ] {
        agrees_with_the_kernel(text);
    }
    // Grundy's game: heaps of 3, 5 and 13 are *1, *2 and *3 (OEIS A002188); Wythoff (3, 5) is
    // a P-position, (1, 1) is *2 (its options (0, 1), (1, 0), (0, 0) are *1, *1, 0).
    for (text, value) in [
        ("grundy(3)", "*"),
        ("grundy(5)", "*2"),
        ("grundy(13)", "*3"),
        ("wythoff(3, 5)", "0"),
        ("wythoff(1, 1)", "*2"),
    ] {
        assert_eq!(simplify(text).result().to_string(), value, "{text}");
    }
}

/// Each (call, rule): its proof checks; then its first opening by `rule` with at least two
/// options a side, tampered two ways, is rejected: one option fewer on each side (named as
/// the opening's fault), and an option duplicated in place of another.
fn tampered_openings_are_rejected(cases: &[(&str, &str)]) {
    let rules = RuleSet::builtin();
    for &(text, rule) in cases {
        let s = simplify(text);
        s.proof.check(&rules).unwrap();
        let place = wide_opening(&s.proof, rule)
            .filter(|place| place.0.is_some())
            .unwrap_or_else(|| panic!("{text}: no opening with two options"));
        let (left, right) = assert_fewer_options_refused(&s.proof, place, rule, text, &rules);
        let mut p = s.proof.clone();
        let mut l = left.clone();
        l[0] = l[l.len() - 1].clone();
        let mut r = right.clone();
        r[0] = r[r.len() - 1].clone();
        step_at(&mut p, place).to = Term::game(l, r);
        assert!(p.check(&rules).is_err(), "{text}");
    }
}

#[test]
fn a_tampered_heap_opening_is_rejected() {
    tampered_openings_are_rejected(&[
        (r#"grundy(7)"#, "grundy"),
        (r#"take_and_break("0.3F", 6)"#, "take-and-break"),
        (r#"wythoff(2, 2)"#, "wythoff"),
    ]);
}

#[test]
fn toppling_dominoes_mem_and_spawning_simplify_with_checked_proofs() {
    for text in [
        r#"toppling_dominoes("lere")"#,
        r#"toppling_dominoes("lrrlrrl")"#,
        r#"toppling_dominoes("l.r")"#,
        r#"mem(7)"#,
        r#"mem(10, 3)"#,
        r#"spawning("1-3", 6)"#,
        r#"spawning("4FS", 9)"#,
        r#"spawning("3E", 8) + spawning("1+C", 4)"#,
    ] {
        agrees_with_the_kernel(text);
    }
}

#[test]
fn a_tampered_toppling_mem_or_spawning_opening_is_rejected() {
    tampered_openings_are_rejected(&[
        (r#"toppling_dominoes("lrel")"#, "toppling-dominoes"),
        (r#"mem(6)"#, "mem"),
        (r#"spawning("1-3", 5)"#, "spawning"),
    ]);
}

#[test]
fn graph_games_simplify_to_their_values_with_checked_proofs() {
    for text in [
        r#"snort("L-.-.-L")"#,
        r#"snort(".-.(-.;-.)")"#,
        r#"col("R-.-R-.-L")"#,
        r#"col(":A---:A")"#,
        r#"arc_kayles("-----")"#,
        r#"arc_kayles(":A-:A-:B-:B-.")"#,
        r#"childish_hackenbush("l(l;rl)")"#,
        r#"hackenbush("lr(e;l:A;r:A)")"#,
    ] {
        agrees_with_the_kernel(text);
    }
    // CGSuite's GameGraphTest: Snort "L-.-.-.-L" is {4|0,±1}; Col "R-.-R-.-L-.-R-.-R-." is 7/8.
    for (text, value) in [
        (r#"snort("L-.-.-.-L")"#, "{4|0,±1}"),
        (r#"col("R-.-R-.-L-.-R-.-R-.")"#, "7/8"),
    ] {
        let mut k = Kernel::new();
        let got = k.eval(simplify(text).result()).unwrap();
        assert_eq!(got, k.eval(&parse(value).unwrap()).unwrap(), "{text}");
    }
}

#[test]
fn a_tampered_graph_opening_is_rejected() {
    tampered_openings_are_rejected(&[
        (r#"snort(".-.-.-.")"#, "snort"),
        (r#"col(".-.-.-.")"#, "col"),
        (r#"arc_kayles("-----")"#, "arc-kayles"),
        (r#"childish_hackenbush("e(l;l;e)")"#, "childish-hackenbush"),
    ]);
}
