//! The producer of the final-form claim: at the end of a derivation, each remaining option with
//! why no rule applies to it, decided by the engine's own kernels, and written into the proof
//! file as its optional `"final"` field (docs/PROOF-JSON.md), which `onag check` verifies with
//! its own definitions (`final_check`); the page and `--explain` show the same statements.
//!
//! The producer and the checker share the claim's grammar (`final_claim`: its types and how
//! facts are named) and nothing that decides: normal play asks the kernel's order (`≤` on
//! canonical ids, a closed form opened to its canonical options), misère play the misère
//! kernel (Conway's reduction of a set of options, the misère outcome), loopy play the order of
//! stoppers in `crate::loopy` on the graph this module reads from the result. A fault in either
//! side's deciding code shows as a rejected claim, never as a claim both confirm by one code.

use super::final_claim::{
    claim_name, normal_facts, position_name, shortest_places, sides_of, text_order, Fact,
    FinalClaim, NormalReader, Refusal, StopperFacts, MAX_FACTS, MAX_LOOPY, MAX_NODES, MAX_SHOWN,
    SIDES_FACT, SIDE_NAMES,
};
use super::{Play, Proof, TermTable};
use crate::kernel::{Budget, GameId, Kernel, KernelError};
use crate::misere::{MId, Misere, MisereOutcome};
use crate::term::Term;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// Units of work the producer's kernels may spend on one claim.
const MAX_WORK: u64 = 20_000_000;

/// The deepest a result's terms are read (the producer's readers recurse).
const MAX_DEPTH: usize = 400;

/// The claim that `proof`'s result is final, when it is (every condition decided and failing)
/// and small enough to list; `None` otherwise (a result the chosen rules left short, a loopy
/// result that is no stopper, or a claim past the limits).
pub fn claim(proof: &Proof) -> Option<FinalClaim> {
    if proof.play != Play::Normal {
        return claim_about(&proof.result, &proof.terms, proof.play).ok();
    }
    // Past `MAX_NODES` written out, `expand` refuses it below: told first, as it bounds the
    // depth [`says_too_much_shared`] reads to.
    if proof.terms.size(&proof.result) > MAX_NODES as u64 {
        return None;
    }
    let (too_much, exact) = says_too_much_shared(&proof.result, &proof.terms);
    if too_much {
        return None;
    }
    let t = proof.terms.expand(&proof.result, MAX_NODES)?;
    // A bound that is the text's length has said what the text would (the results of the
    // sums: their roots were printed again only to count the same bytes).
    if (!exact && says_too_much_at_root(&t)) || facts_too_long(&t) {
        return None;
    }
    let (closed, facts) = normal(&t).ok()?;
    listed(Play::Normal, closed, facts).ok()
}

/// The facts and the reversible ones among them that [`says_too_much_at_root`] counts at a
/// game of these options, `top` reading each option's top node.
fn root_facts<'a>(
    left: &'a [Term],
    right: &'a [Term],
    top: impl Fn(&'a Term) -> Option<&'a Term>,
) -> (usize, usize) {
    let (mut facts, mut reversible) = (0usize, 0usize);
    for (opts, is_left) in [(left, true), (right, false)] {
        for a in opts {
            facts = facts.saturating_add(opts.len() - 1);
            if let Some(Term::Game {
                left: al,
                right: ar,
            }) = top(a)
            {
                let through = if is_left { ar.len() } else { al.len() };
                facts = facts.saturating_add(through);
                reversible = reversible.saturating_add(through);
            }
        }
    }
    (facts, reversible)
}

/// [`says_too_much_at_root`] told from the table, before `result` is written out: the same
/// facts counted from its entries, each named by a text at least [`TextBound`] long. Σ_{k≤13}
/// {k|−k}'s result is refused so; writing it out and printing it only to refuse it were 16 of
/// the 276 million instructions on the composer's thread. A result this lets pass is told
/// from its text, as before.
///
/// Also whether the bound is the text's length: [`says_too_much_at_root`] then says the same.
fn says_too_much_shared<'a>(result: &'a Term, terms: &'a TermTable) -> (bool, bool) {
    let Some(root @ Term::Game { left, right }) = TextBound::top(terms, result) else {
        return (false, false);
    };
    let (facts, reversible) = root_facts(left, right, |a| TextBound::top(terms, a));
    let text = TextBound::new(terms).of(root);
    let named = facts.saturating_add(reversible).saturating_mul(text.text);
    (facts > 0 && named > MAX_TEXT, text.exact)
}

/// Lower bounds of the lengths of terms' texts (`Display`) written out, read from the
/// entries of a table, each entry once: the printer's layout of games (options joined by
/// commas, a lone game on a side written bare in slash notation until [`MAX_SLASHES`] bars,
/// braced past them) followed where it is certain, and a lower bound taken where it is not.
///
/// It is not certain at a game that may be written as an uptimal (`^<3>`, `1v[2]*`: a few
/// bytes for a game of any size): such a game's leaves all have one number
/// (`syntax::uptimal`), so a game with leaves of two numbers is written in braces or bars, and
/// any other is bounded by one byte.
struct TextBound<'a> {
    terms: &'a TermTable,
    /// Each entry's bound.
    memo: FxHashMap<u32, Bounded<'a>>,
    /// Each game's bound, by its address (the games are borrowed while this is read, so an
    /// address is one game's).
    games: FxHashMap<*const Term, Bounded<'a>>,
}

/// The printer's bars before it braces a bare game (`syntax::print`'s `MAX_SLASHES`).
const MAX_SLASHES: usize = 4;

/// The numbers of a term's leaves, as far as telling an uptimal's form asks.
#[derive(Clone, Copy, PartialEq)]
enum Leaves<'a> {
    /// No leaf.
    None,
    /// Closed forms, all of this number.
    One(&'a crate::number::Dyadic),
    /// Closed forms of two numbers or more: no uptimal's form.
    Mixed,
    /// A leaf of another kind.
    Other,
}

impl<'a> Leaves<'a> {
    fn and(self, other: Leaves<'a>) -> Leaves<'a> {
        match (self, other) {
            (Leaves::None, x) | (x, Leaves::None) => x,
            (Leaves::Mixed, _) | (_, Leaves::Mixed) => Leaves::Mixed,
            (Leaves::One(a), Leaves::One(b)) if a == b => Leaves::One(a),
            (Leaves::One(_), Leaves::One(_)) => Leaves::Mixed,
            _ => Leaves::Other,
        }
    }
}

/// What [`TextBound`] knows of a term.
#[derive(Clone, Copy)]
struct Bounded<'a> {
    /// Its text's bytes, at least.
    text: usize,
    /// Whether `text` is its text's bytes, and `bare`'s are exactly those printed: a term of
    /// small integers and games written in braces and bars (the results of the sums).
    exact: bool,
    /// For a game surely not written as an uptimal, with options on both sides: its text
    /// without its braces, at least, and its bars.
    bare: Option<(usize, usize)>,
    leaves: Leaves<'a>,
}

impl<'a> TextBound<'a> {
    fn new(terms: &'a TermTable) -> Self {
        TextBound {
            terms,
            memo: FxHashMap::default(),
            games: FxHashMap::default(),
        }
    }

    /// `t`'s top node, its references followed.
    fn top(terms: &'a TermTable, mut t: &'a Term) -> Option<&'a Term> {
        while let Term::Ref(n) = t {
            t = terms.view(*n)?;
        }
        Some(t)
    }

    fn of(&mut self, t: &'a Term) -> Bounded<'a> {
        let nothing = Bounded {
            text: 0,
            exact: false,
            bare: None,
            leaves: Leaves::Other,
        };
        match t {
            Term::Ref(n) => {
                if let Some(b) = self.memo.get(n) {
                    return *b;
                }
                // Met again inside itself (a table with cycles): nothing is claimed of it.
                self.memo.insert(*n, nothing);
                let b = match self.terms.view(*n) {
                    Some(v) => self.of(v),
                    None => nothing,
                };
                self.memo.insert(*n, b);
                b
            }
            Term::Nus { number, up, nim } => {
                use num_traits::{ToPrimitive, Zero};
                // A small integer is its digits after any minus sign; anything else a byte.
                let (text, exact) = match number.to_integer().and_then(|n| n.to_i64()) {
                    Some(n) if up.is_zero() && nim.is_zero() => {
                        let digits = n.unsigned_abs().checked_ilog10().map_or(1, |d| d + 1);
                        (usize::from(n < 0) + digits as usize, true)
                    }
                    _ => (1, false),
                };
                Bounded {
                    text,
                    exact,
                    bare: None,
                    leaves: Leaves::One(number),
                }
            }
            Term::Game { left, right } => {
                if let Some(b) = self.games.get(&(t as *const Term)) {
                    return *b;
                }
                let b = self.game(left, right);
                self.games.insert(t as *const Term, b);
                b
            }
            _ => nothing,
        }
    }

    fn game(&mut self, left: &'a [Term], right: &'a [Term]) -> Bounded<'a> {
        let l = self.side(left);
        let r = self.side(right);
        let leaves = l.3.and(r.3);
        if leaves != Leaves::Mixed {
            return Bounded {
                text: 1,
                exact: false,
                bare: None,
                leaves,
            };
        }
        let bars = l.1.max(r.1) + 1;
        let inside = l.0 + bars + r.0;
        Bounded {
            text: inside + 2,
            exact: l.2 && r.2,
            bare: (!left.is_empty() && !right.is_empty()).then_some((inside, bars)),
            leaves,
        }
    }

    /// One side of a game's options: its text's bytes (at least), its bars (at least, exactly
    /// when said) and its leaves.
    fn side(&mut self, opts: &'a [Term]) -> (usize, usize, bool, Leaves<'a>) {
        if let [g] = opts {
            let b = self.of(g);
            let lone_game = matches!(Self::top(self.terms, g),
                Some(Term::Game { left, right }) if !left.is_empty() && !right.is_empty());
            return match b.bare {
                Some((inside, c)) if b.exact && c < MAX_SLASHES => (inside, c, true, b.leaves),
                Some((inside, _)) if b.exact => (inside + 2, 0, true, b.leaves),
                // Bare or braced: at least its inside, and no bars known.
                Some((inside, _)) => (inside, 0, false, b.leaves),
                // Perhaps an uptimal, perhaps bare.
                None if lone_game => (b.text, 0, false, b.leaves),
                None => (b.text, 0, b.exact, b.leaves),
            };
        }
        let mut text = opts.len().saturating_sub(1);
        let mut exact = true;
        let mut leaves = Leaves::None;
        for o in opts {
            let b = self.of(o);
            text += b.text;
            exact &= b.exact;
            leaves = leaves.and(b.leaves);
        }
        (text, 0, exact, leaves)
    }
}

/// Whether the facts about the options of `t` itself, which a normal-play claim lists first,
/// already take more than [`MAX_TEXT`] bytes: the claim is then refused, whether there (the
/// text's bound, `NormalByKernel::fact`) or before (a fact that holds, a limit), so [`claim`]
/// has no claim to make. Told from `t`'s text and shape alone, before the kernel values every
/// form of it: Σ_{k≤12} {k|−k}'s result is 21 kB written out, named twice in each of the facts
/// about its two options, and valuing and naming its forms only to refuse them took 42 of the
/// 264 million instructions on the composer's thread.
///
/// Counted are the facts `final_claim::normal_facts` lists at the top without asking the
/// kernel (an option dominated by each other option on its side; an option that is a game
/// form reversible through each of its options on the other side); each names `t`'s text as
/// its game, and a reversible one names it again in its failing comparison.
fn says_too_much_at_root(t: &Term) -> bool {
    let Term::Game { left, right } = t else {
        return false;
    };
    let (facts, reversible) = root_facts(left, right, Some);
    facts > 0
        && facts
            .saturating_add(reversible)
            .saturating_mul(t.to_string().len())
            > MAX_TEXT
}

/// Whether the facts a normal-play claim about `t` lists (`final_claim::normal_facts`, in its
/// order) take more than [`MAX_TEXT`] bytes of JSON, counted without deciding any: the claim
/// is then refused, whether by its JSON's bytes ([`listed`]), its texts' bytes before that
/// (`NormalByKernel::fact`) or before them (a fact that holds, a limit). Σ_{k≤8} to Σ_{k≤11}
/// {k|−k} pass the bytes only below the top ([`says_too_much_at_root`] refuses nothing
/// there), and valuing every form by the kernel, deciding each fact and writing it out only
/// to refuse them was 15 % of the composer's thread at Σ_{k≤10} (18 of 119 M instructions).
///
/// The facts are those `normal_facts` lists, each form's text counted by its [`TextBound`]
/// (a form's from its options', so each form once); a closed option's options are its
/// canonical ones as the kernel writes them (the only question the kernel is asked here). A
/// fact this count misses (an option it cannot read), or a text it counts short, only makes it
/// lower.
/// More than [`MAX_FACTS`] facts are refused likewise.
fn facts_too_long<'t>(t: &'t Term) -> bool {
    // Each form's text by its lower bound, each form's from its options' (the text itself
    // for the sums' results, whose games are written in bars and braces): a count past the
    // bytes is past them printed, and a count short of them only leaves the refusal to the
    // kernel's reading. Each form printed in full was 4 of the composer's 99 M instructions
    // at Σ_{k≤10} {k|−k}, most of this count's.
    let written_out = TermTable::default();
    let mut bound = TextBound::new(&written_out);
    let mut len = |x: &'t Term| bound.of(x).text;
    let mut k = Kernel::new();
    k.set_budget(budget());
    // The texts' lengths of a closed form's options on one side (none if it cannot say).
    let mut closed_options = |a: &Term, left: bool| -> Vec<usize> {
        let Ok(v) = k.eval(a) else {
            return Vec::new();
        };
        let os = if left {
            k.left_options(v)
        } else {
            k.right_options(v)
        };
        os.unwrap_or_default()
            .into_iter()
            .map(|o| k.to_term(o).to_string().len())
            .collect()
    };
    let mut facts = 0usize;
    // `L3`, `R12`: a side's letter and the index.
    let name = |i: usize| 1 + i.checked_ilog10().map_or(1, |d| d as usize + 1);
    let mut text = 0usize;
    // Each form with its depth: a fact below the top writes its place, `"at":["L0","R1"],`,
    // at least five bytes an element and eight more.
    let mut stack: Vec<(usize, &Term)> = vec![(0, t)];
    while let Some((depth, g)) = stack.pop() {
        let Term::Game { left, right } = g else {
            continue;
        };
        // A fact's JSON but its texts: `{"game":"","option":"","value":"","not":"","by":"",
        // "fails":""}`, its place, and the comma before the next.
        let json = 62 + if depth == 0 { 0 } else { 7 + 5 * depth } + 1;
        let game = len(g);
        for (opts, is_left) in [(left, true), (right, false)] {
            for (i, a) in opts.iter().enumerate() {
                // The fact's game, option and value.
                let head = json + game + name(i) + len(a);
                for (j, b) in opts.iter().enumerate() {
                    if i != j {
                        // `dominated`, by `Lj = b`, failing `a <= b`.
                        let by = name(j) + 3 + len(b);
                        text = text.saturating_add(head + 9 + by + len(a) + 4 + len(b));
                        facts += 1;
                    }
                }
                // Reversible through each of its options on the other side: `reversible`,
                // by `its Rn = x`, failing `x <= game`.
                let through: Vec<usize> = match a {
                    Term::Game {
                        left: al,
                        right: ar,
                    } => (if is_left { ar } else { al })
                        .iter()
                        .map(&mut len)
                        .collect(),
                    Term::Nus { .. } => closed_options(a, !is_left),
                    _ => Vec::new(),
                };
                for (n, x) in through.into_iter().enumerate() {
                    let by = 4 + name(n) + 3 + x;
                    text = text.saturating_add(head + 10 + by + x + 4 + game);
                    facts += 1;
                }
                if text > MAX_TEXT || facts > MAX_FACTS {
                    return true;
                }
            }
        }
        stack.extend(left.iter().chain(right).map(|x| (depth + 1, x)));
    }
    false
}

/// [`claim`] for a result and its table, or why there is none.
pub fn claim_about(result: &Term, terms: &TermTable, play: Play) -> Result<FinalClaim, Refusal> {
    let (closed, facts) = match play {
        Play::Normal => {
            let t = terms.expand(result, MAX_NODES).ok_or_else(|| {
                Refusal::Limit(format!(
                    "the result is larger than {MAX_NODES} nodes written out"
                ))
            })?;
            normal(&t)?
        }
        Play::Misere => {
            let t = terms.expand(result, MAX_NODES).ok_or_else(|| {
                Refusal::Limit(format!(
                    "the result is larger than {MAX_NODES} nodes written out"
                ))
            })?;
            (Vec::new(), misere(&t)?)
        }
        Play::Loopy => (Vec::new(), loopy(result, terms)?),
    };
    listed(play, closed, facts)
}

/// The claim of `play` with these closed forms and facts, unless its text is too long.
fn listed(play: Play, closed: Vec<String>, facts: Vec<Fact>) -> Result<FinalClaim, Refusal> {
    let c = FinalClaim {
        claim: claim_name(play).into(),
        closed,
        facts,
    };
    // A claim is for reading: past [`MAX_TEXT`] bytes it is not written.
    let size = serde_json::to_string(&c).map_or(usize::MAX, |t| t.len());
    if size > MAX_TEXT {
        return Err(Refusal::Limit(format!(
            "a final claim of more than {MAX_TEXT} bytes"
        )));
    }
    Ok(c)
}

/// The most bytes of JSON a claim may take.
pub const MAX_TEXT: usize = 64 * 1024;

fn budget() -> Budget {
    Budget {
        max_work: MAX_WORK,
        ..Budget::default()
    }
}

fn kernel_error(e: KernelError) -> Refusal {
    Refusal::Limit(e.to_string())
}

fn too_many(n: usize) -> Result<(), Refusal> {
    if n > MAX_FACTS {
        return Err(Refusal::Limit(format!(
            "more than {MAX_FACTS} conditions for the final claim"
        )));
    }
    Ok(())
}

/// A condition the producer found to hold: the result is not final.
fn holds(option: &str, value: &str, what: &str, statement: &str) -> Refusal {
    Refusal::Wrong(format!("{option} = {value} is {what}: {statement} holds"))
}

/// Normal play: each game form of the result written out, its options compared by the
/// kernel; the facts are those `final_claim::normal_facts` names.
fn normal(t: &Term) -> Result<(Vec<String>, Vec<Fact>), Refusal> {
    let mut k = Kernel::new();
    k.set_budget(budget());
    let mut r = NormalByKernel::new(k, t);
    let closed = normal_facts(t, &mut r)?;
    Ok((closed, r.out))
}

/// The value of each game form of `t` (and closed form), keyed by its address, worked out
/// once from the values of its options, as the kernel's `eval` of the form does
/// (`from_options`). The facts ask for the value of every form, of each of its options and of
/// each option's options, and `eval` walked the whole subtree each time: on the result of
/// Σ_{k≤12} {k|−k} written out, most of the claim's 69 million instructions.
///
/// Keyed by address, the map answers only for nodes of `t`: `t` is borrowed as long as the
/// map is read, so any term alive at a node's address is that node. A form it could not value
/// (an option that is no game form, a limit) is left out, and `eval` meets it as before.
fn form_values(k: &mut Kernel, t: &Term) -> HashMap<*const Term, GameId> {
    let mut values: HashMap<*const Term, GameId> = HashMap::new();
    // Post-order by an explicit stack: a form is valued once its options are.
    let mut stack: Vec<(&Term, bool)> = vec![(t, false)];
    while let Some((g, opened)) = stack.pop() {
        let Term::Game { left, right } = g else {
            if let (Term::Nus { .. }, Ok(v)) = (g, k.eval(g)) {
                values.insert(g as *const Term, v);
            }
            continue;
        };
        if !opened {
            stack.push((g, true));
            stack.extend(left.iter().chain(right).map(|x| (x, false)));
            continue;
        }
        let ids = |xs: &[Term]| -> Option<Vec<GameId>> {
            xs.iter()
                .map(|x| values.get(&(x as *const Term)).copied())
                .collect()
        };
        if let (Some(l), Some(r)) = (ids(left), ids(right)) {
            if let Ok(v) = k.from_options(&l, &r) {
                values.insert(g as *const Term, v);
            }
        }
    }
    values
}

/// The producer's reading of a normal-play result: values are the kernel's canonical ids, a
/// closed form's options its canonical ones in the order the kernel writes them, and each
/// fact decided at once (one that holds: the result is not final).
struct NormalByKernel {
    k: Kernel,
    /// The values of the result's forms ([`form_values`]).
    values: HashMap<*const Term, GameId>,
    out: Vec<Fact>,
    /// The bytes of the facts' texts so far: less than their JSON, so past [`MAX_TEXT`] the
    /// claim is one `claim_about` would refuse at the end. A result of a few thousand nodes
    /// (Σ_{k≤12} {k|−k}) names its whole text in its first facts, and listing the rest only
    /// to refuse them was a quarter of its `simplify`.
    text: usize,
}

impl NormalByKernel {
    /// A reader of the result `t`, which it must be handed along with (see [`form_values`]).
    fn new(mut k: Kernel, t: &Term) -> Self {
        let values = form_values(&mut k, t);
        NormalByKernel {
            k,
            values,
            out: Vec::new(),
            text: 0,
        }
    }
}

impl NormalReader for NormalByKernel {
    type Value = GameId;

    fn value(&mut self, t: &Term) -> Result<GameId, Refusal> {
        if let Some(&v) = self.values.get(&(t as *const Term)) {
            return Ok(v);
        }
        self.k.eval(t).map_err(kernel_error)
    }

    fn through(
        &mut self,
        a: &Term,
        v: &GameId,
        left: bool,
    ) -> Result<Vec<(Term, GameId)>, Refusal> {
        if let Term::Game {
            left: al,
            right: ar,
        } = a
        {
            let os = if left { ar } else { al };
            return os
                .iter()
                .map(|x| self.value(x).map(|id| (x.clone(), id)))
                .collect();
        }
        let os = if left {
            self.k.right_options(*v)
        } else {
            self.k.left_options(*v)
        }
        .map_err(kernel_error)?;
        Ok(os.into_iter().map(|id| (self.k.to_term(id), id)).collect())
    }

    fn fact(&mut self, fact: Fact, x: GameId, y: GameId) -> Result<(), Refusal> {
        if self.k.le(x, y).map_err(kernel_error)? {
            return Err(holds(&fact.option, &fact.value, &fact.not, &fact.fails));
        }
        self.text = self.text.saturating_add(
            [
                &fact.game,
                &fact.option,
                &fact.value,
                &fact.not,
                &fact.by,
                &fact.fails,
            ]
            .iter()
            .map(|s| s.len())
            .sum(),
        );
        if self.text > MAX_TEXT {
            return Err(Refusal::Limit(format!(
                "a final claim of more than {MAX_TEXT} bytes"
            )));
        }
        self.out.push(fact);
        too_many(self.out.len())
    }
}

/// Misère play: the result read into the misère kernel, each form refused unless Conway's
/// reduction finds nothing to do with its options; then the facts, named as `final_claim`
/// says (forms by their text, options in the order of their texts, places breadth first).
fn misere(t: &Term) -> Result<Vec<Fact>, Refusal> {
    let mut m = Misere::new(budget());
    let root = misere_read(&mut m, t, 0)?;
    let mut texts = Texts::default();
    if texts.cost(&mut m, root)? > MAX_SHOWN {
        return Err(Refusal::Limit(format!(
            "a form of the result longer than {MAX_SHOWN} characters written out"
        )));
    }
    let zero = m.zero();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::from([(Vec::<String>::new(), root)]);
    while let Some((at, g)) = queue.pop_front() {
        if !seen.insert(g) {
            continue;
        }
        let game = texts.text(&mut m, g)?;
        let opts = texts.by_text(&mut m, g)?;
        for (i, &x) in opts.iter().enumerate() {
            let name = format!("L{i}");
            let value = texts.text(&mut m, x)?;
            for (k, &h) in texts.by_text(&mut m, x)?.iter().enumerate() {
                if h == zero {
                    continue;
                }
                let hs = texts.text(&mut m, h)?;
                // H's options all among G's, and every other option of G with H as an option.
                let missing = texts
                    .by_text(&mut m, h)?
                    .into_iter()
                    .find(|o| !opts.contains(o));
                let without = opts
                    .iter()
                    .find(|&&o| !m.has_option(h, o) && !m.has_option(o, h))
                    .copied();
                let fails = match (missing, without) {
                    (Some(o), _) => format!(
                        "the options of {hs} are among those of {game} (it has {} and {game} has not)",
                        texts.text(&mut m, o)?
                    ),
                    (None, Some(o)) => format!(
                        "every option of {game} but those of {hs} has {hs} as an option ({} has not)",
                        texts.text(&mut m, o)?
                    ),
                    (None, None) => {
                        return Err(holds(
                            &name,
                            &value,
                            "reversible",
                            &format!("{value} reversing through {hs}"),
                        ))
                    }
                };
                out.push(Fact {
                    at: at.clone(),
                    game: game.clone(),
                    option: name.clone(),
                    value: value.clone(),
                    not: "reversible".into(),
                    by: format!("its option {k} = {hs}"),
                    fails,
                });
            }
            let mut place = at.clone();
            place.push(name);
            queue.push_back((place, x));
            too_many(out.len())?;
        }
        if !opts.is_empty() {
            let p = opts
                .iter()
                .find(|&&o| m.outcome(o) == MisereOutcome::P)
                .copied();
            let lacks = opts.iter().find(|&&o| !m.has_option(o, zero)).copied();
            let fails = match (p, lacks) {
                (None, _) => format!("some option of {game} is a misere P-position (none is)"),
                (Some(_), Some(o)) => format!(
                    "every option of {game} has 0 as an option ({} has not)",
                    texts.text(&mut m, o)?
                ),
                (Some(_), None) => {
                    return Err(holds("G", &game, "equal to 0 by Conway's proviso", &game))
                }
            };
            out.push(Fact {
                at: at.clone(),
                game: game.clone(),
                option: "G".into(),
                value: game.clone(),
                not: "reversible-zero".into(),
                by: String::new(),
                fails,
            });
        }
    }
    Ok(out)
}

/// A misère form of the result in the misère kernel: a nim heap `*k`, or an impartial game
/// form; refused when the misère kernel's reduction applies to its options (it is not in
/// simplest form).
fn misere_read(m: &mut Misere, t: &Term, depth: usize) -> Result<MId, Refusal> {
    if depth > MAX_DEPTH {
        return Err(Refusal::Limit(format!(
            "a result nested more than {MAX_DEPTH} levels deep"
        )));
    }
    match t {
        Term::Nus { number, up, nim }
            if number.is_zero() && up.sign() == num_bigint::Sign::NoSign =>
        {
            let k = usize::try_from(nim.value().clone())
                .map_err(|_| Refusal::Limit(format!("the heap {t} is too large")))?;
            m.heap(k).map_err(kernel_error)
        }
        Term::Game { left, right } if left == right => {
            let mut os = Vec::with_capacity(left.len());
            for o in left {
                os.push(misere_read(m, o, depth + 1)?);
            }
            os.sort_unstable();
            os.dedup();
            if m.reduction(&os).map_err(kernel_error)?.is_some() {
                return Err(Refusal::Wrong(format!(
                    "{t} is not in misère simplest form (Conway's reduction applies)"
                )));
            }
            m.game(os).map_err(kernel_error)
        }
        other => Err(Refusal::Wrong(format!(
            "{other} is not an impartial form or a nim heap"
        ))),
    }
}

/// The texts of misère forms, memoised: `*k` for a nim heap, else `{s|s}` of the options'
/// texts sorted.
#[derive(Default)]
struct Texts {
    text: HashMap<MId, String>,
    cost: HashMap<MId, usize>,
}

impl Texts {
    fn text(&mut self, m: &mut Misere, g: MId) -> Result<String, Refusal> {
        if let Some(s) = self.text.get(&g) {
            return Ok(s.clone());
        }
        let s = match m.as_heap(g).map_err(kernel_error)? {
            Some(0) => "0".to_string(),
            Some(1) => "*".to_string(),
            Some(k) => format!("*{k}"),
            None => {
                let mut os = Vec::new();
                for o in m.options(g).to_vec() {
                    os.push(self.text(m, o)?);
                    if os.iter().map(String::len).sum::<usize>() > MAX_SHOWN {
                        return Err(Refusal::Limit(format!(
                            "a form of the result longer than {MAX_SHOWN} characters"
                        )));
                    }
                }
                os.sort_by(|a, b| text_order(a, b));
                let s = os.join(",");
                format!("{{{s}|{s}}}")
            }
        };
        self.text.insert(g, s.clone());
        Ok(s)
    }

    /// The length of `g`'s text and of its options' texts, each counted as often as it is
    /// written out (a heap's options are not written): what showing `g` costs a reader.
    fn cost(&mut self, m: &mut Misere, g: MId) -> Result<usize, Refusal> {
        if let Some(&c) = self.cost.get(&g) {
            return Ok(c);
        }
        let own = self.text(m, g)?.len();
        let mut c = own;
        if m.as_heap(g).map_err(kernel_error)?.is_none() {
            for o in m.options(g).to_vec() {
                c = c.saturating_add(self.cost(m, o)?);
            }
        }
        self.cost.insert(g, c);
        Ok(c)
    }

    /// `g`'s options in the order of their texts.
    fn by_text(&mut self, m: &mut Misere, g: MId) -> Result<Vec<MId>, Refusal> {
        let mut os = Vec::new();
        for o in m.options(g).to_vec() {
            os.push((self.text(m, o)?, o));
        }
        os.sort_by(|a, b| text_order(&a.0, &b.0).then(a.1.cmp(&b.1)));
        Ok(os.into_iter().map(|(_, o)| o).collect())
    }
}

/// Loopy play: the result's graph read with its options in written order, each position's
/// game valued by `crate::loopy` (a stopper, at most [`MAX_LOOPY`] positions), and each
/// option compared in the order of stoppers (Siegel, CGT VI.1): Left's a is dominated by a'
/// when a ≤ a', reversible through a Right option aᴿ when aᴿ ≤ the position; dually for
/// Right.
fn loopy(result: &Term, terms: &TermTable) -> Result<Vec<Fact>, Refusal> {
    let Some((on, off)) = sides_of(result, terms) else {
        return loopy_stopper(result, terms, "G", &[]).map(|(facts, _)| facts);
    };
    // A sided value A & B (Siegel, CGT VI.4): each side a stopper in simplest form, named in
    // place of G, and A >= B, by the order of stoppers across the two graphs.
    let mut facts = Vec::new();
    let mut roots = Vec::new();
    for (side, t) in SIDE_NAMES.iter().zip([&on, &off]) {
        let (f, g) = loopy_stopper(t, terms, side, &[side.to_string()])?;
        facts.extend(f);
        roots.push(g);
    }
    too_many(facts.len())?;
    let mut work = crate::loopy::Work::new(budget());
    let fails = format!("not {} >= {}", SIDE_NAMES[0], SIDE_NAMES[1]);
    if !crate::loopy::order::ge(&roots[0], &roots[1], &mut work).map_err(kernel_error)? {
        return Err(holds(
            SIDE_NAMES[0],
            &on.to_string(),
            "out of order",
            &fails,
        ));
    }
    facts.push(Fact {
        at: Vec::new(),
        game: result.to_string(),
        option: SIDE_NAMES[0].into(),
        value: on.to_string(),
        not: SIDES_FACT.into(),
        by: off.to_string(),
        fails,
    });
    Ok(facts)
}

/// A stopper of a loopy result as the producer reads it: its graph with options in written
/// order, each position's game, and each position's shortest place from the root.
struct Stopper {
    l: Vec<Vec<u32>>,
    r: Vec<Vec<u32>>,
    root: u32,
    games: Vec<crate::loopy::Loopy>,
    place: Vec<Option<Vec<String>>>,
}

impl Stopper {
    /// `result` read into a graph, refused unless it is a stopper of at most [`MAX_LOOPY`]
    /// positions.
    fn read(result: &Term, terms: &TermTable) -> Result<Stopper, Refusal> {
        let mut r = LoopyReader {
            terms,
            l: Vec::new(),
            r: Vec::new(),
            entries: HashMap::new(),
            kernel: Kernel::new(),
        };
        r.kernel.set_budget(budget());
        let root = r.node(result, &mut Vec::new(), None, 0)?;
        let n = r.l.len();
        if n > MAX_LOOPY {
            return Err(Refusal::Limit(format!(
                "a loopy result of more than {MAX_LOOPY} positions"
            )));
        }
        let mut graph = crate::loopy::Graph::with_vertices(n);
        for v in 0..n {
            graph.set_options(v as u32, r.l[v].clone(), r.r[v].clone());
        }
        let at = |v: usize| {
            crate::loopy::Loopy::new(&graph, v as u32)
                .ok_or_else(|| Refusal::Wrong("the result's graph does not read".into()))
        };
        let games = (0..n).map(at).collect::<Result<Vec<_>, _>>()?;
        if !games[root as usize].is_stopper() {
            return Err(Refusal::Wrong("the result is not a stopper".into()));
        }
        let place = shortest_places(&r.l, &r.r, root as usize, |o| o as usize);
        Ok(Stopper {
            l: r.l,
            r: r.r,
            root,
            games,
            place,
        })
    }

    /// Position `v`'s name from `root_name` (`G.L0.R1`, `onside`).
    fn name(&self, root_name: &str, v: u32) -> String {
        let place = self.place.get(v as usize).and_then(Option::as_ref);
        position_name(root_name, place, v as usize)
    }
}

/// The positions a loopy claim about `proof`'s result names (`G`, `G.L0`; `onside`, …), each
/// with the game there as CGSuite writes it (`over`, `0`), in the order of their places: the
/// legend `--explain` prints beside the claim, whose facts name positions by place only.
/// Empty for a result of another play, or one with no claim.
pub fn places(proof: &Proof) -> Vec<(String, String)> {
    if proof.play != Play::Loopy {
        return Vec::new();
    }
    let roots: Vec<(String, Term)> = match sides_of(&proof.result, &proof.terms) {
        Some((on, off)) => SIDE_NAMES
            .iter()
            .map(|s| s.to_string())
            .zip([on, off])
            .collect(),
        None => vec![("G".to_string(), proof.result.clone())],
    };
    let mut kernel = Kernel::new();
    kernel.set_budget(budget());
    let mut work = crate::loopy::Work::new(budget());
    let mut out = Vec::new();
    for (root_name, t) in roots {
        let Ok(s) = Stopper::read(&t, &proof.terms) else {
            return Vec::new();
        };
        let mut named: Vec<(Vec<String>, u32)> = (0..s.l.len() as u32)
            .filter_map(|v| s.place[v as usize].clone().map(|p| (p, v)))
            .collect();
        named.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then_with(|| a.0.cmp(&b.0)));
        for (_, v) in named {
            let Ok(text) = s.games[v as usize].write(&mut kernel, &mut work) else {
                return Vec::new();
            };
            out.push((s.name(&root_name, v), text));
        }
    }
    out
}

/// One stopper of a loopy result (the result, or one of its sides): its facts, its positions
/// named from `root` (`G`, `onside`) and placed under `prefix`, and the stopper's game.
fn loopy_stopper(
    result: &Term,
    terms: &TermTable,
    root_name: &str,
    prefix: &[String],
) -> Result<(Vec<Fact>, crate::loopy::Loopy), Refusal> {
    let Stopper {
        l,
        r,
        root,
        mut games,
        place,
    } = Stopper::read(result, terms)?;
    let n = l.len();
    let mut work = crate::loopy::Work::new(budget());
    let mut memo: HashMap<(u32, u32), bool> = HashMap::new();
    let mut ge = |a: u32, b: u32| -> Result<bool, Refusal> {
        if let Some(&x) = memo.get(&(a, b)) {
            return Ok(x);
        }
        let x = crate::loopy::order::ge(&games[a as usize], &games[b as usize], &mut work)
            .map_err(kernel_error)?;
        memo.insert((a, b), x);
        Ok(x)
    };
    let wide = |xs: &[Vec<u32>]| -> Vec<Vec<usize>> {
        xs.iter()
            .map(|os| os.iter().map(|&o| o as usize).collect())
            .collect()
    };
    let (l, r) = (wide(&l), wide(&r));
    let top = result.to_string();
    let stopper = StopperFacts::new(&l, &r, &place, &top, root_name, prefix);
    let mut out = Vec::new();
    stopper.each(0..n, &mut |fact, x, y| {
        if ge(x as u32, y as u32)? {
            return Err(holds(&fact.option, &fact.value, &fact.not, &fact.fails));
        }
        out.push(fact);
        too_many(out.len())
    })?;
    let top_game = games.swap_remove(root as usize);
    Ok((out, top_game))
}

/// The producer's reading of a loopy result into a graph whose options keep their written
/// order: braces, labels, `pass`, the table's entries (a brace entry may name itself or a later
/// one), and any closed part (`on`, a number, …) by `crate::loopy`'s own graph of it.
struct LoopyReader<'t> {
    terms: &'t TermTable,
    l: Vec<Vec<u32>>,
    r: Vec<Vec<u32>>,
    /// The vertex of each table entry read so far.
    entries: HashMap<u32, u32>,
    kernel: Kernel,
}

impl LoopyReader<'_> {
    fn vertex(&mut self) -> Result<u32, Refusal> {
        if self.l.len() >= MAX_LOOPY {
            return Err(Refusal::Limit(format!(
                "a loopy result of more than {MAX_LOOPY} positions"
            )));
        }
        self.l.push(Vec::new());
        self.r.push(Vec::new());
        Ok((self.l.len() - 1) as u32)
    }

    /// The vertex `t` is; `me` the brace `t` is an option of (what `pass` names).
    fn node(
        &mut self,
        t: &Term,
        labels: &mut Vec<(String, u32)>,
        me: Option<u32>,
        depth: usize,
    ) -> Result<u32, Refusal> {
        if depth > MAX_DEPTH {
            return Err(Refusal::Limit(format!(
                "a result nested more than {MAX_DEPTH} levels deep"
            )));
        }
        match t {
            Term::Game { left, right } => self.braces(left, right, None, labels, depth),
            Term::Call { name, args } if name == crate::loopy::build::LOOP => match &args[..] {
                [crate::term::Arg::Text(l), crate::term::Arg::Game(Term::Game { left, right })] => {
                    self.braces(left, right, Some(l), labels, depth)
                }
                _ => Err(Refusal::Wrong(format!("{t}: a label names braces"))),
            },
            Term::Call { name, args } if args.is_empty() && name == crate::loopy::build::PASS => {
                me.ok_or_else(|| Refusal::Wrong("`pass` outside braces".into()))
            }
            Term::Name(n) => labels
                .iter()
                .rev()
                .find(|(l, _)| l == n)
                .map(|&(_, v)| v)
                .ok_or_else(|| Refusal::Wrong(format!("the label `{n}` is not defined"))),
            Term::Ref(n) => self.entry(*n, depth),
            other => self.closed(other),
        }
    }

    fn braces(
        &mut self,
        left: &[Term],
        right: &[Term],
        label: Option<&String>,
        labels: &mut Vec<(String, u32)>,
        depth: usize,
    ) -> Result<u32, Refusal> {
        let v = self.vertex()?;
        if let Some(l) = label {
            labels.push((l.clone(), v));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                sides[s].push(self.node(o, labels, Some(v), depth + 1)?);
            }
        }
        if label.is_some() {
            labels.pop();
        }
        let [l, r] = sides;
        self.l[v as usize] = l;
        self.r[v as usize] = r;
        Ok(v)
    }

    /// Entry `n`: a brace entry gets its vertex before its options are read, so a cycle
    /// through the table closes.
    fn entry(&mut self, n: u32, depth: usize) -> Result<u32, Refusal> {
        if let Some(&v) = self.entries.get(&n) {
            return Ok(v);
        }
        let terms = self.terms;
        let view = terms
            .view(n)
            .ok_or_else(|| Refusal::Wrong(format!("#{n} is not an entry of the term table")))?;
        let Term::Game { left, right } = view else {
            let v = self.node(view, &mut Vec::new(), None, depth + 1)?;
            self.entries.insert(n, v);
            return Ok(v);
        };
        let v = self.vertex()?;
        self.entries.insert(n, v);
        let mut sides = [Vec::new(), Vec::new()];
        for (s, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                sides[s].push(self.node(o, &mut Vec::new(), Some(v), depth + 1)?);
            }
        }
        let [l, r] = sides;
        self.l[v as usize] = l;
        self.r[v as usize] = r;
        Ok(v)
    }

    /// A closed part: a named loopy game or a short game, by `crate::loopy`'s graph of it
    /// (its vertices copied in, the graph's root returned).
    fn closed(&mut self, t: &Term) -> Result<u32, Refusal> {
        let mut work = crate::loopy::Work::new(budget());
        let g = match t {
            Term::Call { name, args } if args.is_empty() => crate::loopy::build::constant(name)
                .ok_or_else(|| Refusal::Wrong(format!("`{name}` is not a loopy game")))?,
            _ => {
                let id = self.kernel.eval(t).map_err(kernel_error)?;
                crate::loopy::Loopy::from_short(&mut self.kernel, id, &mut work)
                    .map_err(kernel_error)?
            }
        };
        let base = self.l.len() as u32;
        for _ in 0..g.len() {
            self.vertex()?;
        }
        for v in 0..g.len() as u32 {
            let gr = g.graph();
            self.l[(base + v) as usize] = gr.left(v).iter().map(|x| x + base).collect();
            self.r[(base + v) as usize] = gr.right(v).iter().map(|x| x + base).collect();
        }
        Ok(base + g.root())
    }
}

/// `json` (a proof as `Proof::to_json` writes it, an object) with `"final": claim` as its last
/// field, ending in one newline; only the newline added when there is no claim.
pub fn attach(mut json: String, claim: Option<&FinalClaim>) -> String {
    // Edited in place: a large proof's text is hundreds of megabytes, and a copy of it was
    // the peak of `simplify`'s memory.
    json.truncate(json.trim_end().len());
    let value = claim.and_then(|c| serde_json::to_string(c).ok());
    if let (Some(v), true) = (value, json.ends_with('}')) {
        json.pop();
        json.truncate(json.trim_end().len());
        json.push_str(",\n\"final\": ");
        json.push_str(&v);
        json.push_str("\n}");
    }
    json.push('\n');
    json
}

/// The claim as lines of text, for `--explain` and the page: what the result is, then a line
/// per condition.
pub fn lines(c: &FinalClaim) -> Vec<String> {
    let mut out = Vec::new();
    let head = if c.facts.is_empty() {
        format!(
            "why it is final: no option is left to simplify, so it is in {}",
            c.claim
        )
    } else {
        format!(
            "why it is final: no rule applies to any option, so it is in {}:",
            c.claim
        )
    };
    out.push(head);
    if !c.closed.is_empty() {
        out.push(format!(
            "  {} {} in canonical form by {} notation",
            c.closed.join(", "),
            if c.closed.len() == 1 { "is" } else { "are" },
            if c.closed.len() == 1 { "its" } else { "their" }
        ));
    }
    for f in &c.facts {
        out.push(format!("  {}", f.words()));
    }
    out
}

/// [`lines`] in the words of `play`: in misère play Conway's conditions named; in loopy play
/// each position the facts name with its game (`places`, from [`places`]), each condition
/// said to fail by the order of stoppers, and a sided value's order of its sides said as
/// `onside >= offside`.
pub fn lines_in(c: &FinalClaim, play: Play, places: &[(String, String)]) -> Vec<String> {
    match play {
        Play::Loopy => loopy_lines(c, places),
        Play::Misere => {
            let mut out = lines(c);
            out.insert(
                1,
                "  (Conway's conditions for the misère simplest form, ONAG ch. 12: no option \
                 reversible through an option H != 0 of it, and not Conway's proviso for 0)"
                    .to_string(),
            );
            out
        }
        _ => lines(c),
    }
}

/// A loopy claim in words: the positions, then a line per condition.
fn loopy_lines(c: &FinalClaim, places: &[(String, String)]) -> Vec<String> {
    let sided = c.facts.iter().any(|f| f.not == SIDES_FACT);
    let what = if sided {
        "each side is a stopper in simplest form and the sides are in order"
    } else {
        "it is a stopper in simplest form"
    };
    let mut out = vec![if c.facts.iter().all(|f| f.not == SIDES_FACT) {
        format!(
            "why it is final: no rule's condition arises (no position has two options of one \
             player, nor an option with a move of the other player to reverse through), so \
             {what} (Siegel, CGT VI.1):"
        )
    } else {
        format!(
            "why it is final: no option is dominated or reversible, so {what} (Siegel, CGT VI.1); \
             each condition is decided by the order of stoppers:"
        )
    }];
    if !places.is_empty() {
        let shown: Vec<String> = places.iter().map(|(n, t)| format!("{n} = {t}")).collect();
        out.push(format!("  positions: {}", shown.join(", ")));
    }
    for f in &c.facts {
        // The position's name, from its place (`final_claim`'s naming).
        let at = match f.at.first() {
            None => "G".to_string(),
            Some(s) if SIDE_NAMES.contains(&s.as_str()) => f.at.join("."),
            Some(_) => format!("G.{}", f.at.join(".")),
        };
        let line = match f.not.as_str() {
            "dominated" => format!(
                "at {at}, {} = {}: not dominated by {}: {} fails by the order of stoppers",
                f.option, f.value, f.by, f.fails
            ),
            "reversible" => format!(
                "at {at}, {} = {}: not reversible through {}: {} fails by the order of stoppers",
                f.option, f.value, f.by, f.fails
            ),
            SIDES_FACT => format!(
                "the sides are in order: onside = {} >= offside = {} by the order of stoppers \
                 (a value A & B needs A >= B, Siegel, CGT VI.4)",
                f.value, f.by
            ),
            _ => f.words(),
        };
        out.push(format!("  {line}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim_of(src: &str, play: Play) -> Result<FinalClaim, Refusal> {
        let t = crate::syntax::parse(src).expect("parses");
        claim_about(&t, &TermTable::default(), play)
    }

    #[test]
    fn the_producer_refuses_a_result_that_is_not_final_in_each_play() {
        // Normal play, seed 004: in {0|5}, 5 = {4|} reverses through 4, as 4 >= {0|5} = 1.
        let e = claim_of("{0|5}", Play::Normal).unwrap_err();
        assert!(
            matches!(&e, Refusal::Wrong(w) if w.contains("reversible") && w.contains("4 >= {0|5}")),
            "{e:?}"
        );
        // {0,1|}: 0 <= 1, so Left's 0 is dominated.
        let e = claim_of("{0,1|}", Play::Normal).unwrap_err();
        assert!(
            matches!(&e, Refusal::Wrong(w) if w.contains("dominated")),
            "{e:?}"
        );
        // Misère play, ONAG ch. 12: in {0,*2}, *2 reverses through *: *'s one option 0 is
        // among G's, and the one other option of G, *2, has * as an option.
        let e = claim_of("{0,*2|0,*2}", Play::Misere).unwrap_err();
        assert!(matches!(&e, Refusal::Wrong(_)), "{e:?}");
        // Loopy play: in {0,-1|pass}, Left's -1 is dominated by 0 (-1 <= 0 as numbers).
        let e = claim_of("{0,-1|pass}", Play::Loopy).unwrap_err();
        assert!(
            matches!(&e, Refusal::Wrong(w) if w.contains("dominated") && w.contains("G.L1 <= G.L0")),
            "{e:?}"
        );
        // on + off is no stopper: no claim of a stopper's simplest form.
        assert!(claim_of("on + off", Play::Loopy).is_err());
    }

    #[test]
    fn the_producer_claims_final_results_in_each_play() {
        // {1|{0|-5}} (issue 47): one condition, {0|-5} not reversible as 0 >= G fails.
        let c = claim_of("{1|{0|-5}}", Play::Normal).unwrap();
        assert_eq!(c.facts.len(), 1);
        assert_eq!(c.facts[0].fails, "0 >= {1||0|-5}");
        // Misère: * is its own simplest form; the proviso fails as * has no P option (its one
        // option 0 is an N-position in misère play: the player to move cannot, and wins).
        let c = claim_of("*", Play::Misere).unwrap();
        assert_eq!(c.claim, "simplest form");
        assert_eq!(c.facts.len(), 1);
        assert_eq!(c.facts[0].not, "reversible-zero");
        // Loopy: over = {0|pass}: Right's pass would reverse through 0 only if 0 >= over,
        // which fails (over is positive).
        let c = claim_of("{0|pass}", Play::Loopy).unwrap();
        assert_eq!(c.facts.len(), 1);
        assert_eq!(c.facts[0].fails, "G.L0 >= G");
    }

    /// Each form valued once from its options' values has the value the kernel gives the form
    /// evaluated whole; a form with an option that is no game form (a sum) is left out, with
    /// every form above it, and the reader then evaluates it as it is.
    #[test]
    fn forms_valued_from_their_options_are_valued_as_the_kernel_evaluates_them() {
        for src in [
            "{{2|0}|{0|-2}}",
            "{5|3||1/2|-1/4}",
            "{0,*|0,*}",
            "{^,{1|*}|v*,{0|{-1|-2}}}",
            "{{1|-1} + 1|0}",
        ] {
            let t = crate::syntax::parse(src).expect("parses");
            let mut k = Kernel::new();
            let values = form_values(&mut k, &t);
            let mut valued = 0;
            let mut stack = vec![&t];
            while let Some(g) = stack.pop() {
                let whole = k.eval(g).expect("evaluates");
                match values.get(&(g as *const Term)) {
                    Some(&v) => {
                        assert_eq!(v, whole, "{src}: {g}");
                        valued += 1;
                    }
                    // Left out: no game form, or one with an option left out.
                    None => assert!(
                        match g {
                            Term::Game { left, right } => left
                                .iter()
                                .chain(right)
                                .any(|x| !values.contains_key(&(x as *const Term))),
                            other => !matches!(other, Term::Nus { .. }),
                        },
                        "{src}: {g} left out"
                    ),
                }
                if let Term::Game { left, right } = g {
                    stack.extend(left.iter().chain(right));
                }
            }
            assert!(valued > 0, "{src}");
            // The reader answers from the map, and evaluates what it left out.
            let mut r = NormalByKernel::new(Kernel::new(), &t);
            let root = r.value(&t).expect("valued");
            assert_eq!(Some(root), r.k.eval(&t).ok(), "{src}");
        }
    }

    /// A claim whose facts name more than [`MAX_TEXT`] bytes is refused as soon as they do:
    /// the canonical form of Σ_{k≤12} {k|−k}, about 8,000 nodes written out, names its whole
    /// text in its first two facts (the form, and the statement that fails), so the thousands
    /// of facts after them are not listed only to be refused at the end.
    #[test]
    fn a_claim_is_refused_once_its_facts_pass_its_bytes() {
        let sum: Vec<String> = (1..=12).map(|k| format!("{{{k}|-{k}}}")).collect();
        let sum = crate::syntax::parse(&sum.join(" + ")).expect("parses");
        let engine = crate::engine::Engine::new(crate::rules::RuleSet::builtin());
        let proof = crate::proof::simplify(&sum, &engine)
            .expect("simplifies")
            .proof;
        let t = proof
            .terms
            .expand(&proof.result, MAX_NODES)
            .expect("8,000 nodes or so");
        let mut r = NormalByKernel::new(Kernel::new(), &t);
        let e = normal_facts(&t, &mut r).unwrap_err();
        assert!(
            matches!(&e, Refusal::Limit(w) if w.contains(&format!("{MAX_TEXT} bytes"))),
            "{e:?}"
        );
        assert!(r.out.len() < 10, "{} facts listed first", r.out.len());
        assert!(r.text > MAX_TEXT);
        // The claim as a whole is refused likewise.
        assert!(claim_about(&proof.result, &proof.terms, Play::Normal).is_err());
    }

    /// The claim refused from its first facts' bytes, told from the result's text and shape
    /// alone, is the claim refused after the kernel valued every form: `claim` is
    /// `claim_about`'s, for results with a claim, results that are not final, and sums whose
    /// claims pass the bytes from the top (Σ_{k≤12} {k|−k}: the shortcut taken) or only
    /// further down (Σ_{k≤8}: not taken).
    #[test]
    fn a_claim_told_too_long_at_its_root_is_the_claim_refused_by_the_kernel() {
        let engine = crate::engine::Engine::new(crate::rules::RuleSet::builtin());
        let sigma = |n: usize| -> String {
            let parts: Vec<String> = (1..=n).map(|k| format!("{{{k}|-{k}}}")).collect();
            parts.join(" + ")
        };
        let mut inputs: Vec<String> = [
            "{0|5}",
            "{0,1|}",
            "^ + *",
            "{3|1} + {2|0}",
            "{{2|1}|{-1|-2}} + {1|0}",
            "{5|{3|{1|-1}}} + *2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        inputs.extend([2, 3, 5, 8, 12].map(sigma));
        let mut told = Vec::new();
        let mut shared = Vec::new();
        let mut counted = Vec::new();
        for src in &inputs {
            let t = crate::syntax::parse(src).expect("parses");
            let proof = crate::proof::simplify(&t, &engine)
                .expect("simplifies")
                .proof;
            let whole = claim_about(&proof.result, &proof.terms, Play::Normal).ok();
            assert_eq!(claim(&proof), whole, "{src}");
            let root = proof.terms.expand(&proof.result, MAX_NODES).expect("small");
            if says_too_much_at_root(&root) {
                assert!(whole.is_none(), "{src}");
                told.push(src.clone());
            }
            // Told from the table, it is told from the text.
            let (too_much, exact) = says_too_much_shared(&proof.result, &proof.terms);
            if too_much {
                assert!(says_too_much_at_root(&root), "{src}");
                shared.push(src.clone());
            }
            if exact {
                assert_eq!(too_much, says_too_much_at_root(&root), "{src}");
            }
            if facts_too_long(&root) {
                assert!(whole.is_none(), "{src}");
                counted.push(src.clone());
            }
        }
        // Σ12's result names its 21 kB text in four facts at its top; Σ8's 1.3 kB in as many
        // is refused only further down, by the kernel's reading, or by the facts' texts
        // counted without it.
        assert_eq!(told, vec![sigma(12)]);
        assert_eq!(shared, told);
        assert_eq!(counted, vec![sigma(8), sigma(12)]);
        assert!(inputs.iter().any(|src| {
            let t = crate::syntax::parse(src).expect("parses");
            claim(
                &crate::proof::simplify(&t, &engine)
                    .expect("simplifies")
                    .proof,
            )
            .is_some()
        }));
    }

    /// A text's bound from a table is at most the text, and is the text where every game has
    /// leaves of two numbers or more (nothing written as an uptimal) and plain integers: bars
    /// past `MAX_SLASHES`, lone games, several options a side, written out or shared.
    #[test]
    fn a_texts_bound_is_at_most_the_text() {
        let exact = [
            "{1|-1}",
            "{3|1||-1|-3}",
            "{{7|5||3|1}|{-1|-3||-5|-7}}",
            "{9|7||5|3|||1|-1||-3|-5||||-7|-9|||-11|-13||-15|-17}",
            "{{9|7||5|3|||1|-1||-3|-5||||-7|-9|||-11|-13||-15|-17}|-20}",
            "{1,{3|2},{5|4||3|2}|{-1|-2},-3}",
            "{{1|0},{0|-1}|{2|1||0|-1}}",
            "{5,3|}",
            "{{5,3|}|0}",
        ];
        let bounded = [
            "^",
            "{0|{0|*}}",
            "{1|{1|1*}}",
            "{^<3>|{2|1}}",
            "{{0|^*}|{5|-5}}",
            "{{0|{0|*}}|{0|*}}",
            "{{1|{1|1*}}|-1}",
            "{3|{3|{3|{3|{3|3*}}}}}",
            "{*2,{1|-1}|on}",
            "{{1|0}|on}",
            "{{1|0} + *|2}",
            "{|}",
            "{{|}|{1|0}}",
            "-{1|0}",
        ];
        let engine = crate::engine::Engine::new(crate::rules::RuleSet::builtin());
        let check = |t: &Term, terms: &TermTable, is_exact: bool| {
            let text = terms.expand(t, usize::MAX).expect("acyclic").to_string();
            let b = TextBound::new(terms).of(t);
            assert!(b.text <= text.len(), "{text}: {}", b.text);
            // Said to be the text's length exactly where it is.
            if b.exact {
                assert_eq!(b.text, text.len(), "{text}");
            }
            assert_eq!(b.exact, is_exact, "{text}");
        };
        for (srcs, is_exact) in [(&exact[..], true), (&bounded[..], false)] {
            for src in srcs {
                let t = crate::syntax::parse(src).expect("parses");
                check(&t, &TermTable::default(), is_exact);
                // Shared: each game an entry of the table.
                let mut table = TermTable::default();
                let shared = Term::Ref(table.intern(&t));
                check(&shared, &table, is_exact);
            }
        }
        // The results of sums, shared as the composer leaves them.
        for n in [3, 6, 9] {
            let parts: Vec<String> = (1..=n).map(|k| format!("{{{k}|-{k}}}")).collect();
            let t = crate::syntax::parse(&parts.join(" + ")).expect("parses");
            let p = crate::proof::simplify(&t, &engine)
                .expect("simplifies")
                .proof;
            check(&p.result, &p.terms, true);
        }
    }

    #[test]
    fn the_producer_claims_a_sided_value_by_its_sides() {
        // on = {pass|} and off = {|pass} have one option each, with no option of the opposite
        // player through which it could reverse: no condition but that the sides are in order,
        // on >= off (on exceeds every stopper, Siegel CGT VI.1). dud is on & off.
        for src in ["on & off", "dud"] {
            let c = claim_of(src, Play::Loopy).unwrap();
            assert_eq!(c.claim, "simplest form");
            assert_eq!(c.facts.len(), 1, "{src}: {c:?}");
            assert_eq!(c.facts[0].not, SIDES_FACT);
            assert_eq!(c.facts[0].fails, "not onside >= offside");
        }
        // off & on is no sided value: off >= on fails.
        let e = claim_of("off & on", Play::Loopy).unwrap_err();
        assert!(
            matches!(&e, Refusal::Wrong(w) if w.contains("out of order")),
            "{e:?}"
        );
        // A side with a dominated option: in {0,-1|pass}, -1 <= 0.
        let e = claim_of("{0,-1|pass} & off", Play::Loopy).unwrap_err();
        assert!(
            matches!(&e, Refusal::Wrong(w) if w.contains("onside.L1 <= onside.L0")),
            "{e:?}"
        );
        // over & off: over's one fact, under the onside, then the order.
        let c = claim_of("{0|pass} & off", Play::Loopy).unwrap();
        assert_eq!(c.facts.len(), 2, "{c:?}");
        assert_eq!(c.facts[0].at, ["onside"]);
        assert_eq!(c.facts[0].fails, "onside.L0 >= onside");
    }
}
