//! A lemma's text read straight into the checker's [`Lemma`], without serde's model of it.
//!
//! Reading a lemma was half of its check (Σ_{k≤16} {k|−k}: 655 M of the check's 1,358 M
//! instructions), and half of the reading was serde's: a [`LemmaJson`](super::LemmaJson) of
//! [`StepJson`](super::StepJson)s, each step's witnesses four `BTreeMap`s of strings, built
//! only to be walked once into [`Step`]s and dropped. Here the text goes into the steps as it is
//! scanned: the maps' entries straight into the witnesses' vectors, in the order the maps would
//! give them.
//!
//! It reads only what it reads exactly as that path does — the layout onag writes and nothing
//! unusual: strings with no escape and no control character, each step field and each witness
//! kind at most once, every map's keys in increasing order (a map's own order, so none
//! repeats), no unknown field, no `null`, a `lemma` of plain digits. For any other text, and
//! for any text that is not a lemma (a term that does not parse, a reference past the table),
//! it says nothing ([`lemma`] is `None`) and the caller reads the text with serde, whose
//! verdict and words on it are the file's: so what this reader accepts it reads into exactly
//! the lemma the other does, but for a step's `from` left out, which is
//! [`Step::FROM_CHAIN`] here where serde's reader copies the term the chain reached (tested
//! on proofs of each play and on texts altered every way above), and it judges nothing.

use super::{parse_row, parse_value, refs_within};
use crate::proof::step::{PathElem, Step, Witnesses};
use crate::proof::Lemma;
use crate::rules::Name;
use crate::term::Term;

/// A lemma's text read into the lemma, its references within a table of `len` entries;
/// `None` when the text is not one this reader reads (see the module docs).
pub(super) fn lemma(raw: &str, len: usize) -> Option<Lemma> {
    let mut s = Scan {
        b: raw.as_bytes(),
        text: raw,
        at: 0,
        len,
    };
    s.ws();
    let (mut from, mut to, mut steps) = (None, None, None);
    s.object(|s, key| {
        match key {
            "from" if from.is_none() => from = Some(term(s.string()?, len)?),
            "to" if to.is_none() => to = Some(term(s.string()?, len)?),
            "steps" if steps.is_none() => steps = Some(s.chain(false)?),
            _ => return None,
        }
        Some(())
    })?;
    s.ws();
    if s.at != raw.len() {
        return None;
    }
    // Every term here was read by [`term`], which reads none with a reference past the
    // table, or is [`Step::FROM_CHAIN`]: the reader's check that each refers within the
    // table, which here only says whether the text is read here, is done. Walking every
    // step's terms again after reading them was a thirtieth of `onag check`'s instructions.
    Some(Lemma {
        from: from?,
        to: to?,
        steps: steps?,
    })
}

/// An entry of the term table as onag writes nearly all of them — two leaves joined by ` + `
/// (`#84595 + #47`, `-220 + -29`) or a game with one bar of leaves and sums of two leaves
/// (`{#99817|#98779}`, `{-28 + #15,#444|#1975}`), a leaf a reference or an integer — read
/// into exactly the term [`super::parse`] reads (the quick reader's: `syntax::quick`); `None`
/// for any other text, which the caller parses so. Why:
/// the table's entries are parsed before any lemma can be checked, and the general reader
/// spent 1,500 instructions on each of Σ_{k≤30} {k|−k}'s 239,000 (356 M in all, most of the
/// check's serial start); and its games' option lists came with spare room, which the table
/// then gave back one reallocation an entry on the one thread every checker waits for. The
/// lists made here hold no spare room.
pub(super) fn view(s: &str) -> Option<Term> {
    view_within(s, usize::MAX)
}

/// [`view`] of a term whose references are all below `len`; `None` for one that has another.
fn view_within(s: &str, len: usize) -> Option<Term> {
    let b = s.as_bytes();
    if b.first() == Some(&b'{') {
        let bar = b.iter().position(|&c| c == b'|')?;
        if b.last() != Some(&b'}') || bar + 1 >= b.len() - 1 {
            return None;
        }
        let left = leaves(&s[1..bar], len)?;
        let right = leaves(&s[bar + 1..s.len() - 1], len)?;
        return Some(Term::Game { left, right });
    }
    // A leaf holds no space: the first one is the sum's.
    let plus = b.iter().position(|&c| c == b' ')?;
    if b.get(plus..plus + 3) != Some(b" + ") {
        return None;
    }
    let a = leaf(&s[..plus], len)?;
    let c = leaf(&s[plus + 3..], len)?;
    Some(Term::sum(a, c))
}

/// A non-empty list of at most four options separated by commas, each a leaf or a sum of two
/// ([`option`]), with no spare room. Near the memory limit it reads none, as the quick reader
/// reads no list there (its room looked at as that reader looks before its list's first push,
/// the only look for four options): the full parser then reports the limit.
fn leaves(s: &str, len: usize) -> Option<Vec<Term>> {
    let n = 1 + s.bytes().filter(|&c| c == b',').count();
    if n > 4 {
        return None;
    }
    crate::memory::check_push(&Vec::<Term>::new()).ok()?;
    let mut out = Vec::with_capacity(n);
    // The parts between commas, found by the bytes themselves (what `split(',')` gives).
    let mut from = 0;
    for (i, &c) in s.as_bytes().iter().enumerate() {
        if c == b',' {
            out.push(option(&s[from..i], len)?);
            from = i + 1;
        }
    }
    out.push(option(&s[from..], len)?);
    Some(out)
}

/// A game's option as the quick reader reads one of these: a leaf, or two leaves joined by
/// ` + ` (`-28 + #15`, a step's half-added option), their sum. Anything else (a third operand,
/// a ` - `) is no leaf on either side of the first ` + `, so it is left to that reader.
///
/// A leaf holds no space, so only the first space can begin the ` + ` of a sum this reads:
/// where it does not, a later ` + ` would leave a space in the leaf before it, and where
/// there is none the whole is no leaf. Looking at the first space alone gives what
/// `find(" + ")` gives, without setting up a substring search for each option (a twentieth
/// of `onag check`'s instructions on Σ_{k≤12} {k|−k}).
fn option(s: &str, len: usize) -> Option<Term> {
    let b = s.as_bytes();
    match b.iter().position(|&c| c == b' ') {
        Some(plus) if b.get(plus..plus + 3) == Some(b" + ") => Some(Term::sum(
            leaf(&s[..plus], len)?,
            leaf(&s[plus + 3..], len)?,
        )),
        Some(_) => None,
        None => leaf(s, len),
    }
}

/// `#n` or an integer, as the quick reader reads a leaf: digits with no leading zero (`0`
/// alone excepted), at most 18 of them, no `-0`; a reference that fits a `u32`, and is below
/// `len` (else `None`).
fn leaf(s: &str, len: usize) -> Option<Term> {
    use crate::syntax::quick::digits;
    if let Some(n) = s.strip_prefix('#') {
        let n = u32::try_from(value_of(digits(n).then_some(n)?)).ok()?;
        return ((n as usize) < len).then_some(Term::Ref(n));
    }
    integer(s).map(Term::number)
}

/// An integer as the quick reader reads one (see [`leaf`]).
fn integer(s: &str) -> Option<crate::number::Dyadic> {
    use crate::syntax::quick::digits;
    let (negative, d) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s),
    };
    if !digits(d) || s == "-0" {
        return None;
    }
    // At most 18 digits: the value fits an `i64` either way round.
    let n = value_of(d) as i64;
    let n = if negative { -n } else { n };
    Some(crate::number::Dyadic::integer(num_bigint::BigInt::from(n)))
}

/// The value of at most 18 decimal digits ([`crate::syntax::quick::digits`] has said they
/// are), read where they are: what `parse` gives for them, without its checks a second time.
fn value_of(d: &str) -> u64 {
    d.bytes().fold(0u64, |n, c| n * 10 + u64::from(c - b'0'))
}

/// A term of the text, read as [`super::parse`] reads it, if every reference in it is below
/// `len` (the table's entries). A leaf, a sum of two leaves and a game of leaves with one bar
/// — most of the terms of a lemma onag writes (witnesses, steps' `to`) — are read into that
/// term directly ([`leaf`], [`view`]), each reference looked at as it is read, without the
/// quick reader's walk; any other text is left to it, and its term walked for references.
fn term(s: &str, len: usize) -> Option<Term> {
    leaf(s, len).or_else(|| view_within(s, len)).or_else(|| {
        let t = crate::syntax::parse_proof_term(s).ok()?;
        refs_within(&t, len, &String::new).ok()?;
        Some(t)
    })
}

/// A witness's value, read as [`parse_value`] reads it: an integer directly ([`integer`]),
/// any other text by that reader.
fn value(v: &str) -> Option<crate::number::Dyadic> {
    integer(v).or_else(|| parse_value(v, &String::new).ok())
}

/// JSON's whitespace.
fn ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The bytes that end a string as [`Scan::string`] reads it: its quote, or an escape or a
/// control character, which it leaves to serde.
const STOPS: [bool; 256] = {
    let mut stops = [false; 256];
    let mut c = 0;
    while c < 0x20 {
        stops[c] = true;
        c += 1;
    }
    stops[b'"' as usize] = true;
    stops[b'\\' as usize] = true;
    stops
};

/// Where the first byte of [`STOPS`] is in `b`, looked for sixteen bytes at a time (SSE2),
/// then eight. Why: a lemma's strings are most of its text (a step's words, `why`, are a
/// third of the bytes of Σ_{k≤12} {k|−k}'s file), and a lookup a byte was a tenth of a
/// lemma's reading.
fn stop(b: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte below `n` (n ≤ 0x80): exact at the lowest such byte, and a
    // borrow may mark bytes above it only, never below; so the lowest mark of the three
    // masks together is the first stop.
    let below = |w: u64, n: u64| w.wrapping_sub(ONES * n) & !w & HIGH;
    let mut i = 0;
    // Sixteen bytes at a time where SSE2 is (every x86-64): a third of the instructions of
    // the eight-byte words below, which read the rest.
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = b.get(i..).and_then(<[u8]>::first_chunk::<16>) {
        let marks = stops16(chunk);
        if marks != 0 {
            // Bit k of the mask is byte k's.
            return Some(i + marks.trailing_zeros() as usize);
        }
        i += 16;
    }
    while let Some(chunk) = b.get(i..i + 8) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let marks = below(w, 0x20)
            | below(w ^ (ONES * u64::from(b'"')), 1)
            | below(w ^ (ONES * u64::from(b'\\')), 1);
        if marks != 0 {
            // A mark is a byte's high bit: its index is the byte's.
            return Some(i + (marks.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    b[i..]
        .iter()
        .position(|&c| STOPS[usize::from(c)])
        .map(|p| i + p)
}

/// The bytes of `STOPS` among the sixteen of `chunk`, as a mask: bit k for byte k.
#[cfg(target_arch = "x86_64")]
#[inline]
fn stops16(chunk: &[u8; 16]) -> u32 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of every x86-64 target; the load reads the 16 bytes of `chunk`
    // and needs no alignment.
    let mask = unsafe {
        let v = _mm_loadu_si128(chunk.as_ptr().cast());
        // A byte is a control character when its unsigned minimum with 0x1f is itself.
        let control = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v);
        let quote = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'"' as i8));
        let backslash = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'\\' as i8));
        _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control))
    };
    // Sixteen bits, from the sixteen bytes' high bits.
    mask as u32
}

/// The text and where the reading is in it.
struct Scan<'a> {
    b: &'a [u8],
    text: &'a str,
    at: usize,
    /// The table's entries: every reference read is below it, or the text is not read here.
    len: usize,
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(ws) {
            self.at += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek() == Some(c)).then(|| self.at += 1)
    }

    /// A string with no escape and no control character (serde's reader reads the others).
    fn string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let from = self.at;
        let to = from + stop(&self.b[from..])?;
        if self.b[to] != b'"' {
            return None;
        }
        self.at = to + 1;
        // Both ends are ASCII quotes, so on character boundaries.
        self.text.get(from..to)
    }

    /// An object whose keys are strings as [`Scan::string`] reads them, each value read by
    /// `value` (which fails on a key it does not read).
    fn object(&mut self, mut value: impl FnMut(&mut Self, &'a str) -> Option<()>) -> Option<()> {
        self.sequence(b'{', b'}', |s| {
            let key = s.string()?;
            s.ws();
            s.eat(b':')?;
            s.ws();
            value(s, key)
        })
    }

    /// An array, each element read by `item`.
    fn array(&mut self, item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.sequence(b'[', b']', item)
    }

    /// Elements between `open` and `close`, separated by commas, each read by `item`: an
    /// object's members or an array's elements.
    fn sequence(
        &mut self,
        open: u8,
        close: u8,
        mut item: impl FnMut(&mut Self) -> Option<()>,
    ) -> Option<()> {
        self.eat(open)?;
        self.ws();
        if self.eat(close).is_some() {
            return Some(());
        }
        loop {
            item(self)?;
            self.ws();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.ws();
                }
                c if c == close => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// An array of strings, each read by [`term`] as it is read: a witness set's members,
    /// with no list of their texts made first and dropped (a list allocated and freed for
    /// each of the four sets of every sum's step).
    fn terms(&mut self) -> Option<Vec<Term>> {
        let len = self.len;
        let mut out = Vec::new();
        self.array(|s| {
            out.push(term(s.string()?, len)?);
            Some(())
        })?;
        Some(out)
    }

    /// A map of strings to what `value` reads, its keys in increasing order (as a map's are
    /// visited: none repeats), each entry handed to `each`.
    fn map<T>(
        &mut self,
        mut value: impl FnMut(&mut Self) -> Option<T>,
        mut each: impl FnMut(&'a str, T) -> Option<()>,
    ) -> Option<()> {
        let mut last: Option<&str> = None;
        self.object(|s, key| {
            if last.is_some_and(|l| l >= key) {
                return None;
            }
            last = Some(key);
            let v = value(s)?;
            each(key, v)
        })
    }

    fn word(&mut self, w: &str) -> Option<()> {
        self.b[self.at..]
            .starts_with(w.as_bytes())
            .then(|| self.at += w.len())
    }

    /// `true` or `false`.
    fn boolean(&mut self) -> Option<bool> {
        match self.peek()? {
            b't' => self.word("true").map(|()| true),
            _ => self.word("false").map(|()| false),
        }
    }

    /// A number as serde reads a `usize`, when written in plain digits (no leading zero, no
    /// fraction or exponent) and no larger than a `usize`.
    fn index(&mut self) -> Option<usize> {
        let from = self.at;
        let mut n: usize = 0;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            n = n.checked_mul(10)?.checked_add(usize::from(d - b'0'))?;
            self.at += 1;
        }
        let digits = self.at - from;
        if digits == 0 || (digits > 1 && self.b[from] == b'0') {
            return None;
        }
        if matches!(self.peek(), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        Some(n)
    }

    /// The array of steps that starts here, a chain as `chain_from_json` reads it, but for
    /// a step's `from` left out, which is [`Step::FROM_CHAIN`] rather than a copy of the term
    /// the chain reached (`nested`: the parts of a grouped step, which have none of their
    /// own).
    fn chain(&mut self, nested: bool) -> Option<Vec<Step>> {
        let mut out: Vec<Step> = Vec::new();
        self.array(|s| {
            out.push(s.step(nested)?);
            Some(())
        })?;
        Some(out)
    }

    /// One step as `step_from_json` reads it (its words not kept, as the streaming check
    /// keeps none), its `from` [`Step::FROM_CHAIN`] where the text leaves it out.
    fn step(&mut self, nested: bool) -> Option<Step> {
        let mut from: Option<Term> = None;
        let mut to: Option<&str> = None;
        let mut rule: Option<&str> = None;
        let mut at: Option<Vec<PathElem>> = None;
        let mut why = false;
        let mut reversed: Option<bool> = None;
        let mut witnesses: Option<Witnesses> = None;
        let mut parts: Option<Vec<Step>> = None;
        let mut lemma: Option<usize> = None;
        let mut lemma_read = false;
        self.object(|s, key| {
            match key {
                "from" if from.is_none() => from = Some(term(s.string()?, s.len)?),
                "to" if to.is_none() => to = Some(s.string()?),
                "rule" if rule.is_none() => rule = Some(s.string()?),
                "at" if at.is_none() => {
                    // Each element parsed as it is read, with no list of its words first.
                    let mut elems = Vec::new();
                    s.array(|s| {
                        elems.push(s.string()?.parse::<PathElem>().ok()?);
                        Some(())
                    })?;
                    at = Some(elems);
                }
                "why" if !why => {
                    s.string()?;
                    why = true;
                }
                "reversed" if reversed.is_none() => reversed = Some(s.boolean()?),
                "witnesses" if witnesses.is_none() => witnesses = Some(s.witnesses()?),
                "parts" if parts.is_none() => {
                    let read = s.chain(true)?;
                    if nested && !read.is_empty() {
                        return None;
                    }
                    parts = Some(read);
                }
                "lemma" if !lemma_read => {
                    lemma = Some(s.index()?);
                    lemma_read = true;
                }
                _ => return None,
            }
            Some(())
        })?;
        Some(Step {
            to: term(to?, self.len)?,
            from: from.unwrap_or(Step::FROM_CHAIN),
            rule: rule?.into(),
            at: at.unwrap_or_default(),
            why: String::new(),
            witnesses: witnesses.unwrap_or_default(),
            reversed: reversed.unwrap_or(false),
            parts: parts.unwrap_or_default(),
            lemma,
        })
    }

    /// A step's witnesses, each kind's entries in its map's order.
    fn witnesses(&mut self) -> Option<Witnesses> {
        let len = self.len;
        let mut w = Witnesses::default();
        let mut seen = [false; 4];
        self.object(|s, key| {
            let kind = ["games", "sets", "values", "rows"]
                .iter()
                .position(|k| *k == key)?;
            if std::mem::replace(&mut seen[kind], true) {
                return None;
            }
            match kind {
                0 => s.map(Scan::string, |n, t| {
                    w.games.push((Name::from(n), term(t, len)?));
                    Some(())
                }),
                1 => s.map(Scan::terms, |n, ts| {
                    w.sets.push((Name::from(n), ts));
                    Some(())
                }),
                2 => s.map(Scan::string, |n, v| {
                    w.values.push((Name::from(n), value(v)?));
                    Some(())
                }),
                _ => s.map(Scan::string, |n, r| {
                    w.rows.push((Name::from(n), parse_row(r).ok()?));
                    Some(())
                }),
            }
        })?;
        Some(w)
    }
}

#[cfg(test)]
mod tests {
    use super::super::stream::lemma_by_serde;
    use crate::proof::step::Step;
    use crate::proof::Lemma;
    use crate::term::Term;

    /// The stop found sixteen and eight bytes at a time is the first byte of `STOPS`, by a
    /// byte-by-byte search: every byte value at every offset of two sixteen-byte blocks, of
    /// the word after them and past the last whole word, after every prefix of bytes that are
    /// no stops (high bytes of UTF-8 text and the bytes next to the stops among them), and no
    /// stop at all.
    #[test]
    fn a_strings_end_is_found_sixteen_bytes_at_a_time_where_a_byte_at_a_time_finds_it() {
        let naive = |b: &[u8]| b.iter().position(|&c| super::STOPS[usize::from(c)]);
        let fill: &[u8] = &[
            b'a', 0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xa2, 0xdc, 0xff,
        ];
        let mut checked = 0;
        for len in 0..44 {
            for &f in fill {
                let mut b = vec![f; len];
                assert_eq!(super::stop(&b), naive(&b));
                for at in 0..len {
                    for c in 0..=255u8 {
                        b[at] = c;
                        assert_eq!(super::stop(&b), naive(&b), "{b:?}");
                        // A second stop after the first changes nothing.
                        if at + 1 < len {
                            b[at + 1] = b'"';
                            assert_eq!(super::stop(&b), naive(&b), "{b:?}");
                            b[at + 1] = f;
                        }
                        checked += 1;
                    }
                    b[at] = f;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// A lemma's terms and values are read into what the general readers make of them: the
    /// shapes read directly (a leaf, a sum of two leaves, a game of leaves with one bar) and
    /// those left to the quick reader.
    #[test]
    fn a_term_or_value_is_read_into_the_general_readers_term_or_number() {
        for s in [
            "#0",
            "#1238",
            "-9",
            "0",
            "-0",
            "7",
            "#4294967296",
            "999999999999999999",
            "1000000000000000000",
            "#1238 + -9",
            "{#1958,#444|#1973,#1975}",
            "{-37|-39}",
            "{-28 + #15,#1238 + 9|-30 + #15,#1238 + -9}",
            "{-37|-30 + -9}",
            "*",
            "*3",
            "1/2",
            "^",
            "3 + 0",
            "{#1||#2|#3}",
            "-{#1|#2}",
            "#01",
            "",
            " 1",
            "1 ",
        ] {
            let slow = super::super::parse(s, String::new).ok();
            assert_eq!(super::term(s, usize::MAX), slow, "{s}");
            let slow = super::parse_value(s, &String::new).ok();
            assert_eq!(super::value(s), slow, "{s}");
        }
    }

    /// `l` with each step's `from` that is [`Step::FROM_CHAIN`] written out as the term its
    /// chain reached (a group's parts start where the group does), as serde's reader writes it.
    fn written_out(mut l: Lemma) -> Lemma {
        fn chain(steps: &mut [Step], start: &Term) {
            let mut at = start.clone();
            for s in steps {
                assert_ne!(s.to, Step::FROM_CHAIN);
                if s.from == Step::FROM_CHAIN {
                    s.from = at;
                }
                let from = s.from.clone();
                chain(&mut s.parts, &from);
                at = s.to.clone();
            }
        }
        let from = l.from.clone();
        chain(&mut l.steps, &from);
        l
    }

    /// What the two readers make of `raw` (in a table of `len` entries) agrees: this one reads
    /// nothing, or the lemma serde's reads, each step's `from` left out where the chain is.
    /// Whether this one read it.
    fn agree(raw: &str, len: usize) -> bool {
        let slow = lemma_by_serde(raw, raw, 0, len);
        match (super::lemma(raw, len), slow) {
            (None, _) => false,
            (Some(fast), Ok(slow)) => {
                assert_eq!(written_out(fast), slow, "{raw}");
                true
            }
            (Some(fast), Err(e)) => panic!("read {fast:?} where serde says {e}: {raw}"),
        }
    }

    /// Each lemma's line of proofs onag writes (a lemma a line), with its table's length: of
    /// sums with grouped steps, set and value witnesses, reversed steps, and a misère proof.
    /// What [`super::view`] makes of `s`: nothing, or the term the general reader makes.
    fn view_agrees(s: &str) -> bool {
        let slow = super::super::parse(s, String::new);
        match (super::view(s), slow) {
            (None, _) => false,
            (Some(fast), Ok(slow)) => {
                assert_eq!(fast, slow, "{s}");
                true
            }
            (Some(fast), Err(e)) => panic!("read {fast:?} where the parser says {e}: {s}"),
        }
    }

    /// Every entry of the tables onag writes (sums of every kind, switches, games of numbers,
    /// misère and loopy proofs' tables): read here into the general reader's term, or left
    /// to it; and the two shapes nearly every entry of Σ {k|−k}'s tables has are read here.
    #[test]
    fn every_table_entry_onag_writes_is_read_here_into_the_parsers_term_or_left_to_it() {
        let engine = crate::engine::Engine::new(crate::rules::RuleSet::builtin());
        let mut texts: Vec<String> = [
            "{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}+{7|-7}+{8|-8}",
            "{0,1,2,3|4,5,6} + {1|-1} + {2|-2}",
            "^ + *3 + {2|1} + {0||0|-3}",
            "3/2 + {1/2|-1/2} + {0,*|0,*} + ^*",
            "{0,^,*|0,v,*} + {1|*} + {*2|*3}",
            "{5,4,3,2,1|-1,-2,-3,-4,-5} + {3|-3}",
        ]
        .iter()
        .map(|src| {
            let t = crate::syntax::parse(src).unwrap();
            crate::proof::simplify(&t, &engine).unwrap().proof.to_json()
        })
        .collect();
        let t = crate::syntax::parse("*2 + *3 + {*|*}").unwrap();
        let mut m = crate::misere::Misere::default();
        let misere = crate::proof::misere::simplify_misere(&mut m, &t).unwrap();
        texts.push(misere.proof.to_json());
        let (mut read, mut all) = (0, 0);
        for text in &texts {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            for entry in v["terms"].as_array().into_iter().flatten() {
                let entry = entry.as_str().unwrap();
                all += 1;
                read += usize::from(view_agrees(entry));
            }
        }
        assert!(all > 200, "{all}");
        assert!(read * 2 > all, "{read} of {all}");
        for shape in [
            "#84595 + #47",
            "-220 + -29",
            "{#99817|#98779}",
            "3 + #5",
            "{-2|7}",
        ] {
            assert!(view_agrees(shape), "{shape}");
        }
    }

    /// Texts near those shapes, each either read into the parser's term or left to it (most
    /// are left: a third operand, a minus, two bars, a leading zero, an overflowing number, a
    /// space out of place, an empty side, five options, a nested game, a nimber).
    #[test]
    fn a_table_entry_of_any_other_shape_is_left_to_the_parser_or_read_alike() {
        let texts = [
            "#1 + #2 + #3",
            "#1 - #2",
            "#1 +#2",
            "#1  + #2",
            " #1 + #2",
            "#1 + #2 ",
            "#01 + #2",
            "#0 + 0",
            "-0 + #1",
            "--1 + #1",
            "#4294967295 + #1",
            "#4294967296 + #1",
            "999999999999999999 + 1",
            "1000000000000000000 + 1",
            "-999999999999999999 + #0",
            "{#1||#2}",
            "{#1|#2|#3}",
            "{|#1}",
            "{#1|}",
            "{|}",
            "{#1,#2|#3,#4}",
            "{#1,#2,#3,#4|#5}",
            "{#1,#2,#3,#4,#5|#6}",
            "{#1,,#2|#3}",
            "{#1,|#3}",
            "{{#1|#2}|#3}",
            "{#1 + #2|#3}",
            "{#1 + #2 + #3|#4}",
            "{#1 - #2|#3}",
            "{#1 +#2|#3}",
            "{#1  + #2|#3}",
            "{#1 + |#3}",
            "{ + #1|#3}",
            "{#1 + -0|#3}",
            "{-28 + #15,#1238 + 9|-30 + #15,#1238 + -9}",
            "{*|#3}",
            "*2 + #1",
            "^ + #1",
            "1/2 + #3",
            "{#1|#2} + #3",
            "#1",
            "5",
            "",
            "+",
            " + ",
            "{",
            "}",
            "{#1|#2",
            "#1|#2}",
            "{#1|#2}}",
            "#a + #1",
            "#1 + #2x",
            "2 + ^3",
            "3 + 0",
        ];
        for t in texts {
            view_agrees(t);
        }
        for read in [
            "{#1,#2,#3,#4|#5}",
            "#4294967295 + #1",
            "3 + 0",
            "{#1,#2|#3,#4}",
            "{#1 + #2|#3}",
            "{-28 + #15,#1238 + 9|-30 + #15,#1238 + -9}",
        ] {
            assert!(view_agrees(read), "{read}");
        }
        for left in [
            "#1 + #2 + #3",
            "{#1,#2,#3,#4,#5|#6}",
            "#4294967296 + #1",
            "{|#1}",
            "{#1 + #2 + #3|#4}",
            "{#1 - #2|#3}",
        ] {
            assert!(!view_agrees(left), "{left}");
        }
    }

    fn written() -> Vec<(String, usize)> {
        let engine = crate::engine::Engine::new(crate::rules::RuleSet::builtin());
        let mut proofs: Vec<crate::proof::Proof> = [
            "{1|-1}+{2|-2}+{3|-3}+{4|-4}+{5|-5}+{6|-6}",
            "{0,1,2,3|4,5,6} + {1|-1} + {2|-2}",
            "^ + *3 + {2|1} + {0||0|-3}",
            "3/2 + {1/2|-1/2} + {0,*|0,*} + ^*",
            "{0,^,*|0,v,*} + {1|*} + {*2|*3}",
        ]
        .iter()
        .map(|src| {
            let t = crate::syntax::parse(src).unwrap();
            crate::proof::simplify(&t, &engine).unwrap().proof
        })
        .collect();
        let t = crate::syntax::parse("*2 + *3 + {*|*}").unwrap();
        let mut m = crate::misere::Misere::default();
        proofs.push(
            crate::proof::misere::simplify_misere(&mut m, &t)
                .unwrap()
                .proof,
        );
        let mut out = Vec::new();
        for p in proofs {
            let len = p.terms.len();
            let json = p.to_json();
            let lines = json.lines().skip_while(|l| !l.contains("\"lemmas\": ["));
            for l in lines
                .skip(1)
                .take_while(|l| !l.trim_start().starts_with(']'))
            {
                let l = l.trim();
                out.push((l.strip_suffix(',').unwrap_or(l).to_string(), len));
            }
        }
        out
    }

    #[test]
    fn every_lemma_onag_writes_is_read_here_into_the_lemma_serdes_reader_reads() {
        let lines = written();
        assert!(lines.len() > 100, "{}", lines.len());
        let all = lines.iter().map(|(l, _)| l.as_str()).collect::<String>();
        // The shapes read here, each met: grouped steps, citations, reversed steps, witnesses.
        for shape in [
            "\"parts\"",
            "\"lemma\":",
            "\"reversed\"",
            "\"sets\"",
            "\"games\"",
        ] {
            assert!(all.contains(shape), "{shape}");
        }
        for (l, len) in &lines {
            assert!(agree(l, *len), "{l}");
        }
        // A witness of every kind, values and rows too (no sum's lemma names those).
        let l = r##"{"from": "1 + 2", "to": "3", "steps": [{"to": "3", "rule": "r", "at": ["L0", "sum.1", "neg", "pm2", "arg1", "R3"], "witnesses": {"games": {"a": "#0", "b": "{1|*}"}, "rows": {"r": "LRE"}, "sets": {"L": [], "R": ["1", "*"]}, "values": {"m": "-7", "n": "3/2"}}}]}"##;
        assert!(agree(l, 1));
        let read = super::lemma(l, 1).unwrap();
        assert_eq!(read.steps[0].witnesses.values.len(), 2);
        assert_eq!(read.steps[0].witnesses.rows[0].1.len(), 3);
    }

    /// `l` altered at its `n`th `what` (counted from 0) into `with`, if it has one.
    fn altered(l: &str, what: &str, n: usize, with: &str) -> Option<String> {
        let (at, _) = l.match_indices(what).nth(n)?;
        Some(format!("{}{with}{}", &l[..at], &l[at + what.len()..]))
    }

    #[test]
    fn a_lemma_laid_out_otherwise_or_no_lemma_is_left_to_serde_or_read_alike() {
        // Every way a text can differ from what onag writes, at each place it can: this
        // reader reads it into serde's lemma, or leaves it; never reads what serde refuses.
        let changes: &[(&str, &str)] = &[
            (", ", ","),
            (": ", ":"),
            (", ", " ,\t"),
            ("{", "{ \n"),
            ("}", "\r }"),
            ("[", "[ "),
            ("\"to\"", "\"tO\""),
            ("\"to\"", "\"from\""),
            ("\"from\"", "\"to\""),
            ("\"rule\"", "\"why\""),
            ("\"why\"", "\"at\""),
            ("\"at\"", "\"parts\""),
            ("\"steps\": [", "\"steps\": [1, "),
            ("\"lemma\": ", "\"lemma\": 0"),
            ("\"lemma\": ", "\"lemma\": -"),
            ("\"lemma\": ", "\"lemma\": 1."),
            ("\"lemma\": ", "\"lemma\": 99999999999999999999"),
            ("\"lemma\": ", "\"lemma\": null, \"x\": "),
            ("+", "\\u002b"),
            ("+", "\\"),
            ("+", "\t"),
            ("#", "#9"),
            ("#", "#99999"),
            ("|", "||"),
            ("\"L", "\"Z"),
            ("\"a\"", "\"c\""),
            ("\"R\"", "\"A\""),
            ("\"", ""),
            ("}", "},"),
            ("}", ""),
            ("]", ""),
            ("\"reversed\": true", "\"reversed\": false"),
            ("\"reversed\": true", "\"reversed\": tru"),
            ("\"reversed\": true", "\"reversed\": 1"),
            ("\"witnesses\": {", "\"witnesses\": {\"games\": {}, "),
            ("\"witnesses\": {", "\"witnesses\": {\"other\": {}, "),
            ("\"parts\": [", "\"parts\": [], \"x\": ["),
            ("\"rule\": ", "\"from\": \"0\", \"rule\": "),
            ("\"steps\": [{", "\"steps\": [{\"parts\": [{\"to\": \"0\", \"rule\": \"r\", \"parts\": [{\"to\": \"0\", \"rule\": \"r\"}]}], "),
        ];
        let lines = written();
        let (mut read, mut left) = (0, 0);
        for (l, len) in lines.iter().step_by(7) {
            for (what, with) in changes {
                for n in [0, 1, 2, 5] {
                    let Some(m) = altered(l, what, n, with) else {
                        continue;
                    };
                    if agree(&m, *len) {
                        read += 1;
                    } else {
                        left += 1;
                    }
                }
            }
            // A reference past the table is no lemma's: left to serde.
            assert!(super::lemma(l, *len).is_some());
            if l.contains('#') {
                let past = l.replacen('#', &format!("#{len}0"), 1);
                assert!(super::lemma(&past, *len).is_none(), "{past}");
            }
        }
        assert!(read > 100 && left > 100, "{read} {left}");
    }

    /// A reference is looked at as it is read: at the table's length or past it, wherever it
    /// is written (a leaf, a sum, a game's option, a term left to the full parser), the term
    /// is not read; below it, the term is the full parser's.
    #[test]
    fn a_term_with_a_reference_past_the_table_is_not_read() {
        for (s, max) in [
            ("#4", 4),
            ("#4 + 1", 4),
            ("-3 + #4", 4),
            ("{#1,#4|2}", 4),
            ("{1|2 + #4}", 4),
            ("{#1||#2|#4}", 4),
            ("-#4", 4),
            ("{0|#0}", 0),
        ] {
            let slow = super::super::parse(s, String::new).ok();
            assert!(slow.is_some(), "{s}");
            assert_eq!(super::term(s, max + 1), slow, "{s}");
            assert_eq!(super::term(s, max), None, "{s} in a table of {max}");
        }
    }

    /// Each reference of a lemma onag writes, one at a time, set to the table's length (the
    /// first entry past it): the lemma is not read here, and serde's reader refuses it; set to
    /// the last entry, it is read as serde reads it.
    #[test]
    fn a_lemma_with_any_one_reference_past_the_table_is_left_to_serde() {
        let (mut past, mut within) = (0, 0);
        for (l, len) in written().iter().step_by(3) {
            // The words of a step (`why`) name references too, but are no terms: not read.
            let words: Vec<(usize, usize)> = l
                .match_indices("\"why\": \"")
                .map(|(i, w)| {
                    (
                        i + w.len(),
                        i + w.len() + l[i + w.len()..].find('"').unwrap(),
                    )
                })
                .collect();
            for (at, _) in l.match_indices('#') {
                if words.iter().any(|&(from, to)| (from..to).contains(&at)) {
                    continue;
                }
                let digits = l[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
                let with = |n: usize| format!("{}#{n}{}", &l[..at], &l[at + 1 + digits..]);
                let bad = with(*len);
                assert!(super::lemma(&bad, *len).is_none(), "{bad}");
                assert!(lemma_by_serde(&bad, &bad, 0, *len).is_err(), "{bad}");
                past += 1;
                if agree(&with(len - 1), *len) {
                    within += 1;
                }
            }
        }
        assert!(past > 100 && within > 100, "{past} {within}");
    }
}
