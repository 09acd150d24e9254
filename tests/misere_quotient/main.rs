//! Misère quotients checked by a verifier of their own, written here from the definitions and
//! sharing nothing with `src/misere/quotient.rs` but the answer it checks.
//!
//! The lemma (Plambeck–Siegel, "Misère quotients for impartial games", JCTA 2008): if a
//! homomorphism Φ from the sums of heaps onto a finite commutative monoid M predicts every
//! misère outcome (W is a P-position exactly when Φ(W) lies in the P-portion), then the
//! misère quotient is M divided by indistinguishability. So when every element of M is
//! reached and every two elements are told apart by some z (xz ∈ P but yz ∉ P), the quotient
//! has exactly |M| elements. This file checks the three premises for the returned quotient:
//! the table is a commutative monoid, Φ predicts every outcome (a breadth-first walk over the
//! pairs (Φ(W), images of W's options) with the game's moves written out here), and all
//! elements are reached and told apart. Small sums are also played out by brute force.

mod published;
mod sweep;

use onag::{
    misere_quotient, misere_quotient_of, Budget, MisereHeapGame, MisereQuotient, OctalCode,
    TakeAndBreak,
};
use std::collections::{HashMap, HashSet, VecDeque};

/// Kayles (0.77): take one or two adjacent pins from a row, leaving zero, one or two rows.
fn kayles_moves(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for take in 1..=2 {
        if n < take {
            continue;
        }
        let rest = n - take;
        for a in 0..=rest / 2 {
            out.push([a, rest - a].into_iter().filter(|&x| x > 0).collect());
        }
    }
    out
}

/// Nim: any number of tokens from one heap.
fn nim_moves(n: usize) -> Vec<Vec<usize>> {
    (0..n)
        .map(|k| if k == 0 { vec![] } else { vec![k] })
        .collect()
}

/// 0.75: take one token, leaving zero, one or two heaps (digit 7), or two tokens, leaving
/// zero or two heaps but never one (digit 5).
fn moves_075(n: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let split = |rest: usize, out: &mut Vec<Vec<usize>>| {
        for a in 1..=rest / 2 {
            out.push(vec![a, rest - a]);
        }
    };
    match n {
        0 => {}
        1 => out.push(vec![]),
        _ => {
            out.push(vec![n - 1]);
            split(n - 1, &mut out);
            if n == 2 {
                out.push(vec![]);
            }
            split(n - 2, &mut out);
        }
    }
    out
}

struct Verdict {
    order: usize,
    /// Walked pairs whose outcome the P-portion gets wrong.
    wrong: usize,
    /// Elements no sum reaches.
    unreached: usize,
    /// Pairs of elements no z tells apart.
    merged: usize,
}

fn verify(q: &MisereQuotient, moves: &dyn Fn(usize) -> Vec<Vec<usize>>) -> Verdict {
    let t = &q.monoid.table;
    let p = &q.monoid.p;
    let n = t.len();
    let mul = |x: usize, y: usize| t[x][y] as usize;
    for x in 0..n {
        for y in 0..n {
            assert_eq!(mul(x, y), mul(y, x), "not commutative");
            // Associativity on every triple is n³ products: for large quotients, triples
            // with z among the heaps' images, which generate the monoid, suffice to show
            // (xy)z = x(yz) for all z by induction on z's word.
            for z in (0..n).filter(|&z| n <= 200 || q.heaps.contains(&(z as u32))) {
                assert_eq!(mul(mul(x, y), z), mul(x, mul(y, z)), "not associative");
            }
        }
        assert_eq!(mul(0, x), x, "0 is not the identity");
    }
    let img = |h: usize| q.heaps[h] as usize;
    let mut letters: Vec<(usize, Vec<usize>)> = Vec::new();
    for h in 1..q.heaps.len() {
        let mut o: Vec<usize> = moves(h)
            .iter()
            .map(|mv| mv.iter().fold(0, |a, &k| mul(a, img(k))))
            .collect();
        o.sort_unstable();
        o.dedup();
        let l = (img(h), o);
        if !letters.contains(&l) {
            letters.push(l);
        }
    }
    let start = (0usize, Vec::<usize>::new());
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    let mut reached = vec![false; n];
    let mut wrong = 0;
    while let Some((x, opts)) = queue.pop_front() {
        reached[x] = true;
        let is_p = !opts.is_empty() && opts.iter().all(|&y| !p[y]);
        if is_p != p[x] {
            wrong += 1;
        }
        for (li, lo) in &letters {
            let nx = mul(x, *li);
            let mut ns: Vec<usize> = opts
                .iter()
                .map(|&y| mul(y, *li))
                .chain(lo.iter().map(|&o| mul(x, o)))
                .collect();
            ns.sort_unstable();
            ns.dedup();
            if seen.insert((nx, ns.clone())) {
                queue.push_back((nx, ns));
            }
        }
    }
    let mut merged = 0;
    for x in 0..n {
        for y in x + 1..n {
            if (0..n).all(|z| p[mul(x, z)] == p[mul(y, z)]) {
                merged += 1;
            }
        }
    }
    Verdict {
        order: n,
        wrong,
        unreached: reached.iter().filter(|r| !**r).count(),
        merged,
    }
}

/// Misère outcome of a sum of heaps (sorted), played out: P when it has a move and every
/// move leads to an N-position.
fn brute(
    w: &[usize],
    moves: &dyn Fn(usize) -> Vec<Vec<usize>>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&b) = memo.get(w) {
        return b;
    }
    let mut any = false;
    let mut p = true;
    'all: for i in 0..w.len() {
        if i > 0 && w[i] == w[i - 1] {
            continue;
        }
        for mv in moves(w[i]) {
            any = true;
            let mut v: Vec<usize> = w[..i].iter().chain(&w[i + 1..]).copied().collect();
            v.extend(mv);
            v.sort_unstable();
            if brute(&v, moves, memo) {
                p = false;
                break 'all;
            }
        }
    }
    memo.insert(w.to_vec(), any && p);
    any && p
}

/// Every sum of heaps 1..=max with at most `total` tokens.
fn sums(max: usize, total: usize) -> Vec<Vec<usize>> {
    fn go(lo: usize, max: usize, left: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(cur.clone());
        for h in lo..=max.min(left) {
            cur.push(h);
            go(h, max, left - h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(1, max, total, &mut Vec::new(), &mut out);
    out
}

/// Φ against brute force on every sum of at most `total` tokens.
fn agrees_with_play(q: &MisereQuotient, moves: &dyn Fn(usize) -> Vec<Vec<usize>>, total: usize) {
    let mut memo = HashMap::new();
    let max = q.heaps.len() - 1;
    for w in sums(max, total) {
        let x = w.iter().fold(0u32, |a, &h| {
            q.monoid.table[a as usize][q.heaps[h] as usize]
        });
        assert_eq!(
            brute(&w, moves, &mut memo),
            q.monoid.p[x as usize],
            "outcome of {w:?}"
        );
    }
}

fn quotient(code: &str, n: usize) -> MisereQuotient {
    misere_quotient(&OctalCode::parse(code).unwrap(), n, &Budget::default()).unwrap()
}

#[test]
fn kayles_quotient_is_verified_independently() {
    // Heaps 1..=80 take in every exceptional heap of Kayles (the last, 70, in normal play
    // too) and more than a period of 12 after it.
    let q = quotient("0.77", 80);
    let v = verify(&q, &kayles_moves);
    assert_eq!(v.wrong, 0, "Φ mispredicts some sum's outcome");
    assert_eq!(v.unreached, 0);
    assert_eq!(v.merged, 0, "two elements are indistinguishable");
    // So the quotient of heaps 1..=80 has exactly this many elements: 40 (not the 48 that
    // an earlier note attributed to Plambeck–Siegel; see docs/MISERE.md).
    assert_eq!(v.order, 40);
    assert_eq!(q.generators, [1, 2, 5, 9, 12, 25, 27]);
    agrees_with_play(&q, &kayles_moves, 26);
    // The single rows that are misère P-positions, by play: 1, 4, 9, 12, 20 up to 30; the
    // quotient says no other row up to 80 is one.
    let mut memo = HashMap::new();
    for h in 1..=30 {
        assert_eq!(
            brute(&[h], &kayles_moves, &mut memo),
            [1, 4, 9, 12, 20].contains(&h),
            "row {h}"
        );
    }
    let p_rows: Vec<usize> = (1..=80)
        .filter(|&h| q.monoid.p[q.heaps[h] as usize])
        .collect();
    assert_eq!(p_rows, [1, 4, 9, 12, 20]);
}

#[test]
fn kayles_quotient_is_periodic_after_the_last_exception() {
    // Kayles' pretending function repeats with period 12 (normal play's period) from heap 71
    // on, through heap 160, and the quotient stays the same 40 elements, checked
    // independently.
    let q = quotient("0.77", 160);
    let v = verify(&q, &kayles_moves);
    assert_eq!((v.wrong, v.unreached, v.merged, v.order), (0, 0, 0, 40));
    for h in 83..=160 {
        assert_eq!(q.heaps[h], q.heaps[h - 12], "heap {h}");
    }
    assert_ne!(q.heaps[70], q.heaps[58], "70 is the last exception");
}

#[test]
fn small_published_quotients_are_verified_independently() {
    // Misère Nim to heap 3: T2 = <a, b | a^2 = 1, b^3 = b>, 6 elements (Plambeck–Siegel).
    let q = quotient("0.333", 3);
    let v = verify(&q, &nim_moves);
    assert_eq!((v.wrong, v.unreached, v.merged, v.order), (0, 0, 0, 6));
    agrees_with_play(&q, &nim_moves, 12);
    // 0.75: R8, 8 elements (Plambeck, "Taming the wild", INTEGERS 5 (2005)).
    let q = quotient("0.75", 40);
    let v = verify(&q, &moves_075);
    assert_eq!((v.wrong, v.unreached, v.merged, v.order), (0, 0, 0, 8));
    agrees_with_play(&q, &moves_075, 24);
}

/// The moves of an octal or hexadecimal game read from its code by the definition (Winning
/// Ways, ch. 4; Siegel, *Combinatorial Game Theory*, IV.2; CGSuite's take-and-break codes):
/// digit d_k (k ≥ 1) is a sum of 1 (take k tokens when that is the whole heap), 2 (take k
/// leaving one heap), 4 (take k leaving two nonempty heaps) and 8 (take k leaving three
/// nonempty heaps); the digit before the point (k = 0) may have 4 (split a heap in two
/// without taking) and 8 (in three).
fn octal_moves(code: &str) -> impl Fn(usize) -> Vec<Vec<usize>> {
    let (int, frac) = code.split_once('.').expect("a code has a point");
    let mut d: Vec<usize> = vec![int
        .chars()
        .map(|c| c.to_digit(16).expect("hex") as usize)
        .sum()];
    d.extend(frac.chars().map(|c| c.to_digit(16).expect("hex") as usize));
    move |n: usize| {
        let mut out = Vec::new();
        for (k, &dk) in d.iter().enumerate().take(n + 1) {
            let rest = n - k;
            if k > 0 && dk & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if k > 0 && dk & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if dk & 4 != 0 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
            if dk & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        out.push(vec![a, b, rest - a - b]);
                    }
                }
            }
        }
        out
    }
}

/// The quotient of any take-and-break code (hexadecimal digits too) to heap n.
fn quotient_tb(code: &str, n: usize) -> Result<MisereQuotient, String> {
    let game = MisereHeapGame::TakeAndBreak(TakeAndBreak::parse(code).map_err(|e| e.to_string())?);
    misere_quotient_of(&game, n, 4096, &Budget::default()).map_err(|e| e.to_string())
}

/// Checks `q` with the independent verifier: a commutative monoid, every outcome predicted,
/// every element reached and every two told apart; returns the order.
fn verified_order(q: &MisereQuotient, moves: &dyn Fn(usize) -> Vec<Vec<usize>>) -> usize {
    let v = verify(q, moves);
    assert_eq!(v.wrong, 0, "Φ mispredicts some sum's outcome");
    assert_eq!(v.unreached, 0, "some element is not reached");
    assert_eq!(v.merged, 0, "two elements are indistinguishable");
    v.order
}

/// A small xorshift generator, so the random codes are the same on every run.
fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn random_codes_predict_every_sum_of_three_heaps() {
    // For random codes 0.d1d2d3 (and 4.d1d2d3) and heap bounds up to 12, the quotient's
    // prediction matches a brute-force misère search of every sum of at most three heaps,
    // and the independent verifier accepts it (so it is the quotient, not just a predictor).
    // A code whose quotient grows past the order bound while a split class is recalibrated
    // stops with that stated limit (issue 48 allows it); every answer given must be exact, and
    // the refusals stay a small minority.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut refused = Vec::new();
    for _ in 0..48 {
        let r = xorshift(&mut seed);
        let lead = if r.is_multiple_of(5) { "4" } else { "0" };
        let code = format!("{lead}.{}{}{}", (r >> 8) % 8, (r >> 16) % 8, (r >> 24) % 8);
        let n = 1 + ((r >> 32) % 12) as usize;
        let moves = octal_moves(&code);
        let q = match misere_quotient(&OctalCode::parse(&code).unwrap(), n, &Budget::default()) {
            Ok(q) => q,
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains("order bound"), "{code} to heap {n}: {text}");
                refused.push(format!("{code} to heap {n}"));
                continue;
            }
        };
        verified_order(&q, &moves);
        predicts_every_sum_of_three(&q, &moves, &code, n);
    }
    assert!(
        refused.len() <= 6,
        "refused past the order bound: {refused:?}"
    );
}

/// Every sum of at most three heaps up to `n` played out by brute force with `moves` has the
/// outcome the quotient `q` predicts.
fn predicts_every_sum_of_three(
    q: &MisereQuotient,
    moves: &dyn Fn(usize) -> Vec<Vec<usize>>,
    code: &str,
    n: usize,
) {
    let mut memo = HashMap::new();
    for a in 0..=n {
        for b in a..=n {
            for c in b..=n {
                let w: Vec<usize> = [a, b, c].into_iter().filter(|&x| x > 0).collect();
                let x = w.iter().fold(0u32, |acc, &h| {
                    q.monoid.table[acc as usize][q.heaps[h] as usize]
                });
                assert_eq!(
                    brute(&w, moves, &mut memo),
                    q.monoid.p[x as usize],
                    "{code} to heap {n}: outcome of {w:?}"
                );
            }
        }
    }
}

#[test]
fn quotients_where_a_heap_splits_a_class_match_the_reference_solver() {
    // Orders computed by Siegel's MisereSolver (issue 48's run of the reference solver), each
    // a quotient where a heap splits an old class; every answer checked independently.
    for (code, n, order) in [
        ("4.7", 5, 8),
        ("0.354", 4, 14),
        ("0.72", 15, 12),
        ("0.72", 30, 24),
    ] {
        let q = quotient(code, n);
        assert_eq!(
            verified_order(&q, &octal_moves(code)),
            order,
            "{code} to {n}"
        );
        agrees_with_play(&q, &octal_moves(code), 14);
    }
}

#[test]
fn random_hexadecimal_codes_predict_every_sum_of_three_heaps() {
    // As above for take-and-break codes with hexadecimal digits (bit 8: leave three heaps),
    // read by the take-and-break reader: 0.d1d2 and 8.d1 / C.d1 with digits 0..F, heaps up to
    // 12, every sum of at most three heaps played out by brute force with the moves written
    // out here, and the independent verifier.
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let hex = |v: u64| {
        char::from_digit((v % 16) as u32, 16)
            .unwrap()
            .to_ascii_uppercase()
    };
    let mut refused = Vec::new();
    for i in 0..32 {
        let r = xorshift(&mut seed);
        let code = match i % 4 {
            0 => format!("{}.{}", ["8", "C"][(r % 2) as usize], hex(r >> 8)),
            _ => format!("0.{}{}", hex(r >> 8), hex(r >> 16)),
        };
        let n = 1 + ((r >> 32) % 12) as usize;
        let moves = octal_moves(&code);
        let q = match quotient_tb(&code, n) {
            Ok(q) => q,
            Err(text) => {
                assert!(text.contains("order bound"), "{code} to heap {n}: {text}");
                refused.push(format!("{code} to heap {n}"));
                continue;
            }
        };
        verified_order(&q, &moves);
        predicts_every_sum_of_three(&q, &moves, &code, n);
    }
    assert!(
        refused.len() <= 4,
        "refused past the order bound: {refused:?}"
    );
}

#[test]
fn hexadecimal_codes_are_read_and_verified() {
    // 0.F: take one token leaving zero to three heaps; 4.F also splits a heap in two. An
    // octal code written as a take-and-break code is the same game: 0.77 through the
    // take-and-break reader gives Kayles' quotient.
    for (code, n) in [("0.F", 14), ("4.F", 10), ("0.8F", 12), ("0.F7", 12)] {
        let q = quotient_tb(code, n).unwrap();
        verified_order(&q, &octal_moves(code));
        agrees_with_play(&q, &octal_moves(code), 13);
    }
    let q = quotient_tb("0.77", 40).unwrap();
    assert_eq!(verified_order(&q, &kayles_moves), 40);
}

#[test]
fn dawsons_kayles_partial_quotients_by_heap() {
    // Dawson's Kayles (0.07): order 12 for heaps 1..=10, 24 for heaps 1..=20 to 1..=24 (the
    // reference solver's partial quotients, issue 48), each checked independently.
    for (n, order) in [(10, 12), (20, 24), (24, 24)] {
        let q = quotient("0.07", n);
        assert_eq!(verified_order(&q, &octal_moves("0.07")), order, "heap {n}");
    }
}

#[test]
fn tame_quotients_are_misere_nim_s() {
    // 0.31 and 0.52 are tame (issue 48): their quotient to heap 30 is misère Nim's T2 of order
    // 6 with the P-portion {a, b^2} of two elements.
    for code in ["0.31", "0.52"] {
        let q = quotient(code, 30);
        assert_eq!(verified_order(&q, &octal_moves(code)), 6, "{code}");
        assert_eq!(q.monoid.p.iter().filter(|&&b| b).count(), 2, "{code}");
    }
}

#[test]
fn dawsons_kayles_to_heap_25_has_order_144() {
    // The reference solver's partial quotient of Dawson's Kayles (0.07) at heap 25: 144
    // elements (issue 48), checked independently.
    let q = quotient("0.07", 25);
    assert_eq!(verified_order(&q, &octal_moves("0.07")), 144);
    agrees_with_play(&q, &octal_moves("0.07"), 20);
}

#[test]
#[ignore = "72 s in a debug build with the independent verifier; run with --release --ignored"]
fn dawsons_kayles_to_heap_33_has_order_638() {
    // Plambeck and Siegel report the partial quotient of Dawson's Kayles at heap 33: order
    // 638 with a P-portion of 109 elements.
    let q = quotient("0.07", 33);
    assert_eq!(verified_order(&q, &octal_moves("0.07")), 638);
    assert_eq!(q.monoid.p.iter().filter(|&&b| b).count(), 109);
}

#[test]
fn a_quotient_past_the_order_bound_is_a_limit_naming_the_order() {
    // 0.72 grows from 12 elements (heap 15) to 24 (heap 30): a bound of 20 stops it.
    let e = onag::misere_quotient_bounded(
        &OctalCode::parse("0.72").unwrap(),
        30,
        20,
        &Budget::default(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("reached order") && e.contains("order bound 20"),
        "{e}"
    );
}

/// One line of the reference solver's sweep (`tests/data/misere_solver_sweep.tsv`, made by
/// Siegel's MisereSolver, not by onag): the code, the last heap it finished, the order and
/// P-portion size of the quotient of heaps up to there, its CPU seconds, and whether it
/// reached heap 30 within 8 s of CPU.
struct Reference {
    code: String,
    heap: usize,
    order: usize,
    p_portion: usize,
    cpu: f64,
    done: bool,
}

/// The reference sweep, read from its data file.
fn reference_sweep() -> Vec<Reference> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/misere_solver_sweep.tsv"
    );
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 7, "line {l:?}");
            Reference {
                code: f[0].to_string(),
                heap: f[1].parse().unwrap(),
                order: f[2].parse().unwrap(),
                p_portion: f[3].parse().unwrap(),
                cpu: f[4].parse().unwrap(),
                done: match f[6] {
                    "done" => true,
                    "timeout" => false,
                    other => panic!("status {other:?} in line {l:?}"),
                },
            }
        })
        .collect::<Vec<_>>()
}

/// The codes of issue 48's sweep: every 0.d1d2 and 0.d1d2d3 (digits 0..7), trailing zeros
/// being the shorter code, in the order the reference sweep ran them.
fn sweep_codes() -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for d in 1..8 * 8 * 8 + 8 * 8 {
        let code = if d < 64 {
            format!("0.{}{}", d / 8, d % 8)
        } else {
            let e = d - 64;
            format!("0.{}{}{}", e / 64, e / 8 % 8, e % 8)
        };
        let c = OctalCode::parse(&code).unwrap().print();
        if !codes.contains(&c) {
            codes.push(c);
        }
    }
    codes
}

/// The process's CPU seconds (user + system) from /proc/self/stat, or None where there is no
/// /proc: the sweep limits each code to 8 s of CPU as the reference run did, so a loaded,
/// shared machine slows both alike instead of cutting one short.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// onag's quotient of `code` to heap `n` within `cpu` seconds of CPU (a watcher thread sets
/// the budget's cancel flag; 10× that in wall time as a backstop), with the CPU seconds used.
fn quotient_within_cpu(
    code: &str,
    n: usize,
    cpu: f64,
) -> (Result<MisereQuotient, onag::KernelError>, f64) {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let cancel = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicBool::new(false));
    let start = process_cpu_seconds().unwrap_or(0.0);
    let watcher = {
        let (cancel, finished) = (cancel.clone(), finished.clone());
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(20));
                if process_cpu_seconds().is_some_and(|c| c - start > cpu) {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
        })
    };
    let budget = Budget {
        deadline: Some(Instant::now() + Duration::from_secs_f64(cpu * 10.0)),
        cancel: Some(cancel),
        ..Budget::default()
    };
    let r = misere_quotient(&OctalCode::parse(code).unwrap(), n, &budget);
    finished.store(true, Ordering::Relaxed);
    watcher.join().unwrap();
    (r, process_cpu_seconds().unwrap_or(0.0) - start)
}

#[test]
fn quick_codes_match_the_reference_solver() {
    // Every code the reference solver (Siegel's MisereSolver, run on this machine: the data
    // file's header says how) took to heap 30 in under 0.2 s of CPU: onag's quotient has the
    // same order and the same number of P-positions. The orders are not onag's.
    let reference = reference_sweep();
    let codes = sweep_codes();
    assert!(
        reference.len() <= codes.len() && reference.iter().zip(&codes).all(|(r, c)| r.code == *c),
        "the data file's codes are issue 48's, in order"
    );
    let mut checked = 0;
    for r in reference {
        if !r.done || r.cpu >= 0.2 {
            continue;
        }
        let q = quotient(&r.code, 30);
        assert_eq!(q.monoid.order(), r.order, "order of {} to 30", r.code);
        assert_eq!(
            q.monoid.p.iter().filter(|p| **p).count(),
            r.p_portion,
            "P-portion of {} to 30",
            r.code
        );
        checked += 1;
    }
    assert!(checked >= 50, "only {checked} codes checked");
}

#[test]
#[ignore = "issue 48's sweep, about an hour in a release build; run with --release --ignored --nocapture"]
fn sweep_of_every_two_and_three_digit_octal_code() {
    // Issue 48's sweep: every code 0.d1d2 and 0.d1d2d3 (digits 0..7; trailing zeros are the
    // shorter code) to heap 30, each with 8 s of CPU and the default order bound, compared
    // code by code with the reference solver's sweep (tests/data/misere_solver_sweep.tsv).
    // Each code either gives a quotient, which the independent verifier checks and which
    // has the reference's order and P-portion size wherever the reference reached heap 30,
    // or stops at a stated limit; none is refused for a structural reason. Prints one line a
    // code (tab-separated: code, onag's answer, CPU s, the reference's) and a summary.
    let reference: HashMap<String, Reference> = reference_sweep()
        .into_iter()
        .map(|r| (r.code.clone(), r))
        .collect();
    // ONAG_SWEEP_CODES names a file of codes, one a line, to run only those (the sweep was
    // run batch by batch, alternating with the reference solver's batches).
    let codes = match std::env::var("ONAG_SWEEP_CODES") {
        Ok(file) => std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .lines()
            .map(str::to_string)
            .filter(|c| !c.is_empty())
            .collect(),
        Err(_) => sweep_codes(),
    };
    let start = std::time::Instant::now();
    let (mut answered, mut both, mut onag_only) = (0, 0, Vec::new());
    let (mut limited, mut behind, mut orders) = (Vec::new(), Vec::new(), Vec::new());
    let (mut onag_cpu, mut reference_cpu) = (0.0, 0.0);
    for code in &codes {
        let r = reference.get(code);
        let (result, cpu) = quotient_within_cpu(code, 30, 8.0);
        onag_cpu += cpu;
        reference_cpu += r.map_or(0.0, |r| r.cpu);
        let shown = result.as_ref().map_or_else(
            |e| e.to_string(),
            |q| {
                format!(
                    "order {} P {}",
                    q.monoid.order(),
                    q.monoid.p.iter().filter(|p| **p).count()
                )
            },
        );
        println!(
            "{code}\t{shown}\t{cpu:.2}\t{}",
            r.map_or("no reference line".to_string(), |r| format!(
                "{} to {} order {} P {} in {:.2} s",
                if r.done { "done" } else { "timeout" },
                r.heap,
                r.order,
                r.p_portion,
                r.cpu
            ))
        );
        match result {
            Ok(q) => {
                let order = verified_order(&q, &octal_moves(code));
                answered += 1;
                orders.push((order, code.clone()));
                match r {
                    Some(r) if r.done => {
                        both += 1;
                        assert_eq!(order, r.order, "{code}: order against the reference");
                        assert_eq!(
                            q.monoid.p.iter().filter(|p| **p).count(),
                            r.p_portion,
                            "{code}: P-portion against the reference"
                        );
                    }
                    _ => onag_only.push(code.clone()),
                }
            }
            Err(e) => {
                let text = e.to_string();
                assert!(
                    matches!(e, onag::KernelError::Limit { .. }),
                    "{code}: refused for a structural reason: {text}"
                );
                if r.is_some_and(|r| r.done) {
                    behind.push(format!(
                        "{code} (reference {:.2} s; {text})",
                        r.unwrap().cpu
                    ));
                }
                limited.push(format!("{code} ({text})"));
            }
        }
    }
    orders.sort();
    println!(
        "sweep: {} codes to heap 30 in {:.1} s wall; {answered} answered ({both} also by the \
         reference, all equal; {} by onag only), {} stopped at a limit; CPU onag {onag_cpu:.1} s, \
         reference {reference_cpu:.1} s (within its 8 s a code); largest orders {:?}",
        codes.len(),
        start.elapsed().as_secs_f64(),
        onag_only.len(),
        limited.len(),
        &orders[orders.len().saturating_sub(8)..]
    );
    println!("answered by onag only: {onag_only:?}");
    println!(
        "answered by the reference within 8 s, not by onag: {}",
        behind.len()
    );
    for b in &behind {
        println!("  behind: {b}");
    }
    for l in &limited {
        println!("  limit: {l}");
    }
}
