//! The number systems through the public API, each against its definition, a published table,
//! an oracle or an algebraic law (`nimbers`, and the modules' tests that needed nothing
//! crate-private, moved here from src/).

mod lexicode;
mod nimbers;
mod on2;
mod ordinal;
mod surreal;
