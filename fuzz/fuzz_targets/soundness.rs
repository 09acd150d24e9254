//! libFuzzer target: bytes as a file for `onag check` (a proof or a thermograph certificate);
//! whatever the checker accepts must be true, as tests/common/oracle.rs decides (the kernel,
//! and a naive move generator for ruleset positions; misère and loopy proofs by
//! tests/common/plays.rs: misère simplest forms and the order of sides by survival, written
//! from the definitions). The same judge runs on ≥ 10,000
//! structured mutants in every `cargo test` (tests/soundness.rs); seed this target from proofs
//! (`onag simplify --format json …`) so that libFuzzer's byte edits start from valid files.
//!
//!   cargo +nightly fuzz run soundness ../tests/corpus/json -- -timeout=10 -rss_limit_mb=4096
#![no_main]

#[path = "../../tests/common/oracle.rs"]
#[allow(dead_code)]
mod oracle;

use std::sync::OnceLock;

static RULES: OnceLock<onag::RuleSet> = OnceLock::new();

/// Whether a false acceptance about a ruleset position outside the oracle's strict grammar
/// fails too: producer and checker read positions by one grammar (issue 28, point 1), so it
/// does.
const ENFORCE_GRAMMAR: bool = true;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let rules = RULES.get_or_init(onag::RuleSet::builtin);
    let mut judge = oracle::Oracle::new();
    if let Err(f) = oracle::judge_text(text, rules, &mut judge) {
        if ENFORCE_GRAMMAR || !f.outside_grammar {
            panic!("onag check accepted a false file: {}\n{text}", f.why);
        }
    }
});
