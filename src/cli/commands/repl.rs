//! `onag repl`: an interactive session with line editing and history (rustyline).
//!
//! The REPL is the commands: each of its lines is answered by the very function the
//! subcommand calls for one argument (`simplify::single`, `prove::equation`, `eval::single`,
//! `compare::run`, `analyze::run`, `rules::run`), so a line answers exactly as `onag CMD LINE`
//! does — loopy games, misère play, the number world included. A line is an expression
//! (simplified), `A = B` (proved), `A ? B` (compared), or a `:` command named as the
//! subcommand is (`:eval`, `:misere` for `--misere`). Errors are printed with the REPL's own
//! hints (`:eval`, not `onag eval`: the library's messages name no command), and the session
//! goes on; at a terminal the history is kept in `~/.onag_history`.

use super::simplify::Ends;
use super::{analyze, compare, emit, eval, prove, rules, simplify, Ctx};
use crate::cli::args::REPL_COMMANDS;
use crate::cli::input;
use crate::ops::exit::{Failure, Status, OK};
use crate::ops::Format;
use rustyline::error::ReadlineError;
use std::io::IsTerminal;

pub(super) fn run(ctx: &Ctx) -> Result<i32, Failure> {
    let mut rl = rustyline::DefaultEditor::new()
        .map_err(|e| Failure::bad(format!("cannot start line editing: {e}")))?;
    // History only for a person at a terminal: a script piped in should leave no trace.
    let history = std::env::var_os("HOME")
        .filter(|_| std::io::stdin().is_terminal())
        .map(|h| std::path::Path::new(&h).join(".onag_history"));
    if let Some(h) = &history {
        // No history yet is normal.
        let _ = rl.load_history(h);
    }
    emit("onag: type a game, A = B, A ? B, or :help\n");
    loop {
        match rl.readline("onag> ") {
            Ok(line) => {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                let _ = rl.add_history_entry(line);
                match line {
                    ":q" | ":quit" | ":exit" => break,
                    _ => {
                        // Each line has the whole limit; the watch is off at the prompt.
                        let _watch = ctx.time_limit.map(crate::cli::watchdog::arm);
                        if let Err(e) = one(ctx, line) {
                            eprint!(
                                "{}",
                                crate::cli::style::shown(&super::hinted(&e, super::Face::Repl))
                            );
                        }
                    }
                }
            }
            // Ctrl-C at the prompt clears the line, as in a shell.
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(Failure::bad(format!("reading a line: {e}"))),
        }
    }
    if let Some(h) = &history {
        let _ = rl.save_history(h);
    }
    Ok(OK)
}

/// Answers one line (not `:quit`): the answer printed, or the error. A game with no
/// derivation that has a value gets the REPL's own hint, `:eval` with the value (the
/// library's message names no command).
fn one(ctx: &Ctx, line: &str) -> Result<(), Failure> {
    answer(ctx, line).map_err(|mut e| {
        let game = match command(line) {
            (":simplify", rest) => Some(rest),
            ("", l) if input::split_equation(l).is_none() && !l.contains('?') => Some(l),
            _ => None,
        };
        if let Some(g) = game.filter(|_| e.status == Status::BadInput) {
            if let Some(hint) = super::evaluate_hint(ctx, g, super::Face::Repl) {
                e.message.push_str(&hint);
            }
        }
        e
    })
}

/// The REPL's command of a line and the rest: `(":eval", "w+1")`, or `("", line)` for a
/// line without one.
fn command(line: &str) -> (&str, &str) {
    if !line.starts_with(':') {
        return ("", line);
    }
    match line.split_once(char::is_whitespace) {
        Some((cmd, rest)) => (cmd, rest.trim()),
        None => (line, ""),
    }
}

fn answer(ctx: &Ctx, line: &str) -> Result<(), Failure> {
    let (cmd, rest) = command(line);
    let needs = |what: &str| -> Result<(), Failure> {
        if rest.is_empty() {
            Err(Failure::bad(format!(
                "`{cmd}` takes {what}; :help lists the commands"
            )))
        } else {
            Ok(())
        }
    };
    let time_limit = ctx.time_limit.unwrap_or(60.0);
    match cmd {
        ":help" => {
            emit(REPL_COMMANDS);
        }
        ":rules" => {
            rules::run(ctx, (!rest.is_empty()).then_some(rest))?;
        }
        ":eval" => {
            needs("a game, e.g. :eval w+1")?;
            emit(&eval::single(ctx, rest, Format::Text, false, time_limit)?);
        }
        ":analyze" => {
            needs("a game, e.g. :analyze {2|-1}")?;
            analyze::run(ctx, rest, false, time_limit)?;
        }
        ":compare" => {
            needs("`A ? B`, e.g. :compare ^ ? *")?;
            compared(ctx, rest)?;
        }
        ":prove" => {
            needs("`A = B`, e.g. :prove {0|5} = 1")?;
            let (a, b) = input::split_equation(rest)
                .ok_or_else(|| Failure::bad("`:prove` takes `A = B`, e.g. :prove {0|5} = 1"))?;
            emit(&prove::equation(ctx, a, b, false)?.0);
        }
        ":simplify" => {
            needs("a game, e.g. :simplify {0,1|2}")?;
            emit(&simplify::single(ctx, rest, false, Ends::Session)?.0);
        }
        ":misere" => {
            needs("a game or `A = B`, e.g. :misere *2+*2")?;
            let text = match input::split_equation(rest) {
                Some((a, b)) => prove::equation(ctx, a, b, true)?.0,
                None => simplify::single(ctx, rest, true, Ends::Session)?.0,
            };
            emit(&text);
        }
        "" => {
            if let Some((a, b)) = input::split_equation(line) {
                emit(&prove::equation(ctx, a, b, false)?.0);
            } else if line.contains('?') {
                compared(ctx, line)?;
            } else {
                emit(&simplify::single(ctx, line, false, Ends::Session)?.0);
            }
        }
        _ => {
            return Err(Failure::bad(format!(
                "unknown command `{cmd}`; :help lists them"
            )))
        }
    }
    Ok(())
}

/// `A ? B`: `onag compare A B`.
fn compared(ctx: &Ctx, text: &str) -> Result<(), Failure> {
    let (a, b) = text
        .split_once('?')
        .ok_or_else(|| Failure::bad("expected `A ? B`, e.g. ^ ? *"))?;
    compare::run(ctx, a.trim(), b.trim(), false)?;
    Ok(())
}
