//! Exact piecewise-linear functions of the temperature t ≥ −1: the walls and scaffolds of
//! thermographs.
//!
//! A thermograph's walls have slopes 0 and ±1 only, so every operation here (tilting by ±t,
//! pointwise max and min, the first t where one wall meets another) keeps breakpoints dyadic:
//! two lines whose slopes differ by 1 or 2 cross at a dyadic t. Slopes are small integers and
//! values are [`Dyadic`]s, so nothing is rounded.

use crate::number::Dyadic;

/// The temperature every wall starts at: Siegel's thermographs are drawn for t ≥ −1.
pub fn start() -> Dyadic {
    Dyadic::from(-1)
}

/// One linear piece: from `from` (inclusive) to the next piece's `from`, value `x + slope·(t − from)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Where the piece starts.
    pub from: Dyadic,
    /// The value at `from`.
    pub x: Dyadic,
    /// The slope dx/dt.
    pub slope: i64,
}

/// A continuous piecewise-linear function on [−1, ∞); the last piece goes on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    pieces: Vec<Piece>,
}

/// `k·d` without a big-integer product for the slopes walls have (−1, 0, 1, ±2).
fn times(k: i64, d: &Dyadic) -> Dyadic {
    match k {
        0 => Dyadic::zero(),
        1 => d.clone(),
        -1 => -d,
        2 => d + d,
        -2 => -(d + d),
        _ => &Dyadic::from(k) * d,
    }
}

/// `d / k` for k = ±1, ±2, ±4: the only divisors a crossing of slopes in {−1, 0, 1} needs.
fn div_small(d: &Dyadic, k: i64) -> Option<Dyadic> {
    let q = match k.unsigned_abs() {
        1 => d.clone(),
        2 => d.half(),
        4 => d.half().half(),
        _ => return None,
    };
    Some(if k < 0 { -q } else { q })
}

impl Wall {
    /// The constant function x.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                from: start(),
                x,
                slope: 0,
            }],
        }
    }

    /// The line through (−1, x) with the given slope.
    pub fn line(x: Dyadic, slope: i64) -> Wall {
        Wall {
            pieces: vec![Piece {
                from: start(),
                x,
                slope,
            }],
        }
    }

    /// The pieces, from t = −1 on.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The value at t (t ≥ −1; below −1 the first piece is extended).
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let p = self
            .pieces
            .iter()
            .rev()
            .find(|p| p.from <= *t)
            .or(self.pieces.first());
        match p {
            Some(p) if p.slope == 0 || p.from == *t => p.x.clone(),
            Some(p) => &p.x + &times(p.slope, &(t - &p.from)),
            None => Dyadic::zero(),
        }
    }

    /// The slope at t (to the right of t).
    pub fn slope_at(&self, t: &Dyadic) -> i64 {
        self.pieces
            .iter()
            .rev()
            .find(|p| p.from <= *t)
            .or(self.pieces.first())
            .map_or(0, |p| p.slope)
    }

    /// The breakpoints: (t, value) at the start of every piece.
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces
            .iter()
            .map(|p| (p.from.clone(), p.x.clone()))
            .collect()
    }

    /// `self(t) + k·t`.
    pub fn tilt(&self, k: i64) -> Wall {
        self.plus_line(&Dyadic::zero(), k)
    }

    /// `self(t) + c`.
    pub fn shift(&self, c: &Dyadic) -> Wall {
        self.plus_line(c, 0)
    }

    /// `self(t) + c + k·t`: adding a line keeps every breakpoint where it was.
    fn plus_line(&self, c: &Dyadic, k: i64) -> Wall {
        Wall {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    from: p.from.clone(),
                    x: &(&p.x + c) + &times(k, &p.from),
                    slope: p.slope + k,
                })
                .collect(),
        }
    }

    /// Every piece start of either function, sorted and distinct.
    fn cuts(&self, other: &Wall) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(other.pieces.iter())
            .map(|p| p.from.clone())
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// Pointwise maximum (`larger = true`) or minimum.
    fn extreme(&self, other: &Wall, larger: bool) -> Wall {
        let cuts = self.cuts(other);
        let mut out: Vec<Piece> = Vec::new();
        let pick = |a: &Dyadic, b: &Dyadic| (*a > *b) == larger;
        for (i, t0) in cuts.iter().enumerate() {
            let t1 = cuts.get(i + 1);
            let (a0, b0) = (self.at(t0), other.at(t0));
            let (sa, sb) = (self.slope_at(t0), other.slope_at(t0));
            // Which is chosen just after t0: by value, then by slope.
            let a_first = if a0 == b0 {
                (sa >= sb) == larger
            } else {
                pick(&a0, &b0)
            };
            let (x0, s0, s1) = if a_first {
                (a0.clone(), sa, sb)
            } else {
                (b0.clone(), sb, sa)
            };
            push(&mut out, t0.clone(), x0, s0);
            // A crossing strictly inside (t0, t1): the other line overtakes.
            if sa != sb {
                let gap = if a_first { &a0 - &b0 } else { &b0 - &a0 };
                // the chosen minus the other, changing at rate s0 - s1
                let rate = s0 - s1;
                let overtaken = if larger { rate < 0 } else { rate > 0 };
                if overtaken {
                    if let Some(dt) = div_small(&gap, -rate) {
                        let tc = t0 + &dt;
                        if tc > *t0 && t1.is_none_or(|t1| tc < *t1) {
                            let xc = if a_first { other.at(&tc) } else { self.at(&tc) };
                            push(&mut out, tc, xc, s1);
                        }
                    }
                }
            }
        }
        Wall { pieces: out }
    }

    /// Pointwise maximum.
    pub fn max(&self, other: &Wall) -> Wall {
        self.extreme(other, true)
    }

    /// Pointwise minimum.
    pub fn min(&self, other: &Wall) -> Wall {
        self.extreme(other, false)
    }

    /// The smallest t ≥ −1 with `self(t) ≤ other(t)`, if any. Scaffolds satisfy it from some t
    /// on, since `self − other` ends with a negative slope.
    pub fn first_not_above(&self, other: &Wall) -> Option<Dyadic> {
        let cuts = self.cuts(other);
        for (i, t0) in cuts.iter().enumerate() {
            let d0 = &self.at(t0) - &other.at(t0);
            if d0 <= Dyadic::zero() {
                return Some(t0.clone());
            }
            let rate = self.slope_at(t0) - other.slope_at(t0);
            if rate < 0 {
                let tc = t0 + &div_small(&d0, -rate)?;
                if cuts.get(i + 1).is_none_or(|t1| tc < *t1) {
                    return Some(tc);
                }
            }
        }
        None
    }

    /// The function up to `t`, constant `x` from there on.
    pub fn until(&self, t: &Dyadic, x: Dyadic) -> Wall {
        let mut out: Vec<Piece> = Vec::new();
        for p in &self.pieces {
            if p.from < *t {
                push(&mut out, p.from.clone(), p.x.clone(), p.slope);
            }
        }
        push(&mut out, t.clone(), x, 0);
        Wall { pieces: out }
    }
}

/// Appends a piece, merging it into the previous one when it continues the same line.
fn push(out: &mut Vec<Piece>, from: Dyadic, x: Dyadic, slope: i64) {
    if let Some(last) = out.last() {
        if last.slope == slope {
            return;
        }
        if last.from == from {
            out.pop();
            if out.last().is_some_and(|l| l.slope == slope) {
                return;
            }
        }
    }
    out.push(Piece { from, x, slope });
}
