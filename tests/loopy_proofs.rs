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
use common::run::{onag, onag_stdin, stderr, stdout};
use serde_json::Value;

/// The last line of `onag simplify EXPR`, after checking its status.
fn last_line(expr: &str) -> String {
    let o = onag(&["simplify", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o).lines().last().unwrap_or_default().to_string()
}

/// `onag check -` on this text: its exit status and output.
fn check(json: &str) -> (i32, String) {
    let o = onag_stdin(&["check", "-"], json);
    (o.status.code().unwrap_or(-1), stdout(&o) + &stderr(&o))
}

fn json_of(args: &[&str]) -> String {
    let o = onag(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o)
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

fn rejected(text: &str, what: &str) {
    let (code, out) = check(text);
    assert_eq!(code, 1, "{what}: accepted\n{text}\n{out}");
    assert!(out.starts_with("rejected"), "{what}: {out}");
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
        let (code, out) = check(&json);
        assert_eq!(code, 0, "{input}: {out}");
        drive::json(&json);
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
    assert_eq!(s[0]["to"], "{pass|pass}");
    assert_eq!(check(&json).0, 0, "{}", check(&json).1);
    drive::json(&json);
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
    assert_eq!(check(&json).0, 0, "{}", check(&json).1);
    drive::json(&json);
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
    // over + upon: both sides are over by the rules, as `onag eval` finds them.
    let s = onag(&["simplify", "over + upon"]);
    assert_eq!(s.status.code(), Some(0));
    let e = onag(&["eval", "over + upon"]);
    assert!(
        stdout(&s).ends_with(&format!(
            "value by its sides (onside & offside, each in simplest form): {}",
            stdout(&e)
        )),
        "{}",
        stdout(&s)
    );
}

#[test]
fn tampered_proofs_are_rejected() {
    // A proof with a label in its steps: a{0,{a|1}|-1} = {0|-1}.
    let json = json_of(&["prove", "--format", "json", "a{0,{a|1}|-1}", "{0|-1}"]);
    assert_eq!(check(&json).0, 0, "{}", check(&json).1);
    drive::json(&json);
    let s = steps(&json);
    let labelled = s
        .iter()
        .position(|x| x["to"].as_str().unwrap().contains("a{a|"))
        .expect("a step whose term has a label");
    assert_eq!(s[labelled]["rule"], "loopy-dominated-left", "{json}");

    // A changed label target: the label's use made a pass (a move to the inner brace).
    let mut t = s.clone();
    let to = t[labelled]["to"]
        .as_str()
        .unwrap()
        .replacen("a{a|", "a{pass|", 1);
    t[labelled]["to"] = Value::from(to);
    rejected(&with_steps(&json, t), "changed label target");

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
    let to = t[0]["to"].as_str().unwrap().replacen("pass,", "", 1);
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
            "onside-stopper"
        ]
    );
    for r in rules {
        assert!(
            r.cite.contains("Siegel, CGT, VI") && r.cite.contains("Winning Ways, ch. 11"),
            "{}: {}",
            r.name,
            r.cite
        );
    }
}
