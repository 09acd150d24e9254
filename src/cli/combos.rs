//! Options that apply in some combinations only, refused in the others: a flag is either read
//! or refused with a one-line reason (exit 2), never accepted and ignored.
//!
//! [`super::suggest::inapplicable_flag`] refuses an option of another subcommand; this refuses
//! an option of the same subcommand that the rest of the line leaves unread: `--explain` of
//! `prove` in misère play, `--tree` without a picture, `--format` with `--brief`, `--threads` where
//! nothing searches. What only the input tells (a loopy term given to `simplify`, whose
//! derivation reads none of normal play's options) is refused when the term is read
//! ([`normal_play_only`]).

use super::args::{Cli, Command};
use crate::ops::exit::Failure;
use std::sync::OnceLock;

/// The subcommand and the long options given on the command line, recorded once.
static GIVEN: OnceLock<(String, Vec<String>)> = OnceLock::new();

/// The long options given (up to `--`; global ones may come before the subcommand), by name.
fn flags(args: &[String]) -> Vec<String> {
    args.iter()
        .skip(1)
        .take_while(|a| a.as_str() != "--")
        .filter_map(|a| a.strip_prefix("--"))
        .map(|f| f.split('=').next().unwrap_or(f).to_string())
        .collect()
}

fn name(cmd: &Command) -> &'static str {
    match cmd {
        Command::Eval { .. } => "eval",
        Command::Simplify { .. } => "simplify",
        Command::Prove { .. } => "prove",
        Command::Compare { .. } => "compare",
        Command::Lexicode { .. } => "lexicode",
        Command::Rules { .. } => "rules",
        Command::Analyze { .. } => "analyze",
        Command::Check { .. } => "check",
        Command::Repl { .. } => "repl",
        #[cfg(feature = "serve")]
        Command::Serve(_) => "serve",
    }
}

/// The options of normal play's derivations that misère and loopy play do not read.
const NORMAL_ONLY: [&str; 4] = ["explain", "steps", "share", "tree"];

/// Whether `flag` of [`NORMAL_ONLY`] goes unread by `sub` in misère or loopy play: all do but
/// `simplify --explain`, which prints the steps, a line saying their conditions are decided by
/// the definitions, and why the result is final (the final claim in the play's own words).
fn unread(sub: &str, flag: &str) -> bool {
    !(sub == "simplify" && flag == "explain")
}

/// Why `flag` of [`NORMAL_ONLY`] goes unread in `play` ("misère", "loopy").
fn unread_in(flag: &str, play: &str) -> String {
    match flag {
        "explain" => format!(
            "{play} play's conditions are decided by its own definitions, not expanded into proofs"
        ),
        "steps" => format!("{play} play's steps are listed one by one, never grouped"),
        "share" => format!("{play} play's values are written in its own notation"),
        _ => format!("{play} play draws no game tree"),
    }
}

/// The first combination of `cli`'s options that the command would leave unread, as a
/// one-line usage error; records what was given for [`normal_play_only`].
pub fn refusal(cli: &Cli, args: &[String]) -> Option<String> {
    let sub = name(&cli.command);
    let given = flags(args);
    let _ = GIVEN.set((sub.to_string(), given.clone()));
    let has = |f: &str| given.iter().any(|g| g == f);
    let refuse =
        |flag: &str, why: &str| Some(format!("error: --{flag} does not apply here: {why}\n"));
    let misere = matches!(
        cli.command,
        Command::Simplify { misere: true, .. } | Command::Prove { misere: true, .. }
    );
    if misere {
        if let Some(flag) = NORMAL_ONLY.into_iter().find(|f| has(f) && unread(sub, f)) {
            return refuse(flag, &unread_in(flag, "misère"));
        }
    }
    if has("threads") && matches!(sub, "rules" | "lexicode") {
        return refuse(
            "threads",
            &format!("`onag {sub}` runs no search of a ruleset, the only work it shares out"),
        );
    }
    match &cli.command {
        Command::Simplify { format, .. } | Command::Eval { format, .. }
            if has("tree")
                && !matches!(
                    format.format,
                    crate::ops::Format::Dot | crate::ops::Format::Svg
                ) =>
        {
            refuse(
                "tree",
                "it chooses the game tree that --format dot or --format svg draws",
            )
        }
        Command::Eval { format, .. }
            if has("json") && has("format") && format.format != crate::ops::Format::Json =>
        {
            refuse("format", "--json already chooses the format, JSON")
        }
        Command::Compare { brief: true, .. } if has("explain") || has("format") => refuse(
            if has("explain") { "explain" } else { "format" },
            "--brief prints the relation's symbol alone",
        ),
        Command::Analyze {
            certificate: true, ..
        } if has("format") => refuse(
            "format",
            "--certificate writes JSON, the format `onag check` reads",
        ),
        Command::Eval {
            ruleset: Some(r), ..
        } if matches!(r.as_str(), "octal" | "subtraction") => {
            ["format", "json", "tree-size", "share", "tree"]
                .into_iter()
                .find(|f| has(f))
                .and_then(|f| {
                    refuse(
                        f,
                        &format!("--ruleset {r} prints a nim-sequence and its period, as text"),
                    )
                })
        }
        Command::Eval {
            ruleset: Some(r), ..
        } if has("tree-size") => refuse(
            "tree-size",
            &format!(
                "--ruleset {r} prints the position's value (`--format json` has its tree_size)"
            ),
        ),
        _ => None,
    }
}

/// Refuses, for a term that `simplify` or `prove` derives in `play` ("loopy") rather than in
/// normal play, the options only normal play's derivations read. A term of a REPL session
/// is answered with the session's options where they apply.
pub fn normal_play_only(play: &str) -> Result<(), Failure> {
    let Some((sub, given)) = GIVEN.get() else {
        return Ok(());
    };
    if !matches!(sub.as_str(), "simplify" | "prove") {
        return Ok(());
    }
    match NORMAL_ONLY
        .into_iter()
        .find(|flag| given.iter().any(|g| g == flag) && unread(sub, flag))
    {
        Some(flag) => Err(Failure::bad(format!(
            "--{flag} does not apply to a game in {play} play: {}",
            unread_in(flag, play)
        ))),
        None => Ok(()),
    }
}
