//! The claim that a proof's result is final, as written in a proof file (`"final"`,
//! docs/PROOF-JSON.md): the data both its producer (`final_form`, which decides by the
//! engine's kernels) and its checker (`final_check`, which decides by definitions) name, and
//! the few words and bounds they agree on. No deciding code lives here: the two sides share
//! the claim's grammar, not its judgement.
//!
//! How the facts are named, so that a producer and a checker who read the same result list the
//! same facts:
//!
//! - normal play: the result written out, each game form with its place (`["R0", "L1"]`, the
//!   options as written), each option `L{i}`/`R{i}` in written order; a closed form's options
//!   are those of its canonical form, in the order the canonical form is written;
//! - misère play: each distinct impartial form once, at its first place in breadth-first order
//!   from the top; a form is written `*k` when it is a nim heap, else `{s|s}` with `s` its
//!   options' texts in [`text_order`] joined by `,`; its options are named `L{i}` in that
//!   order, an option's own options `its option {k}` likewise;
//! - loopy play: each position of the stopper the result writes, named by its shortest place
//!   from the top (`G.L0.R1`), its options in written order; for a sided result `A & B` (and
//!   `dud`, which is `on & off`), each side's positions so, the side in place of `G`
//!   (`onside.L0`, `offside`) and `at` starting with `"onside"` or `"offside"`, then one fact
//!   more, that the sides are in order ([`SIDES_FACT`]: `A >= B`, which a sided value needs).

use super::TermTable;
use crate::term::{Arg, Term};
use serde::{Deserialize, Serialize};

/// The most nodes the result may have written out for a claim to be made or checked.
pub const MAX_NODES: usize = 20_000;

/// The most conditions a claim lists (past it, no claim is made).
pub const MAX_FACTS: usize = 2_000;

/// The longest text of a misère form a claim writes (past it, no claim is made).
pub const MAX_SHOWN: usize = 600;

/// The most positions of a loopy result a claim is made for (the order of all pairs is
/// decided).
pub const MAX_LOOPY: usize = 64;

/// The `not` of the fact that a sided result's sides are in order: its onside is at least its
/// offside, so `not (onside >= offside)` fails.
pub const SIDES_FACT: &str = "sides-out-of-order";

/// The root names of a sided result's two sides, in place of `G`.
pub const SIDE_NAMES: [&str; 2] = ["onside", "offside"];

/// The two sides of a sided loopy result as written, `A & B` (the call `sidle(A, B)`, directly
/// or as a table entry), or `dud`, CGSuite's name for `on & off` (Siegel, CGT VI.4); `None`
/// for any other result. This reads the shape only; whether each side is final is for the
/// producer and the checker to decide, each by its own means.
pub fn sides_of(result: &Term, terms: &TermTable) -> Option<(Term, Term)> {
    let named = |n: &str| Term::Call {
        name: n.to_string(),
        args: Vec::new(),
    };
    let t = match result {
        Term::Ref(n) => terms.view(*n)?,
        t => t,
    };
    match t {
        Term::Call { name, args } if name == "sidle" => match &args[..] {
            [Arg::Game(a), Arg::Game(b)] => Some((a.clone(), b.clone())),
            _ => None,
        },
        Term::Call { name, args } if name == "dud" && args.is_empty() => {
            Some((named("on"), named("off")))
        }
        _ => None,
    }
}

/// The claim: the result is final in its play, and each condition that shows it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct FinalClaim {
    /// `"canonical form"` (normal play) or `"simplest form"` (misère play).
    pub claim: String,
    /// Closed forms of the result, canonical by their notation (normal play).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<String>,
    /// Each condition under which a rule would apply, every one failing.
    #[serde(default)]
    pub facts: Vec<Fact>,
}

/// One condition that fails, at one form of the result.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fact {
    /// The form's place in the result (`["R0"]`), empty at the top.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at: Vec<String>,
    /// The form there, as written.
    pub game: String,
    /// The option the condition is about (`"L0"`), and the option as written.
    pub option: String,
    /// The option as written.
    pub value: String,
    /// `"dominated"`, `"reversible"` or `"reversible-zero"`: the rule that does not apply.
    pub not: String,
    /// The other game the condition names: the option said to dominate it, or the option of
    /// the option it would reverse through (`"L1"`, `"R0 of it"`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by: String,
    /// The statement that fails, in the play's own terms (`"0 >= {1|{0|-5}}"`).
    pub fails: String,
}

impl Fact {
    /// The fact in words: "R0 = {0|-5} is not reversible through its L0 = 0: 0 >= {1|{0|-5}}
    /// fails".
    pub fn words(&self) -> String {
        let place = if self.at.is_empty() {
            String::new()
        } else {
            format!(" (in {} at {})", self.game, self.at.join("/"))
        };
        let what = match self.not.as_str() {
            "dominated" => format!("not dominated by {}", self.by),
            "reversible" => format!("not reversible through {}", self.by),
            "reversible-zero" => "not equal to 0 by Conway's proviso".to_string(),
            SIDES_FACT => format!("the sides are in order, onside >= offside = {}", self.by),
            other => format!("not {other}"),
        };
        format!(
            "{} = {}{place}: {what}: {} fails",
            self.option, self.value, self.fails
        )
    }
}

/// Why a claim was not accepted: it is false or does not fit the result (the proof is
/// rejected), or the check stopped at a limit (no verdict).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The claim is wrong.
    Wrong(String),
    /// A limit of the checker's.
    Limit(String),
}

/// The claim's name in `play`.
pub fn claim_name(play: super::Play) -> &'static str {
    match play {
        super::Play::Misere | super::Play::Loopy => "simplest form",
        _ => "canonical form",
    }
}

/// The order misère forms are listed in by their texts: `0` first, then shorter texts before
/// longer ones, then as strings (`0, *, *2, *3, {…}`), so a form reads as it is usually
/// written.
pub fn text_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| (s != "0", s.len());
    key(a).cmp(&key(b)).then_with(|| a.cmp(b))
}
