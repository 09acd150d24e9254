//! Signatures: each game's order against a fixed set of 32 small infinitesimals (0, *, *2,
//! *3 and ±n·↑, ±n·↑* for n = 1 to 7), two bits each, kept by id so that the order can
//! settle most comparisons of games that stops cannot tell apart without opening either.
//!
//! Stops settle a comparison only when the games' stops differ, so among infinitesimals (all
//! of a Clobber variant's values: every stop is 0) every question went to the options, the
//! memo and the recursion: three quarters of a 4×4 Queens board's time. The signature of `g`
//! is the set of references `x` with `x ≤ g` and the set with `g ≤ x`. The order is
//! transitive, so if `a ≤ b` then every `x ≤ a` is `≤ b` and every `x ≥ b` is `≥ a`: a
//! reference that breaks this proves `a ≰ b`; and a reference between them (`a ≤ x ≤ b`)
//! proves `a ≤ b`. Both are exact: a signature never guesses.
//!
//! A signature is computed once, when a game is interned, from its options' signatures by the
//! definition of the order (seed 002 Definition 2.5): `x ≤ g` iff no `g^R ≤ x` and no
//! `x^L ≥ g`; `g ≤ x` iff no `g^L ≥ x` and no `x^R ≤ g`. The references' own options are
//! references (the set is closed under options), so each bit is a few word operations. A
//! closed form's signature comes from the closed-form order instead ([`of_order`]).

/// A signature: bit i of the low half says `ref_i ≤ g`, bit i of the high half `g ≤ ref_i`.
pub(crate) type Sig = u64;

/// How many references.
const N: usize = 32;

/// The largest multiple of ↑ among the references.
const UPS: i64 = 7;

/// The references as (multiple of ↑, nimber, Left options, Right options), the options as
/// masks of reference indices: 0, *, *2, *3, then for n = 1 to [`UPS`] the four of n·↑, n·↓,
/// n·↑*, n·↓*. Each comes after its options, and the forms are the canonical ones: `*k =
/// {0,…,*(k−1) | 0,…,*(k−1)}`, `↑ = {0|*}`, `↑* = {0,*|0}`, `n·↑ = {0|(n−1)·↑*}` and `n·↑* =
/// {0|(n−1)·↑}` for n ≥ 2, negatives mirrored (the unit test checks each against its
/// closed form).
const REFS: [(i64, u64, u32, u32); N] = references();

const fn references() -> [(i64, u64, u32, u32); N] {
    let mut r = [(0i64, 0u64, 0u32, 0u32); N];
    let mut k = 1;
    while k < 4 {
        let below = (1u32 << k) - 1;
        r[k] = (0, k as u64, below, below);
        k += 1;
    }
    let (zero, star) = (1u32, 2u32);
    let mut n = 1;
    while n <= UPS {
        let i = (4 + 4 * (n - 1)) as usize;
        if n == 1 {
            r[i] = (1, 0, zero, star);
            r[i + 1] = (-1, 0, star, zero);
            r[i + 2] = (1, 1, zero | star, zero);
            r[i + 3] = (-1, 1, zero, zero | star);
        } else {
            let prev = i - 4;
            r[i] = (n, 0, zero, 1 << (prev + 2));
            r[i + 1] = (-n, 0, 1 << (prev + 3), zero);
            r[i + 2] = (n, 1, zero, 1 << prev);
            r[i + 3] = (-n, 1, 1 << (prev + 1), zero);
        }
        n += 1;
    }
    r
}

/// Reference i as (multiple of ↑, nimber): the closed form `n·↑ + *k` it is (for the tests;
/// the kernel reads the table through [`of_order`] and [`of_options`]).
#[cfg(test)]
pub(crate) fn reference(i: usize) -> Option<(i64, u64)> {
    REFS.get(i).map(|&(up, nim, _, _)| (up, nim))
}

/// The signature of a closed form, from its order against each reference: `order(up, nim)`
/// says whether the reference `up·↑ + *nim` is ≤ the game and whether the game is ≤ it.
pub(crate) fn of_order(order: impl Fn(i64, u64) -> (bool, bool)) -> Sig {
    let mut s: Sig = 0;
    for (i, &(up, nim, _, _)) in REFS.iter().enumerate() {
        let (below, above) = order(up, nim);
        if below {
            s |= 1 << i;
        }
        if above {
            s |= 1 << (i + N);
        }
    }
    s
}

/// The signature of `{left | right}` from its options' signatures (any form of the game: the
/// signature depends on the value only).
pub(crate) fn of_options(left: impl Iterator<Item = Sig>, right: impl Iterator<Item = Sig>) -> Sig {
    // References some Left option is ≥ (then g ≤ x fails), and some Right option ≤ (then
    // x ≤ g fails).
    let left_ge = left.fold(0u32, |m, s| m | s as u32);
    let right_le = right.fold(0u32, |m, s| m | (s >> N) as u32);
    let (mut ge, mut le) = (0u32, 0u32);
    for (i, &(_, _, xl, xr)) in REFS.iter().enumerate() {
        let bit = 1u32 << i;
        // x ≤ g: no g^R ≤ x, and no x^L with g ≤ x^L.
        if right_le & bit == 0 && le & xl == 0 {
            ge |= bit;
        }
        // g ≤ x: no g^L ≥ x, and no x^R with x^R ≤ g.
        if left_ge & bit == 0 && ge & xr == 0 {
            le |= bit;
        }
    }
    Sig::from(ge) | Sig::from(le) << N
}

/// A height that the order respects: `a ≤ b` implies `height(a) ≤ height(b)` (the
/// references below a are below b, those above b are above a), so options sorted by it meet
/// their dominators first.
#[inline(always)]
pub(crate) fn height(s: Sig) -> i32 {
    (s & 0xffff_ffff).count_ones() as i32 - (s >> N).count_ones() as i32
}

/// `a ≤ b` when the signatures settle it, else `None`.
#[inline(always)]
pub(crate) fn decide(a: Sig, b: Sig) -> Option<bool> {
    let (ga, la) = (a & 0xffff_ffff, a >> N);
    let (gb, lb) = (b & 0xffff_ffff, b >> N);
    if ga & !gb != 0 || lb & !la != 0 {
        return Some(false);
    }
    if la & gb != 0 {
        return Some(true);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{GameId, Kernel};
    use crate::number::{Dyadic, Nimber};
    use num_bigint::BigInt;
    use std::collections::HashMap;

    /// Games as explicit trees (options by index), ordered by the definition alone: no
    /// kernel comparison, no signature.
    #[derive(Default)]
    struct Trees {
        nodes: Vec<(Vec<usize>, Vec<usize>)>,
        memo: HashMap<(usize, usize), bool>,
        of_id: HashMap<GameId, usize>,
    }

    impl Trees {
        fn le(&mut self, g: usize, h: usize) -> bool {
            if let Some(&b) = self.memo.get(&(g, h)) {
                return b;
            }
            let (gl, _) = self.nodes[g].clone();
            let (_, hr) = self.nodes[h].clone();
            let b = !gl.iter().any(|&x| self.le(h, x)) && !hr.iter().any(|&y| self.le(y, g));
            self.memo.insert((g, h), b);
            b
        }
        /// The kernel's game as a tree of its canonical options (closed forms opened up).
        fn of(&mut self, k: &mut Kernel, g: GameId) -> usize {
            if let Some(&i) = self.of_id.get(&g) {
                return i;
            }
            let l = k.left_options(g).unwrap();
            let r = k.right_options(g).unwrap();
            let l = l.into_iter().map(|x| self.of(k, x)).collect();
            let r = r.into_iter().map(|x| self.of(k, x)).collect();
            self.nodes.push((l, r));
            let i = self.nodes.len() - 1;
            self.of_id.insert(g, i);
            i
        }
        /// A reference as a tree, from the option masks of [`REFS`].
        fn references(&mut self) -> Vec<usize> {
            let mut ids: Vec<usize> = Vec::new();
            for &(_, _, xl, xr) in &REFS {
                let pick = |m: u32, ids: &[usize]| -> Vec<usize> {
                    (0..N).filter(|j| m >> j & 1 == 1).map(|j| ids[j]).collect()
                };
                let node = (pick(xl, &ids), pick(xr, &ids));
                self.nodes.push(node);
                ids.push(self.nodes.len() - 1);
            }
            ids
        }
    }

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Every interned game's signature is its order against the references, by the
    /// definition on explicit trees; the references' option masks are the forms their
    /// closed-form values say; and every verdict of `decide` is the definition's.
    #[test]
    fn signatures_are_the_definitional_order() {
        let mut k = Kernel::new();
        let mut t = Trees::default();
        let refs = t.references();
        // The references' trees are the closed forms they name.
        for (i, &x) in refs.iter().enumerate() {
            let (up, nim) = reference(i).unwrap();
            let id = k.nus(&Dyadic::from(0), &BigInt::from(up), &Nimber::from(nim));
            let y = t.of(&mut k, id);
            assert!(t.le(x, y) && t.le(y, x), "reference {i}");
        }
        // A pool of games: closed forms, then games of random options from the pool, so
        // that hot, cold, tepid and infinitesimal games of several days are all met.
        let mut pool: Vec<GameId> = Vec::new();
        for u in -3i64..=3 {
            for n in 0..4u64 {
                for x in [0i64, 1, -1] {
                    pool.push(k.nus(&Dyadic::from(x), &BigInt::from(u), &Nimber::from(n)));
                }
            }
        }
        pool.push(k.nus(&Dyadic::from(1).half(), &BigInt::from(0), &Nimber::from(0)));
        let mut seed = 0x5eed_1234_abcd_0001u64;
        while pool.len() < 900 {
            let pick = |seed: &mut u64, pool: &[GameId]| -> Vec<GameId> {
                let n = (next(seed) % 4) as usize;
                (0..n)
                    .map(|_| pool[(next(seed) % pool.len() as u64) as usize])
                    .collect()
            };
            let (l, r) = (pick(&mut seed, &pool), pick(&mut seed, &pool));
            let g = k.from_options(&l, &r).unwrap();
            // The signature of the raw form is the canonical game's.
            assert_eq!(k.arena.sig_of_options(&l, &r), k.arena.sig(g).unwrap());
            if !pool.contains(&g) {
                pool.push(g);
            }
        }
        let trees: Vec<usize> = pool.iter().map(|&g| t.of(&mut k, g)).collect();
        let sigs: Vec<Sig> = pool.iter().map(|&g| k.arena.sig(g).unwrap()).collect();
        let mut decided = 0;
        for (a, (&ta, &sa)) in trees.iter().zip(&sigs).enumerate() {
            for (i, &x) in refs.iter().enumerate() {
                assert_eq!(sa >> i & 1 == 1, t.le(x, ta), "ref {i} ≤ game {a}");
                assert_eq!(sa >> (i + N) & 1 == 1, t.le(ta, x), "game {a} ≤ ref {i}");
            }
            for (&tb, &sb) in trees.iter().zip(&sigs).step_by(3) {
                if let Some(d) = decide(sa, sb) {
                    decided += 1;
                    assert_eq!(d, t.le(ta, tb));
                }
            }
        }
        // The shortcut is worth having: it settles a good share of the pairs.
        assert!(decided > trees.len() * trees.len() / 12, "{decided}");
    }
}
