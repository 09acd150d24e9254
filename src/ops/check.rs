//! Check: a proof in JSON (or a thermograph certificate) checked again, step by step, against
//! the chosen rules. The file's own `checked` field is never believed.

use super::exit::{Failure, Status};
use super::{unsupported, Ctx, Format};
use crate::proof::ProofError;

/// The verdict on `text` in `ctx`'s format, and its status (false when the proof fails).
///
/// The time limit counts from `started`, when the command began to read the file: reading a
/// large proof (tens of megabytes, a page fault every 4 KiB) is part of what the user waits
/// for, and a limit counted only from here let the command run past it by that much.
pub(crate) fn check(
    ctx: &Ctx,
    text: String,
    started: std::time::Instant,
) -> Result<(String, Status), Failure> {
    let limits = limits(ctx, started);
    // Read and checked as it streams, lemma by lemma, so only the lemmas' statements are held
    // (the file's text stays: its strings are borrowed from it). A file that is not a proof
    // is bad input (2) even when a lemma before the damage fails; a proof that fails is
    // false (1).
    let read = crate::proof::json::read_and_check(&text, &ctx.rules, &limits);
    // A thermograph certificate is told by its top-level `certificate` field. The proof's
    // reader notes such a key, so the text is looked at again only when it has one or is not
    // read as a proof: searching a large proof for the word before its check cost two passes
    // over its text (a tenth of Σ_{k≤30} {k|−k}'s time before its checkers can start).
    let maybe_certificate = match &read {
        Ok((file, _)) => file.certificate_key,
        // A read stopped by a limit says nothing of the text's kind, and a scan of a large
        // text after the deadline only makes the stop later.
        Err(ProofError::Check(e)) if e.limit.is_some() => false,
        Err(_) => true,
    };
    // Only the `certificate` field is read to tell the kinds apart: building a whole JSON
    // tree of a large text just to look at it cost as much as reading a proof. And only when
    // the key can be there: a text with neither the word nor an escape (`\u…`) that could
    // spell it has no such key.
    #[derive(serde::Deserialize)]
    struct Kind {
        certificate: Option<serde_json::Value>,
    }
    if maybe_certificate && (text.contains("certificate") || text.contains("\\u")) {
        let kind = serde_json::from_str::<Kind>(&text).ok();
        if kind.is_some_and(|k| k.certificate.is_some()) {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
                if crate::proof::thermocheck::is_certificate(&v) {
                    return certificate(ctx, &v);
                }
            }
        }
    }
    let (read, result) = read.map_err(Failure::from)?;
    // Stopped by the memory limit: not a verdict on the proof.
    if let Err(e) = &result {
        if e.limit.is_some() {
            return Err(Failure::limit(format!("the check stopped at {e}")));
        }
    }
    // A checked misère proof's result is said as a game, in CGSuite's notation.
    let misere = read.play == crate::proof::Play::Misere;
    let form = (misere && result.is_ok())
        .then(|| misere_form(&text))
        .flatten();
    drop(text);
    let style = &ctx.style;
    // The terms as games, never `#n` unexplained: the table's entries they name written once
    // each with `where` (a loopy graph's cycle through the table stays as written).
    let resolve = |t: &crate::term::Term| read.terms.as_where(t).unwrap_or_else(|| t.clone());
    let (input_t, result_r) = (resolve(&read.input), resolve(&read.result));
    let input = style.term(&input_t);
    let result_t = form.unwrap_or_else(|| style.term(&result_r));
    // Every step counts, the lemmas' too: they are all checked.
    let steps = read.steps;
    let lemmas = match read.lemmas {
        0 => String::new(),
        1 => " in 1 lemma and the main chain".to_string(),
        n => format!(" in {n} lemmas and the main chain"),
    };
    let out = match ctx.format {
        Format::Json => format!(
            "{}\n",
            serde_json::json!({
                "input": input_t.to_string(),
                "result": result_r.to_string(),
                "steps": steps,
                "lemmas": read.lemmas,
                "checked": result.is_ok(),
                "error": result.as_ref().err().map(|e| serde_json::json!({
                    "lemma": e.lemma, "step": e.step, "reason": e.reason,
                })),
            })
        ),
        Format::Text | Format::Markdown => match &result {
            Ok(()) => format!(
                "ok: the proof that {input} = {result_t} checks ({steps} step{}{lemmas})\n",
                if steps == 1 { "" } else { "s" }
            ),
            Err(e) => format!(
                "rejected: the proof that {input} = {result_t} fails at {}\n",
                style.symbols(
                    &ProofError::Check(e.clone())
                        .to_string()
                        .replace("the proof does not check: ", "")
                )
            ),
        },
        f => return Err(unsupported("check", f)),
    };
    // The file's table (170 MB for Σ_{k≤30} {k|−k}) is freed while the verdict is printed.
    crate::threads::free_later(read, limits.threads());
    Ok((out, verdict(result.is_ok())))
}

/// The result of a misère proof in CGSuite's notation (`*[2[2]321]`), read from the file's own
/// terms by the misère checker's reader and printed by the notation's printer; `None` when it
/// does not read, or its text would be too long (the result is then shown as written, `#47`).
fn misere_form(text: &str) -> Option<String> {
    let proof = crate::proof::Proof::from_json(text).ok()?;
    let nodes = crate::proof::misere_form_of(&proof.terms, &proof.result).ok()?;
    drop(proof);
    let mut m = crate::misere::Misere::new(crate::kernel::Budget::default());
    crate::misere::notation::print_form(&mut m, &nodes)
        .ok()
        .flatten()
}

/// The check's limits: the command's time limit from now (Ctrl-C ends the process).
fn limits(
    ctx: &Ctx,
    started: std::time::Instant,
) -> crate::definitional::check_limits::CheckLimits {
    crate::definitional::check_limits::CheckLimits {
        deadline: ctx
            .time_limit
            .and_then(|t| started.checked_add(std::time::Duration::from_secs_f64(t.min(1e6)))),
        // `--threads` (0: one per core): the reading and the check share them.
        threads: crate::threads::threads(),
        ..Default::default()
    }
}

fn verdict(ok: bool) -> Status {
    if ok {
        Status::Ok
    } else {
        Status::False
    }
}

/// A thermograph certificate: every entry recomputed from its options' walls.
fn certificate(ctx: &Ctx, v: &serde_json::Value) -> Result<(String, Status), Failure> {
    let result = crate::proof::thermocheck::check(v);
    let out = match ctx.format {
        Format::Json => format!(
            "{}\n",
            serde_json::json!({
                "certificate": "thermographs",
                "checked": result.is_ok(),
                "game": result.as_ref().ok().map(|r| r.game.clone()),
                "temperature": result.as_ref().ok().map(|r| r.temperature.to_string()),
                "mean": result.as_ref().ok().map(|r| r.mast.to_string()),
                "entries": result.as_ref().ok().map(|r| r.entries),
                "error": result.as_ref().err().map(|e| serde_json::json!({
                    "entry": e.entry, "reason": e.reason,
                })),
            })
        ),
        _ => match &result {
            Ok(r) => format!(
                "ok: the thermograph certificate of {} checks ({} subgame{}; temperature {}, mean {})\n",
                r.game,
                r.entries,
                if r.entries == 1 { "" } else { "s" },
                r.temperature,
                r.mast
            ),
            Err(e) => format!("rejected: the thermograph certificate fails at {e}\n"),
        },
    };
    Ok((out, verdict(result.is_ok())))
}
