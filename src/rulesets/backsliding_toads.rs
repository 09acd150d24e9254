//! Backsliding Toads and Frogs (Winning Ways ch. 12; CGSuite's
//! `game.strip.BackslidingToadsAndFrogs`, its `GenToadsAndFrogs(minSlide => -1)`): Toads and
//! Frogs where a piece may also step one square *back* into an empty square. Left's toads `t`
//! step right into an empty square, step left into an empty square, or jump right over one
//! frog into the empty square just beyond it; Right's frogs `f` do the same in the other
//! direction. Stepping back undoes a step forward, so play can return to a position: the game
//! is loopy and its value is a loopy one (`crate::loopy`).
//!
//! The position's game graph is explored here, every reachable strip one vertex (a move back
//! to a strip already met is an edge to its vertex, closing a cycle), counted against the
//! caller's budget; its value is what `crate::loopy::value` makes of the graph.

pub use super::toads::{parse_strip as parse, print_strip as print};
use super::toads::{EMPTY, FROG, TOAD};
use crate::kernel::KernelError;
use crate::loopy::value::Value;
use crate::loopy::{Graph, Loopy, Work};
use std::collections::HashMap;

/// A strip: each square `0` empty, `1` a toad, `2` a frog.
pub type Strip = Box<[u8]>;

/// The strips one move reaches for Left (a toad moves) or Right (a frog moves), by square:
/// a step forward, a step back, a jump forward over one piece of the other kind.
pub fn moves(strip: &[u8], left: bool) -> Vec<Strip> {
    let (me, other) = if left { (TOAD, FROG) } else { (FROG, TOAD) };
    // The square `k` squares forward of `i` (backward for negative `k`), if on the strip.
    let at = |i: usize, k: isize| -> Option<usize> {
        let d = if left { k } else { -k };
        i.checked_add_signed(d).filter(|&j| j < strip.len())
    };
    let mut out = Vec::new();
    for (i, &c) in strip.iter().enumerate() {
        if c != me {
            continue;
        }
        let mut targets = Vec::new();
        for k in [1, -1] {
            if let Some(j) = at(i, k).filter(|&j| strip[j] == EMPTY) {
                targets.push(j);
            }
        }
        if at(i, 1).is_some_and(|j| strip[j] == other) {
            if let Some(j) = at(i, 2).filter(|&j| strip[j] == EMPTY) {
                targets.push(j);
            }
        }
        for j in targets {
            let mut next = strip.to_vec();
            next[i] = EMPTY;
            next[j] = me;
            out.push(next.into_boxed_slice());
        }
    }
    out
}

/// The game graph of the strip: every strip reachable from it a vertex (the strip itself is
/// vertex 0), with both players' moves as edges. Stops with a limit when the budget's
/// vertices or time run out.
pub fn graph(strip: &[u8], work: &mut Work) -> Result<Loopy, KernelError> {
    let mut index: HashMap<Strip, u32> = HashMap::new();
    let mut order: Vec<Strip> = vec![strip.into()];
    index.insert(strip.into(), 0);
    let mut edges: Vec<[Vec<u32>; 2]> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        work.vertices(order.len())?;
        let here = order[i].clone();
        i += 1;
        let mut sides = [Vec::new(), Vec::new()];
        for (s, left) in [true, false].into_iter().enumerate() {
            for next in moves(&here, left) {
                let fresh = order.len() as u32;
                let t = *index.entry(next.clone()).or_insert_with(|| {
                    order.push(next);
                    fresh
                });
                sides[s].push(t);
            }
        }
        edges.push(sides);
    }
    let mut g = Graph::with_vertices(order.len());
    for (v, [l, r]) in edges.into_iter().enumerate() {
        g.set_options(v as u32, l, r);
    }
    // Every edge was made to a vertex of `order`, so the graph is well formed.
    Loopy::new(&g, 0).ok_or_else(|| KernelError::Function {
        name: "backsliding_toads_and_frogs".to_string(),
        message: "internal error: an edge of the game graph points nowhere".to_string(),
        calls: Vec::new(),
    })
}

/// The value of the strip: its simplest form when it is a stopper, `onside & offside` when
/// its sides are stoppers, else the graph (as `crate::loopy::value::Value::of` decides).
pub fn value(strip: &[u8], work: &mut Work) -> Result<Value, KernelError> {
    Value::of(&graph(strip, work)?, work)
}
