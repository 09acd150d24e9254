//! Misère outcomes of partizan games, by direct search of the game tree (as CGSuite's
//! `MisereOutcomeClass`): the player who cannot move **wins**.
//!
//! Left moving first wins G when Left has no move, or has a move to a G^L that Right, moving
//! first there, loses; symmetrically for Right. The outcome is L, R, N (first player) or P
//! (second player). Misère outcomes depend on the form, not the normal-play value (`{-1|1}`
//! and `0` differ), so nothing here is replaced by its normal-play value: explicit braces are
//! searched as written, a ruleset position (a Domineering board) one level at a time through
//! the opener the caller passes (the functions layer, which knows the rulesets), and a sum as
//! a sum: the position searched is the multiset of its parts, a move is a move in one part
//! (which may split it into parts of its own, as a Domineering board splits into regions), and
//! a negated part is its conjugate (Left and Right swapped, which is −G in misère play too).
//! Only a term that is no form, position, sum or negative (a number, ↑, `cool(G, 1)`) is
//! searched through its normal-play canonical form, as CGSuite's canonical games are.

use crate::kernel::{GameId, Kernel, KernelError};
use crate::term::Term;
use num_traits::{Signed, ToPrimitive};
use std::collections::HashMap;

/// Who wins moving first: (Left first, Right first).
pub type Wins = (bool, bool);

/// The misère outcome letter of two first-player results.
pub fn letter(w: Wins) -> char {
    match w {
        (true, true) => 'N',
        (true, false) => 'L',
        (false, true) => 'R',
        (false, false) => 'P',
    }
}

/// One level of a position's definition: `Some(term of its options)` for a ruleset call,
/// `None` for any other term.
pub type Opener = dyn Fn(&mut Kernel, &Term) -> Result<Option<Term>, KernelError>;

/// How deep the search may recurse: a game tree deeper than this (the integer 10^30 written as
/// its options is 10^30 deep) is a "too large" error, not a stack overflow.
const MAX_DEPTH: usize = 2_000;

/// The most copies `n.G` is written out to in the search.
const MAX_COPIES: u64 = 1 << 12;

/// One part of a sum being searched. Ordered (for the multiset of parts) values first by id,
/// then forms by their structure (`Term::structural_cmp`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Part {
    /// A canonical form (already negated when the part is), searched by its options.
    Value(GameId),
    /// Braces as written, or a ruleset call, with whether the part is negated.
    Form { term: Term, neg: bool },
}

impl PartialOrd for Part {
    fn partial_cmp(&self, other: &Part) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Part {
    fn cmp(&self, other: &Part) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match (self, other) {
            (Part::Value(a), Part::Value(b)) => a.cmp(b),
            (Part::Value(_), Part::Form { .. }) => Ordering::Less,
            (Part::Form { .. }, Part::Value(_)) => Ordering::Greater,
            (Part::Form { term: a, neg: m }, Part::Form { term: b, neg: n }) => {
                a.structural_cmp(b).then_with(|| m.cmp(n))
            }
        }
    }
}

/// A position: the parts of a sum, sorted (a sum's order does not matter), none of them 0.
type Position = Vec<Part>;

/// The misère search: positions memoised as sorted multisets of parts, and each ruleset
/// call's opening memoised by its call.
#[derive(Default)]
pub struct Search {
    memo: HashMap<Position, Wins>,
    /// One level of each ruleset call met so far (`None`: not a position).
    opened: HashMap<Term, Option<Term>>,
    depth: usize,
}

impl Search {
    /// Who wins `t` moving first, in misère play.
    pub fn term(&mut self, k: &mut Kernel, t: &Term, open: &Opener) -> Result<Wins, KernelError> {
        let mut p = Vec::new();
        self.parts(k, t, false, open, &mut p)?;
        p.sort_unstable();
        self.position(k, p, open)
    }

    /// One level deeper, or the error that says the tree is too deep to search.
    fn enter(&mut self) -> Result<(), KernelError> {
        if self.depth >= MAX_DEPTH {
            return Err(KernelError::TooLarge {
                what: format!(
                    "a game tree more than {MAX_DEPTH} moves deep for the misère outcome search"
                ),
            });
        }
        self.depth += 1;
        Ok(())
    }

    /// The parts of `t` (negated when `neg`), added to `out`: a sum's parts, a negative's
    /// parts swapped, n copies n times, braces and ruleset calls as forms, 0 left out (it has
    /// no move, so a sum's game tree is the same without it), anything else its canonical form.
    fn parts(
        &mut self,
        k: &mut Kernel,
        t: &Term,
        neg: bool,
        open: &Opener,
        out: &mut Vec<Part>,
    ) -> Result<(), KernelError> {
        k.check_budget()?;
        match t {
            Term::Sum(a, b) => {
                self.parts(k, a, neg, open, out)?;
                self.parts(k, b, neg, open, out)
            }
            Term::Neg(a) => self.parts(k, a, !neg, open, out),
            Term::Multiple { count, game } => {
                let n = count
                    .magnitude()
                    .to_u64()
                    .filter(|&n| n <= MAX_COPIES)
                    .ok_or_else(|| KernelError::TooLarge {
                        what: format!(
                            "{count} copies in the misère outcome search (at most {MAX_COPIES})"
                        ),
                    })?;
                let neg = neg ^ count.is_negative();
                let mut one = Vec::new();
                self.parts(k, game, neg, open, &mut one)?;
                for _ in 0..n {
                    k.check_budget()?;
                    out.extend(one.iter().cloned());
                }
                Ok(())
            }
            Term::Game { left, right } if left.is_empty() && right.is_empty() => Ok(()),
            Term::Game { .. } => {
                out.push(Part::Form {
                    term: t.clone(),
                    neg,
                });
                Ok(())
            }
            Term::PlusMinus(xs) => {
                // ±{a, b} is the braces {a, b | -a, -b}, a form like any other.
                let braces = Term::Game {
                    left: xs.clone(),
                    right: xs.iter().cloned().map(Term::neg).collect(),
                };
                self.parts(k, &braces, neg, open, out)
            }
            Term::Call { .. } => match self.open(k, t, open)? {
                Some(Term::Game { left, right }) if left.is_empty() && right.is_empty() => Ok(()),
                Some(Term::Game { .. }) => {
                    out.push(Part::Form {
                        term: t.clone(),
                        neg,
                    });
                    Ok(())
                }
                // A call that opens to anything else (a sum) is that term's parts.
                Some(other) => {
                    self.enter()?;
                    let r = self.parts(k, &other, neg, open, out);
                    self.depth -= 1;
                    r
                }
                None => self.value(k, t, neg, out),
            },
            _ => self.value(k, t, neg, out),
        }
    }

    /// A term searched through its normal-play canonical form.
    fn value(
        &mut self,
        k: &mut Kernel,
        t: &Term,
        neg: bool,
        out: &mut Vec<Part>,
    ) -> Result<(), KernelError> {
        let mut g = k.eval(t)?;
        if neg {
            g = k.neg(g);
        }
        if g != k.zero() {
            out.push(Part::Value(g));
        }
        Ok(())
    }

    /// One level of a ruleset call, memoised.
    fn open(
        &mut self,
        k: &mut Kernel,
        t: &Term,
        open: &Opener,
    ) -> Result<Option<Term>, KernelError> {
        if let Some(o) = self.opened.get(t) {
            return Ok(o.clone());
        }
        let o = open(k, t)?;
        self.opened.insert(t.clone(), o.clone());
        Ok(o)
    }

    /// The positions one move of Left (or Right) reaches from `p`: a move in one part,
    /// replaced by the parts of the option it moves to.
    fn moves(
        &mut self,
        k: &mut Kernel,
        p: &[Part],
        left: bool,
        open: &Opener,
    ) -> Result<Vec<Position>, KernelError> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            if i > 0 && p[i] == p[i - 1] {
                // The same part again: the same moves.
                continue;
            }
            k.check_budget()?;
            let mut rest: Vec<Part> = Vec::with_capacity(p.len() + 2);
            rest.extend_from_slice(&p[..i]);
            rest.extend_from_slice(&p[i + 1..]);
            match &p[i] {
                Part::Value(g) => {
                    let os = if left {
                        k.left_options(*g)?
                    } else {
                        k.right_options(*g)?
                    };
                    for o in os {
                        let mut q = rest.clone();
                        if o != k.zero() {
                            q.push(Part::Value(o));
                        }
                        q.sort_unstable();
                        out.push(q);
                    }
                }
                Part::Form { term, neg } => {
                    let opened;
                    let (l, r) = match term {
                        Term::Game { left, right } => (left, right),
                        _ => {
                            opened = self.open(k, term, open)?;
                            match &opened {
                                Some(Term::Game { left, right }) => (left, right),
                                // Only braces and calls that open to braces are made forms.
                                _ => {
                                    return Err(KernelError::TooLarge {
                                        what: format!(
                                            "internal error: {term} has no options to search"
                                        ),
                                    })
                                }
                            }
                        }
                    };
                    // A negated part's Left moves are its Right moves, negated.
                    let os = if left != *neg { l } else { r };
                    for o in os {
                        let mut q = rest.clone();
                        self.parts(k, o, *neg, open, &mut q)?;
                        q.sort_unstable();
                        out.push(q);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Who wins the position `p` moving first, in misère play.
    fn position(
        &mut self,
        k: &mut Kernel,
        p: Position,
        open: &Opener,
    ) -> Result<Wins, KernelError> {
        if let Some(&w) = self.memo.get(&p) {
            return Ok(w);
        }
        self.enter()?;
        let w = self.position_inner(k, &p, open);
        self.depth -= 1;
        let w = w?;
        self.memo.insert(p, w);
        Ok(w)
    }

    fn position_inner(
        &mut self,
        k: &mut Kernel,
        p: &[Part],
        open: &Opener,
    ) -> Result<Wins, KernelError> {
        k.check_budget()?;
        let mut wins = [false, false];
        for (side, left) in [true, false].into_iter().enumerate() {
            let qs = self.moves(k, p, left, open)?;
            // No move: the player to move has won.
            let mut w = qs.is_empty();
            for q in qs {
                if w {
                    break;
                }
                let (lw, rw) = self.position(k, q, open)?;
                // The opponent moves first in q and loses.
                w = if left { !rw } else { !lw };
            }
            wins[side] = w;
        }
        Ok((wins[0], wins[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    fn wins(s: &str) -> char {
        let t = crate::syntax::parse(s).unwrap();
        let mut k = Kernel::new();
        let none = |_: &mut Kernel, _: &Term| Ok(None);
        letter(Search::default().term(&mut k, &t, &none).unwrap())
    }

    /// Misère outcomes worked out by hand from the definition (the player who cannot move
    /// wins): 0 is N (the player to move cannot, and wins); in {0|} = 1 Left moving first
    /// goes to 0 and Right, unable to move, wins, and Right moving first cannot move and
    /// wins: R; in * either player moving first goes to 0 and loses: P.
    #[test]
    fn small_forms_by_hand() {
        assert_eq!(wins("0"), 'N');
        assert_eq!(wins("{0|}"), 'R');
        assert_eq!(wins("1"), 'R');
        assert_eq!(wins("-1"), 'L');
        assert_eq!(wins("{|0}"), 'L');
        assert_eq!(wins("*"), 'P');
        // {1|-1}: Left moving first goes to 1 = {0|}, where Right, to move, cannot and wins;
        // Right moving first goes to -1, where Left cannot move and wins: P.
        assert_eq!(wins("{1|-1}"), 'P');
    }

    /// Sums and negatives are searched as sums of forms, checked against a brute force over
    /// the written-out game tree of the sum (the definition of the disjunctive sum, and of
    /// −G as G with the players swapped).
    #[test]
    fn sums_are_searched_as_sums() {
        let forms = [
            "0",
            "{0|}",
            "{|0}",
            "*",
            "{-1|1}",
            "{1|-1}",
            "{0|*}",
            "{*|0}",
            "{0,*|}",
            "{{0|}|}",
            "{|*}",
            "{{|0}|{0|}}",
        ];
        for a in forms {
            for b in forms {
                let want = brute(&sum_tree(&tree(a), &tree(b)));
                assert_eq!(wins(&format!("{a} + {b}")), letter(want), "{a} + {b}");
                let want = brute(&sum_tree(&tree(a), &conj(&tree(b))));
                assert_eq!(wins(&format!("{a} + -{b}")), letter(want), "{a} - {b}");
                let want = brute(&sum_tree(&tree(a), &sum_tree(&tree(a), &tree(b))));
                assert_eq!(wins(&format!("2.({a}) + {b}")), letter(want), "2.{a} + {b}");
            }
        }
    }

    /// A game tree written out, for the brute force: (Left's options, Right's options).
    #[derive(Clone)]
    struct Tree(Vec<Tree>, Vec<Tree>);

    /// The tree of braces, integers and * as written (an integer n as {n-1|}, * as {0|0}).
    fn tree(s: &str) -> Tree {
        fn of(t: &Term) -> Tree {
            match t {
                Term::Game { left, right } => Tree(
                    left.iter().map(of).collect(),
                    right.iter().map(of).collect(),
                ),
                Term::Neg(a) => conj(&of(a)),
                Term::Nus { number, up, nim } if up.is_zero() => {
                    let n: i64 = number.to_string().parse().unwrap();
                    let mut t = Tree(vec![], vec![]);
                    for _ in 0..n.abs() {
                        t = if n > 0 {
                            Tree(vec![t], vec![])
                        } else {
                            Tree(vec![], vec![t])
                        };
                    }
                    match nim.to_string().as_str() {
                        "0" => t,
                        "*" | "1" => {
                            assert_eq!(n, 0, "only * alone");
                            let z = Tree(vec![], vec![]);
                            Tree(vec![z.clone()], vec![z])
                        }
                        other => panic!("not in the test's trees: *{other}"),
                    }
                }
                other => panic!("not in the test's trees: {other}"),
            }
        }
        of(&crate::syntax::parse(s).unwrap())
    }

    fn conj(t: &Tree) -> Tree {
        Tree(
            t.1.iter().map(conj).collect(),
            t.0.iter().map(conj).collect(),
        )
    }

    fn sum_tree(a: &Tree, b: &Tree) -> Tree {
        let mut l: Vec<Tree> = a.0.iter().map(|x| sum_tree(x, b)).collect();
        l.extend(b.0.iter().map(|y| sum_tree(a, y)));
        let mut r: Vec<Tree> = a.1.iter().map(|x| sum_tree(x, b)).collect();
        r.extend(b.1.iter().map(|y| sum_tree(a, y)));
        Tree(l, r)
    }

    fn brute(t: &Tree) -> Wins {
        let lw = t.0.is_empty() || t.0.iter().any(|o| !brute(o).1);
        let rw = t.1.is_empty() || t.1.iter().any(|o| !brute(o).0);
        (lw, rw)
    }
}
