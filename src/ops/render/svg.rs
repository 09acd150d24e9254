//! SVG: the game tree drawn without Graphviz. A simple tidy layout: each subtree gets a band as
//! wide as its widest level, children side by side under their parent, the parent centred over
//! them; Left's moves in blue, Right's in red, as in Hackenbush.

use super::tree::{Side, Tree};

/// The labels' size in px: the boxes and the gaps between them are measured from it.
const FONT: f64 = 14.0;
/// Pixels per character of a label (monospace at [`FONT`] px).
const CHAR_W: f64 = 8.5;
/// Between a label and its box's sides.
const PAD: f64 = 10.0;
/// A line of text with 6 px above and below it.
const BOX_H: f64 = FONT + 12.0;
/// Siblings stand a character's height apart.
const GAP: f64 = FONT;
/// Levels stand five gaps apart: room for the edges fanning out to be told apart.
const LEVEL: f64 = 5.0 * GAP;
/// Around the picture, twice a label's padding.
const MARGIN: f64 = 2.0 * PAD;

fn box_w(t: &Tree) -> f64 {
    t.label.chars().count() as f64 * CHAR_W + 2.0 * PAD
}

/// The width of the band a subtree needs.
fn band(t: &Tree) -> f64 {
    let kids: f64 = t.children.iter().map(|(_, c)| band(c)).sum::<f64>()
        + GAP * t.children.len().saturating_sub(1) as f64;
    box_w(t).max(kids)
}

fn depth(t: &Tree) -> usize {
    1 + t.children.iter().map(|(_, c)| depth(c)).max().unwrap_or(0)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

struct Placed {
    edges: String,
    nodes: String,
}

/// Places `t` in the band starting at `x`, at level `level`; returns its centre.
fn place(t: &Tree, x: f64, level: usize, out: &mut Placed) -> f64 {
    let width = band(t);
    let kids_w: f64 = t.children.iter().map(|(_, c)| band(c)).sum::<f64>()
        + GAP * t.children.len().saturating_sub(1) as f64;
    let mut cx = x + (width - kids_w) / 2.0;
    let y = MARGIN + level as f64 * LEVEL;
    let mut centres = Vec::new();
    for (side, c) in &t.children {
        let centre = place(c, cx, level + 1, out);
        centres.push((side, centre));
        cx += band(c) + GAP;
    }
    let centre = x + width / 2.0;
    for (side, c) in centres {
        let color = match side {
            Side::Left => "#1f4fd8",
            Side::Right => "#d8281f",
        };
        out.edges.push_str(&format!(
            "  <line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{color}\" \
             stroke-width=\"2\"/>\n",
            centre,
            y + BOX_H,
            c,
            y + LEVEL
        ));
    }
    let w = box_w(t);
    out.nodes.push_str(&format!(
        "  <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{BOX_H}\" rx=\"6\" \
         fill=\"#fffbe6\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n  <text x=\"{:.1}\" \
         y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
        centre - w / 2.0,
        y,
        w,
        centre,
        y + BOX_H / 2.0 + FONT * 0.35,
        escape(&t.label)
    ));
    centre
}

const LEGEND: &str = "blue: Left's moves, red: Right's moves";
/// The legend's width at 11 px monospace.
const LEGEND_W: f64 = LEGEND.len() as f64 * 6.7;

/// The picture's size in pixels (width, height): the tree's band, or the legend if wider.
pub fn size(t: &Tree) -> (f64, f64) {
    (
        band(t).max(LEGEND_W) + 2.0 * MARGIN,
        (depth(t) - 1) as f64 * LEVEL + BOX_H + 2.0 * MARGIN + FONT * 1.5,
    )
}

/// The tree as a standalone SVG document, ending in a newline.
pub fn tree(t: &Tree) -> String {
    let (w, h) = size(t);
    let mut placed = Placed {
        edges: String::new(),
        nodes: String::new(),
    };
    // A tree narrower than the legend is centred.
    place(t, (w - band(t)) / 2.0, 0, &mut placed);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" \
         viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"monospace\" font-size=\"{FONT}\">\n  \
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{}{}  <text x=\"{MARGIN}\" \
         y=\"{:.1}\" font-size=\"11\" fill=\"#555555\">{LEGEND}</text>\n</svg>\n",
        placed.edges,
        placed.nodes,
        h - MARGIN / 2.0
    )
}
