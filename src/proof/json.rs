//! Proofs as JSON, so they can be stored, shared and checked again elsewhere.
//!
//! Schema (every term is a string in CGSuite notation, read with `syntax::parse`):
//!
//! ```text
//! {
//!   "input":   "{0,1|2}",
//!   "result":  "3/2",
//!   "checked": true,            // informative only: never trusted on input
//!   "steps": [
//!     {
//!       "from": "...", "to": "...",          // the whole term before and after
//!       "rule": "dominated-left",            // a rule name in the rule set
//!       "at":   ["L0", "R1", "sum.0", "sum.1", "neg", "pm0"],   // path from the root
//!       "why":  "Left option 0 is dominated by Left option 1, because 0 <= 1",
//!       "reversed": false,                   // true: the rule was applied right to left
//!       "witnesses": {
//!         "games":  { "a": "0", "b": "1" },
//!         "sets":   { "L": [], "R": ["2"] },
//!         "values": { "n": "3/2" },
//!         "rows":   { "r": "LRE" }
//!       },
//!       "parts": [ ... ],  // a grouped step only: its single rule instances, each a step
//!       "lemma": 3         // a step citing lemma 3 only (its "rule" is then "lemma")
//!     }
//!   ],
//!   "lemmas": [            // present when a step cites one: equalities proved once
//!     { "from": "...", "to": "...", "steps": [ ... ] }   // steps cite earlier lemmas only
//!   ]
//! }
//! ```
//!
//! [`Proof::from_json`] parses and then checks, so a proof read back is only ever `checked`
//! because this process checked it.

use super::step::{PathElem, Step, Witnesses};
use super::{Lemma, Proof, ProofError};
use crate::rules::RuleSet;
use crate::term::{Pebble, Term};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Serialize, Deserialize)]
struct ProofJson {
    input: String,
    result: String,
    #[serde(default)]
    checked: bool,
    steps: Vec<StepJson>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    lemmas: Vec<LemmaJson>,
}

#[derive(Serialize, Deserialize)]
struct LemmaJson {
    from: String,
    to: String,
    steps: Vec<StepJson>,
}

#[derive(Serialize, Deserialize)]
struct StepJson {
    from: String,
    to: String,
    rule: String,
    at: Vec<String>,
    #[serde(default)]
    why: String,
    #[serde(default)]
    reversed: bool,
    #[serde(default)]
    witnesses: WitnessJson,
    /// A grouped step's single rule instances, in order (absent for a single instance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    parts: Vec<StepJson>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lemma: Option<usize>,
}

#[derive(Serialize, Deserialize, Default)]
struct WitnessJson {
    #[serde(default)]
    games: BTreeMap<String, String>,
    #[serde(default)]
    sets: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    values: BTreeMap<String, String>,
    #[serde(default)]
    rows: BTreeMap<String, String>,
}

fn print(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

fn parse(s: &str, what: &str) -> Result<Term, ProofError> {
    crate::syntax::parse(s).map_err(|e| ProofError::Json(format!("{what}: `{}`: {e}", clip(s))))
}

/// A value witness: a number, read by the game parser (which reads fractions without a gcd, so
/// a hostile million-digit value costs milliseconds, not minutes) and required to be a bare
/// number.
fn parse_value(v: &str, step: &str) -> Result<crate::number::Dyadic, ProofError> {
    let not_a_number = || ProofError::Json(format!("step {step}: `{}` is not a number", clip(v)));
    let t = crate::syntax::parse(v).map_err(|_| not_a_number())?;
    t.as_number().cloned().ok_or_else(not_a_number)
}

/// At most 60 characters of a string from the input, for an error message.
fn clip(s: &str) -> String {
    if s.chars().count() <= 60 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(60).collect::<String>())
    }
}

fn row_string(r: &[Pebble]) -> String {
    r.iter()
        .map(|p| match p {
            Pebble::Left => 'L',
            Pebble::Right => 'R',
            Pebble::Neutral => 'E',
        })
        .collect()
}

fn parse_row(s: &str) -> Result<Vec<Pebble>, ProofError> {
    s.chars()
        .map(|c| match c {
            'L' => Ok(Pebble::Left),
            'R' => Ok(Pebble::Right),
            'E' => Ok(Pebble::Neutral),
            _ => Err(ProofError::Json(format!(
                "`{}` is not a row of L, R, E",
                clip(s)
            ))),
        })
        .collect()
}

fn step_to_json(s: &Step) -> StepJson {
    StepJson {
        from: print(&s.from),
        to: print(&s.to),
        rule: s.rule.clone(),
        at: s.at.iter().map(ToString::to_string).collect(),
        why: s.why.clone(),
        reversed: s.reversed,
        witnesses: WitnessJson {
            games: s
                .witnesses
                .games
                .iter()
                .map(|(n, t)| (n.clone(), print(t)))
                .collect(),
            sets: s
                .witnesses
                .sets
                .iter()
                .map(|(n, ts)| (n.clone(), ts.iter().map(print).collect()))
                .collect(),
            values: s
                .witnesses
                .values
                .iter()
                .map(|(n, v)| (n.clone(), v.to_string()))
                .collect(),
            rows: s
                .witnesses
                .rows
                .iter()
                .map(|(n, r)| (n.clone(), row_string(r)))
                .collect(),
        },
        parts: s.parts.iter().map(step_to_json).collect(),
        lemma: s.lemma,
    }
}

/// One step read back; `i` names it in errors (`3` or `3.1` for a part of a grouped step).
fn step_from_json(i: &str, s: &StepJson, nested: bool) -> Result<Step, ProofError> {
    let at =
        s.at.iter()
            .map(|e| e.parse::<PathElem>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ProofError::Json(format!("step {i}: {e}")))?;
    let mut w = Witnesses::default();
    for (n, t) in &s.witnesses.games {
        w.games
            .push((n.clone(), parse(t, &format!("step {i} witness {n}"))?));
    }
    for (n, ts) in &s.witnesses.sets {
        let ts = ts
            .iter()
            .map(|t| parse(t, &format!("step {i} witness set {n}")))
            .collect::<Result<Vec<_>, _>>()?;
        w.sets.push((n.clone(), ts));
    }
    for (n, v) in &s.witnesses.values {
        w.values.push((n.clone(), parse_value(v, i)?));
    }
    for (n, r) in &s.witnesses.rows {
        w.rows.push((n.clone(), parse_row(r)?));
    }
    if nested && !s.parts.is_empty() {
        return Err(ProofError::Json(format!(
            "step {i}: a part of a grouped step cannot have parts of its own"
        )));
    }
    let parts = s
        .parts
        .iter()
        .enumerate()
        .map(|(j, p)| step_from_json(&format!("{i}.{j}"), p, true))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Step {
        from: parse(&s.from, &format!("step {i} from"))?,
        to: parse(&s.to, &format!("step {i} to"))?,
        rule: s.rule.clone(),
        at,
        why: s.why.clone(),
        witnesses: w,
        reversed: s.reversed,
        parts,
        lemma: s.lemma,
    })
}

impl Proof {
    /// The proof as pretty-printed JSON (see the module docs for the schema).
    pub fn to_json(&self) -> String {
        let j = ProofJson {
            input: print(&self.input),
            result: print(&self.result),
            checked: self.checked,
            steps: self.steps.iter().map(step_to_json).collect(),
            lemmas: self
                .lemmas
                .iter()
                .map(|l| LemmaJson {
                    from: print(&l.from),
                    to: print(&l.to),
                    steps: l.steps.iter().map(step_to_json).collect(),
                })
                .collect(),
        };
        // Serialising plain strings, vectors and maps cannot fail.
        serde_json::to_string_pretty(&j).unwrap_or_default()
    }

    /// Reads a proof without checking it; `checked` is always false.
    pub fn parse_json(text: &str) -> Result<Proof, ProofError> {
        let j: ProofJson =
            serde_json::from_str(text).map_err(|e| ProofError::Json(e.to_string()))?;
        let steps = j
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| step_from_json(&i.to_string(), s, false))
            .collect::<Result<Vec<_>, _>>()?;
        let lemmas = j
            .lemmas
            .iter()
            .enumerate()
            .map(|(k, l)| {
                Ok(Lemma {
                    from: parse(&l.from, &format!("lemma {k} from"))?,
                    to: parse(&l.to, &format!("lemma {k} to"))?,
                    steps: l
                        .steps
                        .iter()
                        .enumerate()
                        .map(|(i, s)| step_from_json(&format!("{i} of lemma {k}"), s, false))
                        .collect::<Result<Vec<_>, _>>()?,
                })
            })
            .collect::<Result<Vec<_>, ProofError>>()?;
        Ok(Proof {
            input: parse(&j.input, "input")?,
            result: parse(&j.result, "result")?,
            steps,
            lemmas,
            checked: false,
        })
    }

    /// Reads a proof and checks it against `rules`; the `checked` field of the text is ignored.
    pub fn from_json(text: &str, rules: &RuleSet) -> Result<Proof, ProofError> {
        let mut p = Proof::parse_json(text)?;
        p.verify(rules)?;
        Ok(p)
    }
}
