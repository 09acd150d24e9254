//! A walk through seed 004's worked examples ("Simplifying Conway Positions"): each game is
//! simplified by the fundamental rules only (definitions, options are sets, dominated and
//! reversible options), as the seed does by hand, and the derivation is printed with every
//! step's theorem and witnesses.
//!
//! Run with `cargo run --example seed004_tour`.

use onag::proof_of_simplification;
use onag::Engine;
use onag::RuleSet;
use onag::{parse, print};

/// (the game as the seed writes it, its canonical form, what the seed says about it)
const EXAMPLES: [(&str, &str, &str); 8] = [
    ("{0,1|2}", "3/2", "0 is dominated by 1, so we may delete it"),
    (
        "{-5|0,{*,*4|*,*4}}",
        "-1",
        "{*,*4|*,*4} is dominated by 0 (in fact equal)",
    ),
    (
        "{0|5}",
        "1",
        "5 reverses through 4, and 4 has no Right options",
    ),
    (
        "{{*|*},*,*3|{*|*},*,*3}",
        "*2",
        "*3 reverses through *2; {*|*} = 0 is dominated",
    ),
    ("{0,-7|1,1+1/2,3/4}", "1/2", "the canonical form is {0|1}"),
    (
        "{0,*5|0,*5}",
        "*",
        "the canonical form of {0,*5|0,*5} is {0|0}",
    ),
    ("{{|}|}", "1", "{{|}|} is {0|} = 1"),
    ("{{*|*}|}", "1", "{{*|*}|} is equivalent to {0|} = 1"),
];

fn show(t: &onag::Term) -> String {
    print(t, &Default::default())
}

fn main() {
    let rules = RuleSet::builtin()
        .select("fundamental")
        .expect("the fundamental group exists");
    let engine = Engine::new(rules.clone());
    for (game, canonical, seed_says) in EXAMPLES {
        let t = parse(game).expect("the seed's notation parses");
        let mut run = engine.saturate(&t).expect("the engine finishes");
        let proof = proof_of_simplification(&mut run, &rules).expect("the run gives a proof");
        println!("{game}    (seed 004: {seed_says})");
        for step in &proof.steps {
            println!("  = {}", show(&step.to));
            println!("      by {}: {}", step.rule, step.why);
        }
        println!("  canonical form: {}\n", show(&run.result));
        assert!(
            run.canonical,
            "{game}: the fundamental rules reach the canonical form"
        );
        assert_eq!(show(&run.result), canonical, "{game}");
        assert!(proof.checked(), "{game}: the proof checks");
        // Only fundamental rules were available, so every step is one of them.
        assert!(proof.steps.iter().all(|s| rules.get(&s.rule).is_some()));
    }
    // The seed's reasons, step for step: {0,1|2} deletes the dominated 0, {0|5} reverses the 5.
    let uses = |game: &str, rule: &str| {
        let mut run = engine
            .saturate(&parse(game).expect("parses"))
            .expect("finishes");
        let p = proof_of_simplification(&mut run, &rules).expect("proof");
        p.steps.iter().any(|s| s.rule == rule)
    };
    assert!(uses("{0,1|2}", "dominated-left"));
    assert!(uses("{0|5}", "reversible-right"));
    assert!(uses("{{*|*},*,*3|{*|*},*,*3}", "reversible-left"));
    assert!(uses("{{*|*},*,*3|{*|*},*,*3}", "reversible-right"));
}
