//! Simplify: the derivation of a canonical form, one rule application per step, or the game
//! tree as a picture.

use super::exit::{Failure, Status};
use super::render::{dot, latex, markdown, proof_json, svg, text, tree, Conclusion, Derivation};
use super::{Ctx, Format, Share, TreeChoice};
use crate::engine::Engine;
use crate::kernel::Kernel;
use crate::proof::json::ProofText;
use crate::proof::Simplification;
use crate::term::Term;

/// The derivation of `t` by `engine` (or its picture, from a kernel made by `kernel`) in
/// `ctx`'s format, and its status: a limit when the chosen rules stop short of the canonical
/// form. The simplification is handed to `then` with the JSON already written for it (the
/// plain JSON proof is written while it is checked), to render ([`rendered`]) and to keep or
/// free: the command line forgets a large proof rather than free it node by node.
pub(crate) fn derive(
    ctx: &Ctx,
    t: &Term,
    engine: &Engine,
    kernel: impl FnOnce() -> Kernel,
    then: impl FnOnce(Simplification, Option<ProofText>) -> Result<(String, Status), Failure>,
) -> Result<(String, Status), Failure> {
    if matches!(ctx.format, Format::Dot | Format::Svg) {
        return Ok((picture(ctx, t, kernel)?, Status::Ok));
    }
    if matches!(ctx.format, Format::Json) && ctx.explain == 0 {
        let (s, mut json) = crate::proof::simplify_as_json_text(t, engine)?;
        json.edit_end(|end| end + "\n");
        return then(s, Some(json));
    }
    let s = crate::proof::simplify(t, engine)?;
    then(s, None)
}

/// What becomes of a simplification once it is rendered.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Afterwards {
    /// Freed: the process goes on (a batch, the REPL, the server).
    Free,
    /// Forgotten: the process ends with this command, and freeing a large proof node by node
    /// costs a tenth of its run (S(16): 48,566 steps) and gives nothing back.
    Forget,
}

impl Afterwards {
    fn release<T>(self, x: T) {
        match self {
            Afterwards::Free => drop(x),
            Afterwards::Forget => std::mem::forget(x),
        }
    }
}

/// [`render`], or the JSON already written for `s` when there is one.
pub(crate) fn rendered(
    ctx: &Ctx,
    s: Simplification,
    json: Option<ProofText>,
    afterwards: Afterwards,
) -> Result<(String, Status), Failure> {
    match json {
        Some(json) => {
            let (json, status) = finished(s, json, afterwards);
            Ok((json.into_string(), status))
        }
        None => render(ctx, s, afterwards),
    }
}

/// The JSON written for `s` with the claim that the result is final (`proof::final_form`)
/// when it is, and the status; `s` is then released. The text stays in pieces, for a caller
/// that writes it out without copying it into one string.
pub(crate) fn finished(
    s: Simplification,
    mut json: ProofText,
    afterwards: Afterwards,
) -> (ProofText, Status) {
    // Worked out while the proof was checked, when it was large enough to be checked as
    // it was made (`proof::simplify_as_json_text`).
    let claim = json
        .claim
        .take()
        .unwrap_or_else(|| crate::proof::final_form::claim(&s.proof));
    // The claim goes at the end of the text, which is all `attach` reads.
    json.edit_end(|end| crate::proof::final_form::attach(end, claim.as_ref()));
    let status = status(&s);
    afterwards.release(s);
    (json, status)
}

/// Why `proof`'s result is final, a line each (empty when it is not, or too large to say),
/// its games written in the style's notation (nested braces under `--braces`). In misère and
/// loopy play, in the play's own words (`final_form::lines_in`), and a line saying why no
/// claim is made when there is none (a loopy result that is no stopper and no value by
/// stopper sides, a claim past the bounds).
pub(crate) fn final_lines(proof: &crate::proof::Proof, style: &super::style::Style) -> String {
    use crate::proof::{final_claim::Refusal, final_form, Play};
    let lines = match (
        final_form::claim_about(&proof.result, &proof.terms, proof.play),
        proof.play,
    ) {
        (Ok(mut c), Play::Loopy) => {
            // The sides' texts, the games the facts write (the rest are names of places).
            for f in &mut c.facts {
                if f.not == crate::proof::final_claim::SIDES_FACT {
                    f.value = restyled_text(&f.value, style);
                    f.by = restyled_text(&f.by, style);
                }
            }
            let places: Vec<(String, String)> = final_form::places(proof)
                .into_iter()
                .map(|(n, t)| (n, restyled_text(&t, style)))
                .collect();
            final_form::lines_in(&c, proof.play, &places)
        }
        (Ok(c), play) => final_form::lines_in(&restyled(c, style), play, &[]),
        (Err(Refusal::Wrong(w) | Refusal::Limit(w)), Play::Loopy | Play::Misere) => {
            vec![format!("no claim that it is final is made: {w}")]
        }
        (Err(_), _) => Vec::new(),
    };
    lines.into_iter().map(|l| l + "\n").collect()
}

/// The line `--explain` prints once in misère and loopy play, where a step's conditions are
/// not expanded into sub-proofs as normal play's are.
pub(crate) fn decided_by_definitions(play: crate::proof::Play) -> &'static str {
    match play {
        crate::proof::Play::Loopy => {
            "(in loopy play each step's conditions are decided by the definitions, the order of \
             stoppers and of sides by survival, not expanded into sub-proofs; `onag check` \
             decides them again)\n"
        }
        _ => {
            "(in misère play each step's conditions are decided by the definitions, Conway's \
             simplest-form conditions and misère outcomes, not expanded into sub-proofs; `onag \
             check` decides them again)\n"
        }
    }
}

/// A game's text (a loopy one included) printed again in `style`; left as it is when it does
/// not read.
fn restyled_text(s: &str, style: &super::style::Style) -> String {
    if !style.braces {
        return s.to_string();
    }
    crate::syntax::parse(s).map_or_else(|_| s.to_string(), |t| style.term(&t))
}

/// A normal-play claim with each game it names printed again in `style` (the claim itself
/// writes CGSuite's slash notation, as the proof file does); each text that does not read as
/// a term (misère and loopy facts are words and place names) is left as it is.
pub(crate) fn restyled(
    mut c: crate::proof::final_claim::FinalClaim,
    style: &super::style::Style,
) -> crate::proof::final_claim::FinalClaim {
    if !style.braces || c.claim != "canonical form" {
        return c;
    }
    let term = |s: &str| crate::syntax::parse(s).map_or_else(|_| s.to_string(), |t| style.term(&t));
    let relation = |s: &str| {
        for op in [" <= ", " >= "] {
            if let Some((a, b)) = s.split_once(op) {
                return format!("{}{op}{}", term(a), term(b));
            }
        }
        s.to_string()
    };
    let named = |s: &str| match s.split_once(" = ") {
        Some((name, g)) => format!("{name} = {}", term(g)),
        None => s.to_string(),
    };
    for f in &mut c.facts {
        f.game = term(&f.game);
        f.value = term(&f.value);
        f.by = named(&f.by);
        f.fails = relation(&f.fails);
    }
    c
}

/// A limit when the rules stopped short of the canonical form.
fn status(s: &Simplification) -> Status {
    if s.stuck.is_some() {
        Status::Limit
    } else {
        Status::Ok
    }
}

/// A simplification in `ctx`'s format, and its status (a limit when the rules stopped short).
pub(crate) fn render(
    ctx: &Ctx,
    s: Simplification,
    afterwards: Afterwards,
) -> Result<(String, Status), Failure> {
    let stuck = s.stuck.clone();
    let status = status(&s);
    // Pictures returned above; JSON needs no lines laid out.
    if matches!(ctx.format, Format::Json | Format::Dot | Format::Svg) {
        let json = proof_json(&s.proof, &ctx.rules, ctx.explain);
        afterwards.release(s);
        return Ok((json?, status));
    }
    // Under `--explain`, why the result is final: each option and why no rule applies (read
    // from the proof as made, before its parts are written out).
    let finals = (ctx.explain > 0 && matches!(ctx.format, Format::Text | Format::Markdown))
        .then(|| final_lines(&s.proof, &ctx.style));
    // Small shared parts written out for people, in place: a copy of the proof to write them
    // out in was a tenth of `simplify`'s text for S(16). It is the same proof, so it is
    // checked exactly when the proof as made was (see [`for_reader`]).
    let checked = s.proof.checked;
    let mut proof = s.proof.into_readable(crate::proof::table::READ_UP_TO);
    proof.checked = checked;
    let out = written(ctx, &proof, stuck);
    afterwards.release(proof);
    let mut out = out?;
    if let Some(finals) = finals {
        out.push_str(&finals);
    }
    Ok((out, status))
}

/// A readable proof laid out as text, Markdown or LaTeX, with its conclusion.
fn written(
    ctx: &Ctx,
    proof: &crate::proof::Proof,
    stuck: Option<String>,
) -> Result<String, Failure> {
    // The answer is written out as `onag eval` would write it, up to the `--share` threshold;
    // beyond it, it keeps the names of the glossary above it.
    let written = match ctx.share {
        Share::Above(n) => proof.expand(&proof.result, n.min(10_000_000) as usize),
        Share::Never => proof.expand(&proof.result, 10_000_000),
    };
    let conclusion = Conclusion::Canonical {
        result: written.unwrap_or_else(|| proof.result.clone()),
        stuck,
    };
    let d = Derivation::new(proof, ctx.steps, conclusion, &ctx.rules, ctx.explain)?;
    Ok(match ctx.format {
        Format::Text => text::derivation(&d, &ctx.style),
        Format::Markdown => markdown::derivation(&d, &ctx.style),
        Format::Latex => latex::derivation(&d),
        Format::Json | Format::Dot | Format::Svg => proof_json(proof, &ctx.rules, ctx.explain)?,
    })
}

/// `proof` with its small shared parts written out for people ([`crate::proof::Proof::readable`]).
/// It is the same proof, so it is checked exactly when `proof` was: the rewriting itself
/// leaves its copy marked unchecked, and text and Markdown would say "NOT checked" of a proof
/// whose JSON says `"checked": true`.
pub(crate) fn for_reader(proof: &crate::proof::Proof) -> crate::proof::Proof {
    let mut readable = proof.readable(crate::proof::table::READ_UP_TO);
    readable.checked = proof.checked;
    readable
}

/// The game tree of the canonical form (from a kernel made by `kernel`) or of the input as
/// written, as DOT or SVG.
pub(crate) fn picture(
    ctx: &Ctx,
    t: &Term,
    kernel: impl FnOnce() -> Kernel,
) -> Result<String, Failure> {
    let tr = match ctx.tree {
        TreeChoice::Input => tree::input(t, &ctx.style)?,
        TreeChoice::Canonical => {
            let mut k = kernel();
            let g = k.eval(t)?;
            tree::canonical(&mut k, g, &ctx.style)?
        }
    };
    Ok(if ctx.format == Format::Dot {
        dot::tree(&tr)
    } else {
        svg::tree(&tr)
    })
}
