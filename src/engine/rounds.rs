//! The run loop: active forms, rounds of rule application, and each application added to the
//! e-graph as a literal rule instance.

use super::*;

impl Run {
    /// Asks for every reachable closed form not yet opened to be opened; whether there was one.
    pub(super) fn want_closed_forms_open(&mut self) -> bool {
        let mut any = false;
        for (class, role, node) in self.active() {
            if role == Role::Head
                && matches!(node, Cg::Leaf(_))
                && self.state_of(class).inside.is_none()
            {
                self.wants.borrow_mut().push(class);
                any = true;
            }
        }
        any
    }

    /// Adds a term, giving each new class its node as head. The time, memory and cancel
    /// limits hold here too: a game of a million options takes seconds to add.
    pub(super) fn add_term(&mut self, t: &Term, limits: &Limits) -> Result<Id, EngineError> {
        match self.interrupt() {
            None => {}
            Some(Stop::Cancel) => {
                return Err(EngineError::Interrupted {
                    reached: describe(&self.start),
                })
            }
            Some(Stop::Limit(which)) => {
                return Err(EngineError::Limit {
                    which,
                    reached: describe(&self.start),
                })
            }
        }
        if let Some(w) = notation::head(t, limits)? {
            return self.add_term(&w, limits);
        }
        let Some(node) = Cg::of_term(t, |x| self.add_term(x, limits))? else {
            return Err(EngineError::Unsupported(
                "notation that was not written out".into(),
            ));
        };
        Ok(self.add_node(node))
    }

    /// Adds a node uncanonically and gives a new class the node as its head.
    pub(super) fn add_node(&mut self, node: Cg) -> Id {
        let id = self.egraph.add_uncanonical(node.clone());
        let class = self.egraph.find(id);
        self.states.entry(class).or_insert(State {
            head: node,
            inside: None,
        });
        id
    }

    pub(super) fn state_of(&self, class: Id) -> State {
        let class = self.egraph.find(class);
        if let Some(s) = self.states.get(&class) {
            return s.clone();
        }
        let mut nodes = self.egraph[class].nodes.clone();
        nodes.sort_by_key(rank);
        State {
            head: nodes
                .first()
                .cloned()
                .unwrap_or(Cg::Leaf(Leaf::number(Dyadic::zero()))),
            inside: None,
        }
    }

    /// The active forms reachable from the input, innermost first.
    pub(super) fn active(&self) -> Vec<(Id, Role, Cg)> {
        let mut out = Vec::new();
        let mut seen = FxHashSet::default();
        // Iterative post-order, so deep terms cannot overflow the stack.
        let mut stack: Vec<(Id, bool)> = std::iter::once(self.input)
            .chain(self.roots.iter().copied())
            .map(|r| (self.egraph.find(r), false))
            .collect();
        while let Some((class, expanded)) = stack.pop() {
            let class = self.egraph.find(class);
            let s = self.state_of(class);
            if expanded {
                out.push((class, Role::Head, s.head.clone()));
                if let Some(i) = s.inside {
                    out.push((class, Role::Inside, i));
                }
                continue;
            }
            if !seen.insert(class) {
                continue;
            }
            stack.push((class, true));
            let mut kids: Vec<Id> = s.head.children().to_vec();
            if let Some(i) = &s.inside {
                kids.extend(i.children());
            }
            for k in kids.into_iter().rev() {
                let k = self.egraph.find(k);
                if !seen.contains(&k) {
                    stack.push((k, false));
                }
            }
        }
        out
    }

    /// One round: each active form gets the first rule (by priority) that matches it, unless
    /// one of its options changed this round; then closed forms that a rule wanted to look
    /// inside are opened.
    pub(super) fn round(&mut self, reduce: &[&Rule], open: &[&Rule]) -> bool {
        let mut changed = false;
        let mut touched: FxHashSet<Id> = FxHashSet::default();
        for (class, role, node) in self.active() {
            if self.stopped() {
                // The round ends here; the loop around it says which limit.
                return true;
            }
            let class = self.egraph.find(class);
            let current = self.state_of(class);
            let still = match role {
                Role::Head => current.head == node,
                Role::Inside => current.inside.as_ref() == Some(&node),
                Role::Other => true,
            };
            if !still
                || node
                    .children()
                    .iter()
                    .any(|c| touched.contains(&self.egraph.find(*c)))
            {
                continue;
            }
            for rule in reduce {
                // An inside form exists to be looked into: it may be expanded or simplified,
                // but never folded back into a closed form.
                if role == Role::Inside && !matches!(rule.result, Template::Game(..)) {
                    continue;
                }
                if self.apply_first(rule, class, role, &node) {
                    touched.insert(self.egraph.find(class));
                    changed = true;
                    break;
                }
            }
        }
        let mut wants: Vec<Id> = self
            .wants
            .borrow_mut()
            .drain(..)
            .map(|c| self.egraph.find(c))
            .collect();
        wants.sort();
        wants.dedup();
        for class in wants {
            if self.stopped() {
                return true;
            }
            let class = self.egraph.find(class);
            if self.inside(&self.egraph, class).is_some() || self.state_of(class).inside.is_some() {
                continue;
            }
            let leaves: Vec<Cg> = self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Leaf(_)))
                .cloned()
                .collect();
            'open: for rule in open {
                for leaf in &leaves {
                    if self.apply_first(rule, class, Role::Inside, leaf) {
                        changed = true;
                        break 'open;
                    }
                }
            }
        }
        changed
    }

    /// When no active form moves: rewrites the other sum and negation nodes of the reachable
    /// classes, which congruence put there and the active forms cannot see.
    pub(super) fn round_others(&mut self, reduce: &[&Rule]) -> bool {
        let mut classes: Vec<Id> = self.active().into_iter().map(|(c, _, _)| c).collect();
        classes.dedup();
        let mut changed = false;
        for class in classes {
            if self.stopped() {
                return true;
            }
            let class = self.egraph.find(class);
            let s = self.state_of(class);
            let key_head = self.form_key(&s.head, true);
            let others: Vec<Cg> = self.egraph[class]
                .nodes
                .iter()
                .filter(|n| matches!(n, Cg::Sum(_) | Cg::Neg(_) | Cg::PlusMinus(_)))
                .filter(|n| self.form_key(n, true) != key_head)
                .cloned()
                .collect();
            'class: for node in others {
                for rule in reduce {
                    if self.apply_first(rule, class, Role::Other, &node) {
                        changed = true;
                        break 'class;
                    }
                }
            }
        }
        changed
    }

    /// Whether `node` would be a better head for `class` than its current one: a lower rank
    /// (a closed form beats a game, a game beats a sum), or a way out of a cycle. Merging
    /// equal classes can leave a head whose options lead back to its own class (x = {0 | y}
    /// with y = {x | ...}); the rules then only ever rewrite x into itself, so a node whose
    /// options do not lead back is preferred.
    pub(super) fn better_head(&self, class: Id, node: &Cg) -> bool {
        let head = self.state_of(class).head;
        if rank(node) < rank(&head) {
            return true;
        }
        if !matches!(node, Cg::Game { .. }) {
            return false;
        }
        if self.heads_reach(head.children(), class) && !self.heads_reach(node.children(), class) {
            return true;
        }
        // A head whose options all have finished game forms beats one that waits on a sum or
        // negation no rule can open (its only game form would lead back to this class).
        let finished = |n: &Cg| n.children().iter().all(|&c| self.head_term(c).is_some());
        finished(node) && !finished(&head)
    }

    /// Whether following heads from `from` reaches `target`.
    pub(super) fn heads_reach(&self, from: &[Id], target: Id) -> bool {
        let target = self.egraph.find(target);
        let mut seen = FxHashSet::default();
        let mut stack: Vec<Id> = from.to_vec();
        while let Some(c) = stack.pop() {
            let c = self.egraph.find(c);
            if c == target {
                return true;
            }
            if seen.insert(c) {
                stack.extend_from_slice(self.state_of(c).head.children());
            }
        }
        false
    }

    /// Applies the first match of `rule` on `node` that changes something. A match can be an
    /// identity once classes have merged (bypassing a reversible option of x through x itself
    /// gives back the same node); applying it would count as progress forever, so such matches
    /// are skipped and the next one tried.
    pub(super) fn apply_first(&mut self, rule: &Rule, class: Id, role: Role, node: &Cg) -> bool {
        let mut skipped: Vec<Binds> = Vec::new();
        loop {
            let found = find_match(
                &self.egraph,
                self,
                rule,
                class,
                node,
                &|b| skipped.contains(b),
                &|| self.stopped(),
            );
            let b = match found {
                Ok(Some(b)) => b,
                Ok(None) => return false,
                Err(stop) => return self.halt(stop),
            };
            match self.apply(rule, class, role, b.clone()) {
                Ok(Applied::Changed) => return true,
                Ok(Applied::Failed) => return false,
                Ok(Applied::Identity) => skipped.push(b),
                Err(stop) => return self.halt(stop),
            }
        }
    }

    /// Records a limit the evaluator reached, so the run ends with it (the round stops at its
    /// next check of the limits); `false`, nothing was applied.
    pub(super) fn halt(&self, stop: EvalStop) -> bool {
        if let EvalStop::Kernel(e) = stop {
            let which = match e {
                crate::kernel::KernelError::Limit { which } => {
                    format!("the kernel's budget ({which})")
                }
                other => other.to_string(),
            };
            self.halted.borrow_mut().get_or_insert(which);
        }
        // `GaveUp` is the run's own limit, which its next check reports.
        false
    }

    /// The node with each child replaced by its class and each side sorted, duplicates kept
    /// (`dedup` false) or dropped: with them dropped, equal keys are the same game form up to
    /// the order of options.
    pub(super) fn form_key(&self, node: &Cg, dedup: bool) -> Cg {
        let node = node.clone().map_children(|c| self.egraph.find(c));
        match node.sides() {
            Some((l, r)) => {
                let (mut l, mut r) = (l.to_vec(), r.to_vec());
                l.sort();
                r.sort();
                if dedup {
                    l.dedup();
                    r.dedup();
                }
                Cg::game(l, r)
            }
            None => node,
        }
    }

    /// Applies one match: builds the instance and the result from the same ids, unions them
    /// with a label naming the rule and the step, and moves the role's active form.
    pub(super) fn apply(
        &mut self,
        rule: &Rule,
        class: Id,
        role: Role,
        b: Binds,
    ) -> Result<Applied, EvalStop> {
        let mut slot_ids = vec![Id::from(0); b.slots.len()];
        for s in (0..b.slots.len()).rev() {
            let mut node = b.slots[s].node.clone();
            for (c, child) in b.slots.iter().enumerate().skip(s + 1) {
                if let Some((p, pos)) = child.parent {
                    if p == s {
                        if let Some(k) = node.children_mut().get_mut(pos) {
                            *k = slot_ids[c];
                        }
                    }
                }
            }
            slot_ids[s] = self.egraph.add_uncanonical(node);
        }
        let from = slot_ids[0];
        let Some(to) = self.build(&rule.result, &b, &slot_ids)? else {
            return Ok(Applied::Failed);
        };
        let to_node = self.egraph.id_to_node(to).clone();
        let from_node = &b.slots[0].node;
        let here = self.egraph.find(class);
        let own = |n: &Cg| n.children().iter().any(|&c| self.egraph.find(c) == here);
        if self.form_key(&to_node, true) == self.form_key(from_node, true)
            && to_node.children().len() >= from_node.children().len()
        {
            return Ok(Applied::Identity);
        }
        // A step on another node of the class offers a new head: it is remembered as one.
        let as_role = if role == Role::Other {
            Role::Head
        } else {
            role
        };
        let seen = (here, as_role, self.form_key(&to_node, false));
        let grows = to_node.children().len() >= from_node.children().len();
        if (grows || role == Role::Other) && self.visited.contains(&seen) {
            // Merged classes can make a chain of steps lead back to a form this class had
            // (bypass an option, then drop the duplicates the bypass brought): skip it. Only
            // a step that does not shrink the form can close such a circle.
            return Ok(Applied::Identity);
        }
        if matches!(to_node, Cg::Game { .. })
            && role != Role::Other
            && (own(&to_node) || self.heads_reach(to_node.children(), here))
            && !(own(from_node) || self.heads_reach(from_node.children(), here))
        {
            // A game among whose options is the game itself: merged classes let a bypass
            // reach back to where it started. Such a form is never a step towards the
            // canonical form, whose options are all born earlier.
            return Ok(Applied::Identity);
        }
        let step = self.steps.len();
        if role == Role::Other && !self.better_head(class, &to_node) {
            // Only a better head is worth a step here; anything else the active forms reach
            // on their own.
            return Ok(Applied::Identity);
        }
        if role != Role::Other {
            self.visited
                .insert((here, role, self.form_key(from_node, false)));
        }
        self.visited.insert(seen);
        self.steps.push(StepRecord {
            rule: rule.name.clone(),
            from,
            to,
            binds: b,
        });
        let (cf, ct) = (self.egraph.find(from), self.egraph.find(to));
        let merged_to = self.states.get(&ct).cloned();
        self.egraph
            .union_trusted(from, to, format!("{}#{}", rule.name, step));
        let root = self.egraph.find(class);
        let mut s = self.states.remove(&cf).unwrap_or_else(|| self.state_of(cf));
        match role {
            Role::Head => s.head = to_node,
            Role::Inside => s.inside = Some(to_node),
            // `better_head` said yes above.
            Role::Other => s.head = to_node,
        }
        if ct != cf {
            if let Some(other) = merged_to {
                self.states.remove(&ct);
                s = merge_states(s, other);
            }
        }
        self.states.insert(root, s);
        Ok(Applied::Changed)
    }

    /// Builds a template's result as new e-nodes: a bound part is the very id the match used
    /// (a node looked inside is the instance's rebuilt id in `slot_ids`).
    pub(super) fn build(
        &mut self,
        t: &Template,
        b: &Binds,
        slot_ids: &[Id],
    ) -> Result<Option<Id>, EvalStop> {
        let built = {
            let host = matcher::EGraphHost {
                egraph: &self.egraph,
                inside: self,
            };
            crate::eval::build(&host, t, b)?
        };
        Ok(built.and_then(|r| self.add_built(&r, slot_ids)))
    }

    pub(super) fn add_built(&mut self, r: &Built<Id>, slot_ids: &[Id]) -> Option<Id> {
        let node = match r {
            Built::Id(id) => return Some(*id),
            Built::Slot(s) => return slot_ids.get(*s).copied(),
            Built::Leaf(l) => Cg::Leaf(l.clone()),
            Built::Game(l, r) => {
                let l = l
                    .iter()
                    .map(|x| self.add_built(x, slot_ids))
                    .collect::<Option<Vec<_>>>()?;
                let r = r
                    .iter()
                    .map(|x| self.add_built(x, slot_ids))
                    .collect::<Option<Vec<_>>>()?;
                Cg::game(l, r)
            }
            Built::Sum(x, y) => {
                Cg::Sum([self.add_built(x, slot_ids)?, self.add_built(y, slot_ids)?])
            }
            Built::Neg(x) => Cg::Neg([self.add_built(x, slot_ids)?]),
        };
        Some(self.add_node(node))
    }

    /// Re-keys the class states after rebuilding merged classes.
    pub(super) fn rekey(&mut self) {
        let old = std::mem::take(&mut self.states);
        let mut keys: Vec<Id> = old.keys().copied().collect();
        keys.sort();
        let mut old = old;
        for k in keys {
            if let Some(s) = old.remove(&k) {
                let root = self.egraph.find(k);
                let merged = match self.states.remove(&root) {
                    Some(prev) => merge_states(prev, s),
                    None => s,
                };
                self.states.insert(root, merged);
            }
        }
    }
}

pub(super) fn merge_states(a: State, b: State) -> State {
    let head = if rank(&b.head) < rank(&a.head) {
        b.head
    } else {
        a.head
    };
    let inside = match (a.inside, b.inside) {
        (Some(x), Some(y)) => Some(if rank(&y) < rank(&x) { y } else { x }),
        (x, y) => x.or(y),
    };
    State { head, inside }
}
