//! Proofs, steps and disproofs as the text people read: the command line's plain layout
//! without wrapping or colour, so `println!("{proof}")` in a program shows what `onag simplify`
//! shows. `{}` writes ASCII (`^`, `<=`), and `{:#}` the Unicode symbols (`↑`, `≤`), as
//! `--ascii` and the default differ on the command line.

use super::step::{Path, Step};
use super::{Disproof, Player, Proof, WinningMove};
use crate::kernel::OutcomeClass;
use crate::syntax::{print, PrintOptions};
use crate::term::Term;
use std::fmt;

/// Columns before a term on a step line (`  = `).
const TERM_INDENT: usize = 4;
/// Columns before a reason.
const REASON_INDENT: usize = 6;

/// Comparison signs in a reason, in Unicode when `unicode`: the reasons are written in ASCII
/// (`0 <= 1`) so that proof files stay ASCII.
pub fn symbols(text: &str, unicode: bool) -> String {
    if unicode {
        text.replace(" <= ", " ≤ ")
            .replace(" >= ", " ≥ ")
            .replace(" <| ", " ⧏ ")
            .replace(" |> ", " ⧐ ")
    } else {
        text.to_string()
    }
}

fn term(t: &Term, f: &fmt::Formatter<'_>) -> String {
    print(
        t,
        &PrintOptions {
            unicode: f.alternate(),
            width: None,
            ..Default::default()
        },
    )
}

/// `= to`, then the rule, where it applied and why, indented below.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  = {}", term(&self.to, f))?;
        let dir = if self.reversed {
            ", right to left,"
        } else {
            ""
        };
        let at = if self.at.is_empty() {
            "the top".to_string()
        } else {
            Path(&self.at).to_string()
        };
        let why = symbols(&self.why, f.alternate());
        write!(
            f,
            "{}by {}{dir} at {at}: {why}",
            " ".repeat(REASON_INDENT),
            self.rule
        )
    }
}

fn chain(f: &mut fmt::Formatter<'_>, from: &Term, steps: &[Step]) -> fmt::Result {
    writeln!(f, "{}{}", " ".repeat(TERM_INDENT), term(from, f))?;
    for s in steps {
        if f.alternate() {
            writeln!(f, "{s:#}")?;
        } else {
            writeln!(f, "{s}")?;
        }
    }
    Ok(())
}

/// The shared terms (`#n`), the lemmas, the main chain, and what was proved.
impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.terms.is_empty() {
            writeln!(f, "terms (each written once, named #n below):")?;
            for (n, t) in self.terms.views().iter().enumerate() {
                writeln!(f, "  #{n} = {}", term(t, f))?;
            }
            writeln!(f)?;
        }
        for (k, l) in self.lemmas.iter().enumerate() {
            writeln!(f, "lemma {k}: {} = {}", term(&l.from, f), term(&l.to, f))?;
            chain(f, &l.from, &l.steps)?;
            writeln!(f)?;
        }
        if !self.lemmas.is_empty() {
            writeln!(f, "proof:")?;
        }
        chain(f, &self.input, &self.steps)?;
        let steps = self.steps.len();
        let plural = if steps == 1 { "" } else { "s" };
        let lemmas = match self.lemmas.len() {
            0 => String::new(),
            1 => ", 1 lemma".to_string(),
            n => format!(", {n} lemmas"),
        };
        let checked = if self.checked {
            "checked: every step re-matched and its conditions decided again"
        } else {
            "NOT checked"
        };
        write!(
            f,
            "proved: {} = {} ({steps} step{plural}{lemmas}; {checked})",
            term(&self.input, f),
            term(&self.result, f)
        )
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}

/// A sentence: who moves first, where to, and the outcome class of the position reached.
impl fmt::Display for WinningMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} moving first wins by moving to {} (outcome {}).",
            self.player,
            term(&self.position, f),
            self.outcome
        )
    }
}

/// Who wins a difference, in words.
pub fn who_wins(o: OutcomeClass) -> &'static str {
    match o {
        OutcomeClass::L => "Left wins it whoever moves first",
        OutcomeClass::R => "Right wins it whoever moves first",
        OutcomeClass::N => "whoever moves first wins it",
        OutcomeClass::P => "whoever moves first loses it",
    }
}

/// Two sentences: the difference `a − b` in canonical form and who wins it, then each
/// player's winning first move (or that there is none).
impl fmt::Display for Disproof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "a - b = {}: {} (outcome {}).",
            term(&self.difference, f),
            who_wins(self.outcome),
            self.outcome
        )?;
        let moves = self.moves_in_words(f.alternate());
        f.write_str(&moves)
    }
}

impl Disproof {
    /// Each player's winning first move in `a − b`, or that there is none, as sentences on
    /// one line.
    pub fn moves_in_words(&self, unicode: bool) -> String {
        [Player::Left, Player::Right]
            .iter()
            .map(|&p| match self.moves.iter().find(|m| m.player == p) {
                Some(m) if unicode => format!("{m:#}"),
                Some(m) => m.to_string(),
                None => format!("{p} moving first has no winning move."),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
