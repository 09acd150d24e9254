//! Thermograph certificates: the walls of every distinct subgame of G, options first, so that
//! `onag check` can verify each thermograph from its options' walls alone
//! (`crate::proof::thermocheck`, which shares no code with this module's producer).

use super::summary::points_json;
use super::thermograph::Thermographer;
use crate::kernel::{GameId, Kernel, KernelError};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The most subgames a certificate lists.
pub const MAX_ENTRIES: usize = 200_000;

/// The certificate for g as JSON: `{"certificate": "thermographs", "root": i, "games": [...]}`,
/// each game `{game, left, right, temperature, mast, left_wall, right_wall}` where `left` and
/// `right` index earlier entries and the walls are breakpoints `[t, x]` from t = −1 to the mast.
pub fn build(k: &mut Kernel, g: GameId) -> Result<Value, KernelError> {
    let mut th = Thermographer::new();
    let mut index: HashMap<GameId, usize> = HashMap::new();
    let mut order: Vec<GameId> = Vec::new();
    let mut stack: Vec<(GameId, bool)> = vec![(g, false)];
    while let Some((h, ready)) = stack.pop() {
        if index.contains_key(&h) {
            continue;
        }
        let integer = k.as_number(h).is_some_and(|x| x.is_integer());
        if ready || integer {
            index.insert(h, order.len());
            order.push(h);
            if order.len() > MAX_ENTRIES {
                return Err(KernelError::TooLarge {
                    what: format!("a certificate of more than {MAX_ENTRIES} subgames"),
                });
            }
            continue;
        }
        k.spend()?;
        stack.push((h, true));
        let l = k.left_options(h)?;
        let r = k.right_options(h)?;
        for x in l.into_iter().chain(r) {
            if !index.contains_key(&x) {
                stack.push((x, false));
            }
        }
    }
    let mut games = Vec::with_capacity(order.len());
    for &h in &order {
        k.check_budget()?;
        let t = th.of(k, h)?;
        let integer = k.as_number(h).is_some_and(|x| x.is_integer());
        let (l, r) = if integer {
            (vec![], vec![])
        } else {
            (k.left_options(h)?, k.right_options(h)?)
        };
        let ix = |v: Vec<GameId>| -> Vec<usize> {
            v.iter().filter_map(|x| index.get(x).copied()).collect()
        };
        games.push(json!({
            // Shared above `MAX_TREE` nodes (the checker's parser reads `where`): the tree of
            // a large sum's root is exponentially longer than the value.
            "game": crate::syntax::print(&super::written(k, h)?, &Default::default()),
            "left": ix(l),
            "right": ix(r),
            "temperature": t.temperature.to_string(),
            "mast": t.mast.to_string(),
            "left_wall": points_json(&t.left_points()),
            "right_wall": points_json(&t.right_points()),
        }));
    }
    Ok(json!({
        "certificate": "thermographs",
        "root": index.get(&g).copied().unwrap_or(0),
        "games": games,
    }))
}
