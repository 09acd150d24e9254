//! # onag
//!
//! Conway's combinatorial games, simplified by rewriting and proved step by step.
//!
//! The crate is layered; data flows from the top layer down and nothing below imports from above.
//! The layers are private modules (`syntax`, `term`, `sharing`, `number`, `kernel`, `rules`,
//! `eval`, `engine`, `proof`, `analysis`, `functions`, `rulesets`, `memory`, `cli`, `serve`);
//! `ARCHITECTURE.md` describes each and the invariants that hold them together.
//!
//! ## The public API
//!
//! Everything a user calls is re-exported here, flat, as egg does; nothing else is public, so
//! the layers can change without breaking a caller. The calls most users need:
//! [`parse`], [`evaluate`], [`simplify`] (with a checked proof), [`prove`], [`compare`],
//! [`check`] and [`rules`], with the types they use ([`Engine`], [`Limits`], [`RuleSet`],
//! [`Proof`], [`Simplification`], [`Outcome`], [`Relation`]) and the one error type
//! [`Error`]. Beside them are the types and calls a user needs to go further:
//!
//! - the kernel of hash-consed games: [`Kernel`], [`GameId`], [`Budget`], [`OutcomeClass`],
//!   [`KernelError`], and [`is_canonical`];
//! - the engine's own run and its proof: [`Engine::simplify`], [`Simplified`],
//!   [`proof_of_simplification`], the pieces of a proof ([`Step`], [`Witnesses`],
//!   [`CheckError`], [`Inequality`], [`Disproof`], [`LEMMA`]) and [`compare_with_proof`];
//! - the printer ([`print()`], [`PrintOptions`]) and shared terms ([`expand`],
//!   [`expanded_size`]);
//! - numbers: [`Dyadic`], [`Nimber`], [`Surreal`], [`Ordinal`], [`On2`], [`hackenstring_value`], and nimber arithmetic on
//!   machine words ([`nim_mul_u64`] and its kin);
//! - analysis: [`analyze`] ([`Summary`]), [`thermograph_certificate`] and
//!   [`check_thermograph_certificate`], [`Thermographer`], [`cool`], [`heat`], [`overheat`], [`norton`], [`freeze`],
//!   [`atomic_weight`], [`is_all_small`], [`reduced`], [`compare_mod_inf`];
//! - the functions a term may call: [`function`], [`Function`], [`Opening`];
//! - the rulesets: [`draw_svg`], [`domineering_value`], [`set_search_threads`], the positions ([`DomineeringPosition`], [`HackenbushPicture`], [`Cutcake`],
//!   [`OctalCode`], [`NimSequence`]);
//! - the limits: [`Limits`], [`Budget`], [`CountingAlloc`] (the counting allocator and the
//!   memory limit), [`MAX_NESTING`], [`MAX_RULE_NESTING`];
//! - the command line as one call, [`run_cli`] (feature `cli`).
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
pub(crate) mod engine;
pub(crate) mod error;
pub(crate) mod eval;
pub(crate) mod functions;
pub(crate) mod kernel;
pub(crate) mod memory;
pub(crate) mod number;
pub(crate) mod proof;
pub(crate) mod rules;
pub(crate) mod rulesets;
#[cfg(feature = "serve")]
pub(crate) mod serve;
pub(crate) mod sharing;
pub(crate) mod syntax;
pub(crate) mod term;

pub use api::{check, compare, evaluate, parse, prove, rules, simplify};
pub use engine::{Engine, Limits};
pub use error::Error;
pub use kernel::Relation;
pub use number::{Dyadic, Nimber};
pub use proof::{Outcome, Proof, Simplification};
pub use rules::RuleSet;
pub use term::{Arg, Pebble, Term};

// The types the calls above take and return, and the ones a user needs to go further (a kernel
// of hash-consed games, the pieces of a proof, the rulesets' positions), flat at the root so
// that code outside the crate never names a layer module (issue 15, criterion 5). Each item's
// own documentation is shown here.
pub use analysis::atomic::{atomic_weight, is_all_small};
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
pub use analysis::cool::{cool, freeze, heat, norton, overheat};
pub use analysis::reduced::{compare_mod_inf, reduced};
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
pub use analysis::{Thermograph, Thermographer};
pub use engine::{is_canonical, EngineError, Simplified, TOO_LARGE};
/// The outcome class of a game (who wins), re-exported under this name because [`Outcome`] is
/// the result of [`prove`].
pub use kernel::Outcome as OutcomeClass;
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
pub use kernel::{Budget, GameId, Kernel, KernelError};
pub use memory::{CountingAlloc, MemoryLimit};
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
pub use proof::{proof_of_simplification, LEMMA};
pub use proof::{
    CheckError, CheckLimit, Comparison, Disproof, Inequality, PathElem, Player, ProofError, Reason,
    Step, Witnesses,
};
pub use rules::{RuleKind, MAX_RULE_NESTING};
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
pub use rulesets::hackenbush::Picture as HackenbushPicture;
pub use rulesets::octal::{NimSequence, OctalCode};
/// Sets the number of threads the rulesets' searches use (`--threads N`); 0, the default, means
/// one per core. The values are the same with any count.
pub use rulesets::search::set_threads as set_search_threads;
/// The picture of a position of a ruleset (`domineering`, `clobber`, `toads`, `hackenbush`) as
/// SVG, read from the same text the ruleset's function takes.
///
/// ```
/// let svg = onag::draw_svg("domineering", "..#|...").unwrap();
/// assert!(svg.starts_with("<svg") && svg.contains("</svg>"));
/// assert!(onag::draw_svg("domineering", "..|.").is_err()); // ragged rows
/// ```
pub use rulesets::svg::draw as draw_svg;
pub use rulesets::RulesetError;
pub use sharing::{expand, expanded_size, ExpandError};

/// Runs the `onag` command line on the process's arguments and returns its exit status (0
/// success, 1 the claim is false, 2 bad input, 3 a limit reached, 130 interrupted). The
/// binary is this one call; everything the command line does goes through the library above.
#[cfg(feature = "cli")]
pub fn run_cli() -> i32 {
    cli::main()
}
pub use syntax::{print, ParseError, PrintOptions, MAX_NESTING};
