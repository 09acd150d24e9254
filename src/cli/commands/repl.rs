//! `onag repl`: an interactive session with line editing and history (rustyline).
//!
//! A line is an expression (simplified), `A = B` (proved), `A ? B` (compared), or a `:`
//! command. Errors are printed and the session goes on; at a terminal the history is kept in
//! `~/.onag_history`.

use super::{compare, emit, prove, rules, simplify, Ctx};
use crate::cli::input;
use crate::ops::exit::{Failure, OK};
use rustyline::error::ReadlineError;
use std::io::IsTerminal;

const HELP: &str = "\
Type a game to simplify it, e.g. {0,1|2}
  A = B       prove A = B, or show who wins A - B      e.g. {0|5} = 1
  A ? B       compare A and B                          e.g. ^ ? *
  :eval G     the value only, from the kernel
  :rules      list the rules (:rules NAME shows one)
  :help       this text
  :quit       leave (also Ctrl-D)
";

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
                                crate::cli::style::shown(&super::memory_hint(
                                    e.message,
                                    e.status.code()
                                ))
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

fn one(ctx: &Ctx, line: &str) -> Result<(), Failure> {
    if line == ":help" {
        emit(HELP);
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix(":rules") {
        let name = rest.trim();
        rules::run(ctx, (!name.is_empty()).then_some(name))?;
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix(":eval") {
        let t = input::parse(rest.trim())?;
        let mut k = crate::kernel::Kernel::new();
        k.set_budget(super::eval::budget(ctx.time_limit.unwrap_or(60.0))?);
        let g = k.eval(&t)?;
        let value = crate::ops::value::written(&mut k, g, ctx.share)?;
        emit(&format!("{}\n", ctx.style.term(&value)));
        return Ok(());
    }
    if line.starts_with(':') {
        return Err(Failure::bad(format!(
            "unknown command `{line}`; :help lists them"
        )));
    }
    if let Some((a, b)) = input::split_equation(line) {
        let (x, y) = (
            input::parse_named(a, "first")?,
            input::parse_named(b, "second")?,
        );
        emit(&prove::one(ctx, &x, &y)?.0);
    } else if let Some((a, b)) = line.split_once('?') {
        compare::run(ctx, a.trim(), b.trim(), false)?;
    } else {
        let t = input::parse(line)?;
        emit(&simplify::one(ctx, &t)?.0);
    }
    Ok(())
}
