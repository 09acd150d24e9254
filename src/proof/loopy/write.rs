//! The loopy proof's graph writer: a step's game graph written into the proof's term table.
//!
//! CGSuite's notation sees a label only inside its braces, so a position reached along two
//! paths inside a cycle is written once per path, and the copies are not closed parts a table
//! could share: `backsliding_toads_and_frogs("tt..ff")` (90 positions) is more than 20,000
//! nodes so written. Such a graph is written here through the table itself, one entry per
//! position, `#12 = {#13,#14|pass}`, entries naming each other in cycles; a graph the notation
//! writes without such a copy keeps its notation (`a{0|a}`, the form people read).
//!
//! Entries are shared between steps, as the table shares every closed part: a position on no
//! cycle (but through `pass`) is an ordinary hash-consed entry, and a cycle (a strongly
//! connected part of the graph) is found among the cycles written before by its canonical
//! encoding, which keeps the order of options, so a part no step changes is written once in
//! the whole proof, and a step's place (option indices from the top) names the same position
//! in the graph and in the table.

use crate::eval::loopy::LoopyRules;
use crate::kernel::KernelError;
use crate::loopy::derive::{minimal, tree, Rules, Writer};
use crate::loopy::sides::components;
use crate::loopy::{build::PASS, Graph, Loopy, Work};
use crate::term::Term;
use crate::term_table::TermTable;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Writes a loopy proof's graphs: in CGSuite's notation where it writes them without copying a
/// position inside a cycle, else through `terms`, which becomes the proof's table.
pub(crate) struct TableWriter {
    /// The table the graphs are written into.
    pub terms: TermTable,
    /// The cycles written already (strongly connected parts of a graph), by their canonical
    /// encoding ([`encode`]): the entries of their positions in that encoding's
    /// order.
    cycles: HashMap<Vec<u64>, Vec<u32>>,
    /// The least walk of each cycle met before, by the hash of its walk from each of its
    /// positions: a walk is the cycle up to renaming (every position met, each move in it),
    /// so it settles the least walk (its encoding, and where in this walk's order it starts).
    /// A derivation's steps write the same cycles again and again, renumbered; a least walk
    /// costs a walk from every position, a cycle written before two walks.
    least: HashMap<u64, (Arc<Vec<u64>>, u32)>,
    /// The graph each entry returned for a whole graph stands for, for reading terms that name
    /// it ([`TableWriter::graphs`]).
    graphs: HashMap<u32, Loopy>,
    work: Work,
    /// The units of work the derivations that wrote here counted on their own counters
    /// ([`TableWriter::add_work`]): with `work`'s, a loopy simplification's work.
    derived: u64,
    /// The rules a stopper's derivation runs (`rules/loopy.rules` unless the caller's).
    rules: LoopyRules,
}

impl TableWriter {
    /// An empty table, the comparisons of positions counted against `work`; derivations run
    /// the shipped rules of `rules/loopy.rules`.
    #[cfg(test)]
    pub fn new(work: Work) -> Self {
        TableWriter::with_rules(work, LoopyRules::shipped())
    }

    /// An empty table, derivations running `rules`.
    pub fn with_rules(work: Work, rules: LoopyRules) -> Self {
        TableWriter {
            terms: TermTable::new(),
            cycles: HashMap::new(),
            least: HashMap::new(),
            graphs: HashMap::new(),
            work,
            derived: 0,
            rules,
        }
    }

    /// Adds the units a derivation counted on its own counter to [`TableWriter::work`].
    pub fn add_work(&mut self, units: u64) {
        self.derived = self.derived.saturating_add(units);
    }

    /// The units of work spent writing here (comparisons of positions) and by the
    /// derivations that wrote here: what the loopy derivation's gate records
    /// (`tests/work_gate.rs`), the same on every run.
    pub fn work(&self) -> u64 {
        self.work.count().saturating_add(self.derived)
    }

    /// The graph each entry written here for a whole graph stands for.
    pub fn graphs(&self) -> &HashMap<u32, Loopy> {
        &self.graphs
    }

    /// `g`'s positions as entries; the root's term (`0` for the game with no moves).
    ///
    /// The strongly connected parts of the graph are written from the bottom up, so every
    /// move out of a part leads to a position written already. A part of one position is an
    /// ordinary hash-consed entry (a move to itself written `pass`). A cycle is written as its
    /// canonical encoding: a walk from one of its positions through the options in order,
    /// positions numbered as first met, the moves out of the part by their entries; of the
    /// walks from each position, the least. Two cycles have the same least walk exactly when
    /// their positions unfold alike with their options in the same order (the graph is
    /// minimal, so no two of its positions do), so a cycle written before, by an earlier step,
    /// is found by its encoding and shared: the table grows by the parts a step changed, and
    /// writing a graph costs its size, not the whole proof's.
    fn graph(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        self.minimal_graph(minimal(g))
    }

    /// [`TableWriter::graph`] of a graph [`minimal`] made.
    fn minimal_graph(&mut self, g: Loopy) -> Result<Term, KernelError> {
        let graph = g.graph();
        let n = graph.len();
        // Components are numbered sinks first: each one's moves out lead lower.
        let (comp, members) = components(graph, &mut self.work)?;
        // Each position's entry once written (`Some(None)`: the position with no moves, `0`).
        let mut entry: Vec<Option<Option<u32>>> = vec![None; n];
        for (c, vs) in members.iter().enumerate() {
            self.work.tick(vs.len() as u64)?;
            if let [v] = vs[..] {
                entry[v as usize] = Some(self.single(graph, v, &entry));
                continue;
            }
            let (key, order) = self.least_walk(graph, vs, &comp, c, &entry)?;
            let entries = match self.cycles.get(&key) {
                Some(es) => es.clone(),
                None => {
                    let es = self.push_cycle(graph, &order, &entry)?;
                    self.cycles.insert(key, es.clone());
                    es
                }
            };
            for (&v, &e) in order.iter().zip(&entries) {
                entry[v as usize] = Some(Some(e));
            }
        }
        let root = entry[g.root() as usize].flatten();
        if let Some(e) = root {
            self.graphs.insert(e, g.clone());
        }
        Ok(root.map_or_else(Term::zero, Term::Ref))
    }

    /// A position on no cycle but through `pass`: an ordinary entry (`None` for no moves).
    fn single(&mut self, graph: &Graph, v: u32, entry: &[Option<Option<u32>>]) -> Option<u32> {
        if graph.left(v).is_empty() && graph.right(v).is_empty() {
            return None;
        }
        let opt = |o: u32| -> Term {
            if o == v {
                pass()
            } else {
                entry[o as usize]
                    .flatten()
                    .map_or_else(Term::zero, Term::Ref)
            }
        };
        let view = Term::Game {
            left: graph.left(v).iter().map(|&o| opt(o)).collect(),
            right: graph.right(v).iter().map(|&o| opt(o)).collect(),
        };
        Some(self.terms.intern(&view))
    }

    /// The least of the walks from each position of the cycle `vs` (component `c`): its
    /// encoding and the positions in the order it meets them.
    fn least_walk(
        &mut self,
        graph: &Graph,
        vs: &[u32],
        comp: &[usize],
        c: usize,
        entry: &[Option<Option<u32>>],
    ) -> Result<(Vec<u64>, Vec<u32>), KernelError> {
        let mut num: HashMap<u32, u64> = HashMap::with_capacity(vs.len());
        let Some(&first) = vs.first() else {
            return Ok(Default::default());
        };
        self.work.tick(vs.len() as u64)?;
        let (seen, seen_order) =
            encode(graph, first, comp, c, entry, &mut num, None).unwrap_or_default();
        if let Some((key, at)) = self.least.get(&walk_hash(&seen)) {
            // The walk from the position the least walk started at when this cycle (or one
            // whose walk hashes alike) was met: when it is that least walk, this cycle is that
            // one up to renaming, and its least walk is the same.
            if let Some(&start) = seen_order.get(*at as usize) {
                num.clear();
                let walk = encode(graph, start, comp, c, entry, &mut num, None).unwrap_or_default();
                if walk.0 == **key {
                    return Ok(walk);
                }
            }
        }
        // The first least walk (there is one: a graph kept minimal has no two positions whose
        // walks agree). Every walk of a cycle has the same length (each meets every
        // position), so a walk is given up at its first token above the least so far: most
        // end within a few tokens, where writing each in full made a large cycle cost its
        // size squared (issue 49).
        let mut best = (seen.clone(), seen_order.clone());
        for &start in &vs[1..] {
            self.work.tick(1)?;
            num.clear();
            if let Some(walk) = encode(graph, start, comp, c, entry, &mut num, Some(&best.0)) {
                best = walk;
            }
        }
        // The walk from the first position remembered, so that the cycle written again is
        // found when the same position comes first then: where in that walk's order the least
        // walk starts (and the least walk itself, found from its own start).
        let key = Arc::new(best.0.clone());
        for (walk, order) in [(&seen, &seen_order), (&best.0, &best.1)] {
            if let Some(at) = order.iter().position(|v| best.1.first() == Some(v)) {
                self.least
                    .insert(walk_hash(walk), (Arc::clone(&key), at as u32));
            }
        }
        Ok(best)
    }

    /// New entries for a cycle's positions, in `order`; their numbers.
    fn push_cycle(
        &mut self,
        graph: &Graph,
        order: &[u32],
        entry: &[Option<Option<u32>>],
    ) -> Result<Vec<u32>, KernelError> {
        let base = self.terms.len() as u32;
        let at: HashMap<u32, u32> = order
            .iter()
            .enumerate()
            .map(|(j, &v)| (v, base + j as u32))
            .collect();
        let views: Vec<Term> = order
            .iter()
            .map(|&v| {
                let opt = |o: u32| -> Term {
                    if o == v {
                        pass()
                    } else if let Some(&e) = at.get(&o) {
                        Term::Ref(e)
                    } else {
                        entry[o as usize]
                            .flatten()
                            .map_or_else(Term::zero, Term::Ref)
                    }
                };
                Term::Game {
                    left: graph.left(v).iter().map(|&o| opt(o)).collect(),
                    right: graph.right(v).iter().map(|&o| opt(o)).collect(),
                }
            })
            .collect();
        if views.is_empty() || self.terms.push_graph(views) != Some(base) {
            return Err(KernelError::Limit {
                which: "a loopy game graph whose positions' entries repeat entries of the \
                        proof's table (a fault of the writer, reported rather than written)"
                    .into(),
            });
        }
        Ok((0..order.len() as u32).map(|j| base + j).collect())
    }
}

/// The walk through the cycle (component `c`) from `start`: for each position in the order
/// met, its Left options then its Right options, each list led by its length; a move inside
/// the cycle is `2j + 1` for the j-th position met, a move out of it `0` (to a position with
/// no moves) or `2(e + 1)` for entry e. Also the positions in the order met.
///
/// With a `bound` (a walk of the same cycle, so of the same length) the walk is given up
/// (`None`) at its first token above the bound's, and is `None` too when it ends equal to
/// it; with no bound it is always the whole walk.
fn encode(
    graph: &Graph,
    start: u32,
    comp: &[usize],
    c: usize,
    entry: &[Option<Option<u32>>],
    num: &mut HashMap<u32, u64>,
    bound: Option<&[u64]>,
) -> Option<(Vec<u64>, Vec<u32>)> {
    let mut order = vec![start];
    num.insert(start, 0);
    let mut tokens = Vec::with_capacity(bound.map_or(0, <[u64]>::len));
    // Whether a token below `bound`'s has been written (or there is no bound): the walk is
    // then below it whatever follows.
    let mut below = bound.is_none();
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for os in [graph.left(v), graph.right(v)] {
            let mut put = |token: u64, tokens: &mut Vec<u64>| -> bool {
                if !below {
                    match bound
                        .and_then(|b| b.get(tokens.len()))
                        .map(|b| token.cmp(b))
                    {
                        Some(std::cmp::Ordering::Less) => below = true,
                        Some(std::cmp::Ordering::Equal) => {}
                        _ => return false,
                    }
                }
                tokens.push(token);
                true
            };
            if !put(os.len() as u64, &mut tokens) {
                return None;
            }
            for &o in os {
                let token = if comp[o as usize] == c {
                    let j = *num.entry(o).or_insert_with(|| {
                        order.push(o);
                        order.len() as u64 - 1
                    });
                    2 * j + 1
                } else {
                    entry[o as usize]
                        .flatten()
                        .map_or(0, |e| 2 * (u64::from(e) + 1))
                };
                if !put(token, &mut tokens) {
                    return None;
                }
            }
        }
    }
    below.then_some((tokens, order))
}

/// A walk's hash, the key of [`TableWriter`]'s least walks (a walk found by it is compared
/// in full before it is used).
fn walk_hash(walk: &[u64]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    walk.hash(&mut h);
    h.finish()
}

fn pass() -> Term {
    Term::Call {
        name: PASS.to_string(),
        args: Vec::new(),
    }
}

impl Writer for TableWriter {
    fn write(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        match tree(g)? {
            Some(t) => Ok(t),
            None => self.graph(g),
        }
    }

    fn write_minimal(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        match tree(g)? {
            Some(t) => Ok(t),
            None => self.minimal_graph(g.clone()),
        }
    }

    fn rules(&mut self) -> &mut dyn Rules {
        &mut self.rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::Graph;

    /// A graph whose every position is reached along two paths inside one cycle: the
    /// notation copies, the table does not.
    fn diamond_cycle() -> Loopy {
        // 0 → 1, 2 (Left); 1 → 3, 2 → 3 (Left); 3 → 0 (Right), 1 → 0 (Right, apart from 2).
        let mut g = Graph::with_vertices(4);
        g.set_options(0, vec![1, 2], vec![]);
        g.set_options(1, vec![3], vec![0]);
        g.set_options(2, vec![3], vec![]);
        g.set_options(3, vec![], vec![0]);
        Loopy::new(&g, 0).unwrap()
    }

    #[test]
    fn a_position_shared_inside_a_cycle_is_one_entry_and_equal_graphs_one_term() {
        let g = diamond_cycle();
        assert_eq!(tree(&minimal(&g)).unwrap(), None);
        let mut w = TableWriter::new(Work::default());
        let t = w.write(&g).unwrap();
        assert!(matches!(t, Term::Ref(_)));
        assert!(w.terms.cyclic().is_some());
        // One entry per position of the minimal graph (4 positions, none with no moves).
        assert_eq!(w.terms.len(), minimal(&g).graph().len());
        let again = w.write(&g).unwrap();
        assert_eq!(t, again);
        assert_eq!(w.terms.len(), minimal(&g).graph().len());
    }

    /// The diamond cycle below a top whose Left options are the cycle and, `with_zero`, 0.
    fn above_the_diamond(with_zero: bool) -> Loopy {
        let d = diamond_cycle();
        let mut g = Graph::with_vertices(6);
        for v in 0..4u32 {
            let up = |os: &[u32]| os.iter().map(|&o| o + 1).collect();
            g.set_options(v + 1, up(d.graph().left(v)), up(d.graph().right(v)));
        }
        g.set_options(0, if with_zero { vec![1, 5] } else { vec![1] }, vec![]);
        Loopy::new(&g, 0).unwrap()
    }

    /// A cycle written by one step is found again by the next, which adds only what it
    /// changed: here a new top above the same cycle, one entry.
    #[test]
    fn a_cycle_written_before_is_shared_by_a_later_graph() {
        let mut w = TableWriter::new(Work::default());
        let first = w.write(&above_the_diamond(false)).unwrap();
        assert_eq!(w.terms.len(), 5);
        let second = w.write(&above_the_diamond(true)).unwrap();
        assert_ne!(first, second);
        assert_eq!(w.terms.len(), 6);
        // The cycle alone, written last, is the cycle's entries already there.
        let cycle = w.write(&diamond_cycle()).unwrap();
        assert_eq!(w.terms.len(), 6);
        assert!(matches!(cycle, Term::Ref(e) if e < 5));
    }

    #[test]
    fn a_graph_the_notation_writes_keeps_its_notation() {
        let mut k = crate::kernel::Kernel::new();
        let over = crate::loopy::notation::read("a{0|a}", &mut k, &mut Work::default()).unwrap();
        let mut w = TableWriter::new(Work::default());
        let t = w.write(&minimal(&over)).unwrap();
        assert_eq!(crate::syntax::print(&t, &Default::default()), "{0|pass}");
        assert!(w.terms.is_empty());
    }
}
