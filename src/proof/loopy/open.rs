//! A loopy ruleset's position entering a loopy proof: the opening step
//! `backsliding_toads_and_frogs("t.")` = `a{{a|}|}` (rules/openings.rules), made by the
//! producer from the ruleset's own game graph and accepted by the checker only by a
//! re-generation of the strip's graph of its own.
//!
//! The producer opens each call of the term, outermost first and left to right, one step each
//! at the call's place, with the strip's game graph (`rulesets::backsliding_toads::graph`)
//! written by the proof's graph writer (`super::write`): in the loopy notation (braces per
//! position, a label for a position met again around it, `pass` for a move back to the
//! position itself) when that copies no position inside a cycle, else through the term
//! table, one entry per position; the loopy derivation then starts from the opened term.
//!
//! The checker reads the strip by the one reader of its language
//! (`rulesets::position::strips`, docs/POSITIONS.md), so a text the producer refuses
//! is refused here with the same words; generates the strip's graph by a naive move generator
//! of its own (characters and indices, every strip reached one vertex); reads the step's term
//! into its own graph ([`Checker::read`]); and accepts the step when the two graphs unfold to
//! the same game tree (a bisimulation of the two graphs together, [`Checker::same`]): the
//! naming and the merging of vertices are free, a move added or dropped, a label pointing at
//! another position or another strip's graph are not. Nothing else of the term may change.

use super::{show, Checker, Shape, G, MAX_VERTICES};
use crate::kernel::{Budget, KernelError};
use crate::loopy::derive::{LoopyDerivation, Writer};
use crate::loopy::Work;
use crate::proof::played::{self, meeting, Stop};
use crate::proof::step::{path_string, replace_at, subterm_at, PathElem, Step, Witnesses};
use crate::proof::{Proof, ProofError};
use crate::rules::RuleSet;
use crate::rulesets::{backsliding_toads, position, RulesetError};
use crate::term::{Arg, Term};
use crate::term_table::TermTable;
use std::collections::HashMap;

/// The opening rule, named as the function it opens (rules/openings.rules).
pub const RULE: &str = "backsliding_toads_and_frogs";

/// The most nodes a term is written out to for the checker's comparison of the rest of it.
const MAX_WRITTEN: usize = 2_000_000;

/// How deep the search for calls goes (the parser's own bound is lower).
const DEPTH: usize = 1000;

/// Whether `t` calls the loopy ruleset anywhere, so its derivation starts by opening it.
pub fn mentions(t: &Term) -> bool {
    fn go(t: &Term, depth: usize) -> bool {
        match t {
            Term::Call { name, .. } if name == RULE => true,
            _ if depth > DEPTH => false,
            _ => crate::term::children(t)
                .into_iter()
                .any(|c| go(c, depth + 1)),
        }
    }
    go(t, 0)
}

/// The place of the first call (outermost, then left to right) by a path a step can name.
fn first_call(t: &Term, depth: usize) -> Option<Vec<PathElem>> {
    if depth > DEPTH {
        return None;
    }
    let within = |e: PathElem, c: &Term| {
        first_call(c, depth + 1).map(|mut p| {
            p.insert(0, e);
            p
        })
    };
    match t {
        Term::Call { name, .. } if name == RULE => Some(Vec::new()),
        Term::Call { args, .. } => args.iter().enumerate().find_map(|(i, a)| match a {
            Arg::Game(g) => within(PathElem::CallArg(i), g),
            Arg::Text(_) => None,
        }),
        Term::Game { left, right } => left
            .iter()
            .enumerate()
            .find_map(|(i, o)| within(PathElem::Left(i), o))
            .or_else(|| {
                right
                    .iter()
                    .enumerate()
                    .find_map(|(i, o)| within(PathElem::Right(i), o))
            }),
        Term::Sum(a, b) => within(PathElem::SumLeft, a).or_else(|| within(PathElem::SumRight, b)),
        Term::Neg(a) => within(PathElem::NegInner, a),
        Term::PlusMinus(xs) => xs
            .iter()
            .enumerate()
            .find_map(|(i, x)| within(PathElem::PmArg(i), x)),
        _ => None,
    }
}

/// The strip of a call, read by the one reader of its language.
fn strip_text(call: &Term) -> Result<&str, String> {
    match call {
        Term::Call { name, args } if name == RULE => match args.as_slice() {
            [Arg::Text(s)] => Ok(s),
            _ => Err(format!(
                "{RULE}(…) takes one quoted strip, as {RULE}(\"ttt..fff\")"
            )),
        },
        _ => Err(format!("{} is not a call of {RULE}(…)", show(call))),
    }
}

/// A term whose loopy ruleset calls are opened: the steps from the term as written to it.
pub(super) struct Opened {
    /// The term as written.
    pub input: Term,
    /// The term with every call opened.
    pub term: Term,
    /// One opening step per call, in order.
    pub steps: Vec<Step>,
}

/// The opening of one strip: its game graph, a vertex per strip reached, written by `out`
/// (the derivation's first `loopy-sum` step then fuses strips of one game form, when the
/// notation wrote them apart).
pub fn opening(text: &str, budget: &Budget, out: &mut dyn Writer) -> Result<Term, KernelError> {
    let strip = backsliding_toads::parse(text)
        .map_err(|e| crate::functions::rulesets::kernel_error(RULE, e))?;
    let g = backsliding_toads::graph(&strip, &mut Work::new(budget.clone()))?;
    out.write(&g).map_err(|e| match e {
        KernelError::Limit { which } => KernelError::Limit {
            which: format!("{which} (the game graph of the strip \"{text}\")"),
        },
        e => e,
    })
}

/// Every call of the loopy ruleset in `t` opened, a step each.
pub(super) fn open_all(
    t: &Term,
    budget: &Budget,
    out: &mut dyn Writer,
) -> Result<Opened, ProofError> {
    let mut cur = t.clone();
    let mut steps = Vec::new();
    while let Some(at) = first_call(&cur, 0) {
        let call = subterm_at(&cur, &at).cloned().unwrap_or_else(Term::zero);
        let text = strip_text(&call).map_err(|m| {
            ProofError::Kernel(KernelError::Function {
                name: RULE.to_string(),
                message: m,
                calls: vec![call.clone()],
            })
        })?;
        let opened =
            opening(text, budget, out).map_err(|e| ProofError::Kernel(e.in_call(&call)))?;
        let Some(next) = replace_at(&cur, &at, &opened) else {
            break;
        };
        let why = format!(
            "the Backsliding Toads and Frogs strip \"{text}\" is the game graph of its moves (a \
             toad steps right or back left into an empty square or jumps one frog, a frog the \
             mirror image; a label marks a strip reached again)"
        );
        let w = Witnesses::default();
        steps.push(played::step((cur, next.clone()), RULE, at, why, w));
        cur = next;
    }
    if mentions(&cur) {
        return Err(ProofError::Kernel(KernelError::Function {
            name: RULE.to_string(),
            message: "a call inside a copy (n.G), Tiny or Miny is not opened in a loopy \
                      derivation: write the copies out as a sum"
                .to_string(),
            calls: Vec::new(),
        }));
    }
    Ok(Opened {
        input: t.clone(),
        term: cur,
        steps,
    })
}

/// The proof of a derivation of the opened term, its opening steps first.
pub(super) fn derivation(
    o: &Opened,
    d: &LoopyDerivation,
    terms: TermTable,
    rules: &RuleSet,
) -> Proof {
    let mut steps = o.steps.clone();
    steps.extend(super::steps_of(d, &o.term, rules));
    super::loopy_proof(o.input.clone(), d.term.clone(), steps, terms)
}

/// The proof that `a` = `b`: `a`'s openings and derivation, then `b`'s read backwards.
pub(super) fn equality(
    a: &Opened,
    da: &LoopyDerivation,
    b: &Opened,
    db: &LoopyDerivation,
    terms: TermTable,
    rules: &RuleSet,
) -> Proof {
    let mut steps = a.steps.clone();
    steps.extend(super::steps_of(da, &a.term, rules));
    let mut back = b.steps.clone();
    back.extend(super::steps_of(db, &b.term, rules));
    let steps = meeting(steps, &back);
    super::loopy_proof(a.input.clone(), b.input.clone(), steps, terms)
}

// ---------------------------------------------------------------------------------------
// The checker's side.

/// The strips one move reaches, by the rules read off the characters: `who` (`t` Left's toad,
/// `f` Right's frog) slides one square forward or one back into an empty square, or jumps
/// forward over one piece of the other kind into the empty square beyond it.
fn naive_moves(s: &[char], who: char) -> Vec<Vec<char>> {
    let (other, ahead): (char, isize) = if who == 't' { ('f', 1) } else { ('t', -1) };
    let at = |i: isize| usize::try_from(i).ok().and_then(|i| s.get(i).copied());
    let mut out = Vec::new();
    for (i, &c) in s.iter().enumerate() {
        if c != who {
            continue;
        }
        let i = i as isize;
        let tries = [
            (i + ahead, None),
            (i - ahead, None),
            (i + 2 * ahead, Some(i + ahead)),
        ];
        for (to, over) in tries {
            let jumpable = over.is_none_or(|o| at(o) == Some(other));
            if at(to) == Some('.') && jumpable {
                let mut n = s.to_vec();
                n[i as usize] = '.';
                n[to as usize] = who;
                out.push(n);
            }
        }
    }
    out
}

/// A strip's reading error in the words the producer gives too.
pub(super) fn refused(e: RulesetError) -> String {
    match e {
        RulesetError::Input(p) => format!("in the position text, {}", p.render()),
        e => e.to_string(),
    }
}

/// The strip's game graph, re-generated: vertex 0 the strip, every strip reached a vertex.
fn regenerate(c: &mut Checker<'_>, text: &str) -> Result<G, Stop> {
    let strip = position::strips::toads_and_frogs(text).map_err(refused)?;
    let mut index: HashMap<Vec<char>, usize> = HashMap::new();
    let mut order = vec![strip.clone()];
    index.insert(strip, 0);
    let mut g = G::default();
    let mut i = 0;
    while i < order.len() {
        if order.len() > MAX_VERTICES {
            return Err(Stop::Limit(format!(
                "a strip of more than {MAX_VERTICES} positions"
            )));
        }
        let here = order[i].clone();
        let v = g.add();
        for who in ['t', 'f'] {
            let moves = naive_moves(&here, who);
            c.tick(moves.len() as u64 + 1)?;
            let mut to = Vec::with_capacity(moves.len());
            for n in moves {
                let next = order.len();
                let k = *index.entry(n.clone()).or_insert_with(|| {
                    order.push(n);
                    next
                });
                to.push(k);
            }
            if who == 't' {
                g.l[v] = to;
            } else {
                g.r[v] = to;
            }
        }
        i += 1;
    }
    g.root = 0;
    Ok(g)
}

/// `t` with its table references written out, except a position of a game graph written
/// through the table, which stays `#n` (`TermTable::open_up`).
fn written(c: &Checker<'_>, t: &Term) -> Result<Term, Stop> {
    c.table.open_up(t, MAX_WRITTEN).map_err(Stop::Limit)
}

/// Whether `t` calls the loopy ruleset, in itself or in an entry it names (each entry looked
/// at once, so a cycle through the table ends).
fn mentions_in(c: &Checker<'_>, t: &Term) -> bool {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![t];
    while let Some(x) = stack.pop() {
        match x {
            Term::Call { name, .. } if name == RULE => return true,
            Term::Ref(n) => {
                if seen.insert(*n) {
                    stack.extend(c.table.view(*n));
                }
            }
            _ => stack.extend(crate::term::children(x)),
        }
    }
    false
}

/// Where the chain is as a term (with calls still in it) or as a shape.
pub(super) fn at_term(c: &mut Checker<'_>, t: &Term) -> Result<Shape, Stop> {
    let w = written(c, t)?;
    if mentions_in(c, &w) {
        Ok(Shape::Unopened(w))
    } else {
        c.shape(t)
    }
}

/// The chain starts at the input: with its calls as written when it has any.
pub(super) fn start(c: &mut Checker<'_>, input: &Term) -> Result<Shape, Stop> {
    at_term(c, input)
}

/// Whether the chain, at a term with calls, is at `t`.
fn is_at(c: &mut Checker<'_>, at: &Shape, t: &Term) -> Result<bool, Stop> {
    match at {
        Shape::Unopened(w) => Ok(*w == written(c, t)?),
        _ => {
            if mentions_in(c, t) {
                return Ok(false);
            }
            let s = c.shape(t)?;
            c.same_shape(at, &s)
        }
    }
}

/// A step by the opening rule, or any step while a call is not yet opened.
pub(super) fn step(c: &mut Checker<'_>, prev: &Shape, s: &Step) -> Result<Shape, Stop> {
    if s.rule != RULE {
        return Err(Stop::Wrong(format!(
            "a call of {RULE}(…) is still in the term: it is opened (by `{RULE}`) before `{}` applies",
            s.rule
        )));
    }
    if s.lemma.is_some() || !s.parts.is_empty() || !s.witnesses.is_empty() {
        return Err(Stop::Wrong(format!(
            "a step by opening `{RULE}` carries parts, witnesses or a lemma"
        )));
    }
    if !is_at(c, prev, &s.from)? {
        return Err(Stop::Wrong(format!(
            "it starts from {}, which is not where the chain is",
            show(&s.from)
        )));
    }
    let (from, to) = (written(c, &s.from)?, written(c, &s.to)?);
    let (call, opened) = if s.reversed {
        (&to, &from)
    } else {
        (&from, &to)
    };
    let place = path_string(&s.at);
    let missing = || Stop::Wrong(format!("there is no position {place} in the term"));
    let at_call = subterm_at(call, &s.at).ok_or_else(missing)?;
    let text = strip_text(at_call).map_err(|m| Stop::Wrong(format!("at {place}: {m}")))?;
    let graph = subterm_at(opened, &s.at).ok_or_else(missing)?;
    if replace_at(call, &s.at, graph).as_ref() != Some(opened) {
        return Err(Stop::Wrong(format!(
            "the opening changes the term outside the place {place} it names"
        )));
    }
    let wrong = |why: String| {
        Stop::Wrong(format!(
            "opening `{RULE}` at {place}: {} is not {RULE}(\"{text}\"): {why}",
            show(graph)
        ))
    };
    let want = regenerate(c, text).map_err(|e| match e {
        Stop::Wrong(w) => wrong(w),
        limit => limit,
    })?;
    let got = c.read(graph).map_err(|e| match e {
        Stop::Wrong(w) => wrong(w),
        limit => limit,
    })?;
    if !c.same(&want, &got)? {
        return Err(wrong(format!(
            "the graph of the strip's moves, re-generated from the strip ({} positions), \
             unfolds to another game tree",
            want.len()
        )));
    }
    at_term(c, &s.to)
}

/// Whether the chain, at `at`, ends at `result`.
pub(super) fn end(c: &mut Checker<'_>, at: &Shape, result: &Term) -> Result<(), Stop> {
    if is_at(c, at, result)? {
        Ok(())
    } else {
        Err(Stop::Wrong(format!(
            "the steps do not end at the claimed {}",
            show(result)
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::super::TableWriter;
    use super::*;
    use crate::definitional::check_limits::CheckLimits;
    use proptest::prelude::*;

    /// The checker's verdict on `term` as the opening of `text`: `Ok(same form)` or its
    /// refusal's words.
    fn checked(text: &str, term: &Term) -> Result<bool, String> {
        checked_in(text, term, &TermTable::new())
    }

    /// [`checked`], the term's references read from `table`.
    fn checked_in(text: &str, term: &Term, table: &TermTable) -> Result<bool, String> {
        let limits = CheckLimits::default();
        let mut c = Checker::new(table, &limits);
        let want = regenerate(&mut c, text).map_err(|e| match e {
            Stop::Wrong(w) | Stop::Limit(w) => w,
        })?;
        let got = c.read(term).map_err(|e| match e {
            Stop::Wrong(w) | Stop::Limit(w) => w,
        })?;
        c.same(&want, &got).map_err(|e| match e {
            Stop::Wrong(w) | Stop::Limit(w) => w,
        })
    }

    fn writer() -> TableWriter {
        TableWriter::new(Work::default())
    }

    fn producer(text: &str) -> Result<Term, String> {
        opening(text, &Budget::default(), &mut writer()).map_err(|e| match e {
            KernelError::Function { message, .. } => message,
            e => e.to_string(),
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// For random strips of up to six squares the producer's opening is what the
        /// checker's own re-generation finds, whether the notation writes it or the table.
        #[test]
        fn the_producers_opening_is_the_checkers_regeneration(
            strip in proptest::collection::vec(prop_oneof![Just('t'), Just('f'), Just('.')], 0..=6)
        ) {
            let text: String = strip.iter().collect();
            let mut out = writer();
            let term = opening(&text, &Budget::default(), &mut out);
            prop_assert!(term.is_ok(), "{}: {:?}", text, term);
            let term = term.unwrap();
            prop_assert_eq!(checked_in(&text, &term, &out.terms), Ok(true), "{}", text);
        }

        /// Hostile strip texts: refused by both, in the same words (the one reader's), and a
        /// text one accepts the other accepts.
        #[test]
        fn hostile_strips_are_refused_by_both_alike(
            strip in proptest::collection::vec(
                prop_oneof![Just('t'), Just('f'), Just('.'), Just('T'), Just(' '), Just('x'), Just('\n'), Just('é')],
                0..=6,
            )
        ) {
            let text: String = strip.iter().collect();
            match (producer(&text), checked(&text, &Term::zero())) {
                (Ok(_), Ok(_)) => {}
                (Err(p), Err(c)) => prop_assert_eq!(p, c),
                (p, c) => prop_assert!(false, "{:?}: producer {:?}, checker {:?}", text, p, c),
            }
        }
    }

    #[test]
    fn a_graph_with_a_move_added_dropped_or_misdirected_is_not_the_strips() {
        // "f.t" by hand: f.t = {ft. | .ft}, ft. = {f.t |}, .ft = {| f.t}.
        let read = |s: &str| crate::syntax::parse(s).unwrap();
        assert_eq!(checked("f.t", &read("a{{a|}|{|a}}")), Ok(true));
        assert_eq!(checked("f.t", &read("a{{a|},0|{|a}}")), Ok(false));
        assert_eq!(checked("f.t", &read("a{{a|}|}")), Ok(false));
        assert_eq!(checked("f.t", &read("a{b{b|}|{|a}}")), Ok(false));
        assert_eq!(checked("ft.", &read("a{{a|}|{|a}}")), Ok(false));
    }

    fn text(s: &[char]) -> String {
        s.iter().collect()
    }

    #[test]
    fn the_naive_moves_of_small_strips() {
        let m = |s: &str, who| -> Vec<String> {
            naive_moves(&s.chars().collect::<Vec<_>>(), who)
                .iter()
                .map(|x| text(x))
                .collect()
        };
        // A toad slides right or back left; a frog the mirror image; jumps over one piece.
        assert_eq!(m("t.f", 't'), vec![".tf"]);
        assert_eq!(m("t.f", 'f'), vec!["tf."]);
        assert_eq!(m(".t.", 't'), vec!["..t", "t.."]);
        assert_eq!(m("tf.", 't'), vec![".ft"]);
        assert_eq!(m(".tf", 'f'), vec!["ft."]);
        assert_eq!(m("tf", 't'), Vec::<String>::new());
        assert_eq!(m("tf", 'f'), Vec::<String>::new());
    }
}
