//! Misère simplification step by step: the derivation of a form's simplest form, each step one
//! instance of a rule of `rules/misere.rules` with its witnesses.
//!
//! [`Misere::game`] finds simplest forms at once; a derivation shows how. Forms are
//! hash-consed in a [`Forms`] arena (one [`FId`] per distinct form, options as a set), so a
//! game is a DAG: Kayles' row of 10, whose tree has millions of nodes, is the few hundred sums
//! of rows it reaches. The derivation walks the DAG bottom-up, as Conway's theory requires (a
//! deletion needs the options in simplest form), each distinct form once: its options first,
//! then the rules are tried at the form itself, and the first that applies replaces it by its
//! result. The rules are not here: the caller's [`Reducer`] tries them (`eval::misere`, the
//! one rule evaluator, with `rules/misere.rules` decided in misère play). Each
//! replacement is a [`MisereStep`] that acts at **every occurrence** of G in the whole form
//! (misère equality is a congruence: equal games are interchangeable as options), so a form
//! met along many paths is simplified by one step, not once per path.
//!
//! The arena is bounded by [`MAX_FORM_NODES`] distinct forms and forms by [`MAX_FORM_DEPTH`]
//! moves in a row (the walks recurse), a [`KernelError::TooLarge`] beyond.

use super::{MId, Misere};
use crate::kernel::KernelError;
use crate::rulesets::octal::OctalCode;
use crate::term::Term;
use num_traits::Zero;
use rustc_hash::FxHashMap as HashMap;

/// The most distinct forms a derivation's arena may hold (a DAG's nodes, heaps counting one
/// each). Kayles' row of 10 opens to a few hundred.
pub const MAX_FORM_NODES: usize = 200_000;

/// The most moves in a row a form may have (its height; a heap *n has height n): the arena's
/// walks recurse that deep.
pub const MAX_FORM_DEPTH: usize = 2_000;

/// The most forms the steps of one derivation may visit when they rewrite the whole (each
/// step walks the part of the DAG taller than its G): beyond it the derivation is refused as
/// too large rather than run for minutes.
pub const MAX_REWRITE_VISITS: u64 = 20_000_000;

/// A form in a [`Forms`] arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FId(u32);

/// A node: a nim heap, or a game of options (sorted by id, distinct, never the heaps below
/// some k: that game is the heap).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Heap(usize),
    Game(Vec<FId>),
}

/// Impartial game forms, hash-consed: two forms with the same set of options are one id, so
/// a game is held as a DAG and written as one (each distinct form once in a proof's term
/// table).
#[derive(Clone, Debug, Default)]
pub struct Forms {
    nodes: Vec<Node>,
    /// Each node's height (the most moves in a row from it).
    heights: Vec<usize>,
    index: HashMap<Node, FId>,
    /// `heaps[n]` is the heap *n, once made.
    heaps: Vec<FId>,
    /// G + H written out by the definition, once per pair.
    sums: HashMap<(FId, FId), FId>,
    /// Simplest forms written out, by their id in the misère arena.
    simplest: HashMap<MId, FId>,
    /// Forms visited by [`Forms::replace`] so far.
    visits: u64,
}

fn too_large(what: &str) -> KernelError {
    KernelError::TooLarge {
        what: what.to_string(),
    }
}

impl Forms {
    /// An empty arena.
    pub fn new() -> Self {
        Self::default()
    }

    fn push(&mut self, node: Node, height: usize) -> Result<FId, KernelError> {
        if let Some(&f) = self.index.get(&node) {
            return Ok(f);
        }
        if self.nodes.len() >= MAX_FORM_NODES {
            return Err(too_large(&format!(
                "a form of more than {MAX_FORM_NODES} distinct positions written out for a derivation"
            )));
        }
        if height > MAX_FORM_DEPTH {
            return Err(too_large(&format!(
                "a form of more than {MAX_FORM_DEPTH} moves in a row written out for a derivation"
            )));
        }
        let f = FId(self.nodes.len() as u32);
        self.nodes.push(node.clone());
        self.heights.push(height);
        self.index.insert(node, f);
        Ok(f)
    }

    /// The nim heap *n.
    pub fn heap(&mut self, n: usize) -> Result<FId, KernelError> {
        if n > MAX_FORM_DEPTH {
            return Err(too_large(&format!(
                "the heap *{n}, more than {MAX_FORM_DEPTH} moves in a row, written out for a derivation"
            )));
        }
        while self.heaps.len() <= n {
            let k = self.heaps.len();
            let f = self.push(Node::Heap(k), k)?;
            self.heaps.push(f);
        }
        Ok(self.heaps[n])
    }

    /// `k` when the sorted, distinct `options` are the heaps *0 … *(k−1): that game is *k.
    fn heap_of(&self, options: &[FId]) -> Option<usize> {
        let k = options.len();
        (k <= self.heaps.len() && options.iter().zip(&self.heaps).all(|(a, b)| a == b)).then_some(k)
    }

    /// The game whose options are `options` (their order and repetition do not matter).
    pub fn game(&mut self, mut options: Vec<FId>) -> Result<FId, KernelError> {
        options.sort_unstable();
        options.dedup();
        if let Some(k) = self.heap_of(&options) {
            return self.heap(k);
        }
        let height = 1 + options.iter().map(|&o| self.height(o)).max().unwrap_or(0);
        self.push(Node::Game(options), height)
    }

    /// The form whose options are `options` (in any order, repeats allowed), if the arena
    /// holds it; nothing is added.
    pub fn find(&self, mut options: Vec<FId>) -> Option<FId> {
        options.sort_unstable();
        options.dedup();
        if let Some(k) = self.heap_of(&options) {
            return self.find_heap(k);
        }
        self.index.get(&Node::Game(options)).copied()
    }

    /// The heap *n, if the arena holds it.
    pub fn find_heap(&self, n: usize) -> Option<FId> {
        self.heaps.get(n).copied()
    }

    /// The most moves in a row from `f`.
    pub fn height(&self, f: FId) -> usize {
        self.heights.get(f.0 as usize).copied().unwrap_or(0)
    }

    /// The heap size, if `f` is a heap.
    pub fn as_heap(&self, f: FId) -> Option<usize> {
        match self.nodes.get(f.0 as usize) {
            Some(Node::Heap(n)) => Some(*n),
            _ => None,
        }
    }

    /// The options of `f` as the arena holds them (a heap's are the heaps below it).
    pub fn option_slice(&self, f: FId) -> &[FId] {
        match self.nodes.get(f.0 as usize) {
            Some(Node::Heap(n)) => self.heaps.get(..*n).unwrap_or(&[]),
            Some(Node::Game(o)) => o,
            None => &[],
        }
    }

    /// The options of `f` (a heap's are the heaps below it).
    pub fn options(&self, f: FId) -> Vec<FId> {
        self.option_slice(f).to_vec()
    }

    /// `f` with every occurrence of the form `g` replaced by `h` (each form of the DAG visited
    /// once).
    pub fn replace(&mut self, f: FId, g: FId, h: FId) -> Result<FId, KernelError> {
        let mut memo = HashMap::default();
        self.replace_rec(f, g, h, &mut memo)
    }

    fn replace_rec(
        &mut self,
        f: FId,
        g: FId,
        h: FId,
        memo: &mut HashMap<FId, FId>,
    ) -> Result<FId, KernelError> {
        if f == g {
            return Ok(h);
        }
        // A form cannot contain a form at least as tall as itself.
        if self.height(f) <= self.height(g) {
            return Ok(f);
        }
        if let Some(&r) = memo.get(&f) {
            return Ok(r);
        }
        self.visits += 1;
        if self.visits > MAX_REWRITE_VISITS {
            return Err(too_large(&format!(
                "a derivation whose steps rewrite more than {MAX_REWRITE_VISITS} forms"
            )));
        }
        let opts = self.options(f);
        let mut changed = false;
        let mut new = Vec::with_capacity(opts.len());
        for o in opts {
            let r = self.replace_rec(o, g, h, memo)?;
            changed |= r != o;
            new.push(r);
        }
        let r = if changed { self.game(new)? } else { f };
        memo.insert(f, r);
        Ok(r)
    }

    /// G + H written out by the definition: the options G' + H, then G + H'.
    pub fn sum(&mut self, m: &mut Misere, a: FId, b: FId) -> Result<FId, KernelError> {
        m.tick()?;
        if self.as_heap(a) == Some(0) {
            return Ok(b);
        }
        if self.as_heap(b) == Some(0) {
            return Ok(a);
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        if self.height(a) + self.height(b) > MAX_FORM_DEPTH {
            return Err(too_large(&format!(
                "a sum of more than {MAX_FORM_DEPTH} moves in a row written out for a derivation"
            )));
        }
        let mut o = Vec::new();
        for x in self.options(a) {
            o.push(self.sum(m, x, b)?);
        }
        for y in self.options(b) {
            o.push(self.sum(m, a, y)?);
        }
        let s = self.game(o)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The simplest form `g` of the misère arena written out as a form.
    pub fn of_mid(&mut self, m: &mut Misere, g: MId) -> Result<FId, KernelError> {
        if let Some(&f) = self.simplest.get(&g) {
            return Ok(f);
        }
        m.tick()?;
        let f = match m.as_heap(g)? {
            Some(n) => self.heap(n as usize)?,
            None => {
                let opts = m.options(g).to_vec();
                let mut o = Vec::with_capacity(opts.len());
                for x in opts {
                    o.push(self.of_mid(m, x)?);
                }
                self.game(o)?
            }
        };
        self.simplest.insert(g, f);
        Ok(f)
    }
}

/// A rule applied at one form: what the caller's [`Reducer`] found (the rule, by the one rule
/// evaluator, `eval::misere`), named by the rule's own variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The rule's name (`misere-reversible`, or a user's rule).
    pub rule: String,
    /// The form the rule's result is (its options not necessarily simplified: the derivation
    /// simplifies it in turn).
    pub after: FId,
    /// The games the match bound, by the rule's names (the form rewritten, `G`, left out;
    /// the sets are not kept: a step's witnesses name games only).
    pub games: Vec<(String, FId)>,
}

impl Applied {
    /// The game the match bound to `name`.
    pub fn game(&self, name: &str) -> Option<FId> {
        self.games
            .iter()
            .find_map(|(n, f)| (n == name).then_some(*f))
    }
}

/// What tries the rules at a form: the derivation knows no rule, only the order of
/// application (options before the game, each distinct form once) and where a step acts.
/// The rule evaluator (`eval::misere`) gives it, with the rules of `rules/misere.rules` or a
/// user's selection, their conditions decided in misère play.
pub trait Reducer {
    /// The first rule that applies at the form `g` (every option of which is as simplified
    /// as the rules make it), or `None`.
    fn reduce(
        &mut self,
        m: &mut Misere,
        forms: &mut Forms,
        g: FId,
    ) -> Result<Option<Applied>, KernelError>;
}

/// The most rules applied one after another at one form (each result simplified again);
/// beyond it a user's rules are taken to loop, and the derivation is refused as too large.
pub const MAX_STEPS_AT_A_FORM: usize = 64;

/// One step of a misère derivation: G replaced by H at every occurrence of G in the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereStep {
    /// The rule and its witnesses.
    pub reduction: Applied,
    /// The game G replaced (all its options in simplest form).
    pub before: FId,
    /// The simplest form H it is replaced by.
    pub after: FId,
    /// The whole form after the step.
    pub whole: FId,
}

/// A derivation of a form's misère simplest form; its forms are in the arena it was made in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereDerivation {
    /// The form it starts from.
    pub input: FId,
    /// The steps, in order.
    pub steps: Vec<MisereStep>,
    /// The simplest form reached.
    pub result: FId,
    /// The simplest form's id in the misère arena.
    pub canonical: MId,
}

/// What `form_of` cannot read as an impartial form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormError {
    /// The term is not an impartial form (what it is, in words).
    NotImpartial(String),
    /// `*[…]` that does not read, or a limit.
    Kernel(KernelError),
}

impl From<KernelError> for FormError {
    fn from(e: KernelError) -> Self {
        FormError::Kernel(e)
    }
}

/// The impartial form a term writes: braces whose two sides list the same options, nim heaps
/// `*n` and `0`, sums (written out by the definition: the options of G + H are G' + H, then
/// G + H'), and CGSuite's `*[…]` (its simplest form, as `m` reads it).
#[cfg(test)]
pub fn form_of(m: &mut Misere, forms: &mut Forms, t: &Term) -> Result<FId, FormError> {
    form_of_opened(m, forms, t, &mut |_: &Term| Ok(None))
}

/// One level of a ruleset position's definition, given by a layer that knows the rulesets'
/// functions (this one does not): the term of the options of the position a call names
/// (braces whose options are again positions, sums of them or `0`), or `None` when the call
/// is no such position.
pub type Opener<'a> = dyn FnMut(&Term) -> Result<Option<Term>, FormError> + 'a;

/// `form_of`, where a call that `open` opens is the game of its options, each written out
/// the same way (memoised by the call, so a position reached twice is opened once: the form
/// is the DAG of the positions reached). This is how `cram("…")`, `grundy(n)`,
/// `wythoff(a, b)` and the like become forms: by their own moves, never by their normal-play
/// values.
pub fn form_of_opened(
    m: &mut Misere,
    forms: &mut Forms,
    t: &Term,
    open: &mut Opener,
) -> Result<FId, FormError> {
    let mut r = Reader {
        open,
        memo: HashMap::default(),
        depth: 0,
    };
    form_rec(m, forms, t, &mut r)
}

/// The caller's opener and the positions already written out.
struct Reader<'a, 'b> {
    open: &'a mut Opener<'b>,
    memo: HashMap<Term, FId>,
    /// How many opened positions are being read, one inside another.
    depth: usize,
}

/// The most positions opened one inside another (forms are walked recursively).
const MAX_OPEN_DEPTH: usize = 500;

fn form_rec(m: &mut Misere, forms: &mut Forms, t: &Term, r: &mut Reader) -> Result<FId, FormError> {
    m.tick()?;
    match t {
        Term::Game { left, right } => {
            let mut l = Vec::with_capacity(left.len());
            for x in left {
                l.push(form_rec(m, forms, x, r)?);
            }
            let mut rt = Vec::with_capacity(right.len());
            for x in right {
                rt.push(form_rec(m, forms, x, r)?);
            }
            let (l, rt) = (forms.game(l)?, forms.game(rt)?);
            if l != rt {
                return Err(FormError::NotImpartial(
                    "a game whose Left and Right options differ".into(),
                ));
            }
            Ok(l)
        }
        Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() => {
            match nim.to_u64().and_then(|n| usize::try_from(n).ok()) {
                Some(n) => Ok(forms.heap(n)?),
                None => Err(too_large("a heap too large to write out for a derivation").into()),
            }
        }
        Term::Sum(a, b) => {
            let (a, b) = (form_rec(m, forms, a, r)?, form_rec(m, forms, b, r)?);
            Ok(forms.sum(m, a, b)?)
        }
        Term::Call { name, args } if name == "misere" => {
            let [crate::term::Arg::Text(s)] = &args[..] else {
                return Err(FormError::NotImpartial("a misère form `*[…]`".into()));
            };
            let g = match super::notation::read(m, s)? {
                Ok(g) => g,
                Err(e) => {
                    return Err(FormError::NotImpartial(format!(
                        "`*[{s}]`, which does not read: {}",
                        e.message
                    )))
                }
            };
            Ok(forms.of_mid(m, g)?)
        }
        Term::Nus { .. } => Err(FormError::NotImpartial(
            "a number or a multiple of up, which is not impartial".into(),
        )),
        Term::Call { name, args } if heap_code(name, args).is_some() => {
            let (code, n) = heap_code(name, args).expect("checked by the guard")?;
            heap_form(m, forms, &code, n)
        }
        Term::Call { name, .. } => {
            if let Some(&f) = r.memo.get(t) {
                return Ok(f);
            }
            let Some(opened) = (r.open)(t)? else {
                return Err(FormError::NotImpartial(format!("the call `{name}(…)`")));
            };
            if let Term::Game { left, right } = &opened {
                let (mut l, mut rt) = (left.clone(), right.clone());
                l.sort_unstable_by(Term::structural_cmp);
                l.dedup();
                rt.sort_unstable_by(Term::structural_cmp);
                rt.dedup();
                if l != rt {
                    return Err(FormError::NotImpartial(format!(
                        "`{name}(…)`, a position whose players' moves differ"
                    )));
                }
            }
            if r.depth >= MAX_OPEN_DEPTH {
                return Err(KernelError::TooLarge {
                    what: format!("positions reached after more than {MAX_OPEN_DEPTH} moves in a row, written out for a derivation"),
                }
                .into());
            }
            r.depth += 1;
            let f = form_rec(m, forms, &opened, r);
            r.depth -= 1;
            let f = f?;
            r.memo.insert(t.clone(), f);
            Ok(f)
        }
        _ => Err(FormError::NotImpartial(
            "a term other than braces, nim heaps, sums and *[…]".into(),
        )),
    }
}

/// A heap ruleset's position (`kayles(n)`, `dawsons_kayles(n)`, `octal("…", n)`,
/// `subtraction("…", n)`, `take_and_break("…", n)` for a code of octal form): its moves as an
/// octal code and the heap size. `None` for any other call. These positions are impartial, so a misère derivation may start from them; another
/// impartial ruleset joins by listing its moves here the same way.
fn heap_code(
    name: &str,
    args: &[crate::term::Arg],
) -> Option<Result<(OctalCode, usize), FormError>> {
    use crate::term::Arg;
    let (code, size) = match (name, args) {
        ("kayles", [Arg::Game(n)]) => (OctalCode::parse("0.77"), n),
        ("dawsons_kayles", [Arg::Game(n)]) => (OctalCode::parse("0.07"), n),
        ("octal", [Arg::Text(c), Arg::Game(n)]) => (OctalCode::parse(c), n),
        ("subtraction", [Arg::Text(set), Arg::Game(n)]) => (
            crate::rulesets::position::subtraction_set(set)
                .and_then(|s| OctalCode::subtraction(&s)),
            n,
        ),
        // A code beyond octal form (`0.3F`, `4!.0`) is no heap code here: the caller's opener
        // plays it by its own moves (`form_of_opened`).
        ("take_and_break", [Arg::Text(c), Arg::Game(n)]) => {
            match crate::rulesets::take_and_break::TakeAndBreak::parse(c) {
                Ok(t) => (Ok(t.as_octal()?), n),
                Err(e) => (Err(e), n),
            }
        }
        _ => return None,
    };
    let bad = |what: String| FormError::NotImpartial(format!("`{name}(…)`: {what}"));
    let code = match code {
        Ok(c) => c,
        Err(e) => return Some(Err(bad(e.to_string()))),
    };
    let n = match size {
        Term::Nus { number, up, nim } if up.is_zero() && nim.is_zero() => number
            .to_integer()
            .and_then(num_traits::ToPrimitive::to_usize)
            .filter(|&n| n <= MAX_FORM_NODES),
        _ => None,
    };
    Some(match n {
        Some(n) => Ok((code, n)),
        None => Err(bad(format!(
            "a heap size must be a whole number from 0 to {MAX_FORM_NODES}"
        ))),
    })
}

/// Heap `n` of a heap game written out as its form: the options of heap k are the sums
/// (written out by the definition) of the heaps each move leaves.
fn heap_form(
    m: &mut Misere,
    forms: &mut Forms,
    code: &OctalCode,
    n: usize,
) -> Result<FId, FormError> {
    let mut rows: Vec<FId> = Vec::with_capacity(n + 1);
    for k in 0..=n {
        m.tick()?;
        let mut opts = Vec::new();
        for mv in code.moves(k) {
            let mut f = forms.heap(0)?;
            for &h in &mv {
                f = forms.sum(m, f, rows[h])?;
            }
            opts.push(f);
        }
        rows.push(forms.game(opts)?);
    }
    Ok(rows[n])
}

/// The derivation of `input`'s misère simplest form, its forms in `forms`, each step a rule
/// that `rules` found applying (the result is the simplest form when the rules are the
/// shipped ones; with fewer, the form where none applies any more).
pub fn derive(
    m: &mut Misere,
    forms: &mut Forms,
    input: FId,
    rules: &mut dyn Reducer,
) -> Result<MisereDerivation, KernelError> {
    let mut d = Deriver {
        m,
        forms,
        rules,
        whole: input,
        steps: Vec::new(),
        done: HashMap::default(),
        chains: HashMap::default(),
        nested: 0,
    };
    let (mut canonical, _) = d.simplify(input)?;
    // A pass rewrites each form it reduces wherever the form then occurs; should one be made
    // anew where nothing meets it again, another pass over the whole finds it, until the
    // whole is written as its simplest form (each pass that does not end there takes a step).
    loop {
        let simplest = d.forms.of_mid(d.m, canonical)?;
        let before = d.steps.len();
        if d.whole == simplest {
            break;
        }
        d.done.clear();
        (canonical, _) = d.simplify(d.whole)?;
        if d.steps.len() == before {
            break;
        }
    }
    Ok(MisereDerivation {
        input,
        result: d.whole,
        steps: d.steps,
        canonical,
    })
}

struct Deriver<'a> {
    m: &'a mut Misere,
    forms: &'a mut Forms,
    rules: &'a mut dyn Reducer,
    whole: FId,
    steps: Vec<MisereStep>,
    /// Each form simplified so far (as it was, and as it was once its options were simplest):
    /// its simplest form's id (the misère kernel's value of it, whatever the rules did) and
    /// the form it became.
    done: HashMap<FId, (MId, FId)>,
    /// The rules each form was rewritten by so far (the rule, its result), to rewrite it
    /// again where a later step makes it anew.
    chains: HashMap<FId, Vec<(Applied, FId)>>,
    /// How many rule results are being simplified, one inside another.
    nested: usize,
}

impl Deriver<'_> {
    /// Simplifies the form `f` (its options first, each distinct form once), recording each
    /// step; its simplest form's id and the form it now is. The recursion is as deep as the
    /// form is tall, which the arena bounds.
    fn simplify(&mut self, f: FId) -> Result<(MId, FId), KernelError> {
        self.m.tick()?;
        if let Some(&r) = self.done.get(&f) {
            return Ok(r);
        }
        // A heap is its own simplest form (no rule of misère play changes it).
        if let Some(n) = self.forms.as_heap(f) {
            let r = (self.m.heap(n)?, f);
            self.done.insert(f, r);
            return Ok(r);
        }
        let opts = self.forms.options(f);
        let mut ids = Vec::with_capacity(opts.len());
        let mut now = Vec::with_capacity(opts.len());
        for o in opts {
            let (id, x) = self.simplify(o)?;
            ids.push(id);
            now.push(x);
        }
        let g = self.forms.game(now)?;
        if let Some(&r) = self.done.get(&g) {
            // G was rewritten before, but a step since may have made it again (an earlier
            // step's rewrite turns {{{*}}} into {{0}} = {*}, which that step had replaced): it
            // is rewritten again, by the same rules and witnesses.
            if r.1 != g {
                for (applied, after) in self.chains.get(&g).cloned().unwrap_or_default() {
                    self.rewrite(applied, g, after)?;
                }
            }
            self.done.insert(f, r);
            return Ok(r);
        }
        ids.sort_unstable();
        ids.dedup();
        let value = self.m.game(ids)?;
        let r = (value, self.apply_rules(g)?);
        self.done.insert(f, r);
        self.done.insert(g, r);
        Ok(r)
    }

    /// Tries the rules at `g` (its options simplified): the first that applies rewrites G
    /// by its result at every occurrence, and the result is simplified in turn. The form G
    /// now is.
    fn apply_rules(&mut self, g: FId) -> Result<FId, KernelError> {
        let Some(applied) = self.rules.reduce(self.m, self.forms, g)? else {
            return Ok(g);
        };
        let after = applied.after;
        if after == g {
            // A rule whose result is what it matched changes nothing: no step.
            return Ok(g);
        }
        let chain = self.chains.entry(g).or_default();
        chain.push((applied.clone(), after));
        self.rewrite(applied, g, after)?;
        if self.nested >= MAX_STEPS_AT_A_FORM {
            return Err(too_large(&format!(
                "more than {MAX_STEPS_AT_A_FORM} rules applied one after another at one form \
                 (do the rules loop?)"
            )));
        }
        self.nested += 1;
        let r = self.simplify(after);
        self.nested -= 1;
        Ok(r?.1)
    }

    /// Replaces `g` by `after` at every occurrence in the whole, a step by `applied`. G
    /// occurs in the whole unless an earlier step already replaced it (as part of another
    /// form that became equal to it): then there is nothing to rewrite, and no step.
    fn rewrite(&mut self, applied: Applied, g: FId, after: FId) -> Result<(), KernelError> {
        let whole = self.forms.replace(self.whole, g, after)?;
        if whole != self.whole {
            self.whole = whole;
            self.steps.push(MisereStep {
                reduction: applied,
                before: g,
                after,
                whole,
            });
        }
        Ok(())
    }
}

/// A game X born by day 4 such that `a` + X and `b` + X have different misère outcomes, with
/// whether each sum is a P-position; `None` when no game born by day 4 tells them apart.
/// Different simplest forms always differ in some sum (Conway), but the game that shows it
/// may be born later. Day 4 has 22 games (the days' counts are 1, 2, 3, 5, 22).
pub fn distinguisher(
    m: &mut Misere,
    a: MId,
    b: MId,
) -> Result<Option<(MId, bool, bool)>, KernelError> {
    let mut days: Vec<MId> = vec![m.zero()];
    let mut seen: Vec<MId> = Vec::new();
    for _ in 0..=4 {
        for &x in &days {
            if seen.contains(&x) {
                continue;
            }
            seen.push(x);
            let (sa, sb) = (m.add(a, x)?, m.add(b, x)?);
            let (pa, pb) = (m.gminus(sa) == 0, m.gminus(sb) == 0);
            if pa != pb {
                return Ok(Some((x, pa, pb)));
            }
        }
        // The games of the next day: every set of the games born so far.
        if seen.len() > 16 {
            break;
        }
        let mut next = Vec::new();
        for mask in 0u32..(1u32 << seen.len()) {
            let opts: Vec<MId> = (0..seen.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| seen[i])
                .collect();
            let g = m.game(opts)?;
            if !next.contains(&g) {
                next.push(g);
            }
        }
        days = next;
    }
    Ok(None)
}
