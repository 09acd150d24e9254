//! Proofs of sums by lemmas: each sum of two simplified games proved once, then cited.
//!
//! Saturating `G + H` in one e-graph is fast, but egg explains it as a chain of whole terms,
//! and between a sum and its canonical form lie its expansions: the proof of
//! Σ_{k=1..n} {k|−k} grows like the expansion, not like the work. This module builds the
//! proof the way the kernel computes the sum (seed 002's recursive definition, memoised):
//!
//! 1. the operands are simplified first (options of a game likewise);
//! 2. one rule of the rule set is applied at the sum itself, the first by priority that
//!    matches (`number-up-star-sum`, `number-avoidance-*`, `sum-definition`, …), opening a
//!    closed operand by its `kind open` rule when nothing matches yet;
//! 3. each option of the result is simplified in turn; every part that takes two steps or
//!    more is a *lemma*, proved once however often it recurs and cited by number, so each
//!    step is written in the term of the part it changes, not in every enclosing term;
//! 4. the game that remains has simplified options only, so only rules at its root can apply:
//!    they are applied there, first by priority (dominated and reversible options, mex,
//!    simplicity, the folds into closed forms), as the engine would; where that does not end
//!    canonical, the engine finishes the game by saturation and its explanation is read.
//!
//! Every step is still one rule instance (or the citation of a lemma proved by such steps),
//! so the checker needs nothing new but the citation. A closed form that opens only into a sum
//! (`^3 = ^ + ^2` under the definitions) is opened and that sum proved by a lemma. Where the
//! recursion cannot go on (a rule file that rewrites a sum into another sum), the engine is
//! given the part itself, as it is without lemmas.

use super::explain::steps_of;
use super::step::{path_string, PathElem, Step};
use super::{tidy, Lemma, ProofError};
use crate::engine::{Engine, EngineError};
use crate::eval::terms::TermHost;
use crate::eval::Stop;
use crate::rules::{Rule, RuleSet, Template};
use crate::term::{Arg, Term};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::atomic::Ordering;
use std::time::Instant;

/// The most rules applied at the root of one game before the engine is asked instead.
const MAX_ROOT_STEPS: usize = 10_000;

/// The most nodes a part reached at a limit may have to be printed in the error.
const MAX_PRINTED: usize = 20_000;

/// The largest part, written out, given to the engine's own saturation run.
const MAX_FLAT: usize = 200_000;

/// How many closed operands may be opened at one sum before it is left to the engine.
const MAX_OPENINGS: usize = 4;

/// Whether `t` is a sum, a negation or `±(…)`: a term whose value is computed from its parts.
fn is_operator(t: &Term) -> bool {
    matches!(t, Term::Sum(..) | Term::Neg(_) | Term::PlusMinus(_))
}

/// A simplified term and the steps from the original to it.
type Done = (Term, Vec<Step>);

/// Which of the composer's rule lists [`Composer::at_root`] tries.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Rules {
    /// All rules that reduce, by priority.
    Reduce,
    /// Those that build something other than a closed form.
    Reshape,
    /// Those of `Reshape` that can apply at a game whose options all have different values
    /// (see [`repeats_an_option`]).
    ReshapeDistinct,
    /// The `kind open` rules.
    Open,
}

/// What a part met before stands for in a parent.
enum Known {
    /// The citation of lemma `lemma`, which proves the part equal to `result`. Only the
    /// number is kept: the citation is written anew from the part as it is met (Σ_{k≤30}
    /// {k|−k} has 160,000 lemmas, and a kept citation step and its copy of the part took
    /// some 60 MB of the run's peak).
    Cited { result: Term, lemma: usize },
    /// The one step it took (none when the part was simplified already). Its result is not
    /// kept: a part's parent reads only its steps (see [`Composer::cite`]).
    Steps(Vec<Step>),
}

/// The `from` of a step [`Composer::cite`] hands to [`Composer::part`], which writes it:
/// a term with nothing allocated, in place of a copy of the part that was dropped unread.
fn unwritten() -> Term {
    Term::Name(String::new())
}

/// A copy of `s` but its `from`, which is left [`unwritten`] (its parts are whole).
fn handed(s: &Step) -> Step {
    Step {
        from: unwritten(),
        to: s.to.clone(),
        rule: s.rule.clone(),
        at: s.at.clone(),
        why: s.why.clone(),
        witnesses: s.witnesses.clone(),
        reversed: s.reversed,
        parts: s.parts.clone(),
        lemma: s.lemma,
    }
}

/// The term a chain of `steps` from `start` has reached.
fn reached<'a>(start: &'a Term, steps: &'a [Step]) -> &'a Term {
    steps.last().map_or(start, |s| &s.to)
}

/// Step `s` of a part put at `at` of `outer` (which holds the part there): [`Step::lifted`],
/// but a `from` that starts where the chain is still does.
fn lifted(s: &Step, outer: &Term, at: PathElem) -> Option<Step> {
    let put = |t: &Term| super::step::replaced(outer, &[at], t.clone());
    Some(Step {
        from: if s.from == Step::FROM_CHAIN {
            Step::FROM_CHAIN
        } else {
            put(&s.from)?
        },
        to: put(&s.to)?,
        at: std::iter::once(at).chain(s.at.iter().copied()).collect(),
        parts: s
            .parts
            .iter()
            .map(|p| lifted(p, outer, at))
            .collect::<Option<Vec<_>>>()?,
        rule: s.rule.clone(),
        why: s.why.clone(),
        witnesses: s.witnesses.clone(),
        reversed: s.reversed,
        lemma: s.lemma,
    })
}

/// Builds one proof's lemmas and steps.
pub(crate) struct Composer<'e> {
    engine: &'e Engine,
    rules: &'e RuleSet,
    /// The shared rule evaluator on terms (never the checker's interpreter, so the checker
    /// does not confirm a step with the code that made it).
    interp: TermHost<'e>,
    /// A limit the evaluator reached; the proof ends with it at the next [`Self::tick`].
    halted: Option<Stop>,
    /// The rules tried at each term, by priority (shared: each call takes its own handle).
    reduce: std::rc::Rc<[&'e Rule]>,
    /// Those of `reduce` that build something other than a closed form: all that can apply
    /// at a game whose value has no closed form (see [`Self::finish`]).
    reshape: std::rc::Rc<[&'e Rule]>,
    /// Those of `reshape` that do not name one option twice ([`repeats_an_option`]).
    reshape_distinct: std::rc::Rc<[&'e Rule]>,
    open: std::rc::Rc<[&'e Rule]>,
    /// For each rule list and shape of node (kind and side sizes; a sum's or negation's
    /// operands' kinds), the positions of the rules in it that can match such a node
    /// ([`TermHost::may_apply`] reads no more than that). Some fifty rules are tried at each
    /// root and most are of another shape: a sum of two game forms is tried against the two
    /// rules that take any operands, not against the closed forms' sums and shortcuts.
    fitting: FxHashMap<(Rules, crate::eval::terms::ShapeKey), std::rc::Rc<[usize]>>,
    /// Each part met, by its entry in the term table (so a part written out and the same
    /// part written with references are one), with its result and what stands for it in a
    /// parent (see [`Known`]).
    memo: FxHashMap<u32, Known>,
    /// Operator terms whose proof is being built: met again inside their own proof, they are
    /// left to the engine rather than recursed into for ever.
    busy: FxHashSet<Term>,
    /// Shared entries found canonical (with their value) or not.
    canonical: FxHashMap<u32, Option<crate::kernel::GameId>>,
    /// The value of the game [`Self::finish`] last returned as canonical (cleared as each
    /// part's simplification starts), and the entries lemmas ended at with that value, not
    /// yet asked for: [`Self::canonical_value`] then checks that the entry's options are the
    /// canonical form's instead of constructing its value from them a second time. Each
    /// value goes with the options of its canonical form where [`Self::finish`] listed them
    /// (the test then compares with those rather than asking the kernel for them again).
    finished: Option<(crate::kernel::GameId, Option<Options>)>,
    hints: FxHashMap<u32, (crate::kernel::GameId, Option<Options>)>,
    /// The lemmas, each citing only those before it (those not yet handed to `feed`).
    pub lemmas: Vec<Lemma>,
    /// Whether to check lemmas on another thread as they are made, once there are enough
    /// (`pipeline.rs`); set by the caller.
    pub pipeline: bool,
    /// The checker thread the lemmas go to, once started.
    pub feed: Option<super::pipeline::Feed>,
    /// Whether the lemmas the checker thread hands back are written as lines of the file
    /// (`pipeline::Settled`); set by the caller.
    pub lines: bool,
    /// Steps in the lemmas made so far.
    lemma_steps: usize,
    /// Why some engine run stopped short of the canonical form, if one did.
    pub stuck: Option<String>,
    start: Instant,
}

impl<'e> Composer<'e> {
    pub(crate) fn new(engine: &'e Engine) -> Self {
        let (reduce, open) = engine.by_kind();
        let reshape: Vec<&Rule> = reduce
            .iter()
            .copied()
            .filter(|r| !matches!(r.result, Template::Leaf(_)))
            .collect();
        let reshape_distinct: Vec<&Rule> = reshape
            .iter()
            .copied()
            .filter(|r| !repeats_an_option(&r.pattern))
            .collect();
        Composer {
            engine,
            rules: engine.rules(),
            interp: TermHost::new(engine.rules()),
            halted: None,
            reduce: reduce.into(),
            reshape: reshape.into(),
            reshape_distinct: reshape_distinct.into(),
            open: open.into(),
            fitting: FxHashMap::default(),
            memo: FxHashMap::default(),
            busy: FxHashSet::default(),
            canonical: FxHashMap::default(),
            finished: None,
            hints: FxHashMap::default(),
            lemmas: Vec::new(),
            pipeline: false,
            feed: None,
            lines: false,
            lemma_steps: 0,
            stuck: None,
            start: Instant::now(),
        }
    }

    /// Keeps a finished lemma, or hands it to the checker thread (started once the lemmas
    /// hold `PIPELINE_FROM_STEPS` steps, when `pipeline` is set).
    ///
    /// The words of its steps are written here, unless it goes to the checker thread (see
    /// `explain::write_reasons`).
    fn push_lemma(&mut self, mut l: Lemma) {
        self.lemma_steps += l.steps.len();
        if let Some(feed) = self.feed.as_mut() {
            feed.lemma(l, &self.interp.terms.borrow());
            return;
        }
        super::explain::chained(&l.from, &mut l.steps);
        super::explain::write_reasons(&mut l.steps, self.rules);
        self.lemmas.push(l);
        if self.pipeline && self.lemma_steps >= super::pipeline::PIPELINE_FROM_STEPS {
            let lemmas = std::mem::take(&mut self.lemmas);
            self.feed = Some(super::pipeline::Feed::start(
                self.rules,
                lemmas,
                &self.interp.terms.borrow(),
                self.lines,
            ));
        }
    }

    /// The term table the proof's terms refer to, leaving an empty one.
    pub(crate) fn take_terms(&mut self) -> super::TermTable {
        std::mem::take(&mut *self.interp.terms.borrow_mut())
    }

    /// `t` with its references to entries of at most `max` nodes written out.
    pub(crate) fn written(&self, t: &Term, max: u64) -> Term {
        self.interp.terms.borrow().written(t, max as usize)
    }

    /// Whether `t` (which may refer to the table) is a game in canonical form.
    pub(crate) fn is_canonical(&mut self, t: &Term) -> bool {
        self.canonical_value(t).is_some()
    }

    /// `t`'s value when `t` is a game in canonical form: closed forms are; a game is when its
    /// options are and the kernel's canonical form of it has exactly those options (no
    /// repeats). Shared entries are decided once.
    fn canonical_value(&mut self, t: &Term) -> Option<crate::kernel::GameId> {
        match t {
            Term::Nus { number, up, nim } => Some(self.interp.kernel_mut().nus(number, up, nim)),
            Term::Ref(n) => {
                if let Some(v) = self.canonical.get(n) {
                    return *v;
                }
                let view = self.interp.terms.borrow().view(*n)?.clone();
                let v = match (self.hints.remove(n), &view) {
                    (Some((g, o)), Term::Game { left, right }) => {
                        self.game_value(left, right, Some(g), o.as_ref())
                    }
                    _ => self.canonical_value(&view),
                };
                self.canonical.insert(*n, v);
                // The entry's value is the canonical form's: told to the kernel now, a rule
                // that binds a name twice or asks a condition of the entry reads it instead
                // of evaluating the entry again.
                if let Some(g) = v {
                    self.interp.kernel_mut().set_reference(*n, g);
                }
                v
            }
            Term::Game { left, right } => self.game_value(left, right, None, None),
            _ => None,
        }
    }

    /// [`Self::canonical_value`] of `{left | right}`; `hint`, a value the game may have, is
    /// taken when the options are exactly its canonical form's (a wrong hint costs only the
    /// test), `options` those of the hint's canonical form when they were listed already.
    fn game_value(
        &mut self,
        left: &[Term],
        right: &[Term],
        hint: Option<crate::kernel::GameId>,
        options: Option<&Options>,
    ) -> Option<crate::kernel::GameId> {
        let l = self.option_values(left)?;
        let r = self.option_values(right)?;
        let k = self.interp.kernel_mut();
        if let Some(g) = hint {
            let fits = match options {
                Some(o) => o.are(&l, &r),
                None => has_options(k, g, &l, &r),
            };
            if fits {
                return Some(g);
            }
        }
        k.canonical_game(&l, &r).ok()?
    }

    /// Whether a proof of `t` should be built by lemmas: `t` (written out) adds two terms not
    /// both closed forms, adds closed forms no rule adds at once, or holds a closed form that
    /// opens only into a sum (`^6 = ^ + ^5` under the definitions). Those are the cases whose
    /// single explained run grows with the expansion; anything else is left to it.
    pub(crate) fn wants(&mut self, t: &Term) -> bool {
        if t.size() >= 64 {
            return true;
        }
        match t {
            // Only the composer opens a call by its definition.
            Term::Call { .. } => true,
            Term::Sum(a, b) => {
                let closed = |x: &Term| matches!(x, Term::Nus { .. });
                if !(closed(a) && closed(b)) {
                    return true;
                }
                self.at_root(t, &[], Rules::Reduce).is_none() || self.wants(a) || self.wants(b)
            }
            Term::Nus { .. } => {
                self.open_form(t).is_none()
                    && self
                        .at_root(t, &[], Rules::Open)
                        .is_some_and(|s| s.after().is_some_and(is_operator))
            }
            Term::Game { left, right } => left.iter().chain(right).any(|x| self.wants(x)),
            Term::Neg(a) => self.wants(a),
            Term::PlusMinus(xs) => xs.iter().any(|x| self.wants(x)),
            _ => false,
        }
    }

    /// A call: its game arguments simplified first (when the function's value depends only on
    /// their values), then one level of its definition by the function's opening, named by an
    /// opening rule of the rule set, then the opened game simplified like any other. Each
    /// distinct call met inside is a part, so it is proved once as a lemma and cited.
    fn call(&mut self, t: &Term) -> Result<Done, ProofError> {
        let Term::Call { name, args } = t else {
            return self.finish(t.clone(), Vec::new());
        };
        let f = crate::functions::lookup(name)
            .ok_or_else(|| crate::functions::unknown(name).in_call(t))?;
        let mut steps = Vec::new();
        // Each game argument simplified in place; what it became is read back from the
        // term the steps reached.
        let mut args = args.clone();
        for (i, a) in args.iter_mut().enumerate() {
            let Arg::Game(g) = a else { continue };
            if f.congruent() {
                self.part(t, &mut steps, PathElem::CallArg(i), g)?;
                if let Some(now) =
                    super::step::subterm_at(reached(t, &steps), &[PathElem::CallArg(i)])
                {
                    *g = now.clone();
                }
            }
            // The function reads its arguments as terms: a shared argument is written out.
            *g = self
                .interp
                .terms
                .borrow()
                .expand(g, MAX_FLAT)
                .ok_or_else(|| EngineError::Limit {
                    which: format!("{MAX_FLAT} nodes written out for one argument"),
                    reached: format!("an argument of {name}(…)"),
                })?;
        }
        // An error about the call's input names the call as written, for its position.
        let opened = f.open(&args, self.interp.kernel_mut());
        let opening = opened.map_err(|e| e.in_call(t))?.ok_or_else(|| {
            EngineError::Unsupported(format!(
                "{name}(…) has no derivation yet: `onag::evaluate` gives its value"
            ))
        })?;
        let call = Term::Call {
            name: name.clone(),
            args,
        };
        if self.rules.opening(opening.rule).is_none() {
            return Err(EngineError::Unsupported(format!(
                "opening `{}` ({name}'s definition) is not among the chosen rules",
                opening.rule
            ))
            .into());
        }
        steps.push(Step {
            from: call,
            to: opening.term.clone(),
            rule: opening.rule.into(),
            at: Vec::new(),
            why: opening.says,
            witnesses: super::step::Witnesses::default(),
            reversed: false,
            parts: Vec::new(),
            lemma: None,
        });
        let (result, more) = self.simplify(&opening.term)?;
        steps.extend(more);
        Ok((result, steps))
    }

    /// The engine's time and memory limits and cancel flag hold for the whole proof.
    fn tick(&self, at: &Term) -> Result<(), ProofError> {
        match &self.halted {
            Some(Stop::Kernel(e)) => return Err(ProofError::Kernel(e.clone())),
            Some(Stop::GaveUp) => {
                return Err(ProofError::Kernel(crate::kernel::KernelError::Limit {
                    which: "matches tried".into(),
                }))
            }
            None => {}
        }
        let limits = self.engine.limits();
        // A part too large to print is described by its size, as the engine does.
        let reached = || {
            let n = at.size();
            if n > MAX_PRINTED {
                format!("{} ({n} nodes written out)", crate::engine::TOO_LARGE)
            } else {
                at.to_string()
            }
        };
        if limits
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            return Err(EngineError::Interrupted { reached: reached() }.into());
        }
        if let Err(m) = crate::memory::check(limits.max_memory) {
            return Err(EngineError::Limit {
                which: m.to_string(),
                reached: format!("a lemma about {}", reached()),
            }
            .into());
        }
        if self.start.elapsed() > limits.time {
            return Err(EngineError::Limit {
                which: format!("{:?} of time", limits.time),
                reached: format!("a lemma about {}", reached()),
            }
            .into());
        }
        Ok(())
    }

    /// `t` simplified, with the steps from `t` to the result.
    pub(crate) fn simplify(&mut self, t: &Term) -> Result<Done, ProofError> {
        self.simplify_hinted(t, None)
    }

    /// [`Self::simplify`], `hint` a value `t` may have (see [`Self::finish`]).
    fn simplify_hinted(
        &mut self,
        t: &Term,
        hint: Option<crate::kernel::GameId>,
    ) -> Result<Done, ProofError> {
        self.finished = None;
        self.tick(t)?;
        let done = self.simplify_inner(t, hint)?;
        // A limit the evaluator reached on the way ends the proof here.
        self.tick(t)?;
        Ok(done)
    }

    fn simplify_inner(
        &mut self,
        t: &Term,
        hint: Option<crate::kernel::GameId>,
    ) -> Result<Done, ProofError> {
        match t {
            Term::Sum(..) | Term::Neg(_) | Term::PlusMinus(_) => self.operator(t),
            Term::Call { .. } => self.call(t),
            Term::Game { left, right } => {
                let mut steps = Vec::new();
                for (i, o) in left.iter().enumerate() {
                    self.part(t, &mut steps, PathElem::Left(i), o)?;
                }
                for (i, o) in right.iter().enumerate() {
                    self.part(t, &mut steps, PathElem::Right(i), o)?;
                }
                let cur = reached(t, &steps).clone();
                self.finish_hinted(cur, steps, hint)
            }
            // A shared entry is a part proved already (a lemma's result).
            Term::Ref(_) => Ok((t.clone(), Vec::new())),
            _ => self.finish(t.clone(), Vec::new()),
        }
    }

    /// Simplifies the part `sub` at `at` of the term a chain of `steps` from `start` has
    /// reached, appending its steps lifted into that term.
    ///
    /// The term reached is read from the last step, never kept beside it: a copy of it, made
    /// after every part, was the composer's largest clone.
    fn part(
        &mut self,
        start: &Term,
        steps: &mut Vec<Step>,
        at: PathElem,
        sub: &Term,
    ) -> Result<(), ProofError> {
        let sub_steps = self.cite(sub)?;
        let missing = || ProofError::Explanation(format!("no subterm at {}", path_string(&[at])));
        // Room for them at once: a step is large, and the chain grew by doubling a part at
        // a time.
        steps.reserve(sub_steps.len());
        for s in sub_steps {
            // Each step starts where the one before ended, and says so rather than holding a
            // copy of it: see `explain::chained`.
            let before = reached(start, steps);
            let parts = s
                .parts
                .iter()
                .map(|p| lifted(p, before, at))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(missing)?;
            let to = super::step::replaced(before, &[at], s.to).ok_or_else(missing)?;
            let at_path = std::iter::once(at).chain(s.at).collect();
            steps.push(Step {
                from: Step::FROM_CHAIN,
                to,
                at: at_path,
                parts,
                ..s
            });
        }
        Ok(())
    }

    /// The steps standing for a part in its parent: a citation of its lemma, or the step
    /// itself when it took one. Every part that takes two steps or more is a lemma, so a step
    /// is written out in the whole term of the part it changes, not in every enclosing term.
    ///
    /// A step met again, or a citation, is handed over with its `from` [`unwritten`]:
    /// [`Self::part`], the only caller, puts each step in the term of the parent and writes
    /// its `from` there, so a copy of the part made for it was freed unread (one for every
    /// part met, at every size of sum). The result is not returned either: the parent reads
    /// it from the last step.
    fn cite(&mut self, t: &Term) -> Result<Vec<Step>, ProofError> {
        if matches!(t, Term::Nus { .. } | Term::Ref(_)) {
            return Ok(Vec::new());
        }
        let key = self.interp.terms.borrow_mut().intern(t);
        if let Some(known) = self.memo.get(&key) {
            let steps = match known {
                Known::Cited { result, lemma } => {
                    let cite = Step::cite(
                        unwritten(),
                        result.clone(),
                        Vec::new(),
                        *lemma,
                        String::new(),
                    );
                    return Ok(vec![cite]);
                }
                Known::Steps(steps) => steps,
            };
            // The part may be written otherwise here than where it was first met: a citation
            // starts from it as it is written here.
            let steps = steps
                .iter()
                .map(|s| match s.lemma {
                    Some(k) if s.at.is_empty() && s.from != *t => {
                        Step::cite(unwritten(), s.to.clone(), Vec::new(), k, String::new())
                    }
                    _ => handed(s),
                })
                .collect();
            return Ok(steps);
        }
        if self.busy.contains(t) {
            return Ok(self.flat(t)?.1);
        }
        let (result, steps) = self.simplify(t)?;
        let finished = self.finished.take();
        if steps.len() <= 1 {
            let out = steps.iter().map(handed).collect();
            self.memo.insert(key, Known::Steps(steps));
            return Ok(out);
        }
        let k = self.feed.as_ref().map_or(0, |f| f.len()) + self.lemmas.len();
        // A large result is stored once in the term table and referred to, so the terms
        // of the steps that use it stay the size of their own nodes.
        let result = {
            let mut terms = self.interp.terms.borrow_mut();
            match &result {
                // A game of two options or more is past `SHARE_ABOVE` nodes, whatever its
                // options: `share` would count every node of it to say so.
                Term::Game { left, right }
                    if left.len() + right.len() > crate::term_table::SHARE_ABOVE as usize - 1 =>
                {
                    Term::Ref(terms.intern(&result))
                }
                _ => terms.share(&result),
            }
        };
        if let (Term::Ref(n), Some(f)) = (&result, finished) {
            self.hints.insert(*n, f);
        }
        self.push_lemma(Lemma {
            from: t.clone(),
            to: result.clone(),
            steps,
        });
        // Its words (`t = result`) are written later, as a rule step's are.
        let cite = Step::cite(unwritten(), result.clone(), Vec::new(), k, String::new());
        self.memo.insert(key, Known::Cited { result, lemma: k });
        Ok(vec![cite])
    }

    /// A sum, negation or `±(…)`: its operands simplified, then one rule at its root, then
    /// the options that rule built.
    fn operator(&mut self, t: &Term) -> Result<Done, ProofError> {
        self.busy.insert(t.clone());
        let done = self.operator_inner(t);
        self.busy.remove(t);
        done
    }

    fn operator_inner(&mut self, t: &Term) -> Result<Done, ProofError> {
        let mut steps = Vec::new();
        match t {
            Term::Sum(a, b) => {
                self.part(t, &mut steps, PathElem::SumLeft, a)?;
                self.part(t, &mut steps, PathElem::SumRight, b)?;
            }
            Term::Neg(a) => self.part(t, &mut steps, PathElem::NegInner, a)?,
            Term::PlusMinus(xs) => {
                for (i, x) in xs.iter().enumerate() {
                    self.part(t, &mut steps, PathElem::PmArg(i), x)?;
                }
            }
            _ => {}
        }
        for _ in 0..=MAX_OPENINGS {
            let cur = reached(t, &steps);
            if let Some(step) = self.at_root(cur, &[], Rules::Reduce) {
                let out = &step.to;
                let (result, more) = if is_operator(out) {
                    if self.busy.contains(out) {
                        self.flat(out)?
                    } else {
                        self.operator(out)?
                    }
                } else {
                    // The game a number added to a game opens into has the value the
                    // kernel's sum gives by translating the game's options (no
                    // canonicalisation): a hint `finish` tests instead of constructing the
                    // value from the simplified options.
                    let hint = self.translated_value(cur);
                    self.simplify_hinted(out, hint)?
                };
                steps.reserve(1 + more.len());
                steps.push(step);
                steps.extend(more);
                return Ok((result, steps));
            }
            // Nothing matches the sum yet: open a closed operand into a game.
            let Some(opened) = self.open_operand(cur)? else {
                break;
            };
            steps.extend(opened);
        }
        let (result, more) = self.flat(reached(t, &steps))?;
        steps.extend(more);
        Ok((result, steps))
    }

    /// The value of `t` when it is a sum of a number and a game whose value is no closed form,
    /// both canonical: the kernel adds those by translating the game's canonical options by
    /// the number (seed 002 Theorem 5.6), with no canonical form to construct. `None`
    /// otherwise, or where the kernel cannot add them.
    fn translated_value(&mut self, t: &Term) -> Option<crate::kernel::GameId> {
        let Term::Sum(a, b) = t else {
            return None;
        };
        let va = self.canonical_value(a)?;
        let vb = self.canonical_value(b)?;
        let k = self.interp.kernel_mut();
        let (x, g) = if k.as_number(va).is_some() {
            (va, vb)
        } else if k.as_number(vb).is_some() {
            (vb, va)
        } else {
            return None;
        };
        if k.as_nus(g).is_some() {
            return None;
        }
        k.add(x, g).ok()
    }

    /// A closed form opened by its definition; a limit reached is recorded (see `halted`).
    fn open_form(&mut self, t: &Term) -> Option<Term> {
        match self.interp.open(t) {
            Ok(o) => o,
            Err(stop) => {
                self.halted.get_or_insert(stop);
                None
            }
        }
    }

    /// The first of `rules` that applies at `path` of `t`, as a step (none when the evaluator
    /// reached a limit, which is recorded and ends the proof at the next tick).
    fn at_root(&mut self, t: &Term, path: &[PathElem], which: Rules) -> Option<Step> {
        let sub = super::step::subterm_at(t, path)?;
        let node = self.interp.top(sub);
        let rules = match which {
            Rules::Reduce => self.reduce.clone(),
            Rules::Reshape => self.reshape.clone(),
            Rules::ReshapeDistinct => self.reshape_distinct.clone(),
            Rules::Open => self.open.clone(),
        };
        let key = (which, self.interp.shape_key(&node));
        let fitting = match self.fitting.get(&key) {
            Some(f) => f.clone(),
            None => {
                let f: std::rc::Rc<[usize]> = (0..rules.len())
                    .filter(|&i| self.interp.may_apply(rules[i], &node))
                    .collect();
                self.fitting.insert(key, f.clone());
                f
            }
        };
        for rule in fitting.iter().map(|&i| rules[i]) {
            let applied = match self.interp.apply_top(rule, &node) {
                Ok(a) => a,
                Err(stop) => {
                    self.halted.get_or_insert(stop);
                    return None;
                }
            };
            if let Some((m, built)) = applied {
                // A step's match holds each game as the term it stands for already
                // (`TermHost::witnesses_of`): its terms are moved, not copied.
                let w = super::step::Witnesses {
                    games: m.games.into_iter().map(|(n, g)| (n, g.id)).collect(),
                    sets: m.sets,
                    values: m.values,
                    rows: m.rows,
                };
                let to = super::step::replaced(t, path, built)?;
                // Its words are written later (`explain::write_reasons`). It starts from `t`,
                // where every caller's chain is (see `explain::chained`).
                return Some(Step {
                    from: Step::FROM_CHAIN,
                    to,
                    rule: rule.name.as_str().into(),
                    at: path.to_vec(),
                    why: String::new(),
                    witnesses: w,
                    reversed: false,
                    parts: Vec::new(),
                    lemma: None,
                });
            }
        }
        None
    }

    /// Opens the first closed operand of `t` into a game: by its `kind open` rule when that
    /// makes it a game, or, when the rule makes it a sum (`^3 = ^ + ^2` under the definitions),
    /// by that rule and then a lemma simplifying the sum.
    fn open_operand(&mut self, t: &Term) -> Result<Option<Vec<Step>>, ProofError> {
        let paths: Vec<PathElem> = match t {
            Term::Sum(..) => vec![PathElem::SumLeft, PathElem::SumRight],
            Term::Neg(_) => vec![PathElem::NegInner],
            _ => Vec::new(),
        };
        for p in paths {
            if let Some(steps) = self.open_at(t, p)? {
                return Ok(Some(steps));
            }
        }
        Ok(None)
    }

    /// Opens the closed form at `p` of `t` into a game, if it is one and its opening leads to
    /// a game; the steps from `t`.
    fn open_at(&mut self, t: &Term, p: PathElem) -> Result<Option<Vec<Step>>, ProofError> {
        if !matches!(super::step::subterm_at(t, &[p]), Some(Term::Nus { .. })) {
            return Ok(None);
        }
        let Some(step) = self.at_root(t, &[p], Rules::Open) else {
            return Ok(None);
        };
        // What the opening built may be a shared entry: look at its top node.
        let after = step
            .after()
            .and_then(|t| self.interp.terms.borrow().unfold(t));
        match &after {
            Some(Term::Game { .. }) => Ok(Some(vec![step])),
            Some(sum) if is_operator(sum) => {
                let sum = sum.clone();
                let mut steps = vec![step];
                self.part(t, &mut steps, p, &sum)?;
                // The sum's lemma may end at a shared entry: a game all the same.
                let game = super::step::subterm_at(reached(t, &steps), &[p])
                    .and_then(|t| self.interp.terms.borrow().unfold(t))
                    .is_some_and(|t| matches!(t, Term::Game { .. }));
                Ok(game.then_some(steps))
            }
            _ => Ok(None),
        }
    }

    /// A game whose options are simplified, or a leaf. A closed form is finished already. A
    /// game's options are canonical, so only rules at its root can apply: they are applied
    /// there, first by priority, as the engine would; when that does not end in the canonical
    /// form (a rule set without the needed theorems), the engine's own run on the game decides.
    fn finish(&mut self, cur: Term, steps: Vec<Step>) -> Result<Done, ProofError> {
        self.finish_hinted(cur, steps, None)
    }

    /// [`Self::finish`], `hint` a value the game may have: when its options are exactly the
    /// canonical form's of a hint with no closed form, the game is that canonical form, as
    /// the kernel's construction from the options would have found (a wrong hint costs only
    /// the test).
    fn finish_hinted(
        &mut self,
        cur: Term,
        mut steps: Vec<Step>,
        hint: Option<crate::kernel::GameId>,
    ) -> Result<Done, ProofError> {
        if matches!(cur, Term::Nus { .. } | Term::Ref(_)) {
            return Ok((cur, steps));
        }
        if let Term::Game { left, right } = &cur {
            // The game's value, from its options' values when they are canonical (one
            // construction by the kernel, which decides all three questions below).
            let value = match (self.option_values(left), self.option_values(right)) {
                (Some(l), Some(r)) => {
                    let k = self.interp.kernel_mut();
                    if let Some(g) = hint.filter(|&g| k.as_nus(g).is_none()) {
                        if let Some(o) = Options::of(k, g).filter(|o| o.are(&l, &r)) {
                            self.finished = Some((g, Some(o)));
                            return Ok((cur, steps));
                        }
                    }
                    k.from_options(&l, &r).ok().map(|g| (g, l, r))
                }
                _ => None,
            };
            // Set when the value has no closed form: then the rules can end at its canonical
            // form only, and the game is finished as soon as it has exactly those options.
            let mut no_closed_form = None;
            // The options of its canonical form, listed once: for the test below, the chain
            // of root steps and the hint the lemma's result carries (see `finished`).
            let mut options = None;
            if let Some((g, l, r)) = &value {
                let k = self.interp.kernel_mut();
                if k.as_nus(*g).is_none() {
                    // A game already in canonical form whose value has no closed form (no
                    // number, up multiple or nimber) is finished: rules at its root could only
                    // delete or bypass options it does not have. Trying each one would cost a
                    // failed match per rule.
                    options = Options::of(k, *g);
                    if options.as_ref().is_some_and(|o| o.are(l, r)) {
                        self.finished = Some((*g, options));
                        return Ok((cur, steps));
                    }
                    no_closed_form = Some(*g);
                }
            }
            // When the kernel finds that the value has no closed form, no rule that builds a
            // closed form applies at the game or at what the other rules make of it (they keep
            // its value): each rule is a theorem, so a closed form it built would be the
            // game's value. Trying them is most of the work of finishing a game (`mex` and
            // `simplicity` read every option's value before they fail); skipping them leaves
            // the proof as it was, step for step.
            let rules = if no_closed_form.is_none() {
                Rules::Reduce
            } else {
                Rules::Reshape
            };
            let (result, more, ended) =
                self.at_root_until_done(&cur, rules, no_closed_form, options.as_ref());
            if ended || self.is_canonical(&result) {
                if ended {
                    self.finished = no_closed_form.map(|g| (g, options));
                }
                steps.extend(tidy::tidy(&cur, more));
                return Ok((result, steps));
            }
            // The rules may need to look inside a closed option that opens only into a sum
            // (`{^6|}` under the definitions): write such options out as games first.
            let paths: Vec<PathElem> = (0..left.len())
                .map(PathElem::Left)
                .chain((0..right.len()).map(PathElem::Right))
                .collect();
            let mut opened = cur.clone();
            let mut open_steps = Vec::new();
            for p in paths {
                let Some(sub @ Term::Nus { .. }) = super::step::subterm_at(&opened, &[p]).cloned()
                else {
                    continue;
                };
                if self.open_form(&sub).is_some() {
                    continue;
                }
                if let Some(more) = self.open_at(&opened, p)? {
                    if let Some(last) = more.last() {
                        opened = last.to.clone();
                    }
                    open_steps.extend(more);
                }
            }
            if !open_steps.is_empty() {
                let (result, more, _) = self.at_root_until_done(&opened, Rules::Reduce, None, None);
                if self.is_canonical(&result) {
                    steps.extend(open_steps);
                    steps.extend(tidy::tidy(&opened, more));
                    return Ok((result, steps));
                }
            }
        }
        let (result, more) = self.flat(&cur)?;
        steps.extend(more);
        Ok((result, steps))
    }

    /// The values of `xs` when each is a canonical form (see [`Self::canonical_value`]).
    fn option_values(&mut self, xs: &[Term]) -> Option<Vec<crate::kernel::GameId>> {
        xs.iter().map(|x| self.canonical_value(x)).collect()
    }

    /// `rules` applied at the root of `t`, first by priority, until none applies (or
    /// [`MAX_ROOT_STEPS`]), and whether the game reached is the canonical form of `value`
    /// (whose options are `options`, when the caller listed them).
    ///
    /// With `value` (a value with no closed form, `t`'s), the rules stop at a game whose
    /// options are exactly that canonical form's: no rule applies there (see
    /// [`Self::finish`]), and finding that by trying each would cost a failed match of
    /// every rule, the dearest round of the game (every pair of options compared).
    fn at_root_until_done(
        &mut self,
        t: &Term,
        rules: Rules,
        value: Option<crate::kernel::GameId>,
        options: Option<&Options>,
    ) -> (Term, Vec<Step>, bool) {
        // The game reached is the last step's result, copied once at the end.
        let mut steps: Vec<Step> = Vec::new();
        let mut ended = false;
        // Whether the game reached has options of canonical forms, no two of one value: a
        // rule that names one option twice is then not tried (`options-are-sets-*`, tried
        // before the deletions at every game of Σ_{k≤n} {k|−k}, failed at each after
        // comparing every pair of options).
        let mut distinct = value.is_some()
            && match t {
                Term::Game { left, right } => self.distinct_values(left, right),
                _ => false,
            };
        let listed;
        let options = match options {
            Some(o) => Some(o),
            None => {
                listed = value.and_then(|g| Options::of(self.interp.kernel_mut(), g));
                listed.as_ref()
            }
        };
        while steps.len() < MAX_ROOT_STEPS {
            let cur = steps.last().map_or(t, |s| &s.to);
            let which = if distinct && rules == Rules::Reshape {
                Rules::ReshapeDistinct
            } else {
                rules
            };
            let Some(step) = self.at_root(cur, &[], which) else {
                break;
            };
            steps.push(step);
            let reached = steps.last().map(|s| &s.to);
            distinct = false;
            if let (Some(_), Some(Term::Game { left, right })) = (value, reached) {
                if let (Some(l), Some(r)) = (self.option_values(left), self.option_values(right)) {
                    if options.is_some_and(|o| o.are(&l, &r)) {
                        ended = true;
                        break;
                    }
                    distinct = all_different(&l, &r);
                }
            }
        }
        let cur = steps.last().map_or(t, |s| &s.to).clone();
        (cur, steps, ended)
    }

    /// Whether the options `left` and `right` are all canonical forms, no two of one value.
    fn distinct_values(&mut self, left: &[Term], right: &[Term]) -> bool {
        match (self.option_values(left), self.option_values(right)) {
            (Some(l), Some(r)) => all_different(&l, &r),
            _ => false,
        }
    }

    /// The engine's own run on `t`, its explanation read as steps.
    fn flat(&mut self, t: &Term) -> Result<Done, ProofError> {
        self.tick(t)?;
        // The engine takes terms written out; a shared part too large to write out is beyond
        // what a saturation run could explain anyway.
        let expanded = self.interp.terms.borrow().expand(t, MAX_FLAT);
        let t = &expanded.ok_or_else(|| EngineError::Limit {
            which: format!("{MAX_FLAT} nodes written out for one saturation run"),
            reached: crate::syntax::print(t, &Default::default()),
        })?;
        let mut s = self.engine.saturate(t)?;
        if !s.canonical && self.stuck.is_none() {
            self.stuck = Some(
                s.stuck
                    .clone()
                    .unwrap_or_else(|| "the chosen rules apply no further".into()),
            );
        }
        let (input, result, steps) = steps_of(&mut s, Some(self.rules), &|| self.tick(t))?;
        if !super::step::same_form(&input, t) {
            return Err(ProofError::Explanation(
                "the engine holds the term in another form".into(),
            ));
        }
        Ok((result, tidy::tidy(&input, steps)))
    }
}

/// Whether the canonical form of `g` has exactly the options `left` and `right`, none
/// repeated: the test of [`crate::kernel::Kernel::canonical_game`], for a value known already.
fn has_options(
    k: &mut crate::kernel::Kernel,
    g: crate::kernel::GameId,
    left: &[crate::kernel::GameId],
    right: &[crate::kernel::GameId],
) -> bool {
    Options::of(k, g).is_some_and(|o| o.are(left, right))
}

/// The options of a value's canonical form, each side sorted: asked of the kernel once for
/// all the games a chain of root steps reaches ([`Composer::at_root_until_done`] compares
/// each with them; asking again at each step cost two lists and two sorts a step).
struct Options {
    left: Vec<crate::kernel::GameId>,
    right: Vec<crate::kernel::GameId>,
}

impl Options {
    /// `g`'s options; none when the kernel cannot list them.
    fn of(k: &mut crate::kernel::Kernel, g: crate::kernel::GameId) -> Option<Options> {
        // Both lists at once: `left_options` and `right_options` each list both.
        let (mut left, mut right) = k.options(g).ok()?;
        left.sort_unstable();
        right.sort_unstable();
        Some(Options { left, right })
    }

    /// Whether `left` and `right` are exactly these options, none repeated.
    fn are(&self, left: &[crate::kernel::GameId], right: &[crate::kernel::GameId]) -> bool {
        // `a` sorted is `b`, and no two of `a` are one: a short list sorted on the stack.
        let same = |a: &[crate::kernel::GameId], b: &[crate::kernel::GameId]| {
            if a.len() != b.len() {
                return false;
            }
            let mut sorted = [crate::kernel::GameId(0); 16];
            let mut long = Vec::new();
            let a = if a.len() <= sorted.len() {
                let s = &mut sorted[..a.len()];
                s.copy_from_slice(a);
                s
            } else {
                long.extend_from_slice(a);
                &mut long[..]
            };
            a.sort_unstable();
            a == b && a.windows(2).all(|w| w[0] != w[1])
        };
        same(left, &self.left) && same(right, &self.right)
    }
}

/// Whether no two of `left` and `right` (canonical ids: one id a value) are one value.
fn all_different(left: &[crate::kernel::GameId], right: &[crate::kernel::GameId]) -> bool {
    let mut all: Vec<crate::kernel::GameId> = left.iter().chain(right).copied().collect();
    all.sort();
    all.windows(2).all(|w| w[0] != w[1])
}

/// Whether `pattern` is a game whose options name one game variable twice: it matches only
/// where two options have one value (a name bound twice stands for equal games), so never at
/// a game whose options' values all differ ([`all_different`]).
fn repeats_an_option(pattern: &crate::rules::Pattern) -> bool {
    use crate::rules::Pattern;
    match pattern {
        Pattern::Bind(_, inner) => repeats_an_option(inner),
        Pattern::Game(l, r) => {
            let mut names: Vec<&str> = l
                .picks
                .iter()
                .chain(&r.picks)
                .filter_map(|p| match p {
                    Pattern::Var(v) | Pattern::Bind(v, _) => Some(v.as_str()),
                    _ => None,
                })
                .collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            names.len() < n
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules left out at a game whose options' values differ are those that name an
    /// option twice, and only those.
    #[test]
    fn the_rules_left_out_at_distinct_options_name_an_option_twice() {
        let rules = RuleSet::builtin();
        let named = |n: &str| {
            let r = rules.rules().iter().find(|r| r.name == n);
            repeats_an_option(&r.unwrap_or_else(|| panic!("{n}")).pattern)
        };
        assert!(named("options-are-sets-left"));
        assert!(named("options-are-sets-right"));
        for n in [
            "dominated-left",
            "dominated-right",
            "sum-definition",
            "reversible-left",
        ] {
            assert!(!named(n), "{n}");
        }
        let id = crate::kernel::GameId;
        assert!(all_different(&[id(1), id(2)], &[id(3)]));
        assert!(!all_different(&[id(1), id(2)], &[id(1)]));
        assert!(!all_different(&[id(2), id(2)], &[]));
    }

    use crate::proof::explain::chained;

    /// `steps` with each `from` (theirs and their parts') that is the term the chain has
    /// reached said so, as the composer makes them.
    fn unchained(start: &Term, steps: &[Step]) -> Vec<Step> {
        let mut at = start;
        let mut out = Vec::new();
        for s in steps {
            let mut u = s.clone();
            u.parts = unchained(&s.from, &s.parts);
            if s.from == *at {
                u.from = Step::FROM_CHAIN;
            }
            out.push(u);
            at = &s.to;
        }
        out
    }

    /// A chain whose steps start where the chain is reads, for every reader of the composer's
    /// steps, as the same chain written out: its lines of the file (words written into them
    /// included), its words, its tidied form, and `chained` gives it back.
    #[test]
    fn steps_that_start_where_the_chain_is_read_as_written_out() {
        let shipped = RuleSet::builtin();
        let fundamental = shipped.select("fundamental").unwrap();
        let mut chains = 0;
        for (rules, text) in [
            (&shipped, "{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}"),
            (&shipped, "^3 + *2 + {3|1/2}"),
            (&shipped, "{1,{2|0}|}"),
            (&fundamental, "{0,1,2|5}"),
            (&fundamental, "{*,{0|0}|0}"),
        ] {
            let engine = Engine::new(rules.clone());
            let p = crate::proof::simplify(&crate::syntax::parse(text).unwrap(), &engine)
                .unwrap()
                .proof;
            let lemmas = p.lemmas.iter().map(|l| (&l.from, &l.to, &l.steps));
            for (from, to, steps) in std::iter::once((&p.input, &p.result, &p.steps)).chain(lemmas)
            {
                let u = unchained(from, steps);
                let mut back = u.clone();
                chained(from, &mut back);
                assert_eq!(&back, steps, "{text}");
                // Their lines with the words left to the writer, as the checker thread
                // hands lemmas back.
                let line = |steps: &[Step]| {
                    let mut steps = steps.to_vec();
                    for s in &mut steps {
                        s.edit(&mut |_| {}, &mut String::clear);
                    }
                    let l = Lemma {
                        from: from.clone(),
                        to: to.clone(),
                        steps,
                    };
                    crate::proof::json::lemma_line_worded(&l, rules)
                };
                assert_eq!(line(&u), line(steps), "{text}");
                let mut tidied = tidy::tidy(from, u);
                chained(from, &mut tidied);
                assert_eq!(tidied, tidy::tidy(from, steps.clone()), "{text}");
                chains += 1;
            }
        }
        assert!(chains > 10, "{chains}");
    }
}
