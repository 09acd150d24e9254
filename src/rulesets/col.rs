//! Col and Snort (Winning Ways ch. 2; CGSuite's `game.graph.Col` and `Snort`): players colour
//! the vertices of a graph in turn, Left blue and Right red. In **Col** no two adjacent
//! vertices may have the same colour; in **Snort** no two adjacent vertices may have different
//! colours.
//!
//! Positions are written in CGSuite's graph notation (`rulesets::position::graph`), as CGSuite
//! keeps them: a coloured vertex is gone, and its uncoloured neighbours carry a *tint*, the
//! label `L` (next to a blue vertex) or `R` (next to a red one). In Col Left may colour an
//! untinted or `R` vertex, Right an untinted or `L` one; in Snort Left an untinted or `L` one,
//! Right an untinted or `R` one. Colouring a vertex removes it, tints its untinted neighbours
//! with the player's letter and removes its neighbours tinted by the opponent (no one may
//! colour them any more). `"L-.-R"` is a path of three vertices whose ends are tinted.
//!
//! Search: a position is three bit sets over the graph's vertices (standing, tinted `L`,
//! tinted `R`); its parts are its connected components.

use super::position::graph::{self as notation, Alphabet, GraphText};
use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

/// Most vertices the search takes (one bit each).
pub const MAX_VERTICES: usize = 128;

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Col: adjacent vertices differ in colour.
    Col,
    /// Snort: adjacent vertices agree in colour.
    Snort,
}

impl Game {
    /// The function's name.
    pub fn name(self) -> &'static str {
        match self {
            Game::Col => "col",
            Game::Snort => "snort",
        }
    }
    /// Whether Left (`left`) or Right may colour a vertex with this tint (`'L'`, `'R'`, or
    /// `' '` for none).
    pub fn may_colour(self, left: bool, tint: char) -> bool {
        match (self, tint) {
            (_, ' ') => true,
            (Game::Col, t) => t == if left { 'R' } else { 'L' },
            (Game::Snort, t) => t == if left { 'L' } else { 'R' },
        }
    }
}

/// The alphabet of Col or Snort positions.
pub fn alphabet(game: Game) -> &'static Alphabet<'static> {
    match game {
        Game::Col => &notation::COL,
        Game::Snort => &notation::SNORT,
    }
}

/// Reads a position by the graph notation's one reader.
pub fn read(game: Game, text: &str) -> Result<GraphText, RulesetError> {
    notation::graph(text, alphabet(game))
}

/// A graph of at most [`MAX_VERTICES`] vertices: each vertex's neighbours (loops left out:
/// a vertex is never its own neighbour for tinting) and its tint.
#[derive(Clone, Debug)]
pub struct Board {
    /// The neighbours of each vertex, as a bit set.
    pub adj: Vec<u128>,
    /// Vertices tinted `L`.
    pub tint_l: u128,
    /// Vertices tinted `R`.
    pub tint_r: u128,
    /// Which game.
    pub game: Game,
}

impl Board {
    /// The board of a position text's graph; more than [`MAX_VERTICES`] vertices is a limit.
    pub fn new(game: Game, g: &GraphText) -> Result<Board, RulesetError> {
        let n = g.vertices.len();
        if n > MAX_VERTICES {
            return Err(super::too_large(format!(
                "a {} graph of {n} vertices (the search takes at most {MAX_VERTICES})",
                game.name()
            )));
        }
        let mut adj = vec![0u128; n];
        for &(a, b, _, _) in &g.edges {
            if a != b {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        let (mut tint_l, mut tint_r) = (0, 0);
        for (v, (label, _)) in g.vertices.iter().enumerate() {
            match label.as_str() {
                "L" => tint_l |= 1u128 << v,
                "R" => tint_r |= 1u128 << v,
                _ => {}
            }
        }
        Ok(Board {
            adj,
            tint_l,
            tint_r,
            game,
        })
    }

    /// The whole position.
    pub fn start(&self) -> Pos {
        Pos {
            alive: all(self.adj.len()),
            tint_l: self.tint_l,
            tint_r: self.tint_r,
        }
    }

    /// The positions one move of Left (`left`) or Right reaches, one per vertex coloured.
    pub fn moves(&self, p: &Pos, left: bool) -> Vec<Pos> {
        let mut out = Vec::new();
        let mut rest = p.alive;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let bit = 1u128 << v;
            let tint = if p.tint_l & bit != 0 {
                'L'
            } else if p.tint_r & bit != 0 {
                'R'
            } else {
                ' '
            };
            if !self.game.may_colour(left, tint) {
                continue;
            }
            let near = self.adj[v] & p.alive & !bit;
            let (mine, theirs) = if left {
                (p.tint_l, p.tint_r)
            } else {
                (p.tint_r, p.tint_l)
            };
            let blocked = near & theirs;
            let alive = p.alive & !bit & !blocked;
            let mine = (mine | (near & !theirs)) & alive;
            let theirs = theirs & alive;
            out.push(if left {
                Pos {
                    alive,
                    tint_l: mine,
                    tint_r: theirs,
                }
            } else {
                Pos {
                    alive,
                    tint_l: theirs,
                    tint_r: mine,
                }
            });
        }
        out
    }

    /// The connected components of a position.
    pub fn components(&self, p: &Pos) -> Vec<Pos> {
        components(&self.adj, p.alive)
            .into_iter()
            .map(|c| Pos {
                alive: c,
                tint_l: p.tint_l & c,
                tint_r: p.tint_r & c,
            })
            .collect()
    }

    /// A position in the notation, its vertices in the order of the original graph.
    pub fn print(&self, p: &Pos) -> String {
        let (labels, edges) = self.subgraph(p);
        notation::write(&labels, &edges)
    }

    fn subgraph(&self, p: &Pos) -> (Vec<&'static str>, Vec<(usize, usize, &'static str)>) {
        let kept: Vec<usize> = (0..self.adj.len())
            .filter(|&v| p.alive & (1 << v) != 0)
            .collect();
        let labels = kept
            .iter()
            .map(|&v| {
                if p.tint_l & (1 << v) != 0 {
                    "L"
                } else if p.tint_r & (1 << v) != 0 {
                    "R"
                } else {
                    ""
                }
            })
            .collect();
        let mut edges = Vec::new();
        for (i, &a) in kept.iter().enumerate() {
            for (j, &b) in kept.iter().enumerate().skip(i + 1) {
                if self.adj[a] & (1 << b) != 0 {
                    edges.push((i, j, ""));
                }
            }
        }
        (labels, edges)
    }
}

/// A position: the vertices standing and their tints (each a subset of `alive`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Vertices not yet coloured or removed.
    pub alive: u128,
    /// Standing vertices tinted `L`.
    pub tint_l: u128,
    /// Standing vertices tinted `R`.
    pub tint_r: u128,
}

/// The first `n` bits.
pub(crate) fn all(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The connected components of the vertices `alive` under the neighbour sets `adj`.
pub(crate) fn components(adj: &[u128], alive: u128) -> Vec<u128> {
    let mut out = Vec::new();
    let mut rest = alive;
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        let mut frontier = part;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adj[v] & alive & !part;
            part |= new;
            frontier |= new;
        }
        rest &= !part;
        out.push(part);
    }
    out
}

/// The components of `alive` that have an edge (a loop counts), as the independent parts of a
/// sum in Arc Kayles and its partizan form: a vertex with no edge has no move there, so it is a
/// zero part and left out.
pub(crate) fn parts_with_an_edge(adj: &[u128], alive: u128) -> Vec<(u128, bool)> {
    components(adj, alive)
        .into_iter()
        .filter(|c| c & (c - 1) != 0 || adj[c.trailing_zeros() as usize] & c != 0)
        .map(|c| (c, false))
        .collect()
}

impl Rules for Board {
    type Pos = Pos;
    fn parts(&self, p: &Pos) -> Vec<(Pos, bool)> {
        self.components(p).into_iter().map(|c| (c, false)).collect()
    }
    fn moves(&self, p: &Pos, left: bool) -> Vec<Pos> {
        Board::moves(self, p, left)
    }
}

/// The value of a position text's graph.
pub fn value(game: Game, g: &GraphText, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    let board = Board::new(game, g)?;
    let mut table = Table::for_kernel(kernel);
    search::value(&board, &board.start(), &mut table, kernel)
}
