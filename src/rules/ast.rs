//! The parsed form of a rule: patterns, conditions and templates over game terms.
//!
//! Nothing here knows about the e-graph: the engine compiles these into egg searchers and
//! appliers, and the proof checker matches them against plain terms. Two independent
//! interpreters of one data structure is what lets the checker trust nothing the engine did.

use crate::number::Dyadic;
use std::fmt;

/// Where a rule may be used by saturation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// Rewrites an active node into a simpler one; the result becomes the class's active form.
    Reduce,
    /// Opens a closed form (a leaf such as `5` or `*3`) into a game whose options other rules
    /// can see. Used only on demand, so `1000000` is never unfolded a million times.
    Open,
    /// An equality saturation never applies by itself (the gift horse principle adds options);
    /// available to proofs written by hand and to the checker.
    Manual,
}

/// A pattern variable's name as a match carries it (`a`, `G`, `GL`): held inline, so binding
/// or copying a binding allocates nothing. Matches bind and copy names at every choice they
/// try; as `String`s the names were a quarter of a proof's allocations.
pub type Name = compact_str::CompactString;

/// A rule family, used to choose rule sets by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    /// The rule's name, unique within a rule set.
    pub name: String,
    /// One line in plain words.
    pub says: String,
    /// Where the theorem is in the seeds.
    pub cite: String,
    /// The groups this rule belongs to (`fundamental`, `shortcut`, …).
    pub groups: Vec<String>,
    /// How saturation uses it.
    pub kind: RuleKind,
    /// Lower runs first when several rules match the same node.
    pub priority: i32,
    /// What it matches.
    pub pattern: Pattern,
    /// Side conditions, all of which must hold.
    pub conditions: Vec<Condition>,
    /// What it builds.
    pub result: Template,
    /// The file the rule came from and its text, for `onag rules NAME`.
    pub source: RuleSource,
    /// For a mirror derived by a `mirror` clause, the rule it mirrors.
    pub mirror_of: Option<String>,
    /// Whether that mirror was derived by swapping the summands (`mirror NAME by swapping the
    /// summands`) rather than by negation.
    pub swapped: bool,
}

impl Rule {
    /// Whether `other` states the same rewrite: the same kind, pattern, conditions and
    /// result (names, words and source aside). A checker trusts a rule's theorem only when
    /// it is a shipped rule as shipped; a rule of the same name stating anything else is a
    /// user's, checked by the definitions.
    pub fn same_statement(&self, other: &Rule) -> bool {
        self.kind == other.kind
            && self.pattern == other.pattern
            && self.conditions == other.conditions
            && self.result == other.result
    }
}

/// Where a rule was written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct RuleSource {
    /// The file name (or `<string>`).
    pub file: String,
    /// The 1-based line of `rule`.
    pub line: usize,
    /// The rule's text as written.
    pub text: String,
}

/// A pattern over game terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// Any term; binds it. A name used twice must match the same class both times.
    Var(String),
    /// `NAME @ pattern`: binds the whole and matches its inside.
    Bind(String, Box<Pattern>),
    /// `{ picks, ..rest | picks, ..rest }` with set semantics.
    Game(SidePattern, SidePattern),
    /// `a + b`.
    Sum(Box<Pattern>, Box<Pattern>),
    /// `-a`.
    Neg(Box<Pattern>),
    /// `pm(..X)`: `±{X}`.
    PlusMinus(String),
    /// A closed-form leaf.
    Leaf(LeafPattern),
    /// `A & B`, `onside(G)`, `offside(G)`: a call of loopy play's term grammar (`A & B` is the
    /// term `sidle(A, B)`), its arguments matched in order.
    Call(LoopyCall, Vec<Pattern>),
}

/// The calls of loopy play's term grammar that rules match and build: the sided value
/// `A & B` and the two sides of a game. The term parser reads `A & B` as the call
/// `sidle(A, B)` and `onside(G)` as a call; a rule's pattern and result are read the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyCall {
    /// `A & B`: the game whose onside is A and offside B.
    Sidle,
    /// `onside(G)`.
    Onside,
    /// `offside(G)`.
    Offside,
}

/// Each call with its name in a term and how many games it takes, in declaration order: one
/// table read both ways.
const LOOPY_CALLS: [(LoopyCall, &str, usize); 3] = [
    (LoopyCall::Sidle, "sidle", 2),
    (LoopyCall::Onside, "onside", 1),
    (LoopyCall::Offside, "offside", 1),
];

impl LoopyCall {
    /// The call's name in a term (`sidle` for `A & B`).
    pub fn name(self) -> &'static str {
        LOOPY_CALLS[self as usize].1
    }

    /// The call named `name` in a term.
    pub fn from_name(name: &str) -> Option<LoopyCall> {
        LOOPY_CALLS.iter().find(|c| c.1 == name).map(|c| c.0)
    }

    /// How many games it takes.
    pub fn arity(self) -> usize {
        LOOPY_CALLS[self as usize].2
    }
}

/// One side of a game pattern.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct SidePattern {
    /// Options picked one by one, each distinct from the others.
    pub picks: Vec<Pattern>,
    /// The name bound to the other options; without it the picks must be all of them.
    pub rest: Option<String>,
}

/// A leaf pattern; arguments are value variables or literals.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LeafPattern {
    /// `num(x)`: a number leaf.
    Num(ValueArg),
    /// `int(n)`: an integer leaf.
    Int(ValueArg),
    /// `nim(n)`: a nimber leaf `*n`.
    Nim(ValueArg),
    /// `up(n)`: the leaf `n·↑`.
    Up(ValueArg),
    /// `nus(x, u, n)`: any number-up-star leaf.
    Nus(ValueArg, ValueArg, ValueArg),
    /// `hack(r)`: a Hackenstring row.
    Hack(String),
}

/// An argument of a leaf pattern.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueArg {
    /// Binds the payload.
    Var(String),
    /// Requires this exact value.
    Lit(Dyadic),
    /// Matches anything, binds nothing.
    Any,
}

/// A comparison between games: defined with the terms (`crate::term`), below both the rule
/// language and the checker's order by the definition, which reads it too.
pub use crate::term::Rel;

/// A side condition.
// Conditions are built once per rule and never moved in bulk: boxing the templates would only
// add indirection to the matcher's hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// `a REL b` between games (templates), or between values when both sides are values.
    Compare(Template, Rel, Template),
    /// A predicate, possibly negated.
    Pred {
        /// `not` in front.
        negated: bool,
        /// Which predicate.
        pred: Predicate,
        /// Its arguments: variable names.
        args: Vec<String>,
    },
    /// `H in every option of G` (or `… of G but S`): every option of the game G (both
    /// sides), except those equal to a member of the set S, has an option equal to H — the
    /// form of a misère reversal (`rules/misere.rules`). Equality is the play's.
    InEvery {
        /// The game each option must have as an option.
        game: Template,
        /// The game variable whose options are looked at.
        of: String,
        /// The set variable whose members are left out, if any.
        but: Option<String>,
    },
}

/// Predicates the kernel decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Predicate {
    /// `number(G)`: G equals a number.
    Number,
    /// `nimber(G)`: G equals a nimber.
    Nimber,
    /// `numbers(S)`: every game in the set equals a number.
    Numbers,
    /// `nimbers(S)`: every game in the set equals a nimber.
    Nimbers,
    /// `same(S, T)`: the two sets have the same values.
    Same,
    /// `integer(x)`: the value x is an integer.
    Integer,
    /// `fits(S, T)`: some number lies strictly between every value of S and every value of T.
    Fits,
    /// `adjacent(x, y)`: y − x = 2^-k where 2^-k is the finer resolution of x and y, so
    /// (x + y)/2 is the number whose definition is `{x | y}`.
    Adjacent,
    /// `initial(S)`: S is exactly the nimber leaves `*0, *1, …, *(n−1)` for some n.
    InitialNimbers,
    /// `empty(S)`: the set has no members.
    Empty,
    /// `P(X)`: X is a P-position (the player to move loses) in the play the rule is decided
    /// in; a misère rule's proviso.
    PPosition,
    /// `within(S, T)`: every member of S equals (in the play) some member of T.
    Within,
    /// `keeps_onside(G, a)`: deleting the option bound to `a` from the position bound to `G`
    /// leaves the onside of the whole game unchanged (by the order of sides); a loopy side
    /// rule's proviso, decided only inside a side's derivation (`onside(…)`).
    KeepsOnside,
    /// `keeps_offside(G, a)`: the same for the offside; the mirror of `keeps_onside`.
    KeepsOffside,
    /// `stopper(G)`: G is a stopper (no play from any position of G alternates forever); a
    /// loopy term rule's proviso, decided on G's game graph.
    Stopper,
}

/// Each predicate with its name in rule files and how many arguments it takes, in declaration
/// order: one table read both ways.
const PREDICATES: [(Predicate, &str, usize); 15] = [
    (Predicate::Number, "number", 1),
    (Predicate::Nimber, "nimber", 1),
    (Predicate::Numbers, "numbers", 1),
    (Predicate::Nimbers, "nimbers", 1),
    (Predicate::Same, "same", 2),
    (Predicate::Integer, "integer", 1),
    (Predicate::Fits, "fits", 2),
    (Predicate::Adjacent, "adjacent", 2),
    (Predicate::InitialNimbers, "initial", 1),
    (Predicate::Empty, "empty", 1),
    (Predicate::PPosition, "P", 1),
    (Predicate::Within, "within", 2),
    (Predicate::KeepsOnside, "keeps_onside", 2),
    (Predicate::KeepsOffside, "keeps_offside", 2),
    (Predicate::Stopper, "stopper", 1),
];

impl Predicate {
    /// The name as written in rule files.
    pub fn name(self) -> &'static str {
        PREDICATES[self as usize].1
    }

    /// Parses a predicate name.
    pub fn from_name(s: &str) -> Option<Predicate> {
        PREDICATES.iter().find(|p| p.1 == s).map(|p| p.0)
    }

    /// How many arguments it takes.
    pub fn arity(self) -> usize {
        PREDICATES[self as usize].2
    }
}

/// A term to build (or, in conditions, to evaluate).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Template {
    /// A bound game, or a bound value when used as a value.
    Var(String),
    /// `{ items | items }`.
    Game(Vec<TemplateItem>, Vec<TemplateItem>),
    /// `a + b`.
    Sum(Box<Template>, Box<Template>),
    /// `-a`.
    Neg(Box<Template>),
    /// A closed-form leaf built from values.
    Leaf(LeafTemplate),
    /// A value expression, used in value comparisons.
    Value(ValueExpr),
    /// `A & B`, `onside(G)`, `offside(G)` built (loopy play's terms).
    Call(LoopyCall, Vec<Template>),
}

/// An item on one side of a built game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TemplateItem {
    /// One option.
    One(Template),
    /// `..S`: every member of a bound set.
    Splice(String),
    /// `..(t)`: t built once for each member of the one set variable it mentions.
    Map {
        /// The set iterated.
        over: String,
        /// The template, in which `over` stands for one member.
        body: Template,
    },
    /// `..nims(n)`: the nimber leaves `*0 … *(n−1)`.
    Nims(ValueExpr),
    /// `..left_cuts(r)` / `..right_cuts(r)`: the rows a player can leave by one move in row r.
    Cuts {
        /// True for Left's moves.
        left: bool,
        /// The row variable.
        row: String,
    },
}

/// A leaf built from value expressions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LeafTemplate {
    /// `num(x)`.
    Num(ValueExpr),
    /// `int(n)`.
    Int(ValueExpr),
    /// `nim(n)`.
    Nim(ValueExpr),
    /// `up(n)`.
    Up(ValueExpr),
    /// `nus(x, u, n)`.
    Nus(ValueExpr, ValueExpr, ValueExpr),
}

/// Arithmetic on payload values: numbers, up multiples, nimbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ValueExpr {
    /// A literal number.
    Lit(Dyadic),
    /// A value variable bound by a leaf pattern.
    Var(String),
    /// `a + b`.
    Add(Box<ValueExpr>, Box<ValueExpr>),
    /// `a - b`.
    Sub(Box<ValueExpr>, Box<ValueExpr>),
    /// `-a`.
    Neg(Box<ValueExpr>),
    /// A built-in function.
    Call(ValueFn, Vec<String>, Vec<ValueExpr>),
}

/// Built-in value functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueFn {
    /// `simplest(S, T)`: the simplest number strictly between the number values of S and T.
    Simplest,
    /// `mex(S)`: the least nimber not among the nim values of S.
    Mex,
    /// `nimadd(a, b)`: a ⊕ b.
    NimAdd,
    /// `ulp(x)`: 2^-k where x = m/2^k in lowest terms (1 for integers).
    Ulp,
    /// `mid(x, y)`: (x + y)/2.
    Mid,
    /// `count(S)`: the number of members of S.
    Count,
    /// `numval(G)`: the number G equals.
    NumVal,
    /// `nimval(G)`: the nimber G equals.
    NimVal,
}

/// Each function with its name in rule files and how many set/game arguments and value
/// arguments it takes, in declaration order: one table read both ways.
const VALUE_FNS: [(ValueFn, &str, usize, usize); 8] = [
    (ValueFn::Simplest, "simplest", 2, 0),
    (ValueFn::Mex, "mex", 1, 0),
    (ValueFn::NimAdd, "nimadd", 0, 2),
    (ValueFn::Ulp, "ulp", 0, 1),
    (ValueFn::Mid, "mid", 0, 2),
    (ValueFn::Count, "count", 1, 0),
    (ValueFn::NumVal, "numval", 1, 0),
    (ValueFn::NimVal, "nimval", 1, 0),
];

impl ValueFn {
    /// The name as written in rule files.
    pub fn name(self) -> &'static str {
        VALUE_FNS[self as usize].1
    }

    /// Parses a function name, with how many set/game arguments and value arguments it takes.
    pub fn from_name(s: &str) -> Option<(ValueFn, usize, usize)> {
        let &(f, _, sets, values) = VALUE_FNS.iter().find(|f| f.1 == s)?;
        Some((f, sets, values))
    }
}

impl fmt::Display for RuleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleKind::Reduce => "reduce",
            RuleKind::Open => "open",
            RuleKind::Manual => "manual",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table is in its enum's declaration order (`name` and `arity` index it by the
    /// variant), and reads a name back to its variant.
    #[test]
    fn the_name_tables_are_in_declaration_order() {
        for (i, &(p, name, arity)) in PREDICATES.iter().enumerate() {
            assert_eq!((p as usize, p.name(), p.arity()), (i, name, arity));
            assert_eq!(Predicate::from_name(name), Some(p));
        }
        for (i, &(f, name, sets, values)) in VALUE_FNS.iter().enumerate() {
            assert_eq!((f as usize, f.name()), (i, name));
            assert_eq!(ValueFn::from_name(name), Some((f, sets, values)));
        }
        for (i, &(c, name, arity)) in LOOPY_CALLS.iter().enumerate() {
            assert_eq!((c as usize, c.name(), c.arity()), (i, name, arity));
            assert_eq!(LoopyCall::from_name(name), Some(c));
        }
        assert_eq!(Predicate::from_name("Number"), None);
        assert_eq!(ValueFn::from_name("max"), None);
        assert_eq!(LoopyCall::from_name("side"), None);
    }
}
