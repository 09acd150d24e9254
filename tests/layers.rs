//! The layers of src/: which module may import which.
//!
//! A small reader of the paths in src/'s code (`crate::…`, `super::…`, `self::…`, `use` groups
//! included; comments, string literals and test code left out) gives the imports between the
//! top-level modules and between the files of each module. The test fails when
//! - a top-level module imports one on a higher line of the layer list in ARCHITECTURE.md
//!   (section "Layers"), or a module is missing from that list;
//! - the imports among the top-level modules, or among the files of any one directory of src/,
//!   close a loop.
//!
//! Test code is not an import of the layer it tests: `#[cfg(test)]` modules (inline, or files
//! declared so, and files named `tests.rs`, `*_tests.rs` or under a `tests/` directory) are
//! left out, as are the crate's roots (`lib.rs` re-exports every layer; `main.rs` is the binary).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Loops allowed for now, each with the reason it is still there (none: keep it so).
const ALLOWED_LOOPS: &[(&str, &str, &str)] = &[];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The code of a Rust file with comments, string and character literals blanked out (kept as
/// spaces, so positions and line numbers stay).
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, s: &str| {
        out.extend(s.chars().map(|c| if c == '\n' { '\n' } else { ' ' }));
    };
    while i < b.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with("/*") {
            // Block comments nest in Rust.
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with("/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with("*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += rest[j..].chars().next().map_or(1, char::len_utf8);
                }
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if let Some(len) = raw_string_len(rest) {
            blank(&mut out, &rest[..len]);
            i += len;
        } else if rest.starts_with('"') || rest.starts_with("b\"") {
            let mut j = if rest.starts_with('"') { 1 } else { 2 };
            while j < rest.len() {
                match rest.as_bytes()[j] {
                    b'\\' => j += 2,
                    b'"' => {
                        j += 1;
                        break;
                    }
                    _ => j += 1,
                }
            }
            let j = j.min(rest.len());
            // Step back to a character boundary if an escape ran past a multi-byte one.
            let j = (0..=j)
                .rev()
                .find(|&k| rest.is_char_boundary(k))
                .unwrap_or(0);
            blank(&mut out, &rest[..j]);
            i += j.max(1);
        } else if let Some(len) = char_literal_len(rest) {
            blank(&mut out, &rest[..len]);
            i += len;
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) at the start of `s`.
fn raw_string_len(s: &str) -> Option<usize> {
    let start = if s.starts_with("br") {
        2
    } else if s.starts_with('r') {
        1
    } else {
        return None;
    };
    let hashes = s[start..].bytes().take_while(|&c| c == b'#').count();
    if s.as_bytes().get(start + hashes) != Some(&b'"') {
        return None;
    }
    let close = format!("\"{}", "#".repeat(hashes));
    let body = start + hashes + 1;
    let end = s[body..].find(&close)?;
    Some(body + end + close.len())
}

/// The length of a character literal at the start of `s` (`'a'`, `'\n'`, `'\u{1F600}'`), not
/// a lifetime (`'a`).
fn char_literal_len(s: &str) -> Option<usize> {
    let mut cs = s.char_indices();
    if cs.next()?.1 != '\'' {
        return None;
    }
    let (_, c) = cs.next()?;
    if c == '\\' {
        let close = s[1..].find('\'')?;
        return Some(close + 2);
    }
    let (k, close) = cs.next()?;
    (close == '\'').then_some(k + 1)
}

/// `code` without its `#[cfg(test)]` items (a test module, a test-only `use` or function).
fn without_test_items(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let after = at + "#[cfg(test)]".len();
        // The item runs to its `;` or to the `}` closing its first `{`, whichever comes first.
        let rest = &out[after..];
        let semi = rest.find(';');
        let brace = rest.find('{');
        let end = match (semi, brace) {
            (Some(s), Some(b)) if s < b => after + s + 1,
            (_, Some(b)) => {
                let mut depth = 0usize;
                let mut end = out.len();
                for (k, c) in out[after + b..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = after + b + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (Some(s), None) => after + s + 1,
            (None, None) => out.len(),
        };
        let blanked: String = out[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blanked);
    }
    out
}

/// The module names `code` declares under `#[cfg(test)]` (`#[cfg(test)] mod tests;`).
fn test_modules(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("#[cfg(test)]") {
        let words: Vec<&str> = code[at + "#[cfg(test)]".len()..]
            .split(|c: char| c.is_whitespace() || c == ';' || c == '{')
            .filter(|w| !w.is_empty())
            .take(3)
            .collect();
        let at_mod = words.iter().position(|w| *w == "mod");
        if let Some(name) = at_mod.and_then(|k| words.get(k + 1)) {
            out.insert(name.to_string());
        }
    }
    out
}

/// A source file: its module path from the crate root (`["proof", "json", "stream"]`; a
/// `mod.rs` is its directory's module) and its code without comments, literals and tests.
struct Source {
    file: PathBuf,
    module: Vec<String>,
    code: String,
}

fn sources() -> Vec<Source> {
    let mut out = Vec::new();
    collect(&src(), &[], &mut out);
    out
}

fn collect(dir: &Path, module: &[String], out: &mut Vec<Source>) {
    // The file that declares this directory's modules: lib.rs, dir/mod.rs or dir.rs.
    let root_file = if module.is_empty() {
        dir.join("lib.rs")
    } else if dir.join("mod.rs").is_file() {
        dir.join("mod.rs")
    } else {
        dir.with_extension("rs")
    };
    let test_only = test_modules(&code_only(
        &fs::read_to_string(root_file).unwrap_or_default(),
    ));
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let stem = name.trim_end_matches(".rs").to_string();
        if stem == "tests" || stem.ends_with("_tests") || test_only.contains(&stem) {
            continue;
        }
        if path.is_dir() {
            let mut m = module.to_vec();
            m.push(stem);
            collect(&path, &m, out);
        } else if name.ends_with(".rs") {
            if module.is_empty() && (stem == "lib" || stem == "main") {
                continue;
            }
            let mut m = module.to_vec();
            if stem != "mod" {
                m.push(stem);
            }
            let code = code_only(&fs::read_to_string(&path).unwrap());
            out.push(Source {
                file: path.clone(),
                module: m,
                code: without_test_items(&code),
            });
        }
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Reads a path tree after `::` at `s`: `a::b::C`, `a::{b, c::{d, e}}`, `{self, a}`; each path
/// as its segments, followed as far as they are lower-case names (modules, or an item).
fn tree(s: &str) -> Vec<Vec<String>> {
    let s = s.trim_start();
    if let Some(inner) = s.strip_prefix('{') {
        // Split the group at its top-level commas.
        let mut depth = 0usize;
        let mut parts = Vec::new();
        let mut start = 0;
        let mut end = inner.len();
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    end = k;
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..end]);
        return parts
            .into_iter()
            .filter(|p| !p.trim().is_empty())
            .flat_map(tree)
            .collect();
    }
    let name: String = s.chars().take_while(|&c| is_ident_char(c)).collect();
    if name.is_empty() {
        return vec![vec![]];
    }
    let rest = s[name.len()..].trim_start();
    match rest.strip_prefix("::") {
        Some(r) => tree(r)
            .into_iter()
            .map(|mut p| {
                p.insert(0, name.clone());
                p
            })
            .collect(),
        None => vec![vec![name]],
    }
}

/// The absolute paths `code` names (`crate::…`, `super::…`, `self::…`), with their lines, from a
/// file whose module path is `module`.
fn paths(code: &str, module: &[String]) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut line = 1;
    let mut last = 0;
    for (at, _) in code.match_indices("::") {
        // The word before `::`, with any `super::super::` chain before it.
        let mut start = at;
        while start > 0 && is_ident_char(bytes[start - 1] as char) {
            start -= 1;
        }
        let head = &code[start..at];
        if start > 0 && (bytes[start - 1] == b':' || is_ident_char(bytes[start - 1] as char)) {
            continue; // the middle of a longer path: its head is read where it starts
        }
        let base: Vec<String> = match head {
            "crate" => vec![],
            "self" => module.to_vec(),
            "super" => {
                // The parent of the file's module (for a mod.rs, of its directory's).
                let mut m = module.to_vec();
                m.pop();
                let mut rest = &code[at + 2..];
                while let Some(r) = rest.strip_prefix("super::") {
                    m.pop();
                    rest = r;
                }
                m
            }
            _ => continue,
        };
        let mut rest = &code[at + 2..];
        while let Some(r) = rest.strip_prefix("super::") {
            rest = r;
        }
        line += code[last..at].matches('\n').count();
        last = at;
        for p in tree(rest) {
            let mut full = base.clone();
            full.extend(p.into_iter().filter(|s| s != "self"));
            out.push((line, full));
        }
    }
    out
}

/// The modules of the directory `module` (files and subdirectories), by name.
fn children_of(module: &[String]) -> BTreeSet<String> {
    let mut dir = src();
    for m in module {
        dir.push(m);
    }
    let Ok(entries) = fs::read_dir(&dir) else {
        return BTreeSet::new();
    };
    entries
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_string_lossy().to_string();
            if p.is_dir() {
                Some(name)
            } else {
                let stem = name.strip_suffix(".rs")?;
                (!matches!(stem, "mod" | "lib" | "main")).then(|| stem.to_string())
            }
        })
        .collect()
}

/// An import of `to` by `from`, both children of the module `within`, and where it is.
#[derive(Clone)]
struct Edge {
    within: Vec<String>,
    from: String,
    to: String,
    at: String,
}

fn edges() -> Vec<Edge> {
    let mut out = Vec::new();
    let mut modules: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    for s in sources() {
        for (line, path) in paths(&s.code, &s.module) {
            // The level where the two part: the longest common prefix of the two paths.
            let common = s
                .module
                .iter()
                .zip(&path)
                .take_while(|(a, b)| a == b)
                .count();
            let (Some(from), Some(to)) = (s.module.get(common), path.get(common)) else {
                continue;
            };
            let within = s.module[..common].to_vec();
            let names = modules
                .entry(within.clone())
                .or_insert_with(|| children_of(&within));
            if names.contains(to) && names.contains(from) {
                let file = s.file.strip_prefix(src()).unwrap_or(&s.file);
                out.push(Edge {
                    within,
                    from: from.clone(),
                    to: to.clone(),
                    at: format!("src/{}:{line}", file.display()),
                });
            }
        }
    }
    out
}

/// The loops of a graph (its strongly connected parts of more than one node), each sorted.
fn loops(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Kosaraju's two passes; graphs here have at most a few dozen nodes.
    let nodes: BTreeSet<&String> = graph
        .iter()
        .flat_map(|(k, v)| std::iter::once(k).chain(v))
        .collect();
    let mut order = Vec::new();
    let mut seen = BTreeSet::new();
    for &n in &nodes {
        // Iterative depth-first search recording finish order.
        if seen.contains(n) {
            continue;
        }
        let mut stack = vec![(n, false)];
        while let Some((v, done)) = stack.pop() {
            if done {
                order.push(v);
                continue;
            }
            if !seen.insert(v) {
                continue;
            }
            stack.push((v, true));
            for w in graph.get(v).into_iter().flatten() {
                if !seen.contains(w) {
                    stack.push((w, false));
                }
            }
        }
    }
    let mut reverse: BTreeMap<&String, Vec<&String>> = BTreeMap::new();
    for (v, ws) in graph {
        for w in ws {
            reverse.entry(w).or_default().push(v);
        }
    }
    let mut assigned = BTreeSet::new();
    let mut out = Vec::new();
    for &v in order.iter().rev() {
        if assigned.contains(v) {
            continue;
        }
        let mut comp = Vec::new();
        let mut stack = vec![v];
        assigned.insert(v);
        while let Some(x) = stack.pop() {
            comp.push(x.clone());
            for &w in reverse.get(x).into_iter().flatten() {
                if assigned.insert(w) {
                    stack.push(w);
                }
            }
        }
        if comp.len() > 1 {
            comp.sort();
            out.push(comp);
        }
    }
    out
}

/// The layer list from ARCHITECTURE.md's "Layers" section: the first fenced block after the
/// heading, one line per layer from the top, `name name: what it is`.
fn layers() -> Vec<Vec<String>> {
    let doc =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md")).unwrap();
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Layers"))
        .expect("ARCHITECTURE.md has a section `## Layers`");
    let block = section
        .split("```")
        .nth(1)
        .expect("the Layers section has a fenced block");
    block
        .lines()
        .skip(1) // the fence's info string
        .filter_map(|l| l.split_once(':'))
        .map(|(names, _)| names.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn allowed(a: &str, b: &str) -> bool {
    ALLOWED_LOOPS
        .iter()
        .any(|&(x, y, _)| (x, y) == (a, b) || (y, x) == (a, b))
}

#[test]
fn no_top_level_module_imports_one_above_it_or_closes_a_loop() {
    let layers = layers();
    let level: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(k, names)| names.iter().map(move |n| (n.as_str(), k)))
        .collect();
    let mut problems = Vec::new();
    for m in children_of(&[]) {
        if !level.contains_key(m.as_str()) {
            problems.push(format!(
                "src/{m} is not in ARCHITECTURE.md's layer list: put it on its layer"
            ));
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for e in edges().into_iter().filter(|e| e.within.is_empty()) {
        if let (Some(&a), Some(&b)) = (level.get(e.from.as_str()), level.get(e.to.as_str())) {
            // Lines run from the top: a smaller index is a higher layer.
            if b < a && !allowed(&e.from, &e.to) {
                problems.push(format!(
                    "{} imports {}, a layer above it ({})",
                    e.from, e.to, e.at
                ));
            }
        }
        if !allowed(&e.from, &e.to) {
            graph.entry(e.from).or_default().insert(e.to);
        }
    }
    for l in loops(&graph) {
        problems.push(format!("loop among top-level modules: {}", l.join(", ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_files_of_each_module_import_each_other_without_a_loop() {
    let mut graphs: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    let mut at: BTreeMap<(Vec<String>, String, String), String> = BTreeMap::new();
    for e in edges().into_iter().filter(|e| !e.within.is_empty()) {
        at.entry((e.within.clone(), e.from.clone(), e.to.clone()))
            .or_insert(e.at.clone());
        graphs
            .entry(e.within)
            .or_default()
            .entry(e.from)
            .or_default()
            .insert(e.to);
    }
    let mut problems = Vec::new();
    for (within, g) in &graphs {
        for l in loops(g) {
            let shown: Vec<String> = l
                .iter()
                .flat_map(|a| l.iter().map(move |b| (a, b)))
                .filter_map(|(a, b)| at.get(&(within.clone(), a.clone(), b.clone())))
                .cloned()
                .collect();
            problems.push(format!(
                "loop among the files of src/{}: {} ({})",
                within.join("/"),
                l.join(", "),
                shown.join(", ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The reader itself, on made-up code: it must see what it is meant to check.
#[test]
fn the_reader_sees_paths_in_code_and_not_in_comments_strings_or_tests() {
    let code = code_only(
        "use crate::kernel::{Kernel, eval::Calls};\n\
         // crate::cli in a comment\n\
         /* crate::serve /* nested */ still */\n\
         let s = \"crate::proof\"; let r = r#\"crate::engine\"#; let c = '\"';\n\
         fn f<'a>(x: &'a str) { super::super::number::Dyadic::zero(); self::inner::g(); }\n\
         #[cfg(test)]\nmod tests { use crate::rules::X; }\n\
         use super::{grid::{self, Shape}, search};\n",
    );
    let code = without_test_items(&code);
    let module = vec!["rulesets".to_string(), "domineering".to_string()];
    let found: BTreeSet<Vec<String>> = paths(&code, &module).into_iter().map(|(_, p)| p).collect();
    let v = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let expected: BTreeSet<Vec<String>> = [
        "kernel/Kernel",
        "kernel/eval/Calls",
        "number/Dyadic/zero",
        "rulesets/domineering/inner/g",
        "rulesets/grid",
        "rulesets/grid/Shape",
        "rulesets/search",
    ]
    .into_iter()
    .map(v)
    .collect();
    assert_eq!(found, expected);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e")] {
        g.entry(a.into()).or_default().insert(b.into());
    }
    assert_eq!(loops(&g), vec![vec!["a", "b", "c"]]);
    g.entry("e".into()).or_default().insert("d".into());
    assert_eq!(loops(&g).len(), 2);
}
