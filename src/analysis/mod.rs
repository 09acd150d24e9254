//! Analysis of hot games: stops, mean, temperature, thermographs, cooling and heating,
//! Norton multiplication, atomic weight and reduced canonical forms, all exact and computed on the
//! kernel's canonical forms, memoised by [`GameId`].
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

use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::Term;
use num_bigint::BigInt;

/// Most nodes a value is written with as a tree in an analysis' answer (the command line's
/// default `--share`). A canonical form's tree can be exponentially larger than the value
/// (Σ_{k≤40} {k|−k} has 2^40 leaves and a few thousand distinct parts): above this it is
/// written shared (`G where A = …`, [`Kernel::shared_term`]), bounded by its distinct parts.
pub const MAX_TREE: u64 = 100_000;

/// `g` written for an answer: the tree when small, else shared; the budget is asked first.
pub fn written(k: &mut Kernel, g: GameId) -> Result<Term, KernelError> {
    k.check_budget()?;
    Ok(k.to_shared_term(g, MAX_TREE))
}

/// `g` as a tree, for a derivation that must hold the tree itself (an opening); a value whose
/// tree has more than [`MAX_TREE`] nodes is a limit error, found before anything is built.
pub fn tree(k: &mut Kernel, g: GameId) -> Result<Term, KernelError> {
    k.check_budget()?;
    let size = k.tree_size(g);
    if size > BigInt::from(MAX_TREE) {
        return Err(KernelError::TooLarge {
            what: format!(
                "a game whose tree has {size} nodes (at most {MAX_TREE} are written out)"
            ),
        });
    }
    Ok(k.to_term(g))
}

/// `g` printed for a message: bounded as [`written`] is, without asking the budget (an error
/// is being reported already).
pub fn shown(k: &mut Kernel, g: GameId) -> String {
    crate::syntax::print(&k.to_shared_term(g, MAX_TREE), &Default::default())
}
