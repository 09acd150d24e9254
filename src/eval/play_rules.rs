//! The derivation driver's core shared by the plays whose games are their own nodes (misère
//! forms, loopy positions): the rules a play's derivation tries, in their order, and one rule
//! tried at one place.
//!
//! A play's derivation asks, place by place, "the first rule that applies here". What differs
//! between the plays is only the host (what a place looks like, the play's decider) and what
//! a rule's result becomes there (a form of the misère arena, a rewritten loopy graph): the
//! caller's `accept`. The order (lower priority first, then the set's order), the cap on
//! candidate matches, the kinds of each rule's variables (worked out once) and the mapping of
//! a limit to an error are written here once.
//!
//! A fourth play (scoring play, say) plugs in by three things of its own: a host that is
//! [`Places`] (what a place's options are, and its decider: what `P(X)`, `<=`, … mean in
//! that play), what a rule's result becomes at a place (the `accept` of [`apply`]), and a
//! driver over its games: the order of places (misère's bottom-up over a DAG, each distinct
//! form once; loopy's one chain at the top), its step record, caps and openings. The rules,
//! their order and their matching it takes from here:
//!
//! ```text
//! struct ScoringHost<'a> { forms: &'a Scored, rules: &'a PlayRules }
//! impl Places for ScoringHost<'_> {
//!     type Place = SId;
//!     fn options(&self, p: SId) -> (&[SId], &[SId]) { self.forms.options(p) }
//!     fn rules(&self) -> &PlayRules { self.rules }
//!     fn decide(&self, c: &Condition, b: &BindsOf<Self>) -> Result<bool, Stop> {
//!         predicate(c, b, |pred, arg| Ok(self.forms.holds(pred, arg(0))))
//!     }
//! }
//! // The driver, at each place p it reaches: the first rule whose result is a scoring game.
//! for rule in host.rules.rules() {
//!     if let Some((binds, after)) = apply(&host, rule, p, p, |built, b| to_form(built, b))? {
//!         steps.push(Step { rule: rule.name.clone(), at: p, binds, after });
//!         break;
//!     }
//! }
//! ```

use super::{
    build, first, may_match, Binds, BindsOf, Built, Decider, Host, Kinds, Shape, Stop, Want,
};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rules::{Condition, Predicate, Rule, RuleKind, RuleSet};
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The most candidate matches tried for one rule at one place; beyond it the rule is taken
/// not to apply there.
pub const MAX_MATCHES: usize = super::terms::MAX_MATCHES;

/// The rules of a rule set one play's derivation tries: only `reduce` rules (a `manual` rule
/// states what no rewrite at one place does), lower priority first, then in the set's order.
pub struct PlayRules {
    rules: Vec<Rule>,
    /// The kinds of each rule's variables, by rule name (`None`: no consistent kinds).
    kinds: FxHashMap<String, Option<Rc<Kinds>>>,
    /// A kernel for the evaluator's number leaves (`0`, `*2` as results); it decides nothing
    /// in a play other than normal play.
    kernel: RefCell<Kernel>,
}

impl PlayRules {
    /// The `reduce` rules of `set`; with `group`, only those of that group.
    pub fn new(set: &RuleSet, group: Option<&str>) -> Self {
        Self::new_where(set, group, |_| true)
    }

    /// The `reduce` rules of `set` (of `group`, if given) that `keep` takes: a play whose
    /// driver runs some rules at places of one kind and others elsewhere (loopy play: the side
    /// rules inside `onside(…)`, the stopper rules on stoppers) holds one set for each.
    pub fn new_where(set: &RuleSet, group: Option<&str>, keep: impl Fn(&Rule) -> bool) -> Self {
        let mut rules: Vec<Rule> = set
            .rules()
            .iter()
            .filter(|r| r.kind == RuleKind::Reduce)
            .filter(|r| group.is_none_or(|g| r.groups.iter().any(|x| x == g)))
            .filter(|r| keep(r))
            .cloned()
            .collect();
        // Stable: rules of one priority stay in the set's order.
        rules.sort_by_key(|r| r.priority);
        let kinds = rules
            .iter()
            .map(|r| {
                let k = crate::rules::check::bindings(&r.pattern).ok().map(Rc::new);
                (r.name.clone(), k)
            })
            .collect();
        PlayRules {
            rules,
            kinds,
            kernel: RefCell::new(Kernel::new()),
        }
    }

    /// The rules in the order they are tried.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The rules in runs of one priority, lower first.
    pub fn by_priority(&self) -> impl Iterator<Item = &[Rule]> {
        self.rules.chunk_by(|a, b| a.priority == b.priority)
    }

    /// The kinds of `rule`'s variables (kept for the rules held; worked out for another).
    pub fn kinds(&self, rule: &Rule) -> Option<Rc<Kinds>> {
        match self.kinds.get(&rule.name) {
            Some(k) => k.clone(),
            None => crate::rules::check::bindings(&rule.pattern)
                .ok()
                .map(Rc::new),
        }
    }

    /// The kernel a host lends the evaluator.
    pub fn kernel(&self) -> impl std::ops::DerefMut<Target = Kernel> + '_ {
        self.kernel.borrow_mut()
    }
}

/// A play's games held as places that are their own nodes (a misère form, a loopy position):
/// a place's shape is a game whose options are places, so a pattern matches a place's options
/// (and, nested, an option's options). Such a play is a [`Host`] by what it says here: a name
/// bound twice stands for one place (the play keeps its places distinct as forms), a place has
/// no normal-play value, and conditions are the play's [`Decider`]'s.
pub trait Places {
    /// A place.
    type Place: Copy + PartialEq + std::fmt::Debug;
    /// Left's and Right's options of `p` (the same for an impartial play).
    fn options(&self, p: Place<Self>) -> (&[Place<Self>], &[Place<Self>]);
    /// The rules tried: their variables' kinds and the kernel for leaves.
    fn rules(&self) -> &PlayRules;
    /// Whether `c` holds under the match `b`, by the play's own definitions: the play's
    /// decider. A condition the play gives no meaning to is false (the rule does not apply).
    fn decide(&self, c: &Condition, b: &BindsOf<Self>) -> Result<bool, Stop>
    where
        Self: Sized;
    /// Whether the caller asks about this instance of `rule` ([`Host::asks`]): every instance
    /// unless the play's driver chooses them one at a time.
    fn asks(&self, _rule: &Rule, _b: &BindsOf<Self>) -> bool
    where
        Self: Sized,
    {
        true
    }
}

/// The decider of every [`Places`] play: its own [`Places::decide`].
struct OwnDecider;

impl<P: Places> Decider<P> for OwnDecider {
    fn condition(
        &self,
        host: &P,
        c: &Condition,
        b: &BindsOf<P>,
        _kinds: &std::collections::BTreeMap<String, crate::rules::check::VarKind>,
    ) -> Result<bool, Stop> {
        host.decide(c, b)
    }
}

type Place<P> = <P as Places>::Place;

impl<P: Places> Host for P {
    type Id = P::Place;
    type Node = P::Place;

    fn shape<'a>(&'a self, node: &'a P::Place) -> Shape<'a, P::Place> {
        let (l, r) = self.options(*node);
        Shape::Game(l, r)
    }

    fn candidates(&self, id: &P::Place, want: Want) -> Result<Vec<P::Place>, Stop> {
        Ok(match want {
            Want::Game => vec![*id],
            _ => Vec::new(),
        })
    }

    fn same(&self, a: &P::Place, b: &P::Place) -> Result<bool, Stop> {
        Ok(a == b)
    }

    fn value(&self, _k: &mut Kernel, _id: &P::Place) -> Result<Option<GameId>, Stop> {
        Ok(None)
    }

    fn kernel(&self) -> impl std::ops::DerefMut<Target = Kernel> + '_ {
        self.rules().kernel()
    }

    fn decider(&self) -> &dyn Decider<Self> {
        &OwnDecider
    }

    fn kinds(&self, rule: &Rule) -> Option<Rc<Kinds>> {
        self.rules().kinds(rule)
    }

    fn asks(&self, rule: &Rule, b: &BindsOf<Self>) -> bool {
        Places::asks(self, rule, b)
    }
}

/// The first instance of `rule` at the place `id` (its own node `node`) whose conditions hold
/// and whose built result `accept` takes (what the play makes of it); `None` when there is
/// none, or more than [`MAX_MATCHES`] candidates were tried. A limit reached while deciding a
/// condition is the error.
pub fn apply<H: Host, T>(
    host: &H,
    rule: &Rule,
    id: H::Id,
    node: H::Node,
    mut accept: impl FnMut(Built<H::Id>, &BindsOf<H>) -> Option<T>,
) -> Result<Option<(BindsOf<H>, T)>, KernelError> {
    if !may_match(host, &rule.pattern, &node) {
        return Ok(None);
    }
    let tried = Cell::new(0usize);
    let mut taken = None;
    let found = first(
        host,
        rule,
        id,
        node,
        &mut |b| {
            taken = match build(host, &rule.result, b)? {
                Some(built) => accept(built, b),
                None => None,
            };
            Ok(taken.is_some())
        },
        &|| {
            tried.set(tried.get() + 1);
            tried.get() > MAX_MATCHES
        },
    );
    match found {
        Ok(Some(b)) => Ok(taken.map(|t| (b, t))),
        Ok(None) | Err(Stop::GaveUp) => Ok(None),
        Err(Stop::Kernel(e)) => Err(e),
    }
}

/// A predicate condition (`P(X)`, `not empty(S)`) in a play whose games are its own nodes:
/// `decide` gives the play's meaning of the predicate on its arguments (by position, `""`
/// past the last), `None` where it has none or an argument is unbound, and the condition is
/// then false, negated or not. `empty(S)`, read off the match alike in every such play, and
/// the negation are decided here once. A condition that is not a predicate is false.
pub(super) fn predicate<'c, I, N, E>(
    c: &'c Condition,
    b: &Binds<I, N>,
    decide: impl FnOnce(Predicate, &dyn Fn(usize) -> &'c str) -> Result<Option<bool>, E>,
) -> Result<bool, E> {
    let Condition::Pred {
        negated,
        pred,
        args,
    } = c
    else {
        return Ok(false);
    };
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    let holds = match pred {
        Predicate::Empty => b.set(arg(0)).map(<[I]>::is_empty),
        _ => decide(*pred, &arg)?,
    };
    Ok(holds.is_some_and(|h| h != *negated))
}
