//! The search shared by the partizan rulesets: independent parts summed, a transposition table
//! keyed by each part's canonical encoding, and the kernel's canonical values underneath.
//!
//! The walk keeps its own stack (a position many moves deep costs heap, not call stack) and
//! asks the kernel for `{L | R}` once per distinct part, so a value is never a tree: it is the
//! kernel's hash-consed id of the canonical form.

use super::RulesetError;
use crate::kernel::{GameId, Kernel, KernelError};
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// A ruleset as the search sees it.
pub trait Rules {
    /// A position, or a part of one, in whatever encoding the ruleset keys its table by.
    type Pos: Clone + Eq + Hash;
    /// The independent parts of `p` (their values add up to p's), each in its canonical
    /// encoding, with `true` when the part's value is the negative of the encoded position's
    /// (a Domineering region transposed, a Clobber region with its colours swapped). Parts
    /// with value 0 known from the rules alone may be left out.
    fn parts(&self, p: &Self::Pos) -> Vec<(Self::Pos, bool)>;
    /// The positions Left (`left`) or Right can move to from the canonical part `p`.
    fn moves(&self, p: &Self::Pos, left: bool) -> Vec<Self::Pos>;
}

/// A transposition table: canonical part → value, bounded in entries.
pub struct Table<P> {
    map: FxHashMap<P, GameId>,

    max_entries: usize,
    /// How many times the table was full and emptied.
    pub clears: usize,
    /// Parts whose value was worked out (not found in the table).
    pub solved: usize,
}

impl<P: Clone + Eq + Hash> Table<P> {
    /// An empty table holding at most `max_entries` parts; when full it is emptied and refilled,
    /// which costs time, never correctness.
    pub fn new(max_entries: usize) -> Self {
        Table {
            map: FxHashMap::default(),
            max_entries: max_entries.max(1 << 10),
            clears: 0,
            solved: 0,
        }
    }
    /// A table sized by the kernel's budget: as many parts as the kernel may hold games.
    pub fn for_kernel(kernel: &Kernel) -> Self {
        Table::new(kernel.budget().max_games.min(1 << 26))
    }
    /// Parts stored now.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    fn get(&self, p: &P) -> Option<GameId> {
        self.map.get(p).copied()
    }
    fn insert(&mut self, p: P, g: GameId) {
        if self.len() >= self.max_entries {
            self.map.clear();
            self.clears += 1;
        }
        self.map.insert(p, g);
    }
}

/// One part being worked out: its options' positions and the values found so far.
struct Frame<P> {
    part: P,
    options: Vec<P>,
    left_count: usize,
    values: Vec<GameId>,
}

/// The value of position `p`: the sum of its parts' values.
pub fn value<R: Rules>(
    rules: &R,
    p: &R::Pos,
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
) -> Result<GameId, RulesetError> {
    let parts = rules.parts(p);
    for (part, _) in &parts {
        solve(rules, part, table, kernel)?;
    }
    Ok(sum_parts(&parts, table, kernel)?.unwrap_or(kernel.zero()))
}

/// The sum of the parts' values if all are in the table.
fn sum_parts<P: Clone + Eq + Hash>(
    parts: &[(P, bool)],
    table: &Table<P>,
    kernel: &mut Kernel,
) -> Result<Option<GameId>, KernelError> {
    let mut total: Option<GameId> = None;
    for (part, negated) in parts {
        let Some(mut v) = table.get(part) else {
            return Ok(None);
        };
        if *negated {
            v = kernel.neg(v);
        }
        total = Some(match total {
            None => v,
            Some(t) => kernel.add(t, v)?,
        });
    }
    Ok(Some(total.unwrap_or(kernel.zero())))
}

/// Puts the value of the canonical part `root` into the table.
fn solve<R: Rules>(
    rules: &R,
    root: &R::Pos,
    table: &mut Table<R::Pos>,
    kernel: &mut Kernel,
) -> Result<(), RulesetError> {
    if table.get(root).is_some() {
        return Ok(());
    }
    let mut stack = vec![open(rules, root.clone())];
    while let Some(frame) = stack.last_mut() {
        let i = frame.values.len();
        if i == frame.options.len() {
            let (l, r) = frame.values.split_at(frame.left_count);
            let g = kernel.from_options(l, r)?;
            let part = frame.part.clone();
            stack.pop();
            table.solved += 1;
            table.insert(part, g);
            continue;
        }
        let parts = rules.parts(&frame.options[i]);
        match sum_parts(&parts, table, kernel)? {
            Some(v) => {
                frame.values.push(v);
            }
            None => {
                // Some part is missing: work out the first one, then come back to this option.
                if let Some((missing, _)) = parts.into_iter().find(|(q, _)| table.get(q).is_none())
                {
                    stack.push(open(rules, missing));
                }
            }
        }
    }
    Ok(())
}

fn open<R: Rules>(rules: &R, part: R::Pos) -> Frame<R::Pos> {
    let mut options = rules.moves(&part, true);
    let left_count = options.len();
    options.extend(rules.moves(&part, false));
    Frame {
        values: Vec::with_capacity(options.len()),
        part,
        options,
        left_count,
    }
}
