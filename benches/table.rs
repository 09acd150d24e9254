//! Every workload of the speed issue, timed once or a few times, printed as one Markdown table
//! with the machine, the date, each row's peak heap and its target.
//!
//! ```sh
//! cargo bench --bench table                # everything, a few minutes
//! cargo bench --bench table -- day-3       # only rows whose name contains "day-3"
//! ONAG_BENCH_RUNS=1 valgrind --tool=callgrind target/release/deps/table-* day-3
//! ```
//!
//! Times are the best of k runs (k in the `runs` column), each from a fresh kernel or engine,
//! with untimed setup: the thread's CPU time, which is what the wall time is on an idle machine
//! and is what the targets are judged on, and the wall time, which on a shared machine also
//! counts other processes' turns. Peak heap is the most live heap bytes above the baseline during any one
//! timed run, counted by the global allocator below. Criterion benches (`cargo bench`) give the
//! detailed distributions; this table is the overview.

use num_bigint::{BigInt, BigUint};
use onag::parse;
use onag::simplify;
use onag::Engine;
use onag::RuleSet;
use onag::Term;
use onag::*;
use onag::{GameId, Kernel};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;

#[path = "common/workloads.rs"]
mod workloads;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use workloads::{day3_terms, random_term, Rng, SEEDS};

/// Counts live heap bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call forwards to `System` with the same arguments; the counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, new_size);
        if !q.is_null() {
            if new_size >= layout.size() {
                grew(new_size - layout.size());
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

const MIB: f64 = 1024.0 * 1024.0;
const GIB: usize = 1 << 30;

/// A target: the row is met when its time is below `limit` (and every row's heap below 1 GiB).
struct Target {
    limit: Duration,
    text: &'static str,
}

struct Row {
    group: &'static str,
    name: String,
    /// Best wall time of one run.
    best: Duration,
    /// Best thread CPU time of one run: what the wall time is when the machine is idle.
    cpu: Duration,
    /// Operations per run: when above 1 the time is shown per operation.
    ops: u64,
    runs: usize,
    peak: usize,
    target: Option<Target>,
    /// Why a row has no time (its child process failed).
    note: Option<String>,
}

impl Row {
    /// One line for the parent process: group, name, wall and CPU nanoseconds, ops, runs,
    /// peak bytes.
    fn emit(&self) -> String {
        format!(
            "ROW\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.group,
            self.name,
            self.best.as_nanos(),
            self.cpu.as_nanos(),
            self.ops,
            self.runs,
            self.peak
        )
    }
    /// Reads a line written by [`Row::emit`] (engine rows only, which have no time target).
    fn parse(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.strip_prefix("ROW\t")?.split('\t').collect();
        let [_, name, ns, cpu, ops, runs, peak] = f.as_slice() else {
            return None;
        };
        Some(Row {
            group: "engine",
            name: name.to_string(),
            best: Duration::from_nanos(ns.parse().ok()?),
            cpu: Duration::from_nanos(cpu.parse().ok()?),
            ops: ops.parse().ok()?,
            runs: runs.parse().ok()?,
            peak: peak.parse().ok()?,
            target: None,
            note: None,
        })
    }
}

struct Table {
    filter: Option<String>,
    /// In a child process: the engine input to run (see [`run_child`]).
    child: Option<String>,
    /// Exactly this many runs of each row (`ONAG_BENCH_RUNS`, for profiling).
    runs: Option<usize>,
    rows: Vec<Row>,
}

impl Table {
    /// Whether the row `name` of `group` is to run: no filter, or the filter is part of either.
    fn wants(&self, group: &str, name: &str) -> bool {
        self.filter
            .as_ref()
            .is_none_or(|f| group.contains(f.as_str()) || name.contains(f.as_str()))
    }

    /// Times `run` on fresh `setup` output: at least `min_runs` runs, more while the total stays
    /// under `budget`, at most 10.
    #[allow(clippy::too_many_arguments)]
    fn time<S, R>(
        &mut self,
        group: &'static str,
        name: &str,
        ops: u64,
        target: Option<Target>,
        min_runs: usize,
        budget: Duration,
        mut setup: impl FnMut() -> S,
        mut run: impl FnMut(S) -> R,
    ) {
        if !self.wants(group, name) {
            return;
        }
        let mut best = Duration::MAX;
        let mut cpu = Duration::MAX;
        let mut peak = 0;
        let mut runs = 0;
        let mut spent = Duration::ZERO;
        let (min_runs, max_runs) = match self.runs {
            Some(n) => (n, n),
            None => (min_runs, 10),
        };
        while runs < min_runs || (runs < max_runs && spent + best < budget) {
            let s = setup();
            let base = LIVE.load(Ordering::Relaxed);
            PEAK.store(base, Ordering::Relaxed);
            let start = Instant::now();
            let cpu_start = thread_cpu();
            let r = run(s);
            let took = start.elapsed();
            cpu = cpu.min(thread_cpu().saturating_sub(cpu_start));
            peak = peak.max(PEAK.load(Ordering::Relaxed).saturating_sub(base));
            drop(black_box(r));
            best = best.min(took);
            spent += took;
            runs += 1;
        }
        let row = Row {
            group,
            name: name.to_string(),
            best,
            cpu,
            ops,
            runs,
            peak,
            target,
            note: None,
        };
        eprintln!(
            "  {:<60} {} (wall {})",
            row.name,
            show_time(row.cpu, row.ops),
            show_time(row.best, row.ops)
        );
        if self.child.is_some() {
            // At once, so that the rows before a failure reach the parent.
            println!("{}", row.emit());
        }
        self.rows.push(row);
    }

    /// (met, with a target) over all rows: a time target or the 1 GiB heap bound.
    fn score(&self) -> (usize, usize) {
        let mut met = 0;
        let mut all = 0;
        for r in &self.rows {
            let per_op = r.cpu / r.ops.max(1) as u32;
            let heap_ok = r.note.is_none() && r.peak < GIB;
            if let Some(t) = &r.target {
                all += 1;
                met += usize::from(heap_ok && per_op < t.limit);
            } else if !heap_ok {
                all += 1;
            }
        }
        (met, all)
    }

    fn print(&self) {
        println!(
            "| group | workload | CPU time | wall time | runs | peak heap | target | status |"
        );
        println!("|---|---|---|---|---|---|---|---|");
        for r in &self.rows {
            let heap = if r.peak < 100 * 1024 {
                "< 0.1 MiB".to_string()
            } else {
                format!("{:.1} MiB", r.peak as f64 / MIB)
            };
            let per_op = r.cpu / r.ops.max(1) as u32;
            if let Some(note) = &r.note {
                println!(
                    "| {} | {} | — | — | 0 | — | < 1 GiB | {} |",
                    r.group,
                    r.name.replace('|', "\\|"),
                    note
                );
                continue;
            }
            let (target, status) = match &r.target {
                Some(t) if per_op < t.limit && r.peak < GIB => (t.text, "met".to_string()),
                Some(t) => {
                    let over = per_op.as_secs_f64() / t.limit.as_secs_f64();
                    let why = if r.peak >= GIB {
                        "heap over 1 GiB".to_string()
                    } else {
                        format!("{over:.2}× over")
                    };
                    (t.text, format!("**not met** ({why})"))
                }
                None if r.peak >= GIB => ("< 1 GiB", "**not met**".to_string()),
                None => ("", String::new()),
            };
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |",
                r.group,
                r.name.replace('|', "\\|"),
                show_time(r.cpu, r.ops),
                show_time(r.best, r.ops),
                r.runs,
                heap,
                target,
                status
            );
        }
    }
}

fn show_time(t: Duration, ops: u64) -> String {
    if ops > 1 {
        let ns = t.as_secs_f64() * 1e9 / ops as f64;
        return format!("{ns:.1} ns/op");
    }
    let s = t.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

/// The CPU time this thread has used: unlike wall time, it does not count the time other
/// processes on a busy machine take from us.
fn thread_cpu() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if !ok {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn target(limit: Duration, text: &'static str) -> Option<Target> {
    Some(Target { limit, text })
}

// ---------------------------------------------------------------- machine and date

fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split(':').nth(1))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            let kb: f64 = m.lines().next()?.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!(", {:.0} GiB", kb / MIB))
        })
        .unwrap_or_default();
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
        .map(|l| format!(", load average {l} at start"))
        .unwrap_or_default();
    let clmul = if nim_mul_uses_clmul() {
        ", PCLMULQDQ available"
    } else {
        ", no carry-less multiply"
    };
    format!("{model}, {cores} cores{mem}{clmul}{load}")
}

/// Today's date (UTC) from the system clock, by the days-to-civil conversion.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

// ---------------------------------------------------------------- inputs

fn sum_all(ts: impl Iterator<Item = Term>) -> Term {
    ts.reduce(Term::sum).unwrap_or_else(Term::zero)
}

fn switches(n: i64) -> Term {
    sum_all((1..=n).map(|k| Term::game(vec![Term::integer(k)], vec![Term::integer(-k)])))
}

fn hot(n: i64) -> Term {
    sum_all((1..=n).map(|k| Term::game(vec![Term::integer(2 * k)], vec![Term::integer(k)])))
}

fn tinies(n: i64) -> Term {
    sum_all((1..=n).map(|k| {
        Term::game(
            vec![Term::integer(0)],
            vec![Term::game(vec![Term::integer(0)], vec![Term::integer(-k)])],
        )
    }))
}

/// xorshift64*: operands for the nimber rows.
fn words(seed: u64, count: usize) -> Vec<u64> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_f491_4f6c_dd1d)
        })
        .collect()
}

// ---------------------------------------------------------------- the workloads

const S: fn(f64) -> Duration = Duration::from_secs_f64;

fn kernel_rows(t: &mut Table) {
    let g = "kernel";
    const PAIRS: &str =
        "day-3: all 2,172,676 ordered pairs a ≤ b (the 1,474 games evaluated untimed)";
    const WHOLE: &str = "day-3: evaluate the 1,474 games and compare all ordered pairs";
    if t.wants(g, PAIRS) || t.wants(g, WHOLE) {
        let day3 = day3_terms();
        assert_eq!(day3.len(), 1474);
        let eval_all =
            |k: &mut Kernel| -> Vec<GameId> { day3.iter().map(|x| k.eval(x).unwrap()).collect() };
        let all_pairs = |(mut k, ids): (Kernel, Vec<GameId>)| {
            let mut n = 0usize;
            for &a in &ids {
                for &b in &ids {
                    n += usize::from(k.le(a, b).unwrap());
                }
            }
            n
        };
        t.time(
            g,
            PAIRS,
            1,
            target(S(0.28), "< 0.28 s (ref. 0.56 s)"),
            3,
            S(3.0),
            || {
                let mut k = Kernel::new();
                let ids = eval_all(&mut k);
                (k, ids)
            },
            all_pairs,
        );
        t.time(
            g,
            WHOLE,
            1,
            None,
            3,
            S(3.0),
            || (),
            |()| {
                let mut k = Kernel::new();
                let ids = eval_all(&mut k);
                all_pairs((k, ids))
            },
        );
    }
    let fresh = |t: &mut Table, name: &str, term: Term, tgt: Option<Target>| {
        t.time(g, name, 1, tgt, 3, S(2.0), Kernel::new, |mut k| {
            k.eval(&term).unwrap()
        })
    };
    for n in [8, 16, 20] {
        let tgt = if n == 16 {
            target(S(0.3), "< 0.3 s (ref. 6.2 s)")
        } else {
            None
        };
        fresh(t, &format!("Σ_{{k=1..{n}}} {{k|−k}}"), switches(n), tgt);
    }
    for n in [16, 20] {
        fresh(t, &format!("Σ_{{k=1..{n}}} {{2k|k}}"), hot(n), None);
    }
    for n in [10, 14] {
        let tgt = if n == 10 {
            target(S(1.0), "< 1 s (ref. 17–22 s)")
        } else {
            None
        };
        fresh(t, &format!("Σ_{{k=1..{n}}} {{0||0|−k}}"), tinies(n), tgt);
    }
    let up = Term::up(BigInt::from(1));
    let star = Term::nimber(Nimber::from(1));
    fresh(
        t,
        "10^6·↑ + * as one multiple (closed form)",
        Term::sum(
            Term::Multiple {
                count: BigInt::from(1_000_000),
                game: Box::new(up.clone()),
            },
            star.clone(),
        ),
        None,
    );
    t.time(
        g,
        "n·↑ + * for every n = 1..10^6 (10^6 additions of ↑)",
        1,
        None,
        2,
        S(3.0),
        || {
            let mut k = Kernel::new();
            let u = k.eval(&up).unwrap();
            let s = k.eval(&star).unwrap();
            (k, u, s)
        },
        |(mut k, u, mut acc)| {
            for _ in 0..1_000_000 {
                acc = k.add(acc, u).unwrap();
            }
            acc
        },
    );
    if t.wants(g, "random game form of 10^5 nodes") {
        let term = random_term(&mut Rng(100_000), 100_000);
        fresh(t, "random game form of 10^5 nodes", term, None);
    }
    // `onag eval S(n)`'s work: the value, then its canonical form printed with each repeated
    // part named once (the tree has 2^n leaves and is never written).
    for n in [20, 30, 40] {
        let tgt = if n == 30 {
            target(S(5.0), "< 5 s (was killed by the OS at 24 GB)")
        } else {
            None
        };
        let term = switches(n);
        t.time(
            g,
            &format!("Σ_{{k=1..{n}}} {{k|−k}}: evaluate and print shared"),
            1,
            tgt,
            1,
            S(4.0),
            Kernel::new,
            |mut k| {
                let v = k.eval(&term).unwrap();
                let shared = k.to_shared_term(v, 100_000);
                onag::print(&shared, &Default::default()).len()
            },
        );
    }
}

fn nimber_rows(t: &mut Table) {
    const BATCH: usize = 4096;
    const REPS: u64 = 50;
    let g = "nimber";
    nim_warm_up();
    let a = words(1, BATCH);
    let b = words(2, BATCH);
    let wide = |seed| -> Vec<u128> {
        words(seed, 2 * BATCH)
            .chunks(2)
            .map(|w| u128::from(w[0]) | (u128::from(w[1]) << 64))
            .collect()
    };
    let (a128, b128) = (wide(3), wide(4));
    let big = |seed| -> Vec<Nimber> {
        words(seed, 4 * 256)
            .chunks(4)
            .map(|w| {
                let digits = w
                    .iter()
                    .flat_map(|&x| [x as u32, (x >> 32) as u32])
                    .collect();
                Nimber::new(BigUint::new(digits))
            })
            .collect()
    };
    let (a256, b256) = (big(5), big(6));
    let ops = BATCH as u64 * REPS;
    let ops256 = a256.len() as u64 * REPS;
    macro_rules! row {
        ($name:expr, $ops:expr, $tgt:expr, $body:expr) => {
            t.time(
                g,
                $name,
                $ops,
                $tgt,
                5,
                S(1.0),
                || (),
                |()| {
                    let mut acc = 0u128;
                    for _ in 0..REPS {
                        acc ^= $body;
                    }
                    acc
                },
            )
        };
    }
    let fold64 = |f: fn(u64, u64) -> u64| {
        a.iter()
            .zip(&b)
            .fold(0u128, |acc, (&x, &y)| acc ^ u128::from(f(black_box(x), y)))
    };
    let low = |n: &Nimber| u128::from(n.value().iter_u64_digits().next().unwrap_or(0));
    row!(
        "64-bit ⊗ (carry-less multiply when the CPU has it)",
        ops,
        target(S(15e-9), "< 15 ns"),
        fold64(nim_mul_u64)
    );
    row!(
        "64-bit ⊗, portable table path",
        ops,
        target(S(30e-9), "< 30 ns"),
        fold64(nim_mul_u64_portable)
    );
    row!(
        "128-bit ⊗",
        ops,
        None,
        a128.iter()
            .zip(&b128)
            .fold(0, |acc, (&x, &y)| acc ^ nim_mul_u128(black_box(x), y))
    );
    row!(
        "256-bit ⊗",
        ops256,
        None,
        a256.iter()
            .zip(&b256)
            .fold(0, |acc, (x, y)| acc ^ low(&black_box(x).nim_mul(y)))
    );
    row!(
        "64-bit inverse",
        ops,
        None,
        a.iter().fold(0, |acc, &x| acc
            ^ u128::from(nim_inv_u64(black_box(x)).unwrap_or(0)))
    );
    row!(
        "128-bit inverse",
        ops,
        None,
        a128.iter()
            .fold(0, |acc, &x| acc ^ nim_inv_u128(black_box(x)).unwrap_or(0))
    );
    row!(
        "256-bit inverse",
        ops256,
        None,
        a256.iter().fold(0, |acc, x| acc
            ^ black_box(x).nim_inv().map_or(0, |v| low(&v)))
    );
    row!(
        "64-bit square root",
        ops,
        None,
        a.iter()
            .fold(0, |acc, &x| acc ^ u128::from(nim_sqrt_u64(black_box(x))))
    );
    row!(
        "128-bit square root",
        ops,
        None,
        a128.iter()
            .fold(0, |acc, &x| acc ^ nim_sqrt_u128(black_box(x)))
    );
    row!(
        "256-bit square root",
        ops256,
        None,
        a256.iter()
            .fold(0, |acc, x| acc ^ low(&black_box(x).nim_sqrt()))
    );
}

fn engine_rows(t: &mut Table) {
    let g = "engine";
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    let simplify = |t: &mut Table, name: &str, term: &Term, min_runs: usize| {
        t.time(
            g,
            name,
            1,
            None,
            min_runs,
            S(2.0),
            || (),
            |()| engine.saturate(term).unwrap(),
        );
        t.time(
            g,
            &format!("{name}: simplify with checked proof"),
            1,
            None,
            min_runs,
            S(2.0),
            || (),
            |()| simplify(term, &engine).unwrap(),
        );
        if t.wants(g, &format!("{name}: check the proof")) {
            let p = simplify(term, &engine).unwrap().proof;
            t.time(
                g,
                &format!("{name}: check the proof"),
                1,
                None,
                min_runs,
                S(2.0),
                || (),
                |()| p.check(&rules).unwrap(),
            );
        }
    };
    let seeds: &[&str] = if t.child.is_none() { &SEEDS } else { &[] };
    for src in seeds {
        simplify(t, src, &parse(src).unwrap(), 3);
    }
    // The large inputs run in a child process each, under an address-space cap and a time
    // limit, so that one that runs out of memory is reported instead of ending the table.
    for (key, name) in BIG_INPUTS {
        if t.child.is_some() || !t.wants(g, name) {
            continue;
        }
        t.rows.extend(run_child(key, name));
    }
    if let Some(key) = t.child.clone() {
        match key.as_str() {
            "sum8" => simplify(t, "Σ_{k=1..8} {k|−k}", &switches(8), 1),
            "random1000" => simplify(
                t,
                "random term of 1,000 nodes",
                &random_term(&mut Rng(1_000), 1_000),
                2,
            ),
            "random10000" => simplify(
                t,
                "random term of 10,000 nodes",
                &random_term(&mut Rng(10_000), 10_000),
                1,
            ),
            _ => {}
        }
    }
}

/// The engine inputs run in child processes: (key, row name prefix).
const BIG_INPUTS: [(&str, &str); 3] = [
    ("sum8", "Σ_{k=1..8} {k|−k}"),
    ("random1000", "random term of 1,000 nodes"),
    ("random10000", "random term of 10,000 nodes"),
];
/// The child's address-space cap (`ulimit -v`, KiB) and time limit.
const CHILD_MEMORY_KIB: u64 = 4 << 20;
const CHILD_SECONDS: u64 = 180;

/// Runs this program on one engine input in a child process and reads back its rows; a child
/// that fails (out of memory, out of time) becomes a row saying so.
fn run_child(key: &str, name: &str) -> Vec<Row> {
    let failed = |why: String| {
        eprintln!("  {name:<60} {why}");
        vec![Row {
            group: "engine",
            name: format!("{name}: simplify with checked proof"),
            best: Duration::ZERO,
            cpu: Duration::ZERO,
            ops: 1,
            runs: 0,
            peak: 0,
            target: None,
            note: Some(why),
        }]
    };
    let Ok(exe) = std::env::current_exe() else {
        return failed("could not find this program to run the child".to_string());
    };
    let script = format!("ulimit -v {CHILD_MEMORY_KIB} && exec \"$0\" --child \"$1\"");
    let child = std::process::Command::new("sh")
        .args(["-c", &script])
        .arg(&exe)
        .arg(key)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return failed(format!("could not start the child: {e}")),
    };
    let deadline = Instant::now() + Duration::from_secs(CHILD_SECONDS);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let mut out = String::new();
    if let Some(mut so) = child.stdout.take() {
        use std::io::Read;
        let _ = so.read_to_string(&mut out);
    }
    let mut rows: Vec<Row> = out.lines().filter_map(Row::parse).collect();
    match status {
        Some(s) if s.success() => {}
        Some(s) => rows.extend(failed(format!(
            "**failed**: the child stopped ({s}); it had {} GiB of address space \
             (`ulimit -v`), so most likely out of memory",
            CHILD_MEMORY_KIB >> 20
        ))),
        None => rows.extend(failed(format!(
            "**failed**: still running after {CHILD_SECONDS} s"
        ))),
    }
    rows
}

fn main() {
    // `cargo bench` passes `--bench` to every bench binary: it is not a filter.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let (filter, child) = match args.as_slice() {
        [flag, key] if flag == "--child" => (None, Some(key.clone())),
        [f, ..] => (Some(f.clone()), None),
        [] => (None, None),
    };
    let in_child = child.is_some();
    let mut t = Table {
        filter,
        child,
        runs: std::env::var("ONAG_BENCH_RUNS")
            .ok()
            .and_then(|v| v.parse().ok()),
        rows: Vec::new(),
    };
    let started = Instant::now();
    let header = format!("{}, {}", today(), machine());
    if !in_child {
        eprintln!("{header}");
    }
    // The random 10^5-node term recurses on its depth: give the workloads room.
    let t = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || {
            if !in_child {
                kernel_rows(&mut t);
                nimber_rows(&mut t);
            }
            engine_rows(&mut t);
            t
        })
        .expect("spawn the benchmark thread")
        .join()
        .expect("benchmarks ran");
    if in_child {
        return;
    }
    println!("## {header}\n");
    t.print();
    let (met, all) = t.score();
    println!(
        "\nTargets met: {met} of {all} (every row also has to stay under 1 GiB of heap). \
         Whole run {:.0} s: `cargo bench --bench table`.",
        started.elapsed().as_secs_f64()
    );
}
