//! The writing half of the JSON schema, straight from a [`Proof`]: the same fields, in the
//! same order, as the reader's `ProofJson` (so the text is what serialising that would give),
//! but each term printed only as it is written and nothing collected first.

use super::{print, VERSION};
use crate::proof::step::{PathElem, Step, Witnesses};
use crate::proof::{Lemma, Proof};
use crate::rules::Name;
use crate::term::row_text;
use crate::term::Term;
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct, Serializer};
use serde::Serialize;

/// A proof as the file writes it; its lemmas left out when `.1` is false (their lines are
/// then added to the text, see `Proof::with_head`, which the CLI has).
pub(super) struct ProofOut<'a>(pub(super) &'a Proof, pub(super) bool);

/// A term as its string in the notation.
struct TermOut<'a>(&'a Term);

/// A chain of steps from `start`: a step's `from` is written only where it is not the term
/// the chain has reached.
struct Chain<'a> {
    start: &'a Term,
    steps: &'a [Step],
}

struct StepOut<'a> {
    step: &'a Step,
    prev: &'a Term,
}

struct LemmaOut<'a>(&'a Lemma);

struct Terms<'a>(&'a [Term]);

struct Path<'a>(&'a [PathElem]);

struct WitnessOut<'a>(&'a Witnesses);

thread_local! {
    /// [`TermOut`]'s text, reused from term to term: a proof file has hundreds of thousands
    /// of terms, and a string allocated, filled and freed for each was a tenth of writing it.
    static TERM_TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

impl Serialize for TermOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TERM_TEXT.with(|text| {
            // Printing calls nothing that writes a term: the buffer is free unless a caller
            // nests writers, which then print into a string of their own.
            let Ok(mut buf) = text.try_borrow_mut() else {
                return s.serialize_str(&print(self.0));
            };
            buf.clear();
            crate::syntax::print_into(self.0, &Default::default(), &mut buf);
            let done = s.serialize_str(&buf);
            if buf.capacity() > SCRATCH_KEPT {
                *buf = String::new();
            }
            done
        })
    }
}

impl Serialize for Terms<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for t in self.0 {
            seq.serialize_element(&TermOut(t))?;
        }
        seq.end()
    }
}

impl Serialize for ProofOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut st = s.serialize_struct("ProofJson", 8)?;
        st.serialize_field("version", &VERSION)?;
        if p.play != crate::proof::Play::Normal {
            st.serialize_field("play", p.play.name())?;
        }
        if !p.terms.views().is_empty() {
            st.serialize_field("terms", &Terms(p.terms.views()))?;
        }
        st.serialize_field("input", &TermOut(&p.input))?;
        st.serialize_field("result", &TermOut(&p.result))?;
        st.serialize_field("checked", &p.checked)?;
        st.serialize_field(
            "steps",
            &Chain {
                start: &p.input,
                steps: &p.steps,
            },
        )?;
        if self.1 && !p.lemmas.is_empty() {
            st.serialize_field("lemmas", &Lemmas(&p.lemmas))?;
        }
        st.end()
    }
}

struct Lemmas<'a>(&'a [Lemma]);

/// The largest scratch buffer [`lemma_line`] keeps between lines; a larger one, grown by one
/// long lemma, is given back.
const SCRATCH_KEPT: usize = 1 << 20;

thread_local! {
    /// [`lemma_line`]'s buffer, reused from line to line.
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Lemma `l`'s line of the file, as [`Proof::to_json`] writes it within `lemmas` (on one line:
/// the layout's containers nested deeper than two are written compact).
///
/// The lines of a large proof are all held until the file is written (the term table comes
/// first in it, and is complete only at the end). Each one was written into a buffer of its
/// own, grown by doubling: a line held up to twice its bytes and cost a few reallocations.
/// A buffer reused from line to line, and each line copied out at its exact size, costs one
/// allocation a line and holds only its bytes.
pub(crate) fn lemma_line(l: &Lemma) -> String {
    SCRATCH.with(|scratch| {
        let Ok(mut buf) = scratch.try_borrow_mut() else {
            return lemma_line_in(l, &mut Vec::new());
        };
        let line = lemma_line_in(l, &mut buf);
        buf.clear();
        if buf.capacity() > SCRATCH_KEPT {
            *buf = Vec::new();
        }
        line
    })
}

/// [`lemma_line`] written by way of `buf` (empty), copied out at its exact size.
fn lemma_line_in(l: &Lemma, buf: &mut Vec<u8>) -> String {
    let mut ser =
        serde_json::Serializer::with_formatter(&mut *buf, super::layout::Lines::nested(2));
    // Serialising strings, sequences and maps into a vector cannot fail.
    if LemmaOut(l).serialize(&mut ser).is_err() {
        return String::new();
    }
    // serde_json writes only valid UTF-8.
    std::str::from_utf8(buf)
        .map(str::to_owned)
        .unwrap_or_default()
}

impl Serialize for Lemmas<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for l in self.0 {
            seq.serialize_element(&LemmaOut(l))?;
        }
        seq.end()
    }
}

impl Serialize for LemmaOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let l = self.0;
        let mut st = s.serialize_struct("LemmaJson", 3)?;
        st.serialize_field("from", &TermOut(&l.from))?;
        st.serialize_field("to", &TermOut(&l.to))?;
        st.serialize_field(
            "steps",
            &Chain {
                start: &l.from,
                steps: &l.steps,
            },
        )?;
        st.end()
    }
}

impl Serialize for Chain<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.steps.len()))?;
        let mut prev = self.start;
        for step in self.steps {
            seq.serialize_element(&StepOut { step, prev })?;
            prev = &step.to;
        }
        seq.end()
    }
}

impl Serialize for Path<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for e in self.0 {
            seq.serialize_element(&e.to_string())?;
        }
        seq.end()
    }
}

impl Serialize for StepOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let step = self.step;
        let mut st = s.serialize_struct("StepJson", 9)?;
        if step.from != *self.prev {
            st.serialize_field("from", &TermOut(&step.from))?;
        }
        st.serialize_field("to", &TermOut(&step.to))?;
        st.serialize_field("rule", &step.rule)?;
        // Version 3 leaves out what is empty or false: most steps are at the root or cite a
        // lemma, and few are reversed.
        if !step.at.is_empty() {
            st.serialize_field("at", &Path(&step.at))?;
        }
        st.serialize_field("why", &step.why)?;
        if step.reversed {
            st.serialize_field("reversed", &step.reversed)?;
        }
        if !step.witnesses.is_empty() {
            st.serialize_field("witnesses", &WitnessOut(&step.witnesses))?;
        }
        if !step.parts.is_empty() {
            st.serialize_field(
                "parts",
                &Chain {
                    start: &step.from,
                    steps: &step.parts,
                },
            )?;
        }
        if let Some(k) = step.lemma {
            st.serialize_field("lemma", &k)?;
        }
        st.end()
    }
}

/// The bindings in the order of their names, the last of equal names kept.
fn by_name<V>(bindings: &[(Name, V)]) -> Vec<&(Name, V)> {
    let mut v: Vec<&(Name, V)> = bindings.iter().collect();
    // Stable: among equal names the last binding stays last.
    v.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out: Vec<&(Name, V)> = Vec::with_capacity(v.len());
    for b in v {
        match out.last_mut() {
            Some(last) if last.0 == b.0 => *last = b,
            _ => out.push(b),
        }
    }
    out
}

/// A map of one kind of witness, each value written by `write`.
struct MapOut<'a, V> {
    bindings: &'a [(Name, V)],
    write: fn(&V) -> ValueOut<'_>,
}

/// A witness value as the schema writes it.
enum ValueOut<'a> {
    Term(&'a Term),
    Terms(&'a [Term]),
    Text(String),
}

impl Serialize for ValueOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ValueOut::Term(t) => TermOut(t).serialize(s),
            ValueOut::Terms(ts) => Terms(ts).serialize(s),
            ValueOut::Text(t) => s.serialize_str(t),
        }
    }
}

impl<V> Serialize for MapOut<'_, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let sorted = by_name(self.bindings);
        let mut map = s.serialize_map(Some(sorted.len()))?;
        for (name, v) in sorted {
            map.serialize_entry(name.as_str(), &(self.write)(v))?;
        }
        map.end()
    }
}

impl Serialize for WitnessOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let w = self.0;
        let mut st = s.serialize_struct("WitnessJson", 4)?;
        if !w.games.is_empty() {
            st.serialize_field(
                "games",
                &MapOut {
                    bindings: &w.games,
                    write: |t| ValueOut::Term(t),
                },
            )?;
        }
        if !w.sets.is_empty() {
            st.serialize_field(
                "sets",
                &MapOut {
                    bindings: &w.sets,
                    write: |ts| ValueOut::Terms(ts),
                },
            )?;
        }
        if !w.values.is_empty() {
            st.serialize_field(
                "values",
                &MapOut {
                    bindings: &w.values,
                    write: |v| ValueOut::Text(v.to_string()),
                },
            )?;
        }
        if !w.rows.is_empty() {
            st.serialize_field(
                "rows",
                &MapOut {
                    bindings: &w.rows,
                    write: |r| ValueOut::Text(row_text(r)),
                },
            )?;
        }
        st.end()
    }
}

/// [`by_name`] with owned results, for the tests beside the reader.
#[cfg(test)]
pub(super) fn by_name_for_test<V: Clone>(bindings: &[(Name, V)]) -> Vec<(Name, V)> {
    by_name(bindings).into_iter().cloned().collect()
}
