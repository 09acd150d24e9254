//! # onag
//!
//! Conway's combinatorial games, simplified by rewriting and proved step by step.
//!
//! The crate is layered; data flows from the top layer down and nothing below imports from above:
//!
//! | module | holds |
//! |---|---|
//! | [`syntax`] | text ⇄ [`Term`]: the parser (with spans and caret errors) and the CGSuite-style printer |
//! | [`term`] | the expression tree people write: `{L|R}`, numbers, nimbers, ups, ±, sums, negation, Hackenstrings, `G where A = …` |
//! | [`sharing`] | shared terms written out by substitution, only under a size bound computed first |
//! | [`number`] | exact arithmetic: dyadic rationals on big integers, nimbers of any size |
//! | [`kernel`] | hash-consed canonical short games with memoised sums and comparisons: the fast, exact oracle |
//! | [`rules`] | the rule language: `rules/*.rules` parsed into rule objects that know nothing of the e-graph |
//! | `eval` (crate-private) | the one evaluator of the rule language (patterns, conditions, results), used by the engine and the proof producer |
//! | [`engine`] | the egg e-graph: rules compiled to searchers and appliers, saturation, extraction |
//! | [`proof`] | proof objects, the independent checker, disproofs, renderers |
//! | [`memory`] | the count of bytes allocated (a counting global allocator), the memory limit |
//! | [`cli`] | the `onag` command line: argument parsing and output only |
//! | `serve` | `onag serve`: the teaching page and its JSON API (feature `serve`) |
//!
//! See `ARCHITECTURE.md` for the invariants that hold these together.
//!
//! ## The calls most users need
//!
//! [`parse`], [`evaluate`], [`simplify`] (with a checked proof), [`prove`], [`compare`],
//! [`check`] and [`rules`], with the types they use ([`Engine`], [`Limits`], [`RuleSet`],
//! [`Proof`], [`Simplification`], [`Outcome`], [`Relation`]) and the one error type
//! [`Error`], re-exported here. Beside them, flat at the root, are the types a user needs to
//! go further: the kernel ([`Kernel`], [`GameId`], [`Budget`], [`OutcomeClass`]), the pieces
//! of a proof ([`Step`], [`Witnesses`], [`CheckError`], [`Inequality`], [`Disproof`]), the
//! printer ([`print()`], [`PrintOptions`]), the rulesets' positions and [`CountingAlloc`].
//! These are the stable surface; the layer modules are still public while the tests that need
//! their internals move beside the code, and may change.
//!
//! ```
//! let engine = onag::Engine::new(onag::rules("all").unwrap());
//! let s = onag::simplify(&onag::parse("{0, 1 | 2}").unwrap(), &engine).unwrap();
//! assert_eq!(s.result().to_string(), "3/2");
//! ```

pub mod analysis;
mod api;
#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
pub mod error;
pub(crate) mod eval;
pub mod functions;
pub mod kernel;
pub mod memory;
pub mod number;
pub mod proof;
pub mod rules;
pub mod rulesets;
#[cfg(feature = "serve")]
pub mod serve;
pub mod sharing;
pub mod syntax;
pub mod term;

pub use api::{check, compare, evaluate, parse, prove, rules, simplify};
pub use engine::{Engine, Limits};
pub use error::Error;
pub use kernel::Relation;
pub use number::{Dyadic, Nimber};
pub use proof::{Outcome, Proof, Simplification};
pub use rules::RuleSet;
pub use term::{Arg, Pebble, Term};

// The types the calls above take and return, and the ones a user needs to go further (a kernel
// of hash-consed games, the pieces of a proof, the rulesets' positions), flat at the root so
// that code outside the crate never names a layer module (issue 15, criterion 5). Each item's
// own documentation is shown here.
pub use analysis::{Thermograph, Thermographer};
pub use engine::{EngineError, Simplified};
/// The outcome class of a game (who wins), re-exported under this name because [`Outcome`] is
/// the result of [`prove`].
pub use kernel::Outcome as OutcomeClass;
pub use kernel::{Budget, GameId, Kernel, KernelError};
pub use memory::CountingAlloc;
pub use number::{Ordinal, Sign, Surreal};
pub use proof::{
    CheckError, CheckLimit, Comparison, Disproof, Inequality, PathElem, Player, ProofError, Reason,
    Step, Witnesses,
};
pub use rules::RuleKind;
pub use rulesets::cutcake::Cutcake;
pub use rulesets::domineering::Position as DomineeringPosition;
pub use rulesets::hackenbush::Picture as HackenbushPicture;
pub use rulesets::octal::{NimSequence, OctalCode};
pub use rulesets::RulesetError;
pub use sharing::ExpandError;
pub use syntax::{print, ParseError, PrintOptions};
