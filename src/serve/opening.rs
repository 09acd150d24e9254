//! Which option of a misère opening each move gives (`"moves"` of `POST /api/step` for a
//! `misere-opening` step). A normal-play opening writes each option as the call of the
//! position a move leaves (`octal("0.77", 3)`), so a move is matched to its option by the
//! term; a misère opening writes the whole game tree out instead (`{*2,#0,#1|*2,#0,#1}`, each
//! distinct position once), so here a move is matched by game trees: the position it leaves,
//! played out by the ruleset's own opening (`functions::misere::open_position`), is the same
//! tree as the option it gives. Impartial trees only, compared as identical forms (options as
//! sets), within [`MAX_NODES`] distinct trees: past that, no option is named.

use crate::kernel::Kernel;
use crate::term::Term;
use std::collections::HashMap;

/// The most distinct game trees built for one step (a reader's position has far fewer).
pub const MAX_NODES: usize = 20_000;

/// The most positions opened one inside another.
const MAX_DEPTH: usize = 400;

/// Impartial game trees, each interned as the sorted set of its options' ids.
pub struct Trees<'a> {
    k: &'a mut Kernel,
    /// The proof's term table, for `#n` (each entry read when first met).
    table: &'a [String],
    ids: HashMap<Vec<usize>, usize>,
    count: usize,
    sets: Vec<Vec<usize>>,
    memo: HashMap<Term, usize>,
    sums: HashMap<(usize, usize), usize>,
    depth: usize,
}

impl<'a> Trees<'a> {
    pub fn new(k: &'a mut Kernel, table: &'a [String]) -> Trees<'a> {
        Trees {
            k,
            table,
            ids: HashMap::new(),
            count: 0,
            sets: Vec::new(),
            memo: HashMap::new(),
            sums: HashMap::new(),
            depth: 0,
        }
    }

    fn intern(&mut self, mut v: Vec<usize>) -> Option<usize> {
        v.sort_unstable();
        v.dedup();
        if let Some(&i) = self.ids.get(&v) {
            return Some(i);
        }
        if self.count >= MAX_NODES {
            return None;
        }
        let i = self.count;
        self.count += 1;
        self.sets.push(v.clone());
        self.ids.insert(v, i);
        Some(i)
    }

    /// The nim heap of `n`: its options the heaps below it.
    fn heap(&mut self, n: usize) -> Option<usize> {
        let mut below = Vec::with_capacity(n);
        for _ in 0..n {
            let h = self.intern(below.clone())?;
            below.push(h);
        }
        self.intern(below)
    }

    /// The sum of two trees: a move in either part.
    fn sum(&mut self, a: usize, b: usize) -> Option<usize> {
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Some(s);
        }
        let mut opts = Vec::new();
        for x in self.sets[a].clone() {
            opts.push(self.sum(x, b)?);
        }
        for y in self.sets[b].clone() {
            opts.push(self.sum(a, y)?);
        }
        let s = self.intern(opts)?;
        self.sums.insert(key, s);
        Some(s)
    }

    /// The game tree of `t`: braces whose two sides agree, nim heaps, sums, `#n` of the table,
    /// and ruleset positions (opened by their moves). `None` for anything else (a partizan
    /// game, a number), or past the limits.
    pub fn tree(&mut self, t: &Term) -> Option<usize> {
        if let Some(&i) = self.memo.get(t) {
            return Some(i);
        }
        if self.depth >= MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let i = self.build(t);
        self.depth -= 1;
        let i = i?;
        self.memo.insert(t.clone(), i);
        Some(i)
    }

    fn build(&mut self, t: &Term) -> Option<usize> {
        match t {
            Term::Game { left, right } => {
                let mut l = Vec::with_capacity(left.len());
                for x in left {
                    l.push(self.tree(x)?);
                }
                let mut r = Vec::with_capacity(right.len());
                for x in right {
                    r.push(self.tree(x)?);
                }
                let (l, r) = (self.intern(l)?, self.intern(r)?);
                (l == r).then_some(l)
            }
            Term::Nus { number, up, nim } if number.is_zero() && num_traits::Zero::is_zero(up) => {
                let n = usize::try_from(nim.to_u64()?).ok()?;
                if n > MAX_NODES {
                    return None;
                }
                self.heap(n)
            }
            Term::Sum(a, b) => {
                let (a, b) = (self.tree(a)?, self.tree(b)?);
                self.sum(a, b)
            }
            Term::Ref(n) => {
                let src = self.table.get(usize::try_from(*n).ok()?)?;
                let entry = crate::syntax::parse_with_refs(src).ok()?;
                self.tree(&entry)
            }
            Term::Call { .. } => {
                let opened = crate::functions::misere::open_position(self.k, t).ok()??;
                self.tree(&opened)
            }
            _ => None,
        }
    }

    /// `t` read one level: a `#n` replaced by its table entry.
    pub fn resolve(&self, t: &Term) -> Option<Term> {
        match t {
            Term::Ref(n) => {
                crate::syntax::parse_with_refs(self.table.get(usize::try_from(*n).ok()?)?).ok()
            }
            t => Some(t.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(trees: &mut Trees, src: &str) -> Option<usize> {
        trees.tree(&crate::syntax::parse_with_refs(src).unwrap())
    }

    #[test]
    fn a_position_is_the_tree_of_its_moves() {
        let mut k = Kernel::new();
        let table = vec!["{*|*}".to_string()];
        let mut t = Trees::new(&mut k, &table);
        // A row of 2 Kayles pins: one pin (a heap of 1, *) or none: *2 as a tree.
        assert_eq!(tree(&mut t, "kayles(2)"), tree(&mut t, "*2"));
        // A row of 3 and rows of 1 and 2 are the same tree: each can go to a row of 2, rows
        // of 1 and 1, or a row of 1 (Kayles by hand).
        assert_eq!(
            tree(&mut t, "kayles(3)"),
            tree(&mut t, "kayles(1) + kayles(2)")
        );
        assert_ne!(tree(&mut t, "kayles(3)"), tree(&mut t, "*3"));
        // #0 is {*|*}: the heap of 2's options are 0 and *, not *.
        assert_ne!(tree(&mut t, "#0"), tree(&mut t, "*2"));
        assert_eq!(tree(&mut t, "#0"), tree(&mut t, "{*|*}"));
        // Partizan and unknown terms have no tree.
        assert_eq!(tree(&mut t, "{0|*}"), None);
        assert_eq!(tree(&mut t, "#7"), None);
    }
}
