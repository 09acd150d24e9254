//! Seed 001's first Hackenstrings position: who wins, and the best move.
//!
//! A = a pebble of "mine" (Left), B = one of "yours" (Right). The seed's rows are
//! `ABBABBABBA + BAABABBAB + AAAA + BBBABBB + B`, worth −3/512, so you (Right) win whoever
//! starts; your best move is the rightmost B of the top row (the total becomes −1/256); the
//! rightmost B of the second row also keeps the win (−1/512); any other move loses.
//!
//! Run with `cargo run --example hackenstrings`.

use onag::parse;
use onag::Dyadic;
use onag::{Kernel, OutcomeClass as Outcome};

const ROWS: [&str; 5] = ["ABBABBABBA", "BAABABBAB", "AAAA", "BBBABBB", "B"];

fn value(k: &mut Kernel, rows: &[String]) -> Dyadic {
    let expr: Vec<String> = rows
        .iter()
        .filter(|r| !r.is_empty())
        .map(|r| format!("hs\"{r}\""))
        .collect();
    let expr = if expr.is_empty() {
        "0".to_string()
    } else {
        expr.join(" + ")
    };
    let g = k
        .eval(&parse(&expr).expect("rows parse"))
        .expect("evaluates");
    k.as_number(g)
        .expect("a Hackenstrings position of A and B is a number")
}

fn main() {
    let mut k = Kernel::new();
    let rows: Vec<String> = ROWS.iter().map(|r| r.to_string()).collect();
    let total = value(&mut k, &rows);
    println!("{} = {total}", ROWS.join(" + "));
    assert_eq!(total, "-3/512".parse().expect("a dyadic"));
    let expr: Vec<String> = ROWS.iter().map(|r| format!("hs\"{r}\"")).collect();
    let g = k
        .eval(&parse(&expr.join(" + ")).expect("parses"))
        .expect("evaluates");
    assert_eq!(
        k.outcome(g).expect("outcome"),
        Outcome::R,
        "Right (you) wins"
    );
    println!("negative: Right (B, \"you\") wins whoever moves first");

    // Every move of yours: take a B and everything to its right. A move wins when the
    // position left is ≤ 0 (you then win moving second).
    let mut winning: Vec<(usize, usize, Dyadic)> = Vec::new();
    for (i, row) in ROWS.iter().enumerate() {
        for (j, _) in row.char_indices().filter(|(_, c)| *c == 'B') {
            let mut after = rows.clone();
            after[i] = row[..j].to_string();
            let v = value(&mut k, &after);
            if v <= Dyadic::zero() {
                winning.push((i, j, v));
            }
        }
    }
    for (i, j, v) in &winning {
        println!(
            "winning move: row {} pebble {} (B) -> total {v}",
            i + 1,
            j + 1
        );
    }
    // The seed: exactly two moves keep the win.
    assert_eq!(winning.len(), 2, "{winning:?}");
    // Every move makes the position worse for the mover (for Right, the value rises); the
    // best move is the one that raises it least, so it leaves the smallest value.
    let best = winning
        .iter()
        .min_by(|a, b| a.2.cmp(&b.2))
        .expect("a winning move");
    let (row, pebble, v) = best;
    println!(
        "best: the rightmost B of row {} (total becomes {v})",
        row + 1
    );
    assert_eq!((*row, *pebble), (0, ROWS[0].rfind('B').expect("a B")));
    assert_eq!(*v, "-1/256".parse().expect("a dyadic"));
    let second = winning.iter().find(|m| m.0 == 1).expect("row 2 also wins");
    assert_eq!(second.1, ROWS[1].rfind('B').expect("a B"));
    assert_eq!(second.2, "-1/512".parse().expect("a dyadic"));
}
