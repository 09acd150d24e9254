//! The misère checker: every step of a misère proof decided again from the proof's terms
//! alone, by the definitions, never by the misère kernel's reduction (`proof::misere` writes
//! the proofs; this module only reads them).
//!
//! The checker reads terms into a DAG of its own: each distinct form once, hash-consed by its
//! options as written, with its normal form (options as a set, repeats dropped, the game of
//! the heaps below k being the heap *k), its height and its misère outcome found as it is
//! made (a game is a P-position when it has an option and every option is an N-position), so
//! no search recurses down a game's depth. The proof's term table is read entry by entry in
//! order (`#n` refers only to earlier entries, which `TermTable::from_views` enforces), each
//! entry once; a ruleset position is read by the checker's own move generators
//! (`proof::misere_moves`), each position once. Its work is then proportional to the DAG, not
//! to the tree the terms write out.
//!
//! The rules: every step's rule, shipped or a user's, is matched again by the checker's own
//! interpreter of the rule language (`proof::pattern`) against the rule as written in the rule
//! set checked against (else `rules/misere.rules`), at the step's place and agreeing with its
//! witnesses, each condition decided here by the definitions ([`Host`] for [`Checker`]):
//! `P(X)` by the P-positions found as forms are made, `within`, `H in every option of G but S`
//! and `==`/`!=` on normal forms. The rule's result, built from the match, is what the place
//! becomes. Where the step acts: a step that names its G (witness `G`, the place, whether or
//! not the rule binds a `G`) replaces **every** occurrence of G (every subgame equal to it as
//! a form) by the result — misère equality is a congruence, so equal games are
//! interchangeable as options — and G must occur; a step without it acts at its path `at`
//! (option indices as written). Either way the other side must be this side so rewritten,
//! compared as forms.

use super::pattern::{self, Binds, Failure, Got, Host, Kinds, Look};
use super::played::{listed, show, Chain, Stop};
use super::step::{PathElem, Step};
use super::{CheckError, TermTable};
use crate::definitional::check_limits::{CheckLimits, LOOK_EVERY};
use crate::definitional::inequality::Undecided;
use crate::rules::{
    Condition, LeafTemplate, Pattern, Predicate, Rel, Rule, RuleKind, RuleSet, Template,
    TemplateItem, ValueExpr,
};
use crate::term::Term;
use num_traits::ToPrimitive;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The most units of work (forms made, table entries and positions read, forms visited by a
/// rewrite) the check may do for the input and for each step. A step that rewrites every
/// occurrence of G walks the DAG of the whole form once, so a step costs the DAG's size, not
/// only its own nodes: an allowance per step keeps the check linear in the number of steps
/// times the DAG, while no single step, however written, runs unbounded.
pub const MAX_WORK: u64 = 2_000_000;

/// The most distinct forms the checker holds.
const MAX_NODES: usize = 4_000_000;

/// The most moves in a row of a sum the checker writes out (sums recurse that deep).
const MAX_SUM_HEIGHT: usize = 2_000;

/// The largest nim heap a term may write.
const MAX_HEAP: u64 = 4096;

/// The most moves in a row the check follows from a ruleset position (positions are read
/// recursively).
const MAX_POSITION_DEPTH: usize = 500;

/// The most characters of a form written in a message; a deep form's text doubles with each
/// level (both sides list the options), so it is cut there.
const MAX_SHOWN: usize = 400;

/// A form in the checker's DAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct W(u32);

/// A node: a nim heap, or a game of options in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Heap(usize),
    Game(Vec<W>),
}

/// The checker's state: its DAG, its budget of work, the table entries and positions read.
struct Checker<'t> {
    table: &'t TermTable,
    /// The rules the proof is checked against: a step's rule is a `reduce` rule of the group
    /// `misere` there, else in `rules/misere.rules` ([`Checker::rule`]).
    rules: &'t RuleSet,
    /// The rules of `rules/misere.rules`, read once the rules checked against lack a step's.
    shipped: Option<RuleSet>,
    /// Each rule's variables and their kinds, by its name, read once.
    kinds: HashMap<String, std::rc::Rc<Result<Kinds, String>>>,
    /// The first limit reached while matching a rule, where no `Result` reaches.
    limit: Option<String>,
    /// Each normal form's simplest form, once found ([`Checker::simplest`]).
    simplest: HashMap<W, W>,
    nodes: Vec<Node>,
    index: HashMap<Node, W>,
    /// Each node's normal form: a node whose options are normal, sorted and distinct.
    norm: Vec<W>,
    /// Each node's height (the most moves in a row from it).
    height: Vec<usize>,
    /// Whether each node is a misère P-position.
    p: Vec<bool>,
    /// `heaps[n]` is the heap *n, once made.
    heaps: Vec<W>,
    sums: HashMap<(W, W), W>,
    /// The node of each table entry read so far (entries are read in order).
    entries: Vec<W>,
    /// The forms of the ruleset positions read so far, by their calls.
    positions: HashMap<Term, W>,
    /// How many positions are being read, one inside another.
    depth: usize,
    work: u64,
    /// The work allowed so far: [`MAX_WORK`] for the input and as much again per step.
    allowed: u64,
    /// The caller's limits: the deadline, cancel flag and memory looked at every
    /// [`LOOK_EVERY`] units of work, and its work bounding the whole check.
    limits: CheckLimits,
}

/// The check's work is added to its limits' tally as the checker ends
/// (`onag::CheckedFile::work`).
impl Drop for Checker<'_> {
    fn drop(&mut self) {
        self.limits.tally(self.work);
    }
}

impl<'t> Checker<'t> {
    fn new(table: &'t TermTable, rules: &'t RuleSet, limits: &CheckLimits) -> Self {
        Checker {
            table,
            rules,
            shipped: None,
            kinds: HashMap::default(),
            limit: None,
            simplest: HashMap::default(),
            nodes: Vec::new(),
            index: HashMap::default(),
            norm: Vec::new(),
            height: Vec::new(),
            p: Vec::new(),
            heaps: Vec::new(),
            sums: HashMap::default(),
            entries: Vec::new(),
            positions: HashMap::default(),
            depth: 0,
            work: 0,
            allowed: MAX_WORK,
            limits: limits.clone(),
        }
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.work += 1;
        if self.work > self.allowed {
            return Err(Stop::Limit(format!(
                "the misère check's budget of {MAX_WORK} units of work per step"
            )));
        }
        if self.work > self.limits.max_work {
            return Err(Stop::Limit(format!(
                "the caller's budget of {} units of work",
                self.limits.max_work
            )));
        }
        if self.work.is_multiple_of(LOOK_EVERY) {
            self.limits.look().map_err(Stop::Limit)?;
        }
        Ok(())
    }

    // ---------------------------------------------------------------- the DAG

    /// Stores a new node whose normal form is `norm` (itself when `None`).
    fn insert(&mut self, node: Node, norm: Option<W>) -> Result<W, Stop> {
        self.tick()?;
        if self.nodes.len() >= MAX_NODES {
            return Err(Stop::Limit(format!(
                "more than {MAX_NODES} distinct forms in the misère check"
            )));
        }
        let (height, p) = match &node {
            Node::Heap(n) => (*n, *n == 1),
            Node::Game(o) => (
                1 + o
                    .iter()
                    .map(|c| self.height[c.0 as usize])
                    .max()
                    .unwrap_or(0),
                !o.is_empty() && o.iter().all(|c| !self.p[c.0 as usize]),
            ),
        };
        let w = W(self.nodes.len() as u32);
        self.nodes.push(node.clone());
        self.norm.push(norm.unwrap_or(w));
        self.height.push(height);
        self.p.push(p);
        self.index.insert(node, w);
        Ok(w)
    }

    fn heap(&mut self, n: usize) -> Result<W, Stop> {
        while self.heaps.len() <= n {
            let k = self.heaps.len();
            let w = self.insert(Node::Heap(k), None)?;
            self.heaps.push(w);
        }
        Ok(self.heaps[n])
    }

    /// The game whose options are `list`, in this order.
    fn game(&mut self, list: Vec<W>) -> Result<W, Stop> {
        let node = Node::Game(list);
        if let Some(&w) = self.index.get(&node) {
            return Ok(w);
        }
        let Node::Game(list) = node else {
            unreachable!("made as a game just above")
        };
        let mut v: Vec<W> = list.iter().map(|c| self.norm[c.0 as usize]).collect();
        v.sort_unstable();
        v.dedup();
        let k = v.len();
        let normal = if k <= self.heaps.len() && v.iter().zip(&self.heaps).all(|(a, b)| a == b) {
            Some(self.heap(k)?)
        } else if v == list {
            None
        } else {
            match self.index.get(&Node::Game(v.clone())) {
                Some(&w) => Some(w),
                None => Some(self.insert(Node::Game(v), None)?),
            }
        };
        self.insert(Node::Game(list), normal)
    }

    fn options(&self, w: W) -> Vec<W> {
        match &self.nodes[w.0 as usize] {
            Node::Heap(n) => self.heaps[..*n].to_vec(),
            Node::Game(o) => o.clone(),
        }
    }

    fn normal(&self, w: W) -> W {
        self.norm[w.0 as usize]
    }

    fn is_heap(&self, w: W) -> bool {
        matches!(self.nodes[w.0 as usize], Node::Heap(_))
    }

    /// G + H by the definition: the options G' + H, then G + H'.
    fn sum(&mut self, a: W, b: W) -> Result<W, Stop> {
        self.tick()?;
        let zero = self.heap(0)?;
        if a == zero {
            return Ok(b);
        }
        if b == zero {
            return Ok(a);
        }
        if let Some(&s) = self.sums.get(&(a, b)) {
            return Ok(s);
        }
        if self.height[a.0 as usize] + self.height[b.0 as usize] > MAX_SUM_HEIGHT {
            return Err(Stop::Limit(format!(
                "a sum of more than {MAX_SUM_HEIGHT} moves in a row"
            )));
        }
        let mut o = Vec::new();
        for x in self.options(a) {
            o.push(self.sum(x, b)?);
        }
        for y in self.options(b) {
            o.push(self.sum(a, y)?);
        }
        let s = self.game(o)?;
        self.sums.insert((a, b), s);
        Ok(s)
    }

    /// The subform at a path of option indices as written.
    fn at(&self, root: W, path: &[usize]) -> Option<W> {
        let mut cur = root;
        for &i in path {
            cur = *self.options(cur).get(i)?;
        }
        Some(cur)
    }

    /// `root` with the subform at `path` replaced by `by`.
    fn put(&mut self, root: W, path: &[usize], by: W) -> Result<Option<W>, Stop> {
        let mut along = vec![root];
        for &i in path {
            let Some(&next) = self.options(*along.last().unwrap_or(&root)).get(i) else {
                return Ok(None);
            };
            along.push(next);
        }
        let mut cur = by;
        for (k, &i) in path.iter().enumerate().rev() {
            let mut o = self.options(along[k]);
            o[i] = cur;
            cur = self.game(o)?;
        }
        Ok(Some(cur))
    }

    /// `root` with every subform whose normal form is `g` replaced by `h`, and whether there
    /// was one. Each node of the DAG is visited once, children before parents (a node is made
    /// after its options, so in the order of ids), with no recursion.
    fn replace_all(&mut self, root: W, g: W, h: W) -> Result<(W, bool), Stop> {
        let gh = self.height[g.0 as usize];
        let g_heap = self.is_heap(g);
        let mut seen = HashSet::default();
        let mut order = Vec::new();
        let mut stack = vec![root];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            self.tick()?;
            order.push(x);
            // A form no taller than G contains G only by being it; a heap's options are heaps.
            if self.normal(x) == g
                || self.height[x.0 as usize] <= gh
                || (self.is_heap(x) && !g_heap)
            {
                continue;
            }
            stack.extend(self.options(x));
        }
        order.sort_unstable();
        let mut map: HashMap<W, W> =
            HashMap::with_capacity_and_hasher(order.len(), Default::default());
        let mut replaced = false;
        for x in order {
            let r = if self.normal(x) == g {
                replaced = true;
                h
            } else if self.height[x.0 as usize] <= gh || (self.is_heap(x) && !g_heap) {
                x
            } else {
                let o = self.options(x);
                let new: Vec<W> = o
                    .iter()
                    .map(|c| map.get(c).copied().unwrap_or(*c))
                    .collect();
                if new == o {
                    x
                } else {
                    self.game(new)?
                }
            };
            map.insert(x, r);
        }
        Ok((map.get(&root).copied().unwrap_or(root), replaced))
    }

    // ---------------------------------------------------------------- reading terms

    /// The form a term writes, read by the definitions.
    fn form(&mut self, t: &Term) -> Result<W, Stop> {
        self.tick()?;
        match t {
            Term::Game { left, right } => {
                let mut l = Vec::with_capacity(left.len());
                for x in left {
                    l.push(self.form(x)?);
                }
                let mut r = Vec::with_capacity(right.len());
                for x in right {
                    r.push(self.form(x)?);
                }
                let (l, r) = (self.game(l)?, self.game(r)?);
                if self.normal(l) != self.normal(r) {
                    return Err(Stop::Wrong(format!(
                        "{} is not impartial: its Left and Right options differ",
                        show(t)
                    )));
                }
                Ok(l)
            }
            Term::Nus { number, up, nim } if number.is_zero() && num_traits::Zero::is_zero(up) => {
                match nim.to_u64() {
                    Some(n) if n <= MAX_HEAP => self.heap(n as usize),
                    _ => Err(Stop::Limit(format!("the heap {} is too large", show(t)))),
                }
            }
            Term::Sum(a, b) => {
                let (a, b) = (self.form(a)?, self.form(b)?);
                self.sum(a, b)
            }
            Term::Ref(n) => self.entry(*n),
            Term::Call { .. } => self.position(t),
            _ => Err(Stop::Wrong(format!(
                "{} is not an impartial form (braces, nim heaps, sums and ruleset positions)",
                show(t)
            ))),
        }
    }

    /// Entry `n` of the term table: the entries up to it are read in order, each once, so a
    /// chain of entries as long as the file costs no recursion.
    fn entry(&mut self, n: u32) -> Result<W, Stop> {
        let table = self.table;
        if n as usize >= table.len() {
            return Err(Stop::Wrong(format!(
                "#{n} is not an entry of the term table ({} entries)",
                table.len()
            )));
        }
        while self.entries.len() <= n as usize {
            let i = self.entries.len();
            let Some(view) = table.view(i as u32) else {
                break;
            };
            let w = self.form(view).map_err(|e| match e {
                Stop::Wrong(why) => Stop::Wrong(format!("in #{i}: {why}")),
                limit => limit,
            })?;
            self.entries.push(w);
        }
        Ok(self.entries[n as usize])
    }

    /// A ruleset position's form: the game of the sums of the positions each of its moves
    /// leaves, by the checker's own move generator ([`super::misere_moves`]), each position
    /// read the same way (memoised by its call).
    fn position(&mut self, t: &Term) -> Result<W, Stop> {
        if let Some(&f) = self.positions.get(t) {
            return Ok(f);
        }
        self.tick()?;
        let moves = match super::misere_moves::moves(t) {
            None => {
                return Err(Stop::Wrong(format!(
                    "{} is not an impartial form (braces, nim heaps, sums and positions of {})",
                    show(t),
                    super::misere_moves::RULESETS.join(", ")
                )))
            }
            Some(Err(why)) => return Err(Stop::Wrong(format!("{}: {why}", show(t)))),
            Some(Ok(m)) => m,
        };
        if self.depth >= MAX_POSITION_DEPTH {
            return Err(Stop::Limit(format!(
                "{}, reached after more than {MAX_POSITION_DEPTH} moves in a row",
                show(t)
            )));
        }
        self.depth += 1;
        let opts = self.options_of(moves);
        self.depth -= 1;
        let f = self.game(opts?)?;
        self.positions.insert(t.clone(), f);
        Ok(f)
    }

    /// The options of a position: for each move, the sum of the positions it leaves.
    fn options_of(&mut self, moves: Vec<super::misere_moves::Move>) -> Result<Vec<W>, Stop> {
        let mut opts = Vec::with_capacity(moves.len());
        for mv in moves {
            let mut f = self.heap(0)?;
            for p in &mv {
                let g = self.form(p)?;
                f = self.sum(f, g)?;
            }
            opts.push(f);
        }
        Ok(opts)
    }

    // ---------------------------------------------------------------- messages

    fn show_w(&self, w: W) -> String {
        fn write(c: &Checker, w: W, out: &mut String) {
            if out.len() > MAX_SHOWN {
                return;
            }
            match &c.nodes[w.0 as usize] {
                Node::Heap(0) => out.push('0'),
                Node::Heap(1) => out.push('*'),
                Node::Heap(n) => out.push_str(&format!("*{n}")),
                Node::Game(o) => {
                    out.push('{');
                    let start = out.len();
                    for (i, &x) in o.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        write(c, x, out);
                        if out.len() > MAX_SHOWN {
                            return;
                        }
                    }
                    let left = out[start..].to_string();
                    out.push('|');
                    out.push_str(&left);
                    out.push('}');
                }
            }
        }
        let mut out = String::new();
        write(self, w, &mut out);
        if out.len() > MAX_SHOWN {
            let mut end = MAX_SHOWN;
            while !out.is_char_boundary(end) {
                end -= 1;
            }
            out.truncate(end);
            out.push('…');
        }
        out
    }

    /// Where two normal forms first differ, in words: an option one has and the other lacks,
    /// with the options leading to it (`want` is the game by the moves, `have` the one written).
    fn difference(&self, want: W, have: W, path: &mut Vec<W>) -> String {
        let (w, h) = (self.options(want), self.options(have));
        let place = if path.is_empty() {
            String::new()
        } else {
            let p: Vec<String> = path.iter().map(|&x| self.show_w(x)).collect();
            format!(" (in its option {})", p.join(", then its option "))
        };
        if let Some(&x) = h.iter().find(|x| !w.contains(x)) {
            // A changed option: one option each side lacks; go into the pair when they are close.
            if let Some(&y) = w.iter().find(|y| !h.contains(y)) {
                if w.len() == h.len() && !self.is_heap(x) && !self.is_heap(y) && path.len() < 32 {
                    path.push(y);
                    return self.difference(y, x, path);
                }
                return format!(
                    "it lists the option {}, which no move reaches, and lacks {}{place}",
                    self.show_w(x),
                    self.show_w(y)
                );
            }
            return format!(
                "it lists the option {}, which no move reaches{place}",
                self.show_w(x)
            );
        }
        if let Some(&y) = w.iter().find(|y| !h.contains(y)) {
            return format!(
                "it lacks the option {}, which a move reaches{place}",
                self.show_w(y)
            );
        }
        format!(
            "it is {}, not {}{place}",
            self.show_w(have),
            self.show_w(want)
        )
    }

    // ---------------------------------------------------------------- steps

    /// The step `misere-opening`: its two sides are the same game tree, one side's ruleset
    /// positions read by the checker's own moves. On a difference, the first option (at the
    /// top, or deeper) that one side has and the other lacks is named.
    fn opening(&mut self, s: &Step, from: W, to: W) -> Result<(), Stop> {
        if !s.at.is_empty() || !s.witnesses.is_empty() {
            return Err(Stop::Wrong(
                "misere-opening writes out the whole term: at the top, with no witnesses".into(),
            ));
        }
        let (call, opened, call_t) = if s.reversed {
            (to, from, &s.to)
        } else {
            (from, to, &s.from)
        };
        let (want, have) = (self.normal(call), self.normal(opened));
        if want == have {
            return Ok(());
        }
        Err(Stop::Wrong(format!(
            "the opening of {} is not its game tree: {}",
            show(call_t),
            self.difference(want, have, &mut Vec::new())
        )))
    }

    /// One step: its terms, its place, its rule's conditions; `prev` is where the chain is.
    fn step(&mut self, prev: W, s: &Step) -> Result<W, Stop> {
        if s.lemma.is_some() || !s.parts.is_empty() {
            return Err(Stop::Wrong(
                "a misère step is a single rule instance (no lemma, no parts)".into(),
            ));
        }
        let from = self.form(&s.from)?;
        if self.normal(from) != self.normal(prev) {
            return Err(Stop::Wrong(format!(
                "it starts from {}, which is not where the chain is",
                show(&s.from)
            )));
        }
        let to = self.form(&s.to)?;
        if s.rule == "misere-opening" {
            self.opening(s, from, to)?;
            return Ok(to);
        }
        let mut path = Vec::with_capacity(s.at.len());
        for e in &s.at {
            match e {
                PathElem::Left(i) => path.push(*i),
                other => {
                    return Err(Stop::Wrong(format!(
                        "`{other}` is no position in a misère form (options are L0, L1, …)"
                    )))
                }
            }
        }
        // Read right to left, the rule's place is in the term after the step.
        let (pre, post) = if s.reversed { (to, from) } else { (from, to) };
        let named = s.witnesses.game("G");
        let g = match named {
            Some(t) => {
                if !path.is_empty() {
                    return Err(Stop::Wrong(
                        "a step that names its G acts at every occurrence of G: it has no `at`"
                            .into(),
                    ));
                }
                let g = self.form(t)?;
                self.normal(g)
            }
            None => match self.at(pre, &path) {
                Some(g) => self.normal(g),
                None => return Err(Stop::Wrong("its position is not in the term".into())),
            },
        };
        let rule = self.rule(&s.rule)?;
        let kinds = self.kinds_of(&rule);
        let kinds = kinds
            .as_ref()
            .as_ref()
            .map_err(|e| Stop::Wrong(e.clone()))?;
        let witnesses = self.witnesses(s, kinds)?;
        let mut result = None;
        // The result built from the match, put at the place (or every occurrence of G), must
        // give the other side (H is not read off the other side: there a game whose options
        // became the heaps below k is written `*k`).
        let mut accept = |c: &mut Self, built: &W| {
            let h = c.normal(*built);
            result = Some(h);
            let (rewritten, found) = match named {
                Some(_) => c.replace_all(pre, g, h).map_err(Failure::from)?,
                None => match c.put(pre, &path, h).map_err(Failure::from)? {
                    Some(r) => (r, true),
                    None => return Err(Failure::Other("its position is not in the term".into())),
                },
            };
            if !found {
                return Err(Failure::Result(format!(
                    "its G = {} does not occur in the term",
                    c.show_w(g)
                )));
            }
            if c.normal(rewritten) == c.normal(post) {
                return Ok(());
            }
            let at = if named.is_some() {
                "at every occurrence"
            } else {
                "at its position"
            };
            Err(Failure::Result(format!(
                "replacing {} by the rule's result {} {at} does not give the term on its other \
                 side",
                c.show_w(g),
                c.show_w(h)
            )))
        };
        let matched = pattern::rewrites(self, &rule, kinds, &g, &witnesses, &mut accept);
        let limit = self.limit.take();
        match matched {
            Ok(_) => {}
            Err(Failure::Limit(which)) => return Err(Stop::Limit(limit.unwrap_or(which))),
            Err(_) if named.is_some() && !self.replace_all(pre, g, g)?.1 => {
                return Err(Stop::Wrong(format!(
                    "its G = {} does not occur in the term",
                    self.show_w(g)
                )))
            }
            Err(f) => {
                return Err(Stop::Wrong(format!(
                    "rule `{}`: {}",
                    rule.name,
                    f.message()
                )))
            }
        }
        // A rule that is not one of rules/misere.rules as written there is a user's theorem,
        // not taken on trust: the step holds only if G and its result are equal in misère
        // play, by simplest forms the shipped rules give (an instance of a rule with no
        // proviso, say, matches as written and is still refused here).
        let h = result.unwrap_or(g);
        if !self.trusted(&rule) {
            let (sg, sh) = (self.simplest(g)?, self.simplest(h)?);
            if sg != sh {
                return Err(Stop::Wrong(format!(
                    "the rule `{}` is not sound here: G = {} and its result {} differ in \
                     misère play (their simplest forms are {} and {})",
                    rule.name,
                    self.show_w(g),
                    self.show_w(h),
                    self.show_w(sg),
                    self.show_w(sh)
                )));
            }
        }
        Ok(to)
    }

    /// Whether `rule` is the rule of its name in rules/misere.rules, as written there.
    fn trusted(&mut self, rule: &Rule) -> bool {
        let shipped = self.shipped.get_or_insert_with(RuleSet::misere);
        shipped.get(&rule.name).is_some_and(|r| {
            r.pattern == rule.pattern && r.conditions == rule.conditions && r.result == rule.result
        })
    }

    /// The misère simplest form of `w` (ONAG ch. 12): the options' simplest forms first,
    /// then the first `reduce` rule of rules/misere.rules (in its order) that applies at the
    /// game so made, matched and decided by this checker; a game no rule applies to is
    /// simplest. Each normal form once.
    fn simplest(&mut self, w: W) -> Result<W, Stop> {
        let w = self.normal(w);
        if let Some(&s) = self.simplest.get(&w) {
            return Ok(s);
        }
        self.tick()?;
        let mut opts = Vec::new();
        for o in self.options(w) {
            opts.push(self.simplest(o)?);
        }
        let g = self.game(opts)?;
        let g = self.normal(g);
        let mut rules: Vec<Rule> = self
            .shipped
            .get_or_insert_with(RuleSet::misere)
            .rules()
            .iter()
            .filter(|r| r.kind == RuleKind::Reduce)
            .cloned()
            .collect();
        rules.sort_by_key(|r| r.priority);
        let mut s = g;
        for rule in &rules {
            let kinds = crate::rules::check::bindings(&rule.pattern).map_err(Stop::Wrong)?;
            let found = pattern::first(self, rule, &kinds, &g).map_err(|e| match e {
                Undecided::Limit(which) => Stop::Limit(which),
                Undecided::Unreadable(why) => Stop::Wrong(why),
            })?;
            if let Some(h) = found {
                s = self.normal(h);
                break;
            }
        }
        self.simplest.insert(w, s);
        Ok(s)
    }

    /// The rule a step names: a `reduce` rule of the group `misere` in the rules checked
    /// against, else in `rules/misere.rules`.
    fn rule(&mut self, name: &str) -> Result<Rule, Stop> {
        let misere =
            |r: &&Rule| r.kind == RuleKind::Reduce && r.groups.iter().any(|g| g == "misere");
        if let Some(r) = self.rules.get(name).filter(misere) {
            return Ok(r.clone());
        }
        let shipped = self.shipped.get_or_insert_with(RuleSet::misere);
        match shipped.get(name).filter(misere) {
            Some(r) => Ok(r.clone()),
            None => Err(Stop::Wrong(format!(
                "`{name}` is not a rule of misère play (rules/misere.rules, or a `reduce` rule \
                 of the group `misere` in the rules given)"
            ))),
        }
    }

    /// `rule`'s variables and their kinds, read once per name.
    fn kinds_of(&mut self, rule: &Rule) -> std::rc::Rc<Result<Kinds, String>> {
        if let Some(k) = self.kinds.get(&rule.name) {
            return k.clone();
        }
        let k = std::rc::Rc::new(crate::rules::check::bindings(&rule.pattern));
        self.kinds.insert(rule.name.clone(), k.clone());
        k
    }

    /// A step's witnesses read as forms. `G` names the step's place: it is left out unless
    /// the rule binds a game `G` itself (then it must agree with the match, as any witness).
    fn witnesses(&mut self, s: &Step, kinds: &Kinds) -> Result<Binds<W>, Stop> {
        let w = &s.witnesses;
        let mut out = Binds::default();
        for (n, t) in &w.games {
            if n == "G" && !kinds.contains_key("G") {
                continue;
            }
            let f = self.form(t)?;
            out.games.push((n.clone(), self.normal(f)));
        }
        for (n, ts) in &w.sets {
            let mut v = Vec::with_capacity(ts.len());
            for t in ts {
                let f = self.form(t)?;
                v.push(self.normal(f));
            }
            out.sets.push((n.clone(), v));
        }
        out.values.clone_from(&w.values);
        out.rows.clone_from(&w.rows);
        Ok(out)
    }

    /// The form a template writes under `b`: braces whose two sides are the same options
    /// (an impartial form), nim heaps, sums, a negative (an impartial game is its own).
    fn template(&mut self, t: &Template, b: &Binds<W>) -> Result<Option<W>, Stop> {
        Ok(Some(match t {
            Template::Var(v) => match b.game(v) {
                Some(&g) => g,
                None => return Ok(None),
            },
            Template::Game(l, r) => {
                let mut items = |side: &[TemplateItem]| listed(side, b, |t| self.template(t, b));
                let (Some(l), Some(r)) = (items(l)?, items(r)?) else {
                    return Ok(None);
                };
                let (l, r) = (self.game(l)?, self.game(r)?);
                if self.normal(l) != self.normal(r) {
                    return Ok(None);
                }
                self.normal(l)
            }
            Template::Neg(x) => match self.template(x, b)? {
                Some(x) => x,
                None => return Ok(None),
            },
            Template::Sum(x, y) => match (self.template(x, b)?, self.template(y, b)?) {
                (Some(x), Some(y)) => {
                    let s = self.sum(x, y)?;
                    self.normal(s)
                }
                _ => return Ok(None),
            },
            Template::Leaf(LeafTemplate::Nim(ValueExpr::Lit(n))) => {
                match n.to_integer().and_then(|n| n.to_u64()) {
                    Some(n) if n <= MAX_HEAP => self.heap(n as usize)?,
                    _ => return Ok(None),
                }
            }
            Template::Leaf(LeafTemplate::Num(ValueExpr::Lit(x)))
            | Template::Leaf(LeafTemplate::Int(ValueExpr::Lit(x)))
                if x.is_zero() =>
            {
                self.heap(0)?
            }
            // Loopy play's `A & B`, `onside(G)` have no meaning in misère play.
            Template::Leaf(_) | Template::Value(_) | Template::Call(..) => return Ok(None),
        }))
    }

    /// Whether `pred` holds of `args` (not negated) by misère play's definitions; `None`
    /// for a predicate misère play gives no meaning to (of numbers) or an argument not bound.
    fn predicate(&self, pred: Predicate, args: &[String], b: &Binds<W>) -> Option<bool> {
        let set = |name: Option<&String>| name.and_then(|n| b.set(n));
        Some(match pred {
            Predicate::PPosition => self.p[b.game(args.first()?)?.0 as usize],
            Predicate::Within | Predicate::Same => {
                let (s, t) = (set(args.first())?, set(args.get(1))?);
                let within = s.iter().all(|x| t.contains(x));
                match pred {
                    Predicate::Same => within && t.iter().all(|x| s.contains(x)),
                    _ => within,
                }
            }
            Predicate::Empty => set(args.first())?.is_empty(),
            _ => return None,
        })
    }

    /// One condition by misère play's definitions; `None` for one misère play gives no
    /// meaning to (an order other than `==`/`!=`, a predicate of numbers): it does not hold.
    fn condition(&mut self, c: &Condition, b: &Binds<W>) -> Result<Option<bool>, Stop> {
        Ok(Some(match c {
            Condition::Compare(x, rel, y) => {
                let (Some(x), Some(y)) = (self.template(x, b)?, self.template(y, b)?) else {
                    return Ok(None);
                };
                match rel {
                    Rel::Eq => x == y,
                    Rel::Ne => x != y,
                    _ => return Ok(None),
                }
            }
            Condition::Pred {
                negated,
                pred,
                args,
            } => match self.predicate(*pred, args, b) {
                Some(holds) => holds != *negated,
                None => return Ok(None),
            },
            Condition::InEvery { game, of, but } => {
                let Some(&g) = b.game(of) else {
                    return Ok(None);
                };
                let left_out = match but {
                    Some(s) => match b.set(s) {
                        Some(v) => v.to_vec(),
                        None => return Ok(None),
                    },
                    None => Vec::new(),
                };
                let Some(h) = self.template(game, b)? else {
                    return Ok(None);
                };
                let opts = self.options(g);
                opts.iter()
                    .filter(|o| !left_out.contains(o))
                    .all(|&o| self.options(o).contains(&h))
            }
        }))
    }
}

/// Misère play's places for the checker's interpreter: the normal forms of the checker's DAG,
/// each an impartial game whose two sides are its options (normal forms, so a set).
impl Host for Checker<'_> {
    type Place = W;
    type View = Vec<W>;

    fn sides(v: &Vec<W>) -> (&[W], &[W]) {
        (v, v)
    }

    fn look(&mut self, _: &W) -> Look<W> {
        Look::Same
    }

    fn games(&mut self, t: &W, _: bool) -> Vec<Vec<W>> {
        let n = self.normal(*t);
        vec![self.options(n)]
    }

    fn bound(&mut self, _: &Pattern, t: &W, _: bool) -> Vec<W> {
        vec![self.normal(*t)]
    }

    fn other(&mut self, _: &Pattern, _: &W, _: &Binds<W>, _: &mut Vec<Binds<W>>, _: usize) {}

    fn same(&mut self, a: &W, b: &W) -> bool {
        self.normal(*a) == self.normal(*b)
    }

    /// A name bound twice: the same form (options are simplest forms where the rules meet
    /// them, and simplest forms are equal only if identical; as forms it is sound anywhere).
    fn equal(&mut self, a: &W, b: &W) -> Result<bool, Undecided> {
        Ok(self.same(a, b))
    }

    fn same_set(&mut self, a: &[W], b: &[W]) -> bool {
        let norm = |c: &Self, v: &[W]| {
            let mut v: Vec<W> = v.iter().map(|&x| c.normal(x)).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        norm(self, a) == norm(self, b)
    }

    fn limit(&mut self) -> &mut Option<String> {
        &mut self.limit
    }

    fn decide(&mut self, c: &Condition, b: &Binds<W>, _: &Kinds) -> Got<bool> {
        self.condition(c, b).map_err(Undecided::from)
    }

    fn make(&mut self, t: &Template, b: &Binds<W>) -> Got<W> {
        self.template(t, b).map_err(Undecided::from)
    }

    fn show(&mut self, p: &W) -> String {
        self.show_w(*p)
    }
}

impl super::played::Played for Checker<'_> {
    type At = W;

    fn start(&mut self, input: &Term) -> Result<W, Stop> {
        self.form(input)
    }

    fn step(&mut self, at: &W, s: &Step) -> Result<W, Stop> {
        self.allowed = self.allowed.saturating_add(MAX_WORK);
        Checker::step(self, *at, s)
    }

    fn after(&mut self, s: &Step) -> Result<W, Stop> {
        self.form(&s.to)
    }

    fn end(&mut self, at: &W, result: &Term) -> Result<(), Stop> {
        let end = self.form(result)?;
        if self.normal(*at) != self.normal(end) {
            return Err(Stop::Wrong(format!(
                "the steps end at {}, not at the claimed {}",
                self.show_w(*at),
                show(result)
            )));
        }
        Ok(())
    }
}

/// Checks a misère proof: each step by the definitions, the chain connected from `input` to
/// `result`, the terms read from `table` by this checker. A misère proof has no lemmas.
pub(crate) fn check(
    chain: Chain,
    rules: &crate::rules::RuleSet,
    limits: &CheckLimits,
) -> Result<(), CheckError> {
    let make = || Checker::new(chain.table, rules, limits);
    super::played::check(make, limits.threads(), "misère", chain)
}

/// The form `t` writes (a term of a misère proof, `#n` read from `table`), read by this
/// checker's definitions and given as its tree of options in normal form (repeats dropped,
/// heaps as heaps), each distinct subform once after its options, `t`'s own last: what
/// `onag check` prints a proved result from (`misere::notation::print_form`, with the command line), so
/// that text owes nothing to the arena of the proof's producer. An error says why the term
/// does not read. The final-form claim's checker reads the result through it too
/// (`final_check`).
pub(crate) fn form_of(
    table: &TermTable,
    t: &Term,
) -> Result<Vec<crate::misere::notation::FormNode>, String> {
    use crate::misere::notation::FormNode;
    let none = crate::rules::RuleSet::empty();
    let mut c = Checker::new(table, &none, &CheckLimits::default());
    let root = match c.form(t) {
        Ok(w) => c.normal(w),
        Err(Stop::Wrong(why) | Stop::Limit(why)) => return Err(why),
    };
    // Each normal node after its options, by an explicit stack (forms may be deep).
    let mut index: HashMap<W, usize> = HashMap::default();
    let mut out = Vec::new();
    let mut stack = vec![(root, false)];
    while let Some((w, expanded)) = stack.pop() {
        if index.contains_key(&w) {
            continue;
        }
        match &c.nodes[w.0 as usize] {
            Node::Heap(n) => {
                index.insert(w, out.len());
                out.push(FormNode::Heap(*n));
            }
            Node::Game(opts) if expanded => {
                let Some(opts) = opts.iter().map(|o| index.get(o).copied()).collect() else {
                    return Err("the form's options are not read before it".into());
                };
                index.insert(w, out.len());
                out.push(FormNode::Game(opts));
            }
            Node::Game(opts) => {
                stack.push((w, true));
                stack.extend(
                    opts.iter()
                        .filter(|o| !index.contains_key(o))
                        .map(|&o| (o, false)),
                );
            }
        }
    }
    Ok(out)
}
