//! Tests of the rule files' parser, moved here from tests/ when the modules became crate-private.

mod rules;
