//! One step of a proof: a rule applied at one position of a term.
//!
//! A step carries the whole term before and after, not just the rewritten subterm, so a reader
//! (or the checker) can follow the proof without reconstructing context, and so "the step changes
//! nothing outside its position" is something the checker can verify rather than assume.

use crate::number::Dyadic;
use crate::rules::Name;
use crate::term::{Pebble, Term};
use std::fmt;

/// One move down a term: which option or operand to look inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PathElem {
    /// The i-th Left option (0-based, in the order written).
    Left(usize),
    /// The i-th Right option.
    Right(usize),
    /// The first operand of a sum.
    SumLeft,
    /// The second operand of a sum.
    SumRight,
    /// The operand of a negation.
    NegInner,
    /// The i-th argument of `±{…}`.
    PmArg(usize),
    /// The i-th argument of a function call, when it is a game. Steps go inside it only for a
    /// function whose value depends on its arguments' values alone (see
    /// [`Function::congruent`](crate::functions::Function::congruent)).
    CallArg(usize),
}

impl PathElem {
    /// How the element is written: a name, and the index after it for those that have one
    /// (`L` and 0 for `L0`). The proof file's writer writes these without the formatting
    /// machinery, which cost it a tenth of its time on paths and numbers.
    pub(crate) fn written(self) -> (&'static str, Option<usize>) {
        match self {
            PathElem::Left(i) => ("L", Some(i)),
            PathElem::Right(i) => ("R", Some(i)),
            PathElem::SumLeft => ("sum.0", None),
            PathElem::SumRight => ("sum.1", None),
            PathElem::NegInner => ("neg", None),
            PathElem::PmArg(i) => ("pm", Some(i)),
            PathElem::CallArg(i) => ("arg", Some(i)),
        }
    }
}

impl fmt::Display for PathElem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.written() {
            (name, Some(i)) => write!(f, "{name}{i}"),
            (name, None) => f.write_str(name),
        }
    }
}

impl std::str::FromStr for PathElem {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let num = |rest: &str| {
            rest.parse::<usize>()
                .map_err(|_| format!("`{s}` is not a path element"))
        };
        match s {
            "sum.0" => Ok(PathElem::SumLeft),
            "sum.1" => Ok(PathElem::SumRight),
            "neg" => Ok(PathElem::NegInner),
            _ => {
                if let Some(rest) = s.strip_prefix("pm") {
                    Ok(PathElem::PmArg(num(rest)?))
                } else if let Some(rest) = s.strip_prefix("arg") {
                    Ok(PathElem::CallArg(num(rest)?))
                } else if let Some(rest) = s.strip_prefix('L') {
                    Ok(PathElem::Left(num(rest)?))
                } else if let Some(rest) = s.strip_prefix('R') {
                    Ok(PathElem::Right(num(rest)?))
                } else {
                    Err(format!(
                        "`{s}` is not a path element (L<i>, R<i>, sum.0, sum.1, neg, pm<i>, arg<i>)"
                    ))
                }
            }
        }
    }
}

/// Prints a path as `L0/R1/sum.0`; the root is `.`.
pub fn path_string(path: &[PathElem]) -> String {
    Path(path).to_string()
}

/// A path written as [`path_string`] writes it, when it is formatted: the checker names each
/// step's position in the messages it may give, and most steps need none.
pub(crate) struct Path<'a>(pub &'a [PathElem]);

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((first, rest)) = self.0.split_first() else {
            return f.write_str(".");
        };
        write!(f, "{first}")?;
        for p in rest {
            write!(f, "/{p}")?;
        }
        Ok(())
    }
}

/// The subterm at `path`, if the path exists in `t`.
pub fn subterm_at<'a>(t: &'a Term, path: &[PathElem]) -> Option<&'a Term> {
    let Some((first, rest)) = path.split_first() else {
        return Some(t);
    };
    let next = match (first, t) {
        (PathElem::Left(i), Term::Game { left, .. }) => left.get(*i)?,
        (PathElem::Right(i), Term::Game { right, .. }) => right.get(*i)?,
        (PathElem::SumLeft, Term::Sum(a, _)) => a,
        (PathElem::SumRight, Term::Sum(_, b)) => b,
        (PathElem::NegInner, Term::Neg(a)) => a,
        (PathElem::PmArg(i), Term::PlusMinus(xs)) => xs.get(*i)?,
        (PathElem::CallArg(i), Term::Call { args, .. }) => match args.get(*i)? {
            crate::term::Arg::Game(g) => g,
            crate::term::Arg::Text(_) => return None,
        },
        _ => return None,
    };
    subterm_at(next, rest)
}

/// `t` with the subterm at `path` replaced by `new`, if the path exists.
pub fn replace_at(t: &Term, path: &[PathElem], new: &Term) -> Option<Term> {
    replaced(t, path, new.clone())
}

/// [`replace_at`] taking the new subterm by value. Only what lies beside the path is copied,
/// never the subterm being replaced: a step's terms are built from the one before at every
/// step of a proof.
pub fn replaced(t: &Term, path: &[PathElem], new: Term) -> Option<Term> {
    let Some((first, rest)) = path.split_first() else {
        return Some(new);
    };
    // Each part copied, except the one at `i`, which is replaced.
    fn copy_but(xs: &[Term], i: usize, rest: &[PathElem], new: Term) -> Option<Vec<Term>> {
        let at = xs.get(i)?;
        let mut out = Vec::with_capacity(xs.len());
        out.extend(xs[..i].iter().cloned());
        out.push(replaced(at, rest, new)?);
        out.extend(xs[i + 1..].iter().cloned());
        Some(out)
    }
    Some(match (first, t) {
        (PathElem::Left(i), Term::Game { left, right }) => Term::Game {
            left: copy_but(left, *i, rest, new)?,
            right: right.clone(),
        },
        (PathElem::Right(i), Term::Game { left, right }) => Term::Game {
            left: left.clone(),
            right: copy_but(right, *i, rest, new)?,
        },
        (PathElem::SumLeft, Term::Sum(a, b)) => Term::sum(replaced(a, rest, new)?, (**b).clone()),
        (PathElem::SumRight, Term::Sum(a, b)) => Term::sum((**a).clone(), replaced(b, rest, new)?),
        (PathElem::NegInner, Term::Neg(a)) => Term::neg(replaced(a, rest, new)?),
        (PathElem::PmArg(i), Term::PlusMinus(xs)) => Term::PlusMinus(copy_but(xs, *i, rest, new)?),
        (PathElem::CallArg(i), Term::Call { name, args }) => {
            let mut out = Vec::with_capacity(args.len());
            for (j, a) in args.iter().enumerate() {
                out.push(match a {
                    crate::term::Arg::Game(g) if j == *i => {
                        crate::term::Arg::Game(replaced(g, rest, new.clone())?)
                    }
                    crate::term::Arg::Text(_) if j == *i => return None,
                    other => other.clone(),
                });
            }
            if *i >= args.len() {
                return None;
            }
            Term::Call {
                name: name.clone(),
                args: out,
            }
        }
        _ => return None,
    })
}

/// What a rule's match bound, as terms: the evidence a step's side conditions are about.
///
/// The checker does not trust these: it re-matches the rule and requires every recorded
/// witness to agree with its own match, so a swapped witness is caught rather than believed.
/// The checker's interpreter (`proof::pattern`) holds its own matches in the same shape over
/// a play's own places (`P`: a term in normal play, a form of its DAG in misère play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witnesses<P = Term> {
    /// Game variables (`a`, `b`, `G`, …) and the subterms they stood for.
    pub games: Vec<(Name, P)>,
    /// Set variables (`..L`) and their members.
    pub sets: Vec<(Name, Vec<P>)>,
    /// Value variables (the `n` of `int(n)`): numbers, up multiples and nimbers as dyadics.
    pub values: Vec<(Name, Dyadic)>,
    /// Hackenstring row variables.
    pub rows: Vec<(Name, Vec<Pebble>)>,
}

impl<P> Default for Witnesses<P> {
    fn default() -> Self {
        Witnesses {
            games: Vec::new(),
            sets: Vec::new(),
            values: Vec::new(),
            rows: Vec::new(),
        }
    }
}

impl<P> Witnesses<P> {
    /// The game bound to `name`.
    pub fn game(&self, name: &str) -> Option<&P> {
        self.games.iter().find(|(n, _)| n == name).map(|(_, t)| t)
    }
    /// The set bound to `name`.
    pub fn set(&self, name: &str) -> Option<&[P]> {
        self.sets
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| s.as_slice())
    }
    /// The value bound to `name`.
    pub fn value(&self, name: &str) -> Option<&Dyadic> {
        self.values.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
    /// The row bound to `name`.
    pub fn row(&self, name: &str) -> Option<&[Pebble]> {
        self.rows
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, r)| r.as_slice())
    }
    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
            && self.sets.is_empty()
            && self.values.is_empty()
            && self.rows.is_empty()
    }
}

/// One rule application in a proof. Printed, it is the line `= to` and, below it, the rule,
/// where it applied and why, as `onag simplify` shows a step.
///
/// ```
/// use onag::{Engine, RuleSet};
/// let fundamental = Engine::new(RuleSet::builtin().select("fundamental").unwrap());
/// let s = onag::simplify(&onag::parse("{0, 1 | 2}").unwrap(), &fundamental).unwrap();
/// let first = &s.proof.steps[0];
/// assert_eq!(first.rule, "dominated-left"); // 0 <= 1
/// assert_eq!(first.to.to_string(), "{1|2}");
/// assert!(first.to_string().starts_with("  = {1|2}\n      by dominated-left at the top: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The whole term before the step.
    pub from: Term,
    /// The whole term after the step; it differs from `from` only at `at`.
    pub to: Term,
    /// The rule's name in the rule set: a [`Name`], which holds a name of up to 24 bytes (every
    /// built-in rule's) in place, and [`LEMMA`] as a reference to the constant, so a step's
    /// name allocates nothing (a `String` until 2026-12 — it was an allocation a step, made on
    /// the composer's thread and freed on the proof writer's). It reads as a `str`
    /// (`step.rule == "lemma"`, `step.rule.as_str()`, `&*step.rule`); `String::from` or
    /// `.to_string()` gives an owned `String`, and `.into()` makes one from a `String` or `&str`.
    pub rule: Name,
    /// Where the rule applies: a path of options and operands from the root.
    pub at: Vec<PathElem>,
    /// The witnesses in words, for people; the checker reads `witnesses`, not this.
    pub why: String,
    /// The match the rule was applied with.
    pub witnesses: Witnesses,
    /// The rule was applied right to left: its pattern matches the subterm of `to` and its
    /// result is the subterm of `from`.
    pub reversed: bool,
    /// For a grouped step (several deletions of one kind in one game, written as one step the
    /// way a person would): the single rule instances it stands for, in order, each at `at`
    /// with `rule`. Empty for a single instance, whose own `witnesses` are the match.
    pub parts: Vec<Step>,
    /// For a step that cites a lemma of the proof (`rule` is then [`LEMMA`]): its index. The
    /// subterm at `at` is the lemma's left side before the step and its right side after
    /// (the other way round when `reversed`).
    pub lemma: Option<usize>,
}

/// The entry [`Step::FROM_CHAIN`] names.
const FROM_CHAIN_REF: u32 = u32::MAX;

/// The rule name of a step that cites a lemma rather than applying a rule.
pub const LEMMA: &str = "lemma";

impl Step {
    /// A step citing lemma `index`, which proves `before = after` for the subterms at `at`.
    pub fn cite(from: Term, to: Term, at: Vec<PathElem>, index: usize, why: String) -> Step {
        Step {
            from,
            to,
            rule: Name::const_new(LEMMA),
            at,
            why,
            witnesses: Witnesses::default(),
            reversed: false,
            parts: Vec::new(),
            lemma: Some(index),
        }
    }

    /// The same step inside a larger term: `outer` with this step's whole terms put at `path`.
    /// `None` if `outer` has no subterm at `path`.
    pub fn lifted(&self, outer: &Term, path: &[PathElem]) -> Option<Step> {
        let put = |t: &Term| replaced(outer, path, t.clone());
        let at: Vec<PathElem> = path.iter().chain(&self.at).copied().collect();
        Some(Step {
            from: put(&self.from)?,
            to: put(&self.to)?,
            at,
            parts: self
                .parts
                .iter()
                .map(|p| p.lifted(outer, path))
                .collect::<Option<Vec<_>>>()?,
            ..self.but_terms()
        })
    }

    /// The step's rule, words, witnesses and citation, with empty terms and no parts: what
    /// the methods building another step from this one keep.
    fn but_terms(&self) -> Step {
        Step {
            from: Term::zero(),
            to: Term::zero(),
            rule: self.rule.clone(),
            at: self.at.clone(),
            why: self.why.clone(),
            witnesses: self.witnesses.clone(),
            reversed: self.reversed,
            parts: Vec::new(),
            lemma: self.lemma,
        }
    }

    /// The same step with every term passed through `f`.
    pub fn map_terms(&self, f: &impl Fn(&Term) -> Term) -> Step {
        let w = &self.witnesses;
        Step {
            from: f(&self.from),
            to: f(&self.to),
            witnesses: Witnesses {
                games: w.games.iter().map(|(n, t)| (n.clone(), f(t))).collect(),
                sets: w
                    .sets
                    .iter()
                    .map(|(n, ts)| (n.clone(), ts.iter().map(f).collect()))
                    .collect(),
                values: w.values.clone(),
                rows: w.rows.clone(),
            },
            parts: self.parts.iter().map(|p| p.map_terms(f)).collect(),
            rule: self.rule.clone(),
            at: self.at.clone(),
            why: self.why.clone(),
            reversed: self.reversed,
            lemma: self.lemma,
        }
    }

    /// Passes every term of the step (its parts' included) and its words to `f` and `g`, in
    /// place, so a proof can be renumbered without a copy of it.
    pub fn edit(&mut self, f: &mut impl FnMut(&mut Term), g: &mut impl FnMut(&mut String)) {
        f(&mut self.from);
        f(&mut self.to);
        for (_, t) in &mut self.witnesses.games {
            f(t);
        }
        for (_, ts) in &mut self.witnesses.sets {
            ts.iter_mut().for_each(&mut *f);
        }
        g(&mut self.why);
        for p in &mut self.parts {
            p.edit(f, g);
        }
    }

    /// The same equality read in the other direction.
    pub fn inverse(&self) -> Step {
        Step {
            from: self.to.clone(),
            to: self.from.clone(),
            reversed: !self.reversed,
            parts: self.parts.iter().rev().map(Step::inverse).collect(),
            ..self.but_terms()
        }
    }

    /// The `from` of a step read for the check from a file that leaves it out: "where the
    /// chain is", which the checker holds already ([`Step::starts_at`]). The file's reader
    /// made it a copy of the previous step's `to`, which the check compared with that term,
    /// term for term, and then dropped: a tenth of `onag check`'s instructions. No file's
    /// term is this reference: a table's entries are numbered below `u32::MAX` and a reader
    /// takes no reference past its table. The composer's steps start so too, until
    /// `explain::chained` writes them out for the proof's other readers.
    pub(crate) const FROM_CHAIN: Term = Term::Ref(FROM_CHAIN_REF);

    /// The term the step starts from, `chain` the term its chain has reached: its own
    /// `from`, or `chain` where that is [`Step::FROM_CHAIN`].
    pub(crate) fn starts_at<'a>(&'a self, chain: &'a Term) -> &'a Term {
        match self.from {
            Term::Ref(FROM_CHAIN_REF) => chain,
            _ => &self.from,
        }
    }

    /// The subterm the rule rewrote, as it is before the step.
    pub fn before(&self) -> Option<&Term> {
        subterm_at(&self.from, &self.at)
    }

    /// The subterm the rule produced, as it is after the step.
    pub fn after(&self) -> Option<&Term> {
        subterm_at(&self.to, &self.at)
    }
}

pub use crate::term::same_form;
