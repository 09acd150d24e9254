//! Number utilities (CGSuite's methods of `Integer` and `Rational`, as functions), exact on
//! integers of any size, dyadics and rationals such as 1/3:
//!
//! `floor`, `ceiling`, `abs`, `numerator`, `denominator`, `sign`, `max`, `min` of rationals;
//! `mod(a, b)`, CGSuite's `a % b`, the remainder of the quotient truncated toward zero (its
//! sign is a's: `mod(-7, 3)` = −1), for rationals too; `int_div(a, b)`, CGSuite's integer
//! `a.Div(b)`, the quotient of integers truncated toward zero (`div` and `/` stay exact);
//! `gcd(a, b)` (≥ 0), `lb(n)` (⌊log₂ n⌋, n > 0), `isqrt(n)` (⌊√n⌋, n ≥ 0), and the predicates
//! `is_evil(n)` / `is_odious(n)` (an even / odd number of 1 bits; for a negative n, of the
//! bits of −n−1, as CGSuite's big integers count them) and `is_two_power(n)` (n = 2^k, k ≥ 0).
//!
//! The number world reads the arguments (any number whose value is rational) and calls
//! [`compute`]; the kernel's view (`Function::value`) reads dyadic arguments and accepts a
//! dyadic result.

use super::reply::Reply;
use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::term::Arg;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A function of this family.
pub struct NumberFn {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
}

table! {
    handled listed in FAMILY: NumberFn = fields;
    FLOOR: "floor", "floor(x)", "the greatest integer <= x";
    CEILING: "ceiling", "ceiling(x)", "the least integer >= x";
    ABS: "abs", "abs(x)", "the absolute value of a number";
    NUMERATOR: "numerator", "numerator(x)", "the numerator of x in lowest terms";
    DENOMINATOR: "denominator", "denominator(x)", "the denominator of x in lowest terms (positive)";
    GCD: "gcd", "gcd(a, b)", "the greatest common divisor of two integers (>= 0)";
    MOD: "mod", "mod(a, b)",
        "CGSuite's a % b: a - b*q, q the quotient truncated toward zero (sign of a)";
    INT_DIV: "int_div", "int_div(a, b)",
        "CGSuite's integer a.Div(b): the quotient truncated toward zero (div stays exact)";
    MAX: "max", "max(a, b)", "the larger of two numbers";
    MIN: "min", "min(a, b)", "the smaller of two numbers";
    SIGN: "sign", "sign(x)", "-1, 0 or 1 as x is negative, zero or positive";
    LB: "lb", "lb(n)", "the binary logarithm of an integer n > 0, rounded down";
    ISQRT: "isqrt", "isqrt(n)", "the integer square root of n >= 0, rounded down";
    IS_EVIL: "is_evil", "is_evil(n)", "true if the integer n has an even number of 1 bits";
    IS_ODIOUS: "is_odious", "is_odious(n)", "true if the integer n has an odd number of 1 bits";
    IS_TWO_POWER: "is_two_power", "is_two_power(n)", "true if n is 2^k for an integer k >= 0";
}

impl Function for NumberFn {
    described_by_fields!();
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, arity(self.name))?;
        let mut xs = Vec::new();
        for i in 0..a.len() {
            let d = args::number(self, a, i, k)?;
            xs.push(rational(&d));
        }
        match compute(self.name, &xs)? {
            Answer::Number(r) => match dyadic(&r) {
                Some(d) => Ok(k.number(&d)),
                None => Err(args::error(
                    self.name,
                    format!("its value {r} is not a short game"),
                )),
            },
            Answer::Bool(b) => Reply::Bool(b).into_game(self.name),
        }
    }
}

/// How many arguments `name` takes.
pub fn arity(name: &str) -> usize {
    match name {
        "gcd" | "mod" | "int_div" | "max" | "min" => 2,
        _ => 1,
    }
}

/// A result: a rational number or a boolean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A number.
    Number(BigRational),
    /// `true` or `false`.
    Bool(bool),
}

/// A dyadic as a rational.
pub fn rational(d: &Dyadic) -> BigRational {
    BigRational::new(d.numerator().clone(), BigInt::one() << d.denominator_exp())
}

/// A rational as a dyadic, when its denominator is a power of two.
pub fn dyadic(r: &BigRational) -> Option<Dyadic> {
    let d = r.denom();
    if d.is_positive() && (d & (d - BigInt::one())).is_zero() {
        let exp = d.bits() - 1;
        Some(Dyadic::new(r.numer().clone(), exp))
    } else {
        None
    }
}

fn integer(name: &str, i: usize, x: &BigRational) -> Result<BigInt, KernelError> {
    if x.is_integer() {
        Ok(x.to_integer())
    } else {
        Err(args::error(
            name,
            format!("argument {} must be an integer, found {x}", i + 1),
        ))
    }
}

/// Most bits an integer may have for `isqrt` (its cost grows with the square of the size).
const MAX_BITS: u64 = 1 << 20;

/// `name(xs)` on rational arguments (their number already checked by the caller).
pub fn compute(name: &str, xs: &[BigRational]) -> Result<Answer, KernelError> {
    if xs.len() != arity(name) {
        return Err(args::error(
            name,
            format!("expected {} argument(s), found {}", arity(name), xs.len()),
        ));
    }
    let num = |r: BigRational| Ok(Answer::Number(r));
    let int = |n: BigInt| Ok(Answer::Number(BigRational::from_integer(n)));
    let x = &xs[0];
    match name {
        "floor" => int(x.floor().to_integer()),
        "ceiling" => int(x.ceil().to_integer()),
        "abs" => num(x.abs()),
        "numerator" => int(x.numer().clone()),
        "denominator" => int(x.denom().clone()),
        "sign" => int(BigInt::from(if x.is_zero() {
            0
        } else if x.is_positive() {
            1
        } else {
            -1
        })),
        "max" => num(if xs[1] > *x { xs[1].clone() } else { x.clone() }),
        "min" => num(if xs[1] < *x { xs[1].clone() } else { x.clone() }),
        "mod" => {
            let y = &xs[1];
            if y.is_zero() {
                return Err(args::error(name, format!("mod({x}, 0) divides by zero")));
            }
            let q = (x / y).trunc();
            num(x - y * q)
        }
        "int_div" | "gcd" => {
            let (a, b) = (integer(name, 0, x)?, integer(name, 1, &xs[1])?);
            if name == "gcd" {
                return int(a.gcd(&b));
            }
            if b.is_zero() {
                return Err(args::error(
                    name,
                    format!("int_div({a}, 0) divides by zero"),
                ));
            }
            // BigInt's `/` truncates toward zero, as CGSuite's Div does.
            int(a / b)
        }
        "lb" => {
            let n = integer(name, 0, x)?;
            if !n.is_positive() {
                return Err(args::error(
                    name,
                    format!("lb({n}): the argument must be an integer > 0"),
                ));
            }
            int(BigInt::from(n.bits() - 1))
        }
        "isqrt" => {
            let n = integer(name, 0, x)?;
            if n.is_negative() {
                return Err(args::error(
                    name,
                    format!("isqrt({n}): the argument must be an integer >= 0"),
                ));
            }
            if n.bits() > MAX_BITS {
                return Err(KernelError::TooLarge {
                    what: format!(
                        "isqrt of an integer of {} bits (at most {MAX_BITS})",
                        n.bits()
                    ),
                });
            }
            int(n.sqrt())
        }
        "is_evil" | "is_odious" => {
            let n = integer(name, 0, x)?;
            let m = if n.is_negative() { -n - 1 } else { n };
            let ones: u64 = m.iter_u64_digits().map(|d| u64::from(d.count_ones())).sum();
            Ok(Answer::Bool(ones.is_multiple_of(2) == (name == "is_evil")))
        }
        "is_two_power" => Ok(Answer::Bool(
            x.is_integer() && {
                let n = x.to_integer();
                n.is_positive() && (&n & (&n - BigInt::one())).is_zero()
            },
        )),
        _ => Err(super::unknown(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64, d: i64) -> BigRational {
        BigRational::new(BigInt::from(n), BigInt::from(d))
    }

    fn n(x: i64) -> Answer {
        Answer::Number(r(x, 1))
    }

    #[test]
    fn truncating_remainder_and_quotient_as_cgsuite() {
        // Java's BigInteger remainder/divide, which CGSuite's % and Div use.
        assert_eq!(compute("mod", &[r(-7, 1), r(3, 1)]).unwrap(), n(-1));
        assert_eq!(compute("mod", &[r(7, 1), r(-3, 1)]).unwrap(), n(1));
        assert_eq!(compute("int_div", &[r(-7, 1), r(3, 1)]).unwrap(), n(-2));
        assert_eq!(
            compute("mod", &[r(7, 2), r(1, 1)]).unwrap(),
            Answer::Number(r(1, 2))
        );
        assert!(compute("mod", &[r(1, 1), r(0, 1)]).is_err());
        assert!(compute("int_div", &[r(1, 2), r(1, 1)]).is_err());
    }

    #[test]
    fn bits() {
        assert_eq!(compute("lb", &[r(1024, 1)]).unwrap(), n(10));
        assert_eq!(compute("lb", &[r(1023, 1)]).unwrap(), n(9));
        assert!(compute("lb", &[r(0, 1)]).is_err());
        assert_eq!(compute("isqrt", &[r(99, 1)]).unwrap(), n(9));
        // -1 is …111 in two's complement: no bit differs from the sign, so evil.
        assert_eq!(compute("is_evil", &[r(-1, 1)]).unwrap(), Answer::Bool(true));
        assert_eq!(
            compute("is_odious", &[r(7, 1)]).unwrap(),
            Answer::Bool(true)
        );
        assert_eq!(
            compute("is_two_power", &[r(1, 1)]).unwrap(),
            Answer::Bool(true)
        );
        assert_eq!(
            compute("is_two_power", &[r(6, 1)]).unwrap(),
            Answer::Bool(false)
        );
    }
}
