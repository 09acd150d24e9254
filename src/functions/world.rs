//! The number world: values that are not short games, and how they mix with short games.
//!
//! The kernel holds short games only, so ω, 1/3 and `*ω` cannot be [`GameId`]s. A [`Value`]
//! is one of
//! - [`Value::Game`]: a short game, the kernel's canonical value (every dyadic and finite
//!   nimber result is put back here, so `2 * 3` is the game 6);
//! - [`Value::Surreal`]: a number in Conway normal form that is not dyadic (ω, 1/3, ω−1, 1/ω);
//! - [`Value::Nimber`]: a transfinite nimber `*α`, α an infinite ordinal below `ω^ω`.
//!
//! **Supported mixes.** Numbers mix with numbers (a dyadic game is a number): `+ − × /`, √,
//! comparison. Nimbers mix with nimbers (a finite nimber is a game `*n`): `+` (nim sum), `⊗`,
//! nim inverse, division, √, powers. A short game that is neither a number nor a nimber mixes
//! only with short games, and a surreal never meets a transfinite nimber: such a sum (`ω + ↑`,
//! `ω + *ω`) is reported as unsupported rather than given a value.
//!
//! [`eval`] walks a term: sums, negations, copies and calls of the number world are worked out
//! here; everything else (braces, literals, other families' functions) goes to the kernel, which
//! refuses a number-world value inside braces with a clear error.

use super::args::error;
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::signs as sign;
use crate::number::{Dyadic, Nimber, On2, Ordinal, Surreal};
use crate::term::{Arg, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// A value of the number world.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A short game.
    Game(GameId),
    /// A number that is not a short game.
    Surreal(Surreal),
    /// A transfinite nimber `*α`.
    Nimber(On2),
    /// A value of misère play that is not a short game (a misère canonical form, a genus, a
    /// boolean, an outcome letter), as it prints (`super::misere`).
    Misere {
        /// What kind of value, in words ("canonical form", "genus", "boolean", …).
        kind: &'static str,
        /// How it prints, as CGSuite prints it.
        text: String,
    },
    /// A loopy game that is not a short game (`on`, `a{0|a}`, `1 & 0`): `super::loopy`.
    Loopy(Box<crate::loopy::value::Value>),
    /// `true` or `false` (a predicate's answer: `is_number(1/2)`).
    Bool(bool),
    /// A list, printed `[a,b]` (`left_options({1|0})` is `[1]`).
    List(Vec<Value>),
    /// A ruleset position as the call that denotes it, or CGSuite's text for a value that is
    /// not a game (an uptimal expansion `0.12`), as it prints.
    Text {
        /// What kind of value ("position", "uptimal expansion").
        kind: &'static str,
        /// How it prints.
        text: String,
    },
}

impl Value {
    /// A surreal, put back into the kernel when it is dyadic.
    pub fn surreal(s: Surreal, k: &mut Kernel) -> Value {
        match s.to_dyadic() {
            Some(d) => Value::Game(k.number(&d)),
            None => Value::Surreal(s),
        }
    }
    /// A transfinite nimber, put back into the kernel when it is finite.
    pub fn nimber(x: On2, k: &mut Kernel) -> Value {
        match x.as_finite() {
            Some(n) => Value::Game(k.nus(&Dyadic::zero(), &BigInt::zero(), &n)),
            None => Value::Nimber(x),
        }
    }
    /// The value as a number, if it is one.
    pub fn as_surreal(&self, k: &Kernel) -> Option<Surreal> {
        match self {
            Value::Game(g) => k.as_number(*g).map(|d| Surreal::dyadic(&d)),
            Value::Surreal(s) => Some(s.clone()),
            _ => None,
        }
    }
    /// The value as a nimber, if it is one.
    pub fn as_on2(&self, k: &Kernel) -> Option<On2> {
        match self {
            Value::Game(g) => k.as_nimber(*g).map(On2::finite),
            Value::Nimber(x) => Some(x.clone()),
            _ => None,
        }
    }
    /// Prints the value: a game as its canonical term, the others in normal form.
    pub fn display(&self, k: &mut Kernel, ascii: bool) -> String {
        match self {
            Value::Game(g) => {
                // Shared above a bound: a game's tree can be exponentially larger than it.
                let t = k.to_shared_term(*g, crate::analysis::MAX_TREE);
                crate::syntax::print(
                    &t,
                    &crate::syntax::PrintOptions {
                        unicode: !ascii,
                        width: None,
                        ..Default::default()
                    },
                )
            }
            Value::Surreal(s) => s.display(ascii),
            Value::Misere { text, .. } | Value::Text { text, .. } => text.clone(),
            Value::Loopy(v) => {
                let mut w = crate::loopy::Work::new(k.budget().clone());
                match v.write(k, &mut w) {
                    Ok(s) => s,
                    Err(e) => format!("(a loopy game that could not be written: {e})"),
                }
            }
            Value::Bool(b) => b.to_string(),
            Value::List(xs) => {
                let parts: Vec<String> = xs.iter().map(|x| x.display(k, ascii)).collect();
                format!("[{}]", parts.join(","))
            }
            Value::Nimber(x) => {
                let inner = x.display(ascii);
                if x.terms().len() == 1 && x.terms()[0] == (1, Nimber::from(1)) {
                    format!("*{inner}")
                } else {
                    format!("*({inner})")
                }
            }
        }
    }
}

/// The value of a term in the number world.
pub fn eval(k: &mut Kernel, t: &Term) -> Result<Value, KernelError> {
    if super::misere::is_form_term(t) {
        return super::misere::form_value(k, t).map(Value::from);
    }
    if crate::loopy::build::is_loopy(t) && !matches!(t, Term::Call { .. }) {
        return super::loopy::value(k, t, &mut loopy_operand).map(Value::from);
    }
    match t {
        Term::Sum(a, b) => {
            let (x, y) = (eval(k, a)?, eval(k, b)?);
            add(k, x, y)
        }
        Term::Neg(a) => {
            let x = eval(k, a)?;
            neg(k, x)
        }
        Term::Multiple { count, game } => {
            let x = eval(k, game)?;
            match x {
                Value::Game(g) => Ok(Value::Game(k.multiple(count, g)?)),
                Value::Surreal(s) => Ok(Value::surreal(
                    s.scale(&BigRational::from_integer(count.clone())),
                    k,
                )),
                Value::Nimber(n) => Ok(if count.is_odd() {
                    Value::Nimber(n)
                } else {
                    Value::Game(k.zero())
                }),
                Value::Misere { kind, text } => Err(error(
                "copies",
                format!("{count}.({text}): copies of a misère {kind} are written as a misère sum, such as 2.*[2]"),
            )),
                v => Err(not_a_game(k, "copies", &v)),
            }
        }
        Term::Call { name, args } => call(k, name, args).map_err(|e| e.in_call(t)),
        Term::Game { left, right } => match k.eval(t) {
            Ok(g) => Ok(Value::Game(g)),
            // Braces the kernel refuses may be a cut of numbers some of which are not short
            // games (seed 000 II.5b: 1/(2ω) = {0|1/ω}); anything else keeps the kernel's error.
            Err(e) => match finite_cut(k, left, right)? {
                Some(v) => Ok(v),
                None => Err(e),
            },
        },
        _ => Ok(Value::Game(k.eval(t)?)),
    }
}

/// `x + y`.
pub fn add(k: &mut Kernel, x: Value, y: Value) -> Result<Value, KernelError> {
    k.check_budget()?;
    if let (Value::Game(a), Value::Game(b)) = (&x, &y) {
        return Ok(Value::Game(k.add(*a, *b)?));
    }
    if let (Some(a), Some(b)) = (x.as_surreal(k), y.as_surreal(k)) {
        return Ok(Value::surreal(a.add(&b), k));
    }
    if matches!(x, Value::Loopy(_)) || matches!(y, Value::Loopy(_)) {
        let (a, b) = (loopy_of(k, "+", x)?, loopy_of(k, "+", y)?);
        let (a, b) = (super::loopy::lift(k, a)?, super::loopy::lift(k, b)?);
        let s = a.add(&b, &mut crate::loopy::Work::new(k.budget().clone()))?;
        return super::loopy::settle(k, s).map(Value::from);
    }
    if let (Some(a), Some(b)) = (x.as_on2(k), y.as_on2(k)) {
        return Ok(Value::nimber(a.add(&b), k));
    }
    let (dx, dy) = (x.display(k, true), y.display(k, true));
    Err(error(
        "+",
        format!(
            "{dx} + {dy} is not supported: a number that is not a short game adds only to numbers, and a transfinite nimber only to nimbers"
        ),
    ))
}

/// `−x`.
pub fn neg(k: &mut Kernel, x: Value) -> Result<Value, KernelError> {
    Ok(match x {
        Value::Game(g) => Value::Game(k.neg(g)),
        Value::Surreal(s) => Value::Surreal(s.neg()),
        // In characteristic 2 every nimber is its own negative.
        Value::Nimber(n) => Value::Nimber(n),
        Value::Loopy(v) => Value::Loopy(Box::new(v.neg())),
        // Misère forms are impartial: their own negatives.
        v @ Value::Misere { .. } => v,
        v => return Err(not_a_game(k, "-", &v)),
    })
}

/// The error for arithmetic on a boolean, a list or a text value.
fn not_a_game(k: &mut Kernel, what: &str, v: &Value) -> KernelError {
    let d = v.display(k, true);
    error(
        what,
        format!("{d} is a boolean, a list or a text, not a game or a number"),
    )
}

/// Compares two values: `Some(ordering)` for numbers, `None` when they are not both numbers
/// (short games compare in the kernel, transfinite nimbers are all confused with each other's
/// differences).
#[cfg(any(test, feature = "cli"))]
pub fn compare_numbers(k: &Kernel, x: &Value, y: &Value) -> Option<std::cmp::Ordering> {
    Some(x.as_surreal(k)?.cmp(&y.as_surreal(k)?))
}

/// Most bits a rational coefficient may have before a product, quotient or root is refused as
/// too large (reducing a fraction takes a gcd, quadratic in the size): a limit, not an answer.
const MAX_COEFFICIENT_BITS: u64 = 1 << 16;

/// Most pairs of terms a product of two normal forms may multiply (each pair adds two
/// exponents and multiplies two rationals): a limit on one operation's time, not an answer.
const MAX_PRODUCT_PAIRS: usize = 1 << 20;

/// Pairs of terms multiplied between two looks at the budget.
const PAIRS_PER_CHECK: usize = 1 << 12;

/// `p × q` under the kernel's budget: by distributivity, slices of `p`'s terms times `q`, the
/// partial products then added pairwise, the budget checked between the pieces (one product
/// of a few thousand terms in the general path takes seconds).
pub fn product(k: &mut Kernel, p: &Surreal, q: &Surreal) -> Result<Surreal, KernelError> {
    let (m, n) = (p.terms().len(), q.terms().len());
    if m.saturating_mul(n) <= PAIRS_PER_CHECK {
        return Ok(p.mul(q));
    }
    let slice = (PAIRS_PER_CHECK / n.max(1)).max(1);
    let mut parts = Vec::with_capacity(m / slice + 1);
    for terms in p.terms().chunks(slice) {
        k.check_budget()?;
        parts.push(Surreal::from_terms(terms.to_vec()).mul(q));
    }
    while parts.len() > 1 {
        let mut next = Vec::with_capacity(parts.len() / 2 + 1);
        let mut it = parts.into_iter();
        while let Some(a) = it.next() {
            k.check_budget()?;
            next.push(match it.next() {
                Some(b) => a.add(&b),
                None => a,
            });
        }
        parts = next;
    }
    Ok(parts.pop().unwrap_or_else(Surreal::zero))
}

fn guard(name: &str, xs: &[&Surreal]) -> Result<(), KernelError> {
    for x in xs {
        for (_, c) in x.terms() {
            if c.numer().bits() > MAX_COEFFICIENT_BITS || c.denom().bits() > MAX_COEFFICIENT_BITS {
                return Err(KernelError::TooLarge {
                    what: format!("{name}: a coefficient of more than {MAX_COEFFICIENT_BITS} bits"),
                });
            }
        }
    }
    Ok(())
}

/// Most bits a nimber coefficient may have in a nim product, quotient or root: one product
/// of two such (Karatsuba on 2^14 limbs) takes a few hundredths of a second, so the budget,
/// asked between products, is never far away. A limit, not an answer.
const MAX_NIMBER_BITS: u64 = 1 << 20;

/// Refuses nimbers too large for one nim operation to end soon ([`MAX_NIMBER_BITS`]).
fn nim_guard(name: &str, xs: &[&On2]) -> Result<(), KernelError> {
    match xs.iter().map(|x| x.coefficient_bits()).max() {
        Some(bits) if bits > MAX_NIMBER_BITS => Err(KernelError::TooLarge {
            what: format!(
                "{name}: a nimber of {bits} bits (nim products, quotients and roots take nimbers of at most {MAX_NIMBER_BITS} bits)"
            ),
        }),
        _ => Ok(()),
    }
}

/// The nim product or quotient of `p` and `q` (`mul`, `div`, `nimmul`, `nimdiv`), or `p`'s
/// nim inverse (`niminv`) or square root (`sqrt`, `nimsqrt`), the sizes guarded and the
/// budget asked between products.
fn nim_op(k: &mut Kernel, name: &str, p: &On2, q: Option<&On2>) -> Result<Value, KernelError> {
    nim_guard(name, &[&[p][..], q.as_slice()].concat())?;
    let check = &mut || k.check_budget();
    let no_inverse = |why: &str| error(name, format!("{why}*0 has no nim inverse"));
    let r = match (name, q) {
        ("mul" | "nimmul", Some(q)) => p.mul_checked(q, check)?,
        ("div" | "nimdiv", Some(q)) => {
            let r = p.div_checked(q, check)?;
            r.ok_or_else(|| no_inverse("division by *0: "))?
        }
        ("niminv", _) => p.inv_checked(check)?.ok_or_else(|| no_inverse(""))?,
        _ => p.sqrt_checked(check)?,
    };
    Ok(Value::nimber(r, k))
}

fn arity(name: &str, usage: &str, a: &[Arg], ok: &[usize]) -> Result<(), KernelError> {
    if ok.contains(&a.len()) {
        Ok(())
    } else {
        Err(error(
            name,
            format!("expected {usage}, found {} argument(s)", a.len()),
        ))
    }
}

fn value_arg(k: &mut Kernel, name: &str, a: &[Arg], i: usize) -> Result<Value, KernelError> {
    match a.get(i) {
        Some(Arg::Game(t)) => eval(k, t),
        Some(Arg::Text(_)) => Err(error(
            name,
            format!("argument {} must be an expression, not a string", i + 1),
        )),
        None => Err(error(name, format!("argument {} is missing", i + 1))),
    }
}

/// `x`, or the error that argument `i` must be `what`, found as `shown` prints it.
fn must_be<T>(
    name: &str,
    i: usize,
    what: &str,
    x: Option<T>,
    shown: impl FnOnce() -> String,
) -> Result<T, KernelError> {
    x.ok_or_else(|| {
        error(
            name,
            format!("argument {} must be {what}, found {}", i + 1, shown()),
        )
    })
}

fn surreal_arg(k: &mut Kernel, name: &str, a: &[Arg], i: usize) -> Result<Surreal, KernelError> {
    let v = value_arg(k, name, a, i)?;
    must_be(name, i, "a number", v.as_surreal(k), || v.display(k, true))
}

fn on2_arg(k: &mut Kernel, name: &str, a: &[Arg], i: usize) -> Result<On2, KernelError> {
    let v = value_arg(k, name, a, i)?;
    let what = "a nimber (*n or *α)";
    must_be(name, i, what, v.as_on2(k), || v.display(k, true))
}

fn finite_nimber_arg(
    k: &mut Kernel,
    name: &str,
    a: &[Arg],
    i: usize,
) -> Result<Nimber, KernelError> {
    let x = on2_arg(k, name, a, i)?;
    let shown = || format!("*({})", x.display(true));
    must_be(name, i, "a finite nimber", x.as_finite(), shown)
}

/// An argument that is an ordinal (a number with every coefficient a positive integer and
/// every exponent an ordinal).
pub(crate) fn ordinal_arg(
    k: &mut Kernel,
    name: &str,
    a: &[Arg],
    i: usize,
) -> Result<Ordinal, KernelError> {
    let s = surreal_arg(k, name, a, i)?;
    must_be(name, i, "an ordinal", s.to_ordinal(), || s.display(true))
}

fn natural_arg(k: &mut Kernel, name: &str, a: &[Arg], i: usize) -> Result<u64, KernelError> {
    let s = surreal_arg(k, name, a, i)?;
    let n = s
        .to_integer()
        .filter(|n| !n.is_negative())
        .and_then(|n| n.to_u64());
    let what = "a natural number below 2^64";
    must_be(name, i, what, n, || s.display(true))
}

/// Evaluates `name(args)`: a number-world function here, any other through the kernel.
///
/// The kernel's budget (deadline, Ctrl-C, memory) is checked before each operation and between
/// the multiplications of a power; a single operation is bounded by the size guards (the bits
/// of a coefficient, the terms of a product), so an evaluation ends at its time limit with
/// "limit reached" rather than running on.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Value, KernelError> {
    k.check_budget()?;
    // Names shared with short games are this family's only when an argument is loopy.
    let shared = super::loopy::SHARED.contains(&name);
    // A ruleset position's options and followers are positions, the loopy ruleset's too
    // (`left_options(backsliding_toads_and_frogs("t.f"))` lists the strips Left's moves
    // leave), not those of its value's simplest graph.
    if shared && super::introspect::asks_position(k, name, a)? {
        return super::introspect::call(k, name, a).map(Value::from);
    }
    if super::loopy::handles(name) && (!shared || super::loopy::mentions_loopy(a)) {
        return super::loopy::call(k, name, a, &mut loopy_operand).map(Value::from);
    }
    match name {
        "omega" => {
            arity(name, "omega() or omega(e)", a, &[0, 1])?;
            if a.is_empty() {
                return Ok(Value::Surreal(Surreal::omega()));
            }
            let e = surreal_arg(k, name, a, 0)?;
            Ok(Value::surreal(Surreal::omega_pow(e), k))
        }
        "epsilon" => {
            arity(name, "epsilon()", a, &[0])?;
            Ok(Value::Surreal(Surreal::epsilon()))
        }
        "nim" => {
            arity(name, "nim(α) or *(α)", a, &[1])?;
            let o = ordinal_arg(k, name, a, 0)?;
            let x = On2::from_ordinal(&o).map_err(|e| error("nim", e.0))?;
            Ok(Value::nimber(x, k))
        }
        "mul" => {
            arity(name, "mul(a, b) or a * b", a, &[2])?;
            let (x, y) = (value_arg(k, name, a, 0)?, value_arg(k, name, a, 1)?);
            if let (Some(p), Some(q)) = (x.as_surreal(k), y.as_surreal(k)) {
                guard(name, &[&p, &q])?;
                let pairs = p.terms().len().saturating_mul(q.terms().len());
                if pairs > MAX_PRODUCT_PAIRS {
                    return Err(KernelError::TooLarge {
                        what: format!(
                            "{name}: a product of normal forms of {} and {} terms (more than {MAX_PRODUCT_PAIRS} pairs of terms)",
                            p.terms().len(),
                            q.terms().len()
                        ),
                    });
                }
                return Ok(Value::surreal(product(k, &p, &q)?, k));
            }
            if let (Some(p), Some(q)) = (x.as_on2(k), y.as_on2(k)) {
                // The product of impartial games (seed 003, G×H) is the nim product.
                return nim_op(k, name, &p, Some(&q));
            }
            // An integer times a short game, in either order, is that many copies (CGSuite's
            // `3 * G`, the Norton product by an integer).
            let int = |k: &Kernel, v: &Value| v.as_surreal(k).and_then(|s| s.to_integer());
            let copies = match (&x, &y) {
                (Value::Game(g), _) => int(k, &y).map(|n| (*g, n)),
                _ => None,
            }
            .or_else(|| match (&x, &y) {
                (_, Value::Game(g)) => int(k, &x).map(|n| (*g, n)),
                _ => None,
            });
            if let Some((g, n)) = copies {
                return Ok(Value::Game(k.multiple(&n, g)?));
            }
            let (dx, dy) = (x.display(k, true), y.display(k, true));
            // The hint fits the operands: a number beside a game that is not one was most
            // likely meant as a sum; two games that are neither numbers nor nimbers have no `*`
            // in CGSuite either, only named products.
            let one_number = x.as_surreal(k).is_some() || y.as_surreal(k).is_some();
            let hint = if one_number {
                "to add a number and a nimber write 2 + *3 (or the literal 2+*3)"
            } else {
                "for the Conway product of two games write conway_product(G, H), for Norton's product norton(G, U)"
            };
            Err(error(
                name,
                format!(
                    "{dx} * {dy}: `*` multiplies two numbers, two impartial games (nimbers), or an integer and a game (as in CGSuite); {hint}"
                ),
            ))
        }
        "power" => power(k, a),
        "div" => {
            arity(name, "div(a, b) or a / b", a, &[2])?;
            let (x, y) = (value_arg(k, name, a, 0)?, value_arg(k, name, a, 1)?);
            if let (Some(p), Some(q)) = (x.as_surreal(k), y.as_surreal(k)) {
                if q.is_zero() {
                    return Err(error(
                        name,
                        format!("{} / 0 divides by zero", p.display(true)),
                    ));
                }
                guard(name, &[&p, &q])?;
                let r = p.div(&q).map_err(|e| error(name, e.0))?;
                return Ok(Value::surreal(r, k));
            }
            if let (Some(p), Some(q)) = (x.as_on2(k), y.as_on2(k)) {
                return nim_op(k, name, &p, Some(&q));
            }
            let (dx, dy) = (x.display(k, true), y.display(k, true));
            Err(error(
                name,
                format!("{dx} / {dy}: a quotient is defined for two numbers or two nimbers"),
            ))
        }
        "sqrt" => {
            arity(name, "sqrt(x)", a, &[1])?;
            let x = value_arg(k, name, a, 0)?;
            if let Some(s) = x.as_surreal(k) {
                guard(name, &[&s])?;
                let r = s.sqrt().map_err(|e| error(name, e.0))?;
                return Ok(Value::surreal(r, k));
            }
            if let Some(n) = x.as_on2(k) {
                return nim_op(k, name, &n, None);
            }
            Err(error(
                name,
                "the square root is defined for numbers and nimbers",
            ))
        }
        "nimmul" | "nimdiv" | "niminv" | "nimsqrt" => {
            let (usage, n) = match name {
                "nimmul" => ("nimmul(a, b) or a ⊗ b or a (x) b".to_string(), 2),
                "nimdiv" => ("nimdiv(a, b)".to_string(), 2),
                _ => (format!("{name}(a)"), 1),
            };
            arity(name, &usage, a, &[n])?;
            let p = on2_arg(k, name, a, 0)?;
            let q = (n == 2).then(|| on2_arg(k, name, a, 1)).transpose()?;
            nim_op(k, name, &p, q.as_ref())
        }
        "nimpow" => {
            arity(name, "nimpow(a, n)", a, &[2])?;
            let p = on2_arg(k, name, a, 0)?;
            nim_guard(name, &[&p])?;
            let n = natural_arg(k, name, a, 1)?;
            // square and multiply, the budget checked between the products
            let (mut base, mut acc, mut e) = (p, On2::finite(Nimber::from(1)), n);
            while e != 0 {
                k.check_budget()?;
                if e & 1 == 1 {
                    acc = acc.mul_checked(&base, &mut || k.check_budget())?;
                }
                e >>= 1;
                if e != 0 {
                    base = base.square();
                }
            }
            Ok(Value::nimber(acc, k))
        }
        "nimsolve" => {
            arity(name, "nimsolve(a) or nimsolve(a, k)", a, &[1, 2])?;
            let x = finite_nimber_arg(k, name, a, 0)?;
            nim_guard(name, &[&On2::finite(x.clone())])?;
            let root = x.solve_artin_schreier();
            if a.len() == 2 {
                let level = natural_arg(k, name, a, 1)?;
                let bits = root.value().bits();
                // The root lies in GF(2^(2^j)) for the least j with bits ≤ 2^j.
                let mut j = 0u64;
                while (1u128 << j.min(127)) < u128::from(bits) {
                    j += 1;
                }
                if j > level {
                    return Err(error(
                        name,
                        format!(
                            "x^2 + x = *{x} has no solution in GF(2^(2^{level})); the smallest field with one is GF(2^(2^{j})), where the roots are *{root} and *{}",
                            root.nim_add(&Nimber::from(1))
                        ),
                    ));
                }
            }
            Ok(Value::Game(k.nus(&Dyadic::zero(), &BigInt::zero(), &root)))
        }
        "osum" | "oprod" => {
            arity(name, &format!("{name}(a, b)"), a, &[2])?;
            let (p, q) = (ordinal_arg(k, name, a, 0)?, ordinal_arg(k, name, a, 1)?);
            let r = if name == "osum" { p.add(&q) } else { p.mul(&q) };
            Ok(Value::surreal(Surreal::from_ordinal(&r), k))
        }
        "hs" => {
            arity(name, "hs(\"row\")", a, &[1])?;
            let Some(Arg::Text(row)) = a.first() else {
                return Err(error(
                    name,
                    "the argument must be a quoted row such as \"AB(BA)\"",
                ));
            };
            let v = sign::row_value(row).map_err(|e| error("hs", e))?;
            Ok(Value::surreal(v, k))
        }
        "sbirthday" => {
            arity(name, "sbirthday(x)", a, &[1])?;
            let x = surreal_arg(k, name, a, 0)?;
            let b = sign::birthday(&x).map_err(|e| error(name, e))?;
            Ok(Value::surreal(Surreal::from_ordinal(&b), k))
        }
        "cut" => Ok(cut(k, a)?.0),
        "formbirthday" => {
            arity(name, "formbirthday(G)", a, &[1])?;
            let Some(Arg::Game(t)) = a.first() else {
                return Err(error(name, "the argument must be a game"));
            };
            let day = form_birthday(k, t)?;
            Ok(Value::Game(k.number(&Dyadic::from(day))))
        }
        // A misère form's birthday and options (CGSuite's `Birthday`, `Options` of a misère
        // game): names shared with normal play act by the value's type.
        "birthday" | "options" if mentions_misere(a) => {
            super::misere::call(k, name, a).map(Value::from)
        }
        "birthday" => {
            // A number that is not a short game has an infinite birthday; others go to the
            // kernel's birthday of the canonical form.
            if a.len() == 1 {
                if let Ok(Value::Surreal(s)) = value_arg(k, name, a, 0) {
                    let b = sign::birthday(&s).map_err(|e| error(name, e))?;
                    return Ok(Value::surreal(Surreal::from_ordinal(&b), k));
                }
            }
            Ok(Value::Game(super::value(k, name, a)?))
        }
        "size" => {
            arity(name, "size(list)", a, &[1])?;
            match value_arg(k, name, a, 0)? {
                Value::List(xs) => Ok(Value::Game(k.number(&Dyadic::from(xs.len() as i64)))),
                v => {
                    let d = v.display(k, true);
                    Err(error(
                        name,
                        format!("{d} is not a list (size(options(G)) is CGSuite's G.Options.Size)"),
                    ))
                }
            }
        }
        "is_even" | "is_odd" if !mentions_misere(a) => {
            super::predicates::call(k, name, a).map(Value::from)
        }
        n if super::integers::handles(n) => {
            arity(
                name,
                &format!("{n} with {} argument(s)", super::integers::arity(n)),
                a,
                &[super::integers::arity(n)],
            )?;
            let mut ss = Vec::new();
            for i in 0..a.len() {
                ss.push(surreal_arg(k, name, a, i)?);
            }
            if let Some(s) = surreal_order_fn(n, &ss) {
                return Ok(Value::surreal(s, k));
            }
            let mut xs = Vec::new();
            for (i, s) in ss.into_iter().enumerate() {
                xs.push(s.to_rational().ok_or_else(|| {
                    error(
                        name,
                        format!(
                            "argument {} must be a rational number, found {}",
                            i + 1,
                            s.display(true)
                        ),
                    )
                })?);
            }
            Ok(match super::integers::compute(n, &xs)? {
                super::integers::Answer::Number(r) => Value::surreal(Surreal::rational(r), k),
                super::integers::Answer::Bool(b) => Value::Bool(b),
            })
        }
        // A misère form's nim-value (G⁺, CGSuite's `NimValue` of a misère game).
        "nim_value" if mentions_misere(a) => super::misere::call(k, name, a).map(Value::from),
        n if super::predicates::handles(n) && !matches!(n, "is_even" | "is_odd") => {
            if a.len() == 1 {
                if let Some(v) = world_predicate(k, n, a)? {
                    return Ok(v);
                }
            }
            super::predicates::call(k, n, a).map(Value::from)
        }
        n if super::introspect::handles(n) => super::introspect::call(k, n, a).map(Value::from),
        n if super::products::handles(n) => super::products::call(k, n, a).map(Value::from),
        n if super::misere::handles(n) => super::misere::call(k, n, a).map(Value::from),
        n if super::quotient::handles(n) => super::quotient::call(k, n, a).map(Value::from),
        _ => Ok(Value::Game(super::value(k, name, a)?)),
    }
}

/// Most bits a power of a rational may have (its numerator's and denominator's bits together,
/// estimated before it is computed): 2^20 bits, about 315,000 decimal digits. A limit, not an
/// answer: a larger power is a "too large" error (exit status 3), never a huge allocation.
pub const MAX_POWER_BITS: u64 = 1 << 20;

/// Most factors a power of a number that is not rational (ω + 1)^n may multiply: each is a
/// product of normal forms, under the product's own limits and the budget.
const MAX_POWER_EXPONENT: u64 = 1 << 12;

/// `a ^ b`, CGSuite's power: a number to an integer power (a negative one is the reciprocal's
/// power). The exponent may be any value equal to an integer (`2^(*+*)` = 2^0 = 1). A rational
/// power is computed by repeated squaring of its numerator and denominator once its size is
/// known to fit ([`MAX_POWER_BITS`]); any other number (ω + 1) by repeated products of normal
/// forms, the budget checked between them.
fn power(k: &mut Kernel, a: &[Arg]) -> Result<Value, KernelError> {
    let name = "power";
    arity(name, "a ^ n or power(a, n)", a, &[2])?;
    let x = value_arg(k, name, a, 0)?;
    let e = value_arg(k, name, a, 1)?;
    let n = e.as_surreal(k).and_then(|s| s.to_integer()).ok_or_else(|| {
        let d = e.display(k, true);
        error(
            name,
            format!("the exponent must be an integer, found {d} (ω^e takes any number e: write w^e)"),
        )
    })?;
    let base = x.as_surreal(k).ok_or_else(|| {
        let d = x.display(k, true);
        error(
            name,
            format!(
                "the base must be a number, found {d} (for nimbers, nimpow(a, n) is the nim power)"
            ),
        )
    })?;
    if base.is_zero() && n.is_negative() {
        return Err(error(name, format!("0^{n} divides by zero")));
    }
    let too_large = |what: String| KernelError::TooLarge {
        what: format!("{name}: {what}"),
    };
    let m = n.magnitude();
    if let Some(r) = base.to_rational() {
        // |p|^m has more than m·(bits(p) − 1) bits (and at most m·bits(p)): refused, before
        // anything is allocated, when that lower bound passes the cap, so a power refused is
        // one that truly is too large (2^1000000, a million bits, is computed).
        let bits = r.numer().bits().saturating_sub(1) + r.denom().bits().saturating_sub(1);
        let total = m.to_u64().and_then(|m| m.checked_mul(bits));
        // 0, 1 and −1 stay small whatever the exponent: only its parity matters.
        let trivial = r.denom().is_one() && (r.numer().is_zero() || r.numer().magnitude().is_one());
        let m: u32 = if trivial {
            if m.is_zero() {
                0
            } else if m.is_even() {
                2
            } else {
                1
            }
        } else {
            match total.and_then(|t| (t <= MAX_POWER_BITS).then(|| m.to_u32()).flatten()) {
                Some(m) => m,
                None => {
                    return Err(too_large(format!(
                        "{}^{n} has more than {MAX_POWER_BITS} bits",
                        base.display(true)
                    )))
                }
            }
        };
        k.check_budget()?;
        let (p, q) = (r.numer().pow(m), r.denom().pow(m));
        k.check_budget()?;
        let v = if n.is_negative() {
            BigRational::new(q, p)
        } else {
            BigRational::new(p, q)
        };
        return Ok(Value::surreal(Surreal::rational(v), k));
    }
    let m = m
        .to_u64()
        .filter(|&m| m <= MAX_POWER_EXPONENT)
        .ok_or_else(|| {
            too_large(format!(
                "{}^{n}: an exponent above {MAX_POWER_EXPONENT} for a number that is not rational",
                base.display(true)
            ))
        })?;
    // square and multiply, each product under the product's limits and the budget
    let mul = |k: &mut Kernel, p: &Surreal, q: &Surreal| -> Result<Surreal, KernelError> {
        guard(name, &[p, q])?;
        if p.terms().len().saturating_mul(q.terms().len()) > MAX_PRODUCT_PAIRS {
            return Err(KernelError::TooLarge {
                what: format!("{name}: a product of more than {MAX_PRODUCT_PAIRS} pairs of terms"),
            });
        }
        product(k, p, q)
    };
    let (mut acc, mut sq, mut e) = (Surreal::integer(1), base.clone(), m);
    while e != 0 {
        k.check_budget()?;
        if e & 1 == 1 {
            acc = mul(k, &acc, &sq)?;
        }
        e >>= 1;
        if e != 0 {
            sq = mul(k, &sq, &sq)?;
        }
    }
    let v = if n.is_negative() {
        Surreal::integer(1)
            .div(&acc)
            .map_err(|err| error(name, err.0))?
    } else {
        acc
    };
    Ok(Value::surreal(v, k))
}

/// The day a form is born: one more than the latest day among the options written, for braces
/// (`{-1|1}` is born on day 2 though its value 0 is born on day 0); any other term stands for
/// its canonical value, whose birthday it takes.
pub fn form_birthday(k: &mut Kernel, t: &Term) -> Result<BigInt, KernelError> {
    match t {
        Term::Game { left, right } => {
            let mut day = BigInt::zero();
            for o in left.iter().chain(right) {
                let d = form_birthday(k, o)? + 1;
                if d > day {
                    day = d;
                }
            }
            Ok(day)
        }
        _ => {
            let g = k.eval(t)?;
            Ok(k.birthday(g))
        }
    }
}

/// What an infinite brace (`{0,1,2,…|}`) was read as: the progression inferred on each side
/// that goes on, and the simplicity rule's answer, for `onag eval` to report beside the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutReport {
    /// The cut as written, each list that goes on ending in `…`.
    pub cut: String,
    /// What was inferred, one entry per list that goes on.
    pub inferred: Vec<Inferred>,
    /// The value, in ASCII.
    pub value: String,
    /// The rule that gives the value ([`SIMPLICITY_RULE`], or `mex` for `{0, *, *2, …}`).
    pub rule: &'static str,
    /// Where the rule comes from.
    pub cite: &'static str,
    /// The derivation's one step: the simplicity rule applied to the cut, in words.
    pub says: String,
}

/// A progression inferred from the terms written before `…`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inferred {
    /// `left` or `right`.
    pub side: &'static str,
    /// `arithmetic`, `geometric` or `partial sums`.
    pub kind: &'static str,
    /// In words: "arithmetic progression 0, 1, 2, … (step 1)".
    pub text: String,
}

/// The rule that gives a cut its value, as the derivation names it.
pub const SIMPLICITY_RULE: &str = "simplicity";

/// Where the rule and the infinite braces come from.
pub const SIMPLICITY_CITE: &str = "seed 000 II.5b; seed 002, the simplicity theorem";

/// Every infinite brace in `t`, in the order written, with what was inferred.
#[cfg(any(test, feature = "cli"))]
pub fn cut_reports(k: &mut Kernel, t: &Term) -> Result<Vec<CutReport>, KernelError> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Call { name, args } if name == "cut" => out.push(cut(k, args)?.1),
            Term::Call { args, .. } => stack.extend(args.iter().rev().filter_map(|a| match a {
                Arg::Game(g) => Some(g),
                Arg::Text(_) => None,
            })),
            Term::Sum(a, b) => {
                stack.push(b);
                stack.push(a);
            }
            Term::Neg(a) => stack.push(a),
            Term::Multiple { game, .. } => stack.push(game),
            _ => {}
        }
    }
    Ok(out)
}

/// `cut({L|R}, "left" | "right" | "both")`: the simplest number of the cut, and the report;
/// or, for the impartial `{0, *, *2, …}`, the nimber ∗ω.
fn cut(k: &mut Kernel, a: &[Arg]) -> Result<(Value, CutReport), KernelError> {
    let (Some(Arg::Game(Term::Game { left, right })), Some(Arg::Text(flag))) =
        (a.first(), a.get(1))
    else {
        return Err(error(
            "cut",
            "expected cut({L|R}, \"left\"|\"right\"|\"both\")",
        ));
    };
    // The parser writes only these flags and at least three options before `…`; a call
    // written by hand is held to the same (an empty side that goes on is no progression).
    if !matches!(flag.as_str(), "left" | "right" | "both") {
        return Err(error(
            "cut",
            format!("unknown flag \"{flag}\": expected \"left\", \"right\" or \"both\" (the sides that go on)"),
        ));
    }
    for (side, goes_on, opts) in [
        ("left", flag != "right", left),
        ("right", flag != "left", right),
    ] {
        if goes_on && opts.len() < MIN_PROGRESSION {
            return Err(error(
                "cut",
                format!("the {side} side goes on, so it needs at least {MIN_PROGRESSION} options to show its progression; it has {}", opts.len()),
            ));
        }
    }
    if let Some(report) = all_finite_nimbers(k, left, right, flag)? {
        return Ok((Value::Nimber(On2::omega()), report));
    }
    let mut inferred = Vec::new();
    let mut written = Vec::new();
    // Options that all share one part that is not rational (seed 000 II.5b's {G−q | G+q} for
    // G = 1/ω) are read as that part plus a cut of rationals.
    let shift = common_shift(k, left, right);
    let mut side = |ts: &[Term], goes_on: bool, which: &'static str| -> Result<Side, KernelError> {
        let mut vs = Vec::with_capacity(ts.len());
        for t in ts {
            let v = eval(k, t)?;
            let d = v.display(k, true);
            vs.push(v.as_surreal(k).ok_or_else(|| {
                error("cut", format!("the option {d} is not a number: only cuts of numbers are supported in infinite braces"))
            })?);
        }
        let mut shown: Vec<String> = vs.iter().map(|x| x.display(true)).collect();
        let vs: Vec<Surreal> = vs.iter().map(|x| x.sub(&shift)).collect();
        if goes_on {
            shown.push("...".into());
        }
        written.push(shown.join(", "));
        if goes_on {
            let (s, kind, text) = infer(&vs).map_err(|e| error("cut", e))?;
            inferred.push(Inferred {
                side: which,
                kind,
                text,
            });
            Ok(s)
        } else {
            Ok(Side::Set(vs))
        }
    };
    let sides = side(left, flag == "left" || flag == "both", "left")
        .and_then(|l| side(right, flag == "right" || flag == "both", "right").map(|r| (l, r)));
    let (l, r) = match sides {
        Ok(lr) => lr,
        Err(e) => {
            // Not a progression: say so more helpfully when the options are the binary
            // truncations of one real number (seed 000's π).
            let mut vals = |ts: &[Term]| -> Option<Vec<Surreal>> {
                ts.iter().map(|t| eval(k, t).ok()?.as_surreal(k)).collect()
            };
            let lr = vals(left).zip(vals(right));
            return Err(lr
                .and_then(|(l, r)| truncations(&l, &r))
                .map_or(e, |msg| error("cut", msg)));
        }
    };
    let v = if shift.is_zero() {
        simplest_in_cut(&l, &r)
    } else {
        shifted_cut(&shift, &l, &r)
    }
    .map_err(|e| error("cut", e))?;
    let v = Value::surreal(v, k);
    let cut = format!("{{{} | {}}}", written[0], written[1]);
    let value = v.display(k, true);
    let says = format!(
        "{cut} = {value}, the simplest number greater than every left option and less than every right option"
    );
    Ok((
        v,
        CutReport {
            cut,
            inferred,
            value,
            says,
            rule: SIMPLICITY_RULE,
            cite: SIMPLICITY_CITE,
        },
    ))
}

/// `{0, *, *2, …}` (both sides the same list, `*0 … *(n−1)` in order, going on): every finite
/// nimber is an option, so the value is their mex ∗ω (seed 003 §7). `None` for any other cut.
fn all_finite_nimbers(
    k: &mut Kernel,
    left: &[Term],
    right: &[Term],
    flag: &str,
) -> Result<Option<CutReport>, KernelError> {
    if flag != "both" || left != right {
        return Ok(None);
    }
    for (i, t) in left.iter().enumerate() {
        let v = eval(k, t)?;
        let Value::Game(g) = v else { return Ok(None) };
        if k.as_nimber(g) != Some(Nimber::from(i as u64)) {
            return Ok(None);
        }
    }
    let shown = (0..left.len())
        .map(|i| match i {
            0 => "0".to_string(),
            1 => "*".to_string(),
            i => format!("*{i}"),
        })
        .collect::<Vec<_>>()
        .join(", ");
    let cut = format!("{{{shown}, ... | {shown}, ...}}");
    Ok(Some(CutReport {
        inferred: ["left", "right"]
            .into_iter()
            .map(|side| Inferred {
                side,
                kind: "nimbers",
                text: format!("every finite nimber {shown}, ..."),
            })
            .collect(),
        says: format!("{cut} = *w, the mex of all finite nimbers"),
        cut,
        value: "*w".into(),
        rule: "mex",
        cite: "seed 003 §7 (mex{0, *, *2, ...} = *w)",
    }))
}

/// `{L | R}` with finitely many options, all numbers and at least one not a short game: the
/// simplest number between the largest left and the smallest right option. `None` when an
/// option is not a number or every option is short (the kernel's business).
fn finite_cut(k: &mut Kernel, left: &[Term], right: &[Term]) -> Result<Option<Value>, KernelError> {
    let mut sides = [Vec::new(), Vec::new()];
    let mut beyond = false;
    for (side, ts) in sides.iter_mut().zip([left, right]) {
        for t in ts {
            let v = match eval(k, t) {
                Ok(v) => v,
                Err(_) => return Ok(None),
            };
            beyond |= !matches!(v, Value::Game(_));
            match v.as_surreal(k) {
                Some(s) => side.push(s),
                None => return Ok(None),
            }
        }
    }
    if !beyond {
        return Ok(None);
    }
    let [l, r] = sides;
    let v = simplest_between(l.iter().max(), r.iter().min()).map_err(|e| error("{L|R}", e))?;
    Ok(Some(Value::surreal(v, k)))
}

/// The simplest number strictly between `lo` and `hi` (a missing bound is no bound), read off
/// their sign expansions: the longest common prefix c; if lo < c < hi it is c; if lo = c, the
/// simplest below hi after c: one `+`, then hi's run of `−` there (one `−` more when hi ends
/// with that run); symmetrically if hi = c. Expansions with a recurring block (non-dyadic
/// rationals) are outside this fragment.
fn simplest_between(lo: Option<&Surreal>, hi: Option<&Surreal>) -> Result<Surreal, String> {
    use crate::number::Sign;
    use std::collections::VecDeque;
    let runs = |x: &Surreal| -> Result<VecDeque<(Sign, Ordinal)>, String> {
        let e = sign::sign_expansion(x)?;
        let Some(runs) = e.runs_only() else {
            return Err(format!(
                "{} has a recurring sign expansion: a cut at a number with a non-dyadic coefficient beside an option that is not a short game is outside the supported fragment",
                x.display(true)
            ));
        };
        Ok(runs.into_iter().collect())
    };
    let (mut a, mut b) = (lo.map(runs).transpose()?, hi.map(runs).transpose()?);
    let mut out: Vec<(Sign, Ordinal)> = Vec::new();
    let push = |out: &mut Vec<(Sign, Ordinal)>, s: Sign, n: Ordinal| {
        if n.is_zero() {
            return;
        }
        match out.last_mut() {
            Some(last) if last.0 == s => last.1 = last.1.add(&n),
            _ => out.push((s, n)),
        }
    };
    // m taken off the front of a run of length n (m ≤ n): the d with m + d = n.
    let left_sub = |m: &Ordinal, n: &Ordinal| -> Ordinal {
        let (mt, nt) = (m.terms(), n.terms());
        let mut i = 0;
        while i < mt.len() && i < nt.len() && mt[i] == nt[i] {
            i += 1;
        }
        let mut rest: Vec<(Ordinal, num_bigint::BigUint)> = nt[i.min(nt.len())..].to_vec();
        if let (Some((e, c)), Some(first)) = (mt.get(i), rest.first_mut()) {
            if *e == first.0 && first.1 > *c {
                first.1 -= c;
            }
        }
        Ordinal::from_terms(rest)
    };
    let take = |q: &mut VecDeque<(Sign, Ordinal)>, m: &Ordinal| {
        if let Some(front) = q.front_mut() {
            front.1 = left_sub(m, &front.1);
            if front.1.is_zero() {
                q.pop_front();
            }
        }
    };
    let one = Ordinal::one();
    // each round ends the walk or uses up a run of a bound
    let mut finished = false;
    for _ in 0..1 << 16 {
        // the next sign of each bound: a missing lower bound goes down forever, a missing
        // upper bound up forever
        let sa = match &a {
            None => Some(Sign::Minus),
            Some(q) => q.front().map(|r| r.0),
        };
        let sb = match &b {
            None => Some(Sign::Plus),
            Some(q) => q.front().map(|r| r.0),
        };
        match (sa, sb) {
            (Some(x), Some(y)) if x == y => {
                let la = a.as_ref().and_then(|q| q.front()).map(|r| r.1.clone());
                let lb = b.as_ref().and_then(|q| q.front()).map(|r| r.1.clone());
                let m = match (la, lb) {
                    (Some(p), Some(q)) => p.min(q),
                    (Some(p), None) | (None, Some(p)) => p,
                    (None, None) => return Err("no bounds".into()),
                };
                push(&mut out, x, m.clone());
                for q in [&mut a, &mut b].into_iter().flatten() {
                    take(q, &m);
                }
            }
            (Some(Sign::Minus), Some(Sign::Plus)) => {
                finished = true;
                break;
            }
            (None, Some(Sign::Plus)) | (Some(Sign::Minus), None) => {
                // one bound is c itself: go one sign towards the other, then along the
                // other's following run of the opposite sign
                let (q, s) = if sa.is_none() {
                    (b.as_mut(), Sign::Plus)
                } else {
                    (a.as_mut(), Sign::Minus)
                };
                let t = if s == Sign::Plus {
                    Sign::Minus
                } else {
                    Sign::Plus
                };
                push(&mut out, s, one.clone());
                finished = true;
                let Some(q) = q else {
                    // no bound on that side: c followed by one sign is the answer
                    break;
                };
                take(q, &one);
                match q.front().cloned() {
                    None => push(&mut out, t, one.clone()),
                    Some((x, _)) if x == s => {}
                    Some((_, k)) => {
                        q.pop_front();
                        if q.is_empty() {
                            push(&mut out, t, k.add(&one));
                        } else {
                            push(&mut out, t, k);
                        }
                    }
                }
                break;
            }
            _ => return Err("a left option is not below every right option: not a number".into()),
        }
    }
    if !finished {
        return Err("the bounds' sign expansions have too many runs".into());
    }
    sign::expansion_value(&sign::SignExpansion::from_runs(out))
}

/// The part that is not rational (the terms with a nonzero exponent) shared by every option
/// of a cut, or 0 when they do not all share one (or there are no options).
fn common_shift(k: &mut Kernel, left: &[Term], right: &[Term]) -> Surreal {
    let mut shift: Option<Surreal> = None;
    for t in left.iter().chain(right) {
        let Some(x) = eval(k, t).ok().and_then(|v| v.as_surreal(k)) else {
            return Surreal::zero();
        };
        let c = Surreal::from_terms(
            x.terms()
                .iter()
                .filter(|(e, _)| !e.is_zero())
                .cloned()
                .collect(),
        );
        match &shift {
            Some(s) if *s != c => return Surreal::zero(),
            _ => shift = Some(c),
        }
    }
    shift.unwrap_or_default()
}

/// `{c + L | c + R}` for a part `c` that is not rational and progressions L, R of rationals
/// converging to one limit ℓ from both sides: the numbers in the cut are c + ℓ plus an
/// infinitesimal, and the simplest of them drops c's infinitesimal terms (Gonshor's
/// concatenation: every later, smaller term only lengthens the expansion). Seed 000 II.5b:
/// G = {G − q | G + q} for a real G, and {1/ω − q | 1/ω + q} = 0. Other shifted cuts are errors.
fn shifted_cut(c: &Surreal, l: &Side, r: &Side) -> Result<Surreal, String> {
    match (l, r) {
        (Side::Converging(a, true), Side::Converging(b, false)) if a == b => {
            let infinite = Surreal::from_terms(
                c.terms()
                    .iter()
                    .filter(|(e, _)| e.signum() > 0)
                    .cloned()
                    .collect(),
            );
            Ok(infinite.add(&Surreal::rational(a.clone())))
        }
        _ => Err(format!(
            "every option shares the part {} that is not rational; such a cut is supported only when both sides are progressions of rationals plus that part converging to one limit from below and above (seed 000 II.5b: G = {{G−q | G+q}})",
            c.display(true)
        )),
    }
}

/// When a cut that is not a progression lists dyadic options that all lie on the sign expansion
/// of one number (its binary truncations, as seed 000 writes π = {3, 3+1/8, 3+1/8+1/64, … |
/// 4, 3+1/2, 3+1/4, 3+1/8+1/16, …}), the reason the cut cannot be completed, in words: the
/// signs the terms fix, the interval they leave, and that the rest cannot be inferred.
fn truncations(left: &[Surreal], right: &[Surreal]) -> Option<String> {
    use crate::number::Sign;
    let expansion = |x: &Surreal| x.to_dyadic()?.sign_expansion(1 << 12);
    let (ls, rs): (Vec<Vec<Sign>>, Vec<Vec<Sign>>) = (
        left.iter().map(expansion).collect::<Option<_>>()?,
        right.iter().map(expansion).collect::<Option<_>>()?,
    );
    let longest = ls.iter().chain(&rs).max_by_key(|v| v.len())?.clone();
    // every option a prefix of the longest; a left one followed there by +, a right one by −
    let on_it = |v: &Vec<Sign>, s: Sign| {
        longest.starts_with(v) && longest.get(v.len()).is_none_or(|t| *t == s)
    };
    if !(ls.iter().all(|v| on_it(v, Sign::Plus)) && rs.iter().all(|v| on_it(v, Sign::Minus))) {
        return None;
    }
    let (lo, hi) = (left.iter().max()?, right.iter().min()?);
    if lo >= hi {
        return None;
    }
    let signs: String = longest
        .iter()
        .map(|s| if *s == Sign::Plus { '+' } else { '-' })
        .collect();
    Some(format!(
        "the options are not an arithmetic or geometric progression or the partial sums of one; they are binary truncations of one real number x: they fix its first {} signs, {signs}, so {} < x < {}, but no finite list of truncations determines the signs after them. The limit is a real number that cannot be inferred from the terms given and need not be rational (seed 000's π is not); an irrational real has no finite normal form with rational coefficients and is outside what onag represents. Write a rational limit directly, or options that form a progression",
        longest.len(),
        lo.display(true),
        hi.display(true)
    ))
}

/// Fewest terms a progression is inferred from (the parser asks as many before `…`).
const MIN_PROGRESSION: usize = 3;

/// One side of an infinite cut.
#[derive(Debug)]
enum Side {
    /// Finitely many options.
    Set(Vec<Surreal>),
    /// `a, a+d, a+2d, …`.
    Arithmetic(Surreal, Surreal),
    /// A real sequence converging monotonically to its limit, never reaching it; `true` when
    /// it increases.
    Converging(BigRational, bool),
    /// A real sequence growing without bound (a geometric one with ratio above 1); `true`
    /// upwards.
    Diverging(bool),
}

/// The progression shown by the terms: arithmetic (equal differences), geometric (equal
/// ratios) or the partial sums of a geometric series (differences with equal ratios); with
/// its kind and what was inferred, in words.
fn infer(v: &[Surreal]) -> Result<(Side, &'static str, String), String> {
    if v.len() < MIN_PROGRESSION {
        return Err(format!(
            "a progression is inferred from at least {MIN_PROGRESSION} terms, not {}",
            v.len()
        ));
    }
    let shown = v
        .iter()
        .map(|x| x.display(true))
        .collect::<Vec<_>>()
        .join(", ");
    let q_shown = |q: &BigRational| Surreal::rational(q.clone()).display(true);
    let d: Vec<Surreal> = v.windows(2).map(|w| w[1].sub(&w[0])).collect();
    if d.iter().all(|x| *x == d[0]) && !d[0].is_zero() {
        let step = d[0].clone();
        return if step.to_rational().is_some() {
            let text = format!(
                "arithmetic progression {shown}, ... (step {})",
                step.display(true)
            );
            Ok((Side::Arithmetic(v[0].clone(), step), "arithmetic", text))
        } else {
            Err(format!("{shown}, …: an arithmetic progression with an infinite or infinitesimal step is not supported"))
        };
    }
    let ratio = |x: &[Surreal]| -> Option<BigRational> {
        let qs: Vec<BigRational> = x
            .windows(2)
            .map(|w| Some(w[1].to_rational()? / w[0].to_rational().filter(|z| !z.is_zero())?))
            .collect::<Option<_>>()?;
        qs.iter().all(|q| *q == qs[0]).then(|| qs[0].clone())
    };
    let one = BigRational::from_integer(1.into());
    let conv = |limit: BigRational, q: &BigRational, increasing: bool| -> Result<Side, String> {
        if q.is_positive() && *q < one {
            Ok(Side::Converging(limit, increasing))
        } else if *q > one {
            // |terms| grow without bound, with one sign
            Ok(Side::Diverging(increasing))
        } else {
            Err(format!("{shown}, …: only progressions that move monotonically (a positive ratio other than 1) are supported"))
        }
    };
    let whither = |s: &Side| match s {
        Side::Converging(lim, up) => format!(
            "converging to {} from {}",
            Surreal::rational(lim.clone()).display(true),
            if *up { "below" } else { "above" }
        ),
        Side::Diverging(true) => "unbounded above".to_string(),
        Side::Diverging(false) => "unbounded below".to_string(),
        _ => String::new(),
    };
    if let Some(q) = ratio(v) {
        // a·q^n → 0 (or ±∞ for q > 1)
        let a = v[0].to_rational().unwrap_or_default();
        let increasing = if q > one {
            a.is_positive()
        } else {
            a.is_negative()
        };
        let s = conv(BigRational::zero(), &q, increasing)?;
        let text = format!(
            "geometric progression {shown}, ... (ratio {}), {}",
            q_shown(&q),
            whither(&s)
        );
        return Ok((s, "geometric", text));
    }
    if let Some(q) = ratio(&d) {
        // partial sums a + d(1 + q + q² + …) → a + d/(1 − q)
        // the first term must be rational too: ε − 1, ε − 1/2, … has rational differences
        // but does not converge to a rational limit
        let (Some(a), Some(d0)) = (v[0].to_rational(), d[0].to_rational()) else {
            return Err(format!("{shown}, …: the partial sums of a geometric series are supported for rational terms (or, beside options that all share the same part that is not rational, that part plus rationals)"));
        };
        let limit = if q == one {
            BigRational::zero()
        } else {
            &a + &d0 / (&one - &q)
        };
        if !(q.is_positive() && q < one) {
            return Err(format!(
                "{shown}, …: read as the partial sums of a geometric progression with ratio {}, which do not converge: only converging partial sums (ratio between 0 and 1) are supported",
                q_shown(&q)
            ));
        }
        let s = conv(limit, &q, d0.is_positive())?;
        let text = format!(
            "partial sums {shown}, ... of a geometric series (first term {}, ratio {}), {}",
            Surreal::rational(d0.clone()).display(true),
            q_shown(&q),
            whither(&s)
        );
        return Ok((s, "partial sums", text));
    }
    Err(format!("cannot infer a progression from {shown}, …: it is neither arithmetic, geometric nor the partial sums of a geometric series"))
}

/// The simplest number in a cut whose sides are inferred progressions (seed 000 II.5b's
/// examples and their like): real bounds, ω above every real, ω − 1 and ω/2 below ω.
fn simplest_in_cut(l: &Side, r: &Side) -> Result<Surreal, String> {
    use std::cmp::Ordering;
    let w = Surreal::omega();
    // (bound, attained) of each side, as reals; None for no bound (empty side / unbounded).
    let real_bound = |s: &Side, upper: bool| -> Result<Option<(BigRational, bool)>, String> {
        Ok(match s {
            Side::Set(xs) => {
                let m = if upper {
                    xs.iter().max()
                } else {
                    xs.iter().min()
                };
                match m {
                    None => None,
                    Some(x) => Some((x.to_rational().ok_or("an infinite option beside a progression is supported only as ω on the right")?, true)),
                }
            }
            Side::Converging(lim, inc) => {
                if *inc != upper {
                    return Err("a progression that moves away from the other side is not a cut this supports".into());
                }
                Some((lim.clone(), false))
            }
            Side::Arithmetic(..) | Side::Diverging(_) => None,
        })
    };
    let unbounded_up = matches!(l, Side::Diverging(true))
        || matches!(l, Side::Arithmetic(a, d) if d.signum() > 0 && a.to_rational().is_some());
    let unbounded_down = matches!(r, Side::Diverging(false))
        || matches!(r, Side::Arithmetic(a, d) if d.signum() < 0 && a.to_rational().is_some());
    if unbounded_up || unbounded_down {
        let other_empty =
            matches!(if unbounded_up { r } else { l }, Side::Set(xs) if xs.is_empty());
        if unbounded_up && unbounded_down {
            return Err("both sides are unbounded: no number lies in this cut".into());
        }
        if other_empty {
            return Ok(if unbounded_up { w } else { w.neg() });
        }
        if unbounded_up {
            // {0,1,2,…|ω} = ω − 1 and {0,1,2,…|ω, ω−1, ω−2, …} = ω/2 (seed 000 II.5b)
            match r {
                Side::Set(xs) if xs.iter().min() == Some(&w) => {
                    return Ok(w.sub(&Surreal::integer(1)))
                }
                Side::Arithmetic(a, d) if *a == w && d.signum() < 0 => {
                    return Ok(w.scale(&BigRational::new(1.into(), 2.into())))
                }
                _ => {}
            }
        }
        return Err("this cut of an unbounded progression is outside the supported fragment (supported: ω, −ω, ω − 1, ω/2)".into());
    }
    if matches!(l, Side::Arithmetic(..) | Side::Diverging(_))
        || matches!(r, Side::Arithmetic(..) | Side::Diverging(_))
    {
        return Err("an arithmetic progression moving towards the other side never stops: not a cut this supports".into());
    }
    let lo = real_bound(l, true)?;
    let hi = real_bound(r, false)?;
    if let (Some((a, _)), Some((b, _))) = (&lo, &hi) {
        match a.cmp(b) {
            Ordering::Greater => {
                return Err("a left option is not below every right option: not a number".into())
            }
            Ordering::Equal => {
                let (ia, ib) = (lo.as_ref().map(|x| x.1), hi.as_ref().map(|x| x.1));
                let eps = Surreal::epsilon();
                let x = Surreal::rational(a.clone());
                return match (ia, ib) {
                    (Some(false), Some(false)) => Ok(x),
                    (Some(true), Some(false)) => Ok(x.add(&eps)),
                    (Some(false), Some(true)) => Ok(x.sub(&eps)),
                    _ => Err("a left option equals a right option: not a number".into()),
                };
            }
            Ordering::Less => {}
        }
    }
    // A real interval with interior: the simplest dyadic inside, or an included endpoint that
    // is simpler (the simplicity rule).
    let inside = simplest_dyadic_between(lo.as_ref().map(|x| &x.0), hi.as_ref().map(|x| &x.0));
    let mut best = inside;
    for b in [&lo, &hi] {
        if let Some((x, false)) = b {
            let s = Surreal::rational(x.clone());
            if let Some(d) = s.to_dyadic() {
                if best
                    .as_ref()
                    .and_then(|y| y.to_dyadic())
                    .is_none_or(|y| d.birthday() < y.birthday())
                {
                    best = Some(s);
                }
            }
        }
    }
    best.ok_or_else(|| "no number found in this cut".to_string())
}

/// The simplest dyadic strictly between two rationals (either may be missing: ±∞).
fn simplest_dyadic_between(lo: Option<&BigRational>, hi: Option<&BigRational>) -> Option<Surreal> {
    let inside = |x: &BigRational| lo.is_none_or(|l| x > l) && hi.is_none_or(|h| x < h);
    let zero = BigRational::zero();
    if inside(&zero) {
        return Some(Surreal::zero());
    }
    // an integer inside, nearest to zero
    let n = match (lo, hi) {
        (Some(l), _) if !l.is_negative() => l.floor().to_integer() + 1,
        (_, Some(h)) => h.ceil().to_integer() - 1,
        _ => return None,
    };
    let ni = BigRational::from_integer(n);
    if inside(&ni) {
        return Some(Surreal::rational(ni));
    }
    let (l, _) = (lo?, hi?);
    let mut scale = BigInt::from(1);
    for _ in 0..4096 {
        scale *= 2;
        let s = BigRational::from_integer(scale.clone());
        let m = (l * &s).floor().to_integer() + 1;
        let x = BigRational::new(m, scale.clone());
        if inside(&x) {
            return Some(Surreal::rational(x));
        }
    }
    None
}

/// The kernel's view of a number-world call: its value when it is a short game, else an error
/// saying what it is and where to compute with it.
pub fn as_game(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<GameId, KernelError> {
    match call(k, name, a)? {
        Value::Game(g) => Ok(g),
        v => {
            let d = v.display(k, true);
            Err(error(
                name,
                format!("{d} is not a short game, so it cannot be an option or be added to games that are not numbers; `onag::evaluate` computes with it"),
            ))
        }
    }
}

/// The number world's value of a term, as an operand of a loopy game: a short game or a
/// loopy value (anything else is an error).
fn loopy_operand(k: &mut Kernel, t: &Term) -> Result<super::loopy::Operand, KernelError> {
    let v = eval(k, t)?;
    loopy_of(k, "a loopy game", v)
}

fn loopy_of(k: &mut Kernel, what: &str, v: Value) -> Result<super::loopy::Operand, KernelError> {
    match v {
        Value::Game(g) => Ok(super::loopy::Operand::Short(g)),
        Value::Loopy(l) => Ok(super::loopy::Operand::Loopy(*l)),
        v => {
            let d = v.display(k, true);
            Err(error(
                what,
                format!("{d} is not a game: loopy games mix only with short games"),
            ))
        }
    }
}

impl From<super::loopy::Answer> for Value {
    fn from(a: super::loopy::Answer) -> Self {
        use super::loopy::Answer;
        match a {
            Answer::Game(g) => Value::Game(g),
            Answer::Loopy(v) => Value::Loopy(Box::new(v)),
            Answer::Bool(b) => Value::Bool(b),
            Answer::Text(text) => Value::Text {
                kind: "outcome class",
                text,
            },
            Answer::List(xs) => Value::List(xs.into_iter().map(Value::from).collect()),
        }
    }
}

/// Whether a call's arguments mention a misère form (`*[…]`, `misere_canonical_form`,
/// `mate`): then `is_even` and `is_odd` are the misère predicates.
fn mentions_misere(a: &[Arg]) -> bool {
    fn term(t: &Term) -> bool {
        match t {
            Term::Call { name, args } => {
                matches!(name.as_str(), "misere" | "misere_canonical_form" | "mate")
                    || mentions_misere(args)
            }
            Term::Sum(a, b) => term(a) || term(b),
            Term::Neg(a) => term(a),
            Term::Multiple { game, .. } => term(game),
            Term::Game { left, right } => left.iter().chain(right).any(term),
            _ => false,
        }
    }
    a.iter().any(|x| matches!(x, Arg::Game(t) if term(t)))
}

/// A predicate of a number or nimber that is not a short game (ω, 1/3, ∗ω): `None` when the
/// argument is a short game, which the predicates of `super::predicates` answer.
/// `abs`, `sign`, `max` and `min` of surreal numbers that are not all rational (`abs(-w+1)`,
/// `sign(w-5)`, `max(w, 1/w)`): read off the sign of the leading term of the Conway normal
/// form, as CGSuite's `Abs` and `Sign` of a generalized ordinal (`(-ω+5).Abs` = ω−5,
/// `(ω−5).Sign` = 1). `None` when every argument is rational (the rational functions answer)
/// or `name` is another function.
fn surreal_order_fn(name: &str, xs: &[Surreal]) -> Option<Surreal> {
    if xs.iter().all(|x| x.to_rational().is_some()) {
        return None;
    }
    match (name, xs) {
        ("abs", [x]) => Some(if x.signum() < 0 { x.neg() } else { x.clone() }),
        ("sign", [x]) => Some(Surreal::integer(x.signum().into())),
        ("max", [x, y]) => Some(if y.sub(x).signum() > 0 { y } else { x }.clone()),
        ("min", [x, y]) => Some(if y.sub(x).signum() < 0 { y } else { x }.clone()),
        _ => None,
    }
}

fn world_predicate(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Option<Value>, KernelError> {
    let v = value_arg(k, name, a, 0)?;
    let b = match &v {
        Value::Game(_) => return Ok(None),
        Value::Surreal(s) => match name {
            "is_number" => true,
            "is_dyadic" => s.to_dyadic().is_some(),
            "is_integer" => s.to_integer().is_some(),
            "is_ordinal" => s.to_ordinal().is_some(),
            "is_infinitesimal" => false,
            // A number that is not a short game (1/3, ω) has infinitely many followers.
            "is_finite" => s.to_dyadic().is_some(),
            _ => {
                return Err(error(
                    name,
                    format!(
                        "{} is a number that is not a short game; {name} applies to short games",
                        s.display(true)
                    ),
                ))
            }
        },
        Value::Nimber(x) => match name {
            "is_nimber" => true,
            "is_number" | "is_dyadic" | "is_integer" | "is_ordinal" | "is_finite" => false,
            "nim_value" => return Ok(Some(Value::from(x.to_ordinal()))),
            _ => {
                return Err(error(
                    name,
                    format!(
                        "*({}) is a transfinite nimber; {name} applies to short games",
                        x.display(true)
                    ),
                ))
            }
        },
        other => return Err(not_a_game(k, name, other)),
    };
    Ok(Some(Value::Bool(b)))
}

impl From<super::reply::Reply> for Value {
    fn from(r: super::reply::Reply) -> Self {
        use super::reply::Reply;
        match r {
            Reply::Game(g) => Value::Game(g),
            Reply::Bool(b) => Value::Bool(b),
            Reply::List(xs) => Value::List(xs.into_iter().map(Value::from).collect()),
            Reply::Text { kind, text } => Value::Text { kind, text },
        }
    }
}

impl From<super::misere::Answer> for Value {
    fn from(a: super::misere::Answer) -> Self {
        match a {
            super::misere::Answer::Game(g) => Value::Game(g),
            super::misere::Answer::List(xs) => {
                Value::List(xs.into_iter().map(Value::from).collect())
            }
            super::misere::Answer::Misere { kind, text } => Value::Misere { kind, text },
        }
    }
}

impl From<Ordinal> for Value {
    fn from(o: Ordinal) -> Self {
        Value::Surreal(Surreal::from_ordinal(&o))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(src: &str) -> String {
        let mut k = Kernel::new();
        let t = crate::syntax::parse(src).unwrap();
        let v = eval(&mut k, &t).unwrap();
        v.display(&mut k, false)
    }

    fn err(src: &str) -> String {
        let mut k = Kernel::new();
        let t = crate::syntax::parse(src).unwrap();
        eval(&mut k, &t).unwrap_err().to_string()
    }

    #[test]
    fn mixes() {
        assert_eq!(show("w + 1"), "ω+1");
        assert_eq!(show("1 + w - w"), "1");
        assert_eq!(show("*w + *3"), "*(ω+3)");
        assert!(err("w + ^").contains("not supported"), "{}", err("w + ^"));
        assert!(err("w + *w").contains("not supported"));
        assert_eq!(show("2 * 3"), "6");
        assert_eq!(show("2*3"), "6");
        assert_eq!(show("2+*3"), "2+*3");
        assert_eq!(show("*2 ⊗ *3"), "*");
        assert_eq!(show("*w (x) *w"), "*(ω^2)");
    }

    /// The product in slices under the budget is the product (distributivity), on sums whose
    /// exponents take the general path (their denominators' lcm is beyond a machine word) and
    /// on sums with integer exponents.
    #[test]
    fn product_in_slices_is_the_product() {
        let mut k = Kernel::new();
        let sum = |src: String, k: &mut Kernel| {
            let t = crate::syntax::parse(&src).unwrap();
            eval(k, &t).unwrap().as_surreal(k).unwrap()
        };
        let a = sum(
            (2..90)
                .map(|i| format!("w^(1/{i})"))
                .collect::<Vec<_>>()
                .join(" + "),
            &mut k,
        );
        let b = sum(
            (1..70)
                .map(|i| format!("{i}*w^({i}) - w^(-{i})"))
                .collect::<Vec<_>>()
                .join(" + "),
            &mut k,
        );
        for (x, y) in [(&a, &a), (&a, &b), (&b, &b), (&b, &a)] {
            let direct = x.mul(y);
            assert_eq!(product(&mut k, x, y).unwrap(), direct);
            assert!(direct.terms().len() > 100);
        }
        // the budget stops it
        let mut k2 = Kernel::new();
        k2.set_budget(crate::kernel::Budget {
            deadline: Some(std::time::Instant::now()),
            ..Default::default()
        });
        std::thread::sleep(std::time::Duration::from_millis(2));
        let e = product(&mut k2, &a, &a).unwrap_err();
        assert!(matches!(e, KernelError::Limit { .. }), "{e}");
    }
}
