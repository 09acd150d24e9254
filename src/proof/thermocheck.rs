//! The independent check of a thermograph certificate (`onag analyze --certificate`).
//!
//! Written apart from `crate::analysis` and calling none of it: walls are read as lists of
//! breakpoints and evaluated by interpolation here; each game's options are read from the
//! certificate (earlier entries) and checked by definition, never asked of the kernel: the
//! game `{listed Left options | listed Right options}` is built from them and must equal the
//! game written (an entry that lists none must be an integer written as one); each wall is
//! recomputed from the options' walls already checked:
//! `LS(t) = max RW(G^L)(t) − t`, `RS(t) = min LW(G^R)(t) + t`, the temperature is the least
//! t ≥ −1 with `LS(t) ≤ RS(t)`, the walls are the scaffolds below it and the mast above.
//!
//! The check samples every breakpoint of the claimed walls and of the options' walls, the
//! midpoint of each gap between them, and one point past the last. That suffices: between
//! consecutive samples every option wall is linear, so LS is convex and RS concave there, and a
//! convex function that agrees with a line at both ends and the midpoint is that line.

use crate::kernel::{GameId, Kernel};
use crate::number::Dyadic;
use serde_json::Value;

/// A wall as claimed: breakpoints (t, x) from t = −1, constant after the last one.
type Pts = Vec<(Dyadic, Dyadic)>;

/// Why a certificate is rejected: the entry (from 0) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertError {
    /// The entry that failed, if the failure is in one.
    pub entry: Option<usize>,
    /// Why.
    pub reason: String,
}

impl std::fmt::Display for CertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.entry {
            Some(i) => write!(f, "entry {i}: {}", self.reason),
            None => write!(f, "{}", self.reason),
        }
    }
}

impl std::error::Error for CertError {}

fn fail<T>(entry: Option<usize>, reason: impl Into<String>) -> Result<T, CertError> {
    Err(CertError {
        entry,
        reason: reason.into(),
    })
}

/// An integer written as one (`3`, `-12`), read as text.
fn integer_text(src: &str) -> Option<Dyadic> {
    let s = src.trim();
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<Dyadic>().ok().filter(Dyadic::is_integer)
}

/// Whether a JSON value is a thermograph certificate (rather than a proof).
pub fn is_certificate(v: &Value) -> bool {
    v.get("certificate").and_then(Value::as_str) == Some("thermographs")
}

/// The value of a claimed wall at t: linear between breakpoints, constant after the last.
fn eval(p: &Pts, t: &Dyadic) -> Dyadic {
    let mut prev: Option<&(Dyadic, Dyadic)> = None;
    for q in p {
        if q.0 == *t {
            return q.1.clone();
        }
        if q.0 > *t {
            return match prev {
                None => q.1.clone(),
                Some(a) => {
                    // The slope is an integer (checked when the wall is read).
                    let s = slope(a, q).unwrap_or(0);
                    &a.1 + &(&Dyadic::from(s) * &(t - &a.0))
                }
            };
        }
        prev = Some(q);
    }
    prev.map(|a| a.1.clone()).unwrap_or_default()
}

/// The slope between two breakpoints, if it is −1, 0 or 1.
fn slope(a: &(Dyadic, Dyadic), b: &(Dyadic, Dyadic)) -> Option<i64> {
    let (dt, dx) = (&b.0 - &a.0, &b.1 - &a.1);
    (-1..=1).find(|&s| dx == &Dyadic::from(s) * &dt)
}

fn read_pts(v: Option<&Value>, entry: usize, what: &str) -> Result<Pts, CertError> {
    let Some(arr) = v.and_then(Value::as_array) else {
        return fail(Some(entry), format!("{what} is missing or not a list"));
    };
    let mut out: Pts = Vec::new();
    for p in arr {
        let pair = p.as_array().filter(|a| a.len() == 2);
        let parse = |x: Option<&Value>| {
            x.and_then(Value::as_str)
                .and_then(|s| s.parse::<Dyadic>().ok())
        };
        let (Some(t), Some(x)) = (
            parse(pair.and_then(|a| a.first())),
            parse(pair.and_then(|a| a.get(1))),
        ) else {
            return fail(
                Some(entry),
                format!("{what}: a breakpoint is not a pair of exact numbers"),
            );
        };
        if let Some(last) = out.last() {
            if t <= last.0 {
                return fail(
                    Some(entry),
                    format!("{what}: breakpoints are not in increasing t"),
                );
            }
            if slope(last, &(t.clone(), x.clone())).is_none() {
                return fail(
                    Some(entry),
                    format!("{what}: a slope other than -1, 0 or 1 before t = {t}"),
                );
            }
        } else if t != Dyadic::from(-1) {
            return fail(Some(entry), format!("{what} does not start at t = -1"));
        }
        out.push((t, x));
    }
    if out.is_empty() {
        return fail(Some(entry), format!("{what} has no breakpoints"));
    }
    Ok(out)
}

fn read_num(v: Option<&Value>, entry: usize, what: &str) -> Result<Dyadic, CertError> {
    match v
        .and_then(Value::as_str)
        .and_then(|s| s.parse::<Dyadic>().ok())
    {
        Some(x) => Ok(x),
        None => fail(
            Some(entry),
            format!("{what} is missing or not an exact number"),
        ),
    }
}

fn read_ix(v: Option<&Value>, entry: usize, what: &str) -> Result<Vec<usize>, CertError> {
    let Some(arr) = v.and_then(Value::as_array) else {
        return fail(Some(entry), format!("{what} is missing"));
    };
    let mut out = Vec::new();
    for x in arr {
        match x.as_u64().and_then(|n| usize::try_from(n).ok()) {
            Some(n) if n < entry => out.push(n),
            _ => return fail(Some(entry), format!("{what} must list earlier entries")),
        }
    }
    Ok(out)
}

struct Checked {
    id: GameId,
    left: Pts,
    right: Pts,
}

/// What a checked certificate establishes: the root game, its temperature and mast, and how
/// many entries were verified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The root game as written in the certificate.
    pub game: String,
    /// Its temperature.
    pub temperature: Dyadic,
    /// Its mast value.
    pub mast: Dyadic,
    /// The entries checked.
    pub entries: usize,
}

/// Checks a certificate; every entry is recomputed from its options' entries.
pub fn check(v: &Value) -> Result<Verified, CertError> {
    let Some(games) = v.get("games").and_then(Value::as_array) else {
        return fail(None, "no `games` list");
    };
    let root = v
        .get("root")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .filter(|&n| n < games.len());
    let Some(root) = root else {
        return fail(None, "`root` must index an entry");
    };
    let mut k = Kernel::new();
    let mut done: Vec<Checked> = Vec::with_capacity(games.len());
    let mut root_out = None;
    for (i, e) in games.iter().enumerate() {
        let src = e.get("game").and_then(Value::as_str).unwrap_or_default();
        let term = match crate::syntax::parse(src) {
            Ok(t) => t,
            Err(err) => return fail(Some(i), format!("the game does not parse: {err}")),
        };
        let left = read_pts(e.get("left_wall"), i, "left_wall")?;
        let right = read_pts(e.get("right_wall"), i, "right_wall")?;
        let tau = read_num(e.get("temperature"), i, "temperature")?;
        let mast = read_num(e.get("mast"), i, "mast")?;
        let li = read_ix(e.get("left"), i, "left")?;
        let ri = read_ix(e.get("right"), i, "right")?;
        let id = if li.is_empty() && ri.is_empty() {
            // No options listed: an integer, read from its text as a number (the kernel is
            // not asked what the game is), its thermograph the mast at n from t = -1.
            let Some(n) = integer_text(src) else {
                return fail(
                    Some(i),
                    format!("{src} lists no options, so it must be an integer written as one"),
                );
            };
            let flat = vec![(Dyadic::from(-1), n.clone())];
            if left != flat || right != flat || tau != Dyadic::from(-1) || mast != n {
                return fail(
                    Some(i),
                    format!("the integer {n} has the mast at {n} from t = -1"),
                );
            }
            k.number(&n)
        } else {
            // The game is, by definition, {its Left options | its Right options}: the
            // options are the certificate's own earlier entries, never asked of the kernel.
            // The game built from them must equal the game written (a thermograph is a
            // property of the value, so equal options need not be canonical ones).
            let got_l: Vec<GameId> = li.iter().map(|&j| done[j].id).collect();
            let got_r: Vec<GameId> = ri.iter().map(|&j| done[j].id).collect();
            let kernel_err = |e: crate::kernel::KernelError| CertError {
                entry: Some(i),
                reason: e.to_string(),
            };
            let made = k.from_options(&got_l, &got_r).map_err(kernel_err)?;
            let written = k.eval(&term).map_err(|err| CertError {
                entry: Some(i),
                reason: format!("the game cannot be evaluated: {err}"),
            })?;
            if k.compare(written, made).map_err(kernel_err)? != crate::kernel::Relation::Equal {
                return fail(
                    Some(i),
                    format!("{src} is not the game of the options listed for it"),
                );
            }
            let lw: Vec<&Pts> = li.iter().map(|&j| &done[j].right).collect();
            let rw: Vec<&Pts> = ri.iter().map(|&j| &done[j].left).collect();
            verify_walls(i, &lw, &rw, &left, &right, &tau, &mast)?;
            made
        };
        if i == root {
            root_out = Some(Verified {
                game: src.to_string(),
                temperature: tau.clone(),
                mast: mast.clone(),
                entries: games.len(),
            });
        }
        done.push(Checked { id, left, right });
    }
    root_out.ok_or(CertError {
        entry: None,
        reason: "no root".into(),
    })
}

fn verify_walls(
    i: usize,
    lw: &[&Pts],
    rw: &[&Pts],
    left: &Pts,
    right: &Pts,
    tau: &Dyadic,
    mast: &Dyadic,
) -> Result<(), CertError> {
    if lw.is_empty() || rw.is_empty() {
        return fail(Some(i), "a non-integer must have options on both sides");
    }
    let ls = |t: &Dyadic| lw.iter().map(|w| eval(w, t)).max().map(|m| &m - t);
    let rs = |t: &Dyadic| rw.iter().map(|w| eval(w, t)).min().map(|m| &m + t);
    let mut ts: Vec<Dyadic> = lw
        .iter()
        .chain(rw.iter())
        .flat_map(|w| w.iter().map(|p| p.0.clone()))
        .chain(left.iter().chain(right.iter()).map(|p| p.0.clone()))
        .chain([tau.clone(), Dyadic::from(-1)])
        .filter(|t| *t >= Dyadic::from(-1))
        .collect();
    ts.sort();
    ts.dedup();
    let mut samples = ts.clone();
    for w in ts.windows(2) {
        samples.push((&w[0] + &w[1]).half());
    }
    if let Some(last) = ts.last() {
        samples.push(last + &Dyadic::from(1));
    }
    samples.sort();
    for t in &samples {
        let (l, r) = (ls(t).unwrap_or_default(), rs(t).unwrap_or_default());
        if t < tau {
            if l <= r {
                return fail(
                    Some(i),
                    format!("the scaffolds already meet at t = {t}, below the temperature {tau}"),
                );
            }
            for (who, wall, want) in [("Left", left, &l), ("Right", right, &r)] {
                let at = eval(wall, t);
                if at != *want {
                    let why =
                        format!("{who}'s wall at t = {t} is {at}, but the options give {want}");
                    return fail(Some(i), why);
                }
            }
        } else {
            if eval(left, t) != *mast || eval(right, t) != *mast {
                return fail(
                    Some(i),
                    format!("above the temperature the walls must be the mast {mast} (t = {t})"),
                );
            }
            if t == tau {
                let meets = if *tau == Dyadic::from(-1) {
                    l <= r
                } else {
                    l == r
                };
                if !meets || l != *mast {
                    return fail(Some(i), format!("the scaffolds do not meet at the mast {mast} at t = {tau} (they are {l} and {r})"));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn certificate(src: &str) -> Value {
        let mut k = Kernel::new();
        let g = k.eval(&crate::syntax::parse(src).unwrap()).unwrap();
        crate::analysis::certificate::build(&mut k, g).unwrap()
    }

    #[test]
    fn the_options_checked_are_the_certificates_own() {
        let v = certificate("{1|-1}");
        assert_eq!(check(&v).unwrap().temperature, Dyadic::from(1));
        let root = v["root"].as_u64().unwrap() as usize;
        // A dominated Left option 0 added as a new first entry: {0, 1 | -1} is {1|-1}, so the
        // thermograph is the same, and it checks from the options as listed (the canonical
        // options, which the kernel would give, are not what is compared).
        let mut games = vec![json!({
            "game": "0", "left": [], "right": [], "temperature": "-1", "mast": "0",
            "left_wall": [["-1", "0"]], "right_wall": [["-1", "0"]],
        })];
        for e in v["games"].as_array().unwrap() {
            let mut e = e.clone();
            for side in ["left", "right"] {
                let shifted: Vec<u64> = e[side]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|j| j.as_u64().unwrap() + 1)
                    .collect();
                e[side] = json!(shifted);
            }
            games.push(e);
        }
        games[root + 1]["left"]
            .as_array_mut()
            .unwrap()
            .push(json!(0));
        let dominated = json!({"certificate": "thermographs", "root": root + 1, "games": games});
        let r = check(&dominated).unwrap();
        assert_eq!((r.temperature, r.mast), (Dyadic::from(1), Dyadic::from(0)));
        // The same option lists under another game's name: rejected, whatever the walls.
        let mut renamed = v.clone();
        renamed["games"][root]["game"] = json!("{2|-2}");
        let e = check(&renamed).unwrap_err();
        assert!(
            e.reason.contains("not the game of the options listed"),
            "{e}"
        );
        // A game that is not an integer must list its options.
        let mut bare = v.clone();
        bare["games"][root]["left"] = json!([]);
        bare["games"][root]["right"] = json!([]);
        let e = check(&bare).unwrap_err();
        assert!(e.reason.contains("must be an integer"), "{e}");
    }

    #[test]
    fn an_option_listed_wrongly_is_rejected() {
        let v = certificate("{2|-1} + {1|-1}");
        assert!(check(&v).is_ok());
        let root = v["root"].as_u64().unwrap() as usize;
        // Left's option replaced by another earlier entry: the game made is not the root's.
        let first = v["games"][root]["left"][0].as_u64().unwrap();
        for j in 0..root as u64 {
            if j == first {
                continue;
            }
            let mut bad = v.clone();
            bad["games"][root]["left"][0] = json!(j);
            // Accepted only if that entry is the same game (it never is: entries are distinct).
            assert!(check(&bad).is_err(), "option {first} replaced by {j}");
        }
        // An integer entry written as something else than an integer.
        let one = (0..root)
            .find(|&j| v["games"][j]["left"] == json!([]))
            .unwrap();
        let mut half = v.clone();
        half["games"][one]["game"] = json!("{0|2}");
        assert!(check(&half)
            .unwrap_err()
            .reason
            .contains("must be an integer"));
    }
}
