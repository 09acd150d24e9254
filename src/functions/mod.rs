//! The functions of the expression language: names such as `birthday(G)` that a term may
//! call ([`Term::Call`]).
//!
//! Each family of functions (analysis of hot games, rulesets, number systems) is a module here
//! and adds its [`Function`]s to [`REGISTRY`]. A function has two faces:
//! - [`Function::value`], the fast path: the kernel's canonical value, used by `onag eval` and
//!   wherever a term containing the call is evaluated;
//! - [`Function::open`], one level of its definition as a term built from smaller calls, for
//!   derivations (cooling opens to `{cool(GL, t) - t | cool(GR, t) + t}`, a board to the
//!   positions its moves reach). A function with no derivation yet returns `Ok(None)`.
//!
//! The parser reads any `name(…)` as a call without asking which names exist; the names are
//! resolved here, when a term is evaluated: [`Kernel::eval`], the evaluator of the whole
//! expression language, is the kernel's game evaluator with [`value`] for its calls, so an
//! unknown name is a [`KernelError::Function`] carrying the call, which a caller holding the
//! text places under a caret ([`Error::at_source`](crate::Error::at_source)).
//!
//! Each family's `open` has an independent check (`check_open`) in a module of its own, sharing
//! nothing with the family's move generator: `rulesets_check` (a naive move generator per
//! ruleset, options compared by their regions up to the board's symmetries), `analysis_check`
//! (naive cooling and heating on the checkers' forms, `crate::definitional`), `nimopen` (the
//! mex definition of the nim product), `heap_games_check` (take-and-break codes and Wythoff's game by brute force),
//! `more_rulesets_check`, `grid_games_check`, `graph_games_check` and
//! `cgsuite_rulesets_check` (CGSuite's remaining rulesets). `world` is the number world's
//! `Value` (games, surreals, ordinals, misère forms, loopy values, lists) and its evaluator;
//! `loopy` evaluates the loopy notation's terms into it.

/// A family's functions as one table, a row a function (`ID: name, usage, summary;`), each
/// a static built from its row: `Ty = fields` fills a struct's `name`, `usage` and `summary`
/// fields, `Ty = path, extra` calls `path(name, usage, summary, extra)`; `listed in LIST` also
/// gathers them in a slice, by which the family says which names it handles, so no second list
/// of the names can drift from the first; `handled listed in LIST` also writes that `handles`.
macro_rules! table {
    (handled listed in $list:ident: $($rest:tt)*) => {
        table!(listed in $list: $($rest)*);
        /// Whether `name` is one of this family's functions.
        pub fn handles(name: &str) -> bool {
            $list.iter().any(|f| f.name() == name)
        }
    };
    (listed in $list:ident: $ty:ident = fields; $($id:ident: $name:literal, $usage:literal, $summary:literal;)*) => {
        table!($ty = fields; $($id: $name, $usage, $summary;)*);
        pub static $list: &[&$ty] = &[$(&$id),*];
    };
    (listed in $list:ident: $ty:ident = $new:path, $extra:expr; $($id:ident: $name:literal, $usage:literal, $summary:literal;)*) => {
        table!($ty = $new, $extra; $($id: $name, $usage, $summary;)*);
        pub static $list: &[&$ty] = &[$(&$id),*];
    };
    ($ty:ident = fields; $($id:ident: $name:literal, $usage:literal, $summary:literal;)*) => {
        $(pub static $id: $ty = $ty { name: $name, usage: $usage, summary: $summary };)*
    };
    ($ty:ident = $new:path, $extra:expr; $($id:ident: $name:literal, $usage:literal, $summary:literal;)*) => {
        $(pub static $id: $ty = $new($name, $usage, $summary, $extra);)*
    };
}

/// The three describing methods of [`Function`] for a function whose name, usage and summary
/// are constants: one line of its `impl` in place of three methods.
macro_rules! described {
    ($name:expr, $usage:expr, $summary:expr) => {
        fn name(&self) -> &'static str {
            $name
        }
        fn usage(&self) -> &'static str {
            $usage
        }
        fn summary(&self) -> &'static str {
            $summary
        }
    };
}

/// The three describing methods of [`Function`] for a struct that holds them as its fields
/// `name`, `usage` and `summary`, as most families of functions do (a table of statics).
macro_rules! described_by_fields {
    () => {
        fn name(&self) -> &'static str {
            self.name
        }
        fn usage(&self) -> &'static str {
            self.usage
        }
        fn summary(&self) -> &'static str {
            self.summary
        }
    };
}

mod analysis;
pub mod analysis_check;
mod boards;
mod cgsuite_heaps;
pub mod cgsuite_rulesets_check;
mod depth;
mod games;
pub mod graph_games_check;
pub mod grid_games_check;
mod heap_games;
pub mod heap_games_check;
pub mod integers;
pub mod introspect;
pub mod loopy;
pub mod misere;
pub mod more_rulesets_check;
pub mod nimopen;
pub mod nimroots;
mod numbers;
pub mod predicates;
pub mod products;
pub mod quotient;
pub mod reply;
pub mod rulesets;
pub mod rulesets_check;
pub mod uptimal;
pub mod world;

use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::Dyadic;
use crate::term::{Arg, Term};

/// A function of the expression language.
pub trait Function: Sync {
    /// The name it is called by.
    fn name(&self) -> &'static str;
    /// How to call it, e.g. `cool(G, t)`.
    fn usage(&self) -> &'static str;
    /// What it gives, in one sentence.
    fn summary(&self) -> &'static str;
    /// Its value for these arguments.
    fn value(&self, args: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError>;
    /// One level of its definition, or `None` when the function has no derivation.
    fn open(&self, _args: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        Ok(None)
    }
    /// Checks an opening independently of [`Function::open`]: whether `term` is exactly one
    /// level of the definition at these arguments, re-derived by a second, deliberately naive
    /// implementation (for a ruleset, its own small move generator). `None` when the function
    /// has no independent check; `Some(Err(why))` when the opening is wrong.
    fn check_open(&self, _args: &[Arg], _term: &Term) -> Option<Result<(), String>> {
        None
    }
    /// The moves of the position these arguments name, each in words beside the option it
    /// gives (as [`Function::open`] writes it), for a reader of an opening step: which move
    /// gives which option. `None` for a function that is no ruleset, or whose moves have no
    /// readable description yet.
    fn moves(&self, _args: &[Arg]) -> Option<Vec<Move>> {
        None
    }
    /// Whether its value depends only on the values of its game arguments, so a proof may
    /// simplify an argument inside the call (a path's `arg<i>`). True for every function of
    /// games; false for one that reads the form as written (the birthday of a form).
    fn congruent(&self) -> bool {
        true
    }
}

/// One move of a ruleset's position, described for a reader (the page's opening steps).
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    /// Who makes it: `"Left"`, `"Right"`, or `"either"` in an impartial game (listed once,
    /// its option found among Left's).
    pub player: &'static str,
    /// The move in words ("take 2 from the heap of 5, leaving 1 and 2").
    pub words: String,
    /// The position after the move as the ruleset draws it (a board's rows), when it draws
    /// one; Right's moves too are drawn as the position they leave, never as the negated
    /// transpose the option may be written as.
    pub board: Option<String>,
    /// The squares the move fills on a board (row, column from 1).
    pub cells: Vec<[usize; 2]>,
    /// The option it gives, as the opening writes it.
    pub option: Term,
    /// The position the move leaves, named as a call that reads back to the option's value
    /// (`domineering("##|..")`), when the opening writes the option otherwise (Domineering
    /// writes each option as the sum of its regions, each turned to its least orientation, so
    /// a Right move's option reads `-domineering(".|.")`): the page names the option so.
    pub leaves: Option<Term>,
}

impl Move {
    /// A move drawn as no board: who makes it, its words and the option it gives.
    pub(crate) fn in_words(player: &'static str, words: String, option: Term) -> Move {
        Move {
            player,
            words,
            board: None,
            cells: Vec::new(),
            option,
            leaves: None,
        }
    }
}

/// One level of a function's definition: the call equals `term`, by the named rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// What the call equals.
    pub term: Term,
    /// The rule's name, as a derivation step names it.
    pub rule: &'static str,
    /// The rule's statement instantiated, in words.
    pub says: String,
    /// Where the definition comes from.
    pub cite: &'static str,
}

/// Every function, one entry per function; each family module lists its own.
pub static REGISTRY: &[&dyn Function] = &[
    &games::Birthday,
    &games::CanonicalForm,
    &games::GameValue,
    &analysis::Cool,
    &analysis::Heat,
    &analysis::Overheat,
    &analysis::Freeze,
    &analysis::Norton,
    &analysis::Reduced,
    &analysis::AtomicWeight,
    &analysis::Temperature,
    &analysis::Mean,
    &analysis::LeftStop,
    &analysis::RightStop,
    &boards::DOMINEERING,
    &boards::CLOBBER,
    &boards::TOADS,
    &rulesets::Cutcake,
    &rulesets::OCTAL,
    &rulesets::SUBTRACTION,
    &rulesets::Nim,
    &heap_games::TAKE_AND_BREAK,
    &heap_games::GRUNDY,
    &heap_games::Wythoff,
    &boards::TOPPLING_DOMINOES,
    &cgsuite_heaps::Mem,
    &cgsuite_heaps::Spawning,
    &cgsuite_heaps::TAKE_AWAY,
    &cgsuite_heaps::FIBONACCI_NIM,
    &cgsuite_heaps::MaundyCake,
    &cgsuite_heaps::Turning,
    &boards::TOADS_AND_FROGS,
    &boards::ELEPHANTS_AND_RHINOS,
    &boards::PARTIZAN_ARC_KAYLES,
    &boards::ANTI_CLOBBER,
    &heap_games::GRUNDYS_GAME,
    &boards::HACKENBUSH,
    &boards::SNORT,
    &boards::COL,
    &boards::ARC_KAYLES,
    &boards::CHILDISH_HACKENBUSH,
    &boards::CRAM,
    &boards::KINGS,
    &boards::ROOKS,
    &boards::KNIGHTS,
    &boards::QUEENS,
    &boards::AMAZONS,
    &numbers::OMEGA,
    &numbers::EPSILON,
    &numbers::NIM,
    &numbers::MUL,
    &numbers::DIV,
    &numbers::POWER,
    &numbers::SQRT,
    &numbers::NIMMUL,
    &numbers::NIMDIV,
    &numbers::NIMINV,
    &numbers::NIMSQRT,
    &numbers::NIMPOW,
    &numbers::NIMSOLVE,
    &numbers::OSUM,
    &numbers::OPROD,
    &numbers::HS,
    &numbers::SBIRTHDAY,
    &numbers::FORMBIRTHDAY,
    &numbers::CUT,
    &misere::MISERE,
    &misere::CANONICAL,
    &misere::OUTCOME,
    &misere::NIM_VALUE,
    &misere::GENUS,
    &misere::MATE,
    &misere::BIRTHDAY,
    &misere::OPTIONS,
    &misere::IS_TAME,
    &misere::IS_GENERALLY_TAME,
    &misere::IS_RESTIVE,
    &misere::IS_GENERALLY_RESTIVE,
    &misere::IS_RESTLESS,
    &misere::IS_INTROVERTED,
    &misere::IS_NIM_HEAP,
    &misere::IS_EXTRAVERTED,
    &misere::IS_HALF_TAME,
    &misere::IS_PRIME,
    &misere::IS_TAMEABLE,
    &misere::PARTS,
    &misere::PARTITIONS,
    &misere::MINUS,
    &misere::LINK,
    &misere::IS_LINKED_TO,
    &misere::DISTINGUISHER,
    &misere::DAY_N,
    &misere::IS_EVEN,
    &misere::IS_ODD,
    &misere::KAYLES,
    &misere::DAWSONS,
    &quotient::QUOTIENT,
    &quotient::ORDER,
    &quotient::P_PORTION,
    &quotient::PRETENDING,
    &quotient::TABLE,
    &quotient::JSON,
    &quotient::GRID,
    &quotient::SWEEP,
    &introspect::OPTIONS,
    &introspect::LEFT_OPTIONS,
    &introspect::RIGHT_OPTIONS,
    &introspect::FOLLOWERS,
    &introspect::FOLLOWER_COUNT,
    &introspect::INCENTIVES,
    &introspect::LEFT_INCENTIVES,
    &introspect::RIGHT_INCENTIVES,
    &introspect::STOP_COUNT,
    &introspect::UPTIMAL_EXPANSION,
    &introspect::COMPANION,
    &SIZE,
    &LoopyName("on"),
    &LoopyName("off"),
    &LoopyName("over"),
    &LoopyName("under"),
    &LoopyName("upon"),
    &LoopyName("dud"),
    &LoopyName("pass"),
    &LoopyName("loop"),
    &LoopyName("backsliding_toads_and_frogs"),
    &LoopyName("sidle"),
    &LoopyName("onside"),
    &LoopyName("offside"),
    &LoopyName("upsum"),
    &LoopyName("downsum"),
    &LoopyName("outcome_class"),
    &LoopyName("outcome"),
    &LoopyName("is_loopfree"),
    &LoopyName("is_stopper"),
    &LoopyName("is_stopper_sided"),
    &LoopyName("is_plumtree"),
    &LoopyName("is_pseudonumber"),
    &LoopyName("is_idempotent"),
    &LoopyName("degree"),
    &LoopyName("variety"),
    &LoopyName("is_stable"),
    &LoopyName("upsum_variety"),
    &LoopyName("downsum_variety"),
    &LoopyName("tiny"),
    &LoopyName("miny"),
    &predicates::IS_ALL_SMALL,
    &predicates::IS_ATOMIC,
    &predicates::IS_FINITE,
    &predicates::IS_EVEN_TEMPERED,
    &predicates::IS_ODD_TEMPERED,
    &predicates::IS_INFINITESIMAL,
    &predicates::IS_NUMBERISH,
    &predicates::IS_NUMBER_TINY,
    &predicates::IS_UPTIMAL,
    &predicates::IS_DYADIC,
    &predicates::IS_ORDINAL,
    &predicates::IS_INTEGER,
    &predicates::IS_NUMBER,
    &predicates::IS_NIMBER,
    &predicates::NIM_VALUE,
    &integers::FLOOR,
    &integers::CEILING,
    &integers::ABS,
    &integers::NUMERATOR,
    &integers::DENOMINATOR,
    &integers::GCD,
    &integers::MOD,
    &integers::INT_DIV,
    &integers::MAX,
    &integers::MIN,
    &integers::SIGN,
    &integers::LB,
    &integers::ISQRT,
    &integers::IS_EVIL,
    &integers::IS_ODIOUS,
    &integers::IS_TWO_POWER,
    &products::CONWAY_PRODUCT,
    &products::ORDINAL_SUM,
    &products::ORDINAL_PRODUCT,
    &products::CONJUNCTIVE_SUM,
    &products::SELECTIVE_SUM,
    &products::POW,
    &products::POW_TO,
    &products::SUBORDINATE,
];

/// `size(L)`: the number of elements of a list (CGSuite's `Collection.Size`), worked out by
/// the number world, which holds lists.
struct Size;

impl Function for Size {
    described!(
        "size",
        "size(L)",
        "the number of elements of a list, such as size(left_options(G)) (CGSuite's Size)"
    );
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        match world::call(kernel, "size", a)? {
            world::Value::Game(g) => Ok(g),
            _ => Err(args::error("size", "its value is not a game")),
        }
    }
}

static SIZE: Size = Size;

/// A name of the loopy notation or a function of loopy games (`loopy`), worked out by the
/// number world, which holds loopy values; the kernel's view is the value when it is a short
/// game (`on + -1` is not, `{pass|pass} - dud` is not either, `onside(1 & 0)` is 1).
struct LoopyName(&'static str);

impl Function for LoopyName {
    fn name(&self) -> &'static str {
        self.0
    }
    fn usage(&self) -> &'static str {
        loopy::NAMES
            .iter()
            .find(|(n, _)| *n == self.0)
            .map_or(self.0, |(_, u)| u.split(':').next().unwrap_or(self.0))
    }
    fn summary(&self) -> &'static str {
        loopy::NAMES
            .iter()
            .find(|(n, _)| *n == self.0)
            .map_or("a loopy game of CGSuite's notation", |(_, u)| {
                u.split_once(": ").map_or(*u, |(_, s)| s)
            })
    }
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        world::as_game(kernel, self.0, a)
    }
}

/// The function called `name`.
pub fn lookup(name: &str) -> Option<&'static dyn Function> {
    REGISTRY.iter().copied().find(|f| f.name() == name)
}

/// The names of all functions, in registry order.
pub fn names() -> impl Iterator<Item = &'static str> {
    REGISTRY.iter().map(|f| f.name())
}

/// The value of `name(args)`; an unknown name is an error listing the functions.
pub fn value(kernel: &mut Kernel, name: &str, args: &[Arg]) -> Result<GameId, KernelError> {
    match lookup(name) {
        Some(f) => f.value(args, kernel),
        None => Err(unknown(name)),
    }
}

/// The error for a call of `name` when no function has that name: the nearest names first
/// (a misspelling or CGSuite's capitalised method name is the usual cause), then all of them.
pub fn unknown(name: &str) -> KernelError {
    let near = nearest(name);
    let hint = match near.as_slice() {
        [] => String::new(),
        [one] => format!("; did you mean `{one}`?"),
        more => format!(
            "; did you mean {}?",
            more.iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    };
    KernelError::Function {
        name: name.to_string(),
        message: format!(
            "unknown function{hint} (the functions are {})",
            names().collect::<Vec<_>>().join(", ")
        ),
        calls: Vec::new(),
    }
}

/// The function names closest to `name`: the same in snake case (CGSuite's `MisereNimValue`
/// is `misere_nim_value`), or else those fewest edits away, if that is at most two (one for
/// short names); at most three.
fn nearest(name: &str) -> Vec<&'static str> {
    let snake = snake_case(name);
    if let Some(f) = lookup(&snake) {
        return vec![f.name()];
    }
    let most = if snake.chars().count() <= 4 { 1 } else { 2 };
    let mut near: Vec<(usize, &'static str)> = names()
        .map(|n| (strsim::levenshtein(&snake, n), n))
        .filter(|&(d, _)| d <= most)
        .collect();
    near.sort();
    near.dedup_by(|a, b| a.1 == b.1);
    let fewest = near.first().map_or(0, |&(d, _)| d);
    near.into_iter()
        .take_while(|&(d, _)| d == fewest)
        .take(3)
        .map(|(_, n)| n)
        .collect()
}

/// `MisereNimValue` → `misere_nim_value`; a name already in snake case stays.
fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The evaluator of the expression language lives here, above the kernel, because it needs
/// the function table; the kernel evaluates everything else in the term.
impl Kernel {
    /// Evaluates a term to its canonical value, resolving its calls ([`Term::Call`]) in the
    /// function table: an unknown name is a [`KernelError::Function`] carrying the call.
    ///
    /// ```
    /// use onag::{parse, Dyadic, Kernel, KernelError};
    /// let mut k = Kernel::new();
    /// let g = k.eval(&parse("birthday({0|1}) + 1").unwrap()).unwrap();
    /// assert_eq!(k.as_number(g), Some(Dyadic::from(3)));
    /// let e = k.eval(&parse("frobnicate(2)").unwrap()).unwrap_err();
    /// assert!(matches!(e, KernelError::Function { ref calls, .. } if calls.len() == 1));
    /// ```
    pub fn eval(&mut self, t: &Term) -> Result<GameId, KernelError> {
        self.eval_with(t, value)
    }
}

/// Reading arguments, with errors that name the function and the argument.
pub mod args {
    use super::*;

    /// An error about `name`'s arguments.
    pub fn error(name: &str, message: impl Into<String>) -> KernelError {
        KernelError::Function {
            name: name.to_string(),
            message: message.into(),
            calls: Vec::new(),
        }
    }

    /// Checks the number of arguments against the usage line.
    pub fn arity(f: &dyn Function, args: &[Arg], n: usize) -> Result<(), KernelError> {
        if args.len() == n {
            Ok(())
        } else {
            Err(error(
                f.name(),
                format!(
                    "expected {n} argument{} ({}), found {}",
                    if n == 1 { "" } else { "s" },
                    f.usage(),
                    args.len()
                ),
            ))
        }
    }

    /// Argument `i` (from 0) as a game's value.
    pub fn game(
        f: &dyn Function,
        args: &[Arg],
        i: usize,
        kernel: &mut Kernel,
    ) -> Result<GameId, KernelError> {
        match args.get(i) {
            Some(Arg::Game(t)) => kernel.eval(t),
            Some(Arg::Text(_)) => Err(error(
                f.name(),
                format!(
                    "argument {} must be a game, not a string ({})",
                    i + 1,
                    f.usage()
                ),
            )),
            None => Err(error(
                f.name(),
                format!("argument {} is missing ({})", i + 1, f.usage()),
            )),
        }
    }

    /// Argument `i` as a number (any expression whose value is a number, such as `1/2` or
    /// `{0|1}`).
    pub fn number(
        f: &dyn Function,
        args: &[Arg],
        i: usize,
        kernel: &mut Kernel,
    ) -> Result<Dyadic, KernelError> {
        let g = game(f, args, i, kernel)?;
        kernel.as_number(g).ok_or_else(|| {
            error(
                f.name(),
                format!(
                    "argument {} must be a number, found {} ({})",
                    i + 1,
                    crate::syntax::print(&kernel.to_shared_term(g, 1000), &Default::default()),
                    f.usage()
                ),
            )
        })
    }

    /// Argument `i` as a quoted string.
    pub fn text<'a>(f: &dyn Function, args: &'a [Arg], i: usize) -> Result<&'a str, KernelError> {
        match args.get(i) {
            Some(Arg::Text(s)) => Ok(s),
            Some(Arg::Game(_)) => Err(error(
                f.name(),
                format!("argument {} must be a quoted string ({})", i + 1, f.usage()),
            )),
            None => Err(error(
                f.name(),
                format!("argument {} is missing ({})", i + 1, f.usage()),
            )),
        }
    }
}

#[cfg(test)]
pub(crate) mod test_eval;
#[cfg(test)]
mod tests;
