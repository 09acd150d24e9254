//! Inequalities between games, decided and proved by the definition.
//!
//! Seed 002 Definition 2.5: G ≤ H unless some G^L ≥ H or some H^R ≤ G. The checker decides every
//! side condition with [`Definitional`], a second comparison written straight from that
//! definition over its own game forms ([`Memo`]: hash-consed, read from the terms themselves,
//! never simplified), so a proof's conditions rest neither on the kernel's comparison nor on
//! its canonical forms. The stated shortcuts, each a theorem:
//!
//! * closed forms x + n·↑ + *m (numbers among them) compare by their formula: the numbers
//!   first, as rationals (seed 000 II.5), then n·↑ + *m ≥ 0 exactly when n ≥ 2, or n = 1 and
//!   m ≠ 1, or n = 0 and m = 0 (seed 002 §4 on ↑ and *);
//! * a closed form's options are those of its definition or canonical form, one level at a
//!   time (see `Memo::leaf_options`), so `1000000` is never unfolded;
//! * closed forms add and negate part by part, 0 + G = G and −(−G) = G (seed 002 Theorem 2.8);
//! * a pair whose left and right stops settle it (seed 002 §5: stops are monotone, and a number
//!   against a game compares by the game's stop) is answered from them, not recursed into nor
//!   memoised (`stops.rs`). Without it a sum of switches such as Σ_{k≤30}{k|−k} filled this memo
//!   with millions of pairs of subforms; with it, a fifteenth of them.
//!
//! A sum's and a negation's options are those of Definition 2.7. The decision runs on an
//! explicit stack, each pair of forms decided once; past [`MAX_WORK`] it is a limit error.
//!
//! [`Inequality`] is the same decision written out as a tree, to the depth a reader asks for.

use crate::number::{Dyadic, Nimber};
use crate::term::Rel;
use crate::term::{Pebble, Term};
use crate::term_table::TermTable;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;
use std::fmt;
use std::rc::Rc;

/// How deeply a term may nest before reading it is an error rather than a risk to the stack.
const MAX_DEPTH: usize = 1_500;

/// Game options each expansion may list before the proof tree says "and so on".
const MAX_LISTED: usize = 64;

/// The most options a nimber leaf `*n` may be opened into.
const MAX_NIM_OPTIONS: u64 = 1 << 16;

/// Units of work (forms made, options listed, pairs compared) one memo may spend before a
/// comparison stops with a limit error: never a guessed answer.
pub const MAX_WORK: u64 = 200_000_000;

/// A game form in the checker's own store: an index into [`Memo`]'s forms.
pub type FormId = u32;

/// Why the checker decided nothing: a limit of its own was reached (no verdict: the CLI exits
/// with status 3), or a term is not one it reads (the step that needs it is rejected). The
/// checker's error, so that it holds nothing of the kernel, not even its error type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// A limit of the checker, in words.
    Limit(String),
    /// A term the checker does not read, and why.
    Unreadable(String),
}

impl fmt::Display for Undecided {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Undecided::Limit(which) => write!(f, "limit reached: {which}"),
            Undecided::Unreadable(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for Undecided {}

/// A game form as the checker holds it. Forms are hash-consed, never simplified: a sum or a
/// negation is kept as written and its options are worked out by the definition when a
/// comparison asks for them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Form {
    /// The closed form x + u·↑ + *n.
    Leaf(Dyadic, BigInt, Nimber),
    /// `{ left | right }`.
    Game(Vec<FormId>, Vec<FormId>),
    /// `a + b`.
    Sum(FormId, FormId),
    /// `-a`.
    Neg(FormId),
}

type Options = Rc<(Vec<FormId>, Vec<FormId>)>;

/// What [`Definitional`] has read and decided, kept between uses: the forms (hash-consed), their
/// options once listed, each table reference's form, every pair compared, and each canonical
/// form found (`values.rs`).
pub struct Memo {
    forms: Vec<Form>,
    ids: FxHashMap<Form, FormId>,
    options: Vec<Option<Options>>,
    refs: FxHashMap<u32, FormId>,
    /// The form of each integer leaf read so far, by its value: nearly every leaf of a
    /// proof's terms is a small integer, and interning one cloned its numerator and hashed
    /// the three parts of its form only to find the form already made.
    ints: FxHashMap<i64, FormId>,
    /// Table entries the checker does not read (a call kept as the key of a part), and why:
    /// an error only where a step refers to one.
    unreadable: FxHashMap<u32, String>,
    /// Table entries below this one have their forms in `refs` or `unreadable`.
    refs_done: u32,
    /// Read a reference's entry and only the entries it reaches ([`Definitional::needed`]),
    /// rather than every entry up to it. Reading in order is the one-thread check's (its
    /// work, counted in forms made, is recorded and must not move); the checkers of a file
    /// read on several threads each read the entries they need: in order, each read every
    /// entry of the table, the same quarter-million forms made twice over for Σ_{k≤30} {k|−k},
    /// most of which no condition of either checker reaches.
    by_need: bool,
    le: FxHashMap<(FormId, FormId), bool>,
    /// Each form's canonical form, once found (`values.rs`).
    pub(super) canon: FxHashMap<FormId, FormId>,
    /// Each form's stops, once looked for (`stops.rs`).
    pub(super) stops: FxHashMap<FormId, Option<(Dyadic, Dyadic)>>,
    /// Decide by the definition alone, without the stops' shortcuts (`stops.rs`): the plain
    /// decision the tests hold the shortcuts to.
    pub(super) plain: bool,
    work: u64,
    /// The work allowed: [`MAX_WORK`] unless a caller asks for less.
    max_work: u64,
    /// The caller's deadline, cancel flag and memory, looked at every
    /// [`LOOK_EVERY`](super::check_limits::LOOK_EVERY) units of work.
    limits: super::check_limits::CheckLimits,
    /// The work at which to look at `limits` next.
    next_look: u64,
}

/// A memo's work is added to its limits' tally as it ends, so a check run by several memos
/// (a checker a thread) is counted whole without any of them handing a number back.
impl Drop for Memo {
    fn drop(&mut self) {
        self.limits.tally(self.work);
    }
}

impl Default for Memo {
    fn default() -> Self {
        Memo::with_budget(MAX_WORK)
    }
}

/// `G ≤ H` decided by the definition over the checker's own forms, with a memo. It reads terms
/// itself (a proof's term table for `#n`) and asks no kernel anything.
pub struct Definitional<'k> {
    pub(super) memo: &'k mut Memo,
    table: Option<&'k TermTable>,
}

fn limit(which: String) -> Undecided {
    Undecided::Limit(which)
}

impl Memo {
    /// An empty memo allowed `max_work` units of work (forms made, options listed, pairs
    /// compared) before its decisions stop with a limit.
    pub fn with_budget(max_work: u64) -> Self {
        Memo {
            forms: Vec::new(),
            ids: FxHashMap::default(),
            options: Vec::new(),
            refs: FxHashMap::default(),
            ints: FxHashMap::default(),
            unreadable: FxHashMap::default(),
            refs_done: 0,
            by_need: false,
            le: FxHashMap::default(),
            canon: FxHashMap::default(),
            stops: FxHashMap::default(),
            plain: false,
            work: 0,
            max_work,
            limits: Default::default(),
            next_look: super::check_limits::LOOK_EVERY,
        }
    }

    /// An empty memo under a caller's limits: its work at most theirs (and [`MAX_WORK`]), and
    /// their deadline, cancel flag and memory looked at as it works.
    pub(crate) fn with_limits(limits: super::check_limits::CheckLimits) -> Self {
        let mut memo = Memo::with_budget(limits.max_work.min(MAX_WORK));
        memo.limits = limits;
        memo
    }

    /// This memo reading a table's entries as they are needed when `by_need` (see its field
    /// `by_need`), or all in order up to each one asked for.
    pub(crate) fn reading_by_need(mut self, by_need: bool) -> Self {
        self.by_need = by_need;
        self
    }

    /// Forgets what was read of table entries `len` and after (their forms, or why they are
    /// unreadable), for a table numbering them otherwise: the forms themselves, and all that
    /// was decided of them, hold of any table.
    pub(crate) fn forget_entries_from(&mut self, len: usize) {
        let len = u32::try_from(len).unwrap_or(u32::MAX);
        self.refs.retain(|&n, _| n < len);
        self.unreadable.retain(|&n, _| n < len);
        self.refs_done = self.refs_done.min(len);
    }

    /// The units of work spent so far (forms made, options listed, pairs compared).
    pub fn work(&self) -> u64 {
        self.work
    }

    pub(super) fn spend(&mut self, n: u64) -> Result<(), Undecided> {
        self.work += n;
        if self.work > self.max_work {
            return Err(limit(format!(
                "the checker's decisions by the definition did more than {} units of work",
                self.max_work
            )));
        }
        if self.work >= self.next_look {
            self.next_look = self.work + super::check_limits::LOOK_EVERY;
            self.limits.look().map_err(limit)?;
        }
        Ok(())
    }

    /// The caller's limits, looked at now (between steps, where no work is spent).
    pub(crate) fn look(&self) -> Result<(), String> {
        self.limits.look()
    }

    /// The form with id `id`.
    pub(crate) fn form(&self, id: FormId) -> &Form {
        &self.forms[id as usize]
    }

    pub(crate) fn intern(&mut self, f: Form) -> Result<FormId, Undecided> {
        // Stated shortcuts that only rename a form's value: closed forms add and negate part
        // by part (seed 002 §3, §6, §7), 0 + G = G (Theorem 2.8) and −(−G) = G.
        let f = match f {
            Form::Sum(a, b) => match (&self.forms[a as usize], &self.forms[b as usize]) {
                (Form::Leaf(x, u, n), Form::Leaf(y, v, m)) => {
                    Form::Leaf(x + y, u + v, n.nim_add(m))
                }
                (Form::Leaf(x, u, n), _) if x.is_zero() && u.is_zero() && n.is_zero() => {
                    return Ok(b)
                }
                (_, Form::Leaf(y, v, m)) if y.is_zero() && v.is_zero() && m.is_zero() => {
                    return Ok(a)
                }
                _ => Form::Sum(a, b),
            },
            Form::Neg(a) => match &self.forms[a as usize] {
                Form::Leaf(x, u, n) => Form::Leaf(-x, -u, n.clone()),
                Form::Neg(b) => return Ok(*b),
                _ => Form::Neg(a),
            },
            f => f,
        };
        if let Some(&id) = self.ids.get(&f) {
            return Ok(id);
        }
        self.spend(1)?;
        let id = FormId::try_from(self.forms.len())
            .map_err(|_| limit("more than 2^32 forms in the checker".into()))?;
        self.forms.push(f.clone());
        self.options.push(None);
        self.ids.insert(f, id);
        Ok(id)
    }

    pub(crate) fn leaf(&mut self, x: Dyadic, u: BigInt, n: Nimber) -> Result<FormId, Undecided> {
        self.intern(Form::Leaf(x, u, n))
    }

    /// The options of a form: a game's own; a sum's and a negation's by the definition
    /// (seed 002 Definition 2.7); a closed form's by its definition, one level.
    pub(crate) fn options(&mut self, id: FormId) -> Result<Options, Undecided> {
        if let Some(o) = &self.options[id as usize] {
            return Ok(o.clone());
        }
        let (l, r) = match self.forms[id as usize].clone() {
            Form::Game(l, r) => (l, r),
            Form::Sum(a, b) => {
                let (oa, ob) = (self.options(a)?, self.options(b)?);
                let mut l = Vec::with_capacity(oa.0.len() + ob.0.len());
                let mut r = Vec::with_capacity(oa.1.len() + ob.1.len());
                for &x in &oa.0 {
                    l.push(self.intern(Form::Sum(x, b))?);
                }
                for &y in &ob.0 {
                    l.push(self.intern(Form::Sum(a, y))?);
                }
                for &x in &oa.1 {
                    r.push(self.intern(Form::Sum(x, b))?);
                }
                for &y in &ob.1 {
                    r.push(self.intern(Form::Sum(a, y))?);
                }
                (l, r)
            }
            Form::Neg(a) => {
                let oa = self.options(a)?;
                let mut l = Vec::with_capacity(oa.1.len());
                let mut r = Vec::with_capacity(oa.0.len());
                for &x in &oa.1 {
                    l.push(self.intern(Form::Neg(x))?);
                }
                for &x in &oa.0 {
                    r.push(self.intern(Form::Neg(x))?);
                }
                (l, r)
            }
            Form::Leaf(x, u, n) => self.leaf_options(x, u, n)?,
        };
        self.spend((l.len() + r.len()) as u64)?;
        let o = Rc::new((l, r));
        self.options[id as usize] = Some(o.clone());
        Ok(o)
    }

    /// One level of x + u·↑ + *n, by the stated definitions: a number by seed 000 II.5 (an
    /// integer n is {n−1 |}, a dyadic {x − 2^-k | x + 2^-k}); x + *n is {x + *j | x + *j}
    /// (j < n); with ↑ the canonical forms of seed 002 §6: x + ↑* = {x, x* | x}, x + ↑ + *k =
    /// {x | x + *(k⊕1)} for k ≠ 1, x + u·↑ + *k = {x | x + (u−1)·↑ + *(k⊕1)} for u ≥ 2, and
    /// their negatives for ↓.
    fn leaf_options(
        &mut self,
        x: Dyadic,
        u: BigInt,
        n: Nimber,
    ) -> Result<(Vec<FormId>, Vec<FormId>), Undecided> {
        let one = Nimber::new(BigUint::one());
        let zero_n = Nimber::zero;
        if u.is_zero() && n.is_zero() {
            if x.is_integer() {
                let unit = Dyadic::from(1i64);
                return Ok(match x.signum() {
                    0 => (vec![], vec![]),
                    1 => (vec![self.leaf(&x - &unit, u, n)?], vec![]),
                    _ => (vec![], vec![self.leaf(&x + &unit, u, n)?]),
                });
            }
            let ulp = Dyadic::new(BigInt::one(), x.denominator_exp());
            let l = self.leaf(&x - &ulp, BigInt::zero(), zero_n())?;
            let r = self.leaf(&x + &ulp, BigInt::zero(), zero_n())?;
            return Ok((vec![l], vec![r]));
        }
        if u.is_zero() {
            let k = n
                .to_u64()
                .filter(|k| *k <= MAX_NIM_OPTIONS)
                .ok_or_else(|| {
                    limit(format!(
                        "*{}, more than {MAX_NIM_OPTIONS} options for the checker",
                        n.value()
                    ))
                })?;
            let mut opts = Vec::with_capacity(k as usize);
            for j in 0..k {
                opts.push(self.leaf(x.clone(), BigInt::zero(), Nimber::new(BigUint::from(j)))?);
            }
            return Ok((opts.clone(), opts));
        }
        let plain = self.leaf(x.clone(), BigInt::zero(), zero_n())?;
        let flipped = n.nim_add(&one);
        let toward_zero = if u.is_positive() { &u - 1 } else { &u + 1 };
        let up_star = u.abs().is_one() && n == one;
        // x + ↑* has x + * among its options; otherwise the option toward x flips the star.
        let inner = if up_star {
            self.leaf(x.clone(), BigInt::zero(), one)?
        } else {
            self.leaf(x.clone(), toward_zero, flipped)?
        };
        Ok(match (u.is_positive(), up_star) {
            (true, true) => (vec![plain, inner], vec![plain]),
            (true, false) => (vec![plain], vec![inner]),
            (false, true) => (vec![plain], vec![plain, inner]),
            (false, false) => (vec![inner], vec![plain]),
        })
    }
}

impl<'k> Definitional<'k> {
    /// A decider remembering in `memo`, reading `#n` in terms from `table` when given.
    pub fn new(memo: &'k mut Memo, table: Option<&'k TermTable>) -> Self {
        Definitional { memo, table }
    }

    /// The form of a term, as written: games, closed forms, sums, negations, `±`, Hackenstring
    /// rows and references into the proof's table. Other notations (`n.G`, tiny, `where`,
    /// calls) are written out before any proof holds them; here they are an error.
    pub fn form(&mut self, t: &Term) -> Result<FormId, Undecided> {
        self.form_at(t, 0)
    }

    fn form_at(&mut self, t: &Term, depth: usize) -> Result<FormId, Undecided> {
        if depth > MAX_DEPTH {
            return Err(limit(format!(
                "a term nested more than {MAX_DEPTH} levels, for the checker"
            )));
        }
        let m = |d: &mut Self, xs: &[Term]| -> Result<Vec<FormId>, Undecided> {
            xs.iter().map(|x| d.form_at(x, depth + 1)).collect()
        };
        match t {
            Term::Game { left, right } => {
                let (l, r) = (m(self, left)?, m(self, right)?);
                self.memo.intern(Form::Game(l, r))
            }
            Term::Nus { number, up, nim } => {
                // An integer's form, once made, is found by its value: the same form
                // `intern` finds (forms are never forgotten), with no work spent either way.
                let int = (up.is_zero() && nim.is_zero() && number.is_integer())
                    .then(|| number.numerator().to_i64())
                    .flatten();
                if let Some(id) = int.and_then(|k| self.memo.ints.get(&k)) {
                    return Ok(*id);
                }
                let id = self.memo.leaf(number.clone(), up.clone(), nim.clone())?;
                if let Some(k) = int {
                    self.memo.ints.insert(k, id);
                }
                Ok(id)
            }
            Term::Sum(a, b) => {
                let (a, b) = (self.form_at(a, depth + 1)?, self.form_at(b, depth + 1)?);
                self.memo.intern(Form::Sum(a, b))
            }
            Term::Neg(a) => {
                let a = self.form_at(a, depth + 1)?;
                self.memo.intern(Form::Neg(a))
            }
            Term::PlusMinus(xs) => {
                let l = m(self, xs)?;
                let r = l
                    .iter()
                    .map(|&x| self.memo.intern(Form::Neg(x)))
                    .collect::<Result<_, _>>()?;
                self.memo.intern(Form::Game(l, r))
            }
            Term::Hackenstring(row) => self.row(row),
            Term::Ref(n) => {
                if let Some(&id) = self.memo.refs.get(n) {
                    return Ok(id);
                }
                if let Some(why) = self.memo.unreadable.get(n) {
                    return Err(Undecided::Unreadable(format!("#{n}: {why}")));
                }
                // Entries refer only to earlier ones: read them in order up to n, so each is
                // read with its references already known and nothing recurses down the DAG.
                let table = self.table.ok_or_else(|| {
                    Undecided::Unreadable(format!("the reference #{n} outside a proof's table"))
                })?;
                if *n as usize >= table.len() {
                    return Err(Undecided::Unreadable(format!(
                        "the reference #{n}, which the proof's table does not hold"
                    )));
                }
                if self.memo.by_need {
                    for i in self.needed(table, *n) {
                        self.read_entry(table, i, depth)?;
                    }
                } else {
                    for i in self.memo.refs_done..=*n {
                        self.read_entry(table, i, depth)?;
                    }
                    self.memo.refs_done = self.memo.refs_done.max(n + 1);
                }
                if let Some(why) = self.memo.unreadable.get(n) {
                    return Err(Undecided::Unreadable(format!("#{n}: {why}")));
                }
                self.memo.refs.get(n).copied().ok_or_else(|| {
                    Undecided::Unreadable(format!(
                        "the reference #{n}, which the proof's table does not hold"
                    ))
                })
            }
            other => Err(Undecided::Unreadable(format!(
                "the notation of {other}, which the checker reads only written out as games and sums"
            ))),
        }
    }

    /// Entry `i`'s form, into `refs`, or why it is unreadable, into `unreadable`: read with
    /// the entries it names already read (they are earlier ones), so nothing recurses down
    /// the table.
    fn read_entry(&mut self, table: &TermTable, i: u32, depth: usize) -> Result<(), Undecided> {
        if let Some(view) = table.view(i) {
            match self.form_at(view, depth + 1) {
                Ok(id) => {
                    self.memo.refs.insert(i, id);
                }
                Err(Undecided::Unreadable(why)) => {
                    self.memo.unreadable.insert(i, why);
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Entry `n` and the entries it reaches through the terms [`Definitional::form`] reads
    /// (games, sums, negations, `±`), that are not read yet, in increasing order: entries
    /// name only earlier ones, so each is then read after those it names, as in order. A
    /// form is read from its term alone, so an entry's form, or why it is unreadable, is the
    /// same whichever entries were read before it. Found with an explicit stack: a chain of
    /// entries is as long as the table.
    fn needed(&self, table: &TermTable, n: u32) -> Vec<u32> {
        let unread =
            |m: &u32| !self.memo.refs.contains_key(m) && !self.memo.unreadable.contains_key(m);
        let mut seen = rustc_hash::FxHashSet::default();
        seen.insert(n);
        let mut entries = vec![n];
        let mut terms: Vec<&Term> = table.view(n).into_iter().collect();
        while let Some(t) = terms.pop() {
            match t {
                Term::Game { left, right } => terms.extend(left.iter().chain(right)),
                Term::Sum(a, b) => terms.extend([&**a, &**b]),
                Term::Neg(a) => terms.push(a),
                Term::PlusMinus(xs) => terms.extend(xs),
                Term::Ref(m) if unread(m) && seen.insert(*m) => {
                    entries.push(*m);
                    terms.extend(table.view(*m));
                }
                _ => {}
            }
        }
        entries.sort_unstable();
        entries
    }

    /// A Hackenstring row by its definition (seed 001): each prefix from the shortest up, so
    /// no recursion follows the row's length. A move takes a pebble and all to its right.
    fn row(&mut self, row: &[Pebble]) -> Result<FormId, Undecided> {
        let mut prefixes: Vec<FormId> =
            vec![self
                .memo
                .leaf(Dyadic::zero(), BigInt::zero(), Nimber::zero())?];
        for len in 1..=row.len() {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            for (i, p) in row[..len].iter().enumerate() {
                if *p != Pebble::Right {
                    l.push(prefixes[i]);
                }
                if *p != Pebble::Left {
                    r.push(prefixes[i]);
                }
            }
            prefixes.push(self.memo.intern(Form::Game(l, r))?);
        }
        Ok(prefixes[row.len()])
    }

    /// The form written back as a term (for proofs written out).
    fn term(&self, id: FormId) -> Term {
        match &self.memo.forms[id as usize] {
            Form::Leaf(x, u, n) => Term::Nus {
                number: x.clone(),
                up: u.clone(),
                nim: n.clone(),
            },
            Form::Game(l, r) => Term::game(
                l.iter().map(|&x| self.term(x)).collect(),
                r.iter().map(|&x| self.term(x)).collect(),
            ),
            Form::Sum(a, b) => Term::sum(self.term(*a), self.term(*b)),
            Form::Neg(a) => Term::neg(self.term(*a)),
        }
    }

    /// Whether `a ≤ b`, for terms.
    pub fn le_terms(&mut self, a: &Term, b: &Term) -> Result<bool, Undecided> {
        let (a, b) = (self.form(a)?, self.form(b)?);
        self.le(a, b)
    }

    /// `a ≤ b` without looking at options: identical forms, two closed forms by their formula,
    /// or a pair already decided.
    fn quick(&self, a: FormId, b: FormId) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        if let (Form::Leaf(x, u, n), Form::Leaf(y, v, m)) =
            (&self.memo.forms[a as usize], &self.memo.forms[b as usize])
        {
            return Some(closed_forms_le((x, u, n), (y, v, m)));
        }
        self.memo.le.get(&(a, b)).copied()
    }

    /// `a ≤ b` by the stops (`stops.rs`) where they settle it, unless the memo is plain.
    fn settled_by_stops(&mut self, a: FormId, b: FormId) -> Result<Option<bool>, Undecided> {
        if self.memo.plain {
            return Ok(None);
        }
        self.le_by_stops(a, b)
    }

    /// Whether `a ≤ b`, by Definition 2.5: no a^L ≥ b and no b^R ≤ a. Worked with an explicit
    /// stack (a comparison of deep games goes as deep as they do), each pair decided once.
    pub fn le(&mut self, a: FormId, b: FormId) -> Result<bool, Undecided> {
        if let Some(r) = self.quick(a, b) {
            return Ok(r);
        }
        if let Some(r) = self.settled_by_stops(a, b)? {
            return Ok(r);
        }
        /// A pair being decided: the ways it could fail (`y ≤ x` for each (y, x)), and how
        /// many of them are refuted so far.
        struct Frame {
            pair: (FormId, FormId),
            tries: Vec<(FormId, FormId)>,
            next: usize,
        }
        let frame = |d: &mut Self, a: FormId, b: FormId| -> Result<Frame, Undecided> {
            let (oa, ob) = (d.memo.options(a)?, d.memo.options(b)?);
            let tries: Vec<(FormId, FormId)> =
                oa.0.iter()
                    .map(|&x| (b, x))
                    .chain(ob.1.iter().map(|&y| (y, a)))
                    .collect();
            d.memo.spend(1)?;
            Ok(Frame {
                pair: (a, b),
                tries,
                next: 0,
            })
        };
        let mut stack = vec![frame(self, a, b)?];
        // The verdict of the frame just finished, for the one below it.
        let mut child: Option<bool> = None;
        loop {
            let Some(top) = stack.last_mut() else {
                return Err(limit("the checker's comparison lost its place".into()));
            };
            let mut verdict = None;
            match child.take() {
                // The try holds: this pair fails.
                Some(true) => verdict = Some(false),
                Some(false) => top.next += 1,
                None => {}
            }
            let mut open = None;
            if verdict.is_none() {
                while let Some(&(y, x)) = top.tries.get(top.next) {
                    let known = match self.quick(y, x) {
                        None => self.settled_by_stops(y, x)?,
                        q => q,
                    };
                    match known {
                        Some(true) => {
                            verdict = Some(false);
                            break;
                        }
                        Some(false) => top.next += 1,
                        None => {
                            open = Some((y, x));
                            break;
                        }
                    }
                }
                if verdict.is_none() && open.is_none() {
                    verdict = Some(true);
                }
            }
            if let Some(v) = verdict {
                let done = stack.pop().map(|f| f.pair);
                if let Some(pair) = done {
                    self.memo.le.insert(pair, v);
                }
                if stack.is_empty() {
                    return Ok(v);
                }
                child = Some(v);
                continue;
            }
            if let Some((y, x)) = open {
                let f = frame(self, y, x)?;
                stack.push(f);
            }
        }
    }
}

/// `x + u·↑ + *n ≤ y + v·↑ + *m` by the formula (seed 002 §4 on ↑ and *): the numbers decide
/// when they differ; else the difference (v − u)·↑ + *(n ⊕ m) is ≥ 0 exactly when v − u ≥ 2,
/// or v − u = 1 and n ⊕ m ≠ 1, or v − u = 0 and n = m.
fn closed_forms_le(a: (&Dyadic, &BigInt, &Nimber), b: (&Dyadic, &BigInt, &Nimber)) -> bool {
    let ((x, n, m), (y, p, q)) = (a, b);
    if x != y {
        return x < y;
    }
    // The same multiple of up (numbers and nimbers among them, most of a proof's leaves):
    // the difference is *(n ⊕ m), which is ≥ 0 exactly when it is 0, that is n = m. Decided
    // without building the difference (an allocation per comparison of the checker's leaves).
    if n == p {
        return m == q;
    }
    let ups: BigInt = p - n;
    let star = m.nim_add(q);
    let one = Nimber::new(BigUint::one());
    if ups >= BigInt::from(2) {
        true
    } else if ups.is_one() {
        star != one
    } else if ups.is_zero() {
        star.is_zero()
    } else {
        false
    }
}

/// Why an inequality holds or fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Both sides are numbers; they compare as rationals.
    Numbers,
    /// Both sides are closed forms x + n·↑ + *m; they compare by the formula.
    ClosedForms,
    /// G ≤ H holds by the definition: each entry refutes one way it could fail (`H ≤ G^L`
    /// fails for every Left option of G, `H^R ≤ G` fails for every Right option of H). When
    /// one side is a number, its options are not tried (number avoidance).
    Definition {
        /// The refutations, one per option tried.
        refutations: Vec<Inequality>,
        /// Options not listed (beyond `MAX_LISTED`); each was decided all the same.
        unlisted: usize,
        /// A side was a number whose options number avoidance lets us skip.
        avoided: bool,
    },
    /// G ≤ H fails: a Left option G^L with H ≤ G^L, or a Right option H^R with H^R ≤ G.
    Counterexample(Box<Inequality>),
    /// Decided by the definition but not written out: the depth asked for is used up.
    Unexpanded,
}

/// A proof that `left ≤ right` holds, or that it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inequality {
    /// G.
    pub left: Term,
    /// H.
    pub right: Term,
    /// Whether G ≤ H.
    pub holds: bool,
    /// Why.
    pub reason: Reason,
}

/// Whether a term is written as a number.
fn number_term(t: &Term) -> bool {
    matches!(t, Term::Nus { up, nim, .. } if up.is_zero() && nim.is_zero())
}

/// The options of a term as the checker reads them (for the final-form claim,
/// `final_check`): [`options`].
pub(crate) fn options_of(
    d: &mut Definitional,
    t: &Term,
) -> Result<(Vec<Term>, Vec<Term>), Undecided> {
    options(d, t)
}

/// The options of a term as a reader sees them: an explicit game's own options; any other term
/// (a closed form, a sum, a reference) by the options of its form, by the definitions.
fn options(d: &mut Definitional, t: &Term) -> Result<(Vec<Term>, Vec<Term>), Undecided> {
    if let Term::Game { left, right } = t {
        return Ok((left.clone(), right.clone()));
    }
    let g = d.form(t)?;
    let o = d.memo.options(g)?;
    let l = o.0.iter().map(|&x| d.term(x)).collect();
    let r = o.1.iter().map(|&x| d.term(x)).collect();
    Ok((l, r))
}

impl Inequality {
    /// The proof that `g ≤ h` holds or fails, written out `depth` levels deep.
    pub fn prove(
        d: &mut Definitional,
        g: &Term,
        h: &Term,
        depth: usize,
    ) -> Result<Inequality, Undecided> {
        let holds = d.le_terms(g, h)?;
        let mut out = Inequality {
            left: g.clone(),
            right: h.clone(),
            holds,
            reason: Reason::Unexpanded,
        };
        // The shortcuts apply to what the reader sees: a number written as a number, not a
        // game form whose value happens to be one (that would assume what is being shown).
        if number_term(g) && number_term(h) {
            out.reason = Reason::Numbers;
            return Ok(out);
        }
        if depth == 0 {
            // Out of depth: closed forms still get their formula as the reason; a reader who
            // asks for more depth sees them opened up by the definition instead.
            if matches!(g, Term::Nus { .. }) && matches!(h, Term::Nus { .. }) {
                out.reason = Reason::ClosedForms;
            }
            return Ok(out);
        }
        let (gl, _) = options(d, g)?;
        let (_, hr) = options(d, h)?;
        // The ways G ≤ H could fail: H ≤ G^L, or H^R ≤ G.
        let tries = gl
            .iter()
            .map(|x| (h.clone(), x.clone()))
            .chain(hr.iter().map(|y| (y.clone(), g.clone())));
        if holds {
            let mut refutations = Vec::new();
            let mut unlisted = 0;
            for (x, y) in tries {
                if refutations.len() >= MAX_LISTED {
                    unlisted += 1;
                    continue;
                }
                refutations.push(Inequality::prove(d, &x, &y, depth - 1)?);
            }
            out.reason = Reason::Definition {
                refutations,
                unlisted,
                avoided: false,
            };
        } else {
            for (x, y) in tries {
                if d.le_terms(&x, &y)? {
                    out.reason =
                        Reason::Counterexample(Box::new(Inequality::prove(d, &x, &y, depth - 1)?));
                    break;
                }
            }
        }
        Ok(out)
    }

    /// Every inequality, holding or failing, that makes `a rel b` true or false.
    pub fn for_relation(
        d: &mut Definitional,
        a: &Term,
        rel: Rel,
        b: &Term,
        depth: usize,
    ) -> Result<Vec<Inequality>, Undecided> {
        let le = |d: &mut Definitional, x: &Term, y: &Term| Inequality::prove(d, x, y, depth);
        // a ⊳ b says a ≤ b fails; a ⊲ b says b ≤ a fails.
        Ok(match rel {
            Rel::Le | Rel::GreaterOrFuzzy => vec![le(d, a, b)?],
            Rel::Ge | Rel::LessOrFuzzy => vec![le(d, b, a)?],
            Rel::Lt | Rel::Gt | Rel::Eq | Rel::Ne | Rel::Fuzzy => {
                vec![le(d, a, b)?, le(d, b, a)?]
            }
        })
    }

    /// The number of inequalities in the tree.
    pub fn size(&self) -> usize {
        1 + match &self.reason {
            Reason::Definition { refutations, .. } => refutations.iter().map(|r| r.size()).sum(),
            Reason::Counterexample(c) => c.size(),
            _ => 0,
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, indent: usize) -> fmt::Result {
        let show = |t: &Term| t.to_string();
        let pad = "  ".repeat(indent);
        let (g, h) = (show(&self.left), show(&self.right));
        let claim = if self.holds {
            format!("{g} <= {h}")
        } else {
            format!("not {g} <= {h}")
        };
        match &self.reason {
            Reason::Numbers => writeln!(f, "{pad}{claim}: numbers compare as rationals"),
            Reason::ClosedForms => writeln!(
                f,
                "{pad}{claim}: closed forms x + n.^ + *m compare by their formula"
            ),
            Reason::Unexpanded => writeln!(f, "{pad}{claim}"),
            Reason::Counterexample(c) => {
                let which = if c.left == self.right {
                    format!("Left option {} of {g} has {h} <= it", show(&c.right))
                } else {
                    format!("Right option {} of {h} has it <= {g}", show(&c.left))
                };
                writeln!(f, "{pad}{claim}, because {which}:")?;
                c.write(f, indent + 1)
            }
            Reason::Definition {
                refutations,
                unlisted,
                avoided,
            } => {
                let how = if refutations.is_empty() && *unlisted == 0 {
                    "there is no Left option of the first game and no Right option of the second"
                } else {
                    "no Left option of the first game is >= the second, and no Right option of the second is <= the first"
                };
                let avoid = if *avoided {
                    " (a number's own options need no trying: number avoidance)"
                } else {
                    ""
                };
                writeln!(f, "{pad}{claim}, by the definition: {how}{avoid}:")?;
                for r in refutations {
                    r.write(f, indent + 1)?;
                }
                if *unlisted > 0 {
                    writeln!(f, "{pad}  ... and {unlisted} more, likewise")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Inequality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Kernel;

    #[test]
    fn a_chain_a_hundred_thousand_deep_through_the_table_is_compared_without_recursion() {
        // Entry i is {#(i-1) |}, the integer i written out; 100000 as a closed form is compared
        // with it by the definition, pair by pair, on the explicit stack.
        let mut table = TermTable::new();
        let mut last = table.intern(&Term::game(vec![], vec![]));
        for _ in 0..100_000 {
            last = table.intern(&Term::game(vec![Term::Ref(last)], vec![]));
        }
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, Some(&table));
        let chain = Term::Ref(last);
        let n = Term::integer(100_000);
        assert!(d.le_terms(&chain, &n).unwrap());
        assert!(d.le_terms(&n, &chain).unwrap());
        assert!(!d.le_terms(&chain, &Term::integer(99_999)).unwrap());
    }

    #[test]
    fn a_memo_reading_entries_by_need_decides_as_one_reading_them_in_order() {
        // A table of switches, their sums and negations, two games naming a multiple (which
        // the checker does not read) and one naming that game; then a second, unrelated
        // chain. The memo reading in order is the reference (the one-thread check's).
        let mut table = TermTable::new();
        let mut entries = Vec::new();
        for k in 1..=4 {
            let s = crate::syntax::parse(&format!("{{{k}|-{k}}}")).unwrap();
            entries.push(table.intern(&s));
        }
        for k in 1..entries.len() {
            let sum = Term::sum(Term::Ref(entries[k - 1]), Term::Ref(entries[k]));
            entries.push(table.intern(&sum));
            entries.push(table.intern(&Term::neg(Term::Ref(entries[k]))));
        }
        let multiple = Term::Multiple {
            count: BigInt::from(2),
            game: Box::new(Term::Ref(entries[0])),
        };
        let m = table.intern(&multiple);
        let bad = table.intern(&Term::game(vec![Term::Ref(m)], vec![Term::Ref(entries[1])]));
        entries.push(table.intern(&Term::game(vec![Term::Ref(bad)], vec![])));
        entries.push(bad);
        let mut chain = table.intern(&Term::game(vec![], vec![]));
        for _ in 0..50 {
            chain = table.intern(&Term::game(vec![], vec![Term::Ref(chain)]));
        }
        entries.push(chain);
        let decide = |memo: &mut Memo, a: u32, b: u32| {
            let mut d = Definitional::new(memo, Some(&table));
            d.le_terms(&Term::Ref(a), &Term::Ref(b))
        };
        let mut kernel = Kernel::new();
        let (mut in_order, mut by_need) = (Memo::default(), Memo::default().reading_by_need(true));
        for &a in &entries {
            for &b in &entries {
                let want = decide(&mut in_order, a, b);
                // One memo for every pair, and a fresh one for each (nothing read before).
                assert_eq!(decide(&mut by_need, a, b), want, "#{a} <= #{b}");
                let mut fresh = Memo::default().reading_by_need(true);
                assert_eq!(decide(&mut fresh, a, b), want, "#{a} <= #{b} afresh");
                // The referee, where the checker reads both.
                if let Ok(le) = want {
                    let eval = |k: &mut Kernel, n: u32| {
                        k.eval(&table.expand(&Term::Ref(n), 1 << 20).unwrap())
                    };
                    let (x, y) = (eval(&mut kernel, a).unwrap(), eval(&mut kernel, b).unwrap());
                    assert_eq!(le, kernel.le(x, y).unwrap(), "#{a} <= #{b}");
                }
            }
        }
        assert!(matches!(
            decide(&mut by_need, bad, 0),
            Err(Undecided::Unreadable(_))
        ));
        // The chain, last in the table, read by need makes none of the forms of the entries
        // before it that it does not name; read in order, all of them.
        let mut need = Memo::default().reading_by_need(true);
        let mut order = Memo::default();
        decide(&mut need, chain, chain).unwrap();
        decide(&mut order, chain, chain).unwrap();
        assert!(
            need.work() < order.work(),
            "{} {}",
            need.work(),
            order.work()
        );
    }

    #[test]
    fn a_memo_kept_for_another_table_forgets_the_entries_numbered_otherwise_there() {
        // Two tables alike in their first entries, a switch moved up by 2 ({3|1}), then each
        // with an entry of its own: 0 in one, 3 in the other.
        let table = |last: i64| {
            let mut t = TermTable::new();
            let switch = t.intern(&crate::syntax::parse("{1|-1}").unwrap());
            let g = t.intern(&Term::sum(Term::Ref(switch), Term::integer(2)));
            let len = t.len();
            let own = t.intern(&Term::integer(last));
            (t, g, len, own)
        };
        let ((early, g, len, own), (whole, ..)) = (table(0), table(3));
        let le = |memo: &mut Memo, table: &TermTable, a: u32, b: u32| {
            let mut d = Definitional::new(memo, Some(table));
            d.le_terms(&Term::Ref(a), &Term::Ref(b)).unwrap()
        };
        for by_need in [false, true] {
            let mut memo = Memo::default().reading_by_need(by_need);
            assert!(le(&mut memo, &early, own, g), "0 <= {{3|1}}");
            memo.forget_entries_from(len);
            // The entry read again from the whole table: 3 is not ≤ {3|1}.
            assert!(!le(&mut memo, &whole, own, g), "3 <= {{3|1}}");
            assert_eq!(memo.refs.len(), whole.len());
        }
    }

    /// An integer leaf's form, found by its value once made, is the form interning its three
    /// parts finds, with no work spent for it again; other leaves (a fraction, a nimber, an
    /// up, an integer past `i64`) are interned as ever.
    #[test]
    fn an_integer_leafs_form_is_found_by_value_as_interning_finds_it() {
        let mut memo = Memo::default();
        let leaves = [
            "0",
            "3",
            "-3",
            "1/2",
            "*",
            "^",
            "3*",
            "-7",
            "123456789012345678901234567890",
            "3",
        ];
        let mut made = Vec::new();
        for s in leaves {
            let t = crate::syntax::parse(s).unwrap();
            let id = Definitional::new(&mut memo, None).form(&t).unwrap();
            let Term::Nus { number, up, nim } = &t else {
                panic!("{s} is a closed form")
            };
            let work = memo.work();
            let interned = memo.leaf(number.clone(), up.clone(), nim.clone()).unwrap();
            assert_eq!(id, interned, "{s}");
            assert_eq!(memo.work(), work, "{s}: made once");
            let again = Definitional::new(&mut memo, None).form(&t).unwrap();
            assert_eq!((again, memo.work()), (id, work), "{s}");
            made.push(id);
        }
        // `3` twice is one form; the ten leaves are nine.
        assert_eq!(made[1], made[9]);
        made.sort_unstable();
        made.dedup();
        assert_eq!(made.len(), 9);
    }

    #[test]
    fn the_work_limit_is_an_error_not_an_answer() {
        let mut memo = Memo::default();
        memo.work = MAX_WORK;
        let mut d = Definitional::new(&mut memo, None);
        let g = crate::syntax::parse("{0, * | {1|0}}").unwrap();
        let e = d.le_terms(&g, &Term::zero()).unwrap_err();
        assert!(matches!(e, Undecided::Limit(_)), "{e}");
    }

    #[test]
    fn forms_of_sums_negations_rows_and_closed_forms_compare_as_the_kernel_does() {
        // The kernel is only the referee here; the comparison under test never calls it.
        let terms = [
            "0",
            "1",
            "-2",
            "1/2",
            "-3/4",
            "*",
            "*3",
            "^",
            "v",
            "^*",
            "v*",
            "^2*3",
            "v3",
            "1/2^*2",
            "{1|-1}",
            "{0,*|0}",
            "+-1",
            "{^|v}",
            "hs\"LRE\"",
            "hs\"RRL\"",
            "{1|-1} + {2|-2}",
            "-({0|^} + *2)",
            "^ + v*",
            "{0|{0|-1}} + -1/2",
            // The same number and multiple of up, nimbers alike or not (decided without the
            // difference being built).
            "*2",
            "1*",
            "1^*2",
            "v*2",
            "2v*3",
            "^*2",
            "1/2^*3",
        ];
        let parsed: Vec<Term> = terms
            .iter()
            .map(|s| crate::syntax::parse(s).unwrap_or_else(|e| panic!("{s}: {e}")))
            .collect();
        let mut k = Kernel::new();
        let mut memo = Memo::default();
        for a in &parsed {
            for b in &parsed {
                let (x, y) = (k.eval(a).unwrap(), k.eval(b).unwrap());
                let want = k.le(x, y).unwrap();
                let mut d = Definitional::new(&mut memo, None);
                assert_eq!(d.le_terms(a, b).unwrap(), want, "{a} <= {b}");
            }
        }
    }
}
