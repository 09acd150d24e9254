//! The proof file's layout: a line for each entry of the term table, each step of the main
//! chain and each lemma, with no indentation inside them.
//!
//! Pretty-printing every key on its own line made a proof of 50,000 steps a million lines and
//! more than twice its size, most of it spaces; one line per lemma or step keeps the file
//! readable with `grep`, `less` and `diff`, and small.
//!
//! The writer (`out.rs`) writes this layout by hand; this formatter, with `serde_json` and the
//! reader's derived schema, is the independent writing of it that the tests compare with.

use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Containers nested at most this deep are laid out a child per line; deeper ones on one line.
const LINES_UP_TO: usize = 2;

/// A `serde_json` formatter: the root object and its arrays a child per line (indented two
/// spaces a level), everything deeper compact with `", "` and `": "` between items.
#[derive(Default)]
pub(super) struct Lines {
    /// For each open container: whether it has had a child yet.
    open: Vec<bool>,
}

impl Lines {
    fn spread(&self) -> bool {
        self.open.len() <= LINES_UP_TO
    }

    fn indent<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        for _ in 0..self.open.len() {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.open.push(false);
        w.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        let spread = self.spread();
        let had = self.open.pop().unwrap_or(false);
        if spread && had {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(bracket)
    }

    fn item<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if let Some(had) = self.open.last_mut() {
            *had = true;
        }
        match (self.spread(), first) {
            (true, true) => {
                w.write_all(b"\n")?;
                self.indent(w)
            }
            (true, false) => {
                w.write_all(b",\n")?;
                self.indent(w)
            }
            (false, true) => Ok(()),
            (false, false) => w.write_all(b", "),
        }
    }
}

impl Formatter for Lines {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    fn laid_out(v: &serde_json::Value) -> String {
        let mut buf = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, Lines::default());
        v.serialize(&mut ser).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn the_top_two_levels_are_a_line_each_and_the_rest_is_one_line() {
        let v = serde_json::json!({
            "version": 3,
            "terms": ["{1|-1}", "{#0|0}"],
            "steps": [{"to": "0", "at": ["L0", "R1"], "witnesses": {"games": {"G": "1"}}}],
            "empty": [],
        });
        let text = laid_out(&v);
        let want = concat!(
            "{\n",
            "  \"empty\": [],\n",
            "  \"steps\": [\n",
            "    {\"at\": [\"L0\", \"R1\"], \"to\": \"0\", \"witnesses\": {\"games\": {\"G\": \"1\"}}}\n",
            "  ],\n",
            "  \"terms\": [\n",
            "    \"{1|-1}\",\n",
            "    \"{#0|0}\"\n",
            "  ],\n",
            "  \"version\": 3\n",
            "}"
        );
        assert_eq!(text, want);
        // It is JSON, and the same JSON.
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v);
    }
}
