//! Lexicographic codes (seed 003, "lexicodes"): the greedy code over the alphabet `0..base`.
//!
//! Walk every word of the given length in lexicographic order (the first letter most
//! significant) and keep a word when its Hamming distance to every word kept so far is at least
//! the minimum distance. Conway and Sloane's theorem: for a base that is a power of 2 the code is
//! closed under letter-wise nim addition (it is linear over GF(2)), and for a base `2^(2^k)` (a
//! field of nimbers) it is also closed under multiplying every letter by one nimber scalar (it is
//! linear over GF(2^(2^k))). [`Lexicode::verify`] checks both on the code just built, so the
//! theorem is tested on every code, not assumed.

use super::nimber::nim_mul_u64;

/// Most words a lexicode search may walk (`base^length`).
pub const MAX_WORDS: u64 = 1 << 22;

/// A lexicode and how it was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexicode {
    /// The alphabet size.
    pub base: u64,
    /// The word length.
    pub length: u32,
    /// The minimum distance asked for.
    pub distance: u32,
    /// The codewords, in the order found (lexicographic), each a list of letters.
    pub words: Vec<Vec<u64>>,
}

/// What [`Lexicode::verify`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closure {
    /// `Some(true)` when every nim sum of two codewords is a codeword; `None` when the base is
    /// not a power of 2 (nim addition does not stay in the alphabet).
    pub nim_sum: Option<bool>,
    /// `Some(true)` when every nimber multiple of a codeword is a codeword; `None` unless the
    /// base is a Fermat 2-power `2^(2^k)`.
    pub scalar: Option<bool>,
    /// The least distance between two distinct codewords (`None` for fewer than two words).
    pub min_distance: Option<u32>,
}

impl Lexicode {
    /// Builds the lexicode, or says why not (base below 2, or more than `MAX_WORDS` words).
    ///
    /// ```
    /// use onag::Lexicode;
    /// let h = Lexicode::new(2, 7, 3).unwrap();
    /// assert_eq!(h.words.len(), 16); // the Hamming code
    /// ```
    pub fn new(base: u64, length: u32, distance: u32) -> Result<Lexicode, String> {
        Self::new_within(base, length, distance, &mut || Ok(()))
    }

    /// [`Lexicode::new`] under a limit: `check` is asked every `CHECK_WORK` comparisons of
    /// two words and its error (a deadline passed, say) ends the search with that error, never
    /// with a partial code.
    pub fn new_within(
        base: u64,
        length: u32,
        distance: u32,
        check: &mut dyn FnMut() -> Result<(), String>,
    ) -> Result<Lexicode, String> {
        let mut work = Work::new(check);
        if base < 2 {
            return Err(format!("the base must be at least 2, found {base}"));
        }
        let total = (0..length).try_fold(1u64, |acc, _| acc.checked_mul(base));
        let total = match total {
            Some(t) if t <= MAX_WORDS => t,
            _ => {
                return Err(format!(
                    "{base}^{length} words are more than the {MAX_WORDS} this search walks"
                ))
            }
        };
        let mut words: Vec<Vec<u64>> = Vec::new();
        let mut w = vec![0u64; length as usize];
        for i in 0..total {
            if i > 0 {
                // next word: increment the last letter with carries
                for j in (0..w.len()).rev() {
                    w[j] += 1;
                    if w[j] < base {
                        break;
                    }
                    w[j] = 0;
                }
            }
            work.spend(words.len() as u64 + 1)?;
            if words.iter().all(|c| hamming(c, &w) >= distance) {
                words.push(w.clone());
            }
        }
        Ok(Lexicode {
            base,
            length,
            distance,
            words,
        })
    }

    /// Checks the closure theorems and the distance on this code.
    pub fn verify(&self) -> Closure {
        match self.verify_within::<std::convert::Infallible>(&mut || Ok(())) {
            Ok(c) => c,
            Err(never) => match never {},
        }
    }

    /// [`Lexicode::verify`] under a limit, as in [`Lexicode::new_within`].
    pub fn verify_within<E>(&self, check: &mut dyn FnMut() -> Result<(), E>) -> Result<Closure, E> {
        let mut work = Work::new(check);
        let n = self.words.len() as u64;
        let set: std::collections::HashSet<&Vec<u64>> = self.words.iter().collect();
        let pow2 = self.base.is_power_of_two();
        let nim_sum = match pow2 {
            false => None,
            true => {
                let mut closed = true;
                for u in &self.words {
                    work.spend(n)?;
                    closed &= self.words.iter().all(|v| {
                        let s: Vec<u64> = u.iter().zip(v).map(|(a, b)| a ^ b).collect();
                        set.contains(&s)
                    });
                    if !closed {
                        break;
                    }
                }
                Some(closed)
            }
        };
        let fermat = pow2 && {
            let bits = self.base.trailing_zeros();
            bits.is_power_of_two()
        };
        let scalar = match fermat {
            false => None,
            true => {
                let mut closed = true;
                for s in 0..self.base {
                    work.spend(n)?;
                    closed &= self.words.iter().all(|u| {
                        let m: Vec<u64> = u.iter().map(|&a| nim_mul_u64(s, a)).collect();
                        set.contains(&m)
                    });
                    if !closed {
                        break;
                    }
                }
                Some(closed)
            }
        };
        let mut min_distance = None;
        for (i, u) in self.words.iter().enumerate() {
            work.spend(n)?;
            for v in &self.words[i + 1..] {
                let d = hamming(u, v);
                min_distance = Some(min_distance.map_or(d, |m: u32| m.min(d)));
            }
        }
        Ok(Closure {
            nim_sum,
            scalar,
            min_distance,
        })
    }
}

/// How many word comparisons pass between two calls of a limit's check.
pub const CHECK_WORK: u64 = 1 << 16;

/// Work counted towards the next check.
struct Work<'a, E> {
    check: &'a mut dyn FnMut() -> Result<(), E>,
    since: u64,
}

impl<'a, E> Work<'a, E> {
    fn new(check: &'a mut dyn FnMut() -> Result<(), E>) -> Self {
        Work { check, since: 0 }
    }
    fn spend(&mut self, units: u64) -> Result<(), E> {
        self.since = self.since.saturating_add(units);
        if self.since >= CHECK_WORK {
            self.since = 0;
            (self.check)()?;
        }
        Ok(())
    }
}

/// The number of places where two words differ.
pub fn hamming(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).filter(|(x, y)| x != y).count() as u32
}
