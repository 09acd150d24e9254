//! Tokens → [`Term`]: a recursive-descent parser with a depth guard.
//!
//! Grammar (whitespace is free between tokens):
//!
//! ```text
//! input    = shared ;
//! shared   = expr [ "where" def { "," def } ] ;         `where` binds loosest
//! def      = NAME "=" expr ;                            uses only names defined before it
//! expr     = product { ("+" | "-" | "+-") product } ;  left-assoc; a +- b = a + (+-b)
//! product  = unary { op unary } ;                      left-assoc, binds tighter than +
//! op       = "⊗" | "(x)"                               nim product: nimmul(a, b)
//!          | "×" | "·" | "*" (spaced, see below)       product: mul(a, b)
//!          | "/"                                       quotient: div(a, b)
//! unary    = "-" INT literal-rest                      signed literal: -1/2*, -3^, -3*{..}
//!          | "-" INT pow                               -(INT^e): -2^40 = −(2^40)
//!          | "-" unary | "+" unary | "+-" pm ;
//! pm       = "{" options "}"                           a set (no bars) or a game
//!          | unary ;
//! primary  = literal | "{" game "}" | "(" shared ")"
//!          | "Tiny" "(" expr ")" | "Miny" "(" expr ")"
//!          | "hs" STRING
//!          | NAME "(" [ arg { "," arg } ] ")"             a function (crate::functions)
//!          | NAME ;                                     defined by an enclosing `where`
//!          | ("w" | "ω" | "omega") [ "^" unary ]         omega() or omega(e) = ω^e
//!          | "ε" | "epsilon"                             epsilon() = 1/ω
//!          | "*" ( "(" expr ")" | "w" )                  nim(α): the transfinite nimber *α
//!          | "hs" STRING ;                               with ( ) or spaces: hs("…"), a
//!                                                        recurring (infinite) row
//! arg      = STRING | expr ;
//! pow      = base POW exponent                          power(base, e), right-associative:
//! base     = INT | NAME | call | "(" shared ")"         3^2^2^2 = 3^(2^(2^2)); `2/3^2` = 2/9
//! exponent = ( INT | "(" shared ")" ) [ POW exponent ] ;
//!   POW is a lone ASCII `^` after a number, a name or `)` and before a digit or `(`, spaces
//!   allowed (`3 ^ 2` = 9); before `^`, `*`, `<`, `[` or anything else it is up (`1^^`, `6^*`).
//! literal  = INT [ "/" INT ] ( "*" unary  (if it starts with { ( ^ v * or a name): n copies
//!                            | "." unary                                   n copies
//!                            | ("Tiny"|"Miny") "(" expr ")"                number + Tiny(G)
//!                            | uptimal                                     number + uptimal
//!                            | ups [ star ] | "*" | ε )       (`*` INT after a number: product)
//!          | ups [ star ] | star ;
//! ups      = ("^" | "v") [ INT ] | "^^"… | "vv"… ;
//! star     = "*" [ INT ] ;
//!
//! **Spacing never changes the reading**: every rule above is decided by the tokens alone, so
//! `a+b` is `a + b` and `2^*3` is `2^ * 3`. Binary `+`, `-`, `+-` bind more loosely than `*`,
//! `/`, `⊗`, which bind more loosely than a literal; no literal swallows a `+`: `2*3+^` is
//! 6 + ↑ and `+-2+v*` is (±2) + ↓∗, as in CGSuite, whose lexer drops spaces.
//!
//! A `*` between a number and an integer is the product: `2*3` is 6, as in CGSuite's input
//! language. After ups (or an uptimal) a `*` is the literal's star and an integer after it its
//! index (`2^*3`, `1/2v2*3`, `^<2>*3`; CGSuite's `upstarExpr` reads `^ * 3` as ↑∗3 too); to
//! multiply such a literal, parenthesise it: `(2^) * 3`. A `*` with no integer after it is a
//! star (`2*` is 2 + ∗).
//!
//! A number plus n·↑ (n ≥ 3) or plus ∗k (k ≥ 2) cannot touch the number (`3^5` is 243, `2*3`
//! is 6), so it is written `3+^5`, `2+*3`: an ordinary sum, which the parser keeps as the one
//! literal the printer wrote (`joins`) when the number is a bare literal and the ups or star
//! follow the `+` bare; the value is the sum's either way. A non-dyadic fraction such as `1/3` is
//! div(1, 3) outside braces (a surreal number) and an error inside them (short games have
//! only dyadic numbers).
//! game     = options { BARS options } ;                 the bar runs decide the nesting;
//!                                                      one list and no bar: {a,b} = {a,b|a,b}
//! options  = [ expr { "," expr } ] ;
//! ```
//!
//! A `where` sits at the top or inside parentheses, where its commas cannot be read as
//! option separators. Its names are checked once the whole `where` is read: the body may use
//! every one, a definition only those before it (so no cycle can be written), no name is
//! defined twice in one `where`, and none is a keyword (`Tiny`, `Miny`, `hs`, `where`, `w`,
//! `omega`, `epsilon`). An inner `where` may reuse an outer name; the inner one is meant inside.
//!
//! The parser does not know the functions: `name(…)` is a [`Term::Call`] whatever the name,
//! and the step that evaluates or checks the term resolves it, reporting an unknown name at
//! the call with a caret (`syntax::call_error`).

use super::error::{ParseError, Span};
use super::lexer::{lex, Tok, Token};
use crate::number::{Dyadic, Nimber};
use crate::term::{Arg, Pebble, Term};
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::Zero;

/// The call `name(args)`, as the notation's sugar (`*w`, `hs"…"`, `1/3`) is read.
fn call(name: &str, args: Vec<Arg>) -> Term {
    Term::Call {
        name: name.to_string(),
        args,
    }
}

/// The span of the `k`th character of a Hackenstring row quoted at `quoted` (inside the quotes).
fn pebble_at(quoted: Span, k: usize) -> Span {
    let mut a = quoted.start;
    a.column += 1 + k;
    let mut b = a;
    b.column += 1;
    Span::new(a, b)
}

/// ω's names: `w`, `omega` (and `ω`, which the lexer reads as `w`).
fn is_omega(name: &str) -> bool {
    name == "w" || name == "omega"
}

/// How deeply braces, parentheses and prefix operators may nest; each `+`, `-` or `+-` of a
/// sum counts as a level too, since sums nest in the term.
///
/// Recursive descent uses the call stack, so unbounded nesting would overflow it on an input
/// like a million `{`. Each level costs about 2 KiB of stack, so 500 levels take about 1 MiB:
/// parsing, printing and dropping the deepest legal term fit in the 2 MiB stack Rust gives
/// spawned threads (test threads included). That is far beyond any game a person writes or
/// CGSuite prints: a canonical form nests no deeper than its birthday.
pub const MAX_NESTING: usize = 500;

/// Most nodes the one list of an infinite one-set brace may have: it is copied to both sides.
const MAX_COPIED_LIST: usize = 256;

/// `n/d` (d > 0) as a dyadic rational, or `None` when it is not one.
///
/// The fraction is dyadic exactly when the odd part of d divides n, so one division decides it.
/// `Dyadic::from_fraction` reduces by a gcd first, whose binary algorithm takes minutes on a
/// numerator of a million digits; this takes milliseconds when d is a power of two.
fn dyadic_fraction(n: &BigInt, d: &BigInt) -> Option<Dyadic> {
    let tz = d.trailing_zeros()?;
    let odd = d >> tz;
    if odd == BigInt::from(1) {
        return Some(Dyadic::new(n.clone(), tz));
    }
    let (q, r) = n.div_rem(&odd);
    r.is_zero().then(|| Dyadic::new(q, tz))
}

/// A run of decimal digits as an integer, by halves: `hi·10^k + lo`. `BigInt`'s own parser
/// is quadratic (a million digits take seconds); splitting lets the big multiplications use
/// Karatsuba, so a million digits take a fraction of a second.
fn parse_decimal(digits: &str) -> Option<BigInt> {
    const CHUNK: usize = 2_000;
    if digits.len() <= CHUNK {
        return digits.parse().ok();
    }
    // Digits are ASCII, so any byte index is a character boundary.
    let k = digits.len() / 2;
    let (hi, lo) = digits.split_at(digits.len() - k);
    let scale = BigInt::from(10u32).pow(u32::try_from(k).ok()?);
    Some(parse_decimal(hi)? * scale + parse_decimal(lo)?)
}

/// An integer for an error message: in full when short, else by its size (the caret shows the
/// literal), so that an error about a million-digit literal neither takes seconds to format
/// (decimal printing is quadratic) nor is itself a megabyte.
fn short(n: &BigInt) -> String {
    if n.bits() <= 128 {
        n.to_string()
    } else {
        format!(
            "(an integer of about {} digits)",
            (n.bits() as f64 * std::f64::consts::LOG10_2) as u64 + 1
        )
    }
}

pub(crate) fn parse(src: &str) -> Result<Term, ParseError> {
    parse_as(src, false)
}

/// `parse`, also reading `#n` references into a term table when `refs` is set.
pub(crate) fn parse_as(src: &str, refs: bool) -> Result<Term, ParseError> {
    parse_recording(src, refs, None)
}

/// Where the call `call` is written in `src` (a [`Term::Call`], including the `cut` of an
/// infinite brace): the span of its first occurrence, from its name (or first operand, or `{`)
/// to its last token. Parses `src` again, recording every call, so the ordinary parse pays
/// nothing for it: this is asked only when evaluating a call has failed.
pub(crate) fn locate_call(src: &str, refs: bool, call: &Term) -> Option<Span> {
    let mut calls = Vec::new();
    parse_recording(src, refs, Some(&mut calls)).ok()?;
    calls
        .into_iter()
        .filter(|(_, t)| t == call)
        .map(|(span, _)| span)
        .min_by_key(|s| (s.start.line, s.start.column))
}

/// `parse_as`, pushing each call's span and term to `calls` when given.
fn parse_recording(
    src: &str,
    refs: bool,
    calls: Option<&mut Vec<(Span, Term)>>,
) -> Result<Term, ParseError> {
    let toks = lex(src).map_err(|e| ParseError::at(src, e.span, e.message))?;
    let has_where = toks
        .iter()
        .any(|t| matches!(&t.tok, Tok::Ident(w) if w == WHERE));
    let mut p = Parser {
        src,
        toks,
        i: 0,
        depth: 0,
        braces: 0,
        refs,
        has_where,
        uses: Vec::new(),
        calls,
        labels: Vec::new(),
    };
    if p.peek() == &Tok::Eof {
        return Err(p.error_here("empty input: expected a game or an expression"));
    }
    let t = p.shared()?;
    if p.peek() != &Tok::Eof {
        return Err(p.expected("an operator (`+`, `-`, `+-`) or the end of the input"));
    }
    if let Some((name, span)) = p.uses.first().cloned() {
        let hint = spelled_out(&name).map_or(String::new(), |m| format!(" (did you mean `{m}`?)"));
        return Err(p.error(
            span,
            format!("unknown name `{name}`: no `where` around it defines it{hint}"),
        ));
    }
    Ok(t)
}

/// The notation for a game written as its English name (`up` for `^`), which the parser does not
/// read as a name: the hint for a newcomer who typed the word.
fn spelled_out(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "up" => "^",
        "down" => "v",
        "star" => "*",
        "upstar" | "up_star" => "^*",
        "downstar" | "down_star" => "v*",
        "doubleup" | "double_up" => "^^",
        "zero" => "0",
        "half" => "1/2",
        "tiny" => "Tiny(2)",
        "miny" => "Miny(2)",
        _ => return None,
    })
}

/// Whether the sum `a + b` is read as one number-up-star literal: `a` a number (a bare
/// literal) and `b` the ups and star that the printer joins to a number with a `+`, since they
/// cannot touch it otherwise: n·↑ for n ≥ 3 (`3^5` is the power 243, so 3 + 5·↑ is `3+^5`),
/// or ∗k for k ≥ 2 (`2*3` is the product 6, so 2 + ∗3 is `2+*3`). The value is the sum's
/// either way; reading it as the literal gives back the very term printed. The parser joins
/// them only when `b` is written bare after the `+` (`3 + (^5)` stays a sum), whatever the
/// spacing, and the printer parenthesises such a `b` in a sum it prints.
pub(crate) fn joins(a: &Term, b: &Term) -> bool {
    let Term::Nus {
        number: x,
        up: ux,
        nim: nx,
    } = a
    else {
        return false;
    };
    let Term::Nus { number, up, nim } = b else {
        return false;
    };
    !x.is_zero() && ux.is_zero() && nx.is_zero() && number.is_zero() && written_with_plus(up, nim)
}

/// Whether a token after `*` starts a game the `*` multiplies (`3*{1|0}`, `3*^`, `1/2 * ^`)
/// rather than ends a number-up-star literal: the tokens both readers of a number then `*`
/// share (the number-up-star reader takes an integer there too: `2*3` is 6).
fn starts_a_factor(t: &Tok) -> bool {
    matches!(
        t,
        Tok::LBrace
            | Tok::LParen
            | Tok::Ident(_)
            | Tok::Str(_)
            | Tok::Up(_)
            | Tok::Down(_)
            | Tok::Star
            | Tok::Uptimal { .. }
            | Tok::Hash(_)
    )
}

/// Whether the ups and star after a nonzero number are written with a `+` (see [`joins`]).
pub(crate) fn written_with_plus(up: &BigInt, nim: &Nimber) -> bool {
    *up > BigInt::from(2) || (up.is_zero() && !nim.is_zero() && nim.to_u64() != Some(1))
}

/// The function a power `a^b` calls (`crate::functions::world`).
pub(crate) const POWER: &str = "power";

/// The keyword that introduces definitions.
const WHERE: &str = "where";

/// Names with a meaning of their own, which a `where` cannot define: ω and ε are read as calls
/// without parentheses. Any other name, a function's included, may be defined: `name(` is
/// always a call and a bare name never is.
pub(crate) const KEYWORDS: [&str; 14] = [
    "Tiny", "Miny", "hs", WHERE, "w", "omega", "epsilon", "on", "off", "over", "under", "upon",
    "dud", "pass",
];

/// CGSuite's named loopy games, read as calls without parentheses (`on` is `on()`): `on`
/// `{pass|}`, `off` `{|pass}`, `over` `{0|pass}`, `under` `{pass|0}`, `upon` `{pass|*}`,
/// `dud` `{pass|pass}` (`crate::loopy`).
pub(crate) const LOOPY_CONSTANTS: [&str; 6] = ["on", "off", "over", "under", "upon", "dud"];

/// The call a labelled brace is read as: `a{0|a}` is `loop("a", {0|a})`, the name `a` inside it
/// a [`Term::Name`] that refers back to the braces (a cycle in the game graph).
pub(crate) const LOOP: &str = "loop";

/// The call `pass` is read as, inside braces: a move to the game whose option it is.
pub(crate) const PASS: &str = "pass";

/// The call `A & B` is read as.
pub(crate) const SIDLE: &str = "sidle";

struct Parser<'s> {
    src: &'s str,
    toks: Vec<Token>,
    i: usize,
    depth: usize,
    /// How many braces enclose the current position (a game's options must be short games).
    braces: usize,
    /// Whether `#n` (a proof's reference to its term table) is a term here.
    refs: bool,
    /// Whether the input has a `where` anywhere: without one a bare name is an error at once,
    /// with one it may be defined later in the text.
    has_where: bool,
    /// Names used and not yet matched with a definition, innermost last: each `where` takes
    /// those its definitions answer and leaves the rest to the `where`s around it.
    uses: Vec<(String, Span)>,
    /// Every call parsed and its span, when a caller asked where a call is (`locate_call`).
    calls: Option<&'s mut Vec<(Span, Term)>>,
    /// The labels of the loopy braces being read (`a{…}`), innermost last, with their places:
    /// inside them the name refers back to the braces. A label is scoped to its braces, as in
    /// CGSuite: `a{0|a} + a{a|0}` defines two labels `a`, but one inside another's braces is
    /// an error (CGSuite's "Duplicate var").
    labels: Vec<(String, Span)>,
}

/// Which separator ended an option list inside braces.
struct Body {
    lists: Vec<Vec<Term>>,
    seps: Vec<(usize, Span)>,
    /// The span of a `…` ending a list, for each list that has one.
    goes_on: Vec<Option<Span>>,
}

/// Why a Hackenstring row may not trail off with `...` (seed 001 writes π's row that way).
const ROW_GOES_ON: &str = "a row cannot go on with `...`: onag cannot guess the pebbles that follow. An infinite row is written with a recurring part in parentheses (A B ( B A ) is 1/3, L(L) is ω); a row with no recurring part, like seed 001's pi = A A A A B B B A B B A B B B B A A A ..., is a real number that is not rational, which has no finite normal form with rational coefficients and is outside what onag represents. Drop the `...` for the dyadic its first pebbles give";

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].tok
    }
    fn peek_at(&self, k: usize) -> &Tok {
        let j = (self.i + k).min(self.toks.len() - 1);
        &self.toks[j].tok
    }
    fn span(&self) -> Span {
        self.toks[self.i].span
    }
    fn prev_span(&self) -> Span {
        self.toks[self.i.saturating_sub(1)].span
    }
    fn bump(&mut self) -> Token {
        let t = self.toks[self.i].clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }
    #[inline(never)]
    fn error(&self, span: Span, msg: impl Into<String>) -> ParseError {
        ParseError::at(self.src, span, msg)
    }
    #[inline(never)]
    fn error_here(&self, msg: impl Into<String>) -> ParseError {
        self.error(self.span(), msg)
    }
    #[inline(never)]
    fn expect(&mut self, tok: Tok, what: &str) -> Result<Span, ParseError> {
        if *self.peek() == tok {
            Ok(self.bump().span)
        } else {
            Err(self.expected(what))
        }
    }

    /// The one wording of every "expected …, found …" error, pointing at the token found.
    #[inline(never)]
    fn expected(&self, what: &str) -> ParseError {
        self.error_here(format!("expected {what}, found {}", self.peek().describe()))
    }

    /// Enters one level of nesting, refusing to go past [`MAX_NESTING`].
    /// Called just after consuming the token that opens the level, which the error points at.
    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error(self.prev_span(), format!(
                "nested too deeply: at most {MAX_NESTING} levels of braces, parentheses, prefix operators and terms of a sum"
            )));
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    // The functions on the recursive path (expr, unary, primary, braces, brace_body) keep
    // their frames small by sending rare and bulky work to `#[inline(never)]` helpers: the
    // stack cost per nesting level is what bounds MAX_NESTING.
    fn expr(&mut self) -> Result<Term, ParseError> {
        let first = self.sum()?;
        if *self.peek() == Tok::Amp {
            return self.sidling(first);
        }
        Ok(first)
    }

    fn sum(&mut self) -> Result<Term, ParseError> {
        let first = self.product()?;
        if matches!(self.peek(), Tok::Plus | Tok::Minus | Tok::PlusMinus) {
            self.sum_tail(first)
        } else {
            Ok(first)
        }
    }

    /// `A & B`: the loopy value with onside A and offside B (CGSuite's sidling operator, which
    /// binds more loosely than `+`), the call `sidle(A, B)`.
    #[inline(never)]
    fn sidling(&mut self, onside: Term) -> Result<Term, ParseError> {
        let amp = self.bump().span;
        self.enter()?;
        let offside = self.sum()?;
        self.leave();
        if *self.peek() == Tok::Amp {
            return Err(self.error_here(
                "a sided value has one onside and one offside: write (A & B) to use it in another",
            ));
        }
        Ok(self.call2(amp, SIDLE, onside, offside))
    }

    /// The rest of a sum. Sums nest to the left in the term (`a + b + c` is `(a + b) + c`),
    /// so each operator counts as a level of nesting: a sum of a million terms would otherwise
    /// make a term too deep to print or even drop without overflowing the stack.
    #[inline(never)]
    fn sum_tail(&mut self, mut acc: Term) -> Result<Term, ParseError> {
        let mut levels = 0;
        loop {
            let op = self.peek().clone();
            if !matches!(op, Tok::Plus | Tok::Minus | Tok::PlusMinus) {
                self.depth -= levels;
                return Ok(acc);
            }
            self.bump();
            self.enter()?;
            levels += 1;
            acc = match op {
                Tok::Plus => {
                    // `3+^5` and `2+*3` (spaced or not) are the one literal the printer writes
                    // so (see `joins`); an operand in parentheses stays a sum (`3 + (^5)`).
                    let bare = matches!(self.peek(), Tok::Up(_) | Tok::Star);
                    let b = self.product()?;
                    match (bare && joins(&acc, &b), acc, b) {
                        (true, Term::Nus { number, .. }, Term::Nus { up, nim, .. }) => {
                            Term::Nus { number, up, nim }
                        }
                        (_, acc, b) => Term::sum(acc, b),
                    }
                }
                Tok::Minus => Term::sum(acc, Term::neg(self.product()?)),
                _ => {
                    let start = self.span();
                    let t = self.plus_minus_operand()?;
                    let t = if self.product_op().is_some() {
                        self.product_tail(start, t)?
                    } else {
                        t
                    };
                    Term::sum(acc, t)
                }
            };
        }
    }

    /// A product: unary operands joined by `⊗`, `(x)`, `×`, `*` or `/` (calls of nimmul, mul
    /// and div), left-associative.
    fn product(&mut self) -> Result<Term, ParseError> {
        let start = self.span();
        let first = self.unary()?;
        if self.product_op().is_some() {
            self.product_tail(start, first)
        } else {
            Ok(first)
        }
    }

    /// The function a product operator at the cursor calls, and how many tokens it spans.
    fn product_op(&self) -> Option<(&'static str, usize)> {
        match self.peek() {
            Tok::NimTimes => Some(("nimmul", 1)),
            Tok::Times | Tok::Star => Some(("mul", 1)),
            Tok::Slash => Some(("div", 1)),
            Tok::LParen
                if matches!(self.peek_at(1), Tok::Ident(x) if x == "x")
                    && *self.peek_at(2) == Tok::RParen =>
            {
                Some(("nimmul", 3))
            }
            _ => None,
        }
    }

    #[inline(never)]
    fn product_tail(&mut self, start: Span, mut acc: Term) -> Result<Term, ParseError> {
        let mut levels = 0;
        while let Some((name, width)) = self.product_op() {
            for _ in 0..width {
                self.bump();
            }
            self.enter()?;
            levels += 1;
            let rhs = self.unary()?;
            acc = self.call2(start, name, acc, rhs);
        }
        self.depth -= levels;
        Ok(acc)
    }

    /// A unary term, its span recorded if it is a call and calls are being recorded.
    fn unary(&mut self) -> Result<Term, ParseError> {
        let start = self.span();
        let t = self.unary_term()?;
        self.record(start, &t);
        Ok(t)
    }

    /// Records `t` as written from `start` to the last token read, if it is a call and calls
    /// are being recorded.
    /// The call `name(a, b)` an operator stands for (`a & b`, `a * b`, `a ^ b`…), recorded from
    /// `start`.
    fn call2(&mut self, start: Span, name: &str, a: Term, b: Term) -> Term {
        let t = call(name, vec![Arg::Game(a), Arg::Game(b)]);
        self.record(start, &t);
        t
    }

    fn record(&mut self, start: Span, t: &Term) {
        if let (Some(calls), Term::Call { .. }) = (self.calls.as_deref_mut(), t) {
            let end = self.toks[self.i.saturating_sub(1)].span;
            calls.push((start.to(end), t.clone()));
        }
    }

    fn unary_term(&mut self) -> Result<Term, ParseError> {
        match self.peek() {
            Tok::Minus if matches!(self.peek_at(1), Tok::Int(_)) => {
                let start = self.bump().span;
                self.literal(Some(start))
            }
            Tok::Minus => {
                self.bump();
                self.enter()?;
                let t = self.unary()?;
                self.leave();
                Ok(Term::neg(t))
            }
            Tok::Plus => {
                self.bump();
                self.enter()?;
                let t = self.unary()?;
                self.leave();
                Ok(t)
            }
            Tok::PlusMinus => {
                self.bump();
                self.plus_minus_operand()
            }
            _ => self.primary(),
        }
    }

    /// After `+-`: a braced set `{a,b}` means `±{a,b}`; anything else is one option.
    #[inline(never)]
    fn plus_minus_operand(&mut self) -> Result<Term, ParseError> {
        self.enter()?;
        let t = if *self.peek() == Tok::LBrace {
            let open = self.bump().span;
            self.braces += 1;
            let body = self.brace_body(open);
            self.braces -= 1;
            let body = body?;
            if body.seps.is_empty() {
                Term::PlusMinus(body.lists.into_iter().next().unwrap_or_default())
            } else {
                Term::PlusMinus(vec![self.build_game(body)?])
            }
        } else {
            Term::PlusMinus(vec![self.unary()?])
        };
        self.leave();
        Ok(t)
    }

    fn primary(&mut self) -> Result<Term, ParseError> {
        // A huge input stops at the memory limit (when the program counts allocation), at the
        // term it had reached.
        if let Err(m) = crate::memory::check_process() {
            return Err(self.error_here(format!("{}: {m}", crate::memory::LIMIT_REACHED)));
        }
        match self.peek() {
            Tok::Int(_) => self.literal(None),
            Tok::Star
                if matches!(self.peek_at(1), Tok::LParen)
                    || matches!(self.peek_at(1), Tok::Ident(n) if is_omega(n)) =>
            {
                self.transfinite_nimber()
            }
            Tok::Up(_) | Tok::Down(_) | Tok::Star => self.nus_suffix(Dyadic::zero(), false),
            Tok::Uptimal { .. } => self.uptimal(),
            Tok::LBrace => self.braces(),
            Tok::LParen | Tok::Ident(_) => {
                let start = self.span();
                let t = if *self.peek() == Tok::LParen {
                    self.parens()?
                } else {
                    self.name()?
                };
                self.power_tail(start, t)
            }
            Tok::Hash(_) => self.reference(),
            Tok::Misere(_) => self.misere_form(),
            _ => Err(self.not_a_game()),
        }
    }

    /// `{0,1,2,…|}`, `{0|1,1/2,1/4,…}`: option lists that go on as the progression their terms
    /// show (seed 000 II.5b), kept as the call cut({L|R}, "left" | "right" | "both"); the
    /// number world infers the progressions and applies the simplicity rule.
    #[inline(never)]
    fn infinite_braces(&mut self, mut body: Body, span: Span) -> Result<Term, ParseError> {
        // One list and no bar, `{0,*,*2,…}`: the impartial game with those options for both
        // players (seed 003 §7: mex{0, *, *2, …} = *ω).
        if body.seps.is_empty() && body.lists.len() == 1 {
            // The list is copied to Right's side: bounded, so that nested infinite braces
            // cannot double at every level (their options are numbers and nimbers anyway).
            if !crate::term::size_within(&body.lists[0], MAX_COPIED_LIST) {
                return Err(self.error(
                    span,
                    format!("the options of a one-set brace that goes on (`{{0, *, *2, …}}`) may have at most {MAX_COPIED_LIST} nodes in all; write both sides, {{L, … | R, …}}"),
                ));
            }
            let list = body.lists[0].clone();
            body.lists.push(list);
            body.goes_on.push(body.goes_on[0]);
            body.seps.push((1, span));
        }
        if body.seps.len() != 1 || body.seps[0].0 != 1 {
            return Err(self.error(
                span,
                "a list that goes on (`…`) is supported only in a game {L|R} with one `|`",
            ));
        }
        for (list, more) in body.lists.iter().zip(&body.goes_on) {
            if let Some(at) = more {
                if list.len() < 3 {
                    return Err(self.error(
                        *at,
                        "give at least three terms before `…` so that the progression can be inferred",
                    ));
                }
            }
        }
        let flag = match (body.goes_on[0].is_some(), body.goes_on[1].is_some()) {
            (true, true) => "both",
            (true, false) => "left",
            _ => "right",
        };
        let mut lists = body.lists.into_iter();
        let left = lists.next().unwrap_or_default();
        let right = lists.next().unwrap_or_default();
        Ok(Term::Call {
            name: "cut".to_string(),
            args: vec![
                Arg::Game(Term::Game { left, right }),
                Arg::Text(flag.to_string()),
            ],
        })
    }

    /// `*(α)` or `*w`: the transfinite nimber nim(α).
    #[inline(never)]
    fn transfinite_nimber(&mut self) -> Result<Term, ParseError> {
        self.bump();
        self.enter()?;
        let alpha = if *self.peek() == Tok::LParen {
            self.parens()?
        } else {
            self.name()?
        };
        self.leave();
        Ok(call("nim", vec![Arg::Game(alpha)]))
    }

    #[inline(never)]
    /// `*[…]`, CGSuite's misère notation, as the call `misere("…")`; its text is read when the
    /// call is evaluated (`functions::misere`), whose errors point at the call.
    fn misere_form(&mut self) -> Result<Term, ParseError> {
        let Tok::Misere(s) = self.peek().clone() else {
            return Err(self.not_a_game());
        };
        self.bump();
        Ok(call("misere", vec![Arg::Text(s)]))
    }

    fn reference(&mut self) -> Result<Term, ParseError> {
        let Tok::Hash(digits) = self.peek().clone() else {
            return Err(self.not_a_game());
        };
        let span = self.span();
        if !self.refs {
            return Err(self.error(
                span,
                format!("`#{digits}` refers to a proof's table of terms; it is not a game here"),
            ));
        }
        self.bump();
        digits
            .parse::<u32>()
            .map(Term::Ref)
            .map_err(|_| self.error(span, format!("`#{digits}` is not a term number")))
    }

    #[inline(never)]
    fn braces(&mut self) -> Result<Term, ParseError> {
        let open = self.bump().span;
        self.enter()?;
        self.braces += 1;
        let body = self.brace_body(open);
        self.braces -= 1;
        let body = body?;
        if let Some(span) = body.goes_on.iter().flatten().next().copied() {
            let t = self.infinite_braces(body, span)?;
            self.leave();
            return Ok(t);
        }
        if body.seps.is_empty() {
            // One set of options and no bar: the impartial game with those options for both
            // players (seed 003 writes {0,*,*3} for {0,*,*3|0,*,*3}).
            let opts = body.lists.into_iter().next().unwrap_or_default();
            if opts.is_empty() {
                return Err(self.no_bars());
            }
            self.leave();
            // Written once, never copied: `{{{…}}}` nested d deep is d definitions, not 2^d.
            return Ok(crate::term::one_set(opts));
        }
        let g = self.build_game(body)?;
        self.leave();
        Ok(g)
    }

    #[inline(never)]
    fn parens(&mut self) -> Result<Term, ParseError> {
        // `(3)` and `(1/2)` cost no level: the printer writes the negation of a number literal
        // as `-(3)` (since `-3` is the literal −3), and that must parse back at the same depth
        // as the term it came from, even at the nesting limit. A bare number cannot nest.
        let bare = matches!(self.peek_at(1), Tok::Int(_))
            && (matches!(self.peek_at(2), Tok::RParen)
                || matches!(
                    (self.peek_at(2), self.peek_at(3), self.peek_at(4)),
                    (Tok::Slash, Tok::Int(_), Tok::RParen)
                ));
        if bare {
            self.bump();
            let t = self.literal(None)?;
            self.expect(Tok::RParen, "`)`")?;
            return Ok(t);
        }
        self.bump();
        self.enter()?;
        let t = self.shared()?;
        self.expect(Tok::RParen, "`)` or an operator")?;
        self.leave();
        Ok(t)
    }

    /// An expression with optional definitions: `expr where A = …, B = …`.
    fn shared(&mut self) -> Result<Term, ParseError> {
        let start = self.uses.len();
        let body = self.expr()?;
        if matches!(self.peek(), Tok::Ident(w) if w == WHERE) {
            self.where_clause(body, start)
        } else {
            Ok(body)
        }
    }

    /// After the body, from `where`: the definitions, and the names checked against them.
    #[inline(never)]
    fn where_clause(&mut self, body: Term, body_uses_from: usize) -> Result<Term, ParseError> {
        self.bump();
        self.enter()?;
        let body_uses = self.uses.split_off(body_uses_from.min(self.uses.len()));
        let mut defs: Vec<(String, Term)> = Vec::new();
        // Each name's index and span, so that checking a use costs O(1) however many there are.
        let mut index: rustc_hash::FxHashMap<String, (usize, Span)> = Default::default();
        // Names used in definition i, checked against the later definitions once all are read.
        let mut def_uses: Vec<(String, Span, usize)> = Vec::new();
        loop {
            let (name, span) = self.definition_name(&index)?;
            self.expect(Tok::Equals, &format!("`=` after `{name}`"))?;
            let from = self.uses.len();
            let d = self.expr()?;
            let i = defs.len();
            for (u, s) in self.uses.split_off(from) {
                if !index.contains_key(&u) {
                    def_uses.push((u, s, i));
                }
            }
            index.insert(name.clone(), (i, span));
            self.room(&defs)?;
            defs.push((name, d));
            if *self.peek() == Tok::Comma {
                self.bump();
            } else {
                break;
            }
        }
        for (u, s, i) in def_uses {
            if let Some(&(j, _)) = index.get(&u) {
                let what = if j == i {
                    "in its own definition".to_string()
                } else {
                    format!("in the definition of `{}`, before its own", defs[i].0)
                };
                return Err(self.error(
                    s,
                    format!("`{u}` is used {what}: a definition may use only the names defined before it"),
                ));
            }
            self.uses.push((u, s));
        }
        for (u, s) in body_uses {
            if !index.contains_key(&u) {
                self.uses.push((u, s));
            }
        }
        self.leave();
        Ok(Term::Where {
            body: Box::new(body),
            defs,
        })
    }

    /// The name of the next definition, checked: a name, not a keyword, not
    /// defined before in the same `where`.
    #[inline(never)]
    fn definition_name(
        &mut self,
        defined: &rustc_hash::FxHashMap<String, (usize, Span)>,
    ) -> Result<(String, Span), ParseError> {
        let Tok::Ident(name) = self.peek().clone() else {
            return Err(self.expected("a name to define (as in `A = {1|0}`)"));
        };
        let span = self.span();
        if KEYWORDS.contains(&name.as_str()) {
            return Err(self.error(span, format!("`{name}` is a keyword, not a name to define")));
        }
        if let Some(&(_, first)) = defined.get(&name) {
            let first = first.start;
            return Err(self.error(
                span,
                format!(
                    "`{name}` is defined twice in this `where` (first at line {}, column {})",
                    first.line, first.column
                ),
            ));
        }
        self.bump();
        Ok((name, span))
    }

    #[inline(never)]
    fn name(&mut self) -> Result<Term, ParseError> {
        let Tok::Ident(name) = self.peek().clone() else {
            return Err(self.not_a_game());
        };
        self.named(&name, Dyadic::zero())
    }

    /// A limit error before a push that would double `v` past the memory limit: one list of
    /// millions of options grows by single allocations of gigabytes, which no check after
    /// them could stop in time.
    #[inline(never)]
    fn room<T>(&self, v: &Vec<T>) -> Result<(), ParseError> {
        crate::memory::check_push(v)
            .map_err(|m| self.error_here(format!("{}: {m}", crate::memory::LIMIT_REACHED)))
    }

    #[inline(never)]
    fn no_bars(&self) -> ParseError {
        self.error(
            self.prev_span(),
            "expected a `|` between Left's and Right's options (a game is written {L|R})",
        )
    }

    #[inline(never)]
    fn not_a_game(&self) -> ParseError {
        self.expected(
            "a game (a number, `*`, `^`, `v`, `{`, `(`, `+-`, `Tiny`, `Miny` or `hs\"…\"`)",
        )
    }

    #[inline(never)]
    fn after_option(&self) -> ParseError {
        self.expected("an option, `,`, a `|` or `}`")
    }

    #[inline(never)]
    fn unclosed_brace(&self, open: Span) -> ParseError {
        self.error_here(format!(
            "expected an option, a `|` or `}}` to close the `{{` at line {}, column {}, found the end of the input",
            open.start.line, open.start.column
        ))
    }

    #[inline(never)]
    fn after_comma(&self) -> ParseError {
        self.expected("an option after `,`")
    }

    /// A name: `Tiny(G)`, `Miny(G)` (with a number prefix x for `xTiny(G)`) or `hs"…"`.
    #[inline(never)]
    fn named(&mut self, name: &str, number: Dyadic) -> Result<Term, ParseError> {
        let name_span = self.span();
        match name {
            "Tiny" | "Miny" => {
                self.bump();
                self.expect(Tok::LParen, &format!("`(` after {name}"))?;
                self.enter()?;
                let sub = Box::new(self.expr()?);
                self.expect(Tok::RParen, "`)` or an operator")?;
                self.leave();
                Ok(if name == "Tiny" {
                    Term::Tiny { number, sub }
                } else {
                    Term::Miny { number, sub }
                })
            }
            n if is_omega(n) && number.is_zero() && (n == "w" || !self.call_follows()) => {
                self.bump();
                let mut args = Vec::new();
                if let (Tok::Up(k), _) | (Tok::Pow, k) = (self.peek().clone(), 1) {
                    let caret = self.bump().span;
                    if k > 1 {
                        return Err(self.error(caret, "write a power of ω as w^e, with one `^`"));
                    }
                    self.enter()?;
                    args.push(Arg::Game(self.exponent()?));
                    self.leave();
                }
                Ok(call("omega", args))
            }
            "epsilon" if number.is_zero() && !self.call_follows() => {
                self.bump();
                Ok(call("epsilon", Vec::new()))
            }
            "hs" if number.is_zero() => {
                self.bump();
                let Tok::Str(s) = self.peek().clone() else {
                    return Err(self.expected("a quoted row of pebbles after hs, like hs\"LRE\""));
                };
                let str_span = self.bump().span;
                if s.contains(['(', ')', ' ']) {
                    return self.recurring_row(s, str_span);
                }
                let mut row = Vec::with_capacity(s.len());
                for (k, c) in s.chars().enumerate() {
                    row.push(match c.to_ascii_uppercase() {
                        'L' | 'A' => Pebble::Left,
                        'R' | 'B' => Pebble::Right,
                        'E' | 'C' => Pebble::Neutral,
                        '.' | '…' => return Err(self.error(pebble_at(str_span, k), ROW_GOES_ON)),
                        _ => {
                            return Err(self.error(
                                pebble_at(str_span, k),
                                format!("`{c}` is not a pebble: a Hackenstring row uses L, R, E (or A, B, C)"),
                            ))
                        }
                    });
                }
                Ok(Term::Hackenstring(row))
            }
            // Any name before `(` is a call: the step that evaluates or checks the term looks
            // it up, and reports an unknown one at this call (`syntax::call_error`).
            _ if number.is_zero() && matches!(self.peek_at(1), Tok::LParen) => self.call(name),
            _ if number.is_zero() && *self.peek_at(1) == Tok::LBrace => self.label(name),
            _ if number.is_zero() && self.labels.iter().any(|(l, _)| l == name) => {
                self.bump();
                Ok(Term::Name(name.to_string()))
            }
            "over" | "under" if !number.is_zero() => {
                // CGSuite's `5over`, `3/2under`: the number plus the constant.
                self.bump();
                Ok(Term::sum(
                    Term::number(number),
                    call(name, Vec::new()),
                ))
            }
            _ if number.is_zero() && LOOPY_CONSTANTS.contains(&name) => {
                self.bump();
                Ok(call(name, Vec::new()))
            }
            PASS if number.is_zero() => {
                if self.braces == 0 {
                    return Err(self.error(
                        name_span,
                        "`pass` stands for a move to the game itself, so it may only be an option inside braces ({pass|*} is upon)",
                    ));
                }
                self.bump();
                Ok(call(PASS, Vec::new()))
            }
            _ if number.is_zero() && self.has_where && !KEYWORDS.contains(&name) => {
                // Checked against the definitions when the `where` that may define it is read.
                self.bump();
                self.uses.push((name.to_string(), name_span));
                Ok(Term::Name(name.to_string()))
            }
            // A game's English name (`up`) gets the notation for it even inside braces.
            _ if self.braces > 0
                && number.is_zero()
                && !self.has_where
                && spelled_out(name).is_none() =>
            {
                Err(self.error(
                name_span,
                format!("the label `{name}` is used but never defined: a label names the braces written directly after it (a{{0|a}}), and only inside them"),
            ))
            }
            _ => Err(self.error(
                name_span,
                match spelled_out(name) {
                    Some(meant) => format!("unknown name `{name}`: did you mean `{meant}`?"),
                    None => format!(
                        "unknown name `{name}`: expected Tiny(…), Miny(…), hs\"…\" (a Hackenstring row), a function such as birthday(…) or a name defined by `where`"
                    ),
                },
            )),
        }
    }

    /// `a{…}`: braces labelled `a`, inside which the name `a` refers back to them; read as
    /// `loop("a", {…})`. A label is defined once among the braces around it.
    #[inline(never)]
    fn label(&mut self, name: &str) -> Result<Term, ParseError> {
        let span = self.span();
        if KEYWORDS.contains(&name) {
            return Err(self.error(span, format!("`{name}` is a keyword, not a label")));
        }
        if let Some((_, first)) = self.labels.iter().find(|(l, _)| l == name) {
            return Err(self.error(
                span,
                format!(
                    "the label `{name}` is defined twice (first at line {}, column {}, whose braces hold this one)",
                    first.start.line, first.start.column
                ),
            ));
        }
        self.bump();
        self.labels.push((name.to_string(), span));
        let body = self.braces();
        self.labels.pop();
        let t = call(LOOP, vec![Arg::Text(name.to_string()), Arg::Game(body?)]);
        self.record(span, &t);
        Ok(t)
    }

    /// `name(arg, …)`, the name not looked up (see `named`): each argument a quoted string or an expression.
    #[inline(never)]
    fn call(&mut self, name: &str) -> Result<Term, ParseError> {
        self.bump();
        self.bump();
        self.enter()?;
        let mut args = Vec::new();
        if *self.peek() != Tok::RParen {
            loop {
                if let Tok::Str(s) = self.peek().clone() {
                    self.bump();
                    args.push(Arg::Text(s));
                } else {
                    args.push(Arg::Game(self.expr()?));
                }
                if *self.peek() == Tok::Comma {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.expect(
            Tok::RParen,
            &format!("`,` or `)` to close the arguments of {name}"),
        )?;
        self.leave();
        Ok(call(name, args))
    }

    /// The exponent after `w^`: a bare (possibly negative) integer or fraction stops there, so
    /// `w^3*12` is ω³·12, not ω^(3 + ∗12); anything else is a unary term (`w^(w+1)`, `w^w`).
    #[inline(never)]
    fn exponent(&mut self) -> Result<Term, ParseError> {
        if matches!(self.peek(), Tok::Int(_)) && *self.peek_at(1) == Tok::Pow {
            // `w^2^3` is ω^(2^3): powers are right-associative.
            return self.power_operand();
        }
        let neg = *self.peek() == Tok::Minus && matches!(self.peek_at(1), Tok::Int(_));
        if !(neg || matches!(self.peek(), Tok::Int(_))) {
            return self.unary();
        }
        if neg {
            self.bump();
        }
        let (mut num, span) = self.int()?;
        if neg {
            num = -num;
        }
        if *self.peek() == Tok::Slash && matches!(self.peek_at(1), Tok::Int(_)) {
            self.bump();
            let (den, den_span) = self.int()?;
            if den.is_zero() {
                return Err(self.error(span.to(den_span), "an exponent divides by zero"));
            }
            return Ok(match dyadic_fraction(&num, &den) {
                Some(d) => Term::number(d),
                None => Term::Call {
                    name: "div".to_string(),
                    args: vec![
                        Arg::Game(Term::number(Dyadic::integer(num))),
                        Arg::Game(Term::number(Dyadic::integer(den))),
                    ],
                },
            });
        }
        Ok(Term::number(Dyadic::integer(num)))
    }

    /// Whether the name at the cursor is called: `(` follows, and it is not the `(x)` operator.
    fn call_follows(&self) -> bool {
        *self.peek_at(1) == Tok::LParen
            && !(matches!(self.peek_at(2), Tok::Ident(x) if x == "x")
                && *self.peek_at(3) == Tok::RParen)
    }

    /// A Hackenstring row with recurring parts (`hs"AB(BA)"`, seed 001) or spaces (`A B ( B A )`,
    /// Walker's own spelling): checked here, pebble by pebble, and kept as the call hs("…")
    /// whose value the number world works out.
    #[inline(never)]
    fn recurring_row(&mut self, s: String, str_span: Span) -> Result<Term, ParseError> {
        let at = |k: usize| pebble_at(str_span, k);
        let mut open: Vec<usize> = Vec::new();
        for (k, c) in s.chars().enumerate() {
            match c.to_ascii_uppercase() {
                'L' | 'A' | 'R' | 'B' | 'E' | 'C' | ' ' => {}
                '(' => open.push(k),
                '.' | '…' => return Err(self.error(at(k), ROW_GOES_ON)),
                ')' => {
                    let Some(o) = open.pop() else {
                        return Err(self.error(at(k), "this `)` closes no `(` in the row"));
                    };
                    if s.chars().skip(o + 1).take(k - o - 1).all(|c| c == ' ') {
                        return Err(self.error(at(k), "an empty recurring part `()`: put pebbles between the parentheses"));
                    }
                }
                _ => {
                    return Err(self.error(
                        at(k),
                        format!("`{c}` is not a pebble: a Hackenstring row uses L, R, E (or A, B, C), parentheses for a recurring part and spaces"),
                    ))
                }
            }
        }
        if let Some(&o) = open.last() {
            return Err(self.error(
                at(o),
                "this `(` is never closed: a recurring part is written (…)",
            ));
        }
        Ok(call("hs", vec![Arg::Text(s)]))
    }

    /// `^<n>`, `^[n]`, `v<n>`, `v[n]`, with an optional `*` or `*k` (`star_after_ups`): the canonical
    /// form written out (`super::uptimal`), `*k` included up to `MAX_WRITTEN_NIM`.
    #[inline(never)]
    fn uptimal(&mut self) -> Result<Term, ParseError> {
        let Tok::Uptimal { down, to, n } = self.peek().clone() else {
            return Err(self.not_a_game());
        };
        let span = self.bump().span;
        if n == "on" {
            return self.loopy_uptimal(down, to);
        }
        let n = n
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=super::uptimal::MAX_UPTIMAL).contains(n))
            .ok_or_else(|| {
                self.error(
                    span,
                    format!(
                        "an uptimal power from 1 to {}: its form is written out, one brace a level",
                        super::uptimal::MAX_UPTIMAL
                    ),
                )
            })?;
        let star = self.star_after_ups()?.unwrap_or_else(Nimber::zero);
        // ∗k beyond MAX_WRITTEN_NIM is added as a sum: ↑ⁿ∗k's form has k + 1 options.
        let written = star
            .to_u64()
            .filter(|&k| k <= super::uptimal::MAX_WRITTEN_NIM);
        let u = super::uptimal::Uptimal {
            down,
            to,
            n,
            nim: written.unwrap_or(0),
        };
        let t = super::uptimal::term(u);
        Ok(if written.is_some() {
            t
        } else {
            Term::sum(t, Term::nimber(star))
        })
    }

    /// `base ^ e` if a power follows (`Tok::Pow`): the call power(base, e), right-associative
    /// (`3^2^2^2` = 3^(2^(2^2))), binding tighter than products and signs.
    fn power_tail(&mut self, start: Span, base: Term) -> Result<Term, ParseError> {
        if *self.peek() != Tok::Pow {
            return Ok(base);
        }
        self.bump();
        self.enter()?;
        let e = self.power_operand()?;
        self.leave();
        Ok(self.call2(start, POWER, base, e))
    }

    /// An exponent: an integer or a parenthesised expression, with its own power after it.
    #[inline(never)]
    fn power_operand(&mut self) -> Result<Term, ParseError> {
        let start = self.span();
        let e = match self.peek() {
            Tok::Int(_) => Term::number(Dyadic::integer(self.int()?.0)),
            Tok::LParen => self.parens()?,
            _ => {
                return Err(self
                    .expected("an exponent (an integer or a parenthesised expression) after `^`"))
            }
        };
        self.power_tail(start, e)
    }

    #[inline(never)]
    fn int(&mut self) -> Result<(BigInt, Span), ParseError> {
        match self.peek().clone() {
            Tok::Int(s) => {
                let span = self.bump().span;
                let n = parse_decimal(&s).ok_or_else(|| self.error(span, "expected an integer"))?;
                Ok((n, span))
            }
            _ => Err(self.expected("an integer")),
        }
    }

    /// A number-led literal; `minus` is the span of a leading `-` that belongs to the number.
    #[inline(never)]
    fn literal(&mut self, minus: Option<Span>) -> Result<Term, ParseError> {
        let (mut num, num_span) = self.int()?;
        let start = minus.unwrap_or(num_span);
        if *self.peek() == Tok::Pow {
            // `-2^40` is −(2^40), as in CGSuite: the power binds tighter than the sign.
            let p = self.power_tail(num_span, Term::number(Dyadic::integer(num)))?;
            return Ok(if minus.is_some() { Term::neg(p) } else { p });
        }
        if minus.is_some() {
            num = -num;
        }
        let mut number_span = start.to(num_span);
        // `2/3^2` is 2/(3^2): the power binds tighter than the quotient, which is then read as
        // a product (`div`), not as the literal 2/3.
        let number = if *self.peek() == Tok::Slash
            && matches!(self.peek_at(1), Tok::Int(_))
            && *self.peek_at(2) != Tok::Pow
        {
            self.bump();
            let (den, den_span) = self.int()?;
            number_span = number_span.to(den_span);
            let frac = number_span;
            if den.is_zero() {
                return Err(self.error(frac, format!("{}/{den} divides by zero", short(&num))));
            }
            // (Rationals of more than 4096 bits stay errors: reducing them by a gcd would take
            // minutes on a million digits, see `dyadic_fraction`.)
            if self.braces == 0
                && num.bits() <= 4096
                && den.bits() <= 4096
                && dyadic_fraction(&num, &den).is_none()
            {
                return Ok(Term::Call {
                    name: "div".to_string(),
                    args: vec![
                        Arg::Game(Term::number(Dyadic::integer(num))),
                        Arg::Game(Term::number(Dyadic::integer(den))),
                    ],
                });
            }
            dyadic_fraction(&num, &den).ok_or_else(|| {
                self.error(
                    frac,
                    format!(
                        "{}/{} is not a dyadic rational: short games have only dyadic numbers (denominators that are powers of two)",
                        short(&num),
                        short(&den)
                    ),
                )
            })?
        } else {
            if *self.peek() == Tok::Dot {
                return self.copies(num, start, true);
            }
            // `3*{1|0}` is three copies, `3*` alone a number-up-star literal and `3*2` the
            // product 6 (nus_suffix). CGSuite never prints `*` before `^`, `v` or another `*`
            // (`3^*`, not `3*^`), so those read as copies too: `3*^` is 3·↑.
            if *self.peek() == Tok::Star && starts_a_factor(self.peek_at(1)) {
                return self.copies(num, start, false);
            }
            Dyadic::integer(num)
        };
        if let Tok::Ident(name) = self.peek().clone() {
            if matches!(name.as_str(), "Tiny" | "Miny" | "over" | "under") {
                return self.named(&name, number);
            }
        }
        // `3^<2>`: a number plus an uptimal, its form translated by the number (the form the
        // printer writes this way), or the sum of the two when the uptimal is not one form.
        if matches!(self.peek(), Tok::Uptimal { .. }) {
            let u = self.uptimal()?;
            return Ok(super::uptimal::translate(&u, &number)
                .unwrap_or_else(|| Term::sum(Term::number(number), u)));
        }
        self.nus_suffix(number, true)
    }

    /// CGSuite's `^[on]` = upon = `{pass|*}`, `^<on>` = uponth = `{0||0|0,pass}`, their
    /// negatives `v[on]`, `v<on>`, and a nimber after them (`^[on]*`, `^[on]*3`).
    #[inline(never)]
    fn loopy_uptimal(&mut self, down: bool, to: bool) -> Result<Term, ParseError> {
        let pass = call(PASS, Vec::new());
        let mut t = if to {
            call("upon", Vec::new())
        } else {
            let inner = Term::game(vec![Term::zero()], vec![Term::zero(), pass]);
            Term::game(vec![Term::zero()], vec![inner])
        };
        if down {
            t = Term::neg(t);
        }
        // `^[on]*3` is upon + ∗3 (CGSuite prints {pass|*2} so): a `*` after ups is the star.
        match self.star_after_ups()? {
            Some(k) => Ok(Term::sum(t, Term::nimber(k))),
            None => Ok(t),
        }
    }

    /// `n.G` or `n*G`: n copies of G.
    #[inline(never)]
    fn copies(&mut self, count: BigInt, start: Span, dot: bool) -> Result<Term, ParseError> {
        let op = self.bump().span;
        if dot && matches!(self.peek(), Tok::Int(_)) && op.end == self.span().start {
            return Err(self.error(
                start.to(self.span()),
                "decimal numbers are not games: write a fraction such as 7/2 (for n copies of a number write n.(x))",
            ));
        }
        self.enter()?;
        let game = Box::new(self.unary()?);
        self.leave();
        Ok(Term::Multiple { count, game })
    }

    /// The up and star parts after the number part of a number-up-star literal.
    #[inline(never)]
    fn nus_suffix(&mut self, number: Dyadic, numbered: bool) -> Result<Term, ParseError> {
        let mut up = BigInt::zero();
        if let Tok::Up(k) | Tok::Down(k) = *self.peek() {
            let sign_down = matches!(self.peek(), Tok::Down(_));
            let run = self.bump().span;
            let mut n = BigInt::from(k);
            if let Tok::Int(_) = self.peek() {
                if k > 1 {
                    return Err(self.error(
                        run.to(self.span()),
                        "a count follows a single `^` or `v` only: write ^5 or v5, not ^^5",
                    ));
                }
                n = self.int()?.0;
            }
            up = if sign_down { -n } else { n };
            let nim = self.star_after_ups()?.unwrap_or_else(Nimber::zero);
            return Ok(Term::Nus { number, up, nim });
        }
        // A number then `*` then an integer is a product of two numbers, spaced or not (`2*3`
        // is 6, as in CGSuite's input language); the number plus a nimber is `2 + *3`, which
        // prints as `2+*3` (see `joins`).
        // So is a fraction then `*` then a game (`1/2 * ^`, an error with a hint when
        // evaluated); an integer there makes copies (`literal`).
        if numbered
            && *self.peek() == Tok::Star
            && (matches!(self.peek_at(1), Tok::Int(_)) || starts_a_factor(self.peek_at(1)))
        {
            return Ok(Term::Nus {
                number,
                up,
                nim: Nimber::zero(),
            });
        }
        let mut nim = Nimber::zero();
        if *self.peek() == Tok::Star {
            self.bump();
            nim = Nimber::from(1);
            if let Tok::Int(_) = self.peek() {
                nim = self.star_index()?;
            }
        }
        Ok(Term::Nus { number, up, nim })
    }

    /// The star of a literal after its ups (`^*`, `2v2*3`, `^<2>*`, `^[on]*3`): a `*` there
    /// is the star, and an integer after it its index, whatever the spacing, as in CGSuite's
    /// grammar (`^ * 3` is ↑∗3 there too; to multiply, parenthesise: `(2^) * 3`).
    fn star_after_ups(&mut self) -> Result<Option<Nimber>, ParseError> {
        if *self.peek() != Tok::Star {
            return Ok(None);
        }
        self.bump();
        if let Tok::Int(_) = self.peek() {
            return self.star_index().map(Some);
        }
        Ok(Some(Nimber::from(1)))
    }

    /// The integer after a star: its index as a nimber.
    #[inline(never)]
    fn star_index(&mut self) -> Result<Nimber, ParseError> {
        let Tok::Int(s) = self.peek().clone() else {
            return Err(self.error_here("expected a natural number after `*`"));
        };
        let span = self.bump().span;
        s.parse::<BigUint>()
            .map(Nimber::new)
            .map_err(|_| self.error(span, "expected a natural number after `*`"))
    }

    /// The inside of `{…}` up to and including `}`: option lists and the bar runs between them.
    fn brace_body(&mut self, open: Span) -> Result<Body, ParseError> {
        let mut lists = Vec::new();
        let mut seps = Vec::new();
        let mut goes_on = Vec::new();
        loop {
            let mut list = Vec::new();
            let mut more = None;
            if *self.peek() == Tok::Eof {
                return Err(self.unclosed_brace(open));
            }
            if !matches!(self.peek(), Tok::Bars(_) | Tok::RBrace) {
                list.push(self.expr()?);
                while *self.peek() == Tok::Comma {
                    self.room(&list)?;
                    self.bump();
                    if *self.peek() == Tok::Ellipsis {
                        more = Some(self.bump().span);
                        break;
                    }
                    if matches!(self.peek(), Tok::Bars(_) | Tok::RBrace | Tok::Comma) {
                        return Err(self.after_comma());
                    }
                    list.push(self.expr()?);
                }
            }
            lists.push(list);
            goes_on.push(more);
            match self.peek() {
                &Tok::Bars(n) => {
                    seps.push((n, self.bump().span));
                }
                Tok::RBrace => {
                    self.bump();
                    return Ok(Body {
                        lists,
                        seps,
                        goes_on,
                    });
                }
                Tok::Eof => return Err(self.unclosed_brace(open)),
                _ => return Err(self.after_option()),
            }
        }
    }

    /// Builds the game from the option lists: the longest bar run splits Left from Right, and
    /// each side with bars of its own is one game option (`{3||2|1}` = `{3|{2|1}}`).
    #[inline(never)]
    fn build_game(&mut self, body: Body) -> Result<Term, ParseError> {
        let Body {
            mut lists, seps, ..
        } = body;
        let mut slots: Vec<Option<Vec<Term>>> = lists.drain(..).map(Some).collect();
        self.build_range(&mut slots, &seps, 0, seps.len())
    }

    /// The game formed by lists `lo..=hi` and separators `lo..hi` (non-empty).
    fn build_range(
        &mut self,
        slots: &mut [Option<Vec<Term>>],
        seps: &[(usize, Span)],
        lo: usize,
        hi: usize,
    ) -> Result<Term, ParseError> {
        self.enter()?;
        let mut best = lo;
        for k in lo..hi {
            if seps[k].0 > seps[best].0 {
                best = k;
            }
        }
        if let Some(k) = (lo..hi).find(|&k| k != best && seps[k].0 == seps[best].0) {
            let second = if k > best { seps[k].1 } else { seps[best].1 };
            let bars = "|".repeat(seps[best].0.min(8));
            return Err(self.error(
                second,
                format!(
                    "ambiguous game: two `{bars}` separators at the same level; use more bars on one side (as in {{3||2|1}}) or braces"
                ),
            ));
        }
        let mut side = |p: &mut Self, a: usize, b: usize| -> Result<Vec<Term>, ParseError> {
            if a == b {
                Ok(slots[a].take().unwrap_or_default())
            } else {
                Ok(vec![p.build_range(slots, seps, a, b)?])
            }
        };
        let left = side(self, lo, best)?;
        let right = side(self, best + 1, hi)?;
        self.leave();
        Ok(Term::Game { left, right })
    }
}
