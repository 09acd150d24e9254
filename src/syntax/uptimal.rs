//! CGSuite's uptimal powers, read and printed: `^<n>` is ↑ⁿ (up-nth, `^.Pow(n)`), `^[n]` is
//! ↑^→n = ↑ + ↑² + … + ↑ⁿ (`^.PowTo(n)`), `v<n>` and `v[n]` their negatives, each with an
//! optional star suffix (`^<2>*`).
//!
//! A literal is read as its canonical form written out, so that the rest of onag (the kernel,
//! the engine, proofs and their checker) sees an ordinary game; the printer writes that exact
//! form back as the literal, so text and term round-trip. The forms, by the definitions
//! (Siegel, CGT, II.4; Berlekamp, Conway and Guy, Winning Ways, ch. 8):
//!
//! - ↑¹ = ↑ and ↑ⁿ = {0 | ↓^→(n−1) ∗} for n ≥ 2 (CGSuite: `{0|v*}` prints `^<2>`);
//! - ↑ⁿ∗ = {0, ∗ | ↓^→(n−1)} (`{0,*|v}` prints `^<2>*`);
//! - ↑^→n = {↑^→(n−1) | ∗} (`{^|*}` prints `^[2]`);
//! - ↑^→n ∗ = {0, ↑^→(n−1) ∗ | 0} (`{0,^*|0}` prints `^[2]*`).
//!
//! `tests/notation_table.rs` and the unit tests below check these forms against the
//! definitions evaluated in the kernel (↑ⁿ⁺¹ = {0 | ↓^→n ∗} with ↑^→n the sum of the powers).

use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;

/// The largest n read in `^<n>` or `^[n]`: the form written out nests n braces deep, and terms
/// must stay well inside the parser's nesting limit ([`super::MAX_NESTING`]).
pub const MAX_UPTIMAL: u32 = 200;

/// Which uptimal a literal names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Uptimal {
    /// `v`: the negative.
    pub down: bool,
    /// `[n]` (↑^→n) rather than `<n>` (↑ⁿ).
    pub to: bool,
    /// n ≥ 1.
    pub n: u32,
    /// A `*` suffix.
    pub star: bool,
}

fn nus(up: i64, nim: u64) -> Term {
    Term::Nus {
        number: Dyadic::zero(),
        up: BigInt::from(up),
        nim: Nimber::from(nim),
    }
}

fn zero() -> Term {
    nus(0, 0)
}

fn star() -> Term {
    nus(0, 1)
}

/// ↑^→n ∗ (n ≥ 1): ↑∗, then {0, previous | 0}.
fn up_to_star(n: u32) -> Term {
    let mut t = nus(1, 1);
    for _ in 1..n {
        t = Term::game(vec![zero(), t], vec![zero()]);
    }
    t
}

/// ↑^→n (n ≥ 1): ↑, then {previous | ∗}.
fn up_to(n: u32) -> Term {
    let mut t = nus(1, 0);
    for _ in 1..n {
        t = Term::game(vec![t], vec![star()]);
    }
    t
}

/// The negative of a form built here: options swapped and negated.
fn neg(t: &Term) -> Term {
    match t {
        Term::Game { left, right } => Term::game(
            right.iter().map(neg).collect(),
            left.iter().map(neg).collect(),
        ),
        Term::Nus { number, up, nim } => Term::Nus {
            number: -number.clone(),
            up: -up.clone(),
            nim: nim.clone(),
        },
        other => other.clone(),
    }
}

/// The canonical form of the uptimal `u`, as the parser reads the literal.
pub(crate) fn term(u: Uptimal) -> Term {
    let n = u.n.max(1);
    let t = match (u.to, u.star) {
        (true, false) => up_to(n),
        (true, true) => up_to_star(n),
        (false, false) if n == 1 => nus(1, 0),
        (false, true) if n == 1 => nus(1, 1),
        (false, false) => Term::game(vec![zero()], vec![neg(&up_to_star(n - 1))]),
        (false, true) => Term::game(vec![zero(), star()], vec![neg(&up_to(n - 1))]),
    };
    if u.down {
        neg(&t)
    } else {
        t
    }
}

/// Whether `t` is the leaf x + up·↑ + ∗nim (x the number every leaf of a translated form has).
fn is_nus(t: &Term, x: &Dyadic, up: i64, nim: u64) -> bool {
    matches!(t, Term::Nus { number, up: u, nim: k }
        if number == x && *u == BigInt::from(up) && k.to_u64() == Some(nim))
}

fn is_zero(t: &Term, x: &Dyadic) -> bool {
    is_nus(t, x, 0, 0)
}

fn is_star(t: &Term, x: &Dyadic) -> bool {
    is_nus(t, x, 0, 1)
}

/// The n of ↑^→n (or of ↓^→n when `down`), if `t` is exactly that form.
fn as_up_to(mut t: &Term, x: &Dyadic, down: bool) -> Option<u32> {
    let mut n = 1u32;
    loop {
        if is_nus(t, x, if down { -1 } else { 1 }, 0) {
            return Some(n);
        }
        let Term::Game { left, right } = t else {
            return None;
        };
        let (inner, other) = if down { (right, left) } else { (left, right) };
        match (&inner[..], &other[..]) {
            ([y], [s]) if is_star(s, x) => t = y,
            _ => return None,
        }
        n = n.checked_add(1)?;
    }
}

/// The n of ↑^→n ∗ (or ↓^→n ∗ when `down`), if `t` is exactly that form.
fn as_up_to_star(mut t: &Term, x: &Dyadic, down: bool) -> Option<u32> {
    let mut n = 1u32;
    loop {
        if is_nus(t, x, if down { -1 } else { 1 }, 1) {
            return Some(n);
        }
        let Term::Game { left, right } = t else {
            return None;
        };
        let (inner, other) = if down { (right, left) } else { (left, right) };
        match (&inner[..], &other[..]) {
            ([z, y], [z2]) if is_zero(z, x) && is_zero(z2, x) => t = y,
            _ => return None,
        }
        n = n.checked_add(1)?;
    }
}

/// The uptimal literal `t` is exactly the form of (n ≥ 2: n = 1 is a number-up-star literal).
#[cfg(test)]
pub(crate) fn recognize(t: &Term) -> Option<Uptimal> {
    recognize_at(t, &Dyadic::zero())
}

/// The number x and the uptimal u when `t` is exactly the form of x + u: u's form with x
/// added to every leaf (for a game that is not a number, x + G = {x + Gᴸ | x + Gᴿ}, and the
/// translated form of a canonical form is canonical). CGSuite prints x + u compactly as
/// `1^<2>`, `-1v[3]*`, and reads that back as the sum, as onag does.
pub(crate) fn recognize_shifted(t: &Term) -> Option<(Dyadic, Uptimal)> {
    // x is the number of the leftmost leaf, found by following first Left options, each
    // node as small as an uptimal's (at most two options a side).
    let mut at = t;
    let mut depth = 0;
    let x = loop {
        match at {
            Term::Nus { number, .. } => break number.clone(),
            Term::Game { left, right }
                if left.len() <= 2 && right.len() <= 2 && depth <= MAX_UPTIMAL + 2 =>
            {
                at = left.first()?;
                depth += 1;
            }
            _ => return None,
        }
    };
    recognize_at(t, &x).map(|u| (x, u))
}

fn recognize_at(t: &Term, x: &Dyadic) -> Option<Uptimal> {
    let Term::Game { left, right } = t else {
        return None;
    };
    // Cheap refusals first: this is asked of every game printed.
    if left.len() > 2 || right.len() > 2 || left.is_empty() || right.is_empty() {
        return None;
    }
    for down in [false, true] {
        let (l, r) = if down { (right, left) } else { (left, right) };
        let u = |to, n: u32, star| Uptimal { down, to, n, star };
        match (&l[..], &r[..]) {
            // ↑ⁿ = {0 | ↓^→(n−1) ∗}
            ([z], [y]) if is_zero(z, x) => {
                if let Some(m) = as_up_to_star(y, x, !down) {
                    return Some(u(false, m + 1, false));
                }
            }
            // ↑ⁿ∗ = {0, ∗ | ↓^→(n−1)}
            ([z, s], [y]) if is_zero(z, x) && is_star(s, x) => {
                if let Some(m) = as_up_to(y, x, !down) {
                    return Some(u(false, m + 1, true));
                }
            }
            _ => {}
        }
        // ↑^→n, n ≥ 2
        if let Some(n) = as_up_to(t, x, down).filter(|&n| n >= 2) {
            return Some(u(true, n, false));
        }
        if let Some(n) = as_up_to_star(t, x, down).filter(|&n| n >= 2) {
            return Some(u(true, n, true));
        }
    }
    None
}

/// `t` (an uptimal's form: braces over number-up-star leaves) with x added to every leaf: the
/// form of x + t by number translation, which is what `recognize_shifted` recognises and the
/// printer writes as `1^<2>`; so the parser reads that text back as the very form printed.
/// None for anything else (a sum with `*k`, a loopy uptimal).
pub(crate) fn translate(t: &Term, x: &Dyadic) -> Option<Term> {
    match t {
        Term::Game { left, right } => Some(Term::game(
            left.iter()
                .map(|o| translate(o, x))
                .collect::<Option<_>>()?,
            right
                .iter()
                .map(|o| translate(o, x))
                .collect::<Option<_>>()?,
        )),
        Term::Nus { number, up, nim } => Some(Term::Nus {
            number: number + x,
            up: up.clone(),
            nim: nim.clone(),
        }),
        _ => None,
    }
}

/// How the literal prints: `^<3>`, `v[2]*` (`↑<3>`, `↓[2]*` in Unicode).
pub(crate) fn text(u: Uptimal, unicode: bool) -> String {
    let arrow = match (u.down, unicode) {
        (false, false) => "^",
        (true, false) => "v",
        (false, true) => "↑",
        (true, true) => "↓",
    };
    let (open, close) = if u.to { ('[', ']') } else { ('<', '>') };
    let star = if u.star { "*" } else { "" };
    format!("{arrow}{open}{}{close}{star}", u.n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shift(t: &Term, x: &Dyadic) -> Term {
        translate(t, x).expect("an uptimal's form")
    }

    #[test]
    fn translated_forms_are_recognised_with_their_number() {
        for x in [Dyadic::from(1), Dyadic::from(-3), Dyadic::from(1).half()] {
            for down in [false, true] {
                for to in [false, true] {
                    for star in [false, true] {
                        for n in 2..8 {
                            let u = Uptimal { down, to, n, star };
                            let t = shift(&term(u), &x);
                            assert_eq!(recognize_shifted(&t), Some((x.clone(), u)));
                            assert_eq!(recognize(&t), None);
                        }
                    }
                }
            }
        }
        // A form whose leaves do not all carry the same number is not one.
        let u = Uptimal {
            down: false,
            to: false,
            n: 2,
            star: false,
        };
        let Term::Game { left, right } = shift(&term(u), &Dyadic::from(1)) else {
            panic!("a game")
        };
        let mixed = Term::game(vec![Term::zero()], right);
        assert_eq!(recognize_shifted(&mixed), None);
        assert!(recognize_shifted(&Term::game(left, vec![])).is_none());
    }

    #[test]
    fn forms_are_recognised_as_what_they_were_built_from() {
        for down in [false, true] {
            for to in [false, true] {
                for star in [false, true] {
                    for n in 2..12 {
                        let u = Uptimal { down, to, n, star };
                        assert_eq!(recognize(&term(u)), Some(u), "{}", text(u, false));
                    }
                }
            }
        }
    }

    #[test]
    fn the_forms_cgsuite_prints() {
        let p = |s: &str| super::super::parse(s).unwrap();
        let u = |down, to, n, star| Uptimal { down, to, n, star };
        assert_eq!(term(u(false, false, 2, false)), p("{0|v*}"));
        assert_eq!(term(u(false, false, 2, true)), p("{0,*|v}"));
        assert_eq!(term(u(false, true, 2, false)), p("{^|*}"));
        assert_eq!(term(u(false, true, 2, true)), p("{0,^*|0}"));
        assert_eq!(term(u(true, false, 2, false)), p("{^*|0}"));
    }
}
