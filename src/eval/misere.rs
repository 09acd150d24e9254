//! Misère play in the one evaluator: the rules of `rules/misere.rules` (or a user's) matched
//! on the forms of a misère derivation and their conditions decided in misère play.
//!
//! A form of the derivation's arena ([`Forms`], a DAG of impartial forms, each distinct form
//! one [`FId`], its options a sorted set) is its own node and its own child: its shape is a
//! game whose two sides are its options. What a condition means is the misère decider's
//! ([`Places::decide`]): `P(X)` says X is a misère P-position (found from the form by its
//! definition: it has an option, and every option is a win for the player to move);
//! `within(S, T)` that every member of S is a member of T; `H in every option of G but S`
//! that every option of G that is not a member of S has H as an option; `==`/`!=` and a name
//! bound twice compare forms. Forms are compared as the arena holds them (identical or not):
//! a derivation tries the rules at a form only once its options are simplest forms, and two
//! simplest forms are equal exactly when identical (ONAG ch. 12), so there this is misère
//! equality — and it is what Conway's theorems state and what the checker verifies. The
//! checker shares none of this code: `proof::misere_check` decides the same rules by the
//! definitions, P-positions by its own search.
//!
//! [`MisereRules`] is the [`Reducer`] the derivation (`misere::derive`) is given: at each
//! form it tries the rule set's `reduce` rules in order of priority, and the first match
//! whose conditions hold and whose result is an impartial form is the step.

use super::play_rules::{apply, predicate, Places, PlayRules};
use super::{BindsOf, Built, Leaf, Stop};
use crate::kernel::KernelError;
use crate::misere::derive::{Applied, FId, Forms, Reducer};
use crate::misere::Misere;
use crate::rules::{
    Condition, LeafTemplate, Predicate, Rel, RuleSet, Template, TemplateItem, ValueExpr,
};
use num_traits::{ToPrimitive, Zero};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The forms of a misère derivation as the evaluator sees them.
pub struct MisereHost<'a> {
    forms: &'a Forms,
    m: RefCell<&'a mut Misere>,
    /// Whether each form is a misère P-position, once asked (kept across forms by
    /// [`MisereRules`]).
    outcomes: &'a RefCell<FxHashMap<FId, bool>>,
    /// The rules tried: their variables' kinds and the kernel for number leaves.
    rules: &'a PlayRules,
}

impl MisereHost<'_> {
    /// Whether the form `f` is a misère P-position (the player to move loses): it has an
    /// option, and from every option the player to move wins. Each form once.
    fn p_position(&self, f: FId) -> Result<bool, KernelError> {
        if let Some(&p) = self.outcomes.borrow().get(&f) {
            return Ok(p);
        }
        self.m.borrow_mut().tick()?;
        let opts = self.forms.option_slice(f);
        let mut p = !opts.is_empty();
        for &o in opts {
            if self.p_position(o)? {
                p = false;
                break;
            }
        }
        self.outcomes.borrow_mut().insert(f, p);
        Ok(p)
    }

    /// The form a template writes under `b`, if the arena holds it; `None` where it writes
    /// no impartial form, or one that occurs nowhere (then it is no form a condition meets).
    fn template(&self, t: &Template, b: &BindsOf<Self>) -> Option<FId> {
        match t {
            Template::Var(v) => b.game(v).map(|g| g.id),
            Template::Game(l, r) => {
                let (l, r) = (self.items(l, b)?, self.items(r, b)?);
                // An impartial game: both players have the same options.
                (l == r).then_some(())?;
                self.forms.find(l)
            }
            // An impartial game is its own negative.
            Template::Neg(x) => self.template(x, b),
            Template::Leaf(LeafTemplate::Nim(ValueExpr::Lit(n))) => {
                let n = n.to_integer()?.to_usize()?;
                self.forms.find_heap(n)
            }
            Template::Leaf(
                LeafTemplate::Num(ValueExpr::Lit(x)) | LeafTemplate::Int(ValueExpr::Lit(x)),
            ) if x.is_zero() => self.forms.find_heap(0),
            Template::Sum(..) | Template::Leaf(_) | Template::Value(_) | Template::Call(..) => None,
        }
    }

    /// The forms of one side of a built game, sorted and without repeats.
    fn items(&self, items: &[TemplateItem], b: &BindsOf<Self>) -> Option<Vec<FId>> {
        let mut out = Vec::new();
        for item in items {
            match item {
                TemplateItem::One(t) => out.push(self.template(t, b)?),
                TemplateItem::Splice(s) => out.extend_from_slice(b.set(s)?),
                _ => return None,
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }
}

fn stop(e: KernelError) -> Stop {
    Stop::Kernel(e)
}

/// A form's options are its options for both players; a name bound twice stands for one form
/// (see the module's doc: in a derivation that is misère equality).
impl Places for MisereHost<'_> {
    type Place = FId;

    fn options(&self, f: FId) -> (&[FId], &[FId]) {
        let o = self.forms.option_slice(f);
        (o, o)
    }

    fn rules(&self) -> &PlayRules {
        self.rules
    }

    fn decide(&self, c: &Condition, b: &BindsOf<Self>) -> Result<bool, Stop> {
        decide(self, c, b).map_err(stop)
    }
}

/// One condition in misère play; a condition misère play gives no meaning to (an order other
/// than `==`/`!=`, a predicate of numbers) is false: the rule does not apply.
fn decide(
    host: &MisereHost<'_>,
    c: &Condition,
    b: &BindsOf<MisereHost<'_>>,
) -> Result<bool, KernelError> {
    match c {
        Condition::Compare(x, rel, y) => {
            let (x, y) = (host.template(x, b), host.template(y, b));
            Ok(match (rel, x, y) {
                (Rel::Eq, Some(x), Some(y)) => x == y,
                // A form the arena does not hold differs from every form it does.
                (Rel::Ne, Some(x), Some(y)) => x != y,
                (Rel::Ne, Some(_), None) | (Rel::Ne, None, Some(_)) => true,
                _ => false,
            })
        }
        Condition::Pred { .. } => predicate(c, b, |pred, arg| {
            Ok(match pred {
                Predicate::PPosition => match b.game(arg(0)) {
                    Some(g) => Some(host.p_position(g.id)?),
                    None => None,
                },
                // Member by member, stopping at the first not found: most candidates of a
                // reversal fail here at once.
                Predicate::Within => match (b.set(arg(0)), b.set(arg(1))) {
                    (Some(s), Some(t)) => Some(s.iter().all(|x| t.contains(x))),
                    _ => None,
                },
                Predicate::Same => match (b.set(arg(0)), b.set(arg(1))) {
                    (Some(s), Some(t)) => {
                        Some(s.iter().all(|x| t.contains(x)) && t.iter().all(|x| s.contains(x)))
                    }
                    _ => None,
                },
                _ => None,
            })
        }),
        Condition::InEvery { game, of, but } => {
            let Some(g) = b.game(of) else {
                return Ok(false);
            };
            let left_out: &[FId] = match but {
                Some(s) => match b.set(s) {
                    Some(v) => v,
                    None => return Ok(false),
                },
                None => &[],
            };
            let h = host.template(game, b);
            for &o in host.forms.option_slice(g.id) {
                if left_out.contains(&o) {
                    continue;
                }
                // A form the arena does not hold is an option of nothing.
                match h {
                    Some(h) if host.forms.option_slice(o).contains(&h) => {}
                    _ => return Ok(false),
                }
            }
            Ok(true)
        }
    }
}

/// The rules of a rule set applied to misère forms: the [`Reducer`] a misère derivation is
/// given. Only `reduce` rules are tried, lower priority first, then in the set's order.
pub struct MisereRules {
    rules: PlayRules,
    outcomes: RefCell<FxHashMap<FId, bool>>,
}

impl MisereRules {
    /// The `reduce` rules of `rules`, for misère derivations.
    pub fn new(rules: &RuleSet) -> Self {
        MisereRules {
            rules: PlayRules::new(rules, None),
            outcomes: RefCell::default(),
        }
    }
}

impl Reducer for MisereRules {
    fn reduce(
        &mut self,
        m: &mut Misere,
        forms: &mut Forms,
        g: FId,
    ) -> Result<Option<Applied>, KernelError> {
        for rule in self.rules.rules() {
            // A rule tried at a form is a unit of the derivation's work (with the forms
            // simplified and the P-position questions its conditions ask), so a derivation
            // that tries more rules for the same steps counts more.
            m.tick()?;
            let host = MisereHost {
                forms,
                m: RefCell::new(&mut *m),
                outcomes: &self.outcomes,
                rules: &self.rules,
            };
            let Some((b, built)) = apply(&host, rule, g, g, |built, _| Some(built))? else {
                continue;
            };
            // A result that is no impartial form (a number, say) is no step of misère play.
            let Some(after) = form_of_built(m, forms, &built, &b)? else {
                continue;
            };
            return Ok(Some(Applied {
                rule: rule.name.clone(),
                after,
                games: b
                    .games
                    .iter()
                    .filter(|(n, _)| n != "G")
                    .map(|(n, x)| (n.to_string(), x.id))
                    .collect(),
            }));
        }
        Ok(None)
    }
}

/// A rule's result as a form of the arena; `None` when it is not impartial.
fn form_of_built(
    m: &mut Misere,
    forms: &mut Forms,
    built: &Built<FId>,
    b: &BindsOf<MisereHost<'_>>,
) -> Result<Option<FId>, KernelError> {
    Ok(match built {
        Built::Id(f) => Some(*f),
        Built::Slot(s) => b.slots.get(*s).map(|s| s.node),
        Built::Leaf(Leaf::Nus { number, up, nim }) if number.is_zero() && up.is_zero() => {
            match nim.to_u64().and_then(|n| usize::try_from(n).ok()) {
                Some(n) => Some(forms.heap(n)?),
                None => None,
            }
        }
        Built::Leaf(_) => None,
        Built::Game(l, r) => {
            let (Some(mut l), Some(mut r)) = (list(m, forms, l, b)?, list(m, forms, r, b)?) else {
                return Ok(None);
            };
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
            if l != r {
                return Ok(None);
            }
            Some(forms.game(l)?)
        }
        Built::Sum(x, y) => {
            let (Some(x), Some(y)) = (
                form_of_built(m, forms, x, b)?,
                form_of_built(m, forms, y, b)?,
            ) else {
                return Ok(None);
            };
            Some(forms.sum(m, x, y)?)
        }
        // An impartial game is its own negative.
        Built::Neg(x) => form_of_built(m, forms, x, b)?,
    })
}

fn list(
    m: &mut Misere,
    forms: &mut Forms,
    items: &[Built<FId>],
    b: &BindsOf<MisereHost<'_>>,
) -> Result<Option<Vec<FId>>, KernelError> {
    let mut out = Vec::with_capacity(items.len());
    for x in items {
        match form_of_built(m, forms, x, b)? {
            Some(f) => out.push(f),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// The misère derivation of `input` by the `reduce` rules of `rules`.
pub fn derive(
    m: &mut Misere,
    forms: &mut Forms,
    input: FId,
    rules: &RuleSet,
) -> Result<crate::misere::derive::MisereDerivation, KernelError> {
    crate::misere::derive::derive(m, forms, input, &mut MisereRules::new(rules))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::derive::form_of;

    fn form(m: &mut Misere, forms: &mut Forms, s: &str) -> FId {
        form_of(m, forms, &crate::syntax::parse(s).unwrap()).unwrap()
    }

    /// The derivation of the game written `s` by `rules`.
    fn derived(
        m: &mut Misere,
        forms: &mut Forms,
        s: &str,
        rules: &RuleSet,
    ) -> crate::misere::derive::MisereDerivation {
        let f = form(m, forms, s);
        derive(m, forms, f, rules).unwrap()
    }

    fn shipped() -> RuleSet {
        RuleSet::misere()
    }

    #[test]
    fn the_proviso_turns_a_star_option_into_zero_but_not_a_star_two() {
        let (mut m, mut fs, rules) = (Misere::default(), Forms::new(), shipped());
        // {*} = 0: * has 0 as an option and is a misère P-position.
        let d = derived(&mut m, &mut fs, "{*|*}", &rules);
        assert_eq!(d.steps.len(), 1);
        assert_eq!(d.result, fs.heap(0).unwrap());
        assert_eq!(d.steps[0].reduction.rule, "misere-reversible-zero");
        // {*2} is already simplest (the proviso fails: *2 is no P-position).
        let d = derived(&mut m, &mut fs, "{*2|*2}", &rules);
        assert!(d.steps.is_empty());
        let h2 = fs.heap(2).unwrap();
        assert_eq!(d.result, fs.game(vec![h2]).unwrap());
    }

    #[test]
    fn options_are_simplified_before_the_game() {
        let (mut m, mut fs, rules) = (Misere::default(), Forms::new(), shipped());
        // {{*}, *2}: the option {*} becomes 0 first; then in {0, *2} the option *2 reverses
        // through * (whose one option 0 is the other option), as in normal play.
        let d = derived(&mut m, &mut fs, "{{*|*},*2|{*|*},*2}", &rules);
        assert_eq!(d.steps.len(), 2);
        let star = fs.heap(1).unwrap();
        assert_eq!(d.steps[0].before, fs.game(vec![star]).unwrap());
        assert_eq!(d.steps[1].before, d.steps[0].whole);
        assert_eq!(d.steps[1].reduction.rule, "misere-reversible");
        assert_eq!(d.steps[1].reduction.game("H"), Some(star));
        assert_eq!(d.result, star);
    }

    /// A form met along many paths is one form: {*} under both options of {{*}, {{*}}} is
    /// replaced by one step, everywhere.
    #[test]
    fn a_shared_form_is_simplified_once_everywhere() {
        let (mut m, mut fs, rules) = (Misere::default(), Forms::new(), shipped());
        let d = derived(
            &mut m,
            &mut fs,
            "{{*|*},{{*|*}|{*|*}}|{*|*},{{*|*}|{*|*}}}",
            &rules,
        );
        let star = fs.heap(1).unwrap();
        let g = fs.game(vec![star]).unwrap();
        assert_eq!(d.steps.iter().filter(|s| s.before == g).count(), 1);
        // {0, {0}} = {0, *} = *2.
        assert_eq!(d.result, fs.heap(2).unwrap());
    }

    /// A step can make the form it replaced anew: in {{{*}}}, replacing {*} by 0 turns
    /// {{{*}}} into {{0}} = {*} again, which is replaced once more (by the definitions: {*} = 0
    /// by the proviso, so {{*}} = {0} = * and {{{*}}} = {*} = 0). The derivation ends at the
    /// simplest form as written, not at a form that still holds {*}.
    #[test]
    fn a_form_made_anew_by_a_step_is_replaced_again() {
        let (mut m, mut fs, rules) = (Misere::default(), Forms::new(), shipped());
        let d = derived(&mut m, &mut fs, "{{{*|*}|{*|*}}|{{*|*}|{*|*}}}", &rules);
        let star = fs.heap(1).unwrap();
        let g = fs.game(vec![star]).unwrap();
        assert_eq!(d.steps.len(), 2);
        assert!(d.steps.iter().all(|s| s.before == g));
        assert!(d
            .steps
            .iter()
            .all(|s| s.reduction.rule == "misere-reversible-zero"));
        assert_eq!(d.result, fs.heap(0).unwrap());
    }

    /// Every form born by day 3 (by the definition: every set of the forms born before),
    /// and a few sums: the rules reach the misère kernel's simplest form, and without the
    /// proviso's rule they stop short exactly where the kernel's form is 0 reached only by it.
    #[test]
    fn the_shipped_rules_reach_the_kernels_simplest_form() {
        let (mut m, mut fs, rules) = (Misere::default(), Forms::new(), shipped());
        let mut born = vec![fs.heap(0).unwrap()];
        for _ in 0..3 {
            let mut next = Vec::new();
            for mask in 0u32..(1 << born.len()) {
                let o = (0..born.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| born[i])
                    .collect();
                next.push(fs.game(o).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            born = next;
        }
        assert_eq!(born.len(), 16);
        for &f in &born {
            let d = derive(&mut m, &mut fs, f, &rules).unwrap();
            let simplest = fs.of_mid(&mut m, d.canonical).unwrap();
            assert_eq!(d.result, simplest);
        }
    }

    /// The misère kernel's own reduction (`Misere::reduction`, written apart from the rules)
    /// as a reducer: the rules must take exactly its steps.
    struct KernelReduction(rustc_hash::FxHashMap<FId, crate::misere::MId>);

    impl KernelReduction {
        fn value(&mut self, m: &mut Misere, forms: &Forms, f: FId) -> crate::misere::MId {
            if let Some(&v) = self.0.get(&f) {
                return v;
            }
            let v = match forms.as_heap(f) {
                Some(n) => m.heap(n).unwrap(),
                None => {
                    let o = forms.options(f);
                    let o = o.into_iter().map(|x| self.value(m, forms, x)).collect();
                    m.game(o).unwrap()
                }
            };
            self.0.insert(f, v);
            v
        }
    }

    impl Reducer for KernelReduction {
        fn reduce(
            &mut self,
            m: &mut Misere,
            forms: &mut Forms,
            g: FId,
        ) -> Result<Option<Applied>, KernelError> {
            let mut ids: Vec<_> = forms
                .options(g)
                .into_iter()
                .map(|o| self.value(m, forms, o))
                .collect();
            ids.sort_unstable();
            ids.dedup();
            let Some(h) = m.reduction(&ids)? else {
                return Ok(None);
            };
            let rule = if h == m.zero() {
                "misere-reversible-zero"
            } else {
                "misere-reversible"
            };
            Ok(Some(Applied {
                rule: rule.into(),
                after: forms.of_mid(m, h)?,
                games: Vec::new(),
            }))
        }
    }

    /// Kayles' rows and a few sums: the rules of `rules/misere.rules` take the same steps,
    /// at the same forms, to the same results, as the kernel's reduction.
    #[test]
    fn the_rules_take_the_kernels_steps() {
        for s in [
            "kayles(9)",
            "kayles(12)",
            "dawsons_kayles(14)",
            "kayles(5) + kayles(6)",
        ] {
            let (mut m, mut fs) = (Misere::default(), Forms::new());
            let f = form(&mut m, &mut fs, s);
            let by_rules = derive(&mut m, &mut fs, f, &shipped()).unwrap();
            let by_kernel = crate::misere::derive::derive(
                &mut m,
                &mut fs,
                f,
                &mut KernelReduction(Default::default()),
            )
            .unwrap();
            let steps = |d: &crate::misere::derive::MisereDerivation| -> Vec<_> {
                d.steps
                    .iter()
                    .map(|x| (x.reduction.rule.clone(), x.before, x.after))
                    .collect()
            };
            assert_eq!(steps(&by_rules), steps(&by_kernel), "{s}");
            assert_eq!(by_rules.result, by_kernel.result, "{s}");
            assert!(!by_rules.steps.is_empty(), "{s}");
        }
    }

    /// Without `misere-reversible-zero` the derivation of {*} takes no step: the rule set is
    /// what runs.
    #[test]
    fn removing_a_rule_removes_its_steps() {
        let (mut m, mut fs) = (Misere::default(), Forms::new());
        let mut rules = shipped();
        assert!(rules.remove("misere-reversible-zero"));
        let f = form(&mut m, &mut fs, "{*|*}");
        let d = derive(&mut m, &mut fs, f, &rules).unwrap();
        assert!(d.steps.is_empty());
        assert_eq!(d.result, f);
    }
}
