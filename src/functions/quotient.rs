//! Misère quotients of heap games as functions (Plambeck–Siegel; [`crate::misere::quotient`]):
//! `misere_quotient(code, n)` the presentation, `misere_quotient_order(code, n)` its size,
//! `misere_p_portion(code, n)`, `pretending_function(code, n)` (the element of each heap
//! 0…n), `misere_quotient_table(code, n)` all of it as a table, and
//! `misere_quotient_json(code, n)` as JSON, `misere_quotient_grid(code, n)` the multiplication
//! table of a quotient of at most 64 elements. `code` is an octal code (`"0.77"` is Kayles,
//! `"4.7"`, `"0.354"`) or, through `subtraction("1,2", …)`'s set, written `"s:1,2"`; n the
//! largest heap. An optional third argument bounds the order: past it the computation stops
//! with a limit error naming the order reached (default [`DEFAULT_MAX_ORDER`]).
//!
//! `misere_quotients(codes, n)` sweeps many codes at once (`"0.04 0.07 0.15"`, or several
//! quoted arguments), one row a code, the codes shared out among `--threads` threads
//! ([`crate::misere::sweep`]); a code that stops at a limit of its own says so in its row.

use super::misere::Answer;
use super::{args, Function};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::misere::presentation::{present, Presentation};
use crate::misere::quotient::{quotient_of, HeapGame, DEFAULT_MAX_ORDER};
use crate::misere::sweep::quotients;
use crate::rulesets::octal::OctalCode;
use crate::rulesets::take_and_break::TakeAndBreak;
use crate::term::Arg;

/// The largest heap bound accepted (the quotient is built heap by heap up to it).
pub const MAX_BOUND: usize = 1000;

/// A quotient function: name, usage, summary.
pub struct QuotientFn {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
}

impl Function for QuotientFn {
    described_by_fields!();
    /// Only the order is a short game (an integer).
    fn value(&self, a: &[Arg], k: &mut Kernel) -> Result<GameId, KernelError> {
        match call(k, self.name, a)? {
            Answer::Game(g) => Ok(g),
            other => Err(args::error(
                self.name,
                format!(
                    "its value is a {}, not a short game; `onag::evaluate` prints it",
                    other.kind()
                ),
            )),
        }
    }
}

table! {
    handled listed in FAMILY: QuotientFn = fields;
    QUOTIENT: "misere_quotient", "misere_quotient(\"0.77\", n)",
        "the misère quotient of heaps 1..n of an octal game: generators and relations (Plambeck–Siegel)";
    ORDER: "misere_quotient_order", "misere_quotient_order(\"0.77\", n)",
        "the number of elements of the misère quotient of heaps 1..n";
    P_PORTION: "misere_p_portion", "misere_p_portion(\"0.77\", n)",
        "the P-portion of the misère quotient: the elements whose sums are misère P-positions";
    PRETENDING: "pretending_function", "pretending_function(\"0.77\", n)",
        "the element of the misère quotient each heap 0..n maps to";
    TABLE: "misere_quotient_table", "misere_quotient_table(\"0.77\", n)",
        "the misère quotient as a table: presentation, P-portion, each heap's element and outcome";
    GRID: "misere_quotient_grid", "misere_quotient_grid(\"0.75\", n)",
        "the multiplication table of a misère quotient of at most 64 elements, P-portion products in parentheses";
    JSON: "misere_quotient_json", "misere_quotient_json(\"0.77\", n)",
        "the misère quotient as JSON: generators, relations, order, P-portion, pretending function";
    SWEEP: "misere_quotients", "misere_quotients(\"0.04 0.07 0.15\", n)",
        "the misère quotients of many codes' heaps 1..n, on all cores (--threads): one row a code with its order, P-portion size and presentation";
}

/// Reads `(code, n)` or `(code, n, order bound)`: an octal code, or `s:` and a subtraction
/// set; n and the bound whole numbers.
fn read(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<(HeapGame, usize, usize), KernelError> {
    let (code, x, bound) = match a {
        [Arg::Text(code), Arg::Game(x)] => (code, x, None),
        [Arg::Text(code), Arg::Game(x), Arg::Game(b)] => (code, x, Some(b)),
        _ => {
            return Err(args::error(
                name,
                "expected an octal code in quotes, a heap bound and optionally an order bound, as in (\"0.77\", 20) or (\"0.07\", 33, 1000)",
            ))
        }
    };
    let code = heap_game(name, code)?;
    let (n, max_order) = bounds(k, name, x, bound)?;
    Ok((code, n, max_order))
}

/// Codes as written, each with its game.
type Codes = Vec<(String, HeapGame)>;

/// Reads `(codes…, n)` or `(codes…, n, order bound)`: one or more quoted arguments, each a
/// subtraction game `s:…` or codes separated by spaces or by commas outside braces (a
/// take-and-break code's list `0.{1,3}` keeps its commas).
fn read_many(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<(Codes, usize, usize), KernelError> {
    let texts = a.iter().take_while(|x| matches!(x, Arg::Text(_))).count();
    let (x, bound) = match &a[texts..] {
        [Arg::Game(x)] if texts > 0 => (x, None),
        [Arg::Game(x), Arg::Game(b)] if texts > 0 => (x, Some(b)),
        _ => {
            return Err(args::error(
                name,
                "expected codes in quotes, a heap bound and optionally an order bound, as in (\"0.04 0.07 0.15\", 20) or (\"0.06\", \"0.07\", 20, 1000)",
            ))
        }
    };
    let mut codes = Vec::new();
    for arg in &a[..texts] {
        let Arg::Text(t) = arg else { continue };
        let items = if t.trim_start().starts_with("s:") {
            vec![t.trim().to_string()]
        } else {
            split_codes(t)
        };
        for c in items {
            let g = heap_game(name, &c)?;
            codes.push((c, g));
        }
    }
    if codes.is_empty() {
        return Err(args::error(name, "no code given"));
    }
    let (n, max_order) = bounds(k, name, x, bound)?;
    Ok((codes, n, max_order))
}

/// Codes separated by spaces or by commas outside braces.
fn split_codes(t: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0usize;
    for ch in t.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if ch.is_whitespace() || (ch == ',' && depth == 0) {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(ch);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// One code: an octal code, `s:` and a subtraction set, or any take-and-break code.
fn heap_game(name: &str, code: &str) -> Result<HeapGame, KernelError> {
    Ok(match code.strip_prefix("s:") {
        Some(set) => {
            let s = crate::rulesets::position::subtraction_set(set)
                .map_err(|e| args::error(name, e.to_string()))?;
            HeapGame::Octal(
                OctalCode::subtraction(&s).map_err(|e| args::error(name, e.to_string()))?,
            )
        }
        // An octal code, else any take-and-break code (hexadecimal digits, lists); a text
        // neither reads is reported by the octal reader, whose message names the column.
        None => match OctalCode::parse(code) {
            Ok(c) => HeapGame::Octal(c),
            Err(e) => match TakeAndBreak::parse(code) {
                Ok(t) => HeapGame::TakeAndBreak(t),
                Err(_) => return Err(args::error(name, e.to_string())),
            },
        },
    })
}

/// The heap bound and the order bound (default [`DEFAULT_MAX_ORDER`]), whole numbers in range.
fn bounds(
    k: &mut Kernel,
    name: &str,
    x: &crate::term::Term,
    bound: Option<&crate::term::Term>,
) -> Result<(usize, usize), KernelError> {
    let g = k.eval(x)?;
    let n = k
        .as_number(g)
        .and_then(|d| d.to_string().parse::<usize>().ok())
        .filter(|&n| n <= MAX_BOUND)
        .ok_or_else(|| {
            args::error(
                name,
                format!("the heap bound must be a whole number from 0 to {MAX_BOUND}"),
            )
        })?;
    let max_order = match bound {
        None => DEFAULT_MAX_ORDER,
        Some(b) => {
            let g = k.eval(b)?;
            k.as_number(g)
                .and_then(|d| d.to_string().parse::<usize>().ok())
                .filter(|&m| (1..=DEFAULT_MAX_ORDER).contains(&m))
                .ok_or_else(|| {
                    args::error(
                        name,
                        format!(
                            "the order bound must be a whole number from 1 to {DEFAULT_MAX_ORDER}"
                        ),
                    )
                })?
        }
    };
    Ok((n, max_order))
}

/// The presentation of the quotient of `code`'s heaps 1..=n under the kernel's budget.
pub fn compute(
    k: &Kernel,
    code: &HeapGame,
    n: usize,
    max_order: usize,
) -> Result<Presentation, KernelError> {
    let q = quotient_of(code, n, max_order, k.budget())?;
    present(&q)
}

/// The value of a quotient function call.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Answer, KernelError> {
    if name == "misere_quotients" {
        let (codes, n, max_order) = read_many(k, name, a)?;
        return Ok(Answer::Misere {
            kind: "table",
            text: sweep(k, &codes, n, max_order)?,
        });
    }
    let (code, n, max_order) = read(k, name, a)?;
    let p = compute(k, &code, n, max_order)?;
    let text = |kind: &'static str, text: String| Answer::Misere { kind, text };
    Ok(match name {
        "misere_quotient" => text("misère quotient", p.print()),
        "misere_quotient_order" => Answer::Game(k.number(&crate::Dyadic::from(p.order as i64))),
        "misere_p_portion" => text("set", p.print_p()),
        "pretending_function" => text("list", p.print_pretending()),
        "misere_quotient_table" => text("table", table(&code, &p)),
        "misere_quotient_grid" => match p.print_grid() {
            Some(g) => text("table", g),
            None => {
                return Err(args::error(
                    name,
                    format!(
                        "the quotient has {} elements; a grid is printed for at most {}",
                        p.order,
                        crate::misere::presentation::GRID_MAX
                    ),
                ))
            }
        },
        "misere_quotient_json" => text(
            "json",
            serde_json::to_string(&p).map_err(|e| args::error(name, e.to_string()))?,
        ),
        _ => return Err(args::error(name, "not a quotient function")),
    })
}

/// The quotient as a plain-text table: a header, then one row per heap.
pub fn table(code: &HeapGame, p: &Presentation) -> String {
    let mut s = format!(
        "misère quotient of {} (heaps 1..{})\n{}\norder {}, P-portion {}\n",
        code.print(),
        p.pretending.len().saturating_sub(1),
        p.print(),
        p.order,
        p.print_p()
    );
    let w = p
        .pretending
        .iter()
        .map(|x| x.len())
        .max()
        .unwrap_or(1)
        .max(7);
    s.push_str(&format!("{:>5}  {:<w$}  outcome\n", "heap", "element"));
    for (h, x) in p.pretending.iter().enumerate() {
        let o = if p.p_portion.contains(x) { "P" } else { "N" };
        s.push_str(&format!("{h:>5}  {x:<w$}  {o}\n"));
    }
    s
}

/// The sweep of `codes` as a table: a header, then one row a code in the order given, with
/// the quotient's order, P-portion size and presentation, or why that code stopped.
pub fn sweep(
    k: &Kernel,
    codes: &[(String, HeapGame)],
    n: usize,
    max_order: usize,
) -> Result<String, KernelError> {
    let games: Vec<HeapGame> = codes.iter().map(|c| c.1.clone()).collect();
    let threads = crate::threads::threads();
    let answers = quotients(&games, n, max_order, k.budget(), threads)?;
    let w = codes
        .iter()
        .map(|c| c.0.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut s = format!(
        "misère quotients of heaps 1..{n}\n{:<w$}  {:>5}  {:>5}  quotient\n",
        "code", "order", "P"
    );
    for ((code, _), a) in codes.iter().zip(answers) {
        let row = match a {
            Ok(q) => {
                let p = present(&q)?;
                format!("{:>5}  {:>5}  {}", p.order, p.p_portion.len(), p.print())
            }
            Err(KernelError::Limit { which }) => {
                format!("{:>5}  {:>5}  stopped at a limit: {which}", "-", "-")
            }
            Err(e) => format!("{:>5}  {:>5}  {e}", "-", "-"),
        };
        s.push_str(&format!("{code:<w$}  {row}\n"));
    }
    Ok(s)
}
