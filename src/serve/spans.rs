//! Where each subterm of a printed term sits in its text, for the page to mark the part a step
//! changed and to draw the term's tree (a sum as a node with its two parts).
//!
//! The page shows a proof's terms exactly as the proof prints them, and a subterm is not always
//! printed as it would be alone: `{{2|0}|3}` is written `{2|0||3}`, so its Left option is the
//! text `2|0`. Finding a subterm's text by searching for its own printing therefore marks the
//! wrong place or none; this writer follows the printer's one-line rules for the terms a proof
//! is made of (games, closed forms, `#n`, sums, negations) and records each node's span as it
//! writes. Anything else is written whole by the printer, as one leaf. The text written is
//! compared with the printer's own: when they differ (the printer changed), there are no spans
//! rather than wrong ones.

use crate::term::{Arg, Term};

/// CGSuite's `maxSlashes`, as the printer uses it: a lone subgame that would push the count of
/// bars past this is braced.
const MAX_SLASHES: usize = 4;

/// The most nodes a term may have for its spans to be worked out: the page draws no larger
/// tree, and the text of a larger term is marked by its step's position alone.
pub const MAX_NODES: usize = 4000;

/// A node of a printed term: its span in the text (byte offsets, end exclusive) and its
/// children, each with the path element that leads to it (`L0`, `R1`, `sum.0`, `sum.1`,
/// `neg`), as proof steps name positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// What the node is: `game`, `sum`, `neg` or `leaf`.
    pub kind: &'static str,
    /// Where its text starts.
    pub start: usize,
    /// Where its text ends.
    pub end: usize,
    /// Its children, with the path element of each.
    pub children: Vec<(String, Node)>,
}

impl Node {
    fn shift(&mut self, by: usize) {
        self.start += by;
        self.end += by;
        for (_, c) in &mut self.children {
            c.shift(by);
        }
    }

    /// The node at `path` (elements as [`Node::children`] name them), or the deepest node on
    /// the way when the path goes inside a leaf (a `#n`, say).
    pub fn at<'a>(&'a self, path: &[String]) -> (&'a Node, usize) {
        let mut node = self;
        for (depth, e) in path.iter().enumerate() {
            match node.children.iter().find(|(k, _)| k == e) {
                Some((_, c)) => node = c,
                None => return (node, depth),
            }
        }
        (node, path.len())
    }
}

/// The term's text as the printer writes it, and its tree of spans; `None` when the term has
/// more than [`MAX_NODES`] nodes or this writer's text is not the printer's.
pub fn spans(t: &Term, braces: bool) -> Option<(String, Node)> {
    let mut w = Writer {
        budget: MAX_NODES,
        braces,
    };
    let (text, node) = expr(t, &mut w)?;
    let printed = crate::syntax::print(
        t,
        &crate::syntax::PrintOptions {
            braces,
            ..Default::default()
        },
    );
    (text == printed).then_some((text, node))
}

/// How the text is being written: the nodes left to spend, and whether each option that is a
/// game is braced (`PrintOptions::braces`) rather than written in slash notation.
struct Writer {
    budget: usize,
    braces: bool,
}

fn spend(w: &mut Writer) -> Option<()> {
    w.budget = w.budget.checked_sub(1)?;
    Some(())
}

/// Appends `part` (with its spans counted from 0) to `out`, returning its node shifted.
fn append(out: &mut String, (text, mut node): (String, Node)) -> Node {
    node.shift(out.len());
    out.push_str(&text);
    node
}

/// `text` as one node of `kind` spanning all of it, over `children` (placed in it already).
fn whole(
    kind: &'static str,
    text: String,
    children: Vec<(String, Node)>,
) -> Option<(String, Node)> {
    let end = text.len();
    let node = Node {
        kind,
        start: 0,
        end,
        children,
    };
    Some((text, node))
}

/// `(t)`: the node is t's, inside the parentheses.
fn parenthesised(t: &Term, w: &mut Writer) -> Option<(String, Node)> {
    let mut out = String::from("(");
    let node = append(&mut out, expr(t, w)?);
    out.push(')');
    Some((out, node))
}

fn leaf(t: &Term, w: &mut Writer) -> Option<(String, Node)> {
    spend(w)?;
    whole("leaf", t.to_string(), Vec::new())
}

/// A term at the loosest level: a sum unparenthesised.
fn expr(t: &Term, w: &mut Writer) -> Option<(String, Node)> {
    if let Some([a, b]) = sided(t) {
        // `A & B`, each side parenthesised only when it is itself `&`.
        spend(w)?;
        let mut out = String::new();
        let na = append(&mut out, part(a, w)?);
        out.push_str(" & ");
        let nb = append(&mut out, part(b, w)?);
        return whole("sided", out, vec![("arg0".into(), na), ("arg1".into(), nb)]);
    }
    let Term::Sum(a, b) = t else {
        return unary(t, w);
    };
    spend(w)?;
    let mut out = String::new();
    let na = append(&mut out, part(a, w)?);
    out.push(' ');
    let nb = match &**b {
        Term::Neg(x) => {
            spend(w)?;
            let start = out.len();
            out.push_str("- ");
            let nx = append(&mut out, unary(x, w)?);
            Node {
                kind: "neg",
                start,
                end: out.len(),
                children: vec![("neg".into(), nx)],
            }
        }
        _ => {
            out.push_str("+ ");
            append(&mut out, unary(b, w)?)
        }
    };
    whole("sum", out, vec![("sum.0".into(), na), ("sum.1".into(), nb)])
}

/// The two sides of `A & B` (`sidle(A, B)`), as the printer writes it with `&`.
fn sided(t: &Term) -> Option<[&Term; 2]> {
    match t {
        Term::Call { name, args } if name == "sidle" => match &args[..] {
            [Arg::Game(a), Arg::Game(b)] => Some([a, b]),
            _ => None,
        },
        _ => None,
    }
}

/// Where the printer reads a part: `A & B` parenthesised.
fn part(t: &Term, w: &mut Writer) -> Option<(String, Node)> {
    if sided(t).is_some() {
        return parenthesised(t, w);
    }
    expr(t, w)
}

fn unary(t: &Term, w: &mut Writer) -> Option<(String, Node)> {
    match t {
        Term::Call { .. } if sided(t).is_some() => parenthesised(t, w),
        // A labelled brace `a{…}`: a step's place goes from it straight to the braces'
        // options, so it is the braces' node, its span taking in the label.
        Term::Call { name, args } if name == "loop" => match &args[..] {
            [Arg::Text(label), Arg::Game(body @ Term::Game { .. })] => {
                let mut out = label.clone();
                let mut node = append(&mut out, unary(body, w)?);
                node.start = 0;
                Some((out, node))
            }
            _ => leaf(t, w),
        },
        // `onside(G)`, `offside(G)`: the game is the call's `arg0`.
        Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
            [Arg::Game(x)] => {
                spend(w)?;
                let mut out = format!("{name}(");
                let nx = append(&mut out, part(x, w)?);
                out.push(')');
                whole("call", out, vec![("arg0".into(), nx)])
            }
            _ => leaf(t, w),
        },
        Term::Sum(..) => parenthesised(t, w),
        Term::Game { left, right } => {
            spend(w)?;
            let mut out = String::from("{");
            let (body, _, mut children) = slashes(left, right, w)?;
            for (_, c) in &mut children {
                c.shift(1);
            }
            out.push_str(&body);
            out.push('}');
            whole("game", out, children)
        }
        Term::Neg(x) => {
            spend(w)?;
            let mut out = String::from("-");
            let inner = if matches!(**x, Term::Sum(..)) || leads_with_number(x) {
                append(&mut out, parenthesised(x, w)?)
            } else {
                append(&mut out, unary(x, w)?)
            };
            whole("neg", out, vec![("neg".into(), inner)])
        }
        _ => leaf(t, w),
    }
}

/// Whether the printed term starts with a digit or a minus sign (the printer's `lead`), after
/// which a negation needs parentheses.
fn leads_with_number(t: &Term) -> bool {
    use num_traits::Zero;
    match t {
        Term::Nus { number, up, nim } => !number.is_zero() || (up.is_zero() && nim.is_zero()),
        Term::Tiny { number, .. } | Term::Miny { number, .. } => !number.is_zero(),
        Term::Multiple { .. } => true,
        Term::Sum(a, _) => leads_with_number(a),
        _ => false,
    }
}

/// The inside of braces in slash notation, the number of bars it used, and the options' nodes
/// with their path elements.
type Slashes = (String, usize, Vec<(String, Node)>);

/// [`Slashes`] of the options `left` and `right`.
fn slashes(left: &[Term], right: &[Term], w: &mut Writer) -> Option<Slashes> {
    let braces = w.braces;
    let mut side = |opts: &[Term], who: char| -> Option<Slashes> {
        if let [Term::Game { left: l, right: r }] = opts {
            if !braces && !l.is_empty() && !r.is_empty() {
                spend(w)?;
                let (d, c, mut kids) = slashes(l, r, w)?;
                // A lone subgame is written without its braces unless that would make too many
                // bars; its node spans what is written.
                let (text, shift) = if c < MAX_SLASHES {
                    (d, 0)
                } else {
                    (format!("{{{d}}}"), 1)
                };
                for (_, k) in &mut kids {
                    k.shift(shift);
                }
                let (text, node) = whole("game", text, kids)?;
                let bars = if shift == 0 { c } else { 0 };
                return Some((text, bars, vec![(format!("{who}0"), node)]));
            }
        }
        let mut s = String::new();
        let mut nodes = Vec::new();
        for (k, x) in opts.iter().enumerate() {
            if k > 0 {
                s.push(',');
            }
            let n = append(&mut s, expr(x, w)?);
            nodes.push((format!("{who}{k}"), n));
        }
        Some((s, 0, nodes))
    };
    let (mut l, cl, mut children) = side(left, 'L')?;
    let (r, cr, mut right_nodes) = side(right, 'R')?;
    let bars = cl.max(cr) + 1;
    l.extend(std::iter::repeat_n('|', bars));
    // The Right options' nodes were counted from the start of their side.
    let offset = l.len();
    for (_, n) in &mut right_nodes {
        n.shift(offset);
    }
    children.append(&mut right_nodes);
    l.push_str(&r);
    Some((l, bars, children))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_at(src: &str, path: &[&str]) -> String {
        text_in(src, path, false)
    }

    fn text_in(src: &str, path: &[&str], braces: bool) -> String {
        let t = crate::syntax::parse_with_refs(src).unwrap();
        let (text, node) = spans(&t, braces).unwrap();
        let path: Vec<String> = path.iter().map(|s| s.to_string()).collect();
        let (n, depth) = node.at(&path);
        assert_eq!(depth, path.len(), "{src} {path:?}");
        text[n.start..n.end].to_string()
    }

    #[test]
    fn spans_follow_the_printers_slash_notation() {
        // {{2|0}|3} is written {2|0||3}: its Left option is `2|0`, that option's Right is `0`.
        assert_eq!(text_at("{{2|0}|3}", &["L0"]), "2|0");
        assert_eq!(text_at("{{2|0}|3}", &["L0", "R0"]), "0");
        assert_eq!(text_at("{{2|0}|3}", &["R0"]), "3");
        assert_eq!(text_at("{0||0|0}", &["R0"]), "0|0");
        assert_eq!(text_at("{0,1|{2|3},4}", &["R0"]), "{2|3}");
        assert_eq!(text_at("{0,1|{2|3},4}", &["R1"]), "4");
        assert_eq!(text_at("{0,1|{2|3},4}", &["L1"]), "1");
    }

    #[test]
    fn spans_follow_nested_braces() {
        // With braces every option that is a game is written whole: {{2|0}|3}.
        assert_eq!(text_in("{2|0||3}", &["L0"], true), "{2|0}");
        assert_eq!(text_in("{2|0||3}", &["L0", "R0"], true), "0");
        assert_eq!(text_in("{1||0|-5}", &["R0"], true), "{0|-5}");
        assert_eq!(text_in("{||{|}|-5}", &["R0", "L0"], true), "{|}");
    }

    #[test]
    fn sums_and_negations_have_their_parts() {
        assert_eq!(text_at("{0|5} + {1,0|}", &["sum.1"]), "{1,0|}");
        assert_eq!(text_at("{0|5} + {1,0|}", &["sum.1", "L1"]), "0");
        assert_eq!(text_at("{0|5} - {1|}", &["sum.1"]), "- {1|}");
        assert_eq!(text_at("{0|5} - {1|}", &["sum.1", "neg"]), "{1|}");
        assert_eq!(text_at("-(1 + *)", &["neg", "sum.1"]), "*");
        assert_eq!(text_at("{#3|-2}", &["L0"]), "#3");
    }

    #[test]
    fn loopy_terms_have_their_parts() {
        // A side deletion's place, as `a{0|{a|-1}}`'s derivation names it: the offside's game,
        // through its label, to the braces' Right option.
        let src = "onside(a{0|{a|-1}}) & offside(b{0|{b|-1}})";
        assert_eq!(text_in(src, &["arg1"], true), "offside(b{0|{b|-1}})");
        assert_eq!(text_in(src, &["arg1", "arg0"], true), "b{0|{b|-1}}");
        assert_eq!(text_in(src, &["arg1", "arg0", "R0"], true), "{b|-1}");
        assert_eq!(text_in(src, &["arg0", "arg0", "L0"], true), "0");
        assert_eq!(text_at(src, &["arg0", "arg0", "R0"]), "a|-1");
        // `&` inside a sum is parenthesised, its parts still found.
        assert_eq!(text_at("(on & off) + 1", &["sum.0", "arg1"]), "off");
        assert_eq!(text_at("1 + (on & off)", &["sum.1", "arg0"]), "on");
    }

    #[test]
    fn the_text_is_the_printers() {
        for src in [
            "{{{{{1|0}|0}|0}|0}|0}",
            "{3|{2*|1*}}",
            "+-{1,2} + {0|^*}",
            "-(-{0|1})",
            "{1/2v2*3|-5}",
        ] {
            let t = crate::syntax::parse(src).unwrap();
            let (text, _) = spans(&t, false).unwrap();
            assert_eq!(text, t.to_string());
            let braces = crate::syntax::PrintOptions {
                braces: true,
                ..Default::default()
            };
            let (text, _) = spans(&t, true).unwrap();
            assert_eq!(text, crate::syntax::print(&t, &braces));
        }
    }
}
