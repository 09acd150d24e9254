//! Tests of the proof layer's internals (the comparison's certificates, the shared-term table,
//! openings built by hand), moved here from tests/ when the modules became crate-private.

mod grid_openings;
mod inequality;
mod openings;
mod proof_scale;

/// The checked proof of Σ_{k=1..n} {k|−k} under `rules`: the sums whose many lemmas the
/// checker's threads and the pipeline's batches are tested on.
pub(crate) fn switches_proof(n: i64, rules: &crate::rules::RuleSet) -> super::Proof {
    let src = (1..=n)
        .map(|k| format!("{{{k}|-{k}}}"))
        .collect::<Vec<_>>()
        .join("+");
    let t = crate::syntax::parse(&src).expect("the sum parses");
    super::simplify(&t, &crate::engine::Engine::new(rules.clone()))
        .expect("the sum simplifies")
        .proof
}
