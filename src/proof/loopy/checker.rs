//! The loopy checker's work on its own graphs: reading a step's terms from the proof's table
//! into graphs of its own, and deciding each step by the definitions (the stopper order by
//! survival, a deletion against the side's stopper), sharing nothing with the producer.

use super::*;

impl<'t> Checker<'t> {
    pub(super) fn tick(&mut self, n: u64) -> Result<(), Stop> {
        self.work += n;
        if self.work > MAX_WORK.min(self.limits.max_work) {
            return Err(Stop::Limit(format!(
                "the loopy check's budget of {} units of work",
                MAX_WORK.min(self.limits.max_work)
            )));
        }
        if self.work >= self.next_look {
            self.next_look = self.work + LOOK_EVERY;
            self.limits.look().map_err(Stop::Limit)?;
        }
        Ok(())
    }

    pub(super) fn grow(&mut self, g: &G) -> Result<(), Stop> {
        if g.len() > MAX_VERTICES {
            return Err(Stop::Limit(format!(
                "a game graph of more than {MAX_VERTICES} vertices"
            )));
        }
        self.tick(1)
    }

    /// The graph a term writes, by the definitions.
    pub(super) fn read(&mut self, t: &Term) -> Result<G, Stop> {
        let mut g = G::default();
        let mut labels: Vec<(String, usize)> = Vec::new();
        self.entries.push(HashMap::new());
        let root = self.node(&mut g, t, &mut labels, 0);
        self.entries.pop();
        g.root = root?;
        Ok(g)
    }

    pub(super) fn node(
        &mut self,
        g: &mut G,
        t: &Term,
        labels: &mut Vec<(String, usize)>,
        depth: usize,
    ) -> Result<usize, Stop> {
        if depth > 1000 {
            return Err(Stop::Limit(
                "terms nested more than 1000 levels deep".into(),
            ));
        }
        self.grow(g)?;
        match t {
            Term::Game { left, right } => self.braces(g, left, right, None, labels, depth),
            Term::Call { name, args } if name == "loop" => match &args[..] {
                [Arg::Text(l), Arg::Game(Term::Game { left, right })] => {
                    self.braces(g, left, right, Some(l), labels, depth)
                }
                _ => Err(Stop::Wrong(format!(
                    "{}: a label names braces, as in a{{0|a}}",
                    show(t)
                ))),
            },
            Term::Call { name, args } if args.is_empty() && name == "pass" => Err(Stop::Wrong(
                "`pass` is an option inside braces, not a game".into(),
            )),
            Term::Call { name, args } if args.is_empty() => self.named(g, name),
            Term::Name(n) => labels
                .iter()
                .rev()
                .find(|(l, _)| l == n)
                .map(|&(_, v)| v)
                .ok_or_else(|| {
                    Stop::Wrong(format!("the label `{n}` is not defined around its use"))
                }),
            Term::Ref(n) => self.entry(g, *n, depth),
            Term::Sum(a, b) => {
                let x = self.closed(a, depth)?;
                let y = self.closed(b, depth)?;
                let s = self.sum(&x, &y)?;
                Ok(g.append(&s) + s.root)
            }
            Term::Neg(a) => {
                let x = self.closed(a, depth)?;
                let n = G {
                    l: x.r,
                    r: x.l,
                    root: x.root,
                };
                Ok(g.append(&n) + n.root)
            }
            Term::Multiple { count, game } => {
                let n = i64::try_from(count.clone()).unwrap_or(i64::MAX);
                if n.unsigned_abs() > 64 {
                    return Err(Stop::Limit("more than 64 copies of a game".into()));
                }
                let mut x = self.closed(game, depth)?;
                if n < 0 {
                    x = G {
                        l: x.r,
                        r: x.l,
                        root: x.root,
                    };
                }
                let mut acc = self.zero();
                for _ in 0..n.unsigned_abs() {
                    acc = self.sum(&acc, &x)?;
                }
                Ok(g.append(&acc) + acc.root)
            }
            Term::PlusMinus(xs) => {
                // ±{a, b, …} = {a, b, … | −a, −b, …}.
                let v = g.add();
                for x in xs {
                    let gx = self.closed(x, depth)?;
                    let a = g.append(&gx) + gx.root;
                    let neg = G {
                        l: gx.r,
                        r: gx.l,
                        root: gx.root,
                    };
                    let b = g.append(&neg) + neg.root;
                    g.l[v].push(a);
                    g.r[v].push(b);
                }
                Ok(v)
            }
            Term::Nus { number, up, nim } => {
                let x = self.nus(number, up, nim)?;
                Ok(g.append(&x) + x.root)
            }
            _ => Err(Stop::Wrong(format!(
                "{} is not a term the loopy checker reads (braces, labels, pass, on … dud, \
                 numbers, nim heaps, ↑, ±, sums, negatives, copies)",
                show(t)
            ))),
        }
    }

    /// A part of a sum or negative: read on its own (a label inside it may not refer out).
    pub(super) fn closed(&mut self, t: &Term, depth: usize) -> Result<G, Stop> {
        let mut g = G::default();
        self.entries.push(HashMap::new());
        let root = self.node(&mut g, t, &mut Vec::new(), depth + 1);
        self.entries.pop();
        g.root = root?;
        Ok(g)
    }

    /// Entry `n` of the term table, read here from its view, once per graph. An entry is a
    /// closed game (a label used in it is defined in it), so it is read with no label around
    /// it. A brace's vertex is made before its options are read, so an entry naming itself or
    /// a later entry (a loopy proof's graph written through the table) closes its cycle; the
    /// entries a brace names are read by a worklist, not by recursion, so a long chain of them
    /// is no deeper than one. A cycle through an entry that is not a brace (a sum, a
    /// negative) has no graph, and is refused.
    pub(super) fn entry(&mut self, g: &mut G, n: u32, depth: usize) -> Result<usize, Stop> {
        if let Some(&v) = self.entries.last().and_then(|m| m.get(&n)) {
            return Ok(v);
        }
        if self.active.contains(&n) {
            return Err(Stop::Wrong(format!(
                "#{n} names itself through a sum, a negative or another entry that is not a \
                 brace: only braces may name back"
            )));
        }
        let view = self.view(n)?;
        if !matches!(view, Term::Game { .. }) {
            self.active.push(n);
            let v = self.node(g, view, &mut Vec::new(), depth + 1);
            self.active.pop();
            let v = v.map_err(|e| in_entry(n, e))?;
            if let Some(m) = self.entries.last_mut() {
                m.insert(n, v);
            }
            return Ok(v);
        }
        // Braces: each vertex made first, its options read after.
        let first = self.brace_vertex(g, n)?;
        let mut queue = vec![n];
        while let Some(k) = queue.pop() {
            let view = self.view(k)?;
            let Term::Game { left, right } = view else {
                continue;
            };
            let v = self
                .entries
                .last()
                .and_then(|m| m.get(&k))
                .copied()
                .unwrap_or(first);
            let mut sides = [Vec::new(), Vec::new()];
            for (s, opts) in [left, right].into_iter().enumerate() {
                for o in opts {
                    let x = match o {
                        Term::Call { name, args } if name == "pass" && args.is_empty() => v,
                        Term::Ref(m) => {
                            let known = self.entries.last().and_then(|e| e.get(m)).copied();
                            match known {
                                Some(x) => x,
                                None if matches!(self.view(*m)?, Term::Game { .. }) => {
                                    queue.push(*m);
                                    self.brace_vertex(g, *m)?
                                }
                                None => self.entry(g, *m, depth + 1)?,
                            }
                        }
                        other => self
                            .node(g, other, &mut Vec::new(), depth + 1)
                            .map_err(|e| in_entry(k, e))?,
                    };
                    sides[s].push(x);
                }
            }
            let [l, r] = sides;
            g.l[v] = l;
            g.r[v] = r;
        }
        Ok(first)
    }

    /// A new vertex for brace entry `n` in the graph being read, its options still to read.
    pub(super) fn brace_vertex(&mut self, g: &mut G, n: u32) -> Result<usize, Stop> {
        self.grow(g)?;
        let v = g.add();
        if let Some(m) = self.entries.last_mut() {
            m.insert(n, v);
        }
        Ok(v)
    }

    /// Entry `n`'s view, or why there is none.
    pub(super) fn view(&self, n: u32) -> Result<&'t Term, Stop> {
        self.table.view(n).ok_or_else(|| {
            Stop::Wrong(format!(
                "#{n} is not an entry of the term table ({} entries)",
                self.table.len()
            ))
        })
    }

    pub(super) fn braces(
        &mut self,
        g: &mut G,
        left: &[Term],
        right: &[Term],
        label: Option<&String>,
        labels: &mut Vec<(String, usize)>,
        depth: usize,
    ) -> Result<usize, Stop> {
        let v = g.add();
        if let Some(l) = label {
            labels.push((l.clone(), v));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                let pass =
                    matches!(o, Term::Call { name, args } if name == "pass" && args.is_empty());
                let x = if pass {
                    v
                } else {
                    self.node(g, o, labels, depth + 1)?
                };
                sides[s].push(x);
            }
        }
        if label.is_some() {
            labels.pop();
        }
        let [l, r] = sides;
        g.l[v] = l;
        g.r[v] = r;
        Ok(v)
    }

    pub(super) fn zero(&self) -> G {
        G {
            l: vec![Vec::new()],
            r: vec![Vec::new()],
            root: 0,
        }
    }

    /// The named games by their definitions (Winning Ways ch. 11; Siegel VI.1).
    pub(super) fn named(&mut self, g: &mut G, name: &str) -> Result<usize, Stop> {
        let v = g.add();
        let star = || -> G {
            G {
                l: vec![vec![1], vec![]],
                r: vec![vec![1], vec![]],
                root: 0,
            }
        };
        let zero = |g: &mut G| g.add();
        match name {
            "on" => g.l[v] = vec![v],
            "off" => g.r[v] = vec![v],
            "dud" => {
                g.l[v] = vec![v];
                g.r[v] = vec![v];
            }
            "over" => {
                let z = zero(g);
                g.l[v] = vec![z];
                g.r[v] = vec![v];
            }
            "under" => {
                let z = zero(g);
                g.l[v] = vec![v];
                g.r[v] = vec![z];
            }
            "upon" => {
                let s = g.append(&star());
                g.l[v] = vec![v];
                g.r[v] = vec![s];
            }
            other => {
                return Err(Stop::Wrong(format!(
                    "`{other}` is not a game the loopy checker knows by definition"
                )))
            }
        }
        Ok(v)
    }

    /// number + up·↑ + *nim by the definitions: integers n = {n−1|}, dyadics
    /// m/2^k = {(m−1)/2^k | (m+1)/2^k}, ↑ = {0|*}, *n = {0,…,*(n−1) | 0,…,*(n−1)}, added.
    pub(super) fn nus(
        &mut self,
        number: &Dyadic,
        up: &num_bigint::BigInt,
        nim: &crate::number::Nimber,
    ) -> Result<G, Stop> {
        let too_big = |what: &str| Stop::Limit(format!("{what} too large for the loopy checker"));
        let m = i64::try_from(number.numerator().clone()).map_err(|_| too_big("a number"))?;
        let k = number.denominator_exp();
        if k > 12 || m.unsigned_abs() > 256 << k {
            return Err(too_big("a number"));
        }
        let mut g = G::default();
        let mut memo: HashMap<(i64, u64), usize> = HashMap::new();
        let root = self.dyadic(&mut g, m, k, &mut memo)?;
        g.root = root;
        let u = i64::try_from(up.clone()).map_err(|_| too_big("a multiple of ↑"))?;
        if u.unsigned_abs() > 16 {
            return Err(too_big("a multiple of ↑"));
        }
        let n = nim
            .to_u64()
            .filter(|&n| n <= 256)
            .ok_or_else(|| too_big("a nim heap"))?;
        let mut acc = g;
        if u != 0 {
            // ↑ = {0|*}: vertices 0 = ↑, 1 = 0, 2 = *; ↓ the negative.
            let mut one = G {
                l: vec![vec![1], vec![], vec![1]],
                r: vec![vec![2], vec![], vec![1]],
                root: 0,
            };
            if u < 0 {
                std::mem::swap(&mut one.l, &mut one.r);
            }
            for _ in 0..u.unsigned_abs() {
                acc = self.sum(&acc, &one)?;
            }
        }
        if n > 0 {
            let n = n as usize;
            let heap = G {
                l: (0..n).map(|i| (0..i).collect()).collect(),
                r: (0..n).map(|i| (0..i).collect()).collect(),
                root: n - 1,
            };
            // Vertex i is *i (vertex 0 has no options).
            let mut h = heap;
            h.l.push((0..n).collect());
            h.r.push((0..n).collect());
            h.root = n;
            acc = self.sum(&acc, &h)?;
        }
        Ok(acc)
    }

    pub(super) fn dyadic(
        &mut self,
        g: &mut G,
        m: i64,
        k: u64,
        memo: &mut HashMap<(i64, u64), usize>,
    ) -> Result<usize, Stop> {
        // Lowest terms.
        let (mut m, mut k) = (m, k);
        while k > 0 && m % 2 == 0 {
            m /= 2;
            k -= 1;
        }
        if let Some(&v) = memo.get(&(m, k)) {
            return Ok(v);
        }
        self.grow(g)?;
        let v = if k == 0 {
            // Integers: 0 = {|}, n = {n−1|}, −n = {|−n+1}.
            let v = g.add();
            if m > 0 {
                let x = self.dyadic(g, m - 1, 0, memo)?;
                g.l[v] = vec![x];
            } else if m < 0 {
                let x = self.dyadic(g, m + 1, 0, memo)?;
                g.r[v] = vec![x];
            }
            v
        } else {
            let v = g.add();
            let a = self.dyadic(g, m - 1, k, memo)?;
            let b = self.dyadic(g, m + 1, k, memo)?;
            g.l[v] = vec![a];
            g.r[v] = vec![b];
            v
        };
        memo.insert((m, k), v);
        Ok(v)
    }

    /// G + H by the definition: the product graph of the pairs reachable from the roots.
    pub(super) fn sum(&mut self, a: &G, b: &G) -> Result<G, Stop> {
        let mut g = G::default();
        let mut index: HashMap<(usize, usize), usize> = HashMap::new();
        let mut todo = vec![(a.root, b.root)];
        index.insert((a.root, b.root), g.add());
        while let Some((x, y)) = todo.pop() {
            self.grow(&g)?;
            let v = index[&(x, y)];
            let mut sides = [Vec::new(), Vec::new()];
            for (s, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                let pairs: Vec<(usize, usize)> = a
                    .side(x, p)
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(b.side(y, p).iter().map(|&y2| (x, y2)))
                    .collect();
                for q in pairs {
                    let w = match index.get(&q) {
                        Some(&w) => w,
                        None => {
                            let w = g.add();
                            index.insert(q, w);
                            todo.push(q);
                            w
                        }
                    };
                    sides[s].push(w);
                }
            }
            let [l, r] = sides;
            g.l[v] = l;
            g.r[v] = r;
        }
        g.root = 0;
        Ok(g)
    }

    /// The classes of the coarsest bisimulation: vertices in one class unfold to the same
    /// game tree (options compared as sets).
    pub(super) fn forms(&mut self, g: &G) -> Result<Vec<usize>, Stop> {
        let n = g.len();
        let mut class = vec![0usize; n];
        let mut count = 1;
        loop {
            self.tick(n as u64)?;
            let mut ids: BTreeMap<(usize, Vec<usize>, Vec<usize>), usize> = BTreeMap::new();
            let mut next = vec![0usize; n];
            for v in 0..n {
                let set = |os: &[usize]| {
                    let mut c: Vec<usize> = os.iter().map(|&x| class[x]).collect();
                    c.sort_unstable();
                    c.dedup();
                    c
                };
                let key = (class[v], set(&g.l[v]), set(&g.r[v]));
                let k = ids.len();
                next[v] = *ids.entry(key).or_insert(k);
            }
            let c = ids.len();
            class = next;
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
            let mut ids: BTreeMap<(usize, Vec<usize>, Vec<usize>), usize> = BTreeMap::new();
            let mut next = vec![0usize; n];
            for v in 0..n {
                let set = |os: &[usize]| {
                    let mut c: Vec<usize> = os.iter().map(|&x| class[x]).collect();
                    c.sort_unstable();
                    c.dedup();
                    c
                };
                let key = if short[v] {
                    (class[v], Vec::new(), Vec::new())
                } else {
                    (class[v], set(&u.l[v]), set(&u.r[v]))
                };
                let k = ids.len();
                next[v] = *ids.entry(key).or_insert(k);
            }
            let c = ids.len();
            class = next;
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

    /// One rule instance, read from `f` to `t`, at the place `at` of `f`'s graph.
    pub(super) fn rule(&mut self, s: &Step, at: &[PathElem], f: &G, t: &G) -> Result<(), Stop> {
        let value = |k: &str| -> Result<usize, Stop> {
            let d = s
                .witnesses
                .value(k)
                .ok_or_else(|| Stop::Wrong(format!("the witness `{k}` is missing")))?;
            if !d.is_integer() {
                return Err(Stop::Wrong(format!("the witness `{k}` is not an index")));
            }
            usize::try_from(d.numerator().clone())
                .map_err(|_| Stop::Wrong(format!("the witness `{k}` is not an index")))
        };
        if s.rule == "loopy-sum" {
            if !at.is_empty() {
                return Err(Stop::Wrong("loopy-sum applies at the top".into()));
            }
            // The same game form; or, for stoppers (a short part such as `1/2 + *` stands
            // for its canonical form, not the sum written out), equal by the order.
            if self.same(f, t)? {
                return Ok(());
            }
            if self.stopper(f)? && self.stopper(t)? && self.equal(f, t)? {
                return Ok(());
            }
            // A game that is not a stopper: the same form once every short part stands for
            // its value (`{{|1},pass|pass}` is written `{0,pass|pass}`, `{|1}` being 0).
            if self.same_up_to_short(f, t)? {
                return Ok(());
            }
            return Err(Stop::Wrong(
                "the two sides are not the same game by the definitions".into(),
            ));
        }
        if !self.stopper(f)? {
            return Err(Stop::Wrong(format!(
                "{} simplifies stoppers, and this game has an infinite alternating play",
                s.rule
            )));
        }
        let side = if s.rule.ends_with("-left") {
            Player::Left
        } else {
            Player::Right
        };
        let v = self.follow(f, at)?;
        match s.rule.as_str() {
            "loopy-dominated-left" | "loopy-dominated-right" => {
                let (i, j) = (value("removed")?, value("by")?);
                let os = f.side(v, side).to_vec();
                let (Some(&x), Some(&y)) = (os.get(i), os.get(j)) else {
                    return Err(Stop::Wrong(
                        "the witnesses name options the game lacks".into(),
                    ));
                };
                if i == j {
                    return Err(Stop::Wrong("an option cannot dominate itself".into()));
                }
                let ok = match side {
                    Player::Left => self.ge_at(f, y, f, x)?,
                    Player::Right => self.ge_at(f, x, f, y)?,
                };
                if !ok {
                    return Err(Stop::Wrong(format!(
                        "the option {}{i} is not dominated by {}{j}",
                        letter(side),
                        letter(side)
                    )));
                }
                let kept: Vec<usize> = os
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .map(|(_, &o)| o)
                    .collect();
                self.edited(f, t, v, side, kept)?;
            }
            "loopy-reversible-left" | "loopy-reversible-right" => {
                let (i, k) = (value("option")?, value("through")?);
                let os = f.side(v, side).to_vec();
                let Some(&x) = os.get(i) else {
                    return Err(Stop::Wrong(
                        "the witness names an option the game lacks".into(),
                    ));
                };
                let Some(&r) = f.side(x, other(side)).get(k) else {
                    return Err(Stop::Wrong(
                        "the witness names an option the game lacks".into(),
                    ));
                };
                let ok = match side {
                    Player::Left => self.ge_at(f, v, f, r)?,
                    Player::Right => self.ge_at(f, r, f, v)?,
                };
                if !ok {
                    return Err(Stop::Wrong(format!(
                        "the option {}{i} does not reverse through {}{k}",
                        letter(side),
                        letter(other(side))
                    )));
                }
                let mut new: Vec<usize> = os
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &o)| o)
                    .collect();
                new.extend_from_slice(f.side(r, side));
                self.edited(f, t, v, side, new)?;
            }
            "loopy-fusion" => {
                if !at.is_empty() {
                    return Err(Stop::Wrong("loopy-fusion applies at the top".into()));
                }
                self.fused(f, t)?;
            }
            // A user's rule: its theorem is not taken on trust. The step holds when the games
            // before and after are equal stoppers, checked below by the checker's own order.
            other if self.users.iter().any(|u| u == other) => {}
            other => {
                return Err(Stop::Wrong(format!(
                    "`{other}` is not a rule of loopy games (rules/loopy.rules)"
                )))
            }
        }
        if !self.stopper(t)? {
            return Err(Stop::Wrong(
                "the game after the step is not a stopper".into(),
            ));
        }
        if !self.equal(f, t)? {
            return Err(Stop::Wrong(
                "the games before and after the step are not equal".into(),
            ));
        }
        Ok(())
    }

    /// Checks that `t` is `f` with `v`'s options on `side` made `new` (every vertex of the
    /// same form as `v` edited alike: they are one game).
    pub(super) fn edited(
        &mut self,
        f: &G,
        t: &G,
        v: usize,
        side: Player,
        new: Vec<usize>,
    ) -> Result<(), Stop> {
        let (mut q, class) = self.quotient(f)?;
        let c = class[v];
        let set = set_of(&new, &class);
        match side {
            Player::Left => q.l[c] = set,
            Player::Right => q.r[c] = set,
        }
        if !self.same(&q, t)? {
            return Err(Stop::Wrong(format!(
                "the game after the step is not the game before with that option {}",
                "replaced as the rule says"
            )));
        }
        Ok(())
    }

    /// Checks that every position of `t` is a position of `f` with its options moved to
    /// positions equal to them (by [`Checker::ge`] on both graphs together).
    pub(super) fn fused(&mut self, f: &G, t: &G) -> Result<(), Stop> {
        let mut u = f.clone();
        let off = u.append(t);
        let n = u.len();
        let ge = self.ge(&u)?;
        let eq = |a: usize, b: usize| ge[a * n + b] && ge[b * n + a];
        // Each vertex's class: the first vertex equal to it.
        let class: Vec<usize> = (0..n)
            .map(|a| (0..=a).find(|&b| eq(a, b)).unwrap_or(a))
            .collect();
        for w in off..n {
            self.tick(off as u64)?;
            let (lw, rw) = (set_of(&u.l[w], &class), set_of(&u.r[w], &class));
            let found = (0..off).any(|x| {
                class[x] == class[w]
                    && set_of(&u.l[x], &class) == lw
                    && set_of(&u.r[x], &class) == rw
            });
            if !found {
                return Err(Stop::Wrong(
                    "a position after the step is not a position before it with its options \
                     moved to equal positions"
                        .into(),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn step(&mut self, prev: &Shape, s: &Step) -> Result<Shape, Stop> {
        if s.rule == open::RULE || matches!(prev, Shape::Unopened(_)) {
            return open::step(self, prev, s);
        }
        if s.lemma.is_some() || !s.parts.is_empty() {
            return Err(Stop::Wrong(
                "a loopy step is a single rule instance (no lemma, no parts)".into(),
            ));
        }
        if !RULES.contains(&s.rule.as_str()) && !self.users.contains(&s.rule) {
            return Err(Stop::Wrong(format!(
                "`{}` is not a rule of loopy games (rules/loopy.rules, or a `reduce` rule of \
                 the group `loopy` in the rules given)",
                s.rule
            )));
        }
        let from = self.shape(&s.from)?;
        if !self.same_shape(prev, &from)? {
            return Err(Stop::Wrong(format!(
                "it starts from {}, which is not where the chain is",
                show(&s.from)
            )));
        }
        let to = self.shape(&s.to)?;
        if s.reversed {
            self.apply(s, &s.at, &to, &from)?;
        } else {
            self.apply(s, &s.at, &from, &to)?;
        }
        Ok(to)
    }

    /// A whole term: `onside(G)`, `offside(G)`, `A & B`, sums and negatives of these, or a
    /// game.
    pub(super) fn shape(&mut self, t: &Term) -> Result<Shape, Stop> {
        self.shape_at(t, 0)
    }

    /// [`Checker::shape`] at `depth` levels of `&`, sums and negatives (table references
    /// may nest them without end; the depth is bounded as in [`Checker::node`]).
    pub(super) fn shape_at(&mut self, t: &Term, depth: usize) -> Result<Shape, Stop> {
        if depth > 1000 {
            return Err(Stop::Limit(
                "terms nested more than 1000 levels deep".into(),
            ));
        }
        self.tick(1)?;
        let t = match t {
            Term::Ref(n) => self
                .table
                .unfold(t)
                .ok_or_else(|| Stop::Wrong(format!("#{n} is not in the term table")))?,
            _ => t.clone(),
        };
        Ok(match &t {
            Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
                [Arg::Game(x)] => Shape::Side(name == "onside", self.read(x)?),
                _ => return Err(Stop::Wrong(format!("{name} takes one game"))),
            },
            Term::Call { name, args } if name == crate::loopy::build::SIDLE => match &args[..] {
                [Arg::Game(a), Arg::Game(b)] => Shape::Sidle(
                    Box::new(self.shape_at(a, depth + 1)?),
                    Box::new(self.shape_at(b, depth + 1)?),
                ),
                _ => return Err(Stop::Wrong("`&` joins two games".into())),
            },
            Term::Sum(a, b) => Shape::Sum(
                Box::new(self.shape_at(a, depth + 1)?),
                Box::new(self.shape_at(b, depth + 1)?),
            ),
            Term::Neg(a) => Shape::Neg(Box::new(self.shape_at(a, depth + 1)?)),
            _ => Shape::Game(self.read(&t)?),
        })
    }

    /// The game a shape writes when it has no `onside`, `offside` or `&` in it: sums as
    /// product graphs, negatives with the players swapped, by the definitions.
    pub(super) fn game_of(&mut self, a: &Shape) -> Result<Option<G>, Stop> {
        Ok(match a {
            Shape::Game(g) => Some(g.clone()),
            Shape::Sum(x, y) => match (self.game_of(x)?, self.game_of(y)?) {
                (Some(x), Some(y)) => Some(self.sum(&x, &y)?),
                _ => None,
            },
            Shape::Neg(x) => self.game_of(x)?.map(|x| G {
                l: x.r,
                r: x.l,
                root: x.root,
            }),
            Shape::Side(..) | Shape::Sidle(..) | Shape::Unopened(_) => None,
        })
    }

    /// Whether two whole terms are the same: the same shape, their games the same forms.
    pub(super) fn same_shape(&mut self, a: &Shape, b: &Shape) -> Result<bool, Stop> {
        if let (Some(x), Some(y)) = (self.game_of(a)?, self.game_of(b)?) {
            return self.same(&x, &y);
        }
        match (a, b) {
            (Shape::Sum(a1, b1), Shape::Sum(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Neg(a1), Shape::Neg(a2)) => self.same_shape(a1, a2),
            (Shape::Game(x), Shape::Game(y)) => self.same(x, y),
            (Shape::Side(p, x), Shape::Side(q, y)) => Ok(p == q && self.same(x, y)?),
            (Shape::Sidle(a1, b1), Shape::Sidle(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Unopened(a), Shape::Unopened(b)) => Ok(a == b),
            _ => Ok(false),
        }
    }

    /// One rule instance from the whole term `f` to `t` at `at`: the arguments of `A & B`
    /// and of `onside(…)` are followed first (`arg0`, `arg1`), the rest of the terms must be
    /// unchanged.
    pub(super) fn apply(
        &mut self,
        s: &Step,
        at: &[PathElem],
        f: &Shape,
        t: &Shape,
    ) -> Result<(), Stop> {
        let outside =
            || Stop::Wrong("the step changes the term outside the place it names".to_string());
        let no_place = || {
            Stop::Wrong(format!(
                "the place {} is not in the term",
                crate::proof::step::path_string(&s.at)
            ))
        };
        let side_rule = SIDE_DELETES.iter().find(|d| d.0 == s.rule);
        // Sums and negatives of games are games.
        // A step inside a part of a sum or negative keeps it as its parts.
        let into_part = matches!(
            at.first(),
            Some(PathElem::SumLeft | PathElem::SumRight | PathElem::NegInner)
        );
        let flat = !into_part && (!matches!(f, Shape::Game(_)) || !matches!(t, Shape::Game(_)));
        match (self.game_of(f)?, self.game_of(t)?) {
            (Some(g), Some(g2)) if flat => {
                return self.apply(s, at, &Shape::Game(g), &Shape::Game(g2));
            }
            (Some(g), None) if !matches!(f, Shape::Game(_)) && s.rule == "loopy-sides" => {
                return self.apply(s, at, &Shape::Game(g), t);
            }
            _ => {}
        }
        if at.is_empty() && s.rule.starts_with("sidle-") {
            return self.sidle_rule(s, f, t);
        }
        match f {
            Shape::Sum(a, b) => {
                let Shape::Sum(a2, b2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::SumLeft) => {
                        if !self.same_shape(b, b2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], a, a2)
                    }
                    Some(PathElem::SumRight) => {
                        if !self.same_shape(a, a2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], b, b2)
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Neg(a) => {
                let Shape::Neg(a2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::NegInner) => self.apply(s, &at[1..], a, a2),
                    _ => Err(no_place()),
                }
            }
            Shape::Sidle(a, b) => {
                let Shape::Sidle(a2, b2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::CallArg(0)) => {
                        if !self.same_shape(b, b2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], a, a2)
                    }
                    Some(PathElem::CallArg(1)) => {
                        if !self.same_shape(a, a2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], b, b2)
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Side(on, g) => {
                let which = if *on { "onside" } else { "offside" };
                match at.first() {
                    None => {
                        if s.rule != format!("{which}-stopper") {
                            return Err(Stop::Wrong(format!(
                                "{} does not apply to an {which} (only {which}-stopper does, \
                                 and the rules inside it apply at arg0)",
                                s.rule
                            )));
                        }
                        let Shape::Game(g2) = t else {
                            return Err(Stop::Wrong(format!(
                                "{which}-stopper gives the game itself"
                            )));
                        };
                        if !self.stopper(g)? {
                            return Err(Stop::Wrong(format!(
                                "the game has an infinite alternating play, so it is not a \
                                 stopper and its {which} need not be itself"
                            )));
                        }
                        if !self.same(g, g2)? {
                            return Err(Stop::Wrong(format!(
                                "the game after {which}-stopper is not the game inside the {which}"
                            )));
                        }
                        Ok(())
                    }
                    Some(PathElem::CallArg(0)) => {
                        let Shape::Side(on2, g2) = t else {
                            return Err(outside());
                        };
                        if on2 != on {
                            return Err(outside());
                        }
                        match side_rule {
                            Some(&(rule, rule_on, player)) => {
                                if rule_on != *on {
                                    return Err(Stop::Wrong(format!(
                                        "{rule} applies inside an {}, and this is an {which}",
                                        if rule_on { "onside" } else { "offside" }
                                    )));
                                }
                                self.side_delete(s, &at[1..], *on, player, g, g2)
                            }
                            None if s.rule.ends_with("-stopper") || s.rule == "loopy-sides" => {
                                Err(no_place())
                            }
                            None => self.rule(s, &at[1..], g, g2),
                        }
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Game(g) => {
                if s.rule == "loopy-sides" {
                    if !at.is_empty() {
                        return Err(Stop::Wrong(
                            "loopy-sides applies to a whole game, not inside it".into(),
                        ));
                    }
                    let ok = match t {
                        Shape::Sidle(a, b) => match (a.as_ref(), b.as_ref()) {
                            (Shape::Side(true, x), Shape::Side(false, y)) => {
                                self.same(g, x)? && self.same(g, y)?
                            }
                            _ => false,
                        },
                        _ => false,
                    };
                    if !ok {
                        return Err(Stop::Wrong(
                            "loopy-sides writes G as onside(G) & offside(G), the same G twice"
                                .into(),
                        ));
                    }
                    return Ok(());
                }
                if side_rule.is_some() || s.rule.ends_with("-stopper") {
                    return Err(Stop::Wrong(format!(
                        "{} applies inside onside(…) or offside(…), and this is a game",
                        s.rule
                    )));
                }
                let Shape::Game(g2) = t else {
                    return Err(outside());
                };
                self.rule(s, at, g, g2)
            }
            // `step` hands every step from a term with a call to `open`.
            Shape::Unopened(_) => Err(outside()),
        }
    }

    /// `sidle-stopper`, `sidle-sum` and `sidle-neg` at the top of `f`, read from `f` to `t`:
    /// the terms have the rule's shapes with the same games A, B, C, D before and after (the
    /// same game forms), A … D are stoppers (by the alternating-cycle test) with A ≥ B and
    /// C ≥ D (by the order of stoppers), so each `&` is a sided value.
    pub(super) fn sidle_rule(&mut self, s: &Step, f: &Shape, t: &Shape) -> Result<(), Stop> {
        let wrong = |m: &str| Err(Stop::Wrong(format!("{}: {m}", s.rule)));
        match s.rule.as_str() {
            "sidle-stopper" => {
                let (Shape::Sidle(a, b), Some(c)) = (f, self.game_of(t)?) else {
                    return wrong("S & S = S takes `S & S` to a game");
                };
                let (Some(a), Some(b)) = (self.game_of(a)?, self.game_of(b)?) else {
                    return wrong("the sides of `&` are not games");
                };
                if !self.stopper(&a)? {
                    return wrong("the onside is not a stopper");
                }
                if !self.same(&a, &b)? {
                    return wrong("the offside is not the same stopper as the onside");
                }
                if !self.same(&a, &c)? {
                    return wrong("the game after the step is not the stopper S of S & S");
                }
                Ok(())
            }
            "sidle-sum" => {
                let Shape::Sum(x, y) = f else {
                    return wrong("it applies to a sum (A & B) + (C & D)");
                };
                let [a, b] = self.sided_pair(s, x)?;
                let [c, d] = self.sided_pair(s, y)?;
                let Shape::Sidle(p, q) = t else {
                    return wrong("it gives onside(A + C) & offside(B + D)");
                };
                let (Shape::Side(true, on), Shape::Side(false, off)) = (p.as_ref(), q.as_ref())
                else {
                    return wrong("it gives onside(A + C) & offside(B + D)");
                };
                let ac = self.sum(&a, &c)?;
                if !self.same(&ac, on)? {
                    return wrong("the game in the onside is not A + C");
                }
                let bd = self.sum(&b, &d)?;
                if !self.same(&bd, off)? {
                    return wrong("the game in the offside is not B + D");
                }
                Ok(())
            }
            "sidle-neg" => {
                let Shape::Neg(x) = f else {
                    return wrong("it applies to a negative -(A & B)");
                };
                let [a, b] = self.sided_pair(s, x)?;
                let Shape::Sidle(p, q) = t else {
                    return wrong("it gives (-B) & (-A)");
                };
                let (Some(p), Some(q)) = (self.game_of(p)?, self.game_of(q)?) else {
                    return wrong("it gives (-B) & (-A)");
                };
                let neg = |g: G| G {
                    l: g.r,
                    r: g.l,
                    root: g.root,
                };
                if !self.same(&neg(b), &p)? {
                    return wrong("the onside after the step is not -B");
                }
                if !self.same(&neg(a), &q)? {
                    return wrong("the offside after the step is not -A");
                }
                Ok(())
            }
            _ => Err(Stop::Wrong(format!(
                "{} does not apply to the whole of this term",
                s.rule
            ))),
        }
    }

    /// The sides A, B of a part `A & B` of a `sidle-` rule: stoppers with A ≥ B.
    pub(super) fn sided_pair(&mut self, s: &Step, x: &Shape) -> Result<[G; 2], Stop> {
        let wrong = |m: &str| Stop::Wrong(format!("{}: {m}", s.rule));
        let Shape::Sidle(a, b) = x else {
            return Err(wrong("a part is not written A & B"));
        };
        let (Some(a), Some(b)) = (self.game_of(a)?, self.game_of(b)?) else {
            return Err(wrong("a side of `&` is not a game"));
        };
        if !self.stopper(&a)? || !self.stopper(&b)? {
            return Err(wrong("a side of `&` is not a stopper"));
        }
        if !self.ge_at(&a, a.root, &b, b.root)? {
            return Err(wrong(
                "an onside is not at least its offside, so `&` is no sided value",
            ));
        }
        Ok([a, b])
    }

    /// `onside-delete-left` … `offside-delete-right`: `t` is `f` with the witnessed option of
    /// the vertex at `at` deleted, and the side is unchanged, decided by the checker's own
    /// search of the order of sides ([`crate::proof::loopy_sides`]) both ways.
    pub(super) fn side_delete(
        &mut self,
        s: &Step,
        at: &[PathElem],
        on: bool,
        player: Player,
        f: &G,
        t: &G,
    ) -> Result<(), Stop> {
        let i = s
            .witnesses
            .value("option")
            .ok_or_else(|| Stop::Wrong("the witness `option` is missing".into()))?;
        let i = (i.is_integer())
            .then(|| usize::try_from(i.numerator().clone()).ok())
            .flatten()
            .ok_or_else(|| Stop::Wrong("the witness `option` is not an index".into()))?;
        let v = self.follow(f, at)?;
        let os = f.side(v, player).to_vec();
        if i >= os.len() {
            return Err(Stop::Wrong(format!(
                "the position at {} has no {} option {}{i}",
                if at.is_empty() {
                    "the top".to_string()
                } else {
                    crate::proof::step::path_string(at)
                },
                name(player),
                letter(player)
            )));
        }
        let kept: Vec<usize> = os
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != i)
            .map(|(_, &o)| o)
            .collect();
        self.edited(f, t, v, player, kept)?;
        // With the witness `side`, a stopper S: both games' sides equal to S (each at least
        // S and S at least each), so equal to each other by the order's transitivity, and each
        // comparison is against S's few vertices instead of the other whole graph.
        let same = match s.witnesses.game("side") {
            Some(w) => {
                let side = self.read(w)?;
                if !self.stopper(&side)? {
                    return Err(Stop::Wrong(
                        "the witness `side` has an infinite alternating play, so it is not a \
                         stopper"
                            .into(),
                    ));
                }
                let which = if on { "onside" } else { "offside" };
                for (g, when) in [(f, "before"), (t, "after")] {
                    if !(self.side_ge(g, &side, on)? && self.side_ge(&side, g, on)?) {
                        return Err(Stop::Wrong(format!(
                            "the {which} {when} deleting {}'s option {}{i} is not the \
                             witness `side`",
                            name(player),
                            letter(player),
                        )));
                    }
                }
                true
            }
            None => self.side_ge(f, t, on)? && self.side_ge(t, f, on)?,
        };
        if !same {
            return Err(Stop::Wrong(format!(
                "deleting {}'s option {}{i} changes the {}",
                name(player),
                letter(player),
                if on { "onside" } else { "offside" }
            )));
        }
        Ok(())
    }

    /// The onside (or offside) of `a` is at least that of `b`, by the checker's own search.
    pub(super) fn side_ge(&mut self, a: &G, b: &G, on: bool) -> Result<bool, Stop> {
        let ga = crate::proof::loopy_sides::Graph { l: &a.l, r: &a.r };
        let gb = crate::proof::loopy_sides::Graph { l: &b.l, r: &b.r };
        let mut tick = |n: u64| self.tick(n);
        crate::proof::loopy_sides::side_ge(&ga, a.root, &gb, b.root, on, &mut tick)
    }
}
