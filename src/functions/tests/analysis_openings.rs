//! `cool` and `heat` as derivation steps: each opening (one level of the definition) equals the
//! call's value, and the independent check (`functions::analysis_check`, which calls nothing in
//! `crate::analysis` and nothing in the kernel) accepts it and rejects tampered ones — on every
//! game born by day 2, every game born by day 3, closed forms and random sums.

use crate::functions::{lookup, Opening};
use crate::Dyadic;
use crate::Thermographer;
use crate::{Arg, Term};
use crate::{GameId, Kernel, Relation};

fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

fn parse(s: &str) -> Term {
    crate::parse(s).unwrap()
}

fn show(t: &Term) -> String {
    crate::print(t, &Default::default())
}

/// The games born by day n, from the definition: every pair of antichains of day n−1.
fn born_by(k: &mut Kernel, days: usize) -> Vec<GameId> {
    fn antichains(k: &mut Kernel, elems: &[GameId]) -> Vec<Vec<GameId>> {
        fn go(
            k: &mut Kernel,
            e: &[GameId],
            i: usize,
            cur: &mut Vec<GameId>,
            out: &mut Vec<Vec<GameId>>,
        ) {
            if i == e.len() {
                out.push(cur.clone());
                return;
            }
            go(k, e, i + 1, cur, out);
            if cur
                .iter()
                .all(|&y| k.compare(e[i], y).unwrap() == Relation::Fuzzy)
            {
                cur.push(e[i]);
                go(k, e, i + 1, cur, out);
                cur.pop();
            }
        }
        let mut out = Vec::new();
        go(k, elems, 0, &mut Vec::new(), &mut out);
        out
    }
    let mut day = vec![k.zero()];
    for _ in 0..days {
        let acs = antichains(k, &day);
        let mut next = std::collections::BTreeSet::new();
        for l in &acs {
            for r in &acs {
                next.insert(k.from_options(l, r).unwrap());
            }
        }
        day = next.into_iter().collect();
    }
    day
}

fn args(g: &Term, t: &Term) -> Vec<Arg> {
    vec![Arg::Game(g.clone()), Arg::Game(t.clone())]
}

/// Opens `name(g, t)`, asserts the opening equals the call and passes the independent check.
fn open_checked(k: &mut Kernel, name: &str, g: &Term, t: &Term) -> Opening {
    let f = lookup(name).unwrap();
    let a = args(g, t);
    let o = f.open(&a, k).unwrap().unwrap();
    let call = Term::Call {
        name: name.into(),
        args: a.clone(),
    };
    assert_eq!(
        k.eval(&o.term).unwrap(),
        k.eval(&call).unwrap(),
        "{} opened to {}",
        show(&call),
        show(&o.term)
    );
    assert_eq!(
        f.check_open(&a, &o.term),
        Some(Ok(())),
        "{} opened to {} by {}",
        show(&call),
        show(&o.term),
        o.rule
    );
    o
}

fn rejected(name: &str, g: &Term, t: &Term, term: &Term, what: &str) {
    let r = lookup(name).unwrap().check_open(&args(g, t), term);
    assert!(
        matches!(r, Some(Err(_))),
        "{what}: {name}({}, {}) claimed as {} was accepted",
        show(g),
        show(t),
        show(term)
    );
}

/// Every way of spoiling one option of a definition opening: dropping it, moving it to the
/// other side, cooling or heating another game, by another t, shifting by another amount.
fn tamper_definition(name: &str, g: &Term, t: &Term, o: &Opening) {
    let Term::Game { left, right } = &o.term else {
        panic!("{name}: a definition opens to a game")
    };
    let sides = [left.clone(), right.clone()];
    for side in 0..2 {
        for i in 0..sides[side].len() {
            let rebuild = |opt: Option<Term>| {
                let mut s = sides.clone();
                match opt {
                    Some(x) => s[side][i] = x,
                    None => {
                        s[side].remove(i);
                    }
                }
                Term::game(s[0].clone(), s[1].clone())
            };
            rejected(name, g, t, &rebuild(None), "an option dropped");
            let mut moved = sides.clone();
            let x = moved[side].remove(i);
            moved[1 - side].push(x);
            rejected(
                name,
                g,
                t,
                &Term::game(moved[0].clone(), moved[1].clone()),
                "an option moved to the other side",
            );
            let Term::Sum(call, shift) = &sides[side][i] else {
                panic!("an option is call + shift")
            };
            let Term::Call { args: a, .. } = &**call else {
                panic!("a call")
            };
            let (Arg::Game(x), Arg::Game(tt)) = (&a[0], &a[1]) else {
                panic!("game arguments")
            };
            let with = |x: Term, tt: Term, shift: Term| {
                Term::sum(
                    Term::Call {
                        name: name.into(),
                        args: vec![Arg::Game(x), Arg::Game(tt)],
                    },
                    shift,
                )
            };
            let other = Term::sum(x.clone(), Term::integer(1));
            rejected(
                name,
                g,
                t,
                &rebuild(Some(with(other, tt.clone(), (**shift).clone()))),
                "another game",
            );
            let hotter = Term::sum(tt.clone(), Term::number(d("1/2")));
            rejected(
                name,
                g,
                t,
                &rebuild(Some(with(x.clone(), hotter, (**shift).clone()))),
                "another t in a call",
            );
            // (t = 0 and t = * are their own negatives: no sign to flip.)
            if !matches!(show(t).as_str(), "0" | "*") {
                rejected(
                    name,
                    g,
                    t,
                    &rebuild(Some(with(
                        x.clone(),
                        tt.clone(),
                        Term::neg((**shift).clone()),
                    ))),
                    "the shift's sign flipped",
                );
            }
        }
    }
}

/// All 22 games born by day 2 at many temperatures: every opening equals the call and checks;
/// every tampered one is rejected.
#[test]
fn cool_openings_by_day_2_check_and_tampering_is_caught() {
    let mut k = Kernel::new();
    let games = born_by(&mut k, 2);
    assert_eq!(games.len(), 22);
    let mut rules = std::collections::BTreeMap::new();
    for &g in &games {
        let gt = k.to_term(g);
        let th = Thermographer::new().of(&mut k, g).unwrap();
        let number = k.as_number(g).is_some();
        for ts in ["0", "1/4", "1/2", "3/4", "1", "3/2", "2", "5/2"] {
            let t = parse(ts);
            let o = open_checked(&mut k, "cool", &gt, &t);
            *rules.entry(o.rule).or_insert(0) += 1;
            let above = number || d(ts) > th.temperature;
            assert_eq!(o.rule == "cool-mast", above, "cool({}, {ts})", show(&gt));
            if above {
                // A wrong mast value, and the definition claimed above the temperature.
                let wrong = Term::number(&th.mast + &d("1/2"));
                rejected("cool", &gt, &t, &wrong, "a wrong mast");
                if !number {
                    let (l, r) = (k.left_options(g).unwrap(), k.right_options(g).unwrap());
                    let call = |o: GameId, k: &mut Kernel| Term::Call {
                        name: "cool".into(),
                        args: vec![Arg::Game(k.to_term(o)), Arg::Game(t.clone())],
                    };
                    let l = l
                        .into_iter()
                        .map(|o| Term::sum(call(o, &mut k), Term::neg(t.clone())))
                        .collect();
                    let r = r
                        .into_iter()
                        .map(|o| Term::sum(call(o, &mut k), t.clone()))
                        .collect();
                    rejected(
                        "cool",
                        &gt,
                        &t,
                        &Term::game(l, r),
                        "the definition above the temperature",
                    );
                }
            } else {
                // The mast claimed at or below the temperature.
                rejected(
                    "cool",
                    &gt,
                    &t,
                    &Term::number(th.mast.clone()),
                    "the mast at or below the temperature",
                );
                tamper_definition("cool", &gt, &t, &o);
                // The same opening claimed for another temperature.
                let t2 = parse(&format!("{ts} + 1/8"));
                rejected("cool", &gt, &t2, &o.term, "opened at another t");
            }
        }
    }
    assert!(
        rules["cool-mast"] > 50 && rules["cool-definition"] > 15,
        "{rules:?}"
    );
}

/// Every game born by day 3 (1,474) at a few temperatures, and the independent check's own
/// temperature and mean against `crate::analysis`.
#[test]
fn cool_openings_by_day_3_check() {
    let mut k = Kernel::new();
    let games = born_by(&mut k, 3);
    assert_eq!(games.len(), 1474);
    let mut th = Thermographer::new();
    for &g in &games {
        let gt = k.to_term(g);
        let thermo = th.of(&mut k, g).unwrap();
        let (tau, mean) = crate::functions::analysis_check::temperature_and_mean(&gt).unwrap();
        assert_eq!(mean, thermo.mast, "mean of {}", show(&gt));
        match tau {
            Some(tau) => assert_eq!(tau, thermo.temperature, "temperature of {}", show(&gt)),
            None => assert!(k.as_number(g).is_some(), "{} is a number", show(&gt)),
        }
        for ts in ["0", "1/2", "1", "2"] {
            open_checked(&mut k, "cool", &gt, &parse(ts));
        }
    }
}

/// Closed forms open to their canonical options at t = 0 and to their number above 0; games
/// written with ±, Tiny and Miny by their definitions; random sums of day-2 games.
#[test]
fn cool_openings_of_closed_forms_sugar_and_random_sums() {
    let mut k = Kernel::new();
    for s in [
        "^",
        "v",
        "^*",
        "^^",
        "^^^*",
        "*2",
        "*5",
        "1/2^",
        "-3/4v*3",
        "^^*2",
        "+-1",
        "+-{1,2}",
        "{0||0|-1}",
        "{1|-1||-1}",
        "2 + {0||0|-1/2}",
    ] {
        let g = k.eval(&parse(s)).unwrap();
        let gt = k.to_term(g);
        for ts in ["0", "1/2", "1", "3"] {
            let o = open_checked(&mut k, "cool", &gt, &parse(ts));
            if o.rule == "cool-definition" {
                tamper_definition("cool", &gt, &parse(ts), &o);
            }
        }
    }
    // Random sums of two or three games born by day 2, written canonically.
    let day2 = born_by(&mut k, 2);
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| (crate::xorshift(&mut x) % n as u64) as usize;
    for _ in 0..150 {
        let mut g = day2[next(day2.len())];
        for _ in 0..1 + next(2) {
            let h = day2[next(day2.len())];
            g = k.add(g, h).unwrap();
        }
        let gt = k.to_term(g);
        let ts = ["0", "1/4", "1/2", "1", "3/2", "2"][next(6)];
        let o = open_checked(&mut k, "cool", &gt, &parse(ts));
        if o.rule == "cool-definition" {
            tamper_definition("cool", &gt, &parse(ts), &o);
        }
    }
}

/// What the check refuses outright: a game not written canonically, a temperature that is not
/// a number or is negative, another function's opening.
#[test]
fn cool_check_refuses_bad_arguments() {
    let f = lookup("cool").unwrap();
    let ok_term = parse("{cool(2, 1) - 1 | cool(-1, 1) + 1}");
    for (g, t) in [
        ("{*|*}", "1"),
        ("{2,1|-1}", "1"),
        ("{2|-1}", "*"),
        ("{2|-1}", "-1"),
    ] {
        let r = f.check_open(&args(&parse(g), &parse(t)), &ok_term);
        assert!(matches!(r, Some(Err(_))), "cool({g}, {t}): {r:?}");
    }
    let r = f.check_open(&args(&parse("{2|-1}"), &parse("1")), &ok_term);
    assert_eq!(r, Some(Ok(())));
    let heat_like = parse("{heat(2, 1) - 1 | heat(-1, 1) + 1}");
    let r = f.check_open(&args(&parse("{2|-1}"), &parse("1")), &heat_like);
    assert!(matches!(r, Some(Err(_))));
    // A game nested 1,000 levels deep is refused by the check, not followed down the stack.
    let mut deep = Term::zero();
    for _ in 0..1000 {
        deep = Term::game(vec![Term::zero()], vec![deep]);
    }
    let r = f.check_open(&args(&deep, &parse("1")), &ok_term);
    assert!(
        matches!(&r, Some(Err(e)) if e.contains("too deep")),
        "{r:?}"
    );
    // Open refuses a negative temperature as cool's value does.
    let mut k = Kernel::new();
    assert!(f
        .open(&args(&parse("{2|-1}"), &parse("-1")), &mut k)
        .is_err());
}

/// Heating: every game born by day 2 and day 3 by several t (numbers and games), openings
/// checked, tampered ones rejected.
#[test]
fn heat_openings_check_and_tampering_is_caught() {
    let mut k = Kernel::new();
    let day2 = born_by(&mut k, 2);
    for &g in &day2 {
        let gt = k.to_term(g);
        for ts in ["1", "1/2", "2", "*", "^", "{1|0}", "-1"] {
            let t = parse(ts);
            let o = open_checked(&mut k, "heat", &gt, &t);
            if k.as_number(g).is_some() {
                assert_eq!(o.rule, "heat-number");
                rejected("heat", &gt, &t, &parse("1/8"), "a number heated to another");
            } else {
                assert_eq!(o.rule, "heat-definition");
                tamper_definition("heat", &gt, &t, &o);
                rejected("heat", &gt, &t, &gt, "a non-number heated to itself");
            }
        }
    }
    let day3 = born_by(&mut k, 3);
    for &g in day3.iter().step_by(3) {
        let gt = k.to_term(g);
        for ts in ["1", "*"] {
            open_checked(&mut k, "heat", &gt, &parse(ts));
        }
    }
}

/// The README's examples of openings, as printed.
#[test]
fn readme_openings() {
    let mut k = Kernel::new();
    for (name, g, t, rule, printed) in [
        (
            "cool",
            "{2|-1}",
            "1",
            "cool-definition",
            "{cool(2,1) - 1|cool(-1,1) + 1}",
        ),
        ("cool", "{2|-1}", "2", "cool-mast", "1/2"),
        (
            "heat",
            "{1|-1}",
            "1",
            "heat-definition",
            "{heat(1,1) + 1|heat(-1,1) - 1}",
        ),
        ("heat", "3/4", "1", "heat-number", "3/4"),
    ] {
        let o = open_checked(&mut k, name, &parse(g), &parse(t));
        assert_eq!((o.rule, show(&o.term).as_str()), (rule, printed));
    }
}

/// `cool`'s opening (one level of the definition, for derivations) evaluates to the call's value,
/// and says which rule it is: the definition below the temperature, the mast above it.
/// (Moved from tests/analysis.rs: openings are the function registry's, internal.)
#[test]
fn cool_opens_one_level() {
    let mut k = Kernel::new();
    let f = crate::functions::lookup("cool").unwrap();
    for (g, t, rule) in [
        ("{2|-1}", "1", "cool-definition"),
        ("{2|-1}", "3/2", "cool-definition"),
        ("{2|-1}", "2", "cool-mast"),
        ("{{3|2}|0} + {1|-1}", "1/2", "cool-definition"),
        ("3/4", "1", "cool-mast"),
    ] {
        let call = crate::parse(&format!("cool({g}, {t})")).unwrap();
        let Term::Call { args, .. } = &call else {
            panic!("not a call")
        };
        let o = f.open(args, &mut k).unwrap().unwrap();
        assert_eq!(o.rule, rule, "cool({g}, {t})");
        let want = k.eval(&call).unwrap();
        assert_eq!(
            k.eval(&o.term).unwrap(),
            want,
            "cool({g}, {t}) opened to {:?}",
            o.term
        );
    }
}
