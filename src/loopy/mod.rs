//! Loopy games: finite game graphs in which play may go on forever (Winning Ways ch. 11;
//! Siegel, *Combinatorial Game Theory* ch. VI).
//!
//! A loopy game is a vertex of a finite directed graph with Left and Right edges, cycles
//! allowed (`pass` is an edge from a vertex to itself). Infinite play is a draw. Short games
//! embed as their canonical forms' graphs ([`Loopy::from_short`]). This module holds:
//!
//! - the graphs and their sums (the product graph) and negatives (edges swapped), here;
//! - outcomes by retrograde analysis of who can force the other to be stuck (`outcome`);
//! - the order of **stoppers** (games with no infinite *alternating* play from any follower):
//!   G ≥ H when Left, moving second in G − H, never loses, infinite play counting as Left's
//!   survival (Siegel VI, Theorem 1.? "≥ for stoppers"; Winning Ways ch. 11), decided for all
//!   pairs of vertices at once (`order`);
//! - the simplest (canonical) form of a stopper: dominated options removed, reversible ones
//!   bypassed, then equal vertices fused, to a fixed point (`canonical`);
//! - the order of the sides of arbitrary games, G⁺ ≥ H⁺ and G⁻ ≥ H⁻, as a Büchi game on
//!   G − H (`side_order`);
//! - the onside and offside of a general game: first part by part, the strongly connected
//!   components of the graph from the bottom up, each sidled on a small graph of its own with
//!   the parts below as their canonical stoppers (`sides::parts`); else on the whole graph:
//!   edges of alternating cycles deleted while the side order says the side is unchanged,
//!   stopper followers of equal value fused, until the game is a stopper; the answer checked
//!   against the game; sidling by rounds from `on` and `off` as the fallback for small graphs
//!   (`sides`);
//! - a side that is not a stopper made smaller by steps that keep it, each edge deleted when
//!   the side order allows, the result checked against the game (`carousel`); the value of a
//!   game that is not stopper-sided is its two sides so simplified (`value`);
//! - the written form of a canonical stopper, CGSuite's `on`, `over`, `a{0|a}`, its upon
//!   forms `^[on]`, `^<on>*`, `-1/4v[on]` (`print`);
//! - the stops of a stopper, pseudonumbers `on`, `off`, x, `x over`, `x under` (`stops`);
//! - a short game added without the product graph: `on`, `off` and `dud` absorb it, a
//!   stopper plus a number is translated (`translate`), so `on + 20000` is `on` at once;
//! - degree, varieties and stability, and the predicates read off the stops (`variety`);
//! - ordinal sums, subordination and powers with a pseudonumber exponent (`ordinal`);
//! - derivations: the simplest form of a stopper one edit per step, each an instance of a
//!   rule of `rules/loopy.rules` at a named place, and the onside and offside one deletion
//!   per step (`onside-delete-left` …), each checked by the order of sides, then the stopper
//!   steps, for `onside(G)`, `offside(G)`, `A & B` and games that are not stoppers, all by one
//!   driver (`driver`; the step record, the traits and the writing of graphs in `derive`).
//!
//! Every loop that can grow counts its work and checks the caller's [`Budget`] (deadline,
//! cancel flag, memory, most vertices), so a sum that explodes stops with
//! [`KernelError::Limit`]; nothing here panics on any graph.

pub mod build;
pub mod canonical;
pub mod carousel;
pub mod derive;
pub mod driver;
pub mod notation;
pub mod order;
pub mod ordinal;
pub mod outcome;
pub mod print;
pub mod props;
pub mod refine;
pub mod side_order;
pub mod sides;
pub mod stops;
pub mod translate;
pub mod value;
pub mod variety;

use crate::kernel::{Budget, GameId, Kernel, KernelError};
use std::collections::HashMap;

/// A finite game graph: for each vertex its Left and its Right options (vertex numbers,
/// sorted, no repeats). Cycles are allowed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Graph {
    left: Vec<Vec<u32>>,
    right: Vec<Vec<u32>>,
}

/// Which player: the mover, or the side an option belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left (the positive player).
    Left,
    /// Right.
    Right,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

impl Graph {
    /// A graph of `n` vertices with no edges.
    pub fn with_vertices(n: usize) -> Graph {
        Graph {
            left: vec![Vec::new(); n],
            right: vec![Vec::new(); n],
        }
    }

    /// The graph whose vertex `v` has the options `edges[v]` (`[left, right]`), as an
    /// exploration numbering vertices in the order found writes them.
    pub fn from_edges(edges: Vec<[Vec<u32>; 2]>) -> Graph {
        let mut graph = Graph::with_vertices(edges.len());
        for (v, [l, r]) in edges.into_iter().enumerate() {
            graph.set_options(v as u32, l, r);
        }
        graph
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// Adds a vertex with no options and returns its number.
    pub fn add_vertex(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// Sets a vertex's options (sorted and deduplicated here). Out-of-range targets are the
    /// caller's bug; [`Graph::check`] finds them.
    pub fn set_options(&mut self, v: u32, mut left: Vec<u32>, mut right: Vec<u32>) {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        if let (Some(l), Some(r)) = (
            self.left.get_mut(v as usize),
            self.right.get_mut(v as usize),
        ) {
            *l = left;
            *r = right;
        }
    }

    /// Sets `who`'s options of `v` as [`Graph::set_options`] does, the other player's kept:
    /// how the deletions and bypasses of one player's edges rewrite a vertex.
    pub fn set_side(&mut self, v: u32, who: Player, options: Vec<u32>) {
        let kept = self.options(v, who.other()).to_vec();
        match who {
            Player::Left => self.set_options(v, options, kept),
            Player::Right => self.set_options(v, kept, options),
        }
    }

    /// The graph whose vertex `i` is this one's `order[i]`, each option `t` moved to `to[t]`:
    /// a renumbering (`to` the inverse of `order`), or a quotient (`order` every vertex, `to`
    /// each one's representative).
    pub(crate) fn mapped(&self, order: impl ExactSizeIterator<Item = u32>, to: &[u32]) -> Graph {
        let mut g = Graph::with_vertices(order.len());
        for (i, v) in order.enumerate() {
            let map = |os: &[u32]| os.iter().map(|&t| to[t as usize]).collect();
            g.set_options(i as u32, map(self.left(v)), map(self.right(v)));
        }
        g
    }

    /// Whether every edge points at a vertex of the graph.
    pub fn check(&self) -> bool {
        let n = self.len() as u32;
        self.left
            .iter()
            .chain(self.right.iter())
            .all(|os| os.iter().all(|&t| t < n))
    }

    /// The options of `v` for `who` (empty for a vertex out of range).
    pub fn options(&self, v: u32, who: Player) -> &[u32] {
        let side = match who {
            Player::Left => &self.left,
            Player::Right => &self.right,
        };
        side.get(v as usize).map_or(&[], |o| o.as_slice())
    }

    /// Left's options of `v`.
    pub fn left(&self, v: u32) -> &[u32] {
        self.options(v, Player::Left)
    }

    /// Right's options of `v`.
    pub fn right(&self, v: u32) -> &[u32] {
        self.options(v, Player::Right)
    }

    /// For each vertex, the vertices having it as a Left option, and as a Right option.
    pub(crate) fn reverse(&self) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
        let n = self.len();
        let mut rl = vec![Vec::new(); n];
        let mut rr = vec![Vec::new(); n];
        for v in 0..n {
            for &t in &self.left[v] {
                rl[t as usize].push(v as u32);
            }
            for &t in &self.right[v] {
                rr[t as usize].push(v as u32);
            }
        }
        (rl, rr)
    }

    /// The vertices reachable from `root` (itself included), in the order first reached.
    pub fn reachable(&self, root: u32) -> Vec<u32> {
        let mut order = Vec::new();
        self.reach(root, &mut vec![false; self.len()], &mut order);
        order
    }

    /// Appends to `order`, breadth first, what `root` reaches that is not `seen` yet.
    fn reach(&self, root: u32, seen: &mut [bool], order: &mut Vec<u32>) {
        if root as usize >= self.len() || std::mem::replace(&mut seen[root as usize], true) {
            return;
        }
        order.push(root);
        let mut i = order.len() - 1;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for &t in self.left(v).iter().chain(self.right(v)) {
                if !std::mem::replace(&mut seen[t as usize], true) {
                    order.push(t);
                }
            }
        }
    }

    /// The graph kept to what `roots` reach, renumbered in the order first reached (each
    /// root's part in turn, as [`Graph::reachable`] orders one), with the roots' new numbers.
    pub(crate) fn reached(&self, roots: &[u32]) -> (Graph, Vec<u32>) {
        let (mut seen, mut order) = (vec![false; self.len()], Vec::new());
        for &r in roots {
            self.reach(r, &mut seen, &mut order);
        }
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let at = roots.iter().map(|&r| index[r as usize]).collect();
        (self.mapped(order.iter().copied(), &index), at)
    }

    /// Whether no infinite alternating play starts anywhere: the graph of (vertex, player to
    /// move) states, a move leading to the other player's turn, has no cycle. Kahn's
    /// algorithm, removing states with no successor left.
    pub fn is_alternating_acyclic(&self) -> bool {
        let n = self.len();
        // State 2v: Left to move at v; 2v + 1: Right to move.
        let mut out = vec![0usize; 2 * n];
        let (rl, rr) = self.reverse();
        let mut stack = Vec::new();
        for v in 0..n {
            out[2 * v] = self.left[v].len();
            out[2 * v + 1] = self.right[v].len();
            for s in [2 * v, 2 * v + 1] {
                if out[s] == 0 {
                    stack.push(s);
                }
            }
        }
        let mut removed = 0;
        while let Some(s) = stack.pop() {
            removed += 1;
            let v = s / 2;
            // Predecessors of (v, Left to move) are (u, Right to move) with v a Right option
            // of u; of (v, Right to move), (u, Left to move) with v a Left option of u.
            let (preds, parity) = if s % 2 == 0 { (&rr[v], 1) } else { (&rl[v], 0) };
            for &u in preds {
                let p = 2 * u as usize + parity;
                out[p] -= 1;
                if out[p] == 0 {
                    stack.push(p);
                }
            }
        }
        removed == 2 * n
    }
}

/// A loopy game: a vertex of a finite game graph, holding only the vertices it reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loopy {
    graph: Graph,
    root: u32,
}

/// Counts work and checks the caller's budget every so often, as the kernel and the misère
/// arena do.
pub struct Work {
    budget: Budget,
    count: u64,
}

/// Opaque: a counter of work and its budget.
impl std::fmt::Debug for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work").finish_non_exhaustive()
    }
}

impl Work {
    /// Work under this budget.
    pub fn new(budget: Budget) -> Work {
        Work { budget, count: 0 }
    }

    /// The units of work counted so far: what `benches/` and the regression gate
    /// (`tests/work_gate.rs`) record, since it does not vary with the machine's load.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Counts `units` of work and checks the budget when a multiple of 256 is passed.
    pub fn tick(&mut self, units: u64) -> Result<(), KernelError> {
        let before = self.count / 256;
        self.count = self.count.saturating_add(units);
        if self.count / 256 == before {
            return Ok(());
        }
        if self.count > self.budget.max_work {
            return Err(limit(&format!("{} units of work", self.budget.max_work)));
        }
        self.budget.check()?;
        Ok(())
    }

    /// One more vertex of a graph that now has `n`: refused past the budget's most games,
    /// one unit of work (a loop that makes a graph vertex by vertex calls this per vertex;
    /// [`Work::vertices`] would count the whole graph again each time).
    pub fn vertex(&mut self, n: usize) -> Result<(), KernelError> {
        if n > self.budget.max_games {
            return Err(limit(&format!(
                "{} vertices of a loopy game graph",
                self.budget.max_games
            )));
        }
        self.tick(1)
    }

    /// The pairs of positions of a comparison of a game of `na` positions with one of `nb`
    /// (the order of stoppers and of sides keeps a table of them): refused past the budget's
    /// most games, the message counting the positions, which is what the user wrote, as well
    /// as the pairs (`on + 20000` on main said "16777216 vertices" of a 20,001-position game).
    pub fn pairs(&mut self, na: usize, nb: usize) -> Result<usize, KernelError> {
        let max = self.budget.max_games;
        match na.checked_mul(nb) {
            Some(p) if p <= max => {
                self.tick(p as u64)?;
                Ok(p)
            }
            _ => Err(limit(&format!(
                "comparing loopy games of {na} and {nb} positions ({} pairs of positions; the \
                 order of stoppers holds at most {max})",
                na as u128 * nb as u128
            ))),
        }
    }

    /// Refuses a graph of more vertices than the budget allows games.
    pub fn vertices(&mut self, n: usize) -> Result<(), KernelError> {
        if n > self.budget.max_games {
            return Err(limit(&format!(
                "{} vertices of a loopy game graph",
                self.budget.max_games
            )));
        }
        self.tick(n as u64)
    }
}

impl Default for Work {
    fn default() -> Self {
        Work::new(Budget::default())
    }
}

pub(crate) fn limit(which: &str) -> KernelError {
    KernelError::Limit {
        which: which.to_string(),
    }
}

/// The error of the function `name` (no call to place it in): loopy play's refusals of a
/// game outside a function's domain.
pub(crate) fn error(name: &str, message: impl Into<String>) -> KernelError {
    KernelError::Function {
        name: name.to_string(),
        message: message.into(),
        calls: Vec::new(),
    }
}

/// The error for an operation defined only on stoppers.
pub(crate) fn not_stopper(what: &str) -> KernelError {
    let why = "the game is not a stopper (some follower allows infinite alternating play)";
    error(what, why)
}

/// Refuses a short game whose number part alone has more positions than a graph may have: a
/// number's form has a position for each number simpler than it (its birthday and one more),
/// so `-1823437481924` is refused at once, not after building its positions one by one.
pub(crate) fn number_fits(kernel: &Kernel, g: GameId, work: &Work) -> Result<(), KernelError> {
    let Some((x, _, _)) = kernel.as_nus(g) else {
        return Ok(());
    };
    let positions = x.birthday() + 1u32;
    if positions > num_bigint::BigInt::from(work.budget.max_games) {
        return Err(limit(&format!(
            "the number {x} as a loopy game graph has {positions} positions, more than the {} \
             a graph may have",
            work.budget.max_games
        )));
    }
    Ok(())
}

/// The game of the states reachable from `start` by `moves` (a state's Left and Right
/// moves), each state one vertex, numbered in the order first reached (`start` is the root):
/// how a short game's canonical form and a sum's product graph become graphs.
fn explore<S: Copy + Eq + std::hash::Hash>(
    start: S,
    work: &mut Work,
    mut moves: impl FnMut(&S) -> Result<[Vec<S>; 2], KernelError>,
) -> Result<Loopy, KernelError> {
    let mut index: HashMap<S, u32> = HashMap::new();
    let mut order = vec![start];
    index.insert(start, 0);
    let mut edges = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let state = order[i];
        i += 1;
        work.vertex(order.len())?;
        let sides = moves(&state)?.map(|options| {
            options
                .into_iter()
                .map(|o| {
                    let next = order.len() as u32;
                    *index.entry(o).or_insert_with(|| {
                        order.push(o);
                        next
                    })
                })
                .collect::<Vec<u32>>()
        });
        edges.push(sides);
    }
    Ok(Loopy {
        graph: Graph::from_edges(edges),
        root: 0,
    })
}

impl Loopy {
    /// The game at `root` of `graph`, keeping only what `root` reaches (renumbered in the
    /// order first reached, root first). `None` when an edge or the root is out of range.
    pub fn new(graph: &Graph, root: u32) -> Option<Loopy> {
        if !graph.check() || root as usize >= graph.len() {
            return None;
        }
        let (graph, _) = graph.reached(&[root]);
        Some(Loopy { graph, root: 0 })
    }

    /// The graph (vertex 0 is the game itself).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertex of the graph that is the game.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.graph.len()
    }

    /// Never true: a game has at least its own vertex.
    pub fn is_empty(&self) -> bool {
        self.graph.is_empty()
    }

    /// The game 0.
    pub fn zero() -> Loopy {
        Loopy {
            graph: Graph::with_vertices(1),
            root: 0,
        }
    }

    /// `on` = `{pass|}`.
    pub fn on() -> Loopy {
        let mut g = Graph::with_vertices(1);
        g.set_options(0, vec![0], vec![]);
        Loopy { graph: g, root: 0 }
    }

    /// `off` = `{|pass}`.
    pub fn off() -> Loopy {
        Loopy::on().neg()
    }

    /// `over` = `{0|pass}`.
    pub fn over() -> Loopy {
        let mut g = Graph::with_vertices(2);
        g.set_options(0, vec![1], vec![0]);
        Loopy { graph: g, root: 0 }
    }

    /// `under` = `{pass|0}`.
    pub fn under() -> Loopy {
        Loopy::over().neg()
    }

    /// `upon` = `{pass|*}`.
    pub fn upon() -> Loopy {
        // 0: upon, 1: *, 2: 0.
        let mut g = Graph::with_vertices(3);
        g.set_options(0, vec![0], vec![1]);
        g.set_options(1, vec![2], vec![2]);
        Loopy { graph: g, root: 0 }
    }

    /// `dud` = `{pass|pass}`.
    pub fn dud() -> Loopy {
        let mut g = Graph::with_vertices(1);
        g.set_options(0, vec![0], vec![0]);
        Loopy { graph: g, root: 0 }
    }

    /// `{L1,…|R1,…}`: a new vertex whose options are the given games (each copied into the
    /// new graph once).
    pub fn from_options(
        left: &[&Loopy],
        right: &[&Loopy],
        work: &mut Work,
    ) -> Result<Loopy, KernelError> {
        let mut g = Graph::with_vertices(1);
        let place = |h: &Loopy, g: &mut Graph| -> u32 {
            let base = g.len() as u32;
            for v in 0..h.len() as u32 {
                let l = h.graph.left(v).iter().map(|t| t + base).collect();
                let r = h.graph.right(v).iter().map(|t| t + base).collect();
                let nv = g.add_vertex();
                g.set_options(nv, l, r);
            }
            base + h.root
        };
        let mut ls = Vec::new();
        for h in left {
            work.vertices(g.len() + h.len())?;
            ls.push(place(h, &mut g));
        }
        let mut rs = Vec::new();
        for h in right {
            work.vertices(g.len() + h.len())?;
            rs.push(place(h, &mut g));
        }
        g.set_options(0, ls, rs);
        Ok(Loopy::new(&g, 0).unwrap_or_else(Loopy::zero))
    }

    /// The graph of a short game's canonical form, each follower one vertex.
    pub fn from_short(
        kernel: &mut Kernel,
        g: GameId,
        work: &mut Work,
    ) -> Result<Loopy, KernelError> {
        number_fits(kernel, g, work)?;
        explore(g, work, |&h| {
            Ok([kernel.left_options(h)?, kernel.right_options(h)?])
        })
    }

    /// The short game this is, when no cycle is reachable (the kernel's canonical form of the
    /// graph read as a tree, each vertex once); `None` when the game is loopy.
    pub fn to_short(
        &self,
        kernel: &mut Kernel,
        work: &mut Work,
    ) -> Result<Option<GameId>, KernelError> {
        if !self.is_loopfree() {
            return Ok(None);
        }
        // Children before parents: a depth-first postorder.
        let n = self.len();
        let mut value: Vec<Option<GameId>> = vec![None; n];
        let mut stack = vec![(self.root, false)];
        while let Some((v, done)) = stack.pop() {
            if value[v as usize].is_some() {
                continue;
            }
            work.tick(1)?;
            if done {
                let known = |os: &[u32]| -> Vec<GameId> {
                    os.iter().filter_map(|&t| value[t as usize]).collect()
                };
                let (l, r) = (known(self.graph.left(v)), known(self.graph.right(v)));
                value[v as usize] = Some(kernel.from_options(&l, &r)?);
            } else {
                stack.push((v, true));
                for &t in self.graph.left(v).iter().chain(self.graph.right(v)) {
                    if value[t as usize].is_none() {
                        stack.push((t, false));
                    }
                }
            }
        }
        Ok(value[self.root as usize])
    }

    /// Whether no vertex lies on a cycle (the game is short).
    pub fn is_loopfree(&self) -> bool {
        self.acyclic(false)
    }

    /// Whether the plain graph has no cycle, by Kahn's algorithm; a pass (a vertex's move to
    /// itself) is left out when `skip_passes`, so that one graph walk serves both
    /// [`Loopy::is_loopfree`] and `props::is_plumtree`.
    pub(super) fn acyclic(&self, skip_passes: bool) -> bool {
        let n = self.len();
        let graph = &self.graph;
        let targets = |v: u32| {
            let out = graph.left(v).iter().chain(graph.right(v)).copied();
            out.filter(move |&t| !(skip_passes && t == v))
        };
        let mut indeg = vec![0usize; n];
        for v in 0..n as u32 {
            for t in targets(v) {
                indeg[t as usize] += 1;
            }
        }
        let mut stack: Vec<u32> = (0..n as u32).filter(|&v| indeg[v as usize] == 0).collect();
        let mut seen = 0;
        while let Some(v) = stack.pop() {
            seen += 1;
            for t in targets(v) {
                indeg[t as usize] -= 1;
                if indeg[t as usize] == 0 {
                    stack.push(t);
                }
            }
        }
        seen == n
    }

    /// Whether the game is a stopper: no infinite alternating play from any follower.
    pub fn is_stopper(&self) -> bool {
        self.graph.is_alternating_acyclic()
    }

    /// −G: every edge changes sides.
    pub fn neg(&self) -> Loopy {
        Loopy {
            graph: Graph {
                left: self.graph.right.clone(),
                right: self.graph.left.clone(),
            },
            root: self.root,
        }
    }

    /// G + H: the product graph of the pairs of followers reachable from (G, H).
    pub fn add(&self, other: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
        explore((self.root, other.root), work, |&(a, b)| {
            Ok([Player::Left, Player::Right].map(|who| {
                let first = self.graph.options(a, who).iter().map(|&x| (x, b));
                let second = other.graph.options(b, who).iter().map(|&y| (a, y));
                first.chain(second).collect()
            }))
        })
    }

    /// The outcome class under the loopy convention (infinite play is a draw).
    pub fn outcome(&self, work: &mut Work) -> Result<outcome::LoopyOutcome, KernelError> {
        outcome::outcome(self, work)
    }

    /// The order of stoppers: G against H (an error when either is not a stopper).
    pub fn compare(
        &self,
        other: &Loopy,
        work: &mut Work,
    ) -> Result<crate::kernel::Relation, KernelError> {
        order::compare(self, other, work)
    }

    /// G ≥ H for stoppers: Left, moving second in G − H, never loses (an error when either
    /// is not a stopper).
    pub fn ge(&self, other: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
        order::ge(self, other, work)
    }

    /// The simplest form of a stopper (an error when this is not one).
    pub fn canonical(&self, work: &mut Work) -> Result<Loopy, KernelError> {
        canonical::canonical(self, work)
    }

    /// The onside, as a canonical stopper, found by sidling (an error when it does not settle).
    pub fn onside(&self, work: &mut Work) -> Result<Loopy, KernelError> {
        sides::onside(self, work)
    }

    /// The offside, as a canonical stopper, found by sidling (an error when it does not
    /// settle).
    pub fn offside(&self, work: &mut Work) -> Result<Loopy, KernelError> {
        sides::offside(self, work)
    }

    /// The text CGSuite would read: `on`, `over`, `{pass|*}`, `a{0|{*|a}}`.
    pub fn write(&self, kernel: &mut Kernel, work: &mut Work) -> Result<String, KernelError> {
        print::write(self, kernel, work)
    }

    /// The game at vertex `v` of this game's graph (its followers only).
    pub fn follower(&self, v: u32) -> Option<Loopy> {
        Loopy::new(&self.graph, v)
    }
}

#[cfg(test)]
mod tests;
