//! Arc Kayles (Winning Ways ch. 15; CGSuite's `game.graph.ArcKayles`), impartial: a move
//! picks an edge and removes both its ends (and so every edge at them). A loop's move removes
//! its one vertex. On a path of n vertices this is Dawson's Kayles, octal 0.07, on a heap of n;
//! on a path with a loop at every vertex, Kayles (0.77).
//!
//! Positions are written in CGSuite's graph notation (`rulesets::position::graph`) with
//! unlabelled vertices and edges: `"---"` is a path of four vertices, `":A-:A"` a loop.
//!
//! Search: a position is the bit set of the vertices standing; its parts are its connected
//! components (an isolated vertex has no move and is left out).

use super::col::{all, parts_with_an_edge};
use super::position::graph::{self as notation, GraphText};
use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// Most vertices the search takes (one bit each).
pub const MAX_VERTICES: usize = 128;

/// Reads a position by the graph notation's one reader.
pub fn read(text: &str) -> Result<GraphText, RulesetError> {
    notation::graph(text, &notation::ARC_KAYLES)
}

/// A graph of at most [`MAX_VERTICES`] vertices.
#[derive(Clone, Debug)]
pub struct Board {
    /// Each vertex's neighbours (a loop makes a vertex its own neighbour).
    pub adj: Vec<u128>,
    /// The edges as pairs of vertices (equal for a loop), parallel edges kept.
    pub edges: Vec<(usize, usize)>,
}

impl Board {
    /// The board of a position text's graph; more than [`MAX_VERTICES`] vertices is a limit.
    pub fn new(g: &GraphText) -> Result<Board, RulesetError> {
        let n = g.vertices.len();
        if n > MAX_VERTICES {
            return Err(super::too_large(format!(
                "an Arc Kayles graph of {n} vertices (the search takes at most {MAX_VERTICES})"
            )));
        }
        let mut adj = vec![0u128; n];
        let mut edges = Vec::new();
        for &(a, b, _, _) in &g.edges {
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            edges.push((a.min(b), a.max(b)));
        }
        Ok(Board { adj, edges })
    }

    /// The whole position.
    pub fn start(&self) -> u128 {
        all(self.adj.len())
    }

    /// The positions one move reaches, one per edge standing.
    pub fn moves(&self, p: u128) -> Vec<u128> {
        self.edges
            .iter()
            .filter(|&&(a, b)| p & (1 << a) != 0 && p & (1 << b) != 0)
            .map(|&(a, b)| p & !(1u128 << a) & !(1u128 << b))
            .collect()
    }

    /// A position in the notation, its vertices in the order of the original graph.
    pub fn print(&self, p: u128) -> String {
        let kept: Vec<usize> = (0..self.adj.len()).filter(|&v| p & (1 << v) != 0).collect();
        let labels = vec![""; kept.len()];
        let index = |v: usize| kept.iter().position(|&k| k == v);
        let edges: Vec<(usize, usize, &str)> = self
            .edges
            .iter()
            .filter_map(|&(a, b)| Some((index(a)?, index(b)?, "")))
            .collect();
        notation::write(&labels, &edges)
    }
}

impl Rules for Board {
    type Pos = u128;
    fn parts(&self, p: &u128) -> Vec<(u128, bool)> {
        parts_with_an_edge(&self.adj, *p)
    }
    fn moves(&self, p: &u128, _left: bool) -> Vec<u128> {
        Board::moves(self, *p)
    }
}

/// The value of a position text's graph (a nimber).
pub fn value(g: &GraphText, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let board = Board::new(g)?;
    let mut table = Table::for_kernel(kernel);
    search::value(&board, &board.start(), &mut table, kernel)
}
