//! The memory budget (issue 14, point 5): allocation is counted, every check point turns the
//! limit into an error value, and the `onag` binary ends a run past `--max-memory` with status
//! 3 and a message naming the limit — never an OOM kill.
//!
//! This test binary installs the counting allocator, as the `onag` binary does, so the library
//! checks here are against real allocation. The process-wide limit and counter are shared, so
//! the tests that use them in process take one lock.

mod common;
use common::run::{onag, onag_stdin, stderr};

use onag::CountingAlloc;
use onag::RuleSet;
use onag::{Budget, Kernel, KernelError};
use onag::{Engine, EngineError, Limits};
use std::process::{Command, Output};
use std::sync::Mutex;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

/// Held by every test: the counter and the process-wide limit are shared, and a test that
/// frees a megabyte of a child's output while another reads the counter would upset it.
static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> std::sync::MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Σ_{k=1..n} {k|−k}: its canonical form has 2^n leaves written as a tree.
fn s(n: usize) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// {0, 1, …, n−1 |}: a wide game, as long as one likes (a sum nests, and is capped at 500).
fn wide(n: usize) -> String {
    let opts: Vec<String> = (0..n).map(|k| k.to_string()).collect();
    format!("{{{}|}}", opts.join(","))
}

/// Runs `f` with the process-wide limit set to `limit`, restoring the default after.
fn with_process_limit<T>(limit: usize, f: impl FnOnce() -> T) -> T {
    CountingAlloc::set_limit(limit);
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CountingAlloc::set_limit(CountingAlloc::DEFAULT_LIMIT);
    r.unwrap_or_else(|p| std::panic::resume_unwind(p))
}

fn in_use() -> usize {
    CountingAlloc::in_use().expect("the counting allocator is installed in this test binary")
}

// ---------------------------------------------------------------------------------------------
// The counter

#[test]
fn the_counter_counts_what_is_allocated_and_freed() {
    let _g = lock();
    const N: usize = 10 << 20;
    let before = in_use();
    let mut v: Vec<u8> = Vec::with_capacity(N);
    v.resize(N, 7);
    let during = in_use();
    // The harness's own threads may allocate or free a little meanwhile, never 256 KiB.
    // Each thread settles its small changes in batches, so readings lag by up to a batch.
    let near = |x: usize, want: usize| x.abs_diff(want) < 4 * CountingAlloc::BATCH;
    assert!(
        near(during, before + N),
        "10 MiB allocated, the counter moved by {}",
        during as isize - before as isize
    );
    assert!(CountingAlloc::peak().unwrap() >= during);
    // Growing in place or by moving: the counter follows the new size.
    v.reserve_exact(2 * N);
    assert_eq!(v.capacity(), 3 * N);
    let grown = in_use();
    assert!(
        near(grown, before + 3 * N),
        "30 MiB held, the counter moved by {}",
        grown as isize - before as isize
    );
    v.truncate(N / 2);
    v.shrink_to_fit();
    let shrunk = in_use();
    assert!(
        near(shrunk, before + N / 2),
        "5 MiB held, the counter moved by {}",
        shrunk as isize - before as isize
    );
    drop(v);
    let after = in_use();
    assert!(
        near(after, before),
        "all freed, the counter is {} above where it began",
        after as isize - before as isize
    );
    // Zeroed allocation counts too.
    let z = vec![0u64; N / 8];
    assert!(near(in_use(), after + N));
    drop(z);
}

#[test]
fn check_is_an_error_past_the_limit_only() {
    let _g = lock();
    let now = in_use();
    assert_eq!(CountingAlloc::check(now + (256 << 20)), Ok(()));
    let e = CountingAlloc::check(now / 2).unwrap_err();
    assert_eq!(e.limit, now / 2);
    assert!(e.in_use > now / 2);
    let text = e.to_string();
    assert!(
        text.contains("of memory") && text.contains("counted by the allocator"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// Every check point gives an error value

#[test]
fn the_kernel_stops_at_its_memory_budget() {
    let _g = lock();
    let t = onag::parse(&s(40)).unwrap();
    // Unbounded, the kernel answers (its DAG is small)...
    let mut k = Kernel::new();
    let before = in_use();
    k.eval(&t).unwrap();
    let needed = in_use() - before;
    assert!(needed > 1 << 20, "S(40) took only {needed} bytes");
    drop(k);
    // ...and with room for a quarter of what it needs, it stops with a limit that says so.
    let mut k = Kernel::new();
    k.set_budget(Budget {
        max_memory: in_use() + needed / 4,
        ..Budget::default()
    });
    match k.eval(&t) {
        Err(KernelError::Limit { which }) => {
            assert!(which.contains("of memory"), "{which}");
            assert!(which.contains("counted by the allocator"), "{which}");
        }
        other => panic!("expected a memory limit, got {:?}", other.map(|_| ())),
    }
    assert!(k.limit_reached().is_some_and(|w| w.contains("of memory")));
}

#[test]
fn the_engine_stops_at_its_memory_limit() {
    let _g = lock();
    let t = onag::parse(&s(30)).unwrap();
    let limit = in_use() + (16 << 20);
    let engine = Engine::new(RuleSet::builtin()).with_limits(Limits {
        max_memory: limit,
        ..Limits::default()
    });
    match engine.saturate(&t) {
        Err(EngineError::Limit { which, .. }) => {
            assert!(which.contains("of memory"), "{which}");
            assert!(which.contains("counted by the allocator"), "{which}");
        }
        other => panic!("expected a memory limit, got {:?}", other.map(|_| ())),
    }
    // The error was returned near the limit, not long after it.
    assert!(CountingAlloc::peak().unwrap() < limit + (64 << 20));
}

#[test]
fn a_proof_by_lemmas_stops_at_the_memory_limit() {
    let _g = lock();
    let t = onag::parse(&s(9)).unwrap();
    let engine = Engine::new(RuleSet::builtin()).with_limits(Limits {
        max_memory: in_use() + (8 << 20),
        ..Limits::default()
    });
    match onag::simplify(&t, &engine) {
        Err(onag::Error::Limit { which, .. }) => {
            assert!(which.contains("of memory"), "{which}");
        }
        other => panic!("expected a memory limit, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn the_checker_stops_at_the_memory_limit_without_a_verdict() {
    let _g = lock();
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    let t = onag::parse(&s(5)).unwrap();
    let proof = onag::simplify(&t, &engine).unwrap().proof;
    assert!(proof.check(&rules).is_ok());
    // Already past the limit: the checker stops before its first step, saying why.
    let e = with_process_limit(in_use() / 2, || proof.check(&rules)).unwrap_err();
    let Some(onag::CheckLimit::Memory(m)) = e.limit else {
        panic!("a memory limit, not a rejection: {e:?}")
    };
    assert!(m.in_use > m.limit);
    assert!(
        e.reason.starts_with(CountingAlloc::LIMIT_REACHED),
        "{}",
        e.reason
    );
    // And with the limit back, the same proof checks.
    assert!(proof.check(&rules).is_ok());
}

#[test]
fn the_parser_stops_at_the_memory_limit() {
    let _g = lock();
    let text = wide(100_000);
    // Room for a little of it: the lexer or the parser stops, at a position in the text.
    // `onag::parse` reports it as a limit (not bad input), with the parser's rendered error:
    // its message and the line and column where it stopped.
    let e = with_process_limit(in_use() + (1 << 20), || onag::parse(&text)).unwrap_err();
    let onag::Error::Limit {
        which,
        reached: None,
    } = &e
    else {
        panic!("a limit, not bad input: {e:?}")
    };
    assert!(CountingAlloc::is_limit_message(which), "{which}");
    let column: usize = which
        .split("--> line 1, column ")
        .nth(1)
        .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a column in {which}"));
    assert!(column > 1 && column < text.len(), "{column}");
    // An ordinary parse error never reads as a limit.
    let onag::Error::Parse(bad) = onag::parse("{1/3|}").unwrap_err() else {
        panic!("a parse error")
    };
    assert!(!CountingAlloc::is_limit_message(&bad.message));
    assert!(onag::parse(&text).is_ok());
}

// ---------------------------------------------------------------------------------------------
// The binary: exit status 3 and a message naming the limit

/// Status 3, the limit named with the flag that sets it, nothing on standard output.
fn assert_memory_limit(o: &Output, limit: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains(CountingAlloc::LIMIT_REACHED) || err.contains("limit reached"),
        "{err}"
    );
    assert!(err.contains(&format!("{limit} of memory")), "{err}");
    assert!(err.contains("--max-memory"), "{err}");
}

#[test]
fn eval_of_s30_ends_with_status_3_under_a_small_budget() {
    let _g = lock();
    // 2 MiB is less than the kernel's own tables for S(30): its budget stops it, cleanly.
    let o = onag(&["--max-memory", "2M", "eval", &s(30)]);
    assert_memory_limit(&o, "2 MiB");
    assert!(
        stderr(&o).contains("kernel limit reached"),
        "{}",
        stderr(&o)
    );
    // With 64 MiB the kernel finishes; whatever comes after it either answers within the
    // budget or is stopped — by a check or by the allocator's hard cap — with status 3.
    let o = onag(&["--max-memory", "64M", "eval", &s(30)]);
    match o.status.code() {
        Some(3) => assert_memory_limit(&o, "64 MiB"),
        Some(0) => assert!(!o.stdout.is_empty()),
        other => panic!("status {other:?}: {}", stderr(&o)),
    }
}

/// Set in the child process of [`the_allocator_ends_the_process_at_its_hard_cap`].
const HARD_CAP_CHILD: &str = "ONAG_MEMORY_TEST_HARD_CAP_CHILD";

#[test]
fn the_allocator_ends_the_process_at_its_hard_cap() {
    if std::env::var_os(HARD_CAP_CHILD).is_some() {
        // The child: a cap 16 MiB above what is in use, then 64 MiB asked for at once, by a
        // path with no check of its own. The allocator must end the process before returning.
        CountingAlloc::set_limit(in_use() + (8 << 20));
        CountingAlloc::set_hard_cap(in_use() + (16 << 20));
        let v = vec![1u8; 64 << 20];
        // Not reached: printing here would make the parent's assertion fail.
        println!("survived the hard cap with {} bytes", v.len());
        return;
    }
    let _g = lock();
    let o = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "the_allocator_ends_the_process_at_its_hard_cap",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(HARD_CAP_CHILD, "1")
        .output()
        .unwrap();
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("error: memory limit reached:"), "{err}");
    assert!(err.contains("MiB of memory (--max-memory)"), "{err}");
    assert!(!String::from_utf8_lossy(&o.stdout).contains("survived"));
}

#[test]
fn a_big_simplify_ends_with_status_3() {
    let _g = lock();
    let o = onag(&["simplify", "--max-memory", "64M", &s(30)]);
    assert_memory_limit(&o, "64 MiB");
    assert!(stdout_empty(&o));
}

#[test]
fn prove_ends_with_status_3() {
    let _g = lock();
    // S(12): its proof needs more than 64 MiB on one thread or two, so 8 MiB stops it with a
    // wide margin (S(9)'s fits in 16 MiB, only twice the budget, as the producer gets leaner).
    let c = onag(&["eval", &s(12)]);
    assert_eq!(c.status.code(), Some(0));
    let c = String::from_utf8(c.stdout).unwrap();
    let o = onag(&["--max-memory", "8M", "prove", &s(12), c.trim()]);
    assert_memory_limit(&o, "8 MiB");
    assert!(stdout_empty(&o));
}

#[test]
fn compare_ends_with_status_3() {
    let _g = lock();
    let o = onag(&["--max-memory", "2M", "compare", &s(40), &s(39)]);
    assert_memory_limit(&o, "2 MiB");
}

#[test]
fn check_of_a_big_proof_ends_with_status_3() {
    let _g = lock();
    // S(10): its check needs several MiB whatever the thread count (S(7)'s one-thread check
    // fits in 2 MiB since the checker got leaner, so S(7) passed or stopped by thread count).
    let c = onag(&["eval", &s(10)]);
    let c = String::from_utf8(c.stdout).unwrap();
    let p = onag(&["prove", "--format", "json", &s(10), c.trim()]);
    assert_eq!(p.status.code(), Some(0), "{}", stderr(&p));
    let dir = std::env::temp_dir().join(format!("onag-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s10.json");
    std::fs::write(&file, &p.stdout).unwrap();
    // With the default budget it checks...
    let ok = onag(&["check", file.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    // ...and within 2 MiB it stops, with status 3 rather than a verdict.
    let o = onag(&["--max-memory", "2M", "check", file.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_memory_limit(&o, "2 MiB");
    assert!(!stderr(&o).contains("rejected"));
}

/// Whatever the budget, a valid proof is either checked or stopped by the limit (status 3):
/// reaching the limit while reading a witness once came out as "`28` is not a number", a
/// rejected proof (status 2).
#[test]
fn check_under_any_budget_is_a_pass_or_a_limit_never_a_rejection() {
    let _g = lock();
    let p = onag(&["simplify", "--format", "json", &s(8)]);
    assert_eq!(p.status.code(), Some(0), "{}", stderr(&p));
    let dir = std::env::temp_dir().join(format!("onag-budgets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s8.json");
    std::fs::write(&file, &p.stdout).unwrap();
    let mut outcomes = Vec::new();
    for kib in [
        512, 1024, 1536, 2048, 3072, 4096, 6144, 8192, 12288, 16384, 32768, 65536,
    ] {
        let budget = format!("{kib}K");
        let o = onag(&["--max-memory", &budget, "check", file.to_str().unwrap()]);
        let err = stderr(&o);
        match o.status.code() {
            Some(0) => assert!(err.is_empty(), "{budget}: {err}"),
            Some(3) => assert!(err.contains("--max-memory"), "{budget}: {err}"),
            other => panic!("{budget}: status {other:?}: {err}"),
        }
        outcomes.push(o.status.code());
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The sweep spans both answers: the smallest budget stops, the largest checks.
    assert_eq!(outcomes.first(), Some(&Some(3)));
    assert_eq!(outcomes.last(), Some(&Some(0)));
}

#[test]
fn a_huge_input_ends_with_status_3_not_as_bad_input() {
    let _g = lock();
    let o = onag_stdin(&["--max-memory", "4M", "eval", "-"], &wide(200_000));
    assert_memory_limit(&o, "4 MiB");
    // The parser stopped it, at a place in the text.
    assert!(stderr(&o).contains("--> line 1, column"), "{}", stderr(&o));
}

#[test]
fn a_batch_line_past_the_limit_counts_as_a_limit() {
    let _g = lock();
    let dir = std::env::temp_dir().join(format!("onag-memory-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lines.txt");
    std::fs::write(&file, format!("{{0|1}}\n{}\n", wide(200_000))).unwrap();
    let o = onag(&[
        "--max-memory",
        "4M",
        "eval",
        "--file",
        file.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_memory_limit(&o, "4 MiB");
    // The first line was answered before the second ran out.
    assert_eq!(String::from_utf8_lossy(&o.stdout), "1/2\n");
}

#[test]
fn a_small_budget_is_enough_for_small_work() {
    let _g = lock();
    let o = onag(&["--max-memory", "16M", "simplify", "{0,1|2}"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("3/2"));
}

/// The rulesets' search keeps caches (the positions' cache, the kernel's memos) that the budget
/// counts; they must start small and grow with the work, so a small board fits a small budget on
/// any number of threads, and its value is the one an unlimited run prints.
#[test]
fn a_small_budget_is_enough_for_a_small_board() {
    let _g = lock();
    for board in ["....|....|....", "....|....|....|...."] {
        let free = onag(&["eval", "--ruleset", "domineering", board]);
        assert_eq!(free.status.code(), Some(0), "{board}: {}", stderr(&free));
        for threads in ["1", "2"] {
            for budget in ["8M", "16M"] {
                let o = onag(&[
                    "--threads",
                    threads,
                    "--max-memory",
                    budget,
                    "eval",
                    "--ruleset",
                    "domineering",
                    board,
                ]);
                assert_eq!(
                    o.status.code(),
                    Some(0),
                    "{board}, {threads} threads, {budget}: {}",
                    stderr(&o)
                );
                assert_eq!(
                    o.stdout, free.stdout,
                    "{board}, {threads} threads, {budget}"
                );
            }
        }
    }
}
#[test]
fn the_flag_reads_units_and_rejects_nonsense() {
    let _g = lock();
    for bad in ["4X", "0", "G", "-1M", "1.5.2G"] {
        let o = onag(&[&format!("--max-memory={bad}"), "eval", "0"]);
        assert_eq!(
            o.status.code(),
            Some(2),
            "--max-memory {bad}: {}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("--max-memory"), "{}", stderr(&o));
    }
    for good in ["1G", "512MiB", "100000000", "1.5g"] {
        let o = onag(&["--max-memory", good, "eval", "{0|1}"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "--max-memory {good}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn the_repl_reports_the_limit_and_goes_on() {
    let _g = lock();
    let o = onag_stdin(
        &["--max-memory", "64M", "repl"],
        &format!("{}\n{{0|1}}\n", s(30)),
    );
    let err = stderr(&o);
    assert!(
        err.contains("64 MiB of memory") && err.contains("--max-memory"),
        "{err}"
    );
    // The next line is answered: the memory of the stopped run was freed.
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("1/2"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert_eq!(o.status.code(), Some(0));
}

fn stdout_empty(o: &Output) -> bool {
    o.stdout.is_empty()
}
