//! The `onag` command line: argument parsing and output only.
//!
//! Exit status: 0 on success, 2 on bad input (a parse error with its caret on standard error,
//! or a value too large for the kernel) and on usage errors (clap's convention).

mod args;
mod commands;

pub use args::{Cli, Command, OutputArgs};

use clap::Parser;

/// The stack of the worker thread. Parsing is capped at [`crate::syntax::MAX_NESTING`] levels,
/// but evaluation and printing recurse over games whose canonical forms can be far deeper than
/// anything typed (a sum of many switches); a big stack makes those legal inputs safe.
const STACK_BYTES: usize = 256 << 20;

/// Runs the CLI; returns the exit status.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version print to stdout and exit 0; usage errors exit 2.
            let _ = e.print();
            return e.exit_code();
        }
    };
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
