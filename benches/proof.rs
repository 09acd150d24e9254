//! Proofs: building a checked proof from an engine run, and checking one again without the
//! e-graph, for the seeds' worked examples and sums of switches Σ_{k=1..n} {k|−k}. The size of
//! each proof in steps (and in single rule instances, counting the parts of grouped steps) is
//! printed first.
//!
//! Sums are proved by lemmas (`proof::simplify`): each distinct sum of simplified games once,
//! cited wherever it recurs. Before lemmas every step held the whole expanded term and n = 8
//! ran out of memory; BENCHMARKS.md records both.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::parse;
use onag::Engine;
use onag::RuleSet;
use onag::{simplify, Proof};
use std::time::{Duration, Instant};

/// The allocator the `onag` binary runs on, so the times are the tool's (with the system
/// allocator this bench read 40% slower than `proof_growth` on the same sum).
#[global_allocator]
static ALLOC: onag::CountingAlloc = onag::CountingAlloc;

#[path = "common/workloads.rs"]
mod workloads;
use workloads::{switches_text as switches, SEEDS};

/// Simplifies and builds the checked proof.
fn prove(engine: &Engine, src: &str) -> Proof {
    let t = parse(src).unwrap();
    simplify(&t, engine).unwrap().proof
}

fn report(name: &str, engine: &Engine, src: &str) {
    let start = Instant::now();
    let p = prove(engine, src);
    let built = start.elapsed();
    let start = Instant::now();
    p.check(engine.rules()).unwrap();
    let checked = start.elapsed();
    let instances: usize = p
        .steps
        .iter()
        .chain(p.lemmas.iter().flat_map(|l| &l.steps))
        .map(|s| s.parts.len().max(1))
        .sum();
    println!(
        "{name}: {} steps ({} lemmas, {instances} rule instances in all), simplify+prove {built:.1?}, check {checked:.1?}",
        p.size(),
        p.lemmas.len()
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
    inputs.push(switches(8));
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
