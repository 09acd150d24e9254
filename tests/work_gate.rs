//! The regression gate of issue 49: each workload of `benches/common/gate.rs` does at most
//! 20 % more work than the count recorded in `benches/work_counts.txt`. Work, not time: the
//! machine is shared and its times vary twofold, while these counts (games interned, steps
//! written, units of a search) are the same on every run. A change that makes one smaller
//! records the new number in the file (so the gate holds the gain); one that must make it
//! larger says why there.

#[path = "../benches/common/gate.rs"]
mod gate;

/// How much a count may grow over its record before the gate fails.
const SLACK: f64 = 1.2;

#[test]
fn no_workload_does_a_fifth_more_work_than_recorded() {
    let record = gate::recorded(include_str!("../benches/work_counts.txt"));
    let mut grown = Vec::new();
    for w in &gate::WORKLOADS {
        let now = (w.run)();
        let Some(&(_, was)) = record.iter().find(|(n, _)| n == w.name) else {
            println!("{} {now} (not recorded)", w.name);
            grown.push(format!(
                "{} has no count in benches/work_counts.txt",
                w.name
            ));
            continue;
        };
        println!("{} {now} (recorded {was}): {}", w.name, w.counts);
        if now as f64 > was as f64 * SLACK {
            grown.push(format!(
                "{}: {now} against {was} recorded ({})",
                w.name, w.counts
            ));
        }
    }
    assert!(grown.is_empty(), "more work than recorded: {grown:#?}");
}

/// The toads' graph is the game: `ttt..fff` reaches every placement of its three toads and
/// three frogs on eight squares that keeps the toads in order and the frogs in order, as
/// pieces never pass one of their own kind, but a toad and a frog pass by a jump — that is
/// C(8,3)·C(5,3) = 560 strips, the count Winning Ways' position has (and
/// `src/rulesets/backsliding_toads.rs` cites); `tt..ff` C(6,2)·C(4,2) = 90.
#[test]
fn the_gates_toads_graphs_have_every_strip() {
    assert_eq!(gate::toads_graph("ttt..fff").len(), 560);
    assert_eq!(gate::toads_graph("tt..ff").len(), 90);
    // By hand: from `t.f` Left steps (.tf), Right steps (tf.); then the frog jumps (ft.), the
    // toad jumps (.ft), and a step each way gives f.t: all 3·2 placements.
    assert_eq!(gate::toads_graph("t.f").len(), 6);
}

/// The record lists exactly the gate's workloads, so none is silently ungated.
#[test]
fn every_recorded_count_names_a_workload() {
    let record = gate::recorded(include_str!("../benches/work_counts.txt"));
    for (name, _) in &record {
        assert!(
            gate::WORKLOADS.iter().any(|w| w.name == name),
            "{name} is recorded but not a workload"
        );
    }
    assert_eq!(record.len(), gate::WORKLOADS.len());
}

/// A misère or loopy derivation's count (`Simplification::work`) is the same run after run
/// and grows with the game derived; normal play's derivation counts its work elsewhere
/// (`Saturation`) and says none.
#[test]
fn a_derivations_work_is_counted_and_grows_with_the_game() {
    let work = |play, text: &str| {
        let t = onag::parse(text).expect("the input parses");
        let engine = onag::Engine::default().with_play(play);
        onag::simplify(&t, &engine).expect("it is derived").work
    };
    for (play, large, small) in [
        (onag::Play::Misere, "kayles(12)", "kayles(8)"),
        (
            onag::Play::Loopy,
            "backsliding_toads_and_frogs(\"tt..ff\")",
            "upon + upon",
        ),
    ] {
        let w = work(play, large).expect("counted");
        assert_eq!(work(play, large), Some(w), "{large}");
        let s = work(play, small).expect("counted");
        assert!(0 < s && s < w, "{small} {s} against {large} {w}");
    }
    assert_eq!(work(onag::Play::Normal, "{1|-1} + {2|-2}"), None);
}
