//! What the misère and loopy faces share: a derivation proved by its own play (`proof::misere`,
//! `proof::loopy`), written as a chain of steps, in text or JSON only.

use super::exit::Failure;
use super::{unsupported, Ctx, Format};
use crate::proof::step::path_string;
use crate::proof::step::Step;
use crate::proof::Proof;

/// Text or JSON; any other format is refused for `cmd`, as `unsupported` says.
pub(crate) fn only_text_or_json(ctx: &Ctx, cmd: &str) -> Result<(), Failure> {
    match ctx.format {
        Format::Text | Format::Json => Ok(()),
        f => Err(unsupported(cmd, f)),
    }
}

/// The steps as the normal-play derivation writes them: the input, then `= term` and `by rule
/// at place: witnesses` for each step, each term written out from the proof's table (a loopy
/// proof keeps its steps' terms there; people read them whole).
pub(crate) fn chain(ctx: &Ctx, p: &Proof) -> String {
    chain_placed(ctx, p, usize::MAX, &|_| None)
}

/// [`chain`], each term's references written out when that takes at most `max` nodes (larger
/// ones stay `#n`, for a table the caller writes), and a step's place in the words `place`
/// gives for it (its path, or `the top`, when `None`).
pub(crate) fn chain_placed(
    ctx: &Ctx,
    p: &Proof,
    max: usize,
    place: &dyn Fn(&Step) -> Option<String>,
) -> String {
    let style = &ctx.style;
    let mut out = format!("    {}\n", style.term(&p.input));
    for s in &p.steps {
        let at = place(s).unwrap_or_else(|| {
            if s.at.is_empty() {
                "the top".to_string()
            } else {
                path_string(&s.at)
            }
        });
        let back = if s.reversed {
            ", read right to left"
        } else {
            ""
        };
        let to = p.terms.expand(&s.to, max).unwrap_or_else(|| s.to.clone());
        out.push_str(&format!("  = {}\n", style.term(&to)));
        out.push_str(&format!(
            "      by {}{back} at {at}: {}\n",
            s.rule,
            style.words(&s.why, 6, 8)
        ));
    }
    out
}
