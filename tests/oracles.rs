//! Independent oracles (issue 6, part 2): each value the library computes is recomputed here by
//! a route that shares no code with it.
//!
//! * Nimbers wider than the machine-word paths `tests/number/nimbers.rs` covers (256 and 512 bits):
//!   products, inverses and square roots against S. Tatham's `nimber` crate (MIT); nim-sums and
//!   the mex rule through the kernel's games against XOR and a plain mex.
//! * Dyadic arithmetic against `num-rational`, and the simplest number between two bounds against
//!   a search over all dyadics by their place in the number tree (walked with rationals).
//! * Outcome classes and stops of every day-3 game and every sum of two day-2 games against
//!   play-out search on the explicit game trees (`common::Ex`), with numbers recognised by the
//!   definitional order against independently built number trees.

mod common;
use common::*;
use nimber::FiniteNimber;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use onag::mex;
use onag::{Dyadic, Nimber};
use onag::{GameId, Kernel, OutcomeClass as Outcome};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// Nimbers.

fn words(rng: &mut Rng, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.next()).collect()
}

fn to_ours(w: &[u64]) -> Nimber {
    let digits: Vec<u32> = w
        .iter()
        .flat_map(|&x| [x as u32, (x >> 32) as u32])
        .collect();
    Nimber::new(BigUint::new(digits))
}

fn from_theirs(x: &FiniteNimber) -> Nimber {
    to_ours(x.as_slice())
}

/// 256- and 512-bit products, inverses and square roots (and the occasional sparse operand, so
/// that carries through the Fermat 2-power structure are exercised) against the `nimber` crate.
#[test]
fn wide_nimbers_against_the_nimber_crate() {
    let mut rng = Rng(0x0dd_5eed);
    for round in 0..24 {
        let n = if round % 2 == 0 { 4 } else { 8 };
        let mut a = words(&mut rng, n);
        let b = words(&mut rng, n);
        if round % 3 == 0 {
            // Sparse: a single bit in one word.
            a = vec![0; n];
            a[rng.below(n)] = 1 << rng.below(64);
        }
        let (x, y) = (to_ours(&a), to_ours(&b));
        let (tx, ty) = (FiniteNimber::from(a.clone()), FiniteNimber::from(b.clone()));
        assert_eq!(x.nim_mul(&y), from_theirs(&(&tx * &ty)), "{a:x?} * {b:x?}");
        assert_eq!(x.nim_sqrt(), from_theirs(&tx.sqrt()), "sqrt {a:x?}");
        assert_eq!(
            x.nim_inv(),
            tx.inverse().as_ref().map(from_theirs),
            "inverse {a:x?}"
        );
    }
}

/// The kernel's nimbers as games: `*a + *b = *(a XOR b)`, and `{*x, … | *x, …}` is `*mex`, with
/// the sum taken in the kernel and the mex computed here from the definition.
#[test]
fn nim_sums_and_mex_through_the_kernel() {
    let mut k = Kernel::new();
    let mut rng = Rng(0x4e1);
    let star = |k: &mut Kernel, n: u64| k.nus(&Dyadic::zero(), &BigInt::zero(), &Nimber::from(n));
    for _ in 0..500 {
        let (a, b) = (rng.next() >> rng.below(64), rng.next() >> rng.below(64));
        let (x, y) = (star(&mut k, a), star(&mut k, b));
        let s = k.add(x, y).unwrap();
        assert_eq!(k.as_nimber(s), Some(Nimber::from(a ^ b)));
    }
    for _ in 0..300 {
        let n = 1 + rng.below(6);
        let opts: Vec<u64> = (0..n).map(|_| rng.below(9) as u64).collect();
        let want = (0u64..).find(|m| !opts.contains(m)).unwrap();
        let ids: Vec<GameId> = opts.iter().map(|&o| star(&mut k, o)).collect();
        let g = k.from_options(&ids, &ids).unwrap();
        assert_eq!(k.as_nimber(g), Some(Nimber::from(want)), "{opts:?}");
        let ours = mex(opts
            .iter()
            .map(|&o| Nimber::from(o))
            .collect::<Vec<_>>()
            .iter());
        assert_eq!(ours, Nimber::from(want));
    }
}

// ---------------------------------------------------------------------------------------------
// Dyadic rationals.

fn rat(x: &Dyadic) -> BigRational {
    BigRational::new(
        x.numerator().clone(),
        BigInt::one() << x.denominator_exp() as usize,
    )
}

fn random_dyadic(rng: &mut Rng, max_exp: u64, bits: usize) -> Dyadic {
    let mut n = BigInt::from(rng.next() >> (64 - bits.min(64)));
    for _ in 64..bits {
        n = (n << 1) + BigInt::from(rng.next() & 1);
    }
    if rng.chance(50) {
        n = -n;
    }
    Dyadic::new(n, rng.below(max_exp as usize + 1) as u64)
}

/// Sums, differences, products, negation, order, floor and ceiling against exact rationals, on
/// numerators up to 200 bits and denominators up to 2^300.
#[test]
fn dyadic_arithmetic_against_rationals() {
    let mut rng = Rng(0xd1ad1c);
    for i in 0..5000 {
        let bits = if i % 10 == 0 { 200 } else { 1 + rng.below(40) };
        let a = random_dyadic(&mut rng, 300, bits);
        let bits_b = 1 + rng.below(40);
        let b = random_dyadic(&mut rng, 300, bits_b);
        let (ra, rb) = (rat(&a), rat(&b));
        assert_eq!(rat(&(&a + &b)), &ra + &rb, "{a} + {b}");
        assert_eq!(rat(&(&a - &b)), &ra - &rb, "{a} - {b}");
        assert_eq!(rat(&(&a * &b)), &ra * &rb, "{a} * {b}");
        assert_eq!(rat(&-&a), -ra.clone());
        assert_eq!(a.cmp(&b), ra.cmp(&rb), "{a} vs {b}");
        assert_eq!(a.floor(), ra.floor().to_integer(), "floor {a}");
        assert_eq!(a.ceil(), ra.ceil().to_integer(), "ceil {a}");
        // Printing and parsing back is exact.
        assert_eq!(a.to_string().parse::<Dyadic>().unwrap(), a);
    }
}

/// The sign expansion of x by walking the number tree from 0 (seed 000 II.5): whole steps
/// while the signs agree with the first, then halving steps from the first change on. With
/// rationals only; `signs_value` reads it back.
fn walk(x: &BigRational) -> Vec<bool> {
    let mut signs: Vec<bool> = Vec::new();
    let mut v = BigRational::zero();
    let mut step = BigRational::one();
    let mut halving = false;
    while &v != x {
        let up = x > &v;
        if signs.first().is_some_and(|&f| f != up) {
            halving = true;
        }
        if halving {
            step /= BigInt::from(2);
        }
        if up {
            v += &step;
        } else {
            v -= &step;
        }
        signs.push(up);
    }
    signs
}

/// The birthday: the length of the walk.
fn tree_birthday(x: &BigRational) -> u64 {
    walk(x).len() as u64
}

/// All dyadics m/2^k with k ≤ 6 and |x| ≤ 8.
fn candidates() -> Vec<BigRational> {
    let mut out = Vec::new();
    for m in -(8 * 64)..=(8 * 64) {
        let x = BigRational::new(BigInt::from(m), BigInt::from(64));
        out.push(x);
    }
    out
}

/// The simplest number strictly between two bounds (either may be absent), by search: the
/// candidate of least tree birthday. Also checks that birthday against `Dyadic::birthday`, and
/// the kernel's `{a | b}` against the answer.
#[test]
fn simplest_numbers_against_tree_search() {
    let cands = candidates();
    let births: Vec<u64> = cands.iter().map(tree_birthday).collect();
    for (x, b) in cands.iter().zip(&births) {
        let d = Dyadic::from_fraction(x.numer(), x.denom()).unwrap();
        assert_eq!(d.birthday(), BigInt::from(*b), "birthday of {d}");
    }
    // The same candidates as numerators over 64, for fast filtering.
    let sixty_fourths: Vec<i64> = (-(8 * 64)..=(8 * 64)).collect();
    let mut k = Kernel::new();
    let mut rng = Rng(0x51e);
    // Bounds are n/8, that is 8n/64.
    let bound =
        |rng: &mut Rng| -> Option<i64> { (!rng.chance(10)).then(|| rng.below(121) as i64 - 60) };
    let mut checked = 0;
    for _ in 0..3000 {
        let (lo8, hi8) = (bound(&mut rng), bound(&mut rng));
        let want = sixty_fourths
            .iter()
            .zip(&births)
            .filter(|(m, _)| lo8.is_none_or(|l| 8 * l < **m) && hi8.is_none_or(|h| **m < 8 * h))
            .min_by_key(|(_, b)| **b)
            .map(|(m, _)| BigRational::new(BigInt::from(*m), BigInt::from(64)));
        let lo = lo8.map(|n| Dyadic::new(BigInt::from(n), 3));
        let hi = hi8.map(|n| Dyadic::new(BigInt::from(n), 3));
        let got = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
        assert_eq!(got.as_ref().map(rat), want, "between {lo:?} and {hi:?}");
        // The kernel's {lo | hi} is that number whenever lo < hi (simplicity theorem).
        if let Some(w) = &got {
            let l: Vec<GameId> = lo.iter().map(|x| k.number(x)).collect();
            let r: Vec<GameId> = hi.iter().map(|x| k.number(x)).collect();
            let g = k.from_options(&l, &r).unwrap();
            assert_eq!(k.as_number(g).as_ref(), Some(w), "{{{lo:?} | {hi:?}}}");
            checked += 1;
        }
    }
    // About half the random pairs have lo < hi.
    assert!(checked > 1200, "{checked}");
}

// ---------------------------------------------------------------------------------------------
// Outcomes and stops by play-out.

/// Who wins moving first, by search over the explicit tree.
struct Play<'a> {
    ex: &'a Ex,
    memo: HashMap<(usize, bool), bool>,
}

impl Play<'_> {
    /// Whether the player to move (Left if `left`) wins moving first.
    fn wins_first(&mut self, g: usize, left: bool) -> bool {
        if let Some(&b) = self.memo.get(&(g, left)) {
            return b;
        }
        let (l, r) = &self.ex.nodes[g];
        let moves = if left { l.clone() } else { r.clone() };
        let b = moves.into_iter().any(|m| !self.wins_first(m, !left));
        self.memo.insert((g, left), b);
        b
    }
    fn outcome(&mut self, g: usize) -> Outcome {
        match (self.wins_first(g, true), self.wins_first(g, false)) {
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (true, true) => Outcome::N,
            (false, false) => Outcome::P,
        }
    }
}

/// The explicit tree of the number with this sign expansion (true = Left's pebble): Left's
/// options are the rows left after taking one of Left's pebbles and everything after it.
fn number_tree(ex: &mut Ex, signs: &[bool]) -> usize {
    let mut l = Vec::new();
    let mut r = Vec::new();
    for (j, &s) in signs.iter().enumerate() {
        let prefix = number_tree(ex, &signs[..j]);
        if s {
            l.push(prefix);
        } else {
            r.push(prefix);
        }
    }
    ex.make(l, r)
}

/// The value of a sign expansion, by the walk of `tree_birthday` read forwards (independent of
/// the library): whole steps until the first change of sign, then halving steps.
fn signs_value(signs: &[bool]) -> BigRational {
    let mut v = BigRational::zero();
    let mut step = BigRational::one();
    let mut halving = false;
    for (i, &s) in signs.iter().enumerate() {
        if i > 0 && s != signs[0] {
            halving = true;
        }
        if halving {
            step /= BigInt::from(2);
        }
        if s {
            v += &step;
        } else {
            v -= &step;
        }
    }
    v
}

/// Every number born by day `n`, as (explicit tree, value).
fn numbers_by_day(ex: &mut Ex, n: usize) -> Vec<(usize, BigRational)> {
    let mut out = Vec::new();
    for len in 0..=n {
        for bits in 0..(1u32 << len) {
            let signs: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            out.push((number_tree(ex, &signs), signs_value(&signs)));
        }
    }
    out
}

/// Stops by their definition: a game equal to a number x has both stops x; otherwise the left
/// stop is the greatest right stop of a Left option, and the right stop the least left stop of
/// a Right option. "Equal to a number" is decided by the definitional order.
struct Stops<'a> {
    ex: &'a mut Ex,
    numbers: &'a [(usize, BigRational)],
    memo: HashMap<usize, (BigRational, BigRational)>,
}

impl Stops<'_> {
    fn stops(&mut self, g: usize) -> (BigRational, BigRational) {
        if let Some(s) = self.memo.get(&g) {
            return s.clone();
        }
        let number = self
            .numbers
            .iter()
            .find(|(t, _)| self.ex.eq(g, *t))
            .map(|(_, v)| v.clone());
        let s = if let Some(x) = number {
            (x.clone(), x)
        } else {
            let (l, r) = self.ex.nodes[g].clone();
            let ls = l.iter().map(|&x| self.stops(x).1).max().unwrap();
            let rs = r.iter().map(|&x| self.stops(x).0).min().unwrap();
            (ls, rs)
        };
        self.memo.insert(g, s.clone());
        s
    }
}

/// Outcome classes and stops of every day-3 game and every sum of two day-2 games, from the
/// kernel and from play-out search on the explicit trees (sums taken by the definition).
#[test]
fn outcomes_and_stops_against_play_out() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let mut ex = Ex::default();
    let mut games: Vec<(GameId, usize)> = ds[3]
        .iter()
        .map(|&g| (g, ex.of_kernel(&mut k, g)))
        .collect();
    for &a in &ds[2] {
        for &b in &ds[2] {
            let s = k.add(a, b).unwrap();
            let (xa, xb) = (ex.of_kernel(&mut k, a), ex.of_kernel(&mut k, b));
            games.push((s, ex.add(xa, xb)));
        }
    }
    let numbers = numbers_by_day(&mut ex, 4);
    assert_eq!(numbers.len(), 31);
    let snapshot = Ex {
        nodes: ex.nodes.clone(),
        ..Ex::default()
    };
    let mut play = Play {
        ex: &snapshot,
        memo: HashMap::new(),
    };
    let outcomes: Vec<Outcome> = games.iter().map(|&(_, x)| play.outcome(x)).collect();
    let mut stops = Stops {
        ex: &mut ex,
        numbers: &numbers,
        memo: HashMap::new(),
    };
    let mut tally = HashMap::new();
    for (&(g, x), want) in games.iter().zip(outcomes) {
        let shown = onag::print(&k.to_term(g), &Default::default());
        assert_eq!(k.outcome(g).unwrap(), want, "outcome of {shown}");
        *tally.entry(format!("{want:?}")).or_insert(0) += 1;
        let (ls, rs) = stops.stops(x);
        assert_eq!(rat(&k.left_stop(g)), ls, "left stop of {shown}");
        assert_eq!(rat(&k.right_stop(g)), rs, "right stop of {shown}");
    }
    // All four classes occur, so the comparison is not vacuous.
    assert_eq!(tally.len(), 4, "{tally:?}");
    assert_eq!(games.len(), 1474 + 22 * 22);
}

/// The tree walk reproduces the worked birthdays of the research notes and seed 000.
#[test]
fn tree_walk_examples() {
    let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    for (x, b) in [
        (r(0, 1), 0),
        (r(3, 1), 3),
        (r(-4, 1), 4),
        (r(1, 2), 2),
        (r(3, 16), 5),
        (r(-3, 16), 5),
        (r(5, 2), 4),
        (r(3, 4), 3),
    ] {
        assert_eq!(tree_birthday(&x), b, "{x}");
    }
    for x in candidates().iter().filter(|x| x.abs() < r(3, 1)) {
        // Reading the walk back gives the value.
        assert_eq!(&signs_value(&walk(x)), x);
    }
}
