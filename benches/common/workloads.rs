//! Inputs shared by the kernel, engine and proof benchmarks and `benches/table.rs`, so the
//! criterion benches and the table measure the same things.

#![allow(dead_code)] // each includer uses part of it

use onag::parse;
use onag::Term;
use onag::{GameId, Kernel, Relation};

/// The seeds' worked examples.
pub const SEEDS: [&str; 7] = [
    "{0,1|2}",
    "{0|5}",
    "{-5|0,{*,*4|*,*4}}",
    "{{*|*},*,*3|{*|*},*,*3}",
    "{0,-7|1,3/2,3/4}",
    "^+^+*",
    "{2|1} + 1/2",
];

/// Σ_{k=1..n} {k|−k}, as text.
pub fn switches_text(n: i64) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// splitmix64: a fixed seed gives the same terms on every run and machine.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random term of exactly `size` nodes: explicit games of one to four options over small
/// leaves, with a sum in about one node in five.
pub fn random_term(rng: &mut Rng, size: usize) -> Term {
    if size <= 1 {
        let leaves = ["0", "1", "-1", "2", "1/2", "-1/2", "*", "*2", "^", "v"];
        return parse(leaves[rng.below(leaves.len() as u64) as usize]).unwrap();
    }
    let inner = size - 1;
    if inner >= 2 && rng.below(5) == 0 {
        let a = 1 + rng.below(inner as u64 - 1) as usize;
        return Term::sum(random_term(rng, a), random_term(rng, inner - a));
    }
    let kids = (1 + rng.below(4) as usize).min(inner);
    // Split `inner` nodes among `kids` options, each at least one.
    let mut cuts: Vec<usize> = (0..kids - 1)
        .map(|_| 1 + rng.below(inner as u64 - 1) as usize)
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut sizes = Vec::new();
    let mut prev = 0;
    for c in cuts.into_iter().chain([inner]) {
        sizes.push(c - prev);
        prev = c;
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for s in sizes {
        let t = random_term(rng, s);
        if rng.below(2) == 0 {
            left.push(t);
        } else {
            right.push(t);
        }
    }
    Term::game(left, right)
}

/// Every set of pairwise incomparable games among `elems` (the sides of canonical games).
fn antichains(k: &mut Kernel, elems: &[GameId]) -> Vec<Vec<GameId>> {
    fn go(
        k: &mut Kernel,
        elems: &[GameId],
        i: usize,
        cur: &mut Vec<GameId>,
        out: &mut Vec<Vec<GameId>>,
    ) {
        let Some(&x) = elems.get(i) else {
            out.push(cur.clone());
            return;
        };
        go(k, elems, i + 1, cur, out);
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

/// The 1,474 games born by day 3, as terms (so a fresh kernel can rebuild them).
pub fn day3_terms() -> Vec<Term> {
    let mut k = Kernel::new();
    let mut day = vec![k.zero()];
    for _ in 0..3 {
        let acs = antichains(&mut k, &day);
        let mut next = std::collections::BTreeSet::new();
        for l in &acs {
            for r in &acs {
                next.insert(k.from_options(l, r).unwrap());
            }
        }
        day = next.into_iter().collect();
    }
    day.into_iter().map(|g| k.to_term(g)).collect()
}
