//! `onag::check` (the check `onag check` runs, reading lemma by lemma) against the check of the
//! whole proof read by `Proof::from_json`: the same verdict on good and damaged proofs, in any order of the
//! file's keys, and a fraction of the memory.

use onag::{CheckedFile, CountingAlloc, Engine, Error, Proof, ProofError, RuleSet};
use serde_json::Value;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Taken by each test: one of them reads the process's high-water mark of memory.
static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Σ_{k=1..n} {k|−k}.
fn s(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn proof_json(src: &str, rules: &RuleSet) -> String {
    let t = onag::parse(src).unwrap();
    onag::simplify(&t, &Engine::new(rules.clone()))
        .unwrap()
        .proof
        .to_json()
}

/// What a check says a proof file proved, in terms both checks can be compared by.
#[derive(Debug, PartialEq)]
struct Claim {
    play: onag::Play,
    input: onag::Term,
    result: onag::Term,
    value: String,
    steps: usize,
    lemmas: usize,
}

/// What a check of the whole parsed proof says, in the streamed check's terms: the terms with
/// the table's entries written once each (`where`), the result's value in the proof's play.
fn whole(text: &str, rules: &RuleSet) -> Result<Claim, Error> {
    let p = Proof::from_json(text)?;
    p.check(rules).map_err(ProofError::Check)?;
    let resolve = |t: &onag::Term| p.terms.as_where(t).unwrap_or_else(|| t.clone());
    let (input, result) = (resolve(&p.input), resolve(&p.result));
    let value = onag::evaluate(&result, &Engine::default().with_play(p.play))?.to_string();
    Ok(Claim {
        play: p.play,
        steps: p.size(),
        lemmas: p.lemmas.len(),
        input,
        result,
        value,
    })
}

/// The streamed check's answer as a [`Claim`].
fn streamed_claim(f: CheckedFile) -> Claim {
    Claim {
        play: f.play,
        input: f.input,
        result: f.result,
        value: f.value.to_string(),
        steps: f.steps,
        lemmas: f.lemmas,
    }
}

/// Both checks agree on `text`: both errors of reading (the text is not a proof), or the same
/// claim and size, or the same rejection, naming the same lemma and step.
fn agree(text: &str, rules: &RuleSet, what: &str) -> Result<Claim, Error> {
    let streamed = onag::check(text, rules).map(streamed_claim);
    let all = whole(text, rules);
    match (&streamed, &all) {
        (Err(Error::BadInput(_)), Err(Error::BadInput(_))) => {}
        _ => assert_eq!(streamed, all, "{what}"),
    }
    streamed
}

/// One kind of damage to a lemma.
type Edit = Box<dyn Fn(&mut Value)>;

/// The text with its keys in the order given (serde_json's own maps sort them).
fn ordered(v: &Value, keys: &[&str]) -> String {
    let parts: Vec<String> = keys
        .iter()
        .filter_map(|k| v.get(*k).map(|x| format!("{}: {}", Value::from(*k), x)))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

#[test]
fn streamed_and_whole_checks_agree_on_good_and_damaged_proofs() {
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let rules = RuleSet::builtin();
    let json = proof_json(&s(5), &rules);
    let good = agree(&json, &rules, "the proof as written").unwrap();
    assert!(good.lemmas > 20 && good.steps > good.lemmas);
    let v: Value = serde_json::from_str(&json).unwrap();
    let lemmas = v["lemmas"].as_array().unwrap().len();

    // Every order of the keys that matter: lemmas before the table and the version wait for
    // them; the verdict is the same.
    let orders: [&[&str]; 4] = [
        &[
            "version", "terms", "input", "result", "checked", "steps", "lemmas",
        ],
        &["lemmas", "steps", "result", "input", "terms", "version"],
        &["terms", "lemmas", "version", "input", "result", "steps"],
        &["version", "lemmas", "input", "result", "steps", "terms"],
    ];
    for keys in orders {
        let r = agree(&ordered(&v, keys), &rules, &format!("{keys:?}")).unwrap();
        assert_eq!(r, good, "{keys:?}");
    }

    // Damage, one kind at a time, in the first, a middle and the last lemma.
    let mut damaged = 0;
    for k in [0, lemmas / 2, lemmas - 1] {
        let edits: Vec<(&str, Edit)> = vec![
            (
                "a step's result",
                Box::new(|l: &mut Value| l["steps"][0]["to"] = "7".into()),
            ),
            (
                "a rule's name",
                Box::new(|l: &mut Value| l["steps"][0]["rule"] = "dominated-right".into()),
            ),
            (
                "the claim",
                Box::new(|l: &mut Value| l["to"] = "{1|}".into()),
            ),
            (
                "a step removed",
                Box::new(|l: &mut Value| {
                    l["steps"].as_array_mut().unwrap().remove(0);
                }),
            ),
            (
                "an unparsable term",
                Box::new(|l: &mut Value| l["from"] = "{1|".into()),
            ),
            (
                "a dangling reference",
                Box::new(|l: &mut Value| l["to"] = "#99999".into()),
            ),
            (
                "a citation of itself",
                Box::new(move |l: &mut Value| {
                    for st in l["steps"].as_array_mut().unwrap() {
                        if st.get("lemma").is_some() {
                            st["lemma"] = k.into();
                        }
                    }
                }),
            ),
        ];
        for (what, edit) in edits {
            let mut bad = v.clone();
            edit(&mut bad["lemmas"][k]);
            let text = ordered(
                &bad,
                &["version", "terms", "input", "result", "steps", "lemmas"],
            );
            match agree(&text, &rules, &format!("{what} in lemma {k}")) {
                Err(_) => damaged += 1,
                // A citation of itself in a lemma that cites nothing changes nothing.
                Ok(_) => assert_eq!(what, "a citation of itself", "lemma {k}"),
            }
        }
    }
    assert!(damaged >= 18, "{damaged}");

    // A failing lemma followed by text that is not a proof: bad input, as when parsed whole.
    let mut bad = v.clone();
    bad["lemmas"][0]["steps"][0]["to"] = "7".into();
    bad["lemmas"][lemmas - 1]["steps"][0]["at"] = serde_json::json!(["nowhere"]);
    let text = ordered(
        &bad,
        &["version", "terms", "input", "result", "steps", "lemmas"],
    );
    assert!(matches!(
        agree(&text, &rules, "fail, then damage"),
        Err(Error::BadInput(_))
    ));

    // A key twice, an unknown version: refused.
    let twice = json.replacen("\"input\":", "\"input\": \"0\", \"input\":", 1);
    assert!(
        matches!(onag::check(&twice, &rules), Err(Error::BadInput(m)) if m.contains("duplicate"))
    );
    let v9 = json.replacen("\"version\": 3", "\"version\": 9", 1);
    assert!(
        matches!(onag::check(&v9, &rules), Err(Error::BadInput(m)) if m.contains("schema version 9"))
    );
}

#[test]
fn a_streamed_check_holds_a_fraction_of_the_proof() {
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let rules = RuleSet::builtin();
    // Made by the binary, so making it sets no high-water mark here.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["simplify", "--format", "json", &s(16)])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = String::from_utf8(out.stdout).unwrap();
    let base = CountingAlloc::in_use().unwrap();
    // The peak is a high-water mark: the smaller run goes first, so the second one's peak is
    // its own.
    let streamed = streamed_claim(onag::check(&json, &rules).unwrap());
    let streamed_peak = CountingAlloc::peak().unwrap() - base;
    let all = whole(&json, &rules).unwrap();
    let whole_peak = CountingAlloc::peak().unwrap() - base;
    assert_eq!(streamed, all);
    // S(16): 59 MB against 184 MB (2026-11-24). The checker's own memos (some 33 MB) are in
    // both; what streaming saves is the parsed steps, which grow fastest with n. Since steps
    // hold every game of three nodes or more as `#n`, S(12)'s saving was 2.7x, too close to
    // tell a fraction from noise.
    assert!(
        streamed_peak * 5 < whole_peak * 2,
        "streamed {streamed_peak} bytes, whole {whole_peak}"
    );
}

#[test]
fn a_checked_field_that_is_not_a_boolean_is_refused_by_both_readers() {
    let _one = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let rules = RuleSet::builtin();
    let json = proof_json("{0, 1 | 2}", &rules);
    for odd in ["\"yes\"", "1", "null", "[true]"] {
        let text = json.replacen("\"checked\": true", &format!("\"checked\": {odd}"), 1);
        assert_ne!(text, json, "the proof says it was checked");
        assert!(
            matches!(agree(&text, &rules, odd), Err(Error::BadInput(_))),
            "{odd}"
        );
    }
    // Its value is never believed: false or true, the proof is checked the same.
    let unclaimed = json.replacen("\"checked\": true", "\"checked\": false", 1);
    assert_eq!(
        agree(&unclaimed, &rules, "false"),
        agree(&json, &rules, "true")
    );
}
