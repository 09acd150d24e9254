//! Making proofs read like a person's argument: no detours, and one step for a batch of
//! deletions in one game.
//!
//! Both passes keep the proof checkable: cutting a detour leaves a chain whose steps still
//! connect, and a grouped step keeps its single rule instances as parts the checker re-verifies.

use super::step::{replace_at, subterm_at, Step};
use crate::term::Term;
use rustc_hash::FxHashMap;

/// The proof's steps without detours or scattered deletions.
///
/// A step may start where the chain is ([`Step::FROM_CHAIN`], as the composer's do): its
/// `from` is then the `to` of the step before it, or `input`.
pub(crate) fn tidy(input: &Term, steps: Vec<Step>) -> Vec<Step> {
    let mut steps = cut_detours(input, steps);
    // Steps all at the root, each starting where the chain is, have no excursion to cut:
    // with the detours gone, no step reaches the term any step before it started from (see
    // `cut_excursions`). The composer's chains of rules at a game's root (the deletions of
    // dominated options) are such.
    let at_root = |s: &Step| s.at.is_empty() && s.parts.is_empty() && s.from == Step::FROM_CHAIN;
    if steps.iter().all(at_root) {
        return group(input, steps);
    }
    for _ in 0..MAX_PASSES {
        let before = steps.len();
        steps = cut_excursions(input, steps);
        if steps.len() == before {
            break;
        }
    }
    group(input, steps)
}

/// The term step `i` of `steps` starts from, in a chain from `input`.
fn start<'a>(input: &'a Term, steps: &'a [Step], i: usize) -> &'a Term {
    let chain = match i.checked_sub(1) {
        Some(j) => &steps[j].to,
        None => input,
    };
    steps[i].starts_at(chain)
}

/// Chains of at most this many steps have their detours found by comparing each step's
/// result with those before it, rather than by hashing them.
const FEW_STEPS: usize = 8;

/// How many times excursions are looked for (each pass can reveal more).
const MAX_PASSES: usize = 6;

/// How far ahead an excursion's return is looked for.
const MAX_EXCURSION: usize = 4096;

/// Removes excursions: a subterm that steps take away and later bring back to what it was
/// (a closed form opened, then folded back), while the steps in between touch only that
/// subterm or places beside it. The steps beside it stay, with the subterm put back as it was;
/// they were rule instances at their own positions, and still are.
fn cut_excursions(input: &Term, mut steps: Vec<Step>) -> Vec<Step> {
    let mut i = 0;
    while i < steps.len() {
        let p = &steps[i].at;
        // The subterm is copied only once its return is found (most steps have none).
        let Some(orig) = subterm_at(start(input, &steps, i), p) else {
            i += 1;
            continue;
        };
        let mut back = None;
        for (j, s) in steps.iter().enumerate().skip(i).take(MAX_EXCURSION) {
            let within = s.at.starts_with(p);
            if !within && p.starts_with(&s.at) {
                break; // a step around the subterm: the excursion cannot be cut past it
            }
            if within && subterm_at(&s.to, p) == Some(orig) {
                back = Some(j);
                break;
            }
        }
        let Some(j) = back else {
            i += 1;
            continue;
        };
        let (p, orig) = (p.clone(), orig.clone());
        let restore = |t: &Term| replace_at(t, &p, &orig);
        let mut kept = Vec::new();
        let mut ok = true;
        for s in &steps[i..=j] {
            if s.at.starts_with(&p) {
                continue;
            }
            // A step that starts where the chain is still does: the kept steps connect
            // (the steps cut changed only the subterm at `p`, which is put back).
            let fix = |s: &Step| -> Option<Step> {
                Some(Step {
                    from: if s.from == Step::FROM_CHAIN {
                        Step::FROM_CHAIN
                    } else {
                        restore(&s.from)?
                    },
                    to: restore(&s.to)?,
                    ..s.clone()
                })
            };
            let fixed = fix(s).and_then(|mut f| {
                f.parts = s.parts.iter().map(fix).collect::<Option<Vec<_>>>()?;
                Some(f)
            });
            match fixed {
                Some(f) => kept.push(f),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            i += 1;
            continue;
        }
        steps.splice(i..=j, kept);
    }
    steps
}

/// Removes every stretch of steps that leads from a term back to the same term: egg's
/// explanation can pass through other members of an e-class on its way. The terms visited are
/// found by their hash, not by comparing each step with all before it: an explanation of
/// thousands of steps of large terms made that comparison most of a proof's time.
fn cut_detours(input: &Term, steps: Vec<Step>) -> Vec<Step> {
    // A short chain (the composer's, of a few rules at a game's root) is compared step by
    // step: the same cuts, without hashing every term reached.
    if steps.len() <= FEW_STEPS {
        let mut out: Vec<Step> = Vec::with_capacity(steps.len());
        for s in steps {
            if &s.to == input {
                out.clear();
            } else if let Some(i) = out.iter().position(|o| o.to == s.to) {
                out.truncate(i + 1);
            } else {
                out.push(s);
            }
        }
        return out;
    }
    cut_detours_hashed(input, steps)
}

/// [`cut_detours`] for a chain of any length: the terms visited found by their hash.
fn cut_detours_hashed(input: &Term, steps: Vec<Step>) -> Vec<Step> {
    let hash = |t: &Term| {
        use std::hash::{BuildHasher, BuildHasherDefault};
        BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(t)
    };
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    // The positions in `out` of the steps reaching each hash, in increasing order: a detour
    // cut removes the latest positions, which are the last of their lists.
    let mut seen: FxHashMap<u64, Vec<usize>> = FxHashMap::default();
    let mut hashes: Vec<u64> = Vec::with_capacity(steps.len());
    for s in steps {
        // The chain so far visits input, out[0].to, out[1].to, ...; if this step returns to one
        // of them, everything since is a detour.
        let h = hash(&s.to);
        let back = if &s.to == input {
            Some(0)
        } else {
            seen.get(&h)
                .and_then(|at| at.iter().copied().find(|&i| out[i].to == s.to))
                .map(|i| i + 1)
        };
        match back {
            Some(keep) => {
                for gone in hashes.drain(keep..) {
                    if let Some(at) = seen.get_mut(&gone) {
                        at.pop();
                    }
                }
                out.truncate(keep);
            }
            None => {
                seen.entry(h).or_default().push(out.len());
                hashes.push(h);
                out.push(s);
            }
        }
    }
    out
}

/// The number of options of the game at a step's position, before and after; `from` is the
/// term the step starts from.
fn option_counts(s: &Step, from: &Term) -> Option<(usize, usize)> {
    let count = |t: &Term| match t {
        Term::Game { left, right } => Some(left.len() + right.len()),
        _ => None,
    };
    Some((
        count(subterm_at(from, &s.at)?)?,
        count(subterm_at(&s.to, &s.at)?)?,
    ))
}

/// Whether a single step, starting from `from`, deletes options and changes nothing else of
/// the game; read backwards when it is reversed (the second half of a proof of a = b), where
/// it adds the same options back.
fn deletes(s: &Step, from: &Term) -> bool {
    s.parts.is_empty()
        && match option_counts(s, from) {
            Some((b, a)) if s.reversed => b < a,
            Some((b, a)) => a < b,
            None => false,
        }
}

/// Merges runs of consecutive deletions by the same rule at the same position into one step.
fn group(input: &Term, steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    let mut run: Vec<Step> = Vec::new();
    let flush = |run: &mut Vec<Step>, out: &mut Vec<Step>| {
        if run.len() < 2 {
            out.append(run);
            return;
        }
        let parts = std::mem::take(run);
        let (first, last) = (&parts[0], &parts[parts.len() - 1]);
        out.push(Step {
            from: first.from.clone(),
            to: last.to.clone(),
            rule: first.rule.clone(),
            at: first.at.clone(),
            // The parts' words joined; when the composer left them to be written later
            // (`explain::write_reasons`), so are these.
            why: if parts.iter().any(|p| p.why.is_empty()) {
                String::new()
            } else {
                parts
                    .iter()
                    .map(|p| p.why.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            },
            witnesses: Default::default(),
            reversed: first.reversed,
            parts,
            lemma: None,
        });
    };
    for s in steps {
        // A step that starts where the chain is (`Step::FROM_CHAIN`) joins the one before
        // it without comparing the terms.
        let joins = run.last().is_some_and(|p| {
            p.rule == s.rule
                && p.at == s.at
                && p.reversed == s.reversed
                && (s.from == Step::FROM_CHAIN || p.to == s.from)
                && p.lemma.is_none()
                && s.lemma.is_none()
        });
        if !joins {
            flush(&mut run, &mut out);
        }
        // The term the chain has reached: the last step kept, in `run` if it has any.
        let chain = run.last().or(out.last()).map_or(input, |p| &p.to);
        let batchable = deletes(&s, s.starts_at(chain));
        if batchable {
            run.push(s);
        } else {
            flush(&mut run, &mut out);
            out.push(s);
        }
    }
    flush(&mut run, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(to: i64) -> Step {
        Step {
            from: Step::FROM_CHAIN,
            to: Term::integer(to),
            rule: "r".into(),
            at: Vec::new(),
            why: String::new(),
            witnesses: Default::default(),
            reversed: false,
            parts: Vec::new(),
            lemma: None,
        }
    }

    /// Every chain of up to `FEW_STEPS` steps over four terms (the input among them, so
    /// detours back to it, to any earlier term, nested and repeated): the short chain's cuts
    /// are the hashed ones, and what is left visits no term twice.
    #[test]
    fn a_short_chains_detours_are_cut_as_by_hashing() {
        let input = Term::integer(0);
        let mut cut = 0;
        for len in 0..=FEW_STEPS {
            for code in 0..4usize.pow(len as u32) {
                let chain: Vec<Step> = (0..len)
                    .map(|i| step((code / 4usize.pow(i as u32) % 4) as i64))
                    .collect();
                let short = cut_detours(&input, chain.clone());
                assert_eq!(short, cut_detours_hashed(&input, chain.clone()), "{code}");
                let mut seen = vec![input.clone()];
                for s in &short {
                    assert!(!seen.contains(&s.to), "{code}");
                    seen.push(s.to.clone());
                }
                cut += usize::from(short.len() < chain.len());
            }
        }
        assert!(cut > 1000);
    }

    /// A chain of root steps: tidied with or without the search for excursions, the same.
    #[test]
    fn root_chains_need_no_excursion_search() {
        let input = Term::integer(0);
        for code in 0..4usize.pow(6) {
            let chain: Vec<Step> = (0..6)
                .map(|i| step((code / 4usize.pow(i) % 4) as i64))
                .collect();
            let mut full = cut_detours(&input, chain.clone());
            for _ in 0..MAX_PASSES {
                full = cut_excursions(&input, full);
            }
            assert_eq!(tidy(&input, chain), group(&input, full), "{code}");
        }
    }
}
