//! The language of take-and-break codes, as CGSuite reads them (its `TakeAndBreak("…")`):
//! the producer (`rulesets::take_and_break`) and the proof checker's naive move generator both
//! read a code here, so a code means one game to both or is refused by both.
//!
//! ```text
//! code       = digit { digit } "." { digit } [ "[" { digit } "]" ]
//! digit      = ( base32 | "&" decimal ";" | "*" | "{" list "}" ) [ constraint ]
//! base32     = "0" … "9" | "A" … "V" | "a" … "v"
//! list       = item { "," item } [ "+" ]
//! item       = decimal [ constraint ]
//! constraint = "!" | "?" | "="
//! ```
//!
//! The digit at position k (the k-th after the point; the one before the point is k = 0) says
//! what a move that takes k tokens from a heap may leave: bit j of its value (a base-32
//! character, or `&n;` in decimal) allows leaving exactly j nonempty heaps; `{1,3}` lists the
//! numbers of heaps, `{2+}` means 2 or more, `*` any number. A constraint applies to the heaps
//! left when there are two or more: `!` pairwise different sizes, `?` not all the same size,
//! `=` all the same size. Digits before the one just left of the point take negative numbers of
//! tokens (they add tokens): in `80.0`, `8` adds one token and leaves three heaps. A bracketed
//! tail repeats forever: `0.[3]` is Nim. A constraint after a list's closing brace applies to
//! every item, which then carries none of its own.

use super::{describe, PositionError, RulesetError};

/// Most digits a code may have (after the point, and before it).
pub const MAX_TB_DIGITS: usize = super::MAX_CODE_DIGITS;
/// The largest number of heaps a list or `&n;` may name (CGSuite's too).
pub const MAX_NAMED_HEAPS: usize = 63;

/// What the heaps a move leaves must satisfy when there are two or more of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// Any sizes.
    Any,
    /// Pairwise different sizes (`!`).
    Distinct,
    /// Not all the same size (`?`).
    NotAllEqual,
    /// All the same size (`=`).
    AllEqual,
}

/// One digit: which numbers of heaps a move may leave, each with its constraint.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TbDigit {
    /// `counts[j]` is `Some(c)` when leaving j heaps is allowed, under `c`.
    pub counts: Vec<Option<Constraint>>,
    /// Every number of heaps from `counts.len()` on is allowed too, under the last entry's
    /// constraint (`{2+}`, `*`): the `+` continues from the largest number listed.
    pub and_more: bool,
}

impl TbDigit {
    /// The constraint on leaving `j` heaps, or `None` when that is not allowed.
    pub fn allows(&self, j: usize) -> Option<Constraint> {
        match self.counts.get(j) {
            Some(c) => *c,
            None if self.and_more => self.counts.last().copied().flatten(),
            None => None,
        }
    }

    /// Whether the digit allows nothing.
    pub fn is_zero(&self) -> bool {
        self.counts.iter().all(Option::is_none)
    }

    /// The most heaps it allows (`None`: no bound).
    pub fn max_heaps(&self) -> Option<usize> {
        if self.and_more && !self.is_zero() {
            return None;
        }
        Some(self.counts.iter().rposition(Option::is_some).unwrap_or(0))
    }
}

/// A code as its text says.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TbCodeText {
    /// `additive[i]`: the digit for a move that adds i + 1 tokens.
    pub additive: Vec<TbDigit>,
    /// `digits[k]`: the digit for a move that takes k tokens (k = 0 the digit before the point).
    pub digits: Vec<TbDigit>,
    /// The last `period` digits repeat forever (0: none does).
    pub period: usize,
}

impl TbCodeText {
    /// The digit for taking k tokens (negative: adding −k).
    pub fn digit(&self, k: i64) -> Option<&TbDigit> {
        if k < 0 {
            return self.additive.get((-k - 1) as usize);
        }
        let k = k as usize;
        if k < self.digits.len() {
            return Some(&self.digits[k]);
        }
        if self.period == 0 {
            return None;
        }
        let pre = self.digits.len() - self.period;
        Some(&self.digits[pre + (k - pre) % self.period])
    }

    /// The most tokens a move may take (`None`: any number, a repeating tail that allows
    /// something).
    pub fn max_take(&self) -> Option<usize> {
        let pre = self.digits.len() - self.period;
        if self.digits[pre..].iter().any(|d| !d.is_zero()) {
            return None;
        }
        Some(self.digits.iter().rposition(|d| !d.is_zero()).unwrap_or(0))
    }
}

const FORM: &str = "a take-and-break code is written d0.d1d2…, such as 0.77 (Kayles), 4!.0 (Grundy's game), 0.3F (hexadecimal) or 0.[3] (Nim)";

fn at(text: &str, i: usize, message: impl Into<String>) -> RulesetError {
    PositionError::at(text, i, message).into()
}

/// Reads a take-and-break code by the grammar above. Errors name the character and its place.
pub fn take_and_break_code(text: &str) -> Result<TbCodeText, RulesetError> {
    let chars: Vec<char> = text.chars().collect();
    let mut before: Vec<TbDigit> = Vec::new();
    let mut after: Vec<TbDigit> = Vec::new();
    let mut seen_point = false;
    let mut period_from: Option<usize> = None;
    let mut period_closed = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if period_closed {
            return Err(at(
                text,
                i,
                format!(
                    "{} after the repeating part: `]` ends the code",
                    describe(c)
                ),
            ));
        }
        let digit = match c {
            '.' if seen_point => {
                return Err(at(text, i, format!("a second point: {FORM}")));
            }
            '.' => {
                if before.is_empty() {
                    // CGSuite's `.07`-style shorthand is not its language: d0 is written.
                    return Err(at(text, i, format!("a digit before the point: {FORM}")));
                }
                seen_point = true;
                i += 1;
                continue;
            }
            '[' if !seen_point => {
                return Err(at(text, i, "a repeating part `[…]` comes after the point"));
            }
            '[' if period_from.is_some() => {
                return Err(at(text, i, "a second `[`"));
            }
            '[' => {
                period_from = Some(after.len());
                i += 1;
                continue;
            }
            ']' if period_from.is_none() => {
                return Err(at(text, i, "`]` without its `[`"));
            }
            ']' => {
                period_closed = true;
                i += 1;
                continue;
            }
            '*' => {
                i += 1;
                let c = constraint(&chars, &mut i);
                TbDigit {
                    counts: vec![Some(c)],
                    and_more: true,
                }
            }
            '&' => {
                let start = i;
                i += 1;
                let mut mask: u64 = 0;
                let mut any = false;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    let d = chars[i] as u64 - '0' as u64;
                    mask = match mask.checked_mul(10).and_then(|m| m.checked_add(d)) {
                        Some(m) if m < (1u64 << MAX_NAMED_HEAPS) => m,
                        _ => {
                            return Err(at(
                                text,
                                start,
                                format!(
                                    "a digit `&n;` names at most {MAX_NAMED_HEAPS} heaps: n < 2^{MAX_NAMED_HEAPS}"
                                ),
                            ))
                        }
                    };
                    any = true;
                    i += 1;
                }
                if !any || chars.get(i) != Some(&';') {
                    return Err(at(
                        text,
                        i.min(chars.len()),
                        "a digit `&n;` is `&`, a number in decimal, then `;`",
                    ));
                }
                i += 1;
                let c = constraint(&chars, &mut i);
                from_mask(mask, c)
            }
            '{' => list(text, &chars, &mut i)?,
            c if c.is_ascii_alphanumeric() => match c.to_digit(32) {
                Some(v) => {
                    i += 1;
                    let k = constraint(&chars, &mut i);
                    from_mask(v as u64, k)
                }
                None => {
                    return Err(at(
                        text,
                        i,
                        format!(
                            "{} is not a digit: digits are 0–9 and A–V (base 32)",
                            describe(c)
                        ),
                    ))
                }
            },
            c => {
                return Err(at(
                    text,
                    i,
                    format!(
                        "unexpected {} in a take-and-break code ({FORM})",
                        describe(c)
                    ),
                ))
            }
        };
        if seen_point {
            after.push(digit);
        } else {
            before.push(digit);
        }
        if before.len() + after.len() > MAX_TB_DIGITS + 1 {
            return Err(super::super::too_large(format!(
                "a take-and-break code of more than {MAX_TB_DIGITS} digits"
            )));
        }
    }
    if !seen_point {
        return Err(at(text, chars.len(), format!("no point: {FORM}")));
    }
    if period_from.is_some() && !period_closed {
        return Err(at(
            text,
            chars.len(),
            "the repeating part `[…` is not closed",
        ));
    }
    let d0 = before.pop().unwrap_or_default();
    before.reverse();
    let period = period_from.map_or(0, |p| after.len() - p);
    let mut digits = vec![d0];
    digits.extend(after);
    let mut code = TbCodeText {
        additive: before,
        digits,
        period,
    };
    // A repeating part of zeros repeats nothing.
    let pre = code.digits.len() - code.period;
    if code.digits[pre..].iter().all(TbDigit::is_zero) {
        code.digits.truncate(pre.max(1));
        code.period = 0;
    }
    if code.period == 0 {
        while code.digits.len() > 1 && code.digits.last().is_some_and(TbDigit::is_zero) {
            code.digits.pop();
        }
    }
    while code.additive.last().is_some_and(TbDigit::is_zero) {
        code.additive.pop();
    }
    Ok(code)
}

fn constraint(chars: &[char], i: &mut usize) -> Constraint {
    let c = match chars.get(*i) {
        Some('!') => Constraint::Distinct,
        Some('?') => Constraint::NotAllEqual,
        Some('=') => Constraint::AllEqual,
        _ => return Constraint::Any,
    };
    *i += 1;
    c
}

fn from_mask(mask: u64, c: Constraint) -> TbDigit {
    let top = 64 - mask.leading_zeros() as usize;
    TbDigit {
        counts: (0..top)
            .map(|j| (mask >> j & 1 == 1).then_some(c))
            .collect(),
        and_more: false,
    }
}

/// `{ item, … [+] } [constraint]`, starting at the `{`.
fn list(text: &str, chars: &[char], i: &mut usize) -> Result<TbDigit, RulesetError> {
    let open = *i;
    let Some(close) = chars[open..]
        .iter()
        .position(|&c| c == '}')
        .map(|k| open + k)
    else {
        return Err(at(text, open, "`{` without its `}`"));
    };
    let mut j = close + 1;
    let global = constraint(chars, &mut j);
    let inner = &chars[open + 1..close];
    let (and_more, inner) = match inner.last() {
        Some('+') => (true, &inner[..inner.len() - 1]),
        _ => (false, inner),
    };
    let mut counts: Vec<Option<Constraint>> = Vec::new();
    let mut start = 0;
    loop {
        let end = inner[start..]
            .iter()
            .position(|&c| c == ',')
            .map_or(inner.len(), |k| start + k);
        let item = &inner[start..end];
        let place = open + 1 + start;
        let digits = item.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(at(
                text,
                place,
                "a list of heap counts is written {1,2}, {2+} or {0,2!,3}",
            ));
        }
        let mut n: usize = 0;
        for &c in &item[..digits] {
            n = n
                .saturating_mul(10)
                .saturating_add(c as usize - '0' as usize);
        }
        if n > MAX_NAMED_HEAPS {
            return Err(at(
                text,
                place,
                format!("a list names at most {MAX_NAMED_HEAPS} heaps, not {n}"),
            ));
        }
        let mut k = digits;
        let own = constraint(item, &mut k);
        if k != item.len() {
            return Err(at(
                text,
                place + k,
                format!("unexpected {} in a list of heap counts", describe(item[k])),
            ));
        }
        if own != Constraint::Any && global != Constraint::Any {
            return Err(at(
                text,
                place + digits,
                "a constraint after the list's `}` applies to every item, which then has none of its own",
            ));
        }
        let c = if own == Constraint::Any { global } else { own };
        if counts.len() <= n {
            counts.resize(n + 1, None);
        }
        counts[n] = Some(c);
        if end == inner.len() {
            break;
        }
        start = end + 1;
    }
    *i = j;
    Ok(TbDigit { counts, and_more })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_digits_lists_and_repeats() {
        let k = take_and_break_code("0.77").unwrap();
        assert_eq!(k.digits.len(), 3);
        assert_eq!(k.digits[1].allows(2), Some(Constraint::Any));
        let g = take_and_break_code("4!.0").unwrap();
        assert_eq!(g.digits.len(), 1);
        assert_eq!(g.digits[0].allows(2), Some(Constraint::Distinct));
        assert_eq!(g.digits[0].allows(1), None);
        let nim = take_and_break_code("0.[3]").unwrap();
        assert_eq!(nim.period, 1);
        assert_eq!(nim.digit(1000).unwrap().allows(1), Some(Constraint::Any));
        assert_eq!(nim.max_take(), None);
        let add = take_and_break_code("80.0").unwrap();
        assert_eq!(add.additive.len(), 1);
        assert_eq!(add.digit(-1).unwrap().allows(3), Some(Constraint::Any));
        let l = take_and_break_code("0.{0,2!,4+}").unwrap();
        assert_eq!(l.digits[1].allows(0), Some(Constraint::Any));
        assert_eq!(l.digits[1].allows(1), None);
        assert_eq!(l.digits[1].allows(2), Some(Constraint::Distinct));
        assert_eq!(l.digits[1].allows(9), Some(Constraint::Any));
        let lower = take_and_break_code("0.3f").unwrap();
        assert_eq!(lower, take_and_break_code("0.3F").unwrap());
        assert_eq!(
            take_and_break_code("0.&15;").unwrap(),
            take_and_break_code("0.F").unwrap()
        );
    }

    #[test]
    fn refuses_with_the_place() {
        for (text, col) in [
            ("077", 4),
            ("0.7x", 4),
            ("0.7]", 4),
            ("0.[3", 5),
            ("[3].0", 1),
            ("0..7", 3),
            ("0.{1,,2}", 6),
            ("0.{1!}!", 5),
            ("0.7[3]0", 7),
            (".07", 1),
            ("0.&99999999999999999999;", 3),
            ("0.{64}", 4),
        ] {
            match take_and_break_code(text) {
                Err(RulesetError::Input(p)) => assert_eq!(p.column, col, "{text}: {p:?}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
