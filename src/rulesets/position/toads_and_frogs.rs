//! The language of Toads and Frogs strips as CGSuite writes them (its
//! `game.strip.BackslidingToadsAndFrogs("ttt..fff")`, character map `.tf`): read here for the
//! producer (`rulesets::backsliding_toads`) and for any checker alike.
//!
//! ```text
//! strip  = { square }
//! square = "t" | "f" | "."
//! ```
//!
//! `t` is Left's toad (it moves right), `f` Right's frog (it moves left), `.` an empty square.
//! The empty strip is allowed (it is 0, as in CGSuite). CGSuite folds capitals to lowercase;
//! onag reads one spelling only, as for every strip, and names the letter meant.

use super::RulesetError;

/// Longest strip read; longer ones are a limit (exit 3). The game graph of a strip grows as
/// the ways to place its pieces, so the caller's budget usually stops a long strip first.
pub const MAX_STRIP: usize = 256;

/// Reads a strip; returns its characters.
pub fn toads_and_frogs(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['t', 'f', '.'],
        "a Toads and Frogs strip",
        "t a toad, f a frog, . an empty square",
        MAX_STRIP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cgsuites_strips() {
        assert_eq!(toads_and_frogs("t.f").unwrap(), vec!['t', '.', 'f']);
        assert_eq!(toads_and_frogs("").unwrap(), Vec::<char>::new());
    }

    #[test]
    fn refuses_other_characters_at_their_place() {
        let RulesetError::Input(p) = toads_and_frogs("tT.f").unwrap_err() else {
            panic!("an input error")
        };
        assert_eq!((p.line, p.column), (1, 2));
        assert!(p.message.contains("write 't'"), "{}", p.message);
        assert!(toads_and_frogs("t f").is_err());
        assert!(toads_and_frogs("t.f\r").is_err());
        assert!(matches!(
            toads_and_frogs(&".".repeat(MAX_STRIP + 1)),
            Err(RulesetError::Kernel(_))
        ));
        assert!(toads_and_frogs(&".".repeat(MAX_STRIP)).is_ok());
    }
}
