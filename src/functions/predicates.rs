//! CGSuite's predicates of short games, as functions giving `true` or `false` (`G.IsFooBar`
//! is `is_foo_bar(G)`), and `nim_value(G)`. Definitions (CGSuite's documentation; Siegel, CGT):
//!
//! - `is_even(G)`: G is 0, or every option of G is odd; `is_odd(G)`: G is not 0 and every
//!   option is even (of the canonical form). For a misère form (`*[…]`) these are the misère
//!   predicates of `super::misere`.
//! - `is_even_tempered(G)`: G is a number, or every option is odd-tempered;
//!   `is_odd_tempered(G)`: G is not a number and every option is even-tempered.
//! - `is_infinitesimal(G)`: both stops are 0; `is_numberish(G)`: the stops are equal.
//! - `is_number_tiny(G)`: G is a number, or x + Tiny(…) or x + Miny(…) as CGSuite prints them
//!   (one option each side, `{x | {x | y}}` with mean(y) < x, or the mirror image).
//! - `is_all_small(G)`: every follower has moves for both players or for neither.
//! - `is_atomic(G)`: G has an atomic weight.
//! - `is_uptimal(G)`: G has an uptimal expansion.
//! - `is_number`, `is_dyadic`, `is_integer`, `is_ordinal` (an integer ≥ 0), `is_nimber`;
//!   the number world answers these for ω, 1/3 and ∗ω too.

use super::depth::{too_deep, MAX_DEPTH};
use super::reply::{Family, Reply};
use super::uptimal::Uptimals;
use super::{args, Function};
use crate::analysis::{atomic, Thermographer};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::number::{Dyadic, Nimber};
use crate::term::Arg;
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::HashMap;

table! {
    listed in FAMILY: Family = Family::new, call;
    IS_ALL_SMALL: "is_all_small", "is_all_small(G)",
        "true if every follower of G has moves for both players or for neither";
    IS_ATOMIC: "is_atomic", "is_atomic(G)", "true if G has an atomic weight";
    IS_FINITE: "is_finite", "is_finite(G)",
        "true if G has finitely many distinct followers: every short game and loopy graph; not 1/3, ω or *ω (CGSuite's IsFinite)";
    IS_EVEN_TEMPERED: "is_even_tempered", "is_even_tempered(G)",
        "true if G is a number or every option is odd-tempered";
    IS_ODD_TEMPERED: "is_odd_tempered", "is_odd_tempered(G)",
        "true if G is not a number and every option is even-tempered";
    IS_INFINITESIMAL: "is_infinitesimal", "is_infinitesimal(G)", "true if both stops of G are 0";
    IS_NUMBERISH: "is_numberish", "is_numberish(G)",
        "true if G's left and right stops are equal (G is a number plus an infinitesimal)";
    IS_NUMBER_TINY: "is_number_tiny", "is_number_tiny(G)",
        "true if G is a number, or a number plus a Tiny or a Miny";
    IS_UPTIMAL: "is_uptimal", "is_uptimal(G)", "true if G has an uptimal expansion";
    IS_DYADIC: "is_dyadic", "is_dyadic(G)", "true if G is a dyadic rational";
    IS_ORDINAL: "is_ordinal", "is_ordinal(G)",
        "true if G is an ordinal (a short game: an integer >= 0)";
    IS_INTEGER: "is_integer", "is_integer(G)", "true if G is an integer";
    IS_NUMBER: "is_number", "is_number(G)", "true if G is a number";
    IS_NIMBER: "is_nimber", "is_nimber(G)", "true if G is a nimber *n";
    NIM_VALUE: "nim_value", "nim_value(G)",
        "n for an impartial game equal to *n (an error for a partizan game)";
}

/// Whether `name` is one of this family's functions (`is_even` and `is_odd` for a game that
/// is not a misère form included).
pub fn handles(name: &str) -> bool {
    matches!(name, "is_even" | "is_odd") || FAMILY.iter().any(|f| f.name() == name)
}

/// The value of `name(args)` for a short game.
pub fn call(k: &mut Kernel, name: &str, a: &[Arg]) -> Result<Reply, KernelError> {
    let Some(f) = super::lookup(name) else {
        return Err(super::unknown(name));
    };
    args::arity(f, a, 1)?;
    let g = args::game(f, a, 0, k)?;
    if name == "nim_value" {
        return match k.as_nimber(g) {
            Some(n) => Ok(Reply::Game(
                k.number(&Dyadic::from(BigInt::from(n.value().clone()))),
            )),
            None => {
                let shown = crate::analysis::shown(k, g);
                Err(args::error(
                    name,
                    format!("{shown} is not impartial (not equal to a nimber *n), so it has no nim value"),
                ))
            }
        };
    }
    Ok(Reply::Bool(holds(k, name, g)?))
}

/// Whether the predicate `name` holds of G.
pub fn holds(k: &mut Kernel, name: &str, g: GameId) -> Result<bool, KernelError> {
    let number = k.as_number(g);
    Ok(match name {
        "is_all_small" => atomic::is_all_small(k, g)?,
        "is_atomic" => match atomic::atomic_weight(k, g) {
            Ok(_) => true,
            Err(KernelError::Function { .. }) => false,
            Err(e) => return Err(e),
        },
        "is_even" | "is_odd" | "is_even_tempered" | "is_odd_tempered" => {
            let tempered = name.ends_with("_tempered");
            let rule = if tempered { Rule::Tempered } else { Rule::Even };
            let (even, odd) = Parity::new(rule).of(k, g, 0)?;
            if name.starts_with("is_even") {
                even
            } else {
                odd
            }
        }
        "is_infinitesimal" => atomic::is_infinitesimal(k, g),
        "is_numberish" => k.left_stop(g) == k.right_stop(g),
        "is_finite" => true,
        "is_number_tiny" => number.is_some() || number_tiny(k, g)?,
        "is_uptimal" => Uptimals::new().of(k, g)?.is_some(),
        "is_dyadic" | "is_number" => number.is_some(),
        "is_integer" => number.is_some_and(|x| x.is_integer()),
        "is_ordinal" => number.is_some_and(|x| x.is_integer() && x.signum() >= 0),
        "is_nimber" => k.as_nimber(g).is_some(),
        _ => return Err(super::unknown(name)),
    })
}

/// Which parity: of moves (`is_even`) or of temperament (`is_even_tempered`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Even,
    Tempered,
}

/// (even, odd) for each game, by recursion over the canonical options.
struct Parity {
    rule: Rule,
    memo: HashMap<GameId, (bool, bool)>,
}

impl Parity {
    fn new(rule: Rule) -> Parity {
        Parity {
            rule,
            memo: HashMap::new(),
        }
    }

    fn of(&mut self, k: &mut Kernel, g: GameId, depth: usize) -> Result<(bool, bool), KernelError> {
        if let Some(&p) = self.memo.get(&g) {
            return Ok(p);
        }
        // Number-up-stars directly (an integer n is {n−1|}, n levels deep).
        if let Some((x, up, nim)) = k.as_nus(g) {
            let one = Nimber::from(1);
            return Ok(match self.rule {
                Rule::Tempered => (up.is_zero() && nim.is_zero(), up.is_zero() && nim == one),
                // n + *m with m ≤ 1 is even or odd with n + m; any other number-up-star is
                // neither (1/2 = {0|1} has an even and an odd option; ↑ = {0|*} likewise).
                Rule::Even => match x.to_integer() {
                    Some(n) if up.is_zero() && nim <= one => {
                        let odd = (n + if nim.is_zero() { 0 } else { 1 }) % 2 != BigInt::zero();
                        (!odd, odd)
                    }
                    _ => (false, false),
                },
            });
        }
        self.by_options(k, g, depth)
    }

    fn by_options(
        &mut self,
        k: &mut Kernel,
        g: GameId,
        depth: usize,
    ) -> Result<(bool, bool), KernelError> {
        if let Some(&p) = self.memo.get(&g) {
            return Ok(p);
        }
        if depth > MAX_DEPTH {
            return Err(too_deep("a parity"));
        }
        k.check_budget()?;
        let (l, r) = (k.left_options(g)?, k.right_options(g)?);
        let (mut all_odd, mut all_even) = (true, true);
        for x in l.into_iter().chain(r) {
            let (e, o) = self.of(k, x, depth + 1)?;
            all_even &= e;
            all_odd &= o;
        }
        let out = match self.rule {
            // 0 has no options: even, and not odd.
            Rule::Even => (all_odd, all_even && g != k.zero()),
            Rule::Tempered => {
                if k.as_number(g).is_some() {
                    (true, false)
                } else {
                    (all_odd, all_even)
                }
            }
        };
        self.memo.insert(g, out);
        Ok(out)
    }
}

/// Whether G is x + Tiny(…) or x + Miny(…): one option on each side, the Left option a
/// number x and the Right option `{x | y}` (one option each) with mean(y) < x; or the mirror.
fn number_tiny(k: &mut Kernel, g: GameId) -> Result<bool, KernelError> {
    let (l, r) = (k.left_options(g)?, k.right_options(g)?);
    let ([gl], [gr]) = (l.as_slice(), r.as_slice()) else {
        return Ok(false);
    };
    let mut th = Thermographer::new();
    if let Some(x) = k.as_number(*gl) {
        let (rl, rr) = (k.left_options(*gr)?, k.right_options(*gr)?);
        if let ([a], [y]) = (rl.as_slice(), rr.as_slice()) {
            if a == gl && th.of(k, *y)?.mast < x {
                return Ok(true);
            }
        }
    }
    if let Some(x) = k.as_number(*gr) {
        let (ll, lr) = (k.left_options(*gl)?, k.right_options(*gl)?);
        if let ([y], [a]) = (ll.as_slice(), lr.as_slice()) {
            if a == gr && th.of(k, *y)?.mast > x {
                return Ok(true);
            }
        }
    }
    Ok(false)
}
