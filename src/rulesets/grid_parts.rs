//! Geometry the grid rulesets beyond Domineering and Clobber share (Cram, the Clobber variants,
//! Amazons): squares as (row, column) on a [`Shape`], lines in a direction, groups of squares
//! joined by a relation, and the least image of a tuple of bit-boards under the rectangle's
//! eight symmetries, so that each ruleset's part key is one call.

use super::grid::{Shape, MAX_REGION};

/// The eight compass directions (row step, column step): the four orthogonal ones first.
pub const COMPASS: [(i32, i32); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
    (1, 1),
];

/// The four orthogonal directions.
pub const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A chess knight's eight moves.
pub const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The square `(r, c)` moved `n` steps in direction `d`, if it is on the board.
pub fn step(shape: Shape, (r, c): (usize, usize), d: (i32, i32), n: i32) -> Option<usize> {
    let (nr, nc) = (r as i32 + d.0 * n, c as i32 + d.1 * n);
    if nr < 0 || nc < 0 || nr >= shape.h as i32 || nc >= shape.w as i32 {
        return None;
    }
    Some(nr as usize * shape.w as usize + nc as usize)
}

/// (row, column) of square `i`.
pub fn at(shape: Shape, i: usize) -> (usize, usize) {
    let w = (shape.w as usize).max(1);
    (i / w, i % w)
}

/// The squares of `bits`, lowest first.
pub fn squares(bits: u128) -> impl Iterator<Item = usize> {
    let mut rest = bits;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        Some(i)
    })
}

/// The groups of `bits` joined by `joined` (a symmetric relation on squares' coordinates),
/// closed under it: each group is one bit-board, in order of its lowest square.
pub fn groups(
    shape: Shape,
    bits: u128,
    joined: impl Fn((usize, usize), (usize, usize)) -> bool,
) -> Vec<u128> {
    let mut out = Vec::new();
    let mut rest = bits;
    while rest != 0 {
        let seed = rest.trailing_zeros() as usize;
        let mut group = 1u128 << seed;
        let mut todo = vec![seed];
        while let Some(i) = todo.pop() {
            for j in squares(rest & !group) {
                if joined(at(shape, i), at(shape, j)) {
                    group |= 1 << j;
                    todo.push(j);
                }
            }
        }
        rest &= !group;
        out.push(group);
    }
    out
}

/// The bounding box of `region` as its own board, and each of `layers` inside `region`
/// moved into it.
pub fn trim<const N: usize>(shape: Shape, region: u128, layers: [u128; N]) -> (Shape, [u128; N]) {
    let mut out = [0u128; N];
    let mut s = shape;
    for (o, l) in out.iter_mut().zip(layers) {
        let (t, b) = shape.trim_within(region, l);
        s = t;
        *o = b;
    }
    (s, out)
}

/// The least image of `layers` on `shape` under the eight symmetries, with `swap` (when
/// given) also trying the images with layers 0 and 1 exchanged: the key, and whether the
/// least image had them exchanged.
pub fn least_image<const N: usize>(
    shape: Shape,
    layers: [u128; N],
    swap: bool,
) -> ((Shape, [u128; N]), bool) {
    let mut best = ((shape, layers), false);
    for s in 0..8u8 {
        let mut img = [0u128; N];
        let mut t = shape;
        for (o, l) in img.iter_mut().zip(layers) {
            let (ts, b) = shape.transform(l, s);
            t = ts;
            *o = b;
        }
        if (t, img) < best.0 {
            best = ((t, img), false);
        }
        if swap && N >= 2 {
            img.swap(0, 1);
            if (t, img) < best.0 {
                best = ((t, img), true);
            }
        }
    }
    best
}

/// The shape of a board as read, or the error that it is too large for the bit-board search
/// (`title` names the ruleset: "Cram").
pub fn shape_of(g: &super::position::Board, title: &str) -> Result<Shape, super::RulesetError> {
    if !fits(g.width, g.height) {
        return Err(super::too_large(format!(
            "a {}×{} {title} board (at most {MAX_REGION} squares)",
            g.height, g.width
        )));
    }
    Ok(Shape {
        w: g.width as u8,
        h: g.height as u8,
    })
}

/// Whether a board of these dimensions fits the bit-board search (at most [`MAX_REGION`]
/// squares).
pub fn fits(width: usize, height: usize) -> bool {
    width * height <= MAX_REGION && width <= MAX_REGION && height <= MAX_REGION
}

/// A board or one region of one with Left's (`x`) and Right's (`o`) pieces on its open
/// squares, as bits (an empty square is open and holds no piece): Amazons' and
/// Anti-Clobber's positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pieces {
    /// The dimensions.
    pub shape: Shape,
    /// Left's pieces.
    pub x: u128,
    /// Right's pieces.
    pub o: u128,
    /// The squares that are not `#` (Amazons' burnt squares, Anti-Clobber's blocked ones).
    pub open: u128,
}

impl Pieces {
    /// The part of this board on `region` (its open squares `open`) as a search key: trimmed
    /// to its bounding box and brought to its least image, with whether that image swapped
    /// the players (a part and its negative share one key).
    pub fn part(&self, region: u128, open: u128) -> (Pieces, bool) {
        let (shape, [x, o, open]) = trim(self.shape, region, [self.x, self.o, open]);
        let ((shape, [x, o, open]), negated) = least_image(shape, [x, o, open], true);
        (Pieces { shape, x, o, open }, negated)
    }
}

/// The pieces of a board its position reader read; boards of more than [`MAX_REGION`]
/// squares are refused (a limit, `title` naming the ruleset).
pub fn read_pieces(g: &super::position::Board, title: &str) -> Result<Pieces, super::RulesetError> {
    Ok(Pieces {
        shape: shape_of(g, title)?,
        x: super::grid::mask(&g.cells, |c| c == 'x'),
        o: super::grid::mask(&g.cells, |c| c == 'o'),
        open: super::grid::mask(&g.cells, |c| c != '#'),
    })
}

/// A board of Left's `x` and Right's `o` pieces in the grid notation: an empty square among
/// `open` is `.`, any other `#` (Clobber's boards, all open, never write one).
pub fn write_pieces(shape: Shape, x: u128, o: u128, open: u128) -> String {
    super::grid::text(shape, |m| {
        if x & m != 0 {
            'x'
        } else if o & m != 0 {
            'o'
        } else if open & m != 0 {
            '.'
        } else {
            '#'
        }
    })
}
