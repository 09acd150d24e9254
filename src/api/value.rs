//! [`Value`]: what a call of the library answers, in every play, owned and needing no kernel to
//! hold, print or compare.
//!
//! The number world's evaluator has its own value type (`functions::world::Value`, holding
//! kernel ids); it is converted here, at the API's edge, and stays as it is. A value prints in
//! CGSuite's notation (ASCII) and reads back equal through [`str::parse`]. Comparison is by game
//! order where onag decides it ([`PartialOrd`]), and equality is game equality; there is no
//! structural `Ord` posing as either.

use crate::error::Error;
use crate::functions::world::{self, Value as World};
use crate::kernel::{Budget, Kernel, Relation};
use crate::loopy::Work;
use crate::number::{Nimber, On2, Surreal};
use crate::term::{Arg, Term};
use num_traits::Zero;
use std::cmp::Ordering;
use std::fmt;

/// A value in any play: a short game's canonical form, a number or nimber beyond the short
/// games, a misère simplest form, a loopy value, a list, a boolean, or a text result.
///
/// It prints in CGSuite's notation and reads back equal; it compares by game order where that
/// is defined (short games, numbers, stoppers and sided loopy values: `None` for incomparable
/// or undefined), and `==` is game equality.
///
/// ```
/// use onag::Value;
/// # fn main() -> Result<(), onag::Error> {
/// let v: Value = "{0, 1 | 2} + *".parse()?;
/// assert_eq!(v.to_string(), "3/2*");
/// assert!(matches!(v, Value::Game(_)));
/// // Game order, not the order of the text: {1|} is 2, which is more than 1.
/// let (two, one): (Value, Value) = ("{1|}".parse()?, "1".parse()?);
/// assert!(two > one);
/// // * and 0 are confused with each other: neither is less, and they are not equal.
/// let (star, zero): (Value, Value) = ("*".parse()?, "0".parse()?);
/// assert_eq!(star.partial_cmp(&zero), None);
/// // Beyond the short games: omega, 1/3, lists, booleans, loopy values.
/// let w: Value = "w + 1".parse()?;
/// assert!(matches!(w, Value::Number(_)) && w > two);
/// assert_eq!("left_options({1|0})".parse::<Value>()?, Value::List(vec![one.clone()]));
/// assert_eq!("is_number(1/2)".parse::<Value>()?, Value::Bool(true));
/// let on: Value = "on".parse()?;
/// assert!(matches!(on, Value::Loopy(_)) && on > two);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum Value {
    /// A short game, as its canonical form.
    Game(ShortGame),
    /// A number that is not dyadic (ω, 1/3, ω − 1): a surreal in Conway normal form.
    Number(Surreal),
    /// A transfinite nimber (`*w`).
    Nimber(On2),
    /// A misère simplest form of an impartial game (`*[2#0]`).
    Misere(MisereForm),
    /// A loopy game's value: a stopper in simplest form, `onside & offside`, or a graph.
    Loopy(LoopyValue),
    /// A list (`left_options({1|0})` is `[1]`).
    List(Vec<Value>),
    /// A predicate's answer.
    Bool(bool),
    /// Anything else, as CGSuite prints it: an outcome letter, a genus, an uptimal expansion,
    /// a ruleset position.
    Text {
        /// What kind of value it is, in words (`"outcome class"`, `"genus"`, `"position"`).
        kind: String,
        /// It as CGSuite prints it.
        text: String,
    },
}

/// A short game's canonical form, owned: its term (shared with `where` when its tree would be
/// large, so a value of a large sum stays small).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShortGame {
    term: Term,
}

impl ShortGame {
    /// The canonical form as a term (written with `where` when its tree is large).
    pub fn term(&self) -> &Term {
        &self.term
    }

    /// The term, owned.
    pub fn into_term(self) -> Term {
        self.term
    }

    /// A canonical form the rules reached and a checked proof certifies, for a game too large
    /// for the kernel to value.
    pub(crate) fn canonical_term(term: Term) -> ShortGame {
        ShortGame { term }
    }

    /// The canonical form of a kernel's game, shared above the size the printer writes out.
    pub(crate) fn of(k: &mut Kernel, g: crate::kernel::GameId) -> ShortGame {
        ShortGame {
            term: k.to_shared_term(g, crate::analysis::MAX_TREE),
        }
    }

    /// The game as a number, when it is a dyadic one.
    fn as_surreal(&self) -> Option<Surreal> {
        match &self.term {
            Term::Nus { number, up, nim } if up.is_zero() && nim.is_zero() => {
                Some(Surreal::dyadic(number))
            }
            _ => None,
        }
    }

    /// The game as a nimber, when it is one.
    fn as_nimber(&self) -> Option<Nimber> {
        match &self.term {
            Term::Nus { number, up, nim } if up.is_zero() && number.is_zero() => Some(nim.clone()),
            _ => None,
        }
    }
}

impl fmt::Display for ShortGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::syntax::print(&self.term, &Default::default()))
    }
}

/// A misère simplest form (Conway, ONAG ch. 12), as CGSuite prints it (`*[2#0]`). Simplest
/// forms are unique, so two forms are equal games exactly when they print alike.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{Engine, Play, Value};
/// let misere = Engine::default().with_play(Play::Misere);
/// let v = onag::evaluate(&onag::parse("*2 + *2")?, &misere)?;
/// let Value::Misere(form) = &v else { panic!("{v:?}") };
/// assert_eq!(form.to_string(), "*[2[2]]");
/// // Its options are *2 + * and *2, whose simplest forms are the heaps *3 and *2.
/// let options: Vec<String> = form.options()?.iter().map(|o| o.to_string()).collect();
/// assert_eq!(options, ["*[2]", "*[3]"]);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MisereForm {
    text: String,
}

impl MisereForm {
    pub(crate) fn new(text: String) -> MisereForm {
        MisereForm { text }
    }

    /// Its options, each a simplest form (read from the form itself, under default limits).
    pub fn options(&self) -> Result<Vec<MisereForm>, Error> {
        let mut m = crate::misere::Misere::default();
        let g = read_misere(&mut m, &self.text)?;
        let opts = m.options(g).to_vec();
        opts.into_iter()
            .map(|o| Ok(MisereForm::new(crate::misere::notation::print(&mut m, o)?)))
            .collect()
    }
}

/// Reads a form as CGSuite prints it (`*[2#0]`, or a bare `*[2]` inside).
fn read_misere(m: &mut crate::misere::Misere, text: &str) -> Result<crate::misere::MId, Error> {
    let inner = text
        .strip_prefix("*[")
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(text);
    match crate::misere::notation::read(m, inner)? {
        Ok(g) => Ok(g),
        Err(e) => Err(Error::BadInput(format!(
            "not a misère form: {text}: {} (at {})",
            e.message, e.at
        ))),
    }
}

impl fmt::Display for MisereForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A loopy game's value as CGSuite writes it: a stopper in simplest form (`on`, `upon`,
/// `3/2under`), a stopper-sided value `onside & offside` (`dud`, `over & under`), or a graph
/// whose sides are not stoppers.
///
/// ```
/// # fn main() -> Result<(), onag::Error> {
/// use onag::{LoopyKind, Value};
/// let v: Value = "on + off".parse()?;
/// let Value::Loopy(l) = &v else { panic!("{v:?}") };
/// assert_eq!(l.to_string(), "dud");
/// assert_eq!(l.kind()?, LoopyKind::Sided);
/// assert_eq!(v, "dud".parse()?);
/// # Ok(())
/// # }
/// ```
#[derive(Clone, Debug)]
pub struct LoopyValue {
    text: String,
}

/// What a [`LoopyValue`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LoopyKind {
    /// A stopper (no alternating cycle), in simplest form.
    Stopper,
    /// Onside and offside are stoppers and differ.
    Sided,
    /// A game whose sides are not stoppers: the graph as written.
    Graph,
}

impl LoopyValue {
    pub(crate) fn new(text: String) -> LoopyValue {
        LoopyValue { text }
    }

    /// Whether it is a stopper, a sided value or a graph (read again from its text, under
    /// default limits).
    pub fn kind(&self) -> Result<LoopyKind, Error> {
        let mut k = Kernel::new();
        Ok(match loopy_of(&mut k, &self.text)? {
            crate::loopy::value::Value::Stopper(_) => LoopyKind::Stopper,
            crate::loopy::value::Value::Sided { .. } => LoopyKind::Sided,
            crate::loopy::value::Value::Graph(_) => LoopyKind::Graph,
        })
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq for LoopyValue {
    /// Equal values: the same text, or equal by the order of stoppers or sides.
    fn eq(&self, other: &LoopyValue) -> bool {
        self.text == other.text
            || loopy_relation(&self.text, &other.text).ok() == Some(Relation::Equal)
    }
}

/// The loopy value of a text (a loopy game, or a short game embedded).
fn loopy_of(k: &mut Kernel, text: &str) -> Result<crate::loopy::value::Value, Error> {
    let t = crate::syntax::parse(text)?;
    let v = world::eval(k, &t)?;
    lift_loopy(k, &v)
}

/// A number-world value as a loopy value: a loopy value itself, or a short game's graph.
pub(crate) fn lift_loopy(k: &mut Kernel, v: &World) -> Result<crate::loopy::value::Value, Error> {
    let mut work = Work::new(k.budget().clone());
    match v {
        World::Loopy(l) => Ok((**l).clone()),
        World::Game(g) => {
            let g = crate::loopy::Loopy::from_short(k, *g, &mut work)?;
            Ok(crate::loopy::value::Value::of(&g, &mut work)?)
        }
        other => Err(Error::BadInput(format!(
            "{} is not a loopy game or a short game",
            other.display(k, true)
        ))),
    }
}

/// How two loopy texts compare, under default limits.
fn loopy_relation(a: &str, b: &str) -> Result<Relation, Error> {
    let mut k = Kernel::new();
    let (x, y) = (loopy_of(&mut k, a)?, loopy_of(&mut k, b)?);
    Ok(x.compare(&y, &mut Work::new(Budget::default()))?)
}

impl Value {
    /// A number-world value, owned: its games printed from `k`.
    pub(crate) fn from_world(k: &mut Kernel, v: World) -> Value {
        match v {
            World::Game(g) => Value::Game(ShortGame::of(k, g)),
            World::Surreal(s) => Value::Number(s),
            World::Nimber(x) => Value::Nimber(x),
            World::Misere { kind, text } => match kind {
                "canonical form" => Value::Misere(MisereForm::new(text)),
                "boolean" if text == "true" || text == "false" => Value::Bool(text == "true"),
                _ => Value::Text {
                    kind: kind.to_string(),
                    text,
                },
            },
            v @ World::Loopy(_) => Value::Loopy(LoopyValue::new(v.display(k, true))),
            World::Bool(b) => Value::Bool(b),
            World::List(xs) => {
                Value::List(xs.into_iter().map(|x| Value::from_world(k, x)).collect())
            }
            World::Text { kind, text } => Value::Text {
                kind: kind.to_string(),
                text,
            },
        }
    }

    /// A loopy derivation's value, written: a short game when it is one.
    pub(crate) fn loopy(text: String) -> Value {
        if let Ok(t) = crate::syntax::parse(&text) {
            if !crate::loopy::build::is_loopy(&t) {
                let mut k = Kernel::new();
                if let Ok(g) = k.eval(&t) {
                    return Value::Game(ShortGame::of(&mut k, g));
                }
            }
        }
        Value::Loopy(LoopyValue::new(text))
    }
}

impl fmt::Display for Value {
    /// CGSuite's notation, ASCII, on one line: it reads back equal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Game(g) => write!(f, "{g}"),
            Value::Number(s) => f.write_str(&s.display(true)),
            Value::Nimber(x) => {
                let inner = x.display(true);
                if x.terms().len() == 1 && x.terms()[0] == (1, Nimber::from(1)) {
                    write!(f, "*{inner}")
                } else {
                    write!(f, "*({inner})")
                }
            }
            Value::Misere(m) => write!(f, "{m}"),
            Value::Loopy(l) => write!(f, "{l}"),
            Value::List(xs) => {
                f.write_str("[")?;
                for (i, x) in xs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text { text, .. } => f.write_str(text),
        }
    }
}

impl std::str::FromStr for Value {
    type Err = Error;

    /// Reads an expression and evaluates it ([`crate::evaluate_any`]): normal play, or loopy
    /// play when the notation is loopy.
    fn from_str(s: &str) -> Result<Value, Error> {
        let t = crate::syntax::parse(s)?;
        crate::api::evaluate_any(&t).map_err(|e| e.at_source(s))
    }
}

impl PartialEq for Value {
    /// Game equality where it is defined (short games, numbers, nimbers, misère forms, loopy
    /// values, and across them: the short game 1/2 equals the number 1/2); lists, booleans
    /// and texts are equal when they are the same.
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::List(a), Value::List(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Text { kind, text }, Value::Text { kind: k, text: t }) => {
                kind == k && text == t
            }
            (Value::Misere(a), Value::Misere(b)) => a == b,
            (Value::Game(a), Value::Game(b)) if a == b => true,
            (
                Value::Game(_) | Value::Number(_) | Value::Nimber(_) | Value::Loopy(_),
                Value::Game(_) | Value::Number(_) | Value::Nimber(_) | Value::Loopy(_),
            ) => self.partial_cmp(other) == Some(Ordering::Equal),
            _ => false,
        }
    }
}

fn ordering(r: Relation) -> Option<Ordering> {
    match r {
        Relation::Less => Some(Ordering::Less),
        Relation::Equal => Some(Ordering::Equal),
        Relation::Greater => Some(Ordering::Greater),
        Relation::Fuzzy => None,
    }
}

impl PartialOrd for Value {
    /// Game order: short games by the kernel, numbers as surreals (a dyadic short game among
    /// them), stoppers and sided loopy values side by side (a short game among them as its
    /// graph). `None` when the two are incomparable (`*` and `0`), or when onag does not order
    /// such values (a nimber, a misère form, a list: only equality).
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        use Value::*;
        match (self, other) {
            (Game(a), Game(b)) => {
                if a == b {
                    return Some(Ordering::Equal);
                }
                let mut k = Kernel::new();
                let (x, y) = (k.eval(&a.term).ok()?, k.eval(&b.term).ok()?);
                ordering(k.compare(x, y).ok()?)
            }
            (Number(a), Number(b)) => a.partial_cmp(b),
            (Number(a), Game(g)) => a.partial_cmp(&g.as_surreal()?),
            (Game(g), Number(b)) => g.as_surreal()?.partial_cmp(b),
            (Nimber(a), Nimber(b)) => (a == b).then_some(Ordering::Equal),
            (Nimber(a), Game(g)) | (Game(g), Nimber(a)) => {
                (On2::finite(g.as_nimber()?) == *a).then_some(Ordering::Equal)
            }
            (Loopy(a), Loopy(b)) => ordering(loopy_relation(&a.text, &b.text).ok()?),
            (Loopy(a), Game(g)) => ordering(loopy_relation(&a.text, &g.to_string()).ok()?),
            (Game(g), Loopy(b)) => ordering(loopy_relation(&g.to_string(), &b.text).ok()?),
            (List(_) | Bool(_) | Text { .. } | Misere(_), _)
            | (_, List(_) | Bool(_) | Text { .. } | Misere(_)) => {
                (self == other).then_some(Ordering::Equal)
            }
            _ => None,
        }
    }
}

/// The misère simplest form of a term, by the number world's `misere_canonical_form(G)`.
pub(crate) fn misere_call(t: &Term) -> Term {
    Term::Call {
        name: "misere_canonical_form".into(),
        args: vec![Arg::Game(t.clone())],
    }
}
