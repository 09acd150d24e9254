//! Clobber and its variants from CGSuite's `GenClobber` schema: **Clobber** itself (a stone
//! moves one square orthogonally; `super::clobber` is this schema's instance), **Kings** (a stone moves and
//! clobbers like a chess king, one square in any of the eight directions), **Rooks** (like a
//! rook: along a row or column, over any number of empty squares, onto the first stone met,
//! which must be the opponent's), **Knights** (a knight's jump) and **Queens** (a queen's
//! lines). As in Clobber, Left moves an `x` stone and Right an `o` stone, always onto a stone
//! of the other colour, which is removed; the square left behind is empty. Notation
//! (CGSuite's, Clobber's): rows separated by `|`, `x`, `o`, `.`: `"xox|ox."`.
//!
//! Search: the stones fall into groups that can never meet, whose values add, and a group of
//! one colour is 0 (a stone only ever moves by clobbering). For the one-step pieces a group is
//! the stones joined by the piece's steps, as in CGSuite. For the sliding pieces, stones that
//! share no line (row and column for rooks, diagonals too for queens) never interact: a
//! stone slides only onto the first stone on its line, stones only ever vacate squares, and a
//! stone of another group between two of one group would share their line; so a group is the
//! stones joined by sharing a line, and its key drops the other groups' stones. A Rooks group
//! also drops its empty rows and columns, since a rook slides over any number of empty squares
//! and how many does not matter. Each group is keyed by the least of its images under the
//! board's eight symmetries and the colour swap (which swaps the players and negates the
//! value). The table also remembers each canonical form by its options' values
//! ([`search::Rules::memo_options`]): on the 4×4 Kings board 45 % of the groups solved have
//! options whose values were met before, and their dominance tests were the ≤ memo's answers
//! asked again.
//!
//! Groups within an 8×8 box (all of them on boards up to 8×8) are searched as two words
//! ([`Stones::Small`], `super::gen_clobber_small`), with the same groups and the same keys up
//! to their encoding; larger ones keep the general [`Board`] and [`GenClobber`]'s rules.

use super::gen_clobber_small::Geometry;
use super::grid::Shape;
use super::grid_parts::{self, at, least_image, squares, step, COMPASS, KNIGHT, ORTHOGONAL};
use super::search::{self, Rules};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};
use std::sync::OnceLock;

/// Which of the variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// One step along a row or column: Clobber itself.
    Clobber,
    /// One step in any of the eight directions.
    King,
    /// Any distance along a row or column.
    Rook,
    /// A knight's jump.
    Knight,
    /// Any distance along a row, column or diagonal.
    Queen,
}

impl Piece {
    /// The ruleset's function name (`kings`, …).
    pub fn name(self) -> &'static str {
        match self {
            Piece::Clobber => "clobber",
            Piece::King => "kings",
            Piece::Rook => "rooks",
            Piece::Knight => "knights",
            Piece::Queen => "queens",
        }
    }
    /// The ruleset's name in prose (`Kings`, …).
    pub fn title(self) -> &'static str {
        match self {
            Piece::Clobber => "Clobber",
            Piece::King => "Kings",
            Piece::Rook => "Rooks",
            Piece::Knight => "Knights",
            Piece::Queen => "Queens",
        }
    }
    /// The directions a stone moves in.
    pub fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Piece::Clobber => &ORTHOGONAL_BY_SQUARE,
            Piece::King | Piece::Queen => &COMPASS,
            Piece::Rook => &ORTHOGONAL,
            Piece::Knight => &KNIGHT,
        }
    }
    /// Whether a stone slides any distance over empty squares.
    pub fn slides(self) -> bool {
        matches!(self, Piece::Rook | Piece::Queen)
    }
    /// Whether stones at these squares interact: one step apart for a stepping piece, on a
    /// common line for a sliding one.
    fn joined(self, a: (usize, usize), b: (usize, usize)) -> bool {
        let (dr, dc) = (a.0 as i32 - b.0 as i32, a.1 as i32 - b.1 as i32);
        match self {
            Piece::Clobber => dr.abs() + dc.abs() == 1,
            Piece::King => dr.abs() <= 1 && dc.abs() <= 1,
            Piece::Knight => (dr.abs(), dc.abs()) == (1, 2) || (dr.abs(), dc.abs()) == (2, 1),
            Piece::Rook => dr == 0 || dc == 0,
            Piece::Queen => dr == 0 || dc == 0 || dr.abs() == dc.abs(),
        }
    }
}

/// The four orthogonal steps in the order of the square they reach (up, left, right, down):
/// the order Clobber has always listed its moves in, kept so that its options read the same.
const ORTHOGONAL_BY_SQUARE: [(i32, i32); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// A board or one group of one: Left's and Right's stones as bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// The dimensions.
    pub shape: Shape,
    /// Left's stones.
    pub x: u128,
    /// Right's stones.
    pub o: u128,
}

/// Reads `"xox|ox."` for the variant; boards of more than
/// [`MAX_REGION`](super::grid::MAX_REGION) squares are refused (a limit).
pub fn parse(text: &str, piece: Piece) -> Result<Board, RulesetError> {
    use super::position::grids;
    let g = match piece {
        Piece::Clobber => super::position::clobber(text),
        Piece::King => grids::kings(text),
        Piece::Rook => grids::rooks(text),
        Piece::Knight => grids::knights(text),
        Piece::Queen => grids::queens(text),
    }?;
    Ok(Board {
        shape: grid_parts::shape_of(&g, piece.title())?,
        x: super::grid::mask(&g.cells, |c| c == 'x'),
        o: super::grid::mask(&g.cells, |c| c == 'o'),
    })
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    grid_parts::write_pieces(b.shape, b.x, b.o, u128::MAX)
}

/// The boards one move of Left (`left`) or Right reaches.
pub fn moves(b: &Board, piece: Piece, left: bool) -> Vec<Board> {
    let (mine, theirs) = if left { (b.x, b.o) } else { (b.o, b.x) };
    let stones = b.x | b.o;
    let mut out = Vec::new();
    for i in squares(mine) {
        let from = at(b.shape, i);
        for &d in piece.directions() {
            let mut n = 1;
            let target = loop {
                match step(b.shape, from, d, n) {
                    Some(j) if piece.slides() && stones & (1 << j) == 0 => n += 1,
                    t => break t,
                }
            };
            let Some(j) = target.filter(|&j| theirs & (1 << j) != 0) else {
                continue;
            };
            let (m, t) = ((mine & !(1 << i)) | (1 << j), theirs & !(1 << j));
            out.push(if left {
                Board {
                    shape: b.shape,
                    x: m,
                    o: t,
                }
            } else {
                Board {
                    shape: b.shape,
                    x: t,
                    o: m,
                }
            });
        }
    }
    out
}

/// Keeps only the rows and columns of `b` that hold a stone.
fn compress(b: Board) -> Board {
    let stones = b.x | b.o;
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    let rows: Vec<usize> = (0..h)
        .filter(|&r| (0..w).any(|c| stones & super::grid::bit(w, r, c) != 0))
        .collect();
    let cols: Vec<usize> = (0..w)
        .filter(|&c| (0..h).any(|r| stones & super::grid::bit(w, r, c) != 0))
        .collect();
    let nw = cols.len();
    let (mut x, mut o) = (0u128, 0u128);
    for (nr, &r) in rows.iter().enumerate() {
        for (nc, &c) in cols.iter().enumerate() {
            let m = super::grid::bit(w, r, c);
            let to = super::grid::bit(nw, nr, nc);
            if b.x & m != 0 {
                x |= to;
            }
            if b.o & m != 0 {
                o |= to;
            }
        }
    }
    Board {
        shape: Shape {
            w: nw as u8,
            h: rows.len() as u8,
        },
        x,
        o,
    }
}

/// The rules of one variant for the search.
pub struct GenClobber(pub Piece);

impl Rules for GenClobber {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        let piece = self.0;
        let stones = p.x | p.o;
        let groups = if piece == Piece::Clobber {
            // Orthogonal neighbours: the board's 4-connected regions, found bit-parallel.
            p.shape.regions(stones)
        } else {
            grid_parts::groups(p.shape, stones, |a, b| piece.joined(a, b))
        };
        groups
            .into_iter()
            .filter(|&g| g & p.x != 0 && g & p.o != 0)
            .map(|g| {
                let (shape, [x, o]) = grid_parts::trim(p.shape, g, [p.x, p.o]);
                let mut part = Board { shape, x, o };
                if piece == Piece::Rook {
                    part = compress(part);
                }
                let ((shape, [x, o]), negated) = least_image(part.shape, [part.x, part.o], true);
                (Board { shape, x, o }, negated)
            })
            .collect()
    }

    fn moves(&self, p: &Board, left: bool) -> Vec<Board> {
        moves(p, self.0, left)
    }
}

/// A group (or a position one group's moves reach) for the search: within an 8×8 box as
/// Left's and Right's stones (bit `8r + c`), else the general board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stones {
    /// As a part, anchored and least under the symmetries and the colour swap; as an option
    /// (a part with one move made), neither.
    Small(u64, u64),
    /// A group wider or taller than 8.
    Big(Board),
}

/// The word geometry of each variant, built on first use.
fn geometry(piece: Piece) -> &'static Geometry {
    static G: [OnceLock<Geometry>; 5] = [const { OnceLock::new() }; 5];
    let slot = match piece {
        Piece::Clobber => &G[0],
        Piece::King => &G[1],
        Piece::Rook => &G[2],
        Piece::Knight => &G[3],
        Piece::Queen => &G[4],
    };
    slot.get_or_init(|| Geometry::new(piece.directions(), piece.slides(), piece == Piece::Rook))
}

/// A board that fits 8×8 as two words (bit `8r + c`).
fn to_small(b: &Board) -> Option<(u64, u64)> {
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    if w > 8 || h > 8 {
        return None;
    }
    let spread = |bits: u128| {
        squares(bits).fold(0u64, |acc, i| {
            acc | 1 << ((i / w.max(1)) * 8 + i % w.max(1))
        })
    };
    Some((spread(b.x), spread(b.o)))
}

/// A board as the search's position: small when it fits.
pub fn stones_of(b: &Board) -> Stones {
    match to_small(b) {
        Some((x, o)) => Stones::Small(x, o),
        None => Stones::Big(*b),
    }
}

/// One variant's rules over [`Stones`]: the word encoding where it fits, [`GenClobber`]'s
/// otherwise. The groups and their values are the same as with `GenClobber` alone.
pub struct Fast(pub Piece);

impl Rules for Fast {
    type Pos = Stones;

    fn parts(&self, p: &Stones) -> Vec<(Stones, bool)> {
        let mut out = Vec::new();
        self.parts_into(p, &mut out);
        out
    }

    fn parts_into(&self, p: &Stones, out: &mut Vec<(Stones, bool)>) {
        let g = geometry(self.0);
        match p {
            Stones::Small(x, o) => g.parts(*x, *o, |(x, o), negated| {
                out.push((Stones::Small(x, o), negated))
            }),
            Stones::Big(b) => {
                for (q, negated) in GenClobber(self.0).parts(b) {
                    match to_small(&q) {
                        // Keyed again under the words' order: the general key is another.
                        Some((x, o)) => {
                            let ((x, o), swapped) = g.key(x, o);
                            out.push((Stones::Small(x, o), negated != swapped));
                        }
                        None => out.push((Stones::Big(q), negated)),
                    }
                }
            }
        }
    }

    fn moves(&self, p: &Stones, left: bool) -> Vec<Stones> {
        let mut out = Vec::new();
        self.moves_into(p, left, &mut out);
        out
    }

    fn moves_into(&self, p: &Stones, left: bool, out: &mut Vec<Stones>) {
        match p {
            Stones::Small(x, o) => {
                geometry(self.0).moves(*x, *o, left, |x, o| out.push(Stones::Small(x, o)))
            }
            Stones::Big(b) => out.extend(moves(b, self.0, left).into_iter().map(Stones::Big)),
        }
    }

    fn memo_options(&self) -> bool {
        true
    }

    fn compact_key(&self, p: &Stones) -> Option<u64> {
        // Groups within four rows: each colour in 32 bits, Right's last two rows also folded
        // into the low bits (an xorshift, so still one key a group). The table hashes a key
        // by its low 32 + b bits (`IdMap`, 2^b slots), which left out Right's last rows: groups
        // differing only there collided, and a look-up in the 4×4 Kings board's table cost
        // ~300 instructions where ~95 do once those rows are folded in.
        match *p {
            Stones::Small(x, o) if (x | o) >> 32 == 0 => {
                let k = x | o << 32;
                Some(k ^ k >> 48)
            }
            _ => None,
        }
    }
}

/// The value of a board of the variant, its groups shared out over [`search::threads`]
/// threads.
pub fn value(b: &Board, piece: Piece, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    value_threads(b, piece, kernel, search::threads())
}

/// The value of a board of the variant with its groups shared out over `threads` threads;
/// the value is the same for every count.
pub fn value_threads(
    b: &Board,
    piece: Piece,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError> {
    super::value_in_threads(&Fast(piece), &stones_of(b), kernel, threads)
}

/// [`value_threads`] with the general rules alone ([`GenClobber`], no word encoding): the
/// reference the word encoding is tested against.
#[cfg(test)]
pub fn value_general(
    b: &Board,
    piece: Piece,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError> {
    super::value_in_threads(&GenClobber(piece), b, kernel, threads)
}
