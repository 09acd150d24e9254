//! Sign expansions (infinite Hackenstrings) of surreal numbers, both ways, in a stated fragment.
//!
//! Seed 000 II.5b: every surreal number is a Hackenstring of L (+) and R (−) pebbles indexed
//! by the ordinals below its birthday; seed 001 writes recurring rows with parentheses:
//! `A B ( B A )` = 1/3, `A ( A )` = ω, `A ( B )` = 1/ω, `A B ( A )` = 1 − 1/ω (the 0.999…
//! question), and `( ( A ) )` = ω².
//!
//! **Number → sign expansion** ([`sign_expansion`]) for `Σ ω^{y_i}·r_i` with integer exponents
//! and dyadic coefficients (the last coefficient may be any rational when its exponent is 0):
//! by Gonshor's rules, `ω^n` (n ≥ 0) is `+^{ω^n}`, `ω^{−n}` is `+ −^{ω·n}`, `ω^y·r` is `ω^y`'s
//! expansion followed by the signs of r after its first, each repeated `ω^{max(y,0)}` times,
//! a negative term is the mirror image, and a sum is the concatenation of its terms. A
//! non-dyadic rational is its eventually periodic binary walk, of length ω.
//!
//! **Row → number** ([`row_value`]) for rows made of a finite prefix, then either one recurring
//! part with both kinds of pebbles (a rational, summed as a geometric series) or one run of a
//! single kind of pebble of infinite ordinal length (nested parentheses), and then a finite
//! suffix. Anything else is reported as outside the fragment, never guessed.

use super::dyadic::{Dyadic, Sign};
use super::ordinal::Ordinal;
use super::surreal::Surreal;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A sign expansion: runs of one sign with ordinal lengths, then optionally a finite block of
/// signs repeated ω times (a non-dyadic rational's tail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignExpansion {
    /// `(sign, length)` runs in order; consecutive runs have different signs.
    pub runs: Vec<(Sign, Ordinal)>,
    /// A block repeated ω times after the runs; empty when there is none.
    pub period: Vec<Sign>,
}

fn flip(s: Sign) -> Sign {
    match s {
        Sign::Plus => Sign::Minus,
        Sign::Minus => Sign::Plus,
    }
}

impl SignExpansion {
    fn push(&mut self, s: Sign, len: Ordinal) {
        if len.is_zero() {
            return;
        }
        if let Some(last) = self.runs.last_mut() {
            if last.0 == s {
                last.1 = last.1.add(&len);
                return;
            }
        }
        self.runs.push((s, len));
    }

    /// The length: the number's birthday.
    pub fn length(&self) -> Ordinal {
        let mut l = Ordinal::zero();
        for (_, n) in &self.runs {
            l = l.add(n);
        }
        if !self.period.is_empty() {
            l = l.add(&Ordinal::omega());
        }
        l
    }

    /// As `+`/`-` signs, a run longer than 3 written `+^n` or `+^(ω·2)`, a recurring block in
    /// parentheses: `+-+`, `+^ω-^ω`, `+-(-+)`.
    pub fn signs(&self, ascii: bool) -> String {
        let mut out = String::new();
        for (s, n) in &self.runs {
            let c = if *s == Sign::Plus { '+' } else { '-' };
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
        }
        if !self.period.is_empty() {
            out.push('(');
            out.extend(
                self.period
                    .iter()
                    .map(|s| if *s == Sign::Plus { '+' } else { '-' }),
            );
            out.push(')');
        }
        out
    }

    /// As a Hackenstring row in L and R, `(X)` meaning X repeated ω times (seed 001), when every
    /// run length is below `ω^ω`: ω is `(L)`, ω² is `((L))`, 1/3 is `LR(RL)`.
    pub fn row(&self) -> Option<String> {
        let mut out = String::new();
        for (s, n) in &self.runs {
            let c = if *s == Sign::Plus { "L" } else { "R" };
            for (e, k) in n.terms() {
                let depth = e.to_natural()?.to_usize()?;
                let k = k.to_usize()?;
                if depth > 64 || k > 64 {
                    return None;
                }
                let one = format!("{}{c}{}", "(".repeat(depth), ")".repeat(depth));
                out.push_str(&one.repeat(k));
            }
        }
        if !self.period.is_empty() {
            out.push('(');
            out.extend(
                self.period
                    .iter()
                    .map(|s| if *s == Sign::Plus { 'L' } else { 'R' }),
            );
            out.push(')');
        }
        Some(out)
    }
}

/// The signs of a dyadic's expansion.
fn dyadic_signs(d: &Dyadic) -> Result<Vec<Sign>, String> {
    d.sign_expansion(1 << 20)
        .ok_or_else(|| format!("the sign expansion of {d} is longer than 2^20 signs"))
}

/// The sign expansion of a rational: its binary walk, finite for a dyadic and otherwise an
/// eventually periodic sequence of length ω.
pub fn rational_expansion(r: &BigRational) -> Result<SignExpansion, String> {
    let mut e = SignExpansion {
        runs: Vec::new(),
        period: Vec::new(),
    };
    if let Some(d) = dyadic_of(r) {
        for s in dyadic_signs(&d)? {
            e.push(s, Ordinal::one());
        }
        return Ok(e);
    }
    // n = ⌊|r|⌋: n+1 leading signs, the opposite sign, then the bisection walk towards the
    // fraction, which is periodic from the start: its state is the fraction f in (0,1) doubled.
    let neg = r.is_negative();
    let a = r.abs();
    let (lead, opp) = if neg {
        (Sign::Minus, Sign::Plus)
    } else {
        (Sign::Plus, Sign::Minus)
    };
    let n = a.floor().to_integer();
    let n = n.to_u64().filter(|&n| n < 1 << 20).ok_or_else(|| {
        format!("the integer part of {r} is too large to write its sign expansion")
    })?;
    e.push(lead, Ordinal::from(n + 1));
    e.push(opp, Ordinal::one());
    // After n+1 leads and one opposite sign the value is n + 1/2; the walk then reads the binary
    // digits of f = a − n from the first: digit 1 → lead, 0 → opposite.
    let mut f = a - BigRational::from_integer(BigInt::from(n));
    let mut seen: Vec<BigRational> = Vec::new();
    let mut digits: Vec<Sign> = Vec::new();
    loop {
        if let Some(p) = seen.iter().position(|x| *x == f) {
            for s in &digits[..p] {
                e.push(*s, Ordinal::one());
            }
            e.period = digits[p..].to_vec();
            return Ok(e);
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

fn omega_pow_len(n: u64) -> Ordinal {
    Ordinal::omega_pow(Ordinal::from(n))
}

/// The sign expansion of a number in the fragment described in the module docs.
pub fn sign_expansion(x: &Surreal) -> Result<SignExpansion, String> {
    let mut out = SignExpansion {
        runs: Vec::new(),
        period: Vec::new(),
    };
    let terms = x.terms();
    for (i, (y, r)) in terms.iter().enumerate() {
        // An ordinal exponent with an integer coefficient: a run of ω^y·|c| signs (CGSuite's
        // birthday of a generalised ordinal, Σ |c_i|·ω^{e_i}).
        if let (Some(o), true) = (y.to_ordinal(), r.is_integer()) {
            if y.to_integer().is_none() || !o.is_zero() {
                let c = r.abs().to_integer().to_biguint().unwrap_or_default();
                let s = if r.is_negative() {
                    Sign::Minus
                } else {
                    Sign::Plus
                };
                out.push(s, Ordinal::omega_pow(o).mul(&Ordinal::from(c)));
                continue;
            }
        }
        let y = y.to_integer().and_then(|n| n.to_i64()).ok_or_else(|| {
            format!(
                "the sign expansion of {x} is outside the supported fragment: the exponent {y} is not an integer"
            )
        })?;
        let last = i + 1 == terms.len();
        let neg = r.is_negative();
        let sgn = |s: Sign| if neg { flip(s) } else { s };
        let rd = dyadic_of(&r.abs());
        if y == 0 && last && rd.is_none() {
            // A non-dyadic rational closes the expansion with its period.
            let e = rational_expansion(r)?;
            for (s, n) in e.runs {
                out.push(s, n);
            }
            out.period = e.period;
            continue;
        }
        let Some(rd) = rd else {
            return Err(format!(
                "the sign expansion of {x} is outside the supported fragment: the coefficient {r} of a term other than the last rational one is not dyadic"
            ));
        };
        // ω^y itself
        if y >= 0 {
            out.push(sgn(Sign::Plus), omega_pow_len(y as u64));
        } else {
            out.push(sgn(Sign::Plus), Ordinal::one());
            out.push(
                sgn(Sign::Minus),
                Ordinal::omega().mul(&Ordinal::from(y.unsigned_abs())),
            );
        }
        // the signs of |r| after its first, each ω^{max(y,0)} times
        let block = omega_pow_len(y.max(0) as u64);
        for s in dyadic_signs(&rd)?.into_iter().skip(1) {
            out.push(sgn(s), block.clone());
        }
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

/// A row flattened: runs, then an optional mixed recurring block.
fn flatten(items: &[Item], top: bool) -> Result<SignExpansion, String> {
    let mut e = SignExpansion {
        runs: Vec::new(),
        period: Vec::new(),
    };
    for (i, it) in items.iter().enumerate() {
        if !e.period.is_empty() {
            return Err(
                "a recurring part with both kinds of pebbles must end the row (nothing can follow an infinite alternating tail in this fragment)".into(),
            );
        }
        match it {
            Item::Pebble(s) => e.push(*s, Ordinal::one()),
            Item::Group(inner) => {
                let g = flatten(inner, false)?;
                match g.runs.as_slice() {
                    [(s, n)] if g.period.is_empty() => e.push(*s, n.mul(&Ordinal::omega())),
                    runs if g.period.is_empty()
                        && top
                        && runs.iter().all(|(_, n)| n.to_natural().is_some()) =>
                    {
                        let _ = i;
                        for (s, n) in runs {
                            let k = n.to_natural().and_then(|k| k.to_usize()).unwrap_or(0);
                            e.period.extend(std::iter::repeat_n(*s, k));
                        }
                    }
                    _ => {
                        return Err(
                            "this recurring part is outside the supported fragment: a part with both kinds of pebbles may hold only finitely many pebbles and must be outermost".into(),
                        )
                    }
                }
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
/// and spaces ignored) in the fragment of the module docs.
///
/// ```
/// use onag::number::signs::row_value;
/// assert_eq!(row_value("AB(BA)").unwrap().to_string(), "1/3");
/// assert_eq!(row_value("L(L)").unwrap().to_string(), "ω");
/// assert_eq!(row_value("L(R)").unwrap().to_string(), "ω^-1");
/// assert_eq!(row_value("( ( A ) )").unwrap().to_string(), "ω^2");
/// ```
pub fn row_value(row: &str) -> Result<Surreal, String> {
    let items = parse_row(row)?;
    let e = flatten(&items, true)?;
    expansion_value(&e)
}

/// The number with this sign expansion, in the fragment of [`row_value`].
pub fn expansion_value(e: &SignExpansion) -> Result<Surreal, String> {
    let finite = |n: &Ordinal| n.to_natural().and_then(|k| k.to_usize());
    if !e.period.is_empty() {
        // A finite prefix then a mixed block: a rational, the limit of the walk.
        let mut p: Vec<Sign> = Vec::new();
        for (s, n) in &e.runs {
            let k = finite(n).filter(|&k| k <= 1 << 20).ok_or(
                "an infinite run before an alternating recurring part is outside the supported fragment",
            )?;
            p.extend(std::iter::repeat_n(*s, k));
        }
        // P' = P Q has a change of sign, so each later pebble is worth half the one before.
        p.extend(&e.period);
        let a = rat(&dyadic_value(&p));
        let mut pq = p.clone();
        pq.extend(&e.period);
        let delta = rat(&dyadic_value(&pq)) - &a;
        let q = BigRational::from_integer(BigInt::one() << e.period.len());
        let limit = a + delta * &q / (&q - BigRational::one());
        return Ok(Surreal::rational(limit));
    }
    // Runs: find the one infinite run, if any.
    let inf: Vec<usize> = (0..e.runs.len())
        .filter(|&i| finite(&e.runs[i].1).is_none())
        .collect();
    let signs_of = |runs: &[(Sign, Ordinal)]| -> Result<Vec<Sign>, String> {
        let mut v = Vec::new();
        for (s, n) in runs {
            let k = finite(n)
                .filter(|&k| k <= 1 << 20)
                .ok_or("a run too long")?;
            v.extend(std::iter::repeat_n(*s, k));
        }
        Ok(v)
    };
    // Every run ω^y·c_i with one y ≥ 1: the monomial ω^y·d where d has the runs' counts.
    let ys: Vec<Option<(&Ordinal, usize)>> = e
        .runs
        .iter()
        .map(|(_, n)| match n.terms() {
            [(y, c)] if !y.is_zero() => c.to_usize().filter(|&c| c <= 1 << 20).map(|c| (y, c)),
            _ => None,
        })
        .collect();
    if !inf.is_empty()
        && ys
            .iter()
            .all(|t| t.is_some_and(|(y, _)| Some(y) == ys[0].map(|t| t.0)))
    {
        let mut v = Vec::new();
        for ((s, _), t) in e.runs.iter().zip(&ys) {
            v.extend(std::iter::repeat_n(*s, t.map_or(0, |t| t.1)));
        }
        let y = ys[0].map(|t| t.0.clone()).unwrap_or_default();
        return Ok(
            Surreal::omega_pow(Surreal::from_ordinal(&y)).mul(&Surreal::dyadic(&dyadic_value(&v)))
        );
    }
    match inf.as_slice() {
        [] => Ok(Surreal::dyadic(&dyadic_value(&signs_of(&e.runs)?))),
        [i] => {
            let (s, alpha) = &e.runs[*i];
            let prefix = signs_of(&e.runs[..*i])?;
            let suffix = signs_of(&e.runs[i + 1..])?;
            let unit = |sg: Sign| if sg == Sign::Plus { 1i64 } else { -1 };
            if prefix.iter().all(|p| p == s) {
                // s^(k + α) then S, with k + α = λ + m (λ its infinite part, m finite):
                // s·λ + d(s^m S). The last m signs of the run are read with the suffix, as
                // in a finite row (`++-` = 3/2, not 2 − 1): L^ω L R = ω + 1/2.
                let k = Ordinal::from(prefix.len() as u64);
                let total = k.add(alpha);
                let (limit, finite): (Vec<_>, Vec<_>) = total
                    .terms()
                    .iter()
                    .cloned()
                    .partition(|(e, _)| !e.is_zero());
                let m = finite
                    .first()
                    .map_or(Some(0), |(_, c)| c.to_usize())
                    .filter(|&m| m <= 1 << 20)
                    .ok_or("a run too long")?;
                let a = Surreal::from_ordinal(&Ordinal::from_terms(limit));
                let a = if *s == Sign::Minus { a.neg() } else { a };
                let mut tail: Vec<Sign> = std::iter::repeat_n(*s, m).collect();
                tail.extend(&suffix);
                return Ok(a.add(&Surreal::dyadic(&dyadic_value(&tail))));
            }
            // P then s^α with α = ω·n + m: the prefix's trailing s-signs are absorbed, its last
            // other sign starts the monomial −s·ω^{−n}·r, and the m extra signs join the suffix.
            let terms = alpha.terms();
            let (n, m) = match terms {
                [(e1, c)] if e1.is_one() => (c.clone(), BigUint::zero()),
                [(e1, c), (e0, m)] if e1.is_one() && e0.is_zero() => (c.clone(), m.clone()),
                _ => {
                    return Err(format!(
                        "a run of length {alpha} after a change of sign is outside the supported fragment (only ω·n + m)"
                    ))
                }
            };
            let mut p = prefix.clone();
            while p.last() == Some(s) {
                p.pop();
            }
            p.pop(); // the opposite sign that heads the monomial
            let m = m
                .to_usize()
                .filter(|&m| m <= 1 << 20)
                .ok_or("a run too long")?;
            let mut tail: Vec<Sign> = std::iter::repeat_n(*s, m).collect();
            tail.extend(&suffix);
            // The monomial's sign is −s; its coefficient's tail is the suffix read for it.
            let read: Vec<Sign> = if *s == Sign::Plus {
                tail.iter().map(|x| flip(*x)).collect()
            } else {
                tail
            };
            let mut rs = vec![Sign::Plus];
            rs.extend(read);
            let r = rat(&dyadic_value(&rs)) * BigRational::from_integer(BigInt::from(-unit(*s)));
            let n = n.to_i64().ok_or("an exponent too large")?;
            let mono = Surreal::monomial(Surreal::integer(-n), r);
            Ok(Surreal::dyadic(&dyadic_value(&p)).add(&mono))
        }
        _ => Err(
            "a row with two infinite runs is outside the supported fragment (write ω/2 as w/2)"
                .into(),
        ),
    }
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
        assert!(row_value("L(LR)L").is_err());
        assert!(row_value("L(E)").is_err());
        assert!(row_value("L(L").is_err());
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
