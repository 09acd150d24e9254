//! A game tree for pictures: each node a position labelled in CGSuite notation, each edge a
//! Left or Right move.
//!
//! The canonical tree comes from the kernel (a closed form such as `3/2` is opened into its
//! options); the input's tree follows the braces as written, and anything that is not an
//! explicit `{…|…}` (a number, a sum) is a leaf labelled as written. Both are capped at
//! [`MAX_NODES`]: a picture of more is unreadable, and reaching the cap is a limit (exit 3).

use crate::kernel::{GameId, Kernel};
use crate::ops::exit::Failure;
use crate::ops::style::Style;
use crate::term::Term;

/// The most nodes a drawn tree may have.
pub const MAX_NODES: usize = 2000;

/// Whose move an edge is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// A Left option.
    Left,
    /// A Right option.
    Right,
}

/// A node and the moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    /// The position in CGSuite notation.
    pub label: String,
    /// Its options, Left's first.
    pub children: Vec<(Side, Tree)>,
}

fn too_big() -> Failure {
    Failure::limit(format!(
        "the game tree has more than {MAX_NODES} nodes: too large to draw"
    ))
}

/// The canonical form's tree.
pub fn canonical(k: &mut Kernel, g: GameId, style: &Style) -> Result<Tree, Failure> {
    // The root's label alone is the whole tree written out: refuse before writing it.
    if k.tree_size(g) > num_bigint::BigInt::from(MAX_NODES) {
        return Err(too_big());
    }
    let mut budget = MAX_NODES;
    canonical_node(k, g, style, &mut budget)
}

fn canonical_node(
    k: &mut Kernel,
    g: GameId,
    style: &Style,
    budget: &mut usize,
) -> Result<Tree, Failure> {
    *budget = budget.checked_sub(1).ok_or_else(too_big)?;
    let t = k.to_term(g);
    let mut children = Vec::new();
    for (side, opts) in [
        (Side::Left, k.left_options(g)?),
        (Side::Right, k.right_options(g)?),
    ] {
        for o in opts {
            children.push((side, canonical_node(k, o, style, budget)?));
        }
    }
    Ok(Tree {
        label: style.term(&t),
        children,
    })
}

/// The input's tree, as written.
pub fn input(t: &Term, style: &Style) -> Result<Tree, Failure> {
    let mut budget = MAX_NODES;
    input_node(t, style, &mut budget)
}

fn input_node(t: &Term, style: &Style, budget: &mut usize) -> Result<Tree, Failure> {
    *budget = budget.checked_sub(1).ok_or_else(too_big)?;
    let mut children = Vec::new();
    if let Term::Game { left, right } = t {
        for (side, opts) in [(Side::Left, left), (Side::Right, right)] {
            for o in opts {
                children.push((side, input_node(o, style, budget)?));
            }
        }
    }
    Ok(Tree {
        label: style.term(t),
        children,
    })
}
