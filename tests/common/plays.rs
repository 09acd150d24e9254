//! The soundness judge for misère and loopy proofs (issue 45, point 3): is an equality that
//! `onag check` accepted in misère or loopy play true? Written from the definitions here,
//! sharing nothing with the producer (`src/misere`, `src/loopy`) nor with the checkers
//! (`src/proof/misere_check.rs`, `src/proof/loopy/`): only the parsed terms (`onag::Term`)
//! and the file's term table as read are taken from the library.
//!
//! Misère play (impartial games): G = H iff their misère simplest forms are identical
//! (Conway, ONAG ch. 12; Siegel, CGT V.1). A form is made simplest bottom up: its options'
//! simplest forms, then a reversible option bypassed, by the definition: G = H when every
//! option of H is an option of G and every option of G that is not one of H has H as an
//! option, provided H ≠ 0 or G has a misère P-position among its options (G and 0 then have
//! the same outcome). Such an H is an option of an option of G, so the search is finite.
//! Outcomes by the definition: P when there are options and all are N.
//!
//! Loopy play: a value is its onside and its offside; G = H iff G⁺ = H⁺ and G⁻ = H⁻, each
//! side order decided by survival (Siegel, CGT VI.1 and VI.4–5; Winning Ways ch. 11): P ≥ Q
//! when Left, moving second in P − Q, is never left without a move, and an infinite play
//! counts for her when it moves infinitely often in a component that favours her (a
//! component read as an onside in P, or as an offside in Q, whose negative is an onside).
//! A stopper has one side, so both readings agree on it. `onside(G)` is the stopper G⁺,
//! `offside(G)` the stopper G⁻, `A & B` the value with onside A⁺ and offside B⁻ (refused
//! unless A⁺ ≥ B⁻). Game graphs are read from the terms by the definitions: braces, `pass`
//! (a move to the braces it is written in), labels, table entries (a brace entry a vertex,
//! so cycles close), `on`, `off`, `dud`, `over`, `under`, `upon`, short games in closed
//! forms, sums and negatives, and Backsliding Toads and Frogs strips by a move generator
//! written here from the rules (Winning Ways ch. 12; CGSuite's `BackslidingToadsAndFrogs`).
#![allow(dead_code)]

use onag::{Arg, Term, TermTable};
use std::collections::HashMap;

/// Most forms or states either judge makes for one claim before it gives up (undecided).
const MAX_STATES: usize = 400_000;

// ---------------------------------------------------------------------------------------------
// Misère play.

/// Impartial forms in misère simplest form, interned: a form is its sorted set of options.
#[derive(Default)]
pub struct Misere {
    forms: Vec<Vec<usize>>,
    ids: HashMap<Vec<usize>, usize>,
    /// Misère P-position, by form.
    p: Vec<bool>,
    sums: HashMap<(usize, usize), usize>,
    /// Exact forms (options as sets, nothing simplified), to read terms by.
    exact: Vec<Vec<usize>>,
    ex_ids: HashMap<Vec<usize>, usize>,
    ex_sums: HashMap<(usize, usize), usize>,
    /// Each exact form's simplest form.
    simp: HashMap<usize, usize>,
    /// Heap-game positions' exact forms.
    heaps: HashMap<(Vec<u8>, usize), usize>,
}

impl Misere {
    pub fn new() -> Self {
        Self::default()
    }

    fn intern(&mut self, opts: Vec<usize>) -> Result<usize, String> {
        if let Some(&g) = self.ids.get(&opts) {
            return Ok(g);
        }
        if self.forms.len() >= MAX_STATES {
            return Err("more misère forms than the judge makes".into());
        }
        let p = !opts.is_empty() && opts.iter().all(|&o| !self.p[o]);
        let g = self.forms.len();
        self.forms.push(opts.clone());
        self.p.push(p);
        self.ids.insert(opts, g);
        Ok(g)
    }

    /// The simplest form of the game whose options are these simplest forms.
    pub fn simplest(&mut self, mut opts: Vec<usize>) -> Result<usize, String> {
        opts.sort_unstable();
        opts.dedup();
        let some_p = opts.iter().any(|&o| self.p[o]);
        for &g1 in &opts {
            for &h in &self.forms[g1] {
                let hs = &self.forms[h];
                if hs.is_empty() && !some_p {
                    continue;
                }
                let inside = hs.iter().all(|x| opts.binary_search(x).is_ok());
                let others = opts
                    .iter()
                    .filter(|x| hs.binary_search(x).is_err())
                    .all(|&x| self.forms[x].binary_search(&h).is_ok());
                if inside && others {
                    return Ok(h);
                }
            }
        }
        self.intern(opts)
    }

    pub fn zero(&mut self) -> usize {
        self.intern(Vec::new()).unwrap_or(0)
    }

    /// *n.
    pub fn nim(&mut self, n: usize) -> Result<usize, String> {
        let mut opts = Vec::new();
        for k in 0..n {
            opts.push(self.nim(k)?);
        }
        self.simplest(opts)
    }

    pub fn add(&mut self, a: usize, b: usize) -> Result<usize, String> {
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.sums.get(&key) {
            return Ok(s);
        }
        let mut opts = Vec::new();
        for x in self.forms[a].clone() {
            opts.push(self.add(x, b)?);
        }
        for y in self.forms[b].clone() {
            opts.push(self.add(a, y)?);
        }
        let s = self.simplest(opts)?;
        self.sums.insert(key, s);
        Ok(s)
    }

    pub fn is_p(&self, g: usize) -> bool {
        self.p[g]
    }

    pub fn options(&self, g: usize) -> &[usize] {
        &self.forms[g]
    }

    /// The simplest form of a term: impartial braces (both sides the same options as forms),
    /// nim heaps, sums, heap-game positions.
    pub fn value(&mut self, t: &Term) -> Result<usize, String> {
        let e = self.exact(t)?;
        self.simplest_of(e)
    }

    /// The simplest form of an exact form.
    fn simplest_of(&mut self, e: usize) -> Result<usize, String> {
        if let Some(&g) = self.simp.get(&e) {
            return Ok(g);
        }
        let mut opts = Vec::new();
        for o in self.exact[e].clone() {
            opts.push(self.simplest_of(o)?);
        }
        let g = self.simplest(opts)?;
        self.simp.insert(e, g);
        Ok(g)
    }

    /// An exact form (no simplification): its options as a set.
    fn ex(&mut self, mut opts: Vec<usize>) -> Result<usize, String> {
        opts.sort_unstable();
        opts.dedup();
        if let Some(&g) = self.ex_ids.get(&opts) {
            return Ok(g);
        }
        if self.exact.len() >= MAX_STATES {
            return Err("more forms than the judge makes".into());
        }
        self.exact.push(opts.clone());
        self.ex_ids.insert(opts, self.exact.len() - 1);
        Ok(self.exact.len() - 1)
    }

    fn ex_heap(&mut self, n: usize) -> Result<usize, String> {
        let mut opts = Vec::new();
        for k in 0..n {
            opts.push(self.ex_heap(k)?);
        }
        self.ex(opts)
    }

    fn ex_add(&mut self, a: usize, b: usize) -> Result<usize, String> {
        let key = (a.min(b), a.max(b));
        if let Some(&s) = self.ex_sums.get(&key) {
            return Ok(s);
        }
        let mut opts = Vec::new();
        for x in self.exact[a].clone() {
            opts.push(self.ex_add(x, b)?);
        }
        for y in self.exact[b].clone() {
            opts.push(self.ex_add(a, y)?);
        }
        let s = self.ex(opts)?;
        self.ex_sums.insert(key, s);
        Ok(s)
    }

    /// A heap of a take-and-break game: `digits[k]` for taking k tokens, bit 1 leaving no
    /// heap, bit 2 one heap, bit 4 two nonempty heaps (`digits[0]`: splitting alone).
    fn heap(&mut self, digits: &[u8], n: usize) -> Result<usize, String> {
        if let Some(&g) = self.heaps.get(&(digits.to_vec(), n)) {
            return Ok(g);
        }
        let mut opts = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let m = n - k;
            if k > 0 && m == 0 && d & 1 != 0 {
                opts.push(self.ex(Vec::new())?);
            }
            if k > 0 && m > 0 && d & 2 != 0 {
                opts.push(self.heap(digits, m)?);
            }
            if d & 4 != 0 {
                for a in 1..m {
                    let (x, y) = (self.heap(digits, a)?, self.heap(digits, m - a)?);
                    opts.push(self.ex_add(x, y)?);
                }
            }
        }
        let g = self.ex(opts)?;
        self.heaps.insert((digits.to_vec(), n), g);
        Ok(g)
    }

    /// The exact form a term writes.
    fn exact(&mut self, t: &Term) -> Result<usize, String> {
        match t {
            Term::Game { left, right } => {
                let l = left
                    .iter()
                    .map(|o| self.exact(o))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = right
                    .iter()
                    .map(|o| self.exact(o))
                    .collect::<Result<Vec<_>, _>>()?;
                let (a, b) = (self.ex(l)?, self.ex(r)?);
                if a != b {
                    return Err(format!("{t} is not impartial"));
                }
                Ok(a)
            }
            Term::Sum(a, b) => {
                let (x, y) = (self.exact(a)?, self.exact(b)?);
                self.ex_add(x, y)
            }
            Term::Nus { .. } => {
                let s = t.to_string();
                let n = match s.as_str() {
                    "0" => 0,
                    "*" => 1,
                    _ => s
                        .strip_prefix('*')
                        .and_then(|k| k.parse::<usize>().ok())
                        .filter(|&k| k <= 64)
                        .ok_or_else(|| format!("{s} is no nim heap of the judge's"))?,
                };
                self.ex_heap(n)
            }
            Term::Call { name, args } => {
                let (digits, n) = heap_call(name, args)
                    .ok_or_else(|| format!("{t}: the judge plays no such position"))?;
                if n > 40 {
                    return Err(format!("{t}: a heap larger than the judge plays"));
                }
                self.heap(&digits, n)
            }
            _ => Err(format!("{t}: no impartial form the judge reads")),
        }
    }
}

/// A heap game's position as its take-and-break digits and heap size.
fn heap_call(name: &str, args: &[Arg]) -> Option<(Vec<u8>, usize)> {
    let size = |t: &Term| -> Option<usize> { t.as_number()?.to_string().parse().ok() };
    match (name, args) {
        ("kayles", [Arg::Game(n)]) => Some((vec![0, 7, 7], size(n)?)),
        ("dawsons_kayles", [Arg::Game(n)]) => Some((vec![0, 0, 7], size(n)?)),
        ("octal", [Arg::Text(code), Arg::Game(n)]) => {
            let (a, b) = code.split_once('.')?;
            // d0's bit 1 (take nothing and leave no heap) moves only from an empty heap, which
            // is no position: `1.137` plays as `0.137`, and `5.…` as `4.…`.
            let d0 = match a {
                "" | "0" | "1" => 0,
                "4" | "5" => 4,
                _ => return None,
            };
            let mut digits = vec![d0];
            for c in b.chars() {
                digits.push(c.to_digit(8)? as u8);
            }
            (digits.len() >= 2).then_some((digits, size(n)?))
        }
        ("subtraction", [Arg::Text(set), Arg::Game(n)]) => {
            let mut digits = vec![0u8];
            for k in set.split(',') {
                let k: usize = k.trim().parse().ok().filter(|k| (1..=64).contains(k))?;
                if digits.len() <= k {
                    digits.resize(k + 1, 0);
                }
                digits[k] = 3;
            }
            Some((digits, size(n)?))
        }
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Loopy play.

/// Game graphs: Left's and Right's options of each vertex.
#[derive(Default, Clone)]
pub struct Graphs {
    pub l: Vec<Vec<usize>>,
    pub r: Vec<Vec<usize>>,
}

/// One summand of a side: a vertex, read as its onside (`true`) or offside.
type Comp = (usize, bool);

/// One side of a loopy value.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    /// The sum of these components, each read as its onside or offside.
    Of(Vec<Comp>),
    /// The same value as the other side: the value is a stopper known by its other side
    /// only (`onside(G)` of a game G that is no stopper: its offside is G⁺ too).
    Same,
    /// Not known to the judge (a sum with such a stopper in it).
    Unknown,
}

/// A loopy value: its onside and its offside.
#[derive(Clone, Debug)]
pub struct Sided {
    pub on: Side,
    pub off: Side,
}

/// The loopy judge for one file: graphs read from its terms and table.
pub struct Loopy<'t> {
    pub g: Graphs,
    table: &'t TermTable,
    /// The vertex of each brace entry, and each other entry's value once read.
    entries: HashMap<u32, usize>,
    reading: Vec<u32>,
    negs: HashMap<usize, usize>,
}

impl<'t> Loopy<'t> {
    pub fn new(table: &'t TermTable) -> Self {
        Self {
            g: Graphs::default(),
            table,
            entries: HashMap::new(),
            reading: Vec::new(),
            negs: HashMap::new(),
        }
    }

    fn vertex(&mut self) -> Result<usize, String> {
        if self.g.l.len() >= MAX_STATES {
            return Err("a graph larger than the judge reads".into());
        }
        self.g.l.push(Vec::new());
        self.g.r.push(Vec::new());
        Ok(self.g.l.len() - 1)
    }

    fn with(&mut self, l: Vec<usize>, r: Vec<usize>) -> Result<usize, String> {
        let v = self.vertex()?;
        self.g.l[v] = l;
        self.g.r[v] = r;
        Ok(v)
    }

    /// Fills vertex `v` with the options of braces (`pass` a move to `v`).
    fn braces(
        &mut self,
        v: usize,
        left: &[Term],
        right: &[Term],
        labels: &mut Vec<(String, usize)>,
    ) -> Result<(), String> {
        let mut side = |me: &mut Self, opts: &[Term]| -> Result<Vec<usize>, String> {
            opts.iter()
                .map(|o| match o {
                    Term::Call { name, args } if name == "pass" && args.is_empty() => Ok(v),
                    _ => me.node(o, labels),
                })
                .collect()
        };
        let l = side(self, left)?;
        let r = side(self, right)?;
        self.g.l[v] = l;
        self.g.r[v] = r;
        Ok(())
    }

    /// The vertex of a game term.
    pub fn node(&mut self, t: &Term, labels: &mut Vec<(String, usize)>) -> Result<usize, String> {
        match t {
            Term::Game { left, right } => {
                let v = self.vertex()?;
                self.braces(v, left, right, labels)?;
                Ok(v)
            }
            Term::Call { name, args } if name == "loop" => match &args[..] {
                [Arg::Text(a), Arg::Game(Term::Game { left, right })] => {
                    let v = self.vertex()?;
                    labels.push((a.clone(), v));
                    let r = self.braces(v, left, right, labels);
                    labels.pop();
                    r.map(|_| v)
                }
                _ => Err(format!("{t}: a label names no braces")),
            },
            Term::Name(n) => labels
                .iter()
                .rev()
                .find(|(a, _)| a == n)
                .map(|&(_, v)| v)
                .ok_or_else(|| format!("label {n} undefined")),
            Term::Ref(n) => self.entry(*n),
            Term::Sum(a, b) => {
                let (x, y) = (self.node(a, labels)?, self.node(b, labels)?);
                self.sum(x, y)
            }
            Term::Neg(a) => {
                let x = self.node(a, labels)?;
                self.neg(x)
            }
            Term::PlusMinus(xs) => {
                let mut l = Vec::new();
                for x in xs {
                    l.push(self.node(x, labels)?);
                }
                let mut r = Vec::new();
                for &x in &l {
                    r.push(self.neg(x)?);
                }
                self.with(l, r)
            }
            Term::Nus { number, up, nim } => {
                let n = self.number(&number.to_string())?;
                let up: i64 = up
                    .to_string()
                    .parse()
                    .ok()
                    .filter(|u: &i64| u.abs() <= 16)
                    .ok_or("too many ups")?;
                let nim: usize = nim
                    .to_string()
                    .trim_start_matches('*')
                    .parse()
                    .ok()
                    .filter(|&k| k <= 16)
                    .ok_or("a nimber too large")?;
                let mut g = n;
                let s = self.star(1)?;
                let zero = self.with(vec![], vec![])?;
                let u = if up >= 0 {
                    self.with(vec![zero], vec![s])?
                } else {
                    self.with(vec![s], vec![zero])?
                };
                for _ in 0..up.abs() {
                    g = self.sum(g, u)?;
                }
                if nim > 0 {
                    let st = self.star(nim)?;
                    g = self.sum(g, st)?;
                }
                Ok(g)
            }
            Term::Call { name, args } if args.is_empty() => self.named(name),
            Term::Call { name, args } if name == "backsliding_toads_and_frogs" => match &args[..] {
                [Arg::Text(s)] => self.strip(s),
                _ => Err(format!("{t}: a strip is one text")),
            },
            _ => Err(format!("{t}: no loopy game the judge reads")),
        }
    }

    /// Entry `n` of the table: a brace entry is a vertex made before its options are read.
    fn entry(&mut self, n: u32) -> Result<usize, String> {
        if let Some(&v) = self.entries.get(&n) {
            return Ok(v);
        }
        let e = self
            .table
            .view(n)
            .cloned()
            .ok_or_else(|| format!("#{n} is not in the table"))?;
        let mut labels = Vec::new();
        match &e {
            Term::Game { left, right } => {
                let v = self.vertex()?;
                self.entries.insert(n, v);
                self.braces(v, left, right, &mut labels)?;
                Ok(v)
            }
            _ => {
                if self.reading.contains(&n) {
                    return Err(format!("#{n} names itself outside braces"));
                }
                self.reading.push(n);
                let v = self.node(&e, &mut labels);
                self.reading.pop();
                let v = v?;
                self.entries.insert(n, v);
                Ok(v)
            }
        }
    }

    fn named(&mut self, name: &str) -> Result<usize, String> {
        let v = self.vertex()?;
        match name {
            "on" => self.g.l[v] = vec![v],
            "off" => self.g.r[v] = vec![v],
            "dud" => {
                self.g.l[v] = vec![v];
                self.g.r[v] = vec![v];
            }
            "over" => {
                let z = self.with(vec![], vec![])?;
                self.g.l[v] = vec![z];
                self.g.r[v] = vec![v];
            }
            "under" => {
                let z = self.with(vec![], vec![])?;
                self.g.l[v] = vec![v];
                self.g.r[v] = vec![z];
            }
            "upon" => {
                let s = self.star(1)?;
                self.g.l[v] = vec![v];
                self.g.r[v] = vec![s];
            }
            other => return Err(format!("`{other}` is no game the judge knows")),
        }
        Ok(v)
    }

    /// *n by its definition.
    fn star(&mut self, n: usize) -> Result<usize, String> {
        let mut opts = Vec::new();
        for k in 0..n {
            opts.push(self.star(k)?);
        }
        self.with(opts.clone(), opts)
    }

    /// A dyadic number written `a` or `a/2^k`: an integer k is {k−1|} (or {|k+1}), a
    /// fraction m/2^q (m odd) is {(m−1)/2^q | (m+1)/2^q}.
    fn number(&mut self, s: &str) -> Result<usize, String> {
        let (num, den): (i64, i64) = match s.split_once('/') {
            Some((a, b)) => (
                a.parse().map_err(|_| format!("{s}: no number"))?,
                b.parse().map_err(|_| format!("{s}: no number"))?,
            ),
            None => (s.parse().map_err(|_| format!("{s}: no number"))?, 1),
        };
        if num.abs() > 64 * den || den > 1 << 12 || den <= 0 || den & (den - 1) != 0 {
            return Err(format!("{s}: a number larger than the judge builds"));
        }
        self.dyadic(num, den)
    }

    fn dyadic(&mut self, num: i64, den: i64) -> Result<usize, String> {
        if den == 1 {
            if num == 0 {
                return self.with(vec![], vec![]);
            }
            let prev = self.dyadic(num - num.signum(), 1)?;
            return if num > 0 {
                self.with(vec![prev], vec![])
            } else {
                self.with(vec![], vec![prev])
            };
        }
        if num % 2 == 0 {
            return self.dyadic(num / 2, den / 2);
        }
        let (a, b) = (self.dyadic(num - 1, den)?, self.dyadic(num + 1, den)?);
        self.with(vec![a], vec![b])
    }

    /// −G: every vertex reachable from `g` with the players' options exchanged.
    pub fn neg(&mut self, g: usize) -> Result<usize, String> {
        if let Some(&v) = self.negs.get(&g) {
            return Ok(v);
        }
        let mut order = vec![g];
        let mut i = 0;
        while i < order.len() {
            let x = order[i];
            i += 1;
            if self.negs.contains_key(&x) {
                continue;
            }
            let v = self.vertex()?;
            self.negs.insert(x, v);
            for &y in self.g.l[x].iter().chain(&self.g.r[x]) {
                if !self.negs.contains_key(&y) {
                    order.push(y);
                }
            }
        }
        for &x in &order {
            let v = self.negs[&x];
            let l: Vec<usize> = self.g.r[x].iter().map(|y| self.negs[y]).collect();
            let r: Vec<usize> = self.g.l[x].iter().map(|y| self.negs[y]).collect();
            self.g.l[v] = l;
            self.g.r[v] = r;
        }
        Ok(self.negs[&g])
    }

    /// G + H by the definition: a vertex for each pair of positions reached.
    pub fn sum(&mut self, a: usize, b: usize) -> Result<usize, String> {
        let mut made: HashMap<(usize, usize), usize> = HashMap::new();
        let mut queue = vec![(a, b)];
        let root = self.vertex()?;
        made.insert((a, b), root);
        while let Some((x, y)) = queue.pop() {
            let v = made[&(x, y)];
            let mut side =
                |me: &mut Self, ox: &[usize], oy: &[usize]| -> Result<Vec<usize>, String> {
                    let pairs: Vec<(usize, usize)> = ox
                        .iter()
                        .map(|&x2| (x2, y))
                        .chain(oy.iter().map(|&y2| (x, y2)))
                        .collect();
                    let mut out = Vec::new();
                    for p in pairs {
                        let w = match made.get(&p) {
                            Some(&w) => w,
                            None => {
                                let w = me.vertex()?;
                                made.insert(p, w);
                                queue.push(p);
                                w
                            }
                        };
                        out.push(w);
                    }
                    Ok(out)
                };
            let (lx, ly) = (self.g.l[x].clone(), self.g.l[y].clone());
            let (rx, ry) = (self.g.r[x].clone(), self.g.r[y].clone());
            let l = side(self, &lx, &ly)?;
            let r = side(self, &rx, &ry)?;
            self.g.l[v] = l;
            self.g.r[v] = r;
        }
        Ok(root)
    }

    /// A Backsliding Toads and Frogs strip (`t` Left's toad, `f` Right's frog, `.` empty):
    /// a toad steps right or left into an empty square or jumps right over one frog into an
    /// empty square; a frog the same leftwards. Each strip reached is one vertex.
    fn strip(&mut self, s: &str) -> Result<usize, String> {
        if s.is_empty() || s.len() > 12 || !s.chars().all(|c| matches!(c, 't' | 'f' | '.')) {
            return Err(format!("{s:?}: no strip the judge plays"));
        }
        let mut made: HashMap<Vec<u8>, usize> = HashMap::new();
        let start = s.as_bytes().to_vec();
        let root = self.vertex()?;
        made.insert(start.clone(), root);
        let mut queue = vec![start];
        while let Some(p) = queue.pop() {
            let v = made[&p];
            let mut opts = [Vec::new(), Vec::new()];
            for (side, me, other, dir) in [(0usize, b't', b'f', 1i64), (1, b'f', b't', -1)] {
                for i in 0..p.len() {
                    if p[i] != me {
                        continue;
                    }
                    let at = |k: i64| -> Option<usize> {
                        let j = i as i64 + k;
                        (0..p.len() as i64).contains(&j).then_some(j as usize)
                    };
                    let mut to = Vec::new();
                    for k in [dir, -dir] {
                        if let Some(j) = at(k) {
                            if p[j] == b'.' {
                                to.push(j);
                            }
                        }
                    }
                    if let (Some(j1), Some(j2)) = (at(dir), at(2 * dir)) {
                        if p[j1] == other && p[j2] == b'.' {
                            to.push(j2);
                        }
                    }
                    for j in to {
                        let mut q = p.clone();
                        q.swap(i, j);
                        let w = match made.get(&q) {
                            Some(&w) => w,
                            None => {
                                let w = self.vertex()?;
                                made.insert(q.clone(), w);
                                queue.push(q);
                                w
                            }
                        };
                        opts[side].push(w);
                    }
                }
            }
            let [l, r] = opts;
            self.g.l[v] = l;
            self.g.r[v] = r;
        }
        Ok(root)
    }

    /// The value a whole term writes: a game, `onside(G)`, `offside(G)`, `A & B`, sums and
    /// negatives of these.
    pub fn value(&mut self, t: &Term) -> Result<Sided, String> {
        self.value_at(t, 0)
    }

    fn value_at(&mut self, t: &Term, depth: usize) -> Result<Sided, String> {
        if depth > 200 {
            return Err("a term nested too deep".into());
        }
        let t = match t {
            Term::Ref(n) => match self.table.view(*n) {
                Some(e @ Term::Call { name, .. }) if is_side(name) => e.clone(),
                Some(e @ (Term::Sum(..) | Term::Neg(_))) if has_side(e, self.table, 0) => e.clone(),
                _ => t.clone(),
            },
            _ => t.clone(),
        };
        match &t {
            Term::Call { name, args } if name == "onside" || name == "offside" => match &args[..] {
                [Arg::Game(x)] => {
                    let v = self.node(x, &mut Vec::new())?;
                    let on = name == "onside";
                    let (known, other) = if self.stopper(v) {
                        (Side::Of(vec![(v, on)]), Side::Of(vec![(v, !on)]))
                    } else {
                        (Side::Of(vec![(v, on)]), Side::Same)
                    };
                    Ok(if on {
                        Sided {
                            on: known,
                            off: other,
                        }
                    } else {
                        Sided {
                            on: other,
                            off: known,
                        }
                    })
                }
                _ => Err(format!("{name} takes one game")),
            },
            Term::Call { name, args } if name == "sidle" => match &args[..] {
                [Arg::Game(a), Arg::Game(b)] => {
                    let (a, b) = (self.value_at(a, depth + 1)?, self.value_at(b, depth + 1)?);
                    // A side known only as the other side of a stopper (`offside(G) & B`
                    // with G no stopper) would be read with the other side's convention:
                    // the judge leaves it unknown.
                    let on = match a.on {
                        Side::Same => Side::Unknown,
                        x => x,
                    };
                    let off = match b.off {
                        Side::Same => Side::Unknown,
                        x => x,
                    };
                    // A & B names a value only when A's onside is at least B's offside:
                    // decided when both are stoppers.
                    if let (Side::Of(p), Side::Of(q)) = (&on, &off) {
                        if self.stoppers(p) && self.stoppers(q) && !self.ge_stoppers(p, q)? {
                            return Err("A & B with A's onside not at least B's offside".into());
                        }
                    }
                    Ok(Sided { on, off })
                }
                _ => Err("`&` joins two games".into()),
            },
            Term::Sum(a, b) if has_side(&t, self.table, 0) => {
                let (a, b) = (self.value_at(a, depth + 1)?, self.value_at(b, depth + 1)?);
                let add = |x: Side, y: Side| match (x, y) {
                    (Side::Of(x), Side::Of(y)) => Side::Of([x, y].concat()),
                    (Side::Same, Side::Same) => Side::Same,
                    _ => Side::Unknown,
                };
                Ok(Sided {
                    on: add(a.on, b.on),
                    off: add(a.off, b.off),
                })
            }
            Term::Neg(a) if has_side(&t, self.table, 0) => {
                let a = self.value_at(a, depth + 1)?;
                let on = self.neg_side(a.off)?;
                let off = self.neg_side(a.on)?;
                Ok(Sided { on, off })
            }
            _ => {
                let v = self.node(&t, &mut Vec::new())?;
                Ok(Sided {
                    on: Side::Of(vec![(v, true)]),
                    off: Side::Of(vec![(v, false)]),
                })
            }
        }
    }

    /// −(a side): each component negated, an onside becoming an offside.
    fn neg_side(&mut self, s: Side) -> Result<Side, String> {
        Ok(match s {
            Side::Of(cs) => {
                let mut out = Vec::new();
                for (v, on) in cs {
                    out.push((self.neg(v)?, !on));
                }
                Side::Of(out)
            }
            other => other,
        })
    }

    /// Whether the game at `v` is a stopper: no infinite alternating play from it (a cycle
    /// of the moves Left, Right, Left, … among the states (position, player to move)).
    pub fn stopper(&self, v: usize) -> bool {
        // Colour 0 unseen, 1 on the path, 2 done; state 2·vertex + (0 Left to move, 1 Right).
        let mut colour: HashMap<usize, u8> = HashMap::new();
        for start in [2 * v, 2 * v + 1] {
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            if colour.get(&start).copied().unwrap_or(0) != 0 {
                continue;
            }
            colour.insert(start, 1);
            while let Some(top) = stack.last_mut() {
                let (s, i) = *top;
                top.1 += 1;
                let (x, who) = (s / 2, s % 2);
                let opts = if who == 0 { &self.g.l[x] } else { &self.g.r[x] };
                if i < opts.len() {
                    let t = 2 * opts[i] + (1 - who);
                    match colour.get(&t).copied().unwrap_or(0) {
                        1 => return false,
                        0 => {
                            colour.insert(t, 1);
                            stack.push((t, 0));
                        }
                        _ => {}
                    }
                } else {
                    colour.insert(s, 2);
                    stack.pop();
                }
            }
        }
        true
    }

    fn stoppers(&self, cs: &[Comp]) -> bool {
        cs.iter().all(|&(v, _)| self.stopper(v))
    }

    /// P ≥ Q for sums of stoppers: Left, moving second in P − Q, survives (every infinite
    /// play hers).
    fn ge_stoppers(&self, p: &[Comp], q: &[Comp]) -> Result<bool, String> {
        let p: Vec<Comp> = p.iter().map(|&(v, _)| (v, true)).collect();
        let q: Vec<Comp> = q.iter().map(|&(v, _)| (v, false)).collect();
        self.ge(&p, &q)
    }

    /// Whether the sum `p` is at least the sum `q`: Left, moving second in p − q, survives,
    /// an infinite play hers when a component favouring her (read as an onside in `p`, as an
    /// offside in `q`) moves infinitely often. Solved as a Büchi game by its nested fixed
    /// point, swept to stability. Sound for sides read alike (all onsides, or all offsides:
    /// the upsum and downsum of ONAG ch. 11) and for stoppers, whose two sides are one.
    pub fn ge(&self, p: &[Comp], q: &[Comp]) -> Result<bool, String> {
        // Components of p − q: (vertex, negated, favours Left).
        let comps: Vec<(usize, bool, bool)> = p
            .iter()
            .map(|&(v, on)| (v, false, on))
            .chain(q.iter().map(|&(v, on)| (v, true, !on)))
            .collect();
        // States: positions of the components, then who moves (0 Left, 1 Right).
        let mut ids: HashMap<(Vec<usize>, u8), usize> = HashMap::new();
        let mut states: Vec<(Vec<usize>, u8)> = Vec::new();
        let start = (comps.iter().map(|c| c.0).collect::<Vec<_>>(), 1u8);
        ids.insert(start.clone(), 0);
        states.push(start);
        // moves[s]: (target, progress).
        let mut moves: Vec<Vec<(usize, bool)>> = Vec::new();
        let mut i = 0;
        while i < states.len() {
            let (pos, who) = states[i].clone();
            i += 1;
            let mut out = Vec::new();
            for (c, &(_, negated, favours)) in comps.iter().enumerate() {
                let v = pos[c];
                let left_moves = (who == 0) != negated;
                let opts = if left_moves {
                    &self.g.l[v]
                } else {
                    &self.g.r[v]
                };
                for &w in opts {
                    let mut np = pos.clone();
                    np[c] = w;
                    let key = (np, 1 - who);
                    let id = match ids.get(&key) {
                        Some(&id) => id,
                        None => {
                            if states.len() >= MAX_STATES {
                                return Err("more states than the judge searches".into());
                            }
                            ids.insert(key.clone(), states.len());
                            states.push(key);
                            states.len() - 1
                        }
                    };
                    out.push((id, favours));
                }
            }
            moves.push(out);
        }
        let n = states.len();
        let mut z = vec![true; n];
        loop {
            let mut y = vec![false; n];
            let mut changed = true;
            while changed {
                changed = false;
                for (s, (state, ms)) in states.iter().zip(&moves).enumerate() {
                    if y[s] {
                        continue;
                    }
                    let good = |&(t, prog): &(usize, bool)| (prog && z[t]) || y[t];
                    let ok = if state.1 == 0 {
                        ms.iter().any(good)
                    } else {
                        ms.iter().all(good)
                    };
                    if ok {
                        y[s] = true;
                        changed = true;
                    }
                }
            }
            if y == z {
                break;
            }
            z = y;
        }
        Ok(z[0])
    }

    /// The components of a side that is known, or of the other side when this one is the
    /// same stopper (then only when the other is a sum of stoppers, whose reading does not
    /// matter).
    fn known<'a>(&self, this: &'a Side, other: &'a Side) -> Option<&'a [Comp]> {
        match (this, other) {
            (Side::Of(cs), _) => Some(cs),
            (Side::Same, Side::Of(cs)) if self.stoppers(cs) => Some(cs),
            _ => None,
        }
    }

    /// Whether two values are equal: both sides, both ways; `Some(why)` when they differ,
    /// `Err` when the judge cannot tell.
    pub fn equal(&self, a: &Sided, b: &Sided) -> Result<Option<String>, String> {
        for (x, y, xo, yo, what) in [
            (&a.on, &b.on, &a.off, &b.off, "onside"),
            (&a.off, &b.off, &a.on, &b.on, "offside"),
        ] {
            match (x, y) {
                (Side::Of(p), Side::Of(q)) => {
                    if !self.ge(p, q)? {
                        return Ok(Some(format!("{what} >= fails")));
                    }
                    if !self.ge(q, p)? {
                        return Ok(Some(format!("{what} <= fails")));
                    }
                }
                (Side::Same, Side::Same) => {}
                (Side::Same, _) | (_, Side::Same) => {
                    // One value is a stopper S known by its other side, which the other
                    // side check compares; this side of the other value must then be S
                    // too, that is, equal to its own other side (stoppers compared alike).
                    let (u, uo) = if matches!(x, Side::Same) {
                        (y, yo)
                    } else {
                        (x, xo)
                    };
                    match (self.known(u, uo), self.known(uo, u)) {
                        (Some(p), Some(q)) if self.stoppers(p) && self.stoppers(q) => {
                            if !self.ge_stoppers(p, q)? || !self.ge_stoppers(q, p)? {
                                return Ok(Some(format!("{what}: not the stopper")));
                            }
                        }
                        (Some(p), Some(q)) if p == q => {}
                        _ => return Err(format!("the {what} of a side of a non-stopper")),
                    }
                }
                _ => return Err(format!("the {what} of a sum with a side in it")),
            }
        }
        Ok(None)
    }
}

fn is_side(name: &str) -> bool {
    matches!(name, "onside" | "offside" | "sidle")
}

/// Whether a term has `onside`, `offside` or `&` at its top, through sums and negatives.
fn has_side(t: &Term, table: &TermTable, depth: usize) -> bool {
    if depth > 200 {
        return false;
    }
    match t {
        Term::Call { name, .. } => is_side(name),
        Term::Sum(a, b) => has_side(a, table, depth + 1) || has_side(b, table, depth + 1),
        Term::Neg(a) => has_side(a, table, depth + 1),
        Term::Ref(n) => match table.view(*n) {
            Some(e @ (Term::Call { .. } | Term::Sum(..) | Term::Neg(_))) => {
                has_side(e, table, depth + 1)
            }
            _ => false,
        },
        _ => false,
    }
}
