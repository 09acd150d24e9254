//! The proof file read as onag writes it: the top-level object's fields by hand, each value
//! by serde from its own text, and the `lemmas` array a line a lemma, found by looking for
//! the next newline.
//!
//! serde's reader of the whole text must scan every byte of every lemma to find where it ends
//! (a [`RawValue`]), on the one thread that hands the lemmas out:
//! 1.9 G instructions for Σ_{k≤30} {k|−k}'s 142 MB of lemmas, which both checkers waited for
//! on two threads, and a tenth of the work on one. JSON strings hold no raw newline, so in a
//! file written a lemma a line each newline ends a lemma, and the checker that takes the
//! lemma parses it whole with serde anyway (which refuses anything but one JSON value).
//!
//! Only a text this reader reads without a fault is judged by it: a lemma's line, its commas
//! and the lines around it, every field's value — whatever is not laid out as onag writes it
//! or is not a proof makes it give up ([`Bail`]), and the caller reads the text again with
//! serde's reader of the whole text, whose verdict and words on every error are the file's.
//! What it accepts is JSON: `[`, then lines each one JSON value and a comma but the last, then
//! `]`, is an array of those values, and each value is parsed by serde in full before any
//! verdict is given. A limit met while reading is the one error it reports itself.

use super::{Lemmas, Reader, Text, Values};
use serde::de::DeserializeSeed;
use serde_json::value::RawValue;
use std::fmt;

/// The text is not laid out as onag writes it, or is not a proof: read it with serde's reader.
#[derive(Debug)]
pub(super) struct Bail;

impl fmt::Display for Bail {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("not read by lines")
    }
}

impl std::error::Error for Bail {}

impl serde::de::Error for Bail {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Bail
    }
}

/// Reads `text`, a proof's top-level object, into `r` (its lemmas handed out as `r` hands
/// out those serde's reader finds); [`Bail`] if it cannot.
pub(super) fn read<'de>(r: &mut Reader<'_, 'de>, text: &'de str) -> Result<(), Bail> {
    let mut s = Scan { text, at: 0 };
    s.ws();
    s.eat(b'{')?;
    s.ws();
    let mut seen: Vec<Text<'de>> = Vec::new();
    if s.peek() == Some(b'}') {
        s.at += 1;
    } else {
        loop {
            let key = s.key()?;
            s.ws();
            s.eat(b':')?;
            s.ws();
            r.field(Text::Borrowed(key), &mut seen, &mut s)?;
            s.ws();
            match s.peek() {
                Some(b',') => {
                    s.at += 1;
                    s.ws();
                }
                Some(b'}') => {
                    s.at += 1;
                    break;
                }
                _ => return Err(Bail),
            }
        }
    }
    s.ws();
    if s.at == text.len() {
        Ok(())
    } else {
        Err(Bail)
    }
}

/// JSON's whitespace.
fn ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The text and where the reading is in it.
struct Scan<'de> {
    text: &'de str,
    at: usize,
}

impl<'de> Scan<'de> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn ws(&mut self) {
        while self.peek().is_some_and(ws) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> Result<(), Bail> {
        if self.peek() != Some(b) {
            return Err(Bail);
        }
        self.at += 1;
        Ok(())
    }

    /// A key: a string with no escape and no control character (serde's reader reads any
    /// other key, and says why it is wrong).
    fn key(&mut self) -> Result<&'de str, Bail> {
        self.eat(b'"')?;
        let from = self.at;
        let bytes = self.text.as_bytes();
        let len = bytes[from..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20);
        let to = from + len.ok_or(Bail)?;
        if bytes[to] != b'"' {
            return Err(Bail);
        }
        self.at = to + 1;
        // Both ends are ASCII, so on character boundaries.
        self.text.get(from..to).ok_or(Bail)
    }

    /// The JSON value that starts here, read by serde; the reading goes on after it.
    fn next<T: serde::Deserialize<'de>>(&mut self) -> Result<T, Bail> {
        let rest = self.text.get(self.at..).ok_or(Bail)?;
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<T>();
        match values.next() {
            Some(Ok(v)) => {
                self.at += values.byte_offset();
                Ok(v)
            }
            _ => Err(Bail),
        }
    }

    /// The rest of the line from here, without its newline, and where the next line starts
    /// (none after the text's last line).
    fn line(&self) -> (&'de str, Option<usize>) {
        let rest = &self.text.as_bytes()[self.at..];
        match memchr::memchr(b'\n', rest) {
            // A newline is ASCII: both ends are on character boundaries.
            Some(n) => (
                self.text.get(self.at..self.at + n).unwrap_or(""),
                Some(self.at + n + 1),
            ),
            None => (self.text.get(self.at..).unwrap_or(""), None),
        }
    }
}

impl<'de> Scan<'de> {
    /// An array of strings, each with no escape and no control character; `None` for any
    /// other text.
    fn strings(&mut self) -> Option<Vec<Text<'de>>> {
        let b = self.text.as_bytes();
        self.eat(b'[').ok()?;
        let mut out = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(out);
        }
        loop {
            self.eat(b'"').ok()?;
            let from = self.at;
            let len = b[from..]
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
            let to = from + len;
            if b[to] != b'"' {
                return None;
            }
            // Both ends are ASCII quotes, so on character boundaries.
            out.push(Text::Borrowed(self.text.get(from..to)?));
            self.at = to + 1;
            self.ws();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.ws();
                }
                b']' => {
                    self.at += 1;
                    return Some(out);
                }
                _ => return None,
            }
        }
    }
}

/// `s` without JSON whitespace at either end.
fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_ascii() && ws(c as u8))
}

impl<'de> Values<'de> for Scan<'de> {
    type Error = Bail;

    fn value<T: serde::Deserialize<'de>>(&mut self) -> Result<T, Bail> {
        self.next()
    }

    /// The table's entries found by hand when each is a string with no escape and no
    /// control character (as onag writes them), borrowed from the text as serde borrows such
    /// a string; any other array is read by serde, which says what is wrong with it. serde's
    /// reading of Σ_{k≤30} {k|−k}'s 239,000 entries was 77 M instructions, on the reader's
    /// thread before any lemma could be handed out.
    fn views(&mut self) -> Result<Vec<Text<'de>>, Bail> {
        let start = self.at;
        if let Some(views) = self.strings() {
            return Ok(views);
        }
        self.at = start;
        let views: Vec<super::super::Borrowed<'de>> = self.next()?;
        Ok(views.into_iter().map(|v| v.0).collect())
    }

    fn lemmas(&mut self, r: &mut Reader<'_, 'de>) -> Result<(), Bail> {
        self.eat(b'[')?;
        let (rest, next) = self.line();
        let Some(mut at) = next.filter(|_| trim(rest).is_empty()) else {
            // Not a lemma a line (an empty array, say): serde reads it whole.
            self.at -= 1;
            let raw: &'de RawValue = self.next()?;
            let mut de = serde_json::Deserializer::from_str(raw.get());
            return Lemmas(r).deserialize(&mut de).map_err(|_| Bail);
        };
        // Whether the lemma before ended with a comma (another must follow) or without one
        // (the array must end); neither before the first.
        let mut comma = None;
        loop {
            self.at = at;
            let (line, next) = self.line();
            let t = trim(line);
            if t.is_empty() {
                at = next.ok_or(Bail)?;
                continue;
            }
            if t.starts_with(']') {
                if comma == Some(true) {
                    return Err(Bail);
                }
                // Past the `]`; what follows it on its line is the object's.
                self.at += line.len() - line.trim_start_matches([' ', '\t', '\r']).len() + 1;
                r.failed_at = None;
                return Ok(());
            }
            if comma == Some(false) || !t.starts_with('{') {
                return Err(Bail);
            }
            let (lemma, more) = match t.strip_suffix(',') {
                Some(l) => (trim(l), true),
                None => (t, false),
            };
            if !lemma.ends_with('}') {
                return Err(Bail);
            }
            r.meeting();
            if let Err(e) = r.met(lemma) {
                r.failure = Some(e);
                return Err(Bail);
            }
            comma = Some(more);
            at = next.ok_or(Bail)?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{read_and_check_by, CheckedFile};
    use crate::definitional::check_limits::CheckLimits;
    use crate::proof::check::CheckError;
    use crate::proof::ProofError;
    use crate::rules::RuleSet;

    /// What a read by lines (`true`) or by serde's reader says, as text: the claim, the table's
    /// entries it names, the counts, the verdict, or the error's words; `None` when the line
    /// reader gives the text up.
    fn said(text: &str, rules: &RuleSet, threads: usize, by_lines: bool) -> Option<String> {
        let limits = CheckLimits {
            threads,
            ..CheckLimits::default()
        };
        Some(told(read_and_check_by(text, rules, &limits, by_lines)?))
    }

    /// A read's outcome as text (see [`said`]).
    fn told(read: Result<(CheckedFile, Result<(), CheckError>), ProofError>) -> String {
        match read {
            Ok((f, verdict)) => format!(
                "{:?} {:?} {} {} {:?} {} {verdict:?}",
                f.terms.as_where(&f.input),
                f.terms.as_where(&f.result),
                f.steps,
                f.lemmas,
                f.play,
                f.certificate_key,
            ),
            Err(e) => format!("not a proof: {e}"),
        }
    }

    /// The lines of `text` from the one after `"lemmas": [` to the one before its `]`.
    fn lemma_lines(text: &str) -> std::ops::Range<usize> {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| l.trim() == "\"lemmas\": [")
            .unwrap()
            + 1;
        let end = first + lines[first..].iter().position(|l| l.trim() == "]").unwrap();
        first..end
    }

    /// `text` with its lines from `range` replaced by what `edit` makes of them.
    fn edited(
        text: &str,
        range: std::ops::Range<usize>,
        edit: impl Fn(&[&str]) -> String,
    ) -> String {
        let lines: Vec<&str> = text.lines().collect();
        let mut out = lines[..range.start].join("\n");
        out.push('\n');
        out.push_str(&edit(&lines[range.clone()]));
        out.push('\n');
        out.push_str(&lines[range.end..].join("\n"));
        out.push('\n');
        out
    }

    /// A proof as onag writes it is read by lines, with serde's reader's verdict and counts,
    /// on one, two and three threads; so is one whose lemma is forged, or whose main chain is.
    #[test]
    fn a_proof_as_onag_writes_it_is_read_by_lines_as_serde_reads_it() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let mut forged = p.clone();
        let last = forged.lemmas[70].steps.len() - 1;
        forged.lemmas[70].steps[last].to = crate::term::Term::integer(7);
        let mut wrong = p.clone();
        wrong.result = crate::term::Term::integer(7);
        for (i, proof) in [&p, &forged, &wrong].into_iter().enumerate() {
            let text = proof.to_json();
            assert!(lemma_lines(&text).len() == proof.lemmas.len(), "case {i}");
            for threads in [1, 2, 3] {
                let by_lines = said(&text, &rules, threads, true);
                let by_serde = said(&text, &rules, threads, false);
                assert!(by_lines.is_some(), "case {i} on {threads}");
                assert_eq!(by_lines, by_serde, "case {i} on {threads}");
            }
            let verdict = said(&text, &rules, 1, true).unwrap();
            assert_eq!(verdict.ends_with("Ok(())"), i == 0, "case {i}: {verdict}");
        }
    }

    /// Texts laid out otherwise, or not proofs at all, around and in the lemma lines: the line
    /// reader reads the same as serde's reader or gives the text up, and the reader callers
    /// use says what serde's reader says, on any number of threads.
    #[test]
    fn a_text_laid_out_otherwise_reads_as_serde_reads_it() {
        let rules = RuleSet::builtin();
        let p = crate::proof::tests::switches_proof(7, &rules);
        let text = p.to_json();
        let range = lemma_lines(&text);
        let k = range.start + 100;
        let pretty = serde_json::to_string_pretty(
            &serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        )
        .unwrap();
        let lemma = |edit: &dyn Fn(&str) -> String| edited(&text, k..k + 1, |ls| edit(ls[0]));
        let cases: Vec<(&str, String, bool)> = vec![
            // (what, text, whether the line reader must read it)
            ("pretty", pretty, false),
            ("crlf", text.replace('\n', "\r\n"), true),
            (
                "blank lines",
                edited(&text, range.clone(), |ls| ls.join("\n\n")),
                true,
            ),
            ("tabs", text.replace("\n    {", "\n\t{"), true),
            (
                "two on a line",
                edited(&text, k..k + 2, |ls| ls.join(" ")),
                false,
            ),
            (
                "trailing comma",
                edited(&text, range.end - 1..range.end, |ls| format!("{},", ls[0])),
                false,
            ),
            (
                "missing comma",
                lemma(&|l| l.trim_end_matches(',').to_string()),
                false,
            ),
            (
                "comma alone",
                lemma(&|l| format!("{}\n    ,", l.trim_end_matches(','))),
                false,
            ),
            (
                "garbage after",
                lemma(&|l| l.replacen("},", "} x,", 1)),
                false,
            ),
            (
                "not an object",
                lemma(&|_| "    [1, 2],".to_string()),
                false,
            ),
            (
                "bad term",
                lemma(&|l| l.replacen("\"from\": \"", "\"from\": \"{1|", 1)),
                false,
            ),
            (
                "no to",
                lemma(&|l| l.replacen("\"to\": ", "\"tx\": ", 1)),
                false,
            ),
            (
                "split",
                lemma(&|l| l.replacen("\"steps\": ", "\n\"steps\":\n", 1)),
                false,
            ),
            ("unclosed", text[..text.len() - 8].to_string(), false),
            (
                "cut in a lemma",
                text[..text.find("\"lemmas\": [").unwrap() + 200].to_string(),
                false,
            ),
            ("trailing text", format!("{text}x"), false),
            ("a second object", format!("{text}{{}}"), false),
            (
                "duplicate key",
                text.replacen("\"version\": 3,", "\"version\": 3, \"version\": 3,", 1),
                false,
            ),
            (
                "escaped key",
                text.replacen("\"version\"", "\"vers\\u0069on\"", 1),
                false,
            ),
            (
                "empty lemmas",
                text[..text.find("\"lemmas\": [").unwrap()].to_string() + "\"lemmas\": []}",
                true,
            ),
            (
                "unknown key",
                text.replacen(
                    "\"version\": 3,",
                    "\"version\": 3, \"x\": [{\"a\": null}],",
                    1,
                ),
                true,
            ),
            (
                "certificate key",
                text.replacen("\"version\": 3,", "\"version\": 3, \"certificate\": 1,", 1),
                true,
            ),
            ("bom", format!("\u{feff}{text}"), false),
            // The table's entries: read by hand or by serde, alike.
            (
                "an entry escaped",
                text.replacen("\"{1|-1}\"", "\"{1|-\\u0031}\"", 1),
                true,
            ),
            (
                "an entry not a string",
                text.replacen("\"{1|-1}\",", "7,", 1),
                false,
            ),
            (
                "an entry with a tab",
                text.replacen("\"{1|-1}\"", "\"{1|-1\t}\"", 1),
                false,
            ),
            (
                "entries on one line",
                text.replacen("\",\n    \"", "\", \"", 40),
                true,
            ),
            (
                "a trailing comma in the table",
                text.replacen("\"\n  ],", "\",\n  ],", 1),
                false,
            ),
            (
                "a comma missing in the table",
                text.replacen("\"{2|-2}\",", "\"{2|-2}\"", 1),
                false,
            ),
            (
                "no entries",
                text.replacen("\"terms\": [", "\"tx\": [", 1).replacen(
                    "\"version\": 3,",
                    "\"version\": 3, \"terms\": [ ],",
                    1,
                ),
                false,
            ),
        ];
        // The lemmas before the table and the version: the lines moved to the front.
        let lines: Vec<&str> = text.lines().collect();
        let head = range.start - 1;
        let early = format!(
            "{{\n{}\n  ],\n{}\n}}\n",
            lines[head..range.end].join("\n"),
            lines[1..head].join("\n").trim_end_matches(','),
        );
        let mut cases = cases;
        cases.push(("lemmas first", early, true));
        for (what, text, lines_read) in &cases {
            for threads in [1, 2, 3] {
                let by_serde = said(text, &rules, threads, false).unwrap();
                match said(text, &rules, threads, true) {
                    Some(by_lines) => assert_eq!(by_lines, by_serde, "{what} on {threads}"),
                    None => assert!(!lines_read, "{what} on {threads}: given up"),
                }
                let limits = CheckLimits {
                    threads,
                    ..CheckLimits::default()
                };
                let read = told(super::super::read_and_check(text, &rules, &limits));
                assert_eq!(read, by_serde, "{what} on {threads}");
            }
        }
        // The cases reach what they are meant to: some are proofs, some not.
        let verdict = |t: &str| said(t, &rules, 1, false).unwrap();
        assert!(verdict(&cases[1].1).ends_with("Ok(())"));
        assert!(verdict(&cases[6].1).starts_with("not a proof"));
        assert!(verdict(&cases[10].1).starts_with("not a proof"));
        assert!(verdict(&cases.last().unwrap().1).ends_with("Ok(())"));
    }
}
