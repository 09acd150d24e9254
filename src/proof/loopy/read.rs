//! The loopy checker's reading of terms into game graphs of its own, by the definitions:
//! table entries (cycles through brace entries closed by making a brace's vertex first),
//! named games (`on`, `pass`, …), short games written in CGSuite's closed forms, and sums.

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
}
