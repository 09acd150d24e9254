//! Terms to values. Recursion follows term depth only (never term size or game size), so the
//! parser's nesting cap bounds the stack.

use super::arena::Nus;
use super::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber, Sign};
use crate::term::{children, Arg, Pebble, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};

/// Longest Hackenstring row with neutral pebbles that is built option by option: prefix n has
/// up to n options, so the build makes O(n^3) comparisons.
const MAX_NEUTRAL_ROW: usize = 256;
/// Largest count of copies of a general (not number-up-star) game.
const MAX_MULTIPLE: u64 = 1 << 20;

/// How a call `name(args)` ([`Term::Call`]) gets its value. The kernel evaluates games and
/// knows no functions: the evaluator of the expression language above it (`Kernel::eval`, in
/// `crate::functions`) passes the function table's lookup here.
pub(crate) type Calls = fn(&mut Kernel, &str, &[Arg]) -> Result<GameId, KernelError>;

impl Kernel {
    /// Post-order over the term with an explicit work stack, so that even a term nested
    /// far deeper than any parser allows costs heap, not stack. Calls get their values from
    /// `calls`.
    pub(crate) fn eval_with(&mut self, t: &Term, calls: Calls) -> Result<GameId, KernelError> {
        // Names this call bound, so that they are unbound again however it ends.
        let mut bound: Vec<&str> = Vec::new();
        let result = self.eval_bound(t, calls, &mut bound);
        for name in bound.into_iter().rev() {
            self.scope.unbind(name);
        }
        result
    }

    fn eval_bound<'a>(
        &mut self,
        t: &'a Term,
        calls: Calls,
        bound: &mut Vec<&'a str>,
    ) -> Result<GameId, KernelError> {
        enum Work<'a> {
            Visit(&'a Term),
            Build(&'a Term),
            /// The value on top of the stack is the definition of this name.
            Define(&'a str),
            /// A `where` is done: its names go out of scope.
            Unbind(usize),
        }
        let mut work = vec![Work::Visit(t)];
        let mut vals: Vec<GameId> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                Work::Define(name) => {
                    let v = vals.pop().ok_or_else(|| KernelError::TooLarge {
                        what: "a definition without a value (internal)".to_string(),
                    })?;
                    self.scope.bind(name, v);
                    bound.push(name);
                }
                Work::Unbind(n) => {
                    for _ in 0..n {
                        if let Some(name) = bound.pop() {
                            self.scope.unbind(name);
                        }
                    }
                }
                // A `where` costs one value per definition: each name is evaluated once and
                // looked up wherever it is used, never substituted.
                Work::Visit(Term::Where { body, defs }) => {
                    work.push(Work::Unbind(defs.len()));
                    work.push(Work::Visit(body));
                    for (name, d) in defs.iter().rev() {
                        work.push(Work::Define(name));
                        work.push(Work::Visit(d));
                    }
                }
                Work::Visit(Term::Name(name)) => {
                    let v = self
                        .scope
                        .lookup(name)
                        .ok_or_else(|| KernelError::Unbound { name: name.clone() })?;
                    vals.push(v);
                }
                Work::Visit(t) => match t {
                    Term::Nus { number, up, nim } => {
                        vals.push(self.nus_id(Nus::new(number.clone(), up.clone(), nim.clone())));
                    }
                    Term::Hackenstring(row) => vals.push(self.hackenstring(row)?),
                    // A function evaluates its own arguments (it may read them as a board or a
                    // temperature, not as games).
                    Term::Call { name, args } => {
                        vals.push(calls(self, name, args).map_err(|e| e.in_call(t))?)
                    }
                    Term::Ref(n) => vals.push(self.reference(*n)?),
                    _ => {
                        work.push(Work::Build(t));
                        // Calls, names and `where`s were handled above.
                        work.extend(children(t).into_iter().rev().map(Work::Visit));
                    }
                },
                Work::Build(t) => {
                    let v = self.build(t, &mut vals)?;
                    vals.push(v);
                }
            }
        }
        vals.pop().ok_or_else(|| KernelError::TooLarge {
            what: "an empty evaluation (internal)".to_string(),
        })
    }

    /// Combines the values of t's children, which are the last ones on `vals`, in order.
    fn build(&mut self, t: &Term, vals: &mut Vec<GameId>) -> Result<GameId, KernelError> {
        let arity = match t {
            Term::Game { left, right } => left.len() + right.len(),
            Term::Sum(..) => 2,
            Term::PlusMinus(xs) => xs.len(),
            _ => 1,
        };
        let at = vals.len().saturating_sub(arity);
        let kids = vals.split_off(at);
        let kid = |i: usize| kids.get(i).copied().unwrap_or(GameId(0));
        match t {
            Term::Game { left, .. } => {
                let (l, r) = kids.split_at(left.len().min(kids.len()));
                self.from_options(l, r)
            }
            Term::Sum(..) => self.add(kid(0), kid(1)),
            Term::Neg(_) => Ok(self.negate(kid(0))),
            Term::PlusMinus(_) => {
                let r: Vec<GameId> = kids.iter().map(|&x| self.negate(x)).collect();
                self.from_options(&kids, &r)
            }
            Term::Tiny { number, .. } => {
                let t = self.tiny(kid(0))?;
                let x = self.number(number);
                self.add(x, t)
            }
            Term::Miny { number, .. } => {
                let t = self.tiny(kid(0))?;
                let m = self.negate(t);
                let x = self.number(number);
                self.add(x, m)
            }
            Term::Multiple { count, .. } => self.multiple(count, kid(0)),
            Term::Nus { .. }
            | Term::Hackenstring(_)
            | Term::Call { .. }
            | Term::Ref(_)
            | Term::Name(_)
            | Term::Where { .. } => Ok(kid(0)),
        }
    }

    /// `Tiny(G) = {0 || 0 | −G}`.
    pub(crate) fn tiny(&mut self, g: GameId) -> Result<GameId, KernelError> {
        let zero = self.zero();
        let ng = self.negate(g);
        let inner = self.from_options(&[zero], &[ng])?;
        self.from_options(&[zero], &[inner])
    }

    /// `count · g` by binary doubling; number-up-star values multiply in closed form.
    pub fn multiple(&mut self, count: &BigInt, g: GameId) -> Result<GameId, KernelError> {
        if let Some(v) = self.arena.nus(g) {
            let m = Nus::new(
                &v.number * &Dyadic::integer(count.clone()),
                &v.up * count,
                if count.is_odd() {
                    v.nim.clone()
                } else {
                    Nimber::zero()
                },
            );
            return Ok(self.nus_id(m));
        }
        let n = match count.abs().to_u64() {
            Some(n) if n <= MAX_MULTIPLE => n,
            _ => {
                return Err(KernelError::TooLarge {
                    what: format!("{count} copies of a game that is not number-up-star"),
                })
            }
        };
        let mut base = if count.is_negative() {
            self.negate(g)
        } else {
            g
        };
        let mut acc = self.zero();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                acc = self.add(acc, base)?;
            }
            n >>= 1;
            if n > 0 {
                base = self.add(base, base)?;
            }
        }
        Ok(acc)
    }

    /// A row's value: a number by its sign expansion when every pebble is coloured, otherwise
    /// built over prefixes, since removing pebble j leaves the prefix of length j.
    pub(crate) fn hackenstring(&mut self, row: &[Pebble]) -> Result<GameId, KernelError> {
        if !row.contains(&Pebble::Neutral) {
            let signs: Vec<Sign> = row
                .iter()
                .map(|p| {
                    if *p == Pebble::Left {
                        Sign::Plus
                    } else {
                        Sign::Minus
                    }
                })
                .collect();
            let x = Dyadic::from_sign_expansion(&signs);
            return Ok(self.number(&x));
        }
        if row.len() > MAX_NEUTRAL_ROW {
            return Err(KernelError::TooLarge {
                what: format!(
                    "a Hackenstring row of {} pebbles with neutral pebbles",
                    row.len()
                ),
            });
        }
        let mut prefix: Vec<GameId> = vec![self.zero()];
        for n in 1..=row.len() {
            let mut l = Vec::new();
            let mut r = Vec::new();
            for (j, p) in row.iter().take(n).enumerate() {
                let Some(&v) = prefix.get(j) else { continue };
                if matches!(p, Pebble::Left | Pebble::Neutral) {
                    l.push(v);
                }
                if matches!(p, Pebble::Right | Pebble::Neutral) {
                    r.push(v);
                }
            }
            let g = self.from_options(&l, &r)?;
            prefix.push(g);
        }
        Ok(prefix.last().copied().unwrap_or(GameId(0)))
    }
}
