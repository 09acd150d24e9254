//! The rewrite engine (explanations on) against the kernel alone: the seeds' worked examples,
//! sums of switches, and random game terms of 1,000 and 10,000 nodes. Before timing, each
//! input's e-graph size, rule applications and peak heap are printed once.

use criterion::{criterion_group, criterion_main, Criterion};
use onag::parse;
use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use onag::Term;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts live heap bytes and their peak, so a run's memory can be reported.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[path = "common/workloads.rs"]
mod workloads;
use workloads::{random_term, switches_text as switches, Rng, SEEDS};

#[global_allocator]
static ALLOC: Counting = Counting;

fn nodes(t: &Term) -> usize {
    match t {
        Term::Game { left, right } => 1 + left.iter().chain(right).map(nodes).sum::<usize>(),
        Term::Sum(a, b) => 1 + nodes(a) + nodes(b),
        Term::Neg(a) => 1 + nodes(a),
        _ => 1,
    }
}

/// One run, measured: e-nodes, e-classes, rule applications, rounds, peak heap, wall time.
fn report(name: &str, engine: &Engine, t: &Term) {
    let base = LIVE.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let s = engine.saturate(t).expect("simplifies");
    let took = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed) - base;
    let start = Instant::now();
    let _ = Kernel::new().eval(t).unwrap();
    let kernel = start.elapsed();
    println!(
        "{name}: {} term nodes, {} e-nodes, {} e-classes, {} rule applications, {} rounds, \
         peak heap {:.1} MiB, engine {:.1?}, kernel {:.1?}, canonical {}",
        nodes(t),
        s.runs().map(|r| r.nodes()).sum::<usize>(),
        s.runs().map(|r| r.classes()).sum::<usize>(),
        s.steps().count(),
        s.runs().map(|r| r.rounds).sum::<usize>(),
        peak as f64 / (1024.0 * 1024.0),
        took,
        kernel,
        s.canonical
    );
}

fn bench(c: &mut Criterion) {
    let all = Engine::new(RuleSet::builtin());
    let fundamental = Engine::new(RuleSet::builtin().select("fundamental").unwrap());
    let mut g = c.benchmark_group("engine");
    g.measurement_time(Duration::from_secs(5)).sample_size(10);
    for src in SEEDS {
        let t = parse(src).unwrap();
        report(&format!("{src} (all rules)"), &all, &t);
        report(&format!("{src} (fundamental)"), &fundamental, &t);
        g.bench_function(format!("simplify {src} (all rules)"), |b| {
            b.iter(|| all.saturate(&t).unwrap())
        });
        g.bench_function(format!("simplify {src} (fundamental)"), |b| {
            b.iter(|| fundamental.saturate(&t).unwrap())
        });
    }
    for n in [4, 8] {
        let t = parse(&switches(n)).unwrap();
        report(&format!("sum of {{k|-k}}, k=1..{n}"), &all, &t);
        g.bench_function(format!("sum of {{k|-k}}, k=1..{n}, engine"), |b| {
            b.iter(|| all.saturate(&t).unwrap())
        });
        g.bench_function(format!("sum of {{k|-k}}, k=1..{n}, kernel"), |b| {
            b.iter(|| Kernel::new().eval(&t).unwrap())
        });
    }
    for size in [1_000, 10_000] {
        let t = random_term(&mut Rng(size as u64), size);
        report(&format!("random term of {size} nodes"), &all, &t);
        g.bench_function(format!("random term of {size} nodes, engine"), |b| {
            b.iter(|| all.saturate(&t).unwrap())
        });
        g.bench_function(format!("random term of {size} nodes, kernel"), |b| {
            b.iter(|| Kernel::new().eval(&t).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
