//! Closed-form leaves a rule builds: `number + up·↑ + *nim` and Hackenstring rows.

use crate::number::{Dyadic, Nimber};
use crate::term::{Pebble, Term};
use num_bigint::BigInt;
use num_traits::{ToPrimitive, Zero};

/// A closed-form leaf.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Leaf {
    /// number + up·↑ + *nim.
    Nus {
        /// The number part.
        number: Dyadic,
        /// The up multiple.
        up: BigInt,
        /// The nimber part.
        nim: Nimber,
    },
    /// A Hackenstring row (not a canonical form: the `hackenstring-definition` rule opens it).
    Hack(Vec<Pebble>),
}

impl Leaf {
    /// The number leaf x.
    pub fn number(x: Dyadic) -> Leaf {
        Leaf::Nus {
            number: x,
            up: BigInt::zero(),
            nim: Nimber::zero(),
        }
    }

    /// As a term, taking its parts.
    pub fn into_term(self) -> Term {
        match self {
            Leaf::Nus { number, up, nim } => Term::Nus { number, up, nim },
            Leaf::Hack(row) => Term::Hackenstring(row),
        }
    }

    /// As a term.
    pub fn to_term(&self) -> Term {
        match self {
            Leaf::Nus { number, up, nim } => Term::Nus {
                number: number.clone(),
                up: up.clone(),
                nim: nim.clone(),
            },
            Leaf::Hack(row) => Term::Hackenstring(row.clone()),
        }
    }
}

/// The most options a definition may open a closed form into (`*n` has n options): the
/// kernel's own cap on a nimber's options (`kernel::nus::MAX_NIM_OPTIONS`), so a rule opens
/// every nimber the kernel can list. Opening is linear in n: one leaf per option.
pub const MAX_OPEN: usize = 1 << 16;

/// A dyadic that is a natural number, as a nimber.
pub(crate) fn nat(x: &Dyadic) -> Option<Nimber> {
    let n = x.to_integer()?;
    Some(Nimber::new(n.to_biguint()?))
}

/// The nimber leaves `*0 … *(n−1)`, refusing absurd n.
pub fn nims(n: &Dyadic, max: usize) -> Option<Vec<Leaf>> {
    let n = n.to_integer()?.to_usize()?;
    if n > max {
        return None;
    }
    Some(
        (0..n as u64)
            .map(|i| Leaf::Nus {
                number: Dyadic::zero(),
                up: BigInt::zero(),
                nim: Nimber::from(i),
            })
            .collect(),
    )
}

/// The rows a player can leave by one move: cutting at each of their pebbles (or a neutral one).
/// The empty row is the number 0.
pub fn cuts(row: &[Pebble], left: bool) -> Vec<Leaf> {
    row.iter()
        .enumerate()
        .filter(|(_, p)| **p == Pebble::Neutral || (**p == Pebble::Left) == left)
        .map(|(i, _)| {
            if i == 0 {
                Leaf::number(Dyadic::zero())
            } else {
                Leaf::Hack(row[..i].to_vec())
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nims_lists_the_nimbers_below_n_and_refuses_too_many() {
        let three = nims(&Dyadic::from(3), MAX_OPEN).unwrap();
        let want: Vec<Leaf> = (0..3u64)
            .map(|i| Leaf::Nus {
                number: Dyadic::zero(),
                up: BigInt::zero(),
                nim: Nimber::from(i),
            })
            .collect();
        assert_eq!(three, want);
        assert!(nims(&Dyadic::from(5), 4).is_none());
        // At the cap, *65536 opens into its 65536 options; one more is refused.
        let at_cap = nims(&Dyadic::from(1 << 16), MAX_OPEN).unwrap();
        assert_eq!(at_cap.len(), 1 << 16);
        assert_eq!(
            at_cap.last(),
            Some(&Leaf::Nus {
                number: Dyadic::zero(),
                up: BigInt::zero(),
                nim: Nimber::from((1u64 << 16) - 1),
            })
        );
        assert!(nims(&Dyadic::from((1 << 16) + 1), MAX_OPEN).is_none());
        assert!(nims(&Dyadic::from(-1), MAX_OPEN).is_none());
        assert!(nims(&Dyadic::from(1).half(), MAX_OPEN).is_none());
    }

    #[test]
    fn cuts_follow_the_pebbles_a_player_may_take() {
        use Pebble::{Left as L, Neutral as E, Right as R};
        // LRE: Left may cut at 0 (leaving 0) or at 2 (leaving LR); Right at 1 or 2.
        let row = [L, R, E];
        assert_eq!(
            cuts(&row, true),
            vec![Leaf::number(Dyadic::zero()), Leaf::Hack(vec![L, R])]
        );
        assert_eq!(
            cuts(&row, false),
            vec![Leaf::Hack(vec![L]), Leaf::Hack(vec![L, R])]
        );
    }
}
