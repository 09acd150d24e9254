//! Analysis of hot games against textbook values, against a slow computation written here from
//! the definitions (no call into `onag::analysis` for the expected values), and by properties.

mod wall;

use onag::Thermographer;
use onag::{atomic_weight, is_all_small};
use onag::{compare_mod_inf, reduced};
use onag::{cool, freeze, heat, norton, overheat};
use onag::{Dyadic, Term};
use onag::{GameId, Kernel, KernelError, Relation};
use std::collections::HashMap;

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

fn ev(k: &mut Kernel, s: &str) -> GameId {
    k.eval(&onag::parse(s).unwrap()).unwrap()
}

fn show(k: &mut Kernel, g: GameId) -> String {
    onag::print(&k.to_term(g), &Default::default())
}

fn temp_mean(k: &mut Kernel, g: GameId) -> (Dyadic, Dyadic) {
    let t = Thermographer::new().of(k, g).unwrap();
    (t.temperature.clone(), t.mast.clone())
}

#[test]
fn textbook_examples() {
    let mut k = Kernel::new();
    let g = ev(&mut k, "{{3|2}|0}");
    assert_eq!(temp_mean(&mut k, g), (d("5/4"), d("5/4")));
    let g = ev(&mut k, "{1/2|-3}");
    assert_eq!(temp_mean(&mut k, g), (d("7/4"), d("-5/4")));
    let g = ev(&mut k, "cool({2|-1}, 1)");
    assert_eq!(temp_mean(&mut k, g).1, d("1/2"));
    // {2|-1} cooled by 1 is {1|0} = 1/2*... by the definition: {2-1 | -1+1} = {1|0}.
    assert_eq!(g, ev(&mut k, "{1|0}"));
    // Cooling by exactly the temperature leaves an infinitesimal.
    assert_eq!(ev(&mut k, "cool({1|-1}, 1)"), ev(&mut k, "*"));
    assert_eq!(ev(&mut k, "cool({1|-1}, 3/2)"), ev(&mut k, "0"));
    assert_eq!(ev(&mut k, "freeze({3|-1})"), ev(&mut k, "1*"));
    assert_eq!(ev(&mut k, "atomic_weight(^)"), ev(&mut k, "1"));
    assert_eq!(ev(&mut k, "atomic_weight(^ + ^ + *)"), ev(&mut k, "2"));
    assert_eq!(ev(&mut k, "atomic_weight(*5)"), ev(&mut k, "0"));
    assert_eq!(ev(&mut k, "temperature({2|-1})"), ev(&mut k, "3/2"));
    assert_eq!(ev(&mut k, "mean({2|-1})"), ev(&mut k, "1/2"));
    assert_eq!(ev(&mut k, "left_stop({2|-1} + {1|-1})"), ev(&mut k, "1"));
    assert_eq!(ev(&mut k, "right_stop({2|-1})"), ev(&mut k, "-1"));
    // Heating is the inverse of cooling on {1|0} by 1: {1+1 | 0-1}.
    assert_eq!(ev(&mut k, "heat({1|0}, 1)"), ev(&mut k, "{2|-1}"));
    // Reduced forms forget infinitesimals.
    assert_eq!(ev(&mut k, "reduced({2|-1} + ^)"), ev(&mut k, "{2|-1}"));
    assert_eq!(ev(&mut k, "reduced(^ + *3)"), ev(&mut k, "0"));
    assert_eq!(ev(&mut k, "reduced(3/4 + ^^*)"), ev(&mut k, "3/4"));
}

/// Temperatures of numbers follow the CGSuite/cgt convention; nimbers are at temperature 0.
#[test]
fn numbers_and_impartial_games() {
    let mut k = Kernel::new();
    for (x, t) in [
        ("0", "-1"),
        ("7", "-1"),
        ("-2", "-1"),
        ("1/2", "-1/2"),
        ("-3/8", "-1/8"),
        ("5/4", "-1/4"),
    ] {
        let g = ev(&mut k, x);
        assert_eq!(temp_mean(&mut k, g), (d(t), d(x)), "{x}");
    }
    // *n: temperature 0, mean 0, walls -t and t below 0; cooled by any t > 0 it is 0.
    for n in 1..8 {
        let g = ev(&mut k, &format!("*{n}"));
        let th = Thermographer::new().of(&mut k, g).unwrap();
        assert_eq!((th.temperature.clone(), th.mast.clone()), (d("0"), d("0")));
        assert_eq!(th.left.at(&d("-1")), d("1"));
        assert_eq!(th.right.at(&d("-1")), d("-1"));
        assert_eq!(
            cool(&mut k, &mut Thermographer::new(), g, &d("1/4")).unwrap(),
            k.zero()
        );
        assert_eq!(
            cool(&mut k, &mut Thermographer::new(), g, &d("0")).unwrap(),
            g
        );
        assert_eq!(atomic_weight(&mut k, g).unwrap(), k.zero());
        assert!(is_all_small(&mut k, g).unwrap());
    }
}

/// Norton products: linear in G, so (x.U) + (x.U) = (2x).U and n.U is n copies of U; the mean
/// is multiplicative, mean(G.U) = mean(G)·mean(U) (WW ch. 8 extras). Multiplying by a number
/// need not give a number: 1/2 . 3/4 = {0 + 1/2 | 3/4 - 1/2} = {1/2 | 1/4}.
#[test]
fn norton_products() {
    let mut k = Kernel::new();
    assert_eq!(ev(&mut k, "norton(1/2, 3/4)"), ev(&mut k, "{1/2|1/4}"));
    for g in ["1/2", "-3/4", "5/8", "2", "-1"] {
        for u in ["1/2", "3/4", "5/8", "1", "7", "{2|1}", "^"] {
            let (gid, uid) = (ev(&mut k, g), ev(&mut k, u));
            let once = norton(&mut k, gid, uid).unwrap();
            let g2 = k.add(gid, gid).unwrap();
            let twice = norton(&mut k, g2, uid).unwrap();
            assert_eq!(k.add(once, once).unwrap(), twice, "{g} . {u}");
        }
    }
    let mut k2 = Kernel::new();
    let mut rng = Rng(99);
    for _ in 0..40 {
        let g = k2.eval(&rng.term(2)).unwrap();
        for u in ["1", "1/2", "3/4", "{2|1}", "{3|1/2}", "2 + {1|0}"] {
            let uid = ev(&mut k2, u);
            let p = norton(&mut k2, g, uid).unwrap();
            let (mg, mu, mp) = (
                temp_mean(&mut k2, g).1,
                temp_mean(&mut k2, uid).1,
                temp_mean(&mut k2, p).1,
            );
            let name = show(&mut k2, g);
            assert_eq!(mp, &mg * &mu, "mean of {name} . {u}");
        }
    }
    let three = ev(&mut k, "3");
    let u = ev(&mut k, "{2|1}");
    assert_eq!(
        norton(&mut k, three, u).unwrap(),
        ev(&mut k, "{2|1} + {2|1} + {2|1}")
    );
    assert_eq!(ev(&mut k, "norton(-2, ^)"), ev(&mut k, "vv"));
    // The atomic weight undoes Norton multiplication by ↑ (WW ch. 7-8).
    for g in ["1", "2", "-3", "{2|0}", "{3|1}"] {
        let gid = ev(&mut k, g);
        let up = ev(&mut k, "^");
        let p = norton(&mut k, gid, up).unwrap();
        assert_eq!(atomic_weight(&mut k, p).unwrap(), gid, "aw({g}.^)");
    }
}

#[test]
fn overheating() {
    let mut k = Kernel::new();
    // ∫_1^{1*}: an integer n becomes n copies of 1; {1|-1} becomes {1 + 1* | -1 - 1*}.
    let (g, s, t) = (ev(&mut k, "{1|-1}"), ev(&mut k, "1"), ev(&mut k, "1*"));
    assert_eq!(
        overheat(&mut k, g, s, t).unwrap(),
        ev(&mut k, "{1 + 1* | -1 - 1*}")
    );
    let two = ev(&mut k, "2");
    assert_eq!(overheat(&mut k, two, t, s).unwrap(), ev(&mut k, "1* + 1*"));
    // overheating from s = 1 agrees with heating on a game all of whose numbers are integers
    // reached only through non-number options... spot-check the definition once more by hand.
    assert_eq!(ev(&mut k, "overheat({2|0}, 1, 1)"), ev(&mut k, "{3|-1}"));
    let _ = heat(&mut k, g, t).unwrap();
}

#[test]
fn bad_input_is_an_error_not_an_answer() {
    let mut k = Kernel::new();
    for (src, needle) in [
        ("atomic_weight(1)", "not infinitesimal"),
        ("atomic_weight({1|-1})", "not infinitesimal"),
        ("cool({1|-1}, -1)", "greater than -1"),
        ("cool({1|-1}, *)", "must be a number"),
        ("norton(1, 0)", "positive"),
        ("norton(1, *)", "positive"),
        ("cool({1|-1})", "expected 2 arguments"),
    ] {
        match k.eval(&onag::parse(src).unwrap()) {
            Err(KernelError::Function { message, .. }) => {
                assert!(message.contains(needle), "{src}: {message}")
            }
            other => panic!("{src}: {other:?}"),
        }
    }
    // Games deeper than the recursion allows are refused, not a stack overflow.
    for src in [
        "heat(^5000, 1)",
        "overheat(^5000, 1, 1)",
        "norton({^5000|0}, 1)",
    ] {
        match k.eval(&onag::parse(src).unwrap()) {
            Err(KernelError::TooLarge { what }) => {
                assert!(what.contains("levels deep"), "{src}: {what}")
            }
            other => panic!("{src}: {other:?}"),
        }
    }
    // A huge temperature is fine: everything is cooled to its mean.
    assert_eq!(
        ev(&mut k, "cool({1|-1} + {5|2}, 1000000000000000000000000)"),
        ev(&mut k, "7/2")
    );
}

// ---------------------------------------------------------------------------------------------
// The slow, independent computation: cooling by the definition, scanning temperatures on a grid.

/// Grid step 2^-GRID for the scan; random games below have numbers with denominator ≤ 2 and depth
/// ≤ 4, so every breakpoint has denominator ≤ 2^5.
const GRID: u32 = 6;

struct Naive {
    /// (temperature, mean) of non-numbers found by scanning.
    temp: HashMap<GameId, (Dyadic, Dyadic)>,
    cooled: HashMap<(GameId, Dyadic), GameId>,
}

impl Naive {
    fn new() -> Self {
        Naive {
            temp: HashMap::new(),
            cooled: HashMap::new(),
        }
    }

    /// `{G^L_t − t | G^R_t + t}` with the options cooled by the definition.
    fn formula(&mut self, k: &mut Kernel, g: GameId, t: &Dyadic) -> GameId {
        let tid = k.number(t);
        let ntid = k.number(&-t);
        let l: Vec<GameId> = k.left_options(g).unwrap();
        let r: Vec<GameId> = k.right_options(g).unwrap();
        let mut ll = Vec::new();
        for x in l {
            let c = self.cool(k, x, t);
            ll.push(k.add(c, ntid).unwrap());
        }
        let mut rr = Vec::new();
        for x in r {
            let c = self.cool(k, x, t);
            rr.push(k.add(c, tid).unwrap());
        }
        k.from_options(&ll, &rr).unwrap()
    }

    /// The least grid t ≥ 0 where the formula is infinitely close to a number (equal stops),
    /// and that number.
    fn temperature(&mut self, k: &mut Kernel, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(x) = self.temp.get(&g) {
            return x.clone();
        }
        let mut i = 0i64;
        let out = loop {
            let t = Dyadic::new(i.into(), GRID.into());
            let f = self.formula(k, g, &t);
            let (l, r) = (k.left_stop(f), k.right_stop(f));
            if l == r {
                break (t, l);
            }
            i += 1;
            assert!(i < 64 << GRID, "no temperature found");
        };
        self.temp.insert(g, out.clone());
        out
    }

    fn cool(&mut self, k: &mut Kernel, g: GameId, t: &Dyadic) -> GameId {
        if k.as_number(g).is_some() {
            return g;
        }
        if let Some(&c) = self.cooled.get(&(g, t.clone())) {
            return c;
        }
        let (tau, mean) = self.temperature(k, g);
        let c = if *t > tau {
            k.number(&mean)
        } else {
            self.formula(k, g, t)
        };
        self.cooled.insert((g, t.clone()), c);
        c
    }
}

/// A small deterministic generator of random game terms.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn term(&mut self, depth: u32) -> Term {
        if depth == 0 || self.below(4) == 0 {
            return match self.below(6) {
                0 => Term::nimber(1u64.into()),
                1 => Term::number(Dyadic::new((self.below(9) as i64 - 4).into(), 1)),
                _ => Term::integer(self.below(9) as i64 - 4),
            };
        }
        let nl = 1 + self.below(2) as usize;
        let nr = 1 + self.below(2) as usize;
        let l = (0..nl).map(|_| self.term(depth - 1)).collect();
        let r = (0..nr).map(|_| self.term(depth - 1)).collect();
        Term::game(l, r)
    }
}

fn random_games(n: usize, seed: u64) -> (Kernel, Vec<GameId>) {
    let mut k = Kernel::new();
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let t = rng.term(3);
        let g = k.eval(&t).unwrap();
        out.push(g);
    }
    (k, out)
}

/// Hundreds of random games: temperature, mean, cooling at grid temperatures and both walls (the
/// stops of G_t) agree with the slow computation.
#[test]
fn random_games_against_the_definition() {
    let (mut k, games) = random_games(300, 0x9e3779b97f4a7c15);
    let mut naive = Naive::new();
    let mut th = Thermographer::new();
    let mut hot = 0;
    for &g in &games {
        let name = show(&mut k, g);
        let thermo = th.of(&mut k, g).unwrap();
        if k.as_number(g).is_some() {
            assert_eq!(thermo.mast, k.as_number(g).unwrap(), "{name}");
            continue;
        }
        hot += 1;
        let (tau, mean) = naive.temperature(&mut k, g);
        assert_eq!(
            (thermo.temperature.clone(), thermo.mast.clone()),
            (tau.clone(), mean),
            "{name}"
        );
        let top = &tau + &Dyadic::from(1);
        let mut i = 0i64;
        loop {
            let t = Dyadic::new(i.into(), 2);
            if t > top {
                break;
            }
            let fast = cool(&mut k, &mut th, g, &t).unwrap();
            let slow = naive.cool(&mut k, g, &t);
            assert_eq!(fast, slow, "cool({name}, {t})");
            // Siegel: the thermograph at t is the pair of stops of G_t.
            assert_eq!(
                thermo.left.at(&t),
                k.left_stop(slow),
                "left wall of {name} at {t}"
            );
            assert_eq!(
                thermo.right.at(&t),
                k.right_stop(slow),
                "right wall of {name} at {t}"
            );
            i += 1;
        }
    }
    assert!(hot > 150, "only {hot} hot games");
}

/// Mean is additive; the temperature of a sum is at most the larger; cooling commutes with sums;
/// Left's wall is never right of Right's; reduced forms are equal exactly when the games are
/// equal modulo infinitesimals.
#[test]
fn properties_on_random_pairs() {
    let (mut k, games) = random_games(120, 0x2545f4914f6cdd1d);
    let mut th = Thermographer::new();
    for w in games.chunks(2) {
        let (g, h) = (w[0], w[1]);
        let s = k.add(g, h).unwrap();
        let (tg, mg) = temp_mean(&mut k, g);
        let (th_, mh) = temp_mean(&mut k, h);
        let (ts, ms) = temp_mean(&mut k, s);
        let name = format!("{} + {}", show(&mut k, g), show(&mut k, h));
        assert_eq!(ms, &mg + &mh, "mean of {name}");
        assert!(
            ts <= std::cmp::max(tg.clone(), th_.clone()),
            "temperature of {name}"
        );
        for t in ["0", "1/4", "1/2", "1", "3/2", "2", "3"] {
            let t = d(t);
            let cs = cool(&mut k, &mut th, s, &t).unwrap();
            let cg = cool(&mut k, &mut th, g, &t).unwrap();
            let ch = cool(&mut k, &mut th, h, &t).unwrap();
            assert_eq!(cs, k.add(cg, ch).unwrap(), "cool({name}, {t})");
        }
        for x in [g, h, s] {
            let t = th.of(&mut k, x).unwrap();
            for (tt, _) in t.left_points().iter().chain(t.right_points().iter()) {
                assert!(t.left.at(tt) >= t.right.at(tt));
            }
        }
        let (rg, rh) = (reduced(&mut k, g).unwrap(), reduced(&mut k, h).unwrap());
        let eq = compare_mod_inf(&mut k, g, h).unwrap() == Relation::Equal;
        assert_eq!(rg == rh, eq, "reduced forms of {name}");
        // A reduced form is infinitely close to its game and reduces to itself.
        assert_eq!(compare_mod_inf(&mut k, g, rg).unwrap(), Relation::Equal);
        assert_eq!(reduced(&mut k, rg).unwrap(), rg);
        // Adding an infinitesimal changes nothing modulo infinitesimals.
        let up = ev(&mut k, "^*");
        let gu = k.add(g, up).unwrap();
        assert_eq!(reduced(&mut k, gu).unwrap(), rg);
        // G >= H implies G >= H modulo infinitesimals.
        if k.le(h, g).unwrap() {
            assert!(matches!(
                compare_mod_inf(&mut k, g, h).unwrap(),
                Relation::Greater | Relation::Equal
            ));
        }
        let _ = freeze(&mut k, &mut th, g).unwrap();
    }
}
