//! The picture and print formats are real: the SVG renders to a non-blank image of the size it
//! declares (with resvg, a real SVG renderer), and the LaTeX derivation compiles with pdflatex.

use std::process::Command;

mod optional;

fn onag(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag");
    assert_eq!(
        o.status.code(),
        Some(0),
        "onag {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8 output")
}

/// The declared `width="…"` and `height="…"` of the root element.
fn declared_size(svg: &str) -> (u32, u32) {
    let attr = |name: &str| -> u32 {
        let key = format!(" {name}=\"");
        let start = svg.find(&key).expect("the attribute") + key.len();
        let end = start + svg[start..].find('"').expect("closing quote");
        svg[start..end].parse().expect("a whole number of pixels")
    };
    (attr("width"), attr("height"))
}

fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    let tree =
        resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("the SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a non-empty image");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap
}

/// Counts pixels that are mostly blue, mostly red, and not white.
fn colours(p: &resvg::tiny_skia::Pixmap) -> (usize, usize, usize) {
    let (mut blue, mut red, mut ink) = (0, 0, 0);
    for px in p.pixels() {
        let (r, g, b) = (px.red() as i32, px.green() as i32, px.blue() as i32);
        if r + g + b < 3 * 240 {
            ink += 1;
        }
        if b > 150 && r < 100 && g < 120 {
            blue += 1;
        }
        if r > 150 && b < 100 && g < 100 {
            red += 1;
        }
    }
    (blue, red, ink)
}

#[test]
fn svg_tree_renders_at_its_size_with_both_players_moves() {
    // 3/2 = {1|2}: a Left move (blue) to 1 and a Right move (red) to 2, five positions deep
    // in all (3/2, 1, 0, 2, 1, 0).
    let svg = onag(&["simplify", "--format", "svg", "{0,1|2}"]);
    let (w, h) = declared_size(&svg);
    let pixmap = render(&svg);
    assert_eq!((pixmap.width(), pixmap.height()), (w, h));
    assert!(
        w >= 100 && h >= 150,
        "{w}x{h}: too small for a tree of depth 4"
    );
    let (blue, red, ink) = colours(&pixmap);
    let total = (w * h) as usize;
    assert!(
        ink * 50 > total,
        "mostly blank: {ink} of {total} pixels drawn"
    );
    assert!(blue > 20, "no Left (blue) edges: {blue}");
    assert!(red > 20, "no Right (red) edges: {red}");
    // Six boxes, one per position.
    assert_eq!(svg.matches("<rect x=").count(), 6, "{svg}");
}

#[test]
fn svg_of_the_input_draws_the_tree_as_written() {
    // {{*|*},*,*3 | {*|*},*,*3}: the root, 3 + 3 options, and {*|*}'s two options on each side.
    let svg = onag(&[
        "simplify",
        "--format",
        "svg",
        "--tree",
        "input",
        "{{*|*},*,*3|{*|*},*,*3}",
    ]);
    assert_eq!(svg.matches("<rect x=").count(), 11, "{svg}");
    let pixmap = render(&svg);
    let (blue, red, _) = colours(&pixmap);
    assert!(blue > 20 && red > 20);
    // A canonical *2 = {0,*|0,*} has 1 + 2 + 2 + (* has 0|0 → 2 more each side) nodes.
    let canonical = onag(&["simplify", "--format", "svg", "{{*|*},*,*3|{*|*},*,*3}"]);
    assert_eq!(canonical.matches("<rect x=").count(), 9, "{canonical}");
}

#[test]
fn latex_derivation_compiles_with_pdflatex() {
    let Some(tools) = optional::require_or_skip(
        "latex_derivation_compiles_with_pdflatex",
        &["pdflatex"],
        "apt-get install texlive-latex-base texlive-latex-recommended",
    ) else {
        return;
    };
    let mut body = String::new();
    for game in [
        "{0,1|2}",
        "{{*|*},*,*3|{*|*},*,*3}",
        "^+^+*",
        "{0|5}",
        "hs\"LRL\" + +-1",
        // Proved by lemmas: each lemma is a paragraph with its own aligned block.
        "{1|-1} + {2|-2}",
    ] {
        body.push_str(&onag(&["simplify", "--format", "latex", game]));
        body.push('\n');
    }
    body.push_str(&onag(&["prove", "--format", "latex", "{0|5}", "1"]));
    body.push_str(&onag(&[
        "simplify",
        "--format",
        "latex",
        "--rules",
        "fundamental",
        "--explain",
        "3",
        "{0|5}",
    ]));
    let doc = format!(
        "\\documentclass{{article}}\n\\usepackage{{amsmath}}\n\\begin{{document}}\n{body}\
         \\end{{document}}\n"
    );
    let dir = std::env::temp_dir().join(format!("onag-latex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::fs::write(dir.join("d.tex"), &doc).expect("write the document");
    let o = Command::new(&tools[0])
        .args(["-interaction=nonstopmode", "-halt-on-error", "d.tex"])
        .current_dir(&dir)
        .output()
        .expect("run pdflatex");
    let log = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "pdflatex failed:\n{log}\n--- document:\n{doc}"
    );
    let pdf = std::fs::metadata(dir.join("d.pdf")).expect("a PDF");
    assert!(pdf.len() > 1000, "an empty PDF");
    assert!(!log.contains("Undefined control sequence"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}
