//! CGSuite's notation for misère canonical forms, read and printed.
//!
//! **Input** (CGSuite's list input, "Misère Theory" tutorial): `*[n]` is the nim heap of size
//! n; `*[a, b, …]` the game whose options are a, b, …, where an integer n stands for the nim
//! heap `*[n]`, a bracketed list `[…]` for the game with those options, and any misère
//! expression (`*[4] + *[2]`, parentheses allowed) for itself. `*[[2]]` is the game whose only
//! option is `*[2]`; `*[[2],0]` has the options `*[2#]` and `*[0]`.
//!
//! **Output** (CGSuite's printer, which this reimplements from its description): a nim heap
//! prints as its size (`&n;` from 10 on); a game with one option prints that option followed by
//! `#` (`2#` = {*2}); a game with several prints its options in descending canonical order,
//! each compound one in parentheses (`(2#1)2##`). Sums with nim heaps are written as
//! subscripts, in brackets in plain text: when G − *i (i ≥ 2, of G's parity) exists and is born
//! earlier than G, G prints as that difference subscripted `i` (`2[2]` = *2 + *2); when G + *i
//! is born earlier, as that sum subscripted `-i`; an odd game as its even part subscripted `1`.
//! Subscripts chain left to right: `2[#2#]` is {{*2} + *2}.
//!
//! The printed notation is also read back when the text inside `*[…]` has no comma and is not
//! a bare integer (`*[2#0]`, `*[(2#1)2##]`, `*[2[2]]`): juxtaposed items are options, `#` makes a
//! game of one option, a bracketed subscript adds (`k`) or subtracts (`-k`) nim heaps or applies
//! `#`. A bare integer is always a heap (`*[42]` is the heap of 42, as CGSuite reads it).

use super::{MId, Misere};
use crate::kernel::KernelError;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// A reading error: the message and the character offset (from 0) in the text read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// What is wrong.
    pub message: String,
    /// Where, as a character offset into the text inside `*[…]`.
    pub at: usize,
}

/// Reads the text inside `*[…]`.
pub fn read(m: &mut Misere, text: &str) -> Result<Result<MId, ReadError>, KernelError> {
    let chars: Vec<char> = text.chars().collect();
    let printed = !chars.contains(&',')
        && !chars.contains(&'*')
        && !chars.contains(&'+')
        && chars.first() != Some(&'[')
        && !chars
            .iter()
            .all(|c| c.is_ascii_digit() || c.is_whitespace());
    let mut r = Reader { chars, i: 0, m };
    let out = if printed {
        r.printed_top()
    } else {
        r.input_top()
    };
    match out {
        Ok(Ok(g)) => {
            r.skip_ws();
            if r.i < r.chars.len() {
                Ok(Err(r.err(format!("unexpected `{}`", r.chars[r.i]))))
            } else {
                Ok(Ok(g))
            }
        }
        other => other,
    }
}

struct Reader<'a> {
    chars: Vec<char>,
    i: usize,
    m: &'a mut Misere,
}

type R = Result<Result<MId, ReadError>, KernelError>;

/// An item of an input list: a game, or a bracketed list still to be made into a game.
enum Item {
    Game(MId),
    List(Vec<MId>),
}

macro_rules! tri {
    ($e:expr) => {
        match $e? {
            Ok(v) => v,
            Err(e) => return Ok(Err(e)),
        }
    };
}

/// The next character must be `$c`, else the reading error is returned as [`tri!`] returns one.
macro_rules! expect {
    ($r:expr, $c:expr) => {
        if let Err(e) = $r.expect($c) {
            return Ok(Err(e));
        }
    };
}

impl Reader<'_> {
    fn err(&self, message: impl Into<String>) -> ReadError {
        ReadError {
            message: message.into(),
            at: self.i,
        }
    }
    fn skip_ws(&mut self) {
        while self.i < self.chars.len() && self.chars[self.i].is_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.chars.get(self.i).copied()
    }
    fn expect(&mut self, c: char) -> Result<(), ReadError> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            let msg = match self.peek() {
                Some(d) => format!("expected `{c}`, found `{d}`"),
                None => format!("expected `{c}`, found the end"),
            };
            Err(self.err(msg))
        }
    }
    fn integer(&mut self) -> Result<Result<usize, ReadError>, KernelError> {
        self.skip_ws();
        let start = self.i;
        while self.i < self.chars.len() && self.chars[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let s: String = self.chars[start..self.i].iter().collect();
        match s.parse::<usize>() {
            Ok(n) if n <= MAX_HEAP => Ok(Ok(n)),
            Ok(_) | Err(_) if !s.is_empty() => Ok(Err(ReadError {
                message: format!("the heap {s} is too large (at most {MAX_HEAP})"),
                at: start,
            })),
            _ => Ok(Err(self.err("expected a heap size, `[`, `*[` or `(`"))),
        }
    }

    // ---- CGSuite's list input ----

    fn input_top(&mut self) -> R {
        let items = tri!(self.input_list(']'));
        if items.len() == 1 {
            let it = items.into_iter().next().expect("one item");
            return self.item_game(it);
        }
        let mut opts = Vec::with_capacity(items.len());
        for it in items {
            opts.push(tri!(self.item_game(it)));
        }
        Ok(Ok(self.m.game(opts)?))
    }

    fn item_game(&mut self, it: Item) -> R {
        Ok(Ok(match it {
            Item::Game(g) => g,
            Item::List(opts) => self.m.game(opts)?,
        }))
    }

    /// Items separated by commas, up to (not including) `close` or the end.
    fn input_list(&mut self, close: char) -> Result<Result<Vec<Item>, ReadError>, KernelError> {
        let mut items = Vec::new();
        if self.peek() == Some(close) || self.peek().is_none() {
            return Ok(Ok(items));
        }
        loop {
            items.push(tri!(self.input_sum()));
            if self.peek() == Some(',') {
                self.i += 1;
            } else {
                return Ok(Ok(items));
            }
        }
    }

    fn input_sum(&mut self) -> Result<Result<Item, ReadError>, KernelError> {
        let first = tri!(self.input_atom());
        if self.peek() != Some('+') {
            return Ok(Ok(first));
        }
        let mut acc = tri!(self.item_game(first));
        while self.peek() == Some('+') {
            self.i += 1;
            let next = tri!(self.input_atom());
            let g = tri!(self.item_game(next));
            acc = self.m.add(acc, g)?;
        }
        Ok(Ok(Item::Game(acc)))
    }

    fn input_atom(&mut self) -> Result<Result<Item, ReadError>, KernelError> {
        match self.peek() {
            Some('[') => {
                self.i += 1;
                let items = tri!(self.input_list(']'));
                expect!(self, ']');
                let mut opts = Vec::with_capacity(items.len());
                for it in items {
                    opts.push(tri!(self.item_game(it)));
                }
                Ok(Ok(Item::List(opts)))
            }
            Some('*') => {
                self.i += 1;
                expect!(self, '[');
                let start = self.i;
                let mut depth = 1;
                while self.i < self.chars.len() {
                    match self.chars[self.i] {
                        '[' => depth += 1,
                        ']' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    self.i += 1;
                }
                if depth != 0 {
                    return Ok(Err(self.err("`*[` is not closed by `]`")));
                }
                let inner: String = self.chars[start..self.i].iter().collect();
                self.i += 1;
                match read(self.m, &inner)? {
                    Ok(g) => Ok(Ok(Item::Game(g))),
                    Err(e) => Ok(Err(ReadError {
                        message: e.message,
                        at: start + e.at,
                    })),
                }
            }
            Some('(') => {
                self.i += 1;
                let it = tri!(self.input_sum());
                expect!(self, ')');
                Ok(Ok(it))
            }
            _ => {
                let n = tri!(self.integer());
                Ok(Ok(Item::Game(self.m.heap(n)?)))
            }
        }
    }

    // ---- the printed notation ----

    fn printed_top(&mut self) -> R {
        self.printed_word(None)
    }

    /// Juxtaposed items up to `close` (or the end): one item is itself, several are options.
    fn printed_word(&mut self, close: Option<char>) -> R {
        let mut items = Vec::new();
        loop {
            match self.peek() {
                None => break,
                Some(c) if Some(c) == close => break,
                _ => items.push(tri!(self.printed_item())),
            }
        }
        match items.len() {
            0 => Ok(Err(self.err("expected a game"))),
            1 => Ok(Ok(items[0])),
            _ => Ok(Ok(self.m.game(items)?)),
        }
    }

    /// An atom (a digit, `&n;`, or a parenthesised word) and its postfix `#`s and subscripts.
    fn printed_item(&mut self) -> R {
        let mut g = match self.peek() {
            Some('(') => {
                self.i += 1;
                let g = tri!(self.printed_word(Some(')')));
                expect!(self, ')');
                g
            }
            Some('&') => {
                self.i += 1;
                let n = tri!(self.integer());
                expect!(self, ';');
                self.m.heap(n)?
            }
            Some(c) if c.is_ascii_digit() => {
                self.i += 1;
                self.m.heap(c as usize - '0' as usize)?
            }
            Some(c) => return Ok(Err(self.err(format!("unexpected `{c}`")))),
            None => return Ok(Err(self.err("expected a game"))),
        };
        loop {
            match self.chars.get(self.i) {
                Some('#') => {
                    self.i += 1;
                    g = self.m.game(vec![g])?;
                }
                Some('[') => {
                    self.i += 1;
                    g = tri!(self.subscripts(g));
                    expect!(self, ']');
                }
                _ => return Ok(Ok(g)),
            }
        }
    }

    /// A subscript: `#`, a heap k (added) or `-k` (subtracted), applied left to right.
    fn subscripts(&mut self, mut g: MId) -> R {
        loop {
            match self.peek() {
                Some(']') | None => return Ok(Ok(g)),
                Some('#') => {
                    self.i += 1;
                    g = self.m.game(vec![g])?;
                }
                Some('-') => {
                    self.i += 1;
                    let at = self.i;
                    let k = tri!(self.heap_digit());
                    let h = self.m.heap(k)?;
                    // Complete (Conway's parts): a difference not found does not exist.
                    match self.m.subtract(g, h)? {
                        Some(d) => g = d,
                        None => {
                            return Ok(Err(ReadError {
                                message: format!(
                                    "*[{k}] is not a part of G, so G − *[{k}] does not exist"
                                ),
                                at,
                            }))
                        }
                    }
                }
                _ => {
                    let k = tri!(self.heap_digit());
                    let h = self.m.heap(k)?;
                    g = self.m.add(g, h)?;
                }
            }
        }
    }

    fn heap_digit(&mut self) -> Result<Result<usize, ReadError>, KernelError> {
        match self.peek() {
            Some('&') => {
                self.i += 1;
                let n = tri!(self.integer());
                expect!(self, ';');
                Ok(Ok(n))
            }
            Some(c) if c.is_ascii_digit() => {
                self.i += 1;
                Ok(Ok(c as usize - '0' as usize))
            }
            _ => Ok(Err(self.err("expected a heap size (a digit or `&n;`)"))),
        }
    }
}

/// The largest heap written in the notation.
pub const MAX_HEAP: usize = 4096;

/// CGSuite's order of simplest forms (used to list options when printing): by the even
/// part's birthday, number of options, G⁺, G⁻ and options (in this order, recursively), then
/// the even game before the odd one.
pub fn order(m: &mut Misere, a: MId, b: MId) -> Result<Ordering, KernelError> {
    if a == b {
        return Ok(Ordering::Equal);
    }
    // The order recurses into both games' sorted options and is not memoised: each look
    // counts as work, so printing a wide form stops at the budget.
    m.tick()?;
    let (ea, eb) = (m.even_part(a)?, m.even_part(b)?);
    if ea == eb {
        // Even before odd.
        return Ok((a != ea).cmp(&(b != eb)));
    }
    let key = |m: &Misere, g: MId| (m.birthday(g), m.options(g).len(), m.gplus(g), m.gminus(g));
    let c = key(m, ea).cmp(&key(m, eb));
    if c != Ordering::Equal {
        return Ok(c);
    }
    let (oa, ob) = (sorted_options(m, ea)?, sorted_options(m, eb)?);
    for (x, y) in oa.iter().zip(ob.iter()) {
        let c = order(m, *x, *y)?;
        if c != Ordering::Equal {
            return Ok(c);
        }
    }
    Ok(ea.cmp(&eb))
}

/// The options of `g` in CGSuite's order, ascending.
pub fn sorted_options(m: &mut Misere, g: MId) -> Result<Vec<MId>, KernelError> {
    let mut opts = m.options(g).to_vec();
    // Insertion sort with a fallible comparison (option lists are short).
    for i in 1..opts.len() {
        let mut j = i;
        while j > 0 && order(m, opts[j - 1], opts[j])? == Ordering::Greater {
            opts.swap(j - 1, j);
            j -= 1;
        }
    }
    Ok(opts)
}

fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// `g` as CGSuite prints it: `*[2#0]`.
pub fn print(m: &mut Misere, g: MId) -> Result<String, KernelError> {
    let mut out = String::from("*[");
    let mut open = false;
    let mut shapes = FxHashMap::default();
    write(m, &mut shapes, g, &mut out, false, &mut open)?;
    if open {
        out.push(']');
    }
    out.push(']');
    Ok(out)
}

/// How a game is written, decided once per game: the text of a simplest form is its tree
/// written out, in which a shared subgame appears many times (kayles(22)'s is 20 million
/// characters), and deciding a game's shape costs sums and differences of heaps.
#[derive(Clone)]
enum Shape {
    /// The heap of this size.
    Heap(u32),
    /// `d` followed by the heap k added: g = d + *k.
    Plus(MId, u32),
    /// `s` followed by `-k`: g = s − *k.
    Minus(MId, u32),
    /// The even part followed by `1`: g = e + *1.
    Odd(MId),
    /// One option followed by `#`.
    Single(MId),
    /// The options, written in CGSuite's order from the last.
    Options(Vec<MId>),
}

fn shape(m: &mut Misere, g: MId) -> Result<Shape, KernelError> {
    let b = m.birthday(g);
    if m.as_heap(g)?.is_some() {
        return Ok(Shape::Heap(b));
    }
    let odd = m.is_odd(g)?;
    let mut i = if odd { 3 } else { 2 };
    while i < b {
        m.tick()?;
        let h = m.heap(i as usize)?;
        if let Some(d) = m.subtract(g, h)? {
            if m.birthday(d) < b {
                return Ok(Shape::Plus(d, i));
            }
        }
        let s = m.add(g, h)?;
        if m.birthday(s) < b {
            return Ok(Shape::Minus(s, i));
        }
        i += 2;
    }
    if odd {
        return Ok(Shape::Odd(m.even_part(g)?));
    }
    let opts = sorted_options(m, g)?;
    Ok(match opts[..] {
        [o] => Shape::Single(o),
        _ => Shape::Options(opts),
    })
}

/// Writes `g`; `open` says whether a subscript follows this chain (its `[` is written after
/// the innermost heap, and the caller closes it).
fn write(
    m: &mut Misere,
    shapes: &mut FxHashMap<MId, Shape>,
    g: MId,
    out: &mut String,
    paren: bool,
    open: &mut bool,
) -> Result<(), KernelError> {
    m.tick()?;
    let known = shapes.get(&g).cloned();
    let sh = match known {
        Some(sh) => sh,
        None => {
            let sh = shape(m, g)?;
            shapes.insert(g, sh.clone());
            sh
        }
    };
    match sh {
        Shape::Heap(b) => {
            out.push_str(&digit(b));
            if *open {
                out.push('[');
            }
        }
        Shape::Plus(d, i) => {
            *open = true;
            write(m, shapes, d, out, true, open)?;
            out.push_str(&digit(i));
        }
        Shape::Minus(s, i) => {
            *open = true;
            write(m, shapes, s, out, true, open)?;
            out.push('-');
            out.push_str(&digit(i));
        }
        Shape::Odd(e) => {
            *open = true;
            write(m, shapes, e, out, true, open)?;
            out.push('1');
        }
        Shape::Single(o) => {
            write(m, shapes, o, out, true, open)?;
            out.push('#');
        }
        Shape::Options(opts) => {
            if paren {
                out.push('(');
            }
            for &o in opts.iter().rev() {
                let mut inner = false;
                write(m, shapes, o, out, true, &mut inner)?;
                if inner {
                    out.push(']');
                }
            }
            if paren {
                out.push(')');
            }
            if *open {
                out.push('[');
            }
        }
    }
    Ok(())
}

/// A form as a reader other than the arena made it (the misère proof checker's DAG): its
/// distinct subforms, each after its options, the form itself last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormNode {
    /// The nim heap of this size.
    Heap(usize),
    /// The game whose options are these earlier nodes (by index).
    Game(Vec<usize>),
}

/// The most characters [`print_form`] writes of a form that is not a simplest form (written
/// out as a tree, such a form's text can double with each level).
#[cfg(feature = "cli")]
pub const MAX_FORM_TEXT: usize = 4_096;

/// A form given by its own tree of options, printed as CGSuite prints it: a simplest form in
/// the printed notation (`*[2#0]`), the same text `simplify --misere` prints, and otherwise
/// its options written out in CGSuite's list input (`*[[1], 2]`), each option that is a
/// simplest form in its own notation and each that is not as a bracketed list, so the text
/// reads back as this game (the same in CGSuite). `None` when that text would be longer than
/// [`MAX_FORM_TEXT`] (or the nodes are not in order).
///
/// Only the *printing* trusts the arena: a node is made in `m` only when its options are
/// simplest forms and no deletion of `rules/misere.rules` applies to it (then it is a simplest
/// form, and `m` holds it as it is); a node the arena would simplify is written as its own
/// options, never as the arena's simplification of it.
#[cfg(feature = "cli")]
pub fn print_form(m: &mut Misere, nodes: &[FormNode]) -> Result<Option<String>, KernelError> {
    let mut ids: Vec<Option<MId>> = Vec::with_capacity(nodes.len());
    for (i, node) in nodes.iter().enumerate() {
        m.tick()?;
        let id = match node {
            FormNode::Heap(n) if *n <= MAX_HEAP => Some(m.heap(*n)?),
            FormNode::Heap(_) => None,
            FormNode::Game(opts) => {
                if opts.iter().any(|&o| o >= i) {
                    return Ok(None);
                }
                match opts.iter().map(|&o| ids[o]).collect::<Option<Vec<MId>>>() {
                    Some(mut kids) => {
                        kids.sort_unstable();
                        kids.dedup();
                        if kids.len() == opts.len() && m.reduction(&kids)?.is_none() {
                            Some(m.game(kids)?)
                        } else {
                            None
                        }
                    }
                    None => None,
                }
            }
        };
        ids.push(id);
    }
    let Some(root) = nodes.len().checked_sub(1) else {
        return Ok(None);
    };
    if let Some(g) = ids[root] {
        return Ok(Some(print(m, g)?));
    }
    let FormNode::Game(opts) = &nodes[root] else {
        return Ok(None);
    };
    let mut out = String::from("*[");
    // One option alone would read as a heap (`*[1]` is *1): bracketed, it is the game of it.
    let one = opts.len() == 1;
    if one {
        out.push('[');
    }
    if !write_options(m, nodes, &ids, opts, &mut out)? {
        return Ok(None);
    }
    if one {
        out.push(']');
    }
    out.push(']');
    Ok(Some(out))
}

/// Writes `opts` as the items of a list input, separated by commas; false when the text
/// grows past [`MAX_FORM_TEXT`].
#[cfg(feature = "cli")]
fn write_options(
    m: &mut Misere,
    nodes: &[FormNode],
    ids: &[Option<MId>],
    opts: &[usize],
    out: &mut String,
) -> Result<bool, KernelError> {
    for (k, &o) in opts.iter().enumerate() {
        m.tick()?;
        if k > 0 {
            out.push_str(", ");
        }
        match (ids[o], &nodes[o]) {
            (_, FormNode::Heap(n)) => out.push_str(&n.to_string()),
            (Some(g), _) => out.push_str(&print(m, g)?),
            (None, FormNode::Game(inner)) => {
                out.push('[');
                if !write_options(m, nodes, ids, inner, out)? {
                    return Ok(false);
                }
                out.push(']');
            }
        }
        if out.len() > MAX_FORM_TEXT {
            return Ok(false);
        }
    }
    Ok(true)
}
