//! The nim inverse and square root by their mex definitions (seed 000 §I.6a): the openings,
//! their independent check, and derivations that end at the fast path's values.

use onag::parse;
use onag::{Arg, Term};
use onag::{Engine, Kernel, RuleSet};

fn opening(name: &str, n: u64) -> (Vec<Arg>, Term) {
    let f = onag::function(name).unwrap();
    let args = vec![Arg::Game(parse(&format!("*{n}")).unwrap())];
    let mut k = Kernel::new();
    let o = f.open(&args, &mut k).unwrap().expect("an opening");
    (args, o.term)
}

fn check(name: &str, args: &[Arg], t: &Term) -> Result<(), String> {
    onag::function(name)
        .unwrap()
        .check_open(args, t)
        .expect("a check")
}

/// The value of an impartial game whose options are terms: the mex of their values.
fn mex_of(t: &Term) -> u64 {
    let Term::Game { left, right } = t else {
        panic!("a game")
    };
    assert_eq!(left, right, "impartial");
    let mut k = Kernel::new();
    let values: Vec<u64> = left
        .iter()
        .map(|o| {
            let g = k.eval(o).unwrap();
            k.as_nimber(g).unwrap().to_u64().unwrap()
        })
        .collect();
    (0..).find(|v| !values.contains(v)).unwrap()
}

fn fast(name: &str, n: u64) -> u64 {
    let mut k = Kernel::new();
    let g = k.eval(&parse(&format!("{name}(*{n})")).unwrap()).unwrap();
    k.as_nimber(g).unwrap().to_u64().unwrap()
}

#[test]
fn every_opening_in_gf16_checks_and_its_mex_is_the_value() {
    for n in 0..16u64 {
        for name in ["niminv", "nimsqrt"] {
            if name == "niminv" && n == 0 {
                continue;
            }
            let (args, t) = opening(name, n);
            check(name, &args, &t).unwrap_or_else(|e| panic!("{name}(*{n}): {e}"));
            assert_eq!(mex_of(&t), fast(name, n), "{name}(*{n})");
        }
    }
}

#[test]
fn the_seeds_worked_inverse_of_2_is_3() {
    // Seed 000 §I.6a builds the set for 1/2 step by step and finds 3 (2 ⊗ 3 = 1).
    let engine = Engine::new(RuleSet::builtin());
    let s = onag::simplify(&parse("niminv(*2)").unwrap(), &engine).unwrap();
    assert!(s.proof.checked() && s.canonical);
    assert_eq!(s.result().to_string(), "*3");
    assert_eq!(s.proof.steps[0].rule, "nim-inverse-definition");
    let s = onag::simplify(&parse("nimsqrt(*2)").unwrap(), &engine).unwrap();
    assert!(s.proof.checked() && s.canonical);
    assert_eq!(s.result().to_string(), "*3", "*3 ⊗ *3 = *2");
}

#[test]
fn a_tampered_opening_is_refused() {
    for (name, n) in [
        ("niminv", 5u64),
        ("nimsqrt", 6),
        ("niminv", 2),
        ("nimsqrt", 9),
    ] {
        let (args, t) = opening(name, n);
        let Term::Game { left, .. } = &t else {
            panic!("a game")
        };
        // An option dropped from both sides.
        let fewer: Vec<Term> = left[1..].to_vec();
        assert!(check(name, &args, &Term::game(fewer.clone(), fewer)).is_err());
        // The sides differ.
        assert!(check(name, &args, &Term::game(left[1..].to_vec(), left.clone())).is_err());
        // A foreign option.
        let mut more = left.clone();
        more.push(parse("*1").unwrap());
        assert!(check(name, &args, &Term::game(more.clone(), more)).is_err());
        // The opening of another argument.
        let (_, other) = opening(name, n + 1);
        assert!(check(name, &args, &other).is_err(), "{name}(*{n})");
    }
}

#[test]
fn a_set_grown_past_the_value_is_refused() {
    // 1/*2 = *3: its set ranges over q' < 3. Listing q' = 3 too describes S(4), whose mex is
    // not 4, so it is no value of the definition.
    let (args, t) = opening("niminv", 2);
    let Term::Game { left, .. } = &t else {
        panic!("a game")
    };
    let extra = parse("nimmul(nimmul(*1 + *2, *3) + *1, niminv(*1))").unwrap();
    let mut grown = left.clone();
    grown.push(extra);
    let e = check("niminv", &args, &Term::game(grown.clone(), grown)).unwrap_err();
    assert!(e.contains("least"), "{e}");
}

#[test]
fn beyond_the_field_the_opening_says_so() {
    let f = onag::function("niminv").unwrap();
    let mut k = Kernel::new();
    let e = f
        .open(&[Arg::Game(parse("*16").unwrap())], &mut k)
        .unwrap_err();
    assert!(e.to_string().contains("fast algorithm"), "{e}");
    assert!(f.open(&[Arg::Game(parse("*0").unwrap())], &mut k).is_err());
}
