//! Hackenbush (Winning Ways ch. 1–2): a picture of edges joined at nodes, some nodes on the
//! ground. **Left cuts an `L` (blue) or `E` (green) edge, Right an `R` (red) or `E` edge**;
//! every edge no longer joined to the ground falls away.
//!
//! Notation, two forms:
//! - **strings and trees**, rooted on the ground: `"LRL"` is a string of three edges going up
//!   (the `hs"LRL"` Hackenstring), `"L(R,E)"` an `L` edge with an `R` and an `E` edge on its top,
//!   `"LR,E"` two stalks on the ground;
//! - **graphs** (any text with `_` or words separated by spaces): comma-separated paths of
//!   nodes and colours, `_` the ground:
//!   `"_ L a R b, a E c, b L _"` (nodes are names of letters and digits; a path may return to
//!   the ground or to any node, so cycles are allowed; two edges may join the same two nodes
//!   and an edge may join a node to itself: graph Hackenbush is played on multigraphs).
//!
//! Both forms are read by [`super::position::hackenbush`], the grammar of docs/POSITIONS.md,
//! strictly: capital colour letters (`B` and `G` also name blue and green), spaces and line
//! breaks only. An edge is an unordered pair of nodes; a picture is printed in one spelling
//! (the tree form of a forest on the ground, else the graph form with its edges sorted).
//!
//! Search: the edges left standing are a bit set over the picture's edges; parts joined only
//! through the ground are independent and add. A string with more edges than the search takes
//! is valued by the kernel's Hackenstring rule instead.

use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};
use crate::term::Pebble;

/// Most edges the search takes.
pub const MAX_EDGES: usize = 128;

/// An edge's colour: who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Blue: Left's.
    L,
    /// Red: Right's.
    R,
    /// Green: either player's.
    E,
}

impl Colour {
    /// The colour of a letter the picture reader returns (`L`, `R`, anything else `E`).
    fn from_letter(c: char) -> Colour {
        match c {
            'L' => Colour::L,
            'R' => Colour::R,
            _ => Colour::E,
        }
    }
    fn letter(self) -> char {
        match self {
            Colour::L => 'L',
            Colour::R => 'R',
            Colour::E => 'E',
        }
    }
    fn cut_by(self, left: bool) -> bool {
        matches!(
            (self, left),
            (Colour::E, _) | (Colour::L, true) | (Colour::R, false)
        )
    }
}

/// A picture: node 0 is the ground, edges join two nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Node names (node 0 is `_`).
    pub names: Vec<String>,
    /// Edges `(a, b, colour)`.
    pub edges: Vec<(usize, usize, Colour)>,
}

impl Picture {
    /// Reads either notation by the picture language's one reader,
    /// `rulesets::position::hackenbush` (docs/POSITIONS.md), which the proof checker's naive
    /// move generator also uses. Parallel edges and loops are kept: graph Hackenbush is a
    /// multigraph.
    pub fn parse(text: &str) -> Result<Picture, RulesetError> {
        let mut names = vec!["_".to_string()];
        let mut index: std::collections::HashMap<String, usize> =
            std::collections::HashMap::from([("_".to_string(), 0)]);
        let mut node = |name: String| {
            *index.entry(name).or_insert_with_key(|name| {
                names.push(name.clone());
                names.len() - 1
            })
        };
        let edges: Vec<(usize, usize, Colour)> = super::position::hackenbush(text)?
            .into_iter()
            .map(|(a, c, b)| (node(a), node(b), Colour::from_letter(c)))
            .collect();
        Ok(Picture { names, edges }.fallen())
    }

    /// The picture without the edges that no longer reach the ground.
    pub fn fallen(&self) -> Picture {
        let keep = grounded(
            self.names.len(),
            &self.edges,
            u128_all(self.edges.len()),
            true,
        );
        let edges: Vec<_> = self
            .edges
            .iter()
            .enumerate()
            .filter(|(i, _)| keep.get(*i).copied().unwrap_or(false))
            .map(|(_, e)| *e)
            .collect();
        Picture {
            names: self.names.clone(),
            edges,
        }
    }

    /// The pictures one cut reaches (Left's or Right's), one per edge the player may cut.
    pub fn moves(&self, left: bool) -> Vec<Picture> {
        self.moves_of(left, false)
    }

    /// [`Picture::moves`] in Hackenbush or, when `childish`, in Childish Hackenbush (CGSuite's
    /// `ChildishHackenbush`): a blue or red edge may be cut only when nothing falls with it;
    /// green edges are cut as usual.
    pub fn moves_of(&self, left: bool, childish: bool) -> Vec<Picture> {
        let mut out = Vec::new();
        for (i, e) in self.edges.iter().enumerate() {
            if e.2.cut_by(left) {
                let mut edges = self.edges.clone();
                edges.remove(i);
                let after = Picture {
                    names: self.names.clone(),
                    edges,
                }
                .fallen();
                if childish && e.2 != Colour::E && after.edges.len() + 1 != self.edges.len() {
                    continue;
                }
                out.push(after);
            }
        }
        out
    }

    /// The colours of the picture if it is one string going up from the ground.
    pub fn as_string(&self) -> Option<Vec<Colour>> {
        let mut at = 0;
        let mut used = vec![false; self.edges.len()];
        let mut out = Vec::new();
        loop {
            let next: Vec<usize> = (0..self.edges.len())
                .filter(|&i| !used[i] && (self.edges[i].0 == at || self.edges[i].1 == at))
                .collect();
            match next.as_slice() {
                [] => break,
                [i] => {
                    used[*i] = true;
                    let (a, b, c) = self.edges[*i];
                    let other = if a == at { b } else { a };
                    if other == 0 {
                        return None;
                    }
                    out.push(c);
                    at = other;
                }
                _ => return None,
            }
        }
        (out.len() == self.edges.len()).then_some(out)
    }

    /// The picture in its notation: the tree form when it is a forest on the ground (each
    /// node's branches in sorted order), the graph form otherwise.
    pub fn print(&self) -> String {
        if let Some(t) = self.print_tree() {
            return t;
        }
        // The graph form, in one spelling for one multigraph of named nodes: an edge is an
        // unordered pair, written with the ground (or the lesser name) first, and the edges
        // are sorted; so an opening lists each distinct position once, as the checker counts
        // them.
        let mut items: Vec<String> = self
            .edges
            .iter()
            .map(|&(a, b, c)| {
                let (x, y) = (&self.names[a], &self.names[b]);
                let (x, y) = if b == 0 || (a != 0 && y < x) {
                    (y, x)
                } else {
                    (x, y)
                };
                format!("{x} {} {y}", c.letter())
            })
            .collect();
        items.sort();
        items.join(", ")
    }

    fn print_tree(&self) -> Option<String> {
        let mut used = vec![false; self.edges.len()];
        let mut visited = vec![false; self.names.len()];
        visited[0] = true;
        let s = self.print_below(0, &mut used, &mut visited)?;
        used.iter().all(|&u| u).then_some(s)
    }

    /// The forest above `node` in tree form, or `None` if a cycle is met.
    fn print_below(&self, node: usize, used: &mut [bool], visited: &mut [bool]) -> Option<String> {
        let mut branches = Vec::new();
        for i in 0..self.edges.len() {
            let (a, b, c) = self.edges[i];
            if used[i] || (a != node && b != node) {
                continue;
            }
            used[i] = true;
            let other = if a == node { b } else { a };
            if visited[other] {
                return None;
            }
            visited[other] = true;
            let above = self.print_below(other, used, visited)?;
            let mut s = c.letter().to_string();
            if !above.is_empty() {
                if above.contains(',') {
                    s.push('(');
                    s.push_str(&above);
                    s.push(')');
                } else {
                    s.push_str(&above);
                }
            }
            branches.push(s);
        }
        // In sorted order, so that pictures of the same shape print the same: an opening
        // lists each distinct sub-position once.
        branches.sort();
        Some(branches.join(","))
    }
}

fn u128_all(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Which edges (of those in `alive`, or all when `all`) are joined to the ground.
fn grounded(nodes: usize, edges: &[(usize, usize, Colour)], alive: u128, all: bool) -> Vec<bool> {
    let live = |i: usize| all || (i < 128 && alive & (1u128 << i) != 0);
    let mut reach = vec![false; nodes];
    reach[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if live(i) && reach[a] != reach[b] {
                reach[a] = true;
                reach[b] = true;
                changed = true;
            }
        }
    }
    edges
        .iter()
        .enumerate()
        .map(|(i, &(a, _, _))| live(i) && reach[a])
        .collect()
}

/// The Hackenbush rules on one picture: a position is the set of edges standing.
pub struct Rules128<'a> {
    picture: &'a Picture,
    /// Childish Hackenbush: a blue or red edge is cut only when nothing falls with it.
    childish: bool,
}

impl Rules for Rules128<'_> {
    type Pos = u128;

    fn parts(&self, p: &u128) -> Vec<(u128, bool)> {
        // Components joined through nodes other than the ground.
        let edges = &self.picture.edges;
        let mut rest = *p;
        let mut out = Vec::new();
        while rest != 0 {
            let seed = rest.trailing_zeros() as usize;
            let mut part = 1u128 << seed;
            let mut grew = true;
            while grew {
                grew = false;
                let mut candidates = rest & !part;
                while candidates != 0 {
                    let j = candidates.trailing_zeros() as usize;
                    candidates &= candidates - 1;
                    let (a, b, _) = edges[j];
                    let mut touches = false;
                    let mut inner = part;
                    while inner != 0 {
                        let k = inner.trailing_zeros() as usize;
                        inner &= inner - 1;
                        let (c, d, _) = edges[k];
                        if (a != 0 && (a == c || a == d)) || (b != 0 && (b == c || b == d)) {
                            touches = true;
                            break;
                        }
                    }
                    if touches {
                        part |= 1u128 << j;
                        grew = true;
                    }
                }
            }
            rest &= !part;
            out.push((part, false));
        }
        out
    }

    fn moves(&self, p: &u128, left: bool) -> Vec<u128> {
        let edges = &self.picture.edges;
        let mut out = Vec::new();
        let mut rest = *p;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !edges[i].2.cut_by(left) {
                continue;
            }
            let alive = *p & !(1u128 << i);
            let keep = grounded(self.picture.names.len(), edges, alive, false);
            let mut next = 0u128;
            for (j, k) in keep.iter().enumerate() {
                if *k {
                    next |= 1u128 << j;
                }
            }
            if self.childish && edges[i].2 != Colour::E && next != alive {
                continue;
            }
            out.push(next);
        }
        out
    }
}

/// The value of a picture.
pub fn value(p: &Picture, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    value_of(p, false, kernel)
}

/// The value of a picture in Hackenbush or, when `childish`, in Childish Hackenbush.
pub fn value_of(p: &Picture, childish: bool, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    if p.edges.len() > MAX_EDGES && !childish {
        if let Some(s) = p.as_string() {
            let row: Vec<Pebble> = s
                .iter()
                .map(|c| match c {
                    Colour::L => Pebble::Left,
                    Colour::R => Pebble::Right,
                    Colour::E => Pebble::Neutral,
                })
                .collect();
            return Ok(kernel.hackenstring(&row)?);
        }
        return Err(super::too_large(format!(
            "a Hackenbush picture of {} edges that is not a single string (the search takes at most {MAX_EDGES})",
            p.edges.len()
        )));
    }
    if p.edges.len() > MAX_EDGES {
        return Err(super::too_large(format!(
            "a Childish Hackenbush picture of {} edges (the search takes at most {MAX_EDGES})",
            p.edges.len()
        )));
    }
    let rules = Rules128 {
        picture: p,
        childish,
    };
    let mut table = Table::for_kernel(kernel);
    search::value(&rules, &u128_all(p.edges.len()), &mut table, kernel)
}
