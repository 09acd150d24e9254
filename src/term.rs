//! The expression tree: games as people write them.
//!
//! A [`Term`] is a *form*, not a value: `{0,1|2}` and `3/2` are different terms with the same
//! value. The parser produces terms, the printer prints them, the kernel evaluates them to
//! canonical values, and the rewrite engine rewrites them. Closed-form leaves ([`Term::Nus`])
//! stand for their canonical forms, so a term can name `2^1000` or `*2^64` without expanding it.

use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

/// A pebble of a Hackenstring row (seed 001, seed 000 II.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pebble {
    /// Left's pebble (`L`; seed 001 writes `A`).
    Left,
    /// Right's pebble (`R`; seed 001 writes `B`).
    Right,
    /// A neutral pebble either player may take (`E`; seed 001 writes `C`).
    Neutral,
}

impl Pebble {
    /// The letter onag writes for the pebble: in `hs"…"`, the e-graph's leaves and proofs.
    pub(crate) fn letter(self) -> char {
        match self {
            Pebble::Left => 'L',
            Pebble::Right => 'R',
            Pebble::Neutral => 'E',
        }
    }

    /// The pebble [`Pebble::letter`] writes as `c`, if any (the parser reads seed 001's
    /// letters too; the e-graph's leaves and proofs take onag's own only).
    pub(crate) fn from_letter(c: char) -> Option<Pebble> {
        match c {
            'L' => Some(Pebble::Left),
            'R' => Some(Pebble::Right),
            'E' => Some(Pebble::Neutral),
            _ => None,
        }
    }
}

/// A row written in the letters of [`Pebble::letter`].
pub(crate) fn row_text(row: &[Pebble]) -> String {
    row.iter().map(|p| p.letter()).collect()
}

/// A game term: the expression as written, nothing evaluated. [`crate::parse`] reads one,
/// `Display` prints it back in CGSuite's notation (ASCII), and the kernel or the engine give
/// its value.
///
/// ```
/// use onag::Term;
/// let t = onag::parse("{0, 1 | 2} + *").unwrap();
/// assert!(matches!(t, Term::Sum(..)));
/// assert_eq!(t.to_string(), "{0,1|2} + *");
/// assert_eq!(onag::parse(&t.to_string()).unwrap(), t);
/// ```
// Equality is field-wise, as derived (see the `PartialEq` impl), so the derived hash agrees.
//
// No `Ord`: an order of terms by their structure would pose as the order of games (`{1|}` is 2,
// more than 1, whatever the texts say). Code that needs a fixed order of terms (to sort the
// options of a normal form) names it: [`Term::structural_cmp`].
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Debug, Eq, Hash)]
#[non_exhaustive]
pub enum Term {
    /// An explicit game `{L1,L2,…|R1,…}`. Options keep the order and repetition they were
    /// written with: "options are sets" is a rule, not a property of the data structure.
    Game {
        /// Left's options.
        left: Vec<Term>,
        /// Right's options.
        right: Vec<Term>,
    },
    /// The closed form `number + up·↑ + *nim` (CGSuite's "number-up-star"): plain numbers
    /// (`3/8`), nimbers (`*5`), up multiples (`v3`) and combinations (`1/2v2*3`). It denotes the
    /// canonical form of that value.
    Nus {
        /// The number part.
        number: Dyadic,
        /// The multiple of ↑ (negative for ↓).
        up: BigInt,
        /// The nimber part.
        nim: Nimber,
    },
    /// A Hackenstring row: Left removes an `L` pebble and everything to its right, Right an `R`,
    /// either player an `E`.
    Hackenstring(Vec<Pebble>),
    /// `a + b`.
    Sum(Box<Term>, Box<Term>),
    /// `-a`.
    Neg(Box<Term>),
    /// `±{a,b,…}` = `{a,b,…|-a,-b,…}`; `+-G` is the one-option case.
    PlusMinus(Vec<Term>),
    /// `number + Tiny(sub)`, where `Tiny(G) = {0||0|-G}`; printed `xTiny(G)` as CGSuite does.
    Tiny {
        /// The number the tiny is added to.
        number: Dyadic,
        /// The subscript game G.
        sub: Box<Term>,
    },
    /// `number + Miny(sub)`, where `Miny(G) = {G|0||0} = -Tiny(G)`.
    Miny {
        /// The number the miny is added to.
        number: Dyadic,
        /// The subscript game G.
        sub: Box<Term>,
    },
    /// `n·G`: n copies of G added together (for negative n, copies of -G).
    Multiple {
        /// How many copies.
        count: BigInt,
        /// The game copied.
        game: Box<Term>,
    },
    /// `#n`: the n-th entry of a term table held by whoever made the term (internal: a term the
    /// library hands out names no table entry). Proofs write large
    /// subterms once in their table and refer to them so (`crate::proof::TermTable`); the
    /// parser reads `#n` only when asked to (`syntax::parse_with_refs`), and the kernel
    /// evaluates it only once told its value.
    #[doc(hidden)]
    Ref(u32),
    /// `name(arg, …)`: a game named by a function of the expression language, such as a
    /// ruleset's position (`domineering("..|..")`) or an operation on games (`cool(G, 1)`).
    /// The term does not know what the name means; `crate::functions` does, so the syntax stays
    /// below the code that gives names their meaning.
    Call {
        /// The function's name as written.
        name: String,
        /// The arguments, in order.
        args: Vec<Arg>,
    },
    /// A name bound by an enclosing [`Term::Where`]: it stands for that definition's game.
    Name(String),
    /// `body where A = t1, B = t2, …`: a term that writes each repeated part once. Each
    /// definition may use the names defined before it (and those of enclosing `where`s), never
    /// its own or a later one, so no cycle can be written; the body may use them all. The
    /// kernel evaluates it with an environment of values, in time proportional to the text;
    /// [`crate::sharing::expand`] writes it out by substitution when that is small enough.
    Where {
        /// The term the definitions serve.
        body: Box<Term>,
        /// The definitions, in order.
        defs: Vec<(String, Term)>,
    },
}

/// Structural equality, field by field, as derived; written out only so that the integers in
/// a number compare limb by limb (`number::big_eq`): derived, each was a call of `memcmp`, 10% of
/// the time of a large proof's production and check. Every arm names its variant, so a new
/// variant cannot be missed.
impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        use crate::number::big_eq;
        match self {
            Term::Game { left, right } => {
                matches!(other, Term::Game { left: l, right: r } if left == l && right == r)
            }
            Term::Nus { number, up, nim } => matches!(
                other,
                Term::Nus { number: n, up: u, nim: m } if number == n && big_eq(up, u) && nim == m
            ),
            Term::Hackenstring(a) => matches!(other, Term::Hackenstring(b) if a == b),
            Term::Sum(a, b) => matches!(other, Term::Sum(c, d) if a == c && b == d),
            Term::Neg(a) => matches!(other, Term::Neg(b) if a == b),
            Term::PlusMinus(a) => matches!(other, Term::PlusMinus(b) if a == b),
            Term::Tiny { number, sub } => {
                matches!(other, Term::Tiny { number: n, sub: s } if number == n && sub == s)
            }
            Term::Miny { number, sub } => {
                matches!(other, Term::Miny { number: n, sub: s } if number == n && sub == s)
            }
            Term::Multiple { count, game } => matches!(
                other,
                Term::Multiple { count: c, game: g } if big_eq(count, c) && game == g
            ),
            Term::Ref(a) => matches!(other, Term::Ref(b) if a == b),
            Term::Call { name, args } => {
                matches!(other, Term::Call { name: n, args: a } if name == n && args == a)
            }
            Term::Name(a) => matches!(other, Term::Name(b) if a == b),
            Term::Where { body, defs } => {
                matches!(other, Term::Where { body: b, defs: d } if body == b && defs == d)
            }
        }
    }
}

/// A term ordered by [`Term::structural_cmp`], for the places that need terms as keys of an
/// order (a sort, a partition refinement's signatures): a named order, never the games' one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Structural(pub Term);

impl PartialOrd for Structural {
    fn partial_cmp(&self, other: &Structural) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Structural {
    fn cmp(&self, other: &Structural) -> std::cmp::Ordering {
        self.0.structural_cmp(&other.0)
    }
}

/// An argument of a [`Term::Call`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// An expression: a game, or a number such as a temperature.
    Game(Term),
    /// A quoted string, such as a board: `"..#|..."`.
    Text(String),
}

impl Term {
    /// A fixed total order of terms by their structure (the variant in the order declared,
    /// then the fields in order, lists lexicographically): for sorting options into a normal
    /// form, never the order of games, which [`crate::compare`] gives.
    pub fn structural_cmp(&self, other: &Term) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        fn rank(t: &Term) -> u8 {
            match t {
                Term::Game { .. } => 0,
                Term::Nus { .. } => 1,
                Term::Hackenstring(_) => 2,
                Term::Sum(..) => 3,
                Term::Neg(_) => 4,
                Term::PlusMinus(_) => 5,
                Term::Tiny { .. } => 6,
                Term::Miny { .. } => 7,
                Term::Multiple { .. } => 8,
                Term::Ref(_) => 9,
                Term::Call { .. } => 10,
                Term::Name(_) => 11,
                Term::Where { .. } => 12,
            }
        }
        fn list(a: &[Term], b: &[Term]) -> Ordering {
            for (x, y) in a.iter().zip(b) {
                match x.structural_cmp(y) {
                    Ordering::Equal => {}
                    o => return o,
                }
            }
            a.len().cmp(&b.len())
        }
        fn arg(a: &Arg, b: &Arg) -> Ordering {
            match (a, b) {
                (Arg::Game(x), Arg::Game(y)) => x.structural_cmp(y),
                (Arg::Game(_), Arg::Text(_)) => Ordering::Less,
                (Arg::Text(_), Arg::Game(_)) => Ordering::Greater,
                (Arg::Text(x), Arg::Text(y)) => x.cmp(y),
            }
        }
        match (self, other) {
            (Term::Game { left: a, right: b }, Term::Game { left: c, right: d }) => {
                list(a, c).then_with(|| list(b, d))
            }
            (
                Term::Nus { number, up, nim },
                Term::Nus {
                    number: n,
                    up: u,
                    nim: m,
                },
            ) => number
                .cmp(n)
                .then_with(|| up.cmp(u))
                .then_with(|| nim.cmp(m)),
            (Term::Hackenstring(a), Term::Hackenstring(b)) => a.cmp(b),
            (Term::Sum(a, b), Term::Sum(c, d)) => {
                a.structural_cmp(c).then_with(|| b.structural_cmp(d))
            }
            (Term::Neg(a), Term::Neg(b)) => a.structural_cmp(b),
            (Term::PlusMinus(a), Term::PlusMinus(b)) => list(a, b),
            (Term::Tiny { number, sub }, Term::Tiny { number: n, sub: t })
            | (Term::Miny { number, sub }, Term::Miny { number: n, sub: t }) => {
                number.cmp(n).then_with(|| sub.structural_cmp(t))
            }
            (Term::Multiple { count, game }, Term::Multiple { count: c, game: g }) => {
                count.cmp(c).then_with(|| game.structural_cmp(g))
            }
            (Term::Ref(a), Term::Ref(b)) => a.cmp(b),
            (Term::Call { name, args }, Term::Call { name: n, args: a }) => {
                name.cmp(n).then_with(|| {
                    for (x, y) in args.iter().zip(a) {
                        match arg(x, y) {
                            Ordering::Equal => {}
                            o => return o,
                        }
                    }
                    args.len().cmp(&a.len())
                })
            }
            (Term::Name(a), Term::Name(b)) => a.cmp(b),
            (Term::Where { body, defs }, Term::Where { body: b, defs: d }) => {
                body.structural_cmp(b).then_with(|| {
                    for ((x, s), (y, t)) in defs.iter().zip(d) {
                        match x.cmp(y).then_with(|| s.structural_cmp(t)) {
                            Ordering::Equal => {}
                            o => return o,
                        }
                    }
                    defs.len().cmp(&d.len())
                })
            }
            (a, b) => rank(a).cmp(&rank(b)),
        }
    }

    /// The explicit game `{left | right}`.
    pub fn game(left: Vec<Term>, right: Vec<Term>) -> Term {
        Term::Game { left, right }
    }

    /// `0`, written `{|}` in the canonical tree but as the number leaf here.
    pub fn zero() -> Term {
        Term::number(Dyadic::zero())
    }

    /// The number leaf.
    pub fn number(x: Dyadic) -> Term {
        Term::Nus {
            number: x,
            up: BigInt::zero(),
            nim: Nimber::zero(),
        }
    }

    /// The integer leaf.
    pub fn integer(n: i64) -> Term {
        Term::number(Dyadic::from(n))
    }

    /// The nimber leaf `*n`.
    pub fn nimber(n: Nimber) -> Term {
        Term::Nus {
            number: Dyadic::zero(),
            up: BigInt::zero(),
            nim: n,
        }
    }

    /// The leaf `n·↑`.
    pub fn up(n: BigInt) -> Term {
        Term::Nus {
            number: Dyadic::zero(),
            up: n,
            nim: Nimber::zero(),
        }
    }

    /// `a + b`.
    pub fn sum(a: Term, b: Term) -> Term {
        Term::Sum(Box::new(a), Box::new(b))
    }

    /// `-a`, as a term: a constructor like [`Term::sum`], not the arithmetic negation (that
    /// is [`crate::kernel::Kernel::neg`]), hence no `std::ops::Neg`.
    #[allow(clippy::should_implement_trait)]
    pub fn neg(a: Term) -> Term {
        Term::Neg(Box::new(a))
    }

    /// The number this term is written as, if it is a bare number leaf.
    pub fn as_number(&self) -> Option<&Dyadic> {
        match self {
            Term::Nus { number, up, nim } if up.is_zero() && nim.is_zero() => Some(number),
            _ => None,
        }
    }

    /// The number of nodes in the term tree (a leaf counts one; a name counts one, not the size
    /// of what it stands for: this is the size of the text, see `crate::sharing` for the
    /// size written out).
    pub fn size(&self) -> usize {
        match self {
            Term::Game { left, right } => {
                1 + left.iter().chain(right).map(Term::size).sum::<usize>()
            }
            Term::Nus { .. } | Term::Hackenstring(_) | Term::Name(_) | Term::Ref(_) => 1,
            Term::Where { body, defs } => {
                1 + body.size() + defs.iter().map(|(_, d)| d.size()).sum::<usize>()
            }
            Term::Sum(a, b) => 1 + a.size() + b.size(),
            Term::Neg(a) => 1 + a.size(),
            Term::PlusMinus(xs) => 1 + xs.iter().map(Term::size).sum::<usize>(),
            Term::Tiny { sub, .. } | Term::Miny { sub, .. } => 1 + sub.size(),
            Term::Multiple { game, .. } => 1 + game.size(),
            Term::Call { args, .. } => {
                1 + args
                    .iter()
                    .map(|a| match a {
                        Arg::Game(t) => t.size(),
                        Arg::Text(_) => 1,
                    })
                    .sum::<usize>()
            }
        }
    }

    /// Whether the term is the integer 1 (used by printers to drop `1·`).
    pub fn is_one(&self) -> bool {
        self.as_number()
            .is_some_and(|x| x.to_integer().is_some_and(|n| n.is_one()))
    }

    /// True for a negative count in [`Term::Multiple`]; a convenience for printers.
    pub fn is_negative_multiple(&self) -> bool {
        matches!(self, Term::Multiple { count, .. } if count.is_negative())
    }
}

/// Written-out size up to which a one-set brace's options are copied to both sides: copying
/// a few leaves costs less than a definition, and keeps small braces (`{0,*}`) plain games.
pub(crate) const ONE_SET_COPY_LIMIT: usize = 8;

/// How the names a one-set brace binds begin: a `{`, which no name the lexer reads can contain,
/// so they never meet a name the user wrote (and the printer knows them for what they are).
const ONE_SET_NAME: char = '{';

/// The one-set brace `{X, Y}` = `{X, Y | X, Y}` (seed 003 writes `{0,*,*3}` for the impartial
/// game). Small options are copied to both sides; larger ones are written once, as
/// `{N0, N1 | N0, N1} where N0 = X, N1 = Y` with names no one can write, so a brace nested d
/// deep costs d definitions, not 2^d copies. Every consumer already reads `where` (the kernel
/// evaluates each definition once, [`crate::sharing::expand`] writes it out under a node bound),
/// and the printer writes the brace back as it was written ([`one_set_options`]).
pub fn one_set(options: Vec<Term>) -> Term {
    if size_within(&options, ONE_SET_COPY_LIMIT) {
        return Term::Game {
            left: options.clone(),
            right: options,
        };
    }
    let defs: Vec<(String, Term)> = options
        .into_iter()
        .enumerate()
        .map(|(i, t)| (format!("{ONE_SET_NAME}{i}"), t))
        .collect();
    let names: Vec<Term> = defs.iter().map(|(n, _)| Term::Name(n.clone())).collect();
    Term::Where {
        body: Box::new(Term::Game {
            left: names.clone(),
            right: names,
        }),
        defs,
    }
}

/// The options of a one-set brace written once by [`one_set`], if `t` is one.
pub fn one_set_options(t: &Term) -> Option<impl Iterator<Item = &Term>> {
    let Term::Where { body, defs } = t else {
        return None;
    };
    let Term::Game { left, right } = &**body else {
        return None;
    };
    let is_name = |i: usize, t: &Term, n: &str| matches!(t, Term::Name(m) if m == n && m.starts_with(ONE_SET_NAME) && m[1..] == i.to_string());
    let ok = !defs.is_empty()
        && left.len() == defs.len()
        && right.len() == defs.len()
        && defs
            .iter()
            .enumerate()
            .all(|(i, (n, _))| is_name(i, &left[i], n) && is_name(i, &right[i], n));
    ok.then(|| defs.iter().map(|(_, d)| d))
}

/// Whether the terms have at most `limit` nodes in all, counted without walking past it.
pub(crate) fn size_within(ts: &[Term], limit: usize) -> bool {
    let mut count = 0usize;
    let mut todo: Vec<&Term> = ts.iter().collect();
    while let Some(t) = todo.pop() {
        count += 1;
        if count > limit {
            return false;
        }
        todo.extend(subterms(t));
    }
    true
}

/// Puts a term's options in a fixed order, recursively, so that terms equal up to the order of
/// options (options are sets of positions, not lists) compare equal. Repetitions are kept:
/// deleting a repeated option is a rule (`options-are-sets-*`), not something to paper over.
pub fn normalise(t: &Term) -> Term {
    match t {
        Term::Game { left, right } => {
            let mut l: Vec<Term> = left.iter().map(normalise).collect();
            let mut r: Vec<Term> = right.iter().map(normalise).collect();
            l.sort_by(Term::structural_cmp);
            r.sort_by(Term::structural_cmp);
            Term::Game { left: l, right: r }
        }
        Term::Sum(a, b) => Term::sum(normalise(a), normalise(b)),
        Term::Neg(a) => Term::neg(normalise(a)),
        Term::PlusMinus(xs) => {
            let mut v: Vec<Term> = xs.iter().map(normalise).collect();
            v.sort_by(Term::structural_cmp);
            Term::PlusMinus(v)
        }
        Term::Tiny { number, sub } => Term::Tiny {
            number: number.clone(),
            sub: Box::new(normalise(sub)),
        },
        Term::Miny { number, sub } => Term::Miny {
            number: number.clone(),
            sub: Box::new(normalise(sub)),
        },
        Term::Multiple { count, game } => Term::Multiple {
            count: count.clone(),
            game: Box::new(normalise(game)),
        },
        Term::Call { name, args } => Term::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    Arg::Game(t) => Arg::Game(normalise(t)),
                    Arg::Text(s) => Arg::Text(s.clone()),
                })
                .collect(),
        },
        Term::Where { body, defs } => Term::Where {
            body: Box::new(normalise(body)),
            defs: defs
                .iter()
                .map(|(n, d)| (n.clone(), normalise(d)))
                .collect(),
        },
        Term::Nus { .. } | Term::Hackenstring(_) | Term::Name(_) | Term::Ref(_) => t.clone(),
    }
}

/// Equality of terms with options compared as multisets.
pub fn same_form(a: &Term, b: &Term) -> bool {
    a == b || normalise(a) == normalise(b)
}

/// The children of a term, in order: a game's Left options then its Right ones, the operands
/// of the other nodes, a call's game arguments (the operands a proof's path steps into). The
/// one such walk, for the term table, the proofs, `sharing` and the kernel's evaluator. A
/// `where` has none here: its names scope over its parts, so each walk that meets one handles
/// it itself (proofs write `where`s out before they start).
#[inline]
pub(crate) fn children(t: &Term) -> Vec<&Term> {
    match t {
        Term::Game { left, right } => left.iter().chain(right).collect(),
        Term::Sum(a, b) => vec![a, b],
        Term::Neg(a) => vec![a],
        Term::PlusMinus(xs) => xs.iter().collect(),
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => vec![sub],
        Term::Multiple { game, .. } => vec![game],
        Term::Call { args, .. } => args
            .iter()
            .filter_map(|a| match a {
                Arg::Game(g) => Some(g),
                Arg::Text(_) => None,
            })
            .collect(),
        Term::Nus { .. }
        | Term::Hackenstring(_)
        | Term::Ref(_)
        | Term::Name(_)
        | Term::Where { .. } => vec![],
    }
}

/// Every direct subterm, a `where`'s body and definitions included: for the walks that look
/// at every node whatever the scopes (counting nodes, looking for a call).
pub(crate) fn subterms(t: &Term) -> Vec<&Term> {
    match t {
        Term::Where { body, defs } => std::iter::once(&**body)
            .chain(defs.iter().map(|(_, d)| d))
            .collect(),
        _ => children(t),
    }
}

/// The children of a term, mutably, in the order of [`children`].
#[inline]
pub(crate) fn children_mut(t: &mut Term) -> Vec<&mut Term> {
    match t {
        Term::Game { left, right } => left.iter_mut().chain(right.iter_mut()).collect(),
        Term::Sum(a, b) => vec![&mut **a, &mut **b],
        Term::Neg(a) => vec![&mut **a],
        Term::PlusMinus(xs) => xs.iter_mut().collect(),
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => vec![&mut **sub],
        Term::Multiple { game, .. } => vec![&mut **game],
        Term::Call { args, .. } => args
            .iter_mut()
            .filter_map(|a| match a {
                Arg::Game(g) => Some(g),
                Arg::Text(_) => None,
            })
            .collect(),
        Term::Nus { .. }
        | Term::Hackenstring(_)
        | Term::Ref(_)
        | Term::Name(_)
        | Term::Where { .. } => vec![],
    }
}

/// A comparison between games, as rules and comparisons state it: decided by the kernel for
/// the producer, by the definition for the checker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    /// ≤
    Le,
    /// <
    Lt,
    /// ≥
    Ge,
    /// >
    Gt,
    /// =
    Eq,
    /// ≠
    Ne,
    /// ‖ (confused with)
    Fuzzy,
    /// ⊲ (less than or confused with)
    LessOrFuzzy,
    /// ⊳ (greater than or confused with)
    GreaterOrFuzzy,
}

impl Rel {
    /// Whether the relation holds between two games of which the first is at least the
    /// second exactly when `ge`, and at most it exactly when `le`: what each relation means
    /// in any play whose order is a partial order (the stopper order, the order of sides).
    pub fn by_order(self, ge: bool, le: bool) -> bool {
        match self {
            Rel::Eq => ge && le,
            Rel::Ne => !(ge && le),
            Rel::Le => le,
            Rel::Ge => ge,
            Rel::Lt => le && !ge,
            Rel::Gt => ge && !le,
            Rel::Fuzzy => !ge && !le,
            Rel::LessOrFuzzy => !ge,
            Rel::GreaterOrFuzzy => !le,
        }
    }

    /// The symbol as written in rule files.
    pub fn symbol(self) -> &'static str {
        match self {
            Rel::Le => "<=",
            Rel::Lt => "<",
            Rel::Ge => ">=",
            Rel::Gt => ">",
            Rel::Eq => "==",
            Rel::Ne => "!=",
            Rel::Fuzzy => "||",
            Rel::LessOrFuzzy => "<|",
            Rel::GreaterOrFuzzy => "|>",
        }
    }
}

#[cfg(test)]
mod equality_tests {
    use super::*;
    use proptest::prelude::*;

    /// Small terms over few leaves, so that two drawn independently are often equal; the
    /// leaves include integers of one and of several limbs, up multiples and nimbers.
    fn arb() -> impl Strategy<Value = Term> {
        let leaf = prop::sample::select(vec![
            "0",
            "1",
            "-1",
            "1/2",
            "^",
            "^3",
            "v*",
            "*2",
            "123456789012345678901234567890",
            "123456789012345678901234567891",
            "-123456789012345678901234567890",
            "{|}",
        ])
        .prop_map(|s| crate::syntax::parse(s).unwrap());
        leaf.prop_recursive(3, 12, 2, |inner| {
            prop_oneof![
                (
                    prop::collection::vec(inner.clone(), 0..2),
                    prop::collection::vec(inner.clone(), 0..2)
                )
                    .prop_map(|(l, r)| Term::game(l, r)),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| Term::sum(a, b)),
                inner.prop_map(Term::neg),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

        /// The written-out equality is the structural one the structural order and the hash
        /// use, and that order is antisymmetric.
        #[test]
        fn equality_is_the_structural_order_s_equality(a in arb(), b in arb()) {
            prop_assert_eq!(a == b, a.structural_cmp(&b) == std::cmp::Ordering::Equal);
            prop_assert_eq!(a.structural_cmp(&b), b.structural_cmp(&a).reverse());
            prop_assert!(a == a.clone());
            if a == b {
                use std::hash::{BuildHasher, RandomState};
                let h = RandomState::new();
                prop_assert_eq!(h.hash_one(&a), h.hash_one(&b));
            }
        }
    }
}
