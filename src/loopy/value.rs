//! The values of loopy games as the expression language holds them (Siegel, *Combinatorial
//! Game Theory* VI.4–5; CGSuite's `CanonicalStopper`, `StopperSidedValue`, `SidedValue`):
//!
//! - a **stopper**, kept as its simplest form (it is its own onside and offside);
//! - a **stopper-sided value** `G⁺ & G⁻`, its onside and offside, both simplest stoppers,
//!   different (when they are equal the value is that stopper);
//! - any other game, whose sides are not both stoppers: kept as its onside and offside, each
//!   a game made smaller by steps that keep that side (`carousel`), as CGSuite keeps a
//!   `SidedValue` (Bach's Carousel prints `a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}`).
//!
//! Sums follow the sides: (G + H)⁺ is the onside of G⁺ + H⁺ and (G + H)⁻ the offside of
//! G⁻ + H⁻ (Siegel VI.5, upsum and downsum; a side of a sum is unchanged when a part is
//! replaced by its same side); G ≥ H exactly when G⁺ ≥ H⁺ and G⁻ ≥ H⁻ (Siegel VI.5), which
//! for stoppers is the stopper order, and otherwise is decided by the order of sides.

use super::carousel;
use super::side_order::side_ge;
use super::sides::{side, Side};
use super::{canonical::canonical, order, Loopy, Work};
use crate::kernel::{Kernel, KernelError, Relation};

/// A loopy game's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A stopper, in simplest form.
    Stopper(Loopy),
    /// Onside & offside: simplest stoppers, not equal.
    Sided {
        /// The onside (infinite play won by Left).
        onside: Loopy,
        /// The offside (infinite play won by Right).
        offside: Loopy,
    },
    /// A value whose sides are not both stoppers, held as its sides (CGSuite's `SidedValue`
    /// of a game that is not stopper-sided).
    Graph(Sides),
}

/// The onside and offside of a game that is not stopper-sided, each a game with that side
/// (not both stoppers), simplified by `carousel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    /// A game whose onside is the value's onside.
    pub onside: Loopy,
    /// A game whose offside is the value's offside.
    pub offside: Loopy,
}

/// Graphs of more vertices than this are not simplified (each trial deletion or fusion is a
/// comparison of the whole graph with itself): such a side is kept as the game given. 4 · G
/// of Bach's Carousel sums two 26-vertex sides, 676 vertices before simplification.
const SIMPLIFY_UP_TO: usize = 1000;

/// The `which` side of `g` as a game: its simplest stopper when sidling finds one, else a
/// graph with the same side made smaller (`carousel`), else `g` itself when it is too large
/// to simplify edge by edge.
pub fn side_game(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_stopper() {
        return canonical(g, work);
    }
    match side(g, which, work) {
        Ok(s) => Ok(s),
        Err(KernelError::Function { .. }) if g.len() <= SIMPLIFY_UP_TO => {
            carousel::simplify(g, which, work)
        }
        Err(KernelError::Function { .. }) => Ok(g.clone()),
        Err(e) => Err(e),
    }
}

/// The `which` side of a sum with a part that is not stopper-sided: simplified as a side that
/// is not a stopper (`carousel`, which still ends in the simplest stopper when its deletions
/// reach one), or kept as the sum when too large.
fn sum_side(g: &Loopy, which: Side, work: &mut Work) -> Result<Loopy, KernelError> {
    if g.is_stopper() {
        return canonical(g, work);
    }
    if g.len() <= SIMPLIFY_UP_TO {
        carousel::simplify(g, which, work)
    } else {
        Ok(g.clone())
    }
}

impl Value {
    /// The value of a game graph: its simplest form when it is a stopper, else its sides by
    /// sidling, else the graph itself.
    pub fn of(g: &Loopy, work: &mut Work) -> Result<Value, KernelError> {
        if g.is_stopper() {
            return Ok(Value::Stopper(canonical(g, work)?));
        }
        let on = side_game(g, Side::On, work)?;
        // G = −G (a symmetric position: Backsliding Toads and Frogs' `tttt..ffff` read from
        // the other end): G⁻ = (−G)⁻ = −(G⁺), so the offside is the onside's negative and is
        // not sought again (Siegel VI.4: negation swaps the sides).
        let off = if on.is_stopper() && self_negative(g, work)? {
            canonical(&on.neg(), work)?
        } else {
            side_game(g, Side::Off, work)?
        };
        Value::of_sides(on, off, work)
    }

    /// The value with onside that of `on` and offside that of `off`, games whose sides those
    /// are already (as [`side_game`] gives them): a stopper or stopper-sided value when both
    /// are stoppers, else the two games.
    pub fn of_sides(on: Loopy, off: Loopy, work: &mut Work) -> Result<Value, KernelError> {
        if on.is_stopper() && off.is_stopper() {
            return Value::sided(on, off, work);
        }
        Ok(Value::Graph(Sides {
            onside: on,
            offside: off,
        }))
    }

    /// `on & off` for two stoppers: the stopper when they are equal. An error when the
    /// onside is not at least the offside (Siegel VI.4: G⁺ ≥ G⁻ always).
    pub fn sided(on: Loopy, off: Loopy, work: &mut Work) -> Result<Value, KernelError> {
        let (on, off) = (canonical(&on, work)?, canonical(&off, work)?);
        if on == off {
            return Ok(Value::Stopper(on));
        }
        match order::compare(&on, &off, work)? {
            Relation::Equal => Ok(Value::Stopper(on)),
            Relation::Greater => Ok(Value::Sided {
                onside: on,
                offside: off,
            }),
            _ => Err(super::error(
                "&",
                "in A & B the onside A must be at least the offside B (a game's onside is never below its offside)",
            )),
        }
    }

    /// A game whose onside is the value's onside (a stopper unless the value is not
    /// stopper-sided).
    pub fn onside_game(&self) -> &Loopy {
        match self {
            Value::Stopper(g) => g,
            Value::Sided { onside, .. } | Value::Graph(Sides { onside, .. }) => onside,
        }
    }

    /// A game whose offside is the value's offside.
    pub fn offside_game(&self) -> &Loopy {
        match self {
            Value::Stopper(g) => g,
            Value::Sided { offside, .. } | Value::Graph(Sides { offside, .. }) => offside,
        }
    }

    /// −G: the sides swap and change sign.
    pub fn neg(&self) -> Value {
        match self {
            Value::Stopper(g) => Value::Stopper(g.neg()),
            Value::Sided { onside, offside } => Value::Sided {
                onside: offside.neg(),
                offside: onside.neg(),
            },
            Value::Graph(Sides { onside, offside }) => Value::Graph(Sides {
                onside: offside.neg(),
                offside: onside.neg(),
            }),
        }
    }

    /// G + H: the onside of G⁺ + H⁺ and the offside of G⁻ + H⁻.
    pub fn add(&self, other: &Value, work: &mut Work) -> Result<Value, KernelError> {
        if let (Value::Stopper(a), Value::Stopper(b)) = (self, other) {
            return Value::of(&a.add(b, work)?, work);
        }
        let on = self.onside_game().add(other.onside_game(), work)?;
        let off = self.offside_game().add(other.offside_game(), work)?;
        if matches!(self, Value::Graph(_)) || matches!(other, Value::Graph(_)) {
            // A part is not stopper-sided: the sum's sides are simplified as such at once
            // (sidling's search for a stopper on the product graph, which fails on Bach's
            // Carousel's multiples, is what made `2 * G` run to the deadline).
            let on = sum_side(&on, Side::On, work)?;
            let off = sum_side(&off, Side::Off, work)?;
            return Value::of_sides(on, off, work);
        }
        let on = side_game(&on, Side::On, work)?;
        let off = side_game(&off, Side::Off, work)?;
        Value::of_sides(on, off, work)
    }

    /// G against H: stoppers by the order, sided values side by side (by the order of sides
    /// when a side is not a stopper).
    pub fn compare(&self, other: &Value, work: &mut Work) -> Result<Relation, KernelError> {
        let on = side_compare(self.onside_game(), other.onside_game(), Side::On, work)?;
        let off = side_compare(self.offside_game(), other.offside_game(), Side::Off, work)?;
        Ok(match (on, off) {
            (x, y) if x == y => x,
            (Relation::Equal, y) => y,
            (x, Relation::Equal) => x,
            _ => Relation::Fuzzy,
        })
    }

    /// The text CGSuite would print: the stopper, `onside & offside`, or the graph as written.
    pub fn write(&self, kernel: &mut Kernel, work: &mut Work) -> Result<String, KernelError> {
        match self {
            Value::Stopper(g) => g.write(kernel, work),
            Value::Graph(Sides { onside, offside }) => {
                let on = carousel::short_first(onside, work)?.write(kernel, work)?;
                if onside == offside {
                    // A game that stands for both its sides (kept as given when too large to
                    // simplify, or a side on its own): its text once.
                    return Ok(on);
                }
                let off = carousel::short_first(offside, work)?.write(kernel, work)?;
                Ok(format!("{on} & {off}"))
            }
            Value::Sided { onside, offside } => {
                if *onside == Loopy::on() && *offside == Loopy::off() {
                    return Ok("dud".to_string());
                }
                let on = onside.write(kernel, work)?;
                let off = offside.write(kernel, work)?;
                Ok(format!("{on} & {off}"))
            }
        }
    }
}

/// Whether `g` is the same game as −g: in `g`'s graph beside its negative's (each vertex's
/// Left and Right options swapped), g's root and −g's are bisimilar (partition refinement
/// by the classes of each player's options, `refine`), so the two unfold to one game tree.
pub(super) fn self_negative(g: &Loopy, work: &mut Work) -> Result<bool, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    // Vertex v < n is g's v; vertex n + v is −g's v, whose Left options are g's Right
    // options of v (moved up by n) and whose Right options are g's Left options.
    let options = |v: usize, left: bool| -> Vec<usize> {
        let (u, mirrored) = if v < n { (v, false) } else { (v - n, true) };
        let os = if left != mirrored {
            graph.left(u as u32)
        } else {
            graph.right(u as u32)
        };
        let shift = if mirrored { n } else { 0 };
        os.iter().map(|&t| t as usize + shift).collect()
    };
    let classes = |os: Vec<usize>, class: &[usize]| -> Vec<usize> {
        let mut c: Vec<usize> = os.into_iter().map(|t| class[t]).collect();
        c.sort_unstable();
        c.dedup();
        c
    };
    let sig = |v: usize, class: &[usize]| {
        (
            classes(options(v, true), class),
            classes(options(v, false), class),
        )
    };
    let (class, _) = super::refine::refine(2 * n, &sig, &mut |k| work.tick(k))?;
    let root = g.root() as usize;
    Ok(class.get(root).is_some() && class.get(root) == class.get(n + root))
}

/// The `which` sides of `a` and `b` compared: by the order of stoppers when both are
/// stoppers, else by the order of sides.
fn side_compare(
    a: &Loopy,
    b: &Loopy,
    which: Side,
    work: &mut Work,
) -> Result<Relation, KernelError> {
    if a.is_stopper() && b.is_stopper() {
        return order::compare(a, b, work);
    }
    Ok(
        match (side_ge(a, b, which, work)?, side_ge(b, a, which, work)?) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Greater,
            (false, true) => Relation::Less,
            (false, false) => Relation::Fuzzy,
        },
    )
}

/// The error for an operation defined only for stopper-sided values (CGSuite's `Onside` and
/// `Offside`, which its `SidedValue` does not have).
pub fn not_sided(what: &str) -> KernelError {
    super::error(
        what,
        "the game is not stopper-sided: its onside and offside are not both stoppers (the value prints them, simplified, as A & B), and CGSuite defines this only for stopper-sided values",
    )
}

#[cfg(test)]
mod tests;
