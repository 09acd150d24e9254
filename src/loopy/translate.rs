//! A short game added to a loopy value without the product graph (issue 44: `on + 20000` was
//! the product of `on` with the 20,001 positions of 20000, and its simplest form a table of
//! 20,001² pairs).
//!
//! - `on`, `off` and `dud` absorb every short game: on + G = on for a short G (Left, second in
//!   on + G − on, always has the pass in `on`, so on + G ≥ on; and on ≥ every stopper), and
//!   on + G is a stopper, since an infinite alternating play would need infinitely many
//!   Right moves in the finite G; `off` likewise with the players swapped, and `dud`'s sides
//!   are `on` and `off` (Siegel, *Combinatorial Game Theory* VI.1 and VI.4).
//! - A stopper G plus a number x is translated (Siegel VI, number translation for stoppers:
//!   when G is not equal to a number, G + x = {Gᴸ + x | Gᴿ + x}): each position of G's
//!   simplest form that lies on or above a cycle is kept, a pass staying a pass, and each
//!   short position y becomes the short game y + x, so the graph has the positions of G
//!   plus those of the short parts moved by x, not |G| times |x|. A canonical stopper's loopy
//!   positions are never equal to numbers (a stopper equal to a number has that number's
//!   short form as its simplest form), so the theorem applies at each. The translate is then
//!   brought to simplest form (translation need not keep it: in {0|on} + 1/2 the option 1/2
//!   reverses through 1). A sided value is translated side by side (Siegel VI.5).

use super::canonical::canonical;
use super::value::Value;
use super::{explore, Loopy, Player, Work};
use crate::kernel::{GameId, Kernel, KernelError};

/// G + x for a loopy value G and a short game x, when it is found without the product graph:
/// G when G is `on`, `off` or `dud`; the translate when x is a number and G a stopper or a
/// stopper-sided value. `None` otherwise (the caller adds the graphs).
pub fn add_short(
    v: &Value,
    x: GameId,
    k: &mut Kernel,
    work: &mut Work,
) -> Result<Option<Value>, KernelError> {
    if absorbs(v) {
        return Ok(Some(v.clone()));
    }
    if k.as_number(x).is_none() {
        return Ok(None);
    }
    match v {
        Value::Stopper(g) => Ok(Some(Value::Stopper(moved(g, x, k, work)?))),
        Value::Sided { onside, offside } => {
            // Translation keeps the order (G ≥ H exactly when G + x ≥ H + x), so the moved
            // sides are still different and the onside still above the offside.
            let on = moved(onside, x, k, work)?;
            let off = moved(offside, x, k, work)?;
            Ok(Some(Value::Sided {
                onside: on,
                offside: off,
            }))
        }
        Value::Graph(_) => Ok(None),
    }
}

/// Translates of at most this many vertices are numbered canonically (`canonical::number`,
/// whose colour refinement takes a round per level of the number's chain of positions);
/// larger ones keep the order in which the translation found them.
const NUMBER_UP_TO: usize = 2_000;

/// The simplest form of G + x for a simplest (canonical) stopper G and a number x, in most
/// cases without simplifying the translate again, whose pairs of positions grow as x².
///
/// The translate T is already simplest when no option of a loopy position of T that is a
/// moved short part is reversible. The other conditions carry over from G: (i) each loopy
/// position v of G becomes v + x in T (number translation, v not being equal to a number),
/// and translation keeps the order (A ≥ B exactly when A + x ≥ B + x), so no option of v + x
/// dominates another and no two loopy positions of T are equal, as in G; a loopy position of
/// G equals no short game (its own followers are a simplest form, unique, and loopy), so
/// neither does its translate; the short positions of T are the kernel's canonical forms,
/// one vertex each. (ii) A loopy option a + x with a Right option b + x reverses exactly
/// when b ≤ v, which G rules out. (iii) A short option s = a + x, though, has options of its
/// own canonical form, not a's moved (1/2 = {0|1} moved by 1/2 is 1 = {0|}), so for each
/// Right option r of s the test r ≤ v + x is made as r − x ≤ v, a comparison of two small
/// games (and for a Right option s, each Left option l of s: l − x ≥ v). When any such
/// option reverses, T is simplified the long way.
fn moved(g: &Loopy, x: GameId, k: &mut Kernel, work: &mut Work) -> Result<Loopy, KernelError> {
    if let Some(s) = g.to_short(k, work)? {
        // A short side (`v` in `over & v`): the kernel's sum, a canonical form already.
        let m = k.add(s, x)?;
        let t = Loopy::from_short(k, m, work)?;
        return Ok(if t.len() <= NUMBER_UP_TO {
            super::canonical::number(&t)
        } else {
            t
        });
    }
    let t = translate(g, x, k, work)?;
    if reverses(g, x, k, work)? {
        return canonical(&t, work);
    }
    Ok(if t.len() <= NUMBER_UP_TO {
        super::canonical::number(&t)
    } else {
        t
    })
}

/// Whether some short option moved by x becomes reversible at a loopy position of the
/// canonical stopper g moved by x (point (iii) of [`moved`]).
fn reverses(g: &Loopy, x: GameId, k: &mut Kernel, work: &mut Work) -> Result<bool, KernelError> {
    let short = short_parts(g, k, work)?;
    let minus_x = k.neg(x);
    let graph = g.graph();
    for v in 0..g.len() as u32 {
        if short[v as usize].is_some() {
            continue;
        }
        let here = g.follower(v).unwrap_or_else(Loopy::zero);
        for who in [Player::Left, Player::Right] {
            for &a in graph.options(v, who) {
                let Some(s) = short[a as usize] else {
                    continue;
                };
                let m = k.add(s, x)?;
                let back = match who {
                    Player::Left => k.right_options(m)?,
                    Player::Right => k.left_options(m)?,
                };
                for b in back {
                    work.tick(1)?;
                    let d = k.add(b, minus_x)?;
                    let d = Loopy::from_short(k, d, work)?;
                    let reversible = match who {
                        Player::Left => super::order::ge(&here, &d, work)?,
                        Player::Right => super::order::ge(&d, &here, work)?,
                    };
                    if reversible {
                        return Ok(true);
                    }
                }
            }
        }
    }
    Ok(false)
}

/// Whether the value is `on`, `off` or `dud`, which absorb every short game.
pub fn absorbs(v: &Value) -> bool {
    let (on, off) = (Loopy::on(), Loopy::off());
    match v {
        Value::Stopper(g) => *g == on || *g == off,
        Value::Sided { onside, offside } => *onside == on && *offside == off,
        Value::Graph(_) => false,
    }
}

/// A position of the translate: a position of G on or above a cycle, or a short game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Pos {
    Loopy(u32),
    Short(GameId),
}

/// {Gᴸ + x | Gᴿ + x} through the graph of the stopper `g` (not in simplest form).
pub fn translate(
    g: &Loopy,
    x: GameId,
    k: &mut Kernel,
    work: &mut Work,
) -> Result<Loopy, KernelError> {
    super::number_fits(k, x, work)?;
    let short = short_parts(g, k, work)?;
    let graph = g.graph();
    let start = match short[g.root() as usize] {
        Some(s) => Pos::Short(k.add(s, x)?),
        None => Pos::Loopy(g.root()),
    };
    // The moved short part of each short position, made once.
    let mut moved: Vec<Option<GameId>> = vec![None; g.len()];
    explore(start, work, |p| match *p {
        Pos::Short(h) => Ok([
            k.left_options(h)?.into_iter().map(Pos::Short).collect(),
            k.right_options(h)?.into_iter().map(Pos::Short).collect(),
        ]),
        Pos::Loopy(v) => {
            let mut sides = [Vec::new(), Vec::new()];
            for (i, who) in [Player::Left, Player::Right].into_iter().enumerate() {
                for &t in graph.options(v, who) {
                    sides[i].push(match short[t as usize] {
                        Some(s) => {
                            let m = match moved[t as usize] {
                                Some(m) => m,
                                None => {
                                    let m = k.add(s, x)?;
                                    moved[t as usize] = Some(m);
                                    m
                                }
                            };
                            Pos::Short(m)
                        }
                        None => Pos::Loopy(t),
                    });
                }
            }
            Ok(sides)
        }
    })
}

/// For each position of `g`, the short game it is when no cycle is reachable from it: the
/// positions all of whose options are short, from the ends of play backwards, each made by
/// the kernel from its options' games. (Sweeping the graph until nothing changed took a sweep
/// per level: `over + 3000`'s 3,001 integers were 3,001 sweeps of 3,002 vertices.)
pub(crate) fn short_parts(
    g: &Loopy,
    k: &mut Kernel,
    work: &mut Work,
) -> Result<Vec<Option<GameId>>, KernelError> {
    let graph = g.graph();
    let n = g.len();
    let (rl, rr) = graph.reverse();
    let mut pending: Vec<usize> = (0..n as u32)
        .map(|v| graph.left(v).len() + graph.right(v).len())
        .collect();
    let mut short: Vec<Option<GameId>> = vec![None; n];
    let mut stack: Vec<u32> = (0..n as u32)
        .filter(|&v| pending[v as usize] == 0)
        .collect();
    while let Some(v) = stack.pop() {
        work.tick(1)?;
        let games =
            |os: &[u32]| -> Vec<GameId> { os.iter().filter_map(|&t| short[t as usize]).collect() };
        let (l, r) = (games(graph.left(v)), games(graph.right(v)));
        short[v as usize] = Some(k.from_options(&l, &r)?);
        for &p in rl[v as usize].iter().chain(&rr[v as usize]) {
            pending[p as usize] -= 1;
            if pending[p as usize] == 0 {
                stack.push(p);
            }
        }
    }
    Ok(short)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Relation;
    use crate::loopy::order::compare;
    use crate::loopy::tests::{random_graph, w};

    fn number(k: &mut Kernel, text: &str) -> GameId {
        k.eval(&crate::syntax::parse(text).unwrap()).unwrap()
    }

    /// The translate of a stopper by a number equals the sum by the product graph (the
    /// definition of +), compared by the order of stoppers, for the named stoppers, stoppers
    /// read from CGSuite's notation, and random stoppers of up to 5 positions, each with
    /// numbers of both signs, integers and fractions.
    #[test]
    fn translation_is_the_sum() {
        let mut k = Kernel::new();
        let numbers = ["0", "1", "-1", "1/2", "-3/4", "5", "-7/8", "2"];
        let mut games: Vec<Loopy> = [
            "over",
            "under",
            "upon",
            "{0|{0|pass}}",
            "{pass|1}",
            "{0||0|-2,pass}",
            "a{0,{1|{0|a}}|-1}",
            "{1|pass||0}",
        ]
        .iter()
        .map(|s| crate::loopy::notation::read(s, &mut k, &mut w()).unwrap())
        .collect();
        let mut seed = 11u64;
        for i in 0..60 {
            let g = Loopy::new(&random_graph(&mut seed, 1 + i % 5, 30), 0).unwrap();
            if g.is_stopper() && !g.is_loopfree() {
                games.push(canonical(&g, &mut w()).unwrap());
            }
        }
        assert!(games.len() > 20, "{}", games.len());
        for g in &games {
            let g = canonical(g, &mut w()).unwrap();
            for x in numbers {
                let id = number(&mut k, x);
                let moved =
                    canonical(&translate(&g, id, &mut k, &mut w()).unwrap(), &mut w()).unwrap();
                let xs = Loopy::from_short(&mut k, id, &mut w()).unwrap();
                let sum = g.add(&xs, &mut w()).unwrap();
                assert_eq!(
                    compare(&moved, &sum, &mut w()).unwrap(),
                    Relation::Equal,
                    "{g:?} + {x}"
                );
                // The translate without simplifying again, where the reversibility test
                // allows it, is the simplest form simplification finds, vertex for vertex.
                let fast = super::moved(&g, id, &mut k, &mut w()).unwrap();
                assert_eq!(fast, moved, "{g:?} + {x}");
            }
        }
    }

    /// on, off and dud absorb short games, numbers or not: on + G = on by the product graph
    /// too, for G = 20, −3/2, *, {1|-1}.
    #[test]
    fn on_off_dud_absorb() {
        let mut k = Kernel::new();
        for x in ["20", "-3/2", "*", "{1|-1}"] {
            let id = number(&mut k, x);
            let xs = Loopy::from_short(&mut k, id, &mut w()).unwrap();
            for named in [Loopy::on(), Loopy::off()] {
                let v = Value::Stopper(named.clone());
                assert_eq!(
                    add_short(&v, id, &mut k, &mut w()).unwrap(),
                    Some(v.clone())
                );
                let sum = named.add(&xs, &mut w()).unwrap();
                assert_eq!(
                    compare(&sum, &named, &mut w()).unwrap(),
                    Relation::Equal,
                    "{x}"
                );
            }
            let dud = Value::of(&Loopy::dud(), &mut w()).unwrap();
            assert_eq!(
                add_short(&dud, id, &mut k, &mut w()).unwrap(),
                Some(dud.clone())
            );
        }
    }
}
