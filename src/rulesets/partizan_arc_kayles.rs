//! Partizan Arc Kayles (CGSuite's `game.graph.PartizanArcKayles`): a graph whose edges are
//! Left's (`l`), Right's (`r`) or either player's (`e`); a move picks an edge of one's own
//! colour or a green one and removes both its ends, and so every edge at them. Positions are
//! written in CGSuite's graph notation (`rulesets::position::graph`) with those edge labels:
//! `"llr"` is a path of four vertices whose edges are Left's, Left's and Right's.
//!
//! Search: a position is the bit set of the vertices standing; its parts are its connected
//! components (a vertex with no edge has no move and is left out).

use super::col::{all, parts_with_an_edge};
use super::position::graph::{self as notation, GraphText};
use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// Most vertices the search takes (one bit each).
pub const MAX_VERTICES: usize = 128;

/// An edge's colour: who may take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Left's (`l`).
    Left,
    /// Right's (`r`).
    Right,
    /// Either player's (`e`).
    Green,
}

impl Colour {
    fn token(self) -> &'static str {
        match self {
            Colour::Left => "l",
            Colour::Right => "r",
            Colour::Green => "e",
        }
    }
    /// Whether Left (`left`) or Right may take an edge of this colour.
    pub fn for_player(self, left: bool) -> bool {
        self == Colour::Green || (self == Colour::Left) == left
    }
}

/// Reads a position by the graph notation's one reader.
pub fn read(text: &str) -> Result<GraphText, RulesetError> {
    notation::graph(text, &notation::PARTIZAN_ARC_KAYLES)
}

/// A graph of at most [`MAX_VERTICES`] vertices with coloured edges; Arc Kayles's graphs are
/// the ones whose edges are all green.
#[derive(Clone, Debug)]
pub struct Board {
    /// Each vertex's neighbours (a loop makes a vertex its own neighbour).
    pub adj: Vec<u128>,
    /// The edges: their two vertices (equal for a loop) and colour, parallel edges kept.
    pub edges: Vec<(usize, usize, Colour)>,
    /// Whether the edges' colours are written (Arc Kayles's notation has no labels).
    labelled: bool,
}

impl Board {
    /// The board of a position text's graph; more than [`MAX_VERTICES`] vertices is a limit.
    pub fn new(g: &GraphText) -> Result<Board, RulesetError> {
        Board::of(g, "a Partizan Arc Kayles graph", true)
    }

    /// The board of a graph named `what` in a limit's message, its edges coloured by their
    /// labels (`l`, `r`, anything else green) when `labelled`, all green otherwise.
    pub(super) fn of(g: &GraphText, what: &str, labelled: bool) -> Result<Board, RulesetError> {
        let n = g.vertices.len();
        if n > MAX_VERTICES {
            return Err(super::too_large(format!(
                "{what} of {n} vertices (the search takes at most {MAX_VERTICES})"
            )));
        }
        let mut adj = vec![0u128; n];
        let mut edges = Vec::new();
        for (a, b, label, _) in &g.edges {
            let (a, b) = (*a, *b);
            adj[a] |= 1 << b;
            adj[b] |= 1 << a;
            let colour = match label.as_str() {
                "l" if labelled => Colour::Left,
                "r" if labelled => Colour::Right,
                _ => Colour::Green,
            };
            edges.push((a.min(b), a.max(b), colour));
        }
        Ok(Board {
            adj,
            edges,
            labelled,
        })
    }

    /// The whole position.
    pub fn start(&self) -> u128 {
        all(self.adj.len())
    }

    /// The positions one move of Left (`left`) or Right reaches, one per edge it may take.
    pub fn moves(&self, p: u128, left: bool) -> Vec<u128> {
        self.edges
            .iter()
            .filter(|&&(a, b, c)| c.for_player(left) && p & (1 << a) != 0 && p & (1 << b) != 0)
            .map(|&(a, b, _)| p & !(1u128 << a) & !(1u128 << b))
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
            .filter_map(|&(a, b, c)| {
                let label = if self.labelled { c.token() } else { "" };
                Some((index(a)?, index(b)?, label))
            })
            .collect();
        notation::write(&labels, &edges)
    }
}

impl Rules for Board {
    type Pos = u128;
    fn parts(&self, p: &u128) -> Vec<(u128, bool)> {
        parts_with_an_edge(&self.adj, *p)
    }
    fn moves(&self, p: &u128, left: bool) -> Vec<u128> {
        Board::moves(self, *p, left)
    }
}

/// The value of a position text's graph.
pub fn value(g: &GraphText, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let board = Board::new(g)?;
    let mut table = Table::for_kernel(kernel);
    search::value(&board, &board.start(), &mut table, kernel)
}
