//! The command line's shape, declared with clap's derive API.
//!
//! Every subcommand carries an example in its help, because a newcomer's first question is
//! "what do I type"; the exit statuses are listed once, in the top-level help.

pub use crate::ops::{Format, Share, StepsChoice, TreeChoice};
use clap::{Args, Parser, Subcommand, ValueEnum};

const EXIT_STATUSES: &str = "\
Exit status:
  0  success
  1  the claim is false (`onag prove` of games that differ, `onag check` of a rejected proof)
  2  bad input or usage (the error points at the line and column with a caret)
  3  a limit was reached (engine rounds, nodes or time; --max-memory; a value too large for
     the kernel)
  130  interrupted with Ctrl-C

Examples:
  onag simplify \"{0,1|2}\"            the derivation of 3/2, one rule per step
  onag prove \"{0|5}\" 1                a checked proof, or who wins the difference
  onag compare ^ \"*\"                  the relation and its reasons
  onag eval \"{0,1|2}\"                 the value only, from the fast kernel
  onag rules dominated-left           a rule as written in rules/";

/// Conway's combinatorial games: canonical forms by rules, with a proof of every step.
#[derive(Parser, Debug, Clone)]
#[command(name = "onag", version, about, after_help = EXIT_STATUSES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// How to write symbols and lines, for every command (a global option).
    #[command(flatten)]
    pub style: StyleArgs,
    /// How much the process may use, for every command (a global option).
    #[command(flatten)]
    pub limits: LimitArgs,
}

/// The subcommands.
#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Print the canonical form of a game expression from the fast kernel (no derivation).
    ///
    /// EXPR `-` reads one expression per line from standard input and prints one result per
    /// line; blank lines are skipped, bad lines are reported on standard error and the exit
    /// status is 2 at the end.
    #[command(
        after_help = "Examples:\n  onag eval \"{0,1|2}\"          prints 3/2\n  \
                            onag eval --json \"*2\"        outcome, number, nimber, birthday\n  \
                            onag eval --share 0 \"{1|-1} + {2|-2} + {3|-3}\"   repeated parts named once\n  \
                            printf '^+^\\n{0|0}\\n' | onag eval -\n  \
                            onag eval --ruleset domineering --file board.txt\n  \
                            onag eval --ruleset domineering --format svg \"..|..\" > board.svg"
    )]
    Eval {
        /// The expression in CGSuite notation, or `-` for standard input.
        #[arg(allow_hyphen_values = true, required_unless_present = "file")]
        expr: Option<String>,
        /// Read the expressions from this file, one per line.
        #[arg(long, value_name = "FILE", conflicts_with = "expr")]
        file: Option<String>,
        /// Print one JSON object per expression: input, canonical, outcome (L, R, N or P),
        /// number (the value when it is a number, else null), nimber (n when the game equals
        /// *n, else null), birthday, tree_size and sign_expansion (`+-+` for 3/4, else null),
        /// as strings, and shared (whether canonical is written with `where`); a value that is
        /// not a short game (ω, 1/3, *ω) gives input, value, kind, birthday and sign_expansion
        /// instead. Same as `--format json`.
        #[arg(long)]
        json: bool,
        /// Also print the exact number of nodes of the canonical form written as a tree
        /// (without `where`), however large (JSON always has it, as `tree_size`).
        #[arg(long)]
        tree_size: bool,
        /// Read one position of this ruleset (domineering, clobber, toads, hackenbush): the
        /// whole of EXPR, of --file or of standard input (`-`) is the position, rows on lines
        /// or separated by |. `--format svg` draws the position. `octal` (a code such as
        /// 0.77) and `subtraction` (a set such as 1,3,4) print the nim-sequence and its period
        /// when the Guy–Smith theorem proves one, or "not yet periodic".
        #[arg(long, value_name = "NAME")]
        ruleset: Option<String>,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        tree: TreeArg,
        #[command(flatten)]
        share: ShareArg,
        /// Give up after this many seconds (exit status 3), for each expression.
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Simplify a game by rules, one step per line, each naming its theorem and witnesses,
    /// ending with the canonical form.
    ///
    /// EXPR `-` (or --file) reads one expression per line; each derivation is followed by a
    /// blank line.
    ///
    /// A loopy game (`on + off`, `a{0|a}`) takes loopy play's derivation, to its simplest form
    /// or to its sides `A & B`. With --format json every play's proof ends with its "final"
    /// claim, why the result is final (for `A & B`: each side's conditions and onside >=
    /// offside), which `onag check` verifies; --explain prints it in the play's own terms.
    #[command(after_help = "Examples:\n  onag simplify \"{0,1|2}\"\n  \
                            onag simplify --rules fundamental \"{0|5}\"\n  \
                            onag simplify --explain 1 \"a{0|a}\"\n  \
                            onag simplify --format latex \"{{*|*},*,*3|{*|*},*,*3}\"\n  \
                            onag simplify --misere \"{*2,{*|*}|*2,{*|*}}\"\n  \
                            onag simplify --format svg \"{0,1|2}\" > tree.svg")]
    Simplify {
        /// The expression in CGSuite notation, or `-` for standard input.
        #[arg(allow_hyphen_values = true, required_unless_present = "file")]
        expr: Option<String>,
        /// Misère play: the derivation of an impartial form's misère simplest form by the rules
        /// of rules/misere.rules (text or JSON).
        #[arg(long)]
        misere: bool,
        /// Read the expressions from this file, one per line.
        #[arg(long, value_name = "FILE", conflicts_with = "expr")]
        file: Option<String>,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        tree: TreeArg,
        #[command(flatten)]
        share: ShareArg,
        #[command(flatten)]
        teach: TeachArgs,
        /// Give up after this many seconds (exit status 3), for each expression.
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Prove A = B by rules (a checked proof), or show A ≠ B: who wins A − B moving first, and
    /// with which move. Exit status 1 when they differ.
    ///
    /// Give the two games as two arguments or as one `A = B`; `-` (or --file) reads one
    /// `A = B` per line.
    #[command(after_help = "Examples:\n  onag prove \"{0|5}\" 1\n  \
                            onag prove \"{0,1|2} = 3/2\"\n  \
                            onag prove \"{0|1}\" 1          exit status 1: Right wins the difference\n  \
                            onag prove --format json \"{0|5}\" 1 > proof.json")]
    Prove {
        /// The first game, or `A = B`, or `-` for standard input.
        #[arg(allow_hyphen_values = true, required_unless_present = "file")]
        a: Option<String>,
        /// Misère play: A = B as impartial games whose last mover loses, proved by deriving
        /// both simplest forms (text or JSON).
        #[arg(long)]
        misere: bool,
        /// The second game.
        #[arg(allow_hyphen_values = true)]
        b: Option<String>,
        /// Read the equations from this file, one `A = B` per line.
        #[arg(long, value_name = "FILE", conflicts_with = "a")]
        file: Option<String>,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        teach: TeachArgs,
        /// Give up after this many seconds (exit status 3), for each expression.
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Compare two games: `<`, `>`, `=` or `||` (confused), with the reasons: the outcome of
    /// A − B and each player's winning first move in it.
    #[command(after_help = "Examples:\n  onag compare ^ 0          >\n  \
                            onag compare \"*\" 0        || (whoever moves first wins * - 0)\n  \
                            onag compare --brief 1 2  just the symbol")]
    Compare {
        /// The left-hand game.
        #[arg(allow_hyphen_values = true)]
        a: String,
        /// The right-hand game.
        #[arg(allow_hyphen_values = true)]
        b: String,
        /// Print the symbol only.
        #[arg(long)]
        brief: bool,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        explain: ExplainArg,
        /// Give up after this many seconds (exit status 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Build the lexicographic code (seed 003): the words of LENGTH letters over 0..BASE taken
    /// greedily in lexicographic order when at distance at least DISTANCE from every word taken;
    /// prints its size and checks Conway and Sloane's theorem on it (closed under nim addition
    /// for a power-of-2 base, and under nim multiplication by scalars for a base 2^(2^k)).
    #[command(
        after_help = "Examples:\n  onag lexicode 2 7 3            the Hamming code: 16 words\n  \
                            onag lexicode --words 4 4 3     over GF(4), with the words"
    )]
    Lexicode {
        /// The alphabet size.
        base: u64,
        /// The word length.
        length: u32,
        /// The minimum Hamming distance.
        distance: u32,
        /// Also list the codewords.
        #[arg(long)]
        words: bool,
        /// The output format: text or json (a code has no picture or derivation).
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Give up after this many seconds (exit status 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// List every rule with its statement and citation, or show one rule as written in its
    /// file.
    #[command(
        after_help = "Examples:\n  onag rules\n  onag rules reversible-left\n  \
                            onag rules --rules fundamental     the rules of that group"
    )]
    Rules {
        /// A rule's name.
        name: Option<String>,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        rules: RulesArg,
    },
    /// Analyse a hot game: canonical form, outcome, stops, winning moves, mean, temperature,
    /// atomic weight, reduced form and thermograph (text, markdown, latex, json; svg draws the
    /// thermograph).
    #[command(after_help = "Examples:\n  onag analyze \"{2|-1}\"\n  \
                            onag analyze --format json \"{{3|2}|0} + ^\"\n  \
                            onag analyze --format svg \"{1/2|-3}\" > thermograph.svg\n  \
                            onag analyze --certificate \"{2|-1}\" > cert.json && onag check cert.json")]
    Analyze {
        /// The game.
        #[arg(allow_hyphen_values = true)]
        expr: String,
        /// Write the thermograph of every distinct subgame as JSON, for `onag check`.
        #[arg(long)]
        certificate: bool,
        #[command(flatten)]
        format: FormatArg,
        /// Give up after this many seconds (exit status 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Check a proof written as JSON (by `onag prove --format json`): every step is re-matched
    /// and its side conditions decided again. Also checks a thermograph certificate
    /// (`onag analyze --certificate`) by recomputing every wall from its options' walls.
    /// Exit status 1 when it is rejected.
    #[command(
        after_help = "Examples:\n  onag prove --format json \"{0|5}\" 1 > proof.json\n  \
                            onag check proof.json\n  onag check - < proof.json"
    )]
    Check {
        /// The JSON file, or `-` for standard input.
        #[arg(allow_hyphen_values = true)]
        file: String,
        #[command(flatten)]
        format: FormatArg,
        #[command(flatten)]
        rules: RulesArg,
        /// Give up after this many seconds (exit status 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// An interactive session with line editing and history: each line is answered as the
    /// command of the same name answers it (a game is simplified, `A = B` proved, `A ? B`
    /// compared; `:eval`, `:analyze`, `:misere`, `:rules`), `:help` lists them.
    #[command(after_help = repl_after_help())]
    Repl {
        #[command(flatten)]
        share: ShareArg,
        #[command(flatten)]
        teach: TeachArgs,
        /// Give up on a line after this many seconds: its answer is "limit reached" and the
        /// session goes on (a computation that overruns the limit and a grace ends the
        /// session with exit status 3).
        #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
        time_limit: f64,
    },
    /// Serve the teaching page and its JSON API on this machine: open
    /// http://127.0.0.1:PORT/ in a browser (docs/SERVE.md). Ctrl-C stops it.
    #[cfg(feature = "serve")]
    #[command(
        after_help = "Examples:\n  onag serve                      http://127.0.0.1:8080/\n  \
                            onag serve --port 9000 --open   and open it in the browser\n  \
                            curl -s localhost:8080/api/simplify -H 'content-type: application/json' \\\n    \
                            -d '{\"expr\": \"{0,1|2}\"}'"
    )]
    Serve(ServeArgs),
}

/// The REPL's commands, each with an example: what `:help` prints in the session and
/// `onag repl --help` ends with.
pub(crate) const REPL_COMMANDS: &str = "\
Each line is answered as the command of the same name answers it (`onag simplify`, ...):
  G                 simplify G, one rule per step        {0,1|2}     on + off
  A = B             prove A = B, or show who wins A - B  {0|5} = 1   on + off = dud
  A ? B             compare A and B                      ^ ? *
  :simplify G       the same as a plain G                :simplify {0|5}
  :prove A = B      the same as a plain A = B            :prove ^ + ^ = {0|^}
  :compare A ? B    the same as a plain A ? B            :compare 1/2 ? {0|1}
  :eval G           the value only (also of w+1, 1/3, on+off), as `onag eval`   :eval w+1
  :analyze G        outcome, stops, mean, temperature, ... as `onag analyze`    :analyze {2|-1}
  :misere G         misère play (`--misere`): G's simplest form, or A = B       :misere *2+*2
  :rules [NAME]     list the rules, or show one                                 :rules dominated-left
  :help             this text
  :quit             leave (also Ctrl-D)
";

/// `onag repl --help`'s examples and the session's commands, the list `:help` prints.
fn repl_after_help() -> String {
    format!(
        "Examples:\n  onag repl\n  onag repl --rules fundamental --explain 1\n  \
         printf 'on + off = dud\\n:eval w+1\\n' | onag repl     answers on standard output\n\n\
         In the session:\n  onag> {{0,1|2}}\n  onag> ^ + ^ + * = {{0|^}}\n  onag> :eval 1/3\n  \
         onag> :quit\n\n{}",
        REPL_COMMANDS
    )
}

/// What `onag serve` is asked for (docs/SERVE.md); `crate::run_cli` hands it to the server.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed at start).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines in:
    /// there is no authentication, so onag warns.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in the default browser once listening.
    #[arg(long)]
    pub open: bool,
    /// Give up on a request after this many seconds (its answer: a limit, HTTP 422).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// How many requests are worked on at once (default: the number of cores). Each gets
    /// --max-memory divided by this as its memory limit.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// How many requests may wait for a worker; more are answered 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub queue: usize,
    /// Close a connection that sends nothing for this many seconds: idle between requests,
    /// or headers or a body not finished in this time.
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0)]
    pub idle_timeout: f64,
    /// The most connections open at once; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub max_connections: usize,
    /// Internal: compute one request read from standard input (the server runs each request
    /// in a process of its own).
    #[arg(long, hide = true)]
    pub worker: bool,
}

/// When to colour rule names.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// How every command writes: symbols, colour, width. Global options (they may come before or
/// after the subcommand), listed in every subcommand's help under one heading.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Global options")]
pub struct StyleArgs {
    /// Print ↑ ↓ ⇑ ⇓ ± − ≤ ≥ (default: on a UTF-8 terminal).
    #[arg(long, global = true, conflicts_with = "ascii")]
    pub unicode: bool,
    /// Print CGSuite's ASCII (^ v +- <=) even on a Unicode terminal.
    #[arg(long, global = true)]
    pub ascii: bool,
    /// Wrap long terms to this many columns (default: the terminal's; one line in a pipe).
    #[arg(long, value_name = "COLUMNS", global = true)]
    pub width: Option<usize>,
    /// Write games in nested braces, `{3|{2|{1|0}}}`, not CGSuite's bars, `{3|||2||1|0}`
    /// (both read back as the same game).
    #[arg(long, global = true)]
    pub braces: bool,
    /// Colour rule names: auto (on a terminal without NO_COLOR, the default), always, never.
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        default_value = "auto",
        global = true,
        hide_default_value = true,
        hide_possible_values = true
    )]
    pub color: ColorChoice,
}

/// `--format`, for the commands that write more than one format (each refuses, with exit
/// status 2, a format it has no rendering for).
#[derive(Args, Debug, Clone)]
pub struct FormatArg {
    /// The output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// `--tree`, for the commands that draw game trees (`simplify`, `eval`).
#[derive(Args, Debug, Clone)]
pub struct TreeArg {
    /// For --format dot|svg: draw the canonical form's game tree or the input's.
    #[arg(long, value_enum, default_value = "canonical")]
    pub tree: TreeChoice,
}

/// `--share`, for the commands that print kernel values (`eval`, `simplify`, `repl`).
#[derive(Args, Debug, Clone)]
pub struct ShareArg {
    /// Print a value whose canonical form has more than N nodes as a tree with each repeated
    /// part named once (`G where A = {…}, B = {…}`, which reads back as input); `always` is 0,
    /// `never` prints the tree (refused, exit 3, beyond 10^7 nodes).
    #[arg(long, value_name = "N|always|never", default_value = "100000", value_parser = parse_share)]
    pub share: Share,
}

fn parse_share(s: &str) -> Result<Share, String> {
    match s {
        "always" => Ok(Share::Above(0)),
        "never" => Ok(Share::Never),
        _ => s
            .parse::<u64>()
            .map(Share::Above)
            .map_err(|_| format!("expected a number of nodes, `always` or `never`, found `{s}`")),
    }
}

/// `--rules`, for the commands that use rules (`simplify`, `prove`, `check`, `rules`, `repl`).
#[derive(Args, Debug, Clone)]
pub struct RulesArg {
    /// The rules to use: a group (`all`, `fundamental` = definitions, sets, dominated and
    /// reversible only; `shortcut`, ...) or a comma-separated list of group and rule names.
    #[arg(long, value_name = "SET", default_value = "all")]
    pub rules: String,
    /// Add the rules of a rule file (repeatable): in normal play to the engine's rules, in
    /// misère or loopy play to that play's (a `reduce` rule of the group `misere` or `loopy`).
    #[arg(long = "rules-file", value_name = "FILE")]
    pub rules_file: Vec<std::path::PathBuf>,
}

/// `--explain`, for the commands that state side conditions (`simplify`, `prove`,
/// `compare`, `repl`).
#[derive(Args, Debug, Clone)]
pub struct ExplainArg {
    /// Expand side conditions into their own proofs, this many levels deep (0: state them);
    /// `simplify` also prints why the result is final. In misère and loopy play (`simplify`
    /// only) the steps' conditions are decided by the definitions, not expanded, and why the
    /// result is final is said in the play's terms (a loopy value A & B: each side and A >= B).
    #[arg(long, value_name = "DEPTH", default_value_t = 0)]
    pub explain: usize,
}

/// Teaching controls of the commands that derive (`simplify`, `prove`, `repl`).
#[derive(Args, Debug, Clone)]
pub struct TeachArgs {
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub explain: ExplainArg,
    /// Show every step, or group consecutive steps at one position.
    #[arg(long, value_enum, default_value = "all")]
    pub steps: StepsChoice,
}

/// Resource limits of the whole process: global options.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Global options")]
pub struct LimitArgs {
    /// The most memory onag may allocate (default 4G; K, M, G, T are powers of 1024): every
    /// allocation is counted, and a run that reaches it stops with exit status 3.
    #[arg(long, value_name = "SIZE", default_value = "4G", global = true,
          hide_default_value = true, value_parser = parse_memory)]
    pub max_memory: usize,
    /// Threads for the searches of the rulesets, a sweep of misère quotients and `check`
    /// (default 0: one per core; same values and verdicts with any).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        global = true,
        hide_default_value = true
    )]
    pub threads: usize,
}

fn parse_memory(s: &str) -> Result<usize, String> {
    crate::memory::parse_size(s)
}
