//! The evaluator on plain terms: how the proof producer takes a step the engine did not record.
//!
//! A term is its own node and its own child. A nested game pattern looks inside an option that
//! is a game, or inside a closed form opened by the rule set's first `kind open` rule that
//! makes it a game; the term a rule starts from is never opened. A name bound twice must stand
//! for equal games (equal values in the kernel).
//!
//! The matcher tries some fifty rules at each term and most fail, so what it passes around must
//! be cheap to copy: a child is a number ([`NodeId`]), the proof's term-table entry it is, and a
//! node is shared ([`Node`], its children as numbers), never a term. Terms are written only for
//! the match that is kept.

#[cfg(test)]
use super::Built;
use super::{build_into, first_in, Binds, BindsOf, Host, LeafRef, Make, Shape, Stop, Want};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rules::{Rule, RuleKind, RuleSet};
use crate::term::Term;
use crate::term_table::TermTable;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell, RefMut};
use std::rc::Rc;

/// The most candidate matches tried for one rule at one term; beyond it the rule is taken not
/// to apply there (the checker refuses such a step as too ambiguous to check).
pub const MAX_MATCHES: usize = 20_000;

/// Shared parts of at most this many nodes are written out in the terms a step shows.
const WRITTEN_UP_TO: usize = crate::term_table::SHARE_ABOVE as usize;

/// A child as the matcher holds it: below [`AUX`] an entry of the proof's term table; from
/// [`AUX`] a term of the host's own store (closed forms, which the table keeps inline, and the
/// games they open into); from [`TOP`] the term a match started from (one per nested match),
/// which is not put in the table: most terms rules are tried at are passing forms.
pub type NodeId = u32;

/// The first id of the host's own store.
const AUX: NodeId = 1 << 31;

/// The id of the outermost match's starting term; a match started inside it (opening a closed
/// form) gets the next.
const TOP: NodeId = u32::MAX - 64;

/// A node a pattern looks at: a term's top, its children as ids, its value once asked.
#[derive(Debug)]
pub struct Node {
    id: NodeId,
    /// The top node, children as table references or closed forms inline.
    term: Term,
    /// The children in order (a game's Left options, then its Right ones).
    kids: Vec<NodeId>,
    /// How many of `kids` are Left options.
    left: usize,
    value: Cell<Option<GameId>>,
}

impl PartialEq for Node {
    fn eq(&self, other: &Node) -> bool {
        self.id == other.id && self.term == other.term
    }
}

/// A match on terms.
pub type TermBinds = Binds<Term, Term>;

impl TermBinds {
    /// Each game variable and the term it stands for: the opened form where a pattern looked
    /// inside a closed form, else the subterm itself.
    #[cfg(test)]
    pub fn game_terms(&self) -> Vec<(crate::rules::Name, Term)> {
        self.games
            .iter()
            .map(|(n, g)| {
                let t = g
                    .slot
                    .and_then(|s| self.slots.get(s))
                    .map_or(&g.id, |s| &s.node);
                (n.clone(), t.clone())
            })
            .collect()
    }
}

/// What [`TermHost::may_apply`] reads of a node: its kind (as [`Shape`]'s variant) and, for a
/// game, how many Left and Right options it has; for a sum or a negation, the kinds of its
/// operands' tops (closed form, sum, negation, `±`, other). Nodes with one key are matched by
/// the same rules' tops, so a caller trying many rules at many nodes may sort them once a key.
pub type ShapeKey = (u8, usize, usize);

/// Terms the table keeps inline (closed forms) and the games closed forms open into.
#[derive(Default)]
struct Aux {
    nodes: Vec<Rc<Node>>,
    index: FxHashMap<Term, NodeId>,
    /// The game each closed form opens into, once asked (`None`: it opens into no game).
    opened: FxHashMap<NodeId, Option<Rc<Node>>>,
}

/// Rules applied to terms, with a kernel of its own to decide conditions.
pub struct TermHost<'r> {
    rules: &'r RuleSet,
    kernel: RefCell<Kernel>,
    /// The proof's term table: `#n` in a term is entry n, looked into as a pattern needs it
    /// and valued in the kernel once a value depends on it.
    pub terms: RefCell<TermTable>,
    /// Entry n's node, once looked at.
    entries: RefCell<Vec<Option<Rc<Node>>>>,
    /// Entry n as a step shows it ([`Self::written_id`]), once written: entries do not change,
    /// and a step's match and result name the same few entries again and again (Σ_{k≤12}
    /// {k|−k} writes some 46,000 ids, each a walk of the table before).
    written: RefCell<Vec<Option<Term>>>,
    aux: RefCell<Aux>,
    /// The terms the matches in progress started from, outermost first.
    tops: RefCell<Vec<Rc<Node>>>,
    /// The kinds of the variables of rule i of `rules`, once asked.
    kinds: RefCell<Vec<Option<Option<Rc<super::Kinds>>>>>,
    /// Emptied bindings kept for the next match (a search's and its result's): some fifty
    /// rules are tried at each term, and a match opening a closed form starts another.
    spare: RefCell<Vec<(BindsOf<Self>, BindsOf<Self>)>>,
}

impl<'r> TermHost<'r> {
    /// A host for `rules` with a fresh kernel.
    pub fn new(rules: &'r RuleSet) -> Self {
        Self::with_kernel(rules, Kernel::new())
    }

    /// A host deciding conditions with `kernel` (with a budget, say).
    pub fn with_kernel(rules: &'r RuleSet, kernel: Kernel) -> Self {
        TermHost {
            rules,
            kernel: RefCell::new(kernel),
            terms: RefCell::new(TermTable::new()),
            entries: RefCell::default(),
            written: RefCell::default(),
            aux: RefCell::default(),
            tops: RefCell::default(),
            kinds: RefCell::default(),
            spare: RefCell::default(),
        }
    }

    /// Tells `k` the value of every entry `t` depends on, and of no other
    /// ([`TermTable::tell_needed_values`]: the composer's table holds the sums it simplifies,
    /// whose values no rule asks for).
    fn value_refs(&self, k: &mut Kernel, t: &Term) -> Result<(), KernelError> {
        self.terms.borrow().tell_needed_values(k, t)
    }

    /// The value of a term that may refer to the table.
    #[cfg(test)]
    pub fn eval(&self, t: &Term) -> Result<GameId, KernelError> {
        let mut k = self.kernel.borrow_mut();
        self.value_refs(&mut k, t)?;
        k.eval(t)
    }

    /// The host's kernel.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        self.kernel.get_mut()
    }

    /// A node for `term` (a top node whose children are references or closed forms), with id
    /// `id`.
    fn make(&self, id: NodeId, term: Term) -> Rc<Node> {
        let kids = self.kids(&term);
        Self::node_with(id, term, kids)
    }

    /// The ids of `term`'s children, in order ([`crate::term::children`]'s; a game's and a
    /// sum's read in place, without that list first).
    fn kids(&self, term: &Term) -> Vec<NodeId> {
        match term {
            Term::Game { left, right } => {
                left.iter().chain(right).map(|c| self.child_id(c)).collect()
            }
            Term::Sum(a, b) => vec![self.child_id(a), self.child_id(b)],
            _ => crate::term::children(term)
                .into_iter()
                .map(|c| self.child_id(c))
                .collect(),
        }
    }

    fn node_with(id: NodeId, term: Term, kids: Vec<NodeId>) -> Rc<Node> {
        let left = match &term {
            Term::Game { left, .. } => left.len(),
            _ => 0,
        };
        Rc::new(Node {
            id,
            term,
            kids,
            left,
            value: Cell::new(None),
        })
    }

    /// The id of a child as a table view holds it.
    fn child_id(&self, c: &Term) -> NodeId {
        match c {
            Term::Ref(n) => *n,
            Term::Nus { .. } | Term::Hackenstring(_) => self.aux_id(c),
            // Views hold nothing else; anything else is interned first.
            other => {
                let n = self.terms.borrow_mut().intern(other);
                n
            }
        }
    }

    /// The id of `t` in the host's own store, added if new.
    fn aux_id(&self, t: &Term) -> NodeId {
        if let Some(&id) = self.aux.borrow().index.get(t) {
            return id;
        }
        // The children first: a closed-form child is added to the store before this term.
        let kids = self.kids(t);
        let id = AUX + self.aux.borrow().nodes.len() as NodeId;
        let node = Self::node_with(id, t.clone(), kids);
        let mut aux = self.aux.borrow_mut();
        aux.nodes.push(node);
        aux.index.insert(t.clone(), id);
        id
    }

    /// The node of `id`.
    fn node(&self, id: NodeId) -> Option<Rc<Node>> {
        if id >= TOP {
            return self.tops.borrow().get((id - TOP) as usize).cloned();
        }
        if id >= AUX {
            return self.aux.borrow().nodes.get((id - AUX) as usize).cloned();
        }
        let n = id as usize;
        if let Some(Some(node)) = self.entries.borrow().get(n) {
            return Some(node.clone());
        }
        let view = self.terms.borrow().view(id)?.clone();
        let node = self.make(id, view);
        let mut entries = self.entries.borrow_mut();
        if entries.len() <= n {
            entries.resize(n + 1, None);
        }
        entries[n] = Some(node.clone());
        Some(node)
    }

    /// The term `id` stands for: a table reference, or the term itself.
    fn term_of(&self, id: NodeId) -> Term {
        if id < AUX {
            return Term::Ref(id);
        }
        self.node(id).map_or_else(Term::zero, |n| n.term.clone())
    }

    /// `t` as a match starts from it: its top node, its parts entries of the term table, so
    /// what a match copies is the size of a number, whatever the depth. Made once for all
    /// the rules tried at one term.
    pub fn top(&self, t: &Term) -> Rc<Node> {
        // A game or sum whose children are references and closed forms already (every game
        // a chain of root steps reaches, nearly every sum the composer simplifies) is its own
        // shallow form: `shallow` would walk it for the loopy notation and copy it child by
        // child to the same term.
        let flat = |c: &Term| matches!(c, Term::Ref(_) | Term::Nus { .. } | Term::Hackenstring(_));
        let shallow = match t {
            Term::Game { left, right } if left.iter().chain(right).all(flat) => t.clone(),
            Term::Sum(a, b) if flat(a) && flat(b) => t.clone(),
            _ => self.terms.borrow_mut().shallow(t),
        };
        let depth = self.tops.borrow().len() as NodeId;
        self.make(TOP.saturating_add(depth), shallow)
    }

    /// `node`'s [`ShapeKey`].
    pub fn shape_key(&self, node: &Rc<Node>) -> ShapeKey {
        match self.shape(node) {
            Shape::Game(l, r) => (0, l.len(), r.len()),
            Shape::Sum(a, b) => (1, self.operand_kind(*a), self.operand_kind(*b)),
            Shape::Neg(a) => (2, self.operand_kind(*a), 0),
            Shape::PlusMinus(_) => (3, 0, 0),
            Shape::Leaf(_) => (4, 0, 0),
            Shape::Other => (5, 0, 0),
        }
    }

    /// The first match of `rule` at the top of `t` whose side conditions hold and whose result
    /// can be built, and that result.
    pub fn apply(&self, rule: &Rule, t: &Term) -> Result<Option<(TermBinds, Term)>, Stop> {
        let node = self.top(t);
        self.apply_top(rule, &node)
    }

    /// [`Self::apply`] at a node made by [`Self::top`].
    pub fn apply_top(
        &self,
        rule: &Rule,
        node: &Rc<Node>,
    ) -> Result<Option<(TermBinds, Term)>, Stop> {
        if !self.may_apply(rule, node) || !self.literals_may_match(&rule.pattern, node) {
            return Ok(None);
        }
        self.within(node, |top| {
            let tried = Cell::new(0usize);
            let mut built = None;
            let (mut work, mut b) = self.spare.borrow_mut().pop().unwrap_or_default();
            let found = first_in(
                self,
                rule,
                top.id,
                top.clone(),
                &mut |b| {
                    // Written as the step shows it, straight from the template: the tree
                    // of boxes `build` makes, written out and dropped, was a fifth of a
                    // match's cost.
                    built = build_into(self, &rule.result, b, &Written(self))?;
                    Ok(built.is_some())
                },
                &|| {
                    tried.set(tried.get() + 1);
                    tried.get() > MAX_MATCHES
                },
                &mut work,
                &mut b,
            );
            let out = match found {
                Ok(true) => Ok(built.map(|r| (self.witnesses_of(&b), r))),
                Ok(false) | Err(Stop::GaveUp) => Ok(None),
                Err(e) => Err(e),
            };
            work.clear();
            b.clear();
            self.spare.borrow_mut().push((work, b));
            out
        })
    }

    /// Whether `rule` can match at `node` as far as its top and its operands' tops tell
    /// ([`super::may_match`] and the operands' kinds): `false` only where [`Self::apply_top`]
    /// finds no match. It reads no more of the node than its [`ShapeKey`].
    pub fn may_apply(&self, rule: &Rule, node: &Rc<Node>) -> bool {
        super::may_match(self, &rule.pattern, node) && self.operands_may_match(&rule.pattern, node)
    }

    /// The kind of child `id`'s top, as [`Self::operand_may_be`] reads it: unknown (0), a
    /// closed form or a row (1), a sum (2), a negation (3), `±(…)` (4), anything else (5).
    fn operand_kind(&self, id: NodeId) -> usize {
        match self.node(id).as_deref().map(|n| &n.term) {
            None => 0,
            Some(Term::Nus { .. } | Term::Hackenstring(_)) => 1,
            Some(Term::Sum(..)) => 2,
            Some(Term::Neg(_)) => 3,
            Some(Term::PlusMinus(_)) => 4,
            Some(_) => 5,
        }
    }

    /// Whether the operands of a sum or negation `node` can be what `pattern`'s operands look
    /// for, as far as their tops tell: `false` exactly where [`Host::candidates`] offers a
    /// pattern's operand nothing (a closed form wanted where a game form or a sum stands, a
    /// sum wanted where a game stands). A game form is wanted from any operand (a closed form
    /// opens into one). At a sum of two game forms (most sums of Σ_{k≤n} {k|−k}),
    /// `number-up-star-sum`, `zero-sum-*` and `number-avoidance-*` get past
    /// [`super::may_match`] and used to fail only at an operand, after the copies a match
    /// starts with.
    fn operands_may_match(&self, pattern: &crate::rules::Pattern, node: &Rc<Node>) -> bool {
        use crate::rules::Pattern;
        match (pattern, &node.term, node.kids.as_slice()) {
            (Pattern::Bind(_, inner), ..) => self.operands_may_match(inner, node),
            (Pattern::Sum(pa, pb), Term::Sum(..), [a, b]) => {
                self.operand_may_be(pa, *a) && self.operand_may_be(pb, *b)
            }
            (Pattern::Neg(pa), Term::Neg(_), [a]) => self.operand_may_be(pa, *a),
            _ => true,
        }
    }

    /// Whether the closed-form operands of a sum or negation `node` can be the literal leaves
    /// `pattern`'s operands ask for (`int(0) + G`): `false` only where the match fails at that
    /// operand. Unlike [`Self::may_apply`] it reads the operands' values, not their kinds
    /// alone, so it is asked at each node, not once a [`ShapeKey`]: at Σ_{k≤12} {k|−k},
    /// `zero-sum-*` was matched at every sum of a game and a number and failed at the number.
    fn literals_may_match(&self, pattern: &crate::rules::Pattern, node: &Rc<Node>) -> bool {
        use crate::rules::Pattern;
        match (pattern, &node.term, node.kids.as_slice()) {
            (Pattern::Bind(_, inner), ..) => self.literals_may_match(inner, node),
            // The second operand is matched after the first: it may be turned down first only
            // where matching the first can stop at nothing (a closed form opened up to a
            // limit), so that no limit the search would have met goes unreported.
            (Pattern::Sum(pa, pb), Term::Sum(..), [a, b]) => {
                self.literal_may_be(pa, *a) && (!plain(pa) || self.literal_may_be(pb, *b))
            }
            (Pattern::Neg(pa), Term::Neg(_), [a]) => self.literal_may_be(pa, *a),
            _ => true,
        }
    }

    /// Whether child `id` can match `p` as far as a literal number `p` asks for tells
    /// (`int(0)`, `num(1/2)`): the child's node is a closed form, and the leaf pattern takes
    /// one with no ↑ or nimber part whose number is the literal ([`super::matching`]'s
    /// `leaf`); `true` whenever in doubt.
    fn literal_may_be(&self, p: &crate::rules::Pattern, id: NodeId) -> bool {
        use crate::rules::{LeafPattern, Pattern, ValueArg};
        let lit = match p {
            Pattern::Bind(_, inner) => return self.literal_may_be(inner, id),
            Pattern::Leaf(
                LeafPattern::Num(ValueArg::Lit(l)) | LeafPattern::Int(ValueArg::Lit(l)),
            ) => l,
            _ => return true,
        };
        // Closed forms are children of the host's own store; a table entry is never one.
        if id < AUX {
            return true;
        }
        let Some(node) = self.node(id) else {
            return true;
        };
        match &node.term {
            Term::Nus { number, up, nim } => {
                use num_traits::Zero;
                up.is_zero() && nim.is_zero() && number == lit
            }
            _ => true,
        }
    }

    /// Whether child `id` can offer `p` a node ([`Host::candidates`], read without opening
    /// anything): `true` whenever in doubt.
    fn operand_may_be(&self, p: &crate::rules::Pattern, id: NodeId) -> bool {
        use crate::rules::Pattern;
        let want = match p {
            Pattern::Bind(_, inner) => return self.operand_may_be(inner, id),
            Pattern::Leaf(_) => Want::Leaf,
            Pattern::Sum(..) => Want::Sum,
            Pattern::Neg(_) => Want::Neg,
            Pattern::PlusMinus(_) => Want::PlusMinus,
            // A game form may be a closed form opened; a variable takes anything.
            _ => return true,
        };
        let Some(node) = self.node(id) else {
            return true;
        };
        match (want, &node.term) {
            (Want::Leaf, t) => matches!(t, Term::Nus { .. } | Term::Hackenstring(_)),
            (Want::Sum, t) => matches!(t, Term::Sum(..)),
            (Want::Neg, t) => matches!(t, Term::Neg(_)),
            (Want::PlusMinus, t) => matches!(t, Term::PlusMinus(_)),
            (Want::Game, _) => true,
        }
    }

    /// Runs `f` with `node` as the start of a match: a match started while another is in
    /// progress (opening a closed form) stacks on it, with the next top id.
    fn within<T>(&self, node: &Rc<Node>, f: impl FnOnce(&Rc<Node>) -> T) -> T {
        let id = TOP.saturating_add(self.tops.borrow().len() as NodeId);
        let top = if node.id == id {
            node.clone()
        } else {
            // A node made at another depth of matching: the same term under this depth's id.
            Rc::new(Node {
                id,
                term: node.term.clone(),
                kids: node.kids.clone(),
                left: node.left,
                value: node.value.clone(),
            })
        };
        self.tops.borrow_mut().push(top.clone());
        let out = f(&top);
        self.tops.borrow_mut().pop();
        out
    }

    /// A term with its shared parts of at most `max` nodes written out again, as a reader
    /// expects.
    fn written_up_to(&self, t: &Term, max: usize) -> Term {
        self.terms.borrow().written(t, max)
    }

    fn written_term(&self, t: &Term) -> Term {
        self.written_up_to(t, WRITTEN_UP_TO)
    }

    /// A match as a step records it: each game variable as the term it stands for (the
    /// node a pattern looked at inside it, if one did), sets and values; small shared parts
    /// written out. The slots are left out: a step does not record them.
    fn witnesses_of(&self, b: &BindsOf<Self>) -> TermBinds {
        as_terms(b, &|id| self.written_id(id), false)
    }

    /// A match as terms, shared parts of at most `max` nodes written out.
    #[cfg(test)]
    fn terms_of(&self, b: &BindsOf<Self>, max: usize) -> TermBinds {
        as_terms(b, &|id| self.written_up_to(&self.term_of(id), max), true)
    }

    /// Every match of `pattern` at the top of `t` (at most [`MAX_MATCHES`]), in order: what
    /// the differential and mirror tests compare.
    #[cfg(test)]
    pub fn matches(
        &self,
        pattern: &crate::rules::Pattern,
        t: &Term,
    ) -> Result<Vec<BindsOf<Self>>, Stop> {
        let mut out = Vec::new();
        // The matches outlive this call: the top goes in the host's own store, not the stack.
        let shallow = self.terms.borrow_mut().shallow(t);
        let id = self.aux_id(&shallow);
        let Some(node) = self.node(id) else {
            return Ok(out);
        };
        super::matching::matches(self, pattern, id, node, &mut |b| {
            out.push(b.clone());
            Ok(out.len() >= MAX_MATCHES)
        })?;
        Ok(out)
    }

    /// A match as terms written out in full, as the checker's interpreter holds them.
    #[cfg(test)]
    pub fn full(&self, b: &BindsOf<Self>) -> TermBinds {
        self.terms_of(b, usize::MAX)
    }

    /// `t` written out in full.
    #[cfg(test)]
    pub fn expanded(&self, t: &Term) -> Term {
        self.written_up_to(t, usize::MAX)
    }

    /// Opens a closed form with the first `kind open` rule that makes it a game.
    pub fn open(&self, t: &Term) -> Result<Option<Term>, Stop> {
        if !matches!(t, Term::Nus { .. }) {
            return Ok(None);
        }
        for rule in self
            .rules
            .rules()
            .iter()
            .filter(|r| r.kind == RuleKind::Open)
        {
            if let Some((_, g @ Term::Game { .. })) = self.apply(rule, t)? {
                return Ok(Some(g));
            }
        }
        Ok(None)
    }

    /// The game the closed form `id` opens into, as a node (once per closed form).
    fn opened(&self, id: NodeId) -> Result<Option<Rc<Node>>, Stop> {
        if let Some(o) = self.aux.borrow().opened.get(&id) {
            return Ok(o.clone());
        }
        let game = self.open(&self.term_of(id))?;
        let node = match game {
            Some(g) => {
                let shallow = self.terms.borrow_mut().shallow(&g);
                let gid = self.aux_id(&shallow);
                self.node(gid)
            }
            None => None,
        };
        self.aux.borrow_mut().opened.insert(id, node.clone());
        Ok(node)
    }

    /// The term `id` stands for, its small shared parts written out.
    fn written_id(&self, id: NodeId) -> Term {
        if id < AUX {
            let n = id as usize;
            if let Some(Some(t)) = self.written.borrow().get(n) {
                return t.clone();
            }
            let t = self.written_term(&Term::Ref(id));
            let mut written = self.written.borrow_mut();
            if written.len() <= n {
                written.resize(n + 1, None);
            }
            written[n] = Some(t.clone());
            return t;
        }
        match self.node(id) {
            Some(n) if matches!(n.term, Term::Nus { .. } | Term::Hackenstring(_)) => n.term.clone(),
            Some(n) => self.written_term(&n.term),
            None => Term::zero(),
        }
    }

    /// A built result written as a term.
    #[cfg(test)]
    pub fn term(&self, r: &Built<NodeId>, b: &BindsOf<Self>) -> Term {
        built_term(r, b, &|id| self.term_of(id))
    }
}

/// Whether matching `p` against a child opens nothing and asks the kernel nothing: a
/// variable or a leaf pattern (named or not).
fn plain(p: &crate::rules::Pattern) -> bool {
    use crate::rules::Pattern;
    match p {
        Pattern::Var(_) | Pattern::Leaf(_) => true,
        Pattern::Bind(_, inner) => plain(inner),
        _ => false,
    }
}

/// A match as terms, each part written by `part`. Without `slots`, each game variable is the
/// node a pattern looked at inside it (if one did), as a step records it, and the slots are
/// left out; with them, the match is kept whole.
fn as_terms(b: &BindsOf<TermHost>, part: &dyn Fn(NodeId) -> Term, slots: bool) -> TermBinds {
    let games = b.games.iter().map(|(n, g)| {
        let looked = g.slot.and_then(|s| b.slots.get(s)).map(|s| s.node.id);
        let bound = match (slots, looked) {
            (false, Some(id)) => super::Bound {
                id: part(id),
                slot: None,
            },
            _ => super::Bound {
                id: part(g.id),
                slot: if slots { g.slot } else { None },
            },
        };
        (n.clone(), bound)
    });
    let sets = b
        .sets
        .iter()
        .map(|(n, s)| (n.clone(), s.iter().map(|&id| part(id)).collect()));
    let kept = b.slots.iter().filter(|_| slots).map(|s| super::Slot {
        node: part(s.node.id),
        id: part(s.id),
        parent: s.parent,
    });
    Binds {
        games: games.collect(),
        sets: sets.collect(),
        values: b.values.clone(),
        rows: b.rows.clone(),
        slots: kept.collect(),
    }
}

/// A rule's result written as a step shows it, built from the template directly: what
/// `built_term` makes of the [`super::Built`] tree with each part written by
/// [`TermHost::written_id`], without the tree.
struct Written<'h, 'r>(&'h TermHost<'r>);

impl Make<TermHost<'_>> for Written<'_, '_> {
    type Out = Term;
    fn id(&self, id: &NodeId) -> Term {
        self.0.written_id(*id)
    }
    fn slot(&self, b: &BindsOf<TermHost<'_>>, s: usize) -> Term {
        match b.slots.get(s) {
            Some(slot) => self.0.written_id(slot.node.id),
            // Slots come from the same match; an out-of-range one cannot be built.
            None => Term::zero(),
        }
    }
    fn leaf(&self, leaf: super::Leaf) -> Term {
        leaf.into_term()
    }
    fn game(&self, left: Vec<Term>, right: Vec<Term>) -> Term {
        Term::game(left, right)
    }
    fn sum(&self, a: Term, b: Term) -> Term {
        Term::sum(a, b)
    }
    fn neg(&self, a: Term) -> Term {
        Term::neg(a)
    }
}

/// A built result as a term, each matched part (a bound child, or the node in a slot) written
/// by `part`.
#[cfg(test)]
fn built_term(r: &Built<NodeId>, b: &BindsOf<TermHost>, part: &dyn Fn(NodeId) -> Term) -> Term {
    let each = |xs: &[Built<NodeId>]| xs.iter().map(|x| built_term(x, b, part)).collect();
    match r {
        Built::Id(id) => part(*id),
        Built::Slot(s) => match b.slots.get(*s) {
            Some(slot) => part(slot.node.id),
            // Slots come from the same match; an out-of-range one cannot be built.
            None => Term::zero(),
        },
        Built::Leaf(l) => l.to_term(),
        Built::Game(l, r) => Term::game(each(l), each(r)),
        Built::Sum(x, y) => Term::sum(built_term(x, b, part), built_term(y, b, part)),
        Built::Neg(x) => Term::neg(built_term(x, b, part)),
    }
}

impl Host for TermHost<'_> {
    type Id = NodeId;
    type Node = Rc<Node>;

    fn shape<'a>(&'a self, node: &'a Rc<Node>) -> Shape<'a, NodeId> {
        let kids = &node.kids;
        match (&node.term, kids.as_slice()) {
            (Term::Game { .. }, _) => {
                let (l, r) = kids.split_at(node.left.min(kids.len()));
                Shape::Game(l, r)
            }
            (Term::Sum(..), [a, b]) => Shape::Sum(a, b),
            (Term::Neg(_), [a]) => Shape::Neg(a),
            (Term::PlusMinus(_), _) => Shape::PlusMinus(kids),
            (Term::Nus { number, up, nim }, _) => Shape::Leaf(LeafRef::Nus { number, up, nim }),
            (Term::Hackenstring(row), _) if row.is_empty() => Shape::Leaf(LeafRef::Zero),
            (Term::Hackenstring(row), _) => Shape::Leaf(LeafRef::Hack(row)),
            _ => Shape::Other,
        }
    }

    fn candidates(&self, id: &NodeId, want: Want) -> Result<Vec<Rc<Node>>, Stop> {
        let Some(node) = self.node(*id) else {
            return Ok(Vec::new());
        };
        let fits = match (want, &node.term) {
            (Want::Game, Term::Game { .. }) => true,
            (Want::Game, _) => return Ok(self.opened(*id)?.into_iter().collect()),
            (Want::Leaf, t) => matches!(t, Term::Nus { .. } | Term::Hackenstring(_)),
            (Want::Sum, t) => matches!(t, Term::Sum(..)),
            (Want::Neg, t) => matches!(t, Term::Neg(_)),
            (Want::PlusMinus, t) => matches!(t, Term::PlusMinus(_)),
        };
        Ok(if fits { vec![node] } else { Vec::new() })
    }

    fn same(&self, a: &NodeId, b: &NodeId) -> Result<bool, Stop> {
        if a == b {
            return Ok(true);
        }
        let mut k = self.kernel();
        let (Some(x), Some(y)) = (self.value(&mut k, a)?, self.value(&mut k, b)?) else {
            return Ok(false);
        };
        Ok(x == y)
    }

    fn value(&self, k: &mut Kernel, id: &NodeId) -> Result<Option<GameId>, Stop> {
        // An entry valued before is read straight from the kernel: a name bound twice
        // (`options-are-sets`) asks this of every pair of options, and the general path
        // below walks the entry and starts an evaluation only to read the same value.
        if let Some(v) = (*id < AUX).then(|| k.reference_value(*id)).flatten() {
            return Ok(Some(v));
        }
        let node = if *id < AUX { None } else { self.node(*id) };
        if let Some(v) = node.as_ref().and_then(|n| n.value.get()) {
            return Ok(Some(v));
        }
        let t = match &node {
            Some(n) => n.term.clone(),
            None => Term::Ref(*id),
        };
        let valued = self.value_refs(k, &t).and_then(|()| k.eval(&t));
        let v = super::settle(valued.map_err(super::Fail::from))?;
        if let (Some(n), Some(v)) = (&node, v) {
            n.value.set(Some(v));
        }
        Ok(v)
    }

    /// Kept for the rules of the host's rule set, which are tried at every term.
    fn kinds(&self, rule: &Rule) -> Option<Rc<super::Kinds>> {
        let all = self.rules.rules();
        // Its place in the set, from its address: a search of the set for it was asked at
        // every rule tried that met a candidate (`position` by address, some fifty rules).
        let at = rule as *const Rule;
        let place = all
            .as_ptr_range()
            .contains(&at)
            .then(|| (at as usize - all.as_ptr() as usize) / std::mem::size_of::<Rule>());
        let Some(i) = place else {
            return crate::rules::check::bindings(&rule.pattern)
                .ok()
                .map(Rc::new);
        };
        if let Some(Some(k)) = self.kinds.borrow().get(i) {
            return k.clone();
        }
        let k = crate::rules::check::bindings(&rule.pattern)
            .ok()
            .map(Rc::new);
        let mut kinds = self.kinds.borrow_mut();
        if kinds.len() < all.len() {
            kinds.resize(all.len(), None);
        }
        if let Some(slot) = kinds.get_mut(i) {
            *slot = Some(k.clone());
        }
        k
    }

    fn kernel(&self) -> impl std::ops::DerefMut<Target = Kernel> + '_ {
        let k: RefMut<'_, Kernel> = self.kernel.borrow_mut();
        k
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::{Budget, KernelError};
    use crate::number::Dyadic;
    use crate::syntax::parse;

    fn t(s: &str) -> Term {
        parse(s).expect("test input parses")
    }

    /// A rule set of one rule, `says` and `cite` filled in after its first line.
    fn rules(text: &str) -> RuleSet {
        let (head, body) = text.split_once('\n').unwrap_or((text, ""));
        let text = format!("{head}\n  says \"test\"\n  cite \"test\"\n{body}");
        let mut r = RuleSet::empty();
        r.add_text("test.rules", &text).expect("test rules parse");
        r
    }

    /// A rule's result written straight from its template is the term the [`Built`] tree
    /// of the same first match writes out, for every built-in rule at terms of each kind.
    #[test]
    fn results_written_from_the_template_are_the_built_trees_terms() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let mut applied = 0;
        for text in [
            "{1|-1} + {2|-2}",
            "3 + {2|-2}",
            "{2|-2} + -1/2",
            "1 + 2",
            "{0, 1 | 2}",
            "{0, * | 2, 3}",
            "-{1|-1}",
            "^ + *",
            "{0|*} + *2",
            "*3",
            "{1|{0|-1}}",
            "0 + {1|-1}",
        ] {
            let term = t(text);
            for rule in r.rules() {
                let written = host.apply(rule, &term).unwrap();
                let node = host.top(&term);
                let from_tree = host.within(&node, |top| {
                    let mut built = None;
                    let found = crate::eval::first(
                        &host,
                        rule,
                        top.id,
                        top.clone(),
                        &mut |b| {
                            built = crate::eval::build(&host, &rule.result, b)?;
                            Ok(built.is_some())
                        },
                        &|| false,
                    )
                    .unwrap();
                    found
                        .zip(built)
                        .map(|(b, out)| host.expanded(&host.term(&out, &b)))
                });
                applied += usize::from(written.is_some());
                assert_eq!(
                    written.map(|(_, out)| host.expanded(&out)),
                    from_tree,
                    "{} at {text}",
                    rule.name
                );
            }
        }
        assert!(applied >= 12, "{applied}");
    }

    /// The quick shape test skips only rules that match nothing: over every built-in rule
    /// and terms of every kind and side size, a rule it turns down has no match at all.
    #[test]
    fn a_rule_turned_down_by_its_shape_has_no_match() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let terms = [
            "{|}",
            "{0|}",
            "{|0}",
            "{0|0}",
            "{0,*|0,*}",
            "{0,1,2|3}",
            "{1|0,*,-1}",
            "{^|v}",
            "{0||0|-1}",
            "{{1|0}|}",
            "{0,*2,*|*,0}",
            "{1/2|1,2,3,4}",
            "{1|-1} + {2|-2}",
            "-{1|0}",
            "+-{1,2}",
            "3",
            "*2",
            "^*",
            "1/2",
            "{5|4} + 1",
        ];
        let mut skipped = 0;
        for src in terms {
            let term = t(src);
            let node = host.top(&term);
            for rule in r.rules() {
                if !crate::eval::may_match(&host, &rule.pattern, &node) {
                    skipped += 1;
                    let found = host.matches(&rule.pattern, &term).unwrap_or_default();
                    assert!(found.is_empty(), "{} matches {src}", rule.name);
                }
            }
        }
        // It does turn most rules down somewhere (else it would spare nothing).
        assert!(skipped > terms.len() * r.rules().len() / 4, "{skipped}");
    }

    /// The literal test turns a rule down only where it matches nothing: over every built-in
    /// rule and sums and negations of closed forms with and without the literals the rules
    /// ask for (`0`, `*`, `^`, `1/2`), and a rule file whose literal is the second operand
    /// behind a game pattern (which it must not turn down before the game is matched).
    #[test]
    fn a_rule_turned_down_by_a_literal_has_no_match() {
        let builtin = RuleSet::builtin();
        let late = rules("rule late-zero\n  match { ..L | ..R } + int(0)\n  yield { ..L | ..R }");
        let terms = [
            "0 + {1|-1}",
            "{1|-1} + 0",
            "3 + {1|-1}",
            "{1|-1} + 3",
            "0 + 0",
            "1/2 + 0",
            "* + 0",
            "0 + *",
            "^ + 0",
            "{1|-1} + ^",
            "-0",
            "-3",
            "-{1|0}",
            "2 + 1",
            "1 + 2",
            "{1|-1} + {2|-2}",
            "0 + 1/2",
        ];
        let (mut skipped, mut kept) = (0, 0);
        for r in [&builtin, &late] {
            let host = TermHost::new(r);
            for src in terms {
                let term = t(src);
                let node = host.top(&term);
                for rule in r.rules() {
                    let found = host.matches(&rule.pattern, &term).unwrap_or_default();
                    if host.literals_may_match(&rule.pattern, &node) {
                        kept += 1;
                    } else {
                        skipped += 1;
                        assert!(found.is_empty(), "{} matches {src}", rule.name);
                    }
                }
            }
            // A game behind the literal keeps the rule: the game is matched first.
            let node = host.top(&t("{1|-1} + 3"));
            if let Some(rule) = r.rules().iter().find(|r| r.name == "late-zero") {
                assert!(host.literals_may_match(&rule.pattern, &node));
            }
        }
        // It does turn rules down (`zero-sum-*` at a sum with a number that is not 0).
        assert!(skipped >= 8 && kept > skipped, "{skipped} {kept}");
    }

    /// The shape test reads no more of a node than its key: every built-in rule turns down
    /// all nodes of one key or none (the proof composer sorts the rules once per key), over
    /// terms whose keys meet with different children, options and closed forms.
    #[test]
    fn the_shape_test_depends_on_the_shape_key_only() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let terms = [
            "{|}",
            "{0|}",
            "{1|}",
            "{*|}",
            "{|0}",
            "{|-3/4}",
            "{0|0}",
            "{^|v}",
            "{1|-1}",
            "{0,*|0,*}",
            "{1,2|3,4}",
            "{0,1,2|3}",
            "{*2,1/2,{1|}|-1}",
            "{1|-1} + {2|-2}",
            "{1|-1} + {2|-2,3}",
            "3 + {5|4}",
            "1/2 + {5|4,0}",
            "{5|4} + 3",
            "{5|4} + -1",
            "3 + 4",
            "0 + *",
            "0 + {1|-1}",
            "{1|-1} + 0",
            "({1|-1} + 2) + 3",
            "3 + ({1|-1} + 2)",
            "({1|-1} + 2) + ({2|-2} + 1)",
            "-{1|0}",
            "-{2|1,0}",
            "-(1 + {1|0})",
            "-(2 + {1|0})",
            "-2",
            "-3",
            "+-{1,2}",
            "+-{3}",
            "3",
            "*2",
            "^*",
            "0",
        ];
        let mut by_key: FxHashMap<ShapeKey, (String, Vec<bool>)> = FxHashMap::default();
        let mut shared = 0;
        for src in terms {
            let node = host.top(&t(src));
            let fits: Vec<bool> = r
                .rules()
                .iter()
                .map(|rule| host.may_apply(rule, &node))
                .collect();
            match by_key.get(&host.shape_key(&node)) {
                Some((first, seen)) => {
                    shared += 1;
                    assert_eq!(seen, &fits, "{src} and {first}");
                }
                None => {
                    by_key.insert(host.shape_key(&node), (src.to_string(), fits));
                }
            }
        }
        // Keys do meet (else nothing was compared), and they part what the test parts.
        assert!(shared >= 8, "{shared}");
        assert!(by_key.len() >= 10, "{}", by_key.len());
    }

    fn show(t: &Term) -> String {
        t.to_string()
    }

    #[test]
    fn picks_take_each_option_in_turn_and_the_rest_is_the_others() {
        let r = rules("rule pick\n  match { a, ..L | ..R }\n  yield { a | }\n");
        let host = TermHost::new(&r);
        let ms = host
            .matches(&r.rules()[0].pattern, &t("{0, 1, 2 | *}"))
            .unwrap();
        let got: Vec<(String, Vec<String>, Vec<String>)> = ms
            .iter()
            .map(|b| {
                let b = host.full(b);
                let set = |n: &str| {
                    b.sets
                        .iter()
                        .find(|(k, _)| k == n)
                        .map(|(_, s)| s.iter().map(show).collect())
                        .unwrap_or_default()
                };
                (show(&b.game_terms()[0].1), set("L"), set("R"))
            })
            .collect();
        let s = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            got,
            vec![
                ("0".into(), s(&["1", "2"]), s(&["*"])),
                ("1".into(), s(&["0", "2"]), s(&["*"])),
                ("2".into(), s(&["0", "1"]), s(&["*"])),
            ]
        );
    }

    #[test]
    fn a_side_without_rest_must_be_matched_entirely() {
        let r = rules("rule one\n  match { a | }\n  yield a\n");
        let host = TermHost::new(&r);
        let p = &r.rules()[0].pattern;
        assert_eq!(host.matches(p, &t("{1|}")).unwrap().len(), 1);
        assert!(host.matches(p, &t("{1, 2|}")).unwrap().is_empty());
        assert!(host.matches(p, &t("{1|2}")).unwrap().is_empty());
    }

    #[test]
    fn a_name_bound_twice_must_stand_for_equal_games() {
        let r = rules("rule twice\n  match { a | a }\n  yield int(0)\n");
        let host = TermHost::new(&r);
        let p = &r.rules()[0].pattern;
        // Written differently, equal in value: {0|} = 1.
        assert_eq!(host.matches(p, &t("{1 | {0|}}")).unwrap().len(), 1);
        assert!(host.matches(p, &t("{1 | 2}")).unwrap().is_empty());
    }

    #[test]
    fn leaf_patterns_bind_values_and_check_literals() {
        let r = rules("rule n\n  match int(n) + nim(1)\n  yield int(n + 1)\n");
        let host = TermHost::new(&r);
        let rule = &r.rules()[0];
        let (m, out) = host.apply(rule, &t("3 + *")).unwrap().expect("matches");
        assert_eq!(m.values, vec![("n".into(), Dyadic::from(3))]);
        assert_eq!(show(&out), "4");
        assert!(host.apply(rule, &t("1/2 + *")).unwrap().is_none());
        assert!(host.apply(rule, &t("3 + *2")).unwrap().is_none());
    }

    #[test]
    fn a_closed_option_is_opened_by_its_definition_but_the_top_never_is() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        // reversible-left looks inside a Left option: `^` = {0|*} is opened to be looked in.
        let rule = r.get("reversible-left").unwrap();
        let (_, out) = host
            .apply(rule, &t("{^ | 1}"))
            .unwrap()
            .expect("^ reverses");
        let mut k = Kernel::new();
        assert_eq!(k.eval(&out), k.eval(&t("{^ | 1}")));
        // At the top a closed form is what is written there: no game pattern matches `^`.
        let pick = rules("rule g\n  match { ..L | ..R }\n  yield int(0)\n");
        let host = TermHost::new(&pick);
        assert!(host
            .matches(&pick.rules()[0].pattern, &t("^"))
            .unwrap()
            .is_empty());
    }

    #[test]
    fn conditions_decide_by_value_and_results_are_built_from_the_parts() {
        let r = RuleSet::builtin();
        let host = TermHost::new(&r);
        let rule = r.get("dominated-left").unwrap();
        let (m, out) = host.apply(rule, &t("{0, 1 | 2}")).unwrap().expect("0 <= 1");
        assert_eq!(show(&m.game_terms()[0].1), "0");
        assert_eq!(show(&out), "{1|2}");
        // Incomparable options: nothing is dominated.
        assert!(host.apply(rule, &t("{0, * | 2}")).unwrap().is_none());
    }

    /// A limit reached deciding a condition is an error, never a false condition: with the
    /// kernel cancelled, the same step that applies with a fresh kernel gives `Stop`.
    #[test]
    fn a_kernel_limit_while_deciding_a_condition_is_a_stop_not_false() {
        let r = RuleSet::builtin();
        let rule = r.get("dominated-left").unwrap();
        let g = t("{{1|-1} + {2|-2} + {3|-3}, {1|-1} + {2|-2} + {3|-3} + 1 | 8}");
        assert!(TermHost::new(&r).apply(rule, &g).unwrap().is_some());
        for budget in [
            Budget {
                max_work: 1,
                ..Budget::default()
            },
            Budget {
                max_games: 4,
                ..Budget::default()
            },
        ] {
            let mut k = Kernel::new();
            k.set_budget(budget);
            let host = TermHost::with_kernel(&r, k);
            match host.apply(rule, &g) {
                Err(Stop::Kernel(KernelError::Limit { .. })) => {}
                other => panic!("expected a kernel limit, got {other:?}"),
            }
            // The condition on its own says the same.
            let ms = host.matches(&rule.pattern, &g).unwrap();
            let kinds = crate::rules::check::bindings(&rule.pattern).unwrap();
            assert!(matches!(
                crate::eval::conditions(&host, rule, &ms[0], &kinds),
                Err(Stop::Kernel(KernelError::Limit { .. }))
            ));
        }
    }
}
