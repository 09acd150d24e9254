//! The sides of loopy games by rules (issue 31, point 3): `onag simplify` of `onside(G)`,
//! `offside(G)`, `A & B` and of a game that is not a stopper derives the sides step by step
//! (`loopy-sides`, `onside-delete-*`, `offside-delete-*`, `onside-stopper`, `offside-stopper`,
//! then the stopper rules), ending at the values CGSuite and the theory give; `onag prove`
//! proves identities by sides; `onag check` decides each deletion by its own search of the
//! order of sides and rejects tampered proofs, naming the step.

mod common;
use common::run::{onag, stderr, stdout};
use common::verdict::{checks, rejected_at as rejected};
use serde_json::Value;

fn last_line(args: &[&str]) -> String {
    let o = onag(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    stdout(&o).lines().last().unwrap_or_default().to_string()
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

const SIDES: &str = "value by its sides (onside & offside, each in simplest form): ";

/// The values the sides reach, from independent sources: on + off = dud = on & off and
/// over − over = over & under (Winning Ways ch. 11; worked by hand in
/// src/loopy/sides/tests.rs); `a{1||a|0}` = `2 & +-1` (CGSuite's EvalTest.scala); upon − upon
/// = `^<on> & v<on>` (CGSuite's CanonicalStopperTestCase: the degree of `{0|^<on>||v<on>}` is
/// `^<on>`). `a{0|{a|0}}`, by hand: in the onside Right's move a → {a|0} is undone by Left at
/// once, so the onside is {0|} = 1; in the offside Left's move back to a is undone by Right,
/// so the offside is {0|{|0}} = {0|-1}. Each derivation's proof checks, and the value is the
/// one `onag eval` finds by src/loopy/sides.rs.
#[test]
fn sides_are_derived_to_the_published_values() {
    for (input, want) in [
        ("on + off", "dud"),
        ("dud", "dud"),
        ("over + under", "over & under"),
        ("over - over", "over & under"),
        ("a{1||a|0}", "2 & +-1"),
        ("upon - upon", "^<on> & v<on>"),
        ("a{0|{a|0}}", "1 & {0|-1}"),
    ] {
        assert_eq!(
            last_line(&["simplify", input]),
            format!("{SIDES}{want}"),
            "{input}"
        );
        assert_eq!(last_line(&["eval", input]), want, "{input}");
        let json = json_of(&["simplify", "--format", "json", input]);
        let rules: Vec<String> = steps(&json)
            .iter()
            .map(|s| s["rule"].as_str().unwrap().to_string())
            .collect();
        assert!(rules.contains(&"loopy-sides".to_string()), "{rules:?}");
        assert!(rules.contains(&"onside-stopper".to_string()), "{rules:?}");
        assert!(rules.contains(&"offside-stopper".to_string()), "{rules:?}");
        assert!(
            rules.iter().any(|r| r.starts_with("onside-delete-"))
                && rules.iter().any(|r| r.starts_with("offside-delete-")),
            "{rules:?}"
        );
        checks(&json);
    }
}

/// `onside(G)` and `offside(G)` derive to the side's simplest form, the value `onag eval`
/// gives (src/loopy/sides.rs), and the theory's: on + off has sides on and off, over − over
/// has over and under.
#[test]
fn onside_and_offside_derive_to_simplest_forms() {
    for (input, on, off) in [
        ("on + off", "on", "off"),
        ("over - over", "over", "under"),
        ("a{1||a|0}", "2", "+-1"),
        ("upon - upon", "^<on>", "v<on>"),
        ("a{0|{a|0}}", "1", "{0|-1}"),
    ] {
        for (f, want) in [("onside", on), ("offside", off)] {
            let e = format!("{f}({input})");
            assert_eq!(
                last_line(&["simplify", &e]),
                format!("simplest form: {want}"),
                "{e}"
            );
            assert_eq!(last_line(&["eval", &e]), want, "{e}");
            checks(&json_of(&["simplify", "--format", "json", &e]));
        }
    }
}

/// Identities proved by their sides, each proof checked; a false one refused with how the
/// two compare.
#[test]
fn identities_proved_by_sides() {
    for (a, b) in [
        ("over + under", "over & under"),
        ("dud", "on & off"),
        ("a{1||a|0}", "2 & +-1"),
        ("onside(over - over)", "over"),
        ("offside(on + off)", "off"),
    ] {
        let o = onag(&["prove", a, b]);
        assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
        assert!(stdout(&o).contains("proved:"), "{}", stdout(&o));
        checks(&json_of(&["prove", "--format", "json", a, b]));
    }
    let o = onag(&["prove", "over + under", "over"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let o = onag(&["prove", "onside(over - over)", "under"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

/// Tampered side proofs are rejected with the step named: a deletion that changes the side,
/// a deletion claimed in the wrong side, an option that does not exist, a stopper step on a
/// game that is not a stopper, and `loopy-sides` with two different games.
#[test]
fn tampered_side_proofs_are_rejected() {
    let json = json_of(&["simplify", "--format", "json", "over + under"]);
    checks(&json);
    let s = steps(&json);
    let del = s
        .iter()
        .position(|x| x["rule"] == "onside-delete-right")
        .expect("an onside deletion");

    // The wrong side: an onside deletion claimed as an offside one.
    let mut t = s.clone();
    t[del]["rule"] = Value::from("offside-delete-right");
    rejected(&with_steps(&json, t), "wrong side", del, "offside");

    // An option that does not exist.
    let mut t = s.clone();
    t[del]["witnesses"]["values"]["option"] = Value::from("5");
    rejected(
        &with_steps(&json, t),
        "no such option",
        del,
        "no Right option R5",
    );

    // A deletion that changes the onside: over + under without Left's pass, {under | pass,
    // over}, whose onside is not over's (the only Left move left is to under, which Right
    // answers by moving to 0 in it).
    let fake = serde_json::json!({
        "version": 3, "play": "loopy",
        "input": "onside({pass,{pass|0}|pass,{0|pass}})",
        "result": "onside({{pass|0}|pass,{0|pass}})",
        "steps": [{"to": "onside({{pass|0}|pass,{0|pass}})", "rule": "onside-delete-left",
                   "at": ["arg0"], "witnesses": {"values": {"option": "0"}}}],
    })
    .to_string();
    rejected(
        &fake,
        "a deletion changing the side",
        0,
        "changes the onside",
    );
    // The same deletion, honest, is the first step of the real derivation: Right's pass.
    let fake = serde_json::json!({
        "version": 3, "play": "loopy",
        "input": "onside({pass,{pass|0}|pass,{0|pass}})",
        "result": "onside({pass,{pass|0}|{0|pass}})",
        "steps": [{"to": "onside({pass,{pass|0}|{0|pass}})", "rule": "onside-delete-right",
                   "at": ["arg0"], "witnesses": {"values": {"option": "0"}}}],
    })
    .to_string();
    checks(&fake);

    // onside-stopper on dud, which is not a stopper.
    let fake = serde_json::json!({
        "version": 3, "play": "loopy", "input": "onside(dud)", "result": "dud",
        "steps": [{"to": "dud", "rule": "onside-stopper"}],
    })
    .to_string();
    rejected(&fake, "a stopper step on dud", 0, "not a stopper");

    // loopy-sides with a different game in the offside.
    let fake = serde_json::json!({
        "version": 3, "play": "loopy", "input": "over + under",
        "result": "onside(over + under) & offside(over)",
        "steps": [{"to": "onside(over + under) & offside(over)", "rule": "loopy-sides"}],
    })
    .to_string();
    rejected(
        &fake,
        "loopy-sides with two games",
        0,
        "the game in offside(...) after the step is not G",
    );

    // A step that changes the other side of `&` as well as its own (the step's honest result
    // is onside({pass,{pass|0}||0|pass}) & offside(G), which checks).
    let mut t = s.clone();
    t[del]["to"] =
        Value::from("onside({pass,{pass|0}||0|pass}) & offside({{pass|0}|pass,{0|pass}})");
    rejected(
        &with_steps(&json, t),
        "the other side changed",
        del,
        "outside",
    );
    let mut t = s.clone();
    t[del]["to"] =
        Value::from("onside({pass,{pass|0}||0|pass}) & offside({pass,{pass|0}|pass,{0|pass}})");
    checks(&with_steps(&json, t));
}

/// A side the deletions do not make a stopper (Bach's Carousel, which CGSuite gives no onside
/// either) is an error, exit 2, never a guess.
#[test]
fn a_side_not_reached_is_an_error() {
    let o = onag(&["simplify", "onside(a{0,{1|1,{*,{1+*|1+*,a}|*}}|0})"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("onside"), "{}", stderr(&o));
}

/// `onag rules` lists the side rules after the engine's (loopy derivations run them on game
/// graphs, the engine never does, so a normal-play `--rules` selection does not hold them), and
/// shows each as written.
#[test]
fn onag_rules_lists_the_side_rules() {
    let all = stdout(&onag(&["rules"]));
    for name in [
        "loopy-sides",
        "onside-delete-left",
        "onside-delete-right",
        "offside-delete-left",
        "offside-delete-right",
        "onside-stopper",
        "offside-stopper",
    ] {
        assert!(all.contains(&format!("{name}  [loopy]")), "{name}\n{all}");
        let one = onag(&["rules", name]);
        assert_eq!(one.status.code(), Some(0), "{name}: {}", stderr(&one));
        assert!(
            stdout(&one).starts_with("# rules/loopy.rules, line "),
            "{}",
            stdout(&one)
        );
    }
    let fundamental = stdout(&onag(&["rules", "--rules", "fundamental"]));
    assert!(!fundamental.contains("[loopy]"), "{fundamental}");
}

/// The side rules run from the rule file (issue 45): with `onside-delete-right` left out of
/// the selection (`--rules` naming every other rule of rules/loopy.rules), the onside of
/// `a{0|{a|0}}` is no longer reached. By hand: its onside is 1 because Right's move a → {a|0}
/// is undone by Left at once, and deleting that Right option is `onside-delete-right`'s step;
/// the only other deletion on the cycle, Left's move back to a, leaves {0|-1}, another onside.
/// The offside ({0|-1}, by its mirror `offside-delete-left`, which stays selected) is reached
/// as before. `onag rules` shows the side rules as rules with a proviso, not as `kind manual`.
#[test]
fn a_side_rule_left_out_changes_the_side_derivation() {
    let input = "onside(a{0|{a|0}})";
    let json = json_of(&["simplify", "--format", "json", input]);
    let rules: Vec<String> = steps(&json)
        .iter()
        .map(|s| s["rule"].as_str().unwrap().to_string())
        .collect();
    assert!(
        rules.contains(&"onside-delete-right".to_string()),
        "{rules:?}"
    );
    checks(&json);
    let others = loopy_rules_but(&["onside-delete-right"]);
    let o = onag(&["simplify", "--rules", &others, input]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("onside"), "{}", stderr(&o));
    assert_eq!(
        last_line(&["simplify", "--rules", &others, "offside(a{0|{a|0}})"]),
        "simplest form: {0|-1}"
    );
    for name in [
        "onside-delete-left",
        "onside-delete-right",
        "offside-delete-left",
        "offside-delete-right",
    ] {
        let shown = stdout(&onag(&["rules", name]));
        assert!(!shown.contains("kind manual"), "{shown}");
        let proviso = if name.starts_with("onside") {
            "keeps_onside(G, a)"
        } else {
            "keeps_offside(G, a)"
        };
        assert!(shown.contains(proviso), "{name}: {shown}");
    }
}

/// A rule file in a fresh directory of this test's own, and the directory (removed by the
/// caller).
fn rule_file(test: &str, text: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("onag-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("user.rules");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap().to_string();
    (dir, file)
}

/// Every rule of rules/loopy.rules but `left_out`, as a `--rules` list.
fn loopy_rules_but(left_out: &[&str]) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut set = onag::RuleSet::empty();
    set.add_text(
        "loopy.rules",
        &std::fs::read_to_string(format!("{root}/rules/loopy.rules")).unwrap(),
    )
    .unwrap();
    let names: Vec<&str> = set
        .rules()
        .iter()
        .map(|r| r.name.as_str())
        .filter(|n| !left_out.contains(n))
        .collect();
    names.join(",")
}

/// Issue 45, point 4: a user's side rule under a name of its own runs as the shipped ones do
/// (the proviso makes it a side rule, not the name). With `onside-delete-right` and its mirror
/// `offside-delete-left` left out of the selection, a user's rule file states the same
/// deletion (Right's option inside an onside, Left's inside an offside) under other names:
/// the sides of `a{0|{a|0}}` are reached again, by hand 1 and {0|-1} (Right's move a → {a|0}
/// is undone by Left at once in the onside, Left's move back to a by Right in the offside;
/// tests/loopy_sides.rs's published values above), each step named by the user's rule, and
/// the proof checks against the same rules (`onag check --rules-file`), without them not
/// (the step's rule is none the checker knows).
#[test]
fn a_users_side_rule_runs_under_its_own_name() {
    let others = loopy_rules_but(&["onside-delete-right", "offside-delete-left"]);
    let (dir, file) = rule_file(
        "user-side-rule",
        "rule undo-right-in-onside\n  says  \"In onside(G), a Right option whose deletion keeps \
         the onside can go.\"\n  cite  \"Siegel, CGT (the order of sides)\"\n  group loopy\n  \
         match G @ { ..L | gone, ..R }\n  when  keeps_onside(G, gone)\n  yield { ..L | ..R }\n  \
         mirror undo-left-in-offside\n    says  \"In offside(G), a Left option whose deletion \
         keeps the offside can go.\"\n",
    );
    for (input, want, rule) in [
        (
            "onside(a{0|{a|0}})",
            "simplest form: 1",
            "undo-right-in-onside",
        ),
        (
            "offside(a{0|{a|0}})",
            "simplest form: {0|-1}",
            "undo-left-in-offside",
        ),
    ] {
        let args = ["simplify", "--rules", &others, "--rules-file", &file, input];
        assert_eq!(last_line(&args), want, "{input}");
        let json = json_of(&[&args[..], &["--format", "json"]].concat());
        let rules: Vec<String> = steps(&json)
            .iter()
            .map(|s| s["rule"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(rules.first().map(String::as_str), Some(rule), "{input}");
        let proof = std::path::Path::new(&dir).join("proof.json");
        std::fs::write(&proof, &json).unwrap();
        let proof = proof.to_str().unwrap();
        let ok = onag(&["check", "--rules-file", &file, proof]);
        assert_eq!(ok.status.code(), Some(0), "{input}: {}", stdout(&ok));
        let without = onag(&["check", proof]);
        assert_eq!(
            without.status.code(),
            Some(1),
            "{input}: {}",
            stdout(&without)
        );
        assert!(stdout(&without).contains(rule), "{}", stdout(&without));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 45, point 4: a rule with a `keeps_onside` proviso that is no deletion of the option
/// it names (here it also adds a Left option 0) could never run in loopy play; the rule file
/// is refused (exit 2) at the proviso, with its line, column and a caret under it, rather
/// than loaded and silently left unrun.
#[test]
fn a_side_proviso_on_no_deletion_is_refused_at_its_place() {
    let (dir, file) = rule_file(
        "bad-side-rule",
        "rule keeps-but-adds\n  says  \"not a deletion\"\n  cite  \"none\"\n  group loopy\n  \
         match G @ { ..L | a, ..R }\n  when  keeps_onside(G, a)\n  yield { ..L, 0 | ..R }\n",
    );
    let o = onag(&["simplify", "--rules-file", &file, "onside(a{0|{a|0}})"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("keeps-but-adds"), "{err}");
    assert!(err.contains("user.rules:6:9"), "{err}");
    assert!(
        err.contains("  |   when  keeps_onside(G, a)\n  |         ^"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn rule_names(json: &str) -> Vec<String> {
    steps(json)
        .iter()
        .map(|s| s["rule"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Issue 45: the steps on whole terms — `loopy-sides`, `onside-stopper`, `offside-stopper`,
/// `sidle-stopper`, `sidle-sum`, `sidle-neg` — are rules of rules/loopy.rules that run (no
/// `kind manual`), so each left out of the selection (`--rules` naming every other rule of a
/// copy of the file) changes the derivation: it stops with an error naming the rules it needs
/// (exit 2), or ends where the rules still reach with a proof that checks and no step of the
/// rule left out, never a guess. Each input's derivation with every rule takes that rule's
/// step (the values are the published ones of the tests above and tests/loopy_sided_sums.rs).
#[test]
fn each_term_rule_left_out_changes_the_derivation() {
    for (rule, input) in [
        ("loopy-sides", "over + under"),
        ("onside-stopper", "onside(a{0|{a|0}})"),
        ("offside-stopper", "offside(a{0|{a|0}})"),
        ("sidle-sum", "(over & v) + (over & v)"),
        ("sidle-neg", "-(over & v)"),
        ("sidle-stopper", "over + upon"),
    ] {
        let json = json_of(&["simplify", "--format", "json", input]);
        let with = rule_names(&json);
        assert!(with.iter().any(|n| n == rule), "{rule}: {with:?}");
        checks(&json);
        let shown = stdout(&onag(&["rules", rule]));
        assert!(!shown.contains("kind manual"), "{shown}");
        let others = loopy_rules_but(&[rule]);
        let o = onag(&["simplify", "--format", "json", "--rules", &others, input]);
        match o.status.code() {
            Some(2) => assert!(
                stderr(&o).contains("not reached by the rules"),
                "{rule}: {}",
                stderr(&o)
            ),
            Some(0) => {
                let without = rule_names(&stdout(&o));
                assert!(!without.iter().any(|n| n == rule), "{rule}: {without:?}");
                assert_ne!(without, with, "{rule}");
                checks(&stdout(&o));
            }
            other => panic!("{rule}: exit {other:?}: {}", stderr(&o)),
        }
    }
}

/// A user's term rule: the textbook `onside(S) = S` for a stopper S under a name of its own
/// (and its mirror) stands in for `onside-stopper`/`offside-stopper`, left out: the sides of
/// `a{0|{a|0}}` are reached again (1 and {0|-1}, worked by hand above) by the user's rule,
/// whose step the checker re-matches by its conditions and, the rule being no shipped rule
/// as shipped, verifies by the definitions (the values before and after, by their sides).
#[test]
fn a_users_term_rule_is_checked_by_its_statement() {
    let others = loopy_rules_but(&["onside-stopper", "offside-stopper"]);
    let (dir, file) = rule_file(
        "user-term-rule",
        "rule side-of-a-stopper\n  says  \"The onside of a stopper is itself.\"\n  cite  \
         \"Siegel, CGT VI.4\"\n  group loopy\n  match onside(S)\n  when  stopper(S)\n  yield S\n  \
         mirror offside-of-a-stopper\n    says  \"The offside of a stopper is itself.\"\n",
    );
    for (input, want, rule) in [
        (
            "onside(a{0|{a|0}})",
            "simplest form: 1",
            "side-of-a-stopper",
        ),
        (
            "offside(a{0|{a|0}})",
            "simplest form: {0|-1}",
            "offside-of-a-stopper",
        ),
    ] {
        let args = ["simplify", "--rules", &others, "--rules-file", &file, input];
        assert_eq!(last_line(&args), want, "{input}");
        let json = json_of(&[&args[..], &["--format", "json"]].concat());
        let names = rule_names(&json);
        let at = names.iter().position(|n| n == rule).expect(rule);
        // The step's words are the user's rule's, as written.
        let why = steps(&json)[at]["why"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(why.contains("is itself."), "{why}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 45, point 3: a term rule that states none of the shipped identities is checked at
/// its step by the definitions, not refused for its statement nor trusted for its name.
/// `sidle-neg` without its proviso `A >= B` (a negative swaps the players, so the sides of
/// -(A & B) are -B's and -A's for any A and B: Siegel, CGT VI.4) under a name of its own
/// stands in for the shipped one: -(over & v) reaches the value the shipped rules reach
/// (`^ & under`), and the proof checks against the user's rules (not without them). The rule `onside(G) = G` without the
/// stopper proviso is false (dud's onside is on, Winning Ways ch. 11, and dud is not on): a
/// proof file stating its instance at dud is refused at that step, and its instances at a
/// stopper (1 = onside(1), on = onside(on) in simplify's derivation of onside(dud)) are taken.
#[test]
fn a_term_rule_no_shipped_rule_states_is_checked_by_the_definitions() {
    let shipped = json_of(&["simplify", "--format", "json", "-(over & v)"]);
    let want = stdout(&onag(&["simplify", "-(over & v)"]))
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(rule_names(&shipped).iter().any(|n| n == "sidle-neg"));
    let others = loopy_rules_but(&["sidle-neg"]);
    let (dir, file) = rule_file(
        "user-term-rule-neg",
        "rule neg-swaps-sides\n  says  \"A negative swaps the sides.\"\n  cite  \
         \"Siegel, CGT VI.4\"\n  group loopy\n  match -(X & Y)\n  \
         when  stopper(X), stopper(Y)\n  yield (-Y) & (-X)\n",
    );
    let args = [
        "simplify",
        "--rules",
        &others,
        "--rules-file",
        &file,
        "-(over & v)",
    ];
    assert_eq!(last_line(&args), want);
    let json = json_of(&[&args[..], &["--format", "json"]].concat());
    assert!(
        rule_names(&json).iter().any(|n| n == "neg-swaps-sides"),
        "{:?}",
        rule_names(&json)
    );
    let proof = dir.join("proof.json");
    std::fs::write(&proof, &json).unwrap();
    let ok = onag(&["check", "--rules-file", &file, proof.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{}", stdout(&ok));
    let without = onag(&["check", proof.to_str().unwrap()]);
    assert_eq!(without.status.code(), Some(1), "{}", stdout(&without));

    let (dir2, bad) = rule_file(
        "user-term-rule-unsound",
        "rule side-of-anything\n  says  \"The onside of a game is itself (false).\"\n  cite  \
         \"none\"\n  group loopy\n  match onside(S)\n  yield S\n",
    );
    let forged = |input: &str, to: &str| {
        let text = serde_json::json!({
            "version": 3, "play": "loopy", "input": input, "result": to,
            "steps": [{"to": to, "rule": "side-of-anything"}],
        })
        .to_string();
        let f = dir2.join("forged.json");
        std::fs::write(&f, text).unwrap();
        onag(&["check", "--rules-file", &bad, f.to_str().unwrap()])
    };
    let o = forged("onside(dud)", "dud");
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let said = stdout(&o) + &stderr(&o);
    assert!(said.contains("step 0"), "{said}");
    assert!(said.contains("side-of-anything"), "{said}");
    assert!(
        said.contains("offsides of the terms before and after"),
        "{said}"
    );
    let o = forged("onside({0|})", "{0|}");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o) + &stderr(&o));
    // `simplify` by the false rule, onside-stopper left out: the derivation deletes Right's
    // pass from dud first (its onside is on, Winning Ways ch. 11) and writes onside(on) = on
    // by the user's rule, a true instance (on is a stopper), which its own check takes.
    let others = loopy_rules_but(&["onside-stopper", "offside-stopper"]);
    let json = json_of(&[
        "simplify",
        "--format",
        "json",
        "--rules",
        &others,
        "--rules-file",
        &bad,
        "onside(dud)",
    ]);
    assert_eq!(
        rule_names(&json).last().map(String::as_str),
        Some("side-of-anything")
    );
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["result"], "{pass|}", "{json}");
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(dir2).unwrap();
}
