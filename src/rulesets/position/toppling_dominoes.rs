//! The language of Toppling Dominoes strips, as CGSuite writes them (its
//! `TopplingDominoes("lrrlrrl")`, character map `.lre`): read here for the producer
//! (`rulesets::toppling_dominoes`) and the proof checker's naive move generator alike.
//!
//! ```text
//! strip  = { square }
//! square = "l" | "r" | "e" | "."
//! ```
//!
//! `l` is a Left (blue) domino, `r` a Right (red) one, `e` a grey one either player may topple,
//! `.` an empty square. The empty strip is allowed (it is 0, as in CGSuite).

use super::RulesetError;

/// Longest strip read; longer ones are a limit.
pub const MAX_STRIP: usize = 1024;

/// Reads a strip; returns its characters.
pub fn toppling_dominoes(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['l', 'r', 'e', '.'],
        "a Toppling Dominoes strip",
        "l a Left domino, r a Right domino, e a grey domino, . an empty square",
        MAX_STRIP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cgsuites_strips() {
        assert_eq!(toppling_dominoes("lre.").unwrap(), vec!['l', 'r', 'e', '.']);
        assert_eq!(toppling_dominoes("").unwrap(), Vec::<char>::new());
    }

    #[test]
    fn refuses_other_characters_at_their_place() {
        let RulesetError::Input(p) = toppling_dominoes("lrL").unwrap_err() else {
            panic!("an input error")
        };
        assert_eq!((p.line, p.column), (1, 3));
        assert!(p.message.contains("write 'l'"), "{}", p.message);
        assert!(toppling_dominoes("l r").is_err());
        assert!(toppling_dominoes("l\r").is_err());
        assert!(matches!(
            toppling_dominoes(&"l".repeat(MAX_STRIP + 1)),
            Err(RulesetError::Kernel(_))
        ));
    }
}
