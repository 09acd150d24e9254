//! Cram, the Clobber variants (Kings, Rooks, Knights, Queens) and Amazons against CGSuite's own
//! expected values (`GameGridTest.scala`), published values (Dawson's Kayles for 1×n Cram,
//! Winning Ways' symmetry strategies), and their definitions evaluated directly: the value of
//! a whole board is {Left's options | Right's options} over the boards the naive move
//! generators of the proof checker (`functions::grid_games_check`, written from the rules on
//! rows of characters) reach, memoised on the board's text only — no parts, no symmetries.

use super::{show, value_of, Rng};
use crate::functions::grid_games_check as naive;
use crate::rulesets::gen_clobber::{self, Piece};
use crate::rulesets::{amazons, cram};
use crate::{GameId, Kernel};
use std::collections::{BTreeSet, HashMap};

/// The searched value `fast` is the definition's `slow` on board `what` (both printed when not).
fn same_value(k: &mut Kernel, what: &str, fast: GameId, slow: GameId) {
    assert_eq!(fast, slow, "{what}: {} vs {}", show(k, fast), show(k, slow));
}

/// The definition on whole boards: `moves` gives Left's and Right's boards from a board.
fn brute(
    k: &mut Kernel,
    board: &str,
    moves: &dyn Fn(&str) -> naive::Options,
    memo: &mut HashMap<String, GameId>,
) -> GameId {
    super::by_definition(k, &board.to_string(), &|b: &String| moves(b), memo)
}

fn random_board(rng: &mut Rng, rows: usize, cols: usize, alphabet: &[char]) -> String {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

fn piece_of(name: &str) -> Piece {
    match name {
        "kings" => Piece::King,
        "rooks" => Piece::Rook,
        "knights" => Piece::Knight,
        _ => Piece::Queen,
    }
}

#[test]
fn cgsuite_expected_values() {
    // lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala, as CGSuite prints them.
    let mut k = Kernel::new();
    for (expr, want) in [
        (r#"kings("xox|ox.")"#, "{^^*|*,v[2]}"),
        (r#"rooks("xox|ox.")"#, "{^^*|0,*}"),
        (r#"queens("xox|ox.")"#, "^"),
        (r#"cram(".........|##.######")"#, "*4"),
        (
            r#"amazons("x...|o...")"#,
            "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}",
        ),
    ] {
        let (got, want) = (value_of(&mut k, expr), value_of(&mut k, want));
        assert_eq!(got, want, "{expr}: {}", show(&mut k, got));
    }
}

/// OEIS A002187 (Dawson's Chess), n = 0..59: a 1×n Cram strip is Dawson's Kayles (0.07), a
/// domino taking two adjacent squares of a row, so its value is *a(n−1).
const A002187: [u32; 60] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
];

#[test]
fn cram_published_values() {
    let mut k = Kernel::new();
    for n in 1..=60usize {
        let want = value_of(&mut k, &format!("*{}", A002187[n - 1]));
        let row = ".".repeat(n);
        let b = cram::parse(&row).unwrap();
        assert_eq!(cram::value(&b, &mut k).unwrap(), want, "1×{n}");
        // The same strip standing up.
        let col = vec!["."; n].join("|");
        let b = cram::parse(&col).unwrap();
        assert_eq!(cram::value(&b, &mut k).unwrap(), want, "{n}×1");
    }
    // Winning Ways' symmetry strategies: an even×even board is 0 (the second player copies
    // through the centre), an even×odd board is not (the first player takes the two central
    // squares, then copies); and 2×n is *1 for odd n (Winning Ways, Cram).
    let star = value_of(&mut k, "*");
    let zero = k.zero();
    for (r, c) in [(2, 2), (2, 4), (4, 4), (2, 6), (2, 8), (4, 6)] {
        let b = cram::parse(&vec![".".repeat(c); r].join("|")).unwrap();
        assert_eq!(cram::value(&b, &mut k).unwrap(), zero, "{r}×{c}");
    }
    for c in [1, 3, 5, 7, 9, 11] {
        let b = cram::parse(&vec![".".repeat(c); 2].join("|")).unwrap();
        assert_eq!(cram::value(&b, &mut k).unwrap(), star, "2×{c}");
    }
    for (r, c) in [(4, 3), (4, 5)] {
        let b = cram::parse(&vec![".".repeat(c); r].join("|")).unwrap();
        assert_ne!(cram::value(&b, &mut k).unwrap(), zero, "{r}×{c}");
    }
}

#[test]
fn cram_matches_the_definition() {
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    let moves = |b: &str| {
        let all = naive::cram_moves(b).unwrap();
        (all.clone(), all)
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut boards: Vec<String> = vec!["...|...|...".into(), "....|....|....".into()];
    for _ in 0..60 {
        let (r, c) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        boards.push(random_board(&mut rng, r, c, &['.', '.', '.', '#']));
    }
    for b in boards {
        let fast = cram::value(&cram::parse(&b).unwrap(), &mut k).unwrap();
        let slow = brute(&mut k, &b, &moves, &mut memo);
        same_value(&mut k, &b, fast, slow);
        assert!(k.as_nus(fast).is_some(), "{b}: Cram values are nimbers");
    }
}

#[test]
fn clobber_variants_match_the_definition() {
    let mut k = Kernel::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for name in ["kings", "rooks", "knights", "queens"] {
        let piece = piece_of(name);
        let mut memo = HashMap::new();
        let moves = |b: &str| naive::clobber_variant_moves(name, b).unwrap();
        let mut boards: Vec<String> = vec!["xox|oxo|xox".into(), "xo.x|.ox.|o..x".into()];
        for _ in 0..40 {
            let (r, c) = (1 + rng.below(3) as usize, 1 + rng.below(4) as usize);
            boards.push(random_board(&mut rng, r, c, &['.', '.', 'x', 'o']));
        }
        for b in boards {
            let fast =
                gen_clobber::value(&gen_clobber::parse(&b, piece).unwrap(), piece, &mut k).unwrap();
            let slow = brute(&mut k, &b, &moves, &mut memo);
            same_value(&mut k, &format!("{name} {b}"), fast, slow);
        }
    }
}

/// The word encoding of groups within 8×8 (its own groups, anchoring, Rooks' dropped lines,
/// sixteen images) against the general encoding's search on random boards up to 5×5 (ten
/// stones at most), every
/// variant, and on boards wider than 8 whose groups the general rules find and the words take
/// over. A wrong symmetry, sign or group would give some board another value.
#[test]
fn word_groups_match_the_general_search() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for piece in [
        Piece::Clobber,
        Piece::King,
        Piece::Rook,
        Piece::Knight,
        Piece::Queen,
    ] {
        let mut boards: Vec<String> = vec![
            "xo.ox.xo.oxx".into(),
            "xo........ox|.x.......o.o".into(),
            "xoxoxoxoxo".into(),
        ];
        while boards.len() < 60 {
            let (r, c) = (1 + rng.below(5) as usize, 1 + rng.below(5) as usize);
            let b = random_board(&mut rng, r, c, &['.', '.', '.', 'x', 'o']);
            // At most ten stones: the general search of a crowded 5×5 board takes minutes.
            if b.chars().filter(|&ch| ch == 'x' || ch == 'o').count() <= 10 {
                boards.push(b);
            }
        }
        for b in boards {
            let board = gen_clobber::parse(&b, piece).unwrap();
            // Separate kernels, so that neither search reads the other's memo.
            let (mut kf, mut kg) = (Kernel::new(), Kernel::new());
            let fast = gen_clobber::value_threads(&board, piece, &mut kf, 1).unwrap();
            let general = gen_clobber::value_general(&board, piece, &mut kg, 1).unwrap();
            let general = crate::rulesets::search::transfer(
                &mut kg,
                general,
                &mut kf,
                &mut Default::default(),
            )
            .unwrap();
            assert_eq!(fast, general, "{} {b}", piece.name());
        }
    }
}

#[test]
fn sliding_pieces_see_past_empty_rows_and_columns() {
    // A rook's value does not depend on how many empty squares it slides over, and stones on
    // no common line never meet: the groups' keys drop both, and the definition agrees.
    let mut k = Kernel::new();
    for (name, a, b) in [
        ("rooks", "x..o|....|o..x", "xo|ox"),
        ("rooks", "x.o.|....|..x.", "xo|.x"),
        ("queens", "x...|....|..o.", "x..|...|..o"),
    ] {
        let piece = piece_of(name);
        let v = |k: &mut Kernel, t: &str| {
            gen_clobber::value(&gen_clobber::parse(t, piece).unwrap(), piece, k).unwrap()
        };
        let moves = |t: &str| naive::clobber_variant_moves(name, t).unwrap();
        let (va, vb) = (v(&mut k, a), v(&mut k, b));
        assert_eq!(va, vb, "{name}: {a} and {b}");
        assert_eq!(va, brute(&mut k, a, &moves, &mut HashMap::new()), "{a}");
    }
    // A queen reaches along a diagonal; a rook does not.
    let mut k = Kernel::new();
    let one = value_of(&mut k, "1");
    let q = gen_clobber::parse("x.|.o", Piece::Queen).unwrap();
    assert_eq!(
        gen_clobber::value(&q, Piece::Queen, &mut k).unwrap(),
        value_of(&mut k, "{0|0}")
    );
    let r = gen_clobber::parse("x.|.o", Piece::Rook).unwrap();
    assert_eq!(
        gen_clobber::value(&r, Piece::Rook, &mut k).unwrap(),
        k.zero()
    );
    let r = gen_clobber::parse("x.o|...", Piece::Rook).unwrap();
    assert_ne!(gen_clobber::value(&r, Piece::Rook, &mut k).unwrap(), one);
}

#[test]
fn amazons_matches_the_definition() {
    let mut k = Kernel::new();
    let mut memo = HashMap::new();
    let moves = |b: &str| naive::amazons_moves(b).unwrap();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut boards: Vec<String> = vec![
        "x...|o...".into(),
        "x..|...|..o".into(),
        "x#o".into(),
        "x.#.o".into(),
        "x.|#.|.o".into(),
    ];
    for _ in 0..30 {
        let (r, c) = (1 + rng.below(3) as usize, 1 + rng.below(4) as usize);
        let b = random_board(&mut rng, r, c, &['.', '.', '.', '#', 'x', 'o']);
        if b.matches(['x', 'o']).count() <= 3 {
            boards.push(b);
        }
    }
    for b in boards {
        let fast = amazons::value(&amazons::parse(&b).unwrap(), &mut k).unwrap();
        let slow = brute(&mut k, &b, &moves, &mut memo);
        same_value(&mut k, &b, fast, slow);
    }
    // One amazon at the end of a 1×3 strip, by hand: it moves one square and shoots back
    // (`#x.`) or on (`.x#`), each leaving it one more move, worth 1; or two squares, shooting
    // back to the middle (`.#x`, 0) or to the start (`#.x`, then one more move: 1). So
    // {1, 0 | } = 2.
    let g = amazons::value(&amazons::parse("x..").unwrap(), &mut k).unwrap();
    assert_eq!(g, value_of(&mut k, "2"));
    let g = amazons::value(&amazons::parse("o..").unwrap(), &mut k).unwrap();
    assert_eq!(g, value_of(&mut k, "-2"));
}

#[test]
fn producer_and_checker_find_the_same_moves() {
    // The producer's moves, printed, are exactly the naive generator's boards.
    let mut rng = Rng(0x0dd_ba11_cafe_f00d);
    for _ in 0..40 {
        let (r, c) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
        let b = random_board(&mut rng, r, c, &['.', '.', '#']);
        let fast: BTreeSet<String> = cram::moves(&cram::parse(&b).unwrap())
            .iter()
            .map(cram::print)
            .collect();
        assert_eq!(fast, naive::cram_moves(&b).unwrap(), "cram {b}");
        let b = random_board(&mut rng, r, c, &['.', 'x', 'o']);
        for name in ["kings", "rooks", "knights", "queens"] {
            let p = gen_clobber::parse(&b, piece_of(name)).unwrap();
            let side = |left| -> BTreeSet<String> {
                gen_clobber::moves(&p, piece_of(name), left)
                    .iter()
                    .map(gen_clobber::print)
                    .collect()
            };
            assert_eq!(
                (side(true), side(false)),
                naive::clobber_variant_moves(name, &b).unwrap(),
                "{name} {b}"
            );
        }
        let b = random_board(&mut rng, r, c, &['.', '.', '#', 'x', 'o']);
        let p = amazons::parse(&b).unwrap();
        let side = |left| -> BTreeSet<String> {
            amazons::moves(&p, left)
                .iter()
                .map(amazons::print)
                .collect()
        };
        assert_eq!(
            (side(true), side(false)),
            naive::amazons_moves(&b).unwrap(),
            "amazons {b}"
        );
    }
}

#[test]
fn bad_boards_are_placed_and_large_ones_refused() {
    use crate::rulesets::RulesetError;
    let place = |r: Result<(), RulesetError>| match r {
        Err(RulesetError::Input(p)) => (p.line, p.column, p.message),
        other => panic!("{other:?}"),
    };
    let (l, c, m) = place(cram::parse("..|.x").map(|_| ()));
    assert_eq!((l, c), (1, 5), "{m}");
    assert!(m.contains("Cram board"), "{m}");
    let (_, c, m) = place(gen_clobber::parse("xo|oX", Piece::King).map(|_| ()));
    assert_eq!(c, 5);
    assert!(m.contains("Kings board") && m.contains("write 'x'"), "{m}");
    let (_, c, m) = place(amazons::parse("x.|o..").map(|_| ()));
    assert_eq!(c, 4, "{m}");
    let (_, c, _) = place(amazons::parse("x.@o").map(|_| ()));
    assert_eq!(c, 3);
    // Clobber variants have no burnt squares.
    let (_, c, _) = place(gen_clobber::parse("x#o", Piece::Rook).map(|_| ()));
    assert_eq!(c, 2);
    let big = vec![".".repeat(12); 11].join("|");
    assert!(matches!(cram::parse(&big), Err(RulesetError::Kernel(_))));
    assert!(matches!(amazons::parse(&big), Err(RulesetError::Kernel(_))));
}

/// The table's canonical forms remembered by their options' values (`Rules::memo_options`,
/// the Clobber variants') against the definition on random boards up to 4×4: a wrong key (a
/// side's options mixed with the other's, or two lists of the same ids in another split) would
/// give some part the value of another. The outcome class read off the value is checked
/// against the definition's too.
mod options_memo {
    use super::*;
    use crate::rulesets::search::{self, Table};
    use proptest::prelude::*;

    fn board() -> impl Strategy<Value = (usize, String)> {
        let cell = prop_oneof![3 => Just('.'), 2 => Just('x'), 2 => Just('o')];
        (0usize..4, 1usize..=4, 1usize..=4).prop_flat_map(move |(p, h, w)| {
            (
                Just(p),
                proptest::collection::vec(cell.clone(), h * w).prop_map(move |cells| {
                    cells
                        .chunks(w)
                        .map(|r| r.iter().collect::<String>())
                        .collect::<Vec<_>>()
                        .join("|")
                }),
            )
        })
    }

    /// The search's value of board `b` of `piece`, on one thread, its parts in `table`.
    fn searched(
        piece: Piece,
        b: &str,
        table: &mut Table<gen_clobber::Stones>,
        k: &mut Kernel,
    ) -> crate::kernel::GameId {
        let stones = gen_clobber::stones_of(&gen_clobber::parse(b, piece).unwrap());
        search::value_parallel(
            &gen_clobber::Fast(piece),
            std::slice::from_ref(&stones),
            table,
            k,
            1,
        )
        .unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]
        #[test]
        fn remembered_forms_match_the_definition((p, b) in board()) {
            let name = ["kings", "rooks", "knights", "queens"][p];
            // At most nine stones, so the definition on whole boards stays quick.
            prop_assume!(b.chars().filter(|&c| c != '.' && c != '|').count() <= 9);
            let piece = piece_of(name);
            let mut k = Kernel::new();
            let mut table = Table::for_kernel(&k);
            let fast = searched(piece, &b, &mut table, &mut k);
            let moves = |t: &str| naive::clobber_variant_moves(name, t).unwrap();
            let slow = brute(&mut k, &b, &moves, &mut HashMap::new());
            prop_assert_eq!(fast, slow, "{} {}: {} vs {}", name, b, show(&mut k, fast), show(&mut k, slow));
            prop_assert_eq!(k.outcome(fast).unwrap(), k.outcome(slow).unwrap());
        }
    }

    /// On a crowded board the memo answers for many parts (the shortcut runs), and the value
    /// is still the definition's.
    #[test]
    fn the_memo_answers_on_a_crowded_board() {
        for (name, b) in [("kings", "xoxo|oxox|xo.."), ("queens", "xox.|oox.|x.ox")] {
            let piece = piece_of(name);
            let mut k = Kernel::new();
            let mut table = Table::for_kernel(&k);
            let fast = searched(piece, b, &mut table, &mut k);
            assert!(
                table.by_options_hits > 0,
                "{name} {b}: {} parts",
                table.solved
            );
            let moves = |t: &str| naive::clobber_variant_moves(name, t).unwrap();
            let slow = brute(&mut k, b, &moves, &mut HashMap::new());
            assert_eq!(fast, slow, "{name} {b}");
        }
    }
}
