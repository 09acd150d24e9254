//! Figures the documents quote that a command can reproduce are reproduced here, so a change
//! that moves one fails until the text is updated. (README's `console` blocks are checked by
//! tests/readme.rs; timings in BENCHMARKS.md are measurements, dated, and not repeatable.)

use std::process::Command;

fn onag(args: &[&str]) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .output()
        .expect("run onag");
    assert!(
        o.status.success(),
        "onag {args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// Σ_{k=1..n} {k|−k} as onag reads it.
fn switches(n: u32) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// `n` with thousands separators, as the documents write it.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The document's text with line breaks and indentation read as single spaces.
fn doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn assert_says(name: &str, phrase: &str) {
    assert!(
        doc(name).contains(phrase),
        "{name} should say \"{phrase}\" (the figure was measured just now)"
    );
}

fn counts(json: &str) -> (u64, u64) {
    let v: serde_json::Value = serde_json::from_str(json).expect("a proof in JSON");
    let len = |k: &str| v[k].as_array().map_or(0, |a| a.len() as u64);
    (len("lemmas"), len("terms"))
}

#[test]
fn readme_lemmas_and_shared_terms_of_the_sum_of_ten_switches() {
    let s = switches(10);
    let canonical = onag(&["eval", &s]);
    let (lemmas, terms) = counts(&onag(&["prove", "--format", "json", &s, canonical.trim()]));
    assert_says(
        "README.md",
        &format!(
            "The proof that Σ_{{k=1..10}} {{k|−k}} equals its canonical form has {} lemmas and {} shared terms",
            grouped(lemmas),
            grouped(terms)
        ),
    );
}

#[test]
fn architecture_lemmas_of_the_sum_of_eight_switches() {
    let (lemmas, _) = counts(&onag(&["simplify", "--format", "json", &switches(8)]));
    assert_says(
        "ARCHITECTURE.md",
        &format!(
            "The proof of Σ_{{k=1..8}} {{k|−k}} by `onag simplify` has {} lemmas",
            grouped(lemmas)
        ),
    );
}

#[test]
fn tree_size_of_the_sum_of_thirty_switches() {
    let out = onag(&["eval", "--tree-size", &switches(30)]);
    let size: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("tree size: "))
        .expect("a tree size line")
        .trim()
        .parse()
        .expect("a number");
    let phrase = format!("Σ_{{k=1..30}} {{k|−k}} has {} nodes", grouped(size));
    assert_says("README.md", &phrase);
    assert_says(
        "ARCHITECTURE.md",
        &format!("Σ_{{k=1..30}} {{k|−k}}: {} nodes", grouped(size)),
    );
}

#[test]
fn architecture_lemmas_of_the_empty_four_by_four_domineering_board() {
    let (lemmas, _) = counts(&onag(&[
        "simplify",
        "--format",
        "json",
        "domineering(\"....|....|....|....\")",
    ]));
    assert_says(
        "ARCHITECTURE.md",
        &format!("(the empty 4×4 board: {} lemmas", grouped(lemmas)),
    );
}

/// Seconds and gigabytes on a quiet machine: run with `--ignored` after a change to proofs.
#[test]
#[ignore = "simplifies and checks Σ30 (about 8 s and 2.3 GB, then 6 s); run with --ignored"]
fn readme_steps_of_the_sum_of_thirty_switches() {
    let dir = std::env::temp_dir().join(format!("onag-figures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s30.json");
    let proof = onag(&[
        "simplify",
        "--time-limit",
        "600",
        "--format",
        "json",
        &switches(30),
    ]);
    std::fs::write(&file, proof).unwrap();
    let out = onag(&["check", "--time-limit", "600", file.to_str().unwrap()]);
    let steps: u64 = out
        .split('(')
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no step count in {out}"));
    assert_says(
        "README.md",
        &format!("the {} steps of Σ_{{k=1..30}} {{k|−k}}", grouped(steps)),
    );
    let _ = std::fs::remove_dir_all(&dir);
}
