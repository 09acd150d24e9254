//! The rule language through the public API: the shipped groups select what they say, a
//! malformed or duplicate rule file is refused with its file, line and caret, and the loopy
//! side rules and their mirrors read as the theory states them. (The shipped files against
//! the disk and the canonical-open shortcuts need crate-private items: src/rules/tests/.)

use onag::{RuleKind, RuleSet};

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
    assert_eq!(err.name, "no-such-rule");
    assert!(err.to_string().contains("`no-such-rule`"), "{err}");
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

/// The loopy side provisos parse as predicates of two games: a wrong count of arguments or a
/// set where a game is wanted is an error naming it, as for the other predicates.
#[test]
fn side_provisos_are_predicates_of_two_games() {
    let rule = |when: &str| {
        format!(
            "rule x\n  says \"s\"\n  cite \"c\"\n  group loopy\n  match G @ {{ a, ..L | ..R }}\n  \
             when  {when}\n  yield {{ ..L | ..R }}\n"
        )
    };
    let mut set = RuleSet::empty();
    set.add_text("ok.rules", &rule("keeps_onside(G, a)"))
        .unwrap();
    let c = &set.get("x").unwrap().conditions;
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].to_string(), "keeps_onside(G, a)");
    for (when, needle) in [
        ("keeps_onside(G)", "takes 2 argument(s), not 1"),
        ("keeps_offside(G, a, a)", "takes 2 argument(s), not 3"),
        ("keeps_onside(G, L)", "`L`"),
        ("keeps_offside(G, b)", "`b` is not bound"),
    ] {
        let err = RuleSet::empty()
            .add_text("bad.rules", &rule(when))
            .unwrap_err();
        assert!(
            err.message.contains(needle),
            "{when}: wanted `{needle}` in: {err}"
        );
    }
}

/// The mirror of a side rule is about the other side: onside(−G) = −offside(G), so the mirror
/// of "deleting Left's option keeps the onside" deletes Right's option and keeps the offside
/// (the shipped `onside-delete-left` and its mirror `offside-delete-right`).
#[test]
fn side_rules_mirror_to_the_other_side() {
    let set = RuleSet::loopy();
    for (rule, mirror, pattern, when) in [
        (
            "onside-delete-left",
            "offside-delete-right",
            "G @ { ..L | a, ..R }",
            "keeps_offside(G, a)",
        ),
        (
            "onside-delete-right",
            "offside-delete-left",
            "G @ { a, ..L | ..R }",
            "keeps_offside(G, a)",
        ),
    ] {
        let r = set.get(rule).unwrap();
        assert_eq!(r.kind, RuleKind::Reduce, "{rule}");
        assert_eq!(r.conditions[0].to_string(), "keeps_onside(G, a)");
        let m = set.get(mirror).unwrap();
        assert_eq!(m.mirror_of.as_deref(), Some(rule));
        assert_eq!(m.kind, RuleKind::Reduce, "{mirror}");
        assert_eq!(m.pattern.to_string(), pattern, "{mirror}");
        assert_eq!(m.conditions.len(), 1);
        assert_eq!(m.conditions[0].to_string(), when, "{mirror}");
        assert_eq!(m.result.to_string(), "{ ..L | ..R }", "{mirror}");
    }
}
