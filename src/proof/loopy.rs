//! Loopy proofs: a stopper's derivation ([`crate::loopy::derive`]) written as a [`Proof`] whose
//! `play` is [`Play::Loopy`], proofs of identities of loopy games, and their own checker.
//!
//! The terms of a loopy proof are cyclic: a labelled brace `a{0|a}` refers to itself, `pass`
//! is a move to the brace it is written in. The checker reads every term into a game graph by
//! the definitions alone (braces, labels, `pass`, the named games `on` … `dud`, numbers, nim
//! heaps and ↑ by their definitions, sums as product graphs, negatives with the players
//! swapped), and decides each rule's conditions with its own procedures, never with
//! `crate::loopy`'s order or simplification:
//!
//! - two terms are the same game form when their graphs are bisimilar (a partition refinement
//!   of the two graphs together): they unfold to the same game tree;
//! - a game is a stopper when its graph has no cycle of alternating moves (Kahn's algorithm
//!   on the graph of (position, player to move));
//! - G ≥ H for stoppers when Right, moving first in G − H, cannot force Left to be stuck in
//!   finitely many moves (Siegel, *Combinatorial Game Theory* VI.1): the positions where Right
//!   can are the least fixed point of one round of retrograde reasoning: for one pair, grown
//!   by a worklist over the positions of G − H reachable from the start
//!   ([`super::loopy_order`]); for the fusion of positions, which asks every pair of a graph,
//!   by repeating the round over all pairs until nothing changes.
//!
//! `loopy-sum` says two terms are the same game by the definitions: the same game form, or,
//! when both are stoppers, equal by the comparison above (a short part such as `1/2 + *` in
//! the input stands for its canonical form, not for the sum written out), or, for any games,
//! the same form once each short part (no cycle reachable from it) stands for its value, two
//! short parts being alike when the comparison above finds them equal.
//!
//! A step names its place as a path of options from the top of the term before it (`L0/R1`)
//! and its witnesses as option indices (`removed`, `by`, `option`, `through`). Every step by
//! a rule on a graph's positions, whatever its name (the stopper rules, and the side rules:
//! a `keeps_onside`/`keeps_offside` proviso), is re-matched from the rule set by the checker's
//! one rule interpreter (`proof::pattern`, `positions` being loopy play's host for it on the
//! checker's own graph): the witnesses bind the pattern's picks, the conditions are decided by
//! the comparison above (`<=`) or the order of sides below (`keeps_onside`), and the result,
//! the position's new options, must be the graph after the step as a form. Besides, every
//! step on stoppers is checked to leave the game equal (by the comparison above) and a
//! stopper: that is how a user's unsound rule on stoppers is caught at its step. Only the two
//! `kind manual` rules have checks of their own: `loopy-sum` (above) and `loopy-fusion`
//! (every position after it a position before it, its options moved to equal positions).
//!
//! The sides (`rules/loopy.rules`' side rules): a whole term is a game, `onside(G)`,
//! `offside(G)` or `A & B`, read as a shape around graphs; a step's place follows the
//! arguments first (`arg0`, `arg1`) and the rest of the term must be unchanged. A deletion
//! inside a side must delete exactly the witnessed option and leave the side the same,
//! decided both ways by the checker's own search of the order of sides
//! ([`super::loopy_sides`], never `crate::loopy::side_order`), or each way against the side's
//! stopper when the step names it (the witness `side`). Sums and negatives around `A & B` are
//! kept as their parts (places `sum.0`, `sum.1`, `neg`). The term rules (`loopy-sides`,
//! `onside-stopper`, `sidle-stopper`, `sidle-sum`, `sidle-neg`, a user's: `&`, `onside`,
//! `offside` or `stopper(…)` in them) are re-matched alike (`terms` being the host): the
//! pattern on the term before, the conditions by the checker's stopper test and order, the
//! result built from the bound games (sums as product graphs) and compared part by part with
//! the term after; a term rule that is not a shipped rule as shipped (a user's, under any
//! name) is verified at its step by the definitions: the two terms' values by their sides,
//! compared by the checker's own order of sides.

use super::played::{chained, show, step, Chain, Stop};
use super::step::{PathElem, Step, Witnesses};
use super::{CheckError, Play, Proof, ProofError, TermTable};
use crate::definitional::check_limits::{CheckLimits, LOOK_EVERY};
use crate::eval::loopy::LoopyRules;
use crate::kernel::{Budget, GameId, Kernel, KernelError, Relation};
use crate::loopy::derive::{minimal, Edit, Hole, LoopyDerivation, Writer};
use crate::loopy::driver::{self, derive, side_call};
use crate::loopy::{Loopy, Player, Work};
use crate::number::Dyadic;
use crate::rules::{Name, RuleSet};
use crate::term::{Arg, Term};
use std::collections::HashMap;

/// The checker's decision of each step.
mod checker;
/// What the checker decides on its graphs: bisimulation, stoppers, the order.
mod graphs;
/// What loopy play's hosts keep while a step is matched, and the step's verdict from it.
mod notes;
/// A loopy ruleset's calls opened as the chain's first steps, and their check.
pub(crate) mod open;
/// Loopy play's host for the checker's rule interpreter on a graph's positions: the stopper
/// and side rules.
mod positions;
/// The checker's reading of terms into its own graphs.
mod read;
/// Loopy play's host for the checker's rule interpreter: the term rules (`&`, `onside`, …).
mod terms;
/// The producer's graph writer: the notation, or the proof's table where the notation copies.
pub(crate) mod write;

use write::TableWriter;

/// The most units of work a loopy check may do, about 15 s. Checking the 263 steps of
/// `backsliding_toads_and_frogs("tt..ff")` as first written (90 positions; each step's
/// conditions decided over all pairs of graphs of about 80) took about 1.3 billion units,
/// 4.7 s (2026-11-28); with one comparison per condition, each deletion checked against the
/// side's stopper and the graph cut down from the top, `"ttt..fff"` (560 positions, 79 steps)
/// checks in 1.3 s and `"tttt..ffff"` (3,150, 52 steps) in 2.6 s; with the order of sides
/// searched over the reachable states and forms refined by hashing, in 0.6 s and 1.5 s
/// (2026-11-29, user time under load).
pub const MAX_WORK: u64 = 4_000_000_000;

/// The most vertices the checker builds for one term.
const MAX_VERTICES: usize = 20_000;

fn place(at: &[(Player, usize)]) -> Vec<PathElem> {
    at.iter()
        .map(|&(p, i)| match p {
            Player::Left => PathElem::Left(i),
            Player::Right => PathElem::Right(i),
        })
        .collect()
}

fn name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

fn letter(p: Player) -> char {
    match p {
        Player::Left => 'L',
        Player::Right => 'R',
    }
}

/// A step in words: what its rule says, as the rules the derivation ran write it (or the
/// shipped file, for the opening and the fusion a selection may leave out), with the
/// witnesses the step names.
fn why(e: &Edit, rules: &RuleSet, shipped: &RuleSet) -> String {
    let name = e.rule();
    let says = rules
        .get(name)
        .or_else(|| shipped.get(name))
        .map_or(String::new(), |r| format!(": {}", r.says));
    match e {
        Edit::Rule { witnesses, .. } if !witnesses.is_empty() => {
            let named: Vec<String> = witnesses
                .iter()
                .map(|(n, i)| format!("{n} = {i}"))
                .collect();
            format!(
                "by the rule {name}, at the options {}{says}",
                named.join(", ")
            )
        }
        Edit::SideDelete {
            side,
            player,
            option,
            equal_to,
            ..
        } => match equal_to {
            Some(s) => format!(
                "by the rule {name}: deleting {}'s option {}{option} leaves the {} the same: \
                 before and after, it is {} (the stopper `side`; each at least the other by \
                 the order of sides)",
                self::name(*player),
                letter(*player),
                side.name(),
                show(s)
            ),
            None => format!(
                "by the rule {name}: deleting {}'s option {}{option} leaves the {} the same \
                 (each at least the other by the order of sides)",
                self::name(*player),
                letter(*player),
                side.name()
            ),
        },
        Edit::Term { reversed: true, .. } => {
            format!("by the rule {name}, read right to left{says}")
        }
        _ => format!("by the rule {name}{says}"),
    }
}

fn steps_of(d: &LoopyDerivation, input: &Term, rules: &RuleSet) -> Vec<Step> {
    let shipped = RuleSet::loopy();
    chained(input, &d.steps, |from, s| {
        let mut w = Witnesses::default();
        let int = |n: usize| Dyadic::from(n as i64);
        match &s.edit {
            Edit::Rule { witnesses, .. } => {
                for (n, i) in witnesses {
                    w.values.push((Name::from(n.as_str()), int(*i)));
                }
            }
            Edit::SideDelete {
                option, equal_to, ..
            } => {
                w.values.push((Name::from("option"), int(*option)));
                if let Some(t) = equal_to {
                    w.games.push((Name::from("side"), t.clone()));
                }
            }
            Edit::Sum | Edit::Fusion | Edit::Term { .. } => {}
        }
        let mut at: Vec<PathElem> = s
            .within
            .iter()
            .map(|&h| match h {
                Hole::Arg(i) => PathElem::CallArg(i),
                Hole::SumLeft => PathElem::SumLeft,
                Hole::SumRight => PathElem::SumRight,
                Hole::Neg => PathElem::NegInner,
            })
            .collect();
        at.extend(place(&s.at));
        let why = why(&s.edit, rules, &shipped);
        let mut st = step((from, s.term.clone()), s.edit.rule(), at, why, w);
        // A term rule read right to left (`S & S = S` writing a stopper as `S & S`).
        st.reversed = matches!(s.edit, Edit::Term { reversed: true, .. });
        st
    })
}

/// The proof of `steps` from `input` to `result`, the steps' terms kept in the term table as
/// short proofs keep them: each closed part larger than `SHARE_ABOVE` nodes once, the cycles
/// inside entries as labelled braces (`term_table`), so a part no step changes is written once.
fn loopy_proof(input: Term, result: Term, mut steps: Vec<Step>, mut terms: TermTable) -> Proof {
    // Where the chain is, as written and as stored: a step's `from` is stored as the chain's
    // term when it is that term (the input stays written out, as the claim people read).
    let (mut written, mut stored) = (input.clone(), input.clone());
    for s in &mut steps {
        let from = if s.from == written {
            stored.clone()
        } else {
            terms.share(&s.from)
        };
        written = std::mem::replace(&mut s.to, Term::zero());
        s.to = terms.share(&written);
        s.from = from;
        stored = s.to.clone();
    }
    Proof::played(Play::Loopy, input, result, steps, terms)
}

// ---------------------------------------------------------------------------------------
// The checker.

/// A refusal inside entry `n`, saying so.
fn in_entry(n: u32, e: Stop) -> Stop {
    match e {
        Stop::Wrong(w) => Stop::Wrong(format!("in #{n}: {w}")),
        limit => limit,
    }
}

/// The checker's own game graph: options in the order written, repeats kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct G {
    l: Vec<Vec<usize>>,
    r: Vec<Vec<usize>>,
    root: usize,
}

impl G {
    fn add(&mut self) -> usize {
        self.l.push(Vec::new());
        self.r.push(Vec::new());
        self.l.len() - 1
    }

    fn len(&self) -> usize {
        self.l.len()
    }

    fn side(&self, v: usize, p: Player) -> &[usize] {
        let s = match p {
            Player::Left => &self.l,
            Player::Right => &self.r,
        };
        s.get(v).map_or(&[], |o| o.as_slice())
    }

    /// `other`'s vertices appended; returns the offset of its vertex 0.
    fn append(&mut self, other: &G) -> usize {
        let off = self.len();
        for v in 0..other.len() {
            self.l.push(other.l[v].iter().map(|&x| x + off).collect());
            self.r.push(other.r[v].iter().map(|&x| x + off).collect());
        }
        off
    }
}

struct Checker<'t> {
    work: u64,
    /// The caller's limits: the deadline, cancel flag and memory looked at every
    /// [`LOOK_EVERY`] units of work, and its work bounding the whole check.
    limits: &'t CheckLimits,
    /// The work at which to look at `limits` next.
    next_look: u64,
    table: &'t TermTable,
    /// For each graph being read (innermost last): the vertex of each table entry read into it.
    entries: Vec<HashMap<u32, usize>>,
    /// The entries that are not braces being read (outermost first): met again inside
    /// themselves, they are a cycle with no brace on it.
    active: Vec<u32>,
    /// The rules a step may name: `rules/loopy.rules`' and the users'.
    names: Vec<String>,
    /// The rules on a graph's positions the proof is checked against (the stopper rules and
    /// the side rules, whatever their names, [`positions`]): the rule set's, and the shipped
    /// ones it does not hold; each with whether it is a shipped rule as shipped.
    graph_rules: Vec<positions::GraphRule>,
    /// The term rules the proof is checked against (`&`, `onside`, `offside` or `stopper(…)`
    /// in them, [`terms`]): the rule set's, and the shipped ones it does not hold; each with
    /// whether it is a shipped rule as shipped (its theorem known, else its steps are checked
    /// by the definitions).
    terms: Vec<(crate::rules::Rule, bool)>,
    /// The order of sides last decided: (a, b, onside?) and whether a's side is at least
    /// b's ([`Checker::side_ge`]), the latest last.
    sides_known: std::collections::VecDeque<((G, G, bool), bool)>,
    /// The term the last step checked ended at, and its reading: the next step's `from` is
    /// that term when the chain is connected, and is not read again.
    last_to: Option<(Term, Shape)>,
}

/// A whole term of a loopy proof.
#[derive(Clone, PartialEq)]
enum Shape {
    /// A game graph.
    Game(G),
    /// `onside(G)` (true) or `offside(G)`.
    Side(bool, G),
    /// `A & B`.
    Sidle(Box<Shape>, Box<Shape>),
    /// A term with a loopy ruleset's call still in it, written out: only an opening step
    /// ([`open`]) goes on from here.
    Unopened(Term),
    /// `A + B`, kept as its parts (a sum of games is also read as one game by
    /// [`Checker::game_of`]).
    Sum(Box<Shape>, Box<Shape>),
    /// `-A`, kept as its part.
    Neg(Box<Shape>),
}

/// The check's work is added to its limits' tally as the checker ends
/// (`onag::CheckedFile::work`), as the normal-play memos' and the misère checker's are.
impl Drop for Checker<'_> {
    fn drop(&mut self) {
        self.limits.tally(self.work);
    }
}

impl<'t> Checker<'t> {
    /// A checker reading `table`, within `limits`, that knows no rules yet.
    fn new(table: &'t TermTable, limits: &'t CheckLimits) -> Self {
        Checker {
            work: 0,
            limits,
            next_look: LOOK_EVERY,
            table,
            entries: Vec::new(),
            active: Vec::new(),
            names: Vec::new(),
            graph_rules: Vec::new(),
            terms: Vec::new(),
            sides_known: Default::default(),
            last_to: None,
        }
    }
}

fn set_of(os: &[usize], class: &[usize]) -> Vec<usize> {
    let mut c: Vec<usize> = os.iter().map(|&x| class[x]).collect();
    c.sort_unstable();
    c.dedup();
    c
}

impl super::played::Played for Checker<'_> {
    type At = Shape;

    fn start(&mut self, input: &Term) -> Result<Shape, Stop> {
        open::start(self, input)
    }

    fn step(&mut self, at: &Shape, s: &Step) -> Result<Shape, Stop> {
        Checker::step(self, at, s)
    }

    fn after(&mut self, s: &Step) -> Result<Shape, Stop> {
        Checker::after(self, s)
    }

    fn end(&mut self, at: &Shape, result: &Term) -> Result<(), Stop> {
        if matches!(at, Shape::Unopened(_)) || open::mentions(result) {
            return open::end(self, at, result);
        }
        let end = self.shape(result)?;
        if !self.same_shape(at, &end)? {
            return Err(Stop::Wrong(format!(
                "the steps do not end at the claimed {}",
                show(result)
            )));
        }
        Ok(())
    }
}

/// Checks a loopy proof: each step by the definitions, the chain connected from `input` to
/// `result`, the steps' terms read from `table` by this checker. A loopy proof has no lemmas.
/// Each step is re-matched from its rule in `rules` (or the shipped rule of that name the set
/// does not hold); a user's rule is also verified by the values before and after.
pub(crate) fn check(chain: Chain, rules: &RuleSet, limits: &CheckLimits) -> Result<(), CheckError> {
    let shipped = RuleSet::loopy();
    let as_shipped =
        |r: &crate::rules::Rule| shipped.get(&r.name).is_some_and(|s| s.same_statement(r));
    let loopy = |set: &RuleSet| -> Vec<crate::rules::Rule> {
        set.rules()
            .iter()
            .filter(|r| r.kind == crate::rules::RuleKind::Reduce)
            .filter(|r| r.groups.iter().any(|g| g == "loopy"))
            .cloned()
            .collect()
    };
    let users = loopy(rules).into_iter().filter(|r| !as_shipped(r));
    let mut names: Vec<String> = shipped.rules().iter().map(|r| r.name.clone()).collect();
    names.extend(users.map(|r| r.name));
    // The rules matched, whatever their names: the rule set's (each known when as shipped),
    // then the shipped ones it does not hold.
    let matched = loopy(rules).into_iter().map(|r| (as_shipped(&r), r));
    let missing = loopy(&shipped)
        .into_iter()
        .filter(|r| rules.get(&r.name).is_none());
    let (mut graph_rules, mut term_rules) = (Vec::new(), Vec::new());
    for (known, r) in matched.chain(missing.map(|r| (true, r))) {
        if r.is_term_rule() {
            term_rules.push((r, known));
        } else {
            graph_rules.push(positions::GraphRule::new(r, known));
        }
    }
    // Set field by field: a checker reports its work as it is dropped, so none is built by
    // moving fields out of another.
    let make = || {
        let mut c = Checker::new(chain.table, limits);
        c.names = names.clone();
        c.graph_rules = graph_rules.clone();
        c.terms = term_rules.clone();
        c
    };
    super::played::check(make, limits.threads(), "loopy", chain)
}

/// A stopper's graph as this checker reads it, with its order: Left's and Right's options of
/// each vertex, the vertex `t` is, and whether a ≥ b for every pair (`a * n + b`).
pub(crate) type StopperOrder = (Vec<Vec<usize>>, Vec<Vec<usize>>, usize, Vec<bool>);

/// For the final-form claim (`final_check`, beside this checker): the graph `t` writes (`#n`
/// read from `table`) by this checker's definitions, when it is a stopper of at most `max`
/// vertices, with the order of all its positions by this checker's survival search; `None`
/// when it is no stopper or larger. An error says why it does not read (`Stop`'s words, and
/// whether it was a limit).
pub(crate) fn stopper_order(
    table: &TermTable,
    t: &Term,
    max: usize,
    limits: &CheckLimits,
) -> Result<Option<StopperOrder>, (String, bool)> {
    let mut c = Checker::new(table, limits);
    let words = |e: Stop| match e {
        Stop::Wrong(w) => (w, false),
        Stop::Limit(w) => (w, true),
    };
    let g = c.read(t).map_err(words)?;
    if g.len() > max || !c.stopper(&g).map_err(words)? {
        return Ok(None);
    }
    let ge = c.ge(&g).map_err(words)?;
    Ok(Some((g.l, g.r, g.root, ge)))
}

// ---------------------------------------------------------------------------------------
// The producer's entry points.

fn no_calls(_: &mut Kernel, name: &str, _: &[Arg]) -> Result<GameId, KernelError> {
    Err(KernelError::Function {
        name: name.to_string(),
        message: "functions are not part of a loopy derivation (write the game out)".to_string(),
        calls: Vec::new(),
    })
}

/// The graph a term of the loopy notation writes (short parts by the kernel, a graph `out`
/// wrote through the table by its entry).
fn graph_of(t: &Term, budget: &Budget, graphs: &HashMap<u32, Loopy>) -> Result<Loopy, KernelError> {
    let mut kernel = Kernel::new();
    kernel.set_budget(budget.clone());
    let mut leaf = |t: &Term| -> Result<Loopy, KernelError> {
        if let Term::Ref(n) = t {
            return graphs.get(n).cloned().ok_or_else(|| KernelError::TooLarge {
                what: format!("#{n}, which is not a game graph this derivation wrote"),
            });
        }
        let g = kernel.eval_with(t, no_calls)?;
        Loopy::from_short(&mut kernel, g, &mut Work::default())
    };
    crate::loopy::build::build(t, &mut leaf, &mut Work::new(budget.clone()))
}

/// The derivation of a term: the graph, then its steps.
fn derivation(
    t: &Term,
    budget: &Budget,
    out: &mut TableWriter,
) -> Result<(Loopy, LoopyDerivation), ProofError> {
    let g = graph_of(t, budget, out.graphs()).map_err(ProofError::Kernel)?;
    let mut work = Work::new(budget.clone());
    let written = out.write(&minimal(&g)).map_err(ProofError::Kernel)?;
    let d = derive(&g, written != *t, &mut work, out);
    out.add_work(work.count());
    Ok((g, d.map_err(ProofError::Kernel)?))
}

/// The derivation of a term by the side rules too: `onside(G)` and `offside(G)` to the
/// side's simplest form, `A & B` (stoppers) each side in place, and a game that is not a
/// stopper to its sides. `None` when the rules do not reach a side (deletions leave an
/// alternating cycle) or the term is none of these.
fn side_derivation(
    t: &Term,
    budget: &Budget,
    out: &mut TableWriter,
) -> Result<Option<LoopyDerivation>, ProofError> {
    let mut work = Work::new(budget.clone());
    let d = if let Some((side, x)) = side_call(t) {
        let g = graph_of(x, budget, out.graphs()).map_err(ProofError::Kernel)?;
        let def = out.write(&minimal(&g)).map_err(ProofError::Kernel)? != *x;
        driver::side(&g, side, def, &mut work, out)
    } else {
        if !driver::has_sidle(t)
            && graph_of(t, budget, out.graphs())
                .map_err(ProofError::Kernel)?
                .is_stopper()
        {
            return Ok(None);
        }
        // The leaf reader sees the graphs written so far: a part is read before the steps
        // that follow it write more.
        let graphs = out.graphs().clone();
        let mut leaf = |x: &Term| graph_of(x, budget, &graphs);
        driver::sided(t, &mut leaf, &mut work, out)
    };
    out.add_work(work.count());
    d.map_err(ProofError::Kernel)
}

fn verified(p: Proof, rules: &RuleSet, budget: &Budget) -> Result<Proof, ProofError> {
    super::played::verified(p, check, rules, &RuleSet::loopy(), budget)
}

/// A loopy derivation: its checked proof, and the game reached as CGSuite writes it.
#[derive(Clone, Debug)]
pub struct LoopySimplification {
    /// The proof that the term equals the game reached, checked by this module's own `check`.
    pub proof: Proof,
    /// The game reached, as CGSuite writes it (`upon`, `{0||0,pass|0}`).
    pub notation: String,
    /// Whether the game reached is a stopper in simplest form (`notation` writes it).
    pub stopper: bool,
    /// Whether the proof derives the game's sides (`A & B`, each in simplest form; `notation`
    /// writes the onside, `value` the value they make). Read by the command line's text only
    /// (the library's `Simplification` says the value itself).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub sides: bool,
    /// For a game that is not a stopper: its value by its sides (`over & under`), when they
    /// are stoppers.
    pub value: Option<String>,
    /// The units of work the derivation spent (its rules' searches and the comparisons of
    /// positions writing its graphs, [`TableWriter::work`]), not its check's: the same on
    /// every run, and what grows when the derivation searches more for the same proof.
    pub work: u64,
}

fn written(g: &Loopy, budget: &Budget) -> Result<String, ProofError> {
    let mut k = Kernel::new();
    k.set_budget(budget.clone());
    g.write(&mut k, &mut Work::new(budget.clone()))
        .map_err(ProofError::Kernel)
}

fn sided(g: &Loopy, budget: &Budget) -> Result<crate::loopy::value::Value, ProofError> {
    crate::loopy::value::Value::of(g, &mut Work::new(budget.clone())).map_err(ProofError::Kernel)
}

/// A value as CGSuite writes it (`over & under`).
fn value_text(v: &crate::loopy::value::Value, budget: &Budget) -> Result<String, ProofError> {
    let mut k = Kernel::new();
    k.set_budget(budget.clone());
    v.write(&mut k, &mut Work::new(budget.clone()))
        .map_err(ProofError::Kernel)
}

/// The value a derivation's two sides make; `None` when it reached one stopper.
fn sides_value(
    d: &LoopyDerivation,
    budget: &Budget,
) -> Result<Option<crate::loopy::value::Value>, ProofError> {
    let Some(off) = &d.offside else {
        return Ok(None);
    };
    let mut w = Work::new(budget.clone());
    crate::loopy::value::Value::sided(d.result.clone(), off.clone(), &mut w)
        .map(Some)
        .map_err(ProofError::Kernel)
}

/// The checked derivation of a loopy term: a stopper to its simplest form; `onside(G)`,
/// `offside(G)` to the side's simplest form; `A & B` and any other game to its sides, each in
/// simplest form (`value` then says the value they make); a game whose sides the rules do not
/// reach only to its graph.
pub fn simplify_loopy(t: &Term, budget: &Budget) -> Result<LoopySimplification, ProofError> {
    simplify_loopy_by(t, budget, &RuleSet::loopy())
}

/// [`simplify_loopy`] by the `reduce` rules of the group `loopy` in `rules` (a selection of
/// `rules/loopy.rules`, a user's file added), the proof checked against them.
pub fn simplify_loopy_by(
    t: &Term,
    budget: &Budget,
    rules: &RuleSet,
) -> Result<LoopySimplification, ProofError> {
    let mut out = TableWriter::with_rules(Work::new(budget.clone()), LoopyRules::new(rules));
    let opened = open::open_all(t, budget, &mut out)?;
    let t = &opened.term;
    let by_sides = if side_call(t).is_some() || driver::has_sidle(t) {
        match side_derivation(t, budget, &mut out)? {
            Some(d) => Some(d),
            None => {
                let what = match side_call(t) {
                    Some((side, _)) => format!(
                        "the {} is not reached by the rules: deleting options leaves an \
                         alternating cycle (it may not be a stopper), or a rule the side's \
                         derivation needs ({}-stopper) is not in the rule set",
                        side.name(),
                        side.name()
                    ),
                    None => "the sides are not reached by the rules: A & B is derived for \
                             stoppers A and B only, deleting options from a side must leave \
                             no alternating cycle, and each step on sides (loopy-sides, \
                             sidle-sum, sidle-neg, sidle-stopper, onside-stopper, \
                             offside-stopper) must be a rule of the set"
                        .to_string(),
                };
                return Err(ProofError::Kernel(KernelError::Function {
                    name: match side_call(t) {
                        Some((side, _)) => side.name().to_string(),
                        None => "&".to_string(),
                    },
                    message: what,
                    calls: Vec::new(),
                }));
            }
        }
    } else {
        None
    };
    let (g, d) = match by_sides {
        Some(d) => (None, d),
        None => {
            let (g, d) = derivation(t, budget, &mut out)?;
            if d.stopper {
                (Some(g), d)
            } else {
                match side_derivation(t, budget, &mut out)? {
                    Some(s) => (Some(g), s),
                    None => (Some(g), d),
                }
            }
        }
    };
    let work = out.work();
    let proof = verified(
        open::derivation(&opened, &d, out.terms, rules),
        rules,
        budget,
    )?;
    let value = match sides_value(&d, budget)? {
        Some(v) => Some(value_text(&v, budget)?),
        None if d.stopper => None,
        None => match g.map(|g| sided(&g, budget)).transpose()? {
            // Sidling did not settle: no value by sides to tell.
            None | Some(crate::loopy::value::Value::Graph(_)) => None,
            Some(v) => Some(value_text(&v, budget)?),
        },
    };
    Ok(LoopySimplification {
        notation: written(&d.result, budget)?,
        stopper: d.stopper,
        sides: d.offside.is_some(),
        proof,
        value,
        work,
    })
}

/// `A & B` (`sidle(A, B)`): its onside and offside terms.
fn sidled(t: &Term) -> Option<(&Term, &Term)> {
    match t {
        Term::Call { name, args } if name == crate::loopy::build::SIDLE => match &args[..] {
            [Arg::Game(x), Arg::Game(y)] => Some((x, y)),
            _ => None,
        },
        _ => None,
    }
}

/// A term's value: `A & B` by its sides (Siegel VI.4), any other game by its graph.
fn value_of(
    t: &Term,
    budget: &Budget,
    graphs: &HashMap<u32, Loopy>,
) -> Result<crate::loopy::value::Value, ProofError> {
    // Sums and negatives of sided values part by part (the sum of values is their upsum
    // and downsum, src/loopy/value.rs).
    match t {
        Term::Sum(a, b) if driver::has_sidle(t) => {
            let (a, b) = (value_of(a, budget, graphs)?, value_of(b, budget, graphs)?);
            return a
                .add(&b, &mut Work::new(budget.clone()))
                .map_err(ProofError::Kernel);
        }
        Term::Neg(a) if driver::has_sidle(t) => return Ok(value_of(a, budget, graphs)?.neg()),
        _ => {}
    }
    match sidled(t) {
        Some((on, off)) => {
            let (on, off) = (
                graph_of(on, budget, graphs).map_err(ProofError::Kernel)?,
                graph_of(off, budget, graphs).map_err(ProofError::Kernel)?,
            );
            crate::loopy::value::Value::sided(on, off, &mut Work::new(budget.clone()))
                .map_err(ProofError::Kernel)
        }
        None => match side_call(t) {
            Some((side, x)) => {
                let g = graph_of(x, budget, graphs).map_err(ProofError::Kernel)?;
                crate::loopy::sides::side(&g, side, &mut Work::new(budget.clone()))
                    .map(crate::loopy::value::Value::Stopper)
                    .map_err(ProofError::Kernel)
            }
            None => sided(
                &graph_of(t, budget, graphs).map_err(ProofError::Kernel)?,
                budget,
            ),
        },
    }
}

/// The answer to A = B for loopy games. Different: both stoppers with different simplest
/// forms (or sides that differ), their values, and how A compares with B. Unproved: equal by
/// their sides, but the rules do not take both to the same sides (a side that deleting
/// options does not make a stopper, or a stopper against a sided value), so there is no
/// proof; the sides both have.
pub type LoopyVerdict = super::played::PlayedVerdict<Relation, String>;

/// A = B for loopy games: both derived; stoppers are equal exactly when their simplest forms
/// are identical (Siegel VI.3), and the proof is checked. Games that are not stoppers are
/// proved equal when the definitions give the same graph, or when the side rules take both to
/// the same sides in simplest form; otherwise they are compared by their sides.
pub fn prove_loopy(a: &Term, b: &Term, budget: &Budget) -> Result<LoopyVerdict, ProofError> {
    prove_loopy_by(a, b, budget, &RuleSet::loopy())
}

/// [`prove_loopy`] by the `reduce` rules of the group `loopy` in `rules`, the proof checked
/// against them.
pub fn prove_loopy_by(
    a: &Term,
    b: &Term,
    budget: &Budget,
    rules: &RuleSet,
) -> Result<LoopyVerdict, ProofError> {
    let mut out = TableWriter::with_rules(Work::new(budget.clone()), LoopyRules::new(rules));
    let oa = open::open_all(a, budget, &mut out)?;
    let ob = open::open_all(b, budget, &mut out)?;
    let (a, b) = (&oa.term, &ob.term);
    let plain = |t: &Term| !driver::has_sidle(t) && side_call(t).is_none();
    let mut tried = None;
    if plain(a) && plain(b) {
        let (_, da) = derivation(a, budget, &mut out)?;
        let (_, db) = derivation(b, budget, &mut out)?;
        if da.result == db.result {
            let p = verified(
                open::equality(&oa, &da, &ob, &db, out.terms, rules),
                rules,
                budget,
            )?;
            return Ok(LoopyVerdict::Equal(
                Box::new(p),
                written(&da.result, budget)?,
            ));
        }
        tried = Some((da, db));
    }
    // By the side rules: a term they do not apply to keeps its plain derivation.
    let by_sides = |t: &Term,
                    derived: Option<LoopyDerivation>,
                    out: &mut TableWriter|
     -> Result<_, ProofError> {
        Ok(match side_derivation(t, budget, out)? {
            Some(d) => Some(d),
            None => match derived {
                Some(d) if d.stopper => Some(d),
                Some(_) => None,
                None if plain(t) => Some(derivation(t, budget, out)?.1).filter(|d| d.stopper),
                None => None,
            },
        })
    };
    let (pa, pb) = match tried {
        Some((da, db)) => (Some(da), Some(db)),
        None => (None, None),
    };
    let da = by_sides(a, pa, &mut out)?;
    let db = by_sides(b, pb, &mut out)?;
    if let (Some(da), Some(db)) = (da, db) {
        if da.result == db.result && da.offside == db.offside {
            let p = verified(
                open::equality(&oa, &da, &ob, &db, out.terms, rules),
                rules,
                budget,
            )?;
            let form = match sides_value(&da, budget)? {
                Some(v) => value_text(&v, budget)?,
                None => written(&da.result, budget)?,
            };
            return Ok(LoopyVerdict::Equal(Box::new(p), form));
        }
    }
    let (va, vb) = (
        value_of(a, budget, out.graphs())?,
        value_of(b, budget, out.graphs())?,
    );
    let relation = va
        .compare(&vb, &mut Work::new(budget.clone()))
        .map_err(ProofError::Kernel)?;
    let (sa, sb) = (value_text(&va, budget)?, value_text(&vb, budget)?);
    if relation == Relation::Equal {
        return Ok(LoopyVerdict::Unproved(sa));
    }
    Ok(LoopyVerdict::Different {
        a: sa,
        b: sb,
        apart: relation,
    })
}
