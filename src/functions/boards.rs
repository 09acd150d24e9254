//! Rulesets whose position is one quoted text, as functions: `domineering("..|..")`,
//! `clobber("xo")`, `toads("T.F")`, `hackenbush("LR")`, and CGSuite's boards, strips and graphs
//! (`cram`, `kings`, `rooks`, `knights`, `queens`, `amazons`, `anti_clobber`,
//! `toads_and_frogs`, `elephants_and_rhinos`, `toppling_dominoes`, `snort`, `col`,
//! `arc_kayles`, `partizan_arc_kayles`, `childish_hackenbush`), each written as CGSuite writes it.
//!
//! Each is one static [`Board`] saying only what is particular to it: the reader and the
//! search of `crate::rulesets`, each player's options as the opening writes them, the opening's
//! rule, sentence and reference, the independent check (a naive move generator of a `*_check`
//! module, which shares nothing with the search but the position's reader) and, for a reader of
//! an opening step, its moves in words. What every such ruleset does alike — reading the one
//! text argument, wording its errors, framing the opening as `{left options | right options}`
//! with repeats dropped, refusing other arguments in the check — is [`Board`]'s one
//! [`Function`] impl. To add a ruleset, write its static here (its options usually
//! `Reached(module::moves)`: the positions one move reaches, each written back by `print` as a
//! call of the ruleset), its naive check in a `*_check` module, and list it in
//! [`super::REGISTRY`]; [`CLOBBER`] is the pattern.

use super::rulesets::{
    game_of, kernel_error, opening, picture_call, read_text, text_call, text_check,
};
use super::{cgsuite_rulesets_check, graph_games_check, grid_games_check as grid_check};
use super::{more_rulesets_check, rulesets_check as naive, Function, Move, Opening};
use crate::kernel::{GameId, Kernel, KernelError};
use crate::rulesets::gen_clobber::{self, Piece};
use crate::rulesets::position::graph::GraphText;
use crate::rulesets::{amazons, anti_clobber as ac, arc_kayles, clobber, col, cram, domineering};
use crate::rulesets::{elephants_and_rhinos as er, hackenbush, partizan_arc_kayles as pak};
use crate::rulesets::{toads, toppling_dominoes as td, RulesetError};
use crate::term::{Arg, Term};

/// Each player's options, Left's first, as an opening writes them.
pub(super) type Sides = (Vec<Term>, Vec<Term>);

/// A ruleset whose position is one quoted text, by what is particular to it (module docs).
pub(super) struct Board<P: 'static> {
    pub name: &'static str,
    pub usage: &'static str,
    pub summary: &'static str,
    /// The position's reader (the grammars of docs/POSITIONS.md).
    pub read: fn(&str) -> Result<P, RulesetError>,
    /// Its value by the ruleset's search.
    pub value: fn(&P, &mut Kernel) -> Result<GameId, RulesetError>,
    /// A position as the opening writes it: in its options' calls, and for `{}` in `says`.
    pub print: fn(&P) -> String,
    /// Each player's options as the opening writes them.
    pub options: Options<P>,
    /// The opening's rule name.
    pub rule: &'static str,
    /// The opening's sentence, `{}` standing for the position.
    pub says: &'static str,
    /// Where the rules come from.
    pub cite: &'static str,
    /// The independent check of an opening, from the position's text.
    pub check: fn(&str, &Term) -> Result<(), String>,
    /// The moves in words, from the position's text, when the ruleset describes them.
    pub moves: Option<Described>,
}

/// A ruleset's moves in words, from the position's text.
type Described = fn(&str) -> Option<Vec<Move>>;

/// How an opening writes a position's options.
pub(super) enum Options<P: 'static> {
    /// The positions the moves reach (Left's when `true`), each a call of the ruleset's name
    /// on the position as `print` writes it: the usual way.
    Reached(fn(&P, bool) -> Vec<P>),
    /// Written otherwise (as sums of regions, 0 for an empty position, with a limit).
    Written(fn(&P) -> Result<Sides, RulesetError>),
}

use Options::{Reached, Written};

impl<P: 'static> Function for Board<P> {
    described_by_fields!();
    fn value(&self, a: &[Arg], kernel: &mut Kernel) -> Result<GameId, KernelError> {
        let p = read_text(self, a, self.read)?;
        (self.value)(&p, kernel).map_err(|e| kernel_error(self.name, e))
    }
    fn open(&self, a: &[Arg], _kernel: &mut Kernel) -> Result<Option<Opening>, KernelError> {
        let p = read_text(self, a, self.read)?;
        let (left, right) = match self.options {
            Reached(moves) => sides(|l| moves(&p, l), |q| text_call(self.name, (self.print)(q))),
            Written(options) => options(&p).map_err(|e| kernel_error(self.name, e))?,
        };
        let says = self.says.replacen("{}", &(self.print)(&p), 1);
        Ok(opening(game_of(left, right), self.rule, says, self.cite))
    }
    fn moves(&self, a: &[Arg]) -> Option<Vec<Move>> {
        let [Arg::Text(text)] = a else { return None };
        self.moves?(text)
    }
    fn check_open(&self, a: &[Arg], term: &Term) -> Option<Result<(), String>> {
        text_check(self, a, |t| (self.check)(t, term))
    }
}

/// Each player's options: the positions `moves(left)` reaches, each written by `term`.
pub(super) fn sides<P>(moves: impl Fn(bool) -> Vec<P>, term: impl Fn(&P) -> Term) -> Sides {
    let side = |left| moves(left).iter().map(&term).collect();
    (side(true), side(false))
}

/// A region's bit-board in the board notation (`.` empty, `#` filled).
fn board_text(b: &domineering::Board) -> String {
    let (w, h) = (b.shape.w as usize, b.shape.h as usize);
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if b.empty & crate::rulesets::grid::bit(w, r, c) != 0 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A Domineering position as its opening writes an option: the sum of its regions, each in its
/// least orientation (negated when transposed), in a fixed order; 0 when none is left. (The
/// page names the move that gives each option by it, `serve::marks`.)
pub(crate) fn domineering_option(q: &domineering::Position) -> Result<Term, RulesetError> {
    let mut parts: Vec<Term> = q
        .regions()?
        .iter()
        .map(|r| {
            let (b, negated) = r.canonical();
            let c = text_call("domineering", board_text(&b));
            if negated {
                Term::neg(c)
            } else {
                c
            }
        })
        .collect();
    parts.sort_by(Term::structural_cmp);
    Ok(parts
        .into_iter()
        .reduce(Term::sum)
        .unwrap_or_else(Term::zero))
}

/// The rulesets, a static each, by what is particular to them: [`Board`]'s fields, a few to a
/// line (a table of data).
macro_rules! boards {
    ($($(#[$doc:meta])* $static:ident: $p:ty = { $($field:tt)* })*) => {$(
        $(#[$doc])*
        pub static $static: Board<$p> = Board { $($field)* };
    )*
        /// Every sentence of the statics above, for the tests.
        #[cfg(test)]
        fn sentences() -> Vec<&'static str> {
            vec![$($static.says),*]
        }
    };
}

boards! {
    /// `domineering("..#|...")`.
    DOMINEERING: domineering::Position = {
        name: "domineering", rule: "domineering", usage: "domineering(\"..#|...\")",
        read: domineering::Position::parse, value: domineering::value,
        print: domineering::Position::print,
        // Each option is written as the sum of its regions, each in its least orientation (a
        // transposed one negated): regions no domino can join are independent, and a reflection
        // keeps the value while a transposition swaps the players. So a position met again in
        // another place or orientation is one call, proved once.
        options: Written(|p| {
            let side = |left| -> Result<Vec<Term>, _> {
                let options = domineering::options(p, left);
                options.iter().map(domineering_option).collect()
            };
            Ok((side(true)?, side(false)?))
        }),
        check: naive::domineering, moves: Some(domineering_moves),
        summary: "a Domineering board (rows separated by |, . empty, # filled; Left places vertical dominoes, Right horizontal)",
        says: "The Domineering board {} is the game of its moves: Left places a vertical domino, Right a horizontal one; each position reached is the sum of its regions, each turned to its least orientation (negated when transposed)",
        cite: "Winning Ways (Domineering); CGSuite's notation",
    }

    /// `clobber("xo.|ox.")`.
    CLOBBER: clobber::Board = {
        name: "clobber", rule: "clobber", usage: "clobber(\"xo.|ox.\")", read: clobber::parse,
        value: clobber::value, print: clobber::print, options: Reached(clobber::moves),
        check: grid_check::clobber, moves: Some(clobber_moves),
        summary: "a Clobber board (x Left's stone, o Right's, . empty; a stone clobbers an adjacent enemy stone)",
        says: "The Clobber board {} is the game of its moves: a stone moves onto an adjacent stone of the other colour, which is removed",
        cite: "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber (2005)",
    }

    /// `toads("TT..FF")`.
    TOADS: toads::Row = {
        name: "toads", rule: "toads", usage: "toads(\"TT..FF\")", read: toads::parse,
        value: |r, k| toads::value(r, k), print: |r| toads::print(r),
        options: Reached(|r, l| toads::moves(r, l)), check: naive::toads, moves: Some(toads_moves),
        summary: "a Toads and Frogs row (T Left's toads move right, F Right's frogs move left, . empty)",
        says: "The Toads and Frogs row {} is the game of its moves: a toad steps or jumps a frog to the right, a frog steps or jumps a toad to the left",
        cite: "Winning Ways (Toads and Frogs)",
    }

    /// `hackenbush("LRE")`.
    HACKENBUSH: hackenbush::Picture = {
        name: "hackenbush", rule: "hackenbush",
        usage: "hackenbush(\"LRE\") or hackenbush(\"_ L a R b, a E c\")",
        read: hackenbush::Picture::parse, value: hackenbush::value,
        print: hackenbush::Picture::print,
        options: Written(|p| Ok(sides(|l| p.moves(l), |q| picture_call("hackenbush", q)))),
        check: naive::hackenbush, moves: Some(hackenbush_moves),
        summary: "a Hackenbush picture: a string of L/R/E edges from the ground, a tree L(R,E), or paths between named nodes with _ the ground",
        says: "The Hackenbush picture {} is the game of its cuts: Left cuts an L or E edge, Right an R or E edge, and what no longer reaches the ground falls",
        cite: "Winning Ways, vol. 1 (Hackenbush, as seed 001 cites it); seed 001 (Hackenstrings)",
    }

    /// `childish_hackenbush("l(l;rl)")`.
    CHILDISH_HACKENBUSH: hackenbush::Picture = {
        name: "childish_hackenbush", rule: "childish-hackenbush",
        usage: "childish_hackenbush(\"l(l;rl)\")", read: hackenbush::Picture::parse,
        value: |p, k| hackenbush::value_of(p, true, k), print: hackenbush::Picture::print,
        options: Written(|p| {
            let options = |l| p.moves_of(l, true);
            Ok(sides(options, |q| picture_call("childish_hackenbush", q)))
        }),
        check: graph_games_check::childish_hackenbush, moves: None,
        summary: "a Childish Hackenbush picture (as hackenbush's; a blue or red edge may be cut only if nothing falls)",
        says: "The Childish Hackenbush picture {} is the game of its cuts: Left cuts a blue edge whose cut drops nothing or any green edge, Right likewise a red or green one",
        cite: "CGSuite's games on graphs (game.graph.ChildishHackenbush); Winning Ways (Hackenbush)",
    }

    /// `cram("...|.#.")`: impartial, so both players' options are the same.
    CRAM: cram::Board = {
        name: "cram", rule: "cram", usage: "cram(\"...|.#.\")", read: cram::parse,
        value: cram::value, print: cram::print, options: Reached(|b, _| cram::moves(b)),
        check: grid_check::cram, moves: None,
        summary: "a Cram board (rows separated by |, . empty, # filled; either player places a domino either way): a nimber",
        says: "The Cram board {} is the impartial game of its moves: either player places a domino on two adjacent empty squares, across or down",
        cite: "CGSuite (game.grid.Cram, Domineering's impartial variant)",
    }

    /// `amazons("x..#|....|.#.o")`.
    AMAZONS: amazons::Board = {
        name: "amazons", rule: "amazons", usage: "amazons(\"x..#|....|.#.o\")",
        read: amazons::parse, value: amazons::value, print: amazons::print,
        options: Reached(amazons::moves), check: grid_check::amazons, moves: None,
        summary: "an Amazons board (x Left's amazon, o Right's, . empty, # burnt; an amazon moves like a queen, then shoots an arrow like one)",
        says: "The Amazons board {} is the game of its moves: an amazon moves like a chess queen over empty squares, then shoots an arrow the same way from where it lands, burning the square the arrow reaches",
        cite: "CGSuite (game.grid.Amazons)",
    }

    /// `anti_clobber("xoxo|oo..")`.
    ANTI_CLOBBER: ac::Board = {
        name: "anti_clobber", rule: "anti_clobber", usage: "anti_clobber(\"xoxo|oo..\")",
        read: ac::parse, value: ac::value, print: ac::print, options: Reached(ac::moves),
        check: cgsuite_rulesets_check::anti_clobber, moves: None,
        summary: "Anti-Clobber: a stone moves orthogonally onto an empty square, leaving an enemy stone behind (x Left's, o Right's, . empty, # blocked; rows separated by |): CGSuite's game.grid.AntiClobber",
        says: "The Anti-Clobber board {} is the game of its moves: a player's stone steps onto an adjacent empty square and an opponent's stone appears where it stood",
        cite: "CGSuite game.grid.AntiClobber (GenClobber played backwards)",
    }

    /// `toads_and_frogs("tt..ff")`: Toads and Frogs in CGSuite's strip language.
    TOADS_AND_FROGS: er::Strip = {
        name: "toads_and_frogs", rule: "toads_and_frogs", usage: "toads_and_frogs(\"tt..ff\")",
        read: er::parse,
        // The same encoding as `toads`' rows: 0 empty, 1 toad, 2 frog.
        value: |s, k| toads::value(s, k),
        print: |s| er::print(s), options: Reached(|s, l| toads::moves(s, l)),
        check: |t, term| cgsuite_rulesets_check::strip("toads_and_frogs", true, t, term),
        moves: None,
        summary: "Toads and Frogs in CGSuite's strip language (t Left's toads move right, f Right's frogs move left, one step or a jump over one of the other's; . empty): CGSuite's game.strip.ToadsAndFrogs; toads(\"TT..FF\") is the same game",
        says: "The Toads and Frogs strip {} is the game of its moves: a toad steps or jumps a frog to the right, a frog steps or jumps a toad to the left",
        cite: "Winning Ways (Toads and Frogs); CGSuite game.strip.ToadsAndFrogs",
    }

    /// `elephants_and_rhinos("tt..ff")`: Toads and Frogs without jumps.
    ELEPHANTS_AND_RHINOS: er::Strip = {
        name: "elephants_and_rhinos", rule: "elephants_and_rhinos",
        usage: "elephants_and_rhinos(\"tt..ff\")", read: er::parse, value: |s, k| er::value(s, k),
        print: |s| er::print(s), options: Reached(|s, l| er::moves(s, l)),
        check: |t, term| cgsuite_rulesets_check::strip("elephants_and_rhinos", false, t, term),
        moves: None,
        summary: "Elephants and Rhinos: Toads and Frogs without jumps (t Left's elephants step right, f Right's rhinos step left, . empty): CGSuite's game.strip.ElephantsAndRhinos",
        says: "The Elephants and Rhinos strip {} is the game of its moves: an elephant steps right, a rhino steps left, into an empty square",
        cite: "CGSuite game.strip.ElephantsAndRhinos (GenToadsAndFrogs with maxJump 0)",
    }

    /// `toppling_dominoes("lre.")`.
    TOPPLING_DOMINOES: td::Strip = {
        name: "toppling_dominoes", rule: "toppling-dominoes",
        usage: "toppling_dominoes(\"lrrlrrl\")", read: td::parse, value: |s, k| td::value(s, k),
        print: |s| td::print(s), options: Reached(|s, l| td::moves(s, l)),
        check: more_rulesets_check::toppling_dominoes, moves: None,
        summary: "a Toppling Dominoes strip (l Left's, r Right's, e grey, . empty): topple one of yours left or right, knocking down that whole side",
        says: "The Toppling Dominoes strip {} is the game of its moves: a player topples one of its own or a grey domino left or right, knocking down every square on that side",
        cite: "Fink, Nowakowski, Siegel, Wolfe, Toppling Conjectures (2015); CGSuite game.strip.TopplingDominoes",
    }

    /// `snort("L-.-.")`.
    SNORT: Graph = {
        name: "snort", rule: "snort", usage: "snort(\"L-.-.\")",
        read: |t| graph(|t| col::read(col::Game::Snort, t), t),
        value: |(g, _), k| col::value(col::Game::Snort, g, k), print: |(_, text)| text.clone(),
        options: Written(|g| col_options(col::Game::Snort, g)), check: graph_games_check::snort,
        moves: None,
        summary: "a Snort position in CGSuite's graph notation (colour a vertex; adjacent vertices never differ in colour; L, R tinted vertices)",
        says: "The Snort position {} is the game of its moves: Left colours a vertex not next to a red one, Right one not next to a blue one; a coloured vertex leaves, its neighbours tinted",
        cite: "Winning Ways (Snort); CGSuite's games on graphs (game.graph.Snort)",
    }

    /// `col("L-.-R")`.
    COL: Graph = {
        name: "col", rule: "col", usage: "col(\"L-.-R\")",
        read: |t| graph(|t| col::read(col::Game::Col, t), t),
        value: |(g, _), k| col::value(col::Game::Col, g, k), print: |(_, text)| text.clone(),
        options: Written(|g| col_options(col::Game::Col, g)), check: graph_games_check::col,
        moves: None,
        summary: "a Col position in CGSuite's graph notation (colour a vertex; adjacent vertices never share a colour; L, R tinted vertices)",
        says: "The Col position {} is the game of its moves: Left colours a vertex not next to a blue one, Right one not next to a red one; a coloured vertex leaves, its neighbours tinted",
        cite: "Winning Ways (Col); CGSuite's games on graphs (game.graph.Col)",
    }

    /// `arc_kayles("---")`: impartial, so both players' options are the same.
    ARC_KAYLES: Graph = {
        name: "arc_kayles", rule: "arc-kayles", usage: "arc_kayles(\"---\")",
        read: |t| graph(arc_kayles::read, t), value: |(g, _), k| arc_kayles::value(g, k),
        print: |(_, text)| text.clone(),
        options: Written(|(g, text)| {
            let board = arc_kayles::board(g)?;
            if board.edges.len() > MAX_LISTED {
                return Err(too_many("arc_kayles", text));
            }
            let opts = board.moves(board.start(), true);
            let term = |&q: &_| if q == 0 { Term::zero() } else { text_call("arc_kayles", board.print(q)) };
            Ok(sides(|_| opts.clone(), term))
        }),
        check: graph_games_check::arc_kayles, moves: None,
        summary: "an Arc Kayles position in CGSuite's graph notation (remove an edge's two ends; impartial)",
        says: "The Arc Kayles position {} is the impartial game of its moves: remove the two ends of an edge",
        cite: "Winning Ways (Arc Kayles); CGSuite's games on graphs (game.graph.ArcKayles)",
    }

    /// `partizan_arc_kayles("lr(e;l)")`.
    PARTIZAN_ARC_KAYLES: GraphText = {
        name: "partizan_arc_kayles", rule: "partizan_arc_kayles",
        usage: "partizan_arc_kayles(\"lr(e;l)\")", read: pak::read, value: pak::value,
        print: |_| String::new(),
        options: Written(|g| {
            let board = pak::Board::new(g)?;
            let options = |l| board.moves(board.start(), l);
            Ok(sides(options, |&p| text_call("partizan_arc_kayles", board.print(p))))
        }),
        check: graph_games_check::partizan_arc_kayles, moves: None,
        summary: "Partizan Arc Kayles on a graph in CGSuite's notation with edges l (Left's), r (Right's), e (either's): take an edge of yours, removing both its ends (CGSuite's game.graph.PartizanArcKayles)",
        says: "A Partizan Arc Kayles graph is the game of its moves: a player takes an edge of their colour or a green one, removing both its ends and every edge at them",
        cite: "CGSuite game.graph.PartizanArcKayles",
    }
}

fn domineering_moves(text: &str) -> Option<Vec<Move>> {
    let p = domineering::Position::parse(text).ok()?;
    let mut out = Vec::new();
    for (left, player) in [(true, "Left"), (false, "Right")] {
        for q in domineering::options(&p, left) {
            // The domino's squares: empty before, filled after (row, column from 1).
            let cells: Vec<[usize; 2]> = (0..p.empty.len())
                .filter(|&i| p.empty[i] && !q.empty[i])
                .map(|i| [i / p.width.max(1) + 1, i % p.width.max(1) + 1])
                .collect();
            let squares: Vec<String> = cells.iter().map(|[r, c]| format!("({r}, {c})")).collect();
            out.push(Move {
                player,
                // Left's domino is vertical, Right's horizontal (the page says so once).
                words: format!("covers {}", squares.join("–")),
                // The board the move leaves, as a call onag reads back to the option's
                // value: the option itself is written region by region, a Right move's
                // regions often turned (negated transposes), which a student cannot
                // match with the board drawn.
                leaves: Some(text_call("domineering", q.print())),
                board: Some(q.print()),
                cells,
                option: domineering_option(&q).ok()?,
            });
        }
    }
    Some(out)
}

/// Each move as the squares it joins, (row, column) from the top left as Domineering's are:
/// "moves the x on (1, 1) onto the o on (1, 2), clobbering it", drawn as the board it leaves
/// (the mover's stone now on the square it clobbered).
fn clobber_moves(text: &str) -> Option<Vec<Move>> {
    let b = clobber::parse(text).ok()?;
    let w = usize::from(b.shape.w).max(1);
    let place = |i: usize| [i / w + 1, i % w + 1];
    let mut out = Vec::new();
    for (left, player, (mine, theirs)) in [(true, "Left", ('x', 'o')), (false, "Right", ('o', 'x'))]
    {
        let before = if left { b.x } else { b.o };
        for q in clobber::moves(&b, left) {
            let after = if left { q.x } else { q.o };
            // The mover's stone leaves one square and stands on another, the clobbered one.
            let from = (before & !after).trailing_zeros() as usize;
            let to = (after & !before).trailing_zeros() as usize;
            let (f, t) = (place(from), place(to));
            out.push(Move {
                leaves: None,
                player,
                words: format!(
                    "moves the {mine} on ({}, {}) onto the {theirs} on ({}, {}), clobbering it",
                    f[0], f[1], t[0], t[1]
                ),
                board: Some(clobber::print(&q)),
                cells: vec![f, t],
                option: text_call("clobber", clobber::print(&q)),
            });
        }
    }
    Some(out)
}

fn toads_moves(text: &str) -> Option<Vec<Move>> {
    let row = toads::parse(text).ok()?;
    let mut out = Vec::new();
    for (left, player, piece) in [(true, "Left", "toad"), (false, "Right", "frog")] {
        for q in toads::moves(&row, left) {
            // The square left and the square reached (from 1), read off the two rows.
            let was: Vec<usize> = (0..row.len())
                .filter(|&i| row[i] != 0 && q[i] == 0)
                .collect();
            let now: Vec<usize> = (0..row.len())
                .filter(|&i| row[i] == 0 && q[i] != 0)
                .collect();
            let (&[from], &[to]) = (was.as_slice(), now.as_slice()) else {
                return None;
            };
            let how = if from.abs_diff(to) == 1 {
                "steps"
            } else {
                "jumps"
            };
            out.push(Move {
                leaves: None,
                player,
                words: format!(
                    "the {piece} on square {} {how} to square {}",
                    from + 1,
                    to + 1
                ),
                board: Some(toads::print(&q)),
                cells: vec![[1, to + 1]],
                option: text_call("toads", toads::print(&q)),
            });
        }
    }
    Some(out)
}

/// A Hackenbush string's cuts in words: which edge, counted up from the ground, and the string
/// left standing (what was above the cut falls). Pictures that are not one string have no
/// words here.
fn hackenbush_moves(text: &str) -> Option<Vec<Move>> {
    use hackenbush::Colour;
    let p = hackenbush::Picture::parse(text).ok()?;
    let colours = p.as_string()?;
    let letter = |c: &Colour| match c {
        Colour::L => 'L',
        Colour::R => 'R',
        Colour::E => 'E',
    };
    let mut out = Vec::new();
    for (left, player) in [(true, "Left"), (false, "Right")] {
        for q in p.moves(left) {
            // A cut at edge k (from 0) of a string leaves exactly the k edges below it.
            let rest = q.as_string()?;
            let k = rest.len();
            let colour = match colours.get(k)? {
                Colour::L => "blue (L)",
                Colour::R => "red (R)",
                Colour::E => "green (E)",
            };
            let fall = match colours.len() - k - 1 {
                0 => String::new(),
                1 => " (the edge above falls)".to_string(),
                n => format!(" (the {n} edges above fall)"),
            };
            let left_standing = if rest.is_empty() {
                "nothing".to_string()
            } else {
                format!("\"{}\"", rest.iter().map(letter).collect::<String>())
            };
            let words = format!(
                "cuts the {colour} edge {} up from the ground{fall}, leaving {left_standing}",
                k + 1
            );
            out.push(Move::in_words(
                player,
                words,
                picture_call("hackenbush", &q),
            ));
        }
    }
    Some(out)
}

/// The four Clobber variants of CGSuite's `GenClobber`, a static each: the language, search
/// and check are `gen_clobber`'s and `grid_check`'s for the piece; only the words differ.
macro_rules! gen_clobber {
    ($($static:ident: $name:literal, $piece:ident, $title:literal, $with:literal, $moves:literal;)*) => {$(
        #[doc = concat!("`", $name, "(\"xox|ox.\")`.")]
        pub static $static: Board<gen_clobber::Board> = Board {
            name: $name,
            usage: concat!($name, "(\"xox|ox.\")"),
            summary: concat!("a ", $title, " board (Clobber with ", $with,
                ": x Left's stone, o Right's, . empty)"),
            read: |t| gen_clobber::parse(t, Piece::$piece),
            value: |b, k| gen_clobber::value(b, Piece::$piece, k),
            print: gen_clobber::print,
            options: Reached(|b, l| gen_clobber::moves(b, Piece::$piece, l)),
            rule: $name,
            says: concat!("The ", $title, " board {} is the game of its moves: a stone moves ",
                $moves, " onto a stone of the other colour, which is removed"),
            cite: "CGSuite (game.grid.GenClobber: Kings, Rooks, Knights, Queens); Clobber, §1 (the rules)",
            check: |t, term| grid_check::clobber_variant($name, t, term),
            moves: None,
        };
    )*};
}

gen_clobber! {
    KINGS: "kings", King, "Kings", "a king's moves", "one square in any of the eight directions";
    ROOKS: "rooks", Rook, "Rooks", "a rook's moves over empty squares",
        "along its row or column over empty squares";
    KNIGHTS: "knights", Knight, "Knights", "a knight's jumps", "by a knight's jump";
    QUEENS: "queens", Queen, "Queens", "a queen's moves over empty squares",
        "along its row, column or a diagonal over empty squares";
}

/// Most options an opening of a graph lists (one per vertex or edge: a graph the search takes
/// has far fewer).
const MAX_LISTED: usize = 10_000;

/// Too many options of the graph `text` to list.
fn too_many(name: &str, text: &str) -> RulesetError {
    RulesetError::Kernel(KernelError::TooLarge {
        what: format!("{name}: the options of {text:?} (at most {MAX_LISTED} are listed)"),
    })
}

/// A graph as read, beside its text as written (which its opening's sentence quotes).
type Graph = (GraphText, String);

/// The graph `text` read by `read`, kept beside its text.
fn graph(
    read: fn(&str) -> Result<GraphText, RulesetError>,
    text: &str,
) -> Result<Graph, RulesetError> {
    Ok((read(text)?, text.to_string()))
}

/// The options of a Col or Snort position: a coloured vertex leaves, its neighbours tinted;
/// 0 when no vertex is left.
fn col_options(game: col::Game, (g, text): &Graph) -> Result<Sides, RulesetError> {
    let board = col::Board::new(game, g)?;
    let start = board.start();
    let name = game.name();
    let (left, right) = sides(
        |l| board.moves(&start, l),
        |q| {
            if q.alive == 0 {
                Term::zero()
            } else {
                text_call(name, board.print(q))
            }
        },
    );
    if left.len() + right.len() > MAX_LISTED {
        return Err(too_many(name, text));
    }
    Ok((left, right))
}

/// The outcome class of `t` when it is a call of a Clobber variant (`clobber`, `kings`,
/// `rooks`, `knights`, `queens`), found by play (`crate::rulesets::outcome`) without the
/// canonical value; `None` for any other term, or when the search met its ceiling of
/// positions (a board of many independent regions), so that the caller takes the value.
pub fn outcome_by_play(k: &mut Kernel, t: &Term) -> Result<Option<&'static str>, KernelError> {
    let Term::Call { name, args: a } = t else {
        return Ok(None);
    };
    let pieces = [
        Piece::Clobber,
        Piece::King,
        Piece::Rook,
        Piece::Knight,
        Piece::Queen,
    ];
    let Some(piece) = pieces.into_iter().find(|p| p.name() == name) else {
        return Ok(None);
    };
    let [Arg::Text(text)] = a.as_slice() else {
        return Ok(None);
    };
    let b = gen_clobber::parse(text, piece).map_err(|e| kernel_error(name, e))?;
    let o = crate::rulesets::outcome::outcome(
        &gen_clobber::GenClobber(piece),
        &b,
        k,
        crate::rulesets::outcome::MAX_POSITIONS,
    )?;
    Ok(o.map(|o| o.letter()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `open` writes the position into the sentence by replacing its first `{}`: every sentence
    /// but Partizan Arc Kayles' (which names no position) has exactly one, and no other brace.
    #[test]
    fn each_sentence_has_one_place_for_its_position() {
        let says = sentences()
            .into_iter()
            .filter(|&s| s != PARTIZAN_ARC_KAYLES.says);
        for s in says.chain([KINGS.says, ROOKS.says, KNIGHTS.says, QUEENS.says]) {
            assert_eq!(s.matches("{}").count(), 1, "{s}");
            assert_eq!(s.matches(['{', '}']).count(), 2, "{s}");
        }
        assert!(!PARTIZAN_ARC_KAYLES.says.contains(['{', '}']));
    }

    /// The opening of a board names the position as its `print` writes it back, and lists the
    /// positions its moves reach as calls that read back to the same positions.
    #[test]
    fn an_opening_says_its_position_and_lists_calls_of_its_name() {
        let mut k = Kernel::new();
        let a = [Arg::Text("xo.|ox.".into())];
        let o = CLOBBER.open(&a, &mut k).unwrap().unwrap();
        assert!(
            o.says.starts_with("The Clobber board xo.|ox. is the game"),
            "{}",
            o.says
        );
        let Term::Game { left, right } = &o.term else {
            panic!("{:?}", o.term)
        };
        // Left's x on (1, 1) clobbers (1, 2) or (2, 1); x on (2, 2) clobbers (1, 2) or (2, 1).
        assert_eq!((left.len(), right.len()), (4, 4));
        for t in left.iter().chain(right) {
            let Term::Call { name, args } = t else {
                panic!("{t:?}")
            };
            assert_eq!(name, "clobber");
            let [Arg::Text(board)] = args.as_slice() else {
                panic!("{t:?}")
            };
            assert_eq!(clobber::print(&clobber::parse(board).unwrap()), *board);
        }
        assert_eq!(CLOBBER.check_open(&a, &o.term), Some(Ok(())));
    }
}
