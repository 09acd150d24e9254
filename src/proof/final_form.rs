//! The producer of the final-form claim (`final_check` holds the claim and its checker): at the
//! end of a derivation, each remaining option with why no rule applies to it, decided, and
//! written into the proof file as its optional `"final"` field (docs/PROOF-JSON.md), which
//! `onag check` verifies; the page and `--explain` show the same statements.

use super::final_check::{self, FinalClaim, Refusal};
use super::{Play, Proof};

/// The claim that `proof`'s result is final, when it is (every condition decided and failing)
/// and small enough to list; `None` otherwise (a result the chosen rules left short, loopy
/// play, or a claim past the limits).
pub fn claim(proof: &Proof) -> Option<FinalClaim> {
    claim_about(&proof.result, &proof.terms, proof.play).ok()
}

/// [`claim`] for a result and its table, or why there is none.
pub fn claim_about(
    result: &crate::term::Term,
    terms: &super::TermTable,
    play: Play,
) -> Result<FinalClaim, Refusal> {
    let (closed, conds) = final_check::required(
        result,
        terms,
        play,
        &super::check_limits::CheckLimits::default(),
    )?;
    let mut memo = final_check::memo();
    let mut d = super::inequality::Definitional::new(&mut memo, Some(terms));
    let mut facts = Vec::with_capacity(conds.len());
    for c in conds {
        if !final_check::fails(&c, &mut d)? {
            return Err(Refusal::Wrong(format!(
                "{} = {} is {}",
                c.fact.option, c.fact.value, c.fact.not
            )));
        }
        facts.push(c.fact);
    }
    let c = FinalClaim {
        claim: final_check::claim_name(play).into(),
        closed,
        facts,
    };
    // A claim is for reading: past [`MAX_TEXT`] bytes it is not written.
    let size = serde_json::to_string(&c).map_or(usize::MAX, |t| t.len());
    if size > MAX_TEXT {
        return Err(Refusal::Limit(format!(
            "a final claim of more than {MAX_TEXT} bytes"
        )));
    }
    Ok(c)
}

/// The most bytes of JSON a claim may take.
pub const MAX_TEXT: usize = 64 * 1024;

/// `json` (a proof as `Proof::to_json` writes it, an object) with `"final": claim` as its last
/// field, ending in one newline; only the newline added when there is no claim.
pub fn attach(json: String, claim: Option<&FinalClaim>) -> String {
    let body = json.trim_end();
    let (Some(c), Some(head)) = (claim, body.strip_suffix('}')) else {
        return format!("{body}\n");
    };
    match serde_json::to_string(c) {
        Ok(v) => format!("{},\n\"final\": {v}\n}}\n", head.trim_end()),
        Err(_) => format!("{body}\n"),
    }
}

/// The claim as lines of text, for `--explain` and the page: what the result is, then a line
/// per condition.
pub fn lines(c: &FinalClaim) -> Vec<String> {
    let mut out = Vec::new();
    let head = if c.facts.is_empty() {
        format!(
            "why it is final: no option is left to simplify, so it is in {}",
            c.claim
        )
    } else {
        format!(
            "why it is final: no rule applies to any option, so it is in {}:",
            c.claim
        )
    };
    out.push(head);
    if !c.closed.is_empty() {
        out.push(format!(
            "  {} {} in canonical form by {} notation",
            c.closed.join(", "),
            if c.closed.len() == 1 { "is" } else { "are" },
            if c.closed.len() == 1 { "its" } else { "their" }
        ));
    }
    for f in &c.facts {
        out.push(format!("  {}", f.words()));
    }
    out
}
