//! A quick reader for the terms a proof file is made of: games in braces (slash notation
//! included), references `#n`, integers and nimbers read directly; any other leaf between the
//! game's delimiters (`^`, `1/2`, `#3 + #5`, …) handed to the full parser on its own. Anything
//! else, or anything odd (an error, deep nesting, a letter), is left to the full parser: this
//! reader answers `None` and never an error, so errors keep the full parser's positions.
//!
//! Why: `onag check` of a proof of 50,000 steps reads a few hundred thousand such terms, and
//! the full parser (tokens, spans, `where` scopes) spent most of the check's time on them.
//! What it builds is exactly what [`super::parse_with_refs`] builds (property tests below).

use crate::number::{Dyadic, Nimber};
use crate::term::Term;
use num_bigint::BigInt;

/// Brace levels and bar runs in one game beyond which the full parser decides (its nesting
/// limit, [`super::MAX_NESTING`], counts both; these keep well inside it).
const MAX_DEPTH: usize = 200;
const MAX_SEPS: usize = 200;

/// `src` read as [`super::parse_with_refs`] reads it, when it is made of games in braces,
/// plain leaves, sums and negated games; `None` to ask the full parser.
pub(crate) fn quick(src: &str) -> Option<Term> {
    let (t, end) = item(src, 0, 0)?;
    (end == src.len()).then_some(t)
}

/// An option (or the whole term): operands joined by ` + ` and ` - `, left to right, as
/// onag prints a sum (`a - b` is `a + (-b)`); the term and the position after it.
fn item(src: &str, at: usize, depth: usize) -> Option<(Term, usize)> {
    let (mut acc, mut pos) = operand(src, at, depth)?;
    loop {
        let rest = &src[pos..];
        let neg = if rest.starts_with(" + ") {
            false
        } else if rest.starts_with(" - ") {
            true
        } else {
            return Some((acc, pos));
        };
        let (b, next) = operand(src, pos + 3, depth)?;
        // `3 + ^5` is the literal 3 + 5·↑ to the full parser (`parser::joins`), and after a
        // sign `3+^5` bare is two terms of the sum (`a - 3+^5` is (a − 3) + 5·↑): its call.
        if (!neg && super::parser::joins(&acc, &b))
            || (plus_literal(&b) && !src[pos + 3..].starts_with('('))
        {
            return None;
        }
        acc = Term::sum(acc, if neg { Term::neg(b) } else { b });
        pos = next;
    }
}

/// Whether `t` is a literal the printer writes with a `+` (`3+^5`, `2+*3`).
fn plus_literal(t: &Term) -> bool {
    matches!(t, Term::Nus { number, up, nim }
        if !number.is_zero() && super::parser::written_with_plus(up, nim))
}

/// A game in braces, its negation, or a leaf running to the next delimiter.
fn operand(src: &str, at: usize, depth: usize) -> Option<(Term, usize)> {
    let rest = &src[at..];
    if rest.starts_with('{') {
        return braces(src, at, depth + 1);
    }
    if rest.starts_with("-{") {
        let (g, end) = braces(src, at + 1, depth + 1)?;
        return Some((Term::neg(g), end));
    }
    // The leaf runs to a delimiter or to ` + ` / ` - `, whichever comes first.
    let b = rest.as_bytes();
    let mut end = 0;
    while end < b.len() {
        match b[end] {
            b',' | b'|' | b'}' => break,
            b'{' => return None,
            b' ' if matches!(b.get(end + 1..end + 3), Some(b"+ " | b"- ")) => break,
            _ => end += 1,
        }
    }
    Some((leaf(&rest[..end])?, at + end))
}

/// The game whose `{` is at `at`; the term and the position after its `}`.
fn braces(src: &str, at: usize, depth: usize) -> Option<(Term, usize)> {
    if depth >= MAX_DEPTH {
        return None;
    }
    let b = src.as_bytes();
    let mut pos = at + 1;
    let mut lists: Vec<Vec<Term>> = Vec::new();
    let mut seps: Vec<usize> = Vec::new();
    loop {
        let mut list = Vec::new();
        // An empty list: a bar or the closing brace right away (`{|}`, `{0||}`).
        if !matches!(b.get(pos), Some(b'|' | b'}')) {
            loop {
                let (option, next) = item(src, pos, depth)?;
                // Near the memory limit, the full parser reads it and reports the limit.
                crate::memory::check_push(&list).ok()?;
                list.push(option);
                pos = next;
                if b.get(pos) != Some(&b',') {
                    break;
                }
                pos += 1;
                // `{0,|1}` and `{0,,1}` are errors of the full parser's to report.
                if matches!(b.get(pos), Some(b'|' | b'}' | b',') | None) {
                    return None;
                }
            }
        }
        lists.push(list);
        match b.get(pos)? {
            b'|' => {
                let n = b[pos..].iter().take_while(|&&c| c == b'|').count();
                seps.push(n);
                pos += n;
                if seps.len() > MAX_SEPS {
                    return None;
                }
            }
            b'}' => break,
            _ => return None,
        }
    }
    let t = if seps.is_empty() {
        // One set of options for both players; `{}` is an error.
        let opts = lists.pop()?;
        if opts.is_empty() {
            return None;
        }
        // Read as the full parser reads it: large options written once, not copied.
        crate::term::one_set(opts)
    } else {
        let mut slots: Vec<Option<Vec<Term>>> = lists.into_iter().map(Some).collect();
        range(&mut slots, &seps, 0, seps.len())?
    };
    Some((t, pos + 1))
}

/// The game of lists `lo..=hi` split at the longest bar run among separators `lo..hi`, as the
/// full parser's `build_range` does; two longest runs are ambiguous (its error).
fn range(slots: &mut [Option<Vec<Term>>], seps: &[usize], lo: usize, hi: usize) -> Option<Term> {
    let mut best = lo;
    for k in lo..hi {
        if seps[k] > seps[best] {
            best = k;
        }
    }
    if (lo..hi).any(|k| k != best && seps[k] == seps[best]) {
        return None;
    }
    let mut side = |a: usize, b: usize| -> Option<Vec<Term>> {
        if a == b {
            slots[a].take()
        } else {
            Some(vec![range(slots, seps, a, b)?])
        }
    };
    let left = side(lo, best)?;
    let right = side(best + 1, hi)?;
    Some(Term::Game { left, right })
}

/// Whether `d` is a leaf's digits as the quick reader takes them: no leading zero (`0` alone
/// excepted) and at most 18, so the number fits an `i64` and a reference a `u32` or fails.
pub(crate) fn digits(d: &str) -> bool {
    !d.is_empty()
        && d.len() <= 18
        && d.bytes().all(|c| c.is_ascii_digit())
        && (d == "0" || !d.starts_with('0'))
}

/// A leaf: `#n`, an integer, `*` or `*n` read here; other text of digits, spaces and
/// `# - + * ^ v / ( )` read by the full parser alone; anything else `None`.
fn leaf(s: &str) -> Option<Term> {
    if let Some(n) = s.strip_prefix('#') {
        if digits(n) {
            return n.parse().ok().map(Term::Ref);
        }
    } else if let Some(n) = s.strip_prefix('*') {
        if n.is_empty() {
            return Some(Term::nimber(Nimber::from(1u64)));
        }
        if digits(n) {
            return n.parse::<u64>().ok().map(|n| Term::nimber(Nimber::from(n)));
        }
    } else if digits(s.strip_prefix('-').unwrap_or(s)) && s != "-0" {
        let n: i64 = s.parse().ok()?;
        return Some(Term::number(Dyadic::integer(BigInt::from(n))));
    }
    let plain = s
        .bytes()
        .all(|c| c.is_ascii_digit() || b" #-+*^v/()".contains(&c));
    if !plain || s.trim().is_empty() {
        return None;
    }
    // Inside braces a fraction that is not dyadic is an error, outside them the quotient
    // `div(a, b)` (the only context the full parser keeps): a leaf read alone into a call is
    // left to the full parser reading the whole term. So is a sum written without spaces
    // (`1-0`): read alone it would bind tighter than the sums around it.
    super::parse_with_refs(s)
        .ok()
        .filter(|t| !has_call(t) && !matches!(t, Term::Sum(..)))
}

fn has_call(t: &Term) -> bool {
    let mut todo = vec![t];
    while let Some(t) = todo.pop() {
        if matches!(t, Term::Call { .. }) {
            return true;
        }
        todo.extend(crate::term::subterms(t));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;
    use proptest::prelude::*;

    fn full(s: &str) -> Option<Term> {
        super::super::parse_with_refs(s).ok()
    }

    fn games_only(t: &Term) -> bool {
        match t {
            Term::Game { left, right } => left.iter().chain(right).all(games_only),
            // `a + (b + c)` and `-(a + b)` are parenthesised: the full parser's.
            // `1 + (*2)`, which the printer parenthesises lest it read as the literal 1+*2.
            Term::Sum(a, b) => {
                !matches!(**b, Term::Sum(..))
                    && !crate::syntax::parser::joins(a, b)
                    && games_only(a)
                    && games_only(b)
            }
            Term::Neg(a) => matches!(**a, Term::Game { .. } | Term::Ref(_)) && games_only(a),
            Term::Ref(_) => true,
            // Integers and nimbers; the other closed forms go to the full parser.
            Term::Nus { number, up, .. } => {
                number.is_integer() && up.is_zero() && number.signum() >= 0
            }
            _ => false,
        }
    }

    fn closed(src: &str) -> Term {
        super::super::parse(src).unwrap()
    }

    /// Terms as proofs hold them: games (lone games on one side, so slashes), references,
    /// closed forms of every lead, sums and negations inside games.
    fn arb_term() -> impl Strategy<Value = Term> {
        let leaf = prop_oneof![
            (-300i64..300).prop_map(Term::integer),
            (0u64..40).prop_map(|n| Term::nimber(n.into())),
            (0u32..5000).prop_map(Term::Ref),
            prop::sample::select(vec![
                "1/2",
                "-3/4",
                "^",
                "v*",
                "vv",
                "^3*2",
                "2^*",
                "-1v2*3",
                "2+*3",
                "*",
                "123456789012345678901234567890",
                "3+^5",
                "-1/2+^4*2",
                "2^5",
                "-2^40",
                "^<3>",
                "v[2]*",
            ])
            .prop_map(closed),
        ];
        crate::syntax::arb_games(leaf, 4)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// What onag prints, read quickly, is what the full parser reads.
        #[test]
        fn printed_terms_read_as_the_full_parser_reads_them(t in arb_term()) {
            let s = t.to_string();
            let q = quick(&s);
            if q.is_some() {
                prop_assert_eq!(&q, &full(&s), "{}", s);
            }
            // A game of games, references and closed forms is read here, not handed back.
            if games_only(&t) {
                prop_assert!(q.is_some(), "{}", s);
            }
        }

        /// Any text at all: the quick reader answers nothing or what the full parser answers.
        #[test]
        fn any_text_reads_as_the_full_parser_reads_it(
            s in "[{}|,#0-9*^v/ +.a<>\\[\\]()-]{0,24}",
        ) {
            if let Some(t) = quick(&s) {
                prop_assert_eq!(Some(t), full(&s), "{}", s);
            }
        }

        /// Texts near the printed ones: a printed term with one character changed.
        #[test]
        fn damaged_terms_read_as_the_full_parser_reads_them(
            t in arb_term(),
            at in any::<prop::sample::Index>(),
            c in prop::sample::select(vec!['{', '}', '|', ',', '#', '-', '0', '7', ' ', '*', 'x']),
        ) {
            let mut chars: Vec<char> = t.to_string().chars().collect();
            let i = at.index(chars.len());
            chars[i] = c;
            let s: String = chars.into_iter().collect();
            if let Some(q) = quick(&s) {
                prop_assert_eq!(Some(q), full(&s), "{}", s);
            }
        }
    }

    #[test]
    fn a_fraction_that_is_not_dyadic_is_the_full_parsers_to_judge() {
        // An error inside braces, a quotient outside: read alone, the leaf would be a call.
        assert_eq!(quick("{-(1/7)|}"), None);
        assert_eq!(full("{-(1/7)|}"), None);
        assert_eq!(quick("{-(5)|3/8}"), full("{-(5)|3/8}"));
        assert!(quick("{-(5)|3/8}").is_some());
    }

    #[test]
    fn slashes_split_at_the_longest_run() {
        let t = quick("{3||2|1}").unwrap();
        assert_eq!(t, full("{3||2|1}").unwrap());
        assert_eq!(t, full("{3|{2|1}}").unwrap());
        // Ambiguous, empty, unclosed, trailing text, a leading zero: the full parser decides.
        for s in [
            "{1|2|3}", "{}", "{0|", "{0|1}x", "{0,|1}", "{0|1-0}", "#1+#2", "{a|b}",
        ] {
            assert_eq!(quick(s), None, "{s}");
        }
        assert_eq!(quick("{0,*|-1}"), full("{0,*|-1}"));
        assert_eq!(quick("{#007|}"), full("{#007|}"));
        for s in [
            "{#1 + #2|}",
            "#492 + {10|-10}",
            "{#425 + {10|-10},{#425|#491} + 10|#491 + {10|-10},{#425|#491} + -10}",
            "#3 - {0|1} - -{2|} + -7",
        ] {
            assert!(quick(s).is_some(), "{s}");
            assert_eq!(quick(s), full(s), "{s}");
        }
    }

    #[test]
    fn nesting_past_the_limit_is_left_to_the_full_parser() {
        let deep = format!(
            "{}0{}",
            "{".repeat(MAX_DEPTH + 5),
            "|}".repeat(MAX_DEPTH + 5)
        );
        assert_eq!(quick(&deep), None);
        let fine = format!("{}0{}", "{".repeat(50), "|}".repeat(50));
        assert_eq!(quick(&fine), full(&fine));
        assert!(quick(&fine).is_some());
    }
}
