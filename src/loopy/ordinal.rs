//! Ordinal sums, subordination and powers of stoppers: CGSuite's `G : H`, `G.Subordinate(B)`,
//! `G.PowTo(x)` and `G.Pow(x)` with loopy arguments (a pseudonumber exponent such as `on` or
//! `{5|pass}`), by the same definitions as the short ones in `functions::products`:
//!
//! - G:H = {Gᴸ, G:Hᴸ | Gᴿ, G:Hᴿ}: G's own options are kept at every follower of H, so the
//!   graph is G's graph beside one vertex G:h for each vertex h of H (a cycle of H stays a
//!   cycle);
//! - subordinate(G, B), the H with B:H = G: at each follower of G reached, each of B's Left
//!   options must be reached by some Gᴸ ≥ Bᴸ or reversed through (some Bᴸᴿ ≤ G), likewise on
//!   the Right; G's options equal to one of B's are dropped and the rest subordinated, a
//!   follower met again being the same vertex (so `on` subordinated to 1 is `on`);
//! - pow_to(G, x) = G : subordinate(x, 1) (0 for x = 0), and for G = {0|H},
//!   pow(G, x) = {0 | −pow_to(G, x − 1) + H}, so `pow(^, on)` is `^<on>` = {0||0|0,pass}.
//!
//! Ordinal sums as in Siegel, *Combinatorial Game Theory*, stoppers as in its ch. VI; the
//! powers of ↑ with loopy exponents are CGSuite's (its GameTest.scala asserts them, and
//! `tests/loopy.rs` asserts the same text). The comparisons
//! are the stopper order (`order::ge_matrix`, every vertex of G against a base option at
//! once); the results are graphs, simplified by the caller.

use super::{canonical::canonical, error, order::ge_matrix, Graph, Loopy, Work};
use crate::kernel::KernelError;
use std::collections::HashMap;

/// The ordinal sum G:H of two game graphs (not simplified).
pub fn ordinal_sum(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let (gg, hg) = (g.graph(), h.graph());
    let ng = gg.len() as u32;
    work.vertices(gg.len() + hg.len())?;
    let mut graph = Graph::with_vertices(gg.len() + hg.len());
    for v in 0..ng {
        graph.set_options(v, gg.left(v).to_vec(), gg.right(v).to_vec());
    }
    for j in 0..hg.len() as u32 {
        work.tick(1)?;
        let side = |own: &[u32], sub: &[u32]| -> Vec<u32> {
            own.iter()
                .copied()
                .chain(sub.iter().map(|&t| ng + t))
                .collect()
        };
        graph.set_options(
            ng + j,
            side(gg.left(g.root()), hg.left(j)),
            side(gg.right(g.root()), hg.right(j)),
        );
    }
    Loopy::new(&graph, ng + h.root()).ok_or_else(|| error(":", "a malformed game graph"))
}

/// One option of the base, with the order between it and every vertex of G both ways.
struct BaseOption {
    opt: Loopy,
    /// `g_ge[v * opt.len() + b]`: vertex v of G ≥ vertex b of the option's graph.
    g_ge: Vec<bool>,
    /// `o_ge[b * g.len() + v]`: vertex b of the option's graph ≥ vertex v of G.
    o_ge: Vec<bool>,
}

impl BaseOption {
    fn new(g: &Loopy, opt: Loopy, work: &mut Work) -> Result<BaseOption, KernelError> {
        let g_ge = ge_matrix(g, &opt, work)?;
        let o_ge = ge_matrix(&opt, g, work)?;
        Ok(BaseOption { opt, g_ge, o_ge })
    }

    /// Vertex v of G ≥ vertex b of the option.
    fn v_ge(&self, v: u32, b: u32) -> bool {
        self.g_ge[v as usize * self.opt.len() + b as usize]
    }

    /// Vertex b of the option ≥ vertex v of G.
    fn ge_v(&self, b: u32, v: u32, ng: usize) -> bool {
        self.o_ge[b as usize * ng + v as usize]
    }

    /// Vertex v of G equals the option.
    fn equals(&self, v: u32, ng: usize) -> bool {
        let r = self.opt.root();
        self.v_ge(v, r) && self.ge_v(r, v, ng)
    }
}

/// The base's options on one side, as stoppers with their orders against G.
fn base_options(
    g: &Loopy,
    base: &Loopy,
    left: bool,
    work: &mut Work,
) -> Result<Vec<BaseOption>, KernelError> {
    let b = base.graph();
    let opts = if left {
        b.left(base.root())
    } else {
        b.right(base.root())
    };
    let mut out = Vec::new();
    for &t in opts {
        let o = base.follower(t).unwrap_or_else(Loopy::zero);
        out.push(BaseOption::new(g, o, work)?);
    }
    Ok(out)
}

fn no_subordinate() -> KernelError {
    error(
        "subordinate",
        "that game cannot be subordinated to the given base (no H has B : H equal to it)",
    )
}

/// subordinate(G, B) for stoppers: the H with B:H = G (not simplified), or an error when
/// there is none.
pub fn subordinate(g: &Loopy, base: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    if !g.is_stopper() || !base.is_stopper() {
        return Err(super::not_stopper("subordinate"));
    }
    let ng = g.len();
    let bl = base_options(g, base, true, work)?;
    let br = base_options(g, base, false, work)?;
    let gg = g.graph();
    let mut index: HashMap<u32, u32> = HashMap::new();
    let mut order = vec![g.root()];
    index.insert(g.root(), 0);
    let mut edges = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        work.tick(1 + (bl.len() + br.len()) as u64)?;
        // Each Left option of B is reached (some Gᴸ ≥ Bᴸ) or reversed through (G ≥ some Bᴸᴿ).
        for b in &bl {
            let og = b.opt.graph();
            let reached = gg.left(v).iter().any(|&u| b.v_ge(u, b.opt.root()));
            let reversed = og.right(b.opt.root()).iter().any(|&r| b.v_ge(v, r));
            if !reached && !reversed {
                return Err(no_subordinate());
            }
        }
        // Each Right option of B: some Gᴿ ≤ Bᴿ, or G ≤ some Bᴿᴸ.
        for b in &br {
            let og = b.opt.graph();
            let reached = gg.right(v).iter().any(|&u| b.ge_v(b.opt.root(), u, ng));
            let reversed = og.left(b.opt.root()).iter().any(|&l| b.ge_v(l, v, ng));
            if !reached && !reversed {
                return Err(no_subordinate());
            }
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (s, (opts, base_opts)) in [(gg.left(v), &bl), (gg.right(v), &br)]
            .into_iter()
            .enumerate()
        {
            for &u in opts {
                if base_opts.iter().any(|b| b.equals(u, ng)) {
                    continue;
                }
                let next = order.len() as u32;
                let t = *index.entry(u).or_insert_with(|| {
                    order.push(u);
                    next
                });
                sides[s].push(t);
            }
        }
        edges.push(sides);
    }
    Loopy::new(&Graph::from_edges(edges), 0).ok_or_else(no_subordinate)
}

/// The game 1 = {0|}.
fn one(work: &mut Work) -> Result<Loopy, KernelError> {
    Loopy::from_options(&[&Loopy::zero()], &[], work)
}

/// pow_to(G, x) = G : subordinate(x, 1), and 0 for x = 0 (not simplified). The exponent is
/// the caller's to check (CGSuite's is a pseudonumber).
pub fn pow_to(g: &Loopy, x: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let x = canonical(x, work)?;
    if x == Loopy::zero() {
        return Ok(Loopy::zero());
    }
    let one = one(work)?;
    let s = subordinate(&x, &one, work).map_err(|e| match e {
        KernelError::Function { .. } => error(
            "pow_to",
            "invalid exponent: it cannot be subordinated to 1 (no H has 1 : H equal to it)",
        ),
        e => e,
    })?;
    ordinal_sum(g, &s, work)
}

/// pow(G, x) = {0 | −pow_to(G, x − 1) + H} for G = {0|H} (not simplified).
pub fn pow(g: &Loopy, x: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let gg = g.graph();
    let (lo, ro) = (gg.left(g.root()), gg.right(g.root()));
    let h = match (lo, ro) {
        ([z], [h]) if g.follower(*z).is_some_and(|z| z == Loopy::zero()) => g.follower(*h),
        _ => None,
    };
    let Some(h) = h else {
        return Err(error(
            "pow",
            "the base must be of the form {0|H} (one Left option, 0, and one Right option), as ^ is",
        ));
    };
    let minus_one = one(work)?.neg();
    let x1 = canonical(&x.add(&minus_one, work)?, work)?;
    let p = pow_to(g, &x1, work).map_err(|e| match e {
        KernelError::Function { .. } => error(
            "pow",
            "invalid exponent: x - 1 cannot be subordinated to 1 (no H has 1 : H equal to it)",
        ),
        e => e,
    })?;
    let right = p.neg().add(&h, work)?;
    Loopy::from_options(&[&Loopy::zero()], &[&right], work)
}
