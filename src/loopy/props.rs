//! Properties of stoppers that read the graph (CGSuite's `LoopyGame.isPlumtree`,
//! `CanonicalStopper.isPseudonumber`).

use super::{Loopy, Work};
use crate::kernel::{Kernel, KernelError};

/// Whether every cycle the game reaches is a pass (a vertex's move to itself): the graph with
/// its self-loops removed has no cycle (a "plumtree", Winning Ways ch. 11).
pub fn is_plumtree(g: &Loopy) -> bool {
    g.acyclic(true)
}

/// Whether a simplest stopper is a pseudonumber: a number, `on`, `off`, or a plumtree
/// `{x|pass}` or `{pass|x}` for a number x (x over, x under), as CGSuite decides it.
pub fn is_pseudonumber(
    kernel: &mut Kernel,
    g: &Loopy,
    work: &mut Work,
) -> Result<bool, KernelError> {
    if let Some(id) = g.to_short(kernel, work)? {
        return Ok(kernel.as_number(id).is_some());
    }
    let graph = g.graph();
    let r = g.root();
    let number = |kernel: &mut Kernel, v: u32, work: &mut Work| -> Result<bool, KernelError> {
        let f = g.follower(v).unwrap_or_else(Loopy::zero);
        Ok(f.to_short(kernel, work)?
            .is_some_and(|id| kernel.as_number(id).is_some()))
    };
    Ok(match (graph.left(r), graph.right(r)) {
        ([a], []) | ([], [a]) if *a == r => true,
        ([a], [b]) if *a == r && *b != r => is_plumtree(g) && number(kernel, *b, work)?,
        ([a], [b]) if *b == r && *a != r => is_plumtree(g) && number(kernel, *a, work)?,
        _ => false,
    })
}
