//! The rule language where a test needs crate-private items: the shipped files parse, validate
//! and are the ones on disk; the canonical-open shortcuts give the kernel's forms (through
//! `Engine::join`). The rest, through the public API, is tests/rules.rs.

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
