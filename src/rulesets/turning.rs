//! Coin-turning games on strips (CGSuite's `game.strip.Turning("1-3")("htththtth")`): a strip
//! of coins, heads `h` or tails `t`; a move turns over a set of coins the turning code allows
//! (docs/POSITIONS.md, turning codes), its rightmost coin from heads to tails.
//!
//! Coin n (from 1, at the left) is a heap of n in the code's spawning game (`super::spawning`):
//! turning the coins a₁ < … < a_k = n is the heap move from n to a₁ + … + a_(k−1). In normal
//! play two equal heaps cancel, so a strip is worth the nim-sum of G(n) over its heads
//! (Winning Ways ch. 14, the coin-turning theorem), which is how the value is worked out, as
//! CGSuite does; the opening lists the strips one move reaches.

use super::spawning::Spawning;
use super::RulesetError;
use crate::kernel::Budget;

/// A strip: `true` for heads, coin 1 first.
pub type Strip = Vec<bool>;

/// Reads a strip by the one reader of its language, [`super::position::strips`].
pub fn parse(text: &str) -> Result<Strip, RulesetError> {
    Ok(super::position::strips::turning(text)?
        .into_iter()
        .map(|c| c == 'h')
        .collect())
}

/// The strip in its notation.
pub fn print(s: &[bool]) -> String {
    s.iter().map(|&h| if h { 'h' } else { 't' }).collect()
}

/// The strip's nim-value: the nim-sum of the spawning game's values at its heads.
pub fn value(code: &Spawning, s: &[bool], budget: &Budget) -> Result<u64, RulesetError> {
    let g = code.values(s.len(), budget)?;
    Ok(s.iter()
        .enumerate()
        .filter(|(_, &h)| h)
        .fold(0, |acc, (i, _)| acc ^ g[i + 1]))
}

/// The strips one move reaches, each once, at most `limit` (more is a limit): for each head n
/// and each heap move of n to a₁ + … + a_(k−1), the strip with coin n and the coins aᵢ turned.
pub fn moves(code: &Spawning, s: &[bool], limit: usize) -> Result<Vec<Strip>, RulesetError> {
    let mut out: Vec<Strip> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, &h) in s.iter().enumerate() {
        if !h {
            continue;
        }
        for m in code.moves(i + 1, limit)? {
            let mut next = s.to_vec();
            next[i] = false;
            for &a in &m {
                next[a - 1] = !next[a - 1];
            }
            if seen.insert(next.clone()) {
                if out.len() >= limit {
                    return Err(super::too_large(format!(
                        "the moves of a coin strip (at most {limit} are listed)"
                    )));
                }
                out.push(next);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tests::mex_by_definition;
    use std::collections::HashMap;

    /// The mex definition on whole strips, every move by [`moves`]: the nim-sum shortcut is
    /// a theorem, checked here against it.
    fn by_definition(code: &Spawning, s: Strip, memo: &mut HashMap<Strip, u64>) -> u64 {
        mex_by_definition(s, &|s: &Strip| moves(code, s, 1 << 16).unwrap(), memo)
    }

    #[test]
    fn the_nim_sum_is_the_definition() {
        for text in ["1-3", "1+C", "3E", "4FS", "2", "1-2"] {
            let code = Spawning::parse(text).unwrap();
            let mut memo = HashMap::new();
            for len in 0..=7usize {
                for bits in 0..(1u32 << len) {
                    let s: Strip = (0..len).map(|i| bits & (1 << i) != 0).collect();
                    assert_eq!(
                        value(&code, &s, &Budget::default()).unwrap(),
                        by_definition(&code, s.clone(), &mut memo),
                        "{text} {}",
                        print(&s)
                    );
                }
            }
        }
    }

    /// CGSuite's GameStripTest: `Turning("1-3")("htththtth").NimValue` is 29.
    #[test]
    fn cgsuites_mock_turtles_row() {
        let code = Spawning::parse("1-3").unwrap();
        let s = parse("htththtth").unwrap();
        assert_eq!(value(&code, &s, &Budget::default()).unwrap(), 29);
    }
}
