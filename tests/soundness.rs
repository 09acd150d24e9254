//! The soundness campaign (issue 28, point 2): mutate every field of valid proofs and require
//! that every mutant `onag check` accepts states true equalities.
//!
//! Valid proofs of many kinds are made through the library (simplifications of seed examples
//! and of random small games, sums with lemmas and a term table, `prove A = B`, openings of
//! cool, heat and the nim product; ruleset openings in their own test). Each is written as JSON
//! and mutated, one or two edits at a time, on its JSON tree: terms anywhere (input, result,
//! steps' `to`/`from`, table entries, witnesses, lemma statements) edited as terms (a number
//! nudged, options moved, dropped, doubled, swapped between sides, a subterm replaced by one
//! met elsewhere in the file) or as text (a reference renumbered, a digit changed, a character
//! of a position replaced from a hostile alphabet); rule names, `at` paths, `reversed`, lemma
//! citations, the version; steps, lemmas, table entries, parts and path elements deleted,
//! doubled, swapped. Every mutant is checked the way `onag check` checks a file
//! ([`onag::check`]) and also whole ([`Proof::from_json`] then [`Proof::check`]); when
//! either accepts it, the claim `input = result` and every lemma's statement are decided by
//! `tests/common/oracle.rs` (the kernel, and for ruleset positions a naive move generator
//! written there), and a false one fails the test with the mutant's text.
//!
//! Misère and loopy proofs (issue 45, point 3) go through the same mutations and checks:
//! misère simplest forms of nim sums, random impartial forms and heap-game openings (Kayles,
//! Dawson's Kayles, octal and subtraction games), and `prove --misere`; loopy stoppers
//! (`on`, `over`, `upon`, cycles through labels, random small graphs), sums through their
//! sides, `onside`/`offside`/`&` terms, Backsliding Toads and Frogs strips, and `prove` of
//! loopy identities. An accepted one is judged by tests/common/plays.rs, written from the
//! definitions: identical misère simplest forms (ONAG ch. 12), equal onsides and offsides
//! by a survival search (Siegel, CGT VI).
//!
//! Deterministic: a fixed seed drives every choice. The analysis certificates' campaign is
//! here too (`certificate_mutants_accepted_are_true_thermographs`).

#[path = "common/oracle.rs"]
mod oracle;

use onag::{Engine, RuleSet, Term};
use oracle::{Judged, Oracle, Verdict};
use serde_json::Value;

/// SplitMix64: a fixed, portable stream of choices.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Leaves for random games and for replacements.
const LEAVES: &[&str] = &[
    "0", "1", "-1", "1/2", "-1/2", "2", "3/2", "5/4", "*", "*2", "^", "v", "^*", "1/4", "-2",
];

/// One of [`LEAVES`].
fn pick_leaf(rng: &mut Rng) -> &'static str {
    LEAVES[rng.below(LEAVES.len())]
}

/// Characters a position string may be edited with: every ruleset's, their lowercase and
/// look-alike cousins, separators and control characters.
const HOSTILE: &[char] = &[
    '.', '#', '|', 'x', 'o', 'X', 'O', 'T', 'F', 't', 'f', 'L', 'R', 'E', 'l', 'r', 'e', '_', ',',
    '(', ')', ' ', '\r', '\n', '\t', 'a', 'b', '0', '1', '7', '\u{FEFF}', '\u{0}', '\u{FF0E}',
];

/// A random small game in CGSuite notation.
fn random_game(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.chance(25) {
        return rng.pick(LEAVES).to_string();
    }
    match rng.below(8) {
        0 => format!(
            "{} + {}",
            random_game(rng, depth - 1),
            random_game(rng, depth - 1)
        ),
        1 => format!("-({})", random_game(rng, depth - 1)),
        _ => {
            let side = |rng: &mut Rng| {
                let n = rng.below(3);
                (0..n)
                    .map(|_| random_game(rng, depth - 1))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let l = side(rng);
            let r = side(rng);
            format!("{{{l} | {r}}}")
        }
    }
}

/// A valid proof, as JSON, with what it is.
struct Seed {
    label: String,
    json: String,
}

fn simplified(src: &str, engine: &Engine) -> Option<Seed> {
    let t = onag::parse(src).ok()?;
    let s = onag::simplify(&t, engine).ok()?;
    s.proof.checked().then(|| Seed {
        label: format!("simplify {src}"),
        json: s.proof.to_json(),
    })
}

fn proved(a: &str, b: &str, engine: &Engine) -> Option<Seed> {
    let (x, y) = (onag::parse(a).ok()?, onag::parse(b).ok()?);
    match onag::prove(&x, &y, engine).ok()? {
        onag::Verdict::Equal(p) if p.checked() => Some(Seed {
            label: format!("prove {a} = {b}"),
            json: p.to_json(),
        }),
        _ => None,
    }
}

/// Proofs of short games, sums with lemmas and a table, `prove A = B`, and openings of cool,
/// heat and the nim product.
fn game_seeds(engine: &Engine, rng: &mut Rng) -> Vec<Seed> {
    let fixed = [
        "{0, 1 | 2}",
        "{1|-1} + {2|-2}",
        "{1|-1} + {2|-2} + {3|-3}",
        "{1|-1} + {2|-2} + 1/2 + {0, 1/4 | 3}",
        "^ + ^ + *",
        "{0 | ^*}",
        "*2 + *3",
        "{2 | -1} + {1 | 0}",
        "+-1 + +-2",
        "{{2 | 0} | -1}",
        "{0, * | 0, *}",
        "{1/2 | 1}",
        "{-1 | {0 | -2}}",
        "{*, ^ | v}",
        "3/2 + {1 | 1/2}",
        "-{2 | {1 | 0}}",
        "cool({2|-1}, 1)",
        "cool({3|-3}, 2)",
        "cool({4|{2|0}}, 1)",
        "heat({1|-1}, 1)",
        "heat(*, 1)",
        "nimmul(*2, *3)",
        "nimmul(*3, *3)",
    ];
    let mut seeds: Vec<Seed> = fixed.iter().filter_map(|s| simplified(s, engine)).collect();
    assert!(
        seeds.len() >= fixed.len() - 2,
        "the seed examples simplify with checked proofs"
    );
    let mut tries = 0;
    while seeds.len() < fixed.len() + 24 && tries < 200 {
        tries += 1;
        let g = random_game(rng, 3);
        if let Some(s) = simplified(&g, engine) {
            // Trivial proofs (no steps) teach the campaign little.
            if s.json.contains("\"rule\"") {
                seeds.push(s);
            }
        }
    }
    let pairs = [
        ("^ + ^", "{0 | ^*}"),
        ("{1|-1} + {1|-1}", "0"),
        ("{0, 1 | 2}", "3/2"),
        ("{2|-2} + {1|-1}", "{3|-3} + {1|-1} + {2|-2} + -{3|-3}"),
        ("*2 + *3", "*"),
        ("{1/2 | 1}", "3/4"),
    ];
    seeds.extend(pairs.iter().filter_map(|(a, b)| proved(a, b, engine)));
    for _ in 0..8 {
        let g = random_game(rng, 3);
        if let Ok(v) = onag::parse(&g).and_then(|t| onag::evaluate(&t, &onag::Engine::default())) {
            seeds.extend(proved(&g, &v.to_string(), engine));
        }
    }
    seeds
}

/// Proofs that open ruleset positions, alone and in sums.
fn ruleset_seeds(engine: &Engine) -> Vec<Seed> {
    let fixed = [
        r#"domineering("..|..")"#,
        r#"domineering("...|...")"#,
        r#"domineering("..#|...")"#,
        r#"domineering("....")"#,
        r#"domineering(".|.|.")"#,
        r#"clobber("xo")"#,
        r#"clobber("xox")"#,
        r#"clobber("xo|ox")"#,
        r#"clobber("xo.|ox.")"#,
        r#"toads("TT.F")"#,
        r#"toads("T.F")"#,
        r#"toads("TT..F")"#,
        r#"toads("T.FF")"#,
        r#"hackenbush("LRE")"#,
        r#"hackenbush("LR")"#,
        r#"hackenbush("L(R,E)")"#,
        r#"hackenbush("_ L a R b L _")"#,
        "cutcake(3, 2)",
        "cutcake(2, 2)",
        "cutcake(4, 1)",
        r#"octal("0.77", 5)"#,
        r#"octal("0.07", 6)"#,
        r#"subtraction("1,3", 5)"#,
        r#"domineering("..|..") + toads("T.F")"#,
        r#"clobber("xo") + hackenbush("LR")"#,
    ];
    let seeds: Vec<Seed> = fixed.iter().filter_map(|s| simplified(s, engine)).collect();
    assert!(
        seeds.len() >= fixed.len() - 3,
        "the ruleset examples simplify with checked proofs ({} of {})",
        seeds.len(),
        fixed.len()
    );
    seeds
}

/// What a place in a proof file holds, so it is mutated as what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Term,
    Rule,
    At,
    Reversed,
    Lemma,
    Version,
    /// A number elsewhere: an option's index among a witness's `values`.
    Index,
    Array,
    Object,
}

/// Every mutable place of a JSON tree, as JSON pointers.
fn places(v: &Value, ptr: &str, key: &str, out: &mut Vec<(String, Slot)>) {
    match v {
        Value::Object(m) => {
            out.push((ptr.to_string(), Slot::Object));
            for (k, x) in m {
                places(
                    x,
                    &format!("{ptr}/{}", k.replace('~', "~0").replace('/', "~1")),
                    k,
                    out,
                );
            }
        }
        Value::Array(a) => {
            out.push((ptr.to_string(), Slot::Array));
            for (i, x) in a.iter().enumerate() {
                places(x, &format!("{ptr}/{i}"), key, out);
            }
        }
        Value::String(_) => match key {
            "rule" => out.push((ptr.to_string(), Slot::Rule)),
            "at" => out.push((ptr.to_string(), Slot::At)),
            "why" | "certificate" => {}
            _ => out.push((ptr.to_string(), Slot::Term)),
        },
        Value::Bool(_) if key == "reversed" => out.push((ptr.to_string(), Slot::Reversed)),
        Value::Number(_) if key == "lemma" => out.push((ptr.to_string(), Slot::Lemma)),
        Value::Number(_) if key == "version" => out.push((ptr.to_string(), Slot::Version)),
        Value::Number(_) => out.push((ptr.to_string(), Slot::Index)),
        _ => {}
    }
}

/// The terms written anywhere in a file: replacements that are at least well formed.
fn term_pool(v: &Value) -> Vec<String> {
    let mut ps = Vec::new();
    places(v, "", "", &mut ps);
    let mut pool: Vec<String> = ps
        .iter()
        .filter(|(_, s)| *s == Slot::Term)
        .filter_map(|(p, _)| v.pointer(p)?.as_str().map(str::to_string))
        .collect();
    pool.extend(LEAVES.iter().map(|s| s.to_string()));
    pool.sort();
    pool.dedup();
    pool
}

/// The term's nodes in preorder, counted.
fn count(t: &Term) -> usize {
    1 + children(t).iter().map(|c| count(c)).sum::<usize>()
}

fn children(t: &Term) -> Vec<&Term> {
    match t {
        Term::Game { left, right } => left.iter().chain(right).collect(),
        Term::Sum(a, b) => vec![a, b],
        Term::Neg(a) => vec![a],
        Term::PlusMinus(xs) => xs.iter().collect(),
        Term::Call { args, .. } => args
            .iter()
            .filter_map(|a| match a {
                onag::Arg::Game(g) => Some(g),
                onag::Arg::Text(_) => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// `t` with node `k` (preorder) replaced by `f` of it.
fn replace_at(t: &Term, k: &mut usize, f: &mut dyn FnMut(&Term) -> Term) -> Term {
    if *k == 0 {
        *k = usize::MAX;
        return f(t);
    }
    *k -= 1;
    let mut go = |x: &Term, k: &mut usize| {
        if *k == usize::MAX {
            x.clone()
        } else {
            replace_at(x, k, f)
        }
    };
    match t {
        Term::Game { left, right } => {
            let l = left.iter().map(|x| go(x, k)).collect();
            let r = right.iter().map(|x| go(x, k)).collect();
            Term::Game { left: l, right: r }
        }
        Term::Sum(a, b) => {
            let a = go(a, k);
            let b = go(b, k);
            Term::Sum(Box::new(a), Box::new(b))
        }
        Term::Neg(a) => Term::Neg(Box::new(go(a, k))),
        Term::PlusMinus(xs) => Term::PlusMinus(xs.iter().map(|x| go(x, k)).collect()),
        Term::Call { name, args } => Term::Call {
            name: name.clone(),
            args: args
                .iter()
                .map(|a| match a {
                    onag::Arg::Game(g) => onag::Arg::Game(go(g, k)),
                    other => other.clone(),
                })
                .collect(),
        },
        other => other.clone(),
    }
}

/// A text with one of its digit runs changed.
fn nudge_number(s: &str, rng: &mut Rng) -> Option<String> {
    let b = s.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let j = (i..b.len())
                .find(|&j| !b[j].is_ascii_digit())
                .unwrap_or(b.len());
            runs.push((i, j));
            i = j;
        } else {
            i += 1;
        }
    }
    if runs.is_empty() {
        return None;
    }
    let (i, j) = *rng.pick(&runs);
    let n: u64 = s[i..j].parse().unwrap_or(1);
    let m = match rng.below(5) {
        0 => n + 1,
        1 => n.saturating_sub(1),
        2 => n * 2,
        3 => n / 2,
        _ => n + 2 + rng.below(5) as u64,
    };
    if m == n {
        return None;
    }
    Some(format!("{}{m}{}", &s[..i], &s[j..]))
}

/// The calls of misère and loopy terms: heap games, the loopy ruleset, the sides, `&`
/// (`sidle`) and a label's braces (`loop`); a call among them is renamed among them.
const PLAY_CALLS: &[&str] = &[
    "kayles",
    "dawsons_kayles",
    "octal",
    "subtraction",
    "backsliding_toads_and_frogs",
    "onside",
    "offside",
    "sidle",
    "loop",
    "grundy",
];

/// Loopy games named by a word (and `pass`, a move to the braces it is written in).
const NAMED: &[&str] = &["pass", "on", "off", "dud", "over", "under", "upon"];

/// One node of a term changed as a term.
fn mutate_node(t: &Term, rng: &mut Rng, pool: &[String]) -> Term {
    let leaf = |rng: &mut Rng| {
        onag::parse(pick_leaf(rng)).unwrap_or(Term::Game {
            left: vec![],
            right: vec![],
        })
    };
    match t {
        Term::Game { left, right } => {
            let (mut l, mut r) = (left.clone(), right.clone());
            match rng.below(7) {
                0 => std::mem::swap(&mut l, &mut r),
                1 if !l.is_empty() => {
                    let x = l.remove(rng.below(l.len()));
                    r.push(x);
                }
                2 if !r.is_empty() => {
                    let x = r.remove(rng.below(r.len()));
                    l.push(x);
                }
                3 => {
                    let side = if rng.chance(50) { &mut l } else { &mut r };
                    if !side.is_empty() {
                        side.remove(rng.below(side.len()));
                    }
                }
                4 => {
                    let side = if rng.chance(50) { &mut l } else { &mut r };
                    if side.is_empty() {
                        side.push(leaf(rng));
                    } else {
                        let x = side[rng.below(side.len())].clone();
                        side.push(x);
                    }
                }
                5 => {
                    let side = if rng.chance(50) { &mut l } else { &mut r };
                    side.push(leaf(rng));
                }
                _ => {
                    if let Some(x) = l.first().or(r.first()) {
                        return x.clone();
                    }
                    return leaf(rng);
                }
            }
            Term::Game { left: l, right: r }
        }
        Term::Sum(a, b) => match rng.below(4) {
            0 => (**a).clone(),
            1 => (**b).clone(),
            2 => Term::Sum(b.clone(), a.clone()),
            _ => Term::Sum(a.clone(), a.clone()),
        },
        Term::Neg(a) => (**a).clone(),
        Term::Call { name, args } => {
            let mut args = args.clone();
            let texts: Vec<usize> = (0..args.len())
                .filter(|&i| matches!(args[i], onag::Arg::Text(_)))
                .collect();
            if !texts.is_empty() && rng.chance(80) {
                let i = *rng.pick(&texts);
                if let onag::Arg::Text(s) = &args[i] {
                    args[i] = onag::Arg::Text(edit_chars(s, rng));
                }
                Term::Call {
                    name: name.clone(),
                    args,
                }
            } else {
                let names: &[&str] = if NAMED.contains(&name.as_str()) {
                    // A named loopy game, `pass` among them: another name, or the call's
                    // arguments given to a side or a ruleset.
                    if rng.chance(70) {
                        NAMED
                    } else {
                        PLAY_CALLS
                    }
                } else if PLAY_CALLS.contains(&name.as_str()) {
                    PLAY_CALLS
                } else {
                    &[
                        "domineering",
                        "clobber",
                        "toads",
                        "hackenbush",
                        "cool",
                        "heat",
                    ]
                };
                Term::Call {
                    name: rng.pick(names).to_string(),
                    args,
                }
            }
        }
        _ => {
            let text = t.to_string();
            match rng.below(4) {
                0 => Term::Neg(Box::new(t.clone())),
                1 => nudge_number(&text, rng)
                    .and_then(|s| onag::parse(&s).ok())
                    .unwrap_or_else(|| leaf(rng)),
                2 => onag::parse(rng.pick(pool).as_str()).unwrap_or_else(|_| leaf(rng)),
                _ => leaf(rng),
            }
        }
    }
}

/// A position string with a character replaced, deleted, inserted or doubled.
fn edit_chars(s: &str, rng: &mut Rng) -> String {
    let mut cs: Vec<char> = s.chars().collect();
    let c = *rng.pick(HOSTILE);
    let i = rng.below(cs.len() + 1);
    match rng.below(4) {
        0 if i < cs.len() => cs[i] = c,
        1 if i < cs.len() => {
            cs.remove(i);
        }
        2 if i < cs.len() => cs[i] = cs[i].to_ascii_lowercase(),
        _ => cs.insert(i, c),
    }
    cs.into_iter().collect()
}

/// A term's text mutated: as a term when it reads as one, else (or sometimes) as text.
fn mutate_term_text(s: &str, rng: &mut Rng, pool: &[String]) -> String {
    let has_refs = s
        .as_bytes()
        .windows(2)
        .any(|w| w[0] == b'#' && w[1].is_ascii_digit());
    match rng.below(10) {
        0..=4 if !has_refs => {
            if let Ok(t) = onag::parse(s) {
                let mut k = rng.below(count(&t));
                return replace_at(&t, &mut k, &mut |x| mutate_node(x, rng, pool)).to_string();
            }
            nudge_number(s, rng).unwrap_or_else(|| rng.pick(pool).clone())
        }
        5 => rng.pick(pool).clone(),
        6 | 7 => nudge_number(s, rng).unwrap_or_else(|| rng.pick(pool).clone()),
        8 if s.contains('"') => {
            // A character inside the quotes of a position.
            let (Some(a), Some(b)) = (s.find('"'), s.rfind('"')) else {
                return s.to_string();
            };
            if b <= a {
                return s.to_string();
            }
            let inner = edit_chars(&s[a + 1..b], rng);
            format!("{}{}{}", &s[..=a], inner, &s[b..])
        }
        _ => {
            // A raw edit of the text.
            let mut cs: Vec<char> = s.chars().collect();
            let alphabet = [
                '{', '}', '|', ',', '-', '+', '*', '^', 'v', '0', '1', '2', '#', '/', ' ',
            ];
            let i = rng.below(cs.len() + 1);
            if i < cs.len() && rng.chance(50) {
                cs.remove(i);
            } else {
                cs.insert(i, *rng.pick(&alphabet));
            }
            cs.into_iter().collect()
        }
    }
}

const PATHS: &[&str] = &[
    "L0", "L1", "L2", "R0", "R1", "R2", "sum.0", "sum.1", "neg", "pm0", "pm1", "arg0", "arg1",
];

/// One edit of a proof file's JSON tree; false when the chosen place could not change.
fn mutate(v: &mut Value, rng: &mut Rng, pool: &[String], rules: &[String]) -> bool {
    let mut ps = Vec::new();
    places(v, "", "", &mut ps);
    if v.get("play").is_none() {
        // Normal-play files keep the stream of edits they had before witnesses' indices were
        // mutated (issue 45): their numbers are lemma citations and the version.
        ps.retain(|p| p.1 != Slot::Index);
    }
    // Terms are most of a file and most of its meaning: chosen more often.
    let weighted: Vec<&(String, Slot)> = ps
        .iter()
        .flat_map(|p| {
            let w = match p.1 {
                Slot::Term => 3,
                Slot::Object => 2,
                _ => 1,
            };
            std::iter::repeat_n(p, w)
        })
        .collect();
    let (ptr, slot) = (*rng.pick(&weighted)).clone();
    let Some(place) = v.pointer_mut(&ptr) else {
        return false;
    };
    match slot {
        Slot::Term => {
            let s = place.as_str().unwrap_or_default();
            let new = mutate_term_text(s, rng, pool);
            if new == s {
                return false;
            }
            *place = Value::String(new);
        }
        Slot::Rule => *place = Value::String(rng.pick(rules).clone()),
        Slot::At => *place = Value::String(rng.pick(PATHS).to_string()),
        Slot::Reversed => *place = Value::Bool(!place.as_bool().unwrap_or(false)),
        Slot::Lemma => {
            let n = place.as_u64().unwrap_or(0);
            let m = match rng.below(4) {
                0 => n + 1,
                1 => n.saturating_sub(1),
                2 => 0,
                _ => rng.below(12) as u64,
            };
            if m == n {
                return false;
            }
            *place = Value::from(m);
        }
        Slot::Version => *place = Value::from(*rng.pick(&[0u64, 1, 2, 4, 3])),
        Slot::Index => {
            let n = place.as_u64().unwrap_or(0);
            let m = match rng.below(3) {
                0 => n + 1,
                1 => n.saturating_sub(1),
                _ => rng.below(4) as u64,
            };
            if m == n {
                return false;
            }
            *place = Value::from(m);
        }
        Slot::Array => {
            let Some(a) = place.as_array_mut() else {
                return false;
            };
            if a.is_empty() {
                return false;
            }
            let i = rng.below(a.len());
            match rng.below(5) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let x = a[i].clone();
                    a.insert(rng.below(a.len() + 1), x);
                }
                2 if a.len() >= 2 => {
                    let j = rng.below(a.len());
                    if i == j {
                        return false;
                    }
                    a.swap(i, j);
                }
                3 if a.len() >= 2 => a.reverse(),
                _ => a.truncate(i),
            }
        }
        Slot::Object => {
            let Some(m) = place.as_object_mut() else {
                return false;
            };
            let keys: Vec<String> = m.keys().cloned().collect();
            match rng.below(8) {
                0 if !keys.is_empty() => {
                    m.remove(rng.pick(&keys));
                }
                1 => {
                    m.insert("reversed".into(), Value::Bool(true));
                }
                2 => {
                    m.insert("at".into(), Value::from(vec![rng.pick(PATHS).to_string()]));
                }
                3 => {
                    m.insert("from".into(), Value::String(rng.pick(pool).clone()));
                }
                4 => {
                    m.insert("rule".into(), Value::String("lemma".into()));
                    m.insert("lemma".into(), Value::from(rng.below(6)));
                    m.remove("witnesses");
                }
                5 if m.contains_key("input") => {
                    // The claim itself: its sides swapped, or the result replaced.
                    if rng.chance(50) {
                        let (i, r) = (m.remove("input"), m.remove("result"));
                        if let (Some(i), Some(r)) = (i, r) {
                            m.insert("input".into(), r);
                            m.insert("result".into(), i);
                        }
                    } else {
                        m.insert("result".into(), Value::String(rng.pick(pool).clone()));
                    }
                }
                6 if !keys.is_empty() => {
                    // One key's value given to another of the same object.
                    let (a, b) = (rng.pick(&keys).clone(), rng.pick(&keys).clone());
                    if a == b {
                        return false;
                    }
                    let x = m[&a].clone();
                    m.insert(b, x);
                }
                _ => {
                    m.insert("witnesses".into(), serde_json::json!({}));
                }
            }
        }
    }
    true
}

/// A proof's JSON with its top-level keys in the order onag writes them (version and table
/// first, lemmas last), so that the streaming check starts on lemmas as it reads them;
/// `Value::to_string` orders keys alphabetically, which puts the lemmas before the table and
/// the version (the order in which lemmas wait for them), and is used for the rest.
fn in_file_order(v: &Value) -> String {
    let Value::Object(m) = v else {
        return v.to_string();
    };
    let order = [
        "version", "terms", "input", "result", "checked", "steps", "lemmas",
    ];
    let mut keys: Vec<&String> = m.keys().collect();
    keys.sort_by_key(|k| order.iter().position(|o| o == k).unwrap_or(order.len()));
    let fields: Vec<String> = keys
        .iter()
        .map(|k| format!("{}:{}", Value::String(k.to_string()), m[k.as_str()]))
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// `s` with every reference `#n` renumbered `#(n + by)`.
fn shift_refs(s: &str, by: usize) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(k) = rest.find('#') {
        out.push_str(&rest[..=k]);
        rest = &rest[k + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<usize>() {
            Ok(n) => out.push_str(&(n + by).to_string()),
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out + rest
}

/// Every string of a JSON tree with its references renumbered.
fn shift_value(v: &Value, by: usize) -> Value {
    match v {
        Value::String(s) => Value::String(shift_refs(s, by)),
        Value::Array(a) => Value::Array(a.iter().map(|x| shift_value(x, by)).collect()),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), shift_value(x, by)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// A piece of `donor` put into `v`: the donor's table appended to `v`'s (its references
/// renumbered), then one of its steps in place of one of `v`'s, its steps after `v`'s, or
/// its input or result in place of `v`'s.
fn splice(v: &mut Value, donor: &Value, rng: &mut Rng) -> bool {
    let by = v["terms"].as_array().map_or(0, Vec::len);
    let d = shift_value(donor, by);
    if let Some(extra) = d["terms"].as_array() {
        let mut terms = v["terms"].as_array().cloned().unwrap_or_default();
        terms.extend(extra.iter().cloned());
        v["terms"] = Value::Array(terms);
    }
    let dsteps = d["steps"].as_array().cloned().unwrap_or_default();
    match rng.below(4) {
        0 if !dsteps.is_empty() => {
            let Some(steps) = v["steps"].as_array_mut() else {
                return false;
            };
            if steps.is_empty() {
                return false;
            }
            let i = rng.below(steps.len());
            steps[i] = dsteps[rng.below(dsteps.len())].clone();
        }
        1 if !dsteps.is_empty() => {
            let mut steps = v["steps"].as_array().cloned().unwrap_or_default();
            steps.extend(dsteps);
            v["steps"] = Value::Array(steps);
            v["result"] = d["result"].clone();
        }
        2 => v["input"] = d["input"].clone(),
        _ => v["result"] = d["result"].clone(),
    }
    true
}

/// What the campaign saw.
#[derive(Default, Debug)]
struct Tally {
    mutants: usize,
    unread: usize,
    rejected: usize,
    accepted: usize,
    statements: usize,
    /// False acceptances.
    failures: Vec<String>,
    /// False acceptances of statements about a position outside the strict grammar of
    /// tests/common/oracle.rs: the two position readers' disagreement (issue 28, point 1).
    grammar: Vec<String>,
}

/// Checks one file as `onag check` would; an accepted one must state true equalities. With
/// `SOUNDNESS_TRACE=FILE` set, each mutant (and each seed) is written to FILE before it is
/// checked, so one that aborts the process (a stack overflow) is left there to read.
fn judge(text: &str, label: &str, rules: &RuleSet, oracle: &mut Oracle, tally: &mut Tally) {
    tally.mutants += 1;
    if let Ok(path) = std::env::var("SOUNDNESS_TRACE") {
        let _ = std::fs::write(path, format!("{label}\n{text}"));
    }
    match oracle::judge_text(text, rules, oracle) {
        Ok(Judged::Unread) => tally.unread += 1,
        Ok(Judged::Rejected) => tally.rejected += 1,
        Ok(Judged::Accepted(n)) => {
            tally.accepted += 1;
            tally.statements += n;
        }
        Err(f) => {
            tally.accepted += 1;
            let line = format!("{label}: {}\n  mutant: {text}", f.why);
            if f.outside_grammar {
                tally.grammar.push(line);
            } else {
                tally.failures.push(line);
            }
        }
    }
}

/// Every seed's mutants, `per_seed` each (one to three edits a mutant).
fn campaign(
    seeds: &[Seed],
    per_seed: usize,
    rng: &mut Rng,
    rules: &RuleSet,
    extra: &[&str],
) -> Tally {
    let mut names: Vec<String> = rules.names().map(str::to_string).collect();
    names.push("lemma".into());
    names.extend(extra.iter().map(|s| s.to_string()));
    let mut oracle = Oracle::new();
    let mut tally = Tally::default();
    let donors: Vec<Value> = seeds
        .iter()
        .filter_map(|s| serde_json::from_str(&s.json).ok())
        .collect();
    for seed in seeds {
        // The unmutated proof is accepted and true: the campaign starts from valid proofs.
        if let Err(e) = onag::check(&seed.json, rules) {
            panic!("{}: the seed does not check: {e}", seed.label);
        }
        if let Ok(path) = std::env::var("SOUNDNESS_TRACE") {
            let _ = std::fs::write(path, format!("{}\n{}", seed.label, seed.json));
        }
        // And it is true: a seed the judge refuses is the producer's and checker's error
        // (or the judge's), never a starting point.
        match oracle::judge_text(&seed.json, rules, &mut oracle) {
            Ok(Judged::Accepted(_)) => {}
            other => panic!("{}: the seed is not judged true: {other:?}", seed.label),
        }
        let base: Value = serde_json::from_str(&seed.json).expect("a seed is JSON");
        let pool = term_pool(&base);
        let mut made = 0;
        let mut attempts = 0;
        while made < per_seed && attempts < per_seed * 4 {
            attempts += 1;
            let mut v = base.clone();
            let edits = 1 + usize::from(rng.chance(30)) + usize::from(rng.chance(10));
            let mut changed = false;
            for _ in 0..edits {
                changed |= mutate(&mut v, rng, &pool, &names);
            }
            // Misère and loopy proofs: sometimes a piece of another seed's proof spliced in
            // (its steps, input or result, with its table), so that whole valid steps
            // meet the wrong chain.
            if !extra.is_empty() && seeds.len() > 1 && rng.chance(20) {
                let donor = &donors[rng.below(donors.len())];
                if donor != &base {
                    changed |= splice(&mut v, donor, rng);
                }
            }
            let text = if rng.chance(75) {
                in_file_order(&v)
            } else {
                v.to_string()
            };
            if !changed || v == base {
                continue;
            }
            made += 1;
            judge(&text, &seed.label, rules, &mut oracle, &mut tally);
        }
    }
    eprintln!(
        "{} mutants: {} not proofs, {} rejected, {} accepted ({} statements judged; {} positions valued naively, {} by the library)",
        tally.mutants,
        tally.unread,
        tally.rejected,
        tally.accepted,
        tally.statements,
        oracle.naive,
        oracle.by_library
    );
    tally
}

fn report(t: &Tally, failures: &[String]) -> String {
    let shown: Vec<&String> = failures.iter().take(12).collect();
    format!(
        "{} of {} mutants accepted with a false or undecidable statement:\n{}",
        failures.len(),
        t.mutants,
        shown
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    )
}

#[test]
fn accepted_mutants_of_game_proofs_are_true() {
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    let mut rng = Rng(0x5EED_0028);
    let seeds = game_seeds(&engine, &mut rng);
    let per_seed = 10_200usize.div_ceil(seeds.len());
    let t = campaign(&seeds, per_seed, &mut rng, &rules, &[]);
    assert!(t.mutants >= 10_000, "only {} mutants", t.mutants);
    // The mutants are judged, not only refused as unreadable: most are proofs.
    assert!(t.rejected > t.mutants / 3, "{t:?}");
    assert!(t.failures.is_empty(), "{}", report(&t, &t.failures));
    assert!(t.grammar.is_empty(), "{}", report(&t, &t.grammar));
}

fn ruleset_campaign() -> Tally {
    let rules = RuleSet::builtin();
    let engine = Engine::new(rules.clone());
    let mut rng = Rng(0x5EED_1028);
    let seeds = ruleset_seeds(&engine);
    let t = campaign(&seeds, 120, &mut rng, &rules, &[]);
    assert!(t.mutants >= 2_500, "only {} mutants", t.mutants);
    t
}

/// Ruleset openings: no false acceptance about a position that both this test's strict
/// grammar and the library read.
#[test]
fn accepted_mutants_of_ruleset_proofs_are_true() {
    let t = ruleset_campaign();
    assert!(t.failures.is_empty(), "{}", report(&t, &t.failures));
}

/// Ruleset openings about positions outside the strict grammar (lowercase letters, `\r`,
/// stray characters, ragged rows): the checker's move generator and the library's reader both
/// read positions by one grammar (`rulesets::position`, docs/POSITIONS.md), so the checker
/// accepts no claim about a text the library refuses or reads otherwise (issue 28, point 1).
#[test]
fn accepted_mutants_of_ruleset_proofs_outside_the_grammar_are_true() {
    let t = ruleset_campaign();
    assert!(t.grammar.is_empty(), "{}", report(&t, &t.grammar));
}

/// The oracle itself agrees with the library on positions both read (so a failure above is
/// the checker's, not the judge's), and values the rules' textbook cases right.
#[test]
fn the_oracle_values_positions_by_the_rules() {
    let mut o = Oracle::new();
    let cases = [
        (r#"domineering("..")"#, "{|0}"),
        (r#"domineering(".|.")"#, "1"),
        (r#"domineering("..|..")"#, "{1|-1}"),
        (r#"clobber("xo")"#, "*"),
        // T.F: Left to .TF = {|FT.} = {|{F.T|}} = {|1} = 0; Right to TF. = {.FT|} =
        // {{|F.T}|} = {-1|} = 0; so {0|0}.
        (r#"toads("T.F")"#, "*"),
        (r#"hackenbush("LR")"#, "1/2"),
        (r#"hackenbush("E")"#, "*"),
        ("cutcake(2, 1)", "1"),
        (r#"octal("0.77", 2)"#, "*2"),
        (r#"subtraction("1,2", 4)"#, "*"),
    ];
    for (a, b) in cases {
        let (x, y) = (onag::parse(a).unwrap(), onag::parse(b).unwrap());
        assert_eq!(o.decide(&x, &y), Verdict::True, "{a} = {b}");
    }
    assert_eq!(o.by_library, 0, "every case valued by the naive generators");
    // And against the library's own values on a few boards.
    let boards = [
        r#"domineering("...|...|...")"#,
        r#"domineering("..#|...|.#.")"#,
        r#"clobber("xox|oxo")"#,
        r#"toads("TT..FF")"#,
        r#"hackenbush("LRRLE")"#,
        "cutcake(4, 3)",
        r#"octal("0.07", 9)"#,
    ];
    for a in boards {
        let x = onag::parse(a).unwrap();
        let onag::Value::Game(y) = onag::evaluate(&x, &onag::Engine::default()).unwrap() else {
            panic!("{a} is a short game")
        };
        let y = y.into_term();
        assert_eq!(o.decide(&x, &y), Verdict::True, "{a} = {y}");
    }
    // The judge catches the issue's false proof: `toads("t.")` "proved" equal to 0 (the
    // checker's generator saw no move in lowercase; the library reads it as 1). Whatever the
    // readers become, the judge never calls that claim true, and `judge_text` never passes
    // the file as accepted and true.
    let (x, zero) = (
        onag::parse(r#"toads("t.")"#).unwrap(),
        onag::parse("0").unwrap(),
    );
    assert_ne!(o.decide(&x, &zero), Verdict::True);
    let issue = r#"{"version":3,"input":"toads(\"t.\")","result":"0","steps":[{"to":"{|}","rule":"toads","why":"x"},{"to":"0","rule":"zero-fold","why":"x"}]}"#;
    let rules = RuleSet::builtin();
    match oracle::judge_text(issue, &rules, &mut o) {
        Ok(Judged::Accepted(_)) => panic!("the issue's false proof judged true"),
        Ok(_) => {}
        Err(f) => assert!(f.outside_grammar, "{f:?}"),
    }
}

/// One edit of a certificate: a number nudged (a breakpoint, the temperature, the mast), a
/// breakpoint or entry deleted, doubled or swapped, an option index changed, a game rewritten.
fn mutate_certificate(v: &mut Value, rng: &mut Rng, pool: &[String]) -> bool {
    let mut ps = Vec::new();
    places(v, "", "", &mut ps);
    ps.retain(|p| p.1 != Slot::Index);
    let (ptr, slot) = rng.pick(&ps).clone();
    let Some(place) = v.pointer_mut(&ptr) else {
        return false;
    };
    match slot {
        Slot::Term => {
            let s = place.as_str().unwrap_or_default().to_string();
            let new = if ptr.ends_with("/game") {
                mutate_term_text(&s, rng, pool)
            } else {
                // A number of a wall, the temperature or the mast.
                match rng.below(4) {
                    0 => nudge_number(&s, rng).unwrap_or_else(|| "0".into()),
                    1 => format!("-{s}"),
                    2 => s
                        .parse::<onag::Dyadic>()
                        .map(|x| (&x + &onag::Dyadic::from(1).half().half()).to_string())
                        .unwrap_or_default(),
                    _ => rng
                        .pick(&["0", "1", "-1", "1/2", "3/2", "2", "-1/2"])
                        .to_string(),
                }
            };
            if new == s {
                return false;
            }
            *place = Value::String(new);
        }
        Slot::Array => {
            let Some(a) = place.as_array_mut() else {
                return false;
            };
            if a.is_empty() {
                if rng.chance(50) {
                    a.push(Value::from(0));
                    return true;
                }
                return false;
            }
            let i = rng.below(a.len());
            match rng.below(5) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let x = a[i].clone();
                    a.insert(rng.below(a.len() + 1), x);
                }
                2 if a.len() >= 2 => {
                    let j = rng.below(a.len());
                    if i == j {
                        return false;
                    }
                    a.swap(i, j);
                }
                3 if a[i].is_u64() => {
                    a[i] = Value::from(rng.below(i + 3));
                }
                _ => a.push(a[i].clone()),
            }
        }
        Slot::Object => {
            let Some(m) = place.as_object_mut() else {
                return false;
            };
            if let Some(root) = m.get("root").and_then(Value::as_u64) {
                let r = match rng.below(2) {
                    0 => root.saturating_sub(1),
                    _ => rng.below(root as usize + 2) as u64,
                };
                if r == root {
                    return false;
                }
                m.insert("root".into(), Value::from(r));
            } else {
                let keys: Vec<String> = m.keys().cloned().collect();
                if keys.is_empty() {
                    return false;
                }
                let (a, b) = (rng.pick(&keys).clone(), rng.pick(&keys).clone());
                if a == b {
                    m.remove(&a);
                } else {
                    // Left's and Right's lists or walls exchanged, or a key's value moved.
                    let (x, y) = (m[&a].clone(), m[&b].clone());
                    m.insert(a, y);
                    m.insert(b, x);
                }
            }
        }
        _ => {
            // Indices sit in arrays; a number elsewhere (the root) is handled with its object.
            return false;
        }
    }
    true
}

#[test]
fn certificate_mutants_accepted_are_true_thermographs() {
    let mut rng = Rng(0xCE27_0028);
    let mut games: Vec<String> = [
        "{2|-1} + {1|-1}",
        "{{3|2}|0} + ^",
        "{1/2|-3}",
        "^ + *3",
        "{3||2|1} + {4|0}",
        "{1|-1} + {2|-2}",
        "{5|{2|-1}}",
        "{1/2|0} + {1|-1}",
        "+-1 + 1/4",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    games.extend((0..6).map(|_| random_game(&mut rng, 3)));
    let mut k = onag::Kernel::new();
    let (mut mutants, mut accepted, mut failures) = (0usize, 0usize, Vec::new());
    for src in &games {
        let Ok(g) = onag::parse(src)
            .map_err(|_| ())
            .and_then(|t| k.eval(&t).map_err(|_| ()))
        else {
            continue;
        };
        let cert = onag::thermograph_certificate(&mut k, g).expect("a certificate");
        assert!(
            onag::check_thermograph_certificate(&cert).is_ok(),
            "{src}: the certificate as made checks"
        );
        assert_eq!(
            oracle::false_entry(&cert),
            None,
            "{src}: the certificate as made is true"
        );
        let pool = term_pool(&cert);
        let mut made = 0;
        let mut attempts = 0;
        while made < 200 && attempts < 800 {
            attempts += 1;
            let mut v = cert.clone();
            let mut changed = mutate_certificate(&mut v, &mut rng, &pool);
            if rng.chance(30) {
                changed |= mutate_certificate(&mut v, &mut rng, &pool);
            }
            if !changed || v == cert {
                continue;
            }
            made += 1;
            mutants += 1;
            if onag::check_thermograph_certificate(&v).is_ok() {
                accepted += 1;
                if let Some(why) = oracle::false_entry(&v) {
                    failures.push(format!("{src}: {why}\n  mutant: {v}"));
                }
            }
        }
    }
    eprintln!("{mutants} certificate mutants, {accepted} accepted");
    assert!(mutants >= 2_000, "only {mutants} mutants");
    assert!(
        failures.is_empty(),
        "{} accepted certificates are false:\n{}",
        failures.len(),
        failures[..failures.len().min(8)].join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Misère and loopy proofs (issue 45, point 3): the same mutations, the same streaming and
// whole checks, judged by tests/common/plays.rs's definitions.

/// The rules of rules/misere.rules and rules/loopy.rules, and the loopy opening: a step's
/// rule renamed among them as well as among the normal-play rules.
const PLAY_RULES: &[&str] = &[
    "misere-reversible",
    "misere-reversible-zero",
    "misere-opening",
    "loopy-sum",
    "loopy-dominated-left",
    "loopy-dominated-right",
    "loopy-reversible-left",
    "loopy-reversible-right",
    "loopy-fusion",
    "loopy-sides",
    "onside-delete-left",
    "onside-delete-right",
    "offside-delete-left",
    "offside-delete-right",
    "onside-stopper",
    "offside-stopper",
    "backsliding_toads_and_frogs",
    "sidle-stopper",
    "sidle-sum",
    "sidle-neg",
];

/// A random small impartial form: nim heaps, sums, braces listing the same options twice.
fn random_impartial(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.chance(25) {
        return rng.pick(&["0", "*", "*2", "*3"]).to_string();
    }
    match rng.below(6) {
        0 => format!(
            "{} + {}",
            random_impartial(rng, depth - 1),
            random_impartial(rng, depth - 1)
        ),
        _ => {
            let opts: Vec<String> = (0..1 + rng.below(3))
                .map(|_| random_impartial(rng, depth - 1))
                .collect();
            let side = opts.join(", ");
            format!("{{{side} | {side}}}")
        }
    }
}

fn simplified_in(src: &str, engine: &Engine, play: &str) -> Option<Seed> {
    let t = onag::parse(src).ok()?;
    let s = onag::simplify(&t, engine).ok()?;
    s.proof.checked().then(|| Seed {
        label: format!("simplify ({play}) {src}"),
        json: s.proof.to_json(),
    })
}

fn proved_in(a: &str, b: &str, engine: &Engine, play: &str) -> Option<Seed> {
    let (x, y) = (onag::parse(a).ok()?, onag::parse(b).ok()?);
    match onag::prove(&x, &y, engine).ok()? {
        onag::Verdict::Equal(p) if p.checked() => Some(Seed {
            label: format!("prove ({play}) {a} = {b}"),
            json: p.to_json(),
        }),
        _ => None,
    }
}

/// Misère proofs: CGSuite's test cases (tests/misere_proofs.rs), nim sums, heap-game
/// openings, random small impartial forms, and `prove --misere` of true identities.
fn misere_seeds(rng: &mut Rng) -> Vec<Seed> {
    let engine = Engine::default().with_play(onag::Play::Misere);
    let fixed = [
        "*2 + *2",
        "{*2|*2}",
        "{{*2|*2}|{*2|*2}}",
        "{*2+{*2|*2}|*2+{*2|*2}}",
        "{{*2|*2},0|{*2|*2},0}",
        "* + *",
        "*2 + *3",
        "*3 + *3 + *",
        "{*|*}",
        "{0, *2 | 0, *2}",
        "{*, *2, *3 | *, *2, *3}",
        "kayles(3)",
        "kayles(4)",
        "kayles(5)",
        "kayles(6)",
        "kayles(7)",
        "dawsons_kayles(5)",
        "dawsons_kayles(7)",
        r#"octal("0.77", 4)"#,
        r#"octal("0.137", 6)"#,
        r#"subtraction("1,2", 5)"#,
        "kayles(2) + kayles(3)",
        "kayles(4) + *2",
    ];
    let mut seeds: Vec<Seed> = fixed
        .iter()
        .filter_map(|s| simplified_in(s, &engine, "misère"))
        .collect();
    assert!(
        seeds.len() >= fixed.len() - 3,
        "the misère examples simplify with checked proofs ({} of {})",
        seeds.len(),
        fixed.len()
    );
    let mut tries = 0;
    while seeds.len() < fixed.len() + 16 && tries < 200 {
        tries += 1;
        let g = random_impartial(rng, 3);
        if let Some(s) = simplified_in(&g, &engine, "misère") {
            if s.json.contains("\"rule\"") {
                seeds.push(s);
            }
        }
    }
    // True identities: * + * = 0 and {*} = 0 (ONAG ch. 12: 0's options are all among
    // {*}'s, whose option * has 0 as an option, and * is a P-position), Kayles' rows of 1 and
    // 2 are * and *2 (their options are the smaller rows).
    let pairs = [
        ("* + *", "0"),
        ("{*|*}", "0"),
        ("kayles(1)", "*"),
        ("kayles(2)", "*2"),
        ("*2 + * + *", "*2"),
        ("kayles(3) + *", "kayles(3) + {*|*} + *"),
    ];
    seeds.extend(
        pairs
            .iter()
            .filter_map(|(a, b)| proved_in(a, b, &engine, "misère")),
    );
    seeds
}

/// A random small loopy game: braces whose options are `pass`, the label of the outermost
/// braces, a named loopy game or a small short game, nested up to `depth` levels.
fn random_loopy(rng: &mut Rng, depth: u32, top: bool) -> String {
    let leaf = |rng: &mut Rng| {
        rng.pick(&[
            "0", "1", "-1", "*", "pass", "pass", "a", "on", "off", "over", "1/2",
        ])
        .to_string()
    };
    let side = |rng: &mut Rng| -> String {
        (0..rng.below(3))
            .map(|_| {
                if depth > 0 && rng.chance(30) {
                    random_loopy(rng, depth - 1, false)
                } else {
                    leaf(rng)
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let (l, r) = (side(rng), side(rng));
    if top {
        format!("a{{{l}|{r}}}")
    } else {
        format!("{{{l}|{r}}}")
    }
}

/// Loopy proofs: stoppers (`on`, `off`, `over`, `upon`, `{pass|}`-style braces, cycles
/// through labels, random small graphs), sums that are stoppers or go through their sides,
/// the sides and `&`, Backsliding Toads and Frogs strips, and `prove` of identities.
fn loopy_seeds(rng: &mut Rng) -> Vec<Seed> {
    let engine = Engine::default().with_play(onag::Play::Loopy);
    let fixed = [
        "{pass|}",
        "{0|pass}",
        "{pass|*}",
        "{0,1|pass}",
        "{0,pass|0}",
        "a{0|a}",
        "a{0||a|0}",
        "a{1||a|0}",
        "a{0|{a|0}}",
        "on + off",
        "upon + upon",
        "over + *",
        "over + under",
        "over - over",
        "on + 1",
        "over + over",
        "onside(over + under)",
        "offside(over + under)",
        "over & under",
        "(over & under) + (over & under)",
        r#"backsliding_toads_and_frogs("t.f")"#,
        r#"backsliding_toads_and_frogs("t..f")"#,
        r#"backsliding_toads_and_frogs("tt.f")"#,
        r#"backsliding_toads_and_frogs("t.ff")"#,
        r#"backsliding_toads_and_frogs(".t.f.")"#,
        r#"backsliding_toads_and_frogs("t.f") + over"#,
    ];
    let mut seeds: Vec<Seed> = fixed
        .iter()
        .filter_map(|s| simplified_in(s, &engine, "loopy"))
        .collect();
    assert!(
        seeds.len() >= fixed.len() - 4,
        "the loopy examples simplify with checked proofs ({} of {})",
        seeds.len(),
        fixed.len()
    );
    let mut tries = 0;
    while seeds.len() < fixed.len() + 16 && tries < 200 {
        tries += 1;
        let g = random_loopy(rng, 2, true);
        if let Some(s) = simplified_in(&g, &engine, "loopy") {
            if s.json.contains("\"rule\"") {
                seeds.push(s);
            }
        }
    }
    // Identities of Winning Ways ch. 11: on + off = dud; over + under = over & under by
    // its sides (Siegel VI.4); {pass|} is on; {0|pass} is over.
    let pairs = [
        ("on + off", "dud"),
        ("over + under", "over & under"),
        ("{pass|}", "on"),
        ("{0|pass}", "over"),
        ("a{0|a} + 0", "a{0|a}"),
    ];
    seeds.extend(
        pairs
            .iter()
            .filter_map(|(a, b)| proved_in(a, b, &engine, "loopy")),
    );
    seeds
}

fn play_campaign(seeds: &[Seed], per_seed: usize, seed: u64, what: &str) -> Tally {
    let rules = RuleSet::builtin();
    let mut rng = Rng(seed);
    eprintln!("{what}: {} seeds", seeds.len());
    let t = campaign(seeds, per_seed, &mut rng, &rules, PLAY_RULES);
    eprintln!(
        "{what}: {} mutants tried, {} accepted",
        t.mutants, t.accepted
    );
    t
}

#[test]
fn accepted_mutants_of_misere_proofs_are_true() {
    let mut rng = Rng(0x5EED_0045);
    let seeds = misere_seeds(&mut rng);
    let t = play_campaign(&seeds, 150, 0x5EED_1045, "misère");
    assert!(t.mutants >= 5_000, "only {} mutants", t.mutants);
    assert!(t.rejected > t.mutants / 3, "{t:?}");
    assert!(t.failures.is_empty(), "{}", report(&t, &t.failures));
    assert!(t.grammar.is_empty(), "{}", report(&t, &t.grammar));
}

/// Rules given to the misère checker that weaken the shipped ones under their own names
/// (`misere-reversible` without the reversal, the proviso without its P-position) and add a
/// user's rule with no proviso at all. The old checker decided the shipped names' conditions
/// by hand whatever the rules said; the interpreter reads the rules as given, so these are
/// not the shipped theorems and a step by one must also be true by the checker's own simplest
/// forms. Renamed steps and edited witnesses that the old by-name code refused must still be
/// refused here, or be true.
const WEAKENED_MISERE: &str = "
rule misere-reversible
  says  \"G = H for any option H of an option of G.\"
  cite  \"none: it is false\"
  group misere
  priority 10
  match G @ { { H @ { ..HL | ..HR }, ..RL | ..RR }, ..GL | ..GR }
  when  H != { | }
  yield H

rule misere-reversible-zero
  says  \"G = 0 when every option of G has 0 as an option.\"
  cite  \"none: it is false\"
  group misere
  priority 20
  match G @ { X, ..Rest | ..GR }
  when  { | } in every option of G
  yield { | }

rule one-option-is-zero
  says  \"A game of one option is 0.\"
  cite  \"none: it is false\"
  group misere
  priority 30
  match G @ { X | X }
  yield { | }
";

#[test]
fn accepted_mutants_of_misere_proofs_against_weakened_rules_are_true() {
    let mut rng = Rng(0x5EED_4045);
    let seeds = misere_seeds(&mut rng);
    let mut rules = RuleSet::builtin();
    rules
        .add_text("weakened.rules", WEAKENED_MISERE)
        .expect("the weakened rules read");
    let mut rng = Rng(0x5EED_5045);
    let t = campaign(&seeds, 40, &mut rng, &rules, PLAY_RULES);
    eprintln!(
        "misère, weakened rules: {} mutants tried, {} accepted",
        t.mutants, t.accepted
    );
    assert!(t.mutants >= 1_000, "only {} mutants", t.mutants);
    assert!(t.rejected > t.mutants / 3, "{t:?}");
    assert!(t.failures.is_empty(), "{}", report(&t, &t.failures));
    assert!(t.grammar.is_empty(), "{}", report(&t, &t.grammar));
}

#[test]
fn accepted_mutants_of_loopy_proofs_are_true() {
    let mut rng = Rng(0x5EED_2045);
    let seeds = loopy_seeds(&mut rng);
    let t = play_campaign(&seeds, 150, 0x5EED_3045, "loopy");
    assert!(t.mutants >= 5_000, "only {} mutants", t.mutants);
    assert!(t.rejected > t.mutants / 3, "{t:?}");
    assert!(t.failures.is_empty(), "{}", report(&t, &t.failures));
    assert!(t.grammar.is_empty(), "{}", report(&t, &t.grammar));
}

/// The misère judge against the definitions: it counts the misère games born by day 4 as
/// Conway's table does (1, 2, 3, 5, 22 distinct games born by days 0 to 4; ONAG ch. 12,
/// Siegel CGT V.1), every game born by day 3 and its simplest form have the same misère
/// outcome in a sum with every game born by day 3 (brute force on the trees), and the
/// textbook cases: * + * = 0 = {*}, *2 + *2 ≠ 0, {*2} ≠ 0.
#[test]
fn the_misere_judge_follows_the_definitions() {
    use oracle::plays::Misere;
    let mut m = Misere::new();
    let mut day = vec![m.zero()];
    let mut counts = vec![1];
    for _ in 0..4 {
        let mut next: Vec<usize> = (0u32..1 << day.len())
            .map(|mask| {
                let opts = (0..day.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| day[i])
                    .collect();
                m.simplest(opts).unwrap()
            })
            .collect();
        next.sort_unstable();
        next.dedup();
        counts.push(next.len());
        day = next;
    }
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
    // Trees, and the outcome of a sum of trees by brute force.
    #[derive(Clone)]
    struct T(Vec<T>);
    fn add(a: &T, b: &T) -> T {
        let mut o: Vec<T> = a.0.iter().map(|x| add(x, b)).collect();
        o.extend(b.0.iter().map(|y| add(a, y)));
        T(o)
    }
    fn is_p(g: &T) -> bool {
        !g.0.is_empty() && g.0.iter().all(|o| !is_p(o))
    }
    fn tree(m: &Misere, g: usize) -> T {
        T(m.options(g).iter().map(|&o| tree(m, o)).collect())
    }
    let mut day3_trees = vec![T(vec![])];
    for _ in 0..3 {
        let n = day3_trees.len();
        day3_trees = (0u32..1 << n)
            .map(|mask| {
                T((0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| day3_trees[i].clone())
                    .collect())
            })
            .collect();
    }
    fn form(m: &mut Misere, t: &T) -> usize {
        let opts = t.0.iter().map(|o| form(m, o)).collect();
        m.simplest(opts).unwrap()
    }
    for g in &day3_trees {
        let s = form(&mut m, g);
        let st = tree(&m, s);
        for x in &day3_trees {
            assert_eq!(is_p(&add(g, x)), is_p(&add(&st, x)));
        }
    }
    let value = |m: &mut Misere, s: &str| m.value(&onag::parse(s).unwrap()).unwrap();
    let zero = m.zero();
    assert_eq!(value(&mut m, "* + *"), zero);
    assert_eq!(value(&mut m, "{*|*}"), zero);
    assert_ne!(value(&mut m, "*2 + *2"), zero);
    assert_ne!(value(&mut m, "{*2|*2}"), zero);
    // Kayles' rows: a row of 3 has options rows of 2, 1, and 1 + 1 (= 0 here).
    assert_eq!(
        value(&mut m, "kayles(3)"),
        value(&mut m, "{*2, *, 0 | *2, *, 0}")
    );
}

/// The loopy judge against the books: on is the largest stopper and off the smallest,
/// over and under lie just above and below 0 and below every positive number (Siegel CGT
/// VI.1; Winning Ways ch. 11), on + off = dud (its onside on, its offside off), over + under
/// has sides over and under (Siegel VI.4), and a value is refused with its sides out of order.
#[test]
fn the_loopy_judge_follows_the_books() {
    use oracle::plays::{Loopy, Side, Sided};
    fn v(j: &mut Loopy, s: &str) -> Sided {
        j.value(&onag::parse(s).unwrap()).unwrap()
    }
    fn ge(j: &Loopy, a: &Sided, b: &Sided) -> bool {
        side_ge(j, &a.on, &b.on) && side_ge(j, &a.off, &b.off)
    }
    fn side_ge(j: &Loopy, a: &Side, b: &Side) -> bool {
        match (a, b) {
            (Side::Of(p), Side::Of(q)) => j.ge(p, q).unwrap(),
            _ => panic!("sides known"),
        }
    }
    let table = onag::TermTable::new();
    let mut j = Loopy::new(&table);
    let [on, off, over, under, zero, one, half, upon, star, dud, dud2, ou, ou2] = [
        "on",
        "off",
        "over",
        "under",
        "0",
        "1",
        "1/2",
        "upon",
        "*",
        "on + off",
        "dud",
        "over + under",
        "over & under",
    ]
    .map(|s| v(&mut j, s));
    assert!(ge(&j, &on, &off) && !ge(&j, &off, &on));
    assert!(ge(&j, &on, &one) && ge(&j, &one, &off));
    assert!(ge(&j, &over, &zero) && !ge(&j, &zero, &over));
    assert!(ge(&j, &zero, &under) && !ge(&j, &under, &zero));
    assert!(ge(&j, &one, &over) && !ge(&j, &over, &one));
    assert!(ge(&j, &half, &over) && !ge(&j, &over, &half));
    // upon = {pass|*} > 0 (Right's only move is to *, which Left answers to 0); * is
    // confused with 0.
    assert!(ge(&j, &upon, &zero) && !ge(&j, &zero, &upon));
    assert!(!ge(&j, &star, &zero) && !ge(&j, &zero, &star));
    assert_eq!(j.equal(&dud, &dud2).unwrap(), None);
    // dud's onside is on and its offside off.
    assert!(side_ge(&j, &dud.on, &on.on) && side_ge(&j, &on.on, &dud.on));
    assert!(side_ge(&j, &dud.off, &off.off) && side_ge(&j, &off.off, &dud.off));
    assert_eq!(j.equal(&ou, &ou2).unwrap(), None);
    assert!(j.equal(&ou, &over).unwrap().is_some());
    assert!(j.value(&onag::parse("under & over").unwrap()).is_err());
    // The sides of over + under as stoppers: onside(over + under) = over, offside = under
    // (Siegel VI.4); over + under is no stopper, on + 1 is (only Left can pass).
    let (s_on, s_off) = (
        v(&mut j, "onside(over + under)"),
        v(&mut j, "offside(over + under)"),
    );
    assert_eq!(j.equal(&s_on, &over).unwrap(), None);
    assert_eq!(j.equal(&s_off, &under).unwrap(), None);
    assert!(j.equal(&s_on, &under).unwrap().is_some());
    let [Side::Of(g), Side::Of(h)] = [&v(&mut j, "over + under").on, &v(&mut j, "on + 1").on]
    else {
        panic!("games")
    };
    assert!(!j.stopper(g[0].0) && j.stopper(h[0].0));
}

/// The campaign's first find (issue 45): a term `sidle("a", 5)` (the call `&` is read as,
/// with a text where a game goes) sent the printer from `A & B`'s arm to the call's and back
/// without end, so `onag check` of a proof file naming it aborted with a stack overflow
/// instead of refusing it. It prints as the call it is, which reads back, and the file is
/// refused.
#[test]
fn a_sidle_call_with_a_text_is_printed_and_refused() {
    let t = Term::Call {
        name: "sidle".into(),
        args: vec![
            onag::Arg::Text("a".into()),
            onag::Arg::Game(onag::parse("5").unwrap()),
        ],
    };
    let text = t.to_string();
    assert_eq!(text, r#"sidle("a",5)"#);
    assert_eq!(onag::parse(&text).unwrap(), t);
    let rules = RuleSet::builtin();
    for play in [r#""play":"loopy","#, ""] {
        let file = format!(
            r#"{{"version":3,{play}"input":"sidle(\"a\",5)","result":"on","steps":[{{"to":"on","rule":"loopy-sum","why":"x"}}]}}"#
        );
        assert!(onag::check(&file, &rules).is_err(), "{file}");
    }
}

/// The loopy campaign's find (issue 45): with its `play` deleted, a loopy proof of
/// `{pass|} = {pass|}` (no steps) was accepted as a normal-play identity, though a term in
/// the loopy notation has no value in normal play. The normal-play checker refuses the
/// loopy notation in a proof's input or result; the same file as a loopy proof checks.
#[test]
fn a_normal_play_proof_refuses_the_loopy_notation() {
    let rules = RuleSet::builtin();
    for term in [
        "{pass|}",
        "a{0|a}",
        "on",
        "over + 1",
        "onside(over)",
        "over & under",
    ] {
        let esc = term.replace('"', "\\\"");
        let normal = format!(
            r#"{{"version":3,"input":"{esc}","result":"{esc}","checked":true,"steps":[]}}"#
        );
        match onag::check(&normal, &rules) {
            Err(onag::Error::Rejected { .. }) => {}
            other => panic!("{term}: {other:?}"),
        }
        let loopy = normal.replace(r#""version":3,"#, r#""version":3,"play":"loopy","#);
        assert!(
            onag::check(&loopy, &rules).is_ok(),
            "{term} as a loopy proof"
        );
    }
    // Through the table too.
    let normal =
        r##"{"version":3,"terms":["{0|pass}"],"input":"#0 + 1","result":"#0 + 1","steps":[]}"##;
    assert!(onag::check(normal, &rules).is_err());
    let whole = onag::Proof::from_json(normal).unwrap();
    assert!(whole.check(&rules).is_err());
}
