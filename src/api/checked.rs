//! `onag::check` and its kin: a proof file read and checked again, and what it proved said as a
//! value, its table of shared terms resolved.

use super::value::Value;
use crate::definitional::check_limits::CheckLimits;
use crate::engine::{Engine, Limits};
use crate::error::Error;
use crate::play::Play;
use crate::rules::RuleSet;
use crate::term::Term;

/// A proof file that [`crate::check`] read and checked: what it proves, in which play, the
/// value it reached, and its size. Its terms name no entry of the file's table (`#n`): large
/// parts are written once each with `where`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct CheckedFile {
    /// The play its equalities hold in.
    pub play: Play,
    /// The term the proof starts from.
    pub input: Term,
    /// The term it ends at, as the proof writes it.
    pub result: Term,
    /// The result's value in the proof's play (normal play's canonical form, misère play's
    /// simplest form, a loopy value).
    pub value: Value,
    /// Its steps, the lemmas' included.
    pub steps: usize,
    /// Its lemmas.
    pub lemmas: usize,
    /// The units of work the check spent deciding the steps' conditions by the definition
    /// (forms made, options listed, pairs compared; a misère proof's positions read): what
    /// grows when the check does more, not the proof (tests/work_gate.rs holds it). On one
    /// thread ([`crate::set_search_threads`]) it is the same on every run; on more, each
    /// checker remembers only what it decided for the lemmas it took, so it depends on how
    /// they were shared out.
    pub work: u64,
}

/// Reads a proof file (the JSON that [`crate::Proof::to_json`] writes and `onag simplify
/// --format json` prints) and checks it against a rule set, as `onag check` does: every step
/// re-matched, every side condition decided again, by a checker independent of the engine that
/// wrote it (misère and loopy proofs by their own checkers). It reads as it checks, so a proof
/// too large to hold is checked in the memory of its lemmas' statements. The file's own
/// `checked` field is never believed.
///
/// A proof that fails is [`Error::Rejected`], naming the lemma and step; text that is not a
/// proof is [`Error::BadInput`]; a check stopped by the memory limit or its budget of work is
/// [`Error::Limit`]. It works under the default [`Limits`] (60 s, the process's memory limit),
/// as the engine's calls do by default; [`check_with`] takes others. To hold a proof instead, read it with [`crate::Proof::from_json`] and check
/// it with [`crate::Proof::verify`]. [`check_reader`] and [`check_path`] read the text first.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play, RuleSet};
/// let rules = RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0,1|2}")?, &Engine::new(rules.clone()))?;
/// let json = s.proof.to_json();
/// let file = onag::check(&json, &rules)?;
/// assert_eq!((file.input.to_string(), file.value.to_string()), ("{0,1|2}".into(), "3/2".into()));
/// assert_eq!(file.play, Play::Normal);
/// // The same proof against a rule set without the rule it used is rejected.
/// let mut fewer = rules.clone();
/// fewer.remove(&s.proof.steps[0].rule);
/// assert!(matches!(onag::check(&json, &fewer), Err(onag::Error::Rejected { step: 0, .. })));
/// assert!(matches!(onag::check("[]", &rules), Err(onag::Error::BadInput(_))));
/// // A misère proof says its play and its simplest form.
/// let misere = Engine::default().with_play(Play::Misere);
/// let s = onag::simplify(&onag::parse("*2 + *2")?, &misere)?;
/// let file = onag::check(&s.proof.to_json(), &rules)?;
/// assert_eq!((file.play, file.value.to_string()), (Play::Misere, "*[2[2]]".into()));
/// # Ok(())
/// # }
/// ```
pub fn check(text: &str, rules: &RuleSet) -> Result<CheckedFile, Error> {
    check_with(text, rules, &Limits::default())
}

/// [`check`] under `limits`, as every other entry point runs under its engine's: the check
/// (reading included) stops at the time limit from now, the cancel flag, the memory limit or
/// the work limit, with [`Error::Limit`] naming it — the proof not judged. The rest of
/// `limits` (e-nodes, rounds) is the engine's and plays no part in a check.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Error, Limits, RuleSet};
/// use std::sync::{atomic::{AtomicBool, Ordering}, Arc};
/// use std::time::Duration;
/// let rules = RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0,1|2} + {1|0}")?, &Engine::new(rules.clone()))?;
/// let json = s.proof.to_json();
/// let limits = Limits { time: Duration::from_secs(30), ..Limits::default() };
/// assert_eq!(onag::check_with(&json, &rules, &limits)?.value.to_string(), "{5/2|3/2}");
/// // A cancel flag (set here before the check; from another thread, it stops a check midway).
/// let cancel = Arc::new(AtomicBool::new(false));
/// let limits = Limits { cancel: Some(cancel.clone()), ..Limits::default() };
/// cancel.store(true, Ordering::Relaxed);
/// let e = onag::check_with(&json, &rules, &limits).unwrap_err();
/// assert!(matches!(e, Error::Limit { .. }) && e.to_string().contains("cancelled"), "{e}");
/// assert_eq!(e.exit_code(), 3);
/// # Ok(())
/// # }
/// ```
pub fn check_with(text: &str, rules: &RuleSet, limits: &Limits) -> Result<CheckedFile, Error> {
    checked(text, rules, &CheckLimits::from_now(limits), limits)
}

/// The check under `bounds`, then the result's value under what is left of `limits`' time.
fn checked(
    text: &str,
    rules: &RuleSet,
    bounds: &CheckLimits,
    limits: &Limits,
) -> Result<CheckedFile, Error> {
    let started = std::time::Instant::now();
    let (file, verdict) = crate::proof::json::read_and_check(text, rules, bounds)?;
    verdict.map_err(crate::proof::ProofError::Check)?;
    let resolve = |t: &Term| file.terms.as_where(t).unwrap_or_else(|| t.clone());
    let (input, result) = (resolve(&file.input), resolve(&file.result));
    let left = Limits {
        time: limits.time.saturating_sub(started.elapsed()),
        ..limits.clone()
    };
    let engine = Engine::default().with_play(file.play).with_limits(left);
    // The misère evaluator takes trees: a result written with `where` is written out for it
    // when that is small enough.
    let value = match super::evaluate(&result, &engine).or_else(|e| {
        match crate::sharing::expand(&result, crate::analysis::MAX_TREE as usize) {
            Ok(tree) if tree != result => super::evaluate(&tree, &engine),
            _ => Err(e),
        }
    }) {
        Ok(v) => v,
        // Stopped by the caller's limits (time, cancel flag, memory): no value, and no text
        // posing as one.
        Err(e @ Error::Limit { .. }) if bounds.look().is_err() => return Err(e),
        // A form the evaluator does not take (a loopy graph written through the table):
        // the result as written.
        Err(_) => Value::Text {
            kind: format!("{} term", file.play),
            text: crate::syntax::print(&result, &Default::default()),
        },
    };
    Ok(CheckedFile {
        play: file.play,
        input,
        result,
        value,
        steps: file.steps,
        lemmas: file.lemmas,
        work: file.work,
    })
}

/// [`check_with`] of the text a reader gives (a file, standard input), under `limits` (their
/// time counted from the call, the reading included). Text that is not UTF-8, or a reader that
/// fails, is [`Error::BadInput`].
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// let rules = onag::RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0|5}")?, &onag::Engine::new(rules.clone()))?;
/// let json = s.proof.to_json();
/// let file = onag::check_reader(json.as_bytes(), &rules, &onag::Limits::default())?;
/// assert_eq!(file.value.to_string(), "1");
/// # Ok(())
/// # }
/// ```
pub fn check_reader(
    mut reader: impl std::io::Read,
    rules: &RuleSet,
    limits: &Limits,
) -> Result<CheckedFile, Error> {
    let bounds = CheckLimits::from_now(limits);
    let mut text = String::new();
    reader
        .read_to_string(&mut text)
        .map_err(|e| Error::BadInput(format!("cannot read the proof: {e}")))?;
    checked(&text, rules, &bounds, limits)
}

/// [`check_with`] of the file at `path`, under `limits` (their time counted from the call, the
/// reading included). A file that cannot be read is [`Error::BadInput`] naming it.
///
/// ```
/// let rules = onag::RuleSet::builtin();
/// let e = onag::check_path("no/such/proof.json", &rules, &onag::Limits::default()).unwrap_err();
/// assert!(e.to_string().contains("no/such/proof.json"), "{e}");
/// ```
pub fn check_path(
    path: impl AsRef<std::path::Path>,
    rules: &RuleSet,
    limits: &Limits,
) -> Result<CheckedFile, Error> {
    let bounds = CheckLimits::from_now(limits);
    let path = path.as_ref();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::BadInput(format!("cannot read {}: {e}", path.display())))?;
    checked(&text, rules, &bounds, limits)
}
