//! `backsliding_toads_and_frogs("…")` (CGSuite's `game.strip.BackslidingToadsAndFrogs`)
//! against sources that do not share its code: an independent move generator written from the
//! rules (CGSuite's documentation of the ruleset: a toad steps right or back left into an empty
//! square, or jumps right over one frog into an empty square; frogs the mirror image) with its
//! own outcome analysis (a least fixed point of "can force the opponent to be stuck", iterated
//! to stability, not the retrograde queue of `crate::loopy::outcome`), over every strip of at
//! most six squares; where no position reachable has a backward step, the game is Toads and
//! Frogs itself and its value is `toads`'s; and CGSuite's own test value.

use super::{show, words};
use crate::kernel::Relation;
use crate::loopy::value::Value;
use crate::loopy::{Loopy, Work};
use crate::rulesets::backsliding_toads as bt;
use std::collections::HashMap;

/// Left's moves (`left`) or Right's from a strip, written out square by square.
fn moves(s: &[char], left: bool) -> Vec<Vec<char>> {
    let n = s.len();
    let mut out = Vec::new();
    let mut go = |from: usize, to: usize| {
        let mut t = s.to_vec();
        t.swap(from, to);
        out.push(t);
    };
    for i in 0..n {
        if left && s[i] == 't' {
            if i + 1 < n && s[i + 1] == '.' {
                go(i, i + 1);
            }
            if i >= 1 && s[i - 1] == '.' {
                go(i, i - 1);
            }
            if i + 2 < n && s[i + 1] == 'f' && s[i + 2] == '.' {
                go(i, i + 2);
            }
        }
        if !left && s[i] == 'f' {
            if i >= 1 && s[i - 1] == '.' {
                go(i, i - 1);
            }
            if i + 1 < n && s[i + 1] == '.' {
                go(i, i + 1);
            }
            if i >= 2 && s[i - 1] == 't' && s[i - 2] == '.' {
                go(i, i - 2);
            }
        }
    }
    out
}

/// Whether a piece can step backwards here (a toad left, a frog right).
fn has_backward_step(s: &[char]) -> bool {
    (0..s.len()).any(|i| {
        (s[i] == 't' && i >= 1 && s[i - 1] == '.')
            || (s[i] == 'f' && i + 1 < s.len() && s[i + 1] == '.')
    })
}

/// Every strip reachable from `start`, with both players' moves by index.
struct Reach {
    strips: Vec<Vec<char>>,
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

fn reach(start: &[char]) -> Reach {
    let mut index: HashMap<Vec<char>, usize> = HashMap::new();
    let mut strips = vec![start.to_vec()];
    index.insert(start.to_vec(), 0);
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < strips.len() {
        let s = strips[i].clone();
        i += 1;
        let mut ids = |left_moves: bool| -> Vec<usize> {
            moves(&s, left_moves)
                .into_iter()
                .map(|t| {
                    let n = strips.len();
                    *index.entry(t.clone()).or_insert_with(|| {
                        strips.push(t);
                        n
                    })
                })
                .collect()
        };
        let l = ids(true);
        let r = ids(false);
        left.push(l);
        right.push(r);
    }
    Reach {
        strips,
        left,
        right,
    }
}

/// CGSuite's outcome class of the start: each player's result moving first, infinite play a
/// draw. `wins[p][m][v]`: player p (0 Left) can force a win from v with m (0 Left) to move.
fn outcome_class(r: &Reach) -> &'static str {
    let n = r.strips.len();
    // wins[at(p, m, v)], flattened.
    let at = |p: usize, m: usize, v: usize| (p * 2 + m) * n + v;
    let mut wins = vec![false; 4 * n];
    loop {
        let mut changed = false;
        for k in 0..4 * n {
            let (p, m, v) = (k / (2 * n), (k / n) % 2, k % n);
            if wins[k] {
                continue;
            }
            let opts = if m == 0 { &r.left[v] } else { &r.right[v] };
            let now = if p == m {
                opts.iter().any(|&t| wins[at(p, 1 - m, t)])
            } else {
                opts.iter().all(|&t| wins[at(p, 1 - m, t)])
            };
            if now {
                wins[k] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // (result with Left first, with Right first): 'L' Left wins, 'R' Right wins, 'D' draw.
    let result = |m: usize| {
        if wins[at(0, m, 0)] {
            'L'
        } else if wins[at(1, m, 0)] {
            'R'
        } else {
            'D'
        }
    };
    match (result(0), result(1)) {
        ('L', 'L') => "L",
        ('R', 'R') => "R",
        ('R', 'L') => "P",
        ('L', 'R') => "N",
        ('D', 'D') => "D",
        ('L', 'D') => "NHat",
        ('R', 'D') => "PCheck",
        ('D', 'L') => "PHat",
        _ => "NCheck",
    }
}

/// Whether some play alternating between the players goes on forever from the start: a
/// cycle among the states (strip, player to move), found by a depth-first search.
fn alternating_cycle(r: &Reach) -> bool {
    let n = r.strips.len();
    // 0 unseen, 1 on the search's path, 2 done.
    let mut mark = vec![0u8; 2 * n];
    let next = |s: usize| -> Vec<usize> {
        let (v, m) = (s / 2, s % 2);
        let opts = if m == 0 { &r.left[v] } else { &r.right[v] };
        opts.iter().map(|&t| 2 * t + (1 - m)).collect()
    };
    for start in 0..2 * n {
        if mark[start] != 0 {
            continue;
        }
        let mut stack = vec![(start, next(start), 0usize)];
        mark[start] = 1;
        while let Some((s, succ, i)) = stack.last_mut() {
            if *i < succ.len() {
                let t = succ[*i];
                *i += 1;
                match mark[t] {
                    1 => return true,
                    0 => {
                        mark[t] = 1;
                        let nt = next(t);
                        stack.push((t, nt, 0));
                    }
                    _ => {}
                }
            } else {
                mark[*s] = 2;
                stack.pop();
            }
        }
    }
    false
}

#[test]
fn outcome_classes_of_every_strip_of_at_most_six_squares_agree_with_a_brute_force() {
    let mut seen = std::collections::BTreeSet::new();
    let (mut stoppers, mut zeros) = (0, 0);
    for s in words(['t', 'f', '.'], 6) {
        let chars: Vec<char> = s.chars().collect();
        let r = reach(&chars);
        let want = outcome_class(&r);
        seen.insert(want);
        // onag's game graph of the strip, and its outcome by `crate::loopy`.
        let mut w = Work::default();
        let strip = bt::parse(&s).unwrap();
        let g = bt::graph(&strip, &mut w).unwrap();
        assert_eq!(g.len(), r.strips.len(), "positions reachable from {s:?}");
        assert_eq!(g.outcome(&mut w).unwrap().to_string(), want, "{s:?}");
        let stopper = !alternating_cycle(&r);
        assert_eq!(g.is_stopper(), stopper, "{s:?} a stopper");
        if stopper {
            // A stopper has no infinite play, so no draw; and it is 0 exactly when the second
            // player wins (G >= 0 when Left moving second survives, Siegel VI).
            stoppers += 1;
            let v = bt::value(&strip, &mut w).unwrap();
            let zero = Value::Stopper(Loopy::zero());
            let is_zero = v.compare(&zero, &mut w).unwrap() == Relation::Equal;
            assert_eq!(is_zero, want == "P", "{s:?} is 0 exactly when of class P");
            zeros += usize::from(is_zero);
        }
        // Through the expression language, where the value's path is taken (short strips
        // only: valuing a strip that is not a stopper is slow).
        if s.len() <= 4 {
            let got = show(&format!(
                "outcome_class(backsliding_toads_and_frogs(\"{s}\"))"
            ));
            assert_eq!(got, want, "outcome class of {s:?}");
        }
    }
    // The strips are varied enough to meet draws as well as the short classes.
    for class in ["L", "R", "P", "N", "D"] {
        assert!(seen.contains(class), "no strip of class {class}: {seen:?}");
    }
    assert!(
        stoppers > 100 && zeros > 10,
        "{stoppers} stoppers, {zeros} zeros"
    );
}

#[test]
fn without_a_backward_step_anywhere_the_game_is_toads_and_frogs() {
    let mut met = 0;
    for s in words(['t', 'f', '.'], 6) {
        let chars: Vec<char> = s.chars().collect();
        let r = reach(&chars);
        if s.is_empty() || r.strips.iter().any(|t| has_backward_step(t)) {
            continue;
        }
        met += 1;
        let upper = s.to_uppercase();
        assert_eq!(
            show(&format!("backsliding_toads_and_frogs(\"{s}\")")),
            show(&format!("toads(\"{upper}\")")),
            "{s}"
        );
    }
    assert!(met > 0);
}

/// CGSuite's GameStripTest.scala (aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/lang/GameStripTest.scala):
/// `game.strip.BackslidingToadsAndFrogs("ttt..fff").GameValue` is
/// `{on||0|-1/2} & {1/2|0||off}`.
#[test]
fn cgsuites_value_of_ttt_fff() {
    assert_eq!(
        show("backsliding_toads_and_frogs(\"ttt..fff\")"),
        "{on||0|-1/2} & {1/2|0||off}"
    );
}
