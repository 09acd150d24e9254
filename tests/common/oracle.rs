//! The soundness campaign's judge (tests/soundness.rs, fuzz/fuzz_targets/soundness.rs): is an
//! equality that `onag check` accepted true?
//!
//! Decided without the proof checker: both sides are evaluated to canonical forms by the kernel
//! and compared. A ruleset position is not trusted to the library's readers (two readers of one
//! position language are exactly what disagreed in issue 28): the positions this file can read
//! by its own strict grammar are valued by a naive move generator written here, from the rules
//! of the game alone, each position the canonical `{L|R}` of its options' values
//! (`Kernel::from_options`). A position outside that grammar is valued by the library, as
//! `onag eval` values it.

#[path = "plays.rs"]
pub mod plays;

use onag::{Arg, GameId, Kernel, Proof, Relation, RuleSet, Term};
use serde_json::Value;
use std::collections::HashMap;

/// Most empty squares (or stones, or edges) a position may have for the naive generator.
const MAX_CELLS: usize = 14;
/// Largest heap or cake side valued naively.
const MAX_SIZE: usize = 40;

/// The judge: one kernel and the naive generators' memos.
#[derive(Default)]
pub struct Oracle {
    k: Kernel,
    memo: HashMap<String, GameId>,
    /// Positions valued by this file's generators.
    pub naive: usize,
    /// Positions outside its grammar, valued by the library's own reader.
    pub by_library: usize,
    /// Whether the last [`Oracle::decide`] met a ruleset position outside this file's strict
    /// grammar (a text it refuses): the judgement then rests on the library's reader.
    pub outside_grammar: bool,
    /// The misère judge's simplest forms.
    pub misere: plays::Misere,
}

/// What the judge decided about `a = b`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both sides have the same value.
    True,
    /// They differ: the relation found.
    False(String),
    /// A side could not be evaluated (the reason).
    Undecided(String),
}

impl Oracle {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether `a = b` (both written out: no `#n`).
    pub fn decide(&mut self, a: &Term, b: &Term) -> Verdict {
        self.outside_grammar = false;
        let (x, y) = match (self.value(a), self.value(b)) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(e), _) | (_, Err(e)) => return Verdict::Undecided(e),
        };
        match self.k.compare(x, y) {
            Ok(Relation::Equal) => Verdict::True,
            Ok(r) => Verdict::False(format!("{r:?}")),
            Err(e) => Verdict::Undecided(e.to_string()),
        }
    }

    /// The value of a term: structure by the kernel's `{L|R}`, sum and negation; ruleset
    /// positions by the naive generators where they read them; anything else by the kernel.
    pub fn value(&mut self, t: &Term) -> Result<GameId, String> {
        match t {
            Term::Game { left, right } => {
                let l = left
                    .iter()
                    .map(|o| self.value(o))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = right
                    .iter()
                    .map(|o| self.value(o))
                    .collect::<Result<Vec<_>, _>>()?;
                self.k.from_options(&l, &r).map_err(|e| e.to_string())
            }
            Term::Sum(a, b) => {
                let (x, y) = (self.value(a)?, self.value(b)?);
                self.k.add(x, y).map_err(|e| e.to_string())
            }
            Term::Neg(a) => {
                let x = self.value(a)?;
                Ok(self.k.neg(x))
            }
            Term::Call { name, args } => match self.position(name, args) {
                Some(r) => {
                    self.naive += 1;
                    r
                }
                None => {
                    self.by_library += 1;
                    self.outside_grammar |= outside_grammar(name, args);
                    self.k.eval(t).map_err(|e| e.to_string())
                }
            },
            _ => self.k.eval(t).map_err(|e| e.to_string()),
        }
    }

    /// A ruleset position valued naively, or `None` when this file does not read it.
    fn position(&mut self, name: &str, args: &[Arg]) -> Option<Result<GameId, String>> {
        match (name, args) {
            ("domineering", [Arg::Text(s)]) => {
                let b = board(s, &['.', '#'])?;
                (empties(&b, '.') <= MAX_CELLS).then(|| self.domineering(b))
            }
            ("clobber", [Arg::Text(s)]) => {
                let b = board(s, &['.', 'x', 'o'])?;
                let stones = b.len() * b.first().map_or(0, Vec::len) - empties(&b, '.');
                (stones <= MAX_CELLS).then(|| self.clobber(b))
            }
            ("toads", [Arg::Text(s)]) => {
                let row: Vec<char> = s.chars().collect();
                let ok = !row.is_empty()
                    && row.len() <= MAX_CELLS
                    && row.iter().all(|c| matches!(c, 'T' | 'F' | '.'));
                ok.then(|| self.toads(row))
            }
            ("hackenbush", [Arg::Text(s)]) => {
                let row: Vec<char> = s.chars().collect();
                let ok = !row.is_empty()
                    && row.len() <= MAX_CELLS
                    && row.iter().all(|c| matches!(c, 'L' | 'R' | 'E'));
                ok.then(|| self.hackenstring(&row))
            }
            ("cutcake", [Arg::Game(w), Arg::Game(h)]) => {
                let (w, h) = (size(w)?, size(h)?);
                (w >= 1 && h >= 1 && w * h <= MAX_SIZE).then(|| self.cutcake(w, h))
            }
            ("octal", [Arg::Text(code), Arg::Game(n)]) => {
                let digits = octal_code(code)?;
                let n = size(n)?;
                (n <= MAX_SIZE).then(|| self.heap(&format!("octal {code}"), &digits, n))
            }
            ("subtraction", [Arg::Text(set), Arg::Game(n)]) => {
                let mut digits = Vec::new();
                for k in set.split(',') {
                    let k: usize = k.parse().ok().filter(|k| (1..=64).contains(k))?;
                    if digits.len() <= k {
                        digits.resize(k + 1, 0);
                    }
                    digits[k] = 3;
                }
                let n = size(n)?;
                (!digits.is_empty() && n <= MAX_SIZE)
                    .then(|| self.heap(&format!("subtraction {set}"), &digits, n))
            }
            _ => None,
        }
    }

    fn game(&mut self, l: &[GameId], r: &[GameId]) -> Result<GameId, String> {
        self.k.from_options(l, r).map_err(|e| e.to_string())
    }

    fn memo(
        &mut self,
        key: String,
        f: impl FnOnce(&mut Self) -> Result<GameId, String>,
    ) -> Result<GameId, String> {
        if let Some(&g) = self.memo.get(&key) {
            return Ok(g);
        }
        let g = f(self)?;
        self.memo.insert(key, g);
        Ok(g)
    }

    /// Domineering: Left covers a square and the one below it, Right a square and the one to
    /// its right, both empty.
    fn domineering(&mut self, b: Vec<Vec<char>>) -> Result<GameId, String> {
        self.memo(format!("d{}", join(&b)), |me| {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            for i in 0..b.len() {
                for j in 0..b[i].len() {
                    if b[i][j] != '.' {
                        continue;
                    }
                    if i + 1 < b.len() && b[i + 1][j] == '.' {
                        let mut n = b.clone();
                        n[i][j] = '#';
                        n[i + 1][j] = '#';
                        l.push(me.domineering(n)?);
                    }
                    if j + 1 < b[i].len() && b[i][j + 1] == '.' {
                        let mut n = b.clone();
                        n[i][j] = '#';
                        n[i][j + 1] = '#';
                        r.push(me.domineering(n)?);
                    }
                }
            }
            me.game(&l, &r)
        })
    }

    /// Clobber: a stone moves onto an orthogonally adjacent stone of the other colour, which
    /// is removed (Left's stones `x`, Right's `o`).
    fn clobber(&mut self, b: Vec<Vec<char>>) -> Result<GameId, String> {
        self.memo(format!("c{}", join(&b)), |me| {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            let (h, w) = (b.len() as i64, b[0].len() as i64);
            for i in 0..h {
                for j in 0..w {
                    let me_c = b[i as usize][j as usize];
                    let other = match me_c {
                        'x' => 'o',
                        'o' => 'x',
                        _ => continue,
                    };
                    for (di, dj) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                        let (ti, tj) = (i + di, j + dj);
                        if ti < 0 || tj < 0 || ti >= h || tj >= w {
                            continue;
                        }
                        if b[ti as usize][tj as usize] == other {
                            let mut n = b.clone();
                            n[ti as usize][tj as usize] = me_c;
                            n[i as usize][j as usize] = '.';
                            let g = me.clobber(n)?;
                            if me_c == 'x' { &mut l } else { &mut r }.push(g);
                        }
                    }
                }
            }
            me.game(&l, &r)
        })
    }

    /// Toads and Frogs: a toad (`T`, Left's) steps right onto an empty square or jumps one
    /// frog into the empty square beyond; a frog (`F`, Right's) the same to the left.
    fn toads(&mut self, row: Vec<char>) -> Result<GameId, String> {
        self.memo(format!("t{}", row.iter().collect::<String>()), |me| {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            let n = row.len();
            for i in 0..n {
                let mv = |to: usize| {
                    let mut x = row.clone();
                    x.swap(i, to);
                    x
                };
                match row[i] {
                    'T' if i + 1 < n && row[i + 1] == '.' => l.push(me.toads(mv(i + 1))?),
                    'T' if i + 2 < n && row[i + 1] == 'F' && row[i + 2] == '.' => {
                        l.push(me.toads(mv(i + 2))?)
                    }
                    'F' if i >= 1 && row[i - 1] == '.' => r.push(me.toads(mv(i - 1))?),
                    'F' if i >= 2 && row[i - 1] == 'T' && row[i - 2] == '.' => {
                        r.push(me.toads(mv(i - 2))?)
                    }
                    _ => {}
                }
            }
            me.game(&l, &r)
        })
    }

    /// A Hackenbush string from the ground up: cutting edge i leaves the edges below it.
    fn hackenstring(&mut self, row: &[char]) -> Result<GameId, String> {
        self.memo(format!("h{}", row.iter().collect::<String>()), |me| {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            for (i, c) in row.iter().enumerate() {
                let g = me.hackenstring(&row[..i])?;
                if matches!(c, 'L' | 'E') {
                    l.push(g);
                }
                if matches!(c, 'R' | 'E') {
                    r.push(g);
                }
            }
            me.game(&l, &r)
        })
    }

    /// Cutcake: Left cuts a w-wide cake into two narrower ones, Right cuts across its height.
    fn cutcake(&mut self, w: usize, h: usize) -> Result<GameId, String> {
        self.memo(format!("k{w}x{h}"), |me| {
            let (mut l, mut r) = (Vec::new(), Vec::new());
            for a in 1..w {
                let (x, y) = (me.cutcake(a, h)?, me.cutcake(w - a, h)?);
                l.push(me.k.add(x, y).map_err(|e| e.to_string())?);
            }
            for b in 1..h {
                let (x, y) = (me.cutcake(w, b)?, me.cutcake(w, h - b)?);
                r.push(me.k.add(x, y).map_err(|e| e.to_string())?);
            }
            me.game(&l, &r)
        })
    }

    /// A heap of a take-away game: `digits[k]` for taking k tokens, bit 1 leaving no heap,
    /// bit 2 one heap, bit 4 two nonempty heaps (`digits[0]`: splitting without taking).
    fn heap(&mut self, code: &str, digits: &[u8], n: usize) -> Result<GameId, String> {
        self.memo(format!("o{code}:{n}"), |me| {
            let mut opts = Vec::new();
            for (k, &d) in digits.iter().enumerate() {
                if k > n {
                    break;
                }
                let m = n - k;
                if k > 0 && m == 0 && d & 1 != 0 {
                    opts.push(me.k.zero());
                }
                if k > 0 && m > 0 && d & 2 != 0 {
                    opts.push(me.heap(code, digits, m)?);
                }
                if d & 4 != 0 {
                    for a in 1..m {
                        let (x, y) = (me.heap(code, digits, a)?, me.heap(code, digits, m - a)?);
                        opts.push(me.k.add(x, y).map_err(|e| e.to_string())?);
                    }
                }
            }
            me.game(&opts, &opts)
        })
    }
}

/// Whether a call is a position of a board or row ruleset whose text this file's grammar
/// refuses (as opposed to one too large for the naive generator, or not a ruleset).
fn outside_grammar(name: &str, args: &[Arg]) -> bool {
    let text = |alphabet: &[char]| match args {
        [Arg::Text(s)] => !s.is_empty() && !s.chars().all(|c| alphabet.contains(&c)),
        _ => false,
    };
    match name {
        "domineering" => {
            text(&['.', '#', '|'])
                || matches!(args, [Arg::Text(s)] if board(s, &['.', '#']).is_none())
        }
        "clobber" => {
            text(&['.', 'x', 'o', '|'])
                || matches!(args, [Arg::Text(s)] if board(s, &['.', 'x', 'o']).is_none())
        }
        "toads" => text(&['.', 'T', 'F']),
        _ => false,
    }
}

/// A rectangular board of rows separated by `|`, every character one of `alphabet`.
fn board(s: &str, alphabet: &[char]) -> Option<Vec<Vec<char>>> {
    let b: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
    let w = b[0].len();
    let ok = w > 0
        && b.iter()
            .all(|r| r.len() == w && r.iter().all(|c| alphabet.contains(c)));
    ok.then_some(b)
}

fn empties(b: &[Vec<char>], c: char) -> usize {
    b.iter().flatten().filter(|&&x| x == c).count()
}

fn join(b: &[Vec<char>]) -> String {
    b.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// A small nonnegative integer written as a number.
fn size(t: &Term) -> Option<usize> {
    t.as_number()?.to_string().parse().ok()
}

/// An octal code `d0.d1d2…`: `d0` 0 or 4, then octal digits.
fn octal_code(code: &str) -> Option<Vec<u8>> {
    let (a, b) = code.split_once('.')?;
    let d0 = match a {
        "" | "0" => 0,
        "4" => 4,
        _ => return None,
    };
    let mut digits = vec![d0];
    for c in b.chars() {
        digits.push(c.to_digit(8)? as u8);
    }
    (digits.len() >= 2).then_some(digits)
}

/// What the judge made of a text given to `onag check`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Not a proof file or certificate at all (bad input).
    Unread,
    /// Read, and rejected.
    Rejected,
    /// Accepted, and every statement judged true (how many).
    Accepted(usize),
}

/// The campaign's property on any text: what `onag check` accepts is true. A proof file is
/// checked as `onag check` checks it ([`onag::check`], as it streams) and also whole
/// ([`Proof::from_json`] then [`Proof::check`]); when either accepts, the claim and every
/// lemma's statement must be true, and both must agree. A thermograph certificate that checks
/// must state every entry's true thermograph. `Err` says what was accepted falsely.
pub fn judge_text(text: &str, rules: &RuleSet, oracle: &mut Oracle) -> Result<Judged, Falsehood> {
    judge_inner(text, rules, oracle).map_err(|why| Falsehood {
        why,
        outside_grammar: oracle.outside_grammar,
    })
}

/// A false acceptance: what was accepted, and whether it involves a ruleset position outside
/// the strict grammar of tests/common/oracle.rs (the readers' disagreement of issue 28).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Falsehood {
    /// What was accepted, in words.
    pub why: String,
    /// Whether a position outside the grammar is involved.
    pub outside_grammar: bool,
}

fn judge_inner(text: &str, rules: &RuleSet, oracle: &mut Oracle) -> Result<Judged, String> {
    oracle.outside_grammar = false;
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        if onag::is_thermograph_certificate(&v) {
            return match onag::check_thermograph_certificate(&v) {
                Err(_) => Ok(Judged::Rejected),
                Ok(_) => match false_entry(&v) {
                    None => Ok(Judged::Accepted(v["games"].as_array().map_or(0, Vec::len))),
                    Some(why) => Err(format!("a false certificate accepted: {why}")),
                },
            };
        }
    }
    let streamed = onag::check(text, rules);
    let by_stream = streamed.is_ok();
    let parsed = Proof::from_json(text);
    let whole = parsed.as_ref().is_ok_and(|p| p.check(rules).is_ok());
    if matches!(streamed, Err(onag::Error::BadInput(_))) && parsed.is_err() {
        return Ok(Judged::Unread);
    }
    if !by_stream && !whole {
        return Ok(Judged::Rejected);
    }
    if by_stream != whole {
        return Err(format!(
            "the streaming check says {by_stream}, the whole check {whole}"
        ));
    }
    let Ok(p) = parsed else {
        return Err("accepted, but Proof::from_json refuses it".into());
    };
    match p.play {
        onag::Play::Misere => return judge_misere(&p, &mut oracle.misere),
        onag::Play::Loopy => return judge_loopy(&p),
        _ => {}
    }
    let mut claims = vec![(&p.input, &p.result, "the claim".to_string())];
    for (k, l) in p.lemmas.iter().enumerate() {
        claims.push((&l.from, &l.to, format!("lemma {k}")));
    }
    let mut judged = 0;
    for (a, b, what) in claims {
        let (Some(a), Some(b)) = (p.terms.expand(a, 1 << 20), p.terms.expand(b, 1 << 20)) else {
            return Err(format!("{what} cannot be written out"));
        };
        judged += 1;
        match oracle.decide(&a, &b) {
            Verdict::True => {}
            Verdict::False(r) => return Err(format!("{what}, {a} = {b}, is false ({r})")),
            Verdict::Undecided(e) => return Err(format!("{what}, {a} = {b}, undecided: {e}")),
        }
    }
    Ok(Judged::Accepted(judged))
}

/// The statements of an accepted proof: its claim and every lemma's.
fn statements(p: &Proof) -> Vec<(&Term, &Term, String)> {
    let mut claims = vec![(&p.input, &p.result, "the claim".to_string())];
    for (k, l) in p.lemmas.iter().enumerate() {
        claims.push((&l.from, &l.to, format!("lemma {k}")));
    }
    claims
}

/// An accepted misère proof: each statement's sides have identical misère simplest forms,
/// by tests/common/plays.rs's definitions.
fn judge_misere(p: &Proof, m: &mut plays::Misere) -> Result<Judged, String> {
    let claims = statements(p);
    for (a, b, what) in &claims {
        let (Some(a), Some(b)) = (p.terms.expand(a, 1 << 20), p.terms.expand(b, 1 << 20)) else {
            return Err(format!("{what} cannot be written out"));
        };
        match (m.value(&a), m.value(&b)) {
            (Ok(x), Ok(y)) if x == y => {}
            (Ok(_), Ok(_)) => {
                return Err(format!(
                    "{what}, {a} = {b}, is false in misère play (simplest forms differ)"
                ))
            }
            (Err(e), _) | (_, Err(e)) => {
                return Err(format!("{what}, {a} = {b}, undecided in misère play: {e}"))
            }
        }
    }
    Ok(Judged::Accepted(claims.len()))
}

/// An accepted loopy proof: each statement's sides have equal onsides and offsides, by
/// tests/common/plays.rs's survival search on graphs read from the file's terms and table.
fn judge_loopy(p: &Proof) -> Result<Judged, String> {
    let claims = statements(p);
    for (a, b, what) in &claims {
        let mut j = plays::Loopy::new(&p.terms);
        let verdict = j
            .value(a)
            .and_then(|x| Ok((x, j.value(b)?)))
            .and_then(|(x, y)| j.equal(&x, &y));
        match verdict {
            Ok(None) => {}
            Ok(Some(why)) => {
                return Err(format!("{what}, {a} = {b}, is false in loopy play ({why})"))
            }
            Err(e) => return Err(format!("{what}, {a} = {b}, undecided in loopy play: {e}")),
        }
    }
    Ok(Judged::Accepted(claims.len()))
}

/// A wall's breakpoints with the redundant ones removed: those inside a straight piece and a
/// last one reached by a flat piece (a wall is constant after its last breakpoint).
pub fn normal_wall(p: &[(onag::Dyadic, onag::Dyadic)]) -> Vec<(onag::Dyadic, onag::Dyadic)> {
    let slope = |a: &(onag::Dyadic, onag::Dyadic), b: &(onag::Dyadic, onag::Dyadic)| {
        // Slopes of a thermograph are -1, 0 or 1: compared as the rises over equal runs.
        let (dt, dx) = (&b.0 - &a.0, &b.1 - &a.1);
        if dx == dt {
            1
        } else if dx.is_zero() {
            0
        } else if (&dx + &dt).is_zero() {
            -1
        } else {
            2
        }
    };
    let mut out: Vec<(onag::Dyadic, onag::Dyadic)> = Vec::new();
    for q in p {
        if out.len() >= 2 {
            let n = out.len();
            if slope(&out[n - 2], &out[n - 1]) == slope(&out[n - 1], q) {
                out.pop();
            }
        }
        out.push(q.clone());
    }
    while out.len() >= 2 && slope(&out[out.len() - 2], &out[out.len() - 1]) == 0 {
        out.pop();
    }
    out
}

pub fn read_wall(v: &Value) -> Option<Vec<(onag::Dyadic, onag::Dyadic)>> {
    v.as_array()?
        .iter()
        .map(|p| {
            let a = p.as_array()?;
            Some((
                a.first()?.as_str()?.parse().ok()?,
                a.get(1)?.as_str()?.parse().ok()?,
            ))
        })
        .collect()
}

/// Whether every entry of an accepted certificate states its game's true thermograph, as the
/// library's thermographer (`crate::analysis`, which the certificate checker shares nothing
/// with) computes it from the kernel's canonical form; `None` when all do.
pub fn false_entry(v: &Value) -> Option<String> {
    let mut k = onag::Kernel::new();
    let mut th = onag::Thermographer::new();
    for (i, e) in v["games"].as_array()?.iter().enumerate() {
        let src = e["game"].as_str().unwrap_or_default();
        let Ok(t) = onag::parse(src) else {
            return Some(format!("entry {i}: {src} does not parse"));
        };
        let Ok(g) = k.eval(&t) else {
            return Some(format!("entry {i}: {src} has no value"));
        };
        let Ok(want) = th.of(&mut k, g) else {
            return Some(format!("entry {i}: no thermograph of {src}"));
        };
        let num = |x: &Value| x.as_str().and_then(|s| s.parse::<onag::Dyadic>().ok());
        let same = num(&e["temperature"]) == Some(want.temperature.clone())
            && num(&e["mast"]) == Some(want.mast.clone())
            && read_wall(&e["left_wall"]).map(|w| normal_wall(&w))
                == Some(normal_wall(&want.left_points()))
            && read_wall(&e["right_wall"]).map(|w| normal_wall(&w))
                == Some(normal_wall(&want.right_points()));
        if !same {
            return Some(format!(
                "entry {i}: {src} has temperature {} and mast {}, walls {:?} and {:?}",
                want.temperature,
                want.mast,
                want.left_points(),
                want.right_points()
            ));
        }
    }
    None
}
