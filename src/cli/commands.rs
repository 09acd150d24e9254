//! The subcommands: parse, evaluate with the kernel, print.

use super::args::{Cli, Command, OutputArgs};
use crate::kernel::{Kernel, KernelError, Outcome, Relation};
use crate::syntax::{self, PrintOptions};
use crate::term::Term;
use std::io::{BufRead, Write};

/// Exit status for bad input.
const BAD_INPUT: i32 = 2;

pub(super) fn run(cli: &Cli) -> i32 {
    match &cli.command {
        Command::Eval { expr, output, json } if expr == "-" => eval_stdin(output, *json),
        Command::Eval { expr, output, json } => {
            // Parse before building a kernel: bad input is reported without any evaluation.
            let result =
                parse(expr).and_then(|t| eval_term(&mut Kernel::new(), expr, &t, output, *json));
            match result {
                Ok(line) => {
                    emit(&line);
                    0
                }
                Err(msg) => {
                    eprint!("{msg}");
                    BAD_INPUT
                }
            }
        }
        Command::Compare { a, b } => {
            // Say which argument is bad: both render as "line 1".
            let parse_arg = |src: &str, which: &str| {
                syntax::parse(src).map_err(|mut e| {
                    e.message = format!("in the {which} game: {}", e.message);
                    e.render()
                })
            };
            let relation = parse_arg(a, "first")
                .and_then(|x| Ok((x, parse_arg(b, "second")?)))
                .and_then(|(x, y)| {
                    let mut k = Kernel::new();
                    let gx = k.eval(&x).map_err(kernel_error)?;
                    let gy = k.eval(&y).map_err(kernel_error)?;
                    k.compare(gx, gy).map_err(kernel_error)
                });
            match relation {
                Ok(r) => {
                    emit(relation_symbol(r));
                    0
                }
                Err(msg) => {
                    eprint!("{msg}");
                    BAD_INPUT
                }
            }
        }
    }
}

/// Parses; the error is ready for standard error, with its caret.
fn parse(src: &str) -> Result<Term, String> {
    syntax::parse(src).map_err(|e| e.render())
}

fn kernel_error(e: KernelError) -> String {
    format!("error: {e}\n")
}

/// Evaluates a parsed term and formats the result line (plain or JSON).
fn eval_term(
    k: &mut Kernel,
    src: &str,
    term: &Term,
    out: &OutputArgs,
    json: bool,
) -> Result<String, String> {
    let g = k.eval(term).map_err(kernel_error)?;
    let opts = PrintOptions {
        unicode: out.unicode,
        width: out.width,
    };
    let canonical_term = k.to_term(g);
    if !json {
        return Ok(syntax::print(&canonical_term, &opts));
    }
    let outcome = k.outcome(g).map_err(kernel_error)?;
    // JSON is for programs: always one line, whatever --width says.
    let one_line = PrintOptions {
        width: None,
        ..opts
    };
    let value = serde_json::json!({
        "input": src,
        "canonical": syntax::print(&canonical_term, &one_line),
        "outcome": outcome_letter(outcome),
        // Values for programs stay ASCII even with --unicode.
        "number": k.as_number(g).map(|x| x.to_string()),
        "nimber": k.as_nimber(g).map(|n| n.to_string()),
        "birthday": k.birthday(g).to_string(),
    });
    Ok(value.to_string())
}

/// `onag eval -`: one result per input line, one kernel for all lines so work is shared.
fn eval_stdin(out: &OutputArgs, json: bool) -> i32 {
    // Built at the first good line, so that a batch of bad lines needs no kernel.
    let mut kernel: Option<Kernel> = None;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut stdout = stdout.lock();
    let mut status = 0;
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: reading standard input: {e}");
                return BAD_INPUT;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match syntax::parse(&line) {
            Err(mut e) => {
                // Report the line of standard input, not the line within the expression.
                e.line = i + 1;
                eprint!("{}", e.render());
                status = BAD_INPUT;
            }
            Ok(term) => match eval_term(
                kernel.get_or_insert_with(Kernel::new),
                &line,
                &term,
                out,
                json,
            ) {
                Ok(result) => {
                    if writeln!(stdout, "{result}").is_err() {
                        // Standard output closed (e.g. piped into `head`): stop quietly.
                        return status;
                    }
                }
                Err(msg) => {
                    eprint!("line {}: {msg}", i + 1);
                    status = BAD_INPUT;
                }
            },
        }
    }
    status
}

/// Prints a result line. `println!` panics when standard output is closed (`onag eval … |
/// head -c 10`); a closed pipe is the reader's choice, not an error worth a panic.
fn emit(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|_| out.flush());
}

fn outcome_letter(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "L",
        Outcome::R => "R",
        Outcome::N => "N",
        Outcome::P => "P",
    }
}

fn relation_symbol(r: Relation) -> &'static str {
    match r {
        Relation::Less => "<",
        Relation::Greater => ">",
        Relation::Equal => "=",
        Relation::Fuzzy => "||",
    }
}
