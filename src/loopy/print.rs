//! Canonical stoppers written as CGSuite writes loopy games: the named constants `on`, `off`,
//! `over`, `under` and `dud`, `pass` for a move to the vertex itself, a label before the
//! brace of a vertex that a follower moves back to (`a{0||*|a}`), and CGSuite's shorter forms
//! (`5over`, `3/2under`, `^[on]`, `-1/4v[on]`, `+-over`, `Tiny(on)`). A vertex that reaches no
//! cycle is a short game, written as the kernel writes it. The text is built as a term of the
//! syntax (`crate::syntax`) and printed by its printer, so braces take CGSuite's slashes and
//! the text reads back through the one reader. Each occurrence of a labelled vertex gets a
//! fresh label, so no label is defined twice in one text.

use super::build::{LOOP, PASS};
use super::{Loopy, Work};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::{Arg, Term};

/// The text of `g` (meant for canonical stoppers, correct for any graph: it reads back to a
/// graph with the same unfolding).
pub fn write(g: &Loopy, kernel: &mut Kernel, work: &mut Work) -> Result<String, KernelError> {
    Ok(write_term(g, kernel, work)?.to_string())
}

/// The term [`write`] prints.
pub fn write_term(g: &Loopy, kernel: &mut Kernel, work: &mut Work) -> Result<Term, KernelError> {
    write_labelled(g, kernel, work, &mut 0)
}

/// [`write_term`], its labels numbered from `labels` on (and the count left there), so a part
/// written on its own inside another text defines no label the text defines.
fn write_labelled(
    g: &Loopy,
    kernel: &mut Kernel,
    work: &mut Work,
    labels: &mut usize,
) -> Result<Term, KernelError> {
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
        labels: *labels,
        kernel,
        work,
    };
    let t = p.vertex(g.root());
    *labels = p.labels;
    t
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

fn call(name: &str) -> Term {
    Term::Call {
        name: name.to_string(),
        args: Vec::new(),
    }
}

impl Printer<'_> {
    fn vertex(&mut self, v: u32) -> Result<Term, KernelError> {
        self.work.tick(1)?;
        if let Some(id) = self.short[v as usize] {
            return Ok(self.kernel.to_term(id));
        }
        if let Some(name) = constant(self.g, v, &self.short, self.kernel.zero()) {
            return Ok(call(name));
        }
        if let Some(t) = self.sugar(v)? {
            return Ok(t);
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
            return Ok(Term::Name(label));
        }
        self.stack.push((v, None));
        let mut sides = Vec::new();
        for os in [self.g.graph().left(v), self.g.graph().right(v)] {
            let mut parts = Vec::new();
            for &t in os {
                parts.push(if t == v { call(PASS) } else { self.vertex(t)? });
            }
            sides.push(parts);
        }
        let right = sides.pop().unwrap_or_default();
        let left = sides.pop().unwrap_or_default();
        let game = Term::game(left, right);
        Ok(match self.stack.pop().and_then(|(_, l)| l) {
            Some(label) => Term::Call {
                name: LOOP.to_string(),
                args: vec![Arg::Text(label), Arg::Game(game)],
            },
            None => game,
        })
    }
}

impl Printer<'_> {
    /// The number a vertex is, if it is a short number.
    fn number(&self, v: u32) -> Option<crate::number::Dyadic> {
        self.short[v as usize].and_then(|id| self.kernel.as_number(id))
    }

    /// Whether the follower at `v` reaches none of the vertices being written (so it may be
    /// written on its own, without their labels).
    fn apart(&self, v: u32) -> bool {
        self.g
            .graph()
            .reachable(v)
            .iter()
            .all(|u| !self.stack.iter().any(|(w, _)| w == u))
    }

    /// A follower written on its own (negated when asked).
    fn alone(&mut self, v: u32, negate: bool) -> Result<Term, KernelError> {
        let mut f = self.g.follower(v).unwrap_or_else(Loopy::zero);
        if negate {
            f = f.neg();
        }
        write_labelled(&f, self.kernel, self.work, &mut self.labels)
    }

    /// CGSuite's shorter forms: `x over` `{x|pass}` and `x under` `{pass|x}` for a number x
    /// (`5over`, `-3/2under`), `x^[on]` `{pass|x*}` and `xv[on]` `{x*|pass}` (upon and its
    /// negative plus x), `+-G` `{G|-G}`, `Tiny(G)` `{0||0|-G}` and `Miny(G)` `{G|0||0}`.
    fn sugar(&mut self, v: u32) -> Result<Option<Term>, KernelError> {
        let graph = self.g.graph();
        let (l, r) = (graph.left(v).to_vec(), graph.right(v).to_vec());
        let plus = |x: crate::number::Dyadic, t: Term| {
            if x.is_zero() {
                t
            } else {
                Term::sum(Term::number(x), t)
            }
        };
        match (&l[..], &r[..]) {
            ([a], [b]) if *b == v => {
                if let Some(x) = self.number(*a) {
                    return Ok(Some(plus(x, call("over"))));
                }
                if let Some(x) = self.star_number(*a) {
                    return Ok(Some(plus(x, Term::neg(call("upon")))));
                }
            }
            ([a], [b]) if *a == v => {
                if let Some(x) = self.number(*b) {
                    return Ok(Some(plus(x, call("under"))));
                }
                if let Some(x) = self.star_number(*b) {
                    return Ok(Some(plus(x, call("upon"))));
                }
            }
            _ => {}
        }
        if let ([a], [b]) = (&l[..], &r[..]) {
            let (a, b) = (*a, *b);
            if a != v && b != v && self.apart(a) && self.apart(b) {
                // Tiny(G) = {0||0|-G}: a is 0, b = {0|-G}; as CGSuite, only for a plumtree
                // with G ≥ over (its `isNumberTiny`).
                let zero = |p: &Self, u: u32| p.number(u).is_some_and(|x| x.is_zero());
                let plumtree =
                    super::props::is_plumtree(&self.g.follower(v).unwrap_or_else(Loopy::zero));
                let at_least_over = |p: &mut Self, u: u32, negate: bool| {
                    let mut f = p.g.follower(u).unwrap_or_else(Loopy::zero);
                    if negate {
                        f = f.neg();
                    }
                    f.is_stopper()
                        && matches!(
                            super::order::compare(&f, &Loopy::over(), p.work),
                            Ok(crate::kernel::Relation::Greater | crate::kernel::Relation::Equal)
                        )
                };
                if plumtree && zero(self, a) && self.short[b as usize].is_none() {
                    if let ([c], [d]) = (graph.left(b), graph.right(b)) {
                        let (c, d) = (*c, *d);
                        if zero(self, c) && at_least_over(self, d, true) {
                            let g = self.alone(d, true)?;
                            return Ok(Some(Term::Tiny {
                                number: crate::number::Dyadic::zero(),
                                sub: Box::new(g),
                            }));
                        }
                    }
                }
                if plumtree && zero(self, b) && self.short[a as usize].is_none() {
                    if let ([c], [d]) = (graph.left(a), graph.right(a)) {
                        let (c, d) = (*c, *d);
                        if zero(self, d) && at_least_over(self, c, false) {
                            let g = self.alone(c, false)?;
                            return Ok(Some(Term::Miny {
                                number: crate::number::Dyadic::zero(),
                                sub: Box::new(g),
                            }));
                        }
                    }
                }
                // ±G: b is −a.
                let fa = self.g.follower(a).unwrap_or_else(Loopy::zero);
                let fb = self.g.follower(b).unwrap_or_else(Loopy::zero);
                if fa.is_stopper()
                    && fb.is_stopper()
                    && super::order::compare(&fa, &fb.neg(), self.work)?
                        == crate::kernel::Relation::Equal
                {
                    let g = self.alone(a, false)?;
                    return Ok(Some(Term::PlusMinus(vec![g])));
                }
            }
        }
        Ok(None)
    }

    /// x when the vertex is the short game x + ∗ for a number x.
    fn star_number(&mut self, v: u32) -> Option<crate::number::Dyadic> {
        let id = self.short[v as usize]?;
        let star = self.kernel.nus(
            &crate::number::Dyadic::zero(),
            &num_bigint::BigInt::default(),
            &crate::number::Nimber::from(1u64),
        );
        let x = self.kernel.add(id, star).ok()?;
        self.kernel.as_number(x)
    }
}

/// Labels `a`…`z`, then `aa`, `ab`, … (letters only: the reader's names are letters), never
/// `v`-runs (read as downs) nor a named game or keyword.
fn label_name(i: usize) -> String {
    let mut k = 0;
    let mut n = 0;
    loop {
        let mut s = String::new();
        let mut x = n;
        loop {
            s.insert(0, (b'a' + (x % 26) as u8) as char);
            x /= 26;
            if x == 0 {
                break;
            }
            x -= 1;
        }
        n += 1;
        let reserved = s.bytes().all(|b| b == b'v')
            || matches!(
                s.as_str(),
                "on" | "off" | "over" | "under" | "upon" | "dud" | "pass" | "hs" | "w" | "x"
            );
        if reserved {
            continue;
        }
        if k == i {
            return s;
        }
        k += 1;
    }
}
