//! The regression gate's workloads timed (`cargo bench --bench gate`): each one's work count,
//! the number `tests/work_gate.rs` compares with `benches/work_counts.txt`, and the median of
//! three runs' wall time, one line each. Prints lines in the record's format (`name count`)
//! first, so a new record is this output's first lines.

#[path = "common/gate.rs"]
mod gate;

use std::time::Instant;

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let mut rows = Vec::new();
    for w in &gate::WORKLOADS {
        if filter.as_deref().is_some_and(|f| !w.name.contains(f)) {
            continue;
        }
        let mut times = Vec::new();
        let mut count = 0;
        for _ in 0..3 {
            let t = Instant::now();
            count = (w.run)();
            times.push(t.elapsed());
        }
        times.sort();
        rows.push((w.name, count, times[1], w.counts));
    }
    for (name, count, _, _) in &rows {
        println!("{name} {count}");
    }
    println!();
    println!("| workload | work count | median of 3 | counts |");
    println!("|---|---|---|---|");
    for (name, count, t, what) in &rows {
        println!(
            "| {name} | {count} | {:.1} ms | {what} |",
            t.as_secs_f64() * 1e3
        );
    }
}
