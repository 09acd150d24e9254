//! `onag eval` of values whose trees are far too large to print: shared output in every format,
//! read back to the same value, its size bounded; `--share`, `--tree-size` and batches.

mod common;
use common::run::{onag, onag_stdin, stdout};

use num_bigint::BigInt;
use onag::expanded_size;
use onag::parse;
use onag::Kernel;

/// Σ_{k=1..n} {k | −k}.
fn s(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// The printed value read back must be the value of the input, in one kernel (equal values
/// have equal ids), and its tree size the one printed.
fn reads_back_as(printed: &str, input: &str) -> BigInt {
    let mut k = Kernel::new();
    let want = k.eval(&parse(input).unwrap()).unwrap();
    let back = parse(printed).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(k.eval(&back).unwrap(), want);
    let size = expanded_size(&back).unwrap();
    assert_eq!(size, k.tree_size(want));
    size
}

#[test]
fn eval_of_s30_and_s40_answers_shared_and_bounded() {
    for n in [30usize, 40] {
        let input = s(n);
        let o = onag(&["eval", "--tree-size", &input]);
        assert_eq!(o.status.code(), Some(0), "S({n})");
        let out = stdout(&o);
        // Bounded by the distinct parts (a few hundred KB), not the 2^n-leaf tree.
        assert!(out.len() < 2_000_000, "S({n}): {} bytes", out.len());
        let (value, size_line) = out.trim_end().rsplit_once('\n').unwrap();
        assert!(value.contains("\nwhere "), "S({n})");
        let size = reads_back_as(value, &input);
        // The tree has more than 2^(n-1) nodes: far beyond what could have been printed.
        assert!(size > BigInt::from(1u64) << (n - 1));
        assert_eq!(size_line, format!("tree size: {size}"));
    }
}

#[test]
fn share_never_is_refused_beyond_the_tree_limit_and_always_shares_small_values() {
    let o = onag(&["eval", "--share", "never", &s(30)]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--share"), "{err}");
    // A threshold above the tree prints the tree, as before; 0 and `always` share.
    let small = s(8);
    let plain = stdout(&onag(&["eval", &small]));
    assert!(!plain.contains("where"));
    assert_eq!(
        stdout(&onag(&["eval", "--share", "1000000", &small])),
        plain
    );
    for flag in ["0", "always"] {
        let shared = stdout(&onag(&["eval", "--share", flag, &small]));
        assert!(shared.contains("where"), "{shared}");
        reads_back_as(shared.trim_end(), &small);
    }
    let o = onag(&["eval", "--share", "lots", "1"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn every_format_writes_the_shared_value() {
    let input = s(12);
    // JSON: the canonical field reads back, with the exact tree size.
    let o = onag(&["eval", "--json", "--share", "100", &input]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["shared"], true);
    let size = reads_back_as(v["canonical"].as_str().unwrap(), &input);
    assert_eq!(v["tree_size"], size.to_string());
    let o = onag(&["eval", "--json", "{0,1|2}"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["shared"].clone(), v["tree_size"].clone()),
        (false.into(), "1".into())
    );
    // Markdown: a fenced block holding the value.
    let md = stdout(&onag(&[
        "eval", "--format", "markdown", "--share", "100", &input,
    ]));
    let block = md.split("```\n").nth(1).unwrap();
    reads_back_as(block.trim_end(), &input);
    // LaTeX: the body in math mode, then one aligned line per definition.
    let tex = stdout(&onag(&[
        "eval", "--format", "latex", "--share", "100", &input,
    ]));
    let Some(v) = parse(&stdout(&onag(&["eval", "--share", "100", &input]))).ok() else {
        panic!("text output does not parse")
    };
    let onag::Term::Where { defs, .. } = v else {
        panic!("not shared")
    };
    assert!(tex.contains("\\begin{align*}") && tex.contains("\\end{align*}"));
    assert_eq!(tex.matches(" &= ").count(), defs.len());
}

#[test]
fn a_batch_reads_shared_values_over_several_lines() {
    let input = s(16);
    let printed = stdout(&onag(&["eval", "--share", "100", &input]));
    assert!(printed.lines().count() > 10);
    let batch = format!("{printed}{{0,1|2}}\n{input}\n");
    let o = onag_stdin(&["eval", "--share", "100", "-"], &batch);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The value printed again exactly (equal values print alike), then 3/2, then S(16) again.
    assert_eq!(stdout(&o), format!("{printed}3/2\n{printed}"));
    // An error in a continuation line names the line of the batch.
    let o = onag_stdin(&["eval", "-"], "1\nA where\n  A = {1|B}\n");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 3, column 10"), "{err}");
}

#[test]
fn derivations_write_small_shared_input_out_and_refuse_huge_ones() {
    let o = onag(&["simplify", "{A|B} where A = {3|1}, B = {A|-1}"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("canonical form: {3|1|||3|1||-1}"));
    let o = onag(&[
        "prove",
        "{A|B} where A = {3|1}, B = {A|-1}",
        "{{3|1}|{{3|1}|-1}}",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // Fifty doublings of {1|0} (3 nodes): 2^52 − 1 nodes written out, a limit (exit 3), not
    // an attempt. Names are letters only: A, Aa, Aaa, …
    let name = |i: usize| format!("A{}", "a".repeat(i));
    let mut defs = vec![format!("{} = {{1|0}}", name(0))];
    for i in 1..=50 {
        defs.push(format!("{} = {{{}|{}}}", name(i), name(i - 1), name(i - 1)));
    }
    let huge = format!("{} where {}", name(50), defs.join(", "));
    let o = onag(&["simplify", &huge]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("4503599627370495 nodes"), "{err}");
    // The kernel evaluates it as written.
    let o = onag(&["eval", &huge]);
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn compare_refuses_a_difference_too_large_to_write_instead_of_running_out_of_memory() {
    let o = onag(&["compare", &s(30), "0"]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("959093687 nodes"), "{err}");
    // Small differences are compared as before.
    let o = onag(&["compare", "--brief", &s(6), "0"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "||\n".to_string()));
}
