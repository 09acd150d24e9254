//! Misère proofs: a misère derivation ([`crate::misere::derive`]) written as a [`Proof`] whose
//! `play` is [`Play::Misere`], and proofs of misère equality; their checker is
//! [`super::misere_check`], which reads the proofs by the definitions alone.
//!
//! A derivation's forms are a DAG (the arena of `misere::derive`), and the proof keeps them
//! so: each distinct form is one entry of the proof's term table (`#3 = {#1,*2|#1,*2}`, its
//! options references to earlier entries), written once, and every term of a step is small.
//! A step names the form G it rewrites (witness `G`) and acts at every occurrence of G in the
//! whole (misère equality is a congruence), so a form met along many paths is rewritten once.
//! Entries of at most `SMALL_WRITTEN_UP_TO` nodes are written out again where they stand, so
//! a small proof reads as forms written out.

use super::step::{Step, Witnesses};
use super::{Play, Proof, TermTable};
use crate::misere::derive::{FId, FormError, Forms, MisereDerivation, MisereStep};
use crate::rules::Name;
use crate::term::Term;
use num_traits::Zero;
use rustc_hash::FxHashMap as HashMap;

pub(crate) use super::misere_check::check;
use super::played::{chained, meeting, show, step};

/// Forms written as terms: each distinct form of the arena one entry of the table.
struct Writer<'a> {
    forms: &'a Forms,
    table: TermTable,
    memo: HashMap<FId, Term>,
}

impl Writer<'_> {
    /// The form `f` as a term whose games are entries of the table (each distinct form once,
    /// its options references to earlier entries): a heap as `*n`, a game as `{#a,#b|#a,#b}`.
    /// The recursion is as deep as the form is tall, which the arena bounds.
    fn term(&mut self, f: FId) -> Term {
        if let Some(t) = self.memo.get(&f) {
            return t.clone();
        }
        let t = match self.forms.as_heap(f) {
            Some(n) => Term::Nus {
                number: crate::number::Dyadic::zero(),
                up: num_bigint::BigInt::zero(),
                nim: crate::number::Nimber::new(n.into()),
            },
            None => {
                let opts: Vec<Term> = self
                    .forms
                    .options(f)
                    .iter()
                    .map(|&x| self.term(x))
                    .collect();
                let view = Term::Game {
                    left: opts.clone(),
                    right: opts,
                };
                Term::Ref(self.table.intern(&view))
            }
        };
        self.memo.insert(f, t.clone());
        t
    }

    fn list(&mut self, fs: &[FId]) -> String {
        let s: Vec<String> = fs.iter().map(|&f| show(&self.term(f))).collect();
        match s.len() {
            0 => String::new(),
            1 => s[0].clone(),
            _ => format!("{} and {}", s[..s.len() - 1].join(", "), s[s.len() - 1]),
        }
    }

    /// G's options that are not options of H: those that reverse through H in a
    /// `misere-reversible` step.
    fn reversing(&self, s: &MisereStep) -> Vec<FId> {
        let hopts = self.forms.options(s.after);
        let mut r: Vec<FId> = self
            .forms
            .options(s.before)
            .into_iter()
            .filter(|o| !hopts.contains(o))
            .collect();
        r.sort_unstable();
        r.dedup();
        r
    }

    /// The witnesses of a step in words (a `#n` in them names entry n of the table).
    fn why(&mut self, step: &MisereStep) -> String {
        let g = show(&self.term(step.before));
        let a = &step.reduction;
        match a.rule.as_str() {
            "misere-reversible" => {
                let h = show(&self.term(step.after));
                let reversing = self.reversing(step);
                let (verb, pron) = if reversing.len() == 1 {
                    ("reverses", "it has")
                } else {
                    ("reverse", "each has")
                };
                format!(
                    "in {g}, {} {verb} through {h} ({pron} {h} as an option, and {h}'s options \
                     are options of {g})",
                    self.list(&reversing)
                )
            }
            "misere-reversible-zero" => format!(
                "every option of {g} has 0 as an option, and {} is a misère P-position (the \
                 proviso)",
                a.game("X")
                    .map_or_else(|| "?".into(), |x| show(&self.term(x)))
            ),
            other => {
                let h = show(&self.term(step.after));
                let mut bound: Vec<String> = Vec::new();
                for (n, f) in &a.games {
                    bound.push(format!("{n} = {}", show(&self.term(*f))));
                }
                format!("{g} = {h} by the rule {other}, where {}", bound.join(", "))
            }
        }
    }

    /// A step's witnesses: G, the form rewritten (the step's place), then the games the
    /// rule's match bound, by the rule's own names, whatever the rule (the checker matches
    /// the rule again at G and requires these to agree; a set adds nothing it needs).
    fn witnesses(&mut self, s: &MisereStep) -> Witnesses {
        let mut w = Witnesses::default();
        w.games.push((Name::from("G"), self.term(s.before)));
        for (n, f) in s.reduction.games.iter().filter(|(n, _)| n != "G") {
            w.games.push((Name::from(n.as_str()), self.term(*f)));
        }
        w
    }

    fn step(&mut self, from: Term, s: &MisereStep) -> Step {
        let witnesses = self.witnesses(s);
        let to = self.term(s.whole);
        let why = self.why(s);
        step((from, to), &s.reduction.rule, Vec::new(), why, witnesses)
    }

    /// The steps of a derivation from `input` (the term it was read from).
    fn steps(&mut self, d: &MisereDerivation, input: &Term) -> Vec<Step> {
        chained(input, &d.steps, |from, s| self.step(from, s))
    }

    /// The steps of a derivation from its input: the opening, when there is one, then the
    /// simplification's steps; and the input.
    fn derived(&mut self, x: &Derived) -> (Term, Vec<Step>) {
        let input = x.input.clone().unwrap_or_else(|| self.term(x.d.input));
        if !x.opened {
            let steps = self.steps(&x.d, &input);
            return (input, steps);
        }
        let form = self.term(x.d.input);
        let why = format!(
            "{} written out: a ruleset position is the game of the positions its moves reach, \
             each written out the same way (each distinct position once)",
            show(&input)
        );
        let opening = (input.clone(), form.clone());
        let w = Witnesses::default();
        let mut steps = vec![step(opening, "misere-opening", Vec::new(), why, w)];
        steps.extend(self.steps(&x.d, &form));
        (input, steps)
    }
}

/// The proof, its table made readable: entries of at most `SMALL_WRITTEN_UP_TO` nodes written
/// out where they stand, the table compacted to the entries the proof names.
fn misere_proof(input: Term, result: Term, steps: Vec<Step>, terms: TermTable) -> Proof {
    Proof::played(Play::Misere, input, result, steps, terms)
        .into_readable(super::table::SMALL_WRITTEN_UP_TO)
}

/// The misère derivation of a term: its proof (checked) and its simplest form as CGSuite
/// prints it (`*[2#0]`).
#[derive(Clone, Debug)]
pub struct MisereSimplification {
    /// The proof that the term equals its simplest form, checked by `check`.
    pub proof: Proof,
    /// The simplest form as CGSuite prints it (`*[2#0]`).
    pub notation: String,
    /// The units of work the misère arena spent on the derivation (its forms simplified,
    /// the rules tried at them and their P-position questions answered,
    /// [`crate::misere::Misere::work`]), not on its check or its notation: the same on every
    /// run, and what grows when the derivation searches more for the same proof.
    pub work: u64,
}

/// A misère equality proved, or why the two games differ: their simplest forms in CGSuite's
/// notation, and a game telling them apart when one born by day 4 does: X (in CGSuite's
/// notation) such that A + X and B + X have different misère outcomes, with those outcomes
/// (`true`: a P-position). Misère play proves every equality its definitions find.
pub type MisereVerdict = super::played::PlayedVerdict<Option<(String, bool, bool)>>;

fn not_impartial(e: FormError) -> super::ProofError {
    match e {
        FormError::Kernel(k) => super::ProofError::Kernel(k),
        FormError::NotImpartial(what) => {
            super::ProofError::Kernel(crate::kernel::KernelError::Function {
                name: "misere".into(),
                message: format!(
                    "misère play is for impartial forms (braces whose sides agree, nim heaps, \
                     sums, *[…]); this is {what}"
                ),
                calls: Vec::new(),
            })
        }
    }
}

/// A derivation: the term it starts from (`None`: its form, written from the arena), whether
/// that term names ruleset positions (then its first step is `misere-opening`, the term
/// written out as the DAG of their moves), and the derivation of the written-out form.
struct Derived {
    input: Option<Term>,
    opened: bool,
    d: MisereDerivation,
}

/// Whether `t` is written with braces, nim heaps, sums and positions of the rulesets the
/// checker plays ([`super::misere_moves::RULESETS`]), with at least one such position.
fn has_positions(t: &Term) -> Option<bool> {
    match t {
        Term::Game { left, right } => {
            let mut any = false;
            for x in left.iter().chain(right) {
                any |= has_positions(x)?;
            }
            Some(any)
        }
        Term::Nus { number, up, .. } => {
            (number.is_zero() && num_traits::Zero::is_zero(up)).then_some(false)
        }
        Term::Sum(a, b) => Some(has_positions(a)? | has_positions(b)?),
        Term::Call { name, .. } => super::misere_moves::RULESETS
            .contains(&name.as_str())
            .then_some(true),
        _ => None,
    }
}

/// The producer's opening of a ruleset position: one level of its definition, the function's
/// own `open` (`functions::misere::open_position`), for the rulesets the checker plays; the
/// heap games with octal codes are written out by `misere::derive` itself.
fn open_call(k: &mut crate::kernel::Kernel, t: &Term) -> Result<Option<Term>, FormError> {
    let Term::Call { name, .. } = t else {
        return Ok(None);
    };
    if !super::misere_moves::RULESETS.contains(&name.as_str()) {
        if crate::functions::misere::POSITION_RULESETS.contains(&name.as_str()) {
            return Err(FormError::NotImpartial(format!(
                "`{name}(…)`, whose positions misère derivations do not open (they open {})",
                super::misere_moves::RULESETS.join(", ")
            )));
        }
        return Ok(None);
    }
    Ok(crate::functions::misere::open_position(k, t)?)
}

fn derivation(
    m: &mut crate::misere::Misere,
    forms: &mut Forms,
    t: &Term,
    rules: &crate::rules::RuleSet,
) -> Result<Derived, super::ProofError> {
    let mut k = crate::kernel::Kernel::new();
    k.set_budget(m.budget().clone());
    let f =
        crate::misere::derive::form_of_opened(m, forms, t, &mut |c: &Term| open_call(&mut k, c))
            .map_err(not_impartial)?;
    let d = crate::eval::misere::derive(m, forms, f, rules).map_err(super::ProofError::Kernel)?;
    // Braces, heaps and sums the checker reads as written (otherwise a proof writes the
    // form: a `*[…]`, say); with ruleset positions, opened.
    let positions = has_positions(t);
    Ok(Derived {
        input: positions.is_some().then(|| t.clone()),
        opened: positions == Some(true),
        d,
    })
}

fn verified(
    p: Proof,
    rules: &crate::rules::RuleSet,
    budget: &crate::kernel::Budget,
) -> Result<Proof, super::ProofError> {
    super::played::verified(p, check, rules, &crate::rules::RuleSet::misere(), budget)
}

/// The checked derivation of `t`'s misère simplest form, in the arena `m` (whose budget
/// bounds the work), by the rules of `rules/misere.rules`.
pub fn simplify_misere(
    m: &mut crate::misere::Misere,
    t: &Term,
) -> Result<MisereSimplification, super::ProofError> {
    simplify_misere_by(m, t, &crate::rules::RuleSet::misere())
}

/// [`simplify_misere`] by the `reduce` rules of `rules` (a selection of the shipped misère
/// rules, or a user's file). The proof ends where no rule applies; its checker decides each
/// step by the definitions, and refuses a step by a rule it does not know.
pub fn simplify_misere_by(
    m: &mut crate::misere::Misere,
    t: &Term,
    rules: &crate::rules::RuleSet,
) -> Result<MisereSimplification, super::ProofError> {
    let mut forms = Forms::new();
    let before = m.work();
    let x = derivation(m, &mut forms, t, rules)?;
    let work = m.work() - before;
    let mut w = Writer {
        forms: &forms,
        table: TermTable::new(),
        memo: HashMap::default(),
    };
    let (input, steps) = w.derived(&x);
    let result = w.term(x.d.result);
    let proof = verified(
        misere_proof(input, result, steps, w.table),
        rules,
        m.budget(),
    )?;
    let notation =
        crate::misere::notation::print(m, x.d.canonical).map_err(super::ProofError::Kernel)?;
    Ok(MisereSimplification {
        proof,
        notation,
        work,
    })
}

/// A = B in misère play: both derived to their simplest forms, which are equal exactly when
/// identical (ONAG ch. 12); the proof is checked. When they differ, a game born by day 4 that
/// tells them apart is looked for.
pub fn prove_misere(
    m: &mut crate::misere::Misere,
    a: &Term,
    b: &Term,
) -> Result<MisereVerdict, super::ProofError> {
    prove_misere_by(m, a, b, &crate::rules::RuleSet::misere())
}

/// [`prove_misere`] by the `reduce` rules of `rules` (a selection of the shipped misère rules,
/// or a user's file), the proof checked against them.
pub fn prove_misere_by(
    m: &mut crate::misere::Misere,
    a: &Term,
    b: &Term,
    rules: &crate::rules::RuleSet,
) -> Result<MisereVerdict, super::ProofError> {
    let mut forms = Forms::new();
    let xa = derivation(m, &mut forms, a, rules)?;
    let xb = derivation(m, &mut forms, b, rules)?;
    let (ca, cb) = (xa.d.canonical, xb.d.canonical);
    let print = |m: &mut crate::misere::Misere, g| {
        crate::misere::notation::print(m, g).map_err(super::ProofError::Kernel)
    };
    if ca == cb {
        let mut w = Writer {
            forms: &forms,
            table: TermTable::new(),
            memo: HashMap::default(),
        };
        let (ia, steps) = w.derived(&xa);
        let (ib, back) = w.derived(&xb);
        let steps = meeting(steps, &back);
        let p = verified(misere_proof(ia, ib, steps, w.table), rules, m.budget())?;
        return Ok(MisereVerdict::Equal(Box::new(p), print(m, ca)?));
    }
    let distinguisher =
        match crate::misere::derive::distinguisher(m, ca, cb).map_err(super::ProofError::Kernel)? {
            Some((x, pa, pb)) => Some((print(m, x)?, pa, pb)),
            None => None,
        };
    Ok(MisereVerdict::Different {
        a: print(m, ca)?,
        b: print(m, cb)?,
        apart: distinguisher,
    })
}
