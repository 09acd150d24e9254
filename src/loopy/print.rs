//! Canonical stoppers written as CGSuite writes loopy games: the named constants `on`, `off`,
//! `over`, `under` and `dud`, `pass` for a move to the vertex itself, and a label before the
//! brace of a vertex that a follower moves back to (`a{0|{*|a}}`). A vertex that reaches no
//! cycle is a short game, written as the kernel writes it. Each occurrence of a labelled
//! vertex gets a fresh label, so no label is defined twice in one text.

use super::{Loopy, Work};
use crate::kernel::{GameId, Kernel, KernelError};

/// The text of `g` (meant for canonical stoppers, correct for any graph: it reads back to a
/// graph with the same unfolding).
pub fn write(g: &Loopy, kernel: &mut Kernel, work: &mut Work) -> Result<String, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    // Short vertices: those all of whose options are short, as a least fixed point.
    let mut short: Vec<Option<GameId>> = vec![None; n];
    loop {
        let mut changed = false;
        for v in 0..n as u32 {
            if short[v as usize].is_some() {
                continue;
            }
            let vals = |os: &[u32]| -> Option<Vec<GameId>> {
                os.iter().map(|&t| short[t as usize]).collect()
            };
            if let (Some(l), Some(r)) = (vals(graph.left(v)), vals(graph.right(v))) {
                work.tick(1)?;
                short[v as usize] = Some(kernel.from_options(&l, &r)?);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut p = Printer {
        g,
        short,
        stack: Vec::new(),
        labels: 0,
        kernel,
        work,
    };
    p.vertex(g.root())
}

struct Printer<'a> {
    g: &'a Loopy,
    short: Vec<Option<GameId>>,
    /// The vertices being written, outermost first, each with its label once one is needed.
    stack: Vec<(u32, Option<String>)>,
    labels: usize,
    kernel: &'a mut Kernel,
    work: &'a mut Work,
}

/// The name of a one- or two-vertex constant, if `v` is one.
fn constant(g: &Loopy, v: u32, short: &[Option<GameId>], zero: GameId) -> Option<&'static str> {
    let graph = g.graph();
    let (l, r) = (graph.left(v), graph.right(v));
    let is_zero = |t: u32| short.get(t as usize).copied().flatten() == Some(zero);
    match (l, r) {
        ([a], []) if *a == v => Some("on"),
        ([], [b]) if *b == v => Some("off"),
        ([a], [b]) if *a == v && *b == v => Some("dud"),
        ([a], [b]) if *b == v && is_zero(*a) => Some("over"),
        ([a], [b]) if *a == v && is_zero(*b) => Some("under"),
        _ => None,
    }
}

impl Printer<'_> {
    fn vertex(&mut self, v: u32) -> Result<String, KernelError> {
        self.work.tick(1)?;
        if let Some(id) = self.short[v as usize] {
            return Ok(self.kernel.to_term(id).to_string());
        }
        if let Some(name) = constant(self.g, v, &self.short, self.kernel.zero()) {
            return Ok(name.to_string());
        }
        if let Some(k) = self.stack.iter().position(|(u, _)| *u == v) {
            let label = match &self.stack[k].1 {
                Some(l) => l.clone(),
                None => {
                    let l = label_name(self.labels);
                    self.labels += 1;
                    self.stack[k].1 = Some(l.clone());
                    l
                }
            };
            return Ok(label);
        }
        self.stack.push((v, None));
        let mut sides = Vec::new();
        for os in [self.g.graph().left(v), self.g.graph().right(v)] {
            let mut parts = Vec::new();
            for &t in os {
                parts.push(if t == v {
                    "pass".to_string()
                } else {
                    self.vertex(t)?
                });
            }
            sides.push(parts.join(","));
        }
        let label = self.stack.pop().and_then(|(_, l)| l).unwrap_or_default();
        Ok(format!("{label}{{{}|{}}}", sides[0], sides[1]))
    }
}

/// Labels `a`…`z`, then `a1`…`z1`, and so on.
fn label_name(i: usize) -> String {
    let letter = (b'a' + (i % 26) as u8) as char;
    match i / 26 {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}
