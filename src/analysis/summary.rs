//! Everything `onag analyze` reports about one game, computed once; the CLI only formats it.

use super::atomic::atomic_weight;
use super::reduced::reduced;
use super::thermograph::Thermographer;
use crate::kernel::{GameId, Kernel, KernelError, OutcomeClass};
use crate::number::Dyadic;
use crate::term::Term;
use serde_json::{json, Value};

/// A winning first move: the option moved to, and in a sum the component moved in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The component moved in (its index among the summands, from 0) and its canonical form,
    /// when the game was written as a sum of two or more parts.
    pub component: Option<(usize, Term)>,
    /// The canonical value moved to: the component's option, or the whole game's option.
    pub to: Term,
}

/// The analysis of one game.
#[derive(Clone, Debug)]
pub struct Summary {
    /// The canonical form.
    pub canonical: Term,
    /// Who wins.
    pub outcome: OutcomeClass,
    /// Left's and Right's stops (the confusion interval runs from the right stop to the left).
    pub left_stop: Dyadic,
    /// Right's stop.
    pub right_stop: Dyadic,
    /// The mean (the mast value).
    pub mean: Dyadic,
    /// The temperature (−1 for integers, −1/2^k for m/2^k).
    pub temperature: Dyadic,
    /// The atomic weight, or why it is undefined.
    pub atomic_weight: Result<Term, String>,
    /// The reduced canonical form.
    pub reduced: Term,
    /// Left's winning first moves (options ≥ 0).
    pub left_winning_moves: Vec<Move>,
    /// Right's winning first moves (options ≤ 0).
    pub right_winning_moves: Vec<Move>,
    /// Left's wall from t = −1 to the mast, as breakpoints (t, x).
    pub left_wall: Vec<(Dyadic, Dyadic)>,
    /// Right's wall.
    pub right_wall: Vec<(Dyadic, Dyadic)>,
}

/// The summands of a term written as a sum (`a + b + c`), in order; a single term otherwise.
pub fn summands(t: &Term) -> Vec<&Term> {
    let mut out = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Sum(a, b) => {
                stack.push(b);
                stack.push(a);
            }
            _ => out.push(t),
        }
    }
    out
}

/// Analyses the game the term denotes.
pub fn analyze(k: &mut Kernel, term: &Term) -> Result<Summary, KernelError> {
    let g = k.eval(term)?;
    let mut th = Thermographer::new();
    let thermo = th.of(k, g)?;
    let outcome = k.outcome(g)?;
    let aw = match atomic_weight(k, g) {
        Ok(w) => Ok(super::written(k, w)?),
        Err(KernelError::Function { message, .. }) => Err(message),
        Err(e) => return Err(e),
    };
    let red = reduced(k, g)?;
    let parts = summands(term);
    let (left_winning_moves, right_winning_moves) = if parts.len() > 1 {
        let mut ids = Vec::new();
        for p in &parts {
            ids.push(k.eval(p)?);
        }
        winning(k, &ids)?
    } else {
        winning(k, &[g])?
    };
    Ok(Summary {
        canonical: super::written(k, g)?,
        outcome,
        left_stop: k.left_stop(g),
        right_stop: k.right_stop(g),
        mean: thermo.mast.clone(),
        temperature: thermo.temperature.clone(),
        atomic_weight: aw,
        reduced: super::written(k, red)?,
        left_winning_moves,
        right_winning_moves,
        left_wall: thermo.left_points(),
        right_wall: thermo.right_points(),
    })
}

/// Winning moves, component by component in a sum of `parts`: moving component i to its
/// option o wins for Left when `o + Σ_{j≠i} G_j ≥ 0` (Right: ≤ 0). A game of one part is the
/// game itself, its moves naming no component.
fn winning(k: &mut Kernel, parts: &[GameId]) -> Result<(Vec<Move>, Vec<Move>), KernelError> {
    let zero = k.zero();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (i, &c) in parts.iter().enumerate() {
        let mut rest = zero;
        for (j, &d) in parts.iter().enumerate() {
            if j != i {
                rest = k.add(rest, d)?;
            }
        }
        let component = match parts.len() {
            1 => None,
            _ => Some((i, super::written(k, c)?)),
        };
        let (cl, cr) = k.options(c)?;
        let sides = cl.into_iter().map(|x| (x, true));
        for (x, for_left) in sides.chain(cr.into_iter().map(|x| (x, false))) {
            let s = k.add(x, rest)?;
            let (wins, out) = match for_left {
                true => (k.le(zero, s)?, &mut left),
                false => (k.le(s, zero)?, &mut right),
            };
            if wins {
                let to = super::written(k, x)?;
                out.push(Move {
                    component: component.clone(),
                    to,
                });
            }
        }
    }
    Ok((left, right))
}

fn outcome_name(o: OutcomeClass) -> &'static str {
    match o {
        OutcomeClass::L => "L",
        OutcomeClass::R => "R",
        OutcomeClass::N => "N",
        OutcomeClass::P => "P",
    }
}

fn show(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

pub(super) fn points_json(pts: &[(Dyadic, Dyadic)]) -> Value {
    Value::Array(
        pts.iter()
            .map(|(t, x)| json!([t.to_string(), x.to_string()]))
            .collect(),
    )
}

fn move_json(m: &Move) -> Value {
    match &m.component {
        None => json!(show(&m.to)),
        Some((i, c)) => json!({ "component": i, "in": show(c), "to": show(&m.to) }),
    }
}

impl Summary {
    /// Who wins, in words.
    pub fn outcome_words(&self) -> &'static str {
        match self.outcome {
            OutcomeClass::L => "L (Left wins whoever starts)",
            OutcomeClass::R => "R (Right wins whoever starts)",
            OutcomeClass::N => "N (the first player wins)",
            OutcomeClass::P => "P (the second player wins)",
        }
    }

    /// The JSON object: `canonical`, `outcome`, `left_stop`, `right_stop`, `mean`,
    /// `temperature`, `atomic_weight` (null when undefined, with `atomic_weight_error` saying
    /// why), `reduced`, `left_winning_moves`, `right_winning_moves` (canonical options, or
    /// `{component, in, to}` objects for a sum), `confusion_interval` and `thermograph`
    /// (`left_wall`, `right_wall` as `[t, x]` pairs of exact strings, `mast`).
    pub fn to_json(&self) -> Value {
        json!({
            "canonical": show(&self.canonical),
            "outcome": outcome_name(self.outcome),
            "left_stop": self.left_stop.to_string(),
            "right_stop": self.right_stop.to_string(),
            "confusion_interval": [self.right_stop.to_string(), self.left_stop.to_string()],
            "mean": self.mean.to_string(),
            "temperature": self.temperature.to_string(),
            "atomic_weight": self.atomic_weight.as_ref().ok().map(show),
            "atomic_weight_error": self.atomic_weight.as_ref().err(),
            "reduced": show(&self.reduced),
            "left_winning_moves": self.left_winning_moves.iter().map(move_json).collect::<Vec<_>>(),
            "right_winning_moves": self.right_winning_moves.iter().map(move_json).collect::<Vec<_>>(),
            "thermograph": {
                "left_wall": points_json(&self.left_wall),
                "right_wall": points_json(&self.right_wall),
                "mast": self.mean.to_string(),
            },
        })
    }
}
