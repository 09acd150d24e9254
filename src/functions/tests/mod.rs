//! Tests of the function registry's internals (openings and their checks, the number world's
//! evaluator, sign expansions), moved here from tests/ when the modules became crate-private.

mod analysis_openings;
mod backsliding_toads;
mod cgsuite_names;
mod cgsuite_props;
mod cgsuite_rulesets;
mod graph_games;
mod never_panics;
mod nim_openings;
mod nim_roots;
mod number_world;
mod ruleset_readers;
mod seed_examples;
