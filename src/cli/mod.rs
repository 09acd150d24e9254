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

/// mimalloc's option `page_full_retain` (its position in mimalloc 3's `mi_option_t`; the
/// test `mimallocs_options_are_where_we_name_them` checks it against the option's default).
const MI_OPTION_PAGE_FULL_RETAIN: std::ffi::c_int = 36;

/// How many full pages of each small size a thread keeps in its own queues before it
/// abandons the rest to the arena (mimalloc's default is 2).
const FULL_PAGES_RETAINED: std::ffi::c_long = 16;

extern "C" {
    // mimalloc's C functions (linked through `libmimalloc-sys`, whose bindings for them come
    // only with its `extended` feature).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    #[cfg(test)]
    fn mi_option_get(option: std::ffi::c_int) -> std::ffi::c_long;
}

/// Lets each thread of a proof keep more of its full pages before mimalloc abandons them.
///
/// A proof's lemmas are allocated on the composer's thread and freed on the writer's
/// (`proof::pipeline`). mimalloc 3 abandons a thread's full pages past the second of each
/// size, and a free into an abandoned page takes the slow path: the freeing thread claims the
/// page, collects it, tries to reclaim or re-abandon it and lets it go, some 140 instructions
/// a block where a free into a page still owned is an atomic push. At Σ_{k≤12} {k|−k} that
/// was a fifth of the writer thread (21 of its 108 million instructions). Keeping 16 full
/// pages a size cut the writer's count 11 % with the peak memory unchanged at Σ16; keeping
/// all (`-1`) cut little more and grew Σ30's peak past 1.2 GB.
///
/// Read by each thread's heap when it is created: set here, before the worker thread is
/// started, it holds for the worker and every thread the proof starts.
fn retain_full_pages() {
    // SAFETY: `mi_option_set` stores a value in mimalloc's table of options (it ignores an
    // index out of range); no other thread of ours allocates yet.
    unsafe { mi_option_set(MI_OPTION_PAGE_FULL_RETAIN, FULL_PAGES_RETAINED) }
}

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
    if matches!(
        cli.command,
        args::Command::Simplify { .. } | args::Command::Prove { .. }
    ) {
        retain_full_pages();
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The option set by [`retain_full_pages`] is mimalloc's `page_full_retain`: the options
    /// at and beside the position named hold their documented defaults (reclaim on free 0,
    /// full pages retained 2, page candidates 4), which no other run of ours changes.
    #[test]
    fn mimallocs_options_are_where_we_name_them() {
        // SAFETY: reads of mimalloc's table of options.
        let around = unsafe {
            [
                mi_option_get(MI_OPTION_PAGE_FULL_RETAIN - 1),
                mi_option_get(MI_OPTION_PAGE_FULL_RETAIN),
                mi_option_get(MI_OPTION_PAGE_FULL_RETAIN + 1),
            ]
        };
        assert_eq!(around, [0, 2, 4]);
    }
}
