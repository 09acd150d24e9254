//! Misère quotients of heap games (Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 115 (2008); Siegel, "Misère games and misère quotients", arXiv:math/0612616).
//!
//! Canonical forms of sums of heaps explode, but in a fixed game only the sums of its own
//! heaps matter. Two such sums G, H are *indistinguishable* when G + X and H + X have the same
//! misère outcome for every sum X of heaps; the classes form a commutative monoid, the
//! **misère quotient**, and the sums that are P-positions are a union of classes, the
//! **P-portion**. Each heap maps to an element (the **pretending function**).
//!
//! The quotient is built heap by heap. Everything rests on one lemma (Plambeck–Siegel):
//! if a homomorphism Φ from the sums of heaps onto a finite commutative monoid M, with a
//! subset P of M, *predicts outcomes* (G is a P-position exactly when Φ(G) ∈ P), then the
//! quotient is M divided by indistinguishability within (M, P): x ~ y when xz ∈ P ⇔ yz ∈ P
//! for every z in M.
//!
//! Whether Φ predicts outcomes is decided on a finite automaton. A sum W of heaps is seen
//! as the pair (Φ(W), S(W)), S(W) the set of images of W's options: adding a heap g sends
//! it to (Φ(W)·Φ(g), S(W)·Φ(g) ∪ Φ(W)·O_g), O_g the images of g's options, so the pairs a
//! game reaches are finitely many and each determines the next. W is a misère P-position
//! exactly when it has an option and none of its options is one, so Φ predicts outcomes
//! exactly when every reachable pair satisfies Φ(W) ∈ P ⇔ (S(W) ≠ ∅ and S(W) ∩ P = ∅) —
//! an induction on W. The pairs are visited in order of the fewest tokens reaching them,
//! so the options of a pair's cheapest word have been visited first; this is how the
//! P-portion of a candidate monoid is *learnt* along the way.
//!
//! For a new heap h, with the quotient Q of the smaller heaps in hand: first h is tried as
//! each element x of Q (Φ(h) = x; if this predicts outcomes, the quotient is unchanged);
//! failing that, as a new generator whose powers are periodic, M = Q × ⟨h | h^(k+p) = h^k⟩
//! for k + p up to [`MAX_POWER`], learning P on M and dividing by indistinguishability. If
//! no candidate predicts outcomes (a heap whose powers have a longer period, or an old
//! class that the new heap splits), the computation stops with an error, never a guess.
//! Every loop checks the caller's budget.
//!
//! A split old class is real (Kayles' heap 9 separates sums that heaps 1..8 cannot, c^2 = 1
//! stops holding); then heaps 1..h are rebuilt over a finer base ([`rebuild`]), and only if
//! that fails too does the computation refuse.

use crate::kernel::{Budget, KernelError};
use crate::rulesets::octal::OctalCode;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, HashMap};

/// The largest k + p tried for the powers of a new generator (h^(k+p) = h^k).
pub const MAX_POWER: usize = 12;

/// The most elements a candidate monoid may have.
const MAX_ELEMENTS: usize = 4096;

/// A finite commutative monoid with a P-portion: elements `0..order`, 0 the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    /// `table[x][y]` = x·y.
    pub table: Vec<Vec<u32>>,
    /// Whether each element is in the P-portion.
    pub p: Vec<bool>,
}

impl Monoid {
    /// The trivial monoid {1}; 1 is the empty sum, a misère N-position.
    fn trivial() -> Self {
        Monoid {
            table: vec![vec![0]],
            p: vec![false],
        }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.table.len()
    }

    /// x·y.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize][y as usize]
    }
}

/// The misère quotient of the heaps 1..=n of one game, with its pretending function.
#[derive(Clone, Debug)]
pub struct Quotient {
    /// The quotient monoid and its P-portion.
    pub monoid: Monoid,
    /// `heaps[k]` is the element of the heap of k (`heaps[0]` is the identity).
    pub heaps: Vec<u32>,
    /// The heap sizes that brought a new generator, in order (named a, b, c, …).
    pub generators: Vec<usize>,
}

/// A heap of the automaton: its size (tokens), its image and its options' images.
struct Letter {
    weight: usize,
    image: u32,
    options: Vec<u32>,
}

/// A set of elements as bits.
type Bits = Vec<u64>;

fn bits_new(n: usize) -> Bits {
    vec![0; n.div_ceil(64)]
}

fn bit_set(b: &mut Bits, i: u32) {
    b[i as usize / 64] |= 1 << (i % 64);
}

fn bit_iter(b: &[u64]) -> impl Iterator<Item = u32> + '_ {
    b.iter().enumerate().flat_map(|(w, &x)| {
        // The set bits of one word, lowest first, each found by counting trailing zeros.
        let mut rest = x;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            Some(w as u32 * 64 + i)
        })
    })
}

/// A budget checker: counts work and checks the deadline, cancel flag and memory every 256
/// units.
struct Meter<'a> {
    budget: &'a Budget,
    work: u64,
}

impl Meter<'_> {
    fn tick(&mut self) -> Result<(), KernelError> {
        self.work += 1;
        if !self.work.is_multiple_of(256) {
            return Ok(());
        }
        let limit = |which: &str| KernelError::Limit {
            which: which.to_string(),
        };
        self.budget.check()?;
        if self.work > self.budget.max_work {
            return Err(limit("too many states while checking a misère quotient"));
        }
        Ok(())
    }
}

/// Walks the automaton of (image, option images) pairs from the empty sum, cheapest first,
/// checking that every pair agrees with `p` and learning `p` where it is unknown. `None` when
/// some pair disagrees: this monoid does not predict outcomes.
fn predict(
    m: &[Vec<u32>],
    letters: &[Letter],
    mut p: Vec<Option<bool>>,
    meter: &mut Meter,
) -> Result<Option<Vec<Option<bool>>>, KernelError> {
    let n = m.len();
    // Heaps with the same image and the same options' images move the automaton alike; the
    // lightest stands for them all (the order of visits only needs some cheapest word).
    let mut distinct: Vec<&Letter> = Vec::new();
    for l in letters {
        if !distinct
            .iter()
            .any(|d| d.image == l.image && d.options == l.options)
        {
            distinct.push(l);
        }
    }
    let letters = distinct;
    // A pair (x, S) is one key: x in the first word, S's bits after it. `best` holds the
    // lightest word found so far for each pair and whether the pair has been visited; the
    // queue holds the pairs to visit by weight (a pair is queued again only when a lighter
    // word reaches it), so pairs are visited lightest first, as before, with each visited
    // once. Among pairs of equal weight the order does not matter: a pair's options are
    // reached by strictly lighter words.
    let key = |x: u32, s: &Bits| -> Vec<u64> {
        let mut k = Vec::with_capacity(s.len() + 1);
        k.push(u64::from(x));
        k.extend_from_slice(s);
        k
    };
    let mut best: FxHashMap<Vec<u64>, (usize, bool)> = FxHashMap::default();
    let mut queue: BTreeMap<usize, Vec<Vec<u64>>> = BTreeMap::new();
    let start = key(0, &bits_new(n));
    best.insert(start.clone(), (0, false));
    queue.insert(0, vec![start]);
    let mut ns = bits_new(n);
    while let Some((w, k)) = pop_lightest(&mut queue) {
        meter.tick()?;
        match best.get_mut(&k) {
            Some(e) if e.1 || e.0 < w => continue,
            Some(e) => e.1 = true,
            None => continue,
        }
        let x = k[0] as u32;
        let s: &[u64] = &k[1..];
        let mut any = false;
        let mut hits_p = false;
        for y in bit_iter(s) {
            any = true;
            match p[y as usize] {
                Some(true) => hits_p = true,
                Some(false) => {}
                // Cannot happen when visited cheapest first; refuse rather than guess.
                None => return Ok(None),
            }
        }
        let here = any && !hits_p;
        match p[x as usize] {
            Some(v) if v != here => return Ok(None),
            Some(_) => {}
            None => p[x as usize] = Some(here),
        }
        for l in &letters {
            let nx = m[x as usize][l.image as usize];
            ns.iter_mut().for_each(|b| *b = 0);
            for y in bit_iter(s) {
                bit_set(&mut ns, m[y as usize][l.image as usize]);
            }
            for &o in &l.options {
                bit_set(&mut ns, m[x as usize][o as usize]);
            }
            let nk = key(nx, &ns);
            let nw = w + l.weight;
            match best.get_mut(&nk) {
                Some(e) if e.1 || e.0 <= nw => continue,
                Some(e) => e.0 = nw,
                None => {
                    best.insert(nk.clone(), (nw, false));
                }
            }
            queue.entry(nw).or_default().push(nk);
        }
    }
    // Elements no sum reaches stay unknown.
    Ok(Some(p))
}

/// The next pair of the lightest weight in the queue, with its weight.
fn pop_lightest(queue: &mut BTreeMap<usize, Vec<Vec<u64>>>) -> Option<(usize, Vec<u64>)> {
    let mut entry = queue.first_entry()?;
    let w = *entry.key();
    let k = entry.get_mut().pop();
    if entry.get().is_empty() {
        entry.remove();
    }
    k.map(|k| (w, k))
}

/// Divides (table, p) by indistinguishability: x ~ y when xz ∈ P ⇔ yz ∈ P for all z.
/// Returns the quotient and each element's class.
fn reduce(
    table: &[Vec<u32>],
    p: &[bool],
    meter: &mut Meter,
) -> Result<(Monoid, Vec<u32>), KernelError> {
    let n = table.len();
    let mut class_of: HashMap<Vec<bool>, u32> = HashMap::new();
    let mut class = vec![0u32; n];
    let mut reps = Vec::new();
    for x in 0..n {
        meter.tick()?;
        let sig: Vec<bool> = (0..n).map(|z| p[table[x][z] as usize]).collect();
        let next = class_of.len() as u32;
        let c = *class_of.entry(sig).or_insert(next);
        if c == next {
            reps.push(x);
        }
        class[x] = c;
    }
    let k = reps.len();
    let mut t = vec![vec![0u32; k]; k];
    for (i, &x) in reps.iter().enumerate() {
        for (j, &y) in reps.iter().enumerate() {
            t[i][j] = class[table[x][y] as usize];
        }
    }
    let q = Monoid {
        table: t,
        p: reps.iter().map(|&x| p[x]).collect(),
    };
    Ok((q, class))
}

/// The misère quotient of the heaps 1..=n of an octal (or subtraction) game.
pub fn quotient(code: &OctalCode, n: usize, budget: &Budget) -> Result<Quotient, KernelError> {
    let mut meter = Meter { budget, work: 0 };
    let mut q = Monoid::trivial();
    let mut heaps: Vec<u32> = vec![0];
    // Each heap's options as the lists of heap sizes they leave.
    let mut moves: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    let mut generators = Vec::new();
    for h in 1..=n {
        meter.tick()?;
        moves.push(code.moves(h));
        // Heap h's options' images in Q: a sum is a P-position exactly when it has an
        // option and none is one, so h alone already decides which elements it can be.
        let own = option_images(&q, &heaps, &moves[h]);
        let alone_p = !own.is_empty() && own.iter().all(|&y| !q.p[y as usize]);
        // An earlier heap with the same options' images: placing h on its element adds a
        // letter the automaton already has, so the walk (which predicted) is unchanged.
        // (No two elements can both predict: they would be indistinguishable.)
        if let Some(g) = (1..h).find(|&g| option_images(&q, &heaps, &moves[g]) == own) {
            heaps.push(heaps[g]);
            continue;
        }
        // Try h as an old element.
        let mut found = None;
        for x in 0..q.order() as u32 {
            if q.p[x as usize] != alone_p {
                continue;
            }
            let mut letters = letters_of(&q, &heaps, &moves, Some(x), |e| e);
            // With P known the walk's order does not matter (each reachable pair is checked
            // once), so sums with heap h are visited first and a wrong element fails early.
            if let Some(l) = letters.last_mut() {
                l.weight = 0;
            }
            let known: Vec<Option<bool>> = q.p.iter().map(|&b| Some(b)).collect();
            if predict(&q.table, &letters, known, &mut meter)?.is_some() {
                found = Some(x);
                break;
            }
        }
        if let Some(x) = found {
            heaps.push(x);
            continue;
        }
        // A new generator with periodic powers.
        let mut done = false;
        'sizes: for s in 1..=MAX_POWER {
            for k in 0..s {
                let per = s - k;
                let Some((table, lift)) = extend(&q, k, per) else {
                    continue;
                };
                let letters = letters_of(&q, &heaps, &moves, None, |e| lift(e, 0));
                let mut letters = letters;
                // The new heap itself: image (1, h^1), options in the old part.
                let last = letters.last_mut().expect("heap h is a letter");
                last.image = lift(0, 1);
                let unknown = vec![None; table.len()];
                // Every element is reached (a product of heaps' images), so all are known.
                let learnt = predict(&table, &letters, unknown, &mut meter)?;
                if let Some(p) = learnt.and_then(|p| p.into_iter().collect::<Option<Vec<bool>>>()) {
                    let (nq, class) = reduce(&table, &p, &mut meter)?;
                    for e in heaps.iter_mut() {
                        *e = class[lift(*e, 0) as usize];
                    }
                    heaps.push(class[lift(0, 1) as usize]);
                    if nq.order() > q.order() {
                        generators.push(h);
                    }
                    q = nq;
                    done = true;
                    break 'sizes;
                }
            }
        }
        if !done {
            // Heap h splits an old class: rebuild finer.
            let mut gens = generators.clone();
            gens.push(h);
            if let Some((nq, nh)) = rebuild(&q, &heaps, &gens, &moves, &mut meter)? {
                heaps = nh;
                q = nq;
                generators = gens;
                continue;
            }
            return Err(KernelError::TooLarge {
                what: format!(
                    "the misère quotient at heap {h}: neither an old element nor a new generator with h^(k+p) = h^k, k + p ≤ {MAX_POWER}, predicts the outcomes (the heap may split an old class)"
                ),
            });
        }
    }
    Ok(Quotient {
        monoid: q,
        heaps,
        generators,
    })
}

/// Powers kept apart in a rebuild: x^(REBUILD_K + 2) = x^REBUILD_K.
const REBUILD_K: usize = 3;

/// Heaps 1..=h over a finer base, when heap h splits a class of the quotient `q` of the
/// smaller heaps: the product of ⟨g | g^(K+2) = g^K⟩ over the generators `gens` (h last),
/// nothing divided out. Each other heap is placed on an element of the base that maps to its
/// old element (smallest words first), checked on the heaps up to it; then the whole is
/// checked on heaps 1..=h, which is what makes the result sound, and divided by
/// indistinguishability. `None` when the base would be too large or nothing fits.
// Heap h has no old element, so the loop over heaps 1..=h indexes the old ones by size.
#[allow(clippy::type_complexity, clippy::needless_range_loop)]
fn rebuild(
    q: &Monoid,
    heaps: &[u32],
    gens: &[usize],
    moves: &[Vec<Vec<usize>>],
    meter: &mut Meter,
) -> Result<Option<(Monoid, Vec<u32>)>, KernelError> {
    let s = REBUILD_K + 2;
    let r = gens.len();
    let Some(size) = s.checked_pow(r as u32).filter(|&z| z <= MAX_ELEMENTS) else {
        return Ok(None);
    };
    let h = moves.len() - 1;
    let red = |e: usize| {
        if e < s {
            e
        } else {
            REBUILD_K + (e - REBUILD_K) % 2
        }
    };
    let digits = |mut x: usize| -> Vec<usize> {
        (0..r)
            .map(|_| {
                let d = x % s;
                x /= s;
                d
            })
            .collect()
    };
    let pack = |ds: &[usize]| ds.iter().rev().fold(0usize, |acc, &d| acc * s + d) as u32;
    let mut table = vec![vec![0u32; size]; size];
    for (a, row) in table.iter_mut().enumerate() {
        meter.tick()?;
        let da = digits(a);
        for (b, cell) in row.iter_mut().enumerate() {
            let db = digits(b);
            let dc: Vec<usize> = (0..r).map(|i| red(da[i] + db[i])).collect();
            *cell = pack(&dc);
        }
    }
    // Where each base element lands in the old quotient (heap h, not in it, excluded).
    let old_image = |x: usize| -> Option<u32> {
        let d = digits(x);
        if d[r - 1] != 0 {
            return None;
        }
        let mut acc = 0u32;
        for (i, &e) in d.iter().enumerate().take(r - 1) {
            for _ in 0..e {
                acc = q.mul(acc, heaps[gens[i]]);
            }
        }
        Some(acc)
    };
    let mut by_size: Vec<usize> = (0..size).collect();
    by_size.sort_by_key(|&x| digits(x).iter().sum::<usize>());
    let mut images: Vec<u32> = vec![0];
    let letters = |images: &[u32], upto: usize| -> Vec<Letter> {
        (1..=upto)
            .map(|g| {
                let mut options: Vec<u32> = moves[g]
                    .iter()
                    .map(|mv| {
                        mv.iter()
                            .fold(0u32, |acc, &k| table[acc as usize][images[k] as usize])
                    })
                    .collect();
                options.sort_unstable();
                options.dedup();
                Letter {
                    weight: g,
                    image: images[g],
                    options,
                }
            })
            .collect()
    };
    for g in 1..=h {
        if let Some(i) = gens.iter().position(|&x| x == g) {
            let mut d = vec![0; r];
            d[i] = 1;
            images.push(pack(&d));
            continue;
        }
        let mut placed = false;
        for &w in &by_size {
            if old_image(w) != Some(heaps[g]) {
                continue;
            }
            images.push(w as u32);
            let ls = letters(&images, g);
            if predict(&table, &ls, vec![None; size], meter)?.is_some() {
                placed = true;
                break;
            }
            images.pop();
        }
        if !placed {
            return Ok(None);
        }
    }
    let ls = letters(&images, h);
    let Some(p) = predict(&table, &ls, vec![None; size], meter)?
        .and_then(|p| p.into_iter().collect::<Option<Vec<bool>>>())
    else {
        return Ok(None);
    };
    let (nq, class) = reduce(&table, &p, meter)?;
    let nh = images.iter().map(|&x| class[x as usize]).collect();
    Ok(Some((nq, nh)))
}

/// The images in `q` of one heap's options (each a list of heap sizes), sorted, no repeats.
fn option_images(q: &Monoid, heaps: &[u32], moves: &[Vec<usize>]) -> Vec<u32> {
    let mut v: Vec<u32> = moves
        .iter()
        .map(|mv| mv.iter().fold(0u32, |acc, &k| q.mul(acc, heaps[k])))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The letters of the automaton: heaps 1..=h (the last, heap h, with image `last` when
/// given, else the identity to be patched), images mapped by `map`.
fn letters_of(
    q: &Monoid,
    heaps: &[u32],
    moves: &[Vec<Vec<usize>>],
    last: Option<u32>,
    map: impl Fn(u32) -> u32,
) -> Vec<Letter> {
    let h = moves.len() - 1;
    (1..=h)
        .map(|g| {
            let mut options: Vec<u32> = moves[g]
                .iter()
                .map(|mv| mv.iter().fold(0u32, |acc, &k| q.mul(acc, heaps[k])))
                .map(&map)
                .collect();
            options.sort_unstable();
            options.dedup();
            let image = if g < h {
                map(heaps[g])
            } else {
                last.map(&map).unwrap_or(0)
            };
            Letter {
                weight: g,
                image,
                options,
            }
        })
        .collect()
}

/// The product Q × ⟨h | h^(k+p) = h^k⟩: its table and the map (x, j) ↦ element. `None` when
/// it would be too large.
#[allow(clippy::type_complexity)]
fn extend(q: &Monoid, k: usize, p: usize) -> Option<(Vec<Vec<u32>>, impl Fn(u32, usize) -> u32)> {
    let s = k + p;
    let n = q.order();
    if n * s > MAX_ELEMENTS {
        return None;
    }
    let red = move |e: usize| if e < s { e } else { k + (e - k) % p };
    let id = move |x: u32, j: usize| (red(j) * n) as u32 + x;
    let mut table = vec![vec![0u32; n * s]; n * s];
    for (a, row) in table.iter_mut().enumerate() {
        let (x, j) = (a % n, a / n);
        for (b, cell) in row.iter_mut().enumerate() {
            let (y, i) = (b % n, b / n);
            *cell = id(q.mul(x as u32, y as u32), j + i);
        }
    }
    Some((table, id))
}

#[cfg(test)]
#[path = "quotient_tests.rs"]
mod tests;
