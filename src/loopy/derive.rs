//! What a loopy derivation is made of (the driver that runs it is `driver`): its step record
//! ([`LoopyStep`]), the traits of the rules and the writer it is given, the graphs kept
//! minimal and numbered, their places, and the stopper's chooser of the next step
//! ([`next_edit`]). Each step is one instance of a rule of `rules/loopy.rules`, at a named
//! place, on a game graph written as a term by the caller's [`Writer`]: the loopy notation (`a{0|a}`, `pass`, [`tree`]) where it writes the
//! graph without copying a position inside a cycle, else (`proof::loopy`'s writer, which this
//! layer does not see) the proof's term table, one entry per position.
//!
//! [`super::canonical`] finds simplest forms at once, many edits a round; a derivation makes
//! one edit per step, so each step can be written and checked on its own. The rules are not
//! here: the caller's [`Rules`] (`eval::loopy`, the one rule evaluator running
//! `rules/loopy.rules` or a user's selection, conditions decided by the stopper order) finds
//! each step's rule instance, lower priority first (dominated options, then reversible ones);
//! when none applies the equal vertices are fused (`loopy-fusion`, which relates positions
//! anywhere in the graph, not one position's options, so it is no rewrite). Between
//! steps the graph is kept *minimal as a form*: vertices that unfold to the same game tree are
//! one vertex (a bisimulation quotient, which does not change the game at all, only how it is
//! stored), then numbered canonically ([`super::canonical::number`]), so the term written for
//! it is determined by the game form and the place of a step (a path of option indices from
//! the top, in the order the term writes them) names the same vertex in the graph and in the
//! term.

use super::canonical::number;
use super::order::ge_matrix;
use super::print::label_name as label;
use super::side_order::Side;
use super::{Graph, Loopy, Player, Work};
use crate::kernel::KernelError;
use crate::term::{Arg, Term};
use std::collections::BTreeMap;

/// The most steps a derivation may take.
pub const MAX_STEPS: usize = 20_000;

/// The most nodes [`tree`] writes for a graph (a part shared outside any cycle around it is
/// written once per use, and a term table shares it).
pub const MAX_TERM_NODES: usize = 20_000;

/// What a step did (the rules of `rules/loopy.rules`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// `loopy-sum`: the input (a sum, a negative, a named game) written as the game graph its
    /// definition gives.
    Sum,
    /// A rule of the rule set the derivation runs (`loopy-dominated-left`,
    /// `loopy-reversible-right`, a user's), found by the caller's [`Rules`] at the step's
    /// vertex: the options its pattern named, by their indices among their position's options
    /// on their side (`removed`, `by` of a dominated option).
    Rule {
        /// The rule's name.
        name: String,
        /// Each option the pattern named, and its index.
        witnesses: Vec<(String, usize)>,
    },
    /// `loopy-fusion`: vertices equal in value fused into one (every edge to one of them
    /// redirected to the first).
    Fusion,
    /// `onside-delete-left` … `offside-delete-right`: inside `onside(G)` (or `offside(G)`),
    /// option `option` of the vertex for `player` deleted, the side unchanged.
    SideDelete {
        /// The side rule's name (`onside-delete-left`, a user's).
        rule: String,
        /// Which side the term is.
        side: Side,
        /// Whose option is deleted.
        player: Player,
        /// Its index among that player's options of the vertex.
        option: usize,
        /// The side's value, a stopper written as a term (the witness `side`), when it was
        /// found first: the checker then compares the game before and after with it, a few
        /// vertices, instead of with each other, the whole graph twice.
        equal_to: Option<Term>,
    },
    /// A term rule of the rule set (`loopy-sides`, `onside-stopper`, `sidle-stopper`,
    /// `sidle-sum`, `sidle-neg`, a user's: `&`, `onside`, `offside` in its pattern or result),
    /// found by the caller's [`Rules::term_step`] for the step the side derivation asked
    /// about, at the step's place (`within`).
    Term {
        /// The rule's name.
        rule: String,
        /// The rule read right to left (`S & S` written for a stopper S).
        reversed: bool,
    },
}

impl Edit {
    /// The rule's name in `rules/loopy.rules`.
    pub fn rule(&self) -> &str {
        match self {
            Edit::Sum => "loopy-sum",
            Edit::Rule { name, .. } => name,
            Edit::Fusion => "loopy-fusion",
            Edit::SideDelete { rule, .. } => rule,
            Edit::Term { rule, .. } => rule,
        }
    }
}

/// A place in a written graph: the options followed from the top, `(side, index)`.
pub type Place = Vec<(Player, usize)>;

/// One step into a whole term towards the game graph a step acts in: an argument of a call
/// (`A & B`, `onside(G)`), a part of a sum, the game inside a negative.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hole {
    /// The i-th argument of `A & B`, `onside(…)` or `offside(…)`.
    Arg(usize),
    /// The first part of a sum.
    SumLeft,
    /// The second part of a sum.
    SumRight,
    /// The game inside a negative.
    Neg,
}

/// One step of a loopy derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyStep {
    /// The rule and its witnesses.
    pub edit: Edit,
    /// The parts followed from the top of the whole term to the game graph the step acts in
    /// (`A & B`'s and `onside(G)`'s arguments, the parts of sums and negatives); empty for a
    /// plain game.
    pub within: Vec<Hole>,
    /// The vertex it acted on (empty: the top, and always so for a sum or a fusion).
    pub at: Place,
    /// The game after the step, minimal and numbered.
    pub after: Loopy,
    /// The game after the step as a term.
    pub term: Term,
}

/// A derivation of a stopper's simplest form (or, for a game that is not a stopper, only of
/// its graph from its definition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyDerivation {
    /// The steps, in order.
    pub steps: Vec<LoopyStep>,
    /// The game reached.
    pub result: Loopy,
    /// The game reached as a term.
    pub term: Term,
    /// Whether the game is a stopper (then `result` is its simplest form).
    pub stopper: bool,
    /// For a derivation of a game's sides (`G = A & B`): the offside's simplest form, and
    /// `result` is the onside's.
    pub offside: Option<Loopy>,
}

/// The graph with vertices that unfold to the same game tree made one (the coarsest
/// bisimulation), numbered canonically.
pub fn minimal(g: &Loopy) -> Loopy {
    let graph = g.graph();
    let n = graph.len();
    let sig = super::refine::option_classes(graph, true);
    // Without a budget to stop it (a quotient takes at most n rounds of n signatures).
    let (colour, classes) = match super::refine::refine(n, &sig, &mut |_| Ok(())) {
        Ok(r) => r,
        Err(_) => ((0..n).collect(), n),
    };
    // One vertex per colour, with the options of any member (all members agree).
    let mut member = vec![0u32; classes];
    for (v, &c) in colour.iter().enumerate().rev() {
        member[c] = v as u32;
    }
    let to: Vec<u32> = colour.iter().map(|&c| c as u32).collect();
    let q = graph.mapped(member.into_iter(), &to);
    let root = colour.get(g.root() as usize).copied().unwrap_or(0) as u32;
    let q = Loopy::new(&q, root).unwrap_or_else(Loopy::zero);
    number(&q)
}

/// How a derivation writes the game graph of a step as a term, and which rules it runs. CGSuite's
/// notation (labels, [`tree`]) writes a graph whose every shared position is a closed part; a
/// graph with a position reached along two paths inside a cycle needs the proof's term table,
/// where each position is an entry naming its options' entries (`proof::loopy` has that
/// writer; this layer sits below the table). Equal graphs (as forms) must get equal terms: a
/// derivation compares terms to tell whether a part is already written as its graph.
pub trait Writer {
    /// The term for `g`, minimal and numbered ([`minimal`]).
    fn write(&mut self, g: &Loopy) -> Result<Term, KernelError>;
    /// The term for `g`, which [`minimal`] made already (and leaves as it is): a writer may
    /// skip making it so again, a derivation's steps each writing a whole graph.
    fn write_minimal(&mut self, g: &Loopy) -> Result<Term, KernelError> {
        self.write(g)
    }
    /// The rules a stopper's derivation applies (`eval::loopy`: `rules/loopy.rules`, or a
    /// user's selection).
    fn rules(&mut self) -> &mut dyn Rules;
}

/// What finds a stopper's next rule instance: the derivation knows no rule, only the order of
/// the steps (rules until none applies, then the fusion of equal positions) and where a step
/// acts. The rule evaluator gives it (`eval::loopy`, conditions decided by the stopper order).
pub trait Rules {
    /// The first rule instance in the minimal, numbered stopper `g`, whose positions' order is
    /// `ge` (`ge[a * n + b]`: a >= b): the edit, the position it acts at and the game after.
    fn next(
        &mut self,
        g: &Loopy,
        ge: &[bool],
        work: &mut Work,
    ) -> Result<Option<(Edit, u32, Loopy)>, KernelError>;

    /// The side rule of the set that applies to the deletion `ask` (a rule whose proviso
    /// `keeps_onside(G, a)` or `keeps_offside(G, a)` is decided by the order of sides, the
    /// shipped `onside-delete-left` … or a user's under any name) and the game after; `None`
    /// when none does, or the set has none for that side and player. The side's derivation chooses which deletion to
    /// ask about next; whether it is a step is the rule's.
    fn side_delete(
        &mut self,
        ask: &SideAsk<'_>,
        work: &mut Work,
    ) -> Result<Option<(String, Loopy)>, KernelError>;

    /// The term rule of the set whose instance is the step `ask` describes (`ask.at` to
    /// `ask.want` at one place, or back when `ask.reversed`), its conditions decided on the
    /// games `ask.games`; `None` when no rule of the set makes that step. The side derivation
    /// chooses the step; whether it is one is the rule's.
    fn term_step(
        &mut self,
        ask: &TermAsk<'_>,
        work: &mut Work,
    ) -> Result<Option<String>, KernelError>;
}

/// A term step a side derivation asks about: the term at a place, and the term it goes on
/// from (`A & B` summed to `onside(A + C) & offside(B + D)`, say).
#[derive(Clone, Copy, Debug)]
pub struct TermAsk<'a> {
    /// The term at the step's place before the step.
    pub at: &'a Term,
    /// The term at the place the derivation goes on from.
    pub want: &'a Term,
    /// The game graph of each part of the terms the derivation knows (the games a rule's
    /// conditions are decided on).
    pub games: &'a [(Term, Loopy)],
    /// The rule is read right to left: its pattern matched on `want`, its result `at`.
    pub reversed: bool,
}

/// A deletion a side's derivation asks about: inside `side(g)`, `who`'s option `index` of the
/// vertex `v`. `target` is the side's stopper when the derivation found it first; the deletion
/// is then decided against it (a few positions) rather than against `g` (the whole graph).
#[derive(Clone, Copy, Debug)]
pub struct SideAsk<'a> {
    /// The game, minimal and numbered.
    pub g: &'a Loopy,
    /// The side being derived.
    pub side: Side,
    /// The side's stopper, when known.
    pub target: Option<&'a Loopy>,
    /// The vertex.
    pub v: u32,
    /// Whose option.
    pub who: Player,
    /// Its index among `who`'s options of `v`.
    pub index: usize,
}

/// The game as a term of the loopy notation: braces for each vertex, options in the graph's
/// order, `pass` for a move to the vertex itself, a label for a move back to a vertex being
/// written around it, `0` for a vertex without options. `None` when that would write a
/// position twice inside a cycle (its copies are not closed, so no table can share them, and
/// the copies can grow exponentially) or take more than [`MAX_TERM_NODES`] nodes. A position
/// written twice outside any cycle around it is a closed part, which a term table shares.
pub fn tree(g: &Loopy) -> Result<Option<Term>, KernelError> {
    struct W<'a> {
        graph: &'a Graph,
        comp: Vec<usize>,
        open: Vec<u32>,
        seen: Vec<bool>,
        labels: BTreeMap<u32, String>,
        nodes: usize,
    }
    impl W<'_> {
        /// `None`: a copy inside a cycle, or too large.
        fn vertex(&mut self, v: u32) -> Option<Term> {
            self.nodes += 1;
            if self.nodes > MAX_TERM_NODES {
                return None;
            }
            self.seen[v as usize] = true;
            if self.graph.left(v).is_empty() && self.graph.right(v).is_empty() {
                return Some(Term::zero());
            }
            self.open.push(v);
            let mut sides = [Vec::new(), Vec::new()];
            for (s, who) in [Player::Left, Player::Right].into_iter().enumerate() {
                for &o in self.graph.options(v, who) {
                    let t = if o == v {
                        Term::Call {
                            name: super::build::PASS.to_string(),
                            args: Vec::new(),
                        }
                    } else if self.open.contains(&o) {
                        let k = self.labels.len();
                        let l = self.labels.entry(o).or_insert_with(|| label(k)).clone();
                        Term::Name(l)
                    } else {
                        if self.seen[o as usize] && self.comp[o as usize] == self.comp[v as usize] {
                            return None;
                        }
                        self.vertex(o)?
                    };
                    sides[s].push(t);
                }
            }
            self.open.pop();
            let [left, right] = sides;
            let body = Term::Game { left, right };
            Some(match self.labels.get(&v) {
                Some(l) => Term::Call {
                    name: super::build::LOOP.to_string(),
                    args: vec![Arg::Text(l.clone()), Arg::Game(body)],
                },
                None => body,
            })
        }
    }
    let graph = g.graph();
    let (comp, _) = super::sides::components(graph, &mut Work::default())?;
    let mut w = W {
        graph,
        comp,
        open: Vec::new(),
        seen: vec![false; graph.len()],
        labels: BTreeMap::new(),
        nodes: 0,
    };
    Ok(w.vertex(g.root()))
}

/// A shortest path of options from the top to every vertex (`None` where unreachable).
pub(crate) fn places(g: &Loopy) -> Vec<Option<Place>> {
    let graph = g.graph();
    let mut out: Vec<Option<Place>> = vec![None; graph.len()];
    if let Some(p) = out.get_mut(g.root() as usize) {
        *p = Some(Vec::new());
    }
    let mut queue = vec![g.root()];
    let mut i = 0;
    while i < queue.len() {
        let v = queue[i];
        i += 1;
        let here = out[v as usize].clone().unwrap_or_default();
        for who in [Player::Left, Player::Right] {
            for (k, &o) in graph.options(v, who).iter().enumerate() {
                if out[o as usize].is_none() {
                    let mut p = here.clone();
                    p.push((who, k));
                    out[o as usize] = Some(p);
                    queue.push(o);
                }
            }
        }
    }
    out
}

/// The next edit of a minimal, numbered stopper and the game after it, or `None` when it is
/// its simplest form: a rule's instance if one applies, else the fusion of equal positions.
pub(super) fn next_edit(
    g: &Loopy,
    work: &mut Work,
    rules: &mut dyn Rules,
) -> Result<Option<(Edit, u32, Loopy)>, KernelError> {
    let graph = g.graph();
    let n = graph.len();
    let ge = ge_matrix(g, g, work)?;
    if let Some(found) = rules.next(g, &ge, work)? {
        return Ok(Some(found));
    }
    let at = |a: u32, b: u32| ge[a as usize * n + b as usize];
    // Fusion: each vertex to the first vertex equal to it.
    let rep: Vec<u32> = (0..n as u32)
        .map(|a| (0..=a).find(|&b| at(a, b) && at(b, a)).unwrap_or(a))
        .collect();
    if rep.iter().enumerate().all(|(a, &r)| a as u32 == r) {
        return Ok(None);
    }
    let fused = graph.mapped(0..n as u32, &rep);
    let h = Loopy::new(&fused, rep[g.root() as usize]).unwrap_or_else(Loopy::zero);
    Ok(Some((Edit::Fusion, g.root(), h)))
}
