//! Checking a proof file as it is read: each lemma parsed, checked and let go before the next
//! is read.
//!
//! [`Proof::from_json`](crate::proof::Proof::from_json) builds the whole proof, and the check then walks it: memory in
//! proportion to every step of every lemma at once (4.5 GB for the 685,567 steps of
//! Σ_{k≤30} {k|−k}). Here the file's lemmas are visited in order by a `serde` visitor that hands
//! each one to the incremental checker, which keeps only the lemmas' statements. The verdict is
//! the one [`Proof::check`](crate::proof::Proof::check) gives the parsed proof, and a file that is not a proof is still
//! reported as that even when a lemma before the damage fails its check: once a lemma fails,
//! the rest of the file is still read (and parsed), only not checked.
//!
//! Reading and checking overlap: this thread parses each lemma into terms (about half the
//! work) and passes it over a short channel to a checker thread, which owns the incremental
//! check (its memo is not `Send`, so it is made there).

use super::{
    chain_from_json, parse, read_table, refs_within, step_refs_within, table_fits, LemmaJson,
    StepJson, Text,
};
use super::{READS, VERSION};
use crate::proof::check::{CheckError, CheckLimit};
use crate::proof::check_limits::CheckLimits;
use crate::proof::incremental::Incremental;
use crate::proof::{Lemma, Play, ProofError, Step, TermTable};
use crate::rules::RuleSet;
use crate::term::Term;
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc;

/// A proof file read and checked: what it proves, in which play, and its size. The library's
/// `onag::CheckedFile` is made from it, with the result resolved into a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedFile {
    /// The term the proof starts from (it may name entries of `terms` as `#n`).
    pub input: Term,
    /// The term it claims to end at (it may name entries of `terms` as `#n`).
    pub result: Term,
    /// Its steps, the lemmas' included.
    pub steps: usize,
    /// Its lemmas.
    pub lemmas: usize,
    /// The play its equalities hold in.
    pub play: Play,
    /// The file's table of shared terms, which `input` and `result` may name.
    pub terms: TermTable,
}

/// Reads a proof file and checks it as it reads, holding the statements of its lemmas but not
/// their steps: the way to check a proof too large to hold. What the file claims comes with the
/// verdict, the one [`Proof::check`](crate::proof::Proof::check) gives [`Proof::from_json`](crate::proof::Proof::from_json)'s proof (a limit included: see
/// [`CheckError::limit`]); text that is not a proof is an error, as there, even when a lemma
/// before the damage would fail.
///
/// Both the reading and the checking stop at `limits` (the caller's deadline, cancel flag,
/// memory and work): a limit reached while reading is an error carrying a [`CheckError`] with
/// its `limit` set, one reached while checking is that verdict; neither judges the proof.
pub(crate) fn read_and_check(
    text: &str,
    rules: &RuleSet,
    limits: &CheckLimits,
) -> Result<(CheckedFile, Result<(), CheckError>), ProofError> {
    let failed = AtomicBool::new(false);
    let failed = &failed;
    std::thread::scope(|scope| {
        // On one thread the reader checks each batch itself; on more, a checker thread does
        // while the reader parses the next (the two halves of the work, about equal).
        let (sink, checker) = if limits.threads() <= 1 {
            (Sink::Here(Box::new(Checking::new(rules, limits))), None)
        } else {
            let (tx, rx) = mpsc::sync_channel::<Work>(IN_FLIGHT);
            let (done_tx, done_rx) = mpsc::channel::<Vec<Vec<Step>>>();
            let checking = limits.clone();
            let checker = scope.spawn(move || check_all(rules, rx, done_tx, failed, &checking));
            (Sink::Thread(tx, done_rx), Some(checker))
        };
        let mut reader = Reader {
            limits,
            version: None,
            play: Play::Normal,
            play_read: false,
            terms: None,
            input: None,
            result: None,
            steps: None,
            waiting: Vec::new(),
            sink,
            batch: Vec::new(),
            begun: false,
            failed,
            count: 0,
            lemmas: 0,
            failure: None,
            final_claim: None,
        };
        let mut de = serde_json::Deserializer::from_str(text);
        let read = (&mut reader).deserialize(&mut de).and_then(|()| de.end());
        let read = match reader.failure.take() {
            Some(e) => Err(e),
            None => read.map_err(|e| ProofError::Json(e.to_string())),
        };
        // The checker ends when its channel closes: with the reader, either way.
        let claim = reader.final_claim.take();
        let (read, here) = match read {
            Ok(()) => reader.finish(),
            Err(e) => (Err(e), reader.into_verdict()),
        };
        let verdict = match (checker, here) {
            (Some(checker), _) => checker.join().unwrap_or_else(|_| {
                Err(CheckError {
                    lemma: None,
                    step: 0,
                    reason: "the checker stopped unexpectedly".into(),
                    limit: None,
                })
            }),
            (None, here) => here.unwrap_or(Ok(())),
        };
        read.map(|(input, result, steps, lemmas, play, terms)| {
            // The claim that the result is final, checked once the chain is (`final_check`).
            let verdict = match (verdict, claim) {
                (Ok(()), Some(c)) => final_verdict(&c, &result, &terms, play, steps, limits),
                (v, _) => v,
            };
            let file = CheckedFile {
                input,
                result,
                steps,
                lemmas,
                play,
                terms,
            };
            (file, verdict)
        })
    })
}

/// The error of a read stopped by the caller's limits (at lemma `lemma`, or in the table):
/// not a verdict on the proof.
fn stopped(lemma: Option<usize>, which: String) -> ProofError {
    ProofError::Check(CheckError {
        lemma,
        step: 0,
        reason: format!("limit reached while reading: {which}"),
        limit: Some(CheckLimit::Work(which)),
    })
}

/// The verdict on a proof's claim that its result is final (after its `steps` steps, all
/// checked).
fn final_verdict(
    claim: &crate::proof::final_check::FinalClaim,
    result: &Term,
    terms: &TermTable,
    play: Play,
    steps: usize,
    limits: &CheckLimits,
) -> Result<(), CheckError> {
    use crate::proof::final_check::Refusal;
    match crate::proof::final_check::check(claim, result, terms, play, limits) {
        // A claim past the checker's own bounds (a form too long to write out, a graph too
        // large) while the caller's limits still hold is one the checker cannot judge. The
        // producer decides its claims within the same bounds and writes none such
        // (`final_form::claim_about`), so the claim is refused, never passed unjudged.
        Err(Refusal::Limit(w)) if limits.look().is_ok() => Err(Refusal::Wrong(format!(
            "it cannot be judged within the checker's own bounds ({w}), and onag writes no such claim"
        ))),
        r => r,
    }
    .map_err(|r| {
        let (reason, limit) = match r {
            Refusal::Wrong(w) => (format!("the claim that the result is final: {w}"), None),
            Refusal::Limit(w) => (
                format!("the claim that the result is final: {w}"),
                Some(crate::proof::CheckLimit::Work(w)),
            ),
        };
        CheckError {
            lemma: None,
            step: steps,
            reason,
            limit,
        }
    })
}

/// Batches parsed and not yet checked at most, and lemmas a batch: enough to keep both threads
/// busy, few enough that memory stays the statements'.
const IN_FLIGHT: usize = 4;
const BATCH: usize = 64;

/// What the reader hands the checker thread, in order.
enum Work {
    /// The table is known: the check can begin.
    Begin(TermTable),
    /// The next lemmas, in order (a batch: a message a lemma cost more in waking threads than
    /// a small lemma's check).
    Lemmas(Vec<Lemma>),
    /// The main chain, last, with the play convention and the number of lemmas (and the
    /// term table, for a loopy proof: its own checker reads it).
    Finish(Term, Term, Vec<Step>, Play, usize, Box<TermTable>),
}

/// The check: the verdict on everything received, lemmas first, in order; after the first
/// failure it takes no more work. The same whether it runs on its own thread
/// ([`check_all`]) or on the reader's (`--threads 1`), so the verdict and its words are the
/// same whatever the number of threads.
struct Checking<'r> {
    rules: &'r RuleSet,
    limits: &'r CheckLimits,
    check: Option<Incremental<'r>>,
    verdict: Result<(), CheckError>,
}

impl<'r> Checking<'r> {
    fn new(rules: &'r RuleSet, limits: &'r CheckLimits) -> Self {
        Checking {
            rules,
            limits,
            check: None,
            verdict: Ok(()),
        }
    }

    /// Checks `work`; the steps of the lemmas checked are handed back (to be freed by the
    /// thread that made them). Whether the proof still holds.
    fn take(&mut self, work: Work, used: &mut Vec<Vec<Step>>) -> bool {
        if self.verdict.is_err() {
            return false;
        }
        let (rules, limits) = (self.rules, self.limits);
        self.verdict = match work {
            Work::Begin(terms) => {
                self.check = Some(Incremental::new(rules, terms, limits));
                Ok(())
            }
            Work::Lemmas(ls) => match self.check.as_mut() {
                Some(c) => {
                    let mut verdict = Ok(());
                    for l in ls {
                        let (v, steps) = c.lemma(l);
                        used.push(steps);
                        if v.is_err() {
                            verdict = v;
                            break;
                        }
                    }
                    verdict
                }
                None => Ok(()),
            },
            // Misère play has its own checker, the same `Proof::check` calls.
            Work::Finish(input, result, steps, Play::Misere, lemmas, table) => {
                crate::proof::misere::check(&input, &result, &steps, lemmas, &table, rules, limits)
            }
            // So has loopy play; both read the table themselves.
            Work::Finish(input, result, steps, Play::Loopy, lemmas, table) => {
                crate::proof::loopy::check(&input, &result, &steps, lemmas, &table, rules, limits)
            }
            Work::Finish(input, result, steps, Play::Normal, _, _) => match self.check.take() {
                Some(c) => c.finish(&input, &result, &steps),
                None => Ok(()),
            },
        };
        self.verdict.is_ok()
    }
}

/// The checker thread: [`Checking`] of everything received. After the first failure it only
/// drains the channel (and says so through `failed`, so the reader stops sending).
fn check_all(
    rules: &RuleSet,
    rx: mpsc::Receiver<Work>,
    done: mpsc::Sender<Vec<Vec<Step>>>,
    failed: &AtomicBool,
    limits: &CheckLimits,
) -> Result<(), CheckError> {
    let mut checking = Checking::new(rules, limits);
    for work in rx {
        let lemmas = matches!(work, Work::Lemmas(_));
        let mut used = Vec::new();
        if !checking.take(work, &mut used) {
            failed.store(true, Relaxed);
        }
        if lemmas {
            // Back to the reader, which made them, to be freed there.
            let _ = done.send(used);
        }
    }
    checking.verdict
}

/// Where the reader's work goes.
enum Sink<'a> {
    /// A checker thread's channel, and the steps it is done with, coming back to be freed on
    /// the reader's thread.
    Thread(mpsc::SyncSender<Work>, mpsc::Receiver<Vec<Vec<Step>>>),
    /// The check itself, run on the reader's thread as each batch is read (`--threads 1`).
    Here(Box<Checking<'a>>),
}

/// The state of a read: what the file has said so far.
struct Reader<'a, 'de> {
    /// The caller's limits, looked at before each lemma is read.
    limits: &'a CheckLimits,
    version: Option<u32>,
    /// The play convention (`play`; normal when absent).
    play: Play,
    /// Whether `play` has been read yet (the table is read strictly when it is known).
    play_read: bool,
    /// The table, once read (or known to be absent: read to the end).
    terms: Option<TermTable>,
    input: Option<Term>,
    result: Option<Term>,
    steps: Option<Vec<StepJson<'de>>>,
    /// Lemmas met before the version and the table were known, checked at the end.
    waiting: Vec<LemmaJson<'de>>,
    /// Where the lemmas go to be checked.
    sink: Sink<'a>,
    /// Lemmas read and not yet sent.
    batch: Vec<Lemma>,
    /// Whether the checker has the table (the check has begun).
    begun: bool,
    /// Set by the checker at its first failure: lemmas are then only read, not sent.
    failed: &'a AtomicBool,
    /// Steps read so far, the lemmas' included.
    count: usize,
    lemmas: usize,
    /// Why the text is not a proof, when a lemma said so (serde's error carries only words).
    failure: Option<ProofError>,
    /// The claim that the result is final (`"final"`), checked after the chain.
    final_claim: Option<crate::proof::final_check::FinalClaim>,
}

impl<'de> Reader<'_, 'de> {
    fn version_ok(&self) -> Result<(), ProofError> {
        match self.version {
            Some(v) if !READS.contains(&v) => Err(ProofError::Json(format!(
                "schema version {v} is not one this onag reads (versions 1, 2 and {VERSION})"
            ))),
            _ => Ok(()),
        }
    }

    fn table_len(&self) -> usize {
        self.terms.as_ref().map_or(0, TermTable::len)
    }

    /// One lemma of the file: read back, its references checked, then checked itself unless
    /// an earlier one failed.
    fn lemma(&mut self, l: LemmaJson<'de>) -> Result<(), ProofError> {
        let k = self.lemmas;
        if let Err(which) = self.limits.look() {
            return Err(stopped(Some(k), which));
        }
        let from = parse(&l.from, || format!("lemma {k} from"))?;
        let lemma = Lemma {
            to: parse(&l.to, || format!("lemma {k} to"))?,
            steps: chain_from_json(&from, &l.steps, false, false, |i| {
                format!("{i} of lemma {k}")
            })?,
            from,
        };
        drop(l);
        let len = self.table_len();
        refs_within(&lemma.from, len, &|| format!("lemma {k}"))?;
        refs_within(&lemma.to, len, &|| format!("lemma {k}"))?;
        for (i, st) in lemma.steps.iter().enumerate() {
            step_refs_within(st, len, &|| format!("step {i} of lemma {k}"))?;
        }
        self.lemmas += 1;
        self.count += lemma.steps.len();
        if !self.failed.load(Relaxed) {
            self.batch.push(lemma);
            if self.batch.len() >= BATCH {
                self.flush();
            }
        }
        Ok(())
    }

    /// Hands `work` to the check: sent to the checker thread, or checked here.
    fn send(&mut self, work: Work) {
        match &mut self.sink {
            // A closed channel means the checker is gone; its join reports why.
            Sink::Thread(tx, _) => {
                let _ = tx.send(work);
            }
            Sink::Here(c) => {
                if !c.take(work, &mut Vec::new()) {
                    self.failed.store(true, Relaxed);
                }
            }
        }
    }

    /// Sends the lemmas read since the last batch, and frees the steps the checker is done with.
    fn flush(&mut self) {
        if let Sink::Thread(_, done) = &self.sink {
            while let Ok(used) = done.try_recv() {
                drop(used);
            }
        }
        if !self.batch.is_empty() {
            let batch = std::mem::take(&mut self.batch);
            self.send(Work::Lemmas(batch));
        }
    }

    /// The verdict of a check run here, `None` when a checker thread has it (it ends when the
    /// channel, dropped with the reader, closes).
    fn into_verdict(self) -> Option<Result<(), CheckError>> {
        match self.sink {
            Sink::Here(c) => Some(c.verdict),
            Sink::Thread(..) => None,
        }
    }

    /// The check, begun if it can be: the version read and good, and the table read.
    fn begin(&mut self) {
        // A table with cycles is a loopy proof's, whose checker reads it at the end; the
        // normal checker, which reads entries in order, never gets it.
        let cyclic = self.terms.as_ref().is_some_and(|t| t.cyclic().is_some());
        if !self.begun && !cyclic && self.version.is_some() && self.terms.is_some() {
            let terms = self.terms.clone().unwrap_or_default();
            self.begun = true;
            self.send(Work::Begin(terms));
        }
    }

    /// [`Reader::finish_read`], and the verdict of a check run here ([`Reader::into_verdict`]).
    #[allow(clippy::type_complexity)]
    fn finish(
        mut self,
    ) -> (
        Result<(Term, Term, usize, usize, Play, TermTable), ProofError>,
        Option<Result<(), CheckError>>,
    ) {
        let read = self.finish_read();
        (read, self.into_verdict())
    }

    /// After the last key: the lemmas that waited, then the main chain, sent to the checker;
    /// the claim, the number of steps and of lemmas.
    #[allow(clippy::type_complexity)]
    fn finish_read(&mut self) -> Result<(Term, Term, usize, usize, Play, TermTable), ProofError> {
        let missing = |what: &str| ProofError::Json(format!("missing field `{what}`"));
        let input = self.input.take().ok_or_else(|| missing("input"))?;
        let result = self.result.take().ok_or_else(|| missing("result"))?;
        let steps_json = self.steps.take().ok_or_else(|| missing("steps"))?;
        // Absent keys have their defaults now that the whole text is read.
        self.version.get_or_insert(1);
        self.version_ok()?;
        self.terms.get_or_insert_with(TermTable::new);
        if let Some(t) = &self.terms {
            table_fits(t, self.play)?;
        }
        // Lemmas wait only when the whole array came before the version or the table: then
        // none was sent yet, and they are sent now, in order.
        self.begin();
        for l in std::mem::take(&mut self.waiting) {
            self.lemma(l)?;
        }
        let steps = chain_from_json(&input, &steps_json, false, false, |i| i.to_string())?;
        let len = self.table_len();
        refs_within(&input, len, &|| "the input".into())?;
        refs_within(&result, len, &|| "the result".into())?;
        for (i, st) in steps.iter().enumerate() {
            step_refs_within(st, len, &|| format!("step {i}"))?;
        }
        self.count += steps.len();
        self.flush();
        if !self.failed.load(Relaxed) {
            // Only a loopy or misère proof's checker reads the table here (the normal one has
            // it).
            let table = match self.play {
                Play::Loopy | Play::Misere => Box::new(self.terms.clone().unwrap_or_default()),
                _ => Box::default(),
            };
            self.send(Work::Finish(
                input.clone(),
                result.clone(),
                steps,
                self.play,
                self.lemmas,
                table,
            ));
        }
        let terms = self.terms.take().unwrap_or_default();
        Ok((input, result, self.count, self.lemmas, self.play, terms))
    }
}

impl<'de> DeserializeSeed<'de> for &mut Reader<'_, 'de> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for &mut Reader<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a proof: an object with input, result and steps")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut seen: Vec<Text<'de>> = Vec::new();
        while let Some(key) = map.next_key::<Text<'de>>()? {
            if seen.contains(&key) {
                return Err(A::Error::custom(format!("duplicate field `{key}`")));
            }
            seen.push(key.clone());
            let failed = |r: &mut Reader, e: ProofError| {
                r.failure = Some(e);
                A::Error::custom("not a proof")
            };
            match key.as_ref() {
                "version" => {
                    self.version = Some(map.next_value()?);
                    if let Err(e) = self.version_ok() {
                        return Err(failed(self, e));
                    }
                    self.begin();
                }
                "terms" => {
                    let views: Vec<Text<'de>> = map.next_value()?;
                    let limits = self.limits;
                    let read = views
                        .iter()
                        .enumerate()
                        .map(|(n, t)| {
                            // A large table takes a while to read: the limits are looked at
                            // as it goes.
                            if n % 4096 == 0 {
                                limits.look().map_err(|which| stopped(None, which))?;
                            }
                            parse(t, || format!("term #{n}"))
                        })
                        .collect::<Result<Vec<_>, _>>()
                        .and_then(|views| read_table(views, self.play_read.then_some(self.play)));
                    match read {
                        Ok(t) => self.terms = Some(t),
                        Err(e) => return Err(failed(self, e)),
                    }
                    self.begin();
                }
                "input" | "result" => {
                    let text: Text<'de> = map.next_value()?;
                    let what = key.to_string();
                    match parse(&text, || what.clone()) {
                        Ok(t) if what == "input" => self.input = Some(t),
                        Ok(t) => self.result = Some(t),
                        Err(e) => return Err(failed(self, e)),
                    }
                }
                "play" => {
                    let text: Text<'de> = map.next_value()?;
                    match Play::read(&text) {
                        Ok(p) => {
                            self.play = p;
                            self.play_read = true;
                        }
                        Err(e) => return Err(failed(self, e)),
                    }
                }
                "steps" => self.steps = Some(map.next_value()?),
                "final" => self.final_claim = Some(map.next_value()?),
                "lemmas" => map.next_value_seed(Lemmas(&mut *self))?,
                // Never believed, but a boolean as `Proof::from_json` requires: the two
                // readers accept the same texts.
                "checked" => {
                    map.next_value::<bool>()?;
                }
                // Other keys are not part of the schema.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

/// The `lemmas` array, each element handed to the reader as it is read.
struct Lemmas<'a, 'b, 'de>(&'a mut Reader<'b, 'de>);

impl<'de> DeserializeSeed<'de> for Lemmas<'_, '_, 'de> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Lemmas<'_, '_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of lemmas")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let r = self.0;
        while let Some(l) = seq.next_element::<LemmaJson<'de>>()? {
            if !r.begun {
                // The version or the table is still to come: this lemma waits for them.
                r.waiting.push(l);
                continue;
            }
            if let Err(e) = r.lemma(l) {
                r.failure = Some(e);
                return Err(A::Error::custom("not a proof"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(threads: usize) -> CheckLimits {
        CheckLimits {
            threads,
            ..CheckLimits::default()
        }
    }

    /// What a read says, compared as text (the error types do not compare).
    fn said(text: &str, rules: &RuleSet, threads: usize) -> String {
        match read_and_check(text, rules, &on(threads)) {
            Ok((file, verdict)) => format!("{file:?} {verdict:?}"),
            Err(e) => format!("not a proof: {e}"),
        }
    }

    #[test]
    fn one_thread_and_two_read_and_judge_alike() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // More lemmas than a batch, so the checker thread gets several.
        assert!(p.lemmas.len() > 2 * BATCH);
        let good = p.to_json();
        let (file, verdict) = read_and_check(&good, &rules, &on(1)).unwrap();
        assert_eq!(verdict, Ok(()));
        assert_eq!((file.lemmas, file.steps), (p.lemmas.len(), p.size()));
        assert_eq!(said(&good, &rules, 1), said(&good, &rules, 2));
        // Damaged early, late, in two lemmas, in the main chain: the whole proof's verdict,
        // the same lemma, step and words on one thread and on two.
        for (ks, bad) in crate::proof::parallel::tests::damaged(&p) {
            let whole = bad.check(&rules);
            assert!(whole.is_err(), "{ks:?}");
            let text = bad.to_json();
            let (_, one) = read_and_check(&text, &rules, &on(1)).unwrap();
            assert_eq!(one, whole, "{ks:?}");
            assert_eq!(said(&text, &rules, 1), said(&text, &rules, 2), "{ks:?}");
        }
        // Text that is not a proof, cut inside a lemma after good ones: the same error.
        let cut = &good[..good.len() * 3 / 4];
        assert!(said(cut, &rules, 1).starts_with("not a proof"));
        assert_eq!(said(cut, &rules, 1), said(cut, &rules, 2));
    }
}
