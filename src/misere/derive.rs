//! Misère simplification step by step: the derivation of a form's simplest form, each step one
//! instance of a rule of `rules/misere.rules` with its witnesses.
//!
//! [`Misere::game`] finds simplest forms at once; a derivation shows how. The form is walked
//! bottom-up, as Conway's theory requires (a deletion needs the options in simplest form): the
//! options of a game are simplified first, in the order written, then the game itself is
//! replaced by the H that [`Misere::reduction`] finds, if any. Each replacement is a
//! [`MisereStep`]: where (a path of option indices from the top), which rule, the game before
//! (G) and after (H), the options that reverse through H (or, for H = 0, the option that is a
//! misère P-position: Conway's proviso), and the whole form after the step.
//!
//! Forms keep the options in the order written and are never merged here, so the path of a
//! step names the same option in the form before it and after it; two options that become
//! equal stay two until the end (the proof checker compares forms as sets of options). The
//! written-out form of a sum or of a `*[…]` can be large: it is bounded by
//! [`MAX_FORM_NODES`], a [`KernelError::TooLarge`] beyond.

use super::{MId, Misere};
use crate::kernel::KernelError;
use crate::number::{Dyadic, Nimber};
use crate::rulesets::octal::OctalCode;
use crate::term::Term;
use num_bigint::BigInt;
use num_traits::Zero;

/// The most nodes a form written out for a derivation may have (heaps count as one node).
pub const MAX_FORM_NODES: usize = 20_000;

/// The most nodes of the term that writes a derivation's form (each step writes it again):
/// `{A,B|A,B}` writes the options twice, so a deep form is far larger written than held.
pub const MAX_WRITTEN: usize = 400_000;

/// An impartial game form: a nim heap (already in simplest form, written `*n`), or a game of
/// options in the order written.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Form {
    /// The nim heap *n (0 for n = 0).
    Heap(usize),
    /// The game whose options are these.
    Game(Vec<Form>),
}

/// The rule a step applies (`rules/misere.rules`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// `misere-reversible`: G = H (H ≠ 0), where H's options are among G's and each of G's
    /// other options (`reversing`) has H as an option.
    Reversible {
        /// G's options that are not options of H, in the order written: each reverses
        /// through H.
        reversing: Vec<Form>,
    },
    /// `misere-reversible-zero`: G = 0, where every option of G has 0 as an option and
    /// `p_position` (an option of G) is a misère P-position (Conway's proviso).
    Zero {
        /// The option of G that is a misère P-position.
        p_position: Form,
    },
}

impl Reduction {
    /// The rule's name in `rules/misere.rules`.
    pub fn rule(&self) -> &'static str {
        match self {
            Reduction::Reversible { .. } => "misere-reversible",
            Reduction::Zero { .. } => "misere-reversible-zero",
        }
    }
}

/// One step of a misère derivation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereStep {
    /// Where: option indices from the top (empty at the top).
    pub at: Vec<usize>,
    /// The rule and its witnesses.
    pub reduction: Reduction,
    /// The game G replaced (all its options in simplest form).
    pub before: Form,
    /// The simplest form H it is replaced by.
    pub after: Form,
    /// The whole form after the step.
    pub whole: Form,
}

/// A derivation of a form's misère simplest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereDerivation {
    /// The form it starts from.
    pub input: Form,
    /// The steps, in order.
    pub steps: Vec<MisereStep>,
    /// The simplest form reached, options merged where they became equal.
    pub result: Form,
    /// The simplest form's id in the arena.
    pub canonical: MId,
}

impl Form {
    /// The options of this form, heaps expanded one level.
    pub fn options(&self) -> Vec<Form> {
        match self {
            Form::Heap(n) => (0..*n).map(Form::Heap).collect(),
            Form::Game(o) => o.clone(),
        }
    }

    /// The form with options sorted and repeats removed at every level, a game of heaps
    /// *0 … *(k−1) written as the heap *k: two forms are the same game form exactly when
    /// their normal forms are equal.
    pub fn normal(&self) -> Form {
        match self {
            Form::Heap(n) => Form::Heap(*n),
            Form::Game(o) => {
                let mut o: Vec<Form> = o.iter().map(Form::normal).collect();
                o.sort();
                o.dedup();
                if o.iter().enumerate().all(|(i, f)| *f == Form::Heap(i)) {
                    Form::Heap(o.len())
                } else {
                    Form::Game(o)
                }
            }
        }
    }

    /// Whether the two are the same form up to the order and repetition of options.
    pub fn same(&self, other: &Form) -> bool {
        self == other || self.normal() == other.normal()
    }

    /// The form as a term: a heap as `*n` (`0`, `*`), a game as `{A,B|A,B}`, its options in
    /// order; a game whose options are the heaps below k is written `*k`.
    pub fn to_term(&self) -> Term {
        let heap = |n: usize| Term::Nus {
            number: Dyadic::zero(),
            up: BigInt::zero(),
            nim: Nimber::new(n.into()),
        };
        match self {
            Form::Heap(n) => heap(*n),
            Form::Game(o) => match self.normal() {
                Form::Heap(n) => heap(n),
                Form::Game(_) => {
                    let opts: Vec<Term> = o.iter().map(Form::to_term).collect();
                    Term::Game {
                        left: opts.clone(),
                        right: opts,
                    }
                }
            },
        }
    }

    /// The subform at a path of option indices, if there is one.
    pub fn at(&self, path: &[usize]) -> Option<Form> {
        match path.split_first() {
            None => Some(self.clone()),
            Some((&i, rest)) => self.options().get(i)?.at(rest),
        }
    }

    /// This form with the subform at `path` replaced by `by` (a heap on the way is expanded
    /// one level).
    fn replaced(&self, path: &[usize], by: Form) -> Form {
        match path.split_first() {
            None => by,
            Some((&i, rest)) => {
                let mut o = self.options();
                if let Some(x) = o.get_mut(i) {
                    *x = x.replaced(rest, by);
                }
                Form::Game(o)
            }
        }
    }

    /// The size of the form written as a term, up to `cap` (counting stops there): a game's
    /// options are written on both sides, so a chain of k braces is written with 2^k of them.
    fn written_size(&self, cap: usize) -> usize {
        match self {
            Form::Heap(_) => 1,
            Form::Game(o) => {
                let mut n = 1;
                for x in o {
                    if n > cap {
                        break;
                    }
                    let w = x.written_size(cap - n + 1).min(cap + 1);
                    n = n.saturating_add(2 * w);
                }
                n.min(cap + 1)
            }
        }
    }

    /// The number of nodes, heaps counting one, up to `cap` (counting stops there).
    fn nodes(&self, cap: usize) -> usize {
        match self {
            Form::Heap(_) => 1,
            Form::Game(o) => {
                let mut n = 1;
                for x in o {
                    if n >= cap {
                        break;
                    }
                    n += x.nodes(cap - n);
                }
                n
            }
        }
    }
}

fn too_large() -> KernelError {
    KernelError::TooLarge {
        what: format!("a form of more than {MAX_FORM_NODES} nodes written out for a derivation"),
    }
}

/// What [`form_of`] cannot read as an impartial form.
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

/// The impartial form a term writes: braces whose two sides list the same options (Left's
/// order is kept), nim heaps `*n` and `0`, sums (written out by the definition: the options of
/// G + H are G' + H, then G + H'), and CGSuite's `*[…]` (its simplest form, as `m` reads it).
#[cfg(test)]
pub fn form_of(m: &mut Misere, t: &Term) -> Result<Form, FormError> {
    form_of_opened(m, t, &mut |_: &Term| Ok(None))
}

/// One level of a ruleset position's definition, given by a layer that knows the rulesets'
/// functions (this one does not): the term of the options of the position a call names
/// (braces whose options are again positions, sums of them or `0`), or `None` when the call
/// is no such position.
pub type Opener<'a> = dyn FnMut(&Term) -> Result<Option<Term>, FormError> + 'a;

/// [`form_of`], where a call that `open` opens is the game of its options, each written out
/// the same way (memoised by the call, so a position reached twice is opened once). This is
/// how `cram("…")`, `grundy(n)`, `wythoff(a, b)` and the like become forms: by their own
/// moves, never by their normal-play values.
pub fn form_of_opened(m: &mut Misere, t: &Term, open: &mut Opener) -> Result<Form, FormError> {
    let mut r = Reader {
        open,
        memo: std::collections::HashMap::new(),
        depth: 0,
    };
    let f = form_rec(m, t, &mut r)?;
    if f.nodes(MAX_FORM_NODES + 1) > MAX_FORM_NODES {
        return Err(too_large().into());
    }
    if f.written_size(MAX_WRITTEN + 1) > MAX_WRITTEN {
        return Err(KernelError::TooLarge {
            what: format!(
                "a form whose terms would take more than {MAX_WRITTEN} nodes to write in a derivation"
            ),
        }
        .into());
    }
    Ok(f)
}

/// The caller's opener and the positions already written out.
struct Reader<'a, 'b> {
    open: &'a mut Opener<'b>,
    memo: std::collections::HashMap<Term, Form>,
    /// How many opened positions are being read, one inside another.
    depth: usize,
}

/// The most positions opened one inside another (forms are walked recursively).
const MAX_OPEN_DEPTH: usize = 500;

fn form_rec(m: &mut Misere, t: &Term, r: &mut Reader) -> Result<Form, FormError> {
    m.tick()?;
    match t {
        Term::Game { left, right } => {
            let l = left
                .iter()
                .map(|x| form_rec(m, x, r))
                .collect::<Result<Vec<_>, _>>()?;
            let rt = right
                .iter()
                .map(|x| form_rec(m, x, r))
                .collect::<Result<Vec<_>, _>>()?;
            if !Form::Game(l.clone()).same(&Form::Game(rt)) {
                return Err(FormError::NotImpartial(
                    "a game whose Left and Right options differ".into(),
                ));
            }
            Ok(Form::Game(l))
        }
        Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() => {
            match nim.to_u64().and_then(|n| usize::try_from(n).ok()) {
                Some(n) if n <= MAX_FORM_NODES => Ok(Form::Heap(n)),
                _ => Err(too_large().into()),
            }
        }
        Term::Sum(a, b) => {
            let (a, b) = (form_rec(m, a, r)?, form_rec(m, b, r)?);
            let mut budget = MAX_FORM_NODES;
            sum(m, &a, &b, &mut budget)
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
            let mut budget = MAX_FORM_NODES;
            Ok(of_mid(m, g, &mut budget)?)
        }
        Term::Nus { .. } => Err(FormError::NotImpartial(
            "a number or a multiple of up, which is not impartial".into(),
        )),
        Term::Call { name, args } if heap_code(name, args).is_some() => {
            let (code, n) = heap_code(name, args).expect("checked by the guard")?;
            heap_form(m, &code, n)
        }
        Term::Call { name, .. } => {
            if let Some(f) = r.memo.get(t) {
                return Ok(f.clone());
            }
            let Some(opened) = (r.open)(t)? else {
                return Err(FormError::NotImpartial(format!("the call `{name}(…)`")));
            };
            if let Term::Game { left, right } = &opened {
                let (mut l, mut rt) = (left.clone(), right.clone());
                l.sort_unstable();
                l.dedup();
                rt.sort_unstable();
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
            let f = form_rec(m, &opened, r);
            r.depth -= 1;
            let f = f?;
            if f.nodes(MAX_FORM_NODES + 1) > MAX_FORM_NODES {
                return Err(too_large().into());
            }
            r.memo.insert(t.clone(), f.clone());
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
fn heap_form(m: &mut Misere, code: &OctalCode, n: usize) -> Result<Form, FormError> {
    let mut forms: Vec<Form> = Vec::with_capacity(n + 1);
    for k in 0..=n {
        m.tick()?;
        let mut opts = Vec::new();
        for mv in code.moves(k) {
            let mut budget = MAX_FORM_NODES;
            let mut f = Form::Heap(0);
            for &h in &mv {
                f = sum(m, &f, &forms[h], &mut budget)?;
            }
            opts.push(f);
        }
        let g = if opts.is_empty() {
            Form::Heap(0)
        } else {
            Form::Game(opts)
        };
        if g.nodes(MAX_FORM_NODES + 1) > MAX_FORM_NODES {
            return Err(too_large().into());
        }
        forms.push(g);
    }
    Ok(forms.pop().unwrap_or(Form::Heap(0)))
}

/// The form G + H written out by the definition, within `budget` nodes.
fn sum(m: &mut Misere, a: &Form, b: &Form, budget: &mut usize) -> Result<Form, FormError> {
    m.tick()?;
    if *budget == 0 {
        return Err(too_large().into());
    }
    *budget -= 1;
    if *a == Form::Heap(0) {
        return Ok(b.clone());
    }
    if *b == Form::Heap(0) {
        return Ok(a.clone());
    }
    let mut o = Vec::new();
    for x in a.options() {
        o.push(sum(m, &x, b, budget)?);
    }
    for y in b.options() {
        o.push(sum(m, a, &y, budget)?);
    }
    Ok(Form::Game(o))
}

/// The simplest form `g` written out as a form.
pub fn of_mid(m: &mut Misere, g: MId, budget: &mut usize) -> Result<Form, KernelError> {
    m.tick()?;
    if *budget == 0 {
        return Err(too_large());
    }
    *budget -= 1;
    if let Some(n) = m.as_heap(g)? {
        return Ok(Form::Heap(n as usize));
    }
    let opts = m.options(g).to_vec();
    let mut o = Vec::with_capacity(opts.len());
    for x in opts {
        o.push(of_mid(m, x, budget)?);
    }
    Ok(Form::Game(o))
}

/// The derivation of `input`'s misère simplest form.
pub fn derive(m: &mut Misere, input: Form) -> Result<MisereDerivation, KernelError> {
    let mut d = Deriver {
        m,
        whole: input.clone(),
        steps: Vec::new(),
    };
    let (canonical, _) = d.simplify(&mut Vec::new())?;
    let result = d.whole.normal();
    Ok(MisereDerivation {
        input,
        steps: d.steps,
        result,
        canonical,
    })
}

struct Deriver<'a> {
    m: &'a mut Misere,
    whole: Form,
    steps: Vec<MisereStep>,
}

impl Deriver<'_> {
    /// Simplifies the subform at `path` (its options first), recording each step; its simplest
    /// form's id and the form it now is.
    fn simplify(&mut self, path: &mut Vec<usize>) -> Result<(MId, Form), KernelError> {
        self.m.tick()?;
        let here = self.whole.at(path).unwrap_or(Form::Heap(0));
        if let Form::Heap(n) = here {
            return Ok((self.m.heap(n)?, here));
        }
        let count = here.options().len();
        let mut ids = Vec::with_capacity(count);
        let mut forms = Vec::with_capacity(count);
        for i in 0..count {
            path.push(i);
            let (id, f) = self.simplify(path)?;
            path.pop();
            ids.push(id);
            forms.push(f);
        }
        let g = Form::Game(forms.clone());
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let Some(h) = self.m.reduction(&sorted) else {
            let id = self.m.game(sorted)?;
            return Ok((id, g));
        };
        let mut budget = MAX_FORM_NODES;
        let after = of_mid(self.m, h, &mut budget)?;
        let reduction = if h == self.m.zero() {
            // The proviso's witness: the first option (as written) that is a P-position.
            let i = ids.iter().position(|&o| self.m.gminus(o) == 0).unwrap_or(0);
            Reduction::Zero {
                p_position: forms.get(i).cloned().unwrap_or(Form::Heap(0)),
            }
        } else {
            let hopts = self.m.options(h).to_vec();
            let reversing = ids
                .iter()
                .zip(&forms)
                .filter(|(o, _)| hopts.binary_search(o).is_err())
                .map(|(_, f)| f.clone())
                .collect();
            Reduction::Reversible { reversing }
        };
        self.whole = self.whole.replaced(path, after.clone());
        self.steps.push(MisereStep {
            at: path.clone(),
            reduction,
            before: g,
            after: after.clone(),
            whole: self.whole.clone(),
        });
        Ok((h, after))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn form(m: &mut Misere, s: &str) -> Form {
        form_of(m, &crate::syntax::parse(s).unwrap()).unwrap()
    }

    #[test]
    fn the_proviso_turns_a_star_option_into_zero_but_not_a_star_two() {
        let mut m = Misere::default();
        // {*} = 0: * has 0 as an option and is a misère P-position.
        let f = form(&mut m, "{*|*}");
        let d = derive(&mut m, f).unwrap();
        assert_eq!(d.steps.len(), 1);
        assert_eq!(d.result, Form::Heap(0));
        assert!(matches!(d.steps[0].reduction, Reduction::Zero { .. }));
        // {*2} is already simplest (the proviso fails: *2 is no P-position).
        let f = form(&mut m, "{*2|*2}");
        let d = derive(&mut m, f).unwrap();
        assert!(d.steps.is_empty());
        assert_eq!(d.result, Form::Game(vec![Form::Heap(2)]));
    }

    #[test]
    fn options_are_simplified_before_the_game() {
        let mut m = Misere::default();
        // {{*}, *2}: the option {*} becomes 0 first (at L0); then in {0, *2} the option *2
        // reverses through * (whose one option 0 is the other option), as in normal play.
        let f = form(&mut m, "{{*|*},*2|{*|*},*2}");
        let d = derive(&mut m, f).unwrap();
        assert_eq!(d.steps.len(), 2);
        assert_eq!(d.steps[0].at, vec![0]);
        assert!(d.steps[1].at.is_empty());
        assert_eq!(d.result, Form::Heap(1));
    }
}
