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
//!   the ground or to any node, so cycles are allowed).
//!
//! Search: the edges left standing are a bit set over the picture's edges; parts joined only
//! through the ground are independent and add. A string with more edges than the search takes
//! is valued by the kernel's Hackenstring rule instead.

use super::search::{self, Rules, Table};
use super::{PositionError, RulesetError};
use crate::kernel::{GameId, Kernel};
use crate::term::Pebble;

/// Most edges the search takes.
pub const MAX_EDGES: usize = 128;
/// Most edges a picture's text may have (longer strings go to the kernel's Hackenstring rule).
pub const MAX_TEXT_EDGES: usize = 1 << 16;

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
    fn from_char(c: char) -> Option<Colour> {
        match c {
            'L' | 'B' | 'l' => Some(Colour::L),
            'R' | 'r' => Some(Colour::R),
            'E' | 'G' | 'e' | 'g' => Some(Colour::E),
            _ => None,
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
    /// Reads either notation (a text with `_` is a graph).
    pub fn parse(text: &str) -> Result<Picture, RulesetError> {
        // Words separated by spaces (`a L b`) only occur in the graph form.
        let spaced_words = text
            .split(',')
            .any(|part| part.split_whitespace().count() > 1);
        let p = if text.contains('_') || spaced_words {
            parse_graph(text)?
        } else {
            parse_tree(text)?
        };
        if p.edges.is_empty() {
            return Err(PositionError::at(
                text,
                0,
                "a Hackenbush picture needs at least one edge (for example \"LR\" or \"_ L a\")",
            )
            .into());
        }
        Ok(p.fallen())
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
        let mut out = Vec::new();
        for (i, e) in self.edges.iter().enumerate() {
            if e.2.cut_by(left) {
                let mut edges = self.edges.clone();
                edges.remove(i);
                out.push(
                    Picture {
                        names: self.names.clone(),
                        edges,
                    }
                    .fallen(),
                );
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
        let items: Vec<String> = self
            .edges
            .iter()
            .map(|&(a, b, c)| format!("{} {} {}", self.names[a], c.letter(), self.names[b]))
            .collect();
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

fn parse_tree(text: &str) -> Result<Picture, RulesetError> {
    let chars: Vec<char> = text.chars().collect();
    let mut names = vec!["_".to_string()];
    let mut edges = Vec::new();
    // Stack of (node the current branch grows from, node at the top of the branch so far).
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => {}
            '(' => {
                let top = stack.last().map_or(0, |s| s.1);
                if top == 0 && stack.len() == 1 {
                    return Err(PositionError::at(
                        text,
                        i,
                        "a '(' must follow an edge: write L(R,E)",
                    )
                    .into());
                }
                stack.push((top, top));
            }
            ')' => {
                if stack.len() < 2 {
                    return Err(PositionError::at(text, i, "this ')' closes nothing").into());
                }
                stack.pop();
                if let Some(s) = stack.last_mut() {
                    // After a group, only a ',' or ')' may follow: the branch is finished.
                    s.1 = usize::MAX;
                }
            }
            ',' => {
                if let Some(s) = stack.last_mut() {
                    s.1 = s.0;
                }
            }
            _ => {
                let Some(colour) = Colour::from_char(c) else {
                    return Err(PositionError::at(
                        text,
                        i,
                        format!("unexpected character {c:?} in a Hackenbush picture (L blue, R red, E green; L(R,E) for branches; use _ for the ground in the graph form)"),
                    )
                    .into());
                };
                let Some(s) = stack.last_mut() else { break };
                if s.1 == usize::MAX {
                    return Err(
                        PositionError::at(text, i, "after a (…) group write ',' or ')'").into(),
                    );
                }
                if edges.len() >= MAX_TEXT_EDGES {
                    return Err(super::too_large(format!(
                        "a Hackenbush picture of more than {MAX_TEXT_EDGES} edges"
                    )));
                }
                let node = names.len();
                names.push(format!("n{node}"));
                edges.push((s.1, node, colour));
                s.1 = node;
            }
        }
        i += 1;
    }
    if stack.len() > 1 {
        return Err(PositionError::at(text, chars.len(), "a '(' is not closed").into());
    }
    Ok(Picture { names, edges })
}

fn parse_graph(text: &str) -> Result<Picture, RulesetError> {
    let mut names = vec!["_".to_string()];
    let mut edges = Vec::new();
    // Tokens with their character offsets.
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut path: Vec<(usize, String)> = Vec::new();
    let finish = |path: &mut Vec<(usize, String)>,
                  names: &mut Vec<String>,
                  edges: &mut Vec<(usize, usize, Colour)>,
                  end: usize|
     -> Result<(), RulesetError> {
        if path.is_empty() {
            return Err(PositionError::at(
                text,
                end,
                "an empty path: write node colour node …, such as _ L a",
            )
            .into());
        }
        if path.len() < 3 || path.len() % 2 == 0 {
            let (at, _) = path.last().cloned().unwrap_or((end, String::new()));
            return Err(PositionError::at(
                text,
                at,
                "a path alternates nodes and colours and ends with a node: _ L a R b",
            )
            .into());
        }
        let mut node_of = |(at, name): &(usize, String)| -> Result<usize, RulesetError> {
            if !name.chars().all(|c| c.is_ascii_alphanumeric()) && name != "_" {
                return Err(PositionError::at(
                    text,
                    *at,
                    format!(
                        "{name:?} is not a node name (letters and digits, or _ for the ground)"
                    ),
                )
                .into());
            }
            Ok(match names.iter().position(|n| n == name) {
                Some(k) => k,
                None => {
                    names.push(name.clone());
                    names.len() - 1
                }
            })
        };
        let mut prev = node_of(&path[0])?;
        for pair in path[1..].chunks(2) {
            let (at, col) = &pair[0];
            let colour = match col.chars().collect::<Vec<_>>().as_slice() {
                [c] => Colour::from_char(*c),
                _ => None,
            };
            let Some(colour) = colour else {
                return Err(PositionError::at(
                    text,
                    *at,
                    format!("{col:?} is not a colour (L, R or E)"),
                )
                .into());
            };
            let next = node_of(&pair[1])?;
            if edges.len() >= MAX_TEXT_EDGES {
                return Err(super::too_large(format!(
                    "a Hackenbush picture of more than {MAX_TEXT_EDGES} edges"
                )));
            }
            edges.push((prev, next, colour));
            prev = next;
        }
        path.clear();
        Ok(())
    };
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c == ',' {
            finish(&mut path, &mut names, &mut edges, i)?;
            i += 1;
        } else {
            let start = i;
            while i < chars.len() && !chars[i].is_whitespace() && chars[i] != ',' {
                i += 1;
            }
            path.push((start, chars[start..i].iter().collect()));
        }
    }
    finish(&mut path, &mut names, &mut edges, chars.len())?;
    Ok(Picture { names, edges })
}

/// The Hackenbush rules on one picture: a position is the set of edges standing.
pub struct Rules128<'a> {
    picture: &'a Picture,
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
            out.push(next);
        }
        out
    }
}

/// The value of a picture.
pub fn value(p: &Picture, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    if p.edges.len() > MAX_EDGES {
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
    let rules = Rules128 { picture: p };
    let mut table = Table::for_kernel(kernel);
    search::value(&rules, &u128_all(p.edges.len()), &mut table, kernel)
}
