//! Lexicodes (seed 003): the Hamming code, and the closure theorems over nimber alphabets.

use onag::Lexicode;

/// Seed 003: the binary lexicode of length 7 and distance 3 is the Hamming code: 16 words,
/// linear, and perfect (the radius-1 balls around its words tile all 2^7 words).
#[test]
fn seed_003_hamming_code() {
    let h = Lexicode::new(2, 7, 3).unwrap();
    assert_eq!(h.words.len(), 16);
    let c = h.verify();
    assert_eq!(c.nim_sum, Some(true));
    assert_eq!(c.min_distance, Some(3));
    let mut covered = std::collections::HashSet::new();
    for w in &h.words {
        covered.insert(w.clone());
        for i in 0..7 {
            let mut v = w.clone();
            v[i] ^= 1;
            assert!(covered.insert(v), "balls overlap");
        }
    }
    assert_eq!(covered.len(), 128);
}

/// The closure theorems on codes over GF(4) and GF(16), and nim-sum closure over base 8.
#[test]
fn closure_theorems() {
    for (b, n, d) in [
        (4u64, 4u32, 3u32),
        (4, 5, 3),
        (16, 3, 2),
        (8, 4, 3),
        (2, 8, 4),
    ] {
        let c = Lexicode::new(b, n, d).unwrap().verify();
        assert_eq!(c.nim_sum, Some(true), "{b} {n} {d}");
        if b != 8 {
            assert_eq!(c.scalar, Some(true), "{b} {n} {d}");
        } else {
            assert_eq!(c.scalar, None);
        }
        assert!(c.min_distance.unwrap_or(d) >= d);
    }
    // base 3 is not a power of 2: no claim
    assert_eq!(Lexicode::new(3, 4, 3).unwrap().verify().nim_sum, None);
    // the extended Golay-like check: binary, length 8, distance 4 has 16 words
    assert_eq!(Lexicode::new(2, 8, 4).unwrap().words.len(), 16);
    assert!(Lexicode::new(1, 3, 1).is_err());
    assert!(Lexicode::new(16, 9, 3).is_err());
}
