//! Where a step acts, in words a student reads (`"at_words"` of `POST /api/step`): a proof
//! names the place as a path (`sum.1/L0`, `arg1`), which says nothing to someone who has not
//! read docs/PROOF-JSON.md. Each element is named by what holds it: Left's or Right's option
//! of a game, a part of a sum (counted in the sum as written, `a + b + c` having three parts
//! though the term nests it as `(a + b) + c`), the onside or offside of a sided value `A & B`,
//! the game inside a call such as `offside(…)`.

use crate::proof::PathElem;
use crate::term::{Arg, Term};

/// The call `A & B` is read as (the parser's name for CGSuite's sidling operator).
const SIDLE: &str = "sidle";

/// The call labelled braces `a{0|a}` are read as (`loop("a", {0|a})`): a position of a loopy
/// game that its own options lead back to.
const LOOP: &str = "loop";

/// How a labelled position is named: the reader finds `a{` in the drawn term.
fn labelled(label: &str) -> String {
    format!("the position {label}{{…}} (labelled {label}: a position that leads back to itself, where {label} inside it names it)")
}

/// `1` → "first", …; past ten, "11th".
fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    match WORDS.get(n.wrapping_sub(1)) {
        Some(w) => (*w).to_string(),
        None => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// The parts of a sum as written: `(a + b) + c` has the three parts a, b, c.
fn parts(t: &Term) -> usize {
    match t {
        Term::Sum(a, _) => parts(a) + 1,
        _ => 1,
    }
}

/// The place `path` names in `term`, in words: "the whole game" for the root, otherwise each
/// element from the inside out, "Left's first option, in the second part of the sum". A loopy
/// game's labelled braces (`a{0|a}`) are named by their label, an option inside them as
/// theirs; a `#n` of the proof's `table` (a position the page could not write out) is named
/// as that entry and read on. `None` when the path leaves the term (the caller then shows
/// the path as written).
pub fn words(term: &Term, path: &[PathElem], table: &[String]) -> Option<String> {
    let mut phrases: Vec<String> = Vec::new();
    walk(term, path, table, &mut phrases, 0)?;
    if phrases.is_empty() {
        return Some("the whole game".to_string());
    }
    phrases.reverse();
    Some(phrases.join(", in "))
}

/// The most `#n` entries read on one path (a table whose entries refer to one another in a
/// circle is not followed forever).
const MAX_ENTRIES: usize = 64;

/// The phrases for `path` in `t`, outside in.
fn walk(
    t: &Term,
    path: &[PathElem],
    table: &[String],
    phrases: &mut Vec<String>,
    entries: usize,
) -> Option<()> {
    let Some(first) = path.first() else {
        // The place itself: a labelled position is named by its label.
        if let Term::Call { name, args } = t {
            if let (true, Some(Arg::Text(label))) = (name == LOOP, args.first()) {
                phrases.push(labelled(label));
            }
        }
        return Some(());
    };
    let rest = &path[1..];
    match (first, t) {
        (_, Term::Ref(n)) if entries < MAX_ENTRIES => {
            let src = table.get(usize::try_from(*n).ok()?)?;
            let entry = crate::syntax::parse_with_refs(src).ok()?;
            phrases.push(format!("the position #{n} (entry {n} of the shared terms)"));
            walk(&entry, path, table, phrases, entries + 1)
        }
        (PathElem::Left(_) | PathElem::Right(_), Term::Call { name, args }) if name == LOOP => {
            // An option of labelled braces is an option of the braces inside.
            let (Some(Arg::Text(label)), Some(Arg::Game(body))) = (args.first(), args.get(1))
            else {
                return None;
            };
            phrases.push(labelled(label));
            walk(body, path, table, phrases, entries)
        }
        (PathElem::Left(k), Term::Game { left, .. }) => {
            phrases.push(format!("Left's {} option", ordinal(k + 1)));
            walk(left.get(*k)?, rest, table, phrases, entries)
        }
        (PathElem::Right(k), Term::Game { right, .. }) => {
            phrases.push(format!("Right's {} option", ordinal(k + 1)));
            walk(right.get(*k)?, rest, table, phrases, entries)
        }
        (PathElem::SumLeft | PathElem::SumRight, Term::Sum(..)) => {
            // Down the left spine of nested sums to the part the path picks.
            let total = parts(t);
            let mut m = t;
            let mut i = 0;
            while let (Some(PathElem::SumLeft), Term::Sum(a, _)) = (path.get(i), m) {
                if !matches!(**a, Term::Sum(..)) {
                    break;
                }
                m = a;
                i += 1;
            }
            match (path.get(i), m) {
                (Some(PathElem::SumLeft), Term::Sum(a, _)) => {
                    phrases.push(format!("the first part of the sum of {total}"));
                    walk(a, &path[i + 1..], table, phrases, entries)
                }
                (Some(PathElem::SumRight), Term::Sum(a, b)) => {
                    phrases.push(format!(
                        "the {} part of the sum of {total}",
                        ordinal(parts(a) + 1)
                    ));
                    walk(b, &path[i + 1..], table, phrases, entries)
                }
                // The path stops at a sum inside the sum: its first parts.
                _ => {
                    phrases.push(format!("the first {} parts of the sum", parts(m)));
                    walk(m, &path[i..], table, phrases, entries)
                }
            }
        }
        (PathElem::NegInner, Term::Neg(a)) => {
            phrases.push("the game negated".to_string());
            walk(a, rest, table, phrases, entries)
        }
        (PathElem::PmArg(k), Term::PlusMinus(xs)) => {
            phrases.push(format!("the {} game of ±{{…}}", ordinal(k + 1)));
            walk(xs.get(*k)?, rest, table, phrases, entries)
        }
        (PathElem::CallArg(k), Term::Call { name, args }) => {
            let Arg::Game(g) = args.get(*k)? else {
                return None;
            };
            phrases.push(if name == SIDLE {
                match k {
                    0 => "the onside (left of &)".to_string(),
                    _ => "the offside (right of &)".to_string(),
                }
            } else if args.len() == 1 {
                format!("the game inside {name}(…)")
            } else {
                format!("the {} argument of {name}(…)", ordinal(k + 1))
            });
            walk(g, rest, table, phrases, entries)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(term: &str, path: &[&str]) -> Option<String> {
        let t = crate::syntax::parse(term).unwrap();
        let p: Vec<PathElem> = path.iter().map(|e| e.parse().unwrap()).collect();
        words(&t, &p, &[])
    }

    #[test]
    fn each_element_named_by_what_holds_it() {
        assert_eq!(at("{0|*}", &[]).unwrap(), "the whole game");
        assert_eq!(at("{0, {1|}|*}", &["L1"]).unwrap(), "Left's second option");
        assert_eq!(
            at("{pass|} & offside({|pass})", &["arg1"]).unwrap(),
            "the offside (right of &)"
        );
        assert_eq!(
            at("{pass|} & offside({|pass})", &["arg1", "arg0"]).unwrap(),
            "the game inside offside(…), in the offside (right of &)"
        );
        // `a + b + c` is `(a + b) + c`: b is the second of three parts, not "the second part of
        // the first part".
        assert_eq!(
            at("{1|} + {|2} + {3|}", &["sum.0", "sum.1", "R0"]).unwrap(),
            "Right's first option, in the second part of the sum of 3"
        );
        assert_eq!(
            at("{1|} + {|2} + {3|}", &["sum.0", "sum.0"]).unwrap(),
            "the first part of the sum of 3"
        );
        assert_eq!(
            at("{1|} + {|2} + {3|}", &["sum.1"]).unwrap(),
            "the third part of the sum of 3"
        );
        assert_eq!(
            at("{1|} + {|2} + {3|}", &["sum.0"]).unwrap(),
            "the first 2 parts of the sum"
        );
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(21), "21st");
    }

    #[test]
    fn labelled_braces_and_shared_terms_are_named() {
        let t = crate::syntax::parse_with_refs("a{0|{a|-1}} + #0").unwrap();
        let p =
            |path: &[&str]| -> Vec<PathElem> { path.iter().map(|e| e.parse().unwrap()).collect() };
        let table = ["{|b{0|b}}".to_string()];
        assert_eq!(
            words(&t, &p(&["sum.0", "R0", "L0"]), &table).unwrap(),
            "Left's first option, in Right's first option, in the position a{…} (labelled a: a \
             position that leads back to itself, where a inside it names it), in the first part \
             of the sum of 2"
        );
        assert_eq!(
            words(&t, &p(&["sum.1", "R0"]), &table).unwrap(),
            "the position b{…} (labelled b: a position that leads back to itself, where b \
             inside it names it), in Right's first option, in the position #0 (entry 0 of the \
             shared terms), in the second part of the sum of 2"
        );
        // Without the table, a #n cannot be read into.
        assert_eq!(words(&t, &p(&["sum.1", "R0"]), &[]), None);
    }

    #[test]
    fn a_path_leaving_the_term_has_no_words() {
        assert_eq!(at("{0|*}", &["L3"]), None);
        assert_eq!(at("{0|*}", &["sum.0"]), None);
    }
}
