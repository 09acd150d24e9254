//! Inequalities by the definition: the checker's comparison against the kernel's, and the
//! written-out proofs against the definition they claim to follow.

use crate::definitional::inequality::{Definitional, Memo};
use crate::parse;
use crate::proof::{Inequality, Reason};
use crate::Term;
use crate::{GameId, Kernel};
use proptest::prelude::*;

/// Every game born by day 2, as canonical forms (22 of them), built from day 1 by the
/// definition: all pairs of antichains of day-1 values as option sets.
fn day2(k: &mut Kernel) -> Vec<GameId> {
    let zero = k.zero();
    let day1: Vec<GameId> = ["0", "1", "-1", "*"]
        .iter()
        .map(|s| k.eval(&parse(s).unwrap()).unwrap())
        .collect();
    let mut out = Vec::new();
    for lm in 0u32..16 {
        for rm in 0u32..16 {
            let pick = |m: u32| -> Vec<GameId> {
                (0..4)
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| day1[i])
                    .collect()
            };
            let g = k.from_options(&pick(lm), &pick(rm)).unwrap();
            if !out.contains(&g) {
                out.push(g);
            }
        }
    }
    assert!(out.contains(&zero));
    out
}

#[test]
fn definitional_comparison_agrees_with_the_kernel_on_day_2() {
    let mut k = Kernel::new();
    let games = day2(&mut k);
    assert_eq!(games.len(), 22);
    let mut memo = Memo::default();
    let mut pairs = Vec::new();
    for &a in &games {
        for &b in &games {
            let want = k.le(a, b).unwrap();
            pairs.push((a, b, want));
        }
    }
    // The checker reads terms: each game as the kernel writes it and written out.
    let written: Vec<(Term, Term)> = games
        .iter()
        .map(|&g| (k.to_term(g), explicit(&mut k, g)))
        .collect();
    let index = |g: GameId| games.iter().position(|&x| x == g).unwrap();
    let mut d = Definitional::new(&mut memo, None);
    for (a, b, want) in pairs {
        let ((a1, a2), (b1, b2)) = (&written[index(a)], &written[index(b)]);
        assert_eq!(d.le_terms(a1, b1).unwrap(), want, "{a1} <= {b1}");
        assert_eq!(d.le_terms(a2, b2).unwrap(), want, "{a2} <= {b2}");
        assert_eq!(d.le_terms(a1, b2).unwrap(), want, "{a1} <= {b2}");
    }
}

/// The canonical tree of `g` written out down to `{|}`.
fn explicit(k: &mut Kernel, g: GameId) -> Term {
    let l = k.left_options(g).unwrap();
    let r = k.right_options(g).unwrap();
    Term::game(
        l.into_iter().map(|x| explicit(k, x)).collect(),
        r.into_iter().map(|x| explicit(k, x)).collect(),
    )
}

/// Checks that a written-out inequality is what it says: its verdict is the kernel's, each
/// expansion lists exactly the options the definition asks about, each refutation fails and
/// each counterexample holds and is one of those options.
fn valid(k: &mut Kernel, q: &Inequality) -> Result<(), String> {
    let a = k.eval(&q.left).map_err(|e| e.to_string())?;
    let b = k.eval(&q.right).map_err(|e| e.to_string())?;
    if k.le(a, b).unwrap() != q.holds {
        return Err(format!("wrong verdict: {q}"));
    }
    let options = |k: &mut Kernel, t: &Term| -> (Vec<GameId>, Vec<GameId>) {
        match t {
            Term::Game { left, right } => (
                left.iter().map(|x| k.eval(x).unwrap()).collect(),
                right.iter().map(|x| k.eval(x).unwrap()).collect(),
            ),
            _ => {
                let g = k.eval(t).unwrap();
                (k.left_options(g).unwrap(), k.right_options(g).unwrap())
            }
        }
    };
    match &q.reason {
        Reason::Numbers => {
            if k.as_number(a).is_none() || k.as_number(b).is_none() {
                return Err(format!("not numbers: {q}"));
            }
        }
        Reason::ClosedForms => {
            if k.as_nus(a).is_none() || k.as_nus(b).is_none() {
                return Err(format!("not closed forms: {q}"));
            }
        }
        Reason::Unexpanded => {}
        Reason::Definition {
            refutations,
            unlisted,
            avoided,
        } => {
            if !q.holds {
                return Err(format!("an expansion of a failing inequality: {q}"));
            }
            let (gl, _) = options(k, &q.left);
            let (_, hr) = options(k, &q.right);
            if !avoided && refutations.len() + unlisted != gl.len() + hr.len() {
                return Err(format!("the expansion misses options: {q}"));
            }
            for r in refutations {
                if r.holds {
                    return Err(format!("a refutation that holds: {r}"));
                }
                valid(k, r)?;
            }
        }
        Reason::Counterexample(c) => {
            if q.holds || !c.holds {
                return Err(format!("a counterexample the wrong way round: {q}"));
            }
            let (gl, _) = options(k, &q.left);
            let (_, hr) = options(k, &q.right);
            let (x, y) = (k.eval(&c.left).unwrap(), k.eval(&c.right).unwrap());
            let is_gl = x == b && gl.contains(&y);
            let is_hr = y == a && hr.contains(&x);
            if !is_gl && !is_hr {
                return Err(format!("the counterexample is not an option: {q}"));
            }
            valid(k, c)?;
        }
    }
    Ok(())
}

#[test]
fn the_seed_reversal_is_explained_by_the_definition() {
    // {0|5}: 5 = {4|} reverses through 4 because 4 >= {0|5}. By the definition, {0|5} <= 4
    // since its Left option 0 is not >= 4 and 4 (a number, the game is not) needs no trying.
    let mut k = Kernel::new();
    let mut memo = Memo::default();
    let mut d = Definitional::new(&mut memo, None);
    let q = Inequality::prove(&mut d, &parse("{0|5}").unwrap(), &parse("4").unwrap(), 3).unwrap();
    assert!(q.holds);
    let Reason::Definition {
        refutations,
        avoided,
        ..
    } = &q.reason
    else {
        panic!("{q}")
    };
    assert!(
        !avoided,
        "{{0|5}} is 1, a number: 4's options must be tried too"
    );
    // 4 <= 0 fails (Left option 0 of {0|5}), and 4's Right options: none.
    assert_eq!(refutations.len(), 1, "{q}");
    assert!(!refutations[0].holds);
    assert_eq!(refutations[0].reason, Reason::Numbers);
    let text = q.to_string();
    assert!(text.contains("by the definition"), "{text}");
    valid(&mut k, &q).unwrap();
}

fn arb_game() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        (-2i64..3).prop_map(Term::integer),
        (0u64..3).prop_map(|n| Term::nimber(n.into())),
        Just(parse("1/2").unwrap()),
        Just(parse("^").unwrap()),
        Just(parse("v*").unwrap()),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| Term::game(l, r))
    })
}

#[test]
fn compare_gives_the_relation_with_its_reasons() {
    use crate::proof::compare;
    use crate::Relation;
    let p = |s: &str| parse(s).unwrap();
    let c = compare(&p("1/2"), &p("1"), 2).unwrap();
    assert_eq!(c.relation, Relation::Less);
    assert!(c.le.holds && !c.ge.holds);
    let c = compare(&p("{0|5}"), &p("1"), 2).unwrap();
    assert_eq!(c.relation, Relation::Equal);
    // ↑ and * are confused: each ≤ is refuted by a winning first move for Left.
    let c = compare(&p("^"), &p("*"), 2).unwrap();
    assert_eq!(c.relation, Relation::Fuzzy);
    for q in [&c.le, &c.ge] {
        assert!(matches!(q.reason, Reason::Counterexample(_)), "{q}");
    }
    let text = c.to_string();
    assert!(text.starts_with("^ || *"), "{text}");
    assert!(text.contains("Left wins ^ - * moving first"), "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn compare_agrees_with_the_kernel_and_its_refutations_are_winning_moves(
        a in arb_game(), b in arb_game()
    ) {
        let c = crate::proof::compare(&a, &b, 1).unwrap();
        let mut k = Kernel::new();
        let (x, y) = (k.eval(&a).unwrap(), k.eval(&b).unwrap());
        prop_assert_eq!(c.relation, k.compare(x, y).unwrap());
        for q in [&c.le, &c.ge] {
            if let Err(e) = valid(&mut k, q) {
                prop_assert!(false, "{}", e);
            }
        }
    }

    #[test]
    fn random_inequalities_agree_and_their_proofs_follow_the_definition(
        a in arb_game(), b in arb_game(), depth in 0usize..5
    ) {
        let mut k = Kernel::new();
        let (x, y) = (k.eval(&a).unwrap(), k.eval(&b).unwrap());
        let want = k.le(x, y).unwrap();
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, None);
        prop_assert_eq!(d.le_terms(&a, &b).unwrap(), want);
        let q = Inequality::prove(&mut d, &a, &b, depth).unwrap();
        prop_assert_eq!(q.holds, want);
        if let Err(e) = valid(&mut k, &q) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// A table entry the checker does not read (the producer keeps a call as the key of the part
/// it proved) stands in the way of no comparison but one that refers to it.
#[test]
fn an_unreadable_entry_blocks_only_what_refers_to_it() {
    use crate::definitional::inequality::Undecided;
    use crate::proof::TermTable;
    let table = TermTable::from_views(vec![
        parse(r#"toads("T.F")"#).unwrap(),
        parse("{1/2|0}").unwrap(),
        Term::game(vec![Term::Ref(1)], vec![parse("-1").unwrap()]),
    ])
    .unwrap();
    let mut memo = Memo::default();
    let mut d = Definitional::new(&mut memo, Some(&table));
    let one = parse("1").unwrap();
    assert_eq!(d.le_terms(&Term::Ref(1), &one), Ok(true));
    assert_eq!(d.le_terms(&one, &Term::Ref(1)), Ok(false));
    // {{1/2|0}|-1} and {1/2|0}, against the kernel's comparison of them written out.
    let mut k = Kernel::new();
    let g = k.eval(&parse("{{1/2|0}|-1}").unwrap()).unwrap();
    let h = k.eval(&parse("{1/2|0}").unwrap()).unwrap();
    assert_eq!(
        d.le_terms(&Term::Ref(2), &Term::Ref(1)),
        Ok(k.le(g, h).unwrap())
    );
    assert_eq!(
        d.le_terms(&Term::Ref(1), &Term::Ref(2)),
        Ok(k.le(h, g).unwrap())
    );
    // Asked again after the entries were read, the call is still unreadable, by name.
    for _ in 0..2 {
        match d.le_terms(&Term::Ref(0), &one) {
            Err(Undecided::Unreadable(why)) => {
                assert!(why.starts_with("#0: ") && why.contains("toads"), "{why}")
            }
            other => panic!("{other:?}"),
        }
    }
}
