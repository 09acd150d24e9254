//! Domineering regions that fit an 8×8 box, as one `u64` each: the square in row `r`, column
//! `c` is bit `8r + c` whatever the region's own width, so that every step of the search is a
//! few word operations with no table lookups: a move is two bits cleared, the live squares and
//! the regions are shifts and masks, the bounding box is a trailing-zero count, and the eight
//! symmetries are byte swaps, bit reversals and the three-step 8×8 transpose.
//!
//! A region is stored *anchored* (its top row is row 0, its leftmost column column 0), so the
//! word alone says which region it is: the width and height are read off its highest bits,
//! and the word is the transposition table's key. The key of a region is the least of its
//! eight anchored images; the four that transpose swap vertical and horizontal, so the value
//! is then the negative of the key's. A region within 4×4 is its own key (see
//! `small_parts`).
//!
//! Regions larger than 8×8 (possible on longer boards) keep [`Board`]'s general encoding;
//! [`Cells`] holds either, and [`Fast`] is the search's rules over both. The value is the
//! same as with [`super::domineering_board::Domineering`]'s rules alone: both split a board into
//! the same regions and both key a region by an image under the symmetries, and a word
//! region's moves leave out only moves another of its moves dominates ([`dominated_left`]),
//! which a canonical form drops anyway.

use super::domineering_board::{Board, Domineering};
#[cfg(test)]
use super::grid::Shape;
use super::search::Rules;

/// Column 0 of every row.
const COL0: u64 = 0x0101_0101_0101_0101;
/// Every square but those of column 7 (no right-hand neighbour).
const NOT_COL7: u64 = !(COL0 << 7);
/// Every square but those of column 0 (no left-hand neighbour).
const NOT_COL0: u64 = !COL0;

/// A region (or a position derived from one by moves) for the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cells {
    /// Empty squares within an 8×8 box, bit `8r + c`. As a part it is anchored and, unless
    /// it fits 4×4, least under the symmetries; as an option (a part with one domino placed)
    /// it is neither.
    Small(u64),
    /// A region wider or taller than 8, in the general encoding.
    Big(Board),
}

/// The squares next to a square of `x` (left, right, above, below) within the 8×8 box.
pub fn neighbours(x: u64) -> u64 {
    ((x & NOT_COL7) << 1) | ((x & NOT_COL0) >> 1) | (x << 8) | (x >> 8)
}

/// Squares where Left can put the top of a vertical domino.
pub fn left_moves(x: u64) -> u64 {
    x & (x >> 8)
}

/// Squares where Right can put the left end of a horizontal domino.
pub fn right_moves(x: u64) -> u64 {
    x & (x >> 1) & NOT_COL7
}

/// Left's moves (by the top square of the domino) that another Left move of the same region
/// dominates, for a reason visible on the board. A region's squares only ever leave it, and:
///
/// *Lemma.* If positions P ⊆ Q and no square of Q ∖ P has a horizontal neighbour in Q (Right
/// can never use one), then Q ≥ P; with "vertical" and Left instead, Q ≤ P. (By induction:
/// every Right move of Q lies in P, and Q^R ⊇ P^R keeps the hypothesis, so Q^R ≥ P^R ⧐ P;
/// every Left move of P is one of Q, and Q^L ⊇ P^L, so P^L ≤ Q^L ⧏ Q.)
///
/// In a column of three squares p, q, r (top to bottom), let T cover p, q and B cover q, r,
/// and X = G − p − q − r. If p has no square above it and r no horizontal neighbour, then
/// G − T ⊇ X with r the extra square, unusable by Right, so G − T ≥ X; and G − B ⊇ X with p
/// the extra square, unusable by Left (above it nothing, below it q, now covered), so
/// G − B ≤ X: B is dominated by T. Upside down: if r has no square below it and p no
/// horizontal neighbour, T is dominated by B. Where both hold (a column of exactly three
/// squares, both ends without horizontal neighbours) T and B are equal and T is kept, so a
/// dropped move's dominator is never dropped itself.
pub(super) fn dominated_left(x: u64) -> u64 {
    let moves = left_moves(x);
    let top = x & !(x << 8);
    let bottom = x & !(x >> 8);
    let lone = x & !(((x & NOT_COL7) << 1) | ((x & NOT_COL0) >> 1));
    // B at j (squares j, j + 8) under T at j − 8, which is a top; j + 8 alone in its row.
    let lower = moves & (top << 8) & (lone >> 8);
    // T at i above B at i + 8, whose lower square i + 16 is a bottom; i alone in its row.
    let upper = moves & lone & (moves >> 8) & (bottom >> 16);
    lower | (upper & !(lower >> 8))
}

/// Right's moves (by the left square of the domino) that another Right move of the same
/// region dominates: [`dominated_left`] transposed. In a row of three squares p, q, r (left
/// to right), L covering p, q and R covering q, r: if p has no square to its left and r no
/// vertical neighbour, G − L ≤ G − p − q − r ≤ G − R, so R is dominated; if r has no square
/// to its right and p no vertical neighbour, L is dominated; where both hold L is kept.
pub(super) fn dominated_right(x: u64) -> u64 {
    let moves = right_moves(x);
    let leftmost = x & !((x & NOT_COL7) << 1);
    let rightmost = x & !((x & NOT_COL0) >> 1);
    let lone = x & !((x << 8) | (x >> 8));
    // R at j (squares j, j + 1) beside L at j − 1, which is leftmost; j + 1 alone in its column.
    let later = moves & ((leftmost & NOT_COL7) << 1) & (lone >> 1);
    // L at i beside R at i + 1, whose right square i + 2 is rightmost; i alone in its column.
    let earlier = moves & lone & (moves >> 1) & (rightmost >> 2);
    later | (earlier & !(later >> 1))
}

/// A region's first bridge at or after square `from`, as four smaller positions for
/// [`Rules::shortcut_into`], and where to look for the next:
/// `[B + x, B, A + x, A]`, where x is a square whose only neighbours are a left and a right
/// one (or one above and one below) and removing x cuts region `x` into A and B.
///
/// *Theorem.* Let x be a horizontal bridge: its only neighbours are a on its left, in A, and
/// b on its right, in B, and no square of A is next to one of B. Write A + x for A's squares
/// with x (a region, x hanging off a) and x + B alike. Then
/// (A + x) + (x + B) ≤ G ≤ (A + x) + B, and G ≤ A + (x + B).
/// *Upper bound*, by induction on the squares: H = (A + x) + B is G with x and b no longer
/// neighbours. Left never covers x, so both have the same Left moves, and Right's are the same
/// but for G's extra domino xb; every common move keeps the hypothesis (squares only go), so
/// G^L ≤ H^L and H^R ≥ G^R for each common move m (the same move on both). Then no G^L ≥ H
/// (it would give H^L ≥ H) and no H^R ≤ G (G^R ≤ G), so G ≤ H. *Lower bound*: K = (A + x) +
/// (x′ + B), x copied. Left's moves are the same again, and each of G's Right moves has one in K
/// below it: a common move by induction, ax by K's ax, which leaves (A − a) + (x′ + B) ≤
/// (A − a) + B = G − ax (x′ is a square Left can never use, so taking it off helps only Left:
/// `dominated_left`'s lemma), and xb likewise. So K ≤ G.
///
/// Hence if x + B = B, both bounds are (A + x) + B and G = (A + x) + B; if A + x = A,
/// G = A + (x + B). A vertical bridge is the transpose (the players swap, the values negate,
/// and the same two conclusions hold).
pub(super) fn bridge(x: u64, from: u32, out: &mut Vec<Cells>) -> Option<u32> {
    let has_left = (x & NOT_COL7) << 1;
    let has_right = (x & NOT_COL0) >> 1;
    let (has_above, has_below) = (x << 8, x >> 8);
    let across = x & has_left & has_right & !(has_above | has_below);
    let down = x & has_above & has_below & !(has_left | has_right);
    let mut rest = (across | down) & u64::MAX.checked_shl(from).unwrap_or(0);
    while rest != 0 {
        let s = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let (a, b) = if across & s != 0 {
            (s >> 1, s << 1)
        } else {
            (s >> 8, s << 8)
        };
        let side_a = flood(a, x & !s);
        if side_a & b != 0 {
            continue;
        }
        let side_b = x & !s & !side_a;
        out.extend([
            Cells::Small(side_b | s),
            Cells::Small(side_b),
            Cells::Small(side_a | s),
            Cells::Small(side_a),
        ]);
        return Some(s.trailing_zeros() + 1);
    }
    None
}

/// The squares of `within` connected to `seed` through `within`.
pub(super) fn flood(seed: u64, within: u64) -> u64 {
    let mut region = seed & within;
    loop {
        let next = (region | neighbours(region)) & within;
        if next == region {
            return region;
        }
        region = next;
    }
}

/// `x` (nonzero) moved to the top-left corner.
pub fn anchor(x: u64) -> u64 {
    let x = x >> (x.trailing_zeros() & !7);
    x >> column_bits(x).trailing_zeros()
}

/// Bit c set when some row of `x` has column c.
fn column_bits(x: u64) -> u64 {
    let x = x | (x >> 32);
    let x = x | (x >> 16);
    (x | (x >> 8)) & 0xff
}

/// Width and height of an anchored nonzero `x`.
pub(super) fn dims(x: u64) -> (u32, u32) {
    let w = 64 - column_bits(x).leading_zeros();
    let h = (63 - x.leading_zeros()) / 8 + 1;
    (w, h)
}

/// Left-right mirror of an anchored `x` of width `w`, anchored again.
pub(super) fn mirror(x: u64, w: u32) -> u64 {
    x.reverse_bits().swap_bytes() >> (8 - w)
}

/// Top-bottom mirror of an anchored `x` of height `h`, anchored again.
pub(super) fn flip(x: u64, h: u32) -> u64 {
    x.swap_bytes() >> (8 * (8 - h))
}

/// The transpose (row r, column c to row c, column r): three delta swaps of the 8×8 box. An
/// anchored board stays anchored.
pub fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The least of the four images of anchored `x` that keep its orientation.
#[cfg(test)]
fn least_flip(x: u64) -> u64 {
    let (w, h) = dims(x);
    least_flip_of(x, w, h)
}

/// The least of the four images that keep the orientation of an anchored `x` of width `w`
/// and height `h`.
fn least_flip_of(x: u64, w: u32, h: u32) -> u64 {
    let m = mirror(x, w);
    x.min(m).min(flip(x, h)).min(flip(m, h))
}

/// The key of an anchored nonzero region: its least image under the eight symmetries, and
/// whether that image is transposed (the region's value is then the negative of the key's).
/// An anchored image of height h has a square in row h − 1 and none above, so an image of
/// smaller height is the smaller word: a box that is not square needs only the four images
/// of the orientation with fewer rows (no transpose when it already has them).
pub fn canonical(x: u64) -> (u64, bool) {
    let (w, h) = dims(x);
    if h < w {
        return (least_flip_of(x, w, h), false);
    }
    let t = transpose(x);
    let b = least_flip_of(t, h, w);
    if h > w {
        return (b, true);
    }
    let a = least_flip_of(x, w, h);
    if b < a {
        (b, true)
    } else {
        (a, false)
    }
}

/// The live regions of `x` (empty squares with an empty neighbour, 4-connected), appended to
/// `out`: each anchored, and keyed by [`canonical`] unless it fits the dense box. Each flood
/// starts at the first square at or after the middle of the squares left (by bit index, so a
/// middle row): a flood takes as many rounds as the farthest square is steps away, about half
/// as many from the middle as from a corner.
///
/// A region within [`DENSE_SIDE`] × [`DENSE_SIDE`] keeps its own anchored image, as the
/// general rules keep small boxes: its dense slot costs one mask either way, each of its at
/// most eight images is solved once in a table of 2^16 slots, and finding the least image
/// cost more than solving the images: two parts in five are that small (4.2 million of 10.2
/// million on the empty 5×6 board), while the small regions solved only go from 965 to 6,992
/// (5 % fewer instructions in all).
fn small_parts(x: u64, out: &mut Vec<(Cells, bool)>) {
    let mut rest = x & neighbours(x);
    while rest != 0 {
        let middle = (rest.trailing_zeros() + (63 - rest.leading_zeros())) / 2;
        let after = rest & (u64::MAX << middle);
        let r = flood(after & after.wrapping_neg(), rest);
        rest &= !r;
        let a = anchor(r);
        if a & !DENSE_BOX == 0 {
            out.push((Cells::Small(a), false));
            continue;
        }
        let (key, negated) = canonical(a);
        out.push((Cells::Small(key), negated));
    }
}

/// A general board that fits 8×8 as a word (bit `8r + c`).
fn to_small(b: &Board) -> Option<u64> {
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    if w > 8 || h > 8 {
        return None;
    }
    let mut x = 0u64;
    let mut rest = b.empty;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        x |= 1 << ((i / w) * 8 + i % w);
    }
    Some(x)
}

/// A word as a general board of the given shape (the inverse of [`to_small`]).
#[cfg(test)]
pub fn to_board(x: u64) -> Board {
    if x == 0 {
        return Board {
            shape: Shape { w: 1, h: 1 },
            empty: 0,
        };
    }
    let x = anchor(x);
    let (w, h) = dims(x);
    let mut empty = 0u128;
    let mut rest = x;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        empty |= 1 << ((i / 8) * w + i % 8);
    }
    Board {
        shape: Shape {
            w: w as u8,
            h: h as u8,
        },
        empty,
    }
}

/// A board's region as the search's part: small when it fits.
pub fn part_of(b: &Board) -> Cells {
    match to_small(b) {
        Some(x) => Cells::Small(x),
        None => Cells::Big(*b),
    }
}

/// Regions within 4×4 (as keyed) live in a dense array of 2^16 slots, indexed by the four
/// low bits of each of the four rows.
const DENSE_SIDE: u32 = 4;
/// The squares of the first [`DENSE_SIDE`] rows and columns.
const DENSE_BOX: u64 = ((1 << DENSE_SIDE) - 1) * (COL0 & ((1 << (8 * DENSE_SIDE)) - 1));

/// The Domineering rules over [`Cells`].
pub struct Fast;

impl Rules for Fast {
    type Pos = Cells;

    fn parts(&self, p: &Cells) -> Vec<(Cells, bool)> {
        let mut out = Vec::new();
        self.parts_into(p, &mut out);
        out
    }

    fn parts_into(&self, p: &Cells, out: &mut Vec<(Cells, bool)>) {
        match p {
            Cells::Small(x) => small_parts(*x, out),
            Cells::Big(b) => {
                for (q, negated) in Domineering.parts(b) {
                    match to_small(&q) {
                        // Canonical again under the word's symmetries: the general rules leave
                        // small boxes as they are, and their least image is another order.
                        Some(x) => {
                            let (key, t) = canonical(anchor(x));
                            out.push((Cells::Small(key), negated != t));
                        }
                        None => out.push((Cells::Big(q), negated)),
                    }
                }
            }
        }
    }

    fn moves(&self, p: &Cells, left: bool) -> Vec<Cells> {
        let mut out = Vec::new();
        self.moves_into(p, left, &mut out);
        out
    }

    fn moves_into(&self, p: &Cells, left: bool, out: &mut Vec<Cells>) {
        match p {
            Cells::Small(x) => {
                let (mut at, step) = if left {
                    (left_moves(*x) & !dominated_left(*x), 8)
                } else {
                    (right_moves(*x) & !dominated_right(*x), 1)
                };
                while at != 0 {
                    let i = at.trailing_zeros();
                    at &= at - 1;
                    out.push(Cells::Small(*x & !((1 << i) | (1 << (i + step)))));
                }
            }
            Cells::Big(b) => out.extend(Domineering.moves(b, left).into_iter().map(Cells::Big)),
        }
    }

    fn shortcut_into(&self, p: &Cells, from: usize, out: &mut Vec<Cells>) -> Option<usize> {
        let Cells::Small(x) = *p else { return None };
        // A region within 4×4 is solved into its slot of the dense array once, and small;
        // its bridges are not looked for.
        if x & !DENSE_BOX == 0 || from >= 64 {
            return None;
        }
        bridge(x, from as u32, out).map(|next| next as usize)
    }

    /// A group's pair is a position X and X less one square s: whether their values are
    /// equal does not change when both move across the board, so the key is X anchored with
    /// s's index in the anchored box beside it (X's box has at most seven rows, so its
    /// anchored word is below 2^56; a larger one has no key).
    fn pair_key(&self, with: &Cells, without: &Cells) -> Option<u64> {
        let (Cells::Small(a), Cells::Small(b)) = (*with, *without) else {
            return None;
        };
        let s = a ^ b;
        if a == 0 || b & !a != 0 || s.count_ones() != 1 {
            return None;
        }
        let rows = a.trailing_zeros() & !7;
        let shift = rows + column_bits(a >> rows).trailing_zeros();
        let x = a >> shift;
        (x >> 56 == 0).then(|| x | u64::from(s.trailing_zeros() - shift) << 56)
    }

    /// The live squares (those with an empty neighbour: the others are worth nothing)
    /// anchored, and the least of their four images under the flips that keep vertical
    /// vertical (left-right, top-bottom, half turn): the same squares up to a translation and
    /// a flip, so the same value. The options of a region with a symmetry come in mirror pairs,
    /// and a flip finds the pair's other option in the cache.
    fn position_key(&self, p: &Cells) -> Option<u64> {
        let Cells::Small(x) = *p else { return None };
        let live = x & neighbours(x);
        (live != 0).then(|| {
            let a = anchor(live);
            let (w, h) = dims(a);
            least_flip_of(a, w, h)
        })
    }

    fn dense_key(&self, p: &Cells) -> Option<usize> {
        let Cells::Small(x) = *p else { return None };
        // Within the first DENSE_SIDE rows and columns: one mask, where measuring the box
        // cost a dozen operations on each of the search's table look-ups.
        if x == 0 || x & !DENSE_BOX != 0 {
            return None;
        }
        Some((x & 0xf | (x >> 4) & 0xf0 | (x >> 8) & 0xf00 | (x >> 12) & 0xf000) as usize)
    }

    fn dense_len(&self) -> usize {
        1 << 16
    }

    fn compact_key(&self, p: &Cells) -> Option<u64> {
        match p {
            Cells::Small(x) => Some(*x),
            Cells::Big(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(r: u32, c: u32) -> u64 {
        1 << (8 * r + c)
    }

    fn pseudo_random(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Each word trick against the same map written square by square.
    #[test]
    fn word_tricks_match_square_by_square() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for _ in 0..2000 {
            let x = pseudo_random(&mut seed) & pseudo_random(&mut seed);
            let (mut t, mut nb) = (0u64, 0u64);
            for r in 0..8 {
                for c in 0..8 {
                    if x & at(r, c) != 0 {
                        t |= at(c, r);
                        if c > 0 {
                            nb |= at(r, c - 1);
                        }
                        if c < 7 {
                            nb |= at(r, c + 1);
                        }
                        if r > 0 {
                            nb |= at(r - 1, c);
                        }
                        if r < 7 {
                            nb |= at(r + 1, c);
                        }
                    }
                }
            }
            assert_eq!(transpose(x), t);
            assert_eq!(neighbours(x), nb);
            if x == 0 {
                continue;
            }
            let a = anchor(x);
            let (w, h) = dims(a);
            let (mut m, mut f) = (0u64, 0u64);
            for r in 0..8 {
                for c in 0..8 {
                    if a & at(r, c) != 0 {
                        assert!(c < w && r < h);
                        m |= at(r, w - 1 - c);
                        f |= at(h - 1 - r, c);
                    }
                }
            }
            assert!(a & COL0 != 0 && a & 0xff != 0, "anchored");
            assert_eq!(mirror(a, w), m);
            assert_eq!(flip(a, h), f);
            // And the general board round trip.
            let b = to_board(a);
            assert_eq!((b.shape.w as u32, b.shape.h as u32), (w, h));
            assert_eq!(to_small(&b), Some(a));
        }
    }

    /// The key is the least of the eight images, each built square by square, and it is
    /// marked transposed exactly when no image of the region's own orientation is that
    /// least (the shortcut for boxes that are not square must agree with trying all eight).
    #[test]
    fn keys_are_the_least_image() {
        let mut seed = 0x5eed_0fd0_e51e_5500u64;
        for _ in 0..5000 {
            // Sparse and dense words, and boxes of every shape up to 8×8.
            let mut x = pseudo_random(&mut seed);
            if seed.is_multiple_of(3) {
                x &= pseudo_random(&mut seed);
            }
            let rows = (seed >> 8) % 8 + 1;
            let cols = (seed >> 16) % 8 + 1;
            let mut box_mask = 0u64;
            for r in 0..rows {
                box_mask |= ((1u64 << cols) - 1) << (8 * r);
            }
            x &= box_mask;
            if x == 0 {
                continue;
            }
            let a = anchor(x);
            // The images by their definition: (r, c) sent to each of the eight places.
            let (w, h) = dims(a);
            let image = |map: &dyn Fn(u32, u32) -> (u32, u32)| {
                let mut y = 0u64;
                for r in 0..h {
                    for c in 0..w {
                        if a & at(r, c) != 0 {
                            let (r2, c2) = map(r, c);
                            y |= at(r2, c2);
                        }
                    }
                }
                anchor(y)
            };
            let own = [
                image(&|r, c| (r, c)),
                image(&|r, c| (r, w - 1 - c)),
                image(&|r, c| (h - 1 - r, c)),
                image(&|r, c| (h - 1 - r, w - 1 - c)),
            ];
            let turned = [
                image(&|r, c| (c, r)),
                image(&|r, c| (w - 1 - c, r)),
                image(&|r, c| (c, h - 1 - r)),
                image(&|r, c| (w - 1 - c, h - 1 - r)),
            ];
            let least_own = own.iter().copied().min().unwrap_or(0);
            let least_turned = turned.iter().copied().min().unwrap_or(0);
            let (key, negated) = canonical(a);
            assert_eq!(key, least_own.min(least_turned), "{a:#x}");
            assert_eq!(negated, least_turned < least_own, "{a:#x}");
        }
    }

    /// The parts of a word are its live squares' 4-connected groups, each keyed, found here
    /// square by square (a breadth-first walk from each square not yet reached); and a part
    /// has a dense slot exactly when its box is within DENSE_SIDE × DENSE_SIDE.
    #[test]
    fn parts_are_the_live_groups() {
        let mut seed = 0x7a11_0c0d_e5ee_d5edu64;
        for _ in 0..3000 {
            let x = pseudo_random(&mut seed) & pseudo_random(&mut seed);
            let live: Vec<u32> = (0..64u32)
                .filter(|&i| x >> i & 1 == 1)
                .filter(|&i| {
                    let (r, c) = (i / 8, i % 8);
                    [
                        (r + 1, c),
                        (r.wrapping_sub(1), c),
                        (r, c + 1),
                        (r, c.wrapping_sub(1)),
                    ]
                    .iter()
                    .any(|&(r2, c2)| r2 < 8 && c2 < 8 && x & at(r2, c2) != 0)
                })
                .collect();
            let mut want = Vec::new();
            let mut reached = 0u64;
            for &s in &live {
                if reached >> s & 1 == 1 {
                    continue;
                }
                let mut group = 1u64 << s;
                let mut todo = vec![s];
                while let Some(i) = todo.pop() {
                    for &j in &live {
                        let (dr, dc) = ((i / 8).abs_diff(j / 8), (i % 8).abs_diff(j % 8));
                        if dr + dc == 1 && group >> j & 1 == 0 {
                            group |= 1 << j;
                            todo.push(j);
                        }
                    }
                }
                reached |= group;
                // Regions within the dense box keep their own anchored image.
                let a = anchor(group);
                want.push(if a & !DENSE_BOX == 0 {
                    (a, false)
                } else {
                    canonical(a)
                });
            }
            let mut got: Vec<(u64, bool)> = Fast
                .parts(&Cells::Small(x))
                .into_iter()
                .map(|(c, n)| match c {
                    Cells::Small(k) => (k, n),
                    Cells::Big(_) => (u64::MAX, n),
                })
                .collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{x:#x}");
            for (k, _) in got {
                let (w, h) = dims(k);
                let fits = w <= DENSE_SIDE && h <= DENSE_SIDE;
                assert_eq!(Fast.dense_key(&Cells::Small(k)).is_some(), fits, "{k:#x}");
            }
        }
    }

    /// A pair's key is the same wherever the pair sits in the box and different for pairs
    /// that are not translates of each other; pairs that are not a position and the same
    /// less one square have none.
    #[test]
    fn pair_keys_tell_pairs_apart_up_to_translation() {
        let mut seed = 0x9a1c_4e55_7b0d_21f3u64;
        let mut seen: std::collections::HashMap<u64, (u64, u64)> = Default::default();
        for _ in 0..20_000 {
            // Within a 6×6 box, so that every translate below stays in the word.
            let x = pseudo_random(&mut seed) & pseudo_random(&mut seed) & 0x3f3f_3f3f_3f3f;
            if x.count_ones() < 2 {
                continue;
            }
            let s = 1u64 << (pseudo_random(&mut seed) % 64);
            if x & s == 0 {
                assert_eq!(Fast.pair_key(&Cells::Small(x), &Cells::Small(x)), None);
                continue;
            }
            let key = Fast.pair_key(&Cells::Small(x), &Cells::Small(x & !s));
            let Some(key) = key else {
                panic!("no key for {x:#x}");
            };
            // The translates by up to two rows and columns down and right.
            for (dr, dc) in [(0, 1), (1, 0), (2, 2)] {
                let t = (x << (8 * dr)) << dc;
                let ts = (s << (8 * dr)) << dc;
                assert_eq!(
                    Fast.pair_key(&Cells::Small(t), &Cells::Small(t & !ts)),
                    Some(key)
                );
            }
            // Each key belongs to one pair up to translation: x anchored, with s moved as x.
            let first_row = (0..8).find(|r| x >> (8 * r) & 0xff != 0).unwrap_or(0);
            let first_col = (0..8).find(|c| x & (COL0 << c) != 0).unwrap_or(0);
            let shift = 8 * first_row + first_col;
            assert_eq!(x >> shift, anchor(x));
            let pair = (x >> shift, s >> shift);
            let at = seen.entry(key).or_insert(pair);
            assert_eq!(*at, pair, "{x:#x} less {s:#x}");
            // A square added, or two taken, is no pair.
            assert_eq!(Fast.pair_key(&Cells::Small(x & !s), &Cells::Small(x)), None);
            let t = x & !s;
            if t.count_ones() >= 2 {
                let s2 = t & t.wrapping_neg();
                assert_eq!(
                    Fast.pair_key(&Cells::Small(x), &Cells::Small(t & !s2)),
                    None
                );
            }
        }
    }

    /// A position's cache key is the same for every translate and flip of its live squares
    /// (with dead squares anywhere), one flip class per key, and a transpose has another key
    /// unless it is a flip of the position (its value is the negative).
    #[test]
    fn position_keys_are_the_live_squares_up_to_translation_and_flips() {
        let mut seed = 0x7e57_0f5e_ed4b_1d00u64;
        let mut seen: std::collections::HashMap<u64, u64> = Default::default();
        for _ in 0..20_000 {
            // Within a 6×6 box, so that every translate below stays in the word.
            let x = pseudo_random(&mut seed) & pseudo_random(&mut seed) & 0x3f3f_3f3f_3f3f;
            let live = x & neighbours(x);
            let key = Fast.position_key(&Cells::Small(x));
            if live == 0 {
                assert_eq!(key, None);
                continue;
            }
            let Some(key) = key else {
                panic!("no key for {x:#x}");
            };
            assert_ne!(key, 0);
            let a = anchor(live);
            let (w, h) = dims(a);
            let images = [a, mirror(a, w), flip(a, h), flip(mirror(a, w), h)];
            for img in images {
                for (dr, dc) in [(0, 0), (0, 1), (1, 0), (2, 2)] {
                    let t = (img << (8 * dr)) << dc;
                    assert_eq!(Fast.position_key(&Cells::Small(t)), Some(key), "{x:#x}");
                }
            }
            let least = images.iter().copied().min().unwrap_or(a);
            assert_eq!(*seen.entry(key).or_insert(least), least, "{x:#x}");
            let t = transpose(a);
            if least_flip(t) != least {
                assert_ne!(Fast.position_key(&Cells::Small(t)), Some(key), "{x:#x}");
            }
        }
    }

    /// The key is the same for all eight images, with the transposing ones negated.
    #[test]
    fn keys_are_invariant_under_the_symmetries() {
        let mut seed = 0x0bad_cafe_dead_beefu64;
        for _ in 0..2000 {
            let x = anchor(pseudo_random(&mut seed) & pseudo_random(&mut seed) | 1);
            let (key, neg) = canonical(x);
            let (w, h) = dims(x);
            for (img, transposed) in [
                (x, false),
                (mirror(x, w), false),
                (flip(x, h), false),
                (flip(mirror(x, w), h), false),
                (transpose(x), true),
                (transpose(mirror(x, w)), true),
                (transpose(flip(x, h)), true),
                (transpose(flip(mirror(x, w), h)), true),
            ] {
                let (k2, n2) = canonical(img);
                assert_eq!(k2, key);
                // Where the region equals its own transpose (up to flips) either sign is a
                // name of the same key; otherwise the sign follows the transposition.
                if least_flip(x) != least_flip(transpose(x)) {
                    assert_eq!(n2, neg != transposed);
                }
            }
        }
    }
}
