//! # onag
//!
//! Conway's combinatorial games, simplified by rewriting and proved step by step.
//!
//! The crate is layered; data flows from the top layer down and nothing below imports from above:
//!
//! | module | holds |
//! |---|---|
//! | [`syntax`] | text ⇄ [`Term`]: the parser (with spans and caret errors) and the CGSuite-style printer |
//! | [`term`] | the expression tree people write: `{L|R}`, numbers, nimbers, ups, ±, sums, negation, Hackenstrings |
//! | [`number`] | exact arithmetic: dyadic rationals on big integers, nimbers of any size |
//! | [`kernel`] | hash-consed canonical short games with memoised sums and comparisons: the fast, exact oracle |
//! | [`rules`] | the rule language: `rules/*.rules` parsed into rule objects that know nothing of the e-graph |
//! | [`engine`] | the egg e-graph: rules compiled to searchers and appliers, saturation, extraction |
//! | [`proof`] | proof objects, the independent checker, disproofs, renderers |
//! | [`cli`] | the `onag` command line: argument parsing and output only |
//!
//! See `ARCHITECTURE.md` for the invariants that hold these together.

#[cfg(feature = "cli")]
pub mod cli;
pub mod engine;
pub mod error;
pub mod eval;
pub mod functions;
pub mod kernel;
pub mod number;
pub mod proof;
pub mod rules;
pub mod syntax;
pub mod term;

pub use error::Error;
pub use number::{Dyadic, Nimber};
pub use term::{Arg, Pebble, Term};
