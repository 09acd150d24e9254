//! Functions that read a property of any short game.

use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::term::Arg;

/// `birthday(G)`: the day G's canonical form is born (seed 002, birthdays), as an integer.
/// The form written may be born later: `{-1|1}` is born on day 2, its value 0 on day 0.
pub struct Birthday;

impl Function for Birthday {
    fn name(&self) -> &'static str {
        "birthday"
    }
    fn usage(&self) -> &'static str {
        "birthday(G)"
    }
    fn summary(&self) -> &'static str {
        "the birthday of G's canonical form, as an integer"
    }
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        args::arity(self, a, 1)?;
        let g = args::game(self, a, 0, kernel)?;
        let day = kernel.birthday(g);
        Ok(kernel.number(&Dyadic::from(day)))
    }
}
