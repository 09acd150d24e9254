//! Golden tests: the CLI's exact output for seed 004's worked examples (simplified with the
//! fundamental rules, as the seed does by hand) and a few more, in every format, compared byte for byte with `tests/golden/*.txt`, so any change of wording
//! shows in review. `ONAG_BLESS=1 cargo test --release --test golden` rewrites the files.

use std::path::PathBuf;
use std::process::Command;

/// Seed 004's examples: (file stem, game).
const SEED_004: [(&str, &str); 8] = [
    ("dominated_0_1_2", "{0,1|2}"),
    ("dominated_equal_star_star4", "{-5|0,{*,*4|*,*4}}"),
    ("reversible_0_5", "{0|5}"),
    ("reversible_star2", "{{*|*},*,*3|{*|*},*,*3}"),
    ("canonical_half", "{0,-7|1,1+1/2,3/4}"),
    ("canonical_star", "{0,*5|0,*5}"),
    ("one_empty", "{{|}|}"),
    ("one_star_star", "{{*|*}|}"),
];

const FORMATS: [&str; 4] = ["text", "markdown", "latex", "json"];

/// (file name, arguments, expected exit status)
fn cases() -> Vec<(String, Vec<String>, i32)> {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let mut out = Vec::new();
    for (stem, game) in SEED_004 {
        for f in FORMATS {
            out.push((
                format!("simplify_{stem}.{f}.txt"),
                s(&["simplify", "--rules", "fundamental", "--format", f, game]),
                0,
            ));
        }
    }
    // The teaching controls and the other commands, on the same examples.
    out.push((
        "simplify_reversible_star2.all_rules.text.txt".into(),
        s(&["simplify", "{{*|*},*,*3|{*|*},*,*3}"]),
        0,
    ));
    out.push((
        "simplify_reversible_star2.grouped.text.txt".into(),
        s(&[
            "simplify",
            "--rules",
            "fundamental",
            "--steps",
            "grouped",
            "{{*|*},*,*3|{*|*},*,*3}",
        ]),
        0,
    ));
    out.push((
        "simplify_dominated_0_1_2.all_rules.text.txt".into(),
        s(&["simplify", "{0,1|2}"]),
        0,
    ));
    out.push((
        "simplify_up_up_star.unicode.text.txt".into(),
        s(&["simplify", "--unicode", "^ + ^ + *"]),
        0,
    ));
    out.push((
        "simplify_long.width40.text.txt".into(),
        s(&[
            "simplify",
            "--width",
            "40",
            "{0,1,2,3,4,5,6,7,8,9,10|{11,12,13,14,15,16,17,18,19,20|21}}",
        ]),
        0,
    ));
    for f in FORMATS {
        out.push((
            format!("simplify_reversible_0_5.explain3.{f}.txt"),
            s(&[
                "simplify",
                "--rules",
                "fundamental",
                "--explain",
                "3",
                "--format",
                f,
                "{0|5}",
            ]),
            0,
        ));
    }
    for f in ["dot", "svg"] {
        out.push((
            format!("simplify_dominated_0_1_2.{f}.txt"),
            s(&["simplify", "--format", f, "{0,1|2}"]),
            0,
        ));
        out.push((
            format!("simplify_reversible_star2.input.{f}.txt"),
            s(&[
                "simplify",
                "--format",
                f,
                "--tree",
                "input",
                "{{*|*},*,*3|{*|*},*,*3}",
            ]),
            0,
        ));
    }
    for f in FORMATS {
        out.push((
            format!("prove_0_5_eq_1.{f}.txt"),
            s(&["prove", "--format", f, "{0|5}", "1"]),
            0,
        ));
        out.push((
            format!("prove_0_1_ne_1.{f}.txt"),
            s(&["prove", "--format", f, "{0|1} = 1"]),
            1,
        ));
    }
    for (stem, a, b) in [
        ("up_gt_0", "^", "0"),
        ("star_fuzzy_0", "*", "0"),
        ("half_lt_1", "{0|1}", "1"),
        ("0_5_eq_1", "{0|5}", "1"),
    ] {
        out.push((format!("compare_{stem}.text.txt"), s(&["compare", a, b]), 0));
    }
    out.push((
        "compare_star_fuzzy_0.json.txt".into(),
        s(&["compare", "--format", "json", "*", "0"]),
        0,
    ));
    out.push((
        "rules_dominated_left.text.txt".into(),
        s(&["rules", "dominated-left"]),
        0,
    ));
    out.push((
        "rules_fundamental.text.txt".into(),
        s(&["rules", "--rules", "fundamental"]),
        0,
    ));
    out.push(("eval_0_1_2.text.txt".into(), s(&["eval", "{0,1|2}"]), 0));
    // Misère play: a derivation (text, with Unicode, and JSON) and a false claim.
    let misere = "{*2,{*|*}|*2,{*|*}}";
    out.push((
        "simplify_misere_star.unicode.text.txt".into(),
        s(&["simplify", "--misere", "--unicode", misere]),
        0,
    ));
    out.push((
        "simplify_misere_star.json.txt".into(),
        s(&["simplify", "--misere", "--format", "json", misere]),
        0,
    ));
    out.push((
        "prove_misere_star2_ne_0.text.txt".into(),
        s(&["prove", "--misere", "{*2|*2}", "0"]),
        1,
    ));
    out
}

#[test]
fn cli_output_matches_the_golden_files() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let bless = std::env::var_os("ONAG_BLESS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (name, args, status) in cases() {
        let o = Command::new(env!("CARGO_BIN_EXE_onag"))
            .args(&args)
            .env_remove("NO_COLOR")
            .output()
            .expect("run onag");
        let got = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(
            o.status.code(),
            Some(status),
            "onag {args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let path = dir.join(&name);
        if bless {
            std::fs::write(&path, &got).expect("write a golden file");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!(
                "{name}: onag {args:?} printed\n{got}\n--- but the golden file has\n{want}"
            )),
            Err(_) => failures.push(format!(
                "{name}: no golden file (run with ONAG_BLESS=1 to write it)"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} golden mismatches (ONAG_BLESS=1 rewrites them after review):\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
