//! Normal play for the checker's own interpreter of the rule language (`proof::pattern`): the
//! places are plain terms, and their conditions are decided by normal play's definitions.
//!
//! This shares nothing with the engine's matcher but the rule data: a nested game pattern looks
//! inside an option term, and inside a closed form only by applying the rule set's `kind open`
//! rules to it. Side conditions
//! are decided on the bound terms themselves, never on anything an e-graph held, and by the
//! checker's own code: comparisons by the definition (`inequality.rs`), values (is it a number,
//! which nimber, are two sets the same) by its own canonical forms (`values.rs`). It holds no
//! kernel. A limit reached on the way is reported as a limit, never as a failed condition.

pub use super::pattern::Failure;
use super::pattern::{self, Got, Host, Kinds, Look};
use super::step::Witnesses;
use super::table::TermTable;
use crate::definitional::inequality::{Definitional, FormId, Inequality, Memo, Undecided};
use crate::number::{mex, Dyadic, Nimber};
use crate::rules::check::{as_value_expr, bindings, is_value_template};
use crate::rules::Name;
use crate::rules::*;
use crate::term::{Pebble, Term};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};
use std::borrow::Cow;

/// The most options a closed form is opened into (`*n` has n options): the kernel's and the
/// engine's cap (`eval::leaf::MAX_OPEN`), so every opening the engine writes can be checked.
const MAX_OPEN: u64 = 1 << 16;

/// A match of a pattern against a term.
pub type Binds = Witnesses;

/// The value of an `Option`, or `Ok(None)` from the enclosing function returning [`Got`].
macro_rules! some {
    ($e:expr) => {
        match $e {
            Some(x) => x,
            None => return Ok(None),
        }
    };
}

/// Rules applied to terms, deciding conditions with the checker's own order and values.
pub struct TermRules<'a> {
    rules: &'a RuleSet,
    /// What the definitional comparison and the canonical forms have decided.
    memo: Memo,
    /// The proof's term table: `#n` in a term is its entry n, looked into as a pattern needs
    /// and compared by entry.
    pub terms: TermTable,
    /// The first limit reached while matching (a repeated variable's equality, a closed form
    /// opened), where no `Result` reaches: [`TermRules::rewrites`] reports it as a limit.
    limit: Option<String>,
    /// Each rule's variables and their kinds, by the rule's place in `rules`, read once per
    /// rule rather than once per step (a map built for every step was a percent of a large
    /// proof's check).
    kinds: Vec<Option<SharedKinds>>,
    /// Rule steps on closed forms alone taken before ([`TermRules::rewrites_again`]), by a
    /// hash of the step: the rule's name, its two terms, the values it records.
    taken: rustc_hash::FxHashMap<u64, Vec<LeafStep>>,
}

/// A rule step whose terms are closed forms alone (`1 + 2` to `3`), as taken: its rule's
/// name, its two terms and the values it records.
type LeafStep = (String, Term, Term, Vec<(Name, Dyadic)>);

/// The most nodes a term of a step [`TermRules::rewrites_again`] remembers may have.
const LEAF_STEP_NODES: usize = 8;

/// Whether `t` is closed forms joined by sums and negations, at most `*budget` nodes in all:
/// a term whose meaning needs no table.
fn leaves_only(t: &Term, budget: &mut usize) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    match t {
        Term::Nus { .. } => true,
        Term::Sum(a, b) => leaves_only(a, budget) && leaves_only(b, budget),
        Term::Neg(a) => leaves_only(a, budget),
        _ => false,
    }
}

/// A pattern's variables and their kinds (`rules::check::bindings`), shared.
type SharedKinds = std::rc::Rc<Result<Kinds, String>>;

fn show(t: &Term) -> String {
    t.to_string()
}

impl<'a> TermRules<'a> {
    /// A fresh interpreter with an empty table.
    #[cfg(test)]
    pub fn new(rules: &'a RuleSet) -> Self {
        Self::with_table(rules, TermTable::new())
    }

    /// An interpreter for terms referring to `terms`.
    pub fn with_table(rules: &'a RuleSet, terms: TermTable) -> Self {
        Self::with_memo(rules, terms, Memo::default())
    }

    /// An interpreter whose decisions spend `memo`'s budget.
    pub fn with_memo(rules: &'a RuleSet, terms: TermTable, memo: Memo) -> Self {
        TermRules {
            rules,
            memo,
            terms,
            limit: None,
            kinds: Vec::new(),
            taken: rustc_hash::FxHashMap::default(),
        }
    }

    /// The table replaced by `terms`, which holds the same first `len` entries and more (the
    /// early check's table made whole: `proof::incremental`), the memo kept: its forms are
    /// the terms' own, whatever table named them, and only what it read of entries from `len`
    /// on (numbered otherwise in `terms`) is forgotten. The old table is handed back.
    pub(crate) fn retable(&mut self, terms: TermTable, len: usize) -> TermTable {
        self.memo.forget_entries_from(len);
        std::mem::replace(&mut self.terms, terms)
    }

    /// The caller's limits (deadline, cancel flag, memory), looked at now: the checker looks
    /// between steps as well as while it decides.
    pub(super) fn look(&self) -> Result<(), String> {
        self.memo.look()
    }

    /// The limit reached while checking the last step, if one was: it was not judged.
    pub fn take_limit(&mut self) -> Option<String> {
        self.limit.take()
    }

    /// `t` with its references written out, when that takes at most `max` nodes.
    pub fn expand(&self, t: &Term, max: usize) -> Option<Term> {
        self.terms.expand(t, max)
    }

    /// Whether two terms are the same game written alike, up to the order of options.
    pub fn same(&mut self, a: &Term, b: &Term) -> bool {
        self.terms.same(a, b)
    }

    /// Whether `rule` rewrites `src` to `dst` with a match that agrees with `witnesses`; the
    /// match if it does.
    pub fn rewrites(
        &mut self,
        rule: &Rule,
        src: &Term,
        dst: &Term,
        witnesses: &Witnesses,
    ) -> Result<Binds, Failure> {
        self.rewrites_by(rule, src, dst, witnesses, true)
    }

    /// [`TermRules::rewrites`], a game of picked options matched match by match when
    /// `picking` ([`pattern::rewrites_picking`]), else every match listed first.
    fn rewrites_by(
        &mut self,
        rule: &Rule,
        src: &Term,
        dst: &Term,
        witnesses: &Witnesses,
        picking: bool,
    ) -> Result<Binds, Failure> {
        let kinds = self.kinds_of(rule);
        let kinds = kinds
            .as_ref()
            .as_ref()
            .map_err(|e| Failure::Other(e.clone()))?;
        let mut accept = |h: &mut Self, built: &Term| {
            if h.same(built, dst) {
                return Ok(());
            }
            Err(Failure::Result(format!(
                "rule `{}` yields {} here, not {}",
                rule.name,
                show(built),
                show(dst)
            )))
        };
        // The result looked for where the step writes it first: most steps' results are
        // their templates written out, references for the places bound by their entries.
        let mut quick = |h: &mut Self, t: &Template, b: &Binds| {
            h.terms.cyclic().is_none() && builds_as(&h.terms, t, b, None, dst)
        };
        if picking {
            pattern::rewrites_picking(self, rule, kinds, src, witnesses, &mut accept, &mut quick)
        } else {
            pattern::rewrites_quick(self, rule, kinds, src, witnesses, &mut accept, &mut quick)
        }
    }

    /// Whether `rule` rewrites `src` to `dst` with `witnesses`, as [`TermRules::rewrites`]
    /// says, answered from the steps this interpreter took before where it can: a step whose
    /// two terms are closed forms joined by sums and negations (`1 + 2` to `3`), recording
    /// only values, is taken at once when the same rule took the same terms with the same
    /// values before. Why: such a step's verdict rests on those alone (no table entry, no
    /// option, no condition on games), and the same few sums of integers recur throughout a
    /// sum's proof (Σ_{k≤12} {k|−k}: 1,652 `number-up-star-sum` steps, 594 of them distinct),
    /// each matched, its values rebuilt and its result built again. Only a step taken is
    /// remembered, so every refusal, and its words, is the one matching it gives.
    pub fn rewrites_again(
        &mut self,
        rule: &Rule,
        src: &Term,
        dst: &Term,
        witnesses: &Witnesses,
    ) -> Result<(), Failure> {
        let leafy = witnesses.games.is_empty()
            && witnesses.sets.is_empty()
            && witnesses.rows.is_empty()
            && leaves_only(src, &mut { LEAF_STEP_NODES })
            && leaves_only(dst, &mut { LEAF_STEP_NODES });
        if !leafy {
            return self.rewrites(rule, src, dst, witnesses).map(drop);
        }
        let key = {
            use std::hash::{Hash, Hasher};
            let mut h = rustc_hash::FxHasher::default();
            (rule.name.as_str(), src, dst, &witnesses.values).hash(&mut h);
            h.finish()
        };
        let same = |(r, a, b, v): &LeafStep| {
            *r == rule.name && a == src && b == dst && *v == witnesses.values
        };
        if self
            .taken
            .get(&key)
            .is_some_and(|steps| steps.iter().any(same))
        {
            return Ok(());
        }
        self.rewrites(rule, src, dst, witnesses)?;
        self.taken.entry(key).or_default().push((
            rule.name.clone(),
            src.clone(),
            dst.clone(),
            witnesses.values.clone(),
        ));
        Ok(())
    }

    /// `rule`'s variables and their kinds: kept for a rule of this interpreter's rule set (the
    /// same rule, by address, as the set's rule of its name), read afresh for any other.
    /// Found by the rule's place in the set, as its address tells (names are unique in a set,
    /// so the rule there is the set's rule of its name): two lookups of its name a step were
    /// half a percent of a large proof's check.
    fn kinds_of(&mut self, rule: &Rule) -> SharedKinds {
        let all = self.rules.rules();
        let at = std::ptr::from_ref(rule) as usize;
        let first = all.as_ptr() as usize;
        let size = std::mem::size_of::<Rule>().max(1);
        let place = at
            .checked_sub(first)
            .filter(|off| off % size == 0)
            .map(|off| off / size)
            .filter(|&i| i < all.len() && std::ptr::eq(&all[i], rule));
        let Some(i) = place else {
            return std::rc::Rc::new(bindings(&rule.pattern));
        };
        if self.kinds.len() < all.len() {
            self.kinds.resize(all.len(), None);
        }
        if let Some(k) = &self.kinds[i] {
            return k.clone();
        }
        let k = std::rc::Rc::new(bindings(&rule.pattern));
        self.kinds[i] = Some(k.clone());
        k
    }

    /// Every match of `rule`'s pattern at the top of `t` (at most [`pattern::MAX_MATCHES`]),
    /// in the order they are tried: what the differential test compares with the shared
    /// evaluator.
    #[cfg(test)]
    pub fn matches(&mut self, rule: &Rule, t: &Term) -> Vec<Binds> {
        let mut out = Vec::new();
        pattern::matches(self, &rule.pattern, t, true, &Binds::default(), &mut out, 0);
        out
    }

    /// The forms of `t` a pattern may see: `t` itself, and for a game pattern looking at a
    /// closed form below the top, its opened definition.
    fn views(&mut self, p: &Pattern, t: &Term, top: bool) -> Vec<Term> {
        if Self::seen_as_written(p, t, top) {
            return vec![t.clone()];
        }
        self.open(t).into_iter().collect()
    }

    /// Whether [`TermRules::views`] gives `t` itself: all but a game pattern looking at a
    /// closed form below the top.
    fn seen_as_written(p: &Pattern, t: &Term, top: bool) -> bool {
        !matches!(p, Pattern::Game(..)) || top || matches!(t, Term::Game { .. })
    }

    /// Opens a closed form with the first `kind open` rule that makes it a game.
    pub fn open(&mut self, t: &Term) -> Option<Term> {
        let t = &self.terms.unfold(t)?;
        if !matches!(t, Term::Nus { .. }) {
            return None;
        }
        let rules = self.rules;
        for rule in rules.rules().iter().filter(|r| r.kind == RuleKind::Open) {
            let Ok(kinds) = bindings(&rule.pattern) else {
                continue;
            };
            let mut out = Vec::new();
            pattern::matches(self, &rule.pattern, t, true, &Binds::default(), &mut out, 0);
            for b in out {
                let built = match pattern::conditions_hold(self, rule, &b, &kinds) {
                    Ok(true) => self.build(&rule.result, &b, None),
                    Ok(false) => continue,
                    Err(e) => Err(e),
                };
                match built {
                    Ok(Some(g @ Term::Game { .. })) => return Some(g),
                    Err(Undecided::Limit(which)) => {
                        self.limit.get_or_insert(which);
                        return None;
                    }
                    _ => {}
                }
            }
        }
        None
    }

    // ---- values, by the checker's own canonical forms (values.rs) ----

    fn form(&mut self, t: &Term) -> Result<FormId, Undecided> {
        Definitional::new(&mut self.memo, Some(&self.terms)).form(t)
    }

    /// Whether two terms are equal games.
    fn equal(&mut self, a: &Term, b: &Term) -> Result<bool, Undecided> {
        let (x, y) = (self.form(a)?, self.form(b)?);
        Definitional::new(&mut self.memo, Some(&self.terms)).equal(x, y)
    }

    /// The number `t` equals, if any.
    fn number(&mut self, t: &Term) -> Result<Option<Dyadic>, Undecided> {
        let g = self.form(t)?;
        Definitional::new(&mut self.memo, Some(&self.terms)).number(g)
    }

    /// The nimber `t` equals, if any.
    fn nimber(&mut self, t: &Term) -> Result<Option<Nimber>, Undecided> {
        let g = self.form(t)?;
        Definitional::new(&mut self.memo, Some(&self.terms)).nimber(g)
    }

    /// The canonical forms of a bound set's members, as a set.
    fn canonical_set(&mut self, members: &[Term]) -> Result<Vec<FormId>, Undecided> {
        let mut out = Vec::with_capacity(members.len());
        for m in members {
            let g = self.form(m)?;
            out.push(Definitional::new(&mut self.memo, Some(&self.terms)).canonical(g)?);
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// What `of` finds for each of a bound set's members; `None` if it finds nothing for one.
    fn each<T>(
        &mut self,
        b: &Binds,
        name: &str,
        of: fn(&mut Self, &Term) -> Result<Option<T>, Undecided>,
    ) -> Got<Vec<T>> {
        let members = some!(b.set(name));
        let mut out = Vec::with_capacity(members.len());
        for m in members {
            out.push(some!(of(self, m)?));
        }
        Ok(Some(out))
    }

    /// The numbers a bound set's members equal; `None` if one is not a number.
    fn numbers_of(&mut self, b: &Binds, name: &str) -> Got<Vec<Dyadic>> {
        self.each(b, name, Self::number)
    }

    /// The nimbers a bound set's members equal; `None` if one is not a nimber.
    fn nimbers_of(&mut self, b: &Binds, name: &str) -> Got<Vec<Nimber>> {
        self.each(b, name, Self::nimber)
    }

    // ---- conditions ----

    /// Decides every side condition; on failure says which, with the witnesses' values.
    #[cfg(test)]
    pub fn conditions(&mut self, rule: &Rule, b: &Binds, kinds: &Kinds) -> Result<(), Failure> {
        pattern::conditions(self, rule, b, kinds)
    }

    /// Each side condition of `rule` under the match `b`, in words, with the inequalities that
    /// decide it written out `depth` levels deep by the definition (none for a condition that
    /// is not a comparison of games).
    pub fn condition_proofs(
        &mut self,
        rule: &Rule,
        b: &Binds,
        depth: usize,
    ) -> Result<Vec<(String, Vec<Inequality>)>, String> {
        let kinds = bindings(&rule.pattern)?;
        let mut out = Vec::new();
        for c in &rule.conditions {
            let text = pattern::show_cond(self, c, b);
            let mut proofs = Vec::new();
            if let Condition::Compare(x, rel, y) = c {
                if !is_value_template(x, &kinds) {
                    let built = (self.build(x, b, None), self.build(y, b, None));
                    let (Ok(Some(x)), Ok(Some(y))) = built else {
                        return Err(format!("the condition {text} cannot be built"));
                    };
                    let mut d = Definitional::new(&mut self.memo, Some(&self.terms));
                    proofs = Inequality::for_relation(&mut d, &x, *rel, &y, depth)
                        .map_err(|e| e.to_string())?;
                }
            }
            out.push((text, proofs));
        }
        Ok(out)
    }

    /// Decides a condition: a predicate by its meaning, a comparison of values exactly, a
    /// comparison of games by the two inequalities of the definition. `None` when the
    /// condition cannot be evaluated here (a value that is not defined); a limit is an error.
    fn condition(&mut self, c: &Condition, b: &Binds, kinds: &Kinds) -> Got<bool> {
        let (x, rel, y) = match c {
            Condition::Pred {
                negated,
                pred,
                args,
            } => return Ok(self.predicate(*pred, args, b)?.map(|p| p != *negated)),
            Condition::Compare(x, rel, y) => (x, *rel, y),
            // Misère play's reversal has no meaning in normal play (the producer's normal
            // decider says the same): not decided here.
            Condition::InEvery { .. } => return Ok(None),
        };
        let (ab, ba) = if is_value_template(x, kinds) {
            let x = some!(self.value(&some!(as_value_expr(x)), b)?);
            let y = some!(self.value(&some!(as_value_expr(y)), b)?);
            (x <= y, y <= x)
        } else {
            let gx = some!(self.build_borrowing(x, b)?);
            let gy = some!(self.build_borrowing(y, b)?);
            // By the definition, on the checker's own forms.
            let mut d = Definitional::new(&mut self.memo, Some(&self.terms));
            let (fx, fy) = (d.form(&gx)?, d.form(&gy)?);
            return Ok(Some(holds_deciding(rel, |converse| {
                if converse {
                    d.le(fy, fx)
                } else {
                    d.le(fx, fy)
                }
            })?));
        };
        Ok(Some(holds_by_le(rel, ab, ba)))
    }

    fn predicate(&mut self, pred: Predicate, args: &[String], b: &Binds) -> Got<bool> {
        let a0 = some!(args.first());
        Ok(Some(match pred {
            Predicate::Number => self.number(some!(b.game(a0)))?.is_some(),
            Predicate::Nimber => self.nimber(some!(b.game(a0)))?.is_some(),
            Predicate::Numbers => self.numbers_of(b, a0)?.is_some(),
            Predicate::Nimbers => self.nimbers_of(b, a0)?.is_some(),
            Predicate::Same => {
                let x = some!(b.set(a0));
                let y = some!(b.set(some!(args.get(1))));
                self.canonical_set(x)? == self.canonical_set(y)?
            }
            Predicate::Integer => some!(b.value(a0)).is_integer(),
            Predicate::Fits => {
                let Some(l) = self.numbers_of(b, a0)? else {
                    return Ok(Some(false));
                };
                let Some(r) = self.numbers_of(b, some!(args.get(1)))? else {
                    return Ok(Some(false));
                };
                Dyadic::simplest_between(l.iter().max(), r.iter().min()).is_some()
            }
            Predicate::Adjacent => {
                let x = some!(b.value(a0));
                let y = some!(b.value(some!(args.get(1))));
                let e = x.denominator_exp().max(y.denominator_exp());
                let step = Dyadic::from(1).mul_pow2(-some!(i64::try_from(e).ok()));
                (y - x) == step
            }
            Predicate::InitialNimbers => {
                // By value: a member equal to *k counts as *k (congruence), which is sound.
                let Some(ns) = self.nimbers_of(b, a0)? else {
                    return Ok(None);
                };
                let mut ks: Vec<BigInt> =
                    ns.iter().map(|n| BigInt::from(n.value().clone())).collect();
                ks.sort();
                ks.iter().enumerate().all(|(i, v)| *v == BigInt::from(i))
            }
            Predicate::Empty => some!(b.set(a0)).is_empty(),
            // Misère and loopy play's predicates: not decided in normal play.
            Predicate::PPosition
            | Predicate::Within
            | Predicate::KeepsOnside
            | Predicate::KeepsOffside
            | Predicate::Stopper => return Ok(None),
        }))
    }

    fn value(&mut self, v: &ValueExpr, b: &Binds) -> Got<Dyadic> {
        Ok(Some(match v {
            ValueExpr::Lit(x) => x.clone(),
            ValueExpr::Var(n) => some!(b.value(n)).clone(),
            ValueExpr::Add(x, y) => &some!(self.value(x, b)?) + &some!(self.value(y, b)?),
            ValueExpr::Sub(x, y) => &some!(self.value(x, b)?) - &some!(self.value(y, b)?),
            ValueExpr::Neg(x) => -&some!(self.value(x, b)?),
            ValueExpr::Call(f, sets, vals) => match f {
                ValueFn::Simplest => {
                    let l = some!(self.numbers_of(b, some!(sets.first()))?);
                    let r = some!(self.numbers_of(b, some!(sets.get(1)))?);
                    some!(Dyadic::simplest_between(l.iter().max(), r.iter().min()))
                }
                ValueFn::Mex => {
                    let nims = some!(self.nimbers_of(b, some!(sets.first()))?);
                    Dyadic::integer(BigInt::from(mex(nims.iter()).value().clone()))
                }
                ValueFn::NimAdd => {
                    let x = some!(nat(&some!(self.value(some!(vals.first()), b)?)));
                    let y = some!(nat(&some!(self.value(some!(vals.get(1)), b)?)));
                    Dyadic::integer(BigInt::from(x.nim_add(&y).value().clone()))
                }
                ValueFn::Ulp => {
                    let x = some!(self.value(some!(vals.first()), b)?);
                    Dyadic::from(1).mul_pow2(-some!(i64::try_from(x.denominator_exp()).ok()))
                }
                ValueFn::Mid => {
                    let x = some!(self.value(some!(vals.first()), b)?);
                    let y = some!(self.value(some!(vals.get(1)), b)?);
                    (&x + &y).half()
                }
                ValueFn::Count => Dyadic::from(some!(i64::try_from(
                    some!(b.set(some!(sets.first()))).len()
                )
                .ok())),
                ValueFn::NumVal => {
                    let g = some!(b.game(some!(sets.first())));
                    some!(self.number(g)?)
                }
                ValueFn::NimVal => {
                    let g = some!(b.game(some!(sets.first())));
                    let n = some!(self.nimber(g)?);
                    Dyadic::integer(BigInt::from(n.value().clone()))
                }
            },
        }))
    }

    // ---- building ----

    /// Builds a template as a term; `elem` is the member a map's set variable stands for.
    /// `None` when a part is not defined here (a value that is not a number, say).
    pub fn build(&mut self, t: &Template, b: &Binds, elem: Option<(&str, &Term)>) -> Got<Term> {
        Ok(Some(match t {
            Template::Var(v) => {
                if let Some((name, m)) = elem {
                    if name == v {
                        return Ok(Some(m.clone()));
                    }
                }
                if let Some(g) = b.game(v) {
                    return Ok(Some(g.clone()));
                }
                Term::number(some!(b.value(v)).clone())
            }
            Template::Game(l, r) => Term::game(some!(self.items(l, b)?), some!(self.items(r, b)?)),
            Template::Sum(x, y) => Term::sum(
                some!(self.build(x, b, elem)?),
                some!(self.build(y, b, elem)?),
            ),
            Template::Neg(x) => Term::neg(some!(self.build(x, b, elem)?)),
            Template::Leaf(leaf) => some!(self.leaf_term(leaf, b)?),
            Template::Value(v) => Term::number(some!(self.value(v, b)?)),
            Template::Call(..) => return Ok(None),
        }))
    }

    /// [`TermRules::build`] of a condition's side: a variable's game is read where the match
    /// holds it, not copied (the dominated options' `a <= b`, on every such step).
    fn build_borrowing<'b>(&mut self, t: &Template, b: &'b Binds) -> Got<Cow<'b, Term>> {
        if let Template::Var(v) = t {
            if let Some(g) = b.game(v) {
                return Ok(Some(Cow::Borrowed(g)));
            }
        }
        Ok(self.build(t, b, None)?.map(Cow::Owned))
    }

    fn items(&mut self, items: &[TemplateItem], b: &Binds) -> Got<Vec<Term>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(some!(self.build(t, b, None)?)),
                TemplateItem::Splice(s) => out.extend_from_slice(some!(b.set(s))),
                TemplateItem::Map { over, body } => {
                    let members = some!(b.set(over));
                    out.reserve(members.len());
                    for m in members {
                        out.push(some!(self.build(body, b, Some((over, m)))?));
                    }
                }
                TemplateItem::Nims(n) => {
                    let n = some!(some!(self.value(n, b)?)
                        .to_integer()
                        .and_then(|n| n.to_u64()));
                    if n > MAX_OPEN {
                        return Ok(None);
                    }
                    out.extend((0..n).map(|i| Term::nimber(Nimber::from(i))));
                }
                TemplateItem::Cuts { left, row } => out.extend(cuts(some!(b.row(row)), *left)),
            }
        }
        Ok(Some(out))
    }

    fn leaf_term(&mut self, leaf: &LeafTemplate, b: &Binds) -> Got<Term> {
        // The parts a template sets; the others are zero.
        let (x, u, n) = match leaf {
            LeafTemplate::Num(x) | LeafTemplate::Int(x) => (Some(x), None, None),
            LeafTemplate::Nim(n) => (None, None, Some(n)),
            LeafTemplate::Up(u) => (None, Some(u), None),
            LeafTemplate::Nus(x, u, n) => (Some(x), Some(u), Some(n)),
        };
        let mut part = |e: Option<&ValueExpr>| match e {
            Some(e) => self.value(e, b),
            None => Ok(Some(Dyadic::zero())),
        };
        let number = some!(part(x)?);
        let up = some!(part(u)?);
        let nim = some!(part(n)?);
        if matches!(leaf, LeafTemplate::Int(_)) && !number.is_integer() {
            return Ok(None);
        }
        Ok(Some(Term::Nus {
            number,
            up: some!(up.to_integer()).clone(),
            nim: some!(nat(&nim)),
        }))
    }
}

/// Normal play's places for the shared interpreter: terms, a shared entry looked into as a
/// pattern needs, a closed form below the top opened by the rule set's definitions.
impl Host for TermRules<'_> {
    type Place = Term;
    type View = Term;

    fn sides(v: &Term) -> (&[Term], &[Term]) {
        match v {
            Term::Game { left, right } => (left, right),
            _ => (&[], &[]),
        }
    }

    fn as_view(t: &Term) -> Option<&Term> {
        // `games` gives a game term itself, at the top or below it.
        matches!(t, Term::Game { .. }).then_some(t)
    }

    fn look(&mut self, t: &Term) -> Look<Term> {
        match t {
            Term::Ref(_) => self.terms.unfold(t).map_or(Look::Gone, Look::As),
            _ => Look::Same,
        }
    }

    fn games(&mut self, t: &Term, top: bool) -> Vec<Term> {
        if top || matches!(t, Term::Game { .. }) {
            return match t {
                Term::Game { .. } => vec![t.clone()],
                _ => Vec::new(),
            };
        }
        self.open(t).into_iter().collect()
    }

    fn bound(&mut self, inner: &Pattern, t: &Term, top: bool) -> Vec<Term> {
        self.views(inner, t, top)
    }

    fn binds_itself(&mut self, inner: &Pattern, t: &Term, top: bool) -> bool {
        Self::seen_as_written(inner, t, top)
    }

    fn other(&mut self, p: &Pattern, t: &Term, b: &Binds, out: &mut Vec<Binds>, d: usize) {
        self.other_from(p, t, Cow::Borrowed(b), out, d);
    }

    fn other_from(
        &mut self,
        p: &Pattern,
        t: &Term,
        b: Cow<'_, Binds>,
        out: &mut Vec<Binds>,
        d: usize,
    ) {
        match p {
            Pattern::Sum(pa, pb) => {
                let Term::Sum(a, c) = t else { return };
                let mut mid = Vec::new();
                pattern::matches_from(self, pa, a, false, b, &mut mid, d + 1);
                for b2 in mid {
                    pattern::matches_owned(self, pb, c, false, b2, out, d + 1);
                }
            }
            Pattern::Neg(pa) => {
                if let Term::Neg(a) = t {
                    pattern::matches_from(self, pa, a, false, b, out, d + 1);
                }
            }
            Pattern::PlusMinus(s) => {
                if let Term::PlusMinus(xs) = t {
                    let mut b2 = pattern::extended(b);
                    b2.sets.push((Name::from(s.as_str()), xs.clone()));
                    out.push(b2);
                }
            }
            Pattern::Leaf(lp) => {
                if let Some(b2) = leaf(lp, t, b) {
                    out.push(b2);
                }
            }
            // Loopy play's `A & B`, `onside(G)`: checked by `proof::loopy`, never here.
            Pattern::Var(_) | Pattern::Bind(..) | Pattern::Game(..) | Pattern::Call(..) => {}
        }
    }

    fn same(&mut self, a: &Term, b: &Term) -> bool {
        TermRules::same(self, a, b)
    }

    fn equal(&mut self, a: &Term, b: &Term) -> Result<bool, Undecided> {
        TermRules::equal(self, a, b)
    }

    fn same_set(&mut self, a: &[Term], b: &[Term]) -> bool {
        // A witness set is most often written exactly as the match bound it (`[#12, #40]`):
        // equal lists are the same set without building and comparing two games.
        if a == b {
            return true;
        }
        let g = Term::game(a.to_vec(), vec![]);
        let h = Term::game(b.to_vec(), vec![]);
        TermRules::same(self, &g, &h)
    }

    fn limit(&mut self) -> &mut Option<String> {
        &mut self.limit
    }

    fn decide(&mut self, c: &Condition, b: &Binds, kinds: &Kinds) -> Got<bool> {
        self.condition(c, b, kinds)
    }

    fn make(&mut self, t: &Template, b: &Binds) -> Got<Term> {
        self.build(t, b, None)
    }

    fn show(&mut self, p: &Term) -> String {
        show(p)
    }
}

/// Whether [`TermRules::build`] of `t` under `b` (`elem` the member a map's set variable
/// stands for) gives a term [`TermTable::alike`] `dst`, so the same as it ([`TermRules::same`]):
/// the step's result followed down the rule's template, without building it. A sum's
/// definition built each option with a copy of a summand, to compare it and drop it: a
/// sixth of the matcher's work. `false` says only "not found so": a template part this does
/// not follow (a value, a leaf, `..nims`, cuts) is left to building and comparing. The
/// table must hold no cycle.
fn builds_as(
    table: &TermTable,
    t: &Template,
    b: &Binds,
    elem: Option<(&str, &Term)>,
    dst: &Term,
) -> bool {
    if let Template::Var(v) = t {
        // As `build` reads a variable: the map's member, else the bound game.
        let got = match elem {
            Some((name, m)) if name == v => Some(m),
            _ => b.game(v),
        };
        return got.is_some_and(|g| table.alike(g, dst));
    }
    // The built node is the template's: `dst`'s is read through its references.
    let mut dst = dst;
    while let Term::Ref(n) = dst {
        match table.view(*n) {
            Some(v) => dst = v,
            None => return false,
        }
    }
    match (t, dst) {
        (Template::Game(l, r), Term::Game { left, right }) => {
            items_as(table, l, b, left) && items_as(table, r, b, right)
        }
        (Template::Sum(x, y), Term::Sum(p, q)) => {
            builds_as(table, x, b, elem, p) && builds_as(table, y, b, elem, q)
        }
        (Template::Neg(x), Term::Neg(p)) => builds_as(table, x, b, elem, p),
        _ => false,
    }
}

/// Whether [`TermRules::items`] of `items` under `b` gives, in order, options each
/// [`TermTable::alike`] the one of `dst` in its place, and as many (see [`builds_as`]).
fn items_as(table: &TermTable, items: &[TemplateItem], b: &Binds, dst: &[Term]) -> bool {
    let mut rest = dst.iter();
    for item in items {
        let ok = match item {
            TemplateItem::One(t) => rest.next().is_some_and(|d| builds_as(table, t, b, None, d)),
            TemplateItem::Splice(s) => b.set(s).is_some_and(|ms| {
                ms.iter()
                    .all(|m| rest.next().is_some_and(|d| table.alike(m, d)))
            }),
            TemplateItem::Map { over, body } => b.set(over).is_some_and(|ms| {
                ms.iter().all(|m| {
                    rest.next()
                        .is_some_and(|d| builds_as(table, body, b, Some((over, m)), d))
                })
            }),
            TemplateItem::Nims(_) | TemplateItem::Cuts { .. } => false,
        };
        if !ok {
            return false;
        }
    }
    rest.next().is_none()
}

fn nat(x: &Dyadic) -> Option<Nimber> {
    Some(Nimber::new(x.to_integer()?.to_biguint()?))
}

/// Whether `rel` holds of two games of which `ab` says whether the first is ≤ the second and
/// `ba` the converse: every relation is read off the two inequalities of the definition.
pub fn holds_by_le(rel: Rel, ab: bool, ba: bool) -> bool {
    match rel {
        Rel::Le => ab,
        Rel::Ge => ba,
        Rel::Lt => ab && !ba,
        Rel::Gt => ba && !ab,
        Rel::Eq => ab && ba,
        Rel::Ne => !(ab && ba),
        Rel::Fuzzy => !ab && !ba,
        Rel::LessOrFuzzy => !ba,
        Rel::GreaterOrFuzzy => !ab,
    }
}

/// Whether `rel` holds of two games, deciding only the inequalities it needs: `le(false)`
/// decides whether the first is ≤ the second, `le(true)` the converse. `a <= b` (the dominated
/// options' condition) needs one comparison, not two; a relation that needs both stops after
/// the first when that settles it. The answer is [`holds_by_le`]'s.
pub fn holds_deciding<E>(rel: Rel, mut le: impl FnMut(bool) -> Result<bool, E>) -> Result<bool, E> {
    let ab = match rel {
        Rel::Ge | Rel::LessOrFuzzy => None,
        _ => Some(le(false)?),
    };
    let settled = match (rel, ab) {
        (Rel::Le, Some(ab)) => Some(ab),
        (Rel::GreaterOrFuzzy, Some(ab)) => Some(!ab),
        (Rel::Lt | Rel::Eq, Some(false)) => Some(false),
        (Rel::Ne, Some(false)) => Some(true),
        (Rel::Gt | Rel::Fuzzy, Some(true)) => Some(false),
        _ => None,
    };
    if let Some(v) = settled {
        return Ok(v);
    }
    let ba = le(true)?;
    // `ab` is needed only by the relations that asked for it; the others ignore it.
    Ok(holds_by_le(rel, ab.unwrap_or(false), ba))
}

/// A part of a closed form: its number, its multiple of up, its nimber.
#[derive(Clone, Copy)]
enum Part {
    Number,
    Up,
    Nim,
}

/// Matches a leaf pattern against a closed-form term (an empty Hackenstring row is 0).
///
/// A part is made a value only where the pattern binds or compares it; the others are only
/// asked whether they are zero (each part made a value, and two lists of them, on every
/// match of a closed form were most of this).
///
/// `b` is extended in place when the caller is done with it (a sum's second summand).
fn leaf(lp: &LeafPattern, t: &Term, b: Cow<'_, Binds>) -> Option<Binds> {
    if let (LeafPattern::Hack(r), Term::Hackenstring(row)) = (lp, t) {
        if !row.is_empty() {
            let mut b2 = pattern::extended(b);
            b2.rows.push((Name::from(r.as_str()), row.clone()));
            return Some(b2);
        }
    }
    // The three parts of the closed form; `None`, the empty row, is 0 in each.
    let parts = match t {
        Term::Nus { number, up, nim } => Some((number, up, nim)),
        Term::Hackenstring(r) if r.is_empty() => None,
        _ => return None,
    };
    let is_zero = |p: Part| {
        parts.is_none_or(|(x, u, n)| match p {
            Part::Number => x.is_zero(),
            Part::Up => u.is_zero(),
            Part::Nim => n.is_zero(),
        })
    };
    let value = |p: Part| match (parts, p) {
        (None, _) => Dyadic::zero(),
        (Some((x, _, _)), Part::Number) => x.clone(),
        (Some((_, u, _)), Part::Up) => Dyadic::integer(u.clone()),
        (Some((_, _, n)), Part::Nim) => Dyadic::integer(BigInt::from(n.value().clone())),
    };
    let integer = parts.is_none_or(|(x, _, _)| x.is_integer());
    // Each pattern: which parts must be zero, and which argument takes which part.
    let (zero, args): (&[Part], &[(&ValueArg, Part)]) = match lp {
        LeafPattern::Num(a) => (&[Part::Up, Part::Nim], &[(a, Part::Number)]),
        LeafPattern::Int(a) if integer => (&[Part::Up, Part::Nim], &[(a, Part::Number)]),
        LeafPattern::Nim(a) => (&[Part::Number, Part::Up], &[(a, Part::Nim)]),
        LeafPattern::Up(a) => (&[Part::Number, Part::Nim], &[(a, Part::Up)]),
        LeafPattern::Nus(p, q, r) => (&[], &[(p, Part::Number), (q, Part::Up), (r, Part::Nim)]),
        LeafPattern::Int(_) | LeafPattern::Hack(_) => return None,
    };
    if zero.iter().any(|&z| !is_zero(z)) {
        return None;
    }
    let mut b2 = pattern::extended(b);
    for &(a, p) in args {
        let ok = match a {
            ValueArg::Any => true,
            ValueArg::Lit(l) => *l == value(p),
            ValueArg::Var(name) => match b2.value(name) {
                Some(v) => *v == value(p),
                None => {
                    b2.values.push((Name::from(name.as_str()), value(p)));
                    true
                }
            },
        };
        if !ok {
            return None;
        }
    }
    Some(b2)
}

/// The rows a player can leave by one move in a Hackenstring row; the empty row is 0.
fn cuts(row: &[Pebble], left: bool) -> Vec<Term> {
    row.iter()
        .enumerate()
        .filter(|(_, p)| **p == Pebble::Neutral || (**p == Pebble::Left) == left)
        .map(|(i, _)| {
            if i == 0 {
                Term::zero()
            } else {
                Term::Hackenstring(row[..i].to_vec())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Term {
        crate::syntax::parse(s).expect("test input parses")
    }

    fn w(games: &[(&str, &str)]) -> Witnesses {
        Witnesses {
            games: games.iter().map(|(n, x)| (Name::from(*n), t(x))).collect(),
            ..Witnesses::default()
        }
    }

    #[test]
    fn a_true_step_is_accepted_with_its_witnesses() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let mut i = TermRules::new(&rules);
        let b = i
            .rewrites(rule, &t("{0, 1 | 3}"), &t("{1 | 3}"), &w(&[("a", "0")]))
            .unwrap();
        assert_eq!(b.game("b"), Some(&t("1")));
    }

    #[test]
    fn a_wrong_result_a_wrong_witness_and_a_false_condition_are_told_apart() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let mut i = TermRules::new(&rules);
        let none = Witnesses::default();
        // Deleting the better option is not what the rule yields.
        let r = i.rewrites(rule, &t("{0, 1 | 3}"), &t("{0 | 3}"), &w(&[("a", "0")]));
        assert!(matches!(r, Err(Failure::Result(_))), "{r:?}");
        // A witness the rule does not bind here.
        let r = i.rewrites(rule, &t("{0, 1 | 3}"), &t("{1 | 3}"), &w(&[("a", "2")]));
        assert!(matches!(r, Err(Failure::Witness(_))), "{r:?}");
        // Incomparable options: the condition fails.
        let r = i.rewrites(rule, &t("{0, * | 3}"), &t("{* | 3}"), &none);
        assert!(matches!(r, Err(Failure::Condition(_))), "{r:?}");
        // A game pattern on a sum: no match at all.
        let r = i.rewrites(rule, &t("1 + 2"), &t("3"), &none);
        assert_eq!(r, Err(Failure::NoMatch));
    }

    #[test]
    fn closed_options_are_opened_by_the_rule_sets_definitions() {
        let rules = RuleSet::builtin();
        let mut i = TermRules::new(&rules);
        assert_eq!(i.open(&t("^")), Some(t("{0|*}")));
        assert_eq!(i.open(&t("*2")), Some(t("{0, *|0, *}")));
        // Not a closed form: nothing to open.
        assert_eq!(i.open(&t("{0|}")), None);
    }

    /// Deciding only the inequalities a relation needs gives the answer deciding both gives,
    /// for every relation and every pair of answers; `<=` and `>=` ask one question each.
    #[test]
    fn a_relation_decided_lazily_agrees_with_both_inequalities() {
        let rels = [
            Rel::Le,
            Rel::Lt,
            Rel::Ge,
            Rel::Gt,
            Rel::Eq,
            Rel::Ne,
            Rel::Fuzzy,
            Rel::LessOrFuzzy,
            Rel::GreaterOrFuzzy,
        ];
        for rel in rels {
            for (ab, ba) in [(false, false), (false, true), (true, false), (true, true)] {
                let mut asked = Vec::new();
                let lazy = holds_deciding::<()>(rel, |converse| {
                    asked.push(converse);
                    Ok(if converse { ba } else { ab })
                });
                assert_eq!(lazy, Ok(holds_by_le(rel, ab, ba)), "{rel:?} {ab} {ba}");
                assert!(!asked.is_empty() && asked.len() <= 2, "{rel:?}: {asked:?}");
                // Each question once, the first inequality before its converse.
                assert!(asked.windows(2).all(|w| w == [false, true]), "{asked:?}");
            }
        }
        let asks = |rel: Rel| {
            let mut asked = Vec::new();
            let _ = holds_deciding::<()>(rel, |c| {
                asked.push(c);
                Ok(true)
            });
            asked
        };
        assert_eq!(asks(Rel::Le), vec![false]);
        assert_eq!(asks(Rel::Ge), vec![true]);
        // A limit on the first question is the answer: no second question is asked.
        let mut n = 0;
        let r = holds_deciding(Rel::Eq, |_| {
            n += 1;
            Err("limit")
        });
        assert_eq!((r, n), (Err("limit"), 1));
    }

    /// A binding whose inside binds no game is matched in place and bound after it: each
    /// list of the match in the order the pattern binds it (the summand before the leaf's
    /// value, a summand's sets after the summand's own binding is listed first).
    #[test]
    fn a_binding_matched_in_place_binds_as_it_is_written() {
        let rules = RuleSet::builtin();
        let mut i = TermRules::new(&rules);
        let sum = rules.get("sum-definition").unwrap();
        let ms = i.matches(sum, &t("{1|-1} + {2|-2}"));
        assert_eq!(ms.len(), 1);
        let names = |xs: &[(Name, Term)]| xs.iter().map(|(n, _)| n.to_string()).collect::<Vec<_>>();
        assert_eq!(names(&ms[0].games), ["A", "B"]);
        assert_eq!(ms[0].game("A"), Some(&t("{1|-1}")));
        assert_eq!(ms[0].game("B"), Some(&t("{2|-2}")));
        let sets: Vec<_> = ms[0]
            .sets
            .iter()
            .map(|(n, x)| (n.to_string(), x.clone()))
            .collect();
        let want = [("AL", "1"), ("AR", "-1"), ("BL", "2"), ("BR", "-2")];
        let want: Vec<_> = want
            .iter()
            .map(|(n, x)| (n.to_string(), vec![t(x)]))
            .collect();
        assert_eq!(sets, want);
        let avoid = rules.get("number-avoidance-right").unwrap();
        let ms = i.matches(avoid, &t("{1|-1} + 2"));
        assert_eq!(ms.len(), 1);
        assert_eq!(names(&ms[0].games), ["G", "X"]);
        assert_eq!(ms[0].game("X"), Some(&t("2")));
        assert_eq!(ms[0].value("x"), Some(&Dyadic::from(2)));
        // A leaf that is no number: no match, nothing bound.
        assert!(i.matches(avoid, &t("{1|-1} + *")).is_empty());
        // An inside that binds games (reversible options) is bound before it, as ever.
        let rev = rules.get("reversible-left").unwrap();
        let ms = i.matches(rev, &t("{{0|{1|}}|2}"));
        assert_eq!(ms.len(), 1);
        assert_eq!(names(&ms[0].games), ["G", "A", "B"]);
    }

    /// The pairs of a few proofs' steps: each rule step's subterm and result, and its match.
    fn instances() -> Vec<(crate::proof::Proof, String, Term, Term)> {
        let engine = crate::engine::Engine::new(RuleSet::builtin());
        let mut out = Vec::new();
        for src in [
            "{1|-1} + {2|-2} + {3|-3} + {4|-4}",
            "{0,1,2|3} + {1|-1} + 1/2",
            "^ + *3 + {2|1} + {0||0|-3}",
            "{0,^,*|0,v,*} + {1|*} + {*2|*3}",
        ] {
            let p = crate::proof::simplify(&t(src), &engine).unwrap().proof;
            let steps: Vec<_> = p
                .lemmas
                .iter()
                .flat_map(|l| &l.steps)
                .chain(&p.steps)
                .cloned()
                .collect();
            for s in steps
                .iter()
                .filter(|s| s.lemma.is_none() && s.parts.is_empty())
            {
                let (Some(a), Some(z)) = (s.before(), s.after()) else {
                    continue;
                };
                let (a, z) = if s.reversed { (z, a) } else { (a, z) };
                out.push((p.clone(), s.rule.to_string(), a.clone(), z.clone()));
            }
        }
        out
    }

    /// The quick look at a result ([`builds_as`]) and the quick comparison ([`TermTable::alike`])
    /// say yes only where building the result and the table's comparison do, on every match
    /// of every rule step of a few proofs, against the step's result, the result built, and
    /// results altered (options swapped, one replaced, one dropped); and the quick look finds
    /// most steps' results.
    #[test]
    fn the_quick_look_at_a_result_agrees_with_building_it() {
        let rules = RuleSet::builtin();
        let (mut found, mut steps) = (0, 0);
        for (p, name, src, dst) in instances() {
            let rule = rules.get(&name).unwrap();
            let mut i = TermRules::with_table(&rules, p.terms.clone());
            let mut cands = vec![dst.clone()];
            if let Term::Game { left, right } = &dst {
                let mut l = left.clone();
                l.reverse();
                cands.push(Term::game(l, right.clone()));
                if let Some((_, rest)) = left.split_first() {
                    cands.push(Term::game(rest.to_vec(), right.clone()));
                    let mut l = left.clone();
                    l[0] = t("17");
                    cands.push(Term::game(l, right.clone()));
                }
            }
            steps += 1;
            let mut step_found = false;
            for b in i.matches(rule, &src) {
                let Ok(Some(built)) = i.build(&rule.result, &b, None) else {
                    assert!(cands
                        .iter()
                        .all(|c| !builds_as(&i.terms, &rule.result, &b, None, c)));
                    continue;
                };
                for c in cands.iter().chain([&built]) {
                    let same = i.terms.same(&built, c);
                    if builds_as(&i.terms, &rule.result, &b, None, c) {
                        assert!(same, "{name}: {built} and {c}");
                        step_found |= c == &dst;
                    }
                    if i.terms.alike(&built, c) {
                        assert!(same, "{name}: {built} and {c}");
                    }
                }
            }
            found += usize::from(step_found);
        }
        assert!(steps > 50 && found * 2 > steps, "{found} of {steps}");
    }

    /// Picked options matched match by match ([`pattern::rewrites_picking`]) give what every
    /// match listed first gives, the match taken or the refusal in the same words: on every
    /// step of the rules that pick options (dominated options, the gift horse, a duplicate)
    /// of a few proofs and of small games, with the step's witnesses, none, and witnesses
    /// swapped, replaced or naming another variable; and on results altered.
    #[test]
    fn options_picked_match_by_match_are_judged_as_all_matches_listed() {
        let rules = RuleSet::builtin();
        let mut cases: Vec<(TermTable, String, Term, Term, Witnesses)> = Vec::new();
        for (p, name, src, dst) in instances() {
            if name.starts_with("dominated") {
                cases.push((p.terms.clone(), name, src, dst, Witnesses::default()));
            }
        }
        for (src, dst) in [
            ("{0, 1, 2 | 5}", "{1, 2 | 5}"),
            ("{0, 1, 2 | 5}", "{0, 2 | 5}"),
            ("{0, *, ^ | 1, 2}", "{^ | 1, 2}"),
            ("{1 | 2, 3, 4}", "{1 | 2, 3}"),
            ("{1 | 2, 3, 4}", "{1 | 2, 4}"),
            ("{0, 0, 1 | }", "{0, 1 | }"),
            ("{* | 0, 1}", "{* | 1}"),
            ("{0 | }", "{ | }"),
            ("{ | }", "{ | }"),
            ("1 + 2", "3"),
        ] {
            for rule in ["dominated-left", "dominated-right", "options-are-sets-left"] {
                cases.push((
                    TermTable::new(),
                    rule.to_string(),
                    t(src),
                    t(dst),
                    Witnesses::default(),
                ));
            }
            for rule in ["gift-horse-left", "gift-horse-right"] {
                cases.push((
                    TermTable::new(),
                    rule.to_string(),
                    t(dst),
                    t(src),
                    Witnesses::default(),
                ));
                cases.push((
                    TermTable::new(),
                    rule.to_string(),
                    t(src),
                    t(dst),
                    Witnesses::default(),
                ));
            }
        }
        let mut compared = 0;
        for (table, name, src, dst, _) in cases {
            let rule = rules.get(&name).unwrap();
            let mut found = TermRules::with_table(&rules, table.clone());
            let mut witness_sets = vec![Witnesses::default()];
            if let Ok(b) = found.rewrites_by(rule, &src, &dst, &Witnesses::default(), false) {
                let mut swapped = b.clone();
                swapped.games.reverse();
                let mut named = b.clone();
                if let Some(g) = named.games.first_mut() {
                    g.0 = Name::from("z");
                }
                let mut other = b.clone();
                if let Some(g) = other.games.first_mut() {
                    g.1 = t("17");
                }
                witness_sets.extend([b, swapped, named, other]);
            }
            let mut dsts = vec![dst.clone()];
            if let Term::Game { left, right } = &dst {
                dsts.push(Term::game(right.clone(), left.clone()));
            }
            for w in &witness_sets {
                for d in &dsts {
                    let mut listing = TermRules::with_table(&rules, table.clone());
                    let mut picking = TermRules::with_table(&rules, table.clone());
                    assert_eq!(
                        picking.rewrites_by(rule, &src, d, w, true),
                        listing.rewrites_by(rule, &src, d, w, false),
                        "{name}: {src} to {d}, {w:?}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 200, "{compared}");
    }

    /// A step on closed forms taken once is taken again from memory, and only the same step:
    /// another result, other values recorded, another rule or a term with a game in it is
    /// judged, and refused in the words matching gives.
    #[test]
    fn a_step_on_closed_forms_taken_before_is_taken_again_and_no_other() {
        let rules = RuleSet::builtin();
        let sum = rules.get("number-up-star-sum").unwrap();
        let mut i = TermRules::new(&rules);
        let none = Witnesses::default();
        let remembered = |i: &TermRules| i.taken.values().map(Vec::len).sum::<usize>();
        for _ in 0..3 {
            assert_eq!(i.rewrites_again(sum, &t("1 + 2"), &t("3"), &none), Ok(()));
        }
        assert_eq!(remembered(&i), 1);
        let wrong = Witnesses {
            values: vec![(Name::from("a"), Dyadic::from(2))],
            ..Witnesses::default()
        };
        let cases = [
            (sum, "1 + 2", "4", &none),
            (sum, "2 + 1", "4", &none),
            (sum, "1 + 2", "3", &wrong),
            (sum, "1 + 2", "-3", &none),
            (rules.get("zero-sum-left").unwrap(), "1 + 2", "3", &none),
            (sum, "{|} + 2", "2", &none),
        ];
        for (rule, src, dst, w) in cases {
            let want = i.rewrites(rule, &t(src), &t(dst), w).map(drop);
            assert!(want.is_err(), "{src} to {dst}");
            assert_eq!(i.rewrites_again(rule, &t(src), &t(dst), w), want);
        }
        assert_eq!(remembered(&i), 1);
        // The values it records are part of the step.
        let mut values = i.rewrites(sum, &t("1 + 2"), &t("3"), &none).unwrap();
        values.games.clear();
        assert_eq!(i.rewrites_again(sum, &t("1 + 2"), &t("3"), &values), Ok(()));
        assert_eq!(remembered(&i), 2);
    }

    #[test]
    fn every_match_is_enumerated_in_order() {
        let rules = RuleSet::builtin();
        let rule = rules.get("dominated-left").unwrap();
        let mut i = TermRules::new(&rules);
        // Ordered pairs of distinct Left options: 3 · 2.
        assert_eq!(i.matches(rule, &t("{0, 1, 2 | }")).len(), 6);
    }
}
