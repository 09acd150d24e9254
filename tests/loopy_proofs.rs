//! Loopy derivations and proofs through the command line (issue 31, point 3): `onag simplify`
//! of a term in the loopy notation derives a stopper's simplest form step by step, each step
//! naming its rule of `rules/loopy.rules` and its place, ending at CGSuite's published forms
//! (CanonicalStopperTestCase, the plumtree definitions of Winning Ways ch. 11); `onag prove`
//! proves loopy identities (on + off = dud, by the definition of the sum; upon + upon by the
//! stopper rules) and refuses false ones; `onag check` accepts those proofs with its own
//! search and rejects tampered ones (a changed step, a changed label target, a swapped
//! option, a swapped witness, a wrong rule, a mismatched end). Every proof is also read by
//! both proof readers alike (`drive::json`).

mod common;
use common::drive;
use common::run::{json_of, onag, onag_stdin, stderr, stdout};
use common::verdict::{check, checks, rejected};
use serde_json::Value;

/// The last line of `onag simplify EXPR`, after checking its status.
fn last_line(expr: &str) -> String {
    let o = onag(&["simplify", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o).lines().last().unwrap_or_default().to_string()
}

fn steps(json: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(json).unwrap();
    v["steps"].as_array().cloned().unwrap_or_default()
}

fn with_steps(json: &str, steps: Vec<Value>) -> String {
    let mut v: Value = serde_json::from_str(json).unwrap();
    v["steps"] = Value::Array(steps);
    v.to_string()
}

/// The proof's term table.
fn table(json: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(json).unwrap();
    v["terms"]
        .as_array()
        .map(|a| a.iter().map(|t| t.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// `text` with every `#n` replaced by entry n of `terms`, written out (by substitution of the
/// file's own strings, not by onag's reader).
fn written_out(terms: &[String], text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(k) = rest.find('#') {
        out.push_str(&rest[..k]);
        rest = &rest[k + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let n: usize = rest[..digits].parse().unwrap();
        out.push_str(&written_out(terms, &terms[n]));
        rest = &rest[digits..];
    }
    out + rest
}

/// A step's `to`, written out.
fn to_of(json: &str, step: &Value) -> String {
    written_out(&table(json), step["to"].as_str().unwrap())
}

/// The text with the term table replaced.
fn with_table(json: &str, terms: Vec<String>) -> String {
    let mut v: Value = serde_json::from_str(json).unwrap();
    v["terms"] = serde_json::json!(terms);
    v.to_string()
}

/// Not a proof (exit 2), the message naming `what`.
fn bad_input(text: &str, what: &str) {
    let (code, out) = check(text);
    assert_eq!(
        code, 2,
        "accepted or rejected as a proof, not as bad input\n{text}\n{out}"
    );
    assert!(out.contains(what), "{what} is not named: {out}");
    drive::json(text);
}

/// CGSuite's CanonicalStopperTestCase inputs and printed forms, and the plumtrees by their
/// definitions (Winning Ways ch. 11: upon = {pass|*}, over = {0|pass}).
#[test]
fn derivations_end_at_the_published_simplest_forms() {
    for (input, form) in [
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("+-{0|pass}", "+-over"),
        ("+-{5|pass}", "+-(5over)"),
        ("{pass|*}", "^[on]"),
        ("a{0|a}", "over"),
        ("{pass|0}", "under"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
    ] {
        assert_eq!(
            last_line(input),
            format!("simplest form: {form}"),
            "{input}"
        );
        let json = json_of(&["simplify", "--format", "json", input]);
        assert!(json.contains("\"play\": \"loopy\""), "{json}");
        checks(&json);
    }
}

/// Each step names its rule and its place: upon + upon is first written as the graph of the
/// sum (its definition on cyclic terms), then simplified by the stopper rules.
#[test]
fn a_sum_is_written_as_a_graph_then_simplified() {
    let o = onag(&["simplify", "upon + upon"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let by: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("by "))
        .collect();
    assert!(by[0].starts_with("loopy-sum at the top"), "{text}");
    assert!(
        by.iter().any(|l| l.starts_with("loopy-dominated-")),
        "{text}"
    );
    assert!(
        by.iter()
            .any(|l| l.starts_with("loopy-reversible-left at R0")),
        "{text}"
    );
    // The rules named are exactly those of rules/loopy.rules.
    let root = env!("CARGO_MANIFEST_DIR");
    let rules = std::fs::read_to_string(format!("{root}/rules/loopy.rules")).unwrap();
    for l in &by {
        let name = l.split_whitespace().next().unwrap().trim_end_matches(',');
        assert!(
            rules.contains(&format!("rule {name}\n"))
                || rules.contains(&format!("mirror {name}\n")),
            "{name} is not in rules/loopy.rules"
        );
    }
    // The form reached is the value `onag eval` gives, by src/loopy's canonical form.
    let form = text
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("simplest form: ");
    let e = onag(&["eval", "upon + upon"]);
    assert_eq!(stdout(&e).trim(), form);
}

/// A batch (`onag simplify -`, a file) takes the loopy derivation for each line in the loopy
/// notation, and the normal one for the others, each as it does alone; `--misere` batches stay
/// misère. A line that fails does not stop the others.
#[test]
fn batches_take_the_loopy_path_line_by_line() {
    let lines = ["upon + upon", "{0|5}", "a{0|a}", "on + off"];
    let o = onag_stdin(&["simplify", "-"], &(lines.join("\n") + "\n"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let alone: Vec<String> = lines
        .iter()
        .map(|l| stdout(&onag(&["simplify", l])))
        .collect();
    assert_eq!(stdout(&o), alone.join("\n"));
    assert!(stdout(&o).contains("simplest form: over"), "{}", stdout(&o));
    // JSON: one loopy proof per loopy line, each checking.
    let o = onag_stdin(
        &["simplify", "--format", "json", "-"],
        "a{0,{a|1}|-1}\n{pass|*}\n",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let proofs: Vec<&str> = text
        .split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .collect();
    assert_eq!(proofs.len(), 2, "{text}");
    for p in proofs {
        assert!(p.contains("\"play\": \"loopy\""), "{p}");
        checks(p);
    }
    // A bad line is its own error (status 2), the rest still derived.
    let o = onag_stdin(&["simplify", "-"], "a{0|b}\nupon + upon\n");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    assert!(stdout(&o).contains("simplest form:"), "{}", stdout(&o));
    // A misère batch stays misère.
    let o = onag_stdin(&["simplify", "--misere", "-"], "*+*\n");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), stdout(&onag(&["simplify", "--misere", "*+*"])));
}

/// on + off = dud: the sum's definition gives {pass|pass}, which is dud by definition (Winning
/// Ways ch. 11, "on + off = dud"); neither is a stopper, and the proof has no stopper step.
#[test]
fn on_plus_off_is_dud() {
    let o = onag(&["prove", "on + off", "dud"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("proved: on + off = dud"),
        "{}",
        stdout(&o)
    );
    let json = json_of(&["prove", "--format", "json", "on + off", "dud"]);
    let s = steps(&json);
    assert_eq!(s.len(), 2, "{json}");
    assert!(s.iter().all(|x| x["rule"] == "loopy-sum"), "{json}");
    // The graph of the sum, {pass|pass}, is an entry of the term table (a game that refers to
    // itself), and the step names it.
    let terms = table(&json);
    let dud = terms.iter().position(|t| t == "{pass|pass}");
    assert!(dud.is_some(), "{json}");
    assert_eq!(s[0]["to"], format!("#{}", dud.unwrap()), "{json}");
    assert_eq!(to_of(&json, &s[0]), "{pass|pass}");
    checks(&json);
    // Off + on, and dud + dud, are dud the same way.
    assert_eq!(onag(&["prove", "off + on = dud"]).status.code(), Some(0));
    assert_eq!(onag(&["prove", "dud + dud", "dud"]).status.code(), Some(0));
}

/// upon + upon: proved equal to the simplest form, and that proof checks; `onag compare`
/// (src/loopy's order, not the proof checker) agrees, and the value sits where the theory
/// puts it: above upon (upon > 0 is an infinitesimal, Winning Ways ch. 11), below every
/// positive number, and not upon itself.
#[test]
fn upon_plus_upon() {
    let form = "{0||0,pass|0}";
    let json = json_of(&["prove", "--format", "json", "upon + upon", form]);
    checks(&json);
    // The steps' terms are entries of the table: entries that refer to themselves (`pass`)
    // and to earlier entries (`{pass|#1}`), every step naming an entry.
    let terms = table(&json);
    assert!(
        terms.iter().any(|t| t.contains("pass") && t.contains('#')),
        "no cyclic entry naming another: {json}"
    );
    for st in steps(&json) {
        let to = st["to"].as_str().unwrap();
        assert!(to.starts_with('#'), "a step written out: {to}");
        assert!(!to_of(&json, &st).contains('#'));
    }
    // The input stays written out, and the first step starts from it (no `from`).
    assert!(steps(&json)[0].get("from").is_none(), "{json}");
    let cmp = |a: &str, b: &str| stdout(&onag(&["compare", a, b]));
    assert!(
        cmp("upon + upon", form).contains('='),
        "{}",
        cmp("upon + upon", form)
    );
    assert!(cmp(form, "upon").contains('>'), "{}", cmp(form, "upon"));
    assert!(cmp(form, "1/64").contains('<'), "{}", cmp(form, "1/64"));
    // A false identity: status 1, with how the two compare.
    let o = onag(&["prove", "upon + upon", "upon"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).contains('>'), "{}", stdout(&o));
}

/// over + under is not a stopper; its sides are over and under (Siegel VI.4), so it is not
/// over, and it equals over & under by its sides, which the side rules derive
/// (tests/loopy_sides.rs has the rest); `compare` agrees.
#[test]
fn over_plus_under_is_proved_by_its_sides() {
    let o = onag(&["prove", "over + under", "over"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("over & under"), "{}", stdout(&o));
    let o = onag(&["prove", "over + under", "over & under"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let c = onag(&["compare", "over + under", "over & under"]);
    assert!(stdout(&c).contains('='), "{}", stdout(&c));
    // over + upon: both sides are over by the rules, as `onag eval` finds them, and a game
    // whose sides are the same stopper is that stopper (sidle-stopper).
    let s = onag(&["simplify", "over + upon"]);
    assert_eq!(s.status.code(), Some(0));
    let e = onag(&["eval", "over + upon"]);
    assert_eq!(stdout(&e).trim(), "over");
    assert!(
        stdout(&s).ends_with("simplest form: over\n"),
        "{}",
        stdout(&s)
    );
    assert!(stdout(&s).contains("by sidle-stopper"), "{}", stdout(&s));
}

#[test]
fn tampered_proofs_are_rejected() {
    // A proof with a label in its steps: a{0,{a|1}|-1} = {0|-1}.
    let json = json_of(&["prove", "--format", "json", "a{0,{a|1}|-1}", "{0|-1}"]);
    checks(&json);
    let s = steps(&json);
    let labelled = s
        .iter()
        .position(|x| to_of(&json, x).contains("a{a|"))
        .expect("a step whose term has a label");
    // Its cycles are labelled entries of the table, the label's uses inside the entry, the
    // steps naming them.
    let terms = table(&json);
    let entry = terms
        .iter()
        .position(|e| e.starts_with("a{") && e[2..].contains('a'))
        .expect("a labelled entry");
    assert!(
        s.iter().any(|x| x["to"] == format!("#{entry}")),
        "no step names #{entry}: {json}"
    );
    assert_eq!(s[labelled]["rule"], "loopy-dominated-left", "{json}");

    // A changed label target: the label's use made a pass (a move to the inner brace), in
    // the step written out, and in the entry of the table that holds the label.
    let mut t = s.clone();
    let to = to_of(&json, &t[labelled]).replacen("a{a|", "a{pass|", 1);
    t[labelled]["to"] = Value::from(to);
    rejected(&with_steps(&json, t), "changed label target");
    // In the table: the entry with the label, its options exchanged (still an entry as the
    // table writes it, now another game); the label's use made a pass, so that the part after
    // it names no label and is written out where it should be an entry (not a table at all).
    let mut terms = table(&json);
    let entry = terms
        .iter()
        .position(|e| e.contains("a{a|"))
        .expect("the labelled brace is an entry of the table");
    let swapped = terms[entry]
        .replacen("#0", "#X", 1)
        .replacen("#1", "#0", 1)
        .replacen("#X", "#1", 1);
    assert_ne!(swapped, terms[entry]);
    let mut t = terms.clone();
    t[entry] = swapped;
    rejected(&with_table(&json, t), "an entry's options exchanged");
    terms[entry] = terms[entry].replacen("a{a|", "a{pass|", 1);
    bad_input(
        &with_table(&json, terms),
        &format!("term #{entry}: writes out a part"),
    );

    // A changed step: the dominated option kept instead of the one that dominates it.
    let mut t = s.clone();
    t[labelled]["to"] = Value::from("{0|{|0}}");
    rejected(&with_steps(&json, t), "changed step");

    // Swapped witnesses: the dominating option named as the dominated one.
    let mut t = s.clone();
    t[labelled]["witnesses"]["values"]["removed"] = Value::from("1");
    t[labelled]["witnesses"]["values"]["by"] = Value::from("0");
    rejected(&with_steps(&json, t), "swapped witnesses");

    // A swapped option: Left's and Right's options exchanged in the step's result.
    let mut t = s.clone();
    t[labelled]["to"] = Value::from("a{{|0}||a|{0|}}");
    rejected(&with_steps(&json, t), "swapped option");

    // A wrong rule: a normal-play rule in a loopy proof, and a step at a place not in the game.
    let mut t = s.clone();
    t[labelled]["rule"] = Value::from("dominated-left");
    rejected(&with_steps(&json, t), "normal-play rule");
    let mut t = s.clone();
    t[labelled]["at"] = serde_json::json!(["R5"]);
    rejected(&with_steps(&json, t), "a place not in the game");

    // A mismatched end.
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["result"] = Value::from("{1|-1}");
    rejected(&v.to_string(), "mismatched end");

    // upon + upon: a reversible step whose reversing option is changed.
    let json = json_of(&["prove", "--format", "json", "upon + upon", "{0||0,pass|0}"]);
    let s = steps(&json);
    let rev = s
        .iter()
        .position(|x| x["rule"] == "loopy-reversible-left")
        .unwrap();
    let mut t = s.clone();
    t[rev]["rule"] = Value::from("loopy-reversible-right");
    rejected(&with_steps(&json, t), "the wrong side");
    // The sum's definition with one option dropped.
    let mut t = s.clone();
    let to = to_of(&json, &t[0]).replacen("pass,", "", 1);
    t[0]["to"] = Value::from(to);
    rejected(&with_steps(&json, t), "a wrong sum");
    // on + off = on is false: a loopy-sum step claiming it.
    let fake = serde_json::json!({
        "version": 3, "play": "loopy", "input": "on + off", "result": "on",
        "steps": [{"to": "on", "rule": "loopy-sum"}],
    })
    .to_string();
    rejected(&fake, "on + off = on");
}

/// A term table that is not one is bad input (status 2), the entry named: an entry naming an
/// entry that is not before it (undefined, itself, or a cycle of entries `#0 = #1`,
/// `#1 = #0` that never reaches a brace), an entry repeated, a label used in an entry but
/// defined outside it; a step naming an entry the table lacks too.
#[test]
fn tampered_term_tables_are_bad_input() {
    let json = json_of(&["prove", "--format", "json", "upon + upon", "{0||0,pass|0}"]);
    let terms = table(&json);
    let n = terms.len();
    assert!(n >= 3, "{json}");
    let last = terms[n - 1].clone();
    // An entry naming an undefined entry.
    let mut t = terms.clone();
    t[n - 1] = format!("{{0|#{}}}", n + 5);
    bad_input(&with_table(&json, t), &format!("term #{}", n - 1));
    // An entry that is not a brace naming itself: no game.
    let mut t = terms.clone();
    t[n - 1] = format!("-#{}", n - 1);
    bad_input(&with_table(&json, t), "refers to itself");
    // A brace naming itself is a loopy proof's way to write a cycle (`{0|#k}` at #k is
    // `{0|pass}`), so the table reads; the step it changes is then wrong.
    let mut t = terms.clone();
    t[n - 1] = format!("{{0|#{}}}", n - 1);
    rejected(
        &with_table(&json, t),
        "a brace naming itself, changing the last step",
    );
    // In a normal-play proof no entry may name a later one, a brace neither.
    let normal = serde_json::json!({
        "version": 3, "terms": ["{0|#1}", "{#0|}"], "input": "#0", "result": "#0", "steps": [],
    })
    .to_string();
    bad_input(&normal, "only a loopy proof's table may");
    // Two entries naming each other, no brace between.
    let fake = |terms: serde_json::Value, to: &str| {
        serde_json::json!({
            "version": 3, "play": "loopy", "terms": terms, "input": "on + off",
            "result": "dud", "steps": [{"to": to, "rule": "loopy-sum"}],
        })
        .to_string()
    };
    bad_input(&fake(serde_json::json!(["#1", "#0"]), "#0"), "term #0");
    // The same entry twice.
    let mut t = terms.clone();
    t.push(last.clone());
    bad_input(&with_table(&json, t), &format!("term #{n}: repeats"));
    // A label used in an entry and defined in the step that names it: entries are closed.
    bad_input(
        &fake(serde_json::json!(["{pass|a}"]), "a{#0|pass}"),
        "term #0",
    );
    // A step naming an entry beyond the table.
    let mut s = steps(&json);
    s[0]["to"] = Value::from(format!("#{}", n + 1));
    bad_input(&with_steps(&json, s), &format!("#{}", n + 1));
    // The table written out in full instead still checks: the table is a way of writing.
    let mut s = steps(&json);
    for st in s.iter_mut() {
        let to = to_of(&json, st);
        st["to"] = Value::from(to);
    }
    let out = with_table(&with_steps(&json, s), Vec::new());
    checks(&out);
}

/// A proof file that is not a proof (a term that does not read) is bad input, status 2, with
/// the place marked; an unknown convention too.
#[test]
fn bad_proof_files_exit_2_with_the_place() {
    let bad = serde_json::json!({
        "version": 3, "play": "loopy", "input": "a{0|a", "result": "over", "steps": [],
    })
    .to_string();
    let (code, out) = check(&bad);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("line 1, column"), "{out}");
    drive::json(&bad);
    let json = json_of(&["prove", "--format", "json", "on + off", "dud"]);
    let chess = json.replace("\"loopy\"", "\"chess\"");
    assert_eq!(check(&chess).0, 2);
    // Read whole, a loopy proof keeps its convention and writes the same text again.
    let p = onag::Proof::from_json(&json).unwrap();
    assert_eq!(p.play, onag::Play::Loopy);
    assert_eq!(
        p.to_json().trim_end(),
        json.trim_end()
            .replace("\"checked\": true", "\"checked\": false")
    );
}

/// rules/loopy.rules parses with the project's rule parser, and its citations resolve.
#[test]
fn the_loopy_rules_parse() {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/loopy.rules")).unwrap();
    let mut set = onag::RuleSet::empty();
    set.add_text("loopy.rules", &text)
        .expect("loopy.rules parses");
    let rules = set.rules();
    let mut names: Vec<&str> = rules.iter().map(|r| r.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "loopy-dominated-left",
            "loopy-dominated-right",
            "loopy-fusion",
            "loopy-reversible-left",
            "loopy-reversible-right",
            "loopy-sides",
            "loopy-sum",
            "offside-delete-left",
            "offside-delete-right",
            "offside-stopper",
            "onside-delete-left",
            "onside-delete-right",
            "onside-stopper",
            "sidle-neg",
            "sidle-stopper",
            "sidle-sum"
        ]
    );
    for r in rules {
        assert!(
            // The books by name: no seed covers loopy games, so no chapter is confirmed.
            r.cite.contains("Siegel, CGT") && r.cite.contains("Winning Ways"),
            "{}: {}",
            r.name,
            r.cite
        );
    }
}

/// A hostile term-table entry: braces naming any entry (itself, later ones, ones beyond the
/// table), `pass`, numbers; a bare reference; a sum or negative naming entries.
fn arb_entry() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let opt = prop_oneof![
        (0usize..7).prop_map(|k| format!("#{k}")),
        Just("0".to_string()),
        Just("pass".to_string()),
        Just("1".to_string()),
    ];
    let side = proptest::collection::vec(opt, 0..3).prop_map(|v| v.join(","));
    prop_oneof![
        4 => (side.clone(), side).prop_map(|(l, r)| format!("{{{l}|{r}}}")),
        1 => (0usize..7).prop_map(|k| format!("#{k}")),
        1 => (0usize..7, 0usize..7).prop_map(|(a, b)| format!("#{a} + #{b}")),
        1 => (0usize..7).prop_map(|k| format!("-#{k}")),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(96))]

    /// One grammar for tables with cycles: the whole reader and the streaming reader of
    /// `onag check` accept the same hostile tables (a brace may name any entry only in a loopy
    /// proof, whether `play` comes before the table or after it), check them alike, and never
    /// panic or loop on a cycle.
    #[test]
    fn both_readers_agree_on_hostile_cyclic_tables(
        terms in proptest::collection::vec(arb_entry(), 1..5),
        play in proptest::prop_oneof![
            proptest::strategy::Just("loopy"),
            proptest::strategy::Just("normal"),
            proptest::strategy::Just("misere"),
        ],
        play_first in proptest::bool::ANY,
        input in proptest::prop_oneof![
            proptest::strategy::Just("#0"),
            proptest::strategy::Just("on"),
        ],
        result in proptest::prop_oneof![
            proptest::strategy::Just("#1"),
            proptest::strategy::Just("over"),
            proptest::strategy::Just("#0"),
        ],
        step in proptest::bool::ANY,
    ) {
        let table = serde_json::to_string(&terms).unwrap();
        let steps = if step {
            format!(r##"[{{"to": "{result}", "rule": "loopy-sum"}}]"##)
        } else {
            "[]".to_string()
        };
        let (a, b) = (format!(r#""play": "{play}""#), format!(r#""terms": {table}"#));
        let (first, second) = if play_first { (a, b) } else { (b, a) };
        let text = format!(
            r#"{{"version": 3, {first}, "input": "{input}", "result": "{result}", {second}, "steps": {steps}}}"#
        );
        drive::json(&text);
    }
}

/// A random small loopy game as CGSuite writes it: braces whose options are `pass`, a label
/// `a` naming the outermost braces, a named loopy game, or a short game written in a form
/// that is not its canonical one (`{|1}` is 0, `{1|}` is 2, `{0|0}` is *, `{-1|1}` is 0,
/// `{0,*|0}` is ↑*… by the definitions), nested up to two levels.
fn arb_loopy_game() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        Just("pass".to_string()),
        Just("a".to_string()),
        Just("0".to_string()),
        Just("1".to_string()),
        Just("*".to_string()),
        Just("{|1}".to_string()),
        Just("{1|}".to_string()),
        Just("{0|0}".to_string()),
        Just("{-1|1}".to_string()),
        Just("{0,*|0}".to_string()),
        Just("1/2+*".to_string()),
        Just("over".to_string()),
        Just("on".to_string()),
    ];
    let braces = |opt: BoxedStrategy<String>| {
        let side = proptest::collection::vec(opt, 0..3).prop_map(|v| v.join(","));
        (side.clone(), side).prop_map(|(l, r)| format!("{{{l}|{r}}}"))
    };
    let inner = braces(leaf.clone().boxed());
    let opt = prop_oneof![3 => leaf, 1 => inner].boxed();
    braces(opt).prop_map(|g| format!("a{g}"))
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Issue 44, point 5: the loopy producer writes every step in the form its own checker
    /// reads. For random small loopy games (short parts written in forms that are not
    /// canonical, as users write them), `simplify` either gives a proof its checker accepted,
    /// or an error about the input or a limit, never a proof of its own that its checker
    /// refuses (which would be an internal error).
    #[test]
    fn the_loopy_producer_never_refuses_its_own_proof(g in arb_loopy_game()) {
        let t = onag::parse(&g).unwrap();
        let loopy = onag::Engine::default().with_play(onag::Play::Loopy);
        match onag::simplify(&t, &loopy) {
            Ok(s) => proptest::prop_assert!(s.proof.checked(), "{g}: not checked"),
            Err(e) => proptest::prop_assert!(
                !matches!(e, onag::Error::Internal(_) | onag::Error::Rejected { .. }),
                "{g}: {e}"
            ),
        }
    }
}

/// Issue 44, point 5: `{{|1},pass|pass}` is not a stopper and its short part `{|1}` (which
/// is 0 by the definitions: Left has no move and Right's move to 1 is no better for Right
/// than having none) is written `0` by the producer; its proof checks, so `simplify` and
/// `prove G G` succeed (exit 0), as they did not on main (exit 1, "the proof does not
/// check").
#[test]
fn a_short_part_not_in_canonical_form_is_no_refusal() {
    for g in [
        "{{|1},pass|pass}",
        "{{-1|1},pass|pass}",
        "a{{0,*|0},a|{1|}}",
    ] {
        let o = onag(&["simplify", g]);
        assert_eq!(o.status.code(), Some(0), "{g}: {}", stderr(&o));
        let o = onag(&["prove", g, g]);
        assert_eq!(o.status.code(), Some(0), "{g}: {}", stderr(&o));
        assert!(stdout(&o).contains("proved"), "{g}: {}", stdout(&o));
    }
}

/// `--rules` selects among the rules of `rules/loopy.rules` and `--rules-file` adds a user's,
/// as in normal play. {0, 1 | pass}: Left's 0 is at most her 1 (1 − 0 = 1 > 0), so the
/// shipped rules delete it; without the dominated rules nothing applies (0 and 1 have no
/// Right option to reverse through).
#[test]
fn rules_and_rules_file_select_and_add_loopy_rules() {
    let input = "{0,{0|}|pass}";
    let all = onag(&["simplify", "--format", "json", input]);
    assert_eq!(all.status.code(), Some(0), "{}", stderr(&all));
    let rules: Vec<String> = steps(&stdout(&all))
        .iter()
        .map(|s| s["rule"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(rules, ["loopy-dominated-left"]);
    // {1 | pass} = 1 + over, which CGSuite writes `1over`.
    assert_eq!(last_line(input), "simplest form: 1over");
    let some = onag(&[
        "simplify",
        "--format",
        "json",
        "--rules",
        "loopy-reversible-left,loopy-reversible-right",
        input,
    ]);
    assert_eq!(some.status.code(), Some(0), "{}", stderr(&some));
    assert!(steps(&stdout(&some)).is_empty(), "{}", stdout(&some));
    // A name that is no loopy rule is refused, naming it.
    let bad = onag(&["simplify", "--rules", "no-such-rule", input]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("no-such-rule"), "{}", stderr(&bad));
    // A user's unsound rule (Left's options dropped: {0 | pass} is over, which Left moving
    // first wins by moving to 0, and {| pass} leaves her no move) is caught at its step.
    let dir = std::env::temp_dir().join(format!("onag-loopy-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("user.rules");
    std::fs::write(
        &file,
        "rule left-options-forgotten\n  says  \"A stopper's Left options can be deleted.\"\n  \
         cite  \"none: it is false\"\n  group loopy\n  priority 5\n  match { x, ..L | ..R }\n  \
         yield { ..L | ..R }\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let caught = onag(&["simplify", "--rules-file", file, "{0|pass}"]);
    // The user's rule is at fault, not onag: bad input (exit 2), naming the rule, the line
    // it was written on and the step, never an internal error (101).
    assert_eq!(caught.status.code(), Some(2), "{}", stderr(&caught));
    let err = stderr(&caught);
    assert!(err.contains("not equal"), "{err}");
    assert!(err.contains("`left-options-forgotten`"), "{err}");
    assert!(err.contains("user.rules:1"), "{err}");
    assert!(err.contains("step 0"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
