//! The rulesets' values against published tables and brute force, moved here from tests/ when
//! the modules became crate-private (the command-line part stays in tests/rulesets/main.rs).

mod grid_games;
mod rulesets;
