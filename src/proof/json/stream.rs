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
//! work) and passes batches of lemmas over short channels to checker threads, one a thread the
//! caller allows, each owning an incremental check (its memo is not `Send`, so it is made
//! there). Each batch is checked by one of them, the least behind; the others only take its
//! lemmas' statements, so that every checker can check a citation of any lemma before its
//! own. A lemma is thus checked assuming the lemmas before it, which another thread may still
//! be checking: sound, because the verdict is the failure earliest in the file, and every
//! lemma before the first false one is checked against true statements only — exactly the
//! one-thread check. The first failure known is shared, so no checker checks past it.

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
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
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
    /// The file's table of shared terms, which `input` and `result` may name: the file's
    /// entries, and after them any the check interned (the check's own copy, handed back
    /// rather than a second copy kept: Σ_{k≤30} {k|−k}'s is 170 MB).
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
    let failed = AtomicUsize::new(NONE_FAILED);
    let failed = &failed;
    std::thread::scope(|scope| {
        // On one thread the reader checks each batch itself; on more, checker threads do
        // while the reader parses the next batches.
        let threads = limits.threads();
        let mut checkers = Vec::new();
        let sink = if threads <= 1 {
            Sink::Here(Box::new(Checking::new(rules, limits, failed)))
        } else {
            let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<Vec<Step>>)>();
            let mut to = Vec::new();
            for c in 0..threads {
                let (tx, rx) = mpsc::sync_channel::<Work>(IN_FLIGHT * threads);
                let done = done_tx.clone();
                checkers.push(scope.spawn(move || check_all(rules, rx, done, c, failed, limits)));
                to.push(tx);
            }
            Sink::Threads {
                owed: vec![0; to.len()],
                to,
                done: done_rx,
            }
        };
        let mut reader = Reader {
            limits,
            version: None,
            play: Play::Normal,
            play_read: false,
            terms: None,
            views: Vec::new(),
            sent: None,
            input: None,
            result: None,
            steps: None,
            waiting: Vec::new(),
            sink,
            batch: Vec::new(),
            batch_first: 0,
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
        let (verdict, table) = match here {
            Some(here) => here,
            None => {
                let mut table = None;
                let verdicts: Vec<_> = checkers
                    .into_iter()
                    .map(|checker| match checker.join() {
                        Ok((verdict, t)) => {
                            table = table.take().or(t);
                            verdict
                        }
                        Err(_) => Err(CheckError {
                            lemma: None,
                            step: 0,
                            reason: "the checker stopped unexpectedly".into(),
                            limit: None,
                        }),
                    })
                    .collect();
                (earliest(verdicts.into_iter()), table)
            }
        };
        read.map(|(input, result, steps, lemmas, play, terms)| {
            // The table went to the check (it is large: one copy less): it comes back.
            let terms = terms.or(table).unwrap_or_default();
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

/// Batches parsed and not yet checked at most, a checker thread, and lemmas a batch: enough to
/// keep the threads busy, few enough that memory stays the statements'.
const IN_FLIGHT: usize = 4;
const BATCH: usize = 64;

/// The first failing lemma known when there is none.
const NONE_FAILED: usize = usize::MAX;

/// What the reader hands a checker, in order.
enum Work {
    /// The table is known: the check can begin.
    Begin(TermTable),
    /// The next lemmas, in order, the first of them lemma `first` (a batch: a message a lemma
    /// cost more in waking threads than a small lemma's check). Checked when `check`; else
    /// only their statements are taken (they come without steps), another checker checks them.
    Lemmas {
        first: usize,
        lemmas: Vec<Lemma>,
        check: bool,
    },
    /// The main chain, last, with the play convention and the number of lemmas (and the
    /// term table, for a loopy proof: its own checker reads it).
    Finish(Term, Term, Vec<Step>, Play, usize, Box<TermTable>),
}

/// A check: the verdict on everything it received, lemmas first, in order; after its first
/// failure, or a lemma past the first failure found by any check, it takes no more work. The
/// same whether it runs on its own thread ([`check_all`]) or on the reader's (`--threads 1`),
/// so the verdict and its words are the same whatever the number of threads.
struct Checking<'r> {
    rules: &'r RuleSet,
    limits: &'r CheckLimits,
    check: Option<Incremental<'r>>,
    verdict: Result<(), CheckError>,
    /// The first lemma any check found failing ([`NONE_FAILED`] while none has).
    failed: &'r AtomicUsize,
    /// Whether this check has stopped taking work.
    stopped: bool,
}

impl<'r> Checking<'r> {
    fn new(rules: &'r RuleSet, limits: &'r CheckLimits, failed: &'r AtomicUsize) -> Self {
        Checking {
            rules,
            limits,
            check: None,
            verdict: Ok(()),
            failed,
            stopped: false,
        }
    }

    /// Checks `work`; the steps of the lemmas checked are handed back (to be freed by the
    /// thread that made them). Whether this check still takes work.
    fn take(&mut self, work: Work, used: &mut Vec<Vec<Step>>) -> bool {
        if self.stopped {
            if let Work::Lemmas { lemmas, .. } = work {
                used.extend(lemmas.into_iter().map(|l| l.steps));
            }
            return false;
        }
        let (rules, limits) = (self.rules, self.limits);
        self.verdict = match work {
            Work::Begin(terms) => {
                self.check = Some(Incremental::new(rules, terms, limits));
                Ok(())
            }
            Work::Lemmas {
                first,
                lemmas,
                check,
            } => match self.check.as_mut() {
                Some(c) => {
                    let mut verdict = Ok(());
                    for (k, l) in (first..).zip(lemmas) {
                        if self.stopped {
                            used.push(l.steps);
                        } else if !check {
                            c.claim(l.from, l.to);
                        } else if k > self.failed.load(Relaxed) {
                            // Behind a failure: its verdict is not the proof's.
                            self.stopped = true;
                            used.push(l.steps);
                        } else {
                            let (v, steps) = c.lemma(l);
                            used.push(steps);
                            if v.is_err() {
                                self.failed.fetch_min(k, Relaxed);
                                self.stopped = true;
                                verdict = v;
                            }
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
            Work::Finish(input, result, steps, Play::Normal, _, _) => match self.check.as_mut() {
                Some(c) => c.finish(&input, &result, &steps),
                None => Ok(()),
            },
        };
        if self.verdict.is_err() {
            // A lemma's failure is already shared; the main chain's ends the work.
            self.failed.fetch_min(NONE_FAILED - 1, Relaxed);
            self.stopped = true;
        }
        !self.stopped
    }

    /// The verdict, and the term table if the check had it.
    fn into_parts(self) -> (Result<(), CheckError>, Option<TermTable>) {
        (self.verdict, self.check.map(Incremental::into_table))
    }
}

/// Checker thread `c`: [`Checking`] of everything received. Once stopped it only drains the
/// channel; the first failure is shared through `failed`, so the reader stops sending.
fn check_all(
    rules: &RuleSet,
    rx: mpsc::Receiver<Work>,
    done: mpsc::Sender<(usize, Vec<Vec<Step>>)>,
    c: usize,
    failed: &AtomicUsize,
    limits: &CheckLimits,
) -> (Result<(), CheckError>, Option<TermTable>) {
    let mut checking = Checking::new(rules, limits, failed);
    for work in rx {
        let checked = matches!(work, Work::Lemmas { check: true, .. });
        let mut used = Vec::new();
        checking.take(work, &mut used);
        if checked {
            // Back to the reader, which made them, to be freed there (and to count them
            // checked).
            let _ = done.send((c, used));
        }
    }
    checking.into_parts()
}

/// Where the reader's work goes.
enum Sink<'a> {
    /// The checker threads' channels; the steps they are done with, coming back (with the
    /// checker's number) to be freed on the reader's thread; and each checker's steps sent
    /// and not yet back, by which the next batch goes to the checker least behind.
    Threads {
        to: Vec<mpsc::SyncSender<Work>>,
        done: mpsc::Receiver<(usize, Vec<Vec<Step>>)>,
        owed: Vec<usize>,
    },
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
    /// The table, once read (or known to be absent: read to the end), until it goes to the
    /// check.
    terms: Option<TermTable>,
    /// The table's entries as written, to read it again if it is needed after it went.
    views: Vec<Text<'de>>,
    /// The length of the table, once it went to the check.
    sent: Option<usize>,
    input: Option<Term>,
    result: Option<Term>,
    steps: Option<Vec<StepJson<'de>>>,
    /// Lemmas met before the version and the table were known, checked at the end.
    waiting: Vec<LemmaJson<'de>>,
    /// Where the lemmas go to be checked.
    sink: Sink<'a>,
    /// Lemmas read and not yet sent, and the number of the first of them.
    batch: Vec<Lemma>,
    batch_first: usize,
    /// Whether the checker has the table (the check has begun).
    begun: bool,
    /// The first failure the checkers found ([`NONE_FAILED`] while none has): lemmas are
    /// then only read, not sent.
    failed: &'a AtomicUsize,
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
        self.sent
            .unwrap_or_else(|| self.terms.as_ref().map_or(0, TermTable::len))
    }

    /// The table, read again from its entries if it went to the check.
    fn table(&mut self) -> Result<TermTable, ProofError> {
        if self.terms.is_none() && self.sent.is_some() {
            let views = parse_views(&self.views, self.limits)?;
            self.terms = Some(read_table(views, Some(self.play))?);
        }
        Ok(self.terms.clone().unwrap_or_default())
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
        if self.failed.load(Relaxed) == NONE_FAILED {
            if self.batch.is_empty() {
                self.batch_first = k;
            }
            self.batch.push(lemma);
            if self.batch.len() >= BATCH {
                self.flush();
            }
        }
        Ok(())
    }

    /// Hands `work` to the check: checked here, or sent to every checker thread (the table,
    /// each its own copy) or to the one least behind (the main chain).
    fn send(&mut self, work: Work) {
        match &mut self.sink {
            // A closed channel means the checker is gone; its join reports why.
            Sink::Threads { to, owed, .. } => match work {
                Work::Begin(terms) => {
                    if let Some((last, rest)) = to.split_last() {
                        for tx in rest {
                            let _ = tx.send(Work::Begin(terms.clone()));
                        }
                        let _ = last.send(Work::Begin(terms));
                    }
                }
                work => {
                    let _ = to[least(owed)].send(work);
                }
            },
            Sink::Here(c) => {
                c.take(work, &mut Vec::new());
            }
        }
    }

    /// Sends the lemmas read since the last batch: to be checked by the checker least behind,
    /// their statements to the others. Frees the steps the checkers are done with.
    fn flush(&mut self) {
        if let Sink::Threads { done, owed, .. } = &mut self.sink {
            while let Ok((c, used)) = done.try_recv() {
                owed[c] -= used.iter().map(|s| s.len() + 1).sum::<usize>();
                drop(used);
            }
        }
        if self.batch.is_empty() {
            return;
        }
        let lemmas = std::mem::take(&mut self.batch);
        let first = self.batch_first;
        match &mut self.sink {
            Sink::Threads { to, owed, .. } => {
                let c = least(owed);
                for (_, tx) in to.iter().enumerate().filter(|&(d, _)| d != c) {
                    let claims = lemmas
                        .iter()
                        .map(|l| Lemma {
                            from: l.from.clone(),
                            to: l.to.clone(),
                            steps: Vec::new(),
                        })
                        .collect();
                    let _ = tx.send(Work::Lemmas {
                        first,
                        lemmas: claims,
                        check: false,
                    });
                }
                owed[c] += lemmas.iter().map(|l| l.steps.len() + 1).sum::<usize>();
                let _ = to[c].send(Work::Lemmas {
                    first,
                    lemmas,
                    check: true,
                });
            }
            Sink::Here(_) => self.send(Work::Lemmas {
                first,
                lemmas,
                check: true,
            }),
        }
    }

    /// The verdict of a check run here, `None` when a checker thread has it (it ends when the
    /// channel, dropped with the reader, closes).
    fn into_verdict(self) -> Option<(Result<(), CheckError>, Option<TermTable>)> {
        match self.sink {
            Sink::Here(c) => Some(c.into_parts()),
            Sink::Threads { .. } => None,
        }
    }

    /// The check, begun if it can be: the version read and good, and the table read.
    fn begin(&mut self) {
        // A table with cycles is a loopy proof's, whose checker reads it at the end; the
        // normal checker, which reads entries in order, never gets it.
        let cyclic = self.terms.as_ref().is_some_and(|t| t.cyclic().is_some());
        if !self.begun && !cyclic && self.version.is_some() {
            // The check has the table from now on; the reader needs only its length.
            if let Some(terms) = self.terms.take() {
                self.begun = true;
                self.sent = Some(terms.len());
                self.send(Work::Begin(terms));
            }
        }
    }

    /// [`Reader::finish_read`], and the verdict of a check run here ([`Reader::into_verdict`]).
    #[allow(clippy::type_complexity)]
    fn finish(
        mut self,
    ) -> (
        Result<(Term, Term, usize, usize, Play, Option<TermTable>), ProofError>,
        Option<(Result<(), CheckError>, Option<TermTable>)>,
    ) {
        let read = self.finish_read();
        (read, self.into_verdict())
    }

    /// After the last key: the lemmas that waited, then the main chain, sent to the checker;
    /// the claim, the number of steps and of lemmas, and the table unless the check has it.
    #[allow(clippy::type_complexity)]
    fn finish_read(
        &mut self,
    ) -> Result<(Term, Term, usize, usize, Play, Option<TermTable>), ProofError> {
        let missing = |what: &str| ProofError::Json(format!("missing field `{what}`"));
        let input = self.input.take().ok_or_else(|| missing("input"))?;
        let result = self.result.take().ok_or_else(|| missing("result"))?;
        let steps_json = self.steps.take().ok_or_else(|| missing("steps"))?;
        // Absent keys have their defaults now that the whole text is read.
        self.version.get_or_insert(1);
        self.version_ok()?;
        // A table the check has is one with no cycle: it fits any play.
        if self.sent.is_none() {
            self.terms.get_or_insert_with(TermTable::new);
            if let Some(t) = &self.terms {
                table_fits(t, self.play)?;
            }
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
        if self.failed.load(Relaxed) == NONE_FAILED {
            // Only a loopy or misère proof's checker reads the table here (the normal one has
            // it).
            let table = match self.play {
                Play::Loopy | Play::Misere => Box::new(self.table()?),
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
        let terms = self.terms.take();
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
                    let read = parse_views(&views, self.limits)
                        .and_then(|views| read_table(views, self.play_read.then_some(self.play)));
                    self.views = views;
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

/// Tables with fewer entries than this are parsed on one thread: a thread costs more than half
/// of their parse.
const SPLIT_TABLE_FROM: usize = 1 << 14;

/// The term table's entries parsed, on as many threads as the limits allow (the entries are
/// independent texts; Σ_{k≤30} {k|−k}'s 239,000 take a tenth of its check on one thread). The
/// error is the first entry's in the table's order, as one thread would report it.
fn parse_views(views: &[Text], limits: &CheckLimits) -> Result<Vec<Term>, ProofError> {
    let run = |from: usize, part: &[Text]| {
        (from..)
            .zip(part)
            .map(|(n, t)| {
                // A large table takes a while to read: the limits are looked at as it goes.
                if n % 4096 == 0 {
                    limits.look().map_err(|which| stopped(None, which))?;
                }
                parse(t, || format!("term #{n}"))
            })
            .collect::<Result<Vec<_>, _>>()
    };
    let threads = limits.threads().min(views.len() / SPLIT_TABLE_FROM).max(1);
    if threads == 1 {
        return run(0, views);
    }
    let size = views.len().div_ceil(threads);
    let parts: Vec<Result<Vec<Term>, ProofError>> = std::thread::scope(|scope| {
        let run = &run;
        let others: Vec<_> = views
            .chunks(size)
            .enumerate()
            .skip(1)
            .map(|(i, part)| scope.spawn(move || run(i * size, part)))
            .collect();
        let mut parts = vec![run(0, &views[..size.min(views.len())])];
        parts.extend(others.into_iter().map(|h| {
            h.join().unwrap_or_else(|_| {
                Err(ProofError::Json(
                    "the table's reader stopped unexpectedly".into(),
                ))
            })
        }));
        parts
    });
    let mut out = Vec::with_capacity(views.len());
    for part in parts {
        out.extend(part?);
    }
    Ok(out)
}

/// The checkers' verdicts as one: the failure earliest in the file, a lemma's before the main
/// chain's (which names no lemma), the lower-numbered lemma's first; on a tie (none in a
/// check: each lemma and the main chain are checked once) the first checker's.
fn earliest(verdicts: impl Iterator<Item = Result<(), CheckError>>) -> Result<(), CheckError> {
    verdicts
        .filter_map(Result::err)
        .min_by_key(|e| e.lemma.unwrap_or(usize::MAX))
        .map_or(Ok(()), Err)
}

/// The checker with the fewest steps sent and not yet checked (the first such).
fn least(owed: &[usize]) -> usize {
    (0..owed.len()).min_by_key(|&c| owed[c]).unwrap_or(0)
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

    /// What a read says, compared as text (the error types do not compare): the claim with
    /// the table's entries it names, not the table's own state (which entries a check
    /// interned and normalised).
    fn said(text: &str, rules: &RuleSet, threads: usize) -> String {
        match read_and_check(text, rules, &on(threads)) {
            Ok((f, verdict)) => format!(
                "{:?} {:?} {} {} {:?} {verdict:?}",
                f.terms.as_where(&f.input),
                f.terms.as_where(&f.result),
                f.steps,
                f.lemmas,
                f.play
            ),
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
        // Damage in each of the first batches, so on whichever checker takes it, and with
        // three checkers: the verdict of one thread.
        for k in (0..6).map(|b| b * BATCH + 2 * b + 1) {
            let mut bad = p.clone();
            let last = bad.lemmas[k].steps.len() - 1;
            bad.lemmas[k].steps[last].to = Term::integer(7);
            let text = bad.to_json();
            let one = said(&text, &rules, 1);
            assert!(one.contains(&format!("lemma: Some({k})")), "{one}");
            assert_eq!(said(&text, &rules, 2), one, "{k}");
            assert_eq!(said(&text, &rules, 3), one, "{k}");
        }
        // Text that is not a proof, cut inside a lemma after good ones: the same error.
        let cut = &good[..good.len() * 3 / 4];
        assert!(said(cut, &rules, 1).starts_with("not a proof"));
        assert_eq!(said(cut, &rules, 1), said(cut, &rules, 2));
    }

    /// `p` judged by two checks fed by hand as the reader feeds two checker threads: batch `b`
    /// checked by check `owner(b)`, its statements taken by the other, the main chain by the
    /// first; the second check fed all its work before the first any, as if its thread ran
    /// far ahead.
    fn judged_by_two(
        p: &crate::proof::Proof,
        rules: &RuleSet,
        owner: impl Fn(usize) -> usize,
    ) -> Result<(), CheckError> {
        let limits = CheckLimits::default();
        let failed = AtomicUsize::new(NONE_FAILED);
        let mut checks = [
            Checking::new(rules, &limits, &failed),
            Checking::new(rules, &limits, &failed),
        ];
        for c in [1, 0] {
            let check = &mut checks[c];
            check.take(Work::Begin(p.terms.clone()), &mut Vec::new());
            for (b, batch) in p.lemmas.chunks(BATCH).enumerate() {
                let mine = owner(b) == c;
                let lemmas = batch
                    .iter()
                    .map(|l| Lemma {
                        from: l.from.clone(),
                        to: l.to.clone(),
                        steps: if mine { l.steps.clone() } else { Vec::new() },
                    })
                    .collect();
                let first = b * BATCH;
                let work = Work::Lemmas {
                    first,
                    lemmas,
                    check: mine,
                };
                check.take(work, &mut Vec::new());
            }
            if c == 0 {
                let (input, result) = (p.input.clone(), p.result.clone());
                let n = p.lemmas.len();
                let work = Work::Finish(input, result, p.steps.clone(), p.play, n, Box::default());
                check.take(work, &mut Vec::new());
            }
        }
        let [first, second] = checks;
        earliest([first.verdict, second.verdict].into_iter())
    }

    /// `p` with lemma `k`'s last step made to end at 7: the lemma's statement still true and
    /// cited by later lemmas, but not proved.
    fn forged(p: &crate::proof::Proof, ks: &[usize]) -> crate::proof::Proof {
        let mut bad = p.clone();
        for &k in ks {
            let last = bad.lemmas[k].steps.len() - 1;
            bad.lemmas[k].steps[last].to = Term::integer(7);
        }
        bad
    }

    #[test]
    fn a_forged_lemma_checked_on_the_second_thread_is_refused_as_on_one() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        assert!(p.lemmas.len() > 4 * BATCH);
        let alternate = |b: usize| b % 2;
        assert_eq!(judged_by_two(&p, &rules, alternate), Ok(()));
        // Odd batches are the second check's; lemmas after the forged one cite it there and
        // on the first check.
        for k in [BATCH + 3, 3 * BATCH + 10] {
            assert_eq!(alternate(k / BATCH), 1);
            let bad = forged(&p, &[k]);
            let one = bad.check(&rules);
            let e = one.clone().expect_err("a forged lemma");
            assert_eq!(e.lemma, Some(k));
            assert_eq!(judged_by_two(&bad, &rules, alternate), one, "{k}");
            // Everything but the forged lemma's batch on the first check: the same words.
            let lone = |b: usize| usize::from(b == k / BATCH);
            assert_eq!(judged_by_two(&bad, &rules, lone), one, "{k}");
        }
        // A main chain damaged, judged by the first check while the second checked lemmas.
        let mut bad = p.clone();
        bad.result = Term::integer(7);
        assert_eq!(judged_by_two(&bad, &rules, alternate), bad.check(&rules));
    }

    #[test]
    fn the_failure_reported_is_the_first_in_the_file_whichever_thread_finds_it_first() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // Lemma j on the first check, lemma k > j on the second, which runs first and so
        // finds k's failure before j is looked at: j is reported, as on one thread.
        let (j, k) = (5, 3 * BATCH + 1);
        let bad = forged(&p, &[k, j]);
        let one = bad.check(&rules);
        assert_eq!(one.clone().map_err(|e| e.lemma), Err(Some(j)));
        assert_eq!(judged_by_two(&bad, &rules, |b| b % 2), one);
        // The other way round (j on the second check, run first): the second check stops
        // at j, and the first, finding k behind j, checks no further.
        let (j, k) = (BATCH + 5, 2 * BATCH + 1);
        let bad = forged(&p, &[k, j]);
        let one = bad.check(&rules);
        assert_eq!(one.clone().map_err(|e| e.lemma), Err(Some(j)));
        assert_eq!(judged_by_two(&bad, &rules, |b| b % 2), one);
        // Through the reader, on one, two and three threads: the same words.
        let text = bad.to_json();
        let once = said(&text, &rules, 1);
        assert!(once.contains(&format!("lemma: Some({j})")), "{once}");
        assert_eq!(said(&text, &rules, 2), once);
        assert_eq!(said(&text, &rules, 3), once);
    }
}
