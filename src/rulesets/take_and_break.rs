//! Take-and-break games in CGSuite's full code language (`position::take_and_break`): octal
//! and hexadecimal digits, digits up to base 32 and `&n;`, lists `{1,3}` and `{2+}`,
//! constraints `!` `?` `=`, tokens added by digits before the point, and repeating tails. Grundy's
//! game is `4!.0`, Nim `0.[3]`.
//!
//! A heap of n is worth the nimber G(n), the mex of the nim-sums of the heaps each move
//! leaves. Codes that are octal in the narrow sense (each move leaves at most two heaps, no
//! constraint, no added tokens, no repeating tail) are handed to [`super::octal`], whose
//! periodicity proof (Guy–Smith) values heaps of any size. Others are computed heap by heap:
//! the Guy–Smith theorem's proof pairs a move's heaps at n with those at n − p, which a
//! constraint (`!`: two heaps of different sizes) or a third heap breaks, so no period is
//! claimed for them.
//!
//! Every move must leave heaps smaller than the one it was made from. A code whose move can
//! leave a heap as large (a token added to one heap, `20.0`; a heap split in two after adding
//! one, `40.0`) allows play that never ends: such a game is loopy, and is refused.

use super::octal::{NimSequence, OctalCode};
use super::position::take_and_break::{take_and_break_code, Constraint, TbCodeText};
use super::RulesetError;
use crate::kernel::Budget;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

/// Most heap sizes valued one by one.
pub const MAX_COMPUTED: usize = 1 << 20;
/// Most moves a heap's options may number before they are refused (unbounded heap counts
/// reach partition numbers quickly).
pub const MAX_MOVES: usize = 1 << 22;

/// A take-and-break code, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeAndBreak {
    text: String,
    code: TbCodeText,
}

impl TakeAndBreak {
    /// Reads a code by the code language's one reader (docs/POSITIONS.md).
    pub fn parse(text: &str) -> Result<TakeAndBreak, RulesetError> {
        Ok(TakeAndBreak {
            text: text.to_string(),
            code: take_and_break_code(text)?,
        })
    }

    /// The code as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The same game as an octal code of Guy and Smith's kind, when it is one.
    pub fn as_octal(&self) -> Option<OctalCode> {
        let c = &self.code;
        if !c.additive.is_empty() || c.period != 0 {
            return None;
        }
        let mut text = String::new();
        for (k, d) in c.digits.iter().enumerate() {
            if d.and_more && !d.is_zero() {
                return None;
            }
            let mut v = 0u8;
            for (j, allowed) in d.counts.iter().enumerate() {
                match (j, allowed) {
                    (_, None) => {}
                    (0 | 1, Some(_)) if k == 0 => return None,
                    (0 | 1, Some(_)) => v |= 1 << j,
                    (2, Some(Constraint::Any)) => v |= 4,
                    _ => return None,
                }
            }
            text.push(char::from(b'0' + v));
            if k == 0 {
                text.push('.');
            }
        }
        if c.digits.len() == 1 {
            text.push('0');
        }
        OctalCode::parse(&text).ok()
    }

    /// The moves from a heap of n, each the heaps it leaves in ascending order, ordered by the
    /// tokens taken, then the number of heaps, then lexicographically. A move that leaves a
    /// heap of n or more is an error (the game would be loopy).
    pub fn moves(&self, n: usize, budget: &Budget) -> Result<Vec<Vec<usize>>, RulesetError> {
        let mut out = Vec::new();
        self.each_move(n, budget, |heaps| {
            out.push(heaps.to_vec());
            Ok(())
        })?;
        Ok(out)
    }

    fn each_move(
        &self,
        n: usize,
        budget: &Budget,
        mut f: impl FnMut(&[usize]) -> Result<(), RulesetError>,
    ) -> Result<(), RulesetError> {
        let first = -(self.code.additive.len() as i64);
        let last = match self.code.max_take() {
            Some(t) => t.min(n),
            None => n,
        } as i64;
        let mut count = 0usize;
        let mut buf = Vec::new();
        for k in first..=last {
            let Some(digit) = self.code.digit(k) else {
                continue;
            };
            if digit.is_zero() {
                continue;
            }
            let left = (n as i64 - k) as usize;
            let most = digit.max_heaps().map_or(left, |m| m.min(left));
            for j in 0..=most {
                let Some(c) = digit.allows(j) else { continue };
                if j == 0 {
                    if left == 0 {
                        count += 1;
                        f(&[])?;
                    }
                    continue;
                }
                if left == 0 {
                    continue;
                }
                buf.clear();
                let mut err = None;
                partitions(left, j, c, &mut buf, &mut |heaps| {
                    if err.is_some() {
                        return false;
                    }
                    count += 1;
                    if count.is_multiple_of(4096) {
                        if let Err(e) = budget.check() {
                            err = Some(e.into());
                            return false;
                        }
                    }
                    if count > MAX_MOVES {
                        err = Some(super::too_large(format!(
                            "the moves from a heap of {n} in {} (more than {MAX_MOVES})",
                            self.text
                        )));
                        return false;
                    }
                    if heaps.last().is_some_and(|&h| h >= n) {
                        err = Some(RulesetError::Argument(format!(
                            "in {}, a move from a heap of {n} leaves a heap of {}: play could go on forever, so this is a loopy game, not a short one",
                            self.text,
                            heaps.last().copied().unwrap_or(0)
                        )));
                        return false;
                    }
                    if let Err(e) = f(heaps) {
                        err = Some(e);
                        return false;
                    }
                    true
                });
                if let Some(e) = err {
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// Calls `f` with every ascending list of `j` positive sizes summing to `total` that satisfies
/// the constraint, lexicographically; stops when `f` says false.
fn partitions(
    total: usize,
    j: usize,
    c: Constraint,
    buf: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if c == Constraint::AllEqual {
        if j >= 2 && total.is_multiple_of(j) {
            buf.clear();
            buf.resize(j, total / j);
            return f(buf);
        }
        if j == 1 {
            return f(&[total]);
        }
        return true;
    }
    fn go(
        left: usize,
        parts: usize,
        min: usize,
        c: Constraint,
        buf: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if parts == 1 {
            if left < min {
                return true;
            }
            buf.push(left);
            let keep = if c == Constraint::NotAllEqual && buf.len() >= 2 && buf[0] == left {
                true
            } else {
                f(buf)
            };
            buf.pop();
            return keep;
        }
        let step = usize::from(c == Constraint::Distinct);
        let mut x = min;
        loop {
            // The rest are at least x (x + 1, … when distinct): do they fit?
            let rest = parts - 1;
            let least = if step == 1 {
                rest * (x + 1) + rest * (rest - 1) / 2
            } else {
                rest * x
            };
            if x + least > left {
                return true;
            }
            buf.push(x);
            let keep = go(left - x, rest, x + step, c, buf, f);
            buf.pop();
            if !keep {
                return false;
            }
            x += 1;
        }
    }
    buf.clear();
    go(total, j, 1, c, buf, f)
}

/// The nim-values of a code, heap by heap.
#[derive(Clone, Debug)]
pub struct TbSequence {
    game: TakeAndBreak,
    octal: Option<NimSequence>,
    values: Vec<u32>,
}

impl TbSequence {
    /// The sequence of a code, nothing computed yet.
    pub fn new(game: TakeAndBreak) -> TbSequence {
        let octal = game.as_octal().map(NimSequence::new);
        TbSequence {
            game,
            octal,
            values: Vec::new(),
        }
    }

    /// G(n).
    pub fn value(&mut self, n: &BigInt, budget: &Budget) -> Result<u32, RulesetError> {
        if n.is_negative() {
            return Err(RulesetError::Argument(format!(
                "a heap has at least 0 tokens, not {n}"
            )));
        }
        if let Some(s) = self.octal.as_mut() {
            return s.value(n, budget);
        }
        let Some(n) = n.to_usize().filter(|&n| n < MAX_COMPUTED) else {
            return Err(super::too_large(format!(
                "heap {n} of {}: heaps are valued one by one up to {MAX_COMPUTED} (no period is proved for this code)",
                self.game.text
            )));
        };
        let mut seen: Vec<u32> = Vec::new();
        let mut stamp = 0u32;
        while self.values.len() <= n {
            let m = self.values.len();
            budget.check()?;
            stamp += 1;
            let values = &self.values;
            self.game.each_move(m, budget, |heaps| {
                let v = heaps.iter().fold(0u32, |a, &h| a ^ values[h]) as usize;
                if v >= seen.len() {
                    seen.resize((v + 1).next_power_of_two(), 0);
                }
                seen[v] = stamp;
                Ok(())
            })?;
            let g = seen.iter().take_while(|&&s| s == stamp).count();
            self.values.push(g as u32);
        }
        Ok(self.values[n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(code: &str, n: usize) -> String {
        let g = TakeAndBreak::parse(code).unwrap();
        let m = g.moves(n, &Budget::default()).unwrap();
        m.iter()
            .map(|h| {
                if h.is_empty() {
                    "-".to_string()
                } else {
                    h.iter()
                        .map(|x| x.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                }
            })
            .collect::<Vec<_>>()
            .join("  ")
    }

    /// The moves of CGSuite's documented traversals (its TBCodeTest), with the game's own
    /// rules read off the code by hand.
    #[test]
    fn moves_as_the_codes_say() {
        // 0.3: take one token, leaving one heap (or nothing).
        assert_eq!(moves("0.3", 9), "8");
        // 0.7: take one, leave up to two heaps.
        assert_eq!(moves("0.7", 9), "8  1,7  2,6  3,5  4,4");
        assert_eq!(moves("4.0", 8), "1,7  2,6  3,5  4,4");
        // Grundy's game: split into two unequal heaps.
        assert_eq!(moves("4!.0", 8), "1,7  2,6  3,5");
        // F = 1 + 2 + 4 + 8: up to three heaps.
        assert_eq!(
            moves("0.3F", 9),
            "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"
        );
        assert_eq!(moves("0.3F!", 9), "8  7  1,6  2,5  3,4  1,2,4");
        assert_eq!(
            moves("0.3f?", 11),
            "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4"
        );
        assert_eq!(
            moves("0.3f!", 11),
            "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4"
        );
        assert_eq!(moves("0.*!3", 7), "6  1,5  2,4  1,2,3  5");
        assert_eq!(moves("0.[3]", 7), "6  5  4  3  2  1  -");
        assert_eq!(moves("0.[2]", 7), "6  5  4  3  2  1");
        assert_eq!(moves("0.3[1]", 7), "6  -");
        assert_eq!(moves("0.7[03]", 7), "6  1,5  2,4  3,3  4  2  -");
        // Add a token, leave three heaps.
        assert_eq!(moves("80.0", 7), "1,1,6  1,2,5  1,3,4  2,2,4  2,3,3");
        assert_eq!(moves("0.*=", 11), "10  5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1");
        assert_eq!(moves("{2+}=.0", 10), "5,5  2,2,2,2,2  1,1,1,1,1,1,1,1,1,1");
        assert_eq!(moves("0.{0,1,3+}", 1), "-");
        assert_eq!(moves("0.{0,1,3+}", 2), "1");
        assert_eq!(moves("0.{1,3+}", 1), "");
        assert_eq!(
            moves("0.{2,3?+}", 7),
            "1,5  2,4  3,3  1,1,4  1,2,3  1,1,1,3  1,1,2,2  1,1,1,1,2"
        );
    }

    #[test]
    fn every_partition_of_a_star_digit() {
        // 0.*: take one, leave any number of heaps: every partition of n - 1, so their count
        // is the partition number p(n - 1) (OEIS A000041), plus nothing when n = 1.
        let p = [1usize, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135];
        let g = TakeAndBreak::parse("0.*").unwrap();
        for n in 2..p.len() + 1 {
            assert_eq!(
                g.moves(n, &Budget::default()).unwrap().len(),
                p[n - 1],
                "{n}"
            );
        }
    }

    fn seq(code: &str, n: usize) -> Vec<u32> {
        let mut s = TbSequence::new(TakeAndBreak::parse(code).unwrap());
        (0..n)
            .map(|i| s.value(&BigInt::from(i), &Budget::default()).unwrap())
            .collect()
    }

    #[test]
    fn grundys_game_is_oeis_a002188() {
        let a002188 = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
            7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
        ];
        assert_eq!(seq("4!.0", a002188.len()), a002188);
    }

    #[test]
    fn narrow_octal_codes_agree_with_the_octal_module() {
        for code in ["0.77", "0.07", "4.07", "0.137", "0.6", "4.0"] {
            let mut o = NimSequence::new(OctalCode::parse(code).unwrap());
            let via = TakeAndBreak::parse(code).unwrap();
            assert!(via.as_octal().is_some(), "{code}");
            // Computed directly here, not handed over.
            let mut direct = TbSequence {
                game: via,
                octal: None,
                values: vec![],
            };
            for n in 0..80 {
                let b = Budget::default();
                assert_eq!(
                    direct.value(&BigInt::from(n), &b).unwrap(),
                    o.value(&BigInt::from(n), &b).unwrap(),
                    "{code} at {n}"
                );
            }
        }
    }

    #[test]
    fn nim_and_its_relatives() {
        // Nim: G(n) = n. 0.[2]: any move leaves a nonempty heap, so G(n) = n - 1 (n ≥ 1).
        assert_eq!(seq("0.[3]", 40), (0..40).collect::<Vec<u32>>());
        let g = seq("0.[2]", 40);
        assert_eq!(g[0], 0);
        assert_eq!(&g[1..], &(0..39).collect::<Vec<u32>>()[..]);
    }

    #[test]
    fn loopy_codes_are_refused() {
        for code in ["20.0", "40.0"] {
            let mut s = TbSequence::new(TakeAndBreak::parse(code).unwrap());
            let e = s.value(&BigInt::from(5), &Budget::default()).unwrap_err();
            assert!(e.to_string().contains("loopy"), "{code}: {e}");
        }
    }
}
