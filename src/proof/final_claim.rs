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

/// How one side of the claim (producer or checker) reads a normal-play result for
/// [`normal_facts`]: a game's value by its own means, and what it makes of each fact.
pub trait NormalReader {
    /// A game as this side compares it (a kernel id, or the term itself).
    type Value: Clone;
    /// The value of `t`.
    fn value(&mut self, t: &Term) -> Result<Self::Value, Refusal>;
    /// The options of the option `a` (value `v`) that Left's option reverses through (its
    /// Right options, `left`) or Right's (its Left options): as written when `a` is a game
    /// form, a closed form's canonical ones otherwise.
    fn through(
        &mut self,
        a: &Term,
        v: &Self::Value,
        left: bool,
    ) -> Result<Vec<(Term, Self::Value)>, Refusal>;
    /// The fact, which holds exactly when `x <= y` fails: decided here, or noted to decide.
    fn fact(&mut self, fact: Fact, x: Self::Value, y: Self::Value) -> Result<(), Refusal>;
}

/// Normal play: each fact a final claim lists for the result `t` written out, in the order
/// and with the names the module's doc gives, handed to `r` with the comparison whose failure
/// it is. Left's option A is dominated by A' when A <= A', reversible through its Right
/// option AR when AR <= G; dually for Right. The closed forms met are returned (listed, not
/// opened).
pub fn normal_facts<R: NormalReader>(t: &Term, r: &mut R) -> Result<Vec<String>, Refusal> {
    let mut closed = Vec::new();
    // Each form with its place, by an explicit stack.
    let mut stack: Vec<(Vec<String>, &Term)> = vec![(Vec::new(), t)];
    while let Some((at, g)) = stack.pop() {
        let (left, right) = match g {
            Term::Nus { .. } => {
                let s = g.to_string();
                if !closed.contains(&s) {
                    closed.push(s);
                }
                continue;
            }
            Term::Game { left, right } => (left, right),
            other => {
                return Err(Refusal::Wrong(format!(
                    "the result is not written as a game form: it contains {other}"
                )))
            }
        };
        let game = g.to_string();
        let gv = r.value(g)?;
        for (side, opts, is_left) in [("L", left, true), ("R", right, false)] {
            let vs = opts
                .iter()
                .map(|a| r.value(a))
                .collect::<Result<Vec<_>, _>>()?;
            for (i, a) in opts.iter().enumerate() {
                let name = format!("{side}{i}");
                let fact = |not: &str, by: String, fails: String| Fact {
                    at: at.clone(),
                    game: game.clone(),
                    option: name.clone(),
                    value: a.to_string(),
                    not: not.into(),
                    by,
                    fails,
                };
                for (j, b) in opts.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    let (x, y, sign) = if is_left {
                        (&vs[i], &vs[j], "<=")
                    } else {
                        (&vs[j], &vs[i], ">=")
                    };
                    let f = fact(
                        "dominated",
                        format!("{side}{j} = {b}"),
                        format!("{a} {sign} {b}"),
                    );
                    r.fact(f, x.clone(), y.clone())?;
                }
                let other = if is_left { "R" } else { "L" };
                for (n, (x, xv)) in r.through(a, &vs[i], is_left)?.into_iter().enumerate() {
                    let (le, fails) = if is_left {
                        ((xv, gv.clone()), format!("{x} <= {game}"))
                    } else {
                        ((gv.clone(), xv), format!("{x} >= {game}"))
                    };
                    let f = fact("reversible", format!("its {other}{n} = {x}"), fails);
                    r.fact(f, le.0, le.1)?;
                }
                let mut place = at.clone();
                place.push(name);
                stack.push((place, a));
            }
        }
    }
    Ok(closed)
}

/// Each position's shortest place from `root` in a graph of Left's and Right's options
/// (breadth first, options in written order, `["L0", "R1"]`); `None` for one not reached.
pub fn shortest_places<T: Copy>(
    l: &[Vec<T>],
    r: &[Vec<T>],
    root: usize,
    index: impl Fn(T) -> usize,
) -> Vec<Option<Vec<String>>> {
    let mut place: Vec<Option<Vec<String>>> = vec![None; l.len()];
    if root >= l.len() {
        return place;
    }
    place[root] = Some(Vec::new());
    let mut queue = std::collections::VecDeque::from([root]);
    while let Some(v) = queue.pop_front() {
        let here = place[v].clone().unwrap_or_default();
        for (side, opts) in [("L", &l[v]), ("R", &r[v])] {
            for (i, &o) in opts.iter().enumerate() {
                let o = index(o);
                if place.get(o).is_some_and(|p| p.is_none()) {
                    let mut p = here.clone();
                    p.push(format!("{side}{i}"));
                    place[o] = Some(p);
                    queue.push_back(o);
                }
            }
        }
    }
    place
}

/// A position's name from `root_name` by its place (`G.L0.R1`, `onside`).
pub fn position_name(root_name: &str, place: Option<&Vec<String>>, v: usize) -> String {
    match place {
        Some(p) if p.is_empty() => root_name.to_string(),
        Some(p) => format!("{root_name}.{}", p.join(".")),
        None => format!("position {v}"),
    }
}

/// One stopper of a loopy result (the result, or one of its sides) as a claim names it: its
/// graph, each position's shortest place ([`shortest_places`]), the text of the whole (`top`,
/// the top position's game), the name of its top (`G`, `onside`) and the place it stands
/// under (`["onside"]`, or none).
pub struct StopperFacts<'a> {
    /// Left's options of each position.
    pub l: &'a [Vec<usize>],
    /// Right's options of each position.
    pub r: &'a [Vec<usize>],
    /// Each position's shortest place from the top.
    pub place: &'a [Option<Vec<String>>],
    /// The stopper as written.
    pub top: &'a str,
    /// The name of its top position.
    pub root_name: &'a str,
    /// The place it stands under.
    pub prefix: &'a [String],
}

impl<'a> StopperFacts<'a> {
    /// The stopper of graph `l`, `r` whose positions have the places `place`, written `top`,
    /// its top named `root_name`, under the place `prefix`.
    pub fn new(
        l: &'a [Vec<usize>],
        r: &'a [Vec<usize>],
        place: &'a [Option<Vec<String>>],
        top: &'a str,
        root_name: &'a str,
        prefix: &'a [String],
    ) -> Self {
        StopperFacts {
            l,
            r,
            place,
            top,
            root_name,
            prefix,
        }
    }

    /// Each fact of the positions in `order` (those with a place): Left's option a is
    /// dominated by b when a <= b, reversible through its Right option x when x <= the
    /// position; dually for Right. `each` gets the fact and the pair (x, y) whose `x >= y` in
    /// the order of stoppers is the rule's condition (the fact holds when it fails).
    pub fn each(
        &self,
        order: impl IntoIterator<Item = usize>,
        each: &mut dyn FnMut(Fact, usize, usize) -> Result<(), Refusal>,
    ) -> Result<(), Refusal> {
        let name = |v: usize| {
            position_name(
                self.root_name,
                self.place.get(v).and_then(Option::as_ref),
                v,
            )
        };
        for v in order {
            let Some(here) = self.place.get(v).cloned().flatten() else {
                continue;
            };
            let game = if here.is_empty() {
                self.top.to_string()
            } else {
                name(v)
            };
            let at: Vec<String> = self.prefix.iter().cloned().chain(here).collect();
            for (side, opts, is_left) in [("L", &self.l[v], true), ("R", &self.r[v], false)] {
                let sign = if is_left { "<=" } else { ">=" };
                for (i, &a) in opts.iter().enumerate() {
                    let fact = |not: &str, by: String, fails: String| Fact {
                        at: at.clone(),
                        game: game.clone(),
                        option: format!("{side}{i}"),
                        value: name(a),
                        not: not.into(),
                        by,
                        fails,
                    };
                    for (j, &b) in opts.iter().enumerate() {
                        if i == j {
                            continue;
                        }
                        let by = format!("{side}{j} = {}", name(b));
                        let f = fact("dominated", by, format!("{} {sign} {}", name(a), name(b)));
                        let (x, y) = if is_left { (b, a) } else { (a, b) };
                        each(f, x, y)?;
                    }
                    let (through, other) = if is_left {
                        (&self.r[a], "R")
                    } else {
                        (&self.l[a], "L")
                    };
                    for (k, &x) in through.iter().enumerate() {
                        let by = format!("its {other}{k} = {}", name(x));
                        let f = fact("reversible", by, format!("{} {sign} {}", name(x), name(v)));
                        let (p, q) = if is_left { (v, x) } else { (x, v) };
                        each(f, p, q)?;
                    }
                }
            }
        }
        Ok(())
    }
}
