//! Games by their definitions, for the checkers: the order `≤` by seed 002's Definition 2.5
//! (`inequality`: the checker's own hash-consed forms, read from terms, never simplified),
//! canonical forms and the values they name (`values`), stops (`stops`: the shortcut that
//! settles most pairs of hot games), and the caller's limits every checker looks at as it works
//! (`check_limits`).
//!
//! It sits below everything that checks (`proof`'s checkers, and `functions`' checks of the
//! openings it lists) so that each can decide by the definitions without reaching into a layer
//! above it, and it is the checker side's: it never calls the kernel, the evaluator, the engine
//! or `crate::analysis` (`tests/boundary.rs` reads every file here), so an error in those is not
//! confirmed by the code that checks them.

pub(crate) mod check_limits;
pub mod inequality;
mod stops;
mod values;
