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
