//! Misère derivations from ruleset positions (issue 32): `simplify --misere` and
//! `prove --misere` of a call such as `cram("…")` open with one `misere-opening` step (the
//! position written out as the game tree of its moves), then simplify as for any form. The
//! simplest form reached is `misere_canonical_form` of the same call, which tests/misere.rs
//! checks against CGSuite's rows; `onag check` checks the opening with its own move generators
//! and rejects an opening with an option added, removed or changed, or a position read as
//! another, naming the step.

mod common;
use common::drive;
use common::run::{check, json_of, onag, stderr, stdout};
use serde_json::Value;

/// One position of each family the misère derivations open.
const POSITIONS: &[&str] = &[
    "kayles(5)",
    "dawsons_kayles(6)",
    "octal(\"0.137\", 6)",
    "subtraction(\"1,3\", 6)",
    "take_and_break(\"0.3F\", 4)",
    "grundy(7)",
    "wythoff(2, 3)",
    "cram(\"...|...\")",
    "arc_kayles(\".-.-.-.\")",
];

/// An impartial form read from a proof's term (braces, `0`, `*`, `*n`), kept in a normal form:
/// heaps written out, options sorted, repeats dropped. Two terms are the same game tree
/// exactly when their normal forms are equal.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct G(Vec<G>);

fn heap(n: usize) -> G {
    G((0..n).map(heap).collect())
}

fn normal(mut o: Vec<G>) -> G {
    o.sort();
    o.dedup();
    G(o)
}

/// Reads a term of braces whose sides agree, `0`, `*`, `*n` and `#n` (entry n of `table`, the
/// proof's term table read before it).
fn parse(s: &str, table: &[G]) -> G {
    fn term(b: &[u8], i: &mut usize, table: &[G]) -> G {
        match b[*i] {
            b'#' => {
                *i += 1;
                let start = *i;
                while *i < b.len() && b[*i].is_ascii_digit() {
                    *i += 1;
                }
                let n: usize = std::str::from_utf8(&b[start..*i]).unwrap().parse().unwrap();
                assert!(n < table.len(), "#{n} refers to an entry read before it");
                table[n].clone()
            }
            b'0' => {
                *i += 1;
                heap(0)
            }
            b'*' => {
                *i += 1;
                let start = *i;
                while *i < b.len() && b[*i].is_ascii_digit() {
                    *i += 1;
                }
                let n = std::str::from_utf8(&b[start..*i]).unwrap();
                heap(if n.is_empty() { 1 } else { n.parse().unwrap() })
            }
            b'{' => {
                *i += 1;
                let left = list(b, i, b'|', table);
                let right = list(b, i, b'}', table);
                let (l, r) = (normal(left), normal(right));
                assert_eq!(l, r, "an impartial form's sides agree");
                l
            }
            c => panic!("unexpected {:?} in a form", c as char),
        }
    }
    fn list(b: &[u8], i: &mut usize, end: u8, table: &[G]) -> Vec<G> {
        let mut out = Vec::new();
        loop {
            if b[*i] == end {
                *i += 1;
                return out;
            }
            out.push(term(b, i, table));
            if b[*i] == b',' {
                *i += 1;
            }
        }
    }
    let b: Vec<u8> = s.bytes().filter(|c| *c != b' ').collect();
    let mut i = 0;
    let g = term(&b, &mut i, table);
    assert_eq!(i, b.len(), "the whole of {s} is one form");
    g
}

/// The opening's game tree: the first step's `to`, read through the proof's term table (each
/// entry refers only to earlier ones, so the entries are read in order).
fn opened_tree(v: &Value) -> G {
    let mut table = Vec::new();
    for e in v["terms"].as_array().into_iter().flatten() {
        let g = parse(e.as_str().unwrap(), &table);
        table.push(g);
    }
    parse(v["steps"][0]["to"].as_str().unwrap(), &table)
}

/// The form written as braces, `0` for the empty game.
fn print(g: &G) -> String {
    if g.0.is_empty() {
        return "0".into();
    }
    let o: Vec<String> = g.0.iter().map(print).collect();
    format!("{{{}|{}}}", o.join(","), o.join(","))
}

/// Misère outcome by the definition: P exactly when there is an option and every option is N.
fn is_p(g: &G) -> bool {
    !g.0.is_empty() && g.0.iter().all(|o| !is_p(o))
}

/// Each family's derivation opens with `misere-opening` at the top, ends at the call's
/// `misere_canonical_form`, and its proof checks.
#[test]
fn each_family_opens_and_ends_at_its_misere_canonical_form() {
    for call in POSITIONS {
        let o = onag(&["simplify", "--misere", call]);
        assert_eq!(o.status.code(), Some(0), "{call}: {}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[2].contains("by misere-opening at the top"),
            "{call}: {out}"
        );
        let eval = onag(&["eval", &format!("misere_canonical_form({call})")]);
        assert_eq!(eval.status.code(), Some(0), "{call}: {}", stderr(&eval));
        assert_eq!(
            lines.last().copied().unwrap_or_default(),
            format!("misere simplest form: {}", stdout(&eval).trim()),
            "{call}"
        );
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let (code, msg) = check(&json);
        assert_eq!(code, 0, "{call}: {msg}");
        drive::json(&json);
    }
}

/// The opening's game tree, read here and searched by the definition of misère play, has the
/// outcome that `misere_outcome_class` gives the call.
#[test]
fn the_opened_tree_has_the_positions_outcome() {
    for call in POSITIONS {
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let v: Value = serde_json::from_str(&json).unwrap();
        let tree = opened_tree(&v);
        let o = onag(&["eval", &format!("misere_outcome_class({call})")]);
        assert_eq!(o.status.code(), Some(0), "{call}: {}", stderr(&o));
        let want = if is_p(&tree) { "P" } else { "N" };
        assert_eq!(stdout(&o).trim(), want, "{call}");
    }
}

/// The opening spoiled: an option added, an option removed, an option changed one level
/// down, the position read as another. Each proof is rejected (exit 1) at step 0, the
/// opening, with the reason; the opening alone, rewritten in another spelling of the same
/// tree (options sorted, repeats dropped, heaps as braces), checks.
#[test]
fn tampered_openings_are_rejected() {
    for call in POSITIONS {
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let v: Value = serde_json::from_str(&json).unwrap();
        let tree = opened_tree(&v);
        assert!(!tree.0.is_empty(), "{call} has a move");
        // The proof of the opening alone: the call equals this tree.
        let with_opening = |g: &G| {
            let mut w = v.clone();
            let mut step = v["steps"][0].clone();
            step["to"] = Value::String(print(g));
            w["steps"] = Value::Array(vec![step]);
            w["result"] = Value::String(print(g));
            // The proof now ends at the opening, which is no simplest form: the original's
            // claim that its result is final does not belong to it.
            if let Some(o) = w.as_object_mut() {
                o.remove("final");
            }
            w.to_string()
        };
        let (code, msg) = check(&with_opening(&tree));
        assert_eq!(code, 0, "{call}, respelt: {msg}");

        let mut added = tree.0.clone();
        added.push(heap(9));
        let mut removed = tree.0.clone();
        removed.remove(0);
        let mut changed = tree.0.clone();
        let mut deeper = changed[0].0.clone();
        deeper.push(heap(9));
        changed[0] = normal(deeper);
        for (what, g) in [
            ("an option added", normal(added)),
            ("an option removed", normal(removed)),
            ("an option changed", normal(changed)),
        ] {
            assert_ne!(g, tree, "{call}: {what} is a change");
            let (code, msg) = check(&with_opening(&g));
            assert_eq!(code, 1, "{call}, {what}: accepted\n{msg}");
            assert!(
                msg.contains("fails at step 0: the opening of"),
                "{call}, {what}: {msg}"
            );
        }
    }
    // A position read as another: the same tree claimed for a different board.
    let json = json_of(&[
        "simplify",
        "--misere",
        "--format",
        "json",
        "cram(\"...|...\")",
    ]);
    let other = json.replace("cram(\\\"...|...\\\")", "cram(\\\"..#|...\\\")");
    assert_ne!(other, json);
    let (code, msg) = check(&other);
    assert_eq!(code, 1, "{msg}");
    assert!(
        msg.contains("fails at step 0: the opening of cram(\"..#|...\") is not its game tree"),
        "{msg}"
    );
    // Kayles' heap of 5 read as Dawson's Kayles' heap of 5.
    let json = json_of(&["simplify", "--misere", "--format", "json", "kayles(5)"]);
    let other = json.replace("kayles(5)", "dawsons_kayles(5)");
    let (code, msg) = check(&other);
    assert_eq!(code, 1, "{msg}");
    assert!(msg.contains("fails at step 0"), "{msg}");
}

/// `prove --misere` between ruleset positions: both open, B's opening read right to left.
/// Grundy's game is the take-and-break code 4!.0 and Kayles the octal code 0.77 (the same
/// games by their definitions); a Wythoff position and a Cram board, different games, have
/// the same simplest form.
#[test]
fn positions_are_proved_equal_through_their_openings() {
    let cases = [
        ("grundy(7)", "take_and_break(\"4!.0\", 7)"),
        ("kayles(4)", "octal(\"0.77\", 4)"),
        ("wythoff(1, 2)", "cram(\"..|..\")"),
        ("kayles(4)", "*"),
    ];
    for (a, b) in cases {
        let fa = onag(&["eval", &format!("misere_canonical_form({a})")]);
        let fb = onag(&["eval", &format!("misere_canonical_form({b})")]);
        assert_eq!(stdout(&fa), stdout(&fb), "{a} and {b}");
        let json = json_of(&["prove", "--misere", "--format", "json", a, b]);
        let (code, msg) = check(&json);
        assert_eq!(code, 0, "{a} = {b}: {msg}");
        drive::json(&json);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["steps"][0]["rule"], "misere-opening", "{a}");
    }
    // Different positions are refused with both simplest forms (status 1).
    let o = onag(&["prove", "--misere", "kayles(5)", "grundy(7)"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("*[2[2]321] and *[0] differ"),
        "{}",
        stdout(&o)
    );
}

/// Bad input exits 2 with the place; a position too large to write out exits 3, at once.
#[test]
fn bad_and_oversized_positions() {
    let o = onag(&["simplify", "--misere", "cram(\"..x\")"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("line 1, column 3"), "{err}");
    assert!(err.contains('^'), "{err}");
    let o = onag(&["simplify", "--misere", "grundy(-2)"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    // A partizan board has no misère simplest form.
    let o = onag(&["simplify", "--misere", "domineering(\"..|..\")"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    // A game of 2,500 moves in a row is deeper than a derivation writes out: refused at once.
    let started = std::time::Instant::now();
    let o = onag(&["simplify", "--misere", "subtraction(\"1,2\", 2500)"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("too large"), "{}", stderr(&o));
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    // A chain of 100 moves is 2^100 nodes written as a tree (both sides list the options),
    // but 101 forms as a DAG: it is derived (to *[0], as {*} = 0 and {0} = * alternate) and
    // checks. So does the 3×4 Cram board, which the tree writing refused.
    for (call, form) in [
        ("subtraction(\"1\", 100)", "*[0]"),
        ("cram(\"....|....|....\")", ""),
    ] {
        let o = onag(&["simplify", "--misere", call]);
        assert_eq!(o.status.code(), Some(0), "{call}: {}", stderr(&o));
        let eval = onag(&["eval", &format!("misere_canonical_form({call})")]);
        let want = if form.is_empty() {
            stdout(&eval).trim().to_string()
        } else {
            form.to_string()
        };
        assert_eq!(
            stdout(&o).lines().last().unwrap_or_default(),
            format!("misere simplest form: {want}"),
            "{call}"
        );
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let (code, msg) = check(&json);
        assert_eq!(code, 0, "{call}: {msg}");
    }
}

/// Proofs written by hand about long chains: the checker stops at its depth (exit 3, no
/// crash), and a wrong claim about a chain is rejected with a message of bounded length.
#[test]
fn the_checker_bounds_deep_positions_and_long_messages() {
    let proof = |input: &str, result: &str| {
        serde_json::json!({"version": 3, "play": "misere", "input": input, "result": result,
            "steps": []})
        .to_string()
    };
    let (code, msg) = check(&proof("subtraction(\"1\", 3000)", "0"));
    assert_eq!(code, 3, "{msg}");
    assert!(msg.contains("moves in a row"), "{msg}");
    // Subtraction {1} from 60 is a chain of 60 moves, not the game 0 with no move; the
    // reason, which writes the chain, stays short.
    let (code, msg) = check(&proof("subtraction(\"1\", 60)", "0"));
    assert_eq!(code, 1, "{msg}");
    assert!(msg.contains("the steps end at"), "{msg}");
    assert!(msg.len() < 2000, "{} characters", msg.len());
}
