//! # onag
//!
//! Conway's combinatorial games, simplified by rewriting and proved step by step.
//!
//! The crate is layered; data flows from the top layer down and nothing below imports from above.
//! The layers are private modules (`syntax`, `term`, `sharing`, `number`, `kernel`, `rules`,
//! `eval`, `engine`, `proof`, `analysis`, `functions`, `rulesets`, `memory`, `ops`, `cli`,
//! `serve`); `ARCHITECTURE.md` describes each and the invariants that hold them together.
//!
//! ## The public API
//!
//! Everything a user calls is re-exported here, flat, as egg does; nothing else is public, so
//! the layers can change without breaking a caller. The calls most users need:
//! [`parse`], [`evaluate`], [`simplify`] (with a checked proof), [`prove`], [`compare`],
//! [`check`] and [`rules()`], with the types they use ([`Engine`], [`Limits`], [`RuleSet`],
//! [`Proof`], [`Simplification`], [`Verdict`], [`Relation`]) and the one error type
//! [`Error`]. Beside them are the types and calls a user needs to go further:
//!
//! - the kernel of hash-consed games: [`Kernel`], [`GameId`], [`Budget`], [`OutcomeClass`],
//!   [`KernelError`], and [`is_canonical`];
//! - the engine's own run and its proof: [`Engine::saturate`], [`Saturation`],
//!   [`proof_of_simplification`], the pieces of a proof ([`Step`], [`Witnesses`],
//!   [`CheckError`], [`Inequality`], [`Disproof`], [`LEMMA`]) and [`compare_with_proof`];
//! - the printer ([`print()`], [`PrintOptions`]) and shared terms ([`expand`],
//!   [`expanded_size`]);
//! - numbers: [`Dyadic`], [`Nimber`], [`Surreal`], [`Ordinal`], [`On2`],
//!   [`hackenstring_value`], and nimber arithmetic on machine words ([`nim_mul_u64`] and its
//!   kin);
//! - analysis: [`analyze`] ([`Summary`]), [`thermograph_certificate`] and
//!   [`check_thermograph_certificate`], [`Thermographer`], [`cool`], [`heat`], [`overheat`],
//!   [`norton`], [`freeze`], [`atomic_weight`], [`is_all_small`], [`reduced`],
//!   [`compare_mod_inf`];
//! - the functions a term may call: [`function`], [`Function`], [`Opening`];
//! - the rulesets: [`draw_svg`], [`domineering_value`], [`set_search_threads`], the positions
//!   ([`DomineeringPosition`], [`HackenbushPicture`], [`Cutcake`], [`OctalCode`],
//!   [`NimSequence`]);
//! - the limits: [`Limits`], [`Budget`], [`CountingAlloc`] (the counting allocator and the
//!   memory limit), [`MAX_NESTING`], [`MAX_RULE_NESTING`];
//! - the command line as one call, `run_cli` (feature `cli`).
//!
//! ```
//! let engine = onag::Engine::new(onag::rules("all").unwrap());
//! let s = onag::simplify(&onag::parse("{0, 1 | 2}").unwrap(), &engine).unwrap();
//! assert_eq!(s.result().to_string(), "3/2");
//! ```

pub(crate) mod analysis;
mod api;
#[cfg(feature = "cli")]
pub(crate) mod cli;
pub(crate) mod definitional;
pub(crate) mod engine;
pub(crate) mod error;
pub(crate) mod eval;
pub(crate) mod functions;
pub(crate) mod kernel;
pub(crate) mod loopy;
pub(crate) mod memory;
pub(crate) mod misere;
pub(crate) mod number;
#[cfg(feature = "cli")]
pub(crate) mod ops;
pub(crate) mod play;
pub(crate) mod proof;
pub(crate) mod rules;
pub(crate) mod rulesets;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod sharing;
pub(crate) mod syntax;
pub(crate) mod term;
pub(crate) mod term_table;
pub(crate) mod threads;

pub use api::checked::{check_path, check_reader, check_with, CheckedFile};
/// A short game's canonical form as a [`Value`]: its term, owned.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// let v = onag::evaluate(&onag::parse("{0, 1 | 2}")?, &onag::Engine::default())?;
/// let onag::Value::Game(g) = &v else { panic!("{v:?}") };
/// assert_eq!(g.term(), &onag::parse("3/2")?);
/// assert_eq!(g.to_string(), "3/2");
/// # Ok(())
/// # }
/// ```
pub use api::value::ShortGame;
pub use api::value::{LoopyKind, LoopyValue, MisereForm, Value};
/// Why two games differ, in any play ([`Verdict::Different`]): the play, both values, and the
/// play's [`Evidence`] — normal play the winning first moves of `a − b`, misère play a game X
/// with `a + X` and `b + X` of different outcomes ([`Distinguisher`]), loopy play how they
/// compare.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Evidence, Play, Relation, Verdict};
/// let p = |s| onag::parse(s);
/// // Misère play: *2 + *2 and 0 differ, and a game X tells them apart (with X = *, 0 + * is
/// // a misère P-position, *2 + *2 + * an N-position).
/// let misere = Engine::default().with_play(Play::Misere);
/// let Verdict::Different(d) = onag::prove(&p("*2 + *2")?, &p("0")?, &misere)? else { panic!() };
/// let Evidence::Misere(Some(x)) = &d.evidence else { panic!("{d:?}") };
/// assert_ne!(x.a_plus_x, x.b_plus_x);
/// // Loopy play: on is more than off.
/// let loopy = Engine::default().with_play(Play::Loopy);
/// let Verdict::Different(d) = onag::prove(&p("on")?, &p("off")?, &loopy)? else { panic!() };
/// assert!(matches!(d.evidence, Evidence::Loopy(Relation::Greater)), "{d:?}");
/// # Ok(())
/// # }
/// ```
pub use api::verdict::{Disproof, Evidence};
pub use api::verdict::{Distinguisher, Simplification, Verdict};
pub use api::{
    check, compare, evaluate, evaluate_any, function_names, parse, prove, rules, simplify,
};
/// The e-graph engine with its rules, limits and play: [`simplify`] and [`prove`] run it
/// ([`Engine::simplify`] is [`simplify`] as a method), and [`Engine::saturate`] gives its own
/// run (the rules applied, in order) without a proof.
///
/// ```
/// use onag::{Engine, RuleSet};
/// let engine = Engine::new(RuleSet::builtin());
/// let run = engine.saturate(&onag::parse("{0|5}").unwrap()).unwrap();
/// assert_eq!(run.result.to_string(), "1");
/// assert!(run.canonical);
/// // One step: the simplest number between 0 and 5.
/// let rules: Vec<&str> = run.steps().map(|s| s.rule.as_str()).collect();
/// assert_eq!(rules, ["simplicity"]);
/// ```
pub use engine::Engine;
/// Bounds on one call (e-nodes, rounds, time, copies, memory, work, a cancel flag): every
/// entry point runs under its engine's, and [`check_with`] under the ones it is given.
/// Reaching one is [`Error::Limit`] naming it, never an answer.
///
/// ```
/// use onag::{Engine, EngineError, Limits, RuleSet};
/// let tight = Limits { max_nodes: 20, ..Limits::default() };
/// let sum = onag::parse("{1|-1} + {2|-2} + {3|-3} + {4|-4}").unwrap();
/// let Err(e) = Engine::new(RuleSet::builtin()).with_limits(tight).saturate(&sum) else {
///     panic!("20 e-nodes are too few")
/// };
/// assert!(matches!(e, EngineError::Limit { ref which, .. } if which == "20 e-nodes"), "{e}");
/// assert_eq!(onag::Error::from(e).exit_code(), 3);
/// // With the default limits the same sum simplifies.
/// let s = Engine::new(RuleSet::builtin()).saturate(&sum).unwrap();
/// assert_eq!(s.result.to_string(), "{10|8||6|4|||4|2||0|-2||||2|0||-2|-4|||-4|-6||-8|-10}");
/// ```
pub use engine::Limits;
/// Everything that can go wrong, by kind; [`Error::exit_code`] is the command line's status.
///
/// ```
/// use onag::Error;
/// let e = onag::parse("{1/3|}").unwrap_err();
/// let Error::Parse(p) = &e else { panic!("{e:?}") };
/// assert_eq!((p.line, p.column), (1, 2)); // short games have dyadic numbers only
/// assert_eq!(e.exit_code(), 2);
/// let e = onag::evaluate(&onag::parse("niminv(*0)").unwrap(), &onag::Engine::default()).unwrap_err();
/// assert!(matches!(e, Error::Call { .. }), "{e:?}");
/// assert!(onag::rules("no-such-group").unwrap_err().exit_code() == 2);
/// ```
pub use error::Error;
/// How two games compare: [`compare`] and [`Kernel::compare`] return one. Games are
/// partially ordered, so besides less, equal and greater two games can be fuzzy (confused
/// with each other: whoever moves first in their difference wins).
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Relation};
/// let (p, e) = (|s| onag::parse(s), Engine::default());
/// assert_eq!(onag::compare(&p("^")?, &p("0")?, &e)?, Relation::Greater);
/// assert_eq!(onag::compare(&p("{1|}")?, &p("2")?, &e)?, Relation::Equal);
/// assert_eq!(onag::compare(&p("-1")?, &p("*")?, &e)?, Relation::Less);
/// assert_eq!(onag::compare(&p("{1|-1}")?, &p("0")?, &e)?, Relation::Fuzzy);
/// # Ok(())
/// # }
/// ```
pub use kernel::Relation;
/// Loopy games (Winning Ways ch. 11, Siegel ch. VI): finite game graphs with cycles, their
/// sums, outcomes (draws included), the order and simplest forms of stoppers, and sides.
///
/// ```
/// use onag::{Loopy, LoopyWork, Relation};
/// let mut work = LoopyWork::default();
/// let (on, off) = (Loopy::on(), Loopy::off());
/// assert_eq!(on.compare(&off, &mut work).unwrap(), Relation::Greater);
/// // on + off = dud: a draw, with onside on and offside off.
/// let dud = on.add(&off, &mut work).unwrap();
/// assert!(!dud.is_stopper());
/// assert_eq!(dud.onside(&mut work).unwrap(), on);
/// assert_eq!(dud.offside(&mut work).unwrap(), off);
/// ```
pub use loopy::notation::{read as read_loopy, ReadError as LoopyReadError};
pub use loopy::outcome::{LoopyOutcome, Result3 as LoopyResult};
/// A loopy game (a game graph, cycles allowed) with the work budget its computations spend.
///
/// ```
/// use onag::{Kernel, LoopyOutcome, LoopyWork};
/// let (mut k, mut work) = (Kernel::new(), LoopyWork::default());
/// let upon = onag::read_loopy("upon", &mut k, &mut work).unwrap();
/// assert!(upon.is_stopper());
/// // on = {on|}: Left wins whoever starts (she always has a move, Right never has one).
/// let on = onag::read_loopy("on", &mut k, &mut work).unwrap();
/// assert_eq!(on.outcome(&mut work).unwrap(), LoopyOutcome::L);
/// ```
pub use loopy::{Graph as LoopyGraph, Loopy, Player as LoopyPlayer, Work as LoopyWork};
/// The big integers of terms (`Term::Nus`'s multiple of ↑, `Term::Multiple`'s count), as
/// num-bigint has them, so a caller needs no dependency of its own to build one.
pub use num_bigint::BigInt;
/// A dyadic rational m/2^k, exactly: the numbers among the short games.
///
/// ```
/// use onag::{Dyadic, Sign};
/// let x: Dyadic = "3/4".parse().unwrap();
/// assert_eq!(x.birthday(), 3.into()); // 3/4 = {1/2 | 1}, born on day 3
/// assert_eq!(x.sign_expansion(10), Some(vec![Sign::Plus, Sign::Minus, Sign::Plus]));
/// let (zero, one) = (Dyadic::zero(), "1".parse::<Dyadic>().unwrap());
/// assert_eq!(Dyadic::simplest_between(Some(&zero), Some(&one)).unwrap().to_string(), "1/2");
/// assert!("1/3".parse::<Dyadic>().is_err()); // not dyadic
/// ```
pub use number::Dyadic;
pub use number::{Nimber, ParseDyadicError};
pub use play::Play;
/// A proof: the steps from the input to the result, each a rule applied at a place with its
/// witnesses, and the lemmas it cites. It travels as JSON and is checked against a rule set by
/// the independent checker ([`check`] for a file, [`Proof::verify`] for a proof in memory).
///
/// ```
/// use onag::{Engine, Proof, RuleSet};
/// let rules = RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0,{1|0}|5}").unwrap(), &Engine::new(rules.clone())).unwrap();
/// let p: &Proof = &s.proof;
/// assert_eq!(p.result.to_string(), "1");
/// // Left's option {1|0} reverses through 0 (0 ≤ {0,{1|0}|5}), then the simplest number.
/// assert!(p.steps.iter().any(|st| st.rule == "reversible-left"));
/// assert_eq!(p.steps.last().map(|st| st.rule.as_str()), Some("simplicity"));
/// // It travels as JSON; `onag::check` reads the text and checks it.
/// let json = p.to_json();
/// assert_eq!(onag::check(&json, &rules).unwrap().steps, p.size());
/// let mut back = Proof::from_json(&json).unwrap();
/// assert!(back.verify(&rules).is_ok() && back.checked());
/// ```
pub use proof::Proof;
/// A short name held inline, read as a `str`: a proof step's rule and a witness's pattern
/// variable are named by it (`step.rule == "lemma"`).
pub use rules::Name;
/// A set of rules (theorems written as data in `rules/*.rules`): the shipped ones, a named
/// part of them, or your own files added.
///
/// ```
/// use onag::RuleSet;
/// let mut rules = RuleSet::builtin();
/// let n = rules.rules().len();
/// assert!(rules.get("reversible-left").is_some());
/// assert!(rules.remove("reversible-left"));
/// assert_eq!(rules.rules().len(), n - 1);
/// // A rule file with a mistake is refused with its file and line.
/// let e = RuleSet::empty().add_text("mine.rules", "rule broken\n  match {").unwrap_err();
/// assert_eq!(e.file, "mine.rules");
/// ```
pub use rules::{RuleSet, UnknownRule};
pub use term::{Arg, Pebble, Term};

// The types the calls above take and return, and the ones a user needs to go further (a kernel
// of hash-consed games, the pieces of a proof, the rulesets' positions), flat at the root so
// that code outside the crate never names a layer module (issue 15, criterion 5). Each item's
// own documentation is shown here.
/// The atomic weight of an all-small game (seed 002's definition by the far star); an error for
/// a game that is not all-small.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let mut aw = |s: &str| {
///     let g = k.eval(&onag::parse(s).unwrap()).unwrap();
///     let w = onag::atomic_weight(&mut k, g).unwrap();
///     k.to_term(w).to_string()
/// };
/// assert_eq!(aw("^"), "1");
/// assert_eq!(aw("^^*"), "2");
/// assert_eq!(aw("*"), "0");
/// let one = k.eval(&onag::parse("1").unwrap()).unwrap();
/// assert!(!onag::is_all_small(&mut k, one).unwrap());
/// ```
pub use analysis::atomic::atomic_weight;
pub use analysis::atomic::is_all_small;
/// A certificate of a game's thermograph (every subgame's walls, temperature and mast, as JSON),
/// which [`check_thermograph_certificate`] verifies entry by entry without the kernel's
/// thermographer.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let g = k.eval(&onag::parse("{3|-1} + {1|0}").unwrap()).unwrap();
/// let mut cert = onag::thermograph_certificate(&mut k, g).unwrap();
/// assert!(onag::is_thermograph_certificate(&cert));
/// let v = onag::check_thermograph_certificate(&cert).unwrap();
/// assert_eq!(v.temperature.to_string(), "2");
/// // A certificate with a wrong temperature is refused.
/// let root = cert["root"].as_u64().unwrap() as usize;
/// cert["games"][root]["temperature"] = "1".into();
/// assert!(onag::check_thermograph_certificate(&cert).is_err());
/// ```
pub use analysis::certificate::build as thermograph_certificate;
/// G cooled by t: `{GL_t − t | GR_t + t}` until the game is infinitesimally close to a number,
/// from then on that number (the mast); [`heat`] is its inverse on the games heating makes.
///
/// ```
/// use onag::{Dyadic, Kernel, Thermographer};
/// let (mut k, mut th) = (Kernel::new(), Thermographer::new());
/// let g = k.eval(&onag::parse("{2|-1}").unwrap()).unwrap();
/// let mut cooled = |t: &str| {
///     let c = onag::cool(&mut k, &mut th, g, &t.parse::<Dyadic>().unwrap()).unwrap();
///     k.to_term(c).to_string()
/// };
/// assert_eq!(cooled("1"), "{1|0}");
/// assert_eq!(cooled("3/2"), "1/2*"); // at its temperature: infinitesimally close to the mean
/// assert_eq!(cooled("2"), "1/2"); // above it: the mast
/// // Heating * by 1 gives ±1.
/// let star = k.eval(&onag::parse("*").unwrap()).unwrap();
/// let one = k.eval(&onag::parse("1").unwrap()).unwrap();
/// let h = onag::heat(&mut k, star, one).unwrap();
/// assert_eq!(k.to_term(h).to_string(), "+-1");
/// ```
pub use analysis::cool::cool;
pub use analysis::cool::{freeze, heat, norton, overheat};
pub use analysis::reduced::compare_mod_inf;
/// The reduced canonical form (seed 002, Calistrate): G with its infinitesimals dropped, the
/// simplest game infinitesimally close to it; [`compare_mod_inf`] compares up to
/// infinitesimals.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let g = k.eval(&onag::parse("3/2 + ^*").unwrap()).unwrap();
/// let r = onag::reduced(&mut k, g).unwrap();
/// assert_eq!(k.to_term(r).to_string(), "3/2");
/// let h = k.eval(&onag::parse("3/2").unwrap()).unwrap();
/// assert_eq!(onag::compare_mod_inf(&mut k, g, h).unwrap(), onag::Relation::Equal);
/// ```
pub use analysis::reduced::reduced;
/// Analyses a game: canonical form, outcome, stops, mean and temperature, atomic weight,
/// reduced form, winning first moves and the thermograph's walls (`onag analyze`).
///
/// ```
/// let mut k = onag::Kernel::new();
/// let s = onag::analyze(&mut k, &onag::parse("{2|-1}").unwrap()).unwrap();
/// assert_eq!(s.outcome, onag::OutcomeClass::N);
/// assert_eq!((s.left_stop.to_string(), s.right_stop.to_string()), ("2".into(), "-1".into()));
/// assert_eq!((s.mean.to_string(), s.temperature.to_string()), ("1/2".into(), "3/2".into()));
/// ```
pub use analysis::summary::analyze;
/// A winning first move in a [`Summary`].
pub use analysis::summary::Move as SummaryMove;
pub use analysis::summary::Summary;
/// A thermograph's wall, and one linear piece of it.
pub use analysis::wall::{Piece as WallPiece, Wall};
pub use analysis::Thermograph;
/// Thermographs of games, memoised by id: the walls, the temperature and the mast.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let mut th = onag::Thermographer::new();
/// let g = k.eval(&onag::parse("{3|-1} + {1|0}").unwrap()).unwrap();
/// let t = th.of(&mut k, g).unwrap();
/// assert_eq!(t.temperature.to_string(), "2");
/// assert_eq!(t.mast.to_string(), "3/2"); // the means add: 1 + 1/2
/// ```
pub use analysis::Thermographer;
/// Whether a term is exactly the canonical form of its value; otherwise says where it is not.
///
/// ```
/// let mut k = onag::Kernel::new();
/// assert!(onag::is_canonical(&mut k, &onag::parse("{1|0}").unwrap()).is_ok());
/// assert!(onag::is_canonical(&mut k, &onag::parse("3/2").unwrap()).is_ok());
/// assert!(onag::is_canonical(&mut k, &onag::parse("{0,1|2}").unwrap()).is_err()); // 0 is dominated
/// ```
pub use engine::is_canonical;
pub use engine::{EngineError, Run, Saturation, StepRecord, Watch, TOO_LARGE};
/// The outcome class of a game (who wins).
///
/// ```
/// let mut k = onag::Kernel::new();
/// let mut outcome = |s: &str| {
///     let g = k.eval(&onag::parse(s).unwrap()).unwrap();
///     k.outcome(g).unwrap()
/// };
/// use onag::OutcomeClass::*;
/// assert_eq!(outcome("1"), L); // Left wins whoever starts
/// assert_eq!(outcome("-1/2"), R);
/// assert_eq!(outcome("*"), N); // whoever starts wins
/// assert_eq!(outcome("{1|-1} + {1|-1}"), P); // the second player wins
/// ```
pub use kernel::OutcomeClass;
pub use proof::thermocheck::{
    check as check_thermograph_certificate, is_certificate as is_thermograph_certificate,
    CertError, Verified as VerifiedThermographs,
};
/// The built-in function called `name` (`cool`, `domineering`, `nimmul`, …): its usage, its
/// value, and one level of its definition ([`Function::open`]) with an independent check of
/// that opening ([`Function::check_open`]), as derivations use them.
///
/// ```
/// let f = onag::function("cool").unwrap();
/// assert_eq!(f.name(), "cool");
/// let call = onag::parse("cool({2|-1}, 1)").unwrap();
/// let onag::Term::Call { args, .. } = &call else { unreachable!() };
/// let mut k = onag::Kernel::new();
/// let o = f.open(args, &mut k).unwrap().expect("cooling opens");
/// assert_eq!(o.rule, "cool-definition");
/// assert_eq!(k.eval(&o.term).unwrap(), k.eval(&call).unwrap());
/// assert_eq!(f.check_open(args, &o.term), Some(Ok(())));
/// assert!(onag::function("no-such-function").is_none());
/// ```
pub fn function(name: &str) -> Option<&'static dyn Function> {
    functions::lookup(name)
}
pub use functions::{Function, Opening};
/// The id of a canonical short game in one [`Kernel`]: equal values have equal ids, so
/// comparing ids is comparing values, and memoising by id shares every repeated subgame.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let a = k.eval(&onag::parse("{0|}").unwrap()).unwrap();
/// let b = k.eval(&onag::parse("1").unwrap()).unwrap();
/// let c = k.eval(&onag::parse("{-1, 0 | }").unwrap()).unwrap();
/// assert_eq!(a, b);
/// assert_eq!(a, c);
/// assert_ne!(a, k.eval(&onag::parse("*").unwrap()).unwrap());
/// ```
pub use kernel::GameId;
/// Why the kernel could not give a value: a limit of its [`Budget`] (work, time, memory, a
/// cancel flag), a value too large to hold, a function's error.
///
/// ```
/// use onag::{Budget, Kernel, KernelError};
/// let mut k = Kernel::new();
/// k.set_budget(Budget { max_work: 50, ..Budget::default() });
/// let sum = onag::parse("{1|-1} + {2|-2} + {3|-3} + {4|-4} + {5|-5}").unwrap();
/// let e = k.eval(&sum).unwrap_err();
/// assert!(matches!(e, KernelError::Limit { .. }), "{e:?}");
/// assert_eq!(onag::Error::from(e).exit_code(), 3);
/// ```
pub use kernel::KernelError;
pub use kernel::{Budget, Kernel};
pub use memory::{CountingAlloc, MemoryLimit};
/// Misère play's arena of canonical forms (Conway's simplest forms, hash-consed) and the
/// misère quotients of heap games (Plambeck–Siegel), for benches and embedders.
pub use misere::presentation::{
    present as present_misere_quotient, Presentation as MiserePresentation,
};
pub use misere::quotient::{
    quotient as misere_quotient, quotient_bounded as misere_quotient_bounded,
    quotient_of as misere_quotient_of, HeapGame as MisereHeapGame, Quotient as MisereQuotient,
};
/// Many codes' misère quotients, shared out among threads, answers in the codes' order.
pub use misere::sweep::{quotients as misere_quotients, SweepAnswers as MisereSweepAnswers};
/// Misère play's arena: Conway's misère simplest forms, hash-consed (ONAG ch. 12), with their
/// outcomes.
///
/// ```
/// use onag::{Misere, MisereOutcome};
/// let mut m = Misere::default();
/// let (one, two) = (m.heap(1).unwrap(), m.heap(2).unwrap());
/// // A lone heap of 1: the player to move must take it, and loses.
/// assert_eq!(m.outcome(one), MisereOutcome::P);
/// assert_eq!(m.outcome(m.zero()), MisereOutcome::N); // no move: the player to move wins
/// // Misère Nim with a heap above 1: a P-position exactly when the nim-sum is 0.
/// let twice = m.add(two, two).unwrap();
/// assert_eq!(m.outcome(twice), MisereOutcome::P);
/// let three = m.add(twice, one).unwrap();
/// assert_eq!(m.outcome(three), MisereOutcome::N);
/// ```
pub use misere::Misere;
pub use misere::{MId, MisereOutcome};
/// The value of a Hackenstring row (L/R or A/B/C letters, `( … )` for a part repeated ω times),
/// read through its sign expansion.
pub use number::signs::row_value as hackenstring_value;
pub use number::{
    mex, nim_inv_u128, nim_inv_u64, nim_mul_u128, nim_mul_u128_portable, nim_mul_u64,
    nim_mul_u64_portable, nim_mul_uses_clmul, nim_solve_artin_schreier_u128,
    nim_solve_artin_schreier_u64, nim_sqrt_u128, nim_sqrt_u64, nim_square_u128, nim_square_u64,
    nim_warm_up,
};
pub use number::{Closure, Lexicode, On2, On2RangeError, Ordinal, Sign, Surreal, SurrealError};
/// Compares two games by the definition of ≤ (seed 002, Definition 2.5), each inequality
/// written out `depth` levels deep as a certificate ([`Inequality`]) that can be checked.
pub use proof::compare as compare_with_proof;
/// The proof of an engine run ([`Engine::saturate`]) against the rules it used: each recorded
/// step becomes a proof step with its witnesses, and the checker has accepted it.
///
/// ```
/// use onag::{Engine, RuleSet};
/// let rules = RuleSet::builtin();
/// let mut run = Engine::new(rules.clone()).saturate(&onag::parse("{0|5}").unwrap()).unwrap();
/// let proof = onag::proof_of_simplification(&mut run, &rules).unwrap();
/// assert!(proof.checked());
/// assert_eq!(proof.result, run.result);
/// assert!(proof.check(&rules).is_ok());
/// ```
pub use proof::proof_of_simplification;
pub use proof::table::TableError;
/// Why a proof was rejected (the lemma, the step, the reason), or where its check stopped at
/// a limit (`limit` set: the proof was not judged).
///
/// ```
/// use onag::{Engine, RuleSet};
/// let rules = RuleSet::builtin();
/// let s = onag::simplify(&onag::parse("{0,1|2}").unwrap(), &Engine::new(rules.clone())).unwrap();
/// let mut forged = s.proof.clone();
/// forged.steps[0].rule = "integer-fold".into(); // a rule that does not make this step
/// let e = forged.check(&rules).unwrap_err();
/// assert_eq!((e.lemma, e.step, e.limit.is_none()), (None, 0, true));
/// ```
pub use proof::CheckError;
/// Normal play's evidence that two games differ ([`Evidence::Normal`]): the canonical form of
/// `a − b`, its outcome, and the first moves that win it.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Evidence, OutcomeClass, Player, Verdict};
/// let (a, b) = (onag::parse("^")?, onag::parse("*")?);
/// let Verdict::Different(d) = onag::prove(&a, &b, &Engine::default())? else { panic!() };
/// let Evidence::Normal(n) = &d.evidence else { panic!() };
/// // ^ - * = ^*, a first-player win: Left moves to 0 (or *), Right to 0.
/// assert_eq!(n.outcome, OutcomeClass::N);
/// assert_eq!(n.difference.to_string(), "^*");
/// assert!(n.moves.iter().any(|m| m.player == Player::Left));
/// assert!(d.to_string().starts_with("a - b = ^*: whoever moves first wins it (outcome N)."));
/// # Ok(())
/// # }
/// ```
pub use proof::Disproof as NormalDisproof;
pub use proof::LEMMA;
pub use proof::{
    CheckLimit, Comparison, Inequality, PathElem, Player, ProofError, Reason, Step, Witnesses,
};
pub use proof::{ConditionProof, Lemma, MoveInGames, TermTable, Undecided, Which, WinningMove};
pub use rules::{OpeningRule, Rule, RuleError, RuleKind, MAX_RULE_NESTING};
pub use rulesets::cutcake::Cutcake;
/// The value of a Domineering board (Left places vertical dominoes, Right horizontal ones),
/// by a search with a fresh transposition table, its regions shared over
/// [`set_search_threads`] threads.
///
/// ```
/// let mut k = onag::Kernel::new();
/// let board = onag::DomineeringPosition::parse("..|..").unwrap();
/// let g = onag::domineering_value(&board, &mut k).unwrap();
/// assert_eq!(k.to_term(g).to_string(), "+-1");
/// ```
pub use rulesets::domineering::value as domineering_value;
pub use rulesets::domineering::Position as DomineeringPosition;
pub use rulesets::hackenbush::Colour as HackenbushColour;
pub use rulesets::hackenbush::Picture as HackenbushPicture;
pub use rulesets::octal::Periodicity;
/// An octal game's code (Kayles is 0.77) and its nim-sequence, with the period the
/// Guy–Smith theorem proves from the values computed.
///
/// ```
/// use onag::{Budget, NimSequence, OctalCode};
/// let mut kayles = NimSequence::new(OctalCode::parse("0.77").unwrap());
/// let budget = Budget::default();
/// // Winning Ways' table: 0 1 2 3 1 4 3 2 1 4 2 6 for heaps 0 to 11.
/// assert_eq!(kayles.values_to(11, &budget).unwrap(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Periodic with period 12 (Guy and Smith, 1956).
/// let p = kayles.find_period(400, &budget).unwrap().expect("a proved period");
/// assert_eq!(p.period, 12);
/// ```
pub use rulesets::octal::{NimSequence, OctalCode};
/// The picture of a position of a ruleset (`domineering`, `clobber`, `toads`, `hackenbush`) as
/// SVG, read from the same text the ruleset's function takes.
///
/// ```
/// let svg = onag::draw_svg("domineering", "..#|...").unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("</svg>"));
/// assert!(onag::draw_svg("domineering", "..|.").is_err()); // ragged rows
/// ```
pub use rulesets::svg::draw as draw_svg;
/// A take-and-break code as CGSuite reads it (hexadecimal and base-32 digits, lists).
pub use rulesets::take_and_break::TakeAndBreak;
pub use rulesets::{PositionError, RulesetError};
/// A term with shared parts (`G where A = …`) written out in full, when the written-out tree has
/// at most `max_nodes` nodes ([`expanded_size`] is computed first, without building it).
///
/// ```
/// let one = onag::parse("{A|A} where A = {0|*}").unwrap();
/// assert_eq!(onag::expand(&one, 100).unwrap(), onag::parse("{{0|*}|{0|*}}").unwrap());
/// // Each name used twice: a tree of 2^5 − 1 nodes ({0|*} is 3: the braces, 0 and *).
/// let chain = onag::parse("{A|A} where C = {0|*}, B = {C|C}, A = {B|B}").unwrap();
/// assert_eq!(onag::expanded_size(&chain).unwrap(), 31.into());
/// let full = onag::expand(&chain, 31).unwrap();
/// assert_eq!(full.to_string(), "{0|*||0|*|||0|*||0|*||||0|*||0|*|||0|*||0|*}");
/// assert!(onag::expand(&chain, 30).is_err()); // one node too many
/// ```
pub use sharing::expand;
pub use sharing::{expanded_size, ExpandError};
/// Sets the number of threads the rulesets' searches use (`--threads N`); 0, the default, means
/// one per core. The values are the same with any count.
pub use threads::set_threads as set_search_threads;

/// Runs the `onag` command line on the process's arguments and returns its exit status (0
/// success, 1 the claim is false, 2 bad input, 3 a limit reached, 130 interrupted). The
/// binary is this one call; everything the command line does goes through the library above.
///
/// The command line and the server are two faces over [`ops`](crate): neither imports the
/// other, so `onag serve` is parsed by the command line and started from here.
#[cfg(feature = "cli")]
pub fn run_cli() -> i32 {
    cli::main(|_args: &cli::ServeArgs| {
        #[cfg(feature = "serve")]
        {
            serve::run(serve::Options {
                host: _args.host.clone(),
                port: _args.port,
                open: _args.open,
                time_limit: _args.time_limit,
                jobs: _args.jobs,
                queue: _args.queue,
                idle_timeout: _args.idle_timeout,
                max_connections: _args.max_connections,
                worker: _args.worker,
            })
        }
        #[cfg(not(feature = "serve"))]
        crate::ops::exit::BAD_INPUT
    })
}
pub use syntax::{print, ParseError, PrintOptions, MAX_NESTING};

/// README's Rust examples, compiled and run as doc-tests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// A tiny deterministic generator (xorshift) for the unit tests' random cases, so that a
/// failure repeats on every run.
#[cfg(test)]
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
