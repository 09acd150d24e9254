//! Pictures of positions as SVG, for teaching pages and papers: a Domineering or Clobber board,
//! a Toads and Frogs row, a Hackenbush picture standing on its ground. Left's colour is blue,
//! Right's red, as in the game-tree pictures.

use super::{clobber, domineering, hackenbush, toads, PositionError, RulesetError};
use std::fmt::Write;

const CELL: usize = 40;
const BLUE: &str = "#1f5fbf";
const RED: &str = "#c0392b";
const GREEN: &str = "#2e8b57";

/// The picture of the position `text` of ruleset `name`, read as written (docs/POSITIONS.md).
pub fn draw(name: &str, text: &str) -> Result<String, RulesetError> {
    match name {
        "domineering" => Ok(domineering_svg(&domineering::Position::parse(text)?)),
        "clobber" => Ok(clobber_svg(&clobber::parse(text)?)),
        "toads" => Ok(toads_svg(&toads::parse(text)?)),
        "hackenbush" => Ok(hackenbush_svg(&hackenbush::Picture::parse(text)?)),
        _ => Err(PositionError::at(name, 0, format!("no picture for the ruleset {name:?}")).into()),
    }
}

fn header(w: usize, h: usize) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    )
}

/// Squares on a grid: `fill(r, c)` gives the square's colour and what to draw inside it.
fn grid(w: usize, h: usize, mut square: impl FnMut(usize, usize, &mut String)) -> String {
    let (pw, ph) = (w * CELL + 2, h * CELL + 2);
    let mut s = header(pw, ph);
    for r in 0..h {
        for c in 0..w {
            square(r, c, &mut s);
        }
    }
    s.push_str("</svg>\n");
    s
}

fn domineering_svg(p: &domineering::Position) -> String {
    grid(p.width, p.height, |r, c, s| {
        let fill = if p.empty[r * p.width + c] {
            "white"
        } else {
            "#555"
        };
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"black\"/>",
            1 + c * CELL,
            1 + r * CELL
        );
    })
}

fn clobber_svg(b: &clobber::Board) -> String {
    let w = b.shape.w as usize;
    grid(w, b.shape.h as usize, |r, c, s| {
        let (x, y) = (1 + c * CELL, 1 + r * CELL);
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#eee\" stroke=\"black\"/>"
        );
        let m = super::grid::bit(w, r, c);
        let colour = if b.x & m != 0 {
            Some(BLUE)
        } else if b.o & m != 0 {
            Some(RED)
        } else {
            None
        };
        if let Some(col) = colour {
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{col}\"/>",
                x + CELL / 2,
                y + CELL / 2,
                CELL * 2 / 5
            );
        }
    })
}

fn toads_svg(row: &[u8]) -> String {
    grid(row.len(), 1, |_, c, s| {
        let x = 1 + c * CELL;
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"1\" width=\"{CELL}\" height=\"{CELL}\" fill=\"white\" stroke=\"black\"/>"
        );
        let (letter, col) = match row[c] {
            1 => ("T", BLUE),
            2 => ("F", RED),
            _ => return,
        };
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{col}\"/><text x=\"{}\" y=\"{}\" font-family=\"Helvetica\" font-size=\"18\" fill=\"white\" text-anchor=\"middle\">{letter}</text>",
            x + CELL / 2,
            1 + CELL / 2,
            CELL * 2 / 5,
            x + CELL / 2,
            1 + CELL / 2 + 6
        );
    })
}

fn hackenbush_svg(p: &hackenbush::Picture) -> String {
    // Layers by distance from the ground; the ground is the bottom line.
    let n = p.names.len();
    let mut depth = vec![usize::MAX; n];
    depth[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, _) in &p.edges {
            for (u, v) in [(a, b), (b, a)] {
                if depth[u] != usize::MAX && depth[u] + 1 < depth[v] {
                    depth[v] = depth[u] + 1;
                    changed = true;
                }
            }
        }
    }
    let max_depth = depth
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    let mut slot = vec![0usize; n];
    let mut per_layer = vec![0usize; max_depth + 1];
    for v in 1..n {
        if depth[v] != usize::MAX {
            slot[v] = per_layer[depth[v]];
            per_layer[depth[v]] += 1;
        }
    }
    let widest = per_layer.iter().copied().max().unwrap_or(1).max(1);
    let (pw, ph) = (widest * 2 * CELL + CELL, (max_depth + 1) * 2 * CELL);
    let ground_y = ph - CELL / 2;
    let pos = |v: usize| -> (usize, usize) {
        if v == 0 {
            return (pw / 2, ground_y);
        }
        let d = depth[v];
        let count = per_layer[d].max(1);
        let x = (slot[v] + 1) * pw / (count + 1);
        (x, ground_y - d * 2 * CELL)
    };
    let mut s = header(pw, ph);
    let _ = writeln!(
        s,
        "<line x1=\"0\" y1=\"{ground_y}\" x2=\"{pw}\" y2=\"{ground_y}\" stroke=\"#7a5230\" stroke-width=\"6\"/>"
    );
    // Edges touching the ground start on the ground line below their other end.
    for &(a, b, c) in &p.edges {
        let col = match c {
            hackenbush::Colour::L => BLUE,
            hackenbush::Colour::R => RED,
            hackenbush::Colour::E => GREEN,
        };
        let (mut pa, mut pb) = (pos(a), pos(b));
        if a == 0 {
            pa.0 = pb.0;
        }
        if b == 0 {
            pb.0 = pa.0;
        }
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{col}\" stroke-width=\"5\" stroke-linecap=\"round\"/>",
            pa.0, pa.1, pb.0, pb.1
        );
    }
    for (v, &d) in depth.iter().enumerate().skip(1) {
        if d != usize::MAX {
            let (x, y) = pos(v);
            let _ = writeln!(s, "<circle cx=\"{x}\" cy=\"{y}\" r=\"5\" fill=\"black\"/>");
        }
    }
    s.push_str("</svg>\n");
    s
}
