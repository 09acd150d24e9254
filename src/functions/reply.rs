//! What a function of CGSuite's methods gives when it is not a short game: a boolean, a list,
//! or a ruleset position printed as a call. The number world (`super::world`) holds these as
//! its values; the families that make them (`introspect`, `predicates`, `integers`,
//! `products`) do not know the number world's type, so no two of these files import each
//! other.

use super::Function;
use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::Arg;

/// One function of a family whose results may be no game (`introspect`, `predicates`,
/// `products`): its family's `call` gives the reply, and its value as a game is that reply
/// when it is one. One type for the three families, which differ only in `call`.
pub struct Family {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    call: fn(&mut Kernel, &str, &[Arg]) -> Result<Reply, KernelError>,
}

impl Family {
    /// The function `name` of the family whose replies `call` gives.
    pub const fn new(
        name: &'static str,
        usage: &'static str,
        summary: &'static str,
        call: fn(&mut Kernel, &str, &[Arg]) -> Result<Reply, KernelError>,
    ) -> Family {
        Family {
            name,
            usage,
            summary,
            call,
        }
    }
}

impl Function for Family {
    described_by_fields!();
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        (self.call)(k, self.name, a)?.into_game(self.name)
    }
}

/// A function's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// A short game (numbers and nimbers included).
    Game(GameId),
    /// `true` or `false`.
    Bool(bool),
    /// A list, printed `[a,b]`.
    List(Vec<Reply>),
    /// A value printed as text: a ruleset position as the call that denotes it
    /// (`domineering("..|..")`), an uptimal expansion as CGSuite prints it (`0.12`).
    Text {
        /// What kind of value ("position", "uptimal expansion").
        kind: &'static str,
        /// How it prints.
        text: String,
    },
}

impl Reply {
    /// The result as a short game, or an error saying what it is (for the kernel's view of a
    /// call: a boolean or a list cannot stand inside braces or a sum).
    pub fn into_game(self, name: &str) -> Result<GameId, KernelError> {
        let kind = match &self {
            Reply::Game(g) => return Ok(*g),
            Reply::Bool(_) => "boolean",
            Reply::List(_) => "list",
            Reply::Text { kind, .. } => kind,
        };
        Err(super::args::error(
            name,
            format!("its value is a {kind}, not a game; `onag::evaluate` prints it"),
        ))
    }
}
