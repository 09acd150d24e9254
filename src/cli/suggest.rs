//! Suggestions for misspelt flags that clap cannot see (the nearest name is
//! [`crate::ops::suggest::nearest`]).
//!
//! Expressions may start with `-` (`-1/2*`), so positional arguments accept hyphenated values;
//! a misspelt `--flag` would then be read as an expression. [`unknown_flag`] looks at the raw
//! arguments first and reports such a flag with the nearest real one.

use crate::ops::suggest::nearest;
use clap::CommandFactory;

/// A `--flag` among the arguments that no command or global option defines, as a usage error
/// message with a suggestion. Arguments after `--` are left alone.
pub fn unknown_flag(args: &[String]) -> Option<String> {
    let cmd = crate::cli::Cli::command();
    let mut longs: Vec<String> = vec!["help".into(), "version".into()];
    let mut collect = |c: &clap::Command| {
        for a in c.get_arguments() {
            if let Some(l) = a.get_long() {
                longs.push(l.to_string());
            }
        }
    };
    collect(&cmd);
    for sub in cmd.get_subcommands() {
        collect(sub);
    }
    for arg in args.iter().skip(1) {
        if arg == "--" {
            break;
        }
        let Some(flag) = arg.strip_prefix("--") else {
            continue;
        };
        let name = flag.split('=').next().unwrap_or(flag);
        if longs.iter().any(|l| l == name) {
            continue;
        }
        let near = nearest(name, longs.iter().map(String::as_str));
        let hint = match near.first() {
            Some(n) => format!("\n\n  tip: a similar option exists: '--{n}'"),
            None => String::new(),
        };
        return Some(format!(
            "error: unexpected option '--{name}'{hint}\n\nFor more information, try '--help'.\n"
        ));
    }
    None
}

/// What a subcommand computes, as the reason an option of another subcommand does not apply
/// to it.
fn what_it_does(sub: &str) -> &'static str {
    match sub {
        "eval" => "it computes the value alone, in the kernel, with no rules and no derivation",
        "simplify" => "it derives one game's canonical form",
        "prove" => "it proves or disproves one equation",
        "compare" => "it decides the relation in the kernel, with no rules and no derivation",
        "lexicode" => "it builds a code, not a game, and writes text or json",
        "rules" => "it prints rules as written",
        "analyze" => "it computes a summary in the kernel, with no rules and no derivation",
        "check" => "it checks a proof already written",
        "repl" => "it answers typed lines in text",
        "serve" => "the page and its requests choose their own options",
        _ => "it does not use it",
    }
}

/// A `--flag` given to a subcommand that is an option of other subcommands only, as a
/// one-line usage error naming why and where the option belongs (exit status 2): a flag that
/// does not apply is refused, never accepted and ignored.
pub fn inapplicable_flag(args: &[String]) -> Option<String> {
    let cmd = crate::cli::Cli::command();
    let globals: Vec<&str> = cmd.get_arguments().filter_map(|a| a.get_long()).collect();
    let mut rest = args.iter().skip(1).skip_while(|a| {
        a.starts_with('-') || cmd.get_subcommands().all(|s| s.get_name() != a.as_str())
    });
    let name = rest.next()?;
    let sub = cmd.find_subcommand(name)?;
    // Hidden options (the server's internal `--worker`) are named to no one.
    let own = |c: &clap::Command, flag: &str| {
        c.get_arguments()
            .any(|a| a.get_long() == Some(flag) && !a.is_hide_set())
    };
    for arg in rest {
        if arg == "--" {
            break;
        }
        let Some(flag) = arg.strip_prefix("--") else {
            continue;
        };
        let flag = flag.split('=').next().unwrap_or(flag);
        if matches!(flag, "help" | "version") || globals.contains(&flag) || own(sub, flag) {
            continue;
        }
        let owners: Vec<String> = cmd
            .get_subcommands()
            .filter(|c| own(c, flag))
            .map(|c| c.get_name().to_string())
            .collect();
        if owners.is_empty() {
            // Not an option anywhere: `unknown_flag` suggests the nearest.
            continue;
        }
        return Some(format!(
            "error: --{flag} does not apply to `onag {name}`: {} (--{flag} is an option of {})\n",
            what_it_does(name),
            owners.join(", ")
        ));
    }
    None
}
