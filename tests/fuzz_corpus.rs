//! The fuzz corpora replayed through the library under `catch_unwind` (issue 6, part 4: the
//! library is panic-free on any input). Every file in `tests/corpus/<kind>/` goes through the
//! game parser and through the driver of its kind (`common::drive`), which also checks each
//! layer's properties; any panic, from the library or from a violated property, fails the test
//! with the file's name. The corpora hold hand-written edge cases, the shipped rule files, and
//! every input a fuzzer has found; the `cargo fuzz` targets in `fuzz/` start from them too.

mod common;
use common::drive;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

fn replay(kind: &str, run: fn(&str)) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(kind);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        // libFuzzer finds byte strings; the library takes text, as its callers must provide.
        let text = String::from_utf8_lossy(&bytes);
        for (what, go) in [("syntax", drive::syntax as fn(&str)), (kind, run)] {
            if let Err(p) = catch_unwind(AssertUnwindSafe(|| go(&text))) {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{} ({what}): {msg}", f.display()));
            }
        }
    }
    assert!(failures.is_empty(), "panics:\n{}", failures.join("\n"));
    files.len()
}

#[test]
fn syntax_corpus() {
    assert!(replay("syntax", drive::syntax) >= 20);
}

#[test]
fn rules_corpus() {
    assert!(replay("rules", drive::rules) >= 6);
}

#[test]
fn engine_corpus() {
    assert!(replay("engine", drive::engine) >= 10);
}

#[test]
fn json_corpus() {
    assert!(replay("json", drive::json) >= 8);
}
