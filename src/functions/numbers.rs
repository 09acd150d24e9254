//! The number world's functions: ω, ε, transfinite nimbers, products and quotients, the nimber
//! field, ordinal arithmetic and recurring Hackenstrings. Their values are worked out in
//! [`super::world`]; here each is registered with its usage line, and the kernel's view of a
//! call is its value when that is a short game (`2 * 3` = 6, `*2 ⊗ *3` = ∗1) or an error saying
//! that the value (ω, 1/3, ∗ω) is not a short game.

use super::{nimopen, nimroots, world, Function, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::{Arg, Term};

/// A function of the number world, described by its name, usage and summary.
pub struct World {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
}

impl Function for World {
    described_by_fields!();
    fn congruent(&self) -> bool {
        // The birthday of a form is a property of how it is written, not of its value.
        self.name != "formbirthday"
    }
    fn value(&self, args: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        world::as_game(kernel, self.name, args)
    }
    /// `nimmul` and `mul` of two impartial games open by the mex definition
    /// ([`super::nimopen`]), `niminv` and `nimsqrt` by theirs ([`super::nimroots`]); the other
    /// functions of the number world have no derivation yet.
    fn open(&self, args: &[Arg], kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        match self.name {
            "nimmul" | "mul" => nimopen::open(self.name, args, kernel),
            "niminv" | "nimsqrt" => nimroots::open(self.name, args, kernel),
            "power" => power_open(args, kernel),
            _ => Ok(None),
        }
    }
    fn check_open(&self, args: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match self.name {
            "nimmul" | "mul" => Some(nimopen::check(self.name, args, term)),
            "niminv" | "nimsqrt" => Some(nimroots::check(self.name, args, term)),
            "power" => Some(power_check(args, term)),
            _ => None,
        }
    }
}

table! {
    World = fields;
    OMEGA: "omega", "w, ω, omega, w^e or omega(e)", "ω, or ω^e for a number e (seed 000 II.5b)";
    EPSILON: "epsilon", "epsilon or ε", "ε = 1/ω, the infinitesimal LRRR… (seed 000 II.5b)";
    NIM: "nim", "*w, *(α) or nim(α)",
        "the transfinite nimber *α for an ordinal α below ω^ω (seed 000 §I.6a)";
    MUL: "mul", "a * b (spaced), a × b or mul(a, b)",
        "the product of two numbers, or of two impartial games (the nim product, seed 003's G×H)";
    DIV: "div", "a / b or div(a, b)",
        "the quotient of two numbers when it has a finite normal form, or of two nimbers";
    SQRT: "sqrt", "sqrt(x)",
        "the square root of a number (when finite in normal form) or of a nimber";
    NIMMUL: "nimmul", "a ⊗ b, a (x) b or nimmul(a, b)",
        "the nim product of two nimbers, finite or transfinite below ω^ω";
    NIMDIV: "nimdiv", "nimdiv(a, b)", "a ⊗ b⁻¹ for nimbers";
    NIMINV: "niminv", "niminv(a)", "the nim inverse of a nonzero nimber";
    NIMSQRT: "nimsqrt", "nimsqrt(a)", "the nim square root of a nimber";
    NIMPOW: "nimpow", "nimpow(a, n)", "a ⊗ a ⊗ … ⊗ a (n factors)";
    NIMSOLVE: "nimsolve", "nimsolve(a) or nimsolve(a, k)",
        "the even root x of x² ⊕ x = a (the other is x ⊕ 1), or an error when GF(2^(2^k)) has none";
    OSUM: "osum", "osum(a, b)", "the ordinal sum a + b (1 + ω = ω); a + b is the natural sum";
    OPROD: "oprod", "oprod(a, b)",
        "the ordinal product a·b (2·ω = ω); a * b is the natural product";
    HS: "hs", "hs\"AB(BA)\" or hs(\"L(R)\")", "a Hackenstring row with recurring parts (seed 001)";
    SBIRTHDAY: "sbirthday", "sbirthday(x)",
        "the birthday of a number: the length of its sign expansion, an ordinal";
    FORMBIRTHDAY: "formbirthday", "formbirthday(G)",
        "the day the form G as written is born ({-1|1}: 2), beside birthday(G) of its value (0)";
    CUT: "cut", "{0,1,2,…|}, {0|1,1/2,1/4,…}",
        "the simplest number in a cut whose lists go on as arithmetic or geometric progressions or partial sums of one (seed 000 II.5b)";
    POWER: "power", "a^n (a power, as CGSuite reads it: 3^5, 2^(-4), (2/3)^(-3)) or power(a, n)",
        "a number to an integer power (the exponent may be any value equal to an integer)";
}

/// A power whose value is a short game (a dyadic) opens to that number, by the definition of
/// a power: n factors of the base (a negative exponent: the reciprocal's). Other powers (1/3
/// to a power, ω's) have no derivation.
fn power_open(args: &[Arg], k: &mut Kernel) -> Result<Option<Opening>, KernelError> {
    let world::Value::Game(g) = world::call(k, "power", args)? else {
        return Ok(None);
    };
    let Some(d) = k.as_number(g) else {
        return Ok(None);
    };
    Ok(Some(Opening {
        term: Term::number(d.clone()),
        rule: "power-definition",
        says: format!("the power is the product of its factors: {d}"),
        cite: "CGSuite's `^` on numbers (research/cgsuite.md §1); a^n = a·a·…·a (n factors), a^-n = 1/a^n",
    }))
}

/// Most factors the checker multiplies out one by one.
const MAX_CHECKED_FACTORS: u64 = 1 << 12;

/// The opening of `power(b, n)` checked by multiplying n factors of the dyadic b one by one
/// (no squaring, no kernel): for n ≥ 0 the product must be the term, for n < 0 the term times
/// the product of −n factors must be 1.
fn power_check(args: &[Arg], term: &Term) -> Result<(), String> {
    use num_traits::{Signed, ToPrimitive};
    fn number(a: Option<&Arg>) -> Option<&crate::number::Dyadic> {
        match a {
            Some(Arg::Game(t)) => t.as_number(),
            _ => None,
        }
    }
    let (Some(b), Some(n), Some(t)) = (number(args.first()), number(args.get(1)), term.as_number())
    else {
        return Err("a power is checked only for a dyadic base, an integer exponent and a number as its value".into());
    };
    let n = n
        .to_integer()
        .ok_or_else(|| format!("the exponent {n} is not an integer"))?
        .clone();
    let m = n
        .abs()
        .to_u64()
        .filter(|&m| m <= MAX_CHECKED_FACTORS)
        .ok_or_else(|| format!("the exponent {n} is beyond the {MAX_CHECKED_FACTORS} factors the checker multiplies out"))?;
    let mut product = crate::number::Dyadic::from(1);
    for _ in 0..m {
        product = &product * b;
    }
    let ok = if n.is_negative() {
        &product * t == crate::number::Dyadic::from(1)
    } else {
        product == *t
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{b}^{n} is not {t}"))
    }
}
