//! Proofs of identities among sided values (issue 31, point 3): `onag prove` takes sums and
//! negatives of sided values `A & B` to one sided value by `sidle-sum` ((A & B) + (C & D) =
//! onside(A + C) & offside(B + D)) and `sidle-neg` (−(A & B) = (−B) & (−A)), a stopper beside
//! them written `S & S`, and a value whose two sides are the same stopper S to S
//! (`sidle-stopper`); `onag check` re-matches each step's rule from the rule set (its pattern,
//! its conditions by the checker's own stopper test and order, its result) and rejects
//! tampered steps, naming the step.

mod common;
use common::run::{onag, stderr, stdout};
use common::verdict::{check, checks, rejected_at as rejected};
use serde_json::Value;

/// `onag prove a b` proves it, and the JSON proof checks; the rules it names.
fn proved(a: &str, b: &str) -> Vec<String> {
    let o = onag(&["prove", a, b]);
    assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
    assert!(stdout(&o).contains("proved:"), "{}", stdout(&o));
    let o = onag(&["prove", "--format", "json", a, b]);
    assert_eq!(o.status.code(), Some(0), "{a} = {b}: {}", stderr(&o));
    let json = stdout(&o);
    checks(&json);
    let v: Value = serde_json::from_str(&json).unwrap();
    v["steps"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|s| s["rule"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Identities whose values come from outside the code: over + upon = over and
/// (over & v) + 1 + * = 1over & 1v* (issue 31's brief: over + upon's sides are both over);
/// −(over & v) = ^ & under, (1 & 0) − (1 & 0) = 1 & −1 and −(on & off) = on & off = dud by
/// the definitions (−(A & B) = (−B) & (−A), sides of a sum of numbers added); a{{|a}|} = 1 & 0
/// and {0|{dud|},*} = ^ & v* (CGSuite's SidedValueTestCase), so twice them are 2 & 0 and
/// ^^ & vv (the sides are short: upsum and downsum are the plain sums, v* + v* = vv); over
/// is idempotent (CGSuite's CanonicalStopperTestCase: over.IsIdempotent), so
/// (over & v) + (over & v) = over & vv; dud + (on & off) = dud (on + on = on, off + off =
/// off, Winning Ways ch. 11).
#[test]
fn sums_and_negatives_of_sided_values_are_proved() {
    for (a, b, rules) in [
        ("over + upon", "over", &["sidle-stopper"][..]),
        ("over & over", "over", &["sidle-stopper"]),
        (
            "(over & v) + 1 + *",
            "1over & 1v*",
            &["sidle-sum", "sidle-stopper"],
        ),
        ("-(over & v)", "^ & under", &["sidle-neg"]),
        ("(1 & 0) - (1 & 0)", "1 & -1", &["sidle-sum", "sidle-neg"]),
        ("-(on & off)", "dud", &["sidle-neg"]),
        ("-(on & off)", "on & off", &["sidle-neg"]),
        ("a{{|a}|} + a{{|a}|}", "2 & 0", &["loopy-sides"]),
        ("a{{|a}|} + (1 & 0)", "2 & 0", &["sidle-sum", "loopy-sides"]),
        ("{0|{dud|},*} + {0|{dud|},*}", "^^ & vv", &["loopy-sides"]),
        (
            "{0|{dud|},*} + (^ & v*)",
            "^^ & vv",
            &["sidle-sum", "loopy-sides"],
        ),
        ("(over & v) + (over & v)", "over & vv", &["sidle-sum"]),
        ("dud + (on & off)", "dud", &["sidle-sum"]),
    ] {
        let named = proved(a, b);
        for r in rules {
            assert!(named.iter().any(|n| n == r), "{a} = {b}: {r} in {named:?}");
        }
    }
}

/// A false identity among sided values is refused (exit 1) with the two values.
#[test]
fn false_identities_are_refused() {
    for (a, b) in [
        ("(over & v) + 1 + *", "1over & 1v"),
        ("(over & v) + (over & v)", "over & v"),
        ("-(over & v)", "over & v"),
        ("over + upon", "upon"),
    ] {
        let o = onag(&["prove", a, b]);
        assert_eq!(o.status.code(), Some(1), "{a} = {b}: {}", stdout(&o));
    }
}

fn one_step(input: &str, result: &str, rule: &str, at: &[&str]) -> String {
    let mut step = serde_json::json!({"to": result, "rule": rule});
    if !at.is_empty() {
        step["at"] = Value::from(at.to_vec());
    }
    serde_json::json!({
        "version": 3, "play": "loopy", "input": input, "result": result, "steps": [step],
    })
    .to_string()
}

/// Each new rule checked as an instance: the honest step checks; a wrong side kept, the
/// sides swapped, two different games in `S & S`, a side that is not a stopper, an onside
/// below its offside are rejected with the step named.
#[test]
fn tampered_sided_steps_are_rejected() {
    let sum = "(over & v) + (1 & 1)";
    checks(&one_step(
        sum,
        "onside(over + 1) & offside(v + 1)",
        "sidle-sum",
        &[],
    ));
    rejected(
        &one_step(
            sum,
            "onside(over + 1) & offside(over + 1)",
            "sidle-sum",
            &[],
        ),
        "the onside kept in the offside",
        0,
        "not B + D",
    );
    rejected(
        &one_step(sum, "onside(v + 1) & offside(over + 1)", "sidle-sum", &[]),
        "the sides swapped",
        0,
        "not A + C",
    );
    rejected(
        &one_step(
            "(v & over) + (1 & 1)",
            "onside(v + 1) & offside(over + 1)",
            "sidle-sum",
            &[],
        ),
        "an onside below its offside",
        0,
        "`A >= B` does not hold by the order of stoppers",
    );
    rejected(
        &one_step(
            "(dud & off) + (1 & 1)",
            "onside(dud + 1) & offside(off + 1)",
            "sidle-sum",
            &[],
        ),
        "a side that is not a stopper",
        0,
        "not a stopper",
    );

    checks(&one_step("-(over & v)", "(-v) & (-over)", "sidle-neg", &[]));
    rejected(
        &one_step("-(over & v)", "(-over) & (-v)", "sidle-neg", &[]),
        "negative with the sides kept in place",
        0,
        "not -B",
    );

    checks(&one_step("over & over", "over", "sidle-stopper", &[]));
    rejected(
        &one_step("over & under", "over", "sidle-stopper", &[]),
        "two different stoppers",
        0,
        "bound twice, to games that are not the same game form",
    );
    rejected(
        &one_step("dud & dud", "dud", "sidle-stopper", &[]),
        "not a stopper",
        0,
        "not a stopper",
    );
    rejected(
        &one_step("over & over", "under", "sidle-stopper", &[]),
        "a different game after",
        0,
        "the game after the step is not S",
    );
    // A name of a term rule stands for a game, never for a side: `S & S` does not match
    // two onsides (the checker's interpreter asks loopy play whether a name may bind there).
    rejected(
        &one_step(
            "onside(over) & onside(over)",
            "onside(over)",
            "sidle-stopper",
            &[],
        ),
        "a name bound to a side",
        0,
        "`S` stands for a game, and here it is not one",
    );
    // Inside a sum: only the named part may change.
    checks(&one_step(
        "(over & over) + (1 & 0)",
        "over + (1 & 0)",
        "sidle-stopper",
        &["sum.0"],
    ));
    rejected(
        &one_step(
            "(over & over) + (1 & 0)",
            "over + (1 & 1)",
            "sidle-stopper",
            &["sum.0"],
        ),
        "the other part changed",
        0,
        "outside",
    );

    // A real derivation with its sidle-sum step's result tampered: the offside's B + D
    // replaced by A + C.
    let o = onag(&["simplify", "--format", "json", "(over & v) + (1 & 1)"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = stdout(&o);
    checks(&json);
    let mut v: Value = serde_json::from_str(&json).unwrap();
    let steps = v["steps"].as_array_mut().unwrap();
    let k = steps
        .iter()
        .position(|s| s["rule"] == "sidle-sum")
        .expect("a sidle-sum step");
    steps[k]["to"] = Value::from("onside({0|pass} + {0|}) & offside({0|pass} + {0|})");
    rejected(&v.to_string(), "a real step tampered", k, "not B + D");
}

/// A small deterministic generator (no dependency for a test's dice).
struct Dice(u64);

impl Dice {
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        xs[((self.0 >> 33) as usize) % xs.len()]
    }
}

/// Stoppers in increasing order by the theory (off < −1 < under, v < 0 < ^, over < 1 < on:
/// over and ^ are positive infinitesimals, under and v negative ones; Winning Ways ch. 11),
/// so two picked from one chain make a sided value `A & B` with A ≥ B.
const CHAINS: [[&str; 7]; 2] = [
    ["off", "-1", "under", "0", "over", "1", "on"],
    ["off", "-1", "v", "0", "^", "1", "on"],
];

fn sided(d: &mut Dice) -> String {
    let chain = CHAINS[(d.pick(&["0", "1"]) == "1") as usize];
    let (a, b) = (d.pick(&chain), d.pick(&chain));
    let (ia, ib) = (
        chain.iter().position(|x| *x == a).unwrap(),
        chain.iter().position(|x| *x == b).unwrap(),
    );
    let (on, off) = if ia >= ib { (a, b) } else { (b, a) };
    match d.pick(&["sided", "sided", "stopper", "negative"]) {
        "stopper" => on.to_string(),
        "negative" => format!("-({on} & {off})"),
        _ => format!("({on} & {off})"),
    }
}

/// For random sided values X, Y (sides from stoppers in a known order), `onag prove` of
/// X + Y against `onag eval`'s value of it proves it with a proof that checks, or stops with
/// an honest error (exit 2 or 3); it never refuses a true identity (exit 1); and against
/// another sum's different value it never claims equality.
#[test]
fn random_sums_of_sided_values() {
    let mut d = Dice(31);
    let mut values: Vec<(String, String)> = Vec::new();
    let mut proved_count = 0;
    for _ in 0..14 {
        let x = format!("{} + {}", sided(&mut d), sided(&mut d));
        let e = onag(&["eval", &x]);
        if e.status.code() != Some(0) {
            continue;
        }
        let value = stdout(&e).trim().to_string();
        let o = onag(&["prove", "--format", "json", &x, &value]);
        match o.status.code() {
            Some(0) => {
                checks(&stdout(&o));
                proved_count += 1;
            }
            Some(2) | Some(3) => assert!(!stderr(&o).is_empty(), "{x}"),
            c => panic!("{x} = {value}: exit {c:?}\n{}{}", stdout(&o), stderr(&o)),
        }
        values.push((x, value));
    }
    assert!(proved_count >= 7, "only {proved_count} proved");
    for w in values.windows(2) {
        let ((x, vx), (_, vy)) = (&w[0], &w[1]);
        if vx == vy {
            continue;
        }
        let o = onag(&["prove", x, vy]);
        assert_ne!(
            o.status.code(),
            Some(0),
            "{x} = {vy} claimed\n{}",
            stdout(&o)
        );
    }
}

/// `onag rules` lists the rules of sided values with the loopy ones, each shown as written.
#[test]
fn onag_rules_lists_the_sided_value_rules() {
    let all = stdout(&onag(&["rules"]));
    for name in ["sidle-stopper", "sidle-sum", "sidle-neg"] {
        assert!(all.contains(&format!("{name}  [loopy]")), "{name}\n{all}");
        let one = onag(&["rules", name]);
        assert_eq!(one.status.code(), Some(0), "{name}: {}", stderr(&one));
        assert!(
            stdout(&one).starts_with("# rules/loopy.rules, line "),
            "{}",
            stdout(&one)
        );
    }
}

/// CGSuite's SidedValueTestCase rows whose sides are stoppers, and EvalTest's sided and
/// loopy-plus-number rows, proved equal to CGSuite's output and checked: dud = dud,
/// a{{|a}|} = 1 & 0, {0|{dud|},*} = ^ & v*, over & v = over & v, over + 5 = 5over,
/// over + ^ = over. Bach's Carousel, whose sides are not stoppers, plus a sided value is an
/// error (exit 2) naming the sides, never a guess.
#[test]
fn cgsuite_sided_rows_are_proved() {
    for (a, b) in [
        ("dud", "dud"),
        ("a{{|a}|}", "1 & 0"),
        ("{0|{dud|},*}", "^ & v*"),
        ("over & v", "over & v"),
        ("over + 5", "5over"),
        ("over + ^", "over"),
    ] {
        proved(a, b);
    }
    let o = onag(&["simplify", "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0} + (1 & 0)"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("sides are not reached"),
        "{}",
        stderr(&o)
    );
}

/// Labels: the two sides of `&` and the parts of a sum are read on their own, so the same
/// label in both (the inputs below, and the terms the derivation writes: each side's graph
/// labelled from `a`, the offside's renamed `xa`, … beside an input's own `xa`) never
/// clash; each is proved equal to `onag eval`'s value and the proof checks.
#[test]
fn labels_in_both_sides_do_not_clash() {
    for t in [
        "(a{1|{|a}} & a{0|{|a}}) + (b{2|{|b}} & b{0|{|b}}) + (a{1|{|a}} & a{0|{|a}})",
        "-(a{{a|}|0} & a{{a|}|-1}) + (a{{a|}|0} & a{{a|}|-1})",
        "x{0|{|x}} + (xa{0|{|xa}} & a{-1|{|a}})",
        "(a{{a|}|1} & a{{a|}|0}) + (a{{a|}|1} & a{{a|}|0})",
    ] {
        let e = onag(&["eval", t]);
        assert_eq!(e.status.code(), Some(0), "{t}: {}", stderr(&e));
        proved(t, stdout(&e).trim());
    }
}

/// A loopy proof whose term table nests sums 3000 deep (each entry the one before plus 0)
/// stops at the checker's depth limit (exit 3) instead of overflowing the stack.
#[test]
fn sums_nested_through_the_table_stop_at_a_limit() {
    let n = 3000;
    let mut terms = vec![Value::from("0")];
    terms.extend((0..n).map(|i| Value::from(format!("#{i} + 0"))));
    let json = serde_json::json!({
        "version": 3, "play": "loopy", "terms": terms, "input": format!("#{n}"),
        "result": "0", "steps": [{"to": "0", "rule": "loopy-sum"}],
    })
    .to_string();
    let (code, out) = check(&json);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("nested more than 1000 levels"), "{out}");
}

/// Sides in sums, and sums of stoppers that are not stoppers: over + under = over & under
/// (Winning Ways ch. 11; onside over, offside under), so onside(over + under) + 1 = 1over,
/// −onside(over + under) = under, onside(over − over) + offside(over − over) = over + under
/// = over & under, (over & over) + (under & under) = over & under and with (1 & 0) added,
/// 1over & under (the sides added: 1 + over, 0 + under); offside(on + off) = off, and off
/// plus a stopper without `on` is off (Winning Ways ch. 11), so offside(on + off) + (1 & 0)
/// = off.
#[test]
fn sides_and_stoppers_inside_sums() {
    for (a, b) in [
        ("onside(over + under) + 1", "1over"),
        ("-onside(over + under)", "under"),
        ("onside(over - over) + offside(over - over)", "over & under"),
        ("(over & over) + (under & under)", "over & under"),
        ("(1 & 0) + (over & over) + (under & under)", "1over & under"),
        ("offside(on + off) + (1 & 0)", "off"),
    ] {
        proved(a, b);
    }
}
