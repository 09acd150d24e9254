//! Exhaustive checks of the engine and its proofs against the definitions (issue 6, part 1).
//!
//! The kernel's order on every pair of day-3 games is checked against the definition in
//! `tests/kernel.rs`; this file checks the other half of the chain: that the *engine*, starting
//! from explicit forms that still need every simplification, reaches exactly the canonical form
//! and that the proof of each run passes the independent checker. "Exactly" is decided on
//! explicit trees (`common::Ex`, interned structurally, no value reductions), and every padded
//! input is first shown equal to its game by the definitional order, not by the kernel.
//!
//! Covered: every game born by day 3 (1,474) in explicit form and in scrambled, padded forms
//! (extra dominated and reversible options, duplicates, shuffled options, closed-form leaves);
//! every sum of two day-2 games; a seeded random sample of games born by day 4. Each with the
//! full rule set and with the fundamental rules alone.

mod common;
use common::*;
use onag::print;
use onag::proof_of_simplification;
use onag::RuleSet;
use onag::Term;
use onag::{Engine, Saturation};
use onag::{GameId, Kernel};

fn show(t: &Term) -> String {
    print(t, &Default::default())
}

/// The rule sets every input is run with.
fn rule_sets() -> Vec<(&'static str, RuleSet)> {
    vec![
        ("all", RuleSet::builtin()),
        (
            "fundamental",
            RuleSet::builtin().select("fundamental").unwrap(),
        ),
    ]
}

/// A term as an explicit tree: game nodes as written, any other node (closed forms, sums) by
/// its kernel value opened into its canonical tree. Used on the engine's results, whose game
/// nodes are the engine's own work.
fn tree_of(ex: &mut Ex, k: &mut Kernel, t: &Term) -> usize {
    match t {
        Term::Game { left, right } => {
            let l = left.iter().map(|x| tree_of(ex, k, x)).collect();
            let r = right.iter().map(|x| tree_of(ex, k, x)).collect();
            ex.make(l, r)
        }
        other => {
            let g = k.eval(other).unwrap();
            ex.of_kernel(k, g)
        }
    }
}

/// Simplifies `t` with `rules` and checks: the engine says canonical; the result, written out,
/// is *structurally* the canonical tree `want`; the proof runs from `t` to the result and the
/// checker accepts it. Returns the failure in words instead of panicking, so a caller can
/// collect every failing input.
fn check_run(
    ex: &mut Ex,
    k: &mut Kernel,
    engine: &Engine,
    rules: &RuleSet,
    t: &Term,
    want: usize,
) -> Result<(), String> {
    let mut s: Saturation = engine.saturate(t).map_err(|e| format!("engine: {e}"))?;
    if !s.canonical {
        return Err(format!(
            "stopped at {} ({})",
            show(&s.result),
            s.stuck.clone().unwrap_or_default()
        ));
    }
    let got = tree_of(ex, k, &s.result);
    if got != want {
        return Err(format!(
            "result {} is not the canonical form",
            show(&s.result)
        ));
    }
    let p = proof_of_simplification(&mut s, rules).map_err(|e| format!("proof: {e}"))?;
    if !p.checked() || p.result != s.result || p.check(rules).is_err() {
        return Err("the proof does not check or does not end at the result".into());
    }
    Ok(())
}

/// The proof by lemmas (`proof::simplify`, the path sums of games take): its result is the
/// canonical tree and its proof checks, lemmas and all.
fn check_lemmas(
    ex: &mut Ex,
    k: &mut Kernel,
    engine: &Engine,
    rules: &RuleSet,
    t: &Term,
    want: usize,
) -> Result<(), String> {
    let s = onag::simplify(t, engine).map_err(|e| format!("proof by lemmas: {e}"))?;
    if !s.canonical || tree_of(ex, k, s.result()) != want {
        return Err(format!(
            "proof by lemmas ends at {}, not the canonical form",
            show(s.result())
        ));
    }
    if !s.proof.checked() || s.proof.check(rules).is_err() {
        return Err("the proof by lemmas does not check".into());
    }
    Ok(())
}

fn report(failures: &[String], what: &str) {
    assert!(
        failures.is_empty(),
        "{} of the {what} failed; the first few:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Every day-3 game written out explicitly (`{{{|}|}|}` for 2, and so on) simplifies to its
/// canonical form, with a checked proof, under both rule sets.
#[test]
fn day3_explicit_forms_reach_the_canonical_form() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    assert_eq!(ds[3].len(), 1474);
    let mut ex = Ex::default();
    for (name, rules) in rule_sets() {
        let engine = Engine::new(rules.clone());
        let mut failures = Vec::new();
        for &g in &ds[3] {
            let t = explicit_term(&mut k, g);
            let want = ex.of_kernel(&mut k, g);
            if let Err(e) = check_run(&mut ex, &mut k, &engine, &rules, &t, want) {
                failures.push(format!("{} ({name}): {e}", show(&t)));
            }
        }
        report(&failures, &format!("day-3 explicit forms ({name})"));
    }
}

/// A non-canonical form of `g`: its options, each padded recursively or written as a closed
/// form, plus extra options that cannot change the value:
///
/// * a dominated option: a Left option y ≤ some Left option (Right: y ≥ some Right option);
/// * a reversible option: a Left option x = {a | b} with b ≤ G, and x ⧏ G so that the gift horse
///   principle lets it in (mirrored for Right);
/// * a duplicate of an option, and shuffled order.
///
/// The kernel only proposes candidates; the caller checks the result against the definition.
fn padded(k: &mut Kernel, rng: &mut Rng, pool: &[GameId], g: GameId, depth: u32) -> Term {
    let side = |k: &mut Kernel, rng: &mut Rng, opts: Vec<GameId>| -> Vec<Term> {
        opts.into_iter()
            .map(|x| {
                if depth > 0 && rng.chance(60) {
                    padded(k, rng, pool, x, depth - 1)
                } else if rng.chance(50) {
                    k.to_term(x)
                } else {
                    explicit_term(k, x)
                }
            })
            .collect()
    };
    let l_ids = k.left_options(g).unwrap();
    let r_ids = k.right_options(g).unwrap();
    let mut l = side(k, rng, l_ids.clone());
    let mut r = side(k, rng, r_ids.clone());
    // Dominated options.
    for (ids, out, left) in [(&l_ids, &mut l, true), (&r_ids, &mut r, false)] {
        if ids.is_empty() || !rng.chance(70) {
            continue;
        }
        let o = ids[rng.below(ids.len())];
        for _ in 0..20 {
            let y = pool[rng.below(pool.len())];
            let ok = if left {
                k.le(y, o).unwrap()
            } else {
                k.le(o, y).unwrap()
            };
            if ok {
                out.push(k.to_term(y));
                break;
            }
        }
    }
    // Reversible options: x = {a | b} with b ≤ G and not G ≤ x (Left); mirrored for Right.
    for left in [true, false] {
        if !rng.chance(70) {
            continue;
        }
        for _ in 0..20 {
            let a = pool[rng.below(pool.len())];
            let b = pool[rng.below(pool.len())];
            let (xl, xr) = if left {
                (vec![a], vec![b])
            } else {
                (vec![b], vec![a])
            };
            let x = k.from_options(&xl, &xr).unwrap();
            let ok = if left {
                k.le(b, g).unwrap() && !k.le(g, x).unwrap()
            } else {
                k.le(g, b).unwrap() && !k.le(x, g).unwrap()
            };
            if ok {
                let xt = Term::game(
                    xl.iter().map(|&y| k.to_term(y)).collect(),
                    xr.iter().map(|&y| k.to_term(y)).collect(),
                );
                if left {
                    l.push(xt);
                } else {
                    r.push(xt);
                }
                break;
            }
        }
    }
    for out in [&mut l, &mut r] {
        if !out.is_empty() && rng.chance(30) {
            let d = out[rng.below(out.len())].clone();
            out.push(d);
        }
        rng.shuffle(out);
    }
    Term::game(l, r)
}

/// Every day-3 game in a scrambled, padded form (one each, seeded, padded two levels deep): the padded form is
/// first shown definitionally equal to the game, then simplified to exactly its canonical form
/// with a checked proof.
#[test]
fn day3_padded_forms_reach_the_canonical_form() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let pool: Vec<GameId> = ds[2].clone();
    let mut rng = Rng(0x5eed_0003);
    let mut ex = Ex::default();
    let mut inputs = Vec::new();
    for &g in &ds[3] {
        {
            let t = padded(&mut k, &mut rng, &pool, g, 1);
            let want = ex.of_kernel(&mut k, g);
            let written = tree_of(&mut ex, &mut k, &t);
            assert!(
                ex.eq(written, want),
                "padding changed the value: {}",
                show(&t)
            );
            inputs.push((t, want));
        }
    }
    for (name, rules) in rule_sets() {
        let engine = Engine::new(rules.clone());
        let mut failures = Vec::new();
        for (t, want) in &inputs {
            if let Err(e) = check_run(&mut ex, &mut k, &engine, &rules, t, *want) {
                failures.push(format!("{} ({name}): {e}", show(t)));
            }
        }
        report(&failures, &format!("padded day-3 forms ({name})"));
    }
}

/// Every sum of two day-2 games, both written explicitly: the engine's result, and the proof by
/// lemmas', is the canonical tree of the definitional sum of the two trees (the kernel's `add`
/// is not consulted).
#[test]
fn day2_sums_reach_the_canonical_form() {
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let mut ex = Ex::default();
    let mut inputs = Vec::new();
    for &a in &ds[2] {
        for &b in &ds[2] {
            let t = Term::sum(explicit_term(&mut k, a), explicit_term(&mut k, b));
            let (xa, xb) = (ex.of_kernel(&mut k, a), ex.of_kernel(&mut k, b));
            let sum = ex.add(xa, xb);
            let s = k.add(a, b).unwrap();
            let want = ex.of_kernel(&mut k, s);
            assert!(ex.eq(sum, want), "kernel sum of {}", show(&t));
            inputs.push((t, want));
        }
    }
    assert_eq!(inputs.len(), 22 * 22);
    for (name, rules) in rule_sets() {
        let engine = Engine::new(rules.clone());
        let mut failures = Vec::new();
        for (t, want) in &inputs {
            if let Err(e) = check_run(&mut ex, &mut k, &engine, &rules, t, *want) {
                failures.push(format!("{} ({name}): {e}", show(t)));
            }
            if let Err(e) = check_lemmas(&mut ex, &mut k, &engine, &rules, t, *want) {
                failures.push(format!("{} ({name}): {e}", show(t)));
            }
        }
        report(&failures, &format!("day-2 sums ({name})"));
    }
}

/// A seeded random sample of games born by day 4: `{L | R}` with L and R random sets of day-3
/// games (dominated options and all). For every sample the kernel's value is definitionally
/// equal to the explicit game and the kernel's order agrees with the definition against the
/// previous sample; every fourth sample also goes through the engine with both rule sets.
#[test]
fn day4_seeded_sample() {
    const SAMPLES: usize = 3000;
    let mut k = Kernel::new();
    let ds = days(&mut k);
    let day3 = ds[3].clone();
    let mut rng = Rng(0x5eed_0004);
    let mut ex = Ex::default();
    let sets = rule_sets();
    let engines: Vec<Engine> = sets.iter().map(|(_, r)| Engine::new(r.clone())).collect();
    let mut prev: Option<(GameId, usize)> = None;
    let mut failures = Vec::new();
    for i in 0..SAMPLES {
        let pick = |rng: &mut Rng| -> Vec<GameId> {
            let n = rng.below(4);
            (0..n).map(|_| day3[rng.below(day3.len())]).collect()
        };
        let (l, r) = (pick(&mut rng), pick(&mut rng));
        let g = k.from_options(&l, &r).unwrap();
        let xl: Vec<usize> = l.iter().map(|&x| ex.of_kernel(&mut k, x)).collect();
        let xr: Vec<usize> = r.iter().map(|&x| ex.of_kernel(&mut k, x)).collect();
        let raw = ex.make(xl, xr);
        let canon = ex.of_kernel(&mut k, g);
        let t = Term::game(
            l.iter().map(|&x| explicit_term(&mut k, x)).collect(),
            r.iter().map(|&x| explicit_term(&mut k, x)).collect(),
        );
        assert!(ex.eq(raw, canon), "kernel value of {}", show(&t));
        if let Some((h, xh)) = prev {
            assert_eq!(
                k.le(g, h).unwrap(),
                ex.le(canon, xh),
                "{} <= previous",
                show(&t)
            );
            assert_eq!(
                k.le(h, g).unwrap(),
                ex.le(xh, canon),
                "previous <= {}",
                show(&t)
            );
        }
        prev = Some((g, canon));
        if i % 4 == 0 {
            for ((name, rules), engine) in sets.iter().zip(&engines) {
                if let Err(e) = check_run(&mut ex, &mut k, engine, rules, &t, canon) {
                    failures.push(format!("{} ({name}): {e}", show(&t)));
                }
            }
        }
    }
    report(&failures, "day-4 samples");
}
