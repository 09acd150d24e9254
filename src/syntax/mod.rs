//! Text ⇄ terms, in CGSuite's notation.
//!
//! The notation is CGSuite's where CGSuite has one (braces with runs of bars, `^`/`v`/`*`
//! literals, `+-`, `Tiny(G)`), so that CGSuite output can be pasted in, and it is extended just
//! enough for every [`Term`] to print in a form that parses back:
//!
//! - **n copies** are written `n*G` when G starts with `{`, `(`, `^`, `v`, `*` or a name
//!   (`3*{1|0}`, `2*hs"LR"`, `3*^`), or `n.G` for any G (`3.^`, `2. 1/2`). A `*` between a
//!   number and an integer is their product (`3*2` is 6, as in CGSuite's input language); a
//!   number plus a nimber prints as the sum `3+*2`, read back as the literal it was (CGSuite
//!   prints `3*2`, which its own parser reads as 6). `3*` is 3 + ∗ and `3^*2` stays one
//!   literal: ups are not numbers.
//! - **Spacing never changes the reading**: the parser decides by tokens alone, so `a+b` is
//!   `a + b`, and binary `+ - +-` bind more loosely than `* /`, which bind more loosely than
//!   any literal (`2*3+^` is 6 + ↑, as in CGSuite).
//! - **Hackenstring rows** are `hs"LRE"` (L = Left, R = Right, E = either player's pebble; seed
//!   001's A, B, C are accepted too). A sum of rows is written with `+`.
//! - A `-` directly before a number belongs to it: `-1/2*` is one literal, `-3*{1|0}` is −3
//!   copies, `-1/2Tiny(G)` is −1/2 + Tiny(G); `-(1/2*)` is the negation of a literal.
//! - Nesting of braces, parentheses and prefix operators is capped at [`MAX_NESTING`], so
//!   hostile input gets an error instead of a stack overflow.
//!
//! Inside: `lexer` (characters → tokens), `parser` (tokens → [`Term`], with the grammar in
//! EBNF), `print` (the CGSuite-style printer, slash notation or nested braces), `error`
//! (positions and caret rendering), `uptimal` (CGSuite's uptimal literals) and `quick` (a fast
//! reader for the terms of proof files; anything else goes to the full parser).

mod error;
mod lexer;
mod parser;
mod print;
pub(crate) mod quick;
mod uptimal;

pub use error::ParseError;
pub use parser::MAX_NESTING;

use crate::term::Term;

/// Games whose leaves `leaf` draws (up to `width - 1` options a side), lone games on one side
/// (the slash notation and its reset at the printer's slash limit), sums and negations: the
/// terms the printer's and the quick reader's property tests walk.
#[cfg(test)]
pub(crate) fn arb_games(
    leaf: impl proptest::strategy::Strategy<Value = Term> + 'static,
    width: usize,
) -> impl proptest::strategy::Strategy<Value = Term> {
    use proptest::prelude::*;
    leaf.prop_recursive(8, 64, 4, move |inner| {
        prop_oneof![
            4 => (
                prop::collection::vec(inner.clone(), 0..width),
                prop::collection::vec(inner.clone(), 0..width)
            )
                .prop_map(|(l, r)| Term::game(l, r)),
            3 => (inner.clone(), inner.clone(), any::<bool>()).prop_map(|(a, b, lone_left)| {
                let g = Term::game(vec![a], vec![b]);
                if lone_left {
                    Term::game(vec![g], vec![Term::integer(0)])
                } else {
                    Term::game(vec![Term::integer(0)], vec![g])
                }
            }),
            1 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
            1 => inner.prop_map(Term::neg),
        ]
    })
}

/// How to print.
#[derive(Debug, Clone, Default)]
pub struct PrintOptions {
    /// Use ↑ ↓ ⇑ ⇓ ± and the minus sign − instead of ASCII (`*` stays `*`, as in CGSuite's
    /// graphical output). The parser reads both, so Unicode output round-trips too.
    pub unicode: bool,
    /// Break long terms over several lines to fit this many columns; `None` prints one line.
    pub width: Option<usize>,
    /// Write every option that is a game in its own braces (`{1|{0|-5}}`) instead of CGSuite's
    /// slash notation (`{1||0|-5}`), which a student new to the bars misreads. Both read back
    /// as the same term, in onag and in CGSuite.
    pub braces: bool,
}

/// Parses an expression in CGSuite's notation into a [`Term`], keeping its shape: nothing is
/// evaluated or simplified, so `{0,1|2}` stays a game with two Left options.
///
/// Errors carry a 1-based line and column and render with a caret ([`ParseError::render`]);
/// no input makes it panic.
///
/// ```
/// use onag::{parse, Dyadic, Error, Nimber, Term};
///
/// // More bars bind more loosely: {3||2|1} is {3|{2|1}}.
/// let g = parse("{3||2|1}").unwrap();
/// let inner = Term::game(vec![Term::integer(2)], vec![Term::integer(1)]);
/// assert_eq!(g, Term::game(vec![Term::integer(3)], vec![inner]));
///
/// // Number-up-star literals are one leaf: 1/2 + 2·↓ + ∗3.
/// let x = parse("1/2v2*3").unwrap();
/// assert_eq!(x, Term::Nus { number: "1/2".parse().unwrap(), up: (-2).into(), nim: Nimber::from(3) });
///
/// // Short games have only dyadic numbers; the error points at the fraction.
/// let Err(Error::Parse(e)) = parse("{1/3|}") else { panic!("a parse error") };
/// assert_eq!((e.line, e.column), (1, 2));
/// assert!(e.render().contains(" ^^^"));
///
/// // {3|2|1} is ambiguous: which bar is the outer one?
/// assert!(parse("{3|2|1}").is_err());
/// ```
pub fn parse(src: &str) -> Result<Term, ParseError> {
    parser::parse(src)
}

/// The error `message`, about a call that failed while being evaluated, at the first place in
/// `src` where one of `calls` is written: the innermost first (`calls` as
/// [`KernelError::Function`](crate::kernel::KernelError::Function) lists them), falling back
/// to the calls around it when the failing one was built during evaluation rather than written.
/// `None` when none of them is written in `src` (a term built by a program). The error renders
/// the parser's caret under the call, or under the infinite brace, which is a call of `cut`.
pub fn call_error(src: &str, calls: &[Term], message: &str) -> Option<ParseError> {
    calls.iter().find_map(|c| {
        parser::locate_call(src, false, c).map(|span| ParseError::at(src, span, message))
    })
}

/// [`parse`], also reading `#n`, a proof's reference to entry n of its term table
/// ([`Term::Ref`]); used to read proofs back.
pub fn parse_with_refs(src: &str) -> Result<Term, ParseError> {
    parser::parse_as(src, true)
}

/// [`parse_with_refs`] for the many small terms of a proof file: games in braces, references,
/// integers and nimbers are read by a quick reader of their own (the same terms, property
/// tested), anything else and every error by the full parser.
pub fn parse_proof_term(src: &str) -> Result<Term, ParseError> {
    match quick::quick(src) {
        Some(t) => Ok(t),
        None => parse_with_refs(src),
    }
}

/// Prints a term in CGSuite notation: numbers as integers or improper fractions, number-up-star
/// concatenated (`1/2v2*3`), switches as `+-`, `xTiny(G)`, and games in slash notation with
/// lone subgames unbraced (`{3||2*|1*}`).
///
/// The output parses back to the same term, so it is safe to store or paste.
///
/// ```
/// use onag::{parse, print, PrintOptions};
///
/// let t = parse("{3|{2*|1*}}").unwrap();
/// assert_eq!(print(&t, &PrintOptions::default()), "{3||2*|1*}");
///
/// let unicode = PrintOptions { unicode: true, ..Default::default() };
/// assert_eq!(print(&parse("+-{^^*, v3}").unwrap(), &unicode), "±{⇑*,↓3}");
/// assert_eq!(parse(&print(&t, &unicode)).unwrap(), t);
/// ```
pub fn print(t: &Term, opts: &PrintOptions) -> String {
    print::print(t, opts)
}

/// [`print()`] appended to `out` (a writer of many terms reuses one buffer).
pub(crate) fn print_into(t: &Term, opts: &PrintOptions, out: &mut String) {
    print::print_into(t, opts, out)
}

/// A term displays as the one printer writes it with default options: ASCII, CGSuite's
/// notation, so `format!("{t}")` reads back with `parse` to the same term.
///
/// ```
/// let t = onag::parse("{3|{2*|1*}} + ^^*").unwrap();
/// assert_eq!(t.to_string(), "{3||2*|1*} + ^^*");
/// assert_eq!(onag::parse(&t.to_string()).unwrap(), t);
/// ```
impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&print(self, &PrintOptions::default()))
    }
}
