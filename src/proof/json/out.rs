//! The writing half of the JSON schema, straight from a [`Proof`]: the same fields, in the
//! same order, as the reader's `ProofJson` (so the text is what serialising that with
//! `layout::Lines` would give, which the tests beside the reader compare), but each
//! term printed only as it is written and nothing collected first.
//!
//! Written by hand rather than through `serde_json`: the layout is fixed (the root object and
//! its arrays a child per line, every step and lemma compact on its line), and serde's way
//! cost a third of the writer thread of Σ_{k≤14} {k|−k} (331 M instructions) in its
//! byte-at-a-time escaping of text that almost never needs it (each term printed into a
//! buffer, then scanned and copied) and in a formatter call per punctuation mark. Here each
//! term is printed into the line itself and only checked for a byte that needs escaping.

use super::VERSION;
use crate::proof::step::{PathElem, Step, Witnesses};
use crate::proof::{Lemma, Proof};
use crate::rules::{Name, RuleSet};
use crate::term::Term;

/// Whether `s` has a byte JSON requires escaped: a quote, a backslash or a control character.
/// Terms are printed in ASCII notation and have one only in a quoted call argument.
fn needs_escape(s: &[u8]) -> bool {
    // Eight bytes at a time: `w - 0x01…01 * n` borrows into a byte's top bit, not set in `w`,
    // exactly when some byte of `w` is below `n` (for `n` up to 0x80), so each test is exact
    // for the word as a whole. A byte at a time cost five instructions a byte, a tenth of
    // the writer thread.
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let below = |w: u64, n: u8| w.wrapping_sub(ONES * u64::from(n)) & !w & TOPS != 0;
    let bad = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    let mut words = s.chunks_exact(8);
    for c in words.by_ref() {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        let w = u64::from_le_bytes(b);
        if below(w, 0x20)
            || below(w ^ (ONES * u64::from(b'"')), 1)
            || below(w ^ (ONES * u64::from(b'\\')), 1)
        {
            return true;
        }
    }
    words.remainder().iter().any(|&b| bad(b))
}

/// `s` escaped as `serde_json` escapes a string's contents (the short escapes for `\b`, `\t`,
/// `\n`, `\f`, `\r`, `\"`, `\\`, and `\u00xx` in lower case for other control characters).
fn escape_into(buf: &mut String, s: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut run = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x09 => "\\t",
            0x0a => "\\n",
            0x0c => "\\f",
            0x0d => "\\r",
            b if b < 0x20 => "",
            _ => continue,
        };
        buf.push_str(&s[run..i]);
        run = i + 1;
        if short.is_empty() {
            buf.push_str("\\u00");
            buf.push(char::from(HEX[usize::from(b >> 4)]));
            buf.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            buf.push_str(short);
        }
    }
    buf.push_str(&s[run..]);
}

/// A JSON string whose contents `write` appends to `buf` as plain text: escaped afterwards in
/// the rare case it needs it.
fn quoted(buf: &mut String, write: impl FnOnce(&mut String)) {
    buf.push('"');
    let start = buf.len();
    write(buf);
    if needs_escape(&buf.as_bytes()[start..]) {
        let raw = buf.split_off(start);
        escape_into(buf, &raw);
    }
    buf.push('"');
}

fn text(buf: &mut String, s: &str) {
    buf.push('"');
    if needs_escape(s.as_bytes()) {
        escape_into(buf, s);
    } else {
        buf.push_str(s);
    }
    buf.push('"');
}

/// `n` in decimal.
fn number(buf: &mut String, n: usize) {
    buf.push_str(itoa::Buffer::new().format(n));
}

/// A term as the printer writes it on one line, quoted. The terms of a large proof's file
/// are nearly all references, small integers, and sums and games of them (`#3 + -2`,
/// `{#5,#6 + 1|#7 + #8,#9 + -3}`): those are written here, as the printer writes them,
/// without its dispatch, its look for an uptimal at each game, its bars put in after the
/// right side, and the scan for bytes to escape, none of which they need (Σ_{k≤20} {k|−k}:
/// the printer was 139 of the writer thread's 658 million instructions). Anything else, or
/// deeper than [`FAST_DEPTH`], is the printer's.
fn term(buf: &mut String, t: &Term) {
    let start = buf.len();
    buf.push('"');
    if fast_expr(buf, t, 0) {
        buf.push('"');
        return;
    }
    buf.truncate(start);
    quoted(buf, |b| {
        crate::syntax::print_into(t, &Default::default(), b)
    });
}

/// How deep [`fast_expr`] follows a term before leaving it to the printer.
const FAST_DEPTH: usize = 32;

/// `t`'s value when it is an integer that fits an `i64`, with no ups and no star.
fn small_integer(t: &Term) -> Option<i64> {
    use num_traits::{ToPrimitive, Zero};
    match t {
        Term::Nus { number, up, nim } if up.is_zero() && nim.is_zero() => {
            number.to_integer().and_then(|n| n.to_i64())
        }
        _ => None,
    }
}

/// A small integer as the printer writes it in ASCII: its digits, after `-` when negative.
fn integer(buf: &mut String, n: i64) {
    if n < 0 {
        buf.push('-');
    }
    buf.push_str(itoa::Buffer::new().format(n.unsigned_abs()));
}

/// `t` appended as the printer's `write_expr` writes it on one line in ASCII, when it is made
/// of references, small integers, sums and games of those (no option a game); false, with
/// part of it appended, otherwise (the caller takes that back). A sum is `a + b`, `b`
/// parenthesised when a sum (`write_unary`); of two such parts neither is a literal the
/// printer would join or parenthesise (`joins`, `plus_literal`: only a literal with ups or a
/// star is). A game is `{` its options, comma-separated, `|`, `}`: one bar, as neither side
/// is a lone game. A game whose first Left option is a number is left to the printer, which
/// may write it as an uptimal (`1^<2>`: `uptimal::recognize_shifted` looks for one only there).
fn fast_expr(buf: &mut String, t: &Term, depth: usize) -> bool {
    if depth >= FAST_DEPTH {
        return false;
    }
    match t {
        Term::Sum(a, b) => {
            if !fast_expr(buf, a, depth + 1) {
                return false;
            }
            buf.push_str(" + ");
            fast_unary(buf, b, depth + 1)
        }
        _ => fast_unary(buf, t, depth),
    }
}

/// `t` appended as the printer's `write_unary` writes it, under [`fast_expr`]'s terms.
fn fast_unary(buf: &mut String, t: &Term, depth: usize) -> bool {
    match t {
        Term::Ref(n) => {
            buf.push('#');
            buf.push_str(itoa::Buffer::new().format(*n));
            true
        }
        Term::Sum(..) => {
            buf.push('(');
            let ok = fast_expr(buf, t, depth + 1);
            buf.push(')');
            ok
        }
        Term::Game { left, right } => {
            if matches!(left.first(), Some(Term::Nus { .. } | Term::Game { .. })) {
                return false;
            }
            buf.push('{');
            for (side, opts) in [left, right].into_iter().enumerate() {
                if side == 1 {
                    buf.push('|');
                }
                for (k, x) in opts.iter().enumerate() {
                    if k > 0 {
                        buf.push(',');
                    }
                    if matches!(x, Term::Game { .. }) || !fast_expr(buf, x, depth + 1) {
                        return false;
                    }
                }
            }
            buf.push('}');
            true
        }
        _ => match small_integer(t) {
            Some(n) => {
                integer(buf, n);
                true
            }
            None => false,
        },
    }
}

/// A field of the schema (a name with nothing to escape), after the `", "` that separates it
/// from the one before unless `first`.
fn key(buf: &mut String, first: bool, k: &str) {
    if !first {
        buf.push_str(", ");
    }
    buf.push('"');
    buf.push_str(k);
    buf.push_str("\": ");
}

/// `items` as a compact array, each written by `each`.
fn array<'a, T>(buf: &mut String, items: &'a [T], mut each: impl FnMut(&mut String, &'a T)) {
    buf.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            buf.push_str(", ");
        }
        each(buf, x);
    }
    buf.push(']');
}

/// A chain of steps from `start`: a step's `from` is written only where it is not the term
/// the chain has reached. With `words`, a step without words has them written as
/// `explain::write_reasons` would give it (see `lemma_line_worded`, built in tests only).
fn chain<'a>(buf: &mut String, start: &'a Term, steps: &'a [Step], words: Words) {
    let mut prev = start;
    array(buf, steps, |b, s| {
        step(b, s, prev, words);
        prev = &s.to;
    });
}

/// The rules a step's words are written from, where the step has none yet.
type Words<'r> = Option<&'r RuleSet>;

fn step(buf: &mut String, s: &Step, prev: &Term, words: Words) {
    buf.push('{');
    let mut first = true;
    // The composer's steps start where the chain is, and say so ([`Step::FROM_CHAIN`]):
    // comparing each written-out `from` with the term before was most of this test's cost.
    let from = s.starts_at(prev);
    if !std::ptr::eq(from, prev) && *from != *prev {
        key(buf, true, "from");
        term(buf, from);
        first = false;
    }
    key(buf, first, "to");
    term(buf, &s.to);
    key(buf, false, "rule");
    text(buf, &s.rule);
    // Version 3 leaves out what is empty or false: most steps are at the root or cite a
    // lemma, and few are reversed.
    if !s.at.is_empty() {
        key(buf, false, "at");
        array(buf, &s.at, |b, e: &PathElem| {
            let (name, index) = e.written();
            b.push('"');
            b.push_str(name);
            if let Some(i) = index {
                number(b, i);
            }
            b.push('"');
        });
    }
    key(buf, false, "why");
    match words {
        Some(rules) if s.why.is_empty() => {
            quoted(buf, |b| {
                crate::proof::explain::words_into(s, prev, rules, b)
            });
        }
        _ => text(buf, &s.why),
    }
    if s.reversed {
        key(buf, false, "reversed");
        buf.push_str("true");
    }
    if !s.witnesses.is_empty() {
        key(buf, false, "witnesses");
        witnesses(buf, &s.witnesses);
    }
    if !s.parts.is_empty() {
        key(buf, false, "parts");
        chain(buf, from, &s.parts, words);
    }
    if let Some(k) = s.lemma {
        key(buf, false, "lemma");
        number(buf, k);
    }
    buf.push('}');
}

/// The most bindings [`by_name`] orders on the stack; more (none of the built-in rules binds
/// so many) are ordered in a list.
const FEW: usize = 16;

/// The bindings in the order of their names, the last of equal names kept, each passed to
/// `each` in that order. A rule binds a few names: their order is found by an insertion sort
/// of their positions on the stack. A list of them and a library sort for each map of each
/// step (two allocations and a sort call a map) were a tenth of the writer thread.
fn by_name<'a, V>(bindings: &'a [(Name, V)], mut each: impl FnMut(&'a (Name, V))) {
    let n = bindings.len();
    let mut few = [0u8; FEW];
    let mut many = Vec::new();
    // Positions in `bindings`, in the order of their names, stable (equal names keep their
    // order, so the last binding of a name is the last of its run).
    let at = |k: usize, few: &[u8], many: &[usize]| -> usize {
        if n <= FEW {
            usize::from(few[k])
        } else {
            many[k]
        }
    };
    if n <= FEW {
        for (i, (name, _)) in bindings.iter().enumerate() {
            let name = name.as_str();
            let mut j = i;
            while j > 0 && bindings[usize::from(few[j - 1])].0.as_str() > name {
                few[j] = few[j - 1];
                j -= 1;
            }
            // `i < FEW`, which fits a byte.
            few[j] = i as u8;
        }
    } else {
        many = (0..n).collect();
        many.sort_by(|&a, &b| bindings[a].0.cmp(&bindings[b].0));
    }
    for k in 0..n {
        let b = &bindings[at(k, &few, &many)];
        // Only the last of a run of equal names is written.
        if k + 1 < n && bindings[at(k + 1, &few, &many)].0 == b.0 {
            continue;
        }
        each(b);
    }
}

/// A map of one kind of witness, each value written by `value`.
fn map<V>(buf: &mut String, bindings: &[(Name, V)], value: impl Fn(&mut String, &V)) {
    buf.push('{');
    let mut first = true;
    by_name(bindings, |(name, v)| {
        if !first {
            buf.push_str(", ");
        }
        first = false;
        text(buf, name.as_str());
        buf.push_str(": ");
        value(buf, v);
    });
    buf.push('}');
}

fn witnesses(buf: &mut String, w: &Witnesses) {
    buf.push('{');
    let mut first = true;
    if !w.games.is_empty() {
        key(buf, first, "games");
        map(buf, &w.games, term);
        first = false;
    }
    if !w.sets.is_empty() {
        key(buf, first, "sets");
        map(buf, &w.sets, |b, ts: &Vec<Term>| array(b, ts, term));
        first = false;
    }
    if !w.values.is_empty() {
        key(buf, first, "values");
        map(buf, &w.values, |b, v| quoted(b, |b| v.push_to(b)));
        first = false;
    }
    if !w.rows.is_empty() {
        key(buf, first, "rows");
        map(buf, &w.rows, |b, r| {
            quoted(b, |b| b.extend(r.iter().map(|p| p.letter())))
        });
    }
    buf.push('}');
}

fn lemma(buf: &mut String, l: &Lemma, words: Words) {
    buf.push_str("{\"from\": ");
    term(buf, &l.from);
    buf.push_str(", \"to\": ");
    term(buf, &l.to);
    buf.push_str(", \"steps\": ");
    chain(buf, &l.from, &l.steps, words);
    buf.push('}');
}

/// A field of the root object (after the one before it, unless `first`), on its line.
fn root_key(buf: &mut String, first: bool, k: &str) {
    buf.push_str(if first { "\n  \"" } else { ",\n  \"" });
    buf.push_str(k);
    buf.push_str("\": ");
}

/// An array of the root object, a member per line.
fn root_array<'a, T>(buf: &mut String, items: &'a [T], mut each: impl FnMut(&mut String, &'a T)) {
    buf.push('[');
    for (i, x) in items.iter().enumerate() {
        buf.push_str(if i == 0 { "\n    " } else { ",\n    " });
        each(buf, x);
    }
    if !items.is_empty() {
        buf.push_str("\n  ");
    }
    buf.push(']');
}

/// Proof `p` as the file writes it, appended to `buf`; its lemmas left out when `lemmas` is
/// false (their lines are then added to the text, see `Proof::with_head`, which the CLI has).
pub(super) fn proof(buf: &mut String, p: &Proof, lemmas: bool) {
    buf.push('{');
    root_key(buf, true, "version");
    number(buf, VERSION as usize);
    if p.play != crate::proof::Play::Normal {
        root_key(buf, false, "play");
        text(buf, p.play.name());
    }
    if !p.terms.views().is_empty() {
        root_key(buf, false, "terms");
        root_array(buf, p.terms.views(), term);
    }
    root_key(buf, false, "input");
    term(buf, &p.input);
    root_key(buf, false, "result");
    term(buf, &p.result);
    root_key(buf, false, "checked");
    buf.push_str(if p.checked { "true" } else { "false" });
    root_key(buf, false, "steps");
    let mut prev = &p.input;
    root_array(buf, &p.steps, |b, s| {
        step(b, s, prev, None);
        prev = &s.to;
    });
    if lemmas && !p.lemmas.is_empty() {
        root_key(buf, false, "lemmas");
        root_array(buf, &p.lemmas, |b, l| lemma(b, l, None));
    }
    buf.push_str("\n}");
}

/// Lemma `l`'s line of the file, its steps' words as they are.
#[cfg(test)]
pub(crate) fn lemma_line(l: &Lemma) -> String {
    line(l, None)
}

/// The most a chunk of lemma lines ([`push_line_worded`]) is allocated with: above the CLI's
/// output buffer (1 MiB), so that a full chunk is written straight out, not copied into it.
pub(crate) const CHUNK: usize = 2 << 20;

/// A chunk with less room than this left is not started on: a line is some kilobytes (those
/// of Σ_{k≤30} {k|−k} 1.1 kB on average), and one longer than the room grows its chunk.
const LINE_ROOM: usize = 16 << 10;

/// Lemma `l`'s line of the file, its steps' words written as `explain::write_reasons` would
/// write them (see `explain::words_into`), appended to the lines
/// `chunks` hold, after the `count` lines before it: after a newline (a comma and a newline
/// if it is not the first) and the indent, as the root's arrays have each member.
///
/// The lines of a large proof are all held until the file is written (the term table comes
/// first in it, and is complete only at the end). A string a line was an allocation a line,
/// and a copy of each line's bytes out of the buffer it was written in, grown from line to
/// line; then a second copy of them all into the output's buffer, at the end of the run.
/// Chunks of [`CHUNK`] bytes, each line written straight into the last, are each one
/// allocation of many lines, and are written out as they are.
pub(crate) fn push_line_worded(
    chunks: &mut Vec<String>,
    count: usize,
    l: &Lemma,
    rules: &RuleSet,
    chunk: usize,
) {
    let full = chunks
        .last()
        .is_none_or(|c| c.capacity() - c.len() < LINE_ROOM.min(chunk / 2));
    if full {
        chunks.push(String::with_capacity(chunk));
    }
    let Some(buf) = chunks.last_mut() else {
        return;
    };
    buf.push_str(if count == 0 { "\n    " } else { ",\n    " });
    lemma(buf, l, Some(rules));
}

/// Lemma `l`'s line of the file as it is once `explain::write_reasons(&mut l.steps, rules)`
/// has written its steps' words, without writing them into the steps (see
/// `explain::words_into`): the lines of a proof checked while it was made, whose lemmas keep
/// only their statements once written.
#[cfg(test)]
pub(crate) fn lemma_line_worded(l: &Lemma, rules: &RuleSet) -> String {
    line(l, Some(rules))
}

/// Lemma `l`'s line of the file, as [`Proof::to_json`] writes it within `lemmas` (on one line,
/// as everything below the root's arrays is).
#[cfg(test)]
fn line(l: &Lemma, words: Words) -> String {
    let mut buf = String::new();
    lemma(&mut buf, l, words);
    buf
}

/// [`by_name`] with owned results, for the tests beside the reader.
#[cfg(test)]
pub(super) fn by_name_for_test<V: Clone>(bindings: &[(Name, V)]) -> Vec<(Name, V)> {
    let mut out = Vec::new();
    by_name(bindings, |b| out.push(b.clone()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_paths_are_written_as_they_display() {
        for n in [0, 1, 9, 10, 99, 100, 12345, u32::MAX as usize, usize::MAX] {
            let mut got = String::new();
            number(&mut got, n);
            assert_eq!(got, n.to_string());
        }
        let step = Step {
            at: vec![
                PathElem::Left(0),
                PathElem::Right(12),
                PathElem::SumLeft,
                PathElem::SumRight,
                PathElem::NegInner,
                PathElem::PmArg(3),
                PathElem::CallArg(10),
            ],
            lemma: Some(1234),
            ..Step::cite(Term::Ref(0), Term::Ref(1), Vec::new(), 0, String::new())
        };
        let mut got = String::new();
        super::step(&mut got, &step, &Term::Ref(0), None);
        let paths: Vec<String> = step.at.iter().map(ToString::to_string).collect();
        assert_eq!(
            paths,
            ["L0", "R12", "sum.0", "sum.1", "neg", "pm3", "arg10"]
        );
        let want = format!(
            "{{\"to\": \"#1\", \"rule\": \"lemma\", \"at\": {}, \"why\": \"\", \"lemma\": 1234}}",
            serde_json::to_string(&paths).unwrap().replace(',', ", ")
        );
        assert_eq!(got, want);
    }

    /// References and integers, written without the printer, and the terms beside them that
    /// are not written so: each quoted as the printer writes it.
    #[test]
    fn terms_written_without_the_printer_are_written_as_it_writes_them() {
        let big: num_bigint::BigInt = num_bigint::BigInt::from(i64::MAX) * 4i32;
        let mut terms = vec![
            Term::Ref(0),
            Term::Ref(7),
            Term::Ref(u32::MAX - 1),
            Term::integer(0),
            Term::integer(1),
            Term::integer(-1),
            Term::integer(-24),
            Term::integer(i64::MAX),
            Term::integer(i64::MIN),
            Term::Nus {
                number: crate::number::Dyadic::integer(big.clone()),
                up: 0.into(),
                nim: crate::number::Nimber::from(0u64),
            },
            Term::Nus {
                number: crate::number::Dyadic::integer(-big),
                up: 0.into(),
                nim: crate::number::Nimber::from(0u64),
            },
        ];
        for src in [
            "1/2", "-3/4", "*", "*2", "^", "v*", "3^*2", "-2*", "{1|-1}", "#3 + -2",
        ] {
            terms.push(crate::syntax::parse_with_refs(src).unwrap());
        }
        for t in &terms {
            let mut got = String::new();
            term(&mut got, t);
            let want = format!("\"{}\"", crate::syntax::print(t, &Default::default()));
            assert_eq!(got, want, "{t:?}");
        }
    }

    /// Leaves of every kind [`fast_expr`] writes or leaves to the printer: references,
    /// integers small and big, and literals that are not integers (some the printer joins
    /// to a number before them or parenthesises).
    fn arb_leaf() -> impl proptest::strategy::Strategy<Value = Term> {
        use proptest::prelude::*;
        let big = num_bigint::BigInt::from(i64::MAX) * 3i32;
        prop_oneof![
            4 => (0u32..300).prop_map(Term::Ref),
            4 => (-40i64..40).prop_map(Term::integer),
            1 => Just(Term::integer(i64::MIN)),
            1 => prop_oneof![Just(big.clone()), Just(-big)].prop_map(|n| Term::Nus {
                number: crate::number::Dyadic::integer(n),
                up: 0.into(),
                nim: crate::number::Nimber::from(0u64),
            }),
            2 => prop_oneof![
                Just("1/2"), Just("-3/4"), Just("*"), Just("*2"), Just("^"), Just("v*"),
                Just("^3"), Just("2*3"), Just("1^*"), Just("*0"),
            ]
            .prop_map(|s| crate::syntax::parse_with_refs(s).unwrap()),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Every term, written here or by the printer, is written as the printer writes it.
        #[test]
        fn every_term_is_written_as_the_printer_writes_it(
            t in crate::syntax::arb_games(arb_leaf(), 4)
        ) {
            let mut got = String::from("[");
            term(&mut got, &t);
            let want = format!("[\"{}\"", crate::syntax::print(&t, &Default::default()));
            proptest::prop_assert_eq!(got, want);
        }
    }

    /// A term too deep for the fast writers is the printer's, and written as it writes it;
    /// one just within them is theirs.
    #[test]
    fn deep_terms_are_written_as_the_printer_writes_them() {
        for depth in [
            FAST_DEPTH - 2,
            FAST_DEPTH - 1,
            FAST_DEPTH,
            FAST_DEPTH + 5,
            200,
        ] {
            let mut t = Term::Ref(1);
            for k in 0..depth {
                t = if k % 2 == 0 {
                    Term::sum(Term::integer(k as i64), t)
                } else {
                    Term::game(vec![Term::Ref(k as u32)], vec![t])
                };
            }
            let mut got = String::new();
            term(&mut got, &t);
            let want = format!("\"{}\"", crate::syntax::print(&t, &Default::default()));
            assert_eq!(got, want, "{depth}");
        }
        let mut flat = Term::Ref(0);
        for k in 0..FAST_DEPTH - 1 {
            flat = Term::sum(flat, Term::integer(-(k as i64)));
        }
        let mut got = String::new();
        assert!(fast_expr(&mut got, &flat, 0));
        assert_eq!(got, crate::syntax::print(&flat, &Default::default()));
    }

    /// Every ASCII byte, alone and in text around it, and text beyond ASCII: escaped as
    /// `serde_json` escapes it.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut cases: Vec<String> = (0u8..0x80)
            .map(|b| format!("a{}b", char::from(b)))
            .collect();
        cases.push(String::new());
        cases.push("↑*3 + \"LRE\"\\\n\u{7f}é".into());
        // Longer than a word of the scan, each byte to escape at each place in it, beside
        // the bytes just above and below the ranges escaped.
        for bad in ['"', '\\', '\n', '\u{1f}', '\0'] {
            for at in 0..20 {
                let mut s: String = "!#[]\u{7f} ~x".chars().cycle().take(20).collect();
                s.replace_range(at..at + 1, &bad.to_string());
                cases.push(s);
            }
        }
        cases.push("!#[]\u{7f} ~x!#[]\u{7f} ~x!#[]\u{7f} ~x".into());
        for s in cases {
            let want = serde_json::to_string(&s).unwrap();
            let mut got = String::new();
            text(&mut got, &s);
            assert_eq!(got, want, "{s:?}");
            let mut got = String::new();
            quoted(&mut got, |b| b.push_str(&s));
            assert_eq!(got, want, "{s:?}");
        }
    }
}
