//! Checking a large proof's lemmas while the composer is still making the rest.
//!
//! The composer is one thread and the check of its proof came after it; on two cores the
//! second one sat idle through the composition. A lemma's check needs only the lemmas before
//! it and the table entries its terms name, which all exist when the composer finishes the
//! lemma (the table only grows, and its entries never change). So once a proof is large
//! enough to be worth it, each finished lemma goes, with the table entries made since the last
//! one, to a checker thread that holds its own copy of the table and its own interpreter, and
//! runs the same `check_chain` on it, in order, as [`Proof::check`](super::Proof::check) would;
//! the main chain follows when the composition is done. The verdict is that of checking the
//! finished proof: the same lemmas, the same table entries with the same numbers, the same
//! order.
//!
//! The checker thread owns the lemmas from then on and hands them back a batch at a time as
//! it is done with them. The composer leaves the words of these lemmas' steps unwritten; they
//! are written, with each lemma's line of the file, on a third thread ([`Writer`]) that the
//! composer passes each batch on to. The words and lines were a third of the composer's
//! thread's work (Σ_{k≤12} {k|−k}: 217 of its 661 million instructions) while the checker
//! thread idled half the run; on their own thread they take whichever core is free.

use super::check::{check_lemma, check_main_chain, CheckError};
use super::matcher::TermRules;
use super::table::{renumber, renumber_in_place};
use super::{Lemma, Step, TermTable};
use crate::definitional::inequality::{Memo, MAX_WORK};
use crate::rules::RuleSet;
use crate::term::Term;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;

/// The composer starts the checker thread once its lemmas hold this many steps: the proofs
/// whose tables are not compacted (see `Proof::tidied`), so the numbers checked are the
/// numbers returned.
pub(crate) const PIPELINE_FROM_STEPS: usize = super::COMPACT_UP_TO + 1;

/// Lemmas sent at a time. A message a lemma would cost more than the lemma's check. The
/// checker and the writer share a core and often catch up with the composer, then sleep
/// until the next batch wakes them: at eight lemmas a batch that was some 1,300 voluntary
/// context switches of Σ_{k≤12} {k|−k}'s 3,399 lemmas (kernel time on both cores); at 32,
/// about 440. The last batch is checked after the composition ends, but beside the
/// composer's own last work (the file's head and the final claim, some 10 million
/// instructions at Σ_{k≤12} {k|−k}, against about a million for 32 lemmas' check and lines).
const BATCH: usize = 32;

/// What the checker thread is sent, in order.
enum Work {
    /// Table entries made since the last message (in the composer's order, so with the
    /// composer's numbers), then lemmas to check.
    Lemmas(Views, Vec<Lemma>),
    /// The last entries, and the main chain from `input` to `result`.
    Finish(Views, Term, Term, Vec<Step>),
}

/// Table entries with the hashes the composer's table keeps for them (`TermTable::hashes`):
/// while the checker's numbers are the composer's, a view is entered there without hashing it
/// again (Σ_{k≤20} {k|−k}: 48 million of the checker's instructions). Fewer hashes than views
/// (none, in the tests) leaves the rest to be hashed.
type Views = (Vec<Term>, Vec<u64>);

/// The checker thread's verdict; the lemmas come back batch by batch ([`Feed::returned`]).
type Verdict = Result<(), CheckError>;

/// The lemmas (all of them, checked or not) and the verdict.
type Outcome = (Settled, Verdict);

/// The most batches the [`Writer`] may be behind before the composer waits for it: the
/// lemmas it has not written yet hold all their steps, and on a loaded machine (three threads
/// on two cores) an unbounded queue of them made the peak memory of Σ_{k≤30} {k|−k} grow.
/// 16 batches of [`BATCH`] lemmas: the same 512 lemmas as 64 batches of eight were.
const WRITER_BEHIND: usize = 16;

/// The most batches the checker thread may be behind before the composer waits for it. The
/// lemmas sent and not yet checked hold all their steps, and the queue of them had no bound:
/// on a loaded machine (load 6), one run of Σ_{k≤30} {k|−k} of seven peaked at 961 MB against
/// 646–705 MB for the rest, its fastest (the composer had a core to itself, while the checker
/// and the writer shared the other); such a queue is the likeliest cause, not a proven one.
/// 32 batches are 1,024 lemmas. Waiting, the composer leaves its core to the other two.
const CHECKER_BEHIND: usize = 32;

/// The thread that writes the words of the lemmas handed back (and, for the file, their
/// lines), in the order they come: the same text, in the same order, as writing them on the
/// composer's thread gave.
struct Writer {
    /// `None` once the last batch is sent.
    tx: Option<mpsc::SyncSender<Vec<Lemma>>>,
    /// `None` once joined.
    thread: Option<JoinHandle<Settled>>,
}

impl Writer {
    fn start(rules: &RuleSet, lines: bool) -> Writer {
        let rules = rules.clone();
        let (tx, rx) = mpsc::sync_channel::<Vec<Lemma>>(WRITER_BEHIND);
        let thread = std::thread::spawn(move || {
            let mut settled = Settled {
                lemmas: Vec::new(),
                lines: lines.then(Vec::new),
                written: 0,
                chunk: crate::proof::json::CHUNK,
            };
            for batch in rx {
                settled.take(batch, &rules);
            }
            settled
        });
        Writer {
            tx: Some(tx),
            thread: Some(thread),
        }
    }

    /// None: what [`Feed::finish`] leaves in the feed it takes the writer from.
    fn idle() -> Writer {
        Writer {
            tx: None,
            thread: None,
        }
    }

    /// Hands a batch over. A closed channel means the thread is gone; `finish` says so.
    fn send(&self, batch: Vec<Lemma>) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(batch);
        }
    }

    /// All the lemmas, their words (and lines) written; `None` if the thread stopped.
    fn finish(mut self) -> Option<Settled> {
        drop(self.tx.take());
        self.thread.take()?.join().ok()
    }
}

/// The composer's end of a running check.
pub(crate) struct Feed {
    tx: mpsc::SyncSender<Work>,
    /// `None` once finished.
    thread: Option<JoinHandle<()>>,
    /// The checker thread's verdict, sent before it frees its table and memo.
    verdict: mpsc::Receiver<Verdict>,
    /// The lemmas, handed back in order as the checker thread is done with them.
    returned: mpsc::Receiver<Vec<Lemma>>,
    /// Set when the composer gives up (a limit, an error): the thread then stops checking.
    abandoned: Arc<AtomicBool>,
    /// Table entries sent so far.
    views_sent: usize,
    /// Lemmas handed over so far (sent or in `batch`).
    lemmas: usize,
    batch: Vec<Lemma>,
    /// Writes the words of the lemmas handed back so far.
    writer: Writer,
}

/// The lemmas the checker thread has handed back, in order, with the words of their steps
/// written; for `simplify --format json`, each one's line of the file instead (nothing of the
/// lemma is kept once its line is written). Taken as they come back, while the composer works
/// ([`Writer`]), so that the lemmas checked are not all held until the end (Σ_{k≤30}
/// {k|−k}: hundreds of megabytes of steps; their statements alone, kept beside the lines,
/// were 73 MB of its peak, a second copy of those the checker thread holds for citations).
pub(crate) struct Settled {
    /// The lemmas, when the file is not being written.
    pub lemmas: Vec<Lemma>,
    /// The lines, when the file is being written: in chunks of many, each line after its
    /// separator (`json::push_line_worded`), as `Proof::with_head` takes them.
    pub lines: Option<Vec<String>>,
    /// How many lines `lines` holds.
    written: usize,
    /// The size `lines` are allocated in ([`crate::proof::json::CHUNK`]; smaller in tests).
    chunk: usize,
}

impl Settled {
    fn take(&mut self, batch: Vec<Lemma>, rules: &RuleSet) {
        for mut l in batch {
            match self.lines.as_mut() {
                // The words go straight into the line, and the lemma is freed once it is
                // written.
                Some(lines) => {
                    crate::proof::json::push_line_worded(
                        lines,
                        self.written,
                        &l,
                        rules,
                        self.chunk,
                    );
                    self.written += 1;
                }
                None => {
                    super::explain::chained(&l.from, &mut l.steps);
                    super::explain::write_reasons(&mut l.steps, rules);
                    self.lemmas.push(l);
                }
            }
        }
    }
}

impl Feed {
    /// Starts a checker thread with `rules`, handing it the lemmas made so far; with `lines`,
    /// each lemma's line of the file is written as it comes back (see [`Settled`]).
    pub(crate) fn start(
        rules: &RuleSet,
        lemmas: Vec<Lemma>,
        table: &TermTable,
        lines: bool,
    ) -> Feed {
        let ours = rules.clone();
        let (tx, rx) = mpsc::sync_channel::<Work>(CHECKER_BEHIND);
        let abandoned = Arc::new(AtomicBool::new(false));
        let gone = abandoned.clone();
        let (back_tx, returned) = mpsc::channel::<Vec<Lemma>>();
        let (verdict_tx, verdict) = mpsc::channel::<Verdict>();
        let thread = std::thread::spawn(move || check_all(&ours, rx, &gone, back_tx, &verdict_tx));
        let mut feed = Feed {
            tx,
            thread: Some(thread),
            verdict,
            returned,
            abandoned,
            views_sent: 0,
            lemmas: 0,
            batch: Vec::with_capacity(BATCH),
            writer: Writer::start(rules, lines),
        };
        for l in lemmas {
            feed.lemma(l, table);
        }
        feed
    }

    /// How many lemmas the checker has been handed.
    pub(crate) fn len(&self) -> usize {
        self.lemmas
    }

    /// The next lemma, its table entries in `table`; the lemmas checked since the last
    /// batch are passed on to the [`Writer`].
    pub(crate) fn lemma(&mut self, l: Lemma, table: &TermTable) {
        self.lemmas += 1;
        self.batch.push(l);
        if self.batch.len() >= BATCH {
            self.flush(table);
            while let Ok(batch) = self.returned.try_recv() {
                self.writer.send(batch);
            }
        }
    }

    fn new_views(&mut self, table: &TermTable) -> Views {
        let from = self.views_sent.min(table.len());
        let views = table.views()[from..].to_vec();
        let hashes = table.hashes()[from..].to_vec();
        self.views_sent = table.len();
        (views, hashes)
    }

    fn flush(&mut self, table: &TermTable) {
        let views = self.new_views(table);
        // The next batch has its room at once: grown a lemma at a time, it was four
        // allocations and copies a batch.
        let lemmas = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        // A closed channel means the thread is gone; `finish` reports why.
        let _ = self.tx.send(Work::Lemmas(views, lemmas));
    }

    /// Sends the last lemmas and the main chain. The verdict is [`Finishing::wait`]'s: the
    /// caller can free what it no longer needs while the last lemmas are checked.
    pub(crate) fn finish(
        mut self,
        table: &TermTable,
        input: &Term,
        result: &Term,
        steps: &[Step],
    ) -> Finishing {
        self.flush(table);
        let views = self.new_views(table);
        let _ = self.tx.send(Work::Finish(
            views,
            input.clone(),
            result.clone(),
            steps.to_vec(),
        ));
        let (tx, _) = mpsc::sync_channel(0);
        drop(std::mem::replace(&mut self.tx, tx));
        let (_, returned) = mpsc::channel();
        let (_, verdict) = mpsc::channel();
        Finishing {
            handed: self.lemmas,
            thread: self.thread.take(),
            verdict: std::mem::replace(&mut self.verdict, verdict),
            returned: std::mem::replace(&mut self.returned, returned),
            writer: std::mem::replace(&mut self.writer, Writer::idle()),
        }
    }
}

/// A check sent everything, finishing on its thread.
pub(crate) struct Finishing {
    /// How many lemmas the checker was handed: as many come back, and are settled.
    handed: usize,
    thread: Option<JoinHandle<()>>,
    verdict: mpsc::Receiver<Verdict>,
    returned: mpsc::Receiver<Vec<Lemma>>,
    writer: Writer,
}

impl Finishing {
    /// Waits for the verdict: all the lemmas, in order, and whether they and the main chain
    /// check. The composer left the words of the lemmas it sent here unwritten: the
    /// [`Writer`] writes them as the lemmas come back (see `explain::write_reasons`).
    ///
    /// The checker thread is not waited for: it sends its verdict once it is done with the
    /// lemmas, then frees its table and memo (Σ_{k≤20} {k|−k}: 23 million instructions at
    /// the end of the run, after the last check) while the file is written. A thread that
    /// stopped before it sent one has failed the check.
    pub(crate) fn wait(mut self) -> Outcome {
        // The channel closes once the checker thread has handed back its last lemmas.
        for batch in self.returned.iter() {
            self.writer.send(batch);
        }
        let stopped = |what: &str| CheckError {
            lemma: None,
            step: 0,
            reason: format!("the {what} stopped unexpectedly"),
            limit: None,
        };
        // Left to end on its own.
        drop(self.thread.take());
        let verdict = self
            .verdict
            .recv()
            .unwrap_or_else(|_| Err(stopped("checker")));
        match std::mem::replace(&mut self.writer, Writer::idle()).finish() {
            Some(settled) => {
                let kept = if settled.lines.is_some() {
                    settled.written
                } else {
                    settled.lemmas.len()
                };
                let verdict = if kept == self.handed {
                    verdict
                } else {
                    verdict.and(Err(stopped("writer of the lemmas' words")))
                };
                (settled, verdict)
            }
            // The lemmas went with the thread: there is no proof to return, whatever the
            // check said.
            None => (
                Settled {
                    lemmas: Vec::new(),
                    lines: None,
                    written: 0,
                    chunk: crate::proof::json::CHUNK,
                },
                verdict.and(Err(stopped("writer of the lemmas' words"))),
            ),
        }
    }
}

impl Drop for Feed {
    /// A feed dropped before `finish` belongs to a composition that failed: the thread is
    /// told to stop checking, and ends when the channel closes.
    fn drop(&mut self) {
        if self.thread.is_some() {
            self.abandoned.store(true, Relaxed);
        }
    }
}

/// The checker thread: every lemma in order against those before it, then the main chain.
/// After a failure, or once abandoned, it only collects what it is sent. The lemmas go back
/// through `returned`, which closes before the verdict is sent to `done`; what the check
/// built is freed after both.
///
/// The thread's table is its own: deciding whether two terms are the same adds entries to it
/// (options in a fixed order) that the composer's table does not have, so the composer's
/// entries get other numbers here. Each one is entered with its references translated
/// (`map`: the composer's number to this table's); each lemma has its references translated
/// in place the same way, is checked, and is translated back, so the composer's lemmas are
/// handed back as they came, and no second copy of them is made. Until this table numbers an
/// entry of its own, the numbers are the composer's and nothing is translated.
fn check_all(
    rules: &RuleSet,
    rx: mpsc::Receiver<Work>,
    abandoned: &AtomicBool,
    returned: mpsc::Sender<Vec<Lemma>>,
    done: &mpsc::Sender<Verdict>,
) {
    let mut interp = TermRules::with_memo(rules, TermTable::new(), Memo::with_budget(MAX_WORK));
    let mut map: Vec<u32> = Vec::new();
    // The lemmas' statements in this table's numbers: what a citation is checked against.
    let mut proved: Vec<Lemma> = Vec::new();
    let mut verdict = Ok(());
    // This table's number of each composer's entry, and back.
    let mut back: Vec<u32> = Vec::new();
    // Whether every entry so far has the composer's number here too (`map` and `back` are
    // the identity): this table numbers an entry of its own only where a comparison needs
    // one, and until it does, translating a lemma one way and back changes nothing (a tenth
    // of this thread's work at Σ_{k≤20} {k|−k}, where it never does).
    let mut same = true;
    let add = |interp: &mut TermRules,
               map: &mut Vec<u32>,
               back: &mut Vec<u32>,
               same: &mut bool,
               (views, hashes): Views| {
        for (i, mut v) in views.into_iter().enumerate() {
            let here = match hashes.get(i) {
                Some(&h) if *same => interp.terms.push_view_hashed(v, h),
                _ => {
                    if !*same {
                        renumber_in_place(&mut v, map);
                    }
                    interp.terms.push_view(v)
                }
            };
            let theirs = map.len() as u32;
            *same &= here == theirs;
            map.push(here);
            if back.len() <= here as usize {
                back.resize(here as usize + 1, u32::MAX);
            }
            back[here as usize] = theirs;
        }
    };
    // A lemma's terms renumbered in place, one way and back.
    let translate_lemma = |l: &mut Lemma, map: &[u32]| {
        renumber_in_place(&mut l.from, map);
        renumber_in_place(&mut l.to, map);
        translate(&mut l.steps, map);
    };
    while let Some(work) = next(&rx) {
        match work {
            Work::Lemmas(views, batch) => {
                add(&mut interp, &mut map, &mut back, &mut same, views);
                let mut batch = batch;
                for l in &mut batch {
                    if verdict.is_ok() && !abandoned.load(Relaxed) {
                        // Checked in this table's numbers, then handed back in the
                        // composer's: the lemma names only the composer's entries. (With
                        // `same`, the numbers are the same.)
                        let translated = !same;
                        if translated {
                            translate_lemma(l, &map);
                        }
                        verdict = check_lemma(&mut interp, rules, &proved[..], l);
                        proved.push(Lemma {
                            from: l.from.clone(),
                            to: l.to.clone(),
                            steps: Vec::new(),
                        });
                        if translated {
                            translate_lemma(l, &back);
                        }
                    }
                }
                // Back to the composer's thread, in order; gone only if it gave up.
                let _ = returned.send(batch);
            }
            Work::Finish(views, input, result, mut steps) => {
                add(&mut interp, &mut map, &mut back, &mut same, views);
                if verdict.is_ok() {
                    if !same {
                        translate(&mut steps, &map);
                    }
                    let (input, result) = (renumber(&input, &map), renumber(&result, &map));
                    verdict =
                        check_main_chain(&mut interp, rules, &proved[..], &input, &result, &steps);
                }
            }
        }
    }
    // A failure names entries as the composer numbered them (those only this table has keep
    // their numbers here).
    let verdict = verdict.map_err(|e| {
        let mut back: Vec<u32> = (0..interp.terms.len() as u32).collect();
        for (theirs, &ours) in map.iter().enumerate() {
            if let Some(b) = back.get_mut(ours as usize) {
                *b = theirs as u32;
            }
        }
        CheckError {
            reason: super::table::renumber_text(&e.reason, &back),
            ..e
        }
    });
    drop(returned);
    // Gone only if the composer gave up. The table, memo and statements are freed after.
    let _ = done.send(verdict);
}

/// The next message, waited for asleep. The checker used to spin for tens of microseconds
/// before sleeping, so as not to be woken for every batch; but it is behind the composer for
/// most of a run (it finds the next batch waiting), and where it is not, the spinning cost it
/// about 3 % of its time for nothing: blocking costs only a wake-up a batch of eight lemmas.
fn next(rx: &mpsc::Receiver<Work>) -> Option<Work> {
    rx.recv().ok()
}

/// The steps' terms with the composer's entry numbers translated to the checker's. (A step's
/// words name entries too, but the checker does not read them.)
fn translate(steps: &mut [Step], map: &[u32]) {
    for s in steps {
        s.edit(&mut |t| renumber_in_place(t, map), &mut |_| {});
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn max_ref(t: &Term) -> Option<u32> {
        match t {
            Term::Ref(n) => Some(*n),
            _ => crate::term::children(t)
                .into_iter()
                .filter_map(max_ref)
                .max(),
        }
    }

    /// The largest entry a lemma names (its steps' terms included).
    fn names(l: &Lemma) -> Option<u32> {
        let mut l = l.clone();
        let mut most = max_ref(&l.from).max(max_ref(&l.to));
        for s in &mut l.steps {
            s.edit(&mut |t| most = most.max(max_ref(t)), &mut |_| {});
        }
        most
    }

    /// The proof's lemmas fed one at a time, each with only the table entries up to the
    /// largest one it or an earlier lemma names (as the composer hands them over), checked
    /// on the checker thread.
    fn fed(p: &crate::proof::Proof, rules: &RuleSet) -> Outcome {
        fed_lines(p, rules, false)
    }

    /// [`fed`], with each lemma's line of the file written as it comes back when `lines`.
    fn fed_lines(p: &crate::proof::Proof, rules: &RuleSet, lines: bool) -> Outcome {
        let views = p.terms.views();
        let upto = |n: usize| TermTable::from_views(views[..n].to_vec()).unwrap();
        let mut feed = Feed::start(rules, Vec::new(), &TermTable::new(), lines);
        let mut need = 0usize;
        for l in &p.lemmas {
            need = need.max(names(l).map_or(0, |n| n as usize + 1));
            feed.lemma(l.clone(), &upto(need));
        }
        feed.finish(&p.terms, &p.input, &p.result, &p.steps).wait()
    }

    /// The lines written as the lemmas come back are each lemma's line written from the
    /// proof itself, and nothing else of the lemmas is kept.
    #[test]
    fn the_lines_written_as_lemmas_come_back_are_the_lemmas_lines() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        assert!(p.checked && p.lemmas.len() > 2 * BATCH);
        let (settled, verdict) = fed_lines(&p, &rules, true);
        assert_eq!(verdict, Ok(()));
        // Each line after a newline, and a comma before all but the first.
        let want: String = p
            .lemmas
            .iter()
            .enumerate()
            .map(|(k, l)| {
                let sep = if k == 0 { "\n    " } else { ",\n    " };
                format!("{sep}{}", crate::proof::json::lemma_line(l))
            })
            .collect();
        assert_eq!(settled.written, p.lemmas.len());
        assert_eq!(settled.lines.map(|c| c.concat()), Some(want.clone()));
        assert!(settled.lemmas.is_empty());
        // In chunks far smaller than the text: many, and the same text.
        let mut small = Settled {
            lemmas: Vec::new(),
            lines: Some(Vec::new()),
            written: 0,
            chunk: 4096,
        };
        small.take(p.lemmas[..5].to_vec(), &rules);
        small.take(p.lemmas[5..].to_vec(), &rules);
        let chunks = small.lines.unwrap_or_default();
        assert!(chunks.len() > 3, "{}", chunks.len());
        assert_eq!(small.written, p.lemmas.len());
        assert_eq!(chunks.concat(), want);
    }

    /// The proof checked on the checker thread as a composer would send it whose entry `m`
    /// repeats entry 0's view: the checker keeps that view once, so from entry `m` on its
    /// numbers are not the composer's and every lemma is translated one way and back (the
    /// composer's own tables never repeat a view; the checker's normal-form entries shift its
    /// numbers so). The verdict: whether it passes, and where it fails.
    fn fed_with_a_repeat(
        p: &crate::proof::Proof,
        rules: &RuleSet,
        m: usize,
    ) -> (bool, Option<(Option<usize>, usize)>) {
        // The composer's numbers with the repeat at m: entries from m on are one later.
        let shift: Vec<u32> = (0..p.terms.len() as u32)
            .map(|n| if n as usize >= m { n + 1 } else { n })
            .collect();
        let mut views: Vec<Term> = p
            .terms
            .views()
            .iter()
            .map(|v| renumber(v, &shift))
            .collect();
        views.insert(m, views[0].clone());
        let mut lemmas = p.lemmas.clone();
        for l in &mut lemmas {
            renumber_in_place(&mut l.from, &shift);
            renumber_in_place(&mut l.to, &shift);
            translate(&mut l.steps, &shift);
        }
        let mut steps = p.steps.clone();
        translate(&mut steps, &shift);
        let (tx, rx) = mpsc::channel();
        let (back_tx, back) = mpsc::channel();
        // Every entry first (the repeat turns the numbers at once), the lemmas in two batches.
        let later = lemmas.split_off(lemmas.len() / 2);
        tx.send(Work::Lemmas((views, Vec::new()), lemmas)).unwrap();
        tx.send(Work::Lemmas((Vec::new(), Vec::new()), later))
            .unwrap();
        let (input, result) = (renumber(&p.input, &shift), renumber(&p.result, &shift));
        tx.send(Work::Finish((Vec::new(), Vec::new()), input, result, steps))
            .unwrap();
        drop(tx);
        let (done, verdict) = mpsc::channel();
        check_all(rules, rx, &AtomicBool::new(false), back_tx, &done);
        let verdict = verdict.recv().unwrap();
        assert_eq!(back.iter().map(|b| b.len()).sum::<usize>(), p.lemmas.len());
        (verdict.is_ok(), verdict.err().map(|e| (e.lemma, e.step)))
    }

    #[test]
    fn a_check_whose_numbers_are_not_the_composers_judges_as_the_whole_proof_check() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let m = p.terms.len() / 3;
        assert!(m > 10);
        assert_eq!(fed_with_a_repeat(&p, &rules, m), (true, None));
        for (ks, bad) in crate::proof::parallel::tests::damaged(&p) {
            let whole = bad.check(&rules).map_err(|e| (e.lemma, e.step));
            assert!(whole.is_err(), "{ks:?}");
            assert_eq!(
                fed_with_a_repeat(&bad, &rules, m),
                (false, whole.err()),
                "{ks:?}"
            );
        }
    }

    #[test]
    fn a_check_fed_lemma_by_lemma_judges_as_the_whole_proof_check() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        assert!(p.checked && p.terms.len() > 100);
        let (settled, verdict) = fed(&p, &rules);
        assert_eq!(settled.lemmas, p.lemmas);
        assert_eq!(verdict, Ok(()));
        // Damage early, late, in two lemmas, in the main chain: the same lemma, step and
        // reason as the whole check.
        for (ks, bad) in crate::proof::parallel::tests::damaged(&p) {
            let whole = bad.check(&rules);
            assert!(whole.is_err(), "{ks:?}");
            assert_eq!(fed(&bad, &rules).1, whole, "{ks:?}");
        }
    }
}
