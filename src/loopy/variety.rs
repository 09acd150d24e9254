//! The degree and variety of a stopper (Siegel, *Combinatorial Game Theory* VI.5, "degree
//! and variety"; Winning Ways ch. 11, the degree of loopiness; CGSuite's
//! `CanonicalStopper.Degree`, `Variety`, `IsStable`, `UpsumVariety`, `DownsumVariety`), and
//! the predicates read off the stops (`IsInfinitesimal`, `IsNumberish`, `IsNumberTiny`).
//!
//! - The **degree** of G is the onside of G − G: 0 for a loopfree G, `on` for on or off.
//!   An idempotent D (D + D = D) may serve as a degree.
//! - For an idempotent D, the up-variety of G is the onside of G + (the offside of −G − D)
//!   and the down-variety the offside of G + (the onside of −G + D). G is **stable** when the
//!   two agree (with D the degree of G), and its **variety** is then that common value.
//!   A degree that is not idempotent is an error, as CGSuite says ("Variety degree must be an
//!   idempotent."), and so is an unstable game's variety ("That game is not stable.").

use super::sides::{side, Side};
use super::stops::{stops, Pseudo};
use super::{error as err, Loopy, Work};
use crate::kernel::{Kernel, KernelError, Relation};

/// The onside of G + H (CGSuite's `G.Upsum(H)`).
pub fn upsum(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(&g.add(h, work)?, Side::On, work)
}

/// The offside of G + H (CGSuite's `G.Downsum(H)`).
pub fn downsum(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    side(&g.add(h, work)?, Side::Off, work)
}

/// Whether two stoppers are equal.
pub fn equal(g: &Loopy, h: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
    Ok(g == h || g.compare(h, work)? == Relation::Equal)
}

/// Whether a stopper is idempotent: G + G = G, the sum read as a sided value (its onside and
/// offside both G).
pub fn is_idempotent(g: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
    Ok(equal(&upsum(g, g, work)?, g, work)? && equal(&downsum(g, g, work)?, g, work)?)
}

/// The degree: 0 for a loopfree game, else the onside of G − G.
pub fn degree(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_loopfree() {
        return Ok(Loopy::zero());
    }
    upsum(g, &g.neg(), work)
}

fn idempotent_degree(d: &Loopy, work: &mut Work) -> Result<(), KernelError> {
    if is_idempotent(d, work)? {
        Ok(())
    } else {
        Err(err("variety", "Variety degree must be an idempotent."))
    }
}

/// The up-variety of G for the idempotent D: the onside of G + (the offside of −G − D).
pub fn upsum_variety(g: &Loopy, d: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    idempotent_degree(d, work)?;
    let inner = downsum(&g.neg(), &d.neg(), work)?;
    upsum(g, &inner, work)
}

/// The down-variety of G for the idempotent D: the offside of G + (the onside of −G + D).
pub fn downsum_variety(g: &Loopy, d: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    idempotent_degree(d, work)?;
    let inner = upsum(&g.neg(), d, work)?;
    downsum(g, &inner, work)
}

/// Whether the up- and down-varieties of G for its degree agree.
pub fn is_stable(g: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
    let d = degree(g, work)?;
    let up = upsum_variety(g, &d, work)?;
    let down = downsum_variety(g, &d, work)?;
    equal(&up, &down, work)
}

/// The variety of a stable G: its up-variety for its degree, when the down-variety agrees.
pub fn variety(g: &Loopy, work: &mut Work) -> Result<Loopy, KernelError> {
    let d = degree(g, work)?;
    let up = upsum_variety(g, &d, work)?;
    let down = downsum_variety(g, &d, work)?;
    if equal(&up, &down, work)? {
        Ok(up)
    } else {
        Err(err("variety", "That game is not stable."))
    }
}

/// Whether both strong stops (over and under dropped) are 0.
pub fn is_infinitesimal(g: &Loopy, k: &mut Kernel, work: &mut Work) -> Result<bool, KernelError> {
    let (l, r) = stops(g, k, work)?;
    Ok(l.strong().is_zero() && r.strong().is_zero())
}

/// Whether the strong stops are one number.
pub fn is_numberish(g: &Loopy, k: &mut Kernel, work: &mut Work) -> Result<bool, KernelError> {
    let (l, r) = stops(g, k, work)?;
    let (l, r) = (l.strong(), r.strong());
    Ok(l.is_number() && l == r)
}

/// For a sided value G⁺ & G⁻: whether the strong left stop of G⁺ is the strong right stop of
/// G⁻ (CGSuite's `StopperSidedValue.IsNumberish`).
pub fn sided_is_numberish(
    on: &Loopy,
    off: &Loopy,
    k: &mut Kernel,
    work: &mut Work,
) -> Result<bool, KernelError> {
    let (l, _) = stops(on, k, work)?;
    let (_, r) = stops(off, k, work)?;
    Ok(l.strong() == r.strong())
}

/// Whether G is x + Tiny(H) or x + Miny(H) for a number x and H ≥ over: one option each
/// side, one a number x, the other with one option each side, x on the near side and, on the
/// far side, y with y − x ≤ under (or x − y ≤ under for Miny).
pub fn is_number_tiny(g: &Loopy, k: &mut Kernel, work: &mut Work) -> Result<bool, KernelError> {
    let graph = g.graph();
    let r = g.root();
    let ([a], [b]) = (graph.left(r), graph.right(r)) else {
        return Ok(false);
    };
    let (a, b) = (*a, *b);
    let pseudo = super::stops::pseudonumbers(g, k, work)?;
    let number = |v: u32| match &pseudo[v as usize] {
        Some(Pseudo::Num(x, 0)) => Some(x.clone()),
        _ => None,
    };
    let under = Loopy::under();
    // Tiny: a = x, b = {x | y}, y − x ≤ under.
    if let Some(x) = number(a) {
        if let ([c], [y]) = (graph.left(b), graph.right(b)) {
            if *c == a {
                let fy = g.follower(*y).unwrap_or_else(Loopy::zero);
                let mx = Pseudo::Num(-x, 0).to_loopy(k, work)?;
                if fy.add(&mx, work)?.ge_stopper(&under, work, false)? {
                    return Ok(true);
                }
            }
        }
    }
    // Miny: b = x, a = {y | x}, x − y ≤ under.
    if let Some(x) = number(b) {
        if let ([y], [c]) = (graph.left(a), graph.right(a)) {
            if *c == b {
                let fy = g.follower(*y).unwrap_or_else(Loopy::zero);
                let px = Pseudo::Num(x, 0).to_loopy(k, work)?;
                if px.add(&fy.neg(), work)?.ge_stopper(&under, work, false)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

impl Loopy {
    /// `self ≥ other` (or `≤` when `ge` is false), false when either is not a stopper.
    fn ge_stopper(&self, other: &Loopy, work: &mut Work, ge: bool) -> Result<bool, KernelError> {
        if !self.is_stopper() || !other.is_stopper() {
            return Ok(false);
        }
        if ge {
            self.ge(other, work)
        } else {
            other.ge(self, work)
        }
    }
}
