//! Suggestions for misspelt names: rules, and flags that clap cannot see.
//!
//! Expressions may start with `-` (`-1/2*`), so positional arguments accept hyphenated values;
//! a misspelt `--flag` would then be read as an expression. [`unknown_flag`] looks at the raw
//! arguments first and reports such a flag with the nearest real one.

use clap::CommandFactory;

/// Levenshtein distance.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The names within a small edit distance of `name`, nearest first (at most three).
pub fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut near: Vec<(usize, &str)> = candidates.map(|c| (edit_distance(name, c), c)).collect();
    near.sort();
    near.into_iter()
        .take_while(|(d, _)| *d <= name.chars().count().max(3) / 2)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}

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
