//! Output formats: one module per format, each a pure function from a result and a [`Style`](super::style::Style)
//! to text, so golden tests can compare them byte for byte.
//!
//! A derivation (from `onag simplify` or `onag prove`) is shown as [`Derivation`]: the proof's
//! steps, optionally grouped by position, plus the sentence that concludes it.

pub mod dot;
pub mod latex;
pub mod markdown;
pub mod svg;
pub mod text;
pub mod thermograph;
pub mod tree;

use super::exit::Failure;
use super::StepsChoice;
use crate::proof::{PathElem, Proof, Step};
use crate::rules::RuleSet;
use crate::term::Term;

/// A proof prepared for display.
pub struct Derivation<'a> {
    /// The proof.
    pub proof: &'a Proof,
    /// The lines to show, each one or more steps.
    pub lines: Vec<Line>,
    /// The proof's lemmas, shown before the derivation that cites them.
    pub lemmas: Vec<LemmaLines>,
    /// The entries of the proof's term table the lines refer to (`#n`), each with its view,
    /// in order: each is written once and named wherever it occurs.
    pub terms: Vec<(u32, Term)>,
    /// What the derivation establishes: `Canonical(term)` for `simplify`, `Equal(a, b)` for
    /// `prove`.
    pub conclusion: Conclusion,
}

/// A lemma prepared for display: `from = to` and the lines between them.
pub struct LemmaLines {
    /// The lemma's number, as steps cite it.
    pub index: usize,
    /// The left side.
    pub from: Term,
    /// The right side.
    pub to: Term,
    /// Its steps, as lines.
    pub lines: Vec<Line>,
}

/// What a derivation ends with.
pub enum Conclusion {
    /// The input's canonical form (or where the rules stopped, with the reason).
    Canonical {
        /// The last term.
        result: Term,
        /// `None` when `result` is canonical; else why the rules stopped.
        stuck: Option<String>,
    },
    /// `a = b`, proved.
    Equal(Term, Term),
}

/// One displayed line: the term after one step, or after a group of steps at one position.
pub struct Line {
    /// The whole term after the line's steps.
    pub to: Term,
    /// The position the steps rewrote.
    pub at: Vec<PathElem>,
    /// The rules and their witnesses in words, in order.
    pub reasons: Vec<Reason>,
}

/// One rule application, as shown.
pub struct Reason {
    /// The rule's name.
    pub rule: String,
    /// The witnesses in words (from the proof).
    pub why: String,
    /// Applied right to left (the second half of a proof of A = B).
    pub reversed: bool,
    /// With `--explain DEPTH`: each side condition and its proof by the definition of ≤, as
    /// indented lines (the proof module's wording).
    pub conditions: Vec<String>,
}

impl<'a> Derivation<'a> {
    /// Prepares a proof; `Grouped` merges consecutive steps at the same position; `explain`
    /// above 0 expands each step's side conditions that many levels deep.
    pub fn new(
        proof: &'a Proof,
        steps: StepsChoice,
        conclusion: Conclusion,
        rules: &RuleSet,
        explain: usize,
    ) -> Result<Self, Failure> {
        let lines = lines_of(&proof.steps, steps, |i| {
            conditions(proof, None, i, rules, explain)
        })?;
        let lemmas = proof
            .lemmas
            .iter()
            .enumerate()
            .map(|(k, l)| {
                Ok(LemmaLines {
                    index: k,
                    from: l.from.clone(),
                    to: l.to.clone(),
                    lines: lines_of(&l.steps, steps, |i| {
                        conditions(proof, Some(k), i, rules, explain)
                    })?,
                })
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        let mut shown: Vec<&Term> = vec![&proof.input, &proof.result];
        for l in &lemmas {
            shown.push(&l.from);
            shown.push(&l.to);
            shown.extend(l.lines.iter().map(|x| &x.to));
        }
        shown.extend(lines.iter().map(|x| &x.to));
        if let Conclusion::Canonical { result, .. } = &conclusion {
            shown.push(result);
        }
        if let Conclusion::Equal(a, b) = &conclusion {
            shown.push(a);
            shown.push(b);
        }
        let terms = glossary(proof, &shown, &lines, &lemmas);
        Ok(Derivation {
            proof,
            lines,
            lemmas,
            terms,
            conclusion,
        })
    }
}

/// The table entries that the shown terms and reasons refer to, directly or through other
/// entries, with their views, in order.
fn glossary(
    proof: &Proof,
    shown: &[&Term],
    lines: &[Line],
    lemmas: &[LemmaLines],
) -> Vec<(u32, Term)> {
    if proof.terms.is_empty() {
        return Vec::new();
    }
    let mut used = std::collections::BTreeSet::new();
    for t in shown {
        refs_in(t, &mut used);
    }
    // Reasons are text: they name entries as `#n`.
    let whys = lines
        .iter()
        .chain(lemmas.iter().flat_map(|l| l.lines.iter()))
        .flat_map(|l| l.reasons.iter().map(|r| r.why.as_str()));
    for why in whys {
        let mut rest = why;
        while let Some(k) = rest.find('#') {
            rest = &rest[k + 1..];
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if let Ok(n) = digits.parse::<u32>() {
                used.insert(n);
            }
        }
    }
    // Entries refer only to earlier ones: close the set from the top down.
    let mut out = Vec::new();
    let mut pending: Vec<u32> = used.iter().copied().collect();
    let mut seen = used;
    while let Some(n) = pending.pop() {
        if let Some(v) = proof.terms.view(n) {
            let mut inner = std::collections::BTreeSet::new();
            refs_in(v, &mut inner);
            for m in inner {
                if seen.insert(m) {
                    pending.push(m);
                }
            }
            out.push((n, v.clone()));
        }
    }
    out.sort_by_key(|(n, _)| *n);
    out
}

fn refs_in(t: &Term, out: &mut std::collections::BTreeSet<u32>) {
    match t {
        Term::Ref(n) => {
            out.insert(*n);
        }
        Term::Game { left, right } => left.iter().chain(right).for_each(|c| refs_in(c, out)),
        Term::Sum(a, b) => {
            refs_in(a, out);
            refs_in(b, out);
        }
        Term::Neg(a) => refs_in(a, out),
        Term::PlusMinus(xs) => xs.iter().for_each(|c| refs_in(c, out)),
        Term::Tiny { sub, .. } | Term::Miny { sub, .. } => refs_in(sub, out),
        Term::Multiple { game, .. } => refs_in(game, out),
        _ => {}
    }
}

/// Steps as lines; `Grouped` merges consecutive steps at the same position. `conditions(i)`
/// gives step i's expanded side conditions (none unless `--explain`).
fn lines_of(
    steps: &[Step],
    choice: StepsChoice,
    mut conditions: impl FnMut(usize) -> Result<Vec<String>, Failure>,
) -> Result<Vec<Line>, Failure> {
    let mut lines: Vec<Line> = Vec::new();
    for (i, s) in steps.iter().enumerate() {
        let mut reason = reason(s);
        reason.conditions = conditions(i)?;
        match lines.last_mut() {
            Some(last) if choice == StepsChoice::Grouped && last.at == s.at => {
                last.to = s.to.clone();
                last.reasons.push(reason);
            }
            _ => lines.push(Line {
                to: s.to.clone(),
                at: s.at.clone(),
                reasons: vec![reason],
            }),
        }
    }
    Ok(lines)
}

/// The proof in the proof module's JSON schema, ending in a newline. With `explain` above 0
/// each step also gets `conditions`: its side conditions with their proofs, as text (extra
/// fields are ignored when the proof is read back, so `onag check` still accepts it).
pub fn proof_json(proof: &Proof, rules: &RuleSet, explain: usize) -> Result<String, Failure> {
    // The claim that the result is final, with what shows it (`proof::final_form`).
    let claim = crate::proof::final_form::claim(proof);
    let text = crate::proof::final_form::attach(proof.to_json(), claim.as_ref());
    if explain == 0 {
        return Ok(format!("{}\n", text.trim_end()));
    }
    let mut v: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| Failure::internal(format!("proof JSON: {e}")))?;
    if let Some(steps) = v.get_mut("steps").and_then(|s| s.as_array_mut()) {
        for (i, step) in steps.iter_mut().enumerate() {
            step["conditions"] = serde_json::json!(conditions(proof, None, i, rules, explain)?);
        }
    }
    if let Some(lemmas) = v.get_mut("lemmas").and_then(|s| s.as_array_mut()) {
        for (k, lemma) in lemmas.iter_mut().enumerate() {
            if let Some(steps) = lemma.get_mut("steps").and_then(|s| s.as_array_mut()) {
                for (i, step) in steps.iter_mut().enumerate() {
                    step["conditions"] =
                        serde_json::json!(conditions(proof, Some(k), i, rules, explain)?);
                }
            }
        }
    }
    Ok(format!(
        "{}\n",
        serde_json::to_string_pretty(&v).unwrap_or_default()
    ))
}

/// Step `i`'s side conditions (of the main chain, or of lemma `lemma`), each as "condition"
/// followed by its inequalities' proofs; none when `depth` is 0.
fn conditions(
    proof: &Proof,
    lemma: Option<usize>,
    i: usize,
    rules: &RuleSet,
    depth: usize,
) -> Result<Vec<String>, Failure> {
    if depth == 0 {
        return Ok(Vec::new());
    }
    let conds = match lemma {
        None => proof.side_conditions(i, rules, depth),
        Some(k) => proof.lemma_side_conditions(k, i, rules, depth),
    };
    let conds = conds.map_err(|e| {
        // The step was checked already; failing now is a defect, not the user's input.
        Failure::internal(format!("expanding a side condition: {e}"))
    })?;
    Ok(conds
        .iter()
        .map(|c| {
            let mut text = c.condition.clone();
            for q in &c.inequalities {
                text.push('\n');
                text.push_str(q.to_string().trim_end());
            }
            text
        })
        .collect())
}

fn reason(s: &Step) -> Reason {
    Reason {
        rule: match s.lemma {
            Some(k) => format!("lemma {k}"),
            None => s.rule.to_string(),
        },
        why: with_sets(s),
        reversed: s.reversed,
        conditions: Vec::new(),
    }
}

/// The proof's reason, plus the set witnesses when the reason names no witnesses at all (the
/// proof module's generic wording lists game and value witnesses but not sets, so `simplicity`
/// and `mex` would otherwise show none).
fn with_sets(s: &Step) -> String {
    let w = &s.witnesses;
    if s.why.contains("; with ") || w.sets.is_empty() || !w.games.is_empty() {
        return s.why.clone();
    }
    let show = |t: &Term| t.to_string();
    let sets: Vec<String> = w
        .sets
        .iter()
        .map(|(n, ts)| {
            let items: Vec<String> = ts.iter().map(show).collect();
            format!("{n} = ({})", items.join(", "))
        })
        .collect();
    format!("{}; with {}", s.why, sets.join(", "))
}

/// A position in words: "the whole game", or the path from the root, e.g. `L0/R1`, read
/// "Left option 0, then its Right option 1".
pub fn position(at: &[PathElem]) -> String {
    if at.is_empty() {
        "the top".to_string()
    } else {
        crate::proof::step::path_string(at)
    }
}
