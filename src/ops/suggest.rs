//! The nearest names to a misspelt one (rules, flags).

/// Levenshtein distance.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The names within a small edit distance of `name`, nearest first (at most three).
pub fn nearest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut near: Vec<(usize, &str)> = candidates.map(|c| (edit_distance(name, c), c)).collect();
    near.sort();
    near.into_iter()
        .take_while(|(d, _)| *d <= name.chars().count().max(3) / 2)
        .take(3)
        .map(|(_, c)| c)
        .collect()
}
