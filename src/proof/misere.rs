//! Misère proofs: a misère derivation ([`crate::misere::derive`]) written as a [`Proof`] whose
//! `play` is [`Play::Misere`], proofs of misère equality, and their independent checker.
//!
//! The engine decides conditions in normal play, so it cannot check a misère step; this
//! checker does, from the step's terms alone and by the definitions, never by the misère
//! kernel's reduction: for `misere-reversible` (G = H), H is not 0, H's options are among G's,
//! the witness set `reversing` is exactly G's other options and each has H as an option; for
//! `misere-reversible-zero` (G = 0), every option of G has 0 as an option and the witness `P` is
//! an option of G that is a misère P-position, decided by the checker's own search of the game
//! tree (the player to move with no move wins; a game is P when every option is N). Forms are
//! compared as sets of options (their order and repetition do not matter), a term's nim heap
//! `*n` is the form {0, *, …, *(n−1)} and a sum is its form by the definition. A proof of
//! A = B is a chain whose steps read right to left (`reversed`) after the meeting point; the
//! chain must connect and end at the claimed result.

use super::played::Stop;
use super::step::{PathElem, Step, Witnesses};
use super::CheckError;
use super::{Play, Proof, TermTable};
use crate::misere::derive::{Form, FormError, MisereDerivation, MisereStep, Reduction};
use crate::rules::Name;
use crate::term::Term;
use std::collections::HashMap;

/// The most units of work (forms written out, positions searched) a misère check may do for
/// the input and for each step: each step reads its whole form again, so a fixed budget for
/// the whole proof refused honest derivations of a dozen steps (`kayles(7)`), while this one
/// keeps the check's work linear in the proof's length.
pub const MAX_WORK: u64 = 2_000_000;

fn show(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

fn list(fs: &[Form]) -> String {
    let s: Vec<String> = fs.iter().map(|f| show(&f.to_term())).collect();
    match s.len() {
        0 => String::new(),
        1 => s[0].clone(),
        _ => format!("{} and {}", s[..s.len() - 1].join(", "), s[s.len() - 1]),
    }
}

/// The witnesses of a step in words.
pub fn why(step: &MisereStep) -> String {
    let g = show(&step.before.to_term());
    match &step.reduction {
        Reduction::Reversible { reversing } => {
            let h = show(&step.after.to_term());
            let (verb, pron) = if reversing.len() == 1 {
                ("reverses", "it has")
            } else {
                ("reverse", "each has")
            };
            format!(
                "in {g}, {} {verb} through {h} ({pron} {h} as an option, and {h}'s options are \
                 options of {g})",
                list(reversing)
            )
        }
        Reduction::Zero { p_position } => format!(
            "every option of {g} has 0 as an option, and {} is a misère P-position (the proviso)",
            show(&p_position.to_term())
        ),
    }
}

fn proof_step(from: Term, s: &MisereStep) -> Step {
    let mut w = Witnesses::default();
    match &s.reduction {
        Reduction::Reversible { reversing } => {
            w.games.push((Name::from("H"), s.after.to_term()));
            w.sets.push((
                Name::from("reversing"),
                reversing.iter().map(Form::to_term).collect(),
            ));
        }
        Reduction::Zero { p_position } => {
            w.games.push((Name::from("P"), p_position.to_term()));
        }
    }
    Step {
        from,
        to: s.whole.to_term(),
        rule: s.reduction.rule().to_string(),
        at: s.at.iter().map(|&i| PathElem::Left(i)).collect(),
        why: why(s),
        witnesses: w,
        reversed: false,
        parts: Vec::new(),
        lemma: None,
    }
}

/// The steps of a derivation from `input` (the term it was read from).
fn steps_of(d: &MisereDerivation, input: &Term) -> Vec<Step> {
    let mut prev = input.clone();
    let mut out = Vec::with_capacity(d.steps.len());
    for s in &d.steps {
        let st = proof_step(prev, s);
        prev = st.to.clone();
        out.push(st);
    }
    out
}

fn misere_proof(input: Term, result: Term, steps: Vec<Step>) -> Proof {
    Proof {
        input,
        result,
        steps,
        lemmas: Vec::new(),
        terms: TermTable::new(),
        checked: false,
        play: Play::Misere,
    }
}

/// The checker's own form: a heap or a list of options, compared through [`F::norm`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum F {
    Heap(usize),
    Game(Vec<F>),
}

impl F {
    fn options(&self) -> Vec<F> {
        match self {
            F::Heap(n) => (0..*n).map(F::Heap).collect(),
            F::Game(o) => o.clone(),
        }
    }

    /// Options sorted, repeats dropped, the game of the heaps below k written as the heap k.
    fn norm(&self) -> F {
        match self {
            F::Heap(n) => F::Heap(*n),
            F::Game(o) => {
                let mut v: Vec<F> = o.iter().map(F::norm).collect();
                v.sort();
                v.dedup();
                if v.iter().enumerate().all(|(i, x)| *x == F::Heap(i)) {
                    F::Heap(v.len())
                } else {
                    F::Game(v)
                }
            }
        }
    }

    /// The number of nodes, heaps counting one, up to `cap`.
    fn nodes(&self, cap: usize) -> usize {
        match self {
            F::Heap(_) => 1,
            F::Game(o) => {
                let mut n = 1;
                for x in o {
                    if n > cap {
                        break;
                    }
                    n = n.saturating_add(x.nodes(cap - n + 1).min(cap + 1));
                }
                n.min(cap + 1)
            }
        }
    }

    fn at(&self, path: &[usize]) -> Option<F> {
        match path.split_first() {
            None => Some(self.clone()),
            Some((&i, rest)) => self.options().get(i)?.at(rest),
        }
    }

    fn put(&self, path: &[usize], by: &F) -> F {
        match path.split_first() {
            None => by.clone(),
            Some((&i, rest)) => {
                let mut o = self.options();
                if let Some(x) = o.get_mut(i) {
                    *x = x.put(rest, by);
                }
                F::Game(o)
            }
        }
    }
}

/// The most nodes the game tree of one ruleset position may have in the check.
const MAX_POSITION_NODES: usize = 200_000;

/// The most moves in a row the check follows from a ruleset position (the forms it reads are
/// walked recursively).
const MAX_POSITION_DEPTH: usize = 500;

/// Where two normalised forms first differ, in words: an option one has and the other lacks,
/// with the options leading to it (`want` is the game by the moves, `have` the one written).
fn difference(want: &F, have: &F, path: &mut Vec<F>) -> String {
    let (w, h) = (want.options(), have.options());
    let place = if path.is_empty() {
        String::new()
    } else {
        let p: Vec<String> = path.iter().map(show_f).collect();
        format!(" (in its option {})", p.join(", then its option "))
    };
    if let Some(x) = h.iter().find(|x| !w.contains(x)) {
        // A changed option: one option each side lacks; go into the pair when they are close.
        if let Some(y) = w.iter().find(|y| !h.contains(y)) {
            if w.len() == h.len() && matches!((x, y), (F::Game(_), F::Game(_))) {
                path.push(y.clone());
                return difference(y, x, path);
            }
            return format!(
                "it lists the option {}, which no move reaches, and lacks {}{place}",
                show_f(x),
                show_f(y)
            );
        }
        return format!(
            "it lists the option {}, which no move reaches{place}",
            show_f(x)
        );
    }
    if let Some(y) = w.iter().find(|y| !h.contains(y)) {
        return format!(
            "it lacks the option {}, which a move reaches{place}",
            show_f(y)
        );
    }
    format!("it is {}, not {}{place}", show_f(have), show_f(want))
}

/// The checker's state: its budget of work and its memo of misère outcomes.
struct Checker {
    work: u64,
    /// The work allowed so far: [`MAX_WORK`] for the input and as much again per step.
    allowed: u64,
    outcomes: HashMap<F, bool>,
    /// The forms of the ruleset positions read so far, by their calls.
    positions: HashMap<Term, F>,
    /// How many positions are being read, one inside another.
    depth: usize,
}

impl Checker {
    fn tick(&mut self) -> Result<(), Stop> {
        self.work += 1;
        if self.work > self.allowed {
            return Err(Stop::Limit(format!(
                "the misère check's budget of {MAX_WORK} units of work per step"
            )));
        }
        Ok(())
    }

    /// The form a term writes, read by the definitions.
    fn form(&mut self, t: &Term) -> Result<F, Stop> {
        self.tick()?;
        match t {
            Term::Game { left, right } => {
                let mut l = Vec::with_capacity(left.len());
                for x in left {
                    l.push(self.form(x)?);
                }
                let mut r = Vec::with_capacity(right.len());
                for x in right {
                    r.push(self.form(x)?);
                }
                let (l, r) = (F::Game(l), F::Game(r));
                if l.norm() != r.norm() {
                    return Err(Stop::Wrong(format!(
                        "{} is not impartial: its Left and Right options differ",
                        show(t)
                    )));
                }
                Ok(l)
            }
            Term::Nus { number, up, nim } if number.is_zero() && num_traits::Zero::is_zero(up) => {
                match nim.to_u64() {
                    Some(n) if n <= 4096 => Ok(F::Heap(n as usize)),
                    _ => Err(Stop::Limit(format!("the heap {} is too large", show(t)))),
                }
            }
            Term::Sum(a, b) => {
                let (a, b) = (self.form(a)?, self.form(b)?);
                self.sum(&a, &b)
            }
            Term::Ref(_) => Err(Stop::Wrong(
                "a misère proof writes its terms out: it has no term table".into(),
            )),
            Term::Call { .. } => self.position(t),
            _ => Err(Stop::Wrong(format!(
                "{} is not an impartial form (braces, nim heaps, sums and ruleset positions)",
                show(t)
            ))),
        }
    }

    /// A ruleset position's form: the game of the sums of the positions each of its moves
    /// leaves, by the checker's own move generator ([`super::misere_moves`]), each position
    /// read the same way (memoised by its call).
    fn position(&mut self, t: &Term) -> Result<F, Stop> {
        if let Some(f) = self.positions.get(t) {
            return Ok(f.clone());
        }
        self.tick()?;
        let moves = match super::misere_moves::moves(t) {
            None => {
                return Err(Stop::Wrong(format!(
                    "{} is not an impartial form (braces, nim heaps, sums and positions of {})",
                    show(t),
                    super::misere_moves::RULESETS.join(", ")
                )))
            }
            Some(Err(why)) => return Err(Stop::Wrong(format!("{}: {why}", show(t)))),
            Some(Ok(m)) => m,
        };
        if self.depth >= MAX_POSITION_DEPTH {
            return Err(Stop::Limit(format!(
                "{}, reached after more than {MAX_POSITION_DEPTH} moves in a row",
                show(t)
            )));
        }
        self.depth += 1;
        let opts = self.options_of(moves);
        self.depth -= 1;
        let f = F::Game(opts?);
        // Copies of forms already read are not counted by `sum`: count the nodes here.
        let size = f.nodes(MAX_POSITION_NODES + 1);
        if size > MAX_POSITION_NODES {
            return Err(Stop::Limit(format!(
                "{}, whose game tree has more than {MAX_POSITION_NODES} nodes",
                show(t)
            )));
        }
        for _ in 0..size / 64 {
            self.tick()?;
        }
        self.positions.insert(t.clone(), f.clone());
        Ok(f)
    }

    /// The options of a position: for each move, the sum of the positions it leaves.
    fn options_of(&mut self, moves: Vec<super::misere_moves::Move>) -> Result<Vec<F>, Stop> {
        let mut opts = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut f = F::Heap(0);
            for p in &mv {
                let g = self.form(p)?;
                f = self.sum(&f, &g)?;
            }
            opts.push(f);
        }
        Ok(opts)
    }

    /// The step `misere-opening`: its two sides are the same game tree, one side's ruleset
    /// positions read by the checker's own moves. On a difference, the first option (at the
    /// top, or deeper) that one side has and the other lacks is named.
    fn opening(&mut self, s: &Step, from: &F, to: &F) -> Result<(), Stop> {
        if !s.at.is_empty() || !s.witnesses.is_empty() {
            return Err(Stop::Wrong(
                "misere-opening writes out the whole term: at the top, with no witnesses".into(),
            ));
        }
        let (call, opened, call_t) = if s.reversed {
            (to, from, &s.to)
        } else {
            (from, to, &s.from)
        };
        let (want, have) = (call.norm(), opened.norm());
        if want == have {
            return Ok(());
        }
        Err(Stop::Wrong(format!(
            "the opening of {} is not its game tree: {}",
            show(call_t),
            difference(&want, &have, &mut Vec::new())
        )))
    }

    /// G + H by the definition: the options G' + H, then G + H'.
    fn sum(&mut self, a: &F, b: &F) -> Result<F, Stop> {
        self.tick()?;
        if *a == F::Heap(0) {
            return Ok(b.clone());
        }
        if *b == F::Heap(0) {
            return Ok(a.clone());
        }
        let mut o = Vec::new();
        for x in a.options() {
            o.push(self.sum(&x, b)?);
        }
        for y in b.options() {
            o.push(self.sum(a, &y)?);
        }
        Ok(F::Game(o))
    }

    /// Whether `f` is a misère P-position: it has an option, and every option is an
    /// N-position (a player with no move wins). By search of the game tree, memoised.
    fn p_position(&mut self, f: &F) -> Result<bool, Stop> {
        let f = f.norm();
        if let Some(&p) = self.outcomes.get(&f) {
            return Ok(p);
        }
        self.tick()?;
        let opts = f.options();
        let mut p = !opts.is_empty();
        for o in &opts {
            if self.p_position(o)? {
                p = false;
                break;
            }
        }
        self.outcomes.insert(f, p);
        Ok(p)
    }

    /// One step: its terms, its path, its rule's conditions; `prev` is where the chain is.
    fn step(&mut self, prev: &F, s: &Step) -> Result<F, Stop> {
        if s.lemma.is_some() || !s.parts.is_empty() {
            return Err(Stop::Wrong(
                "a misère step is a single rule instance (no lemma, no parts)".into(),
            ));
        }
        if !matches!(
            s.rule.as_str(),
            "misere-reversible" | "misere-reversible-zero" | "misere-opening"
        ) {
            return Err(Stop::Wrong(format!(
                "`{}` is not a rule of misère play (rules/misere.rules)",
                s.rule
            )));
        }
        let from = self.form(&s.from)?;
        if from.norm() != prev.norm() {
            return Err(Stop::Wrong(format!(
                "it starts from {}, which is not where the chain is",
                show(&s.from)
            )));
        }
        let to = self.form(&s.to)?;
        if s.rule == "misere-opening" {
            self.opening(s, &from, &to)?;
            return Ok(to);
        }
        let mut path = Vec::with_capacity(s.at.len());
        for e in &s.at {
            match e {
                PathElem::Left(i) => path.push(*i),
                other => {
                    return Err(Stop::Wrong(format!(
                        "`{other}` is no position in a misère form (options are L0, L1, …)"
                    )))
                }
            }
        }
        // Read right to left, the rule's G is in the term after the step. H is the rule's
        // result: the witness H, or 0; the other side must be G's side with G replaced by H.
        // (H is not read off the other side by its path: there a game whose options became
        // the heaps below k is written `*k`, its options in the heaps' order.)
        let (pre, post) = if s.reversed {
            (&to, &from)
        } else {
            (&from, &to)
        };
        let Some(g) = pre.at(&path) else {
            return Err(Stop::Wrong("its position is not in the term".into()));
        };
        let h = match (s.rule.as_str(), s.witnesses.game("H")) {
            ("misere-reversible", Some(t)) => self.form(t)?.norm(),
            ("misere-reversible", None) => {
                return Err(Stop::Wrong("it names no game H (witness H)".into()))
            }
            _ => F::Heap(0),
        };
        if pre.put(&path, &h).norm() != post.norm() {
            return Err(Stop::Wrong(format!(
                "replacing {} by {} at its position does not give the term on its other side",
                show_f(&g),
                show_f(&h)
            )));
        }
        let witness = |name: &str| s.witnesses.game(name);
        let gopts: Vec<F> = g.options().iter().map(F::norm).collect();
        match s.rule.as_str() {
            "misere-reversible" => {
                if h == F::Heap(0) {
                    return Err(Stop::Wrong(
                        "misere-reversible needs H ≠ 0 (H = 0 is misere-reversible-zero)".into(),
                    ));
                }
                let hopts = h.options();
                if let Some(x) = hopts.iter().find(|x| !gopts.contains(x)) {
                    return Err(Stop::Wrong(format!(
                        "H's option {} is not an option of G",
                        show_f(x)
                    )));
                }
                let mut others: Vec<F> = gopts
                    .iter()
                    .filter(|x| !hopts.contains(x))
                    .cloned()
                    .collect();
                others.sort();
                others.dedup();
                let mut claimed = Vec::new();
                for t in s
                    .witnesses
                    .sets
                    .iter()
                    .filter(|(n, _)| n == "reversing")
                    .flat_map(|(_, ts)| ts)
                {
                    claimed.push(self.form(t)?.norm());
                }
                claimed.sort();
                claimed.dedup();
                if others.is_empty() || claimed != others {
                    return Err(Stop::Wrong(
                        "its witness set `reversing` is not G's options other than H's".into(),
                    ));
                }
                for o in &others {
                    if !o.options().iter().any(|x| x.norm() == h) {
                        return Err(Stop::Wrong(format!(
                            "the option {} does not have H = {} as an option: it does not reverse",
                            show_f(o),
                            show_f(&h)
                        )));
                    }
                }
            }
            "misere-reversible-zero" => {
                if h.norm() != F::Heap(0) {
                    return Err(Stop::Wrong(
                        "misere-reversible-zero yields 0, not this game".into(),
                    ));
                }
                if let Some(o) = gopts
                    .iter()
                    .find(|o| !o.options().iter().any(|x| x.norm() == F::Heap(0)))
                {
                    return Err(Stop::Wrong(format!(
                        "the option {} of G does not have 0 as an option",
                        show_f(o)
                    )));
                }
                let p = match witness("P") {
                    Some(t) => self.form(t)?.norm(),
                    None => return Err(Stop::Wrong("it names no P-position (witness P)".into())),
                };
                if !gopts.contains(&p) {
                    return Err(Stop::Wrong(format!(
                        "its witness P = {} is not an option of G",
                        show_f(&p)
                    )));
                }
                if !self.p_position(&p)? {
                    return Err(Stop::Wrong(format!(
                        "its witness P = {} is not a misère P-position: the proviso fails",
                        show_f(&p)
                    )));
                }
            }
            other => {
                return Err(Stop::Wrong(format!(
                    "`{other}` is not a rule of misère play (rules/misere.rules)"
                )))
            }
        }
        Ok(to)
    }
}

/// The most characters of a form written in a message; a deep form's text doubles with each
/// level (both sides list the options), so it is cut there.
const MAX_SHOWN: usize = 400;

fn show_f(f: &F) -> String {
    fn write(f: &F, out: &mut String) {
        if out.len() > MAX_SHOWN {
            return;
        }
        match f {
            F::Heap(0) => out.push('0'),
            F::Heap(1) => out.push('*'),
            F::Heap(n) => out.push_str(&format!("*{n}")),
            F::Game(o) => {
                out.push('{');
                let start = out.len();
                for (i, x) in o.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(x, out);
                    if out.len() > MAX_SHOWN {
                        return;
                    }
                }
                let left = out[start..].to_string();
                out.push('|');
                out.push_str(&left);
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    write(f, &mut out);
    if out.len() > MAX_SHOWN {
        let mut end = MAX_SHOWN;
        while !out.is_char_boundary(end) {
            end -= 1;
        }
        out.truncate(end);
        out.push('…');
    }
    out
}

impl super::played::Played for Checker {
    type At = F;

    fn start(&mut self, input: &Term) -> Result<F, Stop> {
        self.form(input)
    }

    fn step(&mut self, at: &F, s: &Step) -> Result<F, Stop> {
        self.allowed = self.allowed.saturating_add(MAX_WORK);
        Checker::step(self, at, s)
    }

    fn end(&mut self, at: &F, result: &Term) -> Result<(), Stop> {
        let end = self.form(result)?;
        if at.norm() != end.norm() {
            return Err(Stop::Wrong(format!(
                "the steps end at {}, not at the claimed {}",
                show_f(at),
                show(result)
            )));
        }
        Ok(())
    }
}

/// Checks a misère proof: each step by the definitions, the chain connected from `input` to
/// `result`. A misère proof has no lemmas.
pub(crate) fn check(
    input: &Term,
    result: &Term,
    steps: &[Step],
    lemmas: usize,
) -> Result<(), CheckError> {
    let mut c = Checker {
        work: 0,
        allowed: MAX_WORK,
        outcomes: HashMap::new(),
        positions: HashMap::new(),
        depth: 0,
    };
    super::played::check(&mut c, "misère", input, result, steps, lemmas)
}

/// The misère derivation of a term: its proof (checked) and its simplest form as CGSuite
/// prints it (`*[2#0]`).
#[derive(Clone, Debug)]
pub struct MisereSimplification {
    /// The proof that the term equals its simplest form, checked by `check`.
    pub proof: Proof,
    /// The simplest form as CGSuite prints it (`*[2#0]`).
    pub notation: String,
}

/// A misère equality proved, or why the two games differ.
#[derive(Clone, Debug)]
pub enum MisereVerdict {
    /// A = B: the proof (checked) and their common simplest form in CGSuite's notation.
    Equal(Box<Proof>, String),
    /// A ≠ B: their simplest forms, and a game telling them apart when one born by day 4 does.
    Different {
        /// A's simplest form in CGSuite's notation.
        a: String,
        /// B's simplest form in CGSuite's notation.
        b: String,
        /// A game X (in CGSuite's notation) such that A + X and B + X have different misère
        /// outcomes, with those outcomes (`true`: a P-position).
        distinguisher: Option<(String, bool, bool)>,
    },
}

fn not_impartial(e: crate::misere::derive::FormError) -> super::ProofError {
    match e {
        crate::misere::derive::FormError::Kernel(k) => super::ProofError::Kernel(k),
        crate::misere::derive::FormError::NotImpartial(what) => {
            super::ProofError::Kernel(crate::kernel::KernelError::Function {
                name: "misere".into(),
                message: format!(
                    "misère play is for impartial forms (braces whose sides agree, nim heaps, \
                     sums, *[…]); this is {what}"
                ),
                calls: Vec::new(),
            })
        }
    }
}

/// The term written in a proof: the term itself when the checker reads it (braces, heaps,
/// sums), else its form written out (`*[…]`).
fn written(t: &Term, f: &Form) -> Term {
    fn plain(t: &Term) -> bool {
        match t {
            Term::Game { left, right } => left.iter().chain(right).all(plain),
            Term::Nus { number, up, .. } => number.is_zero() && num_traits::Zero::is_zero(up),
            Term::Sum(a, b) => plain(a) && plain(b),
            _ => false,
        }
    }
    if plain(t) {
        t.clone()
    } else {
        f.to_term()
    }
}

/// A derivation: the term it starts from, whether that term names ruleset positions (then
/// its first step is `misere-opening`, the term written out as the game tree of their moves),
/// and the derivation of the written-out form.
struct Derived {
    input: Term,
    opened: bool,
    d: MisereDerivation,
}

/// Whether `t` is written with braces, nim heaps, sums and positions of the rulesets the
/// checker plays ([`super::misere_moves::RULESETS`]), with at least one such position.
fn has_positions(t: &Term) -> Option<bool> {
    match t {
        Term::Game { left, right } => {
            let mut any = false;
            for x in left.iter().chain(right) {
                any |= has_positions(x)?;
            }
            Some(any)
        }
        Term::Nus { number, up, .. } => {
            (number.is_zero() && num_traits::Zero::is_zero(up)).then_some(false)
        }
        Term::Sum(a, b) => Some(has_positions(a)? | has_positions(b)?),
        Term::Call { name, .. } => super::misere_moves::RULESETS
            .contains(&name.as_str())
            .then_some(true),
        _ => None,
    }
}

/// The producer's opening of a ruleset position: one level of its definition, the function's
/// own `open` (`functions::misere::open_position`), for the rulesets the checker plays; the
/// heap games with octal codes are written out by `misere::derive` itself.
fn open_call(k: &mut crate::kernel::Kernel, t: &Term) -> Result<Option<Term>, FormError> {
    let Term::Call { name, .. } = t else {
        return Ok(None);
    };
    if !super::misere_moves::RULESETS.contains(&name.as_str()) {
        if crate::functions::misere::POSITION_RULESETS.contains(&name.as_str()) {
            return Err(FormError::NotImpartial(format!(
                "`{name}(…)`, whose positions misère derivations do not open (they open {})",
                super::misere_moves::RULESETS.join(", ")
            )));
        }
        return Ok(None);
    }
    Ok(crate::functions::misere::open_position(k, t)?)
}

fn derivation(m: &mut crate::misere::Misere, t: &Term) -> Result<Derived, super::ProofError> {
    let mut k = crate::kernel::Kernel::new();
    k.set_budget(m.budget().clone());
    let f = crate::misere::derive::form_of_opened(m, t, &mut |c: &Term| open_call(&mut k, c))
        .map_err(not_impartial)?;
    let d = crate::misere::derive::derive(m, f.clone()).map_err(super::ProofError::Kernel)?;
    Ok(match has_positions(t) {
        Some(true) => Derived {
            input: t.clone(),
            opened: true,
            d,
        },
        _ => Derived {
            input: written(t, &f),
            opened: false,
            d,
        },
    })
}

/// The steps of a derivation from its input: the opening, when there is one, then the
/// simplification's steps.
fn derived_steps(x: &Derived) -> Vec<Step> {
    if !x.opened {
        return steps_of(&x.d, &x.input);
    }
    let form = x.d.input.to_term();
    let mut steps = vec![Step {
        from: x.input.clone(),
        to: form.clone(),
        rule: "misere-opening".to_string(),
        at: Vec::new(),
        why: format!(
            "{} written out: a ruleset position is the game of the positions its moves reach, \
             each written out the same way",
            show(&x.input)
        ),
        witnesses: Witnesses::default(),
        reversed: false,
        parts: Vec::new(),
        lemma: None,
    }];
    steps.extend(steps_of(&x.d, &form));
    steps
}

fn verified(mut p: Proof) -> Result<Proof, super::ProofError> {
    let r = check(&p.input, &p.result, &p.steps, p.lemmas.len());
    match r {
        Ok(()) => {
            p.checked = true;
            Ok(p)
        }
        Err(e) => Err(super::ProofError::Check(e)),
    }
}

/// The checked derivation of `t`'s misère simplest form, in the arena `m` (whose budget
/// bounds the work).
pub fn simplify_misere(
    m: &mut crate::misere::Misere,
    t: &Term,
) -> Result<MisereSimplification, super::ProofError> {
    let x = derivation(m, t)?;
    let proof = verified(misere_proof(
        x.input.clone(),
        x.d.result.to_term(),
        derived_steps(&x),
    ))?;
    let notation =
        crate::misere::notation::print(m, x.d.canonical).map_err(super::ProofError::Kernel)?;
    Ok(MisereSimplification { proof, notation })
}

/// A = B in misère play: both derived to their simplest forms, which are equal exactly when
/// identical (ONAG ch. 12); the proof is checked. When they differ, a game born by day 4 that
/// tells them apart is looked for.
pub fn prove_misere(
    m: &mut crate::misere::Misere,
    a: &Term,
    b: &Term,
) -> Result<MisereVerdict, super::ProofError> {
    let xa = derivation(m, a)?;
    let xb = derivation(m, b)?;
    let (da, db) = (&xa.d, &xb.d);
    let print = |m: &mut crate::misere::Misere, g| {
        crate::misere::notation::print(m, g).map_err(super::ProofError::Kernel)
    };
    if da.canonical == db.canonical {
        let mut steps = derived_steps(&xa);
        let back = derived_steps(&xb);
        steps.extend(back.iter().rev().map(Step::inverse));
        let p = verified(misere_proof(xa.input.clone(), xb.input.clone(), steps))?;
        return Ok(MisereVerdict::Equal(Box::new(p), print(m, da.canonical)?));
    }
    let distinguisher = match crate::misere::derive::distinguisher(m, da.canonical, db.canonical)
        .map_err(super::ProofError::Kernel)?
    {
        Some((x, pa, pb)) => Some((print(m, x)?, pa, pb)),
        None => None,
    };
    Ok(MisereVerdict::Different {
        a: print(m, da.canonical)?,
        b: print(m, db.canonical)?,
        distinguisher,
    })
}
