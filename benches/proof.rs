//! Proofs: building a checked proof from an engine run, and checking one again without the
//! e-graph, for the seeds' worked examples and sums of switches Σ_{k=1..n} {k|−k}. The size of
//! each proof in steps (and in single rule instances, counting the parts of grouped steps) is
//! printed first.
//!
//! The sums stop at n = 5: every step holds the whole term, and the terms between a sum and
//! its canonical form are its expansions, trees of exponential size (n = 6 takes about 10 s and
//! 650 MB; n = 7 did not finish in 5 minutes and 10 GB). BENCHMARKS.md records this.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::engine::Engine;
use onag::proof::{proof_of_simplification, Proof};
use onag::rules::RuleSet;
use onag::syntax::parse;
use std::time::{Duration, Instant};

#[path = "common/workloads.rs"]
mod workloads;
use workloads::{switches_text as switches, SEEDS};

/// Simplifies and builds the checked proof.
fn prove(engine: &Engine, src: &str) -> Proof {
    let t = parse(src).unwrap();
    let mut s = engine.simplify(&t).unwrap();
    proof_of_simplification(&mut s, engine.rules()).unwrap()
}

fn report(name: &str, engine: &Engine, src: &str) {
    let start = Instant::now();
    let p = prove(engine, src);
    let built = start.elapsed();
    let start = Instant::now();
    p.check(engine.rules()).unwrap();
    let checked = start.elapsed();
    let instances: usize = p.steps.iter().map(|s| s.parts.len().max(1)).sum();
    println!(
        "{name}: {} steps ({instances} rule instances), simplify+prove {built:.1?}, check {checked:.1?}",
        p.steps.len()
    );
}

fn bench(c: &mut Criterion) {
    let all = Engine::new(RuleSet::builtin());
    let fundamental = Engine::new(RuleSet::builtin().select("fundamental").unwrap());
    let mut g = c.benchmark_group("proof");
    g.measurement_time(Duration::from_secs(5)).sample_size(10);
    let mut inputs: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    inputs.push(switches(4));
    inputs.push(switches(5));
    for src in &inputs {
        for (set, engine) in [("all rules", &all), ("fundamental", &fundamental)] {
            let sum = src.matches('+').count() >= 3;
            if sum && set == "fundamental" {
                continue; // sums of switches are measured with the shortcuts, as in the engine benches
            }
            let name = if sum {
                format!("sum of {{k|-k}}, k=1..{}", src.matches('+').count() + 1)
            } else {
                src.clone()
            };
            report(&format!("{name} ({set})"), engine, src);
            g.bench_function(format!("simplify and prove {name} ({set})"), |b| {
                b.iter(|| prove(engine, src))
            });
            let p = prove(engine, src);
            g.bench_function(format!("check {name} ({set})"), |b| {
                b.iter(|| p.check(engine.rules()).unwrap())
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
