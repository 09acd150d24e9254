//! A misère quotient written as Plambeck and Siegel write it: generators a, b, c, … (one per
//! heap that brought a new element, in order), relations such as `a^2 = 1, b^3 = b, bc = ab`,
//! the P-portion and the pretending function as words in the generators.
//!
//! Each element is named by its least word in the graded order (fewer letters first, then
//! the word with the smaller power of the latest letter, then of the one before…), so
//! `bc = ab` rather than `ab = bc`. The words so chosen are closed under division (if a
//! word is least, so is each of its divisors, the order being multiplicative), and the
//! relations are the *minimal* words that are not least — each divisor of them is least —
//! set equal to the least word of their element: together a complete rewriting system,
//! hence a presentation.

use super::quotient::Quotient;
use crate::kernel::KernelError;
use serde::Serialize;
use std::collections::HashMap;

/// A quotient's presentation and names, ready to print.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Presentation {
    /// The generators' names with the heap each stands for.
    pub generators: Vec<(String, usize)>,
    /// The relations `lhs = rhs`, in order of the left side.
    pub relations: Vec<(String, String)>,
    /// The number of elements.
    pub order: usize,
    /// The P-portion's elements, by name.
    pub p_portion: Vec<String>,
    /// The pretending function: the name of the heap of k, for k = 0, 1, …, n.
    pub pretending: Vec<String>,
    /// Every element's name, in the graded order.
    pub elements: Vec<String>,
    /// The multiplication table of a small quotient (order at most `GRID_MAX`; empty
    /// otherwise): `table[i][j]` is the position in `elements` of `elements[i]·elements[j]`.
    pub table: Vec<Vec<usize>>,
}

/// The largest order whose multiplication table is kept and printed: a 64 × 64 grid is as
/// much as a reader can scan.
pub const GRID_MAX: usize = 64;

/// The letter of the i-th generator: a … z, then g26, g27, ….
fn letter(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{i}")
    }
}

/// A word (exponents of the generators) printed: `1`, `a`, `ab^2c`.
fn word(e: &[u32]) -> String {
    let mut s = String::new();
    for (i, &k) in e.iter().enumerate() {
        match k {
            0 => {}
            1 => s.push_str(&letter(i)),
            _ => s.push_str(&format!("{}^{k}", letter(i))),
        }
    }
    if s.is_empty() {
        "1".into()
    } else {
        s
    }
}

/// The graded order's key: total degree, then exponents from the latest generator back.
fn key(e: &[u32]) -> (u32, Vec<u32>) {
    (e.iter().sum(), e.iter().rev().copied().collect())
}

/// The presentation of `q`.
pub fn present(q: &Quotient) -> Result<Presentation, KernelError> {
    let m = &q.monoid;
    let n = m.order();
    let gens: Vec<u32> = q.generators.iter().map(|&h| q.heaps[h]).collect();
    let r = gens.len();
    // Least word of each element: breadth-first over degree, each degree in the order.
    let mut least: Vec<Option<Vec<u32>>> = vec![None; n];
    least[0] = Some(vec![0; r]);
    let mut frontier: Vec<(Vec<u32>, u32)> = vec![(vec![0; r], 0)];
    let mut relations: Vec<(Vec<u32>, u32)> = Vec::new();
    let mut guard = 0usize;
    while !frontier.is_empty() {
        // Next degree: each least word times each generator, deduplicated, in order.
        let mut next: HashMap<Vec<u32>, u32> = HashMap::new();
        for (w, x) in &frontier {
            for (i, &g) in gens.iter().enumerate() {
                let mut v = w.clone();
                v[i] += 1;
                next.insert(v, m.mul(*x, g));
                guard += 1;
                if guard > 1 << 22 {
                    return Err(KernelError::TooLarge {
                        what: "a misère quotient's presentation".into(),
                    });
                }
            }
        }
        let mut words: Vec<(Vec<u32>, u32)> = next.into_iter().collect();
        words.sort_by_key(|(w, _)| key(w));
        let mut new_frontier = Vec::new();
        for (w, x) in words {
            // Only words all of whose divisors are least are candidates.
            let divisors_least = (0..r).all(|i| {
                if w[i] == 0 {
                    return true;
                }
                let mut d = w.clone();
                d[i] -= 1;
                least.iter().any(|l| l.as_ref() == Some(&d))
            });
            if !divisors_least {
                continue;
            }
            if least[x as usize].is_none() {
                least[x as usize] = Some(w.clone());
                new_frontier.push((w, x));
            } else {
                relations.push((w, x));
            }
        }
        frontier = new_frontier;
    }
    let mut names = Vec::with_capacity(n);
    for l in &least {
        match l {
            Some(w) => names.push(word(w)),
            None => {
                return Err(KernelError::TooLarge {
                    what: "a misère quotient element not generated by its generators".into(),
                })
            }
        }
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&x| key(least[x].as_ref().expect("named above")));
    relations.sort_by_key(|(w, _)| key(w));
    let mut pos = vec![0usize; n];
    for (i, &x) in order.iter().enumerate() {
        pos[x] = i;
    }
    let table = if n <= GRID_MAX {
        order
            .iter()
            .map(|&x| {
                order
                    .iter()
                    .map(|&y| pos[m.mul(x as u32, y as u32) as usize])
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Presentation {
        generators: gens
            .iter()
            .enumerate()
            .map(|(i, _)| (letter(i), q.generators[i]))
            .collect(),
        relations: relations
            .iter()
            .map(|(w, x)| (word(w), names[*x as usize].clone()))
            .collect(),
        order: n,
        p_portion: order
            .iter()
            .filter(|&&x| m.p[x])
            .map(|&x| names[x].clone())
            .collect(),
        pretending: q.heaps.iter().map(|&x| names[x as usize].clone()).collect(),
        elements: order.iter().map(|&x| names[x].clone()).collect(),
        table,
    })
}

impl Presentation {
    /// `<a, b | a^2 = 1, b^3 = b>`, as the papers write it (ASCII).
    pub fn print(&self) -> String {
        let g: Vec<&str> = self.generators.iter().map(|(s, _)| s.as_str()).collect();
        let rel: Vec<String> = self
            .relations
            .iter()
            .map(|(l, r)| format!("{l} = {r}"))
            .collect();
        if rel.is_empty() {
            format!("<{}>", g.join(", "))
        } else {
            format!("<{} | {}>", g.join(", "), rel.join(", "))
        }
    }

    /// The P-portion as a set: `{a, b^2}`.
    pub fn print_p(&self) -> String {
        format!("{{{}}}", self.p_portion.join(", "))
    }

    /// The multiplication table as a grid a student can read: one row and one column per
    /// element in the graded order, each cell the product's name, in parentheses when the
    /// product is in the P-portion (its sums are misère P-positions). `None` past
    /// `GRID_MAX` elements.
    pub fn print_grid(&self) -> Option<String> {
        if self.table.is_empty() {
            return None;
        }
        let is_p: Vec<bool> = self
            .elements
            .iter()
            .map(|e| self.p_portion.contains(e))
            .collect();
        let cell = |i: usize| {
            if is_p[i] {
                format!("({})", self.elements[i])
            } else {
                self.elements[i].clone()
            }
        };
        let w = (0..self.order).map(|i| cell(i).len()).max().unwrap_or(1);
        let mut s = format!("{:>w$} |", "·");
        for i in 0..self.order {
            s.push_str(&format!(" {:>w$}", cell(i)));
        }
        s.push('\n');
        s.push_str(&"-".repeat(w + 1));
        s.push('+');
        s.push_str(&"-".repeat((w + 1) * self.order));
        s.push('\n');
        for (i, row) in self.table.iter().enumerate() {
            s.push_str(&format!("{:>w$} |", cell(i)));
            for &c in row {
                s.push_str(&format!(" {:>w$}", cell(c)));
            }
            s.push('\n');
        }
        Some(s)
    }

    /// The pretending function from heap 0: `[1, a, b, ab]`.
    pub fn print_pretending(&self) -> String {
        format!("[{}]", self.pretending.join(", "))
    }
}
