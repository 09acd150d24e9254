//! Issue 18, "Bad input": an error found while evaluating a call or an infinite brace (the
//! inverse of *0 or 0, division by zero, a square root outside the supported fragment, an
//! ordinal beyond the supported range, a progression that cannot be inferred, π's cut, a
//! malformed recurring row) names the call and points at it with the parser's caret — line,
//! column and underline — and the command exits with 2, in every command that evaluates.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

/// The whole standard error of `onag --unicode ARGS` (the symbols as written; tests/ascii.rs
/// checks the ASCII spelling), after checking the status is 2 (bad input) and nothing was
/// written to standard output.
fn bad(args: &[&str]) -> String {
    let args: Vec<&str> = std::iter::once("--unicode")
        .chain(args.iter().copied())
        .collect();
    let args = &args[..];
    let o = onag(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
    stderr(&o)
}

/// The error block the parser writes: the message, then `--> line L, column C`, the source line
/// and a caret of `len` characters under column C. Written out here, so a test fails when the
/// position, the underline or the message differ.
fn caret(message: &str, line: usize, column: usize, source: &str, len: usize) -> String {
    let w = line.to_string().len();
    let pad = " ".repeat(w);
    format!(
        "error: {message}\n{pad}--> line {line}, column {column}\n{pad} |\n{line} | {source}\n{pad} | {}{}\n",
        " ".repeat(column - 1),
        "^".repeat(len)
    )
}

#[test]
fn the_nim_inverse_of_zero_points_at_the_call() {
    assert_eq!(
        bad(&["eval", "1 + niminv(*0)"]),
        caret("niminv: *0 has no nim inverse", 1, 5, "1 + niminv(*0)", 10)
    );
    // 0 and *0 are the same game
    assert_eq!(
        bad(&["eval", "*3 + niminv(0)"]),
        caret("niminv: *0 has no nim inverse", 1, 6, "*3 + niminv(0)", 9)
    );
    assert_eq!(
        bad(&["eval", "nimdiv(*2, 0)"]),
        caret(
            "nimdiv: division by *0: *0 has no nim inverse",
            1,
            1,
            "nimdiv(*2, 0)",
            13
        )
    );
}

#[test]
fn division_by_zero_points_at_the_division() {
    assert_eq!(
        bad(&["eval", "{0|div(1, 0)}"]),
        caret("div: 1 / 0 divides by zero", 1, 4, "{0|div(1, 0)}", 9)
    );
    // a quotient of terms is a call of div from its first operand to the divisor
    let src = "x where x = (1+1)/0";
    assert_eq!(
        bad(&["eval", src]),
        caret("div: 2 / 0 divides by zero", 1, 13, src, 7)
    );
    // a literal fraction over 0 was already the parser's
    assert_eq!(
        bad(&["eval", "1/0 + 0"]),
        caret("1/0 divides by zero", 1, 1, "1/0 + 0", 3)
    );
}

#[test]
fn a_square_root_outside_the_fragment_points_at_sqrt() {
    assert_eq!(
        bad(&["eval", "{0|sqrt(2)}"]),
        caret(
            "sqrt: √(2) has no normal form with rational coefficients: 2 is not the square of a rational",
            1,
            4,
            "{0|sqrt(2)}",
            7
        )
    );
}

#[test]
fn an_ordinal_beyond_the_range_points_at_the_nimber() {
    let err = bad(&["eval", "1 + nim(w^w^w^w)"]);
    let (first, rest) = err.split_once('\n').unwrap();
    assert!(first.starts_with("error: nim: "), "{err}");
    assert!(first.contains("beyond the supported range"), "{err}");
    assert_eq!(
        rest,
        " --> line 1, column 5\n  |\n1 | 1 + nim(w^w^w^w)\n  |     ^^^^^^^^^^^^\n"
    );
}

#[test]
fn a_progression_that_cannot_be_inferred_points_at_its_brace() {
    let msg = "cut: 0, 1, 5, …: read as the partial sums of a geometric progression with ratio 4, which do not converge: only converging partial sums (ratio between 0 and 1) are supported";
    assert_eq!(
        bad(&["eval", "1 + {0,1,5,…|}"]),
        caret(msg, 1, 5, "1 + {0,1,5,…|}", 10)
    );
    // In ASCII (a pipe's default) the quoted line spells … as ... and the underline widens
    // with it, so it still covers the brace.
    let o = onag(&["eval", "1 + {0,1,5,…|}"]);
    assert_eq!(
        stderr(&o),
        caret(&msg.replace('…', "..."), 1, 5, "1 + {0,1,5,...|}", 12)
    );
    // the same brace written twice: the first one is named
    assert_eq!(
        bad(&["eval", "{0,1,5,…|} + {0,1,5,…|}"]),
        caret(msg, 1, 1, "{0,1,5,…|} + {0,1,5,…|}", 10)
    );
}

#[test]
fn pi_s_cut_points_at_its_brace() {
    let src = "1 + {3,3+1/8,3+1/8+1/64,…|4,3+1/2,3+1/4,3+1/8+1/16,…}";
    let err = bad(&["eval", src]);
    let (first, rest) = err.split_once('\n').unwrap();
    assert!(first.starts_with("error: cut: "), "{err}");
    assert!(first.contains("cannot be inferred"), "{err}");
    assert_eq!(
        rest,
        format!(
            " --> line 1, column 5\n  |\n1 | {src}\n  |     {}\n",
            "^".repeat(src.chars().count() - 4)
        )
    );
}

#[test]
fn a_malformed_recurring_row_points_at_the_open_parenthesis() {
    assert_eq!(
        bad(&["eval", "hs\"A B (\""]),
        caret(
            "this `(` is never closed: a recurring part is written (…)",
            1,
            8,
            "hs\"A B (\"",
            1
        )
    );
}

/// A batch on standard input: the caret names the line of the input, even inside a term whose
/// `where` goes on to the next line; the good lines before it are answered.
#[test]
fn a_batch_from_stdin_names_the_line() {
    let o = onag_stdin(&["eval", "-"], "1 + 2\n\n*3 + div(1, 0)\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3\n");
    assert_eq!(
        stderr(&o),
        caret("div: 1 / 0 divides by zero", 3, 6, "*3 + div(1, 0)", 9)
    );
    let o = onag_stdin(&["eval", "-"], "1\nx\nwhere x = niminv(*0)\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n");
    assert_eq!(
        stderr(&o),
        caret(
            "niminv: *0 has no nim inverse",
            3,
            11,
            "where x = niminv(*0)",
            10
        )
    );
    let o = onag_stdin(&["simplify", "-"], "0\n1 + niminv(*0)\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with(&caret(
            "niminv: *0 has no nim inverse",
            2,
            5,
            "1 + niminv(*0)",
            10
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn every_evaluating_command_points_at_the_call() {
    let niminv = |line, col, src: &str, which: &str| {
        caret(
            &format!("{which}niminv: *0 has no nim inverse"),
            line,
            col,
            src,
            10,
        )
    };
    assert_eq!(
        bad(&["simplify", "1 + niminv(*0)"]),
        niminv(1, 5, "1 + niminv(*0)", "")
    );
    assert_eq!(
        bad(&["prove", "1 + niminv(*0) = 1"]),
        niminv(1, 5, "1 + niminv(*0)", "in the first game: ")
    );
    // compare names the game whose text has the call
    assert_eq!(
        bad(&["compare", "1", "{0|niminv(*0)}"]),
        niminv(1, 4, "{0|niminv(*0)}", "in the second game: ")
    );
}
