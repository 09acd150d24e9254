//! Clobber (Albert, Grossman, Nowakowski, Wolfe 2005): stones on a board; **Left moves an `x`
//! stone, Right an `o` stone**, onto an orthogonally adjacent stone of the other colour, which
//! is removed ("clobbered"); the square left behind is empty. Notation (CGSuite's): rows
//! separated by `|`, `x` Left's stone, `o` Right's, `.` an empty square: `"xo.|ox."`.
//!
//! Search: 4-connected groups of stones never interact, so they are summed; a group of one
//! colour is 0 and dropped; each group is keyed by the least of its images under the board's
//! eight symmetries and the colour swap (which swaps the players and negates the value).

use super::grid::{self, Shape, MAX_REGION};
use super::search::{self, Rules, Table};
use super::RulesetError;
use crate::kernel::{GameId, Kernel};

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

/// Reads `"xo.|ox."`; boards of more than [`MAX_REGION`] squares are refused (a limit).
pub fn parse(text: &str) -> Result<Board, RulesetError> {
    let g = super::position::clobber(text)?;
    if g.width * g.height > MAX_REGION || g.width > MAX_REGION || g.height > MAX_REGION {
        return Err(super::too_large(format!(
            "a {}×{} Clobber board (at most {MAX_REGION} squares)",
            g.height, g.width
        )));
    }
    let (mut x, mut o) = (0u128, 0u128);
    for (i, &c) in g.cells.iter().enumerate() {
        match c {
            'x' => x |= 1 << i,
            'o' => o |= 1 << i,
            _ => {}
        }
    }
    Ok(Board {
        shape: Shape {
            w: g.width as u8,
            h: g.height as u8,
        },
        x,
        o,
    })
}

/// The board in its notation.
pub fn print(b: &Board) -> String {
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let m = grid::bit(w, r, c);
                    if b.x & m != 0 {
                        'x'
                    } else if b.o & m != 0 {
                        'o'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("|")
}

/// The boards one move reaches: Left's (an x clobbers an o) or Right's.
pub fn moves(b: &Board, left: bool) -> Vec<Board> {
    let (mine, theirs) = if left { (b.x, b.o) } else { (b.o, b.x) };
    let mut out = Vec::new();
    let mut rest = mine;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let from = 1u128 << i;
        let mut targets = b.shape.neighbours(from) & theirs;
        while targets != 0 {
            let j = targets.trailing_zeros();
            targets &= targets - 1;
            let to = 1u128 << j;
            let (m, t) = ((mine & !from) | to, theirs & !to);
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

/// The Clobber rules for the search.
pub struct Clobber;

impl Clobber {
    fn canonical(b: Board) -> (Board, bool) {
        let mut best = (b, false);
        for s in 0..8u8 {
            let (shape, x) = b.shape.transform(b.x, s);
            let (_, o) = b.shape.transform(b.o, s);
            for (cand, neg) in [
                (Board { shape, x, o }, false),
                (Board { shape, x: o, o: x }, true),
            ] {
                if cand < best.0 {
                    best = (cand, neg);
                }
            }
        }
        best
    }
}

impl Rules for Clobber {
    type Pos = Board;

    fn parts(&self, p: &Board) -> Vec<(Board, bool)> {
        let stones = p.x | p.o;
        p.shape
            .regions(stones)
            .into_iter()
            .filter(|&r| r & p.x != 0 && r & p.o != 0)
            .map(|r| {
                let (shape, x) = p.shape.trim_within(r, p.x);
                let (_, o) = p.shape.trim_within(r, p.o);
                Clobber::canonical(Board { shape, x, o })
            })
            .collect()
    }

    fn moves(&self, p: &Board, left: bool) -> Vec<Board> {
        moves(p, left)
    }
}

/// The value of a board, its independent regions shared out over [`search::threads`]
/// threads.
pub fn value(b: &Board, kernel: &mut Kernel) -> Result<GameId, RulesetError> {
    value_threads(b, kernel, search::threads())
}

/// The value of a board with its regions shared out over `threads` threads; the value is the
/// same for every count.
pub fn value_threads(
    b: &Board,
    kernel: &mut Kernel,
    threads: usize,
) -> Result<GameId, RulesetError> {
    let mut table = Table::for_kernel(kernel);
    search::value_parallel(
        &Clobber,
        std::slice::from_ref(b),
        &mut table,
        kernel,
        threads,
    )
}
