//! Proofs as JSON, so they can be stored, shared and checked again elsewhere.
//!
//! Schema version 2 (every term is a string in CGSuite notation, read with
//! `syntax::parse_with_refs`; `#n` names entry n of `terms`). docs/PROOF-JSON.md has the whole
//! schema; in short:
//!
//! ```text
//! {
//!   "version": 2,               // absent = 1 (no term table); other versions are refused
//!   "terms": ["{3|2}", "{#0|-1}", ...],     // entry n may name only entries before it
//!   "input":   "{0,1|2}",
//!   "result":  "3/2",
//!   "checked": true,            // informative only: never trusted on input
//!   "steps": [
//!     {
//!       "from": "...",                       // omitted when it is where the chain is
//!       "to": "...",                         // the whole term after the step
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
//! [`Proof::from_json`] reads without checking (`checked` is false); [`Proof::verify`] checks
//! a proof held in memory, and [`crate::check`] reads and checks a file as it streams. A proof
//! is only ever `checked` because this process checked it.

use super::step::{PathElem, Step, Witnesses};
use super::{Lemma, Proof, ProofError};
use crate::rules::Name;
use crate::term::{Pebble, Term};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;

mod fast;
#[cfg(test)]
mod layout;
mod out;
mod stream;

#[cfg(test)]
pub(crate) use out::lemma_line;
#[cfg(test)]
pub(crate) use out::lemma_line_worded;
pub(crate) use out::{push_line_worded, CHUNK};
pub(crate) use stream::read_and_check;

/// The schema version this build writes; it reads this one and the two before it (see
/// [`READS`]).
pub const VERSION: u32 = 3;

/// The versions this build reads: 1 (no term table), 2 (every step field written, even when
/// empty) and 3 (empty fields left out, a line per step and lemma). A version-2 reader cannot
/// read version 3 (it requires `at`), hence the new number.
pub const READS: [u32; 3] = [1, 2, 3];

fn version_one() -> u32 {
    1
}

/// A string of the file, borrowed from it where it has no escapes (most of them): reading a
/// large proof copies no text it only looks at.
type Text<'a> = Cow<'a, str>;

/// A [`Text`] inside a vector or a map, borrowed where it has no escapes. serde borrows a
/// `Cow` only as a field of a derived struct marked `borrow`: inside a `Vec` or a map, or read
/// on its own, `Cow`'s own `Deserialize` makes every string an owned copy — each step's path
/// and witnesses (a few allocations a step, a tenth of a lemma's parse), and every entry of
/// the term table (Σ_{k≤30} {k|−k}'s 239,000, on the reader's thread before any lemma is
/// handed out). It reads what `String` reads, with `String`'s words for what it does not.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Borrowed<'a>(Text<'a>);

impl std::ops::Deref for Borrowed<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Borrowed<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Borrowed<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Borrowed<'_> {
    fn from(s: String) -> Self {
        Borrowed(Cow::Owned(s))
    }
}

impl From<Name> for Borrowed<'_> {
    fn from(s: Name) -> Self {
        Borrowed(Cow::Owned(s.into()))
    }
}

impl Serialize for Borrowed<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Borrowed<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_string(BorrowedVisitor).map(Borrowed)
    }
}

/// `String`'s visitor, keeping a string of the text borrowed.
struct BorrowedVisitor;

impl<'a> serde::de::Visitor<'a> for BorrowedVisitor {
    type Value = Text<'a>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, v: &'a str) -> Result<Text<'a>, E> {
        Ok(Cow::Borrowed(v))
    }

    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Text<'a>, E> {
        Ok(Cow::Owned(v.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Text<'a>, E> {
        Ok(Cow::Owned(v))
    }

    fn visit_bytes<E: serde::de::Error>(self, v: &[u8]) -> Result<Text<'a>, E> {
        match std::str::from_utf8(v) {
            Ok(s) => Ok(Cow::Owned(s.to_owned())),
            Err(_) => Err(E::invalid_value(serde::de::Unexpected::Bytes(v), &self)),
        }
    }

    fn visit_byte_buf<E: serde::de::Error>(self, v: Vec<u8>) -> Result<Text<'a>, E> {
        match String::from_utf8(v) {
            Ok(s) => Ok(Cow::Owned(s)),
            Err(e) => Err(E::invalid_value(
                serde::de::Unexpected::Bytes(&e.into_bytes()),
                &self,
            )),
        }
    }
}

#[derive(Serialize, Deserialize)]
struct ProofJson<'a> {
    /// Absent in proofs written before version 2.
    #[serde(default = "version_one")]
    version: u32,
    /// The play convention: absent in normal play (every proof before misère proofs), else
    /// `"misere"` (read by [`super::Play::read`], as the streaming reader reads it).
    #[serde(default, skip_serializing_if = "Option::is_none", borrow)]
    play: Option<Text<'a>>,
    /// Entry n is the view of `#n`: its top node, larger children as earlier entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty", borrow)]
    terms: Vec<Text<'a>>,
    #[serde(borrow)]
    input: Text<'a>,
    #[serde(borrow)]
    result: Text<'a>,
    #[serde(default)]
    checked: bool,
    #[serde(borrow)]
    steps: Vec<StepJson<'a>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", borrow)]
    lemmas: Vec<LemmaJson<'a>>,
}

#[derive(Serialize, Deserialize)]
struct LemmaJson<'a> {
    #[serde(borrow)]
    from: Text<'a>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    steps: Vec<StepJson<'a>>,
}

#[derive(Serialize, Deserialize)]
struct StepJson<'a> {
    /// Absent when it is the term the chain reached (the previous step's `to`, or the chain's
    /// start), as it always is in a proof onag writes.
    #[serde(default, skip_serializing_if = "Option::is_none", borrow)]
    from: Option<Text<'a>>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    rule: Text<'a>,
    /// Absent at the root (version 3).
    #[serde(default, skip_serializing_if = "Vec::is_empty", borrow)]
    at: Vec<Borrowed<'a>>,
    #[serde(default, borrow)]
    why: Text<'a>,
    /// Absent when false (version 3).
    #[serde(default, skip_serializing_if = "is_false")]
    reversed: bool,
    /// Absent when the rule bound nothing, as for a citation (version 3).
    #[serde(default, skip_serializing_if = "WitnessJson::is_empty", borrow)]
    witnesses: WitnessJson<'a>,
    /// A grouped step's single rule instances, in order (absent for a single instance).
    #[serde(default, skip_serializing_if = "Vec::is_empty", borrow)]
    parts: Vec<StepJson<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lemma: Option<usize>,
}

/// Each kind of witness is absent when there is none (version 3).
#[derive(Serialize, Deserialize, Default)]
struct WitnessJson<'a> {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", borrow)]
    games: BTreeMap<Borrowed<'a>, Borrowed<'a>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", borrow)]
    sets: BTreeMap<Borrowed<'a>, Vec<Borrowed<'a>>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", borrow)]
    values: BTreeMap<Borrowed<'a>, Borrowed<'a>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", borrow)]
    rows: BTreeMap<Borrowed<'a>, Borrowed<'a>>,
}

impl WitnessJson<'_> {
    fn is_empty(&self) -> bool {
        self.games.is_empty()
            && self.sets.is_empty()
            && self.values.is_empty()
            && self.rows.is_empty()
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[cfg(test)]
fn print(t: &Term) -> String {
    crate::syntax::print(t, &Default::default())
}

/// `what` names the term in an error; it is only written out then.
fn parse(s: &str, what: impl FnOnce() -> String) -> Result<Term, ProofError> {
    crate::syntax::parse_proof_term(s)
        .map_err(|e| ProofError::Json(format!("{}: `{}`: {e}", what(), clip(s))))
}

/// Every reference in `t` names an entry of a table of `len` entries.
/// The term table read from its views: when the play is known and not loopy, every entry
/// names only earlier ones; otherwise a brace may name any entry, and [`table_fits`] asks
/// again once the play is known.
pub(crate) fn read_table(
    views: Vec<Term>,
    play: Option<super::Play>,
) -> Result<super::TermTable, ProofError> {
    let read = match play {
        Some(p) if p != super::Play::Loopy => super::TermTable::from_views_backwards(views),
        _ => super::TermTable::from_views(views),
    };
    read.map_err(|e| ProofError::Json(format!("the term table: {e}")))
}

/// Only a loopy proof's table may name later entries (its game graphs written through the
/// table); every other checker reads entries in order. Both readers ask this once they know
/// the play.
pub(crate) fn table_fits(terms: &super::TermTable, play: super::Play) -> Result<(), ProofError> {
    if play == super::Play::Loopy {
        return Ok(());
    }
    terms.backwards_only().map_err(|e| {
        ProofError::Json(format!(
            "the term table: {e} (only a loopy proof's table may name itself or a later entry)"
        ))
    })
}

fn refs_within(t: &Term, len: usize, what: &dyn Fn() -> String) -> Result<(), ProofError> {
    match t {
        Term::Ref(n) if *n as usize >= len => Err(ProofError::Json(format!(
            "{} refers to #{n}, but the term table has {len} entries",
            what()
        ))),
        // The nodes a proof's terms are made of, walked without listing their children (a
        // vector per node was most of this walk over every step read).
        Term::Ref(_) | Term::Nus { .. } => Ok(()),
        Term::Game { left, right } => left
            .iter()
            .chain(right)
            .try_for_each(|c| refs_within(c, len, what)),
        Term::Sum(a, b) => {
            refs_within(a, len, what)?;
            refs_within(b, len, what)
        }
        Term::Neg(a) => refs_within(a, len, what),
        _ => crate::term::children(t)
            .into_iter()
            .try_for_each(|c| refs_within(c, len, what)),
    }
}

/// [`refs_within`] for every term of a step; `what` names the step, written only for an error
/// (not a name formatted for every step read, only to be thrown away).
fn step_refs_within(s: &Step, len: usize, what: &dyn Fn() -> String) -> Result<(), ProofError> {
    // A `from` left out ([`Step::FROM_CHAIN`]) names only what the chain's terms name.
    if s.from != Step::FROM_CHAIN {
        refs_within(&s.from, len, what)?;
    }
    refs_within(&s.to, len, what)?;
    for (_, t) in &s.witnesses.games {
        refs_within(t, len, what)?;
    }
    for (_, ts) in &s.witnesses.sets {
        for t in ts {
            refs_within(t, len, what)?;
        }
    }
    s.parts
        .iter()
        .try_for_each(|p| step_refs_within(p, len, what))
}

/// A value witness: a number, read by the game parser (which reads fractions without a gcd, so
/// a hostile million-digit value costs milliseconds, not minutes) and required to be a bare
/// number. An integer (nearly every value a proof names) goes through the quick reader first,
/// which reads exactly what the full parser reads (a reference it reads is no number either).
fn parse_value(v: &str, step: &dyn Fn() -> String) -> Result<crate::number::Dyadic, ProofError> {
    let not_a_number =
        || ProofError::Json(format!("step {}: `{}` is not a number", step(), clip(v)));
    // A limit reached while reading is a limit (exit 3), never a verdict on the proof.
    let t = crate::syntax::parse_proof_term(v).map_err(|e| {
        if crate::memory::is_limit_message(&e.message) {
            ProofError::Json(format!("step {}: `{}`: {e}", step(), clip(v)))
        } else {
            not_a_number()
        }
    })?;
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

fn parse_row(s: &str) -> Result<Vec<Pebble>, ProofError> {
    s.chars()
        .map(|c| {
            Pebble::from_letter(c)
                .ok_or_else(|| ProofError::Json(format!("`{}` is not a row of L, R, E", clip(s))))
        })
        .collect()
}

/// A chain of steps read back from `start`; `name` names step i in errors.
/// `words`: whether to keep each step's `why`, which a check that lets the steps go when it
/// is done never reads (copying them was a few percent of reading a large proof).
fn chain_from_json(
    start: &Term,
    steps: &[StepJson],
    nested: bool,
    words: bool,
    name: impl Fn(usize) -> String,
) -> Result<Vec<Step>, ProofError> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for (i, s) in steps.iter().enumerate() {
        let prev = out.last().map_or(start, |p| &p.to);
        let step = step_from_json(&|| name(i), s, nested, words, prev)?;
        out.push(step);
    }
    Ok(out)
}

/// One step read back; `name` names it in errors (`3` or `3.1` for a part of a grouped step),
/// called only for an error.
fn step_from_json(
    name: &dyn Fn() -> String,
    s: &StepJson,
    nested: bool,
    words: bool,
    prev: &Term,
) -> Result<Step, ProofError> {
    let at =
        s.at.iter()
            .map(|e| e.parse::<PathElem>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| ProofError::Json(format!("step {}: {e}", name())))?;
    let mut w = Witnesses::default();
    for (n, t) in &s.witnesses.games {
        w.games.push((
            Name::from(n.as_ref()),
            parse(t, || format!("step {} witness {n}", name()))?,
        ));
    }
    for (n, ts) in &s.witnesses.sets {
        let ts = ts
            .iter()
            .map(|t| parse(t, || format!("step {} witness set {n}", name())))
            .collect::<Result<Vec<_>, _>>()?;
        w.sets.push((Name::from(n.as_ref()), ts));
    }
    for (n, v) in &s.witnesses.values {
        w.values
            .push((Name::from(n.as_ref()), parse_value(v, name)?));
    }
    for (n, r) in &s.witnesses.rows {
        w.rows.push((Name::from(n.as_ref()), parse_row(r)?));
    }
    if nested && !s.parts.is_empty() {
        return Err(ProofError::Json(format!(
            "step {}: a part of a grouped step cannot have parts of its own",
            name()
        )));
    }
    let from = match &s.from {
        Some(f) => parse(f, || format!("step {} from", name()))?,
        None => prev.clone(),
    };
    let parts = chain_from_json(&from, &s.parts, true, words, |j| format!("{}.{j}", name()))?;
    Ok(Step {
        from,
        to: parse(&s.to, || format!("step {} to", name()))?,
        rule: s.rule.as_ref().into(),
        at,
        why: if words {
            s.why.to_string()
        } else {
            String::new()
        },
        witnesses: w,
        reversed: s.reversed,
        parts,
        lemma: s.lemma,
    })
}

/// A proof's JSON text as its head, its lemmas' lines and its tail, in that order: the text
/// of Σ_{k≤30} {k|−k} is 147 MB, 142 of them lemma lines held since the checker thread handed
/// them back, and copying them into one string at the end was the peak of `simplify`'s
/// memory (1.03–1.06 GB). Written piece by piece ([`ProofText::pieces`]), the lines are never
/// held twice.
#[cfg(any(test, feature = "cli"))]
#[derive(Debug, Default)]
pub(crate) struct ProofText {
    head: String,
    /// The lemmas' lines in chunks of many (`out::push_line_worded`): the first line after a
    /// newline, the others after a comma and a newline, each indented as a lemma is.
    chunks: Vec<String>,
    /// Empty when there are no lines (the whole text is then the head).
    tail: String,
    /// The claim that the result is final (`final_form::claim`), when it was worked out while
    /// the proof was checked: `Some(None)` says there is none.
    pub(crate) claim: Option<Option<super::final_claim::FinalClaim>>,
}

#[cfg(any(test, feature = "cli"))]
impl ProofText {
    /// A text in one piece.
    pub(crate) fn whole(text: String) -> ProofText {
        ProofText {
            head: text,
            ..ProofText::default()
        }
    }

    /// The piece the text ends with, where the final claim and the last newline go (see
    /// `final_form::attach`, which reads and changes only the end of the text), replaced by
    /// what `edit` makes of it.
    pub(crate) fn edit_end(&mut self, edit: impl FnOnce(String) -> String) {
        let end = if self.tail.is_empty() {
            &mut self.head
        } else {
            &mut self.tail
        };
        *end = edit(std::mem::take(end));
    }

    /// The text's pieces in order: concatenated, the whole text.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.head.as_str())
            .chain(self.chunks.iter().map(String::as_str))
            .chain(std::iter::once(self.tail.as_str()))
    }

    /// The whole text in one string.
    pub(crate) fn into_string(self) -> String {
        if self.chunks.is_empty() && self.tail.is_empty() {
            return self.head;
        }
        let mut out = String::with_capacity(self.pieces().map(str::len).sum());
        self.pieces().for_each(|p| out.push_str(p));
        out
    }
}

impl Proof {
    /// The proof as JSON (see the module docs for the schema): a line for each term table
    /// entry, each step of the main chain and each lemma.
    ///
    /// Written straight from the proof (`json::out`): each term is printed as its string is
    /// written, so no copy of the proof as strings is built first (a proof of 50,000 steps
    /// would hold its whole text twice).
    pub fn to_json(&self) -> String {
        let mut buf = String::with_capacity(64 * (self.size() + self.terms.len()) + 1024);
        out::proof(&mut buf, self, true);
        buf
    }

    /// The text [`Proof::to_json`] writes before the lemmas (their key too, when there are
    /// none): the table, the input, the result and the main chain. It needs none of the
    /// lemmas, so `simplify` writes it while the checker thread checks the last of them.
    #[cfg(any(test, feature = "cli"))]
    pub(crate) fn json_head(&self) -> Option<Vec<u8>> {
        let mut buf = String::with_capacity(64 * (self.steps.len() + self.terms.len()) + 1024);
        out::proof(&mut buf, self, false);
        Some(buf.into_bytes())
    }

    /// [`Proof::to_json`] of this proof with its lemmas, whose lines are written already
    /// (`chunks`: [`out::push_line_worded`] of each of the lemmas, in order), from the head
    /// [`Proof::json_head`] wrote for it: the same text, in pieces ([`ProofText`]). `simplify`
    /// writes each lemma's line as the checker thread hands the lemma back, the head while it
    /// checks the last ones, and keeps nothing else of the lemmas (`pipeline::Settled`).
    #[cfg(any(test, feature = "cli"))]
    pub(crate) fn with_head(head: Option<Vec<u8>>, chunks: Vec<String>) -> ProofText {
        let Some(mut buf) = head else {
            return ProofText::whole(String::new());
        };
        if chunks.is_empty() {
            return ProofText::whole(String::from_utf8(buf).unwrap_or_default());
        }
        // The object's last key is `lemmas`: its closing line (which `json_head` ends with)
        // gives way to them.
        if buf.ends_with(b"\n}") {
            buf.truncate(buf.len() - 2);
        }
        buf.extend_from_slice(b",\n  \"lemmas\": [");
        ProofText {
            head: String::from_utf8(buf).unwrap_or_default(),
            chunks,
            tail: "\n  ]\n}".into(),
            claim: None,
        }
    }

    /// Reads a proof without checking it; `checked` is always false, whatever the text says.
    /// Text that is not a proof in the schema above is [`ProofError::Json`].
    ///
    /// ```
    /// use onag::{Engine, Proof, RuleSet};
    /// let rules = RuleSet::builtin();
    /// let s = onag::simplify(&onag::parse("{0|5}").unwrap(), &Engine::new(rules.clone())).unwrap();
    /// let mut back = Proof::from_json(&s.proof.to_json()).unwrap();
    /// assert!(!back.checked());
    /// back.verify(&rules).unwrap();
    /// assert!(back.checked() && back == s.proof);
    /// assert!(Proof::from_json("{\"input\": 1}").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<Proof, ProofError> {
        let j: ProofJson =
            serde_json::from_str(text).map_err(|e| ProofError::Json(e.to_string()))?;
        if !READS.contains(&j.version) {
            return Err(ProofError::Json(format!(
                "schema version {} is not one this onag reads (versions 1, 2 and {VERSION})",
                j.version
            )));
        }
        let play = match &j.play {
            Some(p) => super::Play::read(p)?,
            None => super::Play::Normal,
        };
        let views = j
            .terms
            .iter()
            .enumerate()
            .map(|(n, t)| parse(t, || format!("term #{n}")))
            .collect::<Result<Vec<_>, _>>()?;
        let terms = read_table(views, Some(play))?;
        let len = terms.len();
        let input = parse(&j.input, || "input".into())?;
        let result = parse(&j.result, || "result".into())?;
        let steps = chain_from_json(&input, &j.steps, false, true, |i| i.to_string())?;
        // Each lemma's text is freed once it is read, so a large proof is not held twice.
        let lemmas = j
            .lemmas
            .into_iter()
            .enumerate()
            .map(|(k, l)| {
                let from = parse(&l.from, || format!("lemma {k} from"))?;
                Ok(Lemma {
                    to: parse(&l.to, || format!("lemma {k} to"))?,
                    steps: chain_from_json(&from, &l.steps, false, true, |i| {
                        format!("{i} of lemma {k}")
                    })?,
                    from,
                })
            })
            .collect::<Result<Vec<_>, ProofError>>()?;
        refs_within(&input, len, &|| "the input".into())?;
        refs_within(&result, len, &|| "the result".into())?;
        for (i, st) in steps.iter().enumerate() {
            step_refs_within(st, len, &|| format!("step {i}"))?;
        }
        for (k, l) in lemmas.iter().enumerate() {
            refs_within(&l.from, len, &|| format!("lemma {k}"))?;
            refs_within(&l.to, len, &|| format!("lemma {k}"))?;
            for (i, st) in l.steps.iter().enumerate() {
                step_refs_within(st, len, &|| format!("step {i} of lemma {k}"))?;
            }
        }
        Ok(Proof {
            input,
            result,
            steps,
            lemmas,
            terms,
            checked: false,
            play,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RuleSet;
    use crate::term::row_text;

    // The writer before `out`: the proof collected into `ProofJson` and serialised by derive.
    // `to_json` must write exactly its text.
    /// A chain of steps from `start`.
    fn chain_to_json(start: &Term, steps: &[Step]) -> Vec<StepJson<'static>> {
        let mut prev = start;
        steps
            .iter()
            .map(|s| {
                let j = step_to_json(s, prev);
                prev = &s.to;
                j
            })
            .collect()
    }

    fn step_to_json(s: &Step, prev: &Term) -> StepJson<'static> {
        StepJson {
            from: (s.from != *prev).then(|| print(&s.from).into()),
            to: print(&s.to).into(),
            rule: s.rule.clone().into(),
            at: s.at.iter().map(|e| e.to_string().into()).collect(),
            why: s.why.clone().into(),
            reversed: s.reversed,
            witnesses: WitnessJson {
                games: s
                    .witnesses
                    .games
                    .iter()
                    .map(|(n, t)| (n.clone().into(), print(t).into()))
                    .collect(),
                sets: s
                    .witnesses
                    .sets
                    .iter()
                    .map(|(n, ts)| {
                        (
                            n.clone().into(),
                            ts.iter().map(|t| print(t).into()).collect(),
                        )
                    })
                    .collect(),
                values: s
                    .witnesses
                    .values
                    .iter()
                    .map(|(n, v)| (n.clone().into(), v.to_string().into()))
                    .collect(),
                rows: s
                    .witnesses
                    .rows
                    .iter()
                    .map(|(n, r)| (n.clone().into(), row_text(r).into()))
                    .collect(),
            },
            parts: chain_to_json(&s.from, &s.parts),
            lemma: s.lemma,
        }
    }

    fn collected(p: &Proof) -> String {
        let j = ProofJson {
            version: VERSION,
            play: (p.play != crate::proof::Play::Normal).then(|| p.play.name().into()),
            terms: p.terms.views().iter().map(|t| print(t).into()).collect(),
            input: print(&p.input).into(),
            result: print(&p.result).into(),
            checked: p.checked,
            steps: chain_to_json(&p.input, &p.steps),
            lemmas: p
                .lemmas
                .iter()
                .map(|l| LemmaJson {
                    from: print(&l.from).into(),
                    to: print(&l.to).into(),
                    steps: chain_to_json(&l.from, &l.steps),
                })
                .collect(),
        };
        let mut buf = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, layout::Lines::default());
        j.serialize(&mut ser).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn the_streaming_writer_writes_what_the_collected_one_did() {
        let engine = crate::engine::Engine::new(RuleSet::builtin());
        // Lemmas and a term table (the sum), grouped steps with parts and witnesses of every
        // kind (the seed examples), a proof of an equality with reversed steps.
        let sums: Vec<String> = (1..=6)
            .map(|n| {
                (1..=n)
                    .map(|k| format!("{{{k}|-{k}}}"))
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect();
        let mut sources: Vec<&str> = sums.iter().map(String::as_str).collect();
        sources.extend([
            "{0,1|2}",
            "{0|5}",
            "{*,*4|*}",
            "{0,*|0,*}",
            "{1,*|-1}",
            "{0||0|-3} + {2|1} + ^ + *3",
            "hs\"LRE\" + {1/2|v}",
        ]);
        let mut proofs: Vec<(String, Proof)> = sources
            .into_iter()
            .map(|src| {
                let t = crate::syntax::parse(src).unwrap();
                (
                    src.to_string(),
                    crate::proof::simplify(&t, &engine).unwrap().proof,
                )
            })
            .collect();
        // An equality proved both ways: its second half is reversed steps.
        let (a, b) = (
            crate::syntax::parse("{0,1|2}").unwrap(),
            crate::syntax::parse("{1|2}").unwrap(),
        );
        match crate::proof::prove_eq_with(&a, &b, &engine).unwrap() {
            crate::proof::Verdict::Equal(p) => proofs.push(("{0,1|2} = {1|2}".into(), p)),
            crate::proof::Verdict::Different(d) => panic!("{d:?}"),
        }
        let mut written = 0;
        let mut seen: std::collections::HashMap<&str, bool> = Default::default();
        for (src, p) in proofs {
            let text = p.to_json();
            assert_eq!(text, collected(&p), "{src}");
            for kind in [
                "\"games\": {\"",
                "\"sets\": {\"",
                "\"values\": {\"",
                "\"reversed\": true",
                "\"lemma\":",
                "\"parts\":",
                "\"terms\":",
            ] {
                *seen.entry(kind).or_default() |= text.contains(kind);
            }
            written += text.len();
        }
        // Every kind of field was written somewhere, with something in it.
        assert!(seen.values().all(|&s| s), "{seen:?}");
        assert!(written > 10_000);
    }

    /// A string inside a vector or a map reads as `Cow`'s own reader reads it (the same text,
    /// escapes and all; a repeated key's last value; a non-string refused in the same words),
    /// but a string with no escape is borrowed from the text, not copied.
    #[test]
    fn a_borrowed_text_reads_as_a_string_does() {
        let text = r#"["{1|0}", "a\u0041\n", ""]"#;
        let ours: Vec<Borrowed> = serde_json::from_str(text).unwrap();
        let theirs: Vec<Text> = serde_json::from_str(text).unwrap();
        assert_eq!(
            ours.iter().map(|b| &b.0).collect::<Vec<_>>(),
            theirs.iter().collect::<Vec<_>>()
        );
        assert_eq!(&*ours[1], "aA\n");
        assert!(matches!(ours[0].0, Cow::Borrowed("{1|0}")));
        assert!(matches!(ours[1].0, Cow::Owned(_)));
        let map = r#"{"b": "1", "a": "2", "b": "3"}"#;
        let ours: BTreeMap<Borrowed, Borrowed> = serde_json::from_str(map).unwrap();
        let theirs: BTreeMap<Text, Text> = serde_json::from_str(map).unwrap();
        let ours: Vec<(&str, &str)> = ours.iter().map(|(k, v)| (&**k, &**v)).collect();
        let theirs: Vec<(&str, &str)> = theirs.iter().map(|(k, v)| (&**k, &**v)).collect();
        assert_eq!(ours, theirs);
        assert_eq!(ours, [("a", "2"), ("b", "3")]);
        for bad in [
            "[1]",
            "[null]",
            "[\"a\", {}]",
            "{\"a\": [\"b\"]}",
            "[\"\\ud800\"]",
            "3",
        ] {
            let ours = serde_json::from_str::<Vec<Borrowed>>(bad).map(|_| ());
            let theirs = serde_json::from_str::<Vec<Text>>(bad).map(|_| ());
            assert_eq!(
                ours.map_err(|e| e.to_string()),
                theirs.map_err(|e| e.to_string()),
                "{bad}"
            );
            assert!(serde_json::from_str::<Vec<Text>>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn witnesses_are_written_by_name_the_last_binding_winning() {
        let bindings = vec![
            (Name::from("b"), 1),
            (Name::from("a"), 2),
            (Name::from("b"), 3),
        ];
        // What a map by name keeps: each name once, in order, with its last binding.
        let by_map = |b: &[(Name, i32)]| -> Vec<(Name, i32)> {
            b.iter()
                .cloned()
                .collect::<BTreeMap<_, _>>()
                .into_iter()
                .collect()
        };
        assert_eq!(out::by_name_for_test(&bindings), by_map(&bindings));
        // Few bindings are ordered on the stack, more in a list: runs of equal names at the
        // ends, a name repeated three times, both sides of the bound.
        for n in [0, 1, 15, 16, 17, 40] {
            let bindings: Vec<(Name, i32)> = (0..n)
                .map(|i| (Name::from(format!("n{}", (i * 7) % 5 + (i % 3) * 10)), i))
                .collect();
            assert_eq!(out::by_name_for_test(&bindings), by_map(&bindings), "{n}");
        }
    }

    /// The text in pieces is the text: joined, and with the final claim and the last newline
    /// put on its last piece (as `simplify` does before writing the pieces out), it is what
    /// the proof made and checked after, written whole, becomes with them.
    #[test]
    fn a_proof_text_in_pieces_is_the_whole_text_with_its_end_edited_alike() {
        let engine = crate::engine::Engine::new(RuleSet::builtin());
        // Large enough for the lemmas to be checked (and their lines written) while the
        // proof is made, small enough for a final claim.
        let src = "{4|1}+{3|2}+{5|0}+{6|-1}+{2|1}+{7|3}";
        let t = crate::syntax::parse(src).unwrap();
        let after = crate::proof::simplify(&t, &engine).unwrap();
        let whole = after.proof.to_json();
        let claim = crate::proof::final_form::claim(&after.proof);
        assert!(claim.is_some(), "{src}: no claim to attach");
        let (_, mut text) = crate::proof::simplify_as_json_text(&t, &engine).unwrap();
        assert!(
            !text.chunks.is_empty() && !text.tail.is_empty(),
            "{src}: not in pieces"
        );
        // The claim worked out while the last lemmas were checked is the finished proof's.
        assert_eq!(text.claim, Some(claim.clone()));
        assert_eq!(text.pieces().collect::<String>(), whole);
        text.edit_end(|end| end + "\n");
        text.edit_end(|end| crate::proof::final_form::attach(end, claim.as_ref()));
        let edited = crate::proof::final_form::attach(whole + "\n", claim.as_ref());
        assert!(edited.contains("\"final\": "), "{src}: no claim attached");
        assert_eq!(text.into_string(), edited);
    }
}
