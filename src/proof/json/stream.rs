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
//! The reader does only what must be done in order: it finds each lemma's extent in the text
//! and hands batches of them to the checkers. In a file laid out as onag writes it a lemma is
//! a line, and the next newline ends it ([`lines`]); any other text, or one that is not a
//! proof, is read again by a `serde` visitor of the whole text (each lemma a [`RawValue`], its
//! JSON syntax checked), whose verdict and words are the file's. Parsing
//! a lemma into terms is half the work of its check, and done by the reader it was the
//! critical path of a check on two threads (session 35: no faster than one thread); so each
//! batch is parsed by the checker that takes it, one a thread the caller allows, each owning
//! an incremental check (its memo is not `Send`, so it is made there). A checker publishes a
//! batch's statements as soon as it has parsed them, before checking it, and every checker
//! takes the statements of the batches before its own from there, so that it can check a
//! citation of any earlier lemma. A lemma is thus checked assuming the lemmas before it, which
//! another thread may still be checking: sound, because the verdict is the failure earliest in
//! the file, and every lemma before the first false one is checked against true statements
//! only — exactly the one-thread check. The first failure known is shared, so no checker
//! checks past it. A lemma that is not a proof's (bad JSON for a lemma, a term that does not
//! parse, a dangling reference) is reported as the whole file's error, the earliest in the
//! file, as a reader of the whole text in order would.
//!
//! The table is read apart on a thread of its own, and every check waits for it; so that the
//! checkers do not sit idle meanwhile (a tenth of Σ_{k≤30} {k|−k}'s check on two threads), its
//! first fifth is read first into a table of its own, and each checker checks over it the
//! lemmas that name only those entries ([`Early`]: lemmas come in about the order of the
//! entries they name), passing them on to the check over the whole table once it is read.

use super::{
    chain_from_json, parse, read_table, refs_within, step_refs_within, table_fits, LemmaJson,
    StepJson, Text,
};
use super::{READS, VERSION};
use crate::definitional::check_limits::CheckLimits;
use crate::proof::check::{CheckError, CheckLimit};
use crate::proof::incremental::{Claims, Incremental};
use crate::proof::{Lemma, Play, ProofError, Step, TermTable};
use crate::rules::RuleSet;
use crate::term::Term;
use crate::term_table::names_forward;
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::sync::{mpsc, Arc, Condvar, Mutex};

mod lines;

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
    /// Whether the file has a top-level `certificate` key (which no proof needs): only then,
    /// or when the text is not read as a proof, need a caller look again for a thermograph
    /// certificate, rather than search the whole text for the word before the check (two
    /// passes over Σ_{k≤30} {k|−k}'s 147 MB, a tenth of what every checker waits for).
    pub certificate_key: bool,
    /// The units of work its checkers spent: their memos' (forms made, options listed, pairs
    /// compared) and the misère checker's, summed ([`CheckLimits::tally`]). On one thread
    /// the same on every run; on more, each checker's memo serves only the lemmas it took, so
    /// the sum depends on how they were shared out (the gate records one thread's).
    pub work: u64,
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
    // The file read as onag writes it, a lemma a line ([`lines`]); a text laid out otherwise,
    // or one that is no proof, is read again from the start by serde's reader of the whole
    // text, whose verdict and words are then the file's (twice the reading, for such texts
    // only).
    if let Some(read) = read_and_check_by(text, rules, limits, true) {
        return read;
    }
    read_and_check_by(text, rules, limits, false).unwrap_or_else(|| {
        Err(ProofError::Json(
            "the proof's reader stopped unexpectedly".into(),
        ))
    })
}

/// [`read_and_check`] by the line reader (`by_lines`), `None` when it cannot read the text
/// (laid out otherwise, or no proof: see [`lines`]), or by serde's reader of the whole text
/// (never `None`).
#[allow(clippy::type_complexity)]
fn read_and_check_by(
    text: &str,
    rules: &RuleSet,
    limits: &CheckLimits,
    by_lines: bool,
) -> Option<Result<(CheckedFile, Result<(), CheckError>), ProofError>> {
    // Its own tally: a read given up ([`lines`]) and read again counts only the second.
    let limits = &limits.tallied();
    let threads = limits.threads();
    let shared = Shared::new(text, threads > 1);
    let shared = &shared;
    std::thread::scope(|scope| {
        // On one thread the reader parses and checks each batch itself; on more, checker
        // threads do while the reader finds the next batches in the text.
        let mut checkers = Vec::new();
        let sink = if threads <= 1 {
            Sink::Here(Box::new(Worker::new(rules, limits, shared)))
        } else {
            let (tx, rx) = mpsc::sync_channel::<Work>(QUEUED * threads);
            let rx = Arc::new(Mutex::new(rx));
            for _ in 0..threads {
                let rx = Arc::clone(&rx);
                checkers.push(scope.spawn(move || {
                    let mut worker = Worker::new(rules, limits, shared);
                    loop {
                        // The lock is held only to take the next work, not to do it.
                        let work = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => break,
                        };
                        match work {
                            Ok(work) => worker.take(work),
                            Err(_) => break,
                        }
                    }
                    worker.into_verdict()
                }));
            }
            Sink::Threads(tx)
        };
        let mut reader = Reader {
            limits,
            shared,
            version: None,
            play: Play::Normal,
            play_read: false,
            terms: None,
            views: Vec::new(),
            table_len: 0,
            begun: false,
            apart: None,
            input: None,
            result: None,
            steps: None,
            waiting: Vec::new(),
            sink,
            batch: Vec::new(),
            batch_first: 0,
            batches: 0,
            lemmas: 0,
            main_steps: 0,
            failure: None,
            failed_at: None,
            final_claim: None,
            certificate_key: false,
        };
        let read = if by_lines {
            match lines::read(&mut reader, text) {
                Ok(()) => Ok(()),
                // A limit met while reading is no judgement of the text.
                Err(lines::Bail) if reader.failure.as_ref().is_some_and(stopped_by_limit) => {
                    Err(reader
                        .failure
                        .take()
                        .unwrap_or_else(|| stopped(None, String::new())))
                }
                Err(lines::Bail) => {
                    // The checkers let their work go; the text is read again.
                    shared.abandoned.store(true, Relaxed);
                    drop(reader);
                    for checker in checkers {
                        let _ = checker.join();
                    }
                    let _ = shared.table_back();
                    return None;
                }
            }
        } else {
            let mut de = serde_json::Deserializer::from_str(text);
            let read = (&mut reader).deserialize(&mut de).and_then(|()| de.end());
            match reader.failure.take() {
                Some(e) => Err(e),
                None => read.map_err(|e| ProofError::Json(e.to_string())),
            }
        };
        let claim = reader.final_claim.take();
        let certificate_key = reader.certificate_key;
        // Where the reader's own error is in the file: inside the lemmas array at the lemma
        // it was reading, else after every lemma.
        let reader_at = reader.failed_at.unwrap_or(usize::MAX);
        let (read, here) = match read {
            Ok(()) => reader.finish(),
            Err(e) => (Err(e), reader.into_verdict()),
        };
        // The checkers end when the queue closes: with the reader, either way.
        let verdict = match here {
            Some(here) => here,
            None => {
                let verdicts: Vec<_> = checkers
                    .into_iter()
                    .map(|checker| match checker.join() {
                        Ok(verdict) => verdict,
                        Err(_) => Err(CheckError {
                            lemma: None,
                            step: 0,
                            reason: "the checker stopped unexpectedly".into(),
                            limit: None,
                        }),
                    })
                    .collect();
                earliest(verdicts.into_iter())
            }
        };
        let table = shared.table_back();
        // The statements published are of every lemma, each a pair of terms: freed while the
        // caller goes on.
        if let Ok(mut p) = shared.published.lock() {
            crate::threads::free_later(std::mem::take(&mut *p), threads);
        }
        // A lemma that is not a proof's, found by a checker, comes before any error the reader
        // met later in the file.
        let read = match shared.bad.lock().ok().and_then(|mut b| b.take()) {
            Some((k, e)) if k < reader_at || read.is_ok() => Err(e),
            _ => read,
        };
        // A table read apart that is no table: the file's error, before any lemma's or any
        // the reader met later (a reader of the table in order stops there).
        let read = match shared.table_failure() {
            Some(e) => Err(e),
            None => read,
        };
        // The line reader's only error is a limit's (not a verdict, and met where the clock
        // says on any reader): any other is said in the words of serde's reader.
        if by_lines && read.as_ref().is_err_and(|e| !stopped_by_limit(e)) {
            return None;
        }
        Some(
            read.map(|(input, result, main_steps, lemmas, play, terms)| {
                // The table went to the check (it is large: one copy less): it comes back.
                let terms = terms.or(table).unwrap_or_default();
                let steps = main_steps + shared.steps.load(Relaxed);
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
                    certificate_key,
                    // Every checker has ended (and the final claim's check with them).
                    work: limits.spent(),
                };
                (file, verdict)
            }),
        )
    })
}

/// Whether `e` is a read stopped by the caller's limits.
fn stopped_by_limit(e: &ProofError) -> bool {
    matches!(e, ProofError::Check(c) if c.limit.is_some())
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

/// Batches waiting in the queue at most, a checker thread (they are only slices of the text,
/// so a long queue costs no memory), and lemmas a batch (a message a lemma cost more in waking
/// threads than a small lemma's check).
const QUEUED: usize = 16;
const BATCH: usize = 64;

/// Batches a checker parses and keeps, at most, while the table is still being read apart,
/// before it waits for the table. Parsed lemmas are large (their steps, with witnesses: some
/// kilobytes a step), and with no bound each checker of Σ_{k≤30} {k|−k} kept 150 to 345
/// batches (up to 22,000 lemmas) before the table was read, the more the busier the machine:
/// a quarter more page faults than with this bound, and the table's own thread, which they
/// all wait for, left a smaller share of the cores. A few batches each still fill the wait.
const AHEAD: usize = 16;

/// Tables with this many entries or more are read apart in two parts: the first
/// `1 / EARLY_PART`, made a table of its own for the early checks ([`Early`]), then the whole.
/// Entries are numbered as they are made, and a lemma names entries made about as late as it
/// is: a fifth of Σ_{k≤30} {k|−k}'s table serves its first 32,000 lemmas of 160,000, checked
/// while the rest of the table is read (0.17 s of one core, with both checkers idle before).
/// A smaller table is read before the checkers run out of lemmas to parse ([`AHEAD`] batches
/// each: Σ_{k≤12} {k|−k}'s 6,047 entries are read in a third of the time the first sixteen
/// batches take to parse), so the early check only repeated work there: its own table and
/// memo, each lemma's references walked, its statements carried over (2.6 M instructions of
/// that proof's 219 M on two threads). The library's own tests keep the early check from a
/// few hundred entries, so that the proofs they forge (Σ_{k≤7} {k|−k}'s) go through it.
const EARLY_FROM: usize = if cfg!(test) { 1 << 9 } else { 1 << 14 };
const EARLY_PART: usize = 5;

/// The first failing lemma known when there is none.
const NONE_FAILED: usize = usize::MAX;

/// What the reader hands the checkers, in order.
enum Work<'de> {
    /// The next lemmas as written: batch `index`, whose first lemma is lemma `first`, in a
    /// file whose table has `len` entries.
    Lemmas {
        index: usize,
        first: usize,
        len: usize,
        raw: Vec<&'de str>,
    },
    /// The main chain, last, with the play convention, the number of lemmas and of batches
    /// (and the term table, for a loopy or misère proof: its own checker reads it).
    Finish {
        input: Term,
        result: Term,
        steps: Vec<Step>,
        play: Play,
        lemmas: usize,
        batches: usize,
        table: Box<TermTable>,
    },
}

/// A batch's statements as its checker published them, for the checkers of later batches.
#[derive(Clone)]
enum Published {
    /// Each lemma's two sides, in order: the one copy every checker cites them from.
    Claims(Arc<Claims>),
    /// None: the batch is not a proof's, or it is past a failure already found. No later
    /// lemma's verdict is then the proof's, so a checker waiting for it stops checking.
    Unusable,
}

/// What the checkers share: the statements published, the first failure and the first bad
/// lemma found, the steps counted, and the table.
struct Shared<'de> {
    text: &'de str,
    /// Whether statements are published (not on one thread, where no one waits for them).
    publish: bool,
    published: Mutex<Vec<Option<Published>>>,
    ready: Condvar,
    /// The first lemma any check found failing ([`NONE_FAILED`] while none has).
    failed: AtomicUsize,
    /// The first lemma found not to be a proof's, with why; its number also in `bad_at`, read
    /// without the lock.
    bad: Mutex<Option<(usize, ProofError)>>,
    bad_at: AtomicUsize,
    /// The lemmas' steps read.
    steps: AtomicUsize,
    /// The table the checkers share.
    tables: Mutex<Tables>,
    /// Whether the read was given up ([`lines`] could not read the text): the checkers let
    /// the rest of their work go.
    abandoned: AtomicBool,
    /// The table's first entries as a table of their own, read first by the thread that
    /// reads the table apart, for the early checks ([`Early`]).
    early: Arc<(Mutex<EarlyTable>, Condvar)>,
}

/// The table's first entries for the early checks ([`Early`]).
#[derive(Default)]
enum EarlyTable {
    /// None: the table is not read apart in two parts, or its whole is read.
    #[default]
    None,
    /// Being read.
    Coming,
    Ready(Arc<TermTable>),
}

/// Says, as the thread reading the table apart ends however it ends, that no first entries
/// are coming (any checker waiting for them then waits for the whole table).
struct EarlyEnds(Arc<(Mutex<EarlyTable>, Condvar)>);

impl EarlyEnds {
    fn set(&self, to: EarlyTable) {
        let (table, ready) = &*self.0;
        if let Ok(mut t) = table.lock() {
            *t = to;
        }
        ready.notify_all();
    }
}

impl Drop for EarlyEnds {
    fn drop(&mut self) {
        self.set(EarlyTable::None);
    }
}

impl<'de> Shared<'de> {
    fn new(text: &'de str, publish: bool) -> Self {
        Shared {
            text,
            publish,
            published: Mutex::new(Vec::new()),
            ready: Condvar::new(),
            failed: AtomicUsize::new(NONE_FAILED),
            bad: Mutex::new(None),
            bad_at: AtomicUsize::new(NONE_FAILED),
            steps: AtomicUsize::new(0),
            tables: Mutex::new(Tables::default()),
            abandoned: AtomicBool::new(false),
            early: Arc::default(),
        }
    }

    /// The table's first entries, once read (and while the whole table is not), waited for
    /// if they are coming and `wait` says so.
    fn early(&self, wait: bool) -> Option<Arc<TermTable>> {
        let (table, ready) = &*self.early;
        let mut t = table.lock().ok()?;
        while wait && matches!(*t, EarlyTable::Coming) {
            t = ready.wait(t).ok()?;
        }
        match &*t {
            EarlyTable::Ready(first) => Some(Arc::clone(first)),
            _ => None,
        }
    }

    /// Publishes batch `index`'s statements and wakes the checkers waiting for them.
    fn publish(&self, index: usize, p: Published) {
        if !self.publish {
            return;
        }
        if let Ok(mut all) = self.published.lock() {
            if all.len() <= index {
                all.resize(index + 1, None);
            }
            all[index] = Some(p);
        }
        self.ready.notify_all();
    }

    /// Batch `index`'s statements, once published (the batch was handed out before the one
    /// asking, and its checker publishes it after parsing, before checking: a short wait).
    fn statements(&self, index: usize) -> Published {
        let Ok(mut all) = self.published.lock() else {
            return Published::Unusable;
        };
        loop {
            if let Some(Some(p)) = all.get(index) {
                return p.clone();
            }
            all = match self.ready.wait(all) {
                Ok(all) => all,
                Err(_) => return Published::Unusable,
            };
        }
    }

    /// Records lemma `k` as not a proof's, unless an earlier one is.
    fn bad(&self, k: usize, e: ProofError) {
        if let Ok(mut bad) = self.bad.lock() {
            if bad.as_ref().is_none_or(|(j, _)| k < *j) {
                *bad = Some((k, e));
                self.bad_at.fetch_min(k, Relaxed);
            }
        }
    }
}

/// The table as the reader made it, shared by the checkers. Each checker interns into a table
/// of its own over it ([`TermTable::over`]): a copy each (0.2 s for Σ_{k≤30} {k|−k}'s, made
/// on each checker's thread but the last) doubled the memory of a check on two threads. A
/// lone checker (`--threads 1`) takes the table itself, with no base to read through.
#[derive(Default)]
struct Tables {
    /// The reader's table, once read.
    origin: Option<Arc<TermTable>>,
    /// The lone checker's table, handed back as it ended.
    back: Option<TermTable>,
    /// The table being read on a thread of its own ([`Reader::read_terms`]), until a checker
    /// needs it or the check ends.
    building: Option<std::thread::JoinHandle<Result<TermTable, ProofError>>>,
    /// Why the table read apart is no table: the file's error, met before any lemma.
    failure: Option<ProofError>,
}

impl Tables {
    /// The table read apart, waited for and kept (or why it is none).
    fn settle(&mut self) {
        if let Some(h) = self.building.take() {
            match h.join() {
                Ok(Ok(table)) => self.origin = Some(Arc::new(table)),
                Ok(Err(e)) => self.failure = Some(e),
                Err(_) => {
                    self.failure = Some(ProofError::Json(
                        "the table's reader stopped unexpectedly".into(),
                    ))
                }
            }
        }
    }
}

impl Shared<'_> {
    /// The table for a checker's check: over the reader's, or the reader's itself for a lone
    /// checker; none when the check never began (no table, or a cyclic one).
    fn table(&self) -> Option<TermTable> {
        let mut t = self.tables.lock().ok()?;
        t.settle();
        if self.publish {
            return t.origin.clone().map(TermTable::over);
        }
        t.origin.take().map(whole)
    }

    /// The reader's table, once every checker has let go of it (they have ended), or the
    /// lone checker's: the table the claim is read with and the caller gets.
    fn table_back(&self) -> Option<TermTable> {
        let mut t = self.tables.lock().ok()?;
        t.settle();
        t.origin.take().map(whole).or_else(|| t.back.take())
    }
}

impl Shared<'_> {
    /// Whether a checker can have the table now without waiting: it is not being read apart,
    /// or its read has ended. (Another checker holding the lock is waiting for it.)
    fn table_ready(&self) -> bool {
        match self.tables.try_lock() {
            Ok(t) => t.building.as_ref().is_none_or(|h| h.is_finished()),
            Err(std::sync::TryLockError::WouldBlock) => false,
            Err(std::sync::TryLockError::Poisoned(_)) => true,
        }
    }

    /// Why the table read apart is no table, if it is not (waited for).
    fn table_failure(&self) -> Option<ProofError> {
        let mut t = self.tables.lock().ok()?;
        t.settle();
        t.failure.take()
    }
}

/// The table `shared` holds, taken out: its only holder is the caller (every checker let go
/// of it, or none took it yet); were it not, a copy is the same table.
fn whole(shared: Arc<TermTable>) -> TermTable {
    Arc::try_unwrap(shared).unwrap_or_else(|o| (*o).clone())
}

/// Publishes a batch as unusable if its checker stops (a panic) before publishing it, so no
/// other checker waits for it forever.
struct Promise<'s, 'de> {
    shared: &'s Shared<'de>,
    index: usize,
    kept: bool,
}

impl Promise<'_, '_> {
    fn keep(&mut self, p: Published) {
        self.shared.publish(self.index, p);
        self.kept = true;
    }
}

impl Drop for Promise<'_, '_> {
    fn drop(&mut self) {
        if !self.kept {
            self.shared.publish(self.index, Published::Unusable);
        }
    }
}

/// A batch parsed: its number, its first lemma's, its lemmas, and their statements as
/// published (none on one thread, where nothing is published).
type Parsed = (usize, usize, Vec<Lemma>, Option<Arc<Claims>>);

/// A batch parsed and kept to be checked: its number, the number of its next lemma to check,
/// those lemmas, and their statements as published until a check takes them (`begun`). A
/// batch the early check ([`Early`]) began is finished by the check over the whole table.
struct Kept {
    index: usize,
    at: usize,
    lemmas: VecDeque<Lemma>,
    claims: Option<Arc<Claims>>,
    begun: bool,
}

impl From<Parsed> for Kept {
    fn from((index, at, lemmas, claims): Parsed) -> Self {
        Kept {
            index,
            at,
            lemmas: lemmas.into(),
            claims,
            begun: false,
        }
    }
}

/// A check over the table's first entries ([`Shared::early`]), run while the rest are read:
/// it takes the lemmas in order while each reads only those entries (see [`reads_within`]),
/// and stops for good at the first that does not, or that it does not pass. Its statements
/// go on to the check over the whole table, which begins where it stopped, and so does its
/// memo (forms and decisions hold over any table; what it read of its own entries is
/// forgotten: `Incremental::rebase`); its own entries are let go, and no verdict or word of it is ever the file's: a lemma it does not
/// pass is checked again over the whole table, which says why.
///
/// Why it judges a lemma as the check over the whole table does: entries name only earlier
/// entries (a table read apart has no entry naming itself or a later one), so every term the
/// check of a lemma reads or builds is made of entries below the highest the lemma and the
/// statements it cites name, and of entries the check interns from those. Below `len` the
/// two tables hold the same entries, so the check's terms, sizes and sameness (equal views,
/// equal entries) are the same in both, its own entries numbered otherwise; nor does a
/// verdict it gives depend on those numbers (two normal forms are compared for equality, not
/// order), and its failures are not used.
struct Early<'r> {
    check: Incremental<'r>,
    /// The entries its table holds.
    len: usize,
    /// Whether it stopped.
    done: bool,
}

/// A checker: the batches it takes parsed and checked, the statements of the others' taken
/// from [`Shared`]. The same whether it runs on its own thread or on the reader's
/// (`--threads 1`), so the verdict and its words are the same whatever the number of threads.
struct Worker<'r, 'de> {
    rules: &'r RuleSet,
    limits: &'r CheckLimits,
    shared: &'r Shared<'de>,
    /// The check, once it has its table (never, for a loopy proof's cyclic table).
    check: Option<Incremental<'r>>,
    /// Whether it looked for its table yet.
    tabled: bool,
    /// The batches whose statements the check has: all before this one.
    next: usize,
    /// Whether it can check no more (a failure, or a batch before its next one unusable).
    stopped: bool,
    /// Its first failure (the earliest of its own, as it takes batches in file order).
    verdict: Result<(), CheckError>,
    /// Batches parsed (their statements published) while the table was still being read, to
    /// check in order once it is: parsing need not wait for the table, only checking does.
    parsed: VecDeque<Kept>,
    /// The check over the table's first entries, while the rest are read.
    early: Option<Early<'r>>,
}

impl<'r, 'de> Worker<'r, 'de> {
    fn new(rules: &'r RuleSet, limits: &'r CheckLimits, shared: &'r Shared<'de>) -> Self {
        Worker {
            rules,
            limits,
            shared,
            check: None,
            tabled: false,
            next: 0,
            stopped: false,
            verdict: Ok(()),
            parsed: VecDeque::new(),
            early: None,
        }
    }

    /// The check, begun with a table the reader made, if it made any (it makes them before it
    /// hands out the first batch).
    fn check(&mut self) -> Option<&mut Incremental<'r>> {
        if !self.tabled {
            self.tabled = true;
            let table = self.shared.table();
            let early = self.early.take();
            self.check = table.map(|t| match early {
                // The early check's statements carried on, over the whole table.
                Some(e) => {
                    let (check, left) = e.check.rebase(t, e.len);
                    crate::threads::free_later(left, self.limits.threads());
                    check
                }
                None => Incremental::new(self.rules, t, self.limits),
            });
        }
        self.check.as_mut()
    }

    /// The early check ([`Early`]) of the batches kept, as far as it goes, while the table
    /// is read apart: begun once the table's first entries are read.
    fn check_early(&mut self, wait: bool) {
        if self.tabled || self.stopped || self.shared.abandoned.load(Relaxed) {
            return;
        }
        let early = self.early.take().or_else(|| {
            let first = self.shared.early(wait)?;
            let len = first.len();
            let check = Incremental::new(self.rules, TermTable::over(first), self.limits);
            Some(Early {
                check,
                len,
                done: false,
            })
        });
        let Some(mut early) = early else { return };
        while !early.done {
            let Some(index) = self.parsed.front().map(|k| k.index) else {
                break;
            };
            if !self.parsed[0].begun {
                if !self.catch_up_early(&mut early.check, index) {
                    early.done = true;
                    break;
                }
                let kept = &mut self.parsed[0];
                if let Some(claims) = kept.claims.take() {
                    early.check.own(claims);
                }
                kept.begun = true;
            }
            let kept = &mut self.parsed[0];
            while let Some(l) = kept.lemmas.pop_front() {
                let passed = kept.at <= self.shared.failed.load(Relaxed)
                    && reads_within(&early.check, &l, early.len);
                let l = if passed {
                    match early.check.lemma_or_back(l) {
                        Ok(steps) => {
                            drop(steps);
                            kept.at += 1;
                            continue;
                        }
                        Err(l) => *l,
                    }
                } else {
                    l
                };
                kept.lemmas.push_front(l);
                early.done = true;
                break;
            }
            if early.done {
                break;
            }
            // The whole batch passed.
            self.next = index + 1;
            self.parsed.pop_front();
        }
        self.early = Some(early);
    }

    /// [`Worker::catch_up`] for the early check.
    fn catch_up_early(&mut self, check: &mut Incremental<'r>, index: usize) -> bool {
        if self.stopped {
            return false;
        }
        while self.next < index {
            match self.shared.statements(self.next) {
                Published::Claims(claims) => check.claim(claims),
                Published::Unusable => {
                    self.stopped = true;
                    return false;
                }
            }
            self.next += 1;
        }
        true
    }

    fn take(&mut self, work: Work<'de>) {
        match work {
            Work::Lemmas {
                index,
                first,
                len,
                raw,
            } => {
                let mut promise = Promise {
                    shared: self.shared,
                    index,
                    kept: false,
                };
                // Behind a lemma that is not a proof's: the file's error is that one. A read
                // given up is done again from the start.
                if first > self.shared.bad_at.load(Relaxed) || self.shared.abandoned.load(Relaxed) {
                    return;
                }
                let lemmas = match self.parse(first, len, &raw) {
                    Ok(lemmas) => lemmas,
                    Err((k, e)) => {
                        self.shared.bad(k, e);
                        return;
                    }
                };
                if first > self.shared.failed.load(Relaxed) {
                    // Past a failure: read, not checked, nor needed by any check.
                    return;
                }
                let claims = self.shared.publish.then(|| {
                    let claims = lemmas.iter().map(|l| (l.from.clone(), l.to.clone()));
                    Arc::new(claims.collect::<Claims>())
                });
                if let Some(c) = &claims {
                    promise.keep(Published::Claims(Arc::clone(c)));
                }
                self.parsed.push_back((index, first, lemmas, claims).into());
                // While the table is read, the checker checks what it can over its first
                // entries (waiting for them only where it would wait for the whole table).
                // Past `AHEAD` batches kept, it waits for the table rather than parse on: see
                // [`AHEAD`].
                let ready = self.shared.table_ready();
                if !ready {
                    self.check_early(self.parsed.len() >= AHEAD);
                }
                if ready || self.parsed.len() >= AHEAD {
                    self.check_parsed();
                }
            }
            Work::Finish {
                input,
                result,
                steps,
                play,
                lemmas,
                batches,
                table,
            } => {
                // Its own batches come before the main chain.
                self.check_parsed();
                if self.shared.failed.load(Relaxed) != NONE_FAILED
                    || self.shared.bad_at.load(Relaxed) != NONE_FAILED
                {
                    return;
                }
                let (rules, limits) = (self.rules, self.limits);
                let chain = crate::proof::played::Chain {
                    input: &input,
                    result: &result,
                    steps: &steps,
                    lemmas,
                    table: &table,
                };
                let verdict = match play {
                    // Misère play has its own checker, the same `Proof::check` calls.
                    Play::Misere => crate::proof::misere::check(chain, rules, limits),
                    // So has loopy play; both read the table themselves.
                    Play::Loopy => crate::proof::loopy::check(chain, rules, limits),
                    // A check with no table (a cyclic one) checks no chain.
                    Play::Normal if self.check().is_none() => Ok(()),
                    Play::Normal => {
                        if !self.catch_up(batches) {
                            return;
                        }
                        match self.check.as_mut() {
                            Some(c) => c.finish(&input, &result, &steps),
                            None => Ok(()),
                        }
                    }
                };
                if let Err(e) = verdict {
                    self.fail(e, NONE_FAILED - 1);
                }
            }
        }
    }

    /// The batch's lemmas parsed, their references within the table; the first that is not a
    /// proof's lemma, with why, when one is not.
    fn parse(
        &self,
        first: usize,
        len: usize,
        raw: &[&'de str],
    ) -> Result<Vec<Lemma>, (usize, ProofError)> {
        let mut out = Vec::with_capacity(raw.len());
        let mut steps = 0;
        for (k, r) in (first..).zip(raw) {
            let lemma = self.limits.look().map_err(|which| stopped(Some(k), which));
            let lemma = lemma
                .and_then(|()| lemma_from_raw(self.shared.text, r, k, len))
                .map_err(|e| (k, e))?;
            steps += lemma.steps.len();
            out.push(lemma);
        }
        self.shared.steps.fetch_add(steps, Relaxed);
        Ok(out)
    }

    /// The statements of every batch before `index` in the check; whether it can go on.
    fn catch_up(&mut self, index: usize) -> bool {
        if self.stopped {
            return false;
        }
        while self.next < index {
            match self.shared.statements(self.next) {
                Published::Claims(claims) => {
                    if let Some(c) = self.check() {
                        c.claim(claims);
                    }
                }
                Published::Unusable => {
                    self.stopped = true;
                    return false;
                }
            }
            self.next += 1;
        }
        true
    }

    /// Checks the batches it parsed and kept, in order (waiting for the table if need be).
    fn check_parsed(&mut self) {
        while let Some(kept) = self.parsed.pop_front() {
            self.check_kept(kept);
        }
    }

    /// Checks batch `index` (lemmas from `first`, their statements as published), unless a
    /// failure before it is known.
    #[cfg(test)]
    fn check_lemmas(
        &mut self,
        index: usize,
        first: usize,
        lemmas: Vec<Lemma>,
        claims: Option<Arc<Claims>>,
    ) {
        self.check_kept((index, first, lemmas, claims).into());
    }

    /// Checks batch `kept` from its next lemma on, unless a failure before it is known (its
    /// lemmas before that one passed the early check).
    fn check_kept(&mut self, kept: Kept) {
        let Kept {
            index,
            at,
            lemmas,
            claims,
            begun,
        } = kept;
        // With no table (a cyclic one) the lemmas are read, not checked; nor are they when
        // the read was given up.
        if self.shared.abandoned.load(Relaxed) || self.check().is_none() {
            return;
        }
        if begun {
            // The early check took the statements before it, and its own.
            if self.stopped {
                return;
            }
        } else if !self.catch_up(index) {
            return;
        }
        // Cited from the published copy, each once it has passed.
        if let (Some(c), Some(claims)) = (self.check.as_mut(), claims) {
            c.own(claims);
        }
        for (k, l) in (at..).zip(lemmas) {
            if k > self.shared.failed.load(Relaxed) {
                // Behind a failure: its verdict is not the proof's, and this check's
                // statements stop short, so it checks nothing more.
                self.stopped = true;
                return;
            }
            let Some(c) = self.check.as_mut() else { return };
            let (v, steps) = c.lemma(l);
            drop(steps);
            if let Err(e) = v {
                self.fail(e, k);
                return;
            }
        }
        self.next = index + 1;
    }

    /// Takes the check's failure (at lemma `k`; the main chain's after every lemma).
    fn fail(&mut self, e: CheckError, k: usize) {
        self.shared.failed.fetch_min(k, Relaxed);
        self.stopped = true;
        if self.verdict.is_ok() {
            self.verdict = Err(e);
        }
    }

    /// The verdict; the check's own entries and the statements it held are freed on a
    /// thread of their own, for the last checker to end has the whole check waiting for it (a
    /// fifth of a second for Σ_{k≤30} {k|−k}'s). The shared table is let go here, so the
    /// caller takes it back whole; a lone checker hands back the table it took.
    fn into_verdict(mut self) -> Result<(), CheckError> {
        self.check_parsed();
        if let Some(e) = self.early.take() {
            let (table, statements) = e.check.into_table();
            crate::threads::free_later((table, statements), self.limits.threads());
        }
        if let Some(c) = self.check {
            let (table, statements) = c.into_table();
            crate::threads::free_later(statements, self.limits.threads());
            if !self.shared.publish {
                if let Ok(mut t) = self.shared.tables.lock() {
                    t.back = Some(table);
                }
            } else {
                let (shared, own) = table.unshare();
                drop(shared);
                crate::threads::free_later(own, self.limits.threads());
            }
        }
        self.verdict
    }
}

/// Whether checking lemma `l` with `check` reads only the table's first `len` entries: its
/// own terms name none past them, nor do the statements its steps cite (which the check
/// compares with the steps: see `check::check_citation`). A statement not yet citable is
/// not looked at (the check of `l` fails on it, and an early check that fails passes nothing).
fn reads_within(check: &Incremental, l: &Lemma, len: usize) -> bool {
    let what = &String::new;
    refs_within(&l.from, len, what).is_ok()
        && refs_within(&l.to, len, what).is_ok()
        && l.steps
            .iter()
            .all(|s| step_refs_within(s, len, what).is_ok() && cites_within(check, s, len))
}

/// Whether the statements step `s` and its parts cite name only the first `len` entries.
fn cites_within(check: &Incremental, s: &Step, len: usize) -> bool {
    let what = &String::new;
    let cited = s.lemma.and_then(|j| check.statement(j));
    cited
        .is_none_or(|(a, b)| refs_within(a, len, what).is_ok() && refs_within(b, len, what).is_ok())
        && s.parts.iter().all(|p| cites_within(check, p, len))
}

/// Lemma `k` read from its text: its sides, its steps (whose words no check reads), its
/// references within a table of `len` entries.
fn lemma_from_raw(text: &str, raw: &str, k: usize, len: usize) -> Result<Lemma, ProofError> {
    // A lemma as onag writes it is read straight into its steps; any other text, or one that
    // is no lemma, by serde, whose words are the file's.
    match super::fast::lemma(raw, len) {
        Some(lemma) => Ok(lemma),
        None => lemma_by_serde(text, raw, k, len),
    }
}

/// [`lemma_from_raw`] by serde's model of a lemma ([`LemmaJson`]): any text, and the words for
/// each error.
pub(super) fn lemma_by_serde(
    text: &str,
    raw: &str,
    k: usize,
    len: usize,
) -> Result<Lemma, ProofError> {
    let l: LemmaJson = serde_json::from_str(raw).map_err(|e| in_file(text, raw, &e))?;
    let from = parse(&l.from, || format!("lemma {k} from"))?;
    let lemma = Lemma {
        to: parse(&l.to, || format!("lemma {k} to"))?,
        steps: chain_from_json(&from, &l.steps, false, false, |i| {
            format!("{i} of lemma {k}")
        })?,
        from,
    };
    refs_within(&lemma.from, len, &|| format!("lemma {k}"))?;
    refs_within(&lemma.to, len, &|| format!("lemma {k}"))?;
    for (i, st) in lemma.steps.iter().enumerate() {
        step_refs_within(st, len, &|| format!("step {i} of lemma {k}"))?;
    }
    Ok(lemma)
}

/// `e`, met reading `part` of `text` on its own, in the words a reader of the whole text gives:
/// its line and column in the file.
fn in_file(text: &str, part: &str, e: &serde_json::Error) -> ProofError {
    let words = e.to_string();
    if e.line() == 0 {
        return ProofError::Json(words);
    }
    let at = format!(" at line {} column {}", e.line(), e.column());
    let message = words.strip_suffix(&at).unwrap_or(&words);
    // serde_json's position: the line (from 1) and the bytes before the point on it.
    let offset = (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + e.line();
    let column = if e.line() == 1 {
        before.len() - before.rfind('\n').map_or(0, |n| n + 1) + e.column()
    } else {
        e.column()
    };
    ProofError::Json(format!("{message} at line {line} column {column}"))
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

/// Where the reader's work goes.
enum Sink<'r, 'de> {
    /// The checkers' queue.
    Threads(mpsc::SyncSender<Work<'de>>),
    /// The check itself, run on the reader's thread as each batch is read (`--threads 1`).
    Here(Box<Worker<'r, 'de>>),
}

/// The state of a read: what the file has said so far.
struct Reader<'a, 'de> {
    /// The caller's limits, looked at before each batch is handed out.
    limits: &'a CheckLimits,
    shared: &'a Shared<'de>,
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
    /// The number of entries of the table.
    table_len: usize,
    /// Whether the checkers have the table (the check has begun).
    begun: bool,
    /// The number of entries of a table being read apart ([`Reader::read_terms`]), until the
    /// check begins.
    apart: Option<usize>,
    input: Option<Term>,
    result: Option<Term>,
    steps: Option<Vec<StepJson<'de>>>,
    /// Lemmas met before the version and the table were known, handed out at the end.
    waiting: Vec<&'de str>,
    /// Where the lemmas go to be checked.
    sink: Sink<'a, 'de>,
    /// Lemmas read and not yet handed out, the number of the first of them, and the batches
    /// handed out.
    batch: Vec<&'de str>,
    batch_first: usize,
    batches: usize,
    lemmas: usize,
    /// The main chain's steps.
    main_steps: usize,
    /// Why the text is not a proof, when a lemma said so (serde's error carries only words).
    failure: Option<ProofError>,
    /// The lemma being read when the reader's error came, if it came inside the lemmas.
    failed_at: Option<usize>,
    /// The claim that the result is final (`"final"`), checked after the chain.
    final_claim: Option<crate::proof::final_check::FinalClaim>,
    /// Whether a top-level key is `certificate` ([`CheckedFile::certificate_key`]).
    certificate_key: bool,
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

    /// The table, read again from its entries if it went to the check.
    fn table(&mut self) -> Result<TermTable, ProofError> {
        if self.terms.is_none() && self.begun {
            let views = parse_views(&self.views, self.limits)?;
            self.terms = Some(read_table(views, Some(self.play))?);
        }
        Ok(self.terms.clone().unwrap_or_default())
    }

    /// The table from its entries as written. With checker threads, and no entry naming
    /// itself or a later one (so no cycle, whatever the play), the parsed entries are made a
    /// table on a thread of its own, while the reader goes on finding lemmas and the checkers
    /// parse them: that read (hashing every entry, a quarter of a second for Σ_{k≤30} {k|−k}'s
    /// 239,000) was the serial start every checker waited for. A table that then proves no
    /// table is the file's error all the same ([`Shared::table_failure`]).
    fn read_terms(&mut self, views: Vec<Text<'de>>) -> Result<(), ProofError> {
        let parsed = parse_views(&views, self.limits)?;
        self.views = views;
        let play = self.play_read.then_some(self.play);
        if self.shared.publish && play != Some(Play::Loopy) && !names_forward(&parsed) {
            let len = parsed.len();
            let ends = EarlyEnds(Arc::clone(&self.shared.early));
            if len >= EARLY_FROM {
                ends.set(EarlyTable::Coming);
            }
            let building = std::thread::Builder::new()
                .name("onag-table".into())
                .spawn(move || {
                    // The first entries first, for the early checks: a table of their own,
                    // read again with the rest (they are a small part). None come once the
                    // thread ends (`ends` dropped), or if they are no table.
                    if len >= EARLY_FROM {
                        let first = read_table(parsed[..len / EARLY_PART].to_vec(), play);
                        ends.set(
                            first.map_or(EarlyTable::None, |t| EarlyTable::Ready(Arc::new(t))),
                        );
                    }
                    read_table(parsed, play)
                });
            if let Ok(h) = building {
                if let Ok(mut t) = self.shared.tables.lock() {
                    t.building = Some(h);
                    self.apart = Some(len);
                    return Ok(());
                }
            }
            // No thread (or no lock): read here, from the text again (the entries went).
            let parsed = parse_views(&self.views, self.limits)?;
            self.terms = Some(read_table(parsed, play)?);
            return Ok(());
        }
        self.terms = Some(read_table(parsed, play)?);
        Ok(())
    }

    /// One lemma of the file, as written: handed out in its batch (a batch at a time, so that
    /// the checkers take work in file order).
    fn lemma(&mut self, raw: &'de str) -> Result<(), ProofError> {
        if self.batch.is_empty() {
            self.batch_first = self.lemmas;
        }
        self.lemmas += 1;
        self.batch.push(raw);
        if self.batch.len() >= BATCH {
            self.flush()?;
        }
        Ok(())
    }

    /// Hands out the lemmas read since the last batch, unless a lemma before them is already
    /// known to be no proof's (they would only be read: the file's error is that one).
    fn flush(&mut self) -> Result<(), ProofError> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let first = self.batch_first;
        if let Err(which) = self.limits.look() {
            return Err(stopped(Some(first), which));
        }
        let raw = std::mem::take(&mut self.batch);
        let index = self.batches;
        self.batches += 1;
        if first > self.shared.bad_at.load(Relaxed) {
            return Ok(());
        }
        self.send(Work::Lemmas {
            index,
            first,
            len: self.table_len,
            raw,
        });
        Ok(())
    }

    /// Hands `work` to the checkers, or to the check here.
    fn send(&mut self, work: Work<'de>) {
        match &mut self.sink {
            // A closed queue means the checkers are gone; their joins report why.
            Sink::Threads(tx) => {
                let _ = tx.send(work);
            }
            Sink::Here(w) => w.take(work),
        }
    }

    /// The verdict of a check run here, `None` when checker threads have it (they end when
    /// the queue, dropped with the reader, closes).
    fn into_verdict(self) -> Option<Result<(), CheckError>> {
        match self.sink {
            Sink::Here(w) => Some(w.into_verdict()),
            Sink::Threads(..) => None,
        }
    }

    /// The check, begun if it can be: the version read and good, and the table read. The
    /// checkers share it, each interning into a table of its own over it: see [`Tables`].
    fn begin(&mut self) {
        // A table with cycles is a loopy proof's, whose checker reads it at the end; the
        // normal checker, which reads entries in order, never gets it.
        let cyclic = self.terms.as_ref().is_some_and(|t| t.cyclic().is_some());
        if self.begun || cyclic || self.version.is_none() {
            return;
        }
        if let Some(terms) = self.terms.take() {
            self.begun = true;
            self.table_len = terms.len();
            if let Ok(mut t) = self.shared.tables.lock() {
                t.origin = Some(Arc::new(terms));
            }
        } else if let Some(len) = self.apart.take() {
            // The table being read apart: the checkers wait for it when they check.
            self.begun = true;
            self.table_len = len;
        }
    }

    /// [`Reader::finish_read`], and the verdict of a check run here ([`Reader::into_verdict`]).
    #[allow(clippy::type_complexity)]
    fn finish(
        mut self,
    ) -> (
        Result<(Term, Term, usize, usize, Play, Option<TermTable>), ProofError>,
        Option<Result<(), CheckError>>,
    ) {
        let read = self.finish_read();
        (read, self.into_verdict())
    }

    /// After the last key: the lemmas that waited, then the main chain, handed out; the
    /// claim, the number of the main chain's steps and of lemmas, and the table unless the
    /// check has it.
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
        if !self.begun && self.apart.is_none() {
            self.terms.get_or_insert_with(TermTable::new);
            if let Some(t) = &self.terms {
                table_fits(t, self.play)?;
                self.table_len = t.len();
            }
        }
        // Lemmas wait only when the whole array came before the version or the table: then
        // none was handed out yet, and they are now, in order.
        self.begin();
        for l in std::mem::take(&mut self.waiting) {
            self.lemma(l)?;
        }
        self.flush()?;
        let steps = chain_from_json(&input, &steps_json, false, false, |i| i.to_string())?;
        let len = self.table_len;
        refs_within(&input, len, &|| "the input".into())?;
        refs_within(&result, len, &|| "the result".into())?;
        for (i, st) in steps.iter().enumerate() {
            step_refs_within(st, len, &|| format!("step {i}"))?;
        }
        self.main_steps = steps.len();
        // Only a loopy or misère proof's checker reads the table here (the normal one has
        // it).
        let table = match self.play {
            Play::Loopy | Play::Misere => Box::new(self.table()?),
            _ => Box::default(),
        };
        self.send(Work::Finish {
            input: input.clone(),
            result: result.clone(),
            steps,
            play: self.play,
            lemmas: self.lemmas,
            batches: self.batches,
            table,
        });
        let terms = self.terms.take();
        Ok((
            input,
            result,
            self.main_steps,
            self.lemmas,
            self.play,
            terms,
        ))
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
            self.field(key, &mut seen, &mut map)?;
        }
        Ok(())
    }
}

/// Where a top-level field's value is read from: serde's map of the whole text, or the
/// line reader's ([`lines`]). The reader judges each field alike from either.
trait Values<'de> {
    type Error: serde::de::Error;
    /// The field's value.
    fn value<T: serde::Deserialize<'de>>(&mut self) -> Result<T, Self::Error>;
    /// The `lemmas` array, each handed to `r` as it is met.
    fn lemmas(&mut self, r: &mut Reader<'_, 'de>) -> Result<(), Self::Error>;
    /// The `terms` array: the table's entries as written.
    fn views(&mut self) -> Result<Vec<Text<'de>>, Self::Error> {
        let views: Vec<super::Borrowed<'de>> = self.value()?;
        Ok(views.into_iter().map(|v| v.0).collect())
    }
}

impl<'de, A: MapAccess<'de>> Values<'de> for A {
    type Error = A::Error;

    fn value<T: serde::Deserialize<'de>>(&mut self) -> Result<T, A::Error> {
        self.next_value()
    }

    fn lemmas(&mut self, r: &mut Reader<'_, 'de>) -> Result<(), A::Error> {
        self.next_value_seed(Lemmas(r))
    }
}

impl<'de> Reader<'_, 'de> {
    /// The top-level field `key`, its value read from `map`; `seen` the keys before it.
    fn field<V: Values<'de>>(
        &mut self,
        key: Text<'de>,
        seen: &mut Vec<Text<'de>>,
        map: &mut V,
    ) -> Result<(), V::Error> {
        if seen.contains(&key) {
            return Err(V::Error::custom(format!("duplicate field `{key}`")));
        }
        seen.push(key.clone());
        let failed = |r: &mut Reader, e: ProofError| {
            r.failure = Some(e);
            V::Error::custom("not a proof")
        };
        match key.as_ref() {
            "version" => {
                self.version = Some(map.value()?);
                if let Err(e) = self.version_ok() {
                    return Err(failed(self, e));
                }
                self.begin();
            }
            "terms" => {
                let views = map.views()?;
                if let Err(e) = self.read_terms(views) {
                    return Err(failed(self, e));
                }
                self.begin();
            }
            "input" | "result" => {
                let text: Text<'de> = map.value()?;
                let what = key.to_string();
                match parse(&text, || what.clone()) {
                    Ok(t) if what == "input" => self.input = Some(t),
                    Ok(t) => self.result = Some(t),
                    Err(e) => return Err(failed(self, e)),
                }
            }
            "play" => {
                let text: Text<'de> = map.value()?;
                match Play::read(&text) {
                    Ok(p) => {
                        self.play = p;
                        self.play_read = true;
                    }
                    Err(e) => return Err(failed(self, e)),
                }
            }
            "steps" => self.steps = Some(map.value()?),
            "final" => self.final_claim = Some(map.value()?),
            "lemmas" => map.lemmas(self)?,
            // Never believed, but a boolean as `Proof::from_json` requires: the two
            // readers accept the same texts.
            "checked" => {
                map.value::<bool>()?;
            }
            // Other keys are not part of the schema; a certificate's is noted.
            other => {
                self.certificate_key |= other == "certificate";
                map.value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }

    /// Before the next lemma is looked for: any error from here on is met at it, after
    /// every lemma before it.
    fn meeting(&mut self) {
        self.failed_at = Some(self.lemmas + self.waiting.len());
    }

    /// A lemma of the `lemmas` array, as written, met in order.
    fn met(&mut self, l: &'de str) -> Result<(), ProofError> {
        if !self.begun {
            // The version or the table is still to come: this lemma waits for them.
            self.waiting.push(l);
            return Ok(());
        }
        self.lemma(l)
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
        loop {
            r.meeting();
            let Some(l) = seq.next_element::<&'de RawValue>()? else {
                break;
            };
            if let Err(e) = r.met(l.get()) {
                r.failure = Some(e);
                return Err(A::Error::custom("not a proof"));
            }
        }
        r.failed_at = None;
        Ok(())
    }
}

/// Tables with fewer entries than this a thread are parsed on one thread: a thread costs more
/// than half of their parse. The parse comes before the reader hands out any lemma, so every
/// checker waits for it: Σ_{k≤12} {k|−k}'s 6,047 entries were 5.7 M instructions on the
/// reader's thread alone (a twentieth of a checker's share of the check), Σ_{k≤16} {k|−k}'s
/// 18,945 three times that, with `1 << 14` here.
const SPLIT_TABLE_FROM: usize = 1 << 11;

/// The term table's entries parsed, on as many threads as the limits allow (the entries are
/// independent texts; Σ_{k≤30} {k|−k}'s 239,000 take a tenth of its check on one thread). The
/// error is the first entry's in the table's order, as one thread would report it.
///
/// Each part is parsed into a list of its own size, the first into one with room for the
/// whole, which the others are then appended to: collected from an iterator of results, a
/// list grows by doubling (a copy of every entry parsed so far at each step), and the parts
/// were copied into a third list after.
fn parse_views(views: &[Text], limits: &CheckLimits) -> Result<Vec<Term>, ProofError> {
    let run = |from: usize, part: &[Text], room: usize| {
        let mut out = Vec::with_capacity(room);
        for (n, t) in (from..).zip(part) {
            // A large table takes a while to read: the limits are looked at as it goes.
            if n % 4096 == 0 {
                limits.look().map_err(|which| stopped(None, which))?;
            }
            out.push(match super::fast::view(t) {
                Some(view) => view,
                None => parse(t, || format!("term #{n}"))?,
            });
        }
        Ok::<_, ProofError>(out)
    };
    let threads = limits.threads().min(views.len() / SPLIT_TABLE_FROM).max(1);
    if threads == 1 {
        return run(0, views, views.len());
    }
    let size = views.len().div_ceil(threads);
    let (first, others) = std::thread::scope(|scope| {
        let run = &run;
        let others: Vec<_> = views
            .chunks(size)
            .enumerate()
            .skip(1)
            .map(|(i, part)| scope.spawn(move || run(i * size, part, part.len())))
            .collect();
        let first = run(0, &views[..size.min(views.len())], views.len());
        let others: Vec<_> = others
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(ProofError::Json(
                        "the table's reader stopped unexpectedly".into(),
                    ))
                })
            })
            .collect();
        (first, others)
    });
    let mut out = first?;
    for part in others {
        out.extend(part?);
    }
    Ok(out)
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
    /// interned: each checker interns what its own batches needed).
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

    /// `p` with lemma `k`'s last step made to end at 7, for each k: the lemma's statement
    /// still true and cited by later lemmas, but not proved.
    fn forged(p: &crate::proof::Proof, ks: &[usize]) -> crate::proof::Proof {
        let mut bad = p.clone();
        for &k in ks {
            let last = bad.lemmas[k].steps.len() - 1;
            bad.lemmas[k].steps[last].to = Term::integer(7);
        }
        bad
    }

    #[test]
    fn one_thread_and_two_read_and_judge_alike() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // More lemmas than a batch, so each checker thread gets several.
        assert!(p.lemmas.len() > 4 * BATCH);
        let good = p.to_json();
        let (file, verdict) = read_and_check(&good, &rules, &on(1)).unwrap();
        assert_eq!(verdict, Ok(()));
        assert_eq!((file.lemmas, file.steps), (p.lemmas.len(), p.size()));
        let (file, verdict) = read_and_check(&good, &rules, &on(2)).unwrap();
        assert_eq!(verdict, Ok(()));
        assert_eq!((file.lemmas, file.steps), (p.lemmas.len(), p.size()));
        assert_eq!(said(&good, &rules, 1), said(&good, &rules, 2));
        // Damaged early, late, in two lemmas, in the main chain: the whole proof's verdict,
        // the same lemma, step and words on one thread and on two.
        for (ks, bad) in crate::proof::parallel::tests::damaged(&p) {
            let whole = bad.check(&rules);
            assert!(whole.is_err(), "{ks:?}");
            let text = bad.to_json();
            for threads in [1, 2, 3] {
                let (_, v) = read_and_check(&text, &rules, &on(threads)).unwrap();
                assert_eq!(v, whole, "{ks:?} on {threads}");
            }
            assert_eq!(said(&text, &rules, 1), said(&text, &rules, 2), "{ks:?}");
        }
        // Damage in each of the first batches, so on whichever checker takes it, and with
        // three checkers: the verdict of one thread.
        for k in (0..6).map(|b| b * BATCH + 2 * b + 1) {
            let text = forged(&p, &[k]).to_json();
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

    /// `proof`'s term table as `shared`'s table read, held until the returned sender sends,
    /// as a read of a large table still running while the checkers start.
    fn hold_table(proof: &crate::proof::Proof, shared: &Shared) -> mpsc::Sender<()> {
        let (go, wait) = mpsc::channel::<()>();
        let table = proof.terms.clone();
        let reading = std::thread::spawn(move || {
            let _ = wait.recv();
            Ok(table)
        });
        shared.tables.lock().unwrap().building = Some(reading);
        go
    }

    /// The lemmas of `text`, as written.
    fn raw_lemmas(text: &str) -> Vec<&str> {
        #[derive(serde::Deserialize)]
        struct Raw<'a> {
            #[serde(borrow)]
            lemmas: Vec<&'a RawValue>,
        }
        let raw = serde_json::from_str::<Raw>(text).unwrap().lemmas;
        raw.into_iter().map(RawValue::get).collect()
    }

    /// Two checkers given the proof's batches in turn (batch `b` to checker `b % 2`), as the
    /// reader hands them out, with `len` entries in the table.
    fn fed_alternately<'r, 'de>(
        rules: &'r RuleSet,
        limits: &'r CheckLimits,
        shared: &'r Shared<'de>,
        raw: &[&'de str],
        len: usize,
    ) -> [Worker<'r, 'de>; 2] {
        let mut workers = [
            Worker::new(rules, limits, shared),
            Worker::new(rules, limits, shared),
        ];
        for (b, batch) in raw.chunks(BATCH).enumerate() {
            workers[b % 2].take(Work::Lemmas {
                index: b,
                first: b * BATCH,
                len,
                raw: batch.to_vec(),
            });
        }
        workers
    }

    /// The work that ends a test's check of `p` after its `batches` batches: the whole-proof
    /// parts, and no table (the tests hand it over themselves).
    fn finish<'a>(p: &crate::proof::Proof, batches: usize) -> Work<'a> {
        Work::Finish {
            input: p.input.clone(),
            result: p.result.clone(),
            steps: p.steps.clone(),
            play: p.play,
            lemmas: p.lemmas.len(),
            batches,
            table: Box::default(),
        }
    }

    /// `p` judged by two checkers fed by hand as two checker threads are: batch `b` parsed
    /// and checked by checker `owner(b)`, its statements published for the other, the main
    /// chain checked by the first; every batch parsed and published first, then the second
    /// checker checks all its batches before the first checks any, as if its thread ran far
    /// ahead.
    fn judged_by_two(
        p: &crate::proof::Proof,
        rules: &RuleSet,
        owner: impl Fn(usize) -> usize,
    ) -> Result<(), CheckError> {
        let text = p.to_json();
        let raw = raw_lemmas(&text);
        let limits = CheckLimits::default();
        let shared = Shared::new(&text, true);
        {
            let mut t = shared.tables.lock().unwrap();
            t.origin = Some(Arc::new(p.terms.clone()));
        }
        let mut workers = [
            Worker::new(rules, &limits, &shared),
            Worker::new(rules, &limits, &shared),
        ];
        let len = p.terms.len();
        let mut parsed: [Vec<Parsed>; 2] = [Vec::new(), Vec::new()];
        for (b, batch) in raw.chunks(BATCH).enumerate() {
            let first = b * BATCH;
            let lemmas = workers[owner(b)].parse(first, len, batch).unwrap();
            let claims = lemmas.iter().map(|l| (l.from.clone(), l.to.clone()));
            let claims = Arc::new(claims.collect::<Claims>());
            shared.publish(b, Published::Claims(Arc::clone(&claims)));
            parsed[owner(b)].push((b, first, lemmas, Some(claims)));
        }
        for c in [1, 0] {
            for (b, first, lemmas, claims) in std::mem::take(&mut parsed[c]) {
                workers[c].check_lemmas(b, first, lemmas, claims);
            }
        }
        workers[0].take(finish(p, raw.len().div_ceil(BATCH)));
        let [first, second] = workers;
        earliest([first.verdict, second.verdict].into_iter())
    }

    #[test]
    fn a_forged_lemma_checked_on_the_second_thread_is_refused_as_on_one() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        assert!(p.lemmas.len() > 4 * BATCH);
        let alternate = |b: usize| b % 2;
        assert_eq!(judged_by_two(&p, &rules, alternate), Ok(()));
        // Odd batches are the second checker's; lemmas after the forged one cite it there and
        // on the first checker.
        for k in [BATCH + 3, 3 * BATCH + 10] {
            assert_eq!(alternate(k / BATCH), 1);
            let bad = forged(&p, &[k]);
            let one = bad.check(&rules);
            let e = one.clone().expect_err("a forged lemma");
            assert_eq!(e.lemma, Some(k));
            assert_eq!(judged_by_two(&bad, &rules, alternate), one, "{k}");
            // Everything but the forged lemma's batch on the first checker: the same words.
            let lone = |b: usize| usize::from(b == k / BATCH);
            assert_eq!(judged_by_two(&bad, &rules, lone), one, "{k}");
            // And through the reader, on two and three threads.
            let text = bad.to_json();
            for threads in [2, 3] {
                let (_, v) = read_and_check(&text, &rules, &on(threads)).unwrap();
                assert_eq!(v, one, "{k} on {threads}");
            }
        }
        // A main chain damaged, judged by the first checker while the second checked lemmas.
        let mut bad = p.clone();
        bad.result = Term::integer(7);
        assert_eq!(judged_by_two(&bad, &rules, alternate), bad.check(&rules));
    }

    /// Batches taken while the table is still being read apart are parsed, their statements
    /// published, and kept; once the table is read they are checked in order, a forged lemma
    /// among them refused with the one-thread words, on whichever checker kept it.
    #[test]
    fn batches_parsed_before_the_table_is_read_are_checked_once_it_is() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let k = BATCH + 5;
        let bad = forged(&p, &[k]);
        let one = bad.check(&rules);
        assert_eq!(one.as_ref().err().and_then(|e| e.lemma), Some(k));
        for proof in [&p, &bad] {
            let text = proof.to_json();
            let raw = raw_lemmas(&text);
            let limits = CheckLimits::default();
            let shared = Shared::new(&text, true);
            // The table's read held until the checkers have taken every batch.
            let go = hold_table(proof, &shared);
            let batches = raw.len().div_ceil(BATCH);
            // Fewer than `AHEAD` batches each, so that neither waits for the table.
            assert!(batches < 2 * AHEAD);
            let mut workers = fed_alternately(&rules, &limits, &shared, &raw, proof.terms.len());
            // Nothing checked yet: every batch kept, every statement published.
            assert!(!shared.table_ready());
            let kept: usize = workers.iter().map(|w| w.parsed.len()).sum();
            assert_eq!(kept, batches);
            assert_eq!(shared.published.lock().unwrap().len(), batches);
            assert!(workers
                .iter()
                .all(|w| w.check.is_none() && w.verdict.is_ok()));
            go.send(()).unwrap();
            workers[0].take(finish(proof, batches));
            let [first, second] = workers;
            let verdict = earliest([first.into_verdict(), second.into_verdict()].into_iter());
            assert_eq!(verdict, proof.check(&rules));
        }
    }

    /// A lemma citing itself, the next lemma or a later one of its own batch (whose
    /// statements its checker holds, shared, before it checks them) is refused as on one
    /// thread: the lemma it cites is not proved before it.
    #[test]
    fn a_citation_of_a_lemma_not_yet_checked_in_the_same_batch_is_refused_on_any_threads() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // A citing step of a lemma that is neither first nor last of its batch.
        let (j, i) = (0..p.lemmas.len())
            .filter(|j| j % BATCH != 0 && j % BATCH < BATCH - 4 && j + 4 < p.lemmas.len())
            .find_map(|j| {
                let i = p.lemmas[j].steps.iter().position(|s| s.lemma.is_some())?;
                Some((j, i))
            })
            .expect("a lemma citing another");
        for cited in [j, j + 1, j + 3] {
            let mut bad = p.clone();
            bad.lemmas[j].steps[i].lemma = Some(cited);
            let one = bad.check(&rules);
            let e = one
                .clone()
                .expect_err("a citation of a lemma not yet proved");
            assert_eq!((e.lemma, e.step), (Some(j), i), "{cited}");
            assert!(
                e.reason.contains(&format!(
                    "cites lemma {cited}, which is not proved before it"
                )),
                "{cited}: {}",
                e.reason
            );
            let text = bad.to_json();
            for threads in [1, 2, 3] {
                let (_, v) = read_and_check(&text, &rules, &on(threads)).unwrap();
                assert_eq!(v, one, "{cited} on {threads}");
            }
        }
    }

    /// While the table is still read apart, a checker checks the lemmas it keeps over the
    /// table's first entries as far as each reads only those (the early check), and leaves
    /// the rest, a forged lemma among those it could check included, to the check over the
    /// whole table, which goes on from there: the verdict and its words are the one-thread
    /// check's, wherever the forged lemma is.
    #[test]
    fn lemmas_checked_over_the_tables_first_entries_are_judged_as_over_the_whole_table() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let len = p.terms.len();
        let first = len / 2;
        // The lemmas that name only the first entries: more than a batch of them first, as
        // lemmas come in about the order of the entries they name, and not all.
        let what = &String::new;
        let reads = |l: &Lemma| {
            refs_within(&l.from, first, what).is_ok()
                && refs_within(&l.to, first, what).is_ok()
                && l.steps
                    .iter()
                    .all(|s| step_refs_within(s, first, what).is_ok())
        };
        let early = p.lemmas.iter().take_while(|l| reads(l)).count();
        let eligible = p.lemmas.iter().filter(|l| reads(l)).count();
        assert!(early > BATCH && early + BATCH < p.lemmas.len(), "{early}");
        let mut proofs = vec![(p.clone(), None)];
        for k in [3, BATCH + 1, early / 2, early + 2] {
            proofs.push((forged(&p, &[k]), Some(k)));
        }
        for (proof, bad) in &proofs {
            let one = proof.check(&rules);
            assert_eq!(one.as_ref().err().and_then(|e| e.lemma), *bad);
            let text = proof.to_json();
            let raw = raw_lemmas(&text);
            let limits = CheckLimits::default();
            let shared = Shared::new(&text, true);
            let go = hold_table(proof, &shared);
            let views = proof.terms.views()[..first].to_vec();
            let part = TermTable::from_views_backwards(views).unwrap();
            *shared.early.0.lock().unwrap() = EarlyTable::Ready(Arc::new(part));
            let batches = raw.len().div_ceil(BATCH);
            assert!(batches < 2 * AHEAD);
            let mut workers = fed_alternately(&rules, &limits, &shared, &raw, len);
            // Checked before the table is read: lemmas from the first on, short of those
            // naming later entries (and of a forged one, which the early check leaves).
            assert!(!shared.table_ready());
            let kept: usize = workers
                .iter()
                .map(|w| w.parsed.iter().map(|k| k.lemmas.len()).sum::<usize>())
                .sum();
            let checked = raw.len() - kept;
            assert!(
                checked > 0 && checked <= eligible,
                "{checked} of {}",
                raw.len()
            );
            if bad.is_none_or(|k| k > 2 * BATCH) {
                assert!(checked >= BATCH, "{checked}");
            }
            assert!(workers
                .iter()
                .all(|w| w.check.is_none() && w.verdict.is_ok()));
            go.send(()).unwrap();
            workers[0].take(finish(proof, batches));
            let [a, b] = workers;
            let verdict = earliest([a.into_verdict(), b.into_verdict()].into_iter());
            assert_eq!(verdict, one, "{bad:?}");
        }
    }

    /// A checker keeps at most [`AHEAD`] batches parsed while the table is read apart, then
    /// waits for it (no more batches published meanwhile); the verdict once the table is read
    /// is the one-thread check's, a forged lemma among those kept included.
    #[test]
    fn a_checker_parses_at_most_ahead_batches_before_the_table_is_read() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // One lemma a batch, so that the proof has many more batches than `AHEAD`.
        assert!(p.lemmas.len() > 2 * AHEAD);
        let k = AHEAD / 2;
        let bad = forged(&p, &[k]);
        assert_eq!(bad.check(&rules).err().and_then(|e| e.lemma), Some(k));
        for proof in [&p, &bad] {
            let text = proof.to_json();
            let raw = raw_lemmas(&text);
            let limits = CheckLimits::default();
            let shared = Shared::new(&text, true);
            let go = hold_table(proof, &shared);
            let len = proof.terms.len();
            let published = || shared.published.lock().unwrap().len();
            let verdict = std::thread::scope(|s| {
                let feeder = s.spawn(|| {
                    let mut worker = Worker::new(&rules, &limits, &shared);
                    let mut most = 0;
                    for (b, lemma) in raw.iter().enumerate() {
                        worker.take(Work::Lemmas {
                            index: b,
                            first: b,
                            len,
                            raw: vec![*lemma],
                        });
                        most = most.max(worker.parsed.len());
                    }
                    worker.take(finish(proof, raw.len()));
                    (most, worker.into_verdict())
                });
                // The feeder parses `AHEAD` batches, then waits for the table: however long
                // it is given, it publishes no more.
                let start = std::time::Instant::now();
                while published() < AHEAD && start.elapsed().as_secs() < 120 {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                std::thread::sleep(std::time::Duration::from_millis(200));
                assert_eq!(published(), AHEAD);
                assert!(!shared.table_ready());
                go.send(()).unwrap();
                feeder.join().unwrap()
            });
            // Seen between takes: the `AHEAD`-th batch is checked, with the rest, as it comes.
            assert_eq!(verdict.0, AHEAD - 1);
            assert_eq!(verdict.1, proof.check(&rules));
        }
    }

    /// A table that is no table, read apart while the lemmas after it are read and parsed
    /// (one of them not a proof's lemma either): the table's error, the one a single thread
    /// gives, on any number of threads.
    #[test]
    fn a_bad_table_read_apart_is_the_files_error_before_any_lemma() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let text = p.to_json();
        let views = p.terms.views();
        let last = views.len() - 1;
        let quoted = |t: &Term| serde_json::to_string(&t.to_string()).unwrap();
        // The last entry made a repeat of the first; the text's first mention of each entry
        // is in the table, written first.
        let at = text.find(&quoted(&views[last])).unwrap();
        assert!(at < text.find("\"lemmas\"").unwrap());
        let mut bad = text.clone();
        bad.replace_range(at..at + quoted(&views[last]).len(), &quoted(&views[0]));
        // And a lemma's side that does not parse.
        let lemma = bad.find("\"lemmas\"").unwrap();
        let from = lemma + bad[lemma..].find("\"from\": \"").unwrap() + "\"from\": \"".len();
        bad.insert_str(from, "{|");
        let one = said(&bad, &rules, 1);
        assert!(
            one.starts_with("not a proof") && one.contains(&format!("term #{last}: repeats")),
            "{one}"
        );
        for threads in [2, 3] {
            assert_eq!(said(&bad, &rules, threads), one, "on {threads}");
        }
        // The table alone damaged: the same.
        let mut table_only = text.clone();
        table_only.replace_range(at..at + quoted(&views[last]).len(), &quoted(&views[0]));
        let one = said(&table_only, &rules, 1);
        assert!(one.contains(&format!("term #{last}: repeats")), "{one}");
        assert_eq!(said(&table_only, &rules, 2), one);
    }

    /// The checkers share the file's table and intern into tables of their own over it: the
    /// table the caller gets back is the file's, whatever they interned (a lone checker's own
    /// comes back, the file's entries first); and a lemma naming
    /// the entry numbered next, which a checker's own table may hold by then, is no proof's
    /// lemma on any number of threads (it names no entry of the file).
    #[test]
    fn the_shared_table_comes_back_as_read_and_no_lemma_names_a_checkers_own_entry() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let len = p.terms.len() as u32;
        let read = crate::proof::Proof::from_json(&p.to_json()).unwrap().terms;
        for threads in [1, 2, 3] {
            let (file, verdict) = read_and_check(&p.to_json(), &rules, &on(threads)).unwrap();
            assert_eq!(verdict, Ok(()));
            let first = file.terms.views().get(..read.len());
            assert_eq!(first, Some(read.views()), "on {threads}");
            if threads > 1 {
                assert_eq!(file.terms, read, "on {threads}");
            }
        }
        // A checker interns while it checks (sameness up to the order of options): its own
        // entries follow the shared table's.
        let mut own = TermTable::over(Arc::new(read.clone()));
        let g = crate::syntax::parse("{2, {1|-1} | {-1|-3}, {3|1}}").unwrap();
        let h = crate::syntax::parse("{{1|-1}, 2 | {3|1}, {-1|-3}}").unwrap();
        assert!(own.same(&g, &h));
        assert!(own.len() as u32 > len);
        for k in [3, BATCH + 3] {
            let mut bad = p.clone();
            bad.lemmas[k].to = Term::Ref(len);
            let text = bad.to_json();
            let want = format!(
                "not a proof: {}",
                crate::proof::Proof::from_json(&text).expect_err("a dangling reference")
            );
            assert!(want.contains(&format!("#{len}")), "{want}");
            for threads in [1, 2, 3] {
                assert_eq!(said(&text, &rules, threads), want, "{k} on {threads}");
            }
        }
    }

    #[test]
    fn the_failure_reported_is_the_first_in_the_file_whichever_thread_finds_it_first() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        // Lemma j on the first checker, lemma k > j on the second, which runs first and so
        // finds k's failure before j is looked at: j is reported, as on one thread.
        let (j, k) = (5, 3 * BATCH + 1);
        let bad = forged(&p, &[k, j]);
        let one = bad.check(&rules);
        assert_eq!(one.clone().map_err(|e| e.lemma), Err(Some(j)));
        assert_eq!(judged_by_two(&bad, &rules, |b| b % 2), one);
        // The other way round (j on the second checker, run first): the second stops at j,
        // and the first, finding k behind j, checks no further.
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

    #[test]
    fn a_lemma_that_is_not_a_proofs_is_reported_where_the_whole_text_reader_reports_it() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let good = p.to_json();
        let lines: Vec<&str> = good.lines().collect();
        let at = |k: usize| {
            let first = lines
                .iter()
                .position(|l| l.trim() == "\"lemmas\": [")
                .unwrap()
                + 1;
            first + k
        };
        let with = |k: usize, edit: &dyn Fn(&str) -> String| {
            let mut ls: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            ls[at(k)] = edit(&ls[at(k)]);
            ls.join("\n")
        };
        // A lemma with no `to`, one whose `steps` is no array, one whose term does not parse:
        // the error of the whole text's reader, with its line and column in the file, on any
        // number of threads.
        let no_to = |l: &str| l.replacen("\"to\": ", "\"tx\": ", 1);
        let steps_a_string = |l: &str| l.replacen("\"steps\": [", "\"steps\": \"x\", \"s\": [", 1);
        let bad_term = |l: &str| l.replacen("\"from\": \"", "\"from\": \"{1|", 1);
        let k = BATCH + 3;
        let whole = |text: &str| {
            let e = crate::proof::Proof::from_json(text).expect_err("not a proof");
            format!("not a proof: {e}")
        };
        for (i, edit) in [
            &no_to as &dyn Fn(&str) -> String,
            &steps_a_string,
            &bad_term,
        ]
        .into_iter()
        .enumerate()
        {
            let text = with(k, edit);
            let want = whole(&text);
            assert!(want.contains("line") || want.contains("lemma"), "{want}");
            for threads in [1, 2, 3] {
                assert_eq!(said(&text, &rules, threads), want, "case {i} on {threads}");
            }
        }
        // Two bad lemmas in different batches: the first in the file is reported, whichever
        // checker finds its error first.
        let bad_first = whole(&with(k, &bad_term));
        let text = {
            let later = with(3 * BATCH + 1, &no_to);
            let mut ls: Vec<String> = later.lines().map(str::to_string).collect();
            ls[at(k)] = bad_term(&ls[at(k)]);
            ls.join("\n")
        };
        for threads in [1, 2, 3] {
            assert_eq!(said(&text, &rules, threads), bad_first, "on {threads}");
        }
    }
}
