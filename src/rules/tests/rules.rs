//! The rule language: the shipped files load, and malformed files give positioned errors.

use crate::rules::{parse_rules, RuleKind, RuleSet, BUILTIN_FILES};

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

/// The shortcuts that open `x + n·↑ + *k` straight to a game (group `canonical-open`) give
/// exactly the kernel's canonical form, for every up multiple in −30..30, nimber part 0..8 and a
/// few numbers. Each rule is tried alone: `Engine::join` opens the closed form with it and must
/// meet the kernel's canonical form written out (options as the kernel's own closed forms); a
/// rule that produced a different value would merge unequal classes, which the engine reports
/// as `Unsound`. Exactly one rule applies to each such value, so the engine's choice among them
/// cannot matter, and none applies where there is no up part (those open by the definitions).
#[test]
fn canonical_open_shortcuts_give_the_kernels_canonical_forms() {
    use crate::Engine;
    use crate::Kernel;
    use crate::{Dyadic, Nimber, Term};
    use num_bigint::BigInt;
    let all = RuleSet::builtin();
    let group = all.select("canonical-open").unwrap();
    let names: Vec<String> = group.names().map(str::to_string).collect();
    assert_eq!(names.len(), 6, "{names:?}");
    let engines: Vec<(String, Engine)> = names
        .iter()
        .map(|n| {
            let r = all.get(n).unwrap();
            assert_eq!(r.kind, RuleKind::Open, "{n}");
            assert!(r.groups.iter().any(|g| g == "shortcut"), "{n}");
            assert!(!r.groups.iter().any(|g| g == "fundamental"), "{n}");
            // Tried before the definitions (default priority 50) when both are loaded.
            assert!(r.priority < 50, "{n}");
            (n.clone(), Engine::new(all.select(n).unwrap()))
        })
        .collect();
    let mut k = Kernel::new();
    let mut checked = 0;
    for x in ["0", "1/2", "-3", "7/4"] {
        let x: Dyadic = x.parse().unwrap();
        for u in -30i64..=30 {
            for n in 0u64..=8 {
                let leaf = Term::Nus {
                    number: x.clone(),
                    up: BigInt::from(u),
                    nim: Nimber::from(n),
                };
                let g = k.eval(&leaf).unwrap();
                let side = |k: &mut Kernel, ids: Vec<crate::GameId>| -> Vec<Term> {
                    ids.into_iter().map(|o| k.to_term(o)).collect()
                };
                let l = k.left_options(g).unwrap();
                let l = side(&mut k, l);
                let r = k.right_options(g).unwrap();
                let r = side(&mut k, r);
                let canonical = Term::game(l, r);
                let mut met = Vec::new();
                for (name, e) in &engines {
                    match e.join(&leaf, &canonical) {
                        Ok(Some(_)) => met.push(name.clone()),
                        Ok(None) => {}
                        Err(err) => panic!("{name} on {leaf:?}: {err}"),
                    }
                }
                let want = usize::from(u != 0);
                assert_eq!(met.len(), want, "x={x} u={u} n={n}: {met:?}");
                checked += met.len();
            }
        }
    }
    assert_eq!(checked, 4 * 60 * 9);
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
