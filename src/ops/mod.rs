//! The operations a user asks for — simplify, prove, compare, analyze, check, eval, rules —
//! with their options, limits and output formats, shared by both faces: the command line
//! (`cli`: reads arguments, prints, exits) and the server (`serve`: reads HTTP, answers).
//! Neither face imports the other; both call these, so `POST /api/simplify` and `onag
//! simplify --format json` write the same bytes because they are the same call.
//!
//! - [`Ctx`]: what an operation is asked for besides its games (format, style, rules, depth of
//!   explanations, sharing threshold);
//! - `exit`: how an operation ended ([`exit::Status`]) and its error ([`exit::Failure`]);
//!   each face maps a status its own way (an exit code; an HTTP status and `x-onag-exit`);
//! - `render/`: one module per output format (text, Markdown, LaTeX, DOT, SVG; JSON is the
//!   proof module's schema), and the game trees the pictures draw;
//! - `style`: Unicode, colour and width, decided once by the face;
//! - `simplify`, `prove`, `compare`, `analyze`, `check`, `eval`, `rules`: each operation
//!   (`eval`'s rulesets and `lexicode` stay with the command line), computed under the
//!   engine or kernel the face gives it (with the face's limits and cancel flag) and written
//!   in the chosen format;
//! - `value`: kernel values written out or shared; `suggest`: the nearest names to a misspelt
//!   one.
//! - `misere` and `loopy`: simplify and prove in misère play and of loopy terms, both written by
//!   `played` (a derivation proved by its own play: the chain of steps and the proved line);
//!   [`play_rules`]: the `--rules` selection and `--rules-file` rules in those plays;
//! - `ascii`: the one transliteration of everything the CLI writes when Unicode is off.
//!
//! Built with the cargo feature `cli` (which `serve` needs too); the library alone
//! (`--no-default-features`) has no output formats.

pub(crate) mod analyze;
pub(crate) mod ascii;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod eval;
pub(crate) mod exit;
pub(crate) mod loopy;
pub(crate) mod misere;
pub(crate) mod played;
pub(crate) mod prove;
pub(crate) mod render;
pub(crate) mod rules;
pub(crate) mod simplify;
pub(crate) mod style;
pub(crate) mod suggest;
pub(crate) mod value;

use crate::rules::RuleSet;
use exit::Failure;
use style::Style;

/// What every operation needs besides its games: how to print and which rules to use.
pub(crate) struct Ctx {
    pub style: Style,
    pub format: Format,
    pub steps: StepsChoice,
    pub tree: TreeChoice,
    pub rules: RuleSet,
    /// The `--rules` selection as written (`all` by default): misère and loopy play select
    /// from their own rule files by it ([`play_rules`]).
    pub selection: String,
    /// The rules of the `--rules-file` files, added to every play's selection.
    pub user_rules: RuleSet,
    /// How deep side conditions are expanded into their own proofs (0: stated only).
    pub explain: usize,
    /// When kernel values are printed with their repeated parts named.
    pub share: Share,
    /// The command's `--time-limit` in seconds, for the commands that run the engine or the
    /// checker (simplify, prove, compare, check); each line of a batch has it for itself.
    /// The server gives its requests limits of its own and leaves this `None`.
    pub time_limit: Option<f64>,
}

/// `added`'s rules put after `rules`' (a name already there is an error naming the file).
pub(crate) fn add_rules(rules: &mut RuleSet, added: &RuleSet) -> Result<(), Failure> {
    for r in added.rules() {
        rules
            .add(r.clone())
            .map_err(|e| Failure::bad(format!("--rules-file: {e}")))?;
    }
    Ok(())
}

/// The rules a play other than normal play runs: `shipped` (the play's own rule file,
/// `RuleSet::misere` or `RuleSet::loopy`) selected by `--rules` exactly as normal play's
/// are, and the `--rules-file` rules added.
pub(crate) fn play_rules(ctx: &Ctx, shipped: RuleSet) -> Result<RuleSet, Failure> {
    let mut rules = shipped
        .select(&ctx.selection)
        .map_err(|e| Failure::bad(format!("--rules: {e}")))?;
    add_rules(&mut rules, &ctx.user_rules)?;
    Ok(rules)
}

/// The output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// Plain text for people (the default).
    Text,
    /// Markdown, for notes and issues.
    Markdown,
    /// LaTeX: a derivation as an align* block (needs amsmath).
    Latex,
    /// JSON, for programs (the proof schema of `onag check`).
    Json,
    /// The game tree as Graphviz DOT.
    Dot,
    /// The game tree as an SVG picture.
    Svg,
}

/// Which game tree `--format dot|svg` draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum TreeChoice {
    /// The canonical form's tree.
    Canonical,
    /// The tree of the input as written.
    Input,
}

/// How the steps of a derivation are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum StepsChoice {
    /// Every rule application on its own line.
    All,
    /// Consecutive steps at the same position on one line.
    Grouped,
}

/// When a kernel value is printed with its repeated parts named (`--share`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// When its tree has more than this many nodes.
    Above(u64),
    /// Never: the tree, however large (up to a limit).
    Never,
}

/// Refuses a format an operation has no rendering for.
pub(crate) fn unsupported(cmd: &str, f: Format) -> Failure {
    let name = match f {
        Format::Text => "text",
        Format::Markdown => "markdown",
        Format::Latex => "latex",
        Format::Json => "json",
        Format::Dot => "dot",
        Format::Svg => "svg",
    };
    Failure::bad(format!(
        "`onag {cmd}` has no {name} output (game trees, --format dot|svg, are drawn by \
         `onag simplify` and `onag eval`)"
    ))
}
