//! The language of coin strips, as CGSuite writes them for its turning games (its
//! `game.strip.Turning("1-3")("htththtth")`, character map `th`): read here for the producer
//! (`rulesets::turning`) and for the proof checker's naive move generator alike.
//!
//! ```text
//! strip = { coin }
//! coin  = "t" | "h"
//! ```
//!
//! `h` is a coin showing heads, `t` one showing tails; the coins are numbered 1, 2, … from the
//! left, coin n standing for a heap of n in the turning code's spawning game. The empty strip
//! is allowed (it is 0).

use super::RulesetError;

/// Longest strip read; longer ones are a limit (exit 3). The value needs the spawning game's
/// nim-sequence up to the strip's length.
pub const MAX_STRIP: usize = 4096;

/// Reads a strip; returns its characters.
pub fn turning(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['t', 'h'],
        "a coin strip",
        "h a coin showing heads, t one showing tails",
        MAX_STRIP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cgsuites_strips() {
        assert_eq!(turning("htt").unwrap(), vec!['h', 't', 't']);
        assert_eq!(turning("").unwrap(), Vec::<char>::new());
    }

    #[test]
    fn refuses_other_characters_at_their_place() {
        let RulesetError::Input(p) = turning("htH").unwrap_err() else {
            panic!("an input error")
        };
        assert_eq!((p.line, p.column), (1, 3));
        assert!(turning("h.t").is_err());
        assert!(matches!(
            turning(&"t".repeat(MAX_STRIP + 1)),
            Err(RulesetError::Kernel(_))
        ));
    }
}
