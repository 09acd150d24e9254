//! CGSuite's notation for loopy games, read into a game graph: `pass` (inside braces, a move
//! to the game itself), the constants `on` `{pass|}`, `off` `{|pass}`, `over` `{0|pass}`,
//! `under` `{pass|0}`, `upon` `{pass|*}` and `dud` `{pass|pass}`, and labels: a name directly
//! before `{` labels that game, and the name inside it refers back (`a{0|{*|a}}`; labels may
//! nest). Braces take CGSuite's slashes (`{0||0|a}` = `{0|{0|a}}`). Any other leaf (`1/2`,
//! `*3`, `^`, `v2`) is a short game, read by the short-game parser. Sums and negatives of
//! whole games are written with spaces (`on + off`, `- over`) and may not contain a reference
//! to a label still being defined.
//!
//! Errors carry their line and column: a label used but never defined, a label defined twice,
//! `pass` outside braces, an unbalanced brace, a short-game leaf the short parser refuses.

use super::{Graph, Loopy, Work};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::syntax::ParseError;
use crate::term::{Arg, Term};

/// What went wrong reading a loopy game.
#[derive(Debug)]
pub enum ReadError {
    /// Bad input, with its place.
    Parse(ParseError),
    /// A short game could not be evaluated, or the budget ran out.
    Kernel(KernelError),
}

impl From<KernelError> for ReadError {
    fn from(e: KernelError) -> Self {
        ReadError::Kernel(e)
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Parse(e) => write!(f, "{}", e.render()),
            ReadError::Kernel(e) => write!(f, "{e}"),
        }
    }
}

/// Reads `src` as a loopy game.
pub fn read(src: &str, kernel: &mut Kernel, work: &mut Work) -> Result<Loopy, ReadError> {
    let mut r = Reader {
        src,
        chars: src.char_indices().collect(),
        at: 0,
        graph: Graph::with_vertices(0),
        open: Vec::new(),
        labels: Vec::new(),
        defined: Vec::new(),
        kernel,
        work,
    };
    let v = r.expr(0)?;
    r.skip_space();
    if r.at < r.chars.len() {
        return Err(r.error(r.at, 1, "expected the end of the game"));
    }
    Ok(Loopy::new(&r.graph, v).unwrap_or_else(Loopy::zero))
}

/// An option as read: a vertex, or `pass` (the game whose options it is among).
#[derive(Clone, Copy)]
enum Opt {
    Vertex(u32),
    Pass,
}

/// One element of a brace's body: an option or a run of bars.
enum Elem {
    Opt(Opt),
    Bars(usize, usize),
}

const DEPTH: usize = 500;

struct Reader<'a> {
    src: &'a str,
    chars: Vec<(usize, char)>,
    at: usize,
    graph: Graph,
    /// Vertices of braces being read (innermost last): references into them may not be summed.
    open: Vec<u32>,
    /// Labels in scope: name and vertex.
    labels: Vec<(String, u32)>,
    /// Every label defined so far.
    defined: Vec<String>,
    kernel: &'a mut Kernel,
    work: &'a mut Work,
}

fn no_calls(_: &mut Kernel, name: &str, _: &[Arg]) -> Result<GameId, KernelError> {
    Err(KernelError::Function {
        name: name.to_string(),
        message: "functions, and quotients such as 1/3 (not short games), are not read inside loopy games"
            .to_string(),
        calls: Vec::new(),
    })
}

impl Reader<'_> {
    fn error(&self, at: usize, len: usize, message: &str) -> ReadError {
        let byte = self.chars.get(at).map_or(self.src.len(), |c| c.0);
        let before = &self.src[..byte];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.src[line_start..byte].chars().count() + 1;
        let source_line = self.src[line_start..]
            .split('\n')
            .next()
            .unwrap_or("")
            .trim_end_matches('\r')
            .to_string();
        ReadError::Parse(ParseError {
            line,
            column,
            message: message.to_string(),
            source_line,
            length: len.max(1),
        })
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|c| c.1)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// Copies a game into the graph, returning the vertex of its root.
    fn place(&mut self, g: &Loopy) -> Result<u32, ReadError> {
        self.work.vertices(self.graph.len() + g.len())?;
        let base = self.graph.len() as u32;
        for v in 0..g.len() as u32 {
            let l = g.graph().left(v).iter().map(|t| t + base).collect();
            let r = g.graph().right(v).iter().map(|t| t + base).collect();
            let nv = self.graph.add_vertex();
            self.graph.set_options(nv, l, r);
        }
        Ok(base + g.root())
    }

    /// The finished game at vertex `v`, or an error when it reaches a brace still open.
    fn finished(&self, v: u32, at: usize) -> Result<Loopy, ReadError> {
        let reach = self.graph.reachable(v);
        if reach.iter().any(|u| self.open.contains(u)) {
            return Err(self.error(
                at,
                1,
                "a sum or negative may not refer to a label whose game is still being defined",
            ));
        }
        Ok(Loopy::new(&self.graph, v).unwrap_or_else(Loopy::zero))
    }

    /// `[-] atom { (+|-) atom }`, the operators spaced.
    fn expr(&mut self, depth: usize) -> Result<u32, ReadError> {
        self.skip_space();
        let start = self.at;
        let negate = self.peek() == Some('-')
            && self
                .chars
                .get(self.at + 1)
                .is_some_and(|c| c.1.is_whitespace() || c.1 == '{' || c.1 == '(');
        if negate {
            self.at += 1;
        }
        let mut v = self.atom(depth)?;
        if negate {
            let g = self.finished(v, start)?.neg();
            v = self.place(&g)?;
        }
        loop {
            let save = self.at;
            self.skip_space();
            let op = self.peek();
            let spaced = self.at > save
                && self
                    .chars
                    .get(self.at + 1)
                    .is_some_and(|c| c.1.is_whitespace());
            if !(spaced && matches!(op, Some('+') | Some('-'))) {
                self.at = save;
                return Ok(v);
            }
            let op_at = self.at;
            self.at += 1;
            let w = self.atom(depth)?;
            let a = self.finished(v, start)?;
            let mut b = self.finished(w, op_at)?;
            if op == Some('-') {
                b = b.neg();
            }
            let s = a.add(&b, self.work)?;
            v = self.place(&s)?;
        }
    }

    fn atom(&mut self, depth: usize) -> Result<u32, ReadError> {
        if depth > DEPTH {
            return Err(self.error(self.at, 1, "nested too deeply"));
        }
        self.skip_space();
        let start = self.at;
        match self.peek() {
            None => Err(self.error(start, 1, "expected a game")),
            Some('{') => self.braces(None, depth),
            Some('(') => {
                self.at += 1;
                let v = self.expr(depth + 1)?;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err(self.error(self.at, 1, "expected `)`"));
                }
                self.at += 1;
                Ok(v)
            }
            Some(c) if c.is_ascii_alphabetic() => {
                let mut end = start;
                while self
                    .chars
                    .get(end)
                    .is_some_and(|c| c.1.is_ascii_alphanumeric() || c.1 == '_')
                {
                    end += 1;
                }
                let name: String = self.chars[start..end].iter().map(|c| c.1).collect();
                if self.chars.get(end).map(|c| c.1) == Some('{') {
                    if self.defined.contains(&name) {
                        return Err(self.error(
                            start,
                            end - start,
                            &format!("the label `{name}` is defined twice"),
                        ));
                    }
                    self.defined.push(name.clone());
                    self.at = end;
                    return self.braces(Some(name), depth);
                }
                if let Some(&(_, v)) = self.labels.iter().rev().find(|(n, _)| *n == name) {
                    self.at = end;
                    return Ok(v);
                }
                let constant = match name.as_str() {
                    "on" => Some(Loopy::on()),
                    "off" => Some(Loopy::off()),
                    "over" => Some(Loopy::over()),
                    "under" => Some(Loopy::under()),
                    "dud" => Some(Loopy::dud()),
                    "upon" => {
                        let star = self.short_text("*", start)?;
                        let star = Loopy::from_short(self.kernel, star, self.work)?;
                        Some(Loopy::from_options(&[], &[&star], self.work).map(|g| {
                            let mut gr = g.graph().clone();
                            let r = gr.right(0).to_vec();
                            gr.set_options(0, vec![0], r);
                            Loopy::new(&gr, 0).unwrap_or_else(Loopy::zero)
                        })?)
                    }
                    "pass" => {
                        return Err(self.error(
                            start,
                            4,
                            "`pass` stands for a move to the game itself and may only be an option inside braces",
                        ))
                    }
                    _ => None,
                };
                if let Some(g) = constant {
                    self.at = end;
                    return self.place(&g);
                }
                self.leaf(depth)
            }
            Some(_) => self.leaf(depth),
        }
    }

    /// A short-game leaf: the characters up to the next separator.
    fn leaf(&mut self, _depth: usize) -> Result<u32, ReadError> {
        let start = self.at;
        let mut end = start;
        while self
            .chars
            .get(end)
            .is_some_and(|c| !c.1.is_whitespace() && !",|{}()&".contains(c.1))
        {
            end += 1;
        }
        if end == start {
            return Err(self.error(start, 1, "expected a game"));
        }
        let text: String = self.chars[start..end].iter().map(|c| c.1).collect();
        let id = self.short_text(&text, start)?;
        self.at = end;
        let g = Loopy::from_short(self.kernel, id, self.work)?;
        self.place(&g)
    }

    fn short_text(&mut self, text: &str, start: usize) -> Result<GameId, ReadError> {
        let is_name = text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        let t = match crate::syntax::parse(text) {
            Ok(t) => t,
            Err(_) if is_name => Term::Name(text.to_string()),
            Err(e) => {
                return Err(self.error(start + e.column.saturating_sub(1), e.length, &e.message))
            }
        };
        if let Term::Name(n) = &t {
            return Err(self.error(
                start,
                text.chars().count(),
                &format!("the label `{n}` is used but never defined (a label names the braces it is written before)"),
            ));
        }
        match self.kernel.eval_with(&t, no_calls) {
            Err(KernelError::Function { message, .. }) => {
                Err(self.error(start, text.chars().count(), &format!("`{text}`: {message}")))
            }
            r => Ok(r?),
        }
    }

    /// `{ … }`, after an optional label; the cursor is on `{`.
    fn braces(&mut self, label: Option<String>, depth: usize) -> Result<u32, ReadError> {
        let open_at = self.at;
        self.at += 1;
        let v = self.graph.add_vertex();
        self.open.push(v);
        let scoped = label.is_some();
        if let Some(l) = label {
            self.labels.push((l, v));
        }
        let mut elems = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None => return Err(self.error(open_at, 1, "this `{` is never closed")),
                Some('}') => {
                    self.at += 1;
                    break;
                }
                Some('|') => {
                    let s = self.at;
                    while self.peek() == Some('|') {
                        self.at += 1;
                    }
                    elems.push(Elem::Bars(self.at - s, s));
                }
                Some(',') => {
                    self.at += 1;
                }
                Some(_) => {
                    let s = self.at;
                    let is_pass = self.chars[s..]
                        .iter()
                        .take(4)
                        .map(|c| c.1)
                        .eq("pass".chars())
                        && !self
                            .chars
                            .get(s + 4)
                            .is_some_and(|c| c.1.is_ascii_alphanumeric() || c.1 == '_');
                    if is_pass {
                        self.at += 4;
                        elems.push(Elem::Opt(Opt::Pass));
                    } else {
                        let o = self.expr(depth + 1)?;
                        elems.push(Elem::Opt(Opt::Vertex(o)));
                    }
                }
            }
        }
        if scoped {
            self.labels.pop();
        }
        self.build(v, &elems, open_at)?;
        self.open.pop();
        Ok(v)
    }

    /// Sets the options of `v` from a body, splitting at its longest run of bars.
    fn build(&mut self, v: u32, elems: &[Elem], open_at: usize) -> Result<(), ReadError> {
        let most = elems
            .iter()
            .filter_map(|e| match e {
                Elem::Bars(k, _) => Some(*k),
                Elem::Opt(_) => None,
            })
            .max();
        let Some(most) = most else {
            return Err(self.error(
                open_at,
                1,
                "braces need a `|` between Left's and Right's options",
            ));
        };
        let splits: Vec<usize> = elems
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Elem::Bars(k, _) if *k == most))
            .map(|(i, _)| i)
            .collect();
        if splits.len() > 1 {
            let at = match elems[splits[1]] {
                Elem::Bars(_, s) => s,
                Elem::Opt(_) => open_at,
            };
            return Err(self.error(
                at,
                most,
                "two bar runs of the same length: which one splits the game?",
            ));
        }
        let (left, right) = elems.split_at(splits[0]);
        let right = &right[1..];
        let l = self.side(v, left, open_at)?;
        let r = self.side(v, right, open_at)?;
        self.graph.set_options(v, l, r);
        Ok(())
    }

    /// One side's options: the options themselves, or, if bars remain, one game of them.
    fn side(&mut self, v: u32, elems: &[Elem], open_at: usize) -> Result<Vec<u32>, ReadError> {
        if elems.iter().any(|e| matches!(e, Elem::Bars(..))) {
            let w = self.graph.add_vertex();
            self.build(w, elems, open_at)?;
            return Ok(vec![w]);
        }
        Ok(elems
            .iter()
            .filter_map(|e| match e {
                Elem::Opt(Opt::Vertex(t)) => Some(*t),
                Elem::Opt(Opt::Pass) => Some(v),
                Elem::Bars(..) => None,
            })
            .collect())
    }
}
