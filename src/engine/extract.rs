//! Extraction: the simplest term a class holds, the result of a run, where two forms meet, and
//! whether a term is canonical.

use super::*;

impl Run {
    /// The run's result: the simplest term extraction finds when it is the canonical form,
    /// else the chain of heads when that is; with the verdict on whether it is canonical.
    /// Extraction comes first because it prefers closed forms: the heads may have reached
    /// `{|}` after a step on a class that already held `0`.
    pub(super) fn result(&self) -> (Term, Result<(), String>) {
        let mut candidates = vec![self.best(self.input)];
        if let Some(t) = self.head_term(self.input) {
            candidates.push(t);
        }
        let mut verdicts = Vec::new();
        {
            let mut k = self.egraph.analysis.kernel();
            for t in &candidates {
                verdicts.push(is_canonical(&mut k, t));
            }
        }
        let pick = verdicts.iter().position(|v| v.is_ok()).unwrap_or(0);
        (candidates.swap_remove(pick), verdicts.swap_remove(pick))
    }

    /// A form of class `a` and a form of class `b` that are the same game up to the order of
    /// options, built from heads and inside forms: the same term when the classes are one,
    /// else two game forms whose options meet pairwise.
    pub(super) fn meet(&self, a: Id, b: Id, depth: usize) -> Option<(Term, Term)> {
        let (a, b) = (self.egraph.find(a), self.egraph.find(b));
        if a == b {
            let t = self.head_term(a)?;
            return Some((t.clone(), t));
        }
        if depth > 64 || self.egraph[a].data.value != self.egraph[b].data.value {
            return None;
        }
        let games = |c: Id| -> Vec<Cg> {
            let st = self.state_of(c);
            [Some(st.head), st.inside]
                .into_iter()
                .flatten()
                .filter(|n| matches!(n, Cg::Game { .. }))
                .collect()
        };
        for fa in games(a) {
            for fb in games(b) {
                if let Some(m) = self.meet_games(&fa, &fb, depth) {
                    return Some(m);
                }
            }
        }
        None
    }

    /// Two game nodes whose options meet pairwise (options of a canonical form differ in
    /// value, so each option of one is paired with the option of the same value).
    pub(super) fn meet_games(&self, fa: &Cg, fb: &Cg, depth: usize) -> Option<(Term, Term)> {
        let ((al, ar), (bl, br)) = (fa.sides()?, fb.sides()?);
        let side = |xs: &[Id], ys: &[Id]| -> Option<(Vec<Term>, Vec<Term>)> {
            if xs.len() != ys.len() {
                return None;
            }
            // Each term keeps its own node's order, so it stays a form of its own class.
            let mut ty: Vec<Option<Term>> = vec![None; ys.len()];
            let mut tx = Vec::new();
            for &x in xs {
                let (j, m) = ys.iter().enumerate().find_map(|(j, &y)| {
                    if ty[j].is_some() {
                        return None;
                    }
                    self.meet(x, y, depth + 1).map(|m| (j, m))
                })?;
                tx.push(m.0);
                ty[j] = Some(m.1);
            }
            Some((tx, ty.into_iter().collect::<Option<Vec<_>>>()?))
        };
        let (lx, ly) = side(al, bl)?;
        let (rx, ry) = side(ar, br)?;
        Some((Term::game(lx, rx), Term::game(ly, ry)))
    }

    /// The best term reached, printed for an error message; a term too large to print (the
    /// e-graph shares subterms a printed term repeats) is described by its size instead.
    pub(super) fn reached(&self) -> String {
        if self.egraph.nodes().len() > MAX_EXTRACTED {
            // Extraction over a huge e-graph would carry the run seconds past its limit; the
            // heads are the forms the rules had reached.
            let mut budget = MAX_PRINTED;
            if self.head_size(self.input, &mut FxHashSet::default(), &mut budget) {
                if let Some(t) = self.head_term(self.input) {
                    return t.to_string();
                }
            }
            return format!(
                "{TOO_LARGE} (the e-graph holds {} e-nodes)",
                self.egraph.nodes().len()
            );
        }
        let ex = Extractor::new(
            &self.egraph,
            SimplestCost {
                egraph: &self.egraph,
            },
        );
        let (_, expr) = ex.find_best(self.egraph.find(self.input));
        let mut size: Vec<u64> = Vec::with_capacity(expr.as_ref().len());
        for node in expr.as_ref() {
            let kids = node
                .children()
                .iter()
                .map(|&c| size.get(usize::from(c)).copied().unwrap_or(0))
                .fold(0u64, u64::saturating_add);
            size.push(kids.saturating_add(1));
        }
        match size.last() {
            Some(&n) if n > MAX_PRINTED => {
                format!("{TOO_LARGE} ({n} nodes written out)")
            }
            _ => expr_to_term(&expr).to_string(),
        }
    }

    /// The simplest term of a class: extraction by (birthday, size).
    pub fn best(&self, id: Id) -> Term {
        expr_to_term(&self.simplest(id))
    }

    /// The simplest expression of a class, its shared subterms written once.
    pub(super) fn simplest(&self, id: Id) -> RecExpr<Cg> {
        let ex = Extractor::new(
            &self.egraph,
            SimplestCost {
                egraph: &self.egraph,
            },
        );
        ex.find_best(self.egraph.find(id)).1
    }

    /// [`Run::best`], unless written out as a tree it would have more than `max` nodes (the
    /// extraction shares subterms a tree repeats, so a small e-graph can stand for a term of
    /// millions of nodes).
    pub(super) fn best_within(&self, id: Id, max: u64) -> Option<Term> {
        let expr = self.simplest(id);
        let nodes = expr.as_ref();
        let mut size: Vec<u64> = Vec::with_capacity(nodes.len());
        for n in nodes {
            let below = n
                .children()
                .iter()
                .fold(1u64, |acc, c| acc.saturating_add(size[usize::from(*c)]));
            size.push(below);
        }
        (size.last().copied().unwrap_or(0) <= max).then(|| expr_to_term(&expr))
    }

    /// The term made of each class's head, if it is a finite game term: `None` when the heads
    /// are not all games and closed forms, or when a class's head reaches the class again
    /// (after merges a head can mention its own class).
    pub fn head_term(&self, id: Id) -> Option<Term> {
        let mut path = FxHashSet::default();
        self.head_term_in(id, &mut path)
    }

    /// Whether the head term of `id` exists and has at most `budget` nodes written out; stops
    /// counting as soon as it has more.
    pub(super) fn head_size(&self, id: Id, path: &mut FxHashSet<Id>, budget: &mut u64) -> bool {
        let class = self.egraph.find(id);
        if *budget == 0 || path.len() > 2_000 || !path.insert(class) {
            return false;
        }
        *budget -= 1;
        let head = self.state_of(class).head;
        let ok = match &head {
            Cg::Leaf(_) => true,
            Cg::Game { kids, .. } => kids.iter().all(|&c| self.head_size(c, path, budget)),
            _ => false,
        };
        path.remove(&class);
        ok
    }

    pub(super) fn head_term_in(&self, id: Id, path: &mut FxHashSet<Id>) -> Option<Term> {
        let class = self.egraph.find(id);
        if path.len() > 2_000 || !path.insert(class) {
            return None;
        }
        let s = self.state_of(class);
        let out = match &s.head {
            Cg::Leaf(leaf) => leaf.to_term(),
            Cg::Game { .. } => {
                let (l, r) = s.head.sides()?;
                let mut side = |ids: &[Id]| -> Option<Vec<Term>> {
                    ids.iter().map(|&c| self.head_term_in(c, path)).collect()
                };
                let l = side(l);
                let r = side(r);
                Term::game(l?, r?)
            }
            _ => return None,
        };
        path.remove(&class);
        Some(out)
    }

    /// How many e-nodes the e-graph holds.
    pub fn nodes(&self) -> usize {
        self.egraph.total_number_of_nodes()
    }
}

/// Extraction cost: (birthday, size), with sums, negations and rows never preferred over a game.
pub(super) struct SimplestCost<'a> {
    egraph: &'a Graph,
}

pub(super) const INF: u64 = u64::MAX / 4;

impl CostFunction<Cg> for SimplestCost<'_> {
    type Cost = (u64, u64);

    fn cost<C: FnMut(Id) -> Self::Cost>(&mut self, enode: &Cg, mut costs: C) -> Self::Cost {
        match enode {
            Cg::Leaf(Leaf::Nus { .. }) => {
                let b = self
                    .egraph
                    .lookup(enode.clone())
                    .and_then(|c| self.egraph[c].data.value)
                    .map(|v| self.egraph.analysis.kernel().birthday(v))
                    .and_then(|b: BigInt| b.to_u64())
                    .unwrap_or(INF);
                // A leaf weighs 1 + its birthday: less than its own expansion (a game node over
                // options born a day earlier), more than a younger leaf in the same place.
                (b.min(INF), b.saturating_add(1).min(INF))
            }
            Cg::Game { kids, .. } => {
                // A game node costs more than a leaf of the same birthday: `0` beats `{|}`.
                let mut b = 0u64;
                let mut s = 2u64;
                for &k in kids {
                    let (kb, ks) = costs(k);
                    b = b.max(kb.saturating_add(1));
                    s = s.saturating_add(ks);
                }
                (b.min(INF), s.min(INF))
            }
            _ => (INF, INF),
        }
    }
}

/// Whether a term is exactly the canonical form of its value; otherwise says where it is not.
pub fn is_canonical(k: &mut Kernel, t: &Term) -> Result<(), String> {
    canonical_value(k, t).map(|_| ())
}

pub(super) fn canonical_value(k: &mut Kernel, t: &Term) -> Result<GameId, String> {
    let show = |t: &Term| t.to_string();
    match t {
        Term::Nus { number, up, nim } => Ok(k.nus(number, up, nim)),
        Term::Game { left, right } => {
            let l = left
                .iter()
                .map(|x| canonical_value(k, x))
                .collect::<Result<Vec<_>, _>>()?;
            let r = right
                .iter()
                .map(|x| canonical_value(k, x))
                .collect::<Result<Vec<_>, _>>()?;
            match k.canonical_game(&l, &r).map_err(|e| e.to_string())? {
                Some(g) => Ok(g),
                None => Err(format!("{} is not in canonical form", show(t))),
            }
        }
        other => Err(format!("{} is not a game in canonical form", show(other))),
    }
}
