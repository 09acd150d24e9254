//! Analysis of hot games: stops, mean, temperature, thermographs, cooling and heating,
//! Norton multiplication, atomic weight and reduced canonical forms, all exact and computed on the
//! kernel's canonical forms, memoised by [`GameId`](crate::kernel::GameId).
//!
//! - [`wall`]: exact piecewise-linear functions (walls and scaffolds);
//! - [`thermograph`]: thermographs, hence temperature and mean;
//! - [`cool`]: cooling, freezing, heating, overheating, Norton multiplication;
//! - [`atomic`]: atomic weight and the all-small test;
//! - [`reduced`]: reduced canonical forms and comparison modulo infinitesimals;
//! - [`certificate`]: thermograph certificates for `onag check`;
//! - [`summary`]: everything `onag analyze` reports about one game.

pub mod atomic;
pub mod certificate;
pub mod cool;
pub mod reduced;
pub mod summary;
pub mod thermograph;
pub mod wall;

pub use thermograph::{Thermograph, Thermographer};
