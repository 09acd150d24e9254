//! Looking inside a game (CGSuite's methods, as functions by one rule: `G.FooBar` is
//! `foo_bar(G)`, `G.Options(Left)` is `left_options(G)`):
//!
//! | onag | CGSuite |
//! |---|---|
//! | `options(G)` | `G.Options` (an impartial game's) |
//! | `left_options(G)`, `right_options(G)` | `G.LeftOptions`, `G.RightOptions` |
//! | `followers(G)`, `follower_count(G)` | `G.Followers`, `G.FollowerCount` |
//! | `incentives(G)`, `left_incentives(G)`, `right_incentives(G)` | `G.Incentives`, … |
//! | `stop_count(G)` | `G.StopCount` |
//! | `uptimal_expansion(G)` | `G.UptimalExpansion` |
//! | `companion(G)` | `G.Companion` |
//!
//! **Values or positions.** For a game these read its canonical form, and lists are printed
//! in CGSuite's order (numbers, then nimbers, then uptimals by expansion, then the rest by
//! their sorted options), each game once. For a ruleset call (`domineering("..|..")`,
//! `octal("0.77", 5)`: a call whose function opens by its own rule) `options`, `left_options`,
//! `right_options`, `followers` and `follower_count` mean the position's own moves, as
//! CGSuite's do on a position: the positions are listed as the calls that denote them, a sum
//! of components (`cutcake(1, 2) + cutcake(1, 1)`) being one position, a negated component
//! (`-domineering("..")`, as a board's transposed regions are written) its conjugate. The
//! loopy ruleset's call (`backsliding_toads_and_frogs("t.f")`) is a position too: its
//! options are the strips its moves leave, its followers every strip reachable (the number
//! world sends these five functions here for it, not to the loopy family).

use super::depth::{too_deep, MAX_DEPTH};
use super::reply::{Family, Reply};
use super::uptimal::Uptimals;
use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use crate::term::{Arg, Term};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// Most followers listed or counted one by one (an integer's are counted by formula).
const MAX_FOLLOWERS: usize = 1 << 20;

table! {
    handled listed in FAMILY: Family = Family::new, call;
    OPTIONS: "options", "options(G)", "the options of an impartial game (or position), as a list";
    LEFT_OPTIONS: "left_options", "left_options(G)",
        "Left's options of G's canonical form (or of a ruleset position), as a list";
    RIGHT_OPTIONS: "right_options", "right_options(G)",
        "Right's options of G's canonical form (or of a ruleset position), as a list";
    FOLLOWERS: "followers", "followers(G)",
        "every game (or position) reachable from G by moves of either player, G included";
    FOLLOWER_COUNT: "follower_count", "follower_count(G)", "how many followers G has (G included)";
    INCENTIVES: "incentives", "incentives(G)",
        "the undominated incentives GL - G and G - GR, as a list";
    LEFT_INCENTIVES: "left_incentives", "left_incentives(G)",
        "the undominated Left incentives GL - G, as a list";
    RIGHT_INCENTIVES: "right_incentives", "right_incentives(G)",
        "the undominated Right incentives G - GR, as a list";
    STOP_COUNT: "stop_count", "stop_count(G)",
        "the number of stopping positions (numbers) in G's complete game tree";
    UPTIMAL_EXPANSION: "uptimal_expansion", "uptimal_expansion(G)",
        "G = x + d1.^ + d2.^<2> + ... + *m printed as CGSuite does, x*m.d1d2... (an error if G is no uptimal)";
    COMPANION: "companion", "companion(G)",
        "G's lattice companion (Siegel, CGT III.2): {GL°, 0 if G >= 0 | GR°, 0 if G <= 0}, 0° = *";
}

/// The value of `name(args)`.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Reply, KernelError> {
    let Some(f) = super::lookup(name) else {
        return Err(super::unknown(name));
    };
    args::arity(f, a, 1)?;
    if matches!(
        name,
        "options" | "left_options" | "right_options" | "followers" | "follower_count"
    ) {
        if let Some(Arg::Game(t)) = a.first() {
            if let Some(p) = Position::of(k, t)? {
                return positions(k, name, p);
            }
        }
    }
    let g = args::game(f, a, 0, k)?;
    let int = |k: &mut Kernel, n: BigInt| Reply::Game(k.number(&Dyadic::from(n)));
    Ok(match name {
        "options" => {
            let (l, r) = (k.left_options(g)?, k.right_options(g)?);
            if !same_set(&l, &r) {
                return Err(args::error(
                    name,
                    "the game is partizan (its Left and Right options differ): use left_options(G) and right_options(G)",
                ));
            }
            list(k, l)?
        }
        "left_options" => {
            let l = k.left_options(g)?;
            list(k, l)?
        }
        "right_options" => {
            let r = k.right_options(g)?;
            list(k, r)?
        }
        "followers" => {
            let fs = followers(k, g)?;
            list(k, fs)?
        }
        "follower_count" => match k.as_number(g).and_then(|x| x.to_integer().cloned()) {
            // An integer n's followers are the integers from 0 to n.
            Some(n) => int(k, n.abs() + 1),
            None => {
                let n = followers(k, g)?.len();
                int(k, BigInt::from(n))
            }
        },
        "incentives" | "left_incentives" | "right_incentives" => {
            let xs = incentives(k, g, name != "right_incentives", name != "left_incentives")?;
            list(k, xs)?
        }
        "stop_count" => {
            let n = stop_count(k, g, &mut HashMap::new(), 0)?;
            int(k, n)
        }
        "uptimal_expansion" => {
            match Uptimals::new().of(k, g)? {
                Some(e) => Reply::Text {
                    kind: "uptimal expansion",
                    text: e.print(),
                },
                None => {
                    let shown = crate::analysis::shown(k, g);
                    return Err(args::error(
                    name,
                    format!("{shown} is not an uptimal (no x + d1.^ + d2.^<2> + ... + *m equals it)"),
                ));
                }
            }
        }
        _ => Reply::Game(companion(k, g, &mut HashMap::new(), 0)?),
    })
}

fn same_set(a: &[GameId], b: &[GameId]) -> bool {
    let (x, y): (HashSet<_>, HashSet<_>) = (a.iter().collect(), b.iter().collect());
    x == y
}

/// The games as a list in CGSuite's order.
fn list(k: &mut Kernel, mut gs: Vec<GameId>) -> Result<Reply, KernelError> {
    sort(k, &mut gs)?;
    Ok(Reply::List(gs.into_iter().map(Reply::Game).collect()))
}

/// Sorts and deduplicates games in CGSuite's order: numbers by value, then nimbers, then
/// uptimals by expansion, then the rest by their sorted Left options, then Right options.
pub fn sort(k: &mut Kernel, gs: &mut Vec<GameId>) -> Result<(), KernelError> {
    let mut seen = HashSet::new();
    gs.retain(|g| seen.insert(*g));
    let mut ord = Orderer::default();
    // Keys first (the expansions need the kernel), then a plain comparison sort over them.
    let mut keyed = Vec::with_capacity(gs.len());
    for &g in gs.iter() {
        k.check_budget()?;
        ord.key(k, g, 0)?;
        keyed.push(g);
    }
    let mut err = None;
    keyed.sort_by(|a, b| match ord.cmp(k, *a, *b, 0) {
        Ok(o) => o,
        Err(e) => {
            err.get_or_insert(e);
            Ordering::Equal
        }
    });
    if let Some(e) = err {
        return Err(e);
    }
    *gs = keyed;
    Ok(())
}

/// A game's class in CGSuite's order.
#[derive(Clone)]
enum Key {
    Number(Dyadic),
    Nimber(Nimber),
    Uptimal(super::uptimal::Expansion),
    Other(Vec<GameId>, Vec<GameId>),
}

#[derive(Default)]
struct Orderer {
    up: Uptimals,
    keys: HashMap<GameId, Key>,
}

impl Orderer {
    fn key(&mut self, k: &mut Kernel, g: GameId, depth: usize) -> Result<Key, KernelError> {
        if let Some(key) = self.keys.get(&g) {
            return Ok(key.clone());
        }
        if depth > MAX_DEPTH {
            return Err(too_deep("sorting"));
        }
        let key = if let Some(x) = k.as_number(g) {
            Key::Number(x)
        } else if let Some(n) = k.as_nimber(g) {
            Key::Nimber(n)
        } else if let Some(e) = self.up.of(k, g)? {
            Key::Uptimal(e)
        } else {
            let mut l = k.left_options(g)?;
            let mut r = k.right_options(g)?;
            for &x in l.iter().chain(r.iter()) {
                self.key(k, x, depth + 1)?;
            }
            self.sort_keyed(k, &mut l, depth)?;
            self.sort_keyed(k, &mut r, depth)?;
            Key::Other(l, r)
        };
        self.keys.insert(g, key.clone());
        Ok(key)
    }

    fn sort_keyed(
        &mut self,
        k: &mut Kernel,
        gs: &mut [GameId],
        depth: usize,
    ) -> Result<(), KernelError> {
        let mut err = None;
        gs.sort_by(|a, b| match self.cmp(k, *a, *b, depth + 1) {
            Ok(o) => o,
            Err(e) => {
                err.get_or_insert(e);
                Ordering::Equal
            }
        });
        err.map_or(Ok(()), Err)
    }

    fn cmp(
        &mut self,
        k: &mut Kernel,
        a: GameId,
        b: GameId,
        depth: usize,
    ) -> Result<Ordering, KernelError> {
        if a == b {
            return Ok(Ordering::Equal);
        }
        let (ka, kb) = (self.key(k, a, depth)?, self.key(k, b, depth)?);
        let rank = |x: &Key| match x {
            Key::Number(_) => 0,
            Key::Nimber(_) => 1,
            Key::Uptimal(_) => 2,
            Key::Other(..) => 3,
        };
        Ok(match (&ka, &kb) {
            (Key::Number(x), Key::Number(y)) => x.cmp(y),
            (Key::Nimber(x), Key::Nimber(y)) => x.cmp(y),
            (Key::Uptimal(x), Key::Uptimal(y)) => x.cmp_cgsuite(y),
            (Key::Other(al, ar), Key::Other(bl, br)) => match self.cmp_lists(k, al, bl, depth)? {
                Ordering::Equal => self.cmp_lists(k, ar, br, depth)?,
                o => o,
            },
            _ => rank(&ka).cmp(&rank(&kb)),
        })
    }

    fn cmp_lists(
        &mut self,
        k: &mut Kernel,
        a: &[GameId],
        b: &[GameId],
        depth: usize,
    ) -> Result<Ordering, KernelError> {
        for (x, y) in a.iter().zip(b) {
            match self.cmp(k, *x, *y, depth + 1)? {
                Ordering::Equal => {}
                o => return Ok(o),
            }
        }
        Ok(a.len().cmp(&b.len()))
    }
}

/// G and every game reachable from it (its canonical followers).
pub fn followers(k: &mut Kernel, g: GameId) -> Result<Vec<GameId>, KernelError> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut stack = vec![g];
    while let Some(h) = stack.pop() {
        if !seen.insert(h) {
            continue;
        }
        k.check_budget()?;
        if out.len() >= MAX_FOLLOWERS {
            return Err(KernelError::TooLarge {
                what: format!("the followers of a game with more than {MAX_FOLLOWERS} of them"),
            });
        }
        out.push(h);
        stack.extend(k.left_options(h)?);
        stack.extend(k.right_options(h)?);
    }
    Ok(out)
}

/// The undominated incentives: Left's GL − G and Right's G − GR, each once, those another
/// incentive exceeds left out (an incentive is a move's gain, and Left prefers the larger).
pub fn incentives(
    k: &mut Kernel,
    g: GameId,
    left: bool,
    right: bool,
) -> Result<Vec<GameId>, KernelError> {
    let mut xs = Vec::new();
    let ng = k.neg(g);
    if left {
        for gl in k.left_options(g)? {
            xs.push(k.add(gl, ng)?);
        }
    }
    if right {
        for gr in k.right_options(g)? {
            let n = k.neg(gr);
            xs.push(k.add(g, n)?);
        }
    }
    let mut seen = HashSet::new();
    xs.retain(|x| seen.insert(*x));
    let mut keep = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        k.check_budget()?;
        let mut dominated = false;
        for (j, &y) in xs.iter().enumerate() {
            if i != j && k.le(x, y)? {
                dominated = true;
                break;
            }
        }
        if !dominated {
            keep.push(x);
        }
    }
    Ok(keep)
}

/// The number of stopping positions (number followers, counted with multiplicity) in G's
/// complete game tree: 1 for a number, 2·3^(n−1) for x + *n, else the sum over the options.
pub fn stop_count(
    k: &mut Kernel,
    g: GameId,
    memo: &mut HashMap<GameId, BigInt>,
    depth: usize,
) -> Result<BigInt, KernelError> {
    if let Some((_, up, nim)) = k.as_nus(g) {
        if up.is_zero() {
            if nim.is_zero() {
                return Ok(BigInt::from(1));
            }
            if let Some(n) = nim.to_u64().and_then(|n| u32::try_from(n).ok()) {
                if n <= 1 << 16 {
                    return Ok(BigInt::from(2) * BigInt::from(3).pow(n - 1));
                }
            }
            return Err(KernelError::TooLarge {
                what: format!("the stop count of a nimber *{nim} (at most *65536)"),
            });
        }
    }
    if let Some(n) = memo.get(&g) {
        return Ok(n.clone());
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("a stop count"));
    }
    k.check_budget()?;
    let mut total = BigInt::zero();
    let (l, r) = (k.left_options(g)?, k.right_options(g)?);
    for x in l.into_iter().chain(r) {
        total += stop_count(k, x, memo, depth + 1)?;
    }
    memo.insert(g, total.clone());
    Ok(total)
}

/// G's lattice companion: for x… with number part 0 (`n·↑ + *m`), *m for m ≥ 2 is its own and
/// *0 and *1 trade places; any other G is `{GL°…, 0 if G ≥ 0 | GR°…, 0 if G ≤ 0}`.
pub fn companion(
    k: &mut Kernel,
    g: GameId,
    memo: &mut HashMap<GameId, GameId>,
    depth: usize,
) -> Result<GameId, KernelError> {
    if let Some((x, up, nim)) = k.as_nus(g) {
        // A number other than 0 is its own companion (1 = {0|} goes to {*, 0|} = 1, and so
        // on up: every option is a number whose companion is itself or *, reversible).
        if !x.is_zero() && up.is_zero() && nim.is_zero() {
            return Ok(g);
        }
        if x.is_zero() {
            if nim > Nimber::from(1) {
                return Ok(g);
            }
            let other = nim.nim_add(&Nimber::from(1));
            return Ok(k.nus(&x, &up, &other));
        }
    }
    if let Some(&c) = memo.get(&g) {
        return Ok(c);
    }
    if depth > MAX_DEPTH {
        return Err(too_deep("a companion"));
    }
    k.check_budget()?;
    let zero = k.zero();
    let mut l = Vec::new();
    for x in k.left_options(g)? {
        l.push(companion(k, x, memo, depth + 1)?);
    }
    let mut r = Vec::new();
    for x in k.right_options(g)? {
        r.push(companion(k, x, memo, depth + 1)?);
    }
    if k.le(zero, g)? {
        l.push(zero);
    }
    if k.le(g, zero)? {
        r.push(zero);
    }
    let c = k.from_options(&l, &r)?;
    memo.insert(g, c);
    Ok(c)
}

/// A ruleset position: the components of a sum of ruleset calls, in a fixed order.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Position(Vec<Term>);

impl Position {
    /// The position `t` denotes, when it is a ruleset call or a sum of them (a call whose
    /// function opens by a rule of its own name, as the rulesets of `super::rulesets` do).
    fn of(k: &mut Kernel, t: &Term) -> Result<Option<Position>, KernelError> {
        let mut parts = Vec::new();
        flatten(t, &mut parts);
        if parts.is_empty() {
            return Ok(None);
        }
        for p in &parts {
            if open(k, p)?.is_none() {
                return Ok(None);
            }
        }
        Ok(Some(Position::new(parts)))
    }

    fn new(mut parts: Vec<Term>) -> Position {
        parts.retain(|p| !is_zero(p));
        parts.sort_by_key(Term::to_string);
        Position(parts)
    }

    fn print(&self) -> String {
        if self.0.is_empty() {
            return "0".into();
        }
        self.0
            .iter()
            .map(Term::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The positions one move of Left (or Right) reaches.
    fn moves(&self, k: &mut Kernel, left: bool) -> Result<Vec<Position>, KernelError> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        for i in 0..self.0.len() {
            k.check_budget()?;
            let Some((l, r)) = open(k, &self.0[i])? else {
                continue;
            };
            for o in if left { l } else { r } {
                let mut parts: Vec<Term> = self.0.clone();
                parts.remove(i);
                flatten(&o, &mut parts);
                let p = Position::new(parts);
                if seen.insert(p.clone()) {
                    out.push(p);
                }
            }
        }
        Ok(out)
    }
}

fn is_zero(t: &Term) -> bool {
    matches!(t, Term::Nus { number, up, nim } if number.is_zero() && up.is_zero() && nim.is_zero())
}

/// The parts of a sum, each a term: a negated sum's parts negated one by one (−(A + B) is
/// −A + −B), a double negative dropped.
fn flatten(t: &Term, out: &mut Vec<Term>) {
    match t {
        Term::Sum(a, b) => {
            flatten(a, out);
            flatten(b, out);
        }
        Term::Neg(a) => match &**a {
            Term::Sum(x, y) => {
                flatten(&Term::neg((**x).clone()), out);
                flatten(&Term::neg((**y).clone()), out);
            }
            Term::Neg(x) => flatten(x, out),
            // −0 is 0, which a position leaves out.
            a if is_zero(a) => {}
            _ => out.push(t.clone()),
        },
        t => out.push(t.clone()),
    }
}

/// A position's Left and Right options, as terms.
type Sides = (Vec<Term>, Vec<Term>);

/// One level of a ruleset call: its Left and Right options as terms. A negated call `-G` is
/// G with the players swapped, each option negated; CGSuite's loopy ruleset
/// (`backsliding_toads_and_frogs("t.f")`) opens by its own moves, each to the call of the
/// strip it leaves, so a position's followers are the strips reachable from it (a move back
/// to a strip met before closes a cycle; the walk in [`positions`] meets each once).
fn open(k: &mut Kernel, t: &Term) -> Result<Option<Sides>, KernelError> {
    if is_zero(t) {
        return Ok(Some((Vec::new(), Vec::new())));
    }
    if let Term::Neg(x) = t {
        let Some((l, r)) = open(k, x)? else {
            return Ok(None);
        };
        let negated = |xs: Vec<Term>| xs.into_iter().map(Term::neg).collect();
        return Ok(Some((negated(r), negated(l))));
    }
    let Term::Call { name, args } = t else {
        return Ok(None);
    };
    if name == LOOPY_RULESET {
        return loopy_open(name, args).map(Some);
    }
    let Some(f) = super::lookup(name) else {
        return Ok(None);
    };
    // Another function's opening (or its error: a bad board, a nimber too large to derive)
    // means "not a position"; the call is then evaluated as a game, which reports the error.
    match f.open(args, k) {
        Ok(Some(o)) if o.rule == f.name() => match o.term {
            Term::Game { left, right } => Ok(Some((left, right))),
            // A name for another ruleset (CGSuite's `grundys_game` for `grundy`) opens to
            // that ruleset's call: its position.
            t @ Term::Call { .. } => open(k, &t),
            _ => Ok(None),
        },
        Err(e @ KernelError::Limit { .. }) => Err(e),
        _ => Ok(None),
    }
}

/// CGSuite's loopy ruleset, whose calls are positions here too.
const LOOPY_RULESET: &str = "backsliding_toads_and_frogs";

/// The moves of a Backsliding Toads and Frogs strip, each the call of the strip it leaves.
fn loopy_open(name: &str, a: &[Arg]) -> Result<Sides, KernelError> {
    use crate::rulesets::backsliding_toads as bt;
    let [Arg::Text(text)] = a else {
        return Err(args::error(
            name,
            "expected one quoted strip, as backsliding_toads_and_frogs(\"ttt..fff\")",
        ));
    };
    let strip = bt::parse(text).map_err(|e| super::rulesets::kernel_error(name, e))?;
    let calls = |left: bool| -> Vec<Term> {
        bt::moves(&strip, left)
            .iter()
            .map(|q| Term::Call {
                name: name.to_string(),
                args: vec![Arg::Text(bt::print(q))],
            })
            .collect()
    };
    Ok((calls(true), calls(false)))
}

/// Whether `name(a)` asks for a position's options or followers (`left_options(G)`,
/// `followers(G)`, …) with G a ruleset position or a sum of them, the loopy ruleset's
/// included: the number world sends such a call here rather than to the loopy family, which
/// would answer for the strip's value.
pub fn asks_position(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<bool, KernelError> {
    if !matches!(
        name,
        "options" | "left_options" | "right_options" | "followers" | "follower_count"
    ) {
        return Ok(false);
    }
    match a {
        [Arg::Game(t)] => Ok(Position::of(k, t)?.is_some()),
        _ => Ok(false),
    }
}

/// `options`, `left_options`, `right_options`, `followers` or `follower_count` of a position.
fn positions(k: &mut Kernel, name: &str, p: Position) -> Result<Reply, KernelError> {
    let show = |ps: Vec<Position>| {
        Reply::List(
            ps.iter()
                .map(|p| Reply::Text {
                    kind: "position",
                    text: p.print(),
                })
                .collect(),
        )
    };
    match name {
        "left_options" => Ok(show(p.moves(k, true)?)),
        "right_options" => Ok(show(p.moves(k, false)?)),
        "options" => {
            let (l, r) = (p.moves(k, true)?, p.moves(k, false)?);
            let (a, b): (HashSet<_>, HashSet<_>) = (l.iter().collect(), r.iter().collect());
            if a != b {
                return Err(args::error(
                    name,
                    "the position is partizan (its Left and Right moves differ): use left_options and right_options",
                ));
            }
            Ok(show(l))
        }
        _ => {
            let mut seen = HashSet::new();
            let mut order = Vec::new();
            let mut stack = vec![p];
            while let Some(q) = stack.pop() {
                if seen.contains(&q) {
                    continue;
                }
                k.check_budget()?;
                if seen.len() >= MAX_FOLLOWERS {
                    return Err(KernelError::TooLarge {
                        what: format!(
                            "the followers of a position with more than {MAX_FOLLOWERS} of them"
                        ),
                    });
                }
                seen.insert(q.clone());
                stack.extend(q.moves(k, true)?);
                stack.extend(q.moves(k, false)?);
                order.push(q);
            }
            if name == "follower_count" {
                Ok(Reply::Game(k.number(&Dyadic::from(order.len() as i64))))
            } else {
                Ok(show(order))
            }
        }
    }
}
