//! Characters → tokens with positions.
//!
//! The lexer is total: every input produces either a token list or a positioned error, and it
//! never recurses, so it cannot overflow however long the input is.

use super::error::{Pos, Span};

/// What a token is. Runs of bars, carets and vees are single tokens carrying their length, as in
/// CGSuite (`SLASHES: '|'+`, `MULTI_CARET`, `MULTI_VEE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    /// `|`, `||`, …: the count of bars.
    Bars(usize),
    Plus,
    Minus,
    /// `+-` or `±`.
    PlusMinus,
    /// `*` or `∗`.
    Star,
    /// `⊗` (nim product; ASCII `(x)` is read by the parser from three tokens).
    NimTimes,
    /// `×` or `·`: a product (the same as a spaced `*`).
    Times,
    Slash,
    Dot,
    /// `=`, between a name and its definition in `where`.
    Equals,
    /// `&`: sidling, a loopy game's onside and offside (`1 & 0`).
    Amp,
    /// `…` or `...`: an option list goes on (infinite braces, seed 000).
    Ellipsis,
    /// `^`, `^^`, `↑`, `⇑`…: the number of ups in the run.
    Up(usize),
    /// CGSuite's uptimal powers: `^<n>` (↑ⁿ), `^[n]` (↑^→n), `v<n>`, `v[n]` (digits as text).
    Uptimal {
        /// `v` or `↓`.
        down: bool,
        /// `[n]` rather than `<n>`.
        to: bool,
        /// The digits of n.
        n: String,
    },
    /// A lone ASCII `^` that is a power, as CGSuite reads it: after a number, a name or `)`
    /// and before a digit or `(` (spaces allowed on both sides): `3^5` is 243, `2^(-4)` is 1/16.
    /// Before anything else (`1^^`, `6^*`, `^<2>`, `{0|^}`) a `^` is up.
    Pow,
    /// `v`, `vv`, `↓`, `⇓`…: the number of downs in the run.
    Down(usize),
    /// A run of decimal digits (kept as text: parsed into a big integer by the parser).
    Int(String),
    /// A name made of letters.
    Ident(String),
    /// A double-quoted string (no escapes).
    Str(String),
    /// `#n`: a reference into a proof's term table (digits kept as text).
    Hash(String),
    /// `*[…]`: a misère canonical form in CGSuite's notation (the text between the brackets).
    Misere(String),
    Eof,
}

impl Tok {
    /// How the token reads in an error message.
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::LBrace => "`{`".into(),
            Tok::RBrace => "`}`".into(),
            Tok::LParen => "`(`".into(),
            Tok::RParen => "`)`".into(),
            Tok::Comma => "`,`".into(),
            Tok::Bars(n) => format!("`{}`", "|".repeat((*n).min(8))),
            Tok::Plus => "`+`".into(),
            Tok::Minus => "`-`".into(),
            Tok::PlusMinus => "`+-`".into(),
            Tok::Star => "`*`".into(),
            Tok::NimTimes => "`⊗`".into(),
            Tok::Times => "`×`".into(),
            Tok::Slash => "`/`".into(),
            Tok::Dot => "`.`".into(),
            Tok::Equals => "`=`".into(),
            Tok::Amp => "`&`".into(),
            Tok::Ellipsis => "`…`".into(),
            Tok::Up(_) => "`^`".into(),
            Tok::Pow => "`^` (a power)".into(),
            Tok::Uptimal { .. } => "an uptimal (`^<n>`, `^[n]`)".into(),
            Tok::Down(_) => "`v`".into(),
            Tok::Int(s) if s.len() > 20 => format!("the integer `{}…`", &s[..20]),
            Tok::Int(s) => format!("the integer `{s}`"),
            Tok::Ident(s) if s.chars().count() > 20 => {
                format!("the name `{}…`", s.chars().take(20).collect::<String>())
            }
            Tok::Ident(s) => format!("the name `{s}`"),
            Tok::Str(_) => "a string".into(),
            Tok::Hash(s) => format!("the reference `#{s}`"),
            Tok::Misere(s) => format!("the misère form `*[{s}]`"),
            Tok::Eof => "the end of the input".into(),
        }
    }
}

/// A token and where it is in the source.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// A lexing error: the message and where.
#[derive(Debug)]
pub(crate) struct LexError {
    pub message: String,
    pub span: Span,
}

struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pos: Pos,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.pos.line += 1;
            self.pos.column = 1;
        } else {
            self.pos.column += 1;
        }
        Some(c)
    }
}

/// Splits the source into tokens, ending with [`Tok::Eof`].
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    let mut cur = Cursor {
        chars: src.chars().peekable(),
        pos: Pos { line: 1, column: 1 },
    };
    let mut out = Vec::new();
    loop {
        while cur.peek().is_some_and(char::is_whitespace) {
            cur.bump();
        }
        let start = cur.pos;
        // A huge input stops at the memory limit (when the program counts allocation), and
        // before the list of tokens doubles past it.
        if out.len() % 4096 == 4095 || out.len() == out.capacity() {
            if let Err(m) =
                crate::memory::check_process().and_then(|_| crate::memory::check_push(&out))
            {
                return Err(LexError {
                    message: format!("{}: {m}", crate::memory::LIMIT_REACHED),
                    span: Span::point(start),
                });
            }
        }
        let Some(c) = cur.bump() else {
            out.push(Token {
                tok: Tok::Eof,
                span: Span::point(start),
            });
            return Ok(out);
        };
        let tok = match c {
            '#' if cur.peek().is_some_and(|d| d.is_ascii_digit()) => {
                let mut s = String::new();
                while let Some(d) = cur.peek().filter(|d| d.is_ascii_digit()) {
                    cur.bump();
                    s.push(d);
                }
                Tok::Hash(s)
            }
            '{' => Tok::LBrace,
            '}' => Tok::RBrace,
            '(' => Tok::LParen,
            ')' => Tok::RParen,
            ',' => Tok::Comma,
            '&' => Tok::Amp,
            '|' => {
                let mut n = 1;
                while cur.peek() == Some('|') {
                    cur.bump();
                    n += 1;
                }
                Tok::Bars(n)
            }
            '+' => {
                if cur.peek() == Some('-') {
                    cur.bump();
                    Tok::PlusMinus
                } else {
                    Tok::Plus
                }
            }
            '±' => Tok::PlusMinus,
            '-' | '−' => Tok::Minus,
            '*' | '∗' if cur.peek() == Some('[') => misere_form(&mut cur, start)?,
            '*' | '∗' => Tok::Star,
            '⊗' => Tok::NimTimes,
            '×' | '·' => Tok::Times,
            // ω and ε are names (ω = `w` = `omega`, ε = `epsilon`), so that `ω^2` and
            // `ω(…)` read like `w^2`.
            'ω' => Tok::Ident("w".into()),
            'ε' => Tok::Ident("epsilon".into()),
            '/' => Tok::Slash,
            '.' if cur.peek() == Some('.') => {
                cur.bump();
                if cur.peek() != Some('.') {
                    return Err(LexError {
                        message:
                            "`..` is not an operator: write `…` or `...` to continue an option list"
                                .into(),
                        span: Span::new(start, cur.pos),
                    });
                }
                cur.bump();
                Tok::Ellipsis
            }
            '.' => Tok::Dot,
            '=' => Tok::Equals,
            '…' => Tok::Ellipsis,
            '^' if is_power(out.last().map(|t: &Token| &t.tok), &cur) => Tok::Pow,
            '^' | '↑' | '↓' if matches!(cur.peek(), Some('<' | '[')) => {
                uptimal(&mut cur, start, c == '↓')?
            }
            '^' | '↑' | '⇑' => {
                let mut n = if c == '⇑' { 2 } else { 1 };
                while let Some(d @ ('^' | '↑' | '⇑')) = cur.peek() {
                    cur.bump();
                    n += if d == '⇑' { 2 } else { 1 };
                }
                Tok::Up(n)
            }
            '↓' | '⇓' => {
                let mut n = if c == '⇓' { 2 } else { 1 };
                while let Some(d @ ('↓' | '⇓')) = cur.peek() {
                    cur.bump();
                    n += if d == '⇓' { 2 } else { 1 };
                }
                Tok::Down(n)
            }
            '0'..='9' => {
                let mut s = String::from(c);
                while let Some(d @ '0'..='9') = cur.peek() {
                    cur.bump();
                    s.push(d);
                }
                Tok::Int(s)
            }
            '"' => {
                let mut s = String::new();
                loop {
                    match cur.bump() {
                        Some('"') => break,
                        Some('\n') | None => {
                            return Err(LexError {
                                message: "unterminated string: expected a closing `\"`".into(),
                                span: Span::new(start, cur.pos),
                            })
                        }
                        Some(d) => s.push(d),
                    }
                }
                Tok::Str(s)
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                // Names are letters only, so `v3` is three downs and `hs"…"` a Hackenstring.
                let mut s = String::from(c);
                while let Some(d) = cur.peek().filter(|d| d.is_ascii_alphabetic() || *d == '_') {
                    cur.bump();
                    s.push(d);
                }
                if s == "v" && matches!(cur.peek(), Some('<' | '[')) {
                    uptimal(&mut cur, start, true)?
                } else if s.bytes().all(|b| b == b'v') {
                    Tok::Down(s.len())
                } else {
                    Tok::Ident(s)
                }
            }
            other => {
                return Err(LexError {
                    message: format!(
                        "unexpected character `{other}`: expected a game, a number or an operator"
                    ),
                    span: Span::new(start, cur.pos),
                })
            }
        };
        out.push(Token {
            tok,
            span: Span::new(start, cur.pos),
        });
    }
}

/// `<n>` or `[n]` after a lone `^`, `↑`, `v` or `↓`: CGSuite's uptimal powers.
fn uptimal(cur: &mut Cursor, start: Pos, down: bool) -> Result<Tok, LexError> {
    let to = cur.bump() == Some('[');
    let close = if to { ']' } else { '>' };
    let mut n = String::new();
    while let Some(d @ '0'..='9') = cur.peek() {
        cur.bump();
        n.push(d);
    }
    // CGSuite's loopy uptimals `^[on]` (upon) and `^<on>` (uponth).
    if n.is_empty() && cur.peek() == Some('o') {
        let mut rest = cur.chars.clone();
        rest.next();
        if rest.next() == Some('n') {
            cur.bump();
            cur.bump();
            n.push_str("on");
        }
    }
    if n.is_empty() || cur.peek() != Some(close) {
        let open = if to { '[' } else { '<' };
        return Err(LexError {
            message: format!(
                "expected a positive integer and `{close}` after `{open}`: CGSuite's uptimals are written ^{open}3{close}, v{open}2{close}"
            ),
            span: Span::new(start, cur.pos),
        });
    }
    cur.bump();
    Ok(Tok::Uptimal { down, to, n })
}

/// Whether a lone `^` (just read) is a power: the token before it is a number, a name or
/// `)`, and the next character that is not a space is a digit or `(`. Another `^` after it
/// makes a run of ups (`1^^`), and `*`, `<`, `[` or anything else keep it an up (`6^*`).
fn is_power(before: Option<&Tok>, cur: &Cursor) -> bool {
    if !matches!(before, Some(Tok::Int(_) | Tok::Ident(_) | Tok::RParen)) {
        return false;
    }
    let mut rest = cur.chars.clone();
    if matches!(rest.peek(), Some('^' | '↑' | '⇑')) {
        return false;
    }
    rest.find(|c| !c.is_whitespace())
        .is_some_and(|c| c.is_ascii_digit() || c == '(')
}

/// `*[…]` after its `*`: the text up to the matching `]`, brackets nested (CGSuite's misère
/// notation, `*[[2],0]`; `crate::misere::notation` reads the text).
fn misere_form(cur: &mut Cursor, start: Pos) -> Result<Tok, LexError> {
    cur.bump();
    let mut depth = 1usize;
    let mut s = String::new();
    loop {
        let Some(c) = cur.bump() else {
            return Err(LexError {
                message: "`*[` is not closed: expected `]`".into(),
                span: Span::new(start, cur.pos),
            });
        };
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(Tok::Misere(s));
                }
            }
            _ => {}
        }
        s.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn runs_are_single_tokens() {
        assert_eq!(
            toks("{3|||2}"),
            vec![
                Tok::LBrace,
                Tok::Int("3".into()),
                Tok::Bars(3),
                Tok::Int("2".into()),
                Tok::RBrace,
                Tok::Eof
            ]
        );
        assert_eq!(
            toks("^^^ vvvvv ⇑↑"),
            vec![Tok::Up(3), Tok::Down(5), Tok::Up(3), Tok::Eof]
        );
        // CGSuite: `vvvvx` is a name, `v3` is a down and a count.
        assert_eq!(toks("vvvvx"), vec![Tok::Ident("vvvvx".into()), Tok::Eof]);
        assert_eq!(
            toks("v3"),
            vec![Tok::Down(1), Tok::Int("3".into()), Tok::Eof]
        );
        assert_eq!(
            toks("+- ± + -−"),
            vec![
                Tok::PlusMinus,
                Tok::PlusMinus,
                Tok::Plus,
                Tok::Minus,
                Tok::Minus,
                Tok::Eof
            ]
        );
    }

    #[test]
    fn positions_count_characters() {
        let t = lex("↑\n  ±{").unwrap();
        let starts: Vec<(usize, usize)> = t
            .iter()
            .map(|t| (t.span.start.line, t.span.start.column))
            .collect();
        assert_eq!(starts, vec![(1, 1), (2, 3), (2, 4), (2, 5)]);
    }

    #[test]
    fn bad_characters_and_strings_are_errors() {
        let e = lex("1 @").unwrap_err();
        assert_eq!((e.span.start.line, e.span.start.column), (1, 3));
        assert!(lex("hs\"LR").unwrap_err().message.contains("unterminated"));
    }
}
