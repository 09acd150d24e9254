//! The rewrite engine (explanations on) against the kernel alone.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::engine::Engine;
use onag::kernel::Kernel;
use onag::rules::RuleSet;
use onag::syntax::parse;
use std::time::Duration;

const SEEDS: [&str; 7] = [
    "{0,1|2}",
    "{0|5}",
    "{-5|0,{*,*4|*,*4}}",
    "{{*|*},*,*3|{*|*},*,*3}",
    "{0,-7|1,3/2,3/4}",
    "^+^+*",
    "{2|1} + 1/2",
];

fn switches(n: i64) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn bench(c: &mut Criterion) {
    let all = Engine::new(RuleSet::builtin());
    let fundamental = Engine::new(RuleSet::builtin().select("fundamental").unwrap());
    let mut g = c.benchmark_group("engine");
    g.measurement_time(Duration::from_secs(5)).sample_size(10);
    for src in SEEDS {
        let t = parse(src).unwrap();
        g.bench_function(format!("simplify {src} (all rules)"), |b| {
            b.iter(|| all.simplify(&t).unwrap())
        });
        g.bench_function(format!("simplify {src} (fundamental)"), |b| {
            b.iter(|| fundamental.simplify(&t).unwrap())
        });
    }
    for n in [4, 8] {
        let t = parse(&switches(n)).unwrap();
        g.bench_function(format!("sum of {{k|-k}}, k=1..{n}, engine"), |b| {
            b.iter(|| all.simplify(&t).unwrap())
        });
        g.bench_function(format!("sum of {{k|-k}}, k=1..{n}, kernel"), |b| {
            b.iter(|| Kernel::new().eval(&t).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
