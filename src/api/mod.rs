//! The calls most users need, each returning the one error type [`crate::Error`], each the
//! same call in every play: the [`Engine`] they take says the play
//! ([`Engine::with_play`]) and the limits ([`Engine::with_limits`]).
//!
//! These are thin: each names the layer that does the work and converts its result into the
//! one shape of every play (`value`: [`Value`]; `verdict`: [`Simplification`], [`Verdict`],
//! [`Disproof`]). They are the stable surface; the layers below may change.
//!
//! - `value`: [`Value`], an owned value of any play (a short game's canonical term, a surreal, a
//!   transfinite nimber, a misère form, a loopy value, a list, a boolean, a text), printed in
//!   CGSuite's notation, read back by `FromStr`, ordered by the game order.
//! - `verdict`: [`Simplification`], [`Verdict`] (`Equal(Proof)` or `Different(Disproof)`) with
//!   the play's evidence.
//! - `checked`: `check`, `check_with`, `check_reader`, `check_path`: a proof file checked under
//!   the caller's limits, saying its play and its result's [`Value`].

pub(crate) mod checked;
pub use checked::check;
pub(crate) mod value;
pub(crate) mod verdict;

use crate::engine::Engine;
use crate::error::Error;
use crate::functions::world;
use crate::kernel::{Kernel, Relation};
use crate::play::Play;
use crate::rules::RuleSet;
use crate::term::Term;
use value::Value;
use verdict::{Disproof, Distinguisher, Evidence, Simplification, Verdict};

/// A kernel under the engine's limits (time from now, memory, work, cancel flag).
fn kernel(engine: &Engine) -> Kernel {
    let mut k = Kernel::new();
    k.set_budget(engine.limits().budget_from_now());
    k
}

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

impl std::str::FromStr for Term {
    type Err = Error;

    /// Reads a game written in CGSuite's notation, as [`parse`] does.
    ///
    /// ```
    /// let t: onag::Term = "{0, 1 | 2}".parse().unwrap();
    /// assert_eq!(t.to_string(), "{0,1|2}");
    /// assert!("{0 |".parse::<onag::Term>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Term, Error> {
        parse(s)
    }
}

/// The value of a term in the engine's play, under its limits: in normal play a short
/// game's canonical form, and the values that are not short games as the number world has
/// them (surreals and ordinals `w+1`, transfinite nimbers, lists, booleans, loopy games,
/// CGSuite's text results); in misère play the misère simplest form of an impartial game (a
/// misère function's own answer, such as a genus, as it is); in loopy play the value of a loopy
/// game (a stopper's simplest form, or its sides).
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Limits, Play, Value};
/// let t = onag::parse("{0, 1 | 2} + *")?;
/// assert_eq!(onag::evaluate(&t, &Engine::default())?.to_string(), "3/2*");
/// let misere = Engine::default().with_play(Play::Misere);
/// assert_eq!(onag::evaluate(&onag::parse("*2 + *2")?, &misere)?.to_string(), "*[2[2]]");
/// let loopy = Engine::default().with_play(Play::Loopy);
/// assert_eq!(onag::evaluate(&onag::parse("on + off")?, &loopy)?.to_string(), "dud");
/// // Every call stops at the engine's limits with the limit's error.
/// let tight = Engine::default().with_limits(Limits { max_work: 100, ..Limits::default() });
/// let big = onag::parse("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5} + {6|-6} + {7|-7}")?;
/// let e = onag::evaluate(&big, &tight).unwrap_err();
/// assert!(matches!(e, onag::Error::Limit { .. }), "{e}");
/// # Ok(())
/// # }
/// ```
pub fn evaluate(t: &Term, engine: &Engine) -> Result<Value, Error> {
    let mut k = kernel(engine);
    let v = world::eval(&mut k, t)?;
    let v = match (engine.play(), v) {
        // A short game in misère play: its misère simplest form (an error for a partizan one).
        (Play::Misere, world::Value::Game(_)) => world::eval(&mut k, &value::misere_call(t))?,
        (_, v) => v,
    };
    Ok(Value::from_world(&mut k, v))
}

/// The value of any expression in normal play (loopy play when its notation is loopy), under
/// the default limits: [`evaluate`] with `Engine::default()`, as `onag eval` gives it. This is
/// the one entry that reaches every function of the language, so the functions' bench
/// (`benches/functions.rs`) times them through it.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// let p = |s| onag::parse(s);
/// assert_eq!(onag::evaluate_any(&p("left_options({1|0})")?)?.to_string(), "[1]");
/// assert_eq!(onag::evaluate_any(&p("is_number(1/2)")?)?, onag::Value::Bool(true));
/// assert_eq!(onag::evaluate_any(&p("{0,1|2} + *")?)?.to_string(), "3/2*");
/// # Ok(())
/// # }
/// ```
pub fn evaluate_any(t: &Term) -> Result<Value, Error> {
    evaluate(t, &Engine::default())
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

impl Engine {
    /// [`simplify`] with this engine: the same call as a method. The e-graph run itself, without
    /// a proof, is [`Engine::saturate`].
    ///
    /// ```
    /// # fn main() -> Result<(), onag::Error> {
    /// use onag::{Engine, Play};
    /// let s = Engine::default().simplify(&onag::parse("{0|5}")?)?;
    /// assert_eq!((s.value.to_string(), s.canonical), ("1".into(), true));
    /// // The proof's one step: the simplest number between 0 and 5.
    /// assert_eq!(s.proof.steps.iter().map(|st| st.rule.as_str()).collect::<Vec<_>>(), ["simplicity"]);
    /// let misere = Engine::default().with_play(Play::Misere).simplify(&onag::parse("*2 + *2")?)?;
    /// assert_eq!(misere.value.to_string(), "*[2[2]]");
    /// # Ok(())
    /// # }
    /// ```
    pub fn simplify(&self, t: &Term) -> Result<Simplification, Error> {
        simplify(t, self)
    }
}

/// Simplifies a term in the engine's play, with a proof its play's independent checker
/// accepted, under the engine's limits: in normal play by the engine's rules to the canonical
/// form; in misère play by `rules/misere.rules` to the misère simplest form; in loopy play by
/// `rules/loopy.rules` to a stopper's simplest form or the game's sides.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play, RuleSet};
/// let engine = Engine::new(RuleSet::builtin());
/// let s = onag::simplify(&onag::parse("{0, 1 | 2}")?, &engine)?;
/// assert!(s.canonical && s.proof.checked());
/// assert_eq!(s.result().to_string(), "3/2");
/// let s = onag::simplify(&onag::parse("on + off")?, &engine.with_play(Play::Loopy))?;
/// assert_eq!((s.proof.play, s.value.to_string()), (Play::Loopy, "dud".to_string()));
/// # Ok(())
/// # }
/// ```
pub fn simplify(t: &Term, engine: &Engine) -> Result<Simplification, Error> {
    let budget = engine.limits().budget_from_now();
    match engine.play() {
        Play::Misere => {
            let mut m = crate::misere::Misere::new(budget);
            let s = crate::proof::misere::simplify_misere(&mut m, t)?;
            Ok(Simplification {
                proof: s.proof,
                value: Value::Misere(value::MisereForm::new(s.notation)),
                canonical: true,
                stuck: None,
                work: Some(s.work),
            })
        }
        Play::Loopy => {
            let s = crate::proof::loopy::simplify_loopy(t, &budget)?;
            let reached = s.stopper || s.value.is_some();
            Ok(Simplification {
                proof: s.proof,
                value: Value::loopy(s.value.unwrap_or(s.notation)),
                canonical: reached,
                stuck: (!reached).then(|| {
                    "the game's sides are not stoppers: the rules reach its graph only".into()
                }),
                work: Some(s.work),
            })
        }
        _ => {
            let s = crate::proof::simplify(t, engine)?;
            // The value by the kernel (fast), never the proof's result, which may name the
            // proof's table (`#n`) or stop short.
            let mut k = kernel(engine);
            let value = match k.eval(t) {
                Ok(g) => value::ShortGame::of(&mut k, g),
                // A game the kernel cannot hold whole (`{0|*99999999999999999999}`: a nimber
                // whose options it will not list) that the rules brought to canonical form:
                // the proof's result is the value, its table resolved.
                Err(_) if s.canonical => value::ShortGame::canonical_term(
                    s.proof
                        .terms
                        .as_where(&s.proof.result)
                        .unwrap_or_else(|| s.proof.result.clone()),
                ),
                Err(e) => {
                    return Err(Error::Limit {
                        which: e.to_string(),
                        reached: Some(crate::syntax::print(&s.proof.result, &Default::default())),
                    })
                }
            };
            Ok(Simplification {
                value: Value::Game(value),
                proof: s.proof,
                canonical: s.canonical,
                stuck: s.stuck,
                work: None,
            })
        }
    }
}

/// Proves `a = b` in the engine's play (both simplified to one form, the proof checked), or
/// shows `a ≠ b` with the play's evidence: normal play the winning first moves of `a − b`;
/// misère play their different simplest forms and a game telling them apart; loopy play how
/// they compare.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Evidence, Play, Verdict};
/// let engine = Engine::default();
/// let (a, b) = (onag::parse("^ + ^")?, onag::parse("{0 | ^*}")?);
/// assert!(matches!(onag::prove(&a, &b, &engine)?, Verdict::Equal(_)));
/// let c = onag::parse("*")?;
/// let Verdict::Different(d) = onag::prove(&a, &c, &engine)? else { panic!() };
/// assert!(matches!(d.evidence, Evidence::Normal(_)));
/// assert_eq!((d.a.to_string(), d.b.to_string()), ("^^".into(), "*".into()));
/// // Loopy play, the same call.
/// let loopy = engine.with_play(Play::Loopy);
/// let (on_off, dud) = (onag::parse("on + off")?, onag::parse("dud")?);
/// assert!(matches!(onag::prove(&on_off, &dud, &loopy)?, Verdict::Equal(ref p) if p.play == Play::Loopy));
/// # Ok(())
/// # }
/// ```
pub fn prove(a: &Term, b: &Term, engine: &Engine) -> Result<Verdict, Error> {
    let budget = engine.limits().budget_from_now();
    match engine.play() {
        Play::Misere => {
            use crate::proof::misere::MisereVerdict;
            let mut m = crate::misere::Misere::new(budget);
            Ok(match crate::proof::misere::prove_misere(&mut m, a, b)? {
                MisereVerdict::Equal(p, _) => Verdict::Equal(*p),
                MisereVerdict::Different {
                    a,
                    b,
                    apart: distinguisher,
                } => {
                    let outcome = |p: bool| {
                        if p {
                            crate::misere::MisereOutcome::P
                        } else {
                            crate::misere::MisereOutcome::N
                        }
                    };
                    Verdict::Different(Disproof {
                        play: Play::Misere,
                        a: Value::Misere(value::MisereForm::new(a)),
                        b: Value::Misere(value::MisereForm::new(b)),
                        evidence: Evidence::Misere(distinguisher.map(|(x, pa, pb)| {
                            Distinguisher {
                                x: value::MisereForm::new(x),
                                a_plus_x: outcome(pa),
                                b_plus_x: outcome(pb),
                            }
                        })),
                    })
                }
            })
        }
        Play::Loopy => {
            use crate::proof::loopy::LoopyVerdict;
            Ok(match crate::proof::loopy::prove_loopy(a, b, &budget)? {
                LoopyVerdict::Equal(p, _) => Verdict::Equal(*p),
                LoopyVerdict::Different {
                    a: x,
                    b: y,
                    apart: relation,
                } => Verdict::Different(Disproof {
                    play: Play::Loopy,
                    a: Value::loopy(x),
                    b: Value::loopy(y),
                    evidence: Evidence::Loopy(relation),
                }),
                LoopyVerdict::Unproved(v) => {
                    return Err(Error::Incomplete(format!(
                        "{a} and {b} are equal by their sides (both {v}), but the side rules do \
                         not take both to the same sides, so there is no proof (`onag::compare` \
                         compares them)"
                    )))
                }
            })
        }
        _ => Ok(match crate::proof::prove_eq_with(a, b, engine)? {
            crate::proof::Verdict::Equal(p) => Verdict::Equal(p),
            crate::proof::Verdict::Different(d) => {
                let mut k = kernel(engine);
                let (x, y) = (k.eval(a)?, k.eval(b)?);
                Verdict::Different(Disproof {
                    play: Play::Normal,
                    a: Value::Game(value::ShortGame::of(&mut k, x)),
                    b: Value::Game(value::ShortGame::of(&mut k, y)),
                    evidence: Evidence::Normal(Box::new(d)),
                })
            }
        }),
    }
}

/// How two games compare in the engine's play, under its limits: less, equal, greater or
/// fuzzy. Normal play by the kernel; loopy play by the order of stoppers, or side by side;
/// misère play decides equality only (two different simplest forms are an error that says so).
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play, Relation};
/// let p = |s| onag::parse(s);
/// let normal = Engine::default();
/// assert_eq!(onag::compare(&p("1/2")?, &p("{0|1}")?, &normal)?, Relation::Equal);
/// assert_eq!(onag::compare(&p("*")?, &p("0")?, &normal)?, Relation::Fuzzy);
/// assert_eq!(onag::compare(&p("^")?, &p("1/4")?, &normal)?, Relation::Less);
/// let loopy = Engine::default().with_play(Play::Loopy);
/// assert_eq!(onag::compare(&p("on")?, &p("100")?, &loopy)?, Relation::Greater);
/// let misere = Engine::default().with_play(Play::Misere);
/// assert_eq!(onag::compare(&p("*2+*2")?, &p("*[2[2]]")?, &misere)?, Relation::Equal);
/// # Ok(())
/// # }
/// ```
pub fn compare(a: &Term, b: &Term, engine: &Engine) -> Result<Relation, Error> {
    let mut k = kernel(engine);
    match engine.play() {
        Play::Loopy => {
            let (x, y) = (world::eval(&mut k, a)?, world::eval(&mut k, b)?);
            let (x, y) = (
                value::lift_loopy(&mut k, &x)?,
                value::lift_loopy(&mut k, &y)?,
            );
            let mut work = crate::loopy::Work::new(k.budget().clone());
            Ok(x.compare(&y, &mut work)?)
        }
        Play::Misere => {
            let (x, y) = (evaluate(a, engine)?, evaluate(b, engine)?);
            if x == y {
                Ok(Relation::Equal)
            } else {
                Err(Error::BadInput(format!(
                    "in misère play onag decides equality only: {a} has the simplest form {x} \
                     and {b} has {y}, so they differ (`onag::prove` gives a game telling them \
                     apart)"
                )))
            }
        }
        _ => {
            let (x, y) = (k.eval(a)?, k.eval(b)?);
            Ok(k.compare(x, y)?)
        }
    }
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
    RuleSet::builtin().select(spec).map_err(Error::from)
}
