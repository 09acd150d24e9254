//! Misère derivations and proofs through the command line: `simplify --misere` ends at
//! CGSuite's published simplest forms (MisereCanonicalGameTestCase, as restated in
//! tests/misere.rs), `prove --misere` proves true identities (each confirmed here by a
//! brute-force misère outcome search over sums with every form born by day 3) and refuses
//! false ones with their reason, and `onag check` accepts those proofs and rejects tampered
//! ones. Both proof readers read the misère field alike (`drive::json`).

mod common;
use common::drive;
use common::run::{check, json_of, onag, stderr, stdout};
use serde_json::Value;

/// An impartial form, for the brute force: its options.
#[derive(Clone, Debug, PartialEq)]
struct G(Vec<G>);

fn heap(n: usize) -> G {
    G((0..n).map(heap).collect())
}

fn game(opts: &[G]) -> G {
    G(opts.to_vec())
}

/// A + B by the definition.
fn add(a: &G, b: &G) -> G {
    let mut o: Vec<G> = a.0.iter().map(|x| add(x, b)).collect();
    o.extend(b.0.iter().map(|y| add(a, y)));
    G(o)
}

/// Misère outcome: the player to move with no move wins, so P exactly when there is an
/// option and every option is N.
fn is_p(g: &G) -> bool {
    !g.0.is_empty() && g.0.iter().all(|o| !is_p(o))
}

/// Every form born by day 3 (16 of them: the sets of the 4 forms born by day 2).
fn day3() -> Vec<G> {
    let mut day = vec![G(vec![])];
    for _ in 0..3 {
        let mut next = Vec::new();
        for mask in 0u32..(1 << day.len()) {
            next.push(G((0..day.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| day[i].clone())
                .collect()));
        }
        day = next;
    }
    day
}

/// Whether A + X and B + X have the same misère outcome for every X born by day 3.
fn agree_by_day3(a: &G, b: &G) -> bool {
    day3().iter().all(|x| is_p(&add(a, x)) == is_p(&add(b, x)))
}

/// The last line of `onag simplify --misere EXPR`, after checking its status.
fn simplest(expr: &str) -> String {
    let o = onag(&["simplify", "--misere", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o).lines().last().unwrap_or_default().to_string()
}

/// CGSuite's test cases (their inputs written as braces and sums) end at CGSuite's forms, and
/// each derivation's proof checks.
#[test]
fn derivations_end_at_cgsuites_simplest_forms_and_check() {
    let cases = [
        // *[2]+*[2]
        ("*2+*2", "*[2[2]]"),
        // *[[2]]
        ("{*2|*2}", "*[2#]"),
        // *[[[2]]]
        ("{{*2|*2}|{*2|*2}}", "*[2##]"),
        // *[[*[2]+*[[2]]]]
        ("{*2+{*2|*2}|*2+{*2|*2}}", "*[2[#2#]]"),
        // *[[2],0]
        ("{{*2|*2},0|{*2|*2},0}", "*[2#0]"),
        // *[[2],1]
        ("{{*2|*2},*|{*2|*2},*}", "*[2#1]"),
        // *[[*[4]+*[2]]]
        ("{*4+*2|*4+*2}", "*[4[2#]]"),
        // *[[[2]],[[2],1]]
        (
            "{{{*2|*2}|{*2|*2}},{{*2|*2},*|{*2|*2},*}|{{*2|*2}|{*2|*2}},{{*2|*2},*|{*2|*2},*}}",
            "*[(2#1)2##]",
        ),
        // *[[[2],2,0],[[2],3],1]
        (
            "{{{*2|*2},*2,0|{*2|*2},*2,0},{{*2|*2},*3|{*2|*2},*3},*|{{*2|*2},*2,0|{*2|*2},*2,0},{{*2|*2},*3|{*2|*2},*3},*}",
            "*[(2#20)2[#1]1]",
        ),
    ];
    for (input, form) in cases {
        let last = simplest(input);
        assert_eq!(last, format!("misere simplest form: {form}"), "{input}");
        let json = json_of(&["simplify", "--misere", "--format", "json", input]);
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{input}: {out}");
        // The check says the result as a game, in CGSuite's notation (not as `#n`).
        assert!(
            out.contains(&format!(" = {form} checks (")),
            "{input}: {out}"
        );
        drive::json(&json);
    }
}

/// Each step names its rule, its place and its witnesses: {*2, {*}} reduces its option {*} to
/// 0 by the proviso (* is a misère P-position), at every occurrence of {*}, then *2 reverses
/// through * at the top. (Forms are written with their options in the order of the
/// derivation's DAG: 0 before *2.)
#[test]
fn a_derivation_names_rules_places_and_witnesses() {
    let o = onag(&["simplify", "--misere", "{*2,{*|*}|*2,{*|*}}"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].trim(), "{*2,{*|*}|*2,{*|*}}");
    assert_eq!(lines[1].trim(), "= {0,*2|0,*2}");
    assert!(
        lines[2].contains("by misere-reversible-zero at every occurrence of {*|*}:"),
        "{out}"
    );
    assert!(lines[2].contains("* is a misere P-position"), "{out}");
    assert_eq!(lines[3].trim(), "= *");
    assert!(
        lines[4].contains("by misere-reversible at the top:"),
        "{out}"
    );
    assert!(lines[4].contains("*2 reverses through *"), "{out}");
    assert_eq!(lines[5], "misere simplest form: *[1]");
    // The brute force agrees: {*2, {*}} and * have the same misère outcome with every X.
    let star = heap(1);
    let g = game(&[heap(2), G(vec![star.clone()])]);
    assert!(agree_by_day3(&g, &star));
}

/// True identities, each confirmed by the brute force, proved and checked again.
#[test]
fn true_identities_are_proved_and_checked() {
    let s = heap(1);
    let cases = [
        // * + * = 0 in misère play too (the proviso: * is a P-position).
        ("*+*", "0", add(&s, &s), heap(0)),
        // *2 + * = *3.
        ("*2+*", "*3", add(&heap(2), &s), heap(3)),
        // {*, *2} = 0 (every option has 0 as an option, * is a P-position).
        ("{*,*2|*,*2}", "0", game(&[s.clone(), heap(2)]), heap(0)),
        // {*2, {*}} = {*3, 0}: both are *.
        (
            "{*2,{*|*}|*2,{*|*}}",
            "{*3,0|*3,0}",
            game(&[heap(2), G(vec![s.clone()])]),
            game(&[heap(3), heap(0)]),
        ),
    ];
    for (a, b, ga, gb) in cases {
        assert!(agree_by_day3(&ga, &gb), "the brute force refutes {a} = {b}");
        let o = onag(&["prove", "--misere", a, b]);
        assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
        assert!(
            stdout(&o).contains("proved in misere play"),
            "{}",
            stdout(&o)
        );
        let json = json_of(&["prove", "--misere", "--format", "json", a, b]);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["play"], "misere");
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{a} = {b}: {out}");
        drive::json(&json);
    }
}

/// False identities: exit 1, the two simplest forms, and a distinguishing game when a small
/// one exists. {*2} ≠ 0 (seed 002 §7: no reversible options, different forms, different
/// games): X = 0 tells them apart, {*2} being a P-position and 0 an N-position.
#[test]
fn false_identities_are_refused_with_a_reason() {
    assert!(is_p(&game(&[heap(2)])) && !is_p(&heap(0)));
    let o = onag(&["prove", "--misere", "{*2|*2}", "0"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("*[2#] and *[0] differ"), "{out}");
    assert!(
        out.contains("with X = *[0]: A + X is a misere P-position, B + X an N-position"),
        "{out}"
    );
    // *2 + *2 is not {*2} (CGSuite: *[2[2]] and *[2#]), though in normal play both are 0.
    let o = onag(&["prove", "--misere", "--format", "json", "*2+*2", "{*2|*2}"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["equal"], false);
    assert_eq!(v["a_simplest"], "*[2[2]]");
    assert_eq!(v["b_simplest"], "*[2#]");
    // A distinguishing game, when reported, really distinguishes (by the brute force).
    let o = onag(&["prove", "--misere", "--format", "json", "*2", "*3"]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    // (X = 0 and X = * do not: *2, *3, *2 + * = *3 and *3 + * are all N-positions.)
    let x = v["distinguisher"]["x"].as_str().unwrap_or_default();
    let n: usize = x
        .strip_prefix("*[")
        .and_then(|r| r.strip_suffix(']'))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a heap, for two heaps: {x}"));
    let (pa, pb) = (
        is_p(&add(&heap(2), &heap(n))),
        is_p(&add(&heap(3), &heap(n))),
    );
    assert_ne!(pa, pb, "X = {x} does not tell *2 from *3");
    assert_eq!(pa, v["distinguisher"]["a_plus_x"] == "P");
    assert_eq!(pb, v["distinguisher"]["b_plus_x"] == "P");
    // And the normal-play prover still says *2 + *2 = {*2|*2}.
    assert_eq!(onag(&["prove", "*2+*2", "{*2|*2}"]).status.code(), Some(0));
}

/// A proof written by hand: {0, *2} = * (it is *: *2 reverses through *), checked; then each
/// way of spoiling it is rejected with exit status 1.
#[test]
fn tampered_proofs_are_rejected() {
    let proof = |input: &str, result: &str, step: Value| {
        serde_json::json!({
            "version": 3, "play": "misere", "input": input, "result": result,
            "steps": [step],
        })
        .to_string()
    };
    let good = proof(
        "{0,*2|0,*2}",
        "*",
        serde_json::json!({"to": "*", "rule": "misere-reversible",
            "witnesses": {"games": {"H": "*"}}}),
    );
    assert_eq!(
        check(&good),
        (
            0,
            "ok: the proof that {0,*2|0,*2} = *[1] checks (1 step)\n".to_string()
        )
    );
    drive::json(&good);
    let bad = [
        // A wrong witness: H = *2 is not what the rule matches (no option of G has *2 as
        // an option).
        proof(
            "{0,*2|0,*2}",
            "*",
            serde_json::json!({"to": "*", "rule": "misere-reversible",
                "witnesses": {"games": {"H": "*2"}}}),
        ),
        // A set witness the match does not bind: G's options other than the reversing *2
        // are 0, not *2.
        proof(
            "{0,*2|0,*2}",
            "*",
            serde_json::json!({"to": "*", "rule": "misere-reversible",
                "witnesses": {"games": {"H": "*"}, "sets": {"GL": ["*2"]}}}),
        ),
        // A witness named as no variable of the rule (the old `reversing` set).
        proof(
            "{0,*2|0,*2}",
            "*",
            serde_json::json!({"to": "*", "rule": "misere-reversible",
                "witnesses": {"games": {"H": "*"}, "sets": {"reversing": ["*2"]}}}),
        ),
        // A non-reversible option claimed reversible: {*2} has no option *.
        proof(
            "{0,{*2|*2}|0,{*2|*2}}",
            "*",
            serde_json::json!({"to": "*", "rule": "misere-reversible",
                "witnesses": {"games": {"H": "*"}}}),
        ),
        // The proviso with no P-position: {*2} = 0 would follow, but *2 is an N-position.
        proof(
            "{*2|*2}",
            "0",
            serde_json::json!({"to": "0", "rule": "misere-reversible-zero",
                "witnesses": {"games": {"X": "*2"}}}),
        ),
        // A mismatched end: the steps reach *, the proof claims *2.
        proof(
            "{0,*2|0,*2}",
            "*2",
            serde_json::json!({"to": "*", "rule": "misere-reversible",
                "witnesses": {"games": {"H": "*"}}}),
        ),
        // A normal-play rule in a misère proof.
        proof(
            "{0,*2|0,*2}",
            "*",
            serde_json::json!({"to": "*", "rule": "dominated-left",
                "witnesses": {"games": {"H": "*"}}}),
        ),
    ];
    for b in &bad {
        let (code, out) = check(b);
        assert_eq!(code, 1, "accepted: {b}\n{out}");
        assert!(out.starts_with("rejected"), "{out}");
        drive::json(b);
    }
    // The same proof read as a normal-play proof (no `play`) is not a proof of anything
    // there: the misère rules are not normal-play rules.
    let normal = good.replace(",\"play\":\"misere\"", "");
    assert!(!normal.contains("misere\""), "{normal}");
    assert_eq!(check(&normal).0, 1);
    // An unknown convention is bad input (2) for both readers.
    let chess = good.replace("\"misere\"", "\"chess\"");
    assert_eq!(check(&chess).0, 2);
    assert!(onag::Proof::from_json(&chess).is_err());
    drive::json(&chess);
}

/// A misère proof read back whole keeps its convention and writes the same text again.
#[test]
fn a_misere_proof_reads_back_whole() {
    let json = json_of(&["simplify", "--misere", "--format", "json", "*2+*"]);
    let p = onag::Proof::from_json(&json).unwrap();
    assert_eq!(p.play, onag::Play::Misere);
    // The claim that the result is final (`"final"`, its last field) is `onag check`'s to
    // verify; the proof read whole leaves it out, and is otherwise the same text.
    let (chain, claim) = json
        .trim_end()
        .split_once(",\n\"final\": ")
        .expect("the final claim");
    assert!(claim.starts_with("{\"claim\":\"simplest form\""), "{claim}");
    assert_eq!(
        p.to_json().trim_end(),
        format!("{chain}\n}}").replace("\"checked\": true", "\"checked\": false")
    );
    // Old normal-play proofs have no `play` and read as normal play.
    let normal = json_of(&["simplify", "--format", "json", "{0|5}"]);
    assert!(!normal.contains("\"play\""));
    assert_eq!(
        onag::Proof::from_json(&normal).unwrap().play,
        onag::Play::Normal
    );
}

/// Bad input: a partizan game has no misère simplest form here; exit 2 with the reason.
#[test]
fn a_partizan_game_is_bad_input() {
    let o = onag(&["simplify", "--misere", "{0|1}"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("impartial"), "{}", stderr(&o));
}

/// Kayles by its moves: a row of k pins leaves the rows a and k − 1 − a or k − 2 − a.
fn kayles(n: usize) -> G {
    let mut rows: Vec<G> = Vec::new();
    for k in 0..=n {
        let mut o = Vec::new();
        for take in 1..=2 {
            if k < take {
                continue;
            }
            let rest = k - take;
            for a in 0..=rest / 2 {
                o.push(add(&rows[a], &rows[rest - a]));
            }
        }
        rows.push(G(o));
    }
    rows[n].clone()
}

/// A heap ruleset's position is its game in `--misere` derivations and proofs: `kayles(n)`
/// is written out by its moves. Kayles' row of 3 is *3 and its row of 4 is * (confirmed by the
/// brute force), and the proofs check.
#[test]
fn ruleset_positions_are_derived_and_proved() {
    let cases = [
        ("kayles(3)", "*3", kayles(3), heap(3)),
        ("kayles(4)", "*", kayles(4), heap(1)),
    ];
    for (a, b, ga, gb) in cases {
        assert!(agree_by_day3(&ga, &gb), "the brute force refutes {a} = {b}");
        let o = onag(&["prove", "--misere", a, b]);
        assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
        let json = json_of(&["prove", "--misere", "--format", "json", a, b]);
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{a} = {b}: {out}");
    }
    assert_eq!(simplest("kayles(4)"), "misere simplest form: *[1]");
    assert_eq!(
        simplest("subtraction(\"1,2\", 3)"),
        "misere simplest form: *[0]"
    );
    assert_eq!(
        simplest("take_and_break(\"0.77\", 4)"),
        "misere simplest form: *[1]"
    );
    let o = onag(&["simplify", "--misere", "kayles(-1)"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// The number of multisets of positive integers with sum at most `n` (Σ p(k), k ≤ n): the
/// positions a Kayles or Dawson's Kayles row of n reaches are at most these (rows of pins left).
fn positions_up_to(n: usize) -> usize {
    // p[k]: partitions of k, by the usual table over the largest part.
    let mut p = vec![0usize; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for k in part..=n {
            p[k] += p[k - part];
        }
    }
    p.iter().sum()
}

/// The entries of the proof's term table that `term` names, directly or through other entries.
fn entries_reached(v: &Value, term: &str) -> usize {
    let terms: Vec<&str> = v["terms"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let refs = |s: &str| -> Vec<usize> {
        s.split('#')
            .skip(1)
            .filter_map(|r| {
                let d: String = r.chars().take_while(char::is_ascii_digit).collect();
                d.parse().ok()
            })
            .collect()
    };
    let mut seen = vec![false; terms.len()];
    let mut stack = refs(term);
    while let Some(n) = stack.pop() {
        if !seen[n] {
            seen[n] = true;
            stack.extend(refs(terms[n]));
        }
    }
    seen.iter().filter(|&&s| s).count()
}

/// `onag check` says a checked misère proof's result as a game, in CGSuite's notation, read
/// from the proof's own terms: Kayles' row of 7 as `simplify --misere` prints it, and the Cram
/// board of CGSuite's `GameGridTest` as CGSuite gives it (`*[2[2]321]`). A result that is not a
/// simplest form (a proof may stop early) is written as its own options in CGSuite's list
/// input, never simplified: {0, *2} (which is *, as `*2` reverses through *) as `*[0, 2]`, and
/// {{*}} (which is {0} = *) as `*[[[1]]]`; each reads back as the same game.
#[test]
fn a_checked_misere_result_is_said_in_cgsuites_notation() {
    let line = |call: &str| {
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{call}: {out}");
        out
    };
    assert_eq!(
        line("kayles(7)"),
        "ok: the proof that kayles(7) = *[(2[2]321)[1](2[2]321)2[3]2[2]30] checks (9 steps)\n"
    );
    assert_eq!(
        line("cram(\".........|##.######\")"),
        "ok: the proof that cram(\".........|##.######\") = *[2[2]321] checks (5 steps)\n"
    );
    let unfinished = |form: &str| {
        serde_json::json!({
            "version": 3, "play": "misere", "input": form, "result": form, "steps": [],
        })
        .to_string()
    };
    // (The input as the text prints it: {{*|*}|{*|*}} is written {*|*||*|*}.)
    for (form, shown, written, game) in [
        ("{0,*2|0,*2}", "{0,*2|0,*2}", "*[0, 2]", "*[1]"),
        ("{{*|*}|{*|*}}", "{*|*||*|*}", "*[[[1]]]", "*[1]"),
    ] {
        let (code, out) = check(&unfinished(form));
        assert_eq!(code, 0, "{form}: {out}");
        assert_eq!(
            out,
            format!("ok: the proof that {shown} = {written} checks (0 steps)\n")
        );
        assert_eq!(simplest(written), format!("misere simplest form: {game}"));
    }
}

/// Misère derivations hold forms as DAGs: Kayles' rows of 7, 8 and 10 and Dawson's Kayles'
/// row of 12 are derived and checked, each ending at `misere_canonical_form` of the same call
/// (which tests/misere.rs checks against CGSuite's rows). The opening of kayles(7) writes
/// each distinct position once: at most Σ_{k≤7} p(k) = 45 entries (the multisets of rows of
/// at most 7 pins), so its whole proof is a few kilobytes (the tree was 24 MB, 432 steps).
#[test]
fn kayles_rows_are_derived_as_dags_and_check() {
    assert_eq!(positions_up_to(7), 45);
    for call in ["kayles(7)", "kayles(8)", "kayles(10)", "dawsons_kayles(12)"] {
        let o = onag(&["simplify", "--misere", call]);
        assert_eq!(o.status.code(), Some(0), "{call}: {}", stderr(&o));
        let eval = onag(&["eval", &format!("misere_canonical_form({call})")]);
        assert_eq!(eval.status.code(), Some(0), "{call}: {}", stderr(&eval));
        assert_eq!(
            stdout(&o).lines().last().unwrap_or_default(),
            format!("misere simplest form: {}", stdout(&eval).trim()),
            "{call}"
        );
        let json = json_of(&["simplify", "--misere", "--format", "json", call]);
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{call}: {out}");
        if call == "kayles(7)" {
            let v: Value = serde_json::from_str(&json).unwrap();
            let opened = v["steps"][0]["to"].as_str().unwrap();
            assert!(entries_reached(&v, opened) <= positions_up_to(7), "{json}");
            // 45 entries of at most 14 options (7 moves, each at most "#nn,") on both sides,
            // and a step per distinct form rewritten: well under 20 KB (the proof; the claim
            // that its result is final, `"final"`, its last field, lists each form's
            // conditions written out, and is bounded on its own).
            let proof = json
                .split_once(",\n\"final\": ")
                .map_or(json.as_str(), |p| p.0);
            assert!(proof.len() < 20_000, "{} bytes", proof.len());
            drive::json(&json);
        }
    }
}

/// The term table of a misère proof, tampered with: an entry changed is a wrong proof
/// (exit 1, at the step that reads it); an entry naming an undefined or later entry, and two
/// entries naming each other (a cycle: misère games are finite), are not proof files at all
/// (exit 2), the entry named.
#[test]
fn a_tampered_term_table_is_rejected() {
    let json = json_of(&["simplify", "--misere", "--format", "json", "kayles(6)"]);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(check(&json).0, 0);
    let n = v["terms"].as_array().map_or(0, Vec::len);
    assert!(n >= 3, "{json}");
    let with_terms = |edit: &dyn Fn(&mut Vec<Value>)| {
        let mut w = v.clone();
        let mut terms = w["terms"].as_array().cloned().unwrap_or_default();
        edit(&mut terms);
        w["terms"] = Value::Array(terms);
        w.to_string()
    };
    // Entry 0 of the opening changed: the opening is not kayles(6)'s game tree any more (or a
    // later step does not hold); a heap of 9 appears nowhere in kayles(6).
    let changed = with_terms(&|t| t[0] = Value::String("{*9|*9}".into()));
    let (code, out) = check(&changed);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    drive::json(&changed);
    type Edit<'a> = &'a dyn Fn(&mut Vec<Value>);
    let bad: [(Edit, &str); 3] = [
        (
            &|t| t[1] = Value::String("{#999|#999}".into()),
            "term #1: refers to #999, which is not an earlier entry",
        ),
        (
            &|t| t[0] = Value::String("{#2|#2}".into()),
            "term #0: refers to #2, which is not an earlier entry",
        ),
        (
            &|t| {
                t[0] = Value::String("{#1|#1}".into());
                t[1] = Value::String("{#0|#0}".into());
            },
            "term #0: refers to #1",
        ),
    ];
    for (edit, why) in bad {
        let text = with_terms(edit);
        let (code, out) = check(&text);
        assert_eq!(code, 2, "{out}");
        assert!(out.contains(why), "{out}");
        drive::json(&text);
    }
    // A step naming an entry the table does not have.
    let mut w = v.clone();
    w["steps"][1]["to"] = Value::String(format!("#{}", n + 5));
    let (code, out) = check(&w.to_string());
    assert_eq!(code, 2, "{out}");
    drive::json(&w.to_string());
}

/// Where a step acts: a step naming its G (witness `G`) rewrites every occurrence of G, so a
/// step that rewrites only some of them is rejected, as is one whose G does not occur; the
/// same rewrite of one occurrence, placed by its path instead (`at`), checks.
#[test]
fn a_step_naming_g_rewrites_every_occurrence() {
    // {{*}, {{*}}}: {*} occurs twice (as an option, and as the option of an option).
    let input = "{{*|*},{{*|*}|{*|*}}|{*|*},{{*|*}|{*|*}}}";
    let proof = |to: &str, at: Option<&str>, g: &str| {
        let mut step = serde_json::json!({"to": to, "rule": "misere-reversible-zero",
            "witnesses": {"games": {"X": "*"}}});
        match at {
            Some(a) => step["at"] = serde_json::json!([a]),
            None => step["witnesses"]["games"]["G"] = Value::String(g.into()),
        }
        serde_json::json!({"version": 3, "play": "misere", "input": input, "result": to,
            "steps": [step]})
        .to_string()
    };
    let everywhere = proof("{0,{0|0}|0,{0|0}}", None, "{*|*}");
    assert_eq!(check(&everywhere).0, 0, "{}", check(&everywhere).1);
    drive::json(&everywhere);
    let once = proof("{0,{{*|*}|{*|*}}|0,{{*|*}|{*|*}}}", None, "{*|*}");
    let (code, out) = check(&once);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("at every occurrence"), "{out}");
    drive::json(&once);
    let absent = proof("{0,{{*|*}|{*|*}}|0,{{*|*}|{*|*}}}", None, "{*2,*3|*2,*3}");
    let (code, out) = check(&absent);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not occur"), "{out}");
    drive::json(&absent);
    let placed = proof("{0,{{*|*}|{*|*}}|0,{{*|*}|{*|*}}}", Some("L0"), "");
    assert_eq!(check(&placed).0, 0, "{}", check(&placed).1);
    drive::json(&placed);
    // Both readings agree with the brute force: {{*}, {{*}}} = {0, {0}} = *2.
    let s = heap(1);
    let g = game(&[G(vec![s.clone()]), G(vec![G(vec![s])])]);
    assert!(agree_by_day3(&g, &heap(2)));
}

/// The rule names of a misère proof's steps (`onag simplify --misere --format json` with
/// `extra` flags).
fn misere_rules(extra: &[&str], expr: &str) -> Vec<String> {
    let mut args = vec!["simplify", "--misere", "--format", "json"];
    args.extend_from_slice(extra);
    args.push(expr);
    let o = onag(&args);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rule"].as_str().unwrap().to_string())
        .collect()
}

/// `--rules` selects among the rules of `rules/misere.rules` and `--rules-file` adds a
/// user's, as in normal play. {*} = 0 in misère play (brute force over every X born by day
/// 3), which only the proviso's rule derives.
#[test]
fn rules_and_rules_file_select_and_add_misere_rules() {
    assert!(agree_by_day3(&game(&[heap(1)]), &heap(0)));
    assert_eq!(misere_rules(&[], "{*|*}"), ["misere-reversible-zero"]);
    let without = misere_rules(&["--rules", "misere-reversible"], "{*|*}");
    assert!(without.is_empty(), "{without:?}");
    let bad = onag(&["simplify", "--misere", "--rules", "no-such-rule", "{*|*}"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("no-such-rule"), "{}", stderr(&bad));
    // A user's textbook special case of the proviso, added by a file, takes the step.
    let dir = std::env::temp_dir().join(format!("onag-misere-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("user.rules");
    std::fs::write(
        &file,
        "rule proviso-one-option\n  says  \"A game whose one option X is a P-position with 0 \
         as an option is 0.\"\n  cite  \"ONAG, ch. 12 (the proviso)\"\n  group misere\n  \
         match G @ { X | X }\n  when  P(X), { | } in every option of G\n  yield { | }\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let added = misere_rules(
        &["--rules", "misere-reversible", "--rules-file", file],
        "{*|*}",
    );
    assert_eq!(added, ["proviso-one-option"]);
    // The proviso without its P-position: {*2} is a misère P-position (its one move is to
    // *2, a win for the player to move, brute force below) and 0 is not, so {*2} = 0 is
    // false. The user's rule is at fault: exit 2 naming it, its line and its step.
    assert!(is_p(&game(&[heap(2)])), "{{*2}} is a P-position");
    assert!(!is_p(&heap(0)), "0 is an N-position in misère play");
    assert!(!agree_by_day3(&game(&[heap(2)]), &heap(0)));
    let bad = dir.join("unsound.rules");
    std::fs::write(
        &bad,
        "# a proviso forgotten\nrule proviso-forgotten\n  says  \"If every option of G has 0 \
         as an option, then G = 0.\"\n  cite  \"none: it is false\"\n  group misere\n  \
         priority 30\n  match G @ { ..GL | ..GR }\n  when  { | } in every option of G\n  \
         yield { | }\n",
    )
    .unwrap();
    let bad = bad.to_str().unwrap();
    let caught = onag(&["simplify", "--misere", "--rules-file", bad, "{*2|*2}"]);
    assert_eq!(caught.status.code(), Some(2), "{}", stderr(&caught));
    let err = stderr(&caught);
    assert!(err.contains("`proviso-forgotten`"), "{err}");
    assert!(err.contains("unsound.rules:2"), "{err}");
    assert!(err.contains("step 0"), "{err}");
    assert!(err.contains("not sound"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
