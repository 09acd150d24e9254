//! The parser and printer: CGSuite notation, errors with positions, limits, round trips.

use num_bigint::{BigInt, BigUint};
use onag::{print, ParseError, PrintOptions, MAX_NESTING};
use onag::{Arg, Dyadic, Nimber, Pebble, Term};
use proptest::prelude::*;

/// `onag::parse` with the parser's own error: every input here is far below the limits, so an
/// error is always `Error::Parse`, whose line, column and message these tests read.
fn parse(s: &str) -> Result<Term, ParseError> {
    onag::parse(s).map_err(|e| match e {
        onag::Error::Parse(p) => p,
        e => panic!("{s:?}: not a parse error: {e}"),
    })
}

fn p(s: &str) -> Term {
    parse(s).unwrap_or_else(|e| panic!("{s:?} should parse:\n{}", e.render()))
}
fn err(s: &str) -> ParseError {
    match parse(s) {
        Ok(t) => panic!("{s:?} should not parse, got {t:?}"),
        Err(e) => e,
    }
}
fn ascii(t: &Term) -> String {
    print(t, &PrintOptions::default())
}
fn uni(t: &Term) -> String {
    print(
        t,
        &PrintOptions {
            unicode: true,
            ..Default::default()
        },
    )
}
fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}
fn nus(number: &str, up: i64, nim: u64) -> Term {
    Term::Nus {
        number: d(number),
        up: BigInt::from(up),
        nim: Nimber::from(nim),
    }
}
fn g(l: Vec<Term>, r: Vec<Term>) -> Term {
    Term::game(l, r)
}
fn int(n: i64) -> Term {
    Term::integer(n)
}

#[test]
fn braces_and_options() {
    let star = nus("0", 0, 1);
    assert_eq!(
        p("{0,*|0,*}"),
        g(vec![int(0), star.clone()], vec![int(0), star])
    );
    assert_eq!(p("{|}"), g(vec![], vec![]));
    assert_eq!(p("{1|}"), g(vec![int(1)], vec![]));
    assert_eq!(p(" { | -2 } "), g(vec![], vec![int(-2)]));
    assert_eq!(
        p("{\n  1,\n  2\n|\n  3\n}"),
        g(vec![int(1), int(2)], vec![int(3)])
    );
}

#[test]
fn bar_runs_nest() {
    assert_eq!(
        p("{3||2|1}"),
        g(vec![int(3)], vec![g(vec![int(2)], vec![int(1)])])
    );
    assert_eq!(
        p("{3|2||1}"),
        g(vec![g(vec![int(3)], vec![int(2)])], vec![int(1)])
    );
    assert_eq!(p("{3||2|1}"), p("{3|{2|1}}"));
    // The CGSuite test case: 4 bars at the top, then 3, 2, 1 down the left side.
    let star = nus("0", 0, 1);
    let inner = g(vec![int(1)], vec![int(0), star]);
    let t = g(
        vec![g(vec![int(3)], vec![g(vec![int(2)], vec![inner])])],
        vec![nus("-1/2", 0, 0)],
    );
    assert_eq!(p("{3|||2||1|0,*||||-1/2}"), t);
    assert_eq!(ascii(&t), "{3|||2||1|0,*||||-1/2}");
    // Both sides may nest.
    assert_eq!(
        p("{a|b||c|d}".replace(['a', 'b', 'c', 'd'], "0").as_str()),
        g(
            vec![g(vec![int(0)], vec![int(0)])],
            vec![g(vec![int(0)], vec![int(0)])]
        )
    );
}

#[test]
fn ambiguous_bars_are_errors() {
    let e = err("{3|2|1}");
    assert_eq!((e.line, e.column), (1, 5));
    assert!(e.message.contains("ambiguous"), "{}", e.message);
    err("{3||2||1}");
    err("{1||2|3||4}");
    // Unambiguous, if more bars than needed.
    assert_eq!(p("{1|2|||3}"), p("{1|2||3}"));
}

#[test]
fn numbers() {
    assert_eq!(p("3/8"), nus("3/8", 0, 0));
    assert_eq!(p("6/16"), nus("3/8", 0, 0));
    assert_eq!(p("-7"), int(-7));
    assert_eq!(p("-3/8"), nus("-3/8", 0, 0));
    let big = format!("1{}", "0".repeat(99_999));
    let t = p(&big);
    assert_eq!(t, Term::number(Dyadic::integer(big.parse().unwrap())));
    assert_eq!(ascii(&t), big);
}

#[test]
fn non_dyadic_fraction_is_an_error_at_the_fraction() {
    let e = err("{1/3|}");
    assert_eq!((e.line, e.column, e.length), (1, 2, 3));
    assert!(
        e.message.contains("1/3 is not a dyadic rational"),
        "{}",
        e.message
    );
    assert!(e.message.contains("short games have only dyadic numbers"));
    assert_eq!(
        e.render(),
        "error: 1/3 is not a dyadic rational: short games have only dyadic numbers (denominators that are powers of two)\n --> line 1, column 2\n  |\n1 | {1/3|}\n  |  ^^^\n"
    );
    let e = err("{0|\n  5/0}");
    assert_eq!((e.line, e.column), (2, 3));
    assert!(e.message.contains("divides by zero"));
}

#[test]
fn nus_literals_are_one_leaf() {
    assert_eq!(p("*"), nus("0", 0, 1));
    assert_eq!(p("*5"), nus("0", 0, 5));
    assert_eq!(p("^"), nus("0", 1, 0));
    assert_eq!(p("v"), nus("0", -1, 0));
    assert_eq!(p("^^"), nus("0", 2, 0));
    assert_eq!(p("vvv"), nus("0", -3, 0));
    assert_eq!(p("^7"), nus("0", 7, 0));
    assert_eq!(p("v14"), nus("0", -14, 0));
    assert_eq!(p("^*"), nus("0", 1, 1));
    assert_eq!(p("^^*"), nus("0", 2, 1));
    assert_eq!(p("v3*2"), nus("0", -3, 2));
    assert_eq!(p("^3*2"), nus("0", 3, 2));
    assert_eq!(p("^*6"), nus("0", 1, 6));
    assert_eq!(p("1/2v2*3"), nus("1/2", -2, 3));
    assert_eq!(p("3*"), nus("3", 0, 1));
    // number + nimber is `3+*2` (3*2 is the product 6, as in CGSuite's input): a sum,
    // kept as the one literal the printer writes so
    assert_eq!(p("3+*2"), nus("3", 0, 2));
    assert_eq!(p("-1/2+*5"), nus("-1/2", 0, 5));
    assert_eq!(
        p("3*2"),
        Term::Call {
            name: "mul".into(),
            args: vec![Arg::Game(nus("3", 0, 0)), Arg::Game(nus("2", 0, 0))]
        }
    );
    // spacing never changes the reading; in parentheses the operand stays a sum's
    assert_eq!(p("3 + *2"), nus("3", 0, 2));
    assert_eq!(p("3 + (*2)"), Term::sum(nus("3", 0, 0), nus("0", 0, 2)));
    // a `+` binds more loosely than a product: 2*3+*2 is 6 + ∗2, not 2·(3 + ∗2)
    assert_eq!(
        p("2*3+*2"),
        Term::sum(
            Term::Call {
                name: "mul".into(),
                args: vec![Arg::Game(nus("2", 0, 0)), Arg::Game(nus("3", 0, 0))]
            },
            nus("0", 0, 2)
        )
    );
    assert_eq!(p("2^"), nus("2", 1, 0));
    assert_eq!(p("-1/2*"), nus("-1/2", 0, 1));
    assert_eq!(p("6^*"), nus("6", 1, 1));
    assert_eq!(p("73/16v9*8"), nus("73/16", -9, 8));
    assert_eq!(p("9/8*"), nus("9/8", 0, 1));
    assert_eq!(p("-3^"), nus("-3", 1, 0));
    // A star of a 1000-bit number.
    let n = BigUint::from(1u8) << 1000usize;
    assert_eq!(p(&format!("*{n}")), Term::nimber(Nimber::new(n.clone())));
    assert_eq!(
        ascii(&Term::nimber(Nimber::new(n.clone()))),
        format!("*{n}")
    );
    err("^^3");
}

#[test]
fn unicode_input() {
    assert_eq!(p("↑"), p("^"));
    assert_eq!(p("⇑"), p("^^"));
    assert_eq!(p("↓"), p("v"));
    assert_eq!(p("⇓*"), p("vv*"));
    assert_eq!(p("↑3∗2"), p("^3*2"));
    assert_eq!(p("±1"), p("+-1"));
    assert_eq!(p("−1/2"), p("-1/2"));
    assert_eq!(p("{0|−{1|0}}"), p("{0|-{1|0}}"));
    // Columns count characters, not bytes.
    let e = err("↑ + ⇑ + }");
    assert_eq!(e.column, 9);
}

#[test]
fn plus_minus() {
    assert_eq!(p("+-1"), Term::PlusMinus(vec![int(1)]));
    assert_eq!(p("+-{1,2}"), Term::PlusMinus(vec![int(1), int(2)]));
    assert_eq!(
        p("+-{4|0}"),
        Term::PlusMinus(vec![g(vec![int(4)], vec![int(0)])])
    );
    assert_eq!(p("+-(1*)"), Term::PlusMinus(vec![nus("1", 0, 1)]));
    assert_eq!(
        p("3 +- 2"),
        Term::sum(int(3), Term::PlusMinus(vec![int(2)]))
    );
    // CGSuite: 3 - 2 +- 6 - 7 +- 8 + 4, left to right.
    let t = p("3 - 2 +- 6 - 7 +- 8 + 4");
    let pm = |n| Term::PlusMinus(vec![int(n)]);
    let want = Term::sum(
        Term::sum(
            Term::sum(
                Term::sum(Term::sum(int(3), Term::neg(int(2))), pm(6)),
                Term::neg(int(7)),
            ),
            pm(8),
        ),
        int(4),
    );
    assert_eq!(t, want);
    // CGSuite's (x,y) is a pair, not a set.
    err("+-(1,1+*)");
}

#[test]
fn tiny_miny() {
    let sub = g(vec![int(3)], vec![int(1)]);
    assert_eq!(
        p("Tiny({3|1})"),
        Term::Tiny {
            number: d("0"),
            sub: Box::new(sub.clone())
        }
    );
    assert_eq!(
        p("3Tiny({3|1})"),
        Term::Tiny {
            number: d("3"),
            sub: Box::new(sub.clone())
        }
    );
    assert_eq!(
        p("-1/2Miny(2)"),
        Term::Miny {
            number: d("-1/2"),
            sub: Box::new(int(2))
        }
    );
    assert_eq!(ascii(&p("9Tiny({2|1})")), "9Tiny({2|1})");
    assert_eq!(ascii(&p("Tiny(3/2)")), "Tiny(3/2)");
    err("Tiny 3");
}

#[test]
fn sums_negation_copies() {
    assert_eq!(p("1 + *"), Term::sum(int(1), nus("0", 0, 1)));
    assert_eq!(
        p("{1|0} - ^"),
        Term::sum(g(vec![int(1)], vec![int(0)]), Term::neg(nus("0", 1, 0)))
    );
    assert_eq!(p("-{1|0}"), Term::neg(g(vec![int(1)], vec![int(0)])));
    assert_eq!(p("-(3)"), Term::neg(int(3)));
    assert_eq!(p("--1"), Term::neg(int(-1)));
    let sw = g(vec![int(1)], vec![int(0)]);
    let copies = |n: i64, t: Term| Term::Multiple {
        count: BigInt::from(n),
        game: Box::new(t),
    };
    assert_eq!(p("3*{1|0}"), copies(3, sw.clone()));
    assert_eq!(p("3.{1|0}"), copies(3, sw.clone()));
    assert_eq!(p("3 . ^"), copies(3, nus("0", 1, 0)));
    assert_eq!(p("3*^"), copies(3, nus("0", 1, 0)));
    assert_eq!(p("3*v*"), copies(3, nus("0", -1, 1)));
    assert_eq!(p("3**2"), copies(3, nus("0", 0, 2)));
    assert_eq!(p("3^*"), nus("3", 1, 1));
    assert_eq!(p("-2*{1|0}"), copies(-2, sw.clone()));
    assert_eq!(p("2*(1/2)"), copies(2, nus("1/2", 0, 0)));
    assert_eq!(p("3*{1|0} + 3*"), Term::sum(copies(3, sw), nus("3", 0, 1)));
    let e = err("3.5");
    assert!(e.message.contains("decimal"), "{}", e.message);
    assert_eq!(
        p("(1 + 2) + 3"),
        Term::sum(Term::sum(int(1), int(2)), int(3))
    );
    assert_eq!(
        p("1 + (2 + 3)"),
        Term::sum(int(1), Term::sum(int(2), int(3)))
    );
}

#[test]
fn hackenstrings() {
    use Pebble::*;
    assert_eq!(
        p("hs\"LRRE\""),
        Term::Hackenstring(vec![Left, Right, Right, Neutral])
    );
    assert_eq!(
        p("hs\"ABC\""),
        Term::Hackenstring(vec![Left, Right, Neutral])
    );
    assert_eq!(p("hs\"\""), Term::Hackenstring(vec![]));
    assert_eq!(
        p("hs\"L\" + hs\"R\""),
        Term::sum(
            Term::Hackenstring(vec![Left]),
            Term::Hackenstring(vec![Right])
        )
    );
    let e = err("hs\"LXR\"");
    assert_eq!((e.column, e.length), (5, 1));
    err("hs\"LR");
}

#[test]
fn error_messages_say_what_was_expected() {
    let e = err("{1,|}");
    assert!(e.message.contains("expected an option"), "{}", e.message);
    let e = err("{1 2|}");
    assert!(
        e.message.contains("expected an option, `,`, a `|` or `}`"),
        "{}",
        e.message
    );
    assert_eq!(e.column, 4);
    let e = err("{1|2");
    assert!(e.message.contains("end of the input"), "{}", e.message);
    let e = err("");
    assert!(e.message.contains("empty"), "{}", e.message);
    let e = err("1 +");
    assert!(e.message.contains("expected a game"), "{}", e.message);
    // One set of options is an impartial game (issue 18, seed 003's {0,*,*3}); no options
    // and no bar is still an error.
    assert_eq!(p("{1,2}"), p("{1,2|1,2}"));
    let e = err("{}");
    assert!(e.message.contains("`|`"), "{}", e.message);
    let e = err("foo");
    assert!(e.message.contains("unknown name `foo`"), "{}", e.message);
    // A game typed as its English name gets the notation for it (issue 30).
    let e = err("{0|up}");
    assert!(e.message.contains("did you mean `^`?"), "{}", e.message);
    assert_eq!((e.line, e.column), (1, 4));
    let e = err("star + 1");
    assert!(e.message.contains("did you mean `*`?"), "{}", e.message);
    let e = err("1 # 2");
    assert_eq!(e.column, 3);
    let e = err("{0|1}\n{1|2}");
    assert_eq!((e.line, e.column), (2, 1));
    assert_eq!(e.source_line, "{1|2}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for n in [100_000usize, 1_000_000] {
        let s = format!("{}0{}", "{".repeat(n), "|}".repeat(n));
        let e = err(&s);
        assert!(
            e.message.contains(&MAX_NESTING.to_string()),
            "{}",
            e.message
        );
        assert_eq!((e.line, e.column), (1, MAX_NESTING + 1));
        // The rendering shows a window of the line, with the caret under the culprit.
        let r = e.render();
        assert!(r.len() < 1000, "{r}");
        let lines: Vec<&str> = r.lines().collect();
        let caret = lines[4].chars().position(|c| c == '^').unwrap();
        assert_eq!(lines[3].chars().nth(caret), Some('{'));
        assert!(lines[3].starts_with("1 | …"), "{r}");
        let s = "-".repeat(n) + "{|}";
        err(&s);
        let s = "(".repeat(n) + "0" + &")".repeat(n);
        err(&s);
    }
    // Sums nest in the term, so a long sum counts too.
    let long = vec!["1"; 100_000].join(" + ");
    assert!(err(&long).message.contains("nested too deeply"));
    let ok = vec!["*"; MAX_NESTING - 10].join(" + ");
    let t = p(&ok);
    assert_eq!(p(&ascii(&t)), t);
    // Within the limit: parses, prints and parses back.
    let n = MAX_NESTING - 10;
    let s = format!("{}{}", "{0|".repeat(n), "}".repeat(n));
    let t = p(&s);
    assert_eq!(p(&ascii(&t)), t);
}

/// The deepest legal inputs of every kind parse, print and parse back in a 2 MiB test thread.
#[test]
fn deepest_legal_inputs_fit_the_default_stack() {
    let kinds: [(&str, &str, &str); 10] = [
        ("(", "0", ")"),
        ("{0|", "", "}"),
        ("-", "{|}", ""),
        ("+-", "1", ""),
        ("Tiny(", "1", ")"),
        ("3. ", "*", ""),
        ("2*(", "^", ")"),
        ("{-(+-Tiny(3*{0,", "1", "|}))|}"),
        ("{", "0", "||}"),
        // One-set braces around an option large enough to be written once, not copied.
        ("{", "{1|{2|{3|4}}}", "}"),
    ];
    for (open, mid, close) in kinds {
        // Levels per repetition, found by trying: the deepest count that still parses.
        let mut reps = MAX_NESTING + 1;
        let src = loop {
            let s = format!("{}{mid}{}", open.repeat(reps), close.repeat(reps));
            if parse(&s).is_ok() {
                break s;
            }
            reps = reps.checked_sub(1).expect("some depth parses");
        };
        let t = p(&src);
        for unicode in [false, true] {
            let printed = print(
                &t,
                &PrintOptions {
                    unicode,
                    width: Some(80),
                    ..Default::default()
                },
            );
            assert_eq!(p(&printed), t, "{open}");
        }
    }
}

/// The one-set brace `{X}` = `{X|X}` holds X once: nested d deep, the term read is linear in
/// d (it was 2^d copies), it prints back as written, and its value is the game with X on both
/// sides, checked against `{X|X}` written out by hand.
#[test]
fn one_set_braces_are_read_once() {
    use onag::{Kernel, Relation};
    let nested = |d: usize, inner: &str| format!("{}{inner}{}", "{".repeat(d), "}".repeat(d));
    for d in [30, MAX_NESTING - 1] {
        let src = nested(d, "|");
        let t = p(&src);
        assert!(t.size() < 10 * d, "depth {d}: {} nodes", t.size());
        // Printed with the small inner levels copied to both sides, it reads back the same.
        assert_eq!(p(&ascii(&t)), t);
        // {|} = 0, {0} = *, {*} = 0, …: the value alternates with the depth.
        let mut k = Kernel::new();
        let v = k.eval(&t).unwrap();
        let expected = if d % 2 == 0 { "*" } else { "0" };
        let e = k.eval(&p(expected)).unwrap();
        assert_eq!(k.compare(v, e).unwrap(), Relation::Equal, "depth {d}");
    }
    // A few levels written out by hand, each option on both sides, against the one-set form.
    let mut k = Kernel::new();
    let mut full = "{1|{0|-1}}".to_string();
    let mut short = full.clone();
    for _ in 0..5 {
        full = format!("{{{full}, 2 | {full}, 2}}");
        short = format!("{{{short}, 2}}");
        let (a, b) = (p(&full), p(&short));
        assert_eq!(p(&ascii(&b)), b);
        let (x, y) = (k.eval(&a).unwrap(), k.eval(&b).unwrap());
        assert_eq!(k.to_term(x), k.to_term(y), "{short}");
    }
    // Five levels: the copies doubled at each, the one-set form grew by a constant.
    let (a, b) = (p(&full), p(&short));
    assert!(b.size() * 4 < a.size(), "{} vs {}", b.size(), a.size());
    // The options see the names around the brace, never the brace's own.
    let t = p("{A, {A|B}, {B|A}} where A = {1|{0|-1}}, B = *2");
    let u = p("{A, {A|B}, {B|A} | A, {A|B}, {B|A}} where A = {1|{0|-1}}, B = *2");
    let (x, y) = (k.eval(&t).unwrap(), k.eval(&u).unwrap());
    assert_eq!(k.compare(x, y).unwrap(), Relation::Equal);
    assert_eq!(p(&ascii(&t)), t);
}

/// Wide games print without building documents too deep to drop.
#[test]
fn a_side_with_100k_options_prints() {
    let src = format!("{{{}|}}", vec!["*2"; 100_000].join(","));
    let t = p(&src);
    assert_eq!(ascii(&t), src);
}

#[test]
fn printer_conventions() {
    let cases = [
        ("0", "0"),
        ("{|}", "{|}"),
        ("25/16", "25/16"),
        ("^", "^"),
        ("^^", "^^"),
        ("^3", "^3"),
        ("v", "v"),
        ("vv", "vv"),
        ("vvv", "v3"),
        ("*", "*"),
        ("*3", "*3"),
        ("1/2v2*3", "1/2vv*3"),
        ("3*", "3*"),
        ("*0", "0"),
        ("+-1", "+-1"),
        ("+-{1,1*}", "+-{1,1*}"),
        ("+-(1*)", "+-(1*)"),
        ("+-{2,{4|0}}", "+-{2,{4|0}}"),
        ("{3|{2*|1*}}", "{3||2*|1*}"),
        ("{{1|^3}|^}", "{1|^3||^}"),
        (
            "{{3/2*|1/2}|{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
            "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}",
        ),
        ("{{{{{1|0}|0}|0}|0}|0}", "{{1|0||0|||0||||0}|0}"),
        ("{{1|}|}", "{{1|}|}"),
        ("{0,*|0,*}", "{0,*|0,*}"),
        ("1 + 2 - 3 +- 4", "1 + 2 - 3 +- 4"),
        ("-(1 + 2)", "-(1 + 2)"),
        ("-(3)", "-(3)"),
        ("-{1|0}", "-{1|0}"),
        ("3*{1|0}", "3*{1|0}"),
        ("3.^", "3.^"),
        ("2*(1/2)", "2. 1/2"),
        ("2*(-1)", "2.-1"),
        ("2*(1 + 1)", "2*(1 + 1)"),
        ("-(3*{1|0})", "-(3*{1|0})"),
        ("hs\"ABC\"", "hs\"LRE\""),
        ("Tiny({3|1})", "Tiny({3|1})"),
        ("-2Miny(1)", "-2Miny(1)"),
    ];
    for (src, want) in cases {
        let t = p(src);
        assert_eq!(ascii(&t), want, "printing {src}");
        assert_eq!(p(want), t, "re-parsing {want}");
    }
    assert_eq!(uni(&p("{^^*|vv,v3}")), "{⇑*|⇓,↓3}");
    assert_eq!(uni(&p("+-1 - 1/2")), "±1 − 1/2");
    assert_eq!(uni(&p("-1/2")), "−1/2");
}

#[test]
fn width_breaks_long_terms() {
    let t = p(&format!(
        "{{{}|{}}}",
        ["{100|-100}"; 12].join(","),
        ["*7"; 12].join(",")
    ));
    let narrow = print(
        &t,
        &PrintOptions {
            width: Some(40),
            ..Default::default()
        },
    );
    assert!(narrow.lines().count() > 1);
    assert!(narrow.lines().all(|l| l.chars().count() <= 40), "{narrow}");
    assert_eq!(p(&narrow), t);
    assert_eq!(ascii(&t).lines().count(), 1);
}

// ---- properties ----

fn dyadic() -> impl Strategy<Value = Dyadic> {
    (-40i64..40, 0u64..5).prop_map(|(n, k)| Dyadic::new(n.into(), k))
}

fn nus_leaf() -> impl Strategy<Value = Term> {
    (dyadic(), -5i64..6, 0u64..9).prop_map(|(number, up, nim)| Term::Nus {
        number,
        up: up.into(),
        nim: Nimber::from(nim),
    })
}

/// Terms in the shapes the kernel's `to_term` produces.
fn canonical_shaped() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        nus_leaf(),
        dyadic().prop_map(Term::number),
        (0u64..5).prop_map(|n| Term::nimber(Nimber::from(n))),
    ];
    leaf.prop_recursive(5, 40, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..4),
                prop::collection::vec(inner.clone(), 0..4)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Term::PlusMinus),
            (dyadic(), inner.clone()).prop_map(|(number, s)| Term::Tiny {
                number,
                sub: Box::new(s)
            }),
            (dyadic(), inner.clone()).prop_map(|(number, s)| Term::Miny {
                number,
                sub: Box::new(s)
            }),
            // Lone game options make the slash notation nest.
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::game(vec![a], vec![b])),
            // A one-set brace `{a, b}` as the parser reads it (written once when large).
            prop::collection::vec(inner.clone(), 1..3).prop_map(|xs| {
                let items: Vec<String> = xs.iter().map(|x| format!("({})", ascii(x))).collect();
                p(&format!("{{{}}}", items.join(", ")))
            }),
        ]
    })
}

/// Any term, including the input-only shapes.
fn any_term() -> impl Strategy<Value = Term> {
    let leaf = prop_oneof![
        nus_leaf(),
        prop::collection::vec(
            prop_oneof![
                Just(Pebble::Left),
                Just(Pebble::Right),
                Just(Pebble::Neutral)
            ],
            0..5
        )
        .prop_map(Term::Hackenstring),
    ];
    leaf.prop_recursive(5, 40, 4, |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), 0..3),
                prop::collection::vec(inner.clone(), 0..3)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::game(vec![a], vec![b])),
            prop::collection::vec(inner.clone(), 0..3).prop_map(Term::PlusMinus),
            (dyadic(), inner.clone()).prop_map(|(number, s)| Term::Tiny {
                number,
                sub: Box::new(s)
            }),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.clone().prop_map(Term::neg),
            (-4i64..5, inner.clone()).prop_map(|(n, g)| Term::Multiple {
                count: n.into(),
                game: Box::new(g)
            }),
            // Powers (issue 33): a natural base or any term, a natural exponent or any term.
            (inner.clone(), inner.clone(), 0u32..4).prop_map(|(b, e, shape)| {
                let (b, e) = match shape {
                    0 => (int(3), int(5)),
                    1 => (b, int(2)),
                    2 => (int(2), e),
                    _ => (b, e),
                };
                power(b, e)
            }),
            // Uptimals, read as their canonical forms written out.
            (0usize..UPTIMALS.len()).prop_map(|i| p(UPTIMALS[i])),
        ]
    })
}

/// Uptimal literals of every kind.
const UPTIMALS: [&str; 10] = [
    "^<2>", "v<2>", "^<3>*", "v<4>*", "^[2]", "v[3]", "^[2]*", "v[5]*", "^<7>", "^[6]*",
];

fn power(b: Term, e: Term) -> Term {
    Term::Call {
        name: "power".into(),
        args: vec![Arg::Game(b), Arg::Game(e)],
    }
}

#[test]
fn powers_read_as_cgsuite_reads_them() {
    let neg = Term::neg;
    assert_eq!(p("3^5"), power(int(3), int(5)));
    assert_eq!(p("3 ^ 2"), power(int(3), int(2)));
    assert_eq!(p("3 ^2"), power(int(3), int(2)));
    assert_eq!(p("2^(-4)"), power(int(2), int(-4)));
    assert_eq!(p("-2^40"), neg(power(int(2), int(40))));
    assert_eq!(
        p("3^2^2^2"),
        power(int(3), power(int(2), power(int(2), int(2))))
    );
    let div = |a: Term, b: Term| Term::Call {
        name: "div".into(),
        args: vec![Arg::Game(a), Arg::Game(b)],
    };
    assert_eq!(p("(2/3)^(-3)"), power(div(int(2), int(3)), int(-3)));
    assert_eq!(p("2/3^2"), div(int(2), power(int(3), int(2))));
    assert_eq!(
        p("{2^100|0}"),
        g(vec![power(int(2), int(100))], vec![int(0)])
    );
    // `^` before `^`, `*`, `<`, `[`, a sign or nothing is up.
    assert_eq!(p("1^^"), nus("1", 2, 0));
    assert_eq!(p("6^*"), nus("6", 1, 1));
    assert_eq!(p("^"), nus("0", 1, 0));
    assert_eq!(p("^3"), nus("0", 3, 0));
    assert_eq!(p("{0|^}"), g(vec![int(0)], vec![nus("0", 1, 0)]));
    assert_eq!(p("{^5|0}"), g(vec![nus("0", 5, 0)], vec![int(0)]));
    // A number plus n·↑ is written with a `+`, read as the one literal, spaced or not.
    assert_eq!(p("3+^5"), nus("3", 5, 0));
    assert_eq!(p("-1/2+^4*2"), nus("-1/2", 4, 2));
    assert_eq!(p("3 + ^5"), nus("3", 5, 0));
    assert_eq!(p("3 + (^5)"), Term::sum(int(3), nus("0", 5, 0)));
    assert_eq!(ascii(&Term::sum(int(3), nus("0", 5, 0))), "3 + (^5)");
    assert_eq!(ascii(&nus("3", 5, 0)), "3+^5");
    assert_eq!(ascii(&nus("-1/2", 4, 2)), "-1/2+^4*2");
    assert_eq!(uni(&nus("3", 5, 0)), "3+↑5");
    assert_eq!(ascii(&nus("3", 2, 0)), "3^^");
    assert_eq!(ascii(&nus("3", -5, 0)), "3v5");
    // ω's powers keep their own reading, to the right.
    let w = |args: Vec<Arg>| Term::Call {
        name: "omega".into(),
        args,
    };
    assert_eq!(p("w^2^3"), w(vec![Arg::Game(power(int(2), int(3)))]));
    assert_eq!(p("(w)^2"), power(w(vec![]), int(2)));
    // Powers print back as they read.
    for s in [
        "3^5", "-2^40", "3^2^2^2", "(1/2)^3", "2^(-4)", "(2^3)^2", "(w)^2", "2^(^)",
    ] {
        assert_eq!(ascii(&p(s)), s);
    }
}

#[test]
fn bad_powers_and_uptimals_have_carets() {
    // `3^` alone is 3 + ↑; `3^(` opens an exponent that never comes.
    assert_eq!(p("3^"), nus("3", 1, 0));
    let e = err("3^(");
    assert_eq!((e.line, e.column), (1, 4), "{}", e.render());
    let e = err("^<0>");
    assert!(
        e.message.contains("an uptimal power from 1"),
        "{}",
        e.render()
    );
    let e = err("^<201>");
    assert!(e.message.contains("to 200"), "{}", e.render());
    let e = err("^[x]");
    assert!(
        e.message.contains("expected a positive integer"),
        "{}",
        e.render()
    );
}

/// ↑ⁿ by its definition (↑¹ = ↑, ↑ⁿ⁺¹ = {0 | ↓^→n ∗}, ↓^→n = −(↑ + … + ↑ⁿ)) evaluated in the
/// kernel, its canonical form printed: CGSuite's `^<n>`; the sums `^[n]`, the stars, the
/// negatives likewise; and each literal reads back as that value.
#[test]
fn uptimals_print_and_read_by_their_definition() {
    use onag::{Kernel, Relation};
    let mut k = Kernel::new();
    let mut powers = vec!["^".to_string()];
    for n in 1..7 {
        let sum = powers.join(" + ");
        powers.push(format!("{{0 | -({sum}) + *}}"));
        let pow = &powers[n];
        let to = powers.join(" + ");
        let n = n + 1;
        let cases = [
            (pow.clone(), format!("^<{n}>")),
            (format!("{pow} + *"), format!("^<{n}>*")),
            (format!("-({pow})"), format!("v<{n}>")),
            (format!("-({pow}) + *"), format!("v<{n}>*")),
            (to.clone(), format!("^[{n}]")),
            (format!("{to} + *"), format!("^[{n}]*")),
            (format!("-({to})"), format!("v[{n}]")),
            (format!("-({to}) + *"), format!("v[{n}]*")),
        ];
        for (definition, literal) in cases {
            let g = k.eval(&p(&definition)).unwrap();
            let t = k.to_term(g);
            assert_eq!(ascii(&t), literal, "{definition}");
            assert_eq!(p(&literal), t, "{literal} reads as the canonical form");
            let h = k.eval(&p(&literal)).unwrap();
            assert_eq!(k.compare(g, h).unwrap(), Relation::Equal, "{literal}");
            let u = uni(&t);
            assert_eq!(p(&u), t, "{u}");
        }
    }
    // CGSuite's own examples (its test suite's display table).
    for (form, literal) in [
        ("{0|v*}", "^<2>"),
        ("{0,*|v}", "^<2>*"),
        ("{^|*}", "^[2]"),
        ("{0,^*|0}", "^[2]*"),
    ] {
        let g = k.eval(&p(form)).unwrap();
        assert_eq!(ascii(&k.to_term(g)), literal);
    }
    // As an option, and with a number or a larger star added.
    assert_eq!(ascii(&p("{0|^<2>}")), "{0|^<2>}");
    // A number touching an uptimal is its form translated (x + G = {x + Gᴸ | x + Gᴿ} for G
    // not a number), the very form the printer writes as `3^<2>`.
    assert_eq!(p("3^<2>"), p("{3|3v*}"));
    let (a, b) = (
        k.eval(&p("3^<2>")).unwrap(),
        k.eval(&p("3 + ^<2>")).unwrap(),
    );
    assert_eq!(a, b);
    // An uptimal with a star suffix reads as its canonical form written out (the form the
    // printer writes as `^<2>*3`), equal in value to the sum and printed back the same.
    let (a, b) = (
        k.eval(&p("^<2>*3")).unwrap(),
        k.eval(&Term::sum(p("^<2>"), nus("0", 0, 3))).unwrap(),
    );
    assert_eq!(a, b);
    assert_eq!(ascii(&k.to_term(a)), "^<2>*3");
}

proptest! {
    #[test]
    fn canonical_shapes_round_trip(t in canonical_shaped()) {
        let s = ascii(&t);
        prop_assert_eq!(parse(&s).map_err(|e| e.render()), Ok(t.clone()), "printed {}", s);
        let u = uni(&t);
        prop_assert_eq!(parse(&u).map_err(|e| e.render()), Ok(t.clone()), "printed {}", u);
    }

    #[test]
    fn every_term_round_trips(t in any_term(), w in prop::option::of(8usize..60), unicode: bool) {
        let s = print(&t, &PrintOptions { unicode, width: w, ..Default::default() });
        prop_assert_eq!(parse(&s).map_err(|e| e.render()), Ok(t.clone()), "printed {}", s);
    }

    #[test]
    fn random_strings_never_panic(s in "[ -~↑↓⇑⇓±∗−\n]{0,40}") {
        let _ = parse(&s);
    }

    #[test]
    fn grammar_soup_never_panics(s in "[{}|,0-9/*^v+\\-().TinyMhs\" ]{0,60}") {
        if let Err(e) = parse(&s) {
            let _ = e.render();
            prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }

    #[test]
    fn mutations_of_valid_input_never_panic(t in any_term(), cut in 0usize..200, ins in 0usize..200, c in prop::sample::select(vec!['{', '}', '|', ',', '*', '^', 'v', '-', '/', '"', '(', ')', '.', ' ', '9'])) {
        let s: Vec<char> = ascii(&t).chars().collect();
        let mut m = s.clone();
        if !m.is_empty() { m.remove(cut % m.len()); }
        let _ = parse(&m.iter().collect::<String>());
        let mut m = s;
        let at = ins % (m.len() + 1);
        m.insert(at, c);
        let _ = parse(&m.iter().collect::<String>());
    }
}

/// The value-level round trip: the kernel's canonical form of any term prints to text that
/// evaluates to the same value and comes back as the same canonical term.
#[test]
fn canonical_forms_round_trip_through_the_kernel() {
    use onag::{Kernel, Relation};
    let mut runner = proptest::test_runner::TestRunner::default();
    runner
        .run(&any_term(), |t| {
            let mut k = Kernel::new();
            let Ok(g) = k.eval(&t) else {
                return Ok(());
            };
            let canonical = k.to_term(g);
            for unicode in [false, true] {
                let text = print(
                    &canonical,
                    &PrintOptions {
                        unicode,
                        width: None,
                        ..Default::default()
                    },
                );
                let back = parse(&text).map_err(|e| {
                    proptest::test_runner::TestCaseError::fail(format!("{text}: {}", e.render()))
                })?;
                prop_assert_eq!(&back, &canonical, "printed {}", text);
                let h = k.eval(&back).unwrap();
                prop_assert_eq!(
                    k.compare(g, h).unwrap(),
                    Relation::Equal,
                    "printed {}",
                    text
                );
            }
            Ok(())
        })
        .unwrap();
}
