//! The language of turning codes, as CGSuite reads them (its `Spawning("1-3C(5)")` and
//! `Turning("…")`): read here for the producer (`rulesets::spawning`) and the proof checker's
//! naive move generator alike, so a code means one game to both or is refused by both.
//!
//! ```text
//! code     = element { "," element }
//! element  = count [ "+" | "-" count ] { modifier }
//! modifier = "C" [ "(" count ")" ] | "E" | "S" | "F"
//! count    = digit { digit }            (1 to 2^31 − 1)
//! ```
//!
//! An element allows turning `count` coins, `count` or more (`+`), or from one count to the
//! other (`-`); the rightmost coin turned goes from heads to tails. `C` the coins are
//! consecutive, `C(n)` they lie within n adjacent coins, `E` equally spaced, `S` symmetrically
//! arranged, `F` the strip's first coin is among them. Modifier letters may be lowercase:
//! CGSuite reads the code in capitals. No spaces.

use super::{describe, PositionError, RulesetError};

/// Longest code read, in characters.
pub const MAX_SPAWN_CODE: usize = super::MAX_CODE_DIGITS;

/// How the coins a move turns must be arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spacing {
    /// Anyhow.
    Any,
    /// Adjacent (`C`).
    Consecutive,
    /// Equally spaced (`E`).
    Equal,
    /// Symmetric about their centre (`S`).
    Symmetric,
}

/// One element of a code, as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SpawnElement {
    /// Fewest coins turned.
    pub min_coins: u64,
    /// Most coins turned (`None`: no bound, `n+`).
    pub max_coins: Option<u64>,
    /// The span `C(n)` the coins must lie in (`None`: any).
    pub span: Option<u64>,
    /// The arrangement (the last of `C`, `E`, `S` written wins, as in CGSuite).
    pub spacing: Spacing,
    /// `F`: the strip's first coin is turned.
    pub first: bool,
}

fn err(text: &str, at: usize, what: impl Into<String>) -> RulesetError {
    PositionError::at(text, at, what.into()).into()
}

/// Reads a turning code.
pub fn spawning_code(text: &str) -> Result<Vec<SpawnElement>, RulesetError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > MAX_SPAWN_CODE {
        return Err(crate::rulesets::too_large(format!(
            "a turning code of more than {MAX_SPAWN_CODE} characters"
        )));
    }
    let mut i = 0;
    let mut out = Vec::new();
    let count = |i: &mut usize| -> Result<u64, RulesetError> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        if start == *i {
            let found = chars
                .get(start)
                .map_or("the end of the code".to_string(), |&c| describe(c));
            return Err(err(
                text,
                start,
                format!("expected a number of coins in a turning code, found {found}"),
            ));
        }
        let s: String = chars[start..*i].iter().collect();
        match s.parse::<u64>() {
            Ok(0) => Err(err(
                text,
                start,
                "a move turns at least one coin: write 1 or more",
            )),
            Ok(n) if n <= i32::MAX as u64 => Ok(n),
            _ => Err(err(
                text,
                start,
                "a number in a turning code is at most 2147483647",
            )),
        }
    };
    loop {
        let min_coins = count(&mut i)?;
        let mut max_coins = Some(min_coins);
        match chars.get(i) {
            Some('+') => {
                max_coins = None;
                i += 1;
            }
            Some('-') => {
                i += 1;
                max_coins = Some(count(&mut i)?);
            }
            _ => {}
        }
        let mut e = SpawnElement {
            min_coins,
            max_coins,
            span: None,
            spacing: Spacing::Any,
            first: false,
        };
        while let Some(&c) = chars.get(i) {
            match c.to_ascii_uppercase() {
                'C' if chars.get(i + 1) == Some(&'(') => {
                    i += 2;
                    e.span = Some(count(&mut i)?);
                    if chars.get(i) != Some(&')') {
                        return Err(err(text, i, "expected ')' closing C(n)"));
                    }
                    i += 1;
                }
                'C' => {
                    e.spacing = Spacing::Consecutive;
                    i += 1;
                }
                'E' => {
                    e.spacing = Spacing::Equal;
                    i += 1;
                }
                'S' => {
                    e.spacing = Spacing::Symmetric;
                    i += 1;
                }
                'F' => {
                    e.first = true;
                    i += 1;
                }
                ',' => break,
                _ => {
                    return Err(err(
                        text,
                        i,
                        format!(
                            "unexpected {} in a turning code (a count, n+ or a-b, then C, C(n), E, S or F; elements separated by ',')",
                            describe(c)
                        ),
                    ))
                }
            }
        }
        out.push(e);
        match chars.get(i) {
            Some(',') => i += 1,
            _ => return Ok(out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_codes_of_winning_ways_games() {
        let e = spawning_code("1-3C(5)").unwrap();
        assert_eq!(
            e,
            vec![SpawnElement {
                min_coins: 1,
                max_coins: Some(3),
                span: Some(5),
                spacing: Spacing::Any,
                first: false
            }]
        );
        let e = spawning_code("4FS").unwrap();
        assert_eq!((e[0].spacing, e[0].first), (Spacing::Symmetric, true));
        let e = spawning_code("1+C").unwrap();
        assert_eq!((e[0].max_coins, e[0].spacing), (None, Spacing::Consecutive));
        assert_eq!(spawning_code("2-3,6c").unwrap().len(), 2);
        assert_eq!(spawning_code("3e").unwrap()[0].spacing, Spacing::Equal);
    }

    #[test]
    fn refuses_malformed_codes_at_their_place() {
        for (code, column) in [
            ("", 1),
            ("1,", 3),
            ("1-", 3),
            ("3X", 2),
            ("1-3C(5", 7),
            (" 3", 1),
            ("0", 1),
            ("1-2-3", 4),
            ("99999999999", 1),
        ] {
            match spawning_code(code) {
                Err(RulesetError::Input(p)) => assert_eq!(p.column, column, "{code}: {p}"),
                other => panic!("{code}: {other:?}"),
            }
        }
    }
}
