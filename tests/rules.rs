//! The rule language: the shipped files load, and malformed files give positioned errors.

use onag::rules::{parse_rules, RuleKind, RuleSet, BUILTIN_FILES};

#[test]
fn every_shipped_rule_file_parses_and_validates() {
    let mut total = 0;
    for (file, text) in BUILTIN_FILES {
        let rules = parse_rules(file, text).unwrap_or_else(|e| panic!("{e}"));
        let mut set = RuleSet::empty();
        for r in rules {
            set.add(r.clone()).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                !r.says.is_empty() && !r.cite.is_empty(),
                "{} lacks says/cite",
                r.name
            );
            total += 1;
        }
    }
    assert_eq!(RuleSet::builtin().rules().len(), total);
    assert!(total >= 30, "only {total} rules");
}

#[test]
fn the_rules_on_disk_are_the_builtin_ones() {
    for (file, text) in BUILTIN_FILES {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rules")
            .join(file);
        assert_eq!(std::fs::read_to_string(path).unwrap(), text);
    }
}

#[test]
fn groups_select_subsets() {
    let all = RuleSet::builtin();
    let fundamental = all.select("fundamental").unwrap();
    for name in [
        "dominated-left",
        "reversible-right",
        "sum-definition",
        "options-are-sets-left",
        "integer-open",
    ] {
        assert!(
            fundamental.get(name).is_some(),
            "{name} missing from fundamental"
        );
    }
    for name in [
        "mex",
        "simplicity",
        "number-avoidance-left",
        "gift-horse-left",
    ] {
        assert!(
            fundamental.get(name).is_none(),
            "{name} should not be fundamental"
        );
    }
    assert_eq!(all.get("gift-horse-left").unwrap().kind, RuleKind::Manual);
    assert_eq!(all.get("integer-open").unwrap().kind, RuleKind::Open);
    let two = all.select("mex, dominated-left").unwrap();
    assert_eq!(
        two.names().collect::<Vec<_>>(),
        vec!["dominated-left", "mex"]
    );
    let err = all.select("no-such-rule").unwrap_err();
    assert!(err.contains("no-such-rule"), "{err}");
}

#[test]
fn malformed_rule_files_say_where() {
    let cases = [
        ("rule x\n  says \"s\"\n  cite \"c\"\n  match { a | }\n  yield { b | }\n", 1, "`b` is not bound"),
        ("rule x\n  says \"s\"\n  cite \"c\"\n  match { a, | }\n", 4, "expected a pattern"),
        ("rule x\n  says \"unterminated\n", 2, "unterminated string"),
        ("rule x\n  says \"s\"\n  match { a | }\n  yield a\n", 1, "no `cite`"),
        ("rule x\n  says \"s\"\n  cite \"c\"\n  match foo(a)\n  yield a\n", 4, "unknown leaf pattern"),
        ("rule x\n  says \"s\"\n  cite \"c\"\n  match { ..L | ..R }\n  when numbers(Q)\n  yield { ..L | }\n", 1, "`Q` is not bound"),
        ("rule x\n  says \"s\"\n  cite \"c\"\n  match { a | }\n  when a <= 1\n  yield a\n", 1, "between two games or between two values"),
        ("rule x\n says \"s\" cite \"c\" match { a | } yield a $", 2, "unexpected character"),
    ];
    for (src, line, needle) in cases {
        let mut set = RuleSet::empty();
        let err = set.add_text("bad.rules", src).unwrap_err();
        assert_eq!(err.line, line, "{err}");
        assert!(err.message.contains(needle), "wanted `{needle}` in: {err}");
        assert_eq!(err.file, "bad.rules");
        assert!(err.to_string().contains('^'), "no caret: {err}");
    }
}

#[test]
fn duplicate_names_are_refused() {
    let mut set = RuleSet::builtin();
    let err = set
        .add_text(
            "extra.rules",
            "rule mex\n says \"s\"\n cite \"c\"\n match { ..L | }\n yield { ..L | }\n",
        )
        .unwrap_err();
    assert!(err.message.contains("already defined"), "{err}");
}
