//! Times the ruleset targets of issue 17 and prints a Markdown table (CPU and wall time, peak
//! resident memory of the process so far): Domineering 4×4 with proof and check, 5×5 and
//! (with `--6x6`) 6×6, Kayles nim-values to 40,000 with the period.
//!
//! `cargo run --release --example rulesets_table [-- --6x6]`

use onag::{domineering_value as value, DomineeringPosition as Position};
use onag::{Budget, Kernel};
use onag::{NimSequence, OctalCode};
use std::time::Instant;

fn cpu_seconds() -> f64 {
    let mut u = libc::rusage {
        ..unsafe { std::mem::zeroed() }
    };
    // SAFETY: getrusage writes into the struct we own.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_utime.tv_sec as f64 + u.ru_utime.tv_usec as f64 / 1e6
}

fn peak_mib() -> f64 {
    let mut u = libc::rusage {
        ..unsafe { std::mem::zeroed() }
    };
    // SAFETY: as above.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) };
    u.ru_maxrss as f64 / 1024.0
}

fn row(name: &str, target: &str, f: impl FnOnce() -> String) {
    let (c0, t0) = (cpu_seconds(), Instant::now());
    let result = f();
    println!(
        "| {name} | {result} | {:.3} s | {:.3} s | {:.0} MiB | {target} |",
        cpu_seconds() - c0,
        t0.elapsed().as_secs_f64(),
        peak_mib()
    );
}

fn domineering(r: usize, c: usize) -> String {
    let mut k = Kernel::new();
    let g = value(&Position::empty(r, c), &mut k).unwrap();
    let t = onag::print(&k.to_term(g), &Default::default());
    if t.len() > 40 {
        format!("{} chars, kernel {} games", t.len(), k.len())
    } else {
        t
    }
}

fn main() {
    let big = std::env::args().any(|a| a == "--6x6");
    println!("| workload | result | CPU | wall | peak RSS | target |");
    println!("|---|---|---|---|---|---|");
    row("Domineering empty 4×4", "—", || domineering(4, 4));
    row(
        "Domineering empty 5×5",
        "≤ 0.5 s (0.1× cgt's 5.0 s)",
        || domineering(5, 5),
    );
    row(
        "Domineering 4×4: every position's opening made and checked",
        "≤ 1 s with proof + check",
        || {
            let f = onag::function("domineering").unwrap();
            let mut k = Kernel::new();
            let mut seen = std::collections::HashSet::new();
            let mut todo = vec![onag::Arg::Text("....|....|....|....".into())];
            while let Some(a) = todo.pop() {
                if !seen.insert(a.clone()) {
                    continue;
                }
                let args = [a];
                let o = f.open(&args, &mut k).unwrap().unwrap();
                assert_eq!(f.check_open(&args, &o.term), Some(Ok(())));
                if let onag::Term::Game { left, right } = &o.term {
                    for t in left.iter().chain(right) {
                        if let onag::Term::Call { args, .. } = t {
                            todo.extend(args.iter().cloned());
                        }
                    }
                }
            }
            format!("{} openings checked", seen.len())
        },
    );
    row(
        "Kayles nim-values n ≤ 40,000",
        "≤ 1 s, period 12",
        || {
            let mut s = NimSequence::new(OctalCode::parse("0.77").unwrap());
            let v = s.values_to(40_000, &Budget::default()).unwrap();
            let p = s.periodicity().unwrap();
            format!(
                "{} values, period {} from {}",
                v.len(),
                p.period,
                p.preperiod
            )
        },
    );
    row(
        "Kayles n ≤ 40,000 heap by heap (no period used)",
        "—",
        || {
            let mut g: Vec<u8> = Vec::with_capacity(40_001);
            for m in 0..=40_000usize {
                let mut seen = [false; 32];
                for k in 1..=2usize.min(m) {
                    let rest = m - k;
                    for a in 0..=rest / 2 {
                        seen[(g[a] ^ g[rest - a]) as usize] = true;
                    }
                }
                g.push(seen.iter().position(|&s| !s).unwrap_or(31) as u8);
            }
            format!("G(40000) = {}", g[40_000])
        },
    );
    if big {
        row("Domineering empty 6×6", "≤ 60 s, ≤ 4 GiB", || {
            domineering(6, 6)
        });
    }
}
