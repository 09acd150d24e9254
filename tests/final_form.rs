//! The claim that a proof's result is final (`"final"`, docs/PROOF-JSON.md): written by
//! `simplify` and `prove` in normal and misère play, printed under `--explain`, and verified by
//! `onag check`, which rejects a false one. The games and their reasons are the seeds' and the
//! issue's: in {0|5}, 5 reverses through 4 (seed 004), so a claim that {0|5} is canonical is
//! false; {1|{0|-5}} is canonical, {0|-5} not being reversible because 0 >= {1|{0|-5}} fails
//! (issue 47; the definition of <=, seed 002 Definition 2.5: Left moving first from
//! {1|{0|-5}} - 0 to 1 wins, so G <= 0 fails).

#[path = "common/run.rs"]
mod run;

use run::run;
use serde_json::{json, Value};

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("onag-final-{}-{name}.json", std::process::id()));
    std::fs::write(&p, text).expect("write the proof");
    p
}

/// `onag check FILE` on `text`: the exit status and standard output.
fn check(name: &str, text: &str) -> (i32, String) {
    let p = temp(name, text);
    let (code, out, err) = run(&["check", p.to_str().unwrap()]);
    let _ = std::fs::remove_file(&p);
    (code, out + &err)
}

fn simplify_json(args: &[&str]) -> Value {
    let mut all = vec!["simplify", "--format", "json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

#[test]
fn a_canonical_result_carries_its_claim_and_check_accepts_it() {
    // {1|{0|-5}}: one condition only, {0|-5} reversing through its Left option 0 would need
    // 0 >= G. 1 = {0|} has no Right option, -5 = {|-4} no Left option; 1, 0 and -5 are closed.
    let v = simplify_json(&["{1|{0|-5}}"]);
    let f = &v["final"];
    assert_eq!(f["claim"], "canonical form", "{v}");
    let mut closed: Vec<String> = serde_json::from_value(f["closed"].clone()).unwrap();
    closed.sort();
    assert_eq!(closed, ["-5", "0", "1"]);
    assert_eq!(
        f["facts"],
        json!([{
            "game": "{1||0|-5}", "option": "R0", "value": "{0|-5}", "not": "reversible",
            "by": "its L0 = 0", "fails": "0 >= {1||0|-5}",
        }])
    );
    let (code, out) = check("canonical", &v.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ok:"), "{out}");
    // Seed 004's examples, each ending canonical: the claim is made and accepted.
    for (src, result) in [
        ("{0|5}", "1"),
        ("{0,1|2}", "3/2"),
        ("{{*|*},*,*3|{*|*},*,*3}", "*2"),
        ("{-5|0,{*,*4|*,*4}}", "-1"),
        ("{2|{1|0}}", "{2||1|0}"),
        ("{3|{2|{1|0}}}", "{3|||2||1|0}"),
    ] {
        let v = simplify_json(&[src]);
        assert_eq!(v["result"], result, "{src}");
        assert!(v["final"].is_object(), "{src}: {v}");
        let (code, out) = check("seed", &v.to_string());
        assert_eq!(code, 0, "{src}: {out}");
    }
    // A switch {2|{1|0}}: Left's 2 = {1|} has no Right option; Right's {1|0} reverses only
    // if 1 >= G, which fails (G - 1 = {1|{0|-1}}, Left moving first wins).
    let v = simplify_json(&["{2|{1|0}}"]);
    let facts = v["final"]["facts"].as_array().unwrap().clone();
    assert!(
        facts.iter().any(|f| f["fails"] == "1 >= {2||1|0}"),
        "{facts:?}"
    );
}

#[test]
fn check_rejects_a_false_final_claim_and_reads_proofs_without_one() {
    // {0|5} claimed canonical, with the one condition its form has: 5 = {4|} reversing through
    // 4. But 4 >= {0|5} = 1 holds (seed 004: 5 reverses through 4), so the claim is false.
    let forged = json!({
        "version": 3,
        "input": "{0|5}",
        "result": "{0|5}",
        "steps": [],
        "final": {
            "claim": "canonical form",
            "closed": ["0", "5"],
            "facts": [{
                "game": "{0|5}", "option": "R0", "value": "5", "not": "reversible",
                "by": "its L0 = 4", "fails": "4 >= {0|5}",
            }],
        },
    });
    let (code, out) = check("forged", &forged.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    assert!(out.contains("not in canonical form"), "{out}");
    assert!(out.contains("4 >= {0|5} holds"), "{out}");
    // Without the claim the same file is a proof with no steps, as every older one: accepted.
    let mut plain = forged.clone();
    plain.as_object_mut().unwrap().remove("final");
    let (code, out) = check("plain", &plain.to_string());
    assert_eq!(code, 0, "{out}");
    // A claim that leaves out a condition is refused, naming it.
    let mut v = simplify_json(&["{1|{0|-5}}"]);
    v["final"]["facts"] = json!([]);
    let (code, out) = check("short", &v.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("leaves out a condition"), "{out}");
    assert!(out.contains("0 >= {1||0|-5}"), "{out}");
    // A claim of a condition the result does not have is refused too.
    let mut v = simplify_json(&["{1|{0|-5}}"]);
    let mut extra = v["final"]["facts"][0].clone();
    extra["by"] = json!("its L1 = 1");
    v["final"]["facts"].as_array_mut().unwrap().push(extra);
    let (code, out) = check("extra", &v.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("does not have"), "{out}");
}

#[test]
fn explain_prints_why_the_result_is_final() {
    let (code, out, err) = run(&["simplify", "--explain", "1", "{1|{0|-5}}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("why it is final"), "{out}");
    assert!(
        out.contains("R0 = {0|-5}: not reversible through its L0 = 0: 0 >= {1||0|-5} fails"),
        "{out}"
    );
    // Without --explain, the derivation alone.
    let (_, out, _) = run(&["simplify", "{1|{0|-5}}"]);
    assert!(!out.contains("why it is final"), "{out}");
}

/// Misère outcome by brute force over the heaps of Nim: a position (heap sizes) is a misère
/// P-position when it has moves and every move leads to an N-position.
fn misere_p(heaps: &mut [usize]) -> bool {
    let mut any = false;
    for i in 0..heaps.len() {
        for k in 0..heaps[i] {
            any = true;
            let old = heaps[i];
            heaps[i] = k;
            let p = misere_p(heaps);
            heaps[i] = old;
            if p {
                return false;
            }
        }
    }
    any
}

#[test]
fn misere_results_carry_a_simplest_form_claim_that_check_accepts() {
    for src in ["*2+*2", "*2+*3", "kayles(5)", "*+*", "{0,*2|0,*2}"] {
        let v = simplify_json(&["--misere", src]);
        let f = &v["final"];
        assert_eq!(f["claim"], "simplest form", "{src}: {v}");
        let (code, out) = check("misere", &v.to_string());
        assert_eq!(code, 0, "{src}: {out}");
        // A misère claim called by normal play's name is refused.
        let mut w = v.clone();
        w["final"]["claim"] = json!("canonical form");
        let (code, out) = check("misere-name", &w.to_string());
        assert_eq!(code, 1, "{src}: {out}");
    }
    // *2 + *2 is a misère P-position (Nim with a heap above 1: P exactly when the nim sum is
    // 0, Bouton; here checked by brute force): its simplest form is not 0 (0 is an
    // N-position in misère play), and its claim lists Conway's proviso for it.
    assert!(misere_p(&mut [2, 2]));
    let v = simplify_json(&["--misere", "*2+*2"]);
    assert_ne!(v["result"], "0");
    let facts = v["final"]["facts"].as_array().unwrap();
    assert!(
        facts
            .iter()
            .any(|f| f["not"] == "reversible-zero" && f["at"].is_null()),
        "{facts:?}"
    );
}

#[test]
fn a_loopy_stopper_carries_a_simplest_form_claim_that_check_accepts() {
    // over = {0|pass} (CGSuite's name; Siegel, CGT VI): a stopper of two positions.
    for src in ["a{0|a}", "on", "{0|pass}", "a{0,*|a}"] {
        let v = simplify_json(&[src]);
        assert_eq!(v["play"], "loopy", "{src}");
        assert_eq!(v["final"]["claim"], "simplest form", "{src}: {v}");
        let (code, out) = check("loopy", &v.to_string());
        assert_eq!(code, 0, "{src}: {out}");
        let mut w = v.clone();
        w["final"]["facts"] =
            json!([{"game": "x", "option": "L9", "value": "x", "not": "dominated", "fails": "x"}]);
        let (code, out) = check("loopy-forged", &w.to_string());
        assert_eq!(code, 1, "{src}: {out}");
    }
}

/// A loopy proof with no steps, its result `result`, and `facts` as its final claim.
fn loopy_forged(result: &str, facts: Value) -> String {
    json!({
        "version": 3,
        "play": "loopy",
        "input": result,
        "result": result,
        "steps": [],
        "final": {"claim": "simplest form", "facts": facts},
    })
    .to_string()
}

/// The fact that a sided value's sides are in order.
fn sides_fact(game: &str, on: &str, off: &str) -> Value {
    json!({"game": game, "option": "onside", "value": on, "not": "sides-out-of-order",
           "by": off, "fails": "not onside >= offside"})
}

#[test]
fn a_sided_loopy_value_carries_a_claim_by_its_sides_that_check_accepts() {
    // on + off = dud = on & off (Winning Ways ch. 11; Siegel, CGT VI.4): no stopper, a value
    // by its sides. on = {pass|} has one option, Left's, and no Right option through which it
    // could reverse; off likewise: no condition on either side, only that the sides are in
    // order, on >= off (on is the largest stopper).
    let v = simplify_json(&["on + off"]);
    let f = &v["final"];
    assert_eq!(f["claim"], "simplest form", "{v}");
    let facts = f["facts"].as_array().unwrap();
    assert_eq!(facts.len(), 1, "{facts:?}");
    assert_eq!(facts[0]["not"], "sides-out-of-order");
    assert_eq!(facts[0]["fails"], "not onside >= offside");
    let (code, out) = check("sided", &v.to_string());
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ok:"), "{out}");
    // over & off, written {0|pass} & off: over's one condition under the onside (Right's pass
    // would reverse through 0 only if 0 >= over, which fails: over > 0), then the order.
    let v = simplify_json(&["{0|pass} & off"]);
    let facts = v["final"]["facts"]
        .as_array()
        .unwrap_or_else(|| panic!("{v}"));
    assert_eq!(facts.len(), 2, "{facts:?}");
    assert_eq!(facts[0]["at"], json!(["onside"]), "{facts:?}");
    assert_eq!(facts[0]["fails"], "onside.L0 >= onside", "{facts:?}");
    assert!(
        facts
            .iter()
            .any(|f| f["not"] == "sides-out-of-order" && f["fails"] == "not onside >= offside"),
        "{facts:?}"
    );
    let (code, out) = check("sided-2", &v.to_string());
    assert_eq!(code, 0, "{out}");
    // Forged: the claim without its order fact leaves out a condition.
    let mut w = v.clone();
    let kept: Vec<Value> = facts
        .iter()
        .filter(|f| f["not"] != "sides-out-of-order")
        .cloned()
        .collect();
    w["final"]["facts"] = Value::Array(kept);
    let (code, out) = check("sided-short", &w.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("leaves out a condition"), "{out}");
}

#[test]
fn check_rejects_a_false_sided_claim() {
    // off & on: off >= on fails (Right wins moving first in off - on = off + off, where only
    // he can move, for ever), so the sides are out of order; on and off have no other
    // condition, so the claim lists exactly the one fact, which is false.
    let (code, out) = check(
        "sided-order",
        &loopy_forged("off & on", json!([sides_fact("off & on", "off", "on")])),
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    assert!(out.contains("not at least offside"), "{out}");
    // A side with a dominated option: in {0,-1|pass}, Left's -1 <= 0 (as numbers). The
    // claim lists every condition the definitions give and says each fails; one holds.
    let on = "{0,-1|pass}";
    let g = format!("{on} & off");
    let fact =
        |at: Value, game: &str, option: &str, value: &str, not: &str, by: &str, fails: &str| {
            let mut f = json!({"game": game, "option": option, "value": value, "not": not,
                           "by": by, "fails": fails});
            if at.as_array().is_some_and(|a| !a.is_empty()) {
                f["at"] = at;
            }
            f
        };
    let facts = json!([
        fact(
            json!(["onside"]),
            on,
            "L0",
            "onside.L0",
            "dominated",
            "L1 = onside.L1",
            "onside.L0 <= onside.L1"
        ),
        fact(
            json!(["onside"]),
            on,
            "L1",
            "onside.L1",
            "dominated",
            "L0 = onside.L0",
            "onside.L1 <= onside.L0"
        ),
        // -1 = {|0}: Left's -1 would reverse through its Right option 0 if 0 <= the onside.
        fact(
            json!(["onside"]),
            on,
            "L1",
            "onside.L1",
            "reversible",
            "its R0 = onside.L1.R0",
            "onside.L1.R0 <= onside",
        ),
        fact(
            json!(["onside"]),
            on,
            "R0",
            "onside",
            "reversible",
            "its L0 = onside.L0",
            "onside.L0 >= onside"
        ),
        fact(
            json!(["onside"]),
            on,
            "R0",
            "onside",
            "reversible",
            "its L1 = onside.L1",
            "onside.L1 >= onside"
        ),
        sides_fact(&g, on, "off"),
    ]);
    let (code, out) = check("sided-dominated", &loopy_forged(&g, facts));
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    assert!(
        out.contains("L1 = onside.L1 is dominated by L0 = onside.L0"),
        "{out}"
    );
}

/// Whether the impartial form with these options (each a list of its own options, by index
/// into `forms`, options before the form) is a misère P-position: it has options and each is
/// an N-position (a form with no option is N: the player to move cannot, and so wins).
fn misere_p_form(forms: &[Vec<usize>], g: usize) -> bool {
    !forms[g].is_empty() && forms[g].iter().all(|&o| !misere_p_form(forms, o))
}

#[test]
fn check_rejects_a_false_misere_simplest_form_claim() {
    // G = {0,*2}: its option *2 reverses through * (ONAG ch. 12, Conway's condition: the
    // options of * (just 0) are among G's, and every option of G is among *'s options or has
    // * as an option: 0 is *'s, *2 has *), so G is not in misère simplest form. The claim
    // below lists every condition of G's forms, as the definition gives them, and says each
    // fails; the one at the top holds.
    // Brute force, on the forms 0, *, *2, G: * and G are P, 0 and *2 are N. So Conway's
    // proviso (an option P and every option with 0 as an option) holds nowhere: G has no P
    // option, *2's P option * sits beside 0, which has no options, and *'s one option 0 is N.
    // (G is P as * is: the reversal keeps the outcome.)
    let forms = [vec![], vec![0], vec![0, 1], vec![0, 2]];
    assert!(misere_p_form(&forms, 1) && misere_p_form(&forms, 3));
    assert!(!misere_p_form(&forms, 0) && !misere_p_form(&forms, 2));
    let g = "{0,*2|0,*2}";
    let forged = json!({
        "version": 3,
        "play": "misere",
        "input": g,
        "result": g,
        "steps": [],
        "final": {
            "claim": "simplest form",
            "facts": [
                {"game": g, "option": "L1", "value": "*2", "not": "reversible",
                 "by": "its option 1 = *",
                 "fails": format!("the options of * are among those of {g}, and every other option has * as an option")},
                {"game": g, "option": "G", "value": g, "not": "reversible-zero",
                 "fails": format!("some option of {g} is a misere P-position (none is)")},
                {"at": ["L1"], "game": "*2", "option": "G", "value": "*2", "not": "reversible-zero",
                 "fails": "every option of *2 has 0 as an option (0 has not)"},
                {"at": ["L1", "L1"], "game": "*", "option": "G", "value": "*", "not": "reversible-zero",
                 "fails": "some option of * is a misere P-position (none is)"},
            ],
        },
    });
    let (code, out) = check("misere-forged", &forged.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    assert!(out.contains("not in simplest form"), "{out}");
    assert!(
        out.contains("L1 = *2 is reversible by its option 1 = *"),
        "{out}"
    );
    // The true claim about *, what {0,*2} simplifies to in misère play, is accepted.
    let v = simplify_json(&["--misere", g]);
    assert_eq!(v["result"], "*", "{v}");
    let (code, out) = check("misere-true", &v.to_string());
    assert_eq!(code, 0, "{out}");
}

#[test]
fn check_refuses_a_claim_it_cannot_judge() {
    // G(k+1) = {0, G(k)}, G(1) = {0,*2}: written out, each form is twice as long as the one
    // below it, so G(7) is over 1,000 characters, past what the misère claim's checker writes
    // (600). The producer makes no claim past that bound; a claim about it is refused, never
    // passed unjudged.
    let mut g = "*2".to_string();
    for _ in 0..7 {
        g = format!("{{0,{g}|0,{g}}}");
    }
    assert!(g.len() > 1000, "{}", g.len());
    let forged = json!({
        "version": 3,
        "play": "misere",
        "input": g,
        "result": g,
        "steps": [],
        "final": {"claim": "simplest form", "facts": []},
    });
    let (code, out) = check("unjudged", &forged.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("cannot be judged"), "{out}");
}

#[test]
fn check_rejects_a_false_loopy_simplest_form_claim() {
    // {0,-1|pass} claimed simplest, with every condition its positions have (the checker
    // names each position by its shortest place: -1 = {|0} is G.L1, its 0 G.L1.R0). But -1 <= 0
    // (numbers), so Left's -1 is dominated by 0 and the claim is false.
    let g = "{0,-1|pass}";
    let fact = |option: &str, value: &str, not: &str, by: &str, fails: &str| json!({"game": g, "option": option, "value": value, "not": not, "by": by, "fails": fails});
    let forged = json!({
        "version": 3, "play": "loopy", "input": g, "result": g, "steps": [],
        "final": {"claim": "simplest form", "facts": [
            fact("L0", "G.L0", "dominated", "L1 = G.L1", "G.L0 <= G.L1"),
            fact("L1", "G.L1", "dominated", "L0 = G.L0", "G.L1 <= G.L0"),
            fact("L1", "G.L1", "reversible", "its R0 = G.L1.R0", "G.L1.R0 <= G"),
            fact("R0", "G", "reversible", "its L0 = G.L0", "G.L0 >= G"),
            fact("R0", "G", "reversible", "its L1 = G.L1", "G.L1 >= G"),
        ]},
    });
    let (code, out) = check("loopy-false", &forged.to_string());
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not in simplest form"), "{out}");
    assert!(out.contains("G.L1 <= G.L0 holds"), "{out}");
    // What onag makes of it: over's form {0|pass}, whose claim check accepts.
    let v = simplify_json(&[g]);
    assert_eq!(v["result"], "{0|pass}", "{v}");
    let (code, out) = check("loopy-true", &v.to_string());
    assert_eq!(code, 0, "{out}");
}

/// A small game form from a seed: options numbers or smaller forms, up to `depth` levels.
fn random_game(seed: &mut u64, depth: u32) -> String {
    let mut next = |n: u64| {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % n
    };
    let side = |seed_next: &mut dyn FnMut(u64) -> u64| -> Vec<String> {
        let k = seed_next(3);
        (0..k)
            .map(|_| {
                if depth > 0 && seed_next(2) == 0 {
                    String::new() // filled below
                } else {
                    ["0", "1", "-1", "*", "3", "-2", "^", "2", "-3"][seed_next(9) as usize]
                        .to_string()
                }
            })
            .collect()
    };
    let l = side(&mut next);
    let r = side(&mut next);
    let mut fill = |xs: Vec<String>| -> Vec<String> {
        xs.into_iter()
            .map(|x| {
                if x.is_empty() {
                    random_game(seed, depth - 1)
                } else {
                    x
                }
            })
            .collect()
    };
    let (l, r) = (fill(l), fill(r));
    format!("{{{}|{}}}", l.join(","), r.join(","))
}

#[test]
fn braces_print_games_that_read_back() {
    // Each game's value in nested braces (`eval --braces`), read again by `eval`, is the value
    // the game has: the two notations name one game.
    let mut seed = 47;
    let mut braced_any = false;
    let sample = (0..25).map(|_| random_game(&mut seed, 3));
    // Switches of switches, whose values print with bars (CGSuite's {3|||2||1|0}).
    let known = ["{3|{2|{1|0}}}", "{{2|1}|{0|-1}}", "{5|{2|{1|-3}}}"].map(String::from);
    for g in sample.chain(known) {
        let (code, plain, err) = run(&["eval", &g]);
        assert_eq!(code, 0, "{g}: {err}");
        let (code, braced, err) = run(&["eval", "--braces", &g]);
        assert_eq!(code, 0, "{g}: {err}");
        assert!(!braced.contains("||"), "{g}: {braced}");
        braced_any |= braced != plain;
        let (code, again, err) = run(&["eval", braced.trim()]);
        assert_eq!(code, 0, "{braced}: {err}");
        assert_eq!(again, plain, "{g}: {braced} reads back as {again}");
    }
    assert!(braced_any, "no game in the sample had bars to replace");
    // A derivation and the claim of why it is final, in braces.
    let (code, out, err) = run(&["simplify", "--braces", "--explain", "1", "{1|{0|-5}}"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("canonical form: {1|{0|-5}}"), "{out}");
    assert!(out.contains("0 >= {1|{0|-5}} fails"), "{out}");
    assert!(!out.contains("||"), "{out}");
    let (code, out, err) = run(&["simplify", "--braces", "{3|{2|{1|0}}}"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("{3|{2|{1|0}}}") && !out.contains("|||"),
        "{out}"
    );
}

/// A stopper written as a graph for the brute-force order below: each vertex's Left and Right
/// options by index, the game at vertex 0.
type Graph = Vec<(Vec<usize>, Vec<usize>)>;

/// G >= H for stoppers by survival, written here from the definition (Winning Ways ch. 11;
/// Siegel, CGT VI.1): Left, moving second in G - H, survives (never is left to move with no
/// move). Right's wins in finitely many moves are found as a least fixed point over the pairs
/// of positions (a, b) of G - H, with the player to move; whatever Right cannot force, Left
/// survives. In G - H Left moves G to a G^L or H to an H^R; Right moves G to a G^R or H to an
/// H^L.
fn ge(g: &Graph, h: &Graph) -> bool {
    let m = h.len();
    let at = |a: usize, b: usize| a * m + b;
    // right_wins[0]: Right to move; [1]: Left to move.
    let mut right_wins = [vec![false; g.len() * m], vec![false; g.len() * m]];
    let mut changed = true;
    while changed {
        changed = false;
        for a in 0..g.len() {
            for b in 0..m {
                let p = at(a, b);
                if !right_wins[0][p]
                    && (g[a].1.iter().any(|&x| right_wins[1][at(x, b)])
                        || h[b].0.iter().any(|&y| right_wins[1][at(a, y)]))
                {
                    right_wins[0][p] = true;
                    changed = true;
                }
                if !right_wins[1][p]
                    && g[a].0.iter().all(|&x| right_wins[0][at(x, b)])
                    && h[b].1.iter().all(|&y| right_wins[0][at(a, y)])
                {
                    right_wins[1][p] = true;
                    changed = true;
                }
            }
        }
    }
    !right_wins[0][at(0, 0)]
}

/// The stoppers the tests below compare, as graphs (vertex 0 the game).
fn zero() -> Graph {
    vec![(vec![], vec![])]
}
fn one() -> Graph {
    vec![(vec![1], vec![]), (vec![], vec![])]
}
/// on = {pass|}, off = {|pass}.
fn on() -> Graph {
    vec![(vec![0], vec![])]
}
fn off() -> Graph {
    vec![(vec![], vec![0])]
}
/// over = {0|pass}, under = {pass|0}.
fn over() -> Graph {
    vec![(vec![1], vec![0]), (vec![], vec![])]
}
fn under() -> Graph {
    vec![(vec![0], vec![1]), (vec![], vec![])]
}
/// {0|-1}, -1 = {|0}.
fn zero_minus_one() -> Graph {
    vec![(vec![1], vec![2]), (vec![], vec![]), (vec![], vec![1])]
}
/// {0|{1|0}}, 1 = {0|}.
fn zero_switch() -> Graph {
    vec![
        (vec![1], vec![2]),
        (vec![], vec![]),
        (vec![3], vec![1]),
        (vec![1], vec![]),
    ]
}

#[test]
fn the_brute_force_order_of_stoppers_agrees_with_the_books() {
    // Siegel, CGT VI.1: on is the largest stopper and off the smallest; over and under lie
    // just above and below 0 (over > 0 > under, and over is less than every positive number).
    assert!(ge(&on(), &off()) && !ge(&off(), &on()));
    assert!(ge(&over(), &zero()) && !ge(&zero(), &over()));
    assert!(ge(&zero(), &under()) && !ge(&under(), &zero()));
    assert!(ge(&one(), &over()) && !ge(&over(), &one()));
    assert!(ge(&over(), &under()));
    assert!(ge(&one(), &zero_minus_one()) && !ge(&zero_minus_one(), &one()));
}

/// `onag simplify --explain 1 SRC`: its standard output, the run required to succeed.
fn explained(args: &[&str]) -> String {
    let mut all = vec!["simplify", "--explain", "1"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The line saying, once, that the steps' conditions are decided by the definitions.
const DECIDED: &str = "each step's conditions are decided by the definitions";

#[test]
fn explain_in_loopy_play_says_why_the_result_is_final() {
    // over = a{0|a} = {0|pass}: Right's pass (the position itself) would reverse through its
    // Left option 0 if 0 >= over, which fails: over > 0 (brute force).
    assert!(!ge(&zero(), &over()));
    let out = explained(&["a{0|a}"]);
    assert!(out.contains("simplest form: over"), "{out}");
    assert_eq!(out.matches(DECIDED).count(), 1, "{out}");
    assert!(out.contains("positions: G = over, G.L0 = 0"), "{out}");
    assert!(
        out.contains(
            "at G, R0 = G: not reversible through its L0 = G.L0: G.L0 >= G fails by the order \
             of stoppers"
        ),
        "{out}"
    );
    // on + off = dud = on & off (Winning Ways ch. 11): no option of either side has an option
    // of the other player through which it could reverse; the sides in order, on >= off.
    assert!(ge(&on(), &off()));
    let out = explained(&["on + off"]);
    assert!(out.contains("dud"), "{out}");
    assert_eq!(out.matches(DECIDED).count(), 1, "{out}");
    assert!(
        out.contains("positions: onside = on, offside = off"),
        "{out}"
    );
    assert!(
        out.contains("the sides are in order: onside = {pass|} >= offside = {|pass}"),
        "{out}"
    );
    // over + under = over & under: over's condition under the onside as above; under =
    // {pass|0}, whose Left pass would reverse through its Right option 0 if 0 <= under, which
    // fails (under < 0); and over >= under (brute force each).
    assert!(!ge(&under(), &zero()) && ge(&over(), &under()));
    let out = explained(&["over + under"]);
    assert!(out.contains("over & under"), "{out}");
    for line in [
        "at onside, R0 = onside: not reversible through its L0 = onside.L0: onside.L0 >= onside \
         fails by the order of stoppers",
        "at offside, L0 = offside: not reversible through its R0 = offside.R0: offside.R0 <= \
         offside fails by the order of stoppers",
        "the sides are in order: onside = {0|pass} >= offside = {pass|0} by the order of stoppers",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    // Bach's Carousel is no stopper and its sides do not settle to stoppers here: the
    // derivation is printed, and why no claim is made, instead of a refusal.
    let out = explained(&["a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}"]);
    assert_eq!(out.matches(DECIDED).count(), 1, "{out}");
    assert!(
        out.contains("no claim that it is final is made: the result is not a stopper"),
        "{out}"
    );
}

#[test]
fn explain_in_misere_play_says_why_the_result_is_final() {
    // *2+*2 in misère play: its simplest form is not 0 (a P-position by brute force, while 0
    // is N); the proviso for 0 fails at the top, as the claim says.
    assert!(misere_p(&mut [2, 2]));
    let out = explained(&["--misere", "*2+*2"]);
    // Its options *2 and *3 are both N-positions (brute force), so the proviso fails.
    assert!(!misere_p(&mut [2]) && !misere_p(&mut [3]));
    // (Piped, onag writes ASCII: "misere".)
    assert!(out.contains("simplest form"), "{out}");
    assert!(
        out.contains(
            "G = {*2,*3|*2,*3}: not equal to 0 by Conway's proviso: some option of \
             {*2,*3|*2,*3} is a misere P-position (none is) fails"
        ),
        "{out}"
    );
    assert_eq!(out.matches(DECIDED).count(), 1, "{out}");
    assert!(out.contains("why it is final"), "{out}");
    assert!(out.contains("not equal to 0 by Conway's proviso"), "{out}");
}

#[test]
fn a_game_derived_through_its_sides_carries_the_sided_claim() {
    // a{0|{a|0}} is no stopper (Left's 0 and Right's a alternate for ever: a, {a|0}, a, …):
    // its derivation goes through its sides, to {0|} & {0|{|0}} = 1 & {0|-1}. Neither side
    // has an option with an option of the other player, so the one condition is the order of
    // the sides, 1 >= {0|-1} (brute force).
    assert!(ge(&one(), &zero_minus_one()));
    let v = simplify_json(&["a{0|{a|0}}"]);
    assert_eq!(v["result"], "{0|} & {0|{|0}}", "{v}");
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["rule"] == "loopy-sides"),
        "{v}"
    );
    let facts = v["final"]["facts"].as_array().unwrap();
    assert_eq!(facts.len(), 1, "{facts:?}");
    assert_eq!(facts[0]["not"], "sides-out-of-order");
    let (code, out) = check("through-sides", &v.to_string());
    assert_eq!(code, 0, "{out}");
    // Forged: the sides swapped, {0|-1} & 1; {0|-1} >= 1 fails (brute force), so the one
    // fact is false.
    assert!(!ge(&zero_minus_one(), &one()));
    let g = "{0|{|0}} & {0|}";
    let (code, out) = check(
        "swapped-sides",
        &loopy_forged(g, json!([sides_fact(g, "{0|{|0}}", "{0|}")])),
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not at least offside"), "{out}");
    // Forged: an onside with a reversible option left. In {0|{1|0}}, Right's {1|0} reverses
    // through its Left option 1, as 1 >= {0|{1|0}} (brute force); the claim lists every
    // condition and says each fails.
    assert!(ge(&one(), &zero_switch()) && ge(&zero_switch(), &off()));
    let on = "{0||1|0}";
    let g = format!("{on} & off");
    let facts = json!([
        {"at": ["onside"], "game": on, "option": "R0", "value": "onside.R0", "not": "reversible",
         "by": "its L0 = onside.R0.L0", "fails": "onside.R0.L0 >= onside"},
        sides_fact(&g, on, "off"),
    ]);
    let (code, out) = check("reversible-side", &loopy_forged(&g, facts));
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("rejected"), "{out}");
    assert!(
        out.contains("R0 = onside.R0 is reversible by its L0 = onside.R0.L0"),
        "{out}"
    );
}
