//! Clobber-variant groups that fit an 8×8 box, as two `u64`s (Left's stones, Right's): the
//! square in row `r`, column `c` is bit `8r + c` whatever the board's width, so a move is two
//! bit operations, a group is a closure over precomputed reach masks, and the eight
//! symmetries are the word tricks of [`super::domineering_small`]. The general encoding
//! (`super::gen_clobber::Board`, any shape up to 128 squares) spent two thirds of a 4×4 Rooks
//! or Kings search finding groups, trimming them and trying its eight images square by square.
//!
//! The board's own width does not matter here: every move and every join is from a stone to a
//! stone, and the squares of the 8×8 box beyond the board hold none. A group's key is the
//! least of its sixteen images (eight symmetries, each with the colours as they are or
//! swapped), anchored in the top-left corner; every symmetry keeps a Clobber variant's value,
//! and the colour swap negates it.

use super::domineering_small::{anchor, dims, flip, mirror, transpose};

/// How the stones of one variant move, as masks of the 8×8 box.
pub struct Geometry {
    /// By square: the squares a stone there could reach (one step for a stepping piece, its
    /// whole lines for a sliding one); two stones interact exactly when one reaches the other.
    reach: [u64; 64],
    /// For a sliding piece, by direction and square: the squares beyond it in that direction,
    /// with whether the direction goes to higher bits; empty for a stepping piece.
    rays: Vec<([u64; 64], bool)>,
    /// Whether a group drops its rows and columns with no stone (Rooks: a rook slides over
    /// any number of empty squares, so how many does not matter).
    compress: bool,
}

/// Square (r, c) moved by (dr, dc)·n, if still in the 8×8 box.
fn shifted(sq: usize, (dr, dc): (i32, i32), n: i32) -> Option<usize> {
    let (r, c) = ((sq / 8) as i32 + dr * n, (sq % 8) as i32 + dc * n);
    ((0..8).contains(&r) && (0..8).contains(&c)).then_some((r * 8 + c) as usize)
}

impl Geometry {
    /// The geometry of a piece moving in `dirs`, one step or (`slides`) any distance.
    pub fn new(dirs: &[(i32, i32)], slides: bool, compress: bool) -> Geometry {
        let mut reach = [0u64; 64];
        let mut rays = Vec::new();
        for &d in dirs {
            let mut ray = [0u64; 64];
            for (sq, r) in ray.iter_mut().enumerate() {
                let mut n = 1;
                while let Some(t) = shifted(sq, d, n) {
                    *r |= 1 << t;
                    if !slides {
                        break;
                    }
                    n += 1;
                }
            }
            for (all, r) in reach.iter_mut().zip(&ray) {
                *all |= r;
            }
            if slides {
                rays.push((ray, d.0 * 8 + d.1 > 0));
            }
        }
        Geometry {
            reach,
            rays,
            compress,
        }
    }

    /// The boards one move of Left (`left`) or Right reaches from (x, o), each handed to
    /// `out` as (Left's stones, Right's).
    pub fn moves(&self, x: u64, o: u64, left: bool, mut out: impl FnMut(u64, u64)) {
        let (mine, theirs) = if left { (x, o) } else { (o, x) };
        let stones = x | o;
        let mut push = |from: u32, to: u32| {
            let m = (mine & !(1 << from)) | (1 << to);
            let t = theirs & !(1 << to);
            if left {
                out(m, t)
            } else {
                out(t, m)
            }
        };
        for from in bits(mine) {
            if self.rays.is_empty() {
                for to in bits(self.reach[from as usize] & theirs) {
                    push(from, to);
                }
                continue;
            }
            for (ray, up) in &self.rays {
                let blockers = ray[from as usize] & stones;
                if blockers == 0 {
                    continue;
                }
                // The first stone met: nearest in the ray's direction.
                let to = if *up {
                    blockers.trailing_zeros()
                } else {
                    63 - blockers.leading_zeros()
                };
                if theirs & (1 << to) != 0 {
                    push(from, to);
                }
            }
        }
    }

    /// The groups of the board (x, o) that hold stones of both colours (a one-colour group is
    /// 0: a stone only moves by clobbering), each keyed by [`Geometry::key`] and handed to
    /// `out` with its sign.
    pub fn parts(&self, x: u64, o: u64, mut out: impl FnMut((u64, u64), bool)) {
        let mut rest = x | o;
        while rest != 0 {
            let mut group = rest & rest.wrapping_neg();
            let mut frontier = group;
            while frontier != 0 {
                let mut reach = 0;
                for s in bits(frontier) {
                    reach |= self.reach[s as usize];
                }
                frontier = reach & rest & !group;
                group |= frontier;
            }
            rest &= !group;
            if group & x != 0 && group & o != 0 {
                let (key, negated) = self.key(x & group, o & group);
                out(key, negated);
            }
        }
    }

    /// The key of one group: anchored (and, for Rooks, its empty rows and columns dropped),
    /// the least of its sixteen images, and whether that image has the colours swapped (the
    /// group's value is then the negative of the key's).
    pub fn key(&self, x: u64, o: u64) -> ((u64, u64), bool) {
        let (mut x, mut o) = anchored(x, o);
        if self.compress {
            (x, o) = compressed(x, o);
        }
        least_image(x, o)
    }
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}

/// (x, o) moved together so that their union touches row 0 and column 0.
fn anchored(x: u64, o: u64) -> (u64, u64) {
    let all = x | o;
    if all == 0 {
        return (0, 0);
    }
    let a = anchor(all);
    // The shift that anchors the union, from where its lowest square went.
    let shift = all.trailing_zeros() - a.trailing_zeros();
    (x >> shift, o >> shift)
}

/// Anchored (x, o) with the rows and columns holding no stone taken out.
fn compressed(x: u64, o: u64) -> (u64, u64) {
    let all = x | o;
    let (mut cx, mut co, mut row) = (0u64, 0u64, 0);
    for r in 0..8 {
        if (all >> (8 * r)) & 0xff != 0 {
            cx |= ((x >> (8 * r)) & 0xff) << (8 * row);
            co |= ((o >> (8 * r)) & 0xff) << (8 * row);
            row += 1;
        }
    }
    let cols = column_bits(cx | co);
    if cols & (cols + 1) == 0 {
        return (cx, co);
    }
    const COL0: u64 = 0x0101_0101_0101_0101;
    let (mut nx, mut no) = (0u64, 0u64);
    for (j, c) in bits(cols).enumerate() {
        nx |= ((cx >> c) & COL0) << j;
        no |= ((co >> c) & COL0) << j;
    }
    (nx, no)
}

/// Bit c set when some row of `x` has column c.
fn column_bits(x: u64) -> u64 {
    let x = x | (x >> 32);
    let x = x | (x >> 16);
    (x | (x >> 8)) & 0xff
}

/// Anchored `v` under symmetry `s` of a `w × h` box: bit 2 transposes (the box becomes
/// `h × w`), then bit 0 mirrors left-right and bit 1 flips top-bottom.
fn image(v: u64, s: u32, w: u32, h: u32) -> u64 {
    let (v, w, h) = if s & 4 != 0 {
        (transpose(v), h, w)
    } else {
        (v, w, h)
    };
    let v = if s & 1 != 0 { mirror(v, w) } else { v };
    if s & 2 != 0 {
        flip(v, h)
    } else {
        v
    }
}

/// The least of the sixteen images of anchored (x, o) (the eight symmetries of the union's
/// bounding box, each with the colours as they are or swapped, then `true`), ordered by the
/// union of the stones first and Left's stones second: any total order on the images names
/// a group, and this one lets the union decide alone, so the stones of each colour are moved
/// only for the symmetries that give the least union (mostly one), not for all eight. An
/// anchored union of height h has a stone in row h − 1 and none above, so the images with
/// fewer rows are the smaller words: a box that is not square needs only the four images of
/// the orientation with fewer rows (as in `super::domineering_small::canonical`). Ordering
/// by (x, o) instead moved both colours under all eight symmetries, a seventh of the 4×4
/// Kings board's instructions.
fn least_image(x: u64, o: u64) -> ((u64, u64), bool) {
    let u = x | o;
    let (w, h) = dims(u);
    // The least image of the union, and the symmetries (index as in `image`) that give it,
    // as bits: found as the images are made, with no array of images to fill and filter
    // (that array and its filter cost a fifth of the key).
    let (mut least, mut at) = (u64::MAX, 0u32);
    let mut meet = |s: u32, image: u64| {
        if image < least {
            (least, at) = (image, 1 << s);
        } else if image == least {
            at |= 1 << s;
        }
    };
    if h <= w {
        let m = mirror(u, w);
        meet(0, u);
        meet(1, m);
        meet(2, flip(u, h));
        meet(3, flip(m, h));
    }
    if h >= w {
        let t = transpose(u);
        let m = mirror(t, h);
        meet(4, t);
        meet(5, m);
        meet(6, flip(t, w));
        meet(7, flip(m, w));
    }
    let mut best = ((x, o), false);
    let mut found = false;
    for s in bits(u64::from(at)) {
        let ix = image(x, s, w, h);
        let io = least ^ ix;
        let cand = if io < ix {
            ((io, ix), true)
        } else {
            ((ix, io), false)
        };
        if !found || cand.0 < best.0 {
            best = cand;
            found = true;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every image of a group under the symmetries and the colour swap has the same key, with
    /// the sign following the swap (where the group is not its own swapped image).
    #[test]
    fn keys_are_invariant_under_the_symmetries_and_the_swap() {
        let mut seed = 0x5eed_1234_abcd_0001u64;
        for _ in 0..3000 {
            let all = crate::xorshift(&mut seed) & crate::xorshift(&mut seed);
            let split = crate::xorshift(&mut seed);
            let (x, o) = anchored(all & split, all & !split);
            if x | o == 0 {
                continue;
            }
            let ((kx, ko), neg) = least_image(x, o);
            let (w, h) = dims(x | o);
            let flips = |a: u64, b: u64, w: u32, h: u32| {
                [
                    (a, b),
                    (mirror(a, w), mirror(b, w)),
                    (flip(a, h), flip(b, h)),
                    (flip(mirror(a, w), h), flip(mirror(b, w), h)),
                ]
            };
            let mut images = flips(x, o, w, h).to_vec();
            images.extend(flips(transpose(x), transpose(o), h, w));
            // The key is the least image by (union, Left's stones). Where the least plain
            // image is also the least swapped one, the group is its own negative and either
            // sign names the key.
            let order = |&(a, b): &(u64, u64)| (a | b, a);
            let plain = images.iter().copied().min_by_key(order);
            let swapped = images.iter().map(|&(a, b)| (b, a)).min_by_key(order);
            let self_swapped = plain == swapped;
            let least = [plain, swapped].into_iter().flatten().min_by_key(order);
            assert_eq!(Some((kx, ko)), least);
            for (a, b) in images {
                for (p, q, swapped) in [(a, b, false), (b, a, true)] {
                    let (k2, n2) = least_image(p, q);
                    assert_eq!(k2, (kx, ko));
                    if !self_swapped {
                        assert_eq!(n2, neg != swapped);
                    }
                }
            }
        }
    }

    /// Compressing keeps each stone's row and column order and drops exactly the empty lines.
    #[test]
    fn compress_drops_only_empty_lines() {
        let mut seed = 0x0dd_ba11_cafe_f00du64;
        for _ in 0..2000 {
            let all = crate::xorshift(&mut seed)
                & crate::xorshift(&mut seed)
                & crate::xorshift(&mut seed);
            let split = crate::xorshift(&mut seed);
            let (x, o) = anchored(all & split, all & !split);
            let (cx, co) = compressed(x, o);
            let rows: Vec<u32> = (0..8).filter(|r| (x | o) >> (8 * r) & 0xff != 0).collect();
            let cols: Vec<u32> = bits(column_bits(x | o)).collect();
            let (mut ex, mut eo) = (0u64, 0u64);
            for (i, &r) in rows.iter().enumerate() {
                for (j, &c) in cols.iter().enumerate() {
                    ex |= (x >> (8 * r + c) & 1) << (8 * i + j);
                    eo |= (o >> (8 * r + c) & 1) << (8 * i + j);
                }
            }
            assert_eq!((cx, co), (ex, eo));
        }
    }
}
