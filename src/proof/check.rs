//! The independent checker: a proof re-verified from its text and the rule set alone.
//!
//! Nothing the e-graph computed is consulted. Each step's rule is re-read by name, re-matched
//! against the subterm at the step's position by the term-level matcher, its side conditions
//! decided again on the bound terms by the checker's own order and values (no kernel), and its
//! result rebuilt and compared with the claimed one. A proof that passes is a chain of literal
//! rule instances from input to result.

use super::matcher::{Failure, TermRules};
use super::step::{path_string, subterm_at};
use super::step::{Step, LEMMA};
use super::TermTable;
use super::{Lemma, Proof};
use crate::definitional::check_limits::CheckLimits;
use crate::definitional::inequality::{Inequality, Memo};
use crate::rules::RuleSet;
use crate::term::{Arg, Term};
use std::fmt;

/// Why a proof was rejected: the first failing step and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The lemma whose steps fail; `None` for the main chain.
    pub lemma: Option<usize>,
    /// The 0-based index of the failing step (the number of steps when the chain as a whole
    /// does not reach the claimed result).
    pub step: usize,
    /// What is wrong with it.
    pub reason: String,
    /// Set when the checker stopped at a limit rather than at a wrong step: the proof was not
    /// judged, so this is no rejection (the CLI exits with status 3).
    pub limit: Option<CheckLimit>,
}

/// The limit a check stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckLimit {
    /// The process's memory limit.
    Memory(crate::memory::MemoryLimit),
    /// The checker's own budget of work (its comparisons and canonical forms), in words.
    Work(String),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.lemma {
            Some(k) => write!(f, "lemma {k}, step {}: {}", self.step, self.reason),
            None => write!(f, "step {}: {}", self.step, self.reason),
        }
    }
}

impl std::error::Error for CheckError {}

fn show(t: &crate::term::Term) -> String {
    crate::syntax::print(t, &Default::default())
}

impl Proof {
    /// Re-verifies every step without the e-graph: each lemma in order (citing only lemmas
    /// before it), then the main chain. Does not change `checked`; see [`Proof::verify`].
    pub fn check(&self, rules: &RuleSet) -> Result<(), CheckError> {
        self.check_within(rules, crate::definitional::inequality::MAX_WORK)
    }

    /// [`Proof::check`] allowed `max_work` units of the checker's work (forms made, options
    /// listed, pairs compared); past it the check stops with a limit, not a verdict.
    pub fn check_within(&self, rules: &RuleSet, max_work: u64) -> Result<(), CheckError> {
        self.check_under(
            rules,
            &CheckLimits {
                max_work,
                ..CheckLimits::default()
            },
        )
    }

    /// The check under `limits`, each play by its own checker.
    pub(crate) fn check_under(
        &self,
        rules: &RuleSet,
        limits: &CheckLimits,
    ) -> Result<(), CheckError> {
        let played = match self.play {
            // Misère play has its own checker: the rules' conditions are decided in normal play.
            super::Play::Misere => super::misere::check,
            // Loopy games too: cyclic terms, conditions decided by the checker's own search.
            super::Play::Loopy => super::loopy::check,
            super::Play::Normal => return self.check_normal(rules, limits),
        };
        played(self.chain(), rules, limits)
    }

    /// The check of a normal-play proof: its lemmas in order, then its main chain.
    fn check_normal(&self, rules: &RuleSet, limits: &CheckLimits) -> Result<(), CheckError> {
        let memo = Memo::with_limits(limits.clone());
        let mut interp = TermRules::with_memo(rules, self.terms.clone(), memo);
        for (k, l) in self.lemmas.iter().enumerate() {
            check_lemma(&mut interp, rules, &self.lemmas[..k], l)?;
        }
        self.check_main(&mut interp, rules)
    }

    /// The main chain, by an interpreter that has checked the lemmas (here, or on another
    /// thread: `parallel`).
    pub(super) fn check_main(
        &self,
        interp: &mut TermRules,
        rules: &RuleSet,
    ) -> Result<(), CheckError> {
        check_main_chain(
            interp,
            rules,
            &self.lemmas[..],
            &self.input,
            &self.result,
            &self.steps,
        )
    }

    /// Checks the proof and records the outcome in `checked`.
    pub fn verify(&mut self, rules: &RuleSet) -> Result<(), CheckError> {
        let r = self.check(rules);
        self.checked = r.is_ok();
        r
    }
}

/// The lemmas a chain may cite, by their statements: a proof's lemmas held whole, or the
/// streaming checker's statements, which two checker threads share rather than each keep a
/// copy of (`incremental::Proved`).
pub(crate) trait Statements {
    /// The lemmas proved: lemmas `0..count()` may be cited.
    fn count(&self) -> usize;
    /// Lemma `k`'s two sides, if it may be cited.
    fn statement(&self, k: usize) -> Option<(&Term, &Term)>;
}

impl Statements for [Lemma] {
    fn count(&self) -> usize {
        self.len()
    }

    fn statement(&self, k: usize) -> Option<(&Term, &Term)> {
        self.get(k).map(|l| (&l.from, &l.to))
    }
}

/// Checks lemma number `before.count()`, citing only the lemmas `before` it; a failure names
/// it.
pub(super) fn check_lemma<L: Statements + ?Sized>(
    interp: &mut TermRules,
    rules: &RuleSet,
    before: &L,
    l: &Lemma,
) -> Result<(), CheckError> {
    check_chain(interp, rules, before, &l.from, &l.to, &l.steps).map_err(|e| CheckError {
        lemma: Some(before.count()),
        ..e
    })
}

/// Checks that `steps` lead from `input` to `result`, each a rule instance or a citation of
/// one of `lemmas`.
/// The loopy notation in `t` (through the table's entries, each looked at once), if any:
/// `pass`, a named loopy game, a labelled brace or its label, `onside`, `offside`, `&`.
fn loopy_notation(t: &Term, table: &TermTable) -> Option<String> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Call { name, args } => {
                let loopy = matches!(name.as_str(), "loop" | "onside" | "offside" | "sidle")
                    || (args.is_empty()
                        && matches!(
                            name.as_str(),
                            "pass" | "on" | "off" | "dud" | "over" | "under" | "upon"
                        ));
                if loopy {
                    return Some(format!("`{name}`"));
                }
                stack.extend(args.iter().filter_map(|a| match a {
                    Arg::Game(g) => Some(g),
                    Arg::Text(_) => None,
                }));
            }
            Term::Name(n) => return Some(format!("the label `{n}`")),
            Term::Ref(n) if seen.insert(*n) => stack.extend(table.view(*n)),
            Term::Game { left, right } => stack.extend(left.iter().chain(right)),
            Term::Sum(a, b) => stack.extend([&**a, &**b]),
            Term::Neg(a) => stack.push(a),
            Term::PlusMinus(xs) => stack.extend(xs),
            _ => {}
        }
    }
    None
}

/// [`check_chain`] for a proof's main chain, whose input and result must first be written
/// in normal play's notation. A normal-play proof is about short games: a term in the loopy
/// notation has no value there (issue 45: `{pass|} = {pass|}`, no steps and no `play`, was
/// passed as a normal-play identity). Lemmas need no such look: a citation puts a lemma's
/// side only where the chain already has the other, and rules bring no loopy game in.
pub(super) fn check_main_chain<L: Statements + ?Sized>(
    interp: &mut TermRules,
    rules: &RuleSet,
    lemmas: &L,
    input: &Term,
    result: &Term,
    steps: &[Step],
) -> Result<(), CheckError> {
    for (t, which) in [(input, "input"), (result, "result")] {
        if let Some(what) = loopy_notation(t, &interp.terms) {
            return Err(CheckError {
                lemma: None,
                step: 0,
                reason: format!(
                    "the {which} {} is in the loopy notation ({what}), which a normal-play \
                     proof does not take: a loopy proof says \"play\": \"loopy\"",
                    show(t)
                ),
                limit: None,
            });
        }
    }
    check_chain(interp, rules, lemmas, input, result, steps)
}

pub(super) fn check_chain<L: Statements + ?Sized>(
    interp: &mut TermRules,
    rules: &RuleSet,
    lemmas: &L,
    input: &Term,
    result: &Term,
    steps: &[Step],
) -> Result<(), CheckError> {
    // A step that fails while the process is past its memory limit may have failed for want
    // of memory (a kernel comparison stopped by its budget): that is reported as the limit.
    let fail = |step: usize, reason: String| {
        let limit = crate::memory::check_process().err();
        CheckError {
            lemma: None,
            step,
            reason: limit.map_or(reason, |m| format!("{}: {m}", crate::memory::LIMIT_REACHED)),
            limit: limit.map(CheckLimit::Memory),
        }
    };
    // A step that stopped at the checker's own budget was not judged either.
    let stopped = |step: usize, which: String| CheckError {
        lemma: None,
        step,
        reason: format!("limit reached: {which}"),
        limit: Some(CheckLimit::Work(which)),
    };
    if steps.is_empty() && !interp.same(input, result) {
        return Err(fail(
            0,
            format!(
                "no steps, but the input {} is not the result {}",
                show(input),
                show(result)
            ),
        ));
    }
    let mut at = input;
    for (i, s) in steps.iter().enumerate() {
        if crate::memory::check_process().is_err() {
            return Err(fail(i, String::new()));
        }
        if let Err(which) = interp.look() {
            return Err(stopped(i, which));
        }
        // Options are sets: the order they are listed in is not part of the game. A step
        // whose `from` the file leaves out starts where the chain is.
        let from = s.starts_at(at);
        if !std::ptr::eq(from, at) && !interp.same(from, at) {
            return Err(fail(
                i,
                if i == 0 {
                    format!(
                        "the first step starts from {}, not the input {}",
                        show(from),
                        show(at)
                    )
                } else {
                    format!(
                        "the step starts from {}, but the previous step ended at {}",
                        show(from),
                        show(at)
                    )
                },
            ));
        }
        if let Err(r) = check_path(from, &s.at) {
            return Err(fail(i, r));
        }
        let judged = if let Some(k) = s.lemma {
            check_citation(interp, lemmas, from, s, k)
        } else if let Some(o) = rules.opening(&s.rule) {
            check_opening(interp, o, from, s)
        } else if s.parts.is_empty() {
            check_instance(interp, rules, from, s)
        } else {
            check_group(interp, rules, from, s)
        };
        if let Err(r) = judged {
            return Err(match interp.take_limit() {
                Some(which) => stopped(i, which),
                None => fail(i, r),
            });
        }
        at = &s.to;
    }
    if !interp.same(at, result) {
        return Err(fail(
            steps.len(),
            format!(
                "the steps end at {}, not the claimed result {}",
                show(at),
                show(result)
            ),
        ));
    }
    Ok(())
}

/// The subterms a step starting from `from` rewrites at its position, before and after, once
/// it is known to change nothing else.
fn rewritten<'a>(from: &'a Term, s: &'a Step) -> Result<(&'a Term, &'a Term), String> {
    let where_ = super::step::Path(&s.at);
    let (Some(before), Some(after)) = (subterm_at(from, &s.at), subterm_at(&s.to, &s.at)) else {
        return Err(format!("there is no subterm at position {where_}"));
    };
    if !same_outside(from, &s.to, &s.at) {
        return Err(format!(
            "the step changes the term outside position {where_}"
        ));
    }
    Ok((before, after))
}

/// Whether `a` and `b` are alike except at `path` (where either may hold anything): the same
/// node at every level down the path, every child off the path equal. Compares in place,
/// without building `a` with `b`'s part put in, nor a list of each node's children (an
/// allocation at every level of every step's path, half of this).
fn same_outside(a: &Term, b: &Term, path: &[super::step::PathElem]) -> bool {
    use super::step::PathElem as P;
    use crate::term::Arg;
    // The lists alike but at `i`, which both have.
    let but = |xs: &[Term], ys: &[Term], i: usize| {
        i < xs.len()
            && xs.len() == ys.len()
            && xs
                .iter()
                .zip(ys)
                .enumerate()
                .all(|(k, (x, y))| k == i || x == y)
    };
    let (mut a, mut b) = (a, b);
    for p in path {
        let next = match (p, a, b) {
            (
                P::Left(i),
                Term::Game {
                    left: l1,
                    right: r1,
                },
                Term::Game {
                    left: l2,
                    right: r2,
                },
            ) => (but(l1, l2, *i) && r1 == r2).then(|| (&l1[*i], &l2[*i])),
            (
                P::Right(i),
                Term::Game {
                    left: l1,
                    right: r1,
                },
                Term::Game {
                    left: l2,
                    right: r2,
                },
            ) => (l1 == l2 && but(r1, r2, *i)).then(|| (&r1[*i], &r2[*i])),
            (P::SumLeft, Term::Sum(x, c), Term::Sum(y, d)) => (c == d).then_some((&**x, &**y)),
            (P::SumRight, Term::Sum(c, x), Term::Sum(d, y)) => (c == d).then_some((&**x, &**y)),
            (P::NegInner, Term::Neg(x), Term::Neg(y)) => Some((&**x, &**y)),
            (P::PmArg(i), Term::PlusMinus(xs), Term::PlusMinus(ys)) => {
                but(xs, ys, *i).then(|| (&xs[*i], &ys[*i]))
            }
            // A call's name and text arguments alike, its game arguments equal but the one
            // the path goes into.
            (P::CallArg(i), Term::Call { name: n, args: xs }, Term::Call { name: m, args: ys })
                if n == m && xs.len() == ys.len() =>
            {
                let alike = xs.iter().zip(ys).enumerate().all(|(k, pair)| match pair {
                    (Arg::Game(x), Arg::Game(y)) => k == *i || x == y,
                    (Arg::Text(s), Arg::Text(t)) => s == t,
                    _ => false,
                });
                match (xs.get(*i), ys.get(*i)) {
                    (Some(Arg::Game(x)), Some(Arg::Game(y))) if alike => Some((x, y)),
                    _ => None,
                }
            }
            // A path goes only through games, sums, negations, `±` and calls.
            _ => None,
        };
        let Some((x, y)) = next else {
            return false;
        };
        a = x;
        b = y;
    }
    true
}

/// Checks a step from `from` citing lemma `k`: the lemma is proved before the step, and the
/// step replaces the lemma's one side by its other at its position and changes nothing else.
fn check_citation<L: Statements + ?Sized>(
    interp: &mut TermRules,
    lemmas: &L,
    from: &Term,
    s: &Step,
    k: usize,
) -> Result<(), String> {
    let where_ = super::step::Path(&s.at);
    let Some((side, to)) = lemmas.statement(k) else {
        return Err(format!("it cites lemma {k}, which is not proved before it"));
    };
    if s.rule != LEMMA || !s.parts.is_empty() || !s.witnesses.is_empty() {
        return Err(format!(
            "a step citing lemma {k} names rule `{}` or carries parts or witnesses",
            s.rule
        ));
    }
    let (before, after) = rewritten(from, s)?;
    let (src, dst) = if s.reversed {
        (after, before)
    } else {
        (before, after)
    };
    if !interp.same(src, side) || !interp.same(dst, to) {
        return Err(format!(
            "lemma {k} proves {} = {}, not {} = {} at position {where_}",
            show(side),
            show(to),
            show(src),
            show(dst)
        ));
    }
    Ok(())
}

/// A step may rewrite inside a call's argument only when the call's value depends on the
/// argument's value alone (the function is congruent): rewriting inside the birthday of a
/// form would change its value.
fn check_path(t: &Term, path: &[super::step::PathElem]) -> Result<(), String> {
    for k in 0..path.len() {
        if let super::step::PathElem::CallArg(_) = path[k] {
            if let Some(Term::Call { name, .. }) = subterm_at(t, &path[..k]) {
                let congruent = crate::functions::lookup(name).is_some_and(|f| f.congruent());
                if !congruent {
                    return Err(format!(
                        "the step rewrites inside an argument of {name}(…), whose value depends on how the argument is written"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The most nodes a call and its opening may take written out for the function's own check.
const MAX_OPENING_CHECKED: usize = 2_000_000;

/// Checks a step from `from` by an opening rule: at its position a call of the rule's
/// function is replaced by a term that the function's independent re-derivation of its
/// definition ([`check_open`](crate::functions::Function::check_open)) confirms, and nothing
/// else changes. A function without such a check cannot have its openings accepted.
fn check_opening(
    interp: &mut TermRules,
    o: &crate::rules::OpeningRule,
    from: &Term,
    s: &Step,
) -> Result<(), String> {
    let where_ = super::step::Path(&s.at);
    if !s.parts.is_empty() || !s.witnesses.is_empty() || s.lemma.is_some() {
        return Err(format!(
            "a step by opening `{}` carries parts, witnesses or a lemma",
            o.name
        ));
    }
    let (before, after) = rewritten(from, s)?;
    let (call, opened) = if s.reversed {
        (after, before)
    } else {
        (before, after)
    };
    let written = |t: &Term| {
        interp.expand(t, MAX_OPENING_CHECKED).ok_or_else(|| {
            format!("the opening at {where_} is too large to check ({MAX_OPENING_CHECKED} nodes)")
        })
    };
    let (call, opened) = (written(call)?, written(opened)?);
    let Term::Call { name, args } = &call else {
        return Err(format!(
            "opening `{}` applies to a call of {}(…), not to {} at position {where_}",
            o.name,
            o.opens,
            show(&call)
        ));
    };
    if *name != o.opens {
        return Err(format!(
            "opening `{}` opens {}(…), not {name}(…)",
            o.name, o.opens
        ));
    }
    let Some(f) = crate::functions::lookup(name) else {
        return Err(format!("`{name}` is not a function"));
    };
    match f.check_open(args, &opened) {
        None => Err(format!(
            "{name}(…) has no independent check of its opening, so a step by `{}` cannot be accepted",
            o.name
        )),
        Some(Err(why)) => Err(format!(
            "opening `{}` at position {where_}: {} is not {}: {why}",
            o.name,
            show(&call),
            show(&opened)
        )),
        Some(Ok(())) => Ok(()),
    }
}

/// Checks one rule instance from `from`: the step changes only its position, and there the
/// named rule rewrites the subterm as claimed, with a match agreeing with the witnesses.
fn check_instance(
    interp: &mut TermRules,
    rules: &RuleSet,
    from: &Term,
    s: &Step,
) -> Result<(), String> {
    let where_ = super::step::Path(&s.at);
    let (before, after) = rewritten(from, s)?;
    let Some(rule) = rules.get(&s.rule) else {
        return Err(format!("there is no rule named `{}`", s.rule));
    };
    let (src, dst) = if s.reversed {
        (after, before)
    } else {
        (before, after)
    };
    if let Err(f) = interp.rewrites_again(rule, src, dst, &s.witnesses) {
        let dir = if s.reversed {
            " (read right to left)"
        } else {
            ""
        };
        let msg = match f {
            Failure::NoMatch => format!(
                "rule `{}`{dir} does not match {} at position {where_}",
                s.rule,
                show(src)
            ),
            other => format!(
                "rule `{}`{dir} at position {where_}: {}",
                s.rule,
                other.message()
            ),
        };
        return Err(msg);
    }
    Ok(())
}

/// Checks a grouped step from `from`: its parts are single instances of its rule at its
/// position, chained from its first term to its last.
fn check_group(
    interp: &mut TermRules,
    rules: &RuleSet,
    from: &Term,
    s: &Step,
) -> Result<(), String> {
    let mut at = from;
    for (j, p) in s.parts.iter().enumerate() {
        if !p.parts.is_empty() {
            return Err(format!("part {j} is itself a group"));
        }
        if p.rule != s.rule || p.at != s.at {
            return Err(format!(
                "part {j} applies `{}` at {}, not the group's `{}` at {}",
                p.rule,
                path_string(&p.at),
                s.rule,
                path_string(&s.at)
            ));
        }
        let part_from = p.starts_at(at);
        if !std::ptr::eq(part_from, at) && part_from != at {
            return Err(format!(
                "part {j} starts from {}, not {}",
                show(part_from),
                show(at)
            ));
        }
        check_instance(interp, rules, part_from, p).map_err(|r| format!("part {j}: {r}"))?;
        at = &p.to;
    }
    if *at != s.to {
        return Err(format!(
            "the parts end at {}, not the step's {}",
            show(at),
            show(&s.to)
        ));
    }
    Ok(())
}

/// A step's side condition, with the inequalities that decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionProof {
    /// The condition as the rule states it, with the step's terms put in.
    pub condition: String,
    /// The inequalities that make it true, each proved by the definition (empty for a condition
    /// that is not a comparison of games, such as "is a number").
    pub inequalities: Vec<Inequality>,
}

impl Proof {
    /// The side conditions of step `step`, each expanded into its own proof `depth` levels deep
    /// (seed 002 Definition 2.5, with the shortcuts [`Inequality`] names). The step is matched
    /// again by the checker's interpreter, so the conditions are those of a verified instance.
    pub fn side_conditions(
        &self,
        step: usize,
        rules: &RuleSet,
        depth: usize,
    ) -> Result<Vec<ConditionProof>, CheckError> {
        let s = self.steps.get(step).ok_or_else(|| CheckError {
            lemma: None,
            step,
            reason: format!("there is no step {step}"),
            limit: None,
        })?;
        step_conditions(s, rules, &self.terms, depth).map_err(|reason| CheckError {
            lemma: None,
            step,
            reason,
            limit: None,
        })
    }

    /// [`Proof::side_conditions`] of step `step` of lemma `lemma`.
    pub fn lemma_side_conditions(
        &self,
        lemma: usize,
        step: usize,
        rules: &RuleSet,
        depth: usize,
    ) -> Result<Vec<ConditionProof>, CheckError> {
        let fail = |reason: String| CheckError {
            lemma: Some(lemma),
            step,
            reason,
            limit: None,
        };
        let s = self
            .lemmas
            .get(lemma)
            .and_then(|l| l.steps.get(step))
            .ok_or_else(|| fail(format!("there is no step {step} of lemma {lemma}")))?;
        step_conditions(s, rules, &self.terms, depth).map_err(fail)
    }
}

/// The side conditions of one step, expanded `depth` levels deep; none for a step citing a
/// lemma (the lemma is its own proof).
fn step_conditions(
    s: &Step,
    rules: &RuleSet,
    terms: &super::TermTable,
    depth: usize,
) -> Result<Vec<ConditionProof>, String> {
    // A lemma is its own proof; an opening has no side condition of the rule language (its
    // function's own check decides it).
    if s.lemma.is_some() || rules.opening(&s.rule).is_some() {
        return Ok(Vec::new());
    }
    let rule = rules
        .get(&s.rule)
        .ok_or_else(|| format!("there is no rule named `{}`", s.rule))?;
    let mut interp = TermRules::with_table(rules, terms.clone());
    let mut proofs = Vec::new();
    // A grouped step's conditions are those of its parts.
    let instances = if s.parts.is_empty() {
        std::slice::from_ref(s)
    } else {
        s.parts.as_slice()
    };
    for p in instances {
        let (Some(before), Some(after)) = (p.before(), p.after()) else {
            return Err(format!(
                "there is no subterm at position {}",
                path_string(&p.at)
            ));
        };
        let (src, dst) = if p.reversed {
            (after, before)
        } else {
            (before, after)
        };
        let b = interp
            .rewrites(rule, src, dst, &p.witnesses)
            .map_err(|f| f.message())?;
        proofs.extend(interp.condition_proofs(rule, &b, depth)?);
    }
    Ok(proofs
        .into_iter()
        .map(|(condition, inequalities)| ConditionProof {
            condition,
            inequalities,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A proof whose steps have side conditions on games: number avoidance (`not number(G)`),
    /// dominated options (`a <= b`), the simplicity rule (`numbers(L)`).
    fn proof(rules: &RuleSet) -> Proof {
        let engine = crate::engine::Engine::new(rules.clone());
        let t = crate::syntax::parse("{1|-1} + {2|-2} + 1/2 + {0, 1/4 | 3}").unwrap();
        super::super::simplify(&t, &engine).unwrap().proof
    }

    #[test]
    fn a_budget_spent_while_checking_is_a_limit_not_a_rejection() {
        let rules = RuleSet::builtin();
        let p = proof(&rules);
        assert!(p.check(&rules).is_ok());
        // With less work allowed than the conditions need, the check stops at a step with
        // the limit set: not judged, and the command line's status is 3, not 1.
        let e = p.check_within(&rules, 40).unwrap_err();
        let Some(CheckLimit::Work(which)) = &e.limit else {
            panic!("a work limit, not a rejection: {e:?}");
        };
        assert!(which.contains("40 units of work"), "{which}");
        assert!(e.reason.starts_with("limit reached"), "{}", e.reason);
        let status = crate::Error::from(super::super::ProofError::Check(e)).exit_code();
        assert_eq!(status, crate::error::status::LIMIT);
        // Every budget either checks the proof or stops at a limit: none rejects it.
        for budget in [1, 10, 100, 1_000, 10_000, 100_000] {
            if let Err(e) = p.check_within(&rules, budget) {
                assert!(
                    matches!(e.limit, Some(CheckLimit::Work(_))),
                    "budget {budget}: {e:?}"
                );
            }
        }
    }
}
