//! Rectangular boards (Domineering's and Clobber's, read by `position::board`): bit-board
//! geometry on a `u128` (square `(r, c)` of a board `w` wide is bit `r·w + c`), so that a
//! region of up to 128 squares is one machine value to hash, split and transform.

use std::sync::OnceLock;

/// Most squares of one region the bit-board search handles.
pub const MAX_REGION: usize = 128;

/// A board's dimensions, for the bit-board operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    /// Squares per row.
    pub w: u8,
    /// Rows.
    pub h: u8,
}

/// Cell permutations of every board shape of at most [`MAX_REGION`] squares under the eight
/// symmetries, and row/column of each index for each width: the search transforms and trims
/// boards millions of times, and divisions and index arithmetic were most of its time.
struct Tables {
    /// `perm[w * 129 + h][s][i]`: where square i of a w×h board goes under symmetry s.
    perm: Vec<Option<Box<[[u8; MAX_REGION]; 8]>>>,
    /// `rc[w][i]`: (row, column) of index i on a board w wide.
    rc: Vec<[(u8, u8); MAX_REGION]>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut perm = Vec::with_capacity(129 * 129);
        for w in 0..=MAX_REGION {
            for h in 0..=MAX_REGION {
                if w == 0 || h == 0 || w * h > MAX_REGION {
                    perm.push(None);
                    continue;
                }
                let mut p = Box::new([[0u8; MAX_REGION]; 8]);
                for (s, row) in p.iter_mut().enumerate() {
                    for (i, slot) in row.iter_mut().enumerate().take(w * h) {
                        let (mut r, mut c) = (i / w, i % w);
                        if s & 1 != 0 {
                            c = w - 1 - c;
                        }
                        if s & 2 != 0 {
                            r = h - 1 - r;
                        }
                        *slot = if s & 4 != 0 { c * h + r } else { r * w + c } as u8;
                    }
                }
                perm.push(Some(p));
            }
        }
        let mut rc = vec![[(0u8, 0u8); MAX_REGION]; MAX_REGION + 1];
        for (w, row) in rc.iter_mut().enumerate().skip(1) {
            for (i, x) in row.iter_mut().enumerate() {
                *x = ((i / w) as u8, (i % w) as u8);
            }
        }
        Tables { perm, rc }
    })
}

struct Masks {
    /// For each width w, the squares of column 0 of a w-wide board of 128/w rows.
    first_col: Vec<u128>,
    /// For each width w, the squares of the last column.
    last_col: Vec<u128>,
}

fn masks() -> &'static Masks {
    static M: OnceLock<Masks> = OnceLock::new();
    M.get_or_init(|| {
        let mut first_col = vec![0u128; MAX_REGION + 1];
        let mut last_col = vec![0u128; MAX_REGION + 1];
        for w in 1..=MAX_REGION {
            let (mut f, mut l) = (0u128, 0u128);
            let mut i = 0;
            while i < MAX_REGION {
                f |= 1 << i;
                if i + w - 1 < MAX_REGION {
                    l |= 1 << (i + w - 1);
                }
                i += w;
            }
            first_col[w] = f;
            last_col[w] = l;
        }
        Masks {
            first_col,
            last_col,
        }
    })
}

impl Shape {
    /// Squares on the board.
    pub fn area(self) -> usize {
        self.w as usize * self.h as usize
    }
    /// Every square of the board.
    pub fn full(self) -> u128 {
        let n = self.area();
        if n >= 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        }
    }
    /// Squares whose right-hand neighbour is on the board.
    pub fn not_last_col(self) -> u128 {
        self.full() & !masks().last_col[self.w as usize]
    }
    /// The squares next to a square of `bits` (left, right, above, below).
    pub fn neighbours(self, bits: u128) -> u128 {
        let m = masks();
        let w = self.w as u32;
        let right = (bits & !m.last_col[self.w as usize]) << 1;
        let left = (bits & !m.first_col[self.w as usize]) >> 1;
        let down = bits.checked_shl(w).unwrap_or(0);
        let up = bits >> w;
        (right | left | down | up) & self.full()
    }
    /// The squares of `within` connected to `seed` through `within`.
    pub fn flood(self, seed: u128, within: u128) -> u128 {
        let mut region = seed & within;
        loop {
            let next = (region | self.neighbours(region)) & within;
            if next == region {
                return region;
            }
            region = next;
        }
    }
    /// The connected regions of `bits`, in order of their lowest square.
    pub fn regions(self, bits: u128) -> Vec<u128> {
        let mut out = Vec::new();
        let mut rest = bits;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let r = self.flood(seed, rest);
            out.push(r);
            rest &= !r;
        }
        out
    }
    /// The bounding box of `bits` (nonzero) as its own board: the shape and the bits moved
    /// into it.
    pub fn trim(self, bits: u128) -> (Shape, u128) {
        self.trim_within(bits, bits)
    }

    /// The bounding box of `region` (nonzero) as its own board, and the squares of `bits`
    /// inside `region` moved into it.
    pub fn trim_within(self, region: u128, bits: u128) -> (Shape, u128) {
        let (w, h) = (self.w as usize, self.h as usize);
        let rc = &tables().rc[w.min(MAX_REGION)];
        let (mut r0, mut r1, mut c0, mut c1) = (h, 0, w, 0);
        let mut rest = region;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (r, c) = (rc[i].0 as usize, rc[i].1 as usize);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        if r0 > r1 {
            return (Shape { w: 1, h: 1 }, 0);
        }
        let bits = bits & region;
        let nw = c1 - c0 + 1;
        let shape = Shape {
            w: nw as u8,
            h: (r1 - r0 + 1) as u8,
        };
        if nw == w {
            return (shape, bits >> (r0 * w));
        }
        let mut out = 0u128;
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1 << ((rc[i].0 as usize - r0) * nw + (rc[i].1 as usize - c0));
        }
        (shape, out)
    }
    /// The board under symmetry `s` of the rectangle's dihedral group: bit 0 flips left-right,
    /// bit 1 flips top-bottom, bit 2 transposes (after the flips). The transposed board is
    /// `h` wide.
    pub fn transform(self, bits: u128, s: u8) -> (Shape, u128) {
        let transpose = s & 4 != 0;
        let shape = if transpose {
            Shape {
                w: self.h,
                h: self.w,
            }
        } else {
            self
        };
        let Some(Some(perm)) = tables()
            .perm
            .get(self.w as usize * (MAX_REGION + 1) + self.h as usize)
        else {
            return (shape, 0);
        };
        let p = &perm[(s & 7) as usize];
        let mut out = 0u128;
        let mut rest = bits;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out |= 1 << p[i];
        }
        (shape, out)
    }
}

/// A square's bit on a board `w` wide.
pub fn bit(w: usize, r: usize, c: usize) -> u128 {
    1u128 << (r * w + c)
}

/// The squares whose character `is` accepts, as bits (square i, row by row as the position
/// readers give them, is bit i): how each grid ruleset turns a board's text into its layers.
/// At most [`MAX_REGION`] cells (the readers' boards are checked before).
pub fn mask(cells: &[char], is: impl Fn(char) -> bool) -> u128 {
    cells
        .iter()
        .take(MAX_REGION)
        .enumerate()
        .filter(|&(_, &c)| is(c))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// A board as its text: the character `cell` gives for each square's bit, rows joined by `|`.
pub fn text(shape: Shape, cell: impl Fn(u128) -> char) -> String {
    let w = shape.w as usize;
    (0..shape.h as usize)
        .map(|r| (0..w).map(|c| cell(bit(w, r, c))).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}
