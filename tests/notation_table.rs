//! docs/NOTATION.md's table of powers, ups and uptimals, row by row, through the `onag`
//! binary: each input is read and evaluated, its value must equal the value column's (read and
//! evaluated itself, written without the row's notation: worked out by hand from CGSuite's
//! documented behaviour and the definitions, not copied from onag), and the value must print
//! as the printed column. The powers, the exit statuses and the errors have tests of their own
//! below.

mod common;
use common::run::{onag, onag_stdin, stderr, stdout};

/// A table cell's code, `|` unescaped; `None` for `—`.
fn code(cell: &str) -> Option<String> {
    let c = cell.trim();
    let inner = c.strip_prefix('`')?.strip_suffix('`')?;
    Some(inner.replace("\\|", "|"))
}

/// The rows of the table after `<!-- notation-table -->`: input, value, printed.
fn rows() -> Vec<(String, Option<String>, Option<String>)> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/NOTATION.md"))
        .expect("docs/NOTATION.md");
    let table = doc
        .split("<!-- notation-table -->")
        .nth(1)
        .expect("the table's marker");
    let mut out = Vec::new();
    for line in table.lines().skip(3) {
        if !line.starts_with('|') {
            break;
        }
        // Split on the `|` that are not escaped.
        let mut cells = Vec::new();
        let mut cur = String::new();
        let mut prev = ' ';
        for c in line.trim().trim_matches('|').chars() {
            if c == '|' && prev != '\\' {
                cells.push(std::mem::take(&mut cur));
            } else {
                cur.push(c);
            }
            prev = c;
        }
        cells.push(cur);
        assert_eq!(cells.len(), 4, "a row of four cells: {line}");
        let input = code(&cells[0]).unwrap_or_else(|| panic!("an input in code: {line}"));
        out.push((input, code(&cells[1]), code(&cells[3])));
    }
    out
}

fn eval(src: &str) -> String {
    let o = onag(&["eval", src]);
    assert_eq!(o.status.code(), Some(0), "eval {src}: {}", stderr(&o));
    stdout(&o)
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_string()
}

#[test]
fn every_row_of_the_table_holds() {
    let rows = rows();
    assert!(rows.len() >= 30, "the table has {} rows", rows.len());
    for (input, value, printed) in rows {
        let got = eval(&input);
        if let Some(value) = &value {
            let o = onag(&["compare", "--brief", &input, value]);
            assert_eq!(
                (o.status.code(), stdout(&o).trim()),
                (Some(0), "="),
                "{input} against its value {value}: {}{}",
                stdout(&o),
                stderr(&o)
            );
        }
        if let Some(printed) = printed {
            assert_eq!(got, printed, "{input} prints");
            // What is printed reads back as the same value.
            if let Some(value) = &value {
                let o = onag(&["compare", "--brief", &printed, value]);
                assert_eq!(
                    stdout(&o).trim(),
                    "=",
                    "{printed} read back: {}",
                    stderr(&o)
                );
            }
        }
    }
}

/// An uptimal plus a nimber ∗k (k ≥ 2), written as a sum of its parts (↑ⁿ as `^<n>` or
/// ↑^→n as `^[n]`, negated for the downs, then `+ *k`), evaluates to a canonical form that
/// prints as CGSuite's literal `^<n>*k`, and that literal reads back as the same form; with a
/// number added, as CGSuite's `1^<2>*3`. The parts are sums the kernel simplifies itself, so
/// the printer's recognition is checked against canonical forms it did not build.
#[test]
fn uptimals_plus_nimbers_print_as_cgsuite_literals_and_read_back() {
    let mut sums = Vec::new();
    let mut literals = Vec::new();
    for (x, lead) in [("", ""), ("1 + ", "1"), ("-3/2 + ", "-3/2")] {
        for n in 2..=5 {
            for k in [2u64, 3, 4, 5, 7, 12] {
                for (open, close) in [('<', '>'), ('[', ']')] {
                    for (sign, arrow) in [("", '^'), ("-", 'v')] {
                        sums.push(format!("{x}{sign}^{open}{n}{close} + *{k}"));
                        literals.push(format!("{lead}{arrow}{open}{n}{close}*{k}"));
                    }
                }
            }
        }
    }
    let out = onag_stdin(&["eval", "--ascii", "-"], &(sums.join("\n") + "\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = stdout(&out);
    let printed: Vec<&str> = printed.lines().collect();
    assert_eq!(printed, literals, "the sums as printed");
    // The literals read back as the forms they print from.
    let out = onag_stdin(&["eval", "--ascii", "-"], &(literals.join("\n") + "\n"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().collect::<Vec<_>>(), literals);
}

#[test]
fn a_power_too_large_exits_3_before_it_is_built() {
    for src in ["2^(2^40)", "3^100000000", "{2^(10^9)|0}", "(w+1)^100000"] {
        let o = onag(&["eval", src]);
        assert_eq!(
            o.status.code(),
            Some(3),
            "{src}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert!(stderr(&o).contains("too large"), "{src}: {}", stderr(&o));
    }
    // 0, 1 and −1 stay small whatever the exponent.
    assert_eq!(eval("1^(10^30)"), "1");
    assert_eq!(eval("(-1)^(10^30+1)"), "-1");
    assert_eq!(eval("0^(10^30)"), "0");
    assert_eq!(eval("(2/3)^0"), "1");
}

#[test]
fn bad_powers_are_errors_at_the_call() {
    let cases = [
        ("2^(1/2)", "the exponent must be an integer"),
        ("(*2)^3", "the base must be a number"),
        ("0^(-1)", "divides by zero"),
        ("({1|0})^2", "the base must be a number"),
    ];
    for (src, says) in cases {
        let o = onag(&["eval", src]);
        assert_eq!(
            o.status.code(),
            Some(2),
            "{src}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        let err = stderr(&o);
        assert!(err.contains(says), "{src}: {err}");
        assert!(err.contains('^'), "{src}: a caret: {err}");
    }
    // An uptimal's count is checked where it is written.
    let o = onag(&["eval", "^<0>"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("1 | ^<0>"), "{}", stderr(&o));
    let o = onag(&["eval", "^<3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("expected a positive integer and `>`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_number_world_compares_what_it_evaluates() {
    let cases = [
        ("1/3 + 1/3 + 1/3", "1", "="),
        ("*w + *w", "0", "="),
        ("1/3", "{0|1}", "<"),
        ("1/3", "^", ">"),
        ("w", "{100|-100}", ">"),
        ("-w", "^^*", "<"),
        ("1/3", "{1|0}", "||"),
        ("*w", "1/2", "<"),
        ("*w", "-3", ">"),
        ("*w", "0", "||"),
        ("2^(-2)", "1/4", "="),
    ];
    for (a, b, rel) in cases {
        let o = onag(&["compare", "--brief", a, b]);
        assert_eq!(
            (o.status.code(), stdout(&o).trim()),
            (Some(0), rel),
            "{a} against {b}: {}",
            stderr(&o)
        );
    }
    // Full answers give the reason.
    let o = onag(&["compare", "1/3", "{1|0}"]);
    assert!(stdout(&o).contains("strictly between"), "{}", stdout(&o));
    let o = onag(&["compare", "1/3 + 1/3 + 1/3", "1"]);
    assert!(
        stdout(&o).contains("evaluated, both are short games: A = 1, B = 1"),
        "{}",
        stdout(&o)
    );
    // ∗ω against a game that is neither a number nor a nimber has no rule: said, not guessed.
    let o = onag(&["compare", "*w", "^"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("has no rule here"), "{}", stderr(&o));
}

#[test]
fn nimbers_have_options_up_to_2_to_the_16() {
    // {1 | *4097} needs the options of *4097 (a cap of 4,096 before issue 33).
    for n in [4097, 65536] {
        let src = format!("{{1|*{n}}}");
        let o = onag(&["eval", &src]);
        assert_eq!(o.status.code(), Some(0), "{src}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim(), src);
    }
    // Past the cap: a limit (exit 3) naming it, never a value without those options.
    let o = onag(&["eval", "{1|*65537}"]);
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("too many options to list"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn hackenbush_parts_off_the_ground_are_errors_at_the_edge() {
    let o = onag(&["eval", "hackenbush(\"_ L a, b R c\")"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("b R c is not joined to the ground"), "{err}");
    // A picture standing on the ground is read as before.
    let o = onag(&["eval", "hackenbush(\"_ L a, a R b\")"]);
    assert_eq!((o.status.code(), stdout(&o).trim()), (Some(0), "1/2"));
}

#[test]
fn powers_enter_proofs_by_their_definition_and_the_checker_multiplies_them_out() {
    let dir = std::env::temp_dir();
    let good = dir.join(format!("onag-power-{}.json", std::process::id()));
    let o = onag(&["simplify", "--format", "json", "{2^3|(1/2)^(-2)}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let proof = stdout(&o);
    assert!(proof.contains("\"result\": \"{8|4}\""), "{proof}");
    assert!(proof.contains("power-definition"), "{proof}");
    std::fs::write(&good, &proof).unwrap();
    let o = onag(&["check", good.to_str().unwrap()]);
    assert!(
        stdout(&o).starts_with("ok:"),
        "{}{}",
        stdout(&o),
        stderr(&o)
    );
    // A power opened to a wrong number is rejected: 2^3 is not 9.
    let bad = proof.replace("{8|", "{9|");
    std::fs::write(&good, &bad).unwrap();
    let o = onag(&["check", good.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(out.contains("2^3 is not 9"), "{out}{}", stderr(&o));
    assert_eq!(o.status.code(), Some(1));
    let _ = std::fs::remove_file(&good);
}

/// G − G is 0 without building G + (−G)'s options: `{1|*4097} - {1|*4097}` took a minute
/// (its option {1|*4097} + *4097 passes through 4,097 partial sums with *j, each simplified
/// by comparing its options pairwise); the kernel now knows −G as G's negative.
#[test]
fn a_game_minus_itself_is_0_at_once() {
    let o = onag(&["eval", "--time-limit", "10", "{1|*4097} - {1|*4097}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "0");
}
