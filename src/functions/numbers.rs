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
    fn name(&self) -> &'static str {
        self.name
    }
    fn usage(&self) -> &'static str {
        self.usage
    }
    fn summary(&self) -> &'static str {
        self.summary
    }
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
            _ => Ok(None),
        }
    }
    fn check_open(&self, args: &[Arg], term: &Term) -> Option<Result<(), String>> {
        match self.name {
            "nimmul" | "mul" => Some(nimopen::check(self.name, args, term)),
            "niminv" | "nimsqrt" => Some(nimroots::check(self.name, args, term)),
            _ => None,
        }
    }
}

const fn f(name: &'static str, usage: &'static str, summary: &'static str) -> World {
    World {
        name,
        usage,
        summary,
    }
}

pub static OMEGA: World = f(
    "omega",
    "w, ω, omega, w^e or omega(e)",
    "ω, or ω^e for a number e (seed 000 II.5b)",
);
pub static EPSILON: World = f(
    "epsilon",
    "epsilon or ε",
    "ε = 1/ω, the infinitesimal LRRR… (seed 000 II.5b)",
);
pub static NIM: World = f(
    "nim",
    "*w, *(α) or nim(α)",
    "the transfinite nimber *α for an ordinal α below ω^ω (seed 000 §I.6a)",
);
pub static MUL: World = f(
    "mul",
    "a * b (spaced), a × b or mul(a, b)",
    "the product of two numbers, or of two impartial games (the nim product, seed 003's G×H)",
);
pub static DIV: World = f(
    "div",
    "a / b or div(a, b)",
    "the quotient of two numbers when it has a finite normal form, or of two nimbers",
);
pub static SQRT: World = f(
    "sqrt",
    "sqrt(x)",
    "the square root of a number (when finite in normal form) or of a nimber",
);
pub static NIMMUL: World = f(
    "nimmul",
    "a ⊗ b, a (x) b or nimmul(a, b)",
    "the nim product of two nimbers, finite or transfinite below ω^ω",
);
pub static NIMDIV: World = f("nimdiv", "nimdiv(a, b)", "a ⊗ b⁻¹ for nimbers");
pub static NIMINV: World = f("niminv", "niminv(a)", "the nim inverse of a nonzero nimber");
pub static NIMSQRT: World = f("nimsqrt", "nimsqrt(a)", "the nim square root of a nimber");
pub static NIMPOW: World = f("nimpow", "nimpow(a, n)", "a ⊗ a ⊗ … ⊗ a (n factors)");
pub static NIMSOLVE: World = f(
    "nimsolve",
    "nimsolve(a) or nimsolve(a, k)",
    "the even root x of x² ⊕ x = a (the other is x ⊕ 1), or an error when GF(2^(2^k)) has none",
);
pub static OSUM: World = f(
    "osum",
    "osum(a, b)",
    "the ordinal sum a + b (1 + ω = ω); a + b is the natural sum",
);
pub static OPROD: World = f(
    "oprod",
    "oprod(a, b)",
    "the ordinal product a·b (2·ω = ω); a * b is the natural product",
);
pub static HS: World = f(
    "hs",
    "hs\"AB(BA)\" or hs(\"L(R)\")",
    "a Hackenstring row with recurring parts (seed 001)",
);
pub static SBIRTHDAY: World = f(
    "sbirthday",
    "sbirthday(x)",
    "the birthday of a number: the length of its sign expansion, an ordinal",
);
pub static FORMBIRTHDAY: World = f(
    "formbirthday",
    "formbirthday(G)",
    "the day the form G as written is born ({-1|1}: 2), beside birthday(G) of its value (0)",
);
pub static CUT: World = f("cut", "{0,1,2,…|}, {0|1,1/2,1/4,…}", "the simplest number in a cut whose lists go on as arithmetic or geometric progressions or partial sums of one (seed 000 II.5b)");
