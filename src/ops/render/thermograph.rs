//! SVG: a thermograph drawn the way the literature draws it (Conway ONAG ch. 9, WW ch. 6):
//! values on the horizontal axis increasing to the **left**, temperature upward, Left's wall
//! on the left in blue, Right's on the right in red, the mast dashed above the point where they
//! meet. Axes are labelled and every breakpoint carries its exact `(t, x)`; coordinates use
//! floating point for layout only, the labels are the exact values.

use crate::number::Dyadic;

const W: f64 = 480.0;
const H: f64 = 360.0;
const MARGIN: f64 = 60.0;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The picture of walls given by their breakpoints from t = −1 to the mast.
pub fn svg(
    left: &[(Dyadic, Dyadic)],
    right: &[(Dyadic, Dyadic)],
    mast: &Dyadic,
    temp: &Dyadic,
) -> String {
    let f = |d: &Dyadic| d.to_f64_lossy();
    let xs: Vec<f64> = left
        .iter()
        .chain(right)
        .map(|p| f(&p.1))
        .chain([f(mast)])
        .collect();
    let mut xmin = xs.iter().cloned().fold(f64::INFINITY, f64::min);
    let mut xmax = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    if xmax - xmin < 1.0 {
        xmin -= 0.5;
        xmax += 0.5;
    }
    let tmin = -1.0;
    let tau = f(temp);
    let tmax = tau + ((tau - tmin) / 3.0).max(0.5);
    let px = |x: f64| MARGIN + (xmax - x) / (xmax - xmin) * (W - 2.0 * MARGIN);
    let py = |t: f64| H - MARGIN - (t - tmin) / (tmax - tmin) * (H - 2.0 * MARGIN);
    let mut out = String::new();
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"monospace\" font-size=\"11\">\n"
    ));
    out.push_str(&format!(
        "<rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>\n"
    ));
    // Axes: t = 0 horizontally, x = 0 vertically when in range; labels.
    let (y0, half) = (py(0.0), MARGIN / 2.0);
    line(&mut out, (half, y0), (W - half, y0), GREY_AXIS);
    text(&mut out, (W - half - 36.0, y0 - 4.0), GREY_TEXT, "t = 0");
    if (xmin..=xmax).contains(&0.0) {
        let x0 = px(0.0);
        line(&mut out, (x0, half), (x0, H - half), " stroke=\"#bbb\"");
    }
    let x_axis = "&#8592; x (value, increasing to the left)";
    text(&mut out, (MARGIN, H - 12.0), GREY_TEXT, x_axis);
    out.push_str(&format!(
        "<text x=\"8\" y=\"{:.1}\" fill=\"#444\">t &#8593;</text>\n",
        MARGIN / 2.0
    ));
    let wall = |pts: &[(Dyadic, Dyadic)], colour: &str, out: &mut String| {
        let path: Vec<String> = pts
            .iter()
            .map(|(t, x)| format!("{:.1},{:.1}", px(f(x)), py(f(t))))
            .chain([format!("{:.1},{:.1}", px(f(mast)), py(tau))])
            .collect();
        out.push_str(&format!(
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\"/>\n",
            path.join(" ")
        ));
    };
    wall(right, "#d8281f", &mut out);
    wall(left, "#1f4fd8", &mut out);
    let m = px(f(mast));
    line(
        &mut out,
        (m, py(tau)),
        (m, py(tmax)),
        " stroke=\"#333\" stroke-width=\"2\" stroke-dasharray=\"6,4\"",
    );
    // Breakpoints with exact labels, each point once.
    let mut labelled: Vec<(Dyadic, Dyadic)> = Vec::new();
    for (t, x) in left.iter().chain(right) {
        if labelled.contains(&(t.clone(), x.clone())) {
            continue;
        }
        labelled.push((t.clone(), x.clone()));
        let (cx, cy) = (px(f(x)), py(f(t)));
        out.push_str(&format!(
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"3\" fill=\"#222\"/>\n"
        ));
        let point = format!("({}, {})", escape(&t.to_string()), escape(&x.to_string()));
        text(&mut out, (cx + 4.0, cy - 4.0), "", &point);
    }
    let mast_label = format!(
        "mast {} at t = {}",
        escape(&mast.to_string()),
        escape(&temp.to_string())
    );
    text(&mut out, (m + 6.0, py(tmax) + 12.0), "", &mast_label);
    out.push_str("</svg>\n");
    out
}

/// The axis's stroke and the labels' fill: the grey that keeps them behind the walls.
const GREY_AXIS: &str = " stroke=\"#888\"";
const GREY_TEXT: &str = " fill=\"#444\"";

/// A line from one point to another; `style` its stroke attributes, each after a space.
fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &str) {
    out.push_str(&format!(
        "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\"{style}/>\n"
    ));
}

/// `body` (already escaped) written at a point; `attrs` more attributes, each after a space.
fn text(out: &mut String, (x, y): (f64, f64), attrs: &str, body: &str) {
    out.push_str(&format!(
        "<text x=\"{x:.1}\" y=\"{y:.1}\"{attrs}>{body}</text>\n"
    ));
}
