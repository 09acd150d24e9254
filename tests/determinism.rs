//! Determinism (issue 6, part 5): the same input and rule set give byte-identical output —
//! result, proof text and proof JSON — across repeated runs, across threads running at once,
//! and across processes (each process seeds its hash maps differently, which is where an order
//! dependence would show).

mod common;
use common::*;
use onag::Engine;
use onag::Kernel;
use onag::RuleSet;
use onag::{parse, print};
use onag::{proof_of_simplification, Verdict};
use std::process::Command;

/// Inputs with many rule choices: seed examples, sums, switches, rows, padded explicit forms.
fn inputs() -> Vec<String> {
    let mut v: Vec<String> = [
        "{0,1|2}",
        "{{*|*},*,*3|{*|*},*,*3}",
        "{0,-7|1,3/2,3/4}",
        "^ + ^ + *",
        "{2|1} + 1/2",
        "{1|-1} + {2|-2}",
        "+-{1,*} + Tiny(2)",
        "hs\"LRE\" + hs\"EEL\"",
        "{{|},{|*2}|}",
        "2.{1|0} + -2.^",
        "{^3|}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Day-3 games written out explicitly, every 37th one.
    let mut k = Kernel::new();
    let ds = days(&mut k);
    for &g in ds[3].iter().step_by(37) {
        v.push(print(&explicit_term(&mut k, g), &Default::default()));
    }
    v
}

/// Everything the library outputs for one input, as text.
fn outputs(src: &str) -> String {
    let mut out = String::new();
    let t = parse(src).unwrap();
    for (name, rules) in [
        ("all", RuleSet::builtin()),
        (
            "fundamental",
            RuleSet::builtin().select("fundamental").unwrap(),
        ),
    ] {
        let mut s = Engine::new(rules.clone()).saturate(&t).unwrap();
        out += &format!(
            "{name}: {} canonical={} steps={} rounds={}\n",
            print(&s.result, &Default::default()),
            s.canonical,
            s.steps().count(),
            s.run.rounds
        );
        for st in s.steps() {
            out += &st.rule;
            out.push(' ');
        }
        out.push('\n');
        match proof_of_simplification(&mut s, &rules) {
            Ok(p) => out += &p.to_json(),
            Err(e) => out += &format!("no proof: {e}"),
        }
        out.push('\n');
        // The proof by lemmas too: its memo is a hash map, but lemmas are numbered in the
        // order they are proved, never in the map's order.
        match onag::simplify(&t, &Engine::new(rules.clone())) {
            Ok(p) => out += &p.proof.to_json(),
            Err(e) => out += &format!("no proof by lemmas: {e}"),
        }
        out.push('\n');
    }
    let mut k = Kernel::new();
    let g = k.eval(&t).unwrap();
    out += &print(&k.to_term(g), &Default::default());
    if let Ok(Verdict::Different(d)) =
        onag::prove(&t, &parse("0").unwrap(), &Engine::new(RuleSet::builtin()))
    {
        out += &format!("\n{d:?}");
    }
    out
}

fn all_outputs() -> String {
    inputs()
        .iter()
        .map(|s| format!("== {s}\n{}\n", outputs(s)))
        .collect()
}

#[test]
fn repeated_runs_are_identical() {
    let first = all_outputs();
    assert!(first.contains("\"steps\""));
    assert_eq!(all_outputs(), first);
}

#[test]
fn threads_running_at_once_agree_with_a_single_thread() {
    let serial = all_outputs();
    let handles: Vec<_> = (0..3).map(|_| std::thread::spawn(all_outputs)).collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), serial);
    }
}

/// The child half of `separate_processes_agree`: prints the outputs when asked to.
#[test]
fn print_outputs_for_parent_process() {
    if std::env::var("ONAG_DETERMINISM_CHILD").is_ok() {
        print!("<<<{}>>>", all_outputs());
    }
}

#[test]
fn separate_processes_agree() {
    let run = || {
        let out = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "print_outputs_for_parent_process",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("ONAG_DETERMINISM_CHILD", "1")
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let a = text.find("<<<").unwrap() + 3;
        let b = text.rfind(">>>").unwrap();
        text[a..b].to_string()
    };
    let mine = all_outputs();
    assert_eq!(run(), mine);
}
