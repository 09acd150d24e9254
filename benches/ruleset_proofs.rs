//! Proofs from the board (issue 17's target: the empty 4×4 Domineering board simplified with a
//! proof and that proof checked, together in at most 1 s).

use criterion::{criterion_group, criterion_main, Criterion};
use onag::Engine;
use onag::RuleSet;

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("ruleset_proofs");
    g.sample_size(10);
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    for board in ["...|...|...", "....|....|....", "....|....|....|...."] {
        let t = onag::parse(&format!("domineering(\"{board}\")")).expect("a board");
        // `simplify` checks the proof before it returns it; the second check is what a
        // reader's `onag check` does.
        g.bench_function(
            format!("domineering {board}: simplify with proof, check"),
            |b| {
                b.iter(|| {
                    let s = onag::simplify(&t, &engine).expect("a proof");
                    s.proof.check(&rules).expect("it checks");
                })
            },
        );
    }
    g.finish();
}

criterion_group!(ruleset_proofs, benches);
criterion_main!(ruleset_proofs);
