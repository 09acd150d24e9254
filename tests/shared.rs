//! Shared terms (`G where A = …`): the parser's checks, the kernel's shared printer, exact tree
//! sizes, and the round trip print → parse → evaluate.

use num_bigint::BigInt;
use onag::Term;
use onag::{expand, expanded_size, ExpandError};
use onag::{print, PrintOptions};
use onag::{GameId, Kernel, KernelError};
use proptest::prelude::*;

/// `onag::parse` with the parser's own error: every input here is far below the limits, so an
/// error is always `Error::Parse`, whose line, column and message these tests read.
fn parse(s: &str) -> Result<onag::Term, onag::ParseError> {
    onag::parse(s).map_err(|e| match e {
        onag::Error::Parse(p) => p,
        e => panic!("{s:?}: not a parse error: {e}"),
    })
}

/// Σ_{k=1..n} {k | −k}, the example: 2^n leaves as a tree, few distinct parts.
fn s(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

fn ascii(t: &Term) -> String {
    print(t, &PrintOptions::default())
}

fn unicode(t: &Term) -> String {
    print(
        t,
        &PrintOptions {
            unicode: true,
            width: Some(60),
            ..Default::default()
        },
    )
}

/// The number of nodes of a term, counted by walking it (independently of `Term::size`).
fn count(t: &Term) -> u64 {
    match t {
        Term::Game { left, right } => 1 + left.iter().chain(right).map(count).sum::<u64>(),
        Term::PlusMinus(xs) => 1 + xs.iter().map(count).sum::<u64>(),
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => 1 + count(sub),
        Term::Sum(a, b) => 1 + count(a) + count(b),
        Term::Neg(a) => 1 + count(a),
        _ => 1,
    }
}

/// Whether every name of a `where` is used where the grammar allows: each definition uses only
/// names before it; returns the defined names.
fn defined_before_use(t: &Term) -> bool {
    fn names(t: &Term, out: &mut Vec<String>) {
        match t {
            Term::Name(n) => out.push(n.clone()),
            Term::Game { left, right } => left.iter().chain(right).for_each(|x| names(x, out)),
            Term::PlusMinus(xs) => xs.iter().for_each(|x| names(x, out)),
            Term::Tiny { sub, .. } | Term::Miny { sub, .. } => names(sub, out),
            _ => {}
        }
    }
    let Term::Where { body, defs } = t else {
        return false;
    };
    let mut seen: Vec<String> = Vec::new();
    for (name, d) in defs {
        let mut used = Vec::new();
        names(d, &mut used);
        if used.iter().any(|u| !seen.contains(u)) || seen.contains(name) {
            return false;
        }
        seen.push(name.clone());
    }
    let mut used = Vec::new();
    names(body, &mut used);
    used.iter().all(|u| seen.contains(u))
}

#[test]
fn where_reads_back_and_evaluates_by_environment() {
    let t = parse("{A|B} where A = {3|1}, B = {A|-1}").unwrap();
    let Term::Where { defs, .. } = &t else {
        panic!("not a where: {t:?}")
    };
    assert_eq!(defs.len(), 2);
    assert_eq!(
        defs[1],
        (
            "B".to_string(),
            Term::game(vec![Term::Name("A".into())], vec![Term::integer(-1)])
        )
    );
    let mut k = Kernel::new();
    let shared = k.eval(&t).unwrap();
    let written = k.eval(&parse("{{3|1}|{{3|1}|-1}}").unwrap()).unwrap();
    assert_eq!(shared, written);
    // Printed back, it parses to the same term.
    assert_eq!(parse(&ascii(&t)).unwrap(), t);
    assert_eq!(parse(&unicode(&t)).unwrap(), t);
    // Inside parentheses, as an option, with a name reused by an inner where.
    let t = parse("{(A + A where A = {1|0}) | 0} + A where A = 2").unwrap();
    let v = k.eval(&t).unwrap();
    let w = k.eval(&parse("{{1|0} + {1|0} | 0} + 2").unwrap()).unwrap();
    assert_eq!(v, w);
    assert_eq!(parse(&ascii(&t)).unwrap(), t);
    assert_eq!(
        expand(&t, 100).unwrap(),
        parse("{{1|0} + {1|0} | 0} + 2").unwrap()
    );
    // Names inside function arguments and copies.
    let t = parse("birthday(A) + 3*A where A = {1|0}").unwrap();
    let v = k.eval(&t).unwrap();
    let w = k
        .eval(&parse("birthday({1|0}) + 3*{1|0}").unwrap())
        .unwrap();
    assert_eq!(v, w);
    assert_eq!(parse(&ascii(&t)).unwrap(), t);
}

#[test]
fn an_unbound_name_built_by_a_program_is_an_error_not_a_value() {
    let mut k = Kernel::new();
    let t = Term::sum(Term::integer(1), Term::Name("X".into()));
    assert_eq!(k.eval(&t), Err(KernelError::Unbound { name: "X".into() }));
    // The failed evaluation leaves no binding behind.
    let t = Term::Where {
        body: Box::new(Term::Name("Y".into())),
        defs: vec![("A".into(), Term::integer(1))],
    };
    assert!(k.eval(&t).is_err());
    assert_eq!(
        k.eval(&Term::Name("A".into())),
        Err(KernelError::Unbound { name: "A".into() })
    );
    assert_eq!(expanded_size(&t), Err(ExpandError::Unbound("Y".into())));
}

/// (input, line, column, words the message must contain)
const BAD: &[(&str, usize, usize, &str)] = &[
    ("A", 1, 1, "unknown name `A`"),
    ("A where B = 1", 1, 1, "unknown name `A`"),
    (
        "A where A = B, B = 1",
        1,
        13,
        "`B` is used in the definition of `A`, before its own",
    ),
    ("A where A = A", 1, 13, "`A` is used in its own definition"),
    ("A where A = {1|A}", 1, 16, "in its own definition"),
    ("A where A = 1, A = 2", 1, 16, "`A` is defined twice"),
    ("A where Tiny = 1", 1, 9, "keyword"),
    ("A where where = 1", 1, 9, "keyword"),
    ("A where omega = 1", 1, 9, "keyword"),
    ("A where A 1", 1, 11, "expected `=` after `A`"),
    ("{1|0} where", 1, 12, "expected a name to define"),
    ("A where A = 1,", 1, 15, "expected a name to define"),
    ("A where 3 = 1", 1, 9, "expected a name to define"),
    ("A where A = 1 where B = 2", 1, 15, "expected an operator"),
    // Inside braces the commas belong to the options: a where needs parentheses there.
    ("{A where A = 1 | 0}", 1, 4, "expected an option"),
    // A name defined by an inner where is not visible outside it.
    ("(1 where A = 1) + A where B = 2", 1, 19, "unknown name `A`"),
    ("A where\nA = {1|B}", 2, 8, "unknown name `B`"),
];

#[test]
fn bad_where_forms_are_errors_with_carets() {
    for &(src, line, column, words) in BAD {
        let e = match parse(src) {
            Ok(t) => panic!("{src:?} parsed as {t:?}"),
            Err(e) => e,
        };
        assert!(e.message.contains(words), "{src:?}: {}", e.message);
        assert_eq!((e.line, e.column), (line, column), "{src:?}: {}", e.message);
        assert!(e.render().contains('^'), "{src:?}");
    }
}

#[test]
fn tree_sizes_match_a_direct_count() {
    let mut k = Kernel::new();
    for src in [
        "0",
        "*5",
        "{1|-1}",
        "{0||0|-3}",
        "{3|1||-1|-3} + {2|0}",
        "^ + {1|*}",
        &s(6),
        &s(9),
        "{0,*|0,*} + {5|4||3|2} + {1/2|-1/2}",
    ] {
        let g = k.eval(&parse(src).unwrap()).unwrap();
        let tree = k.to_term(g);
        assert_eq!(k.tree_size(g), BigInt::from(count(&tree)), "{src}");
        // The shared term written out is exactly that tree, and sized without writing it.
        let shared = k.shared_term(g);
        assert_eq!(
            expanded_size(&shared),
            Ok(BigInt::from(count(&tree))),
            "{src}"
        );
        assert_eq!(expand(&shared, 1 << 20).unwrap(), tree, "{src}");
    }
}

#[test]
fn s_n_has_exponentially_many_leaves_and_polynomially_many_definitions() {
    let mut k = Kernel::new();
    let mut last = BigInt::from(0);
    for n in [10usize, 16, 24] {
        let g = k.eval(&parse(&s(n)).unwrap()).unwrap();
        let size = k.tree_size(g);
        assert!(size > BigInt::from(1u64 << (n - 1)), "S({n}): {size}");
        assert!(size > last);
        last = size.clone();
        let shared = k.to_shared_term(g, 100);
        let text = ascii(&shared);
        let Term::Where { defs, .. } = &shared else {
            panic!("S({n}) printed unshared")
        };
        assert!(defined_before_use(&shared), "S({n})");
        // At most a few definitions per distinct part: O(n^3) parts.
        assert!(
            defs.len() <= n * n * n,
            "S({n}): {} definitions",
            defs.len()
        );
        assert!(text.len() < 100 * n * n * n, "S({n}): {} bytes", text.len());
        let back = parse(&text).unwrap();
        assert_eq!(expanded_size(&back), Ok(size), "S({n})");
        assert_eq!(k.eval(&back).unwrap(), g, "S({n})");
    }
}

#[test]
fn small_values_print_as_before() {
    let mut k = Kernel::new();
    for src in ["{0,1|2}", "{3|1||-1|-3}", &s(8), "^*+{0||0|-1}"] {
        let g = k.eval(&parse(src).unwrap()).unwrap();
        let tree = k.to_term(g);
        assert_eq!(k.to_shared_term(g, 100_000), tree, "{src}");
        assert!(!ascii(&tree).contains("where"));
    }
    // A value with nothing repeated prints as its tree even when sharing is asked for.
    let g = k.eval(&parse("{5|4||3|2}").unwrap()).unwrap();
    assert_eq!(k.shared_term(g), k.to_term(g));
}

/// A random game term: integers, nimbers and ups at the leaves, explicit games, sums and
/// negations above them; a sum of several such parts repeats subgames.
fn game_term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        (-4i64..=4).prop_map(Term::integer),
        (0u64..4).prop_map(|n| Term::nimber(onag::Nimber::from(n))),
        (-2i64..=2).prop_map(|n| Term::up(BigInt::from(n))),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.prop_map(Term::neg),
        ]
    })
}

fn switches() -> impl Strategy<Value = Term> {
    prop::collection::vec(
        prop_oneof![
            3 => (1i64..8).prop_map(|k| Term::game(vec![Term::integer(k)], vec![Term::integer(-k)])),
            2 => (1i64..6, 0i64..3).prop_map(|(a, b)| {
                let inner = Term::game(vec![Term::integer(b)], vec![Term::integer(-a)]);
                Term::game(vec![Term::integer(a)], vec![inner])
            }),
            1 => game_term(),
        ],
        1..7,
    )
    .prop_map(|parts| {
        let mut it = parts.into_iter();
        let first = it.next().unwrap_or_else(Term::zero);
        it.fold(first, Term::sum)
    })
}

fn round_trip(k: &mut Kernel, g: GameId) -> Result<(), TestCaseError> {
    let shared = k.to_shared_term(g, 0);
    let tree = k.to_term(g);
    prop_assert_eq!(expand(&shared, 1 << 22).unwrap(), tree.clone());
    prop_assert_eq!(k.tree_size(g), BigInt::from(count(&tree)));
    if matches!(shared, Term::Where { .. }) {
        prop_assert!(defined_before_use(&shared));
    }
    for text in [ascii(&shared), unicode(&shared)] {
        let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e:?}")))?;
        prop_assert_eq!(&back, &shared, "{}", text);
        prop_assert_eq!(k.eval(&back).unwrap(), g);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn shared_output_round_trips_through_the_parser(t in switches()) {
        let mut k = Kernel::new();
        if let Ok(g) = k.eval(&t) {
            round_trip(&mut k, g)?;
        }
    }
}

#[test]
fn a_deep_value_prints_shared_within_the_parsers_nesting_cap() {
    // G(n) = {2n | G(n−1)}, G(0) = 0, for n = 2000: canonical (2n−2, G(n)'s Right option's
    // Left option, is not ≥ G(n), so nothing reverses) and no part repeats, but as a tree it
    // nests beyond what the parser reads back. The tree is printed on a thread with room for
    // the printer's recursion.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            let mut t = Term::integer(0);
            for n in 1..=2000 {
                t = Term::game(vec![Term::integer(2 * n)], vec![t]);
            }
            let mut k = Kernel::new();
            let g = k.eval(&t).unwrap();
            let tree = k.to_term(g);
            match parse(&ascii(&tree)) {
                Ok(_) => panic!("the tree of depth 2000 read back"),
                Err(e) => assert!(e.message.contains("nested too deeply"), "{}", e.message),
            }
            let shared = k.shared_term(g);
            assert!(defined_before_use(&shared));
            let back = parse(&ascii(&shared)).unwrap_or_else(|e| panic!("{}", e.message));
            assert_eq!(k.eval(&back).unwrap(), g);
            assert!(expand(&shared, 1 << 20).unwrap() == tree);
        })
        .unwrap()
        .join()
        .unwrap();
}

/// `X where A = Y` with A used in X.
fn where_a(x: Term, y: Term) -> Term {
    Term::Where {
        body: Box::new(Term::sum(x, Term::Name("A".into()))),
        defs: vec![("A".into(), y)],
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// A `where` in every position a term can hold a term prints with the parentheses it needs
    /// and reads back as the same term.
    #[test]
    fn nested_where_prints_and_reads_back(x in game_term(), y in game_term(), z in game_term()) {
        let w = where_a(x.clone(), y.clone());
        let n = |s: &str| Term::Name(s.into());
        let cases = vec![
            w.clone(),
            Term::sum(w.clone(), z.clone()),
            Term::sum(z.clone(), w.clone()),
            Term::neg(w.clone()),
            Term::game(vec![w.clone(), z.clone()], vec![w.clone()]),
            Term::game(vec![Term::game(vec![w.clone()], vec![z.clone()])], vec![z.clone()]),
            Term::PlusMinus(vec![w.clone()]),
            Term::PlusMinus(vec![w.clone(), z.clone()]),
            Term::Multiple { count: BigInt::from(3), game: Box::new(w.clone()) },
            Term::Tiny { number: onag::Dyadic::from(1), sub: Box::new(w.clone()) },
            Term::Call { name: "birthday".into(), args: vec![onag::Arg::Game(w.clone())] },
            // A definition that is itself a where, and an inner name shadowing an outer one.
            Term::Where {
                body: Box::new(Term::game(vec![n("A")], vec![n("B")])),
                defs: vec![("A".into(), z.clone()), ("B".into(), where_a(n("A"), x.clone()))],
            },
        ];
        let mut k = Kernel::new();
        for t in cases {
            for text in [ascii(&t), unicode(&t)] {
                let back = parse(&text).map_err(|e| TestCaseError::fail(format!("{text}\n{}", e.render())))?;
                prop_assert_eq!(&back, &t, "{}", text);
            }
            // Evaluated as written, the value is that of the term written out.
            let written = expand(&t, 1 << 16).unwrap();
            prop_assert_eq!(k.eval(&t).unwrap(), k.eval(&written).unwrap());
        }
    }
}
