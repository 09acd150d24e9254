//! The checker's own left and right stops, and the comparisons they settle without the
//! definition's recursion.
//!
//! A proof of a sum of hot games asks `a ≤ b` of large forms whose pairs of subforms, each
//! decided once by Definition 2.5, fill the memo by the million. Stops settle most of those
//! pairs from two numbers per form, by seed 002 §5 alone:
//!
//! * **The stops** (Definition 5.4): a number x has L = R = x; a game G equal to no number has
//!   L(G) = max R(G^L) and R(G) = min L(G^R).
//! * **Which forms get stops.** A closed form x + u·↑ + *n has L = R = x: it is x when u = n = 0,
//!   and otherwise every option of its definition (`Memo::leaf_options`) has both stops x by
//!   the same argument one level down, while it equals no number. A game form `{ GL | GR }`
//!   whose options all have stops gets a = max R(G^L) and b = min L(G^R); when a > b it equals
//!   no number (below), so its stops are (a, b). A negation has L(−G) = −R(G), R(−G) = −L(G)
//!   (Definition 2.7 swaps and negates the options; induction on Definition 5.4). Every other
//!   form (a sum, a game with a side empty or with a ≤ b, or any form above one) has no stops
//!   here and is decided by the definition, as before: this never opens a sum, so finding stops
//!   costs one visit per game form and never builds a form.
//! * **a > b means no number.** If G = x, a number, then each G^L ⊲ x; were R(G^L) > x,
//!   Proposition 5.5(1) (y < R(H) ⇒ y < H) would give x < G^L. So R(G^L) ≤ x, likewise
//!   L(G^R) ≥ x, and a ≤ x ≤ b.
//! * **Stops are monotone.** G ≤ H ⇒ L(G) ≤ L(H) and R(G) ≤ R(H): were L(G) > y > L(H) for a
//!   number y, Proposition 5.5(1) gives y > H ≥ G and y ⊲ G at once; for R, y < G ≤ H and y ⊳ H.
//!   So L(G) > L(H) or R(G) > R(H) refutes G ≤ H.
//! * **A number against a game** (Proposition 5.5(1)): R(H) > x ⇒ x < H, so x ≤ H holds; and
//!   L(G) < y ⇒ G < y, so G ≤ y holds.
//! * **Hot forms are neither numbers nor nimbers**: a form with L > R equals no number (L = R
//!   there) and no nimber (L(*n) = R(*n) = 0), since stops depend only on the value.
//!
//! Each of these only answers where the definition would answer the same; where none applies
//! the pair goes to the definition. The stops are memoised per form in the
//! [`Memo`](super::inequality::Memo).

use super::inequality::{Definitional, Form, FormId, Undecided};
use crate::number::Dyadic;
use num_traits::Zero;

/// A form's left and right stops, or `None` when the checker found none (see the module doc).
pub(super) type Stops = Option<(Dyadic, Dyadic)>;

impl Definitional<'_> {
    /// The stops of `g`, worked out on an explicit stack (forms can be deep) and memoised.
    pub(super) fn stops(&mut self, g: FormId) -> Result<Stops, Undecided> {
        self.find_stops(g)?;
        Ok(self.memo.stops.get(&g).cloned().flatten())
    }

    /// Puts the stops of `g` (and of the forms below it) in the memo, if not there yet.
    fn find_stops(&mut self, g: FormId) -> Result<(), Undecided> {
        if self.memo.stops.contains_key(&g) {
            return Ok(());
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if self.memo.stops.contains_key(&top) {
                stack.pop();
                continue;
            }
            self.memo.spend(1)?;
            let s = match self.memo.form(top) {
                Form::Leaf(x, ..) => Some((x.clone(), x.clone())),
                Form::Sum(..) => None,
                Form::Neg(a) => match self.memo.stops.get(a) {
                    Some(s) => s.as_ref().map(|(l, r)| (-r, -l)),
                    None => {
                        stack.push(*a);
                        continue;
                    }
                },
                Form::Game(l, r) => {
                    let missing: Vec<FormId> = l
                        .iter()
                        .chain(r.iter())
                        .copied()
                        .filter(|x| !self.memo.stops.contains_key(x))
                        .collect();
                    if !missing.is_empty() {
                        stack.extend(missing);
                        continue;
                    }
                    self.game_stops(l, r)
                }
            };
            self.memo.stops.insert(top, s);
            stack.pop();
        }
        Ok(())
    }

    /// The stops of `{ l | r }` from its options' (all known): (max R(G^L), min L(G^R)) when
    /// the first exceeds the second, so the game equals no number; else none.
    fn game_stops(&self, l: &[FormId], r: &[FormId]) -> Stops {
        let stops = |x: &FormId| self.memo.stops.get(x).and_then(|s| s.as_ref());
        let mut a: Option<&Dyadic> = None;
        for x in l {
            let (_, rx) = stops(x)?;
            if a.is_none_or(|a| rx > a) {
                a = Some(rx);
            }
        }
        let mut b: Option<&Dyadic> = None;
        for x in r {
            let (lx, _) = stops(x)?;
            if b.is_none_or(|b| lx < b) {
                b = Some(lx);
            }
        }
        let (a, b) = (a?, b?);
        (a > b).then(|| (a.clone(), b.clone()))
    }

    /// Whether `g` is hot (L(G) > R(G)), which makes it no number and no nimber.
    pub(super) fn hot(&mut self, g: FormId) -> Result<bool, Undecided> {
        Ok(self.stops(g)?.is_some_and(|(l, r)| l > r))
    }

    /// `a ≤ b` when the stops settle it (see the module doc), else `None`.
    pub(super) fn le_by_stops(&mut self, a: FormId, b: FormId) -> Result<Option<bool>, Undecided> {
        // Read in place: a comparison asks this of most pairs it meets, and the stops are
        // big numbers (cloning them cost more than the shortcut saved on small sums).
        self.find_stops(a)?;
        self.find_stops(b)?;
        let (Some(Some((la, ra))), Some(Some((lb, rb)))) =
            (self.memo.stops.get(&a), self.memo.stops.get(&b))
        else {
            return Ok(None);
        };
        if la > lb || ra > rb {
            return Ok(Some(false));
        }
        // A number x against a game H: R(H) > x ⇒ x < H; a game G against a number y:
        // L(G) < y ⇒ G < y. (Numbers have L = R = x; only a number leaf is one here.)
        let number = |id: FormId| matches!(self.memo.form(id), Form::Leaf(_, u, n) if u.is_zero() && n.is_zero());
        if number(a) && rb > la {
            return Ok(Some(true));
        }
        if number(b) && la < lb {
            return Ok(Some(true));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::super::inequality::Memo;
    use super::*;
    use crate::kernel::Kernel;
    use crate::proof::matcher::{Failure, TermRules};
    use crate::proof::step::Witnesses;
    use crate::rules::RuleSet;
    use crate::term::Term;
    use proptest::prelude::*;

    fn t(s: &str) -> Term {
        crate::syntax::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// The checker's answers with the stops against the plain definition's (a memo that never
    /// uses them), and its stops against the kernel's (an independent computation).
    fn agree(a: &str, b: &str) -> Result<Option<bool>, TestCaseError> {
        let (ta, tb) = (t(a), t(b));
        let mut k = Kernel::new();
        let (ka, kb) = (k.eval(&ta).unwrap(), k.eval(&tb).unwrap());
        let mut plain = Memo::default();
        plain.plain = true;
        let mut p = Definitional::new(&mut plain, None);
        let (pa, pb) = (p.form(&ta).unwrap(), p.form(&tb).unwrap());
        let (le, ge) = (p.le(pa, pb).unwrap(), p.le(pb, pa).unwrap());
        let (na, nb) = (p.number(pa).unwrap(), p.number(pb).unwrap());
        let (ma, mb) = (p.nimber(pa).unwrap(), p.nimber(pb).unwrap());
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, None);
        let (fa, fb) = (d.form(&ta).unwrap(), d.form(&tb).unwrap());
        for (f, g, s) in [(fa, ka, a), (fb, kb, b)] {
            if let Some((l, r)) = d.stops(f).unwrap() {
                prop_assert_eq!(&l, &k.left_stop(g), "L({})", s);
                prop_assert_eq!(&r, &k.right_stop(g), "R({})", s);
            }
            if d.hot(f).unwrap() {
                prop_assert!(k.left_stop(g) > k.right_stop(g), "{} is not hot", s);
            }
        }
        let by_stops = d.le_by_stops(fa, fb).unwrap();
        if let Some(v) = by_stops {
            prop_assert_eq!(v, le, "{} <= {} by the stops", a, b);
        }
        prop_assert_eq!(d.le(fa, fb).unwrap(), le, "{} <= {}", a, b);
        prop_assert_eq!(d.le(fb, fa).unwrap(), ge, "{} >= {}", a, b);
        prop_assert_eq!(k.le(ka, kb).unwrap(), le, "the kernel on {} <= {}", a, b);
        prop_assert_eq!(d.number(fa).unwrap(), na, "number({})", a);
        prop_assert_eq!(d.number(fb).unwrap(), nb, "number({})", b);
        prop_assert_eq!(d.nimber(fa).unwrap(), ma, "nimber({})", a);
        prop_assert_eq!(d.nimber(fb).unwrap(), mb, "nimber({})", b);
        Ok(by_stops)
    }

    /// Small games: numbers, infinitesimals and switches at the leaves (so that many forms are
    /// hot), games of up to two options a side, negations and sums.
    fn game() -> impl Strategy<Value = String> {
        let leaf = prop::sample::select(vec![
            "0", "1", "-1", "2", "-3", "1/2", "*", "^", "v*", "{1|-1}", "{2|-1}", "{3|1}",
            "{0|-2}", "{1|0}", "{-1|1}",
        ])
        .prop_map(String::from);
        leaf.prop_recursive(3, 20, 2, |inner| {
            let side = prop::collection::vec(inner.clone(), 0..3);
            prop_oneof![
                3 => (side.clone(), side)
                    .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(","))),
                1 => inner.clone().prop_map(|a| format!("-({a})")),
                1 => (inner.clone(), inner).prop_map(|(a, b)| format!("({a} + {b})")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn the_stops_shortcuts_agree_with_the_plain_definition(a in game(), b in game()) {
            agree(&a, &b)?;
        }
    }

    #[test]
    fn switches_and_their_negatives_are_settled_by_the_stops_as_the_definition_settles_them() {
        let games = [
            "{{4|2}|{1|-1}}",
            "{{3|1}|{0|-2}}",
            "-({{3|1}|{0|-2}})",
            "{5|{2|0}}",
            "{{2|1}|-3}",
            "{3|2}",
            "{1|-1}",
            "2",
            "-1",
            "1/2",
            "^",
            "{0|-2}",
        ];
        let mut settled = 0;
        for a in games {
            for b in games {
                settled += usize::from(agree(a, b).unwrap().is_some());
            }
        }
        // Most pairs here are settled without the recursion: the shortcut is exercised.
        assert!(settled >= games.len() * games.len() / 2, "{settled}");
    }

    #[test]
    fn forms_without_stops_here_are_left_to_the_definition() {
        let mut memo = Memo::default();
        let mut d = Definitional::new(&mut memo, None);
        // {−1 | 1} = 0 and {* | 1} = 0: a number written as a game whose a ≤ b; a sum.
        for s in ["{-1|1}", "{*|1}", "{1|-1} + {2|-2}", "{|}", "{0|}"] {
            let g = d.form(&t(s)).unwrap();
            if !matches!(d.memo.form(g), Form::Leaf(..)) {
                assert_eq!(d.stops(g).unwrap(), None, "{s}");
            }
        }
        let (zero, half) = (d.form(&t("{-1|1}")).unwrap(), d.form(&t("1/2")).unwrap());
        assert_eq!(d.le_by_stops(zero, half).unwrap(), None);
        assert!(d.le(zero, half).unwrap() && !d.le(half, zero).unwrap());
        assert_eq!(d.number(zero).unwrap(), Some(crate::number::Dyadic::zero()));
    }

    fn w(games: &[(&str, &str)]) -> Witnesses {
        Witnesses {
            games: games
                .iter()
                .map(|(n, x)| (crate::rules::Name::from(*n), t(x)))
                .collect(),
            ..Witnesses::default()
        }
    }

    /// Forged steps whose condition is false exactly in the stops' cases are refused, and the
    /// true steps beside them accepted.
    #[test]
    fn forged_steps_false_by_the_stops_are_refused() {
        let rules = RuleSet::builtin();
        let left = rules.get("dominated-left").unwrap();
        let mut i = TermRules::new(&rules);
        // Refuted by monotone stops: L({4|0}) = 4 > L({3|1}) = 3, so {4|0} ≤ {3|1} fails.
        let r = i.rewrites(
            left,
            &t("{{4|0},{3|1}|5}"),
            &t("{{3|1}|5}"),
            &w(&[("a", "{4|0}")]),
        );
        assert!(matches!(r, Err(Failure::Condition(_))), "{r:?}");
        // R({0|-3}) = −3 > R({2|-4}) = −4: {0|-3} ≤ {2|-4} fails.
        let r = i.rewrites(
            left,
            &t("{{0|-3},{2|-4}|5}"),
            &t("{{2|-4}|5}"),
            &w(&[("a", "{0|-3}")]),
        );
        assert!(matches!(r, Err(Failure::Condition(_))), "{r:?}");
        // A game against a number: L({3|2}) = 3 > 2, so {3|2} ≤ 2 fails …
        let r = i.rewrites(left, &t("{{3|2},2|5}"), &t("{2|5}"), &w(&[("a", "{3|2}")]));
        assert!(matches!(r, Err(Failure::Condition(_))), "{r:?}");
        // … and R({3|2}) = 2 > 1, so 1 ≤ {3|2} holds: the true step is accepted.
        let r = i.rewrites(left, &t("{1,{3|2}|5}"), &t("{{3|2}|5}"), &w(&[("a", "1")]));
        assert!(r.is_ok(), "{r:?}");
        // A number written as a hot-looking game is no hot game: {−1 | 1} = 0, so Number
        // Avoidance, which needs G to be no number, is refused for it.
        let avoid = rules.get("number-avoidance-left").unwrap();
        let none = Witnesses::default();
        let r = i.rewrites(avoid, &t("1 + {-1|1}"), &t("{1 + -1|1 + 1}"), &none);
        assert!(matches!(r, Err(Failure::Condition(_))), "{r:?}");
        // And granted for a hot G.
        let r = i.rewrites(avoid, &t("1 + {3|1}"), &t("{1 + 3|1 + 1}"), &none);
        assert!(r.is_ok(), "{r:?}");
    }
}
