//! The games on graphs valued by their definition directly: every position's value built from
//! its options as the naive generator of the proof checker derives them from the rules
//! (`graph_games_check::options`: Col and Snort played with colours, Arc Kayles on plain edge
//! lists; no components, no bit sets, no table), compared with the functions' values on every
//! graph of up to four vertices (with tints) and on sampled graphs of five and six.

use crate::functions::{self, graph_games_check as naive};
use crate::{Arg, GameId, Kernel};
use std::collections::HashMap;

/// The value of `name("text")` from the definition: `{ L options | R options }`, recursively.
fn by_definition(
    name: &str,
    text: &str,
    k: &mut Kernel,
    memo: &mut HashMap<String, GameId>,
) -> GameId {
    let moves =
        |t: &String| naive::options(name, t).unwrap_or_else(|e| panic!("{name}({t:?}): {e}"));
    crate::rulesets::tests::by_definition(k, &text.to_string(), &moves, memo)
}

fn value(name: &str, text: &str, k: &mut Kernel) -> GameId {
    functions::lookup(name)
        .unwrap()
        .value(&[Arg::Text(text.into())], k)
        .unwrap_or_else(|e| panic!("{name}({text:?}): {e}"))
}

/// The graph on `n` vertices with the edges of `mask` (bit i: the i-th pair a < b) and the
/// tints `tints` (base 3: unlabelled, L, R), written with every vertex named.
fn text(n: usize, mask: u32, tints: u32) -> String {
    let label = |v: usize| ["", "L", "R"][(tints / 3u32.pow(v as u32) % 3) as usize];
    let mut parts: Vec<String> = (0..n).map(|v| format!("{}:{v}", label(v))).collect();
    let mut i = 0;
    for a in 0..n {
        for b in a + 1..n {
            if mask & (1 << i) != 0 {
                parts.push(format!("{}:{a}-{}:{b}", label(a), label(b)));
            }
            i += 1;
        }
    }
    parts.join(";")
}

#[test]
fn every_small_graph_agrees_with_the_definition() {
    let mut k = Kernel::new();
    let mut memo: HashMap<(String, String), GameId> = HashMap::new();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut cases: Vec<(usize, u32, u32)> = Vec::new();
    for n in 1..=4usize {
        let pairs = n * (n - 1) / 2;
        for mask in 0..1u32 << pairs {
            for _ in 0..3 {
                cases.push((
                    n,
                    mask,
                    (crate::xorshift(&mut seed) % 3u64.pow(n as u32)) as u32,
                ));
            }
            cases.push((n, mask, 0));
        }
    }
    for n in [5usize, 6] {
        for _ in 0..60 {
            let pairs = n * (n - 1) / 2;
            let mask = (crate::xorshift(&mut seed) % (1u64 << pairs)) as u32;
            cases.push((
                n,
                mask,
                (crate::xorshift(&mut seed) % 3u64.pow(n as u32)) as u32,
            ));
        }
    }
    for (n, mask, tints) in cases {
        for name in ["col", "snort", "arc_kayles"] {
            let t = text(n, mask, if name == "arc_kayles" { 0 } else { tints });
            let mut m: HashMap<String, GameId> = memo
                .iter()
                .filter(|((f, _), _)| f == name)
                .map(|((_, t), g)| (t.clone(), *g))
                .collect();
            let want = by_definition(name, &t, &mut k, &mut m);
            for (t, g) in m {
                memo.insert((name.to_string(), t), g);
            }
            assert_eq!(value(name, &t, &mut k), want, "{name}({t:?})");
        }
    }
}

/// Winning Ways ch. 2: every Col position is a number or a number plus *.
#[test]
fn col_values_are_numbers_or_numbers_plus_star() {
    let mut k = Kernel::new();
    let mut seed = 12345u64;
    for n in 1..=6usize {
        let pairs = n * (n - 1) / 2;
        for _ in 0..40 {
            let mask = (crate::xorshift(&mut seed) % (1u64 << pairs)) as u32;
            let tints = (crate::xorshift(&mut seed) % 3u64.pow(n as u32)) as u32;
            let t = text(n, mask, tints);
            let g = value("col", &t, &mut k);
            let Some((_, up, nim)) = k.as_nus(g) else {
                panic!("col({t:?}) is not a number-up-star");
            };
            assert!(
                up == num_bigint::BigInt::from(0)
                    && (nim == crate::Nimber::from(0u64) || nim == crate::Nimber::from(1u64)),
                "col({t:?}): {up} {nim:?}"
            );
        }
    }
}
