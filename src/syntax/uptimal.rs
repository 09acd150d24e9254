//! CGSuite's uptimal powers, read and printed: `^<n>` is ↑ⁿ (up-nth, `^.Pow(n)`), `^[n]` is
//! ↑^→n = ↑ + ↑² + … + ↑ⁿ (`^.PowTo(n)`), `v<n>` and `v[n]` their negatives, each with an
//! optional nimber suffix (`^<2>*`, `^<2>*3`).
//!
//! A literal is read as its canonical form written out, so that the rest of onag (the kernel,
//! the engine, proofs and their checker) sees an ordinary game; the printer writes that exact
//! form back as the literal, so text and term round-trip. The forms, by the definitions
//! (Siegel, CGT, II.4; Berlekamp, Conway and Guy, Winning Ways, ch. 8):
//!
//! - ↑¹ = ↑ and ↑ⁿ = {0 | ↓^→(n−1) ∗} for n ≥ 2 (CGSuite: `{0|v*}` prints `^<2>`);
//! - ↑ⁿ∗ = {0, ∗ | ↓^→(n−1)} (`{0,*|v}` prints `^<2>*`);
//! - ↑^→n = {↑^→(n−1) | ∗} (`{^|*}` prints `^[2]`);
//! - ↑^→n ∗ = {0, ↑^→(n−1) ∗ | 0} (`{0,^*|0}` prints `^[2]*`);
//! - with ∗k for k ≥ 2 (CGSuite's `^<2>*3`, `^[2]*3`; m = k ⊕ 1, also ≥ 2):
//!   ↑^→n ∗k = {↑^→(n−1) ∗k | ∗m} from ↑∗k, and ↑ⁿ∗k = {0, ∗, …, ∗k | ↓^→(n−1) ∗m} for n ≥ 2.
//!   These are the canonical forms of the sums (their left options other than ∗k reverse to
//!   the nimbers below it); the unit tests below compare them with the kernel's.
//!
//! `tests/notation_table.rs` and the unit tests below check these forms against the
//! definitions evaluated in the kernel (↑ⁿ⁺¹ = {0 | ↓^→n ∗} with ↑^→n the sum of the powers).

use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;
use num_traits::Zero;

/// The largest n read in `^<n>` or `^[n]`: the form written out nests n braces deep, and terms
/// must stay well inside the parser's nesting limit ([`super::MAX_NESTING`]).
pub const MAX_UPTIMAL: u32 = 200;

/// The largest k of a suffix `*k` written out as the canonical form: ↑ⁿ∗k has k + 1 left
/// options. A larger k is read as the sum with ∗k (the same value), and prints the same.
pub const MAX_WRITTEN_NIM: u64 = 1024;

/// Which uptimal a literal names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Uptimal {
    /// `v`: the negative.
    pub down: bool,
    /// `[n]` (↑^→n) rather than `<n>` (↑ⁿ).
    pub to: bool,
    /// n ≥ 1.
    pub n: u32,
    /// The nimber suffix: 0 none, 1 `*`, k ≥ 2 `*k`.
    pub nim: u64,
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

/// ↑^→n ∗k (n ≥ 1, k ≥ 2): ↑∗k, then {previous | ∗(k ⊕ 1)}.
fn up_to_nim(n: u32, k: u64) -> Term {
    let mut t = nus(1, k);
    for _ in 1..n {
        t = Term::game(vec![t], vec![nus(0, k ^ 1)]);
    }
    t
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

/// The canonical form of the uptimal `u`, as the parser reads the literal (`u.nim` at most
/// [`MAX_WRITTEN_NIM`]).
pub(crate) fn term(u: Uptimal) -> Term {
    let n = u.n.max(1);
    let k = u.nim;
    let t = match (u.to, k) {
        (_, _) if n == 1 => nus(1, k),
        (true, 0) => up_to(n),
        (true, 1) => up_to_star(n),
        (true, _) => up_to_nim(n, k),
        (false, 0) => Term::game(vec![zero()], vec![neg(&up_to_star(n - 1))]),
        (false, 1) => Term::game(vec![zero(), star()], vec![neg(&up_to(n - 1))]),
        (false, _) => Term::game(
            (0..=k).map(|j| nus(0, j)).collect(),
            vec![neg(&up_to_nim(n - 1, k ^ 1))],
        ),
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

/// The n of ↑^→n ∗m (or of ↓^→n ∗m when `down`), if `t` is exactly that form, for m = 0
/// (↑^→n) or m ≥ 2 (↑^→n ∗ has another form: [`as_up_to_star`]).
fn as_up_to(mut t: &Term, x: &Dyadic, down: bool, m: u64) -> Option<u32> {
    let mut n = 1u32;
    loop {
        if is_nus(t, x, if down { -1 } else { 1 }, m) {
            return Some(n);
        }
        let Term::Game { left, right } = t else {
            return None;
        };
        let (inner, other) = if down { (right, left) } else { (left, right) };
        match (&inner[..], &other[..]) {
            ([y], [s]) if is_nus(s, x, 0, m ^ 1) => t = y,
            _ => return None,
        }
        n = n.checked_add(1)?;
    }
}

/// The k of options x, x∗, …, x∗k (in any order), k ≥ 2.
fn as_nimbers_to(options: &[Term], x: &Dyadic) -> Option<u64> {
    let k = options.len().checked_sub(1).filter(|&k| k >= 2)?;
    let mut seen = vec![false; k + 1];
    for o in options {
        let Term::Nus { number, up, nim } = o else {
            return None;
        };
        if number != x || !up.is_zero() {
            return None;
        }
        let j = nim.to_u64().and_then(|j| usize::try_from(j).ok())?;
        if j > k || std::mem::replace(&mut seen[j], true) {
            return None;
        }
    }
    u64::try_from(k).ok()
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
    // node as small as an uptimal's (at most two options a side, or one on a side).
    let mut at = t;
    let mut depth = 0;
    let x = loop {
        match at {
            Term::Nus { number, .. } => break number.clone(),
            Term::Game { left, right } if small_node(left, right) && depth <= MAX_UPTIMAL + 2 => {
                at = left.first()?;
                depth += 1;
            }
            _ => return None,
        }
    };
    recognize_at(t, &x).map(|u| (x, u))
}

/// Whether a node may be part of an uptimal's form: at most two options a side, or any
/// number on one side and one on the other (↑ⁿ∗k's x, x∗, …, x∗k).
fn small_node(left: &[Term], right: &[Term]) -> bool {
    (left.len() <= 2 && right.len() <= 2) || left.len() == 1 || right.len() == 1
}

fn recognize_at(t: &Term, x: &Dyadic) -> Option<Uptimal> {
    let Term::Game { left, right } = t else {
        return None;
    };
    // Cheap refusals first: this is asked of every game printed.
    if !small_node(left, right) || left.is_empty() || right.is_empty() {
        return None;
    }
    for down in [false, true] {
        let (l, r) = if down { (right, left) } else { (left, right) };
        let u = |to, n: u32, nim| Uptimal { down, to, n, nim };
        match (&l[..], &r[..]) {
            // ↑ⁿ = {0 | ↓^→(n−1) ∗}
            ([z], [y]) if is_zero(z, x) => {
                if let Some(m) = as_up_to_star(y, x, !down) {
                    return Some(u(false, m + 1, 0));
                }
            }
            // ↑ⁿ∗ = {0, ∗ | ↓^→(n−1)}
            ([z, s], [y]) if is_zero(z, x) && is_star(s, x) => {
                if let Some(m) = as_up_to(y, x, !down, 0) {
                    return Some(u(false, m + 1, 1));
                }
            }
            _ => {}
        }
        // ↑ⁿ∗k = {0, ∗, …, ∗k | ↓^→(n−1) ∗(k ⊕ 1)}, k ≥ 2
        if let ([y], Some(k)) = (&r[..], as_nimbers_to(l, x)) {
            if let Some(m) = as_up_to(y, x, !down, k ^ 1) {
                return Some(u(false, m + 1, k));
            }
        }
        // ↑^→n ∗k, n ≥ 2: k = 0, or k ≥ 2 read off the leaf
        if let Some(n) = as_up_to(t, x, down, 0).filter(|&n| n >= 2) {
            return Some(u(true, n, 0));
        }
        if let Some(n) = as_up_to_star(t, x, down).filter(|&n| n >= 2) {
            return Some(u(true, n, 1));
        }
        if let ([_], [Term::Nus { nim: s, .. }]) = (&l[..], &r[..]) {
            if let Some(k) = s.to_u64().map(|s| s ^ 1).filter(|&k| k >= 2) {
                if let Some(n) = as_up_to(t, x, down, k).filter(|&n| n >= 2) {
                    return Some(u(true, n, k));
                }
            }
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
    let star = match u.nim {
        0 => String::new(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    };
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
                    for nim in [0, 1, 2, 3, 6] {
                        for n in 2..8 {
                            let u = Uptimal { down, to, n, nim };
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
            nim: 0,
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
                for nim in [0, 1, 2, 3, 4, 5, 9] {
                    for n in 2..12 {
                        let u = Uptimal { down, to, n, nim };
                        assert_eq!(recognize(&term(u)), Some(u), "{}", text(u, false));
                    }
                }
            }
        }
    }

    #[test]
    fn the_forms_cgsuite_prints() {
        let p = |s: &str| super::super::parse(s).unwrap();
        let u = |down, to, n, nim| Uptimal { down, to, n, nim };
        assert_eq!(term(u(false, false, 2, 0)), p("{0|v*}"));
        assert_eq!(term(u(false, false, 2, 1)), p("{0,*|v}"));
        assert_eq!(term(u(false, true, 2, 0)), p("{^|*}"));
        assert_eq!(term(u(false, true, 2, 1)), p("{0,^*|0}"));
        assert_eq!(term(u(true, false, 2, 0)), p("{^*|0}"));
        assert_eq!(term(u(false, false, 2, 3)), p("{0,*,*2,*3|v*2}"));
        assert_eq!(term(u(false, true, 2, 3)), p("{^*3|*2}"));
        assert_eq!(term(u(false, true, 3, 2)), p("{^*2|*3||*3}"));
        assert_eq!(text(u(false, false, 2, 3), false), "^<2>*3");
        assert_eq!(text(u(true, true, 4, 2), true), "↓[4]*2");
    }
}
