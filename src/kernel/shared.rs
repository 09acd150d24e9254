//! Values written as shared terms, and the sizes of the trees they stand for.
//!
//! A canonical value is a DAG of hash-consed ids; written as a tree (`Kernel::to_term`) it can
//! be exponentially larger: Σ_{k=1..30} {k|−k} has 2^30 leaves but a few thousand distinct
//! parts. [`Kernel::shared_term`] writes each repeated part once, as a definition of a
//! `where` ([`Term::Where`]), in time and space proportional to the DAG; written out by
//! substitution it is exactly the tree `to_term` would give, since both are assembled from the
//! same one-level [`Shape`]s.

use super::display::Shape;
use super::{GameId, Kernel};
use crate::term::Term;
use num_bigint::BigInt;
use num_traits::One;
use rustc_hash::FxHashMap;

/// A repeated part written out in fewer nodes than this (`±1`, `{2|1}`) is repeated in place:
/// a name for it would save nothing, and the output stays within a constant factor of the DAG.
pub const MIN_SHARED_SIZE: u64 = 4;

/// The deepest a part is written in place: a deeper chain of parts each used once is cut by
/// naming, so the printed text nests far less than the parser's cap (`syntax::MAX_NESTING`,
/// about two levels per game) however deep the value is.
pub const MAX_INLINE_DEPTH: u32 = 64;

/// The names bound by the `where`s being evaluated, innermost last for each name.
#[derive(Default, Debug)]
pub(crate) struct Scope {
    map: FxHashMap<String, Vec<GameId>>,
}

impl Scope {
    pub(crate) fn bind(&mut self, name: &str, v: GameId) {
        self.map.entry(name.to_string()).or_default().push(v);
    }
    pub(crate) fn unbind(&mut self, name: &str) {
        if let Some(stack) = self.map.get_mut(name) {
            stack.pop();
            if stack.is_empty() {
                self.map.remove(name);
            }
        }
    }
    pub(crate) fn lookup(&self, name: &str) -> Option<GameId> {
        self.map.get(name).and_then(|s| s.last().copied())
    }
}

/// The n-th generated name: A, B, …, Z, AA, AB, … (bijective base 26). Capital letters only,
/// so a name never reads as a down (`v`), a keyword or a function (all lower case).
pub fn generated_name(mut n: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The part of the value reachable from a root: each id's shape once, and how often it is
/// written (the number of places in the shapes that mention it).
struct Dag {
    shapes: FxHashMap<GameId, Shape>,
    uses: FxHashMap<GameId, u32>,
    /// Every id after all it is written with (post-order).
    order: Vec<GameId>,
}

impl Kernel {
    /// The number of nodes of `to_term(g)` ([`Term::size`]), exactly, without writing it:
    /// memoised per id, so it costs one visit of each distinct part, once per kernel.
    pub fn tree_size(&mut self, g: GameId) -> BigInt {
        if let Some(s) = self.tree_sizes.get(&g) {
            return s.clone();
        }
        let dag = self.dag(g);
        self.sizes_of(&dag);
        self.tree_sizes.get(&g).cloned().unwrap_or_else(BigInt::one)
    }

    /// The canonical form as a term: the tree (`to_term`) when it has at most `threshold`
    /// nodes, else the shared term ([`Kernel::shared_term`]).
    pub fn to_shared_term(&mut self, g: GameId, threshold: u64) -> Term {
        if self.tree_size(g) <= BigInt::from(threshold) {
            self.term_of(g)
        } else {
            self.shared_term(g)
        }
    }

    /// The canonical form with each part that is written more than once (and is not tiny, see
    /// `MIN_SHARED_SIZE`) named once: `body where A = …, B = …`, the definitions in an order
    /// where each uses only those before it. Its size is bounded by the number of distinct
    /// parts and their options, never by the tree's; when nothing repeats it is the tree. A
    /// chain of parts deeper than `MAX_INLINE_DEPTH` is cut by names too, so the text
    /// always reads back within the parser's nesting cap.
    pub fn shared_term(&mut self, g: GameId) -> Term {
        let dag = self.dag(g);
        self.sizes_of(&dag);
        let min = BigInt::from(MIN_SHARED_SIZE);
        let mut chosen: rustc_hash::FxHashSet<GameId> = Default::default();
        for &x in &dag.order {
            let repeated = x != g && dag.uses.get(&x).copied().unwrap_or(0) >= 2;
            if repeated && self.tree_sizes.get(&x).is_some_and(|s| *s >= min) {
                chosen.insert(x);
            }
        }
        // Depth written in place, children first; a part that would nest too deeply names its
        // deep children instead.
        let mut depth: FxHashMap<GameId, u32> = FxHashMap::default();
        for &x in &dag.order {
            let kids = dag.shapes.get(&x).map(Shape::children).unwrap_or_default();
            let of = |k: &GameId, chosen: &rustc_hash::FxHashSet<GameId>| {
                if chosen.contains(k) {
                    1
                } else {
                    depth.get(k).copied().unwrap_or(1)
                }
            };
            let mut d = 1 + kids.iter().map(|k| of(k, &chosen)).max().unwrap_or(0);
            if d > MAX_INLINE_DEPTH {
                for k in &kids {
                    if of(k, &chosen) > 1 {
                        chosen.insert(*k);
                    }
                }
                d = 2;
            }
            depth.insert(x, d);
        }
        let mut names: FxHashMap<GameId, String> = FxHashMap::default();
        let mut named: Vec<GameId> = Vec::new();
        for &x in &dag.order {
            if chosen.contains(&x) {
                names.insert(x, generated_name(named.len()));
                named.push(x);
            }
        }
        if named.is_empty() {
            return self.term_of(g);
        }
        let defs = named
            .iter()
            .map(|&x| (names[&x].clone(), written(&dag, &names, x)))
            .collect();
        Term::Where {
            body: Box::new(written(&dag, &names, g)),
            defs,
        }
    }

    /// The shapes reachable from g, by an explicit stack (a value may be deep).
    fn dag(&mut self, g: GameId) -> Dag {
        let mut dag = Dag {
            shapes: FxHashMap::default(),
            uses: FxHashMap::default(),
            order: Vec::new(),
        };
        let mut stack = vec![(g, false)];
        while let Some((x, done)) = stack.pop() {
            if done {
                dag.order.push(x);
                continue;
            }
            if dag.shapes.contains_key(&x) {
                continue;
            }
            let shape = self.shape(x);
            stack.push((x, true));
            let kids = shape.children();
            for &k in kids.iter().rev() {
                *dag.uses.entry(k).or_insert(0) += 1;
                if !dag.shapes.contains_key(&k) {
                    stack.push((k, false));
                }
            }
            dag.shapes.insert(x, shape);
        }
        dag
    }

    /// Fills the tree-size memo for every id of the DAG, children first.
    fn sizes_of(&mut self, dag: &Dag) {
        for &x in &dag.order {
            if self.tree_sizes.contains_key(&x) {
                continue;
            }
            let mut s = BigInt::one();
            if let Some(shape) = dag.shapes.get(&x) {
                for k in shape.children() {
                    if let Some(ks) = self.tree_sizes.get(&k) {
                        s += ks;
                    }
                }
            }
            self.tree_sizes.insert(x, s);
        }
    }
}

/// x written from its shape, its named parts by name and the others in place.
fn written(dag: &Dag, names: &FxHashMap<GameId, String>, x: GameId) -> Term {
    let Some(shape) = dag.shapes.get(&x) else {
        return Term::zero();
    };
    shape.assemble(|k| match names.get(&k) {
        Some(n) => Term::Name(n.clone()),
        None => written(dag, names, k),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_count_in_bijective_base_26() {
        let got: Vec<String> = [0, 1, 25, 26, 27, 51, 52, 701, 702]
            .iter()
            .map(|&n| generated_name(n))
            .collect();
        assert_eq!(got, ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
    }
}
