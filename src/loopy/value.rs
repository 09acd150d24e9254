//! The values of loopy games as the expression language holds them (Siegel, *Combinatorial
//! Game Theory* VI.4–5; CGSuite's `CanonicalStopper`, `StopperSidedValue`, `SidedValue`):
//!
//! - a **stopper**, kept as its simplest form (it is its own onside and offside);
//! - a **stopper-sided value** `G⁺ & G⁻`, its onside and offside, both simplest stoppers,
//!   different (when they are equal the value is that stopper);
//! - any other game, whose sides sidling could not settle: kept as the graph written.
//!
//! Sums follow the sides: (G + H)⁺ is the onside of G⁺ + H⁺ and (G + H)⁻ the offside of
//! G⁻ + H⁻ (Siegel VI.5, upsum and downsum); G ≥ H for sided values exactly when G⁺ ≥ H⁺
//! and G⁻ ≥ H⁻ (Siegel VI.5), which for stoppers is the stopper order.

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
    /// A game whose sides are not stoppers (sidling did not settle), as written.
    Graph(Loopy),
}

impl Value {
    /// The value of a game graph: its simplest form when it is a stopper, else its sides by
    /// sidling, else the graph itself.
    pub fn of(g: &Loopy, work: &mut Work) -> Result<Value, KernelError> {
        if g.is_stopper() {
            return Ok(Value::Stopper(canonical(g, work)?));
        }
        let on = match side(g, Side::On, work) {
            Ok(s) => s,
            Err(KernelError::Function { .. }) => return Ok(Value::Graph(g.clone())),
            Err(e) => return Err(e),
        };
        let off = match side(g, Side::Off, work) {
            Ok(s) => s,
            Err(KernelError::Function { .. }) => return Ok(Value::Graph(g.clone())),
            Err(e) => return Err(e),
        };
        Value::sided(on, off, work)
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
            _ => Err(KernelError::Function {
                name: "&".to_string(),
                message: "in A & B the onside A must be at least the offside B (a game's onside is never below its offside)".to_string(),
                calls: Vec::new(),
            }),
        }
    }

    /// The onside, when it is a stopper.
    pub fn onside(&self) -> Option<&Loopy> {
        match self {
            Value::Stopper(g) => Some(g),
            Value::Sided { onside, .. } => Some(onside),
            Value::Graph(_) => None,
        }
    }

    /// The offside, when it is a stopper.
    pub fn offside(&self) -> Option<&Loopy> {
        match self {
            Value::Stopper(g) => Some(g),
            Value::Sided { offside, .. } => Some(offside),
            Value::Graph(_) => None,
        }
    }

    /// A game graph of the value, when it has one (a sided value has none of its own).
    pub fn graph(&self) -> Option<&Loopy> {
        match self {
            Value::Stopper(g) | Value::Graph(g) => Some(g),
            Value::Sided { .. } => None,
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
            Value::Graph(g) => Value::Graph(g.neg()),
        }
    }

    /// G + H.
    pub fn add(&self, other: &Value, work: &mut Work) -> Result<Value, KernelError> {
        if let (Some(a), Some(b)) = (self.graph(), other.graph()) {
            if matches!(self, Value::Graph(_)) || matches!(other, Value::Graph(_)) {
                return Value::of(&a.add(b, work)?, work);
            }
        }
        match (
            self.onside(),
            other.onside(),
            self.offside(),
            other.offside(),
        ) {
            (Some(a), Some(b), Some(c), Some(d)) => {
                let on = side(&a.add(b, work)?, Side::On, work)?;
                let off = side(&c.add(d, work)?, Side::Off, work)?;
                Value::sided(on, off, work)
            }
            _ => Err(not_sided("+")),
        }
    }

    /// G against H: stoppers by the order, sided values side by side.
    pub fn compare(&self, other: &Value, work: &mut Work) -> Result<Relation, KernelError> {
        let (Some(a), Some(b), Some(c), Some(d)) = (
            self.onside(),
            other.onside(),
            self.offside(),
            other.offside(),
        ) else {
            return Err(not_sided("compare"));
        };
        let on = order::compare(a, b, work)?;
        let off = order::compare(c, d, work)?;
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
            Value::Stopper(g) | Value::Graph(g) => g.write(kernel, work),
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

/// The error for an operation on a game whose sides are not stoppers.
pub fn not_sided(what: &str) -> KernelError {
    KernelError::Function {
        name: what.to_string(),
        message: "the game is not stopper-sided: sidling from on and off did not settle, so its onside and offside are not stoppers and onag has no rule for it".to_string(),
        calls: Vec::new(),
    }
}
