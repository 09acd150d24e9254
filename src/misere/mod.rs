//! Misère play of impartial games: the last player to move **loses**.
//!
//! There is no Sprague–Grundy theory in misère play (seed 002, end of §7): two impartial games
//! G and H are *misère-equal* when G + X and H + X have the same misère outcome for every
//! impartial X, and a game is equal to a nim heap only rarely. What survives is Conway's
//! canonical theory (ONAG ch. 12; Winning Ways ch. 13; Siegel, *Combinatorial Game Theory*
//! ch. V.1), which this module implements:
//!
//! - **Simplification** (the Grundy–Smith rule with Conway's proviso, `rules/misere.rules`):
//!   let G have options already in simplest form, and let H be a simplest form whose options
//!   are some of G's, such that every other option of G has H as an option. Then G = H —
//!   *provided that*, when H = 0, some option of G is a misère P-position (the **proviso**:
//!   without it {*2} would equal 0, but {*2} is a P-position and 0 is not).
//! - **Simplest form**: a game to which no such deletion applies is in simplest form, and two
//!   simplest forms are equal as games only if they are identical (Conway). So the simplest
//!   form is canonical, and misère equality is identity of canonical ids here.
//!
//! Canonical forms are hash-consed: a [`MId`] is an index into [`Misere`]'s arena, options are
//! stored sorted by id, and two ids are equal exactly when the games are misère-equal. Sums
//! and mates are memoised. The arena is bounded by the caller's [`Budget`] (games interned,
//! deadline, cancel flag), so a sum that explodes stops with [`KernelError::Limit`].
//!
//! Its parts: the arena of simplest forms here (a nim heap interned as it stands, being its
//! own simplest form); `parts` (Conway's partitions: mates, differences), `link`
//! (distinguishers built as in Conway's proofs), `notation` (CGSuite's `*[…]`), `props` (genus,
//! phyla), `heaps` (heaps of octal games), `quotient` and `presentation` (misère quotients of
//! heap games, checked on an automaton, compared with MisereSolver's stored sweep in
//! `tests/data/misere_solver_sweep.tsv`, and their presentations and multiplication grids),
//! `sweep` (many codes' quotients shared out among threads, one thread a code, answers in the
//! codes' order whatever the threads),
//! `partizan` (misère outcomes of partizan forms and positions by search, a sum as the
//! multiset of its parts), `derive` (derivations step by step: the order only, each rule
//! instance found by the `Reducer` its caller gives, `eval::misere`). docs/MISERE.md says
//! what is computed and what is not.

pub mod derive;
pub mod heaps;
pub mod link;
pub mod notation;
pub mod partizan;
pub mod parts;
pub mod presentation;
pub mod props;
pub mod quotient;
pub mod sweep;

use crate::kernel::{Budget, KernelError};
use std::collections::HashMap;

/// A misère canonical form: an index into [`Misere`]'s arena. Equal ids are equal games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MId(pub(crate) u32);

/// One stored simplest form and what is known of it at once.
#[derive(Clone, Debug)]
struct Node {
    /// Its options, simplest forms, sorted by id, no repeats.
    options: Box<[MId]>,
    /// The day it is born: 0 for 0, else one more than its latest option.
    birthday: u32,
    /// Its normal-play nim-value G⁺ (mex of the options').
    gplus: u32,
    /// Its misère nim-value G⁻: 1 for 0, else the mex of the options' (0 exactly for a misère
    /// P-position).
    gminus: u32,
}

/// The arena of misère canonical forms, with memos.
pub struct Misere {
    nodes: Vec<Node>,
    index: HashMap<Box<[MId]>, MId>,
    sums: HashMap<(MId, MId), MId>,
    mates: HashMap<MId, MId>,
    /// Each even game's pairs of even parts (see [`parts`]).
    partitions: HashMap<MId, Vec<MId>>,
    heaps: Vec<MId>,
    budget: Budget,
    work: u64,
}

/// Opaque: an arena of misère forms and its memos.
impl std::fmt::Debug for Misere {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Misere").finish_non_exhaustive()
    }
}

/// The misère outcome of an impartial game: who wins when the last mover loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MisereOutcome {
    /// The player to move wins.
    N,
    /// The player who just moved wins.
    P,
}

impl Default for Misere {
    fn default() -> Self {
        Misere::new(Budget::default())
    }
}

impl Misere {
    /// An arena holding only 0, under this budget (deadline, cancel flag, most games).
    pub fn new(budget: Budget) -> Self {
        let mut m = Misere {
            nodes: Vec::new(),
            index: HashMap::new(),
            sums: HashMap::new(),
            mates: HashMap::new(),
            partitions: HashMap::new(),
            heaps: Vec::new(),
            budget,
            work: 0,
        };
        m.nodes.push(Node {
            options: Box::new([]),
            birthday: 0,
            gplus: 0,
            gminus: 1,
        });
        m.index.insert(Box::new([]), MId(0));
        m.heaps.push(MId(0));
        m
    }

    /// The game 0 (no options).
    pub fn zero(&self) -> MId {
        MId(0)
    }

    /// The budget this arena works under (a caller doing work for it, such as opening
    /// ruleset positions on a kernel, works under the same).
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The units of work counted so far (forms simplified, rules tried at them, P-position
    /// questions answered, games and sums made): what a misère derivation's gate records (`tests/work_gate.rs`),
    /// as it grows when the derivation searches more for the same proof.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// Counts a unit of work and checks the budget every 256 units.
    pub(crate) fn tick(&mut self) -> Result<(), KernelError> {
        self.work += 1;
        if !self.work.is_multiple_of(256) {
            return Ok(());
        }
        self.budget.check()?;
        Ok(())
    }

    /// The options of `g` (simplest forms, sorted by id).
    pub fn options(&self, g: MId) -> &[MId] {
        &self.nodes[g.0 as usize].options
    }

    /// The birthday of `g`'s simplest form.
    pub fn birthday(&self, g: MId) -> u32 {
        self.nodes[g.0 as usize].birthday
    }

    /// The normal-play nim-value G⁺ of `g` (its Sprague–Grundy value).
    pub fn gplus(&self, g: MId) -> u32 {
        self.nodes[g.0 as usize].gplus
    }

    /// The misère nim-value G⁻ of `g`: 1 for 0, else the mex of its options'.
    pub fn gminus(&self, g: MId) -> u32 {
        self.nodes[g.0 as usize].gminus
    }

    /// The misère outcome of `g`: P exactly when G⁻ = 0.
    pub fn outcome(&self, g: MId) -> MisereOutcome {
        if self.gminus(g) == 0 {
            MisereOutcome::P
        } else {
            MisereOutcome::N
        }
    }

    /// Whether `g` has `h` among its options.
    pub fn has_option(&self, g: MId, h: MId) -> bool {
        self.options(g).binary_search(&h).is_ok()
    }

    /// An error when the arena holds as many forms as the budget allows (or ids can name).
    fn room(&self) -> Result<(), KernelError> {
        if self.nodes.len() >= self.budget.max_games.min(u32::MAX as usize - 1) {
            let most = self.budget.max_games;
            return Err(limit(&format!("more than {most} misère canonical forms")));
        }
        Ok(())
    }

    /// Stores a set of options that is already in simplest form (no deletion applies).
    fn intern(&mut self, options: Vec<MId>) -> Result<MId, KernelError> {
        if let Some(&id) = self.index.get(options.as_slice()) {
            return Ok(id);
        }
        self.room()?;
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let gplus = mex(options.iter().map(|&o| self.gplus(o)));
        let gminus = mex(options.iter().map(|&o| self.gminus(o)));
        Ok(self.store(options, birthday, gplus, gminus))
    }

    /// Stores a simplest form whose birthday and nim-values are known.
    fn store(&mut self, options: Vec<MId>, birthday: u32, gplus: u32, gminus: u32) -> MId {
        let id = MId(self.nodes.len() as u32);
        let options: Box<[MId]> = options.into_boxed_slice();
        self.nodes.push(Node {
            options: options.clone(),
            birthday,
            gplus,
            gminus,
        });
        self.index.insert(options, id);
        id
    }

    /// The simplest form of the impartial game whose options are `options` (each a simplest
    /// form): Conway's misère simplification, as [`Misere::reduction`] finds it.
    pub fn game(&mut self, mut options: Vec<MId>) -> Result<MId, KernelError> {
        self.tick()?;
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.index.get(options.as_slice()) {
            return Ok(id);
        }
        match self.reduction(&options)? {
            Some(h) => Ok(h),
            None => self.intern(options),
        }
    }

    /// The simplest form H that a game with these (simplest, sorted, distinct) options
    /// reduces to by the Grundy–Smith rule, if any: H's options are among them (a proper
    /// subset), every other option has H as an option, and when H = 0 some option is a misère
    /// P-position (Conway's proviso).
    ///
    /// A nonzero H is an option of every option not among its own, and an option O born last
    /// (of greatest birthday) is never among H's: H is an option of some option, so H is born
    /// before it, hence before O, while an option of H is born before H. So the candidates are
    /// O's options alone, not every option's (`*[4000] + *[1]` asked O(n²) candidates of each
    /// of its n sums). The simplest form is unique, so the first H found is the answer; O's
    /// options are tried latest first, where a sum of heaps finds it at once. Each candidate
    /// counts as work, so a wide game stops at the budget.
    pub fn reduction(&mut self, options: &[MId]) -> Result<Option<MId>, KernelError> {
        let Some(&last) = options.iter().max_by_key(|&&o| self.birthday(o)) else {
            return Ok(None);
        };
        // H = 0: every option has 0 as an option, and some option is a P-position.
        if options.iter().all(|&o| self.has_option(o, MId(0)))
            && options.iter().any(|&o| self.gminus(o) == 0)
        {
            return Ok(Some(MId(0)));
        }
        // Read by index: `tick` needs the arena mutably between candidates.
        for i in (0..self.options(last).len()).rev() {
            let h = self.options(last)[i];
            if h == MId(0) {
                continue;
            }
            self.tick()?;
            if self.reduces_to(options, h) {
                return Ok(Some(h));
            }
        }
        Ok(None)
    }

    /// Whether a game with these options reduces to the nonzero simplest form `h`: h's
    /// options are among them, at least one is not, and each of those others has h as an
    /// option.
    pub fn reduces_to(&self, options: &[MId], h: MId) -> bool {
        let hopts = self.options(h);
        if hopts.len() >= options.len() || hopts.iter().any(|x| options.binary_search(x).is_err()) {
            return false;
        }
        options
            .iter()
            .filter(|o| hopts.binary_search(o).is_err())
            .all(|&o| self.has_option(o, h))
    }

    /// The nim heap *n: options *0 … *(n−1), each a simplest form, and none reversible.
    ///
    /// Built by interning each *k as it stands, without looking for a deletion: *k is its
    /// own simplest form (Conway, ONAG ch. 12; docs/MISERE.md). A deletion would need a
    /// simplest form H, an option of some option *j, so H = *i with i < j < k, such that
    /// every option of *k not among H's has H as an option; but *i is an option of *k, not
    /// one of H's own (*0 … *(i−1)), and does not have itself as an option. H = 0 fails too
    /// for k ≥ 1, since the option *0 has no option 0. Searching for a deletion anyway cost
    /// O(k³) per heap, `*[400]` 25 s; this is O(k) per heap, the options' copy.
    pub fn heap(&mut self, n: usize) -> Result<MId, KernelError> {
        while self.heaps.len() <= n {
            self.budget.check()?;
            let k = self.heaps.len() as u32;
            let mut opts = self.heaps.clone();
            // Each heap's id is made after its options', so this is already sorted; sorting
            // keeps `intern`'s order whatever the arena held before.
            opts.sort_unstable();
            let h = match self.index.get(opts.as_slice()) {
                Some(&h) => h,
                None => {
                    self.room()?;
                    // Born on day k, G⁺ = k, and G⁻ = k but for 0⁻ = 1 and *⁻ = 0.
                    let gminus = if k < 2 { 1 - k } else { k };
                    self.store(opts, k, k, gminus)
                }
            };
            self.heaps.push(h);
        }
        Ok(self.heaps[n])
    }

    /// The nim heap of this size if `g` is one (its options are exactly *0 … *(b−1)).
    pub fn as_heap(&mut self, g: MId) -> Result<Option<u32>, KernelError> {
        let b = self.birthday(g);
        // *b has b options and G⁺ = b: asked first, so that a game born late (a sum of two
        // large heaps) is not answered by building every heap up to its birthday.
        if self.options(g).len() != b as usize || self.gplus(g) != b {
            return Ok(None);
        }
        let h = self.heap(b as usize)?;
        Ok((h == g).then_some(b))
    }

    /// The misère sum G + H: the simplest form of {G' + H, G + H'}. Misère equality is a
    /// congruence for sums, so adding simplest forms is enough.
    pub fn add(&mut self, g: MId, h: MId) -> Result<MId, KernelError> {
        if g == MId(0) {
            return Ok(h);
        }
        if h == MId(0) {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        self.tick()?;
        let (go, ho) = (self.options(g).to_vec(), self.options(h).to_vec());
        let mut opts = Vec::with_capacity(go.len() + ho.len());
        for x in go {
            opts.push(self.add(x, h)?);
        }
        for y in ho {
            opts.push(self.add(g, y)?);
        }
        let s = self.game(opts)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    /// The sum of many games.
    pub fn sum(&mut self, parts: &[MId]) -> Result<MId, KernelError> {
        let mut acc = MId(0);
        for &p in parts {
            acc = self.add(acc, p)?;
        }
        Ok(acc)
    }

    /// The mate G⁻ of Conway (Winning Ways ch. 13): the mate of 0 is *, and otherwise the
    /// game whose options are the mates of G's options.
    pub fn mate(&mut self, g: MId) -> Result<MId, KernelError> {
        if g == MId(0) {
            return self.heap(1);
        }
        if let Some(&m) = self.mates.get(&g) {
            return Ok(m);
        }
        let opts = self.options(g).to_vec();
        let mut out = Vec::with_capacity(opts.len());
        for o in opts {
            out.push(self.mate(o)?);
        }
        let m = self.game(out)?;
        self.mates.insert(g, m);
        Ok(m)
    }

    /// Whether `g` is *odd*: G + * is born earlier than G (CGSuite's even/odd: "G is even if
    /// it has lower birthday than G + *"). 0 is even.
    pub fn is_odd(&mut self, g: MId) -> Result<bool, KernelError> {
        let star = self.heap(1)?;
        let s = self.add(g, star)?;
        Ok(self.birthday(s) < self.birthday(g))
    }

    /// The even part of `g`: g itself when even, else g + *.
    pub fn even_part(&mut self, g: MId) -> Result<MId, KernelError> {
        if self.is_odd(g)? {
            let star = self.heap(1)?;
            self.add(g, star)
        } else {
            Ok(g)
        }
    }
}

/// The least natural number not among `xs`.
pub fn mex(xs: impl IntoIterator<Item = u32>) -> u32 {
    let mut seen: Vec<u32> = xs.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0;
    for s in seen {
        if s == m {
            m += 1;
        } else if s > m {
            break;
        }
    }
    m
}

fn limit(which: &str) -> KernelError {
    KernelError::Limit {
        which: which.to_string(),
    }
}

#[cfg(test)]
mod tests;
