//! The loopy checker's own decision of the order of sides, from the definition, never by
//! `crate::loopy::side_order`.
//!
//! G⁺ ≥ H⁺ when Left, moving second in G − H, survives: she is never left without a move,
//! and an infinite play counts for her when it moves in the G part infinitely often (the
//! onside of G counts its infinite play for Left; the offside of −H counts its own for
//! Right). G⁻ ≥ H⁻ likewise, an infinite play counting for Left when it moves in the H part
//! infinitely often (Siegel, *Combinatorial Game Theory* VI.4–5; Winning Ways ch. 11).
//!
//! That is a game on the states (vertex of G, vertex of H, player to move) in which Left must
//! make "progress" moves (in the favoured part) infinitely often. It is solved here by the
//! textbook nested fixed point: Z starts as every state; Y is the least set of states closed
//! under one rule, that a state is in Y when Left to move has a move, or Right to move has
//! only moves, each of them either a progress move into Z or a move into Y; then Z becomes
//! Y, until Z no longer changes. Left survives from the states left in Z. Y is grown by a
//! worklist (the attractor: a state is looked at again only when a move into it joins), so
//! a round costs the moves once, not once per sweep; a 90-position strip's sides take
//! seconds this way, where sweeping took past the check's budget. Only the states reachable
//! from the start are built (a deletion's graph is mostly cut off from its top, and the side
//! it is compared with is small), their moves in flat arrays.

/// The numbers of the states found so far, by state: a table when there are few states in
/// all, a map when the two graphs are large (two of 20,000 vertices make 800 million).
enum Ids {
    Dense(Vec<u32>),
    Sparse(std::collections::HashMap<usize, u32>),
}

impl Ids {
    fn new(states: usize) -> Self {
        if states <= 1 << 22 {
            Ids::Dense(vec![0; states])
        } else {
            Ids::Sparse(Default::default())
        }
    }

    fn get(&self, k: usize) -> u32 {
        match self {
            Ids::Dense(v) => v[k],
            Ids::Sparse(m) => m.get(&k).copied().unwrap_or(0),
        }
    }

    fn set(&mut self, k: usize, n: u32) {
        match self {
            Ids::Dense(v) => v[k] = n,
            Ids::Sparse(m) => {
                m.insert(k, n);
            }
        }
    }
}

/// A game graph for the decision: Left's and Right's options of each vertex.
pub(crate) struct Graph<'a> {
    /// Left's options, by vertex.
    pub l: &'a [Vec<usize>],
    /// Right's options, by vertex.
    pub r: &'a [Vec<usize>],
}

/// Whether the onside (`onside` true) or offside of vertex `a` of `g` is at least the same
/// side of vertex `b` of `h`. `tick` is called with units of work and may stop the search.
pub(crate) fn side_ge<E>(
    g: &Graph<'_>,
    a: usize,
    h: &Graph<'_>,
    b: usize,
    onside: bool,
    tick: &mut dyn FnMut(u64) -> Result<(), E>,
) -> Result<bool, E> {
    let (na, nb) = (g.l.len(), h.l.len());
    if a >= na || b >= nb {
        return Ok(false);
    }
    // Only the states reachable from the start (Right to move at (a, b)) bear on it: a
    // deletion's graph is mostly cut off from its top, and the side it is compared with is
    // small. They are numbered as found; `id` of state 2(x·nb + y) + m (x in G, y in H,
    // m = 0 Left to move, 1 Right to move) is its number plus one, 0 while unseen.
    let mut id = Ids::new(2 * na * nb);
    let mut found: Vec<(u32, u32, u8)> = vec![(a as u32, b as u32, 1)];
    id.set(2 * (a * nb + b) + 1, 1);
    // Each found state's moves, flat: (target, whether it is a progress move).
    let mut start: Vec<u32> = Vec::new();
    let mut moves: Vec<(u32, bool)> = Vec::new();
    let mut i = 0;
    while i < found.len() {
        let (x, y, m) = found[i];
        let (x, y) = (x as usize, y as usize);
        // Left moves in G by her options, in −H by H's Right options; Right the other way.
        let (in_g, in_h) = if m == 0 {
            (&g.l[x], &h.r[y])
        } else {
            (&g.r[x], &h.l[y])
        };
        tick(1 + (in_g.len() + in_h.len()) as u64)?;
        let next = 1 - m;
        start.push(moves.len() as u32);
        let targets = in_g
            .iter()
            .map(|&x2| (x2, y, onside))
            .chain(in_h.iter().map(|&y2| (x, y2, !onside)));
        for (x2, y2, progress) in targets {
            let k = 2 * (x2 * nb + y2) + next as usize;
            let mut n = id.get(k);
            if n == 0 {
                found.push((x2 as u32, y2 as u32, next));
                n = found.len() as u32;
                id.set(k, n);
            }
            moves.push((n - 1, progress));
        }
        i += 1;
    }
    start.push(moves.len() as u32);
    drop(id);
    let left: Vec<bool> = found.iter().map(|&(_, _, m)| m == 0).collect();
    let survive = survivors(&start, &moves, &left, tick)?;
    // The start is state 0.
    Ok(survive[0])
}

/// The states from which Left survives, by the nested fixed point of the module's doc: state
/// `s`'s moves are `moves[start[s]..start[s + 1]]` (target, whether it is a progress move),
/// and `left[s]` whether Left is to move there.
fn survivors<E>(
    start: &[u32],
    moves: &[(u32, bool)],
    left: &[bool],
    tick: &mut dyn FnMut(u64) -> Result<(), E>,
) -> Result<Vec<bool>, E> {
    let states = start.len() - 1;
    let out = |s: usize| &moves[start[s] as usize..start[s + 1] as usize];
    // Who moves into each state (by move, repeats kept), flat as `moves` is.
    let mut into_start = vec![0u32; states + 1];
    for &(t, _) in moves {
        into_start[t as usize + 1] += 1;
    }
    for s in 0..states {
        into_start[s + 1] += into_start[s];
    }
    let mut fill = into_start.clone();
    let mut into = vec![(0u32, false); moves.len()];
    for s in 0..states {
        for &(t, p) in out(s) {
            into[fill[t as usize] as usize] = (s as u32, p);
            fill[t as usize] += 1;
        }
    }
    let mut z = vec![true; states];
    let mut y = vec![false; states];
    let mut left_over = vec![0u32; states];
    let mut queue = Vec::new();
    loop {
        // Y, the least set closed under the rule, grown from the states the rule admits by
        // progress moves into Z alone: a state joins when Left to move has a move into it, or
        // when the last of Right's moves that is not a progress move into Z leads into it.
        y.fill(false);
        for s in 0..states {
            let ms = out(s);
            tick(1 + ms.len() as u64)?;
            let good = ms.iter().filter(|&&(t, p)| p && z[t as usize]).count();
            let ok = if left[s] { good > 0 } else { good == ms.len() };
            left_over[s] = (ms.len() - good) as u32;
            if ok {
                y[s] = true;
                queue.push(s);
            }
        }
        while let Some(t) = queue.pop() {
            let from = &into[into_start[t] as usize..into_start[t + 1] as usize];
            tick(1 + from.len() as u64)?;
            for &(s, p) in from {
                let s = s as usize;
                // A progress move into Z counted from the start.
                if y[s] || (p && z[t]) {
                    continue;
                }
                if left[s] {
                    y[s] = true;
                    queue.push(s);
                } else {
                    left_over[s] -= 1;
                    if left_over[s] == 0 {
                        y[s] = true;
                        queue.push(s);
                    }
                }
            }
        }
        if y == z {
            break;
        }
        std::mem::swap(&mut z, &mut y);
    }
    Ok(z)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ge(g: (&[Vec<usize>], &[Vec<usize>]), h: (&[Vec<usize>], &[Vec<usize>]), on: bool) -> bool {
        let (g, h) = (Graph { l: g.0, r: g.1 }, Graph { l: h.0, r: h.1 });
        side_ge::<()>(&g, 0, &h, 0, on, &mut |_| Ok(())).unwrap()
    }

    /// dud's onside is on and its offside off (Winning Ways ch. 11: dud = on & off); on > 0
    /// on both sides; 0 and 1 compare as numbers.
    #[test]
    fn the_sides_of_dud_on_and_numbers() {
        let dud = (&[vec![0]][..], &[vec![0]][..]);
        let on = (&[vec![0]][..], &[vec![]][..]);
        let off = (&[vec![]][..], &[vec![0]][..]);
        let zero = (&[vec![]][..], &[vec![]][..]);
        let one = (&[vec![1], vec![]][..], &[vec![], vec![]][..]);
        for on_side in [true, false] {
            assert!(ge(on, zero, on_side) && !ge(zero, on, on_side));
            assert!(ge(one, zero, on_side) && !ge(zero, one, on_side));
            assert!(ge(zero, off, on_side) && !ge(off, zero, on_side));
        }
        assert!(ge(dud, on, true) && ge(on, dud, true));
        assert!(ge(dud, off, false) && ge(off, dud, false));
        assert!(!ge(dud, on, false) && !ge(off, dud, true));
    }

    /// The states of the product as first built (every state, reachable or not, numbered
    /// by its vertices), kept as the reference the states reachable from the start must
    /// agree with; both are solved by the one fixed point ([`survivors`]), which
    /// `the_sides_of_dud_on_and_numbers` checks against published values.
    fn every_state(g: &Graph<'_>, a: usize, h: &Graph<'_>, b: usize, onside: bool) -> bool {
        let (na, nb) = (g.l.len(), h.l.len());
        // State 2(x·nb + y) + m: x in G, y in H, m = 0 Left to move, 1 Right to move.
        let state = |x: usize, y: usize, m: usize| (2 * (x * nb + y) + m) as u32;
        let mut start = Vec::new();
        let mut moves = Vec::new();
        for s in 0..2 * na * nb {
            let (p, m) = (s / 2, s % 2);
            let (x, y) = (p / nb, p % nb);
            // Left moves in G by her options, in −H by H's Right options; Right the other way.
            let (in_g, in_h) = if m == 0 {
                (&g.l[x], &h.r[y])
            } else {
                (&g.r[x], &h.l[y])
            };
            start.push(moves.len() as u32);
            let next = 1 - m;
            moves.extend(in_g.iter().map(|&x2| (state(x2, y, next), onside)));
            moves.extend(in_h.iter().map(|&y2| (state(x, y2, next), !onside)));
        }
        start.push(moves.len() as u32);
        let left: Vec<bool> = (0..2 * na * nb).map(|s| s % 2 == 0).collect();
        let survive = survivors::<()>(&start, &moves, &left, &mut |_| Ok(())).unwrap();
        survive[state(a, b, 1) as usize]
    }

    /// A graph of up to five vertices, each option drawn from them (self-moves, `pass`,
    /// alternating cycles included: sides are asked of any game).
    fn graph() -> impl Strategy<Value = Vec<(Vec<usize>, Vec<usize>)>> {
        (1usize..=5).prop_flat_map(|n| {
            let side = proptest::collection::vec(0..n, 0..=2);
            proptest::collection::vec((side.clone(), side), n)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// For every pair of vertices of two random graphs and either side, the search over
        /// the states reachable from the start agrees with the search over all of them.
        #[test]
        fn the_reachable_states_decide_as_all_do(g in graph(), h in graph()) {
            let split = |e: &[(Vec<usize>, Vec<usize>)]| -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
                (e.iter().map(|x| x.0.clone()).collect(), e.iter().map(|x| x.1.clone()).collect())
            };
            let ((gl, gr), (hl, hr)) = (split(&g), split(&h));
            let (g, h) = (Graph { l: &gl, r: &gr }, Graph { l: &hl, r: &hr });
            for on in [true, false] {
                for a in 0..gl.len() {
                    for b in 0..hl.len() {
                        let mine = side_ge::<()>(&g, a, &h, b, on, &mut |_| Ok(())).unwrap();
                        let all = every_state(&g, a, &h, b, on);
                        prop_assert_eq!(mine, all, "{} >= {} ({})", a, b, on);
                    }
                }
            }
        }
    }
}
