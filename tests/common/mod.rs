//! Shared by the integration tests: an independent explicit-form game type with the
//! definitional order and sum (seed 002 Definition 2.5), the games born by each day built from
//! the kernel, and a small seeded random generator. Kept in one place so that each test file
//! checks against the same definitions instead of its own copy.
#![allow(dead_code)]

pub mod drive;
pub mod run;
pub mod verdict;

use onag::{GameId, Kernel, Relation};
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// An independent explicit-form game type: a tree of options, interned structurally (no value
// reductions), with ≤ straight from the definition and sums straight from the definition.

#[derive(Default)]
pub struct Ex {
    pub nodes: Vec<(Vec<usize>, Vec<usize>)>,
    pub ids: HashMap<(Vec<usize>, Vec<usize>), usize>,
    pub le_memo: HashMap<(usize, usize), bool>,
    pub sum_memo: HashMap<(usize, usize), usize>,
    pub from_kernel: HashMap<GameId, usize>,
    /// Set when more than `budget` nodes were asked for (0 = no budget); `make` then returns 0.
    pub budget: usize,
    pub over: bool,
}

impl Ex {
    pub fn make(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        let key = (l, r);
        if let Some(&i) = self.ids.get(&key) {
            return i;
        }
        if self.budget > 0 && self.nodes.len() >= self.budget {
            self.over = true;
            return 0;
        }
        let i = self.nodes.len();
        self.nodes.push(key.clone());
        self.ids.insert(key, i);
        i
    }
    pub fn zero(&mut self) -> usize {
        self.make(vec![], vec![])
    }
    /// G ≤ H iff no G^L ≥ H and no H^R ≤ G.
    pub fn le(&mut self, g: usize, h: usize) -> bool {
        if let Some(&b) = self.le_memo.get(&(g, h)) {
            return b;
        }
        let gl = self.nodes[g].0.clone();
        let hr = self.nodes[h].1.clone();
        let b = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
        self.le_memo.insert((g, h), b);
        b
    }
    pub fn eq(&mut self, g: usize, h: usize) -> bool {
        self.le(g, h) && self.le(h, g)
    }
    pub fn add(&mut self, g: usize, h: usize) -> usize {
        if let Some(&s) = self.sum_memo.get(&(g, h)) {
            return s;
        }
        let (gl, gr) = self.nodes[g].clone();
        let (hl, hr) = self.nodes[h].clone();
        let mut l: Vec<usize> = gl.iter().map(|&x| self.add(x, h)).collect();
        l.extend(hl.iter().map(|&x| self.add(g, x)));
        let mut r: Vec<usize> = gr.iter().map(|&x| self.add(x, h)).collect();
        r.extend(hr.iter().map(|&x| self.add(g, x)));
        let s = self.make(l, r);
        self.sum_memo.insert((g, h), s);
        s
    }
    pub fn neg(&mut self, g: usize) -> usize {
        let (l, r) = self.nodes[g].clone();
        let nl = r.iter().map(|&x| self.neg(x)).collect();
        let nr = l.iter().map(|&x| self.neg(x)).collect();
        self.make(nl, nr)
    }
    pub fn star(&mut self, k: usize) -> usize {
        let opts: Vec<usize> = (0..k).map(|j| self.star(j)).collect();
        self.make(opts.clone(), opts)
    }
    /// The kernel's canonical form, opened up into an explicit tree.
    pub fn of_kernel(&mut self, k: &mut Kernel, g: GameId) -> usize {
        if let Some(&i) = self.from_kernel.get(&g) {
            return i;
        }
        let l = k.left_options(g).unwrap();
        let r = k.right_options(g).unwrap();
        let l = l.into_iter().map(|x| self.of_kernel(k, x)).collect();
        let r = r.into_iter().map(|x| self.of_kernel(k, x)).collect();
        let i = self.make(l, r);
        self.from_kernel.insert(g, i);
        i
    }
    pub fn birthday(&self, g: usize) -> u64 {
        let (l, r) = &self.nodes[g];
        l.iter()
            .chain(r)
            .map(|&x| self.birthday(x) + 1)
            .max()
            .unwrap_or(0)
    }
}

// ---------------------------------------------------------------------------------------------
// Games born by day n.

pub fn antichains(k: &mut Kernel, elems: &[GameId]) -> Vec<Vec<GameId>> {
    fn go(
        k: &mut Kernel,
        elems: &[GameId],
        i: usize,
        cur: &mut Vec<GameId>,
        out: &mut Vec<Vec<GameId>>,
    ) {
        if i == elems.len() {
            out.push(cur.clone());
            return;
        }
        go(k, elems, i + 1, cur, out);
        let x = elems[i];
        if cur
            .iter()
            .all(|&y| k.compare(x, y).unwrap() == Relation::Fuzzy)
        {
            cur.push(x);
            go(k, elems, i + 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(k, elems, 0, &mut Vec::new(), &mut out);
    out
}

/// Day n+1 from day n: every {L | R} with L and R antichains of day n (a dominated option never
/// changes the value, so antichains reach every value).
pub type Built = Vec<(Vec<GameId>, Vec<GameId>, GameId)>;

pub fn next_day(k: &mut Kernel, day: &[GameId]) -> (Vec<GameId>, Built) {
    let acs = antichains(k, day);
    let mut seen = std::collections::BTreeSet::new();
    let mut built = Vec::new();
    for l in &acs {
        for r in &acs {
            let g = k.from_options(l, r).unwrap();
            seen.insert(g);
            built.push((l.clone(), r.clone(), g));
        }
    }
    (seen.into_iter().collect(), built)
}

pub fn days(k: &mut Kernel) -> Vec<Vec<GameId>> {
    let mut out = vec![vec![k.zero()]];
    for _ in 0..3 {
        let (next, _) = next_day(k, out.last().unwrap());
        out.push(next);
    }
    out
}

/// The explicit form of a kernel value: its canonical tree written out as nested `{L|R}` down
/// to `{|}`, with no closed-form leaves, so the engine has every simplification to do itself.
pub fn explicit_term(k: &mut Kernel, g: GameId) -> onag::Term {
    let l = k.left_options(g).unwrap();
    let r = k.right_options(g).unwrap();
    let l = l.into_iter().map(|x| explicit_term(k, x)).collect();
    let r = r.into_iter().map(|x| explicit_term(k, x)).collect();
    onag::Term::game(l, r)
}

/// A small seeded generator (SplitMix64): the same seed gives the same sample on every run and
/// machine, so a failure found by CI reproduces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            xs.swap(i, self.below(i + 1));
        }
    }
}
