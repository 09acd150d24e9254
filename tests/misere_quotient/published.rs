//! Misère quotients against published results and against brute-force outcomes of sums.

use onag::present_misere_quotient as present;
use onag::{misere_quotient as quotient, MisereQuotient as Quotient};
use onag::{Budget, KernelError, OctalCode};
use std::collections::HashMap;
use std::time::Instant;

fn q(code: &str, n: usize) -> Quotient {
    quotient(&OctalCode::parse(code).unwrap(), n, &Budget::default()).unwrap()
}

/// Misère outcome of a sum of heaps (a multiset, sorted), by the definition: P when it has a
/// move and every move leads to N. Independent of the quotient code.
fn brute(code: &OctalCode, w: &[usize], memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    if let Some(&b) = memo.get(w) {
        return b;
    }
    let mut any = false;
    let mut p = true;
    for i in 0..w.len() {
        if i > 0 && w[i] == w[i - 1] {
            continue;
        }
        for mv in code.moves(w[i]) {
            any = true;
            let mut v: Vec<usize> = w.to_vec();
            v.remove(i);
            v.extend(mv.iter().copied());
            v.sort_unstable();
            if brute(code, &v, memo) {
                p = false;
                break;
            }
        }
        if !p {
            break;
        }
    }
    let r = any && p;
    memo.insert(w.to_vec(), r);
    r
}

/// All multisets of heaps 1..=n with at most `len` heaps.
fn words(n: usize, len: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut i = 0;
    while i < out.len() {
        let w: Vec<usize> = out[i].clone();
        if w.len() < len {
            let lo = w.last().copied().unwrap_or(1);
            for h in lo..=n {
                let mut v = w.clone();
                v.push(h);
                out.push(v);
            }
        }
        i += 1;
    }
    out
}

fn image(q: &Quotient, w: &[usize]) -> u32 {
    w.iter().fold(0, |a, &h| q.monoid.mul(a, q.heaps[h]))
}

/// Φ predicts the outcome of every small sum, and sums with the same image have the same
/// outcome beside every small sum.
fn check_against_brute(code: &str, n: usize, len: usize, ctx: usize) {
    let c = OctalCode::parse(code).unwrap();
    let qq = q(code, n);
    let mut memo = HashMap::new();
    let ws = words(n, len);
    for w in &ws {
        assert_eq!(
            brute(&c, w, &mut memo),
            qq.monoid.p[image(&qq, w) as usize],
            "{code}: outcome of {w:?}"
        );
    }
    let xs = words(n, ctx);
    let mut by_image: HashMap<u32, Vec<usize>> = HashMap::new();
    for w in &ws {
        let x = image(&qq, w);
        match by_image.get(&x) {
            None => {
                by_image.insert(x, w.clone());
            }
            Some(v) => {
                for x in &xs {
                    let mut a: Vec<usize> = w.iter().chain(x).copied().collect();
                    let mut b: Vec<usize> = v.iter().chain(x).copied().collect();
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(
                        brute(&c, &a, &mut memo),
                        brute(&c, &b, &mut memo),
                        "{code}: {w:?} vs {v:?} beside {x:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn nim_quotients_are_the_tame_ones() {
    // Misère Nim is tame: sums are classified by genus. Heaps ≤ 1: 0^1 and 1^0, the group
    // <a | a^2 = 1>; heaps ≤ 3: also g^g for g < 4: order 6 (T2 = <a, b | a^2 = 1, b^3 = b>,
    // Plambeck–Siegel); heaps ≤ 7: g^g for g < 8 and the two small ones: order 10.
    let p1 = present(&q("0.333", 1)).unwrap();
    assert_eq!(p1.print(), "<a | a^2 = 1>");
    assert_eq!(p1.print_p(), "{a}");
    let p3 = present(&q("0.333", 3)).unwrap();
    assert_eq!(p3.print(), "<a, b | a^2 = 1, b^3 = b>");
    // *1 is a P-position, and so is *2 + *2 (genus 0^0); *3 pretends to be *1 + *2.
    assert_eq!(p3.print_p(), "{a, b^2}");
    assert_eq!(p3.print_pretending(), "[1, a, b, ab]");
    let p7 = present(&q("0.3333333", 7)).unwrap();
    assert_eq!(p7.order, 10);
    assert_eq!(p7.p_portion.len(), 2);
}

#[test]
fn quotients_agree_with_brute_force() {
    check_against_brute("0.333", 4, 4, 3);
    check_against_brute("0.77", 6, 4, 3);
    check_against_brute("0.75", 8, 4, 3);
    check_against_brute("0.07", 8, 4, 2);
}

#[test]
fn dawsons_kayles_companion_075_is_r8() {
    // Plambeck ("Taming the wild in impartial combinatorial games", INTEGERS 5 (2005)) and
    // Plambeck–Siegel: the misère quotient of 0.75 is R8 = <a, b, c | a^2 = 1, b^3 = b,
    // bc = ab, c^2 = b^2>, of order 8, with P-portion {a, b^2}.
    let p = present(&q("0.75", 24)).unwrap();
    assert_eq!(p.order, 8);
    assert_eq!(
        p.print(),
        "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    );
    assert_eq!(p.print_p(), "{a, b^2}");
    // Heaps 1 and 2 are * and *2, the generators a and b.
    assert_eq!(&p.pretending[..3], ["1", "a", "b"]);
}

#[test]
fn kayles_prefixes_agree_with_brute_force() {
    check_against_brute("0.77", 8, 3, 3);
}

#[test]
fn a_split_class_is_rebuilt() {
    // Heap 9 of Kayles separates sums that heaps 1..8 could not tell apart (c^2 = 1 no
    // longer holds): the quotient is rebuilt finer, and still predicts every outcome.
    check_against_brute("0.77", 10, 3, 2);
}

#[test]
fn the_budget_stops_it() {
    let b = Budget {
        deadline: Some(Instant::now()),
        ..Budget::default()
    };
    assert!(matches!(
        quotient(&OctalCode::parse("0.75").unwrap(), 200, &b),
        Err(KernelError::Limit { .. })
    ));
}

#[test]
fn the_grid_of_r8_follows_its_relations() {
    // R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2> (Plambeck): the grid's cells
    // for a·a, b·c, c·c and b·b·b read the published relations, and P-portion products
    // ({a, b^2}) are in parentheses.
    let p = present(&q("0.75", 24)).unwrap();
    let at = |x: &str| p.elements.iter().position(|e| e == x).unwrap();
    let prod = |x: &str, y: &str| p.elements[p.table[at(x)][at(y)]].clone();
    assert_eq!(prod("a", "a"), "1");
    assert_eq!(prod("b", "c"), "ab");
    assert_eq!(prod("c", "c"), "b^2");
    assert_eq!(prod("b^2", "b"), "b");
    let grid = p.print_grid().unwrap();
    assert_eq!(grid.lines().count(), 2 + 8);
    let cells = |l: &str| -> Vec<String> {
        l.split('|')
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    let header = cells(grid.lines().next().unwrap());
    let col_a = header.iter().position(|c| c == "(a)").unwrap();
    let row_a = grid
        .lines()
        .find(|l| l.trim_start().starts_with("(a) |"))
        .unwrap();
    assert_eq!(cells(row_a)[col_a], "1");
    // The row of 1 repeats the header.
    assert_eq!(cells(grid.lines().nth(2).unwrap()), header);
}

#[test]
fn a_heap_that_splits_a_class_is_recalibrated() {
    // 4.7 (split a heap, or take one token leaving zero, one or two heaps): heap 5 splits a
    // class; the quotient is rebuilt and every small sum's outcome still agrees with play.
    check_against_brute("4.7", 5, 4, 2);
    check_against_brute("0.354", 4, 4, 2);
}
