//! A loopy ruleset's position in a loopy derivation (issue 31, points 3 and 4) through the
//! command line: `onag simplify` / `onag prove` of `backsliding_toads_and_frogs("…")`, alone
//! or inside a loopy term, start by the opening step `backsliding_toads_and_frogs` (the
//! strip is the game graph of its moves) at the call's place, then derive the loopy game;
//! `onag check` accepts the opening only by its own re-generation of the strip's graph and
//! rejects tampered openings (a move added or dropped, a label pointing elsewhere, another
//! strip) naming the step.
//!
//! The values are worked out by hand from the rules (a toad `t` slides right or back left into
//! an empty square or jumps one frog; a frog `f` the mirror image):
//! - `t.`: Left's toad shuttles between the two squares and Right never has a move: the game
//!   graph is `a{{a|}|}`, a Left move to a game whose Left move comes back, so Left can always
//!   move and Right never can: `on` = `{pass|}` (Winning Ways ch. 11). `.f` is its mirror,
//!   `off`.
//! - `tf`: neither piece can slide or jump: 0.
//! - `f.t`: Left's only move backslides the toad (`ft.`), Right's backslides the frog
//!   (`.ft`); from `ft.` Left can only slide back (to `f.t`) and Right has no move, from `.ft`
//!   the mirror image. So f.t = {ft. | .ft}, ft. = {f.t |}, .ft = {| f.t}. In f.t + *, Left
//!   moving first loses: to ft. + * Right answers * → 0, Left must go back to f.t, Right moves
//!   to .ft and Left has no move; to f.t + 0 Right moves to .ft, and Left has no move. By
//!   symmetry Right moving first loses too, every play ends, so f.t + * = 0: f.t = *.
//! - `t.f` is 0 (tests/backsliding_toads.rs: every move is forced and the second player wins).
//! - `t..`: the toad wanders over three squares, always with a move, and Right never has one:
//!   `on`; `..f` its mirror, `off`.
//! - `tf.` = {.ft | t.f}: Left's toad jumps, Right's frog backslides. In tf. + *, Left first:
//!   to .ft + *, Right answers * → 0 and Left has no move in .ft (or Right moves to f.t + *,
//!   which is 0 with Left to move); to tf. + 0, Right moves to t.f, which is 0 with Left to
//!   move. Right first: to t.f + *, Left answers * → 0 and Right loses in t.f; to tf. + 0, Left
//!   jumps to .ft, Right must go to f.t, Left backslides to ft. and Right has no move. The
//!   second player wins either way: tf. = *.

mod common;
use common::run::{json_of, onag, stderr, stdout};
use common::verdict::{check, checks, rejected_at};
use serde_json::Value;

const RULE: &str = "backsliding_toads_and_frogs";

fn call(strip: &str) -> String {
    format!("{RULE}(\"{strip}\")")
}

/// `onag simplify EXPR`'s output, after checking its status.
fn simplified(expr: &str) -> String {
    let o = onag(&["simplify", expr]);
    assert_eq!(o.status.code(), Some(0), "{expr}: {}", stderr(&o));
    stdout(&o)
}

fn steps(json: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(json).unwrap();
    v["steps"].as_array().cloned().unwrap_or_default()
}

/// A step's `to` with every `#n` replaced by entry n of the proof's term table (by
/// substitution of the file's own strings, not by onag's reader).
fn to_of(json: &str, step: &Value) -> String {
    let v: Value = serde_json::from_str(json).unwrap();
    let terms: Vec<String> = v["terms"]
        .as_array()
        .map(|a| a.iter().map(|t| t.as_str().unwrap().to_string()).collect())
        .unwrap_or_default();
    fn out(terms: &[String], text: &str) -> String {
        let mut o = String::new();
        let mut rest = text;
        while let Some(k) = rest.find('#') {
            o.push_str(&rest[..k]);
            rest = &rest[k + 1..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let n: usize = rest[..digits].parse().unwrap();
            o.push_str(&out(terms, &terms[n]));
            rest = &rest[digits..];
        }
        o + rest
    }
    out(&terms, step["to"].as_str().unwrap())
}

fn with_steps(json: &str, steps: Vec<Value>) -> String {
    let mut v: Value = serde_json::from_str(json).unwrap();
    v["steps"] = Value::Array(steps);
    v.to_string()
}

#[test]
fn strips_worked_out_by_hand_derive_to_their_values() {
    for (strip, form) in [
        ("t.", "on"),
        (".f", "off"),
        ("tf", "0"),
        ("f.t", "*"),
        ("t.f", "0"),
        ("t..", "on"),
        ("..f", "off"),
        ("tf.", "*"),
        ("", "0"),
    ] {
        let expr = call(strip);
        let out = simplified(&expr);
        assert!(
            out.ends_with(&format!("simplest form: {form}\n")),
            "{expr}: {out}"
        );
        // The opening is the first step, at the top.
        assert!(
            out.contains(&format!("by {RULE} at the top")),
            "{expr}: {out}"
        );
        let json = json_of(&["simplify", "--format", "json", &expr]);
        assert!(json.contains("\"play\": \"loopy\""), "{json}");
        assert_eq!(steps(&json)[0]["rule"], RULE, "{json}");
        checks(&json);
    }
    // The opening writes the strip's graph: t. and .t are two vertices of one cycle.
    let json = json_of(&["simplify", "--format", "json", &call("t.")]);
    assert_eq!(to_of(&json, &steps(&json)[0]), "a{{a|}|}", "{json}");
}

#[test]
fn calls_inside_loopy_terms_are_opened_at_their_place() {
    // on + off = dud (Winning Ways ch. 11), each written as a strip.
    let json = json_of(&[
        "prove",
        "--format",
        "json",
        &format!("{} + {}", call("t."), call(".f")),
        "dud",
    ]);
    let s = steps(&json);
    assert_eq!(s[0]["rule"], RULE, "{json}");
    assert_eq!(s[0]["at"], serde_json::json!(["sum.0"]), "{json}");
    assert_eq!(s[1]["rule"], RULE, "{json}");
    assert_eq!(s[1]["at"], serde_json::json!(["sum.1"]), "{json}");
    checks(&json);

    // The negative of on is off; on is the largest stopper, so on + 1 = on; f.t + * = * + * = 0;
    // short games around strips: {1 | f.t} = {1 | *}, {t.f | 1} = {0 | 1} = 1/2.
    for (a, b) in [
        (format!("-{}", call("t.")), "off".to_string()),
        (format!("{} + 1", call("t.")), "on".to_string()),
        (format!("{} + *", call("f.t")), "0".to_string()),
        (format!("{{1|{}}}", call("f.t")), "{1|*}".to_string()),
        (format!("{{{}|1}}", call("t.f")), "1/2".to_string()),
    ] {
        let o = onag(&["prove", &a, &b]);
        assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
        assert!(stdout(&o).contains("proved"), "{}", stdout(&o));
        let json = json_of(&["prove", "--format", "json", &a, &b]);
        assert!(steps(&json).iter().any(|x| x["rule"] == RULE), "{json}");
        checks(&json);
    }

    // Both sides opened: the second side's opening is read backwards, at the end.
    let json = json_of(&["prove", "--format", "json", "*", &call("f.t")]);
    let s = steps(&json);
    let last = s.last().unwrap();
    assert_eq!(last["rule"], RULE, "{json}");
    assert_eq!(last["reversed"], true, "{json}");
    checks(&json);

    // A false identity is refused with the values: f.t = *, not 0.
    let o = onag(&["prove", &call("f.t"), "0"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn tampered_openings_are_rejected() {
    let json = json_of(&["simplify", "--format", "json", &call("f.t")]);
    checks(&json);
    let s = steps(&json);
    assert_eq!(to_of(&json, &s[0]), "a{{a|}|{|a}}", "{json}");
    let opening = |to: &str| {
        let mut t = s.clone();
        t[0]["to"] = Value::from(to);
        with_steps(&json, t)
    };
    let why = format!("opening `{RULE}`");
    // A move added (Left's move to 0), a move dropped (Right's), a label pointing at another
    // position (Left's option's back move to itself rather than to f.t).
    rejected_at(&opening("a{{a|},0|{|a}}"), "a move added", 0, &why);
    rejected_at(&opening("a{{a|}|}"), "a move dropped", 0, &why);
    rejected_at(&opening("a{b{b|}|{|a}}"), "a label moved", 0, &why);
    // Another strip's graph: ft. is a position of the same graph, but not its top.
    let mut v: Value = serde_json::from_str(&json).unwrap();
    v["input"] = Value::from(call("ft."));
    rejected_at(&v.to_string(), "another strip", 0, &why);
    // A strip the reader refuses, in its words.
    v["input"] = Value::from(call("f.T"));
    rejected_at(&v.to_string(), "a bad strip", 0, "write 't'");
    // The opening skipped: the next rule meets the call.
    rejected_at(
        &with_steps(&json, s[1..].to_vec()),
        "the opening skipped",
        0,
        "is still in the term",
    );
    // The opening changing the term elsewhere: inside a sum, the other part changed too.
    let json2 = json_of(&[
        "simplify",
        "--format",
        "json",
        &format!("{} + over", call("t.")),
    ]);
    checks(&json2);
    let mut t = steps(&json2);
    assert_eq!(t[0]["at"], serde_json::json!(["sum.0"]), "{json2}");
    t[0]["to"] = Value::from("a{{a|}|} + under");
    rejected_at(
        &with_steps(&json2, t),
        "a sum changed",
        0,
        "outside the place",
    );

    // A reversed opening at the end of a proof: the strip changed.
    let json3 = json_of(&["prove", "--format", "json", "*", &call("f.t")]);
    let mut t = steps(&json3);
    let n = t.len() - 1;
    t[n]["to"] = Value::from(call("ft."));
    let mut v: Value = serde_json::from_str(&with_steps(&json3, t)).unwrap();
    v["result"] = Value::from(call("ft."));
    rejected_at(&v.to_string(), "a reversed opening changed", n, &why);

    // Malformed: the opening's term is not a term at all (exit 2).
    let (code, out) = check(&opening("a{{a|}|{|a}"));
    assert_eq!(code, 2, "{out}");
}

/// A strip reached along many paths inside its cycles: CGSuite's notation could write its
/// graph only by copying positions (more than 20,000 nodes for "tt..ff"), so the proof writes
/// it through its term table, one entry per position. The derivation ends at the value
/// `onag eval` finds by sidling the graph part by part, and its proof checks on its own.
#[test]
fn strips_shared_inside_cycles_derive_through_the_table_and_rules_list_the_opening() {
    let e = onag(&["eval", &call("tt..ff")]);
    assert_eq!(e.status.code(), Some(0), "{}", stderr(&e));
    assert_eq!(stdout(&e).trim(), "*");
    let o = onag(&["simplify", "--format", "json", &call("tt..ff")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    let v: Value = serde_json::from_str(&json).unwrap();
    // The result is * written out (the checker reads braces, not CGSuite's `*`).
    assert_eq!(v["result"], Value::from("{0|0}"), "{json}");
    let (code, out) = check(&json);
    assert_eq!(code, 0, "{out}");
    // Some entry names a later one or itself: the graph is written through the table.
    let terms: Vec<String> = v["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let forward = terms.iter().enumerate().any(|(i, t)| {
        t.split('#').skip(1).any(|r| {
            let d: String = r.chars().take_while(char::is_ascii_digit).collect();
            d.parse::<usize>().is_ok_and(|n| n >= i)
        })
    });
    assert!(forward, "{json}");
    // Too large for the time given: exit 3, not a wrong answer.
    let o = onag(&["simplify", "--time-limit", "0.2", &call("tttt..ffff")]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let o = onag(&["rules", RULE]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Winning Ways"), "{}", stdout(&o));
}

/// CGSuite's own example strip, 560 positions in 20 strongly connected parts: its sides are
/// derived (each deletion checked against the side's stopper, the witness `side`, and the
/// graph cut down from the top while it is large) to CGSuite's value
/// `{on||0|-1/2} & {1/2|0||off}` (its GameStripTest.scala: `BackslidingToadsAndFrogs("ttt..fff")
/// .GameValue`), which `onag eval` also finds by sidling part by part, and the proof checks on
/// its own.
#[test]
fn cgsuites_strip_ttt_fff_derives_to_its_value_and_checks() {
    let value = "{on||0|-1/2} & {1/2|0||off}";
    let e = onag(&["eval", &call("ttt..fff")]);
    assert_eq!(e.status.code(), Some(0), "{}", stderr(&e));
    assert_eq!(stdout(&e).trim(), value);
    let text = simplified(&call("ttt..fff"));
    assert!(
        text.contains(&format!("each in simplest form): {value}")),
        "{text}"
    );
    let o = onag(&["simplify", "--format", "json", &call("ttt..fff")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    let all = steps(&json);
    let deletions = all
        .iter()
        .filter(|s| s["rule"].as_str().unwrap().contains("-delete-"))
        .count();
    assert!(deletions > 0, "{json}");
    // Every deletion names the side it keeps: the onside's for onside-…, the offside's for
    // offside-….
    for s in &all {
        let rule = s["rule"].as_str().unwrap();
        if rule.contains("-delete-") {
            let side = s["witnesses"]["games"]["side"].as_str().unwrap_or("");
            let want = if rule.starts_with("onside") {
                "{{pass|}|||0||{|0}|0}"
            } else {
                "{0|{0|}||0|||{|pass}}"
            };
            assert_eq!(side, want, "{s}");
        }
    }
    checks(&json);
}

/// The witness `side` of a deletion is checked, not trusted: a side that is not the game's
/// (`on` for `tt..ff`, whose onside is `*`) is refused at its step, a witness that is no
/// stopper (`dud`) too, and without the witness the deletion is decided by comparing the game
/// before and after, so the proof still checks.
#[test]
fn a_deletions_side_witness_is_checked() {
    let o = onag(&["simplify", "--format", "json", &call("tt..ff")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    let all = steps(&json);
    let k = all
        .iter()
        .position(|s| s["rule"] == "onside-delete-right" || s["rule"] == "onside-delete-left")
        .expect("an onside deletion");
    assert!(
        all[k]["witnesses"]["games"]["side"].is_string(),
        "{}",
        all[k]
    );
    for (witness, because) in [
        ("{pass|}", "is not the witness `side`"),
        ("{pass|pass}", "is not a stopper"),
    ] {
        let mut tampered = all.clone();
        tampered[k]["witnesses"]["games"]["side"] = Value::from(witness);
        rejected_at(&with_steps(&json, tampered), witness, k, because);
    }
    let mut bare = all.clone();
    for s in &mut bare {
        if let Some(w) = s.get_mut("witnesses").and_then(Value::as_object_mut) {
            w.remove("games");
        }
    }
    checks(&with_steps(&json, bare));
}

#[test]
fn bad_strips_in_a_derivation_exit_2_with_the_place_marked() {
    let o = onag(&["simplify", &format!("over + {}", call("t.F"))]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("write 'f'"), "{err}");
    assert!(err.contains("line 1, column 8"), "{err}");
    let o = onag(&["prove", &format!("{RULE}(1)"), "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("one quoted strip"), "{}", stderr(&o));
}
