//! Proving an equality from the library, and printing its proof step by step.
//!
//! Seed 004's first example: {0,1|2} = 3/2, because 0 is dominated by 1 and {1|2} is the
//! simplest number between 1 and 2. Then a false claim, {0|1} = 1, and who wins the difference.
//!
//! Run with `cargo run --example prove_equality`.

use onag::RuleSet;
use onag::{parse, print};
use onag::{Engine, Player, Verdict};

fn show(t: &onag::Term) -> String {
    print(t, &Default::default())
}

fn main() {
    // The fundamental rules (definitions, sets, dominated and reversible options) argue as
    // seed 004 does; the full set would jump there at once by the simplicity rule.
    let rules = RuleSet::builtin()
        .select("fundamental")
        .expect("the fundamental group exists");
    let a = parse("{0,1|2}").expect("parses");
    let b = parse("3/2").expect("parses");
    let Verdict::Equal(proof) =
        onag::prove(&a, &b, &Engine::new(rules.clone())).expect("the engine finishes")
    else {
        panic!("seed 004 says {{0,1|2}} = 3/2");
    };
    println!("{} = {}:", show(&proof.input), show(&proof.result));
    println!("  {}", show(&proof.input));
    for step in &proof.steps {
        println!("= {}", show(&step.to));
        println!("    by {}: {}", step.rule, step.why);
    }
    assert!(proof.checked(), "prove_eq checks its proofs");
    assert_eq!(show(&proof.result), "3/2");
    // Seed 004: "0 is dominated by 1, so we may delete it".
    let dominated = proof
        .steps
        .iter()
        .find(|s| s.rule == "dominated-left")
        .expect("the first simplification deletes the dominated option 0");
    assert!(dominated.why.contains("0 <= 1"), "{}", dominated.why);
    // Every step names a rule of the set, and the proof survives JSON and a fresh check.
    assert!(proof.steps.iter().all(|s| rules.get(&s.rule).is_some()));
    let again = onag::check(&proof.to_json(), &rules).expect("the JSON proof checks");
    assert_eq!(again.steps, proof.size());
    println!("checked, and checked again after a JSON round trip");

    // A false claim gets the play that refutes it.
    let c = parse("{0|1}").expect("parses");
    let one = parse("1").expect("parses");
    let Verdict::Different(d) =
        onag::prove(&c, &one, &Engine::new(rules.clone())).expect("the kernel decides")
    else {
        panic!("{{0|1}} = 1/2, not 1");
    };
    // Normal play's evidence: the outcome of a - b and the moves that win it.
    let onag::Evidence::Normal(d) = d.evidence else {
        panic!("normal play")
    };
    println!();
    println!(
        "{{0|1}} != 1: {{0|1}} - 1 = {}, outcome {:?}",
        show(&d.difference),
        d.outcome
    );
    for m in &d.moves {
        println!(
            "  {:?} wins moving first, to {}",
            m.player,
            show(&m.position)
        );
    }
    assert_eq!(show(&d.difference), "-1/2");
    assert_eq!(d.outcome, onag::OutcomeClass::R);
    assert!(d.moves.iter().all(|m| m.player == Player::Right));
    assert_eq!(d.moves.len(), 1, "only Right wins -1/2 moving first");
}
