//! The mex definition of the nim product as an opening (seed 000 §I.6a; seed 003, Definition 32
//! and the product x × y of impartial games): `open` writes `*a ⊗ *b` as the impartial game of
//! the options `(*a' ⊗ *b) + (*a ⊗ *b') + (*a' ⊗ *b')`, `check_open` re-derives that option set
//! from the definition, tampered openings are rejected, and the values of the opened options
//! have the mex the definition (evaluated literally here) and the fast product both give.

use super::mex_table;
use crate::functions::{self, world, Opening};
use crate::parse;
use crate::Nimber;
use crate::{Arg, Term};
use crate::{Kernel, KernelError};
use std::collections::BTreeSet;

fn args(a: &str, b: &str) -> Vec<Arg> {
    vec![Arg::Game(parse(a).unwrap()), Arg::Game(parse(b).unwrap())]
}

fn open(name: &str, a: &str, b: &str, k: &mut Kernel) -> Result<Option<Opening>, KernelError> {
    functions::lookup(name).unwrap().open(&args(a, b), k)
}

fn check(name: &str, a: &str, b: &str, t: &Term) -> Result<(), String> {
    functions::lookup(name)
        .unwrap()
        .check_open(&args(a, b), t)
        .expect("nim products have an independent check")
}

fn options(t: &Term) -> (&[Term], &[Term]) {
    match t {
        Term::Game { left, right } => (left, right),
        _ => panic!("an opening of a nim product is a game"),
    }
}

#[test]
fn seed_000_nim_product_opens_to_its_mex_definition_and_checks() {
    let mut k = Kernel::new();
    for a in 0..9u64 {
        for b in 0..9u64 {
            let (x, y) = (format!("*{a}"), format!("*{b}"));
            let o = open("nimmul", &x, &y, &mut k).unwrap().unwrap();
            assert_eq!(o.rule, "nim-product-definition");
            assert!(o.cite.contains("seed 000"), "{}", o.cite);
            let (l, r) = options(&o.term);
            assert_eq!(l.len() as u64, a * b, "*{a} ⊗ *{b}");
            assert_eq!(
                l, r,
                "an impartial game: both players have the same options"
            );
            assert_eq!(check("nimmul", &x, &y, &o.term), Ok(()), "*{a} ⊗ *{b}");
        }
    }
    // larger operands, and operands written as forms: 0, *, {0,*|0,*} = *2
    for (x, y) in [("*17", "*5"), ("0", "*3"), ("*", "*"), ("{0,*|0,*}", "*3")] {
        let o = open("nimmul", x, y, &mut k).unwrap().unwrap();
        assert_eq!(check("nimmul", x, y, &o.term), Ok(()), "{x} ⊗ {y}");
    }
}

/// seed 003, Theorem 40: mex(x × y) = mex(x) ∘ mex(y). Every opened option is evaluated on
/// its own; the mex of their values is the literal mex table, the fast product, and the GF(16)
/// entries the seed states (2^(2^n) ⊗ 2^(2^m) is the ordinary product for n ≠ m and
/// 3·2^(2^n)/2 for n = m, seed 000 §I.6a).
#[test]
fn seed_003_opened_options_agree_with_the_fast_product_on_gf16() {
    let table = mex_table(16);
    assert_eq!(table[2][2], 3);
    assert_eq!(table[2][4], 8);
    assert_eq!(table[4][4], 6);
    assert_eq!(table[2][8], 12);
    let mut k = Kernel::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &want) in row.iter().enumerate() {
            let o = open("nimmul", &format!("*{a}"), &format!("*{b}"), &mut k)
                .unwrap()
                .unwrap();
            let (l, _) = options(&o.term);
            let mut values = BTreeSet::new();
            for t in l {
                // each option, evaluated by the fast product inside its calls
                let v = world::eval(&mut k, t).unwrap();
                let world::Value::Game(g) = v else {
                    panic!("a finite nimber")
                };
                values.insert(k.as_nimber(g).unwrap().to_u64().unwrap());
            }
            let mex = (0..).find(|x| !values.contains(x)).unwrap();
            assert_eq!(mex, want, "*{a} ⊗ *{b}");
            let fast = Nimber::from(a as u64).nim_mul(&Nimber::from(b as u64));
            assert_eq!(Nimber::from(mex), fast, "*{a} ⊗ *{b}");
            // and the whole opened game has that value in the kernel
            let whole = world::eval(&mut k, &o.term).unwrap();
            let world::Value::Game(g) = whole else {
                panic!()
            };
            assert_eq!(k.as_nimber(g), Some(fast), "*{a} ⊗ *{b} as a game");
        }
    }
}

/// seed 003's product of impartial games, `mul(G, H)` (`G * H`, `G × H`): the same definition
/// with `mul` calls; a product of numbers has no such opening.
#[test]
fn seed_003_impartial_product_opens_by_its_option_definition() {
    let mut k = Kernel::new();
    for (x, y) in [("*2", "*3"), ("{0,*|0,*}", "{0|0}"), ("0", "*5")] {
        let o = open("mul", x, y, &mut k).unwrap().unwrap();
        assert_eq!(o.rule, "impartial-product-definition");
        assert_eq!(check("mul", x, y, &o.term), Ok(()), "{x} × {y}");
        // a `nimmul` opening is not a `mul` opening (unless both are {|}, for *0)
        let other = open("nimmul", x, y, &mut k).unwrap().unwrap();
        assert_eq!(
            check("mul", x, y, &other.term).is_err(),
            x != "0",
            "{x} × {y}"
        );
    }
    assert_eq!(open("mul", "2", "3", &mut k).unwrap(), None);
    assert_eq!(open("mul", "1/2", "*", &mut k).unwrap(), None);
}

#[test]
fn tampered_openings_are_rejected() {
    let mut k = Kernel::new();
    let (x, y) = ("*3", "*2");
    let o = open("nimmul", x, y, &mut k).unwrap().unwrap();
    let (l, r) = options(&o.term);
    let game = |l: Vec<Term>, r: Vec<Term>| Term::Game { left: l, right: r };
    let call = |a: u64, b: u64| Term::Call {
        name: "nimmul".into(),
        args: vec![
            Arg::Game(Term::nimber(Nimber::from(a))),
            Arg::Game(Term::nimber(Nimber::from(b))),
        ],
    };
    // the options in another order are the same set
    let mut rev = l.to_vec();
    rev.reverse();
    assert_eq!(
        check("nimmul", x, y, &game(rev.clone(), r.to_vec())),
        Ok(())
    );
    // one option missing on one side
    let e = check("nimmul", x, y, &game(l[1..].to_vec(), r.to_vec())).unwrap_err();
    assert!(e.contains("misses"), "{e}");
    // an option twice
    let mut twice = l.to_vec();
    twice.push(l[0].clone());
    let e = check("nimmul", x, y, &game(twice, r.to_vec())).unwrap_err();
    assert!(e.contains("twice"), "{e}");
    // a wrong product inside an option: (*0 ⊗ *2) + (*3 ⊗ *0) + (*0 ⊗ *1)
    let mut wrong = l.to_vec();
    wrong[0] = Term::sum(Term::sum(call(0, 2), call(3, 0)), call(0, 1));
    let e = check("nimmul", x, y, &game(wrong, r.to_vec())).unwrap_err();
    assert!(e.contains("is not"), "{e}");
    // an option of a' = b' = 0 written with only two of its products
    let mut short = l.to_vec();
    short[0] = Term::sum(call(0, 2), call(3, 0));
    assert!(check("nimmul", x, y, &game(short, r.to_vec())).is_err());
    // Right's options missing
    assert!(check("nimmul", x, y, &game(l.to_vec(), vec![])).is_err());
    // the opening of another product
    let other = open("nimmul", "*3", "*3", &mut k).unwrap().unwrap();
    assert!(check("nimmul", x, y, &other.term).is_err());
    // not a game at all: the value itself
    assert!(check("nimmul", x, y, &parse("*1").unwrap()).is_err());
    // an extra option outside the range a' < 3, b' < 2
    let mut extra = l.to_vec();
    extra.push(Term::sum(Term::sum(call(1, 2), call(3, 2)), call(1, 2)));
    assert!(check("nimmul", x, y, &game(extra, r.to_vec())).is_err());
}

#[test]
fn too_large_or_transfinite_operands_are_refused_not_opened() {
    let mut k = Kernel::new();
    // the last size opened, and the first refused
    assert!(open("nimmul", "*255", "*1", &mut k).unwrap().is_some());
    let e = open("nimmul", "*256", "*2", &mut k).unwrap_err();
    assert!(matches!(e, KernelError::TooLarge { .. }), "{e}");
    let m = e.to_string();
    assert!(
        m.contains("too large to derive")
            && m.contains("`onag::evaluate`")
            && !m.contains("onag eval"),
        "{m}"
    );
    let e = open("nimmul", "*w", "*2", &mut k).unwrap_err().to_string();
    assert!(e.contains("transfinite"), "{e}");
    assert!(e.contains("`onag::evaluate`"), "{e}");
    // not a nimber: bad input
    let e = open("nimmul", "1/2", "*2", &mut k).unwrap_err();
    assert!(matches!(e, KernelError::Function { .. }), "{e}");
    // the check refuses what it cannot re-derive
    let t = parse("{|}").unwrap();
    assert!(check("nimmul", "^", "*2", &t).is_err());
    assert!(check("nimmul", "*256", "*2", &t).is_err());
}
