//! The position languages of the rulesets: one reader per language, called both by the
//! producer (the ruleset modules, which value and open positions) and by the proof checker's
//! naive move generators (`functions::rulesets_check`). A text therefore means one position to
//! both, or is refused by both with the same error: two readers of one language that disagreed
//! let `onag check` accept false proofs (issue 28). Move generation stays separate on each side.
//!
//! Every reader is strict; the grammars are written out in docs/POSITIONS.md. A character
//! outside its language is an error naming it (by its code point when it is invisible or not
//! ASCII) at its line and column. Nothing is skipped or folded: no lowercase letter for an
//! uppercase one, no carriage return, tab, NUL, byte order mark, trailing space or Unicode
//! look-alike. The readers return what the text says in the language's own terms (squares as
//! indices of an alphabet, edges between named nodes, digits, numbers); each side builds its
//! own structures from that.

use super::{PositionError, RulesetError};

pub mod graph;
pub mod grids;
pub mod spawning;
pub mod strips;
pub mod take_and_break;

/// Most squares a board's text may hold; larger boards are refused (a limit) before anything
/// is built.
pub const MAX_BOARD_SQUARES: usize = 1 << 16;
/// Longest Toads and Frogs row.
pub const MAX_TOADS_ROW: usize = 1024;
/// Most edges a Hackenbush picture's text may have.
pub const MAX_PICTURE_EDGES: usize = 1 << 16;
/// Most digits after the point of an octal code, and the largest number of a subtraction set.
pub const MAX_CODE_DIGITS: usize = 4096;

/// A character as an error names it: `character 'x'` for printable ASCII, otherwise its
/// code point (and a name for the usual invisible ones), so a carriage return or a byte order
/// mark that a terminal would not show is still seen.
pub fn describe(c: char) -> String {
    let named = match c {
        '\r' => Some("carriage return"),
        '\n' => Some("line break"),
        '\t' => Some("tab"),
        '\0' => Some("NUL"),
        ' ' => Some("space"),
        '\u{feff}' => Some("byte order mark"),
        '\u{a0}' => Some("no-break space"),
        '\u{200b}' => Some("zero-width space"),
        _ => None,
    };
    match named {
        Some(n) => format!("{n} (U+{:04X})", c as u32),
        None if c.is_ascii_graphic() => format!("character '{c}'"),
        None if c.is_control() => format!("control character U+{:04X}", c as u32),
        None => format!("character '{c}' (U+{:04X}, not ASCII)", c as u32),
    }
}

/// The ASCII character `c` is easily taken for, if any: a fullwidth form or a Cyrillic or
/// Greek capital that looks like a Latin one.
fn look_alike(c: char) -> Option<char> {
    let u = c as u32;
    if (0xFF01..=0xFF5E).contains(&u) {
        return char::from_u32(u - 0xFEE0);
    }
    Some(match c {
        'о' | 'ο' => 'o',
        'х' | 'χ' => 'x',
        'О' | 'Ο' => 'O',
        'Х' | 'Χ' => 'X',
        'Т' | 'Τ' => 'T',
        'Е' | 'Ε' => 'E',
        'В' | 'Β' => 'B',
        'Г' => 'r',
        '—' | '–' | '−' | '‐' => '-',
        '·' | '•' | '․' => '.',
        '＃' => '#',
        _ => return None,
    })
}

/// What to write instead of `c`, when one of `meant` is the likely intention.
fn hint(c: char, meant: &[char]) -> String {
    if c.is_ascii_lowercase() && meant.contains(&c.to_ascii_uppercase()) {
        return format!("; capital letters only: write '{}'", c.to_ascii_uppercase());
    }
    if c.is_ascii_uppercase() && meant.contains(&c.to_ascii_lowercase()) {
        return format!(
            "; lowercase letters only: write '{}'",
            c.to_ascii_lowercase()
        );
    }
    match look_alike(c) {
        Some(a) if meant.contains(&a) => format!("; it looks like '{a}' but is not: write '{a}'"),
        _ => String::new(),
    }
}

/// The error for a character outside a language.
fn unexpected(
    text: &str,
    at: usize,
    c: char,
    what: &str,
    legend: &str,
    meant: &[char],
) -> RulesetError {
    PositionError::at(
        text,
        at,
        format!(
            "unexpected {} in {what} ({legend}){}",
            describe(c),
            hint(c, meant)
        ),
    )
    .into()
}

/// A board as its text says: `height` rows of `width` squares, each square its character
/// (one of the ruleset's alphabet), row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Squares per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Row-major squares.
    pub cells: Vec<char>,
}

impl Board {
    /// The rows, top to bottom.
    pub fn rows(&self) -> Vec<Vec<char>> {
        self.cells
            .chunks(self.width.max(1))
            .map(<[char]>::to_vec)
            .collect()
    }
}

/// Reads a Domineering board: the board language over `.` (an empty square) and `#` (a
/// filled one).
pub fn domineering(text: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', '#'],
        "a Domineering board",
        ". is an empty square, # a filled one",
    )
}

/// Reads a Clobber board: the board language over `x` (Left's stone), `o` (Right's) and `.`
/// (an empty square).
pub fn clobber(text: &str) -> Result<Board, RulesetError> {
    board(
        text,
        &['.', 'x', 'o'],
        "a Clobber board",
        "x is Left's stone, o Right's, . an empty square",
    )
}

/// Reads a board (the language of [`domineering`] and [`clobber`]): `board = row { sep row }`, `sep = "|" | "\n"`,
/// `row = square { square }`, each square one character of `alphabet`, every row as long as
/// the first. `what` names the ruleset in errors (`"a Domineering board"`), `legend` says what
/// the characters mean. A board of more than [`MAX_BOARD_SQUARES`] squares is a limit.
fn board(text: &str, alphabet: &[char], what: &str, legend: &str) -> Result<Board, RulesetError> {
    if text.is_empty() {
        return Err(PositionError::at(
            text,
            0,
            format!("{what} needs at least one square ({legend})"),
        )
        .into());
    }
    let mut meant: Vec<char> = alphabet.to_vec();
    meant.push('|');
    let mut cells = Vec::new();
    let mut width: Option<usize> = None;
    let mut height = 0;
    let (mut row_len, mut row_start) = (0usize, 0usize);
    let mut end_row = |row_len: usize, row_start: usize, height: &mut usize| {
        if row_len == 0 {
            return Err(PositionError::at(
                text,
                row_start,
                format!("an empty row in {what}: every row needs at least one square ({legend}; rows are separated by |)"),
            ));
        }
        match width {
            None => width = Some(row_len),
            Some(w) if w != row_len => {
                return Err(PositionError::at(
                    text,
                    row_start,
                    format!(
                        "this row of {what} has {row_len} square{}, the first row has {w} (rows must have equal lengths)",
                        if row_len == 1 { "" } else { "s" }
                    ),
                ))
            }
            _ => {}
        }
        *height += 1;
        Ok(())
    };
    for (i, c) in text.chars().enumerate() {
        if c == '|' || c == '\n' {
            end_row(row_len, row_start, &mut height)?;
            row_len = 0;
            row_start = i + 1;
            continue;
        }
        if !alphabet.contains(&c) {
            return Err(unexpected(
                text,
                i,
                c,
                what,
                &format!("{legend}; rows are separated by |"),
                &meant,
            ));
        }
        if cells.len() >= MAX_BOARD_SQUARES {
            return Err(super::too_large(format!(
                "{what} of more than {MAX_BOARD_SQUARES} squares"
            )));
        }
        cells.push(c);
        row_len += 1;
    }
    end_row(row_len, row_start, &mut height)?;
    Ok(Board {
        width: width.unwrap_or(0),
        height,
        cells,
    })
}

/// Reads a one-row position over the alphabet `meant`, at most `max` squares (beyond is a
/// limit, exit 3): the shared loop of the strip languages, so every strip refuses a stray
/// character and an overlong text with the same words. `what` names the language in errors,
/// `legend` says what each character means.
pub(crate) fn strip(
    text: &str,
    meant: &[char],
    what: &str,
    legend: &str,
    max: usize,
) -> Result<Vec<char>, RulesetError> {
    let mut squares = Vec::new();
    for (i, c) in text.chars().enumerate() {
        if !meant.contains(&c) {
            return Err(unexpected(text, i, c, what, legend, meant));
        }
        if squares.len() >= max {
            return Err(super::too_large(format!(
                "{what} of more than {max} squares"
            )));
        }
        squares.push(c);
    }
    Ok(squares)
}

/// Reads a Toads and Frogs row: `row = square { square }`, `square = "T" | "F" | "."`, at
/// most [`MAX_TOADS_ROW`] squares (beyond is a limit). The row is returned as its characters.
pub fn toads(text: &str) -> Result<Vec<char>, RulesetError> {
    let row = strip(
        text,
        &['T', 'F', '.'],
        "a Toads and Frogs row",
        "T a toad, F a frog, . an empty square",
        MAX_TOADS_ROW,
    )?;
    if row.is_empty() {
        return Err(
            PositionError::at(text, 0, "a Toads and Frogs row needs at least one square").into(),
        );
    }
    Ok(row)
}

/// A Hackenbush edge as its text says: the nodes it joins (`_` the ground) and its colour,
/// `'L'` (blue, Left's), `'R'` (red, Right's) or `'E'` (green, both players'). The edge is an
/// unordered pair of nodes: `a L b` and `b L a` are one edge.
pub type Edge = (String, char, String);

/// The colour a letter of the picture language names (`B` and `G` are blue and green).
fn colour(c: char) -> Option<char> {
    match c {
        'L' | 'B' => Some('L'),
        'R' => Some('R'),
        'E' | 'G' => Some('E'),
        _ => None,
    }
}

const COLOURS: [char; 5] = ['L', 'R', 'E', 'B', 'G'];

/// Hackenbush's whitespace: spaces and line breaks (and nothing else: no tabs, no carriage
/// returns).
fn blank(c: char) -> bool {
    c == ' ' || c == '\n'
}

/// Reads a Hackenbush picture, in the tree form (`"LR(E,L),R"`) or the graph form
/// (`"_ L a R b, a E _"`): the graph form when the text has a `_` or a comma-separated part
/// of two words. Returns the edges in the order written (tree-form nodes are named `n1`,
/// `n2`, … in the order their edges are written). A picture of more than
/// [`MAX_PICTURE_EDGES`] edges is a limit.
///
/// A text with no `_`, no `,` and none of the capitals `L R E B G` (outside `:` names and
/// `{…}` groups) is in CGSuite's notation instead (`"lrlrr"`, `"eee(e;ee)"`, `":Geeee:G"`),
/// read by [`graph::graph`] as CGSuite's `Hackenbush("…")` reads it: [`hackenbush_cgsuite`].
pub fn hackenbush(text: &str) -> Result<Vec<Edge>, RulesetError> {
    let chars: Vec<char> = text.chars().collect();
    if cgsuite_form(&chars) {
        return hackenbush_cgsuite(text);
    }
    if chars.iter().all(|&c| blank(c)) {
        return Err(PositionError::at(
            text,
            0,
            "a Hackenbush picture needs at least one edge (for example \"LR\" or \"_ L a\")",
        )
        .into());
    }
    // Two words in one comma-separated part: `a L b`.
    let mut spaced = false;
    let (mut words, mut in_word) = (0, false);
    for &c in &chars {
        if c == ',' {
            words = 0;
            in_word = false;
        } else if blank(c) {
            in_word = false;
        } else if !in_word {
            in_word = true;
            words += 1;
            spaced |= words > 1;
        }
    }
    if spaced || chars.contains(&'_') {
        hackenbush_graph(text, &chars)
    } else {
        hackenbush_tree(text, &chars)
    }
}

/// Whether a Hackenbush text is in CGSuite's notation: onag's own forms always have an
/// uppercase colour (the tree form) or the ground `_` (the graph form), and CGSuite's has
/// neither outside its vertex names (`:A`, `{name}`) and never a comma.
fn cgsuite_form(chars: &[char]) -> bool {
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            ':' => i += 2,
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    i += 1;
                }
                i += 1;
            }
            '_' | ',' | 'L' | 'R' | 'E' | 'B' | 'G' => return false,
            _ => i += 1,
        }
    }
    true
}

/// CGSuite's Hackenbush alphabet: edges `l` (blue), `r` (red), `e` (green), vertices unlabelled.
const HACKENBUSH_CGSUITE: graph::Alphabet = graph::Alphabet {
    vertex_labels: &[],
    edge_labels: &["l", "r", "e"],
    what: "a Hackenbush picture in CGSuite's notation",
    legend:
        "l blue, r red, e green edges going up from the ground; (…;…) branches; :A names a vertex",
};

/// Reads a Hackenbush picture in CGSuite's graph notation (docs/POSITIONS.md): the first
/// vertex written is the ground, named `_`; the others are named `v2`, `v3`, … in the order
/// they are first written (CGSuite's vertex numbers). As in CGSuite, the empty text (no
/// ground) and a graph not connected are errors (CGSuite: "That `Graph` is empty (no
/// ground)", "…is not connected"), here at the first vertex not joined to the ground.
pub fn hackenbush_cgsuite(text: &str) -> Result<Vec<Edge>, RulesetError> {
    let g = graph::graph(text, &HACKENBUSH_CGSUITE)?;
    if g.vertices.is_empty() {
        return Err(PositionError::at(
            text,
            0,
            "a Hackenbush picture needs the ground: the empty graph has no ground (write \"lr\", \".\" for the bare ground)",
        )
        .into());
    }
    let n = g.vertices.len();
    let mut reach = vec![false; n];
    reach[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, _, _) in &g.edges {
            if reach[a] != reach[b] {
                reach[a] = true;
                reach[b] = true;
                changed = true;
            }
        }
    }
    if let Some(v) = reach.iter().position(|r| !r) {
        return Err(PositionError::at(
            text,
            g.vertices[v].1,
            "this vertex is not joined to the ground (the first vertex written): the graph is not connected, and CGSuite refuses it too",
        )
        .into());
    }
    let name = |v: usize| {
        if v == 0 {
            "_".to_string()
        } else {
            format!("v{}", v + 1)
        }
    };
    Ok(g.edges
        .iter()
        .map(|(a, b, l, _)| {
            let c = match l.as_str() {
                "l" => 'L',
                "r" => 'R',
                _ => 'E',
            };
            (name(*a), c, name(*b))
        })
        .collect())
}

fn too_many_edges() -> RulesetError {
    super::too_large(format!(
        "a Hackenbush picture of more than {MAX_PICTURE_EDGES} edges"
    ))
}

/// The tree form: `forest = branch { "," branch }`, `branch = colour { colour } [ "(" forest
/// ")" ]`, spaces and line breaks allowed between symbols.
fn hackenbush_tree(text: &str, chars: &[char]) -> Result<Vec<Edge>, RulesetError> {
    #[derive(PartialEq)]
    enum At {
        /// A branch starts: an edge letter must come.
        Start,
        /// Within a branch: its top is `top`.
        Branch,
        /// Just after a `(…)` group: only `,` or `)` or the end.
        Group,
    }
    let mut edges: Vec<Edge> = Vec::new();
    // The nodes the open groups grow from; the bottom entry is the ground.
    let mut bases: Vec<String> = vec!["_".into()];
    let mut top = "_".to_string();
    let mut state = At::Start;
    let empty_branch = |i: usize| -> RulesetError {
        PositionError::at(
            text,
            i,
            "an empty branch: a branch starts with an edge (L, R or E), as in L(R,E)",
        )
        .into()
    };
    for (i, &c) in chars.iter().enumerate() {
        if blank(c) {
            continue;
        }
        match c {
            '(' => {
                if state != At::Branch {
                    return Err(PositionError::at(
                        text,
                        i,
                        "a '(' must follow an edge: write L(R,E)",
                    )
                    .into());
                }
                bases.push(top.clone());
                state = At::Start;
            }
            ')' => {
                if state == At::Start {
                    return Err(empty_branch(i));
                }
                if bases.len() < 2 {
                    return Err(PositionError::at(text, i, "this ')' closes nothing").into());
                }
                bases.pop();
                state = At::Group;
            }
            ',' => {
                if state == At::Start {
                    return Err(empty_branch(i));
                }
                top = bases.last().cloned().unwrap_or_else(|| "_".into());
                state = At::Start;
            }
            c => {
                let Some(colour) = colour(c) else {
                    return Err(unexpected(
                        text,
                        i,
                        c,
                        "a Hackenbush picture",
                        "L blue, R red, E green; L(R,E) for branches; use _ for the ground in the graph form",
                        &COLOURS,
                    ));
                };
                if state == At::Group {
                    return Err(
                        PositionError::at(text, i, "after a (…) group write ',' or ')'").into(),
                    );
                }
                if edges.len() >= MAX_PICTURE_EDGES {
                    return Err(too_many_edges());
                }
                let node = format!("n{}", edges.len() + 1);
                edges.push((std::mem::replace(&mut top, node.clone()), colour, node));
                state = At::Branch;
            }
        }
    }
    if bases.len() > 1 {
        return Err(PositionError::at(text, chars.len(), "a '(' is not closed").into());
    }
    if state == At::Start {
        return Err(empty_branch(chars.len()));
    }
    Ok(edges)
}

/// The graph form: `picture = path { "," path }`, `path = node colour node { colour node }`,
/// `node = "_" | (letter | digit) { letter | digit }`, symbols separated by spaces or line
/// breaks.
fn hackenbush_graph(text: &str, chars: &[char]) -> Result<Vec<Edge>, RulesetError> {
    let mut edges: Vec<Edge> = Vec::new();
    // Where each edge's colour is written, for an edge off the ground.
    let mut places: Vec<usize> = Vec::new();
    let mut path: Vec<(usize, String)> = Vec::new();
    let finish = |path: &mut Vec<(usize, String)>,
                  edges: &mut Vec<Edge>,
                  places: &mut Vec<usize>,
                  end: usize|
     -> Result<(), RulesetError> {
        if path.is_empty() {
            return Err(PositionError::at(
                text,
                end,
                "an empty path: write node colour node …, such as _ L a",
            )
            .into());
        }
        if path.len() < 3 || path.len().is_multiple_of(2) {
            let at = path.last().map_or(end, |p| p.0);
            return Err(PositionError::at(
                text,
                at,
                "a path alternates nodes and colours and ends with a node: _ L a R b",
            )
            .into());
        }
        let node = |(at, name): &(usize, String)| -> Result<String, RulesetError> {
            if name == "_" || name.chars().all(|c| c.is_ascii_alphanumeric()) {
                Ok(name.clone())
            } else {
                Err(PositionError::at(
                    text,
                    *at,
                    format!(
                        "{name:?} is not a node name (letters and digits, or _ for the ground)"
                    ),
                )
                .into())
            }
        };
        let mut prev = node(&path[0])?;
        for pair in path[1..].chunks(2) {
            let (at, word) = &pair[0];
            let c = match word.chars().collect::<Vec<_>>().as_slice() {
                [c] => colour(*c),
                _ => None,
            };
            let Some(c) = c else {
                let lower = match word.chars().collect::<Vec<_>>().as_slice() {
                    [c] => hint(*c, &COLOURS),
                    _ => String::new(),
                };
                return Err(PositionError::at(
                    text,
                    *at,
                    format!("{word:?} is not a colour (L, R or E){lower}"),
                )
                .into());
            };
            let next = node(&pair[1])?;
            if edges.len() >= MAX_PICTURE_EDGES {
                return Err(too_many_edges());
            }
            edges.push((std::mem::replace(&mut prev, next.clone()), c, next));
            places.push(*at);
        }
        path.clear();
        Ok(())
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if blank(c) {
            i += 1;
        } else if c == ',' {
            finish(&mut path, &mut edges, &mut places, i)?;
            i += 1;
        } else {
            let start = i;
            while i < chars.len() && !blank(chars[i]) && chars[i] != ',' {
                let d = chars[i];
                if !d.is_ascii_alphanumeric() && d != '_' {
                    return Err(unexpected(
                        text,
                        i,
                        d,
                        "a Hackenbush picture",
                        "paths of nodes and colours: _ L a R b, a E _; nodes are letters and digits, _ the ground",
                        &COLOURS,
                    ));
                }
                i += 1;
            }
            path.push((start, chars[start..i].iter().collect()));
        }
    }
    finish(&mut path, &mut edges, &mut places, chars.len())?;
    if let Some(k) = off_the_ground(&edges) {
        let (a, c, b) = &edges[k];
        return Err(PositionError::at(
            text,
            places[k],
            format!(
                "the edge {a} {c} {b} is not joined to the ground by any path: it would fall before the game starts. Join its part to the ground _ or leave it out (onag does not drop it silently)"
            ),
        )
        .into());
    }
    Ok(edges)
}

/// The first edge not joined to the ground `_` by any path of edges, if any.
fn off_the_ground(edges: &[Edge]) -> Option<usize> {
    use std::collections::{HashMap, HashSet};
    let mut next: HashMap<&str, Vec<&str>> = HashMap::new();
    for (a, _, b) in edges {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default().push(a);
    }
    let mut grounded: HashSet<&str> = HashSet::from(["_"]);
    let mut todo = vec!["_"];
    while let Some(x) = todo.pop() {
        for &y in next.get(x).map_or(&[][..], |v| &v[..]) {
            if grounded.insert(y) {
                todo.push(y);
            }
        }
    }
    edges
        .iter()
        .position(|(a, _, _)| !grounded.contains(a.as_str()))
}

/// Reads an octal code: `code = [ "0" | "4" ] "." { octal digit }`. Returns the digits
/// `d0, d1, …` as written (trailing zeros kept). More than [`MAX_CODE_DIGITS`] digits after
/// the point is a limit.
pub fn octal_code(text: &str) -> Result<Vec<u8>, RulesetError> {
    const MEANT: [char; 9] = ['0', '1', '2', '3', '4', '5', '6', '7', '.'];
    let chars: Vec<char> = text.chars().collect();
    let form = "an octal code is written d0.d1d2…, such as 0.77 (Kayles) or 0.07 (Dawson's Kayles)";
    let Some(dot) = chars.iter().position(|&c| c == '.') else {
        return Err(match chars.iter().position(|c| !c.is_ascii_digit()) {
            Some(i) => unexpected(text, i, chars[i], "an octal code", form, &MEANT),
            None => PositionError::at(text, 0, form).into(),
        });
    };
    let mut digits = Vec::with_capacity(chars.len());
    digits.push(match chars[..dot] {
        [] => 0,
        ['0'] => 0,
        ['4'] => 4,
        [c] if c.is_ascii_digit() => {
            return Err(PositionError::at(
                text,
                0,
                format!(
                "the digit before the point must be 0, or 4 (split a heap without taking), not {}",
                describe(c)
            ),
            )
            .into())
        }
        [c] => return Err(unexpected(text, 0, c, "an octal code", form, &MEANT)),
        _ => return Err(PositionError::at(text, 1, "one digit before the point (0 or 4)").into()),
    });
    for (i, &c) in chars.iter().enumerate().skip(dot + 1) {
        match c.to_digit(8).filter(|_| c.is_ascii_digit()) {
            Some(d) => digits.push(d as u8),
            None if c.is_ascii_digit() => {
                return Err(PositionError::at(
                    text,
                    i,
                    format!("{} is not an octal digit (0 to 7)", describe(c)),
                )
                .into())
            }
            None => return Err(unexpected(text, i, c, "an octal code", form, &MEANT)),
        }
        if digits.len() > MAX_CODE_DIGITS + 1 {
            return Err(super::too_large(format!(
                "an octal code of more than {MAX_CODE_DIGITS} digits"
            )));
        }
    }
    Ok(digits)
}

/// Reads a subtraction set: `set = number { "," number }`, each number a positive whole
/// number written in decimal digits, with spaces allowed around it. A number above
/// [`MAX_CODE_DIGITS`] is a limit. Returns the numbers in the order written.
pub fn subtraction_set(text: &str) -> Result<Vec<usize>, RulesetError> {
    const MEANT: [char; 12] = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', ',', ' '];
    let form = "a subtraction set is written 1,2,3";
    let chars: Vec<char> = text.chars().collect();
    let mut set = Vec::new();
    let mut start = 0;
    // Each part between commas (and the end).
    while start <= chars.len() {
        let end = chars[start..]
            .iter()
            .position(|&c| c == ',')
            .map_or(chars.len(), |k| start + k);
        let part = &chars[start..end];
        let first = part.iter().position(|&c| c != ' ');
        let Some(first) = first else {
            return Err(PositionError::at(
                text,
                end.min(start + part.len()),
                format!("a missing number: {form}"),
            )
            .into());
        };
        let last = part.iter().rposition(|&c| c != ' ').unwrap_or(first);
        let mut n: usize = 0;
        for (k, &c) in part[first..=last].iter().enumerate() {
            let at = start + first + k;
            let Some(d) = c.to_digit(10).filter(|_| c.is_ascii_digit()) else {
                if c == ' ' {
                    return Err(PositionError::at(
                        text,
                        at,
                        format!("a space inside a number: {form}"),
                    )
                    .into());
                }
                return Err(unexpected(text, at, c, "a subtraction set", form, &MEANT));
            };
            n = n.saturating_mul(10).saturating_add(d as usize);
        }
        if n == 0 {
            return Err(PositionError::at(
                text,
                start + first,
                format!(
                    "0 is not a positive whole number: a move takes at least one token ({form})"
                ),
            )
            .into());
        }
        if n > MAX_CODE_DIGITS {
            return Err(super::too_large(format!(
                "a subtraction set with a number above {MAX_CODE_DIGITS}"
            )));
        }
        set.push(n);
        start = end + 1;
    }
    Ok(set)
}
