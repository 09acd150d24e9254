//! Side conditions, value expressions and the values of templates under a match.
//!
//! A condition is decided by the kernel on the bound games' values. Something that has no
//! value here (a set that is not all numbers, a nimber too large to list) makes the condition
//! false: the rule does not apply. A limit reached on the way is a [`Stop`], passed on.

use super::leaf::{cuts, nat, nims, Leaf, MAX_OPEN};
use super::{settle, BindsOf, Defined, Fail, Host, Stop};
use crate::kernel::{GameId, Kernel, Relation};
use crate::number::{mex, Dyadic, Nimber};
use crate::rules::check::{as_value_expr, is_value_template, VarKind};
use crate::rules::*;
use crate::term::Term;
use num_bigint::BigInt;
use std::collections::BTreeMap;

type R<T> = Result<T, Fail>;

/// What a rule's conditions mean in one play: `<=`, `=`, `P(X)`, `H in every option of G`
/// decided on the games a match bound. One implementation per play ([`NormalPlay`] here, by
/// the kernel; misère play's in `eval::misere`); the evaluator asks its host's
/// ([`Host::decider`]) and knows no play itself. A condition a play gives no meaning to is
/// false there (the rule does not apply); a limit reached is a [`Stop`], never an answer.
pub trait Decider<H: Host> {
    /// Whether `c` holds under the match `b`.
    fn condition(
        &self,
        host: &H,
        c: &Condition,
        b: &BindsOf<H>,
        kinds: &BTreeMap<String, VarKind>,
    ) -> Result<bool, Stop>;
}

/// Normal play: conditions decided by the kernel on the bound games' canonical forms.
#[derive(Clone, Copy, Debug, Default)]
pub struct NormalPlay;

impl<H: Host> Decider<H> for NormalPlay {
    fn condition(
        &self,
        host: &H,
        c: &Condition,
        b: &BindsOf<H>,
        kinds: &BTreeMap<String, VarKind>,
    ) -> Result<bool, Stop> {
        let mut k = host.kernel();
        condition(host, &mut k, c, b, kinds)
    }
}

/// Whether every side condition of `rule` holds under `b`, each decided by the host's play.
pub fn conditions<H: Host>(
    host: &H,
    rule: &Rule,
    b: &BindsOf<H>,
    kinds: &BTreeMap<String, VarKind>,
) -> Result<bool, Stop> {
    let d = host.decider();
    for c in &rule.conditions {
        if !d.condition(host, c, b, kinds)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Decides one condition; a limit reached is an error, never an answer.
pub fn condition<H: Host>(
    host: &H,
    k: &mut Kernel,
    c: &Condition,
    b: &BindsOf<H>,
    kinds: &BTreeMap<String, VarKind>,
) -> Result<bool, Stop> {
    let ev = Eval { host, b };
    Ok(settle(ev.condition(k, c, kinds))?.unwrap_or(false))
}

/// Whether `rel` holds of two games related by `r`.
pub fn relation_holds(rel: Rel, r: Relation) -> bool {
    use Relation::*;
    match rel {
        Rel::Le => matches!(r, Less | Equal),
        Rel::Lt => r == Less,
        Rel::Ge => matches!(r, Greater | Equal),
        Rel::Gt => r == Greater,
        Rel::Eq => r == Equal,
        Rel::Ne => r != Equal,
        Rel::Fuzzy => r == Fuzzy,
        Rel::LessOrFuzzy => matches!(r, Less | Fuzzy),
        Rel::GreaterOrFuzzy => matches!(r, Greater | Fuzzy),
    }
}

/// Whether `rel` holds between two numbers.
pub fn number_relation_holds(rel: Rel, a: &Dyadic, b: &Dyadic) -> bool {
    let r = match a.cmp(b) {
        std::cmp::Ordering::Less => Relation::Less,
        std::cmp::Ordering::Equal => Relation::Equal,
        std::cmp::Ordering::Greater => Relation::Greater,
    };
    relation_holds(rel, r)
}

/// Evaluation under one match.
pub(super) struct Eval<'a, H: Host> {
    pub(super) host: &'a H,
    pub(super) b: &'a BindsOf<H>,
}

impl<H: Host> Eval<'_, H> {
    fn condition(
        &self,
        k: &mut Kernel,
        c: &Condition,
        kinds: &BTreeMap<String, VarKind>,
    ) -> R<bool> {
        match c {
            Condition::Compare(a, rel, b) => {
                if is_value_template(a, kinds) {
                    let x = self.value(k, &as_value_expr(a).defined()?)?;
                    let y = self.value(k, &as_value_expr(b).defined()?)?;
                    Ok(number_relation_holds(*rel, &x, &y))
                } else {
                    let x = self.template(k, a, None)?;
                    let y = self.template(k, b, None)?;
                    Ok(relation_holds(*rel, k.compare(x, y)?))
                }
            }
            Condition::Pred {
                negated,
                pred,
                args,
            } => Ok(self.predicate(k, *pred, args)? != *negated),
            // Misère play's reversal: normal play gives it no meaning here.
            Condition::InEvery { .. } => Err(Fail::Undefined),
        }
    }

    fn game_value(&self, k: &mut Kernel, name: &str) -> R<GameId> {
        let g = self.b.game(name).defined()?;
        self.host.value(k, &g.id)?.defined()
    }

    /// The value of each member of a bound set.
    fn set_values(&self, k: &mut Kernel, name: &str) -> R<Vec<GameId>> {
        let members = self.b.set(name).defined()?;
        let mut out = Vec::with_capacity(members.len());
        for m in members {
            out.push(self.host.value(k, m)?.defined()?);
        }
        Ok(out)
    }

    /// The members of a set as numbers; `None` when one is not a number.
    fn numbers_of(&self, k: &mut Kernel, name: &str) -> R<Option<Vec<Dyadic>>> {
        let vs = self.set_values(k, name)?;
        Ok(vs.into_iter().map(|g| k.as_number(g)).collect())
    }

    /// The members of a set as nimbers; `None` when one is not a nimber.
    fn nimbers_of(&self, k: &mut Kernel, name: &str) -> R<Option<Vec<Nimber>>> {
        let vs = self.set_values(k, name)?;
        Ok(vs.into_iter().map(|g| k.as_nimber(g)).collect())
    }

    fn predicate(&self, k: &mut Kernel, pred: Predicate, args: &[String]) -> R<bool> {
        let a0 = args.first().defined()?;
        let a1 = || args.get(1).defined();
        Ok(match pred {
            Predicate::Number => {
                let g = self.game_value(k, a0)?;
                k.as_number(g).is_some()
            }
            Predicate::Nimber => {
                let g = self.game_value(k, a0)?;
                k.as_nimber(g).is_some()
            }
            Predicate::Numbers => self.numbers_of(k, a0)?.is_some(),
            Predicate::Nimbers => self.nimbers_of(k, a0)?.is_some(),
            Predicate::Same => {
                let mut x = self.set_values(k, a0)?;
                let mut y = self.set_values(k, a1()?)?;
                x.sort();
                x.dedup();
                y.sort();
                y.dedup();
                x == y
            }
            Predicate::Integer => self.b.value(a0).defined()?.is_integer(),
            Predicate::Fits => {
                let (Some(l), Some(r)) = (self.numbers_of(k, a0)?, self.numbers_of(k, a1()?)?)
                else {
                    return Ok(false);
                };
                Dyadic::simplest_between(l.iter().max(), r.iter().min()).is_some()
            }
            Predicate::Adjacent => {
                let x = self.b.value(a0).defined()?;
                let y = self.b.value(a1()?).defined()?;
                let e = x.denominator_exp().max(y.denominator_exp());
                let step = Dyadic::from(1).mul_pow2(-(i64::try_from(e).ok().defined()?));
                (y - x) == step
            }
            // By value: a member equal to *k counts as *k, which is what the theorem needs
            // (options may be replaced by equal games).
            Predicate::InitialNimbers => {
                let Some(nims) = self.nimbers_of(k, a0)? else {
                    return Ok(false);
                };
                let mut ks: Vec<BigInt> = nims
                    .into_iter()
                    .map(|n| BigInt::from(n.value().clone()))
                    .collect();
                ks.sort();
                ks.iter().enumerate().all(|(i, v)| *v == BigInt::from(i))
            }
            Predicate::Empty => self.b.set(a0).defined()?.is_empty(),
            // Misère play's predicates: undefined in normal play (the rule does not apply),
            // so the normal-play checker's interpreter, which does the same, agrees.
            // Loopy play's side provisos: undefined in normal play too.
            Predicate::PPosition
            | Predicate::Within
            | Predicate::KeepsOnside
            | Predicate::KeepsOffside
            | Predicate::Stopper => return Err(Fail::Undefined),
        })
    }

    /// Evaluates a value expression.
    pub(super) fn value(&self, k: &mut Kernel, v: &ValueExpr) -> R<Dyadic> {
        Ok(match v {
            ValueExpr::Lit(x) => x.clone(),
            ValueExpr::Var(n) => self.b.value(n).defined()?.clone(),
            ValueExpr::Add(a, b) => &self.value(k, a)? + &self.value(k, b)?,
            ValueExpr::Sub(a, b) => &self.value(k, a)? - &self.value(k, b)?,
            ValueExpr::Neg(a) => -&self.value(k, a)?,
            ValueExpr::Call(f, sets, vals) => {
                let set = |i: usize| sets.get(i).defined();
                let val = |i: usize| vals.get(i).defined();
                match f {
                    ValueFn::Simplest => {
                        let l = self.numbers_of(k, set(0)?)?.defined()?;
                        let r = self.numbers_of(k, set(1)?)?.defined()?;
                        Dyadic::simplest_between(l.iter().max(), r.iter().min()).defined()?
                    }
                    ValueFn::Mex => {
                        let nims = self.nimbers_of(k, set(0)?)?.defined()?;
                        Dyadic::integer(BigInt::from(mex(nims.iter()).value().clone()))
                    }
                    ValueFn::NimAdd => {
                        let a = nat(&self.value(k, val(0)?)?).defined()?;
                        let b = nat(&self.value(k, val(1)?)?).defined()?;
                        Dyadic::integer(BigInt::from(a.nim_add(&b).value().clone()))
                    }
                    ValueFn::Ulp => {
                        let x = self.value(k, val(0)?)?;
                        let e = i64::try_from(x.denominator_exp()).ok().defined()?;
                        Dyadic::from(1).mul_pow2(-e)
                    }
                    ValueFn::Mid => (&self.value(k, val(0)?)? + &self.value(k, val(1)?)?).half(),
                    ValueFn::Count => {
                        let n = self.b.set(set(0)?).defined()?.len();
                        Dyadic::from(i64::try_from(n).ok().defined()?)
                    }
                    ValueFn::NumVal => {
                        let g = self.game_value(k, set(0)?)?;
                        k.as_number(g).defined()?
                    }
                    ValueFn::NimVal => {
                        let g = self.game_value(k, set(0)?)?;
                        let n = k.as_nimber(g).defined()?;
                        Dyadic::integer(BigInt::from(n.value().clone()))
                    }
                }
            }
        })
    }

    /// The value of a template; `elem` is the member standing for a map's set variable.
    fn template(&self, k: &mut Kernel, t: &Template, elem: Option<(&str, &H::Id)>) -> R<GameId> {
        match t {
            Template::Var(v) => {
                if let Some((name, id)) = elem {
                    if name == v {
                        return self.host.value(k, id)?.defined();
                    }
                }
                if self.b.game(v).is_some() {
                    return self.game_value(k, v);
                }
                let x = self.b.value(v).defined()?.clone();
                Ok(k.number(&x))
            }
            Template::Game(l, r) => {
                let lv = self.items(k, l)?;
                let rv = self.items(k, r)?;
                Ok(k.from_options(&lv, &rv)?)
            }
            Template::Sum(a, b) => {
                let x = self.template(k, a, elem)?;
                let y = self.template(k, b, elem)?;
                Ok(k.add(x, y)?)
            }
            Template::Neg(a) => {
                let x = self.template(k, a, elem)?;
                Ok(k.neg(x))
            }
            Template::Leaf(leaf) => match self.leaf(k, leaf)? {
                Leaf::Nus { number, up, nim } => Ok(k.nus(&number, &up, &nim)),
                Leaf::Hack(row) => Ok(k.eval(&Term::Hackenstring(row))?),
            },
            Template::Value(v) => {
                let x = self.value(k, v)?;
                Ok(k.number(&x))
            }
            Template::Call(..) => Err(Fail::Undefined),
        }
    }

    fn items(&self, k: &mut Kernel, items: &[TemplateItem]) -> R<Vec<GameId>> {
        let mut out = Vec::new();
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(self.template(k, t, None)?),
                TemplateItem::Splice(s) => out.extend(self.set_values(k, s)?),
                TemplateItem::Map { over, body } => {
                    for m in self.b.set(over).defined()? {
                        out.push(self.template(k, body, Some((over, m)))?);
                    }
                }
                TemplateItem::Nims(n) => {
                    for leaf in nims(&self.value(k, n)?, MAX_OPEN).defined()? {
                        if let Leaf::Nus { number, up, nim } = leaf {
                            out.push(k.nus(&number, &up, &nim));
                        }
                    }
                }
                TemplateItem::Cuts { left, row } => {
                    for t in cuts(self.b.row(row).defined()?, *left) {
                        out.push(k.eval(&t.to_term())?);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Builds a leaf from a leaf template.
    pub(super) fn leaf(&self, k: &mut Kernel, leaf: &LeafTemplate) -> R<Leaf> {
        let zero = Dyadic::zero;
        let (number, up, nim) = match leaf {
            LeafTemplate::Num(x) => (self.value(k, x)?, zero(), zero()),
            LeafTemplate::Int(x) => {
                let v = self.value(k, x)?;
                if !v.is_integer() {
                    return Err(Fail::Undefined);
                }
                (v, zero(), zero())
            }
            LeafTemplate::Nim(n) => (zero(), zero(), self.value(k, n)?),
            LeafTemplate::Up(u) => (zero(), self.value(k, u)?, zero()),
            LeafTemplate::Nus(x, u, n) => (self.value(k, x)?, self.value(k, u)?, self.value(k, n)?),
        };
        Ok(Leaf::Nus {
            number,
            up: up.to_integer().defined()?.clone(),
            nim: nat(&nim).defined()?,
        })
    }
}
