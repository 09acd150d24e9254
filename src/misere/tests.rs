//! The misère kernel against brute force: game trees searched directly, with no use of the
//! simplification theory.

use super::props::Props;
use super::*;
use std::collections::{BTreeSet, HashMap};

/// An explicit impartial game tree (a form, never simplified).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree(Vec<Tree>);

/// Misère outcome of a sum of trees, by searching the sum directly: the player to move wins
/// when no component has a move, or when some move leaves a position the other player loses.
fn wins(parts: &[Tree], memo: &mut HashMap<Vec<Tree>, bool>) -> bool {
    let mut key: Vec<Tree> = parts.iter().filter(|t| !t.0.is_empty()).cloned().collect();
    key.sort();
    if key.is_empty() {
        return true;
    }
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut w = false;
    'outer: for i in 0..key.len() {
        for o in &key[i].0 {
            let mut next = key.clone();
            next[i] = o.clone();
            if !wins(&next, memo) {
                w = true;
                break 'outer;
            }
        }
    }
    memo.insert(key, w);
    w
}

fn heap_tree(n: usize) -> Tree {
    Tree((0..n).map(heap_tree).collect())
}

/// The canonical form of a tree, bottom up.
fn canon(m: &mut Misere, t: &Tree) -> MId {
    let opts: Vec<MId> = t.0.iter().map(|o| canon(m, o)).collect();
    m.game(opts).unwrap()
}

/// A canonical form written out as a tree.
fn tree_of(m: &Misere, g: MId) -> Tree {
    Tree(m.options(g).iter().map(|&o| tree_of(m, o)).collect())
}

/// Every form whose options are drawn from `pool` (all subsets).
fn subsets(pool: &[Tree]) -> Vec<Tree> {
    (0u32..(1 << pool.len()))
        .map(|mask| {
            Tree(
                (0..pool.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| pool[i].clone())
                    .collect(),
            )
        })
        .collect()
}

/// The canonical forms born by each day up to `days`: day 0 is {0}, and each next day's
/// games have as options any set of the day before's.
fn born_by(m: &mut Misere, days: usize) -> Vec<BTreeSet<MId>> {
    let mut out: Vec<BTreeSet<MId>> = vec![[m.zero()].into()];
    for _ in 0..days {
        let pool: Vec<MId> = out[out.len() - 1].iter().copied().collect();
        let mut next = BTreeSet::new();
        for mask in 0u32..(1 << pool.len()) {
            let opts: Vec<MId> = (0..pool.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| pool[i])
                .collect();
            next.insert(m.game(opts).unwrap());
        }
        out.push(next);
    }
    out
}

/// The canonical forms born by each day: 1, 2, 3, 5, 22 games by days 0–4 (Conway, ONAG
/// ch. 12; Siegel, CGT ch. V: 1, 2, 3, 5, 22, 4171780).
#[test]
fn games_born_by_day_four() {
    let mut m = Misere::default();
    let counts: Vec<usize> = born_by(&mut m, 4).iter().map(BTreeSet::len).collect();
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
}

/// Misère Nim: the canonical sum's outcome, a direct search of the heaps, and Bouton's misère
/// rule (all heaps at most 1: the player to move loses with an odd number of 1s; otherwise
/// the normal rule, nim-sum 0 loses) agree on every position of up to 3 heaps of at most 5.
#[test]
fn misere_nim_against_search_and_bouton() {
    let mut m = Misere::default();
    let mut memo = HashMap::new();
    for a in 0..=5usize {
        for b in 0..=a {
            for c in 0..=b {
                let heaps = [a, b, c];
                let trees: Vec<Tree> = heaps.iter().map(|&h| heap_tree(h)).collect();
                let searched = wins(&trees, &mut memo);
                let parts: Vec<MId> = heaps.iter().map(|&h| m.heap(h).unwrap()).collect();
                let s = m.sum(&parts).unwrap();
                let kernel = m.outcome(s) == MisereOutcome::N;
                let bouton = if heaps.iter().all(|&h| h <= 1) {
                    heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
                } else {
                    a ^ b ^ c != 0
                };
                assert_eq!(searched, kernel, "{heaps:?}");
                assert_eq!(searched, bouton, "{heaps:?}");
            }
        }
    }
}

/// A small random form (a deterministic generator, so failures repeat).
fn random_tree(seed: &mut u64, depth: u32) -> Tree {
    if depth == 0 {
        return Tree(Vec::new());
    }
    let n = (crate::xorshift(seed) % 4) as usize;
    let mut opts = Vec::new();
    for _ in 0..n {
        let d = (crate::xorshift(seed) % depth as u64) as u32;
        opts.push(random_tree(seed, d));
    }
    Tree(opts)
}

/// Every form is misère-equal to its canonical form, judged by brute force: the outcomes of
/// G + X and canon(G) + X agree for every X among the 22 games born by day 4 (as forms) and
/// their sums with *2. And two different canonical forms of day ≤ 3 are told apart by some
/// such X (Conway: simplest forms that differ are different games).
#[test]
fn canonical_forms_are_misere_equal_to_their_inputs() {
    let mut m = Misere::default();
    // The distinguishing games: all forms of day 4 built from day-3 canonical forms.
    let day1 = subsets(&[Tree(vec![])]);
    let day2 = subsets(&day1);
    let day3: Vec<Tree> = {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for t in subsets(&day2) {
            let g = canon(&mut m, &t);
            if seen.insert(g) {
                out.push(tree_of(&m, g));
            }
        }
        out
    };
    assert_eq!(day3.len(), 5);
    let mut xs: Vec<Tree> = subsets(&day3);
    let star2 = heap_tree(2);
    let extra: Vec<Tree> = xs.iter().take(12).cloned().collect();
    xs.extend(extra.into_iter().map(|x| Tree(vec![x, star2.clone()])));
    let mut memo = HashMap::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..60 {
        let g = random_tree(&mut seed, 4);
        let c = canon(&mut m, &g);
        let ct = tree_of(&m, c);
        for x in &xs {
            let a = wins(&[g.clone(), x.clone()], &mut memo);
            let b = wins(&[ct.clone(), x.clone()], &mut memo);
            assert_eq!(
                a, b,
                "{g:?} and its canonical form {ct:?} differ with {x:?}"
            );
        }
    }
    for (i, a) in day3.iter().enumerate() {
        for b in &day3[..i] {
            let told = xs.iter().any(|x| {
                wins(&[a.clone(), x.clone()], &mut memo) != wins(&[b.clone(), x.clone()], &mut memo)
            });
            assert!(told, "{a:?} and {b:?} are not told apart");
        }
    }
}

/// Conway's genus recurrence against its definition: γn = G⁻(G + n·*2), computed by sums, for
/// every game born by day 4 and n ≤ 6; and g = G⁺.
#[test]
fn genus_against_definition() {
    let mut m = Misere::default();
    let mut props = Props::default();
    let day = born_by(&mut m, 4).pop().unwrap();
    let two = m.heap(2).unwrap();
    for &g in &day {
        let genus = props.genus(&mut m, g).unwrap();
        assert_eq!(genus.base, m.gplus(g));
        let mut x = g;
        for n in 0..=6 {
            assert_eq!(genus.digit(n), m.gminus(x), "γ{n} of game {g:?}");
            x = m.add(x, two).unwrap();
        }
    }
}

/// The published rules on sums: * + * = 0, {*} = 0 (reversible through 0, proviso met by the
/// P-position *), {*2} ≠ 0 (proviso not met), and *2 + *2 is not 0 (only 0 + 0 is).
#[test]
fn small_identities() {
    let mut m = Misere::default();
    let (z, s1, s2) = (m.zero(), m.heap(1).unwrap(), m.heap(2).unwrap());
    assert_eq!(m.add(s1, s1).unwrap(), z);
    assert_eq!(m.game(vec![s1]).unwrap(), z);
    assert_ne!(m.game(vec![s2]).unwrap(), z);
    assert_ne!(m.add(s2, s2).unwrap(), z);
    // *2 + * = *3 (heaps of size at least 2 add as in normal play when the sum is a heap).
    assert_eq!(m.add(s2, s1).unwrap(), m.heap(3).unwrap());
}

/// A position of rows of Kayles pins (kind 0) and nim heaps (kind 1), searched directly:
/// G⁻ = 1 with no move, else the mex of the options' (0 exactly for a misère P-position).
fn gminus_search(pos: &[(u8, usize)], memo: &mut HashMap<Vec<(u8, usize)>, u32>) -> u32 {
    let mut key: Vec<(u8, usize)> = pos.iter().copied().filter(|p| p.1 > 0).collect();
    key.sort();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        let (kind, s) = key[i];
        let mut results: Vec<Vec<usize>> = Vec::new();
        if kind == 0 {
            // Knock down one pin or two adjacent ones, anywhere in the row.
            for take in 1..=2 {
                if take > s {
                    continue;
                }
                for left in 0..=(s - take) {
                    results.push(vec![left, s - take - left]);
                }
            }
        } else {
            for r in 0..s {
                results.push(vec![r]);
            }
        }
        for r in results {
            let mut next = key.clone();
            next.remove(i);
            next.extend(r.into_iter().map(|x| (kind, x)));
            seen.push(gminus_search(&next, memo));
        }
    }
    let v = if key.is_empty() { 1 } else { mex(seen) };
    memo.insert(key, v);
    v
}

/// Misère Kayles (octal 0.77) through the heap forms against a direct search of rows of pins:
/// the misère nim-value of every sum of two rows (up to 9 and 5 pins) with up to three heaps
/// of 2, and each row's genus digits γ0…γ3 as G⁻ of the row plus n heaps of 2.
#[test]
fn misere_kayles_against_search() {
    let mut m = Misere::default();
    let mut props = Props::default();
    let mut heaps = heaps::Heaps::new(crate::rulesets::octal::OctalCode::parse("0.77").unwrap());
    let mut memo = HashMap::new();
    let two = m.heap(2).unwrap();
    for a in 0..=9usize {
        let ka = heaps.heap(&mut m, a).unwrap();
        let genus = props.genus(&mut m, ka).unwrap();
        for n in 0..=3usize {
            let mut pos = vec![(0u8, a)];
            pos.extend(std::iter::repeat_n((1u8, 2usize), n));
            assert_eq!(
                genus.digit(n),
                gminus_search(&pos, &mut memo),
                "γ{n} of K{a}"
            );
        }
        for b in 0..=5usize {
            let kb = heaps.heap(&mut m, b).unwrap();
            let mut s = m.add(ka, kb).unwrap();
            for n in 0..=3usize {
                let mut pos = vec![(0u8, a), (0u8, b)];
                pos.extend(std::iter::repeat_n((1u8, 2usize), n));
                assert_eq!(
                    m.gminus(s),
                    gminus_search(&pos, &mut memo),
                    "K{a} + K{b} + {n}·*2"
                );
                s = m.add(s, two).unwrap();
            }
        }
    }
}

/// The printer's `*[…]` reads back as the same game: every game born by day 4 and every sum
/// of two of them (sums print with subscripts, `*[2[2]]`, and differences, `*[2[#-2]]`, found
/// by the complete difference), and their mates.
#[test]
fn printed_forms_read_back_as_themselves() {
    let mut m = Misere::default();
    let day: Vec<MId> = born_by(&mut m, 4).pop().unwrap().into_iter().collect();
    let mut games = day.clone();
    for (i, &a) in day.iter().enumerate() {
        for &b in &day[i..] {
            games.push(m.add(a, b).unwrap());
        }
        games.push(m.mate(a).unwrap());
    }
    for g in games {
        let text = notation::print(&mut m, g).unwrap();
        let inner = &text[2..text.len() - 1];
        let back = notation::read(&mut m, inner).unwrap();
        assert_eq!(back.ok(), Some(g), "{text} does not read back as itself");
    }
}

/// A nim heap is built without the simplifier (it is its own simplest form): each *n, n ≤ 80,
/// is the very id the general simplifier gives a game whose options are *0 … *(n−1), in an
/// arena that made none of them as heaps; and its misère nim-value is n for n ≥ 2 and 1 − n
/// below (0⁻ = 1, *⁻ = 0), as a direct search of the heap tree finds.
#[test]
fn heaps_are_their_own_simplest_forms() {
    let mut built = Misere::default();
    let mut general = Misere::default();
    let mut by_game: Vec<MId> = Vec::new();
    for n in 0..=80usize {
        let g = general.game(by_game.clone()).unwrap();
        assert_eq!(general.options(g).len(), n, "*{n} lost an option");
        by_game.push(g);
        let h = built.heap(n).unwrap();
        assert_eq!(built.options(h).len(), n);
        assert_eq!(h.0, g.0, "*{n}: the arenas disagree");
        assert_eq!(built.birthday(h), n as u32);
        assert_eq!(built.gplus(h), general.gplus(g), "G⁺ of *{n}");
        assert_eq!(built.gminus(h), general.gminus(g), "G⁻ of *{n}");
    }
    let mut memo = HashMap::new();
    for n in 0..=6usize {
        let p_position = !wins(&[heap_tree(n)], &mut memo);
        let h = built.heap(n).unwrap();
        assert_eq!(built.gminus(h) == 0, p_position, "*{n}");
    }
}

/// A heap at the cap of the notation is made in linear work, and a sum too large to finish
/// stops at the budget's deadline with a limit error rather than running on (issue 44).
///
/// The speed half counts work, not time (issue 49: a 300 ms deadline around the heap's making
/// failed under load): *4096 is one new form per heap below it, its options the heaps already
/// made, and no sum or reduction is tried on the way.
#[test]
fn heaps_are_quick_and_large_sums_stop_at_the_deadline() {
    let mut m = Misere::default();
    let h = m.heap(4096).unwrap();
    assert_eq!(m.options(h).len(), 4096);
    // 0 and the 4,096 heaps *1 … *4096: one form each, nothing else interned.
    assert_eq!(m.nodes.len(), 4097);
    assert_eq!(m.work, 0, "making heaps did work beyond copying options");
    assert!(m.sums.is_empty() && m.mates.is_empty());
    // The deadline is set once the heap is made, so only the sum runs against it.
    m.budget.deadline = Some(std::time::Instant::now() + std::time::Duration::from_millis(300));
    assert!(matches!(m.add(h, h), Err(KernelError::Limit { .. })));
}
