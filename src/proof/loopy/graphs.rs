//! What the loopy checker decides on its graphs by the definitions: the same graph
//! (bisimulation), "is a stopper" (no alternating cycle), the order of stoppers (its own
//! survival search, `proof::loopy_order`), a place in a graph.

use super::*;

/// One round of partition refinement: each vertex's new class is its class and, when
/// `opened(v)`, the sets of its Left and Right options' classes; classes are numbered as
/// first met, so the answer is the same whatever the hashing. The number of classes.
fn refine(g: &G, class: &mut Vec<usize>, opened: impl Fn(usize) -> bool) -> usize {
    let n = g.len();
    let mut ids: rustc_hash::FxHashMap<Vec<usize>, usize> = Default::default();
    let mut next = vec![0usize; n];
    // The key of a vertex, written into one buffer: its class, the size of its Left set,
    // the Left set, the Right set.
    let mut key: Vec<usize> = Vec::new();
    let set = |os: &[usize], key: &mut Vec<usize>| {
        let from = key.len();
        key.extend(os.iter().map(|&x| class[x]));
        key[from..].sort_unstable();
        let mut w = from;
        for i in from..key.len() {
            if w == from || key[i] != key[w - 1] {
                key[w] = key[i];
                w += 1;
            }
        }
        key.truncate(w);
    };
    for v in 0..n {
        key.clear();
        key.push(class[v]);
        key.push(0);
        if opened(v) {
            set(&g.l[v], &mut key);
            key[1] = key.len() - 2;
            set(&g.r[v], &mut key);
        }
        next[v] = match ids.get(key.as_slice()) {
            Some(&k) => k,
            None => {
                let k = ids.len();
                ids.insert(key.clone(), k);
                k
            }
        };
    }
    *class = next;
    ids.len()
}

impl<'t> Checker<'t> {
    /// The classes of the coarsest bisimulation: vertices in one class unfold to the same
    /// game tree (options compared as sets).
    pub(super) fn forms(&mut self, g: &G) -> Result<Vec<usize>, Stop> {
        let n = g.len();
        let mut class = vec![0usize; n];
        let mut count = 1;
        loop {
            self.tick(n as u64)?;
            let c = refine(g, &mut class, |_| true);
            if c == count {
                return Ok(class);
            }
            count = c;
        }
    }

    /// Whether the two are the same game form.
    pub(super) fn same(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        let mut u = a.clone();
        let off = u.append(b);
        let class = self.forms(&u)?;
        Ok(class[a.root] == class[off + b.root])
    }

    /// Whether the two are the same game form once each short part (a vertex from which no
    /// cycle is reachable) stands for its value: the coarsest partition of the two graphs
    /// together in which short vertices are classed by equality (each pair decided by the
    /// checker's own order, [`crate::proof::loopy_order`]; a short game is a stopper) and are not
    /// refined further, and every other vertex by its class and its options' classes, as
    /// [`Checker::forms`] does. Replacing a short option by an equal short game leaves every
    /// game around it equal (its sides too), so the producer may write a loopy game's short
    /// parts in canonical form (`{{|1},pass|pass}` as `{0,pass|pass}`).
    pub(super) fn same_up_to_short(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        let mut u = a.clone();
        let off = u.append(b);
        let n = u.len();
        let short = self.short_vertices(&u)?;
        // Short vertices by value: one representative per class, each new vertex compared
        // with the representatives so far.
        let mut class = vec![0usize; n];
        let mut reps: Vec<usize> = Vec::new();
        for v in 0..n {
            if !short[v] {
                continue;
            }
            let mut found = None;
            for (i, &r) in reps.iter().enumerate() {
                if self.ge_at(&u, v, &u, r)? && self.ge_at(&u, r, &u, v)? {
                    found = Some(i);
                    break;
                }
            }
            class[v] = 1 + match found {
                Some(i) => i,
                None => {
                    reps.push(v);
                    reps.len() - 1
                }
            };
        }
        let mut count = reps.len() + usize::from(short.iter().any(|&s| !s));
        loop {
            self.tick(n as u64)?;
            let c = refine(&u, &mut class, |v| !short[v]);
            if c == count {
                return Ok(class[a.root] == class[off + b.root]);
            }
            count = c;
        }
    }

    /// For each vertex, whether no cycle is reachable from it (it is a short game): the
    /// vertices all of whose options are short, found from the ends of play backwards.
    pub(super) fn short_vertices(&mut self, g: &G) -> Result<Vec<bool>, Stop> {
        let n = g.len();
        let mut rev: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut left = vec![0usize; n];
        for (v, count) in left.iter_mut().enumerate() {
            for &o in g.l[v].iter().chain(&g.r[v]) {
                rev[o].push(v);
                *count += 1;
            }
        }
        let mut short = vec![false; n];
        let mut stack: Vec<usize> = (0..n).filter(|&v| left[v] == 0).collect();
        while let Some(v) = stack.pop() {
            self.tick(1)?;
            short[v] = true;
            for &p in &rev[v] {
                left[p] -= 1;
                if left[p] == 0 {
                    stack.push(p);
                }
            }
        }
        Ok(short)
    }

    /// The game with one vertex per form (options as sets of forms), and each vertex's form.
    pub(super) fn quotient(&mut self, g: &G) -> Result<(G, Vec<usize>), Stop> {
        let class = self.forms(g)?;
        let n = class.iter().max().map_or(0, |&m| m + 1);
        let mut q = G {
            l: vec![Vec::new(); n],
            r: vec![Vec::new(); n],
            root: class.get(g.root).copied().unwrap_or(0),
        };
        let mut done = vec![false; n];
        for v in 0..g.len() {
            let c = class[v];
            if !done[c] {
                done[c] = true;
                q.l[c] = set_of(&g.l[v], &class);
                q.r[c] = set_of(&g.r[v], &class);
            }
        }
        Ok((q, class))
    }

    /// Whether no follower allows an infinite alternating play: the graph of (vertex, player
    /// to move) has no cycle.
    pub(super) fn stopper(&mut self, g: &G) -> Result<bool, Stop> {
        let n = g.len();
        // Node 2v: Left to move at v; 2v + 1: Right to move.
        let succ = |x: usize| -> &[usize] {
            if x.is_multiple_of(2) {
                &g.l[x / 2]
            } else {
                &g.r[x / 2]
            }
        };
        let mut indeg = vec![0usize; 2 * n];
        for x in 0..2 * n {
            for &o in succ(x) {
                indeg[2 * o + 1 - x % 2] += 1;
            }
        }
        let mut stack: Vec<usize> = (0..2 * n).filter(|&x| indeg[x] == 0).collect();
        let mut removed = 0;
        while let Some(x) = stack.pop() {
            self.tick(1)?;
            removed += 1;
            for &o in succ(x) {
                let y = 2 * o + 1 - x % 2;
                indeg[y] -= 1;
                if indeg[y] == 0 {
                    stack.push(y);
                }
            }
        }
        Ok(removed == 2 * n)
    }

    /// For all vertices a, b of `g` (stoppers): whether a ≥ b, that is, Right moving first in
    /// a − b cannot force Left to be stuck. Indexed `a * n + b`.
    pub(super) fn ge(&mut self, g: &G) -> Result<Vec<bool>, Stop> {
        let n = g.len();
        let pairs = n * n;
        // Right wins with Right to move / with Left to move, in finitely many moves.
        let mut rr = vec![false; pairs];
        let mut rl = vec![false; pairs];
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..n {
                    let p = a * n + b;
                    self.tick(
                        1 + (g.l[a].len() + g.r[a].len() + g.l[b].len() + g.r[b].len()) as u64,
                    )?;
                    if !rl[p]
                        && g.l[a].iter().all(|&x| rr[x * n + b])
                        && g.r[b].iter().all(|&y| rr[a * n + y])
                    {
                        rl[p] = true;
                        changed = true;
                    }
                    if !rr[p]
                        && (g.r[a].iter().any(|&x| rl[x * n + b])
                            || g.l[b].iter().any(|&y| rl[a * n + y]))
                    {
                        rr[p] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(rr.into_iter().map(|x| !x).collect());
            }
        }
    }

    /// The vertex at the end of a path.
    pub(super) fn follow(&self, g: &G, at: &[PathElem]) -> Result<usize, Stop> {
        let mut v = g.root;
        for e in at {
            let (p, i) = match e {
                PathElem::Left(i) => (Player::Left, *i),
                PathElem::Right(i) => (Player::Right, *i),
                other => {
                    return Err(Stop::Wrong(format!(
                        "`{other}` is no place in a game graph (places are L0, R1, …)"
                    )))
                }
            };
            v = *g.side(v, p).get(i).ok_or_else(|| {
                Stop::Wrong(format!(
                    "the place {} is not in the game",
                    crate::proof::step::path_string(at)
                ))
            })?;
        }
        Ok(v)
    }

    /// Whether `a`'s and `b`'s tops are equal stoppers: each at least the other.
    pub(super) fn equal(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        Ok(self.ge_at(a, a.root, b, b.root)? && self.ge_at(b, b.root, a, a.root)?)
    }

    /// Whether vertex `x` of stopper `a` is at least vertex `y` of stopper `b`, by the
    /// checker's own search of that one comparison ([`crate::proof::loopy_order`]).
    pub(super) fn ge_at(&mut self, a: &G, x: usize, b: &G, y: usize) -> Result<bool, Stop> {
        let ga = crate::proof::loopy_sides::Graph { l: &a.l, r: &a.r };
        let gb = crate::proof::loopy_sides::Graph { l: &b.l, r: &b.r };
        let mut tick = |n: u64| self.tick(n);
        crate::proof::loopy_order::ge(&ga, x, &gb, y, &mut tick)
    }
}
