//! What the loopy checker decides on its graphs by the definitions: the same graph
//! (bisimulation), "is a stopper" (no alternating cycle), the order of stoppers (its own
//! survival search, `proof::loopy_order`), a place in a graph.

use super::*;

/// The key of `v` under `class`, written into `key`: when `opened`, the sets of its Left and
/// Right options' classes, else nothing (an unopened vertex is classed by its class alone).
fn key_of(g: &G, class: &[usize], v: usize, opened: bool, key: &mut Vec<usize>) {
    key.clear();
    key.push(usize::from(opened));
    if !opened {
        return;
    }
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
    key.push(0);
    set(&g.l[v], key);
    key[1] = key.len() - 2;
    set(&g.r[v], key);
}

impl<'t> Checker<'t> {
    /// The classes of the coarsest bisimulation: vertices in one class unfold to the same
    /// game tree (options compared as sets).
    pub(super) fn forms(&mut self, g: &G) -> Result<Vec<usize>, Stop> {
        let mut class = vec![0usize; g.len()];
        self.stable(g, &mut class, |_| true)?;
        Ok(class)
    }

    /// Refines `class` until it is stable: two vertices stay in one class only when their
    /// keys ([`key_of`]: for an `opened` vertex, its options' classes as sets) agree. The
    /// coarsest such refinement of the partition given, its classes numbered from 0 (those
    /// given first, each new one as it splits off).
    ///
    /// A class is signed again only when an option of one of its members moved to another
    /// class (its members' keys cannot have changed otherwise), so a round costs the vertices
    /// around the last splits, not the whole graph: two copies of a game, compared, split a
    /// few pairs a round for as many rounds as the game is deep, and signing every vertex
    /// each round was most of the check (issue 49). Splitting only keys that differ keeps
    /// every pair of one form together. A class out of the queue has its members' keys
    /// agreeing: so it was when it was last signed, and a key changes only when an option
    /// moves, which queues its class again. So when the queue is empty the partition is
    /// stable, the coarsest stable one, as refining all at once in rounds finds it.
    fn stable(
        &mut self,
        g: &G,
        class: &mut [usize],
        opened: impl Fn(usize) -> bool,
    ) -> Result<(), Stop> {
        let n = g.len();
        let count = class.iter().max().map_or(0, |&m| m + 1);
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); count];
        for (v, &c) in class.iter().enumerate() {
            members[c].push(v);
        }
        // Who has each vertex as an option (an opened vertex's key reads its options).
        let mut before: Vec<Vec<usize>> = vec![Vec::new(); n];
        for v in 0..n {
            if opened(v) {
                for &o in g.l[v].iter().chain(&g.r[v]) {
                    before[o].push(v);
                }
            }
        }
        self.tick(n as u64)?;
        let mut queued = vec![true; count];
        let mut queue: Vec<usize> = (0..count).collect();
        let mut groups: rustc_hash::FxHashMap<Vec<usize>, usize> = Default::default();
        let mut key: Vec<usize> = Vec::new();
        let mut split: Vec<Vec<usize>> = Vec::new();
        while let Some(c) = queue.pop() {
            queued[c] = false;
            let size = members[c].len();
            self.tick(size as u64)?;
            if size < 2 {
                continue;
            }
            groups.clear();
            split.clear();
            for &v in &members[c] {
                key_of(g, class, v, opened(v), &mut key);
                let k = match groups.get(key.as_slice()) {
                    Some(&k) => k,
                    None => {
                        groups.insert(key.clone(), split.len());
                        split.push(Vec::new());
                        split.len() - 1
                    }
                };
                split[k].push(v);
            }
            if split.len() < 2 {
                continue;
            }
            // The first group keeps the class; each other is a new class. Then, every group
            // numbered, the classes of whoever has a moved vertex as an option are signed
            // again.
            let mut rest = std::mem::take(&mut split);
            members[c] = std::mem::take(&mut rest[0]);
            let first_new = members.len();
            for group in rest.into_iter().skip(1) {
                let id = members.len();
                for &v in &group {
                    class[v] = id;
                }
                members.push(group);
                queued.push(false);
            }
            for moved in &members[first_new..] {
                for &v in moved {
                    for &p in &before[v] {
                        let pc = class[p];
                        if !queued[pc] {
                            queued[pc] = true;
                            queue.push(pc);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the two are the same game form.
    ///
    /// Two graphs equal vertex for vertex are one form (bisimilarity is reflexive), decided
    /// in their size instead of by rounds of refinement: a chain's step starts where the last
    /// one ended and leaves the other half of `A & B` alone, so most comparisons a chain asks
    /// are of a graph with its own copy, read again from the same entries. Any other pair is
    /// refined as ever.
    pub(super) fn same(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        if a == b {
            self.tick(a.len() as u64)?;
            return Ok(true);
        }
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
        self.stable(&u, &mut class, |v| !short[v])?;
        Ok(class[a.root] == class[off + b.root])
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::definitional::check_limits::CheckLimits;

    /// Refinement in rounds, as the checker first did it: every vertex's new class the
    /// first-met number of (its class, its options' classes as sets), until a round splits
    /// nothing.
    fn in_rounds(g: &G) -> Vec<usize> {
        let n = g.len();
        let mut class = vec![0usize; n];
        let mut count = usize::from(n > 0);
        loop {
            let mut ids: HashMap<Vec<usize>, usize> = HashMap::new();
            let next: Vec<usize> = (0..n)
                .map(|v| {
                    let mut key = Vec::new();
                    key_of(g, &class, v, true, &mut key);
                    key.insert(0, class[v]);
                    let k = ids.len();
                    *ids.entry(key).or_insert(k)
                })
                .collect();
            class = next;
            if ids.len() == count {
                return class;
            }
            count = ids.len();
        }
    }

    /// Random graphs (a fixed linear congruential sequence), some with repeated options and
    /// self-loops: the classes found by signing only around the splits are the classes found
    /// in rounds, as a relation (two vertices together in one exactly when in the other).
    #[test]
    fn forms_signed_around_the_splits_are_the_forms_found_in_rounds() {
        let table = TermTable::new();
        let limits = CheckLimits::default();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |m: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % m
        };
        let mut split_some = false;
        for round in 0..300 {
            let n = 1 + next(12 + round % 30);
            let mut g = G::default();
            for _ in 0..n {
                g.add();
            }
            for v in 0..n {
                for _ in 0..next(3) {
                    let o = next(n);
                    g.l[v].push(o);
                }
                for _ in 0..next(3) {
                    let o = next(n);
                    g.r[v].push(o);
                }
            }
            let mut c = Checker::new(&table, &limits);
            let fast = c.forms(&g).ok().unwrap();
            let slow = in_rounds(&g);
            for a in 0..n {
                for b in 0..n {
                    assert_eq!(fast[a] == fast[b], slow[a] == slow[b], "{g:?}: {a}, {b}");
                }
            }
            split_some |= slow.iter().any(|&k| k > 0) && slow.contains(&0);
        }
        assert!(split_some);
    }
}
