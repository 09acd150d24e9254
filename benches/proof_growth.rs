//! How proofs grow with the sum (issue 14): for Σ_{k=1..n} {k|−k}, Σ {0||0|−k} and Σ {2k|k},
//! the lemmas, steps and shared terms of the checked proof by lemmas, the time to build and
//! check it, and the exponent of a power law fitted to the steps (log-log least squares).
//! Polynomial growth is the point: written out as trees, these proofs grew like 2^n.
//!
//! `cargo bench --bench proof_growth` (add a maximum n as an argument: default 14).

use onag::simplify;
use onag::CountingAlloc;
use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use std::time::Instant;

/// The allocator the `onag` binary runs on, so the times are the tool's.
#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

fn family(name: &str, n: usize) -> String {
    (1..=n)
        .map(|k| match name {
            "switches" => format!("{{{k}|-{k}}}"),
            "tinies" => format!("{{0||0|-{k}}}"),
            _ => format!("{{{}|{k}}}", 2 * k),
        })
        .collect::<Vec<_>>()
        .join("+")
}

fn fit(points: &[(f64, f64)]) -> f64 {
    let m = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x, b + y));
    let (mx, my) = (sx / m, sy / m);
    let num: f64 = points.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let den: f64 = points.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    num / den
}

fn main() {
    let max: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(14);
    // As the binary's proof commands do: ordinary pages for millions of small terms.
    CountingAlloc::prefer_small_pages();
    let engine = Engine::new(RuleSet::builtin());
    println!("| family | n | lemmas | steps | shared terms | proof + check | kernel | ratio |");
    println!("|---|---|---|---|---|---|---|---|");
    for name in ["switches", "tinies", "warm"] {
        let mut points = Vec::new();
        for n in (6..=max).step_by(2) {
            let t = onag::parse(&family(name, n)).unwrap();
            // The best of a few runs of each (fewer for the large sums), so a page fault or
            // another process does not decide the ratio.
            let runs = if n <= 12 { 5 } else { 1 };
            let mut took = std::time::Duration::MAX;
            let mut kt = std::time::Duration::MAX;
            let mut last = None;
            for _ in 0..runs {
                let start = Instant::now();
                let s = simplify(&t, &engine).expect("a checked proof");
                took = took.min(start.elapsed());
                last = Some(s);
                let k0 = Instant::now();
                let mut k = Kernel::new();
                k.eval(&t).unwrap();
                kt = kt.min(k0.elapsed());
            }
            let s = last.expect("at least one run");
            let steps = s.proof.size();
            points.push(((n as f64).ln(), (steps as f64).ln()));
            println!(
                "| {name} | {n} | {} | {steps} | {} | {:.1} ms | {:.2} ms | {:.0}x |",
                s.proof.lemmas.len(),
                s.proof.terms.len(),
                took.as_secs_f64() * 1e3,
                kt.as_secs_f64() * 1e3,
                took.as_secs_f64() / kt.as_secs_f64().max(1e-9)
            );
        }
        println!(
            "| {name} | fitted exponent of steps in n | {:.2} | | | | | |",
            fit(&points)
        );
    }
}
