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
//! | [`engine`] | the egg e-graph: rules compiled to searchers and appliers, saturation, extraction |
//! | [`proof`] | proof objects, the independent checker, disproofs, renderers |
//! | [`memory`] | the count of bytes allocated (a counting global allocator), the memory limit |
//! | [`cli`] | the `onag` command line: argument parsing and output only |
//!
//! See `ARCHITECTURE.md` for the invariants that hold these together.

pub mod analysis;
pub mod cli;
pub mod engine;
pub mod error;
pub mod functions;
pub mod kernel;
pub mod memory;
pub mod number;
pub mod proof;
pub mod rules;
pub mod rulesets;
pub mod sharing;
pub mod syntax;
pub mod term;

pub use error::Error;
pub use number::{Dyadic, Nimber};
pub use term::{Arg, Pebble, Term};
