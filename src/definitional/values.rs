//! The checker's own values: canonical forms over its game forms, by the definitions.
//!
//! A rule's side conditions ask what a bound term is worth: whether it is a number or a nimber,
//! which one, whether two sets hold the same values. The checker answers them without the
//! kernel, from seed 002: the canonical form of a form is found by first making its options
//! canonical, then removing dominated options and bypassing reversible ones until none is left
//! (Theorems 4.4–4.6, each decided by [`Definitional::le`], Definition 2.5). Two forms are
//! equal exactly when their canonical forms are the same (Theorem 4.7), and a canonical form
//! whose options are all closed forms is written as the closed form x + u·↑ + *n it equals,
//! found among a few candidates read off its options and confirmed by G ≤ c and c ≤ G.
//!
//! Everything is memoised by form id in the shared [`Memo`](super::inequality::Memo), the
//! walk over the options is an explicit stack (forms can be deep), and every comparison spends
//! the memo's budget, so a limit is an error, never an answer.

use super::inequality::{Definitional, Form, FormId, Undecided};
use crate::number::{Dyadic, Nimber};
use num_bigint::BigInt;
use num_traits::{One, Zero};

/// What a form on the canonicaliser's stack waits for.
enum Next {
    /// It is canonical: this.
    Is(FormId),
    /// It is worth what this form (of its canonical parts) is worth.
    As(FormId),
    /// Its canonical form is made from its options'.
    ByOptions,
}

impl Definitional<'_> {
    /// The canonical form of `g`: a closed form when `g` equals one, else a game form whose
    /// options are canonical, with none dominated and none reversible.
    pub fn canonical(&mut self, g: FormId) -> Result<FormId, Undecided> {
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if self.memo.canon.contains_key(&top) {
                stack.pop();
                continue;
            }
            self.memo.spend(1)?;
            // A sum or a negation of parts not yet canonical is worth the same of their
            // canonical forms, which is smaller to work on (Theorem 2.8's congruence).
            let next = match self.memo.form(top).clone() {
                Form::Leaf(..) => Next::Is(top),
                Form::Game(..) => Next::ByOptions,
                Form::Sum(a, b) => match self.parts(&[a, b], &mut stack) {
                    None => continue,
                    Some(c) if c == [a, b] => Next::ByOptions,
                    Some(c) => Next::As(self.memo.intern(Form::Sum(c[0], c[1]))?),
                },
                Form::Neg(a) => match self.parts(&[a], &mut stack) {
                    None => continue,
                    Some(c) if c == [a] => Next::ByOptions,
                    Some(c) => Next::As(self.memo.intern(Form::Neg(c[0]))?),
                },
            };
            match next {
                Next::Is(c) => {
                    self.memo.canon.insert(top, c);
                    stack.pop();
                }
                Next::As(other) if other != top => match self.memo.canon.get(&other) {
                    Some(&c) => {
                        self.memo.canon.insert(top, c);
                        stack.pop();
                    }
                    None => stack.push(other),
                },
                Next::As(_) | Next::ByOptions => {
                    let o = self.memo.options(top)?;
                    let missing: Vec<FormId> =
                        o.0.iter()
                            .chain(o.1.iter())
                            .copied()
                            .filter(|x| !self.memo.canon.contains_key(x))
                            .collect();
                    if !missing.is_empty() {
                        stack.extend(missing);
                        continue;
                    }
                    let l = o.0.iter().map(|x| self.memo.canon[x]).collect();
                    let r = o.1.iter().map(|x| self.memo.canon[x]).collect();
                    let c = self.reduce(l, r)?;
                    self.memo.canon.insert(top, c);
                    self.memo.canon.insert(c, c);
                    stack.pop();
                }
            }
        }
        // The loop ends only once `g` is done.
        self.memo
            .canon
            .get(&g)
            .copied()
            .ok_or_else(|| Undecided::Limit("the checker's canonical form lost its place".into()))
    }

    /// The canonical forms of `parts`, or `None` after pushing those not yet known.
    fn parts(&mut self, parts: &[FormId], stack: &mut Vec<FormId>) -> Option<Vec<FormId>> {
        let known: Vec<Option<FormId>> = parts
            .iter()
            .map(|p| self.memo.canon.get(p).copied())
            .collect();
        if known.iter().all(Option::is_some) {
            return Some(known.into_iter().flatten().collect());
        }
        stack.extend(
            parts
                .iter()
                .zip(&known)
                .filter(|(_, k)| k.is_none())
                .map(|(p, _)| *p),
        );
        None
    }

    /// `{ l | r }` with canonical options brought to canonical form: dominated options removed
    /// (Theorem 4.4), reversible ones bypassed (Theorem 4.5), until neither is left.
    fn reduce(&mut self, mut l: Vec<FormId>, mut r: Vec<FormId>) -> Result<FormId, Undecided> {
        loop {
            l = self.undominated(l, true)?;
            r = self.undominated(r, false)?;
            let g = self.memo.intern(Form::Game(l.clone(), r.clone()))?;
            // Each bypass keeps G's value, so both sides are judged against the same G.
            let (nl, changed_l) = self.bypass(&l, g, true)?;
            let (nr, changed_r) = self.bypass(&r, g, false)?;
            if !changed_l && !changed_r {
                return self.closed_form(g, &l, &r);
            }
            (l, r) = (nl, nr);
        }
    }

    /// One side's options with the reversible ones bypassed (Theorem 4.5): a Left option A
    /// with some A^R ≤ G is replaced by A^R's Left options; a Right option B with some
    /// B^L ≥ G by B^L's Right options. Whether any was.
    fn bypass(
        &mut self,
        side: &[FormId],
        g: FormId,
        left: bool,
    ) -> Result<(Vec<FormId>, bool), Undecided> {
        // Options of `x` on the side a player's move reaches: the opponent's, or their own.
        let of = |o: &(Vec<FormId>, Vec<FormId>), own: bool| {
            if own == left {
                o.0.clone()
            } else {
                o.1.clone()
            }
        };
        let mut out = Vec::with_capacity(side.len());
        let mut changed = false;
        for &a in side {
            let mut by = None;
            for x in of(&*self.memo.options(a)?, false) {
                let reverses = if left { self.le(x, g)? } else { self.le(g, x)? };
                if reverses {
                    by = Some(x);
                    break;
                }
            }
            match by {
                Some(x) => {
                    out.extend(of(&*self.memo.options(x)?, true));
                    changed = true;
                }
                None => out.push(a),
            }
        }
        Ok((out, changed))
    }

    /// The options in `v` that no other option beats (for Left: none ≥ it; for Right: none
    /// ≤ it), in id order; of equal ones, one is kept.
    fn undominated(&mut self, mut v: Vec<FormId>, left: bool) -> Result<Vec<FormId>, Undecided> {
        v.sort_unstable();
        v.dedup();
        let mut alive = vec![true; v.len()];
        for i in 0..v.len() {
            for j in 0..v.len() {
                if i == j || !alive[j] {
                    continue;
                }
                let beaten = if left {
                    self.le(v[i], v[j])?
                } else {
                    self.le(v[j], v[i])?
                };
                if beaten {
                    alive[i] = false;
                    break;
                }
            }
        }
        Ok(v.into_iter()
            .zip(alive)
            .filter_map(|(x, a)| a.then_some(x))
            .collect())
    }

    /// `g`, or the closed form it equals: candidates are read off the shape of the canonical
    /// forms of seed 002 §6 (numbers, x + *n, x + u·↑ + *n) and each is confirmed by the
    /// definition, g ≤ c and c ≤ g, so a wrong guess costs a comparison, never an answer.
    fn closed_form(&mut self, g: FormId, l: &[FormId], r: &[FormId]) -> Result<FormId, Undecided> {
        let leaf = |d: &Self, x: FormId| match d.memo.form(x) {
            Form::Leaf(a, u, n) => Some((a.clone(), u.clone(), n.clone())),
            _ => None,
        };
        let (Some(ls), Some(rs)) = (
            l.iter().map(|&x| leaf(self, x)).collect::<Option<Vec<_>>>(),
            r.iter().map(|&x| leaf(self, x)).collect::<Option<Vec<_>>>(),
        ) else {
            return Ok(g);
        };
        let plain = |(_, u, n): &(Dyadic, BigInt, Nimber)| u.is_zero() && n.is_zero();
        let one = Nimber::new(One::one());
        let mut candidates: Vec<(Dyadic, BigInt, Nimber)> = Vec::new();
        let number = |x: Dyadic| (x, BigInt::zero(), Nimber::zero());
        match (ls.as_slice(), rs.as_slice()) {
            ([], []) => candidates.push(number(Dyadic::zero())),
            ([a], []) if plain(a) => candidates.push(number(&a.0 + &Dyadic::from(1))),
            ([], [b]) if plain(b) => candidates.push(number(&b.0 - &Dyadic::from(1))),
            ([a], [b]) if plain(a) && plain(b) => candidates.push(number((&a.0 + &b.0).half())),
            // x + u·↑ + *n, u ≥ 1: { x | x + (u−1)·↑ + *(n⊕1) }; u ≤ −1 its negative.
            ([a], [b]) if plain(a) && a.0 == b.0 => {
                candidates.push((a.0.clone(), &b.1 + 1, b.2.nim_add(&one)))
            }
            ([a], [b]) if plain(b) && a.0 == b.0 => {
                candidates.push((b.0.clone(), &a.1 - 1, a.2.nim_add(&one)))
            }
            // x + ↑* = { x, x + * | x } and its negative.
            ([_, _], [b]) if plain(b) => candidates.push((b.0.clone(), BigInt::one(), one)),
            ([a], [_, _]) if plain(a) => candidates.push((a.0.clone(), -BigInt::one(), one)),
            _ => {}
        }
        // x + *n = { x + *j | x + *j } (j < n).
        if !ls.is_empty() && ls == rs {
            let n = Nimber::from(ls.len() as u64);
            candidates.push((ls[0].0.clone(), BigInt::zero(), n));
        }
        for (x, u, n) in candidates {
            let c = self.memo.leaf(x, u, n)?;
            if self.le(g, c)? && self.le(c, g)? {
                return Ok(c);
            }
        }
        Ok(g)
    }

    /// The number `g` equals, if it equals one: its canonical form is that number, confirmed
    /// by g ≤ x and x ≤ g.
    pub fn number(&mut self, g: FormId) -> Result<Option<Dyadic>, Undecided> {
        let leaf = self.leaf_if(g, |_, u, n| u.is_zero() && n.is_zero())?;
        Ok(leaf.map(|(x, _, _)| x))
    }

    /// The nimber `g` equals, if it equals one, found and confirmed as [`Self::number`] is.
    pub fn nimber(&mut self, g: FormId) -> Result<Option<Nimber>, Undecided> {
        let leaf = self.leaf_if(g, |x, u, _| x.is_zero() && u.is_zero())?;
        Ok(leaf.map(|(_, _, n)| n))
    }

    /// The leaf `x + u·↑ + *n` that `g`'s canonical form is, when `want` takes it, confirmed
    /// by g ≤ it and it ≤ g. A hot form (L > R) equals no number or nimber (`stops.rs`): no
    /// canonical form is needed for it.
    fn leaf_if(
        &mut self,
        g: FormId,
        want: impl Fn(&Dyadic, &BigInt, &Nimber) -> bool,
    ) -> Result<Option<(Dyadic, BigInt, Nimber)>, Undecided> {
        if !self.memo.plain && self.hot(g)? {
            return Ok(None);
        }
        let c = self.canonical(g)?;
        match self.memo.form(c).clone() {
            Form::Leaf(x, u, n) if want(&x, &u, &n) => self.confirm(g, c).map(|()| Some((x, u, n))),
            _ => Ok(None),
        }
    }

    /// Whether `a` and `b` are equal games: the same canonical form.
    pub fn equal(&mut self, a: FormId, b: FormId) -> Result<bool, Undecided> {
        Ok(a == b || self.canonical(a)? == self.canonical(b)?)
    }

    /// g = c by the definition, both ways; a disagreement is the checker's own defect, and
    /// decides nothing.
    fn confirm(&mut self, g: FormId, c: FormId) -> Result<(), Undecided> {
        if self.le(g, c)? && self.le(c, g)? {
            Ok(())
        } else {
            Err(Undecided::Unreadable(
                "the checker's canonical form disagrees with its comparison".into(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::inequality::Memo;
    use super::*;
    use crate::kernel::Kernel;
    use crate::term::Term;

    fn t(s: &str) -> Term {
        crate::syntax::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Every game born by day 2, and a few sums, negations and closed forms beyond.
    fn games() -> Vec<Term> {
        let day1 = ["0", "1", "-1", "*"];
        let mut out: Vec<Term> = day1.iter().map(|s| t(s)).collect();
        let subsets: Vec<Vec<Term>> = (0..16u32)
            .map(|m| {
                (0..4)
                    .filter(|i| m & (1 << i) != 0)
                    .map(|i| t(day1[i]))
                    .collect()
            })
            .collect();
        for l in &subsets {
            for r in &subsets {
                out.push(Term::game(l.clone(), r.clone()));
            }
        }
        for s in [
            "^",
            "v",
            "^*",
            "v*",
            "^2*3",
            "v3*2",
            "1/2^*2",
            "*5",
            "-3/4",
            "7",
            "+-1",
            "{1|-1} + {2|-2}",
            "-({0|^} + *2)",
            "^ + v*",
            "{0|{0|-1}} + -1/2",
            "*2 + *3",
            "{0,*|0,*} + {0,*,*2|0,*,*2}",
            "{^|v}",
            "{{2|1}|{-1|-2}}",
            "hs\"LRE\"",
            "{0,*|0,*} + 1/4",
        ] {
            out.push(t(s));
        }
        out
    }

    #[test]
    fn canonical_forms_agree_with_the_kernels_values() {
        // The kernel is only the referee: equal canonical forms exactly for equal values, and
        // numbers and nimbers recognised as the kernel recognises them.
        let gs = games();
        let mut k = Kernel::new();
        let ids: Vec<_> = gs.iter().map(|g| k.eval(g).unwrap()).collect();
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, None);
        let forms: Vec<FormId> = gs.iter().map(|g| d.form(g).unwrap()).collect();
        let canon: Vec<FormId> = forms.iter().map(|&f| d.canonical(f).unwrap()).collect();
        for i in 0..gs.len() {
            assert_eq!(
                d.number(forms[i]).unwrap(),
                k.as_number(ids[i]),
                "{}",
                gs[i]
            );
            assert_eq!(
                d.nimber(forms[i]).unwrap(),
                k.as_nimber(ids[i]),
                "{}",
                gs[i]
            );
            for j in 0..gs.len() {
                assert_eq!(
                    canon[i] == canon[j],
                    ids[i] == ids[j],
                    "{} and {}",
                    gs[i],
                    gs[j]
                );
            }
        }
    }

    #[test]
    fn closed_forms_opened_by_their_definition_close_again() {
        // Each closed form's one-level game is canonical and is recognised as the closed form.
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, None);
        for s in [
            "5", "-5", "3/8", "*4", "1/2 + *3", "^", "v", "^*", "v*", "^*2", "^3", "v2*",
            "1 + ^4*5",
        ] {
            let leaf = d.form(&t(s)).unwrap();
            let o = d.memo.options(leaf).unwrap();
            let g = d.memo.intern(Form::Game(o.0.clone(), o.1.clone())).unwrap();
            assert_eq!(d.canonical(g).unwrap(), leaf, "{s}");
        }
    }

    #[test]
    fn a_deep_chain_is_made_canonical_without_recursion() {
        let mut table = crate::term_table::TermTable::new();
        let mut last = table.intern(&Term::game(vec![], vec![]));
        for _ in 0..50_000 {
            last = table.intern(&Term::game(vec![Term::Ref(last)], vec![]));
        }
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, Some(&table));
        let g = d.form(&Term::Ref(last)).unwrap();
        assert_eq!(d.number(g).unwrap(), Some(Dyadic::from(50_000)));
    }

    #[test]
    fn a_small_budget_is_a_limit_not_an_answer() {
        let mut memo = Memo::with_budget(50);
        let mut d = Definitional::new(&mut memo, None);
        let g = d.form(&t("{0,*|0,*} + {0,*,*2|0,*,*2} + {1|-1}")).unwrap();
        assert!(matches!(d.number(g), Err(Undecided::Limit(_))));
    }
}
