//! The checker's own interpreter of the rule language, one for every play: a rule's pattern
//! matched against a play's places, its conditions decided and its result built by the play.
//!
//! What is the same in every play lives here: options matched as sets (picks in any order,
//! each a distinct option, `..X` the rest), nested patterns, `NAME @ pattern`, a name bound
//! twice standing for equal games, the recorded witnesses agreeing with the match, and the
//! search for a match whose conditions hold and whose result is the step's. What a place is
//! and what a condition means is the play's, through [`Host`]: normal play's terms with the
//! definitional order (`proof::matcher`), misère play's forms with its own P-positions
//! (`proof::misere_check`), loopy play's whole terms (`A & B`, `onside(G)`) with its stopper
//! test and order of stoppers (`proof::loopy`'s term rules). This shares nothing with the producer's evaluator but the rule
//! data. A limit reached on the way is reported as a limit, never as a failed condition.

use super::step::Witnesses;
use crate::definitional::inequality::Undecided;
use crate::rules::check::VarKind;
use crate::rules::{Condition, Name, Pattern, Rule, SidePattern, Template};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The most matches enumerated for one step; beyond it the step is rejected as too ambiguous
/// to check, rather than checked for ever.
pub const MAX_MATCHES: usize = 20_000;

/// A match of a pattern against a place: what each variable stands for.
pub type Binds<P> = Witnesses<P>;

/// A value that may be undefined here (`None`: a part that is not a number, say), or a limit
/// or unreadable term that decides nothing (`Err`).
pub type Got<T> = Result<Option<T>, Undecided>;

/// A rule's variables and their kinds (`rules::check::bindings`).
pub type Kinds = BTreeMap<String, VarKind>;

/// Why a rule does not take a place to the claimed result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The pattern does not match at all.
    NoMatch,
    /// Matches exist, none agrees with the recorded witnesses.
    Witness(String),
    /// A match agreeing with the witnesses fails a side condition.
    Condition(String),
    /// A match satisfies the conditions but builds another result.
    Result(String),
    /// Too many ways to match, or a result that cannot be built.
    Other(String),
    /// A limit of the checker was reached: the step was not judged.
    Limit(String),
}

impl Failure {
    fn rank(&self) -> u8 {
        match self {
            Failure::NoMatch => 0,
            Failure::Other(_) => 1,
            Failure::Witness(_) => 2,
            Failure::Result(_) => 3,
            Failure::Condition(_) => 4,
            Failure::Limit(_) => 5,
        }
    }

    /// The failure in words.
    pub fn message(&self) -> String {
        match self {
            Failure::NoMatch => "the rule's pattern does not match the subterm".into(),
            Failure::Witness(s)
            | Failure::Condition(s)
            | Failure::Result(s)
            | Failure::Other(s) => s.clone(),
            Failure::Limit(s) => format!("limit reached: {s}"),
        }
    }
}

/// How a pattern that is not a variable sees a place.
pub enum Look<P> {
    /// As it is.
    Same,
    /// As this (a shared entry's top node, say).
    As(P),
    /// Not at all: nothing matches it.
    Gone,
}

/// What a play gives the interpreter: its places seen as games, and the meaning of its
/// conditions and results. A condition the play gives no meaning to is `Ok(None)` (it does
/// not hold); a limit is an error, kept by [`Host::limit`] where no `Result` reaches.
pub trait Host {
    /// A game of the play as the checker holds it.
    type Place: Clone;
    /// A place seen as a game, whose two sides [`Host::sides`] gives.
    type View;
    /// The Left and Right options of a view.
    fn sides(v: &Self::View) -> (&[Self::Place], &[Self::Place]);
    /// `t` itself as the one view [`Host::games`] would give of it, where the play's places
    /// are their own views (normal play's game terms): matched where it is, not copied into
    /// a list first. `None` leaves it to `games`.
    fn as_view(_t: &Self::Place) -> Option<&Self::View> {
        None
    }
    /// How a pattern other than a variable sees `t`.
    fn look(&mut self, t: &Self::Place) -> Look<Self::Place>;
    /// `t` as a game pattern sees it (none if it is no game); `top` is the rewritten place
    /// itself, which is taken as written.
    fn games(&mut self, t: &Self::Place, top: bool) -> Vec<Self::View>;
    /// What `NAME @ inner` may bind at `t`.
    fn bound(&mut self, inner: &Pattern, t: &Self::Place, top: bool) -> Vec<Self::Place>;
    /// Whether [`Host::bound`] would give `t` itself and nothing else: it is then bound where
    /// it is, without a list of copies. `false` (the default) always asks `bound`.
    fn binds_itself(&mut self, _inner: &Pattern, _t: &Self::Place, _top: bool) -> bool {
        false
    }
    /// The matches of a pattern that is neither a variable, a binding nor a game (a sum, a
    /// negative, a leaf): the play's own, if it has such places.
    fn other(
        &mut self,
        p: &Pattern,
        t: &Self::Place,
        b: &Binds<Self::Place>,
        out: &mut Vec<Binds<Self::Place>>,
        d: usize,
    );
    /// [`Host::other`] from `b`, borrowed or the caller's to extend: a play that overrides it
    /// binds a leaf's values in `b` itself when the caller is done with it (the second summand
    /// of every sum pattern), not in a copy of the whole match. By default, [`Host::other`].
    fn other_from(
        &mut self,
        p: &Pattern,
        t: &Self::Place,
        b: Cow<'_, Binds<Self::Place>>,
        out: &mut Vec<Binds<Self::Place>>,
        d: usize,
    ) {
        self.other(p, t, &b, out, d);
    }
    /// Whether a game variable `v` may stand for `t`: every place by default; a play whose
    /// places are not all games (loopy play's `onside(G)`, `A & B`) refuses the others, and
    /// may say why, or keep a limit, on its own side.
    fn takes(&mut self, _v: &str, _t: &Self::Place) -> bool {
        true
    }
    /// Whether two places are the same as written (cheap, and never a limit).
    fn same(&mut self, a: &Self::Place, b: &Self::Place) -> bool;
    /// Whether two places are equal games in the play: a name bound twice.
    fn equal(&mut self, a: &Self::Place, b: &Self::Place) -> Result<bool, Undecided>;
    /// Whether two lists of places are the same set.
    fn same_set(&mut self, a: &[Self::Place], b: &[Self::Place]) -> bool;
    /// The first limit reached while matching, kept for the step's verdict.
    fn limit(&mut self) -> &mut Option<String>;
    /// Whether a condition holds under `b`.
    fn decide(&mut self, c: &Condition, b: &Binds<Self::Place>, kinds: &Kinds) -> Got<bool>;
    /// The place a template writes under `b`.
    fn make(&mut self, t: &Template, b: &Binds<Self::Place>) -> Got<Self::Place>;
    /// A place in words.
    fn show(&mut self, p: &Self::Place) -> String;
}

/// What takes or refuses a built result: `Ok` if it is the step's, else why not.
pub type Accept<'a, H> = dyn FnMut(&mut H, &<H as Host>::Place) -> Result<(), Failure> + 'a;

/// A quick look at whether the result a template builds under a match is one the step's
/// `accept` takes: `true` only where building it would give a result and `accept` take it;
/// `false` says nothing, and the result is built and handed to `accept`.
pub type Quick<'a, H> = dyn FnMut(&mut H, &Template, &Binds<<H as Host>::Place>) -> bool + 'a;

/// Whether `rule` at `src`, under a match agreeing with `witnesses`, meets its conditions and
/// builds a result that `accept` takes (`accept` says why not, as a [`Failure::Result`]); the
/// match if one does.
pub fn rewrites<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    src: &H::Place,
    witnesses: &Binds<H::Place>,
    accept: &mut Accept<'_, H>,
) -> Result<Binds<H::Place>, Failure> {
    rewrites_quick(h, rule, kinds, src, witnesses, accept, &mut |_, _, _| false)
}

/// [`rewrites()`], a match whose result `quick` finds the step's taken without building it:
/// the verdict is the one building it and `accept` would give.
pub fn rewrites_quick<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    src: &H::Place,
    witnesses: &Binds<H::Place>,
    accept: &mut Accept<'_, H>,
    quick: &mut Quick<'_, H>,
) -> Result<Binds<H::Place>, Failure> {
    witness_kinds(rule, kinds, witnesses)?;
    let mut out = Vec::new();
    matches(h, &rule.pattern, src, true, &Binds::default(), &mut out, 0);
    if let Some(which) = h.limit().clone() {
        return Err(Failure::Limit(which));
    }
    if out.len() >= MAX_MATCHES {
        return Err(Failure::Other(format!(
            "more than {MAX_MATCHES} ways to match rule `{}`",
            rule.name
        )));
    }
    let mut best = Failure::NoMatch;
    // Taken by value: the match that holds is handed back as it is, not copied.
    for b in out {
        if let Some(b) = judge(h, rule, kinds, witnesses, accept, quick, b, &mut best)? {
            return Ok(b);
        }
    }
    Err(best)
}

/// Every recorded witness names a variable of `rule` of its kind: a game, or a set.
fn witness_kinds<P>(rule: &Rule, kinds: &Kinds, witnesses: &Binds<P>) -> Result<(), Failure> {
    for (n, _) in &witnesses.games {
        if !matches!(kinds.get(n.as_str()), Some(VarKind::Game)) {
            return Err(Failure::Witness(format!(
                "`{n}` is not a game variable of rule `{}`",
                rule.name
            )));
        }
    }
    for (n, _) in &witnesses.sets {
        if !matches!(kinds.get(n.as_str()), Some(VarKind::Set)) {
            return Err(Failure::Witness(format!(
                "`{n}` is not a set variable of rule `{}`",
                rule.name
            )));
        }
    }
    Ok(())
}

/// One match judged as [`rewrites_quick`] judges each, in turn: `Ok(Some)` the match taken,
/// `Ok(None)` a failure noted in `best` (kept if it ranks above it), `Err` a limit, which ends
/// the search.
#[allow(clippy::too_many_arguments)]
fn judge<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    witnesses: &Binds<H::Place>,
    accept: &mut Accept<'_, H>,
    quick: &mut Quick<'_, H>,
    b: Binds<H::Place>,
    best: &mut Failure,
) -> Result<Option<Binds<H::Place>>, Failure> {
    let mut note = |f: Failure| {
        if f.rank() > best.rank() {
            *best = f;
        }
    };
    if let Err(why) = agrees(h, &b, witnesses) {
        note(Failure::Witness(why));
        return Ok(None);
    }
    match conditions(h, rule, &b, kinds) {
        Ok(()) => {}
        Err(Failure::Limit(which)) => return Err(stop(h, which)),
        Err(f) => {
            note(f);
            return Ok(None);
        }
    }
    if quick(h, &rule.result, &b) {
        return Ok(Some(b));
    }
    match h.make(&rule.result, &b) {
        Err(Undecided::Limit(which)) => return Err(stop(h, which)),
        Ok(Some(built)) => match accept(h, &built) {
            Ok(()) => return Ok(Some(b)),
            Err(Failure::Limit(which)) => return Err(stop(h, which)),
            Err(f) => note(f),
        },
        Ok(None) | Err(Undecided::Unreadable(_)) => note(Failure::Other(format!(
            "rule `{}`'s result cannot be built",
            rule.name
        ))),
    }
    Ok(None)
}

/// [`rewrites_quick`], a rule whose pattern is a game whose picks are game variables, each
/// named once (the dominated options' `{ a, b, ..L | ..R }`), first looked at match by match.
///
/// Why: [`rewrites_quick`] lists every match before it judges the first (its verdict on too
/// many matches, or on a limit met while listing them, comes before any), and the dominated
/// options' rules match each ordered pair of options: the step's pair is nearly always the
/// first, and the others were built, each with its rest of the options copied, only to be
/// dropped (a third of such a step's check). Here the matches are counted without being
/// built, and when they are fewer than [`MAX_MATCHES`] each is built and judged in the order
/// [`matches()`] lists them, until one is taken. Binding
/// such variables decides nothing and meets no limit, so the list is the one [`matches()`]
/// makes, the matches judged are the ones [`rewrites_quick`] judges, in its order, and the
/// match taken, or the limit met, is its. Anything else — no match taken, more than a few
/// options, the memory limit near — is left to [`rewrites_quick`] from the start, whose
/// refusal and its words are then the step's.
pub fn rewrites_picking<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    src: &H::Place,
    witnesses: &Binds<H::Place>,
    accept: &mut Accept<'_, H>,
    quick: &mut Quick<'_, H>,
) -> Result<Binds<H::Place>, Failure> {
    if let Some(got) = by_picks(h, rule, kinds, src, witnesses, accept, quick) {
        return got;
    }
    rewrites_quick(h, rule, kinds, src, witnesses, accept, quick)
}

/// The names of a side's picks when each is a game variable; `None` if one is not.
fn pick_names(sp: &SidePattern) -> Option<Vec<&str>> {
    sp.picks
        .iter()
        .map(|p| match p {
            Pattern::Var(v) => Some(v.as_str()),
            _ => None,
        })
        .collect()
}

/// How many ways `k` distinct picks take options of a side of `n` (all of them when the side
/// names no rest): n·(n−1)·…·(n−k+1), at most `cap`.
fn ways(n: usize, k: usize, rest: bool, cap: u64) -> u64 {
    if k > n || (!rest && n != k) {
        return 0;
    }
    let mut w: u64 = 1;
    for m in (n - k + 1)..=n {
        w = w.saturating_mul(m as u64).min(cap);
    }
    w
}

/// Hands `each` every way `at.len()..k` more picks take options of `n` distinct from each
/// other and from those in `at`, in the order [`side`] finds them (the first pick's option
/// lowest first, then the next's), until it answers something.
fn each_way<T>(
    n: usize,
    k: usize,
    at: &mut Vec<usize>,
    each: &mut dyn FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    if at.len() == k {
        return each(at);
    }
    for p in 0..n {
        if at.contains(&p) {
            continue;
        }
        at.push(p);
        let got = each_way(n, k, at, each);
        at.pop();
        if got.is_some() {
            return got;
        }
    }
    None
}

/// The match [`rewrites_picking`] looks for first, if it finds it (or a limit on the way);
/// `None` leaves the step to [`rewrites_quick`].
fn by_picks<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    src: &H::Place,
    witnesses: &Binds<H::Place>,
    accept: &mut Accept<'_, H>,
    quick: &mut Quick<'_, H>,
) -> Option<Result<Binds<H::Place>, Failure>> {
    let Pattern::Game(lp, rp) = &rule.pattern else {
        return None;
    };
    let (ln, rn) = (pick_names(lp)?, pick_names(rp)?);
    let names: Vec<&str> = ln.iter().chain(&rn).copied().collect();
    let distinct = names
        .iter()
        .enumerate()
        .all(|(i, v)| !names[..i].contains(v));
    if !distinct || h.limit().is_some() || witness_kinds(rule, kinds, witnesses).is_err() {
        return None;
    }
    let t: Cow<'_, H::Place> = match h.look(src) {
        Look::Same => Cow::Borrowed(src),
        Look::As(u) => Cow::Owned(u),
        Look::Gone => return None,
    };
    let (left, right) = H::sides(H::as_view(&t)?);
    let cap = MAX_MATCHES as u64;
    let count = ways(left.len(), ln.len(), lp.rest.is_some(), cap).saturating_mul(ways(
        right.len(),
        rn.len(),
        rp.rest.is_some(),
        cap,
    ));
    if count == 0 || count >= cap {
        return None;
    }
    // The rest of a side's options, in order, as `side` lists them.
    let rest = |opts: &[H::Place], took: &[usize]| -> Vec<H::Place> {
        opts.iter()
            .enumerate()
            .filter(|(p, _)| !took.contains(p))
            .map(|(_, o)| o.clone())
            .collect()
    };
    let room = |opts: &[H::Place]| {
        let room = opts.len().saturating_mul(std::mem::size_of::<H::Place>());
        crate::memory::check_room(crate::memory::limit(), room).is_ok()
    };
    if !room(left) || !room(right) {
        return None;
    }
    let mut best = Failure::NoMatch;
    let (mut lat, mut rat) = (Vec::with_capacity(ln.len()), Vec::with_capacity(rn.len()));
    each_way(left.len(), ln.len(), &mut lat, &mut |l| {
        each_way(right.len(), rn.len(), &mut rat, &mut |r| {
            let mut b = Binds::<H::Place>::default();
            b.games.reserve_exact(names.len());
            for (i, (v, &p)) in ln.iter().zip(l).chain(rn.iter().zip(r)).enumerate() {
                let o = if i < ln.len() { &left[p] } else { &right[p] };
                // A place the play's variable does not take is no match (`bind_game`).
                if !h.takes(v, o) {
                    return None;
                }
                b.games.push((Name::from(*v), o.clone()));
            }
            for (sp, opts, took) in [(lp, left, l), (rp, right, r)] {
                if let Some(name) = &sp.rest {
                    b.sets.push((Name::from(name.as_str()), rest(opts, took)));
                }
            }
            match judge(h, rule, kinds, witnesses, accept, quick, b, &mut best) {
                Ok(Some(b)) => Some(Ok(b)),
                Ok(None) => None,
                Err(f) => Some(Err(f)),
            }
        })
    })
}

/// The result of the first match of `rule` at `t` (as [`matches()`] orders them) whose
/// conditions hold: the rule applied where nothing records how, as a definition is used
/// (normal play's `kind open` rules; misère play's simplest forms).
pub fn first<H: Host>(
    h: &mut H,
    rule: &Rule,
    kinds: &Kinds,
    t: &H::Place,
) -> Result<Option<H::Place>, Undecided> {
    let mut out = Vec::new();
    matches(h, &rule.pattern, t, true, &Binds::default(), &mut out, 0);
    for b in out {
        if conditions_hold(h, rule, &b, kinds)? {
            if let Some(built) = h.make(&rule.result, &b)? {
                return Ok(Some(built));
            }
        }
    }
    match h.limit().take() {
        Some(which) => Err(Undecided::Limit(which)),
        None => Ok(None),
    }
}

/// A limit reached: kept for the step's verdict, and the step's failure.
fn stop<H: Host>(h: &mut H, which: String) -> Failure {
    h.limit().get_or_insert(which.clone());
    Failure::Limit(which)
}

/// Checks a match against the recorded witnesses.
fn agrees<H: Host>(h: &mut H, b: &Binds<H::Place>, w: &Binds<H::Place>) -> Result<(), String> {
    for (n, t) in &w.games {
        match b.game(n) {
            Some(m) if h.same(m, t) => {}
            Some(m) => {
                let (t, m) = (h.show(t), h.show(m));
                return Err(format!(
                    "the witness {n} = {t} is not what the rule matches here ({n} = {m})"
                ));
            }
            None => return Err(format!("the rule binds no `{n}` here")),
        }
    }
    for (n, ts) in &w.sets {
        let Some(m) = b.set(n) else {
            return Err(format!("the rule binds no set `{n}` here"));
        };
        if !h.same_set(m, ts) {
            return Err(format!("the witness set {n} does not match"));
        }
    }
    for (n, v) in &w.values {
        if b.value(n) != Some(v) {
            return Err(format!("the witness value {n} = {v} does not match"));
        }
    }
    for (n, r) in &w.rows {
        if b.row(n) != Some(r.as_slice()) {
            return Err(format!("the witness row {n} does not match"));
        }
    }
    Ok(())
}

/// All extensions of `b` under which `p` matches `t` (at most [`MAX_MATCHES`]), in the order
/// they are tried; `top` is the rewritten place itself, which is never opened (a rule
/// rewrites what is written there).
pub fn matches<H: Host>(
    h: &mut H,
    p: &Pattern,
    t: &H::Place,
    top: bool,
    b: &Binds<H::Place>,
    out: &mut Vec<Binds<H::Place>>,
    d: usize,
) {
    matches_from(h, p, t, top, Cow::Borrowed(b), out, d);
}

/// [`matches()`] extending a match the caller is done with (each match of a sum's first
/// summand, extended by its second): a variable or a binding is added to `b` itself, not to
/// a copy of it.
pub fn matches_owned<H: Host>(
    h: &mut H,
    p: &Pattern,
    t: &H::Place,
    top: bool,
    b: Binds<H::Place>,
    out: &mut Vec<Binds<H::Place>>,
    d: usize,
) {
    matches_from(h, p, t, top, Cow::Owned(b), out, d);
}

/// [`matches()`] from `b`, borrowed or the caller's to extend.
pub(super) fn matches_from<H: Host>(
    h: &mut H,
    p: &Pattern,
    t: &H::Place,
    top: bool,
    b: Cow<'_, Binds<H::Place>>,
    out: &mut Vec<Binds<H::Place>>,
    d: usize,
) {
    if out.len() >= MAX_MATCHES || d > 64 {
        return;
    }
    if let Pattern::Var(v) = p {
        if let Some(b2) = bind_game(h, v, t, b) {
            out.push(b2);
        }
        return;
    }
    let t: Cow<'_, H::Place> = match h.look(t) {
        Look::Same => Cow::Borrowed(t),
        Look::As(u) => Cow::Owned(u),
        Look::Gone => return,
    };
    match p {
        Pattern::Bind(v, inner) if b.game(v).is_none() && h.binds_itself(inner, &t, top) => {
            // What `bound` and `bind_game` would do, with the place moved into the match
            // rather than copied twice (a summand of every sum's definition).
            if !h.takes(v, &t) {
                return;
            }
            if binds_games(inner) {
                let mut b2 = extended(b);
                b2.games.push((Name::from(v.as_str()), t.into_owned()));
                if let Some((_, t2)) = b2.games.last() {
                    matches(h, inner, t2, true, &b2, out, d + 1);
                }
                return;
            }
            // An inside that binds no game (`G @ { ..GL | ..GR }`, `X @ num(x)`: every sum
            // rule's summands) is matched in `b` itself, and the place bound after it in each
            // match it gives. It reads no game binding and adds none, so each match is the
            // one the branch above makes, list by list; but its sets and values are added to
            // `b` when the caller is done with it, not to a copy of `b` holding the place (a
            // game copied node by node, and every binding before it, then dropped: a tenth of
            // the matcher's work on Σ_{k≤12} {k|−k}).
            let start = out.len();
            matches_from(h, inner, &t, true, b, out, d + 1);
            let name = Name::from(v.as_str());
            if let Some((last, firsts)) = out[start..].split_last_mut() {
                for m in firsts {
                    m.games.push((name.clone(), t.clone().into_owned()));
                }
                last.games.push((name, t.into_owned()));
            }
        }
        Pattern::Bind(v, inner) => {
            for t2 in h.bound(inner, &t, top) {
                if let Some(b2) = bind_game(h, v, &t2, Cow::Borrowed(&*b)) {
                    matches(h, inner, &t2, true, &b2, out, d + 1);
                }
            }
        }
        Pattern::Game(lp, rp) => match H::as_view(&t) {
            Some(view) => game(h, (lp, rp), view, b, out, d),
            None => {
                for view in h.games(&t, top) {
                    game(h, (lp, rp), &view, Cow::Borrowed(&*b), out, d);
                }
            }
        },
        _ => h.other_from(p, &t, b, out, d),
    }
}

/// Whether matching `p` may bind a game variable (a call's arguments are taken to).
fn binds_games(p: &Pattern) -> bool {
    match p {
        Pattern::Var(_) | Pattern::Bind(..) | Pattern::Call(..) => true,
        Pattern::Game(l, r) => l.picks.iter().chain(&r.picks).any(binds_games),
        Pattern::Sum(a, c) => binds_games(a) || binds_games(c),
        Pattern::Neg(a) => binds_games(a),
        Pattern::PlusMinus(_) | Pattern::Leaf(_) => false,
    }
}

/// The matches of a game pattern's two sides in a view of a place, from `b`, borrowed or the
/// caller's to extend (the left side's matches are then `b` itself, extended).
fn game<H: Host>(
    h: &mut H,
    (lp, rp): (&SidePattern, &SidePattern),
    view: &H::View,
    b: Cow<'_, Binds<H::Place>>,
    out: &mut Vec<Binds<H::Place>>,
    d: usize,
) {
    let (left, right) = H::sides(view);
    let mut after_left = Vec::new();
    let mut used = vec![false; left.len()];
    side(h, lp, left, 0, &mut used, b, &mut after_left, d);
    for b2 in after_left {
        let mut used = vec![false; right.len()];
        side(h, rp, right, 0, &mut used, Cow::Owned(b2), out, d);
    }
}

/// The matches of one side of a game pattern: its picks, each a distinct option, from the
/// `i`-th on; the options left over are the rest.
///
/// `b` is owned where the caller has no further use for it (a match of the picks before, or
/// of the left side): the match it completes is then `b` itself, not a copy. Copying each
/// finished match (its games and sets cloned node by node) and dropping the original straight
/// after was 7 % of the producer's self-check of Σ_{k≤14} {k|−k} and 3 % of `check`'s.
#[allow(clippy::too_many_arguments)]
fn side<H: Host>(
    h: &mut H,
    sp: &SidePattern,
    opts: &[H::Place],
    i: usize,
    used: &mut Vec<bool>,
    b: Cow<'_, Binds<H::Place>>,
    out: &mut Vec<Binds<H::Place>>,
    d: usize,
) {
    if out.len() >= MAX_MATCHES || h.limit().is_some() {
        return;
    }
    if i == sp.picks.len() {
        // Each match holds the options left over: with millions of options, a few
        // matches are gigabytes, so the memory limit is asked before each is built.
        let room = opts.len().saturating_mul(std::mem::size_of::<H::Place>());
        if let Err(m) = crate::memory::check_room(crate::memory::limit(), room) {
            *h.limit() = Some(format!("{}: {m}", crate::memory::LIMIT_REACHED));
            return;
        }
        let rest: Vec<H::Place> = opts
            .iter()
            .zip(used.iter())
            .filter(|(_, u)| !**u)
            .map(|(t, _)| t.clone())
            .collect();
        match &sp.rest {
            Some(name) => {
                let mut b2 = extended(b);
                b2.sets.push((Name::from(name.as_str()), rest));
                out.push(b2);
            }
            None if rest.is_empty() => out.push(b.into_owned()),
            None => {}
        }
        return;
    }
    for p in 0..opts.len() {
        if used[p] {
            continue;
        }
        used[p] = true;
        let mut mid = Vec::new();
        matches(h, &sp.picks[i], &opts[p], false, &b, &mut mid, d + 1);
        for b2 in mid {
            side(h, sp, opts, i + 1, used, Cow::Owned(b2), out, d);
        }
        used[p] = false;
    }
}

/// Binds a game variable; a name bound twice must stand for equal games (the engine's
/// "same e-class" is, for the checker, "equal in the play", which is what makes it sound).
/// A limit reached deciding it is kept for the step's verdict.
fn bind_game<H: Host>(
    h: &mut H,
    v: &str,
    t: &H::Place,
    b: Cow<'_, Binds<H::Place>>,
) -> Option<Binds<H::Place>> {
    if !h.takes(v, t) {
        return None;
    }
    if let Some(prev) = b.game(v) {
        let equal = h.same(prev, t)
            || match h.equal(prev, t) {
                Ok(equal) => equal,
                Err(Undecided::Unreadable(_)) => false,
                Err(Undecided::Limit(which)) => {
                    h.limit().get_or_insert(which);
                    false
                }
            };
        return equal.then(|| b.into_owned());
    }
    let mut b2 = extended(b);
    b2.games.push((Name::from(v), t.clone()));
    Some(b2)
}

/// `b` to bind more in: itself when the caller is done with it, else a copy with room.
pub(super) fn extended<P: Clone>(b: Cow<'_, Binds<P>>) -> Binds<P> {
    match b {
        Cow::Borrowed(b) => with_room(b),
        Cow::Owned(b) => b,
    }
}

/// A copy of `b` to bind more in: each list that holds something gets room for two more, so
/// the binding that follows the copy, and the next, do not move the list again (a copy grown
/// by one was a reallocation on most bindings of every step's match).
fn with_room<P: Clone>(b: &Binds<P>) -> Binds<P> {
    fn room<T: Clone>(xs: &[T]) -> Vec<T> {
        if xs.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(xs.len() + 2);
        out.extend_from_slice(xs);
        out
    }
    Binds {
        games: room(&b.games),
        sets: room(&b.sets),
        values: room(&b.values),
        rows: room(&b.rows),
    }
}

/// Whether every side condition holds, without saying why not (opening a closed form tries
/// rules that do not apply).
pub fn conditions_hold<H: Host>(
    h: &mut H,
    rule: &Rule,
    b: &Binds<H::Place>,
    kinds: &Kinds,
) -> Result<bool, Undecided> {
    for c in &rule.conditions {
        if h.decide(c, b, kinds)? != Some(true) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Decides every side condition; on failure says which, with the witnesses' values. A limit
/// reached on the way is a limit, not a failed condition.
pub fn conditions<H: Host>(
    h: &mut H,
    rule: &Rule,
    b: &Binds<H::Place>,
    kinds: &Kinds,
) -> Result<(), Failure> {
    for c in &rule.conditions {
        let why = match h.decide(c, b, kinds) {
            Ok(Some(true)) => continue,
            Ok(Some(false)) => "fails",
            Ok(None) => "cannot be evaluated",
            Err(Undecided::Limit(which)) => return Err(Failure::Limit(which)),
            Err(Undecided::Unreadable(why)) => {
                return Err(Failure::Condition(format!(
                    "the condition {} cannot be evaluated: {why}",
                    show_cond(h, c, b)
                )))
            }
        };
        return Err(Failure::Condition(format!(
            "the condition {} {why}",
            show_cond(h, c, b)
        )));
    }
    Ok(())
}

/// A condition in words, with what its templates build under `b`.
pub fn show_cond<H: Host>(h: &mut H, c: &Condition, b: &Binds<H::Place>) -> String {
    let tmpl = |h: &mut H, t: &Template| match h.make(t, b) {
        Ok(Some(x)) => h.show(&x),
        _ => "?".into(),
    };
    match c {
        Condition::Compare(x, rel, y) => {
            format!("{} {} {}", tmpl(h, x), rel.symbol(), tmpl(h, y))
        }
        Condition::Pred {
            negated,
            pred,
            args,
        } => format!(
            "{}{}({})",
            if *negated { "not " } else { "" },
            pred.name(),
            args.join(", ")
        ),
        Condition::InEvery { game, of, but } => format!(
            "{} in every option of {of}{}",
            tmpl(h, game),
            but.as_ref().map_or(String::new(), |s| format!(" but {s}"))
        ),
    }
}
