//! The command line's shape, declared with clap's derive API.

use clap::{Args, Parser, Subcommand};

/// Conway's combinatorial games: canonical forms, comparisons, proofs.
#[derive(Parser, Debug, Clone)]
#[command(name = "onag", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Print the canonical form of a game expression, e.g. `onag eval "{0,1|2}"` prints 3/2.
    ///
    /// EXPR `-` reads one expression per line from standard input and prints one result per
    /// line; blank lines are skipped, bad lines are reported on standard error and the exit
    /// status is 2 at the end.
    Eval {
        /// The expression in CGSuite notation, or `-` for standard input.
        #[arg(allow_hyphen_values = true)]
        expr: String,
        #[command(flatten)]
        output: OutputArgs,
        /// Print one JSON object per expression: input, canonical, outcome (L, R, N or P),
        /// number (the value when it is a number, else null), nimber (n when the game equals
        /// *n, else null) and birthday, all as strings.
        #[arg(long)]
        json: bool,
    },
    /// Compare two games: prints `<`, `>`, `=` or `||` (confused).
    Compare {
        /// The left-hand game.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The right-hand game.
        #[arg(allow_hyphen_values = true)]
        b: String,
    },
}

/// How results are printed.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Print ↑ ↓ ⇑ ⇓ ± and − instead of CGSuite's ASCII.
    #[arg(long)]
    pub unicode: bool,
    /// Break long canonical forms to fit this many columns (default: one line).
    #[arg(long, value_name = "COLUMNS")]
    pub width: Option<usize>,
}
