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
use crate::number::Dyadic;
use crate::term::{Arg, Term};
use num_traits::Zero;

/// The text of `g` (meant for canonical stoppers, correct for any graph: it reads back to a
/// graph with the same unfolding).
pub fn write(g: &Loopy, kernel: &mut Kernel, work: &mut Work) -> Result<String, KernelError> {
    Ok(write_term(g, kernel, work)?.to_string())
}

/// The term [`write()`] prints.
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
    let short = super::translate::short_parts(g, kernel, work)?;
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
        // `pass` last among the options, where CGSuite writes it (`{0||0|-2,pass}`).
        for os in [self.g.graph().left(v), self.g.graph().right(v)] {
            let mut parts = Vec::new();
            for &t in os {
                if t != v {
                    parts.push(self.vertex(t)?);
                }
            }
            if os.contains(&v) {
                parts.push(call(PASS));
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
            }
            ([a], [b]) if *a == v => {
                if let Some(x) = self.number(*b) {
                    return Ok(Some(plus(x, call("under"))));
                }
            }
            _ => {}
        }
        if let Some(t) = self.upon_text(v) {
            return Ok(Some(t));
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
            }
        }
        self.plus_minus(v)
    }

    /// `+-G` `{G|-G}`, and CGSuite's `+-{G,H}` `{G,H|-G,-H}`: each Right option the negative
    /// of a Left option, one to one, none of them leading back to a vertex being written.
    fn plus_minus(&mut self, v: u32) -> Result<Option<Term>, KernelError> {
        let graph = self.g.graph();
        let (l, r) = (graph.left(v).to_vec(), graph.right(v).to_vec());
        if l.is_empty() || l.len() != r.len() || l.iter().chain(&r).any(|&u| u == v) {
            return Ok(None);
        }
        if !l.iter().chain(&r).all(|&u| self.apart(u)) {
            return Ok(None);
        }
        let mut unmatched = r.clone();
        for &a in &l {
            let fa = self.g.follower(a).unwrap_or_else(Loopy::zero);
            if !fa.is_stopper() {
                return Ok(None);
            }
            let mut found = None;
            for (i, &b) in unmatched.iter().enumerate() {
                let fb = self.g.follower(b).unwrap_or_else(Loopy::zero);
                if fb.is_stopper()
                    && super::order::compare(&fa, &fb.neg(), self.work)?
                        == crate::kernel::Relation::Equal
                {
                    found = Some(i);
                    break;
                }
            }
            match found {
                Some(i) => {
                    unmatched.swap_remove(i);
                }
                None => return Ok(None),
            }
        }
        let mut gs = Vec::with_capacity(l.len());
        for a in l {
            gs.push(self.alone(a, false)?);
        }
        Ok(Some(Term::PlusMinus(gs)))
    }

    /// The short game at `u` (negated when `neg`) as x + ∗n, a number plus a nimber.
    fn number_nimber(&mut self, u: u32, neg: bool) -> Option<(Dyadic, u64)> {
        let mut id = self.short[u as usize]?;
        if neg {
            id = self.kernel.neg(id);
        }
        let (x, up, nim) = self.kernel.as_nus(id)?;
        if !up.is_zero() {
            return None;
        }
        Some((x, nim.to_u64()?))
    }

    /// CGSuite's upon forms of the vertex `v`, read with Left and Right swapped when `neg`
    /// (so of −v): `(uponth?, x, n)` for `x^[on]*n` or `x^<on>*n`. Upon: one Right option x∗m
    /// and as Left options `pass` alone (m ≠ 0) or `pass` and x (m = 0), with n = m xor 1
    /// (so `{pass|*}` is `^[on]`, `{pass,0|0}` is `^[on]*`). Uponth: one Right option whose
    /// negative is the upon `p^[on]*m`, and as Left options −p, −p∗1, …, −p∗(m xor 1); it is
    /// `(−p)^<on>*(m xor 1)` (so `{0||0|0,pass}` is `^<on>`).
    fn upon_form(&mut self, v: u32, neg: bool, uponth: bool) -> Option<(bool, Dyadic, u64)> {
        let graph = self.g.graph();
        let (lo, ro) = if neg {
            (graph.right(v).to_vec(), graph.left(v).to_vec())
        } else {
            (graph.left(v).to_vec(), graph.right(v).to_vec())
        };
        let &[r] = ro.as_slice() else {
            return None;
        };
        if r != v && lo.len() <= 2 {
            if let Some((x, m)) = self.number_nimber(r, neg) {
                let fits = if m == 0 {
                    lo.len() == 2
                        && lo.contains(&v)
                        && lo
                            .iter()
                            .any(|&u| u != v && self.number_nimber(u, neg) == Some((x.clone(), 0)))
                } else {
                    lo == [v]
                };
                if fits {
                    return Some((false, x, m ^ 1));
                }
            }
        }
        if !uponth || r == v || lo.contains(&v) {
            return None;
        }
        let (false, p, m) = self.upon_form(r, !neg, false)? else {
            return None;
        };
        let top = m ^ 1;
        if lo.len() as u64 != top + 1 {
            return None;
        }
        let mut seen = vec![false; lo.len()];
        for &u in &lo {
            let (y, k) = self.number_nimber(u, neg)?;
            if y != -p.clone() || k > top || std::mem::replace(&mut seen[k as usize], true) {
                return None;
            }
        }
        Some((true, -p, top))
    }

    /// The text of an upon form (`^[on]`, `-1/4v[on]`, `^<on>*`, `v[on]*3`): a name, so the
    /// syntax printer writes it as it is; the reader reads it back (`crate::syntax`).
    fn upon_text(&mut self, v: u32) -> Option<Term> {
        let (down, (uponth, x, n)) = match self.upon_form(v, false, true) {
            Some(f) => (false, f),
            None => {
                let (u, x, n) = self.upon_form(v, true, true)?;
                (true, (u, -x, n))
            }
        };
        let mut s = String::new();
        if !x.is_zero() {
            s.push_str(&x.to_string());
        }
        s.push(if down { 'v' } else { '^' });
        s.push_str(if uponth { "<on>" } else { "[on]" });
        if n >= 1 {
            s.push('*');
        }
        if n >= 2 {
            s.push_str(&n.to_string());
        }
        Some(Term::Name(s))
    }
}

/// Labels `a`…`z`, then `aa`, `ab`, … (letters only: the reader's names are letters), never
/// `v`-runs (read as downs) nor a named game or keyword.
pub(crate) fn label_name(i: usize) -> String {
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
