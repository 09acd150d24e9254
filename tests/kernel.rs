//! Kernel tests against independent sources: an explicit-form game type with the definitional
//! order (seed 002 Definition 2.5), known counts of games born by each day, and worked values
//! from the seeds.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use onag::{Dyadic, Nimber, Pebble, Term};
use onag::{GameId, Kernel, KernelError, OutcomeClass as Outcome, Relation};
use proptest::prelude::*;

mod common;
use common::{days, next_day, Ex};

// ---------------------------------------------------------------------------------------------
// Term helpers.

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}
fn num(s: &str) -> Term {
    Term::number(d(s))
}
fn star(k: u64) -> Term {
    Term::nimber(Nimber::from(k))
}
fn up(n: i64) -> Term {
    Term::up(BigInt::from(n))
}
fn nus(x: &str, u: i64, k: u64) -> Term {
    Term::Nus {
        number: d(x),
        up: BigInt::from(u),
        nim: Nimber::from(k),
    }
}
fn g(l: Vec<Term>, r: Vec<Term>) -> Term {
    Term::game(l, r)
}
fn ev(k: &mut Kernel, t: &Term) -> GameId {
    k.eval(t).unwrap()
}
fn same(k: &mut Kernel, a: &Term, b: &Term) {
    let x = ev(k, a);
    let y = ev(k, b);
    assert_eq!(
        x,
        y,
        "{a:?} and {b:?} should be equal: got {:?} and {:?}",
        k.to_term(x),
        k.to_term(y)
    );
}

#[test]
fn day_counts() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let counts: Vec<usize> = ds.iter().map(Vec::len).collect();
    assert_eq!(counts, vec![1, 4, 22, 1474]);
}

/// Every ordered pair of day-3 games (2,172,676 pairs): the kernel's relation against the
/// definitional order on the explicit canonical trees. Also checks that each raw `{L|R}` built
/// from day-2 antichains is definitionally equal to what the kernel made of it.
#[test]
fn day3_all_pairs_against_definition() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let (day3, built) = next_day(&mut k, &ds[2]);
    assert_eq!(day3.len(), 1474);
    let mut ex = Ex::default();
    let xs: Vec<usize> = day3.iter().map(|&g| ex.of_kernel(&mut k, g)).collect();
    // A dense memo for the definitional order: every node is a day ≤ 3 canonical form.
    let n = ex.nodes.len();
    let mut memo = vec![0u8; n * n];
    fn le(ex: &Ex, memo: &mut [u8], n: usize, g: usize, h: usize) -> bool {
        match memo[g * n + h] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let b = !ex.nodes[g].0.iter().any(|&x| le(ex, memo, n, h, x))
            && !ex.nodes[h].1.iter().any(|&y| le(ex, memo, n, y, g));
        memo[g * n + h] = if b { 2 } else { 1 };
        b
    }
    let mut tally = [0usize; 4];
    for (i, &a) in day3.iter().enumerate() {
        for (j, &b) in day3.iter().enumerate() {
            let ab = le(&ex, &mut memo, n, xs[i], xs[j]);
            let ba = le(&ex, &mut memo, n, xs[j], xs[i]);
            let want = match (ab, ba) {
                (true, true) => Relation::Equal,
                (true, false) => Relation::Less,
                (false, true) => Relation::Greater,
                (false, false) => Relation::Fuzzy,
            };
            let got = k.compare(a, b).unwrap();
            assert_eq!(got, want, "{:?} vs {:?}", k.to_term(a), k.to_term(b));
            assert_eq!(
                got == Relation::Equal,
                i == j,
                "distinct ids must be distinct values"
            );
            tally[got as usize] += 1;
        }
    }
    assert_eq!(tally.iter().sum::<usize>(), 1474 * 1474);
    // Raw games from antichains, against their canonical forms.
    let mut ex2 = Ex::default();
    for (l, r, g) in built.iter().step_by(7) {
        let l: Vec<usize> = l.iter().map(|&x| ex2.of_kernel(&mut k, x)).collect();
        let r: Vec<usize> = r.iter().map(|&x| ex2.of_kernel(&mut k, x)).collect();
        let raw = ex2.make(l, r);
        let canon = ex2.of_kernel(&mut k, *g);
        assert!(ex2.eq(raw, canon));
    }
}

/// The order's shortcuts (stops read when a game is interned, `LS(a) < RS(b)` settling a < b,
/// the dense memo) against the definitional order, on hot games whose stops are far apart,
/// equal, or interleaved: switches, their sums, tinies and number-up-star values.
#[test]
fn hot_games_order_against_definition() {
    let mut k = Kernel::new();
    let xs = ["-5/2", "-1", "-1/2", "0", "1/4", "1", "2"];
    let mut terms: Vec<Term> = Vec::new();
    for a in xs {
        for b in xs {
            terms.push(g(vec![num(a)], vec![num(b)]));
        }
    }
    let switches: Vec<Term> = terms.iter().step_by(5).cloned().collect();
    for (i, a) in switches.iter().enumerate() {
        for b in &switches[i..] {
            terms.push(Term::sum(a.clone(), b.clone()));
        }
    }
    for j in 1..=3 {
        terms.push(g(
            vec![num("0")],
            vec![g(vec![num("0")], vec![Term::integer(-j)])],
        ));
        terms.push(Term::sum(
            nus("1/2", j, 1),
            g(vec![num("1")], vec![num("-1")]),
        ));
    }
    terms.extend([
        up(1),
        up(-2),
        star(1),
        star(2),
        nus("1", 1, 1),
        nus("-1/2", 0, 3),
    ]);
    let ids: Vec<GameId> = terms.iter().map(|t| ev(&mut k, t)).collect();
    let mut ex = Ex::default();
    let xs: Vec<usize> = ids.iter().map(|&g| ex.of_kernel(&mut k, g)).collect();
    let mut tally = [0usize; 2];
    for (i, &a) in ids.iter().enumerate() {
        for (j, &b) in ids.iter().enumerate() {
            let want = ex.le(xs[i], xs[j]);
            assert_eq!(
                k.le(a, b).unwrap(),
                want,
                "{:?} <= {:?}",
                terms[i],
                terms[j]
            );
            tally[usize::from(want)] += 1;
        }
        // Just above the left stop is above the game, just below the right stop below it, by
        // the definition on explicit trees.
        let (ls, rs) = (k.left_stop(a), k.right_stop(a));
        let above = k.number(&(&ls + &Dyadic::new(BigInt::one(), 6)));
        let below = k.number(&(&rs - &Dyadic::new(BigInt::one(), 6)));
        let (xa, xb) = (ex.of_kernel(&mut k, above), ex.of_kernel(&mut k, below));
        assert!(ex.le(xs[i], xa) && !ex.le(xa, xs[i]));
        assert!(ex.le(xb, xs[i]) && !ex.le(xs[i], xb));
        assert!(k.le(a, above).unwrap() && !k.le(above, a).unwrap());
        assert!(k.le(below, a).unwrap() && !k.le(a, below).unwrap());
    }
    // Both answers occur often, so neither shortcut is tested on one side only.
    assert!(tally[0] > 1000 && tally[1] > 1000, "{tally:?}");
}

#[test]
fn seed_examples() {
    let mut k = Kernel::new();
    same(
        &mut k,
        &g(vec![num("0"), num("1")], vec![num("2")]),
        &num("3/2"),
    );
    same(&mut k, &g(vec![num("0")], vec![num("5")]), &num("1"));
    let s4 = g(vec![star(1), star(4)], vec![star(1), star(4)]);
    same(&mut k, &g(vec![num("-5")], vec![num("0"), s4]), &num("-1"));
    let ss = g(vec![star(1)], vec![star(1)]);
    same(
        &mut k,
        &g(
            vec![ss.clone(), star(1), star(3)],
            vec![ss, star(1), star(3)],
        ),
        &star(2),
    );
    same(
        &mut k,
        &g(
            vec![num("0"), num("-7")],
            vec![num("1"), num("3/2"), num("3/4")],
        ),
        &num("1/2"),
    );
    same(
        &mut k,
        &g(vec![num("0"), star(1)], vec![num("0"), star(1)]),
        &star(2),
    );
    same(
        &mut k,
        &g(vec![num("0"), star(5)], vec![num("0"), star(5)]),
        &star(1),
    );
    // ↑ + ↑ = {0 | ↑*}, ↑ + ↑ + * = {0 | ↑}.
    same(
        &mut k,
        &Term::sum(up(1), up(1)),
        &g(vec![num("0")], vec![nus("0", 1, 1)]),
    );
    same(
        &mut k,
        &Term::sum(Term::sum(up(1), up(1)), star(1)),
        &g(vec![num("0")], vec![up(1)]),
    );
    // {2|1} + 1/2 = {5/2 | 3/2}.
    same(
        &mut k,
        &Term::sum(g(vec![num("2")], vec![num("1")]), num("1/2")),
        &g(vec![num("5/2")], vec![num("3/2")]),
    );
    // ↑ = {0|*}, ↑* = {0,*|0}, ⇑ and ⇑* as in the closed forms.
    same(&mut k, &g(vec![num("0")], vec![star(1)]), &up(1));
    same(
        &mut k,
        &g(vec![num("0"), star(1)], vec![num("0")]),
        &nus("0", 1, 1),
    );
}

fn row(s: &str) -> Term {
    Term::Hackenstring(
        s.chars()
            .map(|c| match c {
                'L' | 'A' => Pebble::Left,
                'R' | 'B' => Pebble::Right,
                _ => Pebble::Neutral,
            })
            .collect(),
    )
}

#[test]
fn hackenstrings() {
    let mut k = Kernel::new();
    for (r, v) in [
        ("LR", "1/2"),
        ("LRR", "1/4"),
        ("LLR", "3/2"),
        ("LRL", "3/4"),
        ("BAAB", "-3/8"),
        ("", "0"),
    ] {
        same(&mut k, &row(r), &num(v));
    }
    // Seed 001's first worked position, A = Left, B = Right.
    let rows = ["ABBABBABBA", "BAABABBAB", "AAAA", "BBBABBB", "B"];
    let total = rows.iter().map(|r| row(r)).reduce(Term::sum).unwrap();
    same(&mut k, &total, &num("-3/512"));
    // Neutral pebbles: E = *, E + E = 0, EL + E > 0 (seed 001: C A + C is a win for Left).
    same(&mut k, &row("E"), &star(1));
    same(&mut k, &Term::sum(row("E"), row("E")), &num("0"));
    let p = ev(&mut k, &Term::sum(row("EL"), row("E")));
    assert_eq!(k.outcome(p).unwrap(), Outcome::L);
    // Rows with neutral pebbles against their explicit definition.
    let mut ex = Ex::default();
    for r in ["EL", "LE", "ERL", "LRE", "EEL", "RELE", "LLER"] {
        let g = ev(&mut k, &row(r));
        let explicit = explicit_row(&mut ex, r);
        let canon = ex.of_kernel(&mut k, g);
        assert!(ex.eq(explicit, canon), "row {r}");
    }
}

/// The longest neutral-pebble row the kernel builds, and one past it.
#[test]
fn long_neutral_rows() {
    let mut k = Kernel::new();
    let r: String = "LERRELEELRRE".chars().cycle().take(256).collect();
    let start = std::time::Instant::now();
    let x = ev(&mut k, &row(&r));
    assert!(start.elapsed().as_secs_f64() < 20.0);
    assert!(k.birthday(x) <= BigInt::from(256));
    let r: String = "E".repeat(257);
    assert!(matches!(
        k.eval(&row(&r)),
        Err(KernelError::TooLarge { .. })
    ));
    // All-coloured rows are numbers by sign expansion, at any length.
    let r: String = "L".repeat(100_000);
    let x = ev(&mut k, &row(&r));
    assert_eq!(k.as_number(x), Some(Dyadic::from(100_000)));
}

fn explicit_row(ex: &mut Ex, r: &str) -> usize {
    let cs: Vec<char> = r.chars().collect();
    let mut l = vec![];
    let mut rr = vec![];
    for (j, &c) in cs.iter().enumerate() {
        let p: String = cs[..j].iter().collect();
        let v = explicit_row(ex, &p);
        if c != 'R' {
            l.push(v);
        }
        if c != 'L' {
            rr.push(v);
        }
    }
    ex.make(l, rr)
}

/// The explicit number by its Hackenstring row (seed 001's rule, via the sign expansion).
fn explicit_number(ex: &mut Ex, x: &Dyadic) -> usize {
    let signs = x.sign_expansion(64).unwrap();
    let r: String = signs
        .iter()
        .map(|s| if *s == onag::Sign::Plus { 'L' } else { 'R' })
        .collect();
    explicit_row(ex, &r)
}

/// `x + n·↑ + *k` summed explicitly from ↑ = {0|*}, *k = {*j | *j} and x.
fn explicit_nus(ex: &mut Ex, x: &Dyadic, n: i64, k: usize) -> usize {
    let z = ex.zero();
    let s1 = ex.star(1);
    let upg = ex.make(vec![z], vec![s1]);
    let unit = if n >= 0 { upg } else { ex.neg(upg) };
    let mut acc = explicit_number(ex, x);
    for _ in 0..n.abs() {
        acc = ex.add(acc, unit);
    }
    let s = ex.star(k);
    ex.add(acc, s)
}

/// The closed-form options and birthdays of `x + n·↑ + *k` against explicit sums, and general
/// construction (sums of explicit `{0|*}` terms) landing on the closed-form id.
#[test]
fn closed_forms_match_construction() {
    let mut k = Kernel::new();
    let mut ex = Ex::default();
    let up_term = g(vec![num("0")], vec![g(vec![num("0")], vec![num("0")])]);
    for x in ["0", "1", "-1/2", "5/4"] {
        for n in -4i64..=4 {
            for s in 0u64..=5 {
                let id = ev(&mut k, &nus(x, n, s));
                let canon = ex.of_kernel(&mut k, id);
                let explicit = explicit_nus(&mut ex, &d(x), n, s as usize);
                assert!(ex.eq(canon, explicit), "options of {x} + {n}↑ + *{s}");
                assert_eq!(
                    k.birthday(id),
                    BigInt::from(ex.birthday(canon)),
                    "birthday of {x}+{n}↑*{s}"
                );
                // Build by general construction from explicit games.
                let mut t = num(x);
                let unit = if n >= 0 {
                    up_term.clone()
                } else {
                    Term::neg(up_term.clone())
                };
                for _ in 0..n.abs() {
                    t = Term::sum(t, unit.clone());
                }
                let mut st;
                // *s written out as {0,*,…,*(s−1) | same}, with the options as explicit games too.
                let mut stars: Vec<Term> = Vec::new();
                for _ in 0..s {
                    st = g(stars.clone(), stars.clone());
                    stars.push(st.clone());
                }
                let st = g(stars.clone(), stars);
                t = Term::sum(t, st);
                assert_eq!(ev(&mut k, &t), id, "{x} + {n}↑ + *{s} by construction");
                // Idempotence: the canonical options give back the same id.
                let l = k.left_options(id).unwrap();
                let r = k.right_options(id).unwrap();
                assert_eq!(k.from_options(&l, &r).unwrap(), id);
            }
        }
    }
}

#[test]
fn huge_values_stay_exact() {
    let mut k = Kernel::new();
    let a = k.number(&Dyadic::new(BigInt::one(), 31));
    let b = k.number(&Dyadic::integer(BigInt::one() << 40u32));
    let s = k.add(a, b).unwrap();
    assert_eq!(
        k.as_number(s),
        Some(Dyadic::new((BigInt::one() << 71u32) + 1, 31))
    );
    // ^2147483647 + ^ = ^2147483648.
    let u = ev(&mut k, &Term::sum(up(2147483647), up(1)));
    assert_eq!(
        k.as_nus(u),
        Some((Dyadic::zero(), BigInt::from(2147483648u64), Nimber::zero()))
    );
    // ^1000000 + * and its birthday, without expansion.
    let u = ev(&mut k, &Term::sum(up(1_000_000), star(1)));
    assert_eq!(k.birthday(u), BigInt::from(1_000_001));
    let ul = k.left_options(u).unwrap();
    assert_eq!(ul, vec![k.zero()]);
    // 10,000-digit integers.
    let big = BigInt::from(10u32).pow(9999);
    let x = k.number(&Dyadic::integer(big.clone()));
    let y = k.number(&Dyadic::integer(-&big + 1));
    let s = k.add(x, y).unwrap();
    assert_eq!(s, k.number(&Dyadic::from(1)));
    assert_eq!(k.birthday(x), big);
    assert!(k.le(y, x).unwrap());
    let sw = ev(&mut k, &g(vec![num("1")], vec![num("-1")]));
    let xs = k.add(x, sw).unwrap();
    assert_eq!(k.left_stop(xs), Dyadic::integer(&big + 1));
    assert_eq!(k.compare(xs, x).unwrap(), Relation::Fuzzy);
    // 2^-4000 and its neighbours.
    let tiny = k.number(&Dyadic::new(BigInt::one(), 4000));
    assert_eq!(k.birthday(tiny), BigInt::from(4001));
    let t2 = k.add(tiny, tiny).unwrap();
    assert_eq!(k.as_number(t2), Some(Dyadic::new(BigInt::one(), 3999)));
    let gg = k.from_options(&[k.zero()], &[tiny]).unwrap();
    assert_eq!(k.as_number(gg), Some(Dyadic::new(BigInt::one(), 4001)));
    // * of a 1000-bit number: exact arithmetic, refused expansion.
    let n1000 = Nimber::new(BigUint::one() << 1000u32);
    let s = k.nus(&Dyadic::zero(), &BigInt::zero(), &n1000);
    assert_eq!(k.as_nimber(s), Some(n1000.clone()));
    assert_eq!(k.add(s, s).unwrap(), k.zero());
    assert_eq!(k.outcome(s).unwrap(), Outcome::N);
    assert!(matches!(
        k.left_options(s),
        Err(KernelError::TooManyOptions { .. })
    ));
    assert!(matches!(
        k.add(s, sw),
        Err(KernelError::TooManyOptions { .. })
    ));
    // Options that are nimbers with equal mex on both sides need no expansion.
    let z = k.zero();
    assert_eq!(k.from_options(&[s], &[s]).unwrap(), z);
    let s1 = ev(&mut k, &star(1));
    let s2 = ev(&mut k, &star(2));
    let s3 = ev(&mut k, &star(3));
    assert_eq!(k.from_options(&[z, s, s1], &[s, z, s1]).unwrap(), s2);
    assert_eq!(k.from_options(&[z, s2], &[z, s3]).unwrap(), s1);
    // Unequal mex with a huge nimber option must open it up: refused, not wrong.
    assert!(matches!(
        k.from_options(&[z, s], &[s, z, s1]),
        Err(KernelError::TooManyOptions { .. })
    ));
    // {0, *2 | 0, *3} = * checked against the definition on explicit forms.
    let mut ex = Ex::default();
    let (ez, e2, e3, e1) = (ex.zero(), ex.star(2), ex.star(3), ex.star(1));
    let xe = ex.make(vec![ez, e2], vec![ez, e3]);
    assert!(ex.eq(xe, e1));
    // Multiples: closed form for number-up-star, refused for absurd counts of others.
    let m = ev(
        &mut k,
        &Term::Multiple {
            count: BigInt::from(10u32).pow(30),
            game: Box::new(nus("1/2", 1, 3)),
        },
    );
    assert_eq!(
        k.as_nus(m),
        Some((
            Dyadic::integer(BigInt::from(10u32).pow(30)).half(),
            BigInt::from(10u32).pow(30),
            Nimber::zero()
        ))
    );
    let m = k.eval(&Term::Multiple {
        count: BigInt::from(10u32).pow(30),
        game: Box::new(g(vec![num("1")], vec![num("-1")])),
    });
    assert!(matches!(m, Err(KernelError::TooLarge { .. })));
    let m = ev(
        &mut k,
        &Term::Multiple {
            count: BigInt::from(-5),
            game: Box::new(g(vec![num("2")], vec![num("1")])),
        },
    );
    // 5·{2|1} = {8|7} (4 + 4·{1/2 | -1/2}... by hand: {2|1} = 3/2 ± 1/2, and the ±1/2 parts
    // of an odd number of copies leave one), and -5·{2|1} is its negative.
    let five = ev(
        &mut k,
        &Term::Multiple {
            count: BigInt::from(5),
            game: Box::new(g(vec![num("2")], vec![num("1")])),
        },
    );
    assert_eq!(k.neg(five), m);
    let f = ev(&mut k, &g(vec![num("8")], vec![num("7")]));
    assert_eq!(five, f);
}

#[test]
fn deep_terms_do_not_overflow() {
    let mut t = num("0");
    for _ in 0..3000 {
        t = g(vec![t], vec![]);
    }
    let mut k = Kernel::new();
    let x = ev(&mut k, &t);
    assert_eq!(k.as_number(x), Some(Dyadic::from(3000)));
    let mut t = num("0");
    for _ in 0..3000 {
        t = Term::neg(Term::sum(t, up(1)));
    }
    let x = ev(&mut k, &t);
    assert_eq!(
        k.as_nus(x),
        Some((Dyadic::zero(), BigInt::zero(), Nimber::zero()))
    );
    std::mem::forget(t);
    // A deep game that stays deep: t_k = {k | t_(k-1)}, a nest of 1000 switches.
    let mut t = num("0");
    for i in 1..=1000 {
        t = g(vec![Term::integer(i)], vec![t]);
    }
    let x = ev(&mut k, &t);
    // b(t_k) = max(k, b(t_(k-1))) + 1 = k + 1: nothing reduces.
    assert_eq!(k.birthday(x), BigInt::from(1001));
    // Comparisons and negation walk the whole depth.
    // Right's move to t_(k-1) is answered by Left's move to k-1 > 0, so t_k > 0 for k ≥ 2.
    assert_eq!(k.outcome(x).unwrap(), Outcome::L);
    let nx = k.neg(x);
    assert_eq!(k.compare(x, nx).unwrap(), Relation::Greater);
    let two = k.number(&Dyadic::from(2));
    let y = k.add(x, two).unwrap();
    assert_eq!(k.left_stop(y), Dyadic::from(1002));
    std::mem::forget(t); // a deep Box chain: dropping it recursively is the test's cost, not the kernel's
}

#[test]
fn sugar_in_to_term() {
    let mut k = Kernel::new();
    // ± for switches, but not for a number plus a switch.
    let x = ev(&mut k, &g(vec![num("1")], vec![num("-1")]));
    assert_eq!(k.to_term(x), Term::PlusMinus(vec![num("1")]));
    let x = ev(&mut k, &g(vec![num("4")], vec![num("2")]));
    assert_eq!(k.to_term(x), g(vec![num("4")], vec![num("2")]));
    let x = ev(
        &mut k,
        &Term::PlusMinus(vec![num("2"), g(vec![num("4")], vec![num("0")])]),
    );
    assert_eq!(
        k.to_term(x),
        Term::PlusMinus(vec![num("2"), g(vec![num("4")], vec![num("0")])])
    );
    // Tiny and Miny: {0 || 0 | -3/2} = Tiny(3/2), 3 + Tiny({3|1}).
    let x = ev(
        &mut k,
        &g(vec![num("0")], vec![g(vec![num("0")], vec![num("-3/2")])]),
    );
    assert_eq!(
        k.to_term(x),
        Term::Tiny {
            number: d("0"),
            sub: Box::new(num("3/2"))
        }
    );
    let t = Term::Tiny {
        number: d("3"),
        sub: Box::new(g(vec![num("3")], vec![num("1")])),
    };
    let x = ev(&mut k, &t);
    assert_eq!(k.to_term(x), t);
    let m = Term::Miny {
        number: d("-1/2"),
        sub: Box::new(num("2")),
    };
    let x = ev(&mut k, &m);
    assert_eq!(k.to_term(x), m);
    assert_eq!(
        k.neg(x),
        ev(
            &mut k,
            &Term::Tiny {
                number: d("1/2"),
                sub: Box::new(num("2"))
            }
        )
    );
    // Deterministic order: numbers by value, then nimbers, then ups, then others.
    let x = ev(
        &mut k,
        &g(
            vec![g(vec![num("3")], vec![num("-1")]), nus("0", 1, 1), num("0")],
            vec![num("-5")],
        ),
    );
    let t = k.to_term(x);
    let want = g(
        vec![num("0"), nus("0", 1, 1), g(vec![num("3")], vec![num("-1")])],
        vec![num("-5")],
    );
    assert_eq!(t, want);
    // Round trip: every day-3 value prints to a term that evaluates back to it.
    let ds = days(&mut k);
    for &g3 in &ds[3] {
        let t = k.to_term(g3);
        assert_eq!(ev(&mut k, &t), g3, "{t:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Property tests on random small terms.

fn leaf() -> impl Strategy<Value = Term> {
    (-4i64..=4, 0u64..=2, -2i64..=2, 0u64..=3).prop_map(|(n, e, u, k)| Term::Nus {
        number: Dyadic::new(BigInt::from(n), e),
        up: BigInt::from(u),
        nim: Nimber::from(k),
    })
}

fn term() -> impl Strategy<Value = Term> {
    terms(leaf(), 12)
}

/// Smaller leaves and trees, for tests that also evaluate the term explicitly (explicit sums grow
/// as the product of their parts).
fn small_term() -> impl Strategy<Value = Term> {
    let leaf = (-2i64..=2, 0u64..=1, -1i64..=1, 0u64..=2).prop_map(|(n, e, u, k)| Term::Nus {
        number: Dyadic::new(BigInt::from(n), e),
        up: BigInt::from(u),
        nim: Nimber::from(k),
    });
    terms(leaf, 7)
}

/// All-small terms (every follower has options for both players or for neither): leaves
/// 0, ±↑, *, *2 and their neighbours, games with options on both sides, sums and negatives.
/// Their stops are all 0, so the kernel's order among them comes from signatures, the memo
/// and the recursion, never from stops.
fn all_small_term() -> impl Strategy<Value = Term> {
    let leaf = (-1i64..=1, 0u64..=2).prop_map(|(u, k)| nus("0", u, k));
    terms_with_options(leaf, 12, 1..4)
}

fn terms(leaf: impl Strategy<Value = Term> + 'static, size: u32) -> impl Strategy<Value = Term> {
    terms_with_options(leaf, size, 0..3)
}

/// Games over `leaf` (options on each side as many as `options` allows), sums and negatives.
fn terms_with_options(
    leaf: impl Strategy<Value = Term> + 'static,
    size: u32,
    options: std::ops::Range<usize>,
) -> impl Strategy<Value = Term> {
    leaf.prop_recursive(3, size, 3, move |inner| {
        prop_oneof![
            (
                prop::collection::vec(inner.clone(), options.clone()),
                prop::collection::vec(inner.clone(), options.clone())
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            inner.prop_map(Term::neg),
        ]
    })
}

/// The term evaluated explicitly, with no reductions at all.
fn explicit_term(ex: &mut Ex, t: &Term) -> usize {
    match t {
        Term::Nus { number, up, nim } => {
            let u: i64 = up.try_into().unwrap();
            let k = nim.to_u64().unwrap() as usize;
            explicit_nus(ex, number, u, k)
        }
        Term::Game { left, right } => {
            let l = left.iter().map(|x| explicit_term(ex, x)).collect();
            let r = right.iter().map(|x| explicit_term(ex, x)).collect();
            ex.make(l, r)
        }
        Term::Sum(a, b) => {
            let a = explicit_term(ex, a);
            let b = explicit_term(ex, b);
            ex.add(a, b)
        }
        Term::Neg(a) => {
            let a = explicit_term(ex, a);
            ex.neg(a)
        }
        _ => unreachable!("not generated"),
    }
}

/// The canonical form of `{l | r}` by the definitions alone (seed 002 Definitions 2.18–2.25),
/// on explicit trees: a dominated option deleted or a reversible one bypassed, one at a time,
/// until neither applies. No stops, signatures, ranks or memo of the kernel: only `Ex::le`.
fn plain_canonical(ex: &mut Ex, mut l: Vec<usize>, mut r: Vec<usize>) -> (Vec<usize>, Vec<usize>) {
    loop {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        // Options are canonical trees, so equal values are the same tree (deduplicated above):
        // a ≤ b between two of them is domination.
        let dominated = |ex: &mut Ex, xs: &[usize], left: bool| {
            (0..xs.len()).find(|&i| {
                (0..xs.len()).any(|j| {
                    j != i
                        && if left {
                            ex.le(xs[i], xs[j])
                        } else {
                            ex.le(xs[j], xs[i])
                        }
                })
            })
        };
        if let Some(i) = dominated(ex, &l, true) {
            l.remove(i);
            continue;
        }
        if let Some(i) = dominated(ex, &r, false) {
            r.remove(i);
            continue;
        }
        let g = ex.make(l.clone(), r.clone());
        // A Left option a with some a^R ≤ G is replaced by that a^R's Left options.
        let reversible_left = l.iter().enumerate().find_map(|(i, &a)| {
            let ars = ex.nodes[a].1.clone();
            ars.into_iter().find(|&ar| ex.le(ar, g)).map(|ar| (i, ar))
        });
        if let Some((i, ar)) = reversible_left {
            l.remove(i);
            l.extend(ex.nodes[ar].0.clone());
            continue;
        }
        let reversible_right = r.iter().enumerate().find_map(|(i, &b)| {
            let bls = ex.nodes[b].0.clone();
            bls.into_iter().find(|&bl| ex.le(g, bl)).map(|bl| (i, bl))
        });
        if let Some((i, bl)) = reversible_right {
            r.remove(i);
            r.extend(ex.nodes[bl].1.clone());
            continue;
        }
        return (l, r);
    }
}

/// `from_options` on lists of kernel games against [`plain_canonical`] on their explicit
/// trees: the kernel's canonical form, opened up, must be exactly the plain pass's.
fn canonical_matches_definition(ls: &[Term], rs: &[Term]) -> Result<(), TestCaseError> {
    let mut k = Kernel::new();
    let mut ex = Ex {
        budget: 20_000,
        ..Ex::default()
    };
    ex.zero();
    let l: Vec<GameId> = ls.iter().map(|t| ev(&mut k, t)).collect();
    let r: Vec<GameId> = rs.iter().map(|t| ev(&mut k, t)).collect();
    let g = k.from_options(&l, &r).unwrap();
    let xl: Vec<usize> = l.iter().map(|&x| ex.of_kernel(&mut k, x)).collect();
    let xr: Vec<usize> = r.iter().map(|&x| ex.of_kernel(&mut k, x)).collect();
    let xg = ex.of_kernel(&mut k, g);
    prop_assume!(!ex.over);
    let (pl, pr) = plain_canonical(&mut ex, xl, xr);
    prop_assume!(!ex.over);
    prop_assert_eq!(&ex.nodes[xg], &(pl, pr));
    Ok(())
}

proptest! {
    // A fixed seed keeps the run time and the cases the same from run to run.
    #![proptest_config(ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(20261121),
        ..ProptestConfig::default()
    })]

    #[test]
    fn group_laws(a in term(), b in term(), c in term()) {
        let mut k = Kernel::new();
        let (a, b, c) = (ev(&mut k, &a), ev(&mut k, &b), ev(&mut k, &c));
        let ab = k.add(a, b).unwrap();
        let ab_c = k.add(ab, c).unwrap();
        let bc = k.add(b, c).unwrap();
        let a_bc = k.add(a, bc).unwrap();
        prop_assert_eq!(ab_c, a_bc);
        prop_assert_eq!(ab, k.add(b, a).unwrap());
        prop_assert_eq!(k.add(a, k.zero()).unwrap(), a);
        let na = k.neg(a);
        prop_assert_eq!(k.add(a, na).unwrap(), k.zero());
        prop_assert_eq!(k.neg(na), a);
    }

    #[test]
    fn order_matches_definition(a in small_term(), b in small_term()) {
        let mut k = Kernel::new();
        // Explicit sums grow multiplicatively: skip the rare term whose explicit tree is huge.
        let mut ex = Ex { budget: 20_000, ..Ex::default() };
        ex.zero();
        let (ga, gb) = (ev(&mut k, &a), ev(&mut k, &b));
        let (xa, xb) = (explicit_term(&mut ex, &a), explicit_term(&mut ex, &b));
        prop_assume!(!ex.over);
        prop_assert_eq!(k.le(ga, gb).unwrap(), ex.le(xa, xb));
        prop_assert_eq!(k.le(gb, ga).unwrap(), ex.le(xb, xa));
        // The canonical form is definitionally equal to the term it came from.
        let ca = ex.of_kernel(&mut k, ga);
        prop_assert!(ex.eq(ca, xa));
    }

    /// Several all-small games in one kernel, every ordered pair against the definition on
    /// explicit trees: the questions share the memo, so an answer read first (signature,
    /// memo) before any recursion (`le_by_options`, `undominated`) is checked on pairs whose
    /// earlier questions filled it.
    #[test]
    fn all_small_order_matches_definition(ts in prop::collection::vec(all_small_term(), 2..6)) {
        let mut k = Kernel::new();
        let mut ex = Ex { budget: 20_000, ..Ex::default() };
        ex.zero();
        let gs: Vec<GameId> = ts.iter().map(|t| ev(&mut k, t)).collect();
        let xs: Vec<usize> = ts.iter().map(|t| explicit_term(&mut ex, t)).collect();
        prop_assume!(!ex.over);
        for (&ga, &xa) in gs.iter().zip(&xs) {
            prop_assert_eq!(k.left_stop(ga), Dyadic::zero());
            prop_assert_eq!(k.right_stop(ga), Dyadic::zero());
            for (&gb, &xb) in gs.iter().zip(&xs) {
                prop_assert_eq!(k.le(ga, gb).unwrap(), ex.le(xa, xb));
            }
            let ca = ex.of_kernel(&mut k, ga);
            prop_assert!(ex.eq(ca, xa));
        }
    }

    /// The dominance pass (ranked options, the survivors' ranks sparing questions) and the
    /// reversibility tests (G's stops and signature settling them at every depth) against the
    /// definitions, among all-small options: stops all 0, so the ranks are signature heights
    /// and most questions reach the memo and the recursion.
    #[test]
    fn all_small_canonical_forms_match_definition(
        ls in prop::collection::vec(all_small_term(), 0..6),
        rs in prop::collection::vec(all_small_term(), 0..6),
    ) {
        canonical_matches_definition(&ls, &rs)?;
    }

    /// As above with numbers, switches and ups among the options: stops tell many options
    /// apart, and a game of numbers is recognised as a number.
    #[test]
    fn canonical_forms_match_definition(
        ls in prop::collection::vec(small_term(), 0..6),
        rs in prop::collection::vec(small_term(), 0..6),
    ) {
        canonical_matches_definition(&ls, &rs)?;
    }

    #[test]
    fn construction_is_idempotent_and_round_trips(a in term()) {
        let mut k = Kernel::new();
        let g = ev(&mut k, &a);
        let l = k.left_options(g).unwrap();
        let r = k.right_options(g).unwrap();
        prop_assert_eq!(k.from_options(&l, &r).unwrap(), g);
        let t = k.to_term(g);
        prop_assert_eq!(ev(&mut k, &t), g);
    }

    #[test]
    fn outcome_and_stops(a in term()) {
        let mut k = Kernel::new();
        let g = ev(&mut k, &a);
        let want = match k.compare(g, k.zero()).unwrap() {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Fuzzy => Outcome::N,
        };
        prop_assert_eq!(k.outcome(g).unwrap(), want);
        let (ls, rs) = (k.left_stop(g), k.right_stop(g));
        prop_assert!(ls >= rs);
        if let Some(x) = k.as_number(g) {
            prop_assert_eq!(&ls, &x);
            prop_assert_eq!(&rs, &x);
        }
        // A game whose right stop exceeds x is above x; one whose left stop is below x is below.
        let below = k.number(&(&rs - &Dyadic::new(BigInt::one(), 3)));
        let above = k.number(&(&ls + &Dyadic::new(BigInt::one(), 3)));
        prop_assert_eq!(k.compare(g, below).unwrap(), Relation::Greater);
        prop_assert_eq!(k.compare(g, above).unwrap(), Relation::Less);
        let mut ex = Ex::default();
        let xg = ex.of_kernel(&mut k, g);
        prop_assert_eq!(k.birthday(g), BigInt::from(ex.birthday(xg)));
    }
}
