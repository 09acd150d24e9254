//! CGSuite's graph notation (its `Graph.Parse`, as the games on graphs read it): one reader for
//! Snort, Col, Arc Kayles and the CGSuite form of (childish) Hackenbush, called by the
//! producer (`rulesets::col`, `rulesets::arc_kayles`, `rulesets::hackenbush`) and by the proof
//! checker's naive move generators (`functions::graph_games_check`, `functions::rulesets_check`).
//!
//! The grammar (docs/POSITIONS.md, "Graphs"): a text is read as tokens, a token being one
//! character or a `{…}` group (its contents); spaces between tokens are skipped. A chain is a
//! vertex followed by edges, each leading to the next vertex; `(` after a vertex opens branches
//! off it separated by `;`, closed by `)`; `;` outside branches starts a new chain (a new
//! component, unless a name joins it). A vertex is its label (or `.` or nothing: unlabelled),
//! then `:` and a name to identify it with every other vertex of that name. The ruleset says
//! which tokens are vertex labels and which are edge labels; `-` is the unlabelled edge.
//! Read as CGSuite reads it (the same vertices in the same order, the same edges), except
//! that anything CGSuite would throw on is an error here with its line, column and caret, and
//! that characters outside printable ASCII are refused (CGSuite would take them as names).

use super::{describe, hint, PositionError};
use crate::rulesets::RulesetError;

/// Most vertices or edges a graph's text may have; more is a limit before anything is built.
pub const MAX_GRAPH_ITEMS: usize = 1 << 16;

/// A graph as its text says, in CGSuite's terms: vertices numbered in the order they are
/// first written (vertex 0 is CGSuite's vertex 1, Hackenbush's ground).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphText {
    /// Each vertex's label token (`""` for an unlabelled vertex) and the character index where
    /// it is first written.
    pub vertices: Vec<(String, usize)>,
    /// Each edge: its two vertices (equal for a loop), its label token (`""` for `-`), and the
    /// character index of its label. Parallel edges are kept.
    pub edges: Vec<(usize, usize, String, usize)>,
}

/// What a ruleset's graphs may hold: its vertex labels, its edge labels (`""` allows the
/// unlabelled edge `-`), its name for errors and a legend of its symbols.
pub struct Alphabet<'a> {
    /// Vertex label tokens other than the unlabelled vertex (`.`, nothing or `{}`).
    pub vertex_labels: &'a [&'a str],
    /// Edge label tokens; `""` means `-` (and `{}`) are edges.
    pub edge_labels: &'a [&'a str],
    /// `"a Col position"`.
    pub what: &'a str,
    /// What the symbols mean.
    pub legend: &'a str,
}

/// Col's and Snort's alphabet (CGSuite's `GenCol` vertex labels): `L`, `R` tints, `-` edges.
pub const COL: Alphabet<'static> = Alphabet {
    vertex_labels: &["L", "R"],
    edge_labels: &[""],
    what: "a Col position",
    legend: ". an uncoloured vertex, L or R one tinted by Left or Right, - an edge; (…;…) branches, :A names a vertex",
};

/// Snort's alphabet: Col's.
pub const SNORT: Alphabet<'static> = Alphabet {
    what: "a Snort position",
    ..COL
};

/// Arc Kayles' alphabet (CGSuite's `GraphRuleset` defaults): no labels.
pub const ARC_KAYLES: Alphabet<'static> = Alphabet {
    vertex_labels: &[],
    edge_labels: &[""],
    what: "an Arc Kayles position",
    legend: ". a vertex, - an edge; (…;…) branches, :A names a vertex",
};

/// Partizan Arc Kayles' alphabet (CGSuite's `PartizanArcKayles` edge labels): edges `l`
/// (Left's), `r` (Right's), `e` (either's), vertices unlabelled.
pub const PARTIZAN_ARC_KAYLES: Alphabet<'static> = Alphabet {
    vertex_labels: &[],
    edge_labels: &["l", "r", "e"],
    what: "a Partizan Arc Kayles position",
    legend: ". a vertex, l a Left edge, r a Right edge, e an edge either player may take; (…;…) branches, :A names a vertex",
};

/// A token: its text and the character index where it starts.
type Token = (String, usize);

fn tokens(text: &str, abc: &Alphabet) -> Result<Vec<Token>, RulesetError> {
    let meant: Vec<char> = abc
        .vertex_labels
        .iter()
        .chain(abc.edge_labels)
        .filter_map(|s| s.chars().next())
        .chain("-.:();{}".chars())
        .collect();
    let bad = |i: usize, c: char| -> RulesetError {
        PositionError::at(
            text,
            i,
            format!(
                "unexpected {} in {} ({}){}",
                describe(c),
                abc.what,
                abc.legend,
                hint(c, &meant)
            ),
        )
        .into()
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !(c.is_ascii_graphic() || c == ' ') {
            return Err(bad(i, c));
        }
        if out.len() >= 4 * MAX_GRAPH_ITEMS {
            return Err(too_large(abc));
        }
        match c {
            ' ' => i += 1,
            '{' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '}' {
                    if !(chars[j].is_ascii_graphic() || chars[j] == ' ') {
                        return Err(bad(j, chars[j]));
                    }
                    j += 1;
                }
                if j == chars.len() {
                    return Err(PositionError::at(text, i, "this '{' is not closed by '}'").into());
                }
                out.push((chars[i + 1..j].iter().collect(), i));
                i = j + 1;
            }
            '}' => {
                return Err(PositionError::at(text, i, "this '}' closes no '{'").into());
            }
            c => {
                out.push((c.to_string(), i));
                i += 1;
            }
        }
    }
    Ok(out)
}

fn too_large(abc: &Alphabet) -> RulesetError {
    crate::rulesets::too_large(format!(
        "{} of more than {MAX_GRAPH_ITEMS} vertices or edges",
        abc.what
    ))
}

/// Reads a graph in CGSuite's notation over the ruleset's alphabet.
pub fn graph(text: &str, abc: &Alphabet) -> Result<GraphText, RulesetError> {
    let toks = tokens(text, abc)?;
    let err = |at: usize, m: String| -> RulesetError { PositionError::at(text, at, m).into() };
    let end = text.chars().count();
    let at = |k: usize| toks.get(k).map_or(end, |t| t.1);
    let tok = |k: usize| toks.get(k).map(|t| t.0.as_str());
    let mut g = GraphText {
        vertices: Vec::new(),
        edges: Vec::new(),
    };
    let mut names: std::collections::HashMap<String, usize> = Default::default();
    // The open groups: the vertex each grows from, and where its '(' is.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut prec: Option<usize> = None;
    let mut k = 0;
    loop {
        // A chain goes on from `prec` (or starts, when `prec` is None) at token k.
        let mut ended = tok(k).is_none();
        let mut edge: Option<(String, usize)> = None;
        if let (Some(p), false) = (prec, ended) {
            let t = tok(k).unwrap_or("");
            match t {
                "(" => {
                    groups.push((p, at(k)));
                    k += 1;
                    continue;
                }
                ";" | ")" => ended = true,
                ">" | "<" => {
                    return Err(err(
                        at(k),
                        format!(
                            "a directed edge '{t}' in {}: its graphs are undirected (write - or an edge label)",
                            abc.what
                        ),
                    ))
                }
                _ => {
                    let label = if t == "-" { "" } else { t };
                    if !abc.edge_labels.contains(&label) {
                        let what = if t == "-" {
                            "the unlabelled edge '-'".to_string()
                        } else if t.chars().count() == 1 {
                            describe(t.chars().next().unwrap_or(' '))
                        } else {
                            format!("{{{t}}}")
                        };
                        let h = match t.chars().collect::<Vec<_>>().as_slice() {
                            [c] => hint(*c, &label_chars(abc.edge_labels, abc.vertex_labels)),
                            _ => String::new(),
                        };
                        return Err(err(
                            at(k),
                            format!(
                                "{what} is not an edge of {} (after a vertex comes an edge, '(', ';', ')' or the end; {}){h}",
                                abc.what, abc.legend
                            ),
                        ));
                    }
                    if matches!(tok(k + 1), Some(">") | Some("<")) {
                        return Err(err(
                            at(k + 1),
                            format!(
                                "a directed edge in {}: its graphs are undirected",
                                abc.what
                            ),
                        ));
                    }
                    edge = Some((label.to_string(), at(k)));
                    k += 1;
                }
            }
        }
        if ended {
            // Back to the innermost group, or to the top.
            loop {
                match groups.last() {
                    Some(&(base, open)) => match tok(k) {
                        Some(";") => {
                            k += 1;
                            prec = Some(base);
                            break;
                        }
                        Some(")") => {
                            k += 1;
                            groups.pop();
                        }
                        Some(_) => {
                            return Err(err(
                                at(k),
                                "after a (…) group comes ';' or ')' (a group ends its chain)"
                                    .into(),
                            ))
                        }
                        None => return Err(err(open, "this '(' is not closed".into())),
                    },
                    None => {
                        match tok(k) {
                            None => return Ok(g),
                            Some(";") => {
                                k += 1;
                                prec = None;
                                break;
                            }
                            Some(")") => return Err(err(at(k), "this ')' closes nothing".into())),
                            Some(_) => return Err(err(
                                at(k),
                                "after a (…) group comes ';' or the end (a group ends its chain)"
                                    .into(),
                            )),
                        }
                    }
                }
            }
            // `;` at the very end (or `(;`) starts nothing.
            continue;
        }
        // The vertex.
        let start = at(k);
        let label = match tok(k) {
            Some(t) if t.is_empty() || abc.vertex_labels.contains(&t) => {
                k += 1;
                t.to_string()
            }
            Some(".") => {
                k += 1;
                String::new()
            }
            _ => String::new(),
        };
        let mut name = None;
        if tok(k) == Some(":") {
            match tok(k + 1) {
                Some(n) => name = Some((n.to_string(), at(k + 1))),
                None => {
                    return Err(err(
                        at(k),
                        "a name must follow ':' (one character, or {a longer name})".into(),
                    ))
                }
            }
            k += 2;
        }
        let v = match name.as_ref().and_then(|(n, _)| names.get(n)) {
            Some(&v) => {
                let (had, _) = &g.vertices[v];
                if *had != label {
                    let (n, where_) = name.clone().unwrap_or_default();
                    return Err(err(
                        where_,
                        format!(
                            "the vertex named {n:?} is labelled {} here but {} where it was first written: a named vertex keeps one label, written at every mention",
                            shown(&label),
                            shown(had)
                        ),
                    ));
                }
                v
            }
            None => {
                if g.vertices.len() >= MAX_GRAPH_ITEMS {
                    return Err(too_large(abc));
                }
                g.vertices.push((label, start));
                let v = g.vertices.len() - 1;
                if let Some((n, _)) = name {
                    names.insert(n, v);
                }
                v
            }
        };
        if let (Some(p), Some((label, where_))) = (prec, edge) {
            if g.edges.len() >= MAX_GRAPH_ITEMS {
                return Err(too_large(abc));
            }
            g.edges.push((p, v, label, where_));
        }
        prec = Some(v);
    }
}

fn shown(label: &str) -> String {
    if label.is_empty() {
        "nothing (unlabelled)".into()
    } else {
        format!("{label:?}")
    }
}

fn label_chars(edges: &[&str], vertices: &[&str]) -> Vec<char> {
    edges
        .iter()
        .chain(vertices)
        .filter_map(|s| s.chars().next())
        .collect()
}

/// Writes a graph in the notation, so that [`graph`] reads back the same vertices (labels) and
/// edges, up to the order of the vertices: each component as a depth-first tree from its
/// first vertex, branches in `( ; )`, a vertex met again (a cycle, a loop or a parallel edge)
/// by a name `:A`, `:B`, … (`:{v26}`, … after Z), repeated with its label at each mention.
/// `labels[v]` is vertex v's label token (`""` unlabelled), `edges` its edges with their label
/// tokens (`""` is written `-`).
pub fn write(labels: &[&str], edges: &[(usize, usize, &str)]) -> String {
    let n = labels.len();
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        if a < n && b < n {
            adj[a].push(i);
            if a != b {
                adj[b].push(i);
            }
        }
    }
    // A depth-first forest (iterative): tree edges, and the vertices that need names.
    let mut seen = vec![false; n];
    let mut tree = vec![false; edges.len()];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for r in 0..n {
        if seen[r] {
            continue;
        }
        roots.push(r);
        seen[r] = true;
        let mut stack = vec![r];
        while let Some(&v) = stack.last() {
            let next = adj[v].iter().copied().find(|&i| {
                let (a, b, _) = edges[i];
                let o = if a == v { b } else { a };
                !tree[i] && !seen[o]
            });
            match next {
                Some(i) => {
                    let (a, b, _) = edges[i];
                    let o = if a == v { b } else { a };
                    tree[i] = true;
                    seen[o] = true;
                    children[v].push(i);
                    stack.push(o);
                }
                None => {
                    stack.pop();
                }
            }
        }
    }
    // Non-tree edges hang off their lower-numbered end (in writing order: the one written
    // first) as a mention of the other end; both ends are named.
    let mut order = vec![usize::MAX; n];
    {
        let mut count = 0;
        for &r in &roots {
            let mut stack = vec![r];
            while let Some(v) = stack.pop() {
                order[v] = count;
                count += 1;
                for &i in children[v].iter().rev() {
                    let (a, b, _) = edges[i];
                    stack.push(if a == v { b } else { a });
                }
            }
        }
    }
    let mut extra: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut named = vec![false; n];
    for (i, &(a, b, _)) in edges.iter().enumerate() {
        if tree[i] || a >= n || b >= n {
            continue;
        }
        let (x, y) = if order[a] <= order[b] { (a, b) } else { (b, a) };
        extra[x].push(i);
        named[x] = true;
        named[y] = true;
    }
    let mut name_of: Vec<Option<String>> = vec![None; n];
    let mut count = 0;
    for &r in &roots {
        let mut stack = vec![r];
        while let Some(v) = stack.pop() {
            if named[v] {
                name_of[v] = Some(if count < 26 {
                    ((b'A' + count as u8) as char).to_string()
                } else {
                    format!("{{v{count}}}")
                });
                count += 1;
            }
            for &i in children[v].iter().rev() {
                let (a, b, _) = edges[i];
                stack.push(if a == v { b } else { a });
            }
        }
    }
    let label_text = |s: &str| -> String {
        if s.chars().count() <= 1 {
            s.to_string()
        } else {
            format!("{{{s}}}")
        }
    };
    let vertex_text = |v: usize, alone: bool| -> String {
        let mut s = label_text(labels[v]);
        if let Some(nm) = &name_of[v] {
            s.push(':');
            s.push_str(nm);
        } else if s.is_empty() && alone {
            s.push('.');
        }
        s
    };
    let edge_text = |i: usize| -> String {
        let l = edges[i].2;
        if l.is_empty() {
            "-".into()
        } else {
            label_text(l)
        }
    };
    // Written iteratively: a work stack of pieces of text and vertices to expand.
    enum Work {
        Text(String),
        Vertex(usize),
    }
    let mut parts = Vec::new();
    for &r in &roots {
        let mut out = String::new();
        let mut work = vec![Work::Vertex(r)];
        let mut first = true;
        while let Some(w) = work.pop() {
            match w {
                Work::Text(s) => out.push_str(&s),
                Work::Vertex(v) => {
                    // A lone unlabelled, unnamed vertex needs its '.' to exist at all.
                    let branches = children[v].len() + extra[v].len();
                    out.push_str(&vertex_text(v, first && branches == 0));
                    first = false;
                    let mut items: Vec<Vec<Work>> = Vec::new();
                    for &i in &extra[v] {
                        let (a, b, _) = edges[i];
                        let o = if a == v { b } else { a };
                        items.push(vec![Work::Text(format!(
                            "{}{}",
                            edge_text(i),
                            vertex_text(o, false)
                        ))]);
                    }
                    for &i in &children[v] {
                        let (a, b, _) = edges[i];
                        let o = if a == v { b } else { a };
                        items.push(vec![Work::Text(edge_text(i)), Work::Vertex(o)]);
                    }
                    let single = items.len() == 1;
                    let mut seq: Vec<Work> = Vec::new();
                    if !single && !items.is_empty() {
                        seq.push(Work::Text("(".into()));
                    }
                    let len = items.len();
                    for (j, item) in items.into_iter().enumerate() {
                        seq.extend(item);
                        if !single && j + 1 < len {
                            seq.push(Work::Text(";".into()));
                        }
                    }
                    if !single && len > 0 {
                        seq.push(Work::Text(")".into()));
                    }
                    work.extend(seq.into_iter().rev());
                }
            }
        }
        parts.push(out);
    }
    // Components in sorted order, so that a position whose components are met in another
    // order is written alike (an opening lists it once). A named component is kept in place:
    // its names follow the writing order.
    if !named.iter().any(|&x| x) {
        parts.sort();
    }
    parts.join(";")
}
