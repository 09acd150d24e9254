//! Tests of the proof layer's internals (the comparison's certificates, the shared-term table,
//! openings built by hand), moved here from tests/ when the modules became crate-private.

mod grid_openings;
mod inequality;
mod openings;
mod proof_scale;
