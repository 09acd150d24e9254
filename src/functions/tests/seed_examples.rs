//! Seed examples that had no test yet (issue 18: every worked example of seeds 000, 001 and 003
//! as a test citing its section). The expected values are the seeds' own; where a seed states a
//! general fact (Corollary 55, Theorem 54) it is checked for the first several n.

use super::{show, star};
use crate::functions::world::{self, Value};
use crate::syntax::parse;
use crate::Kernel;

/// seed 003, Example 17: 0 + 0 = {} = 0, 0 + * = {0} = *, and * + * = {0 + *, * + 0} = {*},
/// which is not a nimber of its own form but has the value 0 (mex{1} = 0).
#[test]
fn seed_003_example_17_small_sums() {
    assert_eq!(show("0 + 0"), "0");
    assert_eq!(show("0 + *"), "*");
    assert_eq!(show("{0}"), "*");
    assert_eq!(show("* + *"), "0");
    assert_eq!(show("{0 + *, * + 0}"), "0");
    assert_eq!(show("{*}"), "0");
}

/// seed 003, Example 2: Nim with piles of one and three coins is * + *3 = *2 (Theorem 31: nim
/// addition is exclusive or).
#[test]
fn seed_003_example_2_nim_piles() {
    assert_eq!(show("* + *3"), "*2");
    assert_eq!(show("nim(1) + nim(3)"), show("*2"));
}

/// seed 003, Corollary 55: (*2^(2^n))² = *(3/2 · 2^(2^n)); seed 000 §I.6a states the same
/// ("3*2^(2^n)/2 if n = m").
#[test]
fn seed_003_corollary_55_squares_of_fermat_two_powers() {
    for n in 0..7u32 {
        let f: u128 = 1 << (1u32 << n);
        let want = star(3 * f / 2);
        assert_eq!(show(&format!("*{f} ⊗ *{f}")), want, "n = {n}");
        assert_eq!(show(&format!("nimpow(*{f}, 2)")), want, "n = {n}");
    }
}

/// seed 003, Theorem 54 and Lemma 59: with x_i = *2^(2^(i−1)), x_(n+1) is a root of the
/// Artin–Schreier polynomial X² + X + α_n, α_n = x_1 ⊗ … ⊗ x_n (α_0 = 1); the other root is
/// x_(n+1) + 1, and neither lies in the field below x_(n+1).
#[test]
fn seed_003_theorem_54_the_tower_by_artin_schreier() {
    for n in 0..6u32 {
        let x = |i: u32| -> u128 { 1 << (1u32 << (i - 1)) };
        let alpha = if n == 0 {
            "*".to_string()
        } else {
            (1..=n)
                .map(|i| format!("*{}", x(i)))
                .collect::<Vec<_>>()
                .join(" ⊗ ")
        };
        let next = x(n + 1);
        // x² + x = α_n, in the expression language
        assert_eq!(
            show(&format!("*{next} ⊗ *{next} + *{next}")),
            show(&alpha),
            "n = {n}"
        );
        assert_eq!(show(&format!("nimsolve({alpha})")), star(next), "n = {n}");
        if n >= 1 {
            // no root in GF(2^(2^n)), the field below x_(n+1)
            let mut k = Kernel::new();
            let t = parse(&format!("nimsolve({alpha}, {n})")).unwrap();
            let e = world::eval(&mut k, &t).unwrap_err().to_string();
            assert!(e.contains("no solution"), "n = {n}: {e}");
        }
    }
}

/// seed 003, Example 67 and the text after Lemma 68: the lexicographic code of distance 3
/// starts (…,0,0,0), (…,0,1,1,1), (…,0,2,2,2), …, and with a_3 = 1 the next word is
/// (…,1,0,1,2). Over the alphabet 0..3 with four letters (most significant first):
#[test]
fn seed_003_example_67_lexicode_words() {
    let code = crate::number::Lexicode::new(4, 4, 3).unwrap();
    for n in 0..4u64 {
        assert_eq!(code.words[n as usize], vec![0, n, n, n]);
    }
    assert_eq!(code.words[4], vec![1, 0, 1, 2]);
}

/// seed 003 §7: mex{0, *, *2, *3, …} = *ω, written as a one-set impartial brace that goes on.
#[test]
fn seed_003_section_7_mex_of_all_finite_nimbers() {
    assert_eq!(show("{0, *, *2, *3, …}"), "*w");
    assert_eq!(show("{0,*,*2,...}"), "*w");
    assert_eq!(show("{0, *, *2, … | 0, *, *2, …}"), "*w");
    assert_eq!(show("{0,*,*2,...} + *w"), "0");
    // not the initial nimbers: not *ω (a cut of numbers is asked for instead)
    let mut k = Kernel::new();
    let t = parse("{*, *2, *3, …}").unwrap();
    assert!(world::eval(&mut k, &t).is_err());
}

/// seed 000 II.5a: 2 = {1|} times 1/2 = {0|1} is 1, by the multiplication of Numbers; the
/// forms written out as the seed writes them ({{{|}|}|} × {{|}|{{|}|}} = {{|}|}).
#[test]
fn seed_000_ii_5a_two_times_a_half() {
    assert_eq!(show("{1|} * {0|1}"), "1");
    assert_eq!(show("{{{|}|}|} * {{|}|{{|}|}}"), "1");
    assert_eq!(show("2*1/2"), "1");
}

/// seed 000 II.5: the dyadic fractions (2p+1)/2^(q+1) = {p/2^q | (p+1)/2^q}, fact 8, for small
/// p and q, each evaluated from its braces.
#[test]
fn seed_000_ii_5_fact_8_dyadic_fractions() {
    for q in 0..5u32 {
        for p in -4i64..5 {
            let d = 1i64 << q;
            let src = format!("{{{p}/{d} | {}/{d}}}", p + 1);
            let want = show(&format!("{}/{}", 2 * p + 1, 2 * d));
            assert_eq!(show(&src), want, "{src}");
        }
    }
}

/// seed 000 II.5b: ω − 1 = {0,1,2,…|ω} is born on day ω+1, ω/2 on day ω·2 (its cut
/// {0,1,2,…|ω,ω−1,ω−2,…}); the cut and the arithmetic agree.
#[test]
fn seed_000_ii_5b_cuts_agree_with_arithmetic() {
    assert_eq!(show("{0,1,2,…|w}"), show("w - 1"));
    assert_eq!(show("{0,1,2,…|w,w-1,w-2,…}"), show("w/2"));
    assert_eq!(show("{0|1,1/2,1/4,…}"), show("1/w"));
    assert_eq!(show("sbirthday({0,1,2,…|w})"), "w+1");
    assert_eq!(show("sbirthday({0,1,2,…|w,w-1,w-2,…})"), "w*2");
    let mut k = Kernel::new();
    let t = parse("{0,1,2,…|}").unwrap();
    assert!(matches!(
        world::eval(&mut k, &t).unwrap(),
        Value::Surreal(_)
    ));
}

/// seed 000 II.5b: "On day ω+1 you get things like ω−1 = {0,1,2,…|ω}, 1/3+1/ω, and
/// 1/(2ω) = {0|1/ω}": finite braces whose options are numbers that are not short games take
/// the simplest number between them (by sign expansions), checked against the arithmetic.
#[test]
fn seed_000_ii_5b_finite_braces_of_infinite_numbers() {
    assert_eq!(show("{0|1/w}"), show("1/(2*w)"));
    assert_eq!(show("{0|1/w}"), "w^-1*1/2");
    assert_eq!(show("{w|}"), show("w + 1"));
    assert_eq!(show("{|w}"), "0");
    assert_eq!(show("{1|w}"), "2");
    assert_eq!(show("{w|w+1}"), show("w + 1/2"));
    assert_eq!(show("{w - 1|w}"), show("w - 1/2"));
    assert_eq!(show("{1/w|1}"), "1/2");
    assert_eq!(show("{0|1/2, 1/w}"), show("1/(2*w)"));
    assert_eq!(show("{-1/w|1/w}"), "0");
    assert_eq!(show("{1|1+1/w}"), show("1 + 1/(2*w)"));
    assert_eq!(show("{w, 5|w*2}"), show("w + 1"));
    // not a number, or outside the fragment: an error, not a value
    let mut k = Kernel::new();
    for bad in ["{w|1}", "{1/w|1/w}", "{div(1, 3)|w}", "{*w|1}"] {
        let t = parse(bad).unwrap();
        assert!(world::eval(&mut k, &t).is_err(), "{bad}");
    }
}

/// seed 001 / seed 000 II.5b (infinite Hackenstrings): pebbles after an infinite run of one
/// colour that ends in a successor are read with the run's last pebbles, as in a finite row
/// (`LLR` = 3/2): L^ω L R = ω + 1/2 (it printed ω before), checked against the arithmetic and
/// the sign expansion both ways.
#[test]
fn seed_001_rows_after_an_infinite_run() {
    for (row, value) in [
        ("(L)LR", "w + 1/2"),
        ("(L)LRR", "w + 1/4"),
        ("(L)LLRL", "w + 3/2 + 1/4"),
        ("(R)RL", "-w - 1/2"),
        ("(L)R", "w - 1"),
        ("(L)RL", "w - 1/2"),
        ("(L)L", "w + 1"),
    ] {
        assert_eq!(show(&format!("hs\"{row}\"")), show(value), "{row}");
    }
    assert_eq!(show("sbirthday(w + 1/2)"), "w+2");
    assert_eq!(show("sbirthday(w + 1/4)"), "w+3");
}
