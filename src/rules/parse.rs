//! The parser for `rules/*.rules` files.
//!
//! ```text
//! rule dominated-left
//!   says  "A left option no better for Left than another left option can be deleted."
//!   cite  "seed 004, Dominated Options, fact 5; seed 002, Lemma 2.21"
//!   group fundamental
//!   match { a, b, ..L | ..R }
//!   when  a <= b
//!   yield { b, ..L | ..R }
//! ```

use super::ast::*;
use super::RuleError;
use crate::number::Dyadic;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Str(String),
    Num(Dyadic),
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    col: usize,
    offset: usize,
}

const PUNCT: [&str; 23] = [
    "..", "<=", ">=", "==", "!=", "||", "<|", "|>", "{", "}", "|", ",", "@", "+", "-", "(", ")",
    "<", ">", ";", "=", ":", "&",
];

fn lex(file: &str, src: &str) -> Result<Vec<Token>, RuleError> {
    let mut out = Vec::new();
    let chars: Vec<(usize, char)> = src.char_indices().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut in_group = false;
    let err = |line: usize, col: usize, msg: String| RuleError::at(file, src, line, col, msg);
    while i < chars.len() {
        let (off, c) = chars[i];
        if c == '\n' {
            line += 1;
            col = 1;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '#' {
            while i < chars.len() && chars[i].1 != '\n' {
                i += 1;
            }
            continue;
        }
        let (tl, tc) = (line, col);
        if c == '"' {
            let mut s = String::new();
            i += 1;
            col += 1;
            loop {
                match chars.get(i) {
                    None | Some((_, '\n')) => {
                        return Err(err(
                            tl,
                            tc,
                            "unterminated string: expected a closing `\"`".into(),
                        ))
                    }
                    Some((_, '"')) => {
                        i += 1;
                        col += 1;
                        break;
                    }
                    Some((_, ch)) => {
                        s.push(*ch);
                        i += 1;
                        col += 1;
                    }
                }
            }
            out.push(Token {
                tok: Tok::Str(s),
                line: tl,
                col: tc,
                offset: off,
            });
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].1.is_ascii_digit() || chars[i].1 == '/') {
                i += 1;
            }
            let text: String = chars[start..i].iter().map(|p| p.1).collect();
            col += i - start;
            let v: Dyadic = text
                .parse()
                .map_err(|e| err(tl, tc, format!("bad number `{text}`: {e}")))?;
            out.push(Token {
                tok: Tok::Num(v),
                line: tl,
                col: tc,
                offset: off,
            });
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len()
                && (chars[i].1.is_alphanumeric() || chars[i].1 == '_' || chars[i].1 == '\'')
            {
                i += 1;
            }
            // Rule and group names may contain dashes (`dominated-left`); elsewhere `-` is minus.
            let names_mode = match out.last() {
                Some(Token {
                    tok: Tok::Ident(k), ..
                }) => k == "rule" || k == "group" || k == "mirror",
                Some(Token {
                    tok: Tok::Punct(","),
                    ..
                }) => in_group,
                _ => false,
            };
            while i + 1 < chars.len() && chars[i].1 == '-' && chars[i + 1].1.is_alphanumeric() {
                if !names_mode {
                    break;
                }
                i += 1;
                while i < chars.len() && (chars[i].1.is_alphanumeric() || chars[i].1 == '_') {
                    i += 1;
                }
            }
            let text: String = chars[start..i].iter().map(|p| p.1).collect();
            col += i - start;
            if CLAUSES.contains(&text.as_str()) || text == "rule" {
                in_group = text == "group";
            }
            out.push(Token {
                tok: Tok::Ident(text),
                line: tl,
                col: tc,
                offset: off,
            });
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 2)]
            .iter()
            .map(|p| p.1)
            .collect();
        let Some(p) = PUNCT.iter().find(|p| rest.starts_with(**p)) else {
            return Err(err(tl, tc, format!("unexpected character `{c}`")));
        };
        i += p.chars().count();
        col += p.chars().count();
        out.push(Token {
            tok: Tok::Punct(p),
            line: tl,
            col: tc,
            offset: off,
        });
    }
    out.push(Token {
        tok: Tok::Eof,
        line,
        col,
        offset: src.len(),
    });
    Ok(out)
}

struct Parser<'a> {
    file: &'a str,
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    /// How many patterns, templates or value expressions are open around the current token.
    depth: usize,
}

/// How deeply patterns, templates and value expressions may nest (braces, parentheses, prefix
/// `-`, `@`, and each `+` or `-` of a chain, since chains nest in the tree). The parser, the
/// checker and `Drop` all recurse on that tree, so without a bound a hostile file of a million
/// `{` would overflow the stack instead of getting an error. The shipped rules nest four deep.
pub const MAX_RULE_NESTING: usize = 100;

const CLAUSES: [&str; 9] = [
    "says", "cite", "group", "kind", "priority", "match", "when", "yield", "mirror",
];

impl<'a> Parser<'a> {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }
    fn here(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }
    /// Enters one level of nesting, refusing to go past [`MAX_RULE_NESTING`].
    fn enter(&mut self) -> Result<(), RuleError> {
        self.depth += 1;
        if self.depth > MAX_RULE_NESTING {
            return Err(self.err(format!(
                "nested too deeply: at most {MAX_RULE_NESTING} levels of braces, parentheses, prefix operators and terms of a sum"
            )));
        }
        Ok(())
    }

    fn err(&self, msg: impl Into<String>) -> RuleError {
        let t = self.here();
        RuleError::at(self.file, self.src, t.line, t.col, msg.into())
    }
    fn describe(t: &Tok) -> String {
        match t {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::Num(n) => format!("`{n}`"),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".into(),
        }
    }
    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }
    fn is_ident(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(q) if q == s)
    }
    fn expect_punct(&mut self, p: &str) -> Result<(), RuleError> {
        if self.is_punct(p) {
            self.bump();
            Ok(())
        } else {
            Err(self.err(format!(
                "expected `{p}`, found {}",
                Self::describe(self.peek())
            )))
        }
    }
    fn ident(&mut self, what: &str) -> Result<String, RuleError> {
        match self.peek().clone() {
            Tok::Ident(s) if !CLAUSES.contains(&s.as_str()) && s != "rule" => {
                self.bump();
                Ok(s)
            }
            t => Err(self.err(format!("expected {what}, found {}", Self::describe(&t)))),
        }
    }
    fn string(&mut self, what: &str) -> Result<String, RuleError> {
        match self.bump() {
            Tok::Str(s) => Ok(s),
            t => {
                self.pos -= 1;
                Err(self.err(format!(
                    "expected {what} in quotes, found {}",
                    Self::describe(&t)
                )))
            }
        }
    }

    /// After `mirror NAME`: whether `by swapping the summands` follows (the mirror is then the
    /// rule with every sum's two parts swapped, not its negation).
    fn by_swapping(&mut self) -> Result<bool, RuleError> {
        if !self.is_ident("by") {
            return Ok(false);
        }
        self.bump();
        for word in ["swapping", "the", "summands"] {
            if !self.is_ident(word) {
                return Err(self.err(format!(
                    "expected `by swapping the summands` after the mirror's name, found {}",
                    Self::describe(self.peek())
                )));
            }
            self.bump();
        }
        Ok(true)
    }

    /// One rule, and its mirror when it has a `mirror` clause.
    fn rule(&mut self) -> Result<(Rule, Option<Rule>), RuleError> {
        let start = self.here().clone();
        if !self.is_ident("rule") {
            return Err(self.err(format!(
                "expected `rule`, found {}",
                Self::describe(self.peek())
            )));
        }
        self.bump();
        let name = self.ident("a rule name")?;
        let (mut says, mut cite, mut groups) = (None, None, Vec::new());
        let (mut kind, mut priority) = (RuleKind::Reduce, 50);
        let (mut pattern, mut conditions, mut result) = (None, Vec::new(), None);
        // `mirror NAME [by swapping the summands]` and the `says`/`cite` after it, which are
        // the mirror's own.
        let mut mirror: Option<(Token, String, Option<String>, Option<String>)> = None;
        let mut swapped = false;
        loop {
            let clause = match self.peek() {
                Tok::Ident(s) if CLAUSES.contains(&s.as_str()) => s.clone(),
                _ => break,
            };
            if let Some((_, _, msays, mcite)) = &mut mirror {
                match clause.as_str() {
                    "says" if msays.is_none() => {
                        self.bump();
                        *msays = Some(self.string("a statement")?);
                        continue;
                    }
                    "cite" if mcite.is_none() => {
                        self.bump();
                        *mcite = Some(self.string("a citation")?);
                        continue;
                    }
                    _ => {
                        return Err(self.err(format!(
                            "after `mirror`, only the mirror's own `says` and `cite` may follow (once each), not `{clause}`"
                        )))
                    }
                }
            }
            let at = self.here().clone();
            self.bump();
            match clause.as_str() {
                "says" => says = Some(self.string("a statement")?),
                "cite" => cite = Some(self.string("a citation")?),
                "mirror" => {
                    mirror = Some((at, self.ident("a name for the mirror")?, None, None));
                    swapped = self.by_swapping()?;
                }
                "group" => {
                    groups.push(self.ident("a group name")?);
                    while self.is_punct(",") {
                        self.bump();
                        groups.push(self.ident("a group name")?);
                    }
                }
                "kind" => {
                    kind = match self.ident("reduce, open or manual")?.as_str() {
                        "reduce" => RuleKind::Reduce,
                        "open" => RuleKind::Open,
                        "manual" => RuleKind::Manual,
                        other => {
                            self.pos -= 1;
                            return Err(self.err(format!(
                                "unknown kind `{other}`: expected reduce, open or manual"
                            )));
                        }
                    }
                }
                "priority" => {
                    let neg = self.is_punct("-");
                    if neg {
                        self.bump();
                    }
                    match self.bump() {
                        Tok::Num(n) if n.is_integer() => {
                            let v: i32 = n.to_string().parse().map_err(|_| {
                                // Point at the number just read, not at what follows it.
                                let t = &self.toks[self.pos.saturating_sub(1)];
                                RuleError::at(
                                    self.file,
                                    self.src,
                                    t.line,
                                    t.col,
                                    format!("priority out of range: at most {} in size", i32::MAX),
                                )
                            })?;
                            priority = if neg { -v } else { v };
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.err("expected an integer priority"));
                        }
                    }
                }
                "match" => pattern = Some(self.pattern()?),
                "when" => {
                    conditions.push(self.condition()?);
                    while self.is_punct(",") {
                        self.bump();
                        conditions.push(self.condition()?);
                    }
                }
                "yield" => result = Some(self.template()?),
                _ => unreachable!("clause list and match arms agree"),
            }
        }
        let end = self.here().offset;
        let missing = |what: &str| {
            RuleError::at(
                self.file,
                self.src,
                start.line,
                start.col,
                format!("rule `{name}` has no `{what}` clause"),
            )
        };
        let rule = Rule {
            says: says.ok_or_else(|| missing("says"))?,
            cite: cite.ok_or_else(|| missing("cite"))?,
            groups,
            kind,
            priority,
            pattern: pattern.ok_or_else(|| missing("match"))?,
            conditions,
            result: result.ok_or_else(|| missing("yield"))?,
            source: RuleSource {
                file: self.file.to_string(),
                line: start.line,
                text: self.src[start.offset..end].trim_end().to_string(),
            },
            name,
            mirror_of: None,
            swapped: false,
        };
        if !matches!(self.peek(), Tok::Eof) && !self.is_ident("rule") {
            return Err(self.err(format!(
                "expected a clause (says, cite, group, kind, priority, match, when, yield, mirror) or the next `rule`, found {}",
                Self::describe(self.peek())
            )));
        }
        let mirrored = match mirror {
            None => None,
            Some((at, mname, msays, mcite)) => {
                let fail = |msg: String| {
                    RuleError::at(
                        self.file,
                        self.src,
                        at.line,
                        at.col,
                        format!("rule `{}` has no mirror: {msg}", rule.name),
                    )
                };
                let says = msays.unwrap_or_else(|| rule.says.clone());
                let cite = mcite.unwrap_or_else(|| rule.cite.clone());
                let (mut m, how) = if swapped {
                    let m = super::mirror::swapped(&rule, &mname, says, cite).map_err(fail)?;
                    (m, "the summands swapped")
                } else {
                    let m = super::mirror::mirror(&rule, &mname, says, cite).map_err(fail)?;
                    (m, "Left and Right swapped by negation")
                };
                m.source = RuleSource {
                    file: self.file.to_string(),
                    line: at.line,
                    text: format!(
                        "# the mirror of `{}` ({how}), as derived\n{}",
                        rule.name,
                        super::print::rule_text(&m)
                    ),
                };
                Some(m)
            }
        };
        Ok((rule, mirrored))
    }

    // ---- the shapes patterns and templates share ----

    /// `read` one level deeper in the nesting that [`Parser::enter`] bounds.
    fn nested<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, RuleError>,
    ) -> Result<T, RuleError> {
        self.enter()?;
        let out = read(self)?;
        self.depth -= 1;
        Ok(out)
    }

    /// `{L | R}`, at its `{`: each side read by `side`.
    fn braces<S>(
        &mut self,
        side: impl Fn(&mut Self) -> Result<S, RuleError>,
    ) -> Result<(S, S), RuleError> {
        self.expect_punct("{")?;
        let left = side(self)?;
        self.expect_punct("|")?;
        let right = side(self)?;
        self.expect_punct("}")?;
        Ok((left, right))
    }

    /// The comma-separated items of one side of a brace, up to its `|` or `}` (none when the
    /// side is empty), each read by `item`.
    fn side_items(
        &mut self,
        mut item: impl FnMut(&mut Self) -> Result<(), RuleError>,
    ) -> Result<(), RuleError> {
        if self.is_punct("|") || self.is_punct("}") {
            return Ok(());
        }
        loop {
            item(self)?;
            if self.is_punct(",") {
                self.bump();
            } else {
                return Ok(());
            }
        }
    }

    /// `a ± b ± …`, left to right: the operands read by `operand`, each `+` or `-` joined by
    /// `join(a, minus, b)`; each operator counts as a level of nesting (a long chain is bounded
    /// as deep parentheses are), all of them left when the chain ends.
    fn plus_minus<T>(
        &mut self,
        operand: impl Fn(&mut Self) -> Result<T, RuleError>,
        join: impl Fn(T, bool, T) -> T,
    ) -> Result<T, RuleError> {
        let mut acc = operand(self)?;
        let depth = self.depth;
        loop {
            let minus = self.is_punct("-");
            if !minus && !self.is_punct("+") {
                self.depth = depth;
                return Ok(acc);
            }
            self.enter()?;
            self.bump();
            let b = operand(self)?;
            acc = join(acc, minus, b);
        }
    }

    /// Three arguments `a, b, c` of a leaf such as `nus(x, u, n)`, each read by `read`.
    fn three<T>(
        &mut self,
        read: impl Fn(&mut Self) -> Result<T, RuleError>,
    ) -> Result<(T, T, T), RuleError> {
        let a = read(self)?;
        self.expect_punct(",")?;
        let b = read(self)?;
        self.expect_punct(",")?;
        let c = read(self)?;
        Ok((a, b, c))
    }

    // ---- patterns ----

    /// A pattern: a sum, or `A & B` (binding more loosely than `+`, as in the term grammar,
    /// where it is the call `sidle(A, B)`).
    fn pattern(&mut self) -> Result<Pattern, RuleError> {
        let a = self.pattern_sum()?;
        if !self.is_punct("&") {
            return Ok(a);
        }
        self.bump();
        let b = self.nested(Self::pattern_sum)?;
        self.one_sidle()?;
        Ok(Pattern::Call(LoopyCall::Sidle, vec![a, b]))
    }

    /// A sided value has one onside and one offside: a second `&` is refused as the term
    /// parser refuses it.
    fn one_sidle(&self) -> Result<(), RuleError> {
        if self.is_punct("&") {
            return Err(self.err(
                "a sided value has one onside and one offside: write (A & B) to use it in another",
            ));
        }
        Ok(())
    }

    fn pattern_sum(&mut self) -> Result<Pattern, RuleError> {
        let a = self.pattern_factor()?;
        if self.is_punct("+") {
            self.bump();
            let b = self.pattern_factor()?;
            return Ok(Pattern::Sum(Box::new(a), Box::new(b)));
        }
        Ok(a)
    }

    /// The games of a loopy call `onside(G)`, `offside(G)` after its name, each read by
    /// `read`: as many as the call takes.
    fn call_args<T>(
        &mut self,
        call: LoopyCall,
        read: impl Fn(&mut Self) -> Result<T, RuleError>,
    ) -> Result<Vec<T>, RuleError> {
        self.expect_punct("(")?;
        let mut args = vec![read(self)?];
        while self.is_punct(",") {
            self.bump();
            args.push(read(self)?);
        }
        self.expect_punct(")")?;
        if args.len() != call.arity() {
            return Err(self.err(format!(
                "`{}` takes {} game(s), not {}",
                call.name(),
                call.arity(),
                args.len()
            )));
        }
        Ok(args)
    }

    fn pattern_factor(&mut self) -> Result<Pattern, RuleError> {
        self.nested(Self::pattern_factor_inner)
    }

    fn pattern_factor_inner(&mut self) -> Result<Pattern, RuleError> {
        if self.is_punct("-") {
            self.bump();
            return Ok(Pattern::Neg(Box::new(self.pattern_factor()?)));
        }
        if self.is_punct("(") {
            self.bump();
            let p = self.pattern()?;
            self.expect_punct(")")?;
            return Ok(p);
        }
        if self.is_punct("{") {
            let (left, right) = self.braces(Self::side_pattern)?;
            return Ok(Pattern::Game(left, right));
        }
        let name = self.ident("a pattern: a variable, `{`, `-`, `(` or a leaf such as num(x)")?;
        if self.is_punct("(") {
            if let Some(call) = LoopyCall::from_name(&name).filter(|c| *c != LoopyCall::Sidle) {
                let args = self.call_args(call, Self::pattern)?;
                return Ok(Pattern::Call(call, args));
            }
            return self.leaf_pattern(&name);
        }
        if self.is_punct("@") {
            self.bump();
            let inner = self.pattern_factor()?;
            return Ok(Pattern::Bind(name, Box::new(inner)));
        }
        Ok(Pattern::Var(name))
    }

    fn side_pattern(&mut self) -> Result<SidePattern, RuleError> {
        let mut side = SidePattern::default();
        self.side_items(|p| {
            if p.is_punct("..") {
                p.bump();
                if side.rest.is_some() {
                    return Err(p.err("a side may bind the rest of its options only once"));
                }
                side.rest = Some(p.ident("a name for the rest of the options")?);
            } else {
                side.picks.push(p.pattern()?);
            }
            Ok(())
        })?;
        Ok(side)
    }

    fn value_arg(&mut self) -> Result<ValueArg, RuleError> {
        let neg = self.is_punct("-");
        if neg {
            self.bump();
        }
        match self.bump() {
            Tok::Num(n) => Ok(ValueArg::Lit(if neg { -n } else { n })),
            Tok::Ident(s) if s == "_" && !neg => Ok(ValueArg::Any),
            Tok::Ident(s) if !neg => Ok(ValueArg::Var(s)),
            t => {
                self.pos -= 1;
                Err(self.err(format!(
                    "expected a value variable or a literal, found {}",
                    Self::describe(&t)
                )))
            }
        }
    }

    fn leaf_pattern(&mut self, name: &str) -> Result<Pattern, RuleError> {
        self.expect_punct("(")?;
        let leaf = match name {
            "num" => LeafPattern::Num(self.value_arg()?),
            "int" => LeafPattern::Int(self.value_arg()?),
            "nim" => LeafPattern::Nim(self.value_arg()?),
            "up" => LeafPattern::Up(self.value_arg()?),
            "nus" => {
                let (x, u, n) = self.three(Self::value_arg)?;
                LeafPattern::Nus(x, u, n)
            }
            "hack" => LeafPattern::Hack(self.ident("a row variable")?),
            "pm" => {
                self.expect_punct("..")?;
                let s = self.ident("a set variable")?;
                self.expect_punct(")")?;
                return Ok(Pattern::PlusMinus(s));
            }
            other => {
                return Err(self.err(format!(
                    "unknown leaf pattern `{other}(…)`: expected num, int, nim, up, nus, hack or pm"
                )))
            }
        };
        self.expect_punct(")")?;
        Ok(Pattern::Leaf(leaf))
    }

    // ---- conditions ----

    fn condition(&mut self) -> Result<Condition, RuleError> {
        let negated = self.is_ident("not");
        if negated {
            self.bump();
        }
        if let Tok::Ident(name) = self.peek().clone() {
            if let Some(pred) = Predicate::from_name(&name) {
                if matches!(
                    self.toks.get(self.pos + 1).map(|t| &t.tok),
                    Some(Tok::Punct("("))
                ) {
                    self.bump();
                    self.bump();
                    let mut args = vec![self.ident("a variable")?];
                    while self.is_punct(",") {
                        self.bump();
                        args.push(self.ident("a variable")?);
                    }
                    self.expect_punct(")")?;
                    if args.len() != pred.arity() {
                        return Err(self.err(format!(
                            "`{name}` takes {} argument(s), not {}",
                            pred.arity(),
                            args.len()
                        )));
                    }
                    return Ok(Condition::Pred {
                        negated,
                        pred,
                        args,
                    });
                }
            }
        }
        if negated {
            return Err(self.err("`not` must be followed by a predicate such as number(G)"));
        }
        let a = self.template()?;
        if self.is_ident("in") {
            return self.in_every(a);
        }
        let rel = match self.bump() {
            Tok::Punct("<=") => Rel::Le,
            Tok::Punct("<") => Rel::Lt,
            Tok::Punct(">=") => Rel::Ge,
            Tok::Punct(">") => Rel::Gt,
            Tok::Punct("==") => Rel::Eq,
            Tok::Punct("!=") => Rel::Ne,
            Tok::Punct("||") => Rel::Fuzzy,
            Tok::Punct("<|") => Rel::LessOrFuzzy,
            Tok::Punct("|>") => Rel::GreaterOrFuzzy,
            t => {
                self.pos -= 1;
                return Err(self.err(format!(
                    "expected a comparison (<= < >= > == != || <| |>), found {}",
                    Self::describe(&t)
                )));
            }
        };
        let b = self.template()?;
        Ok(Condition::Compare(a, rel, b))
    }

    /// The rest of `H in every option of G` or `H in every option of G but S`, after `H`.
    fn in_every(&mut self, game: Template) -> Result<Condition, RuleError> {
        for word in ["in", "every", "option", "of"] {
            if !self.is_ident(word) {
                return Err(self.err(format!(
                    "expected `{word}` (as in `H in every option of G`), found {}",
                    Self::describe(self.peek())
                )));
            }
            self.bump();
        }
        let of = self.ident("a game variable")?;
        let but = if self.is_ident("but") {
            self.bump();
            Some(self.ident("a set variable")?)
        } else {
            None
        };
        Ok(Condition::InEvery { game, of, but })
    }

    // ---- templates ----

    /// A template: a sum, or `A & B` (binding more loosely than `+`, the call `sidle(A, B)`).
    fn template(&mut self) -> Result<Template, RuleError> {
        let a = self.template_sum()?;
        if !self.is_punct("&") {
            return Ok(a);
        }
        self.bump();
        let b = self.nested(Self::template_sum)?;
        self.one_sidle()?;
        Ok(Template::Call(LoopyCall::Sidle, vec![a, b]))
    }

    fn template_sum(&mut self) -> Result<Template, RuleError> {
        self.plus_minus(Self::template_factor, |a, minus, b| {
            let b = if minus { Template::Neg(Box::new(b)) } else { b };
            Template::Sum(Box::new(a), Box::new(b))
        })
    }

    fn template_factor(&mut self) -> Result<Template, RuleError> {
        self.nested(Self::template_factor_inner)
    }

    fn template_factor_inner(&mut self) -> Result<Template, RuleError> {
        if self.is_punct("-") {
            self.bump();
            return Ok(Template::Neg(Box::new(self.template_factor()?)));
        }
        if self.is_punct("(") {
            self.bump();
            let t = self.template()?;
            self.expect_punct(")")?;
            return Ok(t);
        }
        if self.is_punct("{") {
            let (left, right) = self.braces(Self::template_side)?;
            return Ok(Template::Game(left, right));
        }
        if let Tok::Num(n) = self.peek().clone() {
            self.bump();
            return Ok(Template::Value(ValueExpr::Lit(n)));
        }
        let name =
            self.ident("a term: a variable, `{`, `-`, `(`, a number or a leaf such as num(x)")?;
        if self.is_punct("(") {
            if let Some(call) = LoopyCall::from_name(&name).filter(|c| *c != LoopyCall::Sidle) {
                let args = self.call_args(call, Self::template)?;
                return Ok(Template::Call(call, args));
            }
            self.bump();
            let leaf = match name.as_str() {
                "num" => Some(LeafTemplate::Num(self.value_expr()?)),
                "int" => Some(LeafTemplate::Int(self.value_expr()?)),
                "nim" => Some(LeafTemplate::Nim(self.value_expr()?)),
                "up" => Some(LeafTemplate::Up(self.value_expr()?)),
                "nus" => {
                    let (x, u, n) = self.three(Self::value_expr)?;
                    Some(LeafTemplate::Nus(x, u, n))
                }
                _ => None,
            };
            if let Some(leaf) = leaf {
                self.expect_punct(")")?;
                return Ok(Template::Leaf(leaf));
            }
            self.pos -= 1;
            return Ok(Template::Value(self.call(&name)?));
        }
        Ok(Template::Var(name))
    }

    fn template_side(&mut self) -> Result<Vec<TemplateItem>, RuleError> {
        let mut items = Vec::new();
        self.side_items(|p| {
            items.push(p.template_item()?);
            Ok(())
        })?;
        Ok(items)
    }

    fn template_item(&mut self) -> Result<TemplateItem, RuleError> {
        if !self.is_punct("..") {
            return Ok(TemplateItem::One(self.template()?));
        }
        self.bump();
        if self.is_punct("(") {
            self.bump();
            let body = self.template()?;
            self.expect_punct(")")?;
            return Ok(TemplateItem::Map {
                over: String::new(),
                body,
            });
        }
        let name = self.ident("a set variable or a set function")?;
        Ok(match name.as_str() {
            "nims" => {
                self.expect_punct("(")?;
                let n = self.value_expr()?;
                self.expect_punct(")")?;
                TemplateItem::Nims(n)
            }
            "left_cuts" | "right_cuts" => {
                self.expect_punct("(")?;
                let row = self.ident("a row variable")?;
                self.expect_punct(")")?;
                TemplateItem::Cuts {
                    left: name == "left_cuts",
                    row,
                }
            }
            _ => TemplateItem::Splice(name),
        })
    }

    fn value_expr(&mut self) -> Result<ValueExpr, RuleError> {
        self.plus_minus(Self::value_atom, |a, minus, b| {
            if minus {
                ValueExpr::Sub(Box::new(a), Box::new(b))
            } else {
                ValueExpr::Add(Box::new(a), Box::new(b))
            }
        })
    }

    fn value_atom(&mut self) -> Result<ValueExpr, RuleError> {
        self.nested(Self::value_atom_inner)
    }

    fn value_atom_inner(&mut self) -> Result<ValueExpr, RuleError> {
        if self.is_punct("-") {
            self.bump();
            return Ok(ValueExpr::Neg(Box::new(self.value_atom()?)));
        }
        if self.is_punct("(") {
            self.bump();
            let v = self.value_expr()?;
            self.expect_punct(")")?;
            return Ok(v);
        }
        if let Tok::Num(n) = self.peek().clone() {
            self.bump();
            return Ok(ValueExpr::Lit(n));
        }
        let name = self.ident("a value: a number, a value variable or a function call")?;
        if self.is_punct("(") {
            return self.call(&name);
        }
        Ok(ValueExpr::Var(name))
    }

    fn call(&mut self, name: &str) -> Result<ValueExpr, RuleError> {
        let Some((f, sets, values)) = ValueFn::from_name(name) else {
            return Err(self.err(format!(
                "unknown function `{name}`: expected simplest, mex, nimadd, ulp, mid, count, numval or nimval"
            )));
        };
        self.expect_punct("(")?;
        let mut set_args = Vec::new();
        let mut value_args = Vec::new();
        for i in 0..sets + values {
            if i > 0 {
                self.expect_punct(",")?;
            }
            if i < sets {
                set_args.push(self.ident("a variable")?);
            } else {
                value_args.push(self.value_expr()?);
            }
        }
        self.expect_punct(")")?;
        Ok(ValueExpr::Call(f, set_args, value_args))
    }
}

/// Parses the rules in one file's text. `file` names it in errors.
pub fn parse_rules(file: &str, src: &str) -> Result<Vec<Rule>, RuleError> {
    let toks = lex(file, src)?;
    let mut p = Parser {
        file,
        src,
        toks,
        pos: 0,
        depth: 0,
    };
    let mut rules = Vec::new();
    while !matches!(p.peek(), Tok::Eof) {
        let (rule, mirror) = p.rule()?;
        rules.push(rule);
        rules.extend(mirror);
    }
    Ok(rules)
}
