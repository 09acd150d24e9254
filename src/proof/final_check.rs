//! The claim that a proof's result is final (in canonical form, or simplest form), what shows
//! it, and its checker.
//!
//! A derivation ends where no rule applies, but a chain of checked steps says only that each
//! step was right, not that nothing is left to do. The claim lists, for every form of the
//! result and each of its options, each condition under which a rule would still apply, and
//! says it fails: in normal play that no option is dominated (`A ≤ A'` fails for each other
//! option A' of the same player) nor reversible (`A^R ≤ G` fails for each Right option of a
//! Left option A, and dually), seed 004 facts 5 and 6, so the form is canonical (seed 002,
//! Theorem 4.5; ONAG ch. 10; Siegel, CGT II.2); in misère play Conway's conditions for the
//! simplest form of an impartial game (no option reversible through a form H whose options
//! are all among G's and which every other option of G has as an option, H ≠ 0; and not every
//! option with 0 as an option while some option is a P-position), ONAG ch. 12, Siegel, CGT V.1;
//! in loopy play, for a stopper, no option dominated or reversible in the order of stoppers
//! (Siegel, CGT VI.1), at every position of its graph.
//!
//! `required` lists the conditions from the result itself, named as `final_claim` says (the
//! producer, `final_form`, lists the same ones by its own reading of the result and decides
//! them with the engine's kernels; it names nothing of this module); [`check`] requires the
//! claim to list exactly these, and decides each by its own means: normal play by the checker's comparison by
//! the definition ([`crate::definitional::inequality::Definitional`]), misère play on the form the misère
//! checker reads ([`super::misere_check::form_of`]) with its own P-positions, identity of
//! simplest forms standing for equality (the options are simplest forms, checked first), loopy
//! play on the graph the loopy checker reads with its own survival order
//! (`super::loopy::stopper_order`). A
//! closed form (a number, `^`, `*n`, `x + n.^ + *m`) is canonical by its notation, which
//! names the canonical form; it is listed, not opened.

use super::table::TermTable;
use super::Play;
use crate::definitional::check_limits::CheckLimits;
use crate::definitional::inequality::{Definitional, Memo, Undecided};
use crate::term::Term;
use std::collections::HashMap;

use super::final_claim::{
    claim_name, normal_facts, shortest_places, sides_of, text_order, NormalReader, StopperFacts,
    MAX_FACTS, MAX_LOOPY, MAX_NODES, MAX_SHOWN, SIDES_FACT, SIDE_NAMES,
};
pub use super::final_claim::{Fact, FinalClaim, Refusal};
use super::loopy_sides::Graph;

/// Units of work the checker's comparisons may spend on one claim.
const MAX_WORK: u64 = 20_000_000;

impl From<Undecided> for Refusal {
    fn from(u: Undecided) -> Self {
        match u {
            Undecided::Limit(w) => Refusal::Limit(w),
            other => Refusal::Wrong(other.to_string()),
        }
    }
}

/// A condition to be decided: its fact and the comparison (normal play: `a ≤ b`) or the
/// misère statement that must be false.
struct Condition {
    fact: Fact,
    /// Normal play: the fact fails exactly when `le.0 ≤ le.1` fails.
    le: Option<(Term, Term)>,
    /// Misère play: whether the rule's condition holds (decided when listed).
    holds: bool,
}

/// The conditions the result's finality rests on, in `play` (the closed forms met, for
/// normal play), each with how it is decided; an error when there is no claim to make (a
/// result too large, or a loopy result that is no stopper).
fn required(
    result: &Term,
    table: &TermTable,
    play: Play,
    limits: &CheckLimits,
) -> Result<(Vec<String>, Vec<Condition>), Refusal> {
    match play {
        Play::Normal => {
            let t = table.expand(result, MAX_NODES).ok_or_else(|| {
                Refusal::Limit(format!(
                    "the result is larger than {MAX_NODES} nodes written out"
                ))
            })?;
            normal(&t, table)
        }
        Play::Misere => misere(result, table).map(|c| (Vec::new(), c)),
        Play::Loopy => loopy(result, table, limits).map(|c| (Vec::new(), c)),
    }
}

/// Whether condition `c` fails (the fact is true), decided by the checker's own means.
fn fails(c: &Condition, d: &mut Definitional) -> Result<bool, Refusal> {
    match &c.le {
        Some((a, b)) => Ok(!d.le_terms(a, b)?),
        None => Ok(!c.holds),
    }
}

/// A fresh comparison memo for one claim.
fn memo() -> Memo {
    Memo::with_budget(MAX_WORK)
}

fn normal(t: &Term, table: &TermTable) -> Result<(Vec<String>, Vec<Condition>), Refusal> {
    let mut memo = memo();
    let mut r = NormalByDefinition {
        d: Definitional::new(&mut memo, Some(table)),
        out: Vec::new(),
    };
    let closed = normal_facts(t, &mut r)?;
    Ok((closed, r.out))
}

/// The checker's reading of a normal-play result: a game is its term, an option's options
/// its own as written or its definition's ([`option_options`]); each fact is noted with its
/// comparison, decided later by the definition ([`fails`]).
struct NormalByDefinition<'m> {
    d: Definitional<'m>,
    out: Vec<Condition>,
}

impl NormalReader for NormalByDefinition<'_> {
    type Value = Term;

    fn value(&mut self, t: &Term) -> Result<Term, Refusal> {
        Ok(t.clone())
    }

    fn through(&mut self, a: &Term, _v: &Term, left: bool) -> Result<Vec<(Term, Term)>, Refusal> {
        let (al, ar) = option_options(&mut self.d, a)?;
        let os = if left { ar } else { al };
        Ok(os.into_iter().map(|x| (x.clone(), x)).collect())
    }

    fn fact(&mut self, fact: Fact, x: Term, y: Term) -> Result<(), Refusal> {
        self.out.push(Condition {
            fact,
            le: Some((x, y)),
            holds: false,
        });
        if self.out.len() > MAX_FACTS {
            return Err(Refusal::Limit(format!(
                "more than {MAX_FACTS} conditions for the final claim"
            )));
        }
        Ok(())
    }
}

/// The options of an option: its own when written as a game, else those of its definition
/// (a closed form opened one level), as the checker reads them.
fn option_options(d: &mut Definitional, a: &Term) -> Result<(Vec<Term>, Vec<Term>), Refusal> {
    if let Term::Game { left, right } = a {
        return Ok((left.clone(), right.clone()));
    }
    Ok(crate::definitional::inequality::options_of(d, a)?)
}

/// Misère play: the result read as the misère checker reads a form (its tree of options,
/// repeats dropped), each form checked by Conway's conditions.
fn misere(result: &Term, table: &TermTable) -> Result<Vec<Condition>, Refusal> {
    let nodes = super::misere_check::form_of(table, result).map_err(Refusal::Wrong)?;
    let mut forms = Forms::default();
    let mut ids = Vec::with_capacity(nodes.len());
    for n in &nodes {
        let id = match n {
            crate::misere::notation::FormNode::Heap(k) => forms.heap(*k)?,
            crate::misere::notation::FormNode::Game(os) => {
                let os = os
                    .iter()
                    .map(|&o| ids.get(o).copied())
                    .collect::<Option<Vec<usize>>>()
                    .ok_or_else(|| Refusal::Wrong("a form's options come after it".into()))?;
                forms.intern(os)?
            }
        };
        ids.push(id);
    }
    let root = *ids
        .last()
        .ok_or_else(|| Refusal::Wrong("the result reads as no form".into()))?;
    let mut out = Vec::new();
    // Each distinct form once, at its first place in breadth-first order from the top, the
    // options in the order of their texts (`final_claim`'s naming).
    let mut seen = vec![false; forms.opts.len()];
    let mut queue = std::collections::VecDeque::from([(Vec::<String>::new(), root)]);
    while let Some((at, g)) = queue.pop_front() {
        if std::mem::replace(&mut seen[g], true) {
            continue;
        }
        let game = forms.shown(g)?;
        let opts = forms.by_text(g)?;
        let zero = forms.intern(Vec::new())?;
        for (i, &x) in opts.iter().enumerate() {
            let name = format!("L{i}");
            for (k, &h) in forms.by_text(x)?.iter().enumerate() {
                if h == zero {
                    continue;
                }
                // misere-reversible: H's options all among G's, and every other option of G
                // has H as an option.
                let missing = forms.by_text(h)?.into_iter().find(|o| !opts.contains(o));
                let without = opts
                    .iter()
                    .find(|&&o| !forms.opts[h].contains(&o) && !forms.opts[o].contains(&h))
                    .copied();
                let holds = missing.is_none() && without.is_none();
                let hs = forms.shown(h)?;
                let fails = match (missing, without) {
                    (Some(m), _) => format!(
                        "the options of {hs} are among those of {game} (it has {} and {game} has not)",
                        forms.shown(m)?
                    ),
                    (None, Some(o)) => format!(
                        "every option of {game} but those of {hs} has {hs} as an option ({} has not)",
                        forms.shown(o)?
                    ),
                    (None, None) => format!(
                        "the options of {hs} are among those of {game}, and every other option has {hs} as an option"
                    ),
                };
                out.push(Condition {
                    fact: Fact {
                        at: at.clone(),
                        game: game.clone(),
                        option: name.clone(),
                        value: forms.shown(x)?,
                        not: "reversible".into(),
                        by: format!("its option {k} = {hs}"),
                        fails,
                    },
                    le: None,
                    holds,
                });
            }
            let mut place = at.clone();
            place.push(name);
            queue.push_back((place, x));
            if out.len() > MAX_FACTS {
                return Err(Refusal::Limit(format!(
                    "more than {MAX_FACTS} conditions for the final claim"
                )));
            }
        }
        // misere-reversible-zero: some option a P-position and every option has 0 as an
        // option.
        if !opts.is_empty() {
            let p = opts.iter().find(|&&o| forms.p_position(o)).copied();
            let lacks = opts
                .iter()
                .find(|&&o| !forms.opts[o].contains(&zero))
                .copied();
            let holds = p.is_some() && lacks.is_none();
            let fails = match (p, lacks) {
                (None, _) => format!("some option of {game} is a misere P-position (none is)"),
                (Some(_), Some(o)) => format!(
                    "every option of {game} has 0 as an option ({} has not)",
                    forms.shown(o)?
                ),
                (Some(o), None) => format!(
                    "some option is a P-position ({}) and every option has 0 as an option",
                    forms.shown(o)?
                ),
            };
            out.push(Condition {
                fact: Fact {
                    at: at.clone(),
                    game: game.clone(),
                    option: "G".into(),
                    value: game.clone(),
                    not: "reversible-zero".into(),
                    by: String::new(),
                    fails,
                },
                le: None,
                holds,
            });
        }
    }
    Ok(out)
}

/// Loopy play: a stopper read by the loopy checker, each position (named by its shortest
/// place from the top) checked for dominated and reversible options in the order of stoppers
/// by the checker's own survival search (Siegel, CGT VI.1; ONAG ch. 16): Left's option a is
/// dominated by a' when a <= a', reversible through a Right option aR when aR <= the
/// position; dually for Right.
fn loopy(
    result: &Term,
    table: &TermTable,
    limits: &CheckLimits,
) -> Result<Vec<Condition>, Refusal> {
    let Some((on, off)) = sides_of(result, table) else {
        return loopy_stopper(result, table, limits, "G", &[]).map(|(c, _)| c);
    };
    // A sided value A & B (Siegel, CGT VI.4): each side a stopper in simplest form, and
    // A >= B, decided by the checker's own survival search across the two graphs.
    let mut out = Vec::new();
    let mut graphs = Vec::new();
    for (side, t) in SIDE_NAMES.iter().zip([&on, &off]) {
        let (c, g) = loopy_stopper(t, table, limits, side, &[side.to_string()])?;
        out.extend(c);
        graphs.push(g);
    }
    let (a, b) = (&graphs[0], &graphs[1]);
    let mut work = 0u64;
    let mut tick = |n: u64| -> Result<(), Refusal> {
        work = work.saturating_add(n);
        if work > MAX_WORK {
            return Err(Refusal::Limit(format!(
                "more than {MAX_WORK} units of work deciding onside >= offside"
            )));
        }
        Ok(())
    };
    let ge = super::loopy_order::ge(
        &Graph { l: &a.0, r: &a.1 },
        a.2,
        &Graph { l: &b.0, r: &b.1 },
        b.2,
        &mut tick,
    )?;
    out.push(Condition {
        fact: Fact {
            at: Vec::new(),
            game: result.to_string(),
            option: SIDE_NAMES[0].into(),
            value: on.to_string(),
            not: SIDES_FACT.into(),
            by: off.to_string(),
            fails: format!("not {} >= {}", SIDE_NAMES[0], SIDE_NAMES[1]),
        },
        le: None,
        holds: !ge,
    });
    Ok(out)
}

/// A stopper's graph as the checker reads it: Left's and Right's options by vertex, and
/// its root.
type Stopper = (Vec<Vec<usize>>, Vec<Vec<usize>>, usize);

/// The conditions of one stopper of a loopy result (the result, or one of its sides), its
/// positions named from `root_name` (`G`, `onside`) and placed under `prefix`, and its graph.
fn loopy_stopper(
    result: &Term,
    table: &TermTable,
    limits: &CheckLimits,
    root_name: &str,
    prefix: &[String],
) -> Result<(Vec<Condition>, Stopper), Refusal> {
    let read =
        super::loopy::stopper_order(table, result, MAX_LOOPY, limits).map_err(|(w, limit)| {
            if limit {
                Refusal::Limit(w)
            } else {
                Refusal::Wrong(w)
            }
        })?;
    let Some((l, r, root, ge)) = read else {
        return Err(Refusal::Wrong(format!(
            "the result is not a stopper of at most {MAX_LOOPY} positions (a claim is made of those)"
        )));
    };
    let n = l.len();
    let place = shortest_places(&l, &r, root, |o| o);
    let top = result.to_string();
    let mut order: Vec<usize> = (0..n).filter(|&v| place[v].is_some()).collect();
    order.sort_by_key(|&v| place[v].clone());
    let stopper = StopperFacts::new(&l, &r, &place, &top, root_name, prefix);
    let mut out = Vec::new();
    stopper.each(order, &mut |fact, x, y| {
        out.push(Condition {
            fact,
            le: None,
            holds: ge[x * n + y],
        });
        if out.len() > MAX_FACTS {
            return Err(Refusal::Limit(format!(
                "more than {MAX_FACTS} conditions for the final claim"
            )));
        }
        Ok(())
    })?;
    Ok((out, (l, r, root)))
}

/// Impartial forms by their sets of options, each distinct one once (options before it).
#[derive(Default)]
struct Forms {
    opts: Vec<Vec<usize>>,
    ids: HashMap<Vec<usize>, usize>,
    p: HashMap<usize, bool>,
}

/// The most forms a misère claim reads.
const MAX_FORMS: usize = 100_000;

impl Forms {
    fn intern(&mut self, mut os: Vec<usize>) -> Result<usize, Refusal> {
        os.sort_unstable();
        os.dedup();
        if let Some(&id) = self.ids.get(&os) {
            return Ok(id);
        }
        if self.opts.len() >= MAX_FORMS {
            return Err(Refusal::Limit(format!(
                "more than {MAX_FORMS} forms in the result"
            )));
        }
        let id = self.opts.len();
        self.opts.push(os.clone());
        self.ids.insert(os, id);
        Ok(id)
    }

    /// The nim heap *k: options *0 … *(k-1).
    fn heap(&mut self, k: usize) -> Result<usize, Refusal> {
        let mut heaps = Vec::with_capacity(k);
        for _ in 0..=k {
            let h = self.intern(heaps.clone())?;
            heaps.push(h);
        }
        Ok(heaps[k])
    }

    /// The options of `g` in the order of their texts.
    fn by_text(&self, g: usize) -> Result<Vec<usize>, Refusal> {
        let mut os = Vec::with_capacity(self.opts[g].len());
        for &o in &self.opts[g] {
            os.push((self.shown(o)?, o));
        }
        os.sort_by(|a, b| text_order(&a.0, &b.0).then(a.1.cmp(&b.1)));
        Ok(os.into_iter().map(|(_, o)| o).collect())
    }

    /// Whether the form is a misère P-position: it has options and each is an N-position (a
    /// form with no option is N: the player to move cannot, and wins).
    fn p_position(&mut self, g: usize) -> bool {
        if let Some(&p) = self.p.get(&g) {
            return p;
        }
        // Options have smaller ids: compute upwards.
        for x in 0..=g {
            if self.p.contains_key(&x) {
                continue;
            }
            let os = &self.opts[x];
            let p = !os.is_empty() && os.iter().all(|o| !self.p.get(o).copied().unwrap_or(false));
            self.p.insert(x, p);
        }
        self.p.get(&g).copied().unwrap_or(false)
    }

    /// The form as written (a nim heap `*k` when it is one, else `{a,b|a,b}` of its options),
    /// or a limit when it would be longer than [`MAX_SHOWN`] characters (written out, a DAG's
    /// text can double with each level).
    fn shown(&self, g: usize) -> Result<String, Refusal> {
        let mut left = MAX_SHOWN;
        self.show_within(g, &mut left).ok_or_else(|| {
            Refusal::Limit(format!(
                "a form of the result longer than {MAX_SHOWN} characters written out"
            ))
        })
    }

    fn show_within(&self, g: usize, left: &mut usize) -> Option<String> {
        let s = if let Some(k) = self.heap_size(g) {
            match k {
                0 => "0".into(),
                1 => "*".into(),
                k => format!("*{k}"),
            }
        } else {
            let mut os = Vec::with_capacity(self.opts[g].len());
            for &o in &self.opts[g] {
                os.push(self.show_within(o, left)?);
            }
            os.sort_by(|a, b| text_order(a, b));
            let s = os.join(",");
            format!("{{{s}|{s}}}")
        };
        *left = left.checked_sub(s.len())?;
        Some(s)
    }

    /// k when the form is the nim heap *k (its options *0 … *(k-1)).
    fn heap_size(&self, g: usize) -> Option<usize> {
        let os = &self.opts[g];
        let mut sizes: Vec<usize> = os
            .iter()
            .map(|&o| self.heap_size(o))
            .collect::<Option<_>>()?;
        sizes.sort_unstable();
        sizes
            .iter()
            .enumerate()
            .all(|(i, &s)| i == s)
            .then_some(os.len())
    }
}

/// Checks `claim` about `result` (its `#n` in `table`) in `play`: the claim's name is the
/// play's, it lists exactly the conditions [`required`] lists, and each fails.
pub fn check(
    claim: &FinalClaim,
    result: &Term,
    table: &TermTable,
    play: Play,
    limits: &CheckLimits,
) -> Result<(), Refusal> {
    let want = claim_name(play);
    if claim.claim != want {
        return Err(Refusal::Wrong(format!(
            "the final claim says \"{}\"; in {} play it is \"{want}\"",
            claim.claim,
            play.name()
        )));
    }
    let (closed, conds) = required(result, table, play, limits)?;
    let mut listed: Vec<&Fact> = claim.facts.iter().collect();
    listed.sort();
    let mut needed: Vec<&Fact> = conds.iter().map(|c| &c.fact).collect();
    needed.sort();
    if let Some(f) = needed.iter().find(|f| listed.binary_search(f).is_err()) {
        return Err(Refusal::Wrong(format!(
            "the final claim leaves out a condition: {}",
            f.words()
        )));
    }
    if let Some(f) = listed.iter().find(|f| needed.binary_search(f).is_err()) {
        return Err(Refusal::Wrong(format!(
            "the final claim lists a condition the result does not have: {}",
            f.words()
        )));
    }
    let mut sorted_closed = claim.closed.clone();
    sorted_closed.sort();
    let mut want_closed = closed;
    want_closed.sort();
    if sorted_closed != want_closed {
        return Err(Refusal::Wrong(format!(
            "the final claim lists the closed forms {:?}; the result has {:?}",
            claim.closed, want_closed
        )));
    }
    let mut memo = memo();
    let mut d = Definitional::new(&mut memo, Some(table));
    for c in &conds {
        if !fails(c, &mut d)? {
            return Err(Refusal::Wrong(format!(
                "the result is not in {want}: {} = {} is {} ({} holds)",
                c.fact.option,
                c.fact.value,
                match c.fact.not.as_str() {
                    "reversible-zero" => "equal to 0 by Conway's proviso".to_string(),
                    SIDES_FACT => format!("not at least offside = {}", c.fact.by),
                    n => format!("{n} by {}", c.fact.by),
                },
                c.fact.fails
            )));
        }
    }
    Ok(())
}
