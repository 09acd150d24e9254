//! The values of octal games and Cutcake through the public API, against OEIS, Winning Ways
//! and brute force on whole positions written here from the rules alone; and the rulesets as
//! functions of the expression language.

use super::A002186;
use onag::{Budget, Cutcake, GameId, Kernel, NimSequence, OctalCode};
use std::collections::HashMap;

fn value_of(k: &mut Kernel, text: &str) -> GameId {
    k.eval(&onag::parse(text).unwrap()).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Octal games

/// OEIS A002187, Dawson's Chess (0.137), n = 0..131; Dawson's Kayles (0.07) has G(n) = a(n-1).
const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// Sprague–Grundy values of a row of skittles by brute force on whole positions: a position is
/// the sorted list of its rows; a move takes `take` adjacent skittles (any take in `takes`)
/// from one row, anywhere in it. No nim-sum, no heap values: the mex over whole positions.
fn row_game_brute(rows: Vec<usize>, takes: &[usize], memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    if let Some(&v) = memo.get(&rows) {
        return v;
    }
    let mut seen = Vec::new();
    for (i, &r) in rows.iter().enumerate() {
        for &k in takes {
            if k > r {
                continue;
            }
            for start in 0..=r - k {
                let mut next: Vec<usize> = rows.clone();
                next.remove(i);
                for part in [start, r - k - start] {
                    if part > 0 {
                        next.push(part);
                    }
                }
                next.sort_unstable();
                seen.push(row_game_brute(next, takes, memo));
            }
        }
    }
    let mut g = 0;
    while seen.contains(&g) {
        g += 1;
    }
    memo.insert(rows, g);
    g
}

#[test]
fn kayles_matches_oeis_and_brute_force() {
    let mut s = NimSequence::new(OctalCode::parse("0.77").unwrap());
    let values = s.values_to(104, &Budget::default()).unwrap();
    assert_eq!(values, A002186.to_vec());
    // The first values again, from the rules of Kayles on whole positions.
    let mut memo = HashMap::new();
    for (n, &a) in A002186.iter().enumerate().take(31) {
        assert_eq!(row_game_brute(vec![n], &[1, 2], &mut memo), a, "Kayles {n}");
    }
    // OEIS: periodic with period 12 from n = 71 (the last exception is n = 70).
    let p = s
        .find_period(10_000, &Budget::default())
        .unwrap()
        .expect("Kayles' period is proved");
    assert_eq!((p.preperiod, p.period), (71, 12));
}

#[test]
fn dawsons_kayles_matches_oeis_and_brute_force() {
    let mut s = NimSequence::new(OctalCode::parse("0.07").unwrap());
    let values = s.values_to(132, &Budget::default()).unwrap();
    assert_eq!(values[0], 0);
    for n in 1..=132 {
        assert_eq!(values[n], A002187[n - 1], "0.07 at {n}");
    }
    // Dawson's Kayles: take exactly two adjacent skittles.
    let mut memo = HashMap::new();
    for (n, &v) in values.iter().enumerate().take(31) {
        assert_eq!(row_game_brute(vec![n], &[2], &mut memo), v, "0.07 {n}");
    }
    // A002187 has period 34, last exception at 51: 0.07 repeats from 53.
    let p = s
        .find_period(10_000, &Budget::default())
        .unwrap()
        .expect("Dawson's Kayles' period is proved");
    assert_eq!((p.preperiod, p.period), (53, 34));
}

#[test]
fn octal_values_past_the_period_and_for_huge_heaps() {
    let mut s = NimSequence::new(OctalCode::parse("0.77").unwrap());
    let b = Budget::default();
    let all = s.values_to(40_000, &b).unwrap();
    // Computed one by one with no period, the values agree.
    let mut plain = Vec::new();
    for n in 0..2000usize {
        let mut seen = [false; 64];
        for k in 1..=2usize.min(n) {
            let m = n - k;
            for a in 0..=m {
                seen[(plain[a] ^ plain[m - a]) as usize] = true;
            }
        }
        plain.push(seen.iter().position(|&x| !x).unwrap() as u32);
    }
    assert_eq!(&all[..2000], &plain[..]);
    // A heap of 10^30 tokens is read off the period: 10^30 ≡ 4 (mod 12), and n ≥ 71.
    let huge: num_bigint::BigInt = "1000000000000000000000000000000".parse().unwrap();
    let g = s.value(&huge, &b).unwrap();
    let n = 71 + ((1_000_000_000_000_000_000_000_000_000_000u128 - 71) % 12) as usize;
    assert_eq!(g, all[n]);
}

#[test]
fn bad_octal_codes_are_positioned_errors() {
    for (text, col) in [
        ("0.78", 4),
        ("077", 1),
        ("3.7", 1),
        ("0.7x7", 4),
        ("12.7", 2),
    ] {
        match OctalCode::parse(text) {
            Err(onag::RulesetError::Input(e)) => assert_eq!(e.column, col, "{text}: {e}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(OctalCode::parse(".770").unwrap().print(), "0.77");
}

// ---------------------------------------------------------------------------------------------
// Cutcake

/// Cutcake on a whole position (a sorted list of w×h pieces) from the rules: Left cuts one
/// piece vertically, Right horizontally; no sums, no symmetry.
fn cutcake_brute(
    k: &mut Kernel,
    pieces: Vec<(usize, usize)>,
    memo: &mut HashMap<Vec<(usize, usize)>, GameId>,
) -> GameId {
    if let Some(&g) = memo.get(&pieces) {
        return g;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, &(w, h)) in pieces.iter().enumerate() {
        for a in 1..w {
            let mut next = pieces.clone();
            next.remove(i);
            next.extend([(a, h), (w - a, h)]);
            next.sort_unstable();
            left.push(cutcake_brute(k, next, memo));
        }
        for b in 1..h {
            let mut next = pieces.clone();
            next.remove(i);
            next.extend([(w, b), (w, h - b)]);
            next.sort_unstable();
            right.push(cutcake_brute(k, next, memo));
        }
    }
    let g = k.from_options(&left, &right).unwrap();
    memo.insert(pieces, g);
    g
}

#[test]
fn cutcake_matches_winning_ways_and_brute_force() {
    let mut k = Kernel::new();
    let mut c = Cutcake::new();
    // Winning Ways (ch. 2, Cutcake): a cake w wide and h high with w ≥ h is worth the integer
    // floor(w / 2^floor(log2 h)) − 1, and the negative of that turned a quarter.
    for w in 1..=40usize {
        for h in 1..=40usize {
            let (big, small, sign) = if w >= h { (w, h, 1) } else { (h, w, -1) };
            let k2 = 1usize << (usize::BITS - 1 - small.leading_zeros());
            let expect = sign * ((big / k2) as i64 - 1);
            let g = c.value(w, h, &mut k).unwrap();
            assert_eq!(g, value_of(&mut k, &expect.to_string()), "cutcake {w}×{h}");
        }
    }
    let mut memo = HashMap::new();
    for w in 1..=5 {
        for h in 1..=5 {
            let g = c.value(w, h, &mut k).unwrap();
            assert_eq!(g, cutcake_brute(&mut k, vec![(w, h)], &mut memo), "{w}×{h}");
        }
    }
    assert!(c.value(0, 3, &mut k).is_err());
    assert!(c.value(100_000, 3, &mut k).is_err());
}

// ---------------------------------------------------------------------------------------------
// In the expression language

#[test]
fn rulesets_are_functions_usable_in_sums() {
    let mut k = Kernel::new();
    let a = value_of(&mut k, "domineering(\"..|..\") + ^");
    let b = value_of(&mut k, "+-1 + ^");
    assert_eq!(a, b);
    assert_eq!(
        value_of(&mut k, "octal(\"0.77\", 5)"),
        value_of(&mut k, "*4")
    );
    assert_eq!(value_of(&mut k, "octal(\"0.77\", 1000000000000)"), {
        // 10^12 ≥ 71 and 10^12 ≡ 4 (mod 12): the value of heap 71 + ((10^12 − 71) mod 12).
        let n = 71 + ((1_000_000_000_000u64 - 71) % 12) as usize;
        value_of(&mut k, &format!("*{}", A002186[n]))
    });
    assert_eq!(
        value_of(&mut k, "subtraction(\"1,2,3\", 10)"),
        value_of(&mut k, "*2")
    );
    assert_eq!(value_of(&mut k, "nim(3, 5)"), value_of(&mut k, "*6"));
    assert_eq!(value_of(&mut k, "cutcake(4, 1)"), value_of(&mut k, "3"));
    assert_eq!(value_of(&mut k, "toads(\"T.F\")"), value_of(&mut k, "*"));
    assert_eq!(value_of(&mut k, "clobber(\"xo\")"), value_of(&mut k, "*"));
    assert_eq!(
        value_of(&mut k, "hackenbush(\"LR\")"),
        value_of(&mut k, "1/2")
    );
    // Bad text is the function's error, with the place in the text.
    let e = k
        .eval(&onag::parse("domineering(\"..|.x\")").unwrap())
        .unwrap_err();
    assert!(matches!(e, onag::KernelError::Function { .. }), "{e}");
    assert!(e.to_string().contains("column 5"), "{e}");
    let e = k
        .eval(&onag::parse("octal(\"0.8\", 3)").unwrap())
        .unwrap_err();
    assert!(e.to_string().contains("octal digit"), "{e}");
}
