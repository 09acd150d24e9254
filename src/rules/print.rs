//! Rules written back as rule-file text, which the parser reads to the same rule.
//!
//! A derived rule (a [`mirror`](super::mirror)) has no text of its own; `onag rules NAME`
//! shows it written out by this printer, so what a reader sees is exactly what is applied.

use super::ast::*;
use std::fmt::{self, Display, Formatter, Write};

/// The rule as a rule file would state it.
pub fn rule_text(r: &Rule) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = write_rule(&mut s, r);
    s
}

fn write_rule(s: &mut String, r: &Rule) -> fmt::Result {
    writeln!(s, "rule {}", r.name)?;
    writeln!(s, "  says  \"{}\"", r.says)?;
    writeln!(s, "  cite  \"{}\"", r.cite)?;
    if !r.groups.is_empty() {
        writeln!(s, "  group {}", r.groups.join(", "))?;
    }
    if r.kind != RuleKind::Reduce {
        writeln!(s, "  kind  {}", r.kind)?;
    }
    writeln!(s, "  priority {}", r.priority)?;
    writeln!(s, "  match {}", r.pattern)?;
    if !r.conditions.is_empty() {
        let cs: Vec<String> = r.conditions.iter().map(ToString::to_string).collect();
        writeln!(s, "  when  {}", cs.join(", "))?;
    }
    write!(s, "  yield {}", r.result)
}

/// One side of a game between its brace and bar: ` a, b ` or, when empty, ` `.
struct Pad<T>(T);

impl<T: Display> Display for Pad<T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let s = self.0.to_string();
        if s.is_empty() {
            f.write_str(" ")
        } else {
            write!(f, " {s} ")
        }
    }
}

/// A pattern in the position of a factor: a sum gets parentheses.
struct PatFactor<'a>(&'a Pattern);

impl Display for PatFactor<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Pattern::Sum(..) | Pattern::Call(LoopyCall::Sidle, _) => write!(f, "({})", self.0),
            p => write!(f, "{p}"),
        }
    }
}

impl Display for Pattern {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Var(v) => f.write_str(v),
            Pattern::Bind(v, inner) => write!(f, "{v} @ {}", PatFactor(inner)),
            Pattern::Game(l, r) => write!(f, "{{{}|{}}}", Pad(l), Pad(r)),
            Pattern::Sum(a, b) => write!(f, "{} + {}", PatFactor(a), PatFactor(b)),
            Pattern::Neg(a) => write!(f, "-{}", PatFactor(a)),
            Pattern::PlusMinus(s) => write!(f, "pm(..{s})"),
            // `A & B` as the term grammar writes it (looser than `+`: a sided part in parentheses).
            Pattern::Call(LoopyCall::Sidle, args) => match &args[..] {
                [a, b] => write!(f, "{} & {}", Sided(a), Sided(b)),
                _ => write!(f, "sidle({})", Args(args)),
            },
            Pattern::Call(call, args) => write!(f, "{}({})", call.name(), Args(args)),
            Pattern::Leaf(leaf) => match leaf {
                LeafPattern::Num(a) => write!(f, "num({a})"),
                LeafPattern::Int(a) => write!(f, "int({a})"),
                LeafPattern::Nim(a) => write!(f, "nim({a})"),
                LeafPattern::Up(a) => write!(f, "up({a})"),
                LeafPattern::Nus(x, u, n) => write!(f, "nus({x}, {u}, {n})"),
                LeafPattern::Hack(r) => write!(f, "hack({r})"),
            },
        }
    }
}

impl Display for SidePattern {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.picks.iter().map(ToString::to_string).collect();
        if let Some(rest) = &self.rest {
            parts.push(format!("..{rest}"));
        }
        f.write_str(&parts.join(", "))
    }
}

impl Display for ValueArg {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ValueArg::Var(v) => f.write_str(v),
            ValueArg::Lit(c) => write!(f, "{c}"),
            ValueArg::Any => f.write_str("_"),
        }
    }
}

impl Display for Condition {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Compare(a, rel, b) => write!(f, "{a} {} {b}", rel.symbol()),
            Condition::Pred {
                negated,
                pred,
                args,
            } => {
                if *negated {
                    f.write_str("not ")?;
                }
                write!(f, "{}({})", pred.name(), args.join(", "))
            }
            Condition::InEvery { game, of, but } => {
                write!(f, "{game} in every option of {of}")?;
                match but {
                    Some(s) => write!(f, " but {s}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// A template in the position of a factor: a sum gets parentheses.
struct TemplFactor<'a>(&'a Template);

impl Display for TemplFactor<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Template::Sum(..) | Template::Call(LoopyCall::Sidle, _) => write!(f, "({})", self.0),
            t => write!(f, "{t}"),
        }
    }
}

impl Display for Template {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Template::Var(v) => f.write_str(v),
            Template::Game(l, r) => write!(f, "{{{}|{}}}", Pad(Items(l)), Pad(Items(r))),
            // The parser reads `a - b` as `a + -b`; write it back the way it was written.
            Template::Sum(a, b) => match &**b {
                Template::Neg(c) => write!(f, "{} - {}", Sided(&**a), TemplFactor(c)),
                _ => write!(f, "{} + {}", Sided(&**a), TemplFactor(b)),
            },
            Template::Neg(a) => write!(f, "-{}", TemplFactor(a)),
            Template::Leaf(leaf) => match leaf {
                LeafTemplate::Num(e) => write!(f, "num({e})"),
                LeafTemplate::Int(e) => write!(f, "int({e})"),
                LeafTemplate::Nim(e) => write!(f, "nim({e})"),
                LeafTemplate::Up(e) => write!(f, "up({e})"),
                LeafTemplate::Nus(x, u, n) => write!(f, "nus({x}, {u}, {n})"),
            },
            Template::Value(e) => write!(f, "{e}"),
            Template::Call(LoopyCall::Sidle, args) => match &args[..] {
                [a, b] => write!(f, "{} & {}", Sided(a), Sided(b)),
                _ => write!(f, "sidle({})", Args(args)),
            },
            Template::Call(call, args) => write!(f, "{}({})", call.name(), Args(args)),
        }
    }
}

/// A part of `A & B` or of a sum: `A & B` inside it gets parentheses (it binds more loosely
/// than `+`, and a sided value has one onside and one offside).
struct Sided<'a, T>(&'a T);

impl Display for Sided<'_, Pattern> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Pattern::Call(LoopyCall::Sidle, _) => write!(f, "({})", self.0),
            p => write!(f, "{p}"),
        }
    }
}

impl Display for Sided<'_, Template> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Template::Call(LoopyCall::Sidle, _) => write!(f, "({})", self.0),
            t => write!(f, "{t}"),
        }
    }
}

/// A call's arguments, `a, b`.
struct Args<'a, T>(&'a [T]);

impl<T: Display> Display for Args<'_, T> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        for (i, a) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        Ok(())
    }
}

struct Items<'a>(&'a [TemplateItem]);

impl Display for Items<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .0
            .iter()
            .map(|i| match i {
                TemplateItem::One(t) => t.to_string(),
                TemplateItem::Splice(s) => format!("..{s}"),
                TemplateItem::Map { body, .. } => format!("..({body})"),
                TemplateItem::Nims(e) => format!("..nims({e})"),
                TemplateItem::Cuts { left, row } => {
                    format!("..{}_cuts({row})", if *left { "left" } else { "right" })
                }
            })
            .collect();
        f.write_str(&parts.join(", "))
    }
}

/// A value expression in the position of an atom: sums and differences get parentheses.
struct Atom<'a>(&'a ValueExpr);

impl Display for Atom<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            ValueExpr::Add(..) | ValueExpr::Sub(..) => write!(f, "({})", self.0),
            ValueExpr::Lit(c) if c.signum() < 0 => write!(f, "({c})"),
            e => write!(f, "{e}"),
        }
    }
}

impl Display for ValueExpr {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            ValueExpr::Lit(c) => write!(f, "{c}"),
            ValueExpr::Var(v) => f.write_str(v),
            ValueExpr::Add(a, b) => write!(f, "{a} + {}", Atom(b)),
            ValueExpr::Sub(a, b) => write!(f, "{a} - {}", Atom(b)),
            ValueExpr::Neg(a) => write!(f, "-{}", Atom(a)),
            ValueExpr::Call(func, sets, args) => {
                let mut parts: Vec<String> = sets.clone();
                parts.extend(args.iter().map(ToString::to_string));
                write!(f, "{}({})", func.name(), parts.join(", "))
            }
        }
    }
}
