//! Analyze in misère and loopy play, for the page (`POST /api/analyze` with `"misere": true`,
//! or a game written in the loopy notation): the values a lecture on these plays asks of a
//! game, each the value of the expression language's own function (`outcome_class(G)`,
//! `onside(G)`, `genus(G)`, …) as `onag eval` gives it, in a fixed order with its meaning.
//! Page-only: the CLI's `onag analyze` is about hot games in normal play.

use crate::functions::world;
use crate::kernel::Kernel;
use crate::term::{Arg, Term};
use serde_json::{json, Value};

/// The rows of a loopy game: (field, function, what it means).
const LOOPY: [(&str, &str, &str); 8] = [
    (
        "value",
        "",
        "its value as CGSuite writes it (on, off, dud, over, under, …; a stopper in simplest form, or onside & offside)",
    ),
    (
        "outcome",
        "outcome_class",
        "who wins with perfect play: L, R, N, P, or D (a draw: play goes on forever); two letters when the player moving first matters: Left first, Right first",
    ),
    (
        "onside",
        "onside",
        "the onside: the game with infinite play counted as a win for Left (Siegel, CGT VI.4; Winning Ways ch. 11)",
    ),
    (
        "offside",
        "offside",
        "the offside: infinite play counted as a win for Right",
    ),
    (
        "stopper",
        "is_stopper",
        "a stopper has no infinite alternating play: it has a simplest form (Siegel, CGT VI.1)",
    ),
    (
        "left_stop",
        "left_stop",
        "the number play reaches when Left moves first (a stopper's; loopy stops may be on or off)",
    ),
    (
        "right_stop",
        "right_stop",
        "the same when Right moves first",
    ),
    (
        "degree",
        "degree",
        "the degree of loopiness of a stopper G: G upsum -G, the onside of G - G, 0 when G is loopfree (CGSuite's G.Degree; Siegel, CGT ch. VI)",
    ),
];

/// The rows of an impartial game in misère play.
const MISERE: [(&str, &str, &str); 6] = [
    (
        "misere_form",
        "misere_canonical_form",
        "its misère simplest form, as CGSuite writes it (Conway's notation: *[2[2]321], …; ONAG ch. 12)",
    ),
    (
        "misere_outcome",
        "misere_outcome_class",
        "who wins in misère play (the last player to move loses): N, the first player; P, the second",
    ),
    (
        "normal_outcome",
        "outcome_class",
        "who wins the same game in normal play, for comparison",
    ),
    (
        "genus",
        "genus",
        "the genus g^(g0 g1 …): its normal-play nim value g, then the misère Grundy values of G, G + *2, G + *2 + *2, … (ONAG ch. 12; Winning Ways ch. 13)",
    ),
    (
        "nim_value",
        "misere_nim_value",
        "its misère Grundy value: the first exponent of the genus (Winning Ways ch. 13)",
    ),
    (
        "birthday",
        "misere_birthday",
        "the birthday of its simplest form: the height of its game tree",
    ),
];

/// What the degree row means for a sided value that is no stopper.
const SIDED_DEGREE: &str = "the degree of loopiness is defined for a stopper G: G upsum -G, the onside of G - G, 0 when G is loopfree (CGSuite's CanonicalStopper.Degree; Siegel, CGT ch. VI); a sided value S & T that is no stopper has none of its own (CGSuite's StopperSidedValue has no Degree), so each side's is given";

fn shown(v: &world::Value, k: &mut Kernel) -> String {
    crate::ops::ascii::ascii(&v.display(k, true)).into_owned()
}

/// "on (the onside's), on (the offside's)": the degree of each side of `t`, when `t` is
/// stopper-sided (its sides evaluate); `None` otherwise, the game's own error then stands.
fn sides_degrees(t: &Term, k: &mut Kernel) -> Option<String> {
    let of = |side: &str| Term::Call {
        name: "degree".into(),
        args: vec![Arg::Game(Term::Call {
            name: side.into(),
            args: vec![Arg::Game(t.clone())],
        })],
    };
    let on = world::eval(k, &of("onside")).ok()?;
    let off = world::eval(k, &of("offside")).ok()?;
    Some(format!(
        "{} (the onside's), {} (the offside's)",
        shown(&on, k),
        shown(&off, k)
    ))
}

/// The analysis of `t` (written `src`) in misère play (`misere`) or loopy play, as JSON: the
/// play, the game and its rows, each with its value or why it has none.
pub fn analysis(src: &str, t: &Term, misere: bool, k: &mut Kernel) -> Value {
    let rows: &[(&str, &str, &str)] = if misere { &MISERE } else { &LOOPY };
    let mut out = Vec::new();
    for (field, function, means) in rows {
        let term = if function.is_empty() {
            t.clone()
        } else {
            Term::Call {
                name: (*function).to_string(),
                args: vec![Arg::Game(t.clone())],
            }
        };
        let (mut value, mut error) = match world::eval(k, &term) {
            Ok(v) => (Some(shown(&v, k)), None),
            Err(e) => (None, Some(e.to_string())),
        };
        let mut means = (*means).to_string();
        if *field == "degree" && value.is_none() {
            // A sided value S & T that is no stopper: CGSuite's `Degree` is a method of
            // stoppers only (CanonicalStopper), so each side's degree is given instead.
            if let Some(sides) = sides_degrees(t, k) {
                value = Some(sides);
                error = None;
                means = SIDED_DEGREE.to_string();
            }
        }
        out.push(json!({
            "field": field,
            "function": function,
            "value": value,
            "error": error,
            "means": means,
        }));
    }
    json!({
        "play": if misere { "misere" } else { "loopy" },
        "input": src,
        "rows": out,
    })
}
