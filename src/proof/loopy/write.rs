//! The loopy proof's graph writer: a step's game graph written into the proof's term table.
//!
//! CGSuite's notation sees a label only inside its braces, so a position reached along two
//! paths inside a cycle is written once per path, and the copies are not closed parts a table
//! could share: `backsliding_toads_and_frogs("tt..ff")` (90 positions) is more than 20,000
//! nodes so written. Such a graph is written here through the table itself, one entry per
//! position, `#12 = {#13,#14|pass}`, entries naming each other in cycles; a graph the notation
//! writes without such a copy keeps its notation (`a{0|a}`, the form people read).
//!
//! Entries are shared between steps, as the table shares every closed part: a position whose
//! moves lead only to positions already written (a short game, a position with only `pass`
//! besides) is an ordinary hash-consed entry, and the positions on cycles are compared with
//! every cyclic position written before by bisimulation (partition refinement of the two
//! graphs together) that keeps the order of options, so a position no step changes is written
//! once in the whole proof, and a step's place (option indices from the top) names the same
//! position in the graph and in the table.

use crate::kernel::KernelError;
use crate::loopy::derive::{minimal, tree, Writer};
use crate::loopy::refine::refine;
use crate::loopy::{build::PASS, Loopy, Work};
use crate::term::Term;
use crate::term_table::TermTable;
use std::collections::{BTreeMap, HashMap};

/// An option of a cyclic position: an entry written without cycles (`None`: the position
/// with no moves, written `0`), or a cyclic position, by its index among those compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Opt {
    Fixed(Option<u32>),
    Var(usize),
}

/// A cyclic position written already: its entry and its options.
#[derive(Clone, Debug)]
struct Known {
    entry: u32,
    left: Vec<Opt>,
    right: Vec<Opt>,
}

/// Writes a loopy proof's graphs: in CGSuite's notation where it writes them without copying a
/// position inside a cycle, else through `terms`, which becomes the proof's table.
pub(crate) struct TableWriter {
    /// The table the graphs are written into.
    pub terms: TermTable,
    known: Vec<Known>,
    /// The graph each entry returned for a whole graph stands for, for reading terms that name
    /// it ([`TableWriter::graphs`]).
    graphs: HashMap<u32, Loopy>,
    work: Work,
}

impl TableWriter {
    /// An empty table, the comparisons of positions counted against `work`.
    pub fn new(work: Work) -> Self {
        TableWriter {
            terms: TermTable::new(),
            known: Vec::new(),
            graphs: HashMap::new(),
            work,
        }
    }

    /// The graph each entry written here for a whole graph stands for.
    pub fn graphs(&self) -> &HashMap<u32, Loopy> {
        &self.graphs
    }

    /// `g`'s positions as entries; the root's term (`0` for the game with no moves).
    fn graph(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        let g = minimal(g);
        let graph = g.graph();
        let n = graph.len();
        let empty = |v: u32| graph.left(v).is_empty() && graph.right(v).is_empty();
        // Positions whose moves lead (besides `pass`) to positions already written, from the
        // bottom up: ordinary entries.
        let mut resolved: Vec<Option<Option<u32>>> = vec![None; n];
        let mut waiting = vec![0usize; n];
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            self.work.tick(1)?;
            let mut seen = Vec::new();
            for &o in graph.left(v).iter().chain(graph.right(v)) {
                if o != v && !seen.contains(&o) {
                    seen.push(o);
                    parents[o as usize].push(v);
                }
            }
            waiting[v as usize] = seen.len();
        }
        let mut ready: Vec<u32> = (0..n as u32)
            .filter(|&v| waiting[v as usize] == 0)
            .collect();
        while let Some(v) = ready.pop() {
            self.work.tick(1)?;
            let entry = if empty(v) {
                None
            } else {
                let opt = |o: u32| -> Term {
                    if o == v {
                        pass()
                    } else {
                        match resolved[o as usize] {
                            Some(Some(e)) => Term::Ref(e),
                            _ => Term::zero(),
                        }
                    }
                };
                let view = Term::Game {
                    left: graph.left(v).iter().map(|&o| opt(o)).collect(),
                    right: graph.right(v).iter().map(|&o| opt(o)).collect(),
                };
                Some(self.terms.intern(&view))
            };
            resolved[v as usize] = Some(entry);
            for &p in &parents[v as usize] {
                waiting[p as usize] -= 1;
                if waiting[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        if let Some(e) = resolved[g.root() as usize] {
            if let Some(e) = e {
                self.graphs.insert(e, g.clone());
            }
            return Ok(e.map_or_else(Term::zero, Term::Ref));
        }
        // The positions on or above cycles, compared with those written before.
        let cyclic: Vec<u32> = (0..n as u32)
            .filter(|&v| resolved[v as usize].is_none())
            .collect();
        let k = self.known.len();
        let index: BTreeMap<u32, usize> = cyclic
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, k + i))
            .collect();
        let opts = |os: &[u32]| -> Vec<Opt> {
            os.iter()
                .map(|&o| match resolved[o as usize] {
                    Some(e) => Opt::Fixed(e),
                    None => Opt::Var(index[&o]),
                })
                .collect()
        };
        let fresh: Vec<(Vec<Opt>, Vec<Opt>)> = cyclic
            .iter()
            .map(|&v| (opts(graph.left(v)), opts(graph.right(v))))
            .collect();
        let all = |i: usize| -> (&[Opt], &[Opt]) {
            if i < k {
                (&self.known[i].left, &self.known[i].right)
            } else {
                (&fresh[i - k].0, &fresh[i - k].1)
            }
        };
        let total = k + fresh.len();
        // In order, repeats kept: a step's place is a path of option indices, so a position is
        // shared only with one listing its options alike.
        let side = |os: &[Opt], colour: &[usize]| -> Vec<(u8, usize)> {
            os.iter()
                .map(|o| match *o {
                    Opt::Fixed(e) => (0, e.map_or(0, |e| e as usize + 1)),
                    Opt::Var(x) => (1, colour[x]),
                })
                .collect()
        };
        let sig = |i: usize, colour: &[usize]| {
            let (l, r) = all(i);
            (side(l, colour), side(r, colour))
        };
        let work = &mut self.work;
        let (colour, _) = refine(total, &sig, &mut |n| work.tick(n))?;
        // Each fresh position is a known one of its colour, or a new entry.
        let mut of_colour: BTreeMap<usize, u32> = BTreeMap::new();
        for (i, kn) in self.known.iter().enumerate() {
            of_colour.entry(colour[i]).or_insert(kn.entry);
        }
        let base = self.terms.len() as u32;
        let mut entry = vec![0u32; fresh.len()];
        let mut new = Vec::new();
        for i in 0..fresh.len() {
            match of_colour.get(&colour[k + i]) {
                Some(&e) => entry[i] = e,
                None => {
                    let e = base + new.len() as u32;
                    of_colour.insert(colour[k + i], e);
                    entry[i] = e;
                    new.push(i);
                }
            }
        }
        let entry_of = |x: usize| -> u32 {
            if x < k {
                self.known[x].entry
            } else {
                entry[x - k]
            }
        };
        let term = |o: &Opt, own: u32| -> Term {
            match *o {
                Opt::Fixed(Some(e)) => Term::Ref(e),
                Opt::Fixed(None) => Term::zero(),
                Opt::Var(x) if entry_of(x) == own => pass(),
                Opt::Var(x) => Term::Ref(entry_of(x)),
            }
        };
        let views: Vec<Term> = new
            .iter()
            .map(|&i| {
                let own = entry[i];
                let (l, r) = &fresh[i];
                Term::Game {
                    left: l.iter().map(|o| term(o, own)).collect(),
                    right: r.iter().map(|o| term(o, own)).collect(),
                }
            })
            .collect();
        if !views.is_empty() && self.terms.push_graph(views) != Some(base) {
            return Err(KernelError::Limit {
                which: "a loopy game graph whose positions' entries repeat entries of the \
                        proof's table (a fault of the writer, reported rather than written)"
                    .into(),
            });
        }
        // The new positions are known from now on, their options by index.
        let known_index: BTreeMap<u32, usize> = self
            .known
            .iter()
            .enumerate()
            .map(|(i, kn)| (kn.entry, i))
            .collect();
        let mut at: BTreeMap<u32, usize> = known_index;
        for (j, &i) in new.iter().enumerate() {
            at.insert(entry[i], k + j);
        }
        let remap = |os: &[Opt]| -> Vec<Opt> {
            os.iter()
                .map(|o| match *o {
                    Opt::Var(x) => Opt::Var(at[&entry_of(x)]),
                    f => f,
                })
                .collect()
        };
        let added: Vec<Known> = new
            .iter()
            .map(|&i| Known {
                entry: entry[i],
                left: remap(&fresh[i].0),
                right: remap(&fresh[i].1),
            })
            .collect();
        self.known.extend(added);
        let root = entry[index[&g.root()] - k];
        self.graphs.insert(root, g.clone());
        Ok(Term::Ref(root))
    }
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
