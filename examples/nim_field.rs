//! The nim field in two small computations.
//!
//! 1. Seed 000 §I.6a: the nimbers below 4 are the field GF(4), so *2 has an inverse, and it is
//!    *3 (2⊗3 = 1).
//! 2. Seed 003 §6 (after Conway, "Integral lexicographic codes", and Conway–Guy's *Book of
//!    Numbers*): the lexicographic code of minimum distance 3, built greedily, is closed under
//!    nim addition and nim multiplication by scalars. We build it over the alphabet {0..15}
//!    (a Fermat 2-power, so the alphabet is the field GF(16)) with words of length 4.
//!
//! Run with `cargo run --example nim_field`; every claim is an `assert!`, so a wrong value
//! panics.

use onag::{nim_inv_u64, nim_mul_u64};

/// Asserts a claim of the seeds and says it held.
fn check(ok: bool, what: &str) {
    assert!(ok, "check failed: {what}");
    println!("  ok: {what}");
}

const LEN: usize = 4;
const BASE: u64 = 16;
type Word = [u64; LEN];

/// Hamming distance.
fn distance(a: &Word, b: &Word) -> usize {
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

/// The greedy code: run through all words in lexicographic order (most significant coordinate
/// first, as seed 003 writes `(…, a2, a1, a0)`) and keep each word at distance ≥ 3 from every
/// word kept so far.
fn lexicode() -> Vec<Word> {
    let mut code: Vec<Word> = Vec::new();
    for index in 0..BASE.pow(LEN as u32) {
        let mut w = [0u64; LEN];
        for (i, digit) in w.iter_mut().enumerate() {
            *digit = (index / BASE.pow((LEN - 1 - i) as u32)) % BASE;
        }
        if code.iter().all(|c| distance(c, &w) >= 3) {
            code.push(w);
        }
    }
    code
}

fn show(w: &Word) -> String {
    let digits: Vec<String> = w.iter().map(|d| d.to_string()).collect();
    format!("(…, {})", digits.join(", "))
}

fn main() {
    println!("Nimbers below 4 form GF(4) (seed 000 §I.6a). Multiplication table:");
    println!("   ⊗ | 0 1 2 3");
    for a in 0..4u64 {
        let row: Vec<String> = (0..4).map(|b| nim_mul_u64(a, b).to_string()).collect();
        println!("   {a} | {}", row.join(" "));
    }
    let inv2 = nim_inv_u64(2).expect("*2 has an inverse in GF(4)");
    println!("1/2 = {inv2}, and 2 ⊗ {inv2} = {}", nim_mul_u64(2, inv2));
    check(nim_mul_u64(2, 2) == 3, "2 ⊗ 2 = 3");
    check(inv2 == 3, "1/2 = 3");
    check(nim_mul_u64(2, 3) == 1, "2 ⊗ 3 = 1");

    println!();
    println!(
        "The lexicode of length {LEN}, minimum distance 3, over {{0..{}}}:",
        BASE - 1
    );
    let code = lexicode();
    for w in code.iter().take(20) {
        println!("  {}", show(w));
    }
    println!("  … {} words in all", code.len());

    // Seed 003 Lemma 68 and the paragraph after it: the words (n, n, n) come first, then the
    // first word with a3 = 1 is (1, 0, 1, 2).
    let diagonal = (0..BASE).all(|n| code[n as usize] == [0, n, n, n]);
    check(diagonal, "the first 16 words are (0, n, n, n)");
    check(
        code[BASE as usize] == [1, 0, 1, 2],
        "the next word is (1, 0, 1, 2)",
    );
    // A [4, 2, 3] code over GF(16) meets the Singleton bound: 16² words.
    check(code.len() == 256, "256 words = 16², an MDS [4, 2, 3] code");
    let min_distance = code
        .iter()
        .enumerate()
        .flat_map(|(i, a)| code[i + 1..].iter().map(move |b| distance(a, b)))
        .min();
    check(min_distance == Some(3), "minimum distance exactly 3");

    let members: std::collections::HashSet<Word> = code.iter().copied().collect();
    let closed_add = code.iter().all(|a| {
        code.iter()
            .all(|b| members.contains(&std::array::from_fn(|i| a[i] ^ b[i])))
    });
    check(closed_add, "closed under coordinatewise nim addition");
    let closed_scale = (0..BASE).all(|s| {
        code.iter()
            .all(|w| members.contains(&w.map(|d| nim_mul_u64(s, d))))
    });
    check(
        closed_scale,
        "closed under nim multiplication by every scalar in GF(16)",
    );
    // And the nimber structure is essential: ordinary multiplication mod 16 breaks closure.
    let closed_ordinary = (0..BASE).all(|s| {
        code.iter()
            .all(|w| members.contains(&w.map(|d| (s * d) % BASE)))
    });
    check(
        !closed_ordinary,
        "ordinary multiplication mod 16 does not preserve the code",
    );
}
