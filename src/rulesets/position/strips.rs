//! The strip languages CGSuite writes for its `game.strip` rulesets, each the one-row reader
//! [`super::strip`] with its alphabet, read here for the producer and for any checker alike
//! (the grammars of docs/POSITIONS.md). The empty strip is allowed in each (it is 0, as in
//! CGSuite); CGSuite folds capitals to lowercase, onag reads one spelling only and names the
//! letter meant.
//!
//! ```text
//! toads_and_frogs   = { "t" | "f" | "." }        (character map .tf)
//! toppling_dominoes = { "l" | "r" | "e" | "." }  (character map .lre)
//! turning           = { "t" | "h" }              (character map th)
//! ```
//!
//! - Toads and Frogs (`game.strip.BackslidingToadsAndFrogs("ttt..fff")`, read for
//!   `rulesets::backsliding_toads`, `toads_and_frogs` and `elephants_and_rhinos`): `t` is Left's
//!   toad (it moves right), `f` Right's frog (it moves left), `.` an empty square.
//! - Toppling Dominoes (`TopplingDominoes("lrrlrrl")`): `l` a Left (blue) domino, `r` a Right
//!   (red) one, `e` a grey one either player may topple, `.` an empty square.
//! - Coin strips of the turning games (`game.strip.Turning("1-3")("htththtth")`): `h` a coin
//!   showing heads, `t` one showing tails; the coins are numbered 1, 2, … from the left, coin n
//!   standing for a heap of n in the turning code's spawning game.

use super::RulesetError;

/// Longest Toads and Frogs strip read; longer ones are a limit (exit 3). The game graph of a
/// strip grows as the ways to place its pieces, so the caller's budget usually stops a long
/// strip first.
pub const MAX_TOADS_STRIP: usize = 256;
/// Longest Toppling Dominoes strip read; longer ones are a limit.
pub const MAX_DOMINOES_STRIP: usize = 1024;
/// Longest coin strip read; longer ones are a limit (exit 3). The value needs the spawning
/// game's nim-sequence up to the strip's length.
pub const MAX_COIN_STRIP: usize = 4096;

/// Reads a Toads and Frogs strip; returns its characters.
pub fn toads_and_frogs(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['t', 'f', '.'],
        "a Toads and Frogs strip",
        "t a toad, f a frog, . an empty square",
        MAX_TOADS_STRIP,
    )
}

/// Reads a Toppling Dominoes strip; returns its characters.
pub fn toppling_dominoes(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['l', 'r', 'e', '.'],
        "a Toppling Dominoes strip",
        "l a Left domino, r a Right domino, e a grey domino, . an empty square",
        MAX_DOMINOES_STRIP,
    )
}

/// Reads a coin strip; returns its characters.
pub fn turning(text: &str) -> Result<Vec<char>, RulesetError> {
    super::strip(
        text,
        &['t', 'h'],
        "a coin strip",
        "h a coin showing heads, t one showing tails",
        MAX_COIN_STRIP,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    type Reader = fn(&str) -> Result<Vec<char>, RulesetError>;

    /// Each reader, a strip it reads, and the square its longest strip repeats.
    const READERS: [(Reader, &str, char, usize); 3] = [
        (toads_and_frogs, "t.f", '.', MAX_TOADS_STRIP),
        (toppling_dominoes, "lre.", 'l', MAX_DOMINOES_STRIP),
        (turning, "htt", 't', MAX_COIN_STRIP),
    ];

    #[test]
    fn reads_cgsuites_strips() {
        for (read, text, ..) in READERS {
            assert_eq!(read(text).unwrap(), text.chars().collect::<Vec<_>>());
            assert_eq!(read("").unwrap(), Vec::<char>::new());
        }
    }

    #[test]
    fn refuses_other_characters_at_their_place() {
        // A letter of another spelling, at its column, the error naming the letter meant.
        for (read, bad, column, says) in [
            (toads_and_frogs as Reader, "tT.f", 2, "write 't'"),
            (toppling_dominoes, "lrL", 3, "write 'l'"),
            (turning, "htH", 3, "heads"),
        ] {
            let RulesetError::Input(p) = read(bad).unwrap_err() else {
                panic!("an input error")
            };
            assert_eq!((p.line, p.column), (1, column), "{bad}");
            assert!(p.message.contains(says), "{}", p.message);
        }
        let others: [(Reader, &str); 5] = [
            (toads_and_frogs, "t f"),
            (toads_and_frogs, "t.f\r"),
            (toppling_dominoes, "l r"),
            (toppling_dominoes, "l\r"),
            (turning, "h.t"),
        ];
        for (read, text) in others {
            assert!(read(text).is_err(), "{text:?}");
        }
        for (read, _, square, max) in READERS {
            let long = |n| read(&square.to_string().repeat(n));
            assert!(matches!(long(max + 1), Err(RulesetError::Kernel(_))));
            assert!(long(max).is_ok());
        }
    }
}
