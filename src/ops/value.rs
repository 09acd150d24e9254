//! Kernel values as terms for output: the tree when it is small, the shared term (`G where
//! A = …`) above the `--share` threshold, so what is printed is bounded by the value's distinct
//! parts, never by its tree.

use super::exit::Failure;
use super::Share;
use crate::kernel::{GameId, Kernel};
use crate::term::Term;
use num_bigint::BigInt;

/// The largest tree printed without sharing, whatever `--share` says: a tree node costs
/// about a hundred bytes in memory before it is printed.
pub const MAX_TREE: u64 = 10_000_000;

/// The canonical form of g as it is printed under `share`; a limit error (exit 3) when the
/// tree asked for is too large to write.
pub fn written(k: &mut Kernel, g: GameId, share: Share) -> Result<Term, Failure> {
    let size = k.tree_size(g);
    let shared = match share {
        Share::Above(n) => size > BigInt::from(n),
        Share::Never => false,
    };
    if shared {
        return Ok(k.shared_term(g));
    }
    if size > BigInt::from(MAX_TREE) {
        return Err(Failure::limit(format!(
                "the canonical form written as a tree has {size} nodes, more than the {MAX_TREE} onag writes out; print it shared with --share N (N below {MAX_TREE})"
            ),
        ));
    }
    Ok(k.to_term(g))
}
