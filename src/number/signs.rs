//! Sign expansions (infinite Hackenstrings) of surreal numbers, both ways.
//!
//! Seed 000 II.5b: every surreal number is a Hackenstring of L (+) and R (−) pebbles indexed
//! by the ordinals below its birthday; seed 001 writes recurring rows with parentheses:
//! `A B ( B A )` = 1/3, `A ( A )` = ω, `A ( B )` = 1/ω, `A B ( A )` = 1 − 1/ω (the 0.999…
//! question), and `( ( A ) )` = ω².
//!
//! **Number → sign expansion** ([`sign_expansion`]) for a normal form `Σ ω^{a_i}·r_i` with
//! rational coefficients and exponents that are ordinals or negatives of ordinals (so every
//! integer), by Gonshor's theorems (*An Introduction to the Theory of Surreal Numbers*, 1986,
//! Thm 5.11 for `ω^a`, 5.12 for a sum; docs/REFERENCES.md):
//!
//! - `ω^a` for an ordinal `a` is `+^{ω^a}`; `ω^{−α}` is `+ −^{ω·α}` (Thm 5.11: a `+`, then for
//!   each `−` of the exponent `ω^{p+1}` minuses, `p` the pluses before it — none here).
//! - `ω^a·r` is `ω^a`'s expansion followed by the signs of `r` after its first, each repeated
//!   `ω^{a⁺}` times, `a⁺` the number of pluses of `a` (`a` itself for an ordinal, 0 for `−α`);
//!   a non-dyadic rational's signs are eventually periodic, so its tail is a block repeated ω
//!   times. A negative coefficient gives the mirror image.
//! - A sum is the concatenation of its terms, each term `ω^{a_i}` written with its *reduced*
//!   exponent: the signs of `a_i` whose prefix values reach a previous exponent are left out.
//!   For `a_i = −α` after `a_{i−1} = −γ` (or `γ = 0` when `a_{i−1} ≥ 0`) that leaves the
//!   `−γ + α` minuses after the first `γ`, so the term opens with `+ −^{ω·(−γ+α)}`.
//! - After a non-dyadic coefficient at an exponent `≤ 0` the number already sits in the gap
//!   of numbers infinitely close to it: the gap's simplest element `ω^{a_{i−1}−1}` is one sign
//!   away, so the next term's run is one `ω` shorter: 1/3 + 1/ω is 1/3's expansion and a single
//!   `+`, born on day ω+1 (seed 000 "Infinite days"), while 1/2 + 1/ω is `+-+-^ω`.
//!
//! Exponents that are neither (½, ω−1) are rejected with the reason.
//!
//! **Sign expansion → number** ([`expansion_value`], and [`row_value`] for a typed row) reads
//! the terms back off the runs by the same theorems in reverse, on a separate code path: the
//! tests check the two are inverse, that every sampled prefix of an expansion lies on the side
//! of the number its next sign says (the definition of a sign expansion: the simplicity rule),
//! and that the lexicographic order of expansions is the order of the numbers.

use super::dyadic::{Dyadic, Sign};
use super::ordinal::Ordinal;
use super::surreal::Surreal;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive};
use std::collections::VecDeque;

/// One piece of a sign expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Segment {
    /// One sign repeated an ordinal number of times.
    Run(Sign, Ordinal),
    /// These runs (both signs occur) repeated ω times: a non-dyadic coefficient's tail.
    Repeat(Vec<(Sign, Ordinal)>),
}

/// A sign expansion: runs of one sign with ordinal lengths and blocks repeated ω times.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SignExpansion {
    /// The pieces in order; consecutive runs have different signs.
    pub segments: Vec<Segment>,
}

fn flip(s: Sign) -> Sign {
    match s {
        Sign::Plus => Sign::Minus,
        Sign::Minus => Sign::Plus,
    }
}

fn block_length(block: &[(Sign, Ordinal)]) -> Ordinal {
    block.iter().fold(Ordinal::zero(), |acc, (_, n)| acc.add(n))
}

#[cfg(any(test, feature = "cli"))]
fn sign_char(s: Sign, plus: char, minus: char) -> char {
    if s == Sign::Plus {
        plus
    } else {
        minus
    }
}

impl SignExpansion {
    /// An expansion made of runs only.
    pub fn from_runs(runs: Vec<(Sign, Ordinal)>) -> Self {
        let mut e = SignExpansion::default();
        for (s, n) in runs {
            e.push(s, n);
        }
        e
    }

    /// Appends `len` signs `s`, merging with a run of the same sign before it.
    pub fn push(&mut self, s: Sign, len: Ordinal) {
        if len.is_zero() {
            return;
        }
        if let Some(Segment::Run(t, n)) = self.segments.last_mut() {
            if *t == s {
                *n = n.add(&len);
                return;
            }
        }
        self.segments.push(Segment::Run(s, len));
    }

    /// Appends a block repeated ω times (a block of one sign is a run ω times as long).
    pub fn push_repeat(&mut self, block: Vec<(Sign, Ordinal)>) {
        let mut b: Vec<(Sign, Ordinal)> = Vec::new();
        for (s, n) in block {
            match b.last_mut() {
                _ if n.is_zero() => {}
                Some(last) if last.0 == s => last.1 = last.1.add(&n),
                _ => b.push((s, n)),
            }
        }
        match b.as_slice() {
            [] => {}
            [(s, n)] => self.push(*s, n.mul(&Ordinal::omega())),
            _ => self.segments.push(Segment::Repeat(b)),
        }
    }

    /// The runs, when there is no repeated block.
    pub fn runs_only(&self) -> Option<Vec<(Sign, Ordinal)>> {
        self.segments
            .iter()
            .map(|g| match g {
                Segment::Run(s, n) => Some((*s, n.clone())),
                Segment::Repeat(_) => None,
            })
            .collect()
    }

    /// The length: the number's birthday.
    pub fn length(&self) -> Ordinal {
        self.segments
            .iter()
            .fold(Ordinal::zero(), |acc, g| match g {
                Segment::Run(_, n) => acc.add(n),
                Segment::Repeat(b) => acc.add(&block_length(b).mul(&Ordinal::omega())),
            })
    }

    /// The prefix of length `alpha` and the sign at position `alpha`; `None` when `alpha` is
    /// not below the length (or lies beyond 2^16 copies of a repeated block).
    #[cfg(test)]
    pub fn prefix(&self, alpha: &Ordinal) -> Option<(SignExpansion, Sign)> {
        let mut out = SignExpansion::default();
        let mut left = alpha.clone();
        // Within a run of length n: the first `left` signs, if left < n.
        let step = |out: &mut SignExpansion, left: &mut Ordinal, s: Sign, n: &Ordinal| {
            if *left < *n {
                out.push(s, left.clone());
                return Some(s);
            }
            out.push(s, n.clone());
            *left = left.left_sub(n).unwrap_or_default();
            None
        };
        for g in &self.segments {
            match g {
                Segment::Run(s, n) => {
                    if let Some(s) = step(&mut out, &mut left, *s, n) {
                        return Some((out, s));
                    }
                }
                Segment::Repeat(b) => {
                    let total = block_length(b).mul(&Ordinal::omega());
                    if left >= total {
                        out.segments.push(g.clone());
                        left = left.left_sub(&total)?;
                        continue;
                    }
                    for _ in 0..1 << 16 {
                        for (s, n) in b {
                            if let Some(s) = step(&mut out, &mut left, *s, n) {
                                return Some((out, s));
                            }
                        }
                    }
                    return None;
                }
            }
        }
        None
    }

    /// As `+`/`-` signs, a run longer than 3 written `+^n` or `+^(ω·2)`, a block repeated ω
    /// times in parentheses: `+-+`, `+^ω-^ω`, `+-(-+)`, `+-(-+)+` (1/3 + 1/ω).
    #[cfg(any(test, feature = "cli"))]
    pub fn signs(&self, ascii: bool) -> String {
        let run = |out: &mut String, s: Sign, n: &Ordinal| {
            let c = sign_char(s, '+', '-');
            match n.to_natural().and_then(|k| k.to_u64()) {
                Some(k) if k <= 3 => out.extend(std::iter::repeat_n(c, k as usize)),
                _ => {
                    let len = n.display(ascii);
                    if n.terms().len() == 1
                        && n.to_natural().is_none()
                        && !len.contains('*')
                        && !len.contains('·')
                    {
                        out.push_str(&format!("{c}^{len}"));
                    } else {
                        out.push_str(&format!("{c}^({len})"));
                    }
                }
            }
        };
        let mut out = String::new();
        for g in &self.segments {
            match g {
                Segment::Run(s, n) => run(&mut out, *s, n),
                Segment::Repeat(b) => {
                    out.push('(');
                    for (s, n) in b {
                        run(&mut out, *s, n);
                    }
                    out.push(')');
                }
            }
        }
        out
    }

    /// As a Hackenstring row in L and R, `(X)` meaning X repeated ω times (seed 001), when every
    /// run length is below `ω^ω`: ω is `(L)`, ω² is `((L))`, 1/3 is `LR(RL)`.
    #[cfg(test)]
    pub fn row(&self) -> Option<String> {
        let run = |out: &mut String, s: Sign, n: &Ordinal| -> Option<()> {
            let c = sign_char(s, 'L', 'R');
            for (e, k) in n.terms() {
                let depth = e.to_natural()?.to_usize()?;
                let k = k.to_usize()?;
                if depth > 64 || k > 64 {
                    return None;
                }
                let one = format!("{}{c}{}", "(".repeat(depth), ")".repeat(depth));
                out.push_str(&one.repeat(k));
            }
            Some(())
        };
        let mut out = String::new();
        for g in &self.segments {
            match g {
                Segment::Run(s, n) => run(&mut out, *s, n)?,
                Segment::Repeat(b) => {
                    out.push('(');
                    for (s, n) in b {
                        run(&mut out, *s, n)?;
                    }
                    out.push(')');
                }
            }
        }
        Some(out)
    }
}

/// The signs of a dyadic's expansion.
fn dyadic_signs(d: &Dyadic) -> Result<Vec<Sign>, String> {
    d.sign_expansion(1 << 20)
        .ok_or_else(|| format!("the sign expansion of {d} is longer than 2^20 signs"))
}

/// A rational's signs: the finite ones, then a block repeated ω times (empty for a dyadic).
fn rational_signs(r: &BigRational) -> Result<(Vec<Sign>, Vec<Sign>), String> {
    if let Some(d) = dyadic_of(r) {
        return Ok((dyadic_signs(&d)?, Vec::new()));
    }
    // n = ⌊|r|⌋: n+1 leading signs, the opposite sign, then the bisection walk towards the
    // fraction, which is periodic from the start: its state is the fraction f in (0,1) doubled.
    let (lead, opp) = if r.is_negative() {
        (Sign::Minus, Sign::Plus)
    } else {
        (Sign::Plus, Sign::Minus)
    };
    let a = r.abs();
    let n = a.floor().to_integer();
    let n = n.to_u64().filter(|&n| n < 1 << 20).ok_or_else(|| {
        format!("the integer part of {r} is too large to write its sign expansion")
    })?;
    let mut signs: Vec<Sign> = std::iter::repeat_n(lead, n as usize + 1).collect();
    signs.push(opp);
    // After n+1 leads and one opposite sign the value is n + 1/2; the walk then reads the binary
    // digits of f = a − n from the first: digit 1 → lead, 0 → opposite.
    let mut f = a - BigRational::from_integer(BigInt::from(n));
    let mut seen: Vec<BigRational> = Vec::new();
    let mut digits: Vec<Sign> = Vec::new();
    loop {
        if let Some(p) = seen.iter().position(|x| *x == f) {
            signs.extend(&digits[..p]);
            return Ok((signs, digits[p..].to_vec()));
        }
        if seen.len() > 1 << 16 {
            return Err(format!(
                "the period of {r} in binary is longer than 2^16 digits"
            ));
        }
        seen.push(f.clone());
        let g = &f * BigRational::from_integer(BigInt::from(2));
        if g >= BigRational::one() {
            digits.push(lead);
            f = g - BigRational::one();
        } else {
            digits.push(opp);
            f = g;
        }
    }
}

fn dyadic_of(r: &BigRational) -> Option<Dyadic> {
    let d = r.denom();
    let k = d.trailing_zeros().unwrap_or(0);
    (*d == BigInt::one() << k).then(|| Dyadic::new(r.numer().clone(), k))
}

/// An exponent in the fragment: an ordinal `a ≥ 0`, or `−α` for an ordinal `α > 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Exponent {
    NonNeg(Ordinal),
    Neg(Ordinal),
}

impl Exponent {
    fn of(y: &Surreal) -> Option<Exponent> {
        if let Some(o) = y.to_ordinal() {
            return Some(Exponent::NonNeg(o));
        }
        y.neg().to_ordinal().map(Exponent::Neg)
    }
    fn to_surreal(&self) -> Surreal {
        match self {
            Exponent::NonNeg(o) => Surreal::from_ordinal(o),
            Exponent::Neg(o) => Surreal::from_ordinal(o).neg(),
        }
    }
    /// `γ` of the module docs: how many minuses of a later negative exponent are left out.
    fn omitted(&self) -> Ordinal {
        match self {
            Exponent::NonNeg(_) => Ordinal::zero(),
            Exponent::Neg(g) => g.clone(),
        }
    }
    /// True for exponents `≤ 0`, where a non-dyadic coefficient shortens the next term.
    fn at_most_zero(&self) -> bool {
        match self {
            Exponent::NonNeg(o) => o.is_zero(),
            Exponent::Neg(_) => true,
        }
    }
}

/// The previous term as far as the next one's expansion depends on it.
struct Previous {
    exponent: Exponent,
    dyadic: bool,
}

impl Previous {
    /// The minuses of `ω^{−α}` kept after this term: `−γ + α`, one fewer after a non-dyadic
    /// coefficient at an exponent `≤ 0`.
    fn kept(prev: Option<&Previous>, alpha: &Ordinal) -> Option<Ordinal> {
        let Some(p) = prev else {
            return Some(alpha.clone());
        };
        let kept = alpha.left_sub(&p.exponent.omitted())?;
        if !p.dyadic && p.exponent.at_most_zero() {
            kept.left_sub(&Ordinal::one())
        } else {
            Some(kept)
        }
    }
    /// The inverse of [`Previous::kept`].
    fn alpha(prev: Option<&Previous>, kept: &Ordinal) -> Ordinal {
        let Some(p) = prev else {
            return kept.clone();
        };
        let raw = if !p.dyadic && p.exponent.at_most_zero() {
            Ordinal::one().add(kept)
        } else {
            kept.clone()
        };
        p.exponent.omitted().add(&raw)
    }
}

/// The sign expansion of a number in the fragment described in the module docs.
pub fn sign_expansion(x: &Surreal) -> Result<SignExpansion, String> {
    let mut out = SignExpansion::default();
    let mut prev: Option<Previous> = None;
    for (y, r) in x.terms() {
        let exponent = Exponent::of(y).ok_or_else(|| {
            format!(
                "the sign expansion of {} is outside the supported fragment: the exponent {} is neither an ordinal nor the negative of one (Gonshor's theorem is implemented for those)",
                x.display(false),
                y.display(false)
            )
        })?;
        let sgn = |s: Sign| if r.is_negative() { flip(s) } else { s };
        let (signs, period) = rational_signs(&r.abs())?;
        // ω^a (Thm 5.11, reduced as in 5.12), and the block each later sign of r is repeated.
        let block = match &exponent {
            Exponent::NonNeg(a) => {
                let block = Ordinal::omega_pow(a.clone());
                out.push(sgn(Sign::Plus), block.clone());
                block
            }
            Exponent::Neg(alpha) => {
                let kept = Previous::kept(prev.as_ref(), alpha).ok_or_else(|| {
                    format!(
                        "the terms of {} are not in decreasing order",
                        x.display(false)
                    )
                })?;
                out.push(sgn(Sign::Plus), Ordinal::one());
                out.push(sgn(Sign::Minus), Ordinal::omega().mul(&kept));
                Ordinal::one()
            }
        };
        for s in signs.iter().skip(1) {
            out.push(sgn(*s), block.clone());
        }
        out.push_repeat(period.iter().map(|s| (sgn(*s), block.clone())).collect());
        prev = Some(Previous {
            exponent,
            dyadic: period.is_empty(),
        });
    }
    Ok(out)
}

/// The birthday of a number in the fragment: the length of its sign expansion. For ordinals
/// and generalised ordinals it is `Σ |c_i|·ω^{e_i}`, which the fragment's expansion gives.
pub fn birthday(x: &Surreal) -> Result<Ordinal, String> {
    Ok(sign_expansion(x)?.length())
}

/// One item of a parsed row.
enum Item {
    Pebble(Sign),
    Group(Vec<Item>),
}

fn parse_row(row: &str) -> Result<Vec<Item>, String> {
    let mut stack: Vec<Vec<Item>> = vec![Vec::new()];
    for c in row.chars() {
        match c.to_ascii_uppercase() {
            'L' | 'A' => stack.last_mut().map(|v| v.push(Item::Pebble(Sign::Plus))),
            'R' | 'B' => stack.last_mut().map(|v| v.push(Item::Pebble(Sign::Minus))),
            'E' | 'C' => {
                return Err(
                    "neutral pebbles (E, C) in a recurring row are not supported: such rows are not numbers (seed 001, neutral pebbles)".into(),
                )
            }
            ' ' => None,
            '(' => {
                stack.push(Vec::new());
                None
            }
            ')' => {
                let inner = stack.pop().filter(|_| !stack.is_empty()).ok_or("unbalanced `)`")?;
                if inner.is_empty() {
                    return Err("an empty recurring part `()`".into());
                }
                stack.last_mut().map(|v| v.push(Item::Group(inner)))
            }
            other => return Err(format!("`{other}` is not a pebble")),
        };
    }
    if stack.len() != 1 {
        return Err("an unclosed `(`".into());
    }
    Ok(stack.pop().unwrap_or_default())
}

/// A row as a sign expansion: a group of one kind of pebble is a run ω times as long, a group
/// with both kinds a block repeated ω times (which may not itself hold a repeated block).
fn flatten(items: &[Item]) -> Result<SignExpansion, String> {
    let mut e = SignExpansion::default();
    for it in items {
        match it {
            Item::Pebble(s) => e.push(*s, Ordinal::one()),
            Item::Group(inner) => {
                let runs = flatten(inner)?.runs_only().ok_or(
                    "a recurring part inside a recurring part with both kinds of pebbles is outside the supported fragment",
                )?;
                e.push_repeat(runs);
            }
        }
    }
    Ok(e)
}

fn dyadic_value(signs: &[Sign]) -> Dyadic {
    Dyadic::from_sign_expansion(signs)
}

fn rat(d: &Dyadic) -> BigRational {
    BigRational::new(d.numerator().clone(), BigInt::one() << d.denominator_exp())
}

/// The value of a Hackenstring row (in L/R or A/B/C letters, with `( … )` for recurring parts
/// and spaces ignored), read by `expansion_value`.
///
/// ```
/// use onag::hackenstring_value as row_value;
/// assert_eq!(row_value("AB(BA)").unwrap().to_string(), "1/3");
/// assert_eq!(row_value("L(L)").unwrap().to_string(), "ω");
/// assert_eq!(row_value("L(R)").unwrap().to_string(), "ω^-1");
/// assert_eq!(row_value("( ( A ) )").unwrap().to_string(), "ω^2");
/// assert_eq!(row_value("LR(RL)L").unwrap().to_string(), "1/3+ω^-1");
/// ```
pub fn row_value(row: &str) -> Result<Surreal, String> {
    expansion_value(&flatten(&parse_row(row)?)?)
}

/// The value of a rational's signs: finite ones, then a block repeated ω times.
fn signs_value(signs: &[Sign], period: &[Sign]) -> BigRational {
    if period.is_empty() {
        return rat(&dyadic_value(signs));
    }
    // P Q has a change of sign (Q has both), so from there on each pebble is worth half the
    // one before: the limit of P Q Q Q … is a geometric series.
    let mut p = signs.to_vec();
    p.extend(period);
    let a = rat(&dyadic_value(&p));
    let mut pq = p.clone();
    pq.extend(period);
    let delta = rat(&dyadic_value(&pq)) - &a;
    let q = BigRational::from_integer(BigInt::one() << period.len());
    a + delta * &q / (&q - BigRational::one())
}

/// Reads an expansion front to back as Gonshor's terms.
struct Reader {
    q: VecDeque<Segment>,
}

const NOT_IN_FRAGMENT: &str = "this sign expansion is not one of a normal form with rational coefficients and exponents that are ordinals or their negatives";

impl Reader {
    /// Takes one sign; a repeated block at the front gives up one copy first.
    fn take_sign(&mut self) -> Result<Option<Sign>, String> {
        loop {
            match self.q.pop_front() {
                None => return Ok(None),
                Some(Segment::Run(s, n)) => {
                    let rest = n.left_sub(&Ordinal::one()).unwrap_or_default();
                    if !rest.is_zero() {
                        self.q.push_front(Segment::Run(s, rest));
                    }
                    return Ok(Some(s));
                }
                Some(Segment::Repeat(b)) => {
                    // B repeated ω times is B followed by B repeated ω times.
                    self.q.push_front(Segment::Repeat(b.clone()));
                    for (s, n) in b.into_iter().rev() {
                        self.q.push_front(Segment::Run(s, n));
                    }
                }
            }
        }
    }

    /// Takes `m` signs off the front run (`m` ≤ its length).
    fn take_run(&mut self, m: &Ordinal) {
        if let Some(Segment::Run(s, n)) = self.q.pop_front() {
            let rest = n.left_sub(m).unwrap_or_default();
            if !rest.is_zero() {
                self.q.push_front(Segment::Run(s, rest));
            }
        }
    }

    fn front_run(&self) -> Option<(Sign, Ordinal)> {
        match self.q.front() {
            Some(Segment::Run(s, n)) => Some((*s, n.clone())),
            _ => None,
        }
    }

    /// The tail of a coefficient after an exponent `a ≥ 1`: one sign per `ω^a` signs.
    fn tail_blocks(&mut self, a: &Ordinal) -> Result<(Vec<Sign>, Vec<Sign>), String> {
        let unit = Ordinal::omega_pow(a.clone());
        let mut signs = Vec::new();
        loop {
            match self.q.front().cloned() {
                Some(Segment::Run(s, n)) => {
                    let Some((e, k)) = n.terms().first() else {
                        return Ok((signs, Vec::new()));
                    };
                    if e > a {
                        return Err(NOT_IN_FRAGMENT.into());
                    }
                    if e < a {
                        return Ok((signs, Vec::new()));
                    }
                    let k = k
                        .to_usize()
                        .filter(|&k| k <= 1 << 20)
                        .ok_or("a run too long")?;
                    signs.extend(std::iter::repeat_n(s, k));
                    let whole = unit.mul(&Ordinal::from(k as u64));
                    self.take_run(&whole);
                    if n != whole {
                        return Ok((signs, Vec::new()));
                    }
                }
                Some(Segment::Repeat(b)) => {
                    let mut period = Vec::new();
                    for (s, n) in &b {
                        match n.terms() {
                            [(e, k)] if e == a => {
                                let k = k
                                    .to_usize()
                                    .filter(|&k| k <= 1 << 16)
                                    .ok_or("a run too long")?;
                                period.extend(std::iter::repeat_n(*s, k));
                            }
                            _ => return Err(NOT_IN_FRAGMENT.into()),
                        }
                    }
                    self.q.pop_front();
                    return Ok((signs, period));
                }
                None => return Ok((signs, Vec::new())),
            }
        }
    }

    /// The tail of a coefficient after an exponent `≤ 0`: the finite signs up to the one that
    /// opens the next term (the sign before the next infinite run), or a repeated block.
    fn tail_finite(&mut self) -> Result<(Vec<Sign>, Vec<Sign>), String> {
        let mut signs = Vec::new();
        loop {
            match self.q.front().cloned() {
                Some(Segment::Run(s, n)) => {
                    let k = n
                        .to_natural()
                        .ok_or(NOT_IN_FRAGMENT)?
                        .to_usize()
                        .filter(|&k| k <= 1 << 20)
                        .ok_or("a run too long")?;
                    let next_infinite = matches!(self.q.get(1), Some(Segment::Run(_, m)) if m.to_natural().is_none());
                    if next_infinite {
                        let k = k.saturating_sub(1);
                        signs.extend(std::iter::repeat_n(s, k));
                        self.take_run(&Ordinal::from(k as u64));
                        return Ok((signs, Vec::new()));
                    }
                    signs.extend(std::iter::repeat_n(s, k));
                    self.q.pop_front();
                }
                Some(Segment::Repeat(b)) => {
                    let mut period = Vec::new();
                    for (s, n) in &b {
                        let k = n
                            .to_natural()
                            .ok_or(NOT_IN_FRAGMENT)?
                            .to_usize()
                            .filter(|&k| k <= 1 << 16)
                            .ok_or("a run too long")?;
                        period.extend(std::iter::repeat_n(*s, k));
                    }
                    self.q.pop_front();
                    return Ok((signs, period));
                }
                None => return Ok((signs, Vec::new())),
            }
        }
    }
}

/// The number with this sign expansion, read term by term (see the module docs).
pub fn expansion_value(e: &SignExpansion) -> Result<Surreal, String> {
    // The segments are public: a hand-built expansion may break what `push` keeps.
    for g in &e.segments {
        let ok = match g {
            Segment::Run(_, n) => !n.is_zero(),
            Segment::Repeat(b) => {
                b.iter().all(|(_, n)| !n.is_zero())
                    && b.iter().any(|(s, _)| *s == Sign::Plus)
                    && b.iter().any(|(s, _)| *s == Sign::Minus)
            }
        };
        if !ok {
            return Err(
                "a malformed sign expansion: an empty run, or a repeated block without both signs"
                    .into(),
            );
        }
    }
    let mut rd = Reader {
        q: e.segments.iter().cloned().collect(),
    };
    let mut terms: Vec<(Surreal, BigRational)> = Vec::new();
    let mut prev: Option<Previous> = None;
    for _ in 0..1 << 16 {
        let Some(first) = rd.take_sign()? else {
            return Ok(Surreal::from_terms(terms));
        };
        // May this term's exponent be ≥ 0? Only first, or after an exponent ≥ 1.
        let nonneg_ok = match &prev {
            None => true,
            Some(p) => !p.exponent.at_most_zero(),
        };
        let front = rd.front_run();
        let (exponent, (tail, period)) = match front {
            Some((s, n)) if s == first && n.to_natural().is_none() => {
                // ω^a, a ≥ 1: the run goes on for ω^a signs.
                let a = n.terms()[0].0.clone();
                let fits = match &prev {
                    None => true,
                    Some(Previous {
                        exponent: Exponent::NonNeg(b),
                        ..
                    }) => a < *b,
                    Some(_) => false,
                };
                if !fits || a.is_zero() {
                    return Err(NOT_IN_FRAGMENT.into());
                }
                rd.take_run(&Ordinal::omega_pow(a.clone()));
                let tail = rd.tail_blocks(&a)?;
                (Exponent::NonNeg(a), tail)
            }
            Some((s, n)) if s != first && n.to_natural().is_none() => {
                // ω^{−α}: the opposite sign ω·kept times, then the finite part joins the tail.
                let infinite: Vec<_> = n
                    .terms()
                    .iter()
                    .filter(|(e, _)| !e.is_zero())
                    .cloned()
                    .collect();
                let lambda = Ordinal::from_terms(infinite.clone());
                let kept = Ordinal::from_terms(
                    infinite
                        .into_iter()
                        .map(|(e, c)| (e.left_sub(&Ordinal::one()).unwrap_or_default(), c))
                        .collect(),
                );
                rd.take_run(&lambda);
                let alpha = Previous::alpha(prev.as_ref(), &kept);
                (Exponent::Neg(alpha), rd.tail_finite()?)
            }
            _ if nonneg_ok => (Exponent::NonNeg(Ordinal::zero()), rd.tail_finite()?),
            _ => {
                // After a non-dyadic coefficient at an exponent ≤ 0 the next term may keep
                // no minuses at all.
                let p = prev.as_ref().ok_or(NOT_IN_FRAGMENT)?;
                if p.dyadic {
                    return Err(NOT_IN_FRAGMENT.into());
                }
                let alpha = Previous::alpha(prev.as_ref(), &Ordinal::zero());
                (Exponent::Neg(alpha), rd.tail_finite()?)
            }
        };
        let mut signs = vec![first];
        signs.extend(tail);
        let r = signs_value(&signs, &period);
        terms.push((exponent.to_surreal(), r));
        prev = Some(Previous {
            exponent,
            dyadic: period.is_empty(),
        });
    }
    Err("a sign expansion with more than 2^16 terms".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> Surreal {
        Surreal::rational(BigRational::new(BigInt::from(n), BigInt::from(d)))
    }
    fn w() -> Surreal {
        Surreal::omega()
    }
    fn signs(x: &Surreal) -> String {
        sign_expansion(x).unwrap().signs(false)
    }

    /// Seed 000 II.5b "Infinite days": ω = LLL…, 1/ω = LRRR…, 1+1/ω, ω−1, 1/(2ω), ω/2, 1/3
    /// with the days they are born on (ω, ω, ω, ω+1, ω+1, 2ω (= ω·2), ω).
    #[test]
    fn seed_000_sign_expansions_and_birthdays() {
        let eps = Surreal::epsilon();
        let cases: Vec<(Surreal, &str, Ordinal)> = vec![
            (w(), "+^ω", Ordinal::omega()),
            (eps.clone(), "+-^ω", Ordinal::omega()),
            (q(1, 1).add(&eps), "++-^ω", Ordinal::omega()),
            (
                w().sub(&q(1, 1)),
                "+^ω-",
                Ordinal::omega().add(&Ordinal::one()),
            ),
            (
                eps.scale(&BigRational::new(1.into(), 2.into())),
                "+-^(ω+1)",
                Ordinal::omega().add(&Ordinal::one()),
            ),
            (
                w().scale(&BigRational::new(1.into(), 2.into())),
                "+^ω-^ω",
                Ordinal::omega().mul(&Ordinal::from(2u64)),
            ),
            (q(1, 3), "+-(-+)", Ordinal::omega()),
            (q(3, 4), "+-+", Ordinal::from(3u64)),
        ];
        for (x, s, b) in cases {
            assert_eq!(signs(&x), s, "{x}");
            assert_eq!(birthday(&x).unwrap(), b, "{x}");
            // and back
            let e = sign_expansion(&x).unwrap();
            assert_eq!(expansion_value(&e).unwrap(), x, "{x} round trip");
        }
    }

    /// research notes §5 (CGSuite's GameTest): birthdays of generalised ordinals.
    #[test]
    fn cgsuite_birthdays() {
        let n = |k: i64| Surreal::integer(k);
        let o = |k: u64| Ordinal::from(k);
        let ow = Ordinal::omega;
        assert_eq!(birthday(&w().add(&n(5))).unwrap(), ow().add(&o(5)));
        assert_eq!(birthday(&w().sub(&n(5))).unwrap(), ow().add(&o(5)));
        assert_eq!(birthday(&w().neg().add(&n(5))).unwrap(), ow().add(&o(5)));
        assert_eq!(
            birthday(&w().scale(&BigRational::from_integer(5.into()))).unwrap(),
            ow().mul(&o(5))
        );
        assert_eq!(birthday(&q(6, 23)).unwrap(), ow());
        assert_eq!(birthday(&q(3, 16)).unwrap(), o(5));
    }

    /// Seed 001 (Walker): A B ( B A ) = 1/3, three copies of it are A; A B ( A ) + A ( B ) = A,
    /// so A B ( A ) (0.999…) is infinitesimally less than 1; A B ( A ) A lies between.
    #[test]
    fn seed_001_recurring_rows() {
        let third = row_value("A B ( B A )").unwrap();
        assert_eq!(third, q(1, 3));
        assert_eq!(third.add(&third).add(&third), q(1, 1));
        let nines = row_value("A B ( A )").unwrap();
        let tiny = row_value("A ( B )").unwrap();
        assert_eq!(nines.add(&tiny), row_value("A").unwrap());
        assert!(nines < q(1, 1));
        assert_eq!(q(1, 1).sub(&nines), Surreal::epsilon());
        let five = row_value("A B ( A ) A").unwrap();
        assert!(nines < five && five < q(1, 1));
        assert_eq!(row_value("( A )").unwrap(), w());
        assert_eq!(row_value("( ( A ) )").unwrap(), w().mul(&w()));
        assert_eq!(row_value("L(L)R").unwrap(), w().sub(&q(1, 1)));
        assert_eq!(row_value("AB(BA)").unwrap(), row_value("LR(RL)").unwrap());
        // a recurring part may now be followed by more pebbles: L(LR) = 5/3, then one L more
        // is the simplest number above 5/3 and below all its right prefixes: 5/3 + 1/ω
        assert_eq!(
            row_value("L(LR)L").unwrap(),
            q(5, 3).add(&Surreal::epsilon())
        );
        assert!(row_value("((LR))").is_err());
        assert!(row_value("L(E)").is_err());
        assert!(row_value("L(L").is_err());
    }

    /// Seed 000 II.5b "Infinite days": "On day ω+1 you get things like ω−1, 1/3+1/ω, and
    /// 1/(2ω)". 1/3's expansion has length ω; the simplest number above it and below all of
    /// its right prefixes (dyadics converging to 1/3) is 1/3 + 1/ω, so one `+` more: day ω+1.
    /// Beside it 1/2 + 1/ω, whose 1/2 ends after two signs: `+-` then `+-^ω` (ω+2 signs).
    #[test]
    fn seed_000_day_omega_plus_one() {
        let eps = Surreal::epsilon();
        let day = Ordinal::omega().add(&Ordinal::one());
        let x = q(1, 3).add(&eps);
        assert_eq!(signs(&x), "+-(-+)+");
        assert_eq!(birthday(&x).unwrap(), day);
        assert_eq!(sign_expansion(&x).unwrap().row().unwrap(), "LR(RL)L");
        for x in [
            w().sub(&q(1, 1)),
            x.clone(),
            eps.scale(&BigRational::new(1.into(), 2.into())),
            q(1, 3).sub(&eps),
        ] {
            assert_eq!(birthday(&x).unwrap(), day, "{x}");
            assert_eq!(expansion_value(&sign_expansion(&x).unwrap()).unwrap(), x);
        }
        assert_eq!(signs(&q(1, 2).add(&eps)), "+-+-^ω");
        assert_eq!(signs(&q(1, 4).add(&eps)), "+--+-^ω");
        // 1/3 + 2/ω and 1/3 + 1/(2ω): the next signs after 1/3 + 1/ω, as 2 and 1/2 follow 1
        assert_eq!(
            signs(&q(1, 3).add(&eps.scale(&q(2, 1).to_rational().unwrap()))),
            "+-(-+)++"
        );
        assert_eq!(
            signs(&q(1, 3).add(&eps.scale(&BigRational::new(1.into(), 2.into())))),
            "+-(-+)+-"
        );
        // after a non-dyadic coefficient at an infinite exponent nothing is absorbed
        let w3 = w().scale(&BigRational::new(1.into(), 3.into()));
        assert_eq!(signs(&w3), "+^ω-^ω(-^ω+^ω)");
        assert_eq!(
            birthday(&w3).unwrap(),
            Ordinal::omega_pow(Ordinal::from(2u64))
        );
        assert_eq!(signs(&w3.add(&eps)), "+^ω-^ω(-^ω+^ω)+-^ω");
    }

    /// Reduced exponents (Gonshor Thm 5.12): in ε + ε² the second term keeps one of ε²'s two
    /// minuses; ε − ε² mirrors it; 1 + ε² + ε³ likewise.
    #[test]
    fn reduced_exponents() {
        let e = |k: i64| Surreal::omega_pow(Surreal::integer(-k));
        assert_eq!(signs(&e(1).add(&e(2))), "+-^ω+-^ω");
        assert_eq!(signs(&e(1).sub(&e(2))), "+-^(ω+1)+^ω");
        assert_eq!(signs(&e(2)), "+-^(ω·2)");
        assert_eq!(signs(&q(1, 1).add(&e(2)).add(&e(3))), "++-^(ω·2)+-^ω");
        assert_eq!(signs(&e(1).add(&e(3))), "+-^ω+-^(ω·2)");
        // a negative ordinal exponent: ω^(−ω) = + −^(ω²)
        let ww = Surreal::omega_pow(w().neg());
        assert_eq!(signs(&ww), "+-^ω^2");
        assert_eq!(signs(&q(1, 3).add(&ww)), "+-(-+)+-^ω^2");
        // a coefficient with both an ordinal exponent and a non-dyadic rational
        let x = Surreal::omega_pow(w()).scale(&BigRational::new(2.into(), 3.into()));
        assert_eq!(
            birthday(&x).unwrap(),
            Ordinal::omega_pow(w().to_ordinal().unwrap().add(&Ordinal::one()))
        );
        for x in [e(1).add(&e(2)), e(1).sub(&e(2)), ww, x] {
            assert_eq!(expansion_value(&sign_expansion(&x).unwrap()).unwrap(), x);
        }
        let half = Surreal::omega_pow(q(1, 2));
        let err = sign_expansion(&half).unwrap_err();
        assert!(
            err.contains("neither an ordinal nor the negative of one"),
            "{err}"
        );
    }

    /// Hand-built expansions that `push` would never make are refused, not misread.
    #[test]
    fn malformed_expansions_are_errors() {
        let bad = [
            vec![Segment::Run(Sign::Plus, Ordinal::zero())],
            vec![Segment::Repeat(Vec::new())],
            vec![Segment::Repeat(vec![(Sign::Plus, Ordinal::one())])],
        ];
        for segments in bad {
            assert!(expansion_value(&SignExpansion { segments }).is_err());
        }
    }

    #[test]
    fn rows_of_numbers() {
        assert_eq!(sign_expansion(&w()).unwrap().row().unwrap(), "(L)");
        assert_eq!(sign_expansion(&q(1, 3)).unwrap().row().unwrap(), "LR(RL)");
        assert_eq!(
            sign_expansion(&w().mul(&w())).unwrap().row().unwrap(),
            "((L))"
        );
    }
}
