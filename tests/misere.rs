//! Misère play through the command line, against CGSuite's own test cases
//! (`MisereCanonicalGameTestCase.scala` and the misère outcome classes of
//! `CanonicalShortGameTestCase.scala` in aaron-siegel/cgsuite: published values, read and
//! restated here, no code copied), and bad input reported with its place.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

/// `onag eval EXPR`, its one line of output.
fn eval(expr: &str) -> String {
    let o = onag(&["eval", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o).trim().to_string()
}

/// One row of CGSuite's table: input, canonical form, birthday, genus, then the predicates
/// (even, generally restive, generally tame, introverted, nim heap, restive,
/// restless, tame), mate, misère nim-value, misère outcome, nim-value, options.
struct Case {
    input: &'static str,
    form: &'static str,
    birthday: &'static str,
    genus: &'static str,
    flags: [bool; 8],
    mate: &'static str,
    misere_nim_value: &'static str,
    outcome: &'static str,
    options: &'static str,
}

const FLAGS: [&str; 8] = [
    "is_even",
    "is_generally_restive",
    "is_generally_tame",
    "is_introverted",
    "is_nim_heap",
    "is_restive",
    "is_restless",
    "is_tame",
];

const T: bool = true;
const F: bool = false;

const CASES: &[Case] = &[
    Case {
        input: "*[0]",
        form: "*[0]",
        birthday: "0",
        genus: "0",
        flags: [T, F, T, T, T, F, F, T],
        mate: "*[1]",
        misere_nim_value: "1",
        outcome: "N",
        options: "[]",
    },
    Case {
        input: "*[1]",
        form: "*[1]",
        birthday: "1",
        genus: "1",
        flags: [F, F, T, T, T, F, F, T],
        mate: "*[0]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[0]]",
    },
    Case {
        input: "*[2]",
        form: "*[2]",
        birthday: "2",
        genus: "2",
        flags: [T, F, T, F, T, F, F, T],
        mate: "*[2]",
        misere_nim_value: "2",
        outcome: "N",
        options: "[*[0],*[1]]",
    },
    Case {
        input: "*[[2]]",
        form: "*[2#]",
        birthday: "3",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, T],
        mate: "*[2#]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[2]]",
    },
    Case {
        input: "*[[[2]]]",
        form: "*[2##]",
        birthday: "4",
        genus: "1^1",
        flags: [T, F, T, F, F, F, F, T],
        mate: "*[2##]",
        misere_nim_value: "1",
        outcome: "N",
        options: "[*[2#]]",
    },
    Case {
        input: "*[2]+*[2]",
        form: "*[2[2]]",
        birthday: "4",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, T],
        mate: "*[2[2]]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[2],*[3]]",
    },
    Case {
        input: "*[[*[2]+*[[2]]]]",
        form: "*[2[#2#]]",
        birthday: "6",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, T],
        mate: "*[2[#2#]]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[2[#2]]]",
    },
    Case {
        input: "*[[2],0]",
        form: "*[2#0]",
        birthday: "4",
        genus: "1^2",
        flags: [T, T, F, F, F, T, F, F],
        mate: "*[2#1]",
        misere_nim_value: "2",
        outcome: "N",
        options: "[*[0],*[2#]]",
    },
    Case {
        input: "*[[2],1]",
        form: "*[2#1]",
        birthday: "4",
        genus: "2^1420",
        flags: [T, F, F, F, F, F, T, F],
        mate: "*[2#0]",
        misere_nim_value: "1",
        outcome: "N",
        options: "[*[1],*[2#]]",
    },
    Case {
        input: "*[[*[4]+*[2]]]",
        form: "*[4[2#]]",
        birthday: "7",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, T],
        mate: "*[4[2#]]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[4[2]]]",
    },
    Case {
        input: "*[[[2]],[[2],1]]",
        form: "*[(2#1)2##]",
        birthday: "5",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, F],
        mate: "*[(2#0)2##]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[2##],*[2#1]]",
    },
    Case {
        input: "*[[[2]],[[[2],0],0,1]]",
        form: "*[((2#0)10)2##]",
        birthday: "6",
        genus: "0^0",
        flags: [T, F, T, F, F, F, F, F],
        mate: "*[((2#1)10)2##]",
        misere_nim_value: "0",
        outcome: "P",
        options: "[*[2##],*[(2#0)10]]",
    },
    Case {
        input: "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        form: "*[((2#0)2[#1]2#)(2#1)[1]]",
        birthday: "6",
        genus: "0^120",
        flags: [T, F, F, F, F, F, F, F],
        mate: "*[((2#1)2[#1]2#)(2#0)[1]]",
        misere_nim_value: "1",
        outcome: "N",
        options: "[*[(2#1)[1]],*[(2#0)2[#1]2#]]",
    },
    Case {
        input: "*[[[2],2,0],[[2],3],1]",
        form: "*[(2#20)2[#1]1]",
        birthday: "5",
        genus: "0^2",
        flags: [T, T, F, F, F, F, F, F],
        mate: "*[(2#21)2[#1]0]",
        misere_nim_value: "2",
        outcome: "N",
        options: "[*[1],*[2[#1]],*[2#20]]",
    },
];

#[test]
fn cgsuite_misere_canonical_game_cases() {
    let mut wrong = Vec::new();
    for c in CASES {
        let x = c.input;
        let mut check = |what: String, got: String, want: &str| {
            if got != want {
                wrong.push(format!("{what}: got {got}, CGSuite {want}"));
            }
        };
        check(x.into(), eval(x), c.form);
        check(
            format!("misere_canonical_form({x})"),
            eval(&format!("misere_canonical_form({x})")),
            c.form,
        );
        // The printed form reads back as the same game.
        check(format!("{} read back", c.form), eval(c.form), c.form);
        for (name, want) in [
            ("misere_birthday", c.birthday),
            ("genus", c.genus),
            ("mate", c.mate),
            ("misere_nim_value", c.misere_nim_value),
            ("misere_outcome_class", c.outcome),
            ("misere_options", c.options),
        ] {
            let e = format!("{name}({x})");
            check(e.clone(), eval(&e), want);
        }
        for (name, want) in FLAGS.iter().zip(c.flags) {
            let e = format!("{name}({x})");
            check(e.clone(), eval(&e), if want { "true" } else { "false" });
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// CGSuite's misère outcome classes of canonical short games (partizan ones included).
#[test]
fn cgsuite_misere_outcome_classes() {
    for (g, want) in [
        ("0", "N"),
        ("5", "R"),
        ("-1/2", "L"),
        ("25/16", "R"),
        ("*8", "N"),
        ("9/8+*", "R"),
        ("^", "R"),
        ("v*", "R"),
        ("6^*", "R"),
        ("^*6", "P"),
        ("{0||0|vvv}", "R"),
        ("{^^^|vv}", "R"),
        ("{0||0|-3/2}", "R"),
    ] {
        assert_eq!(eval(&format!("misere_outcome_class({g})")), want, "{g}");
    }
}

/// Misère play reads forms: {*2|*2} is 0 in normal play but *[2#] in misère play, and a heap
/// ruleset is its position (Kayles heaps, misère Nim).
#[test]
fn forms_and_positions() {
    assert_eq!(eval("{*2|*2}"), "0");
    assert_eq!(eval("misere_canonical_form({*2|*2})"), "*[2#]");
    assert_eq!(eval("misere_canonical_form(*2 + *2)"), "*[2[2]]");
    assert_eq!(eval("misere_canonical_form(*3)"), "*[3]");
    // A Kayles row of 1 or 2 pins is a heap of that size; of 3, *3 (options *2, * and *1+*1 = 0).
    assert_eq!(eval("misere_canonical_form(kayles(2))"), "*[2]");
    assert_eq!(eval("misere_canonical_form(kayles(3))"), "*[3]");
    assert_eq!(eval("kayles(3)"), "*3");
    // The same row through the general code reader (0.77 is Kayles).
    assert_eq!(
        eval("misere_canonical_form(take_and_break(\"0.77\", 3))"),
        "*[3]"
    );
    // Misère Nim: with two heaps of 1 the player to move takes one and leaves the last to the
    // opponent (N); with three, the player to move is the one left with the last (P); *2 + *2
    // is won by copying (P).
    assert_eq!(eval("misere_outcome_class(nim(2, 2))"), "P");
    assert_eq!(eval("misere_outcome_class(nim(1, 1))"), "N");
    assert_eq!(eval("misere_outcome_class(nim(1, 1, 1))"), "P");
}

#[test]
fn bad_input_exits_2_with_the_place() {
    let o = onag(&["eval", "genus(*[[2],x])"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("column"), "{err}");
    assert!(err.contains('^'), "{err}");
    let o = onag(&["eval", "misere_canonical_form({0|1})"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not an impartial game"),
        "{}",
        stderr(&o)
    );
    let o = onag(&["eval", "*[[2],0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("column 1"), "{}", stderr(&o));
}

/// The rest of CGSuite's table (`MisereCanonicalGameTestCase.scala`, all 15 rows, the
/// restive `*[[2],0]` twice as there): input, IsExtraverted, IsHalfTame, IsPrime, IsTameable,
/// NimValue, Partitions, Parts.
/// (input, extraverted, half tame, prime, tameable, nim-value, partitions, parts)
type Row = (
    &'static str,
    bool,
    bool,
    bool,
    bool,
    &'static str,
    &'static str,
    &'static str,
);
const MORE: &[Row] = &[
    ("*[0]", T, F, F, T, "0", "[[]]", "[]"),
    ("*[1]", T, F, F, T, "1", "[[*[1]]]", "[]"),
    ("*[2]", T, F, T, T, "2", "[[*[2]]]", "[]"),
    (
        "*[[2]]",
        T,
        F,
        F,
        T,
        "0",
        "[[*[2],*[2[#-2]]]]",
        "[*[2],*[2[#-2]]]",
    ),
    (
        "*[[[2]]]",
        T,
        F,
        F,
        T,
        "1",
        "[[*[2],*[2[#-2]],*[2[##-2]0]]]",
        "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]",
    ),
    ("*[2]+*[2]", T, F, F, T, "0", "[[*[2],*[2]]]", "[*[2]]"),
    (
        "*[[*[2]+*[[2]]]]",
        T,
        F,
        F,
        T,
        "0",
        "[[*[2],*[2],*[2[#-2]],*[2[#-2]]]]",
        "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]",
    ),
    ("*[[2],0]", F, T, T, F, "1", "[[*[2#0]]]", "[]"),
    ("*[[2],0]", F, T, T, F, "1", "[[*[2#0]]]", "[]"),
    ("*[[2],1]", F, F, T, F, "2", "[[*[2#1]]]", "[]"),
    (
        "*[[*[4]+*[2]]]",
        F,
        F,
        F,
        T,
        "0",
        "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]",
        "[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]",
    ),
    ("*[[[2]],[[2],1]]", F, F, T, T, "0", "[[*[(2#1)2##]]]", "[]"),
    (
        "*[[[2]],[[[2],0],0,1]]",
        F,
        F,
        T,
        T,
        "0",
        "[[*[((2#0)10)2##]]]",
        "[]",
    ),
    (
        "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        F,
        F,
        T,
        T,
        "0",
        "[[*[((2#0)2[#1]2#)(2#1)[1]]]]",
        "[]",
    ),
    (
        "*[[[2],2,0],[[2],3],1]",
        F,
        T,
        T,
        F,
        "0",
        "[[*[(2#20)2[#1]1]]]",
        "[]",
    ),
];

#[test]
fn cgsuite_misere_parts_and_predicates() {
    let mut wrong = Vec::new();
    for &(x, ext, half, prime, tameable, nim, partitions, parts) in MORE {
        let b = |v: bool| if v { "true" } else { "false" };
        for (name, want) in [
            ("is_extraverted", b(ext)),
            ("is_half_tame", b(half)),
            ("is_prime", b(prime)),
            ("is_tameable", b(tameable)),
            ("nim_value", nim),
            ("partitions", partitions),
            ("parts", parts),
        ] {
            let e = format!("{name}({x})");
            let got = eval(&e);
            if got != want {
                wrong.push(format!("{e}: got {got}, CGSuite {want}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The forms of a printed list `[*[2],*[2[#-2]]]` (commas inside `*[…]` are never at depth 0).
fn items(list: &str) -> Vec<String> {
    let inner = &list[1..list.len() - 1];
    let (mut out, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// By the definitions: each part P of G has G − P with (G − P) + P = G, and each partition
/// sums back to G (the misère sums computed by the kernel's own addition, not by the parts
/// search), read back from the printed forms.
#[test]
fn parts_and_partitions_add_back_up() {
    for &(x, ..) in MORE {
        let g = eval(&format!("misere_canonical_form({x})"));
        for p in items(&eval(&format!("parts({x})"))) {
            let back = eval(&format!(
                "misere_canonical_form(misere_minus({x}, {p}) + {p})"
            ));
            assert_eq!(back, g, "({x} - {p}) + {p}");
        }
        for part in items(&eval(&format!("partitions({x})"))) {
            let ps = items(&part);
            let sum = if ps.is_empty() {
                "*[0]".to_string()
            } else {
                ps.join(" + ")
            };
            let back = eval(&format!("misere_canonical_form({sum} + *[0])"));
            assert_eq!(back, g, "partition {part} of {x}");
            for p in &ps {
                if p != "*[1]" {
                    assert_eq!(eval(&format!("is_prime({p})")), "true", "{p} in {part}");
                }
            }
        }
    }
}

/// CGSuite: "Those misere games are not subtractable" when B is not a part of A.
#[test]
fn misere_minus_refuses_a_non_part() {
    assert_eq!(eval("misere_minus(*[2]+*[2], *[2])"), "*[2]");
    assert_eq!(eval("misere_minus(*[2#], *[2])"), "*[2[#-2]]");
    // *3 = *2 + * in misère play, so *2 − *3 = *; but {*2} is no part of the prime *2.
    assert_eq!(eval("misere_minus(*[2], *[3])"), "*[1]");
    // CGSuite's text (MisereCanonicalGame.misereMinus), also where the difference is an
    // argument of another function.
    for e in [
        "misere_minus(*[2], *[2#])",
        "mate(misere_minus(*[2], *[2#]))",
    ] {
        let o = onag(&["--ascii", "eval", e]);
        assert_eq!(o.status.code(), Some(2), "{e}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("Those misere games are not subtractable: *[2], *[2#]"),
            "{e}: {}",
            stderr(&o)
        );
    }
}

/// `onag eval -` on these expressions, one result a line, as CGSuite prints a list:
/// `[a,b,…]`.
fn eval_list(exprs: &[String]) -> String {
    let o = onag_stdin(&["eval", "-"], &(exprs.join("\n") + "\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    format!("[{}]", lines.join(","))
}

/// `[f(n) for n from a to b]`, with `N` in `template` standing for n.
fn row(template: &str, a: usize, b: usize) -> String {
    let exprs: Vec<String> = (a..=b)
        .map(|n| template.replace('N', &n.to_string()))
        .collect();
    eval_list(&exprs)
}

/// CGSuite's `GameHeapTest.scala` (aaron-siegel/cgsuite): the misère nim-values and genera of
/// heaps 0 to 20 of its heap rulesets, CGSuite's lists restated here. A ruleset call inside
/// a misère function is the position, valued by its own moves (codes beyond octal form too:
/// `0.3F`, and `0.3003330[3]`, CGSuite's `Subtraction([2,3,7], allbut => true)`).
#[test]
fn cgsuite_heap_rulesets_in_misere_play() {
    let rows: &[(&str, &str, &str)] = &[
        (
            "nim(N)",
            "[1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
            "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]",
        ),
        (
            "grundy(N)",
            "[1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2]",
            "[0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20]",
        ),
        (
            "kayles(N)",
            "[1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0]",
            "[0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031]",
        ),
        (
            "dawsons_kayles(N)",
            "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]",
            "[0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3]",
        ),
        (
            "subtraction(\"2,3,7\", N)",
            "[1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1]",
            "[0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0]",
        ),
        (
            "take_and_break(\"0.3003330[3]\", N)",
            "[1,0,1,0,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
            "[0,1,0,1,2,3,2,3,4,5,4,5,6,7,6,7,8,9,8,9,10]",
        ),
        (
            "take_and_break(\"0.3F\", N)",
            "[1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6]",
            "[0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)]",
        ),
    ];
    let mut wrong = Vec::new();
    for &(pos, misere_nim_values, genera) in rows {
        for (f, want) in [("misere_nim_value", misere_nim_values), ("genus", genera)] {
            let got = row(&format!("{f}({pos})"), 0, 20);
            if got != want {
                wrong.push(format!("{f}({pos}), n = 0..20: got {got}, CGSuite {want}"));
            }
        }
    }
    // Wythoff's game, row 10 (CGSuite's coordinate games).
    let got = row("genus(wythoff(10, N))", 0, 20);
    let want = "[10,11,9,8^8,13^(13),12^(12),0^0,15^(15),16^(16),17^(17),14^(14),18^(18),7^7,6^6,2^2,3^3,1^1,4^4,5^5,23^(23),28^(28)]";
    if got != want {
        wrong.push(format!("genus(wythoff(10, n)): got {got}, CGSuite {want}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// CGSuite's misère rows of `GameHeapTest`, `GameGridTest` and `GameTest`: a position is
/// valued by its own moves (a Cram board is not its nimber; a Domineering board's misère
/// outcome is not its canonical form's).
#[test]
fn cgsuite_ruleset_positions_in_misere_play() {
    assert_eq!(
        eval("misere_canonical_form(grundy(22))"),
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
    assert_eq!(
        eval("misere_canonical_form(cram(\".........|##.######\"))"),
        "*[2[2]321]"
    );
    // Grid.Empty(2, 4): two rows of four.
    assert_eq!(
        eval("misere_outcome_class(domineering(\"....|....\"))"),
        "N"
    );
    // (Its normal-play canonical form, searched as a form, is won by Left in misère play:
    // the position, not its value, is what is asked.) A partizan board has no misère form.
    let o = onag(&["eval", "misere_canonical_form(domineering(\"..|..\"))"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("not an impartial game"),
        "{}",
        stderr(&o)
    );
}

/// CGSuite's binary methods of misère games (`GameTest.scala`, "implement binary methods
/// correctly"): `Distinguisher`, `IsLinkedTo`, `Link`, `MisereMinus`, with their errors.
#[test]
fn cgsuite_binary_misere_methods() {
    for (e, want) in [
        ("distinguisher(*[[2]], *[2]+*[2])", "*[(2#1)21]"),
        ("is_linked_to(*[[[2]]], *[2]+*[2])", "true"),
        ("is_linked_to(*[[[2]]], *[[2]])", "false"),
        ("link(*[[[2]]], *[2]+*[2])", "*[((2#1)21)32]"),
        ("misere_minus(*[[[2]]], *[[2]])", "*[2[##-2]0]"),
    ] {
        assert_eq!(eval(e), want, "{e}");
    }
    for (e, why) in [
        // CGSuite's texts (MisereCanonicalGame.link and .misereMinus).
        (
            "link(*[[[2]]], *[[2]])",
            "Those misere games are not linked: *[2##], *[2#]",
        ),
        (
            "misere_minus(*[[[2]]], *[[4]])",
            "Those misere games are not subtractable: *[2##], *[4#]",
        ),
    ] {
        let o = onag(&["--ascii", "eval", e]);
        assert_eq!(o.status.code(), Some(2), "{e}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{e}: {}", stderr(&o));
    }
}

/// `nim_value` of a heap ruleset call is its normal-play nim-value, and so is `nim_value` of
/// its misère canonical form: CGSuite's `Kayles(n).NimValue` and
/// `Kayles(n).MisereCanonicalForm.NimValue` (MisereCanonicalGame's NimValue is G⁺, the
/// normal-play value of the same game), the sequence of `GameHeapTest.scala` for n = 1..20.
#[test]
fn nim_value_of_a_kayles_row_is_its_normal_play_value() {
    let want = "[1,2,3,1,4,3,2,1,4,2,6,4,1,2,7,1,4,3,2,1]";
    assert_eq!(row("nim_value(kayles(N))", 1, 20), want);
    assert_eq!(
        row("nim_value(misere_canonical_form(kayles(N)))", 1, 20),
        want
    );
    assert_eq!(eval("nim_value(kayles(5))"), "4");
}
