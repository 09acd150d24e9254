//! Functions that read a property of any short game.

use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::term::Arg;

/// `birthday(G)`: the day G's canonical form is born (seed 002, birthdays), as an integer.
/// The form written may be born later: `{-1|1}` is born on day 2, its value 0 on day 0.
pub struct Birthday;

impl Function for Birthday {
    described!(
        "birthday",
        "birthday(G)",
        "the birthday of G's canonical form, as an integer"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 1)?;
        let g = args::game(self, a, 0, kernel)?;
        let day = kernel.birthday(g);
        Ok(kernel.number(&Dyadic::from(day)))
    }
}

/// `canonical_form(G)` and `game_value(G)`: CGSuite's `G.CanonicalForm` and `G.GameValue`,
/// for a short game both its canonical form (every value onag prints is one already; the
/// names let a CGSuite script's calls read as written). A loopy argument is the loopy
/// family's: `game_value` gives its value, `canonical_form` CGSuite's error.
pub struct CanonicalForm;
/// See [`CanonicalForm`].
pub struct GameValue;

macro_rules! identity_function {
    ($ty:ty, $name:literal, $summary:literal) => {
        impl Function for $ty {
            described!($name, concat!($name, "(G)"), $summary);
            fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
                args::arity(self, a, 1)?;
                args::game(self, a, 0, kernel)
            }
        }
    };
}

identity_function!(
    CanonicalForm,
    "canonical_form",
    "the canonical form of a short game G (CGSuite's G.CanonicalForm); an error for a loopy game"
);
identity_function!(
    GameValue,
    "game_value",
    "the value of G: a short game's canonical form, a loopy game's stopper or sided value (CGSuite's G.GameValue)"
);
