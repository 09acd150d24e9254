//! One reading whatever the spacing (issue 44, point 1): `a+b` and `a + b` mean the same
//! everywhere, binary `+ - * /` keep their precedence over every literal, and everything onag
//! prints reads back as the value it printed, with no meaning that depends on spaces.
//!
//! The values the examples must have are written here from the definitions, as games in braces
//! (↑ = {0|∗}, x + ↑ = {x | x∗}, ∗ = {0|0}, ↑∗ = {0,∗|0}, x + ∗k = {x + ∗i | x + ∗i : i < k}),
//! never taken from onag's output; CGSuite's reading is its grammar's (aaron-siegel/cgsuite,
//! `Cgsuite.g`: whitespace is a hidden channel, `addExpr` over `multiplyExpr` over
//! `unaryExpr`, whose `PLUSMINUS expExpr` makes `+-2+v*` the sum (±2) + ↓∗, and `upstarExpr`,
//! which reads `^ * 3` as ↑∗3).

mod common;

use num_bigint::BigInt;
use onag::{evaluate_any, parse, Dyadic, Nimber, Term};
use proptest::prelude::*;

/// The value of `src` as `onag eval` prints it, or `Err` with the error's text.
fn value(src: &str) -> Result<String, String> {
    let t = parse(src).map_err(|e| format!("{src}: {e}"))?;
    evaluate_any(&t)
        .map(|v| v.to_string())
        .map_err(|e| format!("{src}: {e}"))
}

/// `a` and `b` have the same value (both read and evaluate).
fn same(a: &str, b: &str) {
    let (x, y) = (value(a), value(b));
    assert!(x.is_ok(), "{a}: {x:?}");
    assert_eq!(x, y, "{a} and {b}");
}

/// `a` and `b` have different values.
fn differ(a: &str, b: &str) {
    let (x, y) = (value(a).unwrap(), value(b).unwrap());
    assert_ne!(x, y, "{a} and {b}");
}

/// `src` with every space removed and with a space on both sides of every `+` and `-`
/// outside a literal's text: both must read as `src` does.
fn spacings(src: &str) -> [String; 2] {
    [src.replace(' ', ""), respace(src, true)]
}

#[test]
fn a_plus_touching_both_sides_is_binary_addition() {
    // 2*3+^ is 6 + ↑ (CGSuite's reading, and every reader's), not 2·(3 + ↑) = 6 + ⇑.
    for s in ["2*3+^", "2*3 + ^", "2 * 3+^", "2 * 3 + ^"] {
        same(s, "{6|{6|6}}");
    }
    differ("2*3+^", "{6|{6|6}} + {0|{0|0}}");
    // 3-1+^ is (3 − 1) + ↑ = 2↑, not 3 − (1 + ↑) = 2↓.
    for s in ["3-1+^", "3 - 1 + ^", "3-1 + ^", "3 - 1+^"] {
        same(s, "{2|{2|2}}");
    }
    differ("3-1+^", "{2,{2|2}|2}");
    // 1-2+^ is −1 + ↑, not 1 − (2 + ↑) = −1 + ↓.
    for s in ["1-2+^", "1 - 2 + ^", "1-2 + ^"] {
        same(s, "{-1|{-1|-1}}");
    }
    // 2*2+*3 is 4 + ∗3; 2·(2 + ∗3) would be 4 (two equal nimbers cancel).
    let four_star3 = "{4,{4|4},{4,{4|4}|4,{4|4}}|4,{4|4},{4,{4|4}|4,{4|4}}}";
    for s in ["2*2+*3", "2*2 + *3", "2 * 2 + * 3", "2*2+ *3"] {
        same(s, four_star3);
    }
    differ("2*2+*3", "4");
}

#[test]
fn plus_minus_takes_one_operand_as_in_cgsuite() {
    // CGSuite's `unaryExpr: PLUSMINUS expExpr`: `+-2+v*` is (±2) + ↓∗, spaced or not.
    // ±2 = {2|−2}, ↓∗ = −{0,∗|0} = {0|0,∗}.
    for s in ["+-2+v*", "+-2 + v*", "+- 2 +v*", "±2+↓*"] {
        same(s, "{2|-2} + {0|0,{0|0}}");
        assert_eq!(
            parse(s).unwrap(),
            Term::sum(
                Term::PlusMinus(vec![Term::integer(2)]),
                Term::Nus {
                    number: Dyadic::from(0i64),
                    up: BigInt::from(-1),
                    nim: Nimber::from(1u64)
                }
            ),
            "{s}"
        );
    }
    // ±(2↓∗) is another game: 2↓∗ = {2|2,2∗}, written `+-(2v*)` or, as one literal, `+-2v*`.
    for s in ["+-(2v*)", "+-2v*", "+- 2v*"] {
        same(s, "{{2|2,{2|2}}|-{2|2,{2|2}}}");
    }
    differ("+-2+v*", "+-(2v*)");
}

#[test]
fn the_printed_sum_forms_read_back_under_normal_precedence() {
    // 3+^5 is 3 + 5·↑, a sum, whatever the spacing.
    let three_up5 = "3 + {0|{0|0}} + {0|{0|0}} + {0|{0|0}} + {0|{0|0}} + {0|{0|0}}";
    for s in ["3+^5", "3 + ^5", "3+ ^5", "3 +^5"] {
        same(s, three_up5);
    }
    // In a product it is parenthesised: 2·(3 + 5·↑) = 6 + 10·↑; bare, 2·3 + 5·↑.
    let six_up10 = format!("6{}", " + {0|{0|0}}".repeat(10));
    same("2*(3+^5)", &six_up10);
    same("2 * (3 + ^5)", &six_up10);
    same("2*3+^5", "6 + ^5");
    differ("2*3+^5", "2*(3+^5)");
    // 2+*3 is 2 + ∗3; 2*3 is the product 6 (CGSuite's input reads it so).
    let star3 = "{0,{0|0},{0,{0|0}|0,{0|0}}|0,{0|0},{0,{0|0}|0,{0|0}}}";
    same("2+*3", &format!("2 + {star3}"));
    same("2*3", "6");
    same("2 * 3", "6");
    // Printed forms in places tighter than a sum come back parenthesised and equal.
    for (term, text) in [
        ("-(3+^5)", "-(3+^5)"),
        ("+-(3+^5)", "+-(3+^5)"),
        ("{0|2} + (2+*3)", "{0|2} + (2+*3)"),
    ] {
        let t = parse(term).unwrap();
        assert_eq!(t.to_string(), text);
        assert_eq!(parse(text).unwrap(), t);
    }
    // A sum of 3 and the literal 5·↑ prints so that it stays a sum: `3 + (^5)`.
    let t = Term::sum(
        Term::integer(3),
        Term::Nus {
            number: Dyadic::from(0i64),
            up: BigInt::from(5),
            nim: Nimber::from(0u64),
        },
    );
    assert_eq!(t.to_string(), "3 + (^5)");
    assert_eq!(parse(&t.to_string()).unwrap(), t);
}

#[test]
fn a_star_after_ups_is_the_literals_star_whatever_the_spacing() {
    // CGSuite's `upstarExpr`: `^ * 3` is ↑∗3 = ↑ + ∗3, as `^*3` is.
    let star3 = "{0,{0|0},{0,{0|0}|0,{0|0}}|0,{0|0},{0,{0|0}|0,{0|0}}}";
    let up_star3 = format!("{{0|{{0|0}}}} + {star3}");
    for s in ["^*3", "^ * 3", "^ *3", "^* 3"] {
        same(s, &up_star3);
    }
    // 2^*3 = 2 + ↑ + ∗3 and 1/2v2*3 = 1/2 + 2·↓ + ∗3, spaced or not.
    for s in ["2^*3", "2^ * 3", "2 ^ * 3"] {
        same(s, &format!("2 + {up_star3}"));
    }
    for s in ["1/2v2*3", "1/2v2 * 3", "1/2 v2*3"] {
        same(
            s,
            "1/2 - {0|{0|0}} - {0|{0|0}} + {0,{0|0},{0,{0|0}|0,{0|0}}|0,{0|0},{0,{0|0}|0,{0|0}}}",
        );
    }
    // A number then an uptimal is one literal, spaced or not: 3 + ↑² (↑² = {0|↓∗}).
    for s in ["3^<2>", "3 ^<2>"] {
        same(s, "3 + {0|{0|0,{0|0}}}");
    }
    // ↑²∗3, spaced or not.
    for s in ["^<2>*3", "^<2> * 3"] {
        same(s, &format!("{{0|{{0|0,{{0|0}}}}}} + {star3}"));
    }
    // To multiply such a literal, parenthesise it: (2^)·3 = 6 + 3·↑.
    same("(2^) * 3", "6 + ^3");
    // A number's own star: 2∗ then a sign is binary: 2∗ − 1 = 1∗.
    for s in ["2*-1", "2* - 1", "2 * - 1"] {
        same(s, "{1|1}");
    }
    // 3^5 is the power 243 in CGSuite and onag alike; ^5 alone is 5·↑.
    same("3^5", "243");
    same("3 ^ 5", "243");
    same("^5", "^ + ^ + ^ + ^ + ^");
}

#[test]
fn loopy_forms_read_the_same_whatever_the_spacing() {
    same("5over", "5 + over");
    same("^[on]*3", "^[on] * 3");
    same("^[on]*3", "{pass|*} + *3");
    same("+-over", "+- over");
}

#[test]
fn onag_eval_prints_the_one_reading() {
    use common::run::eval;
    assert_eq!(eval("2*3+^"), "6^");
    assert_eq!(eval("3-1+^"), "2^");
    assert_eq!(eval("1-2+^"), "-1^");
    assert_eq!(eval("2*2+*3"), "4+*3");
    assert_eq!(eval("2*2 + *3"), "4+*3");
    assert_eq!(eval("+-2+v*"), eval("+-2 + v*"));
}

/// `s` with a space on both sides of every `+`, `-`, `+-` and `*` operator (`spaced`), or
/// with the spaces next to them removed; the text of a misère form `*[…]` is left alone.
fn respace(s: &str, spaced: bool) -> String {
    let cs: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let trim = |out: &mut String| {
        while out.ends_with(' ') {
            out.pop();
        }
    };
    while i < cs.len() {
        let c = cs[i];
        if (c == '*' || c == '∗') && cs.get(i + 1) == Some(&'[') {
            // A misère form: copied as it is, brackets nested.
            let mut depth = 0;
            loop {
                let d = cs[i];
                out.push(d);
                i += 1;
                if d == '[' {
                    depth += 1;
                } else if d == ']' {
                    depth -= 1;
                    if depth == 0 || i >= cs.len() {
                        break;
                    }
                }
                if i >= cs.len() {
                    break;
                }
            }
            continue;
        }
        let op = if c == '+' && cs.get(i + 1) == Some(&'-') {
            Some(2)
        } else if matches!(c, '+' | '-' | '−' | '*' | '∗' | '±') {
            Some(1)
        } else {
            None
        };
        match op {
            Some(n) => {
                trim(&mut out);
                if spaced && !out.is_empty() {
                    out.push(' ');
                }
                out.extend(&cs[i..i + n]);
                i += n;
                while cs.get(i) == Some(&' ') {
                    i += 1;
                }
                if spaced {
                    out.push(' ');
                }
            }
            None => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// An expression tree of literals and binary operators, printed with chosen spacing.
#[derive(Clone, Debug)]
enum Expr {
    Atom(&'static str),
    Bin(Box<Expr>, &'static str, Box<Expr>),
    PlusMinus(Box<Expr>),
}

const ATOMS: &[&str] = &[
    "0", "1", "2", "3", "1/2", "3/4", "^", "v", "^^", "^3", "v2", "*", "*2", "*3", "^*", "v*2",
    "2^", "3v", "1/2^*", "2*", "2^*3", "3+^5", "2+*3", "{1|0}", "{0|^}", "{2|-2}", "(-1)",
    "(-1/2*)", "^<2>", "1^<2>", "^<2>*3", "Tiny(1)", "over", "5over",
];

fn expr() -> impl Strategy<Value = Expr> {
    let leaf = prop::sample::select(ATOMS).prop_map(Expr::Atom);
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            3 => (inner.clone(), prop::sample::select(vec!["+", "-", "+-"]), inner.clone())
                .prop_map(|(a, op, b)| Expr::Bin(Box::new(a), op, Box::new(b))),
            2 => (inner.clone(), prop::sample::select(vec!["*", "/"]), inner.clone())
                .prop_map(|(a, op, b)| Expr::Bin(Box::new(a), op, Box::new(b))),
            1 => inner.prop_map(|a| Expr::PlusMinus(Box::new(a))),
        ]
    })
}

/// Whether `e` prints as a plain integer (a product's left operand without parentheses: a
/// `*` after ups or a star is that literal's own, whatever the spacing).
fn integer(e: &Expr) -> bool {
    matches!(e, Expr::Atom(a) if a.bytes().all(|b| b.is_ascii_digit()))
}

/// `e` written out, each binary operator with the spaces `space` gives it (before, after).
fn write(e: &Expr, space: &mut dyn FnMut() -> (bool, bool), tight: bool) -> String {
    match e {
        Expr::Atom(a) => a.to_string(),
        Expr::PlusMinus(a) => format!("+-({})", write(a, space, false)),
        Expr::Bin(a, op, b) => {
            let product = matches!(*op, "*" | "/");
            let left = write(a, space, product);
            let left = if product && !integer(a) {
                format!("({left})")
            } else {
                left
            };
            let right = write(b, space, true);
            let right =
                if matches!(**b, Expr::Bin(..)) || (product && !matches!(**b, Expr::Atom(_))) {
                    format!("({right})")
                } else {
                    right
                };
            let (before, after) = space();
            let s = format!(
                "{left}{}{op}{}{right}",
                if before { " " } else { "" },
                if after { " " } else { "" }
            );
            if tight && !product {
                format!("({s})")
            } else {
                s
            }
        }
    }
}

/// Random impartial games in CGSuite's misère input: integers are nim heaps, lists games.
fn misere_list() -> impl Strategy<Value = String> {
    let leaf = (0u32..4).prop_map(|n| n.to_string());
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop::collection::vec(inner, 0..3).prop_map(|xs| format!("[{}]", xs.join(",")))
    })
}

/// Short games of small birthday, as brace terms.
fn short_game() -> impl Strategy<Value = String> {
    let leaf = prop::sample::select(vec!["0", "1", "-1", "*", "^", "1/2", "-2", "*2"])
        .prop_map(str::to_string);
    leaf.prop_recursive(3, 16, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    })
}

/// Loopy inputs from CGSuite's test cases (CanonicalStopperTestCase.scala) and the named games.
const LOOPY: &[&str] = &[
    "on",
    "off",
    "over",
    "under",
    "upon",
    "{pass|*}",
    "{0||0|0,pass}",
    "+-{0|pass}",
    "+-{5|pass}",
    "{on|0||0}",
    "{0||0|under}",
    "a{0|{a|0}}",
    "5 + over",
    "-3/2 + under",
    "{pass|*} + *3",
    "-1/4 - upon",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Inserting or removing spaces around binary operators never changes the value.
    #[test]
    fn spacing_around_operators_never_changes_the_value(e in expr(), seed in any::<u64>()) {
        let mut bits = seed;
        let mut random = move || {
            bits = bits.rotate_left(2) ^ 0x9e37_79b9_7f4a_7c15;
            (bits & 1 == 1, bits & 2 == 2)
        };
        let some = write(&e, &mut random, false);
        let none = write(&e, &mut || (false, false), false);
        let all = write(&e, &mut || (true, true), false);
        let v = value(&all).map_err(|_| ());
        prop_assert_eq!(value(&some).map_err(|_| ()), v.clone(), "{} and {}", some, all);
        prop_assert_eq!(value(&none).map_err(|_| ()), v, "{} and {}", none, all);
    }

    /// Every printed canonical form of a short game reads back as that value, with any
    /// spacing around its operators.
    #[test]
    fn printed_short_games_read_back(g in short_game()) {
        let printed = value(&g).unwrap();
        for text in std::iter::once(printed.clone()).chain(spacings(&printed)) {
            prop_assert_eq!(value(&text), Ok(printed.clone()), "{} printed {}", g, text);
        }
    }

    /// Every printed misère canonical form reads back as that value, and so does a sum of two.
    #[test]
    fn printed_misere_forms_read_back(a in misere_list(), b in misere_list(), sum: bool) {
        let src = if sum { format!("*[{a}] + *[{b}]") } else { format!("*[{a}]") };
        let Ok(printed) = value(&src) else { return Ok(()); };
        for text in std::iter::once(printed.clone()).chain(spacings(&printed)) {
            prop_assert_eq!(value(&text), Ok(printed.clone()), "{} printed {}", src, text);
        }
    }

    /// Every printed loopy value (sums of CGSuite's stoppers and short games) reads back.
    #[test]
    fn printed_loopy_values_read_back(
        a in prop::sample::select(LOOPY),
        b in prop::sample::select(LOOPY),
        c in short_game(),
        shape in 0u8..3,
    ) {
        let src = match shape {
            0 => a.to_string(),
            1 => format!("{a} + {c}"),
            _ => format!("{a} + ({b})"),
        };
        let Ok(printed) = value(&src) else { return Ok(()); };
        for text in std::iter::once(printed.clone()).chain(spacings(&printed)) {
            prop_assert_eq!(value(&text), Ok(printed.clone()), "{} printed {}", src, text);
        }
    }
}
