//! The calls most users need, each returning the one error type [`crate::Error`].
//!
//! These are thin: each names the layer that does the work. They are the stable surface; the
//! layer modules below stay public for the tests, benches and the command line, and may change.

use crate::engine::Engine;
use crate::error::Error;
use crate::kernel::{Budget, Kernel, Relation};
use crate::proof::json::CheckedFile;
use crate::proof::{Simplification, Verdict};
use crate::rules::RuleSet;
use crate::term::Term;

/// Reads a game written in CGSuite's notation. A mistake is [`Error::Parse`], with its line
/// and column.
///
/// ```
/// let t = onag::parse("{0, 1 | 2}").unwrap();
/// assert_eq!(t.to_string(), "{0,1|2}");
/// let e = onag::parse("{0 |").unwrap_err();
/// assert!(matches!(e, onag::Error::Parse(ref p) if p.column == 5));
/// ```
pub fn parse(text: &str) -> Result<Term, Error> {
    Ok(crate::syntax::parse(text)?)
}

/// The canonical form of a term's value, by the kernel (fast; no proof).
///
/// ```
/// let t = onag::parse("{0, 1 | 2} + *").unwrap();
/// assert_eq!(onag::evaluate(&t).unwrap().to_string(), "3/2*");
/// ```
pub fn evaluate(t: &Term) -> Result<Term, Error> {
    let mut k = Kernel::new();
    let g = k.eval(t)?;
    Ok(k.to_term(g))
}

/// The value of any expression as `onag eval` prints it (ASCII): a game as its canonical
/// form, and the values that are not short games as the number world writes them: surreals
/// and ordinals (`w+1`), transfinite nimbers, lists (`[1]`), booleans, misère forms, loopy
/// games, CGSuite's text results (`uptimal_expansion`). [`evaluate`] gives short games only,
/// as terms; this is the one entry that reaches every function of the language, so the
/// functions' bench (`benches/functions.rs`) times them through it.
///
/// ```
/// let p = |s| onag::parse(s).unwrap();
/// assert_eq!(onag::evaluate_any(&p("left_options({1|0})")).unwrap(), "[1]");
/// assert_eq!(onag::evaluate_any(&p("is_number(1/2)")).unwrap(), "true");
/// assert_eq!(onag::evaluate_any(&p("{0,1|2} + *")).unwrap(), "3/2*");
/// ```
pub fn evaluate_any(t: &Term) -> Result<String, Error> {
    let mut k = Kernel::new();
    let v = crate::functions::world::eval(&mut k, t)?;
    Ok(v.display(&mut k, true))
}

/// The name of every function the expression language calls (`cool`, `left_options`,
/// `take_and_break`, …), each once, in the order of the registry. A bench or a test that must
/// cover every function lists them from here, so a new function cannot be forgotten.
///
/// ```
/// let names = onag::function_names();
/// assert!(names.contains(&"cool") && names.contains(&"conway_product"));
/// ```
pub fn function_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    for f in crate::functions::REGISTRY {
        if !names.contains(&f.name()) {
            names.push(f.name());
        }
    }
    names
}

/// Simplifies a term by the engine's rules, with a proof the independent checker accepted.
///
/// ```
/// use onag::{Engine, RuleSet};
/// let engine = Engine::new(RuleSet::builtin());
/// let s = onag::simplify(&onag::parse("{0, 1 | 2}").unwrap(), &engine).unwrap();
/// assert!(s.canonical && s.proof.checked);
/// assert_eq!(s.result().to_string(), "3/2");
/// ```
pub fn simplify(t: &Term, engine: &Engine) -> Result<Simplification, Error> {
    Ok(crate::proof::simplify(t, engine)?)
}

/// Proves `a = b` by rules (both simplified to one form), or shows `a ≠ b` by play.
///
/// ```
/// use onag::{Engine, Verdict, RuleSet};
/// let engine = Engine::new(RuleSet::builtin());
/// let (a, b) = (onag::parse("^ + ^").unwrap(), onag::parse("{0 | ^*}").unwrap());
/// assert!(matches!(onag::prove(&a, &b, &engine).unwrap(), Verdict::Equal(_)));
/// let c = onag::parse("*").unwrap();
/// assert!(matches!(onag::prove(&a, &c, &engine).unwrap(), Verdict::Different(_)));
/// ```
pub fn prove(a: &Term, b: &Term, engine: &Engine) -> Result<Verdict, Error> {
    Ok(crate::proof::prove_eq_with(a, b, engine)?)
}

/// How two games compare: less, equal, greater or fuzzy (by the kernel).
///
/// ```
/// use onag::Relation;
/// let p = |s| onag::parse(s).unwrap();
/// assert_eq!(onag::compare(&p("1/2"), &p("{0|1}")).unwrap(), Relation::Equal);
/// assert_eq!(onag::compare(&p("*"), &p("0")).unwrap(), Relation::Fuzzy);
/// assert_eq!(onag::compare(&p("^"), &p("1/4")).unwrap(), Relation::Less);
/// ```
pub fn compare(a: &Term, b: &Term) -> Result<Relation, Error> {
    let mut k = Kernel::new();
    let (x, y) = (k.eval(a)?, k.eval(b)?);
    Ok(k.compare(x, y)?)
}

/// Reads a proof file (the JSON that [`crate::Proof::to_json`] writes and `onag simplify --format
/// json` prints) and checks it against a rule set, as `onag check` does: every step re-matched,
/// every side condition decided again, by a checker independent of the engine that wrote it. It
/// reads as it checks, so a proof too large to hold is checked in the memory of its lemmas'
/// statements. The file's own `checked` field is never believed.
///
/// A proof that fails is [`Error::Rejected`], naming the lemma and step; text that is not a
/// proof is [`Error::BadInput`]; a check stopped by the memory limit or its budget of work is
/// [`Error::Limit`]. To hold a proof instead, read it with [`crate::Proof::from_json`] and check it
/// with [`crate::Proof::verify`].
///
/// ```
/// use onag::{Engine, RuleSet};
/// let rules = RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0,1|2}").unwrap(), &Engine::new(rules.clone())).unwrap();
/// let json = s.proof.to_json();
/// let file = onag::check(&json, &rules).unwrap();
/// assert_eq!((file.input.to_string(), file.result.to_string()), ("{0,1|2}".into(), "3/2".into()));
/// // The same proof against a rule set without the rule it used is rejected.
/// let mut fewer = rules.clone();
/// fewer.remove(&s.proof.steps[0].rule);
/// assert!(matches!(onag::check(&json, &fewer), Err(onag::Error::Rejected { step: 0, .. })));
/// assert!(matches!(onag::check("[]", &rules), Err(onag::Error::BadInput(_))));
/// ```
pub fn check(text: &str, rules: &RuleSet) -> Result<CheckedFile, Error> {
    let (file, verdict) = crate::proof::json::read_and_check(text, rules)?;
    verdict.map_err(crate::proof::ProofError::Check)?;
    Ok(file)
}

/// The rule set shipped in `rules/`, or a named part of it (`"fundamental"`, `"all"`, a group
/// or rule names), as `onag --rules` takes it.
///
/// ```
/// let all = onag::rules("all").unwrap();
/// let fundamental = onag::rules("fundamental").unwrap();
/// assert!(fundamental.rules().len() < all.rules().len());
/// assert!(all.get("dominated-left").is_some());
/// assert!(onag::rules("no-such-group").is_err());
/// ```
pub fn rules(spec: &str) -> Result<RuleSet, Error> {
    RuleSet::builtin().select(spec).map_err(Error::BadInput)
}

/// The derivation of an impartial form's misère simplest form (the last player to move
/// loses), step by step by the rules of `rules/misere.rules`, as a checked proof whose `play`
/// is misère, with the simplest form in CGSuite's notation.
///
/// ```
/// let s = onag::simplify_misere(&onag::parse("{*2,{*|*}|*2,{*|*}}").unwrap()).unwrap();
/// assert!(s.proof.checked);
/// assert_eq!(s.notation, "*[1]");
/// assert_eq!(s.proof.steps.len(), 2);
/// ```
pub fn simplify_misere(t: &Term) -> Result<crate::proof::misere::MisereSimplification, Error> {
    let mut m = crate::misere::Misere::default();
    Ok(crate::proof::misere::simplify_misere(&mut m, t)?)
}

/// A = B in misère play: a checked proof through their common simplest form, or their two
/// different simplest forms (and a small game telling them apart, when one is found).
pub fn prove_misere(a: &Term, b: &Term) -> Result<crate::proof::misere::MisereVerdict, Error> {
    let mut m = crate::misere::Misere::default();
    Ok(crate::proof::misere::prove_misere(&mut m, a, b)?)
}

/// The derivation of a loopy game written in CGSuite's notation (`upon + upon`, `a{0|a}`): its
/// graph by the definitions, then, for a stopper, its simplest form one rule of
/// `rules/loopy.rules` per step, as a checked proof whose `play` is loopy, with the form reached
/// in CGSuite's notation. A call of the loopy ruleset (`backsliding_toads_and_frogs("f.t")`,
/// alone or inside the term) is first opened into its strip's game graph, a step each (the
/// opening `backsliding_toads_and_frogs` of `rules/openings.rules`).
///
/// ```
/// let s = onag::simplify_loopy(&onag::parse("{pass|3/2}").unwrap()).unwrap();
/// assert!(s.proof.checked && s.stopper);
/// assert_eq!(s.notation, "3/2under");
/// ```
pub fn simplify_loopy(t: &Term) -> Result<crate::proof::loopy::LoopySimplification, Error> {
    Ok(crate::proof::loopy::simplify_loopy(t, &Budget::default())?)
}

/// A = B for loopy games: a checked proof through their common simplest form (or common
/// graph), or how they compare; games that are not stoppers and whose graphs differ are
/// compared by their sides, without a proof.
///
/// ```
/// let on_off = onag::parse("on + off").unwrap();
/// let dud = onag::parse("dud").unwrap();
/// assert!(matches!(onag::prove_loopy(&on_off, &dud).unwrap(), onag::LoopyVerdict::Equal(..)));
/// ```
pub fn prove_loopy(a: &Term, b: &Term) -> Result<crate::proof::loopy::LoopyVerdict, Error> {
    Ok(crate::proof::loopy::prove_loopy(a, b, &Budget::default())?)
}
