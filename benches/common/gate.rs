//! The workloads of the regression gate (issue 49): each one deterministic, with a count of
//! its work that does not depend on the machine or its load (games interned, steps written,
//! units of a search), so `tests/work_gate.rs` can fail when one grows by more than 20 % over
//! the number recorded in `benches/work_counts.txt`, and `benches/gate.rs` times the same
//! calls. Fixed inputs only (no random term), so every run does the same work.

#![allow(dead_code)] // the test and the bench use different parts

use onag::{DomineeringPosition, Engine, Kernel, Loopy, LoopyGraph, LoopyWork};

/// A workload: its name in `work_counts.txt`, what its count counts, and the call.
pub struct Workload {
    pub name: &'static str,
    pub counts: &'static str,
    pub run: fn() -> u64,
}

/// Every workload of the gate, cheapest first.
pub const WORKLOADS: [Workload; 15] = [
    Workload {
        name: "kernel_sum16",
        counts: "games the kernel interns evaluating Σ_{k=1..16} {k|−k}",
        run: kernel_sum16,
    },
    Workload {
        name: "proof_sum6",
        counts:
            "steps of the checked proof of Σ_{k=1..6} {k|−k}, lemmas' included, plus its lemmas",
        run: proof_sum6,
    },
    Workload {
        name: "check_sum8",
        counts: "units of the checker's work (`CheckedFile::work`) checking the proof file of Σ_{k=1..8} {k|−k}, one thread",
        run: check_sum8,
    },
    Workload {
        name: "check_sum12",
        counts: "units of the checker's work checking the proof file of Σ_{k=1..12} {k|−k}, one thread",
        run: check_sum12,
    },
    Workload {
        name: "check_sum16",
        counts: "units of the checker's work checking the proof file of Σ_{k=1..16} {k|−k}, one thread",
        run: check_sum16,
    },
    Workload {
        name: "misere_kayles12_derivation",
        counts: "units of the misère arena's work deriving `kayles(12)`'s simplest form (forms simplified, rules tried, P-position questions answered: `Simplification::work`)",
        run: misere_kayles12_derivation,
    },
    Workload {
        name: "misere_kayles12_check",
        counts: "units of the misère checker's work checking that derivation's proof file, one thread",
        run: misere_kayles12_check,
    },
    Workload {
        name: "loopy_toads_tt..ff_derivation",
        counts: "units of loopy work deriving `backsliding_toads_and_frogs(\"tt..ff\")`'s sides with a proof (its rules' searches, the comparisons writing its graphs: `Simplification::work`)",
        run: loopy_toads_derivation,
    },
    Workload {
        name: "loopy_toads_tt..ff_check",
        counts: "units of the loopy checker's work checking that derivation's proof file, one thread",
        run: loopy_toads_check,
    },
    Workload {
        name: "domineering_4x4",
        counts: "games the kernel interns valuing the empty 4×4 Domineering board, one thread",
        run: domineering_4x4,
    },
    Workload {
        name: "knights_4x4_value",
        counts: "units of kernel work valuing `knights(\"o.xo|ooxo|xxxo|x.xo\")`, one thread",
        run: knights_4x4,
    },
    Workload {
        name: "rooks_4x4_value",
        counts: "units of kernel work valuing `rooks(\"o.xo|ooxo|xxxo|x.xo\")`, one thread",
        run: rooks_4x4,
    },
    Workload {
        name: "kings_4x4_value",
        counts: "units of kernel work valuing `kings(\"o.xo|ooxo|xxxo|x.xo\")`, one thread",
        run: kings_4x4,
    },
    Workload {
        name: "toads_tt..ff_sides",
        counts: "units of loopy work finding both sides of Backsliding Toads and Frogs `tt..ff`",
        run: toads_small,
    },
    Workload {
        name: "toads_ttt..fff_sides",
        counts: "units of loopy work finding both sides of Backsliding Toads and Frogs `ttt..fff`",
        run: toads_large,
    },
];

/// Σ_{k=1..n} {k|−k}, as text.
pub fn switches(n: i64) -> String {
    (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

fn kernel_sum16() -> u64 {
    let mut k = Kernel::new();
    let t = onag::parse(&switches(16)).expect("Σ16 parses");
    k.eval(&t).expect("Σ16 evaluates");
    k.len() as u64
}

fn proof_sum6() -> u64 {
    let t = onag::parse(&switches(6)).expect("Σ6 parses");
    let s = onag::simplify(&t, &Engine::default()).expect("Σ6 simplifies");
    assert!(s.canonical && s.proof.checked());
    let p = &s.proof;
    let steps: usize = p.steps.len() + p.lemmas.iter().map(|l| l.steps.len()).sum::<usize>();
    (steps + p.lemmas.len()) as u64
}

fn check_sum8() -> u64 {
    check_switches(8)
}

fn check_sum12() -> u64 {
    check_switches(12)
}

fn check_sum16() -> u64 {
    check_switches(16)
}

/// The checker's units of work (its memos' forms made, options listed, pairs compared) for
/// the proof file `onag simplify --format json` writes for Σ_{k=1..n} {k|−k}, read and
/// checked on one thread: on more, each checker's memo serves only its own lemmas, and the
/// sum depends on how they were shared out.
fn check_switches(n: i64) -> u64 {
    let t = onag::parse(&switches(n)).expect("the sum parses");
    let s = onag::simplify(&t, &Engine::default()).expect("the sum simplifies");
    checked_work(&s.proof.to_json())
}

/// The units of work `onag::check` spends on `json`, one thread, after it checks.
fn checked_work(json: &str) -> u64 {
    onag::set_search_threads(1);
    let file = onag::check(json, &onag::RuleSet::builtin()).expect("the proof checks");
    file.work
}

/// The misère derivation of Kayles' row of 12.
fn kayles12_misere() -> onag::Proof {
    let t = onag::parse("kayles(12)").expect("kayles(12) parses");
    let misere = Engine::default().with_play(onag::Play::Misere);
    let s = onag::simplify(&t, &misere).expect("kayles(12) is derived");
    assert!(s.proof.checked());
    s.proof
}

/// The work of the derivation itself, not its proof's size: a derivation that asked twice
/// the questions for the same proof would write the same steps.
fn misere_kayles12_derivation() -> u64 {
    let t = onag::parse("kayles(12)").expect("kayles(12) parses");
    let misere = Engine::default().with_play(onag::Play::Misere);
    let s = onag::simplify(&t, &misere).expect("kayles(12) is derived");
    s.work.expect("a misère derivation counts its work")
}

fn misere_kayles12_check() -> u64 {
    checked_work(&kayles12_misere().to_json())
}

/// Backsliding Toads and Frogs' `tt..ff`, derived in loopy play to its sides.
fn toads_loopy() -> onag::Simplification {
    let t = onag::parse("backsliding_toads_and_frogs(\"tt..ff\")").expect("the strip parses");
    let loopy = Engine::default().with_play(onag::Play::Loopy);
    let s = onag::simplify(&t, &loopy).expect("tt..ff is derived");
    assert!(s.proof.checked());
    s
}

fn loopy_toads_derivation() -> u64 {
    toads_loopy()
        .work
        .expect("a loopy derivation counts its work")
}

fn loopy_toads_check() -> u64 {
    checked_work(&toads_loopy().proof.to_json())
}

fn domineering_4x4() -> u64 {
    onag::set_search_threads(1);
    let mut k = Kernel::new();
    let board = DomineeringPosition::parse("....|....|....|....").expect("the board parses");
    onag::domineering_value(&board, &mut k).expect("4×4 is valued");
    k.len() as u64
}

fn knights_4x4() -> u64 {
    chess_4x4("knights")
}

fn rooks_4x4() -> u64 {
    chess_4x4("rooks")
}

fn kings_4x4() -> u64 {
    chess_4x4("kings")
}

/// Units of kernel work valuing issue 49's 4×4 board for the chess piece `name`, one thread.
fn chess_4x4(name: &str) -> u64 {
    onag::set_search_threads(1);
    let mut k = Kernel::new();
    let piece = onag::function(name).expect("the piece is a ruleset");
    let board = [onag::Arg::Text("o.xo|ooxo|xxxo|x.xo".into())];
    piece.value(&board, &mut k).expect("the board is valued");
    k.work()
}

fn toads_small() -> u64 {
    sides_work("tt..ff")
}

fn toads_large() -> u64 {
    sides_work("ttt..fff")
}

/// The units of work both sides of the strip's game take, the graph built here from the
/// rules (a toad steps right or back left into an empty square, or jumps right over one frog
/// into the empty square beyond; a frog the same, mirrored).
fn sides_work(strip: &str) -> u64 {
    let g = toads_graph(strip);
    let mut work = LoopyWork::default();
    g.onside(&mut work).expect("the onside is found");
    g.offside(&mut work).expect("the offside is found");
    work.count()
}

/// The game graph of a Backsliding Toads and Frogs strip, every reachable strip a vertex (the
/// strip itself vertex 0).
pub fn toads_graph(strip: &str) -> Loopy {
    let start: Vec<u8> = strip.bytes().collect();
    let mut index = std::collections::HashMap::new();
    let mut order = vec![start.clone()];
    index.insert(start, 0u32);
    let mut edges = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let here = order[i].clone();
        i += 1;
        let mut sides = [Vec::new(), Vec::new()];
        for (s, (me, other, dir)) in [(b't', b'f', 1isize), (b'f', b't', -1)]
            .into_iter()
            .enumerate()
        {
            for from in 0..here.len() {
                if here[from] != me {
                    continue;
                }
                let at = |k: isize| from.checked_add_signed(k * dir).filter(|&j| j < here.len());
                let mut to = Vec::new();
                for k in [1, -1] {
                    if let Some(j) = at(k).filter(|&j| here[j] == b'.') {
                        to.push(j);
                    }
                }
                if at(1).is_some_and(|j| here[j] == other) {
                    if let Some(j) = at(2).filter(|&j| here[j] == b'.') {
                        to.push(j);
                    }
                }
                for j in to {
                    let mut next = here.clone();
                    next[from] = b'.';
                    next[j] = me;
                    let fresh = order.len() as u32;
                    let v = *index.entry(next.clone()).or_insert_with(|| {
                        order.push(next);
                        fresh
                    });
                    sides[s].push(v);
                }
            }
        }
        edges.push(sides);
    }
    let mut g = LoopyGraph::with_vertices(order.len());
    for (v, [l, r]) in edges.into_iter().enumerate() {
        g.set_options(v as u32, l, r);
    }
    Loopy::new(&g, 0).expect("every edge leads to a vertex")
}

/// The recorded counts: `name count` a line, `#` comments.
pub fn recorded(text: &str) -> Vec<(String, u64)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            Some((w.next()?.to_string(), w.next()?.parse().ok()?))
        })
        .collect()
}
