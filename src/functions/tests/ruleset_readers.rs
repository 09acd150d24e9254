//! One position language per ruleset, read the same way by the producer (the ruleset's
//! function: its value and its opening) and by the proof checker's naive move generator
//! (`functions::rulesets_check`), docs/POSITIONS.md. Random texts over a hostile alphabet (the
//! ruleset's own characters, lowercase and uppercase versions, carriage returns, tabs, NUL, a
//! byte order mark, Unicode look-alikes, separators and brackets) are given to both: both must
//! refuse with the same error, or both accept, with the same options by value (each side's
//! options valued by the kernel), the checker confirming the producer's opening, and the
//! position's value the game of the checker's options. Then the bugs of issue 28, one by one.

use crate::functions::{self, rulesets_check as naive};
use crate::{Arg, GameId, Kernel, Term};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Characters no ruleset's language has, or has only in another place.
const HOSTILE: &[char] = &[
    '\r', '\n', '\t', ' ', '\0', '\u{feff}', '\u{2014}', '\u{200b}', 'о', 'х', 'Т', 'Ｔ', '．',
    '＃', '|', '#', '_', ',', '(', ')', 't', 'f', 'l', 'r', 'e', 'g', 'b', 'X', 'O', 'a', '1', '"',
    '.', 'x', 'o', 'T', 'F', 'L', 'R', 'E',
];

/// Texts of up to `max` characters, mostly from `own`, sometimes hostile.
fn text_over(own: &'static [char], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![6 => prop::sample::select(own), 2 => prop::sample::select(HOSTILE)],
        0..max,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// A valid text with up to two edits: a character replaced by a hostile one, one inserted, or
/// one deleted (op 0, 1, 2 at a position taken modulo the length).
fn mutated(valid: impl Strategy<Value = String>) -> impl Strategy<Value = String> {
    (
        valid,
        prop::collection::vec(
            (
                0u8..4,
                any::<prop::sample::Index>(),
                prop::sample::select(HOSTILE),
            ),
            0..3,
        ),
    )
        .prop_map(|(text, edits)| {
            let mut v: Vec<char> = text.chars().collect();
            for (op, at, c) in edits {
                let i = at.index(v.len() + 1);
                match op {
                    0 if i < v.len() => v[i] = c,
                    1 => v.insert(i, c),
                    2 if i < v.len() => {
                        v.remove(i);
                    }
                    _ => {}
                }
            }
            v.into_iter().collect()
        })
}

/// A board of 1–3 rows of 1–4 squares over `squares`, rows separated by `|` or line breaks.
fn board(squares: &'static [char]) -> impl Strategy<Value = String> {
    (1usize..4, 1usize..5).prop_flat_map(move |(h, w)| {
        (
            prop::collection::vec(prop::sample::select(squares), h * w),
            prop::collection::vec(prop::bool::ANY, h),
        )
            .prop_map(move |(cells, seps)| {
                let mut s = String::new();
                for r in 0..h {
                    if r > 0 {
                        s.push(if seps[r] { '|' } else { '\n' });
                    }
                    s.extend(&cells[r * w..(r + 1) * w]);
                }
                s
            })
    })
}

/// A Hackenbush picture in the graph form: up to five edges among the ground and nodes a–c,
/// written as one- or two-edge paths, in either direction.
fn graph() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            0usize..4,
            0usize..4,
            prop::sample::select(&['L', 'R', 'E', 'B', 'G'][..]),
        ),
        1..6,
    )
    .prop_map(|edges| {
        let name = |n: usize| ["_", "a", "b", "c"][n];
        let parts: Vec<String> = edges
            .iter()
            .map(|&(x, y, c)| format!("{} {c} {}", name(x), name(y)))
            .collect();
        parts.join(", ")
    })
}

/// A Hackenbush picture in the tree form: a forest of up to three levels.
fn tree() -> impl Strategy<Value = String> {
    let colour = prop::sample::select(&['L', 'R', 'E'][..]);
    let stalk = prop::collection::vec(colour, 1..3).prop_map(|v| v.into_iter().collect::<String>());
    let leaf = prop::collection::vec(stalk.clone(), 1..3).prop_map(|v| v.join(","));
    (
        stalk.clone(),
        prop::option::of(leaf),
        prop::collection::vec(stalk, 0..2),
    )
        .prop_map(|(s, above, more)| {
            let mut t = s;
            if let Some(a) = above {
                t = format!("{t}({a})");
            }
            for m in more {
                t = format!("{t},{m}");
            }
            t
        })
}

/// The values of terms, as a set.
fn values(k: &mut Kernel, ts: &[Term]) -> Result<BTreeSet<GameId>, TestCaseError> {
    ts.iter()
        .map(|t| {
            k.eval(t)
                .map_err(|e| TestCaseError::fail(format!("{t:?} has no value: {e}")))
        })
        .collect()
}

/// The producer and the checker read `text` as the same position of ruleset `name`, or both
/// refuse it with the same error.
fn agree(name: &str, text: &str) -> Result<(), TestCaseError> {
    let f = functions::lookup(name).unwrap();
    let args = [Arg::Text(text.to_string())];
    let mut k = Kernel::new();
    let opened = f.open(&args, &mut k);
    let value = f.value(&args, &mut k);
    let moves = naive::options(name, text);
    match (opened, moves) {
        (Err(e), Err(why)) => {
            let e = e.to_string();
            prop_assert!(
                e.contains(&why),
                "{name}({text:?}): producer {e:?}, checker {why:?}"
            );
            prop_assert!(
                value.is_err(),
                "{name}({text:?}): refused to open but valued"
            );
        }
        (Ok(Some(o)), Ok((l, r))) => {
            prop_assert_eq!(
                f.check_open(&args, &o.term),
                Some(Ok(())),
                "{}({:?})",
                name,
                text
            );
            let Term::Game { left, right } = &o.term else {
                return Err(TestCaseError::fail(format!("{:?}", o.term)));
            };
            for (opened, naive) in [(left, &l), (right, &r)] {
                let (a, b) = (values(&mut k, opened)?, values(&mut k, naive)?);
                prop_assert_eq!(a, b, "{}({:?})", name, text);
            }
            let by_definition = k.eval(&Term::game(l, r)).unwrap();
            prop_assert_eq!(value.ok(), Some(by_definition), "{}({:?})", name, text);
        }
        (p, n) => prop_assert!(false, "{name}({text:?}): producer {p:?}, checker {n:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(384))]

    #[test]
    fn domineering_readers_agree(
        text in prop_oneof![text_over(&['.', '.', '#', '|'], 12), mutated(board(&['.', '.', '#']))]
    ) {
        agree("domineering", &text)?;
    }

    #[test]
    fn clobber_readers_agree(
        text in prop_oneof![text_over(&['x', 'o', '.', '|'], 12), mutated(board(&['x', 'o', '.']))]
    ) {
        agree("clobber", &text)?;
    }

    #[test]
    fn toads_readers_agree(text in text_over(&['T', 'F', '.', '.'], 10)) {
        agree("toads", &text)?;
    }

    #[test]
    fn hackenbush_readers_agree(
        text in prop_oneof![
            text_over(&['L', 'R', 'E', '(', ')', ','], 10),
            mutated(graph()),
            mutated(tree()),
        ]
    ) {
        agree("hackenbush", &text)?;
    }

    /// Octal codes and subtraction sets: both readers accept the same texts (the checker's
    /// digits the producer's, up to trailing zeros) and the checker confirms every opening.
    #[test]
    fn heap_code_readers_agree(
        code in text_over(&['0', '4', '7', '1', '.', '.', ','], 6),
        n in 0usize..9,
    ) {
        for name in ["octal", "subtraction"] {
            let f = functions::lookup(name).unwrap();
            let args = [Arg::Text(code.clone()), Arg::Game(Term::integer(n as i64))];
            let mut k = Kernel::new();
            let digits = if name == "octal" {
                naive::octal_digits(&code)
            } else {
                naive::subtraction_digits(&code)
            };
            match (f.open(&args, &mut k), digits) {
                (Err(e), Err(why)) => prop_assert!(e.to_string().contains(&why), "{e} / {why}"),
                (Ok(Some(o)), Ok(_)) => {
                    prop_assert_eq!(f.check_open(&args, &o.term), Some(Ok(())), "{}({:?}, {})", name, code, n);
                }
                (p, d) => prop_assert!(false, "{name}({code:?}, {n}): producer {p:?}, checker {d:?}"),
            }
        }
    }
}

/// The checker's verdict on an opening written by hand.
fn check(name: &str, text: &str, opening: &str) -> Result<(), String> {
    let f = functions::lookup(name).unwrap();
    f.check_open(&[Arg::Text(text.into())], &crate::parse(opening).unwrap())
        .unwrap()
}

/// Issue 28: `toads("t.")`, `domineering(".\r.")` and `clobber("x\ro")` were valued by the
/// producer (1, −1, ∗: it folded the lowercase letter and skipped the carriage return) while
/// the checker saw no move and accepted `{|}`. Both now refuse each, naming the character.
#[test]
fn texts_the_readers_disagreed_on_are_refused_by_both() {
    let mut k = Kernel::new();
    for (name, text, named) in [
        ("toads", "t.", "character 't'"),
        ("toads", "T.\r", "carriage return (U+000D)"),
        ("domineering", ".\r.", "carriage return (U+000D)"),
        ("clobber", "x\ro", "carriage return (U+000D)"),
        ("clobber", "xо", "'о' (U+043E, not ASCII)"),
        ("domineering", "\u{feff}..", "byte order mark (U+FEFF)"),
        ("domineering", "..\t", "tab (U+0009)"),
        ("hackenbush", "Lr", "character 'r'"),
        ("hackenbush", "_ L a\0", "NUL (U+0000)"),
    ] {
        let f = functions::lookup(name).unwrap();
        let e = f
            .value(&[Arg::Text(text.into())], &mut k)
            .expect_err(text)
            .to_string();
        assert!(e.contains(named), "{name}({text:?}): {e}");
        let why = check(name, text, "{|}").expect_err(text);
        assert!(why.contains(named), "{name}({text:?}): {why}");
    }
    // The lowercase letter is named with its capital.
    let why = check("toads", "t.", "{|}").unwrap_err();
    assert!(why.contains("write 'T'"), "{why}");
}

/// Issue 28: `hackenbush("_ E a, a E _, _ L _")` has two parallel green edges between the
/// ground and a (graph Hackenbush is played on multigraphs). Cutting either leaves the same
/// picture; the producer wrote it twice in two spellings, which the checker (reading edges as
/// unordered pairs) called "listed twice". Now it is written once, and the opening checks.
#[test]
fn parallel_edges_are_one_option_in_both_readers() {
    let f = functions::lookup("hackenbush").unwrap();
    let mut k = Kernel::new();
    let args = [Arg::Text("_ E a, a E _, _ L _".into())];
    let o = f.open(&args, &mut k).unwrap().unwrap();
    assert_eq!(f.check_open(&args, &o.term), Some(Ok(())));
    let Term::Game { left, right } = &o.term else {
        panic!("{:?}", o.term)
    };
    // Left: cut a green edge (one position) or the loop; Right: cut a green edge.
    assert_eq!((left.len(), right.len()), (2, 1), "{:?}", o.term);
    // The value by the definition (the checker's options, valued by the kernel): two green
    // edges joined at a are {*|*} = 0, and the loop is Left's move {0|} = 1.
    let (l, r) = naive::options("hackenbush", "_ E a, a E _, _ L _").unwrap();
    let by_definition = k.eval(&Term::game(l, r)).unwrap();
    assert_eq!(f.value(&args, &mut k).unwrap(), by_definition);
    assert_eq!(by_definition, k.eval(&crate::parse("1").unwrap()).unwrap());
    // An edge and its reverse are one edge: either spelling is the same option.
    for cut_l in ["_ E a", "a E _"] {
        let opening =
            format!("{{hackenbush(\"_ L _\"), hackenbush(\"{cut_l}\") | hackenbush(\"_ L _\")}}");
        assert_eq!(
            check("hackenbush", "_ E a, _ L _", &opening),
            Ok(()),
            "{opening}"
        );
    }
}

/// Cutcake of an empty cake has no opening in either: the producer refuses it and so does the
/// checker, whatever is claimed.
#[test]
fn empty_cakes_are_refused_by_both() {
    let f = functions::lookup("cutcake").unwrap();
    let mut k = Kernel::new();
    for (w, h) in [(0, 3), (2, 0), (0, 0)] {
        let args = [Arg::Game(Term::integer(w)), Arg::Game(Term::integer(h))];
        assert!(f.open(&args, &mut k).is_err());
        assert!(matches!(
            f.check_open(&args, &crate::parse("{|}").unwrap()),
            Some(Err(_))
        ));
    }
}
