//! What one step of a derivation changed, for the page (`POST /api/step`): where, in the
//! step's before and after texts, the rewritten subterm sits; which of its options the step
//! deleted and which it inserted; and where the games the rule names (the dominated option and
//! the one dominating it, the reversible option and its reversing option) are.
//!
//! Page-only data, computed from the strings of a step as the proof JSON writes them (`from`,
//! `to`, `at`, `rule`, `witnesses`): the proof file and its checker are unchanged, and nothing
//! here is trusted as part of a proof. Options are matched as terms, so an option is "deleted"
//! exactly when the game after the step lacks a copy of it.

use super::spans::{spans, Node};
use crate::proof::step::subterm_at;
use crate::proof::PathElem;
use crate::term::Term;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// A step as the page sends it: a proof JSON step (docs/PROOF-JSON.md) with `from` always
/// written. Its other fields (`why`, `parts`, `lemma`, …) are ignored.
#[derive(Deserialize, Default, Debug)]
pub struct StepRequest {
    /// The whole term before the step.
    pub from: String,
    /// The whole term after it.
    pub to: String,
    /// The rule's name (`lemma` for a cited lemma); empty for no step (the chain's start).
    #[serde(default)]
    pub rule: String,
    /// The path of the rewritten subterm.
    #[serde(default)]
    pub at: Vec<String>,
    /// The rule's bindings: only the games are looked for.
    #[serde(default)]
    pub witnesses: Witnesses,
    /// The step's reason in words, as the proof writes it: where a witness that is a number
    /// stands in it is found (`"why_numbers"`).
    #[serde(default)]
    pub why: String,
    /// The proof's term table (`"terms"`), for a step whose terms name its entries (`#6`):
    /// read to say which option of a misère opening each move gives.
    #[serde(default)]
    pub terms: Vec<String>,
}

/// A step's witnesses as the proof JSON writes them; only the games and sets of games are
/// read.
#[derive(Deserialize, Default, Debug)]
pub struct Witnesses {
    /// Game variables.
    #[serde(default)]
    pub games: BTreeMap<String, String>,
    /// Set variables (`..L`): each a list of games, possibly empty.
    #[serde(default)]
    pub sets: BTreeMap<String, Vec<String>>,
}

/// What the rule calls a game it binds, in words, for the rules whose point is one option
/// (the letters are the rule's own, rules/*.rules).
pub fn role(rule: &str, name: &str) -> Option<&'static str> {
    let base = rule
        .strip_suffix("-left")
        .or_else(|| rule.strip_suffix("-right"))?;
    Some(match (base, name) {
        ("dominated", "a") => "dominated",
        ("dominated", "b") => "dominating",
        ("reversible", "A") => "reversible",
        ("reversible", "B") => "reversing",
        ("options-are-sets", "a") => "repeated",
        ("gift-horse", "H") => "gift horse",
        _ => return None,
    })
}

/// One printed term and its spans.
struct Printed {
    term: Term,
    text: String,
    tree: Option<Node>,
}

impl Printed {
    fn read(src: &str, which: &str, braces: bool) -> Result<Printed, String> {
        let term = crate::syntax::parse_with_refs(src)
            .map_err(|e| format!("\"step.{which}\": {}", e.message))?;
        let (text, tree) = match spans(&term, braces) {
            Some((text, tree)) => (text, Some(tree)),
            None => (src.to_string(), None),
        };
        Ok(Printed { term, text, tree })
    }

    /// The span of the node at `path` (or of the deepest node reached on it), in UTF-16 code
    /// units as the page's strings count.
    fn span(&self, path: &[String]) -> Option<[usize; 2]> {
        let (n, _) = self.tree.as_ref()?.at(path);
        Some([utf16(&self.text, n.start), utf16(&self.text, n.end)])
    }

    fn tree_json(&self) -> Value {
        self.tree
            .as_ref()
            .map_or(Value::Null, |n| node_json(&self.text, n))
    }
}

fn utf16(text: &str, byte: usize) -> usize {
    text.get(..byte).map_or(0, |s| s.encode_utf16().count())
}

fn node_json(text: &str, n: &Node) -> Value {
    json!({
        "kind": n.kind,
        "span": [utf16(text, n.start), utf16(text, n.end)],
        "children": n.children.iter().map(|(e, c)| json!({"edge": e, "node": node_json(text, c)})).collect::<Vec<_>>(),
    })
}

/// The page's description of `step` (module docs), or what is wrong with the request. Each
/// named game also gets its value (`"value"`, its canonical form) from `k` when it has one and
/// it is written otherwise: `{{3|}|}` is 5.
///
/// With `braces`, every term is written with nested braces instead of slash notation
/// (`{1|{0|-5}}`, [`crate::syntax::PrintOptions::braces`]): the before and after texts, the
/// witnesses (`"witnesses"`, the request's as the page should show them) and the reason
/// (`"why"`, each witness in it rewritten), so the words and the terms spell a game alike.
pub fn describe(
    step: &StepRequest,
    braces: bool,
    k: &mut crate::kernel::Kernel,
) -> Result<Value, String> {
    let before = Printed::read(&step.from, "from", braces)?;
    let after = Printed::read(&step.to, "to", braces)?;
    let path: Vec<PathElem> = step
        .at
        .iter()
        .map(|e| e.parse::<PathElem>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("\"step.at\": {e}"))?;
    let at: Vec<String> = path.iter().map(|e| e.to_string()).collect();
    let x = subterm_at(&before.term, &path);
    let y = subterm_at(&after.term, &path);
    let mut deleted = Vec::new();
    let mut inserted = Vec::new();
    if let (
        Some(Term::Game {
            left: xl,
            right: xr,
        }),
        Some(Term::Game {
            left: yl,
            right: yr,
        }),
    ) = (x, y)
    {
        for (side, xs, ys) in [('L', xl, yl), ('R', xr, yr)] {
            for k in unmatched(xs, ys) {
                deleted.push(option(&before, &at, side, k));
            }
            for k in unmatched(ys, xs) {
                inserted.push(option(&after, &at, side, k));
            }
        }
    }
    let mut named = Vec::new();
    for (name, src) in &step.witnesses.games {
        let Ok(w) = crate::syntax::parse_with_refs(src) else {
            continue;
        };
        // The whole rewritten game (`G @ …`) is marked already.
        if Some(&w) == x {
            continue;
        }
        let found = [("before", &before, x), ("after", &after, y)]
            .into_iter()
            .find_map(|(which, p, sub)| Some((which, p, find(sub?, &w)?)));
        if let Some((which, p, rel)) = found {
            let full: Vec<String> = at.iter().cloned().chain(rel).collect();
            // A `#n` has no value without its proof's table: no value then.
            let value = k
                .eval(&w)
                .ok()
                .map(|g| k.to_term(g).to_string())
                .filter(|v| v != src);
            named.push(json!({
                "name": name,
                "role": role(&step.rule, name),
                "in": which,
                "path": full,
                "span": p.span(&full),
                "text": src,
                "value": value,
            }));
        }
    }
    let moves = match (x, y) {
        (Some(x), Some(y)) if step.rule == "misere-opening" => {
            misere_moves(x, y, &step.terms, braces, k)
        }
        (Some(x), Some(y)) => board_moves(x, y, braces),
        _ => Vec::new(),
    };
    let shown = Spelling::new(&step.witnesses, braces);
    let why = shown.why(&step.why);
    let nums: BTreeMap<String, String> = numbers(&step.witnesses, k)
        .into_iter()
        .map(|(t, n)| (shown.text(&t), n))
        .collect();
    let why_at = why_numbers(&why, &nums);
    let witnesses = json!({
        "games": step.witnesses.games.iter().map(|(n, t)| (n.clone(), shown.text(t))).collect::<BTreeMap<_, _>>(),
        "sets": step.witnesses.sets.iter().map(|(n, ts)| (n.clone(), ts.iter().map(|t| shown.text(t)).collect::<Vec<_>>())).collect::<BTreeMap<_, _>>(),
    });
    Ok(json!({
        "rule": step.rule,
        "at": at,
        "at_words": super::place::words(&before.term, &path, &step.terms),
        "before": {"text": before.text, "tree": before.tree_json()},
        "after": {"text": after.text, "tree": after.tree_json()},
        "changed": {"before": before.span(&at), "after": after.span(&at)},
        "deleted": deleted,
        "inserted": inserted,
        "named": named,
        "numbers": nums,
        "why": why,
        "why_numbers": why_at,
        "witnesses": witnesses,
        "moves": moves,
    }))
}

/// The most moves listed for one opening step (a board's moves, each drawn by the page).
const MAX_MOVES: usize = 40;

/// For a step that opens a ruleset's position `x` (a call such as `domineering("..|..")`,
/// `octal("0.77", 5)`, `toads("T.F")`) into the game `y` of its moves: each move in the
/// ruleset's own words (`Function::moves`), the position after it when the ruleset draws one
/// (Right's moves drawn as the position they leave too, never as the negated transposes the
/// option is written as) and the option of `y` it gives (`"L0"`), so the page can say which
/// move gives which option. The option is named (`"text"`) as the position the move leaves
/// when the ruleset gives one (`domineering("##|..")`), with the opening's form of it beside
/// (`"written"`, `-domineering(".|.")`). Empty for any other step, and past [`MAX_MOVES`] moves.
fn board_moves(x: &Term, y: &Term, braces: bool) -> Vec<Value> {
    let Term::Game { left, right } = y else {
        return Vec::new();
    };
    let Some((name, moves)) = ruleset_moves(x) else {
        return Vec::new();
    };
    let opts = crate::syntax::PrintOptions {
        braces,
        ..Default::default()
    };
    moves
        .into_iter()
        .map(|m| {
            let (side, written) = if m.player == "Right" {
                ('R', right)
            } else {
                ('L', left)
            };
            let option = written.iter().position(|o| *o == m.option);
            // The option named as the position the move leaves when the opening writes it
            // otherwise (a Domineering board turned and negated), the opening's form beside.
            let text = crate::syntax::print(m.leaves.as_ref().unwrap_or(&m.option), &opts);
            let shown = m
                .leaves
                .as_ref()
                .map(|_| crate::syntax::print(&m.option, &opts));
            move_json(name, &m, option.map(|k| format!("{side}{k}")), text, shown)
        })
        .collect()
}

/// One move on a board as the page reads it, for normal and misère openings alike: the
/// ruleset's words and cells, the option it gives (`L3`) when found, the position it leaves
/// (`text`) and the step's form of it (`written`) when that differs.
fn move_json(
    name: &str,
    m: &crate::functions::Move,
    option: Option<String>,
    text: String,
    written: Option<String>,
) -> Value {
    json!({
        "ruleset": name,
        "player": m.player,
        "words": m.words,
        "cells": m.cells,
        "board": m.board,
        "option": option,
        "text": text,
        "written": written,
    })
}

/// The ruleset named by the call `x` and its moves in words, when it gives them and there
/// are at most [`MAX_MOVES`].
fn ruleset_moves(x: &Term) -> Option<(&str, Vec<crate::functions::Move>)> {
    let Term::Call { name, args } = x else {
        return None;
    };
    let moves = crate::functions::lookup(name)?.moves(args)?;
    (moves.len() <= MAX_MOVES).then_some((name.as_str(), moves))
}

/// For a misère opening (`misere-opening`: the position `x` written out as the game tree `y`,
/// its entries `#n` in `table`): each move of `x` in the ruleset's words, and the option of
/// `y` it gives, found by game trees (`opening`), since the opening writes the positions
/// out rather than naming them. `"text"` names the position the move leaves, `"written"` the
/// option as the step writes it. Empty when `x` is no single ruleset position with moves in
/// words, or past [`MAX_MOVES`].
fn misere_moves(
    x: &Term,
    y: &Term,
    table: &[String],
    braces: bool,
    k: &mut crate::kernel::Kernel,
) -> Vec<Value> {
    let Some((name, moves)) = ruleset_moves(x) else {
        return Vec::new();
    };
    let opts = crate::syntax::PrintOptions {
        braces,
        ..Default::default()
    };
    let mut trees = super::opening::Trees::new(k, table);
    // Impartial: the Left options are the options.
    let options: Vec<Term> = match trees.resolve(y) {
        Some(Term::Game { left, .. }) => left,
        _ => Vec::new(),
    };
    let option_trees: Vec<_> = options.iter().map(|o| trees.tree(o)).collect();
    moves
        .into_iter()
        .map(|m| {
            let shown = m.leaves.as_ref().unwrap_or(&m.option);
            let mine = trees.tree(shown);
            let option = mine.and_then(|t| option_trees.iter().position(|o| *o == Some(t)));
            let text = crate::syntax::print(shown, &opts);
            let written = option.map(|i| crate::syntax::print(&options[i], &opts));
            move_json(name, &m, option.map(|i| format!("L{i}")), text, written)
        })
        .collect()
}

/// How the page writes each witness: as the proof does, or with nested braces.
struct Spelling {
    /// Each witness's text in the proof → its text on the page, where they differ.
    map: BTreeMap<String, String>,
}

impl Spelling {
    fn new(w: &Witnesses, braces: bool) -> Spelling {
        let mut map = BTreeMap::new();
        if braces {
            let opts = crate::syntax::PrintOptions {
                braces: true,
                ..Default::default()
            };
            for src in w.games.values().chain(w.sets.values().flatten()) {
                if let Ok(t) = crate::syntax::parse_with_refs(src) {
                    let text = crate::syntax::print(&t, &opts);
                    if text != *src {
                        map.insert(src.clone(), text);
                    }
                }
            }
        }
        Spelling { map }
    }

    fn text(&self, src: &str) -> String {
        self.map
            .get(src)
            .cloned()
            .unwrap_or_else(|| src.to_string())
    }

    /// `why` with each witness standing whole in it respelt.
    fn why(&self, why: &str) -> String {
        if self.map.is_empty() {
            return why.to_string();
        }
        let mut out = String::new();
        let mut at = 0;
        for (i, j, src) in whole_terms(why, self.map.keys()) {
            out.push_str(&why[at..i]);
            out.push_str(&self.text(src));
            at = j;
        }
        out.push_str(&why[at..]);
        out
    }
}

/// Where each of `terms` stands whole in `why` (not inside a larger term): `(start, end,
/// term)` in bytes, the longest tried first, so `{{3|}|}` is found whole and `{3|}` inside it
/// is not.
fn whole_terms<'a>(
    why: &str,
    terms: impl Iterator<Item = &'a String>,
) -> Vec<(usize, usize, &'a String)> {
    let mut keys: Vec<&String> = terms.collect();
    keys.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let starts_term = |i: usize| {
        why[..i]
            .chars()
            .next_back()
            .is_none_or(|c| c.is_whitespace() || c == '(')
    };
    let ends_term = |j: usize| {
        let mut rest = why[j..].chars();
        match rest.next() {
            None => true,
            Some(c) if c.is_whitespace() || ",;:)".contains(c) => true,
            // The end of a sentence, not a term's `.`.
            Some('.') => rest.next().is_none_or(char::is_whitespace),
            Some(_) => false,
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < why.len() {
        let hit = starts_term(i)
            .then(|| {
                keys.iter()
                    .find(|t| why[i..].starts_with(t.as_str()) && ends_term(i + t.len()))
            })
            .flatten();
        match hit {
            Some(t) => {
                out.push((i, i + t.len(), *t));
                i += t.len();
            }
            None => i += why[i..].chars().next().map_or(1, char::len_utf8),
        }
    }
    out
}

/// Where, in the step's reason `why`, a witness that is a number written otherwise stands as a
/// whole term (not inside a larger one): `[start, end, number]`, UTF-16 units.
fn why_numbers(why: &str, numbers: &BTreeMap<String, String>) -> Vec<Value> {
    whole_terms(why, numbers.keys())
        .into_iter()
        .map(|(i, j, t)| json!([utf16(why, i), utf16(why, j), numbers[t]]))
        .collect()
}

/// Each witness (a game, or a game in a set) that is a number written otherwise, with the
/// number: `{"{{3|}|}": "5"}`, so the page can say the number where the rule reasons about it.
/// A `#n` has no value without its proof's table and is left out, as is anything the request's
/// limits stop.
fn numbers(w: &Witnesses, k: &mut crate::kernel::Kernel) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let texts = w.games.values().chain(w.sets.values().flatten());
    for src in texts {
        if out.contains_key(src) {
            continue;
        }
        let Ok(t) = crate::syntax::parse_with_refs(src) else {
            continue;
        };
        let Some(n) = k.eval(&t).ok().and_then(|g| k.as_number(g)) else {
            continue;
        };
        let n = n.to_string();
        if n != *src {
            out.insert(src.clone(), n);
        }
    }
    out
}

/// The indices of `xs` with no copy left in `ys` (each copy in `ys` answers one of `xs`).
fn unmatched(xs: &[Term], ys: &[Term]) -> Vec<usize> {
    let mut used = vec![false; ys.len()];
    let mut out = Vec::new();
    for (k, x) in xs.iter().enumerate() {
        match (0..ys.len()).find(|&j| !used[j] && ys[j] == *x) {
            Some(j) => used[j] = true,
            None => out.push(k),
        }
    }
    out
}

fn option(p: &Printed, at: &[String], side: char, k: usize) -> Value {
    let path: Vec<String> = at
        .iter()
        .cloned()
        .chain(std::iter::once(format!("{side}{k}")))
        .collect();
    let span = p.span(&path);
    json!({"path": path, "span": span, "text": subterm_text(p, &path)})
}

fn subterm_text(p: &Printed, path: &[String]) -> Option<String> {
    let elems: Vec<PathElem> = path.iter().filter_map(|e| e.parse().ok()).collect();
    subterm_at(&p.term, &elems).map(|t| t.to_string())
}

/// Where `w` is among the options of `g` or their options (the nearest first), as a path
/// relative to `g`.
fn find(g: &Term, w: &Term) -> Option<Vec<String>> {
    fn options(t: &Term) -> Vec<(String, &Term)> {
        match t {
            Term::Game { left, right } => left
                .iter()
                .enumerate()
                .map(|(k, o)| (format!("L{k}"), o))
                .chain(right.iter().enumerate().map(|(k, o)| (format!("R{k}"), o)))
                .collect(),
            _ => Vec::new(),
        }
    }
    let first = options(g);
    if let Some((e, _)) = first.iter().find(|(_, o)| *o == w) {
        return Some(vec![e.clone()]);
    }
    first.iter().find_map(|(e, o)| {
        options(o)
            .into_iter()
            .find(|(_, oo)| *oo == w)
            .map(|(e2, _)| vec![e.clone(), e2])
    })
}
