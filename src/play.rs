//! The play convention: the one name of a play everywhere (a proof's `play` field, the
//! library's calls through [`crate::Engine::with_play`], the command line's `--misere` and the
//! loopy notation).
//!
//! It sits at the bottom of the layers, beside the numbers, so that every layer that must say
//! which play it works in (the engine's settings, the proofs, the API) names the same type.

/// The play convention: who wins when no move is left, and whether play may go on forever.
///
/// What differs between plays is what a term's value is (normal: the canonical form; misère:
/// Conway's simplest form; loopy: a stopper's simplest form or its sides) and what a rule's
/// condition means. A fourth play (scoring play) is expected, so the enum is non-exhaustive.
///
/// ```
/// use onag::{Engine, Play};
/// assert_eq!(Play::default(), Play::Normal);
/// assert_eq!(Play::Misere.name(), "misere");
/// let engine = Engine::default().with_play(Play::Loopy);
/// assert_eq!(engine.play(), Play::Loopy);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Play {
    /// Normal play: the player who cannot move loses. Proofs written without a `play` field.
    #[default]
    Normal,
    /// Misère play of impartial games: the player who cannot move wins (`"play": "misere"`).
    Misere,
    /// Normal play of loopy games, infinite play a draw (`"play": "loopy"`): the terms may be
    /// cyclic (`a{0|a}`, `pass`), and the module `proof::loopy` checks the steps.
    Loopy,
}

impl Play {
    /// The name written in the proof file's `play` field (`normal`, `misere`, `loopy`).
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
            Play::Loopy => "loopy",
        }
    }
}

impl std::fmt::Display for Play {
    /// The play's name in words: `normal`, `misère`, `loopy`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Play::Normal => "normal",
            Play::Misere => "misère",
            Play::Loopy => "loopy",
        })
    }
}
