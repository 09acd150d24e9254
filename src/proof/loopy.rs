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
//! and its witnesses as option indices (`removed`, `by`, `option`, `through`). Besides the
//! rule's condition, every step on stoppers is checked to leave the game equal (by the
//! comparison above) and a stopper.
//!
//! The sides (`rules/loopy.rules`' side rules): a whole term is a game, `onside(G)`,
//! `offside(G)` or `A & B`, read as a shape around graphs; a step's place follows the
//! arguments first (`arg0`, `arg1`) and the rest of the term must be unchanged. `loopy-sides`
//! writes G as `onside(G) & offside(G)`; a deletion inside a side must delete exactly the
//! witnessed option and leave the side the same, decided both ways by the checker's own
//! search of the order of sides ([`super::loopy_sides`], never `crate::loopy::side_order`);
//! `onside-stopper` needs a stopper, by the alternating-cycle test above. Sums and negatives
//! around `A & B` are kept as their parts (places `sum.0`, `sum.1`, `neg`); `sidle-stopper`
//! needs the two sides the same game form and a stopper, `sidle-sum` and `sidle-neg` the
//! rule's shape with the same games before and after (the sides' games the same forms as
//! A + C, B + D, −B, −A by the definitions), and A … D stoppers with A ≥ B and C ≥ D.

use super::check_limits::{CheckLimits, LOOK_EVERY};
use super::played::Stop;
use super::step::{PathElem, Step, Witnesses};
use super::{CheckError, Play, Proof, ProofError, TermTable};
use crate::eval::loopy::LoopyRules;
use crate::kernel::{Budget, GameId, Kernel, KernelError, Relation};
use crate::loopy::derive::{derive, minimal, Edit, Hole, LoopyDerivation, Writer};
use crate::loopy::side_derive::{self, side_call};
use crate::loopy::{Loopy, Player, Work};
use crate::number::Dyadic;
use crate::rules::{Name, RuleSet};
use crate::term::{Arg, Term};
use std::collections::{BTreeMap, HashMap};

/// A loopy ruleset's calls opened as the chain's first steps, and their check.
pub(crate) mod open;
/// The producer's graph writer: the notation, or the proof's table where the notation copies.
pub(crate) mod write;

use write::TableWriter;

/// The most units of work a loopy check may do, about 15 s. Checking the 263 steps of
/// `backsliding_toads_and_frogs("tt..ff")` as first written (90 positions; each step's
/// conditions decided over all pairs of graphs of about 80) took about 1.3 billion units,
/// 4.7 s (2026-11-28); with one comparison per condition, each deletion checked against the
/// side's stopper and the graph cut down from the top, `"ttt..fff"` (560 positions, 79 steps)
/// checks in 1.3 s and `"tttt..ffff"` (3,150, 52 steps) in 2.6 s.
pub const MAX_WORK: u64 = 4_000_000_000;

/// The most vertices the checker builds for one term.
const MAX_VERTICES: usize = 20_000;

/// The rules of `rules/loopy.rules`.
pub const RULES: [&str; 16] = [
    "loopy-sum",
    "loopy-dominated-left",
    "loopy-dominated-right",
    "loopy-reversible-left",
    "loopy-reversible-right",
    "loopy-fusion",
    "loopy-sides",
    "onside-delete-left",
    "onside-delete-right",
    "offside-delete-left",
    "offside-delete-right",
    "onside-stopper",
    "offside-stopper",
    "sidle-stopper",
    "sidle-sum",
    "sidle-neg",
];

/// The rules that act on the graph inside `onside(…)` or `offside(…)`: (rule, onside?, whose
/// option).
const SIDE_DELETES: [(&str, bool, Player); 4] = [
    ("onside-delete-left", true, Player::Left),
    ("onside-delete-right", true, Player::Right),
    ("offside-delete-left", false, Player::Left),
    ("offside-delete-right", false, Player::Right),
];

fn show(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

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

/// The witnesses of a step in words.
fn why(e: &Edit) -> String {
    match e {
        Edit::Sum => {
            "the definitions (G + H moves in one part, −G swaps the players, on = {pass|}, \
                      …) written out as a game graph; a label marks a cycle"
                .to_string()
        }
        Edit::Rule { name, witnesses } => {
            let named: Vec<String> = witnesses
                .iter()
                .map(|(n, i)| format!("{n} = {i}"))
                .collect();
            if named.is_empty() {
                format!("by the rule {name}")
            } else {
                format!("by the rule {name}, at the options {}", named.join(", "))
            }
        }
        Edit::Fusion => "positions equal in value are fused into one".to_string(),
        Edit::Sides => "a game is its onside and offside: G = onside(G) & offside(G)".to_string(),
        Edit::SideDelete {
            side,
            player,
            option,
            equal_to,
        } => match equal_to {
            Some(s) => format!(
                "deleting {}'s option {}{option} leaves the {} the same: before and after, it \
                 is {} (the stopper `side`; each at least the other by the order of sides)",
                name(*player),
                letter(*player),
                side.name(),
                show(s)
            ),
            None => format!(
                "deleting {}'s option {}{option} leaves the {} the same (each at least the \
                 other by the order of sides)",
                name(*player),
                letter(*player),
                side.name()
            ),
        },
        Edit::SideStopper(side) => format!(
            "no alternating cycle is left, so the game is a stopper, which is its own {}",
            side.name()
        ),
        Edit::SidleStopper { .. } => {
            "a stopper S is its own onside and offside: S & S = S".to_string()
        }
        Edit::SidleSum => "the onside of a sum of sided values is the onside of the sum of their \
                           onsides (the upsum), its offside that of the sum of their offsides (the \
                           downsum): (A & B) + (C & D) = onside(A + C) & offside(B + D)"
            .to_string(),
        Edit::SidleNeg => "−(A & B) = (−B) & (−A): the negative swaps the players, and so the \
                           sides"
            .to_string(),
    }
}

fn other(p: Player) -> Player {
    match p {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    }
}

fn steps_of(d: &LoopyDerivation, input: &Term) -> Vec<Step> {
    let mut prev = input.clone();
    let mut out = Vec::with_capacity(d.steps.len());
    for s in &d.steps {
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
            Edit::Sum
            | Edit::Fusion
            | Edit::Sides
            | Edit::SideStopper(_)
            | Edit::SidleStopper { .. }
            | Edit::SidleSum
            | Edit::SidleNeg => {}
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
        let st = Step {
            from: prev,
            to: s.term.clone(),
            rule: s.edit.rule().to_string(),
            at,
            why: why(&s.edit),
            witnesses: w,
            // `S & S = S` read right to left writes a stopper as `S & S`.
            reversed: matches!(s.edit, Edit::SidleStopper { split: true }),
            parts: Vec::new(),
            lemma: None,
        };
        prev = st.to.clone();
        out.push(st);
    }
    out
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
    Proof {
        input,
        result,
        steps,
        lemmas: Vec::new(),
        terms,
        checked: false,
        play: Play::Loopy,
    }
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
#[derive(Clone, Debug, Default)]
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
    /// The names of a user's loopy rules in the rules the proof is checked against (a
    /// `reduce` rule of the group `loopy` that `rules/loopy.rules` does not hold): a step by
    /// one is checked by the definitions, the game before and after equal stoppers.
    users: Vec<String>,
}

impl<'t> Checker<'t> {
    fn tick(&mut self, n: u64) -> Result<(), Stop> {
        self.work += n;
        if self.work > MAX_WORK.min(self.limits.max_work) {
            return Err(Stop::Limit(format!(
                "the loopy check's budget of {} units of work",
                MAX_WORK.min(self.limits.max_work)
            )));
        }
        if self.work >= self.next_look {
            self.next_look = self.work + LOOK_EVERY;
            self.limits.look().map_err(Stop::Limit)?;
        }
        Ok(())
    }

    fn grow(&mut self, g: &G) -> Result<(), Stop> {
        if g.len() > MAX_VERTICES {
            return Err(Stop::Limit(format!(
                "a game graph of more than {MAX_VERTICES} vertices"
            )));
        }
        self.tick(1)
    }

    /// The graph a term writes, by the definitions.
    fn read(&mut self, t: &Term) -> Result<G, Stop> {
        let mut g = G::default();
        let mut labels: Vec<(String, usize)> = Vec::new();
        self.entries.push(HashMap::new());
        let root = self.node(&mut g, t, &mut labels, 0);
        self.entries.pop();
        g.root = root?;
        Ok(g)
    }

    fn node(
        &mut self,
        g: &mut G,
        t: &Term,
        labels: &mut Vec<(String, usize)>,
        depth: usize,
    ) -> Result<usize, Stop> {
        if depth > 1000 {
            return Err(Stop::Limit(
                "terms nested more than 1000 levels deep".into(),
            ));
        }
        self.grow(g)?;
        match t {
            Term::Game { left, right } => self.braces(g, left, right, None, labels, depth),
            Term::Call { name, args } if name == "loop" => match &args[..] {
                [Arg::Text(l), Arg::Game(Term::Game { left, right })] => {
                    self.braces(g, left, right, Some(l), labels, depth)
                }
                _ => Err(Stop::Wrong(format!(
                    "{}: a label names braces, as in a{{0|a}}",
                    show(t)
                ))),
            },
            Term::Call { name, args } if args.is_empty() && name == "pass" => Err(Stop::Wrong(
                "`pass` is an option inside braces, not a game".into(),
            )),
            Term::Call { name, args } if args.is_empty() => self.named(g, name),
            Term::Name(n) => labels
                .iter()
                .rev()
                .find(|(l, _)| l == n)
                .map(|&(_, v)| v)
                .ok_or_else(|| {
                    Stop::Wrong(format!("the label `{n}` is not defined around its use"))
                }),
            Term::Ref(n) => self.entry(g, *n, depth),
            Term::Sum(a, b) => {
                let x = self.closed(a, depth)?;
                let y = self.closed(b, depth)?;
                let s = self.sum(&x, &y)?;
                Ok(g.append(&s) + s.root)
            }
            Term::Neg(a) => {
                let x = self.closed(a, depth)?;
                let n = G {
                    l: x.r,
                    r: x.l,
                    root: x.root,
                };
                Ok(g.append(&n) + n.root)
            }
            Term::Multiple { count, game } => {
                let n = i64::try_from(count.clone()).unwrap_or(i64::MAX);
                if n.unsigned_abs() > 64 {
                    return Err(Stop::Limit("more than 64 copies of a game".into()));
                }
                let mut x = self.closed(game, depth)?;
                if n < 0 {
                    x = G {
                        l: x.r,
                        r: x.l,
                        root: x.root,
                    };
                }
                let mut acc = self.zero();
                for _ in 0..n.unsigned_abs() {
                    acc = self.sum(&acc, &x)?;
                }
                Ok(g.append(&acc) + acc.root)
            }
            Term::PlusMinus(xs) => {
                // ±{a, b, …} = {a, b, … | −a, −b, …}.
                let v = g.add();
                for x in xs {
                    let gx = self.closed(x, depth)?;
                    let a = g.append(&gx) + gx.root;
                    let neg = G {
                        l: gx.r,
                        r: gx.l,
                        root: gx.root,
                    };
                    let b = g.append(&neg) + neg.root;
                    g.l[v].push(a);
                    g.r[v].push(b);
                }
                Ok(v)
            }
            Term::Nus { number, up, nim } => {
                let x = self.nus(number, up, nim)?;
                Ok(g.append(&x) + x.root)
            }
            _ => Err(Stop::Wrong(format!(
                "{} is not a term the loopy checker reads (braces, labels, pass, on … dud, \
                 numbers, nim heaps, ↑, ±, sums, negatives, copies)",
                show(t)
            ))),
        }
    }

    /// A part of a sum or negative: read on its own (a label inside it may not refer out).
    fn closed(&mut self, t: &Term, depth: usize) -> Result<G, Stop> {
        let mut g = G::default();
        self.entries.push(HashMap::new());
        let root = self.node(&mut g, t, &mut Vec::new(), depth + 1);
        self.entries.pop();
        g.root = root?;
        Ok(g)
    }

    /// Entry `n` of the term table, read here from its view, once per graph. An entry is a
    /// closed game (a label used in it is defined in it), so it is read with no label around
    /// it. A brace's vertex is made before its options are read, so an entry naming itself or
    /// a later entry (a loopy proof's graph written through the table) closes its cycle; the
    /// entries a brace names are read by a worklist, not by recursion, so a long chain of them
    /// is no deeper than one. A cycle through an entry that is not a brace (a sum, a
    /// negative) has no graph, and is refused.
    fn entry(&mut self, g: &mut G, n: u32, depth: usize) -> Result<usize, Stop> {
        if let Some(&v) = self.entries.last().and_then(|m| m.get(&n)) {
            return Ok(v);
        }
        if self.active.contains(&n) {
            return Err(Stop::Wrong(format!(
                "#{n} names itself through a sum, a negative or another entry that is not a \
                 brace: only braces may name back"
            )));
        }
        let view = self.view(n)?;
        if !matches!(view, Term::Game { .. }) {
            self.active.push(n);
            let v = self.node(g, view, &mut Vec::new(), depth + 1);
            self.active.pop();
            let v = v.map_err(|e| in_entry(n, e))?;
            if let Some(m) = self.entries.last_mut() {
                m.insert(n, v);
            }
            return Ok(v);
        }
        // Braces: each vertex made first, its options read after.
        let first = self.brace_vertex(g, n)?;
        let mut queue = vec![n];
        while let Some(k) = queue.pop() {
            let view = self.view(k)?;
            let Term::Game { left, right } = view else {
                continue;
            };
            let v = self
                .entries
                .last()
                .and_then(|m| m.get(&k))
                .copied()
                .unwrap_or(first);
            let mut sides = [Vec::new(), Vec::new()];
            for (s, opts) in [left, right].into_iter().enumerate() {
                for o in opts {
                    let x = match o {
                        Term::Call { name, args } if name == "pass" && args.is_empty() => v,
                        Term::Ref(m) => {
                            let known = self.entries.last().and_then(|e| e.get(m)).copied();
                            match known {
                                Some(x) => x,
                                None if matches!(self.view(*m)?, Term::Game { .. }) => {
                                    queue.push(*m);
                                    self.brace_vertex(g, *m)?
                                }
                                None => self.entry(g, *m, depth + 1)?,
                            }
                        }
                        other => self
                            .node(g, other, &mut Vec::new(), depth + 1)
                            .map_err(|e| in_entry(k, e))?,
                    };
                    sides[s].push(x);
                }
            }
            let [l, r] = sides;
            g.l[v] = l;
            g.r[v] = r;
        }
        Ok(first)
    }

    /// A new vertex for brace entry `n` in the graph being read, its options still to read.
    fn brace_vertex(&mut self, g: &mut G, n: u32) -> Result<usize, Stop> {
        self.grow(g)?;
        let v = g.add();
        if let Some(m) = self.entries.last_mut() {
            m.insert(n, v);
        }
        Ok(v)
    }

    /// Entry `n`'s view, or why there is none.
    fn view(&self, n: u32) -> Result<&'t Term, Stop> {
        self.table.view(n).ok_or_else(|| {
            Stop::Wrong(format!(
                "#{n} is not an entry of the term table ({} entries)",
                self.table.len()
            ))
        })
    }

    fn braces(
        &mut self,
        g: &mut G,
        left: &[Term],
        right: &[Term],
        label: Option<&String>,
        labels: &mut Vec<(String, usize)>,
        depth: usize,
    ) -> Result<usize, Stop> {
        let v = g.add();
        if let Some(l) = label {
            labels.push((l.clone(), v));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                let pass =
                    matches!(o, Term::Call { name, args } if name == "pass" && args.is_empty());
                let x = if pass {
                    v
                } else {
                    self.node(g, o, labels, depth + 1)?
                };
                sides[s].push(x);
            }
        }
        if label.is_some() {
            labels.pop();
        }
        let [l, r] = sides;
        g.l[v] = l;
        g.r[v] = r;
        Ok(v)
    }

    fn zero(&self) -> G {
        G {
            l: vec![Vec::new()],
            r: vec![Vec::new()],
            root: 0,
        }
    }

    /// The named games by their definitions (Winning Ways ch. 11; Siegel VI.1).
    fn named(&mut self, g: &mut G, name: &str) -> Result<usize, Stop> {
        let v = g.add();
        let star = || -> G {
            G {
                l: vec![vec![1], vec![]],
                r: vec![vec![1], vec![]],
                root: 0,
            }
        };
        let zero = |g: &mut G| g.add();
        match name {
            "on" => g.l[v] = vec![v],
            "off" => g.r[v] = vec![v],
            "dud" => {
                g.l[v] = vec![v];
                g.r[v] = vec![v];
            }
            "over" => {
                let z = zero(g);
                g.l[v] = vec![z];
                g.r[v] = vec![v];
            }
            "under" => {
                let z = zero(g);
                g.l[v] = vec![v];
                g.r[v] = vec![z];
            }
            "upon" => {
                let s = g.append(&star());
                g.l[v] = vec![v];
                g.r[v] = vec![s];
            }
            other => {
                return Err(Stop::Wrong(format!(
                    "`{other}` is not a game the loopy checker knows by definition"
                )))
            }
        }
        Ok(v)
    }

    /// number + up·↑ + *nim by the definitions: integers n = {n−1|}, dyadics
    /// m/2^k = {(m−1)/2^k | (m+1)/2^k}, ↑ = {0|*}, *n = {0,…,*(n−1) | 0,…,*(n−1)}, added.
    fn nus(
        &mut self,
        number: &Dyadic,
        up: &num_bigint::BigInt,
        nim: &crate::number::Nimber,
    ) -> Result<G, Stop> {
        let too_big = |what: &str| Stop::Limit(format!("{what} too large for the loopy checker"));
        let m = i64::try_from(number.numerator().clone()).map_err(|_| too_big("a number"))?;
        let k = number.denominator_exp();
        if k > 12 || m.unsigned_abs() > 256 << k {
            return Err(too_big("a number"));
        }
        let mut g = G::default();
        let mut memo: HashMap<(i64, u64), usize> = HashMap::new();
        let root = self.dyadic(&mut g, m, k, &mut memo)?;
        g.root = root;
        let u = i64::try_from(up.clone()).map_err(|_| too_big("a multiple of ↑"))?;
        if u.unsigned_abs() > 16 {
            return Err(too_big("a multiple of ↑"));
        }
        let n = nim
            .to_u64()
            .filter(|&n| n <= 256)
            .ok_or_else(|| too_big("a nim heap"))?;
        let mut acc = g;
        if u != 0 {
            // ↑ = {0|*}: vertices 0 = ↑, 1 = 0, 2 = *; ↓ the negative.
            let mut one = G {
                l: vec![vec![1], vec![], vec![1]],
                r: vec![vec![2], vec![], vec![1]],
                root: 0,
            };
            if u < 0 {
                std::mem::swap(&mut one.l, &mut one.r);
            }
            for _ in 0..u.unsigned_abs() {
                acc = self.sum(&acc, &one)?;
            }
        }
        if n > 0 {
            let n = n as usize;
            let heap = G {
                l: (0..n).map(|i| (0..i).collect()).collect(),
                r: (0..n).map(|i| (0..i).collect()).collect(),
                root: n - 1,
            };
            // Vertex i is *i (vertex 0 has no options).
            let mut h = heap;
            h.l.push((0..n).collect());
            h.r.push((0..n).collect());
            h.root = n;
            acc = self.sum(&acc, &h)?;
        }
        Ok(acc)
    }

    fn dyadic(
        &mut self,
        g: &mut G,
        m: i64,
        k: u64,
        memo: &mut HashMap<(i64, u64), usize>,
    ) -> Result<usize, Stop> {
        // Lowest terms.
        let (mut m, mut k) = (m, k);
        while k > 0 && m % 2 == 0 {
            m /= 2;
            k -= 1;
        }
        if let Some(&v) = memo.get(&(m, k)) {
            return Ok(v);
        }
        self.grow(g)?;
        let v = if k == 0 {
            // Integers: 0 = {|}, n = {n−1|}, −n = {|−n+1}.
            let v = g.add();
            if m > 0 {
                let x = self.dyadic(g, m - 1, 0, memo)?;
                g.l[v] = vec![x];
            } else if m < 0 {
                let x = self.dyadic(g, m + 1, 0, memo)?;
                g.r[v] = vec![x];
            }
            v
        } else {
            let v = g.add();
            let a = self.dyadic(g, m - 1, k, memo)?;
            let b = self.dyadic(g, m + 1, k, memo)?;
            g.l[v] = vec![a];
            g.r[v] = vec![b];
            v
        };
        memo.insert((m, k), v);
        Ok(v)
    }

    /// G + H by the definition: the product graph of the pairs reachable from the roots.
    fn sum(&mut self, a: &G, b: &G) -> Result<G, Stop> {
        let mut g = G::default();
        let mut index: HashMap<(usize, usize), usize> = HashMap::new();
        let mut todo = vec![(a.root, b.root)];
        index.insert((a.root, b.root), g.add());
        while let Some((x, y)) = todo.pop() {
            self.grow(&g)?;
            let v = index[&(x, y)];
            let mut sides = [Vec::new(), Vec::new()];
            for (s, p) in [Player::Left, Player::Right].into_iter().enumerate() {
                let pairs: Vec<(usize, usize)> = a
                    .side(x, p)
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(b.side(y, p).iter().map(|&y2| (x, y2)))
                    .collect();
                for q in pairs {
                    let w = match index.get(&q) {
                        Some(&w) => w,
                        None => {
                            let w = g.add();
                            index.insert(q, w);
                            todo.push(q);
                            w
                        }
                    };
                    sides[s].push(w);
                }
            }
            let [l, r] = sides;
            g.l[v] = l;
            g.r[v] = r;
        }
        g.root = 0;
        Ok(g)
    }

    /// The classes of the coarsest bisimulation: vertices in one class unfold to the same
    /// game tree (options compared as sets).
    fn forms(&mut self, g: &G) -> Result<Vec<usize>, Stop> {
        let n = g.len();
        let mut class = vec![0usize; n];
        let mut count = 1;
        loop {
            self.tick(n as u64)?;
            let mut ids: BTreeMap<(usize, Vec<usize>, Vec<usize>), usize> = BTreeMap::new();
            let mut next = vec![0usize; n];
            for v in 0..n {
                let set = |os: &[usize]| {
                    let mut c: Vec<usize> = os.iter().map(|&x| class[x]).collect();
                    c.sort_unstable();
                    c.dedup();
                    c
                };
                let key = (class[v], set(&g.l[v]), set(&g.r[v]));
                let k = ids.len();
                next[v] = *ids.entry(key).or_insert(k);
            }
            let c = ids.len();
            class = next;
            if c == count {
                return Ok(class);
            }
            count = c;
        }
    }

    /// Whether the two are the same game form.
    fn same(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        let mut u = a.clone();
        let off = u.append(b);
        let class = self.forms(&u)?;
        Ok(class[a.root] == class[off + b.root])
    }

    /// Whether the two are the same game form once each short part (a vertex from which no
    /// cycle is reachable) stands for its value: the coarsest partition of the two graphs
    /// together in which short vertices are classed by equality (each pair decided by the
    /// checker's own order, [`super::loopy_order`]; a short game is a stopper) and are not
    /// refined further, and every other vertex by its class and its options' classes, as
    /// [`Checker::forms`] does. Replacing a short option by an equal short game leaves every
    /// game around it equal (its sides too), so the producer may write a loopy game's short
    /// parts in canonical form (`{{|1},pass|pass}` as `{0,pass|pass}`).
    fn same_up_to_short(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        let mut u = a.clone();
        let off = u.append(b);
        let n = u.len();
        let short = self.short_vertices(&u)?;
        // Short vertices by value: one representative per class, each new vertex compared
        // with the representatives so far.
        let mut class = vec![0usize; n];
        let mut reps: Vec<usize> = Vec::new();
        for v in 0..n {
            if !short[v] {
                continue;
            }
            let mut found = None;
            for (i, &r) in reps.iter().enumerate() {
                if self.ge_at(&u, v, &u, r)? && self.ge_at(&u, r, &u, v)? {
                    found = Some(i);
                    break;
                }
            }
            class[v] = 1 + match found {
                Some(i) => i,
                None => {
                    reps.push(v);
                    reps.len() - 1
                }
            };
        }
        let mut count = reps.len() + usize::from(short.iter().any(|&s| !s));
        loop {
            self.tick(n as u64)?;
            let mut ids: BTreeMap<(usize, Vec<usize>, Vec<usize>), usize> = BTreeMap::new();
            let mut next = vec![0usize; n];
            for v in 0..n {
                let set = |os: &[usize]| {
                    let mut c: Vec<usize> = os.iter().map(|&x| class[x]).collect();
                    c.sort_unstable();
                    c.dedup();
                    c
                };
                let key = if short[v] {
                    (class[v], Vec::new(), Vec::new())
                } else {
                    (class[v], set(&u.l[v]), set(&u.r[v]))
                };
                let k = ids.len();
                next[v] = *ids.entry(key).or_insert(k);
            }
            let c = ids.len();
            class = next;
            if c == count {
                return Ok(class[a.root] == class[off + b.root]);
            }
            count = c;
        }
    }

    /// For each vertex, whether no cycle is reachable from it (it is a short game): the
    /// vertices all of whose options are short, found from the ends of play backwards.
    fn short_vertices(&mut self, g: &G) -> Result<Vec<bool>, Stop> {
        let n = g.len();
        let mut rev: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut left = vec![0usize; n];
        for (v, count) in left.iter_mut().enumerate() {
            for &o in g.l[v].iter().chain(&g.r[v]) {
                rev[o].push(v);
                *count += 1;
            }
        }
        let mut short = vec![false; n];
        let mut stack: Vec<usize> = (0..n).filter(|&v| left[v] == 0).collect();
        while let Some(v) = stack.pop() {
            self.tick(1)?;
            short[v] = true;
            for &p in &rev[v] {
                left[p] -= 1;
                if left[p] == 0 {
                    stack.push(p);
                }
            }
        }
        Ok(short)
    }

    /// The game with one vertex per form (options as sets of forms), and each vertex's form.
    fn quotient(&mut self, g: &G) -> Result<(G, Vec<usize>), Stop> {
        let class = self.forms(g)?;
        let n = class.iter().max().map_or(0, |&m| m + 1);
        let mut q = G {
            l: vec![Vec::new(); n],
            r: vec![Vec::new(); n],
            root: class.get(g.root).copied().unwrap_or(0),
        };
        let mut done = vec![false; n];
        for v in 0..g.len() {
            let c = class[v];
            if !done[c] {
                done[c] = true;
                q.l[c] = set_of(&g.l[v], &class);
                q.r[c] = set_of(&g.r[v], &class);
            }
        }
        Ok((q, class))
    }

    /// Whether no follower allows an infinite alternating play: the graph of (vertex, player
    /// to move) has no cycle.
    fn stopper(&mut self, g: &G) -> Result<bool, Stop> {
        let n = g.len();
        // Node 2v: Left to move at v; 2v + 1: Right to move.
        let succ = |x: usize| -> &[usize] {
            if x.is_multiple_of(2) {
                &g.l[x / 2]
            } else {
                &g.r[x / 2]
            }
        };
        let mut indeg = vec![0usize; 2 * n];
        for x in 0..2 * n {
            for &o in succ(x) {
                indeg[2 * o + 1 - x % 2] += 1;
            }
        }
        let mut stack: Vec<usize> = (0..2 * n).filter(|&x| indeg[x] == 0).collect();
        let mut removed = 0;
        while let Some(x) = stack.pop() {
            self.tick(1)?;
            removed += 1;
            for &o in succ(x) {
                let y = 2 * o + 1 - x % 2;
                indeg[y] -= 1;
                if indeg[y] == 0 {
                    stack.push(y);
                }
            }
        }
        Ok(removed == 2 * n)
    }

    /// For all vertices a, b of `g` (stoppers): whether a ≥ b, that is, Right moving first in
    /// a − b cannot force Left to be stuck. Indexed `a * n + b`.
    fn ge(&mut self, g: &G) -> Result<Vec<bool>, Stop> {
        let n = g.len();
        let pairs = n * n;
        // Right wins with Right to move / with Left to move, in finitely many moves.
        let mut rr = vec![false; pairs];
        let mut rl = vec![false; pairs];
        loop {
            let mut changed = false;
            for a in 0..n {
                for b in 0..n {
                    let p = a * n + b;
                    self.tick(
                        1 + (g.l[a].len() + g.r[a].len() + g.l[b].len() + g.r[b].len()) as u64,
                    )?;
                    if !rl[p]
                        && g.l[a].iter().all(|&x| rr[x * n + b])
                        && g.r[b].iter().all(|&y| rr[a * n + y])
                    {
                        rl[p] = true;
                        changed = true;
                    }
                    if !rr[p]
                        && (g.r[a].iter().any(|&x| rl[x * n + b])
                            || g.l[b].iter().any(|&y| rl[a * n + y]))
                    {
                        rr[p] = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(rr.into_iter().map(|x| !x).collect());
            }
        }
    }

    /// The vertex at the end of a path.
    fn follow(&self, g: &G, at: &[PathElem]) -> Result<usize, Stop> {
        let mut v = g.root;
        for e in at {
            let (p, i) = match e {
                PathElem::Left(i) => (Player::Left, *i),
                PathElem::Right(i) => (Player::Right, *i),
                other => {
                    return Err(Stop::Wrong(format!(
                        "`{other}` is no place in a game graph (places are L0, R1, …)"
                    )))
                }
            };
            v = *g.side(v, p).get(i).ok_or_else(|| {
                Stop::Wrong(format!(
                    "the place {} is not in the game",
                    super::step::path_string(at)
                ))
            })?;
        }
        Ok(v)
    }

    /// Whether `a`'s and `b`'s tops are equal stoppers: each at least the other.
    fn equal(&mut self, a: &G, b: &G) -> Result<bool, Stop> {
        Ok(self.ge_at(a, a.root, b, b.root)? && self.ge_at(b, b.root, a, a.root)?)
    }

    /// Whether vertex `x` of stopper `a` is at least vertex `y` of stopper `b`, by the
    /// checker's own search of that one comparison ([`super::loopy_order`]).
    fn ge_at(&mut self, a: &G, x: usize, b: &G, y: usize) -> Result<bool, Stop> {
        let ga = super::loopy_sides::Graph { l: &a.l, r: &a.r };
        let gb = super::loopy_sides::Graph { l: &b.l, r: &b.r };
        let mut tick = |n: u64| self.tick(n);
        super::loopy_order::ge(&ga, x, &gb, y, &mut tick)
    }

    /// One rule instance, read from `f` to `t`, at the place `at` of `f`'s graph.
    fn rule(&mut self, s: &Step, at: &[PathElem], f: &G, t: &G) -> Result<(), Stop> {
        let value = |k: &str| -> Result<usize, Stop> {
            let d = s
                .witnesses
                .value(k)
                .ok_or_else(|| Stop::Wrong(format!("the witness `{k}` is missing")))?;
            if !d.is_integer() {
                return Err(Stop::Wrong(format!("the witness `{k}` is not an index")));
            }
            usize::try_from(d.numerator().clone())
                .map_err(|_| Stop::Wrong(format!("the witness `{k}` is not an index")))
        };
        if s.rule == "loopy-sum" {
            if !at.is_empty() {
                return Err(Stop::Wrong("loopy-sum applies at the top".into()));
            }
            // The same game form; or, for stoppers (a short part such as `1/2 + *` stands
            // for its canonical form, not the sum written out), equal by the order.
            if self.same(f, t)? {
                return Ok(());
            }
            if self.stopper(f)? && self.stopper(t)? && self.equal(f, t)? {
                return Ok(());
            }
            // A game that is not a stopper: the same form once every short part stands for
            // its value (`{{|1},pass|pass}` is written `{0,pass|pass}`, `{|1}` being 0).
            if self.same_up_to_short(f, t)? {
                return Ok(());
            }
            return Err(Stop::Wrong(
                "the two sides are not the same game by the definitions".into(),
            ));
        }
        if !self.stopper(f)? {
            return Err(Stop::Wrong(format!(
                "{} simplifies stoppers, and this game has an infinite alternating play",
                s.rule
            )));
        }
        let side = if s.rule.ends_with("-left") {
            Player::Left
        } else {
            Player::Right
        };
        let v = self.follow(f, at)?;
        match s.rule.as_str() {
            "loopy-dominated-left" | "loopy-dominated-right" => {
                let (i, j) = (value("removed")?, value("by")?);
                let os = f.side(v, side).to_vec();
                let (Some(&x), Some(&y)) = (os.get(i), os.get(j)) else {
                    return Err(Stop::Wrong(
                        "the witnesses name options the game lacks".into(),
                    ));
                };
                if i == j {
                    return Err(Stop::Wrong("an option cannot dominate itself".into()));
                }
                let ok = match side {
                    Player::Left => self.ge_at(f, y, f, x)?,
                    Player::Right => self.ge_at(f, x, f, y)?,
                };
                if !ok {
                    return Err(Stop::Wrong(format!(
                        "the option {}{i} is not dominated by {}{j}",
                        letter(side),
                        letter(side)
                    )));
                }
                let kept: Vec<usize> = os
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i)
                    .map(|(_, &o)| o)
                    .collect();
                self.edited(f, t, v, side, kept)?;
            }
            "loopy-reversible-left" | "loopy-reversible-right" => {
                let (i, k) = (value("option")?, value("through")?);
                let os = f.side(v, side).to_vec();
                let Some(&x) = os.get(i) else {
                    return Err(Stop::Wrong(
                        "the witness names an option the game lacks".into(),
                    ));
                };
                let Some(&r) = f.side(x, other(side)).get(k) else {
                    return Err(Stop::Wrong(
                        "the witness names an option the game lacks".into(),
                    ));
                };
                let ok = match side {
                    Player::Left => self.ge_at(f, v, f, r)?,
                    Player::Right => self.ge_at(f, r, f, v)?,
                };
                if !ok {
                    return Err(Stop::Wrong(format!(
                        "the option {}{i} does not reverse through {}{k}",
                        letter(side),
                        letter(other(side))
                    )));
                }
                let mut new: Vec<usize> = os
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &o)| o)
                    .collect();
                new.extend_from_slice(f.side(r, side));
                self.edited(f, t, v, side, new)?;
            }
            "loopy-fusion" => {
                if !at.is_empty() {
                    return Err(Stop::Wrong("loopy-fusion applies at the top".into()));
                }
                self.fused(f, t)?;
            }
            // A user's rule: its theorem is not taken on trust. The step holds when the games
            // before and after are equal stoppers, checked below by the checker's own order.
            other if self.users.iter().any(|u| u == other) => {}
            other => {
                return Err(Stop::Wrong(format!(
                    "`{other}` is not a rule of loopy games (rules/loopy.rules)"
                )))
            }
        }
        if !self.stopper(t)? {
            return Err(Stop::Wrong(
                "the game after the step is not a stopper".into(),
            ));
        }
        if !self.equal(f, t)? {
            return Err(Stop::Wrong(
                "the games before and after the step are not equal".into(),
            ));
        }
        Ok(())
    }

    /// Checks that `t` is `f` with `v`'s options on `side` made `new` (every vertex of the
    /// same form as `v` edited alike: they are one game).
    fn edited(
        &mut self,
        f: &G,
        t: &G,
        v: usize,
        side: Player,
        new: Vec<usize>,
    ) -> Result<(), Stop> {
        let (mut q, class) = self.quotient(f)?;
        let c = class[v];
        let set = set_of(&new, &class);
        match side {
            Player::Left => q.l[c] = set,
            Player::Right => q.r[c] = set,
        }
        if !self.same(&q, t)? {
            return Err(Stop::Wrong(format!(
                "the game after the step is not the game before with that option {}",
                "replaced as the rule says"
            )));
        }
        Ok(())
    }

    /// Checks that every position of `t` is a position of `f` with its options moved to
    /// positions equal to them (by [`Checker::ge`] on both graphs together).
    fn fused(&mut self, f: &G, t: &G) -> Result<(), Stop> {
        let mut u = f.clone();
        let off = u.append(t);
        let n = u.len();
        let ge = self.ge(&u)?;
        let eq = |a: usize, b: usize| ge[a * n + b] && ge[b * n + a];
        // Each vertex's class: the first vertex equal to it.
        let class: Vec<usize> = (0..n)
            .map(|a| (0..=a).find(|&b| eq(a, b)).unwrap_or(a))
            .collect();
        for w in off..n {
            self.tick(off as u64)?;
            let (lw, rw) = (set_of(&u.l[w], &class), set_of(&u.r[w], &class));
            let found = (0..off).any(|x| {
                class[x] == class[w]
                    && set_of(&u.l[x], &class) == lw
                    && set_of(&u.r[x], &class) == rw
            });
            if !found {
                return Err(Stop::Wrong(
                    "a position after the step is not a position before it with its options \
                     moved to equal positions"
                        .into(),
                ));
            }
        }
        Ok(())
    }

    fn step(&mut self, prev: &Shape, s: &Step) -> Result<Shape, Stop> {
        if s.rule == open::RULE || matches!(prev, Shape::Unopened(_)) {
            return open::step(self, prev, s);
        }
        if s.lemma.is_some() || !s.parts.is_empty() {
            return Err(Stop::Wrong(
                "a loopy step is a single rule instance (no lemma, no parts)".into(),
            ));
        }
        if !RULES.contains(&s.rule.as_str()) && !self.users.contains(&s.rule) {
            return Err(Stop::Wrong(format!(
                "`{}` is not a rule of loopy games (rules/loopy.rules, or a `reduce` rule of \
                 the group `loopy` in the rules given)",
                s.rule
            )));
        }
        let from = self.shape(&s.from)?;
        if !self.same_shape(prev, &from)? {
            return Err(Stop::Wrong(format!(
                "it starts from {}, which is not where the chain is",
                show(&s.from)
            )));
        }
        let to = self.shape(&s.to)?;
        if s.reversed {
            self.apply(s, &s.at, &to, &from)?;
        } else {
            self.apply(s, &s.at, &from, &to)?;
        }
        Ok(to)
    }

    /// A whole term: `onside(G)`, `offside(G)`, `A & B`, sums and negatives of these, or a
    /// game.
    fn shape(&mut self, t: &Term) -> Result<Shape, Stop> {
        self.shape_at(t, 0)
    }

    /// [`Checker::shape`] at `depth` levels of `&`, sums and negatives (table references
    /// may nest them without end; the depth is bounded as in [`Checker::node`]).
    fn shape_at(&mut self, t: &Term, depth: usize) -> Result<Shape, Stop> {
        if depth > 1000 {
            return Err(Stop::Limit(
                "terms nested more than 1000 levels deep".into(),
            ));
        }
        self.tick(1)?;
        let t = match t {
            Term::Ref(n) => self
                .table
                .unfold(t)
                .ok_or_else(|| Stop::Wrong(format!("#{n} is not in the term table")))?,
            _ => t.clone(),
        };
        Ok(match &t {
            Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
                [Arg::Game(x)] => Shape::Side(name == "onside", self.read(x)?),
                _ => return Err(Stop::Wrong(format!("{name} takes one game"))),
            },
            Term::Call { name, args } if name == crate::loopy::build::SIDLE => match &args[..] {
                [Arg::Game(a), Arg::Game(b)] => Shape::Sidle(
                    Box::new(self.shape_at(a, depth + 1)?),
                    Box::new(self.shape_at(b, depth + 1)?),
                ),
                _ => return Err(Stop::Wrong("`&` joins two games".into())),
            },
            Term::Sum(a, b) => Shape::Sum(
                Box::new(self.shape_at(a, depth + 1)?),
                Box::new(self.shape_at(b, depth + 1)?),
            ),
            Term::Neg(a) => Shape::Neg(Box::new(self.shape_at(a, depth + 1)?)),
            _ => Shape::Game(self.read(&t)?),
        })
    }

    /// The game a shape writes when it has no `onside`, `offside` or `&` in it: sums as
    /// product graphs, negatives with the players swapped, by the definitions.
    fn game_of(&mut self, a: &Shape) -> Result<Option<G>, Stop> {
        Ok(match a {
            Shape::Game(g) => Some(g.clone()),
            Shape::Sum(x, y) => match (self.game_of(x)?, self.game_of(y)?) {
                (Some(x), Some(y)) => Some(self.sum(&x, &y)?),
                _ => None,
            },
            Shape::Neg(x) => self.game_of(x)?.map(|x| G {
                l: x.r,
                r: x.l,
                root: x.root,
            }),
            Shape::Side(..) | Shape::Sidle(..) | Shape::Unopened(_) => None,
        })
    }

    /// Whether two whole terms are the same: the same shape, their games the same forms.
    fn same_shape(&mut self, a: &Shape, b: &Shape) -> Result<bool, Stop> {
        if let (Some(x), Some(y)) = (self.game_of(a)?, self.game_of(b)?) {
            return self.same(&x, &y);
        }
        match (a, b) {
            (Shape::Sum(a1, b1), Shape::Sum(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Neg(a1), Shape::Neg(a2)) => self.same_shape(a1, a2),
            (Shape::Game(x), Shape::Game(y)) => self.same(x, y),
            (Shape::Side(p, x), Shape::Side(q, y)) => Ok(p == q && self.same(x, y)?),
            (Shape::Sidle(a1, b1), Shape::Sidle(a2, b2)) => {
                Ok(self.same_shape(a1, a2)? && self.same_shape(b1, b2)?)
            }
            (Shape::Unopened(a), Shape::Unopened(b)) => Ok(a == b),
            _ => Ok(false),
        }
    }

    /// One rule instance from the whole term `f` to `t` at `at`: the arguments of `A & B`
    /// and of `onside(…)` are followed first (`arg0`, `arg1`), the rest of the terms must be
    /// unchanged.
    fn apply(&mut self, s: &Step, at: &[PathElem], f: &Shape, t: &Shape) -> Result<(), Stop> {
        let outside =
            || Stop::Wrong("the step changes the term outside the place it names".to_string());
        let no_place = || {
            Stop::Wrong(format!(
                "the place {} is not in the term",
                super::step::path_string(&s.at)
            ))
        };
        let side_rule = SIDE_DELETES.iter().find(|d| d.0 == s.rule);
        // Sums and negatives of games are games.
        // A step inside a part of a sum or negative keeps it as its parts.
        let into_part = matches!(
            at.first(),
            Some(PathElem::SumLeft | PathElem::SumRight | PathElem::NegInner)
        );
        let flat = !into_part && (!matches!(f, Shape::Game(_)) || !matches!(t, Shape::Game(_)));
        match (self.game_of(f)?, self.game_of(t)?) {
            (Some(g), Some(g2)) if flat => {
                return self.apply(s, at, &Shape::Game(g), &Shape::Game(g2));
            }
            (Some(g), None) if !matches!(f, Shape::Game(_)) && s.rule == "loopy-sides" => {
                return self.apply(s, at, &Shape::Game(g), t);
            }
            _ => {}
        }
        if at.is_empty() && s.rule.starts_with("sidle-") {
            return self.sidle_rule(s, f, t);
        }
        match f {
            Shape::Sum(a, b) => {
                let Shape::Sum(a2, b2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::SumLeft) => {
                        if !self.same_shape(b, b2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], a, a2)
                    }
                    Some(PathElem::SumRight) => {
                        if !self.same_shape(a, a2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], b, b2)
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Neg(a) => {
                let Shape::Neg(a2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::NegInner) => self.apply(s, &at[1..], a, a2),
                    _ => Err(no_place()),
                }
            }
            Shape::Sidle(a, b) => {
                let Shape::Sidle(a2, b2) = t else {
                    return Err(outside());
                };
                match at.first() {
                    Some(PathElem::CallArg(0)) => {
                        if !self.same_shape(b, b2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], a, a2)
                    }
                    Some(PathElem::CallArg(1)) => {
                        if !self.same_shape(a, a2)? {
                            return Err(outside());
                        }
                        self.apply(s, &at[1..], b, b2)
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Side(on, g) => {
                let which = if *on { "onside" } else { "offside" };
                match at.first() {
                    None => {
                        if s.rule != format!("{which}-stopper") {
                            return Err(Stop::Wrong(format!(
                                "{} does not apply to an {which} (only {which}-stopper does, \
                                 and the rules inside it apply at arg0)",
                                s.rule
                            )));
                        }
                        let Shape::Game(g2) = t else {
                            return Err(Stop::Wrong(format!(
                                "{which}-stopper gives the game itself"
                            )));
                        };
                        if !self.stopper(g)? {
                            return Err(Stop::Wrong(format!(
                                "the game has an infinite alternating play, so it is not a \
                                 stopper and its {which} need not be itself"
                            )));
                        }
                        if !self.same(g, g2)? {
                            return Err(Stop::Wrong(format!(
                                "the game after {which}-stopper is not the game inside the {which}"
                            )));
                        }
                        Ok(())
                    }
                    Some(PathElem::CallArg(0)) => {
                        let Shape::Side(on2, g2) = t else {
                            return Err(outside());
                        };
                        if on2 != on {
                            return Err(outside());
                        }
                        match side_rule {
                            Some(&(rule, rule_on, player)) => {
                                if rule_on != *on {
                                    return Err(Stop::Wrong(format!(
                                        "{rule} applies inside an {}, and this is an {which}",
                                        if rule_on { "onside" } else { "offside" }
                                    )));
                                }
                                self.side_delete(s, &at[1..], *on, player, g, g2)
                            }
                            None if s.rule.ends_with("-stopper") || s.rule == "loopy-sides" => {
                                Err(no_place())
                            }
                            None => self.rule(s, &at[1..], g, g2),
                        }
                    }
                    _ => Err(no_place()),
                }
            }
            Shape::Game(g) => {
                if s.rule == "loopy-sides" {
                    if !at.is_empty() {
                        return Err(Stop::Wrong(
                            "loopy-sides applies to a whole game, not inside it".into(),
                        ));
                    }
                    let ok = match t {
                        Shape::Sidle(a, b) => match (a.as_ref(), b.as_ref()) {
                            (Shape::Side(true, x), Shape::Side(false, y)) => {
                                self.same(g, x)? && self.same(g, y)?
                            }
                            _ => false,
                        },
                        _ => false,
                    };
                    if !ok {
                        return Err(Stop::Wrong(
                            "loopy-sides writes G as onside(G) & offside(G), the same G twice"
                                .into(),
                        ));
                    }
                    return Ok(());
                }
                if side_rule.is_some() || s.rule.ends_with("-stopper") {
                    return Err(Stop::Wrong(format!(
                        "{} applies inside onside(…) or offside(…), and this is a game",
                        s.rule
                    )));
                }
                let Shape::Game(g2) = t else {
                    return Err(outside());
                };
                self.rule(s, at, g, g2)
            }
            // `step` hands every step from a term with a call to `open`.
            Shape::Unopened(_) => Err(outside()),
        }
    }

    /// `sidle-stopper`, `sidle-sum` and `sidle-neg` at the top of `f`, read from `f` to `t`:
    /// the terms have the rule's shapes with the same games A, B, C, D before and after (the
    /// same game forms), A … D are stoppers (by the alternating-cycle test) with A ≥ B and
    /// C ≥ D (by the order of stoppers), so each `&` is a sided value.
    fn sidle_rule(&mut self, s: &Step, f: &Shape, t: &Shape) -> Result<(), Stop> {
        let wrong = |m: &str| Err(Stop::Wrong(format!("{}: {m}", s.rule)));
        match s.rule.as_str() {
            "sidle-stopper" => {
                let (Shape::Sidle(a, b), Some(c)) = (f, self.game_of(t)?) else {
                    return wrong("S & S = S takes `S & S` to a game");
                };
                let (Some(a), Some(b)) = (self.game_of(a)?, self.game_of(b)?) else {
                    return wrong("the sides of `&` are not games");
                };
                if !self.stopper(&a)? {
                    return wrong("the onside is not a stopper");
                }
                if !self.same(&a, &b)? {
                    return wrong("the offside is not the same stopper as the onside");
                }
                if !self.same(&a, &c)? {
                    return wrong("the game after the step is not the stopper S of S & S");
                }
                Ok(())
            }
            "sidle-sum" => {
                let Shape::Sum(x, y) = f else {
                    return wrong("it applies to a sum (A & B) + (C & D)");
                };
                let [a, b] = self.sided_pair(s, x)?;
                let [c, d] = self.sided_pair(s, y)?;
                let Shape::Sidle(p, q) = t else {
                    return wrong("it gives onside(A + C) & offside(B + D)");
                };
                let (Shape::Side(true, on), Shape::Side(false, off)) = (p.as_ref(), q.as_ref())
                else {
                    return wrong("it gives onside(A + C) & offside(B + D)");
                };
                let ac = self.sum(&a, &c)?;
                if !self.same(&ac, on)? {
                    return wrong("the game in the onside is not A + C");
                }
                let bd = self.sum(&b, &d)?;
                if !self.same(&bd, off)? {
                    return wrong("the game in the offside is not B + D");
                }
                Ok(())
            }
            "sidle-neg" => {
                let Shape::Neg(x) = f else {
                    return wrong("it applies to a negative -(A & B)");
                };
                let [a, b] = self.sided_pair(s, x)?;
                let Shape::Sidle(p, q) = t else {
                    return wrong("it gives (-B) & (-A)");
                };
                let (Some(p), Some(q)) = (self.game_of(p)?, self.game_of(q)?) else {
                    return wrong("it gives (-B) & (-A)");
                };
                let neg = |g: G| G {
                    l: g.r,
                    r: g.l,
                    root: g.root,
                };
                if !self.same(&neg(b), &p)? {
                    return wrong("the onside after the step is not -B");
                }
                if !self.same(&neg(a), &q)? {
                    return wrong("the offside after the step is not -A");
                }
                Ok(())
            }
            _ => Err(Stop::Wrong(format!(
                "{} does not apply to the whole of this term",
                s.rule
            ))),
        }
    }

    /// The sides A, B of a part `A & B` of a `sidle-` rule: stoppers with A ≥ B.
    fn sided_pair(&mut self, s: &Step, x: &Shape) -> Result<[G; 2], Stop> {
        let wrong = |m: &str| Stop::Wrong(format!("{}: {m}", s.rule));
        let Shape::Sidle(a, b) = x else {
            return Err(wrong("a part is not written A & B"));
        };
        let (Some(a), Some(b)) = (self.game_of(a)?, self.game_of(b)?) else {
            return Err(wrong("a side of `&` is not a game"));
        };
        if !self.stopper(&a)? || !self.stopper(&b)? {
            return Err(wrong("a side of `&` is not a stopper"));
        }
        if !self.ge_at(&a, a.root, &b, b.root)? {
            return Err(wrong(
                "an onside is not at least its offside, so `&` is no sided value",
            ));
        }
        Ok([a, b])
    }

    /// `onside-delete-left` … `offside-delete-right`: `t` is `f` with the witnessed option of
    /// the vertex at `at` deleted, and the side is unchanged, decided by the checker's own
    /// search of the order of sides ([`super::loopy_sides`]) both ways.
    fn side_delete(
        &mut self,
        s: &Step,
        at: &[PathElem],
        on: bool,
        player: Player,
        f: &G,
        t: &G,
    ) -> Result<(), Stop> {
        let i = s
            .witnesses
            .value("option")
            .ok_or_else(|| Stop::Wrong("the witness `option` is missing".into()))?;
        let i = (i.is_integer())
            .then(|| usize::try_from(i.numerator().clone()).ok())
            .flatten()
            .ok_or_else(|| Stop::Wrong("the witness `option` is not an index".into()))?;
        let v = self.follow(f, at)?;
        let os = f.side(v, player).to_vec();
        if i >= os.len() {
            return Err(Stop::Wrong(format!(
                "the position at {} has no {} option {}{i}",
                if at.is_empty() {
                    "the top".to_string()
                } else {
                    super::step::path_string(at)
                },
                name(player),
                letter(player)
            )));
        }
        let kept: Vec<usize> = os
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != i)
            .map(|(_, &o)| o)
            .collect();
        self.edited(f, t, v, player, kept)?;
        // With the witness `side`, a stopper S: both games' sides equal to S (each at least
        // S and S at least each), so equal to each other by the order's transitivity, and each
        // comparison is against S's few vertices instead of the other whole graph.
        let same = match s.witnesses.game("side") {
            Some(w) => {
                let side = self.read(w)?;
                if !self.stopper(&side)? {
                    return Err(Stop::Wrong(
                        "the witness `side` has an infinite alternating play, so it is not a \
                         stopper"
                            .into(),
                    ));
                }
                let which = if on { "onside" } else { "offside" };
                for (g, when) in [(f, "before"), (t, "after")] {
                    if !(self.side_ge(g, &side, on)? && self.side_ge(&side, g, on)?) {
                        return Err(Stop::Wrong(format!(
                            "the {which} {when} deleting {}'s option {}{i} is not the \
                             witness `side`",
                            name(player),
                            letter(player),
                        )));
                    }
                }
                true
            }
            None => self.side_ge(f, t, on)? && self.side_ge(t, f, on)?,
        };
        if !same {
            return Err(Stop::Wrong(format!(
                "deleting {}'s option {}{i} changes the {}",
                name(player),
                letter(player),
                if on { "onside" } else { "offside" }
            )));
        }
        Ok(())
    }

    /// The onside (or offside) of `a` is at least that of `b`, by the checker's own search.
    fn side_ge(&mut self, a: &G, b: &G, on: bool) -> Result<bool, Stop> {
        let ga = super::loopy_sides::Graph { l: &a.l, r: &a.r };
        let gb = super::loopy_sides::Graph { l: &b.l, r: &b.r };
        let mut tick = |n: u64| self.tick(n);
        super::loopy_sides::side_ge(&ga, a.root, &gb, b.root, on, &mut tick)
    }
}

/// A whole term of a loopy proof.
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
/// A step by a rule of `rules` that is not shipped (a user's `reduce` rule of the group
/// `loopy`) is checked by the equality of the games before and after.
pub(crate) fn check(
    input: &Term,
    result: &Term,
    steps: &[Step],
    lemmas: usize,
    table: &TermTable,
    rules: &RuleSet,
    limits: &CheckLimits,
) -> Result<(), CheckError> {
    let users = rules
        .rules()
        .iter()
        .filter(|r| {
            r.kind == crate::rules::RuleKind::Reduce
                && r.groups.iter().any(|g| g == "loopy")
                && !RULES.contains(&r.name.as_str())
        })
        .map(|r| r.name.clone())
        .collect();
    let mut c = Checker {
        work: 0,
        limits,
        next_look: LOOK_EVERY,
        table,
        entries: Vec::new(),
        active: Vec::new(),
        users,
    };
    super::played::check(&mut c, "loopy", input, result, steps, lemmas)
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
    let mut c = Checker {
        work: 0,
        limits,
        next_look: LOOK_EVERY,
        users: Vec::new(),
        table,
        entries: Vec::new(),
        active: Vec::new(),
    };
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
    let d = derive(&g, written != *t, &mut work, out).map_err(ProofError::Kernel)?;
    Ok((g, d))
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
        side_derive::side(&g, side, def, &mut work, out)
    } else {
        if !side_derive::has_sidle(t)
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
        side_derive::sided(t, &mut leaf, &mut work, out)
    };
    d.map_err(ProofError::Kernel)
}

fn verified(p: Proof, rules: &RuleSet, budget: &Budget) -> Result<Proof, ProofError> {
    super::played::verified(p, check, rules, budget)
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
    let by_sides = if side_call(t).is_some() || side_derive::has_sidle(t) {
        match side_derivation(t, budget, &mut out)? {
            Some(d) => Some(d),
            None => {
                let what = match side_call(t) {
                    Some((side, _)) => format!(
                        "the {} is not reached by the rules: deleting options leaves an \
                         alternating cycle (it may not be a stopper)",
                        side.name()
                    ),
                    None => "the sides are not reached by the rules: A & B is derived for \
                             stoppers A and B only, and deleting options from a side must leave \
                             no alternating cycle"
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
    let proof = verified(open::derivation(&opened, &d, out.terms), rules, budget)?;
    let mut k = Kernel::new();
    k.set_budget(budget.clone());
    let value = if let Some(off) = &d.offside {
        let v = crate::loopy::value::Value::sided(
            d.result.clone(),
            off.clone(),
            &mut Work::new(budget.clone()),
        )
        .map_err(ProofError::Kernel)?;
        Some(
            v.write(&mut k, &mut Work::new(budget.clone()))
                .map_err(ProofError::Kernel)?,
        )
    } else if d.stopper {
        None
    } else {
        match g.map(|g| sided(&g, budget)).transpose()? {
            // Sidling did not settle: no value by sides to tell.
            None | Some(crate::loopy::value::Value::Graph(_)) => None,
            Some(v) => Some(
                v.write(&mut k, &mut Work::new(budget.clone()))
                    .map_err(ProofError::Kernel)?,
            ),
        }
    };
    Ok(LoopySimplification {
        notation: written(&d.result, budget)?,
        stopper: d.stopper,
        sides: d.offside.is_some(),
        proof,
        value,
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
        Term::Sum(a, b) if side_derive::has_sidle(t) => {
            let (a, b) = (value_of(a, budget, graphs)?, value_of(b, budget, graphs)?);
            return a
                .add(&b, &mut Work::new(budget.clone()))
                .map_err(ProofError::Kernel);
        }
        Term::Neg(a) if side_derive::has_sidle(t) => return Ok(value_of(a, budget, graphs)?.neg()),
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

/// The answer to A = B for loopy games.
#[derive(Clone, Debug)]
pub enum LoopyVerdict {
    /// Proved, with the game both reach as CGSuite writes it (for the command line's text;
    /// the library's `Verdict` values the proof's result itself).
    Equal(
        Box<Proof>,
        #[cfg_attr(not(feature = "cli"), allow(dead_code))] String,
    ),
    /// Different: both stoppers with different simplest forms (or sides that differ), and
    /// how they compare.
    Different {
        /// A's value.
        a: String,
        /// B's value.
        b: String,
        /// How A compares with B.
        relation: Relation,
    },
    /// Equal by their sides, but the rules do not take both to the same sides (a side that
    /// deleting options does not make a stopper, or a stopper against a sided value), so there
    /// is no proof.
    EqualBySides(String),
}

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
    let plain = |t: &Term| !side_derive::has_sidle(t) && side_call(t).is_none();
    let mut tried = None;
    if plain(a) && plain(b) {
        let (_, da) = derivation(a, budget, &mut out)?;
        let (_, db) = derivation(b, budget, &mut out)?;
        if da.result == db.result {
            let p = verified(open::equality(&oa, &da, &ob, &db, out.terms), rules, budget)?;
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
            let p = verified(open::equality(&oa, &da, &ob, &db, out.terms), rules, budget)?;
            let form = match &da.offside {
                Some(off) => {
                    let mut k = Kernel::new();
                    k.set_budget(budget.clone());
                    crate::loopy::value::Value::sided(
                        da.result.clone(),
                        off.clone(),
                        &mut Work::new(budget.clone()),
                    )
                    .and_then(|v| v.write(&mut k, &mut Work::new(budget.clone())))
                    .map_err(ProofError::Kernel)?
                }
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
    let mut k = Kernel::new();
    k.set_budget(budget.clone());
    let mut w = Work::new(budget.clone());
    let (sa, sb) = (
        va.write(&mut k, &mut w).map_err(ProofError::Kernel)?,
        vb.write(&mut k, &mut w).map_err(ProofError::Kernel)?,
    );
    if relation == Relation::Equal {
        return Ok(LoopyVerdict::EqualBySides(sa));
    }
    Ok(LoopyVerdict::Different {
        a: sa,
        b: sb,
        relation,
    })
}
