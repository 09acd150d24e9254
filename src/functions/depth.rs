//! How deep the recursive functions of CGSuite's methods (`introspect`, `predicates`,
//! `products`, `uptimal`) go: a game more deeply nested is refused rather than risking the
//! stack. A limit, not an answer.

use crate::kernel::KernelError;

/// Deepest recursion over a game's options.
pub const MAX_DEPTH: usize = 2_000;

/// The error for a game nested more than [`MAX_DEPTH`] deep.
pub fn too_deep(what: &str) -> KernelError {
    KernelError::TooLarge {
        what: format!("{what} of a game more than {MAX_DEPTH} levels deep"),
    }
}
