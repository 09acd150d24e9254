//! Reading a proof out of an engine run: egg's explanation, flattened into rule steps.
//!
//! egg explains `input ≡ result` as a sequence of whole terms, each annotated at the one
//! position where a union label (`rule#n`) rewrote it. Congruence never shows up as a step of
//! its own (egg expands it into the children's steps), so every step here is a rule instance,
//! and `n` indexes the engine's record of that application, which holds its witnesses.

use super::played::show;
use super::step::{subterm_at, PathElem, Step, Witnesses};
use super::ProofError;
use crate::engine::lang::{Cg, Leaf};
use crate::engine::matcher::Graph;
use crate::engine::{Run, Saturation, StepRecord};
use crate::number::Dyadic;
use crate::rules::{Condition, RuleSet, Template};
use crate::term::Term;
use egg::{FlatExplanation, FlatTerm, Id, Language, RecExpr, TreeTerm};
use std::rc::Rc;

/// The input term (as the engine holds it), the result, and the rule steps between them: the
/// steps of each run chained, each run starting where the one before stopped.
pub(crate) fn steps_of(
    s: &mut Saturation,
    rules: Option<&RuleSet>,
    stop: Stop<'_>,
) -> Result<(Term, Term, Vec<Step>), ProofError> {
    // Each run ends where the next one starts; the last ends at the result.
    let mut ends: Vec<Term> = s.runs().skip(1).map(|r| r.start.clone()).collect();
    ends.push(s.result.clone());
    let mut chain: Option<(Term, Term, Vec<Step>)> = None;
    let runs = s.earlier.iter_mut().chain(std::iter::once(&mut s.run));
    for (run, end) in runs.zip(ends) {
        let input = run.input;
        let (first, last, steps) = run_steps(run, input, &end, rules, stop)?;
        chain = Some(match chain {
            None => (first, last, steps),
            Some((input, reached, mut all)) => {
                if reached != first {
                    return Err(ProofError::Explanation(
                        "a fresh run does not start where the run before stopped".into(),
                    ));
                }
                all.extend(steps);
                (input, last, all)
            }
        });
    }
    chain.ok_or_else(|| ProofError::Explanation("the simplification has no run".into()))
}

/// One run's explanation of `input ≡ end`, as rule steps.
pub(crate) fn run_steps(
    run: &mut Run,
    input: Id,
    end: &Term,
    rules: Option<&RuleSet>,
    stop: Stop<'_>,
) -> Result<(Term, Term, Vec<Step>), ProofError> {
    let expr = term_to_expr(end)?;
    let egraph = &mut run.egraph;
    let result_id = egraph.add_expr_uncanonical(&expr);
    if egraph.find(result_id) != egraph.find(input) {
        return Err(ProofError::Explanation(
            "the extracted result is not in the input's e-class".into(),
        ));
    }
    // egg panics on internal inconsistencies rather than returning errors; the library must not
    // panic, so a failure inside egg becomes a typed error.
    let trees = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        egraph
            .explain_id_equivalence(input, result_id)
            .explanation_trees
    }))
    .map_err(|_| ProofError::Explanation("egg failed to explain the equivalence".into()))?;
    let flat = Flattener { stop, made: 0 }.proof(&trees)?;
    let mut terms = Vec::with_capacity(flat.len());
    for (i, f) in flat.iter().enumerate() {
        if i % TICK_EVERY == 0 {
            stop()?;
        }
        terms.push(flat_to_term(f)?);
    }
    let (Some(first), Some(last)) = (terms.first(), terms.last()) else {
        return Err(ProofError::Explanation(
            "egg gave an empty explanation".into(),
        ));
    };
    let (first, last) = (first.clone(), last.clone());
    let mut steps = Vec::new();
    for i in 1..flat.len() {
        if i % TICK_EVERY == 0 {
            stop()?;
        }
        let mut path = Vec::new();
        let Some((label, backward)) = find_rewrite(&flat[i], &mut path) else {
            continue;
        };
        let (name, n) = parse_label(&label)?;
        let rec = run.steps.get(n).filter(|r| r.rule == name).ok_or_else(|| {
            ProofError::Explanation(format!("the union label `{label}` names no recorded step"))
        })?;
        if terms[i - 1] == terms[i] {
            continue;
        }
        let witnesses = witnesses_of(&run.egraph, rec);
        let why = describe(rules, &name, &witnesses);
        let mut step = Step {
            from: terms[i - 1].clone(),
            to: terms[i].clone(),
            rule: name.into(),
            at: path,
            why,
            witnesses,
            reversed: backward,
            parts: Vec::new(),
            lemma: None,
        };
        refine_why(&mut step);
        steps.push(step);
    }
    Ok((first, last, steps))
}

/// Asked now and then while an explanation is read out: the caller's time and memory limits
/// and cancel flag, as an error when one of them stops the work.
pub(crate) type Stop<'a> = &'a dyn Fn() -> Result<(), ProofError>;

/// How many terms are made between two questions to the [`Stop`]: few, since one term may be
/// large (each is a whole term, written out) and a question costs a clock reading.
const TICK_EVERY: usize = 8;

/// egg's tree explanation written out as the sequence of whole terms egg's own
/// `make_flat_explanation` gives (the same terms in the same order, so proofs do not change),
/// asking the caller's [`Stop`] as it goes: the flat form can be far larger than the tree it
/// comes from (every step of a child repeats its siblings), and egg's flattening has no clock.
struct Flattener<'a> {
    stop: Stop<'a>,
    /// Terms made since the last question.
    made: usize,
}

impl Flattener<'_> {
    fn made_one(&mut self) -> Result<(), ProofError> {
        self.made += 1;
        if self.made >= TICK_EVERY {
            self.made = 0;
            (self.stop)()?;
        }
        Ok(())
    }

    /// A chain of trees: each tree's steps after the last's, the seam merged when a tree starts
    /// with no rewrite of its own (its first term is the last term before it).
    fn proof(&mut self, trees: &[Rc<TreeTerm<Cg>>]) -> Result<FlatExplanation<Cg>, ProofError> {
        let mut out: FlatExplanation<Cg> = Vec::new();
        for tree in trees {
            let mut steps = self.tree(tree)?;
            if !out.is_empty()
                && !steps[0].has_rewrite_forward()
                && !steps[0].has_rewrite_backward()
            {
                if let Some(last) = out.pop() {
                    merge_labels(&mut steps[0], &last)?;
                }
            }
            out.extend(steps);
        }
        Ok(out)
    }

    /// One node's steps: its children rewritten one after another, left to right, each
    /// child's steps shown with the other children as they stand at that moment.
    fn tree(&mut self, t: &TreeTerm<Cg>) -> Result<FlatExplanation<Cg>, ProofError> {
        let mut kids = Vec::with_capacity(t.child_proofs.len());
        for child in &t.child_proofs {
            let steps = self.proof(child)?;
            if steps.is_empty() {
                return Err(ProofError::Explanation(
                    "egg gave an empty explanation of a child".into(),
                ));
            }
            kids.push(steps);
        }
        let mut current: Vec<FlatTerm<Cg>> = kids.iter().map(|k| k[0].remove_rewrites()).collect();
        let mut out = vec![FlatTerm::new(t.node.clone(), current.clone())];
        self.made_one()?;
        for (i, steps) in kids.iter().enumerate() {
            // The first term keeps the child's label; the rest are new terms.
            if let Some(last) = out.last_mut() {
                last.children[i] = steps[0].clone();
            }
            for step in &steps[1..] {
                let mut children = current.clone();
                children[i] = step.clone();
                out.push(FlatTerm::new(t.node.clone(), children));
                self.made_one()?;
            }
            if let Some(end) = steps.last() {
                current[i] = end.remove_rewrites();
            }
        }
        out[0].forward_rule = t.forward_rule;
        out[0].backward_rule = t.backward_rule;
        Ok(out)
    }
}

/// The labels of `from` (the last term of a chain) carried onto `to` (the same term, first of
/// the next): egg's seam, refused rather than overwritten when both carry one.
fn merge_labels(to: &mut FlatTerm<Cg>, from: &FlatTerm<Cg>) -> Result<(), ProofError> {
    let clash = || ProofError::Explanation("two rewrites at one place in egg's explanation".into());
    if from.forward_rule.is_some() {
        if to.forward_rule.is_some() {
            return Err(clash());
        }
        to.forward_rule = from.forward_rule;
    }
    if from.backward_rule.is_some() {
        if to.backward_rule.is_some() {
            return Err(clash());
        }
        to.backward_rule = from.backward_rule;
    }
    for (a, b) in to.children.iter_mut().zip(&from.children) {
        merge_labels(a, b)?;
    }
    Ok(())
}

fn parse_label(label: &str) -> Result<(String, usize), ProofError> {
    let bad = || ProofError::Explanation(format!("`{label}` is not a `rule#step` label"));
    let (name, n) = label.rsplit_once('#').ok_or_else(bad)?;
    Ok((name.to_string(), n.parse().map_err(|_| bad())?))
}

/// Finds the annotated position of a flat term: the path to it, its label, and whether the
/// rule was used backwards.
fn find_rewrite(f: &FlatTerm<Cg>, path: &mut Vec<PathElem>) -> Option<(String, bool)> {
    if let Some(r) = &f.forward_rule {
        return Some((r.to_string(), false));
    }
    if let Some(r) = &f.backward_rule {
        return Some((r.to_string(), true));
    }
    for (i, c) in f.children.iter().enumerate() {
        let Some(elem) = child_elem(&f.node, i) else {
            continue;
        };
        path.push(elem);
        if let Some(found) = find_rewrite(c, path) {
            return Some(found);
        }
        path.pop();
    }
    None
}

fn child_elem(node: &Cg, i: usize) -> Option<PathElem> {
    Some(match node {
        Cg::Game { nl, .. } if i < *nl => PathElem::Left(i),
        Cg::Game { nl, .. } => PathElem::Right(i - nl),
        Cg::Sum(_) if i == 0 => PathElem::SumLeft,
        Cg::Sum(_) => PathElem::SumRight,
        Cg::Neg(_) => PathElem::NegInner,
        Cg::PlusMinus(_) => PathElem::PmArg(i),
        Cg::Leaf(_) => return None,
    })
}

fn flat_to_term(f: &FlatTerm<Cg>) -> Result<Term, ProofError> {
    let kids = f
        .children
        .iter()
        .map(flat_to_term)
        .collect::<Result<Vec<_>, _>>()?;
    node_term(&f.node, kids)
}

fn node_term(node: &Cg, mut kids: Vec<Term>) -> Result<Term, ProofError> {
    let bad = || ProofError::Explanation(format!("malformed node {node} in the explanation"));
    Ok(match node {
        Cg::Game { nl, .. } => {
            if *nl > kids.len() {
                return Err(bad());
            }
            let right = kids.split_off(*nl);
            Term::game(kids, right)
        }
        Cg::Leaf(leaf) => leaf.to_term(),
        Cg::Sum(_) => {
            let b = kids.pop().ok_or_else(bad)?;
            let a = kids.pop().ok_or_else(bad)?;
            Term::sum(a, b)
        }
        Cg::Neg(_) => Term::neg(kids.pop().ok_or_else(bad)?),
        Cg::PlusMinus(_) => Term::PlusMinus(kids),
    })
}

/// The term an id stands for in the e-graph (the expression it was added as).
fn id_term(egraph: &Graph, id: Id) -> Result<Term, ProofError> {
    let expr = egraph.id_to_expr(id);
    expr_term(&expr)
}

fn expr_term(expr: &RecExpr<Cg>) -> Result<Term, ProofError> {
    let nodes = expr.as_ref();
    let mut built: Vec<Term> = Vec::with_capacity(nodes.len());
    for node in nodes {
        let kids = node
            .children()
            .iter()
            .map(|c| built.get(usize::from(*c)).cloned())
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| ProofError::Explanation("malformed expression".into()))?;
        built.push(node_term(node, kids)?);
    }
    built
        .pop()
        .ok_or_else(|| ProofError::Explanation("empty expression".into()))
}

fn term_to_expr(t: &Term) -> Result<RecExpr<Cg>, ProofError> {
    fn go(t: &Term, e: &mut RecExpr<Cg>) -> Result<Id, ProofError> {
        let node = match t {
            Term::Hackenstring(row) if row.is_empty() => Cg::Leaf(Leaf::number(Dyadic::zero())),
            _ => Cg::of_term(t, |x| go(x, e))?.ok_or_else(|| {
                ProofError::Explanation(
                    "the result is written with notation the engine expands".into(),
                )
            })?,
        };
        Ok(e.add(node))
    }
    let mut e = RecExpr::default();
    go(t, &mut e)?;
    Ok(e)
}

/// The match of one recorded application, as terms.
fn witnesses_of(egraph: &Graph, rec: &StepRecord) -> Witnesses {
    let b = &rec.binds;
    let mut w = Witnesses::default();
    for (name, g) in &b.games {
        let t = match g.slot {
            Some(s) => slot_term(egraph, rec, s, 0),
            None => id_term(egraph, g.id).ok(),
        };
        if let Some(t) = t {
            w.games.push((name.clone(), t));
        }
    }
    for (name, ids) in &b.sets {
        if let Ok(ts) = ids.iter().map(|&i| id_term(egraph, i)).collect() {
            w.sets.push((name.clone(), ts));
        }
    }
    w.values = b.values.clone();
    w.rows = b.rows.clone();
    w
}

/// The term of a node the match looked at: its node, with the nodes looked at inside it in
/// their places (the engine rebuilt the instance the same way).
fn slot_term(egraph: &Graph, rec: &StepRecord, s: usize, depth: usize) -> Option<Term> {
    let slots = &rec.binds.slots;
    if depth > slots.len() {
        return None;
    }
    let slot = slots.get(s)?;
    let mut kids = Vec::new();
    for (pos, &child) in slot.node.children().iter().enumerate() {
        let inner = slots
            .iter()
            .enumerate()
            .find(|(c, x)| *c > s && x.parent == Some((s, pos)))
            .map(|(c, _)| c);
        kids.push(match inner {
            Some(c) => slot_term(egraph, rec, c, depth + 1)?,
            None => id_term(egraph, child).ok()?,
        });
    }
    node_term(&slot.node, kids).ok()
}

/// [`show`] appended to `out`: the words of every step of a proof are mostly its terms.
fn show_into(t: &Term, out: &mut String) {
    crate::syntax::print_into(t, &Default::default(), out)
}

fn show_set(ts: &[Term]) -> String {
    if ts.is_empty() {
        "none".to_string()
    } else {
        ts.iter().map(show).collect::<Vec<_>>().join(", ")
    }
}

/// Writes the words of the steps the composer left without (`why` empty): a rule's instance
/// by its witnesses, a citation by the equality it cites, a group of deletions by its parts'.
/// The words are a tenth of the composer's work and nothing a check reads. A lemma the
/// composer hands to the checker thread has its words written when it comes back, on a thread
/// of their own (`pipeline::Writer`); any other, when it is made.
pub(crate) fn write_reasons(steps: &mut [Step], rules: &RuleSet) {
    write_words(steps, rules, &|why| why.is_empty());
}

/// Writes again the words of the steps that name table entries (`#n`), from their terms as
/// they are now. A small proof has its small entries written out again (`Proof::tidied`), and
/// its words then read as if nothing had been shared: `{1/2|0||0|-1/2}`, where putting each
/// entry in place of its `#n` would give `{{1/2|0}|{0|-1/2}}`.
pub(crate) fn reword(steps: &mut [Step], rules: &RuleSet) {
    write_words(steps, rules, &|why| why.contains('#'));
}

/// The steps of a chain from `start` with each `from` written out that starts where the
/// chain is ([`Step::FROM_CHAIN`]), their parts' too: what a proof's readers other than the
/// checker and the file's writer expect.
///
/// The composer's steps start where the chain is, and say so instead of holding a copy of
/// the term before: the copy cost the composer a clone per step (and `tidy` another), the
/// checker thread a comparison with the step before, and the writer thread a comparison and
/// a free, on every step of a lemma checked and written while the proof is made, which read
/// the chain from the step before anyway. A lemma kept in the proof, and the main chain, are
/// written out here.
pub(crate) fn chained(start: &Term, steps: &mut [Step]) {
    let mut at = start;
    for s in steps {
        if s.from == Step::FROM_CHAIN {
            s.from = at.clone();
        }
        chained(&s.from, &mut s.parts);
        at = &s.to;
    }
}

/// The words [`write_reasons`] gives `s`, appended to `out` (its own words when it has some);
/// `chain` is the term the chain has reached, where a step whose `from` is
/// [`Step::FROM_CHAIN`] starts (the composer's steps, see `compose::Composer::part`).
///
/// The proof file's writer puts them straight into a lemma's line: written into each step
/// first, every step's words were a string of their own, grown a few bytes at a time, copied
/// into the line and freed (Σ_{k≤20} {k|−k}: a tenth of the writer thread's work).
pub(crate) fn words_into(s: &Step, chain: &Term, rules: &RuleSet, out: &mut String) {
    let from = s.starts_at(chain);
    if !s.why.is_empty() {
        out.push_str(&s.why);
    } else if !s.parts.is_empty() {
        let mut at = from;
        for (i, p) in s.parts.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            words_into(p, at, rules, out);
            at = &p.to;
        }
    } else if s.lemma.is_some() {
        if let (Some(a), Some(b)) = (subterm_at(from, &s.at), s.after()) {
            show_into(a, out);
            out.push_str(" = ");
            show_into(b, out);
        }
    } else if rules.get(&s.rule).is_some() {
        match refined(s, subterm_at(from, &s.at)) {
            Some(why) => out.push_str(&why),
            None => describe_into(Some(rules), &s.rule, &s.witnesses, out),
        }
    }
}

/// The words of each step whose words are `stale`, from the step: those of its parts joined,
/// the equality a citation cites, or a rule instance described (an opening's words, its
/// rule's own, are kept).
fn write_words(steps: &mut [Step], rules: &RuleSet, stale: &dyn Fn(&str) -> bool) {
    for s in steps {
        if !stale(&s.why) {
            continue;
        }
        write_words(&mut s.parts, rules, stale);
        if !s.parts.is_empty() {
            s.why = s
                .parts
                .iter()
                .map(|p| p.why.as_str())
                .collect::<Vec<_>>()
                .join("; ");
        } else if s.lemma.is_some() {
            if let (Some(a), Some(b)) = (s.before(), s.after()) {
                let mut why = String::new();
                show_into(a, &mut why);
                why.push_str(" = ");
                show_into(b, &mut why);
                s.why = why;
            }
        } else if rules.get(&s.rule).is_some() {
            s.why = describe(Some(rules), &s.rule, &s.witnesses);
            refine_why(s);
        }
    }
}

/// A step's reason, made exact where the witnesses alone cannot say it: an options-are-sets
/// step deletes an option *equal* to the one it keeps, which need not be written the same
/// (`{0, {|} |}`); "listed twice" would then be wrong, so both forms are named.
pub(crate) fn refine_why(step: &mut Step) {
    if let Some(why) = refined(step, step.before()) {
        step.why = why;
    }
}

/// The words [`refine_why`] gives `step`, if it changes them; `before` is the subterm the
/// step rewrites, as it is before the step.
fn refined(step: &Step, before: Option<&Term>) -> Option<String> {
    let left = match step.rule.as_str() {
        "options-are-sets-left" => true,
        "options-are-sets-right" => false,
        _ => return None,
    };
    let (
        Some(Term::Game {
            left: bl,
            right: br,
        }),
        Some(Term::Game {
            left: al,
            right: ar,
        }),
    ) = (before, step.after())
    else {
        return None;
    };
    let (before, after) = if left { (bl, al) } else { (br, ar) };
    let (before, after) = if step.reversed {
        (after, before)
    } else {
        (before, after)
    };
    let kept = step.witnesses.game("a")?;
    // The option deleted: in `before` once more than in `after`, by form.
    let count = |xs: &[Term], t: &Term| xs.iter().filter(|x| *x == t).count();
    let gone = before
        .iter()
        .find(|t| count(before, t) > count(after, t) && *t != kept)?;
    let side = if left { "Left" } else { "Right" };
    Some(format!(
        "{side} options {} and {} are equal games, and the options form a set, so one is kept",
        show(kept),
        show(gone)
    ))
}

/// The witnesses in words: the argument a person would write for this step.
pub(crate) fn describe(rules: Option<&RuleSet>, rule: &str, w: &Witnesses) -> String {
    let mut out = String::new();
    describe_into(rules, rule, w, &mut out);
    out
}

/// [`describe`] appended to `out`.
fn describe_into(rules: Option<&RuleSet>, rule: &str, w: &Witnesses, out: &mut String) {
    let g = |n: &str| w.game(n).map(show).unwrap_or_else(|| "?".into());
    match rule {
        // The commonest steps of a proof, written without the formatting machinery.
        "dominated-left" => dominated(w, "Left", "<=", out),
        "dominated-right" => dominated(w, "Right", ">=", out),
        "reversible-left" => {
            let (a, b) = (g("A"), g("B"));
            out.push_str(&format!(
                "Left option {a} is reversible through its Right option {b}, because {b} <= {}; \
                 it is replaced by the Left options of {b} ({})",
                g("G"),
                show_set(w.set("BL").unwrap_or(&[]))
            ));
        }
        "reversible-right" => {
            let (a, b) = (g("A"), g("B"));
            out.push_str(&format!(
                "Right option {a} is reversible through its Left option {b}, because {b} >= {}; \
                 it is replaced by the Right options of {b} ({})",
                g("G"),
                show_set(w.set("BR").unwrap_or(&[]))
            ));
        }
        "options-are-sets-left" => {
            out.push_str(&format!("Left option {} is listed twice", g("a")));
        }
        "options-are-sets-right" => {
            out.push_str(&format!("Right option {} is listed twice", g("a")));
        }
        _ => in_words(rules.and_then(|rs| rs.get(rule)), rule, w, out),
    }
}

/// "`side` option `a` is dominated by `side` option `b`, because `a` `rel` `b`", with the
/// witnesses `a` and `b` (`?` for one not bound) each printed where it stands.
fn dominated(w: &Witnesses, side: &str, rel: &str, out: &mut String) {
    let g = |n: &str, out: &mut String| match w.game(n) {
        Some(t) => show_into(t, out),
        None => out.push('?'),
    };
    out.push_str(side);
    out.push_str(" option ");
    g("a", out);
    out.push_str(" is dominated by ");
    out.push_str(side);
    out.push_str(" option ");
    g("b", out);
    out.push_str(", because ");
    g("a", out);
    out.push(' ');
    out.push_str(rel);
    out.push(' ');
    g("b", out);
}

/// A rule's instance in words, appended to `out` (every step of a proof has one): what the
/// rule says, its comparisons of bound games, then the witnesses.
fn in_words(r: Option<&crate::rules::Rule>, rule: &str, w: &Witnesses, out: &mut String) {
    // Whether a part is written yet: parts are separated by "; ".
    let mut parts = false;
    if let Some(r) = r {
        out.push_str(r.says.trim_end_matches('.'));
        parts = true;
        for c in &r.conditions {
            if let Condition::Compare(Template::Var(a), rel, Template::Var(b)) = c {
                if let (Some(x), Some(y)) = (w.game(a), w.game(b)) {
                    out.push_str("; ");
                    show_into(x, out);
                    out.push(' ');
                    out.push_str(rel.symbol());
                    out.push(' ');
                    show_into(y, out);
                }
            }
        }
    }
    let mut binds = 0;
    let mut bind = |out: &mut String| {
        out.push_str(match (binds, parts) {
            (0, true) => "; with ",
            (0, false) => "with ",
            _ => ", ",
        });
        binds += 1;
    };
    // A rule that binds no single game (mex, simplicity) is about its sets of options: name
    // them, or the reason would name no witness at all.
    if w.games.is_empty() {
        for (n, ts) in &w.sets {
            bind(out);
            out.push_str(n);
            out.push_str(" = (");
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                show_into(t, out);
            }
            out.push(')');
        }
    }
    for (n, t) in &w.games {
        bind(out);
        out.push_str(n);
        out.push_str(" = ");
        show_into(t, out);
    }
    for (n, v) in &w.values {
        bind(out);
        out.push_str(n);
        out.push_str(" = ");
        v.push_to(out);
    }
    if !parts && binds == 0 {
        out.push_str("by ");
        out.push_str(rule);
    }
}
