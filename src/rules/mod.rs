//! The rule language: every simplification theorem, written as data.
//!
//! Rules live in `rules/*.rules` at the top of the repository (and are compiled into the library
//! with [`RuleSet::builtin`], so the binary works anywhere). The engine holds no simplification
//! of its own: deleting a rule from the set removes that simplification, and a rule file loaded
//! at run time is used like the built-in ones.
//!
//! Its parts: `ast` (patterns, conditions, templates), `parse` (files, with positioned errors),
//! `check` (every name bound, with its kind), `print`, `openings` (the `kind open` definitions),
//! `mirror` (each rule's mirror image, derived, compared with hand-written fixtures in tests),
//! `side_rule` (what a side rule of loopy play deletes).
//!
//! ```
//! use onag::RuleSet;
//! let rules = RuleSet::builtin();
//! let dom = rules.get("dominated-left").unwrap();
//! assert!(dom.cite.contains("seed 004"));
//! // Choose a set by group name, or by a list of rule names.
//! let fundamental = rules.select("fundamental").unwrap();
//! assert!(fundamental.get("mex").is_none());
//! ```

mod ast;
pub mod check;
mod mirror;
mod openings;
mod parse;
mod print;
mod side_rule;

pub use ast::*;
pub use openings::{parse_openings, OpeningRule};
pub use parse::{parse_rules, MAX_RULE_NESTING};
pub use side_rule::SideDeletion;

use std::fmt;
use std::path::Path;

/// A malformed rule file, with the place of the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The source line, for a caret display.
    pub source_line: String,
}

impl RuleError {
    pub(crate) fn at(file: &str, src: &str, line: usize, column: usize, message: String) -> Self {
        RuleError {
            file: file.to_string(),
            line,
            column,
            message,
            source_line: src
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error in rule file: {}", self.message)?;
        writeln!(f, " --> {}:{}:{}", self.file, self.line, self.column)?;
        writeln!(f, "  |")?;
        writeln!(f, "  | {}", self.source_line)?;
        write!(f, "  | {}^", " ".repeat(self.column.saturating_sub(1)))
    }
}

impl std::error::Error for RuleError {}

/// A shipped rule file, `rules/NAME`, with its name: the name is written once.
macro_rules! shipped {
    ($name:literal) => {
        ($name, include_str!(concat!("../../rules/", $name)))
    };
}

/// The rule files shipped with onag, in the order they are read.
pub const BUILTIN_FILES: [(&str, &str); 6] = [
    shipped!("sets.rules"),
    shipped!("definitions.rules"),
    shipped!("dominated.rules"),
    shipped!("reversible.rules"),
    shipped!("gift-horse.rules"),
    shipped!("shortcuts.rules"),
];

/// The rules of misère play (`rules/misere.rules`), which misère derivations run
/// ([`RuleSet::misere`]); not among [`BUILTIN_FILES`], whose rules the normal-play engine runs.
pub const MISERE_FILE: &str = include_str!("../../rules/misere.rules");

/// The rules of loopy play (`rules/loopy.rules`), which loopy derivations run
/// ([`RuleSet::loopy`]); not among [`BUILTIN_FILES`], whose rules the normal-play engine runs.
pub const LOOPY_FILE: &str = include_str!("../../rules/loopy.rules");

/// The shipped opening rules (see [`OpeningRule`]), read after [`BUILTIN_FILES`].
pub const OPENINGS_FILE: &str = include_str!("../../rules/openings.rules");

/// Where a name of a [`RuleSet`] is.
#[derive(Clone, Copy, Debug)]
enum Place {
    Rule(usize),
    Opening(usize),
}

/// An ordered collection of rules with unique names.
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    rules: Vec<Rule>,
    /// Each rule's and opening's place, by name (names are unique among both): a proof's
    /// checker looks up the rule of every step, and a scan of the names compared tens of
    /// strings each time.
    index: rustc_hash::FxHashMap<String, Place>,
    /// The function openings; their names are unique among all the rules.
    openings: Vec<OpeningRule>,
}

/// A name in a rule selection ([`RuleSet::select`]) that is neither a rule nor a group: a
/// value a program can match on (the word and the groups there are), not only a sentence.
///
/// ```
/// let e = onag::RuleSet::builtin().select("mex, no-such-rule").unwrap_err();
/// assert_eq!(e.name, "no-such-rule");
/// assert!(e.groups.iter().any(|g| g == "fundamental"));
/// assert!(e.to_string().starts_with("no rule or group named `no-such-rule`"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownRule {
    /// The word that names nothing.
    pub name: String,
    /// The groups a selection may name, `all` first.
    pub groups: Vec<String>,
}

impl std::fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "no rule or group named `{}` (groups: {})",
            self.name,
            self.groups.join(", ")
        )
    }
}

impl std::error::Error for UnknownRule {}

impl RuleSet {
    /// No rules at all.
    pub fn empty() -> Self {
        RuleSet::default()
    }

    /// The rules of misère play shipped in `rules/misere.rules`, which a misère derivation
    /// runs unless given others (`--rules`, `--rules-file`).
    pub fn misere() -> Self {
        let mut set = RuleSet::empty();
        // Parsed and validated by the test suite (`eval::misere`'s tests); a failure is a
        // build defect, and then no rule applies rather than a panic.
        let _ = set.add_text("misere.rules", MISERE_FILE);
        set
    }

    /// The rules of loopy play shipped in `rules/loopy.rules`, which a loopy derivation runs
    /// unless given others (`--rules`, `--rules-file`).
    pub fn loopy() -> Self {
        let mut set = RuleSet::empty();
        // Parsed and validated by the test suite (`eval::loopy`'s tests); a failure is a
        // build defect, and then no rule applies rather than a panic.
        let _ = set.add_text("loopy.rules", LOOPY_FILE);
        set
    }

    /// The rules shipped in `rules/`.
    pub fn builtin() -> Self {
        let mut set = RuleSet::empty();
        for (file, text) in BUILTIN_FILES {
            // The shipped files are parsed and validated by the test suite, so a failure here
            // is a build defect, not a user error; fall back to no rules rather than panic.
            if let Ok(rules) = parse_rules(file, text) {
                for r in rules {
                    let _ = set.add(r);
                }
            }
        }
        if let Ok(openings) = parse_openings("openings.rules", OPENINGS_FILE) {
            for o in openings {
                let _ = set.add_opening(o);
            }
        }
        set
    }

    /// Adds an opening rule; a name already present (as a rule or an opening) is an error.
    pub fn add_opening(&mut self, o: OpeningRule) -> Result<(), RuleError> {
        if self.get(&o.name).is_some() || self.opening(&o.name).is_some() {
            return Err(RuleError {
                file: o.source.file.clone(),
                line: o.source.line,
                column: 1,
                message: format!("a rule named `{}` is already defined", o.name),
                source_line: o.source.text.lines().next().unwrap_or("").to_string(),
            });
        }
        self.index
            .insert(o.name.clone(), Place::Opening(self.openings.len()));
        self.openings.push(o);
        Ok(())
    }

    /// The opening rule with this name.
    pub fn opening(&self, name: &str) -> Option<&OpeningRule> {
        match self.index.get(name) {
            Some(&Place::Opening(i)) => self.openings.get(i),
            _ => None,
        }
    }

    /// All opening rules, in the order they were added.
    pub fn openings(&self) -> &[OpeningRule] {
        &self.openings
    }

    /// Parses and adds the rules in `text` (named `file` in errors).
    pub fn add_text(&mut self, file: &str, text: &str) -> Result<(), RuleError> {
        for rule in parse_rules(file, text)? {
            self.add(rule)?;
        }
        Ok(())
    }

    /// Reads and adds a rule file.
    pub fn add_file(&mut self, path: &Path) -> Result<(), RuleError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| RuleError {
            file: name.clone(),
            line: 0,
            column: 0,
            message: format!("cannot read the file: {e}"),
            source_line: String::new(),
        })?;
        self.add_text(&name, &text)
    }

    /// Adds one rule after validating it; a name already present is an error.
    pub fn add(&mut self, mut rule: Rule) -> Result<(), RuleError> {
        check::validate(&mut rule)?;
        if self.get(&rule.name).is_some() || self.opening(&rule.name).is_some() {
            let src = &rule.source;
            return Err(RuleError {
                file: src.file.clone(),
                line: src.line,
                column: 1,
                message: format!("a rule named `{}` is already defined", rule.name),
                source_line: src.text.lines().next().unwrap_or("").to_string(),
            });
        }
        self.index
            .insert(rule.name.clone(), Place::Rule(self.rules.len()));
        self.rules.push(rule);
        Ok(())
    }

    /// Removes a rule by name; returns whether it was there.
    pub fn remove(&mut self, name: &str) -> bool {
        let before = self.rules.len() + self.openings.len();
        self.rules.retain(|r| r.name != name);
        self.openings.retain(|o| o.name != name);
        *self = RuleSet::of(
            std::mem::take(&mut self.rules),
            std::mem::take(&mut self.openings),
        );
        before != self.rules.len() + self.openings.len()
    }

    /// The rule with this name.
    pub fn get(&self, name: &str) -> Option<&Rule> {
        match self.index.get(name) {
            Some(&Place::Rule(i)) => self.rules.get(i),
            _ => None,
        }
    }

    /// All rules, in the order they were added.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The rule names.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|r| r.name.as_str())
    }

    /// A subset chosen by a group name (`all`, `fundamental`, `shortcut`, …) or a
    /// comma-separated list of group and rule names. Unknown names are an error naming them.
    pub fn select(&self, spec: &str) -> Result<RuleSet, UnknownRule> {
        let mut rule_names: Vec<&str> = Vec::new();
        let mut opening_names: Vec<&str> = Vec::new();
        for word in spec.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let picks = |name: &str, groups: &[String]| {
                word == "all" || name == word || groups.iter().any(|g| g == word)
            };
            let rules: Vec<&str> = self
                .rules
                .iter()
                .filter(|r| picks(&r.name, &r.groups))
                .map(|r| r.name.as_str())
                .collect();
            let openings: Vec<&str> = self
                .openings
                .iter()
                .filter(|o| picks(&o.name, &o.groups))
                .map(|o| o.name.as_str())
                .collect();
            if rules.is_empty() && openings.is_empty() {
                let mut groups: Vec<&str> = self
                    .rules
                    .iter()
                    .flat_map(|r| r.groups.iter().map(String::as_str))
                    .chain(
                        self.openings
                            .iter()
                            .flat_map(|o| o.groups.iter().map(String::as_str)),
                    )
                    .collect();
                groups.sort();
                groups.dedup();
                return Err(UnknownRule {
                    name: word.to_string(),
                    groups: std::iter::once("all")
                        .chain(groups)
                        .map(String::from)
                        .collect(),
                });
            }
            rule_names.extend(rules);
            opening_names.extend(openings);
        }
        // Keep the original order so priorities tie-break the same way in every subset.
        let rules = self
            .rules
            .iter()
            .filter(|r| rule_names.contains(&r.name.as_str()))
            .cloned()
            .collect();
        let openings = self
            .openings
            .iter()
            .filter(|o| opening_names.contains(&o.name.as_str()))
            .cloned()
            .collect();
        Ok(RuleSet::of(rules, openings))
    }

    /// The set of these rules and openings, their names already known to be unique.
    fn of(rules: Vec<Rule>, openings: Vec<OpeningRule>) -> RuleSet {
        let index = (rules.iter().enumerate())
            .map(|(i, r)| (r.name.clone(), Place::Rule(i)))
            .chain((openings.iter().enumerate()).map(|(i, o)| (o.name.clone(), Place::Opening(i))))
            .collect();
        RuleSet {
            rules,
            index,
            openings,
        }
    }
}

#[cfg(test)]
mod tests;
