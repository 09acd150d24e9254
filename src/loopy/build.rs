//! Terms → game graphs: the one reading of CGSuite's loopy notation, on the terms the syntax
//! reader (`crate::syntax`) makes of it. The parser reads `pass` (inside braces only), the
//! named games `on` `off` `over` `under` `upon` `dud` as calls without arguments, a labelled
//! brace `a{0|a}` as `loop("a", {0|a})` with the label inside it a [`Term::Name`], and
//! `A & B` as `sidle(A, B)`; it places the errors of the text (a label used but never
//! defined, a label defined twice, `pass` outside braces). Here each brace becomes a vertex,
//! `pass` an edge back to its own brace, a label's name an edge back to the labelled brace,
//! and any part with nothing loopy in it is handed to the caller's `leaf` (the expression
//! language's evaluator, which knows the functions), so the graph's short parts are the
//! kernel's canonical forms.
//!
//! A labelled brace is a term like any other, so a table of shared terms can hold one whose
//! body refers to its own label: the self-reference is inside the entry.

use super::{Graph, Loopy, Work};
use crate::kernel::KernelError;
use crate::term::{Arg, Term};

/// The call names of the loopy notation, as the parser writes them.
pub const LOOP: &str = "loop";
/// `pass`, an option inside braces.
pub const PASS: &str = "pass";
/// `A & B`.
pub const SIDLE: &str = "sidle";
/// The named loopy games.
pub const CONSTANTS: [&str; 6] = ["on", "off", "over", "under", "upon", "dud"];

/// Functions whose values are loopy games whatever their arguments: a brace holding one of
/// them is a loopy game, built here with the call's value from the caller's `leaf`.
pub const FUNCTIONS: [&str; 4] = ["onside", "offside", "upsum", "downsum"];

/// Most copies `n.G` of a loopy game built as a sum (each copy multiplies the graph).
const MAX_COPIES: u32 = 64;

/// How deep terms may nest here (the parser's own bound is lower).
const DEPTH: usize = 1000;

/// Whether `t` has anything of the loopy notation in it: a named loopy game, `pass`, a
/// labelled brace or a reference to a label (a name no `where` around it defines), or `&`,
/// or a call with such an argument (`{0|tiny(on)}`, `{0|pow(^, on)}`: the call's value may
/// be loopy, so the brace is built as a graph and the call valued by the caller's `leaf`).
pub fn is_loopy(t: &Term) -> bool {
    fn go<'a>(t: &'a Term, bound: &mut Vec<&'a str>, depth: usize) -> bool {
        if depth > DEPTH {
            return false;
        }
        match t {
            Term::Call { name, args } => {
                is_notation_call(name, args)
                    || FUNCTIONS.contains(&name.as_str())
                    || args.iter().any(|a| match a {
                        Arg::Game(g) => go(g, bound, depth + 1),
                        Arg::Text(_) => false,
                    })
            }
            Term::Name(n) => !bound.contains(&n.as_str()),
            Term::Where { body, defs } => {
                let before = bound.len();
                let mut found = false;
                for (n, d) in defs {
                    found = found || go(d, bound, depth + 1);
                    bound.push(n);
                }
                found = found || go(body, bound, depth + 1);
                bound.truncate(before);
                found
            }
            _ => crate::term::children(t)
                .into_iter()
                .any(|c| go(c, bound, depth + 1)),
        }
    }
    go(t, &mut Vec::new(), 0)
}

/// Whether `t` names an entry of a proof's term table (`#n`), which may be a loopy game's
/// graph written through the table: read part by part, the reference by the caller.
fn has_ref(t: &Term) -> bool {
    matches!(t, Term::Ref(_)) || crate::term::children(t).into_iter().any(has_ref)
}

fn is_notation_call(name: &str, args: &[Arg]) -> bool {
    name == LOOP
        || name == SIDLE
        || (args.is_empty() && (name == PASS || CONSTANTS.contains(&name)))
}

/// The named game `name`, if it is one.
pub fn constant(name: &str) -> Option<Loopy> {
    Some(match name {
        "on" => Loopy::on(),
        "off" => Loopy::off(),
        "over" => Loopy::over(),
        "under" => Loopy::under(),
        "dud" => Loopy::dud(),
        "upon" => Loopy::upon(),
        _ => return None,
    })
}

/// The caller's evaluator of the parts with nothing loopy in them (and of calls): their game
/// graph, or an error.
pub type Leaf<'a> = dyn FnMut(&Term) -> Result<Loopy, KernelError> + 'a;

/// The game graph of `t`. Errors name the call they are about (`loop` for a label, `pass`)
/// so a caller holding the text can place them.
pub fn build(t: &Term, leaf: &mut Leaf<'_>, work: &mut Work) -> Result<Loopy, KernelError> {
    let mut b = Builder {
        graph: Graph::with_vertices(0),
        open: Vec::new(),
        labels: Vec::new(),
        leaf,
        work,
        loops: Vec::new(),
    };
    let v = b.node(t, 0)?;
    Ok(Loopy::new(&b.graph, v).unwrap_or_else(Loopy::zero))
}

struct Builder<'a, 'b> {
    graph: Graph,
    /// Vertices of braces being read (innermost last): references into them may not be summed.
    open: Vec<u32>,
    /// Labels in scope: name and vertex.
    labels: Vec<(String, u32)>,
    leaf: &'a mut Leaf<'b>,
    work: &'a mut Work,
    /// The labelled braces being read, innermost last: an error inside one names it, so a
    /// caller holding the text can place it.
    loops: Vec<Term>,
}

fn err(name: &str, message: impl Into<String>, at: &Term) -> KernelError {
    KernelError::Function {
        name: name.to_string(),
        message: message.into(),
        calls: vec![at.clone()],
    }
}

impl Builder<'_, '_> {
    /// Copies a game into the graph, returning the vertex of its root.
    fn place(&mut self, g: &Loopy) -> Result<u32, KernelError> {
        self.work.vertices(self.graph.len() + g.len())?;
        let base = self.graph.len() as u32;
        for v in 0..g.len() as u32 {
            let l = g.graph().left(v).iter().map(|t| t + base).collect();
            let r = g.graph().right(v).iter().map(|t| t + base).collect();
            let nv = self.graph.add_vertex();
            self.graph.set_options(nv, l, r);
        }
        Ok(base + g.root())
    }

    /// The finished game at vertex `v`, or an error when it reaches a brace still open.
    fn finished(&self, v: u32, what: &Term) -> Result<Loopy, KernelError> {
        let reach = self.graph.reachable(v);
        if reach.iter().any(|u| self.open.contains(u)) {
            return Err(err(
                LOOP,
                "a sum, negative or copy may not contain a label whose braces are still being read (write the sum outside them)",
                self.loops.last().unwrap_or(what),
            ));
        }
        Ok(Loopy::new(&self.graph, v).unwrap_or_else(Loopy::zero))
    }

    fn node(&mut self, t: &Term, depth: usize) -> Result<u32, KernelError> {
        if depth > DEPTH {
            return Err(super::limit("terms nested more deeply than 1000 levels"));
        }
        self.work.tick(1)?;
        if !self.mentions_loop(t) {
            let g = (self.leaf)(t)?;
            return self.place(&g);
        }
        match t {
            Term::Call { name, args } if name == LOOP => match &args[..] {
                [Arg::Text(label), Arg::Game(body)] => {
                    let options = braced(body).ok_or_else(|| {
                        err(LOOP, "a label names braces, as in a{0|a}", t)
                    })?;
                    self.loops.push(t.clone());
                    let v = self.braces(options, Some(label), depth);
                    self.loops.pop();
                    v
                }
                _ => Err(err(LOOP, "expected loop(\"label\", {…|…})", t)),
            },
            Term::Call { name, args } if args.is_empty() && name == PASS => Err(err(
                PASS,
                "`pass` stands for a move to the game itself, so it may only be an option inside braces",
                t,
            )),
            Term::Call { name, args } if args.is_empty() && CONSTANTS.contains(&name.as_str()) => {
                let g = constant(name).unwrap_or_else(Loopy::zero);
                self.place(&g)
            }
            Term::Name(n) => match self.labels.iter().rev().find(|(l, _)| l == n) {
                Some(&(_, v)) => Ok(v),
                None => Err(err(
                    LOOP,
                    format!("the label `{n}` is used but never defined (a label names the braces written directly after it, and only inside them)"),
                    self.loops.last().unwrap_or(t),
                )),
            },
            Term::Sum(a, b) => {
                let x = self.node(a, depth + 1)?;
                let y = self.node(b, depth + 1)?;
                let (x, y) = (self.finished(x, t)?, self.finished(y, t)?);
                let s = x.add(&y, self.work)?;
                self.place(&s)
            }
            Term::Neg(a) => {
                let x = self.node(a, depth + 1)?;
                let x = self.finished(x, t)?.neg();
                self.place(&x)
            }
            Term::Multiple { count, game } => {
                let n: i64 = i64::try_from(count.clone()).unwrap_or(i64::MAX);
                if n.unsigned_abs() > u64::from(MAX_COPIES) {
                    return Err(super::limit(&format!(
                        "{MAX_COPIES} copies of a loopy game"
                    )));
                }
                let x = self.node(game, depth + 1)?;
                let mut g = self.finished(x, t)?;
                if n < 0 {
                    g = g.neg();
                }
                let mut acc = Loopy::zero();
                for _ in 0..n.unsigned_abs() {
                    acc = acc.add(&g, self.work)?;
                }
                self.place(&acc)
            }
            Term::PlusMinus(xs) => {
                let v = self.graph.add_vertex();
                let mut left = Vec::new();
                let mut right = Vec::new();
                for x in xs {
                    let o = self.node(x, depth + 1)?;
                    left.push(o);
                    let neg = self.finished(o, t)?.neg();
                    right.push(self.place(&neg)?);
                }
                self.graph.set_options(v, left, right);
                Ok(v)
            }
            Term::Tiny { number, sub } | Term::Miny { number, sub } => {
                // Tiny(G) = {0||0|−G}, Miny(G) = −Tiny(G), plus the number.
                let x = self.node(sub, depth + 1)?;
                let g = self.finished(x, t)?;
                let zero = Loopy::zero();
                let inner = Loopy::from_options(&[&zero], &[&g.neg()], self.work)?;
                let mut tiny = Loopy::from_options(&[&zero], &[&inner], self.work)?;
                if matches!(t, Term::Miny { .. }) {
                    tiny = tiny.neg();
                }
                let n = (self.leaf)(&Term::number(number.clone()))?;
                let s = tiny.add(&n, self.work)?;
                self.place(&s)
            }
            // A proof's reference to a graph written through its table: the caller's.
            Term::Call { .. } | Term::Ref(_) => {
                let g = (self.leaf)(t)?;
                self.place(&g)
            }
            _ => match braced(t) {
                Some(options) => self.braces(options, None, depth),
                None => Err(err(
                    LOOP,
                    format!("`{t}`: this kind of term cannot hold a loopy game"),
                    t,
                )),
            },
        }
    }

    /// Whether `t` has anything loopy in it, or names a label in scope.
    fn mentions_loop(&self, t: &Term) -> bool {
        is_loopy(t) || has_ref(t)
    }

    /// A brace, after an optional label.
    fn braces(
        &mut self,
        (left, right): (Vec<&Term>, Vec<&Term>),
        label: Option<&String>,
        depth: usize,
    ) -> Result<u32, KernelError> {
        let v = self.graph.add_vertex();
        self.open.push(v);
        if let Some(l) = label {
            self.labels.push((l.clone(), v));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                let is_pass =
                    matches!(o, Term::Call { name, args } if name == PASS && args.is_empty());
                sides[s].push(if is_pass { v } else { self.node(o, depth + 1)? });
            }
        }
        if label.is_some() {
            self.labels.pop();
        }
        self.open.pop();
        let [l, r] = sides;
        self.graph.set_options(v, l, r);
        Ok(v)
    }
}

/// The options of a brace as written: `{L|R}`, or the one list `{a,b}` of both players.
fn braced(t: &Term) -> Option<(Vec<&Term>, Vec<&Term>)> {
    if let Some(opts) = crate::term::one_set_options(t) {
        let v: Vec<&Term> = opts.collect();
        return Some((v.clone(), v));
    }
    match t {
        Term::Game { left, right } => Some((left.iter().collect(), right.iter().collect())),
        _ => None,
    }
}
