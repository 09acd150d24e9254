//! The order of stoppers. For stoppers G and H, G ≥ H exactly when Left, moving second in
//! G − H, never loses: infinite play counts as Left's survival (Siegel, *Combinatorial Game
//! Theory* VI.1, the comparison of stoppers; Winning Ways ch. 11, "the stopper test"). So
//! G ≥ H fails exactly when Right, moving first in G − H, can force Left to be stuck in
//! finitely many moves: a least fixed point, found by retrograde analysis on the pairs
//! (vertex of G, vertex of H) without building −H.
//!
//! In G − H, Left moves to Gᴸ − H or G − Hᴿ; Right to Gᴿ − H or G − Hᴸ.

use super::{Graph, Loopy, Work};
use crate::kernel::KernelError;

/// The pairs (vertex of G, vertex of H) that the order of stoppers and the order of sides
/// (`side_order`) both walk: the positions of G − H, without building −H. Pair (a, b) is
/// `a * nb + b`; their number is counted against the work budget, and each graph's moves are
/// given reversed too (who can move to a vertex), for the retrograde passes.
pub(super) struct Pairs<'g> {
    /// G's graph and H's.
    pub(super) ga: &'g Graph,
    pub(super) gb: &'g Graph,
    /// Their numbers of vertices.
    pub(super) na: usize,
    pub(super) nb: usize,
    /// `na * nb`.
    pub(super) pairs: usize,
    /// G's Left and Right moves reversed.
    pub(super) arl: Vec<Vec<u32>>,
    pub(super) arr: Vec<Vec<u32>>,
    /// H's Left and Right moves reversed.
    pub(super) brl: Vec<Vec<u32>>,
    pub(super) brr: Vec<Vec<u32>>,
}

impl<'g> Pairs<'g> {
    /// The pairs of `g` and `h`, an error when there are too many to count or to hold.
    pub(super) fn new(g: &'g Loopy, h: &'g Loopy, work: &mut Work) -> Result<Self, KernelError> {
        let (ga, gb) = (g.graph(), h.graph());
        let (na, nb) = (ga.len(), gb.len());
        let pairs = work.pairs(na, nb)?;
        let (arl, arr) = ga.reverse();
        let (brl, brr) = gb.reverse();
        Ok(Pairs {
            ga,
            gb,
            na,
            nb,
            pairs,
            arl,
            arr,
            brl,
            brr,
        })
    }
}

/// For every vertex a of `g`'s graph and b of `h`'s: whether a ≥ b (meaningful when both are
/// stoppers). Indexed `a * h.len() + b`.
pub fn ge_matrix(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<Vec<bool>, KernelError> {
    let pr = Pairs::new(g, h, work)?;
    let nb = pr.nb;
    let idx = |a: usize, b: usize| a * nb + b;
    // right_wins_rm[p]: Right wins at pair p with Right to move; right_wins_lm: Left to move.
    let mut rw_r = vec![false; pr.pairs];
    let mut rw_l = vec![false; pr.pairs];
    // Left to move at (a, b): Right wins when every Left move leads to a Right win.
    // Counts of Left's moves not yet known to lose, u32 (a table of a pair each: as usize it
    // was 8 bytes a pair, 72 MB for over + 3000's 3,002² pairs, much of the time in page faults).
    let mut pending = vec![0u32; pr.pairs];
    let mut stack: Vec<(usize, bool)> = Vec::new(); // (pair, Left to move?)
    for a in 0..pr.na {
        for b in 0..nb {
            let p = idx(a, b);
            pending[p] = u32::try_from(pr.ga.left[a].len() + pr.gb.right[b].len())
                .map_err(|_| super::limit("more than 2³² moves from one position"))?;
            if pending[p] == 0 {
                rw_l[p] = true;
                stack.push((p, true));
            }
        }
    }
    while let Some((p, left_to_move)) = stack.pop() {
        work.tick(1)?;
        let (a, b) = (p / nb, p % nb);
        if left_to_move {
            // Right, to move at (a', b) with a ∈ a'ᴿ, or at (a, b') with b ∈ b'ᴸ, can move here.
            let preds = pr.arr[a]
                .iter()
                .map(|&x| idx(x as usize, b))
                .chain(pr.brl[b].iter().map(|&y| idx(a, y as usize)));
            for q in preds {
                if !rw_r[q] {
                    rw_r[q] = true;
                    stack.push((q, false));
                }
            }
        } else {
            // Left, to move at (a', b) with a ∈ a'ᴸ, or at (a, b') with b ∈ b'ᴿ, can move here.
            let preds = pr.arl[a]
                .iter()
                .map(|&x| idx(x as usize, b))
                .chain(pr.brr[b].iter().map(|&y| idx(a, y as usize)));
            for q in preds {
                if !rw_l[q] {
                    pending[q] -= 1;
                    if pending[q] == 0 {
                        rw_l[q] = true;
                        stack.push((q, true));
                    }
                }
            }
        }
    }
    Ok(rw_r.into_iter().map(|r| !r).collect())
}

/// The relation between two stoppers, or an error naming the operation when one is not a
/// stopper.
pub fn compare(
    g: &Loopy,
    h: &Loopy,
    work: &mut Work,
) -> Result<crate::kernel::Relation, KernelError> {
    use crate::kernel::Relation;
    if !g.is_stopper() || !h.is_stopper() {
        return Err(super::not_stopper("compare"));
    }
    let ge = ge_matrix(g, h, work)?[g.root() as usize * h.len() + h.root() as usize];
    let le = ge_matrix(h, g, work)?[h.root() as usize * g.len() + g.root() as usize];
    Ok(match (ge, le) {
        (true, true) => Relation::Equal,
        (true, false) => Relation::Greater,
        (false, true) => Relation::Less,
        (false, false) => Relation::Fuzzy,
    })
}

/// G ≥ H for stoppers (an error when either is not one).
pub fn ge(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
    if !g.is_stopper() || !h.is_stopper() {
        return Err(super::not_stopper("compare"));
    }
    Ok(ge_matrix(g, h, work)?[g.root() as usize * h.len() + h.root() as usize])
}
