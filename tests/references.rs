//! Every citation in `rules/*.rules` resolves to an entry of `docs/REFERENCES.md`.

use onag::RuleSet;

/// The keys of docs/REFERENCES.md: its second-level headings.
fn keys() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/docs/REFERENCES.md")).expect("REFERENCES");
    text.lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter(|k| *k != "Further reading")
        .map(|k| k.trim().to_string())
        .collect()
}

/// The citations of a `cite` line: its `;`-separated parts.
fn citations(cite: &str) -> Vec<&str> {
    cite.split(';')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

/// The key a citation starts with, if any: the longest that is a prefix.
fn key_of<'k>(citation: &str, keys: &'k [String]) -> Option<&'k str> {
    keys.iter()
        .filter(|k| citation.starts_with(k.as_str()))
        .max_by_key(|k| k.len())
        .map(String::as_str)
}

/// What an error line names.
struct Named<'a> {
    name: &'a str,
}

#[test]
fn every_rule_cites_and_every_citation_resolves() {
    let keys = keys();
    assert!(keys.len() >= 7, "{keys:?}");
    let rules = RuleSet::builtin();
    let mut bad = Vec::new();
    // Rules and openings alike.
    let cites = rules
        .rules()
        .iter()
        .map(|r| (&r.name, &r.cite))
        .chain(rules.openings().iter().map(|o| (&o.name, &o.cite)));
    assert!(rules.openings().len() >= 9);
    for (name, cite) in cites {
        let r = Named { name };
        let cs = citations(cite);
        if cs.is_empty() {
            bad.push(format!("{}: no citation", r.name));
        }
        for c in cs {
            if key_of(c, &keys).is_none() {
                bad.push(format!("{}: `{c}`", r.name));
            }
        }
    }
    assert!(bad.is_empty(), "unresolved citations:\n{}", bad.join("\n"));
}

#[test]
fn every_listed_source_is_cited_by_some_rule() {
    // No dead entries: each key is used (research/cgsuite.md and CGSuite both are).
    let keys = keys();
    let rules = RuleSet::builtin();
    for k in &keys {
        let used = rules
            .rules()
            .iter()
            .map(|r| &r.cite)
            .chain(rules.openings().iter().map(|o| &o.cite))
            .flat_map(|c| citations(c))
            .any(|c| key_of(c, &keys) == Some(k.as_str()));
        assert!(used, "{k} is listed but no rule cites it");
    }
}

#[test]
fn the_resolver_refuses_what_it_should() {
    let keys = keys();
    assert_eq!(key_of("seed 002, Lemma 2.21", &keys), Some("seed 002"));
    assert_eq!(
        key_of("research/cgsuite.md §1", &keys),
        Some("research/cgsuite.md")
    );
    assert_eq!(key_of("seed 009, §1", &keys), None);
    assert_eq!(key_of("e.g. up + up", &keys), None);
    assert_eq!(key_of("Knuth, Surreal Numbers", &keys), None);
    assert_eq!(key_of("ONAG, ch. 9", &keys), Some("ONAG"));
}

/// `rules/misere.rules` is run by misère derivations, not by the normal-play engine (its
/// conditions are decided in misère play); its rules cite resolvable sources all the same.
#[test]
fn misere_rules_cite_resolvable_sources() {
    let keys = keys();
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/misere.rules")).expect("misere.rules");
    let rules = text.lines().filter(|l| l.starts_with("rule ")).count();
    let cites: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cite"))
        .map(|c| c.trim().trim_matches('"'))
        .collect();
    // misere-reversible, misere-reversible-zero, misere-opening (the simplest form is the
    // final claim a derivation ends with, said in the file, not a rule).
    assert_eq!(rules, 3);
    assert_eq!(cites.len(), rules, "every misère rule has a cite line");
    for cite in cites {
        let cs = citations(cite);
        assert!(!cs.is_empty());
        for c in cs {
            assert!(key_of(c, &keys).is_some(), "unresolved citation `{c}`");
        }
    }
}

/// `rules/loopy.rules` is carried out by the loopy derivation (`src/loopy/derive.rs`), not
/// loaded by the engine (its terms are cyclic); its rules cite resolvable sources all the same.
#[test]
fn loopy_rules_cite_resolvable_sources() {
    let keys = keys();
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/loopy.rules")).expect("loopy.rules");
    let rules = text.lines().filter(|l| l.starts_with("rule ")).count();
    let cites: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("cite"))
        .map(|c| c.trim().trim_matches('"'))
        .collect();
    // The stopper rules (dominated, reversible, fusion, the sum written out) and the side
    // rules (the sides, deletions from either side, a side that is a stopper) and the rules of
    // sided values (S & S = S, sums and negatives of sided values).
    assert_eq!(rules, 11);
    assert_eq!(cites.len(), rules, "every loopy rule has a cite line");
    for cite in cites {
        let cs = citations(cite);
        assert!(!cs.is_empty());
        for c in cs {
            assert!(key_of(c, &keys).is_some(), "unresolved citation `{c}`");
        }
    }
}
