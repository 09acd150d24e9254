//! The independent check of the openings of the games on graphs (`snort`, `col`,
//! `arc_kayles`, `childish_hackenbush`): the options derived again from the rules, on plain
//! lists of vertices and edges (no bit sets, no components), and compared with those an
//! opening lists, as sets of graphs up to isomorphism (an opening may write a position's
//! vertices in any order).
//!
//! Col and Snort are played here as the rules say, with colours: each tint `L` (`R`) in the
//! text stands for a blue (red) vertex next to it, and a player colours an uncoloured vertex
//! with no neighbour of the forbidden colour (Col: her own; Snort: the other's). The position
//! left is then written in CGSuite's terms: coloured vertices gone, an uncoloured vertex next to
//! both colours gone (no one may colour it), one next to one colour tinted with it.
//!
//! Positions are read by the graph notation's one reader, the producer's too
//! (`rulesets::position::graph`): independence is in the moves, not the language.

use crate::rulesets::position::graph::{self, Alphabet, GraphText};
use crate::rulesets::RulesetError;
use crate::term::{Arg, Term};

/// Most vertices a position may have for the brute-force check.
pub const MAX_CHECKED_VERTICES: usize = 40;
/// Most steps an isomorphism test may take before the check gives up.
const MAX_ISO_STEPS: usize = 1 << 20;

/// A labelled multigraph: each vertex's label, the edges as pairs (a loop joins a vertex to
/// itself; parallel edges repeat).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plain {
    labels: Vec<String>,
    edges: Vec<(usize, usize)>,
}

/// A position in `abc`'s notation, refused when it is larger than the naive check takes.
fn graph_text(text: &str, abc: &Alphabet) -> Result<GraphText, String> {
    let g: GraphText = graph::graph(text, abc).map_err(|e| match e {
        RulesetError::Input(p) => p.to_string(),
        e => e.to_string(),
    })?;
    if g.vertices.len() > MAX_CHECKED_VERTICES {
        return Err(format!(
            "a graph of {} vertices is more than the naive check takes ({MAX_CHECKED_VERTICES})",
            g.vertices.len()
        ));
    }
    Ok(g)
}

fn read(text: &str, abc: &Alphabet) -> Result<Plain, String> {
    let g = graph_text(text, abc)?;
    Ok(Plain {
        labels: g.vertices.into_iter().map(|(l, _)| l).collect(),
        edges: g.edges.into_iter().map(|(a, b, _, _)| (a, b)).collect(),
    })
}

/// The graph with only the vertices `keep` (in order), relabelled.
fn induced(g: &Plain, keep: &[bool], labels: Vec<String>) -> Plain {
    let mut index = vec![usize::MAX; keep.len()];
    let mut n = 0;
    for (v, &k) in keep.iter().enumerate() {
        if k {
            index[v] = n;
            n += 1;
        }
    }
    Plain {
        labels: labels
            .into_iter()
            .enumerate()
            .filter(|(v, _)| keep[*v])
            .map(|(_, l)| l)
            .collect(),
        edges: g
            .edges
            .iter()
            .filter(|(a, b)| keep[*a] && keep[*b])
            .map(|&(a, b)| (index[a], index[b]))
            .collect(),
    }
}

/// Col or Snort from the rules, with colours (see the module's comment).
fn col_moves(g: &Plain, col: bool) -> (Vec<Plain>, Vec<Plain>) {
    let n = g.labels.len();
    // Each vertex's colour: None while uncoloured. Tints stand for coloured neighbours.
    let near = |v: usize, colour: &[Option<char>], initial: &[String], c: char| -> bool {
        initial[v] == c.to_string()
            || g.edges.iter().any(|&(a, b)| {
                (a == v && b != v && colour[b] == Some(c))
                    || (b == v && a != v && colour[a] == Some(c))
            })
    };
    let mut sides = (Vec::new(), Vec::new());
    for left in [true, false] {
        let mine = if left { 'L' } else { 'R' };
        let theirs = if left { 'R' } else { 'L' };
        let forbidden = if col { mine } else { theirs };
        for v in 0..n {
            let none = vec![None; n];
            if near(v, &none, &g.labels, forbidden) {
                continue;
            }
            let mut colour = none;
            colour[v] = Some(mine);
            let mut keep = vec![true; n];
            let mut labels = vec![String::new(); n];
            for w in 0..n {
                if colour[w].is_some() {
                    keep[w] = false;
                    continue;
                }
                let (b, r) = (
                    near(w, &colour, &g.labels, 'L'),
                    near(w, &colour, &g.labels, 'R'),
                );
                match (b, r) {
                    (true, true) => keep[w] = false,
                    (true, false) => labels[w] = "L".into(),
                    (false, true) => labels[w] = "R".into(),
                    (false, false) => {}
                }
            }
            let o = induced(g, &keep, labels);
            if left {
                sides.0.push(o);
            } else {
                sides.1.push(o);
            }
        }
    }
    sides
}

/// Arc Kayles from the rules: an edge's two ends go.
fn arc_kayles_moves(g: &Plain) -> Vec<Plain> {
    g.edges
        .iter()
        .map(|&(a, b)| {
            let keep: Vec<bool> = (0..g.labels.len()).map(|v| v != a && v != b).collect();
            induced(g, &keep, g.labels.clone())
        })
        .collect()
}

/// Whether two labelled multigraphs are isomorphic, by backtracking over the vertices of `a`
/// in order, each mapped to an unused vertex of `b` with its label, degree and loops and the
/// same number of edges to every vertex mapped before; `Err` past [`MAX_ISO_STEPS`].
fn isomorphic(a: &Plain, b: &Plain) -> Result<bool, String> {
    let n = a.labels.len();
    if n != b.labels.len() || a.edges.len() != b.edges.len() {
        return Ok(false);
    }
    let count = |g: &Plain| {
        let mut m = vec![vec![0usize; n]; n];
        for &(x, y) in &g.edges {
            m[x][y] += 1;
            if x != y {
                m[y][x] += 1;
            }
        }
        m
    };
    let ma = count(a);
    let order = connected_order(&ma);
    let iso = Iso {
        a,
        b,
        mb: count(b),
        ma,
        order,
    };
    let mut map = vec![usize::MAX; n];
    let mut used = vec![false; n];
    let mut steps = 0;
    iso.extend(0, &mut map, &mut used, &mut steps)
}

/// The vertices in an order where each one, where it can, is joined to one before it (breadth
/// first through each component): mapped in that order, every vertex after a component's first
/// is pinned by an edge to one already mapped. In the vertices' own order a subdivided graph
/// (Partizan Arc Kayles) puts every vertex before any edge's vertex, none of them joined to an
/// earlier one, and the search tried all their arrangements.
fn connected_order(m: &[Vec<usize>]) -> Vec<usize> {
    let n = m.len();
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut next = order.len();
        order.push(start);
        while next < order.len() {
            let v = order[next];
            next += 1;
            for w in 0..n {
                if !seen[w] && m[v][w] > 0 {
                    seen[w] = true;
                    order.push(w);
                }
            }
        }
    }
    order
}

/// The two graphs an isomorphism test compares, with their edge counts between vertices.
struct Iso<'a> {
    a: &'a Plain,
    b: &'a Plain,
    ma: Vec<Vec<usize>>,
    mb: Vec<Vec<usize>>,
    /// The order in which `a`'s vertices are mapped ([`connected_order`]).
    order: Vec<usize>,
}

impl Iso<'_> {
    /// Maps the `at`-th vertex of the order and those after it, given those before it.
    fn extend(
        &self,
        at: usize,
        map: &mut [usize],
        used: &mut [bool],
        steps: &mut usize,
    ) -> Result<bool, String> {
        let n = map.len();
        if at == n {
            return Ok(true);
        }
        let i = self.order[at];
        let deg = |m: &[Vec<usize>], v: usize| m[v].iter().sum::<usize>();
        for j in 0..n {
            *steps += 1;
            if *steps > MAX_ISO_STEPS {
                return Err("the positions are too alike to compare by brute force".into());
            }
            if used[j]
                || self.a.labels[i] != self.b.labels[j]
                || self.ma[i][i] != self.mb[j][j]
                || deg(&self.ma, i) != deg(&self.mb, j)
                || self.order[..at]
                    .iter()
                    .any(|&k| self.ma[i][k] != self.mb[j][map[k]])
            {
                continue;
            }
            map[i] = j;
            used[j] = true;
            if self.extend(at + 1, map, used, steps)? {
                return Ok(true);
            }
            used[j] = false;
        }
        Ok(false)
    }
}

/// The graph an option term writes: `0` the empty graph, else `name("…")`.
fn listed_graph(
    t: &Term,
    name: &str,
    read: &dyn Fn(&str) -> Result<Plain, String>,
) -> Result<Plain, String> {
    if t.as_number().is_some_and(|x| x.is_zero()) {
        return Ok(Plain {
            labels: vec![],
            edges: vec![],
        });
    }
    let shown = || crate::syntax::print(t, &Default::default());
    match t {
        Term::Call { name: n, args } if n == name => match args.as_slice() {
            [Arg::Text(s)] => read(s),
            _ => Err(format!("option {} is not {name}(\"…\")", shown())),
        },
        _ => Err(format!("option {} is not a position of {name}", shown())),
    }
}

/// Compares the options an opening lists with those derived, up to isomorphism: each derived
/// option listed, each listed option derived.
fn compare(
    term: &Term,
    name: &str,
    abc: &Alphabet,
    left: &[Plain],
    right: &[Plain],
) -> Result<(), String> {
    compare_by(term, name, &|s| read(s, abc), left, right)
}

/// [`compare`] with the listed options read by `read`.
fn compare_by(
    term: &Term,
    name: &str,
    read: &dyn Fn(&str) -> Result<Plain, String>,
    left: &[Plain],
    right: &[Plain],
) -> Result<(), String> {
    let Term::Game { left: l, right: r } = term else {
        return Err("an opening of a position is a game {left options | right options}".into());
    };
    for (who, listed, derived) in [("Left", l, left), ("Right", r, right)] {
        let mut got = Vec::new();
        for t in listed.iter() {
            got.push(listed_graph(t, name, read)?);
        }
        // Two listed options may be the same position spelt two ways (isomorphic graphs
        // written from different vertices): a repeated option leaves the game as it is, and
        // the producer does not search for a canonical spelling. Each must be a move, and
        // every move must be listed.
        let any = |among: &[Plain], iso: &dyn Fn(&Plain) -> Result<bool, String>| {
            among
                .iter()
                .try_fold(false, |found, y| Ok::<_, String>(found || iso(y)?))
        };
        for x in &got {
            if !any(derived, &|d| isomorphic(x, d))? {
                return Err(format!("{who} has no move to {x:?}"));
            }
        }
        for d in derived {
            if !any(&got, &|x| isomorphic(x, d))? {
                return Err(format!("{who}'s move to {d:?} is missing"));
            }
        }
    }
    Ok(())
}

/// The check of a `col("…")` opening.
pub fn col(text: &str, term: &Term) -> Result<(), String> {
    let g = read(text, &graph::COL)?;
    let (l, r) = col_moves(&g, true);
    compare(term, "col", &graph::COL, &l, &r)
}

/// The check of a `snort("…")` opening.
pub fn snort(text: &str, term: &Term) -> Result<(), String> {
    let g = read(text, &graph::SNORT)?;
    let (l, r) = col_moves(&g, false);
    compare(term, "snort", &graph::SNORT, &l, &r)
}

/// The check of an `arc_kayles("…")` opening.
pub fn arc_kayles(text: &str, term: &Term) -> Result<(), String> {
    let g = read(text, &graph::ARC_KAYLES)?;
    let o = arc_kayles_moves(&g);
    compare(term, "arc_kayles", &graph::ARC_KAYLES, &o, &o)
}

/// The check of a `childish_hackenbush("…")` opening: Hackenbush's naive check with the
/// childish rule (`super::rulesets_check::hackenbush_like`).
pub fn childish_hackenbush(text: &str, term: &Term) -> Result<(), String> {
    super::rulesets_check::hackenbush_like("childish_hackenbush", true, text, term)
}

/// A graph with coloured edges as a plain labelled graph: each edge becomes a vertex labelled
/// with its colour (`l`, `r`, `e`) joined to the edge's two ends (twice to a loop's one end),
/// so two coloured graphs are isomorphic exactly when these are.
fn subdivided(vertices: usize, keep: &[bool], edges: &[(usize, usize, String)]) -> Plain {
    let mut index = vec![usize::MAX; vertices];
    let mut labels = Vec::new();
    for v in 0..vertices {
        if keep[v] {
            index[v] = labels.len();
            labels.push(String::new());
        }
    }
    let mut plain_edges = Vec::new();
    for (a, b, colour) in edges {
        if keep[*a] && keep[*b] {
            let e = labels.len();
            labels.push(colour.clone());
            plain_edges.push((index[*a], e));
            plain_edges.push((e, index[*b]));
        }
    }
    Plain {
        labels,
        edges: plain_edges,
    }
}

/// Edges with their colours: the two ends and `l`, `r` or `e`.
type ColouredEdges = Vec<(usize, usize, String)>;

/// A Partizan Arc Kayles position read: its vertex count and coloured edges.
fn coloured(text: &str) -> Result<(usize, ColouredEdges), String> {
    let g = graph_text(text, &graph::PARTIZAN_ARC_KAYLES)?;
    Ok((
        g.vertices.len(),
        g.edges.into_iter().map(|(a, b, l, _)| (a, b, l)).collect(),
    ))
}

/// The check of a `partizan_arc_kayles("…")` opening: for each edge of the mover's colour or
/// green, the graph without its two ends; compared with the listed graphs up to isomorphism
/// of coloured graphs ([`subdivided`]).
pub fn partizan_arc_kayles(text: &str, term: &Term) -> Result<(), String> {
    let (n, edges) = coloured(text)?;
    let mut sides = (Vec::new(), Vec::new());
    for (a, b, colour) in &edges {
        let keep: Vec<bool> = (0..n).map(|v| v != *a && v != *b).collect();
        let o = subdivided(n, &keep, &edges);
        if colour == "l" || colour == "e" {
            sides.0.push(o.clone());
        }
        if colour == "r" || colour == "e" {
            sides.1.push(o);
        }
    }
    let read = |s: &str| -> Result<Plain, String> {
        let (n, edges) = coloured(s)?;
        Ok(subdivided(n, &vec![true; n], &edges))
    };
    compare_by(term, "partizan_arc_kayles", &read, &sides.0, &sides.1)
}

/// The options the naive generator finds from a position, Left's and Right's, each written
/// back in the notation (vertices in their order): for tests comparing values.
#[cfg(test)]
pub fn options(name: &str, text: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let write = |g: &Plain| -> String {
        let labels: Vec<&str> = g.labels.iter().map(String::as_str).collect();
        let edges: Vec<(usize, usize, &str)> = g.edges.iter().map(|&(a, b)| (a, b, "")).collect();
        graph::write(&labels, &edges)
    };
    let (l, r) = match name {
        "col" => col_moves(&read(text, &graph::COL)?, true),
        "snort" => col_moves(&read(text, &graph::SNORT)?, false),
        _ => {
            let o = arc_kayles_moves(&read(text, &graph::ARC_KAYLES)?);
            (o.clone(), o)
        }
    };
    Ok((l.iter().map(write).collect(), r.iter().map(write).collect()))
}
