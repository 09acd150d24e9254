//! The subcommands, one module each; this module dispatches and holds what they share.

pub(crate) mod analyze;
mod check;
pub(crate) mod compare;
mod eval;
mod lexicode;
pub(crate) mod prove;
mod repl;
pub(crate) mod rules;
pub(crate) mod simplify;

use super::args::{Cli, Command, TeachArgs};
use super::input::Source;
use crate::ops::exit::{Failure, OK};
pub(crate) use crate::ops::Ctx;
use crate::ops::{Format, Share, StepsChoice, TreeChoice};
use crate::rules::RuleSet;
use std::io::Write;

/// The operations' context from the command line's flags. Each subcommand has only the
/// options that apply to it (`args`); what it has no option for takes the default here.
fn context(cli: &Cli) -> Result<Ctx, Failure> {
    let o = chosen(&cli.command);
    let selection = o.rules.unwrap_or("all").to_string();
    let mut user_rules = RuleSet::empty();
    for path in o.rules_files {
        user_rules
            .add_file(path)
            .map_err(|e| Failure::bad(format!("--rules-file: {e}")))?;
    }
    let mut rules = match rule_set(&selection) {
        Ok(r) => r,
        // A selection of misère or loopy rules only (`--misere --rules misere-reversible`)
        // selects no rule of normal play; those plays select from their own files by it.
        Err(_)
            if RuleSet::misere().select(&selection).is_ok()
                || RuleSet::loopy().select(&selection).is_ok() =>
        {
            RuleSet::empty()
        }
        Err(e) => return Err(e),
    };
    crate::ops::add_rules(&mut rules, &user_rules)?;
    Ok(Ctx {
        style: super::style::from_args(&cli.style),
        format: o.format.unwrap_or(Format::Text),
        steps: o.teach.map_or(StepsChoice::All, |t| t.steps),
        tree: o.tree.unwrap_or(TreeChoice::Canonical),
        rules,
        selection,
        user_rules,
        explain: o.explain.unwrap_or(0),
        share: o.share.unwrap_or(Share::Above(100_000)),
        time_limit: command_time_limit(&cli.command)?,
    })
}

/// The options a subcommand was given, `None` for those it does not have.
#[derive(Default)]
struct Chosen<'a> {
    format: Option<Format>,
    tree: Option<TreeChoice>,
    share: Option<Share>,
    rules: Option<&'a str>,
    rules_files: &'a [std::path::PathBuf],
    explain: Option<usize>,
    teach: Option<&'a TeachArgs>,
}

/// What the teaching controls choose.
fn teach(t: &TeachArgs) -> Chosen<'_> {
    Chosen {
        rules: Some(&t.rules.rules),
        rules_files: &t.rules.rules_file,
        explain: Some(t.explain.explain),
        teach: Some(t),
        ..Chosen::default()
    }
}

fn chosen(cmd: &Command) -> Chosen<'_> {
    match cmd {
        Command::Eval {
            format,
            tree,
            share,
            ..
        } => Chosen {
            format: Some(format.format),
            tree: Some(tree.tree),
            share: Some(share.share),
            ..Chosen::default()
        },
        Command::Simplify {
            format,
            tree,
            share,
            teach: t,
            ..
        } => Chosen {
            format: Some(format.format),
            tree: Some(tree.tree),
            share: Some(share.share),
            ..teach(t)
        },
        Command::Prove {
            format, teach: t, ..
        } => Chosen {
            format: Some(format.format),
            ..teach(t)
        },
        Command::Compare {
            format, explain, ..
        } => Chosen {
            format: Some(format.format),
            explain: Some(explain.explain),
            ..Chosen::default()
        },
        Command::Lexicode { format, .. } => Chosen {
            format: Some(*format),
            ..Chosen::default()
        },
        Command::Rules { format, rules, .. } | Command::Check { format, rules, .. } => Chosen {
            format: Some(format.format),
            rules: Some(&rules.rules),
            rules_files: &rules.rules_file,
            ..Chosen::default()
        },
        Command::Analyze { format, .. } => Chosen {
            format: Some(format.format),
            ..Chosen::default()
        },
        Command::Repl {
            share, teach: t, ..
        } => Chosen {
            share: Some(share.share),
            ..teach(t)
        },
        #[cfg(feature = "serve")]
        Command::Serve(_) => Chosen::default(),
    }
}

/// The `--time-limit` of a command: every command that computes has one, and the watch is
/// armed with it (the engine and the kernels enforce it themselves; the watch ends what
/// slips past them). `rules` only prints, so it has none.
fn command_time_limit(cmd: &Command) -> Result<Option<f64>, Failure> {
    let limit = match cmd {
        Command::Simplify { time_limit, .. }
        | Command::Prove { time_limit, .. }
        | Command::Compare { time_limit, .. }
        | Command::Check { time_limit, .. }
        | Command::Eval { time_limit, .. }
        | Command::Lexicode { time_limit, .. }
        | Command::Analyze { time_limit, .. }
        | Command::Repl { time_limit, .. } => *time_limit,
        _ => return Ok(None),
    };
    if !(limit.is_finite() && limit > 0.0) {
        return Err(Failure::bad(format!(
            "--time-limit must be a positive number of seconds, found {limit}"
        )));
    }
    Ok(Some(limit))
}

/// The rules chosen with `--rules`.
fn rule_set(rules: &str) -> Result<RuleSet, Failure> {
    RuleSet::builtin()
        .select(rules)
        .map_err(|e| Failure::bad(format!("--rules: {e}")))
}

/// Runs a command; returns the exit status (errors already printed).
pub(crate) fn run(cli: &Cli) -> i32 {
    let result = context(cli).and_then(|ctx| {
        // Past the limit and its grace, the watch ends the command (the computations stop
        // at the limit themselves; this covers what slips past them). The REPL arms it for
        // each line, not while it waits for one.
        let _watch = ctx
            .time_limit
            .filter(|_| !matches!(cli.command, Command::Repl { .. }))
            .map(super::watchdog::arm);
        dispatch(&cli.command, &ctx)
    });
    match result {
        Ok(status) => status,
        Err(e) => {
            let status = e.status.code();
            eprint!("{}", super::style::shown(&hinted(&e, Face::Command)));
            status
        }
    }
}

/// Where an error is shown: the command line, or a REPL session. Each words its own hints
/// (its flags, its commands); the library's messages name neither.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Command,
    Repl,
}

/// An error's message with the face's hints: how to raise the memory limit, how to choose
/// more rules when the rules stopped short.
pub(crate) fn hinted(e: &Failure, face: Face) -> String {
    let mut message = memory_hint(e.message.clone(), e.status.code());
    if e.is_incomplete() {
        message.push_str(match face {
            Face::Command => "  (--rules chooses them, e.g. --rules all)\n",
            Face::Repl => "  (start the session with --rules all for them)\n",
        });
    }
    message
}

/// For a game `src` that has no derivation (bad input to `simplify`) but has a value: the
/// face's hint to evaluate it, with the value; `None` when it has none either, or when it is
/// a loopy game (derived by loopy play's rules: its bad input is not a missing derivation).
pub(crate) fn evaluate_hint(ctx: &Ctx, src: &str, face: Face) -> Option<String> {
    let t = crate::syntax::parse(src).ok()?;
    if crate::ops::loopy::is_loopy(&t) {
        return None;
    }
    let time_limit = ctx.time_limit.unwrap_or(60.0);
    let value = eval::single(ctx, src, crate::ops::Format::Text, false, time_limit).ok()?;
    let value = value.trim();
    Some(match face {
        Face::Command => format!("  (`onag eval` gives its value: {value})\n"),
        Face::Repl => format!("  (`:eval {src}` gives its value: {value})\n"),
    })
}

/// A memory or time limit's message says how to raise it (the library does not know the
/// flags' names).
pub(crate) fn memory_hint(mut message: String, status: i32) -> String {
    if status == crate::ops::exit::LIMIT && message.contains(" of memory (") {
        message.push_str("  (the limit is set with --max-memory, e.g. --max-memory 8G)\n");
    }
    if status == crate::ops::exit::LIMIT
        && message.contains("deadline of its time limit")
        && !message.contains("--time-limit")
    {
        message.push_str(
            "  (the limit is set with --time-limit, in seconds, e.g. --time-limit 120)\n",
        );
    }
    message
}

fn dispatch(cmd: &Command, ctx: &Ctx) -> Result<i32, Failure> {
    if matches!(
        cmd,
        Command::Simplify { .. } | Command::Prove { .. } | Command::Check { .. }
    ) {
        crate::memory::CountingAlloc::prefer_small_pages();
    }
    match cmd {
        Command::Eval {
            expr,
            file,
            json,
            ruleset: Some(name),
            time_limit,
            ..
        } => eval::run_ruleset(ctx, name, source(expr, file), *json, *time_limit),
        Command::Eval {
            expr,
            file,
            json,
            tree_size,
            time_limit,
            ..
        } => eval::run(ctx, source(expr, file), *json, *tree_size, *time_limit),
        Command::Simplify {
            expr, file, misere, ..
        } => simplify::run(ctx, source(expr, file), *misere),
        Command::Prove {
            a, b, file, misere, ..
        } => prove::run(ctx, a.as_deref(), b.as_deref(), file, *misere),
        Command::Compare { a, b, brief, .. } => compare::run(ctx, a, b, *brief),
        Command::Rules { name, .. } => rules::run(ctx, name.as_deref()),
        Command::Lexicode {
            base,
            length,
            distance,
            words,
            time_limit,
            ..
        } => lexicode::run(ctx, *base, *length, *distance, *words, *time_limit),
        Command::Check { file, .. } => check::run(ctx, file),
        Command::Analyze {
            expr,
            certificate,
            time_limit,
            ..
        } => analyze::run(ctx, expr, *certificate, *time_limit),
        Command::Repl { .. } => repl::run(ctx),
        // Started by `crate::run_cli` before a command's context is made: the server is a
        // face of its own, not a command of this one.
        #[cfg(feature = "serve")]
        Command::Serve { .. } => Err(Failure::internal("`onag serve` is not a command here")),
    }
}

/// One expression, or a batch (`-` or `--file`).
pub(crate) enum Input<'a> {
    One(&'a str),
    Batch(Source<'a>),
}

fn source<'a>(expr: &'a Option<String>, file: &'a Option<String>) -> Input<'a> {
    match (expr.as_deref(), file.as_deref()) {
        (_, Some(f)) => Input::Batch(Source::File(f)),
        (Some("-"), None) => Input::Batch(Source::Stdin),
        (Some(e), None) => Input::One(e),
        // clap requires one of the two.
        (None, None) => Input::Batch(Source::Stdin),
    }
}

/// Writes text to standard output; `false` when it is closed (piped into `head`): a closed
/// pipe is the reader's choice, not an error worth a panic.
pub(crate) fn emit(text: &str) -> bool {
    let mut out = std::io::stdout().lock();
    out.write_all(super::style::shown(text).as_bytes())
        .and_then(|_| out.flush())
        .is_ok()
}

/// [`emit`] for a text in pieces (a large proof's JSON, `ProofText`), through one buffer: a
/// piece is often a line of its own, and standard output flushes at each line.
pub(crate) fn emit_pieces<'a>(pieces: impl Iterator<Item = &'a str>) -> bool {
    let mut out = std::io::BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    for p in pieces {
        if out.write_all(super::style::shown(p).as_bytes()).is_err() {
            return false;
        }
    }
    out.flush().is_ok()
}

/// Runs `one` on every line of a batch: results to standard output as they come, errors to
/// standard error with the line number; the status is the worst seen (bad input beats a false
/// claim, a limit beats both).
pub(crate) fn batch(
    source: Source,
    separator: &str,
    mut one: impl FnMut(usize, &str) -> Result<(String, i32), Failure>,
) -> Result<i32, Failure> {
    let mut status = OK;
    let mut first = true;
    super::input::each_line(source, |n, line| {
        // Each line has the whole time limit for itself.
        super::watchdog::rearm();
        match one(n, line) {
            Ok((text, s)) => {
                status = worst(status, s);
                let sep = if first { "" } else { separator };
                first = false;
                emit(&format!("{sep}{text}"))
            }
            Err(e) => {
                let code = e.status.code();
                status = worst(status, code);
                let message = hinted(&e, Face::Command);
                let message = super::style::shown(&message);
                if message.contains("--> line") {
                    eprint!("{message}");
                } else {
                    eprint!("line {n}: {message}");
                }
                true
            }
        }
    })?;
    Ok(status)
}

fn worst(a: i32, b: i32) -> i32 {
    let rank = |s: i32| match s {
        0 => 0,
        1 => 1,
        2 => 2,
        _ => 3,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// The kernel's budget for a command's value-only work (`compare`'s relation and reasons):
/// the command's time limit from now as its deadline, and the Ctrl-C cancel flag.
pub(crate) fn kernel_budget(ctx: &Ctx) -> crate::kernel::Budget {
    crate::kernel::Budget {
        deadline: ctx
            .time_limit
            .map(|t| std::time::Instant::now() + std::time::Duration::from_secs_f64(t.min(1e6))),
        cancel: Some(crate::cli::progress::cancel_flag()),
        ..Default::default()
    }
}

/// The engine a command runs: the chosen rules, default limits, and the Ctrl-C cancel flag.
pub(crate) fn engine(ctx: &Ctx) -> crate::engine::Engine {
    let mut limits = crate::engine::Limits {
        cancel: Some(crate::cli::progress::cancel_flag()),
        ..Default::default()
    };
    if let Some(t) = ctx.time_limit {
        limits.time = std::time::Duration::from_secs_f64(t.min(1e6));
    }
    crate::engine::Engine::new(ctx.rules.clone()).with_limits(limits)
}
