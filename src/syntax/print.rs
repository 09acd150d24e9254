//! [`Term`] → text in CGSuite's display conventions, laid out with `pretty`.
//!
//! Every printed form parses back to the same term (see the round-trip property test): where
//! CGSuite's display would be ambiguous for our reader, the printer adds parentheses or braces.

use super::parser::{
    joins, written_with_plus, KEYWORDS, LOOP, LOOPY_CONSTANTS, PASS, POWER, SIDLE,
};
use super::uptimal;
use super::PrintOptions;
use crate::number::Dyadic;
use crate::term::{row_text, Arg, Term};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};
use pretty::RcDoc;
use std::cell::Cell;

type Doc = RcDoc<'static, ()>;

/// CGSuite's `maxSlashes`: a bare subgame that would push the bar count past this is braced.
const MAX_SLASHES: usize = 4;

pub(crate) fn print(t: &Term, opts: &PrintOptions) -> String {
    let mut out = String::new();
    print_into(t, opts, &mut out);
    out
}

/// [`print()`] appended to `out`: a writer of many terms (a proof file's) reuses one buffer
/// rather than allocating, filling and freeing a string for each.
pub(crate) fn print_into(t: &Term, opts: &PrintOptions, out: &mut String) {
    let p = Printer {
        unicode: opts.unicode,
        braces: opts.braces,
        strayed: Cell::new(false),
    };
    // On one line, a term of games, closed forms, references, sums and negations (every term
    // of a proof, nearly) is written straight into the text: the same characters as the laid
    // out document, without building it (proofs print hundreds of thousands of such terms).
    // The direct writers meet every node of the term, so a term that is not [`plain`] is
    // found as it is written, and its text taken back: a walk of each term to decide first
    // was a tenth of the proof file's writer.
    if opts.width.is_none() {
        let start = out.len();
        p.write_expr(t, out);
        if !p.strayed.get() {
            return;
        }
        out.truncate(start);
    }
    // A large shared value is a `where` of thousands of one-line definitions (the 4×4 Kings
    // board's value has 8,700): written a definition at a time, as the document lays them
    // out, instead of through one document of them all, which cost a tenth of computing it.
    if let (None, Term::Where { body, defs }) = (opts.width, t) {
        if let Some(text) = crate::term::one_set_options(t)
            .is_none()
            .then(|| p.write_where(body, defs))
            .flatten()
        {
            out.push_str(&text);
            return;
        }
    }
    let doc = p.expr(t);
    let width = opts.width.unwrap_or(usize::MAX >> 4);
    // Writing into a String cannot fail.
    let _ = doc.render_fmt(width, out);
}

/// `n` in decimal, appended without the formatting machinery: a proof's terms are mostly
/// references (`#n`) and small integers, and `write!` spent more on each number (argument
/// parsing, padding) than on the rest of its term.
fn push_decimal(out: &mut String, n: u64) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Whether `l` reads back as a brace's label: a name of letters (or `_`) that the lexer does
/// not take for downs (`vv`) and the parser does not reserve.
fn readable_label(l: &str) -> bool {
    !l.is_empty()
        && l.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_')
        && !l.bytes().all(|b| b == b'v')
        && !KEYWORDS.contains(&l)
}

/// A natural number, which a power's base or exponent may be without parentheses.
fn bare_base(t: &Term) -> bool {
    matches!(t, Term::Nus { number, up, nim }
        if number.is_integer() && number.signum() >= 0 && up.is_zero() && nim.is_zero())
}

/// Whether a number-up-star literal is written with a `+` (`3+^5`, `2+*3`), which the reader
/// reads as a sum: it needs parentheses wherever a sum does.
fn plus_literal(number: &Dyadic, up: &BigInt, nim: &crate::number::Nimber) -> bool {
    !number.is_zero() && written_with_plus(up, nim)
}

/// How a printed term begins, which decides where the reader needs parentheses.
#[derive(PartialEq, Eq)]
enum Lead {
    Digit,
    Minus,
    Other,
}

fn lead(t: &Term) -> Lead {
    let of_number = |x: &Dyadic| {
        if x.signum() < 0 {
            Lead::Minus
        } else {
            Lead::Digit
        }
    };
    match t {
        Term::Nus { number, up, nim } => {
            if !number.is_zero() || (up.is_zero() && nim.is_zero()) {
                of_number(number)
            } else {
                Lead::Other
            }
        }
        Term::Tiny { number, .. } | Term::Miny { number, .. } if !number.is_zero() => {
            of_number(number)
        }
        Term::Multiple { count, .. } => {
            if count.is_negative() {
                Lead::Minus
            } else {
                Lead::Digit
            }
        }
        // `--x` reads back as two negations: only a `-` glued to a number is special.
        Term::Sum(a, _) => lead(a),
        Term::Call { name, args } if name == POWER && args.len() == 2 => match &args[0] {
            Arg::Game(b) if bare_base(b) => Lead::Digit,
            _ => Lead::Other,
        },
        // `1^<2>`: a translated uptimal prints with its number first.
        Term::Game { .. } => match uptimal::recognize_shifted(t) {
            Some((x, _)) if !x.is_zero() => of_number(&x),
            _ => Lead::Other,
        },
        _ => Lead::Other,
    }
}

/// CGSuite writes a number plus `over`, `under`, `upon` (`^[on]`) or its negative (`v[on]`)
/// touching: `5over`, `-3/2under`, `-1/4v[on]`; the reader reads them back so.
fn loopy_suffix(t: &Term) -> Option<&'static str> {
    match t {
        Term::Call { name, args } if args.is_empty() => match name.as_str() {
            "over" => Some("over"),
            "under" => Some("under"),
            "upon" => Some("^[on]"),
            _ => None,
        },
        Term::Neg(x) => match &**x {
            Term::Call { name, args } if args.is_empty() && name == "upon" => Some("v[on]"),
            _ => None,
        },
        _ => None,
    }
}

struct Printer {
    unicode: bool,
    /// [`PrintOptions::braces`]: no slash notation.
    braces: bool,
    /// Set when a direct writer meets a node [`plain`] does not admit: what it wrote is then
    /// not the document's text (see [`print_into`]).
    strayed: Cell<bool>,
}

impl Printer {
    fn minus(&self) -> &'static str {
        if self.unicode {
            "−"
        } else {
            "-"
        }
    }

    fn plus_minus(&self) -> &'static str {
        if self.unicode {
            "±"
        } else {
            "+-"
        }
    }

    fn number(&self, x: &Dyadic) -> String {
        let s = x.to_string();
        if self.unicode {
            s.replacen('-', "−", 1)
        } else {
            s
        }
    }

    fn integer(&self, n: &BigInt) -> String {
        self.number(&Dyadic::integer(n.clone()))
    }

    /// Number, ups and star concatenated, as CGSuite's `Uptimal.appendTo` does.
    fn nus(&self, number: &Dyadic, up: &BigInt, nim: &crate::number::Nimber) -> String {
        let mut s = String::new();
        if !number.is_zero() || (up.is_zero() && nim.is_zero()) {
            s.push_str(&self.number(number));
        }
        if !up.is_zero() {
            let (one, two) = match (up.is_positive(), self.unicode) {
                (true, false) => ("^", "^^"),
                (false, false) => ("v", "vv"),
                (true, true) => ("↑", "⇑"),
                (false, true) => ("↓", "⇓"),
            };
            let n = up.abs();
            // `3^5` is the power 243 (in CGSuite's input too): a number plus n·↑ for n ≥ 3 is
            // written `3+^5`, which both programs read as 3 + 5·↑ (`parser::joins`; `3^^`
            // and `3v5` are unambiguous and stay as CGSuite prints them). In a place tighter
            // than a sum it is parenthesised (`Printer::unary`).
            if !number.is_zero() && written_with_plus(up, nim) {
                s.push('+');
            }
            if n.is_one() {
                s.push_str(one);
            } else if n == BigInt::from(2) {
                s.push_str(two);
            } else {
                s.push_str(one);
                s.push_str(&n.to_string());
            }
        }
        if !nim.is_zero() {
            // `2*3` reads as the product 6, so a number plus *3 is written `2+*3`, read back
            // as the one literal (`parser::joins`); `2*` and `2^*3` stay as CGSuite prints them.
            if !number.is_zero() && up.is_zero() && written_with_plus(up, nim) {
                s.push('+');
            }
            s.push('*');
            if nim.to_u64() != Some(1) {
                s.push_str(&nim.to_string());
            }
        }
        s
    }

    /// A term at the loosest level: sums unparenthesised.
    fn expr(&self, t: &Term) -> Doc {
        if let Some(options) = crate::term::one_set_options(t) {
            return self.one_set(options);
        }
        match t {
            Term::Call { name, args } if name == SIDLE && args.len() == 2 => {
                match (&args[0], &args[1]) {
                    (Arg::Game(a), Arg::Game(b)) => self
                        .part(a)
                        .append(Doc::line())
                        .append(Doc::text("& "))
                        .append(self.part(b))
                        .group(),
                    _ => self.unary(t),
                }
            }
            Term::Sum(a, b) if loopy_suffix(b).is_some() && a.as_number().is_some() => {
                let x = a.as_number().map(|x| self.number(x)).unwrap_or_default();
                Doc::text(format!("{x}{}", loopy_suffix(b).unwrap_or_default()))
            }
            Term::Sum(a, b) => {
                let (op, rhs) = match &**b {
                    Term::Neg(x) => (self.minus(), self.unary(x)),
                    Term::PlusMinus(xs) => (self.plus_minus(), self.pm_operand(xs)),
                    // `3 + (^5)`: bare, the reader would join them into the literal 3 + 5·↑.
                    _ if joins(a, b) => ("+", self.parens(self.expr(b))),
                    _ => ("+", self.unary(b)),
                };
                self.part(a)
                    .append(Doc::line())
                    .append(Doc::text(op))
                    .append(Doc::text(" "))
                    .append(rhs)
                    .group()
            }
            // `body where A = …, B = …`, one definition a line: the form a large shared value
            // takes, read by people a definition at a time.
            Term::Where { body, defs } => {
                let items: Vec<Doc> = defs
                    .iter()
                    .enumerate()
                    .map(|(k, (name, d))| {
                        let sep = if k + 1 < defs.len() {
                            Doc::text(",").append(Doc::hardline())
                        } else {
                            Doc::nil()
                        };
                        Doc::text(format!("{name} = "))
                            .append(self.part(d))
                            .append(sep)
                    })
                    .collect();
                self.part(body)
                    .append(Doc::hardline())
                    .append(Doc::text("where "))
                    .append(balanced(items).nest(6))
            }
            Term::Nus { number, up, nim } => Doc::text(self.nus(number, up, nim)),
            _ => self.unary(t),
        }
    }

    /// A subterm where the parser reads an `expr` (a sum's left side, an option, an argument,
    /// a definition): a `where` inside it is parenthesised, since its commas and its
    /// looseness would otherwise be read as the enclosing term's.
    fn part(&self, t: &Term) -> Doc {
        match t {
            Term::Call { name, .. } if name == SIDLE => self.parens(self.expr(t)),
            Term::Where { .. } if crate::term::one_set_options(t).is_none() => {
                self.parens(self.expr(t))
            }
            _ => self.expr(t),
        }
    }

    /// The number world's names in their own notation: `w` (ω), `w^(e)`, `epsilon` (ε) and
    /// `*(α)` for a transfinite nimber; `None` for other calls (printed `name(args)`).
    fn number_world(&self, name: &str, args: &[Arg]) -> Option<Doc> {
        let w = if self.unicode { "ω" } else { "w" };
        let bare = |t: &Term| {
            matches!(t, Term::Call { name, args } if name == "omega" && args.is_empty())
                || t.as_number()
                    .is_some_and(|x| x.is_integer() && x.signum() >= 0)
        };
        match (name, args) {
            ("omega", []) => Some(Doc::text(w)),
            ("epsilon", []) => Some(Doc::text(if self.unicode { "ε" } else { "epsilon" })),
            ("omega", [Arg::Game(e)]) => Some(if bare(e) {
                Doc::text(format!("{w}^")).append(self.unary(e))
            } else {
                Doc::text(format!("{w}^")).append(self.parens(self.expr(e)))
            }),
            ("nim", [Arg::Game(e)]) => Some(
                if matches!(e, Term::Call { name, args } if name == "omega" && args.is_empty()) {
                    Doc::text(format!("*{w}"))
                } else {
                    Doc::text("*").append(self.parens(self.expr(e)))
                },
            ),
            _ => None,
        }
    }

    fn parens(&self, d: Doc) -> Doc {
        Doc::text("(")
            .append(d.nest(1))
            .append(Doc::text(")"))
            .group()
    }

    /// A term as the parser's `unary` rule reads it back: sums are parenthesised.
    fn unary(&self, t: &Term) -> Doc {
        match t {
            Term::Where { .. } if crate::term::one_set_options(t).is_some() => self.expr(t),
            Term::Sum(..) | Term::Where { .. } => self.parens(self.expr(t)),
            Term::Name(name) => Doc::text(name.clone()),
            Term::Game { .. } if uptimal::recognize_shifted(t).is_some() => {
                Doc::text(self.uptimal(t))
            }
            Term::Game { left, right } => self.braced(left, right),
            // `3+^5` and `2+*3` are sums to the reader: parenthesised where a sum would be.
            Term::Nus { number, up, nim } if plus_literal(number, up, nim) => {
                self.parens(Doc::text(self.nus(number, up, nim)))
            }
            Term::Nus { number, up, nim } => Doc::text(self.nus(number, up, nim)),
            Term::Call { name, args } if self.number_world(name, args).is_some() => self
                .number_world(name, args)
                .unwrap_or_else(|| Doc::text("")),
            Term::Ref(n) => Doc::text(format!("#{n}")),
            Term::Call { name, args }
                if name == POWER && matches!(&args[..], [Arg::Game(_), Arg::Game(_)]) =>
            {
                match (&args[0], &args[1]) {
                    (Arg::Game(b), Arg::Game(e)) => self.power(b, e),
                    _ => Doc::text(""),
                }
            }
            // CGSuite's loopy notation (`crate::loopy`): the named games and `pass` bare, a
            // labelled brace with its label before it, `A & B` in parentheses.
            Term::Call { name, args } if args.is_empty() && name == "upon" => Doc::text("^[on]"),
            Term::Neg(_) if loopy_suffix(t) == Some("v[on]") => Doc::text("v[on]"),
            Term::Call { name, args }
                if args.is_empty()
                    && (name == PASS || LOOPY_CONSTANTS.contains(&name.as_str())) =>
            {
                Doc::text(name.clone())
            }
            // Only a label the lexer reads as one: any other `loop(…)` (a hand-made proof
            // file's) is printed as the plain call below, never as text that reads otherwise.
            Term::Call { name, args }
                if name == LOOP
                    && matches!(&args[..], [Arg::Text(l), Arg::Game(_)] if readable_label(l)) =>
            {
                match (&args[0], &args[1]) {
                    (Arg::Text(label), Arg::Game(body))
                        if matches!(body, Term::Game { .. })
                            || crate::term::one_set_options(body).is_some() =>
                    {
                        Doc::text(label.clone()).append(self.expr(body))
                    }
                    (Arg::Text(label), Arg::Game(body)) => {
                        Doc::text(label.clone()).append(self.unary(body))
                    }
                    _ => Doc::text(""),
                }
            }
            // `A & B` only when both are games: `expr` prints any other `sidle(…)` as a call
            // through here, so this arm must not send it back (`sidle("a", 5)` in a proof
            // file overflowed the stack, issue 45).
            Term::Call { name, args }
                if name == SIDLE && matches!(&args[..], [Arg::Game(_), Arg::Game(_)]) =>
            {
                self.parens(self.expr(t))
            }
            // CGSuite's misère notation, read by the lexer's `*[…]` (syntax::lexer).
            Term::Call { name, args }
                if name == "misere" && matches!(&args[..], [Arg::Text(_)]) =>
            {
                match &args[0] {
                    Arg::Text(s) => Doc::text(format!("*[{s}]")),
                    Arg::Game(_) => Doc::text(""),
                }
            }
            Term::Call { name, args } => {
                let items = args.iter().map(|a| match a {
                    Arg::Game(t @ Term::Call { name, .. }) if name == SIDLE => self.expr(t),
                    Arg::Game(t) => self.part(t),
                    Arg::Text(s) => Doc::text(format!("\"{s}\"")),
                });
                Doc::text(format!("{name}("))
                    .append(join_options(items).nest(2))
                    .append(Doc::text(")"))
                    .group()
            }
            Term::Hackenstring(row) => Doc::text(format!("hs\"{}\"", row_text(row))),
            Term::Neg(x) => {
                // `-2^40` reads as −(2^40): a power needs no parentheses after a minus.
                let power = matches!(&**x, Term::Call { name, .. } if name == POWER);
                let inner = if !power && (matches!(**x, Term::Sum(..)) || lead(x) != Lead::Other) {
                    self.parens(self.expr(x))
                } else {
                    self.unary(x)
                };
                Doc::text(self.minus()).append(inner)
            }
            Term::PlusMinus(xs) => Doc::text(self.plus_minus()).append(self.pm_operand(xs)),
            Term::Tiny { number, sub } | Term::Miny { number, sub } => {
                let name = if matches!(t, Term::Tiny { .. }) {
                    "Tiny("
                } else {
                    "Miny("
                };
                let prefix = if number.is_zero() {
                    String::new()
                } else {
                    self.number(number)
                };
                Doc::text(format!("{prefix}{name}"))
                    .append(self.part(sub).nest(2))
                    .append(Doc::text(")"))
                    .group()
            }
            Term::Multiple { count, game } => {
                let n = self.integer(count);
                match &**game {
                    Term::Game { left, right } => {
                        Doc::text(format!("{n}*")).append(self.braced(left, right))
                    }
                    Term::Hackenstring(_) => Doc::text(format!("{n}*")).append(self.unary(game)),
                    Term::Tiny { number, .. } | Term::Miny { number, .. } if number.is_zero() => {
                        Doc::text(format!("{n}*")).append(self.unary(game))
                    }
                    Term::Sum(..) => {
                        Doc::text(format!("{n}*")).append(self.parens(self.expr(game)))
                    }
                    // `n.G` needs no parentheses, so chains such as copies of copies print no
                    // deeper than they parse; a space keeps `3. 2*G` from reading as a decimal.
                    _ => {
                        let space = if lead(game) == Lead::Digit { " " } else { "" };
                        Doc::text(format!("{n}.{space}")).append(self.unary(game))
                    }
                }
            }
        }
    }

    /// An uptimal's form as CGSuite's literal (`^<3>`, `v[2]*`), a number before it when
    /// the form is translated (`1^<2>`, `-1/2v[3]*`: CGSuite's compact print, which both
    /// programs read back as the sum).
    fn uptimal(&self, t: &Term) -> String {
        uptimal::recognize_shifted(t)
            .map(|(x, u)| {
                let number = if x.is_zero() {
                    String::new()
                } else {
                    self.number(&x)
                };
                number + &uptimal::text(u, self.unicode)
            })
            .unwrap_or_default()
    }

    /// `b^e`, parenthesised so that it reads back as the same power: a base other than a
    /// natural number or a name in parentheses (`(1/2)^3`, `(w)^2`, since `w^2` is ω², and
    /// `(2^3)^2`, since powers group to the right), an exponent other than a natural number or
    /// a power of one in parentheses (`2^(-4)`).
    fn power(&self, b: &Term, e: &Term) -> Doc {
        let base = if bare_base(b) || matches!(b, Term::Name(_)) {
            self.unary(b)
        } else {
            self.parens(self.expr(b))
        };
        let exponent = match e {
            Term::Call { name, args } if name == POWER && args.len() == 2 => {
                if matches!(&args[0], Arg::Game(x) if bare_base(x)) {
                    self.unary(e)
                } else {
                    self.parens(self.expr(e))
                }
            }
            _ if bare_base(e) => self.unary(e),
            _ => self.parens(self.expr(e)),
        };
        base.append(Doc::text("^")).append(exponent)
    }

    /// What follows `+-`: one option bare (parenthesised where CGSuite does, `+-(1*)`), or a
    /// braced set `{a,b}`.
    fn pm_operand(&self, xs: &[Term]) -> Doc {
        match xs {
            [x] => match x {
                Term::Game { left, right } => self.braced(left, right),
                Term::Nus { number, up, nim }
                    if number.signum() >= 0
                        && (number.is_zero() || (up.is_zero() && nim.is_zero())) =>
                {
                    self.unary(x)
                }
                Term::Hackenstring(_) | Term::PlusMinus(_) => self.unary(x),
                // CGSuite's `+-over`, `+-a{0|a}`.
                Term::Call { name, args }
                    if (args.is_empty() && LOOPY_CONSTANTS.contains(&name.as_str()))
                        || name == LOOP =>
                {
                    self.unary(x)
                }
                Term::Tiny { number, .. } | Term::Miny { number, .. } if number.is_zero() => {
                    self.unary(x)
                }
                // Copies read back bare (`+-3.^`, `+-2*{1|0}`); parentheses would make the text
                // nest one level deeper than the term, which fails at the nesting limit.
                Term::Multiple { count, .. } if !count.is_negative() => self.unary(x),
                _ => self.parens(self.expr(x)),
            },
            _ => self.one_set(xs.iter()),
        }
    }

    /// A one-set brace written once by the parser (`crate::term::one_set`), or the set after
    /// `+-`: `{X, Y}` as it was written, each option that is a game braced so that it reads
    /// back as one option.
    fn one_set<'t>(&self, options: impl Iterator<Item = &'t Term>) -> Doc {
        let items = options.map(|x| match x {
            Term::Game { left, right } => self.braced(left, right),
            _ => self.part(x),
        });
        wrap_braces(join_options(items))
    }

    /// Whether a lone option `g = {l|r}` is written bare, in slash notation: not when asked
    /// for braces, and (below) only when its bars cannot run into its parent's.
    fn slash(&self, l: &[Term], r: &[Term], g: &Term) -> bool {
        !self.braces && !l.is_empty() && !r.is_empty() && uptimal::recognize_shifted(g).is_none()
    }

    fn braced(&self, left: &[Term], right: &[Term]) -> Doc {
        wrap_braces(self.slashes(left, right).0)
    }

    /// The inside of a game without its braces, and how many bars its top separator has.
    ///
    /// A lone option that is itself a game prints bare (CGSuite's slash notation) when the
    /// bar count stays within [`MAX_SLASHES`] and its bars cannot run into the parent's: a
    /// bare game must have options on both sides, or `{{1|}|}` would print as the unreadable
    /// `{1|||}`. (A canonical game with an empty side is an integer, so canonical forms print
    /// exactly as in CGSuite.)
    fn slashes(&self, left: &[Term], right: &[Term]) -> (Doc, usize) {
        let side = |opts: &[Term]| -> (Doc, usize) {
            if let [g @ Term::Game { left: l, right: r }] = opts {
                if self.slash(l, r, g) {
                    let (d, c) = self.slashes(l, r);
                    if c < MAX_SLASHES {
                        return (d, c);
                    }
                    // Computed once and braced here: recomputing through `braced` would
                    // double the work at every reset, exponential in the depth.
                    return (wrap_braces(d), 0);
                }
            }
            let items = opts.iter().map(|x| match x {
                Term::Game { .. } => self.unary(x),
                _ => self.part(x),
            });
            (join_options(items), 0)
        };
        let (l, cl) = side(left);
        let (r, cr) = side(right);
        let bars = cl.max(cr) + 1;
        let doc = l
            .append(Doc::line_())
            .append(Doc::text("|".repeat(bars)))
            .append(Doc::line_())
            .append(r)
            .group();
        (doc, bars)
    }
}

/// Whether `t` has only the nodes [`Printer::write_expr`] writes: on one line their documents
/// never break, so writing them directly gives the same text. (A `where` forces line breaks in
/// the groups around it; everything else is left to the document printer.)
fn plain(t: &Term) -> bool {
    plain_shallow(t, 0)
}

/// [`plain`] by recursion to a small depth (a proof's terms are a few nodes above their
/// references, and a stack allocated for each of them was a tenth of printing them), by an
/// explicit stack below it.
fn plain_shallow(t: &Term, depth: usize) -> bool {
    if depth >= 32 {
        return plain_deep(t);
    }
    match t {
        Term::Game { left, right } => left
            .iter()
            .chain(right)
            .all(|x| plain_shallow(x, depth + 1)),
        Term::Nus { .. } | Term::Ref(_) | Term::Name(_) => true,
        Term::Sum(a, b) => plain_shallow(a, depth + 1) && plain_shallow(b, depth + 1),
        Term::Neg(x) => plain_shallow(x, depth + 1),
        _ => false,
    }
}

fn plain_deep(t: &Term) -> bool {
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        match t {
            Term::Game { left, right } => todo.extend(left.iter().chain(right)),
            Term::Nus { .. } | Term::Ref(_) | Term::Name(_) => {}
            Term::Sum(a, b) => {
                todo.push(a);
                todo.push(b);
            }
            Term::Neg(x) => todo.push(x),
            _ => return false,
        }
    }
    true
}

/// The direct writers for [`plain`] terms, one for each document builder above they mirror
/// (`expr`, `unary`, `slashes`) on one line: `Doc::line()` is a space, `Doc::line_()` nothing.
impl Printer {
    fn write_expr(&self, t: &Term, out: &mut String) {
        match t {
            Term::Sum(a, b) => {
                self.write_expr(a, out);
                out.push(' ');
                match &**b {
                    Term::Neg(x) => {
                        out.push_str(self.minus());
                        out.push(' ');
                        self.write_unary(x, out);
                    }
                    _ if joins(a, b) => {
                        out.push_str("+ (");
                        self.write_expr(b, out);
                        out.push(')');
                    }
                    _ => {
                        out.push_str("+ ");
                        self.write_unary(b, out);
                    }
                }
            }
            Term::Nus { number, up, nim } => self.write_nus(number, up, nim, out),
            _ => self.write_unary(t, out),
        }
    }

    fn write_unary(&self, t: &Term, out: &mut String) {
        match t {
            Term::Sum(..) => {
                out.push('(');
                self.write_expr(t, out);
                out.push(')');
            }
            // Its nodes are not written one by one: a game that is not plain is left to the
            // document here.
            Term::Game { .. } if uptimal::recognize_shifted(t).is_some() => {
                if plain(t) {
                    out.push_str(&self.uptimal(t));
                } else {
                    self.strayed.set(true);
                }
            }
            Term::Game { left, right } => {
                out.push('{');
                self.write_slashes(left, right, out);
                out.push('}');
            }
            Term::Nus { number, up, nim } if plus_literal(number, up, nim) => {
                out.push('(');
                self.write_nus(number, up, nim, out);
                out.push(')');
            }
            Term::Nus { number, up, nim } => self.write_nus(number, up, nim, out),
            Term::Ref(n) => {
                out.push('#');
                push_decimal(out, u64::from(*n));
            }
            Term::Name(name) => out.push_str(name),
            Term::Neg(x) => {
                out.push_str(self.minus());
                if matches!(**x, Term::Sum(..)) || lead(x) != Lead::Other {
                    out.push('(');
                    self.write_expr(x, out);
                    out.push(')');
                } else {
                    self.write_unary(x, out);
                }
            }
            // `plain` admits no other node: the term is written by the document instead.
            _ => self.strayed.set(true),
        }
    }

    /// `body where A = …, B = …` as [`Printer::expr`] lays it out on an unbounded width:
    /// the body, then `where ` on a new line and one definition a line, indented by six. Each
    /// part is written directly when [`plain`], else through its own document; `None` (the
    /// caller then lays out the whole document) when a part is parenthesised by
    /// [`Printer::part`] or its own layout breaks a line, where the indent would differ.
    fn write_where(&self, body: &Term, defs: &[(String, Term)]) -> Option<String> {
        let mut out = String::new();
        self.write_part_line(body, &mut out)?;
        out.push_str("\nwhere ");
        for (k, (name, d)) in defs.iter().enumerate() {
            if k > 0 {
                out.push_str(",\n      ");
            }
            out.push_str(name);
            out.push_str(" = ");
            self.write_part_line(d, &mut out)?;
        }
        Some(out)
    }

    /// [`Printer::part`] of `t` on one line into `out`, or `None` as for
    /// [`Printer::write_where`].
    fn write_part_line(&self, t: &Term, out: &mut String) -> Option<()> {
        if matches!(t, Term::Where { .. }) || matches!(t, Term::Call { name, .. } if name == SIDLE)
        {
            return None;
        }
        if plain(t) {
            self.write_expr(t, out);
            return Some(());
        }
        let text = self.expr(t).pretty(usize::MAX >> 4).to_string();
        if text.contains('\n') {
            return None;
        }
        out.push_str(&text);
        Some(())
    }

    /// [`Printer::nus`] into `out`: a small integer or a nimber directly (most leaves of a
    /// proof), anything else through `nus`.
    fn write_nus(
        &self,
        number: &Dyadic,
        up: &BigInt,
        nim: &crate::number::Nimber,
        out: &mut String,
    ) {
        use num_traits::ToPrimitive;
        if up.is_zero() {
            let small = number.to_integer().and_then(|n| n.to_i64());
            match (small, nim.to_u64()) {
                (Some(n), Some(0)) => {
                    if n < 0 {
                        out.push_str(self.minus());
                    }
                    push_decimal(out, n.unsigned_abs());
                    return;
                }
                (Some(0), Some(1)) => return out.push('*'),
                (Some(0), Some(m)) => {
                    out.push('*');
                    push_decimal(out, m);
                    return;
                }
                _ => {}
            }
        }
        out.push_str(&self.nus(number, up, nim));
    }

    /// [`Printer::slashes`] appended to `out`, and how many bars its top separator has.
    ///
    /// The bars stand between the sides but their number is known only once the right side
    /// is written, so they are put in after it: a move of the right side's few bytes, where
    /// building each side as a string of its own cost an allocation and a copy per level.
    fn write_slashes(&self, left: &[Term], right: &[Term], out: &mut String) -> usize {
        let cl = self.write_side(left, out);
        let between = out.len();
        let cr = self.write_side(right, out);
        let bars = cl.max(cr) + 1;
        if bars == 1 {
            out.insert(between, '|');
        } else {
            out.insert_str(between, &"|".repeat(bars));
        }
        bars
    }

    /// One side of [`Printer::write_slashes`] appended to `out`, and its bar count (0 unless
    /// it is a lone game written bare).
    fn write_side(&self, opts: &[Term], out: &mut String) -> usize {
        if let [g @ Term::Game { left: l, right: r }] = opts {
            if self.slash(l, r, g) {
                let start = out.len();
                let c = self.write_slashes(l, r, out);
                if c < MAX_SLASHES {
                    return c;
                }
                out.insert(start, '{');
                out.push('}');
                return 0;
            }
        }
        for (k, x) in opts.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            self.write_expr(x, out);
        }
        0
    }
}

fn wrap_braces(body: Doc) -> Doc {
    Doc::text("{")
        .append(body.nest(1))
        .append(Doc::text("}"))
        .group()
}

/// Options separated by commas, as a balanced tree of appends.
///
/// `pretty` documents are binary trees that are dropped recursively; `Doc::intersperse` over a
/// side with 100,000 options builds a chain that deep and overflows the stack when dropped.
/// Balancing keeps the depth logarithmic.
fn join_options(items: impl Iterator<Item = Doc>) -> Doc {
    let mut parts = Vec::new();
    for (k, item) in items.enumerate() {
        if k > 0 {
            parts.push(Doc::text(",").append(Doc::line_()));
        }
        parts.push(item);
    }
    balanced(parts)
}

fn balanced(mut parts: Vec<Doc>) -> Doc {
    match parts.len() {
        0 => Doc::nil(),
        1 => parts.pop().unwrap_or_else(Doc::nil),
        n => {
            let right = parts.split_off(n / 2);
            balanced(parts).append(balanced(right))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The laid-out document on one line: the text `print` wrote before the direct writers.
    fn via_document(t: &Term, unicode: bool, braces: bool) -> String {
        let mut out = String::new();
        let _ = Printer {
            unicode,
            braces,
            strayed: Cell::new(false),
        }
        .expr(t)
        .render_fmt(usize::MAX >> 4, &mut out);
        out
    }

    fn closed(src: &str) -> Term {
        crate::syntax::parse(src).unwrap()
    }

    /// References and integers are written by `push_decimal`, not `fmt`: the same digits at
    /// every length, the ends of the ranges included.
    #[test]
    fn numbers_are_written_as_fmt_writes_them() {
        let mut ns: Vec<u64> = vec![0, 9, 10, 99, 100, u64::from(u32::MAX), u64::MAX];
        ns.extend((0..20).map(|k| 10u64.pow(k) - 1));
        ns.extend((0..20).map(|k| 10u64.pow(k)));
        for n in ns {
            let mut out = String::from("#");
            push_decimal(&mut out, n);
            assert_eq!(out, format!("#{n}"));
        }
        for (t, want) in [
            (Term::Ref(u32::MAX), format!("#{}", u32::MAX)),
            (closed("-1234567"), "-1234567".to_string()),
            (closed("*4096"), "*4096".to_string()),
        ] {
            assert_eq!(print(&t, &Default::default()), want);
        }
    }

    /// A `loop(…)` or `power(…)` call that no text of the parser's makes (a hand-made proof
    /// file's) is printed as the plain call, which reads back as itself: before, a label
    /// that is not a name ran into its body (`loop("1,2", 5)` printed `1,25`) and a power
    /// with a text argument printed nothing.
    #[test]
    fn calls_the_notation_cannot_write_print_as_calls() {
        let five = || Arg::Game(closed("5"));
        let call = |name: &str, args: Vec<Arg>| Term::Call {
            name: name.into(),
            args,
        };
        for (t, want) in [
            (
                call(LOOP, vec![Arg::Text("1,2".into()), five()]),
                r#"loop("1,2",5)"#,
            ),
            (
                call(
                    LOOP,
                    vec![Arg::Text("vv".into()), Arg::Game(closed("{0|vv}"))],
                ),
                r#"loop("vv",{0|vv})"#,
            ),
            (
                call(
                    LOOP,
                    vec![Arg::Text("on".into()), Arg::Game(closed("{0|1}"))],
                ),
                r#"loop("on",{0|1})"#,
            ),
            (
                call(POWER, vec![Arg::Text("a".into()), five()]),
                r#"power("a",5)"#,
            ),
        ] {
            let text = print(&t, &PrintOptions::default());
            assert_eq!(text, want);
            assert_eq!(crate::syntax::parse(&text).unwrap(), t, "{text}");
        }
        // A label the lexer reads as one is still written before its braces.
        let labelled = crate::syntax::parse("a{0|a}").unwrap();
        assert_eq!(print(&labelled, &PrintOptions::default()), "a{0|a}");
    }

    /// Games, closed forms of every kind of lead (negative, fractional, ups, stars, both),
    /// references, sums and negations, nested deep enough to pass the slash limit.
    fn arb_plain() -> impl Strategy<Value = Term> {
        let leaf = prop_oneof![
            (-3i64..4).prop_map(Term::integer),
            (0u64..4).prop_map(|n| Term::nimber(n.into())),
            (0u32..40).prop_map(Term::Ref),
            prop::sample::select(vec![
                "1/2", "-3/4", "^", "v*", "vv", "^3*2", "2^*", "-1v2*3", "2+*3"
            ])
            .prop_map(closed),
        ];
        crate::syntax::arb_games(leaf, 3)
    }

    /// [`arb_plain`]'s terms with names among the leaves, as a shared value's definitions
    /// refer to each other (no reader here: the names are defined nowhere).
    fn arb_named() -> impl Strategy<Value = Term> {
        let leaf = prop_oneof![
            (-3i64..4).prop_map(Term::integer),
            (0u64..3).prop_map(|n| Term::nimber(n.into())),
            prop::sample::select(vec!["A", "LXK", "QQ"]).prop_map(|n| Term::Name(n.into())),
            prop::sample::select(vec!["1/2", "^", "v*", "-1v2*3", "2+*3"]).prop_map(closed),
        ];
        crate::syntax::arb_games(leaf, 3)
    }

    proptest! {
        #[test]
        fn direct_writer_matches_the_document(
            t in prop_oneof![arb_plain(), arb_named()],
            unicode in any::<bool>(),
            braces in any::<bool>(),
        ) {
            prop_assert!(plain(&t));
            let opts = PrintOptions { unicode, width: None, braces };
            prop_assert_eq!(print(&t, &opts), via_document(&t, unicode, braces));
        }

        /// Nested braces read back as the same term, laid out or on one line, and never
        /// use a bar run: every game is braced, so each `|` separates exactly one game.
        #[test]
        fn braces_read_back(t in arb_plain(), width in prop::option::of(8usize..60)) {
            let opts = PrintOptions { width, braces: true, ..Default::default() };
            let text = print(&t, &opts);
            prop_assert!(!text.contains("||"), "{}", text);
            let back = crate::syntax::parse_with_refs(&text).map_err(|e| e.render());
            prop_assert_eq!(back, Ok(t));
        }
    }

    #[test]
    fn slashes_reset_past_the_limit_as_before() {
        // {0|{0|{0|{0|{0|{0|1}}}}}}: bars grow to the limit, then the inner game is braced.
        let mut t = Term::integer(1);
        for _ in 0..6 {
            t = Term::game(vec![Term::integer(0)], vec![t]);
        }
        let text = print(&t, &PrintOptions::default());
        assert_eq!(text, via_document(&t, false, false));
        assert_eq!(crate::syntax::parse(&text).unwrap(), t);
    }

    #[test]
    fn braces_write_each_option_whole() {
        let braces = PrintOptions {
            braces: true,
            ..Default::default()
        };
        // The issue's example: {1||0|-5} is {1|{0|-5}}.
        let t = closed("{1||0|-5}");
        assert_eq!(print(&t, &PrintOptions::default()), "{1||0|-5}");
        assert_eq!(print(&t, &braces), "{1|{0|-5}}");
        assert_eq!(print(&closed("{2|0||3}"), &braces), "{{2|0}|3}");
        assert_eq!(print(&closed("{||{|}|-5}"), &braces), "{|{{|}|-5}}");
    }

    /// A `where` written a definition at a time is the whole document's text: plain
    /// definitions, ones with nodes only the document knows (±, Tiny), a body that is a sum,
    /// and a definition that is itself a `where` (parenthesised: the document's).
    #[test]
    fn where_terms_match_the_document() {
        let name = |s: &str| Term::Name(s.into());
        let defs = vec![
            ("A".to_string(), closed("{0,^*|v*,{*|0}}")),
            ("B".to_string(), closed("{Tiny(2) | +-1, 3.^}")),
            (
                "C".to_string(),
                Term::game(vec![name("A"), closed("+-{0,^*}")], vec![name("B")]),
            ),
            ("D".to_string(), Term::sum(name("C"), Term::neg(name("A")))),
        ];
        let bodies = [
            Term::game(vec![name("A"), name("D")], vec![closed("*2")]),
            Term::sum(name("A"), name("B")),
            name("D"),
        ];
        for body in bodies {
            for nested in [false, true] {
                let mut defs = defs.clone();
                if nested {
                    let inner = Term::Where {
                        body: Box::new(name("E")),
                        defs: vec![("E".to_string(), closed("{1|0}"))],
                    };
                    defs.push(("F".to_string(), inner));
                }
                let t = Term::Where {
                    body: Box::new(body.clone()),
                    defs,
                };
                for (unicode, braces) in [(false, false), (true, false), (false, true)] {
                    let opts = PrintOptions {
                        unicode,
                        width: None,
                        braces,
                    };
                    assert_eq!(print(&t, &opts), via_document(&t, unicode, braces));
                }
            }
        }
    }

    #[test]
    fn terms_the_writer_does_not_know_go_to_the_document() {
        let t = closed("{Tiny(2) | +-1, 3.^}");
        assert!(!plain(&t));
        assert_eq!(
            print(&t, &PrintOptions::default()),
            via_document(&t, false, false)
        );
    }

    /// Games, closed forms and references with nodes the direct writers do not write among
    /// them (a tiny, `±`, a call, a multiple), at any depth and inside games of an uptimal's
    /// shape: the direct writers start on them and give way to the document.
    fn arb_mixed() -> impl Strategy<Value = Term> {
        let leaf = prop_oneof![
            (-3i64..4).prop_map(Term::integer),
            (0u64..3).prop_map(|n| Term::nimber(n.into())),
            (0u32..40).prop_map(Term::Ref),
            prop::sample::select(vec![
                "^",
                "v*",
                "1/2",
                "Tiny(2)",
                "+-1",
                "+-{1,2}",
                "2.Miny(1)",
                "3.{1|0}",
                "kayles(3)",
                "{0|Tiny(1)}",
                "{0||0|+-1}",
            ])
            .prop_map(closed),
        ];
        crate::syntax::arb_games(leaf, 3)
    }

    proptest! {
        #[test]
        fn a_term_the_direct_writers_cannot_write_is_written_by_the_document(
            t in arb_mixed(),
            unicode in any::<bool>(),
            braces in any::<bool>(),
        ) {
            let opts = PrintOptions { unicode, width: None, braces };
            let want = via_document(&t, unicode, braces);
            prop_assert_eq!(print(&t, &opts), want.clone());
            // After text already there, which stays as it was.
            let mut out = String::from("G = ");
            print_into(&t, &opts, &mut out);
            prop_assert_eq!(out, format!("G = {want}"));
        }
    }
}
