//! The `onag` command line: argument parsing and output only.
//!
//! The operations themselves, their output formats and their statuses are the library's
//! (`crate::ops`), shared with the server; this face reads arguments, prints, and exits with
//! [`crate::ops::exit::Status::code`]. `onag serve` is parsed here and handed back to the
//! caller ([`main`]'s `serve`), so this module never names the server.
//!
//! - `args`: the command line's shape (clap), with an example in every `--help`.
//! - `commands/`: one module per subcommand (`eval`, `simplify`, `prove`, `compare`, `rules`,
//!   `check`, `repl`): read the input, call `ops`, print.
//! - `style`: the output style from the flags and the terminal.
//! - `input`: parsing with caret errors, batches of lines.
//! - `progress`: the spinner and the Ctrl-C handler.
//! - `suggest`: the nearest real flag for a misspelt one, and an option of another command.
//! - `combos`: an option of this command that the rest of the line leaves unread, refused.
//! - `watchdog`: armed with `--time-limit` for every command that computes and for each line
//!   of the REPL; past the limit and a quarter of it the process ends with exit 3.

pub(crate) mod args;
mod combos;
pub(crate) mod commands;
pub(crate) mod input;
mod progress;
mod style;
mod suggest;
mod watchdog;

pub use args::{Cli, ServeArgs};

use clap::Parser;

/// The stack of the worker thread. Parsing is capped at [`crate::syntax::MAX_NESTING`] levels,
/// but evaluation and printing recurse over games whose canonical forms can be far deeper than
/// anything typed (a sum of many switches); a big stack makes those legal inputs safe.
const STACK_BYTES: usize = 256 << 20;

/// Runs the CLI; returns the exit status. `onag serve` is handed to `serve` once the global
/// flags (the memory limit) are in force.
pub fn main(serve: impl FnOnce(&ServeArgs) -> i32) -> i32 {
    // Lossy: a non-UTF-8 argument cannot be a game expression anyway, and `args()` would panic.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if let Some(msg) = suggest::unknown_flag(&args).or_else(|| suggest::inapplicable_flag(&args)) {
        eprint!("{msg}");
        return crate::ops::exit::BAD_INPUT;
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print to stdout and exit 0; usage errors exit 2 with clap's
            // suggestion ("a similar subcommand exists").
            let _ = e.print();
            return e.exit_code();
        }
    };
    if let Some(msg) = combos::refusal(&cli, &args) {
        eprint!("{msg}");
        return crate::ops::exit::BAD_INPUT;
    }
    // Every default limit of the library reads this, and past the hard cap the counting
    // allocator ends the process with status 3 (src/memory.rs).
    crate::memory::set_limit(cli.limits.max_memory);
    crate::threads::set_threads(cli.limits.threads);
    crate::memory::set_hard_cap(crate::memory::hard_cap_for(cli.limits.max_memory));
    // The server stops on Ctrl-C by itself (tokio's signal handling), cleanly.
    #[cfg(feature = "serve")]
    if let args::Command::Serve(s) = &cli.command {
        return serve(s);
    }
    #[cfg(not(feature = "serve"))]
    let _ = serve;
    progress::install_interrupt_handler();
    let for_worker = cli.clone();
    let worker = std::thread::Builder::new()
        .name("onag".into())
        .stack_size(STACK_BYTES)
        .spawn(move || commands::run(&for_worker));
    match worker {
        Ok(handle) => handle.join().unwrap_or_else(|_| {
            eprintln!("error: internal error (a bug in onag); please report the input");
            101
        }),
        // No memory for a big stack: run on this thread rather than not at all.
        Err(_) => commands::run(&cli),
    }
}
