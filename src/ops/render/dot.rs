//! Graphviz DOT: the game tree with Left's moves in blue and Right's in red (Hackenbush's
//! colours), for `dot -Tpng` or any DOT viewer.

use super::tree::{Side, Tree};

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The tree as a DOT digraph, ending in a newline.
pub fn tree(t: &Tree) -> String {
    let mut out = String::from(
        "digraph game {\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n  \
         edge [arrowhead=none];\n",
    );
    let mut next = 0usize;
    node(t, &mut next, &mut out);
    out.push_str("}\n");
    out
}

fn node(t: &Tree, next: &mut usize, out: &mut String) -> usize {
    let id = *next;
    *next += 1;
    out.push_str(&format!("  n{id} [label={}];\n", quote(&t.label)));
    for (side, child) in &t.children {
        let c = node(child, next, out);
        let (color, label) = match side {
            Side::Left => ("blue", "L"),
            Side::Right => ("red", "R"),
        };
        out.push_str(&format!(
            "  n{id} -> n{c} [color={color}, fontcolor={color}, label={label}];\n"
        ));
    }
    id
}
