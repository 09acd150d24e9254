//! Patterns matched against a host's nodes, options as sets.
//!
//! Each picked option is any one not already picked, and `..X` takes the rest. A nested
//! pattern below the top looks at the nodes the host offers for that child
//! ([`Host::candidates`]); the node the match starts from is taken as it is (a rule rewrites
//! what is written there). Matches are produced in one fixed order (picks by position, Left
//! before Right), each passed to a continuation that says whether to stop.

use super::{BindsOf, Bound, Host, Shape, Slot, Stop, Want};
use crate::number::Dyadic;
use crate::rules::{LeafPattern, Name, Pattern, Rule, SidePattern, ValueArg};
use num_bigint::BigInt;
use num_traits::Zero;

/// What each match is handed to: `Ok(true)` stops the search. It gets the bindings to extend
/// in place (a continuation that matches the next part pushes its bindings and truncates them
/// again before it returns, as every step here does), so no candidate copies them.
type Cont<'c, H> = dyn FnMut(&mut BindsOf<H>) -> Result<bool, Stop> + 'c;

/// Calls `each` on every match of `pattern` against `node` (reached through `id`), in order,
/// until it returns `Ok(true)`; whether it did.
#[cfg(test)]
pub fn matches<H: Host>(
    host: &H,
    pattern: &Pattern,
    id: H::Id,
    node: H::Node,
    each: &mut dyn FnMut(&mut BindsOf<H>) -> Result<bool, Stop>,
) -> Result<bool, Stop> {
    matches_in(host, pattern, id, node, each, &mut BindsOf::<H>::default())
}

/// [`matches`] with the bindings grown in `b` (emptied first): a caller that matches many
/// times keeps one `b` and its vectors' room, rather than growing new ones each time.
fn matches_in<H: Host>(
    host: &H,
    pattern: &Pattern,
    id: H::Id,
    node: H::Node,
    each: &mut dyn FnMut(&mut BindsOf<H>) -> Result<bool, Stop>,
    b: &mut BindsOf<H>,
) -> Result<bool, Stop> {
    b.clear();
    b.slots.push(Slot {
        node,
        id: id.clone(),
        parent: None,
    });
    Matcher { host }.node(pattern, 0, &id, b, &mut |b| each(b))
}

/// The first match of `rule` at `node` whose side conditions hold and that `accept` takes
/// (the engine turns down matches that change nothing; the producer those whose result cannot
/// be built). `give_up` is asked before each candidate: a limit reached meanwhile ends the
/// search with [`Stop::GaveUp`].
pub fn first<H: Host>(
    host: &H,
    rule: &Rule,
    id: H::Id,
    node: H::Node,
    accept: &mut dyn FnMut(&BindsOf<H>) -> Result<bool, Stop>,
    give_up: &dyn Fn() -> bool,
) -> Result<Option<BindsOf<H>>, Stop> {
    let mut out = BindsOf::<H>::default();
    let found = first_in(
        host,
        rule,
        id,
        node,
        accept,
        give_up,
        &mut BindsOf::<H>::default(),
        &mut out,
    )?;
    Ok(found.then_some(out))
}

/// [`first`] with the bindings grown in `work` and the match found swapped into `out` (both
/// emptied first); whether one was found. A caller that tries many rules keeps the two and
/// their vectors' room instead of growing new ones for every rule.
#[allow(clippy::too_many_arguments)]
pub fn first_in<H: Host>(
    host: &H,
    rule: &Rule,
    id: H::Id,
    node: H::Node,
    accept: &mut dyn FnMut(&BindsOf<H>) -> Result<bool, Stop>,
    give_up: &dyn Fn() -> bool,
    work: &mut BindsOf<H>,
    out: &mut BindsOf<H>,
) -> Result<bool, Stop> {
    out.clear();
    // The kinds of the rule's variables, worked out on the first candidate: most calls find
    // none (a rule tried on each of a million options).
    let kinds: std::cell::OnceCell<Option<std::rc::Rc<super::Kinds>>> = Default::default();
    let mut found = false;
    let each = &mut |b: &mut BindsOf<H>| {
        if give_up() {
            return Err(Stop::GaveUp);
        }
        // A rule whose variables have no consistent kinds (never one from a checked rule
        // set) matches nothing.
        let Some(kinds) = kinds.get_or_init(|| host.kinds(rule)) else {
            return Ok(true);
        };
        if host.asks(rule, b) && super::conditions(host, rule, b, kinds)? && accept(b)? {
            // The search stops here: the bindings are swapped out, not copied (what is left
            // to undo on the way out is then `out`'s empty vectors).
            std::mem::swap(b, out);
            found = true;
            return Ok(true);
        }
        Ok(false)
    };
    matches_in(host, &rule.pattern, id, node, each, work)?;
    Ok(found)
}

/// Whether `pattern` can match `node` as far as its top tells: `false` exactly where
/// [`Matcher::node`] finds no match whatever the children are (another kind of node, or a
/// side with fewer options than the pattern picks, or more than it picks and no rest). A
/// producer tries some fifty rules at each node, most of another shape: this spares them
/// the copies a match starts with.
pub fn may_match<H: Host>(host: &H, pattern: &Pattern, node: &H::Node) -> bool {
    let fits = |sp: &SidePattern, n: usize| {
        sp.picks.len() <= n && (sp.rest.is_some() || sp.picks.len() == n)
    };
    match (pattern, host.shape(node)) {
        (Pattern::Var(_), _) => true,
        (Pattern::Bind(_, inner), _) => may_match(host, inner, node),
        (Pattern::Game(lp, rp), Shape::Game(l, r)) => fits(lp, l.len()) && fits(rp, r.len()),
        (Pattern::Sum(..), Shape::Sum(..))
        | (Pattern::Neg(_), Shape::Neg(_))
        | (Pattern::PlusMinus(_), Shape::PlusMinus(_))
        | (Pattern::Leaf(_), Shape::Leaf(_)) => true,
        _ => false,
    }
}

struct Matcher<'h, H> {
    host: &'h H,
}

impl<H: Host> Matcher<'_, H> {
    /// Matches `p` against the node in `slot`, reached through child `id`.
    fn node(
        &self,
        p: &Pattern,
        slot: usize,
        id: &H::Id,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        let node = b.slots[slot].node.clone();
        let here = Bound {
            id: id.clone(),
            slot: Some(slot),
        };
        match (p, self.host.shape(&node)) {
            (Pattern::Var(v), _) => self.bind_game(v, here, b, k),
            (Pattern::Bind(v, inner), _) => {
                let mark = b.games.len();
                if !self.push_game(v, here, b)? {
                    return Ok(false);
                }
                let stop = self.node(inner, slot, id, b, k);
                b.games.truncate(mark);
                stop
            }
            (Pattern::Game(lp, rp), Shape::Game(l, r)) => {
                let nl = l.len();
                self.side(lp, l, 0, slot, b, &mut |b2| {
                    self.side(rp, r, nl, slot, b2, k)
                })
            }
            (Pattern::Sum(pa, pb), Shape::Sum(a, c)) => self.child(pa, a, slot, 0, b, &mut |b2| {
                self.child(pb, c, slot, 1, b2, k)
            }),
            (Pattern::Neg(pa), Shape::Neg(a)) => self.child(pa, a, slot, 0, b, k),
            (Pattern::PlusMinus(s), Shape::PlusMinus(xs)) => {
                let mark = b.sets.len();
                b.sets.push((Name::from(s.as_str()), xs.to_vec()));
                let stop = k(b);
                b.sets.truncate(mark);
                stop
            }
            (Pattern::Leaf(lp), Shape::Leaf(leaf)) => self.leaf(lp, leaf, b, k),
            _ => Ok(false),
        }
    }

    /// Matches `p` against child `child` at position `pos` of the node in slot `parent`.
    fn child(
        &self,
        p: &Pattern,
        child: &H::Id,
        parent: usize,
        pos: usize,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        let at_child = || Bound {
            id: child.clone(),
            slot: None,
        };
        match p {
            Pattern::Var(v) => self.bind_game(v, at_child(), b, k),
            Pattern::Bind(v, inner) if matches!(**inner, Pattern::Var(_)) => {
                let mark = b.games.len();
                if !self.push_game(v, at_child(), b)? {
                    return Ok(false);
                }
                let stop = self.child(inner, child, parent, pos, b, k);
                b.games.truncate(mark);
                stop
            }
            Pattern::Bind(v, inner) => self.inside(inner, Some(v), child, parent, pos, b, k),
            _ => self.inside(p, None, child, parent, pos, b, k),
        }
    }

    /// Tries `p` against each node the host offers for `child`, recording it in a new slot.
    #[allow(clippy::too_many_arguments)]
    fn inside(
        &self,
        p: &Pattern,
        bind: Option<&str>,
        child: &H::Id,
        parent: usize,
        pos: usize,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        let want = match p {
            Pattern::Game(..) => Want::Game,
            Pattern::Leaf(_) => Want::Leaf,
            Pattern::Sum(..) => Want::Sum,
            Pattern::Neg(_) => Want::Neg,
            Pattern::PlusMinus(_) => Want::PlusMinus,
            Pattern::Var(_) | Pattern::Bind(..) => return self.child(p, child, parent, pos, b, k),
            // Loopy play's terms are matched on terms (`eval::loopy_terms`), never on nodes.
            Pattern::Call(..) => return Ok(false),
        };
        for node in self.host.candidates(child, want)? {
            b.slots.push(Slot {
                node,
                id: child.clone(),
                parent: Some((parent, pos)),
            });
            let slot = b.slots.len() - 1;
            let mark = b.games.len();
            let bound = match bind {
                Some(v) => self.push_game(
                    v,
                    Bound {
                        id: child.clone(),
                        slot: Some(slot),
                    },
                    b,
                )?,
                None => true,
            };
            let stop = if bound {
                self.node(p, slot, child, b, k)
            } else {
                Ok(false)
            };
            b.games.truncate(mark);
            b.slots.truncate(slot);
            if stop? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Matches one side's picks (in any order, each a different option) and rest.
    fn side(
        &self,
        sp: &SidePattern,
        kids: &[H::Id],
        offset: usize,
        slot: usize,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        // Most games have few options: their marks live on the stack.
        let mut few = [false; 16];
        let mut many = Vec::new();
        let used: &mut [bool] = match few.get_mut(..kids.len()) {
            Some(u) => u,
            None => {
                many.resize(kids.len(), false);
                &mut many
            }
        };
        self.picks(sp, 0, kids, offset, slot, used, b, k)
    }

    #[allow(clippy::too_many_arguments)]
    fn picks(
        &self,
        sp: &SidePattern,
        i: usize,
        kids: &[H::Id],
        offset: usize,
        slot: usize,
        used: &mut [bool],
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        let Some(pick) = sp.picks.get(i) else {
            let rest: Vec<H::Id> = kids
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(c, _)| c.clone())
                .collect();
            return match &sp.rest {
                Some(name) => {
                    let mark = b.sets.len();
                    b.sets.push((Name::from(name.as_str()), rest));
                    let stop = k(b);
                    b.sets.truncate(mark);
                    stop
                }
                None if rest.is_empty() => k(b),
                None => Ok(false),
            };
        };
        for p in 0..kids.len() {
            if used[p] {
                continue;
            }
            used[p] = true;
            // The later picks mark and unmark `used` in turn, leaving it as they found it.
            let mut cont =
                |b2: &mut BindsOf<H>| self.picks(sp, i + 1, kids, offset, slot, &mut *used, b2, k);
            let stop = self.child(pick, &kids[p], slot, offset + p, b, &mut cont);
            used[p] = false;
            if stop? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Binds `v`; a name bound before must stand for the same game.
    fn push_game(&self, v: &str, g: Bound<H::Id>, b: &mut BindsOf<H>) -> Result<bool, Stop> {
        if let Some(prev) = b.game(v) {
            return self.host.same(&prev.id, &g.id);
        }
        b.games.push((Name::from(v), g));
        Ok(true)
    }

    fn bind_game(
        &self,
        v: &str,
        g: Bound<H::Id>,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        let mark = b.games.len();
        if !self.push_game(v, g, b)? {
            return Ok(false);
        }
        let stop = k(b);
        b.games.truncate(mark);
        stop
    }

    fn leaf(
        &self,
        lp: &LeafPattern,
        leaf: super::LeafRef<'_>,
        b: &mut BindsOf<H>,
        k: &mut Cont<H>,
    ) -> Result<bool, Stop> {
        use super::LeafRef;
        let zero = (
            Dyadic::zero(),
            BigInt::zero(),
            crate::number::Nimber::zero(),
        );
        let (number, up, nim) = match (lp, leaf) {
            (LeafPattern::Hack(r), LeafRef::Hack(row)) => {
                b.rows.push((Name::from(r.as_str()), row.to_vec()));
                let stop = k(b);
                b.rows.pop();
                return stop;
            }
            (LeafPattern::Hack(_), _) | (_, LeafRef::Hack(_)) => return Ok(false),
            (_, LeafRef::Zero) => (&zero.0, &zero.1, &zero.2),
            (_, LeafRef::Nus { number, up, nim }) => (number, up, nim),
        };
        let mark = b.values.len();
        let nim_d = || Dyadic::integer(BigInt::from(nim.value().clone()));
        let up_d = || Dyadic::integer(up.clone());
        let pure = up.is_zero() && nim.is_zero();
        let ok = match lp {
            LeafPattern::Num(a) => pure && arg(a, number.clone(), b),
            LeafPattern::Int(a) => pure && number.is_integer() && arg(a, number.clone(), b),
            LeafPattern::Nim(a) => number.is_zero() && up.is_zero() && arg(a, nim_d(), b),
            LeafPattern::Up(a) => number.is_zero() && nim.is_zero() && arg(a, up_d(), b),
            LeafPattern::Nus(x, u, n) => {
                arg(x, number.clone(), b) && arg(u, up_d(), b) && arg(n, nim_d(), b)
            }
            LeafPattern::Hack(_) => false,
        };
        let stop = if ok { k(b) } else { Ok(false) };
        b.values.truncate(mark);
        stop
    }
}

/// Matches one argument of a leaf pattern: anything, a literal, or a value variable (bound
/// before, it must be equal).
fn arg<I, N>(a: &ValueArg, v: Dyadic, b: &mut super::Binds<I, N>) -> bool {
    match a {
        ValueArg::Any => true,
        ValueArg::Lit(l) => *l == v,
        ValueArg::Var(name) => match b.value(name) {
            Some(prev) => *prev == v,
            None => {
                b.values.push((Name::from(name.as_str()), v));
                true
            }
        },
    }
}
